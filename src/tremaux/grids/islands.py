"""Islands on every grid: groups of walls that touch neither the border nor each other's way out.

Walls are seen as edges between *posts*, the end points of the cells' sides taken from the grid's
geometry. The outer wall is every side with no neighbour (the border, and the sides next to masked
cells) and, on a wrapped grid, every side across the seam. An island is a connected group of closed
walls joined to no post of the outer wall; a wall follower can walk round it for ever. In a perfect
maze the walls form a tree hanging from the outer wall (there is none); opening one wall of that tree
cuts the group below it off: one island, and one loop, more.

Examples
--------
>>> from tremaux.grids.islands import island_count
>>> from tremaux.grids import make_grid, generate_on
>>> maze = generate_on(make_grid("hex", size=(6, 7)), "wilson", seed=1, islands=3).maze
>>> island_count(maze), maze.passages - (maze.size - 1)
(3, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._args import check_seed
from ..errors import TremauxError, UnsupportedError
from ..kernels import graph_islands as kgi
from ..kernels.rng import make_state
from .grid import Grid
from .maze import GridMaze

__all__ = ["island_count", "add_islands", "add_islands_inplace", "wall_posts"]


def wall_posts(grid: Grid) -> dict[str, np.ndarray]:
    """The walls between posts of ``grid``, as arrays for :mod:`tremaux.kernels.graph_islands`.

    Parameters
    ----------
    grid : Grid
        Any grid but a woven or a zeta one.

    Returns
    -------
    dict
        ``start``, ``to``, ``wall`` (a CSR adjacency of posts: the half-edges leaving each post, the
        post they reach and their wall), ``wcell``, ``wside`` (the cell and side of each interior wall)
        and ``anchored`` (one flag per post: on the outer wall).

    Raises
    ------
    UnsupportedError
        On a woven grid (its walls pass under bridges) or the zeta grid (its diagonal passages cross).

    Examples
    --------
    >>> from tremaux.grids.islands import wall_posts
    >>> from tremaux.grids import make_grid
    >>> w = wall_posts(make_grid("square", size=(2, 2)))
    >>> len(w["anchored"]), int(w["anchored"].sum()), len(w["wcell"])   # 9 posts, 8 on the border, 4 inner walls
    (9, 8, 4)
    """
    if "weave" in grid.params or grid.name == "zeta":
        why = "their walls pass under bridges" if "weave" in grid.params else "its diagonal passages cross"
        raise UnsupportedError(f"islands are not defined on a {'woven' if 'weave' in grid.params else 'zeta'} "
                               f"grid ({why}, so walls do not part the plane); every other grid takes them")
    geo = grid.geometry()
    i, s = np.nonzero(geo.kind > 0)
    ends = np.round(geo.ends[i, s] * 1e6).astype(np.int64)  # (k, 4): two posts per side
    keys = np.concatenate([ends[:, 0:2], ends[:, 2:4]])
    uniq, post = np.unique(keys, axis=0, return_inverse=True)
    post = post.reshape(-1)
    k = i.shape[0]
    pa, pb = post[:k], post[k:]
    j = grid.nbr[i, s]
    lookup = {(int(a), int(b)): x for x, (a, b) in enumerate(zip(i.tolist(), s.tolist()))}
    anchored = np.zeros(uniq.shape[0], bool)
    border = j < 0
    anchored[pa[border]] = True
    anchored[pb[border]] = True
    inner = np.flatnonzero(~border & (i < np.maximum(j, 0)))
    wrapped = "wrap" in grid.params
    keep: list[int] = []  # the side each wall is read from
    a_l: list[int] = []
    b_l: list[int] = []
    wid_l: list[int] = []
    for x in inner.tolist():
        y = lookup.get((int(j[x]), int(grid.back[i[x], s[x]])))
        same = y is not None and {int(pa[x]), int(pb[x])} == {int(pa[y]), int(pb[y])}
        if not same and wrapped:  # across a seam: both copies belong to the outer wall
            anchored[[pa[x], pb[x]]] = True
            if y is not None:
                anchored[[pa[y], pb[y]]] = True
            continue
        # one wall; drawn twice where the two cells' sides do not meet (the corners of the zeta grid)
        copies = [x] if same or y is None else [x, y]
        for z in copies:
            a_l.append(int(pa[z]))
            b_l.append(int(pb[z]))
            wid_l.append(len(keep))
        keep.append(x)
    keep_a = np.array(keep, np.int64)
    a, b = np.array(a_l, np.int64), np.array(b_l, np.int64)
    wid = np.array(wid_l, np.int64)
    src = np.concatenate([a, b])
    dst = np.concatenate([b, a])
    wall = np.concatenate([wid, wid])
    order = np.argsort(src, kind="stable")
    start = np.zeros(uniq.shape[0] + 1, np.int64)
    np.add.at(start, src + 1, 1)
    return {"start": np.cumsum(start), "to": dst[order].astype(np.int64), "wall": wall[order].astype(np.int64),
            "wcell": i[keep_a].astype(np.int64), "wside": s[keep_a].astype(np.int64), "anchored": anchored}


def island_count(maze: GridMaze) -> int:
    """Number of islands of ``maze`` (groups of walls joined to no post of the outer wall).

    Parameters
    ----------
    maze : GridMaze
        A maze on any grid but a woven or a zeta one.

    Returns
    -------
    int
        Its islands; a perfect maze has none.

    Examples
    --------
    >>> from tremaux.grids.islands import island_count
    >>> from tremaux.grids import make_grid, generate_on
    >>> island_count(generate_on(make_grid("triangle", size=(4, 6)), seed=2).maze)
    0
    """
    w = wall_posts(maze.grid)
    cells = np.array(maze.cells)  # writable, as add_islands passes them: count_islands is compiled once
    return int(kgi.count_islands(cells, w["start"], w["to"], w["wall"], w["wcell"], w["wside"], w["anchored"]))


def add_islands_inplace(grid: Grid, cells: np.ndarray, k: int, state: np.ndarray, trace: np.ndarray,
                        t: int) -> tuple[int, int]:
    """Open up to ``k`` walls of ``cells`` in place, each making one island.

    Parameters
    ----------
    grid : Grid
        The grid of ``cells``.
    cells : numpy.ndarray
        Side bits, changed in place.
    k : int
        Islands wanted.
    state : numpy.ndarray
        The random state (advanced).
    trace : numpy.ndarray
        ``int64 (m, 3)`` rows to append a CARVE to for each wall opened (``m == 0``: none).
    t : int
        Rows of ``trace`` already written.

    Returns
    -------
    tuple of int
        ``(islands made, trace rows written)``; fewer islands than ``k`` when no more fit.

    Examples
    --------
    >>> from tremaux.grids.islands import add_islands_inplace
    >>> import numpy as np
    >>> from tremaux.grids import make_grid, generate_on
    >>> from tremaux.kernels.rng import make_state
    >>> maze = generate_on(make_grid("hex", size=(6, 6)), seed=1).maze
    >>> cells = np.array(maze.cells)
    >>> add_islands_inplace(maze.grid, cells, 2, make_state(1), np.empty((0, 3), np.int64), 0)
    (2, 0)
    """
    w = wall_posts(grid)
    made, t = kgi.add_islands(grid.nbr, grid.back, cells, w["start"], w["to"], w["wall"], w["wcell"], w["wside"],
                              w["anchored"], int(k), state, trace, int(t))
    return int(made), int(t)


def add_islands(maze: GridMaze, k: int, *, seed: int | None = None) -> GridMaze:
    """A copy of ``maze`` with ``k`` more islands, each made by opening one wall (one loop each).

    Parameters
    ----------
    maze : GridMaze
        A maze on any grid but a woven or a zeta one.
    k : int
        Islands to add.
    seed : int, optional
        The same seed picks the same walls.

    Returns
    -------
    GridMaze

    Raises
    ------
    TremauxError
        When fewer than ``k`` fit (too few walls hang from the outer wall in groups of two posts or more).
    UnsupportedError
        On a woven grid.

    Examples
    --------
    >>> from tremaux.grids.islands import add_islands, island_count
    >>> from tremaux.grids import make_grid, generate_on
    >>> m = generate_on(make_grid("polar", rings=6), seed=3).maze
    >>> island_count(add_islands(m, 2, seed=1))
    2
    """
    seed = check_seed(seed)
    cells = np.array(maze.cells, copy=True)
    made, _ = add_islands_inplace(maze.grid, cells, int(k), make_state(seed), np.empty((0, 3), np.int64), 0)
    if made < k:
        raise TremauxError(f"islands={k} is too many: only {made} fit in this maze")
    return maze.replace(cells=cells)
