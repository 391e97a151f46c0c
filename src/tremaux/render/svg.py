"""SVG pictures with no third-party dependency.

One unit of the SVG coordinate system is one cell; walls lie on the integer
grid lines. Walls are merged into long horizontal and vertical runs and
written as one ``<path>``; coloured cells (visited, marks, path, heat map,
start and goal) are merged into runs of one colour, one ``<path>`` per
colour. The file stays small and a 1000 x 1000 maze is written in a couple
of seconds.

Examples
--------
>>> from tremaux.render import to_svg
>>> from tremaux import Maze
>>> import xml.etree.ElementTree as ET
>>> svg = to_svg(Maze.open((2, 3), start=(0, 0), goal=(1, 2)), cell_size=10, margin=0)
>>> root = ET.fromstring(svg)
>>> root.tag, root.get("width"), root.get("height")
('{http://www.w3.org/2000/svg}svg', '33', '22')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..maze.model import Maze
from .palette import SLOTS, colour_table, resolve, to_hex
from .png import Geometry, geometry
from .blocks import BG, FLOOR, WALL, blocks, runs
from .scene import maze_of, on_grid, scene

__all__ = ["to_svg", "svg_document", "cell_runs_path", "wall_path"]

_NS = "http://www.w3.org/2000/svg"


def _num(x: float) -> str:
    """Short decimal text for a coordinate."""
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


def cell_runs_path(slots: np.ndarray, slot: int, x0: float = 0.0, y0: float = 0.0) -> str:
    """Path data covering the cells of ``slots`` (an ``(H, W)`` array) equal to ``slot``.

    Runs of cells in a row become one rectangle ``M x y h n v 1 h -n z``.

    Parameters
    ----------
    slots : numpy.ndarray
        ``(H, W)`` palette slots.
    slot : int
        The slot to cover.
    x0, y0 : float
        Offset of the drawing, in cells.

    Returns
    -------
    str
        SVG path data, one unit per cell.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.render.svg import cell_runs_path
    >>> cell_runs_path(np.array([[3, 3, 0], [0, 3, 3]]), 3)
    'M0 0h2v1h-2zM1 1h2v1h-2z'
    """
    r, c, n = runs(slots == slot)
    if r.size == 0:
        return ""
    return _format("M%s %sh%dv1h-%dz", c + x0, r + y0, n, n)


def wall_path(B: np.ndarray, x0: float = 0.0) -> str:
    """Path data of the walls of one level's block picture, merged into runs.

    Parameters
    ----------
    B : numpy.ndarray
        ``(2H+1, 2W+1)`` palette slots of one level.
    x0 : float
        Horizontal offset of the level, in cells.

    Returns
    -------
    str
        SVG path data of the wall lines, one unit per cell.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.svg import wall_path
    >>> from tremaux.render.blocks import structure
    >>> wall_path(structure(Maze.open((1, 2)))[0])
    'M0 0h2M0 1h2M0 0v1M2 0v1'
    """
    horiz = B[0::2, 1::2] == WALL  # (H+1, W): wall above row r, column c
    vert = B[1::2, 0::2] == WALL  # (H, W+1): wall left of column c, row r
    r, c, n = runs(horiz)
    out = _format("M%s %dh%d", c + x0, r, n)
    c, r, n = runs(vert.T)
    return out + _format("M%s %dv%d", c + x0, r, n)


def _coords(a: np.ndarray) -> list:
    """Coordinates as ints when whole (printed without a decimal point), else short decimals."""
    a = np.asarray(a)
    if np.issubdtype(a.dtype, np.integer) or np.all(a == np.round(a)):
        return np.round(a).astype(np.int64).tolist()
    return [_num(x) for x in a.tolist()]


def _format(pattern: str, x: np.ndarray, *cols: np.ndarray) -> str:
    """``pattern`` repeated for every row of the columns, in one formatting call."""
    n = len(x)
    if n == 0:
        return ""
    values = [_coords(x)] + [_coords(c) for c in cols]
    flat = [v for row in zip(*values) for v in row]
    return (pattern * n) % tuple(flat)


def _updown_path(cells: np.ndarray, bit: int, x0: float, up: bool) -> str:
    r, c = np.nonzero(cells & bit)
    if r.size == 0:
        return ""
    if up:
        return "".join(f"M{_num(x + x0 + 0.5)} {y}.15l.22 .3h-.44z" for y, x in zip(r.tolist(), c.tolist()))
    return "".join(f"M{_num(x + x0 + 0.5)} {y}.85l.22 -.3h-.44z" for y, x in zip(r.tolist(), c.tolist()))


def svg_document(maze: Maze, B: np.ndarray, colours: Mapping[str, tuple[int, int, int]], g: Geometry,
                 *, title: str = "maze", extra: str = "", both: int = -1) -> str:
    """The SVG text of block pictures ``B`` of ``maze`` (``extra`` is inserted before the walls).

    Parameters
    ----------
    maze : Maze
        The maze drawn.
    B : numpy.ndarray
        ``(L, 2H+1, 2W+1)`` palette slots of the picture.
    colours : mapping
        Every palette entry as an ``(r, g, b)`` triple.
    g : Geometry
        Pixel sizes.
    title : str, default "maze"
        The document's title.
    extra : str, default ""
        SVG elements drawn under the walls.
    both : int, default -1
        Flat index of a cell that is both the start and the goal (``-1``: none): when ``B`` paints it
        as the goal, its left half is drawn as the start.

    Returns
    -------
    str
        The SVG document.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.svg import svg_document
    >>> from tremaux.render.blocks import structure
    >>> from tremaux.render.palette import resolve
    >>> from tremaux.render.png import geometry
    >>> m = Maze.open((1, 2))
    >>> svg_document(m, structure(m), resolve(), geometry(m)).startswith("<svg")
    True
    """
    L, H, W = maze.shape3
    table = colour_table(colours)
    hexes = [to_hex(tuple(int(v) for v in row)) for row in table]
    cs = g.cell + g.wall  # pixels per unit: a cell and one wall
    wall_units = g.wall / cs
    gap = max(1.0, g.gap / cs)
    margin = g.margin / cs
    label = 1.0 if L > 1 else 0.0
    width_u = L * W + (L - 1) * gap + 2 * margin
    height_u = H + 2 * margin + label
    vb = f"{_num(-margin)} {_num(-margin - label)} {_num(width_u)} {_num(height_u)}"
    out = [
        f'<svg xmlns="{_NS}" width="{round(width_u * cs)}" height="{round(height_u * cs)}" viewBox="{vb}"'
        + (f' data-tremaux-cells="{H} {W}"{_mask_note(maze)}' if maze.ndim == 2 else _levels_note(maze, gap))
        + ">",  # counts the cells of a maze without inner walls; its mask tells a hole from a closed cell
        f"<title>{title}</title>",
        f'<rect x="{_num(-margin)}" y="{_num(-margin - label)}" width="{_num(width_u)}" '
        f'height="{_num(height_u)}" fill="{hexes[BG]}"/>',
    ]
    cells = maze.cells.reshape(L, H, W)
    for lv in range(L):
        x0 = lv * (W + gap)
        slots = B[lv, 1::2, 1::2]
        present = np.unique(slots)
        for slot in present.tolist():
            if slot == BG or (slot == FLOOR and hexes[FLOOR] == hexes[BG]):
                continue
            d = cell_runs_path(slots, slot, x0)
            out.append(f'<path fill="{hexes[slot]}" d="{d}"/>')
        if both >= 0 and np.unravel_index(both, (L, H, W))[0] == lv:
            _, r, c = np.unravel_index(both, (L, H, W))
            if slots[r, c] == SLOTS["goal"]:
                out.append(f'<path fill="{hexes[SLOTS["start"]]}" d="M{_num(int(c) + x0)} {int(r)}h.5v1h-.5z"/>')
        if L > 1:
            out.append(f'<text x="{_num(x0)}" y="-.25" font-family="sans-serif" font-size=".8" '
                       f'fill="{hexes[WALL]}">level {lv}</text>')
            for bit, up in ((16, True), (32, False)):
                d = _updown_path(cells[lv], bit, x0, up)
                if d:
                    out.append(f'<path fill="{to_hex(colours["updown"])}" d="{d}"/>')
    if extra:
        out.append(extra)
    walls = "".join(wall_path(B[lv], lv * (W + gap)) for lv in range(L))
    if walls:
        out.append(
            f'<path fill="none" stroke="{hexes[WALL]}" stroke-width="{_num(wall_units)}" '
            f'stroke-linecap="square" d="{walls}"/>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _levels_note(maze: Maze, gap: float) -> str:
    """The ``data-tremaux-levels`` attribute of the drawing of a maze with levels (:mod:`tremaux.io._levels`)."""
    from ..io._levels import levels_note  # the reader's own format, as the PNG's note

    return f' data-tremaux-levels="{levels_note(maze, f"gap={_num(gap)}")}"'


def _mask_note(maze: Maze) -> str:
    """The ``data-tremaux-mask`` attribute of a masked maze's drawing (empty for a maze with no mask)."""
    if maze.mask is None:
        return ""
    from ..io._notes import mask_bits  # the reader's own format, as the PNG's note

    return f' data-tremaux-mask="{mask_bits(maze.mask.reshape(maze.shape3[1:]))}"'


def to_svg(
    obj: Any,
    *,
    cell_size: int | None = None,
    wall_width: int | None = None,
    margin: int | None = None,
    palette: Mapping[str, object] | None = None,
    path: Any = None,
    visited: Any = None,
    marks: Any = None,
    heat: Any = None,
    start: Any = True,
    goal: Any = True,
) -> str:
    """Draw a maze, a solution or a generation result as SVG text.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw; a solution brings its path, visited cells and Tremaux marks. A maze on another grid, or
        a run on one, is drawn by :func:`tremaux.grids.to_svg` (the options read by
        :func:`tremaux.grids.options.still`).
    cell_size, wall_width, margin : int, optional
        Sizes in pixels of the drawing (one cell is ``cell_size + wall_width``
        pixels); the picture scales without loss.
    palette : mapping, optional
        Colours replacing entries of :data:`tremaux.render.PALETTE`.
    path, visited, marks, heat, start, goal
        Overlays, see :func:`tremaux.render.scene.scene`.

    Returns
    -------
    str
        A standalone SVG document.

    Examples
    --------
    >>> from tremaux.render import to_svg
    >>> from tremaux import Maze
    >>> svg = to_svg(Maze.closed((1, 2)), cell_size=9, wall_width=1, margin=0)
    >>> 'd="M0 0h2M0 1h2M0 0v1M1 0v1M2 0v1"' in svg
    True
    """
    from .. import budget

    drawn = on_grid(obj, "svg", cell_size=cell_size, wall_width=wall_width, margin=margin, palette=palette,
                     path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal)
    if drawn is not None:  # a maze on another grid: tremaux.grids.to_svg draws it, the same text
        return drawn
    maze = maze_of(obj)
    g = geometry(maze, cell_size, wall_width, margin)
    budget.check(budget.svg_bytes(maze.flat.shape[0]), f"an SVG of a maze of {maze.flat.shape[0]:,} cells")
    sc = scene(obj, path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal)
    return svg_document(maze, blocks(sc), resolve(palette), g, both=sc.start if sc.start == sc.goal else -1)
