"""The web page: the Tremaux maze demo and a Number Link board, served by FastAPI.

:func:`create_app` builds the application (page, JSON API, OpenAPI schema at
``/openapi.json``); :func:`serve` runs it with uvicorn; ``tremaux serve`` is
the command line way in.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, *, workers: int = 2, time_limit: float = 10.0) -> None:
    """Run the web server until interrupted.

    Parameters
    ----------
    host, port : str, int
        Address to listen on (only this machine by default).
    workers : int
        Worker processes that run generations and solves.
    time_limit : float
        Seconds any one computation may run before it is stopped.
    """
    import uvicorn

    uvicorn.run(create_app(workers=workers, time_limit=time_limit), host=host, port=port, log_level="warning")
