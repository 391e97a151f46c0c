"""The SAT stage: the puzzle as CNF on Glucose (python-sat), models enumerated up to the number wanted.

Which encoding follows from the rule, by theorems, not by measurement:

* lines that may run beside themselves, every cell covered: the plain
  ``fill`` encoding, loops cut lazily (colour codes shared past
  :data:`~tremaux.numberlink.solvers.encoding.FILL_COLOUR_BITS` bits);
* the no-touch convention: *induced* lines (two neighbouring cells of one
  line are linked), which is exactly the convention, under either rule;
* one solution under ``nikoli`` with touching allowed: induced lines too.
  A line that touches itself can take the shortcut (the cells it skips stay
  empty), so a solution exists exactly when induced lines do, and their
  answer is a solution.

A further solution is asked for by forbidding the edge set of the lines
found, so counting is exact. The deadline interrupts Glucose.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.base import Task
>>> p = Puzzle.from_rows(["1..2", "....", "1..2"])
>>> len(sat_stage(Task(p, resolve("fill", touch=True), 10, None)).solutions)
4
>>> len(sat_stage(Task(p, resolve("fill", touch=False), 10, None)).solutions)  # each one touches itself
0
>>> len(sat_stage(Task(p, resolve("nikoli", touch=False), 10, None)).solutions)
6
"""

from __future__ import annotations

from ...kernels import numberlink as kn
from ..result import Linking
from .base import Answer, Task

__all__ = ["sat_stage", "encoding_for"]


def encoding_for(task: Task, *, one: bool):
    """The :class:`~tremaux.numberlink.solvers.encoding.Encoding` of ``task`` (``one``: one solution wanted)."""
    from .encoding import FILL_COLOUR_BITS, Encoding

    rule = task.rule
    induced = not rule.touch or (one and not rule.cover)
    bits = FILL_COLOUR_BITS if rule.cover and not induced else None
    return Encoding(task.puzzle, "fill" if rule.cover else "nikoli", induced=induced, colour_bits=bits)


def sat_stage(task: Task) -> Answer:
    """Up to ``task.want`` solutions of ``task`` by SAT, and whether there are no more.

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer
        ``exhausted`` when the solver proved there are no further solutions;
        ``stopped="time limit"`` when the deadline passed first.
    """
    puzzle = task.puzzle
    found: list[Linking] = []
    with encoding_for(task, one=task.want == 1) as enc:
        extras = {"clauses": enc.nclauses, "variables": enc.nvars}
        stopped = ""
        exhausted = False
        try:
            while len(found) < task.want:
                model = enc.next_model(task.deadline)
                if model is None:
                    exhausted = True
                    break
                _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
                found.append(Linking.from_flat(puzzle, cells, starts))
                if len(found) < task.want:
                    enc.block(model)
        except TimeoutError:
            stopped = "time limit"
        extras.update(sat_calls=enc.calls, loops_cut=enc.loops_cut)
        calls = enc.calls
    return Answer(tuple(found), exhausted, "SAT", stopped=stopped, steps=calls, extras=extras)

