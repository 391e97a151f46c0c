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

Under ``nikoli``, one solution is first asked of the *densest* lines
(:func:`dense_stage`): lines that leave empty only the cells the checkerboard
count forces, with no U-turn (a line with a U-turn can cut across it, so
none is lost). Any answer is a solution, given with every line that runs
beside itself shortened (:func:`.router.untangle`); "none" only sends the
question on.

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

from dataclasses import replace

from ...kernels import numberlink as kn
from ..result import Linking
from .base import Answer, Task

__all__ = ["sat_stage", "dense_stage", "seeded_stage", "encoding_for"]

DENSE_SHARE = 0.5
"""Share of the time left that :func:`dense_stage` may take before the general question has the rest."""


def encoding_for(task: Task, *, one: bool):
    """The :class:`~tremaux.numberlink.solvers.encoding.Encoding` of ``task`` (``one``: one solution wanted).

    Parameters
    ----------
    task : Task
        The task.
    one : bool
        Only one solution is wanted (the encoding may then leave out clauses that only counting needs).

    Returns
    -------
    Encoding
        The encoding under the task's rule (induced lines when touching is barred, or for one
        solution under ``nikoli``); the caller closes it.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> enc = encoding_for(Task(Puzzle.from_rows(["1.1"]), resolve("fill"), want=1, deadline=None), one=True)
    >>> enc.next_model() is not None
    True
    >>> enc.close()
    """
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

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = sat_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("fill"), want=2, deadline=None))
    >>> len(answer.solutions), answer.exhausted
    (1, True)
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



def dense_stage(task: Task) -> Answer | None:
    """One solution under ``nikoli`` among the densest lines, or ``None`` (none there, or no time).

    The lines may leave empty only the :func:`~.verdicts.colour_surplus`
    cells of the surplus colour (closed loops elsewhere are dropped, their
    cells empty) and never make a U-turn. Published puzzles leave few cells
    empty, so this small question often settles them; it is given
    :data:`DENSE_SHARE` of the time left.

    Parameters
    ----------
    task : Task
        The task, under ``nikoli``.

    Returns
    -------
    Answer or None
        One solution, or ``None``.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = dense_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli"), want=1, deadline=None))
    >>> answer.how
    'SAT (densest lines)'
    """
    from .encoding import FILL_COLOUR_BITS, Encoding
    from .router import untangle
    from .verdicts import colour_surplus

    if task.rule.cover or task.want != 1:
        return None
    surplus = abs(colour_surplus(task.puzzle))
    induced = not task.rule.touch
    kw = dict(holes="surplus", max_holes=surplus, uturns=False, induced=induced,
              colour_bits=None if induced else FILL_COLOUR_BITS)
    puzzle = task.puzzle
    with Encoding(puzzle, "fill", **kw) as enc:
        try:
            model = enc.next_model(task.share(DENSE_SHARE), drop_loops=True)
        except TimeoutError:
            return None
        if model is None:
            return None
        _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
        lk = untangle(puzzle, Linking.from_flat(puzzle, cells, starts))
        return Answer((lk,), False, "SAT (densest lines)", steps=enc.calls,
                      extras={"clauses": enc.nclauses, "variables": enc.nvars})


def seeded_stage(task: Task) -> Answer | None:
    """Uniqueness or counting under ``nikoli``, from a first solution found the quick way.

    The first solution comes from :func:`dense_stage` or the router (given a
    quarter of the time left); the SAT question is then only "other lines
    than these?", with the first solution forbidden and its edges as the
    solver's first guesses. ``None`` when no first solution came quickly.

    Parameters
    ----------
    task : Task
        The task, under ``nikoli``, wanting two or more solutions.

    Returns
    -------
    Answer or None
        The solutions and whether there are no more, or ``None`` when no first solution came quickly.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = seeded_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli"), want=2, deadline=None))
    >>> len(answer.solutions), answer.exhausted
    (1, True)
    """
    from .router import router_stage

    if task.rule.cover or task.want < 2:
        return None
    quick = replace(task, want=1, deadline=task.share(0.25))
    first = dense_stage(quick) or router_stage(quick)
    if first is None or not first.solutions:
        return None
    lk = first.solutions[0]
    puzzle = task.puzzle
    found: list[Linking] = [lk]
    stopped = ""
    exhausted = False
    with encoding_for(task, one=False) as enc:
        enc.set_hint(lk)
        enc.block_lines(lk)
        try:
            while len(found) < task.want:
                model = enc.next_model(task.deadline)
                if model is None:
                    exhausted = True
                    break
                _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
                found.append(Linking.from_flat(puzzle, cells, starts))
                enc.block(model)
        except TimeoutError:
            stopped = "time limit"
        calls = enc.calls
    return Answer(tuple(found), exhausted, f"{first.how}, then SAT", stopped=stopped, steps=calls)
