"""The SAT questions of ``fill`` without U-turns and of the densest lines: asked with the corner theorem in the
solve's first round, without it in the rounds after when the first left them undecided (``sat._corners_first``,
``docs/benchmarks.md``).
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
    end = None if deadline is None else time.perf_counter() + deadline
    return Task(PUZZLE, resolve(rule, touch=True), want=1, deadline=end)


def _recorder(answers: dict):
    """A ``build`` and an ``ask`` for ``_corners_first`` that record their calls (``answers[theorem]``: the answer)."""
    calls = []

    def build(theorem: bool):
        calls.append(("build", theorem))
        return _Undecided() if answers[theorem] is TimeoutError else theorem

    def ask(enc, until):
        calls.append(("ask", not isinstance(enc, _Undecided) and enc))
        if isinstance(enc, _Undecided):
            raise TimeoutError
        return answers[enc]
    return build, ask, calls


def test_first_round_asks_the_question_with_the_theorem():
    task = _task("fill")
    build, ask, calls = _recorder({True: TimeoutError})
    with pytest.raises(TimeoutError):
        sat._corners_first(task, ("k",), build, task.deadline, ask, switch=True)
    assert calls == [("build", True), ("ask", False)]
    assert list(task.kept) == [("k",)]


def test_a_later_round_asks_it_without_the_theorem_from_then_on():
    task = _task("fill")
    first = task.kept[("k",)] = _Undecided()  # undecided in an earlier round
    build, ask, calls = _recorder({True: "with", False: TimeoutError})
    with pytest.raises(TimeoutError):
        sat._corners_first(task, ("k",), build, task.deadline, ask, switch=True)
    assert first.closed and calls == [("build", False), ("ask", False)]
    kept = task.kept[("k",)]
    with pytest.raises(TimeoutError):  # the round after goes on with it, not with a new one
        sat._corners_first(task, ("k",), build, task.deadline, ask, switch=True)
    assert task.kept[("k",)] is kept and calls[-1] == ("ask", False) and len(calls) == 3
    sat._close_both(task, ("k",))
    assert kept.closed and not task.kept


@pytest.mark.parametrize("switch, deadline", [(False, 30.0), (True, None)])
def test_the_theorem_kept_without_a_deadline_or_when_not_asked(switch, deadline):
    task = _task("fill", deadline)
    task.kept[("k",)] = True
    build, ask, calls = _recorder({True: "with", False: "without"})
    assert sat._corners_first(task, ("k",), build, task.deadline, ask, switch=switch) == "with"
    assert calls == [("ask", True)]


@pytest.mark.parametrize("rule, stage, key", [("fill", sat.untouched_stage, sat.UNTOUCHED_KEY),
                                               ("nikoli", sat.dense_stage, sat.DENSE_KEY)])
def test_the_question_without_the_theorem_answers_after_an_undecided_round(rule, stage, key):
    task = _task(rule)
    stuck = _Undecided()
    task.kept[key] = stuck
    answer = stage(task)
    assert answer is not None and answer.found == 1
    lk = answer.solutions[0]
    assert follow(PUZZLE.grid.tolist(), [p.tolist() for p in lk.paths], fill=rule == "fill") == []
    assert stuck.closed and not task.kept  # the question decided: nothing kept


def test_the_densest_lines_keep_their_own_setting_where_the_theorem_does_not_apply():
    # the checkerboard forces an empty cell: no corner clauses in the first round, none added after it
    p = Puzzle.from_rows(["1..", ".2.", "1.2"])
    task = Task(p, resolve("nikoli", touch=True), want=1, deadline=time.perf_counter() + 30)
    stuck = _Undecided()
    task.kept[sat.DENSE_KEY] = stuck
    assert sat.dense_stage(task) is None and not stuck.closed  # the kept encoding asked, not replaced


def test_the_kept_encoding_goes_on_when_the_new_one_cannot_be_built_in_time():
    task = _task("fill")
    first = task.kept[("k",)] = _Undecided()

    def build(theorem: bool):
        raise TimeoutError  # its pace says it cannot be built before the deadline

    with pytest.raises(TimeoutError):
        sat._corners_first(task, ("k",), build, task.deadline, lambda enc, until: enc.next_model(until), switch=True)
    assert task.kept == {("k",): first} and not first.closed  # asked again, not lost
