"""Walking a grid's topology: the sides worth looking at, a uniformly random way out, and a step that
carries the cell's location along.

Private, like :mod:`tremaux.kernels.graph_topo` (whose topologies ``G, P, nbr`` and ``loc`` these take).
``span(G, P, nbr, loc)`` bounds the side slots that can have a neighbour; ``degree(G, P, nbr, loc, i)``
counts those that do and ``nth(G, P, nbr, loc, i, r)`` is the ``r``-th of them (a random way out in one
draw); ``move(G, P, nbr, loc, i, s)`` is the cell behind side ``s`` with its ``locate``, found from ``loc``
(a walk need not locate each cell from scratch: on a polar grid the ring is known, on a hex rectangle the
row and column).
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from .graph_topo import HEX, POLAR, hex_step, locate, polar_side, ring_loc, shape, side

__all__ = ["span", "degree", "nth", "move", "passages", "register"]


def span(G, P, nbr, loc):
    """How many side slots to look at: every side with a neighbour is below it.

    ``S`` for a table or a hex rectangle; for a polar cell, its inward, clockwise and counter-clockwise
    slots and its children (the pole: its children).

    Examples
    --------
    >>> from tremaux.grids.polar import polar_topology
    >>> from tremaux.kernels.graph_topo import polar_form
    >>> G, P, nbr, back = polar_form(polar_topology(np.array([1, 6, 12, 12]), 6))
    >>> [int(span(G, P, nbr, locate(G, P, nbr, i))) for i in (0, 1, 7, 19)]  # the pole, rings 1, 2, 3
    [6, 5, 4, 3]
    """
    return (_table_span if len(G) == 1 else _arith_span)(G, P, nbr, loc)


def _arith_span(G, P, nbr, loc):
    if G[0] == HEX:
        return np.int64(6)
    if G[0] == POLAR:
        return loc[7] + loc[6]  # first outward slot + children
    return np.int64(nbr.shape[1])


@njit(cache=True, inline="always")
def _inside(G, loc):
    """A hex cell away from the rim: all six sides lead to a cell."""
    return 0 < loc[0] < G[1] - 1 and 0 < loc[1] < G[2] - 1


def degree(G, P, nbr, loc, i):
    """The number of sides of ``i`` that have a neighbour.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import hex_form
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> [int(degree(G, P, nbr, locate(G, P, nbr, i), i)) for i in (0, 5, 6)]  # a corner, two inner cells
    [2, 6, 6]
    """
    return (_table_degree if len(G) == 1 else _arith_degree)(G, P, nbr, loc, i)


def _arith_degree(G, P, nbr, loc, i):
    if G[0] == POLAR:
        return loc[7] + loc[6]  # its slots with a neighbour come first
    if G[0] == HEX and _inside(G, loc):
        return np.int64(6)
    k = np.int64(0)
    for s in range(span(G, P, nbr, loc)):
        if side(G, P, nbr, loc, i, s) >= 0:
            k += 1
    return k


def nth(G, P, nbr, loc, i, r):
    """The slot of the ``r``-th side of ``i`` that has a neighbour (counted from 0 in slot order).

    With ``r`` uniform below :func:`degree`, a uniformly random way out of ``i`` in one draw; the
    arithmetic forms answer without looking at the slots, except on a hex rectangle's rim.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import hex_form
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> [int(nth(G, P, nbr, locate(G, P, nbr, 0), 0, r)) for r in range(2)]  # the corner (0, 0): SE and S
    [2, 3]
    """
    return (_table_nth if len(G) == 1 else _arith_nth)(G, P, nbr, loc, i, r)


def _arith_nth(G, P, nbr, loc, i, r):
    if G[0] == POLAR or (G[0] == HEX and _inside(G, loc)):
        return np.int64(r)
    for s in range(span(G, P, nbr, loc)):
        if side(G, P, nbr, loc, i, s) >= 0:
            if r == 0:
                return np.int64(s)
            r -= 1
    return np.int64(-1)


def move(G, P, nbr, loc, i, s):
    """The cell ``j`` behind side ``s`` of ``i`` (a side that leads to a cell) and ``locate(G, P, nbr, j)``.

    Examples
    --------
    >>> from tremaux.kernels.graph_topo import hex_form
    >>> G, P, nbr, back = hex_form(3, 4)
    >>> j, loc = move(G, P, nbr, locate(G, P, nbr, 6), 6, 2)  # SE of (1, 2)
    >>> int(j), [int(x) for x in loc] == [int(x) for x in locate(G, P, nbr, 7)]
    (7, True)
    """
    return (_table_move if len(G) == 1 else _arith_move)(G, P, nbr, loc, i, s)


def _arith_move(G, P, nbr, loc, i, s):
    z = np.int64(0)
    if G[0] == HEX:
        nr, nc = hex_step(loc, s)
        return nr * G[2] + nc, (nr, nc, nc & 1, z, z, z, z, z)
    if G[0] == POLAR:
        r = loc[0]
        j = polar_side(loc, i, s)
        if r == 0 or s >= 3:  # outward
            r += 1
        elif s == 0:
            r -= 1
        return j, ring_loc(P, r, j)
    j = np.int64(nbr[i, s])
    return j, (j, z, z, z, z, z, z, z)


@njit(cache=True)
def passages(G, P, nbr):
    """The number of passages (pairs of neighbours, counted once per side that joins them).

    The sides ``s`` of cells ``i`` whose neighbour ``j`` has ``j > i``: by arithmetic on the rings of a
    polar grid, by a pass over the cells otherwise.

    Examples
    --------
    >>> from tremaux.grids.polar import polar_topology
    >>> from tremaux.kernels.graph_topo import hex_form, polar_form
    >>> int(passages(*polar_form(polar_topology(np.array([1, 6, 12, 12]), 6))[:3]))  # 30 radial, 30 along
    60
    >>> int(passages(*hex_form(2, 2)[:3]))  # a 2 x 2 hex rectangle: 2 up and down, 3 across
    5
    """
    m = np.int64(0)
    if G[0] == POLAR:
        for r in range(1, P[3]):
            w = P[P[4] + 3 * r + 1]
            m += w  # to the ring inside: one per cell
            if w >= 2:  # along the ring: w (a ring of one cell meets only itself)
                m += w
        return m
    for i in range(shape(G, P, nbr)[0]):
        loc = locate(G, P, nbr, i)
        for s in range(span(G, P, nbr, loc)):
            if side(G, P, nbr, loc, i, s) > i:
                m += 1
    return m


def _table_span(G, P, nbr, loc):
    return np.int64(nbr.shape[1])


def _table_degree(G, P, nbr, loc, i):
    k = np.int64(0)
    for s in range(nbr.shape[1]):
        if nbr[i, s] >= 0:
            k += 1
    return k


def _table_nth(G, P, nbr, loc, i, r):
    for s in range(nbr.shape[1]):
        if nbr[i, s] >= 0:
            if r == 0:
                return np.int64(s)
            r -= 1
    return np.int64(-1)


def _table_move(G, P, nbr, loc, i, s):
    j = np.int64(nbr[i, s])
    return j, (j, np.int64(0), np.int64(0))


def register(overload, is_table) -> None:
    """Teach numba :func:`span`, :func:`degree`, :func:`nth` and :func:`move`; called once by
    :func:`tremaux.kernels.graph_topo.register` with numba's ``overload`` and its test of a table's ``G`` type.

    Parameters
    ----------
    overload : callable
        ``numba.extending.overload``.
    is_table : callable
        True for the numba type of a table's ``G`` (the arithmetic grids' ``G`` has three numbers).

    Examples
    --------
    >>> from tremaux.kernels import graph_topo
    >>> graph_topo.register()  # registers these too
    """
    table = {"span": _table_span, "degree": _table_degree, "nth": _table_nth, "move": _table_move}
    arith = {"span": _arith_span, "degree": _arith_degree, "nth": _arith_nth, "move": _arith_move}
    def t_span(G, P, nbr, loc):
        return table["span"] if is_table(G) else arith["span"]

    def t_degree(G, P, nbr, loc, i):
        return table["degree"] if is_table(G) else arith["degree"]

    def t_nth(G, P, nbr, loc, i, r):
        return table["nth"] if is_table(G) else arith["nth"]

    def t_move(G, P, nbr, loc, i, s):
        return table["move"] if is_table(G) else arith["move"]

    for fn, typer in ((span, t_span), (degree, t_degree), (nth, t_nth), (move, t_move)):
        overload(fn)(typer)
