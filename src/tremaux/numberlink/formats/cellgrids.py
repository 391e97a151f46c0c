"""JSON boards whose cells are objects or colours, as Flow Free clones save their levels.

Grids beyond a bare list of rows of labels (:mod:`.jsons`) are read, alone or as the ``"grid"`` (``"board"``,
``"matrix"``, ``"cells"`` or ``"map"``) field of an object that has no ``"puzzle"`` text:

* rows of labels (numbers or strings) in such a field, or with negative numbers: ``0``, ``null``, ``"."`` and a
  negative number (``-1``, as solvers write an empty cell) are empty;

* rows of cell objects, ``{"type": "normal", "color": 3, "isEndpoint": true}``: a cell is an endpoint when its
  ``isEndpoint`` (or ``endpoint``) flag is true, or, without such a flag, when its ``color`` (``colour``,
  ``label``, ``number`` or ``value``) is set and not ``0``; its colour is its label, so a solved level (every
  cell coloured, two of each colour flagged) reads as its puzzle. A cell whose ``type`` is not a plain one
  (``"wall"``, ``"bridge"``, ``"tunnel"``...) is an error naming it: the boards here have none;
* rows of colour triples, ``[20, 40, 244]`` (red, green, blue, 0 to 255; ``null`` for an empty cell), as a
  level taken from a screenshot gives them: each colour is a label, written ``#1428f4``.

A level pack saved as an object whose every value is such a grid (``{"level_1": [["", "Blue", ...], ...],
"level_2": ...}``, as a Flow Free scraper writes its levels, colour names and ``""`` for an empty cell) is read
as one puzzle a level, named by its key (:func:`named_grids`); so is a bank of grids by size, a list of objects
``{"dimension": 4, "grids": [[[0, 0, 0, 2], ...], ...]}`` (as a generator's experiment saves its puzzles, ``0`` for
an empty cell), each grid checked against its ``"dimension"`` (:func:`grid_banks`).

Examples
--------
>>> from tremaux.numberlink.formats.cellgrids import cell_rows
>>> cell_rows([[{"color": 1, "isEndpoint": True}, {"color": 1, "isEndpoint": False},
...             {"color": 1, "isEndpoint": True}]])
[['1', None, '1']]
>>> cell_rows([[[255, 0, 0], None, [255, 0, 0]]])
[['#ff0000', None, '#ff0000']]
>>> cell_rows([[1, 0, 1]]) is None
True
>>> cell_rows({"matrix": [[1, -1, 1]]})
[['1', None, '1']]
"""

from __future__ import annotations

from typing import Any

from ...errors import PuzzleError

__all__ = ["cell_rows", "grid_banks", "named_grids"]

_FLAGS = ("isEndpoint", "is_endpoint", "endpoint", "isEnd", "end")
_COLOURS = ("color", "colour", "label", "number", "value")
_PLAIN = ("normal", "empty", "cell", "endpoint", "dot", "")
_GRIDS = ("grid", "board", "matrix", "cells", "map")
_RECORDS = ("puzzle", "lines", "verdict", "solutions")  # the records of this library's commands (.jsons)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_colour(x: Any) -> bool:
    """Whether ``x`` is a colour triple (or quadruple, with alpha) of whole numbers 0..255."""
    return isinstance(x, list) and len(x) in (3, 4) and all(_whole(v) and 0 <= v <= 255 for v in x)


def _cell_label(cell: dict, r: int, c: int) -> str | None:
    """The label of a cell object (``None`` when it is no endpoint)."""
    kind = cell.get("type", cell.get("kind", ""))
    if isinstance(kind, str) and kind.lower() not in _PLAIN:
        raise PuzzleError(f"the cell at row {r} column {c} is of type {kind!r}; these boards have only plain "
                          f"cells (no walls, bridges or tunnels)")
    key = next((k for k in _COLOURS if k in cell), None)
    colour = cell.get(key) if key else None
    flag = next((cell[k] for k in _FLAGS if k in cell), None)
    if flag is not None and not isinstance(flag, bool):
        raise PuzzleError(f"the cell at row {r} column {c} has an endpoint flag of {flag!r}, not true or false")
    if flag is False or colour is None or colour == 0 or colour == "":
        if flag:
            raise PuzzleError(f"the cell at row {r} column {c} is an endpoint without a colour")
        return None
    if isinstance(colour, list) and _is_colour(colour):
        return "#" + "".join(f"{v:02x}" for v in colour[:3])
    if not (_whole(colour) or isinstance(colour, str)):
        raise PuzzleError(f"the cell at row {r} column {c} has a {key} of {colour!r}, not a number or a name")
    return str(colour)


def cell_rows(data: Any) -> list[list[str | None]] | None:
    """The rows of labels of a JSON grid of cell objects or colour triples (``None`` for other JSON).

    Parameters
    ----------
    data : object
        A parsed JSON value: a list of rows, or an object whose ``"grid"`` (``"board"``, ``"matrix"``...) is one
        (and that is no record of ``generate``, ``solve`` or ``check --json``, which :mod:`.jsons` reads).

    Returns
    -------
    list of list of (str or None) or None
        Each cell's label (``None`` for an empty cell), or ``None`` when ``data`` is no such grid.

    Raises
    ------
    PuzzleError
        A cell these boards cannot hold (a wall, a bridge...), named with its row and column (1-based).

    Examples
    --------
    >>> from tremaux.numberlink.formats.cellgrids import cell_rows
    >>> cell_rows({"grid": [[{"color": 2}, {"color": 0}, {"color": 2}]]})
    [['2', None, '2']]
    >>> cell_rows([[{"type": "wall"}]])
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleError: the cell at row 1 column 1 is of type 'wall'; these boards have only plain \
cells (no walls, bridges or tunnels)
    """
    wrapped = isinstance(data, dict) and not any(k in data for k in _RECORDS)
    if wrapped:
        data = next((data[k] for k in _GRIDS if k in data), None)
    if not (isinstance(data, list) and data and all(isinstance(row, list) and row for row in data)):
        return None
    cells = [x for row in data for x in row]
    if all(x is None or isinstance(x, str) or _whole(x) for x in cells):  # labels, a negative number empty
        if not (wrapped or any(_whole(x) and x < 0 for x in cells)):
            return None  # a bare list of rows of labels: the 'json' format's own (.jsons)
        return [[None if x is None or (_whole(x) and x <= 0) else str(x) for x in row] for row in data]
    if all(isinstance(x, dict) for x in cells):
        return [[_cell_label(x, r, c) for c, x in enumerate(row, start=1)] for r, row in enumerate(data, start=1)]
    if all(x is None or _is_colour(x) for x in cells) and any(x is not None for x in cells):
        return [[None if x is None else "#" + "".join(f"{v:02x}" for v in x[:3]) for x in row] for row in data]
    return None


def named_grids(data: Any) -> list[tuple[str, list[list[Any]]]] | None:
    """The levels of a JSON object whose every value is a grid: ``(key, rows)`` for each, in order (``None``
    for other JSON).

    Parameters
    ----------
    data : object
        A parsed JSON value.

    Returns
    -------
    list of (str, list of list) or None
        Each level's key and rows of cells (labels, cell objects or colours, as :func:`cell_rows` reads them),
        or ``None`` when ``data`` is no such object.

    Examples
    --------
    >>> from tremaux.numberlink.formats.cellgrids import named_grids
    >>> named_grids({"level_1": [["Red", "", "Red"]], "level_2": [[1, 0, 1]]})
    [('level_1', [['Red', '', 'Red']]), ('level_2', [[1, 0, 1]])]
    >>> named_grids({"level_1": [["Red", "", "Red"]], "note": "easy"}) is None
    True
    """
    if not (isinstance(data, dict) and data) or any(k in data for k in _RECORDS):
        return None
    grids = [(k, v) for k, v in data.items()
             if isinstance(v, list) and v and all(isinstance(row, list) and row for row in v)
             and all(x is None or isinstance(x, (str, dict)) or _whole(x) or _is_colour(x) for row in v for x in row)]
    return grids if len(grids) == len(data) else None


def _is_grid(v: Any) -> bool:
    """Whether ``v`` is a non-empty list of non-empty rows of cells (labels, cell objects or colours)."""
    return (isinstance(v, list) and bool(v) and all(isinstance(row, list) and row for row in v)
            and all(x is None or isinstance(x, (str, dict)) or _whole(x) or _is_colour(x) for row in v for x in row))


def grid_banks(data: Any) -> list[tuple[int | None, list[list[Any]]]] | None:
    """The grids of a bank of puzzles by size: an object ``{"dimension": n, "grids": [grid, ...]}``, or a list of
    such objects, each grid with the side its object gives (``None`` when the object gives none), in order
    (``None`` for other JSON).

    Parameters
    ----------
    data : object
        A parsed JSON value.

    Returns
    -------
    list of (int or None, list of list) or None
        Each grid with the side of its object (``"dimension"``, ``"size"`` or ``"n"``), or ``None`` when ``data``
        is no such bank.

    Examples
    --------
    >>> from tremaux.numberlink.formats.cellgrids import grid_banks
    >>> grid_banks([{"dimension": 2, "grids": [[[1, 0], [1, 0]], [[1, 1], [0, 0]]]}])
    [(2, [[1, 0], [1, 0]]), (2, [[1, 1], [0, 0]])]
    >>> grid_banks({"grids": [[[1, 0, 1]]]}), grid_banks([{"grids": []}])
    ([(None, [[1, 0, 1]])], None)
    """
    banks = data if isinstance(data, list) else [data]
    if not banks or not all(isinstance(b, dict) and isinstance(b.get("grids"), list) and b["grids"]
                            and not any(k in b for k in _RECORDS) for b in banks):
        return None
    if not all(_is_grid(g) for b in banks for g in b["grids"]):
        return None
    sides = [next((b[k] for k in ("dimension", "size", "n") if _whole(b.get(k))), None) for b in banks]
    return [(side, g) for b, side in zip(banks, sides) for g in b["grids"]]
