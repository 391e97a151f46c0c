"""Pictures of mazes on any grid: SVG (segments and arcs) and PNG (Pillow), from the grid's geometry.

A wall is drawn for every closed side (once for two neighbours, twice across
the seam of a wrapped grid, where the two copies sit at opposite borders). The
solution is a line through the cell centres (broken where it crosses a seam),
visited cells are dots. A woven maze is drawn as passages on a dark ground
instead, so a tunnel can be seen to pass under the bridge above it.

Examples
--------
>>> from tremaux.grids import to_svg, to_png
>>> from tremaux.grids import make_grid, generate_on
>>> m = generate_on(make_grid("polar", rings=3), seed=2).maze
>>> svg = to_svg(m)
>>> svg.startswith("<svg") and " A " in svg
True
>>> to_png(m)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

import io
import math
from typing import Any

import numpy as np

from ..errors import TremauxError
from . import cost
from .grid import ARC, article
from ._walls import _Scene, _cross, _drawn_walls
from .maze import GridMaze, _with_solution
from .ends import end_dots
from .passages import mark_lines
from .style import Style

__all__ = ["to_svg", "to_png", "save_picture", "outlines", "Style", "MAX_DRAW_CELLS", "check_draw_size"]

MAX_DRAW_CELLS = 250_000
"""Largest maze drawn as a picture."""


def check_draw_size(cells: int) -> None:
    """Refuse a picture of a maze of ``cells`` cells, over :data:`MAX_DRAW_CELLS`, before the maze is made.

    Parameters
    ----------
    cells : int
        The maze's (or the grid's) number of cells.

    Raises
    ------
    TremauxError
        Over :data:`MAX_DRAW_CELLS` cells.

    Examples
    --------
    >>> from tremaux.grids.draw import check_draw_size
    >>> check_draw_size(100)
    >>> check_draw_size(10**6)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: a maze of 1,000,000 cells is too large to draw; the limit is 250,000
    """
    if cells > MAX_DRAW_CELLS:
        raise TremauxError(f"a maze of {cells:,} cells is too large to draw; the limit is {MAX_DRAW_CELLS:,}")


def _check_args(maze: Any, solution: Any, style: Any, heat: Any = False, marks: Any = True) -> None:
    """Refuse what is not a :class:`GridMaze`, a :class:`Style`, or a solution of this very maze (another maze's
    path would be drawn through walls), and switches that are not bools (``heat=1``)."""
    from .._args import switch
    from .solve import GridSolution

    switch(heat, "heat")
    switch(marks, "marks")
    if not isinstance(maze, GridMaze):
        raise TremauxError(f"a grid picture draws a GridMaze, not {type(maze).__name__}")
    if style is not None and not isinstance(style, Style):
        raise TremauxError(f"style must be a tremaux.grids.Style, not {type(style).__name__}")
    if solution is not None and (not isinstance(solution, GridSolution) or not (
            solution.maze.grid == maze.grid and np.array_equal(solution.maze.cells, maze.cells))):
        what = type(solution).__name__ if not isinstance(solution, GridSolution) else "the solution of another maze"
        raise TremauxError(f"solution must be a GridSolution of this maze (tremaux.grids.solve_on), not {what}")


def _check_picture(grid: Any, what: str, svg: bool = False) -> None:
    """Refuse, before the geometry is made, a picture over the memory limit (or over :data:`MAX_DRAW_CELLS`)."""
    check_draw_size(grid.size)
    cost.check(cost.picture_bytes(grid, svg=svg), f"{what} of {article(grid.name)} {grid.name} maze of "
               f"{grid.size:,} cells")


def _scene(maze: GridMaze, style: Style) -> _Scene:
    grid = maze.grid
    if grid.size > MAX_DRAW_CELLS:
        raise TremauxError(f"a maze of {grid.size:,} cells is too large to draw; the limit is {MAX_DRAW_CELLS:,}")
    geo = grid.geometry()
    draw = _drawn_walls(grid, maze.cells)
    x0, y0, x1, y1 = geo.bounds
    k, m = style.cell, style.margin
    ox, oy = m - x0 * k, m - y0 * k
    seg = geo.ends[draw & (geo.kind != ARC)] * k + np.array([ox, oy, ox, oy])
    arc_sel = draw & (geo.kind == ARC)
    ae = geo.ends[arc_sel]
    r = geo.radius[arc_sel]
    a0 = np.arctan2(ae[:, 1], ae[:, 0])
    a1 = np.arctan2(ae[:, 3], ae[:, 2])
    a1 = np.where(a1 <= a0 + 1e-12, a1 + 2 * np.pi, a1)
    arcs = np.concatenate([ae * k + np.array([ox, oy, ox, oy]), (r * k)[:, None], a0[:, None], a1[:, None]], 1)
    cen = geo.centres * k + np.array([ox, oy])
    return _Scene(seg, arcs, cen, (ox, oy), int(np.ceil((x1 - x0) * k + 2 * m)), int(np.ceil((y1 - y0) * k + 2 * m)))


def outlines(maze: GridMaze, style: Style | None = None) -> list[np.ndarray]:
    """Each cell's outline as a polygon in picture pixels (arcs sampled every few degrees).

    The sides are taken clockwise around the cell centre and each is oriented clockwise, so the
    points chain into one polygon whatever the grid. Every cell is computed at once (no loop over cells).

    Parameters
    ----------
    maze : GridMaze
        The maze whose grid is drawn.
    style : Style, optional
        Sizes of the picture; the default :class:`Style` when not given.

    Returns
    -------
    list of numpy.ndarray
        One ``(k, 2)`` float array of ``(x, y)`` points per cell, in index order.

    Examples
    --------
    >>> from tremaux.grids.draw import outlines
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> shapes = outlines(maze)
    >>> len(shapes), shapes[0].shape
    (6, (12, 2))
    """
    st = style or Style()
    geo = maze.grid.geometry()
    x0, y0, _, _ = geo.bounds
    k, m = st.cell, st.margin
    ox, oy = m - x0 * k, m - y0 * k
    n = maze.grid.size
    c = geo.centres[:, None, :]
    e = geo.ends
    present = geo.kind > 0
    # sides in clockwise order around the centre (absent sides last)
    mids = np.arctan2((e[..., 1] + e[..., 3]) / 2 - c[..., 1], (e[..., 0] + e[..., 2]) / 2 - c[..., 0])
    order = np.argsort(np.where(present, mids, np.inf), axis=1, kind="stable")
    rows = np.arange(n)[:, None]
    kind, ends, rad = geo.kind[rows, order], e[rows, order], geo.radius[rows, order]
    arc = kind == ARC
    t0 = np.arctan2(ends[..., 1], ends[..., 0])
    t1 = np.arctan2(ends[..., 3], ends[..., 2])
    t1 = np.where(arc & (t1 <= t0), t1 + 2 * np.pi, t1)
    with np.errstate(invalid="ignore"):
        count = np.where(arc, np.maximum(2, (np.degrees(t1 - t0) / 5).astype(np.int64) + 2), 2)
    count = np.where(kind > 0, count, 0)
    # an arc's first and last samples, or a segment's ends: reversed when they run anticlockwise
    p0 = np.where(arc[..., None], np.stack([rad * np.cos(t0), rad * np.sin(t0)], -1), ends[..., :2])
    p1 = np.where(arc[..., None], np.stack([rad * np.cos(t1), rad * np.sin(t1)], -1), ends[..., 2:])
    rev = _cross(p0 - c, p1 - c) < 0
    flat = count.ravel()
    side = np.repeat(np.arange(flat.size), flat)  # the (cell, side) of every point
    j = np.arange(side.size) - np.repeat(np.cumsum(flat) - flat, flat)  # the point's place along its side
    last = flat[side] - 1
    j = np.where(rev.ravel()[side], last - j, j)
    is_arc = arc.ravel()[side]
    a0, a1 = t0.ravel()[side], t1.ravel()[side]
    step = (a1 - a0) / np.maximum(last, 1)
    ts = np.where(j == last, a1, j * step + a0)  # as numpy.linspace samples them
    r = rad.ravel()[side]
    sx, sy = ends.reshape(-1, 4)[side].T[[0, 1]], ends.reshape(-1, 4)[side].T[[2, 3]]
    end = j == last
    pts = np.where(is_arc[:, None], np.stack([r * np.cos(ts), r * np.sin(ts)], 1),
                   np.where(end[:, None], sy.T, sx.T))
    pts = pts * k + np.array([ox, oy])
    return np.split(pts, np.cumsum(count.sum(1))[:-1])


def _points_text(polys: list[np.ndarray]) -> list[str]:
    """Each polygon's ``points`` attribute (``x,y`` pairs to 0.1 pixel), all formatted in one operation."""
    if not polys:
        return []
    template = "\n".join(("%.1f,%.1f " * len(p))[:-1] for p in polys)
    return (template % tuple(np.concatenate(polys).ravel().tolist())).split("\n")


def _wall_path(sc: _Scene) -> str:
    """The SVG path data of every wall of a scene: a segment as ``M..L..``, an arc as ``M.. A ..``."""
    d = ["M%.2f %.2fL%.2f %.2f" % tuple(row) for row in sc.segments.tolist()]
    cx, cy = sc.origin
    for x0, y0, x1, y1, r, a0, a1 in sc.arcs.tolist():
        if a1 - a0 >= 2 * np.pi - 1e-9:  # a whole ring: two half arcs
            d.append(f"M{cx + r:.2f} {cy:.2f}A{r:.2f} {r:.2f} 0 1 1 {cx - r:.2f} {cy:.2f}"
                     f"A{r:.2f} {r:.2f} 0 1 1 {cx + r:.2f} {cy:.2f}")
        else:
            d.append(f"M{x0:.2f} {y0:.2f} A {r:.2f} {r:.2f} 0 {1 if a1 - a0 > np.pi else 0} 1 {x1:.2f} {y1:.2f}")
    return "".join(d)


def _arc_points(sc: _Scene) -> list[list[tuple[float, float]]]:
    """Each arc of a scene as a polyline whose chords stray at most a quarter pixel from the circle."""
    cx, cy = sc.origin
    out = []
    for _x0, _y0, _x1, _y1, r, a0, a1 in sc.arcs.tolist():
        step = min(math.radians(5), math.sqrt(2.0 / max(r, 1e-9)))  # sagitta r * step**2 / 8 <= 1/4 pixel
        ts = np.linspace(a0, a1, max(2, math.ceil((a1 - a0) / step) + 1))
        out.append(list(zip((cx + r * np.cos(ts)).tolist(), (cy + r * np.sin(ts)).tolist())))
    return out


def _heat(maze: GridMaze, style: Style) -> list[str]:
    """A colour per cell along the palette's heat gradient (``heat_near`` at the start to ``heat_far`` at the
    farthest cell), unreachable cells the floor colour, as on square mazes."""
    from ..kernels import graph_solve as kgs
    from ..render.palette import HEAT_LEVELS, parse_colour

    d = kgs.bfs_distances(maze.grid.nbr, kgs.as_cells(maze.cells), maze.start_index).astype(float)
    top = max(1.0, d.max())
    near = np.array(parse_colour(style.colour("heat_near"), "heat_near"), float)
    far = np.array(parse_colour(style.colour("heat_far"), "heat_far"), float)
    level = np.rint(np.clip(d, 0, None) * ((HEAT_LEVELS - 1) / top)) / (HEAT_LEVELS - 1)  # the square's steps
    rgb = np.rint(near + (far - near) * level[:, None]).astype(int).tolist()
    floor = style.colour("floor")
    return [floor if v < 0 else "#%02x%02x%02x" % tuple(c) for v, c in zip(d.tolist(), rgb)]


def _weave_ops(maze: GridMaze, sc: _Scene, st: Style) -> list[tuple[np.ndarray, str, float]]:
    """A woven maze drawn as passages: tunnels first, then passages, then each bridge over a dark casing.

    Returns ``(points, colour, width)`` strokes in drawing order.
    """
    grid = maze.grid
    S = grid.sides // 2
    cen = sc.centres
    bits = ((maze.cells[:, None].astype(np.int64) >> np.arange(2 * S)) & 1).astype(bool)
    i, s = np.nonzero(bits)
    j = grid.nbr[i, s]
    keep = i < j
    i, s, j = i[keep], s[keep], j[keep]
    tunnel = s >= S
    bridge = np.zeros(grid.size, bool)
    bridge[grid.nbr[i[tunnel], s[tunnel] - S]] = True
    w = st.cell * 0.55
    light, dark = st.colour("background"), st.colour("wall")
    ops: list[tuple[np.ndarray, str, float]] = []
    for a, b in zip(i[tunnel], j[tunnel]):
        ops.append((cen[[a, b]], light, w))
    over = ~tunnel & (bridge[i] | bridge[j])
    for a, b in zip(i[~tunnel & ~over], j[~tunnel & ~over]):
        ops.append((cen[[a, b]], light, w))
    for a, b in zip(i[over], j[over]):
        c = a if bridge[a] else b
        half = (cen[a] + cen[b]) / 2
        ops.append((np.stack([cen[c], half]), dark, w + 2 * st.wall))
    for a, b in zip(i[over], j[over]):
        ops.append((cen[[a, b]], light, w))
    return ops


def _path_runs(sol: Any, cen: np.ndarray, style: Style) -> list[np.ndarray]:
    """The solution's centres, split where consecutive cells are far apart on the picture (a seam)."""
    if sol is None or not sol.found or sol.path.shape[0] == 0:
        return []
    pts = cen[sol.path]
    gaps = np.hypot(*np.diff(pts, axis=0).T) > 2.5 * style.cell
    cuts = np.flatnonzero(gaps) + 1
    return [p for p in np.split(pts, cuts) if len(p)]


def to_svg(maze: GridMaze, *, solution: Any = None, style: Style | None = None, heat: bool = False,
           marks: bool = True) -> str:
    """An SVG picture of ``maze`` (and of ``solution``'s path and visited cells, if given).

    Parameters
    ----------
    maze : GridMaze
    solution : GridSolution, optional
    style : Style, optional
    heat : bool, default False
        Fill each cell by its distance from the start (light near, dark far).
    marks : bool, default True
        Draw Tremaux's marks when ``solution`` has them (``solve_on(..., "tremaux", record=True)``):
        a line from each cell halfway along each passage, pale yellow for one mark, gray for two.

    Returns
    -------
    str

    Raises
    ------
    TremauxError
        For a maze above :data:`MAX_DRAW_CELLS` cells.

    Examples
    --------
    >>> from tremaux.grids import to_svg
    >>> from tremaux.grids import make_grid, generate_on, solve_on
    >>> m = generate_on(make_grid("hex", size=(3, 4)), seed=1, braid=1.0).maze
    >>> sol = solve_on(m, "tremaux", record=True)
    >>> "#d6d69a" in to_svg(m, solution=sol), "#d6d69a" in to_svg(m, solution=sol, marks=False)
    (True, False)
    >>> to_svg(m).startswith("<svg")
    True

    """
    maze, solution = _with_solution(maze, solution, "to_svg")  # a GridSolution given as the maze: its path too
    _check_args(maze, solution, style, heat, marks)
    st = style or Style()
    _check_picture(maze.grid, "an SVG", svg=True)
    sc = _scene(maze, st)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{sc.width}" height="{sc.height}" '
           f'viewBox="0 0 {sc.width} {sc.height}">',
           f'<rect width="100%" height="100%" fill="{st.colour("background")}"/>']
    dot = max(1.0, st.cell * 0.15)
    if heat:
        polys = outlines(maze, st)
        out.append("<g>" + "".join(f'<polygon points="{pts}" fill="{col}"/>'
                                   for pts, col in zip(_points_text(polys), _heat(maze, st))) + "</g>")
    if solution is not None:
        vis = sc.centres[np.asarray(solution.visited, bool)]
        out.append(f'<g fill="{st.colour("visited")}">' + "".join(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{dot:.1f}"/>' for x, y in vis) + "</g>")
    if marks:
        w = max(1.0, st.cell / 4)
        out.append("<g>" + "".join(f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{c:.1f}" y2="{e:.1f}" stroke="{col}" '
                                   f'stroke-width="{w:.1f}" stroke-linecap="round"/>'
                                   for (a, b, c, e), col in mark_lines(maze, solution, st)) + "</g>")
    if "weave" in maze.grid.params:
        out[1] = f'<rect width="100%" height="100%" fill="{st.colour("wall")}"/>'
        for pts, colour, width in _weave_ops(maze, sc, st):
            (x0, y0), (x1, y1) = pts
            out.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{colour}" '
                       f'stroke-width="{width:.1f}" stroke-linecap="{"round" if colour != st.colour("wall") else "butt"}"/>')
    d = _wall_path(sc)
    out.append(f'<path d="{d}" stroke="{st.colour("wall")}" stroke-width="{st.wall:g}" '
               'stroke-linecap="round" fill="none"/>')
    for run in _path_runs(solution, sc.centres, st):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
        out.append(f'<polyline points="{pts}" stroke="{st.colour("path")}" stroke-width="{max(1.0, st.cell / 5):.1f}" '
                   'fill="none" stroke-linejoin="round" stroke-linecap="round"/>')
    for key, x, y, r in end_dots(maze, st, sc.centres):
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{st.colour(key)}"/>')
    out.append("</svg>")
    return "\n".join(out)


def to_png(maze: GridMaze, *, solution: Any = None, style: Style | None = None, heat: bool = False,
           marks: bool = True) -> bytes:
    """A PNG picture of ``maze`` (and of ``solution``, and the distance ``heat`` map), drawn with Pillow;
    see :func:`to_svg`.

    Parameters
    ----------
    maze : GridMaze
        The maze to draw.
    solution : GridSolution, optional
        Its path and visited cells are drawn too.
    style : Style, optional
        Sizes and colours.
    heat : bool, default False
        Fill each cell by its distance from the start.
    marks : bool, default True
        Draw Tremaux's marks when ``solution`` has them, as :func:`to_svg` does.

    Returns
    -------
    bytes

    Examples
    --------
    >>> from tremaux.grids import to_png
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> to_png(maze)[1:4]
    b'PNG'
    """
    maze, solution = _with_solution(maze, solution, "to_png")
    _check_args(maze, solution, style, heat, marks)
    _check_picture(maze.grid, "a PNG")  # before anything is imported or made
    from ..render.png import _level_for

    img, sc = _image(maze, solution, style or Style(), heat, marks)
    buf = io.BytesIO()
    from ..io._notes import grid_note
    from ..render.notes import png_info

    # as square mazes are written; the note makes the picture reader refuse it by name
    img.save(buf, format="PNG", compress_level=_level_for(sc.width, sc.height), pnginfo=png_info(grid_note(maze.grid)))
    return buf.getvalue()


def _image(maze: GridMaze, solution: Any, st: Style, heat: bool, marks: bool) -> tuple[Any, _Scene]:
    """The Pillow image of :func:`to_png` (checked arguments), and its scene; the text drawing reads its pixels."""
    from PIL import Image, ImageDraw

    sc = _scene(maze, st)
    cost.check(cost.picture_bytes(maze.grid, pixels=sc.width * sc.height), f"a PNG of {sc.width} x {sc.height} pixels")
    woven = "weave" in maze.grid.params
    # an indexed image (Pillow gives each colour a palette entry as it is first drawn): a third of the bytes
    # to compress, and the picture uses a few named colours and at most HEAT_LEVELS of the heat gradient
    img = Image.new("P", (sc.width, sc.height), st.colour("wall" if woven else "background"))
    dr = ImageDraw.Draw(img)
    w = max(1, int(round(st.wall)))
    if woven:
        for pts, colour, width in _weave_ops(maze, sc, st):
            dr.line([tuple(p) for p in pts], fill=colour, width=max(1, int(round(width))))
            if colour != st.colour("wall"):
                r = width / 2
                for x, y in pts:
                    dr.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    dot = max(1.0, st.cell * 0.15)
    if heat:
        for poly, col in zip(outlines(maze, st), _heat(maze, st)):
            dr.polygon([tuple(p) for p in poly], fill=col)
    if solution is not None:
        for x, y in sc.centres[np.asarray(solution.visited, bool)]:
            dr.ellipse((x - dot, y - dot, x + dot, y + dot), fill=st.colour("visited"))
    if marks:
        for (a, b, c, e), col in mark_lines(maze, solution, st):
            dr.line((a, b, c, e), fill=col, width=max(1, int(st.cell / 4)))
    for a, b, c, e in sc.segments:
        dr.line((a, b, c, e), fill=st.colour("wall"), width=w)
    cx, cy = sc.origin
    for points in _arc_points(sc):  # as short chords: Pillow's arc scans the whole circle's box for each arc
        dr.line(points, fill=st.colour("wall"), width=w, joint="curve" if len(points) > 2 else None)
    for run in _path_runs(solution, sc.centres, st):
        if len(run) > 1:
            dr.line([tuple(p) for p in run], fill=st.colour("path"), width=max(1, int(st.cell / 5)), joint="curve")
    for key, x, y, q in end_dots(maze, st, sc.centres):
        dr.ellipse((x - q, y - q, x + q, y + q), fill=st.colour(key))
    return img, sc


def save_picture(maze: GridMaze, path: Any, *, solution: Any = None, style: Style | None = None,
                 heat: bool = False, marks: bool = True, format: str | None = None) -> None:
    """Write ``maze`` to ``path`` as .svg or .png (the format chosen as by every writer: :mod:`tremaux.io.outputs`).

    Parameters
    ----------
    maze : GridMaze
        The maze to draw (or what ``generate_on`` or ``solve_on``, drawn with its path, returns; or a square Maze).
    path : str or os.PathLike
        The file; ``.svg`` or ``.png``.
    solution : GridSolution, optional
        Its path and visited cells are drawn too.
    style : Style, optional
        Sizes and colours.
    heat : bool, default False
        Fill each cell by its distance from the start.
    marks : bool, default True
        Draw Tremaux's marks when ``solution`` has them.
    format : str, optional
        ``svg`` or ``png``; by default the one the extension names.

    Raises
    ------
    TremauxError
        For another format (animations: :func:`tremaux.grids.animate.save_animation`).
    MissingFolderError
        When the folder of ``path`` does not exist (a :class:`FileNotFoundError` too), before the drawing.

    Examples
    --------
    >>> from tremaux.grids import save_picture
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "hex.svg"
    >>> save_picture(maze, out)
    >>> out.read_text().startswith("<svg")
    True
    """
    from pathlib import Path

    maze, solution = _with_solution(maze, solution, "save_picture")  # what generate_on or solve_on returns, a Maze
    from .._write import write_file

    from ..io.outputs import check_folder, output_format

    p = Path(path)
    fmt = output_format(p, format, accepts=("png", "svg"), writer=f"a picture of {article(maze.grid.name)} {maze.grid.name} maze",
                        hint="animations: tremaux.grids.animate.save_animation, .gif or .svg")
    check_folder(p)  # before the drawing
    if fmt == "svg":
        write_file(p, to_svg(maze, solution=solution, style=style, heat=heat, marks=marks))
    else:
        write_file(p, to_png(maze, solution=solution, style=style, heat=heat, marks=marks))


def _notebook_svg(obj: Any) -> str:
    """The picture a notebook shows of a grid maze, or of a run on one (their ``_repr_svg_``)."""
    return to_svg(obj) if isinstance(obj, GridMaze) else to_svg(obj.maze, solution=obj)

