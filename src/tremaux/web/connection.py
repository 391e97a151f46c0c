"""The client's connection, watched while its computation runs: a client that goes away leaves no job behind.

A page closed, or a request given up for a newer one, closes its connection;
:func:`while_connected` then cancels the computation, and the lane stops its
job (:meth:`tremaux.web.lanes.Lane.run`): its worker process is stopped and
replaced, and the client's share of jobs is free again at once.

Examples
--------
>>> from tremaux.web.connection import ClientGone
>>> issubclass(ClientGone, Exception)
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from fastapi import Request

__all__ = ["ClientGone", "while_connected"]


class ClientGone(Exception):
    """The client closed its connection before its answer was ready (its computation was stopped).

    Examples
    --------
    >>> from tremaux.web.connection import ClientGone
    >>> isinstance(ClientGone(), Exception)
    True
    """


async def _disconnected(request: Request) -> None:
    """Return once the client has closed its connection (the body, already read, is passed over)."""
    try:
        while (await request.receive())["type"] != "http.disconnect":
            pass
    except Exception:  # noqa: BLE001 - the connection cannot be watched: the job runs to its end as before
        await asyncio.Event().wait()


async def while_connected(request: Request, work: Awaitable[Any]) -> Any:
    """Await ``work`` while the client of ``request`` stays connected; cancel it when the client goes away.

    A page closed, or a request given up for a newer one, leaves no job
    behind: cancelling ``work`` stops its job (:meth:`tremaux.web.lanes.Lane.run`),
    so its worker and the client's share are free for the next request.

    Parameters
    ----------
    request : fastapi.Request
        The request whose connection is watched (its body already read).
    work : awaitable
        The computation, typically :meth:`tremaux.web.schedule.Scheduler.run`.

    Returns
    -------
    object
        What ``work`` returns.

    Raises
    ------
    ClientGone
        The client closed its connection first; ``work`` was cancelled and has ended.

    Examples
    --------
    >>> from tremaux.web.connection import while_connected, ClientGone
    >>> import asyncio
    >>> from starlette.requests import Request
    >>> async def gone():
    ...     return {"type": "http.disconnect"}
    >>> async def main():
    ...     request = Request({"type": "http", "method": "GET", "headers": []}, receive=gone)
    ...     try:
    ...         await while_connected(request, asyncio.sleep(60))
    ...     except ClientGone:
    ...         return "stopped at once"
    >>> asyncio.run(main())
    'stopped at once'
    """
    job = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait([job, watch], return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:  # the server is stopping
        job.cancel()
        watch.cancel()
        raise
    if job.done():
        watch.cancel()
        return job.result()
    job.cancel()
    await asyncio.wait([job])  # until the job has let its worker go
    if not job.cancelled():
        job.exception()  # an answer or error that came meanwhile: nobody reads it
    raise ClientGone
