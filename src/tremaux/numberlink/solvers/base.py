"""What every Number Link solver shares: the registry, the task it is given and the answer it gives back.

A solver is a function ``solver(task) -> Answer`` registered in
:data:`NL_SOLVERS` with a line of documentation and metadata:

``counts``
    Whether it can find several solutions (uniqueness, counting).
``touch_only``
    Whether it only knows the rule where a line may run beside itself.
``steps``
    Whether it takes a step budget (``max_steps``).
``record``
    Whether it keeps a trace of its moves (``record=True``).

Only :func:`tremaux.numberlink.solvers.solve_puzzle` turns an
:class:`Answer` into a :class:`~tremaux.numberlink.result.PuzzleSolution`.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...registry import Registry
from ..model import Puzzle
from ..result import Linking
from ..rules import Rule
from .bound import checkpoint

__all__ = ["NL_SOLVERS", "Task", "Answer", "first_tables"]

NL_SOLVERS = Registry("numberlink solver")
"""Number Link solvers by name; ``meta``: ``counts`` (finds several solutions), ``touch_only``, ``steps``."""


@dataclass(frozen=True)
class Task:
    """A validated solving task.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> t = Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=2, deadline=None)
    >>> t.want, t.left() is None
    (2, True)
    """

    puzzle: Puzzle
    """The puzzle."""
    rule: Rule
    """The rule, touching or not."""
    want: int
    """How many solutions to look for: 1 to solve, 2 to decide uniqueness, ``n`` to count up to ``n``."""
    deadline: float | None
    """A ``time.perf_counter()`` value past which the solver stops (``None``: no limit)."""
    max_steps: int | None = None
    """Step budget of a traveler."""
    record: bool = False
    """Keep a trace of the run (travelers)."""
    then: int = 1
    """How many solutions the caller will look for after this task's (uniqueness: 2): a stage whose work can go
    on past its answer keeps it for that (:attr:`Answer.resume`)."""
    keep: int | None = None
    """How many of the solutions found to keep (``None``: all of them, up to :attr:`want`); the others are only
    counted (:attr:`Answer.count`), so a count of millions holds a few solutions, not millions."""
    kept: dict = field(default_factory=dict, repr=False, compare=False)
    """Work a stage can go on with in a later round of the same solve (a search run, a SAT encoding), by key
    (:meth:`resumable`); shared with every task :func:`dataclasses.replace` makes from this one."""

    def resumable(self, key: Any, make: Any) -> Any:
        """What ``make()`` returned the first time ``key`` was asked in this solve: the work goes on from there.

        The pipeline asks its stages again in longer rounds (:func:`.pipeline.fast`); a stage that
        keeps its search run or its SAT encoding here goes on with it instead of starting over.
        :meth:`close_kept` closes what is kept when the solve ends.

        Parameters
        ----------
        key : hashable
            The stage's name for the work (with whatever makes it differ: the solutions wanted...).
        make : callable
            Makes the work the first time; what it raises (a build past its deadline) is not kept.

        Returns
        -------
        object
            The kept work.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.base import Task
        >>> from dataclasses import replace
        >>> from tremaux.numberlink import Puzzle
        >>> from tremaux.numberlink.rules import resolve
        >>> t = Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=1, deadline=None)
        >>> run = t.resumable("search", list)
        >>> replace(t, deadline=1e9).resumable("search", list) is run
        True
        """
        if key not in self.kept:
            self.kept[key] = make()
        return self.kept[key]

    def close_kept(self, key: Any = None) -> None:
        """Close (``close()``, when it has one) and forget what is kept under ``key``, or everything.

        Parameters
        ----------
        key : hashable, optional
            The key of :meth:`resumable`; ``None`` for every kept piece of work.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.base import Task
        >>> from tremaux.numberlink import Puzzle
        >>> from tremaux.numberlink.rules import resolve
        >>> t = Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=1, deadline=None)
        >>> _ = t.resumable("x", list); t.close_kept(); t.kept
        {}
        """
        for k in list(self.kept) if key is None else [key]:
            work = self.kept.pop(k, None)
            close = getattr(work, "close", None)
            if close is not None:
                close()

    @property
    def keeps(self) -> int:
        """How many solutions to keep: :attr:`keep`, at most :attr:`want` (at least one).

        Examples
        --------
        >>> from tremaux.numberlink.solvers.base import Task
        >>> from tremaux.numberlink import Puzzle
        >>> from tremaux.numberlink.rules import resolve
        >>> Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=10, deadline=None, keep=2).keeps
        2
        """
        return self.want if self.keep is None else max(1, min(self.keep, self.want))

    def left(self) -> float | None:
        """Seconds left before the deadline (``None`` without one; never negative).

        Asking is also a :func:`.bound.checkpoint`: past its share of time in
        process, a bounded question goes on in a child process from here.

        Returns
        -------
        float or None
            Seconds, or ``None`` when there is no deadline.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> from tremaux.numberlink.rules import resolve
        >>> from tremaux.numberlink.solvers.base import Task
        >>> import time
        >>> task = Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=1, deadline=time.perf_counter() + 60)
        >>> 0 < task.left() <= 60
        True
        """
        checkpoint()
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def share(self, fraction: float) -> float | None:
        """A deadline ``fraction`` of the time left from now (``None`` without a deadline).

        Parameters
        ----------
        fraction : float
            Part of the time left, 0 to 1.

        Returns
        -------
        float or None
            A ``time.perf_counter()`` value, or ``None`` without a deadline.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> from tremaux.numberlink.rules import resolve
        >>> from tremaux.numberlink.solvers.base import Task
        >>> import time
        >>> task = Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=1, deadline=time.perf_counter() + 60)
        >>> task.share(0.5) < task.deadline
        True
        """
        left = self.left()
        return None if left is None else time.perf_counter() + fraction * left


@dataclass(frozen=True)
class Answer:
    """What a solver (or a stage of the pipeline) found.

    ``exhausted`` says the search ran to its end: then ``solutions`` holds
    every solution when there are fewer than ``want`` (none: proven
    unsolvable). Otherwise the search stopped at ``want`` solutions or ran
    out of time or steps, said in ``stopped``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.base import Answer
    >>> Answer((), exhausted=True, how="quick verdict").proven_none
    True
    """

    solutions: tuple[Linking, ...]
    """The solutions found."""
    exhausted: bool
    """Whether the whole space was searched."""
    how: str = ""
    """Which stage answered, in a few words."""
    why: str = ""
    """Why there is no solution, when proven so."""
    stopped: str = ""
    """Why the search stopped early (``"time limit"``, ``"step budget"``), or empty."""
    steps: int = 0
    """Work done (traveler moves, SAT calls, search nodes)."""
    extras: dict[str, Any] = field(default_factory=dict)
    """Solver-specific figures."""
    count: int | None = None
    """How many distinct solutions were found, when ``solutions`` holds only the first of them (``None``: as many
    as ``solutions`` holds); with ``exhausted``, the exact number of solutions."""
    resume: Any = field(default=None, repr=False, compare=False)
    """The work that found these solutions, ready to go on (a :class:`~.search.SearchRun`, or the SAT
    :class:`~.encoding.Encoding` that found them, for the caller to close), when the task asked for more
    later (:attr:`Task.then`); otherwise ``None``."""

    @property
    def found(self) -> int:
        """How many distinct solutions were found: :attr:`count`, else the solutions held."""
        return len(self.solutions) if self.count is None else max(self.count, len(self.solutions))

    @property
    def proven_none(self) -> bool:
        """Whether the puzzle is proven to have no solution."""
        return self.exhausted and not self.solutions


_TABLES: list[Any] = [None, None, None]  # weak references to the last puzzle and solution asked, and their tables


def first_tables(puzzle: Puzzle, first: Linking) -> tuple[np.ndarray, np.ndarray]:
    """The links of ``first`` and the numbers of ``puzzle``, flat ``int64``, made once per solution.

    Every search for another solution than ``first`` (:mod:`.forcing`,
    :mod:`.local`) starts from these; on a puzzle solved in a fraction of
    a millisecond, making them again for each costs a noticeable part of
    the uniqueness check. The last pair asked is remembered (weakly: it
    keeps neither alive).

    Parameters
    ----------
    puzzle : Puzzle
    first : Linking
        A solution of ``puzzle``.

    Returns
    -------
    tuple of numpy.ndarray
        ``first.links`` and ``puzzle.grid``, flat, ``int64``: shared by the searches, which only read them
        (writeable, so that the kernels see the array type they were compiled for).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> from tremaux.numberlink.solvers.base import first_tables
    >>> p = Puzzle.from_rows(["1.1", "2.2"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    >>> links, grid = first_tables(p, lk)
    >>> links.tolist(), grid.tolist(), first_tables(p, lk)[0] is links
    ([2, 10, 8, 2, 10, 8], [1, 0, 1, 2, 0, 2], True)
    """
    last_p, last_f, tables = _TABLES
    if last_p is not None and last_p() is puzzle and last_f() is first:
        return tables
    links = np.asarray(first.links, dtype=np.int64).ravel()
    grid = np.asarray(puzzle.grid).ravel().astype(np.int64)
    _TABLES[:] = [weakref.ref(puzzle), weakref.ref(first), (links, grid)]
    return links, grid
