"""Number Link kernel for ``nikoli`` without touching: a search over the colours of the cells.

Private numba functions, arrays in and arrays out; they never raise and never
print. The public adapter is :mod:`tremaux.numberlink.solvers.colours`.

When no line may run beside itself, a solution is known from the colour of
each cell (its pair, or empty): two cells side by side are linked exactly
when they have the same colour. A colouring is a solution exactly when every
coloured cell has as many neighbours of its own colour as its degree (one on
a number, two elsewhere) and no colour closes a loop: each colour then
induces a path between its two numbers. Both tests are local but the last,
so the search is a constraint search over small domains (a bit set per cell:
bit 0 empty, bit ``c`` colour ``c``), with two rules propagated to a fixed
point after every choice:

* **degree**: a colour stays in a cell's domain only while at least its
  degree of neighbours may have it and at most its degree surely do; a cell
  of one colour whose neighbours that may have it are exactly its degree
  forces them to it, and one with its degree of neighbours of that colour
  already removes the colour from its other neighbours;
* **reach**: a colour stays only in the cells that reach the colour's first
  number through cells that may have it, and the second number must be
  among them (a colour elsewhere could only close a loop). It is followed
  again only for the colours a choice may have split: a colour whose lost
  cells each have the cells of that colour beside them joined round them
  (:func:`.nl_colour_cells._kept`, the lost cells put back from the last
  lost), or the long way round while no flood is needed anyway
  (:func:`.nl_colour_cells._joined`), is still in one piece with both its
  numbers, and loses nothing.

A complete colouring is a solution unless a loop remains (checked by
following each line); then it is passed over, the same colouring without the
loop being another leaf. The search branches on the cell with the fewest
colours left, trying first the colour ``pref`` gives it (a known solution's,
so a second solution near it comes early). The state lives in arrays, so a
run stops after a budget of nodes and is resumed.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit, uint64
from .nl_colour_cells import _corner, _joined, _kept, _lose, _nbrs, _push, _ties

__all__ = ["colour_run", "new_colour_state"]


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _propagate(dom, h, w, deg, ends, queue, inq, head, tail, reach, cut, rays, nb, once, gone, pos, logv, logb,
               st, mark):
    """Degree and reach rules to a fixed point from the cells queued in ``queue[head:tail]``: False on a wipe-out.

    ``gone[0]``: the colours taken from some cell since the reach was last followed (bit 0 aside); the reach
    is followed again for those colours only, as every other colour's cells are still the ones that reach
    its first number, its second among them. Kept up to date for the next call, with the trail of the cells
    that lost them (``pos``, ``logv``, ``logb``: :func:`_lose`). ``st[4]`` counts the floods.
    """
    n = h * w
    one = uint64(1)
    zero = uint64(0)
    reached = False
    base = pos[1]
    while True:
        while head < tail:
            v = queue[head % n]
            head += 1
            inq[v] = False
            d = dom[v]
            if d == zero:
                return False
            m = _nbrs(v, h, w, nb)
            dv = deg[v]
            nd = d & one
            bits = d & ~one
            while bits != zero:
                b = bits & (zero - bits)
                bits ^= b
                poss, sure = _ties(dom, nb, m, b)
                if poss >= dv and sure <= dv:
                    nd |= b
            if nd == zero:
                return False
            if nd != d:
                _lose(v, d & ~nd, gone, pos, logv, logb)
                dom[v] = nd
                tail = _push(v, h, w, queue, inq, tail, n)
            if cut and nd & (nd - one) == zero:  # the blocks of a cut corner that hold v, once v is decided
                vr, vc = v // w, v % w
                for dy in range(2):
                    for dx in range(2):
                        a = v - dy * w - dx  # a turning East: the block a, a + 1, a + w, a + w + 1
                        if vr - dy >= 0 and vr - dy < h - 1 and vc - dx >= 0 and vc - dx < w - 1:
                            tail = _corner(dom, a, 1, rays[a] & 1 != 0, w, queue, inq, tail, n, h, gone, pos, logv, logb)
                            if tail < 0:
                                return False
                        a = v - dy * w + dx  # a turning West: the block a, a - 1, a + w, a + w - 1
                        if vr - dy >= 0 and vr - dy < h - 1 and vc + dx >= 1 and vc + dx < w:
                            tail = _corner(dom, a, -1, rays[a] & 2 != 0, w, queue, inq, tail, n, h, gone, pos, logv, logb)
                            if tail < 0:
                                return False
            if nd != one and (nd & (nd - one)) == zero:  # one colour: force or clear its neighbours
                poss, sure = _ties(dom, nb, m, nd)
                if poss == dv and sure < dv:
                    for j in range(m):
                        u = nb[j]
                        if dom[u] & nd and dom[u] != nd:
                            _lose(u, dom[u] & ~nd, gone, pos, logv, logb)
                            dom[u] = nd
                            tail = _push(u, h, w, queue, inq, tail, n)
                elif sure == dv and poss > dv:
                    for j in range(m):
                        u = nb[j]
                        if dom[u] & nd and dom[u] != nd:
                            dom[u] &= ~nd
                            _lose(u, nd, gone, pos, logv, logb)
                            if dom[u] == zero:
                                return False
                            tail = _push(u, h, w, queue, inq, tail, n)
        if reached and once:  # the reach once per call: the rest is checked at the leaves
            return True
        reached = True
        mask = gone[0] & ~one
        if mask == zero:  # no colour lost a cell: every colour's cells still reach both its numbers
            return True
        if pos[0] >= 0:  # a colour whose lost cells, put back one by one from the last, each join their
            split = zero  # neighbours of that colour around them, is still in one piece with both numbers
            for i in range(pos[1] - 1, pos[0] - 1, -1):
                x = logv[i]
                bits = logb[i] & mask & ~split
                while bits != zero:
                    b = bits & (zero - bits)
                    bits ^= b
                    if _kept(x, b, dom, reach, h, w):
                        continue
                    # joined the long way round: only while that spares the whole flood (one flood follows
                    # every colour at once)
                    if split != zero or not _joined(x, b, dom, reach, h, w, mark, queue, nb[:4], nb[4:]):
                        split |= b
                reach[x] |= logb[i]
            for i in range(pos[0], pos[1]):
                reach[logv[i]] = zero
            mask = split
        pos[0] = base  # the trail starts again: what is left of each colour reaches both its numbers
        pos[1] = base
        gone[0] = zero
        if mask == zero:
            return True
        # reach: every colour from its first number through the cells that may have it (``reach`` is all
        st[4] += 1  # empty between two calls)
        head = 0
        tail = 0
        for k in range(ends.shape[0]):
            if mask & (one << uint64(k + 1)) == zero:
                continue
            a = ends[k, 0]
            reach[a] = one << uint64(k + 1)
            inq[a] = True
            queue[tail % n] = a
            tail += 1
        while head < tail:
            v = queue[head % n]
            head += 1
            inq[v] = False
            r = reach[v]
            m = _nbrs(v, h, w, nb)
            for j in range(m):
                u = nb[j]
                new = dom[u] & r & ~reach[u]
                if new != zero:
                    reach[u] |= new
                    if not inq[u]:
                        inq[u] = True
                        queue[tail % n] = u
                        tail += 1
        out = False
        for k in range(ends.shape[0]):
            if mask & (one << uint64(k + 1)) != zero and reach[ends[k, 1]] & (one << uint64(k + 1)) == zero:
                out = True
        if out:
            for v in range(n):
                reach[v] = zero
            return False
        head = 0
        tail = 0
        keep = ~mask
        for v in range(n):
            nd = dom[v] & (reach[v] | keep)
            reach[v] = zero
            if nd != dom[v]:
                if nd == zero:
                    for u in range(v + 1, n):
                        reach[u] = zero
                    return False
                dom[v] = nd
                tail = _push(v, h, w, queue, inq, tail, n)
        if tail == 0:
            return True


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _leaf(dom, h, w, deg, ends, cut, col, seen, nb):
    """The colouring with every undecided cell empty (in ``col``): whether it is a solution (and has no cut
    corner, with ``cut``)."""
    n = h * w
    one = uint64(1)
    zero = uint64(0)
    for v in range(n):
        x = dom[v]
        c = 0
        if x & (x - one) == zero:
            while x > one:
                x >>= one
                c += 1
        col[v] = c
    for v in range(n):  # the degree of every coloured cell (undecided ones made empty)
        if col[v] > 0:
            m = _nbrs(v, h, w, nb)
            same = 0
            for j in range(m):
                if col[nb[j]] == col[v]:
                    same += 1
            if same != deg[v]:
                return False
    if cut:
        for v in range(n - w):
            r, c = v // w, v % w
            if col[v] > 0 and col[v + w] == col[v]:
                if c < w - 1 and col[v + 1] == col[v] and col[v + w + 1] == 0:
                    return False
                if c > 0 and col[v - 1] == col[v] and col[v + w - 1] == 0:
                    return False
    for v in range(n):
        seen[v] = False
    for k in range(ends.shape[0]):  # no loop: every coloured cell on the line from a number
        prev = -1
        x = ends[k, 0]
        while x >= 0:
            seen[x] = True
            m = _nbrs(x, h, w, nb)
            nxt = -1
            for j in range(m):
                u = nb[j]
                if u != prev and col[u] == k + 1:
                    nxt = u
                    break
            prev = x
            x = nxt
    for v in range(n):
        if col[v] > 0 and not seen[v]:
            return False
    return True


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _choose(dom, h, w, deg, pref, nb, heads):
    """The next choice ``(cell, colour bit)``: a neighbour of the line end with the fewest ways on, or a cell
    that must be coloured; ``(-1, 0)`` when every line is complete and every undecided cell may stay empty."""
    n = h * w
    one = uint64(1)
    zero = uint64(0)
    best = -1
    bits = zero
    fewest = 99
    for v in range(n if heads else 0):
        d = dom[v]
        if d == one or d & (d - one) != zero:
            continue
        m = _nbrs(v, h, w, nb)
        poss, sure = _ties(dom, nb, m, d)
        if sure < deg[v] and poss - sure < fewest:
            fewest = poss - sure
            pick = -1
            for j in range(m):
                u = nb[j]
                if dom[u] & d and dom[u] != d and (pick < 0 or pref[u] > 0 and one << uint64(pref[u]) == d):
                    pick = u
            best = pick
            bits = d
            if fewest <= 2:
                break
    if best >= 0:
        return best, bits
    fewest = 99
    for v in range(n):  # no line end left open: a cell that may not stay empty
        x = dom[v]
        if x & (x - one) == zero or (heads and x & one):
            continue
        cnt = 0
        while x != zero:
            x &= x - one
            cnt += 1
        if cnt < fewest:
            fewest = cnt
            best = v
            if cnt == 2:
                break
    if best < 0:
        return -1, zero
    x = dom[best]
    b = one << uint64(pref[best])
    if x & b == zero:
        b = x & (zero - x)
    return best, b


SOLUTION_BUFFER = 64
"""Rows of the solution buffer: when it is full the run stops (status 0) and the caller empties it."""


def new_colour_state(n, max_solutions, pairs):
    """The arrays of one run on ``n`` cells of ``pairs`` colours that ends after ``max_solutions`` colourings.

    The colourings found go to a buffer of at most :data:`SOLUTION_BUFFER` rows, emptied by the caller
    between calls (``st[6]``: the rows in use), so the memory is the same for any ``max_solutions``.

    Parameters
    ----------
    n : int
        Cells of the board.
    max_solutions : int
        Colourings after which the run ends (any positive integer; past ``2**63 - 1``, that).
    pairs : int
        Colours (pairs) of the board, at least 1.

    Returns
    -------
    tuple of numpy.ndarray
        The working arrays of :func:`colour_run`, in the order it takes them.

    Examples
    --------
    >>> from tremaux.kernels.nl_colour import new_colour_state
    >>> state = new_colour_state(9, 10 ** 30, 1)
    >>> state[5].shape, int(state[4][5]) == 2 ** 63 - 1
    ((64, 9), True)
    """
    doms = np.zeros((n + 2, n), dtype=np.uint64)
    cell = np.full(n + 2, -1, dtype=np.int64)
    rem = np.zeros((2, n + 2), dtype=np.uint64)  # the colours left to try; the colours taken since the reach
    phase = np.zeros(n + 2, dtype=np.int64)
    st = np.zeros(7, dtype=np.int64)  # depth (-1: not started), nodes, status (1 complete, 2 enough), solutions,
    # floods (the reach followed over the board), the solutions that end the run, rows of ``sols`` in use
    st[0] = -1
    st[5] = min(int(max_solutions), np.iinfo(np.int64).max)
    sols = np.zeros((max(1, min(int(max_solutions), SOLUTION_BUFFER)), n), dtype=np.int64)
    work = np.zeros(5 * n + 12, dtype=np.int64)  # queue, colours of a leaf, degrees, rays, marks; four neighbours
    # and the groups of a search (:func:`.nl_colour_cells._joined`)
    reach = np.zeros(n, dtype=np.uint64)
    flags = np.zeros(2 * n, dtype=np.bool_)  # queued, seen
    logv = np.zeros(n * pairs + 1, dtype=np.int64)  # the trail: a cell, the colours it lost; each lost once
    logb = np.zeros(n * pairs + 1, dtype=np.uint64)  # along a line of choices, so it is never full
    at = np.zeros((n + 2, 2), dtype=np.int64)  # the trail of each depth since the reach: start (-1: none), end
    return doms, cell, rem, phase, st, sols, work, reach, flags, logv, logb, at


@njit(cache=True, interpret=False)
def colour_run(grid, h, w, ends, pref, known, cut, heads, doms, cell, rem, phase, st, sols, work, reach, flags,
               logv, logb, at, nodes):
    """Go on with the search for up to ``nodes`` choices; the status (0: stopped, 1: complete, 2: enough).

    ``grid``: the pair + 1 of each number cell (flat), 0 elsewhere; ``ends[k]``: the two cells of pair
    ``k``; ``pref``: the colour to try first in each cell (0: empty). Solutions go to the next row ``st[6]`` of
    ``sols`` as the colour of each cell; ``st[3]`` counts them, the run ends after ``st[5]``, and it stops
    when ``sols`` is full (empty it: set ``st[6]`` to 0, and call again). ``known``: ``pref`` is a
    solution, not reported again. ``cut``: keep only the colourings without a cut corner (a ``┌`` or ``┐``
    whose inner diagonal is empty). ``heads``: choose among the cells beside a line's open end first.
    """
    n = h * w
    one = uint64(1)
    zero = uint64(0)
    k = ends.shape[0]
    queue = work[:n]
    col = work[n:2 * n]
    deg = work[2 * n:3 * n]
    rays = work[3 * n:4 * n]  # bit 1: a number down the diagonal to the South-East; bit 2: South-West
    mark = work[4 * n:5 * n]  # the groups of a search that joins the cells of a colour round a lost cell
    nb = work[5 * n:]
    inq = flags[:n]
    seen = flags[n:]
    if st[2] != 0:
        return st[2]
    if st[0] < 0:
        for v in range(n):
            deg[v] = 1 if grid[v] > 0 else 2
            r, c = v // w, v % w
            for dx in (1, -1):
                rr, cc = r + 1, c + dx
                while rr < h and 0 <= cc < w:
                    if grid[rr * w + cc] > 0:
                        rays[v] |= 1 if dx == 1 else 2
                        break
                    rr += 1
                    cc += dx
        full = (one << uint64(k + 1)) - one
        for v in range(n):
            doms[0, v] = (one << uint64(grid[v])) if grid[v] > 0 else full
        tail = 0
        for v in range(n):
            inq[v] = True
            queue[v] = v
            tail += 1
        rem[1, 0] = full
        at[0, 0] = -1
        at[0, 1] = 0
        if not _propagate(doms[0], h, w, deg, ends, queue, inq, 0, tail, reach, cut, rays, nb, False, rem[1, 0:1],
                          at[0], logv, logb, st, mark):
            st[2] = 1
            return 1
        st[0] = 0
        cell[0] = -1
    depth = st[0]
    while nodes > 0:
        if cell[depth] < 0:
            v, b = _choose(doms[depth], h, w, deg, pref, nb, heads)
            if v < 0:  # every line complete: one solution, the undecided cells empty
                ok = _leaf(doms[depth], h, w, deg, ends, cut, col, seen, nb)
                if ok and known:  # the known solution is not reported again
                    ok = False
                    for u in range(n):
                        if col[u] != pref[u]:
                            ok = True
                            break
                spill = False
                if ok:
                    s = st[6]
                    for u in range(n):
                        sols[s, u] = col[u]
                    st[6] = s + 1
                    st[3] += 1
                    if st[3] >= st[5]:
                        st[2] = 2
                        st[0] = depth
                        return 2
                    spill = st[6] >= sols.shape[0]
                depth -= 1
                if depth < 0:
                    st[2] = 1
                    st[0] = 0
                    return 1
                if spill:  # the caller empties the buffer and calls again
                    st[0] = depth
                    return 0
                continue
            cell[depth] = v
            rem[0, depth] = b
            phase[depth] = 0
        v = cell[depth]
        b = rem[0, depth]
        if phase[depth] >= 2:
            cell[depth] = -1
            depth -= 1
            if depth < 0:
                st[2] = 1
                st[0] = 0
                return 1
            continue
        nodes -= 1
        st[1] += 1
        for u in range(n):
            doms[depth + 1, u] = doms[depth, u]
        if phase[depth] == 0:  # the cell takes the colour
            doms[depth + 1, v] = b
        else:  # or not
            doms[depth + 1, v] = doms[depth, v] & ~b
        rem[1, depth + 1] = rem[1, depth]
        at[depth + 1, 0] = at[depth, 0]
        at[depth + 1, 1] = at[depth, 1]
        _lose(v, doms[depth, v] & ~doms[depth + 1, v], rem[1, depth + 1:depth + 2], at[depth + 1], logv, logb)
        phase[depth] += 1
        for u in range(n):
            inq[u] = False
        tail = _push(v, h, w, queue, inq, 0, n)
        if _propagate(doms[depth + 1], h, w, deg, ends, queue, inq, 0, tail, reach, cut, rays, nb, True,
                      rem[1, depth + 1:depth + 2], at[depth + 1], logv, logb, st, mark):
            depth += 1
            cell[depth] = -1
    st[0] = depth
    return 0
