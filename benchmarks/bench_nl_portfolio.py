"""Number Link portfolio stage: whole solves of the contest puzzles that the stages in process leave.

Finds them by running every public contest puzzle once under ``nikoli``
(one solution) and keeping those the answer of which came from the
portfolio stage (child processes); then solves each of them ``--repeats``
times with ``--time-limit`` and prints markdown for ``docs/benchmarks.md``:
median and range of the whole solve and of the portfolio stage alone, and
which run answered.

Usage: ``PYTHONPATH=src python benchmarks/bench_nl_portfolio.py [--time-limit 60] [--repeats 3] [--data DIR]``
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import Counter
from datetime import date
from pathlib import Path

from tremaux.numberlink import Puzzle, formats, solve_puzzle


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--data", type=Path, default=Path(os.environ.get(
        "TREMAUX_NUMBERLINK_DATA", Path(__file__).resolve().parents[2] / "shared" / "numberlink")))
    args = ap.parse_args()
    solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]), rule="nikoli")  # compile the kernels first
    files = sorted(p for p in args.data.rglob("*.txt")
                   if "levels" not in str(p) and formats.detect(p.read_text()) != "answer")
    slow = []
    for path in files:
        r = solve_puzzle(formats.load(path), rule="nikoli", time_limit=args.time_limit)
        if "portfolio_seconds" in r.extras or r.status != "solved":
            slow.append(path)
    print(f"Measured {date.today()} on {platform.machine()} ({os.cpu_count()} cores, shared), time limit "
          f"{args.time_limit:g} s, {args.repeats} runs each; {len(slow)} of {len(files)} contest puzzles reach "
          "the portfolio stage.\n")
    print("| puzzle | size | pairs | solved | whole solve, median (range) | portfolio stage, median | answered by |")
    print("|---|---|---|---|---|---|---|")
    for path in slow:
        p = formats.load(path)
        whole, stage, how, ok = [], [], Counter(), 0
        for _ in range(args.repeats):
            t = time.perf_counter()
            r = solve_puzzle(p, rule="nikoli", time_limit=args.time_limit)
            whole.append(time.perf_counter() - t)
            stage.append(float(r.extras.get("portfolio_seconds", float("nan"))))
            ok += r.status == "solved"
            how[r.message.removeprefix("found by ").removesuffix(" (portfolio)")] += 1
        name = path.relative_to(args.data).with_suffix("").as_posix()
        print(f"| {name} | {p.height}x{p.width} | {p.pairs} | {ok}/{args.repeats} | "
              f"{statistics.median(whole):.2f} s ({min(whole):.2f}-{max(whole):.2f}) | "
              f"{statistics.median(stage):.2f} s | {'; '.join(f'{k} ({n})' for k, n in how.most_common())} |")


if __name__ == "__main__":
    main()
