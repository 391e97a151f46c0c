"""Number Link pictures as SVG: a light grid, coloured lines through cell centres, labelled endpoint discs.

Examples
--------
>>> from tremaux.numberlink import to_svg
>>> from tremaux.numberlink import Puzzle
>>> to_svg(Puzzle.from_rows(["1.1"])).count("<circle")
2
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

from ... import budget
from ...errors import InvalidSizeError
from .common import _style, _unpack, colour

__all__ = ["to_svg"]



LABEL_ROOM = 1.4
"""A label of ``n`` characters is drawn at most ``LABEL_ROOM / n`` of a cell high: bold sans-serif digits are about
0.6 of their height wide, so the label keeps within some 0.85 of the cell, inside its disc."""

def to_svg(obj: Any, *, cell: int | None = None, line_width: float | None = None, colours: Sequence[str] | None = None,
           grid_colour: str = "#dddddd", background: str = "#ffffff") -> str:
    """An SVG picture: a light grid, coloured lines through cell centres, labelled endpoint discs.

    Parameters
    ----------
    obj : Puzzle, Linking or PuzzleSolution
        What to draw.
    cell : int, optional
        Pixels per cell; by default :func:`~tremaux.numberlink.draw.common.picture_cell` chooses it (28, smaller
        for boards above 146 x 146 cells, as the PNG).
    line_width : float, optional
        Width of the lines (default ``0.32 * cell``).
    colours : sequence of str or (r, g, b), optional
        One colour per pair (default :func:`palette`): a name, ``#rrggbb``, ``rgb(r, g, b)`` or a tuple of three
        whole numbers 0 to 255 (:func:`~tremaux.numberlink.draw.common.colour`).
    grid_colour : str or (r, g, b), default "#dddddd"
        Colour of the cell borders.
    background : str or (r, g, b), default "#ffffff"
        Colour behind the board (``"none"``: transparent).

    Returns
    -------
    str
        The SVG document.

    Raises
    ------
    MemoryLimitError
        An SVG of this size that would not fit the memory budget, before it is drawn.
    InvalidSizeError
        A ``cell`` that is not a whole number of pixels of 1 or more, a negative ``line_width``, fewer
        ``colours`` than pairs, or a colour that is none (named).

    Examples
    --------
    >>> from tremaux.numberlink import to_svg
    >>> from tremaux.numberlink import Puzzle
    >>> svg = to_svg(Puzzle.from_rows(["1.1"]))
    >>> svg.startswith("<svg") and svg.count("<circle") == 2
    True
    """
    from xml.sax.saxutils import escape  # here: it imports urllib.request, which a solve does not need

    puzzle, linking = _unpack(obj)
    h, w = puzzle.shape
    cell, cols = _style(puzzle, cell, colours)
    if line_width is not None and (isinstance(line_width, bool) or  # True is no width, as cell=True is none
                                   not (isinstance(line_width, numbers.Real) and 0 <= line_width < math.inf)):
        raise InvalidSizeError(f"line_width must be a number of pixels, 0 or more, not {line_width!r}")
    grid_colour, background = colour(grid_colour, "grid_colour", svg=True), colour(background, "background", svg=True)
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
        size = min(fs, LABEL_ROOM * cell / len(puzzle.labels[k - 1]))  # a long label ('12345', a word) fits its disc
        for r, c in puzzle.endpoints(k):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.42:g}" fill="{cols[k - 1]}"/>')
            out.append(f'<text x="{cx:g}" y="{cy:g}" font-family="sans-serif" font-size="{size:g}" '
                       f'font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">'
                       f'{escape(puzzle.labels[k - 1])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
