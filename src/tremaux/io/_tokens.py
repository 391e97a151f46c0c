"""A maze written as the tokens of the ``maze-dataset`` library, as language models are trained on them.

``<ADJLIST_START> (0,0) <--> (0,1) ; ... <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (2,3)
<TARGET_END>`` and optionally ``<PATH_START> ... <PATH_END>``: the connections are the maze's passages, the
origin its start and the target its goal (a path, the solution, is not needed to read the maze). The grid is the
smallest holding every cell named. One maze a text: a file of many, one a line, is refused with their number.

networkx's ``write_edgelist`` and ``write_adjlist`` texts of a maze's graph read too (:func:`from_lists`): lines of
cells ``(0, 0) (0, 1)`` (or ``(level, row, col)`` for a maze with levels), the first joined to each other one (an edge list's ``{...}`` data ignored), and ``#``
comment lines. A GML text (networkx's ``write_gml``) is told here (:func:`is_gml`), without networkx, and read by
:func:`tremaux.io.graph.from_gml`.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import CellError, InvalidMazeError, InvalidSizeError, MazeFormatError
from ..maze.model import Maze

_CELL = r"\(\s*(\d+)\s*,\s*(\d+)\s*\)"
_EDGE = re.compile(_CELL + r"\s*<-->\s*" + _CELL)


def is_tokens(text: str) -> bool:
    """Whether ``text`` holds a maze as tokens (its adjacency list's start token)."""
    return isinstance(text, str) and "<ADJLIST_START>" in text


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
    """The maze of a text of ``maze-dataset`` tokens (see the module documentation)."""
    import networkx as nx

    from .graph import from_graph

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
    if not G.number_of_nodes():
        raise MazeFormatError("the adjacency list names no cell", source=source)
    start = _one_cell(_block(text, "ORIGIN", source), "ORIGIN", source)
    goal = _one_cell(_block(text, "TARGET", source), "TARGET", source)
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
