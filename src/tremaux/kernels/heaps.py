"""Min-heaps for the kernels: a binary heap of keyed entries, a 4-ary heap of plain values and an indexed
4-ary heap (whose entries' keys can be lowered in place).

Private, array-based (the caller owns the arrays and the size), never raising.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit, uint64

__all__ = ["push", "pop", "push4", "pop4", "least_child4", "ipush", "ilower", "ipop"]


@njit(cache=True, inline="always")
def push(keys, vals, size, key, val):
    """Push ``val`` with ``key`` on the binary min-heap ``keys``/``vals`` of ``size`` entries; returns the new size."""
    k = size
    keys[k] = key
    vals[k] = val
    while k > 0:
        p = (k - 1) >> 1
        if keys[p] <= keys[k]:
            break
        keys[p], keys[k] = keys[k], keys[p]
        vals[p], vals[k] = vals[k], vals[p]
        k = p
    return size + 1


@njit(cache=True, inline="always")
def pop(keys, vals, size):
    """Remove the entry of least key (the first child on ties); returns ``(key, val, new size)``."""
    key = keys[0]
    val = vals[0]
    size -= 1
    keys[0] = keys[size]
    vals[0] = vals[size]
    k = 0
    while True:
        a = 2 * k + 1
        if a >= size:
            break
        b = a + 1
        m = b if b < size and keys[b] < keys[a] else a
        if keys[k] <= keys[m]:
            break
        keys[k], keys[m] = keys[m], keys[k]
        vals[k], vals[m] = vals[m], vals[k]
        k = m
    return key, val, size


@njit(cache=True, inline="always")
def push4(heap, size, x):
    """Push ``x`` on a 4-ary min-heap (shallower than a binary one: fewer cache misses per pop)."""
    k = size
    while k > 0:
        p = (k - 1) >> 2
        if heap[p] <= x:
            break
        heap[k] = heap[p]
        k = p
    heap[k] = x
    return size + 1


@njit(cache=True, inline="always")
def least_child4(heap, a, size):
    """The least of the children ``heap[a:a + 4]`` that lie below ``size``, as ``(index, value)``.

    Four children are compared without jumps (selects); ``index`` is -1 when ``a >= size`` (no child,
    ``value`` then means nothing). Shared by every 4-ary pop (:func:`pop4`, :func:`ipop`, the growing
    tree's priority queue).
    """
    if a + 3 < size:
        v0 = heap[a]
        v1 = heap[a + 1]
        v2 = heap[a + 2]
        v3 = heap[a + 3]
        m01 = a if v0 < v1 else a + 1
        w01 = min(v0, v1)
        m23 = a + 2 if v2 < v3 else a + 3
        w23 = min(v2, v3)
        return (m01 if w01 < w23 else m23), min(w01, w23)
    if a < size:
        m = a
        mv = heap[a]
        for b in range(a + 1, size):
            if heap[b] < mv:
                m = b
                mv = heap[b]
        return m, mv
    return -1, heap[0]


@njit(cache=True, inline="always")
def pop4(heap, size):
    """Pop the least entry of a 4-ary min-heap.

    Floyd's bottom-up deletion: the hole walks down along the least children to a leaf (the
    least of four found without jumps), then the last entry sifts up from there, where it
    usually belongs. With distinct entries, the entries come out in the same order as with
    the plain sift-down; about twice as fast on heaps of a million entries.
    """
    top = heap[0]
    size -= 1
    x = heap[size]
    k = 0
    while True:
        m, mv = least_child4(heap, 4 * k + 1, size)
        if m < 0:
            break
        heap[k] = mv
        k = m
    while k > 0:
        p = (k - 1) >> 2
        if heap[p] <= x:
            break
        heap[k] = heap[p]
        k = p
    heap[k] = x
    return top, size


# ----------------------------------------------------------------------------- indexed 4-ary heap
# Entries are ``uint64`` values ``key << 32 | item`` (distinct items below 2**32); ``pos[item]`` is the
# item's place in the heap, kept up to date, so an item's key can be lowered where it sits.


@njit(cache=True, inline="always")
def _isift_up(heap, pos, k, x):
    """Move the hole at ``k`` up until ``x`` fits, then put ``x`` there."""
    low = uint64(0xFFFFFFFF)
    while k > 0:
        p = (k - 1) >> 2
        y = heap[p]
        if y <= x:
            break
        heap[k] = y
        pos[np.int64(y & low)] = k
        k = p
    heap[k] = x
    pos[np.int64(x & low)] = k


@njit(cache=True, inline="always")
def ipush(heap, pos, size, x):
    """Push ``x`` (``key << 32 | item``) on the indexed heap; returns the new size."""
    _isift_up(heap, pos, size, x)
    return size + 1


@njit(cache=True, inline="always")
def ilower(heap, pos, x):
    """Give the item of ``x`` the lower entry ``x`` (the item is in the heap, its entry above ``x``)."""
    _isift_up(heap, pos, np.int64(pos[np.int64(x & uint64(0xFFFFFFFF))]), x)


@njit(cache=True, inline="always")
def ipop(heap, pos, size):
    """Pop the least entry of the indexed heap (Floyd's bottom-up deletion, as :func:`pop4`); returns
    ``(entry, new size)``. The popped item's ``pos`` is left for the caller to overwrite."""
    low = uint64(0xFFFFFFFF)
    top = heap[0]
    size -= 1
    x = heap[size]
    k = 0
    while True:
        m, mv = least_child4(heap, 4 * k + 1, size)
        if m < 0:
            break
        heap[k] = mv
        pos[np.int64(mv & low)] = k
        k = m
    if size > 0:
        _isift_up(heap, pos, k, x)
    return top, size
