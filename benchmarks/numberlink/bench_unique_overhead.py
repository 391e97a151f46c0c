"""The uniqueness check's cost over the solve's, in CPU time, on the puzzles solved in under a millisecond or two.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_overhead.py --halves dev --rules fill,nikoli

For each puzzle of the corpus (up to 50 x 50) whose plain solve (``solve_puzzle``, limit 1 s) takes at most
``--under`` ms of CPU, the solve and the check (``solve_puzzle(unique=True, touch=True)``, limit 3 s) are each
run ``--blocks`` times ``--reps`` times in a row after a first call (a check that takes more than
``--check-under`` ms once is timed once); the CPU time per call of the quickest block of each is printed, with
the check's over the solve's. On these puzzles the check's fixed cost (its
set-up after the first solution) rather than its search decides whether it stays within three times the solve.
Run it with ``PYTHONPATH`` set to two checkouts to compare them (the same puzzles are picked by each run's own
solve, so a puzzle near the bound may be in one list and not the other).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_numberlink import load_corpus  # noqa: E402

from tremaux.numberlink import solve_puzzle  # noqa: E402


def cpu_per_call(f, blocks: int, reps: int) -> float:
    """CPU seconds per call of ``f``: the quickest of ``blocks`` blocks of ``reps`` calls, after one call."""
    f()
    best = float("inf")
    for _ in range(blocks):
        t = time.process_time()
        for _ in range(reps):
            f()
        best = min(best, (time.process_time() - t) / reps)
    return best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", default="abcd")
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--rules", default="fill,nikoli")
    ap.add_argument("--under", type=float, default=2.0, help="ms of CPU of the solve (default 2)")
    ap.add_argument("--check-under", type=float, default=20.0,
                    help="ms of CPU of one check past which it is timed once, not repeated (default 20)")
    ap.add_argument("--blocks", type=int, default=5)
    ap.add_argument("--reps", type=int, default=30)
    args = ap.parse_args(argv)
    for rule in args.rules.split(","):
        for half in args.halves.split(","):
            seen: dict[str, int] = {}
            for e, p in load_corpus(args.families, None, (half,)):
                i = seen[e["family"]] = seen.get(e["family"], -1) + 1  # numbered within each family and half
                if max(p.height, p.width) > 50:
                    continue
                r = solve_puzzle(p, rule=rule, time_limit=1)
                if r.status != "solved":
                    continue
                s = cpu_per_call(lambda: solve_puzzle(p, rule=rule, time_limit=1), 1, 5)
                if 1000 * s > args.under:
                    continue
                s = cpu_per_call(lambda: solve_puzzle(p, rule=rule, time_limit=1), args.blocks, args.reps)
                u = cpu_per_call(lambda: solve_puzzle(p, rule=rule, unique=True, time_limit=3, touch=True), 1, 1)
                if 1000 * u <= args.check_under:
                    u = cpu_per_call(lambda: solve_puzzle(p, rule=rule, unique=True, time_limit=3, touch=True),
                                     args.blocks, args.reps)
                v = solve_puzzle(p, rule=rule, unique=True, time_limit=3, touch=True).unique
                verdict = "gave-up" if v is None else ("unique" if v else "several")
                print(f"{rule} {half} {e['family']} {i} {p.height}x{p.width} solve {1000 * s:.3f} ms "
                      f"check {1000 * u:.3f} ms {u / s:.2f}x {verdict}", flush=True)


if __name__ == "__main__":
    main()
