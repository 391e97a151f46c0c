"""Big boards keep to their time limit: the work stops by itself, before the child process would be killed."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest

from tremaux.kernels.nl_search_diag import diag_order
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.solvers import bound


def _quads(n: int) -> Puzzle:
    """The layout of the public 1002x1002 ``huge`` puzzle on an n x n board: a pair per quadrant."""
    g = np.zeros((n, n), dtype=np.int32)
    h = n // 2
    for k, (a, b) in enumerate((((0, 0), (h - 1, h - 1)), ((0, n - 1), (h - 1, h)),
                                ((h, h - 1), (n - 1, 0)), ((h, h), (n - 1, n - 1))), start=1):
        g[a], g[b] = k, k
    return Puzzle(g)


def test_the_anti_diagonal_order_is_linear_on_the_largest_board():
    # a Python loop over every cell (3-7 s on 3000x3000) ran before the search's first look at the clock
    t0 = time.perf_counter()
    order = diag_order(3000, 3000)
    assert time.perf_counter() - t0 < 1.5
    assert order[:4].tolist() == [0, 1, 3000, 2] and order[-1] == 3000 * 3000 - 1


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (3, 5), (5, 3), (7, 7)])
def test_the_anti_diagonal_order_runs_each_diagonal_from_its_north_east_end(shape):
    h, w = shape
    want = [y * w + d - y for d in range(h + w - 1) for y in range(max(0, d - w + 1), min(h - 1, d) + 1)]
    assert diag_order(h, w).tolist() == want


def test_a_big_board_uniqueness_check_stops_by_itself_at_its_limit(monkeypatch):
    # 1000x1000, four pairs, 1 s: the SAT encoding was built for 7-12 s past the limit (hidden by the kill of
    # the child process at the limit); the whole limit in process here, so the work itself must stop
    monkeypatch.setattr(bound, "IN_PROCESS_FLOOR", float("inf"))
    p = _quads(1000)
    solve_puzzle(_quads(40), unique=True, time_limit=5)  # kernels loaded
    t0 = time.perf_counter()
    r = solve_puzzle(p, unique=True, time_limit=1.0)
    wall = time.perf_counter() - t0
    assert r.status == "gave-up" or r.unique is not None
    assert "child_process" not in r.extras
    assert r.seconds < 1.0 + 1.0 and wall < 1.0 + 3.0  # its own report, and a wide margin for a loaded machine


def test_a_check_asks_the_quick_verdict_once(monkeypatch):
    # a check asked it, then the solve it started asked it again: 1-3 s each on a 2000x2000 board
    from tremaux.numberlink import diagnose
    from tremaux.numberlink.solvers import verdicts

    calls = []
    real = verdicts._verdict
    monkeypatch.setattr(verdicts, "_verdict", lambda p, cover: calls.append(cover) or real(p, cover))
    d = diagnose(_quads(30), "fill", time_limit=5)
    assert d.verdict != "gave-up" and calls.count(True) == 1  # (the hint asks it under nikoli)


def test_the_quick_verdict_lets_a_bounded_question_move_on_between_its_passes(monkeypatch):
    from tremaux.numberlink.solvers import verdicts

    calls = []
    monkeypatch.setattr(verdicts, "checkpoint", lambda: calls.append(1))
    assert verdicts.quick_verdict(_quads(31), "fill") is not None  # an odd board: the checkerboard count
    assert len(calls) >= 3


def test_a_check_whose_quick_verdict_used_its_limit_gives_up_without_a_solve(monkeypatch):
    from tremaux.numberlink import check, diagnose

    real = check.quick_verdict

    def slow(puzzle, rule):  # as on a board of millions of cells
        time.sleep(0.6)
        return real(puzzle, rule)

    monkeypatch.setattr(check, "quick_verdict", slow)
    t0 = time.perf_counter()
    d = diagnose(_quads(20), "fill", time_limit=0.5)
    assert d.verdict == "gave-up" and "time limit 0.5 s" in d.reasons[0] and d.solution is None
    assert time.perf_counter() - t0 < 0.6 + 1.0


def test_the_planted_lines_are_cut_with_checkpoints_between_them(monkeypatch):
    # the generator's cut of its planted lines is a Python pass over every cell (a second on 200x200): a bounded
    # generation moves on into its child between lines instead of running past its limit in process
    from tremaux.numberlink import cover

    calls = []
    monkeypatch.setattr(cover, "checkpoint", lambda: calls.append(1))
    lines = [[r * 4 + c for c in range(4)] for r in range(600)]  # 600 straight lines on a 600 x 4 board
    assert cover.split_touching(lines, 600, 4) == lines
    assert len(calls) >= 2


ROWS = ["1 . 2 0", "01 - 2 00", ". 10 . 10"]


@pytest.mark.parametrize("rows", [ROWS, ["3 . 3", "7 . 7"], ["1 1", "2 2", "10 10"]])
def test_rows_of_numbers_are_read_as_the_general_reader_reads_them(rows, monkeypatch):
    from tremaux.numberlink import formats
    from tremaux.numberlink.formats import grids

    fast = formats.loads("\n".join(rows) + "\n")
    monkeypatch.setattr(grids, "number_rows", lambda rows: None)
    slow = formats.loads("\n".join(rows) + "\n")
    assert fast.grid.tolist() == slow.grid.tolist() and fast.labels == slow.labels


@pytest.mark.parametrize("rows, error", [(["1 . 2", "1 . 3"], "appears once"), (["1 . 1", "2 2"], "row 2 has 2"),
                                         (["1 . 1", "2 ! 2"], "unexpected '!'")])
def test_rows_of_numbers_that_are_wrong_are_named_by_the_general_reader(rows, error):
    from tremaux.errors import PuzzleError
    from tremaux.numberlink import formats

    with pytest.raises(PuzzleError, match=error):
        formats.loads("\n".join(rows) + "\n")


def test_a_big_board_of_numbers_is_read_without_a_python_step_per_cell(monkeypatch):
    # a Python step (and a regular expression) per cell: a second a million cells, 17 s for a 2000x2000 board
    from tremaux.numberlink import formats
    from tremaux.numberlink.formats import grids

    calls = []
    real = grids.ALNUM
    monkeypatch.setattr(grids, "ALNUM", type("C", (), {"match": staticmethod(lambda s: calls.append(s) or
                                                                           real.match(s))})())
    g = np.zeros((300, 300), dtype=np.int64)
    g[0, 0] = g[299, 299] = 1
    g[5, 5] = g[7, 9] = 2
    text = "\n".join(" ".join("." if v == 0 else str(v) for v in row) for row in g.tolist()) + "\n"
    p = formats.loads(text)
    assert p.grid.tolist() == g.tolist() and calls == []


def test_a_check_whose_quick_verdict_runs_past_its_limit_is_cut_at_the_limit(monkeypatch):
    # the quick verdict of a 4096x4096 board takes seconds: a check with a 0.5 s limit ran 1.5 s past it
    from tremaux.numberlink import check, diagnose
    from tremaux.numberlink.solvers.bound import checkpoint

    def slow(puzzle, rule):  # passes over a board of millions of cells, a checkpoint between them
        end = time.perf_counter() + 10
        while time.perf_counter() < end:
            checkpoint()
        return None

    monkeypatch.setattr(check, "quick_verdict", slow)
    t0 = time.perf_counter()
    d = diagnose(_quads(20), "fill", time_limit=1.0)
    assert d.verdict == "gave-up" and "time limit 1 s" in d.reasons[0] and d.solution is None
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + 2.0


@pytest.mark.parametrize("label, what", [("a b", "not printable"), ("", "empty"), ("a\tb", "not printable"),
                                         ("a\u00a0b", "not printable"), ("x\u2003y", "not printable")])
def test_labels_with_white_space_are_refused_and_named(label, what):
    # the labels are checked in one pass over them joined (a generator per label: 4 s for 700 000 pairs)
    from tremaux.errors import PuzzleError

    with pytest.raises(PuzzleError, match=re.escape(f"label {label!r} is {what}")):
        Puzzle([[1, 0, 1], [2, 0, 2]], labels=["ok", label])
    assert Puzzle([[1, 0, 1], [2, 0, 2]], labels=["ok", "fine"]).labels == ("ok", "fine")
