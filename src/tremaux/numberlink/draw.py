"""Pictures of Number Link puzzles and solutions: lines, not numbers.

* :func:`to_text` draws lines with box-drawing characters (``─ │ ┌ ┐ └ ┘``),
  the endpoint labels in place; :func:`to_rich` is the same as a
  :class:`rich.text.Text` with one colour per pair for a terminal.
* :func:`numbers_text` prints the solution as the grid of numbers the paper's
  program shows, for comparison.
* :func:`to_svg` and :func:`to_png` draw coloured lines through cell centres.
* :func:`save` writes ``.svg``, ``.png`` or ``.txt`` by extension.

Pictures and text drawings too big for the memory budget (:mod:`tremaux.budget`) are refused
before they are drawn, naming their size.

Every function takes a :class:`~tremaux.numberlink.Puzzle`, a
:class:`~tremaux.numberlink.PuzzleSolution` (its first solution is drawn) or a
``(puzzle, linking)`` pair, and returns a value; nothing is printed.

Examples
--------
>>> from tremaux.numberlink import Puzzle, solve_puzzle
>>> r = solve_puzzle(Puzzle.from_rows(["12.", "...", "1.2"]), "tremaux", rule="fill")  # the paper's traveler
>>> print(to_text(r))
1 2─┐
│ ┌─┘
1 └─2
>>> print(numbers_text(r))
1 2 2
1 2 2
1 2 2
"""

from __future__ import annotations

import colorsys
import io
import math
import numbers
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from .. import budget
from ..errors import InvalidSizeError, UnsupportedError
from .model import Puzzle
from .result import Linking, PuzzleSolution

__all__ = ["palette", "to_text", "to_rich", "numbers_text", "to_svg", "to_png", "save", "picture_format"]

_BOX = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 6: "┌", 12: "┐", 3: "└", 9: "┘"}


def palette(n: int) -> list[str]:
    """``n`` distinct ``#rrggbb`` colours (golden-angle hues, alternating lightness).

    Parameters
    ----------
    n : int
        Number of colours.

    Returns
    -------
    list of str
        ``n`` CSS colours, distinct as far as the palette goes.

    Examples
    --------
    >>> palette(3)
    ['#e6194b', '#3cb44b', '#4363d8']
    """
    base = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324",
            "#469990", "#800000", "#808000", "#000075", "#bfef45", "#fabed4", "#dcbeff", "#ffd8b1"]
    out = base[:n]
    for i in range(len(out), n):
        hue = (i * 0.618033988749895) % 1.0
        light = (0.38, 0.5, 0.62)[i % 3]
        r, g, b = colorsys.hls_to_rgb(hue, light, 0.75)
        out.append(f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}")
    return out


def _unpack(obj: Any) -> tuple[Puzzle, Linking | None]:
    if isinstance(obj, PuzzleSolution):
        if obj.puzzle is None:
            raise UnsupportedError("an invalid puzzle has nothing to draw")
        return obj.puzzle, obj.linking
    if isinstance(obj, Puzzle):
        return obj, None
    if isinstance(obj, Sequence) and len(obj) == 2 and isinstance(obj[0], Puzzle):
        puzzle, linking = obj
        if linking is None or (isinstance(linking, Linking) and tuple(linking.shape) == puzzle.shape
                               and len(linking.paths) == puzzle.pairs):
            return puzzle, linking
        raise UnsupportedError(f"cannot draw (puzzle, {linking!r}): not a Linking of this puzzle's "
                               f"{puzzle.height}x{puzzle.width} cells and {puzzle.pairs} pairs")
    raise UnsupportedError(f"cannot draw a {type(obj).__name__}; give a Puzzle, a PuzzleSolution or (puzzle, linking)")


def _style(puzzle: Puzzle, cell: Any, colours: Sequence[str] | None) -> tuple[int, list[str]]:
    """The pixels per cell (a whole number, 1 or more) and one colour per pair, or an error naming the problem."""
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral) or cell < 1:
        raise InvalidSizeError(f"cell must be a whole number of pixels, 1 or more, not {cell!r}")
    if colours is None:
        return int(cell), palette(puzzle.pairs)
    if isinstance(colours, str):
        raise InvalidSizeError(f"colours must be a list of colours, one per pair, not the string {colours!r}")
    cols = list(colours)
    if len(cols) < puzzle.pairs:
        raise InvalidSizeError(f"{len(cols)} colours given for {puzzle.pairs} pairs (one colour per pair)")
    return int(cell), cols


TEXT_CELL_BYTES = 160
"""Peak bytes per cell of a text drawing (measured: the per-cell ``(text, pair)`` tuples of a cell and of the gap
after it, their strings, the row lists and the joined text); :func:`to_text` and :func:`to_rich` check the
memory budget with it."""


def _cells(puzzle: Puzzle, linking: Linking | None) -> list[list[tuple[str, int]]]:
    """Per cell (text, pair) with text of the label width; connectors included per cell."""
    h, w = puzzle.shape
    budget.check(TEXT_CELL_BYTES * h * w + 4096, f"a text drawing of a {w}x{h} (WxH) puzzle")
    g = puzzle.grid
    links = linking.links if linking is not None else np.zeros(puzzle.shape, dtype=np.uint8)
    owner = linking.grid if linking is not None else g
    width = max([1, *(len(x) for x in puzzle.labels)])
    rows = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            v = int(g[r, c])
            bits = int(links[r, c])
            fill = "─" if bits & 8 else " "  # a line coming from the left runs up to the cell's mark
            if v:
                cell = puzzle.labels[v - 1].rjust(width, fill)
            elif bits:
                cell = fill * (width - 1) + _BOX.get(bits, "┼")
            else:
                cell = " " * (width - 1) + ("·" if linking is None else " ")
            row.append((cell, int(owner[r, c])))
            gap = "─" if bits & 2 else " "
            row.append((gap, int(owner[r, c]) if bits & 2 else 0))
        rows.append(row[:-1])
    return rows


TEXT_CODE_BYTES = 16
"""Peak bytes per character of a :func:`to_text` drawing (the code points of the board, a contiguous copy of
them, the decoded rows and the joined text, four bytes a character at most each); each cell is its label's
width and the gap after it."""

TEXT_ARRAY_BYTES = 24
"""Peak bytes per cell of the arrays :func:`to_text` computes the characters from (links, fills, corners).

Measured with ``tracemalloc``: 36 bytes a cell in all for one-character labels, 84 for six-character ones."""


def to_text(obj: Any) -> str:
    """Lines drawn with box-drawing characters, endpoints by their labels (trailing spaces removed).

    The board is drawn as one array of code points, not cell by cell, so that the largest board is drawn in
    seconds.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw; a solution shows its first linking.

    Returns
    -------
    str
        The drawing, one line per row.

    Examples
    --------
    >>> print(to_text(Puzzle.from_rows(["1.1"])))
    1 · 1
    """
    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    width = max([1, *(len(x) for x in puzzle.labels)])
    budget.check((TEXT_CODE_BYTES * (width + 1) + TEXT_ARRAY_BYTES) * h * w + 4096,
                 f"a text drawing of a {w}x{h} (WxH) puzzle")
    bits = (linking.links if linking is not None else np.zeros(puzzle.shape, dtype=np.uint8)).astype(np.intp)
    fill = np.where(bits & 8, ord("─"), ord(" ")).astype(np.uint32)  # a line from the left runs up to the mark
    box = np.full(16, ord("┼"), dtype=np.uint32)
    for k, ch in _BOX.items():
        box[k] = ord(ch)
    box[0] = ord("·" if linking is None else " ")
    codes = np.empty((h, w, width + 1), dtype=np.uint32)
    codes[:, :, :-2] = fill[:, :, None]
    codes[:, :, -2] = box[bits]
    codes[:, :, -1] = np.where(bits & 2, ord("─"), ord(" "))
    if puzzle.pairs:
        text = "".join(x.rjust(width, "\0") for x in puzzle.labels)  # no label holds NUL: it marks the fill
        labels = np.frombuffer(text.encode("utf-32-le"), dtype="<u4").reshape(puzzle.pairs, width)
        at = puzzle.grid != 0
        ends = labels[puzzle.grid[at] - 1]
        codes[at, :-1] = np.where(ends == 0, fill[at][:, None], ends)
    rows = np.ascontiguousarray(codes.reshape(h, w * (width + 1))[:, :-1])
    return "\n".join(row.tobytes().decode("utf-32-le").rstrip() for row in rows)


def to_rich(obj: Any) -> Any:
    """The :func:`to_text` picture as a :class:`rich.text.Text` with one colour per pair.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.

    Returns
    -------
    rich.text.Text
        The drawing of :func:`to_text` with each line in its colour.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> print(to_rich(puzzle).plain)
    1 · 1
    2 · 2
    """
    from rich.text import Text

    puzzle, linking = _unpack(obj)
    colours = palette(puzzle.pairs)
    out = Text()
    ends = puzzle.grid != 0
    for i, row in enumerate(_cells(puzzle, linking)):
        if i:
            out.append("\n")
        for j, (text, k) in enumerate(row):  # cells and the gaps between them, in turn
            if k > 0:
                out.append(text, style=("bold " if j % 2 == 0 and ends[i, j // 2] else "") + colours[k - 1])
            else:
                out.append(text, style="dim")
    return out


def numbers_text(obj: Any) -> str:
    """The solution as the paper prints it: the number of its line in every cell (0 for empty).

    Parameters
    ----------
    obj : Linking or PuzzleSolution
        A solved board.

    Returns
    -------
    str
        Rows of numbers, each cell holding its line's number.

    Examples
    --------
    >>> from tremaux.numberlink import solve_puzzle
    >>> print(numbers_text(solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]))))
    1 1 1
    2 2 2
    """
    puzzle, linking = _unpack(obj)
    grid = linking.grid if linking is not None else puzzle.grid
    h, w = puzzle.shape
    nums = puzzle.numbers
    used = np.bincount(grid.ravel(), minlength=len(nums)) > 0
    width = len(str(int(nums[used].max())))
    budget.check(NUMBERS_CHAR_BYTES * (width + 1) * h * w + NUMBERS_CELL_BYTES * h * w + 4096,
                 f"the numbers of a {w}x{h} (WxH) board")
    table = np.full((len(nums), width + 1), ord(" "), dtype=np.uint8)  # each number right-aligned, then a space
    for d in range(width):
        power = 10 ** d
        digits = (ord("0") + nums // power % 10).astype(np.uint8)
        table[:, width - 1 - d] = np.where((nums >= power) | (d == 0), digits, ord(" "))
    codes = table[grid]  # the board as one array of characters, not cell by cell
    codes[:, -1, -1] = ord("\n")
    return codes.tobytes()[:-1].decode("ascii")


NUMBERS_CHAR_BYTES = 3
"""Peak bytes per character of :func:`numbers_text` (the characters, their bytes and the text, one byte each)."""

NUMBERS_CELL_BYTES = 8
"""Peak bytes per cell of :func:`numbers_text` besides its characters (the count of each number's cells)."""


def to_svg(obj: Any, *, cell: int = 28, line_width: float | None = None, colours: Sequence[str] | None = None,
           grid_colour: str = "#dddddd", background: str = "#ffffff") -> str:
    """An SVG picture: a light grid, coloured lines through cell centres, labelled endpoint discs.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    cell : int, default 28
        Pixels per cell.
    line_width : float, optional
        Width of the lines (default ``0.32 * cell``).
    colours : sequence of str, optional
        One colour per pair (default :func:`palette`).
    grid_colour : str, default "#dddddd"
        Colour of the cell borders.
    background : str, default "#ffffff"
        Colour behind the board.

    Returns
    -------
    str
        The SVG document.

    Raises
    ------
    MemoryLimitError
        An SVG of this size that would not fit the memory budget, before it is drawn.
    InvalidSizeError
        A ``cell`` that is not a whole number of pixels of 1 or more, a negative ``line_width``, or fewer
        ``colours`` than pairs.

    Examples
    --------
    >>> svg = to_svg(Puzzle.from_rows(["1.1"]))
    >>> svg.startswith("<svg") and svg.count("<circle") == 2
    True
    """
    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    cell, cols = _style(puzzle, cell, colours)
    if line_width is not None and not (isinstance(line_width, numbers.Real) and 0 <= line_width < math.inf):
        raise InvalidSizeError(f"line_width must be a number of pixels, 0 or more, not {line_width!r}")
    budget.check(budget.svg_bytes(h * w), f"an SVG of a {w}x{h} (WxH) puzzle")
    lw = line_width if line_width is not None else cell * 0.32
    W, H = w * cell + 2, h * cell + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="-1 -1 {W} {H}">',
           f'<rect x="-1" y="-1" width="{W}" height="{H}" fill="{background}"/>',
           f'<g stroke="{grid_colour}" stroke-width="1">']
    for r in range(h + 1):
        out.append(f'<line x1="0" y1="{r * cell}" x2="{w * cell}" y2="{r * cell}"/>')
    for c in range(w + 1):
        out.append(f'<line x1="{c * cell}" y1="0" x2="{c * cell}" y2="{h * cell}"/>')
    out.append("</g>")
    if linking is not None:
        for k, path in enumerate(linking.paths, start=1):
            if len(path) < 2:
                continue
            pts = " ".join(f"{(c + 0.5) * cell:g},{(r + 0.5) * cell:g}" for r, c in path.tolist())
            out.append(f'<polyline points="{pts}" fill="none" stroke="{cols[k - 1]}" stroke-width="{lw:g}" '
                       f'stroke-linecap="round" stroke-linejoin="round"/>')
    fs = cell * (0.55 if max([1, *(len(x) for x in puzzle.labels)]) < 3 else 0.4)
    for k in range(1, puzzle.pairs + 1):
        for r, c in puzzle.endpoints(k):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.42:g}" fill="{cols[k - 1]}"/>')
            out.append(f'<text x="{cx:g}" y="{cy:g}" font-family="sans-serif" font-size="{fs:g}" '
                       f'font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">'
                       f'{escape(puzzle.labels[k - 1])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(obj: Any, *, cell: int = 28, colours: Sequence[str] | None = None, grid_colour: str = "#dddddd",
           background: str = "#ffffff") -> bytes:
    """A PNG picture (bytes), drawn like :func:`to_svg` with Pillow.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    cell : int, default 28
        Pixels per cell.
    colours : sequence of str, optional
        One colour per pair (default :func:`palette`).
    grid_colour : str, default "#dddddd"
        Colour of the cell borders.
    background : str, default "#ffffff"
        Colour behind the board.

    Returns
    -------
    bytes
        The PNG file.

    Raises
    ------
    MemoryLimitError
        A PNG of this size that would not fit the memory budget, before it is drawn.
    InvalidSizeError
        A ``cell`` that is not a whole number of pixels of 1 or more, or fewer ``colours`` than pairs.

    Examples
    --------
    >>> to_png(Puzzle.from_rows(["1.1"]))[:4]
    b'\\x89PNG'
    """
    from PIL import Image, ImageDraw, ImageFont

    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    cell, cols = _style(puzzle, cell, colours)
    budget.check(budget.raster_bytes(w * cell + 1, h * cell + 1, 0),
                 f"a PNG of {w * cell + 1} x {h * cell + 1} pixels ({w}x{h} cells of {cell} pixels)")
    img = Image.new("RGB", (w * cell + 1, h * cell + 1), background)
    d = ImageDraw.Draw(img)
    for r in range(h + 1):
        d.line([(0, r * cell), (w * cell, r * cell)], fill=grid_colour)
    for c in range(w + 1):
        d.line([(c * cell, 0), (c * cell, h * cell)], fill=grid_colour)
    lw = max(2, int(cell * 0.32))
    if linking is not None:
        for k, path in enumerate(linking.paths, start=1):
            pts = [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in path.tolist()]
            if len(pts) >= 2:
                d.line(pts, fill=cols[k - 1], width=lw, joint="curve")
            for x, y in pts:
                d.ellipse([x - lw / 2, y - lw / 2, x + lw / 2, y + lw / 2], fill=cols[k - 1])
    try:
        font = ImageFont.load_default(size=max(8, int(cell * 0.5)))
    except TypeError:  # pragma: no cover - old Pillow
        font = ImageFont.load_default()
    rad = cell * 0.42
    for k in range(1, puzzle.pairs + 1):
        for r, c in puzzle.endpoints(k):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=cols[k - 1])
            d.text((cx, cy), puzzle.labels[k - 1], fill="#ffffff", font=font, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def save(obj: Any, path: str | Path, **style: Any) -> None:
    """Write a picture of ``obj`` to ``path``: ``.svg``, ``.png`` or ``.txt`` (box drawing).

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    path : str or pathlib.Path
        The file; its extension chooses the format.
    **style
        Passed to :func:`to_svg` or :func:`to_png`.

    Raises
    ------
    UnsupportedError
        Another extension (the message lists the accepted ones).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "puzzle.svg"
    >>> save(puzzle, out)
    >>> out.read_text().startswith("<svg")
    True
    """
    path = Path(path)
    ext = picture_format(path)
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
