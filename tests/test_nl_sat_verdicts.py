"""SAT alone on the questions that need every solution in view, against the brute force, on random boards.

The encoding SAT asks "another solution?" with carries clauses that keep
*a* second solution, not every one: induced lines (with touching, when the
first solution covers the board with lines that never touch), and under
``nikoli`` the clauses of ``shortcuts`` (no cut corner, no detour). Any
clause of that kind added later (a dominance or symmetry argument) must
keep the verdict. Checked here on a few hundred small random boards, under
both rules and both touch settings: the verdict of that question decided by
SAT alone (no search, no compiled neighbourhoods, no propagating search),
after a first solution that covers the board when there is one, and the
number of solutions SAT enumerates, each against
``numberlink_reference.brute_force``.
"""

from __future__ import annotations

import numpy as np
import pytest

from numberlink_reference import brute_force, problems
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.sat import sat_stage

COMBOS = [("fill", True), ("fill", False), ("nikoli", True), ("nikoli", False)]


def boards(seed: int, count: int):
    """Random pairs on 3 x 3 to 4 x 5 boards, every other one with few pairs (long lines, cells left empty),
    every fourth a generated puzzle (solvable under fill)."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(3, 5)), int(rng.integers(3, 6))
        if i % 4 == 3:
            yield generate_puzzle((h, w), seed=seed + i).puzzle
            continue
        k = int(rng.integers(1, 3)) if i % 2 else int(rng.integers(2, 5))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        g[cells] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_sat_counts_agree_with_the_brute_force(rule, touch):
    """Every solution, each once: SAT's enumeration (blocking clauses over edges) against the brute force."""
    checked = 0
    for p in boards(5 + len(rule) + touch, 60):
        want = len(brute_force(p.grid.tolist(), rule == "fill", limit=200, touch=touch))
        if want >= 200:
            continue
        got = sat_stage(Task(p, resolve(rule, touch=touch), 200, None))
        assert got.exhausted and len(got.solutions) == want, (p.grid.tolist(), rule, touch)
        for lk in got.solutions:
            assert not problems(p.grid.tolist(), [x.tolist() for x in lk.paths], rule == "fill")
        checked += want > 0
    assert checked > 10


def covering_or_any(task):
    """The first solution: lines that cover the board and never touch, when there are such; else any."""
    from tremaux.numberlink.solvers.base import Answer
    from tremaux.numberlink.solvers.pipeline import fast
    from tremaux.numberlink.solvers.search import search

    out = search(task.puzzle, cover=True, touch=False, max_solutions=1)
    if out.solutions:
        return Answer(tuple(out.solutions), False, "search, every cell covered")
    return fast(task)


@pytest.mark.parametrize("rule, touch", COMBOS)
def test_sat_alone_decides_uniqueness_as_the_brute_force_does(rule, touch, monkeypatch):
    """A hundred and twenty boards per rule and setting: SAT alone answers "another solution?" as the brute force."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "_new_run", lambda task, first: None)
    monkeypatch.setattr(another, "for_question", lambda task, first: None)
    monkeypatch.setattr(another, "_new_local", lambda task, first: None)
    # SAT's own question even where every solution covers the board (solvers/lengths.py would ask it under fill)
    monkeypatch.setattr(another, "covers_every_solution", lambda puzzle, first: False)
    asked = []  # the boards whose question carried the clauses of shortcuts (a covering first, under nikoli)
    real = another.shortcut_clauses
    monkeypatch.setattr(another, "shortcut_clauses", lambda puzzle, inc: asked.append(puzzle) or real(puzzle, inc))
    seen = {1: 0, 2: 0}
    for p in boards(101 + len(rule) + touch, 120):
        sols = brute_force(p.grid.tolist(), rule == "fill", limit=3, touch=touch)
        if not sols:
            continue
        a = another.another_stage(Task(p, resolve(rule, touch=touch), 2, None), covering_or_any)
        assert a.exhausted or len(a.solutions) == 2, a
        assert len(a.solutions) == min(2, len(sols)), (p.grid.tolist(), rule, touch, a.how)
        for lk in a.solutions:
            assert not problems(p.grid.tolist(), [x.tolist() for x in lk.paths], rule == "fill")
        seen[len(a.solutions)] += 1
    assert seen[1] > 5 and (seen[2] > 5 or (rule, touch) == ("fill", False)), seen  # rare: two without touching
    assert len(asked) > 10 if rule == "nikoli" else not asked, len(asked)
