"""The portfolio stage: Kissat and the router in child processes, for the puzzles the stages in process left.

One solution under ``nikoli`` is asked, with a deadline, of several runs at
once (:class:`tremaux._portfolio.Race`; when a round of the solve ends
they go on in the background, beside the stages of the next round): the router with slower
pressure and other seeds, and SAT questions on Kissat (python-sat's
``kissat404``, the quickest solver there, which cannot be interrupted in
process: a child process can be killed). The first run that answers
settles the question, and the rest are stopped.

Only puzzles that the quick stages, the compiled search and SAT in
process did not answer within their share of the time reach this stage
(:func:`portfolio_follows` says when it follows; the stages before then
take a smaller share), so an easy puzzle never starts a child process.

The runs (:data:`SAT_JOBS`, :data:`ROUTER_RUNS`) are those of the earlier
portfolio, measured on the public contest puzzles; the first question of
that portfolio (lines without U-turns leaving only the forced cells
empty) is the ``dense`` stage, answered in process before. Every SAT run
asks for *induced* lines (that never run beside themselves): a solution
under ``nikoli`` can always be shortened into induced lines, so the last
run, with any number of empty cells, proves "no solution" when it has no
model.

Examples
--------
>>> from tremaux.numberlink.solvers.base import Task
>>> from tremaux.numberlink.solvers.portfolio import portfolio_follows
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> portfolio_follows(Task(Puzzle.from_rows(["1.1"]), resolve("nikoli"), 1, None))  # no deadline
False
"""

from __future__ import annotations

import numpy as np

from ..._portfolio import Job, Race, available
from ...kernels import numberlink as kn
from ...kernels.rng import make_state
from ..model import Puzzle
from ..result import Linking
from .base import Answer, Task

__all__ = ["portfolio_stage", "portfolio_follows", "SAT_JOBS", "ROUTER_RUNS", "KISSAT", "ONEHOT_MAX_PAIRS",
           "IN_PROCESS_SHARE"]

KISSAT = "kissat404"
"""The python-sat solver of the SAT runs (Kissat: the quickest there, but not interruptible)."""

IN_PROCESS_SHARE = 0.1
"""Share of the time left that the compiled search, then SAT in process, each take when this stage follows.

Measured on the 29 public contest puzzles under ``nikoli`` (60 s limit,
2026-11-24, 2 shared cores): the quick stages answered 26 within 0.31 s;
neither the search nor SAT in process answered the other three (ADC 2015
Q15, Q17, Q20) in 10 s, and the portfolio did, in 0.02-9 s. So the stages in
process keep a tenth of the time each, and this stage has about 80 %.
"""

SAT_JOBS: tuple[tuple[int | None, str, float, float], ...] = (
    (4, "binary", 1.0, 0.5),
    (20, "binary", 1.0, 0.5),
    (20, "onehot", 1.0, 1.0),
    (None, "binary", 1.0, 1.0),
)
"""The Kissat runs: ``(empty cells beyond the checkerboard surplus, colour, weight, delay)``.

``None``: any number of cells empty (the question whose "no" proves there
is no solution). ``"binary"`` colours are a code per pair in bits,
``"onehot"`` a variable per cell and pair (skipped past
:data:`ONEHOT_MAX_PAIRS` pairs). Measured with the earlier portfolio: the
first solves ADC 2015 Q15 (1.6 s alone); Q17 is solved by the second, the
third or the last depending on the orientation (3.2-22 s each; all three
together a median of 8.8 s over 8 orientations); without induced lines
Kissat solved none of Q15, Q17, Q18 in 40 s.
"""

ONEHOT_MAX_PAIRS = 64
"""Pairs above which the one-hot run is skipped (its at-most-one clauses grow with the square of the pairs)."""

ROUTER_RUNS: tuple[tuple[int, int, float, float], ...] = (
    tuple((5000, s, 1.0, 1.05) for s in (1, 2, 3, 4)) + tuple((2000, s, 0.3, 1.3) for s in (2, 3, 4)))
"""The router's runs, in turn, in one child: ``(rounds, seed, history step, pressure growth)``.

Slow-pressure runs and restarts with other seeds, each of which solved
contest puzzles the others did not (ADC 2015 Q13, Q14, Q20 are the
router's kind: their answers leave many cells empty).
"""


def portfolio_follows(task: Task) -> bool:
    """Whether :func:`portfolio_stage` runs for ``task`` (one solution under ``nikoli``, a deadline, fork).

    Parameters
    ----------
    task : Task

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.solvers.portfolio import portfolio_follows
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> portfolio_follows(Task(Puzzle.from_rows(["1.1"]), resolve("nikoli"), want=1, deadline=None))
    False
    """
    return (not task.rule.cover and task.want == 1 and task.deadline is not None and task.puzzle.pairs > 0
            and available())


def portfolio_stage(task: Task) -> Answer | None:
    """One solution of ``task`` from the runs in child processes, or ``None`` when none answered in time.

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer or None
        A solution (checked to join every pair), or no solution when the
        router found a pair that cannot be joined or the last SAT run found
        no induced lines.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.portfolio import portfolio_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> import time
    >>> task = Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli"), want=1, deadline=time.perf_counter() + 30)
    >>> answer = portfolio_stage(task)
    >>> answer is None or len(answer.solutions) == 1
    True
    """
    if not portfolio_follows(task):
        return None
    puzzle = task.puzzle
    jobs = [Job(_router_work, (puzzle,), name="the router")]
    for extra, colour, weight, delay in SAT_JOBS:
        if colour == "onehot" and puzzle.pairs > ONEHOT_MAX_PAIRS:
            continue
        jobs.append(Job(_sat_work, (puzzle, extra, colour), weight, delay, name=_job_name(extra, colour)))
    key = ("portfolio",)
    race = task.resumable(key, lambda: Race(jobs, accept=lambda v: v is not None and v[0] != "fail"))
    # past the round's deadline the runs go on in the background, beside the stages of the solve's next round
    out = race.run(task.deadline, pause=False)
    if out.stopped != "time limit":
        task.close_kept(key)
    extras = {"portfolio_seconds": round(out.seconds, 3), "portfolio_runs": len(jobs)}
    if out.errors:
        extras["portfolio_errors"] = out.errors
    if not out.answered:
        return None
    kind, data = out.value
    if kind == "unsat":
        why = "a pair cannot be joined" if out.index == 0 else "no induced lines exist"
        return Answer((), True, f"{out.name} (portfolio)", why=why, extras=extras)
    lk = _checked(puzzle, data) if out.index else Linking.from_flat(puzzle, *data)
    if lk is None:  # pragma: no cover - a model always joins each pair
        return None
    from .router import untangle

    return Answer((untangle(puzzle, lk),), False, f"{out.name} (portfolio)", extras=extras)


def _job_name(extra: int | None, colour: str) -> str:
    if extra is None:
        return f"induced lines, any cells empty, {colour} colours (Kissat)"
    return f"induced lines, up to {extra} more cells empty, {colour} colours (Kissat)"


def _checked(puzzle: Puzzle, links: np.ndarray) -> Linking | None:
    _owner, cells, starts, reached = kn.trace_lines(links, np.ascontiguousarray(puzzle.ends), puzzle.height,
                                                   puzzle.width)
    if not np.array_equal(reached, puzzle.ends[:, 1]):
        return None  # pragma: no cover
    return Linking.from_flat(puzzle, cells, starts)


def _router_work(puzzle: Puzzle) -> tuple[str, object]:  # pragma: no cover - runs in a child process
    h, w = puzzle.shape
    flat = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int64)
    ends = np.ascontiguousarray(puzzle.ends)
    for rounds, seed, hist, growth in ROUTER_RUNS:
        cells = np.empty(4 * h * w, dtype=np.int64)
        starts = np.zeros(puzzle.pairs + 1, dtype=np.int64)
        it = int(kn.route(flat, h, w, ends, rounds, cells, starts, make_state(seed), hist, growth))
        if it == -2:
            return ("unsat", None)
        if it > 0:
            return ("sat", (cells, starts))
    return ("fail", None)


def _sat_work(puzzle: Puzzle, extra: int | None, colour: str) -> tuple[str, object]:  # pragma: no cover - child
    from .encoding import Encoding
    from .verdicts import colour_surplus

    kw = dict(backend=KISSAT, colour=colour, induced=True, uturns=False)
    if extra is None:
        enc = Encoding(puzzle, "nikoli", **kw)
    else:
        enc = Encoding(puzzle, "fill", holes="any", max_holes=abs(colour_surplus(puzzle)) + extra, **kw)
    with enc:
        model = enc.next_model(drop_loops=True)
    if model is None:
        return ("fail", None) if extra is not None else ("unsat", None)
    return ("sat", model.links)
