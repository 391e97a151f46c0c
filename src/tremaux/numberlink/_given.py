"""A puzzle as a solve or a check is given it: a puzzle, a grid, rows, text, or a file's path (:func:`puzzle_of`).

It reads text and files with :mod:`.formats`, so it stands above them; :class:`~.model.Puzzle` reads
what is not a grid through it, as named in :mod:`._named` by the package.

Examples
--------
>>> from tremaux.numberlink._given import puzzle_of
>>> puzzle_of("1.1\\n2.2\\n").grid.tolist()
[[1, 0, 1], [2, 0, 2]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["puzzle_of"]


def puzzle_of(value: Any) -> Any:
    """The :class:`~tremaux.numberlink.Puzzle` a solve or check is given: a puzzle, what the generator, a solve or a
    check returns, a grid of pair ids (a 2-D integer array, what numpy reads as one such as a pandas DataFrame, or
    a list of lists of ints, 0 for an empty cell), rows of text (``["1.1", "2.2"]``), puzzle text (with a newline,
    a puzz.link URL, or JSON such as ``json.dumps`` of a run's record; bytes are decoded as a file's are) or the
    path of a file holding one puzzle.

    Anything else is a :class:`~tremaux.errors.PuzzleError` naming what was given; a grid that is no puzzle
    (its shape, its values, a number on one cell) is refused by :class:`~tremaux.numberlink.Puzzle`.
    """
    import os

    from ..errors import PuzzleError, PuzzleFormatError
    from ._cells import labelled
    from .model import Puzzle

    if isinstance(value, Puzzle):
        return value
    if labelled(value):  # rows of text, in a list or a numpy array
        return Puzzle.from_rows(value.tolist() if isinstance(value, np.ndarray) else value)
    if isinstance(value, (np.ndarray, list, tuple)):  # a grid of pair ids, or one line naming why it is none
        return Puzzle(value)
    if isinstance(value, (bytes, bytearray)):  # a file's contents, read in binary
        from . import formats

        return formats.loads(bytes(value))
    if hasattr(value, "__array__") and not isinstance(value, (str, os.PathLike)):  # a DataFrame, an xarray...
        return Puzzle(np.asarray(value))
    inner = getattr(value, "puzzle", None)  # a GeneratedPuzzle, or the answer of a solve or a check: solved again
    if isinstance(inner, Puzzle) and type(value).__name__ in ("GeneratedPuzzle", "PuzzleSolution", "Diagnosis"):
        return inner
    from . import formats

    if isinstance(value, str) and not value.strip():  # else read as the file '' (": cannot read the file")
        raise PuzzleFormatError(f"no puzzle in {value!r}: give puzzle text, rows, a grid of pair ids or a file's path")
    if isinstance(value, str) and ("\n" in value or value.lstrip().lower().startswith(("http://", "https://",
                                                                                      "puzz.link"))):
        return formats.loads(value)
    if isinstance(value, str) and value.lstrip().startswith(("{", "[")) and not os.path.lexists(value):
        return formats.loads(value)  # JSON on one line: a record of a solve or a check (json.dumps of to_dict())
    if isinstance(value, str) and not os.path.lexists(value) and _one_row(value):  # no such file, but the row
        raise PuzzleFormatError(f"no file named {value!r}; as puzzle text, end the row with a newline "  # of a puzzle
                                f"({value + chr(10)!r})")
    if isinstance(value, (str, os.PathLike)):
        return formats.load(value)
    raise PuzzleError(f"expected a Puzzle (or a grid of pair ids, puzzle text, or a file's path), not "
                      f"{type(value).__name__}")


def _one_row(text: str) -> bool:
    """Whether ``text`` (one line) is the row of a puzzle, read as such when it ends with a newline."""
    from ..errors import PuzzleError
    from .formats import loads

    try:
        loads(text + "\n", format="grid")
    except PuzzleError:
        return False
    return True
