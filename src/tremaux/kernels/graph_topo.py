"""Neighbours on any grid, from a table or by arithmetic: what the graph kernels read.

Private. The graph kernels take a topology ``nbr`` (with ``back``) and reach it only
through the functions here and in :mod:`tremaux.kernels.graph_moves`, which numba specialises
on the topology's *type*, so one kernel source serves every kind and each compiled form has
no branch on the kind:

* a table: ``nbr`` an ``(n, S)`` ``int32`` array (``-1``: no neighbour), ``back`` the
  ``(n, S)`` ``int8`` side facing back (any grid, masked and woven ones too);
* a hex rectangle: ``nbr`` the tuple ``(H, W)`` (two ``int64``), flat-topped columns with the
  odd ones half a cell lower, sides N, NE, SE, S, SW, NW (``back`` unused);
* a polar grid: ``nbr`` one flat ``int64`` array ``P`` (one array, not a tuple of them: taking
  an array out of a tuple in a hot loop costs reference counting), made by
  :func:`tremaux.grids.polar.polar_topology`; sides as in :mod:`tremaux.grids.polar`.
  ``P[0:8] = (cells, side slots, shift, rings, RB, LB, 0, 0)``; ring ``r`` at ``P[RB + 3 r:]``
  is ``(first cell, cells, ratio to the ring inside)``, then a last row ``(cells, 0, 1)``;
  ``P[LB + c]`` is the ring of cell ``c << shift`` (a coarse index: finding a cell's ring takes
  a step at most, except in the small rings near the pole). ``back`` is unused.

The arithmetic forms hold a few numbers per grid (per ring for polar) instead of ``S + S/4``
int32 per cell, and give exactly the table's answers (a test compares them), so a kernel
draws the same random numbers and carves the same maze either way.

``shape(nbr)`` is ``(n, S)``; ``locate(nbr, i)`` is what the other functions need to know about
cell ``i`` (computed once per cell); ``side(nbr, loc, i, s)`` is the cell behind side ``s`` (or
-1) and ``facing(nbr, back, loc, i, s)`` the side of that cell facing ``i``. ``nb(nbr, i, s)``
does both steps for one side.
"""

from __future__ import annotations

import functools

import numpy as np

from .._jit import njit
from .._numba import when_ready

__all__ = ["shape", "locate", "side", "facing", "nb", "tables", "register"]


def _kind_of_type(nbr) -> str:
    """``"table"``, ``"hex"`` or ``"polar"`` for a numba type (numba is loaded when this is called)."""
    from numba import types

    if isinstance(nbr, types.Array) and nbr.ndim == 2:
        return "table"
    if isinstance(nbr, types.UniTuple) and nbr.count == 2 and isinstance(nbr.dtype, types.Integer):
        return "hex"
    if isinstance(nbr, types.Array) and nbr.ndim == 1 and nbr.dtype == types.int64:
        return "polar"
    return ""


def _kind_of_value(nbr) -> str:
    """The same for a value, when a kernel runs as Python."""
    if isinstance(nbr, tuple):
        return "hex"
    return "table" if np.ndim(nbr) == 2 else "polar"


@njit(cache=True, inline="always")
def _divmod(k, w, inv):
    """``divmod(k, w)`` for ``0 <= k < 2**53``, ``w >= 1``, by a multiplication with ``inv = 1 / w``
    and one correction (a 64-bit integer division costs several times more)."""
    q = np.int64(k * inv)
    rem = k - q * w
    if rem < 0:
        q -= 1
        rem += w
    elif rem >= w:
        q += 1
        rem -= w
    return q, rem


@njit(cache=True, inline="always")
def ring_loc(nbr, r, i):
    """``locate(P, i)`` on a polar grid ``P`` when the ring ``r`` of ``i`` is known (no search)."""
    x = nbr[4] + 3 * r  # this ring's row
    j = i - nbr[x]
    w = nbr[x + 1]
    # all that side() and facing() need, so they read no memory
    parent = np.int64(0)
    up = np.int64(0)
    if r > 0:
        kin = nbr[x + 2]
        if kin == 1:
            parent = nbr[x - 3] + j
            up = np.int64(3)
        else:
            parent = nbr[x - 3] + j // kin
            up = 3 + j % kin
        if r == 1:
            up = j
    kout = np.int64(0)
    child = np.int64(0)
    if r + 1 < nbr[3]:
        kout = nbr[x + 5]
        child = nbr[x + 3] + j * kout
    # ring, index in the ring, cells in the ring, parent, its side back, first child, children,
    # first outward slot
    return (np.int64(r), j, w, parent, up, child, kout, np.int64(0) if r == 0 else np.int64(3))


def shape(nbr):
    """The number of cells and of side slots.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.

    Returns
    -------
    tuple of int
        ``(n, S)``.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import shape
    >>> [int(x) for x in shape((3, 4))]  # a 3 x 4 hex rectangle
    [12, 6]
    """
    return _shape_impls()[_kind_of_value(nbr)](nbr)


@functools.cache
def _shape_impls() -> dict:
    """The implementations of :func:`shape` by kind of topology (plain functions numba compiles)."""
    impls = {}
    impls["table"] = lambda nbr: (np.int64(nbr.shape[0]), np.int64(nbr.shape[1]))
    impls["hex"] = lambda nbr: (np.int64(nbr[0] * nbr[1]), np.int64(6))
    impls["polar"] = lambda nbr: (nbr[0], nbr[1])
    return impls


def locate(nbr, i):
    """What the neighbour functions need to know about cell ``i``.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    i : int
        A cell index.

    Returns
    -------
    tuple of int
        ``(i, 0, 0)`` for a table, ``(row, col, col & 1)`` for a hex rectangle, and for a polar grid
        ``(ring, index, cells in the ring, parent, its side back, first child, children, first outward slot)``.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import locate
    >>> [int(x) for x in locate((3, 4), 6)]  # row 1, column 2 (an even column)
    [1, 2, 0]
    """
    return _locate_impls()[_kind_of_value(nbr)](nbr, i)


@functools.cache
def _locate_impls() -> dict:
    """The implementations of :func:`locate` by kind of topology (plain functions numba compiles)."""
    impls = {}
    impls["table"] = lambda nbr, i: (np.int64(i), np.int64(0), np.int64(0))
    def hex_impl(nbr, i):
        W = nbr[1]
        r, c = _divmod(np.int64(i), W, 1.0 / W)  # the division by W is hoisted out of the kernels' loops
        return (r, c, c & 1)
    impls["hex"] = hex_impl
    def polar_impl(nbr, i):
        RB = nbr[4]
        r = nbr[nbr[5] + (np.int64(i) >> nbr[2])]
        while i >= nbr[RB + 3 * r + 3]:  # the next ring's first cell (the last row: cells)
            r += 1
        return ring_loc(nbr, r, np.int64(i))
    impls["polar"] = polar_impl
    return impls


def side(nbr, loc, i, s):
    """The cell behind a side.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    loc : tuple
        ``locate(nbr, i)``.
    i, s : int
        The cell and its side slot.

    Returns
    -------
    int
        The cell behind side ``s`` of ``i``, or -1 for none.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import locate, side
    >>> H_W = (3, 4)
    >>> [int(side(H_W, locate(H_W, 6), 6, s)) for s in range(6)]  # N, NE, SE, S, SW, NW of (1, 2)
    [2, 3, 7, 10, 5, 1]
    """
    return _side_impls()[_kind_of_value(nbr)](nbr, loc, i, s)


@functools.cache
def _side_impls() -> dict:
    """The implementations of :func:`side` by kind of topology (plain functions numba compiles)."""
    impls = {}
    impls["table"] = lambda nbr, loc, i, s: np.int64(nbr[i, s])
    def hex_impl(nbr, loc, i, s):
        H, W = nbr
        r, c, odd = loc
        if s == 0:
            nr, nc = r - 1, c
        elif s == 3:
            nr, nc = r + 1, c
        else:
            nc = c + 1 if s < 3 else c - 1
            nr = r - 1 + odd if (s == 1 or s == 5) else r + odd
        if nr < 0 or nr >= H or nc < 0 or nc >= W:
            return np.int64(-1)
        return nr * W + nc
    impls["hex"] = hex_impl
    def polar_impl(nbr, loc, i, s):
        r, j, w, parent, up, child, kout, base = loc
        if r > 0:
            if s == 0:
                return parent
            if s == 1:
                return np.int64(i + 1) if j + 1 < w else np.int64(i + 1 - w)
            if s == 2:
                return np.int64(i - 1) if j > 0 else np.int64(i - 1 + w)
        q = s - base
        return child + q if q < kout else np.int64(-1)
    impls["polar"] = polar_impl
    return impls


def facing(nbr, back, loc, i, s):
    """The side facing back.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    back : numpy.ndarray
        The table's back sides (unused by the arithmetic forms).
    loc : tuple
        ``locate(nbr, i)``.
    i, s : int
        The cell and its side slot, which must lead to a cell.

    Returns
    -------
    int
        The side of ``side(nbr, loc, i, s)`` that faces ``i``.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import locate, facing
    >>> int(facing((3, 4), None, locate((3, 4), 6), 6, 1))  # NE faces SW
    4
    """
    return _facing_impls()[_kind_of_value(nbr)](nbr, back, loc, i, s)


@functools.cache
def _facing_impls() -> dict:
    """The implementations of :func:`facing` by kind of topology (plain functions numba compiles)."""
    impls = {}
    impls["table"] = lambda nbr, back, loc, i, s: np.int64(back[i, s])
    impls["hex"] = lambda nbr, back, loc, i, s: np.int64(s + 3 if s < 3 else s - 3)
    def polar_impl(nbr, back, loc, i, s):
        r = loc[0]
        if r == 0 or s >= 3:
            return np.int64(0)
        if s == 1:
            return np.int64(2)
        if s == 2:
            return np.int64(1)
        return loc[4]  # inward: this cell is child j % k of its parent (ring 1: the pole's slot j)
    impls["polar"] = polar_impl
    return impls


@njit(cache=True, no_cpython_wrapper=True)
def nb(nbr, i, s):
    """The cell behind side ``s`` of cell ``i``, or -1."""
    return side(nbr, locate(nbr, i), i, s)


@njit(cache=True)
def tables(nbr, back):
    """The ``(n, S)`` neighbour and back-side tables of any topology (what a table topology holds)."""
    n, S = shape(nbr)
    t = np.full((n, S), -1, np.int32)
    b = np.full((n, S), -1, np.int8)
    for i in range(n):
        loc = locate(nbr, i)
        for s in range(S):
            j = side(nbr, loc, i, s)
            if j >= 0:
                t[i, s] = j
                b[i, s] = facing(nbr, back, loc, i, s)
    return t, b


def _t_shape(nbr):
    return _shape_impls().get(_kind_of_type(nbr))


def _t_locate(nbr, i):
    return _locate_impls().get(_kind_of_type(nbr))


def _t_side(nbr, loc, i, s):
    return _side_impls().get(_kind_of_type(nbr))


def _t_facing(nbr, back, loc, i, s):
    return _facing_impls().get(_kind_of_type(nbr))





_REGISTERED = False


def register() -> None:
    """Teach numba :func:`shape`, :func:`locate`, :func:`side` and :func:`facing` (idempotent).

    Called by :func:`tremaux._numba.setup` when numba is first loaded, before any kernel compiles (this module
    asks for it with :func:`tremaux._numba.when_ready`, as :mod:`tremaux.kernels.graph_moves` does for its own),
    so importing this module does not import numba (kernels may run as Python).

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import register
    >>> register(); register()
    """
    global _REGISTERED
    if _REGISTERED:
        return
    from numba.extending import overload

    for fn, typer in ((shape, _t_shape), (locate, _t_locate), (side, _t_side), (facing, _t_facing)):
        overload(fn)(typer)
    _REGISTERED = True


when_ready(register)
