"""Uniqueness under ``nikoli`` on the contest puzzles whose first solution covers the board: probes.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_contest.py --part check --halves dev --index 3,4,7,12,13

``--part check``: the plain solve and the whole check (``solve_puzzle(unique=True)``, ``--limit`` seconds),
CPU of the process and of its child (``resource.getrusage``), with the part that answered in process.
``--part solvers``: SAT alone on the check's question (induced lines, the clauses of ``shortcuts``, the
first solution forbidden and as hint) with each of ``--solvers`` (one call, no limit: keep to puzzles it
decides). ``--part line``: each line of the first solution in turn (the most longer than its numbers' shortest
path first) fixed to a shortest path between its numbers by assumptions on the same encoding, with
``--conflicts`` conflicts each: a model is a second solution. ``--part straight``: without SAT, each such
line routed along a shortest path through every cell but the other numbers, the lines it crosses re-routed
along shortest paths through what is left (in pair order, shortest first, longest first): a second solution
when all are routed (checked by ``tests/numberlink_checker.py``). ``--part crossed``: the same line so
routed, every line it does not cross kept, and the lines it crosses solved again by SAT on the cells left
(``--conflicts`` each). ``--part freed``: each such line's group (the line, the lines its shortest path crosses,
the lines beside the cells it frees) set free in SAT's question, every other line kept by assumptions
(``--conflicts`` each; ``freed-straight``: the shortest path assumed too), up to the first model. ``--part lp``:
the least cells lines that may split and cross can cover (a fractional flow, SciPy's HiGHS), beside the sum of
the shortest ways (``--integral``: whole units, the least cover, ``--limit`` seconds). The first solution is
the plain solve's without touching; puzzles whose first solution leaves a cell empty are passed over.
docs/benchmarks.md, "the propagation's facts before SAT, measured", and "lines set free where a straight line
frees cells".
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_numberlink import load_corpus  # noqa: E402
from numberlink_checker import follow  # noqa: E402  (bench_numberlink puts tests/ on the path)

from tremaux.kernels import numberlink as kn  # noqa: E402
from tremaux.numberlink import Puzzle, solve_puzzle  # noqa: E402
from tremaux.numberlink.solvers.encoding import Encoding  # noqa: E402
from tremaux.numberlink.solvers.shortcuts import shortcut_clauses  # noqa: E402


def cpu() -> float:
    """CPU seconds of this process and of its children waited for."""
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def shortest(h: int, w: int, free, s: int, t: int) -> list[int] | None:
    """A shortest path of flat cells from ``s`` to ``t`` through the cells ``free`` accepts (breadth-first)."""
    prev = {s: None}
    q = deque([s])
    while q:
        c = q.popleft()
        if c == t:
            path = [t]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])
            return path[::-1]
        r, k = divmod(c, w)
        for n in (c - w if r else -1, c + 1 if k < w - 1 else -1, c + w if r < h - 1 else -1, c - 1 if k else -1):
            if n >= 0 and n not in prev and (n == t or free(n)):
                prev[n] = c
                q.append(n)
    return None


def question(p, first, backend: str = "glucose4") -> Encoding:
    """SAT's question after ``first``, as ``another._race`` asks it among lines that never touch."""
    enc = Encoding(p, "nikoli", induced=True, backend=backend)
    for c in shortcut_clauses(p, enc.inc):
        enc.add_clause(c)
    enc.block_lines(first)
    enc.set_hint(first)
    return enc


def by_excess(p, paths) -> list[tuple[int, list[int]]]:
    """(line, a shortest path between its numbers) for the lines longer than that, the most longer first."""
    g = p.grid.ravel()
    h, w = p.shape
    out = []
    for k, q in enumerate(paths):
        sp = shortest(h, w, lambda x: g[x] == 0, q[0], q[-1])
        if len(q) > len(sp):
            out.append((len(q) - len(sp), k, sp))
    return [(k, sp) for _, k, sp in sorted(out, key=lambda e: (-e[0], e[1]))]


def straight(p, paths):
    """The greedy re-routing of ``--part straight``: (lines, tries) or (None, tries)."""
    g = p.grid.ravel()
    h, w = p.shape
    tries = 0
    for k, sp in by_excess(p, paths):
        owner = np.zeros(h * w, dtype=np.int64)
        for j, q in enumerate(paths):
            owner[q] = j + 1
        crossed = sorted({int(owner[x]) - 1 for x in sp if owner[x] not in (0, k + 1)})
        for order in (crossed, sorted(crossed, key=lambda j: len(paths[j])),
                      sorted(crossed, key=lambda j: -len(paths[j]))):
            tries += 1
            own = owner.copy()
            own[paths[k]] = 0
            for j in crossed:
                own[paths[j][1:-1]] = 0
            own[sp] = k + 1
            new = {k: sp}
            for j in order:
                q = shortest(h, w, lambda x: own[x] == 0 and g[x] == 0, paths[j][0], paths[j][-1])
                if q is None:
                    break
                own[q] = j + 1
                new[j] = q
            else:
                return [new.get(j, paths[j]) for j in range(len(paths))], tries
    return None, tries


def crossed_again(p, paths, conflicts: int) -> str:
    """``--part crossed``: for each line taken straight, SAT's verdict on the lines it crosses (line: crossed,
    verdict), up to the first model."""
    h, w = p.shape
    out = []
    for k, sp in by_excess(p, paths):
        owner = np.zeros(h * w, dtype=np.int64)
        for j, q in enumerate(paths):
            owner[q] = j + 1
        crossed = sorted({int(owner[x]) - 1 for x in sp if owner[x] not in (0, k + 1)})
        owner[paths[k]] = 0
        for j in crossed:
            owner[paths[j]] = 0
        owner[sp] = k + 1
        blocked = owner > 0  # the kept lines and the straight one
        sub = np.zeros(h * w, dtype=np.int64)  # the crossed pairs alone, numbered anew
        for m, j in enumerate(crossed):
            sub[[paths[j][0], paths[j][-1]]] = m + 1
        enc = Encoding(Puzzle(sub.reshape(h, w)), "nikoli", induced=True, blocked=blocked.reshape(h, w))
        enc.solver.conf_budget(conflicts)
        got = enc.solver.solve_limited()
        enc.close()
        out.append(f"{k + 1}:{len(crossed)}:{ {True: 'model', False: 'none', None: 'open'}[got]}")
        if got:
            break
    return "lines " + " ".join(out)


def freed_groups(p, paths) -> list[tuple[int, list[int], list[int]]]:
    """``--part freed``: (line, its shortest path, the group set free) for each line longer than its shortest
    path, the most longer first; the group is the line, the lines its shortest path crosses, and the lines
    that own a cell beside a cell it frees (on its first route, not on the new one)."""
    h, w = p.shape
    out = []
    for k, sp in by_excess(p, paths):
        owner = np.zeros(h * w, dtype=np.int64)
        for j, q in enumerate(paths):
            owner[q] = j + 1
        group = {k} | {int(owner[x]) - 1 for x in sp if owner[x] != k + 1}
        for x in set(paths[k]) - set(sp):
            r, c = divmod(x, w)
            for y in (x - w if r else -1, x + 1 if c < w - 1 else -1, x + w if r < h - 1 else -1, x - 1 if c else -1):
                if y >= 0:
                    group.add(int(owner[y]) - 1)
        out.append((k, sp, sorted(group)))
    return out


def freed(p, first, paths, conflicts: int, straight_too: bool) -> str:
    """``--part freed``: SAT's question with every line outside the group kept (assumptions on their links;
    ``straight_too``: the line's shortest path assumed too), ``conflicts`` each, up to the first model."""
    t = time.process_time()
    enc = question(p, first)
    out = [f"build {1000 * (time.process_time() - t):.0f} ms;"]
    h, w = p.shape
    edge = {(int(u), int(v)): k + 1 for k, (u, v) in enumerate(zip(enc.eu, enc.ev))}

    def links(q):
        return [edge[min(a, b), max(a, b)] for a, b in zip(q, q[1:])]

    for k, sp, group in freed_groups(p, paths):
        keep = [x for j, q in enumerate(paths) if j not in group for x in links(q)]
        enc.solver.conf_budget(conflicts)
        t = time.process_time()
        got = enc.solver.solve_limited(assumptions=keep + (links(sp) if straight_too else []))
        out.append(f"{k + 1}:{len(group)}:{ {True: 'model', False: 'none', None: 'open'}[got]}"
                   f":{1000 * (time.process_time() - t):.0f}")
        if got:
            on = np.asarray(enc.solver.get_model()[: enc.nedges]) > 0
            owner, *_ = kn.trace_lines(enc._links(on), enc.ends, h, w)
            on &= owner[enc.eu] >= 0  # loops dropped: what is left is a solution under ``nikoli``
            owner, cells, starts, _ = kn.trace_lines(enc._links(on), enc.ends, h, w)
            lines = [[(int(x) // w, int(x) % w) for x in cells[starts[j]:starts[j + 1]]] for j in range(p.pairs)]
            bad = follow(p.grid.tolist(), lines, fill=False, touch=False)
            changed = sum(len(a) != len(b) or a != [(x // w, x % w) for x in b] for a, b in zip(lines, paths))
            out.append(f"({changed} lines changed, {int((owner == 0).sum())} cells empty"
                       f"{', WRONG ' + bad[0] if bad else ''})")
            break
    enc.close()
    return "lines " + " ".join(out)


def lp_cells(p, integral: bool = False, limit: float = 120.0) -> tuple[float | None, float]:
    """``--part lp``: the least number of cells the lines can cover when each may split (a fractional flow of
    one unit per pair from one number to the other through free cells, at most one unit entering a cell; lines
    may cross, touch themselves and each other), by SciPy's HiGHS; and its CPU seconds. Every solution covers
    at least this many cells, so a bound equal to the board's cells proves that none leaves a cell empty.
    ``integral``: whole units (lines that may touch; the least cover itself, by branch and bound), ``None`` when
    HiGHS stops at ``limit`` seconds of the clock."""
    try:
        from scipy.optimize import linprog
        from scipy.sparse import coo_matrix
    except ImportError:  # not a dependency of tremaux: this probe alone needs it
        raise SystemExit("error: --part lp needs SciPy, which tremaux does not install (pip install scipy)") from None

    h, w = p.shape
    g = p.grid.ravel()
    n = h * w
    arcs = [(c, d) for c in range(n) for d in _around(h, w, c) if d >= 0]
    eq_r, eq_c, eq_v, cap_r, beq = [], [], [], [], []
    var = 0
    for k in range(1, p.pairs + 1):
        s, t = np.flatnonzero(g == k)
        for u, v in arcs:
            if g[u] in (0, k) and g[v] in (0, k) and v != s and u != t:
                eq_r += [(k - 1) * n + u, (k - 1) * n + v]
                eq_c += [var, var]
                eq_v += [1, -1]
                cap_r.append(v)  # a unit entering v uses v
                var += 1
        b = np.zeros(n)
        b[s], b[t] = 1, -1
        beq.append(b)
    a_eq = coo_matrix((eq_v, (eq_r, eq_c)), shape=(p.pairs * n, var)).tocsr()
    a_ub = coo_matrix((np.ones(var), (cap_r, np.arange(var))), shape=(n, var)).tocsr()
    t = time.process_time()
    res = linprog(np.ones(var), A_ub=a_ub, b_ub=np.ones(n), A_eq=a_eq, b_eq=np.concatenate(beq), bounds=(0, None),
                  method="highs", integrality=np.ones(var) if integral else None, options={"time_limit": limit})
    return (res.fun + p.pairs if res.status == 0 else None), time.process_time() - t  # + the cells of the sources


def _around(h: int, w: int, c: int) -> tuple[int, int, int, int]:
    r, k = divmod(c, w)
    return c - w if r else -1, c + 1 if k < w - 1 else -1, c + w if r < h - 1 else -1, c - 1 if k else -1


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", default="check", choices=("check", "solvers", "line", "straight", "crossed", "freed",
                                                            "freed-straight", "lp"))
    ap.add_argument("--halves", default="dev")
    ap.add_argument("--index", default="", help="puzzle numbers within the half, comma-separated (all: empty)")
    ap.add_argument("--limit", type=float, default=30.0)
    ap.add_argument("--solvers", default="glucose4,glucose42,cadical195")
    ap.add_argument("--conflicts", type=int, default=2000)
    ap.add_argument("--integral", action="store_true", help="--part lp: whole units (branch and bound, --limit)")
    args = ap.parse_args(argv)
    for half in args.halves.split(","):
        corpus = load_corpus("a", None, (half,))
        solve_puzzle(corpus[0][1], rule="nikoli", unique=True, touch=False)  # kernels loaded
        wanted = [int(x) for x in args.index.split(",")] if args.index else range(len(corpus))
        for i in wanted:
            p = corpus[i][1]
            h, w = p.shape
            if max(h, w) > 50:
                continue
            got = solve_puzzle(p, rule="nikoli", time_limit=2, touch=False).solutions
            if not got:
                print(f"{half} {i} {h}x{w}: no first solution in 2 s", flush=True)
                continue
            first = got[0]
            if (first.grid == 0).any():
                continue
            paths = [[r * w + c for r, c in q.tolist()] for q in first.paths]
            head = f"{half} {i} {h}x{w}"
            if args.part == "check":
                import bench_unique_cpu as rec  # records how the check answered in process

                for touch in (False, True):
                    t = cpu()
                    solve_puzzle(p, rule="nikoli", time_limit=1, **({} if touch else {"touch": False}))
                    solve = cpu() - t
                    rec.HOW.clear()
                    t = cpu()
                    u = solve_puzzle(p, rule="nikoli", unique=True, time_limit=args.limit, touch=touch)
                    how = rec.HOW[-1] if rec.HOW else "(answered in a child process)"
                    print(f"{head} touch={int(touch)} solve {1000 * solve:.1f} ms, check {1000 * (cpu() - t):.0f} "
                          f"ms, unique={u.unique}, {how}", flush=True)
            elif args.part == "solvers":
                for name in args.solvers.split(","):
                    t = time.process_time()
                    enc = question(p, first, name)
                    answer = enc.solver.solve()
                    print(f"{head} {name} {1000 * (time.process_time() - t):.0f} ms, "
                          f"{enc.solver.accum_stats().get('conflicts')} conflicts, model={answer}", flush=True)
                    enc.close()
            elif args.part == "line":
                t = time.process_time()
                enc = question(p, first)
                edge = {(int(u), int(v)): k + 1 for k, (u, v) in enumerate(zip(enc.eu, enc.ev))}
                tried = []
                for k, sp in by_excess(p, paths):
                    enc.solver.conf_budget(args.conflicts)
                    got = enc.solver.solve_limited(assumptions=[edge[min(a, b), max(a, b)] for a, b in zip(sp, sp[1:])])
                    tried.append(f"{k + 1}:{ {True: 'model', False: 'none', None: 'open'}[got]}")
                    if got:
                        break
                enc.close()
                print(f"{head} {1000 * (time.process_time() - t):.0f} ms, lines {' '.join(tried)}", flush=True)
            elif args.part == "lp":
                d = sum(len(shortest(h, w, lambda x: p.grid.ravel()[x] == 0, q[0], q[-1])) for q in paths)
                bound, sec = lp_cells(p, args.integral, args.limit)
                print(f"{head} cells {h * w}, shortest ways {d}, {'whole' if args.integral else 'fractional'} "
                      f"lines {'open' if bound is None else f'{bound:.1f}'} ({sec:.2f} s)", flush=True)
            elif args.part.startswith("freed"):
                t = time.process_time()
                got = freed(p, first, paths, args.conflicts, args.part == "freed-straight")
                print(f"{head} {got}, {1000 * (time.process_time() - t):.0f} ms", flush=True)
            elif args.part == "crossed":
                t = time.process_time()
                print(f"{head} {crossed_again(p, paths, args.conflicts)}, {1000 * (time.process_time() - t):.0f} ms",
                      flush=True)
            else:
                t = time.process_time()
                lines, tries = straight(p, paths)
                ms = 1000 * (time.process_time() - t)
                if lines is None:
                    print(f"{head} none in {tries} tries, {ms:.1f} ms", flush=True)
                    continue
                cells = [[(x // w, x % w) for x in q] for q in lines]
                bad = follow(p.grid.tolist(), cells, fill=False, touch=False)
                print(f"{head} another in {tries} tries, {ms:.1f} ms{' WRONG ' + bad[0] if bad else ''}", flush=True)


if __name__ == "__main__":
    main()
