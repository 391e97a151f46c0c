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

After each decision :mod:`tremaux.kernels.nl_search_prune` checks what every
completion needs (connectable pairs, regions that can be covered, pairs that
would have to cross), and states whose whole subtree held no solution are
remembered by a hash of the frontier (:mod:`tremaux.kernels.nl_search_hash`)
and not searched again.

The state lives in arrays, so a run can stop after a budget of nodes and be
resumed (``st`` holds the depth, counters and status).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .nl_search_corner import corner_ok
from .nl_search_cut import cut_ok
from .nl_search_hash import state_hash
from .nl_search_prune import planar_ok, prune_rows

__all__ = ["search_run", "new_state"]

# st[...] slots
_DEPTH, _NODES, _STATUS, _NSOL, _TOP, _MAXSOL, _NBUF = 0, 1, 2, 3, 4, 5, 6
_RUNNING, _EXHAUSTED, _LIMIT, _FULL = 0, 1, 2, 3
SOLUTION_BUFFER = 64
"""Rows of the solution buffer: when it is full the run returns status 3 and the caller empties it."""
_MOST = int(np.iinfo(np.int64).max)
"""The largest ``max_solutions`` kept (a larger one is no limit either: no search reaches it)."""

# trail kinds
_T_CCOL, _T_MATE, _T_COL = 0, 1, 2


def new_state(size: int, max_solutions: int, memo_slots: int = 1 << 18) -> dict[str, np.ndarray]:
    """Fresh arrays for :func:`search_run` on a grid of ``size`` cells (``memo_slots`` a power of two).

    Parameters
    ----------
    size : int
        Cells of the puzzle grid.
    max_solutions : int
        Solutions after which the search stops.
    memo_slots : int, default 262144
        Slots of the memo table; a power of two.

    Returns
    -------
    dict of str to numpy.ndarray
        The search's working arrays, by name.

    Examples
    --------
    >>> from tremaux.kernels.nl_search import new_state
    >>> state = new_state(25, 2, memo_slots=16)
    >>> state["links"].shape, state["memo"].shape
    ((25,), (16, 2))
    """
    ccol = np.zeros(size, dtype=np.int64)
    return {
        "links": np.zeros(size, dtype=np.int64),
        "ccol": ccol,
        "mate": np.full(2 * size + 2, -1, dtype=np.int64),
        "col": np.zeros(2 * size + 2, dtype=np.int64),
        "trail": np.zeros((12 * size + 16, 3), dtype=np.int64),
        "opt": np.zeros(size + 1, dtype=np.int64),
        "mark": np.zeros(size + 1, dtype=np.int64),
        "sols": np.zeros((max(1, min(max_solutions, SOLUTION_BUFFER)), size), dtype=np.int64),
        "work": np.zeros((12, 2 * size + 4), dtype=np.int64),
        "st": np.array([0, 0, _RUNNING, 0, 0, min(int(max_solutions), _MOST), 0], dtype=np.int64),
        "fhash": np.zeros((size + 1, 2), dtype=np.uint64),
        "fsol": np.full(size + 1, -1, dtype=np.int64),
        "dflag": np.zeros(size, dtype=np.int64),
        "memo": np.zeros((memo_slots, 2), dtype=np.uint64),
    }


@njit(cache=True, interpret=False, inline="always")
def _push(trail, top, kind, idx, old):
    trail[top, 0] = kind
    trail[top, 1] = idx
    trail[top, 2] = old
    return top + 1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
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


@njit(cache=True, interpret=False, inline="always")
def _linked(links, x, y, w):
    """Whether decided cells ``x`` and ``y`` (side by side) are joined by a link."""
    if y == x - w:
        return (links[x] & 1) != 0
    if y == x + 1:
        return (links[x] & 2) != 0
    if y == x + w:
        return (links[x] & 4) != 0
    return (links[x] & 8) != 0


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
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


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
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


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _ways_ok(i, grid, h, w, cover, links):
    """Every frontier cell can still take its links: a number one, a line cell two (a fill cell always)."""
    size = h * w
    c = i % w
    rowend = i - c + w
    for j in range(i + 1, min(i + w + 1, size)):
        inc = 1 if (j - w >= 0 and links[j - w] & 4) else 0
        if j == i + 1 and c < w - 1 and links[i] & 2:
            inc += 1
        free = 0
        if j < rowend:  # current row: West undecided unless it is i
            if j - 1 > i:
                free += 1
            if j + 1 < rowend:
                free += 1
        else:  # next row: West and East undecided
            if j > rowend:
                free += 1
            if j + 1 < rowend + w:
                free += 1
        if j + w < size:
            free += 1
        if grid[j] != 0:
            if inc > 1 or inc + free < 1:
                return False
        elif (cover or inc > 0) and inc + free < 2:
            return False
    return True


@njit(cache=True, interpret=False)
def search_run(grid, h, w, ends, cover, touch, links, ccol, mate, col, trail, opt, mark, sols, work, st, max_nodes,
               fhash, fsol, memo, lab, count, nterm, linked, corners, cut, dflag):
    """Run (or resume) the search for up to ``max_nodes`` nodes; returns the status.

    States after a cell (see :func:`~tremaux.kernels.nl_search_hash.state_hash`) whose whole subtree held no
    solution are remembered in ``memo`` (a lossy table of 128-bit hashes) and
    not searched again. ``lab, count, nterm, linked`` come from :func:`regions_by_row`
    (with an empty ``lab``, for boards too large to hold them, only
    :func:`~tremaux.kernels.nl_search_prune.planar_ok` is checked).
    ``corners`` is empty when ``touch`` is true; otherwise each decision is
    checked by :func:`~tremaux.kernels.nl_search_corner.corner_ok` against
    these allowed corner shapes per cell.

    ``cut`` (``cover`` false only) keeps only the solutions without a cut
    corner (:mod:`tremaux.numberlink.solvers.shortcuts`): 0 keeps every
    solution; 1 refuses a ``┌`` whose South-East neighbour is empty and a
    ``┐`` whose South-West neighbour is empty; 2 the same for a puzzle laid
    out transposed (where the ``┐`` is a ``└`` with an empty North-East
    neighbour). Each is refused at the later of its two cells; so is a
    detour (down, along the row below under empty cells, and up again),
    which ``dflag`` (one entry per cell) follows.

    ``grid`` is the flat puzzle (0 empty, ``k`` an endpoint of pair ``k``),
    ``ends`` the ``(n, 2)`` endpoint cells of each pair in row-major order.
    ``st`` = ``[depth, nodes, status, solutions, trail top, max solutions,
    solutions in the buffer]``; status 0 running (budget spent, call
    again), 1 exhausted (every solution was found), 2 stopped at ``max
    solutions``, 3 the buffer ``sols`` is full (empty it: set ``st[6]`` and
    ``st[2]`` to 0, and call again). Each solution found is copied to the
    next row of ``sols`` as direction bits per cell (N1 E2 S4 W8).
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
            nbuf = st[_NBUF]
            for j in range(size):
                sols[nbuf, j] = links[j]
            st[_NBUF] = nbuf + 1
            nsol += 1
            if nsol >= maxsol:
                status = _LIMIT
                break
            i -= 1
            if nbuf + 1 == sols.shape[0]:
                status = _FULL
                break
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
        # options in order: both exits, East, South, none (lines before empty cells); a line
        # of known colour whose partner number is still to come tries first the way towards it
        r = i // w
        c = i - r * w
        oo = (3, 1, 2, 0)[o]
        if o == 1 or o == 2:
            a = -1
            if r > 0 and (links[i - w] & 4) != 0:
                a = 2 * i
            elif c > 0 and (links[i - 1] & 2) != 0:
                a = 2 * i + 1
            if a >= 0 and col[a] > 0 and grid[i] == 0:
                q = ends[col[a] - 1, 1]
                if q > i:
                    qr = q // w
                    qc = q - qr * w
                    # East gains when the partner lies right; South when it lies below
                    if abs(qr - r - 1) + abs(qc - c) < abs(qr - r) + abs(qc - c - 1):
                        oo = 3 - oo
        e = oo & 1
        s = oo >> 1
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
        if ok and corners.shape[0] > 0:
            ok = corner_ok(i, grid, h, w, cover, links, corners)
        if ok and cut != 0:
            ok = cut_ok(i, r, c, w, cut, links, dflag)
        if ok and i + 1 < size:
            ok = _ways_ok(i, grid, h, w, cover, links)
        if ok and i + 1 < size:
            if lab.shape[0] > 0:
                ok = prune_rows(i, grid, h, w, ends, cover, links, mate, col, work, lab, count, nterm, linked)
            else:
                ok = planar_ok(i, grid, h, w, ends.shape[0], links, mate, col, work)
        if not ok:
            continue
        fsol[i] = -1
        if i + 1 < size:
            h1, h2 = state_hash(i, h, w, touch, links, ccol, mate, col, cut, dflag)
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
