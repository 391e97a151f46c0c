"""Pictures of mazes read as mazes: PNG, GIF, BMP, JPEG... (anything Pillow opens).

A maze picture is a lattice: bands of wall ``w`` pixels thick alternate with
bands of cells ``c`` pixels wide, ``p = c + w`` apart, posts standing where
two wall bands cross. That covers the pictures tremaux draws (thin walls,
:func:`tremaux.render.to_png`), those of most maze generators, and block
pictures (mazelib's ``(2H + 1) x (2W + 1)`` grid shown square by square: a
wall band as thick as a cell band). Reading:

1. pixels darker than a quarter of the way from the darkest to the
   lightest are wall (so the coloured start and goal cells of tremaux's
   pictures, and JPEG noise, are not);
2. the outer wall gives the box and the wall thickness (its leading rows
   and columns that are mostly wall);
3. the number of columns is the largest ``W`` whose lattice puts a post on
   wall at every crossing and whose cell middles are open, and likewise
   the number of rows;
4. each wall segment is read at its middle: wall or passage. A gap in the
   outer wall marks the start (the first in reading order) and the goal
   (the second); a cell filled with a reddish colour is the start and a
   greenish one the goal, as tremaux draws them.

Writing draws the maze with :func:`tremaux.render.to_png`, so a maze written
and read again is the same maze.

Examples
--------
>>> from tremaux import generate
>>> from tremaux.render import to_png
>>> m = generate((3, 4), "kruskal", seed=1).maze
>>> loads(to_png(m)) == m
True
>>> loads(to_png(Maze.open((3, 4))))  # no wall inside: as many cells as one likes
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: no maze found in the picture: no wall inside the outer one, so the cells cannot be counted
>>> loads(b"GIF89a not really")
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: not a picture Pillow can read: cannot identify image file
"""

from __future__ import annotations

import io

import numpy as np

from ..errors import MazeFormatError, UnsupportedError
from ..maze.model import Maze

__all__ = ["MAGIC", "MAX_PIXELS", "dumps", "is_image", "loads", "text_bytes"]

MAGIC = (b"\x89PNG", b"GIF8", b"BM", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*", b"RIFF")
"""How the files of the picture formats read here begin (PNG, GIF, BMP, JPEG, TIFF, WebP)."""

MAX_PIXELS = 200_000_000
"""Pictures with more pixels are refused before they are decoded (Pillow's own guard is a warning)."""


def is_image(data: bytes) -> bool:
    """Whether ``data`` begins like a picture file.

    Parameters
    ----------
    data : bytes

    Returns
    -------
    bool

    Examples
    --------
    >>> is_image(b"\\x89PNG\\r\\n"), is_image(b"+---+")
    (True, False)
    """
    return bytes(data[:4]).startswith(MAGIC)


def dumps(maze: Maze) -> bytes:
    """The maze drawn as PNG bytes (:func:`tremaux.render.to_png`).

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    bytes

    Raises
    ------
    UnsupportedError
        For a maze of several levels (a picture reads back as one level).

    Examples
    --------
    >>> dumps(Maze.open((1, 2)))[:4]
    b'\\x89PNG'
    """
    from ..render import to_png

    if maze.levels > 1:
        raise UnsupportedError(f"a picture holds one level, not {maze.levels}; save the maze as json or npz")
    return to_png(maze)


def text_bytes(shape3: tuple[int, int, int]) -> int:
    """Peak memory of drawing a maze of ``shape3`` (levels, rows, columns) as a picture: RGB pixels, about.

    Parameters
    ----------
    shape3 : tuple of int
        Levels, rows and columns.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> text_bytes((1, 10, 10)) > 0
    True
    """
    L, H, W = shape3
    side = lambda n: max(800, 2 * n + 1) + 64  # noqa: E731 - at least a pixel per square
    return 6 * L * side(W) * side(H)


def loads(data: bytes, *, source: str | None = None, memory_limit=None) -> Maze:
    """Read the maze in a picture.

    Parameters
    ----------
    data : bytes
        The bytes of a picture file.
    source : str, optional
        Name shown in error messages.
    memory_limit : optional
        Unused (the pixel count is capped by :data:`MAX_PIXELS`).

    Returns
    -------
    Maze

    Raises
    ------
    MazeFormatError
        When the picture cannot be decoded, is too large, or holds no maze
        lattice (the message says what was not found).

    Examples
    --------
    >>> from tremaux.render import to_png
    >>> from tremaux import generate
    >>> m = generate((6, 9), "backtracker", seed=2).maze
    >>> loads(to_png(m, start=False, goal=False)).passages == m.passages
    True
    """
    from PIL import Image, UnidentifiedImageError

    try:
        im = Image.open(io.BytesIO(bytes(data)))
        if im.width * im.height > MAX_PIXELS:
            raise MazeFormatError(f"a picture of {im.width} x {im.height} pixels is over the limit of "
                                  f"{MAX_PIXELS:,} pixels", source=source)
        rgb = np.asarray(im.convert("RGB"), dtype=np.int16)
    except MazeFormatError:
        raise
    except UnidentifiedImageError:
        raise MazeFormatError("not a picture Pillow can read: cannot identify image file", source=source) from None
    except Exception as exc:  # a damaged file: Pillow's decoders raise OSError, SyntaxError, EOFError, struct.error...
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise MazeFormatError(f"not a picture Pillow can read: {first}", source=source) from None
    return _read(rgb, source)


def _read(rgb: np.ndarray, source: str | None) -> Maze:
    """The maze of an RGB pixel array."""

    def fail(what: str) -> MazeFormatError:
        return MazeFormatError(f"no maze found in the picture: {what}", source=source)

    grey = rgb.mean(axis=2)
    lo, hi = float(grey.min()), float(grey.max())
    if hi - lo < 32:
        raise fail("it has no contrast between walls and passages")
    wall = grey < lo + (hi - lo) / 4
    rows, cols = np.flatnonzero(wall.any(axis=1)), np.flatnonzero(wall.any(axis=0))
    top, bottom, left, right = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    box = wall[top:bottom, left:right]
    thick = _leading(box.mean(axis=1) > 0.5)
    if thick == 0 or thick != _leading(box.mean(axis=0) > 0.5):
        raise fail("no outer wall of even thickness around it")
    if not box[thick:-thick, thick:-thick].any():
        raise fail("no wall inside the outer one, so the cells cannot be counted")
    H, W = _fit(box, thick)
    if W == 0:
        raise fail("no lattice of cells and walls fits it")
    ys, xs = _bands(bottom - top, thick, H), _bands(right - left, thick, W)
    cy, cx = ys[:-1] + (ys[1:] - ys[:-1] + thick) // 2, xs[:-1] + (xs[1:] - xs[:-1] + thick) // 2  # cell middles
    wy, wx = ys + thick // 2, xs + thick // 2  # wall band middles
    east = box[np.ix_(cy, wx)]  # (H, W + 1): each row's walls between columns, the outer ones included
    south = box[np.ix_(wy, cx)]  # (H + 1, W)
    cells = np.zeros((H, W), dtype=np.uint8)
    cells[:, :-1] |= np.where(east[:, 1:-1], 0, 2).astype(np.uint8)
    cells[:, 1:] |= np.where(east[:, 1:-1], 0, 8).astype(np.uint8)
    cells[:-1] |= np.where(south[1:-1], 0, 4).astype(np.uint8)
    cells[1:] |= np.where(south[1:-1], 0, 1).astype(np.uint8)
    gaps = _border_gaps(east, south, H, W)
    colour = rgb[top:bottom, left:right][np.ix_(cy, cx)]
    start = _filled(colour, 0) or (gaps[0] if gaps else None)
    goal = _filled(colour, 1) or (gaps[1] if len(gaps) > 1 else None)
    return Maze(cells, start=start, goal=goal)


def _leading(flags: np.ndarray) -> int:
    """How many of ``flags`` are true from the start."""
    off = np.flatnonzero(~flags)
    return int(off[0]) if off.size else int(flags.size)


def _bands(extent: int, thick: int, n: int) -> np.ndarray:
    """Where the ``n + 1`` wall bands of ``thick`` pixels start along ``extent`` pixels holding ``n`` cells."""
    return np.round(np.arange(n + 1) * (extent - thick) / n).astype(np.int64)


def _lattices(box: np.ndarray, thick: int, axis: int) -> dict[int, np.ndarray]:
    """For each number of cells ``n`` along ``axis`` (1: columns): where all its wall bands' middles are wall.

    The answer is a boolean mask along the other axis (``rows_walled[n]``):
    the rows (for ``axis`` 1) that every wall band of that lattice crosses on
    wall. Posts are always wall, so for the right ``n`` it holds every row of
    posts; a wrong one puts some band middles inside cells, mostly open, and
    keeps little more than the outer wall.
    """
    extent = box.shape[axis]
    out = {}
    for n in range(1, (extent - thick) // (thick + 1) + 1):
        starts = _bands(extent, thick, n)
        if np.any(np.diff(starts) <= thick):
            continue
        lines = box[:, starts + thick // 2] if axis == 1 else box[starts + thick // 2, :].T
        out[n] = lines.all(axis=1)
    return out


def _fit(box: np.ndarray, thick: int) -> tuple[int, int]:
    """The numbers of rows and columns of cells of the lattice that fits ``box`` (``(0, 0)``: none does).

    A lattice fits when its rows of posts are all among the rows its wall
    bands cross on wall, and the other way round, and the inside of every
    cell is open (at most a quarter of its pixels wall, a fiftieth over all
    cells: noise). Square cells (sides within 1.25 of each other) are tried
    first, then cells up to twice as long as wide: a corridor of one row
    would fit any number of columns. Of the lattices that fit, the one with
    the most cells (one with half as many columns fits as well, its bands
    being among the right ones).
    """
    by_cols, by_rows = _lattices(box, thick, 1), _lattices(box, thick, 0)
    h, w = box.shape
    total = np.zeros((h + 1, w + 1), dtype=np.int64)
    total[1:, 1:] = box.cumsum(axis=0).cumsum(axis=1)
    col_bands = {W: _bands(w, thick, W) for W in by_cols}
    row_bands = {H: _bands(h, thick, H) for H in by_rows}
    # the lattices whose posts are wall: each side's bands among the walled lines of the other
    # (a lattice of H rows has H + 1 bands of posts, each ``thick`` lines that are all wall)
    most_rows = {W: int(lines.sum()) // thick - 1 for W, lines in by_cols.items()}
    most_cols = {H: int(lines.sum()) // thick - 1 for H, lines in by_rows.items()}
    fits = [(H, W) for W in by_cols for H in by_rows
            if H <= most_rows[W] and W <= most_cols[H]
            and by_cols[W][row_bands[H] + thick // 2].all() and by_rows[H][col_bands[W] + thick // 2].all()]
    square = [(H, W) for H, W in fits if 0.8 <= ((w - thick) / W) / ((h - thick) / H) <= 1.25]
    loose = [(H, W) for H, W in fits if 0.5 <= ((w - thick) / W) / ((h - thick) / H) <= 2]
    for H, W in [*sorted(square, key=lambda p: -p[0] * p[1]), *sorted(loose, key=lambda p: -p[0] * p[1])]:
        ys, xs = row_bands[H], col_bands[W]
        y0, y1, x0, x1 = ys[:-1] + thick, ys[1:], xs[:-1] + thick, xs[1:]
        inside = (total[np.ix_(y1, x1)] - total[np.ix_(y0, x1)] - total[np.ix_(y1, x0)] + total[np.ix_(y0, x0)])
        area = np.outer(y1 - y0, x1 - x0)
        if inside.sum() <= 0.02 * area.sum() and (inside <= 0.25 * area).all():
            return H, W
    return 0, 0


def _border_gaps(east: np.ndarray, south: np.ndarray, H: int, W: int) -> list[tuple[int, int]]:
    """Cells beside an opening in the outer wall, in reading order (top, then the sides row by row, then bottom)."""
    out = [(0, j) for j in range(W) if not south[0, j]]
    for i in range(H):
        out += [(i, 0)] if not east[i, 0] else []
        out += [(i, W - 1)] if not east[i, W] else []
    out += [(H - 1, j) for j in range(W) if not south[H, j]]
    return list(dict.fromkeys(out))


def _filled(colour: np.ndarray, which: int) -> tuple[int, int] | None:
    """The cell whose middle is filled with a clear red (``which`` 0) or green (1), as tremaux draws start and goal."""
    r, g, b = colour[..., 0], colour[..., 1], colour[..., 2]
    strength = (r - np.maximum(g, b)) if which == 0 else (g - np.maximum(r, b))
    i, j = np.unravel_index(int(np.argmax(strength)), strength.shape)
    return (int(i), int(j)) if strength[i, j] >= 40 else None
