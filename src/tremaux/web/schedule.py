"""Fair scheduling: a quick lane and a heavy lane of worker processes, each with a bounded queue.

Every computation is a job of :mod:`tremaux.web.jobs`. Before it runs, its
work is estimated from the request alone (:func:`~tremaux.web.costs.estimate`,
in milliseconds on a small machine, see :mod:`tremaux.web.costs`); a job
estimated above :data:`~tremaux.web.costs.QUICK_MS` goes to the *heavy* lane,
every other to the *quick* lane. The two lanes (:class:`~tremaux.web.lanes.Lane`)
have their own worker processes (:class:`~tremaux.web.workers.WorkerPool`),
their own threads and their own bounded queues, so a cheap request never
waits behind an expensive one. Within a lane the next free worker goes to the
waiting job with the smallest estimate, and heavy-lane workers run at a lower
CPU priority (``heavy_nice``), so on a small machine the server and the quick
lane get the processor first.

An estimate is only an estimate: a quick-lane job runs under the short
``quick_limit``; one that runs past it is stopped and run again on the heavy
lane under the full ``time_limit``. The heavy lane admits at most
``per_client`` jobs (running or waiting) per client address: more get
:class:`~tremaux.web.lanes.ClientLimit` (429). A lane whose workers are busy
and whose queue is full refuses at once with
:class:`~tremaux.web.lanes.LaneFull` (503), never after a wait; both carry a
``retry_after`` in seconds from the lane's recent job times.

The names of :mod:`tremaux.web.costs` and :mod:`tremaux.web.lanes` are
importable from here too.

Examples
--------
>>> from tremaux.web.costs import estimate
>>> from tremaux.web.schedule import QUICK_MS
>>> estimate("maze", {"rows": 20, "cols": 20, "braid": 0.0}) < QUICK_MS
True
>>> estimate("maze", {"rows": 50, "cols": 50, "braid": 0.5}) > QUICK_MS  # exact diameter: 2500 searches
True
>>> estimate("nl_solve", {"grid": [[0] * 30] * 30}) > QUICK_MS
True
"""

from __future__ import annotations

from typing import Any

from .config import ServerConfig
from .costs import (GEN_MS_PER_CELL, GRID_PICTURE_MS_PER_CELL, GRID_STAGE_MS_PER_CELL, NL_QUICK_CELLS,  # noqa: F401
                    PAIR_MS, PIXEL_MS, QUICK_MS, SOLVE_MS_PER_CELL, _BUDGETED, estimate)
from .lanes import ClientLimit, Lane, LaneFull  # noqa: F401
from .workers import JobTimeout, WorkerPool

__all__ = ["Scheduler"]


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
    >>> from tremaux.web import ServerConfig
    >>> from tremaux.web.schedule import Scheduler
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
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.schedule import Scheduler
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
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.schedule import Scheduler
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
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.schedule import Scheduler
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
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.schedule import Scheduler
        >>> sched = Scheduler(ServerConfig(workers=1), warm=False)
        >>> sched.close()
        """
        self.quick.close()
        self.heavy.close()
