"""The typer application, its root options (``--version``, ``--memory-limit``), and the names commands share.

The shared names live by topic: :mod:`tremaux.cli.options` (sizes, cells and
the options several commands take), :mod:`tremaux.cli.output` (what commands
write) and :mod:`tremaux.cli.runtime` (notices on stderr, interpreted small
work); the command modules import them from here.
"""

from __future__ import annotations

from typing import Any, Optional

import typer
import typer.core

from .options import (DEFAULT_GENERATOR, DEFAULT_SIZE, GoalOption, JsonOption, SeedOption, StartOption, count_option,
                      deprecated, format_option, generator_option, list_option, out_option, parse_cell, parse_size,
                      renamed, size_option, solver_option, style_option, time_limit_option, workers_option)
from .output import PICTURE_SUFFIXES, existing_file, property_lines, save_output, wants_animation
from .runtime import (ANNOUNCED, LONG_WORK_CELLS, announce, first_use, interpret_small_mazes,
                      interpret_small_puzzles)


class _WordsCommand(typer.core.TyperCommand):
    """A command whose help names its arguments in words (``FILE``, ``FILE...``), as its options are named: typer
    would add the Python type of the value (``FILE <Path>``, ``FILE <list[Path]>``) and braces (``{FILE}``) that no
    user types."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.param_type_name != "argument":
                continue
            if hasattr(param, "display_type_rich"):  # typer >= 0.16: the type after the name in the help
                param.display_type_rich = lambda ctx: None  # type: ignore[attr-defined]
            if hasattr(param, "_usage_display_name"):  # and braces around a required one in the usage line
                word = f"{param.metavar or (param.name or '').upper()}{'...' if param.nargs != 1 else ''}"
                shown = word if param.required else f"[{word}]"
                param._usage_display_name = lambda shown=shown: shown  # type: ignore[attr-defined]


class _Typer(typer.Typer):
    """The command line's applications: every command is a :class:`_WordsCommand` unless it says otherwise."""

    def command(self, *args: Any, cls: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        return super().command(*args, cls=cls or _WordsCommand, **kwargs)


app = _Typer(
    name="tremaux",
    help="Mazes and Number Link puzzles: generate, solve, render, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no rich markdown at start-up, no <bool> after flags
)

__all__ = ["app", "parse_size", "parse_cell", "SeedOption", "JsonOption", "StartOption", "GoalOption",
           "existing_file", "announce", "LONG_WORK_CELLS", "Optional", "DEFAULT_SIZE", "DEFAULT_GENERATOR",
           "generator_option", "solver_option", "size_option", "out_option", "format_option", "style_option",
           "time_limit_option", "count_option", "workers_option", "list_option", "deprecated", "renamed",
           "property_lines", "first_use", "ANNOUNCED", "PICTURE_SUFFIXES", "wants_animation", "save_output",
           "interpret_small_mazes", "interpret_small_puzzles", "list_alone"]


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


def list_alone(ctx: Any, what: str, keep: tuple[str, ...] = (), hint: str = "") -> None:
    """Refuse, in one line, the options and arguments a command's ``--list`` would ignore (given on the command
    line or through the environment), as a command refuses every option it would ignore.

    Parameters
    ----------
    ctx : typer.Context
        The command's context (a click context), which tells where each value came from.
    what : str
        What ``--list`` prints (``"solvers"``).
    keep : tuple of str, optional
        The parameters (Python names) ``--list`` reads, such as ``grid`` for the generators of a grid.
    hint : str, optional
        Said after ``give --list alone`` (``", or with --grid"``).

    Raises
    ------
    TremauxError
        Naming the options given that would be ignored.

    Examples
    --------
    >>> import typer
    >>> from typer.testing import CliRunner
    >>> from tremaux.cli.app import list_alone
    >>> cli = typer.Typer()
    >>> @cli.command()
    ... def cmd(ctx: typer.Context, list_: bool = typer.Option(False, "--list"),
    ...         as_json: bool = typer.Option(False, "--json")):
    ...     list_alone(ctx, "solvers")
    >>> CliRunner().invoke(cli, ["--list"]).exit_code
    0
    >>> CliRunner().invoke(cli, ["--list", "--json"]).exception
    TremauxError('--list prints the solvers and exits: --json would be ignored; give --list alone')
    """
    from ..errors import TremauxError

    given = [p.opts[0] if p.param_type_name == "option" else (p.metavar or (p.name or "").upper())
             for p in ctx.command.params if p.name not in ("list_", *keep)
             and getattr(ctx.get_parameter_source(p.name or ""), "name", None) in ("COMMANDLINE", "ENVIRONMENT")]
    if given:
        raise TremauxError(f"--list prints the {what} and exits: {', '.join(given)} would be ignored; "
                           f"give --list alone{hint}")
