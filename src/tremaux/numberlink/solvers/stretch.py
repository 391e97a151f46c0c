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

import numpy as np

from ...kernels import numberlink as kn
from ..model import Puzzle
from ..result import Linking

__all__ = ["stretch"]

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
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1..1", "...."])
    >>> links = np.array([2, 10, 10, 8, 0, 0, 0, 0], dtype=np.uint8)  # the top row only
    >>> stretch(p, links).grid.tolist()
    [[1, 1, 1, 1], [1, 1, 1, 1]]
    >>> stretch(p, np.zeros(8, dtype=np.uint8)) is None  # no line to take anything in
    True
    """
    h, w = puzzle.shape
    links = np.array(links, dtype=np.uint8).ravel()
    grid = puzzle.grid.ravel()
    ends = puzzle.ends
    for _ in range(h * w if max_passes is None else max_passes):
        owner, cells, starts, reached = kn.trace_lines(links, ends, h, w)
        if (reached != ends[:, 1]).any():
            return None  # a pair not joined: not lines this can stretch
        if (owner > 0).all():
            return Linking.from_flat(puzzle, cells, starts)
        group = owner.astype(np.int64)  # > 0 a line, 0 empty, < 0 the loop -(i + 1)
        if (owner < 0).any():
            lc, ls = kn.loop_components(links, owner, h, w)
            for i in range(ls.size - 1):
                group[lc[ls[i]:ls[i + 1]]] = -(i + 1)
        if not _pass(links, group, grid, h, w):
            return None
    return None


def _pass(links: np.ndarray, group: np.ndarray, grid: np.ndarray, h: int, w: int) -> bool:
    """One pass of swaps over every 2 x 2 block; whether any was made."""
    used = np.zeros(h * w, dtype=bool)  # cells already changed in this pass
    taken: set[int] = set()  # loops taken in during this pass (their cells' group is stale)
    done = False
    todo = (group <= 0).reshape(h, w)
    near = np.zeros((h, w), dtype=bool)  # blocks (by their top-left cell) that hold a cell to take in
    near[:-1, :-1] = todo[:-1, :-1] | todo[:-1, 1:] | todo[1:, :-1] | todo[1:, 1:]
    for a in np.flatnonzero(near).tolist():
        b, c, d = a + 1, a + w, a + w + 1
        if used[a] or used[b] or used[c] or used[d]:
            continue
        for first, second, bit, cross in ((a, b, _E, _S), (c, d, _E, _S), (a, c, _S, _E), (b, d, _S, _E)):
            # the side first-second is on a line; the parallel side opposite is a loop or two empty cells
            if not (links[first] & bit) or group[first] <= 0:
                continue
            third, fourth = (c, d) if (first, second) == (a, b) else (a, b) if (first, second) == (c, d) \
                else (b, d) if (first, second) == (a, c) else (a, c)
            g3, g4 = group[third], group[fourth]
            if g3 < 0 and g3 == g4 and -g3 not in taken and links[third] & bit:
                taken.add(-int(g3))
                _set(links, third, fourth, bit, False)
            elif g3 == 0 and g4 == 0 and grid[third] == 0 and grid[fourth] == 0:
                _set(links, third, fourth, bit, True)
            else:
                continue
            _set(links, first, second, bit, False)
            lo1, hi1 = (first, third) if first < third else (third, first)
            lo2, hi2 = (second, fourth) if second < fourth else (fourth, second)
            _set(links, lo1, hi1, cross, True)
            _set(links, lo2, hi2, cross, True)
            used[[a, b, c, d]] = True
            done = True
            break
    return done
