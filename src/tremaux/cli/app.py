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


def existing_file(path: Path) -> Path:
    """Check that ``path`` names a readable file."""
    if not path.exists():
        raise FileNotFoundError(2, "No such file", str(path))
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    return path


__all__ = ["app", "parse_size", "parse_cell", "SeedOption", "JsonOption", "StartOption", "GoalOption",
           "existing_file", "Optional"]


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"tremaux {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Mazes and Number Link puzzles: generate, solve, render, serve."""
