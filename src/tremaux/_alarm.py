"""One thread that calls functions at given times: deadlines for calls that cannot look at the clock themselves.

A SAT call in a C extension runs until it is interrupted, so a deadline
needs another thread to call its ``interrupt`` when the time comes. A new
``threading.Timer`` per call costs about a millisecond to start and stop,
more than many of the calls it guards (a uniqueness check asks hundreds of
calls of a fraction of a millisecond). :data:`ALARM` is one thread for the
whole process, started on first use: :meth:`Alarm.set` and
:meth:`Alarm.clear` take a lock, a few microseconds each (the thread is
woken only by an alarm due sooner than the one it waits for). Any
number of alarms may be set at once (from several threads). A forked child
gets a fresh one (its thread is not copied by ``fork``).

The module knows nothing about what the functions do.

Examples
--------
>>> import time
>>> rang = []
>>> token = ALARM.set(time.perf_counter() + 0.01, lambda: rang.append(1))
>>> time.sleep(0.2); ALARM.clear(token), rang
(True, [1])
>>> ALARM.clear(ALARM.set(time.perf_counter() + 60, lambda: rang.append(2))), rang
(False, [1])
"""

from __future__ import annotations

import itertools
import math
import os
import threading
import time
from collections.abc import Callable

__all__ = ["Alarm", "ALARM"]


class Alarm:
    """Calls each function set at its time, from one daemon thread; cleared ones are not called.

    Examples
    --------
    >>> import time
    >>> alarm = Alarm()
    >>> alarm.clear(alarm.set(time.perf_counter() + 30, print))
    False
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._due: dict[int, tuple[float, Callable[[], object]]] = {}
        self._rang: set[int] = set()
        self._tokens = itertools.count()
        self._thread: threading.Thread | None = None
        self._wake = -math.inf  # when the thread next looks at the alarms (infinity: when one is set)

    def set(self, at: float, ring: Callable[[], object]) -> int:
        """Have ``ring()`` called at ``at`` (a :func:`time.perf_counter` value) unless cleared before.

        Parameters
        ----------
        at : float
            When, as a :func:`time.perf_counter` value (now or past: at once).
        ring : callable
            Called with no argument, from the alarm's thread; what it raises is dropped.

        Returns
        -------
        int
            A token for :meth:`clear`.
        """
        with self._cond:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tremaux-alarm", daemon=True)
                self._thread.start()
            token = next(self._tokens)
            self._due[token] = (at, ring)
            if at < self._wake:  # sooner than the thread means to wake: wake it now to wait less
                self._cond.notify()
        return token

    def clear(self, token: int) -> bool:
        """Cancel the alarm ``token``; whether it had already rung.

        Parameters
        ----------
        token : int
            What :meth:`set` returned.

        Returns
        -------
        bool
            True when ``ring`` was called (or is being called) before this.
        """
        with self._cond:
            self._due.pop(token, None)
            if token in self._rang:
                self._rang.discard(token)
                return True
            return False

    def _run(self) -> None:  # the alarm's thread
        with self._cond:
            while True:
                if not self._due:
                    self._wake = math.inf
                    self._cond.wait()
                    continue
                token, (at, ring) = min(self._due.items(), key=lambda item: item[1][0])
                left = at - time.perf_counter()
                if left > 0:
                    self._wake = at
                    self._cond.wait(min(left, WAIT_CAP))  # a far deadline (1e308 s) overflows the wait
                    continue
                del self._due[token]
                self._rang.add(token)
                try:
                    ring()
                except Exception:  # noqa: BLE001 - an alarm's function must not stop the thread
                    pass


WAIT_CAP = 3600.0
"""Longest single wait of the alarm's thread, in seconds: a later alarm is waited for in several."""

ALARM = Alarm()
"""The process's alarm."""


def _fresh_after_fork() -> None:  # pragma: no cover - runs in a forked child
    global ALARM
    ALARM = Alarm()  # the parent's thread is not in the child, and its lock may have been held at the fork


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_after_fork)
