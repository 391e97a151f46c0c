"""Cell rules of the colour search of :mod:`tremaux.kernels.nl_colour`: private numba functions.

The queue of cells to look at again (:func:`_push`), the neighbours of a
cell, the cut corner rule, and the trail of the colours each cell lost since
the reach was last followed (:func:`_lose`), with the local test that tells
a lost cell which cannot split its colour's cells (:func:`_kept`): the cells
of that colour around it are joined through the eight cells around it, so a
path through it goes round it instead; or, further away, a search from each
of them at once until they meet (:func:`_joined`).
"""

from __future__ import annotations

from .._jit import njit, uint64

__all__: list[str] = []


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _push(v, h, w, queue, inq, tail, n):
    """Queue ``v`` and its neighbours (those not queued yet); the new tail."""
    r, c = v // w, v % w
    for k in range(5):
        if k == 0:
            u = v
        elif k == 1:
            if r == 0:
                continue
            u = v - w
        elif k == 2:
            if c == w - 1:
                continue
            u = v + 1
        elif k == 3:
            if r == h - 1:
                continue
            u = v + w
        else:
            if c == 0:
                continue
            u = v - 1
        if not inq[u]:
            inq[u] = True
            queue[tail % n] = u
            tail += 1
    return tail


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _nbrs(v, h, w, out):
    """The neighbours of ``v`` in ``out``; how many."""
    r, c = v // w, v % w
    m = 0
    if r > 0:
        out[m] = v - w
        m += 1
    if c < w - 1:
        out[m] = v + 1
        m += 1
    if r < h - 1:
        out[m] = v + w
        m += 1
    if c > 0:
        out[m] = v - 1
        m += 1
    return m


@njit(cache=True, interpret=False, inline="always")
def _ties(dom, nb, m, b):
    """Of the ``m`` neighbours in ``nb``: how many may take the colour ``b``, and how many have only it."""
    poss = 0
    sure = 0
    for j in range(m):
        du = dom[nb[j]]
        if du & b:
            poss += 1
            if du == b:
                sure += 1
    return poss, sure


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _lose(v, bits, gone, pos, logv, logb):
    """Note that ``v`` lost the colours ``bits`` (bit 0 aside): in ``gone[0]`` and on the trail ``logv``,
    ``logb`` at ``pos[1]``; a full trail sets ``pos[0]`` to -1 (every colour's reach followed again)."""
    bits &= ~uint64(1)
    if bits != uint64(0):
        gone[0] |= bits
        t = pos[1]
        if t < logv.shape[0]:
            logv[t] = v
            logb[t] = bits
            pos[1] = t + 1
        else:
            pos[0] = -1


_RING_R = (-1, -1, 0, 1, 1, 1, 0, -1)
_RING_C = (0, 1, 1, 1, 0, -1, -1, -1)
"""The eight cells around a cell, clockwise from North: the even ones are its neighbours."""


@njit(cache=True, interpret=False)
def _kept(x, b, dom, back, h, w):
    """Whether the cells of colour ``b`` (in ``dom`` or ``back``) beside ``x`` are joined through the eight
    cells around ``x``: if so, a region of ``b`` that held ``x`` stays in one piece without it."""
    r, c = x // w, x % w
    ring = 0
    for i in range(8):
        rr, cc = r + _RING_R[i], c + _RING_C[i]
        if 0 <= rr < h and 0 <= cc < w and (dom[rr * w + cc] | back[rr * w + cc]) & b != uint64(0):
            ring |= 1 << i
    if ring == 255:
        return True
    first = 0
    while ring & (1 << first):
        first += 1
    arcs = 0  # runs of the eight inside the colour that hold a neighbour of x
    held = False
    for k in range(1, 9):
        i = (first + k) % 8
        if ring & (1 << i) == 0:
            held = False
        elif i % 2 == 0 and not held:
            held = True
            arcs += 1
    return arcs <= 1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _corner(dom, a, dx, ray, w, queue, inq, tail, n, h, gone, pos, logv, logb):
    """The cut corner rules on the 2 x 2 block of ``a``, ``e = a + dx`` (East or West) and the two below them.

    A corner of colour ``c`` at ``a`` turning to ``e`` and down (a ``┌`` when ``dx`` is 1, a ``┐`` when -1)
    needs its inner diagonal ``d = a + w + dx`` coloured, and not ``c`` (four cells of one colour close a
    loop); ``d`` is then itself such a corner or a number, and so on down the diagonal, so without a number
    on that ray (``ray`` False) there is no such corner at ``a``. The colours taken from a cell are added to
    ``gone[0]``. Returns the new tail, or -1 on a wipe-out.
    """
    one = uint64(1)
    zero = uint64(0)
    e, s = a + dx, a + w
    d = s + dx
    da, de, ds, dd = dom[a], dom[e], dom[s], dom[d]
    if da == de or da == ds:  # every rule below needs two of the three of one colour
        pair = da
    elif de == ds:
        pair = de
    else:
        return tail
    if pair == one or pair & (pair - one) != zero:
        return tail
    if da != one and da & (da - one) == zero and de == da and ds == da:  # the corner is there
        if not ray:
            return -1
        nd = dd & ~one & ~da
        if nd == zero:
            return -1
        if nd != dd:
            _lose(d, dd & ~nd, gone, pos, logv, logb)
            dom[d] = nd
            tail = _push(d, h, w, queue, inq, tail, n)
        return tail
    for j in range(3):  # two of the three cells of one colour: the third may not take it when it is refused
        if j == 0:
            x, y, t = da, de, s
        elif j == 1:
            x, y, t = da, ds, e
        else:
            x, y, t = de, ds, a
        if x == one or x & (x - one) != zero or y != x or dom[t] & x == zero:
            continue
        if ray and dd != one and dd != x:
            continue
        dom[t] &= ~x
        _lose(t, x, gone, pos, logv, logb)
        if dom[t] == zero:
            return -1
        tail = _push(t, h, w, queue, inq, tail, n)
    return tail


@njit(cache=True, interpret=False)
def _joined(x, b, dom, back, h, w, mark, queue, nb, groups_at):
    """Whether the cells of colour ``b`` (in ``dom`` or ``back``) beside ``x`` are joined without ``x``: a
    search from each of them at once, until they all meet or one has no cell left to go to (``mark`` is all
    0 before and after; ``queue`` of ``h * w`` cells; ``groups_at``: 8 integers, the groups' union and their
    cells still queued)."""
    m = _nbrs(x, h, w, nb)
    parent = groups_at[:4]
    active = groups_at[4:]  # cells queued and not looked at yet, of each group
    for j in range(4):
        parent[j] = j
        active[j] = 0
    tail = 0
    for j in range(m):
        u = nb[j]
        if (dom[u] | back[u]) & b != uint64(0):
            mark[u] = tail + 1
            queue[tail] = u
            active[tail] = 1
            tail += 1
    groups = tail
    head = 0
    mark[x] = -1  # not to be gone through
    while groups > 1 and head < tail:
        v = queue[head]
        head += 1
        g = mark[v] - 1
        while parent[g] != g:
            g = parent[g]
        active[g] -= 1
        m = _nbrs(v, h, w, nb)
        for j in range(m):
            u = nb[j]
            if mark[u] < 0 or (dom[u] | back[u]) & b == uint64(0):
                continue
            if mark[u] == 0:
                mark[u] = g + 1
                queue[tail] = u
                tail += 1
                active[g] += 1
                continue
            a = mark[u] - 1
            while parent[a] != a:
                a = parent[a]
            if a != g:  # two groups meet
                parent[a] = g
                active[g] += active[a]
                groups -= 1
        if active[g] == 0 and groups > 1:  # a group with nowhere left to go: cut off from the others
            break
    mark[x] = 0
    for i in range(tail):
        mark[queue[i]] = 0
    return groups <= 1
