"""Helpers shared by the text formats: splitting levels, positions for errors."""

from __future__ import annotations

import re

import numpy as np

from ..errors import MazeFormatError

_HEADER = re.compile(r"^\s*level\s+(\S+)\s*$", re.IGNORECASE)


class Section:
    """The lines of one level of a text maze, with their 1-based line numbers.

    ``indent`` columns were removed from the left of every line; error
    columns add it back.
    """

    __slots__ = ("lines", "numbers", "indent", "source")

    def __init__(self, lines: list[str], numbers: list[int], indent: int, source: str | None) -> None:
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
        for k, line in enumerate(self.lines):
            if len(line) != width:
                col = min(len(line), width)
                raise self.error(
                    f"ragged row: this line has {len(line)} characters, the first line of the maze has {width}",
                    k,
                    col,
                )
            bad = next((j for j, ch in enumerate(line) if ord(ch) > 126 or ord(ch) < 32), None)
            if bad is not None:
                raise self.error(f"unknown character {line[bad]!r}", k, bad)
        return np.frombuffer("".join(self.lines).encode("ascii"), dtype=np.uint8).reshape(len(self.lines), width)

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
    raw = text.split("\n")
    lines = [(k + 1, line.rstrip("\r")) for k, line in enumerate(raw)]

    def blank(line: str) -> bool:
        return line == "" or (dedent and not line.strip())

    while lines and blank(lines[0][1]):
        lines.pop(0)
    while lines and blank(lines[-1][1]):
        lines.pop()
    if not lines:
        raise MazeFormatError("the text is empty: no maze to read", line=1, column=1, source=source)
    if dedent:
        lines = [(n, line.rstrip()) for n, line in lines]
    multi = _HEADER.match(lines[0][1]) is not None
    groups: list[tuple[list[str], list[int]]] = []
    headers: list[int] = []
    if multi:
        current: tuple[list[str], list[int]] | None = None
        after_blank = False
        for n, line in lines:
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
        for n, line in lines:
            if blank(line):
                raise MazeFormatError(
                    "blank line inside the maze (a multi-level maze starts each level with a 'level K' header)",
                    line=n, column=1, source=source,
                )
            if _HEADER.match(line):
                raise MazeFormatError(
                    "level header in a maze that did not start with 'level 0'", line=n, column=1, source=source
                )
        groups.append(([line for _, line in lines], [n for n, _ in lines]))
    sections = []
    for ls, ns in groups:
        indent = 0
        if dedent:
            indent = min(len(line) - len(line.lstrip(" ")) for line in ls)
            ls = [line[indent:] for line in ls]
        sections.append(Section(ls, ns, indent, source))
    return sections, multi


def quote(ch: int) -> str:
    """A character code shown in a message."""
    return repr(chr(int(ch)))
