"""Kernels for maze statistics (see :mod:`tremaux.measure`)."""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .grid import offset


@njit(cache=True)
def classify(cells, mask, use_mask):
    """Counts ``[isolated, dead ends, corridors, junctions, crossroads (4+), straight, turning]``.

    Straight corridors are open on two opposite sides (N-S, E-W or U-D).
    """
    out = np.zeros(7, np.int64)
    for i in range(cells.shape[0]):
        if use_mask and not mask[i]:
            continue
        v = cells[i] & 63
        k = 0
        x = v
        while x:
            k += x & 1
            x >>= 1
        out[min(k, 4)] += 1
        if k == 2:
            if v == 5 or v == 10 or v == 48:
                out[5] += 1
            else:
                out[6] += 1
    return out


@njit(cache=True, no_cpython_wrapper=True)
def _deg(v):
    k = 0
    while v:
        k += v & 1
        v >>= 1
    return k


@njit(cache=True)
def dead_end_branches(cells, mask, use_mask, L, H, W):
    """``(dead ends, cells in dead-end branches)``.

    A dead-end branch runs from a dead end through corridor cells up to (not
    including) the first cell that is not a corridor.
    """
    n = cells.shape[0]
    ends = 0
    total = 0
    for s in range(n):
        if use_mask and not mask[s]:
            continue
        if _deg(cells[s] & 63) != 1:
            continue
        ends += 1
        prev = -1
        i = s
        length = 0
        while length <= n:
            v = cells[i] & 63
            if length > 0 and _deg(v) != 2:
                break
            length += 1
            nxt = -1
            for d in range(6):
                if v & (1 << d):
                    j = i + offset(d, W, W * H)
                    if j != prev:
                        nxt = j
                        break
            if nxt < 0:
                break
            prev = i
            i = nxt
        total += length
    return ends, total
