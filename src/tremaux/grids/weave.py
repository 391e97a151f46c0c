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
    ok = mid >= 0
    far = np.where(ok, mid[np.where(ok, mid, 0), np.arange(S)[None, :]], -1)
    nbr = np.concatenate([grid.nbr, far.astype(np.int32)], axis=1)
    back = np.concatenate([grid.back, np.where(far >= 0, S + (np.arange(S)[None, :] + half) % S, -1)], axis=1)
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
    return Grid(grid.name, params, nbr, back.astype(np.int8), grid.coords, geometry, names)
