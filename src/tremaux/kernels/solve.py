"""Solving kernels with a global view: the worklist (queue or stack); best-first search is in solve_best.

Every kernel here takes a flat ``uint8`` maze (bit ``1 << d`` open towards
direction ``d`` = N, E, S, W, U, D), its shape ``L, H, W`` and flat start and
goal indices, plus scratch arrays the caller allocates. They never raise and
never print; the public wrappers in :mod:`tremaux.solvers` check everything
first. Kernels trust the maze invariants: an open side never leads off the
grid or into a masked cell, so masked cells (value 0) need no mask here.

Previous edges
--------------
``prev`` is a ``uint8`` array of one entry per cell: ``UNSEEN`` (255) for a
cell not reached yet, ``ROOT`` (254) for the start, otherwise the direction
``d`` to walk from the cell back to the cell that reached it. A path is read
back with :func:`path_from_prev`.

Traces
------
A kernel that records fills ``trace``, an ``int64`` array of shape
``(capacity, 3)`` with rows ``[kind, cell, other]`` (kinds are the values of
:class:`tremaux.trace.Event`). It returns the number of events it produced;
when that exceeds ``capacity`` only the first ``capacity`` were stored and
the caller runs it again with a larger array.

Batch use (datasets)
--------------------
:func:`bfs` is a plain ``@njit`` function meant to be called from other
compiled loops::

    prev = np.empty(n, np.uint8)      # 1 byte per cell
    queue = np.empty(n, np.int32)     # 4 bytes per cell
    found, steps = bfs(cells, L, H, W, start, goal, prev, queue)
    path = path_from_prev(prev, start, goal, H, W)   # int64 flat indices, start..goal

``cells`` may be read-only; ``prev`` and ``queue`` are overwritten.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .grid import offset

UNSEEN = 255
ROOT = 254
RING0 = 1024
"""Initial length of the worklist's ring buffer (it doubles as needed)."""

# Event kinds (the values of tremaux.trace.Event; a test keeps them in step), and "no cell" for an event's
# second cell. NumPy integers, not Python ones: numba types a Python int constant as a literal, and record
# would be compiled once per kind.
VISIT = np.int64(10)
MARK = np.int64(11)
RETRACE = np.int64(12)
BACKTRACK = np.int64(13)
DEAD = np.int64(14)
FOUND = np.int64(15)
PATH = np.int64(16)
LOOPING = np.int64(17)
NO_CELL = np.int64(-1)




@njit(cache=True, no_cpython_wrapper=True)
def opp(d):
    """The direction opposite to ``d``."""
    if d < 4:
        return (d + 2) & 3
    return 9 - d


@njit(cache=True, no_cpython_wrapper=True)
def record(trace, nev, kind, cell, other):
    """Store one event if there is room; return the new event count."""
    if nev < trace.shape[0]:
        trace[nev, 0] = kind
        trace[nev, 1] = cell
        trace[nev, 2] = other
    return nev + 1


@njit(cache=True, no_cpython_wrapper=True)
def _queue_flat(prev, work, W, start, goal):
    """The hot loop of breadth-first search on a flat maze, not recorded (see :func:`worklist`).

    ``prev`` holds the search state of :func:`worklist` (open sides in bits
    0-3); the queue is a ring in ``work`` that starts with :data:`RING0`
    entries and doubles when it might overflow. Returns ``(found, steps)``.
    """
    cap = work.shape[0]
    rc = cap if cap < RING0 else RING0
    work[0] = start
    head = 0
    tail = 1
    count = 1
    steps = 0
    while count > 0:
        p = np.int64(work[head])
        head += 1
        if head == rc:
            head = 0
        count -= 1
        steps += 1
        if p == goal:
            return True, steps
        s = np.int64(prev[p])
        back = (s >> 4) & 7
        if count + 4 > rc:
            # grow the ring; a wrapped queue moves its upper part [head, rc) to the top
            nrc = rc * 2 if rc * 2 < cap else cap
            if tail <= head:
                shift = nrc - rc
                for j in range(rc - 1, head - 1, -1):
                    work[j + shift] = work[j]
                head += shift
            rc = nrc
        if s & 1 and back != 0:
            q = p - W
            if prev[q] < 128:
                prev[q] |= 0x80 | (2 << 4)
                work[tail] = q
                tail += 1
                count += 1
                if tail == rc:
                    tail = 0
        if s & 2 and back != 1:
            q = p + 1
            if prev[q] < 128:
                prev[q] |= 0x80 | (3 << 4)
                work[tail] = q
                tail += 1
                count += 1
                if tail == rc:
                    tail = 0
        if s & 4 and back != 2:
            q = p + W
            if prev[q] < 128:
                prev[q] |= 0x80 | (0 << 4)
                work[tail] = q
                tail += 1
                count += 1
                if tail == rc:
                    tail = 0
        if s & 8 and back != 3:
            q = p - 1
            if prev[q] < 128:
                prev[q] |= 0x80 | (1 << 4)
                work[tail] = q
                tail += 1
                count += 1
                if tail == rc:
                    tail = 0
    return False, steps


@njit(cache=True, no_cfunc_wrapper=False)  # its C entry point: the dataset's batches call it by address
def worklist(cells, L, H, W, start, goal, use_stack, prev, work, trace, rec):
    """The worklist solver: squares known to be reachable wait in a queue or a stack.

    Parameters
    ----------
    cells : uint8[n]
    L, H, W : int
    start, goal : int
        Flat indices.
    use_stack : bool
        Take squares from the end of the worklist (a stack) instead of its front (a queue).
    prev : uint8[n]
        Scratch, overwritten with the previous edges.
    work : int32[n]
        Scratch for the worklist.
    trace : int64[capacity, 3]
        Events when ``rec``: ``VISIT (p, parent)`` when ``p`` is taken from the
        worklist, ``MARK (q, p)`` when ``q`` is marked and added with a previous
        edge to ``p``, ``FOUND (goal)``.
    rec : bool

    Returns
    -------
    found : bool
    steps : int
        Squares taken from the worklist.
    nev : int
        Events produced.

    Notes
    -----
    During the search ``prev`` holds one byte per cell: bit 7 marked, bits
    4-6 the direction back to the parent (6 for the start) and, on a flat
    maze, bits 0-3 a copy of the open sides, so that a step reads one byte
    array only. A last sequential pass turns it into the previous edges of
    the module notes.
    """
    n = cells.shape[0]
    HW = H * W
    flat = L == 1
    if flat:
        for i in range(n):
            prev[i] = cells[i]
    else:
        for i in range(n):
            prev[i] = 0
    prev[start] |= 0x80 | (6 << 4)
    if flat and not use_stack and not rec:
        found, steps = _queue_flat(prev, work, W, start, goal)
        _previous_edges(prev)
        return found, steps, 0
    # The queue is a ring in the first ``rc`` entries of ``work``, doubled
    # when full: only as much memory as the longest queue is ever touched.
    cap = work.shape[0]
    rc = cap if cap < RING0 else RING0
    work[0] = start
    head = 0
    tail = 1
    count = 1
    kids = np.empty(6, np.int64)
    steps = 0
    nev = np.int64(0)  # int64, not a literal 0: record compiles once
    found = False
    while count > 0:
        if use_stack:
            tail -= 1
            p = np.int64(work[tail])
        else:
            p = np.int64(work[head])
            head += 1
            if head == rc:
                head = 0
        count -= 1
        steps += 1
        s = np.int64(prev[p])
        back = (s >> 4) & 7
        if rec:
            parent = -1 if back == 6 else p + offset(back, W, HW)
            nev = record(trace, nev, VISIT, p, parent)
        if p == goal:
            found = True
            if rec:
                nev = record(trace, nev, FOUND, p, NO_CELL)
            break
        nk = 0
        # the four sides of a flat maze written out: this loop is the hot one
        if flat:
            if s & 1 and back != 0:
                q = p - W
                if prev[q] < 128:
                    prev[q] |= 0x80 | (2 << 4)
                    kids[nk] = q
                    nk += 1
            if s & 2 and back != 1:
                q = p + 1
                if prev[q] < 128:
                    prev[q] |= 0x80 | (3 << 4)
                    kids[nk] = q
                    nk += 1
            if s & 4 and back != 2:
                q = p + W
                if prev[q] < 128:
                    prev[q] |= 0x80 | (0 << 4)
                    kids[nk] = q
                    nk += 1
            if s & 8 and back != 3:
                q = p - 1
                if prev[q] < 128:
                    prev[q] |= 0x80 | (1 << 4)
                    kids[nk] = q
                    nk += 1
        else:
            v = cells[p]
            for d in range(6):
                if v & (1 << d) and d != back:
                    q = p + offset(d, W, HW)
                    if prev[q] < 128:
                        prev[q] |= 0x80 | (opp(d) << 4)
                        kids[nk] = q
                        nk += 1
        if use_stack:
            for t in range(nk):
                work[tail] = kids[t]
                tail += 1
        else:
            if count + nk > rc:
                # grow the ring; a wrapped queue moves its upper part [head, rc) to the top
                nrc = rc * 2 if rc * 2 < cap else cap
                if tail <= head:
                    shift = nrc - rc
                    for j in range(rc - 1, head - 1, -1):
                        work[j + shift] = work[j]
                    head += shift
                rc = nrc
            for t in range(nk):
                work[tail] = kids[t]
                tail += 1
                if tail == rc:
                    tail = 0
        count += nk
        if rec:
            for t in range(nk):
                nev = record(trace, nev, MARK, kids[t], p)
    _previous_edges(prev)
    return found, steps, nev


@njit(cache=True, no_cpython_wrapper=True)
def _previous_edges(prev):
    """Turn the search state of :func:`worklist` into the previous edges of the module notes."""
    for i in range(prev.shape[0]):
        s = prev[i]
        if s < 128:
            prev[i] = UNSEEN
        else:
            b = (s >> 4) & 7
            prev[i] = ROOT if b == 6 else b


@njit(cache=True)
def bfs(cells, L, H, W, start, goal, prev, queue):
    """Breadth-first search (the worklist with a queue), for compiled callers.

    Parameters
    ----------
    cells : uint8[n]
        Flat maze, ``n = L*H*W``.
    L, H, W : int
        Levels, rows, columns.
    start, goal : int
        Flat indices of existing cells.
    prev : uint8[n]
        Scratch; on return holds the previous edges (see the module notes).
    queue : int32[n]
        Scratch.

    Returns
    -------
    found : bool
    steps : int
        Cells taken from the queue.
    """
    trace = np.empty((0, 3), np.int64)
    found, steps, nev = worklist(cells, L, H, W, start, goal, False, prev, queue, trace, False)
    return found, steps


@njit(cache=True)
def path_from_prev(prev, start, goal, H, W):
    """Follow previous edges back from ``goal`` to ``start``; return the path start..goal.

    Returns an empty ``int64`` array when ``goal`` was not reached.
    """
    HW = H * W
    if prev[goal] == UNSEEN:
        return np.empty(0, np.int64)
    k = 1
    i = goal
    while i != start:
        i += offset(np.int64(prev[i]), W, HW)
        k += 1
    out = np.empty(k, np.int64)
    i = goal
    for t in range(k - 1, -1, -1):
        out[t] = i
        if t:
            i += offset(np.int64(prev[i]), W, HW)
    return out


def coords(idx, H, W, ndim):
    """Cell coordinates of flat indices: an ``(k, ndim)`` int64 array of rows ``(row, col)`` or ``(level, row, col)``.

    NumPy, not a compiled kernel: whole-array divisions are as fast, and there is nothing to compile.

    Parameters
    ----------
    idx : numpy.ndarray of int
        ``k`` flat cell indices.
    H, W : int
        Rows and columns of the grid.
    ndim : int
        2 for ``(row, col)`` rows, 3 for ``(level, row, col)``.

    Returns
    -------
    numpy.ndarray of int64
        Shape ``(k, ndim)``.

    Examples
    --------
    >>> from tremaux.kernels.solve import coords
    >>> import numpy as np
    >>> coords(np.array([0, 5, 7]), 2, 3, 2).tolist()
    [[0, 0], [1, 2], [0, 1]]
    """
    out = np.empty((idx.shape[0], ndim), np.int64)
    q, out[:, ndim - 1] = np.divmod(np.asarray(idx, dtype=np.int64), W)
    if ndim == 3:
        out[:, 0], out[:, 1] = np.divmod(q, H)
    else:
        out[:, 0] = q % H
    return out


def reached(prev):
    """The cells a search reached, as a boolean array written over ``prev`` (which it consumes).

    Parameters
    ----------
    prev : numpy.ndarray
        The predecessor array of a search, ``UNSEEN`` where no cell was reached; it is overwritten.

    Returns
    -------
    numpy.ndarray
        Boolean view of ``prev``'s memory, true at each reached cell.

    Examples
    --------
    >>> from tremaux.kernels.solve import UNSEEN, reached
    >>> import numpy as np
    >>> reached(np.array([UNSEEN, 0, 1, UNSEEN], dtype=np.uint8)).tolist()
    [False, True, True, False]
    """
    return np.not_equal(prev, UNSEEN, out=prev.view(np.bool_))

