"""Solving kernels with a local view: travelers that walk the maze one cell at a time.

Wall following (left or right hand), the Pledge algorithm and Tremaux's
algorithm. The conventions are those of :mod:`tremaux.kernels.solve`: flat
``uint8`` cells, flat start and goal, scratch arrays from the caller, an
``int64 (capacity, 3)`` trace and the number of events returned. Kernels
never raise; every loop is bounded (a traveler going round in circles is
detected and stopped).

The path a traveler returns is its walk with the loops erased: when it steps
onto a cell already on its path, the path is cut back to that cell. It is
therefore a simple path (no repeated cell) from start to the traveler's
position. Tremaux's path is the one its marks give: the passages marked
exactly once.

Status codes returned by the travelers: ``FOUND_GOAL`` (1), ``CIRCLES`` (2,
going round in circles), ``STUCK`` (3, the start has no open side),
``EXHAUSTED`` (4, Tremaux back at the start with every passage marked twice).
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from .rng import below
from .solve import FOUND, LOOPING, MARK, NO_CELL, RETRACE, VISIT, offset, opp, record

FOUND_GOAL = 1
CIRCLES = 2
STUCK = 3
EXHAUSTED = 4

# The cyclic order of the sides a hand sweeps: N, U, E, S, D, W. On a flat
# maze (no U, D) it is N, E, S, W: clockwise seen from above.
HAND_ORDER = np.array([0, 4, 1, 2, 5, 3], dtype=np.int64)
HAND_POS = np.array([0, 2, 3, 5, 1, 4], dtype=np.int64)  # index of each side in HAND_ORDER

VISITED = 64
STRAIGHT = 128


@njit(cache=True, inline="always")
def _step_path(path, pos, k, cur, j, trace, nev, rec):
    """Move the traveler from ``cur`` to ``j``: extend its path or erase the loop it closed."""
    if pos[j] >= 0:
        back = k >= 2 and path[k - 2] == j
        target = pos[j]
        while k - 1 > target:
            k -= 1
            pos[path[k]] = -1
        if rec:
            if back:
                nev = record(trace, nev, RETRACE, cur, j)
            else:
                nev = record(trace, nev, VISIT, j, cur)
    else:
        path[k] = j
        pos[j] = k
        k += 1
        if rec:
            nev = record(trace, nev, VISIT, j, cur)
    return k, nev


@njit(cache=True)
def wall_follow(cells, L, H, W, start, goal, right, side0, darts, pos, path, trace, rec):
    """Follow a wall with the left (``right=False``) or right hand until the goal.

    The traveler arrived at its cell through side ``side`` (at the start:
    ``side0``, the side its hand first touches; -1 when the start has no
    wall: the traveler then walks north until a wall is ahead and puts its
    hand on it). It leaves through the first
    open side after ``side`` in the hand's order (left hand: clockwise N, E,
    S, W, with U after N and D after S; right hand: the reverse): left hand
    means "turn left if you can, else go straight, else right, else back".
    Its state is the pair (cell, side it leaves by); as soon as a state
    repeats the traveler is going round in circles and stops.

    Parameters
    ----------
    right : bool
    side0 : int
        The side of the start cell the hand touches first.
    darts : uint8[n]
        Scratch: bits 0-5 the sides each cell was left by, bit 6 visited.
    pos : int32[n], path : int32[n]
        Scratch for the loop-erased path.
    trace : int64[capacity, 3]
        ``VISIT (j, i)`` on each step forward, ``RETRACE (i, j)`` when stepping
        back along the path, ``LOOPING (cell, next)`` when a state repeats,
        ``FOUND (goal)``.

    Returns
    -------
    status, steps, k, nev, cell, side : int
        ``path[:k]`` is the loop-erased walk; ``cell`` where the traveler
        stopped and ``side`` the side it was about to leave by again.
    """
    n = cells.shape[0]
    HW = H * W
    for i in range(n):
        darts[i] = 0
        pos[i] = -1
    cur = start
    side = side0
    path[0] = start
    pos[start] = 0
    k = 1
    darts[start] = VISITED
    steps = 0
    nev = np.int64(0)  # int64, not a literal 0: record compiles once
    status = 0
    d = -1
    if rec:
        nev = record(trace, nev, VISIT, start, NO_CELL)
    if side < 0:
        # no wall to touch: walk north until there is one ahead, hand on it
        side = 0
        while cur != goal and cells[cur] & 1:
            j = cur - W
            steps += 1
            k, nev = _step_path(path, pos, k, cur, j, trace, nev, rec)
            darts[j] |= VISITED
            cur = j
    while True:
        if cur == goal:
            status = FOUND_GOAL
            if rec:
                nev = record(trace, nev, FOUND, cur, NO_CELL)
            break
        v = cells[cur]
        if v == 0:
            status = STUCK
            break
        p = HAND_POS[side]
        d = side
        for t in range(1, 7):
            idx = (p - t) % 6 if right else (p + t) % 6
            d = HAND_ORDER[idx]
            if v & (1 << d):
                break
        bit = 1 << d
        j = cur + offset(d, W, HW)
        if darts[cur] & bit:
            status = CIRCLES
            if rec:
                nev = record(trace, nev, LOOPING, cur, j)
            break
        darts[cur] |= bit
        steps += 1
        k, nev = _step_path(path, pos, k, cur, j, trace, nev, rec)
        darts[j] |= VISITED
        side = opp(d)
        cur = j
    return status, steps, k, nev, cur, d


@njit(cache=True)
def pledge(cells, L, H, W, start, goal, pref, flags, pos, path, trace, rec):
    """The Pledge algorithm: go one way; on a wall, follow it counting turns.

    The traveler heads in the preferred direction ``pref`` (0-3) until a wall
    stops it. It then turns right and follows the wall with its left hand
    (the sweep of :func:`wall_follow`), adding one for each left turn and
    taking one for each right turn. When the count is back to zero it faces
    ``pref`` again and leaves the wall.

    Stairs (U, D) have no place in a count of turns on a plane: a traveler
    who takes stairs while following a wall keeps following it from then on
    (as a plain wall follower, which finds any goal of a perfect maze).

    Going round in circles is detected without giving up early: in
    straight-ahead mode the state is the cell alone (marked in ``flags``); a
    wall-following episode is a deterministic walk on (cell, side) whose
    repetitions are found by Brent's method; one lap of the same cycle that
    does not raise the (negative) count, or any repetition after stairs,
    means the traveler will never leave the wall.

    Parameters
    ----------
    pref : int
        Preferred direction, 0-3 (N, E, S, W).
    flags : uint8[n]
        Scratch: bit 6 visited, bit 7 crossed in straight-ahead mode.
    pos : int32[n], path : int32[n]
        Scratch for the loop-erased path.

    Returns
    -------
    status, steps, k, nev, cell, heading : int
    """
    n = cells.shape[0]
    HW = H * W
    for i in range(n):
        flags[i] = 0
        pos[i] = -1
    cur = start
    h = pref
    side = (h + 2) & 3
    c = 0
    follow = False
    locked = False
    path[0] = start
    pos[start] = 0
    k = 1
    flags[start] = VISITED | STRAIGHT
    ck_cell = -1
    ck_side = -1
    ck_c = 0
    power = 1
    lam = 0
    steps = 0
    nev = np.int64(0)  # int64, not a literal 0: record compiles once
    status = 0
    if rec:
        nev = record(trace, nev, VISIT, start, NO_CELL)
    while True:
        if cur == goal:
            status = FOUND_GOAL
            if rec:
                nev = record(trace, nev, FOUND, cur, NO_CELL)
            break
        v = cells[cur]
        if v == 0:
            status = STUCK
            break
        nd = -1
        if not follow:
            if v & (1 << h):
                nd = h
            else:
                follow = True
                locked = False
                h = (h + 1) & 3
                side = (h + 2) & 3
                c = -1
                ck_cell = cur
                ck_side = side
                ck_c = c
                power = 1
                lam = 0
                continue
        else:
            p = HAND_POS[side]
            d = side
            for t in range(1, 7):
                d = HAND_ORDER[(p + t) % 6]
                if v & (1 << d):
                    break
            if locked or d >= 4:
                locked = True
                nd = d
            else:
                turn = (d - h) & 3
                if turn == 2:
                    h = (h + 1) & 3  # a dead end: the first of two right turns, on the spot
                    side = (h + 2) & 3
                    c -= 1
                else:
                    if turn == 3:
                        c += 1
                    elif turn == 1:
                        c -= 1
                    h = d
                    nd = d
                if c == 0:
                    follow = False
        if nd >= 0:
            j = cur + offset(nd, W, HW)
            steps += 1
            k, nev = _step_path(path, pos, k, cur, j, trace, nev, rec)
            cur = j
            side = opp(nd)
            flags[cur] |= VISITED
        if cur == goal:
            continue
        if not follow:
            if flags[cur] & STRAIGHT:
                status = CIRCLES
                if rec:
                    nev = record(trace, nev, LOOPING, cur, NO_CELL)
                break
            flags[cur] |= STRAIGHT
        else:
            lam += 1
            if cur == ck_cell and side == ck_side and (locked or c <= ck_c):
                status = CIRCLES
                if rec:
                    nev = record(trace, nev, LOOPING, cur, NO_CELL)
                break
            if lam == power:
                ck_cell = cur
                ck_side = side
                ck_c = c
                power <<= 1
                lam = 0
    return status, steps, k, nev, cur, h


@njit(cache=True, inline="always")
def mark_slot(i, d, W, HW):
    """Where the marks of the passage leaving ``i`` towards ``d`` are kept: ``(cell, shift)``.

    Each passage is stored once, on its west / north / lower end: two bits
    for E (shift 0), S (shift 2) and U (shift 4).
    """
    if d == 1:
        return i, 0
    if d == 2:
        return i, 2
    if d == 4:
        return i, 4
    if d == 3:
        return i - 1, 0
    if d == 0:
        return i - W, 2
    return i - HW, 4


@njit(cache=True, inline="always")
def _marks_of(marks, i, d, W, HW):
    o, sh = mark_slot(i, d, W, HW)
    return (np.int64(marks[o]) >> sh) & 3


@njit(cache=True)
def tremaux(cells, L, H, W, start, goal, marks, stack, rng, use_rng, trace, rec):
    """Tremaux's algorithm: a traveler with a local view who marks passages.

    Every cell is a junction. Each time the traveler walks a passage it adds
    a mark to it (never more than two). At a junction seen for the first
    time it takes an unmarked passage (the first in N, E, S, W, U, D order,
    or a random one when ``use_rng``), and at a dead end it turns back. A
    junction already marked, reached by a new passage, is treated like a
    dead end: the traveler turns back. When retracing its steps it takes any
    unmarked passage, else the passage marked once that leads back; it never
    takes a passage marked twice. Back at the start with nothing left it has
    marked every reachable passage twice: there is no path.

    Parameters
    ----------
    marks : uint8[n]
        Scratch: passage marks (two bits for E, S, U; see :func:`mark_slot`),
        bit 6 for a marked junction.
    stack : int32[n + 1]
        Scratch: the passages marked once, as cells from the start.
    rng : uint64[4]
        Random state (used only when ``use_rng``).
    trace : int64[capacity, 3]
        ``MARK (i, j)`` for each mark put on passage ``i``-``j`` as the
        traveler enters it at ``i``, then ``VISIT (j, i)`` when the passage
        now has one mark or ``RETRACE (i, j)`` when it has two; ``FOUND (goal)``.

    Returns
    -------
    found : bool
    steps : int
        Passages walked.
    k : int
        ``stack[:k]`` is the path (passages marked once) from the start.
    nev : int
    """
    n = cells.shape[0]
    HW = H * W
    for i in range(n):
        marks[i] = 0
    marks[start] = VISITED
    stack[0] = start
    top = 1
    cur = start
    came = -1
    retracing = False
    old = False
    steps = 0
    nev = np.int64(0)  # int64, not a literal 0: record compiles once
    found = False
    if rec:
        nev = record(trace, nev, VISIT, start, NO_CELL)
    while True:
        if cur == goal:
            found = True
            if rec:
                nev = record(trace, nev, FOUND, cur, NO_CELL)
            break
        v = cells[cur]
        nd = -1
        if came >= 0 and old and not retracing:
            nd = came
        else:
            cnt = np.int64(0)  # int64 from the start: below() compiles once, not for the literal 0 too
            for d in range(6):
                if v & (1 << d) and _marks_of(marks, cur, d, W, HW) == 0:
                    if nd < 0:
                        nd = d
                    cnt += 1
            if use_rng and cnt > 1:
                pick = below(rng, cnt)
                for d in range(6):
                    if v & (1 << d) and _marks_of(marks, cur, d, W, HW) == 0:
                        if pick == 0:
                            nd = d
                            break
                        pick -= 1
            if nd < 0:
                for d in range(6):
                    if v & (1 << d) and _marks_of(marks, cur, d, W, HW) == 1:
                        nd = d
                        break
            if nd < 0:
                break
        o, sh = mark_slot(cur, nd, W, HW)
        m = ((np.int64(marks[o]) >> sh) & 3) + 1
        marks[o] = (np.int64(marks[o]) & ~(3 << sh)) | (m << sh)
        j = cur + offset(nd, W, HW)
        steps += 1
        if rec:
            nev = record(trace, nev, MARK, cur, j)
        if m == 1:
            stack[top] = j
            top += 1
            if rec:
                nev = record(trace, nev, VISIT, j, cur)
        else:
            top -= 1
            if rec:
                nev = record(trace, nev, RETRACE, cur, j)
        old = (marks[j] & VISITED) != 0
        marks[j] |= VISITED
        came = opp(nd)
        retracing = m == 2
        cur = j
    return found, steps, top, nev


def expand_marks(marks, cells, H, W, ndir):
    """Marks per cell side: ``out[i, d]`` = marks (0-2) on the passage from ``i`` towards ``d`` (``uint8``).

    NumPy, not a compiled kernel: each side reads the marks of :func:`mark_slot` from the cell itself (E, S, U)
    or from the cell one step back (W, N, D) through a shifted copy, and there is nothing to compile.

    Parameters
    ----------
    marks : numpy.ndarray of uint8
        The marks of :func:`tremaux` (two bits per passage, kept on its west / north / lower end).
    cells : numpy.ndarray of uint8
        The flat maze.
    H, W : int
        Rows and columns of the grid.
    ndir : int
        4 on one level, 6 with levels.

    Returns
    -------
    numpy.ndarray of uint8
        Shape ``(n, ndir)``: the marks (0-2) on each open side, 0 on closed ones.

    Examples
    --------
    >>> from tremaux.kernels.solve_walk import expand_marks
    >>> import numpy as np
    >>> expand_marks(np.array([1, 0], np.uint8), np.array([2, 8], np.uint8), 1, 2, 4).tolist()
    [[0, 1, 0, 0], [0, 0, 0, 1]]
    """
    n = cells.shape[0]
    HW = H * W
    out = np.zeros((n, ndir), np.uint8)
    for d, shift, back in ((1, 0, 0), (2, 2, 0), (4, 4, 0), (3, 0, 1), (0, 2, W), (5, 4, HW)):
        if d >= ndir:
            continue
        slot = np.zeros(n, np.uint8)  # marks of the cell that keeps this side's passage
        if back == 0:
            slot[:] = marks
        elif back < n:
            slot[back:] = marks[:n - back]
        side = (cells >> d) & 1
        out[:, d] = ((slot >> shift) & 3) * side
    return out
