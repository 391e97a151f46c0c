"""``tremaux warmup``: compile every kernel now, with a progress bar, so later commands start at once."""

from __future__ import annotations

import time
from typing import Optional

import typer

from ..errors import TremauxError

from .app import ANNOUNCED, app, workers_option


@app.command()
def warmup(
    workers: Optional[int] = workers_option(None, "Processes to compile in (default: one per core; tasks sharing "
                                                  "kernels run in one process, see docs/benchmarks.md)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Compile every numba kernel ahead (once per install; later runs load them from the cache)."""
    from .. import _system
    from ..warmup import useful_workers

    if workers is not None and workers < 1:
        raise TremauxError(f"--workers {workers} must be at least 1")
    if workers is not None:  # each process holds numba's compiler: as many as a dataset may start, no more
        _system.check_local_workers(workers, "--workers")
    n = useful_workers(workers or _system.cpu_count())  # no more processes than groups of tasks to hand out
    try:
        _warm(n, quiet)
    except KeyboardInterrupt:  # the processes are ended by now: one line instead of their tracebacks
        typer.echo("interrupted: the kernels compiled so far are cached; run `tremaux warmup` again for the rest",
                   err=True)
        raise typer.Exit(130) from None


def _warm(n: int, quiet: bool) -> None:
    """The body of :func:`warmup`, in ``n`` processes."""
    from .. import _numba
    from ..warmup import warmup as run

    where = _numba.cache_dir() or f"{_numba.KERNELS_DIR}/__pycache__"
    ANNOUNCED.append("warmup")  # the progress bar says it all: no "first use" line
    compiled: list[str] = []
    _numba.on_compile(compiled.append)
    t0 = time.perf_counter()
    if quiet:
        total = run(workers=n)
    else:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = (TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
            task = bar.add_task("compiling", total=None)

            def report(label: str, done: int, total: int) -> None:
                bar.update(task, description=label, completed=done, total=total)

            total = run(report, workers=n)
    seconds = time.perf_counter() - t0
    done = f"{len(compiled)} kernels compiled" if n == 1 else f"{n} processes"
    typer.echo(f"warm: {total} tasks in {seconds:.1f} s ({done}), cache in {where}", err=True)
