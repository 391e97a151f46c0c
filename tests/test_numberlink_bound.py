"""Nothing runs unbounded: a question past a tenth of its time limit goes on in a forked child, killed at the limit."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tremaux._portfolio import available
from tremaux.cli import main
from tremaux.errors import BudgetExceededError
from tremaux.numberlink import Puzzle, diagnose, formats, generate_puzzle, solve_puzzle
from tremaux.numberlink.solvers import bound, pipeline
from tremaux.numberlink.solvers.base import Answer

CORPUS = Path(__file__).resolve().parents[1] / "benchmarks" / "numberlink" / "corpus"
MARGIN = 2.5
"""Seconds allowed past the limit and the grace, for a loaded machine: the bound is a behaviour, not a speed."""

needs_fork = pytest.mark.skipif(not available(), reason="the bound needs the fork start method")


@pytest.fixture
def stubborn(monkeypatch):
    """A first stage that keeps to its deadline in this process, and ignores it (sleeps a minute) once its work has
    moved on into a child."""
    here = os.getpid()

    def stage(task):
        while True:
            left = task.left()  # a checkpoint: past the budget in process, the work goes on in a child from here
            if os.getpid() != here:
                time.sleep(60)
            if not left:
                return Answer((), False, "stubborn", stopped="time limit")
            time.sleep(min(0.02, left))

    monkeypatch.setattr(pipeline, "STAGES", [("stubborn", stage)] + pipeline.STAGES)
    return stage


def test_the_budget_in_process_is_a_tenth_of_the_limit_with_a_floor():
    assert bound.in_process_budget(60.0) == 6.0
    assert bound.in_process_budget(1.0) == bound.IN_PROCESS_FLOOR
    assert bound.in_process_budget(bound.IN_PROCESS_FLOOR) is None  # nothing left for a child
    assert bound.in_process_budget(float("inf")) is None
    assert bound.grace(1.0) == 0.25 and bound.grace(100.0) == 5.0


def _work(pids, seconds, stubborn=False):
    """Work that calls :func:`bound.checkpoint` every few milliseconds for ``seconds`` and notes the process it is
    in; ``stubborn``: once moved into a child, it sleeps a minute (a solver that ignores its deadline)."""
    bound.progress(lambda: ("so far", list(pids)))
    t = time.perf_counter()
    while time.perf_counter() < t + seconds:
        bound.checkpoint()
        if not pids or pids[-1] != os.getpid():
            pids.append(os.getpid())
        if stubborn and os.getpid() != pids[0]:
            time.sleep(60)
        time.sleep(0.005)
    return pids


@needs_fork
def test_work_past_its_budget_goes_on_in_a_child_from_where_it_was():
    value, why = bound.run(_work, ([], 0.6), limit=1.0)
    assert why == "" and len(value) == 2 and value[0] == os.getpid() != value[1]  # begun here, ended in a child
    assert multiprocessing.active_children() == [] and bound._current() is None
    value, why = bound.run(_work, ([], 0.1), limit=1.0)  # done within its budget: no child
    assert (value, why) == ([os.getpid()], "")


@needs_fork
def test_a_child_that_ignores_its_deadline_is_killed_and_what_was_published_stands():
    t0 = time.perf_counter()
    value, why = bound.run(_work, ([], 5.0, True), limit=1.0)
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    assert why == "time limit" and value == ("so far", [os.getpid()])  # as it was when the child was forked
    assert bound._current() is None


@needs_fork
def test_an_error_in_the_child_is_raised_in_the_parent():
    def failing():
        t = time.perf_counter()
        while time.perf_counter() < t + 0.4:
            bound.checkpoint()
            time.sleep(0.005)
        raise ValueError("bad puzzle at line 3")

    with pytest.raises(ValueError, match="bad puzzle at line 3"):
        bound.run(failing, (), limit=1.0)
    assert bound._current() is None


@needs_fork
@pytest.mark.parametrize("kw", [dict(), dict(unique=True), dict(count=50)])
def test_a_solver_that_ignores_its_deadline_gives_up_shortly_after_the_limit(stubborn, kw):
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    t0 = time.perf_counter()
    r = solve_puzzle(p, rule="nikoli", time_limit=1.0, **kw)
    wall = time.perf_counter() - t0
    assert r.status == "gave-up" and r.message.startswith("gave up after ") and "(time limit 1 s)" in r.message
    assert r.extras["child_process"] == "time limit"
    assert 1.0 <= wall < 1.0 + bound.grace(1.0) + MARGIN
    assert multiprocessing.active_children() == []


@needs_fork
def test_the_default_time_limit_is_hit_and_reported_with_the_time_spent(stubborn, monkeypatch):
    import tremaux.numberlink.solvers as nl

    monkeypatch.setattr(nl, "DEFAULT_TIME_LIMIT", 1.0)
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    t0 = time.perf_counter()
    r = solve_puzzle(p, rule="fill", unique=True)
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    assert r.status == "gave-up" and r.unique is None
    spent = float(r.message.split("gave up after ")[1].split(" s")[0])
    assert 1.0 <= spent < 1.0 + bound.grace(1.0) + MARGIN and "(time limit 1 s)" in r.message
    d = diagnose(p, "fill")
    assert d.verdict == "gave-up" and "(time limit 1 s)" in d.reasons[0]


@needs_fork
def test_the_cli_reports_the_default_limit_as_gave_up_with_the_time_spent(stubborn, monkeypatch, capsys, tmp_path):
    import tremaux.numberlink.solvers as nl

    monkeypatch.setattr(nl, "DEFAULT_TIME_LIMIT", 1.0)
    path = tmp_path / "p.txt"
    path.write_text("1..2\n....\n1..2\n")
    for args in (["solve", "--unique"], ["solve", "--all"], ["solve", "--count", "5"], ["solve"], ["check"]):
        t0 = time.perf_counter()
        with pytest.raises(SystemExit) as exc:
            main(["numberlink", *args, str(path), "--json"])
        assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN, args
        assert exc.value.code == 1, args
        rec = json.loads(capsys.readouterr().out)[0]
        message = rec["reasons"][0] if args == ["check"] else rec["message"]
        assert message.startswith("gave up after ") and message.endswith(" s (time limit 1 s)"), (args, message)
        # one word for it on every command: a check's verdict is the status a solve reports
        assert (rec["verdict"] if args == ["check"] else rec["status"]) == "gave-up", (args, rec)


@pytest.fixture
def stubborn_generation(monkeypatch):
    """The generator's uniqueness check keeps to its deadline in this process, and sleeps a minute in a child."""
    from tremaux.numberlink import generate as gen

    generate_puzzle((6, 6), seed=1, time_limit=60)  # kernels loaded (not the bound's business)
    here = os.getpid()

    def another(puzzle, planted, rule, stop, long_lines=False, ledger=None):
        while time.perf_counter() < stop:
            bound.checkpoint()  # past the budget in process, the generation goes on in a child from here
            if os.getpid() != here:
                time.sleep(60)
            time.sleep(0.02)
        return None, True

    monkeypatch.setattr(gen, "_another", another)  # under nikoli with a density
    monkeypatch.setattr(gen, "_another_by_regions",  # the question under the convention otherwise
                        lambda puzzle, planted, rule, stop: another(puzzle, planted, rule, stop))
    return gen


@needs_fork
def test_a_generation_that_ignores_its_deadline_stops_shortly_after_the_limit(stubborn_generation):
    t0 = time.perf_counter()
    with pytest.raises(BudgetExceededError, match=r"gave up after .* s \(time limit 1 s\)"):
        generate_puzzle((6, 6), seed=1, time_limit=1.0)
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    assert multiprocessing.active_children() == []


@needs_fork
def test_the_cli_generation_has_the_default_limit(stubborn_generation, monkeypatch, capsys):
    monkeypatch.setattr(stubborn_generation, "DEFAULT_TIME_LIMIT", 1.0)
    t0 = time.perf_counter()
    with pytest.raises(SystemExit) as exc:
        main(["numberlink", "generate", "--size", "6x6", "--seed", "1"])
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    err = capsys.readouterr().err
    assert exc.value.code != 0 and "gave up after " in err and "(time limit 1 s)" in err, err


@needs_fork
def test_counting_a_contest_puzzle_with_many_solutions_keeps_to_its_limit():
    # a-contest dev 10 under nikoli: before the bound, counting to a thousand ran 14.5-15.3 s for a 3 s limit (the
    # neighbourhoods of the first solution, looking for up to a thousand more without looking at the clock)
    p = formats.load_all(CORPUS / "a-contest-dev.txt")[9]
    solve_puzzle(p, rule="nikoli", count=2, time_limit=30)  # kernels loaded
    t0 = time.perf_counter()
    r = solve_puzzle(p, rule="nikoli", count=1000, time_limit=3.0)
    assert time.perf_counter() - t0 < 3.0 + bound.grace(3.0) + MARGIN
    assert r.status == "solved" and r.count >= 1  # a thousand on a quick machine, else those found so far, kept
    assert r.count == 1000 or "found so far, kept" in r.message, r.message
    assert multiprocessing.active_children() == []


def test_neighbourhoods_ask_nothing_past_the_deadline_whatever_the_label():
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.rules import resolve
    from tremaux.numberlink.solvers.base import Task
    from tremaux.numberlink.solvers.neighbourhoods import around, neighbourhoods
    from tremaux.numberlink.solvers.sat import encoding_for

    p = Puzzle.from_rows(["1.2", "...", "1.2"])
    lk = Linking.from_paths(p, [[(0, 0), (1, 0), (2, 0)], [(0, 2), (1, 2), (2, 2)]])
    enc = encoding_for(Task(p, resolve("nikoli"), 2, None), one=False)
    try:
        enc.block_lines(lk)
        labels = {label for label, _ in neighbourhoods(p, lk)}
        for label in labels:
            found, done = around(enc, lk, neighbourhoods(p, lk), lambda m: m, stop=None, need=5, always=label,
                                 deadline=-1.0)
            assert (found, done) == ([], False)
        found, _ = around(enc, lk, neighbourhoods(p, lk), lambda m: m, stop=None, need=5)
        assert found  # in time, the same neighbourhoods have other solutions
    finally:
        enc.close()


def test_easy_questions_start_no_child_process(monkeypatch):
    def no_child(*_args, **_kw):
        raise AssertionError("a child process was started")

    monkeypatch.setattr(os, "fork", no_child)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", no_child)  # every start method's process
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    for kw in (dict(), dict(unique=True), dict(count=10), dict(unique=True, touch=True)):
        for rule in ("fill", "nikoli"):
            for limit in (None, 1.0):  # decided in process (fill without touching: no solution)
                assert solve_puzzle(p, rule=rule, time_limit=limit, **kw).status in ("solved", "no-solution")
    assert diagnose(p, "nikoli").verdict == "multiple-solutions"
    assert generate_puzzle((8, 8), seed=3, time_limit=30).puzzle.pairs > 0


@needs_fork
def test_a_long_sat_call_moves_on_into_the_child_and_is_stopped_at_the_limit():
    from pysat.examples.genhard import PHP

    from tremaux.numberlink.solvers.backend import loaded_solver, solve_until

    def work():  # one SAT call of many seconds (nine pigeons, eight holes), with a deadline of 1 s
        solver = loaded_solver("glucose4", PHP(9).clauses)
        try:
            solve_until(solver, time.perf_counter() + 1.0)
        except TimeoutError:
            return "timeout", os.getpid()
        return "answered", os.getpid()

    t0 = time.perf_counter()
    (how, pid), why = bound.run(work, (), limit=1.0)
    # the call was stopped at the budget in process, went on in the child and stopped there at the deadline
    assert why == "" and how == "timeout" and pid != os.getpid()
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    assert multiprocessing.active_children() == []


@needs_fork
def test_an_error_that_does_not_pickle_comes_back_as_one_line():
    class Unpicklable(ValueError):
        def __init__(self):
            super().__init__("bad input")
            self.hook = lambda: None  # a lambda does not pickle

    def failing():
        t = time.perf_counter()
        while time.perf_counter() < t + 0.4:
            bound.checkpoint()
            time.sleep(0.005)
        raise Unpicklable()

    with pytest.raises(RuntimeError, match=r"in the child process: .*bad input"):
        bound.run(failing, (), limit=1.0)


@dataclass(frozen=True)
class _Found:
    solutions: tuple
    note: str = ""


def _finder(found, seconds):
    """Work that finds one thing (the time it was found, and the process) every few milliseconds for ``seconds``,
    ignoring its deadline, and publishes what it found so far."""
    bound.progress(lambda: _Found(tuple(found), "so far"))
    t = time.perf_counter()
    while time.perf_counter() < t + seconds:
        bound.checkpoint()
        found.append((time.perf_counter() - t, os.getpid()))
        time.sleep(0.002)
    return _Found(tuple(found), "all")


@needs_fork
def test_a_child_killed_at_its_deadline_keeps_what_it_found_after_the_fork():
    value, why = bound.run(_finder, ([], 5.0), limit=1.0)
    assert why == "time limit" and value.note == "so far"
    children = [at for at, pid in value.solutions if pid != os.getpid()]
    assert children, "nothing the child found reached the parent"
    # the child's finds reach the parent every PROGRESS_SHARE of the grace: those of the last stretch at most are lost
    assert max(children) > 1.0 - 2 * bound.PROGRESS_SHARE * bound.grace(1.0)
    assert [at for at, _ in value.solutions] == sorted(at for at, _ in value.solutions)  # each once, in order
    assert len({at for at, _ in value.solutions}) == len(value.solutions)


def test_a_pass_is_not_run_again_in_the_child_whose_kill_does_not_move(monkeypatch):
    import tremaux.numberlink.solvers as solvers

    loads = iter(range(1, 100))
    monkeypatch.setattr(solvers, "load_seconds", lambda: float(min(5, next(loads))))  # passes load kernels
    calls = []

    def func(task):
        calls.append(task.deadline)
        return Answer((), False, "slow", stopped="time limit")

    task = solvers.Task(Puzzle.from_rows(["1.1"]), solvers.resolve("nikoli"), 2, time.perf_counter() + 0.01)
    passes = []
    monkeypatch.setattr(bound, "in_child", lambda: True)
    solvers._in_process(func, task, 100.0, time.perf_counter(), 0.0, passes)
    assert len(calls) == 1 and len(passes) == 1
    monkeypatch.setattr(bound, "in_child", lambda: False)  # in process, the time spent loading is given back
    solvers._in_process(func, task, 100.0, time.perf_counter(), 0.0, passes)
    assert len(calls) > 2 and len(passes) == len(calls)


@needs_fork
def test_a_count_killed_in_its_child_reports_what_the_child_found(monkeypatch):
    p = Puzzle.from_rows(["1..", "...", "..1"])
    every = solve_puzzle(p, rule="nikoli", count=100).solutions
    assert len(every) == 6
    here = os.getpid()

    def stage(task):  # finds nothing in process, then every solution in the child, and ignores its deadline
        found = []
        bound.progress(lambda: Answer(tuple(found), False, "slow count", stopped="time limit"))
        while True:
            task.left()  # a checkpoint
            if os.getpid() != here and len(found) < len(every):
                found.append(every[len(found)])
            time.sleep(0.01)

    monkeypatch.setattr(pipeline, "STAGES", [("slow", stage)] + pipeline.STAGES)
    t0 = time.perf_counter()
    out = solve_puzzle(p, rule="nikoli", count=100, time_limit=1.0)
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + MARGIN
    assert out.status == "solved" and not out.complete
    assert out.extras["child_process"] == "time limit"
    assert [s.grid.tolist() for s in out.solutions] == [s.grid.tolist() for s in every]
