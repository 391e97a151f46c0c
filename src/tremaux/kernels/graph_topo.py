"""Neighbours on any grid, from a table or by arithmetic: what the graph kernels read.

Private. The graph kernels take a topology as four arguments ``G, P, nbr, back`` and reach it only
through the functions here and in :mod:`tremaux.kernels.graph_moves`:

* ``G``: the kind, then for a hex rectangle its ``H`` and ``W`` (numbers, so they stay in registers:
  read from memory after every store, they cost up to 2.3x on hex rectangles);
* ``P``: a polar grid's rings, one flat ``int64`` array (empty on other grids);
* ``nbr``, ``back``: a table's ``(n, S)`` ``int32`` neighbours (``-1``: none) and ``int8`` sides
  facing back (``(0, S)``-shaped on the arithmetic grids). All three arrays are read-only.

The kinds:

* :data:`TABLE` (any grid, masked and woven ones too), ``G = (TABLE,)``: ``nbr`` and ``back`` hold
  everything;
* :data:`HEX`, ``G = (HEX, H, W)``: a hex rectangle of ``H`` rows and ``W`` columns, flat-topped
  columns with the odd ones half a cell lower, sides N, NE, SE, S, SW, NW;
* :data:`POLAR`, ``G = (POLAR, 0, 0)``: a polar grid, ``P`` made by
  :func:`tremaux.grids.polar.polar_topology`; sides as in :mod:`tremaux.grids.polar`.
  ``P[0:8] = (cells, side slots, shift, rings, RB, LB, 0, 0)``; ring ``r`` at ``P[RB + 3 r:]`` is
  ``(first cell, cells, ratio to the ring inside)``, then a last row ``(cells, 0, 1)``; ``P[LB + c]``
  is the ring of cell ``c << shift`` (a coarse index: finding a cell's ring takes a step at most,
  except in the small rings near the pole).

numba chooses the implementation of each function by the type of ``G``: a table's one number, or the
arithmetic grids' three. So a kernel has two compiled forms, one for the tables (the code of a table
alone) and one for the hex rectangles and polar grids together, whose functions branch on the kind
``G[0]`` (a table kernel pays no branch; one compiled form for all three kinds was tried: tables ran
up to 1.5x slower, see ``docs/benchmarks.md``, Round 7).

:func:`table_form`, :func:`hex_form` and :func:`polar_form` build the four arguments. The
arithmetic forms hold a few numbers per grid (per ring for polar) instead of ``S + S/4`` int32 per
cell, and give exactly the table's answers (a test compares them), so a kernel draws the same
random numbers and carves the same maze either way.

``shape(G, P, nbr)`` is ``(n, S)``; ``locate(G, P, nbr, i)`` is what the other functions need to
know about cell ``i`` (computed once per cell); ``side(G, P, nbr, loc, i, s)`` is the cell behind
side ``s`` (or -1) and ``facing(G, P, nbr, back, loc, i, s)`` the side of that cell facing ``i``.
``nb(G, P, nbr, i, s)`` does both steps for one side.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit

__all__ = ["TABLE", "HEX", "POLAR", "table_form", "hex_form", "polar_form", "shape", "locate", "side", "facing",
           "nb", "tables", "register"]

TABLE = 0
"""``G[0]`` of a topology held in tables."""
HEX = 1
"""``G[0]`` of a hex rectangle."""
POLAR = 2
"""``G[0]`` of a polar grid."""


def _readonly(a: np.ndarray, dtype: type, ndim: int) -> np.ndarray:
    a = np.ascontiguousarray(a, dtype).view()
    if a.ndim != ndim:
        raise ValueError(f"a topology array must have {ndim} dimensions, not {a.ndim}")
    a.flags.writeable = False
    return a


def table_form(nbr: np.ndarray, back: np.ndarray) -> tuple:
    """The topology of neighbour and back-side tables.

    Parameters
    ----------
    nbr, back : numpy.ndarray
        ``(n, S)``: the cell behind each side (``-1``: none) and the side of it facing back.

    Returns
    -------
    tuple
        ``(G, P, nbr, back)`` as the graph kernels take them (read-only views).

    Raises
    ------
    ValueError
        When a table is not two-dimensional or ``back`` has another shape than ``nbr``.

    Examples
    --------
    >>> G, P, nbr, back = table_form(np.array([[1], [0]]), np.array([[0], [0]]))
    >>> G, P.shape, nbr.dtype.name, back.dtype.name
    ((0,), (0,), 'int32', 'int8')
    """
    nbr = _readonly(nbr, np.int32, 2)
    back = _readonly(back, np.int8, 2)
    if back.shape != nbr.shape:
        raise ValueError(f"back has shape {back.shape}, nbr {nbr.shape}: they must be the same")
    return (TABLE,), _NO_P, nbr, back


def hex_form(H: int, W: int) -> tuple:
    """The topology of a hex rectangle of ``H`` rows and ``W`` columns (no table).

    Parameters
    ----------
    H, W : int
        Rows and columns, at least 1.

    Returns
    -------
    tuple
        ``(G, P, nbr, back)`` as the graph kernels take them.

    Raises
    ------
    ValueError
        When ``H`` or ``W`` is below 1.

    Examples
    --------
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> G, nbr.shape
    ((1, 3, 4), (0, 6))
    """
    if H < 1 or W < 1:
        raise ValueError(f"a hex rectangle needs at least one row and column, not {H} x {W}")
    return (HEX, int(H), int(W)), _NO_P, _NO_NBR, _NO_BACK


def polar_form(P: np.ndarray) -> tuple:
    """The topology of a polar grid from its rings (:func:`tremaux.grids.polar.polar_topology`).

    Parameters
    ----------
    P : numpy.ndarray
        One flat ``int64`` array (the layout above).

    Returns
    -------
    tuple
        ``(G, P, nbr, back)`` as the graph kernels take them.

    Examples
    --------
    >>> from tremaux.grids.polar import polar_topology
    >>> G, P, nbr, back = polar_form(polar_topology(np.array([1, 6, 12]), 6))
    >>> G, int(P[0]), nbr.shape
    ((2, 0, 0), 19, (0, 6))
    """
    P = _readonly(P, np.int64, 1)
    S = int(P[1])
    return (POLAR, 0, 0), P, _empty((0, S), np.int32), _empty((0, S), np.int8)


def _empty(shape: tuple, dtype: type) -> np.ndarray:
    a = np.empty(shape, dtype)
    a.flags.writeable = False
    return a


_NO_P = _empty(0, np.int64)
_NO_NBR = _empty((0, 6), np.int32)
_NO_BACK = _empty((0, 6), np.int8)


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
def ring_loc(P, r, i):
    """``locate`` on a polar grid ``P`` when the ring ``r`` of ``i`` is known (no search)."""
    x = P[4] + 3 * r  # this ring's row
    j = i - P[x]
    w = P[x + 1]
    # all that side() and facing() need, so they read no memory
    parent = np.int64(0)
    up = np.int64(0)
    if r > 0:
        kin = P[x + 2]
        if kin == 1:
            parent = P[x - 3] + j
            up = np.int64(3)
        else:
            parent = P[x - 3] + j // kin
            up = 3 + j % kin
        if r == 1:
            up = j
    kout = np.int64(0)
    child = np.int64(0)
    if r + 1 < P[3]:
        kout = P[x + 5]
        child = P[x + 3] + j * kout
    # ring, index in the ring, cells in the ring, parent, its side back, first child, children,
    # first outward slot
    return (np.int64(r), j, w, parent, up, child, kout, np.int64(0) if r == 0 else np.int64(3))


def shape(G, P, nbr):
    """The number of cells and of side slots, ``(n, S)``.

    Examples
    --------
    >>> [int(x) for x in shape(*hex_form(3, 4)[:3])]  # a 3 x 4 hex rectangle
    [12, 6]
    """
    return (_table_shape if len(G) == 1 else _arith_shape)(G, P, nbr)


def _arith_shape(G, P, nbr):
    if G[0] == HEX:
        return np.int64(G[1] * G[2]), np.int64(6)
    if G[0] == POLAR:
        return np.int64(P[0]), np.int64(P[1])
    return np.int64(nbr.shape[0]), np.int64(nbr.shape[1])


def locate(G, P, nbr, i):
    """What the neighbour functions need to know about cell ``i``: a tuple of ``int64``.

    ``(i, 0, 0)`` for a table, ``(row, col, col & 1, 0, ...)`` (eight) for a hex rectangle, and for a polar
    grid ``(ring, index, cells in the ring, parent, its side back, first child, children, first outward
    slot)``.

    Examples
    --------
    >>> [int(x) for x in locate(*hex_form(3, 4)[:3], 6)[:3]]  # row 1, column 2 (an even column)
    [1, 2, 0]
    """
    return (_table_locate if len(G) == 1 else _arith_locate)(G, P, nbr, i)


def _arith_locate(G, P, nbr, i):
    z = np.int64(0)
    if G[0] == HEX:
        W = G[2]
        r, c = _divmod(np.int64(i), W, 1.0 / W)  # the division by W is hoisted out of the kernels' loops
        return (r, c, c & 1, z, z, z, z, z)
    if G[0] == POLAR:
        RB = P[4]
        r = P[P[5] + (np.int64(i) >> P[2])]
        while i >= P[RB + 3 * r + 3]:  # the next ring's first cell (the last row: cells)
            r += 1
        return ring_loc(P, r, np.int64(i))
    return (np.int64(i), z, z, z, z, z, z, z)


@njit(cache=True, inline="always")
def hex_step(loc, s):
    """Row and column of the cell behind side ``s`` of the hex cell at ``loc`` (maybe outside)."""
    r, c, odd = loc[0], loc[1], loc[2]
    if s == 0:
        return r - 1, c
    if s == 3:
        return r + 1, c
    nc = c + 1 if s < 3 else c - 1
    return (r - 1 + odd if (s == 1 or s == 5) else r + odd), nc


@njit(cache=True, inline="always")
def polar_side(loc, i, s):
    """The cell behind side ``s`` of the polar cell ``i`` at ``loc``, or -1."""
    r, j, w, parent, child, kout, base = loc[0], loc[1], loc[2], loc[3], loc[5], loc[6], loc[7]
    if r > 0:
        if s == 0:
            return parent
        if s == 1:
            return np.int64(i + 1) if j + 1 < w else np.int64(i + 1 - w)
        if s == 2:
            return np.int64(i - 1) if j > 0 else np.int64(i - 1 + w)
    q = s - base
    return child + q if q < kout else np.int64(-1)


def side(G, P, nbr, loc, i, s):
    """The cell behind side ``s`` of cell ``i`` (``loc``: its :func:`locate`), or -1.

    Examples
    --------
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> [int(side(G, P, nbr, locate(G, P, nbr, 6), 6, s)) for s in range(6)]  # N, NE, SE, S, SW, NW of (1, 2)
    [2, 3, 7, 10, 5, 1]
    """
    return (_table_side if len(G) == 1 else _arith_side)(G, P, nbr, loc, i, s)


def _arith_side(G, P, nbr, loc, i, s):
    if G[0] == HEX:
        nr, nc = hex_step(loc, s)
        if nr < 0 or nr >= G[1] or nc < 0 or nc >= G[2]:
            return np.int64(-1)
        return nr * G[2] + nc
    if G[0] == POLAR:
        return polar_side(loc, i, s)
    return np.int64(nbr[i, s])


def facing(G, P, nbr, back, loc, i, s):
    """The side of ``side(G, P, nbr, loc, i, s)`` that faces ``i`` (side ``s`` must lead to a cell).

    Examples
    --------
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> int(facing(G, P, nbr, back, locate(G, P, nbr, 6), 6, 1))  # NE faces SW
    4
    """
    return (_table_facing if len(G) == 1 else _arith_facing)(G, P, nbr, back, loc, i, s)


def _arith_facing(G, P, nbr, back, loc, i, s):
    if G[0] == HEX:
        return np.int64(s + 3 if s < 3 else s - 3)
    if G[0] == POLAR:
        if loc[0] == 0 or s >= 3:
            return np.int64(0)
        if s == 1:
            return np.int64(2)
        if s == 2:
            return np.int64(1)
        return loc[4]  # inward: this cell is child j % k of its parent (ring 1: the pole's slot j)
    return np.int64(back[i, s])


@njit(cache=True, inline="always")
def nb(G, P, nbr, i, s):
    """The cell behind side ``s`` of cell ``i``, or -1."""
    return side(G, P, nbr, locate(G, P, nbr, i), i, s)


@njit(cache=True)
def tables(G, P, nbr, back):
    """The ``(n, S)`` neighbour and back-side tables of any topology (what a table topology holds)."""
    n, S = shape(G, P, nbr)
    t = np.full((n, S), -1, np.int32)
    b = np.full((n, S), -1, np.int8)
    for i in range(n):
        loc = locate(G, P, nbr, i)
        for s in range(S):
            j = side(G, P, nbr, loc, i, s)
            if j >= 0:
                t[i, s] = j
                b[i, s] = facing(G, P, nbr, back, loc, i, s)
    return t, b


def _table_shape(G, P, nbr):
    return np.int64(nbr.shape[0]), np.int64(nbr.shape[1])


def _table_locate(G, P, nbr, i):
    return np.int64(i), np.int64(0), np.int64(0)


def _table_side(G, P, nbr, loc, i, s):
    return np.int64(nbr[i, s])


def _table_facing(G, P, nbr, back, loc, i, s):
    return np.int64(back[i, s])


def _is_table(G) -> bool:
    """A table's ``G`` (one number) among numba types; the arithmetic grids' has three."""
    from numba import types

    return isinstance(G, types.BaseTuple) and len(G) == 1


_REGISTERED = False


def register() -> None:
    """Teach numba :func:`shape`, :func:`locate`, :func:`side` and :func:`facing` (idempotent).

    Each has two implementations, chosen by the type of ``G``: a table's (``G = (TABLE,)``), and one that
    branches on the kind for the arithmetic grids (``G = (kind, H, W)``): a kernel is compiled once for the
    tables and once for the hex rectangles and polar grids together. The same for
    :mod:`tremaux.kernels.graph_moves`. Called by :func:`tremaux._numba.setup` when numba is first loaded, before
    any kernel compiles, so importing this module does not import numba (kernels may run as Python).

    Examples
    --------
    >>> register(); register()
    """
    global _REGISTERED
    if _REGISTERED:
        return
    from numba.extending import overload

    from . import graph_moves

    table = {"shape": _table_shape, "locate": _table_locate, "side": _table_side, "facing": _table_facing}
    arith = {"shape": _arith_shape, "locate": _arith_locate, "side": _arith_side, "facing": _arith_facing}
    def t_shape(G, P, nbr):
        return table["shape"] if _is_table(G) else arith["shape"]

    def t_locate(G, P, nbr, i):
        return table["locate"] if _is_table(G) else arith["locate"]

    def t_side(G, P, nbr, loc, i, s):
        return table["side"] if _is_table(G) else arith["side"]

    def t_facing(G, P, nbr, back, loc, i, s):
        return table["facing"] if _is_table(G) else arith["facing"]

    for fn, typer in ((shape, t_shape), (locate, t_locate), (side, t_side), (facing, t_facing)):
        overload(fn)(typer)
    graph_moves.register(overload, _is_table)
    _REGISTERED = True
