"""Number Link generation under the no-touch convention (the default): how long a proper puzzle takes.

Usage::

    python benchmarks/bench_nl_generate.py            # print the table
    python benchmarks/bench_nl_generate.py --write    # also update "Number Link generation" in docs/benchmarks.md

For each size and rule, ``generate_puzzle(shape, rule=rule, seed=s)`` over seeds 0 to ``--seeds - 1``
(after one warm-up call, so compiling is not counted), wall seconds: median and worst, and the median
number of pairs. Every puzzle is proper under the convention: its one solution whose lines never run
beside themselves is the planted one (tests/test_numberlink_generate.py checks this by brute force on
small sizes and by the solver on larger ones).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time

from _doc import write_section
from tremaux.numberlink import generate_puzzle

BEGIN, END = "<!-- nl-generate:begin -->", "<!-- nl-generate:end -->"
SIZES = [(10, 10), (15, 15), (20, 30), (30, 30), (40, 40)]


def rows(seeds: int) -> list[str]:
    out = ["| size | rule | pairs (median) | median s | worst s |", "|---|---|---|---|---|"]
    generate_puzzle((6, 6), seed=0)
    generate_puzzle((6, 6), rule="nikoli", seed=0)
    for shape in SIZES:
        for rule in ("fill", "nikoli"):
            times, pairs = [], []
            for seed in range(seeds):
                t = time.perf_counter()
                g = generate_puzzle(shape, rule=rule, seed=seed)
                times.append(time.perf_counter() - t)
                pairs.append(g.puzzle.pairs)
            out.append(f"| {shape[0]}x{shape[1]} | {rule} | {statistics.median(pairs):.0f} | "
                       f"{statistics.median(times):.3f} | {max(times):.3f} |")
            print(out[-1], flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    table = rows(args.seeds)
    load = os.getloadavg()[0]
    text = "\n".join([
        BEGIN,
        f"Measured {when} on {machine} by `python benchmarks/bench_nl_generate.py` (load average {load:.1f} "
        f"at the end). Default generation (no-touch convention), seeds 0 to {args.seeds - 1}, wall seconds:",
        "",
        *table,
        END,
    ])
    print(text)
    if args.write:
        write_section(text, BEGIN, END, "Number Link generation")


if __name__ == "__main__":
    main()
