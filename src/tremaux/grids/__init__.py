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

from __future__ import annotations

from typing import TYPE_CHECKING

from .._display import shows
from .._lazy import attach
from ..solvers.api import _solved_elsewhere

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers and the reference pages
    from . import files
    from .catalog import GRIDS, make_grid
    from .draw import Style, save_picture, to_png, to_svg
    from .generate import GRAPH_KERNELS, GridGenerated, generate_on, supports
    from .grid import Geometry, Grid
    from .maze import GridMaze, to_grid_maze
    from .measure import GridStats, grid_stats
    from .solve import GRAPH_SOLVERS, GridSolution, solve_on

# Each name is imported on first use (see tremaux._lazy.attach): reading a maze file (tremaux.grids.files) does
# not load the grids' pictures, nor through them the maze pictures and animations.
__getattr__, __dir__ = attach(__name__, {
    "catalog": ["GRIDS", "make_grid"],
    "draw": ["Style", "save_picture", "to_png", "to_svg"],
    "generate": ["GRAPH_KERNELS", "GridGenerated", "generate_on", "supports"],
    "grid": ["Geometry", "Grid"],
    "maze": ["GridMaze", "to_grid_maze"],
    "measure": ["GridStats", "grid_stats"],
    "solve": ["GRAPH_SOLVERS", "GridSolution", "solve_on"],
}, modules=["animate", "catalog", "checks", "cost", "draw", "ends", "files", "generate", "grid", "islands", "maze",
            "measure", "options", "passages", "polar", "replay", "shapes", "solve", "style", "weave"])


def _solve_on(maze, *args, **kwargs):
    from .solve import solve_on

    return solve_on(maze, *args, **kwargs)


def _notebook_svg(obj):
    from .draw import _notebook_svg

    return _notebook_svg(obj)


def _text(obj):
    from ..errors import TremauxError
    from .braille import to_braille

    try:
        return to_braille(obj)
    except TremauxError:  # too wide for the terminal, or too large to draw: the repr
        return None


def _gif(obj, **options):
    from .animate import to_gif

    return to_gif(obj, **options)


def _animated_svg(obj, **options):
    from .animate import to_animated_svg

    return to_animated_svg(obj, **options)


def _animation_style(maze, **sizes):
    from .animate import auto_cell
    from .style import Style

    return Style(**{"cell": auto_cell(maze.size), **sizes})


def _still(obj, **options):
    from .options import still

    return still(obj, **options)


def _check(obj, **options):
    from .options import check

    return check(obj, **options)


def _notebook_png(obj):
    from .notebook import notebook_png

    return notebook_png(obj)


# tremaux.solve of a grid maze, or of what generate_on returns (the classes tested once their modules are loaded),
# and the picture a notebook shows of them: named here, where the grids are imported, their modules loaded on use
_solved_elsewhere("tremaux.grids.maze:GridMaze", _solve_on)
_solved_elsewhere("tremaux.grids.generate:GridGenerated",
                  lambda run, *args, **kwargs: _solve_on(run.maze, *args, **kwargs))
shows("grid svg", _notebook_svg)
shows("grid png", _notebook_png)
shows("grid text", _text)
shows("grid still", _still)  # tremaux.render.to_svg, to_png and to_image of a maze on a grid, or a run on one
shows("grid picture check", _check)  # tremaux.render.output.check_picture of one
shows("grid gif", _gif)  # tremaux.render.to_gif and to_animated_svg of a run on a grid
shows("grid animated svg", _animated_svg)
shows("grid animation style", _animation_style)  # the sizes to_gif names (cell_size...), the others the default

__all__ = ["GRIDS", "make_grid", "Grid", "Geometry", "GridMaze", "to_grid_maze", "generate_on", "GridGenerated",
           "supports", "GRAPH_KERNELS", "solve_on", "GridSolution", "GRAPH_SOLVERS", "to_svg", "to_png",
           "save_picture", "Style", "files", "grid_stats", "GridStats"]
