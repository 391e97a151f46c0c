"""Number Link: the fast solver in one round against rounds of growing length, at a long limit (issue 16).

    python benchmarks/bench_nl_rounds.py [--time-limit 60] [--families abcde] [--extra FILE ...]

The pipeline's stages share the time they are given (the search a tenth,
SAT most of the rest...). Given a whole 60 s limit at once (one round), a
stage that cannot answer a puzzle holds it for seconds before the next stage,
which may answer in milliseconds, has its turn; in rounds
(:data:`tremaux.numberlink.solvers.pipeline.FIRST_HORIZON` seconds first, then
:data:`~tremaux.numberlink.solvers.pipeline.HORIZON_GROWTH` times longer each,
the search runs and SAT encodings going on from one round to the next), a
puzzle is answered about as soon as under a short limit. For every corpus
puzzle (and every puzzle of the ``--extra`` files, as held-out family ``x``:
even positions development, odd held out), under ``fill`` and ``nikoli``, one
plain solve with one round (``FIRST_HORIZON`` set to infinity) and one with
rounds, alternating, wall clock, in process after a warm-up; every solution
is checked with the independent checker of ``tests/numberlink_checker.py``.
Prints a markdown table with date and machine.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_numberlink import load_corpus  # noqa: E402
from numberlink_checker import follow  # noqa: E402

from tremaux.numberlink import formats, generate_puzzle, solve_puzzle  # noqa: E402
from tremaux.numberlink.solvers import pipeline  # noqa: E402

RULES = ("fill", "nikoli")
VARIANTS = (("one round", math.inf), ("rounds", None))


def run(p, rule: str, limit: float, horizon: float) -> tuple[str, float, str]:
    pipeline.FIRST_HORIZON = horizon
    t = time.perf_counter()
    r = solve_puzzle(p, rule=rule, time_limit=limit)
    wall = time.perf_counter() - t
    bad = ""
    if r.status == "solved":
        problems = follow(p.grid.tolist(), [x.tolist() for x in r.linking.paths], fill=rule == "fill")
        bad = str(problems[0]) if problems else ""
    return r.status, wall, bad


def cell(rows: list[tuple[str, float, str]]) -> str:
    decided = sum(s in ("solved", "no-solution") and not bad for s, _, bad in rows)
    times = [w for _, w, _ in rows]
    wrong = sum(bool(bad) for *_, bad in rows)
    return (f"{decided}/{len(rows)}{f', {wrong} wrong' if wrong else ''}: {statistics.median(times) * 1000:.1f} ms"
            f" / {max(times):.2f} s / {sum(times):.1f} s")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve (default 60, the library's)")
    ap.add_argument("--families", default="abcde")
    ap.add_argument("--extra", nargs="*", default=[], help="puzzle files not in the corpus (held-out family x)")
    args = ap.parse_args(argv)
    rounds = pipeline.FIRST_HORIZON
    variants = [(name, rounds if h is None else h) for name, h in VARIANTS]
    solve_puzzle(generate_puzzle((6, 6), seed=0).puzzle)  # warm-up: compile the kernels
    items = [(e["family"], e["half"], p) for e, p in load_corpus(args.families, None)]
    for f in args.extra:
        items += [("x-extra", "dev" if i % 2 == 0 else "held", p) for i, p in enumerate(formats.load_all(f))]
    groups: dict[tuple[str, str, str], dict[str, list]] = {}
    t0 = time.perf_counter()
    for fam, half, p in items:
        for rule in RULES:
            g = groups.setdefault((fam, half, rule), {name: [] for name, _ in variants})
            for name, h in variants:
                g[name].append(run(p, rule, args.time_limit, h))
            print(f"  {fam} {half} {p.width}x{p.height} {rule}: "
                  + "  ".join(f"{name} {g[name][-1][0]} {g[name][-1][1]:.3f} s" for name, _ in variants),
                  file=sys.stderr, flush=True)
    pipeline.FIRST_HORIZON = rounds
    print(f"`python benchmarks/bench_nl_rounds.py --time-limit {args.time_limit:g}` on "
          f"{time.strftime('%Y-%m-%d %H:%M')} UTC, {platform.machine()}, {os.cpu_count()} cores shared with other "
          f"work (load average {os.getloadavg()[0]:.1f} at the end), Python {platform.python_version()}; "
          f"{len(items)} puzzles, {time.perf_counter() - t0:.0f} s in all. Each cell: decided / puzzles: median "
          f"wall time / max / sum.\n")
    head = ["family", "half", "rule", *[name for name, _ in variants]]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for (fam, half, rule), g in sorted(groups.items()):
        print(f"| {fam} | {half} | {rule} | " + " | ".join(cell(g[name]) for name, _ in variants) + " |")


if __name__ == "__main__":
    main()
