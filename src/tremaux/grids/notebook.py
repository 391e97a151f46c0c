"""The PNG a notebook shows of a grid maze too big for its SVG: drawn small, about 2,000 pixels a side.

A grid maze (or a run on one) shows as SVG up to the side slots of :data:`tremaux.render.NOTEBOOK_SVG_CELLS`
square cells (:func:`tremaux.grids.maze.notebook_size`); beyond, up to :data:`tremaux.grids.draw.MAX_DRAW_CELLS`
cells, as this PNG (cells a few pixels across, as the square maze's notebook PNG), and beyond that as its
one-line ``repr``.

Examples
--------
>>> from tremaux.grids import make_grid, generate_on
>>> from tremaux.grids.notebook import notebook_png
>>> maze = generate_on(make_grid("hex", size=(170, 170)), "backtracker", seed=1).maze
>>> maze._repr_svg_() is None, notebook_png(maze)[1:4]
(True, b'PNG')
"""

from __future__ import annotations

from typing import Any

__all__ = ["NOTEBOOK_PNG_SIDE", "notebook_png"]

NOTEBOOK_PNG_SIDE = 2000
"""Pixels across the longer side of the notebook PNG of a big grid maze (its cells at least 2 pixels)."""


def notebook_png(obj: Any) -> bytes | None:
    """The PNG Jupyter shows of a grid maze, or of a run on one, too big for its SVG.

    Parameters
    ----------
    obj : GridMaze, GridSolution or GridGenerated
        What is shown; a solution's path and visited cells are drawn too.

    Returns
    -------
    bytes or None
        The PNG; ``None`` for a maze small enough for its SVG, over :data:`tremaux.grids.draw.MAX_DRAW_CELLS`
        cells, or drawn longer than :data:`tremaux._display.NOTEBOOK_PNG_SIDE_LIMIT` pixels (the notebook shows
        the ``repr``).

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on
    >>> from tremaux.grids.notebook import notebook_png
    >>> notebook_png(generate_on(make_grid("hex", size=(3, 3)), "wilson", seed=1).maze) is None  # its SVG
    True
    """
    from .._display import NOTEBOOK_PNG_SIDE_LIMIT
    from .draw import MAX_DRAW_CELLS, to_png
    from .maze import GridMaze, notebook_size
    from .solve import GridSolution
    from .style import Style

    maze = obj if isinstance(obj, GridMaze) else obj.maze
    if notebook_size(maze) or maze.size > MAX_DRAW_CELLS:
        return None
    x0, y0, x1, y1 = maze.grid.geometry().bounds
    cell = max(2.0, min(20.0, NOTEBOOK_PNG_SIDE / max(x1 - x0, y1 - y0, 1e-9)))
    style = Style(cell=cell, wall=max(1.0, cell / 8), margin=4.0)
    if max(x1 - x0, y1 - y0) * cell + 2 * style.margin > NOTEBOOK_PNG_SIDE_LIMIT:  # 1 x 30,000 hexagons
        return None
    return to_png(maze, solution=obj if isinstance(obj, GridSolution) else None, style=style)
