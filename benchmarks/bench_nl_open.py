"""Number Link on open boards with few pairs under ``fill`` (lines may touch): solved, proven none, gave up.

    python benchmarks/bench_nl_open.py [--time-limit 2] [--boards 20] [--write]

Boards a user may type on an empty grid: 10x5 to 60x60, 1 to 8 pairs placed
at random. Under ``fill`` their lines must wind through every cell, a
Hamiltonian-path question; about two thirds have no solution by the
checkerboard count (answered at once), the others have long winding lines.
Seeds 101-102 are the development half (what the stages were tried on),
201-203 the held-out half. One core, in process, CPU seconds; every answer
is checked by ``tests/numberlink_checker.py``. ``--write`` puts the table
into docs/benchmarks.md between the ``nl-open`` markers.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _doc import write_section  # noqa: E402
from numberlink_checker import follow  # noqa: E402

from tremaux.numberlink import Puzzle, solve_puzzle  # noqa: E402

HALVES = {"dev": (101, 102), "held": (201, 202, 203)}
BEGIN, END = "<!-- nl-open:begin -->", "<!-- nl-open:end -->"


def boards(seed: int, count: int) -> list[Puzzle]:
    """``count`` open boards of the seed: sides 5 to 60, 1 to 8 pairs at random cells."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([10, 20, 30, 40, 60])
        m = rng.choice([n, n // 2])
        k = rng.choice([1, 2, 3, 5, 8])
        g = [["."] * m for _ in range(n)]
        for i, c in enumerate(rng.sample(range(n * m), 2 * k)):
            g[c // m][c % m] = "123456789"[i // 2]
        out.append(Puzzle.from_rows(["".join(r) for r in g]))
    return out


def run(half: str, count: int, limit: float) -> dict:
    out = {"solved": 0, "no-solution": 0, "gave-up": 0, "wrong": 0, "times": []}
    for seed in HALVES[half]:
        for p in boards(seed, count):
            t = time.process_time()
            r = solve_puzzle(p, rule="fill", time_limit=limit)
            dt = time.process_time() - t
            out[r.status] += 1
            if r.status == "solved":
                paths = [[tuple(x) for x in q.tolist()] for q in r.linking.paths]
                out["wrong"] += bool(follow(p.grid.tolist(), paths, fill=True))
                out["times"].append(dt)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=2.0)
    ap.add_argument("--boards", type=int, default=20, help="boards per seed")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]))  # load the kernels first
    lines = [BEGIN, f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()} "
             f"({os.cpu_count()} cores, shared), Python {platform.python_version()}: "
             f"`python benchmarks/bench_nl_open.py --time-limit {args.time_limit:g} --boards {args.boards}`, "
             f"`fill` with touching allowed, {args.time_limit:g} s per board.", "",
             "| half | boards | solved | no solution | gave up | wrong | median solve (CPU) |", "|---|---|---|---|---|---|---|"]
    for half in HALVES:
        r = run(half, args.boards, args.time_limit)
        med = f"{statistics.median(r['times']) * 1000:.1f} ms" if r["times"] else "-"
        n = r["solved"] + r["no-solution"] + r["gave-up"]
        lines.append(f"| {half} | {n} | {r['solved']} | {r['no-solution']} | {r['gave-up']} | {r['wrong']} | {med} |")
    lines.append(END)
    text = "\n".join(lines)
    print(text)
    if args.write:
        write_section(text, BEGIN, END, "Number Link on open boards")


if __name__ == "__main__":
    main()
