"""Cuts that rule out a generator question's other solutions together: the fewest pairs added for them.

A cut of a planted line between two consecutive cells ``a`` and ``b`` makes
them the ends of two new pairs' lines. The puzzle after the cut has exactly
the solutions of the puzzle before it that link ``a`` to ``b`` (join the two
new lines there; under the no-touch convention, the two pieces may then
also run beside each other), so the cut rules out every other solution that
leaves the edge ``a``-``b``, whatever else it does, and keeps the planted
one. A question of the generator shows several other solutions at once (up
to :data:`.uniqueness.ALTERNATIVES`); one cut for each, chosen one at a time
and at most one a line (:func:`.uniqueness._choose_cut`), adds pairs that
another cut already made unnecessary, and leaves unanswered the solutions
that differ only on lines already cut, which the next question then shows
again. :func:`hitting_cuts` instead chooses the edges greedily as a hitting
set: each next cut is the planted edge left by the most of the other
solutions not yet ruled out (ties: nearest the middle of its piece of line,
as the one-at-a-time cut), a line may be cut more than once, every piece
keeps at least two cells. Each cut is one pair more, so this is the
fewest-pairs choice the greedy rule can make.

Examples
--------
>>> from tremaux.numberlink.cuts import hitting_cuts
>>> lines = [[0, 1, 2, 3, 4, 5, 6, 7]]  # one line along a row of 8 cells
>>> others = [{(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (6, 7)},  # two other solutions, which leave
...           {(0, 1), (1, 2), (3, 4), (4, 5), (5, 6), (6, 7)}]  # the edge 3-4 and the edge 2-3
>>> new, cuts, left = hitting_cuts(lines, others)
>>> new, cuts, left
([[0, 1, 2, 3], [4, 5, 6, 7]], 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["hitting_cuts"]


def hitting_cuts(lines: list[list[int]], others: Iterable[set[tuple[int, int]]],
                 ) -> tuple[list[list[int]], int, int]:
    """The planted ``lines`` cut at the fewest edges (greedily) that rule out the other solutions ``others``.

    Parameters
    ----------
    lines : list of list of int
        The planted lines, flat cells end to end.
    others : iterable of set of (int, int)
        Other solutions of the puzzle, each as its edges ``(a, b)`` (flat cells, ``a < b``).

    Returns
    -------
    lines : list of list of int
        The lines after the cuts (a cut line's pieces in its place, in order).
    cuts : int
        How many cuts were made (pairs added).
    left : int
        How many of ``others`` no cut rules out (each differs from the planted lines only next to line ends,
        where a piece would keep one cell): the caller rules those out otherwise.

    Examples
    --------
    >>> from tremaux.numberlink.cuts import hitting_cuts
    >>> hitting_cuts([[0, 1, 2, 3]], [{(0, 1), (2, 3)}])  # the edge 1-2 is left: cut there
    ([[0, 1], [2, 3]], 1, 0)
    >>> hitting_cuts([[0, 1, 2]], [{(0, 1)}])  # a cut would leave a piece of one cell
    ([[0, 1, 2]], 0, 1)
    """
    where: dict[tuple[int, int], tuple[int, int]] = {}  # planted edge -> (line, index of its first cell)
    for i, ln in enumerate(lines):
        for j in range(len(ln) - 1):
            a, b = ln[j], ln[j + 1]
            where[(min(a, b), max(a, b))] = (i, j)
    planted = set(where)
    left = [planted - set(o) for o in others]  # what each other solution leaves, to be hit by a cut
    left = [d for d in left if d]
    cuts: dict[int, list[int]] = {}  # line -> sorted indices of the cells before its cuts

    def piece(i: int, j: int) -> tuple[int, int] | None:
        """The piece of line ``i`` (first and last index) holding its edge ``j``-``j+1``, or ``None`` when a
        cut there would leave a piece of one cell."""
        lo, hi = 0, len(lines[i]) - 1
        for c in cuts.get(i, ()):
            if c < j:
                lo = max(lo, c + 1)
            elif c >= j:
                hi = min(hi, c)
        if j - lo < 1 or hi - (j + 1) < 1:
            return None
        return lo, hi

    while left:
        count: dict[tuple[int, int], int] = {}
        for d in left:
            for e in d:
                count[e] = count.get(e, 0) + 1
        best = None
        for e, n in count.items():
            i, j = where[e]
            span = piece(i, j)
            if span is None:
                continue
            key = (-n, abs(j + 0.5 - (span[0] + span[1]) / 2), i, j)
            if best is None or key < best:
                best = key
        if best is None:
            break
        i, j = best[2], best[3]
        cuts.setdefault(i, []).append(j)
        cuts[i].sort()
        a, b = lines[i][j], lines[i][j + 1]
        e = (min(a, b), max(a, b))
        left = [d for d in left if e not in d]
    out: list[list[int]] = []
    for i, ln in enumerate(lines):
        start = 0
        for j in cuts.get(i, ()):
            out.append(ln[start: j + 1])
            start = j + 1
        out.append(ln[start:])
    return out, sum(len(c) for c in cuts.values()), len(left)
