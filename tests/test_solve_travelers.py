"""Travelers with a local view: wall following, Pledge and Tremaux's algorithm (seed 000)."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
from tremaux import Event, Maze, io, solve
from tremaux.errors import TremauxError
from tremaux.maze import properties as P

from solve_helpers import assert_valid_path, bfs_distance, naive_tremaux, naive_wall_follow, random_maze

# The diagram of seed 000: a maze with cycles whose exit is in the middle, on
# an island of walls that touches no outer wall.
ISLAND = """\
+---+---+---+---+---+---+---+
| S         |               |
+   +---+   +   +---+---+   +
|   |               |       |
+   +   +---+---+   +   +---+
|       |       |           |
+---+   +   +   +   +---+   +
|       |   | G |   |       |
+   +   +   +---+   +   +   +
|   |   |           |   |   |
+   +   +---+---+---+   +   +
|   |                   |   |
+   +---+---+   +---+---+   +
|                           |
+---+---+---+---+---+---+---+"""


def island() -> Maze:
    return io.loads(ISLAND)


def test_island_maze_has_loops_and_a_reachable_goal():
    m = island()
    assert m.start == (0, 0) and m.goal == (3, 3)
    assert P.is_connected(m) and P.loop_count(m) > 0 and P.island_count(m) > 0
    assert solve(m, "bfs").found


@pytest.mark.parametrize("name, hand", [("wall-left", "left"), ("wall-right", "right")])
def test_wall_follower_on_the_island_goes_round_in_circles_and_says_so(name, hand):
    m = island()
    sol = solve(m, name, record=True)
    assert not sol.found
    assert sol.message.startswith(f"no path: going round in circles: the {hand} hand came back to (0, 0)")
    assert "(3, 3)" in sol.message
    assert sol.trace.count(Event.LOOPING) == 1 and sol.trace[-1].kind == Event.LOOPING
    # the hand stayed on the outer wall: it never got near the goal
    assert not sol.visited[2:5, 2:5].any()
    # it went all the way round: back at the start, every step taken once
    assert sol.steps == sol.trace.count(Event.VISIT) + sol.trace.count(Event.RETRACE) - 1


@pytest.mark.parametrize("name", ["wall-left", "wall-right", "pledge"])
def test_a_traveler_going_round_in_circles_says_whether_the_goal_can_be_reached(name):
    # the goal (3, 3) is reachable: the walls followed just never lead to it
    sol = solve(island(), name)
    assert not sol.found and "(the goal can be reached, but the walls this traveler follows never lead to it)" \
        in sol.message and "cannot be reached" not in sol.message
    # the start beside the island: the goal in the corner can be reached too, the message does not blame the goal
    sol = solve(island(), name, start=(3, 2), goal=(6, 6))
    assert sol.found or "the goal can be reached" in sol.message
    # a goal walled in all round cannot be reached: that is what the message says
    cells = np.array(island().cells)
    cells[3, 3] = 0
    cells[2, 3] &= ~np.uint8(4)
    cells[3, 2] &= ~np.uint8(2)
    cells[3, 4] &= ~np.uint8(8)
    cells[4, 3] &= ~np.uint8(1)
    walled = Maze(cells, start=(0, 0), goal=(3, 3))
    assert not P.is_connected(walled)
    sol = solve(walled, name)
    assert not sol.found and sol.message.endswith("(the goal cannot be reached from the start)")


def test_pledge_on_the_island_stops_with_a_clear_message():
    sol = solve(island(), "pledge")
    assert not sol.found and "going round in circles" in sol.message


@pytest.mark.parametrize("name", ["tremaux", "bfs", "dfs", "astar", "greedy", "dead-end-fill", "cul-de-sac-fill"])
def test_global_view_and_tremaux_reach_the_island(name):
    sol = solve(island(), name)
    assert sol.found
    assert_valid_path(sol)


@pytest.mark.parametrize("name", ["wall-left", "wall-right"])
def test_wall_follower_starting_away_from_any_wall_walks_north_to_one(name):
    # In an open field (1, 1) touches no wall: turning at every chance the
    # traveler would circle the post at its corner; it walks to the north
    # wall first and follows the outer wall to the corner.
    sol = solve(Maze.open((4, 4)), name, start=(1, 1), goal=(3, 3))
    assert sol.found
    assert sol.path_cells()[:2] == [(1, 1), (0, 1)]
    assert_valid_path(sol)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("right", [False, True])
def test_wall_follower_kernel_matches_a_plain_heading_and_turns_walker(seed, right):
    rng = np.random.default_rng(seed)
    shape = (int(rng.integers(2, 9)), int(rng.integers(2, 9)))
    mask = rng.random(shape) < 0.9 if seed % 3 == 0 else None
    m = random_maze(shape, seed, braid=[0.0, 0.3, 1.0][seed % 3], mask=mask)
    cells = np.argwhere(m.flat_mask.reshape(shape))
    start, goal = (tuple(int(x) for x in cells[rng.integers(len(cells))]) for _ in range(2))
    sol = solve(m, "wall-right" if right else "wall-left", start=start, goal=goal)
    path, steps = naive_wall_follow(m, start, goal, right)
    if start == goal:
        return
    assert sol.found == (path is not None)
    assert sol.steps == steps
    if path is not None:
        assert sol.path_cells() == path


@pytest.mark.parametrize("seed", range(60))
def test_tremaux_kernel_matches_the_rules_written_out(seed):
    rng = np.random.default_rng(seed)
    if seed % 4 == 3:
        shape = (2, int(rng.integers(2, 5)), int(rng.integers(2, 5)))
    else:
        shape = (int(rng.integers(1, 9)), int(rng.integers(2, 9)))
    mask = rng.random(shape) < 0.85 if seed % 5 == 0 else None
    m = random_maze(shape, seed, braid=[0.0, 0.3, 1.0][seed % 3], mask=mask)
    cells = np.argwhere(m.flat_mask.reshape(shape))
    start, goal = (tuple(int(x) for x in cells[rng.integers(len(cells))]) for _ in range(2))
    if start == goal:
        return
    sol = solve(m, "tremaux", start=start, goal=goal)
    path, steps, marks = naive_tremaux(m, start, goal)
    assert sol.found == (path is not None) == (bfs_distance(m, start, goal) is not None)
    assert sol.steps == steps
    if path is not None:
        assert sol.path_cells() == path
    # the marks: same counts on every passage
    counts = sol.extras["marks"]
    for cell in map(tuple, cells):
        for d, nb in _sides(m, cell):
            assert counts[cell + (d,)] == marks.get(frozenset((cell, nb)), 0)


def _sides(m: Maze, cell):
    for d in range(6 if m.ndim == 3 else 4):
        if m.is_open(cell, d):
            yield d, m.neighbours(cell)[[e for e in range(6) if m.is_open(cell, e)].index(d)]


def test_tremaux_solution_is_the_passages_marked_once():
    m = tremaux.generate((9, 11), "kruskal", seed=4, braid=0.5).maze
    sol = solve(m, "tremaux", record=True)
    assert sol.found
    marks = sol.extras["marks"]
    assert marks.shape == (9, 11, 4) and marks.max() <= 2
    once = {frozenset((c, nb)) for c in np.ndindex(9, 11) for d, nb in _sides(m, c) if marks[c + (d,)] == 1}
    path = sol.path_cells()
    assert once == {frozenset(p) for p in zip(path, path[1:])}
    # the trace: one MARK per passage walked, walked passages VISIT, retraced RETRACE
    assert sol.trace.count(Event.MARK) == sol.steps == int(marks.sum()) // 2
    twice = sum(1 for c in np.ndindex(9, 11) for d, nb in _sides(m, c) if marks[c + (d,)] == 2) // 2
    assert sol.trace.count(Event.RETRACE) == twice
    assert sol.trace.count(Event.VISIT) == 1 + len(once) + twice
    assert [e.cell for e in sol.trace if e.kind == Event.PATH] == path
    # never a passage marked a third time: replay the MARK events
    seen: dict = {}
    for e in sol.trace:
        if e.kind == Event.MARK:
            key = frozenset((e.cell, e.other))
            seen[key] = seen.get(key, 0) + 1
            assert seen[key] <= 2


def test_tremaux_with_no_exit_returns_to_start_with_every_passage_marked_twice():
    m = tremaux.generate((8, 8), "backtracker", seed=2, braid=0.6).maze
    cells = np.array(m.cells)
    # wall in the goal corner (7, 7)
    cells[7, 7] = 0
    cells[6, 7] &= ~np.uint8(4)
    cells[7, 6] &= ~np.uint8(2)
    m = Maze(cells)
    sol = solve(m, "tremaux", record=True)
    assert not sol.found
    assert sol.message.startswith("no path: back at the start (0, 0)") and "marked twice" in sol.message
    marks = sol.extras["marks"]
    open_sides = np.stack([(m.cells & (1 << d)) != 0 for d in range(4)], axis=-1)
    reach = sol.visited
    assert (marks[reach] == 2 * open_sides[reach]).all()
    assert sol.steps == int(open_sides[reach].sum())  # each reachable passage walked twice
    moves = [e for e in sol.trace if e.kind in (Event.VISIT, Event.RETRACE)]
    assert moves[-1].kind == Event.RETRACE and moves[-1].other == (0, 0)


def test_tremaux_seed_chooses_passages_at_random_reproducibly():
    m = tremaux.generate((12, 12), "kruskal", seed=9, braid=0.5).maze
    a = solve(m, "tremaux", seed=5)
    b = solve(m, "tremaux", seed=5)
    assert a.path_cells() == b.path_cells() and a.steps == b.steps
    runs = {tuple(solve(m, "tremaux", seed=s).path_cells()) for s in range(8)}
    assert len(runs) > 1
    for path in runs:
        assert path[0] == (0, 0) and path[-1] == (11, 11)


def test_tremaux_works_with_loops_where_the_walls_fail():
    m = island()
    sol = solve(m, "tremaux", record=True)
    assert sol.found and sol.length > solve(m, "bfs").length  # found, but not the shortest
    assert sol.trace.count(Event.RETRACE) > 0


@pytest.mark.parametrize("direction", ["N", "E", "S", "W"])
def test_pledge_finds_every_goal_of_perfect_mazes(direction):
    for seed in range(15):
        m = tremaux.generate((7, 9), "kruskal", seed=seed).maze
        rng = np.random.default_rng(seed)
        start = (int(rng.integers(7)), int(rng.integers(9)))
        goal = (int(rng.integers(7)), int(rng.integers(9)))
        sol = solve(m, "pledge", start=start, goal=goal, direction=direction)
        assert sol.found, sol.message
        assert_valid_path(sol)


def test_pledge_and_walls_on_multi_level_perfect_mazes():
    for seed in range(10):
        m = tremaux.generate((3, 5, 5), "backtracker", seed=seed).maze
        for name in ("pledge", "wall-left", "wall-right"):
            sol = solve(m, name, goal=(1, 2, 2))
            assert sol.found, (name, seed, sol.message)
            assert_valid_path(sol)


@pytest.mark.parametrize("seed", [1.5, "3", True, 2.0])
def test_the_travelers_seed_is_a_whole_number_as_for_generate(seed):
    maze = tremaux.generate((3, 4), seed=1).maze
    with pytest.raises(TremauxError, match=f"seed {seed!r} is not a whole number"):
        tremaux.solve(maze, "tremaux", seed=seed)
    with pytest.raises(TremauxError, match=f"seed {seed!r} is not a whole number"):
        tremaux.generate((3, 4), seed=seed)
