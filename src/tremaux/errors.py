"""Every exception tremaux raises on purpose.

All of them derive from :class:`TremauxError`, itself a :class:`ValueError`,
so ``except ValueError`` keeps working for callers that do not care about the
details. Each message is one line that names the bad value and, where it
helps, what would have been accepted. The command line prints that line and
exits with status 2; it never shows a traceback for these.

Examples
--------
>>> from tremaux.errors import TremauxError, MazeFormatError
>>> err = MazeFormatError("unknown character 'x'", line=3, column=7, source="maze.txt")
>>> str(err)
"maze.txt:3:7: unknown character 'x'"
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ._bytes import format_bytes

__all__ = [
    "TremauxError",
    "InvalidMazeError",
    "InvalidSizeError",
    "CellError",
    "MazeFormatError",
    "UnknownNameError",
    "UnsupportedError",
    "PuzzleError",
    "PuzzleFormatError",
    "BudgetExceededError",
    "MemoryLimitError",
    "InputTooLargeError",
    "MissingFolderError",
]


class TremauxError(ValueError):
    """Base class of every error raised on purpose by tremaux.

    Examples
    --------
    >>> from tremaux.errors import TremauxError
    >>> import tremaux
    >>> try:
    ...     tremaux.generate((0, 5))
    ... except TremauxError as err:
    ...     print(type(err).__name__, "-", err)
    InvalidSizeError - maze size 0 x 5 is invalid: every dimension must be at least 1
    """


class InvalidMazeError(TremauxError):
    """Arrays that do not describe a valid maze.

    For example a passage open from one side only, a passage leading off the
    grid or into a masked cell, or an unknown bit in a cell.

    Examples
    --------
    >>> import numpy as np, tremaux
    >>> tremaux.Maze(np.array([[2, 0]], dtype=np.uint8))  # east open, but not its neighbour's west
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: ...
    """


class InvalidSizeError(TremauxError):
    """A grid size that is negative, zero, malformed or absurdly large.

    Examples
    --------
    >>> import tremaux
    >>> tremaux.Maze.open((2, -3))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: ...
    """


class CellError(TremauxError):
    """A cell outside the grid, on a masked cell, or otherwise unusable.

    Examples
    --------
    >>> import tremaux
    >>> tremaux.Maze.open((2, 2)).index((5, 0))
    Traceback (most recent call last):
    ...
    tremaux.errors.CellError: cell (5, 0) is outside the 2 x 2 grid
    """


class MazeFormatError(TremauxError):
    """A maze file or text that cannot be read.

    Parameters
    ----------
    message : str
        What is wrong.
    line, column : int, optional
        1-based position of the problem in a text file.
    source : str, optional
        The file name, shown in front of the message.

    Examples
    --------
    >>> from tremaux.errors import MazeFormatError
    >>> err = MazeFormatError("ragged row", line=4, source="maze.txt")
    >>> str(err), err.reason, err.line
    ('maze.txt:4: ragged row', 'ragged row', 4)
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.source = source
        where = [str(x) for x in (source, line, column) if x is not None]
        super().__init__(":".join(where) + ": " + message if where else message)


def _closest(name: str, valid: list[str], aliases: Mapping[str, str]) -> str | None:
    """The accepted name closest to a mistyped ``name`` (through its aliases too), or None when none is close."""
    import difflib

    spellings = {v.lower(): v for v in valid}
    spellings.update({a.lower(): n for a, n in aliases.items() if n in valid})
    key = name.strip().lower().replace("_", "-")
    close = difflib.get_close_matches(key, list(spellings), n=1, cutoff=0.6)
    return spellings[close[0]] if close else None


class UnknownNameError(TremauxError, KeyError):
    """An algorithm, format or option name that is not registered.

    Parameters
    ----------
    kind : str
        What was looked up, e.g. ``"generator"``.
    name : str
        The name that was not found.
    valid : iterable of str
        The names that would have been accepted; they are listed in the message.
    aliases : mapping of str to str, optional
        Other accepted spellings and the name each stands for; a close one
        suggests its name.

    Examples
    --------
    >>> from tremaux.errors import UnknownNameError
    >>> err = UnknownNameError("style", "fancy", ["unicode", "ascii"])
    >>> print(err)
    unknown style 'fancy'; choose one of: ascii, unicode
    >>> isinstance(err, KeyError), err.valid, err.suggestion
    (True, ['ascii', 'unicode'], None)
    >>> print(UnknownNameError("style", "unicod", ["unicode", "ascii"]))
    unknown style 'unicod' (did you mean 'unicode'?); choose one of: ascii, unicode
    """

    def __init__(self, kind: str, name: str, valid: Iterable[str],
                 aliases: Mapping[str, str] | None = None) -> None:
        self.kind = kind
        self.name = name
        self.valid = sorted(valid)
        self.suggestion = _closest(str(name), self.valid, aliases or {})
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        super().__init__(f"unknown {kind} {name!r}{hint}; choose one of: {', '.join(self.valid)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class UnsupportedError(TremauxError):
    """An algorithm asked to do something it cannot do (e.g. binary tree on a mask).

    Examples
    --------
    >>> import numpy as np, tremaux
    >>> ring = np.ones((3, 3), bool)
    >>> ring[1, 1] = False
    >>> tremaux.generate((3, 3), "binary-tree", mask=ring)
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: ...
    """


class PuzzleError(TremauxError):
    """A Number Link puzzle that breaks the rules (an unpaired number, ...).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> Puzzle(np.array([[1, 0], [0, 0]]))
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleError: number '1' appears once...
    """


class PuzzleFormatError(MazeFormatError, PuzzleError):
    """A Number Link puzzle file that cannot be read (with line and column).

    Examples
    --------
    >>> from tremaux.errors import PuzzleFormatError, PuzzleError
    >>> err = PuzzleFormatError("unknown character '?'", line=2, column=5)
    >>> str(err), isinstance(err, PuzzleError)
    ("2:5: unknown character '?'", True)
    """


class BudgetExceededError(TremauxError):
    """A computation stopped because it ran past its step or time budget.

    Examples
    --------
    >>> from tremaux.errors import BudgetExceededError, TremauxError
    >>> issubclass(BudgetExceededError, TremauxError)
    True
    """


class MemoryLimitError(TremauxError):
    """A computation refused before it starts because it would need more memory than allowed.

    The message names the estimate and the limit; the limit comes from a
    ``memory_limit=`` keyword, ``tremaux --memory-limit``, the
    ``TREMAUX_MEMORY_LIMIT`` environment variable or the default (see
    :mod:`tremaux.budget`).

    Parameters
    ----------
    what : str
        What would have been computed, e.g. ``"a 30000 x 30000 maze (backtracker)"``.
    estimate, limit : int
        Bytes needed (estimated peak) and bytes allowed.

    Examples
    --------
    >>> from tremaux.errors import MemoryLimitError
    >>> str(MemoryLimitError("a PNG of 100000 x 100000 pixels", 3 * 10**10, 8 * 2**30))
    'a PNG of 100000 x 100000 pixels needs about 27.9 GiB of memory; the limit is 8.0 GiB (set --memory-limit or TREMAUX_MEMORY_LIMIT)'
    """

    def __init__(self, what: str, estimate: int, limit: int) -> None:
        self.what = what
        self.estimate = int(estimate)
        self.limit = int(limit)
        super().__init__(
            f"{what} needs about {format_bytes(estimate)} of memory; the limit is {format_bytes(limit)} "
            "(set --memory-limit or TREMAUX_MEMORY_LIMIT)"
        )


class InputTooLargeError(MazeFormatError):
    """A file or text refused unread because it is bigger than the cap for its kind.

    Examples
    --------
    >>> from tremaux.errors import InputTooLargeError
    >>> str(InputTooLargeError("a text maze of 50.0 MiB is over the 16.0 MiB cap", source="big.txt"))
    'big.txt: a text maze of 50.0 MiB is over the 16.0 MiB cap'
    """


class MissingFolderError(TremauxError, FileNotFoundError):
    """An output file whose folder does not exist.

    It is a :class:`FileNotFoundError` too (``errno``, ``strerror`` and
    ``filename`` set as the system would), so ``except FileNotFoundError`` and
    ``except OSError`` keep catching it.

    Parameters
    ----------
    path : str or os.PathLike
        The file that was to be written.

    Examples
    --------
    >>> from tremaux.errors import MissingFolderError
    >>> err = MissingFolderError("out/maze.txt")
    >>> print(err)
    cannot write out/maze.txt: the folder out does not exist
    >>> isinstance(err, FileNotFoundError), err.errno, err.filename, err.folder
    (True, 2, 'out/maze.txt', 'out')
    """

    def __init__(self, path: object) -> None:
        import errno
        import os

        name = os.fspath(path)  # type: ignore[call-overload]
        folder = os.path.dirname(name) or "."
        message = f"the folder {folder} does not exist"
        super().__init__(f"cannot write {name}: {message}")
        self.errno = errno.ENOENT
        self.strerror = message
        self.filename = name
        self.folder = folder
        self.output = True  # an output file: the command line says "cannot write", not "no such file"

    def __str__(self) -> str:  # not OSError's "[Errno 2] ...": the one line the command line prints too
        return str(self.args[0])

    def __reduce__(self) -> tuple:  # pickled (by a worker process) as the path it names
        return type(self), (self.filename,)
