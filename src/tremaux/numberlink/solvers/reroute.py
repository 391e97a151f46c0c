"""A second solution under ``nikoli`` by one or two lines re-routed along shortest paths, the others kept.

Under ``nikoli`` a puzzle with several solutions often has one where two
lines side by side trade cells: one takes a shorter way through the other's
cells and the empty ones, and the other goes round it, leaving some cells
empty. Such a solution may differ from the first in many cells (two long
lines across the board), where the windows and the groups of lines of
:mod:`.local` search longest, yet it is found by two breadth-first searches:
:func:`reroute` tries each line alone, then with each later line beside it,
in both orders (the compiled :func:`tremaux.kernels.nl_reroute.reroute_other`:
a few hundred breadth-first searches on a 30 x 30 contest board).
Shortest paths never run beside themselves, so what it returns is a solution
with or without the no-touch convention. :func:`.another.another_stage` asks
it after the moves of :mod:`.moves`, before any search; none found proves
nothing.

Examples
--------
>>> from tremaux.numberlink import Linking, Puzzle
>>> from tremaux.numberlink.solvers.reroute import reroute
>>> p = Puzzle.from_rows(["1.1", "..."])
>>> lk = Linking.from_paths(p, [[(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)]])
>>> reroute(p, lk).grid.tolist()
[[1, 1, 1], [0, 0, 0]]
"""

from __future__ import annotations

from ..result import Linking

__all__ = ["reroute"]


def reroute(puzzle, linking: Linking) -> Linking | None:
    """Another solution under ``nikoli``: one line, or two lines side by side, re-routed along shortest paths.

    Each line in turn, alone and then with each later line beside it (both
    orders), is routed again along a shortest path through its own cells, the other's
    and the empty cells, every other line kept; the first re-routing that
    joins both lines and differs from ``linking`` is returned. It is a
    solution whether or not lines may touch themselves (a shortest path
    never does). ``None`` when none differs, which proves nothing.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle ``linking`` solves under ``nikoli``.
    linking : Linking
        A solution.

    Returns
    -------
    Linking or None
        Another solution, or ``None`` when no re-routing gives one.

    Examples
    --------
    >>> from tremaux.numberlink import Linking, Puzzle
    >>> from tremaux.numberlink.solvers.reroute import reroute
    >>> p = Puzzle.from_rows(["1.2", "1.2"])
    >>> reroute(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)]])) is None
    True
    >>> p = Puzzle.from_rows(["...2", ".21.", "1..."])  # each line goes round the other's number
    >>> first = Linking.from_paths(p, [[(1, 2), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0)],
    ...                                [(0, 3), (1, 3), (2, 3), (2, 2), (2, 1), (1, 1)]])
    >>> reroute(p, first).grid.tolist()  # the 1 goes the short way, the 2 round it over the top
    [[0, 2, 2, 2], [0, 2, 1, 0], [1, 1, 1, 0]]
    """
    from ...kernels.nl_reroute import reroute_other
    from .base import first_tables

    if not linking.paths:
        return None
    links, grid = first_tables(puzzle, linking)  # made once per first solution, shared with the other searches
    found, cells, starts = reroute_other(links, grid, puzzle.height, puzzle.width, puzzle.pairs)
    return Linking.from_flat(puzzle, cells, starts) if found else None
