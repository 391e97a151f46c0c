"""Where the time goes on the contest puzzles that are slow under ``nikoli`` (ADC 2015 Q15, Q17, Q20 by default).

    PYTHONPATH=src python benchmarks/bench_nl_nikoli_slow.py [--time-limit 10] [--cpu 2] [--orientations 4]
                                                              [PUZZLE_FILE ...]

For each puzzle it prints markdown:

* the verdict under ``fill`` (the solve's answer and time);
* a solve under ``nikoli`` (``solve_puzzle``, ``--time-limit`` seconds) with
  every stage of :mod:`tremaux.numberlink.solvers.pipeline` timed, round by
  round: wall and processor seconds of this process (the portfolio's child
  processes are not in the processor time), and what the stage answered;
* single questions in process, in ``--orientations`` orientations of the
  board (identity, transpose, half turn, transposed half turn), each given
  ``--cpu`` seconds of processor time in slices of 1,000 conflicts: the SAT
  stage's question (induced lines, the clauses of ``shortcuts``) with binary
  colour codes and one-hot colours on Glucose, one-hot colours on CaDiCaL;
  the router's runs (300 rounds, seeds 1-4, the settings of its restarts);
  the compiled search with empty cells allowed, lines that may touch and
  lines that may not.

With ``--corpus``, instead: the SAT stage's question alone with binary colour
codes and with one-hot colours (Glucose, ``--cpu`` seconds each) on every
puzzle of the corpus family a-contest up to 50x50 that the quick verdict
does not settle, both halves. With ``--relaxed``, two more questions per
orientation: lines under ``fill`` with closed loops allowed (their cells are
empty under ``nikoli``) and at most ``s + k`` cells empty for ``k`` = 0, 2, 4,
8 (``s`` the checkerboard count); and at most ``s + 20`` cells empty with
induced lines, no U-turns and the shortcut clauses.

Timings on a shared machine are noisy: the processor times are the ones to compare.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

from tremaux.numberlink import Puzzle, formats, solve_puzzle

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = [ROOT / "tests" / "data" / "numberlink" / "adc2015" / "Q" / f"Q{n}.txt" for n in (15, 17, 20)]
ORIENTATIONS = (lambda g: g, lambda g: g.T, lambda g: g[::-1, ::-1], lambda g: g.T[::-1, ::-1])


def staged_solve(p: Puzzle, limit: float) -> tuple[object, list[tuple]]:
    """The pipeline (``fast``) on ``p`` under ``nikoli``, in process, with each stage's seconds recorded.

    Called directly, not through ``solve_puzzle``, whose bound moves the work into a forked child past a
    tenth of the limit (where the stages are no longer seen).
    """
    from tremaux.numberlink.rules import resolve
    from tremaux.numberlink.solvers import pipeline
    from tremaux.numberlink.solvers.base import Task

    log: list[tuple] = []
    orig = list(pipeline.STAGES)

    def timed(name, f):
        def run(task):
            t, c = time.perf_counter(), time.process_time()
            a = f(task)
            log.append((name, time.perf_counter() - t, time.process_time() - c,
                        "" if a is None else f"{a.found} found, {a.how}"))
            return a
        return run

    pipeline.STAGES[:] = [(n, timed(n, f)) for n, f in orig]
    try:
        return pipeline.fast(Task(p, resolve("nikoli"), 1, time.perf_counter() + limit)), log
    finally:
        pipeline.STAGES[:] = orig


def sat_question(p: Puzzle, colour: str, backend: str, cpu: float, **kw) -> tuple[str, float]:
    """The SAT stage's question (one solution under nikoli) alone: ``sat``, ``unsat`` or ``-``, processor seconds.

    With ``kw`` (``holes``, ``max_holes``, ``uturns``...), that question under ``fill`` with those holes instead.
    """
    from tremaux.numberlink.solvers.encoding import Encoding
    from tremaux.numberlink.solvers.shortcuts import shortcut_clauses

    c0 = time.process_time()
    enc = Encoding(p, "fill" if kw else "nikoli", induced=True, colour=colour, backend=backend, **kw)
    try:
        for clause in shortcut_clauses(p, enc.inc):
            enc.add_clause(clause)
        while time.process_time() - c0 < cpu:
            enc.solver.conf_budget(1000)
            r = enc.solver.solve_limited()
            if r is not None:
                return ("sat" if r else "unsat"), time.process_time() - c0
    finally:
        enc.close()
    return "-", time.process_time() - c0


def loops_question(p: Puzzle, extra: int, cpu: float) -> tuple[str, float]:
    """Lines under ``fill``, closed loops allowed, at most ``s + extra`` cells empty (shared colour codes, Glucose)."""
    from tremaux.numberlink.solvers.encoding import FILL_COLOUR_BITS, Encoding
    from tremaux.numberlink.solvers.verdicts import colour_surplus

    c0 = time.process_time()
    enc = Encoding(p, "fill", holes="any", max_holes=abs(colour_surplus(p)) + extra, colour_bits=FILL_COLOUR_BITS)
    try:
        while time.process_time() - c0 < cpu:
            try:
                m = enc.next_model(None, drop_loops=True, conflicts=1000)
            except TimeoutError:
                continue
            return ("sat" if m is not None else "unsat"), time.process_time() - c0
    finally:
        enc.close()
    return "-", time.process_time() - c0


def corpus(cpu: float) -> None:
    """Binary codes against one-hot colours for the SAT stage's question over the corpus family a-contest."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_numberlink import load_corpus
    from tremaux.numberlink.rules import resolve
    from tremaux.numberlink.solvers.verdicts import quick_verdict

    print("| half | puzzle | size | pairs | binary codes | one-hot |\n|---|---|---|---|---|---|")
    for e, p in load_corpus("a", None):
        if max(p.shape) > 50 or not p.pairs or quick_verdict(p, resolve("nikoli")) is not None:
            continue
        a, b = sat_question(p, "binary", "glucose4", cpu), sat_question(p, "onehot", "glucose4", cpu)
        print(f"| {e['half']} | {e['origin']} | {p.width}x{p.height} | {p.pairs} | {a[0]} {a[1]:.3f} | "
              f"{b[0]} {b[1]:.3f} |", flush=True)


def router_runs(p: Puzzle) -> tuple[str, float]:
    """The router's restarts (300 rounds, seeds 1-4): seeds that joined every pair, processor seconds."""
    from tremaux.numberlink.solvers.router import RESTART_SETTINGS, _route

    c0 = time.process_time()
    ok = [s for s in range(1, 5) if _route(p, 300, seed=s, settings=RESTART_SETTINGS)[0] > 0]
    return (",".join(map(str, ok)) or "none"), time.process_time() - c0


def search_run(p: Puzzle, touch: bool, cpu: float) -> tuple[str, float]:
    """The compiled search with empty cells allowed, for ``cpu`` processor seconds: found / nodes."""
    from tremaux.numberlink.solvers.search import SearchRun

    c0 = time.process_time()
    run = SearchRun(p, cover=False, touch=touch, max_solutions=1)
    out = run.advance(time.perf_counter() + 0.05, pause_at=1)
    while not (out.solutions or out.complete) and time.process_time() - c0 < cpu:
        out = run.advance(time.perf_counter() + 0.05, pause_at=1)
    what = "found" if out.solutions else "complete" if out.complete else f"- ({out.nodes:,} nodes)"
    return what, time.process_time() - c0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds of the staged solve (default 10)")
    ap.add_argument("--cpu", type=float, default=2.0, help="processor seconds per single question (default 2)")
    ap.add_argument("--orientations", type=int, default=4, choices=range(0, 5),
                    help="orientations of the single questions (0: none, the staged solve only)")
    ap.add_argument("--corpus", action="store_true", help="binary against one-hot colours over a-contest instead")
    ap.add_argument("--relaxed", action="store_true", help="the relaxed questions too, in each orientation")
    args = ap.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    solve_puzzle(formats.load(DEFAULT[0]), rule="nikoli", time_limit=2)  # warm-up: the kernels load
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M')} UTC on {platform.machine()} ({os.cpu_count()} cores shared, "
          f"load {os.getloadavg()[0]:.1f}), Python {platform.python_version()}.\n")
    if args.corpus:
        return corpus(args.cpu)
    for f in args.files:
        p = formats.load(f)
        t = time.perf_counter()
        r = solve_puzzle(p, rule="fill", time_limit=args.time_limit)
        answer = f.parent.parent / "A" / f.name.replace("Q", "A", 1)  # the contest's published answer, if any
        empty = ""
        if answer.is_file():
            cells = [x for line in answer.read_text().splitlines()[1:] for x in line.split(",") if x.strip()]
            empty = f"; the published answer leaves {sum(int(x) == 0 for x in cells)} cells empty"
        print(f"### {f.name} ({p.width}x{p.height}, {p.pairs} pairs{empty})\n")
        print(f"`fill`: {r.status} in {1000 * (time.perf_counter() - t):.1f} ms ({r.message}).\n")
        t, c = time.perf_counter(), time.process_time()
        r, log = staged_solve(p, args.time_limit)
        print(f"`nikoli`, {args.time_limit:g} s, the pipeline in process: {r.found} found "
              f"({r.how or r.stopped}), {time.perf_counter() - t:.2f} s wall, {time.process_time() - c:.2f} s "
              "processor in process (the portfolio's child processes not counted).\n")
        print("| stage | calls | wall s | processor s | answers |\n|---|---|---|---|---|")
        for name in dict.fromkeys(n for n, *_ in log):
            rows = [x for x in log if x[0] == name]
            print(f"| {name} | {len(rows)} | {sum(x[1] for x in rows):.3f} | {sum(x[2] for x in rows):.3f} | "
                  f"{'; '.join(sorted({x[3] for x in rows if x[3]}))} |")
        print("\n| orientation | SAT binary Glucose | SAT one-hot Glucose | SAT one-hot CaDiCaL | router seeds | "
              "search, touching | search, no touching |\n|---|---|---|---|---|---|---|")
        for i, o in enumerate(ORIENTATIONS[: args.orientations]):
            q = Puzzle(np.ascontiguousarray(o(p.grid)))
            cells = [sat_question(q, "binary", "glucose4", args.cpu), sat_question(q, "onehot", "glucose4", args.cpu),
                     sat_question(q, "onehot", "cadical195", args.cpu), router_runs(q),
                     search_run(q, True, args.cpu), search_run(q, False, args.cpu)]
            print(f"| {i} | " + " | ".join(f"{a} {s:.2f}" for a, s in cells) + " |", flush=True)
        if args.relaxed and args.orientations:
            print("\n| orientation | loops allowed, s + 0 / 2 / 4 / 8 empty | s + 20 empty, no U-turns, shortcuts |"
                  "\n|---|---|---|")
        for i, o in enumerate(ORIENTATIONS[: args.orientations] if args.relaxed else ()):
            q = Puzzle(np.ascontiguousarray(o(p.grid)))
            from tremaux.numberlink.solvers.verdicts import colour_surplus

            loops = [loops_question(q, k, args.cpu) for k in (0, 2, 4, 8)]
            b = sat_question(q, "binary", "glucose4", args.cpu, holes="any", uturns=False,
                             max_holes=abs(colour_surplus(q)) + 20)
            print(f"| {i} | " + ", ".join(f"{a} {s:.2f}" for a, s in loops) + f" | {b[0]} {b[1]:.2f} |", flush=True)
        print()


if __name__ == "__main__":
    sys.exit(main())
