"""Uniqueness per puzzle of the corpus: the forcing search alone, and the whole check against the solve.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_order.py --part force --halves dev --rules fill
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_order.py --part check --halves dev,held

``force``: from the first solution of ``solve_puzzle`` (time limit 2 s), the
propagating search for another one (:class:`tremaux.numberlink.solvers.forcing.ForceRun`)
alone, touching allowed, until ``--limit`` seconds of the clock; the best
of ``--repeat`` runs in CPU seconds, with its verdict and the decisions of
its last call; with ``--as-asked``, among lines that never touch where the check
asks it so (``nikoli``, a first solution covering the board with lines that
never touch). ``check``: ``solve_puzzle`` (limit 1 s) and
``solve_puzzle(unique=True, touch=True)`` (limit 3 s), each the quickest of
``--repeat`` runs (a verdict before a give-up), per family and half:
unique / several / gave up, the median of check time over solve time, and
how many within 3x. Puzzles wider or taller than 50 are left out (the
target is up to 50 x 50).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_numberlink import load_corpus  # noqa: E402

from tremaux.numberlink import solve_puzzle  # noqa: E402
from tremaux.numberlink.solvers.forcing import MAX_CELLS, MAX_PAIRS, ForceRun  # noqa: E402
from tremaux.numberlink.solvers.reductions import untouched_suffices  # noqa: E402


def verdict(u) -> str:
    """``unique``, ``several`` or ``gave-up`` of a ``unique=True`` answer."""
    return "gave-up" if u.status != "solved" or u.unique is None else ("unique" if u.unique else "several")


def force(p, rule: str, limit: float, repeat: int, as_asked: bool = False) -> str | None:
    """The forcing search alone from the first solution: verdict, CPU ms, decisions of its last call."""
    if p.pairs > MAX_PAIRS or p.height * p.width > MAX_CELLS:
        return None
    r = solve_puzzle(p, rule=rule, time_limit=2)
    if r.status != "solved":
        return None
    touch = not (as_asked and rule == "nikoli" and untouched_suffices(p, r.linking))
    best = None
    for _ in range(repeat):
        run = ForceRun(p, r.linking, cover=rule == "fill", touch=touch)
        t0 = time.process_time()
        other = run.advance(time.perf_counter() + limit)
        cpu = time.process_time() - t0
        v = "several" if other is not None else ("unique" if run.exhausted else "gave-up")
        if best is None or cpu < best[1]:
            best = (v, cpu, run.nodes)
    return f"{best[0]} {1000 * best[1]:.2f} ms {best[2]} decisions" + ("" if touch else " (lines never touching)")


def check(p, rule: str, repeat: int) -> tuple[str, float] | None:
    """The quickest solve and check: verdict and check time over solve time."""
    r = min((solve_puzzle(p, rule=rule, time_limit=1) for _ in range(repeat)), key=lambda r: r.seconds)
    if r.status != "solved":
        return None
    u = min((solve_puzzle(p, rule=rule, unique=True, time_limit=3, touch=True) for _ in range(repeat)),
            key=lambda u: (verdict(u) == "gave-up", u.seconds))
    return verdict(u), u.seconds / max(r.seconds, 1e-6)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("force", "check"), default="check")
    ap.add_argument("--families", default="abcd")
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--rules", default="fill,nikoli")
    ap.add_argument("--limit", type=float, default=2.0, help="seconds of the forcing search alone (default 2)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--as-asked", action="store_true",
                    help="force: among lines that never touch where the check asks it so")
    args = ap.parse_args(argv)
    warm = load_corpus("a", None, ("dev",))[1][1]
    solve_puzzle(warm, rule="fill", unique=True)
    solve_puzzle(warm, rule="nikoli", unique=True, touch=True)
    for rule in args.rules.split(","):
        for half in args.halves.split(","):
            rows: dict[str, list[tuple[str, float]]] = {}
            for i, (e, p) in enumerate(load_corpus(args.families, None, (half,))):
                if max(p.height, p.width) > 50:
                    continue
                if args.part == "force":
                    got = force(p, rule, args.limit, args.repeat, args.as_asked)
                    if got is not None:
                        print(rule, half, e["family"], i, f"{p.height}x{p.width}", got, flush=True)
                    continue
                got = check(p, rule, args.repeat)
                if got is not None:
                    rows.setdefault(e["family"], []).append(got)
                    print(rule, half, e["family"], i, f"{p.height}x{p.width}", got[0], f"{got[1]:.1f}", flush=True)
            for fam, rs in sorted(rows.items()):
                c = [sum(v == k for v, _ in rs) for k in ("unique", "several", "gave-up")]
                ok = sum(v != "gave-up" and x <= 3 for v, x in rs)
                med = statistics.median(x if v != "gave-up" else float("inf") for v, x in rs)
                print(f"| {rule} | {fam} | {half} | {c[0]} / {c[1]} / {c[2]} | {med:.1f} | {ok} of {len(rs)} |")


if __name__ == "__main__":
    main()
