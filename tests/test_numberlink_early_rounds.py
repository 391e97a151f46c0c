"""The pipeline's early rounds beside an undecided SAT question: no portfolio children, no second SAT encoding.

On large boards of long winding lines the densest-lines question (``nikoli``) and the question of ``fill``
without U-turns are the ones that answer; while they are undecided, the portfolio's child processes and the
exact SAT stage wait for the solve's last round (``docs/benchmarks.md``, "sparse large boards").
"""

from __future__ import annotations

import time

import pytest

from tremaux._portfolio import Outcome
from tremaux.numberlink import Puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import pipeline, portfolio
from tremaux.numberlink.solvers import search as search_module
from tremaux.numberlink.solvers.base import Answer, Task

DENSE_KEY = ("SAT, densest lines",)  # where the stages keep their undecided encodings (sat.DENSE_KEY, UNTOUCHED_KEY)
UNTOUCHED_KEY = ("SAT without U-turns",)

PUZZLE = Puzzle.from_rows(["1.1", "2.2"])


class _Kept:
    """Work kept under a stage's key, as an undecided encoding is."""

    def close(self) -> None:
        pass


def _keeps(key, then_none: bool = False):
    """A stage that keeps work under ``key`` and answers nothing (undecided); ``then_none``: says "none" later."""
    calls = []

    def stage(task: Task):
        calls.append(task.deadline)
        if then_none and len(calls) > 1:
            task.close_kept(key)
        else:
            task.resumable(key, _Kept)
        return None
    return stage


def _answers_on(call: int):
    """A stage that answers (the puzzle's solution) on its ``call``-th call, in the solve's round ``call``."""
    calls = []

    def stage(task: Task):
        calls.append(1)
        if len(calls) < call:
            return None
        lk = Linking.from_paths(task.puzzle, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
        return Answer((lk,), False, "fake")
    return stage


@pytest.fixture
def races(monkeypatch):
    """The portfolio's races begun in the test (none forks: the race is a stand-in that answers nothing)."""
    made = []

    class FakeRace:
        def __init__(self, jobs, accept=None):
            made.append(len(jobs))

        def run(self, deadline, pause=True):
            return Outcome(None, "", None, stopped="time limit")

        def close(self):
            pass
    monkeypatch.setattr(portfolio, "Race", FakeRace)
    monkeypatch.setattr(portfolio, "available", lambda: True)
    return made


def test_the_keys_are_the_stages_own():
    from tremaux.numberlink.solvers import sat

    assert (sat.DENSE_KEY, sat.UNTOUCHED_KEY) == (DENSE_KEY, UNTOUCHED_KEY)


def _stage(name):
    return dict(pipeline.STAGES)[name]


def _solve(rule, limit):
    return pipeline.fast(Task(PUZZLE, resolve(rule), 1, time.perf_counter() + limit))


def test_no_portfolio_beside_an_undecided_densest_lines_question_before_the_last_round(monkeypatch, races):
    monkeypatch.setattr(pipeline, "STAGES", [("dense", _keeps(DENSE_KEY)), ("router", _answers_on(2)),
                                             ("portfolio", _stage("portfolio"))])
    answer = _solve("nikoli", 30)
    assert answer.how == "fake"
    assert races == []  # round 1 is not the last (30 s limit): its portfolio waited


def test_the_portfolio_runs_in_the_last_round_and_once_the_question_said_none(monkeypatch, races):
    monkeypatch.setattr(pipeline, "STAGES", [("dense", _keeps(DENSE_KEY)), ("portfolio", _stage("portfolio")),
                                             ("router", _answers_on(1))])
    assert _solve("nikoli", 1.5).how == "fake"  # the first round is the last: the portfolio runs in it
    assert len(races) == 1
    races.clear()
    monkeypatch.setattr(pipeline, "STAGES", [("dense", _keeps(DENSE_KEY, then_none=True)),
                                             ("portfolio", _stage("portfolio")), ("router", _answers_on(3))])
    assert _solve("nikoli", 30).how == "fake"
    assert len(races) == 1  # round 2: the densest lines said "none", the portfolio begins


def test_no_second_sat_encoding_beside_an_undecided_fill_question_before_the_last_round(monkeypatch):
    asked = []
    monkeypatch.setattr(pipeline, "sat_stage", lambda task: asked.append(task.deadline))
    monkeypatch.setattr(pipeline, "STAGES", [("untouched", _keeps(UNTOUCHED_KEY)), ("sat", _stage("sat")),
                                             ("router", _answers_on(2))])
    assert _solve("fill", 30).how == "fake"
    assert asked == []
    monkeypatch.setattr(pipeline, "STAGES", [("untouched", _keeps(UNTOUCHED_KEY)), ("sat", _stage("sat")),
                                             ("router", _answers_on(1))])
    assert _solve("fill", 1.5).how == "fake"  # one round, the last: the exact SAT stage is asked in it
    assert len(asked) == 1


@pytest.mark.parametrize("then_none", [False, True])
def test_no_exact_sat_stage_once_the_fill_question_went_on_from_an_earlier_round(monkeypatch, then_none):
    asked = []
    monkeypatch.setattr(pipeline, "sat_stage", lambda task: asked.append(task.deadline))
    monkeypatch.setattr(pipeline, "untouched_stage", _keeps(UNTOUCHED_KEY, then_none=then_none))
    for other in ("bands_stage", "mended_stage"):  # the untouched stage's other ways: nothing on this board
        monkeypatch.setattr(pipeline, other, lambda task: None)
    monkeypatch.setattr(search_module, "compiled_now", lambda puzzle: False)  # nor the search (loaded already)
    monkeypatch.setattr(pipeline, "STAGES", [("untouched", _stage("untouched")), ("sat", _stage("sat")),
                                             ("router", _answers_on(2))])
    answer = pipeline.fast(Task(PUZZLE, resolve("fill", touch=True), 1, time.perf_counter() + 5))
    assert answer.how == "fake"
    # two rounds, the second the last (a 5 s limit): undecided after the first, the question goes on in the
    # second and the exact stage stands aside; once it has said "none" there, the exact stage is asked
    assert len(asked) == (1 if then_none else 0)


def test_no_exact_sat_stage_beside_the_fill_question_begun_in_the_last_round(monkeypatch):
    # the question's build refused in the first round (its pace, under load), begun in the last: the exact
    # stage built its own encoding beside it there (0.6-1.2 s on 100x100 boards) and never used it
    asked, calls = [], []
    monkeypatch.setattr(pipeline, "sat_stage", lambda task: asked.append(task.deadline))

    def untouched(task):
        calls.append(1)
        if len(calls) > 1:  # undecided in the last round, kept
            task.resumable(UNTOUCHED_KEY, _Kept)
        return None
    monkeypatch.setattr(pipeline, "STAGES", [("untouched", untouched), ("sat", _stage("sat")),
                                             ("router", _answers_on(2))])
    assert _solve("fill", 5).how == "fake"  # two rounds, the second the last
    assert len(calls) == 2 and len(asked) == 1  # asked in the first round (nothing kept there), not the last


def test_a_last_round_ended_by_a_build_refused_on_its_pace_is_followed_by_one_judged_by_the_deadline(monkeypatch):
    from tremaux.numberlink.solvers.backend import build_clock, in_time

    built = []
    in_time(None, build_clock() - 9, 1.0, (30, 31))  # a build of this board took 9 s (under load, say)

    def builds(task):  # the pace met says the next build cannot end in time
        try:
            in_time(task.deadline, shape=(30, 31))
        except TimeoutError:
            return None
        built.append(1)
        return _answers_on(1)(task)
    monkeypatch.setattr(pipeline, "STAGES", [("sat", builds)])
    assert _solve("fill", 1.5).how == "fake"  # one round, the last, ended at once: one more builds anyway
    assert built == [1]
    with pytest.raises(TimeoutError):  # the judging by pace is back after the solve
        in_time(time.perf_counter() + 1.0, shape=(30, 31))
