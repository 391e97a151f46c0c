"""Maze generation kernels on any graph that join trees with union-find: Kruskal (plain and woven),
the growing forest, and braiding.

Private, array-in array-out and never raising, like :mod:`tremaux.kernels.graph_gen` (same signature,
the same ``trace`` rows: ``CARVE`` for each passage, and the growing forest's ``FRONTIER`` and ``DONE``).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit, uint64

from .gen_common import EV_CARVE, EV_DONE, EV_FRONTIER, record
from .gen_common import rand_below as below
from .gen_common import uf_find, uf_union
from .graph_gen import _carve, _iota, shuffle
from .graph_moves import passages, span
from .graph_topo import facing, locate, nb, shape, side
from .rng import next_u64, uniform

__all__ = ["kruskal", "kruskal_weave", "growing_forest", "KERNELS"]


@njit(cache=True, inline="always")
def _find(parent, i):
    while parent[i] != i:  # path halving
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def kruskal(nbr, back, start, params, state, cells, trace):
    """Random passages joining two different trees; ``params[0]`` is ignored.

    As the square kernel (:func:`tremaux.kernels.gen_merge.kruskal`) does: the random order of the
    passages is built cache-friendly by :func:`_order`, then :func:`_merge_pairs` or :func:`_merge_arcs`
    joins trees with union-find by size and path halving, touching each batch's parents first so the
    cache misses overlap, and stops after ``n - 1`` merges.
    A passage is stored as ``i << sh | s`` (``2**sh >= S``: decoding it takes a shift, not a
    division). On grids with at most 2.5 passages a cell (polar, triangle, square tables) it also holds its
    far end, ``(i << sh | s) << w | j << sh | t`` (``t``: the side of ``j`` facing ``i``, ``2**w > n << sh``)
    in 8 bytes, found while the grid is walked in order, so the merging loop, which reads the
    parents in random order, does no topology; elsewhere (hex: 3 a cell) it takes 4 bytes and the far
    end is found when the passage is drawn, keeping memory within 2x of the square kernel's.
    Memory: the passages (int64 or int32) and the parents (int32).
    """
    n, S = shape(nbr)
    sh = 0
    while (1 << sh) < S:
        sh += 1
    w = 0
    while (1 << w) <= (n << sh):
        w += 1
    m = passages(nbr)
    if 2 * m <= 5 * n and w <= 31:
        arcs = np.empty(m, np.int64)
        _fill_order(nbr, back, state, sh, w, arcs, np.empty(0, np.int32))
        return _merge_pairs(arcs, sh, w, cells, n, trace)
    arcs32 = np.empty(m, np.int32)
    _fill_order(nbr, back, state, sh, 0, np.empty(0, np.int64), arcs32)
    return _merge_arcs(nbr, back, arcs32, sh, cells, trace)


@njit(cache=True, no_cpython_wrapper=True)
def _bucket_starts(state, m, bbits):
    """Pass 1 of :func:`_fill_order`: where each of the ``2**bbits`` buckets starts (``counts[b]``, ``counts[NB] = m``)
    for the bucket draws of ``m`` passages, the random ``state`` left as it was (pass 2 replays the draws).
    Apart from :func:`_fill_order`, which numba compiles once per topology, because it reads neither."""
    NB = 1 << bbits
    counts = np.zeros(NB + 1, np.int64)
    bits = uint64(0)
    nbits = 0
    if bbits > 0:  # pass 1 counts the draws only: it needs the number of passages, not which they are
        saved = state.copy()
        for _ in range(m):
            if nbits < bbits:
                bits = next_u64(state)
                nbits = 64
            counts[np.int64(bits & uint64(NB - 1))] += 1
            bits >>= uint64(bbits)
            nbits -= bbits
        for k in range(saved.shape[0]):  # a loop: a slice assignment compiles numba's shape-mismatch message
            state[k] = saved[k]
    else:
        counts[0] = m
    total = 0
    for b in range(NB):
        c0 = counts[b]
        counts[b] = total
        total += c0
    counts[NB] = total
    return counts


def _order(nbr, back, state, sh, w, arcs):
    """Fill ``arcs`` (room for every passage: ``int64`` when ``w > 0``, else ``int32``) with the passages in a
    uniformly random order, their far ends included when ``w > 0`` (see :func:`kruskal`); returns ``arcs``.
    Python's way to :func:`_fill_order` (the kernel takes both widths, one of them empty)."""
    if arcs.dtype == np.int64:
        _fill_order(nbr, back, state, sh, w, arcs, np.empty(0, np.int32))
    else:
        _fill_order(nbr, back, state, sh, w, np.empty(0, np.int64), arcs)
    return arcs


@njit(cache=True)
def _fill_order(nbr, back, state, sh, w, wide, narrow):
    """Fill ``wide`` (``int64``, when ``w > 0``) or else ``narrow`` (``int32``) with the passages in a uniformly
    random order, their far ends included when ``w > 0`` (see :func:`kruskal`). Both widths in one kernel, so
    that numba compiles it once per topology form, not once per form and width.

    Rao-Sandelius: each passage draws one of ``NB`` buckets, pass 1 counts (knowing only how many
    passages there are), pass 2 replays the same draws and scatters, then each bucket, small enough
    for the cache, is shuffled by Fisher-Yates (:func:`shuffle`, the other graph kernels' too); multinomial
    buckets and uniform shuffles inside them give every order the same probability. Only pass 2 reads the
    topology: pass 1 and the shuffle are kernels of their own, compiled once for every grid.
    """
    n, S = shape(nbr)
    m = wide.shape[0] if w > 0 else narrow.shape[0]
    m_est = n * S // 2
    bbits = 0
    while bbits < 12 and (m_est >> (bbits + 16)) > 0:
        bbits += 1
    NB = 1 << bbits
    counts = _bucket_starts(state, m, bbits)
    bits = uint64(0)
    nbits = 0
    for i in range(n):  # pass 2 replays the draws and scatters the passages
        loc = locate(nbr, i)
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j <= i:
                continue
            b = 0
            if bbits > 0:
                if nbits < bbits:
                    bits = next_u64(state)
                    nbits = 64
                b = np.int64(bits & uint64(NB - 1))
                bits >>= uint64(bbits)
                nbits -= bbits
            a = (i << sh) | s
            if w > 0:
                wide[counts[b]] = (a << w) | (j << sh) | facing(nbr, back, loc, i, s)
            else:
                narrow[counts[b]] = a
            counts[b] += 1
    lo = 0
    for b in range(NB):  # pass 3: after pass 2, counts[b] is the end of bucket b, shuffled alone
        if w > 0:
            shuffle(state, wide[lo:counts[b]])
        else:
            shuffle(state, narrow[lo:counts[b]])
        lo = counts[b]


@njit(cache=True)
def _merge_pairs(arcs, sh, w, cells, n, trace):
    """Kruskal's merging along passages that hold their far ends (made by :func:`_order` with ``w > 0``):
    no topology here, as in the square kernel; the passages taken are gathered at the front of ``arcs``
    and carved after the merging, whose random reads of the parents then share the cache with nothing
    else; returns the kernel's answer."""
    m = arcs.shape[0]
    lowbits = (1 << sh) - 1
    wmask = (1 << w) - 1
    hs = w + sh
    parent = np.full(n, -1, np.int32)
    merges = 0
    visits = 0
    t = 0
    B = 64
    touched = np.zeros(1, np.int64)
    acc = 0
    x = 0
    while x < m and merges < n - 1:
        nb_ = min(B, m - x)
        for q in range(x, x + nb_):  # touch the batch's parents first: the misses overlap
            a = arcs[q]
            acc += parent[a >> hs] + parent[(a & wmask) >> sh]
        for q in range(x, x + nb_):
            if merges >= n - 1:
                break
            a = arcs[q]
            i = a >> hs
            j = (a & wmask) >> sh
            visits += 1
            ri = uf_find(parent, i)
            rj = uf_find(parent, j)
            if ri != rj:
                uf_union(parent, ri, rj)
                arcs[merges] = a  # carved below: a place already read (merges <= q)
                t = record(trace, t, EV_CARVE, i, j)
                merges += 1
        x += nb_
    touched[0] = acc  # keeps the touching loads alive
    for q in range(merges):  # the cells' writes apart from the parents' misses
        a = arcs[q]
        cells[a >> hs] |= 1 << ((a >> w) & lowbits)
        cells[(a & wmask) >> sh] |= 1 << (a & lowbits)
    return -1, visits, 0, t


@njit(cache=True)
def _merge_arcs(nbr, back, arcs, sh, cells, trace):
    """Kruskal's merging along passages ``i << sh | s`` (made by :func:`_order` with ``w = 0``): each
    batch first finds its far ends, then touches the parents it will need in a loop without branches;
    returns the kernel's answer."""
    n, S = shape(nbr)
    m = arcs.shape[0]
    lowbits = (1 << sh) - 1
    parent = np.full(n, -1, np.int32)
    merges = 0
    visits = 0
    t = 0
    B = 64
    touched = np.zeros(1, np.int64)
    acc = 0
    x = 0
    js = np.empty(B, np.int64)  # the batch's far ends and their sides back, found once
    bs = np.empty(B, np.int64)
    while x < m and merges < n - 1:
        nb_ = min(B, m - x)
        for q in range(nb_):  # the topology's arithmetic (its branches) apart from the loads that miss
            a = np.int64(arcs[x + q])
            i = a >> sh
            s = a & lowbits
            loc = locate(nbr, i)
            js[q] = side(nbr, loc, i, s)
            bs[q] = facing(nbr, back, loc, i, s)
        for q in range(nb_):  # no branch here: the misses overlap
            acc += parent[np.int64(arcs[x + q]) >> sh] + parent[js[q]]
        for q in range(nb_):
            if merges >= n - 1:
                break
            a = np.int64(arcs[x + q])
            i = a >> sh
            j = js[q]
            visits += 1
            ri = uf_find(parent, i)
            rj = uf_find(parent, j)
            if ri != rj:
                uf_union(parent, ri, rj)
                cells[i] |= 1 << (a & lowbits)
                cells[j] |= 1 << bs[q]
                t = record(trace, t, EV_CARVE, i, j)
                merges += 1
        x += nb_
    touched[0] = acc  # keeps the touching loads alive
    return -1, visits, 0, t


@njit(cache=True)
def growing_forest(nbr, back, start, params, state, cells, trace):
    """``params[0]`` trees grown at once (growing-tree discipline ``params[1:4]``), then joined Kruskal-style."""
    n, S = shape(nbr)
    trees = min(max(1, np.int64(params[0])), n)
    pn, po = params[1], params[2]
    label = np.full(n, -1, np.int32)
    lst = np.empty(n, np.int32)
    buf = np.empty(S, np.int64)
    seeds = _iota(n)
    shuffle(state, seeds)
    head = 0
    tail = 0
    t = 0
    for x in range(trees):
        label[seeds[x]] = x
        lst[tail] = seeds[x]
        tail += 1
        t = record(trace, t, EV_FRONTIER, np.int64(seeds[x]), -1)
    visits = 0
    maxf = tail
    while tail > head:
        u = uniform(state)
        if u < pn:
            k = tail - 1
        elif u < pn + po:
            k = head
        else:
            k = head + below(state, tail - head)
        i = np.int64(lst[k])
        visits += 1
        m = 0
        loc = locate(nbr, i)
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j >= 0 and label[j] < 0:
                buf[m] = s
                m += 1
        if m == 0:
            if k == tail - 1:
                tail -= 1
            elif k == head:
                head += 1
            else:
                lst[k] = lst[tail - 1]
                tail -= 1
            t = record(trace, t, EV_DONE, i, -1)
            continue
        s = buf[below(state, m)]
        j, t = _carve(cells, nbr, back, i, s, trace, t)
        t = record(trace, t, EV_FRONTIER, j, i)
        label[j] = label[i]
        lst[tail] = j
        tail += 1
        if tail - head > maxf:
            maxf = tail - head
    # join the trees along random passages between different trees
    parent = _iota(trees)
    cnt = 0
    for i in range(n):
        loc = locate(nbr, i)
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j > i and label[i] != label[j]:
                cnt += 1
    arcs = np.empty(cnt, np.int64)
    cnt = 0
    for i in range(n):
        loc = locate(nbr, i)
        for s in range(span(nbr, loc)):
            j = side(nbr, loc, i, s)
            if j > i and label[i] != label[j]:
                arcs[cnt] = i * S + s
                cnt += 1
    shuffle(state, arcs)
    for e in range(cnt):
        i = arcs[e] // S
        s = arcs[e] - i * S
        a = _find(parent, label[i])
        b = _find(parent, label[nb(nbr, i, s)])
        if a != b:
            parent[a] = b
            _, t = _carve(cells, nbr, back, i, s, trace, t)
    return -1, visits, maxf, t


def kruskal_weave(nbr, back, start, params, state, cells, trace):
    """Kruskal on a woven grid (``2 S`` slots, tunnels in the upper half; see :mod:`tremaux.grids.weave`).

    First, each cell (in random order, with chance ``params[0]``) becomes a crossing when it and its
    neighbours are untouched and the cells each passage would join are in different trees: a passage
    straight over it, a tunnel straight under it. Crossing cells then take no other passage; Kruskal joins the rest along ordinary sides.
    The work is the kernel :func:`_weave`'s, on side bits of its own (``uint16``), so that it is compiled once
    for the one- and two-byte cells of woven square and hex grids; NumPy copies the bits into ``cells``.

    Parameters
    ----------
    nbr, back : numpy.ndarray
        The woven grid's neighbour table ``(n, 2 S)`` (``int32``, -1: none) and the side facing back (``int8``).
    start : int
        Unused (Kruskal has no start), as in every graph kernel's signature.
    params : numpy.ndarray
        ``params[0]``: the chance that a cell becomes a crossing.
    state : numpy.ndarray
        The random state (:func:`tremaux.kernels.rng.make_state`), advanced.
    cells : numpy.ndarray
        The ``n`` cells (``uint8`` or ``uint16``), all walls; the passages are opened in place.
    trace : numpy.ndarray
        ``(rows, 3)`` ``int64`` rows for the ``CARVE`` events, or ``(0, 3)`` for none.

    Returns
    -------
    tuple of int
        ``(-1, passages examined, crossings, trace rows written)``.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.grids import make_grid
    >>> from tremaux.kernels.graph_merge import kruskal_weave
    >>> from tremaux.kernels.rng import make_state
    >>> grid = make_grid("square", size=(4, 4), weave=True)
    >>> cells = np.zeros(grid.size, grid.dtype)
    >>> out = kruskal_weave(grid.nbr, grid.back, -1, np.array([0.5]), make_state(1), cells, np.empty((0, 3), np.int64))
    >>> int(np.unpackbits(cells).sum()) // 2  # a spanning tree: one passage fewer than cells
    15
    """
    bits = np.zeros(nbr.shape[0], np.uint16)  # at most 16 side slots: 8 on woven square grids, 12 on hex
    out = _weave(nbr, back, params, state, bits, trace)
    np.bitwise_or(cells, bits, out=cells, casting="unsafe")
    return out


@njit(cache=True)
def _weave(nbr, back, params, state, cells, trace):
    """:func:`kruskal_weave`'s crossings and merging, opening sides in ``cells`` (``uint16`` bits)."""
    n, S2 = nbr.shape
    S = S2 // 2
    half = S // 2
    density = params[0]
    parent = _iota(n)
    used = np.zeros(n, np.bool_)
    centre = np.zeros(n, np.bool_)
    order = _iota(n)
    shuffle(state, order)
    crossings = 0
    t = 0
    for k in range(n):
        b = np.int64(order[k])
        if used[b] or uniform(state) >= density:
            continue
        d = below(state, half)  # the tunnel's axis
        e = (d + 1 + below(state, half - 1)) % half if half > 1 else d  # the bridge's axis
        a = np.int64(nbr[b, d + half])  # int64 cells: the topology helpers and record compile once
        c = np.int64(nbr[b, d])
        p = np.int64(nbr[b, e])
        q = np.int64(nbr[b, e + half])
        if a < 0 or c < 0 or p < 0 or q < 0 or nbr[a, S + d] != c:
            continue
        if used[a] or used[c] or used[p] or used[q]:
            continue
        ra, rc, rp, rq = _find(parent, a), _find(parent, c), _find(parent, p), _find(parent, q)
        if ra == rc or rp == rq:
            continue
        _, t = _carve(cells, nbr, back, b, e, trace, t)
        _, t = _carve(cells, nbr, back, b, e + half, trace, t)
        _, t = _carve(cells, nbr, back, a, S + d, trace, t)
        parent[ra] = rc  # the tunnel joins a and c; the bridge joins p, b and q
        parent[rp] = b
        parent[rq] = b
        used[a] = used[b] = used[c] = used[p] = used[q] = True
        centre[b] = True
        crossings += 1
    m = 0
    for i in range(n):
        for s in range(S):
            j = nbr[i, s]
            if j > i and not centre[i] and not centre[j]:
                m += 1
    arcs = np.empty(m, np.int64)
    m = 0
    for i in range(n):
        for s in range(S):
            j = nbr[i, s]
            if j > i and not centre[i] and not centre[j]:
                arcs[m] = i * S2 + s
                m += 1
    shuffle(state, arcs)
    visits = 0
    for x in range(m):
        i = arcs[x] // S2
        s = arcs[x] - i * S2
        ra = _find(parent, i)
        rb = _find(parent, nbr[i, s])
        visits += 1
        if ra != rb:
            parent[ra] = rb
            _, t = _carve(cells, nbr, back, i, s, trace, t)
    return -1, visits, crossings, t


KERNELS = {
    "kruskal": kruskal,
    "growing_forest": growing_forest,
    "kruskal_weave": kruskal_weave,
}
"""Kernel name -> compiled kernel."""
