"""Row-by-row and divide-and-conquer generation kernels: binary tree, sidewinder, recursive division.

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
None of them takes a mask (they need the full rectangle).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .gen_common import EV_CARVE, EV_WALL, begin, chance, finish, rand_below, record


@njit(cache=True)
def binary_tree(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Binary tree: every cell opens north or east (or up, with levels).

    ``params``: ``[p_north]``, the chance of north when both north and east are
    possible on a single level (with levels the choice is uniform).
    ``work``: unused. Visits count the cells.
    """
    if L == 1:  # literal 1: a specialisation with the level tests folded away
        return _binary_tree(cells, mask, use_mask, 1, H, W, start, params, state, work, trace)
    return _binary_tree(cells, mask, use_mask, L, H, W, start, params, state, work, trace)


@njit(cache=True)
def _binary_tree(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    pnorth = params[0]
    begin(cells, mask, use_mask)
    t = 0
    n = cells.shape[0]
    cand = np.empty(3, np.int64)
    for i in range(n):
        c = i % W
        q = i // W
        r = q % H
        lv = q // H
        k = 0
        if r > 0:
            cand[k] = 0
            k += 1
        if c < W - 1:
            cand[k] = 1
            k += 1
        if L > 1 and lv < L - 1:
            cand[k] = 4
            k += 1
        if k == 0:
            continue
        if k == 1:
            d = cand[0]
        elif L == 1:
            d = 0 if chance(state, pnorth) else 1
        else:
            d = cand[rand_below(state, k)]
        if d == 0:
            j = i - W
            od = 2
        elif d == 1:
            j = i + 1
            od = 3
        else:
            j = i + W * H
            od = 5
        cells[i] |= np.uint8(1 << d)
        cells[j] |= np.uint8(1 << od)
        t = record(trace, t, EV_CARVE, i, j)
    finish(cells)
    return -1, n, 0, t


@njit(cache=True)
def sidewinder(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Sidewinder: runs of eastward passages, each closed by one passage north from a random run cell.

    ``params``: ``[p_east]``, the chance of extending the run east. The top row
    is one corridor. ``work``: unused. Single level. Visits count the cells;
    the frontier is the longest run.
    """
    pe = params[0]
    begin(cells, mask, use_mask)
    t = 0
    longest = 0
    for r in range(H):
        run = 0
        for c in range(W):
            i = r * W + c
            close = c == W - 1 or (r > 0 and not chance(state, pe))
            if close:
                if run + 1 > longest:
                    longest = run + 1
                if r > 0:
                    k = i - rand_below(state, run + 1)
                    cells[k] |= np.uint8(1)
                    cells[k - W] |= np.uint8(4)
                    t = record(trace, t, EV_CARVE, k, k - W)
                run = 0
            else:
                cells[i] |= np.uint8(2)
                cells[i + 1] |= np.uint8(8)
                t = record(trace, t, EV_CARVE, i, i + 1)
                run += 1
    finish(cells)
    return -1, np.int64(H) * W, longest, t


@njit(cache=True)
def recursive_division(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Recursive division: start from an open field, split chambers by walls with one gap.

    A chamber taller than wide is split by a horizontal wall, wider than tall
    by a vertical one, a square one at random; chambers one cell wide are
    corridors. Iterative (explicit stack). ``work``: ``4 (H + W + 2)`` int32.
    ``params``: unused. Single level. Visits count the chambers split; the
    frontier is the deepest stack. The trace holds WALL events (it starts from
    an open field).
    """
    begin(cells, mask, use_mask)
    n = cells.shape[0]
    for i in range(n):
        c = i % W
        r = i // W
        v = 0
        if r > 0:
            v |= 1
        if c < W - 1:
            v |= 2
        if r < H - 1:
            v |= 4
        if c > 0:
            v |= 8
        cells[i] = v
    stack = work
    stack[0] = 0
    stack[1] = 0
    stack[2] = H
    stack[3] = W
    top = 1
    maxd = 1
    visits = 0
    t = 0
    while top > 0:
        top -= 1
        r0 = np.int64(stack[4 * top])
        c0 = np.int64(stack[4 * top + 1])
        h = np.int64(stack[4 * top + 2])
        w = np.int64(stack[4 * top + 3])
        if h < 2 or w < 2:
            continue
        visits += 1
        horizontal = h > w or (h == w and chance(state, 0.5))
        if horizontal:
            k = r0 + 1 + rand_below(state, h - 1)
            gap = c0 + rand_below(state, w)
            for c in range(c0, c0 + w):
                if c != gap:
                    a = (k - 1) * W + c
                    cells[a] &= np.uint8(~4 & 63)
                    cells[a + W] &= np.uint8(~1 & 63)
                    t = record(trace, t, EV_WALL, a, a + W)
            stack[4 * top] = r0
            stack[4 * top + 1] = c0
            stack[4 * top + 2] = k - r0
            stack[4 * top + 3] = w
            stack[4 * top + 4] = k
            stack[4 * top + 5] = c0
            stack[4 * top + 6] = r0 + h - k
            stack[4 * top + 7] = w
        else:
            k = c0 + 1 + rand_below(state, w - 1)
            gap = r0 + rand_below(state, h)
            for r in range(r0, r0 + h):
                if r != gap:
                    a = r * W + k - 1
                    cells[a] &= np.uint8(~2 & 63)
                    cells[a + 1] &= np.uint8(~8 & 63)
                    t = record(trace, t, EV_WALL, a, a + 1)
            stack[4 * top] = r0
            stack[4 * top + 1] = c0
            stack[4 * top + 2] = h
            stack[4 * top + 3] = k - c0
            stack[4 * top + 4] = r0
            stack[4 * top + 5] = k
            stack[4 * top + 6] = h
            stack[4 * top + 7] = c0 + w - k
        top += 2
        if top > maxd:
            maxd = top
    finish(cells)
    return -1, visits, maxd, t
