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

One solution under ``nikoli`` is asked with the clauses of
:mod:`.shortcuts` besides: no line turns a ``┌`` or ``┐`` corner whose inner
diagonal cell is empty (it could cut through it), nor makes a short detour
around empty cells, which keeps a solution whenever there is one.

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
>>> from tremaux.numberlink.solvers.sat import sat_stage
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

__all__ = ["sat_stage", "dense_stage", "untouched_stage", "encoding_for", "DENSE_KEY", "UNTOUCHED_KEY"]

DENSE_SHARE = 0.8
"""Share of the time left for :func:`dense_stage` and :func:`untouched_stage` before the other stages.

Where these questions are not the right one (lines that must touch, or
leave more cells empty than the checkerboard forces) they say "none" in a
fraction of what they take where they are (measured on the development
halves of the corpus: at most 0.14 s, against up to a second for a 50x50
sparse puzzle they answer), so they get most of the time: a split, not a
per-puzzle tuning.
"""


DENSE_KEY = ("SAT, densest lines",)
"""The key under which :func:`dense_stage` keeps its encoding for the solve's next round (:meth:`.Task.resumable`).

Kept only while the question is undecided (its time ran out); closed once it answered or said "none".
"""
UNTOUCHED_KEY = ("SAT without U-turns",)
"""The key under which :func:`untouched_stage` keeps its encoding, as :data:`DENSE_KEY` for :func:`dense_stage`."""


def encoding_for(task: Task, *, one: bool, deadline: float | None = None):
    """The :class:`~tremaux.numberlink.solvers.encoding.Encoding` of ``task`` (``one``: one solution wanted).

    Parameters
    ----------
    task : Task
        The task.
    one : bool
        Only one solution is wanted (the encoding may then leave out clauses that only counting needs).
    deadline : float, optional
        A ``time.perf_counter()`` value to stop building at.

    Returns
    -------
    Encoding
        The encoding under the task's rule (induced lines when touching is barred, or for one
        solution under ``nikoli``); the caller closes it.

    Raises
    ------
    TimeoutError
        When ``deadline`` passes while the encoding is built.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.sat import encoding_for
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
    return Encoding(task.puzzle, "fill" if rule.cover else "nikoli", induced=induced, colour_bits=bits,
                    corners=induced and rule.cover, deadline=deadline)


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
    >>> from tremaux.numberlink.solvers.sat import sat_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = sat_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("fill"), want=2, deadline=None))
    >>> len(answer.solutions), answer.exhausted
    (1, True)
    """
    puzzle = task.puzzle
    found: list[Linking] = []
    # more asked later (uniqueness): the encoding is kept for it when the counting one is the same
    keep = task.then > task.want and (task.rule.cover or not task.rule.touch)
    one = task.want == 1 and not keep

    def build():
        enc = encoding_for(task, one=one, deadline=task.deadline)
        if one and not task.rule.cover:  # one solution under nikoli: no corner to cut, no detour
            from .shortcuts import shortcut_clauses

            for clause in shortcut_clauses(puzzle, enc.inc):
                enc.add_clause(clause)
        return enc

    key = ("SAT, one solution",)
    try:  # one solution: the encoding goes on in the solve's next round if this one ends first
        enc = task.resumable(key, build) if one else build()
    except TimeoutError:
        return Answer((), False, "SAT", stopped="time limit")
    stopped = ""
    exhausted = False
    try:
        extras = {"clauses": enc.nclauses, "variables": enc.nvars}
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
    finally:
        keep = keep and bool(found) and not exhausted
        if one:
            if stopped != "time limit":
                task.close_kept(key)
        elif not keep:
            enc.close()
    return Answer(tuple(found), exhausted, "SAT", stopped=stopped, steps=calls, extras=extras,
                  resume=enc if keep else None)


def dense_stage(task: Task) -> Answer | None:
    """One solution under ``nikoli`` among the densest lines, or ``None`` (none there, or no time).

    The lines may leave empty only the :func:`~.verdicts.colour_surplus`
    cells of the surplus colour (closed loops elsewhere are dropped, their
    cells empty) and never make a U-turn. Published puzzles leave few cells
    empty, so this small question often settles them; it is given
    :data:`DENSE_SHARE` of the time left. The corner theorem's clauses, when
    they apply, are dropped after the solve's first round (:func:`_corners_first`).

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
    >>> from tremaux.numberlink.solvers.sat import dense_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = dense_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli"), want=1, deadline=None))
    >>> answer.how
    'SAT (densest lines)'
    """
    from .encoding import FILL_COLOUR_BITS, Encoding
    from .router import _model_lines
    from .verdicts import colour_surplus

    if task.rule.cover or task.want != 1:
        return None
    surplus = abs(colour_surplus(task.puzzle))
    induced = not task.rule.touch
    kw = dict(holes="surplus", max_holes=surplus, uturns=False, induced=induced,
              colour_bits=None if induced else FILL_COLOUR_BITS, corners=surplus == 0)
    puzzle = task.puzzle
    deadline = task.share(DENSE_SHARE)

    def build(corners: bool) -> Encoding:  # without them only after the first round
        return Encoding(puzzle, "fill", deadline=deadline, **{**kw, "corners": corners and kw["corners"]})

    def ask(enc: Encoding, until: float | None):
        model = enc.next_model(until, drop_loops=True)
        return None if model is None else (enc, model)

    try:
        out = _corners_first(task, DENSE_KEY, build, deadline, ask, switch=kw["corners"])
    except TimeoutError:
        return None  # the encoding, if built, is kept: the next round goes on with it
    _close_both(task, DENSE_KEY)
    if out is None:
        return None
    enc, model = out
    lk = _model_lines(puzzle, model.links, enc.ends)
    return Answer((lk,), False, "SAT (densest lines)", steps=enc.calls,
                  extras={"clauses": enc.nclauses, "variables": enc.nvars})


def untouched_stage(task: Task) -> Answer | None:
    """One solution under ``fill`` when lines may touch, asked first of lines that keep the corner theorem.

    Lines that never touch themselves (those of published puzzles) make no
    U-turn and keep the corner theorem; asking SAT for lines with these two
    properties only (not the whole convention: no colour code per pair
    needed, so the shared codes of :data:`FILL_COLOUR_BITS`) is a small
    question whose every model is a solution, and it holds every solution
    that never touches. Closed loops in a model are not cut and asked again:
    the lines are stretched over them (:func:`.stretch.stretch`, a swap per
    loop, allowed since lines may touch); only when that gets stuck are they
    cut. ``None`` when there is no such solution (that proves nothing about
    the others) or no time; given :data:`DENSE_SHARE` of the time left.
    Left undecided by the solve's first round, the question is asked
    without the corner theorem from then on (:func:`_corners_first`).

    Parameters
    ----------
    task : Task
        The task, under ``fill`` with touching allowed, one solution wanted.

    Returns
    -------
    Answer or None
        One solution, or ``None``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.sat import untouched_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> fill = resolve("fill", touch=True)
    >>> untouched_stage(Task(Puzzle.from_rows(["123", "123"]), fill, want=1, deadline=None)).how
    'SAT without U-turns'
    >>> untouched_stage(Task(Puzzle.from_rows(["1..", "...", "..1"]), fill, want=1, deadline=None)) is None
    True
    """
    from .encoding import FILL_COLOUR_BITS, Encoding
    from .stretch import stretch

    if not (task.rule.cover and task.rule.touch and task.want == 1 and task.puzzle.pairs):
        return None
    puzzle = task.puzzle
    deadline = task.share(DENSE_SHARE)

    def build(corners: bool) -> Encoding:
        return Encoding(puzzle, "fill", uturns=False, corners=corners, colour_bits=FILL_COLOUR_BITS,
                        deadline=deadline)

    def ask(enc: Encoding, until: float | None):
        model = enc.next_model(until, drop_loops=True)
        lk = None
        if model is not None and model.with_loops is not None:
            lk = stretch(puzzle, model.with_loops)
            if lk is None:  # the swaps got stuck: the same model again, its loops cut this time
                model = enc.next_model(until)
        return None if model is None else (enc, model, lk)

    try:
        out = _corners_first(task, UNTOUCHED_KEY, build, deadline, ask, switch=True)
    except TimeoutError:
        return None  # the encoding, if built, is kept: the next round goes on with it
    _close_both(task, UNTOUCHED_KEY)
    if out is None:
        return None
    enc, model, lk = out
    how = "SAT without U-turns" if lk is None else "SAT without U-turns, loops stretched in"
    if lk is None:
        _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
        lk = Linking.from_flat(puzzle, cells, starts)
    return Answer((lk,), False, how, steps=enc.calls, extras={"clauses": enc.nclauses, "variables": enc.nvars})


WITHOUT_CORNERS = "without corners"
"""Added to a question's key (:func:`_corners_first`) once its encoding without the corner theorem took over."""


def _corners_first(task: Task, key: tuple, build, deadline: float | None, ask, *, switch: bool):
    """``ask(encoding, deadline)`` of the question ``build(True)`` (with the corner theorem) in the solve's first
    round, of ``build(False)`` (the same question without it) in the rounds after, when the first left it undecided.

    The corner theorem's clauses make the question smaller, and SAT answers published puzzles (one solution,
    lines that never touch) in fewer conflicts with them; on large boards with many solutions of long winding
    lines they cut most solutions away and the call runs into a long tail: without them the call took 1.1-1.6 s
    where it took 8-8.6 s on two 80x80 boards, and less time on most others (``docs/benchmarks.md``, "the corner
    theorem dropped after the first round"). A question that the first round left undecided (its encoding kept under
    ``key``) is asked from then on without the theorem: a new encoding is built and takes the old one's place
    under ``key`` (``key + (WITHOUT_CORNERS,)`` marks the change); when it cannot be built in the time given,
    the old one goes on for that round. Each one's models are answers; "none" from either ends the question.

    Returns what ``ask`` returned (``None`` for "none"); raises ``TimeoutError`` when the time ran out, the
    encoding kept for the next round. ``switch=False`` (or no deadline) keeps the question with the theorem.
    """
    flag = key + (WITHOUT_CORNERS,)
    if switch and deadline is not None and key in task.kept and flag not in task.kept:
        try:
            fresh = build(False)
        except TimeoutError:  # no time to build it (its pace, under load): the kept encoding goes on
            fresh = None
        if fresh is not None:
            task.close_kept(key)
            task.kept[key] = fresh
            task.kept[flag] = True
    return ask(task.resumable(key, lambda: build(flag not in task.kept)), deadline)


def _close_both(task: Task, key: tuple) -> None:
    """Forget the encoding :func:`_corners_first` kept under ``key`` and its mark (the question decided)."""
    task.close_kept(key)
    task.close_kept(key + (WITHOUT_CORNERS,))
