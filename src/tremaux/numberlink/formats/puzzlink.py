"""puzz.link / pzprjs URLs of Number Link puzzles (``numlin``).

A URL such as ``https://puzz.link/p?numlin/5/4/1g2j...`` names the puzzle
type, the number of columns and rows, then the cells in row-major order:

* ``0``-``9``, ``a``-``f``: a number below 16 (one hexadecimal digit);
* ``-`` then two hexadecimal digits: 16 to 255; ``+`` then three: 256 to 4095;
  ``=`` then three: 4096 plus their value; ``%`` then three: 8192 plus their value;
* ``g`` to ``z``: a run of 1 to 20 empty cells;
* ``.``: a cell whose number is hidden (``?``), which a Number Link puzzle
  cannot hold (an error naming the cell).

A URL whose slashes after the ``?`` are percent-encoded (``numlin%2F5%2F4%2F...``), or which is percent-encoded
whole (``https%3A%2F%2Fpuzz.link%2Fp%3Fnumlin...``), is decoded first.

Cells left over at the end are empty. Each number is the label of a pair, so
it must appear exactly twice.

Examples
--------
>>> from tremaux.numberlink.formats.puzzlink import read_puzzlink, write_puzzlink
>>> read_puzzlink("https://puzz.link/p?slither/3/2/1g21g2", None, "")[0]
PuzzleFormatError("1:21: the URL is for the puzzle type 'slither', not Number Link (numlin or numberlink)")
>>> p = read_puzzlink("https://puzz.link/p?numlin/3/2/1g21g2", None, "")[0]
>>> p.grid.tolist()
[[1, 0, 2], [1, 0, 2]]
>>> write_puzzlink([p])
'https://puzz.link/p?numlin/3/2/1g21g2\\n'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from .._cells import at_cell
from ..model import Puzzle, label_order
from ._text import QUERY, check_side, lines, show

__all__ = ["read_puzzlink", "write_puzzlink", "URL", "QUERY_START", "ENCODED", "PUZZLE_TYPES"]

PUZZLE_TYPES = ("numlin", "numberlink")
"""pzprjs names of Number Link."""

URL = re.compile(r"^\s*(?:https?://)?[^\s?]*\?", re.IGNORECASE)
"""The start of a puzz.link-style URL, up to its ``?``."""
QUERY_START = re.compile(r"^\s*(?=" + QUERY.pattern + ")", re.IGNORECASE)
"""The start of a URL's query given alone (``numlin/5/5/...``), up to its puzzle type."""

_PREFIX = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}
_HEX = set("0123456789abcdef")
_HOST = "https://puzz.link/p?"


ENCODED = re.compile(r"^\s*https?%3A%2F%2F\S*$", re.IGNORECASE)
"""A URL percent-encoded whole (``https%3A%2F%2Fpuzz.link%2Fp%3Fnumlin%2F...``), as a link passed on inside another
link's query is; it is decoded before it is read."""


_WRAPPED = re.compile(r"^(\s*)(<|\"|')(\S+)(>|\"|')(\s*(?:#.*)?)$")
"""A URL between angle brackets (as mail and Markdown write links) or quotes, perhaps with a comment after it."""


def _one(lineno: int, s: str, source: str | None, name: str) -> Puzzle:
    if ENCODED.match(s):
        s = unquote(s)
    if (w := _WRAPPED.match(s)) and w.group(2) + w.group(4) in ("<>", '""', "''"):
        s = f"{w.group(1)} {w.group(3)}{w.group(5)}"  # the opening mark a space, so that columns stay
    m = QUERY_START.match(s) or URL.match(s)
    if not m:
        raise PuzzleFormatError(f"expected a puzz.link URL such as {_HOST}numlin/W/H/..., found {show(s.strip())}",
                                line=lineno, column=1, source=source)
    pos = m.end()
    s = re.sub(r"\s+#.*$", "", s.rstrip())  # 'URL  # easy': a comment after the URL
    s = re.sub(r"#\S*$", "", s)  # 'URL#top': a fragment, which a browser does not pass to the page either
    if gap := re.search(r"\s+(\S.*)$", s[pos:]):
        raise PuzzleFormatError(f"text after the URL: {show(gap.group(1))}; a URL holds no space (write a comment "
                                "after ' #')", line=lineno, column=pos + gap.start(1) + 1, source=source)
    if "/" not in s[pos:] and re.search(r"%2f", s[pos:], re.IGNORECASE):  # percent-encoded, as some sites and
        s = s[:pos] + unquote(s[pos:])                                     # chat programs pass a link on
    parts = s[pos:].split("/")
    pid = parts[0]
    if pid.lower() not in PUZZLE_TYPES:
        raise PuzzleFormatError(f"the URL is for the puzzle type {show(pid)}, not Number Link "
                                f"({' or '.join(PUZZLE_TYPES)})", line=lineno, column=pos + 1, source=source)
    pos += len(pid) + 1
    after_type = pos
    rest = parts[1:]
    if len(rest) > 2 and rest[0] == "":  # an empty part of flags, which pzprjs reads as none ('numlin//5/5/...')
        pos += 1
        rest = rest[1:]
    while rest and ":" in rest[0]:  # variant flags such as 'v:'
        pos += len(rest[0]) + 1
        rest = rest[1:]
    if len(rest) < 2 or not all(x.isascii() and x.isdigit() and 0 < len(x) <= 9 for x in rest[:2]):
        raise PuzzleFormatError("expected the number of columns and rows after the puzzle type "
                                f"({pid}/W/H/...)", line=lineno, column=after_type + 1, source=source)
    w, h = int(rest[0]), int(rest[1])
    check_side(h, w, lineno, source)
    pos += len(rest[0]) + len(rest[1]) + 2
    body = "/".join(rest[2:]).rstrip("/")  # a slash at the end holds no cell
    found = _decode(body, h * w)
    if found is None:  # not a well-formed body: read a character at a time, to name the first fault
        found = _scan(body, h, w, lineno, pos, source)
    where, number = found
    values, counts = np.unique(number, return_counts=True)
    for v, n in zip(values[counts != 2].tolist(), counts[counts != 2].tolist()):
        at = ", ".join(at_cell(int(k) // w, int(k) % w) for k in where[number == v][:4])
        times = "once" if n == 1 else f"{n} times"
        raise PuzzleFormatError(f"number {str(v)!r} appears {times}, at {at}; each number must appear "
                                "exactly twice", line=lineno, column=1, source=source)
    order = label_order(str(v) for v in values.tolist())  # by value, as np.unique sorts them
    grid = np.zeros(h * w, dtype=np.int32)
    grid[where] = np.searchsorted(values, number) + 1
    return Puzzle(grid.reshape(h, w), order, name=name)


_CODE = np.full(256, -1, dtype=np.int64)  # a byte's hexadecimal value, -1 for any other
for _k, _ch in enumerate("0123456789abcdef"):
    _CODE[ord(_ch)] = _k
_DIGITS = np.zeros(256, dtype=np.int64)  # how many digits a prefix takes ('-', '+', '=', '%'), 0 for another byte
_BASE = np.zeros(256, dtype=np.int64)
for _ch, (_n, _add) in _PREFIX.items():
    _DIGITS[ord(_ch)], _BASE[ord(_ch)] = _n, _add
_RUN = np.zeros(256, dtype=np.int64)  # the empty cells of 'g' to 'z'
_RUN[ord("g"):ord("z") + 1] = np.arange(1, 21)


def _decode(body: str, size: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The numbered cells of a well-formed URL body of ``size`` cells (their flat indices, in order, and their
    numbers) from an array of its bytes, or ``None`` when
    it holds anything else (a hidden number, a character that is no cell, a prefix without its digits,
    characters past the last cell), for :func:`_scan` to name."""
    if not body.isascii():
        return None
    b = np.frombuffer(body.encode("ascii"), dtype=np.uint8)
    n = len(b)
    width = _DIGITS[b]
    lead = np.flatnonzero(width)  # the prefixes, each a cell with its digits
    if len(lead) and int(lead[-1] + width[lead[-1]]) >= n:
        return None  # the last prefix is cut short
    edge = np.zeros(n + 1, dtype=np.int64)  # +1 where a prefix's digits start, -1 past them
    np.add.at(edge, lead + 1, 1)
    np.add.at(edge, lead + 1 + width[lead], -1)
    digit = np.cumsum(edge[:n]) > 0
    code = _CODE[b]
    if (code[digit] < 0).any():
        return None  # a prefix followed by something else than hexadecimal digits
    start = np.flatnonzero(~digit)
    first = b[start]
    run = _RUN[first]
    if ((code[start] < 0) & (run == 0) & (_DIGITS[first] == 0)).any():
        return None  # '.' (a hidden number), or a character that is no cell
    at = np.cumsum(np.where(run > 0, run, 1)) - np.where(run > 0, run, 1)  # the first cell of each
    if len(at) and int(at[-1]) >= size:
        return None  # characters left after the last cell
    value = np.where(run > 0, -1, code[start])
    if len(lead):  # a prefix's value: its digits in base 16, plus the prefix's base
        total = np.zeros(len(lead), dtype=np.int64)
        for j in range(int(width[lead].max())):
            has = width[lead] > j
            total = np.where(has, total * 16 + code[np.minimum(lead + 1 + j, n - 1)], total)
        value[np.searchsorted(start, lead)] = total + _BASE[b[lead]]
    number = value >= 0
    return at[number], value[number]


def _scan(body: str, h: int, w: int, lineno: int, pos: int, source: str | None) -> tuple[np.ndarray, np.ndarray]:
    """The numbered cells of a URL body (as :func:`_decode` gives them) read a character at a time, raising the
    error of its first fault."""
    cells = np.full(h * w, -1, dtype=np.int64)
    c = i = 0
    while i < len(body) and c < h * w:
        ch = body[i]
        if ch in _HEX:
            cells[c], i, c = int(ch, 16), i + 1, c + 1
        elif ch in _PREFIX:
            n, add = _PREFIX[ch]
            digits = body[i + 1:i + 1 + n]
            if len(digits) != n or not set(digits) <= _HEX:
                raise PuzzleFormatError(f"{show(ch)} must be followed by {n} hexadecimal digits, not "
                                        f"{show(digits)}", line=lineno, column=pos + i + 1, source=source)
            cells[c], i, c = int(digits, 16) + add, i + 1 + n, c + 1
        elif "g" <= ch <= "z":
            c, i = c + ord(ch) - ord("f"), i + 1
        elif ch == ".":
            raise PuzzleFormatError(f"the cell at {at_cell(c // w, c % w)} holds a hidden number ('?'), which a "
                                    "Number Link puzzle cannot hold", line=lineno, column=pos + i + 1,
                                    source=source)
        else:
            raise PuzzleFormatError(f"unexpected {show(ch)} in the cells of the URL; a cell is a hexadecimal "
                                    "number (with '-', '+', '=' or '%' for larger ones) or a run of empty cells "
                                    "('g' to 'z')", line=lineno, column=pos + i + 1, source=source)
    if i < len(body):
        left = len(body) - i
        raise PuzzleFormatError(f"{left} character{'s' if left > 1 else ''} left after the {w}x{h} cells", line=lineno,
                                column=pos + i + 1, source=source)
    where = np.flatnonzero(cells >= 0)
    return where, cells[where]


def read_puzzlink(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """One puzzle per non-blank line, each a puzz.link URL of type ``numlin``; a line starting with ``#`` is a
    comment.

    Parameters
    ----------
    text : str
        puzz.link (or pzprxs) URLs, one per line.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzles.

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzles, or the error of each unreadable URL.

    Raises
    ------
    PuzzleFormatError
        For text that holds no URL.

    Examples
    --------
    >>> from tremaux.numberlink.formats.puzzlink import read_puzzlink
    >>> read_puzzlink("https://puzz.link/p?numlin/3/2/1g12g2", None, "z")
    [Puzzle(shape=(2, 3), pairs=2, name='z')]
    """
    urls = [ln for ln in lines(text) if ln[1].strip() and not ln[1].lstrip().startswith("#")]  # '#': a comment
    if not urls:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    out: list[Puzzle | PuzzleError] = []
    for i, (lineno, s) in enumerate(urls):
        name = base if len(urls) == 1 else (f"{base}#{i + 1}" if base else f"#{i + 1}")
        try:
            out.append(_one(lineno, s, source, name))
        except PuzzleError as exc:
            out.append(exc)
    return out


def _number(v: int) -> str:
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "02x")
    if v < 4096:
        return "+" + format(v, "03x")
    return ("=" + format(v - 4096, "03x")) if v < 8192 else ("%" + format(v - 8192, "03x"))


def write_puzzlink(puzzles: Sequence[Puzzle]) -> str:
    """One URL per puzzle. Labels that are numbers 0 to 12287 (``7``, not ``07``) are kept; other labels are written
    as pair numbers.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles.

    Returns
    -------
    str
        One URL per puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.puzzlink import write_puzzlink
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(write_puzzlink([puzzle]), end="")
    https://puzz.link/p?numlin/3/2/1g12g2
    """
    out = []
    for p in puzzles:
        labs = p.labels
        keep = all(x.isascii() and x.isdigit() and x == str(int(x)) and int(x) < 12288 for x in labs)
        value = [0, *(int(x) for x in labs)] if keep else list(range(p.pairs + 1))
        flat = p.grid.ravel()
        hit = np.flatnonzero(flat)
        gaps = np.diff(hit, prepend=-1) - 1  # the empty cells before each number
        text = [_run(g) + _number(value[v]) if g else _number(value[v])
                for g, v in zip(gaps.tolist(), flat[hit].tolist())]
        text.append(_run(len(flat) - 1 - int(hit[-1]) if len(hit) else len(flat)))
        out.append(f"{_HOST}numlin/{p.width}/{p.height}/{''.join(text)}\n")
    return "".join(out)


def _run(n: int) -> str:
    """``n`` empty cells: a ``z`` per 20, then the letter of the rest."""
    return "z" * (n // 20) + (chr(ord("f") + n % 20) if n % 20 else "")
