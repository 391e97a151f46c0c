"""Start-up and first use: how long the command line takes with a warm cache, and compiling every kernel cold.

Usage::

    python benchmarks/bench_startup.py              # both parts, print the tables
    python benchmarks/bench_startup.py --warm-only  # start-up only (seconds)
    python benchmarks/bench_startup.py --write      # also update the Start-up section of docs/benchmarks.md
    python benchmarks/bench_startup.py --vs OLD/src # start-up only, this tree against another, in turn
    python benchmarks/bench_startup.py --vs OLD/src --cuts --write  # and what each change stopped loading
    python benchmarks/bench_startup.py --every --vs OLD/src --same-output  # every command on every grid kind
    python benchmarks/bench_startup.py --every --kernels --only hex,polar   # what numba loads, command by command
    python benchmarks/bench_startup.py --numberlink --vs OLD/src --repeat 5  # every Number Link command and option
    python benchmarks/bench_startup.py --numberlink --imports                # the heavy packages each one imports

Start-up runs each command as a user does (``python -m tremaux ...`` in a fresh process, this source tree
first on the path), after one unmeasured run so the kernels are cached, and reports the median wall time and
the median CPU time (user + system) of the child over ``--repeat`` runs. The children run as an installed
package does, with its ``.pyc`` files: ``PYTHONDONTWRITEBYTECODE`` is dropped from their environment and
``PYTHONPYCACHEPREFIX`` points at a private temporary folder, so the unmeasured run writes the bytecode there (not
into the source tree) and the measured runs read it; without bytecode every run compiles every module it imports
again (about 0.15 s). ``python -c pass`` and
``python -c "import numpy"`` are timed the same way, as the floor of this machine at this moment: on a shared
machine wall times follow its load, CPU times much less.

First use runs :func:`tremaux.warmup.tasks` (every generator, solver, measure, format, picture, Number Link
solver, the puzzle generator and the dataset kernels) in a fresh process whose numba cache is an empty
temporary folder (``NUMBA_CACHE_DIR``), and times every compilation through numba's ``numba:compile`` event:
a kernel's time includes the helpers compiled for it. Targets: ``--help`` and ``--version`` under 0.3 s; a
20 x 20 generate or solve and a 10 x 10 Number Link puzzle under 0.6 s end to end, a 15 x 20 one under 0.5 s
(issue 16); the whole registry cold under 15 s.

Every command (``--every``, see ``benchmarks/_startup_cases.py``): generate, solve, render (SVG and PNG) and show
on every grid kind (square, hex, triangle, polar, upsilon, zeta, wrapped, woven, masked, levels), and Number Link
solve, check and generate at 10 x 10 and 15 x 20, timed as above (``--only`` picks commands by their labels).
``--kernels`` runs each once in process and prints what it loads of numba: its start, each kernel loaded from the
cache and the seconds that took, the dispatchers made and the calls into kernels. ``--same-output`` (with
``--vs``) checks that both trees print and write the same bytes for every command.

Interpreted or compiled (``--threshold``): the maze commands run their kernels as Python, without numba, up to
:data:`tremaux._jit.SMALL_MAZE_CELLS` cells. This part times, in one process, every generator and solver
interpreted at several sizes (seed 1, median of 3), against numba's fixed start-up (``import numba`` and the
first cached kernel) measured in fresh processes: the limit is where the slowest stays under that cost.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench_startup:begin -->", "<!-- bench_startup:end -->"
VS_BEGIN, VS_END = "<!-- bench_startup_vs:begin -->", "<!-- bench_startup_vs:end -->"

CHILD = r"""
import json, sys, time
from numba.core import event

open_ = []
done = []

class Timer(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        open_.append((f"{f.__module__.rsplit('.', 1)[-1]}.{f.__qualname__}", time.perf_counter(), time.process_time()))

    def on_end(self, ev):
        name, t, c = open_.pop()
        if not open_:  # outermost: includes the helpers compiled for it
            done.append((name, time.perf_counter() - t, time.process_time() - c))

event.register("numba:compile", Timer())
from tremaux.warmup import tasks

rows = []
t0, c0 = time.perf_counter(), time.process_time()
for label, run in tasks():
    t, c, k = time.perf_counter(), time.process_time(), len(done)
    run()
    rows.append((label, time.perf_counter() - t, time.process_time() - c, len(done) - k))
total = (time.perf_counter() - t0, time.process_time() - c0)
print(json.dumps({"tasks": rows, "kernels": done, "total": total}))
"""


PYCACHE = Path(tempfile.gettempdir()) / f"tremaux-bench-pyc-{os.getpid()}"
"""Where the children write and read their bytecode (``PYTHONPYCACHEPREFIX``): as installed, and private to this
run (:func:`main` sets a temporary folder)."""


def env(src: Path = SRC, **extra: str) -> dict[str, str]:
    """The children's environment: ``src`` (this source tree) first on the path, bytecode written to
    :data:`PYCACHE`."""
    e = dict(os.environ)
    e.pop("PYTHONDONTWRITEBYTECODE", None)
    e["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    e["PYTHONPATH"] = str(src) + os.pathsep + e.get("PYTHONPATH", "")
    e.update(extra)
    return e


def once(argv: list[str], src: Path = SRC, **extra: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``argv`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, env=env(src, **extra), capture_output=True, check=True, cwd=ROOT)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def timed(argv: list[str], repeat: int, **extra: str) -> tuple[float, float]:
    """Median wall and CPU seconds of ``argv`` in fresh processes (after one unmeasured run)."""
    once(argv, **extra)
    runs = [once(argv, **extra) for _ in range(repeat)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def timed_pair(argv: list[str], repeat: int, base: Path) -> tuple[float, float, float, float, float]:
    """``argv`` with this tree and with ``base`` in turn (this, base, this, base...), after one unmeasured run
    of each: the medians of wall and CPU seconds of each, and the median of the pairs' CPU ratios (this / base),
    which keeps its meaning when the machine's load drifts during the runs."""
    once(argv), once(argv, base)
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(once(argv))
        theirs.append(once(argv, base))
    ratio = statistics.median(a[1] / b[1] for a, b in zip(ours, theirs))
    return (statistics.median(w for w, _ in theirs), statistics.median(c for _, c in theirs),
            statistics.median(w for w, _ in ours), statistics.median(c for _, c in ours), ratio)


def cases(tmp: Path) -> list[tuple[str, float | None, list[str]]]:
    """The commands timed: label, target seconds (or None) and command line; writes the files they read."""
    py = sys.executable
    cli = [py, "-m", "tremaux"]
    maze = tmp / "m20.json"
    subprocess.run(cli + ["generate", "--size", "20x20", "--seed", "1", "--out", str(maze)], env=env(),
                   capture_output=True, check=True)
    puzzle = tmp / "p10.txt"
    subprocess.run(cli + ["numberlink", "generate", "--size", "10x10", "--seed", "1", "--out", str(puzzle)],
                   env=env(), capture_output=True, check=True)
    wide = tmp / "p15x20.txt"
    subprocess.run(cli + ["numberlink", "generate", "--size", "15x20", "--seed", "1", "--out", str(wide)],
                   env=env(), capture_output=True, check=True)
    return [
        ("python -c pass (floor)", None, [py, "-c", "pass"]),
        ("python -c 'import numpy' (floor)", None, [py, "-c", "import numpy"]),
        ("tremaux --help", 0.3, cli + ["--help"]),
        ("tremaux --version", 0.3, cli + ["--version"]),
        ("tremaux generate --list", None, cli + ["generate", "--list"]),
        ("tremaux solve --list", None, cli + ["solve", "--list"]),
        ("tremaux generate --size 20x20", 0.6, cli + ["generate", "--size", "20x20", "--seed", "3"]),
        ("tremaux solve (20 x 20 file)", 0.6, cli + ["solve", str(maze)]),
        ("tremaux generate --size 32x32 -g aldous-broder", None,
         cli + ["generate", "--size", "32x32", "--generator", "aldous-broder", "--seed", "1"]),
        ("tremaux generate --size 40x40 (compiled)", None, cli + ["generate", "--size", "40x40", "--seed", "3"]),
        ("tremaux numberlink solve (10 x 10)", 0.6, cli + ["numberlink", "solve", str(puzzle)]),
        ("tremaux numberlink solve (15 x 20)", 0.5, cli + ["numberlink", "solve", str(wide)]),
    ]


def warm_rows(repeat: int, tmp: Path, make=cases) -> list[tuple[str, float | None, float, float]]:
    rows = []
    for label, target, argv in make(tmp):
        wall, cpu = timed(argv, repeat)
        rows.append((label, target, wall, cpu))
        print(f"{label:<40} wall {wall:6.3f} s  cpu {cpu:6.3f} s" + (f"  (target {target} s)" if target else ""),
              flush=True)
    return rows


def vs_rows(repeat: int, tmp: Path, base: Path, make=cases) -> list[tuple[str, float | None, tuple[float, ...]]]:
    """Every command with this tree and with the source tree ``base`` in turn (see :func:`timed_pair`)."""
    rows = []
    for label, target, argv in make(tmp):
        if "tremaux" not in argv:  # the floor: the same on both sides
            wall, cpu = timed(argv, repeat)
            figures: tuple[float, ...] = (wall, cpu)
            print(f"{label:<48} wall {wall:6.3f} s  cpu {cpu:6.3f} s", flush=True)
        else:
            figures = timed_pair(argv, repeat, base)
            bw, bc, w, c, ratio = figures
            print(f"{label:<48} before wall {bw:6.3f} s cpu {bc:6.3f} s; after wall {w:6.3f} s cpu {c:6.3f} s; "
                  f"cpu ratio {ratio:5.2f}" + (f"  (target {target} s)" if target else ""), flush=True)
        rows.append((label, target, figures))
    return rows


def write_vs_doc(rows, repeat: int, load: float, name: str, cuts=None) -> None:
    """The before/after table of :func:`vs_rows` in its own section of docs/benchmarks.md (added at the end)."""
    today = datetime.date.today().isoformat()
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    lines = [VS_BEGIN, f"## Start-up as installed, before and after ({today})", "",
             f"`python benchmarks/bench_startup.py --vs BASE{' --cuts' if cuts else ''} --repeat {repeat} --write` "
             f"on {today} ({machine}), BASE being the source tree before the change ({name}); load average "
             f"{load:.1f} on 2 cores at the end "
             "of the run (the machine was shared: wall times follow the load, CPU times much less). Each command in "
             "a fresh process as installed (bytecode in a private `PYTHONPYCACHEPREFIX`, written by one unmeasured "
             f"run) with a warm kernel cache, the two trees in turn, median of {repeat} runs each; the ratio is the "
             "median of the pairs' CPU ratios (after / before).", "",
             "| command | before: wall | before: CPU | after: wall | after: CPU | CPU ratio | target |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for label, target, figures in rows:
        goal = "" if target is None else f"< {target} s"
        if len(figures) == 2:
            lines.append(f"| `{label}` | {figures[0]:.3f} s | {figures[1]:.3f} s | (same) | (same) |  | {goal} |")
        else:
            bw, bc, w, c, ratio = figures
            lines.append(f"| `{label}` | {bw:.3f} s | {bc:.3f} s | {w:.3f} s | {c:.3f} s | {ratio:.2f} | {goal} |")
    if cuts:
        lines += ["", "What each change stopped loading (`--cuts`): CPU of one statement in a fresh process that has "
                  "imported numpy and the command line, the tree before (what the command ran) and this tree (what "
                  f"it runs instead), medians of {repeat} runs:", "",
                  "| what | before | after |", "| --- | --- | --- |"]
        lines += [f"| {label} | {b * 1000:.1f} ms | {a * 1000:.1f} ms |" for label, b, a in cuts]
    lines.append(VS_END)
    text = DOC.read_text(encoding="utf-8")
    block = "\n".join(lines)
    if VS_BEGIN in text:
        text = text[:text.index(VS_BEGIN)] + block + text[text.index(VS_END) + len(VS_END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")


THRESHOLD = r"""
import json, statistics, sys, time
import tremaux
from tremaux import _jit
from tremaux.generators import GENERATORS
from tremaux.solvers import SOLVERS

def best(run):
    times = []
    for _ in range(3):
        t = time.process_time()
        with _jit.interpreted():
            run()
        times.append(time.process_time() - t)
    return statistics.median(times)

rows = []
for side in json.loads(sys.argv[1]):
    gen = {e.name: best(lambda: tremaux.generate((side, side), e.name, seed=1)) for e in GENERATORS}
    maze = tremaux.generate((side, side), "kruskal", seed=1, braid=0.3).maze
    sol = {e.name: best(lambda: tremaux.solve(maze, e.name)) for e in SOLVERS}
    g, s = max(gen, key=gen.get), max(sol, key=sol.get)
    rows.append((side, g, gen[g], s, sol[s], statistics.median(gen.values())))
print(json.dumps(rows))
"""

CUTS = [
    ("rich's console, to find the output is no terminal (numberlink solve)",
     "from rich.console import Console; Console(highlight=False, soft_wrap=True).is_terminal",
     "import sys; sys.stdout.isatty()"),
    ("xml.sax.saxutils and urllib.request, for the SVG escape (numberlink solve)", "import xml.sax.saxutils", "pass"),
    ("tremaux.numberlink: all of it, the row above included / what a solve uses (numberlink solve)",
     "import tremaux.numberlink",
     "import tremaux.numberlink.solvers, tremaux.numberlink.formats, tremaux.numberlink.draw"),
    ("multiprocessing, for child processes that a solve under fill never starts (numberlink solve)",
     "import multiprocessing.context", "pass"),
    ("numpy.random, to test a whole-number seed (generate)", "numpy.random", "pass"),
    ("reading a maze file and drawing it as text (solve)", "import tremaux.grids.files, tremaux.render.text",
     "import tremaux.grids.files, tremaux.render.text"),
    ("still loaded: typer's option parsing through pydantic (every command given an option value)",
     "import typer._adapters", "import typer._adapters"),
    ("still loaded: pysat, the SAT solver (numberlink solve)", "import pysat.solvers", "import pysat.solvers"),
]
"""What each change stopped loading: label, what the tree before it ran, what this tree runs instead."""

CUT = ("import sys, time, numpy, tremaux.cli; t = time.process_time(); exec(sys.argv[1]); "
       "print(time.process_time() - t)")
"""A child timing one statement's CPU after what every command has loaded (numpy, the command line)."""


def cut_rows(repeat: int, base: Path) -> list[tuple[str, float, float]]:
    """CPU seconds of each of :data:`CUTS` in fresh processes: before (on ``base``) and after (this tree), medians
    of ``repeat`` runs taken in turn. Figures of one statement inside a process: much steadier than whole
    commands on a loaded machine."""
    rows = []
    for label, before, after in CUTS:
        runs: tuple[list[float], list[float]] = ([], [])
        for i in range(repeat + 1):
            for side, (src, stmt) in enumerate(((base, before), (SRC, after))):
                out = subprocess.run([sys.executable, "-c", CUT, stmt], env=env(src), capture_output=True,
                                     text=True, check=True, cwd=ROOT)
                if i:  # the first run of each writes the bytecode
                    runs[side].append(float(out.stdout.strip().splitlines()[-1]))
        rows.append((label, statistics.median(runs[0]), statistics.median(runs[1])))
        print(f"{label:<78} before {rows[-1][1] * 1000:6.1f} ms  after {rows[-1][2] * 1000:6.1f} ms", flush=True)
    return rows


NUMBA_START = ("import time; import numpy; from tremaux import _numba; from tremaux.kernels import rng; _numba.lean(); "
               "t = time.process_time(); rng.below(rng.make_state(1), 5); print(time.process_time() - t)")
"""numba's start as the command line pays it (lean, see :func:`tremaux._numba.lean`): import and first cached kernel."""


SIDES = [16, 20, 25, 32, 40, 50, 64]


def threshold(repeat: int) -> dict:
    """Interpreted generators and solvers by size, against numba's fixed start-up in a fresh process."""
    starts = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", NUMBA_START], env=env(), capture_output=True, text=True,
                             check=True, cwd=ROOT)
        starts.append(float(out.stdout.strip().splitlines()[-1]))
    proc = subprocess.run([sys.executable, "-c", THRESHOLD, json.dumps(SIDES)], env=env(),
                          capture_output=True, text=True, check=True, cwd=ROOT)
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    numba = statistics.median(starts)
    fits = [side for side, g, gt, sv, st, med in rows if gt + st < numba]
    return {"numba": numba, "rows": rows, "fits": max(fits) if fits else 0}


def cold(tmp: Path) -> dict:
    cache = tmp / "numba-cache"
    proc = subprocess.run([sys.executable, "-c", CHILD], env=env(NUMBA_CACHE_DIR=str(cache)), capture_output=True,
                          text=True, check=True, cwd=ROOT)
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    # `tremaux warmup` in one process per core, from another empty cache
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tremaux", "warmup", "--quiet", "--workers", str(os.cpu_count())],
                   env=env(NUMBA_CACHE_DIR=str(tmp / "c2")),
                   capture_output=True, check=True, cwd=ROOT)
    result["parallel"] = (time.perf_counter() - t, os.cpu_count())
    return result


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover
        return float("nan")


def write_doc(rows, result, repeat: int, load: float, limit: dict | None = None) -> None:
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    lines = [BEGIN, "## Start-up", "",
             f"`python benchmarks/bench_startup.py` on {datetime.date.today().isoformat()} ({machine}); load "
             f"average {load:.1f} on 2 cores at the end of the run (the machine was shared: wall times follow the "
             f"load, CPU times much less; the two `python` lines are this machine's floor at that moment). Each "
             f"command in a fresh process with a warm kernel cache, median of {repeat} runs.", "",
             "| command | wall (median) | CPU (median) | target |", "| --- | --- | --- | --- |"]
    for label, target, wall, cpu in rows:
        lines.append(f"| `{label}` | {wall:.3f} s | {cpu:.3f} s | {'' if target is None else f'< {target} s'} |")
    if limit is not None:
        from tremaux._jit import SMALL_MAZE_CELLS

        lines += ["", "### Interpreted or compiled", "",
                  f"The maze commands run their kernels as Python up to `SMALL_MAZE_CELLS` = {SMALL_MAZE_CELLS} "
                  f"cells, without importing numba. numba's fixed start-up in a fresh process (`import numba` and "
                  f"its first cached kernel): {limit['numba']:.3f} s of CPU (median of {repeat}). Interpreted, "
                  "in one process (CPU seconds, median of 3, seed 1; solvers on a braided Kruskal maze):", "",
                  "| side | cells | slowest generator | its time | median generator | slowest solver | its time |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        lines += [f"| {side} | {side * side} | {g} | {gt:.3f} | {med:.3f} | {sv} | {st:.3f} |"
                  for side, g, gt, sv, st, med in limit["rows"]]
        lines += ["", f"Largest side measured whose slowest generator plus slowest solver stays under numba's "
                  f"start-up: {limit['fits']}."]
    if result is not None:
        kernels = sorted(result["kernels"], key=lambda k: -k[2])
        wall, cpu = result["total"]
        lines += ["", "### First use: every kernel compiled from an empty cache", "",
                  f"`tremaux.warmup` (every registered algorithm once) in a fresh process with an empty "
                  f"`NUMBA_CACHE_DIR`: {cpu:.1f} s of CPU ({wall:.1f} s wall), {len(kernels)} compilations "
                  f"(target: under 15 s). `tremaux warmup --workers {result['parallel'][1]}`, from another empty "
                  f"cache: {result['parallel'][0]:.1f} s wall. A kernel's time includes the helpers compiled for "
                  "it. The slowest:", "",
                  "| kernel | CPU seconds | wall seconds |", "| --- | --- | --- |"]
        lines += [f"| `{name}` | {c:.2f} | {w:.2f} |" for name, w, c in kernels[:15]]
        lines += ["", "Per task (each compiles what the tasks before it did not):", "",
                  "| task | CPU seconds | compilations |", "| --- | --- | --- |"]
        lines += [f"| {label} | {c:.2f} | {k} |" for label, w, c, k in result["tasks"] if c >= 0.05]
    lines.append(END)
    text = DOC.read_text(encoding="utf-8")
    block = "\n".join(lines)
    if BEGIN in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")


def every(args: argparse.Namespace, tmp: Path) -> None:
    """``--every``: every command on every grid kind, timed (against ``--vs`` in turn), its kernels, its output."""
    import _startup_cases as sc

    words = [w.strip() for w in (args.only or "").split(",") if w.strip()]

    def make(tmp: Path) -> list[tuple[str, float | None, list[str]]]:
        case = sc.numberlink_case if args.numberlink else sc.every_case
        rows = case(tmp, lambda argv: subprocess.run(argv, env=env(), capture_output=True, check=True,
                                                              cwd=ROOT))
        return [r for r in rows if not words or any(w in r[0] for w in words)]

    base = None if args.vs is None else args.vs.resolve()
    if args.same_output:
        if base is None:
            raise SystemExit("--same-output needs --vs SRC")
        differ = [label for label, _, argv in make(tmp)
                  if sc.outputs(argv, env(), ROOT) != sc.outputs(argv, env(base), ROOT)]
        print("outputs: the same bytes on both trees" if not differ else f"outputs differ: {', '.join(differ)}")
    if args.kernels:
        for label, _, argv in make(tmp):
            r = sc.kernels(argv, env(), ROOT)
            loads = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in sorted(r["loads"].items(), key=lambda kv: -kv[1]))
            unloaded = sorted(set(r["dispatchers"]) - set(r["loads"]))
            called = sum(n for n, _ in r["calls"].values())
            print(f"{label:<28} cpu {r['cpu']:.3f} s; numba {'imported' if r['numba'] else 'not imported'}"
                  f" (start {r['numba_start']:.3f} s); {len(r['loads'])} kernels loaded: {loads or '-'};"
                  f" dispatchers made but not loaded: {', '.join(unloaded) or '-'}; {called} calls into kernels"
                  f" ({sum(s for _, s in r['calls'].values()):.3f} s)", flush=True)
    if args.imports:
        for label, _, argv in make(tmp):
            found = sc.imports(argv, env(), ROOT)
            print(f"{label:<44} " + (", ".join(f"{k} {v * 1000:.0f} ms" for k, v in found.items()) or "-"), flush=True)
    if args.kernels or args.same_output or args.imports:
        return
    if base is None:
        rows = warm_rows(args.repeat, tmp, make)
        print("\n| command | wall | CPU |\n| --- | --- | --- |")
        for label, _, wall, cpu in rows:
            print(f"| `{label}` | {wall:.3f} s | {cpu:.3f} s |")
    else:
        vrows = vs_rows(args.repeat, tmp, base, make)
        print("\n| command | before: wall | before: CPU | after: wall | after: CPU | CPU ratio |\n"
              "| --- | --- | --- | --- | --- | --- |")
        for label, _, (bw, bc, w, c, ratio) in vrows:
            print(f"| `{label}` | {bw:.3f} s | {bc:.3f} s | {w:.3f} s | {c:.3f} s | {ratio:.2f} |")
    print(f"load average {load_average():.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs per command (median)")
    ap.add_argument("--warm-only", action="store_true", help="skip the cold compile")
    ap.add_argument("--cold-only", action="store_true", help="skip the start-up timings")
    ap.add_argument("--write", action="store_true", help="update the Start-up section of docs/benchmarks.md")
    ap.add_argument("--threshold", action="store_true", help="also time the kernels interpreted by size")
    ap.add_argument("--cuts", action="store_true",
                    help="with --vs: also time, in process, what each start-up change stopped loading")
    ap.add_argument("--vs", metavar="SRC", type=Path,
                    help="time each command with this tree and with the source tree SRC in turn (before / after); "
                         "--write then updates the 'before and after' section instead")
    ap.add_argument("--vs-name", metavar="TEXT", help="what SRC is, for the section (default: its path)")
    ap.add_argument("--every", action="store_true",
                    help="every command on every grid kind and Number Link at two sizes (start-up only)")
    ap.add_argument("--only", metavar="WORDS", help="with --every: the commands whose label holds one of these "
                                                    "comma-separated words")
    ap.add_argument("--numberlink", action="store_true",
                    help="every Number Link command and its common options on small boards (start-up only)")
    ap.add_argument("--imports", action="store_true",
                    help="with --every or --numberlink: the heavy packages each command imports")
    ap.add_argument("--kernels", action="store_true", help="with --every: what each command loads of numba")
    ap.add_argument("--same-output", action="store_true",
                    help="with --every --vs: check that both trees print and write the same bytes")
    args = ap.parse_args()
    if args.vs is not None and not (args.vs / "tremaux" / "__init__.py").is_file():
        ap.error(f"--vs {args.vs}: not a source tree (no tremaux/__init__.py in it)")
    global PYCACHE
    with tempfile.TemporaryDirectory(prefix="tremaux-bench-") as name:
        tmp = Path(name)
        PYCACHE = tmp / "pycache"
        if args.every or args.numberlink:
            return every(args, tmp)
        if args.vs is not None:
            cuts = cut_rows(args.repeat, args.vs.resolve()) if args.cuts else None
            rows = vs_rows(args.repeat, tmp, args.vs.resolve())
            load = load_average()
            print(f"load average {load:.1f}")
            if args.write:
                write_vs_doc(rows, args.repeat, load, args.vs_name or str(args.vs), cuts)
            return
        rows = [] if args.cold_only else warm_rows(args.repeat, tmp)
        limit = threshold(args.repeat) if args.threshold else None
        if limit is not None:
            print(f"numba start-up {limit['numba']:.3f} s CPU; largest side under it: {limit['fits']}")
            for side, g, gt, sv, st, med in limit["rows"]:
                print(f"  {side}x{side}: slowest generator {g} {gt:.3f} s (median {med:.3f}), slowest solver {sv} "
                      f"{st:.3f} s")
        result = None
        if not args.warm_only:
            result = cold(tmp)
            wall, cpu = result["total"]
            print(f"cold: every kernel in {cpu:.1f} s CPU ({wall:.1f} s wall), {len(result['kernels'])} compilations;"
                  f" tremaux warmup --workers {result['parallel'][1]}: {result['parallel'][0]:.1f} s wall")
            for name_, w, c in sorted(result["kernels"], key=lambda k: -k[2])[:20]:
                print(f"  {name_:<48} cpu {c:6.2f} s  wall {w:6.2f} s")
            for label, w, c, k in result["tasks"]:
                print(f"  task {label:<30} cpu {c:6.2f} s  wall {w:6.2f} s  {k} compilations")
    load = load_average()
    print(f"load average {load:.1f}")
    if args.write:
        write_doc(rows, result, args.repeat, load, limit)


if __name__ == "__main__":
    main()
