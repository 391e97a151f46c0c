"""SVG drawings of square mazes read as mazes: walls drawn as lines or paths.

Online generators (mazegenerator.net's SVG: ``<line>`` elements or one
``<path>``), plotting scripts (matplotlib's ``savefig("maze.svg")``),
svgwrite scripts and tremaux's own :func:`tremaux.render.to_svg` draw a
square maze as straight lines. They are read from the drawing itself, not
from a picture of it (:mod:`tremaux.io._svg_parse` reads the XML safely,
with the transforms of groups and the styles of the lines):

1. every drawn line must be horizontal or vertical (after the transforms);
   the walls' colour is the one drawn longest;
2. the walls' columns are the largest lattice step that puts every vertical
   wall on a lattice line (within :data:`LATTICE_SLACK` of a cell), the
   leftmost and rightmost walls being the outer wall; a wall's ends lie on
   lattice lines too, within half the line's width (lines drawn past the
   corner): when they do not, the lattice is refined to hold them, each
   new line holding a wall's end or a filled cell's side, or making cells
   as square as the other direction's; likewise for the rows. Filled runs
   of cells one row tall (tremaux's path, start and goal) refine a lattice
   the walls leave too coarse (an open maze), and so does the note
   ``data-tremaux-cells="H W"`` on the root of tremaux's own drawings;
3. each wall is laid on the lattice sides it covers; a line of another
   colour along the middles of the cells (a solution drawn over the maze)
   is left out, and any other line off the lattice is refused;
4. the start and goal are the cells filled red and green (as tremaux draws
   them) or else the first two gaps in the outer wall in reading order;
   cells outside a ragged outline (a masked maze) are masked, as for
   pictures (:mod:`tremaux.io._walls`).

A drawing whose lines are wider than the room between them, from a cell's
middle to its neighbour's, draws the corridors rather than the walls: it is
read as such when the lines are lighter than the ground or do not close the
drawing, and refused otherwise (:mod:`tremaux.io._svg_open`). A maze without
any inner wall is read when each side of a cell is drawn as a line of its
own (their ends count the cells); drawn in longer lines, it is refused.

A drawing that is not that is refused in one line naming what is not
understood (curves, outlined circles, lines at an angle, walls drawn as
filled shapes, two drawings side by side), rather than read as a wrong
maze. Filled dots (``<circle>``, ``<ellipse>``) only colour the cells under
them: a red one marks the start, a green one the goal.

Examples
--------
>>> from tremaux import generate
>>> from tremaux.render import to_svg
>>> from tremaux.io.svg import loads
>>> m = generate((4, 6), "kruskal", seed=3).maze
>>> loads(to_svg(m)) == m
True
>>> loads('<svg xmlns="http://www.w3.org/2000/svg"><circle r="5" stroke="black"/></svg>')
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: SVG drawing not read: it draws a circle as a line; only straight lines on a square lattice are read
"""

from __future__ import annotations

import numpy as np

from .. import budget
from ..errors import MazeFormatError
from ..maze.model import Maze
from ._levels import drawing_levels, read_levels_note
from ._svg_open import corridors as _corridors
from ._svg_parse import Drawing, parse
from ._notes import read_mask_bits
from ._walls import maze_of_walls

__all__ = ["CELL_BYTES", "LATTICE_SLACK", "MAX_SIDE", "loads"]

LATTICE_SLACK = 0.1
"""How far (a share of a cell) a line may lie from its lattice line: rounding in the file, not a drawing's shape."""

MAX_SIDE = 20_000
"""Cells along a side at most."""

CELL_BYTES = 64
"""Peak bytes per cell of laying the walls on the lattice (the last line over each side, its walls, colours)."""


def _fail(what: str, source: str | None) -> MazeFormatError:
    return MazeFormatError(f"SVG drawing not read: {what}", source=source)


def loads(text: str, *, source: str | None = None) -> Maze:
    """Read the maze of an SVG drawing (see the module).

    Parameters
    ----------
    text : str
        The SVG document.
    source : str, optional
        Name shown in error messages.

    Returns
    -------
    Maze
        The maze drawn.

    Raises
    ------
    MazeFormatError
        When the document is not XML, declares entities, or draws something
        other than a square maze of straight walls (the message names it).

    Examples
    --------
    >>> from tremaux.io.svg import loads
    >>> svg = '''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 30">
    ... <g stroke="black" stroke-width=".1" fill="none" transform="translate(5 5) scale(10)">
    ... <path d="M1 0H2V2H1M0 0V2M0 1h1"/>
    ... </g></svg>'''
    >>> m = loads(svg)
    >>> m.shape, m.start, m.goal, m.passages
    ((2, 2), (0, 0), (1, 0), 3)
    """
    return _read(parse(text, source), source)


def _fit(values: np.ndarray) -> tuple[float, float, int] | None:
    """``(origin, step, count)`` of the coarsest lattice holding every value, or None."""
    lo, hi = float(values.min()), float(values.max())
    extent = hi - lo
    if extent <= 0:
        return None
    u = np.unique(np.round((values - lo) / extent, 9))  # where the lines lie, 0 to 1
    sample = u[np.linspace(0, u.size - 1, min(u.size, 64)).astype(np.int64)]
    counts = np.arange(1, MAX_SIDE + 1)
    r = sample[None, :] * counts[:, None]
    for n in counts[(np.abs(r - np.round(r)) <= LATTICE_SLACK).all(axis=1)].tolist():
        r = u * n
        if np.abs(r - np.round(r)).max() <= LATTICE_SLACK:
            return lo, extent / n, n
    return None


def _read(d: Drawing, source: str | None = None) -> Maze:
    """The maze of a parsed drawing (see :func:`loads`)."""
    note = None if d.levels is None else read_levels_note(d.levels, source)
    if note is not None:  # tremaux's drawing of a maze with levels: read level by level
        return drawing_levels(d, note, source, _read)
    seg, colour = d.segments()
    if len(seg) == 0:
        raise _fail("it draws no lines (the walls are read from its lines and paths)", source)
    x1, y1, x2, y2, w = seg.T
    size = max(float(np.ptp(np.r_[x1, x2])), float(np.ptp(np.r_[y1, y2])), 1e-300)
    dx, dy = np.abs(x2 - x1), np.abs(y2 - y1)
    keep = np.maximum(dx, dy) > size * 1e-9  # dots drawn by zero-length lines show nothing of the lattice
    seg, colour, x1, y1, x2, y2, w, dx, dy = (a[keep] for a in (seg, colour, x1, y1, x2, y2, w, dx, dy))
    slant = np.minimum(dx, dy) > 1e-6 * np.maximum(dx, dy)
    if slant.any():
        k = int(np.argmax(slant))
        raise _fail(f"{int(slant.sum())} lines at an angle (the first from ({x1[k]:g}, {y1[k]:g}) to ({x2[k]:g}, "
                    f"{y2[k]:g})): only square mazes of horizontal and vertical walls are read", source)
    horiz = dx > dy
    length = np.maximum(dx, dy)
    inks, where = np.unique(colour, return_inverse=True)
    ink = int(inks[np.argmax(np.bincount(where, weights=length))])
    drawn = _corridors(np.c_[x1, y1, x2, y2, w], colour, ink, _ground(d, seg), _fit, _on, LATTICE_SLACK)
    if drawn is not None:  # the passages drawn, not the walls (see _svg_open)
        east, south, xs, ys = drawn
        budget.check(CELL_BYTES * (ys[2] + 1) * (xs[2] + 1), f"reading an SVG maze of {ys[2]} x {xs[2]} cells")
        return maze_of_walls(east, south, _cell_colours(d, xs, ys, ink, source))
    wall = colour == ink
    vx, hy = x1[wall & ~horiz], y1[wall & horiz]
    if vx.size == 0 or hy.size == 0:
        raise _fail("its walls are not both horizontal and vertical lines", source)
    rects = _rects(d, ink)
    lattice = [_fit(vx), _fit(hy)]
    counted = [False, False]
    for axis, (across, ends_a, ends_b, name) in enumerate(((vx, x1[wall & horiz], x2[wall & horiz], "columns"),
                                                           (hy, y1[wall & ~horiz], y2[wall & ~horiz], "rows"))):
        fit = lattice[axis]
        if fit is None:
            raise _fail(f"no lattice of {name} holds its walls (the outer wall has no two sides, or the lines lie "
                        "unevenly)", source)
        ends = np.r_[ends_a, ends_b]
        half = np.r_[w[wall & horiz], w[wall & horiz]] if name == "columns" else np.r_[w[wall & ~horiz], w[wall & ~horiz]]
        if ends.size and not _on(ends, fit, half / 2).all():
            finer = _fit(np.r_[across, ends])
            if finer is None or finer[2] % fit[2] or not _on(ends, finer, 0 * half).all():
                raise _fail(f"its walls end between the lattice's posts (no lattice of {name} holds them)", source)
            o, p, n = finer  # lines no wall lies on, held by walls' ends; a line between them holds some
            seen = np.zeros(n + 1, bool)
            seen[np.clip(np.round((np.r_[across, ends] - o) / p), 0, n).astype(np.int64)] = True
            counted[axis] = bool(seen.all())  # every line holds a wall or a wall's end: walls drawn side by side
            edges = rects[:, [0, 2]].ravel() if name == "columns" else rects[:, [1, 3]].ravel()
            edges = edges[_on(edges, finer, np.zeros(1))]  # cells filled (a path, the ends) show lines too
            seen[np.clip(np.round((edges - o) / p), 0, n).astype(np.int64)] = True
            seen[::n // fit[2]] = True
            other = lattice[1 - axis]
            square = other is not None and abs(p - other[1]) <= LATTICE_SLACK * other[1]  # cells as the other way
            if not seen.all() and not square:
                raise _fail(f"its walls end between the lattice's posts (no wall lies on or ends on {name[:-1]} "
                            f"line {int(np.argmin(seen))} of the {n + 1} that would hold them)", source)
            fit = finer
        lattice[axis] = fit
    lattice = _cell_runs(rects, lattice, vx, hy)
    if d.cells is not None:  # tremaux's note: its cells, drawn a unit apart from (0, 0), as the walls' lattice
        noted = [(0.0, 1.0, m) for m in (d.cells[1], d.cells[0])]
        if all(abs(o) <= LATTICE_SLACK and n and m % n == 0 and abs(p * n / m - 1) <= LATTICE_SLACK
               for (o, p, n), (_, _, m) in zip(lattice, noted)):
            lattice, counted = noted, [True, True]
    (x0, px, W), (y0, py, H) = lattice
    budget.check(CELL_BYTES * (H + 1) * (W + 1), f"reading an SVG maze of {H} x {W} cells")
    step = min(px, py)
    thick = float(np.median(w[wall]))
    if thick >= step:
        raise _fail(f"its lines are {thick:g} wide around cells {step:g} wide: not a line maze", source)
    if 2 * thick > step:  # wider than the room between them: walls are not (corridors drawn as lines may be)
        raise _fail(f"its lines are {thick:g} wide {step:g} apart, wider than the room between them: whether they "
                    "are walls or corridors is unclear", source)
    colours = _cell_colours(d, (x0, px, W), (y0, py, H), ink, source)
    packed = (colours[..., 0].astype(np.int64) << 16 | colours[..., 1].astype(np.int64) << 8 | colours[..., 2]).ravel()
    values, counts = np.unique(packed, return_counts=True)
    ground = int(values[np.argmax(counts)])  # the colour of most cells: lines in it paint walls over
    east, south = _lay(x1, y1, x2, y2, w, horiz, wall, colour, ground, (x0, px, W), (y0, py, H), source)
    if not east[:, 1:-1].any() and not south[1:-1].any() and not all(counted):
        raise _fail("no wall inside the outer one, so the cells cannot be counted", source)
    for flags, name in ((east.any(axis=1), "row"), (south.any(axis=0), "column")):
        if not flags.all():
            raise _fail(f"{name} {int(np.argmin(flags))} of the lattice has no wall across it: two drawings side by "
                        "side, or a maze of several levels?", source)
    left = _cell_colours(d, (x0 - px / 4, px, W), (y0, py, H), ink, source)  # a quarter cell from the left edge
    mask = read_mask_bits(d.mask, (H, W)) if d.mask and d.cells == (H, W) else None  # a hole is no closed cell
    return maze_of_walls(east, south, colours, mask, left)


def _ground(d: Drawing, seg: np.ndarray) -> int | None:
    """The colour of the last filled shape whose box holds every line of ``seg`` (the ground under the drawing)."""
    lo, hi = np.minimum(seg[:, :2], seg[:, 2:4]).min(axis=0), np.maximum(seg[:, :2], seg[:, 2:4]).max(axis=0)
    out = None
    for polygons, rgb in d.fills:
        for p in polygons:
            if (p.min(axis=0) <= lo).all() and (p.max(axis=0) >= hi).all():
                out = rgb
    return out


def _rects(d: Drawing, ink: int) -> np.ndarray:
    """The filled axis-aligned rectangles not in the walls' colour ``ink``, ``(k, 4)``: left, top, right, bottom."""
    quads = [p[:4] for polygons, rgb in d.fills if rgb != ink for p in polygons
             if len(p) == 4 or (len(p) == 5 and p[0, 0] == p[4, 0] and p[0, 1] == p[4, 1])]
    if not quads:
        return np.zeros((0, 4))
    q = np.stack(quads)  # (k, 4, 2)
    nxt = np.roll(q, -1, axis=1)
    tol = 1e-9 * max(1.0, float(np.abs(q).max()))
    square = ((np.abs(q[..., 0] - nxt[..., 0]) <= tol) | (np.abs(q[..., 1] - nxt[..., 1]) <= tol)).all(axis=1)
    q = q[square]
    return np.hstack([q.min(axis=1), q.max(axis=1)])


def _cell_runs(rects: np.ndarray, lattice: list, vx: np.ndarray, hy: np.ndarray) -> list:
    """The lattice refined by filled runs of cells (tremaux's path, start and goal), when the walls leave lines
    of it without a wall: rectangles inside the maze all one row tall (one column wide), a whole share of the
    walls' rows (columns) and on them, give the rows (columns) and, from their ends, the columns (rows)."""
    r = rects
    if r.size == 0:
        return lattice
    (x0, px, W), (y0, py, H) = lattice
    inside = (r[:, 0] >= x0 - LATTICE_SLACK * px) & (r[:, 2] <= x0 + (W + LATTICE_SLACK) * px) & \
             (r[:, 1] >= y0 - LATTICE_SLACK * py) & (r[:, 3] <= y0 + (H + LATTICE_SLACK) * py)
    whole = (r[:, 2] - r[:, 0] >= (W - LATTICE_SLACK) * px) & (r[:, 3] - r[:, 1] >= (H - LATTICE_SLACK) * py)
    r, whole = r[inside], whole[inside]
    r = r[~whole & ~_within_another(r)]  # a ground under the whole maze shows nothing of the lattice, nor does a
    # fill inside another (the start's half of a cell that is the goal too)
    out = list(lattice)
    for axis in (1, 0):  # runs along rows (one row tall) refine the columns; then the other way round
        if r.size == 0:
            break
        o, p, n = out[axis]
        size = r[:, axis + 2] - r[:, axis]
        m = round(p / size.mean()) if size.mean() > 0 else 0  # rows a lattice row holds (the walls skip lines)
        if m < 1 or np.abs(size * m - p).max() > LATTICE_SLACK * p:
            continue
        rows = (o, p / m, n * m)
        if not _on(np.r_[r[:, axis], r[:, axis + 2]], rows, np.zeros(1)).all():
            continue
        out[axis] = rows
        other = 1 - axis
        o2, p2, n2 = out[other]
        finer = _fit(np.r_[vx if other == 0 else hy, r[:, other], r[:, other + 2]])
        if finer is not None and finer[2] % n2 == 0 and abs(finer[0] - o2) <= LATTICE_SLACK * p2:
            out[other] = finer
    return out


def _within_another(r: np.ndarray) -> np.ndarray:
    """Which rectangles ``r`` (left, top, right, bottom) lie inside another, smaller than it."""
    if len(r) < 2 or len(r) > 4096:  # a path drawn cell by cell: pairs beyond a few thousand are not worth it
        return np.zeros(len(r), bool)
    tol = 1e-9 * max(1.0, float(np.abs(r).max()))
    a, b = r[:, None, :], r[None, :, :]
    inside = ((a[..., :2] >= b[..., :2] - tol).all(axis=2) & (a[..., 2:] <= b[..., 2:] + tol).all(axis=2)
              & ((b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1]) > (a[..., 2] - a[..., 0]) * (a[..., 3] - a[..., 1])
                 + tol))
    return inside.any(axis=1)


def _on(values: np.ndarray, fit: tuple[float, float, int], slack: np.ndarray) -> np.ndarray:
    """Whether ``values`` lie on the lattice ``fit`` (within the slack, in drawing units, and :data:`LATTICE_SLACK`)."""
    o, p, n = fit
    r = (values - o) / p
    return (np.abs(r - np.round(r)) <= LATTICE_SLACK + slack / p) & (r > -0.5) & (r < n + 0.5)


def _lay(x1, y1, x2, y2, w, horiz, wall, colour, ground, xs, ys, source):
    """The ``east`` (H, W + 1) and ``south`` (H + 1, W) walls covered by the lines on the lattice."""
    (x0, px, W), (y0, py, H) = xs, ys
    east = np.zeros((H, W + 1), bool)
    south = np.zeros((H + 1, W), bool)
    for is_h, flags, (along0, pa, na), (across0, pc, nc) in ((True, south, xs, ys), (False, east, ys, xs)):
        pick = horiz == is_h
        a1, a2, c = (x1, x2, y1) if is_h else (y1, y2, x1)
        a1, a2, c, half, mine = a1[pick], a2[pick], c[pick], w[pick] / 2, wall[pick]
        rc = (c - across0) / pc
        line = np.round(rc)
        on = np.abs(rc - line) <= LATTICE_SLACK
        middle = np.abs(rc - np.floor(rc) - 0.5) <= LATTICE_SLACK
        over = ~on & middle & ~mine  # a solution drawn along the cells' middles, in its own colour
        off = ~on & ~over
        if off.any():
            k = int(np.argmax(off))
            raise _fail(f"a line lies off the walls' lattice (at {'y' if is_h else 'x'}={c[k]:g})", source)
        lo, hi = np.minimum(a1, a2)[on], np.maximum(a1, a2)[on]
        ra, rb = np.round((lo - along0) / pa), np.round((hi - along0) / pa)
        stray = (np.abs((lo - along0) / pa - ra) > LATTICE_SLACK + half[on] / pa) | \
                (np.abs((hi - along0) / pa - rb) > LATTICE_SLACK + half[on] / pa)
        line = line[on].astype(np.int64)
        outside = (line < 0) | (line > nc) | (ra < 0) | (rb > na)
        if stray.any() or outside.any():
            raise _fail("a line ends between the lattice's posts" if stray.any() else
                        "a line lies outside the maze's outer wall", source)
        ra, rb = ra.astype(np.int64), rb.astype(np.int64)
        order, erase = np.nonzero(pick)[0][on], (colour[pick] == ground)[on]
        if int((rb - ra).sum()) > 4 * (nc + 1) * na + 1_000_000:
            raise _fail("its lines are drawn over each other too many times", source)
        rep = np.repeat(np.arange(ra.size), rb - ra)  # each line cut into the lattice sides it covers
        at = ra[rep] + np.arange(rep.size) - np.repeat(np.cumsum(rb - ra) - (rb - ra), rb - ra)
        last = np.full((2, nc + 1, na), -1, np.int64)  # the last line drawn over each side: ink, ground colour
        np.maximum.at(last, (erase[rep].astype(np.int64), line[rep], at), order[rep])
        cover = last[0] > last[1]  # ink not painted over by a line in the ground's colour
        if is_h:
            south |= cover
        else:
            east |= cover.T
    return east, south


def _cell_colours(d: Drawing, xs, ys, ink: int, source) -> np.ndarray:
    """The colour under each cell's middle, ``(H, W, 3)`` int16: the last filled shape there, else white."""
    (x0, px, W), (y0, py, H) = xs, ys
    index = np.full((H, W), -1, np.int64)
    cx, cy = x0 + (np.arange(W) + 0.5) * px, y0 + (np.arange(H) + 0.5) * py
    box = (x0 + px * LATTICE_SLACK, x0 + px * (W - LATTICE_SLACK), y0 + py * LATTICE_SLACK,
           y0 + py * (H - LATTICE_SLACK))
    fills = []
    for polygons, rgb in d.fills:
        k = len(fills)
        fills.append(rgb)
        for p in polygons:
            lo, hi = p.min(axis=0), p.max(axis=0)
            if rgb == ink and lo[0] < box[1] and hi[0] > box[0] and lo[1] < box[3] and hi[1] > box[2]:
                raise _fail("it fills shapes in the walls' colour inside the maze (walls drawn as filled shapes "
                            "are not read)", source)
            cols = np.nonzero((cx > lo[0]) & (cx < hi[0]))[0]
            rows = np.nonzero((cy > lo[1]) & (cy < hi[1]))[0]
            if cols.size == 0 or rows.size == 0:
                continue
            sub = index[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
            if len(p) == 4 and _square(p):
                sub[...] = k  # a rectangle: every middle within its bounds
                continue
            gx, gy = np.meshgrid(cx[cols], cy[rows])
            sub[_inside(p, gx, gy)] = k
    table = np.array([[255, 255, 255]] + [[(c >> 16) & 255, (c >> 8) & 255, c & 255] for c in fills], np.int16)
    return table[index + 1]


def _square(p: np.ndarray) -> bool:
    """Whether the four points ``p`` are the corners of an upright rectangle, in order."""
    q = np.roll(p, -1, axis=0)
    return bool(((p[:, 0] == q[:, 0]) | (p[:, 1] == q[:, 1])).all())


def _inside(p: np.ndarray, gx: np.ndarray, gy: np.ndarray) -> np.ndarray:
    """Whether the points ``(gx, gy)`` lie inside polygon ``p`` (even-odd rule)."""
    out = np.zeros(gx.shape, bool)
    xa, ya = p[:, 0], p[:, 1]
    xb, yb = np.roll(xa, -1), np.roll(ya, -1)
    for ax, ay, bx, by in zip(xa.tolist(), ya.tolist(), xb.tolist(), yb.tolist()):
        if ay == by:
            continue
        crosses = (ay > gy) != (by > gy)
        xcross = ax + (gy - ay) * (bx - ax) / (by - ay)
        out ^= crosses & (gx < xcross)
    return out
