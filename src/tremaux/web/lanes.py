"""A lane of the web server: worker processes, a bounded queue served cheapest first, a per-client limit.

A lane whose workers are busy and whose queue is full refuses at once with
:class:`LaneFull` (503), never after a wait; one client over its share gets
:class:`ClientLimit` (429). Both carry a ``retry_after`` in seconds from the
lane's recent job times. :class:`~tremaux.web.schedule.Scheduler` holds two
lanes, quick and heavy.

Examples
--------
>>> from tremaux.web.lanes import LaneFull
>>> str(LaneFull("heavy", 7))
"the server's heavy lane is full; try again in 7 s"
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import statistics
import threading
import time
from collections import Counter, deque
from functools import partial
from typing import Any

import anyio

from .workers import JobTimeout, WorkerPool

__all__ = ["LaneFull", "ClientLimit", "Lane"]


class LaneFull(Exception):
    """Every worker of a lane is busy and its queue is full: answer 503 at once.

    Parameters
    ----------
    lane : str
        The lane's name.
    retry_after : int
        Seconds for the ``Retry-After`` header.

    Examples
    --------
    >>> from tremaux.web.lanes import LaneFull
    >>> str(LaneFull("heavy", 7))
    "the server's heavy lane is full; try again in 7 s"
    """

    def __init__(self, lane: str, retry_after: int) -> None:
        self.lane = lane
        self.retry_after = retry_after
        super().__init__(f"the server's {lane} lane is full; try again in {retry_after} s")


class ClientLimit(Exception):
    """One client already has its share of a lane's jobs running or waiting: answer 429.

    Parameters
    ----------
    lane : str
        The lane's name.
    limit : int
        Jobs one client may have there.
    retry_after : int
        Seconds for the ``Retry-After`` header.

    Examples
    --------
    >>> from tremaux.web.lanes import ClientLimit
    >>> str(ClientLimit("heavy", 1, 5))
    'you already have 1 expensive request running or waiting; send the next when it is answered'
    """

    def __init__(self, lane: str, limit: int, retry_after: int) -> None:
        self.lane = lane
        self.limit = limit
        self.retry_after = retry_after
        what = "expensive request" if lane == "heavy" else "request"
        super().__init__(f"you already have {limit} {what}{'s' if limit > 1 else ''} running or waiting; "
                         f"send the next when it is answered")


class Lane:
    """Worker processes, a bounded queue served cheapest first, and an optional per-client limit.

    Parameters
    ----------
    name : str
        ``"quick"`` or ``"heavy"`` (shown in messages).
    pool : WorkerPool
        The lane's worker processes.
    waiting : int
        Requests that may wait for a worker beyond those running.
    time_limit : float
        Seconds one job may run before its worker is stopped.
    per_client : int or None
        Jobs one client may have running or waiting (``None``: no limit).

    Notes
    -----
    Waiting jobs are handed the next free worker in order of their estimate
    (then of arrival): a small job never waits behind a bigger one that came
    first. When the lane is full, a newcomer displaces the priciest waiting
    job if it is cheaper (that one gets :class:`LaneFull`), so a queue full of
    big jobs never turns a small one away.

    Examples
    --------
    >>> from tremaux.web.lanes import Lane
    >>> from tremaux.web.workers import WorkerPool
    >>> import anyio
    >>> lane = Lane("quick", WorkerPool(1, warm=False), waiting=0, time_limit=30)
    >>> anyio.run(lane.run, "echo", {"x": 1}, "client")
    b'{"x":1}'
    >>> lane.close()
    """

    def __init__(self, name: str, pool: WorkerPool, *, waiting: int, time_limit: float,
                 per_client: int | None = None) -> None:
        self.name = name
        self.pool = pool
        self.capacity = pool.size + waiting
        self.time_limit = time_limit
        self.per_client = per_client
        self.active = 0
        self.clients: Counter[str] = Counter()
        self.recent: deque[float] = deque(maxlen=32)
        self._free = pool.size
        self._queue: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._limiter: anyio.CapacityLimiter | None = None

    def retry_after(self) -> int:
        """Seconds until a slot is likely free: recent job time times the waves ahead.

        Returns
        -------
        int
            Seconds, at least 1.

        Examples
        --------
        >>> from tremaux.web.lanes import Lane
        >>> from tremaux.web.workers import WorkerPool
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> lane.retry_after()  # no job has run yet: half the time limit
        15
        >>> lane.close()
        """
        mean = statistics.fmean(self.recent) if self.recent else self.time_limit / 2
        waves = math.ceil((self.active + 1) / self.pool.size)
        return max(1, min(120, math.ceil(mean * waves)))

    def admit(self, client: str, cost: float = 0.0) -> None:
        """Make room for ``client``'s job of estimate ``cost``, or refuse it at once.

        When the lane is full, the priciest waiting job is refused in its
        place (:class:`LaneFull`) if it is estimated above ``cost``: a full
        queue of big jobs never turns a small one away.

        Parameters
        ----------
        client : str
            The client's address.
        cost : float, default 0.0
            The job's estimate in milliseconds.

        Raises
        ------
        ClientLimit
            ``client`` already has ``per_client`` jobs here.
        LaneFull
            Every worker is busy and no waiting job is pricier.

        Examples
        --------
        >>> from tremaux.web.lanes import Lane
        >>> from tremaux.web.workers import WorkerPool
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> lane.admit("127.0.0.1")
        >>> lane.close()
        """
        if self.per_client is not None and self.clients[client] >= self.per_client:
            raise ClientLimit(self.name, self.per_client, self.retry_after())
        if self.active < self.capacity:
            return
        waiting = [entry for entry in self._queue if not entry[2].done()]
        priciest = max(waiting, key=lambda e: (e[0], e[1]), default=None)
        if priciest is None or priciest[0] <= cost:
            raise LaneFull(self.name, self.retry_after())
        self._queue.remove(priciest)
        heapq.heapify(self._queue)
        priciest[2].set_exception(LaneFull(self.name, self.retry_after()))

    async def _acquire(self, cost: float) -> None:
        if self._free > 0 and not self._queue:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (cost, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled() and turn.exception() is None:  # the worker was ours: pass it on
                self._release()
            raise

    def _release(self) -> None:
        while self._queue:
            _, _, turn = heapq.heappop(self._queue)
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1

    async def run(self, job: str, payload: dict[str, Any], client: str, *, cost: float = 0.0) -> Any:
        """Run ``job`` for ``client`` on this lane; its answer as JSON bytes (or picture bytes).

        Parameters
        ----------
        job, payload : str, dict
            What to run (:data:`tremaux.web.jobs.JOBS`).
        client : str
            Who asks (an address), for the per-client limit.
        cost : float
            The job's estimate: the cheapest waiting job gets the next worker.

        Returns
        -------
        bytes or str
            The answer, encoded by the worker.

        Raises
        ------
        LaneFull, ClientLimit
            At once, when the job cannot be queued.
        JobTimeout, JobError, PoolBusy
            From the worker pool.

        Notes
        -----
        Cancelling the task that awaits this (a client went away) stops the
        job: it leaves the queue, or its worker process is stopped and
        replaced; the client's share is free at once, the worker once its
        replacement is on its way.

        Examples
        --------
        >>> from tremaux.web.lanes import Lane
        >>> from tremaux.web.workers import WorkerPool
        >>> import anyio
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> anyio.run(lane.run, "echo", {"x": 1}, "127.0.0.1")
        b'{"x":1}'
        >>> lane.close()
        """
        self.admit(client, cost)
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.pool.size)
        self.active += 1
        self.clients[client] += 1
        counted = True
        t0 = time.monotonic()
        try:
            await self._acquire(cost)  # LaneFull when a cheaper newcomer takes this place
            cancel = threading.Event()
            try:
                # a worker is ours: the pool has it idle, or is replacing one that was stopped
                run = partial(self.pool.run, job, payload, timeout=self.time_limit, wait=60.0, encode=True,
                              cancel=cancel)
                work = asyncio.ensure_future(anyio.to_thread.run_sync(run, limiter=self._limiter))
                try:
                    out = await asyncio.shield(work)
                except asyncio.CancelledError:
                    # nobody waits for the answer (the client went away): the client's share is free at once,
                    # the worker is stopped and replaced before the lane hands it on
                    self._forget(client)
                    counted = False
                    cancel.set()
                    await asyncio.wait([work])
                    if not work.cancelled():
                        work.exception()  # JobCancelled, or the answer that came first: dropped either way
                    raise
                self.recent.append(time.monotonic() - t0)
                return out
            except JobTimeout:
                self.recent.append(self.time_limit)
                raise
            finally:
                self._release()
        finally:
            self.active -= 1
            if counted:
                self._forget(client)

    def _forget(self, client: str) -> None:
        """One job fewer for ``client``."""
        self.clients[client] -= 1
        if self.clients[client] <= 0:
            del self.clients[client]

    def status(self) -> dict[str, Any]:
        """Workers, capacity, jobs running or waiting, and the current Retry-After.

        Returns
        -------
        dict
            ``workers``, ``idle`` (workers started and free), ``capacity``, ``active``, ``waiting``,
            ``time_limit``, ``retry_after``.

        Examples
        --------
        >>> from tremaux.web.lanes import Lane
        >>> from tremaux.web.workers import WorkerPool
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> status = lane.status()
        >>> {k: status[k] for k in ("workers", "capacity", "active", "waiting", "time_limit", "retry_after")}
        {'workers': 1, 'capacity': 1, 'active': 0, 'waiting': 0, 'time_limit': 30, 'retry_after': 15}
        >>> lane.close()
        """
        return {"workers": self.pool.size, "idle": self.pool.idle, "capacity": self.capacity,
                "active": self.active, "waiting": len(self._queue), "time_limit": self.time_limit,
                "retry_after": self.retry_after()}

    def close(self) -> None:
        """Stop the lane's workers.

        Examples
        --------
        >>> from tremaux.web.lanes import Lane
        >>> from tremaux.web.workers import WorkerPool
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> lane.close()
        """
        self.pool.close()
