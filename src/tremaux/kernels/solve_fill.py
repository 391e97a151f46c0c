"""Filling kernels: dead-end filling and cul-de-sac filling, then a walk through what is left.

Conventions of :mod:`tremaux.kernels.solve`. Filling needs the global view:
it looks at every cell of the maze at once. The start and the goal are never
filled. After filling, the traveler follows the passages that are left from
the start, depth first (the worklist with a stack), to the goal.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .solve import DEAD, FOUND, MARK, NO_CELL, ROOT, UNSEEN, VISIT, offset, opp, record


@njit(cache=True, no_cpython_wrapper=True)
def _drain(cells, W, HW, start, goal, deg, filled, queue, qh, qt, nf, trace, nev, rec):
    """Fill the queued dead ends and every dead end their filling creates."""
    while qh < qt:
        i = np.int64(queue[qh])
        qh += 1
        if filled[i]:
            continue
        filled[i] = 1
        nf += 1
        v = cells[i]
        other = NO_CELL
        for d in range(6):
            if v & (1 << d):
                j = i + offset(d, W, HW)
                if not filled[j]:
                    other = j
                    before = deg[j]
                    deg[j] = before - 1
                    if before >= 2 and before - 1 <= 1 and j != start and j != goal:
                        queue[qt] = j
                        qt += 1
        if rec:
            nev = record(trace, nev, DEAD, i, other)
    return qh, qt, nf, nev


@njit(cache=True)
def fill(cells, mask, use_mask, L, H, W, start, goal, nooses, deg, filled, queue, prev, trace, rec):
    """Fill dead ends (and, when ``nooses``, cul-de-sacs), then walk what is left.

    Dead-end filling fills every cell with at most one open side to an
    unfilled cell, except the start and the goal, over and over until there
    is none: in a perfect maze only the solution path is left. Cul-de-sac
    filling also fills nooses: a corridor of two-way cells that leaves a
    junction (three ways or more) and comes back to the same junction leads
    nowhere, so it is filled too (which may turn the junction into a dead
    end or a corridor, and so on, round after round). A loop with no
    junction at all is a whole region of its own and is left alone.

    Parameters
    ----------
    mask : bool[n]
        Existing cells (only read when ``use_mask``); masked cells are never filled.
    nooses : bool
        Cul-de-sac filling as well as dead-end filling.
    deg : int8[n], filled : uint8[n], queue : int32[n], prev : uint8[n]
        Scratch. On return ``filled`` holds the filled cells and ``prev`` the
        previous edges of the final walk.
    trace : int64[capacity, 3]
        ``DEAD (cell, neighbour)`` for each filled cell, then the events of
        the depth-first walk (``VISIT``, ``MARK``, ``FOUND``).

    Returns
    -------
    found : bool
    filled_count : int
    walked : int
        Cells taken from the stack in the final walk.
    nev : int
    """
    n = cells.shape[0]
    HW = H * W
    qt = np.int64(0)  # int64, not a literal 0: _drain compiles once
    for i in range(n):
        v = cells[i]
        k = 0
        while v:
            k += v & 1
            v >>= 1
        deg[i] = k
        filled[i] = 0
        if k <= 1 and i != start and i != goal and (not use_mask or mask[i]):
            queue[qt] = i
            qt += 1
    zero = np.int64(0)
    qh, qt, nf, nev = _drain(cells, W, HW, start, goal, deg, filled, queue, zero, qt, zero, trace, zero, rec)
    if nooses:
        changed = True
        while changed:
            changed = False
            for J in range(n):
                if filled[J] or deg[J] < 3 or (use_mask and not mask[J]):
                    continue
                vj = cells[J]
                for d0 in range(6):
                    if not (vj & (1 << d0)):
                        continue
                    first = J + offset(d0, W, HW)
                    if filled[first]:
                        continue
                    # walk the corridor of two-way cells that starts with side d0
                    back = opp(d0)
                    cur = first
                    length = 0
                    while cur != J and cur != start and cur != goal and deg[cur] == 2 and length <= n:
                        vc = cells[cur]
                        nxt = -1
                        for d in range(6):
                            if d != back and vc & (1 << d):
                                j = cur + offset(d, W, HW)
                                if not filled[j]:
                                    nxt = d
                                    break
                        if nxt < 0:
                            break
                        back = opp(nxt)
                        cur = cur + offset(nxt, W, HW)
                        length += 1
                    if cur != J:
                        continue
                    # a noose: fill it, from the side d0 round to J
                    back = opp(d0)
                    cur = first
                    while cur != J:
                        vc = cells[cur]
                        nxt = -1
                        for d in range(6):
                            if d != back and vc & (1 << d):
                                j = cur + offset(d, W, HW)
                                if not filled[j]:
                                    nxt = d
                                    break
                        filled[cur] = 1
                        nf += 1
                        deg[cur] = 0
                        if rec:
                            nev = record(trace, nev, DEAD, cur, NO_CELL)
                        back = opp(nxt)
                        cur = cur + offset(nxt, W, HW)
                    before = deg[J]
                    deg[J] = before - 2
                    changed = True
                    if before >= 2 and before - 2 <= 1 and J != start and J != goal:
                        queue[qt] = J
                        qt += 1
                        qh, qt, nf, nev = _drain(cells, W, HW, start, goal, deg, filled, queue, qh, qt, nf,
                                                 trace, nev, rec)
                    if filled[J]:
                        break
    # walk what is left, depth first
    for i in range(n):
        prev[i] = UNSEEN
    prev[start] = ROOT
    queue[0] = start
    top = 1
    walked = 0
    found = False
    while top > 0:
        top -= 1
        p = np.int64(queue[top])
        walked += 1
        if rec:
            b = prev[p]
            parent = -1 if b == ROOT else p + offset(np.int64(b), W, HW)
            nev = record(trace, nev, VISIT, p, parent)
        if p == goal:
            found = True
            if rec:
                nev = record(trace, nev, FOUND, p, NO_CELL)
            break
        v = cells[p]
        for d in range(6):
            if v & (1 << d):
                q = p + offset(d, W, HW)
                if prev[q] == UNSEEN and not filled[q]:
                    prev[q] = opp(d)
                    queue[top] = q
                    top += 1
                    if rec:
                        nev = record(trace, nev, MARK, q, p)
    return found, nf, walked, nev
