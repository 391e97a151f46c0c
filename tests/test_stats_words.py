"""One word and one unit for each measure, on square mazes and on mazes of other grids."""

from __future__ import annotations

import json
import warnings

import networkx as nx
import numpy as np
import pytest

from cli_helpers import run
import tremaux
from tremaux.grids import GridMaze, files, generate_on, grid_stats, make_grid, solve_on, to_grid_maze
from tremaux.grids.measure import GridStats
from tremaux.measure import MazeStats, maze_stats

SQUARE_ONLY = {"straight", "turning"}  # a corridor's straightness needs opposite sides


def _mazes():
    yield tremaux.generate((7, 9), seed=2).maze  # perfect
    yield tremaux.generate((7, 9), seed=2, braid=0.6).maze  # loops
    yield tremaux.Maze.closed((3, 4))  # walled-in cells only
    yield tremaux.Maze.open((4, 5))  # crossroads


@pytest.mark.parametrize("k", range(4))
def test_grid_stats_of_a_square_maze_are_its_square_stats(k):
    maze = list(_mazes())[k]
    square, grid = maze_stats(maze).as_dict(), grid_stats(to_grid_maze(maze)).as_dict()
    shared = set(square) - SQUARE_ONLY
    assert shared <= set(grid) and set(grid) - shared == {"grid"}
    assert {k: grid[k] for k in shared} == {k: square[k] for k in shared}


def test_the_fields_are_named_alike():
    names = [f for f in MazeStats.__dataclass_fields__ if f not in SQUARE_ONLY]
    assert [f for f in GridStats.__dataclass_fields__ if f != "grid"] == names


@pytest.mark.parametrize("grid, size", [("hex", (6, 7)), ("triangle", (5, 8)), ("polar", None)])
def test_components_and_loops_match_networkx(grid, size):
    rng = np.random.default_rng(7)
    g = make_grid(grid, size=size) if size else make_grid(grid, rings=4)
    for seed in range(4):
        maze = generate_on(g, seed=seed).maze
        cells = np.array(maze.cells).astype(np.int64)
        for i in rng.choice(g.size, size=g.size // 3, replace=False):  # close some sides, from both cells
            for s in range(g.nbr.shape[1]):
                j = int(g.nbr[i, s])
                if cells[i] >> s & 1 and rng.random() < 0.5 and j >= 0:
                    cells[i] &= ~(1 << s)
                    cells[j] &= ~(1 << int(g.back[i, s]))
        cut = GridMaze(g, cells.astype(maze.cells.dtype))
        nxg = cut.to_networkx()
        s = grid_stats(cut)
        comps = nx.number_connected_components(nxg)
        assert s.components == comps and s.loops == nxg.number_of_edges() - (g.size - comps)
        assert s.isolated == sum(1 for _, d in nxg.degree() if d == 0)
        assert s.dead_end_percentage == pytest.approx(100 * s.dead_ends / s.cells)


def test_the_old_share_is_deprecated_and_a_fraction():
    s = grid_stats(generate_on(make_grid("hex", size=(4, 4)), seed=1).maze)
    with pytest.warns(DeprecationWarning, match="dead_end_percentage"):
        assert s.dead_end_share == pytest.approx(s.dead_end_percentage / 100)
    assert "dead_end_share" not in s.as_dict()


def _table(text):
    return {line[:16].strip(): line[18:] for line in text.splitlines()}


def test_the_commands_use_the_same_words(capsys, tmp_path):
    sq, hx = tmp_path / "sq.json", tmp_path / "hx.json"
    tremaux.io.save(tremaux.generate((6, 6), seed=3).maze, sq)
    files.save(generate_on(make_grid("hex", size=(6, 6)), seed=3).maze, hx)
    for command in ("stats", "info"):
        code, text_sq, err = run(capsys, "stats", str(sq))
        assert code == 0, err
        code, text_hx, err = run(capsys, command, str(hx))
        assert code == 0, err
        rows_sq, rows_hx = _table(text_sq), _table(text_hx)
        assert set(rows_hx) - set(rows_sq) == {"grid"} and set(rows_sq) == set(rows_hx) - {"grid"}
        assert rows_hx["dead ends"].endswith("%)") and rows_sq["dead ends"].endswith("%)")
        assert rows_hx["start to goal"].split()[0].isdigit()
    code, js_sq, _ = run(capsys, "stats", "--json", str(sq))
    code, js_hx, _ = run(capsys, "stats", "--json", str(hx))
    keys_sq, keys_hx = set(json.loads(js_sq)), set(json.loads(js_hx))
    assert keys_sq - SQUARE_ONLY <= keys_hx and keys_hx - keys_sq == {"grid", "wrap", "weave"}


@pytest.mark.parametrize("solver, counted", [("bfs", "cells taken from the worklist"), ("astar", "cells expanded"),
                                             ("tremaux", "passages walked"), ("wall-left", "steps")])
def test_a_grid_run_is_told_as_a_square_run(solver, counted):
    maze = generate_on(make_grid("hex", size=(5, 5)), seed=2).maze
    sol = solve_on(maze, solver)
    n = sol.path.shape[0]
    assert sol.message == f"path of {n} cells ({n - 1} moves) found after {sol.steps} {counted}"
    square = tremaux.solve(tremaux.generate((5, 5), seed=2).maze, solver).message
    assert square.startswith("path of ") and " moves) found after " in square


def test_square_info_names_the_start_to_goal_length_as_stats_does(capsys, tmp_path):
    sq = tmp_path / "sq.json"
    tremaux.io.save(tremaux.generate((6, 6), seed=3).maze, sq)
    stats = json.loads(run(capsys, "stats", "--json", str(sq))[1])
    info = json.loads(run(capsys, "info", "--json", str(sq))[1])
    assert info["solution_length"] == stats["solution_length"] is not None
    assert info["distance"] == info["solution_length"]  # the deprecated name, kept as the docs promised it
    rows_info = _table(run(capsys, "info", str(sq))[1])
    rows_stats = _table(run(capsys, "stats", str(sq))[1])
    assert "distance" not in rows_info
    assert rows_info["start to goal"] == rows_stats["start to goal"]
    assert rows_info["dead ends"] == rows_stats["dead ends"]


@pytest.mark.parametrize("solver", ["bfs", "dfs", "astar", "greedy", "tremaux", "dead-end-fill", "wall-left"])
def test_a_grid_run_that_finds_nothing_says_why_as_a_square_run(solver):
    closed = tremaux.Maze.closed((2, 3))
    square = tremaux.solve(closed, solver).message.replace("square", "cell")  # a grid's cells are not all squares
    assert solve_on(to_grid_maze(closed), solver).message == square


@pytest.mark.parametrize("solver", ["bfs", "astar", "tremaux", "dead-end-fill", "wall-right"])
def test_a_grid_run_to_a_walled_in_goal_names_its_ends(solver):
    grid = make_grid("hex", size=(4, 4))
    maze = generate_on(grid, seed=1).maze
    cells = np.array(maze.cells).astype(np.int64)
    g = maze.goal_index
    for s in range(grid.nbr.shape[1]):  # wall the goal in
        if cells[g] >> s & 1:
            cells[g] &= ~(1 << s)
            cells[int(grid.nbr[g, s])] &= ~(1 << int(grid.back[g, s]))
    sol = solve_on(GridMaze(grid, cells.astype(maze.cells.dtype)), solver)
    assert not sol.found and sol.message.startswith("no path: ") and "goal (3, 3)" in sol.message
    assert str(sol.steps) in sol.message
