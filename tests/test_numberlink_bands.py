"""The ``bands`` stage: open boards under ``fill`` solved small, their empty bands of two rows or columns put back."""

from __future__ import annotations

import random
import time

import numpy as np
from numberlink_checker import follow
from numberlink_reference import brute_force

from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.bands import bands_stage, expand, shrink
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.verdicts import colour_surplus


def _random_board(rng: random.Random, h: int, w: int, pairs: int) -> Puzzle:
    g = [["."] * w for _ in range(h)]
    for i, c in enumerate(rng.sample(range(h * w), 2 * pairs)):
        g[c // w][c % w] = "123456789"[i // 2]
    return Puzzle.from_rows(["".join(r) for r in g])


def _errors(p: Puzzle, lk: Linking) -> list[str]:
    paths = [[tuple(x) for x in q.tolist()] for q in lk.paths]
    return follow(p.grid.tolist(), paths, fill=True)


def test_one_pair_on_an_empty_200x200_board_is_solved_at_once():
    rows = ["1" + "." * 199] + ["." * 200] * 198 + ["." * 198 + "1."]
    p = Puzzle.from_rows(rows)
    r = solve_puzzle(p, rule="fill", touch=True, time_limit=5)  # gave up after 20 s before the stage
    assert r.status == "solved"
    assert _errors(p, r.linking) == []
    a = bands_stage(Task(p, resolve("fill", True), want=1, deadline=None))
    assert a.how == "the small board, bands put back" and a.extras["small_board"] == [2, 4]
    assert _errors(p, a.solutions[0]) == []


def test_every_expansion_of_a_small_solution_covers_the_large_board():
    """Random open boards and their small boards, every bands-kept setting: each small solution grows into a large one."""
    rng = random.Random(5)
    grown = 0
    for _ in range(60):
        h, w, k = rng.randint(2, 40), rng.randint(2, 40), rng.randint(1, 4)
        if 2 * k > h * w:
            continue
        p = _random_board(rng, h, w, k)
        if colour_surplus(p):
            continue
        for keep in (0, 1, 2, 3):
            small, plan = shrink(p, keep)
            assert colour_surplus(small) == colour_surplus(p)
            found = solve_puzzle(small, rule="fill", touch=True, time_limit=2)
            if found.status != "solved":
                continue
            lk = expand(p, found.linking, plan)
            if lk is None:  # only a run two columns wide or less, with no way in, may say so
                continue
            assert _errors(p, lk) == []
            grown += 1
    assert grown >= 40


def test_a_small_board_with_a_solution_means_the_large_one_has_one_by_brute_force():
    """On tiny boards the small board (no rows kept between numbers) solvable implies the large one is (brute force)."""
    rng = random.Random(11)
    checked = 0
    for _ in range(80):
        h, w, k = rng.randint(2, 5), rng.randint(2, 6), rng.randint(1, 2)
        p = _random_board(rng, h, w, k)
        small, plan = shrink(p, 0)
        if small.shape == p.shape:
            continue
        found = solve_puzzle(small, rule="fill", touch=True, time_limit=2)
        large = brute_force(p.grid.tolist(), True, limit=1)
        if found.status == "solved":
            assert large, str(p)
            lk = expand(p, found.linking, plan)
            if lk is not None:
                assert _errors(p, lk) == []
                checked += 1
    assert checked >= 10


def test_large_random_open_boards_answers_are_checked():
    rng = random.Random(3)
    solved = 0
    for _ in range(8):
        p = _random_board(rng, rng.randint(100, 160), rng.randint(100, 160), rng.randint(1, 3))
        if colour_surplus(p):
            continue
        a = bands_stage(Task(p, resolve("fill", True), want=1, deadline=time.perf_counter() + 5))
        if a is not None:
            assert _errors(p, a.solutions[0]) == []
            solved += 1
    assert solved >= 2


def test_the_stage_keeps_its_deadline_and_its_rule():
    rows = ["1" + "." * 99] + ["." * 100] * 98 + ["." * 98 + "1."]
    p = Puzzle.from_rows(rows)
    t = time.perf_counter()
    assert bands_stage(Task(p, resolve("fill", True), want=1, deadline=t)) is None  # no time left: no answer
    assert time.perf_counter() - t < 0.5
    assert bands_stage(Task(p, resolve("nikoli", True), want=1, deadline=None)) is None
    assert bands_stage(Task(p, resolve("fill", False), want=1, deadline=None)) is None
    assert bands_stage(Task(p, resolve("fill", True), want=2, deadline=None)) is None
    dense = Puzzle.from_rows(["1.2", "...", "1.2"])  # nothing to take out
    assert bands_stage(Task(dense, resolve("fill", True), want=1, deadline=None)) is None


def test_shrink_keeps_the_pairs_in_order_and_the_numbers_rows():
    p = Puzzle.from_rows(["2.........", "..........", "..........", "..........", "..........", "1........1",
                          "..........", "2........."])
    small, plan = shrink(p, 2)
    assert small.labels == p.labels
    assert np.array_equal(np.unique(small.grid), np.unique(p.grid))
    assert small.height == 6 and plan.rows == ((1, 2),)  # rows 2 and 3, from the middle of the run
