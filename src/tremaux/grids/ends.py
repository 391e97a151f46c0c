"""The start and goal dots of the pictures and animations on every grid, sized from each cell's own size.

A dot's radius is half the distance from its cell's centre to the nearest side (so it fits the small
squares of an upsilon grid or a triangle), and at most a quarter of the grid's unit. When the start is
the goal (a maze of one cell) the goal is a smaller dot inside the start's, which shows as a ring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .grid import ARC
from .maze import GridMaze

if TYPE_CHECKING:
    from .style import Style

__all__ = ["end_dots"]


def _inradius(maze: GridMaze, i: int) -> float:
    """Distance in grid units from the centre of cell ``i`` to the middle of its nearest side."""
    geo = maze.grid.geometry()
    c = geo.centres[i]
    ends = geo.ends[i]
    mid = (ends[:, :2] + ends[:, 2:]) / 2
    d = np.linalg.norm(mid - c, axis=1)
    arc = geo.kind[i] == ARC  # an arc's middle is on its circle (about the polar grid's centre, at 0, 0)
    d = np.where(arc, np.abs(np.linalg.norm(c) - geo.radius[i]), d)
    d = d[geo.kind[i] > 0]
    return float(d.min()) if d.size else 0.5


def end_dots(maze: GridMaze, style: Style, centres: np.ndarray) -> list[tuple[str, float, float, float]]:
    """The start and goal dots of a picture of ``maze``, in drawing order.

    Parameters
    ----------
    maze : GridMaze
        The maze (its start and goal, its grid's cells).
    style : Style
        Sizes of the picture (``style.cell`` pixels per grid unit).
    centres : numpy.ndarray
        ``(cells, 2)`` pixel centres of the cells in the picture.

    Returns
    -------
    list of (str, float, float, float)
        ``(palette entry, x, y, radius)`` per dot: ``start`` then ``goal``.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.grids.ends import end_dots
    >>> from tremaux.grids import make_grid, GridMaze, Style
    >>> m = GridMaze(make_grid("square", size=(1, 2)), [2, 8])
    >>> [(k, r) for k, x, y, r in end_dots(m, Style(cell=20), np.array([[10, 10], [30, 10]]))]
    [('start', 5.0), ('goal', 5.0)]
    >>> one = GridMaze(make_grid("square", size=(1, 1)), [0])
    >>> [(k, r) for k, x, y, r in end_dots(one, Style(cell=20), np.array([[10, 10]]))]
    [('start', 5.0), ('goal', 2.5)]
    """
    out = []
    for key, i in (("start", maze.start_index), ("goal", maze.goal_index)):
        r = min(0.25, 0.5 * _inradius(maze, i)) * style.cell
        if key == "goal" and i == maze.start_index:
            r /= 2  # inside the start's dot, which shows around it as a ring
        x, y = centres[i]
        out.append((key, float(x), float(y), float(r)))
    return out
