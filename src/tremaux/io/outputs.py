"""What a written file holds: one rule for every writer, from a format name or else the file's extension.

Every function and command that writes a maze, a solution or a run to a file
chooses the format with :func:`output_format`: :func:`tremaux.io.save`,
:func:`tremaux.render.save`, the writers of :mod:`tremaux.grids`, and the
``--out`` of ``tremaux generate``, ``solve``, ``render``, ``animate``,
``convert`` and ``demo``. The rule:

1. a format named (``--format``, ``format=``) wins; ``txt`` is another name of
   ``ascii`` and ``image`` of ``png``. A name that contradicts a known extension
   (``--format json`` for ``maze.png``) is refused; ``block`` is a text format,
   so it may go to a ``.txt`` file;
2. else the extension names it (in any case): ``.txt`` ascii, ``.json`` json,
   ``.npz`` npz, ``.png`` png, ``.svg`` svg, ``.gif`` gif; any other is refused,
   with the extensions the writer takes;
3. a writer refuses, by name, a format it does not write (``convert`` writes
   no SVG, ``render`` no JSON), before any work.

========  ===========  ==========================================================
format    extension    contents
========  ===========  ==========================================================
ascii     ``.txt``     the ``+---+`` drawing (``render``: in the ``--style`` asked)
block     (``.txt``)   ``#`` / ``.`` squares, one per cell and wall
json      ``.json``    the maze, versioned JSON
npz       ``.npz``     the maze, compressed NumPy arrays
png       ``.png``     a picture (reads back as the maze)
svg       ``.svg``     a picture, or a replay of a run (``animate``)
gif       ``.gif``     a replay of a recorded run, else a still picture
========  ===========  ==========================================================

Examples
--------
>>> from tremaux.io import output_format
>>> output_format("maze.TXT"), output_format("maze.dat", "json"), output_format("m.txt", "block")
('ascii', 'json', 'block')
>>> output_format("maze.jpg")
Traceback (most recent call last):
...
tremaux.io.outputs.UnknownExtensionError: cannot tell what to write to 'maze.jpg' from its extension: use .txt, ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import TremauxError, UnknownNameError, UnsupportedError

__all__ = ["OUTPUT_FORMATS", "EXTENSIONS", "FolderPathError", "UnknownExtensionError", "output_format", "extension_of"]

OUTPUT_FORMATS: dict[str, str] = {
    "ascii": "the +---+ drawing (render: in the text style asked), extension .txt",
    "block": "# / . squares, one per cell and wall (a text file, named: --format block)",
    "json": "the maze as versioned JSON, extension .json",
    "tokens": "the maze as the maze-dataset library's tokens, one line (a text file, named: --format tokens)",
    "npz": "the maze as compressed NumPy arrays, extension .npz",
    "png": "a PNG picture (reads back as the maze), extension .png",
    "svg": "an SVG picture, or the replay of a run, extension .svg",
    "gif": "a GIF: the replay of a recorded run, else a still picture, extension .gif",
}
"""The formats a file may be written in, in the order messages list them, and what each holds."""

EXTENSIONS: dict[str, str] = {".txt": "ascii", ".json": "json", ".npz": "npz", ".png": "png", ".svg": "svg",
                              ".gif": "gif"}
"""The extension that names each format when none is named (``block`` and ``tokens`` have none of their own)."""

_ALIASES = {"txt": "ascii", "image": "png", "text": "ascii", "maze-dataset": "tokens"}


def extension_of(name: str) -> str:
    """The extension a file in format ``name`` takes (``.txt`` for the text formats).

    Parameters
    ----------
    name : str
        A key of :data:`OUTPUT_FORMATS`.

    Returns
    -------
    str
        The extension, with its dot.

    Examples
    --------
    >>> from tremaux.io.outputs import extension_of
    >>> extension_of("block"), extension_of("npz")
    ('.txt', '.npz')
    """
    return ".txt" if name in ("block", "tokens") else next(ext for ext, fmt in EXTENSIONS.items() if fmt == name)


def _listed(items: list[str], last: str = "or") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


STDOUT_NAMES = ("-", "/dev/stdout")
"""Names of the standard output as an output file (``--out -`` is given to writers as ``/dev/stdout``)."""


class UnknownExtensionError(UnknownNameError, UnsupportedError):
    """A file to write whose extension names no format, and no format was named.

    Parameters
    ----------
    path : str
        The file.
    valid : iterable of str
        The formats the writer takes.
    named : bool
        Whether the caller can name a format instead (the message says so).

    Examples
    --------
    >>> from tremaux.errors import UnsupportedError
    >>> from tremaux.io.outputs import UnknownExtensionError
    >>> err = UnknownExtensionError("m.xyz", ["png", "svg"], named=False)
    >>> print(err)
    cannot tell what to write to 'm.xyz' from its extension: use .png or .svg
    >>> isinstance(err, UnsupportedError), isinstance(err, KeyError), err.name
    (True, True, '.xyz')
    >>> print(UnknownExtensionError("/dev/stdout", ["png", "svg"], named=False))
    cannot tell what to write to '-' (the standard output has no extension): write to a file named with its \
extension (.png or .svg) instead
    """

    def __init__(self, path: str, valid: Iterable[str], named: bool = True) -> None:
        formats = [f for f in OUTPUT_FORMATS if f in set(valid)]
        exts = list(dict.fromkeys(extension_of(f) for f in formats))
        UnknownNameError.__init__(self, "file extension", Path(path).suffix, exts)
        if str(path) in STDOUT_NAMES:
            message = ("cannot tell what to write to '-' (the standard output has no extension): "
                       + (f"name a format ({', '.join(formats)})" if named
                          else f"write to a file named with its extension ({_listed(exts)}) instead"))
        else:
            message = f"cannot tell what to write to {path!r} from its extension: use {_listed(exts)}"
            if named:
                message += f", or name a format ({', '.join(formats)})"
        self.args = (message,)


def output_format(path: str | os.PathLike | None, format: Any = None, *, accepts: Iterable[str] | None = None,
                  writer: str = "this writer", named: bool = True, hint: str = "") -> str:
    """The format to write ``path`` in: ``format`` if given, else the one its extension names.

    Parameters
    ----------
    path : str, os.PathLike or None
        The file (``None`` when writing to standard output: ``format`` is then needed).
    format : str, optional
        A format named by the caller (``--format``): a key of
        :data:`OUTPUT_FORMATS`, ``txt`` (ascii) or ``image`` (png), in any
        case, with or without a leading dot.
    accepts : iterable of str, optional
        The formats the writer writes (default: all of them).
    writer : str, default "this writer"
        Who writes, for messages (``"tremaux convert"``).
    named : bool, default True
        Whether the caller can name a format (messages then say so).
    hint : str, optional
        Where to turn instead, added to the message refusing a format the writer does not write.

    Returns
    -------
    str
        A key of :data:`OUTPUT_FORMATS`.

    Raises
    ------
    UnknownNameError
        For an unknown format name (listing those the writer takes).
    UnknownExtensionError
        For an extension that names no format, none being named.
    UnsupportedError
        For a format the writer does not write, or one that contradicts the extension.

    Examples
    --------
    >>> from tremaux.io import output_format
    >>> output_format("run.gif"), output_format("m.png", "image"), output_format(None, ".TXT")
    ('gif', 'png', 'ascii')
    >>> output_format("maze.svg", accepts=("ascii", "json"), writer="tremaux convert")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: tremaux convert writes ascii or json, not svg ('maze.svg')
    >>> output_format("maze.png", "json")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: format json does not match the extension of 'maze.png' (.png is png)
    >>> output_format("maze.svg", "txt")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: format txt (ascii) does not match the extension of 'maze.svg' (.svg is svg)
    """
    valid = list(OUTPUT_FORMATS) if accepts is None else [f for f in OUTPUT_FORMATS if f in set(accepts)]
    shown = "" if path is None else os.fspath(path)
    ext = Path(shown).suffix.lower()
    if format is not None:
        if not isinstance(format, str):
            raise UnknownNameError("format", repr(format), valid)
        key = format.strip().lower().lstrip(".")
        name = _ALIASES.get(key, key)
        if name not in OUTPUT_FORMATS:
            raise UnknownNameError("format", format, valid)
        if ext in EXTENSIONS and extension_of(name) != ext:
            typed = name if key == name else f"{format.strip()} ({name})"  # the word typed: txt (ascii)
            raise UnsupportedError(f"format {typed} does not match the extension of {shown!r} "
                                   f"({ext} is {EXTENSIONS[ext]})")
    elif ext in EXTENSIONS:
        name = EXTENSIONS[ext]
    else:
        raise UnknownExtensionError(shown, valid, named)
    if name not in valid:
        where = f" ({shown!r})" if shown else ""
        raise UnsupportedError(f"{writer} writes {_listed(valid)}, not {name}{where}" + (f"; {hint}" if hint else ""))
    return name


def check_folder(path: str | os.PathLike) -> None:
    """Refuse, before any work, an output file whose folder does not exist, or that is a folder.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.

    Raises
    ------
    MissingFolderError
        Naming the file and its missing folder; it is a :class:`FileNotFoundError` too.
    FolderPathError
        When ``path`` is an existing folder; it is an :class:`IsADirectoryError` too.

    Examples
    --------
    >>> from tremaux.io.outputs import check_folder
    >>> check_folder("maze.txt")
    >>> check_folder("/no/such/folder/maze.txt")
    Traceback (most recent call last):
    ...
    tremaux.errors.MissingFolderError: cannot write /no/such/folder/maze.txt: the folder /no/such/folder does not exist
    """
    from ..errors import MissingFolderError

    folder = os.path.dirname(os.fspath(path))
    if folder and not os.path.lexists(folder):
        raise MissingFolderError(path)
    if os.path.isdir(path):  # the work would be lost on Python's bare IsADirectoryError
        raise FolderPathError(path)


class FolderPathError(TremauxError, IsADirectoryError):
    """An output file named by the path of an existing folder.

    It is an :class:`IsADirectoryError` too (``errno``, ``strerror`` and
    ``filename`` set as the system would), so ``except IsADirectoryError``
    and ``except OSError`` keep catching it.

    Parameters
    ----------
    path : str or os.PathLike
        The path that was to be written: a folder.

    Examples
    --------
    >>> from tremaux.io.outputs import FolderPathError
    >>> err = FolderPathError("out")
    >>> print(err)
    cannot write out: it is a folder; name a file in it (out/maze.txt)
    >>> isinstance(err, IsADirectoryError), err.errno, err.filename
    (True, 21, 'out')
    """

    def __init__(self, path: object) -> None:
        import errno

        name = os.fspath(path)  # type: ignore[call-overload]
        example = os.path.join(name, "maze" + (os.path.splitext(name)[1] or ".txt"))
        message = f"it is a folder; name a file in it ({example})"
        super().__init__(f"cannot write {name}: {message}")
        self.errno = errno.EISDIR
        self.strerror = message
        self.filename = name
        self.output = True  # an output file: the command line says "cannot write"

    def __str__(self) -> str:  # not OSError's "[Errno 21] ...": one line, the one the command line prints too
        return str(self.args[0])

    def __reduce__(self) -> tuple:  # pickled (by a worker process) as the path it names
        return type(self), (self.filename,)
