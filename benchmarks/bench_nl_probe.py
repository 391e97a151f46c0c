"""Number Link generation: can a cheap proof by deduction replace the generator's last SAT question? Measured.

Usage::

    python benchmarks/bench_nl_probe.py --sizes 20x20,30x30 --densities 0.03 --rules nikoli,fill-touch \\
        --dev-seeds 0,2 --held-seeds 1,3
    python benchmarks/bench_nl_probe.py --sizes 4x4,5x5 --densities 0.1,0.2 --dev-seeds 0-9 --held-seeds 10-19

For each size, density, rule and seed, the lines the generator plants (:func:`tremaux.numberlink.plant.plant`,
from the seed's state as ``generate_puzzle`` draws them) are probed: every link between two neighbouring cells
starts open; the propagation rules of the compiled search for another solution
(:mod:`tremaux.kernels.nl_force_prop`: degree, colour, no closed loop, the reach of each pair, no line beside
itself without touching) are applied to a fixpoint; then each open link is given, in turn, the value the planted
solution does *not* give it, and the rules applied again: a contradiction fixes the planted value for good (a
failed literal); rounds repeat until one fixes nothing. When every planted link is fixed on, the planted
solution is the only one (each rule holds in every solution, and the planted lines cover every cell). Where
links stay open, the line with the most open links is cut in the middle of them (the cut ends become a new pair)
and the puzzle probed again, until it is proven or has more pairs than the propagation holds (62; a share
open of 100% then says that the planted lines had more already). ``--first-only`` probes the planted lines once.

Printed per row: the planted pairs, the share of planted links left open by the first probe, the pairs (and
density) when proven, the probes, and CPU seconds (one warm-up probe first, so compiling is not counted). Boards
of at most 25 cells are also checked by the brute force of ``tests/numberlink_reference.py``: a puzzle proven
here must have exactly one solution there (``NOT UNIQUE`` is printed otherwise).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from tremaux._jit import njit
from tremaux.kernels.nl_force_prop import EMPTY, _apply, _clear, _eid, _propagate, _undo
from tremaux.kernels.nl_search_prune import _side
from tremaux.kernels.rng import make_state
from tremaux.numberlink.generate import _puzzle_of
from tremaux.numberlink.plant import plant
from tremaux.numberlink.solvers.base import first_tables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from numberlink_reference import brute_force  # noqa: E402  (the independent brute force of the tests)

MAX_PAIRS = 62
ROUNDS = 64
BRUTE_CELLS = 25


@njit(cache=False, interpret=False)
def _probe_links(grid, h, w, cover, touch, base, rounds, out):
    """Failed-link probing on the puzzle ``grid`` (flat pair ids) around the solution ``base`` (links N1 E2 S4
    W8 per cell, flat): ``out`` gets each link's state (-1 open, 0 off, 1 on). Returns 0, or -1 when the rules
    contradict ``base`` (it is no solution)."""
    size = h * w
    ne = 2 * size
    est = np.full(ne, -1, dtype=np.int8)
    col = np.zeros(size, dtype=np.uint64)
    other = np.arange(size).astype(np.int64)
    deg = np.zeros(size, dtype=np.int64)
    isbase = np.zeros(ne, dtype=np.bool_)
    full = np.uint64(0)
    npairs = 0
    for x in range(size):
        if grid[x] > npairs:
            npairs = grid[x]
        if grid[x] > 0:
            full |= np.uint64(1) << np.uint64(grid[x])
    for x in range(size):
        if grid[x] > 0:
            col[x] = np.uint64(1) << np.uint64(grid[x])
        else:
            col[x] = full if cover else full | EMPTY
        for d in range(1, 3):
            if _side(x, d, h, w) >= 0 and base[x] & (1 << d):
                isbase[_eid(x, d, size, w)] = True
        if x % w == w - 1:
            est[x] = 0
        if x // w == h - 1:
            est[size + x] = 0
    nbase = ne + 1  # no rule "not every planted link": each probe is a question of its own
    based = 0
    cap = 5 * ne + (npairs + 2) * size + 64
    tk = np.zeros(cap, dtype=np.int8)
    ti = np.zeros(cap, dtype=np.int64)
    tv = np.zeros(cap, dtype=np.uint64)
    nt = 0
    queue = np.arange(size).astype(np.int64)
    inq = np.ones(size, dtype=np.bool_)
    qh = 0
    qn = size
    enda = np.full(npairs + 1, -1, dtype=np.int64)
    endb = np.full(npairs + 1, -1, dtype=np.int64)
    for x in range(size):
        if grid[x] > 0:
            if enda[grid[x]] < 0:
                enda[grid[x]] = x
            else:
                endb[grid[x]] = x
    mark = np.zeros(size, dtype=np.int64)
    bfs = np.zeros(size, dtype=np.int64)
    cutw = np.zeros((6, size), dtype=np.int64)
    ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase, nbase, based,
                                       tk, ti, tv, nt, queue, inq, qh, qn, enda, endb, npairs, mark, bfs, cutw)
    if not ok:
        return -1
    r = 0
    changed = True
    while changed and r < rounds:
        r += 1
        changed = False
        for e in range(ne):
            if est[e] != -1:
                continue
            v = 0 if isbase[e] else 1  # the value the planted solution does not give the link
            stop = nt
            ok, nt, qn, based = _apply(e, v, h, w, est, other, deg, isbase, nbase, based, tk, ti, tv, nt,
                                       queue, inq, qh, qn)
            if ok:
                ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase,
                                                   nbase, based, tk, ti, tv, nt, queue, inq, qh, qn, enda,
                                                   endb, npairs, mark, bfs, cutw)
            _clear(queue, inq, qh, qn, size)
            qh = 0
            qn = 0
            based = _undo(stop, est, col, other, deg, isbase, based, tk, ti, tv, nt)
            nt = stop
            if not ok:  # a failed link: the planted value is forced
                changed = True
                ok, nt, qn, based = _apply(e, 1 - v, h, w, est, other, deg, isbase, nbase, based, tk, ti, tv,
                                           nt, queue, inq, qh, qn)
                if ok:
                    ok, nt, qh, qn, based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase,
                                                       nbase, based, tk, ti, tv, nt, queue, inq, qh, qn, enda,
                                                       endb, npairs, mark, bfs, cutw)
                if not ok:
                    return -1
    for e in range(ne):
        out[e] = est[e]
    return 0


def open_links(lines, h, w, cover, touch):
    """The planted links of ``lines`` that probing leaves open (``[]``: proven the only solution)."""
    puzzle, planted = _puzzle_of(lines, h, w)
    base, grid = first_tables(puzzle, planted)
    out = np.zeros(2 * h * w, dtype=np.int8)
    if _probe_links(grid, h, w, cover, touch, base, ROUNDS, out) < 0:
        raise AssertionError("the planted lines break the rules")
    left = []
    for ln in lines:
        for a, b in zip(ln[:-1], ln[1:]):
            a, b = min(a, b), max(a, b)
            if out[a if b == a + 1 else h * w + a] == -1:
                left.append((a, b))
    return puzzle, left


def open_cut(lines, left):
    """The line with the most open links, cut in the middle of them (each piece two cells or more), or None."""
    open_ = set(left)
    best = None
    for k, ln in enumerate(lines):
        at = [i for i in range(1, len(ln) - 2) if (min(ln[i], ln[i + 1]), max(ln[i], ln[i + 1])) in open_]
        if at and (best is None or len(at) > best[0]):
            best = (len(at), k, at[len(at) // 2])
    if best is None:
        return None
    _, k, i = best
    return lines[:k] + [lines[k][: i + 1], lines[k][i + 1:]] + lines[k + 1:]


def cascade(h, w, density, rule, seed, first_only=False):
    """Probe and cut the planted lines of ``seed`` until proven (with ``first_only``, probe them once): a dict of
    what happened."""
    cover, touch = rule == "fill-touch", rule == "fill-touch"
    lines = plant(h, w, make_state(seed), max(6, h * w // 4), density, None, None, time.perf_counter(), True)
    t = time.process_time()
    planted, first_open, probes, puzzle = len(lines), None, 0, None
    left = None
    while len(lines) <= MAX_PAIRS:
        puzzle, left = open_links(lines, h, w, cover, touch)
        probes += 1
        links = sum(len(ln) - 1 for ln in lines)
        first_open = len(left) / links if first_open is None else first_open
        if not left or first_only:
            break
        nxt = open_cut(lines, left)
        if nxt is None:
            break
        lines = nxt
    proven = left == []
    if proven and h * w <= BRUTE_CELLS:
        sols = brute_force(puzzle.grid.tolist(), fill=cover, limit=2, touch=touch)
        if len(sols) != 1:
            print(f"NOT UNIQUE: {h}x{w} {density} {rule} seed {seed}: {len(sols)} solutions", flush=True)
            proven = False
    return {"planted": planted, "open": 1.0 if first_open is None else first_open, "pairs": len(lines) if proven else None,
            "probes": probes, "cpu": time.process_time() - t}


def _seeds(spec):
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="20x20,30x30")
    ap.add_argument("--densities", default="0.02,0.03,0.05")
    ap.add_argument("--rules", default="nikoli,fill-touch", help="nikoli (no touching) and/or fill-touch")
    ap.add_argument("--dev-seeds", default="0,2")
    ap.add_argument("--held-seeds", default="1,3")
    ap.add_argument("--first-only", action="store_true", help="probe the planted lines once, no cuts")
    args = ap.parse_args()
    open_links([[0, 1], [2, 3]], 2, 2, False, False)  # compile first
    print(f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()}, "
          f"Python {platform.python_version()} by `python benchmarks/bench_nl_probe.py` "
          f"(load average {os.getloadavg()[0]:.1f} at the start)\n")
    print("| size | density asked | rule | seeds | planted pairs (median) | planted links open at first probe "
          "(median) | proven | pairs when proven (median) | density when proven (median) | probes (median) "
          "| CPU s median | CPU s worst |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        h, w = (int(x) for x in size.split("x"))
        for density in (float(d) for d in args.densities.split(",")):
            for rule in args.rules.split(","):
                for half, spec in (("dev", args.dev_seeds), ("held-out", args.held_seeds)):
                    rs = [cascade(h, w, density, rule, s, args.first_only) for s in _seeds(spec)]
                    proven = [r["pairs"] for r in rs if r["pairs"] is not None]
                    med = statistics.median
                    print(f"| {h}x{w} | {density} | {rule} | {half} | {med(r['planted'] for r in rs):g} | "
                          f"{med(r['open'] for r in rs):.0%} | {len(proven)} of {len(rs)} | "
                          f"{med(proven) if proven else '-'} | "
                          f"{(med(proven) / (h * w)) if proven else float('nan'):.3f} | "
                          f"{med(r['probes'] for r in rs):g} | {med(r['cpu'] for r in rs):.2f} | "
                          f"{max(r['cpu'] for r in rs):.2f} |", flush=True)


if __name__ == "__main__":
    main()
