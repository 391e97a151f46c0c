"""Number Link generation under the no-touch convention (the default): how long a proper puzzle takes.

Usage::

    python benchmarks/bench_nl_generate.py            # print the table
    python benchmarks/bench_nl_generate.py --write    # also update "Number Link generation" in docs/benchmarks.md
    python benchmarks/bench_nl_generate.py --sizes 60x60,100x100 --rules fill --seeds 3 --time-limit 60

For each size and rule, ``generate_puzzle(shape, rule=rule, seed=s)`` over seeds 0 to ``--seeds - 1``
(after one warm-up call, so compiling is not counted), wall seconds: median and worst (a generation
that gives up counts its time), the median number of pairs of those made, and how many gave up at
``--time-limit`` (default: the library's, 60 s). Every puzzle is proper under the convention: its one solution whose lines never run
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
from tremaux.errors import BudgetExceededError
from tremaux.numberlink import generate_puzzle
from tremaux.numberlink.generate import DEFAULT_TIME_LIMIT

BEGIN, END = "<!-- nl-generate:begin -->", "<!-- nl-generate:end -->"
SIZES = [(10, 10), (15, 15), (20, 30), (30, 30), (40, 40)]


def rows(seeds: int, sizes: list[tuple[int, int]] = SIZES, rules: tuple[str, ...] = ("fill", "nikoli"),
         time_limit: float = DEFAULT_TIME_LIMIT) -> list[str]:
    out = ["| size | rule | pairs (median) | median s | worst s | gave up |", "|---|---|---|---|---|---|"]
    for rule in rules:
        generate_puzzle((6, 6), rule=rule, seed=0)
    for shape in sizes:
        for rule in rules:
            times, pairs, gave_up = [], [], 0
            for seed in range(seeds):
                t = time.perf_counter()
                try:
                    pairs.append(generate_puzzle(shape, rule=rule, seed=seed, time_limit=time_limit).puzzle.pairs)
                except BudgetExceededError:
                    gave_up += 1
                times.append(time.perf_counter() - t)
            made = f"{statistics.median(pairs):.0f}" if pairs else "-"
            out.append(f"| {shape[0]}x{shape[1]} | {rule} | {made} | {statistics.median(times):.3f} | "
                       f"{max(times):.3f} | {gave_up} of {seeds} |")
            print(out[-1], flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--sizes", default=",".join(f"{h}x{w}" for h, w in SIZES), help="HxW,HxW,...")
    ap.add_argument("--rules", default="fill,nikoli")
    ap.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    sizes = [tuple(int(x) for x in s.lower().split("x")) for s in args.sizes.split(",")]
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    table = rows(args.seeds, sizes, tuple(args.rules.split(",")), args.time_limit)
    load = os.getloadavg()[0]
    text = "\n".join([
        BEGIN,
        f"Measured {when} on {machine} by `python benchmarks/bench_nl_generate.py` (load average {load:.1f} "
        f"at the end). Default generation (no-touch convention), seeds 0 to {args.seeds - 1}, time limit "
        f"{args.time_limit:g} s, wall seconds:",
        "",
        *table,
        END,
    ])
    print(text)
    if args.write:
        write_section(text, BEGIN, END, "Number Link generation")


if __name__ == "__main__":
    main()
