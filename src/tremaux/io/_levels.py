"""Pictures of mazes with levels (drawn side by side) read back level by level, with their passages between levels.

tremaux's pictures of a maze with levels (PNG and GIF: the note :data:`~tremaux.io._notes.LEVELS_NOTE`; SVG: the
root's ``data-tremaux-levels``) carry ``LxHxW``, for PNG and GIF the pixel sizes, the start and goal (flat
indices), and three bit sets: the cells open up, those open down (drawn as small triangles, which the picture
reader does not read, and which may cover a start or goal cell's colour) and the mask (``-`` for none). The reader cuts the picture into its levels, reads each one at the lattice the note gives, and
stacks them: the maze written, its cells, mask, start and goal, even a maze of one level kept as ``(1, H, W)``.

Examples
--------
>>> from tremaux import Maze
>>> note = levels_note(Maze.open((2, 1, 3)), "gap=1")
>>> note.split()[:2]
['2x1x3', 'gap=1']
>>> read_levels_note(note, None)["shape"], read_levels_note("2", None) is None  # an older picture's bare count
((2, 1, 3), True)
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable

import numpy as np

from ..errors import MazeFormatError
from ..maze.model import Maze
from ._svg_parse import Drawing
from ._notes import LEVELS_NOTE, MAX_NOTE_CELLS, mask_bits, read_mask_bits

__all__ = ["levels_note", "read_levels_note", "stack_levels", "picture_levels", "drawing_levels"]

_UP, _DOWN = 16, 32
_NOTE = re.compile(r"([0-9]{1,9})x([0-9]{1,9})x([0-9]{1,9})((?: [a-z]{1,8}=[0-9.]{1,12})*) "
                   r"([A-Za-z0-9+/=]+) ([A-Za-z0-9+/=]+) ([A-Za-z0-9+/=]+|-)")


def levels_note(maze: Maze, sizes: str = "") -> str:
    """The note of a picture of ``maze`` drawn level by level: ``LxHxW [SIZES] UP DOWN MASK``.

    Parameters
    ----------
    maze : Maze
        The maze drawn.
    sizes : str, default ""
        ``key=value`` words: the picture's pixel sizes (``cell=16 wall=2 margin=8 gap=16``), or the gap
        between levels in an SVG's units.

    Returns
    -------
    str
        The note; the bit sets are those of :func:`tremaux.io._notes.mask_bits`, the mask ``-`` for none.

    Examples
    --------
    >>> from tremaux import Maze
    >>> levels_note(Maze.open((3, 2, 2)), "gap=1").split()[0]
    '3x2x2'
    """
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L * H, W)
    mask = "-" if maze.mask is None else mask_bits(maze.mask.reshape(L * H, W))
    ends = " ".join(f"{k}={np.ravel_multi_index(c, (L, H, W)) if len(c) == 3 else c[0] * W + c[1]}"
                    for k, c in (("start", maze.start), ("goal", maze.goal)) if c is not None)
    head = " ".join(w for w in (f"{L}x{H}x{W}", sizes, ends) if w)
    return f"{head} {mask_bits(cells & _UP > 0)} {mask_bits(cells & _DOWN > 0)} {mask}"


def read_levels_note(note: object, source: str | None) -> dict | None:
    """The shape, sizes and bit sets of a :func:`levels_note`; ``None`` for an older picture's bare count.

    Parameters
    ----------
    note : str or bytes
        The note's text.
    source : str or None
        Name shown in error messages.

    Returns
    -------
    dict or None
        ``shape`` (L, H, W), ``sizes`` (a dict of str to float: pixel sizes, ``start`` and ``goal``), ``up`` and ``down`` (boolean ``(L, H, W)``)
        and ``mask`` (boolean ``(L, H, W)`` or None).

    Raises
    ------
    MazeFormatError
        For a damaged note.

    Examples
    --------
    >>> read_levels_note("2x2x2 zzz", "m.png")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: m.png: the picture's tremaux-levels note is damaged (read the maze from its .json or .npz file)
    """
    text = (note.decode("ascii", "replace") if isinstance(note, bytes) else str(note)).strip()
    if text.isdigit():
        return None
    found = _NOTE.fullmatch(text)
    L, H, W = (int(v) for v in found.groups()[:3]) if found else (0, 0, 0)
    damaged = MazeFormatError(f"the picture's {LEVELS_NOTE} note is damaged (read the maze from its .json or .npz "
                              "file)", source=source)
    if not found or min(L, H, W) < 1 or L * H * W > MAX_NOTE_CELLS:
        raise damaged
    sizes = {k: float(v) for k, v in (w.split("=") for w in found.group(4).split())}
    sets = [None if t == "-" else read_mask_bits(t, (L * H, W)) for t in found.groups()[4:]]
    if any(s is None for s in sets[:2]) or (found.group(7) != "-" and sets[2] is None):
        raise damaged
    up, down, mask = (None if s is None else s.reshape(L, H, W) for s in sets)
    return {"shape": (L, H, W), "sizes": sizes, "up": up, "down": down, "mask": mask}


def stack_levels(note: dict, read_level: Callable[[int, np.ndarray | None], Maze], source: str | None) -> Maze:
    """The maze of a picture drawn level by level: each level read by ``read_level``, then stacked.

    Parameters
    ----------
    note : dict
        A :func:`read_levels_note`.
    read_level : callable
        ``read_level(lv, mask)``: the flat maze drawn as level ``lv`` (``mask``: its ``(H, W)`` mask or None).
    source : str or None
        Name shown in error messages.

    Returns
    -------
    Maze
        ``(L, H, W)``, with the passages between levels, mask, start and goal.

    Raises
    ------
    MazeFormatError
        When a level does not read as the note's ``H x W``, or the levels disagree with the note.

    Examples
    --------
    >>> from tremaux import Maze
    >>> note = read_levels_note(levels_note(Maze.open((2, 1, 2))), None)
    >>> stack_levels(note, lambda lv, mask: Maze.open((1, 2)), None).shape
    (2, 1, 2)
    """
    L, H, W = note["shape"]
    cells = np.zeros((L, H, W), np.uint8)
    for lv in range(L):
        mask = None if note["mask"] is None else note["mask"][lv]
        flat = read_level(lv, mask)
        if flat.shape != (H, W):
            raise MazeFormatError(f"level {lv} of this picture reads as {flat.shape[0]} x {flat.shape[1]} cells, not "
                                  f"the {H} x {W} of its {LEVELS_NOTE} note (read the maze from its .json or .npz "
                                  "file)", source=source)
        cells[lv] = flat.cells
    cells |= np.where(note["up"], _UP, 0).astype(np.uint8) | np.where(note["down"], _DOWN, 0).astype(np.uint8)
    start, goal = (None if k not in note["sizes"] else np.unravel_index(int(note["sizes"][k]), (L, H, W))
                   for k in ("start", "goal"))  # noted: a triangle between levels may hide a cell's colour
    try:
        return Maze(cells, mask=note["mask"], start=start, goal=goal)
    except ValueError as exc:
        raise MazeFormatError(f"the levels of this picture do not make a maze ({exc}); read the maze from its .json "
                              "or .npz file", source=source) from None


def picture_levels(rgb: np.ndarray, note: dict, source: str | None, read: Callable) -> Maze:
    """The maze of tremaux's picture (RGB pixels) of a maze with levels, each level read at its lattice.

    Parameters
    ----------
    rgb : numpy.ndarray
        ``(height, width, 3)`` pixels.
    note : dict
        The picture's :func:`read_levels_note`, with its pixel sizes.
    source : str or None
        Name shown in error messages.
    read : callable
        ``read(rgb, source, (mask, cell, wall, margin))``: the flat maze of a picture whose lattice is known.

    Returns
    -------
    Maze
        ``(L, H, W)``.

    Raises
    ------
    MazeFormatError
        For a picture not of the size the note gives, or levels that do not read.

    Examples
    --------
    >>> from tremaux import Maze
    >>> note = read_levels_note(levels_note(Maze.open((2, 1, 2)), "cell=4 wall=1 margin=0 gap=4"), None)
    >>> picture_levels(np.zeros((6, 10, 3), np.uint8), note, "m.png", None)
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: m.png: this picture of a maze of 2 x 1 x 2 cells is 10 x 6 pixels, not the 26 x 6 it was drawn at (resized or cropped?); read the maze from its .json or .npz file
    """
    L, H, W = note["shape"]
    cell, wall, margin, gap = (int(note["sizes"].get(k, 0)) for k in ("cell", "wall", "margin", "gap"))
    extent = W * cell + (W + 1) * wall
    want = (L * extent + (L - 1) * gap + 2 * margin, H * cell + (H + 1) * wall + 2 * margin)
    if min(cell, wall) < 1 or (rgb.shape[1], rgb.shape[0]) != want:
        raise MazeFormatError(f"this picture of a maze of {L} x {H} x {W} cells is {rgb.shape[1]} x {rgb.shape[0]} "
                              f"pixels, not the {want[0]} x {want[1]} it was drawn at (resized or cropped?); read the "
                              "maze from its .json or .npz file", source=source)

    def level(lv: int, mask: np.ndarray | None) -> Maze:
        x0 = lv * (extent + gap)
        shaped = (np.ones((H, W), bool) if mask is None else mask, cell, wall, margin)
        return read(rgb[:, x0:x0 + extent + 2 * margin], source, shaped)

    return stack_levels(note, level, source)


def drawing_levels(d: Drawing, note: dict, source: str | None, read: Callable) -> Maze:
    """The maze of tremaux's SVG drawing of a maze with levels: the lines and fills of each level read apart.

    Level ``lv`` is drawn from ``x = lv * (W + gap)`` to ``x + W``, a unit a cell; what lies across two levels (the
    ground) is left out.

    Parameters
    ----------
    d : Drawing
        The parsed drawing (:func:`tremaux.io._svg_parse.parse`).
    note : dict
        Its :func:`read_levels_note`, with the gap between levels.
    source : str or None
        Name shown in error messages.
    read : callable
        ``read(drawing, source)``: the flat maze of a drawing.

    Returns
    -------
    Maze
        ``(L, H, W)``.

    Raises
    ------
    MazeFormatError
        When a level does not read as the note's ``H x W``.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.io._svg_parse import parse
    >>> from tremaux.render import to_svg
    >>> d = parse(to_svg(Maze.closed((2, 2, 3))))
    >>> drawing_levels(d, read_levels_note(d.levels, None), None, lambda part, src: Maze.closed((2, 3))).shape
    (2, 2, 3)
    """
    _, H, W = note["shape"]
    pitch = W + note["sizes"].get("gap", 1.0)
    seg, colour = d.segments()
    low = np.minimum(seg[:, 0], seg[:, 2])
    high = np.maximum(seg[:, 0], seg[:, 2])

    def level(lv: int, mask: np.ndarray | None) -> Maze:
        x0 = lv * pitch
        keep = (low >= x0 - 0.5) & (high <= x0 + W + 0.5)
        lines = seg[keep].copy()
        lines[:, [0, 2]] -= x0
        fills = [([p - (x0, 0) for p in shape], c) for shape, c in d.fills
                 if all(p[:, 0].min() >= x0 - 0.5 and p[:, 0].max() <= x0 + W + 0.5 for p in shape)]
        part = Drawing(array("d", lines.ravel().tolist()), array("l", colour[keep].tolist()), fills, (H, W),
                       None if mask is None else mask_bits(mask))
        return read(part, source)

    return stack_levels(note, level, source)
