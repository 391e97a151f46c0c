"""Results as notebooks, Dask and multiprocessing use them: frozen, picklable, equal after a round trip, hashable."""

import copy
import pickle

import numpy as np
import pytest

import tremaux
from tremaux import numberlink as nl
from tremaux.grids import GridMaze, generate_on, make_grid, solve_on


def _round_trips(obj):
    """``obj`` through pickle, deepcopy and copy: each equal to it, with its hash."""
    for other in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
        assert type(other) is type(obj)
        assert other == obj
        assert hash(other) == hash(obj)
        yield other


def _frozen(*arrays):
    for a in arrays:
        assert isinstance(a, np.ndarray)
        with pytest.raises(ValueError, match="read-only"):
            a.reshape(-1)[:1] = 0


def test_a_solution_survives_pickle_and_copies_equal_and_frozen():
    maze = tremaux.generate((6, 7), "wilson", seed=3).maze
    sol = tremaux.solve(maze, "tremaux", record=True)
    assert sol == tremaux.solve(maze, "tremaux", record=True)  # two runs, one answer
    assert sol != tremaux.solve(maze, "tremaux")  # no trace recorded
    assert sol != tremaux.solve(maze, "bfs", record=True)
    for other in _round_trips(sol):
        _frozen(other.path, other.visited, other.extras["marks"], other.trace.events)
        assert other.path_cells() == sol.path_cells()
        with pytest.raises(TypeError):
            other.extras["marks"] = None


def test_a_trace_comes_back_from_a_pickle_read_only():
    trace = tremaux.generate((4, 4), "backtracker", seed=1, record=True).trace
    for other in _round_trips(trace):
        _frozen(other.events)


def test_a_maze_without_mask_gives_a_read_only_flat_mask():
    _frozen(tremaux.Maze.open((2, 3)).flat_mask)


GRIDS = [
    ("square", {"size": (3, 4)}),
    ("square", {"size": (3, 4), "wrap": "torus"}),
    ("square", {"size": (3, 4), "wrap": "moebius"}),
    ("square", {"size": (3, 4), "weave": True}),
    ("square", {"mask": [[1, 1, 0], [1, 1, 1]]}),
    ("polar", {"rings": 3}),
    ("hex", {"size": (3, 4)}),
    ("hex", {"shape": "hexagon", "radius": 2}),
    ("hex", {"size": (3, 4), "weave": True, "mask": [[1, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 1]]}),
    ("triangle", {"shape": "triangle", "side": 3}),
    ("upsilon", {"size": (2, 3)}),
    ("zeta", {"size": (2, 3)}),
]


@pytest.mark.parametrize("name, params", GRIDS, ids=[f"{n}-{'-'.join(p)}" for n, p in GRIDS])
def test_grids_and_their_mazes_survive_pickle(name, params):
    grid = make_grid(name, **params)
    for other in _round_trips(grid):
        assert other.params == grid.params and other.coords.tolist() == grid.coords.tolist()
    maze = GridMaze(grid, np.zeros(grid.size, grid.dtype))
    for other in _round_trips(maze):
        _frozen(other.cells)
        assert other.grid == grid


def test_a_run_and_a_solution_on_a_masked_woven_grid_survive_pickle():
    grid = make_grid("hex", size=(3, 4), weave=True, mask=[[1, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 1]])
    run = generate_on(grid, "kruskal", seed=2, record=True)
    list(_round_trips(run))
    sol = solve_on(run.maze, "tremaux", record=True)
    assert sol == solve_on(run.maze, "tremaux", record=True) and sol != solve_on(run.maze, "tremaux")
    for other in _round_trips(sol):
        _frozen(other.path, other.visited, other.marks, other.trace.events)
    assert len(repr(sol)) < 120 and "array" not in repr(sol)


def test_a_grid_maze_cannot_be_moved_to_another_grid():
    maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=1).maze
    with pytest.raises(AttributeError):
        maze.grid = make_grid("hex", size=(3, 2))


def test_number_link_results_survive_pickle_and_compare_by_content():
    made = nl.generate_puzzle((5, 5), seed=4)
    assert made == nl.generate_puzzle((5, 5), seed=4)  # one seed, one puzzle, whatever the time taken
    list(_round_trips(made))
    list(_round_trips(made.puzzle))
    solved = nl.solve_puzzle(made.puzzle)
    assert solved == nl.solve_puzzle(made.puzzle)
    for other in _round_trips(solved):
        assert other.numbers() == solved.numbers()
        assert type(other.extras).__name__ == "mappingproxy"
    assert {solved, copy.deepcopy(solved)} == {solved}


def test_a_generated_puzzle_shows_as_its_puzzle_in_a_notebook():
    made = nl.generate_puzzle((4, 4), seed=1)
    assert made._repr_svg_() == made.puzzle._repr_svg_()


def test_a_huge_maze_shows_in_a_notebook_as_its_repr_not_a_huge_picture():
    maze = tremaux.Maze.closed((2001, 2000))  # past NOTEBOOK_SCALED_CELLS (a scaled PNG up to 2000 x 2000)
    assert maze._repr_svg_() is None and maze._repr_png_() is None  # Jupyter falls back to the repr
    assert len(repr(maze)) < 80
    assert tremaux.Maze.closed((30, 30))._repr_png_()[:4] == b"\x89PNG"


def test_a_picture_beyond_the_memory_budget_is_not_shown_in_a_notebook():
    from tremaux import budget

    with budget.limited("60M"):
        assert tremaux.Maze.closed((900, 900))._repr_png_() is None


def test_two_threads_at_once_give_what_one_gives_at_a_time():
    from concurrent.futures import ThreadPoolExecutor

    hexes = make_grid("hex", size=(6, 7))  # one grid shared by the threads: its tables are built on first use

    def work(seed):
        run = tremaux.generate((12, 15), "wilson", seed=seed)
        on_grid = generate_on(hexes, "backtracker", seed=seed, braid=0.3)
        return (run, tremaux.solve(run, "tremaux", record=True), on_grid, solve_on(on_grid.maze, "astar"),
                nl.generate_puzzle((5, 5), seed=seed))

    alone = [work(seed) for seed in range(6)]
    hexes = make_grid("hex", size=(6, 7))
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(work, range(6)))
    assert together == alone


@pytest.mark.parametrize("field", ["name", "params", "rect", "side_names"])
def test_a_grid_is_immutable(field):
    grid = make_grid("hex", size=(2, 3))
    with pytest.raises(AttributeError, match="immutable"):
        setattr(grid, field, getattr(grid, field))
    assert grid.name == "hex" and grid.neighbours((0, 0)) == [(0, 1), (1, 0)]


def test_the_links_of_a_puzzle_solution_are_read_only():
    solved = nl.solve_puzzle(nl.Puzzle.from_rows(["1.1", "2.2"]))
    _frozen(solved.linking.links, solved.linking.grid)
    _frozen(nl.Linking.from_paths(nl.Puzzle.from_rows(["11"]), [[(0, 0)]]).links)  # no step: no line drawn
    _frozen(solved.puzzle.numbers, nl.Puzzle.from_rows(["A.A"]).numbers)


def test_registry_entries_pickle_by_name():
    from tremaux.grids import GRIDS

    for registry in (tremaux.GENERATORS, tremaux.SOLVERS, GRIDS, nl.NL_SOLVERS):
        for entry in registry:
            assert pickle.loads(pickle.dumps(entry)) is entry
            assert copy.deepcopy(entry) is entry


def test_a_diagnosis_shows_its_puzzle_in_a_notebook():
    puzzle = nl.Puzzle.from_rows(["1.1", "2.2"])
    assert nl.diagnose(puzzle)._repr_svg_() == nl.solve_puzzle(puzzle)._repr_svg_()
    walled = nl.Puzzle.from_rows(["12", "21"])
    assert nl.diagnose(walled)._repr_svg_() in (walled._repr_svg_(), nl.solve_puzzle(walled)._repr_svg_())
    assert nl.diagnose(walled)._repr_svg_().startswith("<svg")


def test_a_woven_grid_maze_shows_as_a_picture_only_as_small_as_a_plain_one():
    woven = make_grid("hex", size=(100, 150), weave=True)  # 15,000 cells of 12 side slots: a 9 MB picture
    maze = GridMaze(woven, np.zeros(woven.size, woven.dtype))
    assert maze._repr_svg_() is None and "cells=15000" in repr(maze)
    run = generate_on(make_grid("hex", size=(4, 5), weave=True), "kruskal", seed=1)
    assert run.maze._repr_svg_().startswith("<svg") and solve_on(run.maze, "bfs")._repr_svg_().startswith("<svg")
