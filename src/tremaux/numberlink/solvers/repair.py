"""Lines that leave cells empty, made to cover the board: stretched, then mended window by window.

Under ``fill`` with touching allowed, a board with few pairs asks for lines
that wind through every cell, a Hamiltonian-path question that the search
and SAT answer slowly: their lines must be long and most ways of laying them
close loops or strand cells. Short lines that leave cells empty are easy
(the router finds them in milliseconds), and when lines may touch, empty
cells can be taken in afterwards:

1. :func:`.stretch.stretch_links` swaps sides of 2 x 2 blocks, so that lines
   take in the empty cells and loops beside them, until it gets stuck;
2. each cell still left out is *mended*: a window around it becomes a small
   puzzle of its own, whose pairs are the pieces of lines inside the window
   (each piece's two end cells, where it leaves the window or ends at a
   number) and whose other cells are free; solved under ``fill`` by the
   pipeline, its lines replace the pieces. Each piece still joins the same
   two cells, so every line still joins its pair and no loop appears; the
   window grows until its puzzle has a solution. Then the swaps go on.

The answer is a solution when every cell is covered; the method never
proves that there is none (the quick verdicts and the exact stages do).

Examples
--------
>>> from tremaux.numberlink.solvers.repair import cover
>>> import numpy as np
>>> from tremaux.numberlink import Puzzle
>>> p = Puzzle.from_rows(["1....", ".....", ".....", "....1"])
>>> short = np.zeros(20, dtype=np.uint8)
>>> for i in range(4): short[i] |= 2; short[i + 1] |= 8          # along the top row
>>> for i in (4, 9, 14): short[i] |= 4; short[i + 5] |= 1        # and down the right side
>>> lk = cover(p, short, None)
>>> bool((lk.grid == 1).all()), len(lk.paths[0])
(True, 20)
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import replace

import numpy as np

from ..._jit import would_interpret
from ...kernels import numberlink as kn
from ..model import Puzzle
from ..result import Linking
from ..rules import resolve
from .base import Answer, Task
from .router import router_probe
from .stretch import _set, stretch_links

__all__ = ["MEND_SHARE", "WINDOW_SHARE", "cover", "mended_stage", "mending"]

MEND_SHARE = 0.25
"""Share of the time left for :func:`mended_stage` (the router, then the mending), before SAT has the rest (a split)."""

_BITS = ((0, -1, 0, 1), (1, 0, 1, 2), (2, 1, 0, 4), (3, 0, -1, 8))
"""Per direction (N0 E1 S2 W3): ``(d, drow, dcol, bit)``."""

WINDOW_SHARE = 0.25
"""Share of the time left that one window's solve may take, so that a window without an answer leaves time for larger ones."""

_MENDING: ContextVar[bool] = ContextVar("_MENDING", default=False)
"""Set while a window is solved: the window's own solve does not mend windows in turn."""


def mending() -> bool:
    """Whether the current solve is a window's, inside :func:`cover` (the pipeline then skips the mending stage).

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.solvers.repair import mending
    >>> mending()
    False
    """
    return _MENDING.get()


def mended_stage(task: Task) -> Answer | None:
    """One solution under ``fill`` when lines may touch: the router's short lines, stretched and mended to cover the board.

    For :data:`MEND_SHARE` of the time left; ``None`` when the router or the
    mending finds nothing in it (the exact stages answer then), for another
    rule or more than one solution (or the first of several: the search that
    finds it goes on for the others), inside a window's own solve, and while
    kernels run interpreted on a puzzle this size (as the compiled search).

    Parameters
    ----------
    task : Task

    Returns
    -------
    Answer or None
        One solution (never exhausted), or ``None``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.repair import mended_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> rows = ["1" + "." * 10] + ["." * 11] * 10 + ["." * 10 + "1"]  # 12 x 11, corners of two colours
    >>> a = mended_stage(Task(Puzzle.from_rows(rows), resolve("fill", True), want=1, deadline=None))
    >>> a.how, len(a.solutions[0].paths[0])
    ('the router, lines stretched and mended', 132)
    """
    rule = task.rule
    if not (rule.cover and rule.touch and task.want == 1 and task.puzzle.pairs) or mending():
        return None
    if task.then > task.want:
        return None  # the first of several solutions: the search that finds it goes on for the others
    if would_interpret(task.puzzle.height * task.puzzle.width):
        return None  # a small puzzle from the command line: SAT answers it without numba's start
    deadline = task.share(MEND_SHARE)
    routed = router_probe(replace(task, rule=resolve("nikoli", True), deadline=deadline))  # kept for later rounds
    if routed is None:
        return None
    lk = cover(task.puzzle, np.asarray(routed.solutions[0].links).ravel(), deadline)
    if lk is None:
        return None
    return Answer((lk,), False, "the router, lines stretched and mended", steps=routed.steps, extras=routed.extras)


def cover(puzzle: Puzzle, links: np.ndarray, deadline: float | None) -> Linking | None:
    """Lines that cover every cell, made from ``links``, or ``None`` when the mending found none in time.

    Parameters
    ----------
    puzzle : Puzzle
    links : array of uint8
        Flat, one per cell: bit ``1 << d`` when a line leaves towards ``d``
        (N0 E1 S2 W3). Every pair must be joined; closed loops may be
        there; cells without links are empty. Not changed.
    deadline : float or None
        A ``time.perf_counter()`` value; ``None`` for none.

    Returns
    -------
    Linking or None
        Lines that cover the board (they may run beside themselves).

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.solvers.repair import cover
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.1", "...", "..."])
    >>> top = np.array([2, 10, 8, 0, 0, 0, 0, 0, 0], dtype=np.uint8)  # along the top row
    >>> cover(p, top, None).grid.tolist()  # the walk can take in the six cells below
    [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
    >>> cover(Puzzle.from_rows(["1.1", "..."]), top[:6], None) is None  # both ends one colour, six cells: no cover
    True
    """
    h, w = puzzle.shape
    links = np.array(links, dtype=np.uint8).ravel()
    while True:
        if stretch_links(puzzle, links, deadline=deadline):
            _, cells, starts, _ = kn.trace_lines(links, puzzle.ends, h, w)
            return Linking.from_flat(puzzle, cells, starts)
        owner, _, _, reached = kn.trace_lines(links, puzzle.ends, h, w)
        if (reached != puzzle.ends[:, 1]).any():
            return None
        box = _first_box(puzzle, links, owner)
        if box is None:
            return None
        owner = kn.trace_lines(links, puzzle.ends, h, w)[0]  # the walk moved an empty cell
        if not _mend(puzzle, links, owner, box, deadline):
            return None


def _first_box(puzzle: Puzzle, links: np.ndarray, owner: np.ndarray) -> tuple[int, int, int, int] | None:
    """The smallest box that holds something to take in with the colours balanced, or ``None`` when nothing can.

    Pieces of lines keep their end cells, so a window's cells of each colour
    (of the checkerboard) stay as many as before: a window can take in one
    empty cell only with an empty cell of the other colour. The box holds the
    first empty cell, walked by :func:`_walk` as near as it goes to the
    nearest empty cell of the other colour, and that cell; or the closed
    loops (as many cells of each colour).
    """
    h, w = puzzle.shape
    empty = np.flatnonzero(owner == 0)
    if empty.size:
        r, c = np.divmod(empty, w)
        colour = (r + c) % 2
        other = np.flatnonzero(colour != colour[0])
        if other.size == 0:
            return None
        far = np.abs(r[other] - r[0]) + np.abs(c[other] - c[0])
        j = int(empty[other[int(np.argmin(far))]])
        i = _walk(puzzle, links, int(empty[0]), j)
        (ri, ci), (rj, cj) = divmod(i, w), divmod(j, w)
        return min(ri, rj), max(ri, rj) + 1, min(ci, cj), max(ci, cj) + 1
    loop = np.flatnonzero(owner < 0)
    if loop.size == 0:
        return None
    r, c = np.divmod(loop, w)  # every loop cell: a box around all of them at first, cut down by the windows
    return int(r.min()), int(r.max()) + 1, int(c.min()), int(c.max()) + 1


def _walk(puzzle: Puzzle, links: np.ndarray, hole: int, towards: int) -> int:
    """Move the empty cell ``hole`` diagonally nearer ``towards`` while it can; where it ends.

    Where a line turns a corner at ``a`` beside the empty cell ``d`` (the
    line runs ``b - a - c`` round the 2 x 2 block ``a b / c d``), it can run
    ``b - d - c`` instead: ``d`` is taken in and ``a`` left empty, a cell of
    the same colour one step along the diagonal. Each move brings the empty
    cell nearer; the walk stops where none does.
    """
    h, w = puzzle.shape
    grid = puzzle.grid.ravel()
    tr, tc = divmod(towards, w)
    visited = {hole}
    for _ in range(2 * (h + w)):  # at most twice across the board, sideways moves included
        r, c = divmod(hole, w)
        best, gain = None, -1
        for dr in (-1, 1):
            for dc in (-1, 1):
                ar, ac = r + dr, c + dc
                if not (0 <= ar < h and 0 <= ac < w):
                    continue
                a, b, cc = ar * w + ac, ar * w + c, r * w + ac  # a diagonal; b and cc beside both
                if a in visited or grid[a] or not (_is_linked(links, a, b, w) and _is_linked(links, a, cc, w)):
                    continue
                g = abs(r - tr) + abs(c - tc) - abs(ar - tr) - abs(ac - tc)
                if g > gain:
                    best, gain = (a, b, cc), g
        if best is None:
            return hole
        a, b, cc = best
        _link(links, a, b, w, False)
        _link(links, a, cc, w, False)
        _link(links, hole, b, w, True)
        _link(links, hole, cc, w, True)
        hole = a
        visited.add(hole)
    return hole


def _is_linked(links: np.ndarray, x: int, y: int, w: int) -> bool:
    """Whether the neighbours ``x`` and ``y`` are linked."""
    return bool(links[x] & _bit(x, y, w))


def _bit(x: int, y: int, w: int) -> int:
    """The link bit from ``x`` towards its neighbour ``y``."""
    return 2 if y == x + 1 else 8 if y == x - 1 else 4 if y == x + w else 1


def _link(links: np.ndarray, x: int, y: int, w: int, on: bool) -> None:
    """Link (or unlink) the neighbours ``x`` and ``y``."""
    _set(links, x, y, _bit(x, y, w), on)


def _mend(puzzle: Puzzle, links: np.ndarray, owner: np.ndarray, box: tuple[int, int, int, int],
          deadline: float | None) -> bool:
    """Re-solve windows around ``box``, growing, until one covers what it holds; whether one did (``links`` changed).

    A window never grows to the whole board: that would be the whole question again.
    """
    h, w = puzzle.shape
    margin = 1
    while True:
        if deadline is not None and time.perf_counter() >= deadline:
            return False
        window_box = (max(0, box[0] - margin), min(h, box[1] + margin), max(0, box[2] - margin),
                      min(w, box[3] + margin))
        if window_box == (0, h, 0, w):
            return False
        window = _window(puzzle, links, owner, window_box)
        if window is not None and _solve_window(links, (h, w), window_box, window, deadline):
            return True
        margin = margin * 3 // 2 + 1


def _window(puzzle: Puzzle, links: np.ndarray, owner: np.ndarray, box: tuple[int, int, int, int]):
    """The puzzle of the window ``box``, or ``None`` when a loop or a one-cell piece crosses its edge.

    Its pairs are the pieces of lines inside the window, each given by the
    two cells where it ends inside; every other cell of the window is free.
    """
    h, w = puzzle.shape
    r0, r1, c0, c1 = box
    inside = np.zeros((h, w), dtype=bool)
    inside[r0:r1, c0:c1] = True
    inside = inside.ravel()
    rows: list[list[str | None]] = [[None] * (c1 - c0) for _ in range(r1 - r0)]
    seen = np.zeros(h * w, dtype=bool)
    label = 0
    for x in (i * w + j for i in range(r0, r1) for j in range(c0, c1)):
        if owner[x] < 0 and not _loop_inside(links, x, inside, h, w):
            return None  # a loop across the window's edge: left for the swaps
        if owner[x] <= 0 or seen[x]:
            continue
        nbs = _inner(links, x, inside, h, w)
        if not nbs:
            return None  # a piece of one cell (in and out at once): it cannot be a pair of the window
        if len(nbs) == 2:
            continue  # inside a piece: walked from its ends
        label += 1
        prev, cur = -1, x
        while True:  # walk the piece to its other end
            seen[cur] = True
            step = [y for y in _inner(links, cur, inside, h, w) if y != prev]
            if not step:
                break
            prev, cur = cur, step[0]
        for end in (x, cur):
            rows[end // w - r0][end % w - c0] = str(label)
    if label == 0:
        return None
    return Puzzle.from_rows(rows)


def _loop_inside(links: np.ndarray, x: int, inside: np.ndarray, h: int, w: int) -> bool:
    """Whether the closed loop through ``x`` lies inside the window (its cells are then free there).

    Links that do not close a loop (a dead end) count as not inside.
    """
    prev, cur = -1, x
    for _ in range(h * w):
        nbs = _linked(links, cur, h, w)
        nxt = [y for y in nbs if y != prev]
        if not nxt or any(not inside[y] for y in nbs):
            return False
        prev, cur = cur, nxt[0]
        if cur == x:
            return True
    return False


def _linked(links: np.ndarray, x: int, h: int, w: int) -> list[int]:
    """The cells ``x`` is linked to."""
    r, c = divmod(x, w)
    out = []
    for _, dr, dc, bit in _BITS:
        if links[x] & bit and 0 <= r + dr < h and 0 <= c + dc < w:
            out.append(x + dr * w + dc)
    return out


def _inner(links: np.ndarray, x: int, inside: np.ndarray, h: int, w: int) -> list[int]:
    """The cells inside the window that ``x`` is linked to."""
    return [y for y in _linked(links, x, h, w) if inside[y]]


def _solve_window(links: np.ndarray, shape: tuple[int, int], box: tuple[int, int, int, int], sub: Puzzle,
                  deadline: float | None) -> bool:
    """Solve the window's puzzle under ``fill`` and put its lines in ``links``; whether it had a solution."""
    from . import solve_puzzle

    limit = float("inf") if deadline is None else (deadline - time.perf_counter()) * WINDOW_SHARE
    if limit <= 0:
        return False
    token = _MENDING.set(True)
    try:
        found = solve_puzzle(sub, rule="fill", touch=True, time_limit=limit)
    finally:
        _MENDING.reset(token)
    if found.status != "solved":
        return False
    h, w = shape
    r0, r1, c0, c1 = box
    for i in range(r0, r1):  # unlink every pair of neighbours inside the window; links leaving it stay
        for j in range(c0, c1):
            x = i * w + j
            if j + 1 < c1:
                links[x] &= ~np.uint8(2)
                links[x + 1] &= ~np.uint8(8)
            if i + 1 < r1:
                links[x] &= ~np.uint8(4)
                links[x + w] &= ~np.uint8(1)
    for path in found.linking.paths:
        cells = [(int(a) + r0) * w + int(b) + c0 for a, b in np.asarray(path).tolist()]
        for x, y in zip(cells, cells[1:]):
            _link(links, x, y, w, True)
    return True
