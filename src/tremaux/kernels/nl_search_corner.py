"""Number Link search kernels: the corner theorem of lines that never run beside themselves.

Private numba functions (arrays in, arrays or booleans out; they never
raise) used by :func:`tremaux.kernels.nl_search.search_run` when ``touch`` is
false (two cells of one line are side by side only where the line goes from
one to the other).

The theorem. Let ``c`` be a corner of line ``L`` with links E and S (the
other three shapes by symmetry) and ``d`` its *inner diagonal* neighbour
(SE). ``d`` is beside both ``c``'s East neighbour ``e`` and South neighbour
``s``, which are on ``L``; were ``d`` on ``L``, it would have to be linked to
both, closing the loop ``c e d s``. So ``d`` is empty or on another line, and
it cannot link North (to ``e``) or West (to ``s``): ``d`` is empty, a number
(one link), or a corner of the same shape. Under ``cover`` no cell is empty,
so walking from a corner along its inner diagonal one meets only corners of
its shape until a number, always before the edge of the board.

Consequences checked here (each prunes only states without a completion):

* static, ``cover`` only (:func:`corner_table`): a free cell can be a corner
  of a shape only if the diagonal ray from it towards the inside of that
  shape meets a number before the edge;
* dynamic (:func:`corner_ok`), after each decision: the inner diagonal of a
  decided corner, once decided, is empty, a number or a corner of the same
  shape.

numba's cache does not see changes to a helper imported from another file:
after editing this module, clear ``__pycache__`` of the kernels package.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

__all__ = ["corner_table", "corner_ok", "ALL_CORNERS"]

# corner shapes by their links (N1 E2 S4 W8) and the row / column step to their inner diagonal
_SHAPES = np.array([6, 12, 3, 9], dtype=np.int64)  # ┌ ┐ └ ┘
_DR = np.array([1, 1, -1, -1], dtype=np.int64)
_DC = np.array([1, -1, 1, -1], dtype=np.int64)
ALL_CORNERS = 15
"""A cell's mask when every corner shape is allowed (bit ``s`` for shape ``s`` in ┌ ┐ └ ┘ order)."""


@njit(cache=True)
def corner_table(grid, h, w):
    """Bit ``s`` of cell ``j``: corner shape ``s`` (┌ ┐ └ ┘) is allowed at ``j`` under ``cover``.

    That is when the diagonal ray from ``j`` towards the inside of the shape
    (SE, SW, NE, NW) meets a number before the edge. Numbers get every bit
    (they are never corners).
    """
    size = h * w
    out = np.zeros(size, dtype=np.int64)
    for s in range(4):
        dr = _DR[s]
        dc = _DC[s]
        # cells whose ray points into rows already processed: sweep away from the ray's direction
        for t in range(h):
            r = h - 1 - t if dr > 0 else t
            for u in range(w):
                c = w - 1 - u if dc > 0 else u
                j = r * w + c
                if grid[j] != 0:
                    out[j] |= 1 << s
                    continue
                nr = r + dr
                nc = c + dc
                if 0 <= nr < h and 0 <= nc < w:
                    q = nr * w + nc
                    if grid[q] != 0 or (out[q] >> s) & 1:
                        out[j] |= 1 << s
    return out


@njit(cache=True, inline="always")
def _shape(lk):
    """Index of the corner shape with links ``lk`` (-1 when not a corner)."""
    if lk == 6:
        return 0
    if lk == 12:
        return 1
    if lk == 3:
        return 2
    if lk == 9:
        return 3
    return -1


@njit(cache=True, no_cpython_wrapper=True)
def corner_ok(i, grid, h, w, cover, links, allowed):
    """Whether cell ``i``, just decided in row-major order, keeps the corner theorem.

    ``allowed`` is :func:`corner_table` under ``cover``, every bit otherwise.
    Checks the shape of ``i`` against ``allowed``; the inner diagonal of
    ``i`` when it is already decided (└ and ┘); ``i`` as the inner diagonal
    of a decided ┌ (NW of ``i``) or ┐ (NE of ``i``); and, for a free inner
    diagonal ``d`` of a ┌ or ┐ still to be decided, the links into ``d``
    fixed by ``i``: ``d`` will be empty or that corner, so no link may enter
    it from the North (nor from the West for ┌), and under ``cover`` a ┐'s
    ``d`` needs its West link.
    """
    r = i // w
    c = i - r * w
    lk = links[i]
    s = _shape(lk)
    if s >= 0:
        if ((allowed[i] >> s) & 1) == 0:
            return False
        if s >= 2:  # └ or ┘: the inner diagonal is in the row above, decided
            d = i - w + _DC[s]
            ld = links[d]
            if grid[d] == 0 and ld != 0 and ld != lk:
                return False
        elif s == 1 and grid[i + w - 1] == 0 and (links[i - 1] & 4) != 0:
            return False  # ┐ whose West neighbour enters its free inner diagonal from the North
    if r > 0:
        lv = grid[i] != 0 or lk == 0
        if c > 0 and links[i - w - 1] == 6 and not (lv or lk == 6):
            return False
        if c < w - 1 and links[i - w + 1] == 12 and not (lv or lk == 12):
            return False
        if c < w - 1 and (lk & 2) != 0 and links[i - w] == 6 and grid[i + 1] == 0:
            return False  # i enters the free inner diagonal of the ┌ above it from the West
        if cover and c + 2 < w and (lk & 2) == 0 and links[i - w + 2] == 12 and grid[i + 1] == 0:
            return False  # the free inner diagonal of the ┐ above-right needs its West link
    if c > 0 and r < h - 1 and (lk & 4) != 0 and links[i - 1] == 6 and grid[i + w] == 0:
        return False  # i enters the free inner diagonal of the ┌ West of it from the North
    return True
