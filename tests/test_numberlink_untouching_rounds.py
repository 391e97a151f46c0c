"""The search without touching in the ``untouched`` stage: its own round, then not resumed beside SAT's undecided
question of ``fill`` without U-turns (``pipeline._untouching_search``, ``docs/benchmarks.md``, "the search without
touching stands aside").
"""

from __future__ import annotations

import time

import pytest
from numberlink_checker import follow

from tremaux.numberlink import Puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import pipeline, sat
from tremaux.numberlink.solvers import search as search_module
from tremaux.numberlink.solvers.base import Task

PUZZLE = Puzzle.from_rows(["1...", "2...", "33..", "4421"])  # covered by lines without U-turns
HAD = pipeline.UNTOUCHING_KEY + ("had a round",)


class _Run:
    """A search run kept from an earlier round that finds nothing; counts how often it is advanced."""

    def __init__(self, loads: list | None = None) -> None:
        self.advanced = 0
        self.loads = loads  # when given, each advance loads kernels (the counter grows)

    def advance(self, deadline=None, *, pause_at=None):
        self.advanced += 1
        if self.loads is not None:
            self.loads[0] += 1.0
        return search_module.SearchOutcome((), False, 10, 0.01)

    def close(self) -> None:
        pass


class _Undecided:
    """SAT's encoding kept from an earlier round, its question never ending in the time given."""

    closed = False

    def next_model(self, deadline=None, drop_loops=False, **kw):
        raise TimeoutError

    def close(self) -> None:
        self.closed = True


def _task() -> Task:
    return Task(PUZZLE, resolve("fill", touch=True), want=1, deadline=time.perf_counter() + 30)


def test_the_first_round_searches_and_is_marked():
    task = _task()
    run = task.kept[pipeline.UNTOUCHING_KEY] = _Run()
    out = pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY)
    assert out is not None and run.advanced == 1 and HAD in task.kept


def test_a_later_round_beside_an_undecided_question_does_not_resume_the_search():
    task = _task()
    run = task.kept[pipeline.UNTOUCHING_KEY] = _Run()
    pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY)  # its own round
    task.kept[sat.UNTOUCHED_KEY] = _Undecided()  # SAT's question left undecided by that round
    assert pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY) is None
    assert run.advanced == 1


def test_the_search_goes_on_once_the_question_is_decided_or_without_one_beside_it():
    task = _task()
    run = task.kept[pipeline.UNTOUCHING_KEY] = _Run()
    pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY)
    task.kept[sat.UNTOUCHED_KEY] = _Undecided()
    assert pipeline._untouching_search(task) is not None  # the covering stage (nikoli) asks without one
    task.close_kept(sat.UNTOUCHED_KEY)  # the question said "none": the search has the rounds after
    assert pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY) is not None
    assert run.advanced == 3


def test_a_round_that_loaded_kernels_is_not_the_search_s_own(monkeypatch):
    loads = [0.0]
    monkeypatch.setattr(pipeline, "load_seconds", lambda: loads[0])
    task = _task()
    run = task.kept[pipeline.UNTOUCHING_KEY] = _Run(loads)
    pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY)  # its round went to loading kernels
    task.kept[sat.UNTOUCHED_KEY] = _Undecided()
    assert HAD not in task.kept
    assert pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY) is not None and run.advanced == 2
    run.loads = None  # loaded now: this round is its own
    pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY)
    assert pipeline._untouching_search(task, beside=sat.UNTOUCHED_KEY) is None and run.advanced == 3


@pytest.mark.parametrize("had_a_round", [True, False])
def test_the_stage_answers_by_sat_in_a_later_round(monkeypatch, had_a_round):
    monkeypatch.setattr(search_module, "compiled_now", lambda puzzle: True)  # the search is asked on this board
    for other in ("bands_stage", "mended_stage"):  # the stage's other ways, which may answer this small board first
        monkeypatch.setattr(pipeline, other, lambda task: None)
    task = _task()
    run = task.kept[pipeline.UNTOUCHING_KEY] = _Run()
    if had_a_round:
        task.kept[HAD] = True
    stuck = task.kept[sat.UNTOUCHED_KEY] = _Undecided()
    answer = pipeline._untouched(task)
    assert answer is not None and answer.found == 1 and answer.how.startswith("SAT without U-turns")
    assert follow(PUZZLE.grid.tolist(), [p.tolist() for p in answer.solutions[0].paths], fill=True) == []
    assert run.advanced == (0 if had_a_round else 1) and stuck.closed
