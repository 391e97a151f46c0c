"""What a notebook and ``print`` show of a maze, a run or a grid maze: the model's ``__str__``, ``_repr_svg_`` and
``_repr_png_`` ask here.

The model knows no renderer. The drawing functions are named here, with :func:`shows`, by the levels above it:
:mod:`tremaux` (the package, imported before any of its modules) names the square maze's text and pictures,
loaded when first drawn, and :mod:`tremaux.grids.draw` the grid mazes' picture. So the model depends on this table
alone, and the renderers on the model, never the reverse.

Examples
--------
>>> import tremaux
>>> from tremaux._display import picture
>>> picture("svg", tremaux.Maze.open((1, 2)))[:4]
'<svg'
>>> print(picture("text", tremaux.Maze.open((1, 2))))
+---+---+
|       |
+---+---+
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["NOTEBOOK_SVG_CELLS", "NOTEBOOK_PNG_CELLS", "NOTEBOOK_SCALED_CELLS", "NOTEBOOK_PNG_SIDE_LIMIT",
           "NOTEBOOK_PUZZLE_SVG_CELLS", "NOTEBOOK_PUZZLE_PNG_CELLS", "NOTEBOOK_ANIMATION_BYTES", "png_fits", "shows",
           "picture", "Gif", "AnimatedSvg"]

NOTEBOOK_SVG_CELLS = 40_000
"""Largest maze (in cells) a notebook shows as SVG; bigger ones show as PNG only."""

NOTEBOOK_PNG_CELLS = 1_000_000
"""Largest maze (in cells) a notebook shows as a PNG drawn in full (about 2,000 pixels a side, under a megabyte);
bigger ones up to :data:`NOTEBOOK_SCALED_CELLS` show scaled down."""

NOTEBOOK_SCALED_CELLS = 4_000_000
"""Largest maze (in cells, 2000 x 2000) a notebook shows as a picture: past :data:`NOTEBOOK_PNG_CELLS` cells, a
PNG drawn one pixel a cell and a wall, then scaled down to at most 2,048 pixels a side in 16 colours (about a
megabyte); bigger ones show as their one-line ``repr``."""

NOTEBOOK_PUZZLE_SVG_CELLS = 10_000
"""Largest Number Link board (in cells, 100 x 100) a notebook shows as SVG (about 100 bytes a cell, a megabyte
there); bigger ones show as a PNG."""

NOTEBOOK_PUZZLE_PNG_CELLS = 1_000_000
"""Largest Number Link board (in cells) a notebook shows as a PNG, about 1,000 pixels across (two pixels a cell
at least); bigger ones show as their text."""

NOTEBOOK_PNG_SIDE_LIMIT = 32_767
"""Longest side, in pixels, of a picture a notebook is given: a longer one (a maze of 1 x 100,000 cells is 200,003
pixels wide) shows as a line too thin to see once the page fits it to its width, so the ``repr`` is shown."""


NOTEBOOK_ANIMATION_BYTES = 20_000_000
"""Largest animation (GIF or animated SVG, in bytes) a notebook plays where it is the value of a cell; a bigger one
shows its one-line summary (save it to a file instead)."""


class Gif(bytes):
    """The bytes of an animated GIF (:func:`tremaux.render.to_gif`, :func:`tremaux.grids.animate.to_gif`): bytes in
    every way, but a notebook plays it, and its ``repr`` is one line instead of the escaped file.

    Examples
    --------
    >>> from tremaux._display import Gif
    >>> g = Gif(b"GIF89a" + bytes(20))
    >>> isinstance(g, bytes), g[:6], repr(g)
    (True, b'GIF89a', '<animated GIF, 26 bytes>')
    >>> g._repr_html_()[:32]
    '<img src="data:image/gif;base64,'
    """

    def __repr__(self) -> str:
        return f"<animated GIF, {len(self):,} bytes>"

    __str__ = __repr__

    def _repr_html_(self) -> str | None:
        if len(self) > NOTEBOOK_ANIMATION_BYTES:
            return None
        import base64

        return f'<img src="data:image/gif;base64,{base64.b64encode(self).decode("ascii")}"/>'


class AnimatedSvg(str):
    """The text of an animated SVG (:func:`tremaux.render.to_animated_svg`, :func:`tremaux.grids.animate.
    to_animated_svg`): a string in every way, but a notebook plays it, and its ``repr`` is one line.

    Examples
    --------
    >>> from tremaux._display import AnimatedSvg
    >>> s = AnimatedSvg("<svg/>")
    >>> isinstance(s, str), s == "<svg/>", repr(s), s._repr_svg_()
    (True, True, '<animated SVG, 6 characters>', '<svg/>')
    """

    def __repr__(self) -> str:
        return f"<animated SVG, {len(self):,} characters>"

    def _repr_svg_(self) -> str | None:
        return None if len(self) > NOTEBOOK_ANIMATION_BYTES else str.__str__(self)


def png_fits(png: bytes | None) -> bytes | None:
    """``png``, or ``None`` when either side of it is over :data:`NOTEBOOK_PNG_SIDE_LIMIT` pixels.

    Parameters
    ----------
    png : bytes or None
        A PNG file (its width and height are read from its header).

    Returns
    -------
    bytes or None
        The same bytes, or ``None`` for a picture too long for a notebook.

    Examples
    --------
    >>> from tremaux._display import png_fits
    >>> header = b"\\x89PNG\\r\\n\\x1a\\n" + b"\\0\\0\\0\\rIHDR" + (40000).to_bytes(4, "big") + (5).to_bytes(4, "big")
    >>> png_fits(header) is None
    True
    """
    if png is None or len(png) < 24:
        return png
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return None if max(width, height) > NOTEBOOK_PNG_SIDE_LIMIT else png


_DRAWN: dict[str, Callable[[Any], Any]] = {}


def shows(kind: str, draw: Callable[..., Any]) -> None:
    """Name the function that draws ``kind`` (``"text"``, ``"svg"``, ``"png"``, ``"grid svg"``, ``"grid gif"``)
    of an object.

    Parameters
    ----------
    kind : str
        What is drawn.
    draw : callable
        ``draw(obj, **options)``: the drawing, or ``None`` for an object too big to show.

    Examples
    --------
    >>> from tremaux._display import picture, shows
    >>> shows("upper", str.upper)
    >>> picture("upper", "maze")
    'MAZE'
    """
    _DRAWN[kind] = draw


def picture(kind: str, obj: Any, **options: Any) -> Any:
    """``obj`` drawn as ``kind`` by the function :func:`shows` named; ``None`` when none is named.

    Parameters
    ----------
    kind : str
        What is drawn.
    obj : object
        A maze, a run, a grid maze...
    **options
        Handed to the drawing function (the frames of an animation...).

    Returns
    -------
    object or None
        The drawing (text, SVG text, PNG bytes), or ``None``: a notebook then shows the ``repr``.

    Examples
    --------
    >>> from tremaux._display import picture
    >>> picture("nothing of the kind", 1) is None
    True
    """
    draw = _DRAWN.get(kind)
    return None if draw is None else draw(obj, **options)
