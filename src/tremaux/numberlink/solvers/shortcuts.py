"""Clauses that keep one solution under ``nikoli``: no line turns a corner it could cut, nor makes a detour.

Under ``nikoli`` (cells may stay empty), take a line that turns at a free
cell ``c`` and whose inner diagonal neighbour ``d`` (the cell beside both of
the corner's neighbours) is empty. The line can go through ``d`` instead of
``c``: same length, still a line between its numbers, ``c`` left empty. If
the line now runs beside itself, it takes the shortcut (the cells it skips
stay empty), which makes it strictly shorter; repeat until it does not.

Only two corner shapes are rerouted: ``┌`` (links East and South, ``d``
South-East) and ``┐`` (links West and South, ``d`` South-West). Each reroute
moves a cell one row down, so ``3 * row + column`` of the cells grows by 4 or
by 2 while the length stays, and each shortcut shortens a line: the steps
end, in a solution with neither corner next to an empty inner diagonal.
Hence:

*if a puzzle has a solution under* ``nikoli`` *(with or without the no-touch
convention), it has one where no* ``┌`` *has an empty South-East neighbour and
no* ``┐`` *an empty South-West neighbour*.

Detours: a line that goes down from ``a``, ``k + 1`` cells East along the
row below, and up into ``b``, where the ``k`` cells between ``a`` and ``b``
are empty, can go straight through them instead, ``2`` cells shorter (then
take its shortcuts as above). A solution of least length, and among those
of greatest ``3 * row + column`` sum, has neither such a corner nor such a
detour; :func:`detour_clauses` forbid them for ``k`` up to :data:`DETOUR`
(a detour the other way, up and over a row, or out to the East or West of
a column, turns a ``┌`` or a ``┐`` beside an empty cell: the clauses above
forbid it).

The clauses say so (a corner's two links imply a line at ``d``). They do not
keep the set of solutions: only for one solution, never for counting or
uniqueness. A monotone staircase through empty cells then has one shape (a
single turn), which removes most of the equal routes a sparse puzzle's lines
can take: on the development halves of the contest and sparse puzzles,
the ``nikoli`` question with induced lines decided 21 of 29 within 100,000
conflicts of Glucose, against 10 without them (``docs/benchmarks.md``,
round 5).

Examples
--------
>>> from tremaux.numberlink.solvers.shortcuts import corner_cut_clauses
>>> import numpy as np
>>> from tremaux.numberlink import Puzzle
>>> inc = np.arange(1, 4 * 4 + 1).reshape(4, 4)  # edge variables N E S W of a 2 x 2 board (as in Encoding.inc)
>>> corner_cut_clauses(Puzzle.from_rows([".1", "1."]), inc)  # a ┌ at the top left: the bottom right cell is used
[[-2, -3, 13, 14, 15, 16]]
"""

from __future__ import annotations

import numpy as np

from ..model import Puzzle

__all__ = ["DETOUR", "corner_cut_clauses", "detour_clauses", "shortcut_clauses"]

_N, _E, _S, _W = 0, 1, 2, 3
DETOUR = 3
"""Longest detour forbidden: empty cells between its two ends (a bound on clause length, not a tuning)."""


def corner_cut_clauses(puzzle: Puzzle, inc: np.ndarray) -> list[list[int]]:
    """The clauses of the module notes over the edge variables ``inc`` of an encoding of ``puzzle``.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    inc : numpy.ndarray
        ``(cells, 4)`` edge variables of each cell by direction North, East,
        South, West, 0 where there is no edge (``Encoding.inc``).

    Returns
    -------
    list of list of int
        One clause per free corner cell and shape whose inner diagonal is free:
        not both links, or a link at the inner diagonal.

    Raises
    ------
    ValueError
        When ``inc`` does not have a row per cell and four columns.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.shortcuts import corner_cut_clauses
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> inc = np.arange(1, 4 * 4 + 1).reshape(4, 4)
    >>> corner_cut_clauses(Puzzle.from_rows(["1.", ".1"]), inc)  # a ┐ at the top right (the ┌ would hold a number)
    [[-8, -7, 9, 10, 11, 12]]
    >>> corner_cut_clauses(Puzzle.from_rows(["..", "12", "12"]), np.zeros((6, 4), dtype=int))  # no edges
    []
    """
    h, w = puzzle.shape
    inc = _checked(puzzle, inc)
    free = puzzle.grid.ravel() == 0
    c = np.arange(max(0, (h - 1) * w), dtype=np.int64)
    q = c % w
    base = free[c] & (inc[c, _S] != 0)
    picked = []
    for side, dq in ((_E, 1), (_W, -1)):  # ┌ then ┐
        ok = base & (q + dq >= 0) & (q + dq < w)
        d = np.where(ok, c + w + dq, 0)
        ok &= free[d] & (inc[c, side] != 0)
        cs = c[ok]
        picked.append(np.stack([cs, np.full(cs.size, side), inc[cs, side], inc[cs, _S], d[ok]], axis=1))
    rows = np.concatenate(picked)
    rows = rows[np.lexsort((rows[:, 1] == _W, rows[:, 0]))]  # by cell, the ┌ before the ┐
    return [[-a, -b] + [v for v in tail if v] for a, b, tail in
            zip(rows[:, 2].tolist(), rows[:, 3].tolist(), inc[rows[:, 4]].tolist())]


def detour_clauses(puzzle: Puzzle, inc: np.ndarray, longest: int = DETOUR) -> list[list[int]]:
    """Clauses against the detours of the module notes, with 1 to ``longest`` empty cells skipped.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    inc : numpy.ndarray
        ``(cells, 4)`` edge variables by direction North, East, South, West (``Encoding.inc``).
    longest : int, default DETOUR
        The most empty cells between the detour's two ends.

    Returns
    -------
    list of list of int
        One clause per detour: not all of its links, or a line in one of the cells it skips.

    Raises
    ------
    ValueError
        When ``inc`` does not fit the puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.shortcuts import detour_clauses
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> inc = np.arange(1, 6 * 4 + 1).reshape(6, 4)  # made-up variables: cell j has N E S W = 4j+1 .. 4j+4
    >>> detour_clauses(Puzzle.from_rows(["1.1", "..."]), inc)  # down, along, up: or the middle is used
    [[-13, -14, -18, -21, 5, 6, 7, 8]]
    """
    h, w = puzzle.shape
    inc = _checked(puzzle, inc)
    free = puzzle.grid == 0
    found = []  # (row, column, k) of each detour
    for k in range(1, longest + 1):
        n = w - k - 1  # the columns c with c + k + 1 < w
        if n <= 0 or h < 2:
            break
        ok = np.ones((h - 1, n), dtype=bool)
        for j in range(1, k + 1):  # the k cells skipped, in row r
            ok &= free[:-1, j:j + n]
        for j in range(k + 2):  # the detour's cells, in row r + 1
            ok &= free[1:, j:j + n]
        r, c = np.nonzero(ok)
        found.append(np.stack([r, c, np.full(r.size, k)], axis=1))
    if not found:
        return []
    rows = np.concatenate(found)
    rows = rows[np.lexsort((rows[:, 2], rows[:, 1], rows[:, 0]))]
    cells = inc.tolist()
    out = []
    for r, c, k in rows.tolist():
        lo = (r + 1) * w + c
        links = [cells[lo][_N]] + [cells[lo + j][_E] for j in range(k + 1)] + [cells[lo + k + 1][_N]]
        if all(links):
            out.append([-x for x in links] + [v for m in range(r * w + c + 1, r * w + c + k + 1)
                                               for v in cells[m] if v])
    return out


def shortcut_clauses(puzzle: Puzzle, inc: np.ndarray) -> list[list[int]]:
    """:func:`corner_cut_clauses` and :func:`detour_clauses`: what one solution under ``nikoli`` is asked with.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    inc : numpy.ndarray
        ``(cells, 4)`` edge variables by direction North, East, South, West (``Encoding.inc``).

    Returns
    -------
    list of list of int

    Examples
    --------
    >>> from tremaux.numberlink.solvers.shortcuts import shortcut_clauses
    >>> import numpy as np
    >>> from tremaux.numberlink import Puzzle
    >>> inc = np.arange(1, 6 * 4 + 1).reshape(6, 4)
    >>> len(shortcut_clauses(Puzzle.from_rows(["1.1", "..."]), inc))  # the detour, a ┌ and a ┐ in the middle
    3
    """
    return corner_cut_clauses(puzzle, inc) + detour_clauses(puzzle, inc)


def _checked(puzzle: Puzzle, inc: np.ndarray) -> np.ndarray:
    h, w = puzzle.shape
    inc = np.asarray(inc, dtype=np.int64)
    if inc.shape != (h * w, 4):
        raise ValueError(f"inc must have one row per cell and 4 columns, got {inc.shape} for a {h} x {w} puzzle")
    return inc
