"""Quick verdicts: reasons a puzzle has no solution that need no search.

Each check is a theorem about every solution, so a verdict is a proof:

* **walled in**: an endpoint whose every neighbour is the border or another
  pair's number has no way out;
* **cut off**: a pair whose endpoints lie in different regions of free cells
  (and are not side by side) can never be joined;
* **must cross**: two pairs whose four endpoints all lie on the board's
  border and alternate in the cyclic order around it. A line from ``a`` to
  ``a'`` splits the board (a disc) in two, with ``b`` and ``b'`` on either
  side (the Jordan curve theorem), so the line of ``b`` would have to cross it;
* under a rule that covers every cell: a free cell with fewer than two
  neighbours on the board, a region of free cells that touches no number
  (only closed loops could fill it), and the **checkerboard count**
  (:func:`colour_surplus`) that leaves cells empty whatever the lines.

Examples
--------
>>> from tremaux.numberlink import quick_verdict
>>> from tremaux.numberlink import Puzzle
>>> quick_verdict(Puzzle.from_rows(["1.2", "...", "2.1"]), "nikoli")
"numbers '1' and '2' must cross: their endpoints on the border alternate (row 1 column 1, row 1 column 3, row 3 column 3, row 3 column 1)"
>>> quick_verdict(Puzzle.from_rows(["12", "12"]), "nikoli") is None
True
"""

from __future__ import annotations

import weakref

import numpy as np

from .._given import puzzle_of
from .._cells import at_cell
from ..model import Puzzle
from ..rules import Rule, resolve
from .bound import checkpoint

_LAST: list = [lambda: None, None, None]
"""The last puzzle :func:`quick_verdict` was asked about (a weak reference; puzzles are read-only), its rule's
``cover`` and the verdict: a check asks it, then the solve it starts asks it again, seconds on a board of
millions of cells."""

__all__ = ["quick_verdict", "crossing_pairs", "colour_surplus", "border_order"]


def quick_verdict(puzzle: Puzzle, rule: str | Rule = "fill") -> str | None:
    """A reason why ``puzzle`` has no solution under ``rule`` that needs no search, or ``None``.

    Parameters
    ----------
    puzzle : Puzzle or str or path
        A puzzle, or what :func:`~tremaux.numberlink.solve_puzzle` takes for one (puzzle text, rows, a
        grid of pair ids, a file's path).
    rule : str or Rule
        ``fill`` adds the checks that only hold when every cell is covered.

    Returns
    -------
    str or None
        One line naming the pair or cell, or ``None`` when no quick reason exists.

    Raises
    ------
    PuzzleError
        ``puzzle`` is no puzzle (a :class:`~tremaux.errors.PuzzleFormatError` for text that cannot be read).

    Examples
    --------
    >>> from tremaux.numberlink import quick_verdict
    >>> from tremaux.numberlink import Puzzle
    >>> quick_verdict(Puzzle.from_rows(["1213", "2..3"]), "nikoli")
    "number '1' at row 1 column 1 is walled in: every neighbour is another number or the border"
    >>> quick_verdict(Puzzle.from_rows(["1.2", "...", "1.2"]), "fill")
    'no solution under the fill rule: the checkerboard count leaves at least 1 cell empty'
    """
    puzzle = puzzle_of(puzzle)  # puzzle text, rows or a path, as every entry point takes them
    cover = resolve(rule).cover
    if _LAST[0]() is puzzle and _LAST[1] == cover:
        return _LAST[2]
    why = _verdict(puzzle, cover)
    _LAST[:] = [weakref.ref(puzzle), cover, why]
    return why


def _verdict(puzzle: Puzzle, cover: bool) -> str | None:
    """:func:`quick_verdict`, computed: passes over the board (seconds on millions of cells), with a
    :func:`~.bound.checkpoint` between them, where a bounded question may move on into its child process."""
    h, w = puzzle.shape
    g = puzzle.grid
    lab = puzzle.labels
    n = puzzle.pairs
    if n == 0:  # no pass over the board: an empty board of millions of cells is answered at once
        return "the cell at row 1 column 1 cannot be covered: its region touches no number" if cover and h * w else None
    ends = puzzle.ends  # (n, 2) flat cells
    er, ec = ends // w, ends % w
    pad = np.full((h + 2, w + 2), -1, dtype=np.int64)  # what lies beside each endpoint, N E S W: -1 the border
    pad[1:-1, 1:-1] = g
    beside = _beside(pad, er, ec)
    pair = np.arange(1, n + 1)[:, None, None]
    walled = ~((beside == 0) | (beside == pair)).any(axis=-1)  # (n, 2)
    if walled.any():
        k, j = (int(x) for x in np.argwhere(walled)[0])
        return (f"number {lab[k]!r} at {at_cell(er[k, j], ec[k, j])} is walled in: every neighbour is "
                f"another number or the border")
    checkpoint()
    cross = crossing_pairs(puzzle)
    if cross is not None:
        a, b = cross
        cells = ", ".join(at_cell(r, c) for r, c in _border_cells_of(puzzle, (a, b)))
        return f"numbers {lab[a - 1]!r} and {lab[b - 1]!r} must cross: their endpoints on the border alternate ({cells})"
    from ...kernels import numberlink as kn

    checkpoint()
    region = kn.free_regions(np.ascontiguousarray(g.ravel(), dtype=np.int64), h, w).reshape(h, w)
    checkpoint()
    pad[1:-1, 1:-1] = region
    near = _beside(pad, er, ec)
    near = np.where(near > 0, near, 0)  # region labels beside each endpoint, 0 for none
    shared = ((near[:, 0, :, None] == near[:, 1, None, :]) & (near[:, 0, :, None] > 0)).any(axis=(1, 2))
    adjacent = np.abs(er[:, 0] - er[:, 1]) + np.abs(ec[:, 0] - ec[:, 1]) == 1
    cut_off = ~shared & ~adjacent
    if cut_off.any():
        k = int(np.flatnonzero(cut_off)[0])
        a, b = at_cell(er[k, 0], ec[k, 0]), at_cell(er[k, 1], ec[k, 1])
        return (f"number {lab[k]!r} cannot be connected: its endpoints at {a} and {b} are in regions "
                f"separated by other numbers")
    if not cover:
        return None
    r, c = np.arange(h)[:, None], np.arange(w)[None, :]
    ways = (r > 0).astype(int) + (r < h - 1) + (c > 0) + (c < w - 1)  # neighbours inside the grid
    stuck = np.argwhere((ways < 2) & (g == 0))
    if stuck.size:
        r, c = (int(x) for x in stuck[0])
        return f"the cell at {at_cell(r, c)} cannot be covered: a line through it needs two neighbours"
    checkpoint()
    seen = np.zeros(int(region.max()) + 1, dtype=bool)  # the regions beside a number (a mask: no sort)
    seen[near.ravel()] = True
    untouched = np.flatnonzero(~seen[1:]) + 1
    if untouched.size:
        r, c = (int(x) for x in np.argwhere(region == untouched[0])[0])
        return f"the cell at {at_cell(r, c)} cannot be covered: its region touches no number"
    checkpoint()
    d = abs(colour_surplus(puzzle))
    if d:
        return (f"no solution under the fill rule: the checkerboard count leaves at least {d} cell"
                f"{'s' if d > 1 else ''} empty")
    return None


def border_order(shape: tuple[int, int]) -> np.ndarray:
    """Flat indices of the border cells of an ``(H, W)`` board, once each, clockwise from the top-left corner.

    Parameters
    ----------
    shape : (int, int)
        Rows and columns.

    Returns
    -------
    numpy.ndarray
        The flat indices.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.verdicts import border_order
    >>> border_order((3, 3)).tolist()
    [0, 1, 2, 5, 8, 7, 6, 3]
    >>> border_order((1, 3)).tolist()
    [0, 1, 2]
    """
    h, w = (int(x) for x in shape)
    idx = np.arange(h * w, dtype=np.int64).reshape(h, w)
    if h == 1 or w == 1:
        return idx.ravel()
    return np.concatenate([idx[0, :], idx[1:, -1], idx[-1, -2::-1], idx[-2:0:-1, 0]])


def crossing_pairs(puzzle: Puzzle) -> tuple[int, int] | None:
    """Two pairs ``(a, b)`` whose lines must cross, or ``None``.

    Both endpoints of each lie on the border, in the cyclic order ``a b a b``:
    no two disjoint lines inside the board can join them. Pairs with an
    endpoint inside the board are left out. Runs in time linear in the border.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    (int, int) or None
        Two pair numbers, or ``None`` when no two pairs are forced to cross.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.verdicts import crossing_pairs
    >>> from tremaux.numberlink import Puzzle
    >>> crossing_pairs(Puzzle.from_rows(["1..2", "....", "2..1"]))
    (1, 2)
    >>> crossing_pairs(Puzzle.from_rows(["1..1", "....", "2..2"])) is None
    True
    """
    ring = puzzle.grid.ravel()[border_order(puzzle.shape)]
    seen = np.bincount(ring, minlength=puzzle.pairs + 1)
    stack: list[int] = []
    open_: set[int] = set()
    for k in ring.tolist():
        if k == 0 or seen[k] != 2:
            continue
        if k in open_:
            if stack[-1] != k:
                return (min(k, stack[-1]), max(k, stack[-1]))
            stack.pop()
            open_.discard(k)
        else:
            stack.append(k)
            open_.add(k)
    return None


def _border_cells_of(puzzle: Puzzle, pairs: tuple[int, int]) -> list[tuple[int, int]]:
    w = puzzle.width
    ring = border_order(puzzle.shape)
    return [(int(i) // w, int(i) % w) for i in ring.tolist() if puzzle.grid.ravel()[i] in pairs]


def _beside(pad: np.ndarray, er: np.ndarray, ec: np.ndarray) -> np.ndarray:
    """The values of ``pad`` (a grid with a one-cell border) beside cells ``(er, ec)``, N E S W on a last axis."""
    return np.stack([pad[er + 1 + dr, ec + 1 + dc] for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))], axis=-1)


def colour_surplus(puzzle: Puzzle) -> int:
    """Dark cells minus light cells that every solution leaves empty (cells coloured as a checkerboard).

    A step along a line changes the colour of the cell, so a line whose two
    numbers have different colours covers as many dark cells as light ones,
    and one whose numbers are both dark (light) covers one dark (light) cell
    more; closed loops cover as many of each. Whatever the lines, the empty
    cells therefore number ``d`` more dark than light ones, with ``d`` this
    value: at least ``abs(d)`` cells stay empty, and under ``fill`` a puzzle
    with ``d != 0`` has no solution. Cell ``(r, c)`` is dark when ``r + c`` is even.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    int
        The surplus; 0 or less when the colours do not force empty cells.

    Examples
    --------
    >>> from tremaux.numberlink.solvers import colour_surplus
    >>> from tremaux.numberlink import Puzzle
    >>> colour_surplus(Puzzle.from_rows(["1..1", "2..2"]))
    0
    >>> colour_surplus(Puzzle.from_rows(["1.2", "...", "1.2"]))  # both pairs dark: 5 dark cells, 4 light
    -1
    """
    h, w = puzzle.shape
    dark = (h * w + 1) // 2
    d = dark - (h * w - dark)
    ends = puzzle.ends
    par = ((ends // w) + (ends % w)) % 2  # (n, 2): 0 dark, 1 light
    same = par[:, 0] == par[:, 1]
    return int(d - np.count_nonzero(same & (par[:, 0] == 0)) + np.count_nonzero(same & (par[:, 0] == 1)))
