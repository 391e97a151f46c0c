"""Number Link solving package: which stage answers, how fast, on both halves of the public contest puzzles.

Prints markdown for ``docs/benchmarks.md``:

* the contest puzzles (ADC 2013-2015) under ``nikoli``: one solution (lines
  may touch) and uniqueness under the no-touch convention, split by the
  index of each file in its sorted folder listing (even: development half,
  odd: held-out half), with the stage that answered;
* boards with two pairs that must cross, 5x5 to 50x50, under both rules;
* ``tremaux numberlink solve`` on a generated 15x20 puzzle end to end (warm cache).

Usage: ``PYTHONPATH=src python benchmarks/bench_nl_stages.py [--time-limit 10] [--data DIR]``
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from tremaux.numberlink import Puzzle, formats, solve_puzzle


def contest_files(data: Path) -> list[tuple[str, Path]]:
    """``(half, path)`` of every contest puzzle: even index in its sorted folder listing = dev."""
    out = []
    for folder in sorted({p.parent for p in data.rglob("*.txt") if "levels" not in str(p)}):
        files = sorted(p for p in folder.glob("*.txt") if formats.detect(p.read_text()) != "answer")
        out += [("dev" if i % 2 == 0 else "held-out", p) for i, p in enumerate(files)]
    return out


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--data", type=Path, default=Path(os.environ.get(
        "TREMAUX_NUMBERLINK_DATA", Path(__file__).resolve().parents[2] / "shared" / "numberlink")))
    args = ap.parse_args()
    print(f"Measured {date.today()} on {platform.machine()} ({os.cpu_count()} cores, shared), "
          f"child processes only in the portfolio stage, time limit {args.time_limit:g} s per question.\n")
    solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]), rule="nikoli")  # compile the kernels first
    rows = {}
    print("| half | puzzle | size | pairs | solve (nikoli) | answered by | unique (nikoli, no touching) | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for half, path in contest_files(args.data):
        p = formats.load(path)
        t = time.perf_counter()
        r = solve_puzzle(p, rule="nikoli", time_limit=args.time_limit)
        ts = time.perf_counter() - t
        t = time.perf_counter()
        u = solve_puzzle(p, rule="nikoli", unique=True, time_limit=args.time_limit)
        tu = time.perf_counter() - t
        verdict = {True: "unique", False: "not unique", None: "undecided"}[u.unique]
        rows.setdefault(half, []).append((r.status == "solved", ts, u.unique is not None, tu))
        print(f"| {half} | {path.parent.name}/{path.stem} | {p.width}x{p.height} | {p.pairs} | {ms(ts)} "
              f"({r.status}) | {r.message.removeprefix('found by ')} | {ms(tu)} | {verdict} |")
    print("\n| half | solved | median solve | worst solve | uniqueness decided | median uniqueness |")
    print("|---|---|---|---|---|---|")
    for half, rs in rows.items():
        print(f"| {half} | {sum(x[0] for x in rs)}/{len(rs)} | {ms(statistics.median(x[1] for x in rs))} | "
              f"{ms(max(x[1] for x in rs))} | {sum(x[2] for x in rs)}/{len(rs)} | "
              f"{ms(statistics.median(x[3] for x in rs))} |")
    print("\n| crossing pairs on an empty board | fill, unique | nikoli, unique |")
    print("|---|---|---|")
    for side in (5, 10, 20, 30, 50):
        p = Puzzle.from_endpoints((side, side), [((0, 0), (side - 1, side - 1)), ((0, side - 1), (side - 1, 0))])
        cells = []
        for rule in ("fill", "nikoli"):
            times = []
            for _ in range(5):
                t = time.perf_counter()
                r = solve_puzzle(p, rule=rule, unique=True)
                times.append(time.perf_counter() - t)
            assert r.status == "no-solution"
            cells.append(f"{ms(statistics.median(times))} ({r.status})")
        print(f"| {side}x{side} | {cells[0]} | {cells[1]} |")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "p.txt"
        path.write_text(formats.dumps(_fifteen_by_twenty()))
        cmd = [sys.executable, "-m", "tremaux", "numberlink", "solve", str(path)]
        subprocess.run(cmd, capture_output=True, check=False)  # warm the cache
        walls = []
        for _ in range(5):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, check=False)
            walls.append(time.perf_counter() - t)
    print(f"\n`tremaux numberlink solve` on a 15x20 puzzle, end to end, warm cache: median "
          f"{ms(statistics.median(walls))} of 5 (min {ms(min(walls))}, max {ms(max(walls))}).")


def _fifteen_by_twenty() -> Puzzle:
    """The generator's 15x20 puzzle of seed 3."""
    from tremaux.numberlink import generate_puzzle

    return generate_puzzle((15, 20), seed=3).puzzle


if __name__ == "__main__":
    main()
