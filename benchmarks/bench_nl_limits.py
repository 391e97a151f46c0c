"""How far past its time limit each Number Link question runs (issue 16, "nothing runs unbounded").

    python benchmarks/bench_nl_limits.py [--limits 1 3] [--half dev|held|both] [--families abcde]
                                         [--commands solve,unique,count,all,check,generate] [--rules fill,nikoli]
                                         [--extra FILE ...] [--sizes 10x10,20x20,30x30] [--seeds 3]
                                         [--dump DIR] [--json OUT] [--floor S]
    python benchmarks/bench_nl_limits.py --compare BEFORE.json AFTER.json

Every corpus puzzle of the chosen half (``benchmarks/numberlink/corpus``)
and every puzzle of each ``--extra`` file (public files, not committed;
family ``x``, reported apart) is asked, under each rule and each limit:

``solve``
    ``solve_puzzle(p, rule=..., time_limit=L)``
``unique``
    ``solve_puzzle(p, rule=..., unique=True, touch=True, time_limit=L)`` (the
    question that overran most in round 6) and ``touch=False``
``count``, ``all``
    ``count=100`` and ``count=DEFAULT_LIMIT`` (what ``--count 100`` and
    ``--all`` ask)
``check``
    ``diagnose(p, rule, time_limit=L)``

and ``generate`` makes puzzles of ``--sizes`` (``--seeds`` seeds each) with
``time_limit=L``. Each question runs in process, after a warm-up that loads
the kernels; its wall time past ``L`` is its overrun. With ``--dump DIR``,
:func:`faulthandler.dump_traceback_later` writes where the process is when a
question is still running half a second past its limit (one file per
question), to find where overruns happen.

It prints a Markdown table per limit: per set and command, the questions,
how many were decided (gave-up otherwise), how many overran by more than
``max(0.5 s, 10 %)``, the worst overrun (with the puzzle), the median wall
time and the CPU seconds of this process and of its children. ``--compare``
turns the ``--json`` records of two runs (before and after a change) into one
table per limit and command: decided, decided in time (not late), late, the
worst overrun and the CPU, before / after.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "benchmarks" / "numberlink" / "corpus"
COMMANDS = ("solve", "unique", "count", "all", "check", "generate")


def _cpu() -> tuple[float, float]:
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), ch.ru_utime + ch.ru_stime


def load(families: str, half: str, extra: list[str]) -> list[tuple[str, str, object]]:
    from tremaux.numberlink import formats

    out = []
    halves = ("dev", "held") if half == "both" else (half,)
    for f in sorted(CORPUS.glob("*.txt")):
        fam, _, h = f.stem.rpartition("-")
        if fam[0] in families and h in halves:
            for i, p in enumerate(formats.load_all(f)):
                out.append((f"{fam} {h}", f"{f.stem}#{i + 1}", p))
    for e in extra:
        for i, p in enumerate(formats.load_all(e)):
            out.append(("x extra", f"{Path(e).name}#{i + 1}", p))
    return out


def ask(command: str, p, rule: str, limit: float, touch: bool | None = None):
    """One question; returns a short verdict string."""
    from tremaux.errors import BudgetExceededError
    from tremaux.numberlink import diagnose, generate_puzzle, solve_puzzle
    from tremaux.numberlink.solvers import DEFAULT_LIMIT

    if command == "solve":
        return solve_puzzle(p, rule=rule, time_limit=limit).status
    if command == "unique":
        r = solve_puzzle(p, rule=rule, unique=True, touch=touch, time_limit=limit)
        return "gave-up" if r.status == "gave-up" or (r.status == "solved" and r.unique is None) else r.status
    if command in ("count", "all"):
        r = solve_puzzle(p, rule=rule, count=100 if command == "count" else DEFAULT_LIMIT, time_limit=limit)
        return "gave-up" if r.status == "gave-up" or (r.status == "solved" and not r.complete
                                                      and r.count < (100 if command == "count" else DEFAULT_LIMIT)) \
            else r.status
    if command == "check":
        return diagnose(p, rule, time_limit=limit).verdict.replace("unknown", "gave-up")
    if command == "generate":
        try:
            generate_puzzle(p[0], rule=rule, seed=p[1], time_limit=limit)
        except BudgetExceededError:
            return "gave-up"
        return "generated"
    raise ValueError(command)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limits", type=float, nargs="+", default=[1.0, 3.0])
    ap.add_argument("--half", default="dev", choices=("dev", "held", "both"))
    ap.add_argument("--families", default="abcde")
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--rules", default="fill,nikoli")
    ap.add_argument("--extra", nargs="*", default=[])
    ap.add_argument("--sizes", default="10x10,20x20,30x30")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--dump", default=None, help="directory for tracebacks of questions still running past the limit")
    ap.add_argument("--json", default=None, help="write every question's record here")
    ap.add_argument("--floor", type=float, default=None,
                    help="seconds always run in process (solvers.bound.IN_PROCESS_FLOOR), to compare settings")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), default=None,
                    help="no run: a table per limit and command from two --json files (before, after)")
    args = ap.parse_args()
    if args.compare:
        print(compare(*(json.loads(Path(f).read_text()) for f in args.compare)))
        return

    from tremaux.numberlink import Puzzle, solve_puzzle

    if args.floor is not None:
        from tremaux.numberlink.solvers import bound

        bound.IN_PROCESS_FLOOR = args.floor
    commands = args.commands.split(",")
    rules = args.rules.split(",")
    puzzles = load(args.families, args.half, args.extra)
    solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]), rule="nikoli", unique=True, time_limit=30)  # warm-up
    for rule in ("fill", "nikoli"):
        solve_puzzle(puzzles[0][2], rule=rule, unique=True, time_limit=5)
        if "generate" in commands:
            ask("generate", ((8, 8), 1), rule, 30)
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
    records = []
    questions: list[tuple[str, str, str, object, str, bool | None]] = []
    for setname, name, p in puzzles:
        for rule in rules:
            for command in commands:
                if command == "generate":
                    continue
                if command == "unique":
                    questions.append((setname, name, "unique touch", p, rule, True))
                    questions.append((setname, name, "unique", p, rule, None))
                else:
                    questions.append((setname, name, command, p, rule, None))
    if "generate" in commands:
        for size in args.sizes.split(","):
            h, w = (int(x) for x in size.split("x"))
            for seed in range(1, args.seeds + 1):
                for rule in rules:
                    questions.append(("generate", f"{size} seed {seed}", "generate", ((h, w), seed), rule, None))
    for limit in args.limits:
        for setname, name, command, p, rule, touch in questions:
            dump = None
            if args.dump:
                dump = open(Path(args.dump) / f"{limit:g}-{command.replace(' ', '_')}-{rule}-"
                            f"{name.replace('#', '_').replace(' ', '_')}.txt", "w")
                faulthandler.dump_traceback_later(limit + 0.5, file=dump)
            c0, k0 = _cpu()
            t0 = time.perf_counter()
            try:
                verdict = ask(command.split()[0], p, rule, limit, touch)
            except Exception as exc:  # noqa: BLE001 - reported, the run goes on
                verdict = f"error {type(exc).__name__}: {exc}"
            wall = time.perf_counter() - t0
            c1, k1 = _cpu()
            if dump is not None:
                faulthandler.cancel_dump_traceback_later()
                dump.close()
                if os.path.getsize(dump.name) == 0:
                    os.remove(dump.name)
            rec = dict(limit=limit, set=setname, name=name, command=command, rule=rule, verdict=verdict,
                       wall=round(wall, 4), over=round(wall - limit, 4), cpu=round(c1 - c0, 4),
                       child_cpu=round(k1 - k0, 4))
            records.append(rec)
            if wall > limit + max(0.5, 0.1 * limit):
                print(f"  overrun {wall - limit:.2f} s: {command} {rule} {name} ({verdict}, limit {limit:g})",
                      file=sys.stderr, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    print(report(records, args))


def report(records: list[dict], args: argparse.Namespace) -> str:
    load1 = os.getloadavg()[0]
    lines = [f"`python benchmarks/bench_nl_limits.py {' '.join(sys.argv[1:])}` on "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} ({platform.machine()}, {os.cpu_count()} cores, "
             f"Python {platform.python_version()}, load average {load1:.1f} at the end). Overrun: wall time past the "
             f"limit; late: more than max(0.5 s, 10 %) past it. CPU: this process / its children.", ""]
    for limit in args.limits:
        lines += [f"Limit {limit:g} s:", "",
                  "| set | command | questions | decided | late | worst overrun | median wall | CPU |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        keys: dict[tuple[str, str], list[dict]] = {}
        for r in records:
            if r["limit"] == limit:
                keys.setdefault((r["set"], r["command"]), []).append(r)
        for (setname, command), rs in keys.items():
            late = [r for r in rs if r["over"] > max(0.5, 0.1 * limit)]
            worst = max(rs, key=lambda r: r["over"])
            worst_s = (f"{worst['over']:.2f} s ({worst['name']}, {worst['rule']})" if worst["over"] > 0 else "none")
            decided = sum(1 for r in rs if r["verdict"] != "gave-up" and not r["verdict"].startswith("error"))
            lines.append(f"| {setname} | {command} | {len(rs)} | {decided} | {len(late)} | {worst_s} | "
                         f"{statistics.median(r['wall'] for r in rs):.3f} s | "
                         f"{sum(r['cpu'] for r in rs):.1f} s / {sum(r['child_cpu'] for r in rs):.1f} s |")
        lines.append("")
    return "\n".join(lines)


def compare(before: list[dict], after: list[dict]) -> str:
    """Per limit and command, over every set: decided (in time: not late), late, the worst overrun, before / after."""
    lines = ["| limit | command | questions | decided, before / after | decided in time, before / after "
             "| late, before / after "
             "| worst overrun, before / after | CPU (children), before / after |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    limits = sorted({r["limit"] for r in after})
    commands = list(dict.fromkeys(r["command"] for r in after))

    def cell(rs: list[dict]) -> tuple[int, int, int, str, str]:
        decided = [r for r in rs if r["verdict"] != "gave-up" and not r["verdict"].startswith("error")]
        late = sum(1 for r in rs if r["over"] > max(0.5, 0.1 * r["limit"]))
        in_time = sum(1 for r in decided if r["over"] <= max(0.5, 0.1 * r["limit"]))
        worst = max(rs, key=lambda r: r["over"])
        w = f"{worst['over']:.2f} s ({worst['name']}, {worst['rule']})" if worst["over"] > 0 else "none"
        cpu = f"{sum(r['cpu'] for r in rs):.1f} s ({sum(r['child_cpu'] for r in rs):.1f} s)"
        return len(decided), in_time, late, w, cpu

    for limit in limits:
        for command in commands:
            a = [r for r in before if r["limit"] == limit and r["command"] == command]
            b = [r for r in after if r["limit"] == limit and r["command"] == command]
            if not a or not b:
                continue
            (da, ia, la, wa, ca), (db, ib, lb, wb, cb) = cell(a), cell(b)
            lines.append(f"| {limit:g} s | {command} | {len(b)} | {da} / {db} | {ia} / {ib} | {la} / {lb} "
                         f"| {wa} / {wb} "
                         f"| {ca} / {cb} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
