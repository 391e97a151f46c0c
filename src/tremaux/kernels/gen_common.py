"""Helpers shared by the generation kernels (see :mod:`tremaux.kernels.generate`).

Cell values during a run use two scratch bits besides the six side bits:

* ``VISITED`` (128): the cell is part of the maze carved so far;
* ``BLOCKED`` (64): the cell is masked out (never entered, never carved).

:func:`begin` sets them up from the mask, :func:`finish` clears them.

The helpers are compiled once and shared by every kernel that calls them
(numba does not copy them into each caller, which kept the cold compile of
the growing trees several times longer; LLVM still inlines the small ones).
Note: numba's on-disk cache of a caller is not invalidated when a helper here
changes, so clear ``__pycache__`` after editing this file.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .grid import offset
from .rng import next_u64

VISITED = 128
BLOCKED = 64
SIDES = 63
_M32 = 0xFFFFFFFF


@njit(cache=True)
def rand_below(state, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**32`` (Lemire, no modulo bias)."""
    un = uint64(n)
    m = (next_u64(state) >> uint64(32)) * un
    low = m & uint64(_M32)
    if low < un:
        t = (uint64(_M32) - un + uint64(1)) % un
        while low < t:
            m = (next_u64(state) >> uint64(32)) * un
            low = m & uint64(_M32)
    return np.int64(m >> uint64(32))


@njit(cache=True, no_cpython_wrapper=True)
def rand_u31(state):
    """Uniform integer in ``[0, 2**31)``."""
    return np.int64(next_u64(state) >> uint64(33))


@njit(cache=True, no_cpython_wrapper=True)
def chance(state, p):
    """True with probability ``p``."""
    return (next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0) < p


@njit(cache=True)
def begin(cells, mask, use_mask):
    """Zero ``cells``; mark masked cells ``BLOCKED | VISITED``. Returns the number of cells."""
    n = cells.shape[0]
    count = n
    if use_mask:
        count = 0
        for i in range(n):
            if mask[i]:
                cells[i] = 0
                count += 1
            else:
                cells[i] = BLOCKED | VISITED
    else:
        for i in range(n):
            cells[i] = 0
    return count


@njit(cache=True)
def finish(cells):
    """Clear the scratch bits, leaving side bits only (masked cells become 0)."""
    for i in range(cells.shape[0]):
        v = cells[i]
        cells[i] = 0 if v & BLOCKED else v & SIDES


@njit(cache=True)
def pick_start(cells, start, count, state):
    """``start`` if >= 0, else a uniformly random non-blocked cell."""
    if start >= 0:
        return start
    n = cells.shape[0]
    if count == n:
        return rand_below(state, n)
    k = rand_below(state, count)
    for i in range(n):
        if not cells[i] & BLOCKED:
            if k == 0:
                return i
            k -= 1
    return -1


@njit(cache=True)
def record(trace, t, kind, cell, other):
    """Append one event to ``trace`` if there is room; return the new count."""
    if t < trace.shape[0]:
        trace[t, 0] = kind
        trace[t, 1] = cell
        trace[t, 2] = other
        return t + 1
    return t


@njit(cache=True)
def carve(cells, i, d, j):
    """Open the passage ``i -> j`` (direction ``d``) and mark ``j`` visited."""
    cells[i] |= np.uint8(1 << d)
    od = (d + 2) % 4 if d < 4 else 9 - d
    cells[j] |= np.uint8((1 << od) | VISITED)


@njit(cache=True)
def neighbour(i, d, r, c, lv, L, H, W):
    """Neighbour of ``i`` (at row ``r``, col ``c``, level ``lv``) towards ``d``, or -1."""
    if d == 0:
        return i - W if r > 0 else -1
    if d == 1:
        return i + 1 if c < W - 1 else -1
    if d == 2:
        return i + W if r < H - 1 else -1
    if d == 3:
        return i - 1 if c > 0 else -1
    if d == 4:
        return i + W * H if lv < L - 1 else -1
    return i - W * H if lv > 0 else -1


@njit(cache=True)
def choice_buffer(L, H):
    """The scratch array of :func:`open_choices`: six candidate slots, then one entry per row of every level.

    Entry ``6 + q`` of global row ``q`` (``level * H + row``) holds bit 0 when the row has a row above it on
    its level and bit 1 when it has one below. A table look-up replaces the division by ``H`` that finding the
    level would cost on every step, so one compiled kernel serves one level and several at the speed the
    single-level code had (``8 * (L * H + 6)`` bytes: 8 kB for 1000 rows).
    """
    b = np.empty(6 + L * H, np.int64)
    for q in range(L * H):
        r = q % H
        b[6 + q] = np.int64(r > 0) | (np.int64(r < H - 1) << 1)
    return b


@njit(cache=True)
def open_choices(cells, i, L, H, W, cand):
    """Fill ``cand[:k]`` with the directions of unvisited neighbours of ``i``; return ``k``.

    ``cand`` comes from :func:`choice_buffer` (its row table is read here). Row and column come from a
    floating-point reciprocal (exact for indices below 2**50), several times cheaper than an integer division;
    the level moves are tested on the flat index. Nothing branches on ``L``: a branch on the number of levels,
    even one always taken the same way, made the single-level loops 1.3-2.5x slower than a specialisation
    compiled for ``L = 1``, and that specialisation doubled the kernels' compile time.
    """
    WH = W * H
    q = np.int64((i + 0.5) * (1.0 / W))
    c = i - q * W
    f = cand[6 + q]
    # branch-free: read the six neighbours (clamped to the array), keep the unvisited ones
    last = cells.shape[0] - 1
    u0 = (f & 1) & np.int64(((cells[max(i - W, 0)] >> 7) & 1) ^ 1)
    u1 = np.int64(c < W - 1) & np.int64(((cells[min(i + 1, last)] >> 7) & 1) ^ 1)
    u2 = ((f >> 1) & 1) & np.int64(((cells[min(i + W, last)] >> 7) & 1) ^ 1)
    u3 = np.int64(c > 0) & np.int64(((cells[max(i - 1, 0)] >> 7) & 1) ^ 1)
    u4 = np.int64(i + WH <= last) & np.int64(((cells[min(i + WH, last)] >> 7) & 1) ^ 1)
    u5 = np.int64(i >= WH) & np.int64(((cells[max(i - WH, 0)] >> 7) & 1) ^ 1)
    k = 0
    cand[k] = 0
    k += u0
    cand[k] = 1
    k += u1
    cand[k] = 2
    k += u2
    cand[k] = 3
    k += u3
    cand[k] = 4
    k += u4
    cand[k] = 5
    k += u5
    return k


@njit(cache=True)
def offsets(H, W):
    """Flat-index offsets of one step towards each direction (a table: no branches)."""
    o = np.empty(6, np.int64)
    o[0] = -W
    o[1] = 1
    o[2] = W
    o[3] = -1
    o[4] = W * H
    o[5] = -W * H
    return o


@njit(cache=True)
def delta(d, H, W):
    """Flat-index offset of one step towards ``d``."""
    return offset(d, W, W * H)


# trace event kinds (the values of tremaux.trace.Event), and "no cell" for an event's second cell. NumPy
# integers, not Python ones: numba types a Python int constant as a literal and compiles a helper called with
# it once per value (record was compiled eleven times); a NumPy int64 is one type.
EV_CARVE = np.int64(1)
EV_WALL = np.int64(2)
EV_FRONTIER = np.int64(3)
EV_DONE = np.int64(4)
NO_CELL = np.int64(-1)


@njit(cache=True, no_cpython_wrapper=True)
def shuffle_small(state, a, k):
    """Shuffle ``a[:k]`` in place."""
    for x in range(k - 1, 0, -1):
        y = rand_below(state, x + 1)
        t = a[x]
        a[x] = a[y]
        a[y] = t


@njit(cache=True, no_cpython_wrapper=True)
def uf_find(parent, x):
    """Root of ``x`` in a union-find forest (negative entries are roots); path halving."""
    while parent[x] >= 0:
        p = parent[x]
        g = parent[p]
        if g < 0:
            return p
        parent[x] = g
        x = g
    return x


@njit(cache=True, no_cpython_wrapper=True)
def uf_union(parent, a, b):
    """Join roots ``a`` and ``b`` (union by size, sizes stored negated)."""
    if parent[a] > parent[b]:
        t = a
        a = b
        b = t
    parent[a] += parent[b]
    parent[b] = a
