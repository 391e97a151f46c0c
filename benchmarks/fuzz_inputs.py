"""Bad input to every command of the command line: which ones are refused cleanly, which ones are not.

Usage::

    python benchmarks/fuzz_inputs.py                 # every command, every option (several minutes)
    python benchmarks/fuzz_inputs.py --only render   # the commands whose path starts with a word
    python benchmarks/fuzz_inputs.py --api --web     # also the Python API and the web server's JSON API

The commands and their options are read from the typer application itself, so
a new command or option is swept too. Each option is given a list of bad
values by its type (a whole number: ``-1``, ``nan``, ``1e400``...; a name:
``""``, ``nope``, unicode...; an output path: a folder, a missing folder, a
path through a file...), and each file argument a list of bad files (empty,
binary, truncated, a folder, ``/dev/zero``, a file of the other kind...),
the rest of the command line being one that runs. Each case runs in a child
forked from a process that has imported the package (so a case costs what
the command costs, not an interpreter's start), with the standard input
empty and its own working folder holding an output file written beforehand.

A case is flagged when it shows a traceback (an exception escaped
``tremaux.cli.main``), exits with a status other than 0 or 2, exits 2
without a single line ``error: ...`` on stderr, runs over 20 s, or fails
and leaves the output file written beforehand changed (a dataset's folder: made at all),
or new files beside it. A bad value that is accepted (exit 0) is counted, not flagged:
``--seed -1`` may well be a seed. The script prints one Markdown table (by
command: cases, refused, accepted, and each kind of flag) and the flagged
cases, for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

LIMIT_S = 20.0
SENTINEL = b"written before the run\n"
FLAGS = ("traceback", "exit", "message", "timeout", "damaged")
VERDICTS = {"numberlink solve": 1, "numberlink check": 1}
"""Commands whose exit status 1 is an answer (a puzzle not solved in its time, not proper), not a failure."""

INT_BAD = ["-1", "0", "abc", "1.5", "nan", "99999999999999999999999", "-99999999999", "", "ü"]
FLOAT_BAD = ["nan", "inf", "-inf", "-1", "0", "1e309", "abc", "", "1e-300"]
STR_BAD = ["", "nope", "ü✓迷", "-1", "0", "nan", "99999999x99999999", "0x0", "-3x4", "5x", "x", ",", "1,", "a,b",
           " ", "1e9", "3x3x3", "-99999999,5"]
MULTI_BAD = ["", "=", "x", "x=", "=1", "nope=1", "braid=nan", "braid=-1", "loops=99999999999999999999"]


@dataclass
class Case:
    """One command line to run and what to look at afterwards."""

    command: str
    argv: list[str]
    what: str
    out: str | None = None  # the output (file or folder) written beforehand, relative to the case's folder
    result: dict = field(default_factory=dict)


def fixtures(root: Path, seed: int = 1) -> dict[str, Path]:
    """Good and bad files in ``root``: a maze, a puzzle (made from ``seed``), and what a user may give instead."""
    import tremaux
    from tremaux import io
    from tremaux.cli import main

    root.mkdir(parents=True, exist_ok=True)
    f: dict[str, Path] = {}
    f["maze"] = root / "maze.json"
    io.save(tremaux.generate((5, 5), seed=seed).maze, f["maze"])
    f["puzzle"] = root / "puzzle.txt"
    try:
        main(["numberlink", "generate", "--size", "5x5", "--seed", str(seed), "-o", str(f["puzzle"])])
    except SystemExit:
        pass
    f["dataset"] = root / "dataset"
    try:
        main(["dataset", "-n", "2", "--size", "4x4", "-q", "-o", str(f["dataset"])])
    except SystemExit:
        pass
    text = f["maze"].read_text()
    (root / "dir").mkdir(exist_ok=True)
    f["folder"] = root / "dir"
    f["missing"] = root / "nope.json"
    for ext in ("json", "txt", "png", "npz", "svg"):
        (root / f"empty.{ext}").write_bytes(b"")
        (root / f"binary.{ext}").write_bytes(bytes(range(256)) * 8 + b"\x00\xff" * 100)
        f[f"empty.{ext}"] = root / f"empty.{ext}"
        f[f"binary.{ext}"] = root / f"binary.{ext}"
    f["truncated.json"] = root / "truncated.json"
    f["truncated.json"].write_text(text[: len(text) // 2])
    f["unicode.txt"] = root / "unicode.txt"
    f["unicode.txt"].write_text("ünïcödé ✓ 迷路\n1 2 3\n", encoding="utf-8")
    f["latin1.txt"] = root / "latin1.txt"
    f["latin1.txt"].write_bytes("caf\xe9\n#.#\n".encode("latin-1"))
    data = json.loads(text)
    for name, value in (("huge", 10**30), ("negative", -5), ("float", 2.5), ("string", "ü"), ("null", None)):
        changed = {k: (value if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in data.items()}
        f[f"{name}.json"] = root / f"{name}.json"
        f[f"{name}.json"].write_text(json.dumps(changed))
    f["nan.json"] = root / "nan.json"
    f["nan.json"].write_text(text.replace("5", "NaN", 2))
    f["list.json"] = root / "list.json"
    f["list.json"].write_text("[1, 2, 3]")
    f["deep.json"] = root / "deep.json"
    f["deep.json"].write_text("[" * 100000 + "]" * 100000)
    f["puzzle.json"] = root / "puzzle-as.json"
    f["puzzle.json"].write_bytes(f["puzzle"].read_bytes())
    f["maze.txt"] = root / "maze-as.txt"
    f["maze.txt"].write_text(text)
    f["big-header.txt"] = root / "big-header.txt"
    f["big-header.txt"].write_text("99999999 99999999\n")
    f["huge-line.txt"] = root / "huge-line.txt"
    f["huge-line.txt"].write_text("1" * 5_000_000 + "\n")
    from PIL import Image

    f["photo.png"] = root / "photo.png"
    Image.new("RGB", (7, 3), (200, 30, 30)).save(f["photo.png"])
    f["unicode-name"] = root / "ü迷路 ✓.json"
    f["unicode-name"].write_bytes(f["maze"].read_bytes())
    f["a-file"] = root / "a-file"
    f["a-file"].write_text("x")
    f["dev-zero"] = Path("/dev/zero")
    return f


def bad_files(f: dict[str, Path], kind: str) -> list[tuple[str, str]]:
    """(label, path) pairs of bad files for a file argument expecting ``kind`` (``maze`` or ``puzzle``)."""
    other = "puzzle" if kind == "maze" else "maze"
    names = ["missing", "folder", "empty.json", "empty.txt", "empty.png", "empty.npz", "empty.svg", "binary.json",
             "binary.txt", "binary.png", "binary.npz", "binary.svg", "truncated.json", "unicode.txt", "latin1.txt",
             "huge.json", "negative.json", "float.json", "string.json", "null.json", "nan.json", "list.json",
             "deep.json", "big-header.txt", "huge-line.txt", "photo.png", "dev-zero", other,
             "puzzle.json" if kind == "maze" else "maze.txt"]
    pairs = [(n, str(f[n])) for n in names]
    return pairs + [("path-through-file", str(f["a-file"] / "x.json")), ("unicode-name", str(f["unicode-name"])),
                    ("stdin-empty", "-")]


def bad_outputs(f: dict[str, Path], suffix: str) -> list[tuple[str, str]]:
    """(label, path) pairs of output paths that cannot be written or make no sense."""
    return [("folder", str(f["folder"])), ("missing-folder", f"no/such/folder/out{suffix}"),
            ("sysfs", f"/sys/out{suffix}"), ("through-file", str(f["a-file"] / f"out{suffix}")),
            ("unknown-suffix", "out.unknown"), ("no-suffix", "out"), ("empty", ""), ("dev-full", "/dev/full"),
            ("unicode", f"ü迷 ✓{suffix}")]


BASELINES = {  # a command line that runs, the output it writes (None: stdout only), the kind of file it reads
    "demo": (["--size", "5x5"], "out.txt", None),
    "generate": (["--size", "5x5"], "out.json", None),
    "solve": (["{maze}"], "out.svg", "maze"),
    "show": (["{maze}"], None, "maze"),
    "info": (["{maze}"], None, "maze"),
    "convert": (["{maze}"], "out.npz", "maze"),
    "stats": (["{maze}"], None, "maze"),
    "render": (["{maze}"], "out.svg", "maze"),
    "animate": (["{maze}"], "out.gif", "maze"),
    "serve": ([], None, None),
    "dataset": (["-n", "2", "--size", "4x4"], "data", None),  # a folder: a failed run must not leave it
    "dataset info": (["{dataset}"], None, None),
    "warmup": (["-q"], None, None),
    "numberlink solve": (["{puzzle}"], "out.txt", "puzzle"),
    "numberlink generate": (["--size", "5x5", "--seed", "1"], "out.txt", None),
    "numberlink check": (["{puzzle}"], None, "puzzle"),
    "numberlink convert": (["{puzzle}", "-f", "contest"], "out.txt", "puzzle"),
}


def commands() -> list[tuple[str, object]]:
    """Every (path, click command) of the typer application, groups walked."""
    import typer.main

    from tremaux.cli import app

    found: list[tuple[str, object]] = []

    def walk(cmd: object, path: list[str]) -> None:
        subs = getattr(cmd, "commands", None)
        if subs is not None:
            for name, sub in subs.items():
                walk(sub, path + [name])
        else:
            found.append((" ".join(path), cmd))
            for name, sub in getattr(cmd, "word_commands", {}).items():  # a first word that selects one (dataset info)
                walk(sub, path + [name])
    walk(typer.main.get_command(app), [])
    return found


def annotation(param: object) -> str:
    """The Python type of a parameter's value, in words: int, float, path, paths, str, bool."""
    td = getattr(param, "type_descriptor", None)
    ann = getattr(td, "annotation", None)
    text = str(ann)
    if getattr(param, "is_flag", False) or ann is bool:
        return "bool"
    if "Path" in text:
        return "paths" if "list" in text else "path"
    if ann is int or "int" in text:
        return "int"
    if ann is float or "float" in text:
        return "float"
    return "str"


def build_cases(f: dict[str, Path], only: str | None) -> list[Case]:
    """Every case: each option and file argument of each command given each bad value."""
    import typer.main

    from tremaux.cli import app

    cases: list[Case] = []
    root = typer.main.get_command(app)
    for p in root.params:  # the options before the command (--memory-limit), with a command that reads a file
        if getattr(p, "hidden", False) or annotation(p) == "bool" or p.name == "help" or (only and "root" != only):
            continue
        flag = next(o for o in p.opts if o.startswith("--"))
        for value in STR_BAD + ["-1G", "1e400G", "99999999999T", "nanG", "1.5.5M", "8Q"]:
            cases.append(Case("(root options)", [flag, value, "info", str(f["maze"])], f"{flag}={value!r}"))
    for path, cmd in commands():
        if only and not path.startswith(only):
            continue
        base, out, kind = BASELINES.get(path, ([], None, None))
        words = path.split()
        fill = {"{maze}": str(f["maze"]), "{puzzle}": str(f["puzzle"]), "{dataset}": str(f["dataset"])}
        base = [fill.get(w, w) for w in base]
        out_param = next((p for p in cmd.params if "--out" in p.opts), None)
        out_args = ["-o", out] if out and out_param is not None else []
        suffix = Path(out).suffix if out else ".txt"
        cases.append(Case(path, words + base + out_args, "baseline", out if out_args else None))
        flags = [next(o for o in (*p.opts, *p.secondary_opts) if o.startswith("--")) for p in cmd.params
                 if annotation(p) == "bool" and not getattr(p, "hidden", False) and p.name != "help"]
        for i, first in enumerate(flags):  # options that may conflict: two switches, or one with the output on stdout
            for second in flags[i + 1:]:
                cases.append(Case(path, words + base + out_args + [first, second], f"{first} {second}",
                                  out if out_args else None))
            if out_param is not None:
                cases.append(Case(path, words + base + [first, "-o", "-"], f"{first} -o -"))
        for p in cmd.params:
            if getattr(p, "hidden", False) or p.name in ("help",):
                continue
            t = annotation(p)
            flag = next((o for o in p.opts if o.startswith("--")), p.opts[0] if p.opts else None)
            if p.param_type_name == "argument":
                rest = [w for w in base if w not in fill.values()]
                for label, value in bad_files(f, kind or "maze"):
                    cases.append(Case(path, words + [value] + rest + out_args, f"{p.name}={label}",
                                      out if out_args else None))
                continue
            if t == "bool":
                continue
            if p is out_param:
                for label, value in bad_outputs(f, suffix):
                    cases.append(Case(path, words + base + [flag, value], f"{flag}={label}"))
                continue
            if t in ("path", "paths"):
                values = bad_files(f, "maze")
            elif getattr(p, "multiple", False):
                values = [(repr(v), v) for v in MULTI_BAD]
            else:
                values = [(repr(v), v) for v in {"int": INT_BAD, "float": FLOAT_BAD}.get(t, STR_BAD)]
            for label, value in values:
                cases.append(Case(path, words + base + out_args + [flag, value], f"{flag}={label}",
                                  out if out_args else None))
    return cases


def _child(case: Case, folder: Path) -> None:
    """In the forked child: run the case, its output on files in ``folder``; never returns."""
    code = 0
    try:
        os.chdir(folder)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, name in ((1, "stdout"), (2, "stderr")):
            out = os.open(folder.parent / f"{folder.name}.{name}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(out, fd)
        sys.stdin = open(0, closefd=False)
        if case.command == "serve":  # never listen: a setting that gets that far is accepted
            import tremaux.web

            def refuse(*args: object, **kwargs: object) -> None:
                raise SystemExit(0)
            tremaux.web.serve = refuse
        from tremaux.cli import main

        try:
            main(case.argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - an escaped exception: the flag this script looks for
        sys.stderr.write("ESCAPED " + traceback.format_exc())
        code = 99
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code if 0 <= code < 256 else 1)


def run_cases(cases: list[Case], work: Path, jobs: int) -> None:
    """Run the cases, ``jobs`` children at a time, each at most :data:`LIMIT_S` seconds."""
    pending = list(enumerate(cases))
    running: dict[int, tuple[int, Case, Path, float]] = {}
    while pending or running:
        while pending and len(running) < jobs:
            i, case = pending.pop(0)
            folder = work / f"case{i}"
            folder.mkdir()
            if case.out:
                target = folder / case.out
                if Path(case.out).suffix:  # a folder (dataset) is not made: a failed run must not make it
                    target.write_bytes(SENTINEL)
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _child(case, folder)
            running[pid] = (i, case, folder, time.monotonic())
        time.sleep(0.01)
        for pid, (i, case, folder, began) in list(running.items()):
            done, status, usage = os.wait4(pid, os.WNOHANG)
            wall = time.monotonic() - began
            if done == 0:
                if wall > LIMIT_S:
                    os.kill(pid, signal.SIGKILL)
                    os.wait4(pid, 0)
                    case.result = {"timeout": True, "wall": wall, "code": None, "cpu": None}
                    _read(case, folder)
                    del running[pid]
                continue
            code = os.waitstatus_to_exitcode(status)
            case.result = {"timeout": False, "wall": wall, "code": code, "cpu": usage.ru_utime + usage.ru_stime}
            _read(case, folder)
            del running[pid]


def _read(case: Case, folder: Path) -> None:
    """What the case printed, and whether its output written beforehand survived a failure."""
    r = case.result
    r["stderr"] = (folder.parent / f"{folder.name}.stderr").read_text(errors="replace")
    r["stdout_bytes"] = (folder.parent / f"{folder.name}.stdout").stat().st_size
    r["damaged"] = False
    if case.out and r["code"] not in (0, VERDICTS.get(case.command)):
        target = folder / case.out
        if Path(case.out).suffix:
            r["damaged"] = not target.is_file() or target.read_bytes() != SENTINEL
        else:
            r["damaged"] = target.exists()
        left = sorted(p.name for p in folder.iterdir() if p.name != Path(case.out).parts[0])
        if left:  # a failed run left a file of its own beside the output
            r["damaged"] = True
            r["left"] = left


def verdict(case: Case) -> list[str]:
    """The flags of a case (empty: refused cleanly or accepted)."""
    r = case.result
    lines = [ln for ln in r["stderr"].splitlines() if not ln.startswith("first use: compiling")]
    flags = []
    if "Traceback (most recent call last)" in r["stderr"] or r["code"] == 99:
        flags.append("traceback")
    if r["timeout"]:
        flags.append("timeout")
    elif r["code"] not in (0, 2, 99, VERDICTS.get(case.command)):
        flags.append("exit")
    if r["code"] == 2 and (len(lines) != 1 or not lines[0].startswith("error: ")) and "traceback" not in flags:
        flags.append("message")
    if r["damaged"]:
        flags.append("damaged")
    return flags


def table(cases: list[Case], accepted: bool = False) -> str:
    """The Markdown table of the sweep, by command, and the flagged cases under it."""
    rows: dict[str, dict[str, int]] = {}
    flagged = []
    shown: list[str] = []
    for case in cases:
        if case.what == "baseline":
            continue
        row = rows.setdefault(case.command, {k: 0 for k in ("cases", "refused", "accepted", *FLAGS)})
        row["cases"] += 1
        flags = verdict(case)
        for flag in flags:
            row[flag] += 1
        if flags:
            flagged.append((case, flags))
        elif case.result["code"] in (0, VERDICTS.get(case.command)):
            row["accepted"] += 1
            if accepted:
                shown.append(f"- accepted: {case.command} {case.what} (exit {case.result['code']})")
        else:
            row["refused"] += 1
    head = ("command", "cases", "refused (exit 2, one line)", "accepted (exit 0, or 1 for a verdict)", *FLAGS)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    total = {k: 0 for k in ("cases", "refused", "accepted", *FLAGS)}
    for name, row in rows.items():
        out.append(f"| {name} | " + " | ".join(str(row[k]) for k in total) + " |")
        for k in total:
            total[k] += row[k]
    out.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in total) + " |")
    out.append("")
    out.append(f"flagged: {len(flagged)} of {sum(r['cases'] for r in rows.values())} cases")
    for case, flags in flagged:
        lines = [ln for ln in case.result["stderr"].splitlines() if ln.strip()]
        last = lines[-1][:160] if lines else ""
        left = f", left {case.result['left']}" if case.result.get("left") else ""
        out.append(f"- {case.command} {case.what}: {','.join(flags)} (exit {case.result['code']}, "
                   f"{case.result['wall']:.1f} s{left}): {last}")
    return "\n".join(out + shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="only the commands whose path starts with this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--api", action="store_true", help="also sweep the Python API")
    parser.add_argument("--web", action="store_true", help="also sweep the web server's JSON API")
    parser.add_argument("--no-cli", action="store_true", help="skip the command line")
    parser.add_argument("--numberlink", action="store_true",
                        help="also the Number Link commands on odd puzzles with every option (fuzz_inputs_nl.py)")
    parser.add_argument("--list", action="store_true", help="print the cases, run none")
    parser.add_argument("--accepted", action="store_true", help="also list the bad values accepted")
    parser.add_argument("--seed", type=int, default=1,
                        help="the seed of the good maze and puzzle the bad values go with (default 1)")
    args = parser.parse_args()
    BASELINES["numberlink generate"] = (["--size", "5x5", "--seed", str(args.seed)], "out.txt", None)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    print(f"date {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.platform()}; "
          f"{os.cpu_count()} cores; python {platform.python_version()}; seed {args.seed}")
    with tempfile.TemporaryDirectory(prefix="tremaux-fuzz-") as tmp:
        f = fixtures(Path(tmp) / "files", args.seed)
        if not args.no_cli:
            cases = build_cases(f, args.only)
            if args.list:
                for case in cases:
                    print(case.command, case.what, case.argv)
                return
            import tremaux.generators  # noqa: F401 - loaded once, before the children fork
            import tremaux.numberlink  # noqa: F401
            import tremaux.render  # noqa: F401
            import tremaux.solvers  # noqa: F401

            began = time.monotonic()
            work = Path(tmp) / "runs"
            work.mkdir()
            run_cases(cases, work, args.jobs)
            bad_base = [c for c in cases if c.what == "baseline" and c.result["code"] != 0]
            for c in bad_base:
                print(f"note: the baseline of {c.command} exits {c.result['code']}: {c.result['stderr'][-300:]}")
            print(f"command line: {len(cases)} cases in {time.monotonic() - began:.0f} s\n")
            print(table(cases, args.accepted))
        if args.numberlink:
            from fuzz_inputs_nl import odd_cases, round_trips

            import tremaux.numberlink  # noqa: F401, F811

            cases = odd_cases(Path(tmp) / "odd", args.seed)
            began = time.monotonic()
            work = Path(tmp) / "odd-runs"
            work.mkdir()
            run_cases(cases, work, args.jobs)
            print(f"\nNumber Link on odd puzzles: {len(cases)} cases in {time.monotonic() - began:.0f} s\n")
            print(table(cases, args.accepted))
            *failed, note = round_trips()
            print(f"\nround trips through every writable format: {len(failed)} failed {note}")
            print("\n".join(f"- {line}" for line in failed))
        if args.api or args.web:
            from fuzz_inputs_api import sweep_api, sweep_web

            if args.api:
                print()
                print(sweep_api(f, args.seed))
            if args.web:
                print()
                print(sweep_web(f))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
