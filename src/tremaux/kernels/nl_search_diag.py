"""Number Link search kernel for ``fill`` without touching: cells decided along anti-diagonals.

Private numba functions, arrays in and arrays out; they never raise and never
print. The public adapter is :mod:`tremaux.numberlink.solvers.search`.

When every cell is on a line and no line runs beside itself, the corner
theorem (:mod:`tremaux.kernels.nl_search_corner`) leaves a free cell at most
two shapes once its links from the North and the West are known, and ties
each corner to its inner diagonal neighbour: that neighbour is a number or a
corner of the same shape. Visiting the cells along anti-diagonals (each from
its North-East end to its South-West end, diagonal after diagonal) puts the
inner diagonal of three of the four corner shapes among the decided cells
when the corner is chosen, and the fourth (``┐``) on the diagonal being
visited, whose cells already know their links from the North and the West:

* ``┘``: its inner diagonal (North-West) is decided: a ``┘`` or a number
  linked North or West only;
* ``└``: its inner diagonal (North-East, the cell visited just before) is a
  ``└`` or a number linked North or East only;
* ``┐``: every cell of its inner diagonal ray (South-West) up to the number
  that ends it is entered from the West only, the number not from the North;
* ``┌``: the static ray to a number (:func:`~tremaux.kernels.nl_search_corner.corner_table`);
  its inner diagonal is entered neither from its North nor from its West
  neighbour (both checked when those are decided).

A free cell entered from nowhere must be a ``┌``, from the West a ``┐`` or a
``─``, from the North a ``└`` or a ``│``, from both a ``┘``: at most two
options, most of them cut at once by the rules above. Pieces of line are
tracked by their ends (``end[a]`` the other end of the piece ending at ``a``):
closing a loop, or joining numbers of two pairs, is refused. A full
assignment is then a cover of the board by lines joining the pairs; it is
kept when no line runs beside itself (checked once, at the end: the rules
above leave few such assignments).

The state lives in arrays, so a run can stop after a budget of nodes and be
resumed (``st`` holds the depth, counters and status, as in
:mod:`tremaux.kernels.nl_search`).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

__all__ = ["diag_order", "diag_run", "new_diag_state"]

_DEPTH, _NODES, _STATUS, _NSOL, _TOP, _MAXSOL, _NBUF = 0, 1, 2, 3, 4, 5, 6
_RUNNING, _EXHAUSTED, _LIMIT, _FULL = 0, 1, 2, 3
SOLUTION_BUFFER = 64
"""Rows of the solution buffer: when it is full the run returns status 3 and the caller empties it."""
_MOST = int(np.iinfo(np.int64).max)
"""The largest ``max_solutions`` kept (a larger one is no limit either: no search reaches it)."""

_N, _E, _S, _W = 1, 2, 4, 8
_NW_CORNER, _NE_CORNER, _SE_CORNER, _SW_CORNER = 9, 3, 6, 12  # ┘ └ ┌ ┐ by their links
# bits of corner_table by shape: ┌ 1, ┐ 2, └ 4, ┘ 8
_T_LINKS, _T_END = 0, 1


def diag_order(h: int, w: int) -> np.ndarray:
    """The cells of an ``h`` x ``w`` grid along anti-diagonals, each from its North-East end.

    Parameters
    ----------
    h, w : int
        Rows and columns.

    Returns
    -------
    numpy.ndarray
        Flat cell indices (int64), ``h * w`` of them.

    Examples
    --------
    >>> from tremaux.kernels.nl_search_diag import diag_order
    >>> diag_order(2, 3).tolist()
    [0, 1, 3, 2, 4, 5]
    """
    # one numpy range per diagonal (a Python loop over cells took seconds on a 4096 x 4096 board): the cell of row
    # y on diagonal d is y * w + d - y = y * (w - 1) + d, for y from max(0, d - w + 1) to min(h - 1, d)
    out = np.empty(h * w, dtype=np.int64)
    n = 0
    step = max(1, w - 1)
    for d in range(h + w - 1):
        first, last = max(0, d - (w - 1)), min(h - 1, d)
        k = last - first + 1
        out[n:n + k] = np.arange(first * (w - 1) + d, last * (w - 1) + d + 1, step)[:k] if w > 1 else d
        n += k
    return out


def new_diag_state(size: int, max_solutions: int) -> dict[str, np.ndarray]:
    """Fresh arrays for :func:`diag_run` on a grid of ``size`` cells.

    Parameters
    ----------
    size : int
        Cells of the grid.
    max_solutions : int
        Solutions after which the run stops.

    Returns
    -------
    dict of str to numpy.ndarray
        The working arrays, by name.

    Examples
    --------
    >>> from tremaux.kernels.nl_search_diag import new_diag_state
    >>> s = new_diag_state(6, 2)
    >>> s["links"].shape, s["sols"].shape
    ((6,), (2, 6))
    """
    return {
        "links": np.zeros(size, dtype=np.int64),
        "end": np.arange(size, dtype=np.int64),
        "trail": np.zeros((8 * size + 16, 3), dtype=np.int64),
        "opt": np.zeros(size + 1, dtype=np.int64),
        "mark": np.zeros(size + 1, dtype=np.int64),
        "owner": np.zeros(size, dtype=np.int64),
        "sols": np.zeros((max(1, min(max_solutions, SOLUTION_BUFFER)), size), dtype=np.int64),
        "st": np.array([0, 0, _RUNNING, 0, 0, min(int(max_solutions), _MOST), 0], dtype=np.int64),
    }


@njit(cache=True, interpret=False, inline="always")
def _set(trail, top, kind, arr, idx, val):
    trail[top, 0] = kind
    trail[top, 1] = idx
    trail[top, 2] = arr[idx]
    arr[idx] = val
    return top + 1


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _undo(trail, top, mark, links, end):
    while top > mark:
        top -= 1
        if trail[top, 0] == _T_LINKS:
            links[trail[top, 1]] = trail[top, 2]
        else:
            end[trail[top, 1]] = trail[top, 2]
    return top


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _join(a, b, grid, end, trail, top):
    """Link cells ``a`` and ``b`` (ends of two pieces); ``(ok, top)``, not ok for a loop or two pairs joined."""
    ea = end[a]
    eb = end[b]
    if ea == b and eb == a:
        return False, top
    if grid[ea] != 0 and grid[eb] != 0 and grid[ea] != grid[eb]:
        return False, top
    top = _set(trail, top, _T_END, end, ea, eb)
    top = _set(trail, top, _T_END, end, eb, ea)
    return True, top


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _entry_ok(q, grid, h, w, links, allowed):
    """Cell ``q`` whose links from the North and West are final can still take a shape (quick look-ahead)."""
    lq = links[q]
    inn = lq & _N
    inw = lq & _W
    r = q // w
    c = q - r * w
    if grid[q] != 0:
        return not (inn and inw)
    if r > 0 and c > 0 and links[q - w - 1] == _SE_CORNER and (inn or inw):
        return False  # the inner diagonal of a ┌ is a ┌ itself
    if not inn and not inw:
        return (allowed[q] & 1) != 0 and c < w - 1 and r < h - 1
    if inn and inw:  # a ┘: its inner diagonal is a ┘ or a number linked North or West only
        d = q - w - 1
        if grid[d] != 0:
            return (links[d] & (_E | _S)) == 0
        return links[d] == _NW_CORNER
    return True


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _lane_ok(i, grid, h, w, links):
    """The ray South-West of a ``┐`` at ``i``: cells entered from the West only, up to a number not entered North."""
    r = i // w
    c = i - r * w
    while True:
        r += 1
        c -= 1
        if r >= h or c < 0:
            return False
        x = r * w + c
        lx = links[x]
        if grid[x] != 0:
            return (lx & _N) == 0
        if lx != _W:
            return False


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _touch_free(h, w, grid, links, owner, ends):
    """Whether the full assignment ``links`` has no line beside itself (``owner`` is scratch)."""
    size = h * w
    for k in range(ends.shape[0]):
        cur = ends[k, 0]
        prev = -1
        while True:
            owner[cur] = k + 1
            nxt = -1
            lc = links[cur]
            if lc & _N and cur - w != prev:
                nxt = cur - w
            elif lc & _E and cur + 1 != prev:
                nxt = cur + 1
            elif lc & _S and cur + w != prev:
                nxt = cur + w
            elif lc & _W and cur - 1 != prev:
                nxt = cur - 1
            if nxt < 0 or (prev >= 0 and grid[cur] != 0):
                break
            prev = cur
            cur = nxt
    for x in range(size):
        c = x % w
        if c < w - 1 and owner[x] == owner[x + 1] and not (links[x] & _E):
            return False
        if x + w < size and owner[x] == owner[x + w] and not (links[x] & _S):
            return False
    return True


@njit(cache=True, interpret=False)
def diag_run(grid, h, w, ends, order, allowed, links, end, trail, opt, mark, owner, sols, st, max_nodes):
    """Run (or resume) the search for up to ``max_nodes`` nodes; returns the status.

    ``grid`` is the flat puzzle (0 empty, ``k`` an endpoint of pair ``k``),
    ``ends`` the ``(n, 2)`` endpoint cells of each pair, ``order`` from
    :func:`diag_order`, ``allowed`` from
    :func:`~tremaux.kernels.nl_search_corner.corner_table`. ``st`` =
    ``[depth, nodes, status, solutions, trail top, max solutions, solutions
    in the buffer]``; status 0 running (budget spent, call again), 1
    exhausted (every solution was found), 2 stopped at ``max solutions``, 3
    the buffer ``sols`` is full (empty it: set ``st[6]`` and ``st[2]`` to 0,
    and call again). Each solution is a row of ``sols``: direction bits per
    cell (N1 E2 S4 W8).
    """
    size = h * w
    i = st[_DEPTH]
    nodes = st[_NODES]
    status = st[_STATUS]
    nsol = st[_NSOL]
    top = st[_TOP]
    maxsol = st[_MAXSOL]
    budget = nodes + max_nodes
    while status == _RUNNING and nodes < budget:
        if i == size:
            if _touch_free(h, w, grid, links, owner, ends):
                nbuf = st[_NBUF]
                for j in range(size):
                    sols[nbuf, j] = links[j]
                st[_NBUF] = nbuf + 1
                nsol += 1
                if nsol >= maxsol:
                    status = _LIMIT
                    break
                if nbuf + 1 == sols.shape[0]:
                    i -= 1
                    status = _FULL
                    break
            i -= 1
            continue
        o = opt[i]
        if o == 0:
            mark[i] = top
        else:
            top = _undo(trail, top, mark[i], links, end)
        x = order[i]
        lx = links[x]
        inn = (lx & _N) != 0
        inw = (lx & _W) != 0
        v = grid[x]
        # the exits of option o: 0 none, 2 East, 4 South, 6 both; -1 no such option
        ex = -1
        if v != 0:
            if not inn and not inw:
                ex = _E if o == 0 else (_S if o == 1 else -1)
            elif o == 0 and not (inn and inw):
                ex = 0
        elif inn and inw:
            ex = 0 if o == 0 else -1
        elif inw:
            ex = _S if o == 0 else (_E if o == 1 else -1)
        elif inn:
            ex = _E if o == 0 else (_S if o == 1 else -1)
        else:
            ex = _E | _S if o == 0 else -1
        if ex < 0:
            opt[i] = 0
            if i == 0:
                status = _EXHAUSTED
                break
            i -= 1
            continue
        opt[i] = o + 1
        nodes += 1
        r = x // w
        c = x - r * w
        e = (ex & _E) != 0
        s = (ex & _S) != 0
        if (e and c == w - 1) or (s and r == h - 1):
            continue
        shape = lx | ex
        if v == 0:  # the corner theorem (module notes)
            if shape == _SE_CORNER:
                if (allowed[x] & 1) == 0:
                    continue
            elif shape == _SW_CORNER:
                if (allowed[x] & 2) == 0 or not _lane_ok(x, grid, h, w, links):
                    continue
            elif shape == _NE_CORNER:
                d = x - w + 1
                if grid[d] != 0:
                    if links[d] & (_S | _W):
                        continue
                elif links[d] != _NE_CORNER:
                    continue
            elif shape == _NW_CORNER:
                d = x - w - 1
                if grid[d] != 0:
                    if links[d] & (_E | _S):
                        continue
                elif links[d] != _NW_CORNER:
                    continue
        if r > 0 and c > 0 and links[x - w - 1] == _SE_CORNER and (inn or inw):
            continue  # x is the inner diagonal of a ┌
        if e:
            if r > 0 and c < w - 1 and links[x - w + 1] == _SW_CORNER:
                continue  # x is the inner diagonal of a ┐: it may not link East
            if r > 0 and links[x - w] == _SE_CORNER:
                continue  # x is below a ┌: East would enter its inner diagonal from the West
        if s and c > 0 and links[x - 1] == _SE_CORNER:
            continue  # x is East of a ┌: South would enter its inner diagonal from the North
        ok = True
        if e:
            y = x + 1
            if grid[y] != 0 and (links[y] & _N):
                continue  # a number takes one link
            top = _set(trail, top, _T_LINKS, links, x, links[x] | _E)
            top = _set(trail, top, _T_LINKS, links, y, links[y] | _W)
            ok, top = _join(x, y, grid, end, trail, top)
        if ok and s:
            y = x + w
            top = _set(trail, top, _T_LINKS, links, x, links[x] | _S)
            top = _set(trail, top, _T_LINKS, links, y, links[y] | _N)
            ok, top = _join(x, y, grid, end, trail, top)
        if not ok:
            continue
        if c < w - 1 and not _entry_ok(x + 1, grid, h, w, links, allowed):
            continue
        i += 1
        if i < size:
            opt[i] = 0
    st[_DEPTH] = i
    st[_NODES] = nodes
    st[_STATUS] = status
    st[_NSOL] = nsol
    st[_TOP] = top
    return status
