"""The typer application and the options shared by several commands."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer

from ..errors import CellError, InvalidSizeError

app = typer.Typer(
    name="tremaux",
    help="Mazes and Number Link puzzles: generate, solve, render, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_SIZE = re.compile(r"^\s*(\d+)\s*[xX*,]\s*(\d+)(?:\s*[xX*,]\s*(\d+))?\s*$")


def parse_size(text: str) -> tuple[int, ...]:
    """Parse ``"HxW"`` or ``"LxHxW"`` into a tuple.

    Examples
    --------
    >>> parse_size("25x40"), parse_size("2x5x5")
    ((25, 40), (2, 5, 5))
    """
    m = _SIZE.match(text or "")
    if not m:
        raise InvalidSizeError(f"size {text!r} is not of the form HxW or LxHxW (for example 20x30)")
    return tuple(int(g) for g in m.groups() if g is not None)


def parse_cell(text: str | None, what: str = "cell") -> tuple[int, ...] | None:
    """Parse ``"R,C"`` or ``"L,R,C"`` into a tuple (``None`` stays ``None``).

    Examples
    --------
    >>> parse_cell("3,4")
    (3, 4)
    """
    if text is None:
        return None
    parts = re.split(r"[,\s]+", text.strip().strip("()[]"))
    try:
        cell = tuple(int(p) for p in parts)
    except ValueError:
        raise CellError(f"{what} {text!r} is not of the form R,C or L,R,C") from None
    if len(cell) not in (2, 3):
        raise CellError(f"{what} {text!r} is not of the form R,C or L,R,C")
    return cell


# Options shared by several commands, defined once.
SeedOption = typer.Option(None, "--seed", help="Random seed; the same seed gives the same result.")
JsonOption = typer.Option(False, "--json", help="Print machine-readable JSON on stdout.")
StartOption = typer.Option(None, "--start", help="Start cell as R,C (or L,R,C).")
GoalOption = typer.Option(None, "--goal", help="Goal cell as R,C (or L,R,C).")


LONG_WORK_CELLS = 4_000_000
"""Mazes of at least this many cells take a second or more to generate, solve or draw: the commands say so on stderr."""


def announce(cells: int, doing: str) -> None:
    """Print ``doing`` on stderr before work on a maze of ``cells`` cells that will take a while.

    The numba kernels cannot report progress while they run, so the line
    comes before the work, with its size, so that a long wait is explained.

    Parameters
    ----------
    cells : int
        Cells of the maze worked on; nothing is printed below :data:`LONG_WORK_CELLS`.
    doing : str
        What is about to happen, e.g. ``"solving maze.npz with bfs"``.

    Examples
    --------
    >>> announce(10, "solving a tiny maze")   # quick work: nothing printed
    """
    if cells >= LONG_WORK_CELLS:
        typer.echo(f"{doing} ({cells:,} cells); this may take a while...", err=True)


def existing_file(path: Path) -> Path:
    """Check that ``path`` names a readable file."""
    if not path.exists():
        raise FileNotFoundError(2, "No such file", str(path))
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    return path


__all__ = ["app", "parse_size", "parse_cell", "SeedOption", "JsonOption", "StartOption", "GoalOption",
           "existing_file", "announce", "LONG_WORK_CELLS", "Optional"]


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"tremaux {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
    memory_limit: Optional[str] = typer.Option(
        None, "--memory-limit", metavar="SIZE",
        help="Refuse work whose estimated peak memory is over SIZE (e.g. 8G, 512M, or 'none'); "
             "default: $TREMAUX_MEMORY_LIMIT, else half the free memory (90% of a cgroup or ulimit -v cap).",
    ),
) -> None:
    """Mazes and Number Link puzzles: generate, solve, render, serve."""
    if memory_limit is not None:
        from .. import budget

        ctx.with_resource(budget.limited(memory_limit))


PICTURE_SUFFIXES = (".png", ".svg", ".gif")
"""Extensions that ``--out`` draws as a picture rather than saving as a maze file."""


def wants_animation(out: Path | None) -> bool:
    """True when ``--out`` names a GIF, so the run must be recorded."""
    return out is not None and out.suffix.lower() == ".gif"


def save_output(obj: object, out: Path, to: str | None = None) -> None:
    """Write ``--out``: a picture for .png/.svg/.gif, else a maze file (format from ``--to`` or the extension).

    ``obj`` is a Maze, a Solution or a Generated result (pictures show its path or replay its run).
    """
    from .. import io as maze_io
    from .. import render
    from ..errors import UnsupportedError

    suffix = out.suffix.lower()
    if to is None and suffix in PICTURE_SUFFIXES:
        render.save(obj, out)
    else:
        fmt = to or maze_io.format_from_extension(out) or ("ascii" if suffix == ".txt" else None)
        if fmt is None:
            raise UnsupportedError(
                f"cannot tell what to write to {str(out)!r} from its extension: use .png, .svg or .gif for a "
                f"picture, .txt, .json or .npz for a maze file, or name a format with --to "
                f"({', '.join(maze_io.FORMATS.names())})"
            )
        maze = getattr(obj, "maze", obj)
        maze_io.save(maze, out, fmt)
    typer.echo(f"wrote {out}", err=True)
