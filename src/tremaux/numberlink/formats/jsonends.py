"""JSON levels that list each pair's two endpoints, as game front ends and puzzle banks save them.

A level is an object with a list of pairs under ``"endpoints"`` (``"pairs"``, ``"dots"``, ``"flows"`` or
``"links"``), each pair an object ``{"id": 0, "start": [r, c], "end": [r, c]}`` (the label under ``"id"``,
``"color"``, ``"colour"``, ``"label"`` or ``"number"``; the ends under ``"start"``/``"end"``, ``"from"``/``"to"``,
``"a"``/``"b"`` or ``"ends"``) or a list of the two ends ``[[r, c], [r, c]]``; or each item is one end with
its label, ``{"row": r, "col": c, "color": "red"}``, the two ends of a label making its pair. An end is ``[row, column]``
(0-based, as this library's own JSON gives cells) or an object ``{"row": r, "col": c}`` or ``{"x": c, "y": r}``.
The board's size is the level's ``"rows"`` and ``"cols"`` (``"height"``/``"width"``, or ``"size"`` as ``[rows,
columns]`` or one number for a square), or those of an enclosing object (a bank that gives one size to a list
of levels, ``{"easy": {"rows": 7, "cols": 7, "puzzles": [...]}}``), or the shape of the level's ``"solution"``
grid. Levels are found anywhere in the JSON value, in order; a level's ``"solution"`` is not read.

Examples
--------
>>> from tremaux.numberlink.formats.jsonends import endpoint_levels
>>> [p.grid.tolist() for p in endpoint_levels({"rows": 1, "cols": 3,
...     "endpoints": [{"id": 0, "start": [0, 0], "end": [0, 2]}]}, "lvl")]
[[[1, 0, 1]]]
>>> endpoint_levels({"grid": [[1, 0, 1]]}, "g") is None
True
>>> ends = [{"row": 0, "col": 0, "color": "red"}, {"row": 0, "col": 2, "color": "red"}]
>>> endpoint_levels({"size": 3, "endpoints": ends}, "e")[0].grid.tolist()
[[1, 0, 1], [0, 0, 0], [0, 0, 0]]
"""

from __future__ import annotations

from typing import Any

from ...errors import InvalidSizeError, PuzzleError
from ..model import Puzzle
from .grids import entry_names

__all__ = ["endpoint_levels"]

_LISTS = ("endpoints", "pairs", "dots", "flows", "links")
_LABELS = ("id", "color", "colour", "label", "number", "name")
_ENDS = (("start", "end"), ("from", "to"), ("a", "b"))
_DEPTH = 6
"""The deepest a level is looked for (a bank of difficulties of lists of levels is three deep)."""


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _size(obj: dict, inherited: tuple[int, int] | None) -> tuple[int, int] | None:
    """The ``(rows, columns)`` an object gives, else ``inherited``."""
    for rows, cols in (("rows", "cols"), ("rows", "columns"), ("height", "width"), ("h", "w")):
        if _whole(obj.get(rows)) and _whole(obj.get(cols)):
            return obj[rows], obj[cols]
    size = obj.get("size")
    if _whole(size):
        return size, size
    if isinstance(size, list) and len(size) == 2 and all(_whole(v) for v in size):
        return size[0], size[1]
    return inherited


def _cell(end: Any, where: str) -> tuple[int, int]:
    """An end as ``(row, column)``."""
    if isinstance(end, list) and len(end) == 2 and all(_whole(v) for v in end):
        return end[0], end[1]
    if isinstance(end, dict):
        for r, c in (("row", "col"), ("row", "column"), ("r", "c"), ("y", "x")):
            if _whole(end.get(r)) and _whole(end.get(c)):
                return end[r], end[c]
    raise PuzzleError(f"{where} is {str(end)[:40]}, not [row, column] (or {{\"row\": r, \"col\": c}})")


def _pair(item: Any, k: int) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """The label and the two ends of the ``k``-th pair of a level."""
    if isinstance(item, list) and len(item) == 2:
        return str(k), _cell(item[0], f"pair {k}'s first end"), _cell(item[1], f"pair {k}'s second end")
    if not isinstance(item, dict):
        raise PuzzleError(f"pair {k} is {str(item)[:40]}, not an object with a start and an end")
    label = next((item[key] for key in _LABELS if key in item), k)
    label = str(label) if _whole(label) or (isinstance(label, str) and label) else str(k)
    ends = next(((item[a], item[b]) for a, b in _ENDS if a in item and b in item), None)
    if ends is None and isinstance(item.get("ends"), list) and len(item["ends"]) == 2:
        ends = tuple(item["ends"])
    if ends is None:
        raise PuzzleError(f'pair {k} ({label}) has no "start" and "end" (or "from" and "to")')
    return label, _cell(ends[0], f"pair {k}'s start"), _cell(ends[1], f"pair {k}'s end")


def _is_end(item: Any) -> bool:
    """Whether a list item is one labelled end (``{"row": r, "col": c, "color": ...}``), not a pair."""
    if not isinstance(item, dict) or any(a in item for a, _ in _ENDS) or "ends" in item:
        return False
    try:
        _cell(item, "")
    except PuzzleError:
        return False
    return True


def _ends_paired(items: list) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """The pairs of a list of labelled ends, each label's two ends in order of their first appearance."""
    ends: dict[str, list[tuple[int, int]]] = {}
    for k, item in enumerate(items, start=1):
        label = next((item[key] for key in _LABELS if key in item), None)
        if not (_whole(label) or (isinstance(label, str) and label)):
            raise PuzzleError(f"end {k} has no label (\"color\", \"id\" or \"label\") to pair it by")
        ends.setdefault(str(label), []).append(_cell(item, f"end {k}"))
    for label, cells in ends.items():
        if len(cells) != 2:
            raise PuzzleError(f"the label {label!r} has {len(cells)} ends; a pair has two")
    return [(label, a, b) for label, (a, b) in ends.items()]


def _level(obj: dict, size: tuple[int, int] | None, name: str) -> Puzzle:
    """The puzzle of one level object."""
    items = next(obj[key] for key in _LISTS if isinstance(obj.get(key), list))
    solution = obj.get("solution")
    if size is None and isinstance(solution, list) and solution and all(isinstance(r, list) for r in solution):
        size = len(solution), len(solution[0])
    if size is None:
        raise PuzzleError('a level lists its endpoints but gives no size ("rows" and "cols", or "size")')
    if items and all(_is_end(item) for item in items):
        pairs = _ends_paired(items)
    else:
        pairs = [_pair(item, k) for k, item in enumerate(items, start=1)]
    labels = [label for label, _, _ in pairs]
    if len(set(labels)) != len(labels):  # ids that repeat (two lists numbered alike): numbered in order instead
        labels = [str(k) for k in range(1, len(pairs) + 1)]
    h, w = size
    for label, *ends in pairs:
        for r, c in ends:
            if not (0 <= r < h and 0 <= c < w):
                raise PuzzleError(f"pair {label} has an end at [{r}, {c}], outside the {h}x{w} board "
                                  "(rows x columns, 0-based)")
    return Puzzle.from_endpoints((h, w), [(a, b) for _, a, b in pairs], labels=labels, name=name)


def _walk(value: Any, size: tuple[int, int] | None, depth: int, found: list) -> None:
    if depth > _DEPTH:
        return
    if isinstance(value, dict):
        size = _size(value, size)
        if any(isinstance(value.get(key), list) for key in _LISTS):
            found.append((value, size))
            return
        for item in value.values():
            _walk(item, size, depth + 1, found)
    elif isinstance(value, list):
        for item in value:
            _walk(item, size, depth + 1, found)


def endpoint_levels(data: Any, base: str) -> list[Puzzle | PuzzleError] | None:
    """The puzzles of the levels that list their endpoints in a parsed JSON value (``None`` when it has none).

    Parameters
    ----------
    data : object
        A parsed JSON value: a level, a list of levels, or any object holding them (a bank of difficulties).
    base : str
        The puzzles' name (numbered when there are several; a level's ``"name"`` or ``"id"`` string wins).

    Returns
    -------
    list of (Puzzle or PuzzleError) or None
        A puzzle per level found, in order (an error for a level that breaks the rules: an end off the board,
        two ends on a cell, no size), or ``None`` when ``data`` holds no such level.

    Examples
    --------
    >>> from tremaux.numberlink.formats.jsonends import endpoint_levels
    >>> bank = {"easy": {"rows": 2, "cols": 2, "puzzles": [{"endpoints": [[[0, 0], [1, 0]], [[0, 1], [1, 1]]]}]}}
    >>> endpoint_levels(bank, "bank")[0].grid.tolist()
    [[1, 2], [1, 2]]
    >>> endpoint_levels({"endpoints": [[[0, 0], [0, 5]]], "size": 3}, "x")[0]
    PuzzleError('pair 1 has an end at [0, 5], outside the 3x3 board (rows x columns, 0-based)')
    """
    found: list[tuple[dict, tuple[int, int] | None]] = []
    _walk(data, None, 0, found)
    if not found:
        return None
    out: list[Puzzle | PuzzleError] = []
    for (obj, size), name in zip(found, entry_names(base, len(found))):
        own = obj.get("name")
        name = own if isinstance(own, str) and own else name
        try:
            out.append(_level(obj, size, name))
        except (PuzzleError, InvalidSizeError) as exc:
            out.append(exc if isinstance(exc, PuzzleError) else PuzzleError(str(exc)))
    return out
