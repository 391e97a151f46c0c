"""Pictures of mazes read as mazes: PNG, GIF, BMP, JPEG... (anything Pillow opens).

A maze picture is a lattice: bands of wall ``w`` pixels thick alternate with
bands of cells ``c`` pixels wide, ``p = c + w`` apart, posts standing where
two wall bands cross. That covers the pictures tremaux draws (thin walls,
:func:`tremaux.render.to_png`), those of most maze generators, and block
pictures (mazelib's ``(2H + 1) x (2W + 1)`` grid shown square by square: a
wall band as thick as a cell band). Reading:

1. the wall colour is the most common one among the pixels darker than a
   quarter of the way from the darkest to the lightest; pixels within a
   quarter of that range of it on every channel are wall (so the coloured
   start and goal cells, the path and the heat map of tremaux's pictures,
   and JPEG noise, are not; walls of any colour are). A dark-mode picture, a
   light outer wall inside a dark margin, is read with the lightest quarter
   instead: light walls on a dark ground; a picture in which the first
   choice finds no maze is read the other way round when it is a line maze
   (the negative of one without a margin, or with an opening in its outer
   wall: at most a third of its pixels in that colour, walls at most half as
   thick as the cells); then, for smoothed (anti-aliased) lines, both again
   reduced to black and white, a pixel wall when 40% of the way from the
   ground's lightness to the walls' or more. Text apart from the maze by
   blank rows or columns (a title) is left out;
2. the outer wall gives the box (its leading rows and columns that are
   mostly wall); the inner walls give the wall thickness (the most common
   run of wall across them, then a pixel more when lines of fractional
   width cover one pixel more in places), to which a bolder or thinner
   outer wall is trimmed (only where what is trimmed is wall) or thickened
   (the outer wall's thickness is tried next, when a pixel off);
3. the number of columns is the largest ``W`` whose lattice puts a post on
   wall at every crossing and whose cell middles are open, and likewise
   the number of rows;
   a lattice whose walls are twice as thick as its cells are wide or more
   is the ground read as walls (the negative of a line maze) and is refused,
   and so is one crossed by blank lines wider than a cell (two drawings).
   Each inner wall band is moved by a pixel where more wall lies under it (a
   lattice of fractional pitch, as plotting scripts draw);
4. each wall segment is read across its band at its middle: wall or passage. A gap in the
   outer wall marks the start (the first in reading order) and the goal
   (the second); a cell filled with a reddish colour is the start and a
   greenish one the goal, as tremaux draws them. Walls that are those of the
   maze of half the rows and columns and one line through its cells'
   middles are that maze under a solution drawn in the walls' colour
   (:mod:`tremaux.io._overlay`);
5. every wall segment is then checked along its whole length, and every
   cell inside (:mod:`tremaux.io._evidence`): a picture scaled with
   smoothing or by uneven steps shows walls grey, broken or lost, and is
   refused (``walls are blurred or broken (...): the picture was scaled or
   smoothed? Save it at its drawn size and read that``) rather than read as a
   wrong maze.

Writing draws the maze with :func:`tremaux.render.to_png`, so a maze written
and read again is the same maze. A picture of a masked maze carries its mask
and pixel sizes in a text chunk (PNG) or comment (GIF), :data:`MASK_NOTE`,
from which it is read cell by cell (masked cells are blank in the picture).
A picture that lost its note (re-saved by an editor) is read with the cells
outside its drawn outline masked: those whose border sides are all undrawn,
with the undrawn walls between them, even when the outline is ragged (a
disc) (:mod:`tremaux.io._outline`). Masked
cells enclosed by the maze cannot be told from cells walled off from it:
they read as such cells (joined to each other, walled from the maze). A maze with levels,
drawn side by side, reads back level by level from its note
(:mod:`tremaux.io._levels`). A
picture without a wall inside and without tremaux's note, whose cells
cannot be counted.

Examples
--------
>>> import io
>>> import numpy as np
>>> from tremaux import Maze
>>> from tremaux.io.image import loads
>>> from tremaux import generate
>>> from tremaux.render import to_png
>>> m = generate((3, 4), "kruskal", seed=1).maze
>>> loads(to_png(m)) == m
True
>>> loads(to_png(Maze.open((3, 4)))) == Maze.open((3, 4))  # no wall inside: the note counts the cells
True
>>> from PIL import Image
>>> box = np.zeros((20, 30), np.uint8)
>>> box[2:-2, 2:-2] = 255  # an outer wall alone: as many cells as one likes
>>> buf = io.BytesIO()
>>> Image.fromarray(box).save(buf, "PNG")
>>> loads(buf.getvalue())
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

from .. import budget
from ..errors import MazeFormatError, MemoryLimitError
from ..maze.model import Maze
from ._colours import _crisp, _light_walls
from ._evidence import disagreement, faint
from ._lattice import _bands, _fit, _leading, _line_width, _longest_blank, _main_run, _snap, _thickness
from ._walls import maze_of_walls
from ._notes import GRID_NOTE, LEVELS_NOTE, MASK_NOTE, grid_note, mask_note, read_mask_note

__all__ = ["MAGIC", "MAX_PIXELS", "LEVELS_NOTE", "MASK_NOTE", "GRID_NOTE", "dumps", "grid_note", "is_image", "loads",
           "mask_note", "text_bytes"]

MAGIC = (b"\x89PNG", b"GIF8", b"BM", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*", b"RIFF",
         b"P1", b"P2", b"P3", b"P4", b"P5", b"P6")
"""How the files of the picture formats read here begin (PNG, GIF, BMP, JPEG, TIFF, WebP, PBM/PGM/PPM)."""

MAX_PIXELS = 40_000_000


MAX_REPLAYED = 1_000_000_000
"""Pixels decoded, over all frames, to reach the last frame of an animation (the finished maze) at most."""

LINE_SHARE = 1 / 3
"""A picture is read with its walls in the colour the margin does not say only when at most this share of its
pixels are that colour: a line maze (a block picture's walls and passages are each near half of it)."""

PIXEL_BYTES = 56
"""Peak bytes per pixel of reading a picture (its RGB and grey copies, the wall mask, the 64-bit sums of walls, the
16-bit colours of the check that walls are drawn whole; a transparent ground laid on white adds its RGBA copy):
35 bytes measured on opaque pictures, 47 on a transparent ground (``tests/test_budget.py``)."""
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
    >>> from tremaux.io.image import is_image
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

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.io.image import dumps, loads
    >>> from tremaux import generate
    >>> dumps(generate((2, 2), seed=1).maze)[:4]
    b'\\x89PNG'
    >>> loads(dumps(Maze.open((1, 2)))) == Maze.open((1, 2))  # no wall inside: the picture's note counts the cells
    True
    >>> loads(dumps(Maze.open((2, 1, 2)))) == Maze.open((2, 1, 2))  # levels side by side, read one by one
    True
    """
    from ..render import to_png

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
    >>> from tremaux.io.image import text_bytes
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
    memory_limit : str or int, optional
        Overrides the memory limit (see :mod:`tremaux.budget`); pictures over
        :data:`MAX_PIXELS` pixels are refused whatever it is.

    Returns
    -------
    Maze

    Raises
    ------
    MazeFormatError
        When the picture cannot be decoded, is too large, or holds no maze
        lattice (the message says what was not found).
    MemoryLimitError
        When reading it would need more memory than the limit.

    Examples
    --------
    >>> from tremaux.io.image import loads
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
        budget.check(PIXEL_BYTES * im.width * im.height, f"reading a picture of {im.width} x {im.height} pixels",
                     memory_limit)
        comment = im.info.get("comment", b"")  # a GIF's note: b"tremaux-levels=2"
        levels = im.info.get(LEVELS_NOTE) or (comment.split(b"=", 1)[1].decode("ascii", "replace")
                                             if isinstance(comment, bytes) and comment.startswith(LEVELS_NOTE.encode() + b"=")
                                             else None)
        layered = None
        if levels is not None:  # loaded only for a picture of levels: it brings the SVG parser (xml.etree)
            from ._levels import read_levels_note

            layered = read_levels_note(levels, source)
        if levels is not None and layered is None:  # an older picture's bare count: one wide maze, else
            raise MazeFormatError(f"this picture shows a maze of {levels} levels side by side; a picture is read as "
                                  "one level (read the maze from its .json or .npz file)", source=source)
        grid = im.info.get(GRID_NOTE) or (comment.split(b"=", 1)[1].decode("utf-8", "replace")
                                          if isinstance(comment, bytes) and comment.startswith(GRID_NOTE.encode() + b"=")
                                          else None)
        if grid is not None:
            raise MazeFormatError(f"this picture shows {'an' if grid[:1] in 'aeiou' else 'a'} {grid} maze; only pictures of plain square mazes read "
                                  "back (read the maze from its .json or .npz file)", source=source)
        note = im.info.get(MASK_NOTE)
        if note is None and isinstance(comment, bytes) and comment.startswith(MASK_NOTE.encode() + b"="):
            note = comment.split(b"=", 1)[1]
        shaped = None if note is None else read_mask_note(note, im.size, source)
        frames = getattr(im, "n_frames", 1)
        if frames > 1:  # an animation (a replay) ends on the finished maze
            if frames * im.width * im.height > MAX_REPLAYED:
                raise MazeFormatError(f"an animation of {frames:,} frames of {im.width} x {im.height} pixels is too "
                                      "long to replay to its last frame, the finished maze (read the maze from its "
                                      ".json or .npz file)", source=source)
            im.seek(frames - 1)
        from ._ground import grounds

        pictures = grounds(im)  # a transparent ground laid on white, then on black
        rgb = next(pictures)
    except (MazeFormatError, MemoryLimitError):
        raise
    except UnidentifiedImageError:
        raise MazeFormatError("not a picture Pillow can read: cannot identify image file", source=source) from None
    except Exception as exc:  # a damaged file: Pillow's decoders raise OSError, SyntaxError, EOFError, struct.error...
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise MazeFormatError(f"not a picture Pillow can read: {first}", source=source) from None
    if layered is not None:
        from ._levels import picture_levels

        return picture_levels(rgb, layered, source, _read)
    try:
        return _read(rgb, source, shaped)
    except MazeFormatError as exc:
        if shaped is not None:
            raise
        rgb = next(pictures, None)  # light walls on a transparent ground?
        if rgb is None:
            raise
        try:
            return _read(rgb, source, None)
        except MazeFormatError:
            raise exc from None


def _read(rgb: np.ndarray, source: str | None, shaped: tuple[np.ndarray, int, int, int] | None = None,
          light: bool | None = None, lines: bool = False) -> Maze:
    """The maze of an RGB pixel array; ``shaped``: the mask and pixel sizes of a :data:`MASK_NOTE`; ``light``:
    whether the walls are the light pixels (``None``: as the margin shows, else as explained below); ``lines``:
    only a line maze (walls at most half as thick as the cells are wide) is read."""

    def fail(what: str) -> MazeFormatError:
        return MazeFormatError(f"no maze found in the picture: {what}", source=source)

    grey = rgb.min(axis=2) // 2 + rgb.max(axis=2) // 2  # lightness: coloured cells are not dark
    lo, hi = float(grey.min()), float(grey.max())
    if hi - lo < 32:
        raise fail("it has no contrast between walls and passages")
    if shaped is None and light is None:
        # light walls on a dark ground (a dark-mode picture) when a dark margin surrounds a light outer wall; the
        # other way round only for a line maze (the negative of one without a margin, or with an opening in its
        # outer wall): few pixels that colour, walls thin beside the cells (the negative of a block picture reads
        # as another maze, the tree of its walls); then the same reduced to black and white (smoothed lines)
        light = _light_walls(grey >= (lo + hi) / 2)
        lines = bool(((grey >= (lo + hi) / 2) != light).mean() <= LINE_SHARE)
        del grey
        tries = [(rgb, light, False), (rgb, not light, True), (_crisp, light, False), (_crisp, not light, True)]
        first = None
        for picture, way, other in tries:
            if other and not lines:
                continue
            try:
                if picture is _crisp:
                    return _read(_crisp(rgb, way), source, None, False, other)
                return _read(picture, source, None, way, other)
            except MazeFormatError as exc:
                first = first or exc
        raise first
    # wall: the most common colour of the darkest quarter, within a quarter of the range on every channel (so
    # lighter or coloured cells, a dark heat-map colour or start cell, and JPEG noise are not)
    if shaped is not None:  # tremaux's picture with a lattice note: the lattice is known
        mask, cell, thick, margin = shaped
        H, W = mask.shape
        ys, xs = margin + np.arange(H + 1) * (cell + thick), margin + np.arange(W + 1) * (cell + thick)
        i, j = np.argwhere(mask)[0]  # the first cell's north-west post stands on its north wall: the wall colour
        r, g, b = (int(v) for v in rgb[ys[i], xs[j]])
        ink = r << 16 | g << 8 | b
    else:
        dark = grey > hi - (hi - lo) / 4 if light else grey < lo + (hi - lo) / 4
        packed = rgb[..., 0][dark].astype(np.int32) << 16
        packed |= rgb[..., 1][dark].astype(np.int32) << 8
        packed |= rgb[..., 2][dark]
        values, counts = np.unique(packed, return_counts=True)
        del dark, packed
        ink = int(values[np.argmax(counts)])
    ink_light = (min(ink >> 16, ink >> 8 & 255, ink & 255) + max(ink >> 16, ink >> 8 & 255, ink & 255)) // 2
    tones = (ink_light, hi if ink_light - lo < hi - ink_light else lo, hi - lo)  # wall, ground, range: lightness
    wall = np.ones(grey.shape, dtype=bool)
    for c in range(3):
        wall &= np.abs(rgb[..., c].astype(np.int16) - ((ink >> (16 - 8 * c)) & 255)) < (hi - lo) / 4
    if shaped is not None:
        if wall[np.ix_(ys[:-1] + thick + cell // 2, xs[:-1] + thick + cell // 2)][mask].any():  # never in a cell
            raise fail("its cells are drawn in the colour of its walls")
        return _cells(wall, rgb, ys, xs, thick, mask, source, tones)
    # the maze's rows and columns: text apart from it (a title, a caption) left out
    top, bottom = _main_run(wall.sum(axis=1))
    left, right = _main_run(wall[top:bottom].sum(axis=0))
    top, bottom = (top + k for k in _main_run(wall[top:bottom, left:right].sum(axis=1)))
    box = wall[top:bottom, left:right]
    margin = faint(wall, rgb, *tones)
    margin[top:bottom, left:right] = False
    near = _near(wall, 2) if margin.any() else wall  # the grey edge of a wall scaled up lies along it
    if margin.any() and (margin & ~near).sum() > (bottom - top + right - left) / 2:  # a grey outer wall
        raise MazeFormatError("walls are blurred (grey lines lie outside the darkest walls): the picture was scaled "
                              "or smoothed? Save it at its drawn size and read that", source=source)
    del margin, near
    # the outer wall: the leading rows (columns) mostly wall; a row of cells walled on every side is mostly wall
    # too when cells are as thin as walls (more wall than cell in 1-pixel lattices), so the thinner side counts
    thick = min(_leading(box.mean(axis=1) > 0.5), _leading(box.mean(axis=0) > 0.5))
    if thick == 0:  # a ragged outline (a masked maze's picture without its note): the outer wall's edges alone
        from ._outline import edge_thickness

        thick = edge_thickness(box)
    if thick == 0 or 2 * thick >= min(box.shape):  # none, or a solid bar of wall
        raise fail("no outer wall of even thickness around it")
    if not box[thick:-thick, thick:-thick].any():
        raise fail("no wall inside the outer one, so the cells cannot be counted")
    # the lattice's walls are as thick as the inner walls (their most common run across), the outer wall trimmed
    # or thickened to match; when no lattice fits that, as the outer wall when a pixel off (scaling makes runs of
    # two lengths). A line of fractional width covers a pixel more in places: its thicker band holds the outer
    # wall as it is. The outer wall is trimmed only where what is trimmed is wall (stray pixels at its edge make
    # it read thin). Last, bands as wide as a line wider than the walls, read only as a solution drawn over the
    # maze of half the cells (:mod:`tremaux.io._overlay`)
    inner = box[thick:-thick, thick:-thick]
    kinds = _thickness(inner)
    tries = [(t, 0 if k and thick == t - 1 else thick - t, False) for k, t in enumerate(kinds)]
    tries += [(thick, 0, False)] if abs(thick - kinds[0]) <= 1 else []  # thick bands swallow thin walls
    wide = _line_width(inner, kinds[-1])
    tries += [(wide, -((wide - thick) // 2), True)] if wide is not None else []
    del inner
    W, overlay = 0, False
    for t, d, overlay in dict.fromkeys(tries):
        if d > 0 and min(box[:d].mean(), box[-d:].mean(), box[:, :d].mean(), box[:, -d:].mean()) <= 0.5:
            continue
        if d >= 0:
            fitted, colours = box[d:box.shape[0] - d, d:box.shape[1] - d], rgb[top + d:bottom - d, left + d:right - d]
        else:
            d = -d
            fitted = np.pad(box, d, constant_values=True)
            colours = np.pad(rgb[top:bottom, left:right], ((d, d), (d, d), (0, 0)))
        H, W = _fit(fitted, t)
        if W:
            box, thick = fitted, t
            break
    if W == 0:
        raise fail("no lattice of cells and walls fits it")
    ys, xs = _snap(box, _bands(box.shape[0], thick, H), thick, 0), _snap(box, _bands(box.shape[1], thick, W), thick, 1)
    cell = int(min(np.diff(ys).min(initial=box.shape[0]), np.diff(xs).min(initial=box.shape[1]))) - thick
    blank = max(_longest_blank(box.any(axis=1)), _longest_blank(box.any(axis=0)))
    if blank > int(max(np.diff(ys).max(), np.diff(xs).max())) - thick:  # a maze's walls cross every cell's rows
        raise fail(f"{blank} blank pixel lines cross it whole, more than a cell holds: more than one drawing?")
    if lines and 2 * thick > cell:
        raise fail(f"its walls are {thick} pixels thick around cells {cell} pixels wide, not the lines of a line maze")
    if thick >= 2 * cell:  # walls far thicker than cells: the ground read as walls, the negative of a line maze
        raise fail(f"its walls would be {thick} pixels thick around cells {cell} pixels wide, so which colour is wall "
                   "is unclear (the negative of a line maze?)")
    return _cells(box, colours, ys, xs, thick, None, source, tones, overlay)


def _near(mask: np.ndarray, r: int) -> np.ndarray:
    """The pixels within ``r`` pixels (across and down, a square) of a pixel of ``mask``."""
    out = mask.copy()
    for axis in (0, 1):
        grown = out.copy()
        for k in range(1, r + 1):
            lo, hi = [slice(None)] * 2, [slice(None)] * 2
            lo[axis], hi[axis] = slice(k, None), slice(None, -k)
            grown[tuple(lo)] |= out[tuple(hi)]
            grown[tuple(hi)] |= out[tuple(lo)]
        out = grown
    return out


def _uneven(starts: np.ndarray, thick: int) -> bool:
    """Whether the wall bands at ``starts`` are not evenly spaced (a picture scaled by a fraction)."""
    return starts.size > 2 and bool(np.ptp(np.diff(starts)) > 0)


def _cells(box: np.ndarray, colours: np.ndarray, ys: np.ndarray, xs: np.ndarray, thick: int,
           mask: np.ndarray | None, source: str | None = None, tones: tuple[int, float, float] | None = None,
           overlay: bool = False) -> Maze:
    """The maze whose wall bands start at pixels ``ys`` (rows) and ``xs`` (columns) of the wall pixels ``box``;
    ``overlay``: only as the maze of half the cells under a line drawn in the walls' colour."""
    H, W = len(ys) - 1, len(xs) - 1
    cy, cx = ys[:-1] + (ys[1:] - ys[:-1] + thick) // 2, xs[:-1] + (xs[1:] - xs[:-1] + thick) // 2  # cell middles
    # a wall is read across its band at the cell's middle: a wall pixel anywhere across it (a line drawn thinner
    # than the band, as a line of fractional width on a fractional lattice is, in places)
    east = np.zeros((H, W + 1), bool)  # each row's walls between columns, the outer ones included
    south = np.zeros((H + 1, W), bool)
    for d in range(thick):
        east |= box[np.ix_(cy, np.minimum(xs + d, box.shape[1] - 1))]
        south |= box[np.ix_(np.minimum(ys + d, box.shape[0] - 1), cx)]
    doubt = disagreement(box, ys, xs, thick, east, south, None if tones is None else faint(box, colours, *tones))
    if doubt is None and mask is None and thick == 1 and (_uneven(ys, thick) or _uneven(xs, thick)):
        bands = (~south[1:-1].any(axis=1)).sum() + (~east[:, 1:-1].any(axis=0)).sum()
        if bands:  # a wall line lost whole when walls under a pixel were scaled down by uneven steps
            doubt = f"{bands} inner wall lines have no wall at all, and the lattice's steps are uneven"
    if doubt is not None:  # a scaled or smoothed picture: never a wrong maze without a word
        raise MazeFormatError(f"walls are blurred or broken ({doubt}): the picture was scaled or smoothed? "
                              "Save it at its drawn size and read that", source=source)
    colour = colours[np.ix_(cy, cx)].astype(np.int16)
    left = colours[np.ix_(cy, xs[:-1] + thick + (xs[1:] - xs[:-1] - thick) // 4)].astype(np.int16)
    if mask is None:  # a solution drawn over the maze in the walls' colour: the maze of half the cells under it
        from ._overlay import coarser

        half = coarser(east, south)
        if half is not None:
            east, south, colour, left = *half, colour[::2, ::2], None
        elif overlay:
            raise MazeFormatError(f"no maze found in the picture: a lattice fits only with walls {thick} pixels "
                                  "thick, as thick as a line wider than the others, and it is not a solution's "
                                  "line over a maze", source=source)
    return maze_of_walls(east, south, colour, mask, left)
