"""Number Link under ``nikoli``: bundles of long lines that wind side by side (issue 16).

    python benchmarks/bench_nl_wind.py [--count 30] [--time-limit 1] [--half dev|held|both] [--show]
                                       [--first 0] [--print SEED]

A family of puzzles whose planted lines are long, nested and winding, with
their numbers in clusters: the lines come in *ribbons* of ``k`` parallel lanes
(``k`` 2 to 6). A ribbon follows a line of a cover of a coarse board of
``k x k`` blocks (:func:`tremaux.numberlink.plant.plant`, few long lines); in a
block where the ribbon turns, its lanes turn as nested L shapes (the lane
nearest the inner corner stays nearest), so each lane winds around the others
and its two ends sit in a row of ``k`` consecutive numbers at each end of the
ribbon. Then cells are emptied: the rows and columns the blocks do not fill,
a few cells cut from the ends of lanes (ragged ends), and now and then a
whole ribbon or a run inside a lane (a region the lines may cut through).
The planted lanes are a solution under ``nikoli`` that leaves those cells
empty (about 3 to 15 % of the board); other solutions with shortcuts through
the empty cells may exist, and any is accepted. Boards of 15x15 to 40x40.
Everything follows from the seed; even seeds are the development half, odd
ones the held-out half.

Each puzzle is solved with ``solve_puzzle(p, rule="nikoli", time_limit=...)``
on one core, after a warm-up, the answer checked with
``tests/numberlink_checker.py``; the table gives, per half, solved, gave up,
wrong, median and worst CPU milliseconds (with the portfolio's child
processes), wall milliseconds, and which stage answered (the message's
``found by ...``). Timings on a shared machine are noisy: compare medians.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
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

OPPOSITE = {"N": "S", "S": "N", "W": "E", "E": "W"}


def _side(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The side of block ``a`` that faces the adjacent block ``b``."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    return {(-1, 0): "N", (1, 0): "S", (0, -1): "W", (0, 1): "E"}[(dr, dc)]


def _dist(side: str, r: int, c: int, k: int) -> int:
    """Distance of local cell ``(r, c)`` from ``side`` of a ``k x k`` block."""
    return {"N": r, "S": k - 1 - r, "W": c, "E": k - 1 - c}[side]


def _local(a: str, b: str, u: int, v: int, k: int) -> tuple[int, int]:
    """The local cell at distance ``u`` from side ``a`` and ``v`` from side ``b`` (``a``, ``b`` perpendicular)."""
    rc = {}
    for side, d in ((a, u), (b, v)):
        if side in "NS":
            rc["r"] = d if side == "N" else k - 1 - d
        else:
            rc["c"] = d if side == "W" else k - 1 - d
    return rc["r"], rc["c"]


def _lane_in_block(a: str, b: str, r: int, c: int, k: int) -> list[tuple[int, int]]:
    """Local cells of the lane that enters through side ``a`` at local ``(r, c)`` and leaves through ``b``."""
    if b == OPPOSITE[a]:
        n = k
        if a in "WE":
            cols = range(k) if a == "W" else range(k - 1, -1, -1)
            return [(r, cc) for cc in cols][:n]
        rows = range(k) if a == "N" else range(k - 1, -1, -1)
        return [(rr, c) for rr in rows]
    d = _dist(b, r, c, k)  # the lane's distance from the exit side, kept until it turns
    out = [_local(a, b, u, d, k) for u in range(d + 1)]
    out += [_local(a, b, d, v, k) for v in range(d - 1, -1, -1)]
    return out


def ribbon(blocks: list[tuple[int, int]], k: int, origin: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """The ``k`` lanes (board cells end to end) of a ribbon along adjacent ``blocks`` of ``k x k`` cells."""
    if len(blocks) == 1:
        sides = [("W", "E")]
    else:
        sides = []
        for i, blk in enumerate(blocks):
            b = _side(blk, blocks[i + 1]) if i + 1 < len(blocks) else OPPOSITE[_side(blk, blocks[i - 1])]
            a = _side(blk, blocks[i - 1]) if i > 0 else OPPOSITE[b]
            sides.append((a, b))
    a0 = sides[0][0]
    starts = [(p, 0) if a0 == "W" else (p, k - 1) if a0 == "E" else (0, p) if a0 == "N" else (k - 1, p)
              for p in range(k)]
    lanes = []
    for start in starts:
        cells: list[tuple[int, int]] = []
        r, c = start
        for i, (blk, (a, b)) in enumerate(zip(blocks, sides)):
            local = _lane_in_block(a, b, r, c, k)
            br, bc = origin[0] + blk[0] * k, origin[1] + blk[1] * k
            cells += [(br + x, bc + y) for x, y in local]
            lr, lc = local[-1]  # the exit cell; the next block's entry cell faces it
            r, c = {"N": (k - 1, lc), "S": (0, lc), "W": (lr, k - 1), "E": (lr, 0)}[b]
        lanes.append(cells)
    return lanes


def wind_lines(seed: int) -> tuple[int, int, list[list[tuple[int, int]]], int, np.random.Generator]:
    """The board's rows and columns, the planted lines of ``seed`` (cells end to end), the lane width, the rng."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 7))
    ch, cw = (int(x) for x in rng.integers(-(-15 // k), 40 // k + 1, size=2))
    h, w = (min(40, n * k + int(rng.integers(0, 2))) for n in (ch, cw))
    origin = (int(rng.integers(0, h - ch * k + 1)), int(rng.integers(0, w - cw * k + 1)))
    density = float(rng.uniform(0.05, 0.15))
    coarse = plant(ch, cw, make_state(seed), max(6, ch * cw), density, None, None, time.perf_counter())
    ribbons = [[(x // cw, x % cw) for x in line] for line in coarse]
    small = [i for i, rb in enumerate(ribbons) if len(rb) * 8 <= ch * cw]
    if len(ribbons) > 2 and small and rng.random() < 0.3:  # a short ribbon left out: an empty region
        ribbons.pop(small[int(rng.integers(len(small)))])
    lines: list[list[tuple[int, int]]] = []
    for rb in ribbons:
        for lane in ribbon(rb, k, origin):
            trim_a, trim_b = (int(x) * (rng.random() < 0.3) for x in rng.integers(1, k // 2 + 1, size=2))
            if len(lane) - trim_a - trim_b >= 3:
                lane = lane[trim_a:len(lane) - trim_b]
            if len(lane) > 12 and rng.random() < 0.1:  # a run cut out: the lane becomes two pairs
                j = int(rng.integers(3, len(lane) - 6))
                n = int(rng.integers(1, 4))
                lines.append(lane[j + n:])
                lane = lane[:j]
            lines.append(lane)
    return h, w, lines, k, rng


def wind_puzzle(seed: int) -> tuple[Puzzle, int, int]:
    """The puzzle of ``seed``, the number of cells its planted solution leaves empty, and the lane width."""
    h, w, lines, k, rng = wind_lines(seed)
    g = np.zeros((h, w), dtype=np.int32)
    order = rng.permutation(len(lines))
    covered = 0
    for n, i in enumerate(order, start=1):
        ln = lines[i]
        g[ln[0]] = n
        g[ln[-1]] = n
        covered += len(ln)
    return Puzzle(g), h * w - covered, k


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the portfolio's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(seeds: list[int], limit: float, show: bool) -> dict:
    out = {"solved": 0, "gave_up": 0, "wrong": 0, "ms": [], "wall": [], "how": collections.Counter(),
           "lost": []}
    for s in seeds:
        p, empty, k = wind_puzzle(s)
        c0, w0 = _cpu(), time.perf_counter()
        r = solve_puzzle(p, rule="nikoli", time_limit=limit)
        ms = (_cpu() - c0) * 1000
        out["wall"].append((time.perf_counter() - w0) * 1000)
        sol = r.solutions[0] if r.solutions else None
        if sol is None:
            out["gave_up" if r.status != "no-solution" else "wrong"] += 1
            how = "gave up"
            out["lost"].append(s)
        else:
            broken = follow(p.grid.tolist(), [path.tolist() for path in sol.paths], fill=False)
            out["wrong" if broken else "solved"] += 1
            how = re.sub(r", in \d+ rounds", "", r.message.removeprefix("found by "))
        out["ms"].append(ms)
        out["how"][how] += 1
        if show:
            print(f"  seed {s:4d} {p.height}x{p.width} k {k} pairs {p.pairs:3d} empty {empty:3d}  {ms:7.0f} ms "
                  f"(wall {out['wall'][-1]:5.0f})  {how}", flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=30, help="puzzles per half")
    ap.add_argument("--time-limit", type=float, default=1.0)
    ap.add_argument("--half", choices=("dev", "held", "both"), default="both")
    ap.add_argument("--show", action="store_true", help="a line per puzzle")
    ap.add_argument("--first", type=int, default=0, help="first puzzle of each half (seeds 2i, 2i+1 from it)")
    ap.add_argument("--print", type=int, default=None, metavar="SEED", help="print the puzzle of SEED and stop")
    a = ap.parse_args()
    if a.count < 1 or a.time_limit <= 0 or a.first < 0:
        ap.error("--count and --time-limit must be positive, --first not negative")
    if a.print is not None:
        p, empty, k = wind_puzzle(a.print)
        print(f"# seed {a.print}: {p.height}x{p.width}, lanes of {k}, {p.pairs} pairs, {empty} cells empty")
        print(p.to_text() if hasattr(p, "to_text") else p)
        return
    solve_puzzle(wind_puzzle(0)[0], rule="nikoli", time_limit=a.time_limit)  # warm-up: kernels loaded
    halves = {"dev": 0, "held": 1} if a.half == "both" else {a.half: {"dev": 0, "held": 1}[a.half]}
    print("| half | puzzles | solved | gave up | wrong | median ms | max ms | wall median, max | answered by |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, odd in halves.items():
        r = run([2 * i + odd for i in range(a.first, a.first + a.count)], a.time_limit, a.show)
        hows = ", ".join(f"{h} {n}" for h, n in r["how"].most_common())
        print(f"| {name} | {a.count} | {r['solved']} | {r['gave_up']} | {r['wrong']} | "
              f"{statistics.median(r['ms']):.0f} | {max(r['ms']):.0f} | "
              f"{statistics.median(r['wall']):.0f}, {max(r['wall']):.0f} | {hows} |", flush=True)
        print(f"  gave up: seeds {r['lost']}", flush=True)


if __name__ == "__main__":
    main()
