"""Mazes on every grid: texture per grid and algorithm, and speed and memory per cell against the square grid.

Usage::

    python benchmarks/bench_grids.py            # print the tables
    python benchmarks/bench_grids.py --quick    # fewer seeds, smaller big grids
    python benchmarks/bench_grids.py --write    # also update the "Grids" section of docs/benchmarks.md

Texture: for each grid and each generator that runs on every grid, the mean
dead-end share and the mean diameter (in passages, divided by the number of
cells' square root so grids of different sizes compare) over many seeds.
Wilson's algorithm gives uniform spanning trees on every grid: its row is
the reference each grid's other rows compare with.

Speed: CPU seconds (``time.process_time``, median of several runs) to
generate on a 1000 x 1000 hex grid and a 1000-ring polar grid, per cell,
against the square grid's fast path (``tremaux.generate((1000, 1000), ...)``)
and against the same graph kernel on the 1000 x 1000 square grid (which
reads a neighbour table; the hex and polar grids compute their neighbours).
Memory: peak bytes traced by ``tracemalloc`` during one run that builds the
grid and generates on it, per cell, against the fast path's peak; the
process's peak resident size (``ru_maxrss``) is printed too.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import resource
import statistics
import time
import tracemalloc
from pathlib import Path

import numpy as np

import tremaux
from tremaux.grids import GRAPH_KERNELS, generate_on, grid_stats, make_grid

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
BEGIN, END = "<!-- grids:begin -->", "<!-- grids:end -->"

TEXTURE_GRIDS = {
    "square 30x30": lambda: make_grid("square", size=(30, 30)),
    "torus 30x30": lambda: make_grid("square", size=(30, 30), wrap="torus"),
    "moebius 30x30": lambda: make_grid("square", size=(30, 30), wrap="moebius"),
    "polar 17 rings": lambda: make_grid("polar", rings=17),
    "hex 30x30": lambda: make_grid("hex", size=(30, 30)),
    "hexagon r=17": lambda: make_grid("hex", shape="hexagon", radius=17),
    "triangle 30x30": lambda: make_grid("triangle", size=(30, 30)),
    "upsilon 30x30": lambda: make_grid("upsilon", size=(30, 30)),
    "zeta 30x30": lambda: make_grid("zeta", size=(30, 30)),
}


def texture(seeds: int) -> list[str]:
    algos = list(GRAPH_KERNELS)
    lines = ["| grid | cells | " + " | ".join(algos) + " |", "|---|---:|" + "---:|" * len(algos)]
    for label, make in TEXTURE_GRIDS.items():
        g = make()
        cells = []
        for name in algos:
            dead, diam = [], []
            for seed in range(seeds):
                s = grid_stats(generate_on(g, name, seed=seed).maze)
                dead.append(s.dead_end_share)
                diam.append(s.diameter / np.sqrt(g.size))
            cells.append(f"{100 * np.mean(dead):.1f}% / {np.mean(diam):.1f}")
        lines.append(f"| {label} | {g.size} | " + " | ".join(cells) + " |")
    woven = make_grid("square", size=(30, 30), weave=True)
    dead, diam, cross = [], [], []
    for seed in range(seeds):
        m = generate_on(woven, "kruskal", seed=seed, weave=0.5).maze
        s = grid_stats(m)
        dead.append(s.dead_end_share)
        diam.append(s.diameter / np.sqrt(woven.size))
        cross.append(int(((m.cells.astype(np.int64) >> 4) != 0).sum()) // 2)
    lines.append(f"\nWoven square 30x30, kruskal, weave=0.5: {100 * np.mean(dead):.1f}% dead ends, diameter "
                 f"{np.mean(diam):.1f} x sqrt(cells), {np.mean(cross):.0f} crossings on average.")
    return lines


def _cpu(fn, reps: int) -> tuple[float, int]:
    times = []
    peak = 0
    for k in range(reps):
        if k == 0:
            tracemalloc.start()
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
        if k == 0:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return statistics.median(times[1:] if len(times) > 2 else times), peak


SPEED_ALGORITHMS = ("backtracker", "growing-tree", "prim", "kruskal", "wilson")
"""The generators timed on the big grids (the growing tree with its default discipline)."""


def speed(side: int, rings: int, reps: int) -> list[str]:
    # compile every kernel before timing
    for name in SPEED_ALGORITHMS:
        for g in (make_grid("hex", size=(5, 5)), make_grid("polar", rings=4), make_grid("square", size=(5, 5))):
            generate_on(g, name, seed=0)
        tremaux.generate((5, 5), name, seed=0)
    sq = make_grid("square", size=(side, side))
    hx = make_grid("hex", size=(side, side))
    pl = make_grid("polar", rings=rings)
    lines = [f"| algorithm | grid | cells | CPU s (median of {reps}) | ns per cell | time vs square fast path | "
             "vs square graph kernel | peak bytes per cell | memory vs fast path |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name in SPEED_ALGORITHMS:
        fast, fast_peak = _cpu(lambda: tremaux.generate((side, side), name, seed=1), reps)
        fast_pc = fast / (side * side)
        fast_mem = fast_peak / (side * side)
        graph_sq, _ = _cpu(lambda: generate_on(sq, name, seed=1), reps)
        graph_pc = graph_sq / sq.size
        lines.append(f"| {name} | square (fast path) | {side * side:,} | {fast:.2f} | {1e9 * fast_pc:.0f} | 1.00 | "
                     f"| {fast_mem:.1f} | 1.00 |")
        for label, g, build in (("square (graph)", sq, lambda: make_grid("square", size=(side, side))),
                                ("hex", hx, lambda: make_grid("hex", size=(side, side))),
                                ("polar", pl, lambda: make_grid("polar", rings=rings))):
            t, _ = _cpu(lambda: generate_on(g, name, seed=1), reps)
            _, peak = _cpu(lambda: generate_on(build(), name, seed=1), 1)
            pc = t / g.size
            mem = peak / g.size
            lines.append(f"| {name} | {label} | {g.size:,} | {t:.2f} | {1e9 * pc:.0f} | {pc / fast_pc:.2f} | "
                         f"{pc / graph_pc:.2f} | {mem:.1f} | {mem / fast_mem:.2f} |")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines.append(f"\nPeak resident size of the whole benchmark process: {rss:.0f} MB.")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    seeds = 8 if args.quick else 40
    side, rings = (300, 300) if args.quick else (1000, 1000)
    reps = 3 if args.quick else 5
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    tex = texture(seeds)
    spd = speed(side, rings, reps)
    text = "\n".join([
        BEGIN,
        f"Measured {when} on {machine} by `python benchmarks/bench_grids.py`"
        f"{' --quick' if args.quick else ''}; the machine was shared with other jobs, so times are noisy.",
        "",
        f"Texture over {seeds} seeds per cell: mean dead-end share / mean diameter divided by sqrt(cells). "
        "Wilson (uniform spanning trees) is the reference on each grid.",
        "",
        *tex,
        "",
        f"Speed and memory per cell on a {side} x {side} hex grid and a {rings}-ring polar grid against the "
        f"{side} x {side} square grid (target: time and memory per cell within 2x of the square fast path).",
        "",
        *spd,
        END,
    ])
    print(text)
    if args.write:
        doc = DOC.read_text(encoding="utf-8")
        if BEGIN in doc:
            doc = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _m: text, doc, flags=re.S)
        else:
            doc = doc.rstrip("\n") + "\n\n## Grids\n\n" + text + "\n"
        DOC.write_text(doc, encoding="utf-8")


if __name__ == "__main__":
    main()
