"""Uniqueness under ``nikoli`` after a covering first solution, split by pushes: what each part costs.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_pushes.py --puzzles a-dev-3,a-dev-4 --limit 60
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_pushes.py --puzzles /tmp/p.txt:0 --limit 60
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_pushes.py --check 300

A puzzle is named ``FAMILY-HALF-INDEX`` (as ``bench_unique_cpu.py`` prints it) or ``FILE:INDEX``.
For each, the first solution under ``nikoli`` without touching (``S1``); when it covers the board, three
questions, each in a child process killed after ``--limit`` seconds of the clock (CPU seconds of the child):

* ``now``: SAT on the question the check asks (induced lines, the clauses of ``shortcuts``, ``S1`` forbidden),
  as ``bench_unique_giveups.py --bits nikoli``;
* ``fill-touch``: "another covering solution, lines allowed beside themselves?" (``solve_puzzle(rule="fill",
  touch=True, unique=True)``, the check under that rule);
* ``stuck``: SAT on "a solution with some cell empty, lines allowed beside themselves, where no straight step
  has two empty cells beside it and no corner ``┌`` or ``┐`` has an empty inner diagonal"
  (:func:`push_clauses`).

``--check N``: the split against ``tests/numberlink_reference.py`` on N random boards (3 x 3 to 4 x 5, random
pairs and generated puzzles), those with a first solution that covers the board and never touches.

``S1`` is unique under ``nikoli`` without touching exactly when ``fill-touch`` and ``stuck`` both say no:
Take a first solution ``S1`` under ``nikoli`` whose lines cover the board and
never run beside themselves. Another solution under ``nikoli`` without
touching exists exactly when one of these two does:

(a) another covering solution whose lines may run beside themselves (the
    question under ``fill`` with touching);
(b) a *stuck* solution: lines that may run beside themselves, some cell
    empty, no straight step with two empty cells beside it (on one side, the
    2 x 2 square they make with the step), and no ``┌`` nor ``┐`` corner
    whose inner diagonal (South-East, South-West) is empty.

Proof. *If*: a solution of (a) other than ``S1``, or one of (b) (which
leaves a cell empty, so is not ``S1``), whose lines take the shortcut each
time they run beside themselves (the cells skipped stay empty) is a
solution without touching other than ``S1``: if it had been changed it
leaves a cell empty; if not, it is the one of (a) or (b) itself.

*Only if*: let ``T0`` be another solution without touching, and suppose (a)
has none. ``T0`` covers fewer cells than the board (else it answers (a)),
so the set ``X`` of solutions (lines that may touch) that leave some cell
empty is not empty. Take ``T`` in ``X`` with the most cells covered, and
among those the greatest sum of ``3 * row + column`` over its covered cells.

* A *push* of a straight step ``u - v`` into the two empty cells ``u'``,
  ``v'`` beside it (``u - u' - v' - v``) is again a solution (lines may
  touch) covering two cells more. If it leaves a cell empty it is in ``X``,
  against the choice of ``T``; if it covers the board, its line turns back
  beside itself at ``u`` and ``v`` (side by side, not linked), so it is not
  ``S1``, and it answers (a), which has none. So ``T`` has no push.
* A *corner move* of a ``┌`` at ``c`` (links East and South) whose
  South-East neighbour ``d`` is empty to ``d`` (the line goes through ``d``
  instead, ``c`` left empty; ``┐`` and South-West alike) is a solution in
  ``X`` with as many cells covered and a sum greater by 4 (or 2). So ``T``
  has none.

``T`` is a solution of (b). A model of (b)'s clauses may hold closed loops
besides the lines; dropped, what is left still leaves a cell empty, so it is
a solution of (b) all the same (no clause is needed for that direction).

The clauses of (b) are :func:`push_clauses`, added to the encoding of ``nikoli`` with lines that may touch.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "numberlink"))

import numpy as np  # noqa: E402
from bench_unique_giveups import puzzle  # noqa: E402

from tremaux.numberlink.solvers.shortcuts import corner_cut_clauses  # noqa: E402

PARTS = ("now", "fill-touch", "stuck")


def once(name: str, part: str) -> None:
    """Run in a child: one part; prints the verdict and CPU seconds."""
    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.rules import resolve
    from tremaux.numberlink.solvers.encoding import Encoding

    p = puzzle(name)
    first = solve_puzzle(p, rule="nikoli", touch=False, time_limit=30).solutions[0]
    if sum(len(x) for x in first.paths) != p.height * p.width:
        print("not-covering", "0.00", flush=True)  # the split is for a first solution that covers the board
        return
    if part == "fill-touch":
        solve_puzzle(p, rule="fill", touch=True, time_limit=30)  # kernels loaded
        t = time.process_time()
        s = solve_puzzle(p, rule="fill", touch=True, unique=True, time_limit=float("inf"))
        word = {1: "unique"}.get(len(s.solutions), "several") if s.status != "gave-up" else "gave-up"
        print(word, f"{time.process_time() - t:.2f}", flush=True)
        return
    t = time.process_time()
    if part == "now":
        from tremaux.numberlink.solvers.reductions import shortcuts_suffice
        from tremaux.numberlink.solvers.shortcuts import shortcut_clauses

        enc = Encoding(p, "nikoli", induced=True)
        if shortcuts_suffice(p, resolve("nikoli", touch=False), first):
            for clause in shortcut_clauses(p, enc.inc):
                enc.add_clause(clause)
        enc.block_lines(first)
    else:
        enc = Encoding(p, "nikoli")
        top = max(enc.nvars, enc.solver.nof_vars())
        for clause in push_clauses(p, enc.inc, top):
            enc.add_clause(clause)
    enc.set_hint(first)
    m = enc.next_model()
    print("none" if m is None else "found", f"{time.process_time() - t:.2f}", flush=True)


def push_clauses(puzzle, inc: np.ndarray, top: int) -> list[list[int]]:
    """The clauses of question (b): some cell empty, no push into two empty cells, no cut corner.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    inc : numpy.ndarray
        ``(height * width, 4)`` edge variables of each cell by direction North, East, South, West
        (``0``: no edge), as :attr:`.encoding.Encoding.inc`.
    top : int
        The largest variable in use: the clauses number their own from ``top + 1``
        (one per free cell: "this cell is empty").

    Returns
    -------
    list of list of int
        Clauses (DIMACS literals).
    """
    h, w = puzzle.shape
    g = puzzle.grid.ravel()
    inc = np.asarray(inc).reshape(h * w, 4)
    used = [[int(x) for x in row if x] for row in inc]  # "the cell is on a line": one of its edges
    clauses: list[list[int]] = []
    some = []
    for c in np.flatnonzero(g == 0).tolist():
        top += 1
        some.append(top)
        clauses.extend([-top, -x] for x in used[c])
    for r in range(h):
        for c in range(w):
            a = r * w + c
            for right in (True, False):  # the step a - b, then the two cells beside it on each side
                if (c + 1 >= w) if right else (r + 1 >= h):
                    continue
                b = a + 1 if right else a + w
                step = int(inc[a, 1 if right else 2])
                if not step:
                    continue
                for side in (-1, 1):
                    if right and 0 <= r + side < h:
                        x, y = a + side * w, b + side * w
                    elif not right and 0 <= c + side < w:
                        x, y = a + side, b + side
                    else:
                        continue
                    if g[x] or g[y]:
                        continue  # a number is always on its line
                    clauses.append([-step] + used[x] + used[y])
    clauses.extend(corner_cut_clauses(puzzle, inc))
    clauses.append(some)
    return clauses


def check(n: int, seed: int = 7) -> None:
    """The split against the brute force on ``n`` random boards; prints how many agreed, raises on the first
    that does not."""
    sys.path.insert(0, str(ROOT / "tests"))
    from numberlink_reference import brute_force

    from tremaux.numberlink import Puzzle, generate_puzzle
    from tremaux.numberlink.solvers.encoding import Encoding

    rng = np.random.default_rng(seed)
    seen = {True: 0, False: 0}
    for i in range(n):
        h, w = int(rng.integers(3, 5)), int(rng.integers(3, 6))
        if i % 2:
            p = generate_puzzle((h, w), seed=seed + i).puzzle
        else:
            k = int(rng.integers(2, 5))
            g = np.zeros(h * w, dtype=np.int64)
            g[rng.choice(h * w, size=2 * k, replace=False)] = np.repeat(np.arange(1, k + 1), 2)
            p = Puzzle(g.reshape(h, w))
        grid = p.grid.tolist()
        loose = brute_force(grid, False, limit=10**6, touch=False)
        covering = [s for s in loose if sum(len(x) for x in s) == p.height * p.width]
        if not covering:
            continue
        a = any(s != covering[0] for s in brute_force(grid, True, limit=10**6, touch=True))
        enc = Encoding(p, "nikoli")
        for clause in push_clauses(p, enc.inc, max(enc.nvars, enc.solver.nof_vars())):
            enc.add_clause(clause)
        b = enc.next_model() is not None
        enc.close()
        if (len(loose) > 1) != (a or b):
            raise AssertionError(f"disagrees on {grid}: {len(loose)} solutions, (a) {a}, (b) {b}")
        seen[len(loose) > 1] += 1
    print(f"agreed on {seen[True] + seen[False]} boards with a covering first solution "
          f"({seen[True]} with another solution)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", default="")
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--once", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.once:
        once(*a.once)
        return
    if a.check:
        check(a.check)
    parts = a.parts.split(",")
    print("| puzzle | size, pairs | " + " | ".join(parts) + " |")
    print("|---|---|" + "---|" * len(parts))
    for name in [x for x in a.puzzles.split(",") if x]:
        p = puzzle(name)
        cells = []
        for part in parts:
            try:
                out = subprocess.run([sys.executable, __file__, "--once", name, part], capture_output=True,
                                     text=True, timeout=a.limit).stdout.split()
                cells.append(f"{out[0]}, {out[1]} s" if out else "error")
            except subprocess.TimeoutExpired:
                cells.append(f"over {a.limit:g} s")
        print(f"| {name} | {p.height} x {p.width}, {p.pairs} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
