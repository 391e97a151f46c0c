"""Random-walk generation kernels: Aldous-Broder and Wilson (uniform spanning trees).

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
The walks track the row, column and level of the walker, so a step costs no
division; directions come two (three with levels) bits at a time from one
64-bit draw, with rejection of moves off the grid or into masked cells, which
keeps every allowed move equally likely.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import BLOCKED, EV_CARVE, VISITED, begin, finish, pick_start, record
from .grid import offset
from .rng import next_u64


@njit(cache=True, inline="always")
def _move(i, r, c, lv, d, L, H, W):
    """``(j, r, c, lv)`` after a step towards ``d``; ``j = -1`` off the grid."""
    if d == 0:
        if r == 0:
            return -1, r, c, lv
        return i - W, r - 1, c, lv
    if d == 1:
        if c == W - 1:
            return -1, r, c, lv
        return i + 1, r, c + 1, lv
    if d == 2:
        if r == H - 1:
            return -1, r, c, lv
        return i + W, r + 1, c, lv
    if d == 3:
        if c == 0:
            return -1, r, c, lv
        return i - 1, r, c - 1, lv
    if d == 4:
        if lv == L - 1:
            return -1, r, c, lv
        return i + W * H, r, c, lv + 1
    if lv == 0:
        return -1, r, c, lv
    return i - W * H, r, c, lv - 1


@njit(cache=True)
def aldous_broder(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Aldous-Broder: a random walk that carves into every cell it enters for the first time.

    Gives a uniform spanning tree. ``work``, ``params``: unused.
    Visits count the walk steps. The step is branch-free: direction tables
    give the index and coordinate changes, and a 6-bit "allowed" mask built
    from the coordinates rejects moves off the grid.
    """
    if L == 1:  # literal 1: a specialisation with the level tests folded away
        return _aldous_broder(cells, mask, use_mask, 1, H, W, start, params, state, work, trace)
    return _aldous_broder(cells, mask, use_mask, L, H, W, start, params, state, work, trace)


@njit(cache=True, literals=True)  # compiled apart for the literal L = 1 its caller passes (a faster loop)
def _aldous_broder(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cells[s] |= VISITED
    remaining = count - 1
    i = np.int64(s)
    c = i % W
    r = (i // W) % H
    lv = i // (W * H)
    off = np.empty(8, np.int64)
    dr = np.zeros(8, np.int64)
    dc = np.zeros(8, np.int64)
    dl = np.zeros(8, np.int64)
    off[0] = -W
    off[1] = 1
    off[2] = W
    off[3] = -1
    off[4] = W * H
    off[5] = -W * H
    off[6] = 0
    off[7] = 0
    dr[0] = -1
    dr[2] = 1
    dc[1] = 1
    dc[3] = -1
    dl[4] = 1
    dl[5] = -1
    bits = uint64(0)
    nbits = 0
    width = 2 if L == 1 else 3
    lowmask = uint64(3) if L == 1 else uint64(7)
    visits = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    while remaining > 0:
        if nbits < width:
            bits = next_u64(state)
            nbits = 64
        d = np.int64(bits & lowmask)
        bits = bits >> uint64(width)
        nbits -= width
        allowed = (np.int64(r > 0) | (np.int64(c < W - 1) << 1) | (np.int64(r < H - 1) << 2)
                   | (np.int64(c > 0) << 3) | (np.int64(lv < L - 1) << 4) | (np.int64(lv > 0) << 5))
        if not (allowed >> d) & 1:
            continue
        j = i + off[d]
        v = cells[j]
        if v & BLOCKED:
            continue
        visits += 1
        if not v & VISITED:
            od = (d + 2) % 4 if d < 4 else 9 - d
            cells[i] |= np.uint8(1 << d)
            cells[j] = v | np.uint8((1 << od) | VISITED)
            remaining -= 1
            t = record(trace, t, EV_CARVE, i, j)
        i = j
        r += dr[d]
        c += dc[d]
        lv += dl[d]
    finish(cells)
    return s, visits, 0, t


@njit(cache=True)
def wilson(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Wilson: loop-erased random walks from each cell outside the tree until they hit it.

    The tree starts as ``start`` (or a random cell); walks start from the
    remaining cells in row-major order. Each cell remembers the direction it
    was last left by, which erases loops for free. Gives a uniform spanning
    tree. ``work``: ``n`` int32. Visits count the walk steps; the frontier is the
    longest loop-erased path added.
    """
    if L == 1:  # literal 1: a specialisation with the level tests folded away
        return _wilson(cells, mask, use_mask, 1, H, W, start, params, state, work, trace)
    return _wilson(cells, mask, use_mask, L, H, W, start, params, state, work, trace)


@njit(cache=True, no_cpython_wrapper=True, literals=True)  # and for L = 1, as _aldous_broder
def _wilson(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    n = cells.shape[0]
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cells[s] |= VISITED
    nxt = work
    width = 2 if L == 1 else 3
    lowmask = uint64(3) if L == 1 else uint64(7)
    bits = uint64(0)
    nbits = 0
    visits = 0
    longest = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    for s0 in range(n):
        if cells[s0] & VISITED:
            continue
        i = np.int64(s0)
        c = i % W
        r = (i // W) % H
        lv = i // (W * H)
        while not cells[i] & VISITED:
            if nbits < width:
                bits = next_u64(state)
                nbits = 64
            d = np.int64(bits & lowmask)
            bits = bits >> uint64(width)
            nbits -= width
            if d >= 6:
                continue
            j, r2, c2, lv2 = _move(i, r, c, lv, d, L, H, W)
            if j < 0 or cells[j] & BLOCKED:
                continue
            visits += 1
            nxt[i] = d
            i = j
            r = r2
            c = c2
            lv = lv2
        i = np.int64(s0)
        length = 0
        while not cells[i] & VISITED:
            d = np.int64(nxt[i])
            j = i + offset(d, W, W * H)
            od = (d + 2) % 4 if d < 4 else 9 - d
            cells[i] |= np.uint8((1 << d) | VISITED)
            cells[j] |= np.uint8(1 << od)
            t = record(trace, t, EV_CARVE, i, j)
            length += 1
            i = j
        if length > longest:
            longest = length
    finish(cells)
    return s, visits, longest, t
