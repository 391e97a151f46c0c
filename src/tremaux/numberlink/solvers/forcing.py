"""Another solution than a known one, or the proof that there is none, by propagating the rule on the links.

The second question of :mod:`.another` asked of a compiled search that
decides links, not cells (:func:`tremaux.kernels.nl_force.force_other`):
every link is on, off or open, every cell keeps the set of colours (pairs,
or empty) it may still take, and after each decision the rule's local
consequences are drawn until none is left (a cell's degree, linked cells of
one colour, no closed loop, without touching two neighbours of one colour
linked, each pair's colour only where its numbers reach and alone on a cell
every way between them passes through, and not every link of the known
solution on). Many puzzles, those
made for people in particular, are decided by these consequences alone or
after a few decisions: a proof of uniqueness in tens of nodes, where the row
search (:mod:`.search`) needs thousands and SAT's encoding costs more to
build than the solve. It is exact under both rules, with or without
touching, and gives up only when its budget of nodes runs out.

Examples
--------
>>> from tremaux.numberlink.solvers.forcing import ForceRun
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> p = Puzzle.from_rows(["1.2", "1.2"])
>>> first = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (0, 1), (1, 1), (1, 2)]])
>>> run = ForceRun(p, first, cover=True, touch=True)
>>> run.advance(None).grid.tolist()  # the middle cells go to the other line
[[1, 1, 2], [1, 1, 2]]
>>> p = Puzzle.from_rows(["12", "..", "12"])
>>> run = ForceRun(p, Linking.from_paths(p, [[(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)]]),
...                cover=True, touch=True)
>>> run.advance(None), run.exhausted  # proven the only one
(None, True)
"""

from __future__ import annotations

import time

import numpy as np

from ...kernels import numberlink as kn
from ..result import Linking
from .base import first_tables

__all__ = ["ForceRun", "for_question", "MAX_PAIRS", "MAX_CELLS", "FORCE_SHARE"]

MAX_PAIRS = 62
"""Most pairs the kernel takes (a cell's colours are the bits of one 64-bit word, one of them "empty")."""


MAX_CELLS = 2500
"""Most cells :func:`for_question` hands it: the target of uniqueness within 3x is up to 50 x 50, and each
decision costs about pairs x cells (the reach of every pair); larger boards keep the other searches."""

FORCE_SHARE = 0.5
"""Share of each turn's time for this search in the second question of :mod:`.another`, where it goes first.

A split like :data:`.another.LOCAL_SHARE`. It decides the puzzles that the
rule's consequences settle in a few decisions, where the row search (blind
under ``fill`` with touching) takes thousands and SAT's encoding costs more
than the solve."""


class ForceRun:
    """The propagating search for another solution than ``first``, in calls bounded by time.

    The kernel is not resumable: the first call draws only the consequences
    of the puzzle itself (no decision), which times a decision at most; each
    later call starts again with at least twice the last budget of decisions,
    and with all the time left when the measured rate says it fits (a call
    that would not fit waits for a later turn), so the work repeated is at
    most that of the last call.

    Parameters
    ----------
    puzzle : Puzzle
        At most :data:`MAX_PAIRS` pairs.
    first : Linking
        A solution of ``puzzle`` under the rule.
    cover : bool
        True for ``fill`` (every cell on a line), False for ``nikoli``.
    touch : bool
        Whether a line may run beside itself.

    Raises
    ------
    ValueError
        When the puzzle has more than :data:`MAX_PAIRS` pairs.

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.forcing import ForceRun
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["12", "12"])
    >>> run = ForceRun(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]]), cover=True, touch=True)
    >>> run.advance(None), run.done, run.exhausted
    (None, True, True)
    """

    def __init__(self, puzzle, first: Linking, *, cover: bool, touch: bool) -> None:
        if puzzle.pairs > MAX_PAIRS:
            raise ValueError(f"the propagating search takes at most {MAX_PAIRS} pairs, not {puzzle.pairs}")
        self.puzzle, self.cover, self.touch = puzzle, bool(cover), bool(touch)
        self._base, self._grid = first_tables(puzzle, first)  # made once for every search from first
        self.done = False
        """Whether it has answered (:attr:`exhausted`, or another solution returned)."""
        self.exhausted = False
        """Whether it proved that ``first`` is the only solution."""
        self.seconds = 0.0
        self.nodes = 0
        """Decisions of the last call."""
        self._budget = 0  # the first call only draws the consequences of the puzzle itself, and times that
        self._rate: float | None = None  # decisions per second, measured

    def advance(self, stop: float | None) -> Linking | None:
        """Search again with a larger budget, until it answers or ``stop`` (a ``time.perf_counter()`` value) passes.

        Parameters
        ----------
        stop : float or None
            Looked at between calls; ``None``: until it answers.

        Returns
        -------
        Linking or None
            Another solution, or ``None`` (see :attr:`done` and :attr:`exhausted`).

        Examples
        --------
        >>> from tremaux.numberlink import Linking
        >>> from tremaux.numberlink.solvers.forcing import ForceRun
        >>> from tremaux.numberlink import Puzzle
        >>> p = Puzzle.from_rows(["1..", "...", "..1"])
        >>> first = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]])
        >>> other = ForceRun(p, first, cover=True, touch=True).advance(None)
        >>> other is not None and other.grid.tolist() == [[1, 1, 1]] * 3
        True
        """
        from ...kernels.nl_force import force_other

        h, w = self.puzzle.shape
        out = np.zeros(h * w, dtype=np.int64)
        while not self.done:
            t = time.perf_counter()
            if stop is not None and self._rate is not None:  # no call that would run past ``stop``
                fits = int(self._rate * (stop - t))
                if fits < self._budget:
                    return None
                self._budget = fits
            status, nodes = force_other(self._grid, h, w, self.cover, self.touch, self._base, self._budget, out)
            spent = time.perf_counter() - t
            self.seconds += spent
            self.nodes = int(nodes)
            if status == 0:
                self.done = self.exhausted = True
                return None
            if status == 1:
                self.done = True
                ends = np.asarray(self.puzzle.ends, dtype=np.int64).reshape(-1, 2)
                _owner, cells, starts, _ = kn.trace_lines(out, ends, h, w)
                return Linking.from_flat(self.puzzle, cells, starts)
            self._rate = max(self._budget, 1) / max(spent, 1e-6)
            self._budget = max(2 * self._budget, 1)
        return None


def for_question(task, first: Linking) -> ForceRun | None:
    """A :class:`ForceRun` for the question "another one?" of ``task``, or ``None`` when it should not run.

    Only for that question (``task.want`` 2: a count needs every solution),
    under either rule, up to :data:`MAX_PAIRS` pairs and :data:`MAX_CELLS` cells, and not while the kernels
    would run interpreted (:func:`.search.compiled_now`). Under ``nikoli``
    the moves into empty cells answer first; then, as under ``fill``, it
    goes before the new search in each turn (the colour search first and
    it after: fewer puzzles within 3x of the solve on both halves of the
    corpus). Since the search leaves the known solution as late as possible
    (the kernel takes its value first), it finds the other solutions of
    sparse puzzles near the known one, under ``nikoli`` too
    (docs/benchmarks.md, "the known solution's value first").

    Parameters
    ----------
    task : Task
    first : Linking
        A solution of ``task.puzzle`` under ``task.rule``.

    Returns
    -------
    ForceRun or None

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.forcing import for_question
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> p = Puzzle.from_rows(["12", "12"])
    >>> first = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    >>> type(for_question(Task(p, resolve("fill"), 2, None), first)).__name__
    'ForceRun'
    >>> for_question(Task(p, resolve("fill"), 3, None), first) is None  # a count
    True
    >>> type(for_question(Task(p, resolve("nikoli"), 2, None), first)).__name__
    'ForceRun'
    """
    from .search import compiled_now

    p = task.puzzle
    if task.want != 2 or p.pairs > MAX_PAIRS or p.height * p.width > MAX_CELLS:
        return None
    if not compiled_now(p):
        return None
    return ForceRun(task.puzzle, first, cover=task.rule.cover, touch=task.rule.touch)
