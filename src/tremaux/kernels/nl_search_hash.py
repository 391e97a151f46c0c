"""Number Link search kernel: the hash of a state by which states without a completion are remembered.

Private numba function (arrays in, two 64-bit integers out; it never raises)
used by :func:`tremaux.kernels.nl_search.search_run`: after each decision the
state that the rest of the search depends on (the dangling ends along the
frontier, and what the ``touch`` and ``cut`` checks still look at) is hashed
twice, and a state whose whole subtree held no solution is remembered by
both hashes in the memo table and not searched again.

numba's cache does not see changes to a helper imported from another file:
after editing this module, clear ``__pycache__`` of the kernels package.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

__all__ = ["state_hash"]


@njit(cache=True, interpret=False, inline="always")
def _mix(x):
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def state_hash(i, h, w, touch, links, ccol, mate, col, cut, dflag):
    """Two 64-bit hashes of what the rest of the search depends on after cell ``i``; ``(0, 0)``: not kept.

    That is the dangling ends along the frontier, each with its colour or the
    position of its mate, and with ``touch`` false the colours of the decided
    cells beside undecided ones. With ``touch`` false a piece of unknown
    colour may still reveal, when painted, that two decided cells of one line
    touch: such states are not kept. With ``cut`` (see :func:`~tremaux.kernels.nl_search.search_run`)
    what a later cut corner or detour is looked for at among the last
    ``w + 1`` decided cells: which are empty, ``┌`` or ``┐``, and where a
    detour is open (``dflag``), and whether it has a straight step yet.
    """
    size = h * w
    h1 = _mix(np.uint64(i) + np.uint64(0x9E3779B97F4A7C15))
    h2 = _mix(np.uint64(i) ^ np.uint64(0xD1B54A32D192ED03))
    for t in range(0, w + 1):
        j = i + t
        a = -1
        if t == 0:
            if (i % w) < w - 1 and links[i] & 2:
                a = 2 * (i + 1) + 1
        elif j < size and j - w >= 0 and links[j - w] & 4:
            a = 2 * j
        if a < 0:
            continue
        lab = col[a]
        if lab == 0:
            if not touch:
                return np.uint64(0), np.uint64(0)
            m = mate[a]
            pos = 0 if m % 2 == 1 else m // 2 - i
            lab = -1 - pos
        v = np.uint64((t << 32) ^ (lab & 0xFFFFFFFF))
        h1 = _mix(h1 ^ (v + np.uint64(0x632BE59BD9B4E019)))
        h2 = _mix(h2 + (v ^ np.uint64(0x8CB92BA72F3D8DD7)))
    if cut != 0:  # what a later cut corner or detour is looked for at: empty, ┌, ┐, an open detour
        for x in range(max(0, i - w), i + 1):
            lx = links[x]
            code = ((1 if lx == 0 else 0) | (2 if lx == 6 else 0) | (4 if lx == 12 else 0)
                    | (8 if dflag[x] != 0 else 0) | (16 if dflag[x] != 0 and (lx == 10 or lx == 5) else 0))
            if code == 0:
                continue
            v = np.uint64(((x - i) << 32) ^ code)
            h1 = _mix(h1 ^ (v + np.uint64(0x3C6EF372FE94F82B)))
            h2 = _mix(h2 + (v ^ np.uint64(0xA54FF53A5F1D36F1)))
    if not touch:
        for x in range(max(0, i - w + 1), i + 1):
            v = np.uint64(((x - i) << 32) ^ (ccol[x] & 0xFFFFFFFF))
            h1 = _mix(h1 ^ (v + np.uint64(0x2545F4914F6CDD1D)))
            h2 = _mix(h2 + (v ^ np.uint64(0x5851F42D4C957F2D)))
    if h1 == 0 and h2 == 0:
        h2 = np.uint64(1)
    return h1, h2
