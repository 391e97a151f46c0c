"""Benchmark the solvers: speed targets, every solver at 1000 x 1000, memory, and mazelib side by side.

Usage::

    python benchmarks/bench_solve.py            # full run, with 10,000 x 10,000 (a few minutes)
    python benchmarks/bench_solve.py --quick    # without 10,000 x 10,000
    python benchmarks/bench_solve.py --write    # also update the solving section of docs/benchmarks.md

Times are for ``tremaux.solve`` as a user calls it (kernel plus building the
``Solution``), corner to corner. "cpu" is ``time.process_time`` of this
process (what "one core" means on a shared machine), "wall" the elapsed time;
both are the best of several runs. Memory is the peak of ``tracemalloc``
(NumPy and kernel arrays) during one run, per cell of the maze; the maze
itself (one byte per cell) is not counted.

mazelib (``pip install mazelib``, the ``bench`` extra) solves the same mazes,
converted to its ``(2H+1) x (2W+1)`` block grid with entrances on the outer
wall, where it has the same algorithm: ``ShortestPath`` (breadth-first),
``Tremaux``, and ``BacktrackingSolver`` (a random walk that backs out of dead
ends: the nearest it has to a depth-first search). Its runs stop growing once
the time estimated from the size below passes a budget.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import re
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

import tremaux
from tremaux import SOLVERS, solve
from tremaux.io.block import to_blocks

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench_solve:begin -->", "<!-- bench_solve:end -->"
PEERS = {"bfs": "ShortestPath", "tremaux": "Tremaux", "dfs": "BacktrackingSolver"}
MAZELIB_BUDGET = 30.0


def timed(fn, reps: int) -> tuple[float, float, object]:
    """Best CPU and wall seconds of ``reps`` calls, and the last result."""
    cpu, wall, out = [], [], None
    for _ in range(reps):
        c, w = time.process_time(), time.perf_counter()
        out = fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return min(cpu), min(wall), out


def peak_per_cell(fn, cells: int) -> float:
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / cells


def maze(shape, algorithm="backtracker", braid=0.0):
    return tremaux.generate(shape, algorithm, seed=1, braid=braid).maze.replace(start=None, goal=None)


def targets(big: bool) -> list[tuple[str, str, str, str]]:
    rows = []
    m = maze((1000, 1000))
    for name, target, reps in (("bfs", 0.025, 9), ("tremaux", 0.050, 9)):
        solve(m, name)
        cpu, wall, sol = timed(lambda: solve(m, name), reps)
        mem = peak_per_cell(lambda: solve(m, name), m.size)
        rows.append((f"{name} 1000 x 1000 backtracker (target {target * 1e3:.0f} ms)",
                     f"{cpu * 1e3:.1f} ms", f"{wall * 1e3:.1f} ms",
                     f"{mem:.1f} B/cell, path {sol.length:,} cells, {sol.steps:,} steps"))
        print(rows[-1], flush=True)
    if big:
        t = time.perf_counter()
        m = maze((10_000, 10_000))
        print(f"generated 10,000 x 10,000 in {time.perf_counter() - t:.1f} s", flush=True)
        for name, target in (("bfs", 2.0), ("tremaux", None)):
            cpu, wall, sol = timed(lambda: solve(m, name), 2)
            mem = peak_per_cell(lambda: solve(m, name), m.size)
            label = f"{name} 10,000 x 10,000 backtracker" + (f" (target {target:.0f} s)" if target else "")
            rows.append((label, f"{cpu:.2f} s", f"{wall:.2f} s",
                         f"{mem:.1f} B/cell, path {sol.length:,} cells, {sol.steps:,} steps"))
            print(rows[-1], flush=True)
            del sol
    return rows


def every_solver() -> list[tuple[str, ...]]:
    rows = []
    mazes = {"backtracker": maze((1000, 1000)), "kruskal, braid 0.3": maze((1000, 1000), "kruskal", 0.3)}
    for entry in SOLVERS:
        cols = [entry.name]
        for m in mazes.values():
            solve(m, entry.name)
            cpu, _, sol = timed(lambda: solve(m, entry.name), 3)
            cols.append(f"{cpu * 1e3:.0f} ms" + (f" ({sol.length:,})" if sol.found else " (no path)"))
        mem = peak_per_cell(lambda: solve(mazes["backtracker"], entry.name), 10**6)
        cols.append(f"{mem:.1f}")
        rows.append(tuple(cols))
        print(rows[-1], flush=True)
    return rows


def mazelib_side_by_side() -> list[tuple[str, ...]]:
    try:
        import importlib

        mod = {k: importlib.import_module(f"mazelib.solve.{v}") for k, v in PEERS.items()}
    except ImportError:
        print("mazelib is not installed (pip install mazelib): no peer figures", flush=True)
        return []
    rows = []
    for name, cls_name in PEERS.items():
        peer = getattr(mod[name], cls_name)
        last = None
        for n in (50, 100, 300, 1000):
            m = maze((n, n))
            grid = to_blocks(m).astype(np.int8)
            start, end = (0, 1), (2 * n, 2 * n - 1)  # entrances in the outer wall, next to the corners
            solve(m, name)
            cpu, _, _ = timed(lambda: solve(m, name), 3)
            if last is not None and last * (n / prev_n) ** 2 > MAZELIB_BUDGET:
                rows.append((name, f"{n} x {n}", f"{cpu * 1e3:.2f} ms", "skipped (over budget)", ""))
                print(rows[-1], flush=True)
                continue
            random.seed(1)
            c = time.process_time()
            peer().solve(grid, start, end)
            last = time.process_time() - c
            prev_n = n
            rows.append((name, f"{n} x {n}", f"{cpu * 1e3:.2f} ms", f"{cls_name}: {last * 1e3:,.0f} ms",
                         f"{last / cpu:,.0f}"))
            print(rows[-1], flush=True)
    return rows


def table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip 10,000 x 10,000")
    ap.add_argument("--write", action="store_true", help="update the solving section of docs/benchmarks.md")
    args = ap.parse_args()
    t_rows = targets(big=not args.quick)
    s_rows = every_solver()
    p_rows = mazelib_side_by_side()
    day = datetime.date.today().isoformat()
    lines = [
        BEGIN,
        "## Solving",
        "",
        f"`python benchmarks/bench_solve.py` on {day} ({platform.machine()}, 2 cores shared with other jobs, "
        f"Python {platform.python_version()}). `tremaux.solve` end to end, corner to corner; cpu is the "
        "process's CPU time, best of several runs (the machine was shared, so wall times are longer).",
        "",
        *table(("target", "cpu", "wall", "notes"), t_rows),
        "",
        "Every solver at 1000 x 1000 (cpu, path length in cells); memory is the tracemalloc peak in bytes "
        "per cell on the backtracker maze:",
        "",
        *table(("solver", "backtracker", "kruskal, braid 0.3", "B/cell"), s_rows),
        "",
        "Side by side with mazelib on backtracker mazes (mazelib's block grid, entrances next to the corners; "
        "ratio = mazelib / tremaux, cpu):",
        "",
        *(table(("solver", "size", "tremaux", "mazelib", "ratio"), p_rows) if p_rows else ["mazelib not installed."]),
        "",
        "mazelib's `DeadEndFiller` and `CuldeSacFiller` are transmuters, not solvers, and on these grids "
        "leave most dead ends open (100 passes of `DeadEndFiller` on a 50 x 50 perfect maze keep 4,799 of "
        "4,999 open squares, the path has 1,837), so they are not compared. mazelib has no wall follower, "
        "Pledge, A* or greedy solver. mazelib's `Tremaux` and `BacktrackingSolver` choose at random (seeded "
        "here), so their times vary a lot from run to run.",
        END,
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        doc = DOC.read_text() if DOC.exists() else "# Benchmarks\n"
        if BEGIN in doc:
            doc = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: text, doc, flags=re.S)
        else:
            doc = doc.rstrip("\n") + "\n\n" + text + "\n"
        DOC.write_text(doc)
        print(f"wrote {DOC}", file=sys.stderr)


if __name__ == "__main__":
    main()
