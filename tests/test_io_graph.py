"""Mazes to and from networkx graphs."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings

from random_mazes import mazes, random_perfect
from tremaux import Maze
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError
from tremaux.io.graph import ends, from_graph, to_graph
from tremaux.maze import properties as P


@settings(max_examples=80, deadline=None)
@given(mazes(max_side=5))
def test_graph_round_trip(maze):
    g = to_graph(maze)
    assert g.number_of_nodes() == maze.size
    assert g.number_of_edges() == maze.passages
    assert all(len(n) == maze.ndim for n in g.nodes)
    assert nx.number_connected_components(g) == P.component_count(maze)
    assert from_graph(g) == maze


def test_graph_of_a_perfect_maze_is_a_tree_and_solves():
    maze = random_perfect((5, 6), seed=4, start=(0, 0), goal=(4, 5))
    g = to_graph(maze)
    assert nx.is_tree(g)
    path = nx.shortest_path(g, *ends(g))
    assert len(path) - 1 == P.distances_from(maze, maze.start)[maze.goal]
    assert g.nodes[(0, 0)] == {"is_start": True} and g.nodes[(4, 5)] == {"is_goal": True}
    assert g.graph == {"shape": "(5, 6)", "start": "(0, 0)", "goal": "(4, 5)"}


def test_start_and_goal_from_node_attributes_and_inferred_shape():
    g = nx.Graph()
    g.add_edge((0, 0), (0, 1))
    g.add_node((2, 1), goal=True)
    g.nodes[(0, 0)]["start"] = True
    m = from_graph(g)
    assert m.shape == (3, 2) and m.start == (0, 0) and m.goal == (2, 1)
    assert m.size == 3 and m.mask is not None
    m2 = from_graph(g, shape=(4, 4), start=(0, 1))
    assert m2.shape == (4, 4) and m2.start == (0, 1)


def test_three_dimensional_edges():
    g = nx.Graph([((0, 0, 0), (1, 0, 0))])
    m = from_graph(g)
    assert m.shape == (2, 1, 1)
    assert m.cells.reshape(-1).tolist() == [16, 32]


@pytest.mark.parametrize(
    "graph, kwargs, error, message",
    [
        (nx.Graph([((0, 0), (1, 1))]), {}, InvalidMazeError, "not neighbours"),
        (nx.Graph([((0, 0), (0, 0))]), {}, InvalidMazeError, "not neighbours"),
        (nx.Graph([("a", "b")]), {}, InvalidMazeError, "not a cell tuple"),
        (nx.Graph([((0, 0), (0, 1, 0))]), {}, InvalidMazeError, "mix"),
        (nx.Graph([((0,), (1,))]), {}, InvalidMazeError, "must be a cell"),
        (nx.Graph([((0, -1), (0, 0))]), {}, InvalidMazeError, "negative"),
        (nx.Graph([((0, 0.5), (0, 0))]), {}, InvalidMazeError, "not a cell tuple"),
        (nx.Graph(), {}, InvalidMazeError, "no node"),
        (nx.DiGraph([((0, 0), (0, 1))]), {}, InvalidMazeError, "undirected"),
        (nx.Graph([((0, 0), (0, 5))]), {"shape": (1, 6)}, InvalidMazeError, "not neighbours"),
        (nx.Graph([((0, 0), (0, 1))]), {"shape": (1, 1)}, CellError, "outside the 1 x 1 grid"),
        (nx.Graph([((0, 0), (0, 1))]), {"shape": (0, 2)}, InvalidSizeError, "at least 1"),
        (nx.Graph([((0, 0), (0, 1))]), {"start": (3, 3)}, CellError, "outside"),
        (nx.Graph([((0, 0), (0, 1))]), {"shape": (2, 2, 2)}, InvalidMazeError, "level, row, col"),
    ],
)
def test_from_graph_errors(graph, kwargs, error, message):
    with pytest.raises(error, match=message):
        from_graph(graph, **kwargs)


def test_two_marked_starts_are_refused():
    g = nx.Graph([((0, 0), (0, 1))])
    nx.set_node_attributes(g, True, "start")
    with pytest.raises(InvalidMazeError, match="2 nodes marked start"):
        from_graph(g)


def test_masked_cells_are_not_nodes():
    mask = np.array([[True, False], [True, True]])
    g = to_graph(Maze.open((2, 2), mask=mask))
    assert sorted(g.nodes) == [(0, 0), (1, 0), (1, 1)]
    assert g.graph["shape"] == "(2, 2)"
    assert from_graph(g).shape == (2, 2)


def test_a_maze_graph_written_to_gml_or_graphml_reads_back_with_its_text_node_labels(tmp_path):
    import networkx as nx

    import tremaux
    from tremaux.io import graph

    maze = tremaux.generate((4, 5), "kruskal", seed=3).maze
    G = graph.to_graph(maze)
    nx.write_gml(G, tmp_path / "m.gml")  # nodes come back as the text "(0,0)"
    assert graph.from_graph(nx.read_gml(tmp_path / "m.gml")) == maze
    H = nx.relabel_nodes(G, str)  # GraphML keeps no tuple: nodes, start and goal as text "(0, 0)"
    H.graph = {k: str(v) for k, v in G.graph.items() if k != "shape"}
    nx.write_graphml(H, tmp_path / "m.graphml")
    back = graph.from_graph(nx.read_graphml(tmp_path / "m.graphml"))
    assert (back.cells == maze.cells).all() and back.start == maze.start and back.goal == maze.goal


@pytest.mark.parametrize("shape", [(4, 5), (2, 3, 3)])
@pytest.mark.parametrize("kind", ["graphml", "gexf"])
def test_the_graph_of_a_maze_writes_as_graphml_and_gexf_and_reads_back(tmp_path, kind, shape):
    import tremaux
    from tremaux import io

    maze = tremaux.generate(shape, "kruskal", seed=3).maze
    path = tmp_path / f"m.{kind}"
    getattr(nx, f"write_{kind}")(to_graph(maze), path)  # was: "GraphML writer does not support <class 'tuple'>"
    G = getattr(nx, f"read_{kind}")(path)  # GEXF: no start="True" read as a time any more
    assert from_graph(G) == maze
    assert ends(G) == (str(maze.start), str(maze.goal))  # as the file names its nodes
    assert io.load(path) == maze


def test_a_masked_maze_keeps_its_shape_through_graphml():
    import io as stdio

    mask = np.ones((3, 3), dtype=bool)
    mask[2, :] = False  # the last row masked: only the graph's shape tells it
    maze = Maze.open((3, 3), mask=mask, start=(0, 0), goal=(1, 2))
    out = stdio.BytesIO()
    nx.write_graphml(to_graph(maze), out)
    assert from_graph(nx.read_graphml(stdio.BytesIO(out.getvalue()))) == maze


def test_a_graph_of_the_former_layout_still_reads():
    maze = Maze.open((2, 3), start=(0, 0), goal=(1, 2))
    g = nx.Graph(to_graph(maze).edges, shape=(2, 3), start=(0, 0), goal=(1, 2))  # tuples in G.graph
    assert from_graph(g) == maze and ends(g) == ((0, 0), (1, 2))
    g.graph = {}
    g.nodes[(0, 0)]["start"] = True  # nodes marked start=True / goal=True
    g.nodes[(1, 2)]["goal"] = True
    assert from_graph(g) == maze and ends(g) == ((0, 0), (1, 2))


def test_a_graphml_text_that_is_no_maze_is_refused_in_one_line():
    from tremaux import io
    from tremaux.errors import MazeFormatError

    text = ('<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
            '<graph edgedefault="undirected"><node id="a"/></graph></graphml>')
    with pytest.raises(MazeFormatError, match="GraphML graph of a maze's passages: graph node 'a' is not a cell"):
        io.loads(text)
    with pytest.raises(MazeFormatError, match="GraphML graph networkx cannot read"):
        io.loads('<?xml version="1.0"?><graphml><graph><node></graph></graphml>')
