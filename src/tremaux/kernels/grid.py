"""Flat-index grid kernels shared by every algorithm.

A maze of ``L`` levels, ``H`` rows and ``W`` columns is a flat ``uint8`` array
of ``L*H*W`` cells; cell ``(l, r, c)`` has flat index ``(l*H + r)*W + c``.
Bit ``1 << d`` of a cell is set when the passage in direction ``d`` is open.

Directions, in the order every algorithm tries them (North, East, South,
West, then Up and Down between levels):

=====  =====  ======  ===============
d      name   bit     step (l, r, c)
=====  =====  ======  ===============
0      N      1       (0, -1, 0)
1      E      2       (0, 0, +1)
2      S      4       (0, +1, 0)
3      W      8       (0, 0, -1)
4      U      16      (+1, 0, 0)
5      D      32      (-1, 0, 0)
=====  =====  ======  ===============

Kernels take and return arrays and scalars only; they never raise and never
print. The public API validates everything before calling them.

Note: kernels elsewhere import the helpers below; numba's on-disk cache of a
caller is not invalidated when a helper changes, so after editing this file
clear ``__pycache__`` (the test suite does not rely on stale caches).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

N, E, S, W, U, D = 0, 1, 2, 3, 4, 5
NDIR = 6
BITS = np.array([1, 2, 4, 8, 16, 32], dtype=np.uint8)
OPPOSITE = np.array([2, 3, 0, 1, 5, 4], dtype=np.int64)
DL = np.array([0, 0, 0, 0, 1, -1], dtype=np.int64)
DR = np.array([-1, 0, 1, 0, 0, 0], dtype=np.int64)
DC = np.array([0, 1, 0, -1, 0, 0], dtype=np.int64)

# fault codes of :func:`tremaux.maze.checks.check_passages` (found in NumPy there, nothing to compile)
OK = 0
BAD_BITS = 1
OFF_GRID = 2
INTO_MASK = 3
ONE_SIDED = 4
MASKED_OPEN = 5



@njit(cache=True)
def step(i, d, L, H, W):
    """Flat index of the neighbour of ``i`` in direction ``d``, or -1 off the grid."""
    c = i % W
    r = (i // W) % H
    lv = i // (W * H)
    if d == 0:
        return i - W if r > 0 else -1
    if d == 1:
        return i + 1 if c < W - 1 else -1
    if d == 2:
        return i + W if r < H - 1 else -1
    if d == 3:
        return i - 1 if c > 0 else -1
    if d == 4:
        return i + W * H if lv < L - 1 else -1
    return i - W * H if lv > 0 else -1


@njit(cache=True, no_cpython_wrapper=True)
def offset(d, W, HW):
    """Flat-index step towards ``d`` (``HW = H*W``); valid only through an open side."""
    if d == 0:
        return -W
    if d == 1:
        return 1
    if d == 2:
        return W
    if d == 3:
        return -1
    if d == 4:
        return HW
    return -HW


@njit(cache=True)
def count_passages(cells):
    """Number of open passages (each counted once)."""
    total = 0
    for i in range(cells.shape[0]):
        v = cells[i]
        # count E, S and U bits only: each passage once
        total += ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 4) & 1)
    return total


@njit(cache=True)
def components(cells, mask, use_mask, L, H, W):
    """Label the connected components through open passages.

    Returns ``(labels, count)``: ``labels[i]`` is the component number of cell
    ``i`` (0-based, in order of the lowest flat index) or -1 for masked cells.
    """
    n = cells.shape[0]
    labels = np.empty(n, dtype=np.int32)  # np.empty and a loop: np.full would compile numba's own np.full too
    for i in range(n):
        labels[i] = -1
    stack = np.empty(n, dtype=np.int32)  # MAX_CELLS < 2**31
    count = 0
    for s in range(n):
        if labels[s] >= 0 or (use_mask and not mask[s]):
            continue
        labels[s] = count
        top = 0
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            i = np.int64(stack[top])  # int64 like every other caller of step: one specialisation
            v = cells[i]
            for d in range(NDIR):
                if v & (1 << d):
                    j = step(i, d, L, H, W)
                    if labels[j] < 0:
                        labels[j] = count
                        stack[top] = j
                        top += 1
        count += 1
    return labels, count


@njit(cache=True)
def distances(cells, source, L, H, W):
    """Breadth-first distance (in passages) from ``source``; -1 where unreachable."""
    n = cells.shape[0]
    dist = np.empty(n, dtype=np.int32)
    for i in range(n):
        dist[i] = -1
    queue = np.empty(n, dtype=np.int32)  # MAX_CELLS < 2**31
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    while head < tail:
        i = np.int64(queue[head])  # int64 like every other caller of step: one specialisation
        head += 1
        v = cells[i]
        for d in range(NDIR):
            if v & (1 << d):
                j = step(i, d, L, H, W)
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    queue[tail] = j
                    tail += 1
    return dist
