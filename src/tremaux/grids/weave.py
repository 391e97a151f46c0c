"""Weave grids: a passage may run under a cell that a passage crosses straight over.

The crossing is stored as extra sides, so the maze stays a graph: a woven grid
of ``S`` sides has ``2 S`` slots, slot ``S + d`` of a cell being the tunnel
that leaves through its side ``d``, runs under the next cell and comes up in
the cell after it (straight on). A tunnel is only legal under a cell whose own
passages run straight across it and nowhere else; the weave generator
(:func:`tremaux.kernels.graph_merge.kruskal_weave`) places crossings first and
keeps their cells out of every later passage, as *Mazes for Programmers* does.

Examples
--------
>>> from tremaux.grids import make_grid
>>> g = make_grid("square", size=(3, 3), weave=True)
>>> g.sides, g.side_names[4:]
(8, ('N under', 'E under', 'S under', 'W under'))
>>> g.neighbours((1, 0))
[(0, 0), (1, 1), (2, 0), (1, 2)]
"""

from __future__ import annotations

import numpy as np

from ..errors import UnsupportedError
from .grid import Geometry, Grid

__all__ = ["woven"]


def woven(grid: Grid) -> Grid:
    """``grid`` with a tunnel side for every straight line of three cells.

    Parameters
    ----------
    grid : Grid
        A square (not wrapped) or hex grid.

    Returns
    -------
    Grid
        A grid with twice the sides: the first half to the neighbours, the second half under them.

    Raises
    ------
    UnsupportedError
        For other grids (their cells have no straight way across).

    Examples
    --------
    >>> from tremaux.grids.weave import woven
    >>> from tremaux.grids import make_grid
    >>> woven(make_grid("square", size=(3, 3))).nbr.shape
    (9, 8)
    """
    if grid.name not in ("square", "hex") or "wrap" in grid.params:
        label = grid.name + (f" ({grid.params['wrap']})" if "wrap" in grid.params else "")
        raise UnsupportedError(f"weave works on the square and hex grids (not wrapped), not on {'an' if label[:1] in 'aeiou' else 'a'} {label} grid")
    n, S = grid.nbr.shape
    half = S // 2
    mid = grid.nbr
    nbr = np.empty((n, 2 * S), np.int32)  # filled a column at a time: no (n, S) index temporaries
    back = np.empty((n, 2 * S), np.int8)
    nbr[:, :S] = mid
    back[:, :S] = grid.back
    for s in range(S):
        col = mid[:, s]  # -1 (no neighbour) reads the last row, replaced just after
        far = nbr[:, S + s]
        np.copyto(far, np.where(col >= 0, mid[col, s], np.int32(-1)))
        back[:, S + s] = np.where(far >= 0, np.int8(S + (s + half) % S), np.int8(-1))
    base = grid._geometry

    def geometry(g: Grid) -> Geometry:
        geo = base(g)
        m = g.size
        return Geometry(geo.centres, np.concatenate([geo.kind, np.zeros((m, S), np.int8)], 1),
                        np.concatenate([geo.ends, np.zeros((m, S, 4))], 1),
                        np.concatenate([geo.radius, np.zeros((m, S))], 1))

    names = grid.side_names + tuple(f"{s} under" for s in grid.side_names)
    params = dict(grid.params)
    params["weave"] = True
    return Grid(grid.name, params, nbr, back, grid.coords, geometry, names)
