"""A maze over any :class:`~tremaux.grids.Grid`: one small integer per cell, its bits the open sides."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._display import NOTEBOOK_SVG_CELLS, picture
from ..errors import InvalidMazeError, UnsupportedError
from ..maze.cells import whole_numbers
from .grid import Grid

__all__ = ["GridMaze", "to_grid_maze", "as_grid_maze"]


def _readonly(a: np.ndarray) -> np.ndarray:
    a = np.array(a, copy=True)
    a.flags.writeable = False
    return a


class GridMaze:
    """An immutable maze over a grid: bit ``1 << s`` of ``cells[i]`` is set when side ``s`` of cell ``i`` is open.

    Parameters
    ----------
    grid : Grid
        The grid (its cells, sides and neighbours).
    cells : array_like of int
        One value per cell, in the grid's index order (``uint8``, or ``uint16``
        on grids with more than 8 side slots).
    start, goal : tuple of int, optional
        Cells where a walk begins and ends (default: the first and the last cell).
    validate : bool, default True
        Check that every open side leads to a neighbour whose facing side is open too.

    Raises
    ------
    InvalidMazeError
        For a wrong number of cells, a side bit beyond the grid's sides, a
        passage off the grid or one open from one side only.
    CellError
        For a start or goal that is not a cell of the grid.

    Examples
    --------
    >>> from tremaux.grids import GridMaze
    >>> from tremaux.grids import make_grid
    >>> g = make_grid("triangle", size=(1, 2))
    >>> m = GridMaze(g, [2, 1])
    >>> m
    GridMaze('triangle', cells=2, passages=1, start=(0, 0), goal=(0, 1))
    >>> GridMaze(g, [2, 0])
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: side right of cell (0, 0) is open from one side only: (0, 1) has no left side open
    """

    __slots__ = ("_grid", "_cells", "_start", "_goal")

    def __init__(self, grid: Grid, cells: Any, *, start: Sequence[int] | None = None,
                 goal: Sequence[int] | None = None, validate: bool = True) -> None:
        if not isinstance(grid, Grid):
            raise InvalidMazeError(f"a GridMaze needs a Grid, not {type(grid).__name__}")
        arr = np.asarray(cells)
        if arr.shape != (grid.size,):
            raise InvalidMazeError(f"maze has {arr.size} cell values in shape {arr.shape}; the {grid.name} grid has "
                                   f"{grid.size} cells")
        if validate:
            if arr.size and (not np.issubdtype(arr.dtype, np.integer) or arr.min() < 0
                             or int(arr.max()) >= (1 << grid.sides)):
                raise InvalidMazeError(f"cell values must be side bits 0..{(1 << grid.sides) - 1} "
                                       f"({grid.sides} sides), got {arr.min()}..{arr.max()} of dtype {arr.dtype}")
            arr = arr.astype(grid.dtype)
            _check(grid, arr)
            arr = _readonly(arr)
        elif arr.flags.writeable:
            arr = arr.view()
            arr.flags.writeable = False
        self._grid = grid
        self._cells = arr
        self._start = grid.index(start, "start") if start is not None else 0
        self._goal = grid.index(goal, "goal") if goal is not None else grid.size - 1

    @property
    def grid(self) -> Grid:
        """The grid the maze is carved in."""
        return self._grid

    @property
    def cells(self) -> np.ndarray:
        """Read-only side bits, one per cell."""
        return self._cells

    @property
    def start(self) -> tuple[int, int]:
        """Start cell."""
        return self.grid.cell(self._start)

    @property
    def goal(self) -> tuple[int, int]:
        """Goal cell."""
        return self.grid.cell(self._goal)

    @property
    def start_index(self) -> int:
        """Index of the start cell."""
        return self._start

    @property
    def goal_index(self) -> int:
        """Index of the goal cell."""
        return self._goal

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.grid.size

    @property
    def passages(self) -> int:
        """Number of open passages (each counted once)."""
        return int(_POP[np.ascontiguousarray(self._cells).view(np.uint8)].sum(dtype=np.int64)) // 2

    def degrees(self) -> np.ndarray:
        """Number of open sides of each cell.

        Returns
        -------
        numpy.ndarray
            One count per cell, in index order.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> maze.degrees().tolist()
        [1, 3, 1, 2, 2, 1]
        """
        pop = _POP[np.ascontiguousarray(self._cells).view(np.uint8)]
        return pop if self._cells.dtype.itemsize == 1 else pop.reshape(-1, 2).sum(axis=1, dtype=np.uint8)

    def is_open(self, cell: Sequence[int], side: int | str) -> bool:
        """True when ``side`` (a slot number or name such as ``"NE"``) of ``cell`` is open.

        Parameters
        ----------
        cell : sequence of int
            The cell's address.
        side : int or str
            The side's slot, or its name in the grid's ``side_names``.

        Returns
        -------
        bool
            Whether a passage leaves ``cell`` through ``side``.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> maze.is_open((0, 0), "S")
        True
        """
        s = self._side(side)
        return bool(int(self._cells[self.grid.index(cell)]) >> s & 1)

    def neighbours(self, cell: Sequence[int]) -> list[tuple[int, int]]:
        """Cells reachable from ``cell`` in one step, in side order.

        Parameters
        ----------
        cell : sequence of int
            The cell's address.

        Returns
        -------
        list of tuple of int
            Addresses of the cells behind its open sides.

        Examples
        --------
        >>> from tremaux.grids import GridMaze
        >>> from tremaux.grids import make_grid
        >>> GridMaze(make_grid("triangle", size=(1, 2)), [2, 1]).neighbours((0, 1))
        [(0, 0)]
        """
        i = self.grid.index(cell)
        v = int(self._cells[i])
        return [self.grid.cell(int(j)) for s, j in enumerate(self.grid.nbr[i]) if v >> s & 1]

    def replace(self, **changes: Any) -> GridMaze:
        """A copy with some of ``cells``, ``start``, ``goal`` replaced.

        Parameters
        ----------
        **changes
            New values for ``cells``, ``start`` or ``goal``; they are checked as the constructor checks them.

        Returns
        -------
        GridMaze
            The copy; ``self`` is unchanged.

        Raises
        ------
        TypeError
            For another field name.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> maze.replace(start=(0, 1)).start, maze.start
        ((0, 1), (0, 0))
        """
        args = {"cells": self._cells, "start": self.start, "goal": self.goal}
        unknown = set(changes) - set(args)
        if unknown:
            raise TypeError(f"replace() got unknown fields {sorted(unknown)}")
        args.update(changes)
        return GridMaze(self.grid, args.pop("cells"), validate="cells" in changes, **args)

    def to_networkx(self) -> Any:
        """The maze's passages as a :class:`networkx.Graph` over the cell addresses.

        Returns
        -------
        networkx.Graph
            One node per cell, one edge per open passage.

        Examples
        --------
        >>> from tremaux.grids import make_grid, generate_on
        >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
        >>> maze.to_networkx().number_of_edges()
        5
        """
        import networkx as nx

        g = nx.Graph()
        c = self.grid.coords
        g.add_nodes_from(map(tuple, c.tolist()))
        i, s = np.nonzero((self._cells[:, None].astype(np.int64) >> np.arange(self.grid.sides)) & 1)
        j = self.grid.nbr[i, s]
        keep = i < j
        g.add_edges_from(zip(map(tuple, c[i[keep]].tolist()), map(tuple, c[j[keep]].tolist())))
        return g

    def to_maze(self) -> Any:
        """The same maze as a square :class:`tremaux.Maze` (square grids without wrap only).

        Returns
        -------
        Maze
            The square maze with the same passages, start and goal.

        Raises
        ------
        UnsupportedError
            For any other grid.

        Examples
        --------
        >>> from tremaux.grids import to_grid_maze
        >>> import tremaux
        >>> m = tremaux.generate((3, 4), seed=1).maze
        >>> to_grid_maze(m).to_maze() == m
        True
        """
        from ..maze.model import Maze

        g = self.grid
        if g.name != "square" or "wrap" in g.params:
            raise UnsupportedError(f"only a square grid without wrap converts to a Maze, not a {_label(g)} grid")
        H, W = (int(x) for x in g.params["size"])
        cells = np.zeros((H, W), np.uint8)
        cells[g.coords[:, 0], g.coords[:, 1]] = self._cells
        mask = None
        if g.size != H * W:
            mask = np.zeros((H, W), bool)
            mask[g.coords[:, 0], g.coords[:, 1]] = True
        return Maze(cells, mask=mask, start=self.start, goal=self.goal)

    def _side(self, side: int | str) -> int:
        names = self.grid.side_names
        if isinstance(side, str):
            key = side.strip()
            for k, nm in enumerate(names):
                if nm.lower() == key.lower():
                    return k
            raise InvalidMazeError(f"unknown side {side!r}; this {self.grid.name} grid has: {', '.join(names)}")
        try:
            (s,) = whole_numbers((side,))
        except TypeError:
            raise InvalidMazeError(f"side {side!r} is neither a side name ({', '.join(names)}) nor a side "
                                   f"slot 0..{len(names) - 1}") from None
        if not 0 <= s < len(names):
            raise InvalidMazeError(f"side {s} is not a side slot 0..{len(names) - 1} of this {self.grid.name} grid")
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GridMaze):
            return NotImplemented
        return (self.grid == other.grid and np.array_equal(self._cells, other._cells)
                and self._start == other._start and self._goal == other._goal)

    def __hash__(self) -> int:  # content-based like __eq__ (the cells are read-only)
        return hash((hash(self.grid), self._cells.tobytes(), self._start, self._goal))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # rebuilt read-only, by index (as the kernels give them)
        return _rebuilt, (self.grid, np.array(self._cells), self._start, self._goal)

    def __repr__(self) -> str:
        return (f"GridMaze({self.grid.name!r}, cells={self.size}, passages={self.passages}, start={self.start}, "
                f"goal={self.goal})")

    def __str__(self) -> str:
        """The braille text drawing (:mod:`tremaux.grids.braille`) as wide as the terminal; the ``repr`` for a
        maze too wide or too large to draw."""
        return picture("grid text", self) or repr(self)  # drawn by tremaux.grids.braille

    def _repr_svg_(self) -> str | None:
        """The picture Jupyter shows: ``None`` (the ``repr``) beyond the side slots of the largest square maze a
        notebook draws (:data:`tremaux.render.NOTEBOOK_SVG_CELLS` cells of 4), so that a woven grid's
        picture, twice the slots a cell, stays as small."""
        return picture("grid svg", self) if notebook_size(self) else None  # drawn by tremaux.grids.draw

    def _repr_png_(self) -> bytes | None:
        """The picture Jupyter shows of a maze too big for its SVG: a PNG about 2,000 pixels across, up to
        :data:`tremaux.grids.draw.MAX_DRAW_CELLS` cells (``None``, the ``repr``, beyond;
        :mod:`tremaux.grids.notebook`)."""
        return picture("grid png", self)


def notebook_size(maze: GridMaze) -> bool:
    """Whether a notebook shows ``maze`` as a picture: its side slots at most those of the largest square maze
    it draws (see :meth:`GridMaze._repr_svg_`).

    Parameters
    ----------
    maze : GridMaze
        The maze shown.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.grids import GridMaze, make_grid
    >>> from tremaux.grids.maze import notebook_size
    >>> notebook_size(GridMaze(make_grid("hex", size=(100, 100)), [0] * 10_000))
    True
    >>> notebook_size(GridMaze(make_grid("hex", size=(100, 150), weave=True), [0] * 15_000))
    False
    """
    return maze.size * maze.grid.sides <= 4 * NOTEBOOK_SVG_CELLS


def _rebuilt(grid: Grid, cells: np.ndarray, start: int, goal: int) -> GridMaze:
    """The :class:`GridMaze` a pickle holds (see :meth:`GridMaze.__reduce__`)."""
    maze = GridMaze(grid, cells, validate=False)
    maze._start, maze._goal = int(start), int(goal)
    return maze


_POP = np.array([bin(k).count("1") for k in range(256)], np.uint8)


def _label(g: Grid) -> str:
    w = g.params.get("wrap")
    return f"{g.name} ({w})" if w else g.name


def _check(grid: Grid, cells: np.ndarray) -> None:
    S = grid.sides
    bits = ((cells[:, None].astype(np.int64) >> np.arange(S)) & 1).astype(bool)
    i, s = np.nonzero(bits)
    j = grid.nbr[i, s]
    off = j < 0
    if off.any():
        k = int(np.argmax(off))
        raise InvalidMazeError(f"side {grid.side_names[s[k]]} of cell {grid.cell(i[k])} leads off the grid")
    b = grid.back[i, s]
    ok = bits[j, b]
    if not ok.all():
        k = int(np.argmin(ok))
        raise InvalidMazeError(f"side {grid.side_names[s[k]]} of cell {grid.cell(i[k])} is open from one side only: "
                               f"{grid.cell(j[k])} has no {grid.side_names[b[k]]} side open")


def to_grid_maze(maze: Any) -> GridMaze:
    """A square :class:`tremaux.Maze` (single level, masks allowed) as a :class:`GridMaze`.

    Parameters
    ----------
    maze : Maze
        A single-level square maze (or what :func:`tremaux.generate` returns).

    Returns
    -------
    GridMaze
        The same passages on a square :class:`Grid`.

    Raises
    ------
    UnsupportedError
        For a multi-level maze, or what is not a maze.

    Examples
    --------
    >>> from tremaux.grids import to_grid_maze
    >>> import tremaux
    >>> to_grid_maze(tremaux.Maze.open((2, 3))).passages
    7
    """
    from ..maze.model import Maze
    from .shapes import square

    if hasattr(maze, "stats") and isinstance(getattr(maze, "maze", None), Maze):
        maze = maze.maze  # what tremaux.generate returns: its maze
    if not isinstance(maze, Maze):
        raise UnsupportedError(f"to_grid_maze needs a tremaux.Maze, not {type(maze).__name__}")
    if maze.ndim != 2:
        raise UnsupportedError("only single-level mazes convert to a GridMaze")
    g = square(maze.shape)
    if maze.mask is not None:
        g = g.masked(maze.mask.reshape(-1))
        cells = maze.cells[maze.mask]
    else:
        cells = maze.flat
    return GridMaze(g, np.array(cells), start=maze.start, goal=maze.goal, validate=False)


def as_grid_maze(maze: Any, what: str) -> GridMaze:
    """``maze`` as a :class:`GridMaze`: itself, or a single-level square :class:`tremaux.Maze` converted.

    Parameters
    ----------
    maze : GridMaze or Maze
        What a function of :mod:`tremaux.grids` was given.
    what : str
        That function's name, for the message.

    Returns
    -------
    GridMaze

    Raises
    ------
    UnsupportedError
        For anything else, naming it.

    Examples
    --------
    >>> from tremaux.grids.maze import as_grid_maze
    >>> import tremaux
    >>> as_grid_maze(tremaux.Maze.open((2, 3)), "to_svg").grid.name
    'square'
    >>> as_grid_maze(tremaux.generate((2, 3), seed=1), "to_svg").size  # what generate returns: its maze
    6
    >>> as_grid_maze("maze.json", "to_svg")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: to_svg needs a GridMaze (or a tremaux.Maze), not str
    """
    from ..maze.model import Maze

    if hasattr(maze, "stats") and isinstance(getattr(maze, "maze", None), (GridMaze, Maze)):
        maze = maze.maze  # what generate_on (or tremaux.generate) returns: its maze
    if isinstance(maze, GridMaze):
        return maze
    if isinstance(maze, Maze):
        return to_grid_maze(maze)
    raise UnsupportedError(f"{what} needs a GridMaze (or a tremaux.Maze), not {type(maze).__name__}")


def _with_solution(maze: Any, solution: Any, what: str) -> tuple[GridMaze, Any]:
    """``(maze, solution)`` a grid picture draws: what ``solve_on`` returns, given as the maze, brings its path."""
    from .._lazy import loaded_types

    if solution is None and isinstance(maze, loaded_types("tremaux.grids.solve:GridSolution")):
        return maze.maze, maze
    return as_grid_maze(maze, what), solution
