"""Recording on every grid: what a trace costs, and how long an animation takes to draw.

Usage::

    python benchmarks/bench_grid_trace.py            # print the tables
    python benchmarks/bench_grid_trace.py --write    # also update "Grids: traces and animations" in docs/benchmarks.md

Generation and solving on a 500 x 500 hex grid and a 200-ring polar grid, CPU seconds (median of 5
runs, ``time.process_time``) without a trace and with one (``record=True``): the same graph kernel
either way, given a trace array with no rows or with room for the events, so the ratio is what writing the
events costs. Then wall seconds to write the GIF and
the animated SVG (100 frames) of a generation and of Tremaux's traveler on a 30 x 30 hex grid.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time

from _doc import write_section
from tremaux.grids import generate_on, make_grid, solve_on
from tremaux.grids.animate import to_animated_svg, to_gif

BEGIN, END = "<!-- grid-trace:begin -->", "<!-- grid-trace:end -->"


def _median(fn, reps: int, clock=time.process_time) -> float:
    times = []
    for _ in range(reps):
        t = clock()
        fn()
        times.append(clock() - t)
    return statistics.median(times)


def recording(reps: int) -> list[str]:
    small = make_grid("hex", size=(5, 5))
    for name in ("backtracker", "wilson", "kruskal"):  # compile both kernels of each before timing
        generate_on(small, name, seed=0)
        generate_on(small, name, seed=0, record=True)
    for name in ("bfs", "tremaux"):
        solve_on(generate_on(small, seed=0).maze, name)
        solve_on(generate_on(small, seed=0).maze, name, record=True)
    lines = [f"| run | grid | cells | untraced CPU s | traced CPU s | ratio | trace events |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for label, g in (("hex 500x500", make_grid("hex", size=(500, 500))), ("polar 200 rings", make_grid("polar",
                                                                                                         rings=200))):
        for name in ("backtracker", "wilson", "kruskal"):
            plain = _median(lambda: generate_on(g, name, seed=1), reps)
            traced = _median(lambda: generate_on(g, name, seed=1, record=True), reps)
            events = len(generate_on(g, name, seed=1, record=True).trace)
            lines.append(f"| generate {name} | {label} | {g.size:,} | {plain:.3f} | {traced:.3f} | "
                         f"{traced / plain:.1f} | {events:,} |")
        maze = generate_on(g, "kruskal", seed=1, braid=0.3).maze
        for name in ("bfs", "tremaux"):
            plain = _median(lambda: solve_on(maze, name), reps)
            traced = _median(lambda: solve_on(maze, name, record=True), reps)
            events = len(solve_on(maze, name, record=True).trace)
            lines.append(f"| solve {name} (braid 0.3) | {label} | {g.size:,} | {plain:.3f} | {traced:.3f} | "
                         f"{traced / plain:.1f} | {events:,} |")
    return lines


def animations(reps: int) -> list[str]:
    g = make_grid("hex", size=(30, 30))
    run = generate_on(g, "backtracker", seed=1, record=True)
    sol = solve_on(generate_on(g, "wilson", seed=1, braid=0.5).maze, "tremaux", record=True)
    lines = ["| animation of | frames | GIF wall s | GIF bytes | animated SVG wall s | SVG bytes |",
             "|---|---:|---:|---:|---:|---:|"]
    for label, obj in (("backtracker generation", run), ("Tremaux's traveler (braid 0.5)", sol)):
        gif_s = _median(lambda: to_gif(obj, frames=100), reps, time.perf_counter)
        svg_s = _median(lambda: to_animated_svg(obj, frames=100), reps, time.perf_counter)
        lines.append(f"| {label}, hex 30x30 | 100 | {gif_s:.2f} | {len(to_gif(obj, frames=100)):,} | {svg_s:.2f} | "
                     f"{len(to_animated_svg(obj, frames=100)):,} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    reps = 5
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    text = "\n".join([
        BEGIN,
        f"Measured {when} on {machine} by `python benchmarks/bench_grid_trace.py`; the machine was shared with "
        f"other jobs (load average {load:.1f}), so times are noisy.",
        "",
        f"Recording a trace (median of {reps} runs): one graph kernel per algorithm, given a trace with no rows "
        "(untraced) or with room for the events (traced); it makes the same moves either way.",
        "",
        *recording(reps),
        "",
        "Drawing an animation (median of 3 runs):",
        "",
        *animations(3),
        END,
    ])
    print(text)
    if args.write:
        write_section(text, BEGIN, END, "Grids: traces and animations")


if __name__ == "__main__":
    main()
