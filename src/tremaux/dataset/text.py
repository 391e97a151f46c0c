"""Tokenisations of dataset rows, documented and versioned: :data:`TOKENIZATIONS`.

A tokenisation turns a row (a maze and its shortest path) into what a
sequence model reads. Each has a versioned name; a version never changes
its output, so a model trained on ``"maze-dataset-aotp/1"`` keeps reading
tremaux data of any later release. Three are defined:

``tremaux-tokens/1``
    The ``tokens`` column (token ids; names from
    :func:`tremaux.dataset.token_vocabulary`): ``<BOS> <ADJ>``, each open
    passage as its two cells (east passages, then south, row-major),
    ``<ORIGIN> a <TARGET> b <PATH> cells... <EOS>`` (``<NOPATH>`` when
    there is none). Cell ``(r, c)`` is token ``8 + r * Wmax + c``.

``maze-dataset-aotp/1``
    The text format of the maze-dataset library (its "AOTP" layout:
    adjacency list, origin, target, path), so that models and tools built
    for it read tremaux data::

        <ADJLIST_START> (0,0) <--> (0,1) ; (0,0) <--> (1,0) ; ... <ADJLIST_END>
        <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (2,2) <TARGET_END>
        <PATH_START> (0,0) (1,0) ... (2,2) <PATH_END>

    (one line, tokens separated by single spaces). Coordinates are
    ``(row,col)`` with no space; each passage appears once, from its
    north / west cell, in row-major order (maze-dataset itself may shuffle
    them; readers must not depend on the order). :func:`from_maze_dataset_text`
    reads it back.

``prompt-answer/1``
    A prompt / answer pair of plain text for language-model maze reasoning:
    the prompt gives the size, start, goal and the maze drawn in ASCII
    (:func:`tremaux.io.ascii.dumps`); the answer is the shortest path as
    moves ``N E S W`` separated by spaces (empty when there is none).

Examples
--------
>>> from tremaux.dataset.text import to_maze_dataset_text, from_maze_dataset_text, prompt_answer
>>> import numpy as np
>>> cells = np.array([[4, 4], [3, 9]], np.uint8)  # a U-shaped 2x2 maze
>>> text = to_maze_dataset_text(cells, [(0, 0), (1, 0), (1, 1), (0, 1)], (0, 0), (0, 1))
>>> text
'<ADJLIST_START> (0,0) <--> (1,0) ; (0,1) <--> (1,1) ; (1,0) <--> (1,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (0,1) <TARGET_END> <PATH_START> (0,0) (1,0) (1,1) (0,1) <PATH_END>'
>>> back = from_maze_dataset_text(text)
>>> bool((back["cells"] == cells).all()), back["path"][-1]
(True, (0, 1))
>>> prompt_answer(cells, [(0, 0), (1, 0), (1, 1), (0, 1)])["answer"]
'S E N'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..errors import MazeFormatError, TremauxError

__all__ = [
    "TOKENIZATIONS",
    "to_maze_dataset_text",
    "from_maze_dataset_text",
    "prompt_answer",
    "row_text",
]

TOKENIZATIONS: dict[str, str] = {
    "tremaux-tokens/1": "token ids of the tokens column: <BOS> <ADJ> passages <ORIGIN> <TARGET> <PATH> cells <EOS>",
    "maze-dataset-aotp/1": "maze-dataset's text: <ADJLIST_START> (r,c) <--> (r,c) ; ... <PATH_END>",
    "prompt-answer/1": "a prompt (size, start, goal, ASCII drawing) and an answer (moves N E S W)",
}
"""Versioned tokenisations, by name, with a line of documentation each."""

_N, _E, _S, _W = 1, 2, 4, 8
_COORD = re.compile(r"\((\d{1,5}),(\d{1,5})\)")
_MOVES = {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}


def _cells(cells: Any) -> np.ndarray:
    a = np.asarray(cells)
    if a.ndim != 2 or a.dtype.kind not in "ui" or a.size == 0:
        raise TremauxError(f"cells must be a non-empty (H, W) array of integers, not shape {a.shape}")
    return a.astype(np.uint8)


def _path(path: Any, h: int, w: int) -> list[tuple[int, int]]:
    """A path as (row, col) pairs: from pairs, or from flat indices (the ``*_path`` columns)."""
    p = np.asarray(path, dtype=np.int64)
    if p.size == 0:
        return []
    if p.ndim == 1:
        p = p[p >= 0]  # padding of loaded path columns
        return [(int(i) // w, int(i) % w) for i in p]
    return [(int(r), int(c)) for r, c in p]


def to_maze_dataset_text(cells: Any, path: Any, origin: Sequence[int], target: Sequence[int]) -> str:
    """A maze and its path in maze-dataset's text format (``maze-dataset-aotp/1``).

    Parameters
    ----------
    cells : array of uint8, shape (H, W)
        The maze (bit ``1 << d`` open towards N, E, S, W).
    path : sequence
        The path as ``(row, col)`` pairs or flat cell indices (``-1`` padding
        is dropped); may be empty.
    origin, target : (row, col)
        Start and goal cells.

    Returns
    -------
    str

    Raises
    ------
    TremauxError
        For cells that are not a 2-D integer array.

    Examples
    --------
    >>> from tremaux.dataset.text import to_maze_dataset_text
    >>> import numpy as np
    >>> cells = np.array([[2, 12], [2, 9]], np.uint8)
    >>> to_maze_dataset_text(cells, [(0, 0), (0, 1), (1, 1)], (0, 0), (1, 1))[:51]
    '<ADJLIST_START> (0,0) <--> (0,1) ; (0,1) <--> (1,1)'
    """
    from ..io._tokens import tokens_text

    a = _cells(cells)
    return tokens_text(a, _path(path, *a.shape), origin, target)


def from_maze_dataset_text(text: str) -> dict[str, Any]:
    """Read maze-dataset's text format back: ``cells``, ``path``, ``origin`` and ``target``.

    The maze's size is the smallest that holds every coordinate of the text.
    Passages may come in any order and either direction, as maze-dataset
    writes them.

    Parameters
    ----------
    text : str
        The text.

    Returns
    -------
    dict
        ``cells`` (uint8, ``(H, W)``), ``path`` (list of ``(row, col)``), ``origin`` and ``target``.

    Raises
    ------
    MazeFormatError
        For a missing region marker, a malformed coordinate or connection, or
        a passage between cells that are not neighbours (naming the token).

    Examples
    --------
    >>> from tremaux.dataset.text import from_maze_dataset_text, to_maze_dataset_text
    >>> import numpy as np
    >>> cells = np.array([[2, 12], [2, 9]], np.uint8)
    >>> back = from_maze_dataset_text(to_maze_dataset_text(cells, [(0, 0), (0, 1), (1, 1)], (0, 0), (1, 1)))
    >>> back["cells"].tolist(), back["path"]
    ([[2, 12], [2, 9]], [(0, 0), (0, 1), (1, 1)])
    """
    if not isinstance(text, str):
        raise MazeFormatError(f"maze-dataset text must be a str, not {type(text).__name__}")
    tokens = text.split()

    def region(start: str, end: str) -> list[str]:
        try:
            i = tokens.index(start)
            j = tokens.index(end, i + 1)
        except ValueError:
            raise MazeFormatError(f"maze-dataset text has no {start} ... {end} region") from None
        return tokens[i + 1 : j]

    def coord(tok: str) -> tuple[int, int]:
        m = _COORD.fullmatch(tok)
        if not m:
            raise MazeFormatError(f"maze-dataset text: {tok!r} is not a coordinate (r,c)")
        return int(m.group(1)), int(m.group(2))

    adj = region("<ADJLIST_START>", "<ADJLIST_END>")
    origin = region("<ORIGIN_START>", "<ORIGIN_END>")
    target = region("<TARGET_START>", "<TARGET_END>")
    path = [coord(t) for t in region("<PATH_START>", "<PATH_END>")]
    if len(origin) != 1 or len(target) != 1:
        raise MazeFormatError("maze-dataset text: origin and target hold one coordinate each")
    o, t = coord(origin[0]), coord(target[0])
    edges = []
    for i in range(0, len(adj), 4):
        e = adj[i : i + 4]
        if len(e) != 4 or e[1] != "<-->" or e[3] != ";":
            raise MazeFormatError(f"maze-dataset text: connection {' '.join(e)!r} is not '(r,c) <--> (r,c) ;'")
        a, b = coord(e[0]), coord(e[2])
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise MazeFormatError(f"maze-dataset text: {e[0]} and {e[2]} are not neighbours")
        edges.append((a, b))
    every = [o, t, *path, *(c for e in edges for c in e)]
    h = max(c[0] for c in every) + 1
    w = max(c[1] for c in every) + 1
    if h * w > 1 << 24:
        raise MazeFormatError(f"maze-dataset text: a {h}x{w} maze is too large")
    cells = np.zeros((h, w), np.uint8)
    for a, b in edges:
        (r0, c0), (r1, c1) = sorted((a, b))
        if r1 == r0:
            cells[r0, c0] |= _E
            cells[r1, c1] |= _W
        else:
            cells[r0, c0] |= _S
            cells[r1, c1] |= _N
    return {"cells": cells, "path": path, "origin": o, "target": t}


def prompt_answer(cells: Any, path: Any, origin: Sequence[int] | None = None, target: Sequence[int] | None = None) -> dict[str, str]:
    """A prompt / answer pair of text (``prompt-answer/1``).

    Parameters
    ----------
    cells : array of uint8, shape (H, W)
        The maze.
    path : sequence
        The shortest path as ``(row, col)`` pairs or flat indices.
    origin, target : (row, col), optional
        Start and goal (default: top-left and bottom-right, as datasets use).

    Returns
    -------
    dict
        ``{"prompt": str, "answer": str}``; the answer is the path's moves,
        ``N E S W`` separated by single spaces.

    Raises
    ------
    TremauxError
        For a path that steps between cells that are not neighbours.

    Examples
    --------
    >>> from tremaux.dataset.text import prompt_answer
    >>> import numpy as np
    >>> cells = np.array([[2, 12], [2, 9]], np.uint8)
    >>> prompt_answer(cells, [(0, 0), (0, 1), (1, 1)])["answer"]
    'E S'
    """
    from ..io.ascii import dumps
    from ..maze import Maze

    a = _cells(cells)
    h, w = a.shape
    o = tuple(int(v) for v in (origin if origin is not None else (0, 0)))
    t = tuple(int(v) for v in (target if target is not None else (h - 1, w - 1)))
    drawing = dumps(Maze(a.copy()))
    prompt = (
        f"Maze of {h} rows and {w} columns, drawn below (row 0 at the top, column 0 at the left). "
        f"Give the shortest path from row {o[0]} column {o[1]} to row {t[0]} column {t[1]} "
        "as moves N, E, S, W separated by spaces.\n" + drawing
    )
    cells_on = _path(path, h, w)
    moves = []
    for (r0, c0), (r1, c1) in zip(cells_on, cells_on[1:]):
        step = _MOVES.get((r1 - r0, c1 - c0))
        if step is None:
            raise TremauxError(f"path steps from ({r0},{c0}) to ({r1},{c1}), which are not neighbours")
        moves.append(step)
    return {"prompt": prompt, "answer": " ".join(moves)}


def row_text(row: Mapping[str, Any], tokenization: str = "maze-dataset-aotp/1", *, solver: str = "bfs") -> Any:
    """A dataset row (from :func:`tremaux.dataset.load`, ``to_hf`` or ``stream``) in a tokenisation.

    The row needs ``cells`` (flat or ``(h, w)``), ``height``, ``width`` and
    the solver's ``*_path`` column (the ``maze`` and ``solution`` outputs),
    or ``tokens`` for ``tremaux-tokens/1``.

    Parameters
    ----------
    row : mapping
        One dataset row.
    tokenization : str, default "maze-dataset-aotp/1"
        A name in :data:`TOKENIZATIONS`.
    solver : str, default "bfs"
        The solver whose path column is used.

    Returns
    -------
    str, dict or numpy.ndarray
        The text, the prompt / answer dict, or the token ids.

    Raises
    ------
    UnknownNameError
        For an unknown tokenisation (listing them).
    TremauxError
        For a row lacking a needed column.

    Examples
    --------
    >>> import tempfile, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(ds.DatasetSpec(count=3, size=(3, 3), shard_size=3), d)
    ...     row = ds.to_hf(d).with_format("numpy")[1]
    >>> ds.row_text(row).startswith("<ADJLIST_START> (0,0) <--> ")
    True
    >>> sorted(ds.row_text(row, "prompt-answer/1"))
    ['answer', 'prompt']
    """
    from ..errors import UnknownNameError

    if tokenization not in TOKENIZATIONS:
        raise UnknownNameError("tokenisation", str(tokenization), TOKENIZATIONS)
    try:
        if tokenization == "tremaux-tokens/1":
            return np.asarray(row["tokens"])
        h, w = int(row["height"]), int(row["width"])
        cells = np.asarray(row["cells"]).reshape(-1)[: h * w].reshape(h, w) if np.ndim(row["cells"]) == 1 else (
            np.asarray(row["cells"])[:h, :w])
        path = row[f"{solver.replace('-', '_')}_path"]
    except KeyError as exc:
        raise TremauxError(f"row has no column {exc.args[0]!r}: tokenisation {tokenization} needs it") from None
    if tokenization == "maze-dataset-aotp/1":
        return to_maze_dataset_text(cells, path, (0, 0), (h - 1, w - 1))
    return prompt_answer(cells, path)
