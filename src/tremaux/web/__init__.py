"""The web page: the Tremaux maze demo and a Number Link board, served by FastAPI.

:func:`create_app` builds the application (page, JSON API, OpenAPI schema at
``/openapi.json``); :func:`serve` runs it with uvicorn under the limits of a
:class:`ServerConfig`; ``tremaux serve`` is the command line way in.
"""

from __future__ import annotations

from .app import create_app
from .config import ServerConfig

__all__ = ["create_app", "serve", "ServerConfig"]


def serve(host: str = "127.0.0.1", port: int = 8000, config: ServerConfig | None = None, **changes: object) -> None:
    """Run the web server until interrupted.

    Parameters
    ----------
    host, port : str, int
        Address to listen on (only this machine by default).
    config : ServerConfig, optional
        Workers, queues, time limits, timeouts and caps (the defaults when absent).
    **changes
        Fields of :class:`ServerConfig` to change (``workers=4``...).

    Examples
    --------
    >>> serve("127.0.0.1", 0, workers=0)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: server setting workers=0 must be at least 1
    """
    from dataclasses import replace

    import uvicorn

    from .guard import uvicorn_config

    config = replace(config or ServerConfig(), **changes)
    uvicorn.Server(uvicorn_config(create_app(config), host, port, config)).run()
