"""Drawing mazes on other grids: the cell outlines, the page's replay stage, SVG and PNG pictures.

Usage::

    python benchmarks/bench_grid_draw.py                          # print the table
    python benchmarks/bench_grid_draw.py --before OLD/src         # also time the tree at OLD/src (a column)
    python benchmarks/bench_grid_draw.py --before OLD/src --write # and update docs/benchmarks.md

Wall seconds (median of 3 runs, ``time.perf_counter``) on the largest polar and hex mazes the web page draws
(at most 150 x 150 cells): every cell's outline (:func:`tremaux.grids.draw.outlines`), the stage the page
replays a trace on (:func:`tremaux.web.grids.stage_svg`, one polygon per cell), and the SVG and PNG pictures of
the maze with Tremaux's solution. ``--before`` runs the same measurements in a subprocess that imports
``tremaux`` from another source tree (an older commit: ``git archive COMMIT src | tar -x -C OLD``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time

BEGIN, END = "<!-- grid-draw:begin -->", "<!-- grid-draw:end -->"
STEPS = ("outlines", "stage_svg", "to_svg", "to_png")


def measure(reps: int = 3) -> dict[str, dict[str, float]]:
    """``{maze label: {step: median wall seconds}}`` with the ``tremaux`` on the import path."""
    from tremaux.grids import generate_on, make_grid, solve_on, to_png, to_svg
    from tremaux.grids.draw import outlines
    from tremaux.web.grids import stage_svg

    out: dict[str, dict[str, float]] = {}
    for label, grid in (("polar 85 rings", make_grid("polar", rings=85)), ("hex 150x150", make_grid("hex", size=(150, 150)))):
        maze = generate_on(grid, "kruskal", seed=1, braid=0.3).maze
        sol = solve_on(maze, "tremaux", record=True)
        steps = {"outlines": lambda: outlines(maze), "stage_svg": lambda: stage_svg(maze),
                 "to_svg": lambda: to_svg(maze, solution=sol), "to_png": lambda: to_png(maze, solution=sol)}
        times = {}
        for name in STEPS:
            runs = []
            for _ in range(reps):
                t = time.perf_counter()
                steps[name]()
                runs.append(time.perf_counter() - t)
            times[name] = statistics.median(runs)
        out[f"{label} ({grid.size:,} cells)"] = times
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    ap.add_argument("--before", help="another source tree (its src/ folder) to time in a column of its own")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the subprocess's answer
    args = ap.parse_args()
    if args.json:
        print(json.dumps(measure()))
        return
    before = None
    if args.before:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(args.before)}
        done = subprocess.run([sys.executable, __file__, "--json"], env=env, capture_output=True, text=True, check=True)
        before = json.loads(done.stdout)
    after = measure()
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = "| maze | step | before s | after s | speed-up |" if before else "| maze | step | wall s |"
    rows = [head, "|---|---|---:|---:|---:|" if before else "|---|---|---:|"]
    for label, times in after.items():
        for step in STEPS:
            if before:
                b = before[label][step]
                rows.append(f"| {label} | {step} | {b:.3f} | {times[step]:.3f} | {b / times[step]:.1f}x |")
            else:
                rows.append(f"| {label} | {step} | {times[step]:.3f} |")
    text = "\n".join([
        BEGIN,
        f"Measured {when} on {machine} by `python benchmarks/bench_grid_draw.py"
        f"{' --before OLD/src' if before else ''}`; the machine was shared with other jobs (load average "
        f"{load:.1f}), so times are noisy. Wall seconds, median of 3 runs"
        + ("; *before*: the tree before the outlines were computed with numpy (one Python loop per cell)." if before else "."),
        "",
        *rows,
        END,
    ])
    print(text)
    if args.write:
        from _doc import write_section

        write_section(text, BEGIN, END, "Grids: drawing pictures and the replay stage")


if __name__ == "__main__":
    main()
