"""Number Link generation as users ask for it: time to a proper puzzle per size, density, rule and touch setting.

Usage::

    python benchmarks/bench_nl_generate.py                    # print the table
    python benchmarks/bench_nl_generate.py --write            # also write it in its section of docs/benchmarks.md
    python benchmarks/bench_nl_generate.py --write --section NAME --heading TITLE   # in a section of its own
    python benchmarks/bench_nl_generate.py --sizes 10x10,30x30 --densities none,0.03 --rules fill,nikoli \\
        --touch no,yes --dev-seeds 0-4 --held-seeds 100-104 --time-limit 60 --check

For each size, density (``none``: the default short lines), rule and touch setting, ``generate_puzzle(shape,
rule=..., density=..., touch=..., seed=s, time_limit=...)`` over the development seeds and over the held-out
seeds (after one warm-up call, so compiling is not counted), reported side by side: how many were made, the
median number of pairs and density made, and CPU seconds (the process's and its child processes': a generation
past a share of its limit goes on in a child) and wall seconds, median and worst (a generation that gives up
counts its time). The machine is shared: CPU time is the figure to compare, wall time shows the load.

With ``--check`` every puzzle made is checked as ``tremaux numberlink check`` checks it (:func:`diagnose`, under
the rule it was made for, with its touch setting), and under the no-touch convention its solution is checked
to have no line beside itself (two cells of one line side by side only where the line goes from one to the
other); the last column counts the puzzles that passed, and the checks that gave up within the time limit
(neither proper nor shown otherwise); a puzzle shown not proper is printed as ``NOT PROPER``. Boards of at most
:data:`BRUTE_CELLS` cells are also checked by the brute force of ``tests/numberlink_reference.py`` (exactly one
solution under the rule and touch setting), and count as proper only when it agrees.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import time

import sys
from pathlib import Path

from _doc import write_section
from tremaux.errors import BudgetExceededError
from tremaux.numberlink import diagnose, generate_puzzle
from tremaux.numberlink.generate import DEFAULT_TIME_LIMIT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from numberlink_reference import brute_force  # noqa: E402  (the independent brute force of the tests)

BEGIN, END = "<!-- nl-generate-halves:begin -->", "<!-- nl-generate-halves:end -->"
HEADING = ("Number Link generation: every size, density, rule and touch setting, development and held-out seeds "
           "(2026-11-28)")
BRUTE_CELLS = 25
"""Boards of at most this many cells are also checked by the brute force of tests/numberlink_reference.py."""
SIZES = [(8, 8), (15, 15), (20, 20), (30, 30), (40, 20), (50, 50)]
DENSITIES = [None, 0.014, 0.03, 0.08]


def _cpu() -> float:
    """CPU seconds of this process and of its child processes that ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def runs_beside_itself(linking) -> bool:
    """Whether some line of ``linking`` has two cells side by side that are not one after the other on it."""
    for path in linking.paths:
        at = {(int(r), int(c)): i for i, (r, c) in enumerate(path)}
        for (r, c), i in at.items():
            for j in (at.get((r + 1, c)), at.get((r, c + 1))):
                if j is not None and abs(i - j) != 1:
                    return True
    return False


def _seeds(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def measure(shape, density, rule, touch, seeds, time_limit, check, check_limit=120.0, planting=None) -> dict:
    """One cell of the table: the generations of ``seeds``."""
    cpu, wall, pairs, dens, gave_up, proper, unknown, each = [], [], [], [], 0, 0, 0, []
    for seed in seeds:
        c, t = _cpu(), time.perf_counter()
        try:
            g = generate_puzzle(shape, rule=rule, density=density, touch=touch, seed=seed, planting=planting,
                                time_limit=None if time_limit == float("inf") else time_limit)
        except BudgetExceededError:
            gave_up += 1
            g = None
        cpu.append(_cpu() - c)
        wall.append(time.perf_counter() - t)
        each.append(f"{seed}: {'gave up' if g is None else g.puzzle.pairs}, {cpu[-1]:.2f}")
        if g is None:
            continue
        pairs.append(g.puzzle.pairs)
        dens.append(g.density)
        if check:
            d = diagnose(g.puzzle, rule, touch=g.touch, time_limit=min(check_limit, 600.0))
            proper += d.verdict == "proper" and (g.touch or not runs_beside_itself(g.solution))
            unknown += d.verdict in ("unknown", "gave-up")  # the check gave up: neither proper nor shown otherwise
            if d.verdict == "proper" and shape[0] * shape[1] <= BRUTE_CELLS:  # and by the brute force, on small boards
                sols = brute_force(g.puzzle.grid.tolist(), fill=rule == "fill", limit=2, touch=g.touch)
                if len(sols) != 1:
                    proper -= 1
                    print(f"NOT PROPER by the brute force: {shape} {density} {rule} touch={touch} seed {seed}: "
                          f"{len(sols)} solutions", flush=True)
            if d.verdict not in ("proper", "unknown", "gave-up"):
                print(f"NOT PROPER: {shape} {density} {rule} touch={touch} seed {seed}: {d.verdict}", flush=True)
    return {"made": len(seeds) - gave_up, "n": len(seeds), "pairs": statistics.median(pairs) if pairs else None,
            "density": statistics.median(dens) if dens else None, "cpu": cpu, "wall": wall, "proper": proper,
            "unknown": unknown, "each": each}


def rows(sizes, densities, rules, touches, dev, held, time_limit, check, per_seed=None, planting=None) -> list[str]:
    out = ["| size | density asked | rule | touch | seeds | made | pairs (median) | density made (median) | "
           "CPU s median | CPU s worst | wall s median | wall s worst |" + (" checked proper |" if check else ""),
           "|---|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if check else "")]
    for rule in rules:
        generate_puzzle((6, 6), rule=rule, seed=0)
        generate_puzzle((6, 6), rule=rule, density=0.05, seed=0)
    for shape in sizes:
        for density in densities:
            for rule in rules:
                for touch in touches:
                    for name, seeds in (("dev", dev), ("held-out", held)):
                        m = measure(shape, density, rule, touch, seeds, time_limit, check, time_limit, planting)
                        made = "-" if m["pairs"] is None else f"{m['pairs']:g}"
                        dm = "-" if m["density"] is None else f"{m['density']:.3f}"
                        out.append(
                            f"| {shape[0]}x{shape[1]} | {'short lines' if density is None else f'{density:g}'} | "
                            f"{rule} | {'yes' if touch else 'no'} | {name} | {m['made']} of {m['n']} | {made} | {dm} | "
                            f"{statistics.median(m['cpu']):.2f} | {max(m['cpu']):.2f} | "
                            f"{statistics.median(m['wall']):.2f} | {max(m['wall']):.2f} |"
                            + (f" {m['proper']} of {m['made']}"
                               + (f" ({m['unknown']} checks gave up)" if m["unknown"] else "") + " |" if check else ""))
                        print(out[-1], flush=True)
                        if per_seed is not None:
                            asked = "short lines" if density is None else f"{density:g}"
                            per_seed.append(f"{shape[0]}x{shape[1]} {asked} {rule} {name} (seed: pairs, CPU s): "
                                            + "; ".join(m["each"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=",".join(f"{h}x{w}" for h, w in SIZES), help="HxW,HxW,...")
    ap.add_argument("--densities", default=",".join("none" if d is None else str(d) for d in DENSITIES),
                    help="pairs per cell, comma separated; none: the default short lines")
    ap.add_argument("--rules", default="fill,nikoli")
    ap.add_argument("--touch", default="no", help="no (the convention, the default), yes, or no,yes")
    ap.add_argument("--dev-seeds", default="0-4", help="development seeds, e.g. 0-4 or 0,2,7")
    ap.add_argument("--held-seeds", default="100-104", help="held-out seeds, looked at only to report them")
    ap.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                    help="seconds a generation may run; inf: no limit (to compare CPU on a loaded machine)")
    ap.add_argument("--check", action="store_true", help="check every puzzle made as `numberlink check` does")
    ap.add_argument("--per-seed", action="store_true", help="also list each seed's pairs and CPU seconds")
    ap.add_argument("--planting", default=None, choices=["winding", "stairs"],
                    help="how sparse lines are planted (default: the generator's)")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--section", default="halves",
                    help="the name of the section written (its markers): a new name appends a new section at the end")
    ap.add_argument("--heading", default=HEADING, help="the title of a new section")
    ap.add_argument("--label", default="", help="what was measured (the code, say), written before the table")
    args = ap.parse_args()
    sizes = [tuple(int(x) for x in s.lower().split("x")) for s in args.sizes.split(",")]
    densities = [None if d == "none" else float(d) for d in args.densities.split(",")]
    touches = [t == "yes" for t in args.touch.split(",")]
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    each: list[str] | None = [] if args.per_seed else None
    table = rows(sizes, densities, args.rules.split(","), touches, _seeds(args.dev_seeds), _seeds(args.held_seeds),
                 args.time_limit, args.check, each, args.planting)
    load = os.getloadavg()[0]
    begin, end = BEGIN.replace("halves", args.section), END.replace("halves", args.section)
    text = "\n".join([
        begin,
        f"Measured {when} on {machine} by `python benchmarks/bench_nl_generate.py` (load average {load:.1f} at the "
        f"end); development seeds {args.dev_seeds}, held-out seeds {args.held_seeds}, time limit "
        f"{args.time_limit:g} s" + (f", `--planting {args.planting}`" if args.planting else "") + (f"; {args.label}" if args.label else "") + ":",
        "",
        *table,
        *([""] + [f"* {x}" for x in each] if each else []),
        end,
    ])
    print(text)
    if args.write:
        write_section(text, begin, end, args.heading)


if __name__ == "__main__":
    main()
