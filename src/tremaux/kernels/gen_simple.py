"""Row-by-row and divide-and-conquer generation kernels: binary tree, sidewinder, recursive division.

Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
None of them takes a mask (they need the full rectangle).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import EV_CARVE, EV_WALL, rand_below, record
from .rng import next_u64


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def binary_tree(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Binary tree: every cell opens north or east (or up, with levels).

    ``params``: ``[p_north]``, the chance of north when both north and east are
    possible on a single level (with levels the choice is uniform).
    ``work``: unused. Visits count the cells. One level has its own loop (half a draw per cell, no
    candidate list); both loops live in this one function, which numba compiles once.
    """
    thr = uint64(min(params[0], 1.0) * 4294967296.0)
    n = cells.shape[0]
    for i in range(n):
        cells[i] = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    if L == 1:
        rec = trace.shape[0] > 0
        for c in range(W - 1):  # top row: east only
            cells[c] |= np.uint8(2)
            cells[c + 1] |= np.uint8(8)
            if rec:
                t = record(trace, t, EV_CARVE, np.int64(c), np.int64(c + 1))
        bits = uint64(0)
        for r in range(1, H):
            base = r * W
            for c in range(W - 1):
                i = base + c
                if c & 1 == 0:
                    bits = next_u64(state)
                north = np.int64((bits & uint64(0xFFFFFFFF)) < thr)
                bits >>= uint64(32)
                j = i - W if north else i + 1
                cells[i] |= np.uint8(2 - north)  # N = 1, E = 2
                cells[j] |= np.uint8(8 - 4 * north)  # S = 4, W = 8
                if rec:
                    t = record(trace, t, EV_CARVE, np.int64(i), np.int64(j))
            i = base + W - 1  # east column: north only
            cells[i] |= np.uint8(1)
            cells[i - W] |= np.uint8(4)
            if rec:
                t = record(trace, t, EV_CARVE, np.int64(i), np.int64(i - W))
        return -1, np.int64(n), 0, t
    cand = np.empty(3, np.int64)
    i = np.int64(0)  # int64 from the start: record() compiles once, not for the literal 0 too
    for lv in range(L):
        for r in range(H):
            for c in range(W):
                k = 0
                if r > 0:
                    cand[k] = 0
                    k += 1
                if c < W - 1:
                    cand[k] = 1
                    k += 1
                if lv < L - 1:
                    cand[k] = 4
                    k += 1
                if k == 0:
                    i += 1
                    continue
                d = cand[0] if k == 1 else cand[rand_below(state, k)]
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
                i += 1
    return -1, np.int64(n), 0, t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def sidewinder(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Sidewinder: runs of eastward passages, each closed by one passage north from a random run cell.

    ``params``: ``[p_east]``, the chance of extending the run east. The top row
    is one corridor. ``work``: unused. Single level. Visits count the cells;
    the frontier is the longest run.
    """
    pe = params[0]
    thr = uint64(min(pe, 1.0) * 4294967296.0)
    n = cells.shape[0]
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    rec = trace.shape[0] > 0
    # Every cell is written once with a plain store (its west and east bits);
    # only the chosen north cell of a run and the cell above it are updated
    # in place, so no clearing pass and no chain of read-modify-writes.
    for c in range(W):
        cells[c] = (2 if c < W - 1 else 0) | (8 if c > 0 else 0)
        if rec and c < W - 1:
            t = record(trace, t, EV_CARVE, c, c + 1)
    longest = W if H == 1 else 0
    for r in range(1, H):
        base = r * W
        run_start = base
        west = 0
        for c in range(W):
            i = base + c
            # one draw: low half decides "carry on east", high half picks the run cell
            x = next_u64(state)
            carry = np.int64((x & uint64(0xFFFFFFFF)) < thr) if c < W - 1 else np.int64(0)
            run = i - run_start + 1
            m = (x >> uint64(32)) * uint64(run)
            if (m & uint64(0xFFFFFFFF)) < uint64(run):  # rare: Lemire's rejection keeps it unbiased
                m = uint64(rand_below(state, run)) << uint64(32)
            k = run_start + np.int64(m >> uint64(32))
            close = 1 - carry
            cells[i] = np.uint8(west | (2 * carry))
            west = 8 * carry
            cells[k] |= np.uint8(close)
            cells[k - W] |= np.uint8(4 * close)
            if rec:
                if carry:
                    t = record(trace, t, EV_CARVE, i, i + 1)
                else:
                    t = record(trace, t, EV_CARVE, k, k - W)
            longest = max(longest, run * close)
            run_start = i + 1 if close else run_start
    return -1, np.int64(H) * W, longest, t


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def recursive_division(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Recursive division: start from an open field, split chambers by walls with one gap.

    A chamber taller than wide is split by a horizontal wall, wider than tall
    by a vertical one, a square one at random; chambers one cell wide are
    corridors. Iterative (explicit stack). ``work``: ``4 (H + W + 2)`` int32.
    ``params``: unused. Single level. Visits count the chambers split; the
    frontier is the deepest stack. The trace holds WALL events (it starts from
    an open field).
    """
    for r in range(H):  # the open field, row by row (inner loop is a constant fill)
        vr = np.uint8((1 if r > 0 else 0) | (4 if r < H - 1 else 0))
        base = r * W
        inner = vr | np.uint8(10)
        for c in range(base + 1, base + W - 1):
            cells[c] = inner
        if W == 1:
            cells[base] = vr
        else:
            cells[base] = vr | np.uint8(2)
            cells[base + W - 1] = vr | np.uint8(8)
    stack = work
    stack[0] = 0
    stack[1] = 0
    stack[2] = H
    stack[3] = W
    top = 1
    maxd = 1
    visits = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    rec = trace.shape[0] > 0
    while top > 0:
        top -= 1
        r0 = np.int64(stack[4 * top])
        c0 = np.int64(stack[4 * top + 1])
        h = np.int64(stack[4 * top + 2])
        w = np.int64(stack[4 * top + 3])
        if h < 2 or w < 2:
            continue
        visits += 1
        # one draw: 32 bits place the wall, 31 bits place the gap, 1 bit orients a square
        x = next_u64(state)
        horizontal = h > w or (h == w and (x >> uint64(63)) != 0)
        span = h - 1 if horizontal else w - 1
        other = w if horizontal else h
        pos = (x & uint64(0xFFFFFFFF)) * uint64(span)
        if (pos & uint64(0xFFFFFFFF)) < uint64(span):  # rare: Lemire's rejection keeps it unbiased
            pos = uint64(rand_below(state, span)) << uint64(32)
        g = ((x >> uint64(32)) & uint64(0x7FFFFFFF)) * uint64(other)
        if (g & uint64(0x7FFFFFFF)) < uint64(other):
            g = uint64(rand_below(state, other)) << uint64(31)
        if horizontal:
            k = r0 + 1 + np.int64(pos >> uint64(32))
            gap = c0 + np.int64(g >> uint64(31))
            base = (k - 1) * W
            for c in range(c0, c0 + w):
                cells[base + c] &= np.uint8(~4 & 63)
                cells[base + W + c] &= np.uint8(~1 & 63)
            cells[base + gap] |= np.uint8(4)
            cells[base + W + gap] |= np.uint8(1)
            if rec:
                for c in range(c0, c0 + w):
                    if c != gap:
                        t = record(trace, t, EV_WALL, base + c, base + W + c)
            if k - r0 >= 2:
                stack[4 * top] = r0
                stack[4 * top + 1] = c0
                stack[4 * top + 2] = k - r0
                stack[4 * top + 3] = w
                top += 1
            if r0 + h - k >= 2:
                stack[4 * top] = k
                stack[4 * top + 1] = c0
                stack[4 * top + 2] = r0 + h - k
                stack[4 * top + 3] = w
                top += 1
        else:
            k = c0 + 1 + np.int64(pos >> uint64(32))
            gap = r0 + np.int64(g >> uint64(31))
            for r in range(r0, r0 + h):
                a = r * W + k - 1
                cells[a] &= np.uint8(~2 & 63)
                cells[a + 1] &= np.uint8(~8 & 63)
            a = gap * W + k - 1
            cells[a] |= np.uint8(2)
            cells[a + 1] |= np.uint8(8)
            if rec:
                for r in range(r0, r0 + h):
                    if r != gap:
                        t = record(trace, t, EV_WALL, r * W + k - 1, r * W + k)
            if k - c0 >= 2:
                stack[4 * top] = r0
                stack[4 * top + 1] = c0
                stack[4 * top + 2] = h
                stack[4 * top + 3] = k - c0
                top += 1
            if c0 + w - k >= 2:
                stack[4 * top] = r0
                stack[4 * top + 1] = k
                stack[4 * top + 2] = h
                stack[4 * top + 3] = c0 + w - k
                top += 1
        if top > maxd:
            maxd = top
    return -1, visits, maxd, t
