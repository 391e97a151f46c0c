"""Number Link on open boards with few pairs under ``fill`` (lines may touch): solved, proven none, gave up.

    python benchmarks/bench_nl_open.py [--time-limit 2] [--boards 20] [--large 5] [--write]

Boards a user may type on an empty grid: 10x5 to 60x60, 1 to 8 pairs placed
at random. Under ``fill`` their lines must wind through every cell, a
Hamiltonian-path question; about two thirds have no solution by the
checkerboard count (answered at once), the others have long winding lines.
Seeds 101-102 are the development half (what the stages were tried on),
201-203 the held-out half. ``--large N`` adds N boards per seed of the
size users bring as "huge" puzzles: sides 100 to 200, 1 to 5 pairs (seeds
111-112 development, 211-213 held out). One core, in process, CPU seconds; every answer
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
LARGE = {"dev": (111, 112), "held": (211, 212, 213)}
BEGIN, END = "<!-- nl-open:begin -->", "<!-- nl-open:end -->"


def boards(seed: int, count: int, large: bool = False) -> list[Puzzle]:
    """``count`` open boards of the seed: sides 5 to 60, 1 to 8 pairs at random cells (``large``: 100 to 200, 1 to 5)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if large:
            n, m, k = rng.randint(100, 200), rng.randint(100, 200), rng.randint(1, 5)
        else:
            n = rng.choice([10, 20, 30, 40, 60])
            m = rng.choice([n, n // 2])
            k = rng.choice([1, 2, 3, 5, 8])
        g = [["."] * m for _ in range(n)]
        for i, c in enumerate(rng.sample(range(n * m), 2 * k)):
            g[c // m][c % m] = "123456789"[i // 2]
        out.append(Puzzle.from_rows(["".join(r) for r in g]))
    return out


def run(half: str, count: int, limit: float, large: bool = False) -> dict:
    out = {"solved": 0, "no-solution": 0, "gave-up": 0, "wrong": 0, "times": []}
    for seed in (LARGE if large else HALVES)[half]:
        for p in boards(seed, count, large):
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
    ap.add_argument("--large", type=int, default=0, help="boards per seed of sides 100-200 with 1-5 pairs")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]))  # load the kernels first
    lines = [BEGIN, f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()} "
             f"({os.cpu_count()} cores, shared), Python {platform.python_version()}: "
             f"`python benchmarks/bench_nl_open.py --time-limit {args.time_limit:g} --boards {args.boards}"
             f"{f' --large {args.large}' if args.large else ''}`, "
             f"`fill` with touching allowed, {args.time_limit:g} s per board.", "",
             "| half | boards | solved | no solution | gave up | wrong | median solve (CPU) |", "|---|---|---|---|---|---|---|"]
    for large, count in ((False, args.boards), (True, args.large)):
        for half in HALVES if count else ():
            r = run(half, count, args.time_limit, large)
            med = f"{statistics.median(r['times']) * 1000:.1f} ms" if r["times"] else "-"
            n = r["solved"] + r["no-solution"] + r["gave-up"]
            name = f"{half}, 100-200" if large else half
            lines.append(f"| {name} | {n} | {r['solved']} | {r['no-solution']} | {r['gave-up']} | {r['wrong']} | {med} |")
    lines.append(END)
    text = "\n".join(lines)
    print(text)
    if args.write:
        write_section(text, BEGIN, END, "Number Link on open boards")


if __name__ == "__main__":
    main()
