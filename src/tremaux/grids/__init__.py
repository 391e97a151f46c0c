"""Mazes on every grid: polar, hexagonal, triangular, upsilon, zeta, wrapped and woven.

A :class:`Grid` is arrays (each cell's sides, the neighbour behind each side and
the side facing back) plus a drawing geometry; a :class:`GridMaze` is one small
integer per cell whose bits are its open sides. The square :class:`tremaux.Maze`
stays the fast path; :func:`to_grid_maze` and :meth:`GridMaze.to_maze` convert.

Examples
--------
>>> from tremaux.grids import make_grid
>>> make_grid("polar", rings=4).size
43
"""

from .catalog import GRIDS, make_grid
from .grid import Geometry, Grid

__all__ = ["GRIDS", "make_grid", "Grid", "Geometry"]
