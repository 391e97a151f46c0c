"""Number Link solvers: one entry point, :func:`solve_puzzle`, and one registry, :data:`NL_SOLVERS`.

==========  =================================================================  ==========
name        what it is                                                         counts
==========  =================================================================  ==========
fast        quick verdicts, the compiled search, then SAT (:mod:`.pipeline`)  yes
tremaux     the paper's modified Tremaux traveler (:mod:`.traveler`)          no
==========  =================================================================  ==========

Every call has a time limit, :data:`DEFAULT_TIME_LIMIT` seconds unless
``time_limit=`` says otherwise (``float("inf")`` for none); past it the answer
is ``gave-up`` with the time spent. A question still running after a tenth
of its limit goes on in a forked child process killed at the limit
(:mod:`.bound`), so it cannot overrun it by much. Lines may run beside themselves in a plain
one-solution solve; uniqueness and counting follow the no-touch convention
unless ``touch=True`` (see :mod:`tremaux.numberlink.rules`).

Examples
--------
>>> from tremaux.numberlink import solve_puzzle
>>> from tremaux.numberlink import Puzzle
>>> p = Puzzle.from_rows(["1..2", "....", "1..2"])
>>> r = solve_puzzle(p, rule="fill", count=10, touch=True)
>>> r.status, r.count, r.complete, r.message
('solved', 4, True, '4 solutions')
>>> solve_puzzle(p, rule="nikoli", count=10).count  # lines never beside themselves
6
>>> solve_puzzle(p, "tremaux").grid.tolist()
[[1, 1, 1, 2], [1, 1, 1, 2], [1, 1, 1, 2]]
>>> solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]), rule="fill").message
'no solution under the fill rule: the checkerboard count leaves at least 1 cell empty; it has solutions if cells may stay empty (rule nikoli)'
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from ..._jit import load_seconds
from ...errors import PuzzleError, UnsupportedError
from .._args import seconds, switch, whole
from .._given import puzzle_of
from ..model import Puzzle
from ..result import PuzzleSolution
from ..rules import Rule, resolve
from .base import NL_SOLVERS, Answer, Task
from . import bound
from . import pipeline, traveler  # noqa: E402,F401  (they register themselves)
from .verdicts import colour_surplus, quick_verdict

__all__ = ["NL_SOLVERS", "solve_puzzle", "solve_file", "iter_solve_file", "quick_verdict", "colour_surplus",
           "has_solutions_with_empty_cells", "DEFAULT_TIME_LIMIT", "DEFAULT_LIMIT"]

DEFAULT_TIME_LIMIT = 60.0
"""Seconds a solve, a uniqueness check or a count may take when no ``time_limit`` is given."""

HINT_FLOOR = 0.05
"""Seconds the hint after a proven "no solution" may always take, however quick the proof (see ``_other_rule_hint``)."""

DEFAULT_LIMIT = 1000
"""How many solutions ``all`` looks for at most when no ``count`` is given."""

KEPT_CELLS = 1_000_000
"""The most board cells the solutions a run keeps hold in all: on a large board fewer than ``keep`` are kept (at
least one, two for ``unique``; the others are counted), so that they stay cheap to hold, to send back from the
child process before its kill (:mod:`.bound`) and to print: a thousand solutions of a 150x150 board took 0.3 s
past the grace to arrive, and a 4096x4096 board's thousand would fill memory."""


def solve_puzzle(
    puzzle: Puzzle,
    solver: str = "fast",
    *,
    rule: str | Rule = "fill",
    touch: bool | None = None,
    unique: bool = False,
    count: int | None = None,
    time_limit: float | None = None,
    max_steps: int | None = None,
    record: bool = False,
    keep: int | None = None,
) -> PuzzleSolution:
    """Solve ``puzzle`` with the solver named ``solver``.

    Parameters
    ----------
    puzzle : Puzzle
        Or a grid of pair ids (a 2-D integer array, a pandas DataFrame or a list of lists of ints, ``0`` for an
        empty cell), rows of text,
        what :func:`~tremaux.numberlink.generate_puzzle` returns, puzzle text (with a newline, a puzz.link
        URL, or the JSON of a run's record; or bytes, as a file holds them), or the path of a file holding one puzzle
        (:func:`~tremaux.numberlink.load`).
    solver : str
        A name in :data:`NL_SOLVERS` (``"fast"`` or ``"tremaux"``).
    rule : str or Rule
        ``"fill"``: every cell covered (the paper's rule); ``"nikoli"``: cells
        may stay empty. A :class:`~tremaux.numberlink.rules.Rule` is taken as is.
    touch : bool, optional
        Whether a line may run beside itself. ``None``: allowed for a plain
        solve, not allowed (the convention puzzle makers use) with
        ``unique`` or ``count``.
    unique : bool
        Also prove that the solution is the only one, or find a second one (with ``count``, at least two
        solutions are looked for).
    count : int, optional
        Count the solutions, up to ``count``: ``count`` in the answer is how
        many were found (exact when ``complete``); the solutions kept are the
        first ``keep`` of them.
    time_limit : float, optional
        Seconds; past it the run stops with status ``"gave-up"`` and says how
        long it took. Default :data:`DEFAULT_TIME_LIMIT`; ``float("inf")``
        for none. A question not answered in its first tenth (at least a
        quarter of a second) goes on from where it is in a forked child
        process that is killed shortly after the limit (:mod:`.bound`), so
        no solver overruns it by much; an easy puzzle never starts one.
        When the child is killed, ``extras["child_process"]`` says so
        (``"time limit"``) and what was found is kept (the child sends its
        count and the solutions kept to the parent as it goes: at most the
        finds of the last stretch of its grace are lost). A count runs one
        exact search to its end when it can, and takes the number from it. Time spent loading or compiling kernels on their first use
        in the process is not counted (it is given back, and reported
        in ``extras["load_seconds"]``), nor included in ``seconds``.
    max_steps : int, optional
        Step budget of the ``tremaux`` traveler (default one billion); solvers without one refuse it.
    record : bool
        ``tremaux`` only: keep a trace of the traveler's moves in ``extras["trace"]``.
    keep : int, optional
        How many of the solutions found to keep in ``solutions`` (the others
        are counted, not kept: a count of millions holds a few). Default:
        every one up to ``count`` or :data:`DEFAULT_LIMIT`, whichever is less;
        at least two with ``unique``. Fewer on a large board: the kept solutions
        hold at most :data:`KEPT_CELLS` cells in all.

    Returns
    -------
    PuzzleSolution

    Raises
    ------
    UnknownNameError
        An unknown solver or rule (the message lists the valid names).
    UnsupportedError
        ``unique``/``count``, the no-touch convention, ``max_steps`` or ``record`` with a solver that cannot.
    InvalidSizeError
        A count or step budget that is not a whole number of at least 1, a time limit that is not a positive
        number, or a switch (``unique``, ``touch``, ``record``) that is not ``True`` or ``False``.

    Examples
    --------
    >>> from tremaux.numberlink import solve_puzzle
    >>> from tremaux.numberlink import Puzzle
    >>> r = solve_puzzle(Puzzle.from_rows(["1...", "....", "...1"]), rule="nikoli", count=3, time_limit=5)
    >>> r.count, r.complete, r.message
    (3, False, '3 solutions (stopped at the limit 3)')
    >>> r = solve_puzzle(Puzzle.from_rows(["1...", "....", "...1"]), rule="nikoli", count=100, keep=1)
    >>> r.count, len(r.solutions), r.complete
    (10, 1, True)
    """
    puzzle = puzzle_of(puzzle)
    entry, the_rule, count, limit, max_steps = _checked(solver, rule, touch, unique, count, time_limit, max_steps,
                                                        record)
    want = _wanted(unique, count)
    keep = _kept(keep, want, unique, puzzle.grid.size)
    loaded = load_seconds()
    t0 = time.perf_counter()
    deadline = None if math.isinf(limit) else t0 + limit
    task = Task(puzzle, the_rule, want, deadline, max_steps, record, keep=keep)
    passes: list[Answer] = []  # the passes answered in this process (:func:`_in_process`)
    answer, why = bound.run(_in_process, (entry.func, task, limit, t0, loaded, passes), limit=limit, start=t0,
                            slack=lambda: load_seconds() - loaded)
    if why:  # the work went on in a child process, killed at the limit: what it published (sent as it went) is kept
        found = answer if isinstance(answer, Answer) else Answer((), False, entry.name)
        for earlier in passes:  # or what a pass before it found, when that is more
            if earlier.found > found.found:
                found = earlier
        answer = replace(found, exhausted=False, stopped="time limit", resume=None,
                         extras={**found.extras, "child_process": why})
    hint = _other_rule_hint(task, answer, time.perf_counter() - t0)
    loading = load_seconds() - loaded
    if loading > 0:
        answer.extras.setdefault("load_seconds", round(loading, 6))
    return _build(puzzle, entry.name, the_rule, answer, unique=unique, count=count, limit=limit,
                  seconds=max(0.0, time.perf_counter() - t0 - loading), hint=hint, keep=keep, loading=loading)


def _checked(solver: Any, rule: Any, touch: Any, unique: Any, count: Any, time_limit: Any, max_steps: Any,
             record: Any) -> tuple[Any, Rule, int | None, float, int | None]:
    """The options of :func:`solve_puzzle` checked: the solver's entry, the rule, the count, the time limit in
    seconds and the step budget; an error names the first option of the wrong kind or that the solver cannot
    follow."""
    entry = NL_SOLVERS.get(solver)
    unique = switch(unique, "unique")
    record = switch(record, "record")
    count = None if count is None else whole(count, "count", least=1)
    limit = seconds(time_limit, "time limit")
    the_rule = resolve(rule, switch(touch, "touch", none=True), default_touch=not (unique or count))
    if (unique or count) and not entry.counts:
        raise UnsupportedError(f"the {entry.name} solver finds one solution (as in the paper); "
                               f"use the fast solver for uniqueness and counting")
    if not the_rule.touch and entry.touch_only:
        raise UnsupportedError(f"the {entry.name} solver lets lines run beside themselves (as in the paper); "
                               f"allow touching (touch=True; --touch on the command line) or use the fast solver")
    if record and not entry.meta.get("record"):  # else asked for a trace and given none, without a word
        raise UnsupportedError(f"the {entry.name} solver keeps no trace of its moves (record); the tremaux solver "
                               f"does")
    if max_steps is not None:
        max_steps = whole(max_steps, "max_steps", least=1)
        if not entry.meta.get("steps"):
            raise UnsupportedError(f"the {entry.name} solver has no step budget (max_steps, --max-steps); its "
                                   f"budget is the time limit")
    return entry, the_rule, count, DEFAULT_TIME_LIMIT if limit is None else limit, max_steps


def _kept(keep: Any, want: int, unique: bool, cells: int = 1) -> int:
    """How many solutions to keep (:func:`solve_puzzle`'s ``keep``, checked): by default every one wanted, at most
    :data:`DEFAULT_LIMIT`; as many as :data:`KEPT_CELLS` allows on a board of ``cells``; never fewer than two for
    ``unique`` (a second solution is shown)."""
    keep = min(want, DEFAULT_LIMIT) if keep is None else whole(keep, "keep", least=1)
    return min(want, max(min(keep, max(1, KEPT_CELLS // cells)), 2 if unique else 1))


def _wanted(unique: bool, count: int | None) -> int:
    """How many solutions to look for: ``count`` (at least two to decide uniqueness), else 2 for ``unique``, else
    1."""
    return max(count or 1, 2 if unique else 1)


def _in_process(func: Any, task: Task, limit: float, t0: float, loaded: float, passes: list[Answer]) -> Answer:
    """``func(task)`` in this process; time spent loading kernels on their first use is given back.

    The limit is the puzzle's: a pass that ran out of time while kernels were loaded (or compiled, on an
    empty cache) is run again with what the limit leaves once loading is taken off, for as long as passes
    load kernels (each loads new ones, so this ends): a pass may reach kernels the one before never did.
    In the child process of :func:`.bound.run`, whose kill moved only by the time given back before the
    fork, a pass is run again within that (:func:`.bound.latest`), never past the kill: a pass that had
    spent half its limit compiling kernels before the fork stopped at half its limit of work. Where the kill
    time is not known, not at all. Each pass that answered is added to ``passes``.
    """
    answer = func(task)
    passes.append(answer)
    before = loaded
    while answer.stopped == "time limit" and task.deadline is not None:
        cap = bound.latest() if bound.in_child() else float("inf")
        if cap is None:  # a child whose kill time is not known: no pass it could not end
            break
        now = load_seconds()
        if now == before:  # this pass loaded nothing: all its time was the puzzle's
            break
        before = now
        rest = min(limit - max(0.0, time.perf_counter() - t0 - (now - loaded)), cap - time.perf_counter())
        if rest <= 0:
            break
        first = answer
        answer = func(replace(task, deadline=time.perf_counter() + rest))
        passes.append(answer)
        if not answer.exhausted and answer.found < first.found:
            answer = first  # solutions found before are never lost
    return answer


def solve_file(path: Any, solver: str = "fast", **options: Any) -> list[PuzzleSolution]:
    """:func:`solve_puzzle` on every puzzle of the file at ``path`` (several in the ``wh`` format).

    :func:`iter_solve_file` gives each answer as soon as it is known.

    A puzzle that cannot be read (an unpaired number...) gets status
    ``"invalid"`` with the reason as message; the others are still solved.

    Parameters
    ----------
    path : str or os.PathLike
        A puzzle file, in any format :func:`~tremaux.numberlink.load_all` reads.
    solver : str, default "fast"
        A name in :data:`NL_SOLVERS`.
    **options
        Passed to :func:`solve_puzzle`.

    Returns
    -------
    list of PuzzleSolution
        One per puzzle, in file order.

    Raises
    ------
    PuzzleFormatError
        A malformed file.

    Examples
    --------
    >>> from tremaux.numberlink import solve_file
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "p.txt")
    >>> _ = open(f, "w").write("1.1\\n2.2\\n")
    >>> [r.status for r in solve_file(f)]
    ['solved']
    """
    return list(iter_solve_file(path, solver, **options))


def iter_solve_file(path: Any, solver: str = "fast", **options: Any) -> Iterator[PuzzleSolution]:
    """:func:`solve_file`, one answer at a time: the file is read first, then each puzzle is solved when asked.

    Parameters
    ----------
    path : str or os.PathLike
        A puzzle file, in any format :func:`~tremaux.numberlink.load_all` reads.
    solver : str, default "fast"
        A name in :data:`NL_SOLVERS`.
    **options
        Passed to :func:`solve_puzzle`.

    Yields
    ------
    PuzzleSolution
        One per puzzle, in file order (status ``"invalid"`` for one that cannot be read).

    Raises
    ------
    PuzzleFormatError
        A malformed file (before the first answer).
    TypeError
        An option ``solve_puzzle`` does not take (before the first answer).

    Examples
    --------
    >>> from tremaux.numberlink import iter_solve_file
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "p.txt")
    >>> _ = open(f, "w").write("1.1\\n2.2\\n\\n1..\\n")
    >>> answers = iter_solve_file(f)
    >>> next(answers).status, next(answers).status
    ('solved', 'invalid')
    """
    from .. import formats
    from ..formats.grids import base_name, entry_names

    known = {"rule": "fill", "touch": None, "unique": False, "count": None, "time_limit": None, "max_steps": None,
             "record": False, "keep": None}
    for key in options.keys() - known.keys():
        raise TypeError(f"iter_solve_file() got an unexpected keyword argument {key!r}; solve_puzzle takes "
                        f"{', '.join(known)}")
    entry, the_rule = _checked(solver, **{k: v for k, v in {**known, **options}.items() if k != "keep"})[:2]
    items = formats.load_all(path, errors="keep")
    for item, name in zip(items, entry_names(base_name(formats.source_name(path)), len(items))):
        if isinstance(item, PuzzleError):
            yield PuzzleSolution(None, entry.name, the_rule.name, "invalid", message=str(item), name=name,
                                 touch=the_rule.touch)
        else:
            yield solve_puzzle(item, solver, **options)


def _other_rule_hint(task: Task, answer: Answer, spent: float) -> str:
    """Under a covering rule, say when a proven "no solution" has solutions if cells may stay empty.

    Only the quick questions that need no search are asked (the router, as
    the solve's own router stage runs it: :func:`.router.router_stage`, its
    rounds sized by the time they have; then the densest lines), and the hint
    may cost no more than the answer did
    (``spent`` seconds, at least :data:`HINT_FLOOR`), within half the time
    left: it must not cost a second whole solve, nor a child process. A quick
    verdict on a 200x200 board is not followed by seconds of SAT. Without an
    answer from them in that time, no hint is given.
    """
    if not (task.rule.cover and answer.proven_none and task.puzzle.pairs):
        return ""
    found = has_solutions_with_empty_cells(task.puzzle, task.rule, max(spent, HINT_FLOOR), task.share(0.5))
    return "; it has solutions if cells may stay empty (rule nikoli)" if found else ""


def has_solutions_with_empty_cells(puzzle: Puzzle, rule: Rule, seconds: float, until: float | None = None) -> bool:
    """Whether the quick questions find lines for every pair of ``puzzle`` when cells may stay empty.

    The router, as a solve's own router stage runs it, then the densest lines, under ``nikoli`` with ``rule``'s
    touch, for ``seconds`` (and no later than ``until``, a ``time.perf_counter()`` value); a try that spent its
    time loading kernels on their first use is given again. ``True`` is a proof (lines were drawn); ``False`` proves
    nothing. What a solve's hint and a check's "needs empty cells" verdict ask.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    rule : Rule
        The rule whose touch setting the lines keep.
    seconds : float
        Time the questions may take.
    until : float, optional
        A deadline they never pass.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers import has_solutions_with_empty_cells
    >>> has_solutions_with_empty_cells(Puzzle.from_rows(["1.1", "...", "2.2"]), resolve("fill"), 1.0)
    True
    """
    loose = resolve("nikoli", rule.touch)
    if not puzzle.pairs or quick_verdict(puzzle, loose) is not None:
        return False
    from .router import router_stage
    from .sat import dense_stage

    found = None
    for _ in range(2):  # a try that spent its budget loading kernels on their first use (a second) is given again:
        loaded = load_seconds()  # else the answer came and went from run to run
        deadline = time.perf_counter() + seconds
        again = Task(puzzle, loose, 1, deadline if until is None else min(deadline, until))
        found = router_stage(again) or (dense_stage(again) if again.left() else None)
        if (found and found.solutions) or load_seconds() == loaded:
            break
    return bool(found and found.solutions)


def _build(puzzle: Puzzle, solver: str, rule: Rule, a: Answer, *, unique: bool, count: int | None, limit: float,
           seconds: float, hint: str, keep: int | None = None, loading: float = 0.0) -> PuzzleSolution:
    """The one place a :class:`PuzzleSolution` is made from a solver's :class:`Answer`: its first ``keep``
    solutions, its count; ``loading``: seconds spent loading kernels on their first use, not in ``seconds``."""
    found = a.solutions if keep is None else a.solutions[:keep]
    n = a.found
    want = _wanted(unique, count)
    decided = a.exhausted or n >= want
    kw: dict[str, Any] = dict(steps=a.steps, seconds=seconds, name=puzzle.name, extras=a.extras, touch=rule.touch)
    if unique:
        kw["unique"] = (n == 1) if decided and n else (False if a.proven_none else None)
    if count:
        kw["count"] = n
    kw["complete"] = a.exhausted or not count
    if a.proven_none:
        msg = a.why or "no solution"
        return PuzzleSolution(puzzle, solver, rule.name, "no-solution", message=msg + hint, **kw)
    if not decided or (not n):
        if a.stopped == "step budget":
            msg = f"gave up after {a.steps} step{'' if a.steps == 1 else 's'} (step budget)"
        else:
            msg = f"gave up after {seconds:.2f} s (time limit {limit:g} s"
            if loading >= 0.005:  # the time given back was not all the work's: say where the rest went
                msg += f"; {loading:.2f} s more went to loading kernels on their first use"
            msg += ")"
        if n:
            msg += f"; {_plural(n)} found so far, " + (f"the first {len(found)} kept" if len(found) < n else "kept")
            if unique:  # the puzzle is solved; what is not known is whether another solution exists
                msg = "uniqueness undecided: " + msg
            elif count:
                msg = "count incomplete: " + msg
        kw["complete"] = False
        return PuzzleSolution(puzzle, solver, rule.name, "solved" if n else "gave-up", found, message=msg, **kw)
    counted = ""
    if count and count > 2:  # what a count says, with or without --unique
        counted = _plural(n) + ("" if a.exhausted else f" (stopped at the limit {count})")
        if len(found) < n:
            counted += f"; the first {len(found)} kept"
    if unique:
        msg = ("unique solution" if n == 1 else f"not unique: {counted}" if counted
               else "not unique: a second solution is shown")
    elif count:
        msg = counted or _plural(n) + ("" if a.exhausted else f" (stopped at the limit {count})")
    else:
        msg = ("nothing to connect: the board has no numbers" if not puzzle.pairs
               else f"found by {a.how}" if a.how else "solved")
    return PuzzleSolution(puzzle, solver, rule.name, "solved", found, message=msg, **kw)


def _plural(n: int) -> str:
    """``"1 solution"``, ``"2 solutions"``."""
    return f"{n} solution{'' if n == 1 else 's'}"
