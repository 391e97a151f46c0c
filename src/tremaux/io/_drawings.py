r"""Drawings in the ``+---+`` style that :mod:`tremaux.io.ascii` reads besides its own.

* cells narrower or wider than three characters (``+--+--+`` as many maze
  generators print them, ``+-+-+``): :func:`cell_width` finds the width from
  the corners of the first line and :func:`widened` redraws the drawing with
  cells of three, in a :class:`_Widened` section whose errors name the
  original columns;
* the same drawing in box-drawing characters (``tremaux render --style
  unicode``, or the heavy ``━┃┏``, double ``═║╔`` and rounded ``╭`` lines of
  other programs, cells of any width): :func:`unboxed` redraws it with ``+``,
  ``-`` and ``|``;
* the underscore style many small maze programs print, a cell two
  characters (its south wall ``_`` and its east wall ``|``) under a top line
  of `` _``: :func:`underscored` redraws it in the ``+---+`` style.

Examples
--------
>>> from tremaux.io._text import split
>>> sec = split("+--+--+\n|S    |\n+--+--+", source=None, dedent=True)[0][0]
>>> cell_width(sec), widened(sec, 2).lines
(2, ['+---+---+', '| S     |', '+---+---+'])
>>> print(unboxed("┌───┬───┐\n│   │   │\n└───┴───┘", None))
+---+---+
|   |   |
+---+---+
>>> print(underscored(" _ _\n|  _|\n|_ _|", None))
+---+---+
|       |
+   +---+
|       |
+---+---+
"""

from __future__ import annotations

from ..errors import MazeFormatError
from ._text import Section

__all__ = ["BOX_CHARS", "cell_width", "is_underscored", "underscored", "unboxed", "widened"]


BOX_CHARS = frozenset(map(chr, range(0x2500, 0x2580)))
"""The box-drawing block: light lines as ``tremaux render --style unicode`` draws them, and the heavy, double,
dashed and rounded ones other programs draw with (``━┃┏``, ``═║╔``, ``╭``), read alike."""
_ACROSS, _DOWN = "─━═┄┅┈┉╌╍", "│┃║┆┇┊┋╎╏"


def unboxed(text: str, source: str | None) -> str:
    """A drawing in box-drawing characters redrawn with ``+``, ``-`` and ``|``.

    Every post becomes a corner ``+``, whatever box character (or blank,
    where no wall meets) stands there.
    """
    table = ({ord(c): "+" for c in BOX_CHARS} | {ord(c): "-" for c in _ACROSS} | {ord(c): "|" for c in _DOWN}
             | {ord("•"): "o"})  # •: a drawn path
    lines = text.translate(table).splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip())
    if any(line.strip().startswith("level") for line in lines):
        raise MazeFormatError("a drawing of several levels in box-drawing characters is not read; "
                              "save the maze as ascii or json", line=first + 1, column=1, source=source)
    top = lines[first]
    indent = len(top) - len(top.lstrip())
    period = _box_period(text.splitlines()[first:], indent)
    out = lines[:first]
    for i, line in enumerate(lines[first:]):
        if i % 2 == 0 and line.strip():
            chars = list(line)
            for j in range(indent, len(chars), period):
                chars[j] = "+"
            line = "".join(chars)
        out.append(line)
    return "\n".join(out)


def _box_period(lines: list[str], indent: int) -> int:
    """Characters from one post to the next in a box drawing: the common step of the columns at which its
    vertical lines and junctions stand (4, cells three wide, when the drawing does not tell)."""
    from math import gcd

    step = 0
    for i, line in enumerate(lines[:64]):  # the first rows tell (a wrong step fails to parse, never misreads)
        for j, ch in enumerate(line[indent:]):
            if j and (ch in _DOWN if i % 2 else ch in BOX_CHARS and ch not in _ACROSS):
                step = gcd(step, j)
    return step if step >= 2 else 4


class _Widened(Section):
    """A drawing with cells ``k`` characters wide, redrawn with cells of three; errors name the original columns."""

    __slots__ = ("period", "k")

    def __init__(self, sec: Section, k: int, lines: list[str]) -> None:
        super().__init__(lines, sec.numbers, sec.indent, sec.source)
        self.period, self.k = k + 1, k

    def position(self, row: int, col: int) -> tuple[int, int]:
        cell, offset = divmod(col, 4)
        return self.numbers[row], self.indent + cell * self.period + min(offset, self.k) + 1


def cell_width(sec: Section) -> int:
    """The width of a cell in the drawing, from the corners ``+`` of its first line (3 when it cannot tell)."""
    first = sec.lines[0]
    if len(first) < 3 or first[0] != "+" or set(first) - {"+", "-", " "}:  # spaces: gaps in the top wall
        return 3
    period = first.index("+", 1) if "+" in first[1:] else 0
    if period < 2 or (len(first) - 1) % period or first[::period] != "+" * ((len(first) - 1) // period + 1):
        return 3
    return period - 1


def widened(sec: Section, k: int) -> Section:
    """The drawing ``sec`` of cells ``k`` wide redrawn with cells of three (:class:`_Widened`)."""
    p = k + 1
    width = len(sec.lines[0])
    out = []
    for i, line in enumerate(sec.lines):
        if len(line) != width:
            return sec  # ragged: the parser says so, at the right place
        parts = []
        for j in range(0, width - 1, p):
            inside = line[j + 1:j + p]
            parts.append(line[j])
            if i % 2 == 0:
                if not inside.strip(" o."):  # a gap, a drawn path ('o', or '*' made 'o') going through it or not
                    inside = " " * k
                if inside not in ("-" * k, " " * k):
                    raise sec.error(f"wall segment must be {'-' * k!r} or {' ' * k!r}, found {inside!r}", i, j + 1)
                parts.append(inside[0] * 3)
            elif inside == "#" * k:
                parts.append("###")
            else:
                marks = ""
                for x, ch in enumerate(inside):
                    if ch in "o.":  # the path of a drawn solution, or where a search went
                        continue
                    if ch != " " and (ch not in "SG*" or marks):
                        what = f"a second mark {ch!r}" if ch in "SG*" else f"unknown character {ch!r}"
                        raise sec.error(f"{what} in a cell; a cell holds spaces and one 'S' (start), 'G' (goal) "
                                        "or '*' (both), or is filled with '#' when masked", i, j + 1 + x)
                    marks += ch.strip()
                parts.append(f" {marks or ' '} ")
        parts.append(line[-1])
        out.append("".join(parts))
    return _Widened(sec, k, out)


def _drawn_lines(text: str) -> tuple[list[str], int]:
    """The lines of ``text`` without the blank ones around them, and the number of blank lines before."""
    lines = [line.rstrip() for line in text.splitlines()]
    first = next((i for i, line in enumerate(lines) if line), len(lines))
    last = max((i for i, line in enumerate(lines) if line), default=first - 1)
    return lines[first:last + 1], first


def is_underscored(text: str) -> bool:
    """Whether ``text`` is drawn in the underscore style: a top line of ``_`` and spaces, then ``|`` lines."""
    lines, _ = _drawn_lines(text.lstrip("\ufeff"))
    return (len(lines) >= 2 and lines[0].lstrip().startswith("_") and not set(lines[0]) - {"_", " "}
            and all(line.lstrip()[:1] in ("|", "_") for line in lines[1:]))


def underscored(text: str, source: str | None) -> str:
    """A drawing in the underscore style redrawn in the ``+---+`` style.

    Line 0 holds the north walls (`` _`` a cell); line ``r + 1`` a ``|`` (the west wall, a space for a gap)
    then two characters a cell: ``_`` for its south wall, then ``|`` for its east wall (a space, or the
    ``_`` of a wall running on, when open). Gaps in the outer wall stay gaps: the entrance and the exit.
    """
    lines, skipped = _drawn_lines(text.lstrip("\ufeff"))
    rows = lines[1:]
    indent = min(len(line) - len(line.lstrip()) for line in rows)
    top = lines[0][min(indent, len(lines[0]) - len(lines[0].lstrip())):]
    rows = [line[indent:] for line in rows]
    W = max((len(line) - 1) // 2 for line in [*rows, top])
    if W < 1:
        raise MazeFormatError("a drawing in the underscore style needs at least one cell, two characters wide",
                              line=skipped + 1, column=1, source=source)
    for k, line in enumerate([top, *rows]):
        for j, ch in enumerate(line):
            if ch not in "_| " or (k == 0 and ch == "|"):
                raise MazeFormatError(f"unknown character {ch!r} in a drawing in the underscore style: a cell is "
                                      "its south wall '_' or a space, then its east wall '|' or a space",
                                      line=skipped + k + 1, column=indent + j + 1, source=source)
    top, rows = top.ljust(2 * W + 1), [line.ljust(2 * W + 1) for line in rows]
    out = ["+" + "+".join("---" if top[2 * c + 1] == "_" else "   " for c in range(W)) + "+"]
    for line in rows:
        out.append(("|" if line[0] == "|" else " ") + "".join(
            "   " + ("|" if line[2 * c + 2] == "|" else " ") for c in range(W)))
        out.append("+" + "+".join("---" if line[2 * c + 1] == "_" else "   " for c in range(W)) + "+")
    return "\n".join(out)


_CORNER_LINE = frozenset("+-─┌┐└┘├┤┬┴┼╵╶╷╴ ")


def _prose(line: str) -> bool:
    """A line of words or figures (a message, statistics), not of a drawing."""
    head = line.lstrip()[:1]
    return bool(head) and head not in "+|┌│└├" and any(ch.isalnum() for ch in line)


def trimmed(text: str) -> str:
    """A ``+---+`` drawing pasted with the lines of text printed around it (``tremaux solve``'s verdict, the
    ``--stats`` table) without them; any other text as it is.

    Only a single-level drawing is trimmed: lines of words before its first corner line and after its last one.
    """
    lines = text.splitlines()
    corners = [i for i, line in enumerate(lines)
               if line.strip() and line.lstrip()[0] in "+┌└" and not set(line) - _CORNER_LINE]
    if not corners or any(line.strip().lower().startswith("level") for line in lines):
        return text
    first, last = corners[0], corners[-1]
    before, after = lines[:first], lines[last + 1:]
    if not any(_prose(line) for line in before + after):
        return text
    if not all(_prose(line) or not line.strip() for line in before + after):
        return text
    return "\n".join([""] * len(before) + lines[first:last + 1])  # blank lines keep the line numbers


def flattened(text: str) -> str:
    """A ``+---+`` drawing whose cells are several lines tall redrawn one line tall; any other text as it is.

    The rows of cells lie between corner lines; when every row spans the same number of lines, more than one,
    its lines merge into one: each column keeps its first character other than a space (a wall ``|``, a mark).
    """
    lines = text.splitlines()
    corners = [i for i, line in enumerate(lines) if line.strip()[:1] == "+"]  # a row of cells holds no corner
    gaps = {b - a for a, b in zip(corners, corners[1:])}
    if len(corners) < 2 or len(gaps) != 1 or gaps == {2} or gaps == {1}:
        return text
    if any(line.strip().lower().startswith("level") for line in lines):
        return text
    out = lines[:corners[0] + 1]
    for a, b in zip(corners, corners[1:]):
        inner = lines[a + 1:b]
        width = max(len(line) for line in inner)
        merged = [next((line[j] for line in inner if j < len(line) and line[j] != " "), " ") for j in range(width)]
        out += ["".join(merged).rstrip(), lines[b]]
    return "\n".join(out + lines[corners[-1] + 1:])
