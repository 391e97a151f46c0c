"""The ``interior`` stage: one solution under ``nikoli``, cells away from the border and numbers first assumed busy.

Answers are checked by the independent checker (``numberlink_checker``) and
against the brute force of ``numberlink_reference``.
"""

from __future__ import annotations

import numpy as np
import pytest

from numberlink_checker import follow
from numberlink_reference import brute_force
from tremaux.numberlink import Puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.interior import interior_cells, interior_stage
from tremaux.numberlink.solvers.pipeline import STAGES


def _task(p: Puzzle, rule: str = "nikoli", want: int = 1, touch: bool = True) -> Task:
    return Task(p, resolve(rule, touch=touch), want=want, deadline=None)


def test_the_stage_comes_after_the_densest_lines_and_before_the_router():
    names = [name for name, _ in STAGES]
    assert names.index("dense") < names.index("interior") < names.index("router") < names.index("near")


def test_interior_cells_keep_away_from_the_border_and_every_number():
    p = Puzzle.from_rows(["........", "........", "..1.....", "........", "........", "........", ".....1..",
                          "........"])
    mask = interior_cells(p, 2)
    h, w = p.shape
    for r in range(h):
        for c in range(w):
            far = min(r, c, h - 1 - r, w - 1 - c) >= 2 and all(
                abs(r - nr) + abs(c - nc) > 2 for nr, nc in ((2, 2), (6, 5)))
            assert mask[r, c] == far, (r, c)
    assert mask.any()


@pytest.mark.parametrize("touch", [True, False])
def test_nested_lines_wound_round_one_another_are_answered(touch):
    # three lines that must go round one another from a cluster: any answer must be a solution
    rows = ["..........",
            ".123......",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "......321.",
            ".........."]
    p = Puzzle.from_rows(rows)
    a = interior_stage(_task(p, touch=touch))
    assert a is not None and a.how.startswith("SAT (cells away")
    assert not follow(p.grid.tolist(), [path.tolist() for path in a.solutions[0].paths], fill=False, touch=touch)


def test_assumptions_that_hold_no_lines_are_dropped_by_their_cores():
    # the only lines leave the middle of the board empty, where every cell is first assumed busy
    rows = ["1.......2",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "1.......2"]
    p = Puzzle.from_rows(rows)
    assert interior_cells(p).any()
    a = interior_stage(_task(p))
    assert a is not None
    paths = [path.tolist() for path in a.solutions[0].paths]
    assert not follow(p.grid.tolist(), paths, fill=False)
    busy = {tuple(c) for path in paths for c in path}
    assert any(not (busy >= {(r, c)}) for r, c in zip(*np.nonzero(interior_cells(p))))


@pytest.mark.parametrize("rows", [["1.2", "...", "2.1"], ["12", "21"]])
def test_it_says_nothing_where_there_is_no_solution(rows):
    p = Puzzle.from_rows(rows)
    assert brute_force(p.grid.tolist(), fill=False) == []
    assert interior_stage(_task(p)) is None


def test_it_leaves_fill_and_more_than_one_solution_to_other_stages():
    p = Puzzle.from_rows(["1.......", "........", "........", "........", "........", ".......1"])
    assert interior_stage(_task(p, "fill")) is None
    assert interior_stage(_task(p, want=2)) is None


def test_the_pipeline_reaches_the_stage_on_lines_wound_from_clusters():
    # seed 34 of benchmarks/bench_nl_wind.py: lanes of three wound from clusters of numbers; the router's first
    # rounds (the glance) and the densest lines do not answer it, and the stage answers before the router
    from tremaux.numberlink.solvers.pipeline import fast

    p = Puzzle.from_rows([".................2",
                          ".................6",
                          ".................1",
                          "..................",
                          "..................",
                          "..................",
                          "..................",
                          "..................",
                          "..................",
                          ".........4........",
                          "..........5873....",
                          "..............9...",
                          "..................",
                          "...4..............",
                          "261.58937.........",
                          ".................."])
    a = fast(_task(p))
    assert a.how.startswith("SAT (cells away"), a.how
    assert not follow(p.grid.tolist(), [path.tolist() for path in a.solutions[0].paths], fill=False)
