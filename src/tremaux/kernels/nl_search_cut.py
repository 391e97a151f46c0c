"""Number Link search kernel: no cut corner and no detour, for the question "another solution?" under ``nikoli``.

Private numba function (arrays in, a boolean out; it never raises) used by
:func:`tremaux.kernels.nl_search.search_run` when ``cut`` is 1 (the puzzle
as given) or 2 (laid out transposed). Under ``nikoli``, when a first
solution covers every cell, another solution exists exactly when one exists
in which no ``┌`` has an empty South-East neighbour, no ``┐`` an empty
South-West one, and no line goes down, along the row below under empty
cells and up again (:func:`tremaux.numberlink.solvers.reductions.shortcuts_suffice`);
the search then keeps only those. Transposed, the ``┐`` is a ``└`` with an
empty North-East neighbour and the detour runs down a column beside empty
cells. Each pattern is refused at the later of its cells in row-major
order.

numba's cache does not see changes to a helper imported from another file:
after editing this module, clear ``__pycache__`` of the kernels package.
"""

from __future__ import annotations

from .._jit import njit

__all__ = ["cut_ok"]


@njit(cache=True, interpret=False, no_cpython_wrapper=True)
def cut_ok(i, r, c, w, cut, links, dflag):
    """Whether cell ``i`` (row ``r``, column ``c``, just decided) completes no cut corner nor detour (``cut`` 1, 2).

    A cut corner: an empty ``i`` below a ``┌`` to its North-West, or (``cut``
    1) a ``┐`` to its North-East; with ``cut`` 2, a ``└`` at ``i`` with an
    empty cell to its North-East. A detour ends at a ``┘``: with ``cut`` 1
    the line came from a ``└`` along its row under empty cells (down,
    along, up around them), with ``cut`` 2 (transposed) from a ``┐`` down
    its column beside empty cells. ``dflag[i]`` is set to whether such a
    detour is open at ``i`` (its start, or a straight step of it). Empty
    cells have no links (numbers always have one).
    """
    x = links[i]
    if cut == 1:
        dflag[i] = 1 if x == 3 or (x == 10 and r > 0 and links[i - w] == 0 and dflag[i - 1] != 0) else 0
    else:
        dflag[i] = 1 if x == 12 or (x == 5 and c > 0 and links[i - 1] == 0 and dflag[i - w] != 0) else 0
    if r == 0:
        return True
    if x == 0:
        if c > 0 and links[i - w - 1] == 6:
            return False
        if cut == 1 and c < w - 1 and links[i - w + 1] == 12:
            return False
    elif x == 9:  # a ┘: the end of a detour over at least one empty cell?
        if cut == 1 and links[i - 1] == 10 and dflag[i - 1] != 0:
            return False
        if cut == 2 and links[i - w] == 5 and dflag[i - w] != 0:
            return False
    elif cut == 2 and x == 3 and c < w - 1 and links[i - w + 1] == 0:
        return False
    return True
