"""The maze model: one ``uint8`` per cell whose bits are its open sides.

This is the one canonical representation every generator, solver, renderer
and the web page read. A :class:`Maze` wraps

* ``cells``: an ``(H, W)`` or ``(L, H, W)`` array of ``uint8``; bit ``1 << d``
  is set when the side in direction ``d`` is open (see :class:`Direction`);
* ``mask``: ``None`` (every cell exists) or a boolean array of the same shape,
  ``False`` for cells that are not part of the maze (shaped mazes);
* ``start`` and ``goal``: optional cells, ``(row, col)`` or ``(level, row, col)``.

Its arrays are read-only; methods that "change" a maze return a new one.
Invariants are checked on construction (:mod:`tremaux.maze.checks`): a passage
is open from both sides and never leads off the grid or into a masked cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from .._display import picture
from ..errors import CellError
from .._lazy import lazy_module
from .cells import MAX_CELLS, Cell, Direction, check_shape, whole_numbers
from .cells import direction_index as _direction
from .checks import check_cell, check_cells, check_mask, check_passages
from .fields import closed_cells, open_cells

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

__all__ = ["Direction", "Maze", "MAX_CELLS", "Cell", "check_shape"]


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


class Maze:
    """An immutable maze on a rectangular (optionally masked, multi-level) grid.

    Parameters
    ----------
    cells : array_like of uint8
        ``(H, W)`` or ``(L, H, W)``; bit ``1 << d`` open towards :class:`Direction` ``d``.
    mask : array_like of bool, optional
        Same shape; ``False`` marks cells that are not part of the maze.
    start, goal : tuple of int, optional
        Cells ``(row, col)`` (or ``(level, row, col)``) where a walk begins and ends.
    validate : bool, default True
        Check the invariants. Only internal code that builds mazes by
        construction passes ``False``.

    Raises
    ------
    InvalidMazeError
        When a passage is open from one side only, leads off the grid or into a
        masked cell, or a cell holds unknown bits.
    InvalidSizeError
        For an empty or absurdly large grid.
    CellError
        When start or goal lies outside the grid or on a masked cell.

    Examples
    --------
    >>> from tremaux import Maze
    >>> import numpy as np
    >>> cells = np.array([[2, 8 | 4], [0, 1]], dtype=np.uint8)
    >>> m = Maze(cells, start=(0, 0), goal=(1, 1))
    >>> m
    Maze(shape=(2, 2), passages=2, start=(0, 0), goal=(1, 1))
    >>> m.is_open((0, 1), "S")
    True
    >>> Maze(np.array([[2, 0]], dtype=np.uint8))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: passage E of cell (0, 0) is open from one side only: (0, 1) has no W side open
    """

    __slots__ = ("_cells", "_mask", "_start", "_goal", "_shape3", "_hash", "__weakref__")

    def __init__(
        self,
        cells: Any,
        *,
        mask: Any = None,
        start: Sequence[int] | None = None,
        goal: Sequence[int] | None = None,
        validate: bool = True,
    ) -> None:
        arr, shape3 = check_cells(cells)
        m = check_mask(mask, arr.shape)
        if validate:
            check_passages(arr, m)
        # The maze owns its arrays: callers' arrays are copied (internal code that
        # built them passes validate=False and hands them over), then frozen.
        if validate and np.shares_memory(arr, np.asarray(cells)) and np.asarray(cells).flags.writeable:
            arr = arr.copy()
        if m is not None and validate and mask is not None and np.shares_memory(m, np.asarray(mask)):
            m = m.copy()
        self._cells = _readonly(arr)
        self._mask = None if m is None else _readonly(m)
        self._shape3 = shape3
        self._start = None if start is None else self._checked_cell(start, "start")
        self._goal = None if goal is None else self._checked_cell(goal, "goal")
        self._hash: int | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def closed(cls, shape: Sequence[int], *, mask: Any = None, start=None, goal=None) -> Maze:
        """A maze of the given shape with every wall standing.

        Parameters
        ----------
        shape : sequence of int
            ``(H, W)`` or ``(L, H, W)``.
        mask : array_like of bool, optional
            The cells that exist (``True``), shaped like the maze; all by default.
        start, goal : tuple of int, optional
            The start and goal cells.

        Returns
        -------
        Maze
            A maze with no passage.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.closed((2, 3)).passages
        0
        """
        return cls(closed_cells(shape), mask=mask, start=start, goal=goal, validate=False)

    @classmethod
    def open(cls, shape: Sequence[int], *, mask: Any = None, start=None, goal=None) -> Maze:
        """A maze of the given shape with every inner wall removed (an open field).

        Parameters
        ----------
        shape : sequence of int
            ``(H, W)`` or ``(L, H, W)``.
        mask : array_like of bool, optional
            The cells that exist (``True``); no passage leads to a masked cell.
        start, goal : tuple of int, optional
            The start and goal cells.

        Returns
        -------
        Maze
            A maze where every pair of neighbouring cells is joined.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.open((2, 3)).passages
        7
        """
        cells, mask = open_cells(shape, mask)
        return cls(cells, mask=mask, start=start, goal=goal, validate=False)

    def replace(self, **changes: Any) -> Maze:
        """A copy with some of ``cells``, ``mask``, ``start``, ``goal`` replaced.

        Parameters
        ----------
        **changes
            New values for ``cells``, ``mask``, ``start`` or ``goal`` (checked
            like the constructor's arguments).

        Returns
        -------
        Maze
            A new maze; this one is unchanged.

        Raises
        ------
        TypeError
            For a keyword that is not one of the four fields.
        TremauxError
            For a new value the constructor rejects (a bad cell array, a start
            outside the grid...).

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.closed((2, 2)).replace(start=(1, 1)).start
        (1, 1)
        """
        args = {"cells": self._cells, "mask": self._mask, "start": self._start, "goal": self._goal}
        unknown = set(changes) - set(args)
        if unknown:
            raise TypeError(f"replace() got unknown fields {sorted(unknown)}")
        args.update(changes)
        trusted = "cells" not in changes and "mask" not in changes
        return Maze(args.pop("cells"), validate=not trusted, **args)

    # ------------------------------------------------------------------ shape
    @property
    def cells(self) -> np.ndarray:
        """Read-only ``uint8`` side bits, shape ``(H, W)`` or ``(L, H, W)``."""
        return self._cells

    @property
    def mask(self) -> np.ndarray | None:
        """Read-only boolean array of existing cells, or ``None`` if all exist."""
        return self._mask

    @property
    def start(self) -> Cell | None:
        """Start cell, or ``None``."""
        return self._start

    @property
    def goal(self) -> Cell | None:
        """Goal cell, or ``None``."""
        return self._goal

    @property
    def shape(self) -> tuple[int, ...]:
        """``(H, W)`` or ``(L, H, W)``."""
        return self._cells.shape

    @property
    def ndim(self) -> int:
        """2 for a single-level maze, 3 for a multi-level one."""
        return self._cells.ndim

    @property
    def levels(self) -> int:
        """Number of levels (1 for a flat maze)."""
        return self._shape3[0]

    @property
    def height(self) -> int:
        """Number of rows."""
        return self._shape3[1]

    @property
    def width(self) -> int:
        """Number of columns."""
        return self._shape3[2]

    @property
    def shape3(self) -> tuple[int, int, int]:
        """``(L, H, W)`` whatever :attr:`ndim` is."""
        return self._shape3

    @property
    def flat(self) -> np.ndarray:
        """The cells as a flat read-only array (the kernels' view)."""
        return self._cells.reshape(-1)

    @property
    def flat_mask(self) -> np.ndarray:
        """The mask as a flat read-only array (all ``True`` when there is no mask)."""
        if self._mask is None:
            return _readonly(np.ones(self._cells.size, dtype=bool))
        return self._mask.reshape(-1)

    @property
    def size(self) -> int:
        """Number of cells that exist (masked cells excluded)."""
        if self._mask is None:
            return int(self._cells.size)
        return int(np.count_nonzero(self._mask))

    @property
    def passages(self) -> int:
        """Number of open passages between cells."""
        return int(kg.count_passages(self.flat))

    # ------------------------------------------------------------------ cells
    def index(self, cell: Sequence[int]) -> int:
        """Flat index of ``cell`` (checked).

        Parameters
        ----------
        cell : sequence of int
            ``(row, col)`` or ``(level, row, col)``.

        Returns
        -------
        int
            The position of ``cell`` in :attr:`flat`.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.closed((3, 4)).index((2, 1))
        9
        >>> Maze.closed((3, 4)).index((3, 0))
        Traceback (most recent call last):
        ...
        tremaux.errors.CellError: cell (3, 0) is outside the 3 x 4 grid
        """
        t = self._checked_cell(cell, "cell")
        L, H, W = self._shape3
        lv, r, c = (0, *t) if len(t) == 2 else t
        return (lv * H + r) * W + c

    def cell(self, index: int) -> Cell:
        """The cell tuple of flat ``index``.

        Parameters
        ----------
        index : int
            A position in :attr:`flat`.

        Returns
        -------
        tuple of int
            ``(row, col)``, or ``(level, row, col)`` for a multi-level maze.

        Raises
        ------
        CellError
            When ``index`` is outside the grid.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.closed((3, 4)).cell(9)
        (2, 1)
        """
        L, H, W = self._shape3
        try:
            (i,) = whole_numbers((index,))
        except TypeError:
            raise CellError(f"flat index {index!r} is not a whole number") from None
        if not 0 <= i < L * H * W:
            raise CellError(f"flat index {i} is outside a grid of {L * H * W} cells")
        lv, rest = divmod(i, H * W)
        r, c = divmod(rest, W)
        return (r, c) if self.ndim == 2 else (lv, r, c)

    def cells_of(self, indices: Iterable[int] | np.ndarray) -> np.ndarray:
        """Convert flat indices to an ``(n, ndim)`` array of cell coordinates.

        Parameters
        ----------
        indices : iterable of int or numpy.ndarray
            Positions in :attr:`flat` (not checked).

        Returns
        -------
        numpy.ndarray of int64
            Shape ``(n, ndim)``: one row of coordinates per index.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.closed((3, 4)).cells_of([0, 9]).tolist()
        [[0, 0], [2, 1]]
        """
        idx = np.asarray(indices, dtype=np.int64).reshape(-1)
        coords = np.unravel_index(idx, self._cells.shape)
        return np.stack(coords, axis=1) if idx.size else np.empty((0, self.ndim), np.int64)

    def contains(self, cell: Sequence[int]) -> bool:
        """True when ``cell`` is on the grid and not masked.

        Parameters
        ----------
        cell : sequence of int
            ``(row, col)`` or ``(level, row, col)``.

        Returns
        -------
        bool
            Whether the cell exists in this maze.

        Examples
        --------
        >>> from tremaux import Maze
        >>> m = Maze.open((2, 3))
        >>> m.contains((1, 2)), m.contains((2, 0))
        (True, False)
        """
        try:
            self._checked_cell(cell, "cell")
        except CellError:
            return False
        return True

    def is_open(self, cell: Sequence[int], direction: Direction | str | int) -> bool:
        """True when the side of ``cell`` towards ``direction`` is open.

        Parameters
        ----------
        cell : sequence of int
            A cell of the maze.
        direction : Direction, str or int
            A :class:`Direction`, its name or letter (``"N"``, ``"east"``...) or its number.

        Returns
        -------
        bool
            Whether a passage leaves ``cell`` that way.

        Examples
        --------
        >>> from tremaux import Maze
        >>> m = Maze.open((2, 3))
        >>> m.is_open((0, 0), "E"), m.is_open((0, 0), "N")
        (True, False)
        """
        d = _direction(direction)
        return bool(self._cells[tuple(self._checked_cell(cell, "cell"))] & (1 << d))

    def neighbours(self, cell: Sequence[int]) -> list[Cell]:
        """Cells reachable from ``cell`` in one step, in N, E, S, W, U, D order.

        Parameters
        ----------
        cell : sequence of int
            A cell of the maze.

        Returns
        -------
        list of tuple of int
            The cells joined to ``cell`` by an open passage.

        Examples
        --------
        >>> from tremaux import Maze
        >>> Maze.open((2, 2)).neighbours((0, 0))
        [(0, 1), (1, 0)]
        """
        i = self.index(cell)
        L, H, W = self._shape3
        v = int(self.flat[i])
        return [self.cell(kg.step(i, d, L, H, W)) for d in range(kg.NDIR) if v & (1 << d)]

    def _checked_cell(self, cell: Any, what: str) -> Cell:
        return check_cell(cell, self._cells.shape, self._mask, what)

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        same_mask = (self._mask is None and other._mask is None) or (
            self._mask is not None and other._mask is not None and np.array_equal(self._mask, other._mask)
        )
        return (
            self._cells.shape == other._cells.shape
            and np.array_equal(self._cells, other._cells)
            and same_mask
            and self._start == other._start
            and self._goal == other._goal
        )

    def __hash__(self) -> int:
        # content-based like __eq__ (the arrays are read-only), computed once
        if self._hash is None:
            mask = None if self._mask is None else self._mask.tobytes()
            self._hash = hash((self._cells.shape, self._cells.tobytes(), mask, self._start, self._goal))
        return self._hash

    def __repr__(self) -> str:
        parts = [f"shape={self.shape}", f"passages={self.passages}"]
        if self._mask is not None:
            parts.append(f"cells={self.size}")
        if self._start is not None:
            parts.append(f"start={self._start}")
        if self._goal is not None:
            parts.append(f"goal={self._goal}")
        return f"Maze({', '.join(parts)})"

    def __str__(self) -> str:  # the ascii drawing (tremaux.io.ascii), named in tremaux._display by the package
        return picture("text", self)

    def _repr_svg_(self) -> str | None:
        """The picture Jupyter shows (``None`` for mazes too big for SVG; see :mod:`tremaux.render`)."""
        return picture("svg", self)

    def _repr_png_(self) -> bytes | None:
        """The PNG picture Jupyter shows when there is no SVG (``None``, the ``repr`` instead, for a huge maze)."""
        return picture("png", self)

    def __getstate__(self) -> dict[str, Any]:
        return {"cells": np.array(self._cells), "mask": None if self._mask is None else np.array(self._mask),
                "start": self._start, "goal": self._goal}

    def __setstate__(self, state: dict[str, Any]) -> None:
        Maze.__init__(self, state["cells"], mask=state["mask"], start=state["start"], goal=state["goal"], validate=False)

