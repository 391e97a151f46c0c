"""The ``fast`` solver: a list of stages, each returning an answer or ``None`` (the next stage then runs).

======================  ==============================================================================================
stage                   answers
======================  ==============================================================================================
``verdict``             no solution, when a quick theorem says so (:mod:`.verdicts`)
``no_numbers``          a board without numbers
``another``             uniqueness and counting (two solutions or more wanted): a first solution by the stages below,
                        then "another one?" asked by the search resumed and SAT in turns (:mod:`.another`); it answers
                        every such task
``covering``            one solution under ``nikoli`` among lines that cover the board without running beside
                        themselves, by the compiled search along anti-diagonals (:mod:`.search`), for a tenth of the
                        time left: every such cover is a solution, and the search says so, or that there is none, in
                        milliseconds on most puzzles
``glance``              one solution under ``nikoli`` from the router's first ten rounds: open boards, answered at
                        once
``dense``               one solution under ``nikoli`` among lines that leave empty only the cells the checkerboard
                        count forces (:func:`.sat.dense_stage`)
``interior``            one solution under ``nikoli``, the free cells away from the border and the numbers first
                        assumed busy, each core of "none" dropping its assumptions (:func:`.interior.interior_stage`),
                        for half the time left: lines that wind side by side in clusters (before the router: measured
                        on ``benchmarks/bench_nl_wind.py``)
``router``              one solution under ``nikoli`` by negotiated congestion (:mod:`.router`), in runs from scratch
                        with the next seed, for answers that leave many cells empty
``near``                one solution under ``nikoli`` among lines that leave at most ``b`` cells empty, ``b`` deepened
                        past the checkerboard count (:func:`.near.near_stage`): contest puzzles filled but for a few
                        cells, which the router's short lines miss
``untouched``           one solution under ``fill`` when lines may touch: among lines that never run beside themselves
                        (every such solution is one), where the corner theorem prunes hard: the compiled search for a
                        tenth of the time left (not resumed beside SAT's undecided question after a round of its own);
                        then, on an open board, the board without its empty bands of two rows or columns, solved, the
                        bands put back (:mod:`.bands`); then the router's lines stretched and mended over the board
                        (:mod:`.repair`), for boards with few pairs; then SAT with the corner theorem as clauses and
                        closed loops stretched into the lines (:mod:`.stretch`) for most of the rest (without the
                        corner clauses after the first round: :func:`.sat.untouched_stage`); no answer when none finds
                        one
``search``              the compiled search (:mod:`.search`), given half the time left (a tenth for one solution, or
                        when ``portfolio`` follows); its answer is final when it found what was wanted or searched
                        everything
``sat``                 everything else, exactly, until the deadline (:mod:`.sat`), or for half the time left when
                        ``portfolio`` follows (one solution under ``nikoli``, asked with the clauses of
                        :mod:`.shortcuts`); for one solution under ``fill``, not while the ``untouched`` stage's SAT
                        question is undecided, but in a solve of one round (it has the time instead)
``portfolio``           one solution under ``nikoli`` with a deadline, when the stages above did not answer: Kissat
                        and the router in child processes, the first answer kept (:mod:`.portfolio`); not begun before
                        the last round while the ``dense`` stage's question is undecided
======================  ==============================================================================================

The order is measured (``benchmarks/bench_nl_stages.py``, figures in ``docs/benchmarks.md``): under ``nikoli`` one
solution comes quickest from the densest-lines question and the router, which answer most contest puzzles in
milliseconds where the search took seconds; ``fill`` goes to the search first. Uniqueness and counting are the
``another`` stage: a first solution by the same stages as a plain solve, then the second question
(``benchmarks/bench_numberlink.py`` measures its time against the solve's). The search module is optional: without it
the pipeline goes on to SAT. Only the last stage starts child processes, so a puzzle answered before it never does.

The shares above are of a *round*, not of the whole limit (:func:`fast`): the first round is :data:`FIRST_HORIZON`
seconds, each next one :data:`HORIZON_GROWTH` times longer, and the searches, SAT encodings and portfolio runs go on
from one round to the next, so a long limit never makes a stage that cannot answer hold a puzzle for seconds before
one that can.

Examples
--------
>>> from tremaux.numberlink.solvers.base import Task
>>> from tremaux.numberlink.solvers.pipeline import fast, STAGES
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> a = fast(Task(Puzzle.from_rows(["1.2", "...", "2.1"]), resolve("nikoli"), 1, None))
>>> a.how, a.proven_none
('quick verdict', True)
>>> names = [name for name, _ in STAGES]
>>> names[:7]
['verdict', 'no_numbers', 'another', 'covering', 'glance', 'dense', 'interior']
>>> names[7:]
['router', 'near', 'untouched', 'search', 'sat', 'portfolio']
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import replace
from functools import partial

from ..._jit import load_seconds
from ..result import Linking
from .another import another_stage
from .backend import builds_refused, deadline_only
from .bands import bands_stage
from .base import NL_SOLVERS, Answer, Task
from .counting import count_stage
from .interior import interior_stage
from .near import near_stage
from .portfolio import IN_PROCESS_SHARE, portfolio_follows, portfolio_stage
from .repair import mended_stage
from .router import router_probe, router_stage
from .sat import DENSE_KEY, UNTOUCHED_KEY, dense_stage, sat_stage, untouched_stage
from .verdicts import quick_verdict

__all__ = ["STAGES", "fast", "search_available"]

Stage = Callable[[Task], "Answer | None"]

SEARCH_SHARE = 0.5
"""Share of the time left that the search may take before SAT has the rest, for two or more solutions (a split)."""
ONE_SEARCH_SHARE = 0.1
"""Share of the time left for the search in a plain solve (one solution wanted, no more asked after it).

A split, not a per-puzzle tuning; the first solution of a uniqueness or
counting run gets the same share (the search that found it goes on for the
second in turns with SAT, ``Answer.resume`` and :mod:`.another`), so it costs
what a plain solve costs.

On the development half of the corpus under ``fill`` (1 s limit, 2026-11-25,
stage by stage), every puzzle the search
stage answered after the ``untouched`` stage took at most 30 ms, while on
the one it got lost on (a 50x50 puzzle with 400 pairs whose lines must
touch) it used its whole half second and left SAT, which answers that
puzzle in about 0.15 s, too little. The search answers quickly or not at all.
"""
SAT_BEFORE_PORTFOLIO_SHARE = 0.5
"""Share of the time left for SAT in process when the portfolio's child processes follow (a split).

That question (one solution under ``nikoli``) is asked with the corner-cut
clauses of :mod:`.shortcuts`, which answer sparse puzzles that need many
empty cells in a fraction of the time Glucose took without them; so it
gets half of what is left, and the portfolio the other half.
"""
UNTOUCHED_SEARCH_SHARE = 0.1
"""Share of the time left for the search among lines that never touch before SAT asks the same (a split)."""
_EARLY_ROUND: ContextVar[bool] = ContextVar("_EARLY_ROUND", default=False)
"""Set while :func:`_in_rounds` runs a round that is not the solve's last."""
_ONLY_ROUND: ContextVar[bool] = ContextVar("_ONLY_ROUND", default=True)
"""Set while :func:`_in_rounds` runs a solve's first round that is also its last (a solve of one round)."""


def _verdict(task: Task) -> Answer | None:
    why = quick_verdict(task.puzzle, task.rule)
    return None if why is None else Answer((), True, "quick verdict", why=why)


def _no_numbers(task: Task) -> Answer | None:
    if task.puzzle.pairs:
        return None
    return Answer((Linking(task.puzzle.shape, ()),), True, "no numbers", why="nothing to connect")


def search_available() -> bool:
    """Whether the compiled search module is installed in this package.

    Returns
    -------
    bool
        True when the kernel module can be imported.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.pipeline import search_available
    >>> isinstance(search_available(), bool)
    True
    """
    try:
        from . import search  # noqa: F401
    except ImportError:
        return False
    return True


def _search(task: Task) -> Answer | None:
    try:
        from .search import SearchRun, compiled_now
    except ImportError:
        return None
    if task.rule.cover and not compiled_now(task.puzzle):
        return None  # a small puzzle from the command line: under fill the exact SAT stage answers it in milliseconds
    def new_run() -> SearchRun:
        # a run handed on for a count keeps the solutions the count keeps; for uniqueness, all it meets (two)
        keep = None if task.then <= 2 or task.keep is None else max(task.want, min(task.keep, task.then))
        return SearchRun(task.puzzle, cover=task.rule.cover, touch=task.rule.touch,
                         max_solutions=max(task.want, task.then), keep=keep)

    # a plain solve's run goes on in the next round; one handed on for more solutions (resume) starts afresh
    run = task.resumable(("search", task.want), new_run) if task.then <= task.want else new_run()
    share = (IN_PROCESS_SHARE if portfolio_follows(task)
             else ONE_SEARCH_SHARE if task.want == 1 else SEARCH_SHARE)
    out = run.advance(task.share(share), pause_at=task.want)
    sols = tuple(out.solutions)[: task.want]
    done = bool(out.complete) or len(sols) >= task.want
    return Answer(sols, bool(out.complete), "search", stopped="" if done else "time limit", steps=int(out.nodes),
                  extras={"search_nodes": int(out.nodes), "search_seconds": round(float(out.seconds), 6)},
                  resume=run if task.then > task.want else None)


def _covering(task: Task) -> Answer | None:
    """One solution under ``nikoli`` among the lines that cover the board and never touch themselves.

    Such lines are a solution under either rule, touching allowed or not,
    and the compiled search of ``fill`` without touching (cells along
    anti-diagonals, pruned by the corner theorem) finds them, or exhausts
    them, in milliseconds on most puzzles: given :data:`UNTOUCHED_SEARCH_SHARE`
    of the time left. No answer when it finds none (cells may have to stay empty).
    """
    if task.rule.cover or task.want != 1 or not task.puzzle.pairs:
        return None
    try:
        from .search import compiled_now
    except ImportError:
        return None
    if not compiled_now(task.puzzle):
        return None
    out = _untouching_search(task)
    if not out.solutions:
        return None
    return Answer(tuple(out.solutions)[:1], False, "search, every cell covered", steps=int(out.nodes),
                  extras={"search_nodes": int(out.nodes), "search_seconds": round(float(out.seconds), 6)})


UNTOUCHING_KEY = ("search, every cell covered, no touching",)
"""The key of :func:`_untouching_search`'s run; with ``"had a round"`` added: it ran a round, no kernels loaded."""


def _untouching_search(task: Task, beside: tuple | None = None):
    """The compiled search for one solution of lines that cover the board and never touch themselves, or ``None``.

    Given :data:`UNTOUCHED_SEARCH_SHARE` of the time left; the run is kept for the solve's next round
    (:meth:`.Task.resumable`). Used by the ``covering`` and ``untouched`` stages. With ``beside``, the key of
    the SAT question the stage asks after it, a run that has had a round of its own (kernels loaded before
    it) is not resumed while that question is undecided: it answers at once or not at all, and its shares of
    the later rounds took a fifth to two fifths of the processor on sparse large boards (``docs/benchmarks.md``).
    """
    from .search import SearchRun

    had = UNTOUCHING_KEY + ("had a round",)
    if beside is not None and beside in task.kept and had in task.kept:
        return None
    run = task.resumable(UNTOUCHING_KEY, lambda: SearchRun(task.puzzle, cover=True, touch=False, max_solutions=1))
    loaded = load_seconds()
    out = run.advance(task.share(UNTOUCHED_SEARCH_SHARE), pause_at=1)
    if load_seconds() == loaded:
        task.kept[had] = True
    return out


def _glance(task: Task) -> Answer | None:
    """One solution under ``nikoli`` from the router's first rounds (:func:`.router.router_probe`).

    Not while kernels run interpreted on a puzzle this size (a small puzzle
    from the command line, answered by SAT without numba's start).
    """
    from ..._jit import would_interpret

    if task.rule.cover or task.want != 1 or not task.puzzle.pairs:
        return None
    if would_interpret(task.puzzle.height * task.puzzle.width):
        return None
    return router_probe(task)


def _untouched(task: Task) -> Answer | None:
    """One solution under ``fill`` when lines may touch, looked for first among lines that never touch themselves.

    Published puzzles have such a solution, and the question is far smaller: the corner theorem prunes it
    hard. The compiled search asks it first, for :data:`UNTOUCHED_SEARCH_SHARE` of the time left (published-style
    puzzles in milliseconds, ``fill-via-notouch`` in ``benchmarks/bench_nl_search.py``); then SAT, with the
    corner theorem as clauses and closed loops stretched into the lines (:func:`.sat.untouched_stage`), for most
    of what is left: the large sparse puzzles where the search loses its way. SAT's question is wider (its
    lines may touch themselves), so it is asked even when the search has shown that no lines avoid touching;
    after the search's own round it stands aside while SAT's question is undecided. Between the two, the
    router's short lines stretched and mended (:func:`.repair.mended_stage`, a quarter of the time left): a
    few pairs whose lines must wind through every cell and touch themselves; before it, an open board without
    its empty bands of two rows or columns, the bands put back (:func:`.bands.bands_stage`). When none finds
    one, the ``search`` and ``sat`` stages answer with touching allowed.
    """
    if not (task.rule.touch and task.rule.cover and task.want == 1 and task.puzzle.pairs):
        return None
    try:
        from .search import compiled_now
    except ImportError:
        compiled_now = None
    if compiled_now is not None and compiled_now(task.puzzle):
        out = _untouching_search(task, beside=UNTOUCHED_KEY)
        if out is not None and out.solutions:
            return Answer(tuple(out.solutions)[:1], False, "search without touching", steps=int(out.nodes),
                          extras={"search_nodes": int(out.nodes), "search_seconds": round(float(out.seconds), 6)})
        # The search having shown that no lines avoid touching themselves proves nothing about SAT's question,
        # which is wider (lines without U-turns that keep the corner theorem may still touch themselves).
    mended = bands_stage(task) or mended_stage(task)  # open boards: the small board, then the mending
    if mended is not None:
        return mended
    return untouched_stage(task)


def _sat(task: Task) -> Answer | None:
    """The exact SAT stage (:func:`.sat.sat_stage`); not beside an undecided SAT question of ``fill`` without
    U-turns but in a solve of one round (:func:`_portfolio` says why: that question answers such boards, and
    says "none" in a fraction of a second where it is not the right one). On 100x100 boards a last round built
    the exact encoding beside it (0.6-1.2 s) and never solved it, the question begun in that round or before
    (``docs/benchmarks.md``); that question goes on with the time instead.
    """
    if task.rule.cover and task.want == 1 and UNTOUCHED_KEY in task.kept and not _ONLY_ROUND.get():
        return None
    if portfolio_follows(task):
        task = replace(task, deadline=task.share(SAT_BEFORE_PORTFOLIO_SHARE))
    return sat_stage(task)


def _portfolio(task: Task) -> Answer | None:
    """The portfolio's child processes (:func:`.portfolio.portfolio_stage`), not begun beside an undecided
    densest-lines question before the solve's last round.

    The ``dense`` stage's SAT question (:func:`.sat.dense_stage`) says "none"
    in a fraction of a second where it is not the right one (the contest
    puzzles the portfolio answers: 10-150 ms, ``docs/benchmarks.md``); while
    it is still undecided, its encoding kept for the next round, it is the
    question that answers (large boards of long winding lines, which leave
    no more cells empty than the checkerboard count forces), and the
    portfolio's runs, which go on in the background beside the next round,
    took two thirds of the processor from it: on a 100 x 100 board at 0.05
    pairs per cell they ran the solve past its limit. They begin in the last
    round then, or as soon as that question has said "none".
    """
    if _EARLY_ROUND.get() and DENSE_KEY in task.kept:
        return None
    return portfolio_stage(task)


def _another(task: Task) -> Answer | None:
    """Uniqueness and counting (:func:`.another.another_stage`); a count by :func:`.counting.count_stage`."""
    return another_stage(task, _after_another, partial(count_stage, first_round=FIRST_HORIZON))


STAGES: list[tuple[str, Stage]] = [
    ("verdict", _verdict),
    ("no_numbers", _no_numbers),
    ("another", _another),
    ("covering", _covering),
    ("glance", _glance),
    ("dense", dense_stage),
    ("interior", interior_stage),
    ("router", router_stage),
    ("near", near_stage),
    ("untouched", _untouched),
    ("search", _search),
    ("sat", _sat),
    ("portfolio", _portfolio),
]
"""The stages of :func:`fast`, in order."""


def _after_another(task: Task) -> Answer:
    """The first solution of a uniqueness or counting task: the stages after ``another``.

    The ones before it (the quick verdict) have just run on the same puzzle.
    They run in rounds, as for a plain solve (:func:`fast`).
    """
    return _in_rounds(task, [name for name, _ in STAGES].index("another") + 1)


FIRST_HORIZON = 1.0
"""Seconds of the first round of :func:`fast`: the stages share this much time, not the whole limit.

The stages split the time left between them (the search a tenth, SAT most
of the rest...), so under a long limit a stage that cannot answer a puzzle
would hold it for seconds before the next one, which answers in
milliseconds, had its turn. The stages are measured (``docs/benchmarks.md``)
with one second per puzzle, the target for every puzzle up to 50x50, so the
first round gives them that; a puzzle none of them answers in it is asked
again in rounds :data:`HORIZON_GROWTH` times longer, the last one up to the
limit. The compiled searches and the SAT encodings go on from one round to
the next (:meth:`.Task.resumable`); what the other stages did in the rounds
before is redone, at most a third more than the last round. A round of a task
without a limit ends too, so no stage is given an unbounded share of an
unbounded task.
"""
HORIZON_GROWTH = 4.0
"""Each round of :func:`fast` after the first is this many times longer than the one before."""
LAST_ROUND_USED = 0.5
"""A last round of :func:`fast` that ends before the deadline is followed by one more when its stages used at least
this share of its time and kept work to go on with (a split, not a tuning).

The stages split the time left between them: the SAT question of ``fill``
(:func:`.sat.untouched_stage`) takes most of it and the stages after it the
rest, which on a large board they cannot use (the row search gives up, SAT's
other encoding is not begun when its pace says it cannot end in time). A
200x200 board then gave up 2.0 to 3.3 s before a 20 or 30 s limit, that
share unused (``docs/benchmarks.md``); the encoding kept goes on with it
instead. A round whose stages returned well before its end has nothing more
to do with the time: the answer is returned then.
"""


@NL_SOLVERS.register("fast", aliases=("sat", "default"), counts=True, touch_only=False,
                     doc="Exact: quick verdicts, the compiled search, then SAT (python-sat); proves no solution, "
                         "counts.")
def fast(task: Task) -> Answer:
    """Run the stages of :data:`STAGES` until one answers, in rounds of growing length.

    An answer is final when it searched everything or found the solutions
    wanted. One that stopped early (time ran out) is kept, and returned at
    the end if no later stage or round found more. Once the deadline has
    passed no further stage starts. The stages run in rounds: the first
    :data:`FIRST_HORIZON` seconds long, each next one :data:`HORIZON_GROWTH`
    times longer (not after a round in which kernels were loaded on their
    first use: that one is given again), the last one up to the deadline (a
    round that would leave less than its own length takes all of it; a last
    round that ends early, its stages having used at least
    :data:`LAST_ROUND_USED` of its time, is followed by one more when work is
    kept; a last round that ends early with a SAT encoding refused on its pace is
    followed by one more, the encodings judged by the deadline alone:
    :func:`.backend.deadline_only`). The search runs and SAT encodings a stage keeps
    (:meth:`.Task.resumable`) go on from one round to the next. Uniqueness and counting (``want`` 2 or
    more) are one round: the ``another`` stage asks for the first solution
    in rounds, then races its own parts in turns that double.

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer

    Examples
    --------
    >>> from tremaux.numberlink.solvers.pipeline import fast
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = fast(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("fill"), want=2, deadline=None))
    >>> len(answer.solutions), answer.exhausted
    (1, True)
    """
    if task.want > 1:
        try:
            return _from(task, 0)
        finally:
            task.close_kept()
    return _in_rounds(task, 0)


def _in_rounds(task: Task, start: int) -> Answer:
    """:func:`_from` ``start`` in rounds of growing length (see :func:`fast`); what the stages kept is closed after."""
    best: Answer | None = None
    horizon = FIRST_HORIZON
    again = False  # the last round was given once more
    first, undo = True, None  # undo: builds judged by their deadline alone (a build was refused on its pace)
    try:
        while True:
            left = task.left()
            last = left is not None and left <= 2 * horizon
            began = time.perf_counter()
            round_task = task if last else replace(task, deadline=began + horizon)
            loaded, refused = load_seconds(), builds_refused()
            token, only = _EARLY_ROUND.set(not last), _ONLY_ROUND.set(first and last)
            try:
                answer = _from(round_task, start)
            finally:
                _EARLY_ROUND.reset(token)
                _ONLY_ROUND.reset(only)
            first = False
            if answer.exhausted or answer.found >= task.want:
                return answer
            if best is None or answer.found > best.found:
                best = answer  # solutions found in a round are never lost
            if task.left() == 0:
                return best
            if last:  # time is left: the work kept goes on in one more last round, when the stages used their time
                early = time.perf_counter() - began < LAST_ROUND_USED * left
                if early and undo is None and builds_refused() > refused:  # a build refused on its pace ended it
                    undo = deadline_only()
                    continue
                if again or not task.kept or early:
                    return best
                again = True
                continue
            if load_seconds() == loaded:  # a round spent loading kernels on their first use is given again
                horizon *= HORIZON_GROWTH
    finally:
        if undo is not None:
            undo()
        task.close_kept()  # the search runs and encodings the stages kept for a next round


def _from(task: Task, start: int) -> Answer:
    """:func:`fast` from the stage ``STAGES[start]`` on."""
    best: Answer | None = None
    for n in range(start, len(STAGES)):
        stage = STAGES[n][1]
        if n and task.left() == 0:  # past the deadline: no stage starts (the quick verdict always runs)
            break
        answer = stage(task)
        if answer is None:
            continue
        if answer.exhausted or answer.found >= task.want:
            return answer
        if best is None or answer.found > best.found:
            best = answer  # stopped early: kept unless a later stage does better
    return best if best is not None else Answer((), False, "", stopped="time limit")
