"""Number Link public puzzle files through the command line, as a new user runs them: read, refused, solved, checked.

    python benchmarks/bench_nl_cli_round.py DIR [DIR ...] [--glob '*'] [--jsonl runs.jsonl] [--timeout 120]

Every DIR is a set of puzzle files (read recursively, those ``--glob`` matches;
``'*'``, the default, takes every file). The sets are sorted by name and split
by a fixed rule: the first, third, fifth... are the development half, the
others the held-out half. Each file is given, in a child process, to

* ``tremaux numberlink convert FILE`` (``convert``);
* ``tremaux numberlink solve FILE --json`` (``solve``: the default rule),
  ``--rule nikoli`` (``nikoli``) and ``--rule fill`` (``fill``);
* ``tremaux numberlink solve FILE --unique --json`` (``unique``);
* ``tremaux numberlink check FILE --json`` (``check``);

with the default time limits. A run is *refused* when it exits 2; a refusal
is *clear* when stderr is one line ``error: ...``. Every line printed in the
JSON (each solution of ``solve``, the solution ``check`` shows) is checked by
``tests/numberlink_checker.py`` against the puzzle of its record under the
record's rule and touch setting; a solution the checker rejects is *wrong*.
A ``solve`` record whose status is neither ``solved`` nor ``no-solution``
(nor ``unique``'s answers) counts as gave up. CPU seconds are those of the
child (``resource.getrusage(RUSAGE_CHILDREN)``). With ``--jsonl`` each run is
appended to a file as it ends and runs already there are not run again.
Prints one table per half and command, then every refusal and problem.
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
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow  # noqa: E402

from tremaux.numberlink import Puzzle, formats  # noqa: E402

COMMANDS = {
    "convert": ["convert"],
    "solve": ["solve", "--json"],
    "nikoli": ["solve", "--rule", "nikoli", "--json"],
    "fill": ["solve", "--rule", "fill", "--json"],
    "unique": ["solve", "--unique", "--json"],
    "check": ["check", "--json"],
}


def set_files(path: Path, pattern: str) -> list[Path]:
    """The files of a set, sorted (hidden files left out)."""
    return sorted(f for f in path.rglob(pattern) if f.is_file() and not f.name.startswith("."))


def problems(record: dict, puzzle: object) -> list[str]:
    """What the checker finds wrong with the lines of one JSON record on ``puzzle`` (the file's puzzle of the same
    place, read in this process), empty when none are shown or all hold."""
    if not record.get("lines"):
        return []
    if not isinstance(puzzle, Puzzle):
        return ["lines shown for a puzzle that does not read"]
    by_label = {line["label"]: [tuple(c) for c in line["cells"]] for line in record["lines"]}
    paths = [by_label.get(label, []) for label in puzzle.labels]
    return follow(puzzle.grid.tolist(), paths, fill=record.get("rule", "fill") == "fill",
                  touch=bool(record.get("touch", True)))


def run(file: Path, command: str, timeout: float) -> dict:
    """One command on one file in a child process: exit status, CPU seconds, statuses, problems, stderr."""
    argv = [sys.executable, "-m", "tremaux", "numberlink", COMMANDS[command][0], str(file), *COMMANDS[command][1:]]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        rc, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = -1, "", "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rec = {"rc": rc, "cpu": cpu, "stderr": err.strip().splitlines()[:3], "statuses": [], "problems": []}
    if command != "convert" and out.strip().startswith("["):
        try:
            records = json.loads(out)
        except json.JSONDecodeError as exc:
            rec["problems"].append(f"not JSON: {exc}")
            records = []
        try:
            puzzles = formats.load_all(file, errors="keep")
        except Exception:  # noqa: BLE001 - a file that does not read: its records show no lines to check
            puzzles = []
        for i, r in enumerate(records):
            if command == "check":
                rec["statuses"].append(r.get("verdict", "?"))
            elif command == "unique" and r.get("status") == "solved":
                rec["statuses"].append("unique" if r.get("unique") is True else "not-unique" if r.get("unique")
                                       is False else "undecided")
            else:
                rec["statuses"].append(r.get("status", "?"))
            rec["problems"] += [f"{r.get('name', '?')}: {p}"
                                for p in problems(r, puzzles[i] if i < len(puzzles) else None)]
    return rec


def clear(rec: dict) -> bool:
    """Whether a refusal (exit 2) is one line ``error: ...``."""
    return len(rec["stderr"]) == 1 and rec["stderr"][0].startswith("error: ")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", type=Path, help="folders, one set of puzzle files each")
    ap.add_argument("--glob", default="*", help="the files of a set read (default '*': all)")
    ap.add_argument("--jsonl", type=Path, help="append each run here, and skip runs already in it")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds before a child is stopped")
    ap.add_argument("--commands", default=",".join(COMMANDS), help="comma-separated: " + ", ".join(COMMANDS))
    args = ap.parse_args()
    commands = [c for c in args.commands.split(",") if c]
    for c in commands:
        if c not in COMMANDS:
            ap.error(f"unknown command {c!r}; choose among {', '.join(COMMANDS)}")
    done: dict[tuple[str, str], dict] = {}
    if args.jsonl is not None and args.jsonl.exists():
        for line in args.jsonl.read_text().splitlines():
            r = json.loads(line)
            done[(r["file"], r["command"])] = r
    rows = []
    for i, folder in enumerate(sorted(args.sets, key=lambda p: p.name)):
        half = "dev" if i % 2 == 0 else "held"
        for f in set_files(folder, args.glob):
            for c in commands:
                key = (str(f), c)
                if key not in done:
                    done[key] = {"file": str(f), "command": c, **run(f, c, args.timeout)}
                    if args.jsonl is not None:
                        with args.jsonl.open("a") as fh:
                            fh.write(json.dumps(done[key]) + "\n")
                rows.append({**done[key], "set": folder.name, "half": half})
    print(f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.machine()} ({os.cpu_count()} cores, "
          f"shared; load average {os.getloadavg()[0]:.1f}), Python {platform.python_version()}; CPU seconds of each "
          "child.\n")
    print("| half | command | files | exit 0 / 1 / 2 / timeout | refused, clear | records: solved or proper / none / "
          "gave up / other | wrong | median / max CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for half in ("dev", "held"):
        for c in commands:
            sel = [r for r in rows if r["half"] == half and r["command"] == c]
            if not sel:
                continue
            rcs = [r["rc"] for r in sel]
            sts = [s for r in sel for s in r["statuses"]]
            good = sum(s in ("solved", "unique", "proper") for s in sts)
            none = sum(s in ("no-solution", "no solution") or s.startswith("no-") for s in sts)
            gave = sum(s in ("gave-up", "timeout", "undecided", "unknown") for s in sts)
            cpu = [r["cpu"] for r in sel]
            print(f"| {half} | {c} | {len(sel)} | {rcs.count(0)} / {rcs.count(1)} / {rcs.count(2)} / {rcs.count(-1)} "
                  f"| {rcs.count(2)}, {sum(clear(r) for r in sel if r['rc'] == 2)} "
                  f"| {good} / {none} / {gave} / {len(sts) - good - none - gave} "
                  f"| {sum(bool(r['problems']) for r in sel)} "
                  f"| {statistics.median(cpu):.2f} / {max(cpu):.2f} |")
    print("\nRefusals (the first run of each file that exits 2) and problems:\n")
    seen = set()
    for r in rows:
        if r["rc"] == 2 and r["file"] not in seen:
            seen.add(r["file"])
            print(f"- {r['half']} {r['set']}/{Path(r['file']).name}: {' / '.join(r['stderr'])[:200]}")
    for r in rows:
        if r["problems"] or r["rc"] == -1 or (r["rc"] == 2 and not clear(r)):
            print(f"- PROBLEM {r['half']} {r['set']}/{Path(r['file']).name} {r['command']}: rc {r['rc']}, "
                  f"{'; '.join(r['problems'])[:200] or ' / '.join(r['stderr'])[:200]}")
    odd = [(r, s) for r in rows for s in r["statuses"] if s not in ("solved", "unique", "proper", "not-unique",
                                                                      "no-solution")]
    for r, s in odd:
        print(f"- {r['half']} {r['set']}/{Path(r['file']).name} {r['command']}: {s}")


if __name__ == "__main__":
    main()
