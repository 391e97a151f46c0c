"""Whole-board SAT encodings keep to the deadline on large open boards: a build that cannot end in time is not begun.

Under ``nikoli`` a 300x300 board with a few pairs the router does not settle
at once went to the densest-lines and few-cells-empty encodings, whose
first pass alone (the degree clauses) takes half a second there: a solve
with a limit of 0.5 s ran past it in process by that much.
"""

from __future__ import annotations

import random
import time

import pytest

from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import encoding as encoding_module
from tremaux.numberlink.solvers.backend import BUILD_PACE, BUILD_SHARES, JUDGED_FROM, build_clock, in_time
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.bound import grace
from tremaux.numberlink.solvers.encoding import Encoding
from tremaux.numberlink.solvers.sat import dense_stage


def open_board(side: int, pairs: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    g = [["."] * side for _ in range(side)]
    for i, c in enumerate(rng.sample(range(side * side), 2 * pairs)):
        g[c // side][c % side] = "123456789"[i // 2]
    return Puzzle.from_rows(["".join(r) for r in g])


def test_a_build_too_large_for_the_time_left_is_not_begun(monkeypatch):
    passes = []
    real = encoding_module.degree_clauses
    monkeypatch.setattr(encoding_module, "degree_clauses", lambda *a: passes.append(1) or real(*a))
    p = open_board(300, 5, 1)
    assert 300 * 300 * BUILD_PACE > 0.1  # the lower bound on a build says it cannot end in 0.1 s
    t = time.perf_counter()
    with pytest.raises(TimeoutError):
        Encoding(p, "fill", holes="any", uturns=False, induced=True, deadline=t + 0.1)
    assert passes == []  # not even the first pass over the board
    task = Task(p, resolve("nikoli"), want=1, deadline=time.perf_counter() + 0.1)
    assert dense_stage(task) is None and passes == []


def test_the_passes_timed_say_whether_the_rest_fits():
    now = time.perf_counter()
    in_time(now + 10, started=build_clock() - 0.7, done=JUDGED_FROM)  # 1.3 s more: fits
    with pytest.raises(TimeoutError, match="would not be built"):
        in_time(now + 1, started=build_clock() - 0.7, done=JUDGED_FROM)


def test_a_slow_first_pass_alone_neither_refuses_the_build_nor_sets_the_boards_pace():
    # under load the first pass (a few hundredths of a second) took 0.4 s when the process waited its turn in it:
    # 8.3 s a build said, where builds took 1-3 s, and every later build of the board was refused
    assert BUILD_SHARES["degree"] < JUDGED_FROM
    shape = (100, 100)
    now = time.perf_counter()
    in_time(now + 3, build_clock() - 0.415, BUILD_SHARES["degree"], shape)
    in_time(time.perf_counter() + 3, shape=shape)  # the lower bound, 0.2 s, not 8.3 s


def test_the_pace_met_on_a_board_is_used_for_its_next_build():
    shape = (7, 11)
    now = time.perf_counter()
    in_time(None, build_clock() - 77 * 1e-3, 1.0, shape)  # a whole build at a millisecond a cell
    with pytest.raises(TimeoutError):
        in_time(time.perf_counter() + 0.05, shape=shape)  # 77 ms at that pace
    in_time(time.perf_counter() + 0.05, shape=(7, 12))  # another board: the lower bound, 1.7 ms


def test_a_solve_on_a_large_open_board_keeps_to_its_limit():
    solve_puzzle(open_board(20, 2, 0), rule="nikoli", time_limit=1)  # kernels loaded
    limit = 0.5
    for seed in (105, 205):  # 300x300, 5 pairs: boards the router's first rounds leave (measured: gave up)
        r = solve_puzzle(open_board(300, 5, seed), rule="nikoli", time_limit=limit)
        assert r.status in ("solved", "gave-up")
        # the time reported (kernels' loading aside) is the limit and the grace of a child's kill at most,
        # with a margin for a loaded machine
        assert r.seconds <= limit + grace(limit) + 1.0, (seed, r.status, r.seconds)


def test_kernels_loaded_during_a_build_are_not_its_time(monkeypatch):
    # a kernel loaded (or compiled) in the middle of a pass takes a second or more: the board is not slow for it,
    # and its later builds are not refused for it
    import tremaux._jit as jit

    loaded = jit.load_seconds()
    started = build_clock() - 5.0  # a build begun five seconds ago...
    monkeypatch.setattr(jit, "load_seconds", lambda: loaded + 5.0)  # ...all of them spent loading kernels
    assert build_clock() - started < 0.5
    now = time.perf_counter()
    in_time(now + 1, started, BUILD_SHARES["degree"], (5, 5))
    in_time(now + 1, shape=(5, 5))
