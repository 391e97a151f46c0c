"""Helpers shared by the text formats: splitting levels, positions for errors."""

from __future__ import annotations

import re

import numpy as np

from ..errors import MazeFormatError

_HEADER = re.compile(r"^\s*level\s+(\S+)\s*$", re.IGNORECASE)
_HEADERS = re.compile(r"^[^\S\n]*level[^\S\n]+\S+[^\S\n]*$", re.IGNORECASE | re.MULTILINE)  # the same, in a text


class Section:
    """The lines of one level of a text maze, with their 1-based line numbers.

    ``indent`` columns were removed from the left of every line; error
    columns add it back.
    """

    __slots__ = ("lines", "numbers", "indent", "source")

    def __init__(self, lines: list[str], numbers: list[int] | range, indent: int, source: str | None) -> None:
        self.lines = lines
        self.numbers = numbers
        self.indent = indent
        self.source = source

    def position(self, row: int, col: int) -> tuple[int, int]:
        """1-based line and column in the text of ``row``, ``col`` (0-based, in this section)."""
        return self.numbers[row], self.indent + col + 1

    def error(self, message: str, row: int, col: int) -> MazeFormatError:
        """A format error at ``row``, ``col`` (0-based, in this section's lines)."""
        line, column = self.position(row, col)
        return MazeFormatError(message, line=line, column=column, source=self.source)

    def array(self, width: int) -> np.ndarray:
        """The lines as a ``uint8`` array, after checking they are all ``width`` long."""
        lengths = np.fromiter((len(line) for line in self.lines), dtype=np.int64, count=len(self.lines))
        ragged = np.flatnonzero(lengths != width)
        if ragged.size:
            k = int(ragged[0])
            raise self.error(
                f"ragged row: this line has {lengths[k]} characters, the first line of the maze has {width}",
                k,
                min(int(lengths[k]), width),
            )
        body = "".join(self.lines)
        if not body.isascii():
            k = next(k for k, line in enumerate(self.lines) if not line.isascii())
            j = next(j for j, ch in enumerate(self.lines[k]) if ord(ch) > 127)
            raise self.error(f"unknown character {self.lines[k][j]!r}", k, j)
        a = np.frombuffer(body.encode("ascii"), dtype=np.uint8).reshape(len(self.lines), width)
        bad = (a < 32) | (a > 126)
        if bad.any():
            k, j = (int(x) for x in np.argwhere(bad)[0])
            raise self.error(f"unknown character {chr(a[k, j])!r}", k, j)
        return a

    def first(self, bad: np.ndarray, row_of, col_of) -> tuple[int, int]:
        """Section position of the first ``True`` of ``bad``, mapped through ``row_of``/``col_of``."""
        i, j = (int(x) for x in np.argwhere(bad)[0])
        return row_of(i), col_of(j)


def split(text: str, *, source: str | None, dedent: bool) -> tuple[list[Section], bool]:
    """Split a text maze into levels.

    A single-level maze is just its lines. A multi-level maze starts every
    level with a header line ``level K`` (K = 0, 1, 2... in order); levels are
    separated by blank lines. Empty lines before and after are ignored.

    Returns the sections and whether the text had level headers.
    """
    if not isinstance(text, str):
        raise MazeFormatError(f"a text maze must be a str, not {type(text).__name__}", source=source)
    if text.startswith("\ufeff"):  # a byte order mark, as some editors save
        text = text[1:]
    if "\r" in text:  # \r\n (Windows) and a lone \r (old Macintosh) end lines too
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    chars = None if dedent else "\r\n"
    lead = len(text) - len(text.lstrip(chars))
    start = text.rfind("\n", 0, lead) + 1
    end = len(text.rstrip(chars))
    if end <= lead:
        raise MazeFormatError("the text is empty: no maze to read", line=1, column=1, source=source)
    if not text.strip():  # spaces would read as open squares of a block text: a maze without a wall
        raise MazeFormatError("the text holds only spaces and blank lines: no maze to read", line=1, column=1,
                              source=source)
    base = text.count("\n", 0, start) + 1  # the line number of the first line kept
    body = text[start:end]
    raw = body.split("\n")
    if dedent:
        lines = list(map(str.rstrip, raw))
    else:
        lines = raw
    del raw
    numbers = range(base, base + len(lines))

    def blank(line: str) -> bool:  # on lines already stripped on the right
        return not line

    multi = _HEADER.match(lines[0]) is not None
    groups: list[tuple[list[str], list[int] | range]] = []
    headers: list[int] = []
    if multi:
        current: tuple[list[str], list[int]] | None = None
        after_blank = False
        for n, line in zip(numbers, lines):
            h = _HEADER.match(line)
            if h:
                want = len(groups)
                if h.group(1) != str(want):
                    raise MazeFormatError(
                        f"level header {line.strip()!r} is out of order: expected 'level {want}'",
                        line=n, column=1, source=source,
                    )
                current = ([], [])
                groups.append(current)
                headers.append(n)
                after_blank = False
            elif blank(line):
                after_blank = True
            else:
                assert current is not None
                if after_blank:
                    raise MazeFormatError(
                        "blank line inside a level: levels are separated by a blank line and a 'level K' header",
                        line=n - 1, column=1, source=source,
                    )
                current[0].append(line)
                current[1].append(n)
        for k, (ls, ns) in enumerate(groups):
            if not ls:
                raise MazeFormatError(f"level {k} has no lines", line=headers[k], column=1, source=source)
    else:
        try:
            k = lines.index("")
        except ValueError:
            pass
        else:
            raise MazeFormatError(
                "blank line inside the maze (a multi-level maze starts each level with a 'level K' header)",
                line=numbers[k], column=1, source=source,
            )
        h = _HEADERS.search(body)
        if h is not None:
            raise MazeFormatError("level header in a maze that did not start with 'level 0'",
                                  line=base + body.count("\n", 0, h.start()), column=1, source=source)
        groups.append((lines, numbers))
    sections = []
    for ls, ns in groups:
        indent = 0
        tabs = tab_indent(ls)
        if tabs:  # every line indented alike with tabs (pasted from an indented block): not part of the maze
            ls, indent = [line[len(tabs):] for line in ls], len(tabs)
        if dedent:
            more = min(len(line) - len(line.lstrip(" ")) for line in ls)
            ls = [line[more:] for line in ls]
            indent += more
            # trailing spaces do not count: a line of cells cut short is padded back (its last wall may be a
            # gap); a line of walls ends with a corner, so a short one is ragged
            width = len(ls[0])
            ls = [line.ljust(width) if k % 2 else line for k, line in enumerate(ls)]
        elif len(set(map(len, ls))) > 1:  # ragged: trailing spaces past the widest drawn square do not count
            width = max(len(line.rstrip(" ")) for line in ls)
            ls = [line[:width] for line in ls]
        for k, line in enumerate(ls):
            if "\t" in line:
                raise MazeFormatError("a tab character: its width is anyone's guess, so draw the maze with spaces",
                                      line=ns[k], column=indent + line.index("\t") + 1, source=source)
        sections.append(Section(ls, ns, indent, source))
    return sections, multi


def tab_indent(lines: list[str]) -> str:
    """The leading blanks, holding a tab, that every line begins with alike (empty when there are none)."""
    first = lines[0]
    lead = first[:len(first) - len(first.lstrip(" \t"))]
    while lead and "\t" in lead and not all(line.startswith(lead) for line in lines):
        lead = lead[:-1]
    return lead if "\t" in lead and all(line.startswith(lead) for line in lines) else ""


def quote(ch: int) -> str:
    """A character code shown in a message."""
    return repr(chr(int(ch)))
