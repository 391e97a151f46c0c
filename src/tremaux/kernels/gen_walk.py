"""Random-walk generation kernels: Aldous-Broder and Wilson (uniform spanning trees).

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
The walks track the global row (``level * H + row``) and the column of the
walker, so a step costs no division; directions come two (three with levels)
bits at a time from one 64-bit draw, with rejection of moves off the grid or
into masked cells, which keeps every allowed move equally likely. Every step
reads the same tables (:func:`walk_tables`) on one level and several, so each
walk is compiled once for every number of levels (a specialisation for one
level used to double its compile time) and runs as fast as that copy did.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import BLOCKED, EV_CARVE, VISITED, begin, finish, pick_start, record
from .rng import next_u64


@njit(cache=True, no_cpython_wrapper=True)
def walk_tables(L, H, W):
    """The random walks' tables: one array of ``40 + L * H`` int64 (one allocation, one compiled type).

    ``[0:8]`` the flat-index step of each drawn direction (0 for 6 and 7, never allowed), ``[8:16]`` its step in
    global rows (``level * H + row``), ``[16:24]`` in columns, ``[24:32]`` the side bit it opens in the cell
    left, ``[32:40]`` the side bit and ``VISITED`` it sets in the cell entered, then one entry per global row:
    the bits of the moves its cells allow by row and level (N, S, U, D at their direction's bit). A step then
    costs table reads only, the same on one level and several, so one compiled walk serves every ``L``.
    """
    WH = W * H
    t = np.zeros(40 + L * H, np.int64)
    t[0] = -W
    t[1] = 1
    t[2] = W
    t[3] = -1
    t[4] = WH
    t[5] = -WH
    t[8] = -1
    t[10] = 1
    t[12] = H
    t[13] = -H
    t[17] = 1
    t[19] = -1
    for d in range(6):
        od = (d + 2) % 4 if d < 4 else 9 - d
        t[24 + d] = 1 << d
        t[32 + d] = (1 << od) | VISITED
    for q in range(L * H):
        r = q % H
        lv = q // H
        t[40 + q] = (np.int64(r > 0) | (np.int64(r < H - 1) << 2) | (np.int64(lv < L - 1) << 4)
                     | (np.int64(lv > 0) << 5))
    return t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def aldous_broder(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Aldous-Broder: a random walk that carves into every cell it enters for the first time.

    Gives a uniform spanning tree. ``work``, ``params``: unused.
    Visits count the walk steps. The step is branch-free: the tables of :func:`walk_tables` give the index,
    row and column changes and the side bits, and a 6-bit "allowed" mask (a row-table entry and two column
    tests) rejects moves off the grid.
    """
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cells[s] |= VISITED
    remaining = count - 1
    i = np.int64(s)
    c = i % W
    q = i // W
    tab = walk_tables(L, H, W)
    off = tab[0:8]
    dq = tab[8:16]
    dc = tab[16:24]
    side = tab[24:32]
    oside = tab[32:40]
    rows = tab[40:]
    bits = uint64(0)
    nbits = 0
    width = np.int64(2 if L == 1 else 3)
    uwidth = uint64(width)
    lowmask = uint64(3) if L == 1 else uint64(7)
    visits = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    while remaining > 0:
        if nbits < width:
            bits = next_u64(state)
            nbits = 64
        d = np.int64(bits & lowmask)
        bits = bits >> uwidth
        nbits -= width
        allowed = rows[q] | (np.int64(c < W - 1) << 1) | (np.int64(c > 0) << 3)
        if not (allowed >> d) & 1:
            continue
        j = i + off[d]
        v = cells[j]
        if v & BLOCKED:
            continue
        visits += 1
        if not v & VISITED:
            cells[i] |= np.uint8(side[d])
            cells[j] = v | np.uint8(oside[d])
            remaining -= 1
            t = record(trace, t, EV_CARVE, i, j)
        i = j
        q += dq[d]
        c += dc[d]
    finish(cells)
    return s, visits, 0, t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def wilson(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Wilson: loop-erased random walks from each cell outside the tree until they hit it.

    The tree starts as ``start`` (or a random cell); walks start from the
    remaining cells in row-major order. Each cell remembers the direction it
    was last left by, which erases loops for free. Gives a uniform spanning
    tree. ``work``: ``n`` int32. Visits count the walk steps; the frontier is the
    longest loop-erased path added. The step reads the tables of :func:`walk_tables`, as Aldous-Broder's does.
    """
    n = cells.shape[0]
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cells[s] |= VISITED
    nxt = work
    tab = walk_tables(L, H, W)
    off = tab[0:8]
    dq = tab[8:16]
    dc = tab[16:24]
    side = tab[24:32]
    oside = tab[32:40]
    rows = tab[40:]
    width = np.int64(2 if L == 1 else 3)
    uwidth = uint64(width)
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
        q = i // W
        while not cells[i] & VISITED:
            if nbits < width:
                bits = next_u64(state)
                nbits = 64
            d = np.int64(bits & lowmask)
            bits = bits >> uwidth
            nbits -= width
            allowed = rows[q] | (np.int64(c < W - 1) << 1) | (np.int64(c > 0) << 3)
            if not (allowed >> d) & 1:
                continue
            j = i + off[d]
            if cells[j] & BLOCKED:
                continue
            visits += 1
            nxt[i] = d
            i = j
            q += dq[d]
            c += dc[d]
        i = np.int64(s0)
        length = 0
        while not cells[i] & VISITED:
            d = np.int64(nxt[i])
            j = i + off[d]
            cells[i] |= np.uint8(side[d] | VISITED)
            cells[j] |= np.uint8(oside[d] ^ VISITED)
            t = record(trace, t, EV_CARVE, i, j)
            length += 1
            i = j
        if length > longest:
            longest = length
    finish(cells)
    return s, visits, longest, t
