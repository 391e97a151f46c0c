"""Diagnosing puzzles: proper (one solution), several solutions, none, and why.

Examples
--------
>>> from tremaux.numberlink import diagnose
>>> from tremaux.numberlink import Puzzle
>>> print(diagnose(Puzzle.from_rows(["1.1", "2.2"])))
proper
>>> print(diagnose(Puzzle.from_rows(["12.", "...", "1.2"]), touch=True))
multiple-solutions: a second solution draws the lines of '1', '2' differently
>>> print(diagnose(Puzzle.from_rows(["1.2", "...", "1.2"])))
needs-empty-cells: no solution under the fill rule: the checkerboard count leaves at least 1 cell empty; at fewest 1 cell stays empty (row 2 column 1); it has solutions if cells may stay empty (rule nikoli)
>>> print(diagnose(Puzzle.from_rows(["1.2", "...", "2.1"]), rule="nikoli"))
no-solution: numbers '1' and '2' must cross: their endpoints on the border alternate (row 1 column 1, row 1 column 3, row 3 column 3, row 3 column 1)
>>> print(diagnose(Puzzle.from_rows(["1.1", "...", "22."]), rule="nikoli"))
multiple-solutions: a second solution draws the lines of '1' differently
>>> print(diagnose(Puzzle.from_rows(["1213", "2..3"]), rule="nikoli"))
walled-in: number '1' at row 1 column 1 is walled in: every neighbour is another number or the border
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from .._jit import load_seconds
from ..errors import PuzzleError
from ._args import seconds, switch
from ._blame import _ALL_DRAWN, _UNNAMED, _blocking_pair
from ._given import puzzle_of
from .formats import load_all, source_name
from .formats.grids import base_name, entry_names
from .model import Puzzle
from .result import Diagnosis
from .rules import Rule, resolve
from .solvers import quick_verdict, solve_puzzle
from .solvers.verdicts import colour_surplus

__all__ = ["diagnose", "check_file", "iter_check_file"]


def diagnose(puzzle: Puzzle, rule: str | Rule = "fill", *, touch: bool | None = None,
             time_limit: float | None = None) -> Diagnosis:
    """Whether ``puzzle`` is proper under ``rule``, and if not, why.

    Parameters
    ----------
    puzzle : Puzzle
        Or a grid of pair ids (a 2-D integer array, a list of lists of ints), puzzle text, a file's path, or
        what the generator returns (as :func:`.solve_puzzle` takes).
    rule : str or Rule
        ``"fill"`` or ``"nikoli"`` (or a :class:`~tremaux.numberlink.rules.Rule`).
    touch : bool, optional
        Whether a line may run beside itself; ``None``: no (the convention
        puzzle makers judge uniqueness by).
    time_limit : float, optional
        Seconds for the solver (default
        :data:`~tremaux.numberlink.solvers.DEFAULT_TIME_LIMIT`); past it the
        verdict is ``"gave-up"`` (as a solve's status) and the reason says how long it took. Time spent loading kernels on their
        first use in the process is not counted (as in :func:`~tremaux.numberlink.solve_puzzle`).

    Returns
    -------
    Diagnosis
        ``verdict`` one of ``proper``, ``multiple-solutions``, ``no-solution``,
        ``needs-empty-cells`` (under ``fill``: solvable only if cells may stay
        empty), ``walled-in``, ``gave-up``; ``reasons`` says which pair or cell.

    Raises
    ------
    InvalidSizeError
        A time limit that is not a positive number of seconds, even for a puzzle answered without a solver, or a
        ``touch`` that is not ``True``, ``False`` or ``None``.
    PuzzleError
        A ``puzzle`` that is not a :class:`Puzzle`.
    UnknownNameError
        An unknown rule.

    Examples
    --------
    >>> from tremaux.numberlink import diagnose
    >>> from tremaux.numberlink import Puzzle
    >>> diagnose(Puzzle.from_rows(["1.1", "2.2"])).verdict
    'proper'
    >>> diagnose(Puzzle.from_rows(["1..", "...", "..1"]), "nikoli").verdict
    'multiple-solutions'
    """
    puzzle = puzzle_of(puzzle)
    return replace(_diagnosed(puzzle, _checked(rule, touch, time_limit), time_limit), puzzle=puzzle)


def _diagnosed(puzzle: Puzzle, the: Rule, time_limit: float | None) -> Diagnosis:
    """:func:`diagnose` of a puzzle read, under the rule ``the``."""
    rule, t = the.name, the.touch
    loaded = load_seconds()  # kernels loaded on their first use in the process (by the quick verdict or the solve)
    t0 = time.perf_counter()  # are given back, as a solve does: a first check is not charged for them
    why, cut = _quick(puzzle, the, t0, time_limit, loaded)
    if cut:  # the quick verdict of a board of millions of cells outlasted the limit
        return Diagnosis("gave-up", rule, (f"gave up after {time.perf_counter() - t0:.2f} s (time limit "
                                           f"{_limit(time_limit):g} s)",), None, puzzle.name, t)
    if why is not None and ("walled in" in why or "must cross" in why or "cannot be connected" in why):
        verdict = "walled-in" if "walled in" in why else "no-solution"
        return Diagnosis(verdict, rule, (why,), None, puzzle.name, t)
    r = _solved(puzzle, the, time_limit, time.perf_counter() - t0 - (load_seconds() - loaded))
    if r is None:
        return Diagnosis("gave-up", rule, (f"gave up after {time.perf_counter() - t0:.2f} s (time limit "
                                           f"{_limit(time_limit):g} s)",), None, puzzle.name, t)
    if r.status == "gave-up" or (r.status == "solved" and r.unique is None):
        return Diagnosis("gave-up", rule, (r.message,), r, puzzle.name, t)
    if r.status == "no-solution":
        if "rule nikoli" in r.message:
            return _touching(_emptied(Diagnosis("needs-empty-cells", rule, (r.message,), r, puzzle.name, t), puzzle,
                                      the, t0 + load_seconds() - loaded, time_limit), puzzle, the,
                             t0 + load_seconds() - loaded, time_limit)
        if why is not None:  # a theorem proved it: only what can be named cheaply is added to it
            return _proved(puzzle, the, r, why, t0 + load_seconds() - loaded, time_limit)
        blocking = (_ALL_DRAWN if _lines_leave_cells_empty(puzzle, the, t0 + load_seconds() - loaded, _limit(time_limit))
                    else _bounded(_blocking_pair, puzzle, t0 + load_seconds() - loaded, time_limit))
        if blocking == _ALL_DRAWN and the.cover:  # what the hint of a quicker answer says (a board without
            why = f"{r.message}{_NIKOLI}"  # numbers, a hint out of
            return _touching(_emptied(Diagnosis("needs-empty-cells", rule, (why,), r, puzzle.name, t), puzzle,  # time)
                                      the, t0 + load_seconds() - loaded, time_limit), puzzle, the,
                             t0 + load_seconds() - loaded, time_limit)
        if blocking is None and r.message == "no solution":  # the proof names nothing: say what is missing
            blocking = f"no solution ({_UNNAMED})"
        return _touching(Diagnosis("no-solution", rule, (blocking or r.message,), r, puzzle.name, t), puzzle, the,
                         t0 + load_seconds() - loaded, time_limit)
    if r.unique:
        return Diagnosis("proper", rule, (), r, puzzle.name, t)
    first, second = r.solutions[0].paths, r.solutions[1].paths
    differ = [k for k, (a, b) in enumerate(zip(first, second)) if not np.array_equal(a, b)]
    labels = ", ".join(repr(puzzle.labels[k]) for k in differ)
    return Diagnosis("multiple-solutions", rule, (f"a second solution draws the lines of {labels} differently",),
                     r, puzzle.name, t)


TOUCHING = "it has solutions if a line may run beside itself (touch=True; --touch on the command line)"
"""The reason a check adds when a puzzle has no solution under the no-touch convention but has one where lines
may touch (a Flow Free-style puzzle, whose lines often run beside themselves)."""


def _touching(d: Diagnosis, puzzle: Puzzle, the: Rule, t0: float, time_limit: float | None) -> Diagnosis:
    """``d`` (no solution under the convention) with :data:`TOUCHING` added when the compiled search finds lines
    that touch solving the puzzle, searched for as long as the check has taken so far (at least a quarter of a
    second), within its time limit."""
    if the.touch:
        return d
    now = time.perf_counter()
    budget = min(t0 + _limit(time_limit) - now, max(0.25, now - t0))
    if budget <= 0:
        return d
    from .solvers.search import search  # the search alone: the pipeline would ask the quick verdict again

    found = search(puzzle, cover=the.cover, touch=True, max_solutions=1, deadline=now + budget).solutions
    return replace(d, reasons=(*d.reasons, TOUCHING)) if found else d


_NIKOLI = "; it has solutions if cells may stay empty (rule nikoli)"
"""How a needs-empty-cells reason ends (the note of a solve, :func:`.solvers._other_rule_hint`, and of a check)."""

EMPTY_FLOOR = 1.0
"""Seconds a check that finds a puzzle needs empty cells may at least spend naming them (within half of what is
left of its limit): the questions of :func:`_fewest_empty` take milliseconds each on boards of published sizes,
but a smaller floor (the hint's 50 ms) named them in one check out of three on a loaded machine."""


def _emptied(d: Diagnosis, puzzle: Puzzle, the: Rule, t0: float, time_limit: float | None) -> Diagnosis:
    """``d`` (needs empty cells) with the cells that must stay empty named in its first reason: the lines drawn
    leaving the fewest cells empty (:func:`_fewest_empty`), within the time the check has taken so far (at least
    :data:`EMPTY_FLOOR`) and half of what is left of its limit. When lines were found in that time but not proved
    to leave the fewest, the cells they leave empty are named as such; without lines ``d`` is given back as it is."""
    from ..kernels import numberlink as kn
    from .solvers import encoding  # noqa: F401

    # the SAT modules imported and the kernel loaded before the budget's clock starts, as _proved does: else the
    # cells came and went from run to run
    kn.trace_lines(np.zeros(1, dtype=np.uint8), np.zeros((0, 2), dtype=np.int64), 1, 1)
    now = time.perf_counter()
    budget = min(max(now - t0, EMPTY_FLOOR), (t0 + _limit(time_limit) - now) / 2)
    found = _fewest_empty(puzzle, the, now + budget) if budget > 0 else None
    if found is None:
        return d
    empty = [(int(r), int(c)) for r, c in np.argwhere(found[0])]
    cells = ", ".join(f"row {r + 1} column {c + 1}" for r, c in empty[:4]) + (
        f" and {len(empty) - 4} more" if len(empty) > 4 else "")
    n, s = len(empty), "s" if len(empty) != 1 else ""
    said = (f"; at fewest {n} cell{s} stay{'s' if n == 1 else ''} empty ({cells})" if found[1] else
            f"; lines exist that leave {n} cell{s} empty ({cells}; whether fewer do was not settled in time)")
    first = d.reasons[0]  # said before the note that cells may stay empty, which ends the line
    first = first[: -len(_NIKOLI)] + said + _NIKOLI if first.endswith(_NIKOLI) else first + said
    return replace(d, reasons=(first, *d.reasons[1:]))


EMPTY_CONFLICTS = 1000
"""Conflicts of the first turn of each of the two questions of :func:`_fewest_empty` (doubled every round)."""


def _fewest_empty(puzzle: Puzzle, the: Rule, deadline: float, *,
                  ask: str = "both") -> tuple[np.ndarray, bool] | None:
    """The cells left empty by the lines (under ``the``'s touch) that leave the fewest empty found by
    ``deadline``, and whether no lines leave fewer; ``None`` when no lines were found by then.

    One SAT encoding under ``fill`` with any free cell allowed to stay empty, its empty cells preferred off: the
    first lines found bound the count from above (``k``), the checkerboard count from below (``low``; it also fixes
    the parity of the empty cells). An incremental totalizer over the empty cells (python-sat's ``ITotalizer``)
    then asks the same solver, under an assumption, for lines leaving at most ``low`` empty (none: ``low`` goes up
    by two) and for lines leaving at most ``k - 2`` (lines: ``k`` goes down; none: ``k`` is the fewest), in turns
    of :data:`EMPTY_CONFLICTS` conflicts each, doubled every round, until the bounds meet. ``ask``: ``"up"`` or
    ``"down"`` asks only one of the two, to the end (``benchmarks/bench_nl_fewest_empty.py`` measures the
    three). Closed loops in a model are cut and the question asked again: the lines are lines only.
    """
    from pysat.card import ITotalizer

    from .solvers.encoding import Encoding
    from ..kernels import numberlink as kn

    low = abs(colour_surplus(puzzle))
    loaded = load_seconds()
    best, tot = None, None
    try:
        # kernels loaded on their first use are not charged to it
        with Encoding(puzzle, "fill", holes="any", induced=not the.touch,
                      deadline=deadline + load_seconds() - loaded) as enc:
            holes = enc.hole_var[enc.hole].tolist() if enc.hole.any() else []
            enc.solver.set_phases([-v for v in holes])  # lines through every cell they reach tried first
            model = enc.next_model(deadline + load_seconds() - loaded)
            if model is None:
                return None
            sides = {"both": ("up", "down"), "up": ("up",), "down": ("down",)}[ask]
            budget = EMPTY_CONFLICTS if len(sides) > 1 else None
            while True:
                if model is not None:
                    owner = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)[0]
                    best = (owner <= 0).reshape(puzzle.shape)  # no loop is left in a model under fill
                k = int(best.sum())
                if k <= low:
                    return best, True
                if tot is None:
                    tot = ITotalizer(lits=holes, ubound=k, top_id=enc.nvars)
                    for clause in tot.cnf.clauses:
                        enc.add_clause(clause)
                side = sides[0]
                m = low if side == "up" else k - 2
                until = deadline + load_seconds() - loaded
                try:  # at most m empty
                    model = enc.next_model(until, assumptions=[-tot.rhs[m]], conflicts=budget)
                except TimeoutError:
                    if time.perf_counter() > until:
                        raise
                    model = None  # this turn's conflicts used up: the other question's turn
                else:
                    if model is None and side == "down":
                        return best, True
                    if model is None:
                        low = m + 2
                if len(sides) > 1:
                    sides = sides[::-1]
                    budget = budget * 2 if side == "down" else budget
    except TimeoutError:
        return None if best is None else (best, False)
    finally:
        if tot is not None:
            tot.delete()


def _limit(time_limit: float | None) -> float:
    """The check's time limit in seconds (the solvers' default when none is given)."""
    from . import solvers

    return solvers.DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)


def _quick(puzzle: Puzzle, the: Rule, t0: float, time_limit: float | None, loaded: float) -> tuple[Any, bool]:
    """The quick verdict of a check and whether the limit cut it short: it is bounded as a solve is (past a share
    of the limit in process it goes on in a child killed at the limit, :mod:`.solvers.bound`): its passes take
    seconds on a board of millions of cells."""
    from .solvers.bound import run

    limit = _limit(time_limit)
    if math.isinf(limit):
        return quick_verdict(puzzle, the), False
    why, cut = run(quick_verdict, (puzzle, the), limit=limit, start=t0, slack=lambda: load_seconds() - loaded)
    return why, bool(cut)


def _solved(puzzle: Puzzle, the: Rule, time_limit: float | None, spent: float) -> Any:
    """The uniqueness question of a check, given what the quick verdict (``spent`` seconds: seconds on a board of
    millions of cells) left of the limit, not the whole limit again; ``None`` when it left nothing. A gave-up
    answer says the time of the whole check and its limit."""
    limit = _limit(time_limit)
    if spent >= limit:
        return None
    r = solve_puzzle(puzzle, rule=the, unique=True, time_limit=limit - spent)
    asked = f"(time limit {limit - spent:g} s"
    if asked in r.message and spent > 0:
        told = r.message.replace(asked, f"(time limit {limit:g} s")
        told = told.replace(f"gave up after {r.seconds:.2f} s", f"gave up after {r.seconds + spent:.2f} s")
        r = replace(r, message=told)
    return r


def _checked(rule: Any, touch: Any, time_limit: Any) -> Rule:
    """The rule a check follows; an error for an unknown rule, a ``touch`` that is not ``True``, ``False`` or
    ``None``, or a time limit that is not a positive number of seconds, whether or not a solver would be asked."""
    seconds(time_limit, "time limit")
    return resolve(rule, switch(touch, "touch", none=True), default_touch=False)


def _bounded(question: Any, puzzle: Puzzle, t0: float, time_limit: float | None, *,
             within: float | None = None) -> str | None:
    """``question(puzzle, t0, time_limit)`` within what is left of the check's time limit, or ``None``.

    ``within``: the limit the question is bounded by when ``time_limit`` is a shorter budget of its own (the
    share it runs in process and the grace of its child follow it); the child is killed past the budget.

    Its SAT encodings look at the clock between passes over the board, each a second or more on a board of
    millions of cells: like a solve, past a tenth of the time in process it goes on in a forked child killed at
    the limit (:mod:`.solvers.bound`).
    """
    from .solvers import DEFAULT_TIME_LIMIT
    from .solvers.bound import run

    limit = DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)
    if math.isinf(limit):
        return question(puzzle, t0, time_limit)
    left = t0 + limit - time.perf_counter()
    if left <= 0:
        return None
    value, why = run(question, (puzzle, t0, time_limit), limit=max(left, within or 0.0), deadline=t0 + limit)
    return None if why else value


def _proved(puzzle: Puzzle, the: Rule, r: Any, why: str, t0: float, time_limit: float | None) -> Diagnosis:
    """The verdict on a puzzle a quick theorem (:func:`.solvers.quick_verdict`, ``why``) proves without solution.

    The answer is the theorem's, said at once with what it shows; the pair in the way is added only when
    :func:`_blocking_pair` names it cheaply, like the hint of a solve: within the time the check has taken so
    far (at least :data:`~tremaux.numberlink.solvers.HINT_FLOOR`) and half of what is left of its limit
    (from ``t0``), never the whole limit to restate what the theorem proved.
    """
    from .solvers import DEFAULT_TIME_LIMIT, HINT_FLOOR, bound
    from .solvers import encoding  # noqa: F401
    from .solvers.router import router_joins

    # the SAT modules imported and the router's kernel loaded before the budget's clock starts: within a budget of
    # HINT_FLOOR, an import (some 50 ms) or a kernel loaded on its first use (a second or more) left the question
    # unanswered, and the verdict on one puzzle went from needs-empty-cells to no-solution from run to run
    router_joins(Puzzle.from_rows(["11"]), 1)

    reasons = (f"{r.message} ({_counted(puzzle)})" if "checkerboard" in why else r.message,)  # one line
    limit = DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)
    blocking = _ALL_DRAWN if _lines_leave_cells_empty(puzzle, the, t0, limit) else None
    now = time.perf_counter()
    budget = min(max(now - t0, HINT_FLOOR), (t0 + limit - now) / 2)
    # a question that overruns its budget (an encoding of a huge board looks at the clock between its passes) goes
    # on in a child killed shortly after it: the smallest limit whose question moves there after the floor
    room = min(t0 + limit - now, max(budget, bound.IN_PROCESS_FLOOR / bound.IN_PROCESS_SHARE))
    if blocking is None and budget > 0:
        blocking = _bounded(_blocking_pair, puzzle, now, budget, within=room)
    if blocking == _ALL_DRAWN and the.cover:
        return _emptied(Diagnosis("needs-empty-cells", the.name,
                                  (f"{r.message}{_NIKOLI}",), r,
                                  puzzle.name, the.touch), puzzle, the, t0, time_limit)
    if blocking is not None and blocking != _ALL_DRAWN:
        reasons += (blocking,)
    return Diagnosis("no-solution", the.name, reasons, r, puzzle.name, the.touch)


def _lines_leave_cells_empty(puzzle: Puzzle, the: Rule, t0: float, limit: float) -> bool:
    """Under a covering rule, whether the quick questions of a solve's hint draw lines for every pair that leave
    cells empty, for as long as the check has taken (at least :data:`EMPTY_FLOOR`) within half of what is left of
    ``limit`` (from ``t0``). They answer in milliseconds where the bisection's first question (SAT on every pair)
    took seconds, but the solve's hint gives them 50 ms: on a loaded machine the verdict went from
    needs-empty-cells to no-solution from run to run."""
    from .solvers import has_solutions_with_empty_cells

    if not the.cover:
        return False
    now = time.perf_counter()
    return has_solutions_with_empty_cells(puzzle, the, max(now - t0, EMPTY_FLOOR), now + (t0 + limit - now) / 2)


def _counted(puzzle: Puzzle) -> str:
    """The checkerboard count of :func:`.solvers.colour_surplus` in plain words, with this board's numbers."""
    h, w = puzzle.shape
    dark = (h * w + 1) // 2
    light = h * w - dark
    d = colour_surplus(puzzle)
    lines = dark - light - d  # dark cells minus light ones that the lines cover, whatever their shape

    def more(x: int) -> str:
        return (f"{x} more dark cell{'s' if x != 1 else ''} than light" if x > 0
                else f"{-x} more light cell{'s' if x != -1 else ''} than dark" if x < 0
                else "as many dark cells as light")

    return (f"coloured as a checkerboard, the board has {dark} dark and {light} light cells; a line steps from one "
            f"colour to the other, so it covers as many cells of each, or one more of its numbers' colour when both "
            f"have the same: whatever their shape the lines cover {more(lines)}, so at least {abs(d)} "
            f"cell{'s' if abs(d) != 1 else ''} must stay empty")


def check_file(path: str | Path, rule: str | Rule = "fill", *, touch: bool | None = None,
               time_limit: float | None = None) -> list[Diagnosis]:
    """:func:`diagnose` every puzzle of the file at ``path``; unreadable puzzles get the verdict ``invalid``.

    Parameters
    ----------
    path : str or pathlib.Path
        A puzzle file in any format :func:`~tremaux.numberlink.load_all` reads.
    rule : str or Rule, default "fill"
        ``"fill"`` or ``"nikoli"``.
    touch : bool, optional
        Whether a line may run beside itself; see :func:`diagnose`.
    time_limit : float, optional
        Seconds for each puzzle.

    Returns
    -------
    list of Diagnosis
        One per puzzle, in file order.

    Raises
    ------
    InvalidSizeError
        A time limit that is not a positive number of seconds or a ``touch`` that is not ``True``, ``False`` or
        ``None`` (before the file is read).
    UnknownNameError
        An unknown rule (before the file is read).

    Examples
    --------
    >>> from tremaux.numberlink import check_file
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "p.txt")
    >>> _ = open(f, "w").write("1.1\\n2.2\\n")
    >>> [str(x) for x in check_file(f)]
    ['p: proper']
    """
    return list(iter_check_file(path, rule, touch=touch, time_limit=time_limit))


def iter_check_file(path: str | Path, rule: str | Rule = "fill", *, touch: bool | None = None,
                    time_limit: float | None = None) -> Iterator[Diagnosis]:
    """:func:`check_file`, one verdict at a time: the file is read first, then each puzzle is checked when asked.

    Parameters
    ----------
    path : str or pathlib.Path
        A puzzle file in any format :func:`~tremaux.numberlink.load_all` reads.
    rule : str or Rule, default "fill"
        ``"fill"`` or ``"nikoli"``.
    touch : bool, optional
        Whether a line may run beside itself; see :func:`diagnose`.
    time_limit : float, optional
        Seconds for each puzzle.

    Yields
    ------
    Diagnosis
        One per puzzle, in file order (verdict ``"invalid"`` for one that cannot be read).

    Raises
    ------
    InvalidSizeError
        A time limit that is not a positive number of seconds or a ``touch`` that is not ``True``, ``False`` or
        ``None`` (before the file is read).
    UnknownNameError
        An unknown rule (before the file is read).

    Examples
    --------
    >>> from tremaux.numberlink import iter_check_file
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "p.txt")
    >>> _ = open(f, "w").write("1.1\\n2.2\\n\\n1..\\n")
    >>> verdicts = iter_check_file(f)
    >>> str(next(verdicts))
    'p#1: proper'
    """
    the = _checked(rule, touch, time_limit)
    items: list[Any] = load_all(path, errors="keep")
    names = entry_names(base_name(source_name(path)), len(items))
    for item, name in zip(items, names):
        if isinstance(item, PuzzleError):
            yield Diagnosis("invalid", the.name, (str(item),), None, name)
        else:
            yield diagnose(item, rule, touch=touch, time_limit=time_limit)
