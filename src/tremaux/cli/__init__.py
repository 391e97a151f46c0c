"""The ``tremaux`` command line: one small module per command group.

Each command parses its options, calls one library function and prints. Data
goes to stdout; progress and diagnostics to stderr. Library errors
(:class:`tremaux.errors.TremauxError`) are turned into a one-line message and
exit status 2 here, in one place.
"""

from __future__ import annotations

import sys

import click
import typer

from ..errors import TremauxError
from .app import app, first_use

# Command modules register themselves on ``app`` when imported.
from . import maze_cmds  # noqa: F401,E402
from . import serve_cmds  # noqa: F401,E402
from . import dataset_cmds  # noqa: F401,E402
from . import render_cmds  # noqa: F401,E402
from . import generate_cmds  # noqa: F401,E402
from . import solve_cmds  # noqa: F401,E402
from . import demo_cmds  # noqa: F401,E402
from . import numberlink_cmds  # noqa: F401,E402
from . import warmup_cmds  # noqa: F401,E402

__all__ = ["app", "main"]


def _exception_types() -> tuple[tuple[type, ...], tuple[type, ...], tuple[type, ...]]:
    """Usage-error, abort and exit types of click and of the click copy typer may ship."""
    usage: list[type] = [click.ClickException]
    abort: list[type] = [click.exceptions.Abort, typer.Abort]
    exits: list[type] = [click.exceptions.Exit, typer.Exit]
    try:
        from typer._click import exceptions as tclick  # typer >= 0.26 vendors click
    except ImportError:  # pragma: no cover - older typer
        pass
    else:
        usage.append(tclick.ClickException)
    return tuple(usage), tuple(abort), tuple(exits)


_USAGE, _ABORT, _EXIT = _exception_types()


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tremaux`` console script.

    Library errors become ``error: <message>`` on stderr with exit status 2;
    usage errors are shown by the option parser, also with status 2. The
    first time a kernel has to be compiled (a cold cache) one line on stderr
    says so.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``tremaux``; default ``sys.argv[1:]``.

    Examples
    --------
    >>> main(["generate", "--size", "2x3", "--seed", "1"])
    +---+---+---+
    | S         |
    +   +---+   +
    |   |     G |
    +---+---+---+
    """
    from .. import _numba

    _numba.on_compile(first_use)
    _numba.lean()
    try:
        code = app(args=argv, standalone_mode=False, prog_name="tremaux")
    except TremauxError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except _ABORT:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except _USAGE as exc:
        exc.show()  # type: ignore[attr-defined]
        sys.exit(exc.exit_code)  # type: ignore[attr-defined]
    except _EXIT as exc:
        sys.exit(exc.exit_code)  # type: ignore[attr-defined]
    except MemoryError:  # the budgets refuse known big work first; this is the last resort
        typer.echo("error: out of memory; the machine could not give this command the memory it needs "
                   "(see --memory-limit)", err=True)
        sys.exit(2)
    except FileNotFoundError as exc:
        typer.echo(f"error: no such file: {exc.filename}", err=True)
        sys.exit(2)
    except (IsADirectoryError, PermissionError) as exc:
        typer.echo(f"error: cannot open {exc.filename}: {exc.strerror}", err=True)
        sys.exit(2)
    if isinstance(code, int) and code != 0:  # typer.Exit(code) returns it without standalone mode
        sys.exit(code)
