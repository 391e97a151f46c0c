"""The pixel sizes of a raster picture (PNG, GIF): cell, wall, margin and the gap between levels.

What the picture writers (:mod:`tremaux.render.png`, :mod:`tremaux.render.animate`) and the notes a picture
carries for its reader (:mod:`tremaux.render.notes`) all measure with; :mod:`tremaux.render.png` names these too.

Examples
--------
>>> from tremaux import Maze
>>> from tremaux.render.geometry import geometry
>>> g = geometry(Maze.closed((3, 4)), cell_size=10)
>>> g, g.size(Maze.closed((3, 4)))
(Geometry(cell=10, wall=1, margin=5, gap=10), (55, 44))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import TremauxError
from ..maze.model import Maze

__all__ = ["Geometry", "geometry", "MAX_SIDE"]

MAX_SIDE = 2**31 - 1
"""Longest side, in pixels, of a picture of a maze (PNG or SVG): the most a PNG's header can hold. A picture drawn
longer is refused whatever the memory limit, so that an SVG (which needs no more memory for a bigger size) and a
PNG refuse the same sizes."""


@dataclass(frozen=True)
class Geometry:
    """Pixel sizes of a raster picture.

    Examples
    --------
    >>> from tremaux.render.png import Geometry
    >>> g = Geometry(cell=4, wall=1, margin=2, gap=4)
    >>> g.extent(3)
    16
    """

    cell: int
    """Side of a cell's floor, in pixels."""
    wall: int
    """Thickness of a wall, in pixels."""
    margin: int
    """Blank border around the picture."""
    gap: int
    """Blank space between two levels drawn side by side."""

    def extent(self, n: int) -> int:
        """Pixels taken by ``n`` cells in a row, walls included.

        Parameters
        ----------
        n : int
            Cells in a row.

        Returns
        -------
        int
            ``n`` floors and ``n + 1`` walls, in pixels.

        Examples
        --------
        >>> from tremaux.render.png import Geometry
        >>> Geometry(cell=4, wall=1, margin=2, gap=4).extent(3)
        16
        """
        return n * self.cell + (n + 1) * self.wall

    def size(self, maze: Maze) -> tuple[int, int]:
        """``(width, height)`` in pixels of the picture of ``maze``.

        Parameters
        ----------
        maze : Maze
            The maze drawn.

        Returns
        -------
        (int, int)
            Width and height, margins and the gaps between levels included.

        Examples
        --------
        >>> from tremaux import Maze
        >>> from tremaux.render.png import Geometry
        >>> Geometry(cell=4, wall=1, margin=2, gap=4).size(Maze.open((2, 3)))
        (20, 15)
        """
        L, H, W = maze.shape3
        return (L * self.extent(W) + (L - 1) * self.gap + 2 * self.margin,
                self.extent(H) + 2 * self.margin)


def _positive(value: Any, name: str, minimum: int) -> int:
    try:
        v = int(value)
        if v != value or isinstance(value, (bool, np.bool_)):  # cell_size=True is no size
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise TremauxError(f"{name} {value!r} is not a whole number of pixels") from None
    if v < minimum:
        raise TremauxError(f"{name} {v} is too small; it must be at least {minimum}")
    return v


def geometry(maze: Maze, cell_size: int | None = None, wall_width: int | None = None,
             margin: int | None = None, *, target: int = 800) -> Geometry:
    """Pixel sizes, choosing unset ones so the picture is about ``target`` pixels wide.

    Parameters
    ----------
    maze : Maze
        The maze drawn.
    cell_size, wall_width, margin : int, optional
        Pixel sizes to keep as given; the others are chosen.
    target : int, default 800
        The width in pixels aimed at.

    Returns
    -------
    Geometry
        The sizes.

    Raises
    ------
    TremauxError
        For a size that is not a whole number, too small, or drawing a picture over :data:`MAX_SIDE` pixels
        a side (naming the largest cell size that fits).

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.png import geometry
    >>> geometry(Maze.closed((10, 10)))
    Geometry(cell=16, wall=2, margin=8, gap=16)
    >>> geometry(Maze.closed((4000, 4000)))
    Geometry(cell=1, wall=1, margin=1, gap=4)
    """
    L, H, W = maze.shape3
    if cell_size is None:
        cell = max(1, min(16, target // max(H, L * W)))
    else:
        cell = _positive(cell_size, "cell_size", 1)
    wall = max(1, cell // 6) if wall_width is None else _positive(wall_width, "wall_width", 1)
    mg = max(wall, cell // 2) if margin is None else _positive(margin, "margin", 0)
    g = Geometry(cell, wall, mg, max(4, cell))
    width, height = g.size(maze)
    if max(width, height) > MAX_SIDE:
        _refuse_side(maze, g, (width, height), wall_width, margin)
    return g


def _refuse_side(maze: Maze, g: Geometry, size: tuple[int, int], wall_width: int | None, margin: int | None) -> None:
    """Refuse a picture over :data:`MAX_SIDE` pixels a side in one line, naming its size and the largest
    cell size that fits (the same wall and margin kept as given)."""
    def fits(cell: int) -> bool:
        wall = max(1, cell // 6) if wall_width is None else g.wall
        return max(Geometry(cell, wall, max(wall, cell // 2) if margin is None else g.margin,
                            max(4, cell)).size(maze)) <= MAX_SIDE

    lo, hi = 0, min(g.cell, MAX_SIDE)  # fits(lo) or lo == 0; not fits(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    hint = f"cell_size at most {lo:,} for this maze" if lo else "smaller wall_width and margin"
    raise TremauxError(f"a picture of {size[0]:,} x {size[1]:,} pixels (cell_size {g.cell:,}) is over the "
                       f"largest drawn, {MAX_SIDE:,} pixels a side: give {hint}")
