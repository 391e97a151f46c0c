"""Number Link on public puzzle files the project was not developed on: decided, gave up, wrong, wall times.

    python benchmarks/bench_nl_public.py PATH [PATH ...] [--jsonl results.jsonl] [--runs t1,default,unique]
    python benchmarks/bench_nl_public.py --per-set DIR [DIR ...] --jsonl results.jsonl

Every PATH is a puzzle file in any format the library reads, or a folder whose
``*.txt`` files (or those ``--glob`` matches: ``'*'`` for every file, as
level packs come as ``.in``, ``.csv``, ``.json``...) are read (recursively). The puzzles are not in the repository:
they come from other people's level packs and solvers (see the report that
collected them). Puzzles are numbered in sorted file order, then order in the
file; even numbers are the development half, odd numbers the held-out half.

Each puzzle is solved in process under ``fill`` and ``nikoli``, three ways:

* ``t1``: ``solve_puzzle(p, rule=..., time_limit=1)``;
* ``default``: ``solve_puzzle(p, rule=...)`` (the default limit);
* ``unique``: ``solve_puzzle(p, rule=..., unique=True, time_limit=3)`` (lines never run beside themselves).

Every solution is checked by ``tests/numberlink_checker.py``. A run is
*wrong* when the checker rejects its solution, when it says no solution
under ``nikoli`` although a ``fill`` run of the same puzzle found one, or when
it says no solution to a Flow Free level pack level whose published paths
the checker accepts. A ``unique`` run that found a solution but did not
settle whether it is the only one counts as gave up. Wall seconds
(``time.perf_counter``, less the first-use kernel loading the library reports
in ``extras["load_seconds"]``) per size class (the longer side). With
``--jsonl`` each run is appended to a file as it ends, and runs already in the
file are not run again, so a long evaluation can stop and go on. Prints a
markdown table with the date and the machine. With ``--per-set`` each PATH is a
set of its own, numbered on its own, and one table gives each set, half and
rule (runs already in the ``--jsonl`` file are reused).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow  # noqa: E402

from tremaux.numberlink import Puzzle, formats, solve_puzzle  # noqa: E402

RUNS = {"t1": {"time_limit": 1.0}, "default": {}, "unique": {"unique": True, "time_limit": 3.0}}
RULES = ("fill", "nikoli")
CLASSES = ((8, "<=8"), (15, "9-15"), (30, "16-30"), (50, "31-50"), (10**9, ">50"))


def size_class(shape: tuple[int, int]) -> str:
    side = max(shape)
    return next(name for top, name in CLASSES if side <= top)


def puzzle_files(paths: list[str], pattern: str = "*.txt") -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        found = (f for f in p.rglob(pattern) if f.is_file() and not f.name.startswith("."))
        out += sorted(found) if p.is_dir() else [p]
    return sorted(set(out))


def published_paths(text: str) -> list[list[list[tuple[int, int]]] | None]:
    """The solution paths of each level of a Flow Free level pack (``None`` for a line that is not a level)."""
    out: list[list[list[tuple[int, int]]] | None] = []
    for line in (s for s in text.splitlines() if s.strip()):
        try:
            head, *paths = line.strip().rstrip(";").split(";")
            w = int(head.split(",")[0].split(":")[0])
            out.append([[(int(v) // w, int(v) % w) for v in q.split(",")] for q in paths])
        except ValueError:
            out.append(None)
    return out


def collect(paths: list[str], pattern: str = "*.txt") -> list[dict]:
    """Every puzzle of the files: its file, index in the file, puzzle (or read error) and published solution."""
    items = []
    for f in puzzle_files(paths, pattern):
        try:
            got = formats.load_all(f, errors="keep")
        except Exception as exc:  # a file that cannot be split into puzzles
            items.append({"file": str(f), "index": 0, "puzzle": None, "error": f"{type(exc).__name__}: {exc}"})
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        known = published_paths(text) if formats.detect(text) == "flowpack" else []
        for i, p in enumerate(got):
            item = {"file": str(f), "index": i, "puzzle": p if isinstance(p, Puzzle) else None,
                    "error": None if isinstance(p, Puzzle) else f"{type(p).__name__}: {p}", "published": None}
            if isinstance(p, Puzzle) and i < len(known) and known[i] is not None:
                item["published"] = not follow(p.grid.tolist(), known[i], fill=True)
            items.append(item)
    for n, item in enumerate(items):
        item["n"] = n
        item["half"] = "dev" if n % 2 == 0 else "held"
    return items


def run_one(p: Puzzle, rule: str, run: str) -> dict:
    t = time.perf_counter()
    try:
        r = solve_puzzle(p, rule=rule, **RUNS[run])
    except Exception as exc:  # a crash is a finding, not the end of the evaluation
        return {"status": "crash", "seconds": time.perf_counter() - t, "message": f"{type(exc).__name__}: {exc}"}
    dt = time.perf_counter() - t
    load = float(r.extras.get("load_seconds", 0.0) or 0.0)  # first use of a kernel in the process
    rec = {"status": r.status, "seconds": dt - load, "load": load, "message": r.message, "unique": r.unique,
           "problems": []}
    for lk in r.solutions:
        paths = [[tuple(int(v) for v in cell) for cell in q.tolist()] for q in lk.paths]
        rec["problems"] += follow(p.grid.tolist(), paths, fill=rule == "fill", touch=r.touch)
    return rec


def evaluate(items: list[dict], runs: list[str], jsonl: Path | None) -> list[dict]:
    done: dict[tuple, dict] = {}
    if jsonl is not None and jsonl.exists():
        for line in jsonl.read_text().splitlines():
            rec = json.loads(line)
            done[(rec["file"], rec["index"], rec["rule"], rec["run"])] = rec
    out = []
    solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]))  # load the kernels first
    for run in runs:
        for item in items:
            if item["puzzle"] is None:
                continue
            for rule in RULES:
                key = (item["file"], item["index"], rule, run)
                if key not in done:
                    rec = {"file": item["file"], "index": item["index"], "rule": rule, "run": run,
                           **run_one(item["puzzle"], rule, run)}
                    done[key] = rec
                    if jsonl is not None:
                        with jsonl.open("a") as fh:
                            fh.write(json.dumps(rec) + "\n")
                out.append(done[key])
    return out


def verdicts(items: list[dict], recs: list[dict]) -> list[dict]:
    """Each run with its puzzle's facts and whether it is wrong."""
    by_key = {(i["file"], i["index"]): i for i in items}
    fill_solved = {(r["file"], r["index"]) for r in recs if r["rule"] == "fill" and r["status"] == "solved"
                   and not r["problems"]}
    out = []
    for r in recs:
        item = by_key[(r["file"], r["index"])]
        why = ""
        if r["problems"]:
            why = "checker: " + r["problems"][0]
        elif r["status"] == "no-solution" and item.get("published"):
            why = "no solution, but the published solution is valid"
        elif r["status"] == "no-solution" and r["rule"] == "nikoli" and (r["file"], r["index"]) in fill_solved:
            why = "no solution under nikoli, but a fill run found one"
        status = r["status"]
        if r["run"] == "unique" and status == "solved" and r.get("unique") is None:
            status = "gave-up"  # a solution, but the uniqueness question was not answered in time
        out.append({**r, "status": status, "half": item["half"], "n": item["n"],
                    "shape": list(item["puzzle"].shape), "class": size_class(item["puzzle"].shape), "wrong": why})
    return out


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} / {max(values) * 1000:.0f}" if values else "-"


def table(rows: list[dict], items: list[dict], paths: list[str]) -> str:
    unread = [i for i in items if i["puzzle"] is None]
    lines = [f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()} "
             f"({os.cpu_count()} cores, shared), Python {platform.python_version()}: "
             f"`python benchmarks/bench_nl_public.py {' '.join(paths)}`; {len(items) - len(unread)} puzzles read "
             f"({len(unread)} unreadable), wall seconds per run.", "",
             "| half | rule | run | puzzles | decided | solved | unique | no solution | gave up | wrong | crash "
             "| median / max ms |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    keys = sorted({(r["half"], r["rule"], r["run"]) for r in rows},
                  key=lambda k: (k[0], k[1], list(RUNS).index(k[2])))
    for half, rule, run in keys:
        sel = [r for r in rows if (r["half"], r["rule"], r["run"]) == (half, rule, run)]
        st = [r["status"] for r in sel]
        uniq = sum(r.get("unique") is True for r in sel) if run == "unique" else "-"
        lines.append(f"| {half} | {rule} | {run} | {len(sel)} | {st.count('solved') + st.count('no-solution')} "
                     f"| {st.count('solved')} | {uniq} | {st.count('no-solution')} | {st.count('gave-up')} "
                     f"| {sum(bool(r['wrong']) for r in sel)} | {st.count('crash')} "
                     f"| {ms([r['seconds'] for r in sel])} |")
    lines += ["", "| half | rule | run | size | puzzles | decided | gave up | wrong | median / max ms |",
              "|---|---|---|---|---|---|---|---|---|"]
    order = [name for _, name in CLASSES]
    for half, rule, run in keys:
        for cls in order:
            sel = [r for r in rows if (r["half"], r["rule"], r["run"], r["class"]) == (half, rule, run, cls)]
            if not sel:
                continue
            st = [r["status"] for r in sel]
            lines.append(f"| {half} | {rule} | {run} | {cls} | {len(sel)} "
                         f"| {st.count('solved') + st.count('no-solution')} | {st.count('gave-up')} "
                         f"| {sum(bool(r['wrong']) for r in sel)} | {ms([r['seconds'] for r in sel])} |")
    trouble = [r for r in rows if r["wrong"] or r["status"] in ("gave-up", "crash")
               or (r["seconds"] > 1.5 and max(r["shape"]) <= 50 and r["run"] != "t1")]
    if trouble:
        lines += ["", "Problems (wrong, gave up, crash, or over 1 s up to 50x50; file, index in the file):", ""]
        for r in sorted(trouble, key=lambda r: (r["file"], r["index"], r["rule"], r["run"])):
            what = r["wrong"] or r["status"]
            lines.append(f"- {Path(r['file']).name} #{r['index']} ({r['shape'][0]}x{r['shape'][1]}), {r['rule']}, "
                         f"{r['run']}: {what}, {r['seconds']:.2f} s")
    if unread:
        lines += ["", "Unreadable:", ""] + [f"- {Path(i['file']).name} #{i['index']}: {i['error']}" for i in unread]
    return "\n".join(lines)


def per_set_table(sets: list[tuple[str, list[dict]]]) -> str:
    """One line per set, half and rule: ``t1`` and ``default`` as solved / no solution / gave up / wrong, median /
    max ms, and ``unique`` as unique / decided with a solution / no solution / gave up, median / max ms."""
    def counts(sel: list[dict]) -> str:
        st = [r["status"] for r in sel]
        return (f"{st.count('solved')} / {st.count('no-solution')} / {st.count('gave-up') + st.count('crash')} / "
                f"{sum(bool(r['wrong']) for r in sel)}, {ms([r['seconds'] for r in sel])}")

    def uniq(sel: list[dict]) -> str:
        st = [r["status"] for r in sel]
        return (f"{sum(r.get('unique') is True for r in sel)} / {st.count('solved')} / {st.count('no-solution')} / "
                f"{st.count('gave-up') + st.count('crash')}, {ms([r['seconds'] for r in sel])}")

    lines = ["| set | half | rule | puzzles | t1: solved / none / gave up / wrong, median / max ms | default "
             "| unique: unique / decided with a solution / none / gave up, median / max ms |",
             "|---|---|---|---|---|---|---|"]
    for name, rows in sets:
        for half in ("dev", "held"):
            for rule in RULES:
                sel = {run: [r for r in rows if (r["half"], r["rule"], r["run"]) == (half, rule, run)] for run in RUNS}
                if not any(sel.values()):
                    continue
                n = max(len(v) for v in sel.values())
                lines.append(f"| {name} | {half} | {rule} | {n} | {counts(sel['t1']) if sel['t1'] else '-'} "
                             f"| {counts(sel['default']) if sel['default'] else '-'} "
                             f"| {uniq(sel['unique']) if sel['unique'] else '-'} |")
    return "\n".join(lines)


def read_table(sets: list[tuple[str, list[dict]]]) -> str:
    """One line per set and half: the files, the puzzles read and those refused (with the first refusal)."""
    lines = ["| set | half | files | puzzles read | refused | first refusal |", "|---|---|---|---|---|---|"]
    for name, items in sets:
        for half in ("dev", "held"):
            sel = [i for i in items if i["half"] == half]
            bad = [i for i in sel if i["puzzle"] is None]
            why = bad[0]["error"].replace("|", "/")[:90] if bad else ""
            lines.append(f"| {name} | {half} | {len({i['file'] for i in sel})} | {len(sel) - len(bad)} | {len(bad)} "
                         f"| {why} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", help="puzzle files or folders of *.txt puzzle files")
    ap.add_argument("--runs", default="t1,unique,default", help="comma-separated: t1, default, unique")
    ap.add_argument("--jsonl", type=Path, help="append each run here, and skip runs already in it")
    ap.add_argument("--glob", default="*.txt", help="the files of a folder read (default *.txt; '*' for all)")
    ap.add_argument("--per-set", action="store_true",
                    help="each PATH is a set numbered on its own (even = development); print one table of the sets")
    args = ap.parse_args()
    runs = [x for x in args.runs.split(",") if x]
    for x in runs:
        if x not in RUNS:
            ap.error(f"unknown run {x!r}; choose among {', '.join(RUNS)}")
    if args.per_set:
        sets, read = [], []
        for path in args.paths:
            items = collect([path], args.glob)
            read.append((Path(path).name, items))
            sets.append((Path(path).name, verdicts(items, evaluate(items, runs, args.jsonl))))
        print(per_set_table(sets))
        print()
        print(read_table(read))
        return
    items = collect(args.paths, args.glob)
    rows = verdicts(items, evaluate(items, runs, args.jsonl))
    print(table(rows, items, args.paths))


if __name__ == "__main__":
    main()
