"""Tree-growing generation kernels: backtracker and hunt-and-kill.

The growing-tree family (growing tree on cells and arcs, growing forest) lives in
:mod:`tremaux.kernels.gen_grow` and is importable from here too. Every kernel has the signature
documented in :mod:`tremaux.kernels.generate`.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import (
    NO_CELL,
    BLOCKED,
    EV_CARVE,
    EV_DONE,
    EV_FRONTIER,
    VISITED,
    begin,
    carve,
    choice_buffer,
    finish,
    offsets,
    open_choices,
    pick_start,
    rand_below,
    record,
)

from .gen_grow import growing_forest, growing_tree, growing_tree_arcs  # noqa: F401  (their former home)


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def backtracker(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Iterative depth-first search (recursive backtracker), the "fixed" growing tree with a stack.

    ``work``: ``ceil(n / 4)`` int32, used as ``n`` bytes: for each cell, the
    direction back to the cell it was carved from. Backing up follows these
    instead of popping a stack of cell indices, which would take four bytes
    per cell; the maze, the visits and the deepest path are the same.
    ``params``: unused. Visits count every look at the current cell: ``2 * cells - 1``.
    """
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    back = work.view(np.uint8)
    cand = choice_buffer(L, H)
    off = offsets(H, W)
    cells[s] |= VISITED
    i = np.int64(s)
    depth = 1
    maxd = 1
    visits = 0
    t = record(trace, np.int64(0), EV_FRONTIER, s, NO_CELL)
    while depth > 0:
        visits += 1
        k = open_choices(cells, i, L, H, W, cand)
        if k == 0:
            depth -= 1
            t = record(trace, t, EV_DONE, i, NO_CELL)
            if depth > 0:
                i = i + off[back[i]]
            continue
        d = cand[0] if k == 1 else cand[rand_below(state, k)]
        j = i + off[d]
        carve(cells, i, d, j)
        back[j] = (d ^ 1) if d >= 4 else ((d + 2) & 3)
        i = j
        depth += 1
        if depth > maxd:
            maxd = depth
        t = record(trace, t, EV_CARVE, i - off[d], j)
        t = record(trace, t, EV_FRONTIER, j, i - off[d])
    finish(cells)
    return s, visits, maxd, t


# ----------------------------------------------------------------------------- hunt-and-kill
@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def hunt_and_kill(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Random walk to unvisited cells; when stuck, hunt for the first unvisited cell
    (in row-major order) next to the maze and join it to a random visited neighbour.

    ``work``: unused (length 0 is fine). ``params``: unused.
    Visits count the walk steps plus the cells looked at while hunting; the
    "frontier" is the number of hunts. The hunt keeps a lower bound of the first
    candidate, so the scan never restarts from the top: same mazes as the
    textbook version, in linear time on unmasked grids.
    """
    n = cells.shape[0]
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cand = choice_buffer(L, H)
    off = offsets(H, W)
    cells[s] |= VISITED
    reached = 1
    lb = np.int64(0)  # int64, not a literal 0: carve and record compile once
    visits = 0
    hunts = 0
    t = record(trace, np.int64(0), EV_FRONTIER, s, NO_CELL)
    i = s
    while True:
        k = open_choices(cells, i, L, H, W, cand)
        if k > 0:
            for y in range(k):  # new candidates for the hunt
                m = i + off[cand[y]]
                if m < lb:
                    lb = m
            d = cand[0] if k == 1 else cand[rand_below(state, k)]
            j = i + off[d]
            carve(cells, i, d, j)
            t = record(trace, t, EV_CARVE, i, j)
            reached += 1
            visits += 1
            i = j
            continue
        if reached >= count:
            break
        # hunt: first unvisited cell with a visited (non-blocked) neighbour
        hunts += 1
        q = lb
        found = -1
        while q < n:
            visits += 1
            if not cells[q] & VISITED:
                c = q % W
                rr = q // W
                r = rr % H
                lv = rr // H
                kk = 0
                if r > 0 and (cells[q - W] & (VISITED | BLOCKED)) == VISITED:
                    cand[kk] = 0
                    kk += 1
                if c < W - 1 and (cells[q + 1] & (VISITED | BLOCKED)) == VISITED:
                    cand[kk] = 1
                    kk += 1
                if r < H - 1 and (cells[q + W] & (VISITED | BLOCKED)) == VISITED:
                    cand[kk] = 2
                    kk += 1
                if c > 0 and (cells[q - 1] & (VISITED | BLOCKED)) == VISITED:
                    cand[kk] = 3
                    kk += 1
                if L > 1:
                    if lv < L - 1 and (cells[q + W * H] & (VISITED | BLOCKED)) == VISITED:
                        cand[kk] = 4
                        kk += 1
                    if lv > 0 and (cells[q - W * H] & (VISITED | BLOCKED)) == VISITED:
                        cand[kk] = 5
                        kk += 1
                if kk > 0:
                    d = cand[0] if kk == 1 else cand[rand_below(state, kk)]
                    m = q + off[d]
                    carve(cells, m, (d + 2) % 4 if d < 4 else 9 - d, q)
                    t = record(trace, t, EV_CARVE, m, q)
                    reached += 1
                    found = q
                    break
            q += 1
        if found < 0:  # pragma: no cover - unreachable on a connected mask
            break
        lb = found
        i = found
    finish(cells)
    return s, visits, hunts, t
