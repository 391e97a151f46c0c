"""``tremaux warmup``: compile every kernel now, with a progress bar, so later commands start at once."""

from __future__ import annotations

import time

import typer

from .app import ANNOUNCED, app


@app.command()
def warmup(quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar.")) -> None:
    """Compile every numba kernel ahead (once per install; later runs load them from the cache)."""
    from .. import _numba
    from ..warmup import warmup as run

    where = _numba.cache_dir() or f"{_numba.KERNELS_DIR}/__pycache__"
    ANNOUNCED.append("warmup")  # the progress bar says it all: no "first use" line
    compiled: list[str] = []
    _numba.on_compile(compiled.append)
    t0 = time.perf_counter()
    if quiet:
        total = run()
    else:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = (TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
            task = bar.add_task("compiling", total=None)

            def report(label: str, done: int, total: int) -> None:
                bar.update(task, description=label, completed=done, total=total)

            total = run(report)
    seconds = time.perf_counter() - t0
    typer.echo(f"warm: {total} tasks in {seconds:.1f} s, {len(compiled)} kernels compiled, cache in {where}", err=True)
