"""Imported once by the worker pool's fork server: loads every kernel before any worker is forked.

Every worker process is forked from that server, so each starts with all
generators, solvers and renderers compiled (or loaded from numba's cache), and
a job's time limit never pays for a compilation. A failure here only costs
time later; it never stops the server.
"""

from __future__ import annotations

from .jobs import warm_all

try:
    warm_all()
except Exception:  # noqa: BLE001 - a broken algorithm is reported when it is used, not here
    pass
