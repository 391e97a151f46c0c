"""The options shared by several commands (the values they read are parsed in :mod:`tremaux.cli.values`).

Every option is spelled once here and used by each command that takes it
(see ``docs/cli.md`` and ``tests/test_vocabulary.py``).

Examples
--------
>>> from tremaux.cli.options import parse_size, size_option, parse_cell
>>> parse_size("25x40"), parse_cell("3,4")
((25, 40), (3, 4))
>>> size_option().param_decls
('--size',)
"""

from __future__ import annotations

from typing import Any

import click
import typer

from ..errors import TremauxError
from .values import parse_cell, parse_size

__all__ = ["parse_size", "parse_cell", "SeedOption", "JsonOption", "StartOption", "GoalOption", "DEFAULT_SIZE",
           "DEFAULT_GENERATOR", "generator_option", "solver_option", "size_option", "out_option", "format_option",
           "style_option", "time_limit_option", "count_option", "workers_option", "list_option", "deprecated",
           "renamed"]

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
    >>> from tremaux.cli.options import generator_option
    >>> generator_option().param_decls
    ('--generator', '-g')
    """
    return typer.Option(None, "--generator", "-g", metavar="NAME", help=help, parser=_named_generator)


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
    >>> from tremaux.cli.options import solver_option
    >>> solver_option("bfs").default
    'bfs'
    """
    return typer.Option(default, "--solver", "-s", metavar="NAME", help=help, parser=_named_solver)


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
    >>> from tremaux.cli.options import size_option
    >>> size_option().default
    '10x20'
    """
    return typer.Option(default, "--size", metavar="HxW", help=help)


def out_option(help: str = "File to write; its extension picks the format.", required: bool = False,
               text: bool = False, dash: bool = True, folder: bool = False) -> Any:
    """``--out/-o FILE``: the output file (``--out/-o DIR`` for a folder); an empty name is refused (as a path it
    would be '.').

    Parameters
    ----------
    help : str
        The help line of this command's option.
    required : bool, default False
        Whether the command needs it.
    text : bool, default False
        Give the command the name as text (a path or a URL), not a :class:`pathlib.Path`.
    dash : bool, default True
        ``-`` is the standard output (given as ``/dev/stdout``); False gives the command ``Path("-")``, for a
        command that refuses ``--out -`` with its own message.
    folder : bool, default False
        The command writes a folder, not a file: its help shows ``--out DIR``.

    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Examples
    --------
    >>> from tremaux.cli.options import out_option
    >>> out_option().param_decls
    ('--out', '-o')
    >>> out_option().metavar, out_option(folder=True).metavar
    ('FILE', 'DIR')
    """
    return typer.Option(... if required else None, "--out", "-o", metavar="DIR" if folder else "FILE", help=help,
                        parser=(_out_folder if folder else _out_text) if text else _out_path if dash else _out_named)


def _named_generator(value: str) -> str:
    """The ``--generator`` value, refused when empty (it would pick the default one)."""
    if value == "":
        raise click.BadParameter("an empty name names no generator", param_hint="'--generator'")
    return value


def _named_solver(value: str) -> str:
    """The ``--solver`` value, refused when empty (it would pick the default one)."""
    if value == "":
        raise click.BadParameter("an empty name names no solver", param_hint="'--solver'")
    return value


def _in_path(value: str, hint: str = "FILE") -> Any:
    """A file argument (or ``--mask``) as a path, refused when empty (a path would make it '.', the current folder)."""
    from pathlib import Path

    if value == "":
        raise click.BadParameter("empty file name", param_hint=hint)
    return Path(value)


def _mask_path(value: str) -> Any:
    """The ``--mask`` file as a path, refused when empty."""
    return _in_path(value, "'--mask'")


def _out_text(value: str, what: str = "file") -> str:
    """The ``--out`` value, refused when empty."""
    if value == "":
        raise click.BadParameter(f"empty output {what} name", param_hint="'--out'")
    return value


def _out_folder(value: str) -> str:
    """The ``--out`` value of a command writing a folder, refused when empty."""
    return _out_text(value, "folder")


def _out_path(value: str) -> Any:
    """The ``--out`` value as a path, refused when empty (a path would make it '.', the current folder).

    ``-`` is the standard output, as it is the standard input for the files commands read (with
    ``--format``, since it has no extension), not a file named ``-``.
    """
    from pathlib import Path

    return Path("/dev/stdout" if _out_text(value) == "-" else value)


def _out_named(value: str) -> Any:
    """The ``--out`` value as a path, ``-`` included (refused empty)."""
    from pathlib import Path

    return Path(_out_text(value))


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
    >>> from tremaux.cli.options import format_option
    >>> format_option().param_decls
    ('--format', '-f')
    """
    return typer.Option(None, "--format", "-f", metavar="NAME", help=help)


def style_option(help: str = "Text style: ascii (default), unicode or block.") -> Any:
    """``--style NAME``: how a maze is drawn with characters (``None``: ascii, everywhere).

    The default is ``None`` rather than ``"ascii"`` so that a command can tell
    an explicit ``--style`` from none, and refuse it where it means nothing
    (a picture).

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
    >>> from tremaux.cli.options import style_option
    >>> style_option().default is None
    True
    """
    return typer.Option(None, "--style", metavar="NAME", help=help)


def time_limit_option(default: float | None = None, help: str = "Seconds before giving up.", *,
                      min: float | None = None) -> Any:
    """``--time-limit SECONDS``: a positive number of seconds, checked here for every command.

    Parameters
    ----------
    default : float, optional
        Seconds when the option is not given (``None``: the command's own default).
    help : str
        The help line of this command's option.
    min : float, optional
        The fewest seconds this command accepts, above zero.

    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Raises
    ------
    TremauxError
        (when the command line is read) For a value that is not a positive number of seconds, or below ``min``.

    Examples
    --------
    >>> from tremaux.cli.options import time_limit_option
    >>> time_limit_option(10.0).default
    10.0
    >>> time_limit_option(10.0, min=0.1).callback(0.05)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: --time-limit 0.05 must be at least 0.1 seconds
    """
    def check(value: float | None) -> float | None:
        if value is None:
            return value
        if not value > 0:  # nan too; inf is the command's to take (no limit) or refuse
            raise TremauxError(f"--time-limit must be a positive number of seconds, not {value}")
        if min is not None and value < min:
            raise TremauxError(f"--time-limit {value:g} must be at least {min:g} seconds")
        return value

    return typer.Option(default, "--time-limit", metavar="SECONDS", help=help, callback=check)


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
    >>> from tremaux.cli.options import count_option
    >>> count_option("Number of mazes.").param_decls
    ('--count', '-n')
    """
    return typer.Option(None, "--count", "-n", metavar="N", help=help)


def workers_option(default: int | None = None, help: str = "Worker processes.", *, min: int = 1,
                   max: int | None = None) -> Any:
    """``--workers/-w N``: worker processes, at least one, checked here for every command.

    Parameters
    ----------
    default : int, optional
        Processes when the option is not given (``None``: the command decides, usually all cores).
    help : str
        The help line of this command's option.
    min : int
        The fewest processes this command accepts (at least 1).
    max : int, optional
        The most processes this command accepts.

    Returns
    -------
    typer.models.OptionInfo
        The option, to use as a command parameter's default.

    Raises
    ------
    TremauxError
        (when the command line is read) For fewer workers than ``min``, or more than ``max``.

    Examples
    --------
    >>> from tremaux.cli.options import workers_option
    >>> workers_option(2).default
    2
    >>> workers_option(2, max=64).callback(0)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: --workers 0 must be between 1 and 64
    """
    def check(value: int | None) -> int | None:
        if value is not None and (value < min or (max is not None and value > max)):
            bound = f"at least {min}" if max is None else f"between {min} and {max}"
            raise TremauxError(f"--workers {value} must be {bound}")
        return value

    return typer.Option(default, "--workers", "-w", metavar="N", help=help, callback=check)


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
    >>> from tremaux.cli.options import list_option
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
    >>> from tremaux.cli.options import deprecated
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
    >>> from tremaux.cli.options import renamed
    >>> renamed("wilson", None, "--algorithm", "--generator")
    'wilson'
    """
    if old_value is None:
        return value
    if value is not None and value != old_value:
        raise click.UsageError(f"{old} is the old spelling of {new}; give only {new}")
    typer.echo(f"warning: {old} is deprecated; use {new}", err=True)
    return old_value


def check_seed(value: int | None) -> int | None:
    """``--seed`` checked: a whole number of :data:`tremaux._args.SEED_RANGE`, 0 to 2**64 - 1, as every command takes.

    Parameters
    ----------
    value : int or None
        The seed given, if any.

    Returns
    -------
    int or None
        ``value``.

    Raises
    ------
    InvalidSizeError
        For a seed out of that range (it would give the same maze as a seed 2**64 away: -1 that of 2**64 - 1).

    Examples
    --------
    >>> from tremaux.cli.options import check_seed
    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(2 ** 64)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: --seed 18446744073709551616 is out of range: it must be between 0 and 18446744073709551615
    """
    from .._args import seed_in_range

    return value if value is None else seed_in_range(value, "--seed")  # the library's check, by the option's name


SeedOption = typer.Option(None, "--seed", metavar="N", callback=check_seed,
                          help="Random seed; the same seed gives the same result.")
JsonOption = typer.Option(False, "--json", help="Print machine-readable JSON on stdout.")
StartOption = typer.Option(None, "--start", metavar="R,C", help="Start cell as R,C (or L,R,C).")
GoalOption = typer.Option(None, "--goal", metavar="R,C", help="Goal cell as R,C (or L,R,C).")
