"""Min-heaps for the kernels: a binary heap of keyed entries and a 4-ary heap of plain values.

Private, array-based (the caller owns the arrays and the size), never raising.
"""

from __future__ import annotations

from .._jit import njit

__all__ = ["push", "pop", "push4", "pop4"]


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
def pop4(heap, size):
    """Pop the least entry of a 4-ary min-heap."""
    top = heap[0]
    size -= 1
    x = heap[size]
    k = 0
    while True:
        a = 4 * k + 1
        if a >= size:
            break
        m = a
        e = min(a + 4, size)
        for c in range(a + 1, e):
            if heap[c] < heap[m]:
                m = c
        if x <= heap[m]:
            break
        heap[k] = heap[m]
        k = m
    heap[k] = x
    return top, size
