"""The generator's question "another solution?" on long winding lines under ``nikoli``, asked in turns of work.

Planted lines grown to a density (few, long and winding) under ``nikoli``,
where cells may stay empty: the whole board's SAT question alone leaves the
solver lost for minutes, though the other solutions differ from the planted
one in a window or a few lines. So three ways ask the question in turns,
each turn twice the work of the one before, and whichever answers first
answers:

* **neighbourhoods** of the planted solution (:func:`.solvers.neighbourhoods.neighbourhoods`:
  windows, lines set free, everything else kept by assumptions), in the
  encoding of the whole board, each with at most
  :data:`~.solvers.neighbourhoods.GROUP_CONFLICTS` conflicts;
* **the whole board**, the solver going on from turn to turn with what it
  has learnt, with the clauses of :mod:`.solvers.shortcuts` (the planted
  solution covers every cell, so another solution exists exactly when one
  without a cut corner does, :func:`.solvers.reductions.shortcuts_suffice`);
* **the colour search** (:mod:`.solvers.colours`) from the planted
  colours, on boards it holds.

Each has the same work in a turn: :data:`FIRST_PROPAGATIONS` unit
propagations a variable of the encoding in the first turn, twice as many in
each next one (the colour search's choices converted at
:data:`PROPAGATIONS_PER_NODE`). Every bound is work (propagations, conflicts,
choices), never the clock: the same seed makes the same puzzle on any
machine and at any load; the clock only ends the generation, which then
gives up. A question that none of the three has decided after as much work
as the generation's questions before it together (:class:`Ledger`, at least
:data:`MIN_TURNS` turns) is left undecided: the generator then cuts a line
at random, and the puzzle it asks about next has one more pair, so a
question that would hold the generation for the rest of its time gives way
to an easier one.

Examples
--------
>>> from tremaux.numberlink import generate_puzzle
>>> made = generate_puzzle((10, 10), rule="nikoli", density=0.04, seed=3)
>>> made.puzzle == generate_puzzle((10, 10), rule="nikoli", density=0.04, seed=3).puzzle
True
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from .model import Puzzle
from .result import Linking

__all__ = ["Ledger", "ask_in_turns", "bounded_models", "FIRST_PROPAGATIONS", "PROPAGATIONS_PER_NODE", "MIN_TURNS"]

FIRST_PROPAGATIONS = 64
"""Unit propagations per edge of the board that each way to ask has in the first turn (each next turn
twice as many): a few passes over the board, so that a first turn costs milliseconds on any board."""

PROPAGATIONS_PER_NODE = 128
"""Unit propagations of the SAT solver that one choice of the colour search counts for: a unit conversion, so
that each way has about the same time. Measured on puzzles the generator asked about, 30 x 30 at 27 to 58
pairs (2026-11-27, x86_64): Glucose 4.9-7.0 million propagations a second over the whole board, the colour
search 24,000-71,000 choices a second (70 to 290 propagations a choice)."""

MIN_TURNS = 6
"""Turns a question always has before it may be left undecided (its whole work then 127 times the first
turn's), whatever the generation's questions before it cost: the first questions are not cut short."""


@dataclass
class Ledger:
    """The work of a generation's questions so far, in units of a first turn's work; it bounds the next one.

    A question may run turns ``0 .. k`` while their work, ``2 ** (k + 1) - 1``
    units, is at most what the questions before it cost together, or
    :data:`MIN_TURNS` turns, whichever is more.

    Examples
    --------
    >>> from tremaux.numberlink.turns import Ledger
    >>> led = Ledger()
    >>> led.turns()
    6
    >>> led.spent += 500
    >>> led.turns()
    8
    """

    spent: int = 0
    """Units of work spent by the questions so far (turn ``k`` is ``2 ** k`` units)."""
    settled: dict = field(default_factory=dict)
    """Neighbourhoods (their freed cells, as bytes) where a question found no other solution, each with the
    cells next to it or in it (a flat bool array): skipped by the next questions until :meth:`forget`."""

    def forget(self, cells: Any) -> None:
        """Ask again the settled neighbourhoods in or next to ``cells`` (flat indices of lines just cut or joined).

        A cut makes the puzzle's solutions those of the puzzle before it that keep the cut edge, but the two
        pieces of the cut line may now run beside each other: near them, a neighbourhood may have another
        solution it had not. Elsewhere it has none still (its cells and what is kept around them are as
        before). Skipping is a shortcut to the other solutions, never a proof: the last question over the
        whole board is.

        Parameters
        ----------
        cells : iterable of int
            Flat indices of the cells whose lines changed.

        Examples
        --------
        >>> import numpy as np
        >>> from tremaux.numberlink.turns import Ledger
        >>> led = Ledger(settled={b"a": np.array([True, False, False]), b"b": np.array([False, False, True])})
        >>> led.forget([0])
        >>> list(led.settled)
        [b'b']
        """
        idx = list(cells)
        if idx:
            self.settled = {k: near for k, near in self.settled.items() if not near[idx].any()}

    def turns(self) -> int:
        """The number of turns the next question may run.

        Returns
        -------
        int
            At least :data:`MIN_TURNS`.

        Examples
        --------
        >>> from tremaux.numberlink.turns import Ledger
        >>> Ledger(spent=0).turns(), Ledger(spent=127).turns(), Ledger(spent=5000).turns()
        (6, 7, 12)
        """
        k = MIN_TURNS
        while 2 ** (k + 1) - 1 <= self.spent:
            k += 1
        return k


def ask_in_turns(puzzle: Puzzle, planted: Linking, enc: Any, whole: Any, ledger: Ledger,
                 stop: float | None) -> list[set[tuple[int, int]]] | None:
    """Other solutions of ``puzzle`` than ``planted`` (their edges), ``[]`` when there is none, ``None``: undecided.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle, under ``nikoli`` without touching.
    planted : Linking
        Its planted solution, which covers every cell.
    enc : Encoding
        The rule's encoding under the convention, the planted edges forbidden all together.
    whole : callable
        ``whole(propagations, found, assumptions)``: other solutions over the whole board into ``found``, with
        at most ``propagations`` unit propagations a call (``TimeoutError`` when a call used them, or ``stop``
        passed).
    ledger : Ledger
        The generation's work so far: bounds this question's turns, and is charged with them.
    stop : float or None
        A ``time.perf_counter()`` value: no turn starts after it (the caller then gives up).

    Returns
    -------
    list of set or None
        The other solutions found (edges ``(a, b)`` of flat cells, ``a < b``), ``[]`` when none exists,
        ``None`` when the question's turns ran out undecided (or ``stop`` passed).

    Examples
    --------
    The generator asks it through :func:`tremaux.numberlink.uniqueness._another`:

    >>> from tremaux.numberlink.turns import Ledger
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> from tremaux.numberlink.uniqueness import _another
    >>> p = Puzzle.from_rows(["1.1", "...", "2.2"])
    >>> lines = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(2, 0), (1, 0), (1, 1), (1, 2), (2, 2)]])
    >>> found, undecided = _another(p, lines, "nikoli", None, long_lines=True, ledger=Ledger())
    >>> len(found) > 0, undecided  # line 2 may go straight along the bottom row
    (True, False)
    """
    from .rules import resolve
    from .solvers.colours import MAX_CELLS, MAX_PAIRS, ColourRun
    from .solvers.neighbourhoods import around, neighbourhoods
    from .solvers.reductions import shortcuts_suffice
    from .solvers.shortcuts import shortcut_clauses
    from .exact import ALTERNATIVES, _linking_edges, _model_edges

    mine = _linking_edges(planted, puzzle.width)
    hoods = (hood for hood in neighbourhoods(puzzle, planted) if hood[1].tobytes() not in ledger.settled)
    selector: list[int] = []
    if shortcuts_suffice(puzzle, resolve("nikoli", touch=False), planted):  # for the whole board only
        enc.nvars += 1
        selector = [enc.nvars]
        for clause in shortcut_clauses(puzzle, enc.inc):
            enc.add_clause(clause + [-selector[0]])
    colour = None
    if puzzle.pairs <= MAX_PAIRS and puzzle.height * puzzle.width <= MAX_CELLS:
        colour = ColourRun(puzzle, prefer=planted, max_solutions=ALTERNATIVES + 1, cut=bool(selector))
    stats = getattr(enc.solver, "accum_stats", None)
    unit = FIRST_PROPAGATIONS * max(1, enc.nedges)
    hoods_left = True
    for k in range(ledger.turns()):
        if stop is not None and time.perf_counter() > stop:
            return None
        ledger.spent += 2 ** k
        work = unit * 2 ** k
        if hoods_left:
            asked = [0]
            got = []
            for label, free in _within(hoods, stats, work, asked, max(1, enc.nedges)):
                one, _ = around(enc, planted, iter([(label, free)]), lambda m: _model_edges(enc, m),
                                stop=None, need=1, deadline=stop, exact=True)
                if one:  # one other solution a neighbourhood: the next ones are elsewhere, ruled out by other cuts
                    got.append(one[0][0])
                elif stop is None or time.perf_counter() <= stop:
                    ledger.settled[free.tobytes()] = _near(free)
                if len(got) >= ALTERNATIVES:
                    break
            hoods_left = len(got) >= ALTERNATIVES or asked[0] < 0  # the work ran out before the neighbourhoods
            if got:
                return got
        found: list[set[tuple[int, int]]] = []
        try:
            whole(work, found, selector)
            return found  # every other solution, or none at all
        except TimeoutError:
            if found:
                return found
        if colour is not None and not colour.done:
            out = colour.advance(stop, until_nodes=colour.nodes + max(1, work // PROPAGATIONS_PER_NODE))
            others = [e for e in (_linking_edges(x, puzzle.width) for x in out.solutions) if e != mine]
            if others or out.complete:
                return others
    return None


def _near(free: Any) -> Any:
    """The cells of the bool grid ``free`` and their neighbours, flat."""
    import numpy as np

    near = free.copy()
    near[1:] |= free[:-1]
    near[:-1] |= free[1:]
    near[:, 1:] |= free[:, :-1]
    near[:, :-1] |= free[:, 1:]
    return near.ravel()


def _within(items: Any, stats: Any, work: int, ran_out: list[int], least: int = 1000) -> Any:
    """The next items of the iterator ``items`` while the solver has made fewer than ``work`` propagations since
    the first (``stats``: its ``accum_stats``); ``ran_out[0]`` is set to -1 when the work ran out first (the
    items not taken stay in ``items``). Each item counts at least ``least`` propagations (the caller passes the
    board's edges: a neighbourhood's question sets an assumption for each edge it keeps, which the solver's
    count of propagations may not show, so that tens of thousands of groups of short lines, each settled in
    a handful of propagations, would keep a turn from ending); without ``stats`` (a backend that does not
    count), each counts exactly that."""
    start = None if stats is None else stats()["propagations"]
    taken = 0
    while True:
        used = taken * least if start is None else max(stats()["propagations"] - start, taken * least)
        if used >= work:
            ran_out[0] = -1
            return
        try:
            item = next(items)
        except StopIteration:
            return
        taken += 1
        yield item


def bounded_models(enc: Any, stop: float | None, ledger: Ledger) -> Any:
    """The models of ``enc`` (as :func:`.exact.exact_models`), the first within the work ``ledger`` allows.

    The first model (or the proof there is none) may use as much work as the
    generation's questions before it together, at least :data:`MIN_TURNS`
    turns' (:meth:`Ledger.turns`, a turn's work :data:`FIRST_PROPAGATIONS`
    unit propagations an edge, doubling), and the ledger is charged with what
    it used; past that the question is undecided (``TimeoutError``), and the
    generator cuts a line at random: the next question, about a puzzle with
    one more pair, is easier. Without the bound, the first hard question
    (a sparse puzzle where lines may run beside themselves) held the
    generation until its time limit. Each next model has at most the work
    spent so far, the models ending at the first that needs more.

    Parameters
    ----------
    enc : Encoding
        The encoding asked (the planted solution forbidden).
    stop : float or None
        A ``time.perf_counter()`` value: past it the question gives up.
    ledger : Ledger
        The generation's work so far: bounds this question, and is charged with it.

    Yields
    ------
    Model
        The next model.

    Raises
    ------
    TimeoutError
        When the first model's work ran out, or ``stop`` passed, before it (or the proof there is none).

    Examples
    --------
    >>> from tremaux.numberlink.turns import Ledger, bounded_models
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.sat import Encoding
    >>> with Encoding(Puzzle.from_rows(["1.1", "..."]), "nikoli") as enc:
    ...     led = Ledger()
    ...     first = next(bounded_models(enc, None, led))
    ...     len(first.edges), led.spent > 0
    (2, True)
    """
    from .exact import exact_model

    stats = getattr(enc.solver, "accum_stats", None)
    start = 0 if stats is None else stats()["propagations"]
    unit = max(1, FIRST_PROPAGATIONS * enc.nedges)
    budget = unit * (2 ** ledger.turns() - 1)
    try:
        model = exact_model(enc, stop, budget if stats is not None else None)
    finally:
        used = budget if stats is None else stats()["propagations"] - start
        ledger.spent += max(1, -(-used // unit))
    work = max(1, used)
    while model is not None:
        yield model
        try:
            model = exact_model(enc, stop, work)
        except TimeoutError:
            return
        if stats is not None:
            work = max(1, stats()["propagations"] - start)
