"""Walking a grid's topology: the sides worth looking at, a uniformly random way out, and a step that
carries the cell's location along.

Private, like :mod:`tremaux.kernels.graph_topo` (whose topologies and ``loc`` these take, and which
teaches them to numba in its ``register``). ``span(nbr, loc)`` bounds the side slots that can have a
neighbour; ``degree(nbr, loc, i)`` counts those that do and ``nth(nbr, loc, i, r)`` is the ``r``-th of
them (a random way out in one draw); ``move(nbr, loc, i, s)`` is the cell behind side ``s`` with its
``locate``, found from ``loc`` (a walk need not locate each cell from scratch: on a polar grid the ring
is known, on a hex rectangle the row and column).
"""

from __future__ import annotations

import functools

import numpy as np

from .._numba import when_ready
from .graph_topo import _kind_of_type, _kind_of_value, locate, ring_loc, shape, side

__all__ = ["span", "degree", "nth", "move", "passages", "register"]


def span(nbr, loc):
    """How many side slots to look at: every side with a neighbour is below it.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    loc : tuple
        ``locate(nbr, i)``.

    Returns
    -------
    int
        ``S`` for a table or a hex rectangle; for a polar cell, its inward, clockwise and
        counter-clockwise slots and its children (the pole: its children).

    Examples
    --------
    >>> from tremaux.kernels.graph_moves import span
    >>> from tremaux.kernels.graph_topo import locate
    >>> import numpy as np
    >>> from tremaux.grids.polar import polar_topology
    >>> P = polar_topology(np.array([1, 6, 12, 12]), 6)
    >>> [int(span(P, locate(P, i))) for i in (0, 1, 7, 19)]  # the pole, rings 1 (two children), 2, 3 (none)
    [6, 5, 4, 3]
    """
    return _span_impls()[_kind_of_value(nbr)](nbr, loc)


@functools.cache
def _span_impls() -> dict:
    """The implementations of :func:`span` by kind of topology (plain functions numba compiles)."""
    impls = {}
    impls["table"] = lambda nbr, loc: np.int64(nbr.shape[1])
    impls["hex"] = lambda nbr, loc: np.int64(6)
    impls["polar"] = lambda nbr, loc: loc[7] + loc[6]  # first outward slot + children
    return impls


def degree(nbr, loc, i):
    """The number of sides of ``i`` that have a neighbour.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    loc : tuple
        ``locate(nbr, i)``.
    i : int
        The cell.

    Returns
    -------
    int

    Examples
    --------
    >>> from tremaux.kernels.graph_moves import degree
    >>> from tremaux.kernels.graph_topo import locate
    >>> H_W = (3, 4)
    >>> [int(degree(H_W, locate(H_W, i), i)) for i in (0, 5, 6)]  # a corner, two inner cells
    [2, 6, 6]
    """
    return _degree_impls()[_kind_of_value(nbr)](nbr, loc, i)


def nth(nbr, loc, i, r):
    """The slot of the ``r``-th side of ``i`` that has a neighbour (counted from 0 in slot order).

    With ``r`` uniform below :func:`degree`, a uniformly random way out of ``i`` in one draw; the
    arithmetic forms answer without looking at the slots, except on a hex rectangle's rim.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    loc : tuple
        ``locate(nbr, i)``.
    i, r : int
        The cell, and ``0 <= r < degree(nbr, loc, i)``.

    Returns
    -------
    int
        A side slot of ``i``.

    Examples
    --------
    >>> from tremaux.kernels.graph_moves import nth
    >>> from tremaux.kernels.graph_topo import locate
    >>> H_W = (3, 4)
    >>> [int(nth(H_W, locate(H_W, 0), 0, r)) for r in range(2)]  # the corner (0, 0): SE and S
    [2, 3]
    """
    return _nth_impls()[_kind_of_value(nbr)](nbr, loc, i, r)


@functools.cache
def _degree_impls() -> dict:
    """The implementations of :func:`degree` by kind of topology (plain functions numba compiles)."""
    impls = {}
    def table_impl(nbr, loc, i):
        k = np.int64(0)
        for s in range(nbr.shape[1]):
            if nbr[i, s] >= 0:
                k += 1
        return k
    impls["table"] = table_impl
    def hex_impl(nbr, loc, i):
        if 0 < loc[0] < nbr[0] - 1 and 0 < loc[1] < nbr[1] - 1:  # away from the rim: all six
            return np.int64(6)
        k = np.int64(0)
        for s in range(6):
            if side(nbr, loc, i, s) >= 0:
                k += 1
        return k
    impls["hex"] = hex_impl
    impls["polar"] = lambda nbr, loc, i: loc[7] + loc[6]  # its slots with a neighbour come first
    return impls


@functools.cache
def _nth_impls() -> dict:
    """The implementations of :func:`nth` by kind of topology (plain functions numba compiles)."""
    impls = {}
    def table_impl(nbr, loc, i, r):
        for s in range(nbr.shape[1]):
            if nbr[i, s] >= 0:
                if r == 0:
                    return np.int64(s)
                r -= 1
        return np.int64(-1)
    impls["table"] = table_impl
    def hex_impl(nbr, loc, i, r):
        if 0 < loc[0] < nbr[0] - 1 and 0 < loc[1] < nbr[1] - 1:
            return np.int64(r)
        for s in range(6):
            if side(nbr, loc, i, s) >= 0:
                if r == 0:
                    return np.int64(s)
                r -= 1
        return np.int64(-1)
    impls["hex"] = hex_impl
    impls["polar"] = lambda nbr, loc, i, r: np.int64(r)
    return impls


def move(nbr, loc, i, s):
    """The cell behind a side and its location.

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.
    loc : tuple
        ``locate(nbr, i)``.
    i, s : int
        The cell and a side slot that leads to a cell.

    Returns
    -------
    tuple
        ``(j, locate(nbr, j))`` for the cell ``j`` behind side ``s`` of ``i``.

    Examples
    --------
    >>> from tremaux.kernels.graph_moves import move
    >>> from tremaux.kernels.graph_topo import locate
    >>> H_W = (3, 4)
    >>> j, loc = move(H_W, locate(H_W, 6), 6, 2)  # SE of (1, 2)
    >>> int(j), [int(x) for x in loc] == [int(x) for x in locate(H_W, 7)]
    (7, True)
    """
    return _move_impls()[_kind_of_value(nbr)](nbr, loc, i, s)


@functools.cache
def _move_impls() -> dict:
    """The implementations of :func:`move` by kind of topology (plain functions numba compiles)."""
    impls = {}
    def table_impl(nbr, loc, i, s):
        j = np.int64(nbr[i, s])
        return j, (j, np.int64(0), np.int64(0))
    impls["table"] = table_impl
    def hex_impl(nbr, loc, i, s):
        r, c, odd = loc
        if s == 0:
            nr, nc = r - 1, c
        elif s == 3:
            nr, nc = r + 1, c
        else:
            nc = c + 1 if s < 3 else c - 1
            nr = r - 1 + odd if (s == 1 or s == 5) else r + odd
        return nr * nbr[1] + nc, (nr, nc, nc & 1)
    impls["hex"] = hex_impl
    def polar_impl(nbr, loc, i, s):
        r = loc[0]
        j = side(nbr, loc, i, s)
        if r == 0 or s >= 3:  # outward
            r += 1
        elif s == 0:
            r -= 1
        return j, ring_loc(nbr, r, j)
    impls["polar"] = polar_impl
    return impls


def passages(nbr):
    """The number of passages (pairs of neighbours, counted once per side that joins them).

    Parameters
    ----------
    nbr : topology
        A table, a hex rectangle's ``(H, W)`` or a polar grid's array.

    Returns
    -------
    int
        The sides ``s`` of cells ``i`` whose neighbour ``j`` has ``j > i``: by arithmetic on the rings of
        a polar grid, by a pass over the cells otherwise.

    Examples
    --------
    >>> from tremaux.kernels.graph_moves import passages
    >>> import numpy as np
    >>> from tremaux.grids.polar import polar_topology
    >>> int(passages(polar_topology(np.array([1, 6, 12, 12]), 6)))  # 30 radial, 30 along the rings
    60
    >>> int(passages((2, 2)))  # a 2 x 2 hex rectangle: 2 up and down, 3 across
    5
    """
    return _passages_impls()[_kind_of_value(nbr)](nbr)


@functools.cache
def _passages_impls() -> dict:
    """The implementations of :func:`passages` by kind of topology (plain functions numba compiles)."""
    impls = {}
    def count_impl(nbr):
        m = np.int64(0)
        for i in range(shape(nbr)[0]):
            loc = locate(nbr, i)
            for s in range(span(nbr, loc)):
                if side(nbr, loc, i, s) > i:
                    m += 1
        return m
    impls["table"] = impls["hex"] = count_impl
    def polar_impl(nbr):
        m = np.int64(0)
        for r in range(1, nbr[3]):
            w = nbr[nbr[4] + 3 * r + 1]
            m += w  # to the ring inside: one per cell
            if w >= 2:  # along the ring: w (a ring of one cell meets only itself)
                m += w
        return m
    impls["polar"] = polar_impl
    return impls


def register(overload, kind_of_type) -> None:
    """Teach numba :func:`span`, :func:`degree`, :func:`nth`, :func:`move` and :func:`passages`; called once,
    when numba is set up (:func:`tremaux._numba.when_ready`), with numba's ``overload`` and the typing helper of
    :mod:`tremaux.kernels.graph_topo`.

    Parameters
    ----------
    overload : callable
        ``numba.extending.overload``.
    kind_of_type : callable
        The kind of topology (``"table"``, ``"hex"``, ``"polar"``) of a numba type.

    Examples
    --------
    >>> from tremaux import _numba
    >>> from tremaux.kernels import graph_moves
    >>> _numba.setup()  # registers these, once
    """
    def t_span(nbr, loc):
        return _span_impls().get(kind_of_type(nbr))

    def t_degree(nbr, loc, i):
        return _degree_impls().get(kind_of_type(nbr))

    def t_nth(nbr, loc, i, r):
        return _nth_impls().get(kind_of_type(nbr))

    def t_move(nbr, loc, i, s):
        return _move_impls().get(kind_of_type(nbr))

    def t_passages(nbr):
        return _passages_impls().get(kind_of_type(nbr))

    for fn, typer in ((span, t_span), (degree, t_degree), (nth, t_nth), (move, t_move), (passages, t_passages)):
        overload(fn)(typer)


def _register() -> None:
    from numba.extending import overload

    register(overload, _kind_of_type)


when_ready(_register)
