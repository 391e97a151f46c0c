"""The registry of the jobs the workers run: a name for each function of :mod:`tremaux.web.jobs` and :mod:`.nl_jobs`.

Examples
--------
>>> from tremaux.web.job_registry import JOBS
>>> from tremaux.web import jobs
>>> JOBS["echo"] is jobs.echo_job
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["JOBS"]

JOBS: dict[str, Callable[[dict[str, Any]], Any]] = {}
"""Job name -> function, the only things a worker runs."""


def _job(fn: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
    JOBS[fn.__name__.removesuffix("_job")] = fn
    return fn
