"""Datasets of mazes against the peer, ``maze-dataset``: the same mazes per size, count and generator, timed.

tremaux's ``dataset`` (the API, :func:`tremaux.dataset.build`, and the command
``tremaux dataset``; the ``local`` engine on one core and the ``processes``
engine on all cores) against maze-dataset's ``MazeDataset.from_config`` (one
process; ``--peer-parallel`` adds its ``gen_parallel=True`` on all cores). Both make each maze and its
shortest solution; tremaux also writes them as Parquet shards, maze-dataset
keeps them in memory (``save_local=False``).

The peer runs in its own virtual environment (default ``/tmp/venv-md``, made with
``python -m venv /tmp/venv-md && /tmp/venv-md/bin/pip install maze-dataset 'muutils==0.8.12'``:
maze-dataset 1.4.2 does not import with muutils 0.9.1, ``cannot import name '_FORMAT_KEY'``), one
subprocess per run, timed inside that process after its imports. Without that environment the
peer's columns say so and the rest runs.

Times are CPU seconds (this process and its finished children; for a command,
the whole process with its start-up), the median of ``--runs``; runs on all
cores also give wall seconds. The ratio is peer / tremaux: above 1, tremaux is
quicker.

Usage::

    python benchmarks/bench_dataset_peer.py                      # print the table
    python benchmarks/bench_dataset_peer.py --write              # also a section of docs/benchmarks.md
    python benchmarks/bench_dataset_peer.py --sizes 5,10 --counts 1000 --generators backtracker
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tremaux
import tremaux.dataset as ds
from tremaux.dataset.engines import cpu_count

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _doc import write_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- bench_dataset_peer:begin -->", "<!-- bench_dataset_peer:end -->"
PEER_CTORS = {"backtracker": "gen_dfs", "wilson": "gen_wilson", "kruskal": "gen_kruskal"}
"""tremaux's generator and the maze-dataset generator that makes the same kind of maze."""

PEER_SCRIPT = r"""
import json, resource, sys, time
from maze_dataset import MazeDataset, MazeDatasetConfig
from maze_dataset.generation import LatticeMazeGenerators
n, count, ctor, parallel = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
def cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
cfg = MazeDatasetConfig(name="bench", grid_n=n, n_mazes=count, maze_ctor=getattr(LatticeMazeGenerators, ctor))
c0, t0 = cpu(), time.perf_counter()
data = MazeDataset.from_config(cfg, do_download=False, load_local=False, do_generate=True, save_local=False,
                               verbose=False, gen_parallel=parallel)
wall, used = time.perf_counter() - t0, cpu() - c0
assert len(data) == count, len(data)
print(json.dumps({"cpu": used, "wall": wall}))
"""


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (pool workers, commands)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def peer_python(venv: Path) -> Path | None:
    """The peer environment's interpreter, if it holds maze-dataset."""
    py = venv / "bin" / "python"
    if not py.exists():
        return None
    ok = subprocess.run([str(py), "-c", "import maze_dataset"], capture_output=True).returncode == 0
    return py if ok else None


def peer_version(py: Path) -> str:
    code = "import importlib.metadata as m; print(m.version('maze-dataset'))"
    return subprocess.run([str(py), "-c", code], capture_output=True, text=True).stdout.strip()


def run_peer(py: Path, n: int, count: int, gen: str, parallel: bool) -> tuple[float, float]:
    """CPU and wall seconds of one maze-dataset build, in a fresh process, imports excluded."""
    done = subprocess.run([str(py), "-c", PEER_SCRIPT, str(n), str(count), PEER_CTORS[gen], "1" if parallel else "0"],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"maze-dataset failed: {done.stderr.strip().splitlines()[-1:]}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return got["cpu"], got["wall"]


def spec(n: int, count: int, gen: str):
    return ds.DatasetSpec(count=count, size=(n, n), generator=gen, outputs=("maze", "solution"), seed=1)


def run_api(tmp: Path, n: int, count: int, gen: str, engine: str) -> tuple[float, float]:
    """CPU and wall seconds of one :func:`tremaux.dataset.build` in this process (kernels already loaded)."""
    out = tmp / "api"
    shutil.rmtree(out, ignore_errors=True)
    c0, t0 = cpu_seconds(), time.perf_counter()
    ds.build(spec(n, count, gen), out, engine=engine)
    return cpu_seconds() - c0, time.perf_counter() - t0


def run_cli(tmp: Path, n: int, count: int, gen: str, engine: str) -> tuple[float, float]:
    """CPU and wall seconds of one ``tremaux dataset`` command, start-up included."""
    out = tmp / "cli"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "tremaux", "dataset", "--count", str(count), "--size", f"{n}x{n}", "-g", gen,
           "--outputs", "maze,solution", "--seed", "1", "--engine", engine, "--out", str(out), "--quiet"]
    c0, t0 = cpu_seconds(), time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return cpu_seconds() - c0, time.perf_counter() - t0


def median(fn, runs: int) -> tuple[float, float]:
    got = [fn() for _ in range(runs)]
    return statistics.median(g[0] for g in got), statistics.median(g[1] for g in got)


def ratio(peer: float | None, ours: float) -> str:
    return "" if peer is None else f"{peer / ours:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5,10,20,50", help="grid sides (default 5,10,20,50)")
    ap.add_argument("--counts", default="1000,10000", help="mazes per dataset (default 1000,10000)")
    ap.add_argument("--generators", default=",".join(PEER_CTORS), help="tremaux names (default: all three)")
    ap.add_argument("--runs", type=int, default=3, help="runs per figure, the median kept (default 3)")
    ap.add_argument("--peer-runs", type=int, default=1, help="runs per figure of the peer (default 1)")
    ap.add_argument("--venv", default="/tmp/venv-md", help="the peer's virtual environment")
    ap.add_argument("--no-parallel", action="store_true", help="one core only (no processes engine)")
    ap.add_argument("--peer-parallel", action="store_true", help="also maze-dataset's gen_parallel=True on all cores")
    ap.add_argument("--peer-limit", type=float, default=2.5e6,
                    help="run the peer only where mazes x cells is at most this (default 2.5e6: its 1,000 mazes of "
                         "50x50 take minutes)")
    ap.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    counts = [int(c) for c in args.counts.split(",")]
    gens = [g.strip() for g in args.generators.split(",")]
    for g in gens:
        if g not in PEER_CTORS:
            sys.exit(f"error: no maze-dataset generator matches {g!r}; choose among {', '.join(PEER_CTORS)}")
    py = peer_python(Path(args.venv))
    if py is None:
        print(f"peer skipped: no maze-dataset in {args.venv} (python -m venv {args.venv} && "
              f"{args.venv}/bin/pip install maze-dataset)", file=sys.stderr)
    version = peer_version(py) if py else "not installed"
    cores = cpu_count()
    os.environ.setdefault("PYTHONPATH", str(ROOT / "src"))  # the commands run this tree's tremaux
    header = ["generator", "size", "mazes", "API 1 core", "CLI 1 core", "peer 1 process", "ratio API",
              "ratio CLI"]
    if not args.no_parallel:
        header += [f"API {cores} cores (CPU)", f"API {cores} cores (wall)"]
    if args.peer_parallel and not args.no_parallel:
        header += ["peer parallel (wall)", "ratio wall"]
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        ds.build(spec(5, 50, gens[0]), tmp / "warm", engine="local")  # load the kernels once
        for gen in gens:
            ds.build(spec(5, 50, gen), tmp / f"warm-{gen}", engine="local")
            for n in sizes:
                for count in counts:
                    api = median(lambda: run_api(tmp, n, count, gen, "local"), args.runs)
                    cli = median(lambda: run_cli(tmp, n, count, gen, "local"), args.runs)
                    peer_on = py is not None and count * n * n <= args.peer_limit
                    peer = median(lambda: run_peer(py, n, count, gen, False), args.peer_runs) if peer_on else None
                    row = [gen, f"{n}x{n}", f"{count:,}", f"{api[0]:.3f} s", f"{cli[0]:.3f} s",
                           f"{peer[0]:.2f} s" if peer else "skipped" if py is None else "not run (over --peer-limit)",
                           ratio(peer and peer[0], api[0]), ratio(peer and peer[0], cli[0])]
                    if not args.no_parallel:
                        apip = median(lambda: run_api(tmp, n, count, gen, "processes"), args.runs)
                        row += [f"{apip[0]:.3f} s", f"{apip[1]:.3f} s"]
                    if args.peer_parallel and not args.no_parallel:
                        peerp = median(lambda: run_peer(py, n, count, gen, True), args.peer_runs) if peer_on else None
                        row += [f"{peerp[1]:.2f} s" if peerp else "not run", ratio(peerp and peerp[1], apip[1])]
                    rows.append(row)
                    print(" | ".join(row), flush=True)
    table = "\n".join(["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
                      + ["| " + " | ".join(r) + " |" for r in rows])
    load = os.getloadavg()[0]
    now = datetime.datetime.now(datetime.timezone.utc)
    intro = (f"`python benchmarks/bench_dataset_peer.py --write` on {now:%Y-%m-%d %H:%M} UTC ({platform.machine()}, "
             f"{cores} cores, Python {platform.python_version()}, load average {load:.1f} at the end); tremaux "
             f"{tremaux.__version__}, maze-dataset {version}. CPU seconds, median of {args.runs} runs for tremaux "
             f"and {args.peer_runs} for maze-dataset; each builds the mazes and their shortest solutions (tremaux "
             "`--outputs maze,solution`, written as Parquet; maze-dataset `MazeDataset.from_config` with "
             "`save_local=False`, kept in memory). The API and the peer are timed after their imports, the "
             "command as a whole. Ratio = peer / tremaux.")
    print(intro + "\n\n" + table)
    if args.write:
        write_section(f"{BEGIN}\n{intro}\n\n{table}\n{END}", BEGIN, END,
                      f"Datasets against maze-dataset ({now:%Y-%m-%d})")


if __name__ == "__main__":
    main()
