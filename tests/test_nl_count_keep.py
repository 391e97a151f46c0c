"""Counting keeps the solutions shown and counts the others: exact against the brute force, memory that does not
follow the count, and a time limit that is the work's even when kernels were loaded before a child took over."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

from numberlink_reference import brute_force
from tremaux import _jit
from tremaux._portfolio import available
from tremaux.cli import main
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.solvers import base
from tremaux.numberlink.solvers.colours import ColourRun
from tremaux.numberlink.solvers.search import SearchRun

CORNERS_6 = Puzzle.from_rows(["1.....", "......", "......", "......", "......", ".....1"])
CORNERS_5 = Puzzle.from_rows(["1....", ".....", ".....", ".....", "....1"])


def _random_puzzles(seed, count):
    """``count`` random boards of 2 to 4 rows and columns with 1 to 3 pairs."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(2, 5)), int(rng.integers(2, 5))
        k = int(rng.integers(1, min(3, h * w // 2) + 1))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        for j in range(k):
            g[cells[2 * j]] = g[cells[2 * j + 1]] = j + 1
        yield Puzzle(g.reshape(h, w))


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
@pytest.mark.parametrize("touch", [True, False])
def test_counts_keeping_one_solution_agree_with_the_brute_force(rule, touch):
    boards = solved = 0
    for p in _random_puzzles(7 + 2 * touch + (rule == "fill"), 300):
        expected = brute_force(p.grid.tolist(), rule == "fill", limit=10 ** 9, touch=touch)
        r = solve_puzzle(p, rule=rule, touch=touch, count=10 ** 6, keep=1)
        assert r.complete and r.count == len(expected), (p.grid.tolist(), r.count, len(expected), r.message)
        assert len(r.solutions) == min(1, len(expected))
        solved += bool(expected)
        if len(expected) > 1:
            boards += 1
            assert r.message == f"{len(expected)} solutions; the first 1 kept"
        few = solve_puzzle(p, rule=rule, touch=touch, count=3, keep=2)  # stopped at the limit, or all of them
        assert few.count == min(3, len(expected)) and few.complete == (len(expected) < 3)
        assert len(few.solutions) == min(2, len(expected))
        assert len({s.grid.tobytes() + s.links.tobytes() for s in few.solutions}) == len(few.solutions)
    assert solved > 10 and (boards > 30 or rule == "fill")  # enough boards with solutions (under nikoli, several)


def test_a_count_of_many_solutions_keeps_only_those_asked_for():
    every = ColourRun(CORNERS_6, max_solutions=10 ** 9).advance()
    assert every.complete
    r = solve_puzzle(CORNERS_6, rule="nikoli", count=10 ** 8, keep=3)
    assert r.complete and r.count == len(every.solutions) and len(r.solutions) == 3
    default = solve_puzzle(CORNERS_6, rule="nikoli", count=10 ** 8)  # at most DEFAULT_LIMIT kept by default
    assert default.count == r.count and len(default.solutions) == min(1000, r.count)


@pytest.mark.parametrize("make", [
    lambda keep: SearchRun(CORNERS_6, cover=False, touch=False, max_solutions=10 ** 9, keep=keep),
    lambda keep: SearchRun(CORNERS_5, cover=True, touch=True, max_solutions=10 ** 9, keep=keep),
    lambda keep: ColourRun(CORNERS_6, max_solutions=10 ** 9, keep=keep),
])
def test_the_searches_count_what_they_do_not_keep(make):
    every = make(None).advance()
    some = make(5).advance()
    assert every.complete and some.complete and every.count == len(every.solutions) > 5
    assert some.count == every.count and len(some.solutions) == 5
    assert [s.grid.tobytes() for s in some.solutions] == [s.grid.tobytes() for s in every.solutions[:5]]


def test_the_command_line_counts_without_keeping_and_all_keeps_its_bound(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1.....\n......\n......\n......\n......\n.....1\n")
    every = len(ColourRun(CORNERS_6, max_solutions=10 ** 9).advance().solutions)
    code = main(["numberlink", "solve", str(path), "--rule", "nikoli", "--count", "100000000", "--json"])
    rec = json.loads(capsys.readouterr().out)[0]
    assert code in (0, None) and rec["count"] == every and rec["complete"]
    assert rec["message"] == f"{every} solutions; the first 1 kept"
    main(["numberlink", "solve", str(path), "--rule", "nikoli", "--all", "--count", "100000000", "--json"])
    rec = json.loads(capsys.readouterr().out)[0]
    assert rec["count"] == every and len(rec["solutions"]) == every  # fewer than the 1000 --all prints at most
    main(["numberlink", "solve", str(path), "--rule", "nikoli", "--all", "--count", "100", "--json"])
    rec = json.loads(capsys.readouterr().out)[0]
    assert rec["count"] == 100 and len(rec["solutions"]) == 100 and not rec["complete"]


@pytest.mark.skipif(not available(), reason="the bound needs the fork start method")
def test_time_spent_loading_kernels_before_the_fork_is_given_back_in_the_child(monkeypatch):
    # a first pass that loads kernels, goes on in the child at its checkpoints and runs out of time there; its
    # limit was half spent loading: the child gives it that time again, within the kill (which moved by as much)
    real = base.NL_SOLVERS.get("fast")
    monkeypatch.setattr(_jit, "_LOADED", [_jit.load_seconds()])
    calls = []

    class LoadsThenStalls:
        name, counts, touch_only = real.name, real.counts, real.touch_only

        @staticmethod
        def func(task):
            calls.append(task.deadline)
            if len(calls) == 1:
                _jit._LOADED[0] += 0.5  # loading kernels on their first use: given back
                while time.perf_counter() < task.deadline:
                    task.left()  # a checkpoint: the work moves on into the child
                    time.sleep(0.005)
                return base.Answer((), exhausted=False, how="test", stopped="time limit")
            return real.func(task)

    monkeypatch.setattr(base.NL_SOLVERS, "get", lambda name: LoadsThenStalls)
    monkeypatch.setattr("tremaux.numberlink.solvers.NL_SOLVERS", base.NL_SOLVERS)
    r = solve_puzzle(Puzzle.from_rows(["1..2", "....", "1..2"]), rule="nikoli", time_limit=1.0)
    assert r.status == "solved", r.message
    assert "child_process" not in r.extras  # the child answered: it was not killed


def test_a_small_puzzle_from_the_command_line_is_counted_by_sat_first_then_by_the_search(monkeypatch):
    # kernels that would run interpreted (a small puzzle from the command line): SAT counts within the first
    # round; a count it has not finished by then is the compiled search's, from the start, alone
    from tremaux.numberlink.solvers import counting, pipeline, search

    monkeypatch.setattr(search, "compiled_now", lambda puzzle: False)
    # the first round is wall time: a long one for the count SAT finishes (a loaded machine gives a process a
    # fraction of a core), a short one for the count it cannot
    monkeypatch.setattr(pipeline, "FIRST_HORIZON", 5.0)
    runs = []
    real = counting._count
    monkeypatch.setattr(counting, "_count", lambda *a: runs.append(a[1]) or real(*a))
    few = solve_puzzle(Puzzle.from_rows(["1..", "...", "..1"]), rule="nikoli", count=100, keep=1)
    assert few.complete and few.count == 6 and len(few.solutions) == 1 and runs == []  # SAT alone
    monkeypatch.setattr(pipeline, "FIRST_HORIZON", 0.2)
    corners_7 = Puzzle.from_rows(["1......"] + ["......."] * 5 + ["......1"])
    every = ColourRun(corners_7, max_solutions=10 ** 9, keep=1).advance().count
    many = solve_puzzle(corners_7, rule="nikoli", count=10 ** 6, keep=2)
    assert many.complete and many.count == every and len(many.solutions) == 2
    assert len(runs) == 1 and isinstance(runs[0], ColourRun)


def test_unique_with_a_count_says_the_count():
    from tremaux.numberlink import Puzzle, solve_puzzle

    p = Puzzle.from_rows(["1..2", "....", "....", "1..2"])
    r = solve_puzzle(p, rule="nikoli", unique=True, count=5, time_limit=30)
    assert r.unique is False and r.count == 5
    assert r.message.startswith("not unique: 5 solutions (stopped at the limit 5)")
    everything = solve_puzzle(p, rule="nikoli", unique=True, count=1000, time_limit=30)
    assert everything.message.startswith(f"not unique: {everything.count} solutions")
    assert "stopped" not in everything.message
    assert solve_puzzle(p, rule="nikoli", unique=True, time_limit=30).message == \
        "not unique: a second solution is shown"


@pytest.mark.skipif(not available(), reason="the bound needs the fork start method")
def test_a_count_on_a_large_board_keeps_what_fits_and_stops_within_the_grace(capsys, tmp_path):
    """A count of a 150x150 board kept its thousand solutions: the child sent them as 40 MB to 180 MB of pickles,
    which arrived 0.3 s to 0.6 s past the limit and the grace. The kept solutions hold at most KEPT_CELLS cells."""
    from tremaux.numberlink.solvers import KEPT_CELLS, bound

    g = np.zeros((150, 150), dtype=int)
    g[0, 0] = g[-1, -1] = 1
    big = Puzzle(g)
    solve_puzzle(big, rule="nikoli", count=10, touch=True)  # kernels loaded (not the bound's business)
    t0 = time.perf_counter()
    r = solve_puzzle(big, rule="nikoli", count=10 ** 9, keep=1000, time_limit=1, touch=True)
    assert time.perf_counter() - t0 < 1 + bound.grace(1) + 2.5  # the margin of a loaded machine
    assert len(r.solutions) == KEPT_CELLS // big.grid.size < r.count
    assert f"found so far, the first {len(r.solutions)} kept" in r.message and "gave up after" in r.message
    assert len(solve_puzzle(big, rule="nikoli", count=5, unique=True, keep=1, touch=True).solutions) == 2


def test_a_linking_pickles_small_and_comes_back_the_same():
    import pickle

    r = solve_puzzle(CORNERS_6, rule="nikoli", touch=True)
    back = pickle.loads(pickle.dumps(r.linking))
    assert [p.tolist() for p in back.paths] == [p.tolist() for p in r.linking.paths]
    assert back.paths[0].dtype == np.int64 and not back.paths[0].flags.writeable
    from tremaux.numberlink.result import Linking

    snake = [(r, c if r % 2 == 0 else 59 - c) for r in range(60) for c in range(60)]  # one line over 3600 cells
    g = np.zeros((60, 60), dtype=int)
    g[snake[0]] = g[snake[-1]] = 1
    long = Linking.from_paths(Puzzle(g), [snake])
    assert np.array_equal(pickle.loads(pickle.dumps(long)).grid, long.grid)
    assert len(pickle.dumps(long)) < 2 * 2 * 3600 + 500  # two bytes a coordinate, not eight
