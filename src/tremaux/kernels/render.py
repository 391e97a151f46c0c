"""Replay kernel of the animations: apply trace events to block pictures.

The state of an animation is the stack of block pictures ``B`` of shape
``(L, 2H+1, 2W+1)`` (see :mod:`tremaux.render.scene`): each square holds a
palette slot. :func:`apply_events` applies events ``lo .. hi-1`` of a trace
in order, in place. Slots are passed in ``slots`` (indexed by the constants
below) so the kernel knows nothing of palettes.

Kernels take and return arrays and scalars only; they never raise.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

# indices into the ``slots`` argument
S_BG, S_WALL, S_FLOOR, S_VISITED, S_MARKED, S_RETRACED, S_PATH, S_START, S_GOAL = range(9)
S_FRONTIER, S_UNCARVED, S_DEAD = 9, 10, 11
NSLOTS = 12

# event kinds (tremaux.trace.Event)
CARVE, WALL, FRONTIER, DONE = 1, 2, 3, 4
VISIT, MARK, RETRACE, BACKTRACK, DEAD, FOUND, PATH, LOOPING = 10, 11, 12, 13, 14, 15, 16, 17


@njit(cache=True, no_cpython_wrapper=True)
def _where(i, H, W):
    lv = i // (H * W)
    rest = i - lv * H * W
    r = rest // W
    c = rest - r * W
    return lv, r, c


@njit(cache=True, no_cpython_wrapper=True)
def _fix_post(B, lv, y, x, slots):
    """Recompute the post at block ``(y, x)`` from its four arms."""
    BH = B.shape[1]
    BW = B.shape[2]
    wall = slots[S_WALL]
    bg = slots[S_BG]
    any_wall = False
    any_open = False
    if y > 0:
        v = B[lv, y - 1, x]
        any_wall = any_wall or v == wall
        any_open = any_open or (v != wall and v != bg)
    if y < BH - 1:
        v = B[lv, y + 1, x]
        any_wall = any_wall or v == wall
        any_open = any_open or (v != wall and v != bg)
    if x > 0:
        v = B[lv, y, x - 1]
        any_wall = any_wall or v == wall
        any_open = any_open or (v != wall and v != bg)
    if x < BW - 1:
        v = B[lv, y, x + 1]
        any_wall = any_wall or v == wall
        any_open = any_open or (v != wall and v != bg)
    if any_wall:
        B[lv, y, x] = wall
    elif any_open:
        B[lv, y, x] = slots[S_FLOOR]
    else:
        B[lv, y, x] = bg


@njit(cache=True, no_cpython_wrapper=True)
def _passage(i, j, H, W):
    """Block ``(level, y, x)`` of the passage between flat cells i and j; level -1 if none."""
    if j < 0:
        return -1, 0, 0
    li, ri, ci = _where(i, H, W)
    lj, rj, cj = _where(j, H, W)
    if li != lj or abs(ri - rj) + abs(ci - cj) != 1:
        return -1, 0, 0
    return li, ri + rj + 1, ci + cj + 1


# the modes of _set_cell, NumPy integers: a Python int constant is a numba literal, and each value would
# compile its own copy of _set_cell
OVER_ANY = np.int64(0)
OVER_FLOOR = np.int64(1)
OVER_UNCARVED = np.int64(2)


@njit(cache=True, no_cpython_wrapper=True)
def _set_cell(B, i, value, H, W, slots, mode):
    """Paint cell i, never over start/goal.

    ``mode`` 0 paints over anything else, 1 only over floor, uncarved and
    frontier cells (a visit does not hide marks), 2 only over uncarved cells
    (carving does not hide the frontier).
    """
    lv, r, c = _where(i, H, W)
    cur = B[lv, 2 * r + 1, 2 * c + 1]
    if cur == slots[S_START] or cur == slots[S_GOAL] or cur == slots[S_BG]:
        return
    if mode == 1 and not (cur == slots[S_FLOOR] or cur == slots[S_UNCARVED] or cur == slots[S_FRONTIER]):
        return
    if mode == 2 and cur != slots[S_UNCARVED]:
        return
    B[lv, 2 * r + 1, 2 * c + 1] = value


@njit(cache=True)
def apply_events(kinds, cells, others, lo, hi, B, counts, last, H, W, slots):
    """Apply events ``lo .. hi-1`` to block pictures ``B`` in place.

    ``counts`` (shaped like ``B``) holds the marks on each passage square;
    ``last[0]`` is the previous cell of the final path (-1 before the first).
    """
    for e in range(lo, hi):
        k = kinds[e]
        i = cells[e]
        j = others[e]
        if k == CARVE or k == WALL:
            pl, py, px = _passage(i, j, H, W)
            if k == CARVE:
                _set_cell(B, i, slots[S_FLOOR], H, W, slots, OVER_UNCARVED)
                if j >= 0:
                    _set_cell(B, j, slots[S_FLOOR], H, W, slots, OVER_UNCARVED)
            if pl >= 0:
                B[pl, py, px] = slots[S_FLOOR] if k == CARVE else slots[S_WALL]
                if py % 2 == 1:  # wall between two columns: posts above and below
                    _fix_post(B, pl, py - 1, px, slots)
                    _fix_post(B, pl, py + 1, px, slots)
                else:
                    _fix_post(B, pl, py, px - 1, slots)
                    _fix_post(B, pl, py, px + 1, slots)
        elif k == FRONTIER:
            _set_cell(B, i, slots[S_FRONTIER], H, W, slots, OVER_ANY)
            pl, py, px = _passage(i, j, H, W)
            if pl >= 0 and B[pl, py, px] == slots[S_FLOOR]:
                B[pl, py, px] = slots[S_FRONTIER]
        elif k == DONE:
            _set_cell(B, i, slots[S_FLOOR], H, W, slots, OVER_ANY)
            lv, r, c = _where(i, H, W)
            y = 2 * r + 1
            x = 2 * c + 1
            for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                if B[lv, y + dy, x + dx] == slots[S_FRONTIER]:
                    B[lv, y + dy, x + dx] = slots[S_FLOOR]
        elif k == VISIT:
            _set_cell(B, i, slots[S_VISITED], H, W, slots, OVER_FLOOR)
            pl, py, px = _passage(i, j, H, W)
            if pl >= 0 and B[pl, py, px] == slots[S_FLOOR]:
                B[pl, py, px] = slots[S_VISITED]
        elif k == MARK:
            pl, py, px = _passage(i, j, H, W)
            n = 1
            if pl >= 0:
                if counts[pl, py, px] < 255:
                    counts[pl, py, px] += 1
                n = counts[pl, py, px]
                if B[pl, py, px] != slots[S_WALL] and B[pl, py, px] != slots[S_PATH]:
                    B[pl, py, px] = slots[S_MARKED] if n == 1 else slots[S_RETRACED]
            if n == 1:
                _set_cell(B, i, slots[S_MARKED], H, W, slots, OVER_ANY)
                if j >= 0:
                    _set_cell(B, j, slots[S_MARKED], H, W, slots, OVER_ANY)
        elif k == RETRACE:
            pl, py, px = _passage(i, j, H, W)
            if pl >= 0 and B[pl, py, px] != slots[S_WALL]:
                B[pl, py, px] = slots[S_RETRACED]
            _set_cell(B, i, slots[S_RETRACED], H, W, slots, OVER_ANY)
        elif k == BACKTRACK:
            _set_cell(B, i, slots[S_RETRACED], H, W, slots, OVER_ANY)
        elif k == DEAD:
            _set_cell(B, i, slots[S_DEAD], H, W, slots, OVER_ANY)
        elif k == PATH:
            _set_cell(B, i, slots[S_PATH], H, W, slots, OVER_ANY)
            pl, py, px = _passage(i, last[0], H, W)
            if pl >= 0 and B[pl, py, px] != slots[S_WALL]:
                B[pl, py, px] = slots[S_PATH]
            last[0] = i
    return hi


def slot_array(mapping) -> np.ndarray:
    """The ``slots`` argument from a ``{palette name: slot}`` mapping.

    Parameters
    ----------
    mapping : Mapping[str, int]
        The slot of each palette name (``background``, ``wall``, ``floor``, ...).

    Returns
    -------
    numpy.ndarray
        ``uint8`` array of the twelve slots, in the order the render kernels read them.

    Examples
    --------
    >>> from tremaux.kernels.render import slot_array
    >>> names = ["background", "wall", "floor", "visited", "marked", "retraced", "path", "start", "goal",
    ...          "frontier", "uncarved", "dead"]
    >>> slot_array({n: i for i, n in enumerate(names)}).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    """
    names = ["background", "wall", "floor", "visited", "marked", "retraced", "path", "start", "goal",
             "frontier", "uncarved", "dead"]
    return np.array([mapping[n] for n in names], dtype=np.uint8)
