"""The JSON file: readable, diffable, and still one character per cell.

::

    {
      "format": "tremaux-maze",
      "version": 1,
      "shape": [2, 3],
      "cells": ["6ec", "3b9"],
      "mask": null,
      "start": [0, 0],
      "goal": null
    }

``cells`` holds one string per row, one hexadecimal digit per cell (its side
bits, N=1 E=2 S=4 W=8); a multi-level maze has one list of rows per level
and two digits per cell (U=16, D=32 need them). ``mask`` is ``null`` or the
same nesting with ``1`` for cells that exist and ``0`` for masked ones.

Examples
--------
>>> from tremaux.io.json import dumps, loads
>>> from tremaux.maze import Maze
>>> m = Maze.open((2, 3), start=(0, 0))
>>> text = dumps(m)
>>> import json as std_json
>>> std_json.loads(text)["cells"]
['6ec', '3b9']
>>> loads(text) == m
True
>>> loads('{"format": "tremaux-maze", "version": 9}')
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: maze file format version 9 is newer than this tremaux reads (1); upgrade tremaux
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from ..errors import CellError, InvalidMazeError, InvalidSizeError, MazeFormatError
from ..maze.model import Maze, check_shape
from ._digits import as_block_rows
from ._common import FORMAT_NAME, VERSION, build, check_header, decode_text

__all__ = ["text_bytes", "dumps", "loads", "to_dict", "from_dict"]

_HEX = np.frombuffer(b"0123456789abcdef", dtype=np.uint8)
_VALUE = np.zeros(256, dtype=np.uint8)
_VALUE[_HEX] = np.arange(16)
_VALUE[np.frombuffer(b"ABCDEF", dtype=np.uint8)] = np.arange(10, 16)


def _rows(values: np.ndarray, digits: int) -> list[str]:
    """Rows of a 2-D uint8 array as strings of ``digits`` hex digits per value."""
    h, w = values.shape
    out = np.empty((h, w, digits), dtype=np.uint8)
    if digits == 1:
        out[..., 0] = _HEX[values]
    else:
        out[..., 0] = _HEX[values >> 4]
        out[..., 1] = _HEX[values & 15]
    flat = out.reshape(h, w * digits)
    return [row.tobytes().decode("ascii") for row in flat]


def to_dict(maze: Maze) -> dict[str, Any]:
    """The JSON-ready dictionary of ``maze``.

    Parameters
    ----------
    maze : Maze
        The maze to write.

    Returns
    -------
    dict
        ``format``, ``version``, ``shape``, ``cells`` (one string of hex
        digits per row), ``mask``, ``start`` and ``goal``.

    Examples
    --------
    >>> from tremaux.io.json import to_dict
    >>> from tremaux.maze import Maze
    >>> to_dict(Maze.open((1, 2), start=(0, 0)))
    {'format': 'tremaux-maze', 'version': 1, 'shape': [1, 2], 'cells': ['28'], 'mask': None, 'start': [0, 0], 'goal': None}
    """
    digits = 1 if maze.ndim == 2 else 2
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    rows = [_rows(level, digits) for level in cells]
    mask = None
    if maze.mask is not None:
        m = maze.mask.reshape(L, H, W).astype(np.uint8)
        mask = [_rows(level, 1) for level in m]
    return {
        "format": FORMAT_NAME,
        "version": VERSION,
        "shape": list(maze.shape),
        "cells": rows[0] if maze.ndim == 2 else rows,
        "mask": None if mask is None else (mask[0] if maze.ndim == 2 else mask),
        "start": None if maze.start is None else list(maze.start),
        "goal": None if maze.goal is None else list(maze.goal),
    }


def text_bytes(shape3: tuple[int, int, int]) -> int:
    """Peak bytes of writing a maze of ``shape3 = (L, H, W)`` in this format (see :mod:`tremaux.budget`).

    Parameters
    ----------
    shape3 : tuple of int
        ``(L, H, W)``: levels, rows and columns of the maze.

    Returns
    -------
    int
        An upper estimate of the bytes needed, for the memory budget.

    Examples
    --------
    >>> from tremaux.io.json import text_bytes
    >>> text_bytes((1, 10, 10)) > 0
    True
    """
    from .. import budget

    L, H, W = (int(x) for x in shape3)
    return budget.text_drawing_bytes(3 * L * H * W)


def dumps(maze: Maze) -> str:
    """The JSON text of ``maze`` (no newline at the end).

    Parameters
    ----------
    maze : Maze
        The maze to write.

    Returns
    -------
    str
        Indented JSON of :func:`to_dict`.

    Examples
    --------
    >>> from tremaux.io.json import dumps, loads
    >>> from tremaux.maze import Maze
    >>> m = Maze.open((2, 2), goal=(1, 1))
    >>> loads(dumps(m)) == m
    True
    """
    from .. import budget

    budget.check(text_bytes(maze.shape3), f"the json text of a {' x '.join(map(str, maze.shape))} maze")
    return json.dumps(to_dict(maze), indent=2)


def _decode(field: str, rows: Any, H: int, W: int, digits: int, allowed: str, source: str | None,
            level: int | None) -> np.ndarray:
    where = field if level is None else f"{field}[{level}]"
    if not isinstance(rows, list) or len(rows) != H or not all(isinstance(r, str) for r in rows):
        raise MazeFormatError(f"{where!r} must be a list of {H} strings (one per row)", source=source)
    out = np.empty((H, W), dtype=np.uint8)
    for r, text in enumerate(rows):
        if len(text) != W * digits:
            raise MazeFormatError(
                f"{where!r} row {r + 1} has {len(text)} characters; {W} cells need {W * digits}", source=source
            )
        bad = next((k for k, ch in enumerate(text) if ch not in allowed), None)
        if bad is not None:
            raise MazeFormatError(
                f"{where!r} row {r + 1}, character {bad + 1}: {text[bad]!r} is not one of {allowed!r}", source=source
            )
        v = _VALUE[np.frombuffer(text.encode("ascii"), dtype=np.uint8)]
        out[r] = v if digits == 1 else (v[0::2] << 4) | v[1::2]
    return out


def _cell(value: Any, name: str, source: str | None):
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise MazeFormatError(f"{name!r} must be a list of whole numbers or null, not {_shown(value)}", source=source)
    return tuple(value)


def from_dict(data: Any, *, source: str | None = None) -> Maze:
    """The maze of a dictionary made by :func:`to_dict` (checked field by field).

    Parameters
    ----------
    data : dict
        Parsed JSON.
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    Maze
        The maze described.

    Raises
    ------
    MazeFormatError
        For a missing or mistyped field, a newer format version, or an invalid maze.

    Examples
    --------
    >>> from tremaux.io.json import to_dict, from_dict
    >>> from tremaux.maze import Maze
    >>> from_dict(to_dict(Maze.open((1, 2))))
    Maze(shape=(1, 2), passages=1)
    >>> from_dict({"format": "something else"})
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: ...
    """
    rows = as_block_rows(data, source)
    if rows is not None:  # a list of rows of 0 (open) and 1 (wall), 2 and 3 the start and goal
        from . import block

        return block.loads(rows, source=source)
    if not isinstance(data, dict):
        kind = ("null" if data is None else "true or false" if isinstance(data, bool) else "list" if
                isinstance(data, list) else "string" if isinstance(data, str) else "number" if
                isinstance(data, (int, float)) else type(data).__name__)  # in JSON's words
        raise MazeFormatError(f"a JSON maze is an object {{...}}, not a {kind}", source=source)
    if "format" not in data and "nodes" in data:  # (networkx is imported only for such a file)
        from .graph import from_graph_data, is_graph_data

        if is_graph_data(data):  # a passage graph saved by networkx (node_link_data, adjacency_data)
            try:
                return from_graph_data(data)
            except (InvalidMazeError, CellError, InvalidSizeError) as exc:
                raise MazeFormatError(f"a networkx graph of a maze: {exc}", source=source) from None
    check_header(data.get("format"), data.get("version"), source)
    for key in ("shape", "cells"):
        if key not in data:
            raise MazeFormatError(f"the JSON maze has no {key!r} field", source=source)
    shape = data["shape"]
    if not isinstance(shape, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in shape):
        raise MazeFormatError(f"'shape' must be a list of whole numbers, not {_shown(shape)}", source=source)
    try:
        L, H, W = check_shape(shape)
    except Exception as exc:
        raise MazeFormatError(f"'shape': {exc}", source=source) from None
    multi = len(shape) == 3
    hexdigits = "0123456789abcdefABCDEF"

    def grid(field: str, digits: int, allowed: str) -> np.ndarray:
        value = data[field]
        if not multi:
            return _decode(field, value, H, W, digits, allowed, source, None)
        if not isinstance(value, list) or len(value) != L:
            raise MazeFormatError(f"{field!r} must be a list of {L} levels", source=source)
        return np.stack([_decode(field, v, H, W, digits, allowed, source, k) for k, v in enumerate(value)])

    cells = grid("cells", 2 if multi else 1, hexdigits)
    mask = None if data.get("mask") is None else grid("mask", 1, "01").astype(bool)
    return build(cells, mask, _cell(data.get("start"), "start", source), _cell(data.get("goal"), "goal", source),
                 source)


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_DEEPEST = 64


def _too_deep(text: str) -> tuple[int, int]:
    """Line and column (1-based) where ``text`` first nests deeper than :data:`_DEEPEST` (strings skipped)."""
    depth = 0
    for m in _TOKEN.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > _DEEPEST:
                pos = m.start()
                line = text.count("\n", 0, pos) + 1
                return line, pos - (text.rfind("\n", 0, pos) + 1) + 1
        elif ch in "]}":
            depth -= 1
    return 1, 1  # pragma: no cover - only called when the parser found it too deep


def loads(text: str | bytes, *, source: str | None = None) -> Maze:
    """Read a maze from JSON text.

    Parameters
    ----------
    text : str or bytes
        The JSON text.
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    Maze
        The maze described.

    Raises
    ------
    MazeFormatError
        For malformed JSON (with its line and column), nesting deeper than a
        maze file needs, a missing or mistyped field, a newer format version,
        or an invalid maze.

    Examples
    --------
    >>> from tremaux.io.json import loads
    >>> loads("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: 1:65: malformed JSON: nested deeper than 64 levels (a maze file nests 4)
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = decode_text(bytes(text))
        except UnicodeDecodeError as exc:
            raise MazeFormatError(f"malformed JSON: byte {exc.start} is not UTF-8 text", source=source) from None
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a byte order mark left in a str
    except json.JSONDecodeError as exc:
        raise MazeFormatError(f"malformed JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                              source=source) from None
    except RecursionError:
        line, column = _too_deep(text)
        raise MazeFormatError(f"malformed JSON: nested deeper than {_DEEPEST} levels (a maze file nests 4)",
                              line=line, column=column, source=source) from None
    except (TypeError, ValueError) as exc:  # e.g. a number of more digits than Python converts
        raise MazeFormatError(f"malformed JSON: {str(exc).split(':')[0]}", source=source) from None
    return from_dict(data, source=source)


def _shown(value: Any) -> str:
    """A value of the file as JSON writes it (``[true, 0]``, not Python's ``[True, 0]``), cut short when long."""
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
