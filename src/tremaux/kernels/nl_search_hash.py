"""Number Link search kernel: the hash of a search state, for remembering states without a completion.

Private numba functions (arrays in, two 64-bit words out; they never raise)
used by :func:`tremaux.kernels.nl_search.search_run`. Two states after the
same cell with the same hash must have the same completions, so the hash
holds everything the rest of the search depends on; it may hold more (fewer
states are then found equal, none wrongly).

What the rest depends on, after cell ``i`` (cells ``<= i`` decided):

* the *dangling ends* (links from decided cells into undecided ones) along
  the frontier, each with its colour, or for a piece that has joined no
  number yet, the position of the piece's other end;
* with ``touch`` false (a line never runs beside itself), the colours of the
  decided cells beside undecided ones (the last ``w``): a cell decided later
  with a colour is checked against them;
* with ``touch`` false, for each piece of unknown colour: which of the
  frontier cells are its own, and the colours (and the other unknown pieces)
  its cells lie beside without a link. When the piece learns its colour
  ``k``, every one of its cells is checked against its decided neighbours of
  colour ``k``: the piece's cells matter only through those neighbours. The
  neighbours are summed as a multiset (a finer description than the set, so
  still exact).

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


@njit(cache=True, interpret=False, inline="always")
def _end_cell(t, i, w):
    """The decided cell that holds the dangling end at frontier position ``t`` after cell ``i``."""
    return i if t == 0 else i + t - w


@njit(cache=True, interpret=False)
def _walk(x, i, w, links, pid, mark, ccol, a0, a1):
    """Walk the piece of unknown colour from its end cell ``x`` through the decided cells (``<= i``).

    ``mark > 0`` writes ``mark`` into ``pid`` for each cell; ``mark == 0``
    clears it; ``mark < 0`` sums, for the piece ``-mark``, each decided
    neighbour not linked to the piece's cell: its colour, or ``pid`` of the
    unknown piece it belongs to, into the two words ``a0, a1``, returned.
    """
    prev = -1
    while x >= 0:
        lx = links[x]
        if mark > 0:
            pid[x] = mark
        elif mark == 0:
            pid[x] = 0
        else:
            for d in range(4):
                bit = 1 << d
                if d == 0:
                    y = x - w
                elif d == 1:
                    y = x + 1 if (x + 1) % w != 0 else -1
                elif d == 2:
                    y = x + w
                else:
                    y = x - 1 if x % w != 0 else -1
                if y < 0 or y > i or (lx & bit) != 0:
                    continue
                cy = ccol[y]
                if cy > 0:
                    v = np.uint64(((-mark) << 40) ^ cy)
                elif cy == 0:
                    v = np.uint64(((-mark) << 40) ^ (1 << 39) ^ pid[y])
                else:
                    continue
                a0 += _mix(v + np.uint64(0x7F4A7C159E3779B9))
                a1 += _mix(v ^ np.uint64(0x94D049BB133111EB))
        nxt = -1
        if lx & 1 and x - w != prev:
            nxt = x - w
        elif lx & 2 and x + 1 != prev and x + 1 <= i:
            nxt = x + 1
        elif lx & 4 and x + w != prev and x + w <= i:
            nxt = x + w
        elif lx & 8 and x - 1 != prev:
            nxt = x - 1
        prev = x
        x = nxt
    return a0, a1


@njit(cache=True, interpret=False)
def _dangling(t, i, w, size, links):
    """The key of the dangling end at frontier position ``t`` after cell ``i``, or -1 (see ``search_run``)."""
    if t == 0:
        return 2 * (i + 1) + 1 if (i % w) < w - 1 and links[i] & 2 else -1
    j = i + t
    return 2 * j if j < size and links[j - w] & 4 else -1


@njit(cache=True, interpret=False, inline="always")
def _mate_position(m, i):
    """The frontier position of dangling end key ``m`` after cell ``i``."""
    return 0 if m % 2 == 1 else m // 2 - i


@njit(cache=True, interpret=False)
def state_hash(i, h, w, touch, links, ccol, mate, col, cut, dflag, pid):
    """Two 64-bit hashes of what the rest of the search depends on after cell ``i`` (never both 0).

    See the module's docstring. ``cut`` (see
    :func:`~tremaux.kernels.nl_search.search_run`): what a later cut corner
    or detour is looked for at among the last ``w + 1`` decided cells: which
    are empty, ``┌`` or ``┐``, where a detour is open (``dflag``), and
    whether it has a straight step yet. ``pid`` is scratch (all zeros on
    entry and on return).
    """
    size = h * w
    h1 = _mix(np.uint64(i) + np.uint64(0x9E3779B97F4A7C15))
    h2 = _mix(np.uint64(i) ^ np.uint64(0xD1B54A32D192ED03))
    unknown = 0  # pieces of unknown colour, each named by its first end along the frontier (t + 1)
    for t in range(0, w + 1):
        a = _dangling(t, i, w, size, links)
        if a < 0:
            continue
        lab = col[a]
        if lab == 0:
            pos = _mate_position(mate[a], i)
            lab = -1 - pos
            if not touch and t < pos:
                unknown += 1
                _walk(_end_cell(t, i, w), i, w, links, pid, t + 1, ccol, np.uint64(0), np.uint64(0))
        v = np.uint64((t << 32) ^ (lab & 0xFFFFFFFF))
        h1 = _mix(h1 ^ (v + np.uint64(0x632BE59BD9B4E019)))
        h2 = _mix(h2 + (v ^ np.uint64(0x8CB92BA72F3D8DD7)))
    if cut != 0:
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
            cx = ccol[x]
            if cx == 0:  # a cell of a piece of unknown colour: which piece
                cx = -2 - pid[x]
            v = np.uint64(((x - i) << 32) ^ (cx & 0xFFFFFFFF))
            h1 = _mix(h1 ^ (v + np.uint64(0x2545F4914F6CDD1D)))
            h2 = _mix(h2 + (v ^ np.uint64(0x5851F42D4C957F2D)))
    if unknown > 0:  # what each piece of unknown colour lies beside; then the scratch is cleared
        a0 = np.uint64(0)
        a1 = np.uint64(0)
        for mark in (-1, 0):
            for t in range(0, w + 1):
                a = _dangling(t, i, w, size, links)
                if a >= 0 and col[a] == 0 and t < _mate_position(mate[a], i):
                    a0, a1 = _walk(_end_cell(t, i, w), i, w, links, pid, mark * (t + 1), ccol, a0, a1)
        h1 = _mix(h1 ^ a0)
        h2 = _mix(h2 + a1)
    if h1 == 0 and h2 == 0:
        h2 = np.uint64(1)
    return h1, h2
