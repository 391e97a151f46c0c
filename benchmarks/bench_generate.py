"""Benchmark every generator against mazelib; print time, cells per second, peak memory and speed-ups.

Usage::

    python benchmarks/bench_generate.py            # full run (a few minutes)
    python benchmarks/bench_generate.py --quick    # 100 x 100 and 1000 x 1000 only
    python benchmarks/bench_generate.py --write    # also update the generation section of docs/benchmarks.md

Our times are CPU time of one process (``time.process_time``, best of
several runs for small sizes), which is what "one core" means on a shared
machine; wall time is printed too. mazelib (``pip install mazelib``, the
``bench`` extra) runs at the same sizes in a fresh process, stopped after a
budget of a minute; sizes above one it could not finish are "skipped".
Peak memory is the largest NumPy allocation total seen by ``tracemalloc``
during one run (the kernels allocate nothing sizeable themselves); the
10,000 x 10,000 depth-first run is also measured as the peak resident size of
a fresh process.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

import tremaux
from tremaux.generators import GENERATORS, generate

# our name -> mazelib generator class (None: mazelib has no such algorithm)
PEERS = {
    "backtracker": "BacktrackingGenerator",
    "prim": "Prims",
    "kruskal": "Kruskal",
    "aldous-broder": "AldousBroder",
    "wilson": "Wilsons",
    "hunt-and-kill": "HuntAndKill",
    "eller": "Ellers",
    "sidewinder": "Sidewinder",
    "binary-tree": "BinaryTree",
    "recursive-division": "Division",
    "growing-tree": "GrowingTree",
}
FAST = {"backtracker", "kruskal", "eller", "sidewinder", "binary-tree", "recursive-division", "wilson", "hunt-and-kill"}
MAZELIB_BUDGET = 60.0  # seconds per mazelib run (it is stopped after that)
DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
BEGIN, END = "<!-- generation:begin -->", "<!-- generation:end -->"


def ours(name: str, n: int, reps: int) -> tuple[float, float, int]:
    """Best CPU and wall seconds over ``reps`` runs, and peak traced bytes.

    Small sizes are timed without tracing and measured once more with it;
    large sizes run once, traced (tracemalloc costs nothing measurable there:
    the time is spent in the kernels).
    """
    cpu = wall = float("inf")
    if reps > 1:
        for rep in range(reps):
            t0, w0 = time.process_time(), time.perf_counter()
            generate((n, n), name, seed=rep)
            cpu = min(cpu, time.process_time() - t0)
            wall = min(wall, time.perf_counter() - w0)
    tracemalloc.start()
    t0, w0 = time.process_time(), time.perf_counter()
    generate((n, n), name, seed=reps)
    if reps == 1:
        cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return cpu, wall, peak


def mazelib_run(cls_name: str, n: int) -> float | str:
    """CPU seconds of one mazelib run in a fresh process; a note if it crashes or runs out of budget."""
    code = (
        "import importlib, time\n"
        "from mazelib import Maze\n"
        f"cls = getattr(importlib.import_module('mazelib.generate.{cls_name}'), '{cls_name}')\n"
        f"m = Maze(); m.generator = cls({n}, {n})\n"
        "t = time.process_time()\n"
        "try:\n"
        "    m.generate()\n"
        "except Exception as exc:\n"
        "    print('crashes', type(exc).__name__); raise SystemExit\n"
        "print(time.process_time() - t)\n"
    )
    try:
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=MAZELIB_BUDGET)
    except subprocess.TimeoutExpired:
        return f"> {MAZELIB_BUDGET:.0f} s (stopped)"
    text = res.stdout.strip()
    if text.startswith("crashes"):
        return f"crashes ({text.split()[1]})"
    return float(text)


def warm_compile_seconds() -> float:
    """Time to run every registered generator once on a tiny maze in a fresh process (warm cache)."""
    code = (
        "import time, tremaux\n"
        "t = time.perf_counter()\n"
        "for e in tremaux.GENERATORS:\n"
        "    tremaux.generate((4, 4), e.name, seed=1)\n"
        "    tremaux.generate((2, 3, 3), e.name, seed=1) if e.levels else None\n"
        "tremaux.generate((6, 6), 'backtracker', seed=1, braid=0.5, openings=1, islands=1, unreachable=1)\n"
        "print(time.perf_counter() - t)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)  # fills the cache
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def big_dfs_rss() -> tuple[float, float]:
    """CPU seconds and peak resident MiB of a fresh process making a 10,000 x 10,000 depth-first maze.

    The peak is the process's ``VmHWM`` (``ru_maxrss`` would include the peak
    of this benchmark process, which Linux carries across ``exec``).
    """
    code = (
        "import re, time, tremaux\n"
        "tremaux.generate((4, 4), seed=1)\n"
        "t = time.process_time()\n"
        "tremaux.generate((10000, 10000), 'backtracker', seed=1)\n"
        "cpu = time.process_time() - t\n"
        "hwm = re.search(r'VmHWM:\\s+(\\d+) kB', open('/proc/self/status').read()).group(1)\n"
        "print(cpu, int(hwm) / 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    cpu, rss = out.stdout.split()
    return float(cpu), float(rss)


def fmt_t(s: float) -> str:
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only 100 x 100 and 1000 x 1000")
    ap.add_argument("--write", action="store_true", help="update the generation section of docs/benchmarks.md")
    args = ap.parse_args()
    sizes = [100, 1000] if args.quick else [100, 1000, 4000, 10000]
    try:
        import mazelib  # noqa: F401

        have_mazelib = True
    except ImportError:
        have_mazelib = False

    lines: list[str] = []

    def out(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    out(f"Generation benchmark, {datetime.date.today()}, {platform.machine()} {platform.processor() or ''} "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, numpy {np.__version__}, "
        f"tremaux {tremaux.__version__}, mazelib {'installed' if have_mazelib else 'NOT installed'}")
    out()
    out(f"warm-cache compile + first run of the whole registry: {warm_compile_seconds():.2f} s")
    for e in GENERATORS:  # compile everything before timing
        generate((8, 8), e.name, seed=0)
    out()
    out("| algorithm | size | our CPU | our wall | cells/s | peak memory | mazelib CPU | speed-up |")
    out("|---|---|---|---|---|---|---|---|")
    speedups: dict[str, list[float]] = {}
    for e in GENERATORS:
        peer = PEERS.get(e.name)
        last_peer: float | str | None = None
        for n in sizes:
            if n == 10000 and e.name not in FAST:
                continue
            reps = 5 if n <= 100 else 3 if n <= 1000 else 1
            cpu, wall, peak = ours(e.name, n, reps)
            cells = n * n
            peer_text, ratio = "-", "-"
            if peer and have_mazelib:
                if isinstance(last_peer, str):  # crashed or over budget at a smaller size
                    peer_text = "skipped"
                else:
                    result = mazelib_run(peer, n)
                    peer_text = result if isinstance(result, str) else fmt_t(result)
                    if isinstance(result, str) and "stopped" in result:
                        ratio = f"> {MAZELIB_BUDGET / cpu:.0f}x"
                    if not isinstance(result, str):
                        ratio = f"{result / cpu:.0f}x"
                        speedups.setdefault(e.name, []).append(result / cpu)
                    last_peer = result
            out(f"| {e.name} | {n} x {n} | {fmt_t(cpu)} | {fmt_t(wall)} | {cells / cpu / 1e6:.1f} M | "
                f"{peak / 2**20:.0f} MiB | {peer_text} | {ratio} |")
    out()
    if not args.quick:
        cpu, rss = big_dfs_rss()
        out(f"10,000 x 10,000 depth-first maze in a fresh process: {cpu:.2f} s CPU, peak resident {rss:.0f} MiB")
    if speedups:
        out("smallest speed-up over mazelib per algorithm: " + ", ".join(
            f"{k} {min(v):.0f}x" for k, v in speedups.items()))
    if args.write:
        section = "\n".join([BEGIN, "## Generation", "", "Output of `python benchmarks/bench_generate.py`:", "",
                             *lines, END])
        text = DOC.read_text() if DOC.exists() else "# Benchmarks\n"
        if BEGIN in text:
            text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _m: section, text, flags=re.S)
        else:
            text = text.rstrip("\n") + "\n\n" + section + "\n"
        DOC.write_text(text)
        print(f"wrote {DOC}", file=sys.stderr)


if __name__ == "__main__":
    main()
