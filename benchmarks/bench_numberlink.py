"""Number Link benchmark: the fast solver against the paper's Tremaux traveler.

Runs every puzzle of the public set (``../shared/numberlink``) and generated
puzzles at 8x8, 10x10, 15x20, 25x25, 40x20 and 50x50, and prints Markdown
tables: per size class, solved count, median and worst time; uniqueness proof
time against solve time. One core, in process, after a warm-up (numba
compilation is not counted). A fast-solver time is the best of ``--repeat``
runs (runs over a second are not repeated): on a shared machine single runs
of the same puzzle vary by 2x and more.

    python benchmarks/bench_numberlink.py [--time-limit 10] [--seeds 5] [--repeat 3] [--tremaux-steps 200000000]

Rules: the level files marked ``_ha_`` under ``fill``; the contest files and
the ``_ra_`` levels under ``nikoli`` (cells may stay empty), as their sources
intend; generated puzzles under ``fill``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from tremaux.numberlink import formats, generate_puzzle, solve_puzzle

DATA = Path(os.environ.get("TREMAUX_NUMBERLINK_DATA", Path(__file__).resolve().parents[2] / "shared" / "numberlink"))
SIZES = [(8, 8), (10, 10), (15, 20), (25, 25), (40, 20), (50, 50)]


def size_class(shape: tuple[int, int]) -> str:
    cells = shape[0] * shape[1]
    if cells <= 100:
        return "up to 10x10"
    if cells <= 300:
        return "up to 15x20"
    if cells <= 800:
        return "up to 40x20"
    return "over 40x20 (to 36x36)"


def best_of(repeat: int, run):
    """The result of ``run()`` with the least ``seconds`` over up to ``repeat`` runs (one if it took over 1 s)."""
    best = run()
    for _ in range(repeat - 1):
        if best.seconds > 1.0:
            break
        r = run()
        if r.seconds < best.seconds:
            best = r
    return best


def ms(x: float) -> str:
    return f"{x * 1000:.1f}"


def table(rows: list[list[str]], head: list[str]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def summarise(results: dict[str, list[tuple[str, float]]]) -> list[list[str]]:
    rows = []
    for cls in sorted(results, key=lambda c: ["up to 10x10", "up to 15x20", "up to 40x20"].index(c)
                      if c in ("up to 10x10", "up to 15x20", "up to 40x20") else 9):
        rs = results[cls]
        solved = [t for s, t in rs if s in ("solved", "no-solution")]
        times = [t for _, t in rs]
        rows.append([cls, f"{len(solved)}/{len(rs)}", ms(statistics.median(times)), ms(max(times))])
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per puzzle for the fast solver")
    ap.add_argument("--seeds", type=int, default=5, help="generated puzzles per size")
    ap.add_argument("--repeat", type=int, default=3, help="runs per fast-solver time, the best kept")
    ap.add_argument("--tremaux-steps", type=int, default=200_000_000, help="step budget of the tremaux baseline")
    ap.add_argument("--skip-public", action="store_true")
    ap.add_argument("--skip-generated", action="store_true")
    args = ap.parse_args(argv)

    print(f"## Number Link ({time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores; the portfolio forks on all, "
          f"Python {platform.python_version()})\n")
    # warm-up: compile every kernel
    g = generate_puzzle((6, 6), seed=0)
    solve_puzzle(g.puzzle, unique=True)
    solve_puzzle(g.puzzle, rule="nikoli")
    solve_puzzle(g.puzzle, "tremaux")

    if not args.skip_public and DATA.is_dir():
        fast: dict[str, list[tuple[str, float]]] = {}
        trem: dict[str, list[tuple[str, float]]] = {}
        detail = []
        for f in sorted(DATA.rglob("*.txt")):
            if formats.detect(f.read_text()) == "answer":
                continue
            p = formats.load(f)
            rule = "fill" if "_ha_" in f.name else "nikoli"
            r = best_of(args.repeat, lambda: solve_puzzle(p, rule=rule, time_limit=args.time_limit))
            fast.setdefault(size_class(p.shape), []).append((r.status, r.seconds))
            t_cell = ""
            if p.height * p.width <= 300:
                t = solve_puzzle(p, "tremaux", rule=rule, max_steps=args.tremaux_steps, time_limit=60)
                trem.setdefault(size_class(p.shape), []).append((t.status, t.seconds))
                t_cell = f"{t.status} {ms(t.seconds)} ms ({t.steps:,} steps)"
            detail.append([f.relative_to(DATA).as_posix(), f"{p.width}x{p.height}", str(p.pairs), rule,
                           f"{r.status} {ms(r.seconds)} ms", t_cell])
            print(f"  {detail[-1]}", file=sys.stderr, flush=True)
        print(f"### Public puzzles: fast solver (time limit {args.time_limit:g} s)\n")
        print(table(summarise(fast), ["size class", "solved or proved unsolvable", "median ms", "worst ms"]))
        print(f"\n### Public puzzles up to 300 cells: tremaux baseline (budget {args.tremaux_steps:,} steps)\n")
        print(table(summarise(trem), ["size class", "solved or proved unsolvable", "median ms", "worst ms"]))
        print("\n### Every public puzzle\n")
        print(table(detail, ["puzzle", "WxH", "pairs", "rule", "fast", "tremaux"]))

    if args.skip_generated:
        return
    print(f"\n### Generated proper puzzles (fill rule, {args.seeds} seeds per size)\n")
    rows = []
    for shape in SIZES:
        solve_t, uniq_t, gen_t, trem_res, pairs = [], [], [], [], []
        for seed in range(args.seeds):
            t0 = time.perf_counter()
            g = generate_puzzle(shape, seed=seed)
            gen_t.append(time.perf_counter() - t0)
            pairs.append(g.puzzle.pairs)
            r = best_of(args.repeat, lambda: solve_puzzle(g.puzzle, time_limit=args.time_limit))
            u = best_of(args.repeat, lambda: solve_puzzle(g.puzzle, unique=True, time_limit=args.time_limit))
            assert u.unique, (shape, seed, u.message)
            solve_t.append(r.seconds)
            uniq_t.append(u.seconds)
            if shape[0] * shape[1] <= 300:
                t = solve_puzzle(g.puzzle, "tremaux", max_steps=args.tremaux_steps, time_limit=60)
                trem_res.append((t.status, t.seconds))
        ratio = [u / s for u, s in zip(uniq_t, solve_t)]
        trem_cell = (f"{sum(s == 'solved' for s, _ in trem_res)}/{len(trem_res)} solved, median "
                     f"{ms(statistics.median([t for _, t in trem_res]))}" if trem_res else "not run")
        rows.append([f"{shape[0]}x{shape[1]}", f"{statistics.median(pairs):.0f}", ms(statistics.median(solve_t)),
                     ms(max(solve_t)), ms(statistics.median(uniq_t)), ms(max(uniq_t)),
                     f"{statistics.median(ratio):.2f} (max {max(ratio):.2f})", f"{statistics.median(gen_t):.2f}",
                     trem_cell])
        print(f"  {rows[-1]}", file=sys.stderr, flush=True)
    print(table(rows, ["HxW", "pairs", "solve median ms", "solve worst ms", "unique median ms", "unique worst ms",
                       "unique / solve", "generate s", "tremaux (ms)"]))


if __name__ == "__main__":
    main()
