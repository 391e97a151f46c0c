"""The uniqueness checks that give up under ``fill`` with touching: what each exact method does with them.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_giveups.py --part sat --puzzles a-dev-3,a-held-4
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_giveups.py --part dp --puzzles a-dev-1,a-dev-3
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_giveups.py --part dp --check 400
    PYTHONPATH=src python benchmarks/numberlink/bench_unique_giveups.py --part rows --puzzles a-dev-3

A puzzle is named ``FAMILY-HALF-INDEX`` (the family's letter, the index over the half as
``bench_unique_cpu.py`` prints it), or ``FILE:INDEX`` for a puzzle file outside the corpus.

* ``sat``: SAT alone on the second question ("a solution under ``fill`` with touching other than the
  first?"): the encoding of the check (colour bits shared past 31 pairs; ``--bits full``: a code per
  pair; ``--bits nikoli``: the question under ``nikoli`` without touching, with the clauses of
  ``shortcuts`` when the first solution covers the board, as the check asks it; ``--bits touch``: a code per
  pair, and some line beside itself required instead of the first solution forbidden, which asks the same when
  the first solution has no line beside itself and is the only one without), the first solution's lines
  forbidden and given as phases, loops cut as they come; each backend in a child process killed after
  ``--limit`` seconds of the clock (CaDiCaL cannot be interrupted in process); CPU seconds of the child.
* ``dp``: an exact count, capped at 2, by a frontier dynamic programme (cells in rows along the shorter
  side; a state is what each cell of the frontier hands down: nothing, a line end of a known pair, or an
  end of a piece of line whose other end is also on the frontier; equal states merged). Prints the
  states after each row, and stops past ``--max-states``. ``--check N`` compares its count with
  ``tests/numberlink_reference.py`` on N random boards of up to 20 cells (and the SAT question of
  ``--bits touch`` with the brute force's solutions that have a line beside itself).
* ``rows``: the compiled row search under ``fill`` with touching, ``max_solutions=2``, with its memo
  table of dead states as sized now and 128 times larger, for ``--limit`` seconds of the clock.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_numberlink import load_corpus  # noqa: E402


def puzzle(name: str):
    """``FAMILY-HALF-INDEX`` of the corpus, or ``FILE:INDEX`` (a puzzle file read by ``formats.load_all``)."""
    if ":" in name:
        from tremaux.numberlink import formats

        path, idx = name.rsplit(":", 1)
        return formats.load_all(path)[int(idx)]
    fam, half, idx = name.split("-")
    return load_corpus(fam, None, (half,))[int(idx)][1]


def sat_once(name: str, backend: str, bits: str) -> None:
    """Run in a child: SAT alone on the second question; prints the verdict and CPU seconds."""
    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.solvers.encoding import FILL_COLOUR_BITS, Encoding

    p = puzzle(name)
    if bits == "nikoli":  # under nikoli without touching, as the check asks it after a covering first solution
        from tremaux.numberlink.rules import resolve
        from tremaux.numberlink.solvers.reductions import shortcuts_suffice
        from tremaux.numberlink.solvers.shortcuts import shortcut_clauses

        first = solve_puzzle(p, rule="nikoli", touch=False, time_limit=30).solutions[0]
        t = time.process_time()
        enc = Encoding(p, "nikoli", backend=backend, induced=True)
        if shortcuts_suffice(p, resolve("nikoli", touch=False), first):
            for clause in shortcut_clauses(p, enc.inc):
                enc.add_clause(clause)
        enc.block_lines(first)
        enc.set_hint(first)
        m = enc.next_model()
        print("unique" if m is None else "several", 0, f"{time.process_time() - t:.2f}", flush=True)
        return
    first = solve_puzzle(p, rule="fill", time_limit=5).solutions[0]
    t = time.process_time()
    enc = Encoding(p, "fill", backend=backend, colour_bits=FILL_COLOUR_BITS if bits == "shared" else None)
    if bits == "touch":  # some line runs beside itself, instead of "not the first solution"
        require_touch(enc)
    else:
        enc.block_lines(first)
    enc.set_hint(first)
    m = enc.next_model()
    words = ("none-beside-itself", "one-beside-itself") if bits == "touch" else ("unique", "several")
    print(words[m is not None], enc.loops_cut, f"{time.process_time() - t:.2f}", flush=True)


def require_touch(enc) -> None:
    """Add to ``enc`` (one code per pair) that two neighbouring cells of one pair's colour are not linked."""
    top = max(enc.nvars, enc.solver.nof_vars())
    some = []
    for k in range(len(enc.eu)):
        u, v = int(enc.eu[k]), int(enc.ev[k])
        bu, bv = enc.bitvar[u], enc.bitvar[v]
        if not (bu[0] or bv[0] or enc.codes[u] == enc.codes[v]):
            continue  # two numbers of different pairs
        top += 1
        some.append(top)
        enc.add_clause([-top, -(k + 1)])  # the cells are not linked
        for b in range(enc.nbits if bu[0] or bv[0] else 0):  # and have the same code
            if bu[0] and bv[0]:
                enc.add_clause([-top, -int(bu[b]), int(bv[b])])
                enc.add_clause([-top, int(bu[b]), -int(bv[b])])
            else:
                free, code = (int(bu[b]), int(enc.codes[v])) if bu[0] else (int(bv[b]), int(enc.codes[u]))
                enc.add_clause([-top, free if (code >> b) & 1 else -free])
    enc.add_clause(some)


def part_sat(names: list[str], backends: list[str], limit: float, bits: str) -> None:
    print("| puzzle | size, pairs | " + " | ".join(backends) + " |")
    print("|---|---|" + "---|" * len(backends))
    for name in names:
        p = puzzle(name)
        cells = []
        for b in backends:
            try:
                out = subprocess.run([sys.executable, __file__, "--sat-once", name, b, bits], capture_output=True,
                                     text=True, timeout=limit).stdout.split()
                cells.append(f"{out[0]}, {out[2]} s CPU" + (f", {out[1]} loops cut" if out[1] != "0" else ""))
            except subprocess.TimeoutExpired:
                cells.append(f"over {limit:g} s of the clock")
        print(f"| {name} | {p.height} x {p.width}, {p.pairs} | " + " | ".join(cells) + " |", flush=True)


def _canon(front: tuple, right) -> tuple:
    ids: dict[int, int] = {}
    out = []
    for x in front + (right,):
        if x and x[0] == 2:
            out.append((2, ids.setdefault(x[1], len(ids))))
        else:
            out.append(x)
    return tuple(out[:-1]), out[-1]


def frontier_count(grid, cap: int = 2, max_states: int = 10**6, per_row=None):
    """Solutions of ``grid`` under ``fill`` with touching, capped at ``cap``; ``None`` past ``max_states``.

    A frontier code is 0 (no link down), ``(1, k)`` (an end of pair ``k``'s line) or ``(2, i)`` (an end of
    piece ``i``, whose other end is on the frontier too).
    """
    import numpy as np

    g = np.asarray(grid)
    if g.shape[1] > g.shape[0]:
        g = g.T
    h, w = g.shape
    states = {((0,) * w, 0): 1}
    for r in range(h):
        for c in range(w):
            k = int(g[r, c])
            new: dict = {}
            for (front, right), cnt in states.items():
                ins = [x for x in (front[c], right if c else 0) if x]
                nout = (1 if k else 2) - len(ins)
                if nout < 0:
                    continue
                outs = {0: [(False, False)], 1: [(True, False)] * (r < h - 1) + [(False, True)] * (c < w - 1),
                        2: [(True, True)] * (r < h - 1 and c < w - 1)}[nout]
                fl = list(front)
                fl[c] = 0
                carry = None  # the code the outgoing links take
                if k and ins:
                    x = ins[0]
                    if x[0] == 1:
                        if x[1] != k:
                            continue
                    else:  # the piece's other end now belongs to pair k
                        fl = [(1, k) if y == x else y for y in fl]
                elif k:
                    carry = (1, k)
                elif len(ins) == 2:
                    a, b = ins
                    if a[0] == 1 and b[0] == 1:
                        if a != b:
                            continue
                    elif a[0] == 1 or b[0] == 1:
                        col, piece = (a, b) if a[0] == 1 else (b, a)
                        fl = [col if y == piece else y for y in fl]
                    else:
                        if a == b:
                            continue  # a closed loop
                        fl = [a if y == b else y for y in fl]
                elif ins:
                    carry = ins[0]
                else:
                    carry = (2, 1 << 30)
                for down, rt in outs:
                    if carry is None and (down or rt):
                        continue
                    f2 = list(fl)
                    if down:
                        f2[c] = carry
                    key = _canon(tuple(f2), carry if rt else 0)
                    new[key] = min(cap, new.get(key, 0) + cnt)
            states = new
            if len(states) > max_states:
                return None
        if per_row is not None:
            per_row.append(len(states))
    return states.get(((0,) * w, 0), 0)


def part_dp(names: list[str], max_states: int, limit: float) -> None:
    for name in names:
        p = puzzle(name)
        rows: list[int] = []
        t = time.process_time()
        n = frontier_count(p.grid, max_states=max_states, per_row=rows)
        verdict = "over" if n is None else {0: "none", 1: "unique", 2: "several"}[n]
        print(f"| {name} | {p.height} x {p.width}, {p.pairs} | {verdict} | {', '.join(map(str, rows))} | "
              f"{time.process_time() - t:.1f} |", flush=True)


def part_check(n: int, seed: int = 1) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from numberlink_reference import brute_force, touches_itself

    from tremaux.numberlink import Puzzle
    from tremaux.numberlink.solvers.encoding import Encoding

    rng = random.Random(seed)
    seen = bad = touching = bad_touch = 0
    kinds = [0, 0, 0]
    while seen < n:
        h, w = rng.randint(2, 5), rng.randint(2, 5)
        if h * w > 20:
            continue
        k = rng.randint(1, min(3, h * w // 2))
        grid = [[0] * w for _ in range(h)]
        for i, cell in enumerate(rng.sample(range(h * w), 2 * k)):
            grid[cell // w][cell % w] = i // 2 + 1
        every = brute_force(grid, True, limit=10**6)
        ref = min(2, len(every))
        seen += 1
        kinds[ref] += 1
        bad += ref != frontier_count(grid)
        enc = Encoding(Puzzle.from_rows(["".join(str(x) if x else "." for x in row) for row in grid]), "fill")
        if not enc.trivially_unsat:
            require_touch(enc)
        got = not enc.trivially_unsat and enc.next_model() is not None
        enc.close()
        touching += any(any(touches_itself(line) for line in s) for s in every)
        bad_touch += got != any(any(touches_itself(line) for line in s) for s in every)
    print(f"{seen} boards (none / unique / several: {kinds[0]} / {kinds[1]} / {kinds[2]}), {bad} disagree;"
          f" {touching} with a solution whose line runs beside itself, {bad_touch} disagree with --bits touch")


def part_rows(names: list[str], limit: float) -> None:
    from tremaux.kernels import nl_search as ks
    from tremaux.numberlink.solvers import search as s

    made = ks.new_state
    for name in names:
        p = puzzle(name)
        for scale in (1, 128):
            ks.new_state = lambda size, most, slots=1 << 18, scale=scale: made(size, most, slots * scale)
            s.ks.new_state = ks.new_state
            t = time.process_time()
            o = s.search(p, cover=True, touch=True, max_solutions=2, deadline=time.perf_counter() + limit)
            print(f"| {name} | memo x {scale} | {len(o.solutions)} | {o.complete} | {o.nodes} | "
                  f"{time.process_time() - t:.1f} |", flush=True)
    ks.new_state = made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("sat", "dp", "rows"))
    ap.add_argument("--puzzles", default="")
    ap.add_argument("--backends", default="glucose4,cadical195")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--max-states", type=int, default=10**6)
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--bits", choices=("shared", "full", "nikoli", "touch"), default="shared",
                    help="colour bits: shared past 31 pairs as the check does, or one code per pair; "
                         "nikoli: the question under nikoli without touching instead; touch: a code per "
                         "pair, and a line beside itself required instead of the first solution forbidden")
    ap.add_argument("--sat-once", nargs=3, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.sat_once:
        sat_once(*a.sat_once)
        return
    names = [x for x in a.puzzles.split(",") if x]
    if a.part == "sat":
        part_sat(names, a.backends.split(","), a.limit, a.bits)
    elif a.part == "dp":
        if a.check:
            part_check(a.check)
        part_dp(names, a.max_states, a.limit)
    elif a.part == "rows":
        part_rows(names, a.limit)


if __name__ == "__main__":
    main()
