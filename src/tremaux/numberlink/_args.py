"""The checks of the arguments the Number Link API takes: each refuses a value of the wrong kind by name.

A count, a seed or a step budget is a whole number (``5`` or ``5.0``, never ``True`` nor ``"5"``); a time
limit is a positive number of seconds (``inf`` for none); a switch is ``True`` or ``False``. Each error is an
:class:`~tremaux.errors.InvalidSizeError` naming the argument and the value given.

Examples
--------
>>> whole(5.0, "count"), seconds(2, "time limit"), seconds(None, "time limit")
(5, 2.0, None)
>>> whole("5", "count")
Traceback (most recent call last):
...
tremaux.errors.InvalidSizeError: count must be a whole number, not '5'
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from .._args import switch  # noqa: F401  (one check of a switch for the whole library)
from ..errors import InvalidSizeError

_BOOLS = (bool, np.bool_)


def whole(value: Any, what: str, *, least: int | None = None) -> int:
    """``value`` as an ``int`` when it is a whole number (not a bool) of at least ``least``, else an error naming
    ``what``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, _BOOLS):
        n = int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, _BOOLS) and math.isfinite(value) \
            and value == int(value):
        n = int(value)  # 5.0
    else:
        raise InvalidSizeError(f"{what} must be a whole number, not {value!r}")
    if least is not None and n < least:
        raise InvalidSizeError(f"{what} must be at least {least}, not {n}")
    return n


def number(value: Any, what: str) -> float:
    """``value`` as a ``float`` when it is a real number (not a bool), else an error naming ``what``."""
    if isinstance(value, _BOOLS) or not isinstance(value, numbers.Real):
        raise InvalidSizeError(f"{what} must be a number, not {value!r}")
    return float(value)


def seconds(value: Any, what: str) -> float | None:
    """A time limit: ``None`` as is, else a positive number of seconds (``inf`` for none)."""
    if value is None:
        return None
    limit = number(value, what)
    if not limit > 0:
        raise InvalidSizeError(f"{what} must be a positive number of seconds, not {value!r}")
    return limit


def puzzle_of(value: Any) -> Any:
    """The :class:`~tremaux.numberlink.Puzzle` a solve or check is given: a puzzle, what the generator, a solve or a
    check returns, a grid of pair ids (a 2-D integer array or a list of lists of ints, 0 for an empty cell), rows
    of text (``["1.1", "2.2"]``), puzzle text (with a newline, or a puzz.link URL; bytes are decoded as a file's
    are) or the path of a file holding one puzzle.

    Anything else is a :class:`~tremaux.errors.PuzzleError` naming what was given; a grid that is no puzzle
    (its shape, its values, a number on one cell) is refused by :class:`~tremaux.numberlink.Puzzle`.
    """
    import os

    from ..errors import PuzzleError, PuzzleFormatError
    from .model import Puzzle

    if isinstance(value, Puzzle):
        return value
    if isinstance(value, np.ndarray):
        return Puzzle(value)
    if isinstance(value, (list, tuple)):
        rows = len(value) > 0 and all(isinstance(row, str) for row in value)
        other = next((row for row in value if not isinstance(row, str)), None)
        if not rows and any(isinstance(row, str) for row in value):  # else "a grid is 2-D, not of shape (2,)"
            raise PuzzleError(f"a puzzle's rows are all text or all lists of pair ids, not text and "
                              f"{type(other).__name__}")
        return Puzzle.from_rows(value) if rows else Puzzle(value)
    if isinstance(value, (bytes, bytearray)):  # a file's contents, read in binary
        from . import formats

        return formats.loads(bytes(value))
    inner = getattr(value, "puzzle", None)  # a GeneratedPuzzle, or the answer of a solve or a check: solved again
    if isinstance(inner, Puzzle) and type(value).__name__ in ("GeneratedPuzzle", "PuzzleSolution", "Diagnosis"):
        return inner
    from . import formats

    if isinstance(value, str) and not value.strip():  # else read as the file '' (": cannot read the file")
        raise PuzzleFormatError(f"no puzzle in {value!r}: give puzzle text, rows, a grid of pair ids or a file's path")
    if isinstance(value, str) and ("\n" in value or value.lstrip().lower().startswith(("http://", "https://",
                                                                                      "puzz.link"))):
        return formats.loads(value)
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
