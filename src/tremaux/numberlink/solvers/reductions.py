"""What the question "another solution than the first?" may be asked among, without changing its answer.

Two reductions of :mod:`.another`, each a theorem about a first solution
that covers every cell, each keeping whether there is another solution
(not how many):

* :func:`untouched_suffices`: under ``nikoli`` with touching, a first
  solution whose lines never run beside themselves lets the question be
  asked among lines that never do (the search and SAT's encoding);
* :func:`shortcuts_suffice`: under ``nikoli``, the question may be asked
  among solutions without cut corners or detours (the row search's
  ``cut``, the clauses of :mod:`.shortcuts`).

Both are tested against the brute force on every solution of small boards
(``tests/test_nl_another.py``, ``tests/test_nl_search_cut.py``).
"""

from __future__ import annotations

from ..result import Linking
from .base import first_tables

__all__ = ["shortcuts_suffice", "untouched_suffices"]


def untouched_suffices(puzzle, first: Linking) -> bool:
    """Whether "another solution than ``first`` under ``nikoli``?" may be asked among lines that never touch.

    True when ``first`` covers every cell with lines that never run beside
    themselves. Then any other solution, its lines shortened where they run
    beside themselves (cut a line between two of its cells side by side:
    it still joins its numbers), is a solution whose lines never touch,
    and it is not ``first``, which covers cells the shortened one leaves
    empty (or, when nothing was cut, differs as the solution did); so there
    is another solution with touching allowed exactly when there is one
    without, and one found without touching is one with.

    Parameters
    ----------
    puzzle : Puzzle
    first : Linking
        A solution of ``puzzle``.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.reductions import untouched_suffices
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.", "1."])  # the line runs beside itself where its numbers are
    >>> untouched_suffices(p, Linking.from_paths(p, [[(0, 0), (0, 1), (1, 1), (1, 0)]]))
    False
    >>> p = Puzzle.from_rows(["1.1", "2.2"])
    >>> untouched_suffices(p, Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]]))
    True
    """
    h, w = puzzle.shape
    if first.covered != h * w:
        return False
    g = first.grid  # cells side by side on one line, not joined: the line touches itself
    lk = first_tables(puzzle, first)[0].reshape(h, w)  # the links every search from first shares
    east = (g[:, :-1] == g[:, 1:]) & (g[:, :-1] > 0) & ((lk[:, :-1] & 2) == 0)
    south = (g[:-1, :] == g[1:, :]) & (g[:-1, :] > 0) & ((lk[:-1, :] & 4) == 0)
    return not (east.any() or south.any())


def shortcuts_suffice(puzzle, rule, first: Linking) -> bool:
    """Whether "another solution than ``first``?" may be asked among solutions without cut corners or detours.

    True under ``nikoli`` (with or without touching) when ``first`` covers
    every cell. The clauses of :mod:`.shortcuts` forbid a ``┌`` or ``┐``
    corner beside an empty inner diagonal cell, and a detour around empty
    cells: any solution that has one becomes, by the shortcuts, a solution
    with fewer cells covered, or as many and a greater ``3 * row + column``
    sum, until it has none. Take another solution ``S``. If ``S`` covers
    every cell it has no empty cell, so none of these, and it is itself a
    solution the clauses keep; if it leaves a cell empty, so does the one it
    becomes, which is therefore not ``first``. Either way another solution
    obeys the clauses exactly when there is another one at all, and the
    question loses nothing while its search space shrinks (a staircase
    through empty cells has one shape left). It keeps whether there is
    another solution, not how many there are: for uniqueness, not counting.

    Parameters
    ----------
    puzzle : Puzzle
    rule : Rule
        The rule the solutions obey.
    first : Linking
        A solution of ``puzzle`` under ``rule``.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.reductions import shortcuts_suffice
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> p = Puzzle.from_rows(["1.1", "2.2"])
    >>> full = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    >>> shortcuts_suffice(p, resolve("nikoli"), full), shortcuts_suffice(p, resolve("fill"), full)
    (True, False)
    """
    return not rule.cover and first.covered == puzzle.height * puzzle.width
