"""One solution under ``nikoli`` among lines that leave few cells empty, the bound on them deepened.

Contest puzzles mostly have a solution that fills all but a few cells:
too many for the densest lines (:func:`.sat.dense_stage`, which leaves empty
only the cells the checkerboard count forces), too few for the router,
whose lines are short and leave many. Between the two, :func:`near_stage`
asks SAT for lines that leave at most ``b`` cells empty, any cells, for
``b = s + 2, s + 4, ...`` with ``s`` the checkerboard surplus
(:func:`.verdicts.colour_surplus`): the empty cells number ``s`` more of
one colour than of the other, so only every second bound is a new
question. A small bound is answered, or shown to hold no lines, in
milliseconds; the first bound that holds lines is the one asked longest.
Each bound is a fresh encoding (the cardinality clauses of
:func:`.clauses.at_most`), built in milliseconds on boards up to 50x50.

Any model is a solution (closed loops are dropped, their cells left empty;
lines that run beside themselves shortened by :func:`.router.untangle`),
so an answer is final; "none" (every bound tried, or no time) only sends
the question on. The lines make no U-turn: a line with one can cut across
it, which empties two more cells, so the deepening meets that solution at
the next bound.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.base import Task
>>> a = near_stage(Task(Puzzle.from_rows(["1..", ".2.", "1.2"]), resolve("nikoli"), want=1, deadline=None))
>>> a.how
'SAT (at most 3 cells empty)'
"""

from __future__ import annotations

from ...kernels import numberlink as kn
from ..result import Linking
from .base import Answer, Task

__all__ = ["near_stage", "NEAR_SHARE", "NEAR_DEPTH"]

NEAR_SHARE = 0.5
"""Share of the time left for :func:`near_stage` before the router and the exact stages (a split)."""
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
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> near_stage(Task(Puzzle.from_rows(["12", "21"]), resolve("nikoli"), want=1, deadline=None)) is None
    True
    """
    from .encoding import FILL_COLOUR_BITS, Encoding
    from .router import untangle
    from .verdicts import colour_surplus

    if task.rule.cover or task.want != 1 or not task.puzzle.pairs:
        return None
    puzzle = task.puzzle
    surplus = abs(colour_surplus(puzzle))
    free = int((puzzle.grid == 0).sum())
    induced = not task.rule.touch
    deadline = task.share(NEAR_SHARE)
    for step in range(1, NEAR_DEPTH + 1):
        bound = surplus + 2 * step
        try:
            with Encoding(puzzle, "fill", holes="any", max_holes=bound, uturns=False, induced=induced,
                          colour_bits=None if induced else FILL_COLOUR_BITS, deadline=deadline) as enc:
                model = enc.next_model(deadline, drop_loops=True)
                calls, nclauses, nvars = enc.calls, enc.nclauses, enc.nvars
        except TimeoutError:
            return None
        if model is not None:
            _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
            lk = untangle(puzzle, Linking.from_flat(puzzle, cells, starts))
            return Answer((lk,), False, f"SAT (at most {bound} cells empty)", steps=calls,
                          extras={"clauses": nclauses, "variables": nvars, "empty_bound": bound})
        if bound >= free:
            return None  # every cell could stay empty, and still no lines: the exact stages say why
    return None
