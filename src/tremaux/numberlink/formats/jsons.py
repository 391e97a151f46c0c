"""Puzzles read back from the JSON that ``tremaux numberlink generate --json`` and ``solve --json`` print.

``json``
    A record of ``numberlink generate --json`` (an object whose ``"puzzle"`` field holds the puzzle text, in any
    format of :data:`~tremaux.numberlink.formats.FORMATS`; its solution ``"grid"`` is not the puzzle), or the list
    of records of ``numberlink solve --json``: each gives its puzzle as ``"puzzle"`` text or, for a solved one,
    as its ``"size"`` and the two ends of each of its ``"lines"`` (the numbers, with their labels); several
    such values one after another (JSON Lines, as ``generate --json >> file`` appends them) too. Read only.
    A list of rows of cells (``[[1, 0, 1], [2, 0, 2]]``, as ``json.dump(puzzle.grid.tolist())`` writes them;
    ``0``, ``null`` and ``"."`` empty) is read as the grid, and so are rows of cell objects or colour triples, as
    Flow Free clones save their levels (see :mod:`.cellgrids`), and so are levels that list each pair's two
    endpoints with the board's size, alone or in a bank of levels (see :mod:`.jsonends`).
    Other JSON (the verdicts of ``check --json``, a ``*.sol.json`` list of paths) is an error naming what a
    puzzle record needs.

Examples
--------
>>> from tremaux.numberlink.formats.jsons import read_json
>>> read_json('{"size": [1, 3], "puzzle": "1.1\\\\n", "grid": [[1, 1, 1]]}', None, "g")[0].grid.tolist()
[[1, 0, 1]]
>>> rec = '[{"name": "p", "size": [1, 3], "lines": [{"label": "A", "cells": [[0, 0], [0, 1], [0, 2]]}]}]'
>>> p = read_json(rec, None, "s")[0]
>>> p.grid.tolist(), p.labels, p.name
([[1, 0, 1]], ('A',), 'p')
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from ...errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from ..model import MAX_SIDE, Puzzle
from ._text import lines
from .cellgrids import cell_rows, grid_banks, named_grids
from .grids import entry_names
from .jsonends import endpoint_levels

__all__ = ["is_json", "puzzle_text", "read_json"]

_NEEDS = ('a puzzle record (what \'numberlink generate --json\' or \'numberlink solve --json\' prints) has a '
          '"puzzle" field of puzzle text, or a "size" and the "lines" of a solution')


def is_json(text: str) -> bool:
    """Whether ``text`` is a JSON object or list (which no puzzle text starts with).

    Parameters
    ----------
    text : str
        The contents of a file.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.jsons import is_json
    >>> is_json('{"puzzle": "1.1"}'), is_json("[[1, 1]]"), is_json("1.1\\n"), is_json("[[_, 1], [1, _]].")
    (True, True, False, False)
    """
    text = text.lstrip("\ufeff \t\r\n")
    if not text.startswith(("{", "[")):
        return False
    # an object, alone or in a list, is JSON even when it cannot be read (a file cut short): no puzzle text starts
    # so, and the JSON reader names what is wrong where, not a grid reader the unexpected '[{"puzzle":'
    return _values(text) is not None or re.match(r"\{|\[\s*\{", text) is not None


def _values(text: str) -> list[tuple[int, Any]] | None:
    """The JSON values ``text`` holds one after another (one, or several as ``generate --json >> file`` appends
    them: JSON Lines), each with its line, or ``None`` when it is not such a sequence."""
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder()
    out: list[tuple[int, Any]] = []
    pos, end = 0, len(text)
    try:
        while True:
            while pos < end and text[pos] in " \t\r\n":
                pos += 1
            if pos == end:
                return out or None
            if text[pos] not in "{[":
                return None
            value, after = decoder.raw_decode(text, pos)
            out.append((text.count("\n", 0, pos) + 1, value))
            pos = after
    except (ValueError, RecursionError):
        return None


def _each_value(text: str) -> None:
    """Decode the JSON values of ``text`` one after another (as :func:`_values` does), raising the error of the
    first that cannot be read, at its line and column (the second record of two, cut short)."""
    decoder, pos = json.JSONDecoder(), 0
    while pos < len(text):
        pos = decoder.raw_decode(text, pos)[1]
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1


def puzzle_text(puzzle: Puzzle) -> str:
    """``puzzle`` as the text a JSON record holds in its ``"puzzle"`` field: ``grid`` text, or ``wh`` for labels a
    grid cannot hold, or ``contest`` (pair numbers) for labels neither can.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    str
        Its text, which :func:`~tremaux.numberlink.formats.loads` reads back.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.jsons import puzzle_text
    >>> puzzle_text(Puzzle.from_rows(["1.1"])), puzzle_text(Puzzle.from_rows(["#.#"], empty="."))
    ('1.1\\n', '3 1\\n#.#\\n0 0\\n')
    """
    from . import dumps

    for fmt in ("grid", "wh"):
        try:
            return dumps(puzzle, fmt)
        except PuzzleFormatError:
            continue
    return dumps(puzzle, "contest")


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _from_lines(rec: dict, name: str) -> Puzzle:
    """The puzzle of a ``solve --json`` record: its ``size`` and the two ends of each line."""
    size, found = rec.get("size"), rec.get("lines")
    if not (isinstance(size, list) and len(size) == 2 and all(_whole(v) for v in size)):
        raise PuzzleError(f'"size" is {json.dumps(size)[:40]}, not [rows, columns]')
    h, w = size
    if not (1 <= h <= MAX_SIDE and 1 <= w <= MAX_SIDE):
        raise PuzzleError(f'"size" is {size}, outside 1..{MAX_SIDE} rows and columns')
    if not isinstance(found, list):
        raise PuzzleError(f'"lines" is {json.dumps(found)[:40]}, not a list of lines')
    grid = np.zeros((h, w), dtype=np.int32)
    labels = []
    for k, line in enumerate(found, start=1):
        cells = line.get("cells") if isinstance(line, dict) else None
        if not (isinstance(cells, list) and len(cells) >= 2 and all(
                isinstance(c, list) and len(c) == 2 and all(_whole(v) for v in c) for c in cells)):
            raise PuzzleError(f'line {k} has no "cells" list of [row, column] cells from one number to the other')
        for r, c in (cells[0], cells[-1]):
            if not (0 <= r < h and 0 <= c < w):
                raise PuzzleError(f"line {k} ends at [{r}, {c}], outside the {h}x{w} board (rows x columns, 0-based)")
            if grid[r, c]:
                raise PuzzleError(f"lines {grid[r, c]} and {k} both end at [{r}, {c}]")
            grid[r, c] = k
        label = line.get("label", str(k))
        labels.append(label if isinstance(label, str) else json.dumps(label))
    return Puzzle(grid, labels, name=name)


def _why_not(rec: Any, where: str) -> str | None:
    """Why ``rec`` is no puzzle record (said of it as ``where``), or ``None`` when it is one."""
    if not isinstance(rec, dict):
        what = "a list of paths (a solution's, read with load_paths), without the board's size" \
            if isinstance(rec, list) else f"a {type(rec).__name__}"
        return f"{where} is {what}, not a puzzle record"
    if isinstance(rec.get("puzzle"), str) or ("size" in rec and rec.get("lines") is not None):
        return None
    if "puzzle" in rec:
        return f'{where} has a "puzzle" field of {json.dumps(rec["puzzle"])[:30]}, not puzzle text'
    if "verdict" in rec:
        return f"{where} is a verdict of 'numberlink check --json', which holds no puzzle"
    if "lines" in rec:
        return (f'{where} holds no "puzzle" field and no solution "lines" ({rec.get("status", "unsolved")}): '
                f"its numbers are not in it")
    keys = ", ".join(f'"{k}"' for k in list(rec)[:6]) or "no field"
    return f"{where} has {keys}, no puzzle"


def _is_rows(data: Any) -> bool:
    """Whether ``data`` is a list of rows of cells (whole numbers, strings or null; 0, null and "." empty): a grid,
    not a list of paths (whose items are [row, column] lists)."""
    return (isinstance(data, list) and bool(data) and all(isinstance(row, list) and row for row in data)
            and all(x is None or isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool))
                    for row in data for x in row))


def _records(data: Any) -> list[dict | str] | str:
    """The puzzle records of ``data`` (why not, for an item of a list that is not one), or why it holds none."""
    items = data if isinstance(data, list) else [data]
    if not items:
        return "this JSON is an empty list"
    if all(isinstance(rec, list) for rec in items):
        if all(isinstance(x, list) for rec in items for x in rec):
            return "this JSON is a list of paths (a solution's, read with load_paths), without the board's size"
        return ("this JSON is a list of lists that are no rows of cells (whole numbers, strings or null) and no "
                "paths")
    whys = [_why_not(rec, "this JSON" if not isinstance(data, list) else f"item {i} of this JSON list")
            for i, rec in enumerate(items, start=1)]
    if all(whys):  # no record at all: the first reason stands for the file
        return whys[0]
    return [why or rec for rec, why in zip(items, whys)]  # an invalid puzzle's record among others: its error


def read_json(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzles of the JSON ``numberlink generate --json`` or ``numberlink solve --json`` printed.

    Parameters
    ----------
    text : str
        The JSON text.
    source : str or None
        The file name, for messages.
    base : str
        The puzzles' name when a record names none (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        One puzzle a record (a record's ``"puzzle"`` text may hold several), or the error of a record whose puzzle
        breaks the rules.

    Raises
    ------
    PuzzleFormatError
        Text that is not JSON, or JSON that holds no puzzle record (named: what a record needs).

    Examples
    --------
    >>> from tremaux.numberlink.formats.jsons import read_json
    >>> read_json('[{"name": "p", "verdict": "proper"}]', None, "c")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: item 1 of this JSON list is a verdict of 'numberlink check --json', \
which holds no puzzle; a puzzle record (what 'numberlink generate --json' or 'numberlink solve --json' prints) \
has a "puzzle" field of puzzle text, or a "size" and the "lines" of a solution
    """
    first = next((n for n, s in lines(text) if s.strip()), 1)
    values = _values(text)
    if values is None:
        try:
            _each_value(text.lstrip("\ufeff"))
        except json.JSONDecodeError as exc:
            short = " (the file is cut short?)" if not exc.doc[exc.pos:].strip() else ""
            raise PuzzleFormatError(f"not JSON: {exc.msg}{short}", line=exc.lineno, column=exc.colno,
                                    source=source) from None
        except (ValueError, RecursionError) as exc:
            raise PuzzleFormatError(f"not JSON: {exc}", line=first, column=1, source=source) from None
        raise PuzzleFormatError("not JSON", line=first, column=1, source=source)  # pragma: no cover - parsed above
    if len(values) > 1:  # records appended one after another (JSON Lines): each read as a file of its own
        out: list[Puzzle | PuzzleError] = []
        for (line, value), name in zip(values, entry_names(base, len(values))):
            try:
                out.extend(_read_value(value, line, source, name))
            except PuzzleFormatError as exc:  # a value that holds no puzzle: its error, the others still read
                out.append(exc)
        return out
    return _read_value(values[0][1], first, source, base)


def _named_level(key: str, rows: list[list[Any]], first: int, source: str | None,
                 side: int | None = None) -> Puzzle | PuzzleError:
    """The puzzle of the grid ``rows`` of a level pack's level ``key`` (its error, named, when it breaks a rule or
    is not ``side`` x ``side`` when its bank gives a side)."""
    if side is not None and (len(rows) != side or any(len(row) != side for row in rows)):
        return PuzzleFormatError(f'this JSON level {key!r}: its "dimension" is {side}, but its grid has '
                                 f"{len(rows)} rows of {'/'.join(sorted({str(len(r)) for r in rows}))} cells",
                                 line=first, column=1, source=source)
    try:
        return Puzzle.from_rows(cell_rows({"grid": rows}) or rows, name=key)
    except (PuzzleError, InvalidSizeError) as exc:
        return PuzzleFormatError(f"this JSON level {key!r}: {exc}", line=first, column=1, source=source)


def _read_value(data: Any, first: int, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The puzzles of one JSON value (see :func:`read_json`), its errors said at line ``first``."""
    from . import loads_all

    try:
        rows = cell_rows(data)  # cells as objects or colours, as Flow Free clones save their levels
        if rows is not None:
            return [Puzzle.from_rows(rows, name=base)]
    except (PuzzleError, InvalidSizeError) as exc:
        return [PuzzleFormatError(f"this JSON grid: {exc}", line=first, column=1, source=source)]
    if _is_rows(data):  # the rows of a grid, as json.dump(puzzle.grid.tolist()) writes them
        try:
            return [Puzzle.from_rows(data, name=base)]
        except PuzzleError as exc:
            return [PuzzleFormatError(f"this JSON list of rows: {exc}", line=first, column=1, source=source)]
    if (levels_of := named_grids(data)) is not None:  # a pack of levels, each a grid under its name
        return [_named_level(key, rows, first, source) for key, rows in levels_of]
    if (bank := grid_banks(data)) is not None:  # grids by size: [{"dimension": 4, "grids": [...]}, ...]
        return [_named_level(name, rows, first, source, side)
                for (side, rows), name in zip(bank, entry_names(base, len(bank)))]
    records = _records(data)
    if isinstance(records, str) and (levels := endpoint_levels(data, base)) is not None:  # endpoint lists
        return [PuzzleFormatError(f"this JSON level{'' if len(levels) == 1 else ' ' + repr(p.name)}: {p}",
                                  line=first, column=1, source=source) if isinstance(p, PuzzleError) else p
                for p in levels]
    if isinstance(records, str):
        raise PuzzleFormatError(f"{records}; {_NEEDS}", line=first, column=1, source=source)
    out: list[Puzzle | PuzzleError] = []
    for rec, name in zip(records, entry_names(base, len(records))):
        if isinstance(rec, str):
            out.append(PuzzleFormatError(f"{rec}; {_NEEDS}", line=first, column=1, source=source))
            continue
        name = rec["name"] if isinstance(rec.get("name"), str) and rec["name"] else name
        try:
            if rec.get("lines") is not None and "size" in rec:  # the labels exactly as solved
                out.append(_from_lines(rec, name))
                continue
        except PuzzleError as exc:
            where = f"the record of {name!r}" if name else "the record"
            out.append(PuzzleFormatError(f"{where}: {exc}", line=first, column=1, source=source))
            continue
        try:
            if is_json(inner := rec["puzzle"]):
                raise PuzzleError("it is JSON again, not puzzle text")
            got = loads_all(inner, errors="keep")  # its own lines and columns, said after the record's
        except PuzzleError as exc:
            got = [exc]
        where = f"the record of {name!r}" if len(records) > 1 and name else "the record"
        size = rec.get("size")
        if len(got) == 1 and isinstance(got[0], Puzzle) and isinstance(size, list) and list(got[0].shape) != size:
            out.append(PuzzleFormatError(f'{where}: its "size" is {json.dumps(size)[:40]}, but its "puzzle" text '
                                         f"is [{got[0].height}, {got[0].width}] (rows, columns); which is right?",
                                         line=first, column=1, source=source))
            continue
        out.extend(PuzzleFormatError(f'{where}, its "puzzle" text: {p}', line=first, column=1, source=source)
                   if isinstance(p, PuzzleError) else p if len(got) > 1 else Puzzle(p.grid, p.labels, name=name)
                   for p in got)
    return out
