"""Reading and writing mazes: text drawings, block pictures, JSON, ``.npz``, graphs.

Six file formats are registered in :data:`FORMATS`:

* ``ascii``: the ``+---+`` drawing (:mod:`tremaux.io.ascii`);
* ``block``: ``#`` / ``.`` squares, every open square a cell (:mod:`tremaux.io.block`);
* ``json``: JSON with a format version (:mod:`tremaux.io.json`), extension ``.json``;
* ``tokens`` (also called ``maze-dataset``): the one-line text of the ``maze-dataset`` library,
  ``<ADJLIST_START> (0,0) <--> (0,1) ; ...`` with the start, goal and shortest path (:mod:`tremaux.io._tokens`);
* ``npz``: compressed NumPy arrays (:mod:`tremaux.io.npz`), extension ``.npz``;
* ``png`` (also called ``image``): a picture of a maze, PNG, GIF, BMP, JPEG... (:mod:`tremaux.io.image`),
  read from thin walls or blocks, written as PNG (SVG drawings, walls as lines, are read by :mod:`tremaux.io.svg`).

:func:`load` and :func:`loads` recognise every format from the content (the
``.npz`` and ``.json`` extensions are trusted): a zip archive is ``npz``, a
picture file (by its first bytes) ``png``, text
starting with ``{`` is ``json``, text starting like XML (``<svg``, ``<?xml``) an SVG drawing, a drawing whose first line starts with
``+`` is ``ascii`` and anything else is ``block``. :func:`save` takes the
format from its argument or else from the extension, by the rule every writer
follows (:func:`tremaux.io.outputs.output_format`: ``.txt`` ascii, ``.json``,
``.npz``, ``.png``; ``block`` is named). The networkx conversions are
in :mod:`tremaux.io.graph` and the block-picture arrays in
:mod:`tremaux.io.block`.

Examples
--------
>>> from tremaux.io import dumps, loads, detect_format
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
import stat
from pathlib import Path

from .. import budget
from ..errors import InvalidMazeError, MazeFormatError
from ..maze.model import Maze
from ..registry import Registry
from .._lazy import lazy_module
from . import _drawings, _inputs, _tokens, ascii, block, image, json, npz
from ._common import check_maze as _check_maze, decode_text
from ._others import is_posted as _is_posted

graph = lazy_module("tremaux.io.graph")  # networkx is loaded on first use
from ._text import _HEADER
from .outputs import OUTPUT_FORMATS, check_folder, output_format

__all__ = ["FORMATS", "load", "save", "loads", "dumps", "read_source", "check_dumps", "detect_format", "format_from_extension",
           "output_format", "OUTPUT_FORMATS", "SAVE_FORMATS", "ascii", "block", "graph", "image", "json", "npz"]

FORMATS = Registry("format")
"""The maze file formats: ``func`` reads (text or bytes, ``source=`` for messages),
``meta["dumps"]`` writes; ``meta["binary"]`` and ``meta["extensions"]`` describe the file;
``meta["size"](shape3)`` is the peak memory of writing a maze of that shape."""

FORMATS.add("ascii", ascii.loads, doc="The +---+ drawing, S for the start and G for the goal.",
            dumps=ascii.dumps, binary=False, extensions=(), size=ascii.text_bytes)
FORMATS.add("block", block.loads, doc="Squares: # wall, . open, E entrance, G goal; every open square a cell.",
            dumps=block.dumps, binary=False, extensions=(), size=block.text_bytes)
FORMATS.add("json", json.loads, doc="JSON with a format version, one hex digit per cell.",
            dumps=json.dumps, binary=False, extensions=(".json",), size=json.text_bytes)
FORMATS.add("tokens", _tokens.from_tokens, aliases=("maze-dataset",), doc="maze-dataset's tokens: <ADJLIST_START> "
            "(r,c) <--> (r,c) ; ... <ADJLIST_END>, origin, target and path.", dumps=_tokens.dumps, binary=False,
            extensions=(), size=_tokens.text_bytes)
FORMATS.add("npz", npz.from_bytes, doc="Compressed NumPy arrays (compact binary), with a format version.",
            dumps=npz.to_bytes, binary=True, extensions=(".npz",), size=npz.text_bytes)
FORMATS.add("png", image.loads, aliases=("image",), doc="A picture of a maze (PNG, GIF, BMP, JPEG...): thin walls or blocks; written as PNG.",
            dumps=image.dumps, binary=True, extensions=(".png", ".gif", ".bmp", ".jpg", ".jpeg"), size=image.text_bytes)

SAVE_FORMATS = ("ascii", "block", "json", "tokens", "npz", "png")
"""The formats :func:`save` writes (names of :data:`tremaux.io.outputs.OUTPUT_FORMATS`)."""

_ZIP = b"PK\x03\x04"


def _text(data: str | bytes, source: str | None) -> str:
    if isinstance(data, str):
        return data
    try:
        return decode_text(bytes(data))
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
        ``ascii``, ``block``, ``json``, ``tokens``, ``npz``, ``png`` (a picture: PNG, GIF, BMP...) or ``svg`` (XML).

    Examples
    --------
    >>> from tremaux.io import detect_format
    >>> [detect_format(d) for d in ("+---+\\n|   |\\n+---+", '{"format": "tremaux-maze"}', b"\\x89PNG\\r\\n")]
    ['ascii', 'json', 'png']
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        if bytes(data[:4]) == _ZIP:
            return "npz"
        if image.is_image(data):
            return "png"
        data = _text(data, None)
    stripped = data.lstrip().lstrip("\ufeff").lstrip()  # a byte order mark left in a str
    # JSON that is not an object (a list, null...) is JSON holding no maze record, not a block text
    if stripped[:1] in ("{", "[", '"') or stripped.rstrip() in ("null", "true", "false"):
        return "json"
    if _inputs.is_markup(stripped):  # read by tremaux.io.svg
        return "svg"
    if _tokens.is_tokens(stripped):
        return "tokens"
    for line in stripped.splitlines():
        if not line.strip() or _HEADER.match(line):
            continue
        first = line.lstrip()[:1]
        drawn = first == "+" or first in _drawings.BOX_CHARS or _is_posted(line) or _drawings.trimmed(data) != data
        return "ascii" if drawn or _drawings.is_underscored(data) else "block"
    return "block"


def _check_text(data: str | bytes, source: str | None, memory_limit, text_limit) -> None:
    """Refuse text over the size cap, or whose parsing would not fit the memory budget, before parsing it."""
    size = len(data)
    budget.check_text_size(size, source=source, limit=text_limit)
    lines = data.count(b"\n" if isinstance(data, (bytes, bytearray)) else "\n") + 1
    budget.check(budget.text_read_bytes(size, lines), f"reading a text maze of {budget.format_bytes(size)}",
                 memory_limit)


def loads(data: str | bytes, format: str | None = None, *, source: str | None = None,
          memory_limit: str | int | None = None, text_limit: str | int | None = None) -> Maze:
    """Read a maze from text (or the bytes of a file) in any format.

    Text longer than the cap (:func:`tremaux.budget.text_limit`, 16 MiB by
    default) is refused before it is parsed; ``npz`` archives are read only
    when their arrays fit the memory budget (:mod:`tremaux.budget`).

    Parameters
    ----------
    data : str or bytes
    format : str, optional
        ``ascii``, ``block``, ``json``, ``tokens`` or ``npz``; detected from the content by default.
    source : str, optional
        Name shown in error messages.
    memory_limit : str or int, optional
        Overrides the memory limit (``"8G"``; see :func:`tremaux.budget.memory_limit`).
    text_limit : str or int, optional
        Overrides the size cap of text.

    Returns
    -------
    Maze
        The maze, immutable.

    Raises
    ------
    MazeFormatError
        When the content cannot be read (with line and column for text).
    InputTooLargeError
        When text is over the size cap.
    MemoryLimitError
        When reading would need more memory than the limit.
    UnknownNameError
        For an unknown format name.

    Examples
    --------
    >>> from tremaux.io import loads
    >>> loads("E.G").shape
    (1, 3)
    >>> loads("[" * 100_000 + "]" * 100_000, "json")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: 1:65: malformed JSON: nested deeper than 64 levels (a maze file nests 4)
    >>> loads("E." * 1000, text_limit="1k")
    Traceback (most recent call last):
    ...
    tremaux.errors.InputTooLargeError: a text maze of 2.0 KiB is over the 1.0 KiB cap for text files ...
    """
    if not isinstance(data, (str, bytes, bytearray, memoryview)):
        raise MazeFormatError(f"a maze is read from text or bytes, not {type(data).__name__}", source=source)
    if isinstance(data, memoryview):
        data = bytes(data)
    head = b"" if isinstance(data, str) else bytes(data[:6])
    if format is None and head == npz.NPY_MAGIC:  # one array, as numpy.save writes it
        return npz.from_npy(bytes(data), source=source, memory_limit=memory_limit)
    head = head[:4]
    guess = "npz" if head == _ZIP else "png" if image.is_image(head) else None
    name = FORMATS.get(format).name if format is not None else guess
    entry = FORMATS.get(name) if name is not None else None
    if entry is not None and entry.binary:
        if isinstance(data, str):
            raise MazeFormatError(f"the {name} format is binary; give bytes, not text", source=source)
        return entry.func(bytes(data), source=source, memory_limit=memory_limit)
    _check_text(data, source, memory_limit, text_limit)
    text = _text(data, source)
    if entry is None:
        _inputs.check_not_a_name(text, source)
    if entry is None and _inputs.is_markup(text) and _inputs.graph_markup(text):  # networkx's GraphML or GEXF
        from .graph import from_markup

        return from_markup(text, source)
    if entry is None and _inputs.is_markup(text):  # an SVG drawing (any other XML is refused by its reader)
        from . import svg

        return svg.loads(text, source=source)
    entry = entry or FORMATS.get(detect_format(text))
    return entry.func(text, source=source)


def dumps(maze: Maze, format: str = "ascii") -> str | bytes:
    """A maze in one format: text for ``ascii``, ``block``, ``json`` and ``tokens``, bytes for ``npz`` and ``png``.

    Text ends without a newline (:func:`save` adds one).

    Parameters
    ----------
    maze : Maze
        The maze to write.
    format : str, default "ascii"
        ``ascii``, ``block``, ``json``, ``tokens`` (maze-dataset's), ``npz`` or ``png`` (``image`` is another
        name of ``png``).

    Returns
    -------
    str or bytes
        The content of a file in that format.

    Examples
    --------
    >>> from tremaux.io import dumps
    >>> from tremaux.maze import Maze
    >>> print(dumps(Maze.open((1, 2)), "block"))
    ..
    >>> dumps([[0]])
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: dumps() needs a tremaux.Maze, not list
    """
    _check_maze(maze, "dumps")
    return FORMATS.get(format).dumps(maze)


def check_dumps(shape, format: str = "ascii", *, masked: bool = False,
                memory_limit: str | int | None = None) -> None:
    """Refuse, before any work, writing a maze of ``shape`` in ``format`` that would not fit the memory budget.

    The estimate counts the maze (and its mask when ``masked``), held while it is written.
    Commands that generate or solve a maze and then print it call this first.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)`` or ``(L, H, W)`` of the maze to write.
    format : str, default "ascii"
        The format it will be written in.
    masked : bool, default False
        Whether the maze has a mask (held while writing too).
    memory_limit : str or int, optional
        A limit such as ``"4G"`` instead of the budget in force.

    Raises
    ------
    MemoryLimitError
        Naming the estimate and the limit.

    Examples
    --------
    >>> from tremaux.io import check_dumps
    >>> check_dumps((30000, 30000), "ascii", memory_limit="4G")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: the ascii text of a 30000 x 30000 maze needs about 41.1 GiB of memory; ...
    """
    from ..maze.model import check_shape

    entry = FORMATS.get(format)
    kind = "file" if entry.binary else "text"
    L, H, W = check_shape(shape)
    budget.check((2 if masked else 1) * L * H * W + entry.size((L, H, W)),  # the maze is held while written
                 f"the {entry.name} {kind} of a {' x '.join(str(int(x)) for x in shape)} maze", memory_limit)


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
    >>> from tremaux.io import format_from_extension
    >>> format_from_extension("maze.NPZ"), format_from_extension("maze.txt")
    ('npz', None)
    """
    ext = Path(path).suffix.lower()
    for entry in FORMATS:
        if ext in entry.extensions:
            return entry.name
    return None


def read_source(f, source: str | None = None, *, size: int | None = None, memory_limit: str | int | None = None,
                text_limit: str | int | None = None) -> bytes:
    """The bytes of an open binary file, read no further than its kind allows.

    A zip archive (``.npz``) may be as big as the memory budget; anything
    else is text and stops at the text cap. ``size`` (the file's size, when
    known) refuses an oversized file before reading anything.

    Parameters
    ----------
    f : binary file
        An open file, read from its current position.
    source : str, optional
        The file's name, shown in messages.
    size : int, optional
        The file's size in bytes, when known.
    memory_limit, text_limit : str or int, optional
        Caps instead of the budget in force.

    Returns
    -------
    bytes
        The whole content.

    Raises
    ------
    InputTooLargeError, MemoryLimitError
        Naming the size and the cap.

    Examples
    --------
    >>> from tremaux.io import read_source
    >>> import io as std_io
    >>> read_source(std_io.BytesIO(b"E.G"))
    b'E.G'
    """
    head = f.read(4)
    if head in (_ZIP, npz.NPY_MAGIC[:4]) or image.is_image(head):  # binary: as big as the memory budget
        cap = budget.memory_limit(memory_limit)
        if size is not None:
            budget.check(size, f"reading a .npz file of {budget.format_bytes(size)}", memory_limit)
        rest = _inputs.read_capped(f, None if cap is None else max(0, cap - 4), None if size is None else size - 4)
        if cap is not None and len(rest) + 4 > cap:
            budget.check(cap + 1, "reading a .npz file bigger than the memory limit", memory_limit)
        return head + rest
    cap = budget.text_limit(text_limit)
    if size is not None:
        budget.check_text_size(size, source=source, limit=text_limit)
    rest = _inputs.read_capped(f, None if cap is None else max(0, cap - len(head)),
                        None if size is None else max(0, size - len(head)))
    if cap is not None and len(head) + len(rest) > cap:  # a pipe, /dev/zero: how much more is not known
        from ..errors import InputTooLargeError

        raise InputTooLargeError(f"more than {budget.format_bytes(cap)} of text is over the cap for text files "
                                 f"(save big mazes as .npz, or set {budget.TEXT_ENV_VAR})", source=source)
    return head + rest


def load(path: str | os.PathLike, format: str | None = None, *, memory_limit: str | int | None = None,
         text_limit: str | int | None = None) -> Maze:
    """Read a maze file in any format (see the module documentation).

    The file's size is checked before it is read: text over the cap
    (16 MiB by default) and archives over the memory budget are refused at
    once, naming the size and the cap (see :func:`loads` for the keywords).

    Parameters
    ----------
    path : str or os.PathLike or file
        The file: its name, or a file open for reading (binary or text), as ``json.load`` takes.
    format : str, optional
        ``ascii``, ``block``, ``json``, ``tokens`` or ``npz``; recognised from the
        extension or the content by default.
    memory_limit, text_limit : str or int, optional
        Caps instead of the budget in force (see :func:`loads`).

    Returns
    -------
    Maze
        The maze, immutable.

    Raises
    ------
    MazeFormatError
        When the file cannot be read as a maze; the message starts with its name.
    InputTooLargeError, MemoryLimitError
        When the file is too big to read.
    FileNotFoundError
        When there is no such file.

    Examples
    --------
    >>> from tremaux.io import save, load
    >>> import os, tempfile
    >>> from tremaux.maze import Maze
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.npz")
    >>> save(Maze.open((2, 3), start=(0, 0)), path)
    >>> load(path)
    Maze(shape=(2, 3), passages=7, start=(0, 0))
    """
    if _inputs.other_input(path):  # an open file, as json.load takes; or a maze's text, refused
        data, source = _inputs.read_other(path, read_source, memory_limit=memory_limit, text_limit=text_limit)
    else:
        source = _inputs.file_name(path)
        with open(Path(path), "rb") as f:
            st = os.fstat(f.fileno())
            size = st.st_size if stat.S_ISREG(st.st_mode) else None
            data = read_source(f, source, size=size, memory_limit=memory_limit, text_limit=text_limit)
    if format is None and source is not None:
        format = format_from_extension(Path(source))
    return loads(data, format, source=source, memory_limit=memory_limit, text_limit=text_limit)


def save(maze: Maze, path: str | os.PathLike, format: str | None = None) -> None:
    """Write ``maze`` to ``path``, in ``format`` or else the one its extension names.

    The format is chosen as by every writer (:func:`tremaux.io.outputs.output_format`).

    Parameters
    ----------
    maze : Maze
        The maze to write.
    path : str or os.PathLike
        Where to write; an existing file is replaced.
    format : str, optional
        ``ascii``, ``block``, ``json``, ``tokens`` (maze-dataset's), ``npz`` or ``png`` (a picture that
        reads back as the maze); by default the one the extension names
        (``.txt``, ``.json``, ``.npz``, ``.png``).

    Raises
    ------
    UnsupportedError
        When no format is given and the extension names none, for a format
        this function does not write (SVG and GIF pictures: :func:`tremaux.render.save`),
        or one the extension contradicts.
    UnknownNameError
        For an unknown format name.
    MissingFolderError
        When the folder of ``path`` does not exist (a :class:`FileNotFoundError` too), before any work.
    FolderPathError
        When ``path`` is a folder (an :class:`IsADirectoryError` too), before any work.

    Examples
    --------
    >>> from tremaux.io import save
    >>> import os, tempfile
    >>> from tremaux.maze import Maze
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.txt")
    >>> save(Maze.open((1, 2)), path)
    >>> print(open(path).read(), end="")
    +---+---+
    |       |
    +---+---+
    >>> import tremaux
    >>> save(tremaux.generate((2, 2), seed=1).maze, path, "block")
    >>> print(open(path).read(), end="")
    #####
    #E..#
    ###.#
    #..G#
    #####
    """
    _check_maze(maze, "save")
    p = Path(path)
    format = output_format(p, format, accepts=SAVE_FORMATS, writer="tremaux.io.save",
                           hint="tremaux.render.save draws SVG and GIF pictures")
    check_folder(p)  # before the work: `out/m.npz` with no folder out names it
    entry = FORMATS.get(format)
    out = entry.dumps(maze)
    from .._write import write_file

    write_file(p, out if entry.binary else out + "\n")
