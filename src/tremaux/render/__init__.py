"""Pictures of mazes: text, SVG, PNG and animations of generation and solving.

Every renderer is a pure function of a maze, a solution or a generation
result, with keyword-only styling and an overridable colour dictionary
(:data:`PALETTE`, the demo's colours: start red, goal green, retraced gray,
solution yellow). One module per format:

==================  =========================================================
:mod:`.text`        :func:`to_text`: ASCII ``+---+``, Unicode box drawing, ``#`` blocks
:mod:`.svg`         :func:`to_svg`: SVG with no third-party dependency
:mod:`.png`         :func:`to_png`, :func:`to_image`: PNG through Pillow, drawn in bulk
:mod:`.animate`     :func:`to_gif`, :func:`to_animated_svg`: replays of a trace
:mod:`.output`      :func:`save`: a file, the format chosen by its extension
:mod:`.palette`     :data:`PALETTE` and colour parsing
:mod:`.scene`       what a picture shows, as arrays shared by every format
==================  =========================================================

Overlays, common to all: the solution's ``path``, ``visited`` cells, Tremaux
``marks`` (once / twice), a distance ``heat`` map from a cell, and the
``start`` / ``goal`` markers. Multi-level mazes are drawn level by level,
side by side, with up/down marks; masked cells are blank. A maze on another grid,
or a run on one, is drawn by :mod:`tremaux.grids` (the same bytes as its
``to_svg`` / ``to_png`` and animations; the options read by :mod:`tremaux.grids.options`).

Examples
--------
>>> import tremaux
>>> from tremaux import render
>>> m = tremaux.Maze.open((2, 2), start=(0, 0), goal=(1, 1))
>>> print(render.to_text(m, style="unicode", path=[(0, 0), (0, 1), (1, 1)]))
┌───────┐
│ S • • │
│     • │
│     G │
└───────┘
>>> render.to_svg(m).startswith("<svg")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._display import NOTEBOOK_PNG_CELLS, NOTEBOOK_PNG_SIDE_LIMIT, NOTEBOOK_SCALED_CELLS, NOTEBOOK_SVG_CELLS, png_fits
from .._lazy import attach

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers and the reference pages
    from .animate import replay, to_animated_svg, to_gif
    from .output import FORMATS, render, save
    from .palette import PALETTE
    from .png import to_image, to_png
    from .svg import to_svg
    from .text import CHARS, STYLES, to_text

# Each name is imported on first use (see tremaux._lazy.attach): the palette alone (grid styles) does not load
# the animations, nor a text drawing Pillow.
__getattr__, __dir__ = attach(__name__, {
    "animate": ["replay", "to_animated_svg", "to_gif"],
    "output": ["FORMATS", "render", "save"],
    "palette": ["PALETTE"],
    "png": ["to_image", "to_png"],
    "svg": ["to_svg"],
    "text": ["CHARS", "STYLES", "to_text"],
}, modules=["animate", "blocks", "notes", "output", "palette", "png", "replay", "scene", "svg", "text"])

__all__ = [
    "to_text",
    "to_svg",
    "to_png",
    "to_image",
    "to_gif",
    "to_animated_svg",
    "replay",
    "save",
    "render",
    "PALETTE",
    "FORMATS",
    "STYLES",
    "CHARS",
    "NOTEBOOK_SVG_CELLS",
    "NOTEBOOK_PNG_CELLS",
    "NOTEBOOK_SCALED_CELLS",
    "repr_svg",
    "repr_png",
]

def repr_svg(obj) -> str | None:
    """SVG for Jupyter's ``_repr_svg_``: ``None`` above :data:`NOTEBOOK_SVG_CELLS` cells.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw (or a maze on another grid, or a run on one: its own ``_repr_svg_``).

    Returns
    -------
    str or None
        The SVG text, or ``None`` for a maze too big to show as SVG.

    Examples
    --------
    >>> from tremaux.render import repr_svg
    >>> import tremaux
    >>> repr_svg(tremaux.Maze.open((2, 2))).startswith("<svg")
    True
    >>> repr_svg(tremaux.Maze.closed((300, 300))) is None
    True
    """
    from .scene import grid_maze_of, maze_of
    from .svg import to_svg

    if grid_maze_of(obj) is not None:  # a maze on another grid, or a run on one: what the notebook shows of it
        return obj._repr_svg_()
    if maze_of(obj).flat.shape[0] > NOTEBOOK_SVG_CELLS:
        return None
    return to_svg(obj)


def repr_png(obj) -> bytes | None:
    """PNG for Jupyter's ``_repr_png_``: drawn in full up to :data:`NOTEBOOK_PNG_CELLS` cells, scaled down to at
    most 2,048 pixels a side up to :data:`NOTEBOOK_SCALED_CELLS` (2000 x 2000), else ``None``, as
    when the picture would not fit the memory budget (:mod:`tremaux.budget`) or would be too long to see: a
    notebook then shows the ``repr``.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw (or a maze on another grid, or a run on one: its own ``_repr_png_``).

    Returns
    -------
    bytes or None
        The PNG file, or ``None`` for a maze too big to show.

    Examples
    --------
    >>> from tremaux.render import repr_png
    >>> import tremaux
    >>> repr_png(tremaux.Maze.open((2, 2)))[:4]
    b'\\x89PNG'
    >>> repr_png(tremaux.Maze.closed((2001, 2000))) is None
    True
    """
    from ..errors import MemoryLimitError
    from .png import to_png
    from .scene import grid_maze_of, maze_of

    if grid_maze_of(obj) is not None:  # a maze on another grid, or a run on one: what the notebook shows of it
        return obj._repr_png_()
    cells = maze_of(obj).flat.shape[0]
    if cells > NOTEBOOK_SCALED_CELLS:
        return None
    try:
        if cells <= NOTEBOOK_PNG_CELLS:
            return png_fits(to_png(obj))  # None for a picture too long to see (1 x 100,000 cells)
        return _scaled_png(obj)
    except MemoryLimitError:
        return None


def _scaled_png(obj) -> bytes | None:
    """``obj`` drawn one pixel a cell and a wall, then scaled down to at most 2,048 pixels a side, in 16 colours."""
    import io
    import math

    from .png import to_image

    img = to_image(obj, cell_size=1, wall_width=1, margin=0)
    if max(img.size) > NOTEBOOK_PNG_SIDE_LIMIT:
        return None
    factor = math.ceil(max(img.size) / 2048)
    small = img.convert("RGB").reduce(factor).quantize(16)
    buf = io.BytesIO()
    small.save(buf, format="PNG")
    return buf.getvalue()
