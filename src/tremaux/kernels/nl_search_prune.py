"""Number Link search kernels: what every completion of the decided cells needs.

Private numba functions (arrays in, booleans out; they never raise) called by
:func:`tremaux.kernels.nl_search.search_run` after each decision. Every
check is a consequence of the rules, none a heuristic: a pruned state has no
completion.

* every unfinished pair must still be connectable through undecided cells
  (pieces of unknown colour act as bridges between the regions their two
  ends lead into), a dangling end may only lead into a number of its own
  colour, and under ``cover`` every region of undecided free cells must be
  reachable by at least two line ends (:func:`prune_rows`, from regions of
  the rows below computed once by :func:`regions_by_row`);
* pairs whose line ends lie interleaved on the rim of the undecided region
  must cross (:func:`planar_ok`).

numba's cache does not see changes to a helper imported from another file:
after editing this module, clear ``__pycache__`` of the kernels package.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

__all__ = ["regions_by_row", "prune_rows", "planar_ok"]


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _find(parent, a):
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


@njit(cache=True, interpret=False)
def regions_by_row(grid, h, w, ends):
    """Regions of free cells in rows ``R..h-1`` for every ``R``, computed once per puzzle.

    Returns ``(lab, count, nterm, linked)``: ``lab[R, j]`` the region of free
    cell ``j`` (row ``>= R``) among the free cells of rows ``>= R`` (-1
    elsewhere), ``count[R]`` the number of regions, ``nterm[R, q]`` how many
    sides of region ``q`` face a number in rows ``>= R``, and ``linked[R, k]``
    true when both numbers of pair ``k + 1`` lie beside one region of row
    ``R`` (or beside each other): while both are still to come, that pair
    stays connectable whatever the rows above hold.
    """
    size = h * w
    lab = np.full((h + 1, size), -1, dtype=np.int32)
    count = np.zeros(h + 1, dtype=np.int64)
    nterm = np.zeros((h + 1, size), dtype=np.int32)
    stack = np.empty(size, dtype=np.int64)
    for R in range(h):
        lo = R * w
        nc = 0
        for s in range(lo, size):
            if grid[s] != 0 or lab[R, s] >= 0:
                continue
            lab[R, s] = nc
            stack[0] = s
            top = 1
            while top > 0:
                top -= 1
                x = stack[top]
                r = x // w
                c = x - r * w
                for d in range(4):
                    if d == 0:
                        if r == R:
                            continue
                        y = x - w
                    elif d == 1:
                        if c == w - 1:
                            continue
                        y = x + 1
                    elif d == 2:
                        if r == h - 1:
                            continue
                        y = x + w
                    else:
                        if c == 0:
                            continue
                        y = x - 1
                    if grid[y] != 0:
                        nterm[R, nc] += 1
                    elif lab[R, y] < 0:
                        lab[R, y] = nc
                        stack[top] = y
                        top += 1
            nc += 1
        count[R] = nc
    npairs = ends.shape[0]
    linked = np.zeros((h + 1, npairs), dtype=np.bool_)
    for R in range(h):
        for k in range(npairs):
            p = ends[k, 0]
            q = ends[k, 1]
            if abs(p - q) == w or (abs(p - q) == 1 and p // w == q // w):
                linked[R, k] = True
                continue
            for dp in range(4):
                yp = _side(p, dp, h, w)
                if yp < 0 or yp < R * w or lab[R, yp] < 0:
                    continue
                for dq in range(4):
                    yq = _side(q, dq, h, w)
                    if yq >= R * w and yq >= 0 and lab[R, yq] == lab[R, yp]:
                        linked[R, k] = True
    return lab, count, nterm, linked


@njit(cache=True, interpret=False, inline="always")
def _side(x, d, h, w):
    """The neighbour of ``x`` towards ``d`` (N0 E1 S2 W3), -1 off the grid."""
    r = x // w
    c = x - r * w
    if d == 0:
        return x - w if r > 0 else -1
    if d == 1:
        return x + 1 if c < w - 1 else -1
    if d == 2:
        return x + w if r < h - 1 else -1
    return x - 1 if c > 0 else -1


@njit(cache=True, interpret=False, inline="always")
def _node(x, i, r, w, lab, base):
    """Union-find node of the undecided free cell ``x`` after cell ``i`` (in row ``r``)."""
    if x // w == r:
        return base + (x - i - 1)
    return np.int64(lab[r + 1, x])


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def prune_rows(i, grid, h, w, ends, cover, links, mate, col, work, lab, count, nterm, linked):
    """False when no completion of the decided cells ``0..i`` can exist (see the module notes).

    The free cells of rows below the current one form fixed regions
    (:func:`regions_by_row`); only the cells left in the current row are
    joined to them here, so a check costs the width plus the pairs near the
    frontier. Ends with :func:`planar_ok`.
    """
    size = h * w
    r = i // w
    c = i - r * w
    base = count[r + 1]
    nn = base + (w - c - 1)
    parent = work[1]
    rt = work[2]
    term = work[3]
    rowend = (r + 1) * w
    for q in range(nn):
        parent[q] = q
        term[q] = nterm[r + 1, q] if q < base else 0
        rt[q] = 0
    for x in range(i + 1, rowend):
        q = base + x - i - 1
        if grid[x] != 0:
            term[q] = 2  # a number is not a region
            if r + 1 < h and grid[x + w] == 0:
                term[lab[r + 1, x + w]] += 1
            continue
        if x - 1 > i and grid[x - 1] != 0:
            term[q] += 1
        if x + 1 < rowend:
            if grid[x + 1] != 0:
                term[q] += 1
            else:
                a = _find(parent, q)
                b = _find(parent, q + 1)
                if a != b:
                    parent[a] = b
        if r + 1 < h:
            if grid[x + w] != 0:
                term[q] += 1
            else:
                a = _find(parent, q)
                b = _find(parent, np.int64(lab[r + 1, x + w]))
                if a != b:
                    parent[a] = b
    # dangling ends: keys into cells i+1 .. i+w
    nk = 0
    keys = work[4]
    for j in range(i + 1, min(i + w + 1, size)):
        if j - w >= 0 and links[j - w] & 4:
            keys[nk] = 2 * j
            nk += 1
        if j == i + 1 and c < w - 1 and links[i] & 2:
            keys[nk] = 2 * j + 1
            nk += 1
    for t in range(nk):
        a = keys[t]
        ta = a // 2
        if grid[ta] == 0:
            term[_node(ta, i, r, w, lab, base)] += 1
    if cover:
        for q in range(nn):
            rt[_find(parent, q)] += term[q]
        for q in range(nn):
            if parent[q] == q and rt[q] < 2:
                return False
    # bridges: a piece of unknown colour joins the regions its two ends lead into
    for t in range(nk):
        a = keys[t]
        ta = a // 2
        if col[a] != 0:
            if grid[ta] != 0 and grid[ta] != col[a]:
                return False
            continue
        m = mate[a]
        tm = m // 2
        if grid[ta] != 0 and grid[tm] != 0 and grid[ta] != grid[tm]:
            return False  # a piece between two different numbers
        if a < m and grid[ta] == 0 and grid[tm] == 0:
            ra = _find(parent, _node(ta, i, r, w, lab, base))
            rm = _find(parent, _node(tm, i, r, w, lab, base))
            if ra != rm:
                parent[ra] = rm
    npairs = ends.shape[0]
    kend = work[5]
    kend2 = work[6]
    for k in range(npairs + 1):
        kend[k] = -1
        kend2[k] = -1
    for t in range(nk):
        a = keys[t]
        k = col[a]
        if k == 0:
            continue
        if kend[k] < 0:
            kend[k] = a
        else:
            kend2[k] = a
    acc = work[7]
    for k in range(1, npairs + 1):
        p = ends[k - 1, 0]
        q = ends[k - 1, 1]
        done_p = p <= i
        done_q = q <= i
        if not done_p and linked[r + 1, k - 1]:
            continue
        e1 = kend[k]
        e2 = kend2[k]
        if done_p and done_q:
            if e1 < 0 or e2 < 0:
                continue
            t1 = e1 // 2
            t2 = e2 // 2
            if grid[t1] != 0 or grid[t2] != 0:
                return False
            if _find(parent, _node(t1, i, r, w, lab, base)) != _find(parent, _node(t2, i, r, w, lab, base)):
                return False
            continue
        na = _access_rows(q, i, r, base, grid, h, w, lab, parent, acc, 0, mate, col, links, k)
        if na < 0:
            continue
        if done_p:
            if e1 < 0:
                continue
            t1 = e1 // 2
            if grid[t1] != 0:
                if t1 != q:
                    return False
                continue
            r1 = _find(parent, _node(t1, i, r, w, lab, base))
            found = False
            for u in range(na):
                if acc[u] == r1:
                    found = True
                    break
            if not found:
                return False
            continue
        nb = _access_rows(p, i, r, base, grid, h, w, lab, parent, acc, na, mate, col, links, k)
        if nb < 0:
            continue
        found = False
        for u in range(na):
            for v in range(na, nb):
                if acc[u] == acc[v]:
                    found = True
        if not found:
            if not (abs(p - q) == w or (abs(p - q) == 1 and p // w == q // w)):
                return False
    return planar_ok(i, grid, h, w, npairs, links, mate, col, work)


@njit(cache=True, interpret=False, inline="always")
def _access_rows(p, i, r, base, grid, h, w, lab, parent, acc, n0, mate, col, links, k):
    """Append to ``acc[n0:]`` the regions number cell ``p`` can reach; -1 when a line end of colour ``k`` reaches it."""
    n = n0
    pr = p // w
    pc = p - pr * w
    for d in range(4):
        if d == 0:
            if pr == 0:
                continue
            y = p - w
        elif d == 1:
            if pc == w - 1:
                continue
            y = p + 1
        elif d == 2:
            if pr == h - 1:
                continue
            y = p + w
        else:
            if pc == 0:
                continue
            y = p - 1
        if y > i:
            if grid[y] == 0:
                acc[n] = _find(parent, _node(y, i, r, w, lab, base))
                n += 1
            continue
        key = -1
        if d == 0 and links[y] & 4:
            key = 2 * p
        elif d == 3 and links[y] & 2:
            key = 2 * p + 1
        if key < 0:
            continue
        if col[key] == k:
            return -1
        if col[key] == 0:
            m = mate[key]
            tm = m // 2
            if grid[tm] == k:
                return -1
            if grid[tm] == 0:
                acc[n] = _find(parent, _node(tm, i, r, w, lab, base))
                n += 1
    return n


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def planar_ok(i, grid, h, w, npairs, links, mate, col, work):
    """False when two pairs must cross: their line ends lie on the rim of the undecided cells interleaved.

    The undecided cells form one simply connected region (a disc). Its rim
    holds the dangling ends and the numbers still to come that touch the
    frontier or the border of the grid (no line can pass between those and
    the rim). Inside the disc, lines cannot cross. A pair whose two ends both
    lie on the rim is a chord of the disc, unless its line leaves the disc
    through a piece of unknown colour (which runs through decided cells from
    one frontier end to the other). Two interleaved chords are impossible
    when no piece has its ends on the two sides of either chord: neither line
    can then get round the other.
    """
    size = h * w
    r = i // w
    c = i - r * w
    rowend = (r + 1) * w
    first = work[1]
    clean = work[2]
    plo = work[3]
    phi = work[4]
    keyslot = work[5]
    ukeys = work[6]
    order = work[8]
    slot = work[9]
    seen = work[10]
    cnt = work[11]
    stamp = seen[size] + 1
    seen[size] = stamp
    n = 0
    # the rim, clockwise: frontier cells left to right, East border down, bottom right to left, West border up
    if r + 1 < h:
        for x in range(rowend, i + w + 1):
            order[n] = x
            seen[x] = stamp
            n += 1
    for x in range(i + 1, rowend):
        order[n] = x
        seen[x] = stamp
        n += 1
    for rr in range(r + 1, h):
        x = rr * w + w - 1
        if seen[x] != stamp:
            order[n] = x
            seen[x] = stamp
            n += 1
    if r + 1 < h:
        for cc in range(w - 2, -1, -1):
            x = (h - 1) * w + cc
            if seen[x] != stamp:
                order[n] = x
                seen[x] = stamp
                n += 1
        for rr in range(h - 2, r, -1):
            x = rr * w
            if seen[x] != stamp:
                order[n] = x
                seen[x] = stamp
                n += 1
    for k in range(npairs + 1):
        cnt[k] = 0
    nu = 0
    for t in range(n):
        x = order[t]
        slot[2 * t] = 0
        slot[2 * t + 1] = 0
        v = grid[x]
        reached = False
        for side in range(2):
            if side == 0:  # the end from the West comes first, clockwise
                if not (x == i + 1 and c < w - 1 and links[i] & 2):
                    continue
                key = 2 * x + 1
                pos = 2 * t
            else:
                if not (x - w >= 0 and x - w <= i and links[x - w] & 4):
                    continue
                key = 2 * x
                pos = 2 * t + 1
            if col[key] == 0:
                keyslot[key] = pos if v == 0 else -1 - v
                ukeys[nu] = key
                nu += 1
            elif v == 0:
                slot[pos] = col[key]
                cnt[col[key]] += 1
            reached = True  # a number reached by a line end: that line is finished here
        if v > 0 and not reached:
            slot[2 * t + 1] = v
            cnt[v] += 1
    npc = 0
    for u in range(nu):
        a = ukeys[u]
        m = mate[a]
        sa = keyslot[a]
        sm = keyslot[m]
        if sa < 0 and sm >= 0:  # a piece from number -1 - sa: its other end carries that colour
            k = -1 - sa
            slot[sm] = k
            cnt[k] += 1
        elif sa >= 0 and sm >= 0 and a < m:
            plo[npc] = min(sa, sm)
            phi[npc] = max(sa, sm)
            npc += 1
    for k in range(npairs + 1):
        first[k] = -1
    for t in range(2 * n):
        k = slot[t]
        if k > 0 and cnt[k] == 2:
            if first[k] < 0:
                first[k] = t
            else:  # chord first[k] .. t: clean when no piece has one end inside and one outside
                ok = True
                for q in range(npc):
                    if (first[k] < plo[q] < t) != (first[k] < phi[q] < t):
                        ok = False
                        break
                clean[k] = 1 if ok else 0
    top = 0
    stack = order  # reuse: order is no longer needed from here on
    for t in range(2 * n):
        k = slot[t]
        if k <= 0 or cnt[k] != 2 or clean[k] == 0:
            continue
        if top > 0 and stack[top - 1] == k:
            top -= 1
        else:
            stack[top] = k
            top += 1
    return top == 0
