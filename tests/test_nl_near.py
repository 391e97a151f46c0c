"""The ``near`` stage: one solution under ``nikoli`` among lines that leave few cells empty, the bound deepened.

Answers are checked by the independent checker (``numberlink_checker``) and
against the brute force of ``numberlink_reference``.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np
import pytest

from numberlink_checker import follow
from numberlink_reference import brute_force
from tremaux.kernels.rng import make_state
from tremaux.numberlink import Puzzle
from tremaux.numberlink.plant import plant
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.near import NEAR_CONFLICTS, NEAR_DEPTH, _Deepening, near_stage
from tremaux.numberlink.solvers.pipeline import STAGES
from tremaux.numberlink.solvers.sat import dense_stage
from tremaux.numberlink.solvers.verdicts import colour_surplus


def planted_near(seed: int, side: int = 10) -> tuple[Puzzle, int]:
    """A ``side`` x ``side`` cover by lines with 2 to 6 cells cut out of them: a puzzle and its empty cells."""
    rng = np.random.default_rng(seed)
    lines = plant(side, side, make_state(seed), side * side // 4, 0.1, None, None, time.perf_counter())
    k = int(rng.integers(2, 7))
    emptied = 0
    while emptied < k:
        i = int(rng.integers(len(lines)))
        ln = lines[i]
        j = int(rng.integers(len(ln)))
        if len(ln) < 3 or j in (1, len(ln) - 2):
            continue  # a piece of one cell
        lines[i] = ln[1:] if j == 0 else ln[:-1] if j == len(ln) - 1 else ln[:j]
        if 0 < j < len(ln) - 1:
            lines.append(ln[j + 1:])
        emptied += 1
    g = np.zeros((side, side), dtype=np.int64)
    for n, ln in enumerate(lines, start=1):
        g.flat[ln[0]] = g.flat[ln[-1]] = n
    return Puzzle(g), k


def paths_of(answer) -> list[list[list[int]]]:
    return [path.tolist() for path in answer.solutions[0].paths]


def test_the_stage_follows_the_router_under_nikoli():
    names = [name for name, _ in STAGES]
    assert names.index("dense") < names.index("router") < names.index("near") < names.index("search")


@pytest.mark.parametrize("touch", [True, False])
def test_it_answers_planted_puzzles_that_leave_a_few_cells_empty(touch):
    answered = 0
    for seed in range(8):
        p, k = planted_near(seed)
        a = near_stage(Task(p, resolve("nikoli", touch=touch), want=1, deadline=None))
        assert a is not None, (seed, p.grid.tolist())
        assert follow(p.grid.tolist(), paths_of(a), fill=False, touch=touch) == []
        assert a.how.startswith("SAT (at most ") and a.extras["empty_bound"] <= abs(colour_surplus(p)) + 2 * NEAR_DEPTH
        answered += 1
    assert answered == 8


def test_it_answers_where_the_densest_lines_have_none():
    # a cell of each colour must stay empty besides the checkerboard's: the densest lines cannot
    p = Puzzle.from_rows(["1..", ".2.", "1.2"])
    nikoli = resolve("nikoli")
    assert colour_surplus(p) == -1 and dense_stage(Task(p, nikoli, want=1, deadline=None)) is None
    a = near_stage(Task(p, nikoli, want=1, deadline=None))
    assert a.extras["empty_bound"] == 3 and follow(p.grid.tolist(), paths_of(a), fill=False) == []


def random_small(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(2, 5)), int(rng.integers(2, 6))
        k = int(rng.integers(1, min(3, h * w // 2) + 1))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        for j in range(k):
            g[cells[2 * j]] = g[cells[2 * j + 1]] = j + 1
        yield Puzzle(g.reshape(h, w))


@pytest.mark.parametrize("touch", [True, False])
def test_it_agrees_with_the_brute_force_on_small_random_boards(touch):
    # boards of at most 20 cells: the deepest bound lets every cell stay empty, so the stage answers
    # exactly when some solution exists (the shortcut clauses keep one whenever there is one)
    seen = solvable = 0
    for p in random_small(34 + touch, 120):
        sols = brute_force(p.grid.tolist(), False, limit=1, touch=touch)
        a = near_stage(Task(p, resolve("nikoli", touch=touch), want=1, deadline=None))
        if not (p.grid == 0).any():  # no cell can stay empty: the densest lines' question, not this one
            assert a is None
            continue
        assert (a is not None) == bool(sols), p.grid.tolist()
        if a is not None:
            assert follow(p.grid.tolist(), paths_of(a), fill=False, touch=touch) == []
        seen += 1
        solvable += bool(sols)
    assert seen > 100 and 0 < solvable < seen


def test_it_keeps_to_its_deadline():
    p, _ = planted_near(3, side=30)
    for left in (0.0, 0.02, 0.2):
        t0 = time.perf_counter()
        a = near_stage(Task(p, resolve("nikoli"), want=1, deadline=t0 + left))
        spent = time.perf_counter() - t0
        assert spent < left + 2.5, (left, spent)  # its share, and a margin for a loaded machine
        if a is not None:
            assert follow(p.grid.tolist(), paths_of(a), fill=False) == []
    assert near_stage(Task(p, resolve("nikoli"), want=1, deadline=time.perf_counter() - 1)) is None


def test_a_round_cut_short_is_taken_up_by_the_next():
    # what a round that ran out of time keeps: the encoding, and the bounds it had refuted
    p, _ = planted_near(5)
    task = Task(p, resolve("nikoli"), want=1, deadline=None)
    kept = task.resumable(("SAT, few cells empty",), lambda: _Deepening(task, None))
    kept.open = kept.open[3:]  # steps 1 to 3 refuted
    a = near_stage(replace(task, deadline=time.perf_counter() + 600))
    assert a.extras["empty_bound"] >= abs(colour_surplus(p)) + 8 and not task.kept
    assert follow(p.grid.tolist(), paths_of(a), fill=False) == []


def test_it_leaves_other_questions_to_other_stages():
    p = Puzzle.from_rows(["1..", ".2.", "1.2"])
    assert near_stage(Task(p, resolve("fill"), want=1, deadline=None)) is None
    assert near_stage(Task(p, resolve("nikoli"), want=2, deadline=None)) is None
    assert near_stage(Task(Puzzle.from_rows(["12", "21"]), resolve("nikoli"), want=1, deadline=None)) is None


def test_a_bound_that_uses_up_its_budget_waits_while_the_larger_ones_are_asked():
    # any model within any bound is a solution: a bound the solver cannot settle within its budget does not
    # hold up the larger ones, and is asked again, with twice the budget, in the next pass; the smallest open
    # bound is given as much as the others together (it is refuted about as soon as one bound at a time would)
    p, _ = planted_near(5)
    deep = _Deepening(Task(p, resolve("nikoli"), want=1, deadline=None), None)
    first = tuple(deep.assumptions(deep.bound(1)))
    asked = []
    real = deep.enc.next_model

    def stubborn(deadline=None, drop_loops=False, *, assumptions=None, conflicts=None, **kw):
        asked.append((tuple(assumptions), conflicts))
        if tuple(assumptions) == first and conflicts == NEAR_CONFLICTS * NEAR_DEPTH:
            raise TimeoutError  # the budget used up, the deadline far
        return real(deadline, drop_loops, assumptions=assumptions, conflicts=conflicts, **kw)

    deep.enc.next_model = stubborn
    try:
        model, bound = deep.search(time.perf_counter() + 600)
    finally:
        deep.close()
    assert model is not None and bound > deep.bound(1)
    assert 1 in deep.open and asked[0] == (first, NEAR_CONFLICTS * NEAR_DEPTH)
    assert all(conflicts == NEAR_CONFLICTS for _, conflicts in asked[1:])  # found in the first pass
