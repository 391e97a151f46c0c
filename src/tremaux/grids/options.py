"""The square renderers' options read for a picture of a maze on another grid.

:func:`tremaux.render.to_svg`, :func:`~tremaux.render.to_png`, :func:`~tremaux.render.to_image` (and
:func:`~tremaux.render.save` and :func:`~tremaux.render.render`, which call them) hand a maze on another grid,
or a run on one, to :func:`still`, which draws it with :func:`tremaux.grids.to_svg` or
:func:`tremaux.grids.to_png`: the same bytes as those functions given the :class:`~tremaux.grids.Style` the
options name. ``cell_size``, ``wall_width`` and ``margin`` are the style's ``cell``, ``wall`` and ``margin``,
``palette`` its colours, ``heat=True`` the distance map from the start, ``path`` and ``visited`` (``True`` or
``False``) the solution's line and dots, ``marks`` (``True`` or ``False``) Tremaux's marks. What has no meaning
on a grid picture (a path or a visited array of one's own, a heat map from another cell than the start, the
start or goal moved or left out, ``compress_level``) is refused in one line that says what to do instead.

Examples
--------
>>> from tremaux.grids import make_grid, generate_on, to_svg, Style
>>> from tremaux.grids.options import still
>>> m = generate_on(make_grid("hex", size=(2, 3)), seed=1).maze
>>> still(m, "svg", cell_size=12, margin=3) == to_svg(m, style=Style(cell=12, margin=3))
True
>>> still(m, "svg", path=[(0, 0), (0, 1)])
Traceback (most recent call last):
...
tremaux.errors.UnsupportedError: path= as cells has no meaning in a picture of a maze on a hex grid; the path drawn is a solution's (pass what solve_on returns), path=True or False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import UnsupportedError
from .grid import article
from .maze import GridMaze
from .style import Style

__all__ = ["still", "grid_style", "check"]


def grid_style(maze: GridMaze, cell_size: Any = None, wall_width: Any = None, margin: Any = None,
               palette: Mapping[str, Any] | None = None) -> Style | None:
    """The :class:`Style` the square renderers' sizes and palette name (``None`` when none is given).

    Parameters
    ----------
    maze : GridMaze
        The maze drawn (for the messages).
    cell_size, wall_width, margin : number, optional
        The style's ``cell``, ``wall`` and ``margin`` in pixels; the others keep the grid picture's defaults.
    palette : mapping, optional
        Colours replacing entries of :data:`tremaux.render.PALETTE` (``#rgb``, ``#rrggbb`` or ``(r, g, b)``).

    Returns
    -------
    Style or None
        ``None`` when no option is given: the grid picture's own style.

    Raises
    ------
    TremauxError
        For a size that is no finite number of pixels, or an unknown palette entry or colour.

    Examples
    --------
    >>> from tremaux.grids import make_grid, GridMaze
    >>> from tremaux.grids.options import grid_style
    >>> m = GridMaze(make_grid("hex", size=(1, 2)), [0, 0])
    >>> grid_style(m, cell_size=9, palette={"wall": (0, 0, 255)})
    Style(cell=9, wall=2.0, margin=8.0, colours={'wall': '#0000ff'})
    >>> grid_style(m) is None
    True
    """
    from ..errors import TremauxError
    from ..render.palette import PALETTE, parse_colour, to_hex

    sizes = {k: v for k, v in (("cell", cell_size), ("wall", wall_width), ("margin", margin)) if v is not None}
    colours = {}
    for k, v in (palette or {}).items():
        if k not in PALETTE:
            raise TremauxError(f"unknown palette entry {k!r}; choose one of: {', '.join(PALETTE)}")
        colours[k] = to_hex(parse_colour(v, f"{k} colour"))
    if not sizes and not colours:
        return None
    return Style(**sizes, **({"colours": colours} if colours else {}))


def _refuse(maze: GridMaze, what: str, instead: str) -> UnsupportedError:
    name = maze.grid.name
    return UnsupportedError(f"{what} has no meaning in a picture of a maze on {article(name)} {name} grid; {instead}")


def _solution(maze: GridMaze, sol: Any, path: Any, visited: Any) -> Any:
    """The solution to draw: ``sol`` with its path or visited cells left out as ``path`` / ``visited`` ask."""
    for value, what in ((path, "path"), (visited, "visited")):
        if value is not None and value is not True and value is not False:
            raise _refuse(maze, f"{what}= as cells", f"the {what} drawn is a solution's (pass what solve_on "
                                                     f"returns), {what}=True or False")
    if sol is None:
        return None
    if path is False and visited is False:
        return None
    changes: dict[str, Any] = {}
    if path is False:
        changes["path"] = np.empty(0, sol.path.dtype)
    if visited is False:
        changes["visited"] = np.zeros_like(sol.visited)
    return dataclasses.replace(sol, **changes) if changes else sol


def still(obj: Any, format: str, *, cell_size: Any = None, wall_width: Any = None, margin: Any = None,
          palette: Mapping[str, Any] | None = None, path: Any = None, visited: Any = None, marks: Any = None,
          heat: Any = None, start: Any = True, goal: Any = True, compress_level: Any = None) -> Any:
    """A still picture of a maze on another grid, or of a run on one, with the square renderers' options.

    Parameters
    ----------
    obj : GridMaze, GridGenerated or GridSolution
        What is drawn; a solution brings its path, visited cells and Tremaux's marks.
    format : str
        ``"svg"`` (text), ``"png"`` (bytes) or ``"image"`` (a Pillow image of the PNG).
    cell_size, wall_width, margin, palette
        The picture's style (:func:`grid_style`).
    path, visited, marks : None, True or False
        Draw (``None``, ``True``) or leave out (``False``) the solution's path, visited cells, marks.
    heat : None, False or True
        ``True`` fills each cell by its distance from the start (or the start cell itself).
    start, goal : True or the maze's own cell
        The start and goal are always marked.
    compress_level : None
        The grid PNG chooses its own.

    Returns
    -------
    str, bytes or PIL.Image.Image
        As :func:`tremaux.grids.to_svg` and :func:`tremaux.grids.to_png` draw it.

    Raises
    ------
    UnsupportedError
        For an option with no meaning on a grid picture, naming what to pass instead.
    TremauxError
        For a bad size or colour, or a maze too large to draw.

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on, solve_on, to_png, Style
    >>> from tremaux.grids.options import still
    >>> m = generate_on(make_grid("polar", rings=2), seed=3).maze
    >>> sol = solve_on(m, "bfs")
    >>> still(sol, "png", cell_size=10) == to_png(m, solution=sol, style=Style(cell=10))
    True
    >>> still(m, "png", start=False)
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: start=False has no meaning in a picture of a maze on a polar grid; the start and goal are always marked (move them with maze.replace(start=..., goal=...))
    """
    from .draw import to_png, to_svg
    from .solve import GridSolution

    maze = obj if isinstance(obj, GridMaze) else obj.maze
    sol = obj if isinstance(obj, GridSolution) else None
    for value, what, own in ((start, "start", maze.start), (goal, "goal", maze.goal)):
        if value is not True and (value is False or value is None or _cell(value) != own):
            raise _refuse(maze, f"{what}={value!r}", "the start and goal are always marked (move them with "
                                                     "maze.replace(start=..., goal=...))")
    if heat is not None and heat is not True and heat is not False and _cell(heat) != maze.start:
        raise _refuse(maze, f"heat={heat!r}", "the heat map measures from the start: heat=True")
    if marks is not None and marks is not True and marks is not False:
        raise _refuse(maze, "marks= as an array", "the marks drawn are a solution's: marks=True or False")
    if compress_level is not None:
        raise _refuse(maze, "compress_level=", "the PNG chooses its own level: leave compress_level out")
    style = grid_style(maze, cell_size, wall_width, margin, palette)
    options = dict(solution=_solution(maze, sol, path, visited), style=style,
                   heat=heat is not None and heat is not False, marks=marks is not False)
    if format == "svg":
        return to_svg(maze, **options)
    png = to_png(maze, **options)
    if format == "png":
        return png
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _cell(value: Any) -> Any:
    """``value`` as a cell tuple of ints, or ``None`` when it is none."""
    try:
        return tuple(int(x) for x in value)
    except (TypeError, ValueError):
        return None


def check(obj: Any, format: str, *, animation: bool = False) -> None:
    """Refuse, before drawing, a picture of a maze on another grid (or of a run on one) over the limits.

    What :func:`tremaux.render.output.check_picture` asks of a grid maze: the checks the grid's drawing makes
    first (:data:`tremaux.grids.draw.MAX_DRAW_CELLS`, the memory budget; an animation's own limit).

    Parameters
    ----------
    obj : GridMaze, GridGenerated or GridSolution
        What would be drawn.
    format : str
        ``".svg"``, ``".png"``, ``".gif"`` or ``".txt"``.
    animation : bool, default False
        The picture is a replay.

    Raises
    ------
    TremauxError
        For a maze too large to draw or animate.
    MemoryLimitError
        For a picture over the memory limit (:mod:`tremaux.budget`).

    Examples
    --------
    >>> from tremaux import budget
    >>> from tremaux.grids import make_grid, GridMaze
    >>> from tremaux.grids.options import check
    >>> grid = make_grid("hex", size=(300, 300))
    >>> check(GridMaze(grid, [0] * grid.size), ".png")
    >>> with budget.limited("1M"):
    ...     check(GridMaze(grid, [0] * grid.size), ".svg")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: an SVG of a hex maze of 90,000 cells needs about ...
    """
    from .animate import check_animation_size
    from .draw import _check_picture

    maze = obj if isinstance(obj, GridMaze) else obj.maze
    if animation:
        check_animation_size(maze.size)
    what = {".svg": "an SVG", ".png": "a PNG", ".gif": "a GIF", ".txt": "a text drawing"}.get(format, "a picture")
    _check_picture(maze.grid, what, svg=format == ".svg")
