"""What the propagation alone fixes before SAT's question "another one?" under ``nikoli``, and what it saves.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_forced.py --halves dev --limit 20

For every a-contest puzzle (at most 50 a side, at most ``forcing.MAX_PAIRS`` pairs) whose first solution under
``nikoli`` covers the board (the unique contest puzzles whose check misses
3x of the solve are of this kind), the rules of
:mod:`tremaux.kernels.nl_force_prop` are applied once, before any decision,
to the question the check asks (:func:`another._as_asked`: among lines that
never touch when that suffices; the known solution ruled out), as
:func:`tremaux.kernels.nl_force.force_other` does at its root. Printed: the
links it decides, the free cells it proves covered, the regions the board
falls into when cut at the cells whose links are all decided, and SAT on the
question (induced lines, the clauses of ``shortcuts`` under their selector,
the first solution forbidden and as hint, as ``another._race`` builds it)
with and without those facts as unit clauses: CPU milliseconds (build and
proof) and conflicts. ``--rule fill``: the root state under ``fill`` as well,
for contrast. Every fact the propagation draws holds in every other
solution, so adding them cannot change SAT's verdict (checked here: a
differing verdict prints ``WRONG``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_numberlink import load_corpus  # noqa: E402

from tremaux._jit import njit  # noqa: E402
from tremaux.kernels.nl_force_prop import EMPTY, _eid, _propagate  # noqa: E402
from tremaux.kernels.nl_search_prune import _side  # noqa: E402
from tremaux.numberlink import solve_puzzle  # noqa: E402
from tremaux.numberlink.rules import resolve  # noqa: E402
from tremaux.numberlink.solvers.another import _as_asked  # noqa: E402
from tremaux.numberlink.solvers.base import Task, first_tables  # noqa: E402
from tremaux.numberlink.solvers.forcing import MAX_PAIRS  # noqa: E402
from tremaux.numberlink.solvers.neighbourhoods import bounded_model  # noqa: E402
from tremaux.numberlink.solvers.reductions import shortcuts_suffice  # noqa: E402
from tremaux.numberlink.solvers.sat import encoding_for  # noqa: E402
from tremaux.numberlink.solvers.shortcuts import shortcut_clauses  # noqa: E402


@njit(cache=False)
def root_state(grid, h, w, cover, touch, base, est, col):
    """The link states ``est`` and colour sets ``col`` after the first propagation of ``force_other``: its set-up
    and its first call of ``_propagate``, copied. Returns False when that already rules out another solution."""
    size = h * w
    ne = 2 * size
    other = np.arange(size).astype(np.int64)
    deg = np.zeros(size, dtype=np.int64)
    isbase = np.zeros(ne, dtype=np.bool_)
    full = np.uint64(0)
    npairs = 0
    for x in range(size):
        if grid[x] > npairs:
            npairs = grid[x]
    for x in range(size):
        if grid[x] > 0:
            full |= np.uint64(1) << np.uint64(grid[x])
    for x in range(size):
        est[x] = -1
        est[size + x] = -1
        col[x] = (np.uint64(1) << np.uint64(grid[x])) if grid[x] > 0 else (full if cover else full | EMPTY)
    nbase = 0
    for x in range(size):
        for d in range(1, 3):
            if _side(x, d, h, w) >= 0 and base[x] & (1 << d):
                isbase[_eid(x, d, size, w)] = True
                nbase += 1
    for x in range(size):
        if x % w == w - 1:
            est[x] = 0
        if x // w == h - 1:
            est[size + x] = 0
    cap = 5 * ne + (npairs + 2) * size + 64
    tk = np.zeros(cap, dtype=np.int8)
    ti = np.zeros(cap, dtype=np.int64)
    tv = np.zeros(cap, dtype=np.uint64)
    queue = np.arange(size).astype(np.int64)
    inq = np.ones(size, dtype=np.bool_)
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
    ok, _nt, _qh, _qn, _based = _propagate(grid, h, w, cover, touch, est, col, other, deg, isbase, nbase, 0,
                                           tk, ti, tv, 0, queue, inq, 0, size, enda, endb, npairs, mark, bfs, cutw)
    return ok


def root(puzzle, first, cover: bool, touch: bool):
    """(ok, est, col): the root state of the propagation for the question "another than ``first``?"."""
    base, grid = first_tables(puzzle, first)
    h, w = puzzle.shape
    est = np.zeros(2 * h * w, dtype=np.int8)
    col = np.zeros(h * w, dtype=np.uint64)
    ok = root_state(grid, h, w, cover, touch, base, est, col)
    return bool(ok), est, col


def regions(puzzle, est) -> int:
    """Components of the cells with a link still open, joined by their open links (the board cut at the cells
    and links the propagation decided)."""
    h, w = puzzle.shape
    size = h * w
    parent = list(range(size))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    live = set()
    for x in range(size):
        for e, y in ((x, x + 1), (size + x, x + w)):
            if est[e] == -1:
                live.update((x, y))
                parent[find(x)] = find(y)
    return len({find(x) for x in live})


def sat(task, first, est, col, units: bool, limit: float):
    """CPU ms, conflicts and verdict of SAT on the question, with or without the root facts as unit clauses."""
    p = task.puzzle
    size = p.height * p.width
    t = time.process_time()
    enc = encoding_for(task, one=False)
    sel = None
    if shortcuts_suffice(p, task.rule, first):
        enc.nvars += 1
        sel = [enc.nvars]
        for c in shortcut_clauses(p, enc.inc):
            enc.add_clause(c + [-sel[0]])
    enc.block_lines(first)
    n = 0
    if units:
        for k in range(enc.nedges):
            e = int(enc.eu[k]) if enc.horiz[k] else size + int(enc.eu[k])
            if est[e] >= 0:
                enc.add_clause([k + 1 if est[e] == 1 else -(k + 1)])
                n += 1
        flat = p.grid.ravel()
        for x in range(size):
            if flat[x] == 0 and not col[x] & EMPTY:  # proved covered: some link of it on
                enc.add_clause([int(v) for v in enc.inc[x] if v > 0])
                n += 1
    enc.set_hint(first)
    try:
        verdict = "none" if bounded_model(enc, time.perf_counter() + limit, sel) is None else "another"
    except TimeoutError:
        verdict = "open"
    conflicts = enc.solver.accum_stats().get("conflicts", 0) if hasattr(enc.solver, "accum_stats") else 0
    enc.close()
    return 1000 * (time.process_time() - t), conflicts, verdict, n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--touch", default="0", help="the task's touching: 1, 0 or 1,0")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds of the clock for each SAT question")
    ap.add_argument("--rule", default="nikoli", help="nikoli, or nikoli,fill for the root state under fill too")
    args = ap.parse_args(argv)
    for half in args.halves.split(","):
        for i, (_e, p) in enumerate(load_corpus("a", None, (half,))):
            if max(p.shape) > 50:
                continue
            for touch in (t == "1" for t in args.touch.split(",")):
                r = solve_puzzle(p, rule="nikoli", time_limit=2, touch=touch)
                if r.status != "solved" or (r.solutions[0].grid == 0).any():
                    continue  # only first solutions that cover the board
                first = r.solutions[0]
                task = _as_asked(Task(p, resolve("nikoli", touch=touch), 2, None), first)
                exist = np.ones(2 * p.height * p.width, dtype=bool)
                exist[: p.height * p.width][np.arange(p.height * p.width) % p.width == p.width - 1] = False
                exist[p.height * p.width:][np.arange(p.height * p.width) // p.width == p.height - 1] = False
                line = [half, i, f"{p.height}x{p.width}", f"touch={int(touch)}"]
                if p.pairs > MAX_PAIRS:  # a cell's colours are the bits of one 64-bit word
                    print(" | ".join(map(str, line + [f"{p.pairs} pairs: over {MAX_PAIRS}, not asked"])), flush=True)
                    continue
                for rule in args.rule.split(","):
                    t = time.process_time()
                    ok, est, col = root(p, first, rule == "fill", task.rule.touch)
                    ms = 1000 * (time.process_time() - t)
                    free = int((p.grid == 0).sum())
                    covered = int(((col & EMPTY) == 0).sum()) - (p.height * p.width - free)
                    line.append(f"{rule}: root {ms:.2f} ms, " + (
                        "no other" if not ok else f"links decided {100 * (est[exist] >= 0).mean():.1f} %, free "
                        f"cells covered {covered} of {free}, regions {regions(p, est)}"))
                print(" | ".join(map(str, line)), flush=True)
                ok, est, col = root(p, first, False, task.rule.touch)
                if not ok:
                    continue
                a = sat(task, first, est, col, False, args.limit)
                b = sat(task, first, est, col, True, args.limit)
                flag = " WRONG" if "open" not in (a[2], b[2]) and a[2] != b[2] else ""
                print(f"    SAT alone {a[0]:.1f} ms, {a[1]} conflicts, {a[2]} | with {b[3]} root facts "
                      f"{b[0]:.1f} ms, {b[1]} conflicts, {b[2]}{flag}", flush=True)


if __name__ == "__main__":
    main()
