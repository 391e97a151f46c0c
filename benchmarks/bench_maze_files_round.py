"""Maze files of other programs through the command line and ``tremaux.io.load``, as a user brings them.

    python benchmarks/bench_maze_files_round.py ROOT [--expected expected.json] [--json runs.json] [--src DIR]

ROOT holds one folder a set of files (read recursively; hidden files and
``expected.json`` left out). The sets are sorted by name and split by a fixed
rule: the first, third, fifth... are the development half, the others the
held-out half. Each file is given, in a child process each, to

* ``tremaux convert FILE -f ascii`` (``convert``);
* ``tremaux info FILE`` (``info``);
* ``tremaux solve FILE`` (``solve``);
* ``tremaux render FILE -o x.png`` (``render``);
* ``tremaux.io.load(FILE)`` in Python (``load``: the shape, start, goal and
  passages read, or the exception's class and message).

A file is *read* when the five succeed, *refused* when each command exits 2
with one line ``error: ...`` and ``load`` raises a ``TremauxError`` (``solve`` may also answer that there
is no path, exit 1, on a file read), *mixed*
otherwise (a traceback, an exit status but 0 and 2, a refusal in several
lines, or some steps reading while others refuse). With ``--expected``, a
JSON object ``{"set/file": {"shape": [r, c], "start": [r, c], "goal": [r, c]}
or "refuse"}`` (each key optional) judges each file: *right* (read as
expected, or refused when a refusal is expected), *wrong* (read otherwise),
*refused* (expected a reading). CPU seconds are those of the children. ``--src`` runs the package of
another tree (``/path/to/main/src``: the figures before a change).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = [str(ROOT / "src")]

LOAD = """
import json, sys
from tremaux import io
from tremaux.errors import TremauxError
try:
    m = io.load(sys.argv[1])
except TremauxError as e:
    print(json.dumps({"refused": type(e).__name__ + ": " + str(e)}))
else:
    print(json.dumps({"shape": list(m.shape), "start": m.start and list(m.start),
                      "goal": m.goal and list(m.goal), "passages": int(m.passages)}))
"""


def set_files(path: Path) -> list[Path]:
    """The files of a set, sorted (hidden files and ``expected.json`` left out)."""
    return sorted(
        f for f in path.rglob("*")
        if f.is_file() and not f.name.startswith(".") and f.name != "expected.json"
    )


def run(cmd: list[str], cwd: str) -> tuple[int, str, str, float]:
    """Run one child: exit status, stdout, stderr, CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, PYTHONPATH=SRC[0])
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, p.stdout, p.stderr, cpu


def one_file(path: Path) -> dict:
    """Every step on one file."""
    rec: dict = {"steps": {}, "cpu": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        steps = {
            "convert": ["convert", str(path), "-f", "ascii"],
            "info": ["info", str(path)],
            "solve": ["solve", str(path)],
            "render": ["render", str(path), "-o", "x.png"],
        }
        for name, args in steps.items():
            code, _, err, cpu = run([sys.executable, "-m", "tremaux", *args], tmp)
            lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith("first use")]
            rec["steps"][name] = {"code": code, "err": lines}
            rec["cpu"] += cpu
        code, out, err, cpu = run([sys.executable, "-c", LOAD, str(path)], tmp)
        rec["cpu"] += cpu
        rec["load"] = json.loads(out) if code == 0 and out.strip() else {"crash": err.strip()[-300:]}
    cli = rec["steps"].values()
    if all(s["code"] in ((0, 1) if n == "solve" else (0,)) for n, s in rec["steps"].items()) and "shape" in rec["load"]:
        rec["verdict"] = "read"
    elif (all(s["code"] == 2 and len(s["err"]) == 1 and s["err"][0].startswith("error: ") for s in cli)
          and "refused" in rec["load"]):
        rec["verdict"] = "refused"
    else:
        rec["verdict"] = "mixed"
    return rec


def judge(rec: dict, want) -> str:
    """right / wrong / refused against the expectation (or '-' without one)."""
    if want is None:
        return "-"
    if want == "refuse":
        return "right" if rec["verdict"] == "refused" else ("wrong" if rec["verdict"] == "read" else "mixed")
    if rec["verdict"] != "read":
        return "refused" if rec["verdict"] == "refused" else "mixed"
    got = rec["load"]
    ok = all(got.get(k) == v for k, v in want.items())
    return "right" if ok else "wrong"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--expected", type=Path)
    ap.add_argument("--json", type=Path, help="write every record here")
    ap.add_argument("--half", choices=["dev", "held", "both"], default="both")
    ap.add_argument("--src", type=Path, help="the src folder of the package to run (default: this tree's)")
    a = ap.parse_args()
    if a.src:
        SRC[0] = str(a.src.resolve())
    expected = json.loads(a.expected.read_text()) if a.expected else {}
    sets = sorted(p for p in a.root.iterdir() if p.is_dir() and not p.name.startswith("."))
    halves = {"dev": sets[0::2], "held": sets[1::2]}
    records = {}
    for half, group in halves.items():
        if a.half not in ("both", half):
            continue
        tally: dict = {}
        for s in group:
            for f in set_files(s):
                key = f"{s.name}/{f.relative_to(s)}"
                rec = one_file(f)
                rec["half"] = half
                rec["judged"] = judge(rec, expected.get(key))
                records[key] = rec
                t = tally.setdefault(s.name, {"files": 0, "read": 0, "refused": 0, "mixed": 0,
                                              "right": 0, "wrong": 0, "cpu": 0.0})
                t["files"] += 1
                t[rec["verdict"]] += 1
                t["right"] += rec["judged"] == "right"
                t["wrong"] += rec["judged"] == "wrong"
                t["cpu"] += rec["cpu"]
                shown = rec["load"].get("refused") or rec["load"].get("crash") or {
                    k: rec["load"][k] for k in ("shape", "start", "goal", "passages")}
                bad = {k: v["code"] for k, v in rec["steps"].items() if v["code"] != 0}
                errs = {tuple(v["err"]) for v in rec["steps"].values() if v["code"] not in (0, 1)}
                if rec["verdict"] == "mixed" or any(len(e) > 1 for e in errs):
                    bad["stderr"] = [v["err"] for v in rec["steps"].values()]
                print(f"{half:4} {key:45} {rec['verdict']:8} {rec['judged']:6} {shown} {bad or ''}", flush=True)
        print(f"\n{half}: set | files | read | refused | mixed | right | wrong | CPU s")
        for name, t in tally.items():
            print(f"| {name} | {t['files']} | {t['read']} | {t['refused']} | {t['mixed']} | {t['right']} | "
                  f"{t['wrong']} | {t['cpu']:.1f} |")
        tot = {k: sum(t[k] for t in tally.values()) for k in ("files", "read", "refused", "mixed", "right", "wrong")}
        print(f"| all | {tot['files']} | {tot['read']} | {tot['refused']} | {tot['mixed']} | {tot['right']} | "
              f"{tot['wrong']} | |\n")
    if a.json:
        a.json.write_text(json.dumps(records, indent=1))


if __name__ == "__main__":
    main()
