"""What commands write: maze files and pictures for ``--out``, property tables, and the files they read.

Examples
--------
>>> from tremaux.cli.output import wants_animation, property_lines
>>> from pathlib import Path
>>> wants_animation(Path("run.gif"))
True
>>> print(property_lines([("perfect", True)]))
         perfect  yes
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import MissingFolderError  # noqa: F401  (also named here, where it was first defined)

__all__ = ["property_lines", "existing_file", "PICTURE_SUFFIXES", "MAZE_FILES", "wants_animation", "save_output",
           "note_text_cap",
           "check_replay", "check_replay_ahead", "check_output", "check_folder"]


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
    >>> from tremaux.cli.output import property_lines
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
    >>> from tremaux.cli.output import existing_file
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
    >>> from tremaux.cli.output import wants_animation
    >>> from pathlib import Path
    >>> wants_animation(Path("run.GIF")), wants_animation(Path("maze.png")), wants_animation(None)
    (True, False, False)
    """
    return out is not None and out.suffix.lower() == ".gif"


MAZE_FILES = ("ascii", "block", "json", "tokens", "npz")
"""Formats ``--out`` writes the maze in (the rest, png, svg and gif, are pictures)."""


def save_output(obj: object, out: Path, to: str | None = None) -> None:
    """Write ``--out``: a maze file (ascii, block, json, tokens, npz) or a picture (png, svg, gif), as :func:`check_output` chose.

    ``obj`` is a Maze, a Solution or a Generated result (pictures show its path or replay its run).

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to write.
    out : pathlib.Path
        The file; its extension chooses the format unless ``to`` names one.
    to : str, optional
        The format named by ``--format``.

    Raises
    ------
    UnsupportedError
        When neither ``to`` nor the extension names a format.

    Examples
    --------
    >>> from tremaux.cli.output import save_output
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

    fmt = check_output(out, to)
    if fmt in MAZE_FILES:
        maze_io.save(getattr(obj, "maze", obj), out, fmt)
    else:
        render.save(obj, out, format=fmt)
    typer.echo(f"wrote {shown(out)}", err=True)
    note_text_cap(out, fmt)


def note_text_cap(out: Path, fmt: str) -> None:
    """Say on stderr when a maze text file just written is over the size cap reading applies to text files.

    Parameters
    ----------
    out : pathlib.Path
        The file written.
    fmt : str
        Its format: only ``ascii``, ``block`` and ``json`` are text files read under the cap.

    Examples
    --------
    >>> from pathlib import Path
    >>> from tremaux.cli.output import note_text_cap
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "m.txt"
    >>> _ = path.write_text("+" * 10)
    >>> note_text_cap(path, "ascii")  # well under the cap: nothing to say
    """
    import os
    import stat

    from ..budget import format_bytes, text_limit
    from ..budget.limits import TEXT_ENV_VAR

    if fmt not in ("ascii", "block", "json"):
        return
    try:
        st = os.stat(out)
    except OSError:
        return
    cap = text_limit()
    if not stat.S_ISREG(st.st_mode) or cap is None or st.st_size <= cap:
        return
    typer.echo(f"note: {out} ({format_bytes(st.st_size)}) is over the {format_bytes(cap)} cap for reading text files: "
               f"read it back with {TEXT_ENV_VAR} set, or save big mazes as .npz", err=True)


def check_output(out: Path, to: str | None = None, *, formats: bool = True, accepts: tuple[str, ...] | None = None,
                 writer: str = "this command", hint: str = "", reads: tuple[Path | None, ...] = ()) -> str:
    """The format ``--out`` will be written in, checked before any work (:func:`tremaux.io.outputs.output_format`).

    Parameters
    ----------
    out : pathlib.Path
        The ``--out`` file.
    to : str, optional
        The ``--format`` given, if any.
    formats : bool, default True
        Whether the command takes ``--format`` (named in the message when the extension says nothing).
    accepts : tuple of str, optional
        The formats the command writes (default: all).
    writer : str, default "this command"
        The command, for messages (``"tremaux convert"``).
    hint : str, optional
        Where to turn for a format the command does not write.
    reads : tuple of pathlib.Path, optional
        The files the command reads (its maze ``FILE``, a ``--mask``): ``out`` may not be one of them, which
        it would replace before anything could read it again.

    Returns
    -------
    str
        A name of :data:`tremaux.io.outputs.OUTPUT_FORMATS`.

    Raises
    ------
    UnsupportedError
        When neither ``to`` nor the extension names a format the command writes, or ``out`` is a file it reads.
    FileNotFoundError, NotADirectoryError
        When the folder of ``out`` does not exist or is not a folder.

    Examples
    --------
    >>> from pathlib import Path
    >>> from tremaux.cli.output import check_output
    >>> check_output(Path("maze.txt")), check_output(Path("maze.svg")), check_output(Path("m.dat"), "json")
    ('ascii', 'svg', 'json')
    >>> check_output(Path("maze.dat"), formats=False)
    Traceback (most recent call last):
    ...
    tremaux.io.outputs.UnknownExtensionError: cannot tell what to write to 'maze.dat' from its extension: use .txt, ...
    """
    from ..io.outputs import output_format

    if out.is_dir():  # `--out results/`: said as such, not as a name without an extension
        check_folder(out)
    fmt = output_format(out, to, accepts=accepts, writer=writer, named=formats, hint=hint)
    check_folder(out)
    check_not_read(out, reads)
    return fmt


def shown(out: Path) -> str:
    """The name of an output file in messages: ``<stdout>`` for the standard output (``--out -``), as standard
    input is ``<stdin>``.

    Parameters
    ----------
    out : pathlib.Path
        The ``--out`` file (``-`` arrives as ``/dev/stdout``).

    Returns
    -------
    str
        Its name for ``wrote ...``.

    Examples
    --------
    >>> from pathlib import Path
    >>> from tremaux.cli.output import shown
    >>> shown(Path("/dev/stdout")), shown(Path("maze.txt"))
    ('<stdout>', 'maze.txt')
    """
    return "<stdout>" if str(out) in ("-", "/dev/stdout") else str(out)


def check_not_read(out: Path, reads: tuple[Path | None, ...]) -> None:
    """Refuse an ``--out`` file that is one the command reads: writing it would lose what it holds.

    Parameters
    ----------
    out : pathlib.Path
        The ``--out`` file.
    reads : tuple of pathlib.Path or None
        The files the command reads (``None`` and ``-``, standard input, are skipped).

    Raises
    ------
    UnsupportedError
        Naming the file.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.cli.output import check_not_read
    >>> maze = Path(tempfile.mkdtemp()) / "maze.txt"
    >>> _ = maze.write_text("+---+\\n| S |\\n+---+\\n")
    >>> check_not_read(maze.with_name("other.txt"), (maze,))
    >>> check_not_read(maze, (None, maze))
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: --out .../maze.txt is the file this command reads: writing it would replace ...
    """
    import os

    from ..errors import UnsupportedError

    if str(out) in ("-", "/dev/stdout") or not out.is_file():
        return
    for read in reads:
        if read is None or str(read) == "-" or not Path(read).is_file():
            continue
        if os.path.samefile(out, read):
            raise UnsupportedError(f"--out {out} is the file this command reads: writing it would replace what it "
                                   "holds; give --out another name")


def check_folder(out: Path) -> None:
    """Refuse, before any work, an ``--out`` that is a folder, or whose folder is missing or is not a folder.

    Parameters
    ----------
    out : pathlib.Path
        The file to write.

    Raises
    ------
    MissingFolderError, NotADirectoryError, IsADirectoryError
        Naming ``out`` (the command line prints them in one line).
    OSError
        When a file cannot be made in the folder, or ``out`` is a file this user may not write
        (``error: cannot write ...``).

    Examples
    --------
    >>> from pathlib import Path
    >>> from tremaux.cli.output import check_folder
    >>> check_folder(Path("maze.txt"))
    >>> check_folder(Path("/no/such/folder/maze.txt"))
    Traceback (most recent call last):
    ...
    tremaux.errors.MissingFolderError: cannot write /no/such/folder/maze.txt: the folder /no/such/folder does not exist
    """
    import errno
    import os

    folder = out.parent
    if not folder.exists():
        raise MissingFolderError(out)
    if not folder.is_dir():
        raise _unwritable(NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder", str(out)))
    if out.is_dir():  # the work would be lost when the file cannot be written
        raise _unwritable(IsADirectoryError(errno.EISDIR, "it is a folder", str(out)))
    from .._write import check_writable

    check_writable(out)  # a read-only file system, a folder without write permission
    if out.is_file() and not os.access(out, os.W_OK):  # written beside and renamed over: it would be replaced
        raise _unwritable(PermissionError(errno.EACCES, "the file is read-only (no write permission)", str(out)))


def _unwritable(exc: OSError) -> OSError:
    """``exc`` marked as about an output file: the command line says ``cannot write FILE: ...``."""
    exc.output = True  # type: ignore[attr-defined]
    return exc


def check_replay(sol: Any, advice: str) -> None:
    """Refuse, before anything is printed, a GIF of a run too large to replay at the 100 frames a command draws.

    Parameters
    ----------
    sol : Solution
        The recorded run.
    advice : str
        What to do instead; ``{frames}`` in it becomes the most frames that fit.

    Raises
    ------
    TremauxError
        Naming the frames, the squares and the limit, then ``advice``.

    Examples
    --------
    >>> from tremaux.cli.output import check_replay
    >>> import tremaux
    >>> check_replay(tremaux.solve(tremaux.Maze.open((2, 2)), record=True), "use --frames {frames}")
    """
    _refuse_replay(sol.maze, 100, len(sol.trace), advice)


def _refuse_replay(maze: Any, frames: int, events: int, advice: str) -> None:
    """:func:`tremaux.render.replay.check_frames`'s refusal, its closing words ("give at most N frames") replaced
    by ``advice`` with the most frames that fit."""
    from ..errors import TremauxError
    from ..render.replay import MAX_FRAME_SQUARES, check_frames

    try:
        check_frames(maze, frames, events)
    except TremauxError as exc:
        L, H, W = maze.shape3
        most = max(2, MAX_FRAME_SQUARES // (L * (2 * H + 1) * (2 * W + 1)))
        raise TremauxError(f"{str(exc).split(': give at most')[0]}: {advice.format(frames=most)}") from None


def check_replay_ahead(maze: Any, start: Any, goal: Any, frames: int, advice: str) -> None:
    """Refuse, before the run is made, a GIF replay of a solve that is sure to be over the limit.

    A run that finds its path records at least one event per cell of the path, which is at least the distance
    from start to goal plus one; when even that many frames of the whole picture exceed
    :data:`tremaux.render.replay.MAX_FRAME_SQUARES` and the goal can be reached (a cheap component count,
    not the recorded run), the replay cannot fit and is refused now rather than after a run that may take
    gigabytes. Ends the solve would refuse are left to it.

    Parameters
    ----------
    maze : Maze
        The maze about to be solved.
    start, goal : tuple of int or None
        The ends asked for (``None``: the maze's own, as :func:`tremaux.solve` takes them).
    frames : int
        The frame budget of the replay.
    advice : str
        What to do instead; ``{frames}`` in it becomes the most frames that fit.

    Raises
    ------
    TremauxError
        Naming the frames, the squares and the limit, then ``advice``.

    Examples
    --------
    >>> from tremaux.cli.output import check_replay_ahead
    >>> import tremaux
    >>> check_replay_ahead(tremaux.Maze.open((2, 2)), None, None, 100, "use --frames {frames}")
    >>> check_replay_ahead(tremaux.Maze.open((3000, 3000)), None, None, 100, "use --frames {frames}")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: 100 frames of a maze of 36,012,001 squares replay ... (frames x squares): use --frames 27
    """
    from ..errors import TremauxError
    from ..maze.properties import components
    from ..render.replay import MAX_FRAME_SQUARES, kept_frames
    from ..solvers.api import default_endpoints

    L, H, W = maze.shape3
    squares = L * (2 * H + 1) * (2 * W + 1)
    own = default_endpoints(maze)
    try:
        s = maze._checked_cell(start if start is not None else own[0], "start")
        g = maze._checked_cell(goal if goal is not None else own[1], "goal")
    except TremauxError:
        return None  # the solve names the bad end
    events = sum(abs(a - b) for a, b in zip(s, g)) + 1  # the fewest a found path gives
    if kept_frames(frames, events) * squares <= MAX_FRAME_SQUARES:
        return None
    if kept_frames(frames, 1) * squares <= MAX_FRAME_SQUARES:  # a run without a path may stop early and fit
        labels, _ = components(maze)
        if labels[s] != labels[g]:
            return None
    _refuse_replay(maze, frames, events, advice)
