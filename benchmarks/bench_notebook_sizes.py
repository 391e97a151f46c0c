"""A notebook's round on every grid kind and size: generate, solve, and the pictures Jupyter asks for.

Usage::

    python benchmarks/bench_notebook_sizes.py              # print the table
    python benchmarks/bench_notebook_sizes.py --write      # also append/update its section of docs/benchmarks.md
    python benchmarks/bench_notebook_sizes.py --log run.txt --write   # the table of a run's printed log

For each grid kind (square, masked square, polar, hex, triangle, upsilon, zeta, torus, woven square) and size
(1 x 1, 1 x 50, 2 x 2, 300 x 300, 2000 x 2000; polar grids by rings: 1, 50, 2, 300, 2000), one child process
generates (after a 3 x 3 run that loads the kernels; Wilson's algorithm, or Kruskal on the woven grid, seed 1), solves with bfs, and asks the solution
for ``_repr_svg_`` and ``_repr_png_`` (when it has one), as a notebook cell displaying it does. Each step's CPU
seconds (``time.process_time``), the pictures' sizes, and the child's peak resident size are printed; a case
that takes over 300 s of wall time is stopped and shown as such. Kernels are compiled once before timing.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

SIZES = [(1, 1), (1, 50), (2, 2), (300, 300), (2000, 2000)]
KINDS = ["square", "masked", "polar", "hex", "triangle", "upsilon", "zeta", "torus", "weave"]

CHILD = r"""
import json, resource, sys, time
import numpy as np
import tremaux
from tremaux.grids import make_grid, generate_on, solve_on
kind, h, w = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def build(h, w):
    if kind == "square":
        return tremaux.generate((h, w), "wilson", seed=1).maze
    if kind == "masked":
        mask = np.ones((h, w), bool)
        if h > 2 and w > 2:
            mask[h // 3: 2 * h // 3, w // 3: 2 * w // 3] = False
        return tremaux.generate((h, w), "wilson", seed=1, mask=mask).maze
    if kind == "polar":
        return generate_on(make_grid("polar", rings=max(h, w)), "wilson", seed=1).maze
    if kind == "torus":
        return generate_on(make_grid("square", size=(h, w), wrap="torus"), "wilson", seed=1).maze
    if kind == "weave":
        return generate_on(make_grid("square", size=(h, w), weave=True), "kruskal", seed=1).maze
    return generate_on(make_grid(kind, size=(h, w)), "wilson", seed=1).maze
def solve(m):
    return tremaux.solve(m, "bfs") if isinstance(m, tremaux.Maze) else solve_on(m, "bfs")
out = {}
try:
    warm = solve(build(3, 3))  # load the kernels (a torus takes 3 x 3 at least)
    warm._repr_svg_()
    t = time.process_time(); m = build(h, w); out["generate"] = time.process_time() - t
    t = time.process_time(); s = solve(m); out["solve"] = time.process_time() - t
    out["found"] = bool(s.found)
    t = time.process_time(); svg = s._repr_svg_(); out["svg_s"] = time.process_time() - t
    out["svg_bytes"] = len(svg.encode()) if svg else 0
    if hasattr(s, "_repr_png_"):
        t = time.process_time(); png = s._repr_png_(); out["png_s"] = time.process_time() - t
        out["png_bytes"] = len(png) if png else 0
except Exception as exc:
    out["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:90]}"
out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def run(kind: str, h: int, w: int) -> dict:
    """One case in a child process (its own peak memory), stopped after 300 s."""
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, kind, str(h), str(w)], capture_output=True, text=True,
                              timeout=300)
    except subprocess.TimeoutExpired:
        return {"error": "over 300 s"}
    lines = done.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else {"error": (done.stderr.strip().splitlines() or ["?"])[-1][:90]}


def fmt(x, unit=""):
    if x == 0 and isinstance(x, int):
        return "none (repr)"  # the notebook shows the one-line repr
    return "-" if x is None else (f"{x:.3g}{unit}" if isinstance(x, float) else f"{x:,}{unit}")


def table(rows) -> str:
    head = ("| grid | size | generate s | solve s | `_repr_svg_` s | SVG bytes | `_repr_png_` s | PNG bytes "
            "| peak RSS MB | note |\n|---|---|---|---|---|---|---|---|---|---|")
    body = [f"| {k} | {f'{max(h, w)} rings' if k == 'polar' else f'{h} x {w}'} | {fmt(r.get('generate'))} | {fmt(r.get('solve'))} | {fmt(r.get('svg_s'))} | "
            f"{fmt(r.get('svg_bytes'))} | {fmt(r.get('png_s'))} | "
            f"{'SVG shown' if r.get('svg_bytes') and not r.get('png_bytes') else fmt(r.get('png_bytes'))} | "
            f"{fmt(r.get('rss_mb'))} | {r.get('error', '' if r.get('found') else 'no path')} |"
            for k, h, w, r in rows]
    return "\n".join([head, *body])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--max", type=int, default=2000, help="largest side to try")
    ap.add_argument("--log", help="read the cases from the printed log of an earlier run instead of running them")
    args = ap.parse_args()
    rows = []
    if args.log:
        for line in Path(args.log).read_text().splitlines():
            if line[:1] != "|" and " {" in line:
                kind, h, w, rest = line.split(" ", 3)
                rows.append((kind, int(h), int(w), ast.literal_eval(rest)))
    for kind in args.kinds.split(",") if not args.log else ():
        for h, w in SIZES:
            if max(h, w) > args.max:
                continue
            r = run(kind, h, w)
            rows.append((kind, h, w, r))
            print(kind, h, w, r, flush=True)
    text = table(rows)
    print(text)
    if args.write:
        sys.path.insert(0, str(Path(__file__).parent))
        from _doc import write_section

        when = datetime.date.today().isoformat()
        machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        write_section(f"<!-- notebook-sizes -->\n\nMeasured {when} on {machine} by "
                      f"`benchmarks/bench_notebook_sizes.py` (CPU seconds of one run each).\n\n{text}\n\n"
                      "<!-- /notebook-sizes -->", "<!-- notebook-sizes -->", "<!-- /notebook-sizes -->",
                      "Maze files from other programs, and a notebook's round on every grid and size (2026-11-28)")


if __name__ == "__main__":
    main()
