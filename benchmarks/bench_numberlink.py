"""Number Link benchmark over the corpus in benchmarks/numberlink/corpus (issue 16).

    python benchmarks/bench_numberlink.py [--time-limit 1] [--unique-limit 3] [--large-limit 10]
                                          [--families abcde] [--halves dev,held] [--extra PUZZLE_FILE] [--write]

For every corpus puzzle, under ``fill`` and under ``nikoli``, on one core in
process (after a warm-up that compiles the kernels):

* solve it with :func:`tremaux.numberlink.solve_puzzle` (per-puzzle time limit:
  ``--time-limit`` up to 50x50, ``--large-limit`` for a puzzle wider or taller
  than 50, whose uniqueness limit grows in the same proportion),
  and check every answer with the independent checker of
  ``tests/numberlink_checker.py``, which follows each line's cells; an answer
  that breaks a rule, or a verdict that contradicts the corpus manifest
  (``solved`` where no solution exists, or the reverse) is counted ``wrong``;
* when solved, prove the solution unique or find a second one
  (``unique=True``, its own time limit), among all solutions, and among the
  solutions whose lines never run beside themselves (the no-touch convention),
  each against the solve time under the same rule (a gave-up counts as an
  infinite ratio; a decided no-touch question is divided by a solve with
  ``touch=False``).

It prints one table per rule with a row per family and half (development /
held-out): solved, no solution, gave up, wrong; median and worst solve time;
uniqueness verdicts and their time against the solve time. ``--write`` puts the
tables, with date and machine, into docs/benchmarks.md between the
``nl-corpus`` markers of its Number Link section. ``--extra`` adds a file of
puzzles (any format, e.g. a thomasahle-style ``W H`` file that may not be
committed) as family ``x``, all held out. Timings on a shared machine are noisy:
compare medians.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow, touches_itself  # noqa: E402

from tremaux.numberlink import Puzzle, formats, generate_puzzle, solve_puzzle  # noqa: E402
from tremaux.numberlink.result import Linking  # noqa: E402

TOUCH = "touch" in inspect.signature(solve_puzzle).parameters
"""Whether ``solve_puzzle`` takes ``touch=`` (the no-touch convention); else the SAT encoding with induced lines."""
CORPUS = ROOT / "benchmarks" / "numberlink" / "corpus"
DOCS = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- nl-corpus:begin -->", "<!-- nl-corpus:end -->"
RULES = ("fill", "nikoli")


def load_corpus(families: str, extra: str | None,
                halves: tuple[str, ...] = ("dev", "held")) -> list[tuple[dict, Puzzle]]:
    manifest = json.loads((CORPUS / "manifest.json").read_text())["puzzles"]
    files: dict[str, list[Puzzle]] = {}
    out = []
    for e in manifest:
        if e["family"][0] not in families or e["half"] not in halves:
            continue
        if e["file"] not in files:
            files[e["file"]] = formats.load_all(CORPUS / e["file"])
        out.append((e, files[e["file"]][e["index"]]))
    if extra:
        for i, p in enumerate(formats.load_all(extra)):
            out.append(({"family": "x-extra", "half": "held", "origin": f"{extra} #{i + 1}", "expect": {}}, p))
    return out


def _uniqueness(r) -> str:
    """``unique``, ``several``, ``none`` (no solution under that rule) or ``gave-up`` of a ``unique=True`` answer."""
    if r.status == "no-solution":
        return "none"
    if r.status != "solved" or r.unique is None:
        return "gave-up"
    return "unique" if r.unique else "several"


def no_touch_unique(p: Puzzle, rule: str, limit: float) -> tuple[str, float]:
    """``unique``, ``several``, ``none`` (no no-touch solution) or ``gave-up``, and the seconds it took."""
    from tremaux.numberlink.sat import Encoding

    t0 = time.perf_counter()
    deadline = t0 + limit
    try:
        with Encoding(p, rule, induced=True) as enc:
            first = enc.next_model(deadline)
            if first is None:
                return "none", time.perf_counter() - t0
            enc.block(first)
            second = enc.next_model(deadline)
    except TimeoutError:
        return "gave-up", time.perf_counter() - t0
    return ("unique" if second is None else "several"), time.perf_counter() - t0


LARGE = 50
"""Puzzles wider or taller than this get ``--large-limit`` (the 1 s target of issue 16 is for puzzles up to 50x50)."""


def limits(p: Puzzle, args: argparse.Namespace) -> tuple[float, float]:
    """Seconds per solve and per uniqueness proof for ``p``: larger puzzles get ``--large-limit`` and as much more."""
    if max(p.width, p.height) <= LARGE or args.large_limit is None:
        return args.time_limit, args.unique_limit
    return args.large_limit, args.unique_limit * args.large_limit / args.time_limit


def run(entry: dict, p: Puzzle, rule: str, args: argparse.Namespace) -> dict:
    time_limit, unique_limit = limits(p, args)
    r = solve_puzzle(p, rule=rule, time_limit=time_limit)
    rec = {"status": r.status, "seconds": r.seconds, "wrong": ""}
    expect = entry["expect"].get(rule)
    if r.status == "solved":
        paths = [x.tolist() for x in r.linking.paths]
        bad = follow(p.grid.tolist(), paths, fill=rule == "fill")
        if bad:
            rec["wrong"] = f"answer breaks a rule: {bad[0]}"
        elif expect == "none":
            rec["wrong"] = "solved, but the corpus says no solution"
        u = solve_puzzle(p, rule=rule, unique=True, time_limit=unique_limit,
                         **({"touch": True} if TOUCH else {}))  # among all solutions
        rec["unique"] = _uniqueness(u)
        rec["unique_seconds"] = u.seconds
        if TOUCH:  # the solver knows the convention
            v = solve_puzzle(p, rule=rule, touch=False, unique=True, time_limit=unique_limit)
            nt = _uniqueness(v)
            nt_s = v.seconds
            if nt in ("unique", "several"):  # the solve under the same rule, for the ratio
                rec["no_touch_solve_seconds"] = solve_puzzle(p, rule=rule, touch=False,
                                                             time_limit=time_limit).seconds
        else:
            nt, nt_s = no_touch_unique(p, rule, unique_limit)
        rec["no_touch"], rec["no_touch_seconds"] = nt, nt_s
    elif r.status == "no-solution" and expect == "solved":
        rec["wrong"] = "no solution, but the corpus holds one"
    return rec


def ms(x: float) -> str:
    return f"{x * 1000:.1f}" if x < 10 else f"{x * 1000:.0f}"


def summary(rows: list[tuple[dict, dict]]) -> list[str]:
    st = [r["status"] for _, r in rows]
    times = [r["seconds"] for _, r in rows]
    decided = [r["seconds"] for _, r in rows if r["status"] in ("solved", "no-solution")]
    uq = [r for _, r in rows if "unique" in r]
    ratio = [r["unique_seconds"] / max(r["seconds"], 1e-6) if r["unique"] in ("unique", "several") else math.inf
             for r in uq]
    nt = [r for _, r in rows if "no_touch" in r]
    nt_ratio = [r["no_touch_seconds"] / max(r["no_touch_solve_seconds"], 1e-6) for r in nt
                if "no_touch_solve_seconds" in r]

    def ratios(xs: list[float]) -> str:
        if not xs:
            return "-"
        top = max(xs)
        return (f"{statistics.median(xs):.1f} / {'gave up' if math.isinf(top) else f'{top:.1f}'} / "
                f"{sum(x <= 3 for x in xs)} of {len(xs)}")

    def counts(key: str, rs: list[dict]) -> str:
        c = {k: sum(r[key] == k for r in rs) for k in ("unique", "several", "gave-up", "none")}
        return " / ".join(str(c[k]) for k in ("unique", "several", "gave-up")) + (f" ({c['none']} none)"
                                                                               if c["none"] else "")
    return [str(len(rows)), str(st.count("solved")), str(st.count("no-solution")), str(st.count("gave-up")),
            str(sum(bool(r["wrong"]) for _, r in rows)),
            ms(statistics.median(decided)) if decided else "-", ms(max(times)) if times else "-",
            counts("unique", uq) if uq else "-", ratios(ratio),
            counts("no_touch", nt) if nt else "-", ratios(nt_ratio)]


HEAD = ["family", "half", "puzzles", "solved", "no solution", "gave up", "wrong", "median ms (decided)",
        "max ms", "unique / several / gave up", "unique time / solve time (median / max / within 3x)",
        "no-touch: unique / several / gave up", "no-touch unique time / no-touch solve time (median / max / within 3x)"]


def table(results: list[tuple[dict, dict]], rule: str) -> str:
    groups: dict[tuple[str, str], list] = {}
    for e, r in results:
        groups.setdefault((e["family"], e["half"]), []).append((e, r[rule]))
    lines = ["| " + " | ".join(HEAD) + " |", "|" + "---|" * len(HEAD)]
    for (fam, half), rows in sorted(groups.items()):
        lines.append("| " + " | ".join([fam, half, *summary(rows)]) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=1.0, help="seconds per solve (default 1)")
    ap.add_argument("--unique-limit", type=float, default=3.0, help="seconds per uniqueness proof (default 3)")
    ap.add_argument("--large-limit", type=float, default=10.0,
                    help=f"seconds per solve for puzzles wider or taller than {LARGE} (default 10; 0: --time-limit)")
    ap.add_argument("--families", default="abcde")
    ap.add_argument("--halves", default="dev,held",
                    help="which halves of each family, comma-separated: dev (development), held (held out)")
    ap.add_argument("--extra", help="a puzzle file to add as held-out family x (not committed)")
    ap.add_argument("--write", action="store_true", help="write the tables into docs/benchmarks.md")
    ap.add_argument("--append", action="store_true", help="with --write: add to the tables there, not replace them")
    ap.add_argument("--label", default="", help="which solver this is (e.g. a branch and commit), for the header")
    args = ap.parse_args(argv)
    if not args.large_limit:
        args.large_limit = None
    halves = tuple(x.strip() for x in args.halves.split(",") if x.strip())
    if not halves or set(halves) - {"dev", "held"}:
        ap.error(f"--halves takes dev, held or dev,held, not {args.halves!r}")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    g = generate_puzzle((6, 6), seed=0)  # warm-up: compile the kernels
    for rule in RULES:
        solve_puzzle(g.puzzle, rule=rule, unique=True)
    puzzles = load_corpus(args.families + ("x" if args.extra else ""), args.extra, halves)  # --extra: always
    t0 = time.perf_counter()
    results = []
    wrong = []
    for e, p in puzzles:
        r = {rule: run(e, p, rule, args) for rule in RULES}
        results.append((e, r))
        for rule in RULES:
            if r[rule]["wrong"]:
                wrong.append(f"{e['origin']} ({rule}): {r[rule]['wrong']}")
        print(f"  {e['family']:10s} {e['half']:4s} {p.width}x{p.height} {e['origin'][:44]:44s} "
              + "  ".join(f"{rule} {r[rule]['status']} {ms(r[rule]['seconds'])} ms" for rule in RULES),
              file=sys.stderr, flush=True)
    total = time.perf_counter() - t0
    import tremaux

    large = "" if args.large_limit is None else f" --large-limit {args.large_limit:g}"
    where = args.label or Path(tremaux.__file__).parent.as_posix()
    head = (f"Measured {time.strftime('%Y-%m-%d %H:%M')} UTC on {platform.machine()} ({os.cpu_count()} cores shared "
            f"with other work, so times are noisy), Python {platform.python_version()}, solver: "
            f"`solve_puzzle` of {where}; no-touch uniqueness "
            f"{'by the solver (touch=False)' if TOUCH else 'by the SAT encoding with induced lines'}; "
            f"`python benchmarks/bench_numberlink.py --time-limit {args.time_limit:g} --unique-limit "
            f"{args.unique_limit:g}{large}`, {len(puzzles)} puzzles, {total:.0f} s in all.")
    parts = [head]
    for rule in RULES:
        big = ("" if args.large_limit is None else
               f"; puzzles wider or taller than {LARGE}: {args.large_limit:g} s and "
               f"{args.unique_limit * args.large_limit / args.time_limit:g} s")
        parts.append(f"**Under `{rule}`** (time limit {args.time_limit:g} s per solve, {args.unique_limit:g} s per "
                     f"uniqueness proof{big}):\n\n" + table(results, rule))
    if wrong:
        parts.append("Wrong answers or verdicts:\n\n" + "\n".join(f"- {w}" for w in wrong))
    text = "\n\n".join(parts) + "\n"
    print(text)
    if args.write:
        doc = DOCS.read_text(encoding="utf-8")
        block = f"{BEGIN}\n{text}{END}"
        if BEGIN in doc and END in doc and args.append:
            doc = doc[: doc.index(END)] + "\n" + text + doc[doc.index(END):]
        elif BEGIN in doc and END in doc:
            doc = doc[: doc.index(BEGIN)] + block + doc[doc.index(END) + len(END):]
        else:
            doc = doc.rstrip("\n") + "\n\n### Benchmark corpus (issue 16)\n\n" + block + "\n"
        DOCS.write_text(doc, encoding="utf-8")


if __name__ == "__main__":
    main()
