"""The process's alarm thread (tremaux._alarm): deadlines for calls that cannot look at the clock."""

import os
import threading
import time

import pytest

from tremaux import _alarm
from tremaux._alarm import Alarm


def test_alarms_ring_in_order_and_cleared_ones_never():
    alarm = Alarm()
    rang = []
    now = time.perf_counter()
    tokens = [alarm.set(now + d, lambda d=d: rang.append(d)) for d in (0.15, 0.05, 0.10, 5.0)]
    assert alarm.clear(tokens[2]) is False  # cleared before its time: never rings
    time.sleep(0.4)
    assert rang == [0.05, 0.15]
    assert [alarm.clear(t) for t in tokens] == [True, True, False, False]
    assert alarm._due == {} and alarm._rang == set()  # nothing left behind


def test_a_function_that_raises_does_not_stop_the_alarm():
    alarm = Alarm()
    rang = []
    bad = alarm.set(time.perf_counter(), lambda: 1 / 0)
    good = alarm.set(time.perf_counter() + 0.05, lambda: rang.append(1))
    time.sleep(0.3)
    assert alarm.clear(bad) and alarm.clear(good) and rang == [1]


def test_one_thread_serves_alarms_set_from_many_threads():
    alarm = Alarm()
    rang = []

    def worker(k):
        token = alarm.set(time.perf_counter() + 0.02, lambda: rang.append((k, threading.get_ident())))
        time.sleep(0.3)
        assert alarm.clear(token)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(k for k, _ in rang) == list(range(8))
    assert len({ident for _, ident in rang}) == 1 and rang[0][1] == alarm._thread.ident


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_gets_a_working_alarm_of_its_own():
    rang = []
    _alarm.ALARM.clear(_alarm.ALARM.set(time.perf_counter() + 60, lambda: None))  # the parent's thread is running
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            token = _alarm.ALARM.set(time.perf_counter() + 0.02, lambda: rang.append(1))
            time.sleep(0.3)
            os.write(write, b"yes" if _alarm.ALARM.clear(token) and rang == [1] else b"no")
        finally:
            os._exit(0)
    os.close(write)
    got = os.read(read, 10)
    os.waitpid(pid, 0)
    os.close(read)
    assert got == b"yes"


def test_an_alarm_set_ages_away_does_not_stop_the_thread_for_the_next():
    alarm = Alarm()
    rang = []
    far = alarm.set(time.perf_counter() + 1e308, lambda: rang.append("far"))  # --time-limit 1e308
    time.sleep(0.05)
    near = alarm.set(time.perf_counter() + 0.05, lambda: rang.append("near"))
    time.sleep(0.3)
    assert rang == ["near"] and alarm._thread.is_alive()
    assert alarm.clear(near) is True and alarm.clear(far) is False
