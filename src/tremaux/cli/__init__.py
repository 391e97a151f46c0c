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
from .app import app

# Command modules register themselves on ``app`` when imported.
from . import maze_cmds  # noqa: F401,E402
from . import serve_cmds  # noqa: F401,E402
from . import dataset_cmds  # noqa: F401,E402
from . import render_cmds  # noqa: F401,E402
from . import generate_cmds  # noqa: F401,E402
from . import solve_cmds  # noqa: F401,E402
from . import demo_cmds  # noqa: F401,E402

__all__ = ["app", "main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tremaux`` console script."""
    try:
        app(args=argv, standalone_mode=False, prog_name="tremaux")
    except TremauxError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except FileNotFoundError as exc:
        typer.echo(f"error: no such file: {exc.filename}", err=True)
        sys.exit(2)
    except (IsADirectoryError, PermissionError) as exc:
        typer.echo(f"error: cannot open {exc.filename}: {exc.strerror}", err=True)
        sys.exit(2)
