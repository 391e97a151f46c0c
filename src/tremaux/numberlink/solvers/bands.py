"""Open boards made small: bands of two empty rows (or columns) taken out, the small board solved, the bands put back.

Under ``fill`` with touching allowed, a band of two rows that holds no number
can always be put back into a solution of the board without it, so a large
open board with a few pairs is answered by solving the board its empty bands
leave (a few rows and columns between the numbers' rows and columns) and
putting them back, in time linear in the board. Putting back the band after
row ``r``:

* a line that stepped from row ``r`` to row ``r + 1`` (now ``r + 3``) runs
  down the band's two cells in that column, a *crossing*;
* the other columns of the band make runs of empty ``2 x k`` blocks between
  crossings. A run beside a crossing is taken in by it: the crossing's line
  turns into the run along one row and back along the other (a 2 x k block
  has such a path between the two cells of an end column). A run without a
  free crossing beside it is taken in by a step of a line along the row
  above or below, inside the run's columns: the step becomes a dip down
  into the run, round it and back up. A cell of that row that is not a
  number and has no link into the band links to one of its neighbours in
  the row (it has two links and only one way up), so a run two columns wide
  or more nearly always has one.

Every line still joins its pair and no loop appears, and two rows (columns)
have as many cells of each colour (of the checkerboard), so the small board
keeps the colour count (:func:`.verdicts.colour_surplus`). The small board
first keeps none of each run of empty rows (one when the run is odd); when it
has no solution in its share of the time, or the putting back finds no way
into a run, it keeps two or three, then six or seven, and so on (a rectangle
narrower than four admits fewer pairs of endpoints, Itai, Papadimitriou and
Szwarcfiter 1982, so a cramped small board can miss what the large one has).
The method never proves that there is none: a small board without a
solution says nothing about the large one.

Examples
--------
>>> from tremaux.numberlink.solvers.bands import shrink, expand
>>> from tremaux.numberlink import Puzzle
>>> p = Puzzle.from_rows(["1" + "." * 59] + ["." * 60] * 58 + ["." * 58 + "1."])
>>> small, _ = shrink(p, 2)
>>> small.shape  # the numbers' rows and columns, two or three between them
(4, 6)
>>> from tremaux.numberlink import solve_puzzle
>>> lk = expand(p, solve_puzzle(small, rule="fill", touch=True).linking, _)
>>> bool((lk.grid == 1).all())
True
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np

from ...kernels import numberlink as kn
from ..model import Puzzle
from ..result import Linking
from .base import Answer, Task

__all__ = ["ATTEMPT_SHARE", "BANDS_SHARE", "bands_stage", "expand", "shrink"]

BANDS_SHARE = 0.5
"""Share of the time left for the small boards' solves (a split): the stages after it have the rest."""

ATTEMPT_SHARE = 0.5
"""Share of the stage's time left for one small board's solve (a split): a larger one has the rest."""

_INSIDE: ContextVar[bool] = ContextVar("_INSIDE", default=False)
"""Set while a small board is solved: its own solve takes out no bands."""

Cell = tuple[int, int]


@dataclass(frozen=True)
class Plan:
    """Which rows and columns of a board are taken out, as bands of two put back after a kept row (column).

    ``rows`` (``cols``): per block, ``(after, count)``: ``count`` rows (an even
    number) go back after the small board's row ``after`` (``-1``: at the top).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bands import shrink
    >>> from tremaux.numberlink import Puzzle
    >>> _, plan = shrink(Puzzle.from_rows(["1.", "..", "..", "..", "..", ".1"]), 0)
    >>> plan
    Plan(rows=((0, 4),), cols=())
    """

    rows: tuple[tuple[int, int], ...]
    cols: tuple[tuple[int, int], ...]


def _blocks(used: np.ndarray, keep: int) -> tuple[np.ndarray, tuple[tuple[int, int], ...]]:
    """The lines (rows or columns) kept, and the blocks taken out, from which lines hold numbers.

    Each run of lines without a number keeps ``keep`` of them, or one more
    (two lines out at a time keep the colours); the rest of it goes, from
    its middle.
    """
    n = used.size
    kept = np.ones(n, dtype=bool)
    blocks = []
    i = 0
    while i < n:
        if used[i]:
            i += 1
            continue
        j = i
        while j < n and not used[j]:
            j += 1
        out = 2 * ((j - i - keep) // 2) if j - i > keep else 0
        if out:
            start = i + (j - i - out) // 2
            kept[start:start + out] = False
            blocks.append((start, out))
        i = j
    # where each block goes back: after the small board's line that comes before it
    small_index = np.cumsum(kept) - 1
    placed = tuple((int(small_index[s - 1]) if s > 0 else -1, out) for s, out in blocks)
    return kept, placed


def shrink(puzzle: Puzzle, keep: int) -> tuple[Puzzle, Plan]:
    """The board with its empty bands taken out, keeping ``keep`` or ``keep + 1`` lines of each run, and the plan back.

    Parameters
    ----------
    puzzle : Puzzle
    keep : int
        Rows (columns) kept of each run of rows (columns) without a number.

    Returns
    -------
    (Puzzle, Plan)
        The small board (same labels, pairs in the same order) and where its bands go back.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bands import shrink
    >>> from tremaux.numberlink import Puzzle
    >>> small, plan = shrink(Puzzle.from_rows(["1.......", "........", "........", ".......1"]), 2)
    >>> [str(small).splitlines()[i] for i in range(small.height)], plan.cols
    (['1...', '...1'], ((1, 4),))
    """
    g = puzzle.grid
    rows, rplan = _blocks((g > 0).any(axis=1), keep)
    cols, cplan = _blocks((g > 0).any(axis=0), keep)
    small = Puzzle(g[rows][:, cols], puzzle.labels, name=puzzle.name)
    return small, Plan(rplan, cplan)


_N, _E, _S, _W = 1, 2, 4, 8


def _link_row(links: np.ndarray, row: int, a: int, b: int) -> None:
    """Link the cells of ``row`` from column ``a`` to ``b`` (either order), each to the next."""
    lo, hi = min(a, b), max(a, b)
    links[row, lo:hi] |= _E
    links[row, lo + 1:hi + 1] |= _W


def _link_down(links: np.ndarray, row: int, col: int, on: bool = True) -> None:
    """Link (or unlink) cell ``(row, col)`` and the one below it."""
    if on:
        links[row, col] |= _S
        links[row + 1, col] |= _N
    else:
        links[row, col] &= ~np.uint8(_S)
        links[row + 1, col] &= ~np.uint8(_N)


def _grow_rows(small: np.ndarray, blocks: tuple[tuple[int, int], ...]) -> np.ndarray | None:
    """The links ``small`` (rows x columns) with the rows of ``blocks`` put back and taken in; ``None`` if stuck.

    A line that stepped across a block runs down it; then each band of two
    rows of a block, from the kept row beside it outwards, takes in its
    runs of empty columns (see the module's text).
    """
    h, w = small.shape
    add = np.zeros(h + 1, dtype=np.int64)  # rows put back before small row i (i == h: at the bottom)
    for after, count in blocks:
        add[after + 1] += count
    at = np.cumsum(add)[:h] + np.arange(h)  # where each small row lands
    big = np.zeros((h + int(add.sum()), w), dtype=np.uint8)
    big[at] = small
    for i in range(h - 1):
        if at[i + 1] - at[i] > 1:
            down = small[i] & _S != 0
            big[at[i] + 1:at[i + 1], down] = _N | _S
    total = big.shape[0]
    for i in range(h + 1):
        if not add[i]:
            continue
        top = at[i - 1] + 1 if i > 0 else 0
        bands = [(top + 2 * t, top + 2 * t + 1) for t in range(int(add[i]) // 2)]
        if i == 0:
            bands.reverse()  # the block at the top: from the kept row below it upwards
        for u, v in bands:
            if not _band(big, u, v, total):
                return None
    return big


def _band(big: np.ndarray, u: int, v: int, total: int) -> bool:
    """Take in the empty cells of rows ``u`` and ``v == u + 1`` of ``big`` (changed in place); whether all were."""
    w = big.shape[1]
    crossing = big[u] != 0
    used = np.zeros(w, dtype=bool)
    j = 0
    while j < w:
        if crossing[j]:
            j += 1
            continue
        a = j
        while j < w and not crossing[j]:
            j += 1
        b = j - 1  # the run of empty columns a..b
        for how in ("left", "above", "below", "right"):
            if how in ("left", "right"):
                c = a - 1 if how == "left" else b + 1
                if not (0 <= c < w) or used[c]:
                    continue
                used[c] = True  # the crossing's line turns along row u into the run and back along row v
                _link_down(big, u, c, False)
                _link_row(big, u, c, b if how == "left" else a)
                _link_row(big, v, c, b if how == "left" else a)
                _link_down(big, u, b if how == "left" else a)
                break
            s, near, far = (u - 1, u, v) if how == "above" else (v + 1, v, u)
            if not 0 <= s < total:
                continue
            steps = np.flatnonzero(big[s, a:b] & _E)
            if steps.size == 0:
                continue
            c = a + int(steps[0])  # the step s: c - c+1 dips into the run: round it by row far and back
            big[s, c] &= ~np.uint8(_E)
            big[s, c + 1] &= ~np.uint8(_W)
            for x in (c, c + 1):
                _link_down(big, min(s, near), x)
            _link_row(big, near, c, a)
            _link_row(big, far, a, b)
            _link_row(big, near, b, c + 1)
            _link_down(big, min(near, far), a)
            _link_down(big, min(near, far), b)
            break
        else:
            return False
    return True


_TURN = np.zeros(16, dtype=np.uint8)
for _bits in range(16):  # a board's links read across its diagonal: N <-> W, E <-> S
    _TURN[_bits] = ((_bits & _N) and _W) | ((_bits & _W) and _N) | ((_bits & _E) and _S) | ((_bits & _S) and _E)


def expand(puzzle: Puzzle, small: Linking, plan: Plan) -> Linking | None:
    """A solution of ``puzzle`` from one of the small board of :func:`shrink`, or ``None`` if a band found no way in.

    Parameters
    ----------
    puzzle : Puzzle
        The large board.
    small : Linking
        A solution of the small board under ``fill`` (lines may touch).
    plan : Plan
        What :func:`shrink` took out.

    Returns
    -------
    Linking or None
        Lines that cover ``puzzle``.

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.bands import shrink, expand
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1......", "......1"])
    >>> small, plan = shrink(p, 2)
    >>> print(small)
    1....
    ....1
    >>> snake = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2), (1, 3), (0, 3), (0, 4), (1, 4)]
    >>> plan.cols  # columns 2 and 3 go back after the small board's column 1
    ((1, 2),)
    >>> expand(p, Linking.from_paths(small, [snake]), plan).paths[0].tolist()  # the line across them takes them in
    [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2], [1, 2], [1, 3], [0, 3], [0, 4], [1, 4], [1, 5], [0, 5], [0, 6], [1, 6]]
    """
    links = np.asarray(small.links, dtype=np.uint8).reshape(small.grid.shape)
    turned = _grow_rows(np.ascontiguousarray(_TURN[links.T]), plan.cols)  # columns first, as rows turned over
    if turned is None:
        return None
    grown = _grow_rows(np.ascontiguousarray(_TURN[turned.T]), plan.rows)
    if grown is None or grown.shape != puzzle.shape:
        return None
    h, w = puzzle.shape
    owner, cells, starts, reached = kn.trace_lines(grown.ravel(), puzzle.ends, h, w)
    if (reached != puzzle.ends[:, 1]).any() or (owner <= 0).any():
        return None
    return Linking.from_flat(puzzle, cells, starts)


def bands_stage(task: Task) -> Answer | None:
    """One solution under ``fill`` when lines may touch, from the board with its empty bands taken out.

    The small board of :func:`shrink` (no empty rows or columns kept between
    the numbers' rows and columns, or one; then two or three, six or seven...)
    is solved by the pipeline, each for :data:`ATTEMPT_SHARE` of what is
    left of :data:`BANDS_SHARE` of the time left, and the bands put back
    (:func:`expand`). ``None`` for another rule or task, inside a small
    board's own solve, when taking out the bands leaves more than half the
    board, or when no small board gave a solution in time.

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer or None
        One solution (never exhausted), or ``None``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.bands import bands_stage
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> rows = ["1" + "." * 199] + ["." * 200] * 198 + ["." * 198 + "1."]  # 200 x 200, one pair
    >>> a = bands_stage(Task(Puzzle.from_rows(rows), resolve("fill", True), want=1, deadline=None))
    >>> a.how, len(a.solutions[0].paths[0])
    ('the small board, bands put back', 40000)
    """
    rule = task.rule
    p = task.puzzle
    if not (rule.cover and rule.touch and task.want == 1 and task.then <= 1 and p.pairs) or _INSIDE.get():
        return None
    from . import solve_puzzle

    deadline = task.share(BANDS_SHARE)
    keep, last = 0, None
    while True:
        small, plan = shrink(p, keep)
        if small.height * small.width * 2 > p.height * p.width or small.shape == last:
            return None
        last = small.shape
        limit = None if deadline is None else (deadline - time.perf_counter()) * ATTEMPT_SHARE
        if limit is not None and limit <= 0:
            return None
        token = _INSIDE.set(True)
        try:
            found = solve_puzzle(small, rule="fill", touch=True, time_limit=limit)
        finally:
            _INSIDE.reset(token)
        if found.status == "solved":
            lk = expand(p, found.linking, plan)
            if lk is not None:
                return Answer((lk,), False, "the small board, bands put back",
                              extras={"small_board": list(small.shape)})
        keep = 2 * keep + 2
