"""The memory limit on every grid kind: an over-limit ask is refused before it allocates, one within it runs,
and the estimates of :mod:`tremaux.grids.cost` bound the peaks :mod:`tracemalloc` measures."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from cli_helpers import run
from tremaux import budget
from tremaux.errors import MemoryLimitError
from tremaux.grids import files, generate_on, make_grid, solve_on, to_png, to_svg

# every kind of grid: plain tables, wrapped, eight sides, arithmetic (hex rectangle, polar), cut to a
# shape (hexagon, triangle), woven, masked; each as make_grid keywords for a size k
KINDS = {
    "square": lambda k: ("square", {"size": (k, k)}),
    "torus": lambda k: ("square", {"size": (k, k), "wrap": "torus"}),
    "zeta": lambda k: ("zeta", {"size": (k, k)}),
    "upsilon": lambda k: ("upsilon", {"size": (k, k)}),
    "hex": lambda k: ("hex", {"size": (k, k)}),
    "hexagon": lambda k: ("hex", {"shape": "hexagon", "radius": k // 2}),
    "triangle": lambda k: ("triangle", {"size": (k, k)}),
    "triangle-shaped": lambda k: ("triangle", {"shape": "triangle", "side": k}),
    "polar": lambda k: ("polar", {"rings": k // 2}),
    "woven-square": lambda k: ("square", {"size": (k, k), "weave": True}),
    "woven-hex": lambda k: ("hex", {"size": (k, k), "weave": True}),
    "masked-hex": lambda k: ("hex", {"mask": np.arange(k * k).reshape(k, k) % 7 != 3}),
}
LAZY = ("hex", "polar")  # arithmetic grids: building one allocates nothing big, at any size
TINY = "64k"  # below the fixed part of every estimate


def grid_of(kind: str, k: int):
    name, params = KINDS[kind](k)
    return make_grid(name, **params)


def generator_of(kind: str) -> str:
    return "kruskal" if kind.startswith("woven") else "backtracker"


def maze_of(kind: str, k: int):
    return generate_on(grid_of(kind, k), generator_of(kind), seed=1).maze


def refused_peak(work) -> tuple[str, int]:
    """The message of the refusal of ``work()`` and the bytes it allocated before refusing."""
    tracemalloc.start()
    try:
        with pytest.raises(MemoryLimitError, match="needs about") as err:
            work()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return str(err.value), peak


# ----------------------------------------------------------------------------- refused before allocating


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in LAZY])
def test_building_a_grid_over_the_limit_is_refused_before_allocating(kind):
    name, params = KINDS[kind](400)  # a mask is made here, not counted
    with budget.limited("2M"):
        message, peak = refused_peak(lambda: make_grid(name, **params))
    assert "the limit is 2.0 MiB" in message
    assert peak < 2**20, peak  # far below what the grid would take (tens of MiB)


@pytest.mark.parametrize("kind", LAZY)
def test_an_arithmetic_grid_is_built_within_a_small_limit_and_its_tables_are_not(kind):
    with budget.limited("4M"):
        grid = grid_of(kind, 2000)  # millions of cells, a few bytes
        assert grid.size > 1_000_000 and grid.nbytes < 2**20
        message, peak = refused_peak(lambda: solve_on(generate_on(grid, seed=1).maze, "bfs"))
    assert peak < 2**20


@pytest.mark.parametrize("kind", KINDS)
def test_every_work_over_the_limit_is_refused_before_allocating(kind):
    maze = maze_of(kind, 60)
    fresh = maze_of(kind, 60)  # its grid has made no geometry yet
    work = {
        "generate": lambda: generate_on(maze.grid, generator_of(kind), seed=1),
        "solve": lambda: solve_on(maze, "astar"),
        "svg": lambda: to_svg(fresh),
        "png": lambda: to_png(fresh),
        "npz": lambda: files.to_bytes(maze),
        "json": lambda: files.dumps(maze),
    }
    for what, run_it in work.items():
        with budget.limited(TINY):
            message, peak = refused_peak(run_it)
        assert "the limit is 64.0 KiB" in message, (what, message)
        assert peak < 48 * 2**10, (what, peak)


def test_the_cli_refuses_a_big_hex_maze_in_one_line_before_generating(capsys, tmp_path):
    out = tmp_path / "x.npz"
    # 9,000,000 cells: the maze and its file take about 35 MiB (measured: 28)
    code, _, err = run(capsys, "--memory-limit", "20M", "generate", "--grid", "hex", "--size", "3000x3000", "-o",
                       str(out))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and "needs about" in err and "20.0 MiB" in err
    assert not out.exists()


@pytest.mark.parametrize("args", [["--grid", "zeta", "--size", "1500x1500"],
                                  ["--grid", "triangle", "--shape", "triangle", "--side", "1500"],
                                  ["--grid", "polar", "--rings", "1500"],
                                  ["--grid", "hex", "--size", "1000x1000", "--weave", "0.5"]])
def test_the_cli_refuses_other_grids_over_the_limit(capsys, tmp_path, args):
    code, _, err = run(capsys, "--memory-limit", "10M", "generate", *args, "-o", str(tmp_path / "x.npz"))
    assert code == 2 and err.startswith("error: ") and "needs about" in err and "10.0 MiB" in err


@pytest.mark.parametrize("grid", ["zeta", "hex", "polar"])
def test_the_web_server_jobs_refuse_a_grid_over_the_limit(grid):
    # the server's jobs run these in its workers, where the limit is TREMAUX_MEMORY_LIMIT or the default;
    # a MemoryLimitError is answered 400 with its one line, as every TremauxError
    from tremaux.web.grids import build_grid_maze

    params = {"grid": grid, "rows": 60, "cols": 60, "generator": "backtracker", "braid": 0.0, "seed": 1}
    if grid == "polar":
        params["rings"] = 30
    with budget.limited(TINY):
        with pytest.raises(MemoryLimitError, match="needs about .* the limit is 64.0 KiB"):
            build_grid_maze(params)
    with budget.limited("64M"):
        assert build_grid_maze(params)[0].passages > 0


def test_the_api_solve_takes_a_memory_limit_for_a_maze_on_any_grid():
    import tremaux

    maze = maze_of("hex", 60)
    with pytest.raises(MemoryLimitError, match=r"solving a hex maze of 3,600 cells \(bfs\) needs about"):
        tremaux.solve(maze, "bfs", memory_limit="64k")
    assert tremaux.solve(maze, "bfs", memory_limit="64M").found


# ----------------------------------------------------------------------------- within the limit


@pytest.mark.parametrize("kind", KINDS)
def test_work_within_the_limit_runs(kind):
    with budget.limited("64M"):
        maze = maze_of(kind, 60)
        sol = solve_on(maze, "bfs", record=True)
        assert sol.found
        assert to_svg(maze, solution=sol).startswith("<svg")
        assert files.from_bytes(files.to_bytes(maze)).cells.tolist() == maze.cells.tolist()


# ----------------------------------------------------------------------------- estimates bound the peaks


def peak_and_estimate(monkeypatch, prepare, work) -> tuple[int, int]:
    """The tracemalloc peak of ``work(prepare())`` and the largest estimate it checked.

    ``prepare()`` makes the input, unmeasured, each time (a fresh grid has built no tables nor geometry);
    the work runs once unmeasured first, so that compiling a kernel is not counted.
    """
    work(prepare())
    seen: list[int] = []
    real = budget.check

    def spy(estimate, what, limit=None):
        seen.append(int(estimate))
        return real(estimate, what, limit)

    arg = prepare()
    monkeypatch.setattr(budget, "check", spy)
    tracemalloc.start()
    try:
        work(arg)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        monkeypatch.setattr(budget, "check", real)
    assert seen, "the work checked no estimate"
    return peak, max(seen)


@pytest.mark.parametrize("kind", KINDS)
def test_estimates_bound_the_measured_peaks(monkeypatch, kind):
    k = 120
    maze = lambda: maze_of(kind, k)  # noqa: E731
    works = {
        "build": (lambda: None, lambda _: grid_of(kind, k)),
        "generate": (lambda: grid_of(kind, k), lambda g: generate_on(g, generator_of(kind), seed=1, record=True)),
        "solve": (maze, lambda m: solve_on(m, "tremaux", record=True)),
        "astar": (maze, lambda m: solve_on(m, "astar")),
        "svg": (maze, to_svg),
        "png": (maze, to_png),
        "npz": (maze, files.to_bytes),
        "json": (maze, files.dumps),
    }
    under = []
    for what, (prepare, work) in works.items():
        peak, est = peak_and_estimate(monkeypatch, prepare, work)
        if est < peak:
            under.append((what, est, peak))
    assert not under


def test_braiding_counts_its_shuffled_order_of_the_cells():
    """Braiding shuffles an ``int64`` order of the cells: a limit that the plain generation fits in, with less
    than those 8 bytes a cell to spare, refuses the braided one before allocating."""
    from tremaux.grids import cost

    grid = grid_of("hex", 400)
    need = cost.generation_bytes(grid, "backtracker", trace_rows=0, tables=False)
    with budget.limited(need + 4 * grid.size):
        generate_on(grid, "backtracker", seed=1)
        message, peak = refused_peak(lambda: generate_on(grid, "backtracker", seed=1, braid=0.5))
    assert peak < 2**20, (message, peak)
