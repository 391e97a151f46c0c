"""Commands on saved mazes: ``show``, ``info``, ``convert``.

Every command that reads a maze goes through :func:`load_maze`, which
accepts every format of :mod:`tremaux.io` (text formats recognised from
their content) and ``-`` for standard input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from typing import TYPE_CHECKING

from ..errors import UnsupportedError
from .app import JsonOption, app, deprecated, existing_file, format_option, property_lines, renamed, style_option

if TYPE_CHECKING:
    from ..maze import Maze

__all__ = ["load_maze"]

FileArgument = typer.Argument(..., help="Maze file: ascii or block text, .json or .npz ('-' reads stdin).")


def load_maze(path: str | Path) -> Maze:
    """Read the maze a command was given, in any format; ``-`` reads standard input."""
    from .. import io as maze_io

    if str(path) == "-":
        return maze_io.loads(sys.stdin.buffer.read(), source="<stdin>")
    return maze_io.load(existing_file(Path(path)))


@app.command()
def show(
    file: Path = FileArgument,
    style: str = style_option("Text style: ascii or block (maze files, read back by every command) or unicode "
                              "(box drawing, as render and demo print)."),
) -> None:
    """Print a saved maze as text."""
    from .. import io as maze_io

    maze = load_maze(file)
    if style.strip().lower() == "unicode":
        from ..render import to_text

        typer.echo(to_text(maze, style="unicode"))
        return
    if maze_io.FORMATS.get(style).binary or maze_io.FORMATS.get(style).name == "json":
        raise UnsupportedError(f"show prints a drawing; style {style!r} is not one, use ascii, block or unicode")
    typer.echo(maze_io.dumps(maze, style))


@app.command()
def convert(
    src: Path = FileArgument,
    dst: Path = typer.Argument(..., help="File to write."),
    fmt: Optional[str] = format_option("Output format: ascii, block, json or npz (default: from the extension)."),
    to: Optional[str] = deprecated("--to"),
) -> None:
    """Convert a maze file between the ascii, block, json and npz formats."""
    from .. import io as maze_io

    fmt = renamed(fmt, to, "--to", "--format") or maze_io.format_from_extension(dst)
    if fmt is None:
        raise UnsupportedError(
            f"cannot tell the output format of {str(dst)!r} from its extension (.json, .npz); "
            "add --format ascii, --format block, --format json or --format npz"
        )
    maze_io.FORMATS.get(fmt)  # an unknown name fails before reading
    maze_io.save(load_maze(src), dst, fmt)
    typer.echo(f"wrote {dst} ({maze_io.FORMATS.get(fmt).name})", err=True)


@app.command()
def info(file: Path = FileArgument, as_json: bool = JsonOption) -> None:
    """Show the properties of a maze: cells, passages, loops, islands, dead ends..."""
    from ..maze import properties

    summary = properties.summary(load_maze(file))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    rows = []
    for key, value in summary.items():
        if key == "degrees":
            value = ", ".join(f"{d}: {n}" for d, n in value.items())
        elif isinstance(value, list):
            value = " x ".join(map(str, value)) if key == "shape" else str(tuple(value))
        rows.append((key.replace("_", " "), value))
    typer.echo(property_lines(rows))
