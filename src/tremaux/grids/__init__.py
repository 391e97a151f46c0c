"""Mazes on every grid: polar, hexagonal, triangular, upsilon, zeta and wrapped.

A :class:`Grid` is arrays (each cell's sides, the neighbour behind each side and
the side facing back) plus a drawing geometry; a :class:`GridMaze` is one small
integer per cell whose bits are its open sides. The square :class:`tremaux.Maze`
stays the fast path; :func:`to_grid_maze` and :meth:`GridMaze.to_maze` convert.

Examples
--------
>>> from tremaux.grids import make_grid, generate_on, solve_on
>>> grid = make_grid("hex", shape="hexagon", radius=3)
>>> maze = generate_on(grid, "wilson", seed=4).maze
>>> maze.passages == grid.size - 1
True
>>> solve_on(maze, "bfs").found
True
"""

from .catalog import GRIDS, make_grid
from .draw import Style, save_picture, to_png, to_svg
from .generate import GRAPH_KERNELS, GridGenerated, generate_on, supports
from .grid import Geometry, Grid
from . import files
from .maze import GridMaze, to_grid_maze
from .measure import GridStats, grid_stats
from .solve import GRAPH_SOLVERS, GridSolution, solve_on
from ..solvers.api import _solved_elsewhere

_solved_elsewhere(GridMaze, solve_on)  # tremaux.solve of a grid maze, or of what generate_on returns
_solved_elsewhere(GridGenerated, lambda run, *args, **kwargs: solve_on(run.maze, *args, **kwargs))

__all__ = ["GRIDS", "make_grid", "Grid", "Geometry", "GridMaze", "to_grid_maze", "generate_on", "GridGenerated",
           "supports", "GRAPH_KERNELS", "solve_on", "GridSolution", "GRAPH_SOLVERS", "to_svg", "to_png",
           "save_picture", "Style", "files", "grid_stats", "GridStats"]
