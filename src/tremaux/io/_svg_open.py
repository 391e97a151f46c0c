"""SVG mazes drawn by their passages: wide lines from a cell's middle to its neighbour's (corridors).

Some generators draw the corridors instead of the walls: a line as wide as
half a cell or more from each cell's middle to the middle of each cell it
opens onto, light on a dark ground (the ground between the corridors is
the walls) or dark on light. Read as walls, such a drawing is another maze;
so it is read as corridors (:func:`corridors`) when its lines in the drawn
colour are

* wider than half the step of the lattice of their ends (wider than the
  room between them: walls are no wider than the cells they part), and
  narrower than the step (corridors that do not merge);
* lighter than the ground under the drawing, or without an outer wall: the
  sides of the lines' box are not drawn along but for two cells at most (a
  maze drawn by its walls is closed but for its entrance and exit);

and every such line lies on the lattice of the cells' middles, from a middle
to a middle. Lines of another colour (a solution over the corridors) are left
out. The drawing then has no gap in an outer wall: the start and goal are the
cells filled red and green, when there are such fills.

Examples
--------
>>> from tremaux.io.svg import loads
>>> svg = '''<svg xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="black"/>
... <path d="M5 5H25V15M5 5V15" stroke="white" stroke-width="7" fill="none"/></svg>'''
>>> m = loads(svg)  # 2 x 3 cells, 10 apart: the top row open end to end, the two bottom corners below it
>>> m.shape, m.passages
((2, 3), 4)
"""

from __future__ import annotations

import numpy as np

__all__ = ["corridors"]


def corridors(seg: np.ndarray, colour: np.ndarray, ink: int, ground: int | None, fit, on, slack: float):
    """The walls ``(east, south)`` and cell lattices of a drawing of corridors (see the module), or ``None``
    when the drawing is not one.

    Parameters
    ----------
    seg : numpy.ndarray
        ``(n, 5)`` horizontal and vertical lines: x1, y1, x2, y2, width.
    colour : numpy.ndarray
        ``(n,)`` their colours, ``0xRRGGBB``.
    ink : int
        The colour drawn longest.
    ground : int or None
        The colour of the filled shape under the whole drawing, when there is one.
    fit, on : callable
        :mod:`tremaux.io.svg`'s lattice fit and on-the-lattice test.
    slack : float
        How far (a share of a cell) a line may lie off its lattice line.

    Returns
    -------
    tuple or None
        ``(east, south, xs, ys)``: ``(H, W + 1)`` and ``(H + 1, W)`` walls (True: a wall), and the cells'
        lattices ``(origin, step, count)`` across and down.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._svg_open import corridors
    >>> from tremaux.io.svg import LATTICE_SLACK, _fit, _on
    >>> seg = np.array([[5, 5, 15, 5, 6.0]])  # one corridor joining two cells ten apart
    >>> east, south, xs, ys = corridors(seg, np.array([0xFFFFFF]), 0xFFFFFF, 0, _fit, _on, LATTICE_SLACK)
    >>> east.astype(int).tolist(), xs, ys
    ([[1, 0, 1]], (0.0, 10.0, 2), (0.0, 10.0, 1))
    """
    mine = colour == ink
    x1, y1, x2, y2, w = seg[mine].T
    horiz = np.abs(x2 - x1) > np.abs(y2 - y1)
    xs_all, ys_all = np.r_[x1, x2], np.r_[y1, y2]
    fx, fy = fit(xs_all), fit(ys_all)
    if fx is None and fy is None:
        return None
    step = min(f[1] for f in (fx, fy) if f is not None)
    fx = fx or (float(xs_all.min()), step, 0)
    fy = fy or (float(ys_all.min()), step, 0)
    square = []
    for o, p, n in (fx, fy):  # square cells: a corridor drawn in one line past several middles shows fewer ends
        k = max(1, round(p / step))
        if abs(p - k * step) > slack * step:
            return None  # cells not square
        square.append((o, p / k, n * k))
    fx, fy = square
    width = float(np.median(w))
    if not step / 2 < width < step:
        return None  # thin lines (walls), or corridors that merge
    light = lambda c: max(c >> 16 & 255, c >> 8 & 255, c & 255) + min(c >> 16 & 255, c >> 8 & 255, c & 255)  # noqa: E731
    if ground is None or light(ink) <= light(ground):  # dark lines: corridors unless they close the drawing
        lo_x, hi_x, lo_y, hi_y = xs_all.min(), xs_all.max(), ys_all.min(), ys_all.max()
        drawn = 0.0
        for along, at, edge, a, b in ((horiz, y1, lo_y, x1, x2), (horiz, y1, hi_y, x1, x2),
                                      (~horiz, x1, lo_x, y1, y2), (~horiz, x1, hi_x, y1, y2)):
            pick = along & (np.abs(at - edge) <= slack * step)
            drawn += float(np.abs(b[pick] - a[pick]).sum())
        if drawn >= 2 * (hi_x - lo_x + hi_y - lo_y) - 2.5 * step:
            return None  # an outer wall, but for an entrance and an exit
    if not (on(xs_all, fx, np.zeros(1)).all() and on(ys_all, fy, np.zeros(1)).all()):
        return None
    W, H = fx[2] + 1, fy[2] + 1
    east = np.ones((H, W + 1), bool)
    south = np.ones((H + 1, W), bool)
    cx = np.rint((np.c_[x1, x2] - fx[0]) / fx[1]).astype(np.int64)
    cy = np.rint((np.c_[y1, y2] - fy[0]) / fy[1]).astype(np.int64)
    for flags, along, at, pick in ((east, cx, cy[:, 0], horiz), (south.T, cy, cx[:, 0], ~horiz)):
        lo, hi, line = along[pick].min(axis=1), along[pick].max(axis=1), at[pick]
        rep = np.repeat(np.arange(lo.size), hi - lo)  # each corridor cut into the steps it covers
        step = lo[rep] + 1 + np.arange(rep.size) - np.repeat(np.cumsum(hi - lo) - (hi - lo), hi - lo)
        flags[line[rep], step] = False
    cells = (fx[0] - fx[1] / 2, fx[1], W), (fy[0] - fy[1] / 2, fy[1], H)
    return east, south, *cells
