"""Kernels behind :mod:`tremaux.maze.properties` that the grid kernels lack.

Islands are computed on the *post lattice*: the ``(H + 1) x (W + 1)`` corners
of the cells of one level. A wall segment joins two neighbouring posts when
the cells on its two sides are not joined by a passage. Wall segments on the
border of the grid, or next to a masked cell, belong to the outer wall.

Kernels take and return arrays and scalars only; they never raise.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit


@njit(cache=True, no_cpython_wrapper=True)
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True, no_cpython_wrapper=True)
def _union(parent, a, b):
    ra = _find(parent, a)
    rb = _find(parent, b)
    if ra != rb:
        # the larger root goes under the smaller: scanning rows then makes
        # shallow stars rather than long chains
        if ra < rb:
            parent[rb] = ra
        else:
            parent[ra] = rb


@njit(cache=True)
def islands(cells, mask, use_mask, L, H, W, want_labels):
    """Label the wall groups not attached to the outer wall, level by level.

    Returns ``(labels, count)``: ``labels`` has one entry per post,
    ``L * (H + 1) * (W + 1)`` in level, row, column order; it holds the island
    number of a post (0-based, in order of the island's first post) or -1 for
    posts that belong to the outer wall or touch no wall at all. Without
    ``want_labels`` only the count is computed and ``labels`` is empty.
    """
    P1 = W + 1
    P = (H + 1) * P1
    labels = np.full(L * P if want_labels else 0, -1, dtype=np.int32)
    parent = np.empty(P + 1, dtype=np.int32)
    haswall = np.empty(P, dtype=np.bool_)
    count = 0
    for lv in range(L):
        base = lv * H * W
        for p in range(P + 1):
            parent[p] = p
        for p in range(P):
            haswall[p] = False
        # horizontal segments: post (r, c) - (r, c + 1), cell (r - 1, c) above, (r, c) below
        for r in range(H + 1):
            for c in range(W):
                above = r > 0 and ((not use_mask) or mask[base + (r - 1) * W + c])
                below = r < H and ((not use_mask) or mask[base + r * W + c])
                outer = not (above and below)
                if not outer and (cells[base + r * W + c] & 1):
                    continue
                a = r * P1 + c
                haswall[a] = True
                haswall[a + 1] = True
                _union(parent, a, a + 1)
                if outer:
                    _union(parent, a, P)
        # vertical segments: post (r, c) - (r + 1, c), cell (r, c - 1) left, (r, c) right
        for r in range(H):
            for c in range(W + 1):
                left = c > 0 and ((not use_mask) or mask[base + r * W + c - 1])
                right = c < W and ((not use_mask) or mask[base + r * W + c])
                outer = not (left and right)
                if not outer and (cells[base + r * W + c] & 8):
                    continue
                a = r * P1 + c
                haswall[a] = True
                haswall[a + P1] = True
                _union(parent, a, a + P1)
                if outer:
                    _union(parent, a, P)
        outer_root = _find(parent, P)
        off = lv * P
        for p in range(P):
            if not haswall[p]:
                continue
            rt = _find(parent, p)
            if rt == outer_root:
                continue
            if not want_labels:
                # every group has one root, itself a post with a wall
                if rt == p:
                    count += 1
                continue
            # roots are the smallest post of their group, met first: it gets the number
            if labels[off + rt] < 0:
                labels[off + rt] = count
                count += 1
            labels[off + p] = labels[off + rt]
    return labels, count
