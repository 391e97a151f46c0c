"""Maze statistics: hand-checked figures and the known dead-end percentages of each algorithm."""

from __future__ import annotations

import numpy as np
import pytest

from tremaux import Maze
from tremaux.generators import generate
from tremaux.measure import dead_end_percentage, maze_stats


def test_hand_checked_small_maze():
    # a 2 x 3 "U": (0,0)-(1,0)-(1,1)-(1,2)-(0,2), and (0,1) hanging from (1,1)
    cells = np.array([[4, 4, 4], [1 | 2, 1 | 2 | 8, 1 | 8]], np.uint8)
    s = maze_stats(Maze(cells))
    assert (s.cells, s.passages, s.components, s.loops, s.perfect) == (6, 5, 1, 0, True)
    assert (s.dead_ends, s.corridors, s.junctions, s.crossroads) == (3, 2, 1, 0)
    assert (s.straight, s.turning) == (0, 2)
    assert s.dead_end_percentage == 50.0
    assert s.diameter == 4 and set(s.diameter_ends) == {(0, 0), (0, 2)}
    assert s.solution_length == 3 and s.start == (0, 0) and s.goal == (1, 2)
    # dead-end branches: (0,0)-(1,0): 2 cells; (0,2)-(1,2): 2 cells; (0,1): 1 cell
    assert s.dead_end_length == pytest.approx(5 / 3)
    assert s.river == pytest.approx(1 - 3 / 5)


def test_open_field_and_straight_corridor():
    s = maze_stats(Maze.open((1, 5)))
    assert (s.dead_ends, s.corridors, s.straight, s.diameter) == (2, 3, 3, 4)
    s = maze_stats(Maze.open((3, 3)))
    assert (s.crossroads, s.junctions, s.loops, s.perfect) == (1, 4, 4, False)


def test_unreachable_goal_and_masks():
    s = maze_stats(Maze.closed((2, 2)))
    assert s.solution_length is None and s.isolated == 4 and s.components == 4
    mask = np.array([[True, True], [False, True]])
    maze = generate(None, "kruskal", mask=mask, seed=0).maze
    s = maze_stats(maze)
    assert s.cells == 3 and s.perfect and s.goal == (1, 1)


def test_stats_work_on_levels():
    s = maze_stats(generate((2, 5, 5), "wilson", seed=3).maze)
    assert s.perfect and s.cells == 50


def test_json_ready():
    import json

    d = maze_stats(generate((5, 5), seed=1).maze).as_dict()
    assert json.loads(json.dumps(d))["cells"] == 25


def _mean_dead_ends(name, seeds=5, size=(40, 40), **kw):
    return float(np.mean([dead_end_percentage(generate(size, name, seed=s, **kw).maze) for s in range(seeds)]))


# Known figures (Pullen's tables; the uniform spanning tree value is 29.5%), with
# a tolerance for 5 mazes of 40 x 40 (the standard deviation of one maze is under 1%).
@pytest.mark.parametrize("name, expected, tol", [
    ("backtracker", 10.0, 1.5),
    ("naive-dfs", 10.0, 1.5),
    ("hunt-and-kill", 10.0, 2.0),
    ("wilson", 29.5, 1.5),
    ("aldous-broder", 29.5, 1.5),
    ("kruskal", 30.5, 1.5),
    ("prim", 30.0, 1.5),
    ("eller", 29.0, 2.0),
    ("sidewinder", 27.0, 2.0),
    ("binary-tree", 25.0, 1.5),
])
def test_dead_end_percentages(name, expected, tol):
    assert abs(_mean_dead_ends(name) - expected) <= tol


def test_growing_tree_spans_the_range():
    newest = _mean_dead_ends("growing-tree", discipline="newest")
    random = _mean_dead_ends("growing-tree", discipline="random")
    lowest_river = _mean_dead_ends("growing-tree", discipline="min")
    assert abs(newest - 10.0) <= 1.5
    assert newest < random < lowest_river
    assert abs(lowest_river - 45.0) <= 3.0
    # oldest first (a queue, the seed text's BFS) grows straight spokes: few, very long dead ends
    oldest = maze_stats(generate((40, 40), "growing-tree", discipline="oldest", seed=1).maze)
    assert oldest.dead_end_percentage < 8.0 and oldest.river > 0.9
    # Pullen's "always the oldest" figure (49% dead ends, the lowest river factor) is the first slot of an
    # array list whose finished cells are replaced by the last one, not a strict queue
    first_slot = [maze_stats(generate((40, 40), "growing-tree", discipline="first-slot", seed=s).maze)
                  for s in range(5)]
    assert abs(np.mean([m.dead_end_percentage for m in first_slot]) - 49.0) <= 1.5
    assert np.mean([m.river for m in first_slot]) < 0.15


@pytest.mark.parametrize("variant", ["vertex", "arc"])
def test_first_slot_is_perfect_and_reproducible(variant):
    a = generate((13, 17), "growing-tree", discipline="first-slot", variant=variant, seed=4)
    b = generate((13, 17), "growing-tree", discipline="first-slot", variant=variant, seed=4)
    assert a.maze == b.maze
    assert a.maze.passages == 13 * 17 - 1 and maze_stats(a.maze).loops == 0
    assert a.stats.frontier == "list length" and "first slot" in a.stats.title


def test_backtracker_has_a_long_diameter_and_bfs_a_short_one():
    dfs = maze_stats(generate((30, 30), "backtracker", seed=2).maze)
    bfs = maze_stats(generate((30, 30), "breadth-first", seed=2, start=(15, 15)).maze)
    assert dfs.diameter > 3 * bfs.diameter
    assert bfs.diameter <= 2 * 30 + 2


def test_maze_stats_takes_what_generate_and_solve_return_and_names_anything_else():
    import tremaux
    from tremaux.errors import InvalidMazeError
    from tremaux.grids import generate_on, make_grid

    run = tremaux.generate((6, 7), "kruskal", seed=2)
    want = maze_stats(run.maze)
    assert maze_stats(run) == want  # was: AttributeError 'Generated' object has no attribute 'flat'
    assert maze_stats(tremaux.solve(run, "bfs")) == want
    assert dead_end_percentage(run) == want.dead_end_percentage
    with pytest.raises(InvalidMazeError, match=r"maze_stats\(\) needs a tremaux.Maze .*not ndarray"):
        maze_stats(run.maze.cells)
    with pytest.raises(InvalidMazeError, match="tremaux.grids.grid_stats"):
        maze_stats(generate_on(make_grid("hex", size=(3, 3)), seed=1))
