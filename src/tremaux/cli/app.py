"""The typer application and the options shared by several commands."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

import click
import typer

from ..errors import CellError, InvalidSizeError

app = typer.Typer(
    name="tremaux",
    help="Mazes and Number Link puzzles: generate, solve, render, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no rich markdown at start-up, no <bool> after flags
)

_SIZE = re.compile(r"^\s*(\d+)\s*[xX*,]\s*(\d+)(?:\s*[xX*,]\s*(\d+))?\s*$")


def parse_size(text: str) -> tuple[int, ...]:
    """Parse ``"HxW"`` or ``"LxHxW"`` into a tuple.

    Parameters
    ----------
    text : str
        Numbers joined by ``x`` (spaces allowed around them).

    Returns
    -------
    tuple of int
        ``(H, W)`` or ``(L, H, W)``.

    Raises
    ------
    InvalidSizeError
        For text of another form.

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

    Parameters
    ----------
    text : str or None
        Numbers joined by commas, or ``None``.
    what : str, default "cell"
        What the cell is (``start``, ``goal``), for the message.

    Returns
    -------
    tuple of int or None
        ``(row, col)`` or ``(level, row, col)``; ``None`` for ``None``.

    Raises
    ------
    CellError
        For text of another form.

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


# The vocabulary: one spelling (and short form) per concept, defined once here and used by every command.
# docs/cli.md lists it; tests/test_vocabulary.py walks the command tree and fails on a concept spelled two ways.
DEFAULT_SIZE = "10x20"
"""Default maze size of every maze command (HxW)."""
DEFAULT_GENERATOR = "backtracker"
"""Default generator of every command that generates."""


def generator_option(help: str = "Generator (see `tremaux generate --list`); default backtracker.") -> Any:
    """``--generator/-g NAME``: the maze generator (``None`` when not given, see :func:`renamed`).

    Parameters
    ----------
    help : str
        The help line of this command's option.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> generator_option().param_decls
    ('--generator', '-g')
    """
    return typer.Option(None, "--generator", "-g", metavar="NAME", help=help)


def solver_option(default: str | None = None, help: str = "Solver (see `tremaux solve --list`).") -> Any:
    """``--solver/-s NAME``: the solver (maze or Number Link, after the command).

    Parameters
    ----------
    default : str, optional
        The solver when the option is not given.
    help : str
        The help line of this command's option.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> solver_option("bfs").default
    'bfs'
    """
    return typer.Option(default, "--solver", "-s", metavar="NAME", help=help)


def size_option(default: str | None = DEFAULT_SIZE, help: str = "Maze size HxW (or LxHxW for levels).") -> Any:
    """``--size HxW``, by default :data:`DEFAULT_SIZE`.

    Parameters
    ----------
    default : str, optional
        The size when the option is not given (``None``: the command decides, e.g. from a mask).
    help : str
        The help line of this command's option.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> size_option().default
    '10x20'
    """
    return typer.Option(default, "--size", metavar="HxW", help=help)


def out_option(help: str = "File to write; its extension picks the format.", required: bool = False) -> Any:
    """``--out/-o FILE``: the output file.

    Parameters
    ----------
    help : str
        The help line of this command's option.
    required : bool, default False
        Whether the command needs it.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> out_option().param_decls
    ('--out', '-o')
    """
    return typer.Option(... if required else None, "--out", "-o", metavar="FILE", help=help)


def format_option(help: str = "Output format (default: from the --out extension).") -> Any:
    """``--format/-f NAME``: the output format.

    Parameters
    ----------
    help : str
        The help line of this command's option (which formats it takes).


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> format_option().param_decls
    ('--format', '-f')
    """
    return typer.Option(None, "--format", "-f", metavar="NAME", help=help)


def style_option(help: str = "Text style: ascii, unicode or block.") -> Any:
    """``--style NAME``: how a maze is drawn with characters (default ascii everywhere).

    Parameters
    ----------
    help : str
        The help line of this command's option.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> style_option().default
    'ascii'
    """
    return typer.Option("ascii", "--style", metavar="NAME", help=help)


def time_limit_option(default: float | None = None, help: str = "Seconds before giving up.", **kw: Any) -> Any:
    """``--time-limit SECONDS``.

    Parameters
    ----------
    default : float, optional
        Seconds when the option is not given (``None``: no limit).
    help : str
        The help line of this command's option.
    **kw
        Further ``typer.Option`` settings (``min=``...).


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> time_limit_option(10.0).default
    10.0
    """
    return typer.Option(default, "--time-limit", metavar="SECONDS", help=help, **kw)


def count_option(help: str) -> Any:
    """``--count/-n N``: how many.

    Parameters
    ----------
    help : str
        The help line of this command's option.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> count_option("Number of mazes.").param_decls
    ('--count', '-n')
    """
    return typer.Option(None, "--count", "-n", metavar="N", help=help)


def workers_option(default: int | None = None, help: str = "Worker processes.", **kw: Any) -> Any:
    """``--workers/-w N``: worker processes.

    Parameters
    ----------
    default : int, optional
        Processes when the option is not given (``None``: the command decides, usually all cores).
    help : str
        The help line of this command's option.
    **kw
        Further ``typer.Option`` settings (``min=``, ``max=``).


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> workers_option(2).default
    2
    """
    return typer.Option(default, "--workers", "-w", metavar="N", help=help, **kw)


def list_option(what: str) -> Any:
    """``--list``: list a registry and exit.

    Parameters
    ----------
    what : str
        What is listed, for the help line (``"generators"``).


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> list_option("solvers").help
    'List the registered solvers, one per line, and exit.'
    """
    return typer.Option(False, "--list", help=f"List the registered {what}, one per line, and exit.")


def deprecated(old: str, *short: str) -> Any:
    """A hidden option kept for one release under an old spelling (see :func:`renamed`).

    Parameters
    ----------
    old : str
        The old long spelling (``"--algorithm"``).
    *short : str
        Its old short form, if any.


    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> deprecated("--to").hidden
    True
    """
    return typer.Option(None, old, *short, hidden=True)


def renamed(value: Any, old_value: Any, old: str, new: str) -> Any:
    """The value of option ``new``, or of its deprecated spelling ``old`` (with a warning on stderr).

    Parameters
    ----------
    value : object
        What the new spelling got (``None`` when not given).
    old_value : object
        What the old spelling got (``None`` when not given).
    old, new : str
        The two spellings, for the messages.

    Returns
    -------
    object
        ``old_value`` when given, else ``value``.

    Raises
    ------
    click.UsageError
        When both spellings are given different values.

    Examples
    --------
    >>> renamed("wilson", None, "--algorithm", "--generator")
    'wilson'
    """
    if old_value is None:
        return value
    if value is not None and value != old_value:
        raise click.UsageError(f"{old} is the old spelling of {new}; give only {new}")
    typer.echo(f"warning: {old} is deprecated; use {new}", err=True)
    return old_value


SeedOption = typer.Option(None, "--seed", metavar="N", help="Random seed; the same seed gives the same result.")
JsonOption = typer.Option(False, "--json", help="Print machine-readable JSON on stdout.")
StartOption = typer.Option(None, "--start", metavar="R,C", help="Start cell as R,C (or L,R,C).")
GoalOption = typer.Option(None, "--goal", metavar="R,C", help="Goal cell as R,C (or L,R,C).")


def property_lines(rows: list[tuple[str, Any]]) -> str:
    """Properties one per line, as ``stats`` prints them: label right-aligned, yes/no, ``-`` for none.

    Parameters
    ----------
    rows : list of (str, object)
        Labels and values, in order.

    Returns
    -------
    str
        One line per property, no newline at the end.

    Examples
    --------
    >>> print(property_lines([("cells", 6), ("perfect", True), ("goal", None)]))
               cells  6
             perfect  yes
                goal  -
    """
    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return "-" if value is None else str(value)

    return "\n".join(f"{label:>16}  {shown(value)}" for label, value in rows)


ANNOUNCED: list[str] = []
"""Kernels whose compilation was announced in this run (one line is enough)."""


def first_use(kernel: str) -> None:
    """Say once per run, on stderr, that kernels are being compiled (it only happens on a cold cache).

    Parameters
    ----------
    kernel : str
        The kernel being compiled (from :func:`tremaux._numba.on_compile`).

    Examples
    --------
    >>> ANNOUNCED.append("warmup")  # already said (a warm-up shows a progress bar instead)
    >>> first_use("tremaux.kernels.gen_tree.growing_tree")
    >>> ANNOUNCED.clear()
    """
    if not ANNOUNCED:
        typer.echo("first use: compiling the kernels this command needs, once (a few seconds; "
                   "`tremaux warmup` compiles them all ahead)", err=True)
        ANNOUNCED.append(kernel)


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


def interpret_small_mazes() -> None:
    """Let this command run its kernels as Python on mazes of up to :data:`tremaux._jit.SMALL_MAZE_CELLS` cells.

    A fresh process spends about 0.3 s of CPU importing numba and loading a cached kernel; the generators and
    solvers, interpreted, take less than that up to that size (see :mod:`tremaux._jit`, whose tests check that
    both ways give the same mazes and paths). Bigger mazes are compiled as before.

    Examples
    --------
    >>> from tremaux import _jit
    >>> interpret_small_mazes(); _jit.interpreted_limit() == _jit.SMALL_MAZE_CELLS
    True
    >>> _jit.allow_interpreted(0)
    """
    from .. import _jit

    _jit.allow_interpreted(_jit.SMALL_MAZE_CELLS)


def interpret_small_puzzles() -> None:
    """Let this command solve Number Link puzzles of up to :data:`tremaux._jit.SMALL_PUZZLE_CELLS` cells without numba.

    The pipeline then skips the compiled search on such puzzles and SAT answers, its helper kernels run as
    Python (:func:`tremaux.numberlink.solvers.search.compiled_now`); a bigger puzzle, the traveler, the
    router or the generator load numba as before.

    Examples
    --------
    >>> from tremaux import _jit
    >>> interpret_small_puzzles(); _jit.interpreted_limit() == _jit.SMALL_PUZZLE_CELLS
    True
    >>> _jit.allow_interpreted(0)
    """
    from .. import _jit

    _jit.allow_interpreted(_jit.SMALL_PUZZLE_CELLS)


def existing_file(path: Path) -> Path:
    """Check that ``path`` names a readable file.

    Parameters
    ----------
    path : pathlib.Path
        The file a command was given.

    Returns
    -------
    pathlib.Path
        ``path`` itself.

    Raises
    ------
    FileNotFoundError
        When nothing is at ``path``.
    IsADirectoryError
        When ``path`` is a folder.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> existing_file(Path(tempfile.gettempdir()))
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] Is a directory: '...'
    """
    if not path.exists():
        raise FileNotFoundError(2, "No such file", str(path))
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    return path


__all__ = ["app", "parse_size", "parse_cell", "SeedOption", "JsonOption", "StartOption", "GoalOption",
           "existing_file", "announce", "LONG_WORK_CELLS", "Optional", "DEFAULT_SIZE", "DEFAULT_GENERATOR",
           "generator_option", "solver_option", "size_option", "out_option", "format_option", "style_option",
           "time_limit_option", "count_option", "workers_option", "list_option", "deprecated", "renamed",
           "property_lines", "first_use", "ANNOUNCED"]


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
    """True when ``--out`` names a GIF, so the run must be recorded.

    Parameters
    ----------
    out : pathlib.Path or None
        The ``--out`` file, if any.

    Returns
    -------
    bool
        Whether the file is a ``.gif``.

    Examples
    --------
    >>> from pathlib import Path
    >>> wants_animation(Path("run.GIF")), wants_animation(Path("maze.png")), wants_animation(None)
    (True, False, False)
    """
    return out is not None and out.suffix.lower() == ".gif"


def save_output(obj: object, out: Path, to: str | None = None) -> None:
    """Write ``--out``: a picture for .png/.svg/.gif, else a maze file (format from ``--format`` or the extension).

    ``obj`` is a Maze, a Solution or a Generated result (pictures show its path or replay its run).

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to write.
    out : pathlib.Path
        The file; its extension chooses a picture or a maze format.
    to : str, optional
        A maze file format (``--format``) that wins over the extension.

    Raises
    ------
    UnsupportedError
        When neither ``to`` nor the extension names a format.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux import generate
    >>> out = Path(tempfile.mkdtemp()) / "maze.txt"
    >>> save_output(generate((2, 3), seed=1), out)
    >>> print(out.read_text(), end="")
    +---+---+---+
    | S         |
    +   +---+   +
    |   |     G |
    +---+---+---+
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
                f"picture, .txt, .json or .npz for a maze file, or name a format with --format "
                f"({', '.join(maze_io.FORMATS.names())})"
            )
        maze = getattr(obj, "maze", obj)
        maze_io.save(maze, out, fmt)
    typer.echo(f"wrote {out}", err=True)
