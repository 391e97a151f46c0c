"""Lines along passages, from each cell's centre halfway to a side: Tremaux's marks on the pictures, and the
walked passages of the animations (a passage across the seam of a wrapped grid shows at both borders).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .grid import ARC
from .maze import GridMaze

if TYPE_CHECKING:
    from .style import Style

__all__ = ["half_passages", "mark_lines"]


def half_passages(maze: GridMaze, style: Style, keys: list[tuple[int, int]]) -> np.ndarray:
    """``(k, 4)`` picture pixels of the line from each cell's centre to the middle of side ``s``, for ``(cell, s)``.

    Parameters
    ----------
    maze : GridMaze
        The maze (its grid's geometry, and the picture's frame).
    style : Style
        Sizes of the picture.
    keys : list of (int, int)
        ``(cell index, side)`` pairs.

    Returns
    -------
    numpy.ndarray
        ``x0, y0, x1, y1`` per pair: the centre, then the middle of the side (on the circle for an arc).

    Examples
    --------
    >>> from tremaux.grids.passages import half_passages
    >>> from tremaux.grids import make_grid, GridMaze, Style
    >>> m = GridMaze(make_grid("square", size=(1, 2)), [2, 8])
    >>> half_passages(m, Style(cell=10, margin=0), [(0, 1)]).tolist()
    [[5.0, 5.0, 10.0, 5.0]]
    """
    geo = maze.grid.geometry()
    if not keys:
        return np.zeros((0, 4))
    i = np.array([k[0] for k in keys])
    s = np.array([k[1] for k in keys])
    e = geo.ends[i, s]
    mid = (e[:, :2] + e[:, 2:]) / 2
    arc = geo.kind[i, s] == ARC
    if arc.any():  # the middle of an arc lies on the circle, halfway round
        a0 = np.arctan2(e[arc, 1], e[arc, 0])
        a1 = np.arctan2(e[arc, 3], e[arc, 2])
        a1 = np.where(a1 <= a0, a1 + 2 * np.pi, a1)
        am = (a0 + a1) / 2
        r = geo.radius[i[arc], s[arc]]
        mid[arc] = np.stack([r * np.cos(am), r * np.sin(am)], 1)
    x0, y0, _, _ = geo.bounds
    k, m = style.cell, style.margin
    offset = np.array([m - x0 * k, m - y0 * k])
    return np.concatenate([geo.centres[i] * k + offset, mid * k + offset], 1)


def mark_lines(maze: GridMaze, solution: Any, style: Style) -> list[tuple[np.ndarray, str]]:
    """Tremaux's marks as lines: from each cell's centre halfway to each side marked once (``marked``
    colour) or twice (``retraced``); ``[]`` when ``solution`` has no marks.

    Each passage is drawn from both of its ends, so a passage across a seam shows at both borders.

    Parameters
    ----------
    maze : GridMaze
        The maze solved.
    solution : GridSolution or None
        Its ``marks`` (``solve_on(..., "tremaux", record=True)``).
    style : Style
        Sizes of the picture.

    Returns
    -------
    list of (numpy.ndarray, str)
        ``(x0, y0, x1, y1)`` and colour of each line.

    Examples
    --------
    >>> from tremaux.grids.passages import mark_lines
    >>> from tremaux.grids import make_grid, GridMaze, Style, solve_on
    >>> m = GridMaze(make_grid("square", size=(1, 3)), [2, 10, 8])
    >>> [colour for _, colour in mark_lines(m, solve_on(m, "tremaux", record=True), Style())]
    ['#d6d69a', '#d6d69a', '#d6d69a', '#d6d69a']
    """
    marks = getattr(solution, "marks", None)
    if marks is None:
        return []
    i, s = np.nonzero(marks > 0)
    keys = list(zip(i.tolist(), s.tolist()))
    lines = half_passages(maze, style, keys)
    once, twice = style.colour("marked"), style.colour("retraced")
    return [(row, once if marks[a, b] == 1 else twice) for row, (a, b) in zip(lines, keys)]
