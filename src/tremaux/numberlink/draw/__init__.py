"""Pictures of Number Link puzzles and solutions: lines, not numbers.

* :func:`to_text` draws lines with box-drawing characters (``─ │ ┌ ┐ └ ┘``),
  the endpoint labels in place; :func:`to_rich` is the same as a
  :class:`rich.text.Text` with one colour per pair for a terminal
  (:mod:`tremaux.numberlink.draw.text`).
* :func:`numbers_text` prints the solution as the grid of numbers the paper's
  program shows, for comparison.
* :func:`to_svg` and :func:`to_png` draw coloured lines through cell centres
  (:mod:`tremaux.numberlink.draw.svg`, :mod:`tremaux.numberlink.draw.png`), at
  28 pixels a cell, or fewer on boards above 146 x 146 cells so that a picture keeps
  within 4096 x 4096 pixels (:func:`~tremaux.numberlink.draw.common.picture_cell`).
* :func:`save` writes ``.svg``, ``.png`` or ``.txt`` by extension.

Pictures and text drawings too big for the memory budget (:mod:`tremaux.budget`) are refused
before they are drawn, naming their size.

Every function takes a :class:`~tremaux.numberlink.Puzzle`, a
:class:`~tremaux.numberlink.PuzzleSolution` (its first solution is drawn) or a
``(puzzle, linking)`` pair, and returns a value; nothing is printed.

Examples
--------
>>> from tremaux.numberlink.draw import picture_format, save
>>> import pathlib, tempfile
>>> from tremaux.numberlink import Puzzle, solve_puzzle
>>> r = solve_puzzle(Puzzle.from_rows(["12.", "...", "1.2"]), rule="fill")
>>> out = pathlib.Path(tempfile.mkdtemp()) / "lines.svg"
>>> save(r, out)
>>> out.read_text().startswith("<svg"), picture_format("lines.png")
(True, '.png')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import UnsupportedError
from .common import DEFAULT_CELL, MAX_PICTURE_PIXELS, palette, picture_cell
from .png import to_png
from .svg import to_svg
from .text import (NUMBERS_CELL_BYTES, NUMBERS_CHAR_BYTES, TEXT_ARRAY_BYTES, TEXT_CELL_BYTES, TEXT_CODE_BYTES,
                   numbers_text, to_rich, to_text)

__all__ = ["palette", "to_text", "to_rich", "numbers_text", "to_svg", "to_png", "save", "picture_format",
           "picture_cell", "DEFAULT_CELL", "MAX_PICTURE_PIXELS", "TEXT_CELL_BYTES", "TEXT_CODE_BYTES",
           "TEXT_ARRAY_BYTES", "NUMBERS_CHAR_BYTES", "NUMBERS_CELL_BYTES"]


def save(obj: Any, path: str | Path, format: str | None = None, **style: Any) -> None:
    """Write a picture of ``obj`` to ``path``: ``.svg``, ``.png`` or ``.txt`` (box drawing).

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    path : str or pathlib.Path
        The file; its extension chooses the format, unless ``format`` is given.
    format : {"svg", "png", "txt"}, optional
        The format, whatever the extension.
    **style
        Passed to :func:`to_svg` or :func:`to_png`.

    Raises
    ------
    UnsupportedError
        Another extension (the message lists the accepted ones).

    Examples
    --------
    >>> from tremaux.numberlink.draw import save
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "puzzle.svg"
    >>> save(puzzle, out)
    >>> out.read_text().startswith("<svg")
    True
    """
    path = Path(path)
    ext = picture_format(path) if format is None else "." + str(format).lower().lstrip(".")
    if ext not in (".svg", ".png", ".txt"):
        raise UnsupportedError(f"cannot write a picture as {format!r} ({path}); use svg, png or txt")
    if ext == ".svg":
        path.write_text(to_svg(obj, **style), encoding="utf-8")
    elif ext == ".png":
        path.write_bytes(to_png(obj, **style))
    else:
        path.write_text(to_text(obj) + "\n", encoding="utf-8")


def picture_format(path: str | Path) -> str:
    """The picture format :func:`save` writes to ``path``: its extension, one of ``.svg``, ``.png``, ``.txt``.

    Parameters
    ----------
    path : str or pathlib.Path
        Where the picture is to go.

    Returns
    -------
    str
        The extension, in lower case.

    Raises
    ------
    UnsupportedError
        Another extension (the message lists the accepted ones).

    Examples
    --------
    >>> from tremaux.numberlink.draw import picture_format
    >>> picture_format("out/Solution.SVG")
    '.svg'
    >>> picture_format("out/solution.bmp")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: cannot write a picture as '.bmp' (out/solution.bmp); use .svg, .png or .txt
    """
    ext = Path(path).suffix.lower()
    if ext not in (".svg", ".png", ".txt"):
        raise UnsupportedError(f"cannot write a picture as {ext or 'a file without extension'!r} ({path}); "
                               f"use .svg, .png or .txt")
    return ext
