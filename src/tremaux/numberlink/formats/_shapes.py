"""What rows of cells say about a board beyond their labels: ``#`` written for every empty cell, and boards that
are no rectangle (triangles and hexagons of cells, as other Number Link games save them), named in errors.

Examples
--------
>>> from tremaux.numberlink.formats._shapes import board_shape
>>> board_shape([2, 3, 4, 3, 2])
'; rows of 2, 3, 4, 3, 2 cells: a hexagonal board? only rectangular boards are read'
"""

from __future__ import annotations

from collections.abc import Sequence

from ._text import ALNUM, Line, tokens

__all__ = ["board_shape", "hash_empty"]


def board_shape(widths: Sequence[int]) -> str:
    """A clause naming a board that is no rectangle, from the number of cells of each row (``""`` for none).

    Rows that grow by one or two cells each (a triangle), or grow by one and shrink back (a hexagon), as
    triangular and hexagonal Number Link games save their boards, are named so (a first row of one number, the
    size those files give first, is left aside).

    Parameters
    ----------
    widths : sequence of int
        The number of cells of each row, in order.

    Returns
    -------
    str
        ``"; rows of ... cells: a triangular board? ..."`` (or hexagonal), or ``""`` for rows of no such shape.

    Examples
    --------
    >>> from tremaux.numberlink.formats._shapes import board_shape
    >>> board_shape([1, 3, 5, 7]), board_shape([1, 2, 3, 2])
    ('; rows of 1, 3, 5, 7 cells: a triangular board? only rectangular boards are read', \
'; rows of 2, 3, 2 cells: a hexagonal board? only rectangular boards are read')
    >>> board_shape([3, 3, 2])
    ''
    """
    for ws in (list(widths), list(widths[1:]) if widths and widths[0] == 1 else None):
        if ws is None or len(ws) < 3:
            continue
        steps = [b - a for a, b in zip(ws, ws[1:])]
        kind = ""
        if len(set(steps)) == 1 and abs(steps[0]) in (1, 2):
            kind = "triangular"
        elif ws[0] == ws[-1] and ws == ws[::-1] and all(abs(d) == 1 for d in steps) \
                and steps == sorted(steps, reverse=True):
            kind = "hexagonal"
        if kind:
            return f"; rows of {', '.join(map(str, ws))} cells: a {kind} board? only rectangular boards are read"
    return ""


def hash_empty(rows: Sequence[Line]) -> bool:
    """Whether the separated rows ``rows`` write each empty cell ``#`` (``1 # 2``): some ``#`` and no other empty
    mark (``.``, ``-``, ``0``) nor any other character that is no label. Where ``#`` stands beside ``.`` it is a
    blocked cell, an error.

    Parameters
    ----------
    rows : sequence of (int, str)
        The numbered rows of one grid, cells separated by spaces or commas.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats._shapes import hash_empty
    >>> hash_empty([(1, "1 # 2"), (2, "1 # 2")]), hash_empty([(1, "1 # 2"), (2, "1 . 2")])
    (True, False)
    """
    cells = [t for _, s in rows for _, t in tokens(s)]
    return "#" in cells and all(t == "#" or (ALNUM.match(t) and t.strip("0")) for t in cells)

