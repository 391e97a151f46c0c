"""Memory estimates against measured peaks: generator x grid x size, each in a fresh process.

Usage::

    python benchmarks/bench_scale_bounds.py                # the table (a few minutes on two cores)
    python benchmarks/bench_scale_bounds.py --sizes 500    # smaller sides only
    python benchmarks/bench_scale_bounds.py --write        # also put the table in docs/benchmarks.md

Each case runs in its own process under ``ulimit -v`` (4 GB). The process
runs the same work once (so the kernels are compiled, in the form this size
uses, and their first-call state is paid), builds the grid afresh, resets the kernel's peak
resident-set counter (``/proc/self/clear_refs``), notes the resident set,
then runs the work at full size. The figure compared with the estimate is
the rise of the peak resident set over what the process held before the work
(``VmHWM`` after, minus ``VmRSS`` before): what the work itself added,
numba's own allocations inside the kernels included (which tracemalloc does
not see). The estimate is the largest one the work checked against the
memory limit (every check goes through ``tremaux.budget.check``).

A ratio below 1 is a defect: the estimate did not bound the work.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CAP_KB = 4_000_000

# (label, grid kind, grid parameters for side s) -- s is the side of a square of s x s cells, or about as many
GRIDS = {
    "square": "square",
    "masked": "masked",
    "levels": "levels",
    "polar": "polar",
    "hex": "hex",
    "triangle": "triangle",
    "upsilon": "upsilon",
    "zeta": "zeta",
    "weave": "weave",
    "torus": "torus",
    "moebius": "moebius",
}

GENERATORS = ["backtracker", "growing-tree", "prim", "kruskal", "aldous-broder", "wilson", "hunt-and-kill",
              "growing-forest", "eller", "sidewinder", "binary-tree", "recursive-division"]

CHILD = r"""
import json, sys
import numpy as np
import tremaux
from tremaux import budget
from tremaux.grids import make_grid, generate_on, solve_on

def hwm():
    for line in open('/proc/self/status'):
        if line.startswith('VmHWM'):
            return int(line.split()[1]) * 1024

def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) * 1024

seen = []
real = budget.check
def spy(estimate, what, limit=None):
    seen.append((int(estimate), what))
    return real(estimate, what, limit)
budget.check = spy
import tremaux.budget.limits as _lim

kind, gen, s, work, record = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5] == "1"

def grid_of(side):
    if kind == "square":
        return None, (side, side)
    if kind == "levels":
        return None, (4, side // 2, side // 2)
    if kind == "masked":
        yy, xx = np.mgrid[:side, :side]
        r = side / 2
        return None, ((yy - r + 0.5) ** 2 + (xx - r + 0.5) ** 2 <= r * r)
    if kind == "polar":
        return make_grid("polar", rings=max(2, int(side / 2.6))), None
    if kind in ("hex", "triangle", "upsilon", "zeta"):
        return make_grid(kind, size=(side, side)), None
    if kind == "weave":
        return make_grid("square", size=(side, side), weave=True), None
    return make_grid("square", size=(side, side), wrap=kind), None

def run(side):
    grid, shape = grid_of(side)
    if grid is None:
        mask = shape if isinstance(shape, np.ndarray) else None
        g = tremaux.generate(shape.shape if mask is not None else shape, gen, seed=1, mask=mask, record=record)
        return g if work == "generate" else tremaux.solve(g.maze, work, record=record)
    g = generate_on(grid, gen, seed=1, record=record)
    if work != "generate":
        g.maze.grid.nbr  # the tables, as a maze that was generated holds them
        return solve_on(g.maze, work, record=record)
    return g

run(s)  # the same work once, on other objects: its kernels compiled (in the same form), first-call state paid
import ctypes
trim = ctypes.CDLL("libc.so.6").malloc_trim

def reset():
    trim(0)  # freed memory back to the system: reusing it shows in the resident set again
    seen.clear()
    open('/proc/self/clear_refs', 'w').write('5')
    return rss()

grid, shape = grid_of(s)
if work != "generate":  # solving: the maze is made first, then only the solve is measured
    if grid is None:  # the square maze, its levels and masks: tremaux.solve
        mask = shape if isinstance(shape, np.ndarray) else None
        m = tremaux.generate(shape.shape if mask is not None else shape, gen, seed=1, mask=mask).maze
        before = reset()
        tremaux.solve(m, work, record=record)
    else:
        m = generate_on(grid, gen, seed=1).maze
        m.grid.nbr
        before = reset()
        solve_on(m, work, record=record)
elif grid is not None:
    if grid.name != "polar" and not grid.arithmetic:
        grid.nbr  # the tables, as a grid made by make_grid holds them
    before = reset()
    generate_on(grid, gen, seed=1, record=record)
elif isinstance(shape, np.ndarray):
    before = reset()
    tremaux.generate(shape.shape, gen, seed=1, mask=shape, record=record)
else:
    before = reset()
    tremaux.generate(shape, gen, seed=1, record=record)
peak = hwm() - before
est = max((e for e, _ in seen), default=0)
cells = grid.size if grid is not None else int(shape.sum()) if isinstance(shape, np.ndarray) else int(np.prod(shape))
print(json.dumps({"estimate": est, "peak": peak, "checks": len(seen), "cells": cells}))
"""


DATASET_CHILD = r"""
import ctypes, json, sys, tempfile
import tremaux.dataset as ds
from tremaux.dataset.room import shard_scratch
from tremaux.dataset.shard import shard_memory

def status(key):
    for line in open('/proc/self/status'):
        if line.startswith(key):
            return int(line.split()[1]) * 1024

side, outputs, gen = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3]
spec = ds.DatasetSpec(count=1, size=(side, side), shard_size=1, outputs=outputs, generator=gen)
d = tempfile.mkdtemp()
ds.build(spec, d + "/a")  # kernels loaded, first-call state paid
ctypes.CDLL("libc.so.6").malloc_trim(0)
open('/proc/self/clear_refs', 'w').write('5')
before = status('VmRSS')
ds.build(spec, d + "/b")
print(json.dumps({"estimate": shard_memory(spec) + shard_scratch(spec), "peak": status('VmHWM') - before}))
"""
"""A dataset shard of one maze, built twice in one process; the second build measured against the estimate
:func:`tremaux.dataset.room.check_work_memory` checks (the rows' arrays and the shard's scratch)."""


def measure_dataset(side: int, outputs: str, gen: str) -> dict:
    """Estimate and measured peak rise (bytes) of a one-maze shard, in a fresh process under the cap."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), TREMAUX_MEMORY_LIMIT="none", CHILD=DATASET_CHILD)
    cmd = f"ulimit -v {CAP_KB}; exec {sys.executable} -c \"$CHILD\" {side} {outputs} {gen}"
    p = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True, timeout=180)
    if p.returncode:
        return {"error": ((p.stderr.strip().splitlines() or ["?"])[-1])[:80]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def measure(kind: str, gen: str, side: int, work: str = "generate", record: bool = False) -> dict:
    """Estimate and measured peak rise (bytes) of one case, in a fresh process under the cap."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), TREMAUX_MEMORY_LIMIT="none")
    cmd = f"ulimit -v {CAP_KB}; exec {sys.executable} -c \"$CHILD\" {kind} {gen} {side} {work} {int(record)}"
    env["CHILD"] = CHILD
    p = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True, timeout=180)
    if p.returncode:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": last[:80]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def supported(kind: str, gen: str) -> bool:
    """Whether ``gen`` runs on grid ``kind`` (the registry's rule)."""
    from tremaux.generators import GENERATORS as REG

    e = REG.get(gen)
    if kind == "square":
        return True
    if kind == "masked":
        return bool(e.masks)
    if kind == "levels":
        return bool(e.levels)
    if kind == "weave":
        return bool(e.meta.get("weave"))
    if kind == "polar":
        return e.meta.get("grids") == "any" or gen in ("sidewinder", "binary-tree")
    return e.meta.get("grids") == "any"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,2000", help="sides of the grids, comma-separated")
    ap.add_argument("--grids", default=",".join(GRIDS), help="grid kinds, comma-separated")
    ap.add_argument("--generators", default=",".join(GENERATORS),
                    help="generators on the grids other than the square maze's (square, masked, levels take all)")
    ap.add_argument("--solvers", default="bfs,dfs,tremaux,wall-left,astar,dead-end-fill",
                    help="solvers measured on a backtracker maze of each grid")
    ap.add_argument("--solvers-only", action="store_true", help="measure the solvers only")
    ap.add_argument("--dataset", action="store_true",
                    help="measure dataset shards of one maze instead (outputs x generator, at each size)")
    ap.add_argument("--write", action="store_true", help="put the table in docs/benchmarks.md")
    opts = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    sides = [int(x) for x in opts.sizes.split(",")]
    lines = [f"Measured {datetime.date.today().isoformat()} on {platform.node() or 'this machine'} "
             f"({platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}), "
             f"`python benchmarks/bench_scale_bounds.py {' '.join(sys.argv[1:])}`.",
             "", "| work | grid | side | cells | estimate (MiB) | peak rise (MiB) | estimate / peak |",
             "|---|---|---:|---:|---:|---:|---:|"]
    if opts.dataset:
        lines[-2:] = ["| dataset shard: outputs | generator | side | cells | estimate (MiB) | peak rise (MiB) | "
                      "estimate / peak |", "|---|---|---:|---:|---:|---:|---:|"]
        for outputs, gen in [("maze", "backtracker"), ("maze", "kruskal"), ("maze,solution,stats", "prim"),
                             ("maze,ascii", "backtracker"), ("blocks", "wilson"), ("tokens", "backtracker")]:
            for s in sides:
                r = measure_dataset(s, outputs, gen)
                if "error" in r:
                    row = f"| {outputs} | {gen} | {s} | | | | {r['error']} |"
                else:
                    row = (f"| {outputs} | {gen} | {s} | {s * s:,} | {r['estimate'] / 2**20:.1f} | "
                           f"{r['peak'] / 2**20:.1f} | {r['estimate'] / max(1, r['peak']):.2f} |")
                print(row, flush=True)
                lines.append(row)
        print("\n".join(lines))
        return
    cases = []
    for kind in opts.grids.split(","):
        for gen in [] if opts.solvers_only else GENERATORS if kind in ("square", "masked", "levels") \
                else opts.generators.split(","):
            if supported(kind, gen):
                cases += [(gen, kind, s, "generate", False) for s in sides]
        for solver in opts.solvers.split(",") if opts.solvers else []:
            cases += [(solver, kind, s, solver, False) for s in sides]
    bad = 0
    for name, kind, s, work, record in cases:
        gen = "backtracker" if work != "generate" else name
        r = measure(kind, gen, s, work, record)
        if "error" in r:
            row = f"| {name} | {kind} | {s} | | | | {r['error']} |"
        else:
            ratio = r["estimate"] / max(1, r["peak"])
            bad += ratio < 1
            row = (f"| {name} | {kind} | {s} | {r['cells']:,} | {r['estimate'] / 2**20:.1f} | {r['peak'] / 2**20:.1f} | "
                   f"{ratio:.2f}{' **under**' if ratio < 1 else ''} |")
        print(row, flush=True)
        lines.append(row)
    lines += ["", f"{bad} case(s) where the estimate is under the measured peak."]
    text = "\n".join(lines)
    print(text)
    if opts.write:
        sys.path.insert(0, str(Path(__file__).parent))
        from _doc import write_section

        begin, end = "<!-- bench_scale_bounds: begin -->", "<!-- bench_scale_bounds: end -->"
        write_section(f"{begin}\n{text}\n{end}", begin, end,
                      "Memory estimates against measured peaks, generator x grid x size (2026-11-28)")


if __name__ == "__main__":
    main()
