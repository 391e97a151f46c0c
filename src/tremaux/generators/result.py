"""Results of a generation run: the maze, its run statistics and its trace."""

from __future__ import annotations

from dataclasses import dataclass

from .._display import picture
from ..maze.model import Cell, Maze
from ..trace import Trace

__all__ = ["GenerationStats", "Generated"]


@dataclass(frozen=True)
class GenerationStats:
    """Run statistics of a generator, in the layout of the growing-tree documentation.

    Examples
    --------
    >>> from tremaux.generators import GenerationStats
    >>> s = GenerationStats("Depth-first Search (DFS)", visits=79, start=(2, 6),
    ...                     max_frontier=32, frontier="stack depth", cells=40, passages=39)
    >>> print(s)
          Depth-first Search (DFS) (statistics)
                            visits       79
                        start cell  (2, 6)
               maximum stack depth       32
                             cells       40
                          passages       39
    """

    title: str
    """Human name of the algorithm run."""
    visits: int
    """Times a cell was taken from the frontier (or visited by a walk)."""
    start: Cell | None
    """Cell the run started from, if the algorithm has one."""
    max_frontier: int
    """Largest size the frontier reached (stack depth, queue or list length)."""
    frontier: str
    """What the frontier is: ``"stack depth"``, ``"queue length"``, ``"list length"``..."""
    cells: int
    """Number of cells in the maze."""
    passages: int
    """Number of passages carved (after any braiding)."""
    algorithm: str = ""
    """Registry name of the algorithm."""
    seed: int | None = None
    """Seed the run used (``None`` if it was drawn from the OS)."""

    def rows(self) -> list[tuple[str, str]]:
        """``(label, value)`` pairs in display order.

        Returns
        -------
        list of (str, str)
            What ``print(stats)`` shows, one pair per line.

        Examples
        --------
        >>> import tremaux
        >>> tremaux.generate((3, 4), "backtracker", seed=1).stats.rows()[-2:]
        [('cells', '12'), ('passages', '11')]
        """
        start = "" if self.start is None else str(tuple(self.start))
        rows = [("visits", str(self.visits))]
        if self.start is not None:
            rows.append(("start cell", start))
        if self.frontier:
            rows.append((f"maximum {self.frontier}", str(self.max_frontier)))
        rows += [("cells", str(self.cells)), ("passages", str(self.passages))]
        return rows

    def __str__(self) -> str:
        lines = [f"      {self.title} (statistics)"]
        for label, value in self.rows():
            lines.append(f"{label:>30}  {value:>7}" if not value.startswith("(") else f"{label:>30}  {value}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Generated:
    """What :func:`tremaux.generate` returns: the maze, its statistics and optional trace.

    Unpacks as ``maze, stats = tremaux.generate(...)``.

    Examples
    --------
    >>> import tremaux
    >>> result = tremaux.generate((3, 4), "wilson", seed=2, record=True)
    >>> maze, stats = result
    >>> maze.passages, stats.algorithm, result.trace is not None
    (11, 'wilson', True)
    """

    maze: Maze
    """The generated maze (immutable)."""
    stats: GenerationStats
    """Run statistics."""
    trace: Trace | None = None
    """Carving transcript, when ``record=True`` was asked."""

    def __iter__(self):
        yield self.maze
        yield self.stats

    def _repr_svg_(self) -> str | None:
        """The generated maze, for Jupyter (see :func:`tremaux.render.repr_svg`)."""
        return picture("svg", self)

    def _repr_png_(self) -> bytes | None:
        """The PNG picture Jupyter shows when there is no SVG (``None``, the ``repr`` instead, for a huge maze)."""
        return picture("png", self)
