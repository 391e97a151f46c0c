"""What the saved formats (``npz``, ``json``) share: their name, version and checks."""

from __future__ import annotations

from typing import Any

from ..errors import CellError, InvalidMazeError, InvalidSizeError, MazeFormatError
from ..maze.model import Maze

FORMAT_NAME = "tremaux-maze"
"""The ``format`` field of every saved maze."""

VERSION = 1
"""The version of the saved formats written by this tremaux (and the newest it reads)."""


def check_header(fmt: Any, version: Any, source: str | None) -> None:
    """Raise :class:`MazeFormatError` unless ``fmt``/``version`` name a file this tremaux reads."""
    if fmt == "tremaux-grid-maze":
        raise MazeFormatError("this file holds a maze on a grid other than the square one: read it with "
                              "tremaux.grids.files.load (the commands solve, render, animate, stats, info, show and "
                              "convert read it, by its name or on standard input)", source=source)
    if fmt is None:  # (not "its format field is None": the file has none)
        raise MazeFormatError(f"not a tremaux maze file: it has no format field (a maze file's is {FORMAT_NAME!r})",
                              source=source)
    if fmt != FORMAT_NAME:
        raise MazeFormatError(f"not a tremaux maze file: its format field is {fmt!r}, expected {FORMAT_NAME!r}",
                              source=source)
    if version is None:
        raise MazeFormatError("the file has no version field (a whole number, 1 for this tremaux)", source=source)
    if isinstance(version, bool) or not isinstance(version, int):
        raise MazeFormatError(f"the version field {version!r} is not a whole number", source=source)
    if version > VERSION:
        raise MazeFormatError(
            f"maze file format version {version} is newer than this tremaux reads ({VERSION}); upgrade tremaux",
            source=source,
        )
    if version < 1:
        raise MazeFormatError(f"maze file format version {version} does not exist (versions start at 1)",
                              source=source)


def build(cells, mask, start, goal, source: str | None) -> Maze:
    """A validated maze, with the model's complaints turned into format errors naming the file."""
    try:
        return Maze(cells, mask=mask, start=start, goal=goal)
    except (InvalidMazeError, InvalidSizeError, CellError) as exc:
        raise MazeFormatError(f"invalid maze: {exc}", source=source) from None


def decode_text(data: bytes) -> str:
    """The text of a file's bytes: UTF-8 (with or without a byte order mark), or UTF-16 after its byte order
    mark, as Windows PowerShell (5) writes what a command prints into a file (``tremaux generate > maze.txt``).

    A text that is not UTF-8 but ASCII and the line and block characters of code page 437 (bytes 0xB0 to 0xDF:
    ``█▀▄``, ``─│┌┼``...), as DOS-era maze programs save their drawings, reads in that code page.

    Raises :class:`UnicodeDecodeError` for anything else.
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if not data.translate(None, _CP437_DRAWING).isascii():
            raise
        return data.decode("cp437")


_CP437_DRAWING = bytes(range(0xB0, 0xE0))
"""Code page 437's shades, box-drawing lines and blocks."""


def check_maze(maze: object, what: str) -> None:
    """Refuse what is not a :class:`Maze`, in one line saying what to pass instead."""
    if isinstance(maze, Maze):
        return
    kind = type(maze).__name__
    if "GridMaze" in (kind, type(getattr(maze, "maze", None)).__name__):  # a maze on another grid, or a run on one
        hint = ("; a maze on another grid is written by tremaux.grids.files (.json, .npz) and drawn by "
                "tremaux.render.save")
    elif isinstance(getattr(maze, "maze", None), Maze):
        hint = "; pass its .maze"
    else:
        hint = ""
    raise InvalidMazeError(f"{what}() needs a tremaux.Maze, not {kind}{hint}")
