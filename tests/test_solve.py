"""tremaux.solve and the SOLVERS registry: every solver on every maze shape, edge cases, results."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from numba import njit

import tremaux
from tremaux import Event, Maze, SOLVERS, solve
from tremaux.errors import CellError, InvalidMazeError, UnknownNameError, UnsupportedError
from tremaux.kernels import solve as ks

from solve_helpers import assert_valid_path, bfs_distance, random_maze

REQUIRED = ["bfs", "dfs", "tremaux", "wall-left", "wall-right", "pledge", "astar", "greedy",
            "dead-end-fill", "cul-de-sac-fill"]
ALL = SOLVERS.names()


def test_registry_has_the_required_solvers_with_metadata():
    assert set(REQUIRED) <= set(ALL)
    for entry in SOLVERS:
        assert entry.doc and isinstance(entry.shortest, bool) and entry.view in ("global", "local")
    assert sorted(e.name for e in SOLVERS if e.shortest) == ["astar", "bfs"]
    assert tremaux.SOLVERS is tremaux.solvers.SOLVERS


def test_unknown_solver_lists_the_names():
    with pytest.raises(UnknownNameError, match="unknown solver 'dijkstra'; choose one of: astar, bfs"):
        solve(Maze.open((2, 2)), "dijkstra")


def test_aliases():
    assert solve(Maze.open((2, 2)), "breadth-first").algorithm == "bfs"
    assert solve(Maze.open((2, 2)), "A-Star").algorithm == "astar"


@pytest.mark.parametrize("name", ALL)
def test_open_field(name):
    m = Maze.open((4, 5))
    sol = solve(m, name)
    assert sol.found and sol.start == (0, 0) and sol.goal == (3, 4)
    assert_valid_path(sol)
    assert sol.visited.shape == m.shape and sol.visited_count >= sol.length
    assert sol.steps >= sol.length - 1
    assert "path of" in sol.message


@pytest.mark.parametrize("name", ALL)
def test_masked_maze_default_ends_are_first_and_last_existing_cells(name):
    mask = np.ones((5, 6), bool)
    mask[0, 0] = mask[0, 1] = mask[4, 5] = mask[2, 2:5] = False
    m = random_maze((5, 6), 3, braid=0.2, mask=mask)
    sol = solve(m, name)
    assert sol.start == (0, 2) and sol.goal == (4, 4)
    assert_valid_path(sol)
    assert sol.found
    assert not sol.visited[~mask].any()


@pytest.mark.parametrize("name", ALL)
def test_multi_level_maze(name):
    m = random_maze((3, 4, 4), 11)
    sol = solve(m, name)
    assert sol.start == (0, 0, 0) and sol.goal == (2, 3, 3)
    assert sol.found, sol.message
    assert_valid_path(sol)
    assert sol.path.shape[1] == 3
    if SOLVERS.get(name).shortest:
        assert sol.length - 1 == bfs_distance(m, (0, 0, 0), (2, 3, 3))


@pytest.mark.parametrize("name", ALL)
def test_uses_the_mazes_own_start_and_goal(name):
    m = random_maze((5, 5), 4, start=(2, 2), goal=(0, 4))
    sol = solve(m, name)
    assert (sol.start, sol.goal) == ((2, 2), (0, 4)) and sol.found
    override = solve(m, name, start=(4, 0))
    assert (override.start, override.goal) == ((4, 0), (0, 4)) and override.found


@pytest.mark.parametrize("name", ALL)
def test_start_equal_to_goal(name):
    sol = solve(Maze.open((3, 3)), name, start=(1, 1), goal=(1, 1), record=True)
    assert sol.found and sol.path_cells() == [(1, 1)] and sol.steps == 0
    assert "is the goal" in sol.message
    assert [e.kind for e in sol.trace] == [Event.VISIT, Event.FOUND, Event.PATH]


@pytest.mark.parametrize("name", ALL)
def test_unreachable_goal_is_a_clear_no(name):
    cells = np.array(Maze.open((3, 4)).cells)
    cells[:, 1] &= ~np.uint8(2)  # wall between columns 1 and 2
    cells[:, 2] &= ~np.uint8(8)
    m = Maze(cells)
    sol = solve(m, name, record=True)
    assert not sol.found and sol.length == 0 and sol.path.shape == (0, 2)
    assert sol.message.startswith("no path")
    assert not sol.visited[:, 2:].any()
    assert sol.trace.count(Event.FOUND) == 0 and sol.trace.count(Event.PATH) == 0


@pytest.mark.parametrize("name", ALL)
def test_isolated_start(name):
    cells = np.array(Maze.open((3, 3)).cells)
    cells[0, 0] = 0
    cells[0, 1] &= ~np.uint8(8)
    cells[1, 0] &= ~np.uint8(1)
    sol = solve(Maze(cells), name)
    assert not sol.found and sol.message.startswith("no path")


@pytest.mark.parametrize("name", ALL)
def test_bad_cells_raise_cell_error_naming_the_cell(name):
    mask = np.ones((3, 3), bool)
    mask[1, 1] = False
    m = Maze.open((3, 3), mask=mask)
    with pytest.raises(CellError, match=r"start \(1, 1\) is a masked cell"):
        solve(m, name, start=(1, 1))
    with pytest.raises(CellError, match=r"goal \(5, 0\) is outside the 3 x 3 grid"):
        solve(m, name, goal=(5, 0))
    with pytest.raises(CellError, match=r"must be given as \(row, col\)"):
        solve(m, name, goal=(0, 0, 0))


def test_not_a_maze_and_unknown_option():
    with pytest.raises(InvalidMazeError, match="not ndarray"):
        solve(np.zeros((2, 2), np.uint8))
    with pytest.raises(UnsupportedError, match="solver 'bfs' has no option 'seed'; its options: none"):
        solve(Maze.open((2, 2)), "bfs", seed=3)
    with pytest.raises(UnsupportedError, match="pledge direction 'X'"):
        solve(Maze.open((2, 2)), "pledge", direction="X")


def test_solution_is_immutable():
    sol = solve(Maze.open((3, 3)), "tremaux", record=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sol.found = False
    for arr in (sol.path, sol.visited, sol.extras["marks"], sol.trace.events):
        with pytest.raises(ValueError):
            arr.reshape(-1)[0] = 0
    with pytest.raises(TypeError):
        sol.extras["marks"] = None


@pytest.mark.parametrize("name", ALL)
def test_trace_ends_with_found_then_the_path(name):
    m = random_maze((6, 7), 5, braid=0.3)
    sol = solve(m, name, record=True)
    assert solve(m, name).trace is None
    kinds = sol.trace.kinds
    path_events = sol.trace.events[kinds == Event.PATH]
    assert path_events["cell"].tolist() == [m.index(c) for c in sol.path_cells()]
    found = np.flatnonzero(kinds == Event.FOUND)
    assert len(found) == 1 and found[0] == len(kinds) - sol.length - 1
    # every cell the trace reaches is counted as visited
    reached = sol.trace.events["cell"][(kinds == Event.VISIT)]
    assert sol.visited.reshape(-1)[reached].all()


def test_to_dict_for_json():
    d = solve(Maze.open((2, 3)), "bfs").to_dict()
    assert d["found"] is True and d["path"][0] == [0, 0] and d["path"][-1] == [1, 2]
    assert d["visited"] == 6 and d["steps"] == 6


def test_event_kinds_of_kernels_match_trace_events():
    for name in ("VISIT", "MARK", "RETRACE", "BACKTRACK", "DEAD", "FOUND", "PATH", "LOOPING"):
        assert getattr(ks, name) == int(Event[name])


# ------------------------------------------------------------------ not shortest

def ring() -> Maze:
    """A 3 x 5 corridor round a block of three masked cells: two ways to everywhere."""
    mask = np.ones((3, 5), bool)
    mask[1, 1:4] = False
    return Maze.open((3, 5), mask=mask)


@pytest.mark.parametrize(
    "name, goal, options",
    [
        ("dfs", (0, 2), {}),
        ("tremaux", (2, 0), {}),
        ("wall-left", (2, 0), {}),
        ("wall-right", (0, 2), {}),
        ("pledge", (2, 0), {"direction": "E"}),
        ("dead-end-fill", (0, 2), {}),
        ("cul-de-sac-fill", (0, 2), {}),
    ],
)
def test_algorithms_without_guarantee_can_return_a_longer_path(name, goal, options):
    m = ring()
    sol = solve(m, name, start=(0, 0), goal=goal, **options)
    assert sol.found
    assert_valid_path(sol)
    assert sol.length == 11 > bfs_distance(m, (0, 0), goal) + 1 == 3
    assert solve(m, "bfs", start=(0, 0), goal=goal).length == 3
    assert solve(m, "astar", start=(0, 0), goal=goal).length == 3
    assert not SOLVERS.get(name).shortest


def test_greedy_can_return_a_longer_path():
    # Greedy marks cells as it adds them; drawn along the top row towards the
    # goal's column, it claims (1, 2) and (2, 2) first and keeps that detour.
    rows = [
        "+---+---+---+---+",
        "|               |",
        "+   +   +---+   +",
        "|               |",
        "+   +   +   +---+",
        "|           |   |",
        "+   +   +---+   +",
        "|               |",
        "+---+---+---+---+",
    ]
    from tremaux import io

    m = io.loads("\n".join(rows))
    sol = solve(m, "greedy")
    assert_valid_path(sol)
    assert sol.length == 11 > solve(m, "bfs").length == solve(m, "astar").length == 7
    assert not SOLVERS.get("greedy").shortest


# ------------------------------------------------------------------ batch kernel

@njit(cache=False)
def _batch_lengths(mazes, H, W, prev, queue):
    out = np.empty(mazes.shape[0], np.int64)
    for k in range(mazes.shape[0]):
        found, steps = ks.bfs(mazes[k], 1, H, W, 0, H * W - 1, prev, queue)
        out[k] = ks.path_from_prev(prev, 0, H * W - 1, H, W).shape[0] if found else -1
    return out


def test_bfs_kernel_runs_inside_a_compiled_batch_loop():
    mazes = [random_maze((6, 7), s, braid=0.2) for s in range(5)]
    stack = np.stack([m.flat for m in mazes])
    got = _batch_lengths(stack, 6, 7, np.empty(42, np.uint8), np.empty(42, np.int32))
    assert got.tolist() == [solve(m, "bfs").length for m in mazes]


@pytest.mark.parametrize("shape, start", [((700, 700), (0, 0)), ((5, 90, 90), (2, 45, 45)), ((1, 3000), (0, 1500))])
def test_queue_grows_past_its_first_ring(shape, start):
    # open fields have long BFS frontiers: more than the ring's first 1024 entries
    m = Maze.open(shape)
    far = tuple(x - 1 for x in shape)
    sol = solve(m, "bfs", start=start, goal=far)
    dist = tremaux.maze.properties.distances_from(m, start)
    assert sol.length - 1 == dist[far]
    assert_valid_path(sol)
    prev = np.empty(m.flat.size, np.uint8)
    found, steps = ks.bfs(m.flat, *m.shape3, m.index(start), m.index(far), prev, np.empty(m.flat.size, np.int32))
    # every cell nearer than the goal was taken from the queue before it
    assert found and steps >= int((dist < dist[far]).sum())
    # A*'s heap outgrows its first 1024 entries here too
    star = solve(m, "astar", start=start, goal=far)
    assert star.length == sol.length
    assert_valid_path(solve(m, "greedy", start=start, goal=far))


def _carve(shape, passages, **kw) -> Maze:
    cells = np.zeros(shape, np.uint8)
    for a, b in passages:
        d = {(0, 1): (2, 8), (1, 0): (4, 1)}[(b[0] - a[0], b[1] - a[1])]
        cells[a] |= d[0]
        cells[b] |= d[1]
    return Maze(cells, **kw)


def noose_maze(**kw) -> Maze:
    """A corridor along the top; from its middle a stalk leads down to a loop (a noose)."""
    top = [((0, c), (0, c + 1)) for c in range(4)]
    stalk = [((0, 2), (1, 2)), ((1, 2), (2, 2))]
    loop = [((2, 1), (2, 2)), ((2, 1), (3, 1)), ((3, 1), (3, 2)), ((3, 2), (3, 3)), ((2, 3), (3, 3)),
            ((2, 2), (2, 3))]
    branch = [((2, 0), (2, 1)), ((1, 0), (2, 0))]
    return _carve((4, 5), top + stalk + loop + branch, **kw)


def test_cul_de_sac_filling_fills_the_noose_dead_end_filling_cannot():
    m = noose_maze(start=(0, 0), goal=(0, 4))
    dead = solve(m, "dead-end-fill", record=True)
    noose = solve(m, "cul-de-sac-fill", record=True)
    loop_and_stalk = [(1, 2), (2, 2), (2, 1), (3, 1), (3, 2), (3, 3), (2, 3)]
    for sol in (dead, noose):
        assert sol.found and sol.path_cells() == [(0, c) for c in range(5)]
        assert sol.extras["filled"][1, 0] and sol.extras["filled"][2, 0]  # the dead-end branch
    assert not any(dead.extras["filled"][c] for c in loop_and_stalk)
    assert all(noose.extras["filled"][c] for c in loop_and_stalk)
    assert noose.trace.count(Event.DEAD) == int(noose.extras["filled"].sum())
    # a goal inside the noose keeps it
    inside = solve(m, "cul-de-sac-fill", goal=(3, 2))
    assert inside.found and inside.path_cells()[-1] == (3, 2)
    assert_valid_path(inside)


def test_messages_count_one_in_the_singular():
    closed = tremaux.Maze(np.zeros((1, 2), np.uint8))
    assert tremaux.solve(closed, "bfs").message.startswith("no path: the worklist ran empty after 1 square;")
    two = tremaux.Maze.open((1, 2))
    assert tremaux.solve(two, "tremaux").message == "path of 2 cells (1 move) found after 1 passage walked"
    assert tremaux.solve(two, "wall-left").message == "path of 2 cells (1 move) found after 1 step"
