"""Lines stretched and mended over open boards (``numberlink/solvers/repair.py``), checked by the independent checker."""

from __future__ import annotations

import random
import time

import numpy as np
from numberlink_checker import follow

from tremaux.kernels import numberlink as kn
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import repair
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.router import router_stage
from tremaux.numberlink.solvers.verdicts import quick_verdict


def _open_board(rng: random.Random, h: int, w: int, pairs: int) -> Puzzle:
    g = [["."] * w for _ in range(h)]
    for i, c in enumerate(rng.sample(range(h * w), 2 * pairs)):
        g[c // w][c % w] = "123456789ABCDEFGH"[i // 2]
    return Puzzle.from_rows(["".join(r) for r in g])


def _paths(lk):
    return [[tuple(x) for x in p.tolist()] for p in lk.paths]


def test_covered_lines_are_a_fill_solution_whenever_cover_answers():
    rng = random.Random(7)
    covered = refused = 0
    for _ in range(120):
        p = _open_board(rng, rng.choice([6, 8, 11, 14]), rng.choice([5, 8, 9, 12]), rng.choice([1, 2, 3, 4]))
        if quick_verdict(p, resolve("fill")) is not None:
            continue  # the checkerboard count already says there is no cover
        routed = router_stage(Task(p, resolve("nikoli", True), 1, time.perf_counter() + 30))
        if routed is None:
            continue
        links = np.asarray(routed.solutions[0].links).ravel()
        before = links.copy()
        lk = repair.cover(p, links, time.perf_counter() + 30)
        assert (links == before).all()  # the caller's links are not changed
        if lk is None:
            refused += 1
            continue
        assert follow(p.grid.tolist(), _paths(lk), fill=True) == []
        covered += 1
    assert covered >= 30 and refused >= 1  # both outcomes were met (most boards the quick verdicts let through)


def test_an_empty_cell_walks_along_the_diagonal_round_a_corner_of_a_line():
    p = Puzzle.from_rows(["1...", "....", "....", "...1"])
    links = np.zeros(16, dtype=np.uint8)
    line = [0, 1, 2, 3, 7, 6, 10, 14, 15]  # turns at 6 (7 -> 6 -> 10) round the empty cell 11
    for x, y in zip(line, line[1:]):
        repair._link(links, x, y, 4, True)
    end = repair._walk(p, links, 11, 0)  # towards cell 0: 7 -> 11 -> 10 leaves 6 out, then 2 -> 6 -> 7 leaves 3 out
    assert end == 3 and links[3] == 0
    owner, _, _, reached = kn.trace_lines(links, p.ends, 4, 4)
    assert (reached == p.ends[:, 1]).all() and owner[11] == 1 and owner[6] == 1 and owner[3] == 0
    assert (owner == 0).sum() == 7  # as many cells left out as before, of each colour


def test_a_window_puzzle_has_one_pair_per_piece_of_line_inside_it():
    p = Puzzle.from_rows(["1...", "....", "....", "...1"])
    links = np.zeros(16, dtype=np.uint8)
    line = [0, 1, 2, 3, 7, 11, 15]
    for x, y in zip(line, line[1:]):
        repair._link(links, x, y, 4, True)
    owner = kn.trace_lines(links, p.ends, 4, 4)[0]
    sub = repair._window(p, links, owner, (0, 2, 0, 4))  # the top two rows: the piece 0-1-2-3-7 ends at 0 and 7
    assert sub.grid.tolist() == [[1, 0, 0, 0], [0, 0, 0, 1]]
    assert repair._window(p, links, owner, (0, 4, 3, 4)).grid.tolist() == [[1], [0], [0], [1]]  # 3-7-11-15
    assert repair._window(p, links, owner, (0, 2, 2, 3)) is None  # the line enters cell 2 and leaves it: no pair


def test_the_mended_stage_answers_an_open_board_and_not_inside_a_window():
    rows = ["1" + "." * 24] + ["." * 25] * 22 + ["." * 24 + "1"]  # 24 x 25, corners of two colours: a winding line
    p = Puzzle.from_rows(rows)
    task = Task(p, resolve("fill", True), 1, time.perf_counter() + 60)
    a = repair.mended_stage(task)
    assert a is not None and a.how == "the router, lines stretched and mended"
    assert follow(p.grid.tolist(), _paths(a.solutions[0]), fill=True) == []
    token = repair._MENDING.set(True)
    try:
        assert repair.mended_stage(task) is None  # a window's own solve does not mend windows in turn
    finally:
        repair._MENDING.reset(token)
    assert repair.mended_stage(Task(p, resolve("fill", False), 1, None)) is None  # lines that touch are not allowed
    assert repair.mended_stage(Task(p, resolve("nikoli", True), 1, None)) is None


def test_solve_answers_an_open_board_with_few_pairs_under_fill():
    rows = [list("." * 30) for _ in range(30)]
    for (r, c), label in zip([(3, 4), (20, 24), (10, 2), (27, 14)], "1122"):
        rows[r][c] = label
    p = Puzzle.from_rows(["".join(r) for r in rows])
    r = solve_puzzle(p, rule="fill", time_limit=60)
    assert r.status == "solved"
    assert follow(p.grid.tolist(), _paths(r.linking), fill=True) == []


def test_an_open_board_under_nikoli_is_answered_by_the_routers_first_rounds(monkeypatch):
    from tremaux.numberlink.solvers import pipeline

    def no_sat(task):
        raise AssertionError("the densest-lines SAT question was asked")

    monkeypatch.setattr(pipeline, "STAGES", [(n, no_sat if n == "dense" else f) for n, f in pipeline.STAGES])
    rows = ["1" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "1"]
    p = Puzzle.from_rows(rows)
    r = solve_puzzle(p, rule="nikoli", time_limit=60)
    assert r.status == "solved" and "router" in r.message
    assert follow(p.grid.tolist(), _paths(r.linking), fill=False) == []
