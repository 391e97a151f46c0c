"""Statistics of a maze: dead ends, cell degrees, corridors, diameter, solution length, river.

Examples
--------
>>> import tremaux
>>> from tremaux.measure import maze_stats
>>> s = maze_stats(tremaux.generate((20, 20), "backtracker", seed=1).maze)
>>> s.cells, s.passages, s.perfect
(400, 399, True)
>>> s.dead_ends == round(s.dead_end_percentage * s.cells / 100)
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .._lazy import lazy_module
from ..errors import InvalidMazeError
from ..maze.model import Cell, Maze

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")
km = lazy_module("tremaux.kernels.measure")

__all__ = ["MazeStats", "maze_stats", "dead_end_percentage"]


@dataclass(frozen=True)
class MazeStats:
    """Statistics of one maze (see :func:`maze_stats`).

    Examples
    --------
    >>> from tremaux.measure import maze_stats
    >>> import tremaux
    >>> s = maze_stats(tremaux.Maze.open((1, 3)))
    >>> s.cells, s.dead_ends, s.corridors, s.diameter
    (3, 2, 1, 2)
    """

    cells: int
    """Cells in the maze (masked cells excluded)."""
    passages: int
    """Open passages between cells."""
    components: int
    """Connected regions (1 when every cell can be reached)."""
    loops: int
    """Independent loops: passages beyond a spanning forest."""
    perfect: bool
    """A tree: connected and without loops."""
    isolated: int
    """Cells with no passage (walled in)."""
    dead_ends: int
    """Cells with exactly one passage: a path that enters one must turn back. A walled-in cell is no dead end
    (no path enters it): it is counted in ``isolated``, so a closed maze (no passages) has 0 dead ends and all
    its cells isolated."""
    corridors: int
    """Cells with two passages."""
    junctions: int
    """Cells with three passages."""
    crossroads: int
    """Cells with four or more passages."""
    straight: int
    """Corridor cells open on two opposite sides."""
    turning: int
    """Corridor cells that turn."""
    dead_end_percentage: float
    """Dead ends as a percentage of the cells."""
    diameter: int
    """Passages on a longest shortest path (exact on a perfect maze, double-sweep estimate otherwise)."""
    diameter_ends: tuple[Cell, Cell]
    """The two ends of that path."""
    solution_length: int | None
    """Passages on a shortest path from start to goal (``None`` if unreachable)."""
    start: Cell
    """Start used (the maze's, else its first cell)."""
    goal: Cell
    """Goal used (the maze's, else its last cell)."""
    dead_end_length: float
    """Mean number of cells in a dead-end branch (from a dead end to the first non-corridor cell)."""
    river: float
    """River factor ``1 - 1 / dead_end_length``: 0 when every dead end is a single cell,
    close to 1 when dead ends are few and long (the maze "flows")."""

    def as_dict(self) -> dict:
        """Plain data (tuples as lists), ready for JSON.

        Returns
        -------
        dict
            Every field by name.

        Examples
        --------
        >>> from tremaux.measure import maze_stats
        >>> import tremaux
        >>> maze_stats(tremaux.Maze.open((1, 3))).as_dict()["diameter_ends"]
        [[0, 2], [0, 0]]
        """
        d = asdict(self)
        d["diameter_ends"] = [list(c) for c in self.diameter_ends]
        d["start"], d["goal"] = list(self.start), list(self.goal)
        return d

    def __str__(self) -> str:
        rows = [
            ("cells", self.cells), ("passages", self.passages), ("components", self.components),
            ("loops", self.loops), ("perfect", "yes" if self.perfect else "no"),
            ("dead ends", f"{self.dead_ends} ({self.dead_end_percentage:.1f}%)" + (
                f"; cells with one passage, not the {self.isolated} walled-in (isolated)" if self.isolated else "")),
            ("corridors", f"{self.corridors} ({self.straight} straight, {self.turning} turning)"),
            ("junctions", self.junctions), ("crossroads", self.crossroads), ("isolated", self.isolated),
            ("diameter", f"{self.diameter} {self.diameter_ends[0]} - {self.diameter_ends[1]}"),
            ("start to goal", "unreachable" if self.solution_length is None
             else f"{self.solution_length} {self.start} - {self.goal}"),
            ("dead-end length", f"{self.dead_end_length:.2f}"), ("river", f"{self.river:.3f}"),
        ]
        return "\n".join(f"{label:>16}  {value}" for label, value in rows)


def _as_maze(maze: Any, what: str) -> Maze:
    """``maze``, or the maze of what ``generate`` or ``solve`` returns; anything else named in one line."""
    if isinstance(maze, Maze):
        return maze
    inner = getattr(maze, "maze", None)
    if isinstance(inner, Maze):  # Generated, Solution
        return inner
    kind = type(maze).__name__
    if type(inner if inner is not None else maze).__name__ == "GridMaze":
        raise InvalidMazeError(f"{what}() measures square mazes; a maze on another grid ({kind}) is measured by "
                               "tremaux.grids.grid_stats")
    raise InvalidMazeError(f"{what}() needs a tremaux.Maze (or what generate or solve returns), not {kind}")


def dead_end_percentage(maze: Maze) -> float:
    """Percentage of cells with exactly one passage (a walled-in cell, with none, is no dead end).

    Parameters
    ----------
    maze : Maze
        The maze to measure.

    Returns
    -------
    float
        ``100 * dead ends / cells``.

    Examples
    --------
    >>> from tremaux.measure import dead_end_percentage
    >>> import tremaux
    >>> dead_end_percentage(tremaux.Maze.open((1, 3)))
    66.66666666666667
    >>> dead_end_percentage(tremaux.Maze.closed((2, 2)))  # walled-in cells are no dead ends
    0.0
    """
    maze = _as_maze(maze, "dead_end_percentage")
    counts = km.classify(maze.flat, maze.flat_mask, maze.mask is not None)
    return 100.0 * int(counts[1]) / maze.size


def maze_stats(maze: Maze) -> MazeStats:
    """Measure a maze.

    Parameters
    ----------
    maze : Maze
        Any maze (masked and multi-level ones too), or what ``generate`` or ``solve`` returns (its maze).

    Returns
    -------
    MazeStats
        Degrees, corridors, dead ends, loops, the diameter, the start-to-goal
        length and the river factor. The diameter is exact on a perfect maze
        (two breadth-first sweeps) and an estimate when there are loops.

    Raises
    ------
    MemoryLimitError
        When its arrays would not fit the memory budget (:mod:`tremaux.budget`).
    InvalidMazeError
        For something else than a maze (a maze on another grid: :func:`tremaux.grids.grid_stats`).

    Examples
    --------
    >>> from tremaux.measure import maze_stats
    >>> from tremaux import Maze
    >>> s = maze_stats(Maze.open((1, 4)))
    >>> s.dead_ends, s.corridors, s.straight, s.diameter, s.diameter_ends
    (2, 2, 2, 3, ((0, 3), (0, 0)))
    >>> print(s)  # doctest: +ELLIPSIS
               cells  4
            passages  3
    ...
               river  0.667
    """
    from .. import budget

    maze = _as_maze(maze, "maze_stats")
    budget.check(budget.measure_bytes(maze.flat.shape[0]), f"measuring a {' x '.join(map(str, maze.shape))} maze")
    L, H, W = maze.shape3
    flat = maze.flat
    fmask = maze.flat_mask
    use_mask = maze.mask is not None
    counts = km.classify(flat, fmask, use_mask)
    labels, ncomp = kg.components(flat, fmask, use_mask, L, H, W)
    present = np.flatnonzero(fmask) if use_mask else None
    first = 0 if present is None else int(present[0])
    last = flat.size - 1 if present is None else int(present[-1])
    start = maze.index(maze.start) if maze.start is not None else first
    goal = maze.index(maze.goal) if maze.goal is not None else last
    dist = kg.distances(flat, start, L, H, W)
    a = int(np.argmax(dist))
    dist_a = kg.distances(flat, a, L, H, W)
    b = int(np.argmax(dist_a))
    sol = int(dist[goal])
    ends, branch = km.dead_end_branches(flat, fmask, use_mask, L, H, W)
    mean_len = branch / ends if ends else 0.0
    passages = maze.passages
    return MazeStats(
        cells=maze.size,
        passages=passages,
        components=int(ncomp),
        loops=passages - (maze.size - int(ncomp)),
        perfect=bool(ncomp == 1 and passages == maze.size - 1),
        isolated=int(counts[0]),
        dead_ends=int(counts[1]),
        corridors=int(counts[2]),
        junctions=int(counts[3]),
        crossroads=int(counts[4]),
        straight=int(counts[5]),
        turning=int(counts[6]),
        dead_end_percentage=100.0 * int(counts[1]) / maze.size,
        diameter=int(dist_a[b]),
        diameter_ends=(maze.cell(a), maze.cell(b)),
        solution_length=None if sol < 0 else sol,
        start=maze.cell(start),
        goal=maze.cell(goal),
        dead_end_length=float(mean_len),
        river=float(1.0 - 1.0 / mean_len) if mean_len > 0 else 0.0,
    )
