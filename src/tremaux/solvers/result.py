"""The result of a solving run: an immutable :class:`Solution`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from .._display import picture
from .._values import fingerprint, frozen_state, same, set_frozen_state
from ..maze.model import Cell, Maze
from ..trace import Trace

__all__ = ["Solution"]


@dataclass(frozen=True, eq=False)
class Solution:
    """What :func:`tremaux.solve` returns.

    "No solution" is an answer: ``found`` is ``False``, ``path`` is empty and
    ``message`` says why (goal unreachable, going round in circles, ...).

    Examples
    --------
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((2, 2)), "bfs")
    >>> s
    Solution(algorithm='bfs', found=True, length=3, visited=4, steps=4)
    >>> s.path_cells(), s.message
    ([(0, 0), (0, 1), (1, 1)], 'path of 3 cells (2 moves) found after 4 squares taken from the worklist')
    """

    maze: Maze
    """The maze that was solved."""
    algorithm: str
    """Registry name of the solver."""
    start: Cell
    """Where the run started."""
    goal: Cell
    """Where it was going."""
    found: bool
    """Whether a path from start to goal was found."""
    path: np.ndarray
    """``(k, ndim)`` read-only array of cells from start to goal (empty if not found)."""
    visited: np.ndarray
    """Read-only boolean array, shaped like the maze: cells the run reached."""
    steps: int
    """Moves made: cells walked by a traveler (retracing included), or cells taken from a worklist."""
    message: str = ""
    """A one-line verdict (``"path of 12 cells"``, ``"no path: goal unreachable"``...)."""
    trace: Trace | None = None
    """The transcript of the run, when ``record=True`` was asked."""
    extras: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Solver-specific read-only results (e.g. Tremaux's passage marks)."""

    def __post_init__(self) -> None:
        for name in ("path", "visited"):
            a = np.asarray(getattr(self, name))
            if a.flags.writeable:
                a = a.copy()
                a.flags.writeable = False
            object.__setattr__(self, name, a)
        if not isinstance(self.extras, MappingProxyType):
            object.__setattr__(self, "extras", MappingProxyType(dict(self.extras)))

    @property
    def visited_count(self) -> int:
        """Number of distinct cells the run reached."""
        return int(np.count_nonzero(self.visited))

    @property
    def length(self) -> int:
        """Number of cells on the path (0 when not found)."""
        return int(self.path.shape[0])

    def path_cells(self) -> list[Cell]:
        """The path as a list of cell tuples.

        Returns
        -------
        list of tuple of int
            The cells from start to goal (empty when not found).

        Examples
        --------
        >>> import tremaux
        >>> tremaux.solve(tremaux.Maze.open((1, 3)), "dfs").path_cells()
        [(0, 0), (0, 1), (0, 2)]
        """
        return [tuple(int(x) for x in row) for row in self.path]

    def to_dict(self) -> dict[str, Any]:
        """The machine-readable summary printed by ``tremaux solve --json``.

        Returns
        -------
        dict
            ``algorithm``, ``found``, ``start``, ``goal``, ``path``, ``solution_length``
            (the path's passages, as ``tremaux stats`` counts the shortest one; ``None`` when not
            found), ``visited`` (how many cells), ``steps`` and ``message``, in JSON types.

        Examples
        --------
        >>> import tremaux
        >>> d = tremaux.solve(tremaux.Maze.open((1, 2)), "bfs").to_dict()
        >>> d["path"], d["found"], d["solution_length"]
        ([[0, 0], [0, 1]], True, 1)
        """
        return {
            "algorithm": self.algorithm,
            "found": bool(self.found),
            "start": list(self.start),
            "goal": list(self.goal),
            "path": [list(c) for c in self.path_cells()],
            "solution_length": self.length - 1 if self.found else None,
            "visited": self.visited_count,
            "steps": int(self.steps),
            "message": self.message,
        }

    def _repr_svg_(self) -> str | None:
        """The maze with this solution drawn on it, for Jupyter (see :mod:`tremaux.render`)."""
        return picture("svg", self)

    def _repr_png_(self) -> bytes | None:
        """The PNG picture Jupyter shows when there is no SVG (``None``, the ``repr`` instead, for a huge maze)."""
        return picture("png", self)

    def __eq__(self, other: object) -> bool:
        """Two solutions are equal when every field is (two runs of one solver on one maze)."""
        if not isinstance(other, Solution):
            return NotImplemented
        return all(same(getattr(self, f), getattr(other, f)) for f in _FIELDS)

    def __hash__(self) -> int:
        return hash((self.maze, self.algorithm, self.start, self.goal, self.found, self.steps,
                     fingerprint(self.path)))

    def __getstate__(self) -> dict[str, Any]:  # extras, a read-only mapping, travels as a dict
        return frozen_state(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_frozen_state(self, state)

    def __repr__(self) -> str:
        return (
            f"Solution(algorithm={self.algorithm!r}, found={self.found}, length={self.length}, "
            f"visited={self.visited_count}, steps={self.steps})"
        )


_FIELDS = ("maze", "algorithm", "start", "goal", "found", "path", "visited", "steps", "message", "trace", "extras")
