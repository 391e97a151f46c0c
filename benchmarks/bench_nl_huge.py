"""Huge Number Link puzzles that fill the board (rule ``fill``), 60x60 to 200x200: time to solve, dev and held-out.

    python benchmarks/bench_nl_huge.py [--sizes 60,100,140,200] [--kinds short,d05,d03,walks]
                                       [--seeds 0,1] [--time-limit 20] [--dir DIR] [--json OUT]
                                       [--rules fill,nikoli] [--stages]
                                       [--report A.json [B.json]] [--cli 200] [--corners]
                                       [--slow-first-pass SECONDS]

Puzzles, made here (written as grid text to ``--dir``, default ``/tmp/tremaux-huge``, and read
back from there the next time):

``short``
    the generator's planted cover of short lines (:func:`tremaux.numberlink.plant.plant`,
    no ``density``, the generator's default longest line): a pair per few cells;
``d05``, ``d04``, ``d03``, ``d02``, ``d01``
    the generator's planted lines at ``density`` 0.05 to 0.01 pairs per cell (long winding
    lines, as in published puzzles; ``d03`` and sparser only up to side 140: their planting
    takes half a minute and more at 200);
``walks``
    an independent generator written here, the way other tools make such puzzles
    (thomasahle/numberlink's ``gen``): the board tiled by dominoes, then random lines whose
    ends are side by side joined while the joined line does not run beside itself; many short
    lines and some long ones.

The planted lines are a solution, so every puzzle has one; they are not made unique (that is
the generator's work, too slow at these sizes). Seeds: even = development half (``dev``),
odd = held-out half (``held``). Each puzzle is solved in process under each rule of ``--rules``
(default ``fill``) with the time limit; the time is wall time and CPU time (this process and its child
processes), and every
solution is checked cell by cell (``tests/numberlink_checker.py``). ``--cli N`` also runs
``tremaux numberlink solve`` on the first ``walks`` puzzle of side N and reports its time, peak
memory (``/usr/bin/time``) and output size. ``--stages`` keeps the whole limit in process (no
child process takes the work over) and records, per puzzle, the CPU seconds each stage of the
pipeline took over all rounds and the stage that answered. ``--corners`` asks, per puzzle, the SAT
question of ``fill`` without U-turns (:func:`tremaux.numberlink.solvers.sat.untouched_stage`; on these boards
the ``dense`` question of ``nikoli`` is the same one) in one call with the corner theorem's clauses and in one
without them: CPU seconds and conflicts of each, and the CPU seconds to an answer when the first round's share
goes to the first and the rest to the second (``sat._corners_first``), worked out from those two times.
``--slow-first-pass S`` makes every SAT encoding's first pass (its degree clauses) wait ``S`` seconds more, as
a process does when it waits its turn in it on a loaded machine: the build's time judged then, not its work.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

KINDS = ("short", "d05", "d03", "walks")
DENSITY = {"short": None, "d05": 0.05, "d04": 0.04, "d03": 0.03, "d02": 0.02, "d01": 0.01}


def walks_lines(n: int, seed: int) -> list[list[int]]:
    """Lines covering an ``n x n`` board: dominoes joined end to end at random while no line runs beside itself.

    Independent of the package's generator: a row-by-row domino tiling (a column of vertical
    dominoes where a row is odd), shuffled by turning random 2x2 squares of two parallel
    dominoes, then rounds of random joins of two lines whose ends are side by side; a join is
    kept when the joined line does not run beside itself and is at most a quarter of the board
    (the generator's own longest). Lines grow until three rounds in a row join nothing, which
    leaves many short lines and some long ones.
    """
    rng = np.random.default_rng(seed)
    mate = np.full(n * n, -1, dtype=np.int64)
    for r in range(n):
        for c in range(0, n - 1, 2):
            mate[r * n + c], mate[r * n + c + 1] = r * n + c + 1, r * n + c
    if n % 2:  # the last column in vertical dominoes, the corner cell joined to its left neighbour's domino later
        for r in range(0, n - 1, 2):
            a, b = r * n + n - 1, (r + 1) * n + n - 1
            mate[a], mate[b] = b, a
    for _ in range(4 * n * n):  # flips of 2x2 squares made of two parallel dominoes
        r, c = int(rng.integers(n - 1)), int(rng.integers(n - 1))
        a, b, d, e = r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1
        if mate[a] == b and mate[d] == e:
            mate[a], mate[d], mate[b], mate[e] = d, a, e, b
        elif mate[a] == d and mate[b] == e:
            mate[a], mate[b], mate[d], mate[e] = b, a, e, d
    lines: dict[int, list[int]] = {}
    owner = np.full(n * n, -1, dtype=np.int64)
    for cell in range(n * n):
        if owner[cell] < 0:
            ln = [cell] if mate[cell] < 0 else [cell, int(mate[cell])]
            k = len(lines)
            lines[k] = ln
            owner[ln] = k

    def nbrs(x: int) -> list[int]:
        r, c = divmod(x, n)
        return [y for y, ok in ((x - n, r > 0), (x + n, r < n - 1), (x - 1, c > 0), (x + 1, c < n - 1)) if ok]

    def clean(ln: list[int]) -> bool:
        pos = {x: i for i, x in enumerate(ln)}
        return all(abs(pos.get(y, i + 1) - i) == 1 or pos.get(y) is None
                   for i, x in enumerate(ln) for y in nbrs(x))

    stale = 0
    while stale < 3:
        joined = 0
        for k in rng.permutation(list(lines)).tolist():
            ln = lines.get(k)
            if ln is None:
                continue
            end = ln[-1] if rng.random() < 0.5 else ln[0]
            others = [y for y in nbrs(end) if owner[y] != k and y in (lines[owner[y]][0], lines[owner[y]][-1])]
            if not others:
                continue
            y = others[int(rng.integers(len(others)))]
            j = int(owner[y])
            a = ln if end == ln[-1] else ln[::-1]
            b = lines[j] if y == lines[j][0] else lines[j][::-1]
            new = a + b
            if len(new) > n * n // 4 or not clean(new):  # no line longer than the generator's own
                continue
            lines[k] = new
            del lines[j]
            owner[b] = k
            joined += 1
        stale = stale + 1 if joined == 0 else 0
    return [ln for ln in lines.values()]


def build(kind: str, n: int, seed: int, folder: Path):
    """The puzzle ``kind`` of side ``n`` and ``seed`` (read back from ``folder`` when made before)."""
    from tremaux.numberlink import formats
    from tremaux.numberlink.generate import _puzzle_of

    path = folder / f"{kind}-{n}-{seed}.txt"
    if path.exists():
        return formats.load(path)
    if kind == "walks":
        lines = walks_lines(n, seed)
    else:
        from tremaux.kernels.rng import make_state
        from tremaux.numberlink.plant import plant

        lines = plant(n, n, make_state(seed), max(6, n * n // 4), DENSITY[kind], None, None, time.perf_counter())
    p, _ = _puzzle_of(lines, n, n)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(formats.dumps(p))
    return p


def cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def staged() -> dict[str, list[float]]:
    """Wrap every stage of the pipeline so that its CPU seconds and answers are recorded in the dict returned."""
    from tremaux.numberlink.solvers import bound, pipeline

    bound.IN_PROCESS_FLOOR = float("inf")  # the whole limit in process: the stages' time is this process's
    spent: dict[str, list[float]] = {}

    def wrap(name, stage):
        def timed(task):
            c = time.process_time()
            answer = stage(task)
            spent.setdefault(name, [0.0, 0])[0] += time.process_time() - c
            if answer is not None and answer.found:
                spent[name][1] += 1
            return answer
        return timed
    pipeline.STAGES[:] = [(name, wrap(name, stage)) for name, stage in pipeline.STAGES]
    return spent


def slow_first_pass(seconds: float) -> None:
    """Every encoding's first pass ``seconds`` longer, waiting (a process descheduled in it)."""
    from tremaux.numberlink.solvers import backend, encoding

    def judged(deadline, started=None, done=1.0, shape=None):
        if started is not None and done == backend.BUILD_SHARES["degree"]:
            time.sleep(seconds)
        return backend.in_time(deadline, started, done, shape)
    encoding.in_time = judged


def run(args) -> list[dict]:
    from numberlink_checker import follow

    from tremaux.numberlink import Puzzle, solve_puzzle

    spent = staged() if args.stages else {}
    if args.slow_first_pass:
        slow_first_pass(args.slow_first_pass)
    for rule in args.rules:
        solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]), rule=rule, time_limit=5)  # load the kernels first
    rows = []
    for n in args.sizes:
        for kind in args.kinds:
            if kind in ("d03", "d02", "d01") and n > 140:
                continue
            for seed in args.seeds:
                p = build(kind, n, seed, args.dir)
                for rule in args.rules:
                    spent.clear()
                    t, c = time.perf_counter(), cpu()
                    s = solve_puzzle(p, rule=rule, time_limit=args.time_limit)
                    wall, used = time.perf_counter() - t, cpu() - c
                    ok = None
                    if s.solutions:
                        ok = not follow(p.grid.tolist(), [path.tolist() for path in s.solutions[0].paths],
                                        fill=rule == "fill")
                    row = dict(kind=kind, n=n, seed=seed, half="dev" if seed % 2 == 0 else "held", pairs=p.pairs,
                               rule=rule, status=s.status, wall=round(wall, 3), cpu=round(used, 3), ok=ok,
                               how=str(s.message)[:60],
                               stages={k: round(v[0], 3) for k, v in spent.items() if v[0] >= 0.005})
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    return rows


def switched_cpu(with_theorem: float, without: float, first: float = 0.8) -> float:
    """CPU seconds to an answer when the question with the corner theorem has the first round's share
    (``first`` seconds: 0.8 of the first round of ``pipeline.fast`` on an idle core), then the question
    without it starts afresh and has the rest (``sat._corners_first``)."""
    return with_theorem if with_theorem <= first else first + without


def corners(args) -> list[dict]:
    """One SAT call each, with and without the corner theorem's clauses, per puzzle (see the module's text)."""
    from tremaux.numberlink.solvers.encoding import FILL_COLOUR_BITS, Encoding

    rows = []
    for n in args.sizes:
        for kind in args.kinds:
            for seed in args.seeds:
                p = build(kind, n, seed, args.dir)
                row = dict(kind=kind, n=n, seed=seed, half="dev" if seed % 2 == 0 else "held", pairs=p.pairs)
                for tag, theorem in (("with", True), ("without", False)):
                    c = time.process_time()
                    with Encoding(p, "fill", uturns=False, corners=theorem, colour_bits=FILL_COLOUR_BITS) as enc:
                        built = time.process_time()
                        try:
                            model = enc.next_model(time.perf_counter() + args.time_limit, drop_loops=True)
                        except TimeoutError:  # over the limit: counted at the time it took
                            model = None
                        row[tag] = round(time.process_time() - built, 3)
                        row[tag + "_build"] = round(built - c, 3)
                        row[tag + "_conflicts"] = enc.solver.accum_stats().get("conflicts")
                        row[tag + "_found"] = model is not None
                row["switched"] = round(switched_cpu(row["with"], row["without"]), 3)
                rows.append(row)
                print(json.dumps(row), flush=True)
    return rows


def corners_table(rows: list[dict]) -> str:
    out = ["| half | kind | side | pairs | with theorem: CPU s (conflicts) | without: CPU s (conflicts) "
           "| switched: CPU s |",
           "|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r["half"], r["kind"], r["n"], r["seed"])):
        miss = {k: "" if r[k + "_found"] else ", no answer" for k in ("with", "without")}  # past the limit
        out.append(f"| {r['half']} | {r['kind']} | {r['n']} | {r['pairs']} | {r['with']} ({r['with_conflicts']}"
                   f"{miss['with']}) | {r['without']} ({r['without_conflicts']}{miss['without']}) | {r['switched']} |")
    out += ["", "| half | puzzles | median / max CPU s with | without | switched |", "|---|---|---|---|---|"]
    for half in ("dev", "held"):
        h = [r for r in rows if r["half"] == half]
        if h:
            cell = lambda k: f"{statistics.median(r[k] for r in h):.2f} / {max(r[k] for r in h):.2f}"  # noqa: E731
            out.append(f"| {half} | {len(h)} | {cell('with')} | {cell('without')} | {cell('switched')} |")
    return "\n".join(out)


def table(rows: list[dict], before: list[dict] | None = None) -> str:
    key = lambda r: (r["kind"], r["n"], r["seed"], r.get("rule", "fill"))  # noqa: E731
    old = {key(r): r for r in before or []}
    out = ["| half | kind | side | pairs | rule | status | wall s | CPU s | CPU s by stage |" if not before else
           "| half | kind | side | pairs | rule | status before / after | wall s before / after "
           "| CPU s before / after |",
           "|---|---|---|---|---|---|---|---|" + ("" if before else "---|")]
    for r in sorted(rows, key=lambda r: (r["half"], r["kind"], r["n"], r.get("rule", "fill"), r["seed"])):
        bad = "" if r["ok"] in (None, True) else " WRONG"
        head = f"| {r['half']} | {r['kind']} | {r['n']} | {r['pairs']} | {r.get('rule', 'fill')} |"
        if before:
            o = old.get(key(r), {})
            out.append(f"{head} {o.get('status', '-')} / {r['status']}{bad} | {o.get('wall', '-')} / {r['wall']} | "
                       f"{o.get('cpu', '-')} / {r['cpu']} |")
        else:
            by = ", ".join(f"{k} {v:.2f}" for k, v in sorted(r.get("stages", {}).items(), key=lambda kv: -kv[1]))
            out.append(f"{head} {r['status']}{bad} | {r['wall']} | {r['cpu']} | {by} |")
    out += ["", "| half | puzzles | solved | gave up | wrong | median wall s | max wall s | median CPU s |",
            "|---|---|---|---|---|---|---|---|"]
    for tag, rs in (("before", before), ("after", rows)) if before else (("", rows),):
        for half in ("dev", "held"):
            h = [r for r in rs if r["half"] == half]
            if not h:
                continue
            out.append(f"| {half}{' ' + tag if tag else ''} | {len(h)} | {sum(r['status'] == 'solved' for r in h)} | "
                       f"{sum(r['status'] == 'gave-up' for r in h)} | {sum(r['ok'] is False for r in h)} | "
                       f"{statistics.median(r['wall'] for r in h):.2f} | {max(r['wall'] for r in h):.2f} | "
                       f"{statistics.median(r['cpu'] for r in h):.2f} |")
    return "\n".join(out)


def cli(n: int, folder: Path, limit: float) -> str:
    p = folder / f"walks-{n}-0.txt"
    build("walks", n, 0, folder)
    cmd = ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "tremaux", "numberlink", "solve", str(p),
           "--time-limit", str(limit)]
    r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    wall, kb = r.stderr.strip().splitlines()[-1].split()
    return (f"`tremaux numberlink solve` on walks-{n}-0 ({n}x{n}): exit {r.returncode}, {wall} s wall, peak "
            f"{int(kb) / 1024:.0f} MB, {len(r.stdout.splitlines())} lines printed")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="60,100,140,200")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--seeds", default="0,1")
    ap.add_argument("--time-limit", type=float, default=20.0)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/tremaux-huge"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--report", type=Path, nargs="+")
    ap.add_argument("--cli", type=int)
    ap.add_argument("--rules", default="fill", help="rules to solve each puzzle under, comma-separated")
    ap.add_argument("--stages", action="store_true", help="the whole limit in process, CPU seconds per stage")
    ap.add_argument("--corners", action="store_true",
                    help="one SAT call with and one without the corner theorem per puzzle, and the switch's CPU")
    ap.add_argument("--slow-first-pass", type=float, default=0.0,
                    help="seconds every SAT encoding's first pass waits (a process descheduled in it)")
    args = ap.parse_args()
    if args.report:
        rows = [json.loads(x.read_text()) for x in args.report]
        if rows[-1] and "switched" in rows[-1][0]:
            print(corners_table([r for part in rows for r in part]))
            return
        print(table(rows[-1], rows[0] if len(rows) > 1 else None))
        return
    args.sizes = [int(x) for x in args.sizes.split(",")]
    args.kinds = args.kinds.split(",")
    args.seeds = [int(x) for x in args.seeds.split(",")]
    args.rules = args.rules.split(",")
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {platform.machine()} "
          f"({os.cpu_count()} cores, shared), Python {platform.python_version()}, time limit {args.time_limit:g} s.\n")
    if args.cli:
        print(cli(args.cli, args.dir, args.time_limit))
        return
    if args.corners:
        rows = corners(args)
        if args.json:
            args.json.write_text(json.dumps(rows))
        print(corners_table(rows))
        return
    rows = run(args)
    if args.json:
        args.json.write_text(json.dumps(rows))
    print(table(rows))


if __name__ == "__main__":
    main()
