"""Datasets built the way users build them, every row read back and checked.

Usage::

    python benchmarks/sweep_dataset.py --quick              # a few minutes: dev and held-out parts
    python benchmarks/sweep_dataset.py                      # every generator at thousands of rows too
    python benchmarks/sweep_dataset.py --part dev           # only the development part (or held)
    python benchmarks/sweep_dataset.py --quick --only gen --seed 1   # the generator cases on another draw of seeds
    python benchmarks/sweep_dataset.py --quick --only engines,read,interrupt --seed 1   # those sections' own

What is built: every generator of the registry (datasets are square: the registry's other grids are not offered)
at 1x1, 1xN, Nx1, a size range, a larger size, braided, with its options, with a filter; counts of 1, a few and
thousands at a small size; every output (maze, blocks, solution with bfs and dfs, stats, ascii, tokens) in Parquet
and Arrow shards; one spec built on the local engine, the processes engine with 1 and 2 workers, Dask on a local
cluster, with another shard size, and into ``memory://``; the Python API's readers (``load``, ``iter_shards``,
``to_hf``, ``stream``, pandas); builds stopped by SIGINT and SIGKILL and resumed; bad combinations on the command
line and in the API.

Checks: every row is a valid maze (a perfect generator's a tree), each stored path a walk from start to goal (BFS's
shortest), the statistics those of ``tremaux.measure.maze_stats``, blocks, ascii and tokens those of the maze, a
sample of rows equal to ``tremaux.dataset.regenerate``; counts and manifest right; the same spec gives the same rows
whatever the engine, workers, shard size, format or file system (byte-identical shards for the same shard size and
format); nothing lost on interruption; bad input refused in one line before any file is written; peak memory and
time of each command. Cases are split by a hash of their name: a development part and a held-out part (a third),
reported side by side.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import zlib
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sweep_dataset_checks import dataset_problems, same_value  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ALL = ("maze", "blocks", "solution", "stats", "ascii", "tokens")
OPTIONS = {  # one option set per generator that has options (datasets take them from a spec file or the API)
    "growing-tree": {"discipline": "random"}, "eller": {"east": 0.2, "south": 0.7},
    "sidewinder": {"east": 0.8}, "binary-tree": {"north": 0.2}, "growing-forest": {"trees": 3},
    "percolation": {"p": 0.3}, "naive-dfs": {"variant": "vertex"}, "breadth-first": {"variant": "arc"},
    "simplified-prim": {"variant": "arc"},
}


def part_of(name: str) -> str:
    """A case's part, by its name alone (the same whatever else runs): a third held out."""
    return "held" if zlib.crc32(name.encode()) % 3 == 2 else "dev"


def seed_of(name: str, draw: int = 0) -> int:
    """The seed a case builds with: a hash of its name, and of ``--seed`` when it is not 0 (a new draw)."""
    return zlib.crc32((f"{draw}:{name}" if draw else name).encode()) % 100_000


class Sweep:
    def __init__(self, parts: set[str]) -> None:
        self.parts = parts
        self.checked: dict[str, int] = defaultdict(int)
        self.failed: dict[str, int] = defaultdict(int)
        self.problems: dict[str, list[str]] = defaultdict(list)
        self.times: list[tuple[str, float]] = []

    def case(self, name: str, fn, *args) -> None:
        part = part_of(name)
        if part not in self.parts:
            return
        t0 = time.process_time()
        w0 = time.perf_counter()
        try:
            bad = fn(*args)
        except Exception as exc:  # a crash is a problem, named
            bad = [f"raised {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"]
            if os.environ.get("SWEEP_TRACE"):
                traceback.print_exc()
        self.times.append((name, time.perf_counter() - w0))
        self.checked[part] += 1
        self.failed[part] += bool(bad)
        for b in bad:
            line = f"[{part}] {name}: {b}"
            self.problems[part].append(line)
            print(line, flush=True)
        _ = t0


# ------------------------------------------------------------------ generators x sizes x counts x outputs


def generator_cases(quick: bool) -> list[tuple[str, dict, bool]]:
    """(name, spec fields, perfect) for every generator of the registry."""
    from tremaux.generators import GENERATORS

    cases = []
    for entry in GENERATORS:
        g = entry.name
        perfect = bool(entry.meta.get("perfect"))
        cases += [
            (f"{g} 5x5 count 1", dict(count=1, size=(5, 5), generator=g), perfect),
            (f"{g} 1x1 count 3", dict(count=3, size=(1, 1), generator=g, outputs=ALL, solvers=("bfs", "dfs")), perfect),
            (f"{g} 1x9 count 7", dict(count=7, size=(1, 9), generator=g, outputs=ALL, shard_size=3), perfect),
            (f"{g} 9x1 count 7", dict(count=7, size=(9, 1), generator=g, outputs=ALL, shard_size=3), perfect),
            (f"{g} 2x3..9x8 count 40 all outputs bfs+dfs", dict(count=40, size=(2, 3), max_size=(9, 8), generator=g,
             outputs=ALL, solvers=("bfs", "dfs"), shard_size=7), perfect),
            (f"{g} 5x6 braid 0.3 arrow", dict(count=20, size=(5, 6), generator=g, braid=0.3, outputs=ALL,
             shard_format="arrow", shard_size=8), False),
            (f"{g} 6x6 solution length 10..24", dict(count=15, size=(6, 6), generator=g, outputs=ALL,
             filters={"min_solution_length": 10, "max_solution_length": 24}, shard_size=4), perfect),
            (f"{g} 40x60 count 3", dict(count=3, size=(40, 60), generator=g, outputs=ALL), perfect),
            (f"{g} 5x5 max_solution_length 14", dict(count=30, size=(5, 5), generator=g, outputs=("maze", "stats"),
             generator_options={"p": 0.4} if g == "percolation" else {}, filters={"max_solution_length": 14}),
             perfect),
        ]
        if g in OPTIONS:
            cases.append((f"{g} options {OPTIONS[g]}", dict(count=25, size=(4, 5), max_size=(7, 9), generator=g,
                          generator_options=OPTIONS[g], outputs=ALL, solvers=("bfs", "dfs"), shard_size=10),
                          perfect and g != "growing-forest" and g != "percolation"))
        if not quick or g in ("backtracker", "kruskal", "percolation", "wilson"):
            cases.append((f"{g} 4x4 count 3000", dict(count=3000, size=(4, 4), generator=g, shard_size=1000), perfect))
    return cases


def run_generator_case(fields: dict, perfect: bool, seed: int) -> list[str]:
    import tremaux.dataset as ds

    spec = ds.DatasetSpec(seed=seed, **fields)
    with tempfile.TemporaryDirectory() as d:
        report = ds.build(spec, d)
        bad = [] if report.rows == spec.count else [f"report says {report.rows} rows"]
        return bad + dataset_problems(d, spec, perfect, every_row=spec.count <= 3000)


# ------------------------------------------------------------------ the same spec on every engine


def tables_equal(a: dict, b: dict) -> list[str]:
    if a.keys() != b.keys():
        return [f"columns {sorted(a)} vs {sorted(b)}"]
    for k in a:
        if a[k].shape != b[k].shape or not all(same_value(x, y) for x, y in zip(a[k], b[k])):
            return [f"column {k} differs"]
    return []


def shard_digests(path: str) -> dict[int, str]:
    import tremaux.dataset as ds

    return {i: r.sha256 for i, r in ds.read_manifest(path).shards.items()}


def run_engines(fields: dict, seed: int, dask: bool) -> list[str]:
    import tremaux.dataset as ds

    spec = ds.DatasetSpec(seed=seed, **fields)
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        ref_dir = f"{d}/ref"
        ds.build(spec, ref_dir)
        from tremaux.generators import GENERATORS

        perfect = not fields.get("braid") and bool(GENERATORS.get(spec.generator).meta.get("perfect"))
        bad += dataset_problems(ref_dir, spec, perfect=perfect, sample=4)
        ref = ds.load(ref_dir)
        ref_sha = shard_digests(ref_dir)
        runs: list[tuple[str, Any, dict]] = [
            ("processes 1 worker", spec, dict(engine="processes", workers=1)),
            ("processes 2 workers", spec, dict(engine="processes", workers=2)),
            ("local, shard size 37", spec.replace(shard_size=37), {}),
            ("local, arrow shards", spec.replace(shard_format="arrow"), {}),
            ("processes 2 workers, shard size 1", spec.replace(shard_size=1), dict(engine="processes", workers=2)),
        ]
        if dask:
            runs.append(("dask local cluster, 2 workers", spec, dict(engine="dask", workers=2)))
            runs.append(("dask local cluster, 1 worker, shard size 64", spec.replace(shard_size=64),
                         dict(engine="dask", workers=1)))
        for k, (name, s, kw) in enumerate(runs):
            out = f"{d}/run{k}"
            rep = ds.build(s, out, **kw)
            if rep.rows != s.count:
                bad.append(f"{name}: report {rep.rows} rows")
            bad += [f"{name}: {p}" for p in tables_equal(ref, ds.load(out))]
            if s.shard_size == spec.shard_size and s.shard_format == spec.shard_format and shard_digests(out) != ref_sha:
                bad.append(f"{name}: shards not byte-identical to the local build's")
        for name, kw in (("memory:// local", {}), ("memory:// processes 2 workers", dict(engine="processes", workers=2))):
            url = f"memory://sweep/{seed}/{name.split()[1]}"
            ds.build(spec, url, **kw)
            bad += [f"{name}: {p}" for p in tables_equal(ref, ds.load(url))]
            if shard_digests(url) != ref_sha:
                bad.append(f"{name}: shards not byte-identical to the local build's")
    return bad


# ------------------------------------------------------------------ reading back


def run_readers(fields: dict, seed: int) -> list[str]:
    import pandas as pd
    import tremaux.dataset as ds

    spec = ds.DatasetSpec(seed=seed, **fields)
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        ds.build(spec, d)
        data = ds.load(d)
        n = spec.count
        for k, v in data.items():
            if len(v) != n:
                bad.append(f"load: column {k} has {len(v)} rows")
        rows = sum(t.num_rows for t in ds.iter_shards(d))
        if rows != n:
            bad.append(f"iter_shards: {rows} rows")
        part = ds.load(d, columns=["index", "seed"])
        if set(part) != {"index", "seed"} or not np.array_equal(part["seed"], data["seed"]):
            bad.append("load(columns=...) differs")
        if spec.shard_format == "parquet":
            frame = pd.read_parquet(d)
            if len(frame) != n or not np.array_equal(frame["seed"].to_numpy(), data["seed"]):
                bad.append(f"pandas.read_parquet: {len(frame)} rows or other seeds")
        hf = ds.to_hf(d)
        if hf.num_rows != n:
            bad.append(f"to_hf: {hf.num_rows} rows")
        npv = hf.with_format("numpy")
        if not np.array_equal(np.asarray(npv["seed"]), data["seed"]):
            bad.append("to_hf numpy seeds differ")
        h0, w0 = int(data["height"][0]), int(data["width"][0])
        if not np.array_equal(np.asarray(hf[0]["cells"]), data["cells"][0][:h0, :w0].ravel()):
            bad.append("to_hf row 0 cells differ from load's")
        streamed = sum(1 for _ in ds.stream(d))
        if streamed != n:
            bad.append(f"stream: {streamed} rows")
        if "tokens" in spec.outputs:
            vocab = ds.token_vocabulary(spec)
            top = int(max(data["tokens"].max(), 0))
            if top >= len(vocab):
                bad.append(f"token id {top} outside the vocabulary of {len(vocab)}")
        if "solution" in spec.outputs and "stats" in spec.outputs:
            reach = data["bfs_length"] > 0
            if not np.array_equal(data["solution_length"][reach], data["bfs_length"][reach] - 1):
                bad.append("solution_length is not bfs_length - 1")
        summary = __import__("tremaux.dataset.read", fromlist=["summary"]).summary(ds.read_manifest(d))
        if summary.get("rows", summary.get("mazes")) != n:
            bad.append(f"summary rows {summary.get('rows', summary.get('mazes'))}")
    return bad


# ------------------------------------------------------------------ the command line: interruption, refusals, memory


def _exited(pid: int) -> bool:
    """Whether the child ``pid`` has ended (a zombie not yet reaped), without reaping it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def cli(args: list[str], timeout: float = 300, stop_after: float | None = None, sig: int = signal.SIGINT,
        wait_for: Path | None = None, peak: str | None = None) -> tuple[int, str, float, float, int]:
    """Run ``tremaux ARGS``: (exit status, stderr, wall s, CPU s of the children, rusage's peak RSS kB).

    With ``peak``, under ``/usr/bin/time``, which writes the largest process's peak RSS (kB) to that file.
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    t0 = time.perf_counter()
    before = os.times()
    with tempfile.TemporaryFile() as err:
        timer = ["/usr/bin/time", "-f", "%M", "-o", peak] if peak else []
        proc = subprocess.Popen([*timer, sys.executable, "-m", "tremaux", *args], stdout=subprocess.DEVNULL, stderr=err,
                                env=env, start_new_session=True)
        if stop_after is not None:
            deadline = time.perf_counter() + 120
            while (wait_for is not None and not list(wait_for.glob("shard-*")) and time.perf_counter() < deadline
                   and not _exited(proc.pid)):
                time.sleep(0.05)
            time.sleep(stop_after)
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        except ChildProcessError:  # pragma: no cover
            status, usage = 0, None
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code
        err.seek(0)
        text = err.read().decode(errors="replace")
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return code, text, time.perf_counter() - t0, cpu, usage.ru_maxrss if usage else 0


def run_interrupted(seed: int, engine: str, sig: int, quick: bool) -> list[str]:
    import tremaux.dataset as ds

    count = 60_000 if quick else 200_000
    spec = ds.DatasetSpec(count=count, size=(10, 10), seed=seed, shard_size=2000, outputs=ALL[:4])
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        ref, out = f"{d}/ref", Path(d) / "out"
        ds.build(spec, ref)
        base = ["dataset", "-q", "--count", str(count), "--size", "10x10", "--seed", str(seed), "--shard-size", "2000",
                "--outputs", "maze,blocks,solution,stats", "--out", str(out)]
        workers = [] if engine == "local" else ["--workers", "2"]
        code, err, *_ = cli(base + ["--engine", engine, *workers], stop_after=0.3, sig=sig, wait_for=out)
        if code not in (-sig, 128 + sig, 130, 1, 2) or "Traceback" in err:
            bad.append(f"stopped build exited {code}: {err.strip().splitlines()[-1:]}")
        kept = len(ds.read_manifest(str(out)).shards) if (out / "_manifest.json").exists() else 0
        files = len(list(out.glob("shard-*")))
        lines = [x for x in err.splitlines() if x.strip()]
        if sig == signal.SIGINT and len(lines) > 2:
            bad.append(f"{len(lines)} lines on stderr when stopped: {lines[-1][:100]}")
        if sig == signal.SIGINT and files - kept > 2:
            bad.append(f"{files} shard files but {kept} recorded after SIGINT")
        code, err, *_ = cli(base + ["--engine", "local"])
        if code != 0:
            bad.append(f"resume exited {code}: {err.strip().splitlines()[-1:]}")
            return bad
        if shard_digests(str(out)) != shard_digests(ref):
            bad.append("resumed shards differ from an uninterrupted build's")
        left = sorted(p.name for p in out.iterdir() if p.name.startswith(".") or p.name.endswith(".partial"))
        if left:
            bad.append(f"left behind: {left[:3]}")
        print(f"  interrupted {engine} by {signal.Signals(sig).name}: {kept} of {spec.shards} shards kept "
              f"({files} files)", flush=True)
    return bad


REFUSALS: list[tuple[str, list[str]]] = [
    ("count 0", ["--count", "0"]),
    ("count -5", ["--count", "-5"]),
    ("size 0x5", ["--count", "3", "--size", "0x5"]),
    ("size range upside down", ["--count", "3", "--size", "9x9..3x3"]),
    ("unknown generator", ["--count", "3", "-g", "spiral"]),
    ("solver without a batch kernel", ["--count", "3", "-s", "wall-follower"]),
    ("unknown output", ["--count", "3", "--outputs", "maze,png"]),
    ("no output", ["--count", "3", "--outputs", ""]),
    ("braid 2", ["--count", "3", "--braid", "2"]),
    ("min solution length too long", ["--count", "3", "--size", "4x4", "--min-solution-length", "40"]),
    ("shard size 0", ["--count", "3", "--shard-size", "0"]),
    ("shard format npz", ["--count", "3", "--shard-format", "npz"]),
    ("unknown engine", ["--count", "3", "--engine", "spark"]),
    ("workers 0", ["--count", "3", "--engine", "processes", "--workers", "0"]),
    ("workers 1000", ["--count", "3", "--engine", "processes", "--workers", "1000"]),
    ("scheduler without dask", ["--count", "3", "--scheduler", "tcp://127.0.0.1:1"]),
    ("shared without scheduler", ["--count", "3", "--shared"]),
    ("storage option without =", ["--count", "3", "--storage-option", "nokey"]),
    ("unknown URL scheme", ["--count", "3", "--out-url", "nosuch://x/y"]),
    ("memory:// from the command line", ["--count", "3", "--out-url", "memory://x/y"]),
    ("a maze too big for a shard", ["--count", "3", "--size", "30000x30000"]),
    ("workers on a tiny dataset, local engine", ["--count", "3", "--engine", "local", "--workers", "2"]),
    ("a filter binary-tree never passes", ["--count", "2000", "--size", "20x20", "-g", "binary-tree",
                                           "--min-solution-length", "39"]),
    ("a filter binary-tree never passes, a size range", ["--count", "500", "--size", "10x10..12x12", "-g",
                                                         "binary-tree", "--min-solution-length", "19"]),
]


def run_refusal(args: list[str]) -> list[str]:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "data"
        if "--out-url" in args:
            i = args.index("--out-url")
            args = args[:i] + ["--out", args[i + 1]] + args[i + 2:]
        else:
            args = [*args, "--out", str(out)]
        code, err, wall, *_ = cli(["dataset", "-q", *args])
        lines = [x for x in err.splitlines() if x.strip()]
        bad = []
        if code != 2:
            bad.append(f"exit {code}, not 2 (stderr: {' | '.join(lines[-2:])[:160]})")
        elif len(lines) != 1 or not lines[0].startswith("error: "):
            bad.append(f"{len(lines)} lines on stderr: {' | '.join(lines[:3])[:200]}")
        if out.exists():
            bad.append(f"refused build left {out.name}/ with {sorted(p.name for p in out.iterdir())[:4]}")
        if wall > 60:
            bad.append(f"refused after {wall:.0f} s")
        return bad


def run_api_spec(kwargs: dict) -> list[str]:
    """A spec written in Python as a user writes it: built, and equal to the same spec from a file's values."""
    import tremaux.dataset as ds

    spec = ds.DatasetSpec(**kwargs)
    ds.build(spec, f"memory://sweep/api/{seed_of(repr(kwargs))}")
    return dataset_problems(f"memory://sweep/api/{seed_of(repr(kwargs))}", spec, perfect=True, sample=2)


API_SPECS = [
    dict(count=40, size="3x3..9x7", seed=3, outputs=ALL, shard_size=9),
    dict(count=12, size=np.array([4, 6]), seed=np.int64(5), solvers=["dfs", "bfs"], outputs=["maze", "solution"]),
    dict(count=7, size=[2, 2], max_size="5x5", seed=2**64 - 1, generator="DFS", shard_format="ARROW"),
    dict(count=9, size="6x6", seed=-3, generator="wilson", braid=0, filters={"max_dead_ends": 12}),
]


def run_memory(seed: int, engine: str, count: int) -> list[str]:
    # /usr/bin/time measures the command's peak: the rusage of a child forked from this (large) process would
    # count this process's pages at the fork
    with tempfile.TemporaryDirectory() as d:
        workers = [] if engine == "local" else ["--workers", "2"]
        code, err, wall, cpu, _ = cli(["dataset", "-q", "--count", str(count), "--size", "10x10", "--seed", str(seed),
                                       "--engine", engine, *workers, "--out", f"{d}/m"], peak=f"{d}/peak")
        rss = int(Path(f"{d}/peak").read_text().split()[-1]) if Path(f"{d}/peak").exists() else 0
        MEMORY.append((engine, count, wall, cpu, rss))
        if code != 0:
            return [f"exit {code}: {err.strip().splitlines()[-1:]}"]
        if rss > 600_000:
            return [f"peak RSS {rss / 1024:.0f} MB"]
    return []


MEMORY: list[tuple[str, int, float, float, int]] = []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few minutes: fewer large counts, smaller interruptions")
    ap.add_argument("--part", choices=("dev", "held", "both"), default="both")
    ap.add_argument("--seed", type=int, default=0,
                    help="another draw of the cases' seeds (0: the first; the api and refuse sections keep theirs)")
    ap.add_argument("--only", default="", help="comma list of sections: gen,engines,read,interrupt,api,refuse,memory")
    a = ap.parse_args()
    parts = {"dev", "held"} if a.part == "both" else {a.part}
    only = set(filter(None, a.only.split(","))) or {"gen", "engines", "read", "interrupt", "api", "refuse", "memory"}
    sweep = Sweep(parts)

    def fixed(seed: int, name: str) -> int:
        """A section's fixed seed on the first draw, a hash of the case's name and ``--seed`` on another."""
        return seed_of(name, a.seed) if a.seed else seed

    t0 = time.perf_counter()
    from tremaux.dataset.shard import warm_up
    import tremaux.dataset as ds

    warm_up(ds.DatasetSpec(count=1))
    if "gen" in only:
        for name, fields, perfect in generator_cases(a.quick):
            sweep.case(name, run_generator_case, fields, perfect, seed_of(name, a.seed))
    engine_specs = [
        dict(count=600, size=(3, 3), max_size=(12, 14), generator="kruskal", braid=0.1, outputs=ALL,
             solvers=("bfs", "dfs"), filters={"min_solution_length": 6}, shard_size=100),
        dict(count=500, size=(8, 8), generator="wilson", outputs=ALL, shard_size=100),
        dict(count=400, size=(5, 7), generator="percolation", generator_options={"p": 0.6}, outputs=ALL,
             solvers=("dfs", "bfs"), shard_size=100),
    ]
    if "engines" in only:
        for k, f in enumerate(engine_specs):
            sweep.case(f"engines {f['generator']}", run_engines, f, fixed(100 + k, f"engines {k}"), True)
    if "read" in only:
        for k, f in enumerate(engine_specs + [dict(count=250, size=(4, 4), max_size=(9, 6), outputs=ALL,
                                                   shard_format="arrow", shard_size=60)]):
            sweep.case(f"readers {f.get('generator', 'backtracker')} {f.get('shard_format', 'parquet')}",
                       run_readers, f, fixed(200 + k, f"readers {k}"))
    if "interrupt" in only:
        for k, (engine, sig) in enumerate([("processes", signal.SIGINT), ("dask", signal.SIGINT),
                                           ("processes", signal.SIGKILL), ("local", signal.SIGTERM),
                                           ("dask", signal.SIGTERM), ("local", signal.SIGINT)]):
            sweep.case(f"interrupted {engine} {signal.Signals(sig).name}", run_interrupted,
                       fixed(300 + k, f"interrupted {k}"), engine, sig,
                       a.quick)
    if "api" in only:
        for k, kwargs in enumerate(API_SPECS):
            sweep.case(f"api spec {k}: {', '.join(f'{a}={v!r}' for a, v in kwargs.items())}"[:90], run_api_spec, kwargs)
    if "refuse" in only:
        for name, args in REFUSALS:
            sweep.case(f"refused: {name}", run_refusal, args)
    if "memory" in only:
        for k, (engine, count) in enumerate([("local", 100_000), ("processes", 100_000), ("dask", 100_000),
                                             ("local", 400_000), ("processes", 20_000), ("dask", 20_000)]):
            if a.quick and count > 100_000:
                count = 100_000
            sweep.case(f"memory {engine} {count}", run_memory, fixed(400 + k, f"memory {k}"), engine, count)
    print(f"\n{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}; {time.perf_counter() - t0:.0f} s")
    print("| part | cases | cases with problems | problems |\n| --- | --- | --- | --- |")
    for p in ("dev", "held"):
        if p in parts:
            print(f"| {p} | {sweep.checked[p]} | {sweep.failed[p]} | {len(sweep.problems[p])} |")
    if MEMORY:
        print("\n| engine | mazes (10x10) | wall s | CPU s (children) | peak RSS MB |\n| --- | --- | --- | --- | --- |")
        for engine, count, wall, cpu, rss in MEMORY:
            print(f"| {engine} | {count:,} | {wall:.1f} | {cpu:.1f} | {rss / 1024:.0f} |")
    slow = sorted(sweep.times, key=lambda t: -t[1])[:5]
    print("\nslowest cases: " + ", ".join(f"{n} {s:.1f} s" for n, s in slow))
    return 1 if any(sweep.problems.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
