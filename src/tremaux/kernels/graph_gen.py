"""Maze generation kernels on any graph: they read the neighbour and back-side tables only.

Private: each takes a topology ``nbr`` with ``back`` (a neighbour table and its back sides,
or an arithmetic form of a regular grid, read only through :mod:`tremaux.kernels.graph_topo`),
a start cell (-1: random), the algorithm's float params, an explicit random ``state``, the output
``cells`` (zeroed, ``uint8`` or ``uint16``) and a ``trace`` (``int64 (m, 3)``, ``m = 0`` for none);
carves a spanning tree into ``cells`` and returns ``(start, visits, max_frontier, rows)``. They never
raise; the public wrapper (:func:`tremaux.grids.generate.generate_on`) validates first.

The trace is that of the square kernels (:mod:`tremaux.kernels.gen_tree`): rows ``(kind, cell, other)``
appended by :func:`tremaux.kernels.gen_common.record`, which writes nothing once ``trace`` is full (so
with ``m = 0`` nothing is recorded and the random draws, hence the maze, are the same); ``rows`` is the
count written. Events: ``CARVE (i, j)`` for each passage opened, ``FRONTIER (j, i)`` when a cell joins
a growing tree's frontier (from ``i``, or ``-1``), ``DONE (i)`` when it leaves it for good;
:func:`trace_size` rows always suffice. The union-find ones (Kruskal, the growing forest, weaving) and
braiding are in :mod:`tremaux.kernels.graph_merge`, the polar ring-by-ring ones in ``graph_polar``.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import EV_CARVE, EV_DONE, EV_FRONTIER, record
from .gen_common import rand_below as below
from .graph_moves import degree, move, nth, span
from .graph_topo import facing, locate, nb, shape, side
from .heaps import ilower, ipop, ipush, pop4, push4
from .rng import next_u64, uniform

__all__ = ["KERNELS", "trace_size"]


def trace_size(n: int, sides: int) -> int:
    """Rows of ``trace`` that always suffice on a grid of ``n`` cells with ``sides`` slots (braid included).

    Parameters
    ----------
    n : int
        Cells of the grid.
    sides : int
        Side slots per cell.

    Returns
    -------
    int

    Examples
    --------
    >>> from tremaux.kernels.graph_gen import trace_size
    >>> trace_size(10, 4)
    60
    """
    return 4 * n + n + 10


@njit(cache=True, no_cpython_wrapper=True)
def shuffle(state, a):
    """Fisher-Yates with the fast 32-bit draw (arrays shorter than 2**32)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = below(state, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True, inline="always")
def _open(cells, nbr, back, i, s):
    """Open side ``s`` of ``i`` (both halves of the passage); returns the cell behind it."""
    loc = locate(nbr, i)
    j = side(nbr, loc, i, s)
    cells[i] |= 1 << s
    cells[j] |= 1 << facing(nbr, back, loc, i, s)
    return j


@njit(cache=True, inline="always")
def _carve(cells, nbr, back, i, s, trace, t):
    """:func:`_open`, recording ``CARVE (i, j)``; returns ``(j, t)``."""
    j = _open(cells, nbr, back, i, s)
    return j, record(trace, t, EV_CARVE, i, j)


@njit(cache=True, inline="always")
def _iota(n):
    """``0 .. n-1`` as int64: the orders shuffled here and the passages shuffled by Kruskal's relatives share
    one ``int64`` specialisation of :func:`shuffle`."""
    a = np.empty(n, np.int64)
    for i in range(n):
        a[i] = i
    return a


@njit(cache=True, inline="always")
def _pick(nbr, visited, i, state, want):
    """A random side of ``i`` whose neighbour's ``visited`` flag is ``want``, or -1.

    Two passes (count, then walk to the chosen one) without a buffer: twice as fast as
    collecting the candidates (measured on a 1000 x 1000 hex grid).
    """
    loc = locate(nbr, i)
    S = span(nbr, loc)  # every side with a neighbour is below it
    k = 0
    for s in range(S):
        j = side(nbr, loc, i, s)
        if j >= 0 and visited[j] == want:
            k += 1
    if k == 0:
        return -1
    r = below(state, k) if k > 1 else 0
    for s in range(S):
        j = side(nbr, loc, i, s)
        if j >= 0 and visited[j] == want:
            if r == 0:
                return s
            r -= 1
    return -1


@njit(cache=True, no_cpython_wrapper=True)
def _any_side(nbr, i, state):
    """A uniformly random side of ``i`` that has a neighbour (by rejection: draw again on a border)."""
    S = shape(nbr)[1]
    loc = locate(nbr, i)
    while True:
        s = below(state, S)
        if side(nbr, loc, i, s) >= 0:
            return s


@njit(cache=True, no_cpython_wrapper=True)
def _first(n, start, state):
    return below(state, n) if start < 0 else start


@njit(cache=True)
def backtracker(nbr, back, start, params, state, cells, trace):
    """Depth first; a cell is visited once a passage reaches it (``cells != 0``, the start excepted, which is
    never a candidate), and the way back is the side each cell was entered by: two bytes per cell, no stack.

    A cell that had one unvisited neighbour when it last looked has none when the search comes back (cells
    only get visited): bit 6 of its ``way`` says so, and backing up passes it without looking again (the
    same draws, maze, visits and trace as looking)."""
    n, S = shape(nbr)
    way = np.zeros(n, np.int8)
    cand = np.empty(S, np.int64)
    s0 = _first(n, start, state)
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    i = s0
    loc = locate(nbr, i)  # then carried along by move()
    depth = 1
    visits = 0
    maxf = 1
    while True:
        visits += 1
        k = 0  # the hot loop, written out: the unvisited neighbours' sides, then the chosen one
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j >= 0 and cells[j] == 0:
                cand[k] = s
                k += 1
        if k == 0:
            while True:
                t = record(trace, t, EV_DONE, i, -1)
                depth -= 1
                if depth == 0:  # back past the start
                    break
                i, loc = move(nbr, loc, i, way[i] & 63)
                if way[i] < 64:  # it may have unvisited neighbours: look again
                    break
                visits += 1
            if depth == 0:
                break
            continue
        s = cand[below(state, k)] if k > 1 else cand[0]
        way[i] = (way[i] & 63) | (64 if k == 1 else 0)
        b = facing(nbr, back, loc, i, s)
        j, loc = move(nbr, loc, i, s)
        cells[i] |= 1 << s
        cells[j] |= 1 << b
        t = record(trace, t, EV_CARVE, i, j)
        t = record(trace, t, EV_FRONTIER, j, i)
        way[j] = b
        i = j
        depth += 1
        if depth > maxf:
            maxf = depth
    return s0, visits, maxf, t


@njit(cache=True)
def growing_tree(nbr, back, start, params, state, cells, trace):
    """params: chance of newest, oldest, random. A cell is in the maze once a passage reaches it
    (``cells != 0``; the start carves first)."""
    n, S = shape(nbr)
    pn, po = params[0], params[1]
    lst = np.empty(n, np.int32)
    cand = np.empty(S, np.int64)
    s0 = _first(n, start, state)
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    lst[0] = s0
    head = 0
    tail = 1
    visits = 0
    maxf = 1
    last = s0  # the newest cell, whose location move() gave
    lastloc = locate(nbr, s0)
    while tail > head:
        u = uniform(state)
        if u < pn:
            k = tail - 1
        elif u < pn + po:
            k = head
        else:
            k = head + below(state, tail - head)
        i = np.int64(lst[k])  # int64 as everywhere: one compiled form of the topology's helpers
        visits += 1
        loc = lastloc if i == last else locate(nbr, i)
        m = 0
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j >= 0 and cells[j] == 0:
                cand[m] = s
                m += 1
        if m == 0:
            if k == tail - 1:
                tail -= 1
            elif k == head:
                head += 1
            else:
                lst[k] = lst[tail - 1]
                tail -= 1
            t = record(trace, t, EV_DONE, i, -1)
            continue
        s = cand[below(state, m)] if m > 1 else cand[0]
        last, lastloc = move(nbr, loc, i, s)
        j = last
        cells[i] |= 1 << s
        cells[j] |= 1 << facing(nbr, back, loc, i, s)
        t = record(trace, t, EV_CARVE, i, j)
        t = record(trace, t, EV_FRONTIER, j, i)
        lst[tail] = j
        tail += 1
        if tail - head > maxf:
            maxf = tail - head
    return s0, visits, maxf, t


@njit(cache=True, inline="always")
def _reach(nbr, back, j, loc, state, pos, via, heap, size, trace, t):
    """Prim: the new tree cell ``j`` offers each neighbour outside the tree a passage of random weight; a
    neighbour keeps its lightest offer (and the side it came by). Returns ``(size, t)``."""
    for u in range(span(nbr, loc)):
        k = side(nbr, loc, j, u)
        if k < 0:
            continue
        p = pos[k]
        if p == -2:
            continue
        x = (next_u64(state) >> uint64(32) << uint64(32)) | uint64(k)
        if p == -1:
            size = ipush(heap, pos, size, x)
            via[k] = facing(nbr, back, loc, j, u)
            t = record(trace, t, EV_FRONTIER, k, -1)
        elif x < heap[p]:
            ilower(heap, pos, x)
            via[k] = facing(nbr, back, loc, j, u)
    return size, t


@njit(cache=True)
def prim(nbr, back, start, params, state, cells, trace):
    """True Prim: minimum spanning tree of random passage weights, drawn when a passage's first cell joins
    the tree (the weights are independent, so drawing late changes nothing).

    The heap holds the frontier's cells (an indexed heap, :func:`tremaux.kernels.heaps.ipop`), each keyed
    by its lightest passage into the tree: a lighter offer lowers the key in place, so each cell is popped
    once, when it joins. An entry is one ``uint64``: the weight (the high 32 bits of one draw) above the
    cell, so ties go to the lower cell. ``pos`` is -1 outside, -2 in the tree, else the heap place.
    A cell is recorded as FRONTIER when it first enters the heap. Visits count the cells joined; the
    frontier is the heap's size. Memory: 8 + 4 + 1 bytes per cell besides ``cells``.
    """
    n, S = shape(nbr)
    pos = np.full(n, -1, np.int32)
    via = np.empty(n, np.int8)
    heap = np.empty(max(n - 1, 1), np.uint64)
    s0 = _first(n, start, state)
    pos[s0] = -2
    t = record(trace, 0, EV_FRONTIER, s0, -1)
    size, t = _reach(nbr, back, s0, locate(nbr, s0), state, pos, via, heap, 0, trace, t)
    visits = 1
    maxf = size
    low = uint64(0xFFFFFFFF)
    while size > 0:
        v, size = ipop(heap, pos, size)
        j = np.int64(v & low)
        pos[j] = -2
        loc = locate(nbr, j)
        s = np.int64(via[j])
        i = side(nbr, loc, j, s)
        cells[j] |= 1 << s
        cells[i] |= 1 << facing(nbr, back, loc, j, s)
        t = record(trace, t, EV_CARVE, i, j)
        visits += 1
        size, t = _reach(nbr, back, j, loc, state, pos, via, heap, size, trace, t)
        if size > maxf:
            maxf = size
    return s0, visits, maxf, t


@njit(cache=True)
def aldous_broder(nbr, back, start, params, state, cells, trace):
    n = shape(nbr)[0]
    visited = np.zeros(n, np.bool_)
    s0 = _first(n, start, state)
    visited[s0] = True
    left = n - 1
    i = s0
    visits = 0
    t = 0
    while left > 0:
        s = _any_side(nbr, i, state)
        j = nb(nbr, i, s)
        visits += 1
        if not visited[j]:
            _, t = _carve(cells, nbr, back, i, s, trace, t)
            visited[j] = True
            left -= 1
        i = j
    return s0, visits, 0, t


@njit(cache=True)
def wilson(nbr, back, start, params, state, cells, trace):
    """Loop-erased random walks from each cell outside the tree, in index order (any fixed order gives a
    uniform spanning tree, and the expected number of steps does not depend on it; in index order a walk
    starts next to the last one, in memory the cache holds). A step is one draw below the cell's
    :func:`~tremaux.kernels.graph_topo.degree` (no rejection on a border; the arithmetic forms find the
    side without looking at the slots)."""
    n = shape(nbr)[0]
    inside = np.zeros(n, np.bool_)
    way = np.empty(n, np.int8)
    s0 = _first(n, start, state)
    inside[s0] = True
    visits = 0
    maxf = 0
    t = 0
    for c in range(n):
        if inside[c]:
            continue
        i = np.int64(c)
        loc = locate(nbr, i)
        while not inside[i]:  # loop-erased walk: remember the last way out of each cell
            s = nth(nbr, loc, i, below(state, degree(nbr, loc, i)))
            way[i] = s
            i, loc = move(nbr, loc, i, s)
            visits += 1
        i = np.int64(c)
        length = 0
        while not inside[i]:
            inside[i] = True
            i, t = _carve(cells, nbr, back, i, np.int64(way[i]), trace, t)
            length += 1
        if length > maxf:
            maxf = length
    return s0, visits, maxf, t


@njit(cache=True)
def hunt_and_kill(nbr, back, start, params, state, cells, trace):
    """Random walk to new cells; when stuck, hunt for the first cell in index order next to the maze.

    The hunt pops a min-heap of the cells that got a visited neighbour, so it finds the same cell
    a scan in index order would, in O(log n) instead of O(n) per hunt.
    """
    n, S = shape(nbr)
    visited = np.zeros(n, np.bool_)
    queued = np.zeros(n, np.bool_)
    heap = np.empty(n, np.int32)
    size = 0
    s0 = _first(n, start, state)
    visited[s0] = True
    i = s0
    left = n - 1
    visits = 1
    t = 0
    while left > 0:
        loc = locate(nbr, i)
        for u in range(span(nbr, loc)):  # every unvisited neighbour of a new maze cell is a hunting candidate
            j = side(nbr, loc, i, u)
            if j >= 0 and not visited[j] and not queued[j]:
                queued[j] = True
                size = push4(heap, size, j)
        s = _pick(nbr, visited, i, state, False)
        if s >= 0:
            i, t = _carve(cells, nbr, back, i, s, trace, t)
            visited[i] = True
            left -= 1
            visits += 1
            continue
        k = -1
        while size > 0:
            k, size = pop4(heap, size)
            k = np.int64(k)
            if not visited[k]:
                break
            k = -1
        if k < 0:  # cannot happen on a connected grid
            break
        u = _pick(nbr, visited, k, state, True)
        j = _open(cells, nbr, back, k, u)
        t = record(trace, t, EV_CARVE, j, k)  # from the maze out to the hunted cell
        visits += 1
        i = k
        visited[i] = True
        left -= 1
    return s0, visits, 0, t


KERNELS = {
    "backtracker": backtracker,
    "growing_tree": growing_tree,
    "prim": prim,
    "aldous_broder": aldous_broder,
    "wilson": wilson,
    "hunt_and_kill": hunt_and_kill,
}
"""Kernel name -> compiled kernel."""
