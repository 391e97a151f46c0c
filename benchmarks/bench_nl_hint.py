"""Number Link: how often a proven "no solution" under ``fill`` says the puzzle has solutions under ``nikoli``.

Puzzles are planted: random self-avoiding walks on 7x7 to 10x10 boards,
their ends the numbers, other cells left empty, so every puzzle has a
solution under ``nikoli`` by construction. Of those that ``fill`` proves to
have no solution (the checkerboard count's quick verdict aside, which the
hint never follows), the script counts how many answers carry the hint
"it has solutions if cells may stay empty (rule nikoli)", and the time the
answers took. Development half: seed 0; held-out half: seed 1.

Usage: ``PYTHONPATH=src python benchmarks/bench_nl_hint.py [--puzzles 400]``
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
from datetime import datetime, timezone

from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import quick_verdict

LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def planted(rng: random.Random, side: int, pairs: int) -> list[str]:
    """Rows of a puzzle whose ``pairs`` lines are random self-avoiding walks of 4 or more cells."""
    used: set[tuple[int, int]] = set()
    ends = []
    for _ in range(pairs):
        for _try in range(50):
            c = (rng.randrange(side), rng.randrange(side))
            if c in used:
                continue
            path, seen = [c], {c}
            length = rng.randrange(6, 3 * side)
            while len(path) < length:
                r, q = path[-1]
                nb = [(r + dr, q + dq) for dr, dq in ((0, 1), (1, 0), (0, -1), (-1, 0))
                      if 0 <= r + dr < side and 0 <= q + dq < side and (r + dr, q + dq) not in used | seen]
                if not nb:
                    break
                path.append(rng.choice(nb))
                seen.add(path[-1])
            if len(path) >= 4:
                used |= seen
                ends.append((path[0], path[-1]))
                break
    grid = [["."] * side for _ in range(side)]
    for i, (a, b) in enumerate(ends):
        grid[a[0]][a[1]] = grid[b[0]][b[1]] = LABELS[i]
    return ["".join(row) for row in grid]


def half(seed: int, wanted: int) -> tuple[int, int, list[float]]:
    """(puzzles fill proves none, of them with the hint, seconds of each answer) for one half."""
    rng = random.Random(seed)
    fill = resolve("fill")
    shown = hinted = 0
    seconds: list[float] = []
    while shown < wanted:
        p = Puzzle.from_rows(planted(rng, rng.choice([7, 8, 9, 10]), rng.randrange(5, 10)))
        if quick_verdict(p, fill) is not None:
            continue
        s = solve_puzzle(p, rule="fill", time_limit=10)
        if s.status != "no-solution":
            continue
        shown += 1
        hinted += "rule nikoli" in s.message
        seconds.append(s.seconds)
    return shown, hinted, seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=400, help="puzzles proved without solution under fill, a half")
    args = ap.parse_args()
    solve_puzzle(Puzzle.from_rows(["1.2", "...", "2.1"]), rule="fill")  # kernels loaded before any timing
    print(f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
          f"Python {platform.python_version()}.\n")
    print("| half | proved none under fill | with the nikoli hint | answer median ms | answer max ms |")
    print("|---|---|---|---|---|")
    for name, seed in (("dev", 0), ("held", 1)):
        shown, hinted, seconds = half(seed, args.puzzles)
        print(f"| {name} | {shown} | {hinted} ({100 * hinted / shown:.0f}%) | "
              f"{1000 * statistics.median(seconds):.1f} | {1000 * max(seconds):.1f} |", flush=True)


if __name__ == "__main__":
    main()
