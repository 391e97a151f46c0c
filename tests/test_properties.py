"""Maze properties: counting facts of the founding article, islands, dead ends, reachability."""

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from random_mazes import mazes, perfect_mazes, random_perfect
from tremaux import Maze
from tremaux.errors import CellError
from tremaux.io import ascii as A
from tremaux.io.graph import to_graph
from tremaux.maze import properties as P

FAST = settings(max_examples=60, deadline=None)

# Two nested islands (the "îlots imbriqués" of the article): the walls round
# the middle ring and round the centre cell each form a group of walls not
# attached to the outer wall.
NESTED = """
+---+---+---+---+---+
|                   |
+   +---+   +---+   +
|   |           |   |
+   +   +---+   +   +
|   |   |   |   |   |
+   +   +   +   +   +
|   |           |   |
+   +---+---+---+   +
|                   |
+---+---+---+---+---+
"""

# An island that encloses a cell nobody can reach.
WALLED_IN = """
+---+---+---+
| S         |
+   +---+   +
|   |   |   |
+   +---+   +
|           |
+---+---+---+
"""


# ---------------------------------------------------------------- the article's counting facts
@FAST
@given(perfect_mazes())
def test_perfect_maze_opens_mn_minus_1_walls_and_keeps_m1_n1(maze):
    m, n = maze.shape
    assert maze.passages == m * n - 1
    assert P.wall_count(maze) == (m - 1) * (n - 1)
    # all interior walls possible: 2mn - m - n
    assert P.wall_count(maze) + maze.passages == 2 * m * n - m - n
    assert P.is_perfect(maze)
    assert P.loop_count(maze) == 0
    assert P.island_count(maze) == 0
    assert P.unreachable_count(maze) == 0


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (4, 5), (2, 3, 4)])
def test_perfect_maze_counts_on_fixed_shapes(shape):
    maze = random_perfect(shape, seed=7)
    cells = int(np.prod(shape))
    assert maze.passages == cells - 1
    assert P.is_perfect(maze)
    assert P.summary(maze)["perfect"] is True


def test_wall_count_of_closed_and_open_grids():
    assert P.wall_count(Maze.closed((3, 4))) == 2 * 12 - 3 - 4
    assert P.wall_count(Maze.closed((2, 3, 4))) == 2 * (2 * 12 - 3 - 4) + 12
    assert P.wall_count(Maze.open((2, 3, 4))) == 0
    mask = np.array([[True, True, False], [True, True, True]])
    # pairs of existing neighbours: (0,0)-(0,1), (1,0)-(1,1), (1,1)-(1,2), (0,0)-(1,0), (0,1)-(1,1)
    assert P.wall_count(Maze.closed((2, 3), mask=mask)) == 5
    assert P.wall_count(Maze.open((2, 3), mask=mask)) == 0


# ---------------------------------------------------------------- islands
def _naive_islands(maze: Maze) -> int:
    """Islands counted with networkx on the post lattice, level by level."""
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    exists = maze.flat_mask.reshape(L, H, W)
    total = 0
    for lv in range(L):
        g = nx.Graph()
        g.add_node("outer")

        def ok(r, c):
            return 0 <= r < H and 0 <= c < W and exists[lv, r, c]

        for r in range(H + 1):
            for c in range(W):  # between (r-1, c) and (r, c)
                both = ok(r - 1, c) and ok(r, c)
                if both and cells[lv, r, c] & 1:
                    continue
                g.add_edge((r, c), (r, c + 1))
                if not both:
                    g.add_edge((r, c), "outer")
        for r in range(H):
            for c in range(W + 1):  # between (r, c-1) and (r, c)
                both = ok(r, c - 1) and ok(r, c)
                if both and cells[lv, r, c] & 8:
                    continue
                g.add_edge((r, c), (r + 1, c))
                if not both:
                    g.add_edge((r, c), "outer")
        total += sum(1 for comp in nx.connected_components(g) if "outer" not in comp)
    return total


def _bare_inner_posts(maze: Maze) -> int:
    """Inner posts with no wall: the four cells round them are joined in a square."""
    c = maze.cells
    nw, se = c[:-1, :-1], c[1:, 1:]
    return int(np.count_nonzero(((nw & 6) == 6) & ((se & 9) == 9)))


def test_nested_islands():
    maze = A.loads(NESTED)
    labels, count = P.islands(maze)
    assert count == 2
    assert P.loop_count(maze) == 2
    assert labels.shape == (6, 6)
    # the walls round the centre cell are one island, those round the middle ring another
    assert labels[2, 2] == labels[3, 3] != labels[1, 1]
    assert labels[1, 1] == labels[4, 4] >= 0
    assert (labels[0, :] == -1).all() and (labels[:, 0] == -1).all()


def test_island_isolating_an_unreachable_cell():
    maze = A.loads(WALLED_IN)
    assert P.island_count(maze) == 1
    assert P.unreachable(maze).tolist() == [[False] * 3, [False, True, False], [False] * 3]
    assert P.unreachable_count(maze) == 1
    s = P.summary(maze)
    assert (s["islands"], s["loops"], s["components"], s["unreachable"]) == (1, 1, 2, 1)


def test_walls_next_to_a_mask_are_outer_wall():
    # a masked hole in an open field: its walls belong to the outer wall, no island
    mask = np.ones((3, 3), bool)
    mask[1, 1] = False
    maze = Maze.open((3, 3), mask=mask)
    assert P.island_count(maze) == 0
    assert P.loop_count(maze) == 1
    # the same ring with the middle cell present but closed: an island
    ring = A.loads(WALLED_IN.replace("S", " "))
    assert P.island_count(ring) == 1


@FAST
@given(mazes(max_side=5))
def test_islands_match_a_networkx_reference(maze):
    assert P.island_count(maze) == _naive_islands(maze)
    labels, count = P.islands(maze)
    assert labels.shape[-2:] == (maze.height + 1, maze.width + 1)
    assert sorted(set(labels.reshape(-1).tolist()) - {-1}) == list(range(count))


@FAST
@given(mazes(max_side=6, masks=False, levels=False))
def test_loops_are_islands_plus_bare_posts_on_a_plain_grid(maze):
    # Euler: each independent loop of a flat unmasked maze encloses exactly one
    # group of posts not attached to the outer wall (an island or a bare post)
    assert P.loop_count(maze) == P.island_count(maze) + _bare_inner_posts(maze)


# ---------------------------------------------------------------- dead ends, reachability
@FAST
@given(mazes(max_side=5))
def test_dead_ends_are_degree_one_cells(maze):
    g = to_graph(maze)
    want = sorted(n for n in g.nodes if g.degree(n) == 1)
    assert sorted(map(tuple, P.dead_ends(maze).tolist())) == want
    assert P.dead_end_count(maze) == len(want)


@FAST
@given(mazes(max_side=5))
def test_unreachable_matches_networkx(maze):
    g = to_graph(maze)
    un = P.unreachable(maze)
    assert un.shape == maze.shape
    if maze.start is not None:
        reach = nx.node_connected_component(g, maze.start)
    else:
        comps = sorted(nx.connected_components(g), key=lambda c: (-len(c), min(c)))
        reach = comps[0]
    want = sorted(n for n in g.nodes if n not in reach)
    assert sorted(map(tuple, np.argwhere(un).tolist())) == want


def test_unreachable_without_start_keeps_the_largest_component():
    cells = np.array([[2, 8, 0], [2, 10, 8]], dtype=np.uint8)
    maze = Maze(cells)
    assert P.unreachable(maze).tolist() == [[True, True, True], [False, False, False]]
    assert P.unreachable(maze, start=(0, 2)).sum() == 5
    with pytest.raises(CellError):
        P.unreachable(maze, start=(5, 5))


# ---------------------------------------------------------------- summary
@FAST
@given(mazes(max_side=5))
def test_summary_is_consistent_and_json_ready(maze):
    s = P.summary(maze)
    json.dumps(s)
    assert s["cells"] == maze.size == sum(s["degrees"].values())
    assert s["cells"] + s["masked"] == maze.cells.size
    assert s["passages"] == maze.passages
    assert sum(int(d) * n for d, n in s["degrees"].items()) == 2 * s["passages"]
    assert s["loops"] == P.loop_count(maze) >= 0
    assert s["perfect"] == P.is_perfect(maze)
    assert s["dead_ends"] == s["degrees"].get("1", 0)
    assert s["unreachable"] == P.unreachable_count(maze)
    assert s["islands"] == P.islands(maze)[1] == P.island_count(maze)
    assert s["components"] == P.component_count(maze)
    assert s["shape"] == list(maze.shape)
    if s["distance"] is not None:
        assert s["distance"] == P.distances_from(maze, maze.start)[maze.goal]


def test_summary_distance_none_when_goal_unreachable():
    maze = Maze.closed((1, 2), start=(0, 0), goal=(0, 1))
    assert P.summary(maze)["distance"] is None
    assert P.summary(maze.replace(goal=(0, 0)))["distance"] == 0


# ---------------------------------------------------------------- the growing-tree examples of seed 003
@pytest.mark.parametrize("name", ["seed003_dfs_naive", "seed003_dfs_better", "seed003_bfs", "seed003_prim"])
def test_seed003_mazes_are_spanning_trees_of_40_cells(golden, name):
    maze = A.loads(golden(name + ".txt"))
    s = P.summary(maze)
    assert (s["cells"], s["passages"], s["perfect"]) == (40, 39, True)
    assert s["walls"] == (5 - 1) * (8 - 1)


def test_seed003_degree_facts(golden):
    # "there are no degree 4 cells" in both DFS mazes
    for name in ("seed003_dfs_naive", "seed003_dfs_better"):
        assert "4" not in P.summary(A.loads(golden(name + ".txt")))["degrees"]
    # "I count three degree-4 cells and ten degree-3 cells" (BFS)
    bfs = P.summary(A.loads(golden("seed003_bfs.txt")))["degrees"]
    assert (bfs["4"], bfs["3"]) == (3, 10)
    # "The start cell S is the only degree-4 cell" (simplified Prim)
    prim = A.loads(golden("seed003_prim.txt"))
    deg = P.degrees(prim)
    assert [tuple(c) for c in np.argwhere(deg == 4)] == [prim.start]


@pytest.fixture
def golden():
    from pathlib import Path

    root = Path(__file__).parent / "golden"
    return lambda name: (root / name).read_text()


@given(st.integers(1, 4), st.integers(1, 4))
@settings(max_examples=20, deadline=None)
def test_closed_grid_islands_are_all_attached(h, w):
    # every wall of a closed grid touches the outer wall through the grid of walls
    assert P.island_count(Maze.closed((h, w))) == 0
    assert P.dead_end_count(Maze.closed((h, w))) == 0
