"""The SAT questions of ``fill`` without U-turns and of the densest lines, asked in turns with and without the corner
theorem once the solve's first round left them undecided (``sat._in_turns``, ``docs/benchmarks.md``).
"""

from __future__ import annotations

import time

import pytest
from numberlink_checker import follow

from tremaux.numberlink import Puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import sat
from tremaux.numberlink.solvers.base import Task

PUZZLE = Puzzle.from_rows(["1...", "2...", "33..", "4421"])  # covered by lines without U-turns


class _Undecided:
    """An encoding kept from an earlier round whose question never ends in the time given."""

    closed = False

    def next_model(self, deadline=None, drop_loops=False, **kw):
        raise TimeoutError

    def close(self) -> None:
        self.closed = True


def _task(rule: str, deadline: float | None = 30.0) -> Task:
    """A plain solve's task (touching allowed) on :data:`PUZZLE`."""
    return Task(PUZZLE, resolve(rule, touch=True), want=1, deadline=None if deadline is None else time.perf_counter() + deadline)


def _recorder(answers: dict):
    """A ``build`` and an ``ask`` for ``_in_turns`` that record their calls; ``answers[corners]`` is what ask does."""
    calls = []

    def build(corners: bool):
        calls.append(("build", corners))
        return corners

    def ask(enc, until):
        calls.append(("ask", enc, until is not None))
        out = answers[enc]
        if out is TimeoutError:
            raise TimeoutError
        return out
    return build, ask, calls


def test_first_round_asks_the_question_with_the_theorem_alone():
    task = _task("fill")
    build, ask, calls = _recorder({True: TimeoutError})
    with pytest.raises(TimeoutError):
        sat._in_turns(task, ("k",), build, task.deadline, ask, turns=True)
    assert calls == [("build", True), ("ask", True, True)]
    assert list(task.kept) == [("k",)]


def test_a_later_round_gives_the_question_without_the_theorem_a_turn():
    task = _task("fill")
    task.kept[("k",)] = True  # undecided in an earlier round
    build, ask, calls = _recorder({True: TimeoutError, False: "answer"})
    assert sat._in_turns(task, ("k",), build, task.deadline, ask, turns=True) == "answer"
    assert calls == [("ask", True, True), ("build", False), ("ask", False, True)]


def test_none_with_the_theorem_ends_the_turns():
    task = _task("fill")
    task.kept[("k",)] = True
    build, ask, calls = _recorder({True: None, False: "answer"})
    assert sat._in_turns(task, ("k",), build, task.deadline, ask, turns=True) is None
    assert ("build", False) not in calls


@pytest.mark.parametrize("turns, deadline", [(False, 30.0), (True, None)])
def test_no_turns_without_a_deadline_or_when_not_asked(turns, deadline):
    task = _task("fill", deadline)
    task.kept[("k",)] = True
    build, ask, calls = _recorder({True: "with", False: "without"})
    assert sat._in_turns(task, ("k",), build, task.deadline, ask, turns=turns) == "with"
    assert ("build", False) not in calls


@pytest.mark.parametrize("rule, stage, key", [("fill", sat.untouched_stage, sat.UNTOUCHED_KEY),
                                               ("nikoli", sat.dense_stage, sat.DENSE_KEY)])
def test_the_question_without_the_theorem_answers_for_an_undecided_one(rule, stage, key):
    task = _task(rule)
    stuck = _Undecided()
    task.kept[key] = stuck
    answer = stage(task)
    assert answer is not None and answer.found == 1
    lk = answer.solutions[0]
    assert follow(PUZZLE.grid.tolist(), [p.tolist() for p in lk.paths], fill=rule == "fill") == []
    assert stuck.closed and not task.kept  # the question decided: both encodings closed


def test_both_kept_while_undecided():
    task = _task("fill", 0.2)
    task.kept[sat.UNTOUCHED_KEY] = _Undecided()
    alt = _Undecided()
    task.kept[sat.UNTOUCHED_KEY + ("without corners",)] = alt
    assert sat.untouched_stage(task) is None
    assert set(task.kept) == {sat.UNTOUCHED_KEY, sat.UNTOUCHED_KEY + ("without corners",)} and not alt.closed
