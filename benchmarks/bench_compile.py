"""Cold compile of the whole registry: every kernel's own compile time and its number of specialisations.

Usage::

    python benchmarks/bench_compile.py               # one cold run, print the tables
    python benchmarks/bench_compile.py --repeat 3    # three cold runs, median total
    python benchmarks/bench_compile.py --workers 2   # also `tremaux warmup --workers 2` from an empty cache
    python benchmarks/bench_compile.py --warmup 1 2 --pairs 2 --base /tmp/base/src
        # wall and CPU of `tremaux warmup --workers N` cold, this tree and another one's `src` run in turn
    python benchmarks/bench_compile.py --write       # also update the compile section of docs/benchmarks.md

Each run executes :func:`tremaux.warmup.tasks` (every generator, solver, measure, format, picture, Number Link
solver on puzzles that take its compiled searches and router, the puzzle generator, every grid family with its
generators and solvers, and the dataset kernels of every generator: every kernel a registered algorithm reaches,
``tests/test_cli_warmup.py`` checks it) in a fresh process whose numba cache is an empty temporary folder
(``NUMBA_CACHE_DIR``). numba's ``numba:compile`` event brackets every compilation, nested ones included
(a kernel compiles the helpers it calls the first time it is typed), so each function is charged its *own* time:
the CPU time of its compilations minus that of the compilations nested in them. A function compiled for several
argument types (a *specialisation* each: another dtype, a read-only array, a literal constant) is charged every
one. numba's own helpers (``np.empty`` and the like) are listed under their numba module names. The CPU spent
under numba's ``numba:llvm_lock`` event (LLVM's work) is reported apart from the rest (numba's typing and lowering,
in Python). Target: the whole registry under 15 s.
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
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench_compile:begin -->", "<!-- bench_compile:end -->"

CHILD = r"""
import collections, json, time
from numba.core import event

stack = []
own = collections.defaultdict(float)
sigs = collections.defaultdict(int)

class Timer(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        stack.append([f"{f.__module__.rsplit('.', 1)[-1]}.{f.__qualname__.replace('<locals>.', '')}",
                      time.process_time(), 0.0])

    def on_end(self, ev):
        name, t, nested = stack.pop()
        spent = time.process_time() - t
        own[name] += spent - nested
        sigs[name] += 1
        if stack:
            stack[-1][2] += spent

event.register("numba:compile", Timer())

llvm = [0, 0.0, 0.0]  # depth, start, CPU seconds inside numba's LLVM lock (IR parsing, optimisation, machine code)

class Llvm(event.Listener):
    def on_start(self, ev):
        if llvm[0] == 0:
            llvm[1] = time.process_time()
        llvm[0] += 1

    def on_end(self, ev):
        llvm[0] -= 1
        if llvm[0] == 0:
            llvm[2] += time.process_time() - llvm[1]

event.register("numba:llvm_lock", Llvm())
t0, c0 = time.perf_counter(), time.process_time()
from tremaux.warmup import tasks

import sys
ONLY = sys.argv[1:]
rows = []
for label, run in tasks():
    if ONLY and not any(word in label for word in ONLY):
        continue
    t, c = time.perf_counter(), time.process_time()
    run()
    rows.append((label, time.perf_counter() - t, time.process_time() - c))
total = (time.perf_counter() - t0, time.process_time() - c0)
print(json.dumps({"tasks": rows, "own": own, "sigs": sigs, "total": total, "llvm": llvm[2]}))
"""


def env(src: Path = SRC, **extra: str) -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(src) + os.pathsep + e.get("PYTHONPATH", "")
    e.update(extra)
    return e


def cold_run(only: list[str] | None = None) -> dict:
    """One run of the warm-up tasks (those whose label holds a word of ``only``, or all) in a fresh process
    with an empty cache."""
    with tempfile.TemporaryDirectory(prefix="tremaux-compile-") as cache:
        proc = subprocess.run([sys.executable, "-c", CHILD, *(only or [])], env=env(NUMBA_CACHE_DIR=cache), capture_output=True,
                              text=True, check=True, cwd=ROOT)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def parallel_run(workers: int, src: Path = SRC) -> tuple[float, float]:
    """Wall and CPU seconds (every process's, the workers' included) of ``tremaux warmup --workers N`` from an
    empty cache, with the package of ``src``."""
    import resource

    with tempfile.TemporaryDirectory(prefix="tremaux-compile-") as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tremaux", "warmup", "--quiet", "--workers", str(workers)],
                       env=env(src, NUMBA_CACHE_DIR=cache), capture_output=True, check=True, cwd=ROOT)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def warmup_pairs(counts: list[int], pairs: int, base: Path | None) -> None:
    """``tremaux warmup --workers N`` cold for each N of ``counts``, ``pairs`` times, alternating with the tree at
    ``base`` when given (base first, then this tree), printing wall and CPU seconds and the load of each run."""
    trees = [("base", base), ("this", SRC)] if base is not None else [("this", SRC)]
    for round_ in range(pairs):
        for n in counts:
            for name, src in trees:
                wall, cpu = parallel_run(n, src)
                print(f"round {round_ + 1} {name:<4} --workers {n}: wall {wall:6.1f} s  cpu {cpu:6.1f} s  "
                      f"load {load_average():.1f}  {datetime.datetime.now(datetime.timezone.utc):%H:%M} UTC",
                      flush=True)


PARTS = (("Number Link", ("numberlink ",)), ("grids on tables", ("grid square", "grid polar", "grid triangle",
                                                                  "grid upsilon", "grid zeta")),
         ("grids hex", ("grid hex",)), ("dataset", ("dataset",)))
"""Parts of the registry the per-part table sums tasks into (by label prefix); every other task is the square
maze's (generators, solvers, measures, formats, pictures)."""


def part_of(label: str) -> str:
    return next((name for name, prefixes in PARTS if label.startswith(prefixes)), "square mazes")


def parts(run: dict) -> dict[str, float]:
    """CPU seconds of one cold run summed by part of the registry (:data:`PARTS`)."""
    out: dict[str, float] = {}
    for label, _w, c in run["tasks"]:
        out[part_of(label)] = out.get(part_of(label), 0.0) + c
    return out


def ours(name: str) -> bool:
    return not name.startswith(("arrayobj.", "arraymath.", "builtins.", "unicode.", "npyimpl.", "listobj."))


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover
        return float("nan")


def write_doc(runs: list[dict], median: dict, parallel: tuple[int, float] | None, load: float) -> None:
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    own, sigs = median["own"], median["sigs"]
    cpus = [r["total"][1] for r in runs]
    walls = [r["total"][0] for r in runs]
    mine = [n for n in own if ours(n)]
    lines = [BEGIN, "### Compile time per kernel (`benchmarks/bench_compile.py`)", "",
             f"`python benchmarks/bench_compile.py --repeat {len(runs)}"
             + (f" --workers {parallel[0]}" if parallel else "") + f" --write` on "
             f"{datetime.date.today().isoformat()} ({machine}); load average {load:.1f} at the end (the machine was "
             "shared with other jobs: CPU seconds are the figure to read, wall seconds follow the load).", "",
             f"Every warm-up task in one fresh process with an empty cache: **{statistics.median(cpus):.1f} s of CPU**"
             f" (median of {len(runs)}: {', '.join(f'{c:.1f}' for c in cpus)}; wall "
             f"{', '.join(f'{w:.1f}' for w in walls)} s), target under 15 s. {sum(sigs[n] for n in mine)} "
             f"specialisations of {len(mine)} tremaux functions, {sum(sigs.values()) - sum(sigs[n] for n in mine)} "
             f"of numba's own helpers. {median['llvm']:.1f} s of the CPU went to LLVM (parsing, optimising and "
             "emitting machine code, under numba's LLVM lock), the rest to numba's own typing, lowering and passes "
             "in Python."
             + (f" `tremaux warmup --workers {parallel[0]}` from another empty cache: {parallel[1]:.1f} s wall."
                if parallel else ""), "",
             "The slowest (own CPU seconds: nested compilations of the helpers it calls are charged to them):", "",
             "| function | own CPU seconds | specialisations |", "| --- | --- | --- |"]
    for name in sorted(own, key=lambda n: -own[n])[:20]:
        lines.append(f"| `{name}` | {own[name]:.2f} | {sigs[name]} |")
    lines += ["", "Per task (each compiles what the tasks before it did not):", "",
              "| task | CPU seconds |", "| --- | --- |"]
    lines += [f"| {label} | {c:.2f} |" for label, w, c in median["tasks"] if c >= 0.05]
    lines.append(END)
    text = DOC.read_text(encoding="utf-8")
    block = "\n".join(lines)
    if BEGIN in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=1, help="cold runs (median total)")
    ap.add_argument("--workers", type=int, default=0, help="also time `tremaux warmup --workers N`")
    ap.add_argument("--warmup", type=int, nargs="+", metavar="N",
                    help="only time `tremaux warmup --workers N` cold (wall and CPU) for each N")
    ap.add_argument("--pairs", type=int, default=1, help="rounds of --warmup")
    ap.add_argument("--base", type=Path, help="with --warmup: another tree's src folder, run in turn with this one")
    ap.add_argument("--top", type=int, default=25, help="functions to print")
    ap.add_argument("--write", action="store_true", help="update the compile section of docs/benchmarks.md")
    ap.add_argument("--only", nargs="+", metavar="WORD",
                    help="run only the tasks whose label holds one of these words (e.g. grid, numberlink);"
                         " not with --write")
    args = ap.parse_args()
    if args.warmup:
        warmup_pairs(args.warmup, args.pairs, args.base)
        return
    if args.only and args.write:
        ap.error("--only times a part of the registry; --write records the whole of it")
    runs = []
    for _ in range(args.repeat):
        runs.append(cold_run(args.only))
        wall, cpu = runs[-1]["total"]
        print(f"cold run: {cpu:.1f} s CPU, {wall:.1f} s wall", flush=True)
    median = sorted(runs, key=lambda r: r["total"][1])[len(runs) // 2]
    own, sigs = median["own"], median["sigs"]
    print(f"median run: {median['total'][1]:.1f} s CPU; {sum(sigs.values())} specialisations of {len(own)} functions;"
          f" {median['llvm']:.1f} s of it in LLVM (the rest: numba's typing, lowering and passes, in Python)")
    for name in sorted(own, key=lambda n: -own[n])[:args.top]:
        print(f"  {name:<50} own cpu {own[name]:6.2f} s  {sigs[name]:3d} specialisations")
    for label, w, c in median["tasks"]:
        print(f"  task {label:<30} cpu {c:6.2f} s  wall {w:6.2f} s")
    for name, c in parts(median).items():
        print(f"  part {name:<30} cpu {c:6.2f} s")
    parallel = None
    if args.workers > 1:
        parallel = (args.workers, parallel_run(args.workers)[0])
        print(f"tremaux warmup --workers {args.workers}: {parallel[1]:.1f} s wall")
    load = load_average()
    print(f"load average {load:.1f}")
    if args.write:
        write_doc(runs, median, parallel, load)


if __name__ == "__main__":
    main()
