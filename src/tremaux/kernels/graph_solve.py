"""Solving kernels on any graph: walk the open sides of ``cells`` through the neighbour table.

Private and never raising. Each search returns ``(parent, visited, steps, rows)``:
``parent[i]`` is the cell the search came from (-1 for the start and for cells
never reached), ``visited`` flags the cells it reached; the public wrapper
(:func:`tremaux.grids.solve.solve_on`) follows ``parent`` back from the goal.

Each solver takes a ``trace`` (``int64 (m, 3)``, ``m = 0`` for none) and appends its transcript there,
rows ``(kind, cell, other)`` (recording stops silently when it is full, and the moves are the same
either way), returning the count written as ``rows``. The events are those of the square solvers
(:mod:`tremaux.kernels.solve`): ``VISIT (i, from)`` when a search takes ``i`` from its worklist or a
traveler steps onto it, ``MARK (j, i)`` when a search puts ``j`` on its worklist from ``i`` (a
traveler: ``MARK (i, j)`` for each mark it puts on the passage it enters at ``i``), ``RETRACE (i, j)``
when a traveler walks back from ``i`` to ``j``, ``DEAD (i)`` for a cell filled in, ``FOUND (goal)``.
The public wrapper appends the ``PATH`` events; :func:`trace_size` rows always suffice.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .gen_common import record
from .heaps import pop, push
from .rng import below

__all__ = ["bfs_distances", "bfs", "dfs", "astar", "tremaux", "dead_end_fill", "wall_follow", "SEARCHES",
           "trace_size", "as_cells"]

VISIT, MARK, RETRACE, DEAD, FOUND = 10, 11, 12, 14, 15


def as_cells(cells: np.ndarray) -> np.ndarray:
    """``cells`` as the kernels here are compiled for: read-only C-ordered ``uint16``.

    A grid's cells are one byte, or two on woven grids; numba compiles a kernel once per argument type,
    so every kernel here reads two-byte cells (the kernels read ``np.int64(cells[i])``: the same answers)
    and is compiled once. One-byte cells are widened (a pass over the cells, a small part of a search).

    Parameters
    ----------
    cells : numpy.ndarray
        Open sides per cell, any unsigned or signed integer type with values below ``2**16``.

    Returns
    -------
    numpy.ndarray
        ``cells`` itself when already read-only C-ordered ``uint16``, else a read-only ``uint16`` copy.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.kernels.graph_solve import as_cells
    >>> c = as_cells(np.array([3, 12], np.uint8))
    >>> c.dtype, c.flags.writeable, c.tolist()
    (dtype('uint16'), False, [3, 12])
    """
    if cells.dtype == np.uint16 and cells.flags.c_contiguous and not cells.flags.writeable:
        return cells
    out = np.ascontiguousarray(cells, dtype=np.uint16).view()  # a view: the caller's array keeps its flags
    out.flags.writeable = False
    return out


def trace_size(n: int, sides: int, limit: int) -> int:
    """Rows of ``trace`` that suffice for any solver here (a traveler: at most two rows per move).

    Parameters
    ----------
    n : int
        Cells of the grid.
    sides : int
        Side slots per cell.
    limit : int
        Most moves a traveler makes.

    Returns
    -------
    int

    Examples
    --------
    >>> from tremaux.kernels.graph_solve import trace_size
    >>> trace_size(10, 4, 100)
    432
    """
    return max(n * (sides + 2), 4 * limit) + 2 * n + 12


@njit(cache=True)
def bfs_distances(nbr, cells, src):
    """Passage distance from ``src`` to every cell (-1 where unreachable)."""
    n, S = nbr.shape
    dist = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int32)
    dist[src] = 0
    queue[0] = src
    head, tail = 0, 1
    while head < tail:
        i = queue[head]
        head += 1
        v = np.int64(cells[i])
        for s in range(S):
            if (v >> s) & 1:
                j = nbr[i, s]
                if j >= 0 and dist[j] < 0:
                    dist[j] = dist[i] + 1
                    queue[tail] = j
                    tail += 1
    return dist


@njit(cache=True)
def bfs(nbr, cells, src, dst, centres, trace):
    n, S = nbr.shape
    parent = np.full(n, -1, np.int32)
    seen = np.zeros(n, np.bool_)
    queue = np.empty(n, np.int32)
    seen[src] = True
    queue[0] = src
    head, tail = 0, 1
    t = 0
    while head < tail:
        i = np.int64(queue[head])
        head += 1
        t = record(trace, t, VISIT, i, np.int64(parent[i]))
        if i == dst:
            t = record(trace, t, FOUND, i, -1)
            break
        v = np.int64(cells[i])
        for s in range(S):
            if (v >> s) & 1:
                j = np.int64(nbr[i, s])
                if not seen[j]:
                    seen[j] = True
                    parent[j] = i
                    queue[tail] = j
                    tail += 1
                    t = record(trace, t, MARK, j, i)
    return parent, seen, head, t


@njit(cache=True)
def dfs(nbr, cells, src, dst, centres, trace):
    n, S = nbr.shape
    parent = np.full(n, -1, np.int32)
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int32)
    seen[src] = True
    stack[0] = src
    top = 1
    steps = 0
    t = 0
    while top > 0:
        top -= 1
        i = np.int64(stack[top])
        steps += 1
        t = record(trace, t, VISIT, i, np.int64(parent[i]))
        if i == dst:
            t = record(trace, t, FOUND, i, -1)
            break
        v = np.int64(cells[i])
        for s in range(S - 1, -1, -1):
            if (v >> s) & 1:
                j = np.int64(nbr[i, s])
                if not seen[j]:
                    seen[j] = True
                    parent[j] = i
                    stack[top] = j
                    top += 1
                    t = record(trace, t, MARK, j, i)
    return parent, seen, steps, t


@njit(cache=True, no_cpython_wrapper=True)
def _dist(centres, i, j, wrap):
    """Straight-line distance between centres; ``wrap = (period x, period y, mirror height)``: a period
    > 0 wraps that axis (cylinder, torus); a mirror height > 0 crosses the x seam with y mirrored (Möbius)."""
    dx = abs(centres[i, 0] - centres[j, 0])
    dy = abs(centres[i, 1] - centres[j, 1])
    if wrap[2] > 0:
        d2 = np.hypot(wrap[0] - dx, abs(centres[i, 1] - (wrap[2] - centres[j, 1])))
        return min(np.hypot(dx, dy), d2)
    if wrap[0] > 0:
        dx = min(dx, wrap[0] - dx)
    if wrap[1] > 0:
        dy = min(dy, wrap[1] - dy)
    return np.hypot(dx, dy)


@njit(cache=True)
def astar(nbr, cells, src, dst, centres, greedy, wrap, trace):
    """A* with the straight-line distance between cell centres (across the seams of wrapped grids),
    scaled so it never overestimates.

    With ``greedy`` the key is that distance alone (greedy best-first search).
    """
    n, S = nbr.shape
    # the longest centre-to-centre step: no move covers more, so distance / step never overestimates
    step = 0.0
    for i in range(n):
        for s in range(S):
            j = np.int64(nbr[i, s])
            if j > i:
                d = _dist(centres, i, j, wrap)
                if d > step:
                    step = d
    if step <= 0:
        step = 1.0
    g = np.full(n, -1, np.int64)
    parent = np.full(n, -1, np.int32)
    seen = np.zeros(n, np.bool_)
    done = np.zeros(n, np.bool_)
    cap = n * S + 1
    keys = np.empty(cap, np.float64)
    vals = np.empty(cap, np.int64)
    size = 0
    g[src] = 0
    seen[src] = True
    keys[0] = 0.0
    vals[0] = src
    size = 1
    steps = 0
    t = 0
    while size > 0:
        _, i, size = pop(keys, vals, size)
        if done[i]:
            continue
        done[i] = True
        steps += 1
        t = record(trace, t, VISIT, i, np.int64(parent[i]))
        if i == dst:
            t = record(trace, t, FOUND, i, -1)
            break
        v = np.int64(cells[i])
        for s in range(S):
            if (v >> s) & 1:
                j = np.int64(nbr[i, s])
                if done[j]:
                    continue
                if g[j] < 0 or (g[i] + 1 < g[j] and not greedy):
                    g[j] = g[i] + 1
                    parent[j] = i
                    seen[j] = True
                    h = _dist(centres, j, dst, wrap) / step
                    # tie-break towards the goal: larger g first among equal f
                    key = h if greedy else (g[j] + h) * (1.0 + 1e-9) - g[j] * 1e-12
                    size = push(keys, vals, size, key, j)
                    t = record(trace, t, MARK, j, i)
    return parent, seen, steps, t


@njit(cache=True)
def tremaux(nbr, back, cells, src, dst, limit, rng, use_rng, trace):
    """Tremaux's traveler: mark passages as walked (0, 1, 2 times); never enter a passage marked twice.

    It takes the first unmarked side in slot order, or one of the unmarked sides at random (from the
    ``uint64[4]`` state ``rng``) when ``use_rng``; with none unmarked, the first side marked once.
    Returns ``(parent, visited, steps, marks, rows)`` where the path is the passages marked once.
    """
    n, S = nbr.shape
    marks = np.zeros((n, S), np.int8)
    seen = np.zeros(n, np.bool_)
    i = src
    seen[i] = True
    steps = 0
    t = record(trace, 0, VISIT, src, -1)
    while i != dst and steps < limit:
        v = np.int64(cells[i])
        choice = -1
        free = np.int64(0)  # unmarked passages here (counted only for a random choice)
        for want in range(2):  # an unmarked passage first, else one walked once
            for s in range(S):
                if (v >> s) & 1 and marks[i, s] == want:
                    if choice < 0:
                        choice = s
                    if not use_rng or want == 1:
                        break
                    free += 1
            if choice >= 0:
                break
        if free > 1:  # the traveler walks down one of them at random
            pick = below(rng, free)
            for s in range(S):
                if (v >> s) & 1 and marks[i, s] == 0:
                    if pick == 0:
                        choice = s
                        break
                    pick -= 1
        if choice < 0:
            break
        j = np.int64(nbr[i, choice])  # an int64 cell, as the other solvers hand record (one copy of it)
        b = back[i, choice]
        marks[i, choice] += 1
        marks[j, b] += 1
        steps += 1
        t = record(trace, t, MARK, i, j)
        if marks[i, choice] == 1:
            t = record(trace, t, VISIT, j, i)
        else:
            t = record(trace, t, RETRACE, i, j)
        if seen[j] and marks[i, choice] == 1:
            # a new passage into a cell already visited: turn straight back
            marks[i, choice] += 1
            marks[j, b] += 1
            steps += 1
            t = record(trace, t, MARK, j, i)
            t = record(trace, t, RETRACE, j, i)
            continue
        seen[j] = True
        i = j
    if i == dst:
        t = record(trace, t, FOUND, i, -1)
    # the path: passages marked exactly once, walked from the start
    parent = np.full(n, -1, np.int32)
    if i != dst:
        return parent, seen, steps, marks, t
    prev = -1
    k = src
    guard = 0
    while k != dst and guard < n:
        moved = False
        for s in range(S):
            j = nbr[k, s]
            if j >= 0 and marks[k, s] == 1 and j != prev and (np.int64(cells[k]) >> s) & 1:
                parent[j] = k
                prev = k
                k = j
                moved = True
                break
        if not moved:
            break
        guard += 1
    return parent, seen, steps, marks, t


@njit(cache=True)
def dead_end_fill(nbr, back, cells, src, dst, trace):
    """Fill dead ends (never the start or goal) until none is left; the unfilled cells hold the solutions."""
    n, S = nbr.shape
    deg = np.zeros(n, np.int64)
    for i in range(n):
        v = np.int64(cells[i])
        for s in range(S):
            deg[i] += (v >> s) & 1
    filled = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int32)
    top = 0
    for i in range(n):
        if deg[i] <= 1 and i != src and i != dst:
            stack[top] = i
            top += 1
    steps = 0
    t = 0
    while top > 0:
        top -= 1
        i = np.int64(stack[top])  # int64 cells: record compiles once
        if filled[i]:
            continue
        filled[i] = True
        steps += 1
        t = record(trace, t, DEAD, i, -1)
        v = np.int64(cells[i])
        for s in range(S):
            if (v >> s) & 1:
                j = nbr[i, s]
                if not filled[j]:
                    deg[j] -= 1
                    if deg[j] <= 1 and j != src and j != dst:
                        stack[top] = j
                        top += 1
    return filled, steps, t


SEARCHES = {"bfs": bfs, "dfs": dfs}
"""Worklist searches by name."""


@njit(cache=True)
def wall_follow(nbr, back, cells, order, pos, src, dst, right, limit, trace):
    """Keep one hand on the wall: from the side we came in by, try the sides next to it in turn.

    ``order[i]`` lists the sides of cell ``i`` clockwise (-1 padded), ``pos[i, s]`` is the place
    of side ``s`` in it. Returns ``(path, length, visited, steps, arrived, rows)``: the walk with its
    loops cut out.
    """
    n, S = nbr.shape
    seen = np.zeros(n, np.bool_)
    onpath = np.full(n, -1, np.int64)
    path = np.empty(n, np.int32)
    length = 1
    path[0] = src
    onpath[src] = 0
    seen[src] = True
    i = src
    came = -1
    steps = 0
    t = record(trace, 0, VISIT, src, -1)
    while i != dst and steps < limit:
        v = np.int64(cells[i])
        k = 0
        while k < S and order[i, k] >= 0:
            k += 1
        p0 = pos[i, came] if came >= 0 else 0
        choice = -1
        for u in range(1, k + 1):
            q = (p0 - u) % k if right else (p0 + u) % k
            s = order[i, q]
            if (v >> s) & 1:
                choice = s
                break
        if choice < 0:
            break
        j = np.int64(nbr[i, choice])  # int64 cells: record compiles once
        came = back[i, choice]
        was = i
        i = j
        steps += 1
        seen[i] = True
        if onpath[i] >= 0:
            if length >= 2 and path[length - 2] == i:
                t = record(trace, t, RETRACE, was, i)
            else:
                t = record(trace, t, VISIT, i, was)
            for q in range(onpath[i] + 1, length):
                onpath[path[q]] = -1
            length = onpath[i] + 1
        else:
            t = record(trace, t, VISIT, i, was)
            onpath[i] = length
            path[length] = i
            length += 1
    if i == dst:
        t = record(trace, t, FOUND, i, -1)
    return path, length, seen, steps, i == dst, t


@njit(cache=True)
def dead_end_branches(nbr, cells):
    """``(dead ends, cells in dead-end branches)``: from each dead end through corridor cells (two open
    sides) up to, not including, the first cell that is not a corridor (as :mod:`tremaux.kernels.measure`)."""
    n, S = nbr.shape
    deg = np.zeros(n, np.int64)
    for i in range(n):
        v = np.int64(cells[i])
        for s in range(S):
            deg[i] += (v >> s) & 1
    ends = 0
    total = 0
    for s0 in range(n):
        if deg[s0] != 1:
            continue
        ends += 1
        prev = -1
        i = s0
        length = 0
        while length <= n:
            if length > 0 and deg[i] != 2:
                break
            length += 1
            nxt = -1
            v = np.int64(cells[i])
            for s in range(S):
                if (v >> s) & 1 and nbr[i, s] != prev:
                    nxt = nbr[i, s]
                    break
            if nxt < 0:
                break
            prev = i
            i = nxt
        total += length
    return ends, total
