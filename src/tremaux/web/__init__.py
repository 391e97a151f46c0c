"""The web page: the Tremaux maze demo and a Number Link board, served by FastAPI.

:func:`create_app` builds the application (page, JSON API, OpenAPI schema at
``/openapi.json``); :func:`serve` runs it with uvicorn under the limits of a
:class:`ServerConfig`; ``tremaux serve`` is the command line way in.
"""

from __future__ import annotations

import socket
from collections.abc import Callable

from ..errors import TremauxError
from .app import create_app
from .config import ServerConfig

__all__ = ["create_app", "serve", "ServerConfig"]


def serve(host: str = "127.0.0.1", port: int = 8000, config: ServerConfig | None = None, *,
          listening: Callable[[], None] | None = None, **changes: object) -> None:
    """Run the web server until interrupted.

    Parameters
    ----------
    host, port : str, int
        Address to listen on (only this machine by default).
    config : ServerConfig, optional
        Workers, queues, time limits, timeouts and caps (the defaults when absent).
    listening : callable, optional
        Called once the address is taken, before the server starts (``tremaux serve`` prints its address).
    **changes
        Fields of :class:`ServerConfig` to change (``workers=4``...).

    Raises
    ------
    TremauxError
        A setting out of range, or an address this machine cannot listen on
        (unknown, not its own, or in use).

    Examples
    --------
    >>> from tremaux.web import serve
    >>> serve("127.0.0.1", 0, workers=0)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: server setting workers=0 must be at least 1
    >>> serve("no-such-host.invalid", 8000)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: cannot listen on no-such-host.invalid:8000: ...
    """
    from dataclasses import replace

    import uvicorn

    from .guard import uvicorn_config

    config = replace(config or ServerConfig(), **changes)
    sock = _listen(host, port)
    try:
        server = uvicorn.Server(uvicorn_config(create_app(config), host, port, config))
        if listening is not None:
            listening()
        server.run(sockets=[sock])
    finally:
        sock.close()


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (as uvicorn binds one), or a one-line error saying why not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise TremauxError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise TremauxError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock
