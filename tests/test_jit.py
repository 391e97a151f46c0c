"""Kernels interpreted as Python give the same results as compiled, bit for bit (``tremaux._jit``).

The command line runs small mazes interpreted (no numba import); these tests pin that both ways agree on every
registered generator and solver, on several seeds, shapes, masks, levels and options, traces included.
"""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
from tremaux import _jit
from tremaux.generators import GENERATORS
from tremaux.maze.model import Maze
from tremaux.solvers import SOLVERS

SEEDS = (0, 1, 7, 123456789)


def _both(run):
    """``run()`` compiled, then interpreted."""
    compiled = run()
    with _jit.interpreted():
        interpreted = run()
    return compiled, interpreted


def _same_trace(a, b):
    if a is None or b is None:
        assert a is None and b is None
        return
    assert np.array_equal(a.events, b.events)


def _same_generated(a, b):
    assert a.maze == b.maze
    assert a.stats == b.stats
    _same_trace(a.trace, b.trace)


@pytest.mark.parametrize("name", [e.name for e in GENERATORS])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_generator_interpreted_equals_compiled(name, seed):
    for shape in [(1, 1), (2, 3), (9, 14), (20, 20)]:
        a, b = _both(lambda: tremaux.generate(shape, name, seed=seed, record=True))
        _same_generated(a, b)
    a, b = _both(lambda: tremaux.generate((11, 7), name, seed=seed, braid=0.5))
    _same_generated(a, b)


@pytest.mark.parametrize("name", [e.name for e in GENERATORS if e.masks])
def test_masked_and_multilevel_generation_interpreted_equals_compiled(name):
    mask = np.ones((9, 10), dtype=bool)
    mask[3:6, 2:8] = False
    mask[0, 0] = False
    for seed in SEEDS:
        a, b = _both(lambda: tremaux.generate(mask.shape, name, seed=seed, mask=mask, record=True))
        _same_generated(a, b)
    if GENERATORS.get(name).meta["levels"]:
        a, b = _both(lambda: tremaux.generate((3, 5, 6), name, seed=5, record=True))
        _same_generated(a, b)


def test_generation_options_interpreted_equals_compiled():
    cases = [("growing-tree", {"discipline": "newest"}), ("growing-tree", {"discipline": "random"}),
             ("sidewinder", {"east": 0.2}), ("binary-tree", {"north": 0.8}),
             ("backtracker", {"openings": 5, "islands": 2}), ("kruskal", {"unreachable": 2})]
    for name, options in cases:
        for seed in SEEDS:
            a, b = _both(lambda: tremaux.generate((12, 13), name, seed=seed, record=True, **options))
            _same_generated(a, b)


def _mazes():
    yield tremaux.generate((15, 15), "backtracker", seed=3).maze
    yield tremaux.generate((12, 17), "kruskal", seed=4, braid=1.0).maze  # loops
    yield tremaux.generate((10, 10), "prim", seed=5, openings=12).maze
    mask = np.ones((8, 9), dtype=bool)
    mask[2:5, 3:6] = False
    yield tremaux.generate(mask.shape, "wilson", seed=6, mask=mask).maze
    yield tremaux.generate((2, 6, 7), "backtracker", seed=8).maze
    yield Maze.open((6, 6))
    yield Maze.closed((4, 4))  # goal unreachable


@pytest.mark.parametrize("name", [e.name for e in SOLVERS])
def test_every_solver_interpreted_equals_compiled(name):
    for maze in _mazes():
        for ends in [{}, {"start": maze.cell(maze.size // 2)}]:
            try:
                a, b = _both(lambda: tremaux.solve(maze, name, record=True, **ends))
            except tremaux.errors.TremauxError:  # e.g. a solver that does not take multi-level mazes
                continue
            assert (a.found, a.steps, a.message) == (b.found, b.steps, b.message)
            assert np.array_equal(a.path, b.path) and np.array_equal(a.visited, b.visited)
            _same_trace(a.trace, b.trace)
            assert dict(a.extras).keys() == dict(b.extras).keys()


@pytest.mark.parametrize("seed", SEEDS)
def test_tremaux_traveler_seeded_choice_interpreted_equals_compiled(seed):
    maze = tremaux.generate((14, 14), "kruskal", seed=seed, braid=0.3).maze
    try:
        a, b = _both(lambda: tremaux.solve(maze, "tremaux", seed=seed, record=True))
    except tremaux.errors.UnsupportedError:
        pytest.skip("tremaux takes no seed")
    assert np.array_equal(a.path, b.path) and a.steps == b.steps
    _same_trace(a.trace, b.trace)


def test_maze_validation_interpreted_equals_compiled():
    good = tremaux.generate((6, 7), "backtracker", seed=1).maze
    _, b = _both(lambda: Maze(good.cells.copy()))
    assert b == Maze(good.cells.copy())
    bad = good.cells.copy()
    bad[0, 0] |= 1  # a passage out of the grid
    one_way = good.cells.copy()
    one_way[2, 2] ^= 2  # east open here, not west there
    junk = good.cells.copy()
    junk[1, 1] = 200  # bits that are no side
    for cells in (bad, one_way, junk):
        messages = []
        for run in (lambda: Maze(cells), lambda: _interpreted(lambda: Maze(cells))):
            with pytest.raises(tremaux.errors.InvalidMazeError) as info:
                run()
            messages.append(str(info.value))
        assert messages[0] == messages[1]


def _interpreted(run):
    with _jit.interpreted():
        return run()


def test_stats_and_text_interpreted_equal_compiled():
    from tremaux import io as maze_io
    from tremaux.measure import maze_stats

    for maze in _mazes():
        if maze.levels > 1:
            continue
        a, b = _both(lambda: maze_stats(maze))
        assert a == b
        a, b = _both(lambda: maze_io.dumps(maze, "ascii"))
        assert a == b


def test_interpreted_only_below_the_limit_and_before_numba(monkeypatch):
    import sys

    import numba  # noqa: F401
    from tremaux.kernels import rng

    kernel = rng.below
    assert isinstance(kernel, _jit.Kernel)
    cells, big = np.zeros(100, np.uint8), np.zeros(101, np.uint8)
    assert not kernel._interpreted((cells, 5))  # the library never interprets unless asked
    try:
        _jit.allow_interpreted(100)
        assert not kernel._interpreted((cells, 5))  # numba is imported: compiled from now on
        monkeypatch.delitem(sys.modules, "numba")  # as in a fresh command-line process
        assert kernel._interpreted((cells, 5)) and kernel._interpreted((7, cells, big))  # the first array counts
        assert not kernel._interpreted((big, cells))
    finally:
        _jit.allow_interpreted(0)
    assert not kernel._interpreted((cells, 5))


def test_pictures_and_animations_interpreted_equal_compiled():
    from tremaux.render.png import to_image
    from tremaux.render.svg import to_svg

    maze = tremaux.generate((9, 12), "kruskal", seed=2, braid=0.4).maze
    sol = tremaux.solve(maze, "astar", record=True)
    for run in (lambda: to_image(maze), lambda: to_image(sol)):
        a, b = _both(run)
        assert np.array_equal(np.asarray(a), np.asarray(b))
    a, b = _both(lambda: to_svg(sol))
    assert a == b and "<svg" in a


def test_a_kernel_pickles_by_name():
    import pickle

    from tremaux.kernels import rng

    assert pickle.loads(pickle.dumps(rng.below)) is rng.below


def test_kernels_are_compiled_without_the_c_wrapper():
    from tremaux.kernels import rng

    options = rng.below.dispatcher.targetoptions  # the default of every kernel
    assert options["no_cfunc_wrapper"] is True and "error_model" not in options


def test_a_helper_without_python_entry_point_refuses_python_callers_and_serves_kernels():
    from tremaux.kernels import measure

    assert measure._deg.targetoptions["no_cpython_wrapper"] is True
    with pytest.raises(TypeError, match="called from compiled kernels only"):
        measure._deg(np.uint8(5))
    with _jit.interpreted():
        assert measure._deg(np.uint8(5)) == 2  # its Python code still runs interpreted
    maze = Maze.open((3, 4))
    assert tremaux.measure.maze_stats(maze).dead_ends == 0  # the kernels that call it compile and run


def test_every_kernel_module_takes_njit_from_the_shim():
    from pathlib import Path

    import tremaux.kernels

    folder = Path(tremaux.kernels.__file__).parent
    direct = [p.name for p in sorted(folder.glob("*.py"))
              if any(line.startswith(("from numba", "import numba")) for line in p.read_text().splitlines())]
    assert direct == []  # `from .._jit import njit`: importing a kernel module must not import numba


def test_grid_kernels_interpreted_equal_compiled():
    """The graph kernels (one per algorithm, traced or not) on hex and polar topologies, a woven table and a
    triangle table: the same mazes, stats, traces and solutions either way."""
    from tremaux.errors import UnsupportedError
    from tremaux.grids import GRAPH_SOLVERS, generate_on, make_grid, solve_on, supports

    grids = [make_grid("hex", size=(4, 5)), make_grid("polar", rings=4), make_grid("square", size=(5, 4), weave=True),
             make_grid("triangle", size=(3, 5))]
    for grid in grids:
        braid = 0.0 if "weave" in grid.params else 0.5
        for entry in GENERATORS:
            if not supports(entry, grid):
                continue
            for record in (False, True):
                a, b = _both(lambda: generate_on(grid, entry.name, seed=3, braid=braid, record=record))
                _same_generated(a, b)
                assert (a.trace is None) == (not record)
        maze = generate_on(grid, "kruskal", seed=1, braid=braid).maze
        for name in GRAPH_SOLVERS:
            try:
                a, b = _both(lambda: solve_on(maze, name, record=True))
            except UnsupportedError:
                continue
            assert np.array_equal(a.path, b.path) and a.steps == b.steps and a.found == b.found
            assert np.array_equal(a.visited, b.visited)
            _same_trace(a.trace, b.trace)


def test_polar_tables_interpreted_equal_compiled():
    """The kernel that fills a polar grid's tables runs as Python when a small polar maze file is read."""
    from tremaux.grids import make_grid

    def tables(rings):
        grid = make_grid("polar", rings=rings)
        return grid.nbr, grid.back, grid.coords  # built on first use: here, in the block _both runs it in

    for rings in (1, 2, 6, 13):
        a, b = _both(lambda: tables(rings))
        assert all(np.array_equal(x, y) for x, y in zip(a, b)) and len(a[0]) == make_grid("polar", rings=rings).size


@pytest.mark.parametrize("shape", [(2, 3), (5, 5), (9, 11), (15, 20)])
def test_number_link_cover_kernel_interpreted_draws_the_compiled_cover(shape):
    """``numberlink generate`` draws its cover as Python on small boards: the same links, the same state after."""
    from tremaux.kernels.numberlink import random_cover
    from tremaux.kernels.rng import make_state

    h, w = shape
    for seed in SEEDS:
        states = [make_state(seed), make_state(seed)]
        compiled = random_cover(h, w, states[0], max(6, h * w // 4))
        with _jit.interpreted():
            interpreted = random_cover(h, w, states[1], max(6, h * w // 4))
        assert interpreted.dtype == compiled.dtype and np.array_equal(interpreted, compiled)
        assert np.array_equal(states[0], states[1]) and (compiled != 0).sum() >= h * w - 2
