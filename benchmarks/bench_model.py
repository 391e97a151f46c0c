"""Memory and time of the maze model, its properties and its files at 10,000 x 10,000.

The target: the model handles a 10,000 x 10,000 maze (100 million cells) in
well under 2 GiB. Each stage runs in a fresh process that first loads the
same saved maze, so every peak is that stage's own:

* ``tracemalloc`` peak: NumPy and Python allocations of the stage;
* RSS growth: the process's peak resident memory minus what it held after
  loading the maze (this one also sees what numba kernels allocate).

Peers: mazelib keeps a maze as its ``(2H + 1) x (2W + 1)`` ``int8`` block
grid (what :func:`tremaux.io.block.to_blocks` gives); networkx keeps a graph
of dicts (:func:`tremaux.io.graph.to_graph`, measured on a smaller maze and
given per cell).

Usage::

    python benchmarks/bench_model.py            # 10,000 x 10,000
    python benchmarks/bench_model.py --size 2000
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import resource
import sys
import tempfile
import time
import tracemalloc

MiB = 2**20


def _rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB


def _stage(name: str, path: str, queue) -> None:
    import numpy as np

    from tremaux import Maze
    from tremaux import io as mio
    from tremaux.io import block
    from tremaux.maze import properties as P

    # warm the kernels on a tiny maze so compilation or cache loading is not measured
    P.summary(Maze.open((3, 3), start=(0, 0), goal=(2, 2)))
    mio.loads(mio.dumps(Maze.open((2, 2)), "npz"))
    maze = mio.load(path)
    base = _rss()
    tracemalloc.start()
    t = time.perf_counter()
    extra = ""
    if name == "load .npz":
        del maze
        maze = mio.load(path)
        extra = f"{maze.passages:,} passages"
    elif name == "validate (copy + check)":
        m = Maze(np.array(maze.cells), start=maze.start, goal=maze.goal)
        extra = f"{m.passages:,} passages"
    elif name == "Maze.open":
        m = Maze.open(maze.shape)
    elif name == "passages + degrees":
        extra = f"{maze.passages:,} passages, {int((P.degrees(maze) == 1).sum()):,} dead ends"
    elif name == "components":
        extra = f"{P.component_count(maze)} component(s)"
    elif name == "islands":
        extra = f"{P.island_count(maze)} island(s)"
    elif name == "summary (tremaux info)":
        s = P.summary(maze)
        extra = f"perfect={s['perfect']}, walls={s['walls']:,}"
    elif name == "save .npz":
        with tempfile.TemporaryDirectory() as d:
            mio.save(maze, os.path.join(d, "m.npz"))
            extra = f"{os.path.getsize(os.path.join(d, 'm.npz')) / MiB:.1f} MiB file"
    elif name == "json dumps":
        extra = f"{len(mio.dumps(maze, 'json')) / MiB:.0f} MiB of text"
    elif name == "block picture (mazelib layout)":
        b = block.to_blocks(maze).astype(np.int8)
        extra = f"{b.nbytes / MiB:.0f} MiB array"
    else:  # pragma: no cover
        raise ValueError(name)
    elapsed = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    queue.put((name, elapsed, peak, max(0, _rss() - base), extra))


STAGES = [
    "load .npz",
    "Maze.open",
    "validate (copy + check)",
    "passages + degrees",
    "components",
    "islands",
    "summary (tremaux info)",
    "save .npz",
    "json dumps",
    "block picture (mazelib layout)",
]


def _networkx_bytes_per_cell(side: int = 150) -> float:
    from tremaux import generate
    from tremaux.io.graph import to_graph

    maze = generate((side, side), "backtracker", seed=1).maze
    tracemalloc.start()
    g = to_graph(maze)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del g
    return peak / maze.size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=10_000, help="side of the square maze (default 10000)")
    ap.add_argument("--algorithm", default="backtracker", help="generator of the maze measured")
    args = ap.parse_args()
    n = args.size

    from tremaux import generate
    from tremaux import io as mio

    print(f"# bench_model: {n:,} x {n:,} = {n * n:,} cells, {args.algorithm} maze")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"{platform.machine()}")
    t = time.perf_counter()
    maze = generate((n, n), args.algorithm, seed=1).maze
    print(f"generate: {time.perf_counter() - t:.1f} s (not part of the model; for reference)")
    ctx = mp.get_context("spawn")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "maze.npz")
        mio.save(maze, path)
        del maze
        print(f"{'stage':32} {'time':>9} {'tracemalloc peak':>17} {'RSS growth':>11}  notes")
        worst = 0
        for name in STAGES:
            q = ctx.Queue()
            p = ctx.Process(target=_stage, args=(name, path, q))
            p.start()
            name, elapsed, peak, rss, extra = q.get()
            p.join()
            worst = max(worst, peak, rss)
            print(f"{name:32} {elapsed:8.2f}s {peak / MiB:13.0f} MiB {rss / MiB:7.0f} MiB  {extra}")
    cells_mib = n * n / MiB
    print(f"model: {cells_mib:.0f} MiB of cells (1 byte per cell); worst stage peak {worst / MiB:.0f} MiB "
          f"({worst / 2**30:.2f} GiB, limit 2 GiB)")
    blocks = (2 * n + 1) ** 2
    print(f"peer mazelib block grid (int8): {blocks / MiB:.0f} MiB -> ratio {blocks / (n * n):.2f}x our cells")
    per_cell = _networkx_bytes_per_cell()
    print(f"peer networkx graph: {per_cell:.0f} bytes per cell (measured at 150 x 150) -> "
          f"{per_cell * n * n / 2**30:.1f} GiB at this size, ratio {per_cell:.0f}x our cells")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
