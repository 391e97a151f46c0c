"""Benchmark of the compiled Number Link search (tremaux.numberlink.solvers.search), one core, in process.

Families, each split by seed or by index into a development half (even) and
a held-out half (odd):

* ``contest``: the public puzzles in the shared folder (adc2013, adc2014,
  adc2015 questions, PyPI ``numberlink`` levels), by index in each sorted
  folder listing;
* ``sparse HxW``: puzzles made from random covers of the board by few long
  lines that never run beside themselves (``random_cover`` with a maximum
  line length of half the board), the line ends make the numbers, by seed;
* ``merged HxW``: the same covers with lines joined end to end at random
  until 0.05 pairs per cell are left (published density; those lines may
  run beside themselves, so the planted solution holds under ``touch``);
* ``untouched HxW``: the lines of those covers cut where they run beside
  themselves, then joined end to end where the joined line does not, down to
  0.05 pairs per cell where such joins exist (they rarely do: about 0.15
  pairs per cell are left); the planted solution holds without touching
  (the ``sparse`` and ``merged`` puzzles mostly have no such solution);
* ``crossing NxN``: an empty board with two pairs that must cross (no
  solution), sizes 5 to 50.

For each family and rule (fill / nikoli, with and without touching) it
prints how many puzzles were solved or proven to have no solution within the
time limit, the median and the largest time, and, with ``--unique``, the
time to decide uniqueness (``max_solutions=2``) against the solve time.

Usage: ``PYTHONPATH=src python benchmarks/bench_nl_search.py [--half dev|held] [--limit 1.0] [--unique]``
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from tremaux.kernels.numberlink import random_cover
from tremaux.kernels.rng import make_state
from tremaux.numberlink import Puzzle, load
from tremaux.numberlink.solvers.search import search

DATA = Path(os.environ.get("TREMAUX_NUMBERLINK_DATA", Path(__file__).resolve().parents[2] / "shared" / "numberlink"))
RULES = [("fill", True, True), ("fill-notouch", True, False), ("nikoli", False, True),
         ("nikoli-notouch", False, False), ("fill-via-notouch", True, None)]
"""``touch=None``: fill with touching allowed, trying first without touching (any solution then is one of fill),
then, if none was found, with touching, within the same time limit. Not run unless named in ``--rules``."""


def contest(half: int) -> list[Puzzle]:
    """Every puzzle whose index in its sorted folder listing has the parity ``half``."""
    out = []
    for folder, pattern in [("adc2013", "NL_Q*.txt"), ("adc2014/Q", "*.txt"), ("adc2015/Q", "*.txt"),
                            ("levels-numberlink-pypi", "*x*_*.txt")]:
        files = sorted((DATA / folder).glob(pattern))
        out += [load(f) for i, f in enumerate(files) if i % 2 == half]
    return out


def lines_of(links: np.ndarray, h: int, w: int) -> list[tuple[int, int]] | None:
    """Endpoint pairs of the lines of ``links`` (None when a cell is bare or on a loop)."""
    step = {1: -w, 2: 1, 4: w, 8: -1}
    nbrs = [[i + s for b, s in step.items() if links[i] & b] for i in range(h * w)]
    if any(len(x) not in (1, 2) for x in nbrs):
        return None
    pairs, seen = [], set()
    for i in range(h * w):
        if len(nbrs[i]) == 1 and i not in seen:
            prev, cur = -1, i
            while True:
                seen.add(cur)
                nxt = [j for j in nbrs[cur] if j != prev]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
            pairs.append((i, cur))
    if len(seen) != h * w:
        return None
    return pairs


def sparse(h: int, w: int, seeds: list[int]) -> list[Puzzle]:
    """Puzzles from random covers by long lines (at most half the board each), one per seed."""
    out = []
    for seed in seeds:
        state = make_state(seed)
        while True:
            pairs = lines_of(random_cover(h, w, state, max(4, h * w // 2)), h, w)
            if pairs:
                break
        out.append(Puzzle.from_endpoints((h, w), [((a // w, a % w), (b // w, b % w)) for a, b in pairs],
                                         name=f"sparse {h}x{w} seed {seed}"))
    return out


def merged(h: int, w: int, seeds: list[int], density: float = 0.05) -> list[Puzzle]:
    """Sparser puzzles: the lines of :func:`sparse` joined end to end at random (they may then run beside
    themselves) until about ``density`` pairs per cell are left."""
    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = make_state(seed)
        while True:
            links = random_cover(h, w, state, max(4, h * w // 2))
            pairs = lines_of(links, h, w)
            if pairs:
                break
        step = {1: -w, 2: 1, 4: w, 8: -1}
        lines = []
        for a, b in pairs:
            prev, cur, cells = -1, a, [a]
            while cur != b:
                cur, prev = next(cur + d for bit, d in step.items() if links[cur] & bit and cur + d != prev), cur
                cells.append(cur)
            lines.append(cells)
        target = max(2, round(density * h * w))
        while len(lines) > target:
            ends = {}
            for k, line in enumerate(lines):
                ends[line[0]] = (k, 0)
                ends[line[-1]] = (k, 1)
            joins = []
            for x, (k, e) in ends.items():
                for y in (x - w, x + w, x - 1 if x % w else -1, x + 1 if (x + 1) % w else -1):
                    if 0 <= y < h * w and y in ends and ends[y][0] != k and x < y:
                        joins.append((x, y))
            if not joins:
                break
            x, y = joins[int(rng.integers(len(joins)))]
            (k, ek), (j, ej) = ends[x], ends[y]
            a = lines[k] if ek == 1 else lines[k][::-1]
            b = lines[j] if ej == 0 else lines[j][::-1]
            lines[k] = a + b
            del lines[j]
        out.append(Puzzle.from_endpoints(
            (h, w), [((line[0] // w, line[0] % w), (line[-1] // w, line[-1] % w)) for line in lines],
            name=f"merged {h}x{w} seed {seed}"))
    return out


def _touches(cells: list[int], w: int) -> bool:
    """Whether two cells of a line (flat cells in order) are side by side without being consecutive on it."""
    pos = {x: k for k, x in enumerate(cells)}
    for k, x in enumerate(cells):
        for y in (x - w, x + w, x - 1 if x % w else -1, x + 1 if (x + 1) % w else -1):
            if y in pos and abs(pos[y] - k) > 1:
                return True
    return False


def untouched(h: int, w: int, seeds: list[int], density: float = 0.05) -> list[Puzzle]:
    """Puzzles whose planted lines never run beside themselves (solvable under fill without touching): the
    lines of a random cover cut where they would run beside themselves, then joined end to end at random
    where the joined line does not, until about ``density`` pairs per cell are left (or no join is possible)."""
    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = make_state(seed)
        lines = None
        while lines is None:
            links = random_cover(h, w, state, max(4, h * w // 2))
            pairs = lines_of(links, h, w)
            if not pairs:
                continue
            step = {1: -w, 2: 1, 4: w, 8: -1}
            lines = []
            for a, b in pairs:
                prev, cur, piece = -1, a, [a]
                while cur != b:
                    cur, prev = next(cur + d for bit, d in step.items() if links[cur] & bit and cur + d != prev), cur
                    if len(piece) >= 2 and _touches(piece + [cur], w):
                        lines.append(piece)
                        piece = []
                    piece.append(cur)
                if len(piece) < 2:  # a single cell left at the end: try another cover
                    lines = None
                    break
                lines.append(piece)
        target = max(2, round(density * h * w))
        while len(lines) > target:
            ends = {}
            for k, line in enumerate(lines):
                ends[line[0]] = (k, 0)
                ends[line[-1]] = (k, 1)
            joins = []
            for x, (k, e) in ends.items():
                for y in (x - w, x + w, x - 1 if x % w else -1, x + 1 if (x + 1) % w else -1):
                    if 0 <= y < h * w and y in ends and ends[y][0] != k and x < y:
                        joins.append((x, y))
            rng.shuffle(joins)
            for x, y in joins:
                (k, ek), (j, ej) = ends[x], ends[y]
                a = lines[k] if ek == 1 else lines[k][::-1]
                b = lines[j] if ej == 0 else lines[j][::-1]
                if not _touches(a + b, w):
                    lines[k] = a + b
                    del lines[j]
                    break
            else:
                break
        out.append(Puzzle.from_endpoints(
            (h, w), [((line[0] // w, line[0] % w), (line[-1] // w, line[-1] % w)) for line in lines],
            name=f"untouched {h}x{w} seed {seed}"))
    return out


def crossing(n: int) -> Puzzle:
    """Two pairs on an empty ``n x n`` board that must cross: no solution."""
    m = n // 2
    return Puzzle.from_endpoints((n, n), [((0, m), (n - 1, m - 1 if n % 2 == 0 else m)),
                                          ((m, 0), (m, n - 1))], name=f"crossing {n}x{n}")


def families(half: int, per: int) -> dict[str, list[Puzzle]]:
    seeds = [2 * s + half for s in range(per)]
    fam = {"contest": contest(half)}
    for h, w in [(8, 8), (15, 15), (20, 20), (20, 40), (25, 25), (50, 50)]:
        fam[f"sparse {h}x{w}"] = sparse(h, w, seeds if h * w <= 800 else seeds[: max(2, per // 3)])
    for h, w in [(8, 8), (17, 17), (20, 40), (50, 50)]:
        fam[f"merged {h}x{w}"] = merged(h, w, seeds if h * w <= 800 else seeds[: max(2, per // 3)])
    for h, w in [(8, 8), (15, 15), (20, 20), (20, 40)]:
        fam[f"untouched {h}x{w}"] = untouched(h, w, seeds if h * w <= 800 else seeds[: max(2, per // 3)])
    fam["crossing"] = [crossing(n) for n in (5, 10, 20, 30, 50)] if half == 0 else \
        [crossing(n) for n in (6, 11, 25, 40, 49)]
    return fam


def run(p: Puzzle, cover: bool, touch: bool | None, limit: float, max_solutions: int = 1):
    t0 = time.perf_counter()
    if touch is None:  # no touching first: when it finds a solution, it is a solution with touching allowed
        out = search(p, cover=cover, touch=False, max_solutions=1, deadline=t0 + limit)
        if not out.solutions:
            out = search(p, cover=cover, touch=True, max_solutions=max_solutions, deadline=t0 + limit)
        elif max_solutions > 1:
            out = search(p, cover=cover, touch=True, max_solutions=max_solutions, deadline=t0 + limit)
        return out, time.perf_counter() - t0
    out = search(p, cover=cover, touch=touch, max_solutions=max_solutions, deadline=t0 + limit)
    return out, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--half", choices=["dev", "held"], default="dev")
    ap.add_argument("--limit", type=float, default=1.0, help="seconds per puzzle and rule")
    ap.add_argument("--per", type=int, default=10, help="generated puzzles per sparse family")
    ap.add_argument("--unique", action="store_true", help="also time max_solutions=2")
    ap.add_argument("--only", default="", help="run only families whose name contains this")
    ap.add_argument("--rules", default="", help="comma-separated rule names to run")
    a = ap.parse_args()
    half = 0 if a.half == "dev" else 1
    run(Puzzle.from_rows(["1.1"]), True, True, 1.0)  # compile
    print(f"# bench_nl_search {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()} "
          f"{platform.processor() or ''}, python {sys.version.split()[0]}, half={a.half}, limit {a.limit:g} s")
    print("| family | puzzles | pairs/cell | rule | decided | solved | no solution | median ms | max ms |"
          + (" unique/solve (median) | unique decided |" if a.unique else ""))
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |" + (" --- | --- |" if a.unique else ""))
    for name, puzzles in families(half, a.per).items():
        if a.only and a.only not in name:
            continue
        dens = statistics.median(p.pairs / (p.height * p.width) for p in puzzles)
        for rname, cover, touch in RULES:
            if (a.rules and rname not in a.rules.split(",")) or (touch is None and not a.rules):
                continue
            times, solved, none, ratios, udone = [], 0, 0, [], 0
            for p in puzzles:
                out, t = run(p, cover, touch, a.limit)
                times.append(t)
                solved += bool(out.solutions)
                none += out.complete and not out.solutions
                if a.unique and out.solutions:
                    u, tu = run(p, cover, touch, 3 * max(t, 0.01) + a.limit, 2)
                    ratios.append(tu / t)
                    udone += u.complete or len(u.solutions) == 2
            line = (f"| {name} | {len(puzzles)} | {dens:.3f} | {rname} | {solved + none} | {solved} | {none} | "
                    f"{1000 * statistics.median(times):.2f} | {1000 * max(times):.1f} |")
            if a.unique:
                line += f" {statistics.median(ratios) if ratios else float('nan'):.2f} | {udone}/{len(ratios)} |"
            print(line, flush=True)


if __name__ == "__main__":
    main()
