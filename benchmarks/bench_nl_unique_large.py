"""Uniqueness checks on the corpus and on generated 100x100 puzzles: verdicts and wall times, per half.

    python benchmarks/bench_nl_unique_large.py --set corpus-dev [--set gen-dev ...] [--jsonl runs.jsonl]

Each puzzle is asked ``solve_puzzle(p, rule=..., touch=False, unique=True)``
under ``fill`` and ``nikoli``, with a limit of 10 s up to 50x50 and 60 s
beyond. Sets: ``corpus-dev`` / ``corpus-held`` (families a-d of
``benchmarks/numberlink/corpus``, the manifest's halves), ``gen-dev`` /
``gen-held`` (``generate_puzzle((100, 100), seed=s)``, seeds 0-2 / 3-4,
generated once with no limit of their own beyond ten minutes). A few small
dev puzzles are solved first so that kernels load outside the runs. Each run
prints one line (verdict: ``unique``, ``several``, ``none`` or ``gave-up``;
wall seconds; the answer's message); with ``--jsonl`` it is also appended to
a file, for comparing two versions puzzle by puzzle.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_numberlink import _uniqueness as verdict  # noqa: E402
from bench_numberlink import load_corpus  # noqa: E402

from tremaux.numberlink import generate_puzzle, solve_puzzle  # noqa: E402

SETS = ("corpus-dev", "corpus-held", "gen-dev", "gen-held")


def puzzles(name: str) -> list[tuple[str, object]]:
    """``(origin, puzzle)`` of the set ``name``."""
    if name.startswith("corpus"):
        half = name.split("-")[1]
        return [(e["origin"], p) for e, p in load_corpus("abcd", None) if e["half"] == half]
    seeds = (0, 1, 2) if name == "gen-dev" else (3, 4)
    return [(f"generated 100x100 seed {s}", generate_puzzle((100, 100), seed=s, time_limit=600).puzzle) for s in seeds]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", choices=SETS, required=True, help="puzzles to run (repeatable)")
    ap.add_argument("--jsonl", type=Path, help="append each run to this file")
    args = ap.parse_args(argv)
    for _, p in [x for x in puzzles("corpus-dev") if max(x[1].shape) <= 15][:4]:  # kernels loaded here
        for rule in ("fill", "nikoli"):
            solve_puzzle(p, rule=rule, touch=False, unique=True, time_limit=10)
    for name in args.set:
        for origin, p in puzzles(name):
            for rule in ("fill", "nikoli"):
                limit = 60.0 if max(p.shape) > 50 else 10.0
                t = time.perf_counter()
                r = solve_puzzle(p, rule=rule, touch=False, unique=True, time_limit=limit)
                row = {"set": name, "origin": origin, "shape": list(p.shape), "rule": rule, "verdict": verdict(r),
                       "wall": round(time.perf_counter() - t, 3), "message": r.message[:120]}
                print(f"{name}\t{origin}\t{rule}\t{row['verdict']}\t{row['wall']:.3f}\t{row['message']}", flush=True)
                if args.jsonl is not None:
                    with args.jsonl.open("a") as fh:
                        fh.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
