"""Writing Number Link puzzles as text: in a format of :data:`~tremaux.numberlink.formats.FORMATS` by name, or
in a file by its extension."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from ...errors import PuzzleFormatError, UnsupportedError
from ..model import Puzzle
from . import FORMATS
from ._text import foreign_extension

__all__ = ["dumps", "dumps_all", "save", "writable"]


def dumps(puzzle: Puzzle, format: str = "grid") -> str:
    """``puzzle`` as text in ``format`` (a name in :data:`FORMATS`).

    ``grid`` writes one character per cell while every label fits in one
    character (numbers 10-35 as ``A``-``Z``), else whitespace-separated labels;
    ``wh`` keeps any single-character labels; ``contest`` and ``puzzlink``
    write numbers (other labels become pair numbers); ``flow`` writes letters.

    Parameters
    ----------
    puzzle : Puzzle
    format : str
        A name in :data:`FORMATS`.

    Returns
    -------
    str

    Raises
    ------
    PuzzleFormatError
        A label or a size the format cannot hold (named).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, dumps
    >>> print(dumps(Puzzle.from_rows(["1.2", "1.2"]), "wh"), end="")
    3 2
    1.2
    1.2
    0 0
    >>> dumps(Puzzle.from_rows(["1.2", "1.2"]), "puzzlink")
    'https://puzz.link/p?numlin/3/2/1g21g2\\n'
    """
    return dumps_all([puzzle], format)


def dumps_all(puzzles: Iterable[Puzzle], format: str = "grid") -> str:
    """Several puzzles as text (blank-line separated grids, one ``wh`` file, one URL per line).

    Parameters
    ----------
    puzzles : iterable of Puzzle
        The puzzles.
    format : str, default "grid"
        ``grid``, ``wh``, ``flow``, ``contest`` or ``puzzlink``.

    Returns
    -------
    str
        The text.

    Raises
    ------
    PuzzleFormatError
        No puzzle, something that is not a puzzle, or a label or size the format cannot hold.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats import dumps_all
    >>> ps = [Puzzle.from_rows(["1.1"]), Puzzle.from_rows(["22"])]
    >>> print(dumps_all(ps, "wh"), end="")
    3 1
    1.1
    2 1
    22
    0 0
    """
    items = list(puzzles)
    for item in items:
        _check(item)
    if not items:  # the text would hold no puzzle, which no reader takes back
        raise PuzzleFormatError("no puzzle to write")
    return FORMATS.get(writable(format)).write(items)


def _check(item: object) -> None:
    """Refuse what is not a :class:`Puzzle`, pointing at the puzzle a result or a generated puzzle holds."""
    if not isinstance(item, Puzzle):
        hint = "; write its .puzzle" if isinstance(getattr(item, "puzzle", None), Puzzle) else ""
        raise PuzzleFormatError(f"expected a Puzzle to write, not {type(item).__name__}{hint}")


def writable(format: str) -> str:
    """The registry name of ``format``, refused by name when it is unknown or read only.

    Parameters
    ----------
    format : str
        A name or alias in :data:`FORMATS`.

    Returns
    -------
    str
        Its canonical name.

    Raises
    ------
    PuzzleFormatError
        For a read-only format (a level pack, the JSON records), naming the formats that are written.

    Examples
    --------
    >>> from tremaux.numberlink.formats import writable
    >>> writable("thomasahle")
    'wh'
    >>> writable("json")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: the 'json' format is read only; write one of: grid, csv, wh, flow, ...
    """
    entry = FORMATS.get(format)
    if entry.meta.get("read_only"):
        names = [n for n in FORMATS.names() if not FORMATS.get(n).meta.get("read_only")]
        raise PuzzleFormatError(f"the {entry.name!r} format is read only; write one of: {', '.join(names)}")
    return entry.name


def save(puzzle: Puzzle, path: str | Path, format: str | None = None) -> None:
    """Write ``puzzle`` to ``path`` (format by name, else by extension, else ``contest`` for ``Q*``/``NL_Q*``
    names, else ``grid``); a ``.svg`` or ``.png`` path, with no format named, gets a picture of the puzzle
    (:func:`tremaux.numberlink.draw.save`).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    path : str or pathlib.Path
        The file.
    format : str, optional
        The format (``"svg"`` or ``"png"``: a picture); when not given, the extension's if it names one (``.wh``,
        ``.contest``, ``.flow``, ``.bwinf``...), else ``contest`` for ``Q*``/``NL_Q*`` names, else ``grid``.

    Raises
    ------
    PuzzleFormatError
        For a puzzle the format cannot hold, a read-only format, or a path that is no path (``None``...).
    UnknownNameError
        For an unknown format name.
    UnsupportedError
        For a path named as another kind of file (``.gif``, ``.jpg``, ``.json``, ``.npz``...).
    OSError
        When the file cannot be written.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, save
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "Q01.txt"
    >>> save(Puzzle.from_rows(["1.1"]), f)
    >>> f.read_text().splitlines()[0]
    'SIZE 3X1'
    >>> save(Puzzle.from_rows(["1.1"]), f.with_name("p.wh"))
    >>> f.with_name("p.wh").read_text().splitlines()[0]
    '3 1'
    >>> save(Puzzle.from_rows(["1.1"]), f.with_name("p.svg"))
    >>> f.with_name("p.svg").read_text()[:4]
    '<svg'
    """
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise PuzzleFormatError(f"expected the path of a file to write (a str or a pathlib.Path), not "
                                f"{type(path).__name__}")
    path = Path(path)
    if format is not None and isinstance(format, str) and format.strip().lower() in ("svg", "png"):  # a picture,
        from ..draw import save as draw                                                  # whatever the extension

        _check(puzzle)
        draw(puzzle, path, format=format.strip().lower())
        return
    if foreign := foreign_extension(path):
        raise UnsupportedError(f"cannot write puzzle text to {path}: {foreign} names another kind of file (write "
                               f".txt, .wh, .contest..., or a picture: .svg or .png)")
    ext = path.suffix[1:].lower()
    if format is None and ext in ("svg", "png"):  # a picture, as the name says (not the text under that name)
        from ..draw import save as draw

        _check(puzzle)
        draw(puzzle, path)
        return
    if format is None and ext and ext in FORMATS and not FORMATS.get(ext).meta.get("read_only"):
        format = ext
    if format is None:
        format = "contest" if re.match(r"^(NL_)?Q\d", path.name) else "grid"
    path.write_text(dumps(puzzle, format), encoding="utf-8")
