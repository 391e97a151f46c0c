"""The ``tremaux`` command line: one small module per command group.

Each command parses its options, calls one library function and prints. Data
goes to stdout; progress and diagnostics to stderr. Library errors
(:class:`tremaux.errors.TremauxError`) are turned into a one-line message and
exit status 2 here, in one place.
"""

from __future__ import annotations

import re
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

HELP_ORDER = ("demo", "generate", "solve", "show", "info", "convert", "stats", "render", "animate", "serve", "dataset",
              "warmup")
"""The commands as ``tremaux --help`` lists them (the order of work, as README.md names them), not as imported;
the ``numberlink`` group follows them."""
app.registered_commands.sort(key=lambda c: (HELP_ORDER + (c.name or c.callback.__name__,)).index(
    c.name or c.callback.__name__))  # a command not listed goes last

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


def usage_line(exc: Exception, argv: list[str] | None = None) -> str:
    """The one line ``error: ...`` for a usage error of the option parser, naming the command's help.

    Parameters
    ----------
    exc : click.UsageError
        The parser's error.
    argv : list of str, optional
        The command line, to name the command when the error does not (one raised by a command's body).

    Returns
    -------
    str

    Examples
    --------
    >>> from tremaux.cli import usage_line
    >>> import click
    >>> usage_line(click.UsageError("Missing argument 'FILE'."), ["numberlink", "check"])
    "error: missing argument 'FILE'. (see 'tremaux numberlink check --help')"
    """
    ctx = getattr(exc, "ctx", None)
    if getattr(exc, "possibilities", None) and ctx is not None:  # never suggest an old spelling the help hides
        hidden = {name for p in ctx.command.params if getattr(p, "hidden", False)
                  for name in (*p.opts, *p.secondary_opts)}
        exc.possibilities = [name for name in exc.possibilities if name not in hidden]  # type: ignore[attr-defined]
    message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
    for phrase, kind in _CONVERSIONS:  # the converter's words ("Input should be a valid integer, ...") as ours
        if phrase in message:
            value = _typed_value(getattr(getattr(exc, "param", None), "opts", ()), argv or [])
            message = message.replace(phrase, f"{value!r} is not {kind}" if value is not None else f"not {kind}")
    bound = _BOUND.search(message)  # the converter's words for a value out of an option's range
    if bound is not None:
        value = _typed_value(getattr(getattr(exc, "param", None), "opts", ()), argv or [])
        limit = f"{_BOUND_WORDS[bound[1]]} {bound[2]}"
        message = message.replace(bound[0], f"{value} is out of range: it must be {limit}" if value is not None
                                  else f"out of range: it must be {limit}")
    where = ctx.command_path if ctx is not None else _command_path(argv or [])
    return f"error: {message[:1].lower()}{message[1:]} (see '{where} --help')"


_CONVERSIONS = (("Input should be a valid integer, unable to parse string as an integer", "a whole number"),
                ("Input should be a valid number, unable to parse string as a number", "a number"))
"""What the option parser says of a value that is not a number, and what it is not (in words)."""

_BOUND = re.compile(r"Input should be (greater than or equal to|less than or equal to|greater than|less than) (-?[\d.]+)")
_BOUND_WORDS = {"greater than or equal to": "at least", "less than or equal to": "at most",
                "greater than": "more than", "less than": "less than"}
"""What the option parser says of a value out of an option's range, and the words for its bound."""


def _typed_value(opts: tuple[str, ...], argv: list[str]) -> str | None:
    """The value given to the option spelled ``opts`` in ``argv`` (``--seed abc``, ``--seed=abc``), if found."""
    for i, word in enumerate(argv):
        if word in opts and i + 1 < len(argv):
            return argv[i + 1]
        name, eq, value = word.partition("=")
        if eq and name in opts:
            return value
    return None


def _command_path(argv: list[str]) -> str:
    """``tremaux`` and the (sub)command names that lead ``argv``."""
    command = typer.main.get_command(app)
    words = ["tremaux"]
    for word in argv:  # the command's own context class: typer may ship its own copy of click
        sub = command.get_command(command.context_class(command), word) if hasattr(command, "get_command") else None
        if sub is None:
            break
        words.append(word)
        command = sub
    return " ".join(words)


def _command_of(argv: list[str]) -> object:
    """The command ``argv`` runs (a group's options before the command name are stepped over)."""
    command = typer.main.get_command(app)
    for word in argv:
        if not hasattr(command, "get_command"):  # a command, not a group: the rest are its arguments
            break
        sub = command.get_command(command.context_class(command), word)
        if sub is not None:
            command = sub
    return command


def in_option_words(message: str, argv: list[str]) -> str:
    """``message`` with its subject, a library parameter (``cell_size 0 ...``), named as the option typed.

    The library names its arguments as Python does (``cell_size``, ``frame_ms``,
    ``braid=2.0``, ``dataset filter min_solution_length``); on the command line
    the user typed ``--cell-size``, ``--frame-ms``... The subject is rewritten
    only when it is a parameter of the command ``argv`` runs, the user gave
    its option, and a value, ``must``, ``is not``, ``are not``, ``needs`` or
    ``works`` follows it, so that a message about something else that happens
    to share a word is left as it is. Advice naming a keyword of the command
    (``make loops with braid=``, ``set shard_size to 26``) names its option
    (``--braid``, ``give --shard-size 26``).

    Parameters
    ----------
    message : str
        A library error's message.
    argv : list of str
        The command line (the arguments after ``tremaux``).

    Returns
    -------
    str
        The message, its subject the option's long name when it names one that was given.

    Examples
    --------
    >>> from tremaux.cli import in_option_words
    >>> in_option_words("cell_size 0 is too small; it must be at least 1", ["render", "m.json", "--cell-size", "0"])
    '--cell-size 0 is too small; it must be at least 1'
    >>> in_option_words("braid=2.0 is out of range", ["generate", "--braid", "2"])
    '--braid 2.0 is out of range'
    >>> in_option_words("braid is not available on woven grids", ["generate", "--weave", ".3", "--braid", ".5"])
    '--braid is not available on woven grids'
    >>> in_option_words("openings= works on the plain square grid; make loops with braid= or islands=",
    ...                 ["generate", "-O", "openings=2"])
    'openings= works on the plain square grid; make loops with --braid or islands='
    >>> in_option_words("a shard needs 9 GiB; set shard_size to 26 or less", ["dataset", "-o", "d"])
    'a shard needs 9 GiB; give --shard-size 26 or less'
    >>> in_option_words("density nan must be in (0, 0.5]", ["numberlink", "generate", "--density", "nan"])
    '--density nan must be in (0, 0.5]'
    >>> in_option_words("cell_size 0 is too small", ["render", "m.json"])  # not given: not the option's fault
    'cell_size 0 is too small'
    """
    names: dict[str, str] = {}
    options: dict[str, str] = {}  # every parameter with a long option, given or not: for advice (``braid=``)
    for param in getattr(_command_of(argv), "params", ()):
        flags = [o for o in (*param.opts, *param.secondary_opts) if o.startswith("-")]
        long = next((o for o in flags if o.startswith("--")), None)
        if long is None or getattr(param, "hidden", False):
            continue
        options.setdefault(param.name, long)
        if any(w == o or (o.startswith("--") and w.startswith(f"{o}=")) for w in argv for o in flags):
            for name in (param.name, param.name.replace("_", " ")):
                names.setdefault(name, long)
    if options:  # advice naming a keyword (``make loops with braid=``): the option to type instead
        words = "|".join(re.escape(n) for n in sorted(options, key=len, reverse=True))
        message = re.sub(rf"(?<=\s)({words})=(?=[\s,;.)]|$)", lambda m: options[m.group(1)], message)
        message = re.sub(rf"\bset ({words}) to (?=[\d-])", lambda m: f"give {options[m.group(1)]} ", message)
    if not names:
        return message
    words = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    match = re.match(rf"(?:dataset filter |dataset |filter |grid )?({words})(=| (?=[-+.\d'\"(\[]|must\b|"
                     rf"(?:is|are) not\b|needs\b|works\b|(?:nan|-?inf)\b))", message)
    if match is None:
        return message
    return f"{names[match.group(1)]} {message[match.end():]}"


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tremaux`` console script.

    Library errors become ``error: <message>`` on stderr with exit status 2;
    so do usage errors (a missing argument, an unknown option, a value of
    the wrong kind), with the command whose help to read. The
    first time a kernel has to be compiled (a cold cache) one line on stderr
    says so.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``tremaux``; default ``sys.argv[1:]``.

    Examples
    --------
    >>> from tremaux.cli import main
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
    except TremauxError as exc:  # worded with the options typed, not the library's parameter names
        typer.echo(f"error: {in_option_words(str(exc), sys.argv[1:] if argv is None else argv)}", err=True)
        sys.exit(2)
    except _ABORT:
        typer.echo("aborted", err=True)
        sys.exit(130)
    except _USAGE as exc:  # a missing argument, an unknown option, a value of the wrong kind: one line too
        # by name: the parser's own class, not click.exceptions.NoArgsIsHelpError (an isinstance check misses it)
        if type(exc).__name__ == "NoArgsIsHelpError" and getattr(exc, "ctx", None) is not None:
            typer.echo(exc.ctx.get_help())  # `tremaux` or `tremaux numberlink` alone: the help, as --help gives it
            sys.exit(0)
        typer.echo(usage_line(exc, sys.argv[1:] if argv is None else argv), err=True)
        sys.exit(exc.exit_code)  # type: ignore[attr-defined]
    except _EXIT as exc:
        sys.exit(exc.exit_code)  # type: ignore[attr-defined]
    except MemoryError:  # the budgets refuse known big work first; this is the last resort
        typer.echo("error: out of memory; the machine could not give this command the memory it needs "
                   "(see --memory-limit)", err=True)
        sys.exit(2)
    except OSError as exc:
        from .output import MissingFolderError

        if isinstance(exc, MissingFolderError) or getattr(exc, "output", False):  # an output file (or its folder)
            typer.echo(f"error: cannot write {exc.filename}: {exc.strerror or exc}", err=True)
        elif isinstance(exc, FileNotFoundError):
            typer.echo(f"error: no such file: {exc.filename}", err=True)
        elif isinstance(exc, (IsADirectoryError, PermissionError)):
            typer.echo(f"error: cannot open {exc.filename}: {exc.strerror}", err=True)
        else:  # a full disk, a file size limit, a path through a file...: one line, nothing half-written
            where = f"{exc.filename}: " if exc.filename else ""
            typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
        sys.exit(2)
    if isinstance(code, int) and code != 0:  # typer.Exit(code) returns it without standalone mode
        sys.exit(code)
