"""Set-merging generation kernels: Kruskal (random path merging) and Eller.

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import BLOCKED, EV_CARVE, begin, chance, finish, rand_below, record, uf_find, uf_union
from .rng import next_u64


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def kruskal(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Random path merging: open walls in random order when they join two different paths.

    Every cell starts as its own path (set); a wall is opened only between two
    cells of different sets, which are then merged (union-find with union by
    size and path halving). ``work``: ``(1 + e/n) n`` int32 (parents, then
    walls; ``e`` = 2n, 3n with levels). The random order of the walls is made
    by bucket scattering then in-cache shuffles, and merging stops after
    ``cells - 1`` merges. A wall is stored as ``cell * 4 + k`` (``k``: east, south, up), so grids are
    limited to 2**29 cells. ``params``, ``start``: unused.
    Visits count the walls examined.
    """
    n = cells.shape[0]
    K = 2 if L == 1 else 3
    count = begin(cells, mask, use_mask)
    parent = work[0:n]
    edges = work[n:]
    for i in range(n):
        parent[i] = -1
    # A uniformly random order of the walls, built cache-friendly (Rao-Sandelius):
    # each wall draws one of NB buckets (pass 1 counts, pass 2 replays the same
    # draws and scatters), then each bucket, small enough for the cache, is
    # shuffled by Fisher-Yates. Multinomial buckets + uniform shuffles inside
    # them give every order the same probability.
    m_est = K * n
    bbits = 0
    while bbits < 12 and (m_est >> (bbits + 16)) > 0:
        bbits += 1
    NB = 1 << bbits
    counts = np.zeros(NB + 1, np.int64)
    saved = state.copy()
    for rep in range(2):
        if rep == 1:
            for q in range(saved.shape[0]):  # a loop: a slice assignment would compile numba's error message
                state[q] = saved[q]         # formatting (strings, repr: 0.7 s of a cold start)
            total = 0
            for b in range(NB):
                c0 = counts[b]
                counts[b] = total
                total += c0
            counts[NB] = total
        bits = uint64(0)
        nbits = 0
        r = 0
        c = 0
        lv = 0
        for i in range(n):
            if not cells[i] & BLOCKED:
                for k in range(K):
                    if k == 0:
                        ok = c < W - 1 and not cells[i + 1] & BLOCKED
                    elif k == 1:
                        ok = r < H - 1 and not cells[i + W] & BLOCKED
                    else:
                        ok = lv < L - 1 and not cells[i + W * H] & BLOCKED
                    if not ok:
                        continue
                    b = 0
                    if bbits > 0:
                        if nbits < bbits:
                            bits = next_u64(state)
                            nbits = 64
                        b = np.int64(bits & uint64(NB - 1))
                        bits >>= uint64(bbits)
                        nbits -= bbits
                    if rep == 0:
                        counts[b] += 1
                    else:
                        edges[counts[b]] = i * 4 + k
                        counts[b] += 1
            c += 1
            if c == W:
                c = 0
                r += 1
                if r == H:
                    r = 0
                    lv += 1
    m = counts[NB]
    lo = 0
    for b in range(NB):
        hi = counts[b]  # after pass 2, counts[b] is the end of bucket b
        for x in range(hi - 1, lo, -1):
            y = lo + rand_below(state, x - lo + 1)
            e = edges[x]
            edges[x] = edges[y]
            edges[y] = e
        lo = hi
    # Merge in that order; each batch first touches the parents it will need,
    # so the cache misses overlap, then merges sequentially.
    merges = 0
    visits = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    B = 64
    touched = np.zeros(1, np.int64)
    acc = 0
    x = 0
    while x < m and merges < count - 1:
        nb = min(B, m - x)
        for q in range(x, x + nb):
            e = np.int64(edges[q])
            i = e >> 2
            k = e & 3
            acc += parent[i] + parent[i + 1 if k == 0 else (i + W if k == 1 else i + W * H)]
        for q in range(x, x + nb):
            if merges >= count - 1:
                break
            e = np.int64(edges[q])
            visits += 1
            i = e >> 2
            k = e & 3
            if k == 0:
                j = i + 1
                a, c = 2, 8
            elif k == 1:
                j = i + W
                a, c = 4, 1
            else:
                j = i + W * H
                a, c = 16, 32
            ri = uf_find(parent, i)
            rj = uf_find(parent, j)
            if ri != rj:
                uf_union(parent, ri, rj)
                cells[i] |= np.uint8(a)
                cells[j] |= np.uint8(c)
                merges += 1
                t = record(trace, t, EV_CARVE, i, j)
        x += nb
    touched[0] = acc  # keeps the touching loads alive
    finish(cells)
    return -1, visits, 0, t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def eller(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Eller's algorithm: one row at a time, keeping only that row's sets.

    ``params``: ``[p_east, p_south]``, the probability of joining two adjacent
    cells of different sets, and of each extra passage down (every set gets at
    least one). ``work``: ``6 W`` int32. Single level, no mask.
    Visits count the cells processed.
    """
    pe = params[0]
    ps = params[1]
    begin(cells, mask, use_mask)
    lab = work[0:W]
    par = work[W:2 * W]
    cnt = work[2 * W:3 * W]
    cho = work[3 * W:4 * W]
    dn = work[4 * W:5 * W]
    hd = work[5 * W:6 * W]
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    for c in range(W):
        lab[c] = c
    for r in range(H):
        base = r * W
        last = r == H - 1
        for x in range(W):
            par[x] = -1
        for c in range(W - 1):
            a = uf_find(par, np.int64(lab[c]))
            b = uf_find(par, np.int64(lab[c + 1]))
            if a != b and (last or chance(state, pe)):
                uf_union(par, a, b)
                cells[base + c] |= np.uint8(2)
                cells[base + c + 1] |= np.uint8(8)
                t = record(trace, t, EV_CARVE, base + c, base + c + 1)
        if last:
            break
        for x in range(W):
            cnt[x] = 0
            hd[x] = 0
        for c in range(W):
            R = uf_find(par, np.int64(lab[c]))
            lab[c] = R
            cnt[R] += 1
            if rand_below(state, np.int64(cnt[R])) == 0:
                cho[R] = c
            if chance(state, ps):
                dn[c] = 1
                hd[R] = 1
            else:
                dn[c] = 0
        for c in range(W):
            R = lab[c]
            if hd[R] == 0 and cho[R] == c:
                dn[c] = 1
        for x in range(W):
            cnt[x] = -1  # now: old root -> new label
        nxt = 0
        for c in range(W):
            if dn[c]:
                cells[base + c] |= np.uint8(4)
                cells[base + c + W] |= np.uint8(1)
                t = record(trace, t, EV_CARVE, base + c, base + c + W)
                R = lab[c]
                if cnt[R] < 0:
                    cnt[R] = nxt
                    nxt += 1
                lab[c] = cnt[R]
        for c in range(W):
            if not dn[c]:
                lab[c] = nxt
                nxt += 1
    finish(cells)
    return -1, np.int64(H) * W, 0, t
