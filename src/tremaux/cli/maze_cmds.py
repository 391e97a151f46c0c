"""Commands on saved mazes: ``show``, ``info``, ``convert``.

Every command that reads a maze goes through :func:`load_maze`, which
accepts every format of :mod:`tremaux.io` (text formats recognised from
their content) and ``-`` for standard input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Optional

import typer

from .output import shown

from typing import TYPE_CHECKING

from ..errors import UnknownNameError, UnsupportedError
from .options import _in_path, _out_path, out_option
from .app import (JsonOption, _WordsCommand, announce, app, deprecated, existing_file, format_option,
                  property_lines, renamed, style_option)

if TYPE_CHECKING:
    from ..maze import Maze

__all__ = ["load_maze"]

LONG_READ_BYTES = 16 * 2**20
"""Files this big take seconds to read and check (an .npz of 16 MiB holds about 40,000,000 cells): say so."""

FileArgument = typer.Argument(..., metavar="FILE", parser=_in_path, help="Maze file: ascii or block text, .json, .npz, or a picture of a "
                              "square maze (.png, .gif, .jpg...) ('-' reads stdin).")


def load_maze(path: str | Path, *, then: Callable[[int], int] | None = None, doing: str = "") -> Maze:
    """Read the maze a command was given, in any format; ``-`` reads standard input.

    ``then(cells)`` is the peak memory of the work the command does next: an
    ``.npz`` file's header gives the number of cells, so work over the budget
    is refused before the file is read (``doing`` names it in the message).

    Parameters
    ----------
    path : str or pathlib.Path
        The maze file, or ``-`` for standard input.
    then : callable, optional
        Peak bytes of the next step for a maze of that many cells.
    doing : str, default ""
        What the next step makes, for the message.

    Returns
    -------
    Maze
        The maze the file holds.

    Examples
    --------
    >>> from tremaux.cli.maze_cmds import load_maze
    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "m.txt"
    >>> from tremaux import generate, io
    >>> io.save(generate((2, 3), seed=1).maze, path, "ascii")
    >>> load_maze(path).shape
    (2, 3)
    """
    from .. import budget
    from .. import io as maze_io

    if then is not None and str(path) != "-":
        shape = maze_io.npz.peek_shape(Path(path)) if Path(path).is_file() else None
        if shape is not None and len(shape) in (2, 3) and min(shape) > 0:
            cells = 1
            for d in shape:
                cells *= d
            budget.check(then(cells), f"{doing} a {' x '.join(map(str, shape))} maze")
    if str(path) == "-":
        from .sources import stdin_bytes

        return maze_io.loads(stdin_bytes(), source="<stdin>")
    p = existing_file(Path(path))
    size = p.stat().st_size
    if size >= LONG_READ_BYTES:
        from ..budget import format_bytes

        with p.open("rb") as f:
            head = f.read(4)
        if head != maze_io._ZIP and not maze_io.image.is_image(head):  # text: refused at once over the cap
            budget.check_text_size(size, source=str(p))
        typer.echo(f"reading {p} ({format_bytes(size)}); this may take a while...", err=True)
    return maze_io.load(p)


def show_grid_file(path: Path, style: str | None) -> None:
    """``tremaux show`` for a grid maze file: the text drawing of a plain square one, else its braille drawing.

    Parameters
    ----------
    path : pathlib.Path
        The grid maze file.
    style : str or None
        ``ascii`` (the default), ``block``, ``unicode`` or ``braille``; a maze on another grid than the plain
        square one is drawn in braille (:mod:`tremaux.grids.braille`).

    Raises
    ------
    UnsupportedError
        For a style but braille on another grid than the square one without wrap or weave, or a maze too
        wide for the terminal.

    Examples
    --------
    >>> from tremaux.cli.maze_cmds import show_grid_file
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import files, generate_on, make_grid
    >>> d = Path(tempfile.mkdtemp())
    >>> files.save(generate_on(make_grid("triangle", size=(2, 3)), seed=1).maze, d / "t.json")
    >>> show_grid_file(d / "t.json", None)
    ⠀⠀⡔⠒⠒⠒⠒⡄⠀
    ⢀⠎S⠀⢀⠀⠀⠈⢆
    ⠀⢣⠀⢠⠃⠀G⢠⠃
    ⠀⠀⠣⠧⠤⠤⠤⠃⠀
    >>> show_grid_file(d / "t.json", "ascii")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: a triangle maze is drawn in text with --style braille (ascii, unicode ...
    """
    from .. import io as maze_io

    from .grid_cmds import load_grid

    maze = load_grid(path, interpret=True)
    g = maze.grid
    style = None if style is None else style.strip().lower()
    if g.name != "square" or "wrap" in g.params or "weave" in g.params:
        from ..grids.braille import to_braille

        from .grid_files import check_braille

        check_braille(g, style)
        return typer.echo(to_braille(maze))
    square = maze.to_maze()
    if style in ("unicode", "braille"):
        from ..render import to_text

        typer.echo(to_text(square, style=style))
    else:
        typer.echo(maze_io.dumps(square, style or "ascii"))


@app.command()
def show(
    file: Path = FileArgument,
    style: Optional[str] = style_option("Text style: ascii (default) or block (maze files, read back by every "
                                        "command), unicode (box drawing, as render and demo print) or braille (the "
                                        "drawing of every grid)."),
) -> None:
    """Print a saved maze as text."""
    from .. import io as maze_io
    from .grid_cmds import is_grid_file

    given = style
    style = "ascii" if style is None else style.strip().lower()
    if style not in ("ascii", "block", "unicode", "braille"):  # checked before the file is read
        if style in maze_io.FORMATS:
            raise UnsupportedError(f"show prints a drawing; style {style!r} is not one, use ascii, block, unicode "
                                   "or braille")
        raise UnknownNameError("text style", style, ("ascii", "block", "unicode", "braille"))
    if is_grid_file(str(file)):  # a maze on a polar, hex, ... grid
        return show_grid_file(file, given)
    maze = load_maze(file)
    if style in ("unicode", "braille"):
        from ..render import to_text

        typer.echo(to_text(maze, style=style))
        return
    typer.echo(maze_io.dumps(maze, style))


class _OldDestCommand(_WordsCommand):
    """``convert``: its usage line leaves out the hidden, deprecated ``DEST`` argument."""

    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if not (param.param_type_name == "argument" and getattr(param, "hidden", False)):
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


@app.command(cls=_OldDestCommand)
def convert(
    src: Path = FileArgument,
    old_dest: Optional[Path] = typer.Argument(None, metavar="", hidden=True, parser=_out_path,
                                              help="Deprecated: the file to write, now --out."),
    out: Optional[Path] = out_option("File to write ('-' writes stdout, with --format); its extension picks the "
                                     "format. Without it, --format ascii, block, json or tokens prints the maze."),
    fmt: Optional[str] = format_option("Output format: ascii, block, json, tokens (maze-dataset's), npz or png "
                                       "(default: from the extension: .txt, .json, .npz, .png)."),
    to: Optional[str] = deprecated("--to"),
) -> None:
    """Convert a maze file between the ascii, block, json, tokens, npz and png formats (it reads pictures of mazes too)."""
    import click

    from .. import io as maze_io

    from .output import check_output

    from .sources import is_grid_file, load_grid

    from ..io.outputs import EXTENSIONS

    fmt = renamed(fmt, to, "--to", "--format")
    if old_dest is not None:  # ``convert FILE DEST``, the spelling of version 0.1
        if out is not None and out != old_dest:
            raise click.UsageError("the second argument DEST is the old spelling of --out; give only --out")
        typer.echo(f"warning: the output file as a second argument is deprecated; use --out {old_dest}", err=True)
        out = old_dest
    printed = out is None  # a text format named by --format is printed, as `generate` prints it
    on_grid = is_grid_file(str(src))  # a maze on a polar, hex, ... grid: json or npz only
    if printed:
        if fmt is None:
            raise click.UsageError("missing option '--out' / '-o': the file to write (or name a text format "
                                   "with --format ascii, block, json or tokens to print the maze)")
        from ..io.outputs import output_format

        fmt = output_format(None, fmt, accepts=("ascii", "block", "json", "tokens"), writer="tremaux convert without --out",
                            hint="save npz files and pictures with --out FILE (--out - writes them to stdout)")
    else:
        unnamed = fmt is None and out.suffix.lower() not in EXTENSIONS  # '-': the formats to name are those it takes
        fmt = check_output(out, fmt, accepts=("json", "npz") if on_grid and unnamed else maze_io.SAVE_FORMATS,
                           writer="tremaux convert", hint="tremaux render draws SVG and GIF pictures",
                           reads=(src,))  # before reading
    if on_grid:
        from ..grids import files

        if fmt not in ("json", "npz"):
            name = "<stdin>" if str(src) == "-" else src  # standard input is named so in every message
            raise UnsupportedError(f"{name} holds a maze on a grid other than the square one: tremaux convert writes "
                                   f"it as json or npz only, not {fmt}; tremaux render draws it as a picture "
                                   "(.png or .svg)")
        grid = load_grid(src if str(src) == "-" else existing_file(src))
        if printed:
            return typer.echo(files.dumps(grid))
        files.save(grid, out, fmt)
    else:
        maze = load_maze(src)
        if printed:
            return typer.echo(maze_io.dumps(maze, fmt))
        maze_io.save(maze, out, fmt)
    typer.echo(f"wrote {shown(out)} ({fmt})", err=True)
    from .output import note_text_cap

    note_text_cap(out, fmt)


@app.command()
def info(file: Path = FileArgument, as_json: bool = JsonOption) -> None:
    """Show the properties of a maze: cells, passages, loops, islands, dead ends..."""
    from .. import budget
    from ..maze import properties
    from .grid_cmds import grid_stats_text, is_grid_file

    if is_grid_file(str(file)):  # a maze on a polar, hex, ... grid: its measures
        return typer.echo(grid_stats_text(file, as_json))
    maze = load_maze(file, then=budget.measure_bytes, doing="measuring")
    announce(maze.flat.shape[0], f"measuring {file}")
    summary = properties.summary(maze)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    rows = []
    for key, value in summary.items():
        if key == "distance":  # (deprecated: the JSON's old name of solution_length)
            continue
        if key == "solution_length":  # worded as `tremaux stats` and a grid maze's info word it
            ends = f" {tuple(summary['start'])} - {tuple(summary['goal'])}" if summary["goal"] is not None else ""
            rows.append(("start to goal", "-" if summary["start"] is None or summary["goal"] is None
                         else "unreachable" if value is None else f"{value}{ends}"))
            continue
        if key == "degrees":
            value = ", ".join(f"{d}: {n}" for d, n in value.items())
        elif isinstance(value, list):
            value = " x ".join(map(str, value)) if key == "shape" else str(tuple(value))
        elif key == "dead_ends":  # a count and a percentage, as `tremaux stats` shows them
            walled = summary["degrees"].get("0")  # (see tremaux.measure.MazeStats.dead_ends)
            value = f"{value} ({100 * value / max(summary['cells'], 1):.1f}%)" + (
                f"; cells with one passage, not the {walled} walled-in (isolated)" if walled else "")
        rows.append((key.replace("_", " "), value))
    typer.echo(property_lines(rows))
