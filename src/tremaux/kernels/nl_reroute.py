"""Number Link kernel: another solution under ``nikoli`` by one or two lines re-routed along shortest paths.

Private numba functions, arrays in and arrays out; they never raise. The
public adapter is :mod:`tremaux.numberlink.solvers.reroute`. Cells are flat
indices ``r * W + c``.

For each line ``k`` of a known solution (in pair order), then for each line
``m > k`` that runs beside it: the cells of those lines and the empty cells
of the board are set free, every other line kept. The first line is routed
along a shortest path through the free cells (breadth-first, neighbours in
the order N E S W), the other line's numbers avoided, then the other line
along a shortest path through what is left (both orders are tried). When
both lines are routed and one differs from before, the lines are a solution
under ``nikoli``: they join their numbers, share no cell with each other or
with the kept lines, pass through no other number, and a shortest path never
runs beside itself (two of its cells side by side would be a shorter way), so
the no-touch convention holds too. Nothing is proved when none is found.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board

__all__ = ["reroute_other"]


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _shortest(owner, h, w, a, b, s, t, blocked, stamp, seen, visit, prev, queue, path):
    """A shortest path from ``s`` to ``t`` into ``path`` (its length; 0: none) through the cells whose owner is
    0, ``a`` or ``b`` and that ``blocked`` does not hold at ``stamp``; ``seen`` at ``visit``: reached this time."""
    seen[s] = visit
    queue[0] = s
    head, tail = 0, 1
    found = False
    while head < tail:
        x = queue[head]
        head += 1
        if x == t:
            found = True
            break
        for d in range(4):
            y = _side(x, d, h, w)
            if y < 0 or seen[y] == visit or blocked[y] == stamp:
                continue
            o = owner[y]
            if o != 0 and o != a and o != b:
                continue
            seen[y] = visit
            prev[y] = x
            queue[tail] = y
            tail += 1
    if not found:
        return 0
    n = 0
    x = t
    while x != s:
        queue[n] = x
        n += 1
        x = prev[x]
    queue[n] = s
    n += 1
    for i in range(n):
        path[i] = queue[n - 1 - i]
    return n


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _same(path, n, cells, lo, hi):
    """Whether ``path[:n]`` is the line ``cells[lo:hi]``."""
    if n != hi - lo:
        return False
    for i in range(n):
        if path[i] != cells[lo + i]:
            return False
    return True


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _lines(links, grid, h, w, pairs):
    """The lines of the links ``links`` between the numbers of ``grid`` (flat ``int64``): each line's cells from
    its first number in row-major order, ``cells[starts[k]:starts[k + 1]]``, and each cell's line + 1 (0: empty)."""
    n = h * w
    end = np.full(pairs, -1, dtype=np.int64)
    for x in range(n):
        if grid[x] > 0 and end[grid[x] - 1] < 0:
            end[grid[x] - 1] = x
    owner = np.zeros(n, dtype=np.int64)
    cells = np.empty(n, dtype=np.int64)
    starts = np.zeros(pairs + 1, dtype=np.int64)
    at = 0
    for k in range(pairs):
        starts[k] = at
        x = end[k]
        prev = -1
        while True:
            cells[at] = x
            owner[x] = k + 1
            at += 1
            if prev >= 0 and grid[x] == k + 1:
                break
            lx = links[x]
            if lx & 1 and x - w != prev:
                y = x - w
            elif lx & 2 and x + 1 != prev:
                y = x + 1
            elif lx & 4 and x + w != prev:
                y = x + w
            else:
                y = x - 1
            prev = x
            x = y
    starts[pairs] = at
    return owner, cells, starts


@njit(cache=True, interpret=False)
def reroute_other(links, grid, h, w, pairs):
    """Another solution under ``nikoli`` with one or two lines re-routed along shortest paths (module docstring).

    Parameters
    ----------
    links : numpy.ndarray
        The known solution's links, flat ``int64`` (bit N=1, E=2, S=4, W=8 towards each neighbour it is linked to).
    grid : numpy.ndarray
        The puzzle's numbers, flat ``int64`` (pair ``k`` as ``k + 1``, 0 elsewhere).
    h, w : int
        The board's height and width.
    pairs : int
        The number of pairs.

    Returns
    -------
    found : int
        1 when another solution was found, 0 when none was (which proves nothing).
    cells, starts : numpy.ndarray
        Its lines, ``cells[starts[k]:starts[k + 1]]`` from number to number (when found).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.kernels.nl_reroute import reroute_other
    >>> grid = np.array([1, 0, 1, 0, 0, 0], dtype=np.int64)  # 1 . 1 over a row the line goes round by
    >>> links = np.array([4, 0, 4, 3, 10, 9], dtype=np.int64)
    >>> found, cells, starts = reroute_other(links, grid, 2, 3, 1)
    >>> found, cells[:starts[1]].tolist()
    (1, [0, 1, 2])
    """
    owner, cells, starts = _lines(links, grid, h, w, pairs)
    out_cells = np.empty(h * w, dtype=np.int64)
    out_starts = np.zeros(pairs + 1, dtype=np.int64)
    n = h * w
    blocked = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    prev = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    one = np.empty(n, dtype=np.int64)
    two = np.empty(n, dtype=np.int64)
    beside = np.zeros(pairs + 1, dtype=np.int64)  # the line k + 1 whose neighbours were last listed
    near = np.empty(pairs, dtype=np.int64)
    stamp = 0
    visit = 0
    for k in range(pairs):
        count = 0  # the lines m > k beside line k, in pair order
        for i in range(starts[k], starts[k + 1]):
            x = cells[i]
            for d in range(4):
                y = _side(x, d, h, w)
                if y < 0:
                    continue
                o = owner[y]
                if o > k + 1 and beside[o] != k + 1:
                    beside[o] = k + 1
                    near[count] = o - 1
                    count += 1
        near[:count].sort()
        for j in range(-1, 2 * count):
            f = k if j < 0 or j % 2 == 0 else near[j // 2]  # routed first
            g = -1 if j < 0 else (near[j // 2] if j % 2 == 0 else k)  # routed second
            stamp += 1
            if g >= 0:
                blocked[cells[starts[g]]] = stamp
                blocked[cells[starts[g + 1] - 1]] = stamp
            visit += 1
            n1 = _shortest(owner, h, w, k + 1, -1 if j < 0 else near[j // 2] + 1, cells[starts[f]],
                           cells[starts[f + 1] - 1], blocked, stamp, seen, visit, prev, queue, one)
            if n1 == 0:
                continue
            n2 = 0
            if g >= 0:
                stamp += 1
                for i in range(n1):
                    blocked[one[i]] = stamp
                visit += 1
                n2 = _shortest(owner, h, w, k + 1, near[j // 2] + 1, cells[starts[g]], cells[starts[g + 1] - 1],
                               blocked, stamp, seen, visit, prev, queue, two)
                if n2 == 0:
                    continue
            if _same(one, n1, cells, starts[f], starts[f + 1]) and (
                    g < 0 or _same(two, n2, cells, starts[g], starts[g + 1])):
                continue
            at = 0
            for q in range(pairs):
                out_starts[q] = at
                if q == f:
                    for i in range(n1):
                        out_cells[at + i] = one[i]
                    at += n1
                elif q == g:
                    for i in range(n2):
                        out_cells[at + i] = two[i]
                    at += n2
                else:
                    for i in range(starts[q], starts[q + 1]):
                        out_cells[at] = cells[i]
                        at += 1
            out_starts[pairs] = at
            return 1, out_cells, out_starts
    return 0, out_cells, out_starts
