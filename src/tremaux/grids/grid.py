"""A grid as arrays: each cell's sides, the neighbour behind each side, the side facing back.

A :class:`Grid` is the topology every graph kernel reads:

* ``nbr``: ``(n, S)`` ``int32``, the cell behind side ``s`` of cell ``i``, or ``-1``
  when that side is a border (or the side does not exist on that cell);
* ``back``: ``(n, S)`` ``int8``, the side of ``nbr[i, s]`` that faces cell ``i``;
* ``coords``: ``(n, 2)`` ``int32``, the public address of each cell (``(row, col)``,
  or ``(ring, index)`` on a polar grid), in increasing row-major order.

Regular grids (the hex rectangle, the polar grid) also have an arithmetic :attr:`Grid.topology` that the
generators read instead of the tables, and build their tables only when something asks for them (solving,
drawing, files), so generating on a million cells costs a few bytes per cell, not the ~46 of the tables.

Drawing needs a :class:`Geometry` (cell centres and one wall shape per side: a segment, or an arc around
the origin for polar rings), computed on demand, so a million-cell grid costs only its tables. Masks remove
cells: the remaining ones are renumbered and sides that led to removed cells become borders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

from ..errors import CellError, InvalidMazeError
from ..maze.cells import whole_numbers
from .checks import article  # noqa: F401  (where the grids' messages have long taken it from)

__all__ = ["Grid", "Geometry"]

NONE, SEGMENT, ARC = 0, 1, 2
"""Kinds of wall shape in :attr:`Geometry.kind`."""

_REBUILD: list[Callable[..., Any]] = []
"""How a pickled grid is made again from its recipe: :func:`tremaux.grids.catalog.rebuilt`, which the catalog (where
grids are made by name, above this module) hands over with :func:`_rebuilt_by` as it is imported."""


def _rebuilt_by(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Make ``fn(name, params, dropped)`` the function a pickled :class:`Grid` is built again with; returns it."""
    _REBUILD[:] = [fn]
    return fn


@dataclass(frozen=True)
class Geometry:
    """How to draw a grid: cell centres and one wall shape per side.

    Attributes
    ----------
    centres : numpy.ndarray
        ``(n, 2)`` float ``(x, y)`` of each cell centre (y grows downwards).
    kind : numpy.ndarray
        ``(n, S)`` ``int8``: 0 no side, 1 segment, 2 arc around the origin.
    ends : numpy.ndarray
        ``(n, S, 4)`` float ``(x0, y0, x1, y1)``: the wall's end points (an arc runs
        clockwise on screen from the first to the second).
    radius : numpy.ndarray
        ``(n, S)`` float radius of arcs (0 for segments).

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> geo = make_grid("hex", size=(2, 3)).geometry()
    >>> geo.centres.shape, geo.kind.shape, geo.ends.shape
    ((6, 2), (6, 6), (6, 6, 4))
    """

    centres: np.ndarray
    kind: np.ndarray
    ends: np.ndarray
    radius: np.ndarray

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of every wall end and arc."""
        e = self.ends[self.kind > 0]
        xs = np.concatenate([e[:, 0], e[:, 2]])
        ys = np.concatenate([e[:, 1], e[:, 3]])
        r = float(self.radius.max()) if self.radius.size else 0.0
        if r > 0:
            return (float(min(xs.min(), -r)), float(min(ys.min(), -r)), float(max(xs.max(), r)),
                    float(max(ys.max(), r)))
        return float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max())


_NO_BACK = np.empty((0, 0), np.int8)
_NO_BACK.flags.writeable = False


def _readonly(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.flags.writeable = False
    return a


class Grid:
    """The cells of a grid, their sides and neighbours (immutable).

    Build grids with :func:`tremaux.grids.make_grid` (or the builders in
    :data:`tremaux.grids.GRIDS`), not directly.

    Parameters
    ----------
    name : str
        Registry name of the grid family (``"hex"``, ``"polar"``...).
    params : mapping
        The parameters it was built with (enough to rebuild it).
    nbr, back, coords : array_like
        The tables described in the module docstring.
    geometry : callable
        ``geometry(grid) -> Geometry``, computed on demand.
    side_names : sequence of str
        A short name of each side slot (``"N"``, ``"NE"``...).
    rect : bool, default False
        True for the plain rectangle (the fast :class:`tremaux.Maze` path).
    lazy : tuple, optional
        For a regular grid, ``(cells, sides, tables, topology, cell_of, index_of)``: ``tables()``
        returns ``(nbr, back, coords)``, built on first use (then ``nbr``, ``back`` and ``coords``
        are ``None``); ``topology`` is the arithmetic form the kernels read
        (:mod:`tremaux.kernels.graph_topo`); ``cell_of(i)`` and ``index_of(a, b)`` (``-1`` when not a
        cell) convert addresses without the tables.

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> g = make_grid("hex", size=(3, 4))
    >>> g
    Grid('hex', size=(3, 4), cells=12, sides=6)
    >>> g.neighbours((0, 0))
    [(0, 1), (1, 0)]
    """

    __slots__ = ("name", "params", "_nbr", "_back", "_coords", "_geometry", "side_names", "rect", "_keys_",
                 "_stride_", "_geo", "_n", "_S", "_lazy", "_dropped")

    def __init__(self, name: str, params: Mapping[str, Any], nbr: np.ndarray | None, back: np.ndarray | None,
                 coords: np.ndarray | None, geometry: Callable[[Grid], Geometry], side_names: Sequence[str],
                 rect: bool = False, *, lazy: tuple | None = None) -> None:
        self.name = name
        self.params = MappingProxyType(dict(params))
        self._geometry = geometry
        self.side_names = tuple(side_names)
        self.rect = rect
        self._geo: Geometry | None = None
        self._keys_: np.ndarray | None = None
        self._stride_ = 1
        self._lazy = lazy
        self._dropped: np.ndarray | None = None  # the cells a mask took out (see masked), for messages
        self._nbr = self._back = self._coords = None
        if lazy is None:
            self._set_tables(nbr, back, coords)
        else:
            self._n, self._S = int(lazy[0]), int(lazy[1])

    def __setattr__(self, key: str, value: Any) -> None:  # immutable: public fields are set once, in __init__
        if not key.startswith("_") and hasattr(self, key):
            raise AttributeError(f"a Grid is immutable: {key!r} cannot be set")
        object.__setattr__(self, key, value)

    def _set_tables(self, nbr: Any, back: Any, coords: Any) -> None:
        self._nbr = _readonly(np.asarray(nbr, np.int32))
        self._back = _readonly(np.asarray(back, np.int8))
        self._coords = _readonly(np.asarray(coords, np.int32))
        self._n, self._S = (int(x) for x in self._nbr.shape)

    def _tables(self) -> None:
        if self._nbr is None:
            self._set_tables(*self._lazy[2]())

    @property
    def nbr(self) -> np.ndarray:
        """``(n, S)`` ``int32``: the cell behind each side, ``-1`` for none (built on first use)."""
        self._tables()
        return self._nbr

    @property
    def back(self) -> np.ndarray:
        """``(n, S)`` ``int8``: the side of ``nbr[i, s]`` that faces cell ``i`` (built on first use)."""
        self._tables()
        return self._back

    @property
    def coords(self) -> np.ndarray:
        """``(n, 2)`` ``int32``: the public address of each cell (built on first use)."""
        self._tables()
        return self._coords

    @property
    def topology(self) -> tuple[Any, np.ndarray]:
        """``(nbr, back)`` as the generation kernels read them: the arithmetic form of a regular grid
        (and an empty ``back``), or the tables (see :attr:`arithmetic`)."""
        if self.arithmetic:
            return self._lazy[3], _NO_BACK
        return self.nbr, self.back

    @property
    def arithmetic(self) -> bool:
        """Whether the generation kernels read an arithmetic form (the hex rectangle, a polar grid beyond
        :data:`tremaux.grids.polar.TABLE_SLOTS` side slots) rather than the tables.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("hex", size=(3, 4)).arithmetic, make_grid("polar", rings=3).arithmetic
        (True, False)
        """
        return self._lazy is not None and self._lazy[3] is not None

    @property
    def _stride(self) -> int:
        self._index_keys()
        return self._stride_

    @property
    def _keys(self) -> np.ndarray:
        return self._index_keys()

    def _index_keys(self) -> np.ndarray:
        if self._keys_ is None:
            c = self.coords
            self._stride_ = int(c[:, 1].max()) + 1 if len(c) else 1
            self._keys_ = c[:, 0].astype(np.int64) * self._stride_ + c[:, 1]
        return self._keys_

    # ------------------------------------------------------------------ size
    @property
    def size(self) -> int:
        """Number of cells."""
        return self._n

    @property
    def sides(self) -> int:
        """Number of side slots per cell (``S``)."""
        return self._S

    @property
    def dtype(self) -> np.dtype:
        """``uint8``, or ``uint16`` where a cell has more than 8 side slots."""
        return np.dtype(np.uint8 if self.sides <= 8 else np.uint16)

    @property
    def edges(self) -> int:
        """Number of undirected edges (pairs of neighbouring cells)."""
        return int(np.count_nonzero(self.nbr >= 0)) // 2

    @property
    def nbytes(self) -> int:
        """Bytes held by the tables built so far (and the arithmetic topology's arrays).

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> g = make_grid("hex", size=(100, 100))
        >>> g.nbytes
        0
        >>> _ = g.nbr
        >>> g.nbytes  # nbr, back and coords: (6 * 4 + 6 + 2 * 4) bytes per cell
        380000
        """
        held = [a for a in (self._nbr, self._back, self._coords, self._keys_) if a is not None]
        if self._lazy is not None:
            topo = self._lazy[3]
            held += [a for a in (topo if isinstance(topo, tuple) else (topo,)) if isinstance(a, np.ndarray)]
        return int(sum(a.nbytes for a in held))

    def geometry(self) -> Geometry:
        """The drawing geometry (computed once, on first use).

        Returns
        -------
        Geometry
            Cell centres and wall shapes.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("hex", size=(2, 3)).geometry().centres.shape
        (6, 2)
        """
        if self._geo is None:
            self._geo = self._geometry(self)
        return self._geo

    # ------------------------------------------------------------------ cells
    def index(self, cell: Sequence[int], what: str = "cell") -> int:
        """Index of ``cell`` (its public address) in the tables.

        Parameters
        ----------
        cell : sequence of int
            The cell's address, such as ``(row, col)`` or ``(ring, index)``.
        what : str, default "cell"
            What the cell is, for messages (``start``, ``goal``).

        Returns
        -------
        int
            Its row in ``nbr``, ``back`` and ``coords``.

        Raises
        ------
        CellError
            When the cell is not part of the grid.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("polar", rings=3).index((1, 2))
        3
        >>> make_grid("polar", rings=3).index((0, 1))
        Traceback (most recent call last):
        ...
        tremaux.errors.CellError: cell (0, 1) is not a cell of this polar grid
        >>> make_grid("polar", rings=3).index((0, 1), "goal")
        Traceback (most recent call last):
        ...
        tremaux.errors.CellError: goal (0, 1) is not a cell of this polar grid
        """
        try:
            t = whole_numbers(cell)
        except TypeError:
            raise CellError(f"{what} {cell!r} is not a tuple of whole numbers") from None
        if len(t) != 2:
            raise CellError(f"{what} {t} must be given as two numbers ({self._address})")
        r, c = t
        if self._lazy is not None and self._nbr is None:
            i = self._lazy[5](r, c)
            if i >= 0:
                return i
            raise CellError(f"{what} {t} is not a cell of this {self.name} grid")
        if 0 <= c < self._stride and r >= 0:
            k = r * self._stride + c
            i = int(np.searchsorted(self._keys, k))
            if i < len(self._keys) and self._keys[i] == k:
                return i
        if self._dropped is not None and bool((self._dropped == np.asarray(t)).all(axis=1).any()):
            raise CellError(f"{what} {t} is a masked cell, not part of the maze")  # the square maze's words
        raise CellError(f"{what} {t} is not a cell of this {self.name} grid")

    @property
    def _address(self) -> str:
        return "ring, index" if self.name == "polar" else "row, col"

    def cell(self, index: int) -> tuple[int, int]:
        """The public address of cell ``index``.

        Parameters
        ----------
        index : int
            A row of the tables, ``0 <= index < size``.

        Returns
        -------
        tuple of int
            The cell's address.

        Raises
        ------
        CellError
            For an index outside the grid.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("hex", size=(2, 3)).cell(3)
        (1, 0)
        """
        try:
            (i,) = whole_numbers((index,))
        except TypeError:
            raise CellError(f"cell index {index!r} is not a whole number") from None
        if not 0 <= i < self.size:
            raise CellError(f"cell index {i} is outside a grid of {self.size} cells")
        if self._lazy is not None and self._coords is None:
            a, b = self._lazy[4](i)
            return int(a), int(b)
        return int(self._coords[i, 0]), int(self._coords[i, 1])

    def neighbours(self, cell: Sequence[int]) -> list[tuple[int, int]]:
        """Cells behind the sides of ``cell``, in side order (walls ignored).

        Parameters
        ----------
        cell : sequence of int
            The cell's address.

        Returns
        -------
        list of tuple of int
            Addresses of the neighbouring cells.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("hex", size=(2, 3)).neighbours((0, 0))
        [(0, 1), (1, 0)]
        """
        i = self.index(cell)
        return [self.cell(j) for j in self.nbr[i] if j >= 0]

    def masked(self, keep: Any) -> Grid:
        """The grid without the cells where ``keep`` is False.

        Parameters
        ----------
        keep : array_like of bool
            One flag per cell, in index order.

        Returns
        -------
        Grid
            A new grid of the kept cells, drawn where they were.

        Raises
        ------
        InvalidMazeError
            When ``keep`` has the wrong length or keeps no cell.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> g = make_grid("square", size=(2, 2))
        >>> g.masked([True, True, True, False]).size
        3
        """
        k = np.asarray(keep, dtype=bool).reshape(-1)
        if k.shape[0] != self.size:
            raise InvalidMazeError(f"mask has {k.shape[0]} cells; the grid has {self.size}")
        if not k.any():
            raise InvalidMazeError("mask leaves no cell in the grid")
        new = np.full(self.size + 1, -1, np.int64)  # new[-1] == -1 maps the border marker
        new[:-1][k] = np.arange(int(k.sum()))
        nbr = new[self.nbr[k]].astype(np.int32)
        if self.params.get("weave"):  # a tunnel runs under the neighbour behind its side: none under a lost cell
            half = nbr.shape[1] // 2
            nbr[:, half:][nbr[:, :half] < 0] = -1
        back = np.where(nbr >= 0, self.back[k], -1)

        def geometry(g: Grid, _k=k, _parent=self) -> Geometry:
            geo = _parent.geometry()
            return Geometry(geo.centres[_k], geo.kind[_k], geo.ends[_k], geo.radius[_k])

        params = dict(self.params)
        params["mask"] = True
        out = Grid(self.name, params, nbr, back, self.coords[k], geometry, self.side_names, rect=False)
        dropped = self.coords[~k]
        out._dropped = dropped if self._dropped is None else np.concatenate([self._dropped, dropped])
        return out

    def to_networkx(self) -> Any:
        """The grid's graph (every neighbouring pair an edge) as a :class:`networkx.Graph`.

        Returns
        -------
        networkx.Graph
            Nodes are cell addresses.

        Examples
        --------
        >>> from tremaux.grids import make_grid
        >>> make_grid("triangle", size=(2, 3)).to_networkx().number_of_edges()
        6
        """
        import networkx as nx

        g, c = nx.Graph(), self.coords
        g.add_nodes_from(map(tuple, c.tolist()))
        i, s = np.nonzero(self.nbr >= 0)
        i, j = i[i < self.nbr[i, s]], self.nbr[i, s][i < self.nbr[i, s]]
        g.add_edges_from(zip(map(tuple, c[i].tolist()), map(tuple, c[j].tolist())))
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.name == other.name and np.array_equal(self.nbr, other.nbr)
                and np.array_equal(self.back, other.back) and np.array_equal(self.coords, other.coords))

    def __hash__(self) -> int:  # what equal grids share; __eq__ compares their tables
        return hash((self.name, self.size, self.sides))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # by recipe (its drawing is a function): built again
        return _REBUILD[0], (self.name, {k: v for k, v in self.params.items() if k != "mask"}, self._dropped)

    def __repr__(self) -> str:
        ps = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"Grid({self.name!r}, {ps}, cells={self.size}, sides={self.sides})"
