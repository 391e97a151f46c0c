"""Reading and writing mazes: text drawings, block pictures, JSON, ``.npz``, graphs.

Four file formats are registered in :data:`FORMATS`:

* ``ascii``: the ``+---+`` drawing (:mod:`tremaux.io.ascii`);
* ``block``: ``#`` / ``.`` squares, every open square a cell (:mod:`tremaux.io.block`);
* ``json``: JSON with a format version (:mod:`tremaux.io.json`), extension ``.json``;
* ``npz``: compressed NumPy arrays (:mod:`tremaux.io.npz`), extension ``.npz``.

:func:`load` and :func:`loads` recognise every format from the content (the
``.npz`` and ``.json`` extensions are trusted): a zip archive is ``npz``, text
starting with ``{`` is ``json``, a drawing whose first line starts with
``+`` is ``ascii`` and anything else is ``block``. :func:`save` takes the
format from its argument or else from the extension; text formats have no
extension of their own, so they must be named. The networkx conversions are
in :mod:`tremaux.io.graph` and the block-picture arrays in
:mod:`tremaux.io.block`.

Examples
--------
>>> from tremaux.maze import Maze
>>> m = Maze.open((1, 2), start=(0, 0))
>>> print(dumps(m, "ascii"))
+---+---+
| S     |
+---+---+
>>> loads(dumps(m, "json")) == loads(dumps(m, "ascii")) == m
True
>>> detect_format("###\\n#E#\\n###")
'block'
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import MazeFormatError, UnsupportedError
from ..maze.model import Maze
from ..registry import Registry
from . import ascii, block, graph, json, npz
from ._text import _HEADER

__all__ = ["FORMATS", "load", "save", "loads", "dumps", "detect_format", "format_from_extension", "ascii", "block", "graph", "json", "npz"]

FORMATS = Registry("format")
"""The maze file formats: ``func`` reads (text or bytes, ``source=`` for messages),
``meta["dumps"]`` writes; ``meta["binary"]`` and ``meta["extensions"]`` describe the file."""

FORMATS.add("ascii", ascii.loads, doc="The +---+ drawing, S for the start and G for the goal.",
            dumps=ascii.dumps, binary=False, extensions=())
FORMATS.add("block", block.loads, doc="Squares: # wall, . open, E entrance, G goal; every open square a cell.",
            dumps=block.dumps, binary=False, extensions=())
FORMATS.add("json", json.loads, doc="JSON with a format version, one hex digit per cell.",
            dumps=json.dumps, binary=False, extensions=(".json",))
FORMATS.add("npz", npz.from_bytes, doc="Compressed NumPy arrays (compact binary), with a format version.",
            dumps=npz.to_bytes, binary=True, extensions=(".npz",))

_ZIP = b"PK\x03\x04"


def _text(data: str | bytes, source: str | None) -> str:
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MazeFormatError(f"not a maze file: byte {exc.start} is not UTF-8 text", source=source) from None


def detect_format(data: str | bytes) -> str:
    """The name of the format of a maze given as text or bytes (see the module documentation).

    Parameters
    ----------
    data : str or bytes
        The content of a maze file.

    Returns
    -------
    str
        ``ascii``, ``block``, ``json`` or ``npz``.

    Examples
    --------
    >>> detect_format("+---+\\n|   |\\n+---+"), detect_format('{"format": "tremaux-maze"}')
    ('ascii', 'json')
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        if bytes(data[:4]) == _ZIP:
            return "npz"
        data = _text(data, None)
    stripped = data.lstrip()
    if stripped.startswith("{"):
        return "json"
    for line in stripped.splitlines():
        if not line.strip() or _HEADER.match(line):
            continue
        return "ascii" if line.lstrip().startswith("+") else "block"
    return "block"


def loads(data: str | bytes, format: str | None = None, *, source: str | None = None) -> Maze:
    """Read a maze from text (or the bytes of a file) in any format.

    Parameters
    ----------
    data : str or bytes
    format : str, optional
        ``ascii``, ``block``, ``json`` or ``npz``; detected from the content by default.
    source : str, optional
        Name shown in error messages.

    Returns
    -------
    Maze
        The maze, immutable.

    Raises
    ------
    MazeFormatError
        When the content cannot be read (with line and column for text).
    UnknownNameError
        For an unknown format name.

    Examples
    --------
    >>> loads("E..\\n.#G").shape
    (2, 3)
    >>> loads("+---+\\n| S |")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: ...
    """
    if format is None and isinstance(data, (bytes, bytearray, memoryview)) and bytes(data[:4]) != _ZIP:
        data = _text(data, source)
    name = FORMATS.get(format).name if format is not None else detect_format(data)
    entry = FORMATS.get(name)
    if entry.binary:
        if isinstance(data, str):
            raise MazeFormatError(f"the {name} format is binary; give bytes, not text", source=source)
        return entry.func(bytes(data), source=source)
    return entry.func(_text(data, source), source=source)


def dumps(maze: Maze, format: str = "ascii") -> str | bytes:
    """A maze in one format: text for ``ascii``, ``block`` and ``json``, bytes for ``npz``.

    Text ends without a newline (:func:`save` adds one).

    Parameters
    ----------
    maze : Maze
        The maze to write.
    format : str, default "ascii"
        ``ascii``, ``block``, ``json`` or ``npz``.

    Returns
    -------
    str or bytes
        The content of a file in that format.

    Examples
    --------
    >>> from tremaux.maze import Maze
    >>> print(dumps(Maze.open((1, 2)), "block"))
    ..
    """
    return FORMATS.get(format).dumps(maze)


def format_from_extension(path: str | os.PathLike) -> str | None:
    """The format an extension names (``.npz``, ``.json``), or ``None``.

    Parameters
    ----------
    path : str or os.PathLike
        A file name.

    Returns
    -------
    str or None
        ``npz`` or ``json``; ``None`` for any other extension (text formats
        must be named).

    Examples
    --------
    >>> format_from_extension("maze.NPZ"), format_from_extension("maze.txt")
    ('npz', None)
    """
    ext = Path(path).suffix.lower()
    for entry in FORMATS:
        if ext in entry.extensions:
            return entry.name
    return None


def load(path: str | os.PathLike, format: str | None = None) -> Maze:
    """Read a maze file in any format (see the module documentation).

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    format : str, optional
        ``ascii``, ``block``, ``json`` or ``npz``; recognised from the
        extension or the content by default.

    Returns
    -------
    Maze
        The maze, immutable.

    Raises
    ------
    MazeFormatError
        When the file cannot be read as a maze; the message starts with its name.
    FileNotFoundError
        When there is no such file.

    Examples
    --------
    >>> import os, tempfile
    >>> from tremaux.maze import Maze
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.npz")
    >>> save(Maze.open((2, 3), start=(0, 0)), path)
    >>> load(path)
    Maze(shape=(2, 3), passages=7, start=(0, 0))
    """
    p = Path(path)
    data = p.read_bytes()
    if format is None:
        format = format_from_extension(p)
    return loads(data, format, source=str(path))


def save(maze: Maze, path: str | os.PathLike, format: str | None = None) -> None:
    """Write ``maze`` to ``path``, in ``format`` or else the one its extension names.

    Parameters
    ----------
    maze : Maze
        The maze to write.
    path : str or os.PathLike
        Where to write; an existing file is replaced.
    format : str, optional
        ``ascii``, ``block``, ``json`` or ``npz``; by default the one the
        extension names (``.npz``, ``.json``).

    Raises
    ------
    UnsupportedError
        When no format is given and the extension is not ``.npz`` or ``.json``.
    UnknownNameError
        For an unknown format name.

    Examples
    --------
    >>> import os, tempfile
    >>> from tremaux.maze import Maze
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.txt")
    >>> save(Maze.open((1, 2)), path, "ascii")
    >>> print(open(path).read(), end="")
    +---+---+
    |       |
    +---+---+
    """
    p = Path(path)
    if format is None:
        format = format_from_extension(p)
        if format is None:
            raise UnsupportedError(
                f"cannot tell the format of {str(path)!r} from its extension (.npz and .json are known); "
                f"name one of: {', '.join(FORMATS.names())}"
            )
    entry = FORMATS.get(format)
    out = entry.dumps(maze)
    if entry.binary:
        p.write_bytes(out)
    else:
        p.write_text(out + "\n", encoding="utf-8", newline="\n")
