"""Mazes as networkx graphs: one node per cell, one edge per open passage.

Nodes are cell tuples ``(row, col)`` (or ``(level, row, col)``); every cell
that exists is a node, even one with no passage, and masked cells are not.
The start and goal nodes have the attribute ``is_start=True`` or
``is_goal=True``, and ``G.graph`` carries the maze's ``shape``, ``start`` and
``goal`` written as networkx writes a tuple node to a file, ``"(0, 1)"``: so
networkx's GraphML, GEXF and GML writers take every such graph, and
:func:`from_graph` reads the files back (:func:`tremaux.io.load` reads GML,
GraphML and GEXF files). :func:`ends` gives the start and goal as nodes, so
``nx.shortest_path(G, *ends(G))`` solves the maze. Graphs of the former
layout (tuples in ``G.graph``, nodes marked ``start=True`` / ``goal=True``)
read as before.

Examples
--------
>>> from tremaux.io.graph import to_graph, from_graph, ends
>>> import networkx as nx
>>> from tremaux.maze import Maze
>>> G = to_graph(Maze.open((2, 2), start=(0, 0), goal=(1, 1)))
>>> sorted(G.edges())
[((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
>>> G.graph, G.nodes[(1, 1)]
({'shape': '(2, 2)', 'start': '(0, 0)', 'goal': '(1, 1)'}, {'is_goal': True})
>>> len(nx.shortest_path(G, *ends(G)))
3
>>> from_graph(G) == Maze.open((2, 2), start=(0, 0), goal=(1, 1))
True
"""

from __future__ import annotations

import re
from typing import Any

import networkx as nx
import numpy as np

from ..errors import CellError, InvalidMazeError
from ..kernels import grid as kg
from ..maze.model import Maze, check_shape

__all__ = ["to_graph", "from_graph", "ends", "is_graph_data", "from_graph_data", "from_gml", "from_markup"]


def to_graph(maze: Maze) -> nx.Graph:
    """The passage graph of ``maze`` (see the module documentation).

    Parameters
    ----------
    maze : Maze
        The maze to convert (or what :func:`tremaux.generate` or :func:`tremaux.solve` returns: its maze).

    Returns
    -------
    networkx.Graph
        A node per existing cell, an edge per open passage; ``is_start=True`` /
        ``is_goal=True`` on the start and goal nodes, and the graph's ``shape``,
        ``start`` and ``goal`` attributes as text, ``"(0, 1)"`` (``start`` and
        ``goal`` only when the maze has them): GraphML, GEXF and GML files keep
        no tuple and no None.

    Raises
    ------
    InvalidMazeError
        For what is not a maze (a maze on another grid: ``GridMaze.to_networkx``).

    Examples
    --------
    >>> from tremaux.io.graph import to_graph
    >>> from tremaux.maze import Maze
    >>> G = to_graph(Maze.open((1, 2), start=(0, 0)))
    >>> list(G.edges()), G.graph["shape"], G.nodes[(0, 0)]
    ([((0, 0), (0, 1))], '(1, 2)', {'is_start': True})
    """
    maze = _maze_of(maze)
    marks = {k: str(v) for k, v in (("start", maze.start), ("goal", maze.goal)) if v is not None}
    G = nx.Graph(shape=str(tuple(maze.shape)), **marks)  # text, as the writers put the tuple nodes: no tuple, no None
    exists = np.flatnonzero(maze.flat_mask)
    G.add_nodes_from(map(tuple, maze.cells_of(exists).tolist()))
    L, H, W = maze.shape3
    flat = maze.flat
    src = []
    dst = []
    for d, bit in ((kg.E, 2), (kg.S, 4), (kg.U, 16)):
        i = np.flatnonzero(flat & bit)
        src.append(i)
        dst.append(i + (1 if d == kg.E else W if d == kg.S else W * H))
    a = maze.cells_of(np.concatenate(src)).tolist()
    b = maze.cells_of(np.concatenate(dst)).tolist()
    G.add_edges_from(zip(map(tuple, a), map(tuple, b)))
    if maze.start is not None:  # not "start": GEXF keeps that name for the time a node appears
        G.nodes[maze.start]["is_start"] = True
    if maze.goal is not None:
        G.nodes[maze.goal]["is_goal"] = True
    return G


def _maze_of(obj: Any) -> Maze:
    if not isinstance(obj, Maze) and isinstance(getattr(obj, "maze", None), Maze):
        obj = obj.maze  # a generation or a solution: its maze
    if isinstance(obj, Maze):
        return obj
    grid = hasattr(obj, "grid") or hasattr(getattr(obj, "maze", None), "grid")
    hint = "; a maze on another grid gives its graph as GridMaze.to_networkx()" if grid else ""
    raise InvalidMazeError(f"to_graph needs a tremaux.Maze, not {type(obj).__name__}{hint}")


_LABEL = re.compile(r"\s*[(\[]?\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?[)\]]?\s*")


def _node(node: Any, ndim: int | None) -> tuple[int, ...]:
    if isinstance(node, str):  # a cell written as text: "(0, 1)", as GML and GraphML files give the nodes back
        found = _LABEL.fullmatch(node)
        if found:
            node = tuple(int(x) for x in found.groups() if x is not None)
    try:
        t = tuple(int(x) for x in node)
        if any(int(x) != x for x in node):
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidMazeError(f"graph node {node!r} is not a cell tuple (row, col) or (level, row, col)") from None
    if len(t) not in (2, 3) or (ndim is not None and len(t) != ndim):
        want = "(row, col) or (level, row, col)" if ndim is None else ("(row, col)" if ndim == 2 else "(level, row, col)")
        raise InvalidMazeError(f"graph node {node!r} must be a cell {want}")
    if min(t) < 0:
        raise InvalidMazeError(f"graph node {node!r} has a negative coordinate")
    return t


def _marked(G: nx.Graph, key: str) -> Any:
    value = G.graph.get(key)
    if value is not None:
        return _node(value, None) if isinstance(value, str) else value
    found = [n for n, data in G.nodes(data=True) if data.get(f"is_{key}") or data.get(key)]
    if len(found) > 1:
        raise InvalidMazeError(f"graph has {len(found)} nodes marked {key} (is_{key}=True); a maze has at most one {key}")
    return _node(found[0], None) if found else None


def ends(G: nx.Graph) -> tuple[Any, Any]:
    """The start and goal cells of a maze's passage graph (None for one it has not).

    Read from ``G.graph["start"]`` / ``["goal"]`` (a cell, or a cell as text, ``"(0, 1)"``), or else from the
    node marked ``is_start=True`` / ``is_goal=True`` (or ``start=True`` / ``goal=True``, as graphs were once
    marked). A cell is given as ``G`` names its nodes: a tuple for :func:`to_graph`'s graph, the text
    ``"(0, 1)"`` for one read back from a GraphML or GEXF file.

    Parameters
    ----------
    G : networkx.Graph
        A maze's passage graph, as :func:`to_graph` makes it.

    Returns
    -------
    tuple
        ``(start, goal)``.

    Raises
    ------
    InvalidMazeError
        For a start or goal that is not a cell, or a graph with two nodes marked as the start (or the goal).

    Examples
    --------
    >>> import networkx as nx
    >>> from tremaux.io.graph import to_graph, ends
    >>> from tremaux.maze import Maze
    >>> G = to_graph(Maze.open((2, 3), start=(0, 0), goal=(1, 2)))
    >>> ends(G)
    ((0, 0), (1, 2))
    >>> nx.shortest_path_length(G, *ends(G))
    3
    """
    out = []
    for key in ("start", "goal"):
        cell = _marked(G, key)
        if cell is not None:
            cell = _node(cell, None)
            if cell not in G:
                cell = next((n for n in G if isinstance(n, str) and _LABEL.fullmatch(n)
                             and _node(n, None) == cell), cell)
        out.append(cell)
    return out[0], out[1]


def from_graph(G: nx.Graph, *, shape=None, start=None, goal=None) -> Maze:
    """The maze whose passage graph is ``G`` (the inverse of :func:`to_graph`).

    Parameters
    ----------
    G : networkx.Graph
        Nodes are cells, edges join neighbouring cells; a node may be a cell written as text, ``"(0, 1)"``,
        as networkx reads the nodes of a GML or GraphML file.
    shape : tuple of int, optional
        ``(H, W)`` or ``(L, H, W)``; by default ``G.graph["shape"]``, or else
        the smallest grid holding every node. Cells of the shape that are not
        nodes are masked.
    start, goal : tuple of int, optional
        By default ``G.graph["start"]`` / ``["goal"]``, or the node with the
        attribute ``start=True`` / ``goal=True``.

    Returns
    -------
    Maze
        The maze whose passages are the edges of ``G``.

    Raises
    ------
    InvalidMazeError
        For a node that is not a cell tuple, an edge between cells that are not
        neighbours, or a graph with no node.
    InvalidSizeError
        For a bad shape.
    CellError
        For a node, start or goal outside the shape.

    Examples
    --------
    >>> from tremaux.io.graph import from_graph
    >>> import networkx as nx
    >>> from_graph(nx.path_graph([(0, 0), (0, 1), (1, 1)]))
    Maze(shape=(2, 2), passages=2, cells=3)
    >>> from_graph(nx.Graph([("(0, 0)", "(0, 1)")]))  # nodes read back from a GML or GraphML file
    Maze(shape=(1, 2), passages=1)
    >>> from_graph(nx.Graph([((0, 0), (1, 1))]))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: graph edge ((0, 0), (1, 1)) joins cells that are not neighbours
    """
    if not isinstance(G, nx.Graph) or G.is_directed() or G.is_multigraph():
        raise InvalidMazeError(f"expected an undirected networkx.Graph, not {type(G).__name__}")
    if G.number_of_nodes() == 0:
        raise InvalidMazeError("the graph has no node, so the maze would have no cell")
    if shape is None:
        shape = G.graph.get("shape")
        if isinstance(shape, str):  # "(3, 4)", as to_graph writes it
            shape = _node(shape, None) if _LABEL.fullmatch(shape) else shape
    nodes = [_node(n, None if shape is None else len(tuple(shape))) for n in G.nodes]
    ndim = len(nodes[0])
    if any(len(n) != ndim for n in nodes):
        raise InvalidMazeError("graph nodes mix (row, col) and (level, row, col) cells")
    coords = np.array(nodes, dtype=np.int64)
    if shape is None:
        shape = tuple(int(x) + 1 for x in coords.max(axis=0))
    check_shape(shape)
    dims = tuple(int(x) for x in shape)
    from .. import budget

    budget.check(4 * int(np.prod(dims)), f"the maze of a graph on a {' x '.join(map(str, dims))} grid")
    outside = (coords >= np.array(dims)).any(axis=1)
    if outside.any():
        n = nodes[int(np.argmax(outside))]
        raise CellError(f"graph node {n} is outside the {' x '.join(map(str, dims))} grid")
    exists = np.zeros(dims, dtype=bool)
    exists[tuple(coords.T)] = True
    cells = np.zeros(dims, dtype=np.uint8)
    for u, v in G.edges:
        a, b = _node(u, ndim), _node(v, ndim)
        diff = [y - x for x, y in zip(a, b)]
        if sum(abs(x) for x in diff) != 1:
            raise InvalidMazeError(f"graph edge ({u!r}, {v!r}) joins cells that are not neighbours")
        k = ndim - 1 - int(np.flatnonzero(diff)[0])  # 0: column, 1: row, 2: level
        fwd, back = ((2, 8), (4, 1), (16, 32))[k]
        if sum(diff) < 0:
            a, b = b, a
        cells[a] |= fwd
        cells[b] |= back
    start = _marked(G, "start") if start is None else start
    goal = _marked(G, "goal") if goal is None else goal
    mask = None if exists.all() else exists
    return Maze(cells, mask=mask, start=start, goal=goal, validate=False)


def is_graph_data(data: Any) -> bool:
    """Whether parsed JSON is a graph as networkx writes it: ``node_link_data`` or ``adjacency_data``.

    Parameters
    ----------
    data : object
        Parsed JSON.

    Returns
    -------
    bool
        True for an object with ``"nodes"`` and ``"links"`` (or ``"edges"``, or ``"adjacency"``) and no
        ``"format"`` field of its own.

    Examples
    --------
    >>> from tremaux.io.graph import is_graph_data
    >>> is_graph_data({"nodes": [{"id": [0, 0]}], "links": []}), is_graph_data({"format": "tremaux-maze"})
    (True, False)
    """
    return (isinstance(data, dict) and "format" not in data and isinstance(data.get("nodes"), list)
            and any(isinstance(data.get(k), list) for k in ("links", "edges", "adjacency")))


def _json_node(value: Any) -> Any:
    """A node id as JSON gives it back: a cell tuple written as a list, ``[0, 1]``, is the tuple again."""
    if isinstance(value, list) and all(isinstance(x, (int, float, str)) for x in value):
        return tuple(value)
    if isinstance(value, (int, float, str)):
        return value
    raise InvalidMazeError(f"graph node id {_short(value)} is not a cell, [row, col] or [level, row, col]")


def from_graph_data(data: dict[str, Any]) -> Maze:
    """The maze of a passage graph saved as JSON by networkx (``node_link_data`` or ``adjacency_data``).

    Parameters
    ----------
    data : dict
        Parsed JSON with ``"nodes"`` (objects with an ``"id"``, a cell, and optionally ``"start"``/``"goal"``
        set true) and ``"links"`` or ``"edges"`` (objects with ``"source"`` and ``"target"``), or
        ``"adjacency"`` (for each node, the list of its neighbours' objects with an ``"id"``); its
        ``"graph"`` object may carry ``shape``, ``start`` and ``goal``.

    Returns
    -------
    Maze
        As :func:`from_graph` reads the graph.

    Raises
    ------
    InvalidMazeError
        For a node or link that is not written as networkx writes one, or as :func:`from_graph` refuses.

    Examples
    --------
    >>> import json, networkx as nx
    >>> from tremaux.io.graph import to_graph, from_graph_data
    >>> from tremaux.maze import Maze
    >>> m = Maze.open((2, 2), start=(0, 0), goal=(1, 1))
    >>> from_graph_data(json.loads(json.dumps(nx.node_link_data(to_graph(m))))) == m
    True
    """
    G = nx.Graph()
    for k, v in data["graph"].items() if isinstance(data.get("graph"), dict) else ():
        if k in ("shape", "start", "goal") and v is not None:
            G.graph[k] = _json_node(v)
    nodes = data["nodes"]
    for n in nodes:
        if not isinstance(n, dict) or "id" not in n:
            raise InvalidMazeError(f"graph node {_short(n)} has no \"id\"")
        G.add_node(_json_node(n["id"]), **{k: v for k, v in n.items() if k in ("start", "goal", "is_start", "is_goal")})
    if isinstance(data.get("adjacency"), list):
        if len(data["adjacency"]) != len(nodes):
            raise InvalidMazeError(f"the graph has {len(nodes)} nodes but {len(data['adjacency'])} adjacency lists")
        for n, near in zip(nodes, data["adjacency"]):
            for m in near if isinstance(near, list) else [near]:
                if not isinstance(m, dict) or "id" not in m:
                    raise InvalidMazeError(f"graph neighbour {_short(m)} has no \"id\"")
                G.add_edge(_json_node(n["id"]), _json_node(m["id"]))
    else:
        for e in data["links"] if isinstance(data.get("links"), list) else data["edges"]:
            if not isinstance(e, dict) or "source" not in e or "target" not in e:
                raise InvalidMazeError(f"graph link {_short(e)} has no \"source\" and \"target\"")
            G.add_edge(_json_node(e["source"]), _json_node(e["target"]))
    return from_graph(G)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def from_gml(text: str, source: str | None = None) -> Maze:
    """The maze of a passage graph in GML, as networkx's ``write_gml`` writes :func:`to_graph`'s graph.

    Node labels are the cells, ``"(0,1)"``; the graph's ``shape``, ``start`` and ``goal``, and nodes marked
    ``start 1`` / ``goal 1``, are read as :func:`from_graph` reads them.

    Parameters
    ----------
    text : str
        The GML text.
    source : str, optional
        The file's name, for messages.

    Returns
    -------
    Maze
        As :func:`from_graph` reads the graph.

    Raises
    ------
    MazeFormatError
        In one line, for a text networkx cannot read as GML or a graph that is no maze.

    Examples
    --------
    >>> import networkx as nx
    >>> from tremaux.io.graph import to_graph, from_gml
    >>> from tremaux.maze import Maze
    >>> m = Maze.open((2, 2), start=(0, 0), goal=(1, 1))
    >>> from_gml("\\n".join(nx.generate_gml(to_graph(m)))) == m
    True
    """
    return _read_graph("GML", lambda: nx.parse_gml(text, label="label"), source)


def _read_graph(name: str, parse: Any, source: str | None) -> Maze:
    """The maze of the graph ``parse()`` reads from a file in format ``name``; one :class:`MazeFormatError` line
    for a text networkx cannot read or a graph that is no maze (lists read back as tuples, a multigraph or a
    directed one as its plain graph)."""
    from xml.etree.ElementTree import ParseError

    from ..errors import InvalidSizeError, MazeFormatError

    try:
        G = parse()
    except (nx.NetworkXError, ValueError, KeyError, TypeError, ParseError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise MazeFormatError(f"a {name} graph networkx cannot read: {first}", source=source) from None
    try:
        for key in ("shape", "start", "goal"):
            if isinstance(G.graph.get(key), list):
                G.graph[key] = _json_node(G.graph[key])
        if isinstance(G, nx.MultiGraph) or G.is_directed():
            G = nx.Graph(G)
        return from_graph(G)
    except (InvalidMazeError, CellError, InvalidSizeError) as exc:
        raise MazeFormatError(f"a {name} graph of a maze's passages: {exc}", source=source) from None


def from_markup(text: str, source: str | None = None) -> Maze:
    """The maze of a passage graph in GraphML or GEXF, as networkx's ``write_graphml`` and ``write_gexf`` write
    :func:`to_graph`'s graph (a GEXF file keeps no ``shape``: the smallest grid holding every node).

    Parameters
    ----------
    text : str
        The XML text, whose root is ``<graphml>`` or ``<gexf>``.
    source : str, optional
        The file's name, for messages.

    Returns
    -------
    Maze
        As :func:`from_graph` reads the graph.

    Raises
    ------
    MazeFormatError
        In one line, for a text networkx cannot read as GraphML or GEXF, or a graph that is no maze.

    Examples
    --------
    >>> import io, networkx as nx
    >>> from tremaux.io.graph import to_graph, from_markup
    >>> from tremaux.maze import Maze
    >>> m = Maze.open((2, 2), start=(0, 0), goal=(1, 1))
    >>> out = io.BytesIO()
    >>> nx.write_graphml(to_graph(m), out)
    >>> from_markup(out.getvalue().decode()) == m
    True
    """
    import io

    from ._inputs import graph_markup

    if graph_markup(text) == "gexf":
        return _read_graph("GEXF", lambda: nx.read_gexf(io.BytesIO(text.encode("utf-8"))), source)
    return _read_graph("GraphML", lambda: nx.parse_graphml(text), source)
