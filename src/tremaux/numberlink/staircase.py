"""A cover of the grid by staircase lines: each line only ever steps one way along rows and one way along columns.

A line whose steps go, say, only down and right is a shortest path between its
two ends (as many cells as their grid distance, plus one), however many
times it turns. When every planted line is one, every solution of the puzzle,
under ``fill`` or ``nikoli``, with touching or without, covers the board with
lines that are shortest paths too, and none runs beside itself
(:mod:`.solvers.lengths`): the generator's question "another solution?" is
the one under ``fill`` without touching, which it answers region by region in
seconds on boards where the question with cells that may stay empty runs for
minutes (docs/benchmarks.md). A cut keeps both pieces staircases, so the
property holds until the puzzle is proper.

:func:`staircase_cover` cuts each side of the board into runs of a fifth to
nearly half of it, each one line's only stretch along that side (a staircase
that touches a side ends there, so short stretches would put many numbers on
the rim), matches the other cells to their successors at random, a line
turning where it can three times in four, then joins lines by augmenting paths
until about the number asked is left; a lone cell left over joins a
neighbouring line (splitting it if it must). The board is cut in two, or in
quarters, whose lines lean the other diagonal way, only where the lines asked
leave room for them: a block needs as many lines as its shorter side, which at
fewer lines than that makes them run straight across it.

Examples
--------
>>> import numpy as np
>>> from tremaux.numberlink.staircase import is_staircase, staircase_cover
>>> lines = staircase_cover(6, 6, np.random.default_rng(1), 3)
>>> sorted(c for ln in lines for c in ln) == list(range(36))
True
>>> all(is_staircase(ln, 6) and len(ln) >= 2 for ln in lines)
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

__all__ = ["PLANTINGS", "STAIRS_ABOVE", "is_staircase", "planting_of", "staircase_cover"]


def _steps(line: list[int], w: int) -> set[int]:
    """The steps of ``line`` (flat cells, ``w`` columns), as ``+-1`` (along a row) and ``+-w`` (along a column)."""
    return {b - a for a, b in zip(line, line[1:])}


def is_staircase(line: list[int], w: int) -> bool:
    """Whether ``line`` (flat cells of a board ``w`` wide, each next to the one before) never steps both ways
    along rows nor both ways along columns: then it is a shortest path between its ends.

    Parameters
    ----------
    line : list of int
        Flat cells, end to end.
    w : int
        Columns of the board.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.staircase import is_staircase
    >>> is_staircase([0, 1, 4, 5], 3), is_staircase([0, 1, 4, 3], 3)
    (True, False)
    """
    s = _steps(line, w)
    return not ({1, -1} <= s or {w, -w} <= s)


def _joined(a: list[int], b: list[int], w: int) -> list[int] | None:
    """``a`` and ``b`` joined end to end where an end of one is next to an end of the other, into a staircase;
    ``None`` when no way of joining them is one."""
    for x in (a, a[::-1]):
        for y in (b, b[::-1]):
            d = y[0] - x[-1]
            if abs(d) == w or (abs(d) == 1 and min(x[-1], y[0]) // w == max(x[-1], y[0]) // w):
                if is_staircase(x + y, w):
                    return x + y
    return None


def _adopt(s: int, lines: list[list[int]], where: dict[int, int], h: int, w: int) -> bool:
    """The lone cell ``s`` joined to a neighbouring line (``where``: cell -> line index), at its end, or after
    splitting the line at the neighbour so that the cell ends one piece; ``False`` when no way keeps every line
    a staircase of two cells or more."""
    r, q = divmod(s, w)
    for n in [s - w] * (r > 0) + [s + w] * (r < h - 1) + [s - 1] * (q > 0) + [s + 1] * (q < w - 1):
        i = where.get(n)
        if i is None:
            continue
        ln = lines[i]
        j = ln.index(n)
        for head, tail in ((ln[: j + 1], ln[j + 1:]), (ln[j:][::-1], ln[:j][::-1])):
            piece = head + [s]
            if (not tail or len(tail) >= 2) and is_staircase(piece, w):
                lines[i] = piece
                if tail:
                    lines.append(tail)
                return True
    return False


def staircase_cover(h: int, w: int, rng: np.random.Generator, target: int,
                    check: Callable[[], None] | None = None) -> list[list[int]] | None:
    """A cover of the ``h`` x ``w`` grid by staircase lines (:func:`is_staircase`) of two cells or more, about
    ``target`` of them (never many fewer than ``min(h, w)``); ``None`` when a lone cell could not be joined to a
    line (draw again).

    The board is one block, or two side by side across its longer side from ``1.5`` lines asked per cell of
    its shorter side, or quarters from ``2.5`` (the cuts in the middle third of a side, blocks at least
    :data:`STRIP` cells across: a block is covered by no fewer lines than its shorter side, and at that count
    they run straight along it). Each block is covered by staircases (:func:`_one_way`) leaning the other
    diagonal way from its neighbours', so that the pairs do not all face one way, with its sides on the
    board's rim cut into long runs (:func:`_rim_runs`), so that few numbers sit there; lines whose ends meet
    across a block's edge are joined while the join is a staircase and there are more lines than
    ``target``; with fewer, the longest are split in their middle.

    Parameters
    ----------
    h, w : int
        Rows and columns (at least two cells).
    rng : numpy.random.Generator
        The random stream.
    target : int
        Lines wanted.
    check : callable, optional
        Called between rounds of the matching (the generator's clock: it may raise).

    Returns
    -------
    list of list of int or None
        The lines, flat cells end to end, covering the board.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.staircase import staircase_cover
    >>> lines = staircase_cover(4, 5, np.random.default_rng(0), 2)
    >>> sorted(c for ln in lines for c in ln) == list(range(20)), len(lines)
    (True, 4)
    """
    across = h >= w  # strips side by side (columns) when the board is tall or square, else stacked rows
    side = w if across else h
    k = max(1, min(4 if min(h, w) >= 2 * STRIP else 2, side // STRIP, int(target / side + 0.5)))

    def middle(n: int) -> list[int]:
        return [0, int(rng.integers(n // 3, n - n // 3 + 1)), n]

    if k >= 3:  # quarters: each needs half the side's lines
        rows, cols = middle(h), middle(w)
    elif k == 2:
        rows, cols = ([0, h], middle(w)) if across else (middle(h), [0, w])
    else:
        rows, cols = [0, h], [0, w]
    lines: list[list[int]] = []
    lean = bool(rng.random() < 0.5)
    for i, (r0, r1) in enumerate(zip(rows, rows[1:])):
        for j, (c0, c1) in enumerate(zip(cols, cols[1:])):
            hh, ww = r1 - r0, c1 - c0
            rim = (r0 == 0, r1 == h, c0 == 0, c1 == w)
            part = _one_way(hh, ww, rng, max(1, round(target * hh * ww / (h * w))), check, rim,
                            lean ^ ((i + j) % 2 == 1))  # neighbouring blocks' lines lean opposite ways
            if part is None:
                return None
            lines += [[(r0 + c // ww) * w + c0 + c % ww for c in ln] for ln in part]
    while len(lines) > target:  # join lines whose ends meet (across a block's edge), while staircases
        ends = {ln[k]: i for i, ln in enumerate(lines) for k in (0, -1)}
        pair = next(((i, j, both) for i in rng.permutation(len(lines)).tolist() for e in (lines[i][0], lines[i][-1])
                     for m in (e - w, e + w, e - 1, e + 1) if (j := ends.get(m, i)) != i
                     and (both := _joined(lines[i], lines[j], w)) is not None), None)
        if pair is None:
            break
        i, j, both = pair
        lines = [ln for x, ln in enumerate(lines) if x not in (i, j)] + [both]
    while len(lines) < target:  # too few: split the longest in its middle
        i = max(range(len(lines)), key=lambda x: len(lines[x]))
        ln = lines[i]
        if len(ln) < 4:
            break
        lines[i:i + 1] = [ln[: len(ln) // 2], ln[len(ln) // 2:]]
    return lines


def _one_way(h: int, w: int, rng: np.random.Generator, target: int,
             check: Callable[[], None] | None = None, rim: tuple[bool, bool, bool, bool] = (True,) * 4,
             lean: bool | None = None) -> list[list[int]] | None:
    """A cover of an ``h`` x ``w`` board by staircases of one direction, as near ``target`` lines as they allow
    (never fewer than ``min(h, w)``: an antidiagonal has that many cells, no two on one such line); ``None``
    when a lone cell could not be joined to a line.

    Every line steps down or right (the board then turned: ``lean`` says whether the lines run from the top
    left to the bottom right, at random when ``None``): each cell but a line's last is followed by the one
    below it or the one to its right, a matching of cells to their successors. The sides of the board that are
    the puzzle's rim (``rim``: top, bottom, left, right, as turned) are first cut into runs
    (:func:`_rim_runs`), each a line's only stretch along that side. A random greedy matching (a cell whose
    step in is known turns with chance :data:`TURN`) is grown by rounds of augmenting paths (one
    breadth-first search, its paths that share no cell) until ``h * w - target`` cells have a successor, or
    none can; a lone cell left over joins a line beside it (:func:`_adopt`)."""
    n = h * w
    succ = [-1] * n
    pred = [-1] * n
    fixed_in = [False] * n  # the step into the cell is decided (a run's, or none: a line starts there)
    fixed_out = [False] * n
    flip_r = bool(rng.random() < 0.5)
    flip_c = flip_r ^ (not lean) if lean is not None else bool(rng.random() < 0.5)
    top, bottom, left, right = rim
    if flip_r:
        top, bottom = bottom, top
    if flip_c:
        left, right = right, left
    _rim_runs(h, w, rng, (top, bottom, left, right), succ, pred, fixed_in, fixed_out)

    def nexts(u: int) -> list[int]:
        r, q = divmod(u, w)
        return [v for v in [u + 1] * (q < w - 1) + [u + w] * (r < h - 1) if not fixed_in[v]]

    for u in rng.permutation(n).tolist():  # where the step into a cell is known, the step out turns when it can
        if fixed_out[u]:
            continue
        free = [v for v in nexts(u) if pred[v] < 0]
        if free:
            if TURN and len(free) == 2 and pred[u] >= 0:
                turn = free[0] if free[0] - u != u - pred[u] else free[1]
                v = turn if rng.random() < TURN else free[0] + free[1] - turn
            else:
                v = free[int(rng.integers(len(free)))]
            succ[u], pred[v] = v, u
    lines_now = n - sum(1 for u in range(n) if succ[u] >= 0)
    while lines_now > target:  # a round of augmenting paths, from cells without successor to those without predecessor
        if check is not None:
            check()
        tails = rng.permutation([u for u in range(n) if succ[u] < 0 and not fixed_out[u]]).tolist()
        back: dict[int, tuple[int, int] | None] = dict.fromkeys(tails)  # cell -> (cell before, its successor)
        queue = deque(tails)
        ends = []
        while queue:
            u = queue.popleft()
            for v in nexts(u):
                p = pred[v]
                if p < 0:
                    ends.append((u, v))
                elif p not in back:
                    back[p] = (u, v)
                    queue.append(p)
        used: set[int] = set()
        grown = 0
        for end in ends:  # the paths of the search that share no cell, each a line fewer
            path = []
            step: tuple[int, int] | None = end
            while step is not None and step[0] not in used and step[1] not in used:
                path.append(step)
                step = back[step[0]]
            if step is not None:
                continue
            for u, v in path:  # along the path, each cell takes the successor the one before it leaves
                succ[u], pred[v] = v, u
                used.update((u, v))
            grown += 1
            if lines_now - grown <= target:
                break
        if not grown:
            break
        lines_now -= grown
    lines = []
    for u in range(n):
        if pred[u] < 0:
            ln = [u]
            while succ[ln[-1]] >= 0:
                ln.append(succ[ln[-1]])
            lines.append(ln)
    lone = [ln[0] for ln in lines if len(ln) == 1]
    lines = [ln for ln in lines if len(ln) >= 2]
    for s in lone:
        where = {c: i for i, ln in enumerate(lines) for c in ln}
        if not _adopt(s, lines, where, h, w):
            return None
    def turned(c: int) -> int:
        r, q = divmod(c, w)
        return (h - 1 - r if flip_r else r) * w + (w - 1 - q if flip_c else q)
    return [[turned(c) for c in ln] for ln in lines]


def _rim_runs(h: int, w: int, rng: np.random.Generator, rim: tuple[bool, bool, bool, bool], succ: list[int],
              pred: list[int], fixed_in: list[bool], fixed_out: list[bool]) -> None:
    """Cut each side of the ``h`` x ``w`` board in ``rim`` (top, bottom, left, right) into runs of
    :data:`RIM_RUN` of its length, and fix the steps of each run (lines stepping down or right), so that
    each run is one line's stretch along the side and ends, or starts, one line.

    A staircase that touches a side has an end there (it cannot come back to it), and a side cut into many
    short stretches holds many ends: runs as long as a line may go straight leave few numbers on the rim. A
    line starts at each run on the top and the left side (and turns in at its end); it comes in to each run on
    the bottom and the right side (and ends at its end)."""
    def fix(u: int, v: int) -> None:
        if succ[u] < 0 and pred[v] < 0 and not fixed_out[u] and not fixed_in[v]:
            succ[u], pred[v] = v, u
            fixed_out[u] = fixed_in[v] = True

    top, bottom, left, right = rim
    sides = []  # (cells along the flow, the step in from the board for a run's first cell or None, out for its last)
    if top:
        sides.append(([c for c in range(w)], None, w))
    if left:
        sides.append(([r * w for r in range(int(top), h)], None, 1))
    if right:
        sides.append(([r * w + w - 1 for r in range(int(top), h)], 1, None))
    if bottom:
        sides.append(([(h - 1) * w + c for c in range(int(left), w - int(right))], w, None))
    for cells, step_in, step_out in sides:
        lo, hi = max(2, int(RIM_RUN[0] * len(cells))), max(2, int(RIM_RUN[1] * len(cells)))
        i = 0
        while i < len(cells):
            j = min(len(cells), i + int(rng.integers(lo, hi + 1)))
            if len(cells) - j < lo:  # too short a run left: the rest in one run, or two halves
                j = len(cells) if len(cells) - i <= hi else i + (len(cells) - i) // 2
            for u, v in zip(cells[i:j], cells[i + 1:j]):
                fix(u, v)
            if j < len(cells):  # the run ends one line (or turns it in) and the next starts one (or takes one in)
                if step_out is None:
                    fixed_out[cells[j - 1]] = True
                    if step_in is not None and cells[j] - step_in >= 0:
                        fix(cells[j] - step_in, cells[j])
                else:
                    fixed_in[cells[j]] = True
                    if cells[j - 1] + step_out < h * w:
                        fix(cells[j - 1], cells[j - 1] + step_out)
            i = j


RIM_RUN = (0.2, 0.45)
"""Shortest and longest run of a line along a side of the board, as shares of the side (:func:`_rim_runs`)."""

STRIP = 6
"""Fewest cells across a block of staircases of one direction (:func:`staircase_cover`)."""

TURN = 0.75
"""Chance that a line of :func:`_one_way`'s first matching turns where it can (else it goes on straight)."""

PLANTINGS = ("winding", "stairs")
"""The generator's ways of planting sparse lines: random winding walks (:mod:`.cover`), or staircases."""

STAIRS_ABOVE = 400
"""Cells above which a sparse ask (a ``density``) under ``nikoli``, or with touching, is planted as staircases
unless ``planting`` says otherwise: up to 20 x 20 winding lines are made within the default time limit, above
it most such asks gave up (docs/benchmarks.md, "sparse puzzles under `nikoli` from 20x20 to 50x50"); under
``fill`` without touching winding lines are made in seconds at 50 x 50 and stay the default."""


def planting_of(planting: str | None, density: float | None, h: int, w: int, rule: str = "nikoli",
                touch: bool = False) -> str:
    """The planting a generation uses: ``planting`` checked, or by default ``"stairs"`` for a ``density`` on a
    board of more than :data:`STAIRS_ABOVE` cells under ``nikoli`` or with ``touch``, else ``"winding"``
    (without a density: the short lines, said as ``"winding"``).

    Parameters
    ----------
    planting : {"winding", "stairs"} or None
        Asked, or ``None`` for the default.
    density : float or None
        The density asked.
    h, w : int
        The board's sides.
    rule : str, default "nikoli"
        The rule the puzzle is made for.
    touch : bool, default False
        Whether uniqueness is judged among all solutions.

    Returns
    -------
    str

    Raises
    ------
    InvalidSizeError
        An unknown planting (the message lists those known), or one without a ``density``.

    Examples
    --------
    >>> from tremaux.numberlink.staircase import planting_of
    >>> planting_of(None, 0.03, 30, 30), planting_of(None, 0.03, 20, 20), planting_of(None, None, 8, 8)
    ('stairs', 'winding', 'winding')
    >>> planting_of(None, 0.03, 30, 30, "fill"), planting_of(None, 0.03, 30, 30, "fill", touch=True)
    ('winding', 'stairs')
    >>> planting_of("zigzag", 0.03, 8, 8)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: planting 'zigzag' is not one of: winding, stairs
    >>> planting_of("stairs", None, 8, 8)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: planting 'stairs' is for sparse lines: give a density (pairs per cell) too
    """
    from ..errors import InvalidSizeError

    if planting is not None and planting not in PLANTINGS:
        raise InvalidSizeError(f"planting {planting!r} is not one of: {', '.join(PLANTINGS)}")
    if density is None:
        if planting is not None:
            raise InvalidSizeError(f"planting {planting!r} is for sparse lines: give a density (pairs per cell) too")
        return "winding"
    if planting is None:
        return "stairs" if h * w > STAIRS_ABOVE and (rule == "nikoli" or touch) else "winding"
    return planting
