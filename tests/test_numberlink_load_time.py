"""A time limit is the puzzle's: loading or compiling kernels on first use in a process is not charged to it."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from tremaux import _jit
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import base

# a published-style 8x8 (five pairs, long lines), solved in milliseconds once the kernels are loaded
ROWS = ["........", ".E....F.", "...DF...", "........", "..B.....", "C....B..", "...C....", "ED......"]


def test_time_spent_loading_kernels_is_given_back_once(monkeypatch):
    solve_puzzle(Puzzle.from_rows(ROWS), time_limit=60)  # the real kernels loaded: only the fake load below counts
    real = base.NL_SOLVERS.get("fast")
    calls = []

    class Slow:
        name, counts, touch_only = real.name, real.counts, real.touch_only

        @staticmethod
        def func(task):
            calls.append(task.deadline)
            if len(calls) == 1:  # a first use: 0.3 s of loading, then out of time
                _jit._LOADED[0] += 0.3
                time.sleep(max(0.0, task.deadline - time.perf_counter()))
                return base.Answer((), exhausted=False, how="test", stopped="time limit")
            return real.func(task)

    monkeypatch.setattr(base.NL_SOLVERS, "get", lambda name: Slow)
    monkeypatch.setattr("tremaux.numberlink.solvers.NL_SOLVERS", base.NL_SOLVERS)
    t0 = time.perf_counter()
    r = solve_puzzle(Puzzle.from_rows(ROWS), time_limit=0.2)
    wall = time.perf_counter() - t0
    assert r.status == "solved" and len(calls) == 2
    assert calls[1] > calls[0]  # a new deadline, after the first one
    assert r.extras["load_seconds"] >= 0.3
    assert r.seconds <= max(0.0, wall - r.extras["load_seconds"]) + 1e-5  # the loading is not counted as solving


def test_every_pass_that_loads_kernels_is_given_its_time_again(monkeypatch):
    # On an empty cache each pass may reach kernels the one before never did (the uniqueness check's, after the
    # first solution's): every pass that loaded some and ran out of time is run again, until one loads nothing.
    solve_puzzle(Puzzle.from_rows(ROWS), time_limit=60)
    real = base.NL_SOLVERS.get("fast")
    calls = []

    class Cold:
        name, counts, touch_only = real.name, real.counts, real.touch_only

        @staticmethod
        def func(task):
            calls.append(task.deadline)
            if len(calls) <= 3:  # three passes, each loading new kernels for 0.3 s, then out of time
                _jit._LOADED[0] += 0.3
                time.sleep(max(0.0, task.deadline - time.perf_counter()))
                return base.Answer((), exhausted=False, how="test", stopped="time limit")
            return real.func(task)

    monkeypatch.setattr(base.NL_SOLVERS, "get", lambda name: Cold)
    monkeypatch.setattr("tremaux.numberlink.solvers.NL_SOLVERS", base.NL_SOLVERS)
    r = solve_puzzle(Puzzle.from_rows(ROWS), unique=True, time_limit=0.2)
    assert r.status == "solved" and r.unique is True and len(calls) == 4
    assert calls == sorted(calls) and r.extras["load_seconds"] >= 0.9


def test_a_run_that_loads_nothing_is_not_run_twice(monkeypatch):
    real = base.NL_SOLVERS.get("fast")
    calls = []

    class OutOfTime:
        name, counts, touch_only = real.name, real.counts, real.touch_only

        @staticmethod
        def func(task):
            calls.append(1)
            return base.Answer((), exhausted=False, how="test", stopped="time limit")

    monkeypatch.setattr(base.NL_SOLVERS, "get", lambda name: OutOfTime)
    r = solve_puzzle(Puzzle.from_rows(ROWS), time_limit=0.2)
    assert r.status == "gave-up" and calls == [1] and "load_seconds" not in r.extras


def test_first_puzzle_of_a_fresh_process_is_solved_within_a_short_limit():
    code = f"""
import json
from tremaux.numberlink import Puzzle, solve_puzzle
r = solve_puzzle(Puzzle.from_rows({ROWS!r}), time_limit=0.25)
print(json.dumps([r.status, r.seconds, r.extras.get("load_seconds", 0.0)]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    status, seconds, loading = json.loads(out.stdout.strip().splitlines()[-1])
    assert status == "solved", (status, seconds, loading)
    assert seconds < 0.25


def test_solutions_found_before_the_second_try_are_kept(monkeypatch):
    real = base.NL_SOLVERS.get("fast")
    puzzle = Puzzle.from_rows(["1...", "....", "...1"])
    found = real.func(base.Task(puzzle, resolve("nikoli", touch=True), 2, None)).solutions[:1]
    calls = []

    class LoadsThenStalls:
        name, counts, touch_only = real.name, real.counts, real.touch_only

        @staticmethod
        def func(task):
            calls.append(1)
            if len(calls) == 1:  # one solution, then out of time after 0.3 s of loading
                _jit._LOADED[0] += 0.3
                return base.Answer(found, exhausted=False, how="test", stopped="time limit")
            return base.Answer((), exhausted=False, how="test", stopped="time limit")

    monkeypatch.setattr(base.NL_SOLVERS, "get", lambda name: LoadsThenStalls)
    r = solve_puzzle(puzzle, rule="nikoli", touch=True, count=5, time_limit=0.2)
    assert len(calls) == 2 and r.count == 1 and len(r.solutions) == 1
