"""Statistics of a maze on any grid, in the words and units of :func:`tremaux.measure.maze_stats`."""

from __future__ import annotations

import warnings
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..kernels import graph_solve as kgs
from .maze import GridMaze, as_grid_maze

__all__ = ["GridStats", "grid_stats"]


@dataclass(frozen=True)
class GridStats:
    """Measures of a :class:`GridMaze`: the fields of :class:`tremaux.measure.MazeStats` (same names, same
    units, same definitions) but ``straight`` and ``turning``, which only a square grid has, and with ``grid``.

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on, grid_stats
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> s = grid_stats(maze)
    >>> s.cells, s.dead_ends, s.diameter, s.components, s.loops
    (6, 3, 4, 1, 0)
    """

    grid: str
    """Grid name."""
    cells: int
    """Number of cells."""
    passages: int
    """Open passages between cells."""
    components: int
    """Connected regions (1 when every cell can be reached)."""
    loops: int
    """Independent loops: passages beyond a spanning forest."""
    perfect: bool
    """A spanning tree: connected, without loops."""
    isolated: int
    """Cells with no passage (walled in)."""
    dead_ends: int
    """Cells with exactly one passage (a walled-in cell is no dead end: it is counted in ``isolated``)."""
    corridors: int
    """Cells with two passages."""
    junctions: int
    """Cells with three passages."""
    crossroads: int
    """Cells with four or more passages."""
    dead_end_percentage: float
    """Dead ends as a percentage of the cells."""
    diameter: int
    """Passages on a longest shortest path (exact on a perfect maze, else a two-sweep lower bound)."""
    diameter_ends: tuple[tuple[int, ...], tuple[int, ...]]
    """The two ends of that path."""
    solution_length: int | None
    """Passages on a shortest path from start to goal (``None`` when unreachable)."""
    start: tuple[int, ...]
    """The maze's start cell."""
    goal: tuple[int, ...]
    """The maze's goal cell."""
    dead_end_length: float
    """Mean number of cells in a dead-end branch (from a dead end to the first non-corridor cell)."""
    river: float
    """``1 - 1 / dead_end_length``: near 1 for long rivers of corridor, 0 for short spurs."""

    @property
    def dead_end_share(self) -> float:
        """Deprecated: ``dead_end_percentage / 100`` (the name and unit of the square grid's measure are used now).

        Returns
        -------
        float
            The dead ends as a fraction of the cells.

        Examples
        --------
        >>> import warnings
        >>> from tremaux.grids import make_grid, generate_on, grid_stats
        >>> s = grid_stats(generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     s.dead_end_share
        0.5
        """
        warnings.warn("GridStats.dead_end_share is deprecated: use dead_end_percentage (a percentage, as "
                      "tremaux.measure.MazeStats gives it)", DeprecationWarning, stacklevel=2)
        return self.dead_end_percentage / 100.0

    def as_dict(self) -> dict[str, Any]:
        """The figures as plain data (cells as lists), ready for JSON.

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
        d = asdict(self)
        d["diameter_ends"] = [list(c) for c in self.diameter_ends]
        d["start"], d["goal"] = list(self.start), list(self.goal)
        return d

    def rows(self) -> list[tuple[str, Any]]:
        """The table's rows, labelled as ``tremaux stats`` labels a square maze's.

        Returns
        -------
        list of (str, object)
            Label and shown value.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on, grid_stats
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> dict(grid_stats(maze).rows())["dead ends"]
        '3 (50.0%)'
        """
        def cell(c: tuple[int, ...]) -> str:
            return "(" + ", ".join(map(str, c)) + ")"

        return [
            ("cells", self.cells), ("passages", self.passages), ("components", self.components),
            ("loops", self.loops), ("perfect", "yes" if self.perfect else "no"),
            ("dead ends", f"{self.dead_ends} ({self.dead_end_percentage:.1f}%)" + (
                f"; cells with one passage, not the {self.isolated} walled-in (isolated)" if self.isolated else "")),
            ("corridors", self.corridors), ("junctions", self.junctions), ("crossroads", self.crossroads),
            ("isolated", self.isolated),
            ("diameter", f"{self.diameter} {cell(self.diameter_ends[0])} - {cell(self.diameter_ends[1])}"),
            ("start to goal", "unreachable" if self.solution_length is None
             else f"{self.solution_length} {cell(self.start)} - {cell(self.goal)}"),
            ("dead-end length", f"{self.dead_end_length:.2f}"), ("river", f"{self.river:.3f}"),
        ]

    def __str__(self) -> str:
        return "\n".join(f"{label:>16}  {value}" for label, value in [("grid", self.grid), *self.rows()])


def _components(maze: GridMaze) -> int:
    """Connected regions of ``maze``: roots hooked to the smaller root across each passage, then paths halved,
    until no passage joins two roots (each round hooks at least one root, so it ends)."""
    g = maze.grid
    bits = np.asarray(maze.cells).astype(np.int64)
    ends = []
    for s in range(g.nbr.shape[1]):
        i = np.flatnonzero((bits >> s) & 1)
        j = g.nbr[i, s].astype(np.int64)
        keep = (j >= 0) & (j > i)
        ends.append((i[keep], j[keep]))
    u = np.concatenate([e[0] for e in ends]) if ends else np.zeros(0, np.int64)
    v = np.concatenate([e[1] for e in ends]) if ends else np.zeros(0, np.int64)
    parent = np.arange(g.size, dtype=np.int64)
    while True:
        while True:  # every cell points at its root
            up = parent[parent]
            if np.array_equal(up, parent):
                break
            parent = up
        pu, pv = parent[u], parent[v]
        apart = pu != pv
        if not apart.any():
            break
        lo, hi = np.minimum(pu[apart], pv[apart]), np.maximum(pu[apart], pv[apart])
        np.minimum.at(parent, hi, lo)
    return int((parent == np.arange(g.size)).sum())


def grid_stats(maze: GridMaze) -> GridStats:
    """Measure ``maze``.

    Parameters
    ----------
    maze : GridMaze
        The maze to measure.

    Returns
    -------
    GridStats
        Counts by number of passages, components and loops, dead ends, diameter, start-to-goal length, river.

    Examples
    --------
    >>> from tremaux.grids import grid_stats
    >>> from tremaux.grids import make_grid, generate_on
    >>> s = grid_stats(generate_on(make_grid("hex", size=(6, 6)), "wilson", seed=1).maze)
    >>> s.perfect, s.cells, 0 < s.dead_end_percentage < 100, s.diameter >= s.solution_length
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
    b = int(np.argmax(da))
    ends, branch = kgs.dead_end_branches(g.nbr, kc)
    mean_len = branch / ends if ends else 0.0
    comps = 1 if bool((d0 >= 0).all()) else _components(maze)
    sol = int(d0[maze.goal_index])
    by_degree = np.bincount(deg, minlength=5)
    return GridStats(
        grid=g.name,
        cells=g.size,
        passages=maze.passages,
        components=comps,
        loops=maze.passages - (g.size - comps),
        perfect=comps == 1 and maze.passages == g.size - 1,
        isolated=int(by_degree[0]),
        dead_ends=int(by_degree[1]),
        corridors=int(by_degree[2]),
        junctions=int(by_degree[3]),
        crossroads=int(by_degree[4:].sum()),
        dead_end_percentage=100.0 * int(by_degree[1]) / g.size,
        diameter=int(da[b]),
        diameter_ends=(tuple(g.cell(a)), tuple(g.cell(b))),
        solution_length=None if sol < 0 else sol,
        start=tuple(g.cell(maze.start_index)),
        goal=tuple(g.cell(maze.goal_index)),
        dead_end_length=float(mean_len),
        river=float(1.0 - 1.0 / mean_len) if mean_len > 0 else 0.0,
    )
