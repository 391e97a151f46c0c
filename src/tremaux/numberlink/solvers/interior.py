"""One solution under ``nikoli`` whose lines are first assumed to fill the board away from its border and numbers.

Puzzles whose lines wind long and side by side (numbers in clusters, lines
that must go round one another) leave a few cells empty under ``nikoli``,
and which cells is what the SAT questions of the other stages lose their
way on: with a fifth of the cells the lines cover known to be busy, the
same question is answered in a fraction of a second
(``benchmarks/bench_nl_wind_questions.py``, figures in
``docs/benchmarks.md``). :func:`interior_stage` guesses them: every free
cell at least :data:`MARGIN` cells from the border and more than
:data:`MARGIN` (Manhattan distance) from every number is assumed busy,
the rest may stay empty. Each "no lines under these assumptions" drops the
assumptions of its core and asks again, so the question ends as the plain
one (every cell free) at worst; any model is a solution (closed loops
dropped, lines that run beside themselves shortened by
:func:`.router.untangle`). "None" proves nothing (the assumptions and the
clauses of :mod:`.shortcuts`), it only sends the question on.

Examples
--------
>>> from tremaux.numberlink.solvers.interior import interior_cells
>>> from tremaux.numberlink import Puzzle
>>> p = Puzzle.from_rows(["1.......", "........", "........", "........", "........", ".......1"])
>>> interior_cells(p, 2).astype(int).tolist()[2]
[0, 0, 1, 1, 1, 1, 0, 0]
"""

from __future__ import annotations

import numpy as np

from ..model import Puzzle
from .base import Answer, Task

__all__ = ["interior_stage", "interior_cells", "MARGIN", "INTERIOR_SHARE", "INTERIOR_CONFLICTS"]

MARGIN = 2
"""Cells from the border and from the numbers within which a cell may stay empty at first.

Chosen on the development half of ``benchmarks/bench_nl_wind.py`` (margins 1, 2 and 3: 7, 8 and 6 of 10
answered within 3 s of CPU).
"""
INTERIOR_SHARE = 0.5
"""Share of the time left for :func:`interior_stage`, before the router and the ``near`` stage (a split)."""
INTERIOR_CONFLICTS = 2000
"""Conflicts of one call between two looks at the clock."""


def interior_cells(puzzle: Puzzle, margin: int = MARGIN) -> np.ndarray:
    """The free cells at least ``margin`` from the border and more than ``margin`` from every number.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    margin : int, default MARGIN
        Cells from the border, and Manhattan distance from a number.

    Returns
    -------
    numpy.ndarray
        A boolean ``(H, W)`` mask.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.interior import interior_cells
    >>> from tremaux.numberlink import Puzzle
    >>> int(interior_cells(Puzzle.from_rows(["1....", ".....", ".....", ".....", "....1"]), 1).sum())
    9
    """
    g = puzzle.grid != 0
    h, w = g.shape
    near = np.zeros_like(g)
    for dr in range(-margin, margin + 1):
        for dc in range(-(margin - abs(dr)), margin - abs(dr) + 1):
            src = g[max(0, -dr):h - max(0, dr), max(0, -dc):w - max(0, dc)]
            near[max(0, dr):h - max(0, -dr), max(0, dc):w - max(0, -dc)] |= src
    rows, cols = np.indices((h, w))
    inside = (rows >= margin) & (cols >= margin) & (rows < h - margin) & (cols < w - margin)
    return inside & ~near & ~g


class _Interior:
    """The encoding of :func:`interior_stage` and the assumptions still held."""

    def __init__(self, task: Task, deadline: float | None) -> None:
        from .encoding import FILL_COLOUR_BITS, Encoding
        from .shortcuts import shortcut_clauses

        puzzle = task.puzzle
        induced = not task.rule.touch
        enc = Encoding(puzzle, "fill", holes="any", uturns=False, induced=induced,
                       colour_bits=None if induced else FILL_COLOUR_BITS, deadline=deadline)
        try:
            for clause in shortcut_clauses(puzzle, enc.inc):
                enc.add_clause(clause)
        except BaseException:
            enc.close()
            raise
        self.enc = enc
        holes = enc.hole_var[interior_cells(puzzle).ravel()]
        self.assumed = [-int(v) for v in holes[holes > 0]]

    def search(self, deadline: float | None):
        """A model, or ``None`` when even no assumption left holds lines; ``TimeoutError`` at the deadline."""
        import time

        while True:
            try:
                model = self.enc.next_model(deadline, drop_loops=True, assumptions=self.assumed,
                                            conflicts=INTERIOR_CONFLICTS)
            except TimeoutError:
                if deadline is not None and time.perf_counter() > deadline:
                    raise
                continue
            if model is not None:
                return model
            if not self.assumed:
                return None
            core = set(self.enc.solver.get_core() or ())
            if not core:
                return None
            self.assumed = [v for v in self.assumed if v not in core]

    def close(self) -> None:
        """Close the encoding."""
        self.enc.close()


def interior_stage(task: Task) -> Answer | None:
    """One solution under ``nikoli``, the cells away from the border and numbers first assumed busy; or ``None``.

    Parameters
    ----------
    task : Task
        The task, under ``nikoli``, one solution wanted.

    Returns
    -------
    Answer or None
        One solution, or ``None`` (no cell to assume busy, no lines, or the
        time share of :data:`INTERIOR_SHARE` ran out).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.interior import interior_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> rows = ["1.......", "........", "........", "........", "........", ".......1"]
    >>> a = interior_stage(Task(Puzzle.from_rows(rows), resolve("nikoli"), want=1, deadline=None))
    >>> a.how
    'SAT (cells away from the border and numbers busy first)'
    """
    puzzle = task.puzzle
    if task.rule.cover or task.want != 1 or not puzzle.pairs or not interior_cells(puzzle).any():
        return None
    deadline = task.share(INTERIOR_SHARE)
    key = ("SAT, interior busy",)
    try:
        run = task.resumable(key, lambda: _Interior(task, deadline))
        model = run.search(deadline)
    except TimeoutError:
        return None  # the encoding, if built, is kept with the assumptions dropped: the next round goes on
    enc = run.enc
    task.close_kept(key)
    if model is None:
        return None
    from .router import _model_lines

    lk = _model_lines(puzzle, model.links, enc.ends)
    return Answer((lk,), False, "SAT (cells away from the border and numbers busy first)", steps=enc.calls,
                  extras={"clauses": enc.nclauses, "variables": enc.nvars, "assumed_busy": len(run.assumed)})
