"""Growing-tree kernels: the growing tree on cells and on arcs, and the growing forest.

They share the frontier list (newest, oldest or a random entry) and the 4-ary heap (priorities) defined
here. Every kernel has the signature documented in :mod:`tremaux.kernels.generate`.
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
    rand_u31,
    record,
    shuffle_small,
    uf_find,
)
from .heaps import least_child4


# ----------------------------------------------------------------------------- frontier list
# A frontier list keeps insertion order in lst[head:tail]; removed entries become
# -1 (tombstones) and the list is compacted when they outnumber the live ones, so
# "newest", "oldest" and "uniformly random live entry" are all O(1) amortised.


@njit(cache=True, inline="always")
def _choose(lst, head, tail, live, state, pn, po, pr):
    """Index of the entry to take: newest w.p. pn, oldest w.p. po, else random."""
    if pr == 0.0 and po == 0.0:
        return tail - 1
    if pn == 0.0 and pr == 0.0:
        return head
    if pn == 0.0 and po == 0.0:
        u = 1.0
    else:
        u = (np.float64(rand_u31(state)) + 0.5) * (1.0 / 2147483648.0)
    if u < pn:
        return tail - 1
    if u < pn + po:
        return head
    span = tail - head
    while True:
        x = head + rand_below(state, span)
        if lst[x] >= 0:
            return x


@njit(cache=True, inline="always")
def _remove(lst, x, head, tail, live):
    lst[x] = -1
    live -= 1
    while tail > head and lst[tail - 1] < 0:
        tail -= 1
    while head < tail and lst[head] < 0:
        head += 1
    if tail - head > 2 * live + 32:
        w = 0
        for y in range(head, tail):
            if lst[y] >= 0:
                lst[w] = lst[y]
                w += 1
        head = 0
        tail = w
    return head, tail, live


# ----------------------------------------------------------------------------- 4-ary heap of key << 32 | item
# Keys (31 bits) and items (< 2**31) are packed into one int64, so a comparison
# is one instruction and ties break by item; four children per node halve the
# depth and keep siblings on one cache line.


@njit(cache=True, inline="always")
def _heap_push(hp, size, key, item):
    v = (np.int64(key) << 32) | np.int64(item)
    x = size
    while x > 0:
        p = (x - 1) >> 2
        pv = hp[p]
        if v < pv:
            hp[x] = pv
            x = p
        else:
            break
    hp[x] = v
    return size + 1


@njit(cache=True, inline="always")
def _heap_pop(hp, size):
    # Floyd's bottom-up deletion: walk the hole down along the smallest
    # children to a leaf (no comparison with the moved element), then sift
    # the last element up from there; it usually belongs near the bottom.
    size -= 1
    v = hp[size]
    x = 0
    while True:
        m, mv = least_child4(hp, 4 * x + 1, size)
        if m < 0:
            break
        hp[x] = mv
        x = m
    while x > 0:
        p = (x - 1) >> 2
        pv = hp[p]
        if v < pv:
            hp[x] = pv
            x = p
        else:
            break
    hp[x] = v
    return size


@njit(cache=True, inline="always")
def _key(work, item, prio, use_weights, state):
    """Heap key of a cell: its given weight rank or a random 31-bit number; negated order for max."""
    v = np.int64(work[item]) if use_weights else rand_u31(state)
    return v if prio == 1 else 2147483647 - v


# ----------------------------------------------------------------------------- growing tree, vertex-based
@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def growing_tree(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Vertex-based growing tree: the frontier holds cells.

    ``params``: ``[p_newest, p_oldest, p_random, priority, use_weights]`` where
    ``priority`` is 0 (use the three probabilities), 1 (min-priority), 2
    (max-priority) or 3 (first slot: always the entry in slot 0 of an array
    whose finished entries are replaced by the last one), and ``use_weights``
    is 1 when ``work[:n]`` holds the integer priority of every cell (else
    priorities are random).
    ``work``: ``2n`` int32 (``3n`` with weights).
    Visits count every look at the top of the frontier: ``2 * cells - 1``.
    """
    n = cells.shape[0]
    pn = params[0]
    po = params[1]
    pr = params[2]
    prio = np.int64(params[3])
    use_w = params[4] != 0.0
    base = n if use_w else 0
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cand = choice_buffer(L, H)
    off = offsets(H, W)
    cells[s] |= VISITED
    t = record(trace, np.int64(0), EV_FRONTIER, s, NO_CELL)
    visits = 0
    maxf = 1
    if prio == 0:
        lst = work[base:base + n]
        lst[0] = s
        head = 0
        tail = 1
        live = 1
        while live > 0:
            x = _choose(lst, head, tail, live, state, pn, po, pr)
            i = np.int64(lst[x])
            visits += 1
            k = open_choices(cells, i, L, H, W, cand)
            if k == 0:
                head, tail, live = _remove(lst, x, head, tail, live)
                t = record(trace, t, EV_DONE, i, NO_CELL)
                continue
            d = cand[0] if k == 1 else cand[rand_below(state, k)]
            j = i + off[d]
            carve(cells, i, d, j)
            lst[tail] = j
            tail += 1
            live += 1
            if live > maxf:
                maxf = live
            t = record(trace, t, EV_CARVE, i, j)
            t = record(trace, t, EV_FRONTIER, j, i)
    elif prio == 3:  # "first slot": always the entry in slot 0; a finished one is replaced by the last entry
        lst = work[base:base + n]
        lst[0] = s
        size = 1
        while size > 0:
            i = np.int64(lst[0])
            visits += 1
            k = open_choices(cells, i, L, H, W, cand)
            if k == 0:
                size -= 1
                lst[0] = lst[size]
                t = record(trace, t, EV_DONE, i, NO_CELL)
                continue
            d = cand[0] if k == 1 else cand[rand_below(state, k)]
            j = i + off[d]
            carve(cells, i, d, j)
            lst[size] = j
            size += 1
            if size > maxf:
                maxf = size
            t = record(trace, t, EV_CARVE, i, j)
            t = record(trace, t, EV_FRONTIER, j, i)
    else:
        hb = (n + 1) & ~1 if use_w else 0
        hp = work[hb:hb + 2 * n].view(np.int64)
        size = _heap_push(hp, 0, _key(work, s, prio, use_w, state), s)
        while size > 0:
            i = hp[0] & 0x7FFFFFFF
            visits += 1
            k = open_choices(cells, i, L, H, W, cand)
            if k == 0:
                size = _heap_pop(hp, size)
                t = record(trace, t, EV_DONE, i, NO_CELL)
                continue
            d = cand[0] if k == 1 else cand[rand_below(state, k)]
            j = i + off[d]
            carve(cells, i, d, j)
            size = _heap_push(hp, size, _key(work, j, prio, use_w, state), j)
            if size > maxf:
                maxf = size
            t = record(trace, t, EV_CARVE, i, j)
            t = record(trace, t, EV_FRONTIER, j, i)
    finish(cells)
    return s, visits, maxf, t


# ----------------------------------------------------------------------------- growing tree, arc-based
@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def growing_tree_arcs(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Arc-based growing tree: the frontier holds arcs ``(previous cell, cell)``.

    An arc leaves the frontier as soon as it is taken; if its cell was reached
    meanwhile it is dropped, otherwise the passage is carved and every arc to
    an unvisited neighbour enters (in random order). With a stack this is the
    naive depth-first search; with random priorities, true Prim.
    ``params``: as :func:`growing_tree`. ``work``: ``2e`` int32 (``e`` = 2n, 3n
    with levels; plus ``n`` with weights). Arcs are stored as ``cell * 8 + d``,
    so grids are limited to 2**28 cells.
    Visits count every arc taken, dropped ones included.
    """
    n = cells.shape[0]
    pn = params[0]
    po = params[1]
    pr = params[2]
    prio = np.int64(params[3])
    use_w = params[4] != 0.0
    base = n if use_w else 0
    e = (2 if L == 1 else 3) * n
    count = begin(cells, mask, use_mask)
    s = pick_start(cells, start, count, state)
    cand = choice_buffer(L, H)
    off = offsets(H, W)
    cells[s] |= VISITED
    reached = 1
    t = record(trace, np.int64(0), EV_FRONTIER, s, NO_CELL)
    visits = 0
    maxf = 0
    k = open_choices(cells, s, L, H, W, cand)
    if prio == 0:  # random keys already order a priority queue
        shuffle_small(state, cand, k)
    if prio == 0:
        lst = work[base:base + e]
        head = 0
        tail = 0
        live = 0
        for y in range(k):
            lst[tail] = (s + off[cand[y]]) * 8 + cand[y]
            tail += 1
        live = tail
        maxf = live
        while live > 0 and reached < count:
            x = _choose(lst, head, tail, live, state, pn, po, pr)
            arc = np.int64(lst[x])
            head, tail, live = _remove(lst, x, head, tail, live)
            visits += 1
            j = arc >> 3
            if cells[j] & VISITED:
                continue
            d = arc & 7
            i = j - off[d]
            carve(cells, i, d, j)
            reached += 1
            t = record(trace, t, EV_CARVE, i, j)
            k = open_choices(cells, j, L, H, W, cand)
            shuffle_small(state, cand, k)
            for y in range(k):
                lst[tail] = (j + off[cand[y]]) * 8 + cand[y]
                tail += 1
                t = record(trace, t, EV_FRONTIER, j + off[cand[y]], j)
            live += k
            if live > maxf:
                maxf = live
    elif prio == 3:  # "first slot": take the arc in slot 0, move the last arc into it
        lst = work[base:base + e]
        shuffle_small(state, cand, k)
        size = 0
        for y in range(k):
            lst[size] = (s + off[cand[y]]) * 8 + cand[y]
            size += 1
        maxf = size
        while size > 0 and reached < count:
            arc = np.int64(lst[0])
            size -= 1
            lst[0] = lst[size]
            visits += 1
            j = arc >> 3
            if cells[j] & VISITED:
                continue
            d = arc & 7
            i = j - off[d]
            carve(cells, i, d, j)
            reached += 1
            t = record(trace, t, EV_CARVE, i, j)
            k = open_choices(cells, j, L, H, W, cand)
            shuffle_small(state, cand, k)
            for y in range(k):
                lst[size] = (j + off[cand[y]]) * 8 + cand[y]
                size += 1
                t = record(trace, t, EV_FRONTIER, j + off[cand[y]], j)
            if size > maxf:
                maxf = size
    else:
        hb = (n + 1) & ~1 if use_w else 0
        hp = work[hb:hb + 2 * e].view(np.int64)
        size = 0
        for y in range(k):
            j = s + off[cand[y]]
            size = _heap_push(hp, size, _key(work, j, prio, use_w, state), j * 8 + cand[y])
        maxf = size
        while size > 0 and reached < count:
            arc = hp[0] & 0x7FFFFFFF
            size = _heap_pop(hp, size)
            visits += 1
            j = arc >> 3
            if cells[j] & VISITED:
                continue
            d = arc & 7
            i = j - off[d]
            carve(cells, i, d, j)
            reached += 1
            t = record(trace, t, EV_CARVE, i, j)
            k = open_choices(cells, j, L, H, W, cand)
            for y in range(k):
                m = j + off[cand[y]]
                size = _heap_push(hp, size, _key(work, m, prio, use_w, state), m * 8 + cand[y])
                t = record(trace, t, EV_FRONTIER, m, j)
            if size > maxf:
                maxf = size
    finish(cells)
    return s, visits, maxf, t


# ----------------------------------------------------------------------------- growing forest
@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def growing_forest(cells, mask, use_mask, L, H, W, start, params, state, work, trace):
    """Several growing trees at once, seeded at random cells, then joined like Kruskal.

    ``params``: ``[trees, p_newest, p_oldest, p_random]``; ``trees`` is clipped
    to the number of cells. ``work``: ``(2 + e/n) n`` int32: tree labels, the
    frontier list, then the walls between trees (``e`` = 2n, 3n with levels).
    Visits count frontier looks plus walls examined while joining.
    """
    n = cells.shape[0]
    trees = np.int64(params[0])
    pn = params[1]
    po = params[2]
    pr = params[3]
    lab = work[0:n]
    lst = work[n:2 * n]
    edges = work[2 * n:]
    count = begin(cells, mask, use_mask)
    if trees < 1:
        trees = 1
    if trees > count:
        trees = count
    cand = choice_buffer(L, H)
    off = offsets(H, W)
    head = 0
    tail = 0
    t = np.int64(0)  # the event count: int64 from the start, so record compiles once
    first = -1
    for _ in range(trees):
        while True:
            x = rand_below(state, n)
            if not cells[x] & VISITED:
                break
        if first < 0:
            first = x
        cells[x] |= VISITED
        lab[x] = -1  # a root of size 1
        lst[tail] = x
        tail += 1
        t = record(trace, t, EV_FRONTIER, x, NO_CELL)
    live = tail
    maxf = live
    visits = 0
    while live > 0:
        x = _choose(lst, head, tail, live, state, pn, po, pr)
        i = np.int64(lst[x])
        visits += 1
        k = open_choices(cells, i, L, H, W, cand)
        if k == 0:
            head, tail, live = _remove(lst, x, head, tail, live)
            t = record(trace, t, EV_DONE, i, NO_CELL)
            continue
        d = cand[0] if k == 1 else cand[rand_below(state, k)]
        j = i + off[d]
        carve(cells, i, d, j)
        lab[j] = i if lab[i] < 0 else lab[i]  # every cell points straight at its tree's root
        lst[tail] = j
        tail += 1
        live += 1
        if live > maxf:
            maxf = live
        t = record(trace, t, EV_CARVE, i, j)
        t = record(trace, t, EV_FRONTIER, j, i)
    # join the trees: walls between different trees, in random order
    m = 0
    for i in range(n):
        if cells[i] & BLOCKED:
            continue
        c = i % W
        q = i // W
        r = q % H
        lv = q // H
        a = uf_find(lab, i)
        if c < W - 1 and not cells[i + 1] & BLOCKED and uf_find(lab, i + 1) != a:
            edges[m] = i * 4 + 1
            m += 1
        if r < H - 1 and not cells[i + W] & BLOCKED and uf_find(lab, i + W) != a:
            edges[m] = i * 4 + 2
            m += 1
        if L > 1 and lv < L - 1 and not cells[i + W * H] & BLOCKED and uf_find(lab, i + W * H) != a:
            edges[m] = i * 4 + 0
            m += 1
    joined = 0
    for x in range(m):
        if joined == trees - 1:
            break
        y = x + rand_below(state, m - x)
        v = edges[y]
        edges[y] = edges[x]
        edges[x] = v
        visits += 1
        i = np.int64(v >> 2)
        d = np.int64(v & 3)
        if d == 0:
            d = 4
        j = i + off[d]
        a = uf_find(lab, i)
        b = uf_find(lab, j)
        if a != b:
            lab[b] = a
            cells[i] |= np.uint8(1 << d)
            cells[j] |= np.uint8(1 << ((d + 2) % 4 if d < 4 else 9 - d))
            joined += 1
            t = record(trace, t, EV_CARVE, i, j)
    finish(cells)
    return first, visits, maxf, t
