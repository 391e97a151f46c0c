"""Number Link kernel: another solution than a known one, by propagation and branching on links.

Private numba functions, arrays in and arrays out; they never raise. The
public adapter is :mod:`tremaux.numberlink.solvers.forcing`.

Every link between two neighbouring cells is on, off or open; every cell has
a set of colours it may still take (the pairs, and "empty" where cells may
stay empty). After each decision these rules are applied until nothing
changes (each one holds in every solution, so nothing that could hold a
solution is cut):

* degree: a number has one link, a line cell two, an empty cell none; so a
  cell with all it needs on has its open links off, and one whose open links
  are just what it still needs has them on;
* colour: linked cells share their colour; a link between cells that share
  no colour is off; without touching, two neighbours of the same single
  colour are linked;
* no closed loop: a link between the two ends of one chain of links is off
  (the ends of every chain are kept, so this is one look-up);
* reach: a pair's colour stays only where its first number reaches, and a
  cell on every way between its two numbers takes that colour alone
  (:func:`.nl_force_cut._separators`);
* another one: the known solution's links cannot all be on.

When every link is decided, the lines are the chains between numbers (no
loop, every cell its degree), so the state is a solution other than the known
one. Branching takes an open link of the most constrained cell, the value the
known solution does not have first. The search is complete: run to its end
without a solution, it proves the known one the only one.

numba's cache does not see changes to a helper imported from another file:
after editing :mod:`tremaux.kernels.nl_search_prune`, clear ``__pycache__`` of
the kernels package.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit
from .nl_force_cut import _separators
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board

__all__ = ["force_other", "EMPTY"]

EMPTY = np.uint64(1)
"""Bit 0 of a colour set: the cell stays empty (pair ``k`` is bit ``k``)."""


@njit(cache=True, interpret=False, inline="always")
def _single(m):
    return m != 0 and (m & (m - np.uint64(1))) == 0


@njit(cache=True, interpret=False, inline="always")
def _eid(x, d, size, w):
    """Link id of ``x``'s link in direction ``d`` (the neighbour must exist)."""
    if d == 0:
        return size + x - w
    if d == 1:
        return x
    if d == 2:
        return size + x
    return x - 1


@njit(cache=True, interpret=False, inline="always")
def _push(tk, ti, tv, nt, kind, i, v):
    """Record on the trail (kind, index, old value) and return its new length."""
    tk[nt] = kind
    ti[nt] = i
    tv[nt] = np.uint64(v)
    return nt + 1


@njit(cache=True, interpret=False, inline="always")
def _join(e, a, b, est, other, deg, tk, ti, tv, nt):
    """Turn link ``e`` between cells ``a`` and ``b`` on, on the trail: the trail's new length, or -1 when a cell
    has its two links already or the link would close a chain into a loop (nothing then changes)."""
    if deg[a] >= 2 or deg[b] >= 2 or (other[a] == b and deg[a] + deg[b] > 0):
        return -1
    nt = _push(tk, ti, tv, nt, 0, e, 0)
    est[e] = 1
    oa, ob = other[a], other[b]
    nt = _push(tk, ti, tv, nt, 2, oa, other[oa])
    other[oa] = ob
    nt = _push(tk, ti, tv, nt, 2, ob, other[ob])
    other[ob] = oa
    nt = _push(tk, ti, tv, nt, 3, a, deg[a])
    deg[a] += 1
    nt = _push(tk, ti, tv, nt, 3, b, deg[b])
    deg[b] += 1
    return nt


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
    pending_e = -1
    pending_v = 0
    while True:
        ok = True
        # apply the pending decision
        if pending_e >= 0:
            e = pending_e
            pending_e = -1
            if est[e] == -1:
                # set link e to pending_v
                if e < size:
                    a, b = e, e + 1
                else:
                    a, b = e - size, e - size + w
                if pending_v == 1:
                    oa, ob = other[a], other[b]
                    joined = _join(e, a, b, est, other, deg, tk, ti, tv, nt)
                    if joined < 0:
                        ok = False
                    else:
                        nt = joined
                        if isbase[e]:
                            based += 1
                        if based == nbase:
                            ok = False
                        for z in (a, b, oa, ob):
                            if not inq[z]:
                                inq[z] = True
                                queue[(qh + qn) % size] = z
                                qn += 1
                else:
                    nt = _push(tk, ti, tv, nt, 0, e, 0)
                    est[e] = 0
                    for z in (a, b):
                        if not inq[z]:
                            inq[z] = True
                            queue[(qh + qn) % size] = z
                            qn += 1
            elif est[e] != pending_v:
                ok = False
        # propagate
        while ok:
            while ok and qn > 0:
                x = queue[qh]
                qh = (qh + 1) % size
                qn -= 1
                inq[x] = False
                on = deg[x]
                unk = 0
                for d in range(4):
                    y = _side(x, d, h, w)
                    if y >= 0 and est[_eid(x, d, size, w)] == -1:
                        unk += 1
                m = col[x]
                if on > 0 and (m & EMPTY):
                    m = m & ~EMPTY
                if m == 0:
                    ok = False
                    break
                # how many links x needs: 1 a number, 2 a line cell, 0 empty, -1 not known yet
                if grid[x] > 0:
                    need = 1
                elif cover or (m & EMPTY) == 0:
                    need = 2
                elif m == EMPTY:
                    need = 0
                else:
                    need = -1
                    if on == 0 and unk == 0:
                        m = EMPTY
                        need = 0
                if m != col[x]:
                    nt = _push(tk, ti, tv, nt, 1, x, col[x])
                    col[x] = m
                    for d in range(4):
                        y = _side(x, d, h, w)
                        if y >= 0 and not inq[y]:
                            inq[y] = True
                            queue[(qh + qn) % size] = y
                            qn += 1
                if need >= 0 and (on > need or on + unk < need):
                    ok = False
                    break
                if need == -1 and on == 0 and unk == 1:
                    need = 0  # one open link cannot make a line cell: it is off
                for d in range(4):
                    y = _side(x, d, h, w)
                    if y < 0:
                        continue
                    e = _eid(x, d, size, w)
                    s = est[e]
                    set_to = -1
                    if s == 1:
                        nm = col[x] & col[y] & ~EMPTY
                        if nm == 0:
                            ok = False
                            break
                        for z in (x, y):
                            if col[z] != nm:
                                nt = _push(tk, ti, tv, nt, 1, z, col[z])
                                col[z] = nm
                                for d2 in range(4):
                                    y2 = _side(z, d2, h, w)
                                    if y2 >= 0 and not inq[y2]:
                                        inq[y2] = True
                                        queue[(qh + qn) % size] = y2
                                        qn += 1
                                if not inq[z]:
                                    inq[z] = True
                                    queue[(qh + qn) % size] = z
                                    qn += 1
                        continue
                    same = _single(col[x]) and col[x] == col[y] and col[x] != EMPTY
                    if s == 0:
                        if not touch and same:
                            ok = False
                            break
                        continue
                    # open link
                    if need == on:
                        set_to = 0
                    elif need >= 0 and on + unk == need:
                        set_to = 1
                    elif (col[x] & col[y] & ~EMPTY) == 0:
                        set_to = 0
                    elif deg[x] <= 1 and deg[y] <= 1 and other[x] == y and deg[x] + deg[y] > 0:
                        set_to = 0  # the two ends of one chain: a closed loop
                    elif not touch and same:
                        set_to = 1
                    if set_to == 0:
                        nt = _push(tk, ti, tv, nt, 0, e, 0)
                        est[e] = 0
                        unk -= 1
                        if not inq[y]:
                            inq[y] = True
                            queue[(qh + qn) % size] = y
                            qn += 1
                    elif set_to == 1:
                        ox, oy = other[x], other[y]
                        joined = _join(e, x, y, est, other, deg, tk, ti, tv, nt)
                        if joined < 0:
                            ok = False
                            break
                        nt = joined
                        if isbase[e]:
                            based += 1
                        on += 1
                        unk -= 1
                        if based == nbase:
                            ok = False
                            break
                        for z in (x, y, ox, oy):
                            if not inq[z]:
                                inq[z] = True
                                queue[(qh + qn) % size] = z
                                qn += 1
            if not ok:
                break
            nt, qn, changed = _reach(grid, h, w, est, col, enda, endb, npairs, mark, bfs, tk, ti, tv, nt,
                                     queue, inq, qh, qn, cutw)
            if changed < 0:
                ok = False
            elif changed == 0:
                break
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
                v = 0 if isbase[e] else 1
                stack_e[depth] = e
                stack_v[depth] = v
                stack_t[depth] = nt
                stack_s[depth] = 0
                depth += 1
                pending_e = e
                pending_v = v
                continue
        # a contradiction: undo to the last decision with a value left to try
        while qn > 0:
            inq[queue[qh]] = False
            qh = (qh + 1) % size
            qn -= 1
        qh = 0
        while True:
            if depth == 0:
                return 0, nodes
            top = depth - 1
            while nt > stack_t[top]:
                nt -= 1
                i = ti[nt]
                if tk[nt] == 0:
                    if est[i] == 1 and isbase[i]:
                        based -= 1
                    est[i] = -1
                elif tk[nt] == 1:
                    col[i] = tv[nt]
                elif tk[nt] == 2:
                    other[i] = np.int64(tv[nt])
                else:
                    deg[i] = np.int64(tv[nt])
            if stack_s[top] == 0:
                stack_s[top] = 1
                pending_e = stack_e[top]
                pending_v = 1 - stack_v[top]
                break
            depth -= 1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _reach(grid, h, w, est, col, enda, endb, npairs, mark, bfs, tk, ti, tv, nt, queue, inq, qh, qn, cutw):
    """Each pair's colour kept only on the cells its first number reaches through cells that may take it and
    links not off, and the cells on every way between its numbers given that colour alone
    (:func:`.nl_force_cut._separators`, work arrays ``cutw``); ``changed`` -1 when a pair's partner is out of
    reach (or a cell has no colour left), else the number of cells whose colours shrank (queued again with
    their neighbours). Returns ``(nt, qn, changed)``."""
    size = h * w
    changed = 0
    for k in range(1, npairs + 1):
        bit = np.uint64(1) << np.uint64(k)
        a = enda[k]
        if a < 0 or endb[k] < 0:  # no such pair
            continue
        n = 1
        bfs[0] = a
        for x in range(size):
            mark[x] = 0
        mark[a] = 1
        i = 0
        while i < n:
            x = bfs[i]
            i += 1
            for d in range(4):
                y = _side(x, d, h, w)
                if y >= 0 and mark[y] == 0 and (col[y] & bit) and est[_eid(x, d, size, w)] != 0:
                    mark[y] = 1
                    bfs[n] = y
                    n += 1
        if mark[endb[k]] == 0:
            return nt, qn, -1
        for x in range(size):
            if mark[x] == 0 and (col[x] & bit):
                nt = _push(tk, ti, tv, nt, 1, x, col[x])
                col[x] = col[x] & ~bit
                if col[x] == 0:
                    return nt, qn, -1
                changed += 1
                for d in range(5):
                    z = x if d == 4 else _side(x, d, h, w)
                    if z >= 0 and not inq[z]:
                        inq[z] = True
                        queue[(qh + qn) % size] = z
                        qn += 1
        ns = _separators(h, w, est, mark, a, endb[k], cutw[0], cutw[1], cutw[2], cutw[3], cutw[4], cutw[5])
        for j in range(ns):  # on every way between the numbers: the line passes there
            x = cutw[5, j]
            if col[x] != bit:
                nt = _push(tk, ti, tv, nt, 1, x, col[x])
                col[x] = bit
                changed += 1
                for d in range(5):
                    z = x if d == 4 else _side(x, d, h, w)
                    if z >= 0 and not inq[z]:
                        inq[z] = True
                        queue[(qh + qn) % size] = z
                        qn += 1
    return nt, qn, changed


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _complete(grid, h, w, cover, touch, est, col, deg, other):
    """Whether the fully decided links are a solution: every number's chain ends on its partner, every
    cell its degree, and without ``touch`` no two cells of one colour side by side unlinked."""
    size = h * w
    for x in range(size):
        if grid[x] > 0:
            if deg[x] != 1 or grid[other[x]] != grid[x] or other[x] == x:
                return False
        elif deg[x] == 1 or deg[x] > 2 or (cover and deg[x] != 2):
            return False
        if not touch and deg[x] > 0:
            for d in (1, 2):
                y = _side(x, d, h, w)
                if y >= 0 and deg[y] > 0 and est[_eid(x, d, size, w)] != 1 and col[x] == col[y]:
                    return False
    return True
