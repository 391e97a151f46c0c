"""Mazes to and from networkx graphs."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings

from random_mazes import mazes, random_perfect
from tremaux import Maze
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError
from tremaux.io.graph import from_graph, to_graph
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
    path = nx.shortest_path(g, g.graph["start"], g.graph["goal"])
    assert len(path) - 1 == P.distances_from(maze, maze.start)[maze.goal]
    assert g.nodes[(0, 0)] == {"start": True}


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
    assert g.graph["shape"] == (2, 2)


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
