"""What a picture shows, computed once for every format.

:func:`scene` turns whatever was passed to a renderer (a maze, a solution, a
generation result) and its overlay options into a :class:`Scene` of plain
flat arrays. :func:`~tremaux.render.blocks.blocks` (in
:mod:`tremaux.render.blocks`) paints a scene onto the *block picture* of each
level, the ``(2H+1) x (2W+1)`` grid in which odd/odd squares are cells, the
squares between two cells are walls or passages and even/even squares are
wall posts; each square holds a palette slot (see
:data:`tremaux.render.palette.SLOTS`). Every format draws from these
arrays in bulk: PNG and GIF expand the squares to pixels, SVG merges them
into runs, the text styles map them to characters.

Examples
--------
>>> from tremaux.render.blocks import blocks
>>> from tremaux.render.scene import scene
>>> from tremaux import Maze
>>> s = scene(Maze.open((1, 2), start=(0, 0), goal=(0, 1)))
>>> s.start, s.goal, s.path.tolist()
(0, 1, [])
>>> blocks(s)[0]
array([[1, 1, 1, 1, 1],
       [1, 7, 2, 8, 1],
       [1, 1, 1, 1, 1]], dtype=uint8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .._lazy import loaded_types
from ..errors import CellError, TremauxError, UnsupportedError
from ..maze.model import Maze
from ..solvers.result import Solution

__all__ = ["Scene", "scene", "maze_of", "grid_maze_of", "on_grid"]


@dataclass(frozen=True)
class Scene:
    """A maze and the overlays to draw on it, as flat arrays (indices into ``maze.flat``).

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.scene import scene
    >>> sc = scene(Maze.open((1, 3), start=(0, 0), goal=(0, 2)), path=[(0, 0), (0, 1), (0, 2)])
    >>> sc.path.tolist(), sc.start, sc.goal
    ([0, 1, 2], 0, 2)
    """

    maze: Maze
    """The maze drawn."""
    path: np.ndarray
    """Flat indices of the path, start to goal (empty: no path drawn)."""
    visited: np.ndarray | None
    """Flat boolean array of visited cells, or ``None``."""
    marks: np.ndarray | None
    """``(n, 6)`` marks on each side of each cell (Tremaux), or ``None``."""
    distances: np.ndarray | None
    """Flat distances for the heat map (``-1`` unreachable), or ``None``."""
    start: int
    """Flat index of the start marker, ``-1`` for none."""
    goal: int
    """Flat index of the goal marker, ``-1`` for none."""


def grid_maze_of(obj: Any) -> Any:
    """The maze on another grid (:class:`tremaux.grids.GridMaze`) that ``obj`` is or holds, else ``None``.

    Parameters
    ----------
    obj : object
        What a renderer was given: a maze, a run, or a maze on another grid or a run on one.

    Returns
    -------
    GridMaze or None
        ``None`` for a square maze, a run on one, or anything else (nothing is imported to tell).

    Examples
    --------
    >>> import tremaux
    >>> from tremaux.grids import make_grid, generate_on
    >>> from tremaux.render.scene import grid_maze_of
    >>> run = generate_on(make_grid("hex", size=(1, 2)), seed=1)
    >>> grid_maze_of(run) == run.maze, grid_maze_of(tremaux.Maze.open((1, 2)))
    (True, None)
    """
    grid_types = loaded_types("tremaux.grids.maze:GridMaze")
    if not grid_types:
        return None
    maze = obj if isinstance(obj, grid_types) else getattr(obj, "maze", None)
    return maze if isinstance(maze, grid_types) else None


def on_grid(obj: Any, format: str, **options: Any) -> Any:
    """The still picture (``"svg"``, ``"png"`` or ``"image"``) of a maze on another grid, or of a run on one,
    drawn by :mod:`tremaux.grids` with the renderer's options (:func:`tremaux.grids.options.still`, named in
    :mod:`tremaux._display`, as :mod:`tremaux.grids` stands above the renderers); ``None`` for anything else.

    Parameters
    ----------
    obj : object
        What the renderer was given.
    format : str
        ``"svg"``, ``"png"`` or ``"image"``.
    **options
        The renderer's keyword options (``cell_size=``, ``palette=``, ``path=``...).

    Returns
    -------
    str, bytes, PIL.Image.Image or None
        The picture, or ``None`` when ``obj`` is no maze on another grid (the square renderer draws it).

    Raises
    ------
    UnsupportedError
        For an option with no meaning on a grid picture.

    Examples
    --------
    >>> from tremaux.grids import make_grid, generate_on, to_svg
    >>> from tremaux.render.scene import on_grid
    >>> m = generate_on(make_grid("triangle", size=(2, 3)), seed=1).maze
    >>> on_grid(m, "svg") == to_svg(m)
    True
    """
    if grid_maze_of(obj) is None:
        return None
    from .._display import picture

    return picture("grid still", obj, format=format, **options)


def maze_of(obj: Any) -> Maze:
    """The maze inside ``obj`` (a :class:`Maze`, a Solution or a Generated result).

    Parameters
    ----------
    obj : Maze, Solution or Generated
        The object to look into.

    Returns
    -------
    Maze
        Its maze.

    Raises
    ------
    TremauxError
        When ``obj`` holds no maze.

    Examples
    --------
    >>> from tremaux.render.scene import maze_of
    >>> import tremaux
    >>> maze_of(tremaux.generate((2, 2), "kruskal", seed=1)).shape
    (2, 2)
    """
    if isinstance(obj, Maze):
        return obj
    if isinstance(obj, (Solution, *loaded_types("tremaux.generators.result:Generated"))):
        return obj.maze
    grid_maze = grid_maze_of(obj)
    if grid_maze is not None:
        from ..grids.grid import article

        name = grid_maze.grid.name
        raise UnsupportedError(f"a maze on {article(name)} {name} grid is drawn by tremaux.grids: to_svg, to_png, "
                               "save_picture, or tremaux.grids.animate for its runs")
    if type(obj).__module__.startswith("tremaux.numberlink."):  # a puzzle, its solution or a generated one
        raise UnsupportedError(f"a Number Link {type(obj).__name__} is drawn by tremaux.numberlink: to_svg, to_png "
                               "or to_text")
    raise TremauxError(
        f"cannot draw {type(obj).__name__} {obj!r:.60}; pass a Maze, a Solution or a Generated result"
    )


def _cell_index(maze: Maze, cell: Any, what: str) -> int:
    try:
        return maze.index(tuple(cell))
    except TypeError:
        raise CellError(f"{what} {cell!r} is not a cell") from None
    except CellError as exc:
        raise CellError(f"{what}: {exc}") from None


def _cells_array(maze: Maze, cells: Any, what: str) -> np.ndarray:
    a = np.asarray(cells)
    if a.size == 0:
        return np.empty(0, np.int64)
    if a.ndim != 2 or a.shape[1] != maze.ndim or not np.issubdtype(a.dtype, np.integer):
        want = "(row, col)" if maze.ndim == 2 else "(level, row, col)"
        raise CellError(f"{what} must be a sequence of {want} cells, got an array of shape {a.shape}")
    bad = np.any((a < 0) | (a >= np.array(maze.shape)), axis=1)
    if bad.any():
        raise CellError(f"{what} cell {tuple(int(x) for x in a[np.argmax(bad)])} is outside the "
                        f"{' x '.join(map(str, maze.shape))} grid")
    return np.ravel_multi_index(tuple(a.T), maze.shape).astype(np.int64)


def _check_steps(maze: Maze, cells: np.ndarray | None) -> None:
    """A path given to draw goes from cell to neighbouring cell: else its line would cross walls and corners."""
    if cells is None or len(cells) < 2:
        return
    jumps = np.abs(np.diff(cells.astype(np.int64), axis=0)).sum(axis=1) != 1
    if jumps.any():
        k = int(np.argmax(jumps))
        a, b = (tuple(int(x) for x in cells[i]) for i in (k, k + 1))
        raise CellError(f"path steps from {a} to {b}, which are not neighbours; a path goes from cell to next cell")


def _flag_array(maze: Maze, value: Any, what: str) -> np.ndarray:
    a = np.asarray(value)
    if a.shape != maze.shape:
        raise TremauxError(f"{what} array has shape {a.shape}; the maze is {maze.shape}")
    return a.reshape(-1).astype(bool)


def _marks_array(maze: Maze, value: Any) -> np.ndarray:
    a = np.asarray(value)
    n = maze.flat.shape[0]
    if a.ndim >= 2 and a.shape[-1] in (4, 6) and a.size // a.shape[-1] == n and (
        a.shape[:-1] == maze.shape or a.shape[:-1] == (n,)
    ):
        out = np.zeros((n, 6), np.uint8)
        out[:, : a.shape[-1]] = np.clip(a.reshape(n, a.shape[-1]), 0, 255)
        return out
    raise TremauxError(
        f"marks array has shape {a.shape}; expected the maze shape {maze.shape} plus a last axis of 4 or 6 sides"
    )


def scene(
    obj: Any,
    *,
    path: Any = None,
    visited: Any = None,
    marks: Any = None,
    heat: Any = None,
    start: Any = True,
    goal: Any = True,
) -> Scene:
    """Resolve what to draw.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What is drawn. A solution brings its path, visited cells and marks.
    path : None, True, False or sequence of cells
        ``None`` (or ``True``) draws the solution's path (if any), ``False``
        none, a sequence of cells that path.
    visited : None, True, False or bool array
        ``None`` (or ``True``) shades the cells the solution visited, ``False``
        nothing, an array shaped like the maze those cells.
    marks : None, True, False or array
        Tremaux marks: ``None`` (or ``True``) takes ``solution.extras["marks"]``
        when present; an array shaped like the maze plus a last axis of 4 or 6
        sides (N, E, S, W[, U, D]) holds the number of marks on each side.
    heat : None, False, True or cell
        Colour every cell by its distance from this cell (``True``: from the
        start, or the first cell).
    start, goal : bool or cell
        Draw the start / goal marker (``True``: the object's own), or at this cell.

    Returns
    -------
    Scene
        The maze and the overlays as flat arrays.

    Raises
    ------
    CellError
        For a marker or path cell outside the grid.
    TremauxError
        For overlay arrays of the wrong shape.

    Examples
    --------
    >>> from tremaux.render.scene import scene
    >>> import tremaux
    >>> sc = scene(tremaux.solve(tremaux.Maze.open((2, 2)), "bfs"), heat=True)
    >>> sc.path.tolist(), sc.distances.tolist()
    ([0, 1, 3], [0, 1, 1, 2])
    """
    maze = maze_of(obj)
    sol = obj if isinstance(obj, Solution) else None
    # True asks for the object's own overlay, as heat=True and start=True do (an array of True would be a shape)
    path, visited, marks = (None if v is True else v for v in (path, visited, marks))

    if path is None:
        p = np.asarray(sol.path) if sol is not None and sol.found else np.empty((0, maze.ndim), np.int64)
        path_idx = _cells_array(maze, p.reshape(-1, maze.ndim), "path")
    elif path is False:
        path_idx = np.empty(0, np.int64)
    else:
        path_idx = _cells_array(maze, path, "path")
        _check_steps(maze, np.asarray(path) if path_idx.size else None)

    if visited is None:
        vis = sol.visited.reshape(-1).astype(bool) if sol is not None and sol.visited.shape == maze.shape else None
    elif visited is False:
        vis = None
    else:
        vis = _flag_array(maze, visited, "visited")

    if marks is None:
        raw = sol.extras.get("marks") if sol is not None else None
        mk = _marks_array(maze, raw) if raw is not None else None
    elif marks is False:
        mk = None
    else:
        mk = _marks_array(maze, marks)

    def marker(value: Any, own: Any, what: str) -> int:
        if value is False or value is None:
            return -1
        if value is True:
            return -1 if own is None else maze.index(own)
        return _cell_index(maze, value, what)

    own_start = sol.start if sol is not None else maze.start
    own_goal = sol.goal if sol is not None else maze.goal
    s = marker(start, own_start, "start")
    g = marker(goal, own_goal, "goal")

    dist = None
    if heat is not None and heat is not False:
        if heat is True:
            src = own_start if own_start is not None else maze.cell(int(np.argmax(maze.flat_mask)))
            src_i = maze.index(src)
        else:
            src_i = _cell_index(maze, heat, "heat source")
        from ..kernels import grid as kg

        dist = kg.distances(maze.flat, src_i, *maze.shape3)
    return Scene(maze, path_idx, vis, mk, dist, s, g)
