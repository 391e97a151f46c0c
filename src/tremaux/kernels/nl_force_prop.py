"""Number Link kernel: the propagation of the rule on links, for the search of :mod:`tremaux.kernels.nl_force`.

Private numba functions, arrays in and arrays out; they never raise.

Every link between two neighbouring cells is on, off or open (``est`` 1, 0,
-1); every cell has a set of colours it may still take (``col``: the pairs,
and "empty" where cells may stay empty); ``other`` holds the other end of the
chain of links a chain end belongs to, ``deg`` a cell's links on. Every change
goes on a trail (kind, index, old value) so that :func:`_undo` takes it back.
:func:`_propagate` applies these rules until nothing changes (each one holds
in every solution, so nothing that could hold a solution is cut):

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
* another one: the known solution's links (``isbase``, ``nbase`` of them)
  cannot all be on (``based`` of them are).

numba's cache does not see changes to a helper imported from another file:
after editing :mod:`tremaux.kernels.nl_search_prune` or
:mod:`tremaux.kernels.nl_force_cut`, clear ``__pycache__`` of the kernels package.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit
from .nl_force_cut import _separators
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board

__all__: list[str] = []

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
                qn = _enq_around(queue, inq, qh, qn, size, x, h, w)
        ns = _separators(h, w, est, mark, a, endb[k], cutw[0], cutw[1], cutw[2], cutw[3], cutw[4], cutw[5])
        for j in range(ns):  # on every way between the numbers: the line passes there
            x = cutw[5, j]
            if col[x] != bit:
                nt = _push(tk, ti, tv, nt, 1, x, col[x])
                col[x] = bit
                changed += 1
                qn = _enq_around(queue, inq, qh, qn, size, x, h, w)
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


@njit(cache=True, interpret=False, inline="always")
def _enq(queue, inq, qh, qn, size, z):
    """Queue cell ``z`` unless it waits already; the queue's new length."""
    if not inq[z]:
        inq[z] = True
        queue[(qh + qn) % size] = z
        qn += 1
    return qn


@njit(cache=True, interpret=False, inline="always")
def _enq_around(queue, inq, qh, qn, size, x, h, w):
    """Queue the neighbours of cell ``x``, then ``x`` (those not waiting already); the queue's new length."""
    for d in range(4):
        y = _side(x, d, h, w)
        if y >= 0:
            qn = _enq(queue, inq, qh, qn, size, y)
    return _enq(queue, inq, qh, qn, size, x)


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _clear(queue, inq, qh, qn, size):
    """Empty the queue (after a contradiction)."""
    while qn > 0:
        inq[queue[qh]] = False
        qh = (qh + 1) % size
        qn -= 1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _apply(e, v, h, w, est, other, deg, isbase, nbase, based, tk, ti, tv, nt, queue, inq, qh, qn):
    """Set link ``e`` to ``v`` (1 on, 0 off) and queue the cells it concerns. Returns ``(ok, nt, qn, based)``:
    ``ok`` False when it contradicts the link's state, a cell's two links, a loop or the known solution."""
    size = h * w
    if est[e] != -1:
        return est[e] == v, nt, qn, based
    if e < size:
        a, b = e, e + 1
    else:
        a, b = e - size, e - size + w
    if v == 1:
        oa, ob = other[a], other[b]
        joined = _join(e, a, b, est, other, deg, tk, ti, tv, nt)
        if joined < 0:
            return False, nt, qn, based
        nt = joined
        if isbase[e]:
            based += 1
        for z in (a, b, oa, ob):
            qn = _enq(queue, inq, qh, qn, size, z)
        return based < nbase, nt, qn, based
    nt = _push(tk, ti, tv, nt, 0, e, 0)
    est[e] = 0
    for z in (a, b):
        qn = _enq(queue, inq, qh, qn, size, z)
    return True, nt, qn, based


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _undo(stop, est, col, other, deg, isbase, based, tk, ti, tv, nt):
    """Take the trail back to its length ``stop``. Returns ``based``."""
    while nt > stop:
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
    return based


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase, nbase, based, tk, ti, tv, nt,
               queue, inq, qh, qn, enda, endb, npairs, mark, bfs, cutw):
    """The rules of the module applied to the queued cells (and the reach of every pair) until nothing changes.

    Returns ``(ok, nt, qh, qn, based)``; ``ok`` False on a contradiction,
    the queue then emptied (the changes stay on the trail for :func:`_undo`).
    """
    size = h * w
    ok = True
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
                    if y >= 0:
                        qn = _enq(queue, inq, qh, qn, size, y)
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
                            qn = _enq_around(queue, inq, qh, qn, size, z, h, w)
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
                    qn = _enq(queue, inq, qh, qn, size, y)
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
                        qn = _enq(queue, inq, qh, qn, size, z)
        if not ok:
            break
        nt, qn, changed = _reach(grid, h, w, est, col, enda, endb, npairs, mark, bfs, tk, ti, tv, nt,
                                 queue, inq, qh, qn, cutw)
        if changed < 0:
            ok = False
        elif changed == 0:
            break
    if not ok:
        _clear(queue, inq, qh, qn, size)
        qh = 0
        qn = 0
    return ok, nt, qh, qn, based
