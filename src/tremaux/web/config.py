"""The web server's limits in one object: pools, queues, time limits, timeouts and caps.

:class:`ServerConfig` gathers every number that keeps one visitor from
stalling the server (see :mod:`tremaux.web.schedule` for the two lanes of
work and :mod:`tremaux.web.guard` for the HTTP-level guards). ``tremaux
serve`` and :func:`tremaux.web.create_app` take one.

Examples
--------
>>> from tremaux.web import ServerConfig
>>> cfg = ServerConfig(time_limit=5)
>>> cfg.heavy_workers, cfg.per_client, cfg.max_body
(1, 1, 262144)
>>> ServerConfig(workers=0)
Traceback (most recent call last):
...
tremaux.errors.TremauxError: server setting workers=0 must be at least 1
"""

from __future__ import annotations

import math

from dataclasses import dataclass, fields

from ..errors import TremauxError

__all__ = ["ServerConfig"]


@dataclass(frozen=True)
class ServerConfig:
    """Every limit of the web server.

    Parameters
    ----------
    workers : int
        Worker processes of the quick lane (mazes, pictures, small solves).
    heavy_workers : int
        Worker processes of the heavy lane (Number Link searches, big jobs).
    time_limit : float
        Seconds a heavy-lane job may run before its worker is stopped (408).
    quick_limit : float
        Seconds a quick-lane job may run (at most ``time_limit``); one that
        runs longer was underestimated and is run again on the heavy lane.
    queue : int
        Quick-lane requests that may wait for a worker; more get 503 at once.
    heavy_queue : int
        Heavy-lane requests that may wait for a worker; more get 503 at once.
    per_client : int
        Heavy jobs one client address may have running or waiting; more get 429.
    quick_per_client : int
        Quick jobs one client address may have running or waiting; more get 429.
    heavy_nice : int
        CPU priority added to heavy-lane workers (``os.nice``), so that on a
        busy machine the server and the quick lane get the processor first.
    max_requests : int
        Requests being handled at once (all kinds); more get 503 at once.
    max_body : int
        Largest request body in bytes; a larger one gets 413 before it is read.
    header_timeout : float
        Seconds a client may take to send a request's line and headers.
    body_timeout : float
        Seconds a client may take to send a request's body.
    keep_alive : int
        Seconds an idle kept-alive connection stays open.
    max_header_bytes : int
        Largest request line plus headers in bytes (larger: 431, or 400 when
        they arrive in pieces).

    Examples
    --------
    >>> from tremaux.web import ServerConfig
    >>> ServerConfig(workers=1, time_limit=5).quick_limit
    2.0
    """

    workers: int = 2
    heavy_workers: int = 1
    time_limit: float = 10.0
    quick_limit: float = 2.0
    queue: int = 32
    heavy_queue: int = 2
    per_client: int = 1
    quick_per_client: int = 8
    heavy_nice: int = 10
    max_requests: int = 128
    max_body: int = 256 * 1024
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    keep_alive: int = 5
    max_header_bytes: int = 16 * 1024

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TremauxError(f"server setting {f.name}={value!r} must be a number")
            if f.name in ("queue", "heavy_queue", "heavy_nice"):
                if value < 0:
                    raise TremauxError(f"server setting {f.name}={value!r} must be 0 or more")
            elif f.type in ("int", int):
                if value < 1:
                    raise TremauxError(f"server setting {f.name}={value!r} must be at least 1")
            elif not (value > 0 and math.isfinite(value)):  # an infinite limit is no limit
                raise TremauxError(f"server setting {f.name}={value!r} must be a positive, finite number of seconds")
