"""What every Number Link picture shares: the colours, the cell size, and reading what is drawn.

* :func:`palette` gives one colour per pair.
* :func:`picture_cell` chooses the pixels per cell of a picture: :data:`DEFAULT_CELL` for small boards, fewer
  for big ones, so that a picture keeps within :data:`MAX_PICTURE_PIXELS` pixels.

Examples
--------
>>> from tremaux.numberlink.draw import picture_cell
>>> picture_cell((10, 10)), picture_cell((1000, 1000))
(28, 4)
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...errors import InvalidSizeError, UnsupportedError
from ..model import Puzzle
from ..result import Linking, PuzzleSolution

__all__ = ["palette", "palette_rgb", "picture_cell", "colour", "DEFAULT_CELL", "MAX_PICTURE_PIXELS"]

DEFAULT_CELL = 28
"""Pixels per cell of the pictures of boards small enough (:func:`picture_cell`)."""

MAX_PICTURE_PIXELS = 4096 * 4096
"""Pixels a picture drawn with the cell size chosen by :func:`picture_cell` keeps within: 4096 x 4096, what an
image viewer or a browser opens and zooms into at once (48 MiB as RGB). Boards of up to 146 x 146 cells are drawn
at :data:`DEFAULT_CELL` pixels a cell, bigger ones with smaller cells (4 pixels at 1000 x 1000), down to 1."""




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
    >>> from tremaux.numberlink.draw import palette
    >>> palette(3)
    ['#e6194b', '#3cb44b', '#4363d8']
    """
    rgb = palette_rgb(n)
    hexed = rgb.tobytes().hex()
    return ["#" + hexed[6 * i:6 * i + 6] for i in range(len(rgb))]


_BASE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324",
         "#469990", "#800000", "#808000", "#000075", "#bfef45", "#fabed4", "#dcbeff", "#ffd8b1")


def palette_rgb(n: int) -> np.ndarray:
    """The colours of :func:`palette` as an ``(n, 3)`` array of bytes, computed all at once.

    Sixteen distinct colours, then golden-angle hues at lightness 0.38, 0.5 and 0.62 in turn and saturation
    0.75 (:func:`colorsys.hls_to_rgb`, done on arrays with the same arithmetic).

    Parameters
    ----------
    n : int
        Number of colours.

    Returns
    -------
    numpy.ndarray
        ``(n, 3)`` ``uint8`` red, green, blue.

    Examples
    --------
    >>> from tremaux.numberlink.draw.common import palette_rgb
    >>> palette_rgb(2).tolist()
    [[230, 25, 75], [60, 180, 75]]
    """
    n = max(0, int(n))
    out = np.empty((n, 3), dtype=np.uint8)
    first = min(n, len(_BASE))
    out[:first] = np.frombuffer(bytes.fromhex("".join(c[1:] for c in _BASE[:first])), dtype=np.uint8).reshape(-1, 3)
    i = np.arange(first, n, dtype=np.float64)
    hue = (i * 0.618033988749895) % 1.0
    light = np.array([0.38, 0.5, 0.62])[np.arange(first, n) % 3]
    s = 0.75
    m2 = np.where(light <= 0.5, light * (1.0 + s), light + s - (light * s))
    m1 = 2.0 * light - m2
    for j, shift in enumerate((1.0 / 3.0, 0.0, -1.0 / 3.0)):
        h = (hue + shift) % 1.0
        v = np.where(h < 1.0 / 6.0, m1 + (m2 - m1) * h * 6.0,
                     np.where(h < 0.5, m2, np.where(h < 2.0 / 3.0, m1 + (m2 - m1) * (2.0 / 3.0 - h) * 6.0, m1)))
        out[first:, j] = (v * 255).astype(np.int64)  # int(): truncated, as the colours always were
    return out


_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}\Z")

SVG_KEYWORDS = ("none", "transparent", "currentcolor")
"""Colours an SVG picture takes besides Pillow's (a PNG has no use for them)."""


def colour(value: Any, what: str, *, svg: bool = False) -> str:
    """``value`` as a colour both pictures write: a colour name or ``#rrggbb`` kept as given, an ``(r, g, b)``
    (a tuple, a list or a numpy row of whole numbers 0 to 255) as ``#rrggbb``; anything else is an error naming it.

    Parameters
    ----------
    value : str or sequence of int
        The colour given.
    what : str
        What it colours, for the error (``"colours"``, ``"background"``...).
    svg : bool, default False
        Also take the SVG keywords :data:`SVG_KEYWORDS` (``"none"`` for a transparent background).

    Returns
    -------
    str
        A colour SVG and Pillow read.

    Raises
    ------
    InvalidSizeError
        For a string that names no colour, or a tuple that is not three whole numbers 0 to 255.

    Examples
    --------
    >>> from tremaux.numberlink.draw.common import colour
    >>> colour("navy", "colours"), colour((255, 128, 0), "colours")
    ('navy', '#ff8000')
    >>> colour("nocolour", "background")
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: background: 'nocolour' is not a colour (a name such as 'red', '#rrggbb', ...)
    """
    if isinstance(value, str):
        if _HEX.match(value) or (svg and value.lower() in SVG_KEYWORDS):
            return value
        from PIL import ImageColor  # only for a colour that is not #rrggbb: the default palette never loads it

        try:
            ImageColor.getrgb(value)
        except ValueError:
            pass
        else:
            return value
    elif not isinstance(value, (bytes, Mapping)) and isinstance(value, (Sequence, np.ndarray)) and len(value) == 3:
        parts = list(value)
        if all(isinstance(v, numbers.Integral) and not isinstance(v, bool) and 0 <= v <= 255 for v in parts):
            return "#" + "".join(f"{int(v):02x}" for v in parts)
    raise InvalidSizeError(f"{what}: {value!r} is not a colour (a name such as 'red', '#rrggbb', 'rgb(r, g, b)' or "
                           f"a tuple (r, g, b) of 0 to 255)")


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
    if type(obj).__name__ == "GeneratedPuzzle":  # what generate_puzzle returns holds both: say which to draw
        raise UnsupportedError("cannot draw a GeneratedPuzzle itself; draw its .puzzle (unsolved) or "
                               "(g.puzzle, g.solution) (solved)")
    kind = type(obj).__name__
    raise UnsupportedError(f"cannot draw {'an' if kind[0].lower() in 'aeiou' else 'a'} {kind}; give a Puzzle, a "
                           "PuzzleSolution or (puzzle, linking)")


def _style(puzzle: Puzzle, cell: Any, colours: Sequence[str] | None,
           default: Any = palette) -> tuple[int, Any]:
    """The pixels per cell (a whole number, 1 or more; ``None``: :func:`picture_cell`) and one colour per pair
    (``default(pairs)`` when none are given), or an error naming the problem."""
    if cell is None:
        cell = picture_cell(puzzle.shape)
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral) or cell < 1:
        raise InvalidSizeError(f"cell must be a whole number of pixels, 1 or more, not {cell!r}")
    if colours is None:
        return int(cell), default(puzzle.pairs)
    if isinstance(colours, str):
        raise InvalidSizeError(f"colours must be a list of colours, one per pair, not the string {colours!r}")
    try:
        cols = list(colours)
    except TypeError:  # a number, None...: no sequence at all
        kind = type(colours).__name__
        raise InvalidSizeError(f"colours must be a list of colours, one per pair, not {kind}") from None
    if len(cols) < puzzle.pairs:
        raise InvalidSizeError(f"{len(cols)} colours given for {puzzle.pairs} pairs (one colour per pair)")
    return int(cell), [colour(c, "colours") for c in cols[:puzzle.pairs]]


def picture_cell(shape: tuple[int, int]) -> int:
    """The pixels per cell of a picture of a board of ``shape`` when none is asked for.

    :data:`DEFAULT_CELL`, or the largest smaller size that keeps the picture (a pixel more than the cells each
    way, for the last grid line) within :data:`MAX_PICTURE_PIXELS` pixels; at least 1.

    Parameters
    ----------
    shape : (int, int)
        Rows and columns of the board.

    Returns
    -------
    int
        Pixels per cell, 1 to :data:`DEFAULT_CELL`.

    Examples
    --------
    >>> from tremaux.numberlink.draw import picture_cell
    >>> picture_cell((100, 100)), picture_cell((300, 300)), picture_cell((5000, 5000))
    (28, 13, 1)
    """
    h, w = (max(1, int(x)) for x in shape)
    cell = max(1, min(DEFAULT_CELL, math.isqrt(MAX_PICTURE_PIXELS // (h * w))))
    while cell > 1 and (w * cell + 1) * (h * cell + 1) > MAX_PICTURE_PIXELS:
        cell -= 1
    return cell
