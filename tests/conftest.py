"""What the whole suite shares: the kernels compiled ahead, on a core the tests leave idle.

The README's command runs the tests in one process per core (pytest-xdist), which keeps every core busy; a run
in one process (``python -m pytest`` without ``-n``) leaves a core idle on a machine of two, so a run of many
tests there starts ``tremaux warmup`` (one worker) beside them: with an empty numba cache (a fresh clone) it compiles
the registry's kernels while the first tests run, and the tests then load most kernels from the cache instead of
compiling them (about 110 s of CPU time on a fresh clone). With a warm cache it only loads them (about 3 s).
The tests check the same things either way: every test already passes with a warm cache or a cold one.

``TREMAUX_TEST_WARMUP=0`` turns it off, ``=1`` starts it whatever the number of tests (and in a run of
several processes, where it is off by default, starts one beside them).
"""

from __future__ import annotations

import os
import subprocess
import sys

WARMUP_FROM = 200
"""The fewest tests for which the suite compiles ahead (a run of one file compiles only what it needs)."""

_warmup: subprocess.Popen | None = None

collect_ignore = ["conftest.py"]
"""Not a module of doctests: collected so (``--doctest-modules``) it would clash with ``browser/conftest.py``."""


def pytest_collection_finish(session):
    global _warmup
    wanted = os.environ.get("TREMAUX_TEST_WARMUP", "")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if wanted == "0" or _warmup is not None or worker not in (None, "gw0"):
        return
    if wanted != "1" and (worker is not None or len(session.items) < WARMUP_FROM):
        return
    _warmup = subprocess.Popen([sys.executable, "-m", "tremaux", "warmup", "--quiet", "--workers", "1"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest_sessionfinish(session, exitstatus):
    global _warmup
    if _warmup is not None:
        if _warmup.poll() is None:  # a short run: the cache keeps what it compiled so far
            _warmup.terminate()
        _warmup.wait()
        _warmup = None
