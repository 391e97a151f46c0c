"""Fair scheduling: a quick lane and a heavy lane of worker processes, each with a bounded queue.

Every computation is a job of :mod:`tremaux.web.jobs`. Before it runs, its
work is estimated from the request alone (:func:`estimate`, in milliseconds
on a small machine); a job estimated above :data:`QUICK_MS` goes to the
*heavy* lane, every other to the *quick* lane. The two lanes have their own
worker processes (:class:`~tremaux.web.workers.WorkerPool`), their own
threads and their own bounded queues, so a cheap request never waits behind
an expensive one. Within a lane the next free worker goes to the waiting job
with the smallest estimate, and heavy-lane workers run at a lower CPU
priority (``heavy_nice``), so on a small machine the server and the quick
lane get the processor first.

The estimate, per job (``cells`` = the maze's cells on any grid; rows x cols on
the plain square grid):

==============  ===========================================================
maze            ``cells`` x :data:`GEN_MS_PER_CELL`, plus, for a maze with
                loops small enough for the exact diameter (a search from
                every cell), ``cells**2`` x :data:`PAIR_MS`
solve           the maze's estimate plus ``cells`` x :data:`SOLVE_MS_PER_CELL`
render          the maze's estimate plus ``pixels`` x :data:`PIXEL_MS`
nl_solve,       a search whose time size alone cannot predict: boards up to
nl_random       :data:`NL_QUICK_CELLS` cells are quick, larger are heavy
==============  ===========================================================

An estimate is only an estimate: a quick-lane job runs under the short
``quick_limit``; one that runs past it is stopped and run again on the heavy
lane under the full ``time_limit``. The heavy lane admits at most
``per_client`` jobs (running or waiting) per client address: more get
:class:`ClientLimit` (429). A lane whose workers are busy and whose queue is
full refuses at once with :class:`LaneFull` (503), never after a wait; both
carry a ``retry_after`` in seconds from the lane's recent job times.

Examples
--------
>>> estimate("maze", {"rows": 20, "cols": 20, "braid": 0.0}) < QUICK_MS
True
>>> estimate("maze", {"rows": 50, "cols": 50, "braid": 0.5}) > QUICK_MS  # exact diameter: 2500 searches
True
>>> estimate("nl_solve", {"grid": [[0] * 30] * 30}) > QUICK_MS
True
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import statistics
import time
from collections import Counter, deque
from functools import partial
from typing import Any

import anyio

from .config import ServerConfig
from .workers import JobTimeout, WorkerPool

__all__ = [
    "QUICK_MS",
    "NL_QUICK_CELLS",
    "GEN_MS_PER_CELL",
    "PAIR_MS",
    "SOLVE_MS_PER_CELL",
    "PIXEL_MS",
    "estimate",
    "LaneFull",
    "ClientLimit",
    "Lane",
    "Scheduler",
]

QUICK_MS = 150.0
"""Jobs estimated above this many milliseconds go to the heavy lane."""
NL_QUICK_CELLS = 64
"""Number Link boards up to this many cells are searched on the quick lane."""
GEN_MS_PER_CELL = 0.001
"""Generation and statistics of a maze, per cell (150 x 150 takes 12-25 ms)."""
PAIR_MS = 0.0001
"""Exact diameter of a maze with loops, per pair of cells (50 x 50 takes about 0.5 s)."""
SOLVE_MS_PER_CELL = 0.002
"""A maze solve with its trace, per cell (150 x 150 takes 2-50 ms)."""
PIXEL_MS = 0.00003
"""Drawing and encoding a picture, per pixel (9600 x 9600 PNG takes about 2.5 s)."""

_SEARCHES = frozenset({"nl_solve", "nl_random"})
_BUDGETED = _SEARCHES
"""Jobs that take a ``time_limit`` in their payload and stop themselves cleanly."""


def _cells(p: dict[str, Any]) -> int:
    """Cells of a maze request on any grid (rows x cols on the plain square grid)."""
    from .grids import check_grid, is_plain_square

    if p.get("grid") is None or is_plain_square(p):
        return int(p["rows"]) * int(p["cols"])
    return check_grid(p).size


def _maze_ms(p: dict[str, Any]) -> float:
    from .jobs import EXACT_DIAMETER_CELLS

    cells = _cells(p)
    ms = cells * GEN_MS_PER_CELL
    if float(p.get("braid", 0.0)) > 0 and cells <= EXACT_DIAMETER_CELLS:
        ms += cells * cells * PAIR_MS
    return ms


def estimate(job: str, payload: dict[str, Any]) -> float:
    """Estimated milliseconds of work of ``job`` on ``payload`` (see the table above).

    Parameters
    ----------
    job : str
        A job name of :data:`tremaux.web.jobs.JOBS`.
    payload : dict
        The job's validated request.

    Returns
    -------
    float
        Milliseconds on a small machine; ``math.inf`` for a search too big to predict.

    Examples
    --------
    >>> estimate("render", {"rows": 150, "cols": 150, "braid": 0.5, "cell": 64}) > QUICK_MS
    True
    >>> estimate("solve", {"maze": {"rows": 20, "cols": 20, "braid": 0.5}}) < QUICK_MS
    True
    >>> estimate("nl_random", {"rows": 8, "cols": 8}) < QUICK_MS
    True
    """
    if job in _SEARCHES:
        if "grid" in payload:
            cells = len(payload["grid"]) * max((len(r) for r in payload["grid"]), default=0)
        else:
            cells = int(payload["rows"]) * int(payload["cols"])
        return 1.0 if cells <= NL_QUICK_CELLS else math.inf
    if job == "maze":
        return _maze_ms(payload)
    if job == "solve":
        maze = payload["maze"]
        return _maze_ms(maze) + _cells(maze) * SOLVE_MS_PER_CELL
    if job == "render":
        cell = int(payload.get("cell", 16))
        pixels = _cells(payload) * cell * cell
        return _maze_ms(payload) + pixels * PIXEL_MS
    if job == "sleep":  # a test job: it may state its own estimate, to be misjudged on purpose
        return float(payload.get("estimate_ms", float(payload["seconds"]) * 1000))
    return 0.0


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

        Examples
        --------
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
        t0 = time.monotonic()
        try:
            await self._acquire(cost)  # LaneFull when a cheaper newcomer takes this place
            try:
                # a worker is ours: the pool has it idle, or is replacing one that was stopped
                run = partial(self.pool.run, job, payload, timeout=self.time_limit, wait=60.0, encode=True)
                out = await anyio.to_thread.run_sync(run, limiter=self._limiter)
                self.recent.append(time.monotonic() - t0)
                return out
            except JobTimeout:
                self.recent.append(self.time_limit)
                raise
            finally:
                self._release()
        finally:
            self.active -= 1
            self.clients[client] -= 1
            if self.clients[client] <= 0:
                del self.clients[client]

    def status(self) -> dict[str, Any]:
        """Workers, capacity, jobs running or waiting, and the current Retry-After.

        Returns
        -------
        dict
            ``workers``, ``capacity``, ``active``, ``waiting``, ``time_limit``, ``retry_after``.

        Examples
        --------
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> lane.status()
        {'workers': 1, 'capacity': 1, 'active': 0, 'waiting': 0, 'time_limit': 30, 'retry_after': 15}
        >>> lane.close()
        """
        return {"workers": self.pool.size, "capacity": self.capacity, "active": self.active,
                "waiting": len(self._queue), "time_limit": self.time_limit, "retry_after": self.retry_after()}

    def close(self) -> None:
        """Stop the lane's workers.

        Examples
        --------
        >>> lane = Lane("heavy", WorkerPool(1, warm=False), waiting=0, time_limit=30, per_client=1)
        >>> lane.close()
        """
        self.pool.close()


class Scheduler:
    """The quick and heavy lanes of one server, and the choice between them.

    Parameters
    ----------
    config : ServerConfig
        Workers, queues, limits.
    warm : bool
        Let each new worker load the default kernels before taking jobs.

    Examples
    --------
    >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
    >>> sched.lane_for("nl_solve", {"grid": [[0] * 30] * 30}).name, sched.lane_for("maze", {"rows": 20, "cols": 20}).name
    ('heavy', 'quick')
    >>> sched.close()
    """

    def __init__(self, config: ServerConfig, *, warm: bool = True) -> None:
        self.config = config
        self.quick = Lane("quick", WorkerPool(config.workers, warm=warm), waiting=config.queue,
                          time_limit=min(config.quick_limit, config.time_limit), per_client=config.quick_per_client)
        self.heavy = Lane("heavy", WorkerPool(config.heavy_workers, warm=warm, nice=config.heavy_nice),
                          waiting=config.heavy_queue,
                          time_limit=config.time_limit, per_client=config.per_client)

    def lane_for(self, job: str, payload: dict[str, Any]) -> Lane:
        """The lane ``job`` goes to first, by :func:`estimate`.

        Parameters
        ----------
        job : str
            A name in :data:`~tremaux.web.jobs.JOBS`.
        payload : dict
            Its request.

        Returns
        -------
        Lane
            The quick lane or the heavy one.

        Examples
        --------
        >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
        >>> sched.lane_for("maze", {"rows": 20, "cols": 20}).name
        'quick'
        >>> sched.close()
        """
        return self.heavy if estimate(job, payload) > QUICK_MS else self.quick

    async def run(self, job: str, payload: dict[str, Any], client: str) -> Any:
        """Run ``job`` on its lane; a quick job that outruns ``quick_limit`` moves to the heavy lane.

        Parameters
        ----------
        job : str
            A name in :data:`~tremaux.web.jobs.JOBS`.
        payload : dict
            Its request.
        client : str
            The client's address.

        Returns
        -------
        bytes
            The job's answer as JSON (or the picture's bytes).

        Examples
        --------
        >>> import anyio
        >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
        >>> anyio.run(sched.run, "echo", {"x": 1}, "127.0.0.1")
        b'{"x":1}'
        >>> sched.close()
        """
        cost = estimate(job, payload)
        if cost > QUICK_MS:
            return await self.heavy.run(job, self._budget(job, payload, self.heavy), client, cost=cost)
        try:
            # no budget of its own: a search that would need longer is stopped and moved
            return await self.quick.run(job, self._budget(job, payload, None), client, cost=cost)
        except JobTimeout:
            return await self.heavy.run(job, self._budget(job, payload, self.heavy), client, cost=cost)

    @staticmethod
    def _budget(job: str, payload: dict[str, Any], lane: Lane | None) -> dict[str, Any]:
        if job not in _BUDGETED:
            return payload
        return {**payload, "time_limit": None if lane is None else lane.time_limit}

    def status(self) -> dict[str, Any]:
        """Both lanes' :meth:`Lane.status`, and whether their workers have started.

        Returns
        -------
        dict
            ``ready``, ``quick`` and ``heavy``.

        Examples
        --------
        >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
        >>> sorted(sched.status())
        ['heavy', 'quick', 'ready']
        >>> sched.close()
        """
        return {"ready": self.quick.pool.ready and self.heavy.pool.ready,
                "quick": self.quick.status(), "heavy": self.heavy.status()}

    def close(self) -> None:
        """Stop every worker.

        Examples
        --------
        >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
        >>> sched.close()
        """
        self.quick.close()
        self.heavy.close()
