"""Lines stretched over the cells they leave: from lines that skip cells to lines that cover the board.

Under ``fill`` a line may run beside itself, so any set of lines can take in
what lies beside it by a *swap* on a 2 x 2 block: two parallel sides of the
block, one on a line and one on a closed loop (or two cells that no line
covers), are replaced by the other two sides. The line then runs through the
loop (or the two cells) and on; every line still joins its pair, and no cell
gets a third link. So a model of the SAT question "lines that never touch
themselves, closed loops allowed", or an answer under ``nikoli``, becomes a
``fill`` solution once every loop and empty cell has been taken in, and the
swaps need no search: each pass takes what it can, until nothing is left or
nothing more can be taken (then the caller asks again another way).

"""

from __future__ import annotations

import time

import numpy as np

from ...kernels import numberlink as kn
from ..model import Puzzle
from ..result import Linking

__all__ = ["stretch", "stretch_links"]

_E, _S = 2, 4
_BACK = {1: 4, 2: 8, 4: 1, 8: 2}


def _set(links: np.ndarray, x: int, y: int, bit: int, on: bool) -> None:
    """Link (or unlink) cell ``x`` towards ``bit`` and its neighbour ``y`` back."""
    if on:
        links[x] |= bit
        links[y] |= _BACK[bit]
    else:
        links[x] &= ~np.uint8(bit)
        links[y] &= ~np.uint8(_BACK[bit])


def stretch(puzzle: Puzzle, links: np.ndarray, max_passes: int | None = None) -> Linking | None:
    """The lines of ``links`` stretched over every cell, or ``None`` when the swaps get stuck.

    Parameters
    ----------
    puzzle : Puzzle
    links : array of uint8
        Flat, one per cell: bit ``1 << d`` when a line leaves towards ``d``
        (N0 E1 S2 W3). Every pair must be joined; other links may form
        closed loops; cells without links are empty.
    max_passes : int, optional
        Passes over the board (each swaps what it can); default the number of cells.

    Returns
    -------
    Linking or None
        Lines that cover every cell (they may run beside themselves), or
        ``None`` when some loop or empty cell lies beside no line in a way a
        swap can use.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.stretch import stretch
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1..1", "...."])
    >>> links = np.array([2, 10, 10, 8, 0, 0, 0, 0], dtype=np.uint8)  # the top row only
    >>> stretch(p, links).grid.tolist()
    [[1, 1, 1, 1], [1, 1, 1, 1]]
    >>> stretch(p, np.zeros(8, dtype=np.uint8)) is None  # no line to take anything in
    True
    """
    links = np.array(links, dtype=np.uint8).ravel()
    if not stretch_links(puzzle, links, max_passes):
        return None
    h, w = puzzle.shape
    _, cells, starts, _ = kn.trace_lines(links, puzzle.ends, h, w)
    return Linking.from_flat(puzzle, cells, starts)


def stretch_links(puzzle: Puzzle, links: np.ndarray, max_passes: int | None = None,
                  deadline: float | None = None) -> bool:
    """Stretch the lines of ``links`` in place, as far as the swaps go: whether they now cover every cell.

    What :func:`stretch` does, keeping what the swaps reached when they get
    stuck (for :mod:`.repair` to go on from).

    Parameters
    ----------
    puzzle : Puzzle
    links : array of uint8
        Flat, one per cell, as in :func:`stretch`; changed in place.
    max_passes : int, optional
        Passes over the board; default the number of cells.
    deadline : float, optional
        A ``time.perf_counter()`` value: no pass starts after it.

    Returns
    -------
    bool
        True when every cell is on a line that joins its pair.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.stretch import stretch_links
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> links = np.array([2, 10, 8, 0, 0, 0], dtype=np.uint8)  # "1.1" over an empty row
    >>> stretch_links(Puzzle.from_rows(["1.1", "..."]), links), links.tolist()  # odd: one cell stays out
    (False, [4, 6, 8, 3, 9, 0])
    """
    h, w = puzzle.shape
    grid = puzzle.grid.ravel()
    ends = puzzle.ends
    for _ in range(h * w if max_passes is None else max_passes):
        owner, _, _, reached = kn.trace_lines(links, ends, h, w)
        if (reached != ends[:, 1]).any():
            return False  # a pair not joined: not lines this can stretch
        if (owner > 0).all():
            return True
        group = owner.astype(np.int64)  # > 0 a line, 0 empty, < 0 the loop -(i + 1)
        if (owner < 0).any():
            lc, ls = kn.loop_components(links, owner, h, w)
            for i in range(ls.size - 1):
                group[lc[ls[i]:ls[i + 1]]] = -(i + 1)
        if (deadline is not None and time.perf_counter() > deadline) or not _pass(links, group, grid, h, w):
            return False
    owner, _, _, reached = kn.trace_lines(links, ends, h, w)
    return bool((reached == ends[:, 1]).all() and (owner > 0).all())


def _pass(links: np.ndarray, group: np.ndarray, grid: np.ndarray, h: int, w: int) -> bool:
    """One pass of swaps over every 2 x 2 block; whether any was made.

    In each block, in this order of preference: a line takes in a loop or two
    empty cells beside it; two loops side by side become one; a loop takes in
    two empty cells beside it; four empty cells become a loop. Loops and
    empty cells far from every line thus grow and merge until a line reaches
    them. A cell or loop changed once is left alone for the rest of the pass
    (its ``group`` is stale).
    """
    used = np.zeros(h * w, dtype=bool)  # cells already changed in this pass
    taken: set[int] = set()  # loops changed during this pass (their cells' group is stale)
    done = False
    todo = (group <= 0).reshape(h, w)
    near = np.zeros((h, w), dtype=bool)  # blocks (by their top-left cell) that hold a cell to take in
    near[:-1, :-1] = todo[:-1, :-1] | todo[:-1, 1:] | todo[1:, :-1] | todo[1:, 1:]
    blocks = np.flatnonzero(near).tolist()
    for lines_only in (True, False):
        for a in blocks:
            b, c, d = a + 1, a + w, a + w + 1
            if used[a] or used[b] or used[c] or used[d]:
                continue
            if _swap(links, group, grid, taken, a, b, c, d, lines_only):
                used[[a, b, c, d]] = True
                done = True
    return done


def _swap(links, group, grid, taken, a, b, c, d, lines_only) -> bool:
    """One swap on the block ``a b / c d`` if one applies (see :func:`_pass`)."""
    for first, second, bit, cross, third, fourth in ((a, b, _E, _S, c, d), (c, d, _E, _S, a, b),
                                                     (a, c, _S, _E, b, d), (b, d, _S, _E, a, c)):
        g1, g3, g4 = group[first], group[third], group[fourth]
        if not (links[first] & bit) or g1 == 0 or (g1 < 0 and (lines_only or -g1 in taken)):
            continue
        # the side first-second is on a line (or a loop); the parallel side opposite is a loop or two empty cells
        if g3 < 0 and g3 == g4 and g3 != g1 and -g3 not in taken and links[third] & bit:
            taken.add(-int(g3))
            _set(links, third, fourth, bit, False)
        elif g3 == 0 and g4 == 0 and grid[third] == 0 and grid[fourth] == 0:
            _set(links, third, fourth, bit, True)
        else:
            continue
        if g1 < 0:
            taken.add(-int(g1))
        _set(links, first, second, bit, False)
        lo1, hi1 = (first, third) if first < third else (third, first)
        lo2, hi2 = (second, fourth) if second < fourth else (fourth, second)
        _set(links, lo1, hi1, cross, True)
        _set(links, lo2, hi2, cross, True)
        return True
    if lines_only or group[a] or group[b] or group[c] or group[d] or grid[a] or grid[b] or grid[c] or grid[d]:
        return False
    _set(links, a, b, _E, True)  # four empty cells: a new loop, to grow and merge
    _set(links, c, d, _E, True)
    _set(links, a, c, _S, True)
    _set(links, b, d, _S, True)
    return True
