"""How staircase puzzles look: ends on the border, numbers per quadrant, the lines' leans, turns per line, longest
straight run, the density reached, and the time to make them.

Usage::

    python benchmarks/bench_nl_stairs_look.py                          # 30x30, 40x40, 50x50 at 0.03 and 0.05
    python benchmarks/bench_nl_stairs_look.py --sizes 30x30 --densities 0.03 --dev-seeds 0,2,4 --held-seeds 1,3,5

For each size, density, rule and touch setting, ``generate_puzzle(shape, rule=..., density=..., touch=...,
seed=s, planting="stairs")`` over the development seeds and the held-out seeds (after a warm-up call): how
many were made, the share of numbers on the border (all seeds pooled), the quadrant balance (four times the
share of the numbers in the board's emptiest quadrant: 1 when each quarter holds as many), the lean mix (twice
the share of the lines of the rarer diagonal lean, ``\\`` or ``/``, among those that lean: 1 when half lean each
way, 0 when all one way), the median over lines of the turns per line, the median over puzzles of the longest
straight run of a line divided by the board's side along it, the density reached (pairs per cell), and the
median CPU seconds (the process's and its children's); each but the border share a median over puzzles.
"""

from __future__ import annotations

import argparse
import os
import statistics

from tremaux.errors import BudgetExceededError
from tremaux.numberlink import generate_puzzle


def _cpu() -> float:
    """CPU seconds of this process and of its child processes that ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def looks(g) -> tuple[int, int, list[int], float, float, float]:
    """Numbers on the border, numbers, turns of each line, the longest straight run / the side along it, the
    quadrant balance and the lean mix."""
    h, w = g.puzzle.grid.shape
    border = numbers = 0
    turns, run = [], 0.0
    quads = [0, 0, 0, 0]
    leans = [0, 0]
    for path in g.solution.paths:
        cells = [(int(r), int(c)) for r, c in path]
        for r, c in (cells[0], cells[-1]):
            numbers += 1
            border += r in (0, h - 1) or c in (0, w - 1)
            quads[2 * (2 * r >= h) + (2 * c >= w)] += 1
        dr, dc = cells[-1][0] - cells[0][0], cells[-1][1] - cells[0][1]
        if dr * dc:
            leans[dr * dc > 0] += 1
        steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:])]
        turns.append(sum(s != t for s, t in zip(steps, steps[1:])))
        i = 0
        while i < len(steps):
            j = i
            while j < len(steps) and steps[j] == steps[i]:
                j += 1
            run = max(run, (j - i + 1) / (w if steps[i][0] == 0 else h))
            i = j
    return border, numbers, turns, run, 4 * min(quads) / numbers, 2 * min(leans) / max(1, sum(leans))


def cell(shape, density, rule, touch, seeds) -> str:
    """One half of a row: made, border share, quadrant balance, lean mix, median turns, median longest run /
    side, density reached, median CPU."""
    made, border, numbers, turns, runs, quads, leans, dens, cpu = 0, 0, 0, [], [], [], [], [], []
    for seed in seeds:
        c = _cpu()
        try:
            g = generate_puzzle(shape, rule=rule, density=density, touch=touch, seed=seed, planting="stairs")
        except BudgetExceededError:
            g = None
        cpu.append(_cpu() - c)
        if g is None:
            continue
        made += 1
        b, n, t, r, q, ln = looks(g)
        border, numbers, turns, runs = border + b, numbers + n, turns + t, runs + [r]
        quads, leans, dens = quads + [q], leans + [ln], dens + [g.puzzle.pairs / (shape[0] * shape[1])]
    if not made:
        return f"0/{len(seeds)} | - | - | - | - | - | - | {statistics.median(cpu):.2f}"
    return (f"{made}/{len(seeds)} | {100 * border / numbers:.0f} % | {statistics.median(quads):.2f} | "
            f"{statistics.median(leans):.2f} | {statistics.median(turns):g} | {statistics.median(runs):.2f} | "
            f"{statistics.median(dens):.3f} | {statistics.median(cpu):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="30x30,40x40,50x50")
    ap.add_argument("--densities", default="0.03,0.05")
    ap.add_argument("--rules", default="nikoli")
    ap.add_argument("--touch", default="no,yes")
    ap.add_argument("--dev-seeds", default="0,2,4,6,8")
    ap.add_argument("--held-seeds", default="1,3,5,7,9")
    a = ap.parse_args()
    dev = [int(s) for s in a.dev_seeds.split(",")]
    held = [int(s) for s in a.held_seeds.split(",")]
    generate_puzzle((30, 30), rule="nikoli", density=0.03, seed=999, planting="stairs")  # warm-up
    print("| size | density | rule | touch | made dev / held | border dev / held | quadrants dev / held | "
          "leans dev / held | turns dev / held | run/side dev / held | density dev / held | CPU s dev / held |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size in a.sizes.split(","):
        shape = tuple(int(x) for x in size.split("x"))
        for density in (float(d) for d in a.densities.split(",")):
            for rule in a.rules.split(","):
                for touch in (t == "yes" for t in a.touch.split(",")):
                    d = cell(shape, density, rule, touch, dev).split(" | ")
                    h = cell(shape, density, rule, touch, held).split(" | ")
                    print(f"| {size} | {density:g} | {rule} | {'yes' if touch else 'no'} | "
                          + " | ".join(f"{x} / {y}" for x, y in zip(d, h)) + " |", flush=True)


if __name__ == "__main__":
    main()
