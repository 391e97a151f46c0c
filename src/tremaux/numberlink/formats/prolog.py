"""Boards written as Prolog facts, as Prolog Number Link (Arukone) solvers read them.

``prolog``
    Prolog terms, each ending with ``.``; ``%`` comments and ``/* */`` blocks are skipped. Two layouts:

    * ``puzzle(Id, grid(Rows, Columns), [link(Label, pos(R1, C1), pos(R2, C2)), ...]).``: a board's size and
      each pair's endpoints, 1-based, row first (a university course's Arukone assignment, and its solvers);
      several ``puzzle`` facts make several puzzles, named by their ``Id``.
    * A list of rows, each a list of cells: ``[[_, 1, _], [_, _, 1]].``, ``_`` (any variable) or ``0`` for an
      empty cell, a number or an atom for an endpoint (a constraint solver's board); it may be wrapped as
      ``puzzle(Id, [[...], ...])`` or ``problem(Id, [[...], ...])``.

    A term of another shape is an error naming it, never a puzzle of a guessed shape.

Examples
--------
>>> from tremaux.numberlink.formats.prolog import read_prolog
>>> text = "puzzle(1, grid(2,3), [link(1, pos(1,1), pos(2,3))])."
>>> read_prolog(text, None, "p")[0].grid.tolist()
[[1, 0, 0], [0, 0, 1]]
>>> read_prolog("[[_,1,_],[1,_,_]].", None, "p")[0].grid.tolist()
[[0, 1, 0], [1, 0, 0]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NoReturn

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side
from .grids import _one

__all__ = ["is_prolog", "read_prolog", "write_prolog"]

_TOKEN = re.compile(r"""
    (?P<space>\s+|%[^\n]*|/\*(?:.*?\*/|.*))
  | (?P<long>-?\d{10,})
  | (?P<number>-?\d{1,9})
  | (?P<atom>[a-z][A-Za-z0-9_]*)
  | (?P<var>[A-Z_][A-Za-z0-9_]*)
  | (?P<quoted>'(?:[^'\\\n]|\\.|'')*')
  | (?P<punct>[()\[\],.])
""", re.VERBOSE | re.DOTALL)
_START = re.compile(r"^(?:\s+|%[^\n]*|/\*.*?\*/)*(?:(?:puzzle|problem)\s*\(|\[\s*\[)", re.DOTALL)
_END = re.compile(r"[\])]\s*\.(?:\s|%|$)")
_DEPTH = 8
"""The deepest nesting of terms read (a link fact nests four deep)."""


def _unquote(tok: str) -> str:
    """The atom a quoted token ``'...'`` stands for (``\\'`` and ``''`` a quote, ``\\\\`` a backslash)."""
    return re.sub(r"\\(.)|''", lambda m: m.group(1) or "'", tok[1:-1])


class _Var:
    """A Prolog variable: an empty cell."""

    __slots__ = ()


_VAR = _Var()


def is_prolog(text: str) -> bool:
    """Whether ``text`` starts (after comments) as a ``puzzle(``/``problem(`` fact or a list of lists, and ends a
    term with ``.`` (JSON, which also opens with ``[[``, never does).

    Parameters
    ----------
    text : str
        The file contents.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.prolog import is_prolog
    >>> is_prolog("% boards\\npuzzle(1, grid(1,2), [link(1,pos(1,1),pos(1,2))])."), is_prolog("1.1")
    (True, False)
    >>> is_prolog("[[1, 0, 1]]"), is_prolog("[[1, 0, 1]].")
    (False, True)
    """
    return _START.match(text.lstrip("\ufeff")) is not None and _END.search(text) is not None


class _Reader:
    """Prolog terms from text, with the line and column of each for messages."""

    def __init__(self, text: str, source: str | None) -> None:
        self.text, self.source = text, source
        self.tokens: list[tuple[str, str, int]] = []  # (kind, text, offset)
        pos, n = 0, len(text)
        while pos < n:
            m = _TOKEN.match(text, pos)
            if m is None:
                self.fail(f"unexpected {text[pos]!r} in a Prolog term", pos)
            if m.lastgroup == "long":
                self.fail(f"number {m.group()[:20]}... is too long (at most 9 digits)", pos)
            if m.lastgroup != "space":
                self.tokens.append((m.lastgroup or "", m.group(), pos))
            elif m.group().startswith("/*") and not m.group().endswith("*/"):
                self.fail("a comment /* is never closed", pos)
            pos = m.end()
        self.i = 0

    def fail(self, why: str, offset: int) -> NoReturn:
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        raise PuzzleFormatError(why, line=line, column=column, source=self.source)

    def at(self) -> int:
        return self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text)

    def peek(self) -> str:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else ""

    def expect(self, punct: str) -> None:
        if self.peek() != punct:
            found = repr(self.peek()) if self.peek() else "the end of the text"
            self.fail(f"expected {punct!r} in a Prolog term, found {found}", self.at())
        self.i += 1

    def term(self, depth: int = 0) -> Any:
        """A term: an int, a str (an atom), :data:`_VAR`, a list, or a ``(name, args, offset)`` compound."""
        if depth > _DEPTH:
            self.fail(f"terms nested more than {_DEPTH} deep: not a Number Link board", self.at())
        if self.i >= len(self.tokens):
            self.fail("the text ends inside a Prolog term", len(self.text))
        kind, tok, offset = self.tokens[self.i]
        self.i += 1
        if kind == "number":
            return int(tok)
        if kind == "var":
            return _VAR
        if tok == "[":
            items: list[Any] = []
            if self.peek() == "]":
                self.i += 1
                return items
            while True:
                items.append(self.term(depth + 1))
                if self.peek() != ",":
                    break
                self.i += 1
            self.expect("]")
            return items
        if kind in ("atom", "quoted"):
            name = tok if kind == "atom" else _unquote(tok)
            if self.peek() != "(":
                return name
            self.i += 1
            args = [self.term(depth + 1)]
            while self.peek() == ",":
                self.i += 1
                args.append(self.term(depth + 1))
            self.expect(")")
            return (name, args, offset)
        self.fail(f"unexpected {tok!r} in a Prolog term", offset)

    def clauses(self) -> list[tuple[Any, int]]:
        out = []
        while self.i < len(self.tokens):
            start = self.at()
            t = self.term()
            self.expect(".")
            out.append((t, start))
        return out


_NOT_A_LABEL = object()
"""What :func:`_label` gives for a compound term (never a string: ``'?'`` is a label like any other)."""


def _label(x: Any) -> Any:
    """A cell's label: ``None`` for a variable or 0, :data:`_NOT_A_LABEL` for a compound term."""
    if x is _VAR or x == 0:
        return None
    if isinstance(x, (int, str)) and not isinstance(x, bool):
        return str(x)
    return _NOT_A_LABEL


def _matrix(rows: Any, name: str, r: _Reader, offset: int) -> Puzzle | PuzzleError:
    if not rows or not all(isinstance(row, list) for row in rows):
        r.fail("expected a list of rows, each a list of cells ([[_, 1], [1, _]])", offset)
    cells = [[_label(x) for x in row] for row in rows]
    if any(x is _NOT_A_LABEL for row in cells for x in row):
        r.fail("a cell of the board is not a number, an atom or a variable (_)", offset)
    check_side(len(cells), max(len(row) for row in cells), r.text.count("\n", 0, offset) + 1, r.source)
    try:
        return Puzzle.from_rows(cells, name=name)
    except PuzzleError as exc:
        return _at(exc, r, offset)


def _at(exc: PuzzleError, r: _Reader, offset: int) -> PuzzleFormatError:
    line = r.text.count("\n", 0, offset) + 1
    return PuzzleFormatError(str(exc), line=line, column=1, source=r.source)


def _whole(x: Any, what: str, r: _Reader, offset: int) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        r.fail(f"expected a whole number for {what}", offset)
    return x


def _links(size: Any, links: Any, name: str, r: _Reader, offset: int) -> Puzzle | PuzzleError:
    if not (isinstance(size, tuple) and size[0] == "grid" and len(size[1]) == 2):
        r.fail("expected grid(Rows, Columns) as the second argument of puzzle", offset)
    h, w = (_whole(v, "the size in grid(Rows, Columns)", r, size[2]) for v in size[1])
    check_side(h, w, r.text.count("\n", 0, size[2]) + 1, r.source)
    if not isinstance(links, list):
        r.fail("expected a list of link(Label, pos(Row, Column), pos(Row, Column)) as the third argument", offset)
    pairs, labels = [], []
    for link in links:
        if not (isinstance(link, tuple) and link[0] == "link" and len(link[1]) == 3):
            r.fail("expected link(Label, pos(Row, Column), pos(Row, Column))", link[2] if isinstance(link, tuple)
                   else offset)
        lab, *ends = link[1]
        if _label(lab) is None or _label(lab) is _NOT_A_LABEL:
            r.fail("the label of a link is a number (not 0) or an atom", link[2])
        cells = []
        for end in ends:
            if not (isinstance(end, tuple) and end[0] == "pos" and len(end[1]) == 2):
                r.fail("expected pos(Row, Column) for an endpoint of a link", link[2])
            row, col = (_whole(v, "a position in pos(Row, Column)", r, end[2]) for v in end[1])
            if not (1 <= row <= h and 1 <= col <= w):
                return _at(PuzzleError(f"pos({row},{col}) of link {_label(lab)!r} is outside the {h}x{w} grid "
                                       f"(rows and columns count from 1)"), r, end[2])
            cells.append((row - 1, col - 1))
        pairs.append((cells[0], cells[1]))
        labels.append(str(_label(lab)))
    try:
        return Puzzle.from_endpoints((h, w), pairs, labels=labels, name=name)
    except PuzzleError as exc:
        return _at(exc, r, offset)

_COMMENT = re.compile(r"%[^\n]*|/\*.*?\*/", re.DOTALL)
_ID = r"(-?\d{1,9}|[a-z][A-Za-z0-9_]*)"
_LINKS_FACT = re.compile(r"\s*puzzle\(\s*" + _ID + r"\s*,\s*grid\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*,\s*\[([^\[\]]*)\]\s*\)"
                         r"\s*\.(?=\s|$)")
_LINK = re.compile(r"link\(\s*(-?\d{1,9}|[a-z][A-Za-z0-9_]*|'(?:[^'\\\n]|\\.|'')*')\s*,\s*pos\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*,\s*"
                   r"pos\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*\)")
_ROWS_FACT = re.compile(r"\s*(?:(puzzle|problem)\(\s*" + _ID + r"\s*,\s*)?\[((?:\s*\[[^\[\]]*\]\s*,)*\s*\[[^\[\]]*\])\s*\]"
                        r"\s*(\)?)\s*\.(?=\s|$)")
_ROW = re.compile(r"\[([^\[\]]*)\]")
_CELLS = re.compile(r"\s*(?:\d+|[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*)\s*(?:,\s*(?:\d+|[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*)\s*)*")
_VARIABLE = re.compile(r"(?<![A-Za-z0-9_])[A-Z_][A-Za-z0-9_]*")


def _plain(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError] | None:
    """The boards of ``text`` when it is facts of the two layouts written plainly (no comment beside a quoted
    atom), read with regular expressions over the whole text (a board of millions of cells in seconds); ``None``
    for anything else, which the term reader then reads or names what is wrong with."""
    if "'" in text and ("%" in text or "/*" in text):  # a quoted atom may hold what looks like a comment
        return None
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)  # offsets (and lines) kept
    ends = np.flatnonzero(np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32) == 10)

    def line(offset: int) -> int:
        return int(np.searchsorted(ends, offset)) + 1

    out: list[Puzzle | PuzzleError] = []
    pos = 0
    while text[pos:].strip():
        if m := _LINKS_FACT.match(text, pos):
            body = m.group(4)
            links = _LINK.findall(body)
            rest = _LINK.sub("", body)
            if rest.strip(", \t\r\n") or rest.count(",") != max(len(links) - 1, 0):
                return None
            h, w = int(m.group(2)), int(m.group(3))
            check_side(h, w, line(m.start(2)), source)
            at = np.array([x[1:] for x in links], dtype=np.int64).reshape(-1, 4) - 1  # r1 c1 r2 c2, 0-based
            rows, cols = at[:, 0::2].ravel(), at[:, 1::2].ravel()
            if rows.size and (rows.min() < 0 or cols.min() < 0 or rows.max() >= h or cols.max() >= w):
                return None  # named, with its link, by the term reader
            grid = np.zeros((h, w), dtype=np.int32)
            grid[rows, cols] = np.repeat(np.arange(1, len(links) + 1, dtype=np.int32), 2)
            labels = [str(int(lab)) if lab[0] in "-0123456789" else _unquote(lab) if lab[0] == "'" else lab
                      for lab, *_ in links]  # 007 is 7, as a term
            try:
                if np.count_nonzero(grid) != rows.size:  # a cell given twice: named by from_endpoints
                    Puzzle.from_endpoints((h, w), at.reshape(-1, 2, 2).tolist(), labels=labels)
                out.append(Puzzle(grid, labels, name=m.group(1)))
            except PuzzleError as exc:
                out.append(PuzzleFormatError(str(exc), line=line(m.start()), column=1, source=source))
        elif (m := _ROWS_FACT.match(text, pos)) and bool(m.group(1)) == bool(m.group(4)):
            rows = []
            for row in _ROW.finditer(m.group(3)):
                if not _CELLS.fullmatch(row.group(1)):
                    return None
                rows.append((line(m.start(3) + row.start()), _VARIABLE.sub(".", row.group(1)).replace(",", " ")))
            if len({len(s.split()) for _, s in rows}) != 1 or len({ln for ln, _ in rows}) != len(rows):
                return None  # rows of other lengths, or sharing a line: named by the term reader, row by row
            out.append(_one(rows, "grid", source, m.group(2) or base))
        else:
            return None
        pos = m.end()
    return out or None


def read_prolog(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The boards of Prolog text (see the module's description); a board that breaks the rules as its error.

    Parameters
    ----------
    text : str
        The Prolog text.
    source : str or None
        The file name, for messages.
    base : str
        The name of a puzzle without an ``Id`` (a bare list of rows).

    Returns
    -------
    list of Puzzle or PuzzleError
        One per board, in order.

    Raises
    ------
    PuzzleFormatError
        For text that is not Prolog terms, a term of another shape, or no board at all.

    Examples
    --------
    >>> from tremaux.numberlink.formats.prolog import read_prolog
    >>> read_prolog("% two\\npuzzle(a, grid(1,2), [link(x, pos(1,1), pos(1,2))]).\\n"
    ...             "puzzle(b, [[1,1]]).", None, "f")
    [Puzzle(shape=(1, 2), pairs=1, name='a'), Puzzle(shape=(1, 2), pairs=1, name='b')]
    >>> read_prolog("puzzle(1, grid(2,2), link).", None, "f")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: expected a list of link(Label, pos(Row, Column), pos(Row, Column)) as \
the third argument
    """
    text = text.lstrip("\ufeff")
    if (plain := _plain(text, source, base)) is not None:
        return plain
    r = _Reader(text, source)
    out: list[Puzzle | PuzzleError] = []
    for term, offset in r.clauses():
        if isinstance(term, list):
            out.append(_matrix(term, base, r, offset))
        elif isinstance(term, tuple) and term[0] in ("puzzle", "problem") and len(term[1]) in (2, 3):
            ident = term[1][0]
            name = str(ident) if isinstance(ident, (int, str)) else base
            if len(term[1]) == 2:
                out.append(_matrix(term[1][1], name, r, offset))
            else:
                out.append(_links(term[1][1], term[1][2], name, r, offset))
        else:
            what = term[0] if isinstance(term, tuple) else repr(term)
            r.fail(f"a Prolog board is puzzle(Id, grid(Rows, Columns), [link(...), ...]) or a list of rows, not "
                   f"{what}", offset)
    if not out:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    return out


def _atom(label: str) -> str:
    """``label`` as a Prolog number or atom (quoted unless it is a plain lower-case name)."""
    if re.fullmatch(r"[1-9]\d*|[a-z][A-Za-z0-9_]*", label):
        return label
    return "'" + label.replace("\\", "\\\\").replace("'", "\\'") + "'"


def write_prolog(puzzles: Sequence[Puzzle]) -> str:
    """Puzzles as ``puzzle(Id, grid(Rows, Columns), [link(Label, pos(R1, C1), pos(R2, C2)), ...]).`` facts.

    Parameters
    ----------
    puzzles : sequence of Puzzle
        The puzzles; a puzzle's name is its ``Id`` when it is a number or a plain lower-case name, else its
        place in the list (1, 2...).

    Returns
    -------
    str
        One fact a puzzle, positions 1-based, row first.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.prolog import write_prolog
    >>> print(write_prolog([Puzzle.from_rows(["A.A", "b.b"])]), end="")
    puzzle(1, grid(2,3), [
        link('A', pos(1,1), pos(1,3)),
        link(b, pos(2,1), pos(2,3))
    ]).
    """
    out = []
    used: set[str] = set()  # two puzzles of one name (two files' p): the second is numbered, as a nameless one
    for i, p in enumerate(puzzles, start=1):
        rows, cols = divmod(p.ends, p.width)
        links = [f"    link({_atom(lab)}, pos({r1 + 1},{c1 + 1}), pos({r2 + 1},{c2 + 1}))"
                 for lab, (r1, r2), (c1, c2) in zip(p.labels, rows.tolist(), cols.tolist())]
        ident = p.name if re.fullmatch(r"-?\d+|[a-z][A-Za-z0-9_]*", p.name) and p.name not in used else str(i)
        ident = ident if ident not in used else f"p{i}"
        used.add(ident)
        out.append(f"puzzle({ident}, grid({p.height},{p.width}), [\n" + ",\n".join(links) + ("\n" if links else "")
                   + "]).\n")
    return "".join(out)
