"""Build the Number Link benchmark corpus: puzzle text files and a manifest, from public files and the generator.

    python benchmarks/numberlink/build_corpus.py [--families abcde] [--time-limit 120]

Writes ``benchmarks/numberlink/corpus/<family>-<half>.txt`` (``wh`` format,
several puzzles per file), ``<family>-<half>.solutions.json`` (the planted
solution of each generated puzzle as one list of ``[row, col]`` cells per pair,
``null`` where none is stored) and ``corpus/manifest.json`` (one entry per
puzzle: file, index in the file, family, half, origin, the verdict each rule
must give when it is known, ``"solved"`` or ``"none"``, and for generated
puzzles ``touch``: whether uniqueness was judged among all solutions or, when
false, under the no-touch convention, with a planted solution that never runs
beside itself).

Families (issue 16, item 1):

a. contest puzzles: every contest problem in tests/data/numberlink;
b. sparse, published-style puzzles: the generator with a density of 0.014 to
   0.08 pairs per cell, 8x8 to 50x50, unique under ``fill`` with the no-touch
   convention, and the puzzles in ``handmade.txt`` (written by hand);
c. large puzzles: 40x20, 50x50 and 80x80, dense and sparse;
d. Flow Free-style puzzles that fill the board, 5x5 to 14x14: the ``_ha_``
   levels of tests/data/numberlink and dense generated ones;
e. boards with no solution, 5x5 to 50x50: two pairs whose endpoints
   interleave on the border (crossing), a single pair whose endpoints have the
   wrong colours for a path through every cell (parity: no solution under
   ``fill``), an endpoint walled in by other numbers.

Split: generated puzzles by seed and public files by their index in sorted
order, even = development half (``dev``), odd = held-out half (``held``).
Tune only on the development half.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from tremaux.numberlink import Puzzle, formats, generate_puzzle

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
DATA = HERE.parents[1] / "tests" / "data" / "numberlink"

SPARSE = [((8, 8), 0.08), ((8, 8), 0.06), ((10, 10), 0.05), ((12, 12), 0.04), ((15, 15), 0.05), ((17, 17), 0.045),
          ((20, 20), 0.03), ((24, 14), 0.04), ((25, 25), 0.048), ((30, 30), 0.025), ((36, 20), 0.03),
          ((50, 50), 0.014)]
"""Sizes and densities of family (b); each is generated with two seeds (one per half)."""
LARGE = [((20, 40), None), ((20, 40), 0.025), ((50, 50), None), ((50, 50), 0.0136), ((80, 80), 0.03),
         ((80, 80), 0.015)]
"""Family (c): ``(rows, cols)`` and density (``None``: the dense default). Dense 80x80 puzzles are left out:
their generation ran past 120 s on the 2-core machine (see docs/benchmarks.md)."""
FLOW_SIZES = [(10, 10), (11, 11), (12, 12), (13, 13), (14, 14)]
NO_SOLUTION_SIZES = [5, 8, 10, 15, 20, 30, 40, 50]


def half(i: int) -> str:
    return "dev" if i % 2 == 0 else "held"


class Corpus:
    """Puzzles collected per (family, half), written at the end."""

    def __init__(self) -> None:
        self.files: dict[str, list[Puzzle]] = {}
        self.solutions: dict[str, list] = {}
        self.entries: list[dict] = []

    def add(self, family: str, i: int, p: Puzzle, origin: str, expect: dict[str, str], generated=None) -> None:
        name = f"{family}-{half(i)}"
        items = self.files.setdefault(name, [])
        self.solutions.setdefault(name, []).append(
            None if generated is None else [np.asarray(x).tolist() for x in generated.solution.paths])
        self.entries.append({"file": f"{name}.txt", "index": len(items), "family": family, "half": half(i),
                             "origin": origin, "shape": list(p.shape), "pairs": p.pairs, "expect": expect,
                             "touch": None if generated is None else generated.touch})
        items.append(p)
        print(f"{name:10s} {origin:40s} {p.shape[0]}x{p.shape[1]} pairs {p.pairs}", file=sys.stderr, flush=True)

    def write(self, families: str) -> None:
        CORPUS.mkdir(exist_ok=True)
        old = CORPUS / "manifest.json"
        kept = [e for e in json.loads(old.read_text())["puzzles"]] if old.exists() else []
        kept = [e for e in kept if e["family"][0] not in families]
        for name, puzzles in self.files.items():
            (CORPUS / f"{name}.txt").write_text(formats.dumps_all(puzzles, "wh"), encoding="utf-8")
            (CORPUS / f"{name}.solutions.json").write_text(json.dumps(self.solutions[name]) + "\n", encoding="utf-8")
        entries = sorted(kept + self.entries, key=lambda e: (e["file"], e["index"]))
        old.write_text(json.dumps({"puzzles": entries}, indent=1) + "\n", encoding="utf-8")


def family_a(c: Corpus) -> None:
    files = sorted(p for p in DATA.rglob("*Q*.txt") if formats.detect(p.read_text()) == "contest")
    for i, f in enumerate(files):
        c.add("a-contest", i, formats.load(f), str(f.relative_to(DATA)), {"nikoli": "solved"})


def family_b(c: Corpus, limit: float) -> None:
    for j, (shape, d) in enumerate(SPARSE):
        for seed in (2 * j, 2 * j + 1):
            g = generate_puzzle(shape, rule="fill", density=d, seed=seed, time_limit=limit)
            c.add("b-sparse", seed, g.puzzle, f"generate {shape} density={d} seed={seed}",
                  {"fill": "solved", "nikoli": "solved"}, g)
    for i, p in enumerate(formats.load_all(HERE / "handmade.txt")):
        c.add("b-sparse", i, p, f"handmade.txt #{i + 1}", {"fill": "solved", "nikoli": "solved"})


def family_c(c: Corpus, limit: float) -> None:
    for j, (shape, d) in enumerate(LARGE):
        for seed in (2 * j, 2 * j + 1):
            g = generate_puzzle(shape, rule="fill", density=d, seed=seed, time_limit=limit)
            c.add("c-large", seed, g.puzzle, f"generate {shape} density={d} seed={seed}",
                  {"fill": "solved", "nikoli": "solved"}, g)


def family_d(c: Corpus, limit: float) -> None:
    levels = sorted(DATA.glob("levels-numberlink-pypi/*_ha_*.txt"))
    for i, f in enumerate(levels):
        c.add("d-flow", i, formats.load(f), str(f.relative_to(DATA)), {"fill": "solved", "nikoli": "solved"})
    for j, shape in enumerate(FLOW_SIZES):
        for seed in (2 * j, 2 * j + 1):
            g = generate_puzzle(shape, rule="fill", seed=seed, time_limit=limit)
            c.add("d-flow", seed, g.puzzle, f"generate {shape} seed={seed}", {"fill": "solved", "nikoli": "solved"},
                  g)


def _border(n: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Four cells on the border of an n x n board, one per side, clockwise from the top (corners excluded)."""
    a, b, c, d = (int(x) for x in rng.integers(1, n - 1, size=4))
    return [(0, a), (b, n - 1), (n - 1, c), (d, 0)]


def family_e(c: Corpus) -> None:
    i = 0
    for n in NO_SOLUTION_SIZES:
        for seed in (i, i + 1):
            rng = np.random.default_rng(seed)
            top, right, bottom, left = _border(n, rng)
            crossing = Puzzle.from_endpoints((n, n), [(top, bottom), (right, left)])
            c.add("e-none", seed, crossing, f"crossing {n}x{n} seed={seed}", {"fill": "none", "nikoli": "none"})
        i += 2
    for n in NO_SOLUTION_SIZES:
        for seed in (i, i + 1):
            rng = np.random.default_rng(seed)
            # a path through every cell alternates colours: with an even number of cells its ends differ in
            # colour (so put both on one), with an odd number both lie on the majority colour (so put both on
            # the minority one)
            cells = [(r, k) for r in range(n) for k in range(n)]
            dark = [x for x in cells if (x[0] + x[1]) % 2 == 0]
            light = [x for x in cells if (x[0] + x[1]) % 2 == 1]
            pool = dark if n % 2 == 0 else light
            a, b = (pool[int(x)] for x in rng.choice(len(pool), size=2, replace=False))
            parity = Puzzle.from_endpoints((n, n), [(a, b)])
            c.add("e-none", seed, parity, f"parity {n}x{n} seed={seed}", {"fill": "none", "nikoli": "solved"})
        i += 2
    for n in NO_SOLUTION_SIZES:
        for seed in (i, i + 1):
            rng = np.random.default_rng(seed)
            r = int(rng.integers(0, n))
            k = 0 if rng.random() < 0.5 else n - 1
            nbrs = [(r + dr, k + dk) for dr, dk in ((-1, 0), (1, 0), (0, 1), (0, -1))
                    if 0 <= r + dr < n and 0 <= k + dk < n]
            free = [(x, y) for x in range(n) for y in range(n) if (x, y) != (r, k) and (x, y) not in nbrs]
            far = [free[int(x)] for x in rng.choice(len(free), size=len(nbrs) + 1, replace=False)]
            pairs = [((r, k), far[0])] + [(nb, far[j + 1]) for j, nb in enumerate(nbrs)]
            walled = Puzzle.from_endpoints((n, n), pairs)
            c.add("e-none", seed, walled, f"walled-in {n}x{n} seed={seed}", {"fill": "none", "nikoli": "none"})
        i += 2


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--families", default="abcde", help="which families to (re)build")
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per generated puzzle")
    args = ap.parse_args(argv)
    c = Corpus()
    for fam in args.families:
        {"a": lambda: family_a(c), "b": lambda: family_b(c, args.time_limit),
         "c": lambda: family_c(c, args.time_limit), "d": lambda: family_d(c, args.time_limit),
         "e": lambda: family_e(c)}[fam]()
    c.write(args.families)


if __name__ == "__main__":
    main()
