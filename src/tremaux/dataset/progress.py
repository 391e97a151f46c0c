"""A rich progress bar for :func:`tremaux.dataset.build`, drawn on stderr.

The library never prints on its own: pass the reporter this context manager
yields as ``progress=`` to opt in.

Examples
--------
>>> import io
>>> from rich.console import Console
>>> with rich_progress(console=Console(file=io.StringIO())) as report:
...     report(0, 10)
...     report(10, 10)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["rich_progress"]


@contextmanager
def rich_progress(description: str = "mazes", *, console: Any = None) -> Iterator:
    """Yield ``report(done, total)`` that drives a bar with count, rate and time left.

    Parameters
    ----------
    description : str
        Label in front of the bar.
    console : rich.console.Console, optional
        Where to draw (default: stderr).

    Yields
    ------
    callable
        ``report(done, total)``, to pass as ``progress=`` to :func:`~tremaux.dataset.build`.

    Examples
    --------
    >>> import io, rich.console
    >>> with rich_progress("mazes", console=rich.console.Console(file=io.StringIO())) as report:
    ...     report(5, 10)
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Rows per second built by this run (rows found on disk do not count)."""

        def render(self, task: Any) -> Text:
            elapsed = task.elapsed or 0.0
            built = task.completed - task.fields.get("resumed", 0)
            if elapsed <= 0 or built <= 0:
                return Text("- mazes/s", style="progress.data.speed")
            return Text(f"{built / elapsed:,.0f} mazes/s", style="progress.data.speed")

    console = console or Console(stderr=True)
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, refresh_per_second=4) as bar:
        task: list[int] = []

        def report(done: int, total: int) -> None:
            if not task:
                task.append(bar.add_task(description, total=total, completed=done, resumed=done))
            else:
                bar.update(task[0], completed=done, total=total)

        yield report
