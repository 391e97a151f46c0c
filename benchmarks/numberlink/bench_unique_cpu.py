"""Uniqueness per puzzle of the corpus in CPU time, with the part of the check that answered.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_cpu.py --halves dev,held --rules fill,nikoli

``solve_puzzle`` (limit 1 s) and ``solve_puzzle(unique=True,
touch=True)`` (limit 3 s), each the least CPU time of ``--repeat`` runs of
this process (a check that goes on in a child process counts only its
parent's share), with the verdict and how the second question was answered (every solution shown checked by
``tests/numberlink_checker.py``: ``WRONG`` when one breaks the rule or the second is the first);
per family and half the median of check over solve and how many within 3x.
Puzzles wider or taller than 50 are left out. ``--touch 0``: the solve and
the check both without touching (the corpus table's no-touch column). (At commit abb6095, where the
compiled neighbourhoods could hand groups of lines to the propagating search,
``--part local`` timed their first pass with and without it: docs/benchmarks.md,
"groups of lines set free by propagation".)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_numberlink import load_corpus  # noqa: E402
from numberlink_checker import follow  # noqa: E402  (bench_numberlink puts tests/ on the path)

from tremaux.numberlink import solve_puzzle  # noqa: E402
from tremaux.numberlink.solvers import another  # noqa: E402
from tremaux.numberlink.solvers import pipeline  # noqa: E402

HOW: list[str] = []
_stage = another.another_stage


def _recorded(task, first, *rest):  # rest: the counting stage, as the pipeline hands it
    got = _stage(task, first, *rest)
    if got is not None:
        HOW.append(got.how)
    return got


pipeline.another_stage = _recorded  # the pipeline's stage looks it up by name when it runs


def least_cpu(f, repeat: int):
    """The least CPU seconds of ``repeat`` calls of ``f`` and that call's result."""
    best = None
    for _ in range(repeat):
        t = time.process_time()
        r = f()
        c = time.process_time() - t
        if best is None or c < best[0]:
            best = (c, r)
    return best


def check(rule: str, half: str, families: str, repeat: int, touch: bool = True) -> None:
    rows: dict[str, list[tuple[str, float]]] = {}
    plain = {} if touch else {"touch": False}  # without touching: the solve and the check both so
    for i, (e, p) in enumerate(load_corpus(families, None, (half,))):
        if max(p.height, p.width) > 50:
            continue
        cs, r = least_cpu(lambda: solve_puzzle(p, rule=rule, time_limit=1, **plain), repeat)
        if r.status != "solved":
            continue
        HOW.clear()
        cu, u = least_cpu(lambda: solve_puzzle(p, rule=rule, unique=True, time_limit=3, touch=touch), repeat)
        v = "gave-up" if u.status != "solved" or u.unique is None else ("unique" if u.unique else "several")
        if any(follow(p.grid.tolist(), [x.tolist() for x in s.paths], fill=rule == "fill", touch=touch)
               for s in u.solutions) or (v == "several" and u.solutions[0] == u.solutions[1]):
            v = "WRONG"  # a solution that breaks the rule, or a second one that is the first
        ratio = cu / max(cs, 1e-6) if v in ("unique", "several") else float("inf")
        rows.setdefault(e["family"], []).append((v, ratio))
        how = HOW[-1] if HOW and v != "gave-up" else ""
        print(rule if touch else f"{rule} no-touch", half, e["family"], i, f"{p.height}x{p.width}", v,
              f"{1000 * cs:.2f} ms", f"{1000 * cu:.2f} ms", f"{ratio:.1f}", "|", how, flush=True)
    total = n = 0
    for fam, rs in sorted(rows.items()):
        ok = sum(v in ("unique", "several") and x <= 3 for v, x in rs)
        total, n = total + ok, n + len(rs)
        label = rule if touch else f"{rule} no-touch"
        print(f"| {label} | {fam} | {half} | {statistics.median(x for _, x in rs):.1f} | {ok} of {len(rs)} |")
    print(f"| {rule if touch else rule + ' no-touch'} | all | {half} | | {total} of {n} |")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", default="abcd")
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--rules", default="nikoli")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--touch", default="1", help="1: touching allowed (all solutions), 0: no-touch; or 1,0")
    args = ap.parse_args(argv)
    warm = load_corpus("a", None, ("dev",))[1][1]
    solve_puzzle(warm, rule="fill", unique=True)
    solve_puzzle(warm, rule="nikoli", unique=True, touch=True)
    for rule in args.rules.split(","):
        for touch in args.touch.split(","):
            for half in args.halves.split(","):
                check(rule, half, args.families, args.repeat, touch=touch == "1")


if __name__ == "__main__":
    main()
