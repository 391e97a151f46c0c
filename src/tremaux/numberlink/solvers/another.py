"""Uniqueness and counting: a first solution the quickest way, then the question "another one?".

Deciding uniqueness is two questions of different kinds: finding one
solution (what a plain solve does, by whichever stage is quickest) and then
showing a second one or proving there is none. :func:`another_stage` asks
them in that order, so a uniqueness check costs the solve plus the second
question, never a fresh solve by a slower route:

1. **first**: the pipeline for one solution (``first``, a solver function),
   so the first solution costs what a plain solve costs. When the compiled
   search found it, the same run is kept (:class:`.search.SearchRun`), ready
   to go on: on a small puzzle it has often searched everything already,
   and uniqueness is then proven at no further cost;
2. **moves** (rules that leave cells empty, :mod:`.moves`): a corner of a line moved into the empty fourth cell
   of its 2 x 2 square, or (when lines may touch) a straight step bulged into two empty cells (:func:`moves`),
   then (for uniqueness) one line, or two side by side, re-routed along shortest paths, the others kept
   (:mod:`.reroute`): each a solution by construction, found in a pass over the lines, with no encoding to
   build. First solutions that leave many cells empty (the router's) nearly always have a move; those that
   cover the board often a re-routing (two lines that trade cells, some left empty). When the first covers
   the board with lines all as short as can be, every solution covers it: asked under ``fill`` (:mod:`.lengths`);
3. **the compiled neighbourhoods** (:mod:`.local`), when the first solution
   came with no search to resume and no SAT encoding, and the new search
   below is not the colour search (which tries the first solution's colours
   first, so it meets a second solution near it as soon): windows of side 4
   and 8 and one or two lines set free, every other link kept, each searched by a kernel that
   checks every arrangement by following the lines; it goes first in each
   turn of the race below, and SAT waits until it has searched them all
   once (with a small budget of nodes each), or has spent SAT's turn; under either rule the propagating
   search on links (:mod:`.forcing`) follows it in each turn, before the search (``force`` of :func:`_race`);
4. **a race of the search and SAT** (:func:`_race`), each resumed where it
   stopped. The search that found the first solution goes on; it has
   :data:`HEAD_START` times the first solution's time alone. When the
   first came another way (under ``fill`` with touching, from lines that
   never touch; under ``nikoli``, from the covering search or the router),
   a new search under the rule has that head start instead, and
   :data:`NEW_SEARCH_SHARE` of the later turns: on a small puzzle it
   proves uniqueness in a fraction of what building the SAT encoding
   costs. Under ``nikoli`` with touching, a first solution that covers the
   board with lines that never touch lets it look among lines that never
   touch only (:func:`untouched_suffices`; the propagating search too). Among lines that never touch,
   under ``nikoli``, the new search is the colour search
   (:mod:`.colours`): a cell's colour then decides its links, and
   constraints on the colours prune more than the row search's links do
   (on the development half of the 8 x 8 to 12 x 12 published puzzles it
   answers two thirds of them within six times the solve, where SAT's
   encoding alone costs five). Then SAT takes its
   turn: one incremental encoding of the rule, every solution
   found forbidden (a blocking clause over its edges). The first half of
   each of SAT's turns goes to **neighbourhoods** of the first solution
   (:mod:`.neighbourhoods`), resumed from turn to turn: windows of side 4
   (all of them in the first turn, within the bound below), every line
   alone, every two lines side by side, windows of side 8, three lines, ... (only those the compiled
   neighbourhoods do not search, when they run: SAT would ask the same
   questions again, at the cost of an assumption call each), each asked with
   everything outside kept as in the first solution (assumptions, so the
   same solver serves them all, each call with a small conflict budget: a
   second solution that differs from the first in one place, or in a few
   long lines re-routed across the board, shows in milliseconds), yet
   never more in all than SAT's work over the whole board so far, the
   encoding's build included (:func:`.neighbourhoods.hoods_deadline`: on
   a 100 x 100 board the windows of side 4 alone are 2,401 calls of
   10-20 ms; on a small one they cost a fraction of the build). The
   rest of the turn goes to the whole board, with the first solution's
   edges as first guesses, in calls bounded by conflicts as well as by
   the clock (:func:`.neighbourhoods.bounded_model`). Each side goes on
   until it has spent twice its time of the previous turn, so whichever
   of the two answers the puzzle quickly answers it, without a tuned
   choice between them: the search proves small and medium puzzles
   unique in a fraction of what SAT needs to load, SAT the large ones the
   search gets lost in. "No model" from SAT, or the search run to its end, proves that the solutions found are all.

Every solution returned is a model of the rule's full encoding, one the search found or a move that keeps the
rule, so a second solution found locally is a solution, not a guess.

Examples
--------
>>> from tremaux.numberlink.solvers.another import another_stage
>>> from tremaux.numberlink.solvers.base import Task
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.rules import resolve
>>> from tremaux.numberlink.solvers.pipeline import fast
>>> p = Puzzle.from_rows(["1.....", "......", ".....1", "2....2"])
>>> a = another_stage(Task(p, resolve("nikoli", touch=True), 2, None), fast)
>>> len(a.solutions), a.how.split("; ")[1]
(2, 'another by a line moved into empty cells')
>>> another_stage(Task(p, resolve("fill", touch=True), 2, None), fast).how
'search; another by search'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ...kernels import numberlink as kn
from ..result import Linking
from . import bound
from .base import Answer, Task, first_tables
from .forcing import FORCE_SHARE, for_question
from .lengths import as_fill, covers_every_solution
from ._found import _add, _held, _key, _links_key  # noqa: F401 - _key: the tests' key of a solution
from .moves import moves
from .neighbourhoods import around, bounded_model, hoods_deadline, neighbourhoods, windows
from .reductions import shortcuts_suffice, untouched_suffices
from .sat import encoding_for
from .shortcuts import shortcut_clauses

__all__ = ["another_stage", "moves", "shortcuts_suffice", "untouched_suffices", "windows"]

HEAD_START = 2.0
"""The search's first turn, in units of the first solution's time: it goes on alone for that long.

Two: the target is a uniqueness check within three times the solve, so the
search that found the first solution may use all of that before SAT pays
for its encoding (on the development half of ``fill`` without touching, 1
and 2 decide the same puzzles within 3x, give or take one, on the loaded
machine)."""

NEIGHBOURHOOD_SHARE = 0.5
"""Share of each of SAT's turns given to the neighbourhoods (the rest: the whole board).

Half: the two questions are of different kinds (a second solution near
the first, any other one or none), and neither is known to answer first.
On the development half of b-sparse (CPU time, loaded machine) 0.5, 0.25
and 0.1 decide the same puzzles within 3x under ``fill`` and ``nikoli``
without touching (13 and 8-9 of 14), medians 1.4-1.5 and 2.4-2.6."""

NEW_SEARCH_SHARE = 0.25
"""After its first turn, a new search (not the one that found the first solution) has this share of each turn.

A split, not a tuning: a search that did not find the first solution has
learnt nothing yet about the puzzle, and one that has not answered in its
first turn (:data:`HEAD_START` times the first solution's time) seldom
answers before SAT does, so SAT's answers cost at most a quarter more than
alone. On the development halves of b-sparse and d-flow (CPU time, loaded
machine) 1 and 0.25 decided the same puzzles within 3x, give or take two
(10-12 of 23 under ``fill`` with touching, 8-10 under ``nikoli``)."""

LOCAL_SHARE = 0.5
"""Share of each turn's time for the compiled search of the first solution's neighbourhoods (:mod:`.local`).

Half, a split: it goes before the search under the rule in each turn,
which has the other half of the first turn, and SAT waits until it has
searched every small neighbourhood once or spent SAT's turn: a second
solution near the first shows there in a millisecond or two, where SAT's
encoding alone costs more. On the development halves of b-sparse and
d-flow (CPU time, loaded machine) a half and the whole decided 17 and 15
of 24 within 3x under ``fill`` with touching, 9 and 6 under ``nikoli``
without touching, 12 and 12 with touching."""

MIN_TURN = 0.001
"""Seconds: the first turn is never shorter (a first solution found in microseconds says little)."""


def another_stage(task: Task, first: Callable[[Task], Answer], count: Callable | None = None) -> Answer | None:
    """Up to ``task.want`` solutions (``want >= 2``): a first one by ``first``, then others as above.

    Parameters
    ----------
    task : Task
        ``want`` 2 decides uniqueness; more counts.
    first : callable
        The solver asked for the first solution (given ``task`` with ``want=1``).
    count : callable, optional
        Asked for a count (``want`` 3 or more) after the first solution, as the pipeline asks
        :func:`.counting.count_stage`; ``None``, or ``None`` from it: the race below counts.

    Returns
    -------
    Answer or None
        ``None`` when ``want`` is 1 (a plain solve: not this stage's
        question); otherwise the solutions found and whether they are all.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.another import another_stage
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.pipeline import fast
    >>> a = another_stage(Task(Puzzle.from_rows(["1..", "...", "..1"]), resolve("fill", touch=True), 3, None), fast)
    >>> len(a.solutions), a.exhausted
    (2, True)
    """
    if task.want < 2:
        return None
    t0 = time.perf_counter()
    one = first(replace(task, want=1, then=task.want))
    if not one.solutions:
        return one  # proven none, or no time
    if not task.rule.cover and covers_every_solution(task.puzzle, one.solutions[0]):
        return as_fill(task, first, count, one)  # every solution covers the board
    first_seconds = time.perf_counter() - t0
    found: list[Linking] = []
    seen: set[bytes] = set()
    # the first's links, made once for its key and for every search from it (:func:`.base.first_tables`)
    _add(found, seen, one.solutions[:1], keys=[_links_key(first_tables(task.puzzle, one.solutions[0])[0])])
    _add(found, seen, one.solutions[1:])
    how = [one.how]
    # what stands if the question is stopped in a child process (:mod:`.bound`): the solutions found by then
    bound.progress(lambda: Answer(tuple(found[: task.keeps]), False, "; ".join(how), stopped="time limit",
                                  count=len(found)))
    if not task.rule.cover:  # cells may stay empty: a line moved into them is a second solution at no cost
        _add(found, seen, moves(task.puzzle, found[0], touch=task.rule.touch, limit=task.want - 1))
        if len(found) > 1:
            how.append("another by a line moved into empty cells")
        elif task.want == 2 and _rerouted(task, found, seen):  # not for a count, which enumerates them all
            how.append("another by lines re-routed along shortest paths")
        if len(found) >= task.want:
            if hasattr(one.resume, "close"):
                one.resume.close()  # the SAT encoding that found the first: not needed
            return _held(task, found, False, "; ".join(how[:2]))
    if task.want > 2 and count is not None:  # a count: one exact search meets every solution once and counts
        counted = count(task, one, found, seen, how, first_seconds)
        if counted is not None:
            return counted
    run = enc = None
    if hasattr(one.resume, "advance"):
        run = one.resume  # the search that found it, ready to go on with the same pruning
    elif one.resume is not None:
        enc = one.resume  # the SAT encoding that found it, with what its solver has learnt
    fresh = run is None and enc is None and (task.rule.touch or not task.rule.cover)
    # among lines that never touch when that suffices (:func:`_as_asked`): the rule then prunes more
    force = for_question(_as_asked(task, found[0]), found[0]) if fresh or enc is not None else None
    if force is not None:  # the consequences of the puzzle itself, before the others are built
        out = _forced(task, force, found, seen, how, time.perf_counter())
        if out is not None:
            if enc is not None:
                enc.close()
            return out
    local = None
    searched = run is not None or enc is not None
    if fresh:  # built when first asked, after forcing's share: its tables cost about a solve, which forcing may spare
        run = (lambda: _new_run(task, found[0])) if force is not None else _new_run(task, found[0])
    if not searched:  # no search to resume, no encoding built: its neighbourhoods (after the colour search's turn)
        local = (lambda: _new_local(task, found[0])) if _by_colour(run) else _new_local(task, found[0])
    return _race(task, run, enc, found, seen, how, first_seconds, fresh=fresh, local=local, force=force)


def _race(task: Task, run, enc, found: list[Linking], seen: set, how: list[str], first_seconds: float, *,
          fresh: bool = False, local=None, force=None) -> Answer:
    """The search ``run`` (or none) and SAT take turns on the second question, each resumed where it stopped.

    Turn ``k`` lets each go on until it has spent ``first_seconds`` times
    :data:`HEAD_START` times ``2**k`` in all (SAT's first turn, building
    the encoding and looking at the windows of side 4, may take longer: its
    next turns wait for the search to catch up; with no search, SAT's turns
    follow each other, each the neighbourhoods then the whole board). Whichever answers first answers: the time is at
    most about twice that of the quicker of the two (four times with the
    build), whichever it is, with nothing tuned per puzzle. ``enc``: the SAT
    encoding that found the first solution, when one did (closed here).
    ``fresh``: ``run`` is a new search (the first solution came another
    way); after its first turn it has :data:`NEW_SEARCH_SHARE` of each
    turn's time (the colour search, :mod:`.colours`, goes first and has
    the whole of its first turn). ``local``: a
    :class:`.local.LocalRun` over the first solution's neighbourhoods (or
    what builds it, when first asked), which goes first in each turn
    (after the colour search), for :data:`LOCAL_SHARE` of its time, until
    it has searched them all. ``force``: a :class:`.forcing.ForceRun` (either rule), after the
    neighbourhoods' quick pass and before the search in each turn, for :data:`.forcing.FORCE_SHARE` of its
    time, until it answers (``run`` may then be what builds the search, when first asked).
    """
    spent = [0.0, 0.0, 0.0]  # seconds of the search, of SAT, of the compiled neighbourhoods
    hoods_spent = 0.0  # of SAT's seconds, those of its neighbourhoods (the rest: the whole board's)
    built = getattr(enc, "build_seconds", 0.0)  # an encoding handed on: its build, a pass over the whole board too
    colour = _by_colour(run)
    share = 1.0 - LOCAL_SHARE if local is not None and not colour else 1.0  # of the turn's time for the search
    target = first_target = HEAD_START * max(first_seconds, MIN_TURN)
    local_target = HEAD_START * first_seconds  # no minimum, for the compiled neighbourhoods and a new search
    ready = False  # whether enc forbids the first solutions and the windows have been looked at
    hoods = None  # the neighbourhoods still to look at (neighbourhoods), once ready
    whole = None  # what the whole-board calls assume: the selector of the shortcut clauses, when added
    blocked = 0  # found[:blocked] are forbidden in enc
    exhausted = False
    stopped = ""
    # the colour search goes first, with the whole of its first turn: it answers most small puzzles there, where
    # the neighbourhoods' quick pass alone costs more than the solve; they follow, with their share
    steps = ("search", "quick", "rest") if colour else ("quick", "search", "rest")

    def forcing() -> Answer | None:  # its share of the turn; after the first, as a new search's (it seldom answers)
        f = FORCE_SHARE * (1.0 if target <= first_target else NEW_SEARCH_SHARE)
        return _forced(task, force, found, seen, how, time.perf_counter() + f * target - force.seconds)

    try:
        while True:
            for step in steps:  # the neighbourhoods' quick pass before the search (or after it), the second after it
                first_pass = step == "quick"
                if step != "search" and callable(local):
                    local = local()  # built when first asked
                if step != "search" and local is not None and not local.done:
                    t = time.perf_counter()
                    stop = t + LOCAL_SHARE * local_target - spent[2]
                    got = local.advance(stop if task.deadline is None else min(stop, task.deadline),
                                        first_pass_only=first_pass)
                    spent[2] += time.perf_counter() - t
                    if got is not None and _add(found, seen, [got[0]], keys=[_links_key(local.links, got[0])]):
                        how.append(f"another by the search in {got[1]}")
                        if len(found) >= task.want:
                            return _held(task, found, False, "; ".join(how[:2]))
                if step == "search" and force is not None and (out := forcing()) is not None:  # before the search
                    return out
                if step == "search" and callable(run):
                    run = run()
                if step == "search" and run is not None:
                    t = time.perf_counter()
                    out = _go_on(task, run, t + share * (local_target if fresh else target) - spent[0],
                                 found, seen, how[0])
                    spent[0] += time.perf_counter() - t
                    if out is not None:
                        return out
            if task.deadline is not None and time.perf_counter() >= task.deadline:
                stopped = "time limit"
                break
            if local is not None and not local.first_pass_done and spent[2] < target:  # SAT after its first pass
                target *= 2
                local_target *= 2
                share = NEW_SEARCH_SHARE if fresh else 1.0
                continue
            t = time.perf_counter()
            stop = t + max(0.0, target - spent[1])
            if task.deadline is not None:
                stop = min(stop, task.deadline)
            try:
                if not ready:
                    if enc is None:
                        enc = encoding_for(_as_asked(task, found[0]), one=False, deadline=task.deadline)
                    ready = True
                    if task.want == 2 and shortcuts_suffice(task.puzzle, task.rule, found[0]):  # not for counting
                        # for the whole board only: a line kept outside a neighbourhood may have a corner
                        # beside a cell inside it, which another solution there leaves empty
                        enc.nvars += 1
                        whole = [enc.nvars]
                        for clause in shortcut_clauses(task.puzzle, enc.inc):
                            enc.add_clause(clause + [-whole[0]])
                    for lk in found:
                        enc.block_lines(lk)
                    blocked = len(found)
                    enc.set_hint(found[0])
                    hoods = neighbourhoods(task.puzzle, found[0], skip=None if local is None else local.covers)
                for lk in found[blocked:]:
                    enc.block_lines(lk)
                blocked = len(found)
                if hoods is not None and len(found) < task.want:  # the first half of the turn: neighbourhoods
                    t_hoods = time.perf_counter()
                    whole_spent = built + spent[1] + (t_hoods - t) - hoods_spent
                    try:
                        more, done = around(enc, found[0], hoods, lambda m: _linking(task, enc, m),
                                            stop=t + NEIGHBOURHOOD_SHARE * (stop - t), need=task.want - len(found),
                                            always="a 4 x 4 window",
                                            deadline=hoods_deadline(t_hoods, whole_spent, hoods_spent, task.deadline))
                    finally:
                        hoods_spent += time.perf_counter() - t_hoods
                    for lk, label in more:
                        if _add(found, seen, [lk]):
                            how.append(f"another by SAT with {label}" if "free" in label else
                                       f"another by SAT in {label}")
                    blocked = len(found)  # around blocked what it found
                    hoods = None if done else hoods
                while len(found) < task.want:
                    model = bounded_model(enc, stop, whole)
                    if model is None:
                        exhausted = True
                        break
                    enc.block(model)
                    if _add(found, seen, [_linking(task, enc, model)]):
                        how.append("another by SAT")
                    blocked = len(found)
            except TimeoutError:
                pass
            finally:
                spent[1] += time.perf_counter() - t
            if exhausted or len(found) >= task.want:
                break
            target *= 2
            local_target *= 2
            share = NEW_SEARCH_SHARE if fresh else 1.0
    finally:
        if enc is not None:
            enc.close()
    if exhausted and len(found) < 2:
        how.append("no other (SAT)")
    return _held(task, found, exhausted, "; ".join(how[:2]), stopped=stopped, steps=0 if enc is None else enc.calls)


def _forced(task: Task, force, found: list[Linking], seen: set, how: list[str], stop: float) -> Answer | None:
    """Let the propagating search ``force`` go on until ``stop``: the answer when it has one, else ``None``."""
    if force.done:
        return None
    got = force.advance(stop if task.deadline is None else min(stop, task.deadline))
    if force.exhausted:
        return _held(task, found, True, f"{how[0]}; no other (forcing)", steps=force.nodes)
    if got is not None and _add(found, seen, [got]):
        how.append("another by forcing")
        if len(found) >= task.want:
            return _held(task, found, False, "; ".join(how[:2]))
    return None


def _linking(task: Task, enc, model) -> Linking:
    puzzle = task.puzzle
    _owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
    return Linking.from_flat(puzzle, cells, starts)


def _as_asked(task: Task, first: Linking) -> Task:
    """The task SAT, a new search and forcing ask: among lines that never touch when that suffices.

    Under ``nikoli`` with touching, when ``first`` covers every cell with lines that never run beside themselves
    (:func:`untouched_suffices`), the induced encoding (no line beside itself) asks the same question with fewer
    solutions to rule out. Only the question "another one?" (``want`` 2): a count needs every solution.
    """
    rule = task.rule
    if task.want == 2 and rule.touch and not rule.cover and untouched_suffices(task.puzzle, first):
        return replace(task, rule=rule.with_touch(False))
    return task


def _rerouted(task: Task, found: list[Linking], seen: set) -> bool:
    """Whether one or two lines of ``found[0]`` re-routed along shortest paths (:mod:`.reroute`) gave another
    solution (added to ``found``). Not while the kernels would run interpreted (:func:`~.search.compiled_now`)."""
    try:
        from .reroute import reroute
        from .search import compiled_now
    except ImportError:
        return False
    if not compiled_now(task.puzzle):
        return False
    other = reroute(task.puzzle, found[0])
    return other is not None and _add(found, seen, [other])


def _new_local(task: Task, first: Linking):
    """A :class:`~.local.LocalRun` over the neighbourhoods of ``first``, or ``None`` when it should not run.

    Not while the kernels would run interpreted (:func:`~.search.compiled_now`).
    """
    try:
        from .local import LocalRun
        from .search import compiled_now
    except ImportError:
        return None
    if not compiled_now(task.puzzle):
        return None
    return LocalRun(task.puzzle, first, cover=task.rule.cover, touch=task.rule.touch)


def _new_run(task: Task, first: Linking, counting: bool = False):
    """A :class:`~.search.SearchRun` for ``task.want`` solutions, or ``None`` without the search module.

    Under ``nikoli`` with touching, when ``first`` covers every cell with
    lines that never run beside themselves, the question "another one?"
    is asked among the solutions whose lines never do
    (:func:`untouched_suffices`, :func:`_as_asked`): the same answer from a
    smaller search. ``counting``: for a count, which needs every solution, the compiled search runs even where
    a small puzzle's first questions go to SAT (:func:`~.search.compiled_now`): SAT would need a call and a
    blocking clause for each solution.
    """
    try:
        from .colours import MAX_CELLS, MAX_PAIRS, ColourRun
        from .search import SearchRun, compiled_now
    except ImportError:
        return None
    if not (counting or compiled_now(task.puzzle)):
        return None
    touch = _as_asked(task, first).rule.touch
    cut = task.want == 2 and shortcuts_suffice(task.puzzle, task.rule, first)
    p = task.puzzle
    # without touching a cell's colour decides its links: the colour search
    keep = task.keeps if counting else None  # the race compares the solutions it meets: it keeps them (want 2)
    if not task.rule.cover and not touch and p.pairs <= MAX_PAIRS and p.height * p.width <= MAX_CELLS:
        return ColourRun(task.puzzle, prefer=first, max_solutions=task.want, cut=cut, keep=keep)
    return SearchRun(task.puzzle, cover=task.rule.cover, touch=touch, max_solutions=task.want, cut=cut, keep=keep)


def _by_colour(run) -> bool:
    """Whether ``run`` is the colour search (:mod:`.colours`), which looks near the first solution first."""
    try:
        from .colours import ColourRun
    except ImportError:
        return False
    return isinstance(run, ColourRun)


def _go_on(task: Task, run, deadline: float | None, found: list[Linking], seen: set, how: str) -> Answer | None:
    """Let ``run`` go on until ``deadline``: an answer when it finished or found enough, else ``None``.

    Solutions it meets are added to ``found`` (each once) either way.
    """
    if task.deadline is not None:
        deadline = task.deadline if deadline is None else min(deadline, task.deadline)
    out = run.advance(deadline)
    _add(found, seen, out.solutions)
    if not (out.complete or len(found) >= task.want):
        return None
    sols = tuple(out.solutions)[: task.want] if out.complete else tuple(found[: task.want])
    verdict = "no other (search)" if len(sols) < 2 else "another by search"
    return Answer(sols, bool(out.complete), f"{how}; {verdict}", steps=int(out.nodes))
