"""What the machine offers this process."""

from __future__ import annotations

import os

__all__ = ["cpu_count"]


def cpu_count() -> int:
    """Cores this process may use (its CPU affinity where the platform has one).

    Examples
    --------
    >>> cpu_count() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
