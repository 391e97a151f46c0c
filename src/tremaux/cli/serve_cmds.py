"""``tremaux serve``: the web page (maze demo and Number Link board) on a local address."""

from __future__ import annotations

import typer

from .app import app, time_limit_option, workers_option


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", "-p", metavar="N", min=1, max=65535, help="Port to listen on."),
    workers: int = workers_option(2, "Worker processes for cheap requests.", min=1, max=64),
    heavy_workers: int = typer.Option(1, "--heavy-workers", metavar="N", min=1, max=64,
                                      help="Worker processes for expensive requests (Number Link searches...)."),
    time_limit: float = time_limit_option(10.0, "Seconds an expensive job may run.", min=0.1),
    per_client: int = typer.Option(1, "--per-client", metavar="N", min=1, max=64,
                                   help="Expensive jobs one client may have running or waiting."),
) -> None:
    """Serve the web page: the Tremaux maze demo and a Number Link board."""
    from ..web import serve as run

    shown = f"[{host}]" if ":" in host else host
    # said once the address is taken: a bad setting or an address in use is one line 'error: ...' instead
    run(host, port, workers=workers, heavy_workers=heavy_workers, time_limit=time_limit, per_client=per_client,
        listening=lambda: typer.echo(f"tremaux web page on http://{shown}:{port}/  "
                                     f"(API docs: http://{shown}:{port}/docs; Ctrl+C stops)"))
