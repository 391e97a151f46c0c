"""Number Link kernel: another solution in a neighbourhood of a known one, every other link kept.

Private numba functions, arrays in and arrays out; they never raise. The
public adapter is :mod:`tremaux.numberlink.solvers.local`.

A neighbourhood is a set of free cells; every link of the known solution
``base`` between two cells not both free is kept. The free cells are
decided in row-major order, each taking its exits to the East and South
when those neighbours are free too (its links from the North and West come
from the free cells before it, its links out of the set are kept), and a
cell is accepted only with the number of links the rule gives it: one on a
number, two on a line cell (or none, when cells may stay empty). When every
free cell is decided, the whole board is traced from each number
(:func:`_valid`): the line must end on its partner, no closed loop may
remain, and without touching no two cells of one line may lie side by side
unlinked. A configuration that passes and differs from ``base`` is another
solution. Nothing is pruned that could hold a solution; the work per
neighbourhood is bounded by a number of nodes, past which it is passed over.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

__all__ = ["local_other"]


@njit(cache=True, interpret=False, inline="always")
def _pop4(v):
    return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1)


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _next(x, prev, lx, w):
    """The cell after ``x`` on its line coming from ``prev`` (-1: none), by the links ``lx`` of ``x``."""
    if lx & 1 and x - w != prev:
        return x - w
    if lx & 2 and x + 1 != prev:
        return x + 1
    if lx & 4 and x + w != prev:
        return x + w
    if lx & 8 and x - 1 != prev:
        return x - 1
    return -1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _valid(w, size, ends, touch, links, col, lines, nl, spath, soff, free, fcells, buf):
    """Whether ``links`` are a solution, the lines ``lines[:nl]`` (those with a cell among the free cells
    ``fcells``) being the only ones that may have changed; ``col`` holds the line + 1 of every cell of the
    known solution and is left so. Returns ``(ok, work)``: ``work`` counts the cells looked at.

    Each changed line, followed from its first number, must end on its partner; a free cell with links that
    no line reached lies on a closed loop; without ``touch``, no cell of a changed line may lie beside a
    cell of the same line without a link to it.
    """
    for j in range(nl):
        k = lines[j]
        for u in range(soff[k], soff[k + 1]):
            col[spath[u]] = 0
    nb = 0
    ok = True
    for j in range(nl):
        k = lines[j]
        x = ends[k, 0]
        prev = -1
        while x >= 0:
            if col[x] != 0 or nb >= size:
                ok = False
                break
            col[x] = k + 1
            buf[nb] = x
            nb += 1
            nxt = _next(x, prev, links[x], w)
            prev = x
            x = nxt
        if not ok or prev != ends[k, 1]:
            ok = False
            break
    if ok:
        for u in range(fcells.shape[0]):
            x = fcells[u]
            if links[x] != 0 and col[x] == 0:
                ok = False  # a closed loop
                break
    if ok and not touch:
        for u in range(nb):
            x = buf[u]
            k = col[x]
            if x % w < w - 1 and col[x + 1] == k and (links[x] & 2) == 0:
                ok = False
            elif x % w > 0 and col[x - 1] == k and (links[x] & 8) == 0:
                ok = False
            elif x + w < size and col[x + w] == k and (links[x] & 4) == 0:
                ok = False
            elif x >= w and col[x - w] == k and (links[x] & 1) == 0:
                ok = False
            if not ok:
                break
    for u in range(nb):  # back to the known solution's lines
        col[buf[u]] = 0
    for j in range(nl):
        k = lines[j]
        for u in range(soff[k], soff[k + 1]):
            col[spath[u]] = k + 1
    return ok, nb


@njit(cache=True, interpret=False)
def local_other(grid, h, w, ends, cover, touch, base, spath, soff, cells, offs, budget, out, cut):
    """The first neighbourhood holding a solution other than ``base``; its index, or -1.

    ``cells[offs[q]:offs[q + 1]]`` are the free cells of neighbourhood
    ``q`` (flat, ascending); ``base`` the known solution's links per cell
    (N1 E2 S4 W8), its lines' cells ``spath[soff[k]:soff[k + 1]]`` for
    pair ``k + 1``; ``budget`` the nodes one neighbourhood may use (a
    complete arrangement checked counts a node per 16 cells followed). The
    other solution's links are written to ``out``; ``cut[q]`` is set true
    for each neighbourhood passed over at ``budget``. ``grid`` is the flat
    puzzle (0 empty, ``k`` an endpoint of pair ``k``), ``ends`` the
    ``(n, 2)`` endpoint cells of each pair.
    """
    size = h * w
    n = ends.shape[0]
    links = base.copy()
    free = np.zeros(size, dtype=np.bool_)
    col = np.zeros(size, dtype=np.int64)  # line + 1 per cell of the known solution
    for k in range(n):
        for u in range(soff[k], soff[k + 1]):
            col[spath[u]] = k + 1
    buf = np.zeros(size, dtype=np.int64)
    lines = np.zeros(n, dtype=np.int64)
    mark = np.zeros(n + 1, dtype=np.bool_)
    m_max = 0
    for q in range(offs.shape[0] - 1):
        m_max = max(m_max, offs[q + 1] - offs[q])
    opt = np.zeros(m_max + 1, dtype=np.int64)
    done = np.zeros(m_max + 1, dtype=np.int64)  # the exits applied at each position, +1 (0: none)
    for q in range(offs.shape[0] - 1):
        lo = offs[q]
        m = offs[q + 1] - lo
        for t in range(m):
            free[cells[lo + t]] = True
        for t in range(m):  # keep only the links out of the set
            x = cells[lo + t]
            keep = 0
            if x >= w and not free[x - w]:
                keep |= base[x] & 1
            if x % w < w - 1 and not free[x + 1]:
                keep |= base[x] & 2
            if x + w < size and not free[x + w]:
                keep |= base[x] & 4
            if x % w > 0 and not free[x - 1]:
                keep |= base[x] & 8
            links[x] = keep
        nl = 0
        for t in range(m):  # the lines that may change: those with a free cell
            k = col[cells[lo + t]]
            if k > 0 and not mark[k]:
                mark[k] = True
                lines[nl] = k - 1
                nl += 1
        for j in range(nl):
            mark[lines[j] + 1] = False
        fcells = cells[lo:lo + m]
        found = False
        nodes = 0
        t = 0
        opt[0] = 0
        done[0] = 0
        while t >= 0 and nodes <= budget:
            if t == m:
                same = True
                for u in range(m):
                    if links[cells[lo + u]] != base[cells[lo + u]]:
                        same = False
                        break
                if not same:
                    ok, work = _valid(w, size, ends, touch, links, col, lines, nl, spath, soff, free, fcells, buf)
                    nodes += work >> 4
                    if ok:
                        found = True
                        break
                t -= 1
                continue
            x = cells[lo + t]
            if done[t] != 0:  # take back the exits of the previous option
                o = done[t] - 1
                if o & 1:
                    links[x] &= ~2
                    links[x + 1] &= ~8
                if o & 2:
                    links[x] &= ~4
                    links[x + w] &= ~1
                done[t] = 0
            o = opt[t]
            if o >= 4:
                t -= 1
                continue
            opt[t] = o + 1
            e = o & 1
            s = (o >> 1) & 1
            if e and not (x % w < w - 1 and free[x + 1]):
                continue
            if s and not (x + w < size and free[x + w]):
                continue
            d = _pop4(links[x]) + e + s
            if grid[x] != 0:
                if d != 1:
                    continue
            elif d != 2 and not (d == 0 and not cover):
                continue
            if e and _pop4(links[x + 1]) >= (1 if grid[x + 1] != 0 else 2):
                continue
            if s and _pop4(links[x + w]) >= (1 if grid[x + w] != 0 else 2):
                continue
            nodes += 1
            if e:
                links[x] |= 2
                links[x + 1] |= 8
            if s:
                links[x] |= 4
                links[x + w] |= 1
            done[t] = o + 1
            t += 1
            opt[t] = 0
            done[t] = 0
        cut[q] = not found and nodes > budget
        if found:
            for x in range(size):
                out[x] = links[x]
        for t in range(m):
            x = cells[lo + t]
            links[x] = base[x]
            free[x] = False
        if found:
            return q
    return -1
