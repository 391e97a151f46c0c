"""The uniqueness question of ``solvers.another``: each way it can be answered, against the brute force.

A uniqueness check takes its first solution from the stage that found it,
then lets the search (resumed) and SAT (the encoding that found the first,
or a new one) take turns. Each path is forced here in turn, and every
verdict compared with ``numberlink_reference.brute_force`` under the same
rule; every second solution shown must pass the independent checker.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

import numpy as np
import pytest

from numberlink_reference import brute_force, problems
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.another import another_stage
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.encoding import Encoding
from tremaux.numberlink.solvers.pipeline import fast
from tremaux.numberlink.solvers.sat import sat_stage

COMBOS = [("fill", True), ("fill", False), ("nikoli", True), ("nikoli", False)]


def puzzles(seed: int, count: int):
    """Random endpoints on 3x3 to 5x6 boards, and every fourth a generated puzzle (solvable under fill)."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(3, 6)), int(rng.integers(3, 7))
        if i % 4 == 3:
            yield generate_puzzle((h, w), seed=i).puzzle
            continue
        k = int(rng.integers(2, 5))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        g[cells] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


def agree(first, rule: str, touch: bool, seed: int) -> dict:
    """Decide uniqueness of random puzzles with ``first`` for the first solution; count the verdicts."""
    seen = {"unique": 0, "several": 0}
    for p in puzzles(seed, 40):
        sols = brute_force(p.grid.tolist(), rule == "fill", limit=3, touch=touch)
        if not sols:
            continue
        a = another_stage(Task(p, resolve(rule, touch=touch), 2, None), first)
        assert a.exhausted or len(a.solutions) == 2, a
        assert len(a.solutions) == min(2, len(sols)), (p.grid.tolist(), rule, touch, a.how)
        for lk in a.solutions:
            assert not problems(p.grid.tolist(), [x.tolist() for x in lk.paths], rule == "fill")
        seen["unique" if len(a.solutions) == 1 else "several"] += 1
    return seen


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_the_first_solution_from_sat_hands_its_encoding_on(rule, touch):
    """SAT finds the first solution and keeps its encoding for the second question (when it is the same)."""
    handed = []

    def first(task):
        a = sat_stage(task)
        handed.append((task.rule.name, a.resume))
        return a

    seen = agree(first, rule, touch, 23 + len(rule) + touch)
    assert seen["unique"] + seen["several"] > 0
    kept = [e for _, e in handed if e is not None]
    assert all(isinstance(e, Encoding) for e in kept)
    # nikoli with touching counts with another encoding; a nikoli puzzle whose every solution covers the board
    # (solvers/lengths.py) is asked under fill, whose first solution hands its encoding on
    assert bool([e for name, e in handed if e is not None and name == rule]) == (rule == "fill" or not touch)
    assert all(e.solver.solver is None for e in kept)  # closed once the question is answered


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_sat_alone_decides_when_no_search_goes_on(rule, touch, monkeypatch):
    """The first solution with nothing to resume: a new search (under a rule other than fill without touching)
    and SAT decide (the propagating search, which would answer most of these small boards first, set aside)."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "for_question", lambda task, first: None)

    def first(task):
        return replace(fast(task), resume=None)

    seen = agree(first, rule, touch, 47 + len(rule) + touch)
    assert seen["unique"] + seen["several"] > 0


def test_the_resumed_search_proves_uniqueness_without_sat():
    """Under fill without touching the search that found the first solution proves there is no other."""
    p = generate_puzzle((7, 7), seed=3).puzzle
    a = another_stage(Task(p, resolve("fill", touch=False), 2, None), fast)
    assert len(a.solutions) == 1 and a.exhausted
    assert a.how == "search; no other (search)"


def test_a_sat_solution_that_exhausts_closes_the_encoding():
    """A first answer that already proves everything keeps no encoding open."""
    p = Puzzle.from_rows(["1.2", "1.2"])
    a = sat_stage(Task(p, resolve("fill", touch=True), 1, None, then=2))
    assert len(a.solutions) == 1 and isinstance(a.resume, Encoding)
    a.resume.close()
    b = sat_stage(Task(Puzzle.from_rows(["12", "21"]), resolve("fill", touch=True), 1, None, then=2))
    assert b.proven_none and b.resume is None


def test_a_line_set_free_finds_a_second_solution():
    """Two long lines side by side over an empty row: a line set free (the others kept) finds another route."""
    from numberlink_checker import follow
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers.neighbourhoods import around, neighbourhoods

    p = Puzzle.from_rows(["1......1", "2......2", "........"])
    lk = Linking.from_paths(p, [[(0, c) for c in range(8)], [(1, c) for c in range(8)]])
    labels = [label for label, _ in neighbourhoods(p, lk)]
    assert labels[0] == "a 4 x 4 window"  # the smallest windows first, then each line alone, two together, ...
    assert set(labels) == {"a 4 x 4 window", "1 line set free"}  # no group of both lines: that is the board
    assert labels.count("1 line set free") == 2
    enc = Encoding(p, "nikoli")
    try:
        enc.block_lines(lk)
        groups = ((label, free) for label, free in neighbourhoods(p, lk) if "free" in label)
        found, _ = around(enc, lk, groups, lambda m: m, stop=None, need=1)
    finally:
        enc.close()
    assert found and found[0][1] == "1 line set free"
    assert not (found[0][0].links == enc._links(enc._on(lk))).all()
    a = another_stage(Task(p, resolve("nikoli", touch=False), 2, None), fast)
    assert len(a.solutions) == 2
    for s in a.solutions:
        assert not follow(p.grid.tolist(), [x.tolist() for x in s.paths], fill=False)


def covering_first(task):
    """The first solution as the ``covering`` stage finds it: lines that cover the board and never touch."""
    from tremaux.numberlink.solvers.base import Answer
    from tremaux.numberlink.solvers.search import search

    out = search(task.puzzle, cover=True, touch=False, max_solutions=1)
    if out.solutions:
        return Answer(tuple(out.solutions), False, "search, every cell covered")
    return fast(task)


@pytest.mark.parametrize("touch", [True, False])
def test_a_covering_first_solution_under_nikoli_is_decided_by_a_search_without_touching(touch):
    """Under nikoli a first solution that covers the board with lines that never touch: the new search looks
    among lines that never touch (with touching allowed too, which the theorem permits); the verdicts
    agree with the brute force under the rule as asked."""
    seen = agree(covering_first, "nikoli", touch, 71 + touch)
    assert seen["unique"] > 0 and seen["several"] > 0


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_counts_after_a_covering_first_solution_agree_with_the_brute_force(rule, touch):
    """Counting is not the question "another one?": after a first solution that covers the board with lines
    that never touch, a count under nikoli with touching counts the solutions whose lines touch too (the
    3 x 4 board below has five; only two of them without touching)."""
    from tremaux.numberlink import solve_puzzle

    board = Puzzle(np.array([[0, 0, 0, 1], [0, 1, 2, 0], [2, 0, 0, 0]]))
    generated = [generate_puzzle(shape, seed=seed, density=density).puzzle
                 for shape in ((3, 4), (4, 4)) for seed in range(4) for density in (None, 0.1)]
    for p in [board] + generated:
        want = len(brute_force(p.grid.tolist(), rule == "fill", limit=1000, touch=touch))
        r = solve_puzzle(p, rule=rule, touch=touch, count=1000, time_limit=20)
        assert (r.count if r.status == "solved" else 0) == want, (p.grid.tolist(), r.message)
        assert r.complete or r.status == "no-solution"


def test_untouched_suffices_exactly_when_the_theorem_applies():
    """On every solution of small boards (brute force): true exactly for those that cover the board with lines
    that never run beside themselves, and then another solution with touching exists exactly when one
    without touching does."""
    from numberlink_reference import touches_itself
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers.another import untouched_suffices

    applied = 0
    for p in puzzles(97, 60):
        every = brute_force(p.grid.tolist(), False, limit=5000, touch=True)
        if not every or len(every) == 5000:
            continue
        plain = [s for s in every if not any(touches_itself(q) for q in s)]
        cells = p.height * p.width
        for s in every[:50]:
            lk = Linking.from_paths(p, [list(q) for q in s])
            expect = sum(len(q) for q in s) == cells and not any(touches_itself(q) for q in s)
            assert untouched_suffices(p, lk) is expect, (p.grid.tolist(), s)
            if expect:
                applied += 1
                assert (len(every) > 1) == (len(plain) > 1), p.grid.tolist()
    assert applied > 0


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_the_compiled_neighbourhoods_find_only_other_solutions(rule, touch):
    """From every solution of small boards (brute force), the compiled search of its neighbourhoods returns
    another solution under the same rule, or none, and finds some (random boards rarely have two solutions
    under fill without touching: there only the first holds)."""
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers.local import LocalRun

    def canon(paths) -> tuple:
        return tuple(tuple(map(tuple, p)) if tuple(p[0]) <= tuple(p[-1]) else tuple(map(tuple, p[::-1]))
                     for p in paths)

    found = 0
    for p in puzzles(131 + len(rule) + touch, 150):
        sols = brute_force(p.grid.tolist(), rule == "fill", limit=200, touch=touch)
        if not sols or len(sols) == 200:
            continue
        every = {canon(s) for s in sols}
        for s in sols[:6]:
            run = LocalRun(p, Linking.from_paths(p, [list(x) for x in s]), cover=rule == "fill", touch=touch)
            got = run.advance(None)
            if got is None:
                assert run.done
                continue
            paths = [x.tolist() for x in got[0].paths]
            assert not problems(p.grid.tolist(), paths, rule == "fill")
            assert canon(paths) in every and canon(paths) != canon(s), (p.grid.tolist(), s, paths)
            found += 1
    assert found > 0 or (rule == "fill" and not touch)


@pytest.mark.parametrize("touch", [True, False])
def test_sat_alone_after_a_covering_first_solution_under_nikoli(touch, monkeypatch):
    """A first solution that covers the board under nikoli, and SAT alone after it (no search, no compiled
    neighbourhoods): its encoding refuses cut corners and detours (and, with touching, lines beside
    themselves when the first has none), which keeps another solution whenever there is one."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "_new_run", lambda task, first: None)
    monkeypatch.setattr(another, "for_question", lambda task, first: None)  # nor the propagating search
    monkeypatch.setattr(another, "_new_local", lambda task, first: None)
    # SAT's own question even where every solution covers the board (solvers/lengths.py would ask it under fill)
    monkeypatch.setattr(another, "covers_every_solution", lambda puzzle, first: False)
    asked = []
    real = another.shortcut_clauses

    def counted(puzzle, inc):
        asked.append(puzzle)
        return real(puzzle, inc)

    monkeypatch.setattr(another, "shortcut_clauses", counted)
    seen = agree(covering_first, "nikoli", touch, 171 + touch)
    assert seen["unique"] > 0 and seen["several"] > 0 and asked


def test_sat_leaves_to_the_compiled_neighbourhoods_the_kinds_they_search():
    """With ``skip=LocalRun.covers``, SAT's neighbourhoods are exactly those the compiled ones do not search:
    no label of ``hood_cells`` is left, and every other neighbourhood comes, in the same order."""
    from tremaux.numberlink.solvers.local import LocalRun, hood_cells
    from tremaux.numberlink.solvers.neighbourhoods import neighbourhoods

    def upto3(hoods):  # the neighbourhoods up to groups of three lines (there are exponentially many groups)
        return [(label, free.tolist()) for label, free in itertools.takewhile(
            lambda x: not x[0].startswith("4 lines"), hoods)]

    for seed in range(3):
        g = generate_puzzle((12, 12), seed=seed)
        p, lk = g.puzzle, g.solution
        local = [label for label, _ in hood_cells(p, lk)]
        every = upto3(neighbourhoods(p, lk))
        rest = upto3(neighbourhoods(p, lk, skip=LocalRun.covers))
        assert {"a 4 x 4 window", "a 8 x 8 window", "1 line set free", "2 lines set free"} <= set(local)
        assert all(LocalRun.covers(label) for label in local)
        assert rest == [x for x in every if x[0] not in set(local)]
        assert rest and not any(LocalRun.covers(label) for label, _ in rest)


@pytest.mark.parametrize("touch", [True, False])
def test_sat_beside_the_compiled_neighbourhoods_after_a_covering_first_solution(touch, monkeypatch):
    """No search: the compiled neighbourhoods and SAT (asking only the neighbourhoods they do not) agree with
    the brute force after a first solution that covers the board under nikoli."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "_new_run", lambda task, first: None)
    monkeypatch.setattr(another, "for_question", lambda task, first: None)  # nor the propagating search
    seen = agree(covering_first, "nikoli", touch, 191 + touch)
    assert seen["unique"] > 0 and seen["several"] > 0


def test_sat_neighbourhoods_cost_no_more_than_the_whole_board_so_far(monkeypatch):
    """Without a time limit, SAT's neighbourhood questions (the windows of side 4 included, which go on past the
    turn's end) are still bounded: each call of ``around`` may go on at most as long as the questions over the
    whole board have taken so far, which is less than the time since the uniqueness check began."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "_new_run", lambda task, first: None)
    monkeypatch.setattr(another, "for_question", lambda task, first: None)  # nor the propagating search
    monkeypatch.setattr(another, "_new_local", lambda task, first: None)
    asked = []
    real = another.around

    def recorded(*args, deadline=None, **kwargs):
        asked.append((time.perf_counter(), deadline))
        return real(*args, deadline=deadline, **kwargs)

    monkeypatch.setattr(another, "around", recorded)
    for seed in range(2):
        p = generate_puzzle((12, 12), seed=seed).puzzle
        asked.clear()
        t0 = time.perf_counter()
        a = another_stage(Task(p, resolve("fill", touch=False), 2, None), lambda task: replace(fast(task), resume=None))
        assert a.solutions and asked
        for at, deadline in asked:
            assert deadline is not None and deadline - at <= at - t0
