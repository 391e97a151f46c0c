"""Second solutions at no cost under ``nikoli``: one line moved into empty cells.

A first solution that leaves cells empty often has a second one beside it:
a corner of a line moved into the empty fourth cell of its 2 x 2 square,
or (when lines may touch) a straight step bulged into two empty cells.
Each is a solution by construction, found in one pass over the lines, with
no encoding to build (:func:`moves`); :func:`.another.another_stage` asks
for them before any solver.
"""

from __future__ import annotations

import numpy as np

from ..result import Linking

__all__ = ["moves"]


def moves(puzzle, linking: Linking, *, touch: bool, limit: int = 1) -> list[Linking]:
    """Solutions under ``nikoli`` that differ from ``linking`` by one line moved into empty cells.

    Two moves, each a solution whenever it applies, so no solver is asked:

    * a **corner** of a line (the line turns at ``c``, coming from ``p`` and
      going to ``n``) moves to the fourth cell ``d`` of their 2 x 2 square
      when ``d`` is empty: ``p -> d -> n``, and ``c`` is left empty. Without
      touching, ``d`` must have no cell of the same line beside it but ``p``
      and ``n`` (every other pair of the line's cells is as before);
    * with touching allowed, a **straight step** ``u -> v`` bulges out when
      the two cells beside it on one side are empty: ``u -> u' -> v' -> v``
      (``u`` and ``v`` then run beside each other; without touching never).

    Under a covering rule no cell is empty and there are none.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle that ``linking`` solves under ``nikoli``.
    linking : Linking
        A solution.
    touch : bool
        Whether a line may run beside itself.
    limit : int
        Stop after this many.

    Returns
    -------
    list of Linking
        Up to ``limit`` other solutions, in the order of the lines and their cells.

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.moves import moves
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1..", "...", "..1"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]])
    >>> [m.grid.tolist() for m in moves(p, lk, touch=False, limit=5)]
    [[[1, 0, 0], [1, 1, 1], [0, 0, 1]], [[1, 1, 1], [0, 0, 1], [0, 0, 1]], [[1, 1, 0], [0, 1, 0], [0, 1, 1]]]
    >>> moves(p, Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]]), touch=False)[0].grid.tolist()
    [[1, 1, 0], [0, 1, 1], [0, 0, 1]]
    """
    h, w = puzzle.shape
    owner = np.zeros((h, w), dtype=np.int64)  # pair number + 1 on a line, else 0
    paths = [np.asarray(q, dtype=np.int64) for q in linking.paths]
    for k, q in enumerate(paths):
        owner[q[:, 0], q[:, 1]] = k + 1
    grid = np.asarray(puzzle.grid)
    out: list[Linking] = []
    free = (owner == 0) & (grid == 0)
    if not free.any():
        return out
    padded = np.zeros((h + 2, w + 2), dtype=bool)
    padded[1:-1, 1:-1] = free

    def alone(r: int, c: int, k: int, beside: tuple) -> bool:
        """No cell of line ``k`` beside ``(r, c)`` other than the cells in ``beside``."""
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < h and 0 <= cc < w and owner[rr, cc] == k + 1 and (rr, cc) not in beside:
                return False
        return True

    for k, q in enumerate(paths):
        d = q[:-2] + q[2:] - q[1:-1]  # the fourth cell of each turn's square (at a straight step: the cell itself)
        for i in (np.flatnonzero(padded[d[:, 0] + 1, d[:, 1] + 1]) + 1).tolist():  # empty, so a turn
            (pr, pc), (nr, nc), (dr, dc) = q[i - 1].tolist(), q[i + 1].tolist(), d[i - 1].tolist()
            if touch or alone(dr, dc, k, ((pr, pc), (nr, nc))):
                new = list(paths)
                new[k] = q.copy()
                new[k][i] = (dr, dc)
                out.append(Linking.from_paths(puzzle, [x.tolist() for x in new]))
                if len(out) >= limit:
                    return out
        if not touch:
            continue
        side = (q[1:] - q[:-1])[:, ::-1]  # beside each step: one way, and the opposite way
        for i, sgn in sorted((int(i), sgn) for sgn in (1, -1) for i in np.flatnonzero(
                padded[q[:-1, 0] + sgn * side[:, 0] + 1, q[:-1, 1] + sgn * side[:, 1] + 1]
                & padded[q[1:, 0] + sgn * side[:, 0] + 1, q[1:, 1] + sgn * side[:, 1] + 1])):
            bulge = np.stack([q[i] + sgn * side[i], q[i + 1] + sgn * side[i]])
            new = list(paths)
            new[k] = np.concatenate([q[: i + 1], bulge, q[i + 1:]])
            out.append(Linking.from_paths(puzzle, [x.tolist() for x in new]))
            if len(out) >= limit:
                return out
    return out
