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
        a = 4 * k + 1
        if a + 3 < size:
            v0 = heap[a]
            v1 = heap[a + 1]
            v2 = heap[a + 2]
            v3 = heap[a + 3]
            m01 = a if v0 < v1 else a + 1
            w01 = min(v0, v1)
            m23 = a + 2 if v2 < v3 else a + 3
            w23 = min(v2, v3)
            m = m01 if w01 < w23 else m23
            mv = min(w01, w23)
        elif a < size:
            m = a
            mv = heap[a]
            for b in range(a + 1, size):
                if heap[b] < mv:
                    m = b
                    mv = heap[b]
        else:
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
