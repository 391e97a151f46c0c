"""A rich progress bar for :func:`tremaux.dataset.build`, drawn on stderr.

The library never prints on its own: pass the reporter this context manager
yields as ``progress=`` to opt in.

Examples
--------
>>> from tremaux.dataset.progress import rich_progress
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
def rich_progress(description: str = "mazes", *, console: Any = None, every: float = 10.0) -> Iterator:
    """Yield ``report(done, total)`` that drives a bar with count, rate and time left.

    On a console that is not a terminal (stderr sent to a log file, a batch job) a bar is never redrawn,
    so a line is written instead, at most every ``every`` seconds and at the end.

    Parameters
    ----------
    description : str
        Label in front of the bar.
    console : rich.console.Console, optional
        Where to draw (default: stderr).
    every : float, default 10.0
        Seconds between two lines on a console that is not a terminal.

    Yields
    ------
    callable
        ``report(done, total)``, to pass as ``progress=`` to :func:`~tremaux.dataset.build`.

    Examples
    --------
    >>> from tremaux.dataset.progress import rich_progress
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
            from .build import rate_text

            return Text(f"{rate_text(built / elapsed)} mazes/s", style="progress.data.speed")

    console = console or Console(stderr=True)
    if not console.is_terminal:
        yield _lines(description, console.file, every)
        return
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


def _lines(description: str, file: Any, every: float):
    """``report(done, total)`` writing a line of count, rate and time left at most every ``every`` seconds."""
    import time

    state: dict[str, Any] = {}

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if not state:
            state.update(start=now, first=done, last=now)
            return
        if done < total and now - state["last"] < every:
            return
        state["last"] = now
        built, elapsed = done - state["first"], now - state["start"]
        rate = built / elapsed if elapsed > 0 else 0.0
        left = f"{int((total - done) / rate) // 60}:{int((total - done) / rate) % 60:02d}" if rate > 0 else "-"
        share = 100.0 * done / total if total else 100.0
        file.write(f"{description} {done:,}/{total:,} ({share:.0f} %), {rate:,.0f} {description}/s, {left} left\n")
        file.flush()

    return report
