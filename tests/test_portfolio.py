"""The process portfolio (tremaux._portfolio) with trivial jobs: first answer wins, deadline, clean-up, errors."""

import multiprocessing as mp
import os
import sys
import time

import pytest

from tremaux._portfolio import Job, Race, available, first_answer
from tremaux.errors import InvalidSizeError

pytestmark = pytest.mark.skipif(not available(), reason="the portfolio needs the fork start method")


def _sleep_then(seconds, value):
    time.sleep(seconds)
    return value


def _pid_then_sleep(path, seconds):
    with open(path, "w") as fh:
        fh.write(str(os.getpid()))
    time.sleep(seconds)
    return "late"


def _boom(text):
    raise ValueError(text)


def _gone(pid):
    """Whether ``pid`` has ended (a zombie waiting for its reaper counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/status") as fh:
            return any(line.startswith("State:") and "Z" in line.split()[1] for line in fh)
    except OSError:
        return True


def _wait_for(predicate, seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def _run_portfolio(path):
    first_answer([Job(_pid_then_sleep, (path, 60))], deadline=time.perf_counter() + 60)


def _report_available(send):
    send.send(available())
    send.close()


def test_the_first_answer_wins_and_the_slow_job_is_stopped(tmp_path):
    pidfile = tmp_path / "pid"
    t = time.perf_counter()
    out = first_answer([Job(_pid_then_sleep, (str(pidfile), 60), name="slow"),
                        Job(_sleep_then, (0.3, "quick"), name="quick")],
                       deadline=t + 30, slots=2)
    assert time.perf_counter() - t < 20
    assert (out.index, out.name, out.value, out.stopped) == (1, "quick", "quick", "")
    assert _gone(int(pidfile.read_text()))
    assert mp.active_children() == []


def test_the_deadline_is_kept_and_every_child_is_gone_after(tmp_path):
    paths = [tmp_path / f"pid{i}" for i in range(3)]
    t = time.perf_counter()
    out = first_answer([Job(_pid_then_sleep, (str(p), 60)) for p in paths], deadline=t + 1.5, slots=2)
    took = time.perf_counter() - t
    assert 1.5 <= took < 10
    assert not out.answered and out.stopped == "time limit" and out.value is None
    pids = [int(p.read_text()) for p in paths if p.exists()]
    assert len(pids) >= 2  # two ran at once, the third perhaps in its turn
    assert all(_gone(pid) for pid in pids)
    assert mp.active_children() == []


def test_jobs_take_turns_when_there_are_more_than_slots():
    # one slot: the job that never ends is paused after its turn, so the quick one still runs
    out = first_answer([Job(_sleep_then, (60, "never")), Job(_sleep_then, (0.2, "turn"))],
                       deadline=time.perf_counter() + 30, slots=1)
    assert out.value == "turn"


def test_an_exception_in_a_child_is_one_line_and_the_others_go_on():
    out = first_answer([Job(_boom, ("bad\nthing",), name="boom"), Job(_sleep_then, (0.5, 7), name="seven")],
                       deadline=time.perf_counter() + 30, slots=2)
    assert out.value == 7
    assert out.errors == ("boom: ValueError: bad thing",)


def test_every_job_failing_ends_without_an_answer_before_the_deadline():
    t = time.perf_counter()
    out = first_answer([Job(_boom, ("x",), name="a"), Job(_sleep_then, (0.1, None), name="b")],
                       deadline=t + 30, slots=2)
    assert time.perf_counter() - t < 20
    assert not out.answered and out.stopped == ""
    assert out.errors == ("a: ValueError: x",)
    assert sorted(out.finished) == [0, 1]


def test_answers_not_accepted_end_only_their_job():
    out = first_answer([Job(_sleep_then, (0.0, -1)), Job(_sleep_then, (0.6, 5))], deadline=time.perf_counter() + 30,
                       accept=lambda v: v > 0, slots=2)
    assert (out.index, out.value) == (1, 5)
    assert out.rejected == ((0, -1),)


def test_a_child_that_dies_is_reported():
    out = first_answer([Job(os._exit, (3,), name="dies")], deadline=time.perf_counter() + 30)
    assert not out.answered
    assert out.errors == ("dies: the child process died (exit code 3)",)


@pytest.mark.parametrize("kwargs, match", [
    (dict(jobs=[]), "at least one job"),
    (dict(jobs=[Job(abs, (1,))], slots=0), "slots must be at least 1"),
])
def test_bad_arguments_are_one_line_errors(kwargs, match):
    jobs = kwargs.pop("jobs")
    with pytest.raises(InvalidSizeError, match=match):
        first_answer(jobs, deadline=time.perf_counter() + 1, **kwargs)


@pytest.mark.parametrize("kwargs, match", [(dict(weight=0), "weight must be positive"),
                                           (dict(delay=-1), "delay must not be negative")])
def test_bad_jobs_are_one_line_errors(kwargs, match):
    with pytest.raises(InvalidSizeError, match=match):
        Job(abs, (1,), **kwargs)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel kills orphans on Linux only")
def test_a_parent_killed_outright_leaves_no_child_behind(tmp_path):
    pidfile = tmp_path / "pid"
    parent = mp.get_context("fork").Process(target=_run_portfolio, args=(str(pidfile),))
    parent.start()
    try:
        assert _wait_for(lambda: pidfile.exists() and pidfile.read_text(), 30)
        child = int(pidfile.read_text())
        assert not _gone(child)
    finally:
        parent.kill()
        parent.join()
    assert _wait_for(lambda: _gone(child), 10)


def test_a_daemon_process_does_not_start_a_portfolio():
    ctx = mp.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_report_available, args=(send,), daemon=True)
    proc.start()
    send.close()
    assert recv.recv() is False
    proc.join()
    assert available() is True


def _state(pid):
    """The one-letter state of process ``pid`` (``T`` stopped, ``S`` sleeping...), from /proc."""
    with open(f"/proc/{pid}/status") as fh:
        return next(line.split()[1] for line in fh if line.startswith("State:"))


def _counter(path, seconds, value):
    """Write a growing count to ``path`` for ``seconds`` of its own running, then return ``value``."""
    n, end = 0, time.process_time() + seconds
    while time.process_time() < end:
        n += 1
        if n % 1000 == 0:
            with open(path, "w") as fh:
                fh.write(str(n))
    return value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process states from /proc")
def test_a_race_pauses_its_children_between_runs_and_they_go_on(tmp_path):
    path = tmp_path / "count"
    race = Race([Job(_counter, (str(path), 0.6, "done"), name="count")])
    try:
        out = race.run(time.perf_counter() + 0.2)
        assert out.stopped == "time limit" and not out.answered
        pid = race.procs[0][1].pid
        assert _wait_for(lambda: _state(pid) == "T", 5)  # paused: its count does not move
        before = path.read_text()
        time.sleep(0.3)
        assert path.read_text() == before
        out = race.run(time.perf_counter() + 30)  # the same child goes on (0.6 s of its own work in all)
        assert out.value == "done" and out.name == "count"
    finally:
        race.close()
    assert _wait_for(lambda: _gone(pid), 5)


def test_a_race_left_running_answers_at_once_in_its_next_run():
    race = Race([Job(_sleep_then, (0.3, "ready"))])
    try:
        assert race.run(time.perf_counter() + 0.05, pause=False).stopped == "time limit"
        time.sleep(0.6)  # the child finishes in the background
        t = time.perf_counter()
        out = race.run(time.perf_counter() + 30)
        assert out.value == "ready" and time.perf_counter() - t < 5
    finally:
        race.close()


def test_a_forked_copy_of_a_race_runs_and_closes_it(tmp_path):
    # The work that made a race may go on in a forked process: the copy signals the children by their ids, reads
    # their pipes and kills them; the process that started them reaps them.
    pidfile = tmp_path / "pid"
    race = Race([Job(_sleep_then, (0.5, "answer")), Job(_pid_then_sleep, (str(pidfile), 60))], slots=2)
    assert race.run(time.perf_counter() + 0.1).stopped == "time limit"
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the forked copy
        try:
            out = race.run(time.perf_counter() + 30)
            race.close()
            os.write(write, repr(out.value).encode())
        finally:
            os._exit(0)
    os.close(write)
    got = os.read(read, 100).decode()
    os.waitpid(pid, 0)
    os.close(read)
    assert got == "'answer'"
    slow = int(pidfile.read_text())
    assert _wait_for(lambda: _gone(slow), 5)  # killed by the copy
    race.close()  # the parent reaps what is left
