"""Number Link pictures as PNG, drawn from arrays in bulk.

A cell's pixels depend only on the cell: which way its line comes in and goes out (or none), whether it is an
endpoint, and its pair's colour and label. So the picture is made of *tiles*: each of the 52 kinds of cell is
drawn once with Pillow, at the cell size, in a small picture of its neighbourhood (the line, its rounded turns,
the dots at the cell centres and the endpoint disc, as a whole drawing makes them), and the board is then painted
from the tiles with numpy, a band of rows at a time, each cell in its pair's colour. Labels are drawn once per
pair and blended in white onto both endpoints. The rows are compressed as they are painted, into an RGB PNG
file: no whole image is held. A board of a million cells is drawn in a second, not a minute, and with cells of
:data:`LABEL_MIN_CELL` pixels or more the picture is the one Pillow draws line by line, pixel for pixel (but for
labels wider than their cell, cut at its border where they were white on white).

By default the cell size is chosen by :func:`~tremaux.numberlink.draw.common.picture_cell`, so that the picture
keeps within :data:`~tremaux.numberlink.draw.common.MAX_PICTURE_PIXELS` pixels. Labels are written in cells of
:data:`LABEL_MIN_CELL` pixels or more; smaller cells show the endpoint discs without them.

Examples
--------
>>> from tremaux.numberlink import to_png
>>> from tremaux.numberlink import Puzzle
>>> to_png(Puzzle.from_rows(["1.1"]))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import functools
import io
import struct
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from ... import budget
from ...errors import InvalidSizeError
from ..model import Puzzle
from ..result import Linking
from .common import _style, _unpack, colour, palette_rgb

__all__ = ["to_png", "png_bytes", "LABEL_MIN_CELL", "PNG_PIXEL_BYTES", "BAND_PIXELS", "BAND_BYTES", "CELL_BYTES",
           "QUICK_PNG_PIXELS"]

LABEL_MIN_CELL = 10
"""Smallest cell, in pixels, whose endpoint disc holds its label: the label's font is at least 8 pixels high, and
a smaller disc would be covered by it."""

BAND_PIXELS = 1 << 21
"""Pixels of the band of rows painted at a time."""

BAND_BYTES = 10
"""Peak bytes per pixel of the band of rows painted at a time (measured 9.5 on a board of endpoints only: its rows,
the tiles they are painted from, and the labels blended in a few cells at a time)."""

CELL_BYTES = 64
"""Peak bytes per cell of the board's arrays the picture is painted from (each cell's kind and pair, and the
lines' cells, steps and ways; measured 55 on a generated-like board, 62 on a board of two-cell lines)."""

PNG_PIXEL_BYTES = 3
"""Peak bytes per pixel of :func:`to_png` besides its band and labels: the PNG file, compressed band by band as it
is painted, is never much larger than the raw pixels (three bytes each), and for a board's flat colours it is
far smaller (under a byte a pixel measured). No whole image is held."""

QUICK_PNG_PIXELS = 4_000_000
"""Pictures of more pixels are compressed quickly (zlib level 1, not 6), as the maze pictures
(:func:`tremaux.render.to_png`): a file a little larger, written several times faster."""

_DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left; 4 is none
_BLANK = 25  # the kind of a cell on no line (kinds 0-24: 5 * way in + way out)
_END = 26  # added to the kind of an endpoint


def png_bytes(width: int, height: int, cell: int, labels: int = 0) -> int:
    """Peak bytes of :func:`to_png` drawing a picture of ``width x height`` pixels.

    Parameters
    ----------
    width, height : int
        Pixels of the picture.
    cell : int
        Pixels per cell.
    labels : int, default 0
        Labels drawn (one per pair, when the cells are of :data:`LABEL_MIN_CELL` pixels or more).

    Returns
    -------
    int
        Bytes: :data:`PNG_PIXEL_BYTES` a pixel, :data:`BAND_BYTES` a pixel of the band of rows painted at a
        time, :data:`CELL_BYTES` a cell of the board, the tiles and the labels (a byte a pixel of a cell each), and
        2 MiB for Pillow's fonts and zlib.

    Examples
    --------
    >>> from tremaux.numberlink.draw.png import png_bytes
    >>> png_bytes(2801, 2801, 28, 1375) // 2**20
    46
    """
    px = int(width) * int(height)
    band = min(px, max(BAND_PIXELS, cell * cell * max(1, (int(width) - 1) // max(1, cell))))
    cells = ((int(width) - 1) // max(1, cell)) * ((int(height) - 1) // max(1, cell))
    return int(PNG_PIXEL_BYTES * px + BAND_BYTES * band + CELL_BYTES * cells + (labels + 2 * _END) * cell * cell
               + 2 * 2**20)


@functools.lru_cache(maxsize=8)
def _tiles(cell: int, lw: int) -> np.ndarray:
    """``(52, cell, cell)`` booleans: the pixels each kind of cell paints in its pair's colour.

    Each kind is drawn with Pillow, as :func:`to_png` drew lines path by path: the line through the cell and its
    neighbours' centres (rounded turns), a dot at each centre, and for an endpoint the disc; the cell is then cut
    out of that drawing.
    """
    from PIL import Image, ImageDraw

    tiles = np.zeros((2 * _END, cell, cell), dtype=bool)
    centre, rad = 1.5 * cell, cell * 0.42
    for kind in range(2 * _END):
        end, way = divmod(kind, _END)
        img = Image.new("L", (3 * cell + 1, 3 * cell + 1), 0)
        d = ImageDraw.Draw(img)
        if way != _BLANK:
            came, goes = divmod(way, 5)
            pts = [(centre, centre)]
            if came < 4:
                pts.insert(0, (centre + _DIRS[came][1] * cell, centre + _DIRS[came][0] * cell))
            if goes < 4:
                pts.append((centre + _DIRS[goes][1] * cell, centre + _DIRS[goes][0] * cell))
            if len(pts) >= 2:
                d.line(pts, fill=255, width=lw, joint="curve")
            for x, y in pts:
                d.ellipse([x - lw / 2, y - lw / 2, x + lw / 2, y + lw / 2], fill=255)
        if end:
            d.ellipse([centre - rad, centre - rad, centre + rad, centre + rad], fill=255)
        tiles[kind] = np.asarray(img)[cell:2 * cell, cell:2 * cell] > 0
    tiles.flags.writeable = False
    return tiles


def _kinds(puzzle: Puzzle, linking: Linking | None) -> tuple[np.ndarray, np.ndarray]:
    """The ``(H, W)`` kind of each cell (``5 * way in + way out`` on a line, 4 for none, else blank; endpoints
    ``+ 26``) and its pair (0 for none), from all the lines at once."""
    h, w = puzzle.shape
    kinds = np.full(h * w, _BLANK, dtype=np.uint8)
    owner = np.array(puzzle.grid, dtype=np.int32).reshape(-1)
    paths = linking.paths if linking is not None else ()
    lens = np.fromiter(map(len, paths), dtype=np.int64, count=len(paths))
    if lens.sum():
        cells = np.concatenate(paths).astype(np.int64)
        step = np.clip(np.diff(cells, axis=0), -1, 1)
        table = np.array([4, 0, 4, 3, 4, 1, 4, 2, 4], dtype=np.uint8)  # (dr + 1) * 3 + dc + 1 -> way
        way = table[(step[:, 0] + 1) * 3 + step[:, 1] + 1]
        ends = np.cumsum(lens)[lens > 0]
        goes = np.full(len(cells), 4, dtype=np.uint8)
        goes[:-1] = way
        goes[ends - 1] = 4
        came = np.full(len(cells), 4, dtype=np.uint8)
        came[1:] = np.where(way < 4, (way + 2) % 4, 4)
        came[ends - lens[lens > 0]] = 4
        flat = cells[:, 0] * w + cells[:, 1]
        kinds[flat] = came * 5 + goes
        owner[flat] = np.repeat(np.arange(1, len(paths) + 1, dtype=np.int32), lens)
    kinds[puzzle.grid.ravel() != 0] += _END
    return kinds.reshape(h, w), owner.reshape(h, w)


def _rgb(colours: Sequence[Any], what: str) -> np.ndarray:
    """``(n, 3)`` uint8 colours; ``#rrggbb`` strings in bulk, others through Pillow."""
    from PIL import ImageColor

    cols = [colour(c, what) for c in colours]  # a tuple (r, g, b) as #rrggbb; what is no colour named
    if all(isinstance(c, str) and len(c) == 7 and c[0] == "#" for c in cols):
        try:
            return np.frombuffer(bytes.fromhex("".join(c[1:] for c in cols)), dtype=np.uint8).reshape(-1, 3)
        except ValueError:
            pass
    try:
        return np.array([ImageColor.getrgb(c)[:3] for c in cols], dtype=np.uint8).reshape(-1, 3)
    except (ValueError, TypeError, AttributeError) as exc:
        raise InvalidSizeError(f"{what}: {exc}") from None


def _font(cell: int, size: int | None = None) -> Any:
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size or max(8, int(cell * 0.5)))
    except TypeError:  # pragma: no cover - old Pillow
        return ImageFont.load_default()


def _labels(labels: Sequence[str], cell: int) -> np.ndarray:
    """``(n, cell, cell)`` uint8: each label's white ink, drawn centred in a cell, as its coverage (0-255).

    A label wider than the disc (``100``, a word) is drawn in a smaller font that fits it, down to 6 pixels; it
    was cut at the cell's border, ``hello`` drawn as ``ell``."""
    from PIL import Image, ImageDraw

    out = np.empty((len(labels), cell, cell), dtype=np.uint8)
    img = Image.new("L", (cell, cell), 0)
    d, font = ImageDraw.Draw(img), _font(cell)
    fonts: dict[int, Any] = {}
    room = 0.85 * cell
    for i, text in enumerate(labels):
        img.paste(0, (0, 0, cell, cell))
        use = font
        wide = d.textlength(text, font=font)
        size = getattr(font, "size", 0)  # a sized font (Pillow 10.1+): the largest that fits, down to 6 pixels
        while wide > room and size > 6:
            size -= 1
            use = fonts[size] if size in fonts else fonts.setdefault(size, _font(cell, size))
            wide = d.textlength(text, font=use)
        d.text((cell / 2, cell / 2), text, fill=255, font=use, anchor="mm")
        out[i] = np.asarray(img)
    return out


def _blend_white(band: np.ndarray, rows: np.ndarray, cols: np.ndarray, alpha: np.ndarray) -> None:
    """Lay white with coverage ``alpha`` (0-255, one tile per cell) over cells ``(rows, cols)`` of ``band``
    (``(rows, cell, w, cell, 3)``), rounded as Pillow blends text; a few cells at a time, to keep the arrays small.
    """
    step = max(1, band.shape[0] * band.shape[2] // 4)  # a quarter of the band's cells at most
    for i in range(0, len(rows), step):
        r, c = rows[i:i + step], cols[i:i + step]
        a = alpha[i:i + step, :, :, None].astype(np.uint16)
        t = band[r, :, c].astype(np.uint16)
        t *= 255 - a
        t += 255 * a + 128  # at most 65153: uint16 holds it, and t + (t >> 8)
        t += t >> 8
        t >>= 8
        band[r, :, c] = t


def to_png(obj: Any, *, cell: int | None = None, colours: Sequence[str] | None = None,
           grid_colour: str = "#dddddd", background: str = "#ffffff") -> bytes:
    """A PNG picture (bytes), drawn like :func:`~tremaux.numberlink.draw.svg.to_svg`.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    cell : int, optional
        Pixels per cell; by default :func:`~tremaux.numberlink.draw.common.picture_cell` chooses it: 28, smaller
        for boards above 146 x 146 cells so that the picture keeps within 4096 x 4096 pixels.
    colours : sequence of str or (r, g, b), optional
        One colour per pair (default :func:`~tremaux.numberlink.draw.common.palette`): a name, ``#rrggbb``,
        ``rgb(r, g, b)`` or a tuple of three whole numbers 0 to 255, as :func:`~tremaux.numberlink.draw.svg.to_svg`
        takes them.
    grid_colour : str or (r, g, b), default "#dddddd"
        Colour of the cell borders.
    background : str or (r, g, b), default "#ffffff"
        Colour behind the board.

    Returns
    -------
    bytes
        The PNG file.

    Raises
    ------
    MemoryLimitError
        A PNG of this size that would not fit the memory budget (:func:`png_bytes`), before it is drawn.
    InvalidSizeError
        A ``cell`` that is not a whole number of pixels of 1 or more, fewer ``colours`` than pairs, or a colour
        that is not one.

    Examples
    --------
    >>> import io
    >>> from tremaux.numberlink import to_png
    >>> from PIL import Image
    >>> from tremaux.numberlink import Puzzle
    >>> Image.open(io.BytesIO(to_png(Puzzle.from_rows(["1.1"]), cell=20))).size
    (61, 21)
    """
    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    cell, cols = _style(puzzle, cell, colours, palette_rgb)
    width, height = w * cell + 1, h * cell + 1
    named = puzzle.pairs if cell >= LABEL_MIN_CELL else 0
    budget.check(png_bytes(width, height, cell, named),
                 f"a PNG of {width} x {height} pixels ({w}x{h} cells of {cell} pixels)")
    rgb = cols if colours is None else _rgb(cols[:puzzle.pairs], "colours")
    grid_rgb, back_rgb = _rgb([grid_colour], "grid_colour")[0], _rgb([background], "background")[0]
    table = np.vstack([back_rgb[None, :], rgb])  # index 0: a cell on no line (never painted)
    tiles = _tiles(cell, max(2, int(cell * 0.32)))
    kinds, owner = _kinds(puzzle, linking)
    ink = _labels(puzzle.labels, cell) if named else None
    base = np.empty((cell, cell, 3), dtype=np.uint8)
    base[:], base[0, :], base[:, 0] = back_rgb, grid_rgb, grid_rgb  # the cell, its top and left borders
    out = _PngWriter(width, height, 1 if width * height > QUICK_PNG_PIXELS else 6)
    rows = max(1, BAND_PIXELS // (cell * cell * w))
    for r0 in range(0, h, rows):
        r1 = min(h, r0 + rows)
        lines = np.empty(((r1 - r0) * cell, 1 + 3 * width), dtype=np.uint8)  # each: its filter byte, its pixels
        lines[:, 0] = 0
        lines[:, -3:] = grid_rgb  # the last column: grid
        band = lines[:, 1:-3].reshape(r1 - r0, cell, w, cell, 3)
        band[:] = base[None, :, None, :, :]
        painted = tiles[kinds[r0:r1]].transpose(0, 2, 1, 3)  # (rows, cell, w, cell)
        np.copyto(band, table[owner[r0:r1]][:, None, :, None, :], where=painted[..., None])
        if ink is not None:
            rr, cc = np.nonzero(puzzle.grid[r0:r1])
            _blend_white(band, rr, cc, ink[puzzle.grid[r0:r1][rr, cc] - 1])
        out.add(lines)
        del lines, band, painted
    last = np.empty((1, 1 + 3 * width), dtype=np.uint8)
    last[0, 0], last[0, 1:] = 0, np.tile(grid_rgb, width)  # the last row: grid
    out.add(last)
    return out.close()


class _PngWriter:
    """A PNG file of 8-bit RGB, its rows (filter byte first) compressed as they come."""

    def __init__(self, width: int, height: int, level: int) -> None:
        self._zip = zlib.compressobj(level)
        self._out = io.BytesIO()  # its value is taken without a copy at the end
        self._out.write(b"\x89PNG\r\n\x1a\n")
        self._chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))

    def _chunk(self, kind: bytes, data: bytes) -> None:
        self._out.write(struct.pack(">I", len(data)) + kind)
        self._out.write(data)
        self._out.write(struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))

    def add(self, lines: np.ndarray) -> None:
        data = self._zip.compress(lines)
        if data:
            self._chunk(b"IDAT", data)

    def close(self) -> bytes:
        self._chunk(b"IDAT", self._zip.flush())
        self._chunk(b"IEND", b"")
        return self._out.getvalue()
