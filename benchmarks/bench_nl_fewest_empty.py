"""Naming the fewest cells that must stay empty: ways of asking SAT, on puzzles that need empty cells under ``fill``.

``tremaux numberlink check`` names, for a puzzle with no solution under ``fill``, the fewest free cells any lines
leave empty (``check._fewest_empty``). The cases are generated puzzles (sparse ones, 8x8 to 12x12, generated under
``fill`` or ``nikoli`` with a number moved or two labels swapped, from a seed) that
have no solution under ``fill`` and one under ``nikoli``, each under the
convention without touching and with it. Even seeds are the development half, odd the held-out half.

Ways measured, each within the same budget (seconds of wall clock; the CPU seconds used are reported; RC2 cannot
be interrupted, and an answer past the budget counts as none):

* ``ascend``: the ask before (a new encoding with at most ``m`` empty cells, ``m`` from the checkerboard count up
  by two);
* ``descend``: one encoding and an incremental totalizer (``pysat.card.ITotalizer``) over its empty cells: the
  first lines found (empty cells preferred off) bound the count, then fewer are asked for under an assumption
  until the solver says no (``check._fewest_empty(..., ask="down")``);
* ``climb``: the same encoding and totalizer, at most ``m`` asked for, ``m`` from the checkerboard count up by two
  (``ask="up"``);
* ``both``: the two questions of ``climb`` and ``descend`` in turns of 1000 conflicts, doubled every round, in
  the same solver (``check._fewest_empty`` now; the best lines found are named when the fewest is not proved in
  time);
* ``rc2``: python-sat's RC2 MaxSAT over the same clauses, empty cells soft, closed loops cut and asked again.

    PYTHONPATH=src python benchmarks/bench_nl_fewest_empty.py                  # 24 cases, 5 s each
    PYTHONPATH=src python benchmarks/bench_nl_fewest_empty.py --cases 40 --budget 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np


def cases(count: int, first: int = 0) -> list:
    """``count`` (puzzle, touch, seed) that need empty cells under ``fill``, half of them of even seeds (the
    development half), half of odd seeds, made from seeds ``first, first + 1, ...``: a sparse puzzle (density
    0.03) generated under ``fill`` or ``nikoli`` with a number moved or two labels swapped; 8x8 to 12x12, lines
    that touch themselves allowed or not. Kept unless lines covering every cell are found in 3 s."""
    from tremaux.numberlink import Puzzle, generate_puzzle
    from tremaux.numberlink.solvers.encoding import Encoding

    out, seed, per = [], first, {0: 0, 1: 0}
    while min(per.values()) < count // 2 or sum(per.values()) < count:
        s, seed = seed, seed + 1
        if per[s % 2] >= (count + 1) // 2:
            continue
        rng = np.random.default_rng(s)
        n = int(rng.choice([8, 10, 12]))
        touch = bool(s % 4 >= 2)
        kind = ("moved", "swapped")[s // 4 % 2]
        rule = ("fill", "nikoli")[s // 8 % 2]
        try:  # sparse: a few long lines, the others' cells empty
            p = generate_puzzle((n, n), rule=rule, touch=touch, density=0.03, seed=s, time_limit=20).puzzle
        except Exception:  # noqa: BLE001 - a size the generator gave up on is passed over
            continue
        g = np.array(p.grid, dtype=np.int64)
        ends, empty = np.argwhere(g > 0), np.argwhere(g == 0)
        a = ends[rng.integers(len(ends))]
        if kind == "moved" and len(empty):
            b = empty[rng.integers(len(empty))]
            g[tuple(b)], g[tuple(a)] = g[tuple(a)], 0
        elif kind == "swapped":
            others = [e for e in ends if g[tuple(e)] != g[tuple(a)]]
            b = others[rng.integers(len(others))]
            g[tuple(a)], g[tuple(b)] = g[tuple(b)], g[tuple(a)]
        try:
            q = Puzzle(g, name=f"gen-{n}x{n}-{kind}-seed{s}")
        except Exception:  # noqa: BLE001
            continue
        until = time.perf_counter() + 3
        try:
            with Encoding(q, "fill", induced=not touch, deadline=until) as enc:
                if enc.next_model(until) is not None:
                    continue  # solved under fill: nothing to name
        except TimeoutError:
            pass  # kept: not shown to have a solution under fill
        try:
            with Encoding(q, "fill", holes="any", induced=not touch, deadline=until + 3) as enc:
                if enc.next_model(until + 3) is None:
                    continue  # no lines at all
        except TimeoutError:
            continue
        out.append((q, touch, s))
        per[s % 2] += 1
    return out


def fewest_ascending(puzzle: Puzzle, the: Rule, deadline: float) -> np.ndarray | None:
    """The cells left empty by lines (under ``the``'s touch) that leave the fewest empty, or ``None`` when that
    is not known by ``deadline``.

    SAT under ``fill`` with at most ``m`` empty cells, ``m`` from the checkerboard count (no fewer can stay empty)
    up by two (the count fixes the parity of the empty cells): the first ``m`` answered has the fewest, once
    every smaller one was proved to have no lines (closed loops in a model are cut and the question asked again).
    """
    from tremaux.numberlink.solvers.encoding import Encoding
    from tremaux.kernels import numberlink as kn

    from tremaux._jit import load_seconds
    from tremaux.numberlink.solvers.verdicts import colour_surplus

    induced = not the.touch
    m = abs(colour_surplus(puzzle))
    loaded = load_seconds()
    while m <= puzzle.free_cells:
        until = deadline + load_seconds() - loaded  # kernels loaded on their first use are not charged to it
        try:
            with Encoding(puzzle, "fill", holes="any", max_holes=m, induced=induced, deadline=until) as enc:
                model = enc.next_model(until)  # closed loops cut and asked again: lines only
                if model is not None:  # the lines as the model draws them (untangling would shorten them)
                    owner = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)[0]
        except TimeoutError:
            return None
        if model is not None:
            return (owner <= 0).reshape(puzzle.shape)  # no loop is left in a model under fill
        m += 2
    return None


def ascend(puzzle, touch, deadline):
    """The ask before this change: a new encoding per ``m``."""
    from tremaux.numberlink.rules import resolve

    found = fewest_ascending(puzzle, resolve("fill", touch=touch), deadline)
    return None if found is None else int(found.sum())


def descend(puzzle, touch, deadline, ask="down"):
    """One encoding, an incremental totalizer, fewer asked for until the solver says no."""
    from tremaux.numberlink.check import _fewest_empty
    from tremaux.numberlink.rules import resolve

    found = _fewest_empty(puzzle, resolve("fill", touch=touch), deadline, ask=ask)
    return None if found is None or not found[1] else int(found[0].sum())


def climb(puzzle, touch, deadline):
    """One encoding, an incremental totalizer, at most m asked for from the checkerboard count up."""
    return descend(puzzle, touch, deadline, ask="up")


def both(puzzle, touch, deadline):
    """One encoding, an incremental totalizer, the two questions in turns of doubling conflicts."""
    return descend(puzzle, touch, deadline, ask="both")


def rc2(puzzle, touch, deadline):
    """RC2 MaxSAT over the encoding's clauses: each empty cell a soft clause, loops cut and asked again."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    from tremaux.kernels import numberlink as kn
    from tremaux.numberlink.solvers import encoding as E

    kept = {}
    real = E.loaded_solver

    def keep(backend, clauses, deadline=None):
        kept["clauses"] = [list(map(int, c)) for c in clauses]
        return real(backend, clauses, deadline)

    E.loaded_solver = keep
    try:
        enc = E.Encoding(puzzle, "fill", holes="any", induced=not touch)
    finally:
        E.loaded_solver = real
    w = WCNF()
    for c in kept["clauses"]:
        w.append(c)
    hv = enc.hole_var[enc.hole]
    for v in hv.tolist():
        w.append([-int(v)], weight=1)
    nedges, eu, h, wd = enc.nedges, enc.eu, puzzle.height, puzzle.width
    enc.close()
    with RC2(w, solver="g4") as m:
        while time.perf_counter() < deadline:
            model = m.compute()
            if model is None:
                return None
            on = np.asarray(model[:nedges]) > 0
            links = np.zeros(h * wd, dtype=np.uint8)
            hz, vt = on & enc.horiz, on & ~enc.horiz
            np.bitwise_or.at(links, enc.eu[hz], 2)
            np.bitwise_or.at(links, enc.ev[hz], 8)
            np.bitwise_or.at(links, enc.eu[vt], 4)
            np.bitwise_or.at(links, enc.ev[vt], 1)
            owner = kn.trace_lines(links, puzzle.ends, h, wd)[0]
            loops = owner < 0
            if not loops.any():
                return int((owner <= 0).sum()) if time.perf_counter() < deadline else None
            cut = (np.flatnonzero(on & loops[eu]) + 1).tolist()
            m.add_clause([-v for v in cut])
    return None


WAYS = {"ascend": ascend, "climb": climb, "descend": descend, "both": both, "rc2": rc2}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=24, help="puzzles that need empty cells (half dev, half held)")
    ap.add_argument("--budget", type=float, default=5.0, help="seconds each way may take on a case")
    ap.add_argument("--ways", default="ascend,climb,descend,both,rc2")
    a = ap.parse_args(argv)
    ways = a.ways.split(",")
    descend(*cases(1, 10_000)[0][:2], time.perf_counter() + 30)  # kernels compiled and modules imported first
    got = {}
    for q, touch, s in cases(a.cases):
        half = "dev" if s % 2 == 0 else "held"
        row = []
        for way in ways:
            t0 = time.process_time()
            n = WAYS[way](q, touch, time.perf_counter() + a.budget)
            took = time.process_time() - t0
            got.setdefault((half, way), []).append((n, took))
            row.append(f"{way} {'-' if n is None else n:>3} {took:6.2f} s")
        print(f"[{half}] {q.name} touch={touch}: " + " | ".join(row), flush=True)
    print(f"\nbudget {a.budget:g} s a case; named within it, and median CPU seconds (dev / held)")
    for way in ways:
        cells = []
        for half in ("dev", "held"):
            rows = got.get((half, way), [])
            named = sum(n is not None for n, _ in rows)
            med = statistics.median([t for _, t in rows]) if rows else float("nan")
            cells.append(f"{named}/{len(rows)} named, median {med:.2f} s")
        print(f"{way:8} " + "   ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
