"""Priority queues for the graph kernels: binary heaps of keyed entries and of integers, a 4-ary heap.

Private, array-based (the caller owns the arrays and the size), never raising.
"""

from __future__ import annotations

from .._jit import njit

__all__ = ["push", "pop", "push4", "pop4", "ipush", "ipop"]


@njit(cache=True)
def push(keys, vals, size, key, val):
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


@njit(cache=True)
def pop(keys, vals, size):
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
    return val, size


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


@njit(cache=True, inline="always")
def ipush(heap, size, x):
    k = size
    heap[k] = x
    while k > 0:
        p = (k - 1) >> 1
        if heap[p] <= heap[k]:
            break
        heap[p], heap[k] = heap[k], heap[p]
        k = p
    return size + 1


@njit(cache=True, inline="always")
def ipop(heap, size):
    top = heap[0]
    size -= 1
    heap[0] = heap[size]
    k = 0
    while True:
        a = 2 * k + 1
        if a >= size:
            break
        m = a + 1 if a + 1 < size and heap[a + 1] < heap[a] else a
        if heap[k] <= heap[m]:
            break
        heap[k], heap[m] = heap[m], heap[k]
        k = m
    return top, size
