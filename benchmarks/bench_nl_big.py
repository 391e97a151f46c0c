"""How far past its time limit each Number Link question runs on big boards, stage by stage.

    python benchmarks/bench_nl_big.py [--sizes 300,1000,2000,4096] [--limits 0.5 1 2]
                                      [--kinds quads,one,two,dense,cross] [--rules fill]
                                      [--commands solve,unique,count,all,check,generate]
                                      [--gen-sizes 100,200] [--no-child] [--dir DIR] [--json OUT]
                                      [--extra FILE ...]

Boards, made here and written as grid text to ``--dir`` (default a temporary directory):

``quads``
    the 1002x1002 public ``huge`` layout scaled to the size: four pairs, one
    per quadrant, from the corners to the centre (a solution under ``fill``);
``one``, ``two``
    an empty board with one pair (two cells side by side in a corner) or two
    (the ends of the top and the bottom rows);
``dense``
    the lines of the generator's planted cover (:func:`tremaux.numberlink.plant.plant`,
    short lines), their ends as the pairs: one pair per few cells (at most 2000 on a side);
``cross``
    two pairs that must cross (no solution), the middles of opposite sides.

Each question (``solve``: ``solve_puzzle(p, rule=..., time_limit=L)``; ``unique``;
``count``: ``count=100``; ``all``: ``count=DEFAULT_LIMIT``; ``check``:
``diagnose``) is timed in stages: ``read`` (the file read and checked,
``formats.load_all``, once per file), ``ask`` (the question itself), ``draw`` (the
answer's text drawing, what ``tremaux numberlink solve`` prints); the
tables give ``ask - L`` per command and the read and draw apart, and the
worst ``read + ask - L``. ``--report`` prints the tables of earlier
``--json`` files. ``generate`` asks ``generate_puzzle`` for ``--gen-sizes`` boards
(the generator's largest side is 200). With ``--no-child`` the in-process
share is the whole limit (no forked child killed at the limit): what the
work itself honours, not the kill. Also reported: the stopping reason
(``extras["child_process"]``: the child was killed) and the ``seconds`` the
answer reports.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

COMMANDS = ("solve", "unique", "count", "all", "check", "generate")


def board(kind: str, n: int, seed: int = 1) -> np.ndarray | None:
    """The grid of pair ids of board ``kind`` of side ``n`` (``None``: not made at that size)."""
    g = np.zeros((n, n), dtype=np.int32)
    h = n // 2
    if kind == "quads":
        for k, (a, b) in enumerate((((0, 0), (h - 1, h - 1)), ((0, n - 1), (h - 1, h)),
                                    ((h, h - 1), (n - 1, 0)), ((h, h), (n - 1, n - 1))), start=1):
            g[a], g[b] = k, k
    elif kind == "one":
        g[0, 0] = g[1, 0] = 1
    elif kind == "two":
        g[0, 0] = g[0, n - 1] = 1
        g[n - 1, 0] = g[n - 1, n - 1] = 2
    elif kind == "cross":
        g[h, 0] = g[h, n - 1] = 1
        g[0, h] = g[n - 1, h] = 2
    elif kind == "dense":
        if n > 2000:
            return None
        from tremaux.kernels.rng import make_state
        from tremaux.numberlink.plant import plant

        lines = plant(n, n, make_state(seed), 12, None, None, None, time.perf_counter())
        for k, ln in enumerate(sorted(lines, key=min), start=1):
            g.flat[ln[0]] = g.flat[ln[-1]] = k
    else:
        raise ValueError(kind)
    return g


def write(g: np.ndarray, path: Path) -> None:
    """The board as rows of pair ids separated by spaces, ``.`` for empty; one character a cell past 2000 columns
    (and at most 9 pairs), which keeps a 4096 x 4096 board under the reader's cap on a file's size."""
    with open(path, "w") as f:
        if g.shape[1] > 2000 and g.max() <= 9:
            for row in g:
                f.write("".join("." if v == 0 else str(v) for v in row.tolist()) + "\n")
            return
        for row in g:
            f.write(" ".join("." if v == 0 else str(v) for v in row.tolist()) + "\n")


def ask(command: str, p, rule: str, limit: float):
    """The answer of one question and its verdict."""
    from tremaux.errors import BudgetExceededError
    from tremaux.numberlink import diagnose, solve_puzzle
    from tremaux.numberlink.solvers import DEFAULT_LIMIT

    if command == "solve":
        r = solve_puzzle(p, rule=rule, time_limit=limit)
        return r, r.status
    if command == "unique":
        r = solve_puzzle(p, rule=rule, unique=True, time_limit=limit)
        return r, ("gave-up" if r.status == "solved" and r.unique is None else r.status)
    if command in ("count", "all"):
        r = solve_puzzle(p, rule=rule, count=100 if command == "count" else DEFAULT_LIMIT, time_limit=limit)
        return r, ("gave-up" if r.status == "solved" and not r.complete else r.status)
    if command == "check":
        d = diagnose(p, rule, time_limit=limit)
        return d.solution, d.verdict.replace("unknown", "gave-up")
    if command == "generate":
        from tremaux.numberlink import generate_puzzle

        try:
            generate_puzzle((p, p), rule=rule, seed=1, time_limit=limit)
        except BudgetExceededError:
            return None, "gave-up"
        return None, "generated"
    raise ValueError(command)


def draw(r) -> float:
    """Seconds to draw the answer's first solution as text (what the command line prints), 0 without one."""
    if r is None or not getattr(r, "solutions", None):
        return 0.0
    from tremaux.numberlink.draw import to_text

    t = time.perf_counter()
    to_text((r.puzzle, r.solutions[0]))
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="300,1000,2000,4096")
    ap.add_argument("--limits", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    ap.add_argument("--kinds", default="quads,one,two,dense,cross")
    ap.add_argument("--rules", default="fill")
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--gen-sizes", default="100,200")
    ap.add_argument("--no-child", action="store_true", help="the whole limit in process: no child killed at it")
    ap.add_argument("--dir", default=None, help="where the boards are written (default: a temporary directory)")
    ap.add_argument("--extra", nargs="*", default=[], help="more puzzle files (their first puzzle)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--report", nargs="+", default=None, metavar="JSON",
                    help="no run: the tables of earlier --json files (joined)")
    args = ap.parse_args()
    if args.report:
        print(report([r for f in args.report for r in json.loads(Path(f).read_text())]))
        return

    from tremaux.numberlink import Puzzle, formats, solve_puzzle
    from tremaux.numberlink.solvers import bound

    if args.no_child:
        bound.IN_PROCESS_FLOOR = float("inf")
    d = Path(args.dir or tempfile.mkdtemp(prefix="nl-big-"))
    d.mkdir(parents=True, exist_ok=True)
    files: list[tuple[str, Path]] = []
    for n in (int(s) for s in args.sizes.split(",")):
        for kind in args.kinds.split(","):
            f = d / f"{kind}-{n}.txt"
            if not f.exists():
                g = board(kind, n)
                if g is None:
                    continue
                write(g, f)
            files.append((f"{kind} {n}", f))
    files += [(Path(e).stem, Path(e)) for e in args.extra]
    commands = args.commands.split(",")
    for rule in args.rules.split(","):  # warm-up: kernels loaded once, before any question is timed
        solve_puzzle(Puzzle.from_rows(["1..2", "....", "1..2"]), rule=rule, unique=True, time_limit=30)
        if files:  # every question once on the first board
            p = formats.load_all(files[0][1])[0]
            for command in commands:
                if command != "generate":
                    ask(command, p, rule, 2.0)
        if "generate" in commands:
            ask("generate", 8, rule, 30)
    reads: dict[str, tuple[object, float]] = {}
    for name, f in files:  # each file read once (its time counted in every question on it)
        t0 = time.perf_counter()
        reads[name] = (formats.load_all(f)[0], time.perf_counter() - t0)
    records = []
    for limit in args.limits:
        for rule in args.rules.split(","):
            for name, f in files:
                for command in commands:
                    if command == "generate":
                        continue
                    p, read = reads[name]
                    t1 = time.perf_counter()
                    try:
                        r, verdict = ask(command, p, rule, limit)
                    except Exception as exc:  # noqa: BLE001 - reported, the run goes on
                        r, verdict = None, f"error {type(exc).__name__}: {exc}"
                    wall = time.perf_counter() - t1
                    drawn = draw(r)
                    extras = getattr(r, "extras", None) or {}
                    rec = dict(limit=limit, rule=rule, board=name, command=command, verdict=verdict,
                               read=round(read, 3), ask=round(wall, 3), over=round(read + wall - limit, 3),
                               draw=round(drawn, 3), reported=round(getattr(r, "seconds", 0.0) or 0.0, 3),
                               killed=extras.get("child_process", ""), load=extras.get("load_seconds", 0.0))
                    records.append(rec)
                    print(json.dumps(rec), file=sys.stderr, flush=True)
            if "generate" in commands:
                for n in (int(s) for s in args.gen_sizes.split(",")):
                    t1 = time.perf_counter()
                    _, verdict = ask("generate", n, rule, limit)
                    wall = time.perf_counter() - t1
                    rec = dict(limit=limit, rule=rule, board=f"generate {n}", command="generate", verdict=verdict,
                               read=0.0, ask=round(wall, 3), over=round(wall - limit, 3), draw=0.0, reported=0.0,
                               killed="", load=0.0)
                    records.append(rec)
                    print(json.dumps(rec), file=sys.stderr, flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    print(report(records))


def report(records: list[dict]) -> str:
    """A Markdown table per limit: per board, each command's overrun (ask - limit) and verdict; the read apart."""
    lines = [f"`python benchmarks/bench_nl_big.py {' '.join(sys.argv[1:])}` on "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} ({platform.machine()}, {os.cpu_count()} cores, "
             f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f} at the end). Each cell: "
             f"the question's time past the limit in seconds (negative: within it), its verdict, `k` when a child "
             f"process was killed at the limit; `read`: seconds to read the file (before the question, not "
             f"counted in the cells); `draw`: seconds to draw the answer as text.", ""]
    for limit in sorted({r["limit"] for r in records}):
        rs = [r for r in records if r["limit"] == limit]
        commands = list(dict.fromkeys(r["command"] for r in rs))
        lines += [f"Limit {limit:g} s:", "", "| board | " + " | ".join(commands) + " | read | draw |",
                  "| --- |" + " --- |" * (len(commands) + 2)]
        for name in dict.fromkeys(r["board"] for r in rs):
            row = [r for r in rs if r["board"] == name]
            cells = []
            for c in commands:
                hit = [r for r in row if r["command"] == c]
                cells.append(" ".join(f"{r['ask'] - limit:+.2f} {r['verdict']}{' k' if r['killed'] else ''}"
                                      for r in hit) or "")
            lines.append(f"| {name} | " + " | ".join(cells) + f" | {max(r['read'] for r in row):.2f} | "
                         f"{max(r['draw'] for r in row):.2f} |")
        worst = max(rs, key=lambda r: r["ask"])
        total = max(rs, key=lambda r: r["over"])
        lines += ["", f"Worst at {limit:g} s: {worst['ask'] - limit:+.2f} s ({worst['command']}, {worst['board']}); "
                      f"with the read, {total['over']:+.2f} s ({total['command']}, {total['board']}).", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
