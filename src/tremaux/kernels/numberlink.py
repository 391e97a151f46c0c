"""Number Link kernels: tracing lines, the paper's Tremaux traveler, random path covers (the router: :mod:`.nl_route`).

Private numba functions that take and return arrays and scalars only; they
never raise and never print. The public API in :mod:`tremaux.numberlink`
checks its input first.

Cells are flat indices ``r * W + c``. A line set is given as ``links``: one
``uint8`` per cell whose bit ``1 << d`` (``d`` = N0 E1 S2 W3) is set when the
line leaves the cell towards direction ``d``.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board
from .rng import below, shuffle

__all__ = ["trace_lines", "loop_components", "tremaux_run", "random_cover", "route", "DR", "DC"]

DR = np.array([-1, 0, 1, 0], dtype=np.int64)
"""Row step of directions N, E, S, W."""
DC = np.array([0, 1, 0, -1], dtype=np.int64)
"""Column step of directions N, E, S, W."""


def trace_lines(links, ends, h, w):
    """Follow the lines of ``links`` from the first endpoint of each pair.

    Parameters
    ----------
    links : numpy.ndarray
        Direction bits per cell (``1 << d``, ``d`` = N0 E1 S2 W3), read as ``uint8`` (copied when it is not
        writable ``uint8``, so that the kernel is compiled once whatever its callers hold).
    ends : numpy.ndarray
        ``(pairs, 2)`` flat cells, the line of pair ``k`` followed from ``ends[k - 1, 0]`` (read as writable
        ``int64``).
    h, w : int
        Grid height and width.

    Returns
    -------
    owner : numpy.ndarray
        The pair whose line covers each cell (0 for none, -1 for a cell on a closed loop).
    cells, starts : numpy.ndarray
        ``cells[starts[k-1]:starts[k]]`` is the line of pair ``k`` in order.
    reached : numpy.ndarray
        ``reached[k-1]`` is the cell where that line stopped (the partner when the line is correct).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.kernels.numberlink import trace_lines
    >>> owner, cells, starts, reached = trace_lines(np.array([2, 8, 0]), np.array([[0, 1]]), 1, 3)
    >>> owner.tolist(), cells[:starts[1]].tolist(), reached.tolist()
    ([1, 1, 0], [0, 1], [1])
    """
    return _trace_lines(np.require(links, np.uint8, ("C", "W")), np.require(ends, np.int64, ("C", "W")), h, w)


@njit(cache=True)
def _trace_lines(links, ends, h, w):
    """:func:`trace_lines` on ``uint8`` links and ``int64`` ends."""
    n = ends.shape[0]
    size = h * w
    owner = np.zeros(size, dtype=np.int32)
    cells = np.empty(size, dtype=np.int64)
    starts = np.zeros(n + 1, dtype=np.int64)
    reached = np.full(n, -1, dtype=np.int64)
    pos = 0
    for k in range(n):
        starts[k] = pos
        cur = ends[k, 0]
        prev = -1
        while pos < size:  # a line that joins two pairs is followed from both: cells may run out
            owner[cur] = k + 1
            cells[pos] = cur
            pos += 1
            nxt = -1
            for d in range(4):
                if links[cur] & (1 << d):
                    j = _side(cur, d, h, w)
                    if j >= 0 and j != prev and owner[j] != k + 1:
                        nxt = j
                        break
            if nxt < 0:
                break
            prev = cur
            cur = nxt
        reached[k] = cur
    starts[n] = pos
    for i in range(size):
        if owner[i] == 0 and links[i] != 0:
            owner[i] = -1
    return owner, cells, starts, reached


@njit(cache=True)
def loop_components(links, owner, h, w):
    """Cells on closed loops grouped by loop: ``(cells, starts)`` as in :func:`trace_lines`."""
    size = h * w
    seen = np.zeros(size, dtype=np.bool_)
    cells = np.empty(size, dtype=np.int64)
    starts = np.zeros(size + 1, dtype=np.int64)
    pos = 0
    m = 0
    for s in range(size):
        if owner[s] != -1 or seen[s]:
            continue
        starts[m] = pos
        m += 1
        cur = s
        prev = -1
        while True:
            seen[cur] = True
            cells[pos] = cur
            pos += 1
            nxt = -1
            for d in range(4):
                if links[cur] & (1 << d):
                    j = _side(cur, d, h, w)
                    if j >= 0 and j != prev and not seen[j]:
                        nxt = j
                        break
            if nxt < 0:
                break
            prev = cur
            cur = nxt
    starts[m] = pos
    return cells[:pos].copy(), starts[: m + 1].copy()


@njit(cache=True)
def free_regions(flat, h, w):
    """Regions of free cells (``flat == 0``) joined side by side: labels 1, 2, ... per cell, 0 on numbers."""
    size = h * w
    region = np.zeros(size, dtype=np.int64)
    stack = np.empty(size, dtype=np.int64)
    rid = 0
    for s in range(size):
        if flat[s] != 0 or region[s] != 0:
            continue
        rid += 1
        region[s] = rid
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            cur = stack[top]
            for d in range(4):
                j = _side(cur, d, h, w)
                if j >= 0 and flat[j] == 0 and region[j] == 0:
                    region[j] = rid
                    stack[top] = j
                    top += 1
    return region


# ---------------------------------------------------------------------- the paper's traveler
@njit(cache=True, interpret=False)
def tremaux_run(flat, h, w, order, fill, stack, pstart, st, max_steps, trace):
    """Run (or resume) the modified Tremaux traveler of the paper for up to ``max_steps`` steps.

    ``flat`` holds pair ids (0 empty) and, while running, ``-k`` on the cells
    marked by the line of pair ``k``. ``order[j] = (start, goal, k)`` lists the
    pairs in the order they are taken. The machine state lives in ``stack``
    (one frame per cell of the lines drawn so far, encoded
    ``cell * 64 + direction_in * 8 + tried``; ``direction_in`` 4 at a start),
    ``pstart`` (stack index of each pair's first frame) and ``st`` =
    ``[pair, depth, steps, status, trace rows]``; status 0 running, 1 solved,
    2 exhausted (no solution). Returns the status.

    At each cell the candidate moves are tried in the order: straight ahead,
    then North, East, South, West (slots 0-4 of ``tried``); a move goes to an
    unmarked empty cell or to the partner. With no move left the traveler steps
    back one cell; at its own start it steps back into the previous pair's
    line. Every move forward or back is one step. Rows ``(kind, cell, other)``
    go to ``trace`` while it has room (10 visit, 13 backtrack, 15 found).
    """
    npairs = order.shape[0]
    ntrace = trace.shape[0]
    j = st[0]
    depth = st[1]
    steps = st[2]
    nt = st[4]
    budget = steps + max_steps
    status = 0
    while steps < budget:
        k = order[j, 2]
        goal = order[j, 1]
        top = stack[depth - 1]
        cell = top // 64
        din = (top // 8) % 8
        tried = top % 8
        moved = False
        while tried < 5:
            slot = tried
            tried += 1
            if slot == 0:
                if din >= 4:
                    continue
                d = din
            else:
                d = slot - 1
                if d == din:
                    continue
            nxt = _side(cell, d, h, w)
            if nxt < 0:
                continue
            if nxt == goal:
                stack[depth - 1] = cell * 64 + din * 8 + tried
                steps += 1
                if nt < ntrace:
                    trace[nt, 0] = 15
                    trace[nt, 1] = nxt
                    trace[nt, 2] = cell
                    nt += 1
                if j + 1 == npairs:
                    ok = True
                    if fill:
                        for i in range(flat.shape[0]):
                            if flat[i] == 0:
                                ok = False
                                break
                    if ok:
                        status = 1
                        break
                    continue  # an empty cell is left: keep searching from here
                j += 1
                pstart[j] = depth
                stack[depth] = order[j, 0] * 64 + 4 * 8
                depth += 1
                moved = True
                break
            if flat[nxt] != 0:
                continue
            stack[depth - 1] = cell * 64 + din * 8 + tried
            flat[nxt] = -k
            stack[depth] = nxt * 64 + d * 8
            depth += 1
            steps += 1
            if nt < ntrace:
                trace[nt, 0] = 10
                trace[nt, 1] = nxt
                trace[nt, 2] = cell
                nt += 1
            moved = True
            break
        if status == 1:
            break
        if moved:
            continue
        # no unmarked way from here: step back one cell
        depth -= 1
        steps += 1
        if depth == pstart[j]:
            if j == 0:
                status = 2
                break
            j -= 1  # back into the previous pair's line, just before its goal
        else:
            flat[cell] = 0
        if nt < ntrace:
            trace[nt, 0] = 13
            trace[nt, 1] = cell
            trace[nt, 2] = stack[depth - 1] // 64
            nt += 1
    st[0] = j
    st[1] = depth
    st[2] = steps
    st[3] = status
    st[4] = nt
    return status


# ---------------------------------------------------------------------- random path covers (generator)
@njit(cache=True)
def random_cover(h, w, state, max_len):
    """A random cover of the grid by lines of at least two cells that never touch themselves.

    Starts from single cells and merges lines end to end in random order while
    the merged line does not run alongside itself (no two cells of one line
    adjacent unless consecutive) and is at most ``max_len`` cells long. A cell
    left alone is then attached to a neighbouring line end, or splits a
    neighbouring line. Returns ``links`` (direction bits per cell, as
    :func:`trace_lines` reads them); a cell left with no link (rare) makes
    the caller draw again.
    """
    size = h * w
    nbt = np.empty((size, 4), dtype=np.int64)  # the neighbours, looked up: one call of _side, not six
    for i in range(size):
        for d in range(4):
            nbt[i, d] = _side(i, d, h, w)
    label = np.arange(size, dtype=np.int64)
    links = np.zeros(size, dtype=np.uint8)
    length = np.ones(size, dtype=np.int64)
    members = np.empty(size, dtype=np.int64)  # linked lists of cells per line
    nxt = np.full(size, -1, dtype=np.int64)
    head = np.arange(size, dtype=np.int64)
    tail = np.arange(size, dtype=np.int64)
    for i in range(size):
        members[i] = i
    deg = np.zeros(size, dtype=np.int64)
    # candidate merges: every grid edge, shuffled; repeated passes until nothing changes
    edges = np.empty((2 * size, 2), dtype=np.int64)
    m = 0
    for i in range(size):
        r = i // w
        c = i - r * w
        if c + 1 < w:
            edges[m, 0] = i
            edges[m, 1] = i + 1
            m += 1
        if r + 1 < h:
            edges[m, 0] = i
            edges[m, 1] = i + w
            m += 1
    idx = np.arange(m, dtype=np.int64)
    for _pass in range(4):
        shuffle(state, idx)
        changed = False
        for t in range(m):
            a = edges[idx[t], 0]
            b = edges[idx[t], 1]
            la = label[a]
            lb = label[b]
            if la == lb or deg[a] >= 2 or deg[b] >= 2:
                continue
            if length[la] + length[lb] > max_len:
                continue
            # would the merged line touch itself? scan the shorter line's cells
            small = la if length[la] <= length[lb] else lb
            big = lb if small == la else la
            touch = False
            c0 = head[small]
            while c0 >= 0:
                for d in range(4):
                    j = nbt[c0, d]
                    if j >= 0 and label[j] == big:
                        if not ((c0 == a and j == b) or (c0 == b and j == a)):
                            touch = True
                            break
                if touch:
                    break
                c0 = nxt[c0]
            if touch:
                continue
            # merge: link a-b, relabel the small line
            for d in range(4):
                if nbt[a, d] == b:
                    links[a] |= np.uint8(1 << d)
                    links[b] |= np.uint8(1 << ((d + 2) % 4))
            deg[a] += 1
            deg[b] += 1
            c0 = head[small]
            while c0 >= 0:
                label[c0] = big
                c0 = nxt[c0]
            nxt[tail[big]] = head[small]
            tail[big] = tail[small]
            length[big] += length[small]
            length[small] = 0
            changed = True
        if not changed:
            break
    # attach single cells
    order = np.arange(size, dtype=np.int64)
    shuffle(state, order)
    for t in range(size):
        i = order[t]
        if length[label[i]] != 1:
            continue
        dirs = np.arange(4, dtype=np.int64)
        shuffle(state, dirs)
        done = False
        # a neighbour that ends a line
        for q in range(4):
            d = dirs[q]
            j = nbt[i, d]
            if j >= 0 and deg[j] < 2:
                lj = label[j]
                links[i] |= np.uint8(1 << d)
                links[j] |= np.uint8(1 << ((d + 2) % 4))
                deg[i] += 1
                deg[j] += 1
                label[i] = lj
                length[lj] += 1
                length[i] = 0
                done = True
                break
        if done:
            continue
        # else cut a neighbouring line next to its cell j, keeping pieces of >= 2 cells
        for q in range(4):
            d = dirs[q]
            j = nbt[i, d]
            if j < 0:
                continue
            # j has degree 2; drop one of its links whose far side keeps >= 2 cells
            for e in range(4):
                if not (links[j] & (1 << e)):
                    continue
                k2 = nbt[j, e]
                # count the cells on k2's side (walk away from j)
                cnt = 0
                prev = j
                cur = k2
                while cur >= 0:
                    cnt += 1
                    nn = -1
                    for f in range(4):
                        if links[cur] & (1 << f):
                            x = nbt[cur, f]
                            if x != prev:
                                nn = x
                                break
                    prev = cur
                    cur = nn
                if cnt < 2:
                    continue
                links[j] &= np.uint8(~(1 << e) & 0xFF)
                links[k2] &= np.uint8(~(1 << ((e + 2) % 4)) & 0xFF)
                links[i] |= np.uint8(1 << d)
                links[j] |= np.uint8(1 << ((d + 2) % 4))
                deg[i] = 1
                deg[k2] -= 1
                done = True
                break
            if done:
                break
        # relabelling after cuts is done by the caller from ``links``
    return links


def __getattr__(name: str):
    """``route`` and ``route_within`` live in :mod:`.nl_route` (which takes its step to a neighbour from
    :mod:`.nl_search_prune`, as this module does); they are served
    from here as before."""
    if name in ("route", "route_within"):
        from . import nl_route

        return getattr(nl_route, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
