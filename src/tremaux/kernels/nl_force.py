"""Number Link kernel: another solution than a known one, by propagation and branching on links.

Private numba functions, arrays in and arrays out; they never raise. The
public adapter is :mod:`tremaux.numberlink.solvers.forcing`.

Every link between two neighbouring cells is on, off or open; every cell has
a set of colours it may still take. After each decision the rules of
:mod:`tremaux.kernels.nl_force_prop` (degree, colour, no closed loop, reach,
another one) are applied until nothing changes.

When every link is decided, the lines are the chains between numbers (no
loop, every cell its degree), so the state is a solution other than the known
one. Branching takes an open link of the most constrained cell, the value the
known solution has first: the search keeps to the known solution as long as
it can and leaves it at the deepest decision first, so the first other
solutions it meets differ from the known one only in the part of the board
decided last (where the other value first sent it across the whole board
below a decision that could not succeed). The search is complete: run to its end
without a solution, it proves the known one the only one, after the same
decisions in either order (a tree with no solution in it is searched whole
whichever value comes first).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit
from .nl_force_prop import EMPTY, _apply, _clear, _complete, _eid, _propagate, _undo
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board

__all__ = ["force_other", "EMPTY"]


@njit(cache=True, interpret=False)
def force_other(grid, h, w, cover, touch, base, budget, out):
    """Another solution than ``base`` (links N1 E2 S4 W8 per cell, flat) of the puzzle ``grid`` (flat pair ids).

    Returns ``(status, nodes)``: status 1 found (its links written to
    ``out``), 0 none other exists, 2 the ``budget`` of decisions ran out.
    Pairs up to 62.
    """
    size = h * w
    ne = 2 * size
    est = np.full(ne, -1, dtype=np.int8)  # link state: -1 open, 0 off, 1 on
    col = np.zeros(size, dtype=np.uint64)
    other = np.arange(size).astype(np.int64)  # the other end of the chain a chain end belongs to
    deg = np.zeros(size, dtype=np.int64)  # links on
    isbase = np.zeros(ne, dtype=np.bool_)
    full = np.uint64(0)
    npairs = 0
    for x in range(size):
        if grid[x] > npairs:
            npairs = grid[x]
    for x in range(size):  # the pairs present
        if grid[x] > 0:
            full |= np.uint64(1) << np.uint64(grid[x])
    for x in range(size):
        if grid[x] > 0:
            col[x] = np.uint64(1) << np.uint64(grid[x])
        else:
            col[x] = full if cover else full | EMPTY
    nbase = 0
    for x in range(size):
        for d in range(1, 3):
            y = _side(x, d, h, w)
            if y < 0:
                continue
            e = _eid(x, d, size, w)
            if base[x] & (1 << d):
                isbase[e] = True
                nbase += 1
    # links that do not exist: East of the last column, South of the last row
    for x in range(size):
        if x % w == w - 1:
            est[x] = 0
        if x // w == h - 1:
            est[size + x] = 0
    based = 0  # links of base that are on
    # trail of changes: kind (0 link, 1 colour, 2 other end, 3 deg), index, old value
    cap = 5 * ne + (npairs + 2) * size + 64  # each link once, each cell's colours shrink at most so often
    tk = np.zeros(cap, dtype=np.int8)
    ti = np.zeros(cap, dtype=np.int64)
    tv = np.zeros(cap, dtype=np.uint64)
    nt = 0
    queue = np.zeros(size, dtype=np.int64)
    inq = np.zeros(size, dtype=np.bool_)
    qh = 0
    qn = 0
    for x in range(size):
        queue[qn] = x
        qn += 1
        inq[x] = True
    enda = np.full(npairs + 1, -1, dtype=np.int64)
    endb = np.full(npairs + 1, -1, dtype=np.int64)
    for x in range(size):
        if grid[x] > 0:
            if enda[grid[x]] < 0:
                enda[grid[x]] = x
            else:
                endb[grid[x]] = x
    mark = np.zeros(size, dtype=np.int64)
    bfs = np.zeros(size, dtype=np.int64)
    cutw = np.zeros((6, size), dtype=np.int64)  # work of the cells each line must pass through
    stack_e = np.zeros(ne + 1, dtype=np.int64)
    stack_v = np.zeros(ne + 1, dtype=np.int8)
    stack_t = np.zeros(ne + 1, dtype=np.int64)
    stack_s = np.zeros(ne + 1, dtype=np.int8)
    depth = 0
    nodes = 0
    ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase, nbase, based,
                                       tk, ti, tv, nt, queue, inq, qh, qn, enda, endb, npairs, mark, bfs, cutw)
    if not ok:
        return 0, nodes
    while True:
        if ok:
            # a decision, or a solution
            best = -1
            bestu = 5
            for x in range(size):
                u = 0
                for d in range(4):
                    y = _side(x, d, h, w)
                    if y >= 0 and est[_eid(x, d, size, w)] == -1:
                        u += 1
                if u == 0:
                    continue
                key = u + (0 if deg[x] == 1 or grid[x] > 0 else 2)  # chain ends first, then fewest open links
                if key < bestu:
                    bestu = key
                    best = x
                    if key == 1:
                        break
            if best < 0:
                if _complete(grid, h, w, cover, touch, est, col, deg, other):
                    for x in range(size):
                        v = 0
                        for d in range(4):
                            y = _side(x, d, h, w)
                            if y >= 0 and est[_eid(x, d, size, w)] == 1:
                                v |= 1 << d
                        out[x] = v
                    return 1, nodes
                ok = False
            else:
                if nodes >= budget:
                    return 2, nodes
                nodes += 1
                e = -1
                for d in range(4):
                    y = _side(best, d, h, w)
                    if y >= 0 and est[_eid(best, d, size, w)] == -1:
                        e = _eid(best, d, size, w)
                        break
                v = 1 if isbase[e] else 0  # the known solution's value first: leave it as late as possible
                stack_e[depth] = e
                stack_v[depth] = v
                stack_t[depth] = nt
                stack_s[depth] = 0
                depth += 1
                ok, nt, qn, based = _apply(e, v, h, w, est, other, deg, isbase, nbase, based, tk, ti, tv, nt,
                                           queue, inq, qh, qn)
                if ok:
                    ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase,
                                                       nbase, based, tk, ti, tv, nt, queue, inq, qh, qn, enda,
                                                       endb, npairs, mark, bfs, cutw)
                continue
        # a contradiction: undo to the last decision with a value left to try
        _clear(queue, inq, qh, qn, size)
        qh = 0
        qn = 0
        while True:
            if depth == 0:
                return 0, nodes
            top = depth - 1
            based = _undo(stack_t[top], est, col, other, deg, isbase, based, tk, ti, tv, nt)
            nt = stack_t[top]
            if stack_s[top] == 0:
                stack_s[top] = 1
                ok, nt, qn, based = _apply(stack_e[top], 1 - stack_v[top], h, w, est, other, deg, isbase, nbase,
                                           based, tk, ti, tv, nt, queue, inq, qh, qn)
                if ok:
                    ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase,
                                                       nbase, based, tk, ti, tv, nt, queue, inq, qh, qn, enda,
                                                       endb, npairs, mark, bfs, cutw)
                break
            depth -= 1
