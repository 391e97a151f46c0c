"""Number Link kernel: the cells every line of a pair must pass through, for :mod:`tremaux.kernels.nl_force`.

Private numba functions, arrays in and arrays out; they never raise.

A pair's line runs from its first number to its second through cells that
may still take its colour and links not off. When one cell lies on every such
way (it separates the two numbers in that graph: an articulation point
between them), the line passes through it, so it takes the pair's colour.
:func:`_separators` finds those cells with one depth-first search (low
points, as for the blocks of a graph), the reach of
:func:`tremaux.kernels.nl_force._reach` then narrows their colours.
"""

from __future__ import annotations

from .._jit import njit
from .nl_search_prune import _side  # the neighbour of a cell towards N E S W, -1 off the board

__all__: list[str] = []


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def _separators(h, w, est, mark, a, b, disc, low, par, it, stk, sep):
    """The cells other than ``a`` and ``b`` on every way from ``a`` to ``b``: their number, written to ``sep``.

    The ways go through the cells with ``mark`` 1 (those ``a`` reaches; ``b``
    among them) and links whose state ``est`` is not 0 (off). ``disc``,
    ``low``, ``par``, ``it``, ``stk``: work arrays of the board's size.
    """
    size = h * w
    for x in range(size):
        disc[x] = -1
    t = 0
    disc[a] = 0
    low[a] = 0
    par[a] = -1
    it[a] = 0
    stk[0] = a
    top = 1
    while top > 0:
        x = stk[top - 1]
        if it[x] < 4:
            d = it[x]
            it[x] += 1
            y = _side(x, d, h, w)
            if y < 0 or mark[y] != 1:
                continue
            e = (size + x - w) if d == 0 else (x if d == 1 else (size + x if d == 2 else x - 1))
            if est[e] == 0:
                continue
            if disc[y] < 0:
                t += 1
                disc[y] = t
                low[y] = t
                par[y] = x
                it[y] = 0
                stk[top] = y
                top += 1
            elif y != par[x] and disc[y] < low[x]:
                low[x] = disc[y]
        else:
            top -= 1
            p = par[x]
            if p >= 0 and low[x] < low[p]:
                low[p] = low[x]
    n = 0
    if disc[b] < 0:
        return 0
    c = b
    v = par[b]
    while v >= 0 and v != a:  # v separates a from b when the subtree holding b climbs no higher than v
        if low[c] >= disc[v]:
            sep[n] = v
            n += 1
        c = v
        v = par[v]
    return n
