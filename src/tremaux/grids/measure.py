"""Statistics of a maze on any grid: dead ends, diameter, river factor."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..kernels import graph_solve as kgs
from .maze import GridMaze, as_grid_maze

__all__ = ["GridStats", "grid_stats"]


@dataclass(frozen=True)
class GridStats:
    """Measures of a :class:`GridMaze` (the same definitions as :func:`tremaux.measure.maze_stats`).

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on, grid_stats
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> s = grid_stats(maze)
    >>> s.cells, s.dead_ends, s.diameter
    (6, 3, 4)
    """

    grid: str
    """Grid name."""
    cells: int
    """Number of cells."""
    passages: int
    """Open passages."""
    perfect: bool
    """A spanning tree: connected, without loops."""
    dead_ends: int
    """Cells with exactly one open side."""
    dead_end_share: float
    """``dead_ends / cells``."""
    diameter: int
    """Longest shortest path in passages (exact on a perfect maze, else a two-sweep lower bound)."""
    solution_length: int | None
    """Passages from start to goal (``None`` when unreachable)."""
    river: float
    """``1 - 1 / mean dead-end branch length``: near 1 for long rivers of corridor, 0 for short spurs."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as a plain dict.

        Returns
        -------
        dict of str to object
            Field name to value.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on, grid_stats
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> grid_stats(maze).as_dict()["river"]
        0.4
        """
        return asdict(self)


def grid_stats(maze: GridMaze) -> GridStats:
    """Measure ``maze``.

    Parameters
    ----------
    maze : GridMaze
        The maze to measure.

    Returns
    -------
    GridStats
        Dead ends, diameter, solution length, river and counts.

    Examples
    --------
    >>> from tremaux.grids import grid_stats
    >>> from tremaux.grids import make_grid, generate_on
    >>> s = grid_stats(generate_on(make_grid("hex", size=(6, 6)), "wilson", seed=1).maze)
    >>> s.perfect, s.cells, 0 < s.dead_end_share < 1, s.diameter >= s.solution_length
    (True, 36, True, True)
    """
    maze = as_grid_maze(maze, "grid_stats")
    g = maze.grid
    cells = maze.cells
    deg = maze.degrees()
    kc = kgs.as_cells(cells)  # one cell type for the kernels (see kernels.graph_solve.as_cells)
    d0 = kgs.bfs_distances(g.nbr, kc, maze.start_index)
    a = int(np.argmax(d0))
    da = kgs.bfs_distances(g.nbr, kc, a)
    ends, branch = kgs.dead_end_branches(g.nbr, kc)
    mean_len = branch / ends if ends else 0.0
    connected = bool((d0 >= 0).all())
    sol = int(d0[maze.goal_index])
    return GridStats(
        grid=g.name,
        cells=g.size,
        passages=maze.passages,
        perfect=connected and maze.passages == g.size - 1,
        dead_ends=int((deg == 1).sum()),
        dead_end_share=float((deg == 1).sum()) / g.size,
        diameter=int(da.max()),
        solution_length=None if sol < 0 else sol,
        river=float(1.0 - 1.0 / mean_len) if mean_len > 0 else 0.0,
    )
