"""``tremaux serve``: the web page (maze demo and Number Link board) on a local address."""

from __future__ import annotations

import typer

from .app import app


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", "-p", min=1, max=65535, help="Port to listen on."),
    workers: int = typer.Option(2, "--workers", min=1, max=64, help="Worker processes for cheap requests."),
    heavy_workers: int = typer.Option(1, "--heavy-workers", min=1, max=64,
                                      help="Worker processes for expensive requests (Number Link searches...)."),
    time_limit: float = typer.Option(10.0, "--time-limit", min=0.1, help="Seconds an expensive job may run."),
    per_client: int = typer.Option(1, "--per-client", min=1, max=64,
                                   help="Expensive jobs one client may have running or waiting."),
) -> None:
    """Serve the web page: the Tremaux maze demo and a Number Link board."""
    from ..web import serve as run

    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"tremaux web page on http://{shown}:{port}/  (API docs: http://{shown}:{port}/docs; Ctrl+C stops)")
    run(host, port, workers=workers, heavy_workers=heavy_workers, time_limit=time_limit, per_client=per_client)
