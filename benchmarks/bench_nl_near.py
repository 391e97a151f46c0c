"""Number Link under ``nikoli``: puzzles whose solution fills all but a few cells (issue 16).

    python benchmarks/bench_nl_near.py [--count 40] [--time-limit 1] [--half dev|held|both] [--show]
                                       [--cut 1-10] [--run 1] [--first 0]

The family between the covering puzzles (answered by the covering search)
and the open ones (answered by the router): each puzzle is planted as lines
covering the board (:func:`tremaux.numberlink.plant.plant`, at a density of
0.05 to 0.16 pairs per cell, 10x10 to 30x30), then ``k`` cells (1 to 10) are
emptied, each by cutting one cell out of a line: an end cell (the line is
shortened) or an inner one (the line becomes two pairs), never leaving a
piece of one cell. The planted lines, so emptied, are a solution under
``nikoli`` that leaves exactly ``k`` cells empty. Everything follows from the
seed; even seeds are the development half, odd ones the held-out half.

``--cut 10-40 --run 8`` makes the family of puzzles that leave many cells
empty: 10 to 40 cells cut, in runs of up to 8 cells of one line, so that
the empty cells lie in regions (the contest puzzles whose answers leave
20-35 cells empty are of this kind).

Each puzzle is solved with ``solve_puzzle(p, rule="nikoli", time_limit=...)``
on one core, after a warm-up, the answer checked with
``tests/numberlink_checker.py``; the table gives, per half, solved, gave up,
wrong, median and worst CPU milliseconds (with the portfolio's child processes), and which stage answered
(the message's ``found by ...``); wall milliseconds besides, since a
child process killed at the deadline is not counted in CPU time. Timings on a shared machine are noisy: compare medians.
"""

from __future__ import annotations

import argparse
import re
import collections
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow  # noqa: E402

from tremaux.kernels.rng import make_state  # noqa: E402
from tremaux.numberlink import Puzzle, solve_puzzle  # noqa: E402
from tremaux.numberlink.plant import plant  # noqa: E402


def near_puzzle(seed: int, cut: tuple[int, int] = (1, 10), run: int = 1) -> tuple[Puzzle, int]:
    """The puzzle of ``seed`` and the number of cells its planted solution leaves empty.

    ``k`` is drawn from ``cut`` (inclusive); the cells go in runs of 1 to
    ``run`` cells of one line (``run`` 1: one cell at a time, the family's
    first version, puzzle for puzzle).
    """
    rng = np.random.default_rng(seed)
    h, w = (int(x) for x in rng.integers(10, 31, size=2))
    density = float(rng.uniform(0.05, 0.16))
    k = int(rng.integers(cut[0], cut[1] + 1))
    lines = plant(h, w, make_state(seed), max(6, h * w // 4), density, None, None, time.perf_counter())
    emptied = 0
    for _ in range(50 * k):
        if emptied >= k:
            break
        i = int(rng.integers(len(lines)))
        ln = lines[i]
        if len(ln) < 3:
            continue
        j = int(rng.integers(len(ln)))
        n = 1 if run == 1 else min(int(rng.integers(1, run + 1)), k - emptied, len(ln) - j)
        before, after = ln[:j], ln[j + n:]
        if len(before) == 1 or len(after) == 1 or not (before or after):
            continue  # would leave a piece of one cell, or no line
        lines[i] = before or after
        if before and after:
            lines.append(after)
        emptied += n
    g = np.zeros((h, w), dtype=np.int32)
    for n, ln in enumerate(lines, start=1):
        g.flat[ln[0]] = n
        g.flat[ln[-1]] = n
    return Puzzle(g), emptied


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the portfolio's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(seeds: list[int], limit: float, show: bool, cut: tuple[int, int] = (1, 10), length: int = 1) -> dict:
    out = {"solved": 0, "gave_up": 0, "wrong": 0, "ms": [], "wall": [], "how": collections.Counter()}
    for s in seeds:
        p, k = near_puzzle(s, cut, length)
        c0, w0 = _cpu(), time.perf_counter()
        r = solve_puzzle(p, rule="nikoli", time_limit=limit)
        ms = (_cpu() - c0) * 1000
        out["wall"].append((time.perf_counter() - w0) * 1000)
        sol = r.solutions[0] if r.solutions else None
        if sol is None:
            out["gave_up" if r.status != "no-solution" else "wrong"] += 1
            how = "gave up"
        else:
            broken = follow(p.grid.tolist(), [path.tolist() for path in sol.paths], fill=False)
            out["wrong" if broken else "solved"] += 1
            how = re.sub(r", in \d+ rounds", "", r.message.removeprefix("found by "))
        out["ms"].append(ms)
        out["how"][how] += 1
        if show:
            print(f"  seed {s:4d} {p.height}x{p.width} pairs {p.pairs:3d} k {k:2d}  {ms:7.0f} ms "
                  f"(wall {out['wall'][-1]:5.0f})  {how}",
                  flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40, help="puzzles per half")
    ap.add_argument("--time-limit", type=float, default=1.0)
    ap.add_argument("--half", choices=("dev", "held", "both"), default="both")
    ap.add_argument("--show", action="store_true", help="a line per puzzle")
    ap.add_argument("--cut", default="1-10", help="cells emptied, LO-HI (default 1-10; 10-40 leaves many empty)")
    ap.add_argument("--run", type=int, default=1, help="cells emptied in runs of 1 to RUN cells of a line")
    ap.add_argument("--first", type=int, default=0, help="first puzzle of each half (seeds 2i, 2i+1 from it)")
    a = ap.parse_args()
    if a.count < 1 or a.time_limit <= 0 or a.run < 1 or a.first < 0:
        ap.error("--count, --time-limit and --run must be positive, --first not negative")
    try:
        cut = tuple(int(x) for x in a.cut.split("-"))
    except ValueError:
        cut = ()
    if len(cut) != 2 or not 1 <= cut[0] <= cut[1]:
        ap.error(f"--cut must be LO-HI with 1 <= LO <= HI, not {a.cut!r}")
    solve_puzzle(near_puzzle(0)[0], rule="nikoli", time_limit=a.time_limit)  # warm-up: kernels loaded
    halves = {"dev": 0, "held": 1} if a.half == "both" else {a.half: {"dev": 0, "held": 1}[a.half]}
    print("| half | puzzles | solved | gave up | wrong | median ms | max ms | wall median, max | answered by |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, odd in halves.items():
        r = run([2 * i + odd for i in range(a.first, a.first + a.count)], a.time_limit, a.show, cut, a.run)
        hows = ", ".join(f"{h} {n}" for h, n in r["how"].most_common())
        print(f"| {name} | {a.count} | {r['solved']} | {r['gave_up']} | {r['wrong']} | "
              f"{statistics.median(r['ms']):.0f} | {max(r['ms']):.0f} | "
              f"{statistics.median(r['wall']):.0f}, {max(r['wall']):.0f} | {hows} |", flush=True)


if __name__ == "__main__":
    main()
