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
from dataclasses import dataclass
from typing import Any

from .model import Puzzle
from .result import Linking

__all__ = ["Ledger", "ask_in_turns", "FIRST_PROPAGATIONS", "PROPAGATIONS_PER_NODE", "MIN_TURNS"]

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
    from .uniqueness import ALTERNATIVES, _linking_edges, _model_edges

    mine = _linking_edges(planted, puzzle.width)
    hoods = neighbourhoods(puzzle, planted)
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
            got, done = around(enc, planted, _within(hoods, stats, work, asked, max(1, enc.nedges)),
                               lambda m: _model_edges(enc, m),
                               stop=None, need=ALTERNATIVES, deadline=stop, exact=True)
            hoods_left = not done or asked[0] < 0  # this turn's work ran out before the neighbourhoods did
            if got:
                return [e for e, _ in got]
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
