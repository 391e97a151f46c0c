"""A grid's first solve: the neighbour table a lazy grid builds on first use, and what each kind pays for it.

Usage::

    python benchmarks/bench_grid_tables.py            # print the table
    python benchmarks/bench_grid_tables.py --quick    # 3 runs, 1000 x 1000
    python benchmarks/bench_grid_tables.py --write    # also write its section of docs/benchmarks.md

For each kind of grid (about 4 million cells), CPU seconds (``time.process_time``, median of several runs) to
make the grid (where the eager kinds build their tables), to build a lazy grid's tables on first use (the hex
rectangle, a polar grid beyond ``TABLE_SLOTS``), and to solve a maze with BFS the first time (on a fresh grid
object: tables and all) and a second time. The maze is generated once per kind (Kruskal, seed 1) and set on a
fresh grid for each run without checking it (``validate=False``), so no run finds the tables built. Memory: the
peak bytes :mod:`tracemalloc` traces while making the grid and building its tables (one more run), per cell.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import time
import tracemalloc

from tremaux.grids import GridMaze, generate_on, make_grid, solve_on

BEGIN, END = "<!-- grid-tables:begin -->", "<!-- grid-tables:end -->"
HEADING = "A grid's first solve: the hex rectangle's neighbour table (2026-11-28)"


def kinds(side: int) -> dict[str, tuple[str, dict]]:
    return {
        f"hex {side}x{side}": ("hex", {"size": (side, side)}),
        f"triangle {side}x{side}": ("triangle", {"size": (side, side)}),
        f"upsilon {side}x{side}": ("upsilon", {"size": (side, side)}),
        f"zeta {side}x{side}": ("zeta", {"size": (side, side)}),
        f"torus {side}x{side}": ("square", {"size": (side, side), "wrap": "torus"}),
        f"woven {side // 2}x{side // 2}": ("square", {"size": (side // 2, side // 2), "weave": True}),
        f"polar {side // 2} rings": ("polar", {"rings": side // 2}),
    }


def cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def peak_per_cell(name: str, kw: dict) -> float:
    """Peak bytes traced while making the grid and building its tables, per cell."""
    tracemalloc.start()
    try:
        g = make_grid(name, **kw)
        g.nbr
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / g.size


def measure(name: str, kw: dict, runs: int) -> tuple[int, float, float, float, float]:
    small = {**kw, "size": (5, 5)} if "size" in kw else {"rings": 3}
    solve_on(generate_on(make_grid(name, **small), "kruskal", seed=1).maze, "bfs")  # kernels loaded
    cells = generate_on(make_grid(name, **kw), "kruskal", seed=1).maze.cells
    make, tables, first, second = [], [], [], []
    for _ in range(runs):
        t = time.process_time()
        g = make_grid(name, **kw)
        make.append(time.process_time() - t)
        tables.append(cpu(lambda: g.nbr))
        m = GridMaze(make_grid(name, **kw), cells, validate=False)
        first.append(cpu(lambda: solve_on(m, "bfs")))
        second.append(cpu(lambda: solve_on(m, "bfs")))
    med = statistics.median
    return g.size, med(make), med(tables), med(first), med(second)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--runs", type=int, default=None)
    args = ap.parse_args()
    side, runs = (1000, 3) if args.quick else (2000, args.runs or 5)
    lines = ["| grid | cells | make s | tables on first use s | first solve s | second solve s | peak B/cell |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for label, (name, kw) in kinds(side).items():
        n, mk, tb, s1, s2 = measure(name, kw, runs)
        peak = peak_per_cell(name, kw)
        lines.append(f"| {label} | {n:,} | {mk:.3f} | {tb:.3f} | {s1:.3f} | {s2:.3f} | {peak:.0f} |")
        print(lines[-1], flush=True)
    stamp = f"{datetime.date.today()}, {platform.machine()} {platform.system()}, Python {platform.python_version()}"
    print(stamp)
    if args.write:
        import sys
        from pathlib import Path

        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from _doc import write_section

        body = "\n".join([BEGIN, f"Measured {stamp}; CPU seconds, median of {runs} runs "
                          "(`python benchmarks/bench_grid_tables.py`).", "", *lines, END])
        write_section(body, BEGIN, END, HEADING)


if __name__ == "__main__":
    main()
