"""What the machine offers this process."""

from __future__ import annotations

import os

__all__ = ["cpu_count", "MAX_WORKERS_PER_CORE", "check_local_workers"]


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


MAX_WORKERS_PER_CORE = 4
"""Most local worker processes per core (a dataset's processes engine or local Dask cluster, ``tremaux warmup``):
more only share the cores, each with its own memory (a shard, or numba's compiler); a build that waits on a store
rather than on the CPU may use a few per core."""


def check_local_workers(workers: int, option: str = "workers") -> int:
    """Refuse more local worker processes than :data:`MAX_WORKERS_PER_CORE` times this machine's cores.

    Parameters
    ----------
    workers : int
        Processes asked for (at least 1, checked by the caller).
    option : str, default "workers"
        How the message names the option.

    Returns
    -------
    int
        ``workers``, unchanged.

    Raises
    ------
    tremaux.errors.TremauxError
        When ``workers`` is more than :data:`MAX_WORKERS_PER_CORE` times :func:`cpu_count`.

    Examples
    --------
    >>> check_local_workers(1)
    1
    >>> check_local_workers(10**6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: workers 1000000 is more than 4 times the ... of this machine: ...
    """
    from .errors import TremauxError

    cores = cpu_count()
    if workers > MAX_WORKERS_PER_CORE * cores:
        raise TremauxError(f"{option} {workers} is more than {MAX_WORKERS_PER_CORE} times the {cores} "
                           f"core{'s' if cores != 1 else ''} of this machine: the processes would only share "
                           f"them; give at most {MAX_WORKERS_PER_CORE * cores}")
    return workers
