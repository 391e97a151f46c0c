"""One solution under ``nikoli`` among lines that leave few cells empty, the bound on them deepened.

Contest puzzles mostly have a solution that fills all but a few cells:
too many for the densest lines (:func:`.sat.dense_stage`, which leaves empty
only the cells the checkerboard count forces), and a question the router
(whose lines are short and leave many) may not settle. :func:`near_stage`
asks SAT for lines that leave at most ``b`` cells empty, any cells, for
``b = s + 2, s + 4, ...`` (at most :data:`NEAR_DEPTH` bounds), ``s`` the
checkerboard surplus (:func:`.verdicts.colour_surplus`): the empty cells
number ``d`` more dark than light ones (``s = abs(d)``), so only every
second bound is a new question. A small bound is answered, or shown to
hold no lines, in milliseconds. The bounds are asked in passes, from the
smallest, each within a budget of conflicts (:data:`NEAR_CONFLICTS`,
doubled from one pass to the next): any model within any bound is a
solution, so a bound just below the answer, whose proof of "no lines"
can take seconds, does not hold up the larger ones.

The bound is said by colour: at most ``(b + d) / 2`` dark cells and
``(b - d) / 2`` light ones stay empty. That is the same question as one
bound on all of them, since the theorem fixes the difference, but the
solver does not know the theorem: with the count by colour it refutes a
bound too small in a fraction of the time (on the development half of
``benchmarks/bench_nl_near.py``). Each colour has one counter
(:func:`.clauses.at_most`) up to the largest bound, and each bound is
asked under assumptions on its registers, so what the solver learnt
refuting one bound serves the next; the encoding and the bound reached
are kept for the solve's next round (:meth:`.Task.resumable`).

Any model is a solution (closed loops are dropped, their cells left empty;
lines that run beside themselves shortened by :func:`.router.untangle`),
so an answer is final; "none" (every bound tried, or no time) only sends
the question on. The lines make no U-turn: a line with one can cut across
it, which empties two more cells, so the deepening meets that solution at
the next bound. The clauses of :mod:`.shortcuts` are asked too (no ``┌`` or
``┐`` corner beside an empty inner diagonal, no short detour around empty
cells): a corner rerouted keeps the number of empty cells, a detour
straightened or a shortcut taken empties more, so a solution within one
bound gives one that keeps these clauses within a larger bound, which the
deepening meets; on the development half they cut the time of the puzzles
this stage answers last by a factor of two to ten.

Examples
--------
>>> from tremaux.numberlink.solvers.near import near_stage
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.base import Task
>>> a = near_stage(Task(Puzzle.from_rows(["1..", ".2.", "1.2"]), resolve("nikoli"), want=1, deadline=None))
>>> a.how
'SAT (at most 3 cells empty)'
"""

from __future__ import annotations

import time

import numpy as np

from .backend import in_time as check_time
from .base import Answer, Task

__all__ = ["near_stage", "NEAR_SHARE", "NEAR_DEPTH", "NEAR_CONFLICTS"]

NEAR_SHARE = 0.8
"""Share of the time left for :func:`near_stage`, after the router, before the exact stages (a split).

Like the densest lines' (:data:`.sat.DENSE_SHARE`): where the question is
not the right one, its small bounds say "none" in milliseconds. On the
development half of ``benchmarks/bench_nl_near.py`` (1 s a puzzle), the
stage after the router with half the time left answered 37 of 40, with
this share 39; before the router (half), 38 but the median four times
longer, the router answering most of that family in milliseconds.
"""
CHECK_EVERY = 20_000
"""Clauses of the counters added between two looks at the clock (a large board's take a second or more)."""
NEAR_CONFLICTS = 1000
"""Conflicts each bound of :func:`near_stage` is given in a first pass; each later pass gives twice as many.

Any model within any bound is a solution, so no bound needs to be refuted
before a larger one is asked: a bound asked in vain within its budget waits
for the next pass, and the larger bounds have their turn. The smallest open
bound is given as many conflicts as the others together, so that where no
bound holds lines (the answer leaves more cells empty than the largest) the
stage refutes them about as soon as one bound at a time did, give or take
a factor of two, and leaves the time to the stages after it. Deepening one
bound at a time (each refuted before the next), the proofs that the bounds
just below the answer hold no lines took most of the time on puzzles that
leave 20 or more cells empty (``benchmarks/bench_nl_near.py --cut 10-40
--run 8``, development half).
"""
NEAR_DEPTH = 16
"""Most bounds :func:`near_stage` tries past the checkerboard surplus: at most ``2 * NEAR_DEPTH`` more empty cells.

Past it the question is no longer "a few cells empty", the router's family.
"""


def near_stage(task: Task) -> Answer | None:
    """One solution under ``nikoli`` among lines that leave at most ``b`` cells empty, ``b`` deepened; or ``None``.

    Parameters
    ----------
    task : Task
        The task, under ``nikoli``, one solution wanted.

    Returns
    -------
    Answer or None
        One solution, or ``None`` (no bound tried held lines, or the time
        share of :data:`NEAR_SHARE` ran out).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.near import near_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> near_stage(Task(Puzzle.from_rows(["12", "21"]), resolve("nikoli"), want=1, deadline=None)) is None
    True
    """
    if task.rule.cover or task.want != 1 or not task.puzzle.pairs or not (task.puzzle.grid == 0).any():
        return None  # (without a free cell, no cell can stay empty: the densest lines were the question)
    puzzle = task.puzzle
    deadline = task.share(NEAR_SHARE)
    key = ("SAT, few cells empty",)
    try:
        near = task.resumable(key, lambda: _Deepening(task, deadline))
        model, bound = near.search(deadline)
    except TimeoutError:
        return None  # the encoding, if built, is kept with the bounds refuted: the next round goes on with it
    enc = near.enc
    task.close_kept(key)
    if model is None:
        return None
    from .router import _model_lines

    lk = _model_lines(puzzle, model.links, enc.ends)
    return Answer((lk,), False, f"SAT (at most {bound} cells empty)", steps=enc.calls,
                  extras={"clauses": enc.nclauses, "variables": enc.nvars, "empty_bound": bound})


class _Deepening:
    """The encoding of :func:`near_stage`, with a counter of empty cells per colour, and the bound reached."""

    def __init__(self, task: Task, deadline: float | None) -> None:
        from .clauses import at_most
        from .encoding import FILL_COLOUR_BITS, Encoding
        from .shortcuts import shortcut_clauses
        from .verdicts import colour_surplus

        puzzle = task.puzzle
        induced = not task.rule.touch
        self.d = colour_surplus(puzzle)
        h, w = puzzle.shape
        dark = (np.add.outer(np.arange(h), np.arange(w)) % 2 == 0).ravel()
        enc = Encoding(puzzle, "fill", holes="any", uturns=False, induced=induced,
                       colour_bits=None if induced else FILL_COLOUR_BITS, deadline=deadline)
        try:
            # the counters (a register per cell, at every bound) take about as long again as the encoding, in calls
            # the clock cannot stop: not begun without the time for them
            if deadline is not None and time.perf_counter() + 2 * enc.build_seconds > deadline:
                raise TimeoutError
            self.registers = []  # per colour: the literals "more than j cells of it empty", j = 0 .. cap - 1
            most = self.bound(NEAR_DEPTH)
            for cells, cap in ((dark, (most + self.d) // 2), (~dark, (most - self.d) // 2)):
                enc.nvars += 1  # a last literal, always false: the register before it counts every cell
                stop = enc.nvars
                enc.add_clause([-stop])
                lits = np.append(enc.hole_var[cells & (enc.hole_var > 0)], stop)
                top = enc.nvars
                clauses, enc.nvars = at_most(lits, cap, top)
                for n, clause in enumerate(clauses):
                    enc.add_clause(clause)
                    if n % CHECK_EVERY == 0:
                        check_time(deadline)
                if lits.size > cap:  # s[i, j] of the counter, the row of the literal before the last
                    self.registers.append(top + 1 + (lits.size - 2) * cap + np.arange(cap, dtype=np.int64))
                else:
                    self.registers.append(np.zeros(0, dtype=np.int64))
                check_time(deadline)
            for clause in shortcut_clauses(puzzle, enc.inc):
                enc.add_clause(clause)
        except BaseException:
            enc.close()
            raise
        self.enc = enc
        self.open = list(range(1, NEAR_DEPTH + 1))  # the steps whose bound is neither refuted nor given up on yet
        self.budget = NEAR_CONFLICTS

    def search(self, deadline: float | None):
        """A model within the smallest bound that yields one in turn, and that bound; ``(None, None)``: all refuted.

        The open bounds are asked from the smallest, each within :attr:`budget`
        conflicts (the smallest within as many as the others together); one
        refuted is not asked again, one that used up its budget is left for
        the next pass, which doubles the budget (see :data:`NEAR_CONFLICTS`).
        Raises ``TimeoutError`` at the deadline.
        """
        while self.open:
            for step in list(self.open):
                bound = self.bound(step)
                # the smallest open bound is given as much as the others together: it is refuted as soon as
                # one bound at a time would have refuted it, give or take a factor of two
                budget = self.budget * (len(self.open) if step == self.open[0] else 1)
                try:
                    model = self.enc.next_model(deadline, drop_loops=True, assumptions=self.assumptions(bound),
                                                conflicts=budget)
                except TimeoutError:
                    if deadline is not None and time.perf_counter() > deadline:
                        raise
                    continue  # the budget used up: asked again in the next pass
                if model is not None:
                    return model, bound
                self.open.remove(step)
            self.budget *= 2
        return None, None

    def bound(self, step: int) -> int:
        """The number of empty cells allowed at ``step``."""
        return abs(self.d) + 2 * step

    def assumptions(self, bound: int) -> list[int]:
        """Literals that allow at most ``bound`` empty cells, as many of each colour as the surplus gives."""
        out = []
        for reg, most in zip(self.registers, ((bound + self.d) // 2, (bound - self.d) // 2)):
            if most < reg.size:
                out.append(-int(reg[most]))
        return out

    def close(self) -> None:
        """Close the encoding."""
        self.enc.close()
