"""Number Link search kernel: cells decided one by one in a fixed frontier order.

Private numba functions, arrays in and arrays out; they never raise and never
print. The public adapter is :mod:`tremaux.numberlink.solvers.search`.

The search visits the cells in row-major order (the caller transposes the
puzzle so that rows are the short side) and gives each cell its exits to the
East and South; the exits from the North and West were fixed by the cells
before it. A cell takes one link if it holds a number, two if a line passes
through it and none if it stays empty (``cover`` false only).

Open lines are tracked by their *dangling ends*: a link from a decided cell
into an undecided one, keyed ``2 * j`` (into cell ``j`` from the North) or
``2 * j + 1`` (from the West). A line piece that started at a number knows its
colour (``col[key] = k``, one dangling end); a piece that has joined no number
yet has colour 0 and two dangling ends, each naming the other in ``mate``.
Joining the two ends of one piece would close a loop and is refused, so is
joining pieces of two different colours. When a piece learns its colour, its
cells are coloured by walking it, and with ``touch`` false every coloured cell
is checked against its decided neighbours: two cells of one line may be side
by side only where the line goes from one to the other.

After each decision :func:`_prune` checks what every completion needs (all of
them are consequences of the rules, none a heuristic): every unfinished pair
must still be connectable through undecided cells (pieces of unknown colour
act as bridges between the regions their two ends lead into), a dangling end
may only lead into a number of its own colour, and under ``cover`` every
region of undecided free cells must be reachable by at least two line ends.

The state lives in arrays, so a run can stop after a budget of nodes and be
resumed (``st`` holds the depth, counters and status).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["search_run", "new_state"]

# st[...] slots
_DEPTH, _NODES, _STATUS, _NSOL, _TOP, _MAXSOL = 0, 1, 2, 3, 4, 5
_RUNNING, _EXHAUSTED, _LIMIT = 0, 1, 2

# trail kinds
_T_CCOL, _T_MATE, _T_COL = 0, 1, 2


def new_state(size: int, max_solutions: int, memo_slots: int = 1 << 18) -> dict[str, np.ndarray]:
    """Fresh arrays for :func:`search_run` on a grid of ``size`` cells (``memo_slots`` a power of two)."""
    ccol = np.zeros(size, dtype=np.int64)
    return {
        "links": np.zeros(size, dtype=np.int64),
        "ccol": ccol,
        "mate": np.full(2 * size + 2, -1, dtype=np.int64),
        "col": np.zeros(2 * size + 2, dtype=np.int64),
        "trail": np.zeros((12 * size + 16, 3), dtype=np.int64),
        "opt": np.zeros(size + 1, dtype=np.int64),
        "mark": np.zeros(size + 1, dtype=np.int64),
        "sols": np.zeros((max(1, max_solutions), size), dtype=np.int64),
        "work": np.zeros((12, 2 * size + 4), dtype=np.int64),
        "st": np.array([0, 0, _RUNNING, 0, 0, max_solutions], dtype=np.int64),
        "fhash": np.zeros((size + 1, 2), dtype=np.uint64),
        "fsol": np.full(size + 1, -1, dtype=np.int64),
        "memo": np.zeros((memo_slots, 2), dtype=np.uint64),
    }


@njit(cache=True, inline="always")
def _push(trail, top, kind, idx, old):
    trail[top, 0] = kind
    trail[top, 1] = idx
    trail[top, 2] = old
    return top + 1


@njit(cache=True)
def _undo(trail, top, mark, ccol, mate, col):
    while top > mark:
        top -= 1
        kind = trail[top, 0]
        idx = trail[top, 1]
        if kind == _T_CCOL:
            ccol[idx] = trail[top, 2]
        elif kind == _T_MATE:
            mate[idx] = trail[top, 2]
        else:
            col[idx] = trail[top, 2]
    return top


@njit(cache=True, inline="always")
def _linked(links, x, y, w):
    """Whether decided cells ``x`` and ``y`` (side by side) are joined by a link."""
    if y == x - w:
        return (links[x] & 1) != 0
    if y == x + 1:
        return (links[x] & 2) != 0
    if y == x + w:
        return (links[x] & 4) != 0
    return (links[x] & 8) != 0


@njit(cache=True)
def _touch_ok(x, k, i, h, w, links, ccol):
    """No decided neighbour of ``x`` (cells ``<= i``) has colour ``k`` without a link to ``x``."""
    r = x // w
    c = x - r * w
    if r > 0:
        y = x - w
        if y <= i and ccol[y] == k and not _linked(links, x, y, w):
            return False
    if c > 0:
        y = x - 1
        if y <= i and ccol[y] == k and not _linked(links, x, y, w):
            return False
    if c < w - 1:
        y = x + 1
        if y <= i and ccol[y] == k and not _linked(links, x, y, w):
            return False
    if r < h - 1:
        y = x + w
        if y <= i and ccol[y] == k and not _linked(links, x, y, w):
            return False
    return True


@njit(cache=True)
def _paint(i, x, k, h, w, links, ccol, touch, trail, top):
    """Colour ``k`` the piece entered from cell ``i`` at its decided neighbour ``x``.

    Returns ``(ok, top)``; ``ok`` false when ``touch`` is false and a painted
    cell lies beside another cell of colour ``k`` without a link between them.
    """
    prev = i
    ok = True
    while x >= 0:
        top = _push(trail, top, _T_CCOL, x, ccol[x])
        ccol[x] = k
        if not touch and ok and not _touch_ok(x, k, i, h, w, links, ccol):
            ok = False
        nxt = -1
        lx = links[x]
        r = x // w
        if lx & 1 and x - w != prev and x - w < i:
            nxt = x - w
        elif lx & 2 and x + 1 != prev and x + 1 < i:
            nxt = x + 1
        elif lx & 4 and x + w != prev and x + w < i:
            nxt = x + w
        elif lx & 8 and x - 1 != prev and x - 1 < i and x - 1 >= r * w:
            nxt = x - 1
        prev = x
        x = nxt
        if not ok:
            break
    return ok, top


@njit(cache=True)
def _find(parent, a):
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


@njit(cache=True)
def _prune(i, grid, h, w, ends, cover, links, mate, col, work):
    """False when no completion of the decided cells ``0..i`` can exist (see the module notes)."""
    size = h * w
    comp = work[0]
    parent = work[1]
    stack = work[2]
    term = work[3]
    # regions of undecided free cells
    for j in range(i + 1, size):
        comp[j] = -1
    nc = 0
    for s in range(i + 1, size):
        if grid[s] != 0 or comp[s] >= 0:
            continue
        comp[s] = nc
        parent[nc] = nc
        term[nc] = 0
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            x = stack[top]
            r = x // w
            c = x - r * w
            if r > 0:
                y = x - w
                if y > i and grid[y] == 0 and comp[y] < 0:
                    comp[y] = nc
                    stack[top] = y
                    top += 1
            if c > 0:
                y = x - 1
                if y > i and grid[y] == 0 and comp[y] < 0:
                    comp[y] = nc
                    stack[top] = y
                    top += 1
            if c < w - 1:
                y = x + 1
                if grid[y] == 0 and comp[y] < 0:
                    comp[y] = nc
                    stack[top] = y
                    top += 1
            if r < h - 1:
                y = x + w
                if grid[y] == 0 and comp[y] < 0:
                    comp[y] = nc
                    stack[top] = y
                    top += 1
        nc += 1
    # dangling ends: keys into cells i+1 .. i+w
    nk = 0
    keys = work[4]
    for j in range(i + 1, min(i + w + 1, size)):
        if j - w >= 0 and links[j - w] & 4:
            keys[nk] = 2 * j
            nk += 1
        if j == i + 1 and (i % w) < w - 1 and links[i] & 2:
            keys[nk] = 2 * j + 1
            nk += 1
    # bridges: a piece of unknown colour joins the regions its two ends lead into
    for t in range(nk):
        a = keys[t]
        ta = a // 2
        if grid[ta] == 0:
            term[comp[ta]] += 1
        if col[a] != 0:
            if grid[ta] != 0 and grid[ta] != col[a]:
                return False
            continue
        m = mate[a]
        tm = m // 2
        if grid[ta] != 0 and grid[tm] != 0 and grid[ta] != grid[tm]:
            return False  # a piece between two different numbers
        if a < m and grid[ta] == 0 and grid[tm] == 0:
            ra = _find(parent, comp[ta])
            rm = _find(parent, comp[tm])
            if ra != rm:
                parent[ra] = rm
    if cover:
        # numbers still to come count as line ends of the regions beside them
        for j in range(i + 1, size):
            if grid[j] == 0:
                continue
            r = j // w
            c = j - r * w
            if r > 0 and j - w > i and grid[j - w] == 0:
                term[comp[j - w]] += 1
            if c > 0 and j - 1 > i and grid[j - 1] == 0:
                term[comp[j - 1]] += 1
            if c < w - 1 and grid[j + 1] == 0:
                term[comp[j + 1]] += 1
            if r < h - 1 and grid[j + w] == 0:
                term[comp[j + w]] += 1
        for q in range(nc):
            if term[q] < 2:
                return False
    # every unfinished pair must still be connectable
    npairs = ends.shape[0]
    kend = work[5]  # per pair: first dangling key of that colour, -1 none
    kend2 = work[6]
    for k in range(npairs + 1):
        kend[k] = -1
        kend2[k] = -1
    for t in range(nk):
        a = keys[t]
        k = col[a]
        if k == 0:
            continue  # pieces of unknown colour are bridges, see _access
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
        e1 = kend[k]
        e2 = kend2[k]
        if done_p and done_q:
            if e1 < 0:
                continue  # joined
            if e2 < 0:
                continue  # cannot happen: each number done gives one end of its colour
            t1 = e1 // 2
            t2 = e2 // 2
            if grid[t1] != 0 or grid[t2] != 0:
                return False
            if _find(parent, comp[t1]) != _find(parent, comp[t2]):
                return False
            continue
        # the roots of regions beside the number(s) still to come
        na = _access(q, i, grid, h, w, comp, parent, acc, 0, mate, col, links, k)
        if na < 0:
            continue  # reached directly
        if done_p:
            if e1 < 0:
                continue  # its line runs through a piece that ends on q
            t1 = e1 // 2
            if grid[t1] != 0:
                if t1 != q:
                    return False
                continue
            r1 = _find(parent, comp[t1])
            found = False
            for u in range(na):
                if acc[u] == r1:
                    found = True
                    break
            if not found:
                return False
            continue
        if done_q:
            continue  # p > q never happens: ends are in row-major order
        nb = _access(p, i, grid, h, w, comp, parent, acc, na, mate, col, links, k)
        if nb < 0:
            continue
        found = False
        for u in range(na):
            for v in range(na, nb):
                if acc[u] == acc[v]:
                    found = True
        if not found:
            # two numbers side by side may be joined directly
            if not (abs(p - q) == w or (abs(p - q) == 1 and p // w == q // w)):
                return False
    return _planar_ok(i, grid, h, w, npairs, links, mate, col, work)


@njit(cache=True)
def _access(p, i, grid, h, w, comp, parent, acc, n0, mate, col, links, k):
    """Append to ``acc[n0:]`` the region roots that number cell ``p`` (undecided) can reach.

    A piece of unknown colour with one end into ``p`` lets ``p`` reach the
    region of its other end. Returns the new length, or -1 when ``p`` is
    reached directly by a line end of colour ``k`` or by a piece whose other
    end leads into the partner number.
    """
    n = n0
    r = p // w
    c = p - r * w
    for d in range(4):
        if d == 0:
            if r == 0:
                continue
            y = p - w
        elif d == 1:
            if c == w - 1:
                continue
            y = p + 1
        elif d == 2:
            if r == h - 1:
                continue
            y = p + w
        else:
            if c == 0:
                continue
            y = p - 1
        if y > i:
            if grid[y] == 0:
                acc[n] = _find(parent, comp[y])
                n += 1
            continue
        # y decided: does it send a line end into p?
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
                acc[n] = _find(parent, comp[tm])
                n += 1
    return n


@njit(cache=True)
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


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _node(x, i, r, w, lab, base):
    """Union-find node of the undecided free cell ``x`` after cell ``i`` (in row ``r``)."""
    if x // w == r:
        return base + (x - i - 1)
    return np.int64(lab[r + 1, x])


@njit(cache=True)
def _prune_rows(i, grid, h, w, ends, cover, links, mate, col, work, lab, count, nterm, linked):
    """:func:`_prune` in time linear in the width and the pairs, from :func:`regions_by_row`.

    The free cells of rows below the current one form fixed regions; only the
    cells left in the current row are joined to them here.
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
    return _planar_ok(i, grid, h, w, npairs, links, mate, col, work)


@njit(cache=True, inline="always")
def _access_rows(p, i, r, base, grid, h, w, lab, parent, acc, n0, mate, col, links, k):
    """:func:`_access` with the union-find nodes of :func:`_prune_rows`."""
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


@njit(cache=True)
def _planar_ok(i, grid, h, w, npairs, links, mate, col, work):
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


@njit(cache=True, inline="always")
def _mix(x):
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@njit(cache=True)
def _state_hash(i, h, w, touch, links, ccol, mate, col):
    """Two 64-bit hashes of what the rest of the search depends on after cell ``i``; ``(0, 0)``: not kept.

    That is the dangling ends along the frontier, each with its colour or the
    position of its mate, and with ``touch`` false the colours of the decided
    cells beside undecided ones. With ``touch`` false a piece of unknown
    colour may still reveal, when painted, that two decided cells of one line
    touch: such states are not kept.
    """
    size = h * w
    h1 = _mix(np.uint64(i) + np.uint64(0x9E3779B97F4A7C15))
    h2 = _mix(np.uint64(i) ^ np.uint64(0xD1B54A32D192ED03))
    for t in range(0, w + 1):
        j = i + t
        a = -1
        if t == 0:
            if (i % w) < w - 1 and links[i] & 2:
                a = 2 * (i + 1) + 1
        elif j < size and j - w >= 0 and links[j - w] & 4:
            a = 2 * j
        if a < 0:
            continue
        lab = col[a]
        if lab == 0:
            if not touch:
                return np.uint64(0), np.uint64(0)
            m = mate[a]
            pos = 0 if m % 2 == 1 else m // 2 - i
            lab = -1 - pos
        v = np.uint64((t << 32) ^ (lab & 0xFFFFFFFF))
        h1 = _mix(h1 ^ (v + np.uint64(0x632BE59BD9B4E019)))
        h2 = _mix(h2 + (v ^ np.uint64(0x8CB92BA72F3D8DD7)))
    if not touch:
        for x in range(max(0, i - w + 1), i + 1):
            v = np.uint64(((x - i) << 32) ^ (ccol[x] & 0xFFFFFFFF))
            h1 = _mix(h1 ^ (v + np.uint64(0x2545F4914F6CDD1D)))
            h2 = _mix(h2 + (v ^ np.uint64(0x5851F42D4C957F2D)))
    if h1 == 0 and h2 == 0:
        h2 = np.uint64(1)
    return h1, h2


@njit(cache=True)
def search_run(grid, h, w, ends, cover, touch, links, ccol, mate, col, trail, opt, mark, sols, work, st, max_nodes,
               fhash, fsol, memo, lab, count, nterm, linked):
    """Run (or resume) the search for up to ``max_nodes`` nodes; returns the status.

    States after a cell (see :func:`_state_hash`) whose whole subtree held no
    solution are remembered in ``memo`` (a lossy table of 128-bit hashes) and
    not searched again. ``lab, count, nterm, linked`` come from :func:`regions_by_row`
    (an empty ``lab`` makes each check search the undecided cells instead).

    ``grid`` is the flat puzzle (0 empty, ``k`` an endpoint of pair ``k``),
    ``ends`` the ``(n, 2)`` endpoint cells of each pair in row-major order.
    ``st`` = ``[depth, nodes, status, solutions, trail top, max solutions]``;
    status 0 running (budget spent, call again), 1 exhausted (every solution
    was found), 2 stopped at ``max solutions``. Each solution found is
    copied to ``sols[s]`` as direction bits per cell (N1 E2 S4 W8).
    """
    size = h * w
    i = st[_DEPTH]
    nodes = st[_NODES]
    status = st[_STATUS]
    nsol = st[_NSOL]
    top = st[_TOP]
    maxsol = st[_MAXSOL]
    nmemo = memo.shape[0]
    budget = nodes + max_nodes
    while status == _RUNNING and nodes < budget:
        if i == size:
            for j in range(size):
                sols[nsol, j] = links[j]
            nsol += 1
            if nsol >= maxsol:
                status = _LIMIT
                break
            i -= 1
            continue
        o = opt[i]
        if o == 0:
            mark[i] = top
        else:
            top = _undo(trail, top, mark[i], ccol, mate, col)
        if o >= 4:
            opt[i] = 0
            if i == 0:
                status = _EXHAUSTED
                break
            i -= 1
            if fsol[i] == nsol:  # the state after cell i had no completion: remember it
                slot = np.int64(fhash[i, 0] & np.uint64(nmemo - 1))
                memo[slot, 0] = fhash[i, 0]
                memo[slot, 1] = fhash[i, 1]
            continue
        opt[i] = o + 1
        # options in order: none, East, South, both
        e = o & 1
        s = o >> 1
        r = i // w
        c = i - r * w
        if e and c == w - 1:
            continue
        if s and r == h - 1:
            continue
        v = grid[i]
        inn = (r > 0 and (links[i - w] & 4) != 0)
        inw = (c > 0 and (links[i - 1] & 2) != 0)
        deg = inn + inw + e + s
        if v != 0:
            if deg != 1:
                continue
        elif deg != 2 and not (deg == 0 and not cover):
            continue
        # an exit into a number that already has its link, or a free cell that has two
        if e:
            j = i + 1
            if r > 0 and (links[j - w] & 4) != 0 and grid[j] != 0:
                continue
        nodes += 1
        links[i] = (1 if inn else 0) | (2 if e else 0) | (4 if s else 0) | (8 if inw else 0)
        ok = True
        kn = 2 * i
        kw = 2 * i + 1
        ke = 2 * (i + 1) + 1
        ks = 2 * (i + w)
        if deg == 0:
            ccol[i] = -1
        elif v != 0 and (e or s):  # a number starts its line
            kout = ke if e else ks
            top = _push(trail, top, _T_COL, kout, col[kout])
            col[kout] = v
            top = _push(trail, top, _T_MATE, kout, mate[kout])
            mate[kout] = -1
            ccol[i] = v
        elif v == 0 and e and s:  # a new piece of unknown colour
            top = _push(trail, top, _T_COL, ke, col[ke])
            col[ke] = 0
            top = _push(trail, top, _T_COL, ks, col[ks])
            col[ks] = 0
            top = _push(trail, top, _T_MATE, ke, mate[ke])
            mate[ke] = ks
            top = _push(trail, top, _T_MATE, ks, mate[ks])
            mate[ks] = ke
            ccol[i] = 0
        elif v != 0:  # a line ends on the number
            a = kn if inn else kw
            x = i - w if inn else i - 1
            ccol[i] = v
            if col[a] == 0:
                m = mate[a]
                top = _push(trail, top, _T_COL, m, col[m])
                col[m] = v
                top = _push(trail, top, _T_MATE, m, mate[m])
                mate[m] = -1
                ok, top = _paint(i, x, v, h, w, links, ccol, touch, trail, top)
            elif col[a] != v:
                ok = False
        elif e or s:  # a line passes on
            a = kn if inn else kw
            kout = ke if e else ks
            top = _push(trail, top, _T_COL, kout, col[kout])
            col[kout] = col[a]
            m = mate[a]
            top = _push(trail, top, _T_MATE, kout, mate[kout])
            mate[kout] = m
            if m >= 0:
                top = _push(trail, top, _T_MATE, m, mate[m])
                mate[m] = kout
            ccol[i] = col[a]
        else:  # two line ends meet
            ca = col[kn]
            cb = col[kw]
            if ca == 0 and cb == 0:
                ma = mate[kn]
                mb = mate[kw]
                if ma == kw:
                    ok = False  # a loop
                else:
                    top = _push(trail, top, _T_MATE, ma, mate[ma])
                    mate[ma] = mb
                    top = _push(trail, top, _T_MATE, mb, mate[mb])
                    mate[mb] = ma
                    ccol[i] = 0
            elif ca != 0 and cb != 0:
                ok = ca == cb
                ccol[i] = ca
            else:
                k = ca if ca != 0 else cb
                u = kw if ca != 0 else kn  # the end of unknown colour
                x = i - 1 if ca != 0 else i - w
                m = mate[u]
                top = _push(trail, top, _T_COL, m, col[m])
                col[m] = k
                top = _push(trail, top, _T_MATE, m, mate[m])
                mate[m] = -1
                ccol[i] = k
                ok, top = _paint(i, x, k, h, w, links, ccol, touch, trail, top)
        if ok and not touch and ccol[i] > 0:
            ok = _touch_ok(i, ccol[i], i, h, w, links, ccol)
        if ok and i + 1 < size:
            if lab.shape[0] > 0:
                ok = _prune_rows(i, grid, h, w, ends, cover, links, mate, col, work, lab, count, nterm, linked)
            else:
                ok = _prune(i, grid, h, w, ends, cover, links, mate, col, work)
        if not ok:
            continue
        fsol[i] = -1
        if i + 1 < size:
            h1, h2 = _state_hash(i, h, w, touch, links, ccol, mate, col)
            if h1 != 0 or h2 != 0:
                slot = np.int64(h1 & np.uint64(nmemo - 1))
                if memo[slot, 0] == h1 and memo[slot, 1] == h2:
                    continue  # known to have no completion
                fhash[i, 0] = h1
                fhash[i, 1] = h2
                fsol[i] = nsol
        i += 1
        if i < size:
            opt[i] = 0
    st[_DEPTH] = i
    st[_NODES] = nodes
    st[_STATUS] = status
    st[_NSOL] = nsol
    st[_TOP] = top
    return status
