"""Block pictures drawn with half blocks: two rows of squares per line of text, so that squares look square.

``█`` is a wall above and below, ``▀`` a wall above an open square, ``▄`` an open square above a wall, and a
space two open squares. :func:`unhalved` redraws such a picture one row per line, ``#`` and spaces, for
:func:`tremaux.io.block.loads`; the lower half of the last line is dropped when it holds no wall (a picture of
an odd number of rows).
"""

from __future__ import annotations

from ..errors import MazeFormatError

_TOP = {"█": "#", "▀": "#", "▄": " ", " ": " "}
_BOTTOM = {"█": "#", "▀": " ", "▄": "#", " ": " "}


def unhalved(text: str, source: str | None = None) -> str:
    """The block text, one row of squares per line, of a picture drawn with ``▀``, ``▄`` and ``█``."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
    width = max(len(line.rstrip()) for line in lines)
    rows = []
    for n, line in enumerate(lines, start=1):
        line = line.rstrip().ljust(width)
        bad = next((k for k, ch in enumerate(line) if ch not in _TOP), None)
        if bad is not None:
            raise MazeFormatError(f"unknown character {line[bad]!r} in a picture of half blocks; it is drawn with "
                                  "'█' (walls above and below), '▀' (a wall above), '▄' (a wall below) and spaces",
                                  line=n, column=bad + 1, source=source)
        rows += ["".join(_TOP[ch] for ch in line), "".join(_BOTTOM[ch] for ch in line)]
    if "#" not in rows[-1]:
        rows.pop()
    return "\n".join(rows)
