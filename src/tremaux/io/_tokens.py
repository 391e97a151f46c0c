"""A maze written as the tokens of the ``maze-dataset`` library, as language models are trained on them.

``<ADJLIST_START> (0,0) <--> (0,1) ; ... <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (2,3)
<TARGET_END>`` and optionally ``<PATH_START> ... <PATH_END>``: the connections are the maze's passages, the
origin its start and the target its goal (a path, the solution, is not needed to read the maze). The grid is the
smallest holding every cell of a passage (of the origin and target when there is none). One maze a text: a file of many, one a line, is refused with their number.
:func:`dumps` writes a maze so (the ``tokens`` format), with its shortest path when it has a start and a goal, as
maze-dataset's ``LatticeMaze.from_tokens`` reads it back.

networkx's ``write_edgelist`` and ``write_adjlist`` texts of a maze's graph read too (:func:`from_lists`): lines of
cells ``(0, 0) (0, 1)`` (or ``(level, row, col)`` for a maze with levels), the first joined to each other one (an edge list's ``{...}`` data ignored), and ``#``
comment lines. A GML text (networkx's ``write_gml``) is told here (:func:`is_gml`), without networkx, and read by
:func:`tremaux.io.graph.from_gml`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import CellError, InvalidMazeError, InvalidSizeError, MazeFormatError, UnsupportedError
from ..maze.model import Maze

_CELL = r"\(\s*(\d+)\s*,\s*(\d+)\s*\)"
_EDGE = re.compile(_CELL + r"\s*<-->\s*" + _CELL)


def is_tokens(text: str) -> bool:
    """Whether ``text`` holds a maze as tokens (its adjacency list's start token)."""
    return isinstance(text, str) and "<ADJLIST_START>" in text


def tokens_text(cells: np.ndarray, path: Sequence[Sequence[int]] = (), origin: Sequence[int] | None = None,
                target: Sequence[int] | None = None) -> str:
    """The tokens of a maze's cells (uint8 side bits, ``(H, W)``), one line: the adjacency list, each passage
    once from its north or west cell in row-major order; then the origin, target and path when both ends are
    given (the path may be empty)."""
    h, w = cells.shape
    parts = ["<ADJLIST_START>"]
    for r, c in zip(*np.nonzero(cells & 6)):
        v = int(cells[r, c])
        if v & 2 and c + 1 < w:
            parts.append(f"({r},{c}) <--> ({r},{c + 1}) ;")
        if v & 4 and r + 1 < h:
            parts.append(f"({r},{c}) <--> ({r + 1},{c}) ;")
    parts.append("<ADJLIST_END>")
    if origin is not None and target is not None:
        parts += ["<ORIGIN_START>", _coord(origin), "<ORIGIN_END>", "<TARGET_START>", _coord(target), "<TARGET_END>",
                  "<PATH_START>", *(_coord(cell) for cell in path), "<PATH_END>"]
    return " ".join(parts)


def _coord(cell: Sequence[int]) -> str:
    r, c = (int(v) for v in cell)
    return f"({r},{c})"


def dumps(maze: Maze) -> str:
    """A maze as the tokens of ``maze-dataset`` (the ``tokens`` format), on one line.

    The passages, then the start (origin), the goal (target) and the shortest path between them when the maze
    has both (``<PATH_START> <PATH_END>`` when the goal cannot be reached). maze-dataset's grids are square:
    it reads an ``H x W`` maze as the square that holds it.

    Parameters
    ----------
    maze : Maze
        A maze of one level, without a mask (maze-dataset has no cells that do not exist).

    Returns
    -------
    str
        The text, without a final newline.

    Raises
    ------
    UnsupportedError
        For a maze with levels or a mask, or one whose last row or column has
        no passage (the reader would lose it).

    Examples
    --------
    >>> from tremaux.maze import Maze
    >>> from tremaux.io._tokens import dumps, from_tokens
    >>> m = Maze.open((1, 2), start=(0, 0), goal=(0, 1))
    >>> dumps(m)
    '<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (0,1) <TARGET_END> <PATH_START> (0,0) (0,1) <PATH_END>'
    >>> from_tokens(dumps(m)) == m
    True
    """
    if maze.ndim != 2 or maze.mask is not None:
        raise UnsupportedError(f"the tokens of maze-dataset hold a maze of one level without a mask, not "
                               f"{'a maze with levels' if maze.ndim != 2 else 'a masked maze'}; write it as json or npz")
    from .. import budget

    budget.check(text_bytes(maze.shape3), f"the tokens of a {' x '.join(map(str, maze.shape))} maze")
    _check_extent(maze)
    path: list = []
    if maze.start is not None and maze.goal is not None:
        from ..solvers import solve

        path = list(solve(maze, "bfs").path)
    return tokens_text(np.asarray(maze.cells), path, maze.start, maze.goal)


def _check_extent(maze: Maze) -> None:
    """Refuse a maze whose last row or column has no passage: a reader takes the maze's size from the cells of
    the passages listed (a maze of one cell from its start or goal), so that row or column would be lost."""
    named = np.asarray(maze.cells) != 0
    H, W = maze.shape
    rows, cols = np.nonzero(named)
    if H * W > 1 and (not rows.size or rows.max() < H - 1 or cols.max() < W - 1):
        side = "any cell" if not rows.size else ("its last row" if rows.max() < H - 1 else "its last column")
        raise UnsupportedError(f"the tokens of maze-dataset name only cells with a passage, "
                               f"and this {H} x {W} maze has none in {side}: its size would be lost; "
                               "write it as json or npz")


def text_bytes(shape3: tuple[int, int, int]) -> int:
    """Peak memory of writing a maze of ``shape3`` as tokens (two passages a cell as Python strings, the search
    for the path between the start and the goal, and the text).

    Parameters
    ----------
    shape3 : tuple of int
        ``(L, H, W)``.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.io._tokens import text_bytes
    >>> text_bytes((1, 10, 10)) > 100 * 28
    True
    """
    L, H, W = (int(x) for x in shape3)
    return 1024 * L * H * W


def _block(text: str, name: str, source: str | None) -> str | None:
    found = re.findall(rf"<{name}_START>(.*?)<{name}_END>", text, flags=re.S)
    if len(found) > 1:
        raise MazeFormatError(f"two <{name}_START> ... <{name}_END> in one maze", source=source)
    return found[0] if found else None


def _one_cell(body: str | None, name: str, source: str | None) -> tuple[int, int] | None:
    if body is None:
        return None
    cells = re.findall(_CELL, body)
    if len(cells) != 1 or re.sub(_CELL, "", body).strip():
        raise MazeFormatError(f"<{name}_START> holds {body.strip()[:40]!r}, not one cell (row,col)", source=source)
    return (int(cells[0][0]), int(cells[0][1]))


def from_tokens(text: str, source: str | None = None) -> Maze:
    """The maze of a text of ``maze-dataset`` tokens: the ``tokens`` format of :func:`tremaux.io.loads`, which
    :func:`tremaux.io.dumps` writes (see the module documentation)."""
    import networkx as nx

    from .graph import from_graph

    from .. import budget

    # a graph of the cells first: about 35 bytes a character of text, measured
    budget.check(64 * len(text), f"reading {budget.format_bytes(len(text))} of maze-dataset tokens")
    count = text.count("<ADJLIST_START>")
    if count > 1:
        raise MazeFormatError(f"{count} mazes of tokens in one text; a maze file holds one (split the lines)",
                              source=source)
    body = _block(text, "ADJLIST", source)
    if body is None:
        raise MazeFormatError("<ADJLIST_START> without its <ADJLIST_END>", source=source)
    links = [part.strip() for part in body.split(";") if part.strip()]
    G = nx.Graph()
    for link in links:
        found = _EDGE.fullmatch(link)
        if not found:
            raise MazeFormatError(f"{link[:40]!r} in the adjacency list is not a connection (r,c) <--> (r,c)",
                                  source=source)
        a, b = (int(found[1]), int(found[2])), (int(found[3]), int(found[4]))
        G.add_edge(a, b)
    start = _one_cell(_block(text, "ORIGIN", source), "ORIGIN", source)
    goal = _one_cell(_block(text, "TARGET", source), "TARGET", source)
    if not G.number_of_nodes():  # a maze of one cell has no passage: its origin or target names the cell
        G.add_nodes_from(cell for cell in (start, goal) if cell is not None)
    if not G.number_of_nodes():
        raise MazeFormatError("the adjacency list names no cell", source=source)
    # maze-dataset's lattice is every cell of the rectangle the passages span: a cell left out has no passage
    # (closed), it is not a hole (tokens hold no mask)
    H, W = (max(cell[k] for cell in G.nodes) + 1 for k in (0, 1))
    if min(min(cell) for cell in G.nodes) >= 0:
        budget.check(200 * H * W, f"a {H} x {W} maze of tokens")
        G.add_nodes_from((r, c) for r in range(H) for c in range(W))
    try:
        return from_graph(G, start=start, goal=goal)
    except (InvalidMazeError, CellError, InvalidSizeError) as exc:
        raise MazeFormatError(f"a maze of tokens: {exc}", source=source) from None


_LIST_CELL = r"\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)"
"""A cell of an edge or adjacency list: ``(row, col)``, or ``(level, row, col)`` as a maze with levels writes."""
_LIST_LINE = re.compile(r"\s*(?:" + _LIST_CELL + r"\s*)+(?:\{.*\})?\s*")


def is_lists(text: str) -> bool:
    """Whether ``text`` is an edge list or an adjacency list of cells, as networkx writes them."""
    if not isinstance(text, str) or "(" not in text:
        return False
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return bool(lines) and all(_LIST_LINE.fullmatch(line) for line in lines)


def from_lists(text: str, source: str | None = None) -> Maze:
    """The maze of an edge list or adjacency list of cells (see the module documentation)."""
    import networkx as nx

    from .graph import from_graph

    G = nx.Graph()
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [tuple(int(x) for x in cell if x) for cell in re.findall(_LIST_CELL, line.split("{")[0])]
        G.add_node(cells[0])
        G.add_edges_from((cells[0], other) for other in cells[1:])
    try:
        return from_graph(G)
    except (InvalidMazeError, CellError, InvalidSizeError) as exc:
        raise MazeFormatError(f"a list of a maze's passages: {exc}", source=source) from None


_GML_HEAD = re.compile(r'\s*(?:(?:#[^\n]*(?:\n|$)|Creator\s+"[^"\n]*"|Version\s+[\w.]+)\s*)*graph\s*\[')
"""How a GML text starts: ``#`` comment lines (each to its end, so that a block text of ``#`` walls is matched
in linear time), ``Creator`` and ``Version``, then ``graph [``."""


def is_gml(text: Any) -> bool:
    """Whether ``text`` is a graph in GML, as networkx's ``write_gml`` writes it (``graph [``, after an optional
    ``Creator`` and ``Version`` and ``#`` comments).

    Parameters
    ----------
    text : object
        A file's text.

    Returns
    -------
    bool
        True for a text that starts as GML does.

    Examples
    --------
    >>> from tremaux.io._tokens import is_gml
    >>> is_gml('graph [\\n  node [ id 0 label "(0,0)" ]\\n]'), is_gml("#####\\n#S.G#\\n#####")
    (True, False)
    """
    return isinstance(text, str) and _GML_HEAD.match(text) is not None
