"""Number Link under ``nikoli`` on the winding family: single SAT questions, and what a known busy cell is worth.

    python benchmarks/bench_nl_wind_questions.py MODE [--count 10] [--first 0] [--half dev|held|both]
                                                      [--cpu 3] [--fraction 0.5] [--solver g4] [--show]

Puzzles: :func:`bench_nl_wind.wind_puzzle` (even seeds dev, odd held). Each
question is asked in process (``rc2`` in a child), ``--cpu`` processor
seconds a puzzle, in calls of 2,000 conflicts; a line per puzzle with
``--show``, and a row per half: asked, answered with lines (checked with
``tests/numberlink_checker.py``), "no lines", no answer; median and worst
processor seconds of the puzzles answered with lines. None of these is the
pipeline's question: they are the experiments behind the section on this
family in ``docs/benchmarks.md``.

Two encodings, built here (not :mod:`tremaux.numberlink.solvers.encoding`):

* *links*: one variable per link between two neighbouring cells, no
  colours. A number has one link, any other cell none or two, a number's
  link never goes to a number of another pair; the corner clauses of
  :mod:`tremaux.numberlink.solvers.shortcuts` (a line turning at a free cell
  keeps the inner diagonal cell busy) and no U-turn around two free cells
  (sound together for one solution: a solution of least length, then of
  greatest ``3 * row + column`` sum, keeps both). A *busy* variable per free
  cell (one of its links is on). Closed loops are dropped from an answer.
* *one-hot*: the links, and a colour per free cell and pair (a busy cell has
  exactly one, a link joins cells of one colour).

MODE:

``links``      links only; a line that joins numbers of two pairs is cut
               ("not all these links") and the solver asked again
``onehot``     the one-hot question
``phase``      the one-hot question, busy cells the solver's first guess
``rc2``        the one-hot question as MaxSAT, fewest empty cells (pysat's
               RC2), in a child process stopped at ``--cpu`` seconds of the clock
``known``      the one-hot question, ``--fraction`` of the cells the planted
               lines cover assumed busy (drawn by seed): what knowing where
               lines run is worth ("no lines" here is the shortcut clauses
               refusing the planted lines, which are not the shortest: not a proof)
``guess``      the one-hot question, ``--fraction`` of all free cells assumed
               busy (drawn by seed); each "no lines" drops the assumptions in
               its core, and the solver is asked again
``far``        as ``guess``, the cells assumed busy being every free cell at
               least ``D = --fraction`` cells from the border and more than
               ``D`` (Manhattan distance) from every number

With ``--corpus FILE``, the question is asked of every puzzle of that corpus
file instead (a line each).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from numberlink_checker import follow  # noqa: E402
from pysat.examples.rc2 import RC2  # noqa: E402
from pysat.formula import WCNF  # noqa: E402
from pysat.solvers import Solver  # noqa: E402

from bench_nl_wind import wind_lines, wind_puzzle  # noqa: E402

CONFLICTS = 2000
"""Conflicts of one call (the clock is looked at between calls)."""


def link_question(grid: list[list[int]]):
    """The links' clauses: ``(clauses, link of (cell, cell), busy variable of free cell, variables)``."""
    h, w = len(grid), len(grid[0])
    flat = [v for row in grid for v in row]
    link: dict[tuple[int, int], int] = {}
    at: list[list[int]] = [[] for _ in range(h * w)]
    n = 0
    for a in range(h * w):
        r, c = divmod(a, w)
        for b in ((a + 1) if c + 1 < w else None, (a + w) if r + 1 < h else None):
            if b is not None:
                n += 1
                link[(a, b)] = link[(b, a)] = n
                at[a].append(n)
                at[b].append(n)
    cls: list[list[int]] = []
    busy: dict[int, int] = {}
    for a in range(h * w):
        es = at[a]
        if flat[a]:
            cls.append(list(es))
            cls += [[-x, -y] for i, x in enumerate(es) for y in es[i + 1:]]
            cls += [[-link[(a, b)]] for b in (a - 1, a + 1, a - w, a + w)
                    if (a, b) in link and flat[b] and flat[b] != flat[a]]
            continue
        cls += [[-e] + [x for x in es if x != e] for e in es]  # never one link
        cls += [[-es[i], -es[j], -es[k]] for i in range(len(es)) for j in range(i + 1, len(es))
                for k in range(j + 1, len(es))]  # never three
        n += 1
        busy[a] = n
        cls.append([-n] + list(es))
        cls += [[-e, n] for e in es]
    for a in range(h * w - w):  # the corners ┌ (East, South) and ┐ (West, South): inner diagonal busy
        if flat[a]:
            continue
        s = a + w
        for side, d in ((a + 1, s + 1), (a - 1, s - 1)):
            if (a, side) in link and (s, d) in link and d in busy:
                cls.append([-link[(a, side)], -link[(a, s)], busy[d]])
    for r in range(h - 1):  # no U-turn a-b-c-d round a square through two free cells b, c
        for c in range(w - 1):
            sq = [r * w + c, r * w + c + 1, (r + 1) * w + c + 1, (r + 1) * w + c]
            for i in range(4):
                a, b, cc, d = (sq[(i + j) % 4] for j in range(4))
                if not flat[b] and not flat[cc]:
                    cls.append([-link[(a, b)], -link[(b, cc)], -link[(cc, d)]])
    return cls, link, busy, n


def onehot_question(grid: list[list[int]]):
    """The links' clauses and one-hot colours: same return as :func:`link_question`."""
    cls, link, busy, n = link_question(grid)
    flat = [v for row in grid for v in row]
    pairs = max(flat)
    col: dict[tuple[int, int], int] = {}
    for a, b in busy.items():
        vs = list(range(n + 1, n + pairs + 1))
        n += pairs
        col.update({(a, k): v for k, v in zip(range(1, pairs + 1), vs)})
        cls.append([-b] + vs)
        cls += [[-x, -y] for i, x in enumerate(vs) for y in vs[i + 1:]]
        cls += [[-x, b] for x in vs]

    def colour(a: int, k: int):
        """The literal "cell ``a`` has colour ``k``": a variable, True (``None``) or False."""
        if flat[a]:
            return None if flat[a] == k else False
        return col[(a, k)]

    for (a, b), e in link.items():
        for k in range(1, pairs + 1):
            cu, cv = colour(a, k), colour(b, k)
            if cu is False or cv is None:
                continue
            cls.append([-e] + ([] if cu is None else [-cu]) + ([] if cv is False else [cv]))
    return cls, link, busy, n


def lines_of(model: set[int], grid: list[list[int]], link) -> list[list[int]]:
    """The lines from each number along the links set in ``model`` (closed loops left out)."""
    w = len(grid[0])
    flat = [v for row in grid for v in row]
    seen: set[int] = set()
    out = []
    for a in range(len(flat)):
        if not flat[a] or a in seen:
            continue
        path, prev, cur = [a], None, a
        while True:
            nxt = next((b for b in (cur - 1, cur + 1, cur - w, cur + w)
                        if b != prev and (cur, b) in link and link[(cur, b)] in model), None)
            if nxt is None:
                break
            path.append(nxt)
            prev, cur = cur, nxt
            if flat[cur]:
                break
        seen.update((path[0], path[-1]))
        out.append(path)
    return out


def _verdict(model: set[int], grid, link) -> str:
    w = len(grid[0])
    flat = [v for row in grid for v in row]
    lines = lines_of(model, grid, link)
    if any(flat[p[0]] != flat[p[-1]] for p in lines):
        return "joined"
    paths = [[divmod(x, w) for x in p] for p in sorted(lines, key=lambda p: flat[p[0]])]
    return "WRONG" if follow(grid, paths, fill=False) else "lines"


def _ask(s: Solver, assumptions: list[int], t0: float, cpu: float):
    """Solve in calls of :data:`CONFLICTS` until answered or ``cpu`` seconds since ``t0``: True, False or None."""
    while time.process_time() - t0 < cpu:
        s.conf_budget(CONFLICTS)
        r = s.solve_limited(assumptions=assumptions)
        if r is not None:
            return r
    return None


def ask(mode: str, seed: int, cpu: float, fraction: float, solver: str, p=None) -> tuple[str, float, str]:
    """``(verdict, processor seconds, note)`` of ``mode`` on the puzzle of ``seed`` (or on ``p``)."""
    p = wind_puzzle(seed)[0] if p is None else p
    grid = p.grid.tolist()
    t0 = time.process_time()
    cls, link, busy, n = (link_question if mode == "links" else onehot_question)(grid)
    note = ""
    with Solver(name=solver, bootstrap_with=cls) as s:
        if mode == "links":
            calls = 0
            while True:
                calls += 1
                r = _ask(s, [], t0, cpu)
                if not r:
                    return ("no lines" if r is False else "-"), time.process_time() - t0, f"{calls} calls"
                model = {x for x in s.get_model() if x > 0}
                flat = [v for row in grid for v in row]
                wrong = [q for q in lines_of(model, grid, link) if flat[q[0]] != flat[q[-1]]]
                if not wrong:
                    return _verdict(model, grid, link), time.process_time() - t0, f"{calls} calls"
                for q in wrong:
                    s.add_clause([-link[(a, b)] for a, b in zip(q, q[1:])])
        assume: list[int] = []
        if mode == "phase":
            s.set_phases(list(busy.values()))
        elif mode == "known":
            h, w, lines, _, _ = wind_lines(seed)
            covered = {r * w + c for ln in lines for r, c in ln}
            rnd = random.Random(seed)
            assume = [v for a, v in busy.items() if a in covered and rnd.random() < fraction]
        elif mode == "far":
            h, w = len(grid), len(grid[0])
            nums = [divmod(a, w) for a in range(h * w) if grid[a // w][a % w]]
            d = int(fraction)
            assume = [v for a, v in busy.items()
                      if min(a // w, a % w, h - 1 - a // w, w - 1 - a % w) >= d
                      and all(abs(a // w - r) + abs(a % w - c) > d for r, c in nums)]
        elif mode == "guess":
            rnd = random.Random(seed)
            assume = [v for v in busy.values() if rnd.random() < fraction]
        calls = 0
        while True:
            calls += 1
            r = _ask(s, sorted(assume), t0, cpu)
            if r is None:
                return "-", time.process_time() - t0, f"{calls} calls"
            if r:
                model = {x for x in s.get_model() if x > 0}
                return _verdict(model, grid, link), time.process_time() - t0, f"{calls} calls, {len(assume)} assumed"
            core = set(s.get_core() or [])
            if mode not in ("guess", "far") or not core:
                return "no lines", time.process_time() - t0, f"{calls} calls, {len(assume)} assumed"
            assume = [v for v in assume if v not in core]


def _rc2_child(seed: int, solver: str, out) -> None:
    p = wind_puzzle(seed)[0]
    grid = p.grid.tolist()
    t0 = time.process_time()
    cls, link, busy, _ = onehot_question(grid)
    wc = WCNF()
    for c in cls:
        wc.append(c)
    for v in busy.values():
        wc.append([v], weight=1)
    with RC2(wc, solver=solver) as r:
        m = r.compute()
    verdict = "no lines" if m is None else _verdict({x for x in m if x > 0}, grid, link)
    out.send((verdict, time.process_time() - t0, f"{r.cost} empty" if m is not None else ""))


def ask_rc2(seed: int, cpu: float, solver: str) -> tuple[str, float, str]:
    """RC2 in a forked child, stopped after ``cpu`` seconds of the clock (it has no deadline of its own)."""
    ctx = multiprocessing.get_context("fork")
    a, b = ctx.Pipe(False)
    proc = ctx.Process(target=_rc2_child, args=(seed, solver, b))
    t0 = time.perf_counter()
    proc.start()
    got = a.poll(cpu)
    res = a.recv() if got else ("-", time.perf_counter() - t0, "stopped")
    proc.kill()
    proc.join()
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("links", "onehot", "phase", "rc2", "known", "guess", "far"))
    ap.add_argument("--count", type=int, default=10, help="puzzles per half")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--half", choices=("dev", "held", "both"), default="dev")
    ap.add_argument("--cpu", type=float, default=3.0, help="processor seconds a puzzle")
    ap.add_argument("--fraction", type=float, default=0.5, help="share of cells assumed busy (known, guess)")
    ap.add_argument("--solver", default="g4", help="a python-sat solver name")
    ap.add_argument("--show", action="store_true", help="a line per puzzle")
    ap.add_argument("--corpus", default=None, metavar="FILE",
                    help="instead, every puzzle of this file of benchmarks/numberlink/corpus (not rc2, known)")
    a = ap.parse_args()
    if a.count < 1 or a.cpu <= 0 or not 0 <= a.fraction <= (40 if a.mode == "far" else 1) or a.first < 0:
        ap.error("--count and --cpu must be positive, --fraction within 0..1, --first not negative")
    if a.corpus:
        from tremaux.numberlink import formats
        for i, p in enumerate(formats.load_all(ROOT / "benchmarks" / "numberlink" / "corpus" / a.corpus)):
            v, sec, note = ask(a.mode, i, a.cpu, a.fraction, a.solver, p)
            print(f"  {a.corpus} #{i:2d} {p.height}x{p.width} pairs {p.pairs:3d}  {v:8s} {sec:6.2f} s  {note}",
                  flush=True)
        return
    halves = ("dev", "held") if a.half == "both" else (a.half,)
    print(f"| mode | half | asked | lines | no lines | no answer | median s | max s |")
    print("|---|---|---|---|---|---|---|---|")
    for half in halves:
        rows = []
        for i in range(a.first, a.first + a.count):
            seed = 2 * i + (half == "held")
            if a.mode == "rc2":
                v, sec, note = ask_rc2(seed, a.cpu, a.solver)
            else:
                v, sec, note = ask(a.mode, seed, a.cpu, a.fraction, a.solver)
            rows.append((v, sec))
            if a.show:
                p = wind_puzzle(seed)[0]
                print(f"  seed {seed:3d} {p.height}x{p.width} pairs {p.pairs:3d}  {v:8s} {sec:6.2f} s  {note}",
                      flush=True)
        solved = [t for v, t in rows if v == "lines"]
        print(f"| {a.mode}{f' {a.fraction}' if a.mode in ('known', 'guess') else ''} | {half} | {len(rows)} | "
              f"{len(solved)} | {sum(v == 'no lines' for v, _ in rows)} | {sum(v == '-' for v, _ in rows)} | "
              f"{statistics.median(solved) if solved else float('nan'):.2f} | "
              f"{max(solved) if solved else float('nan'):.2f} |", flush=True)
        bad = [v for v, _ in rows if v in ("WRONG", "joined")]
        if bad:
            print(f"  {len(bad)} answers broke a rule: {bad}", flush=True)


if __name__ == "__main__":
    main()
