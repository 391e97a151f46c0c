"""Every command a reader copies from README.md and the docs site, run as a reader runs it.

For each unit (a ``## `` section of README.md, or a page under docs/; split dev/held by a fixed rule, see
``_sweep_docs_pages.py``) the sweep takes every shell line and every inline ``tremaux ...`` /
``python -m tremaux ...`` command, in page order, and:

- checks each option against the command it is given to (the click tree): an option the command no longer has,
  or an old, hidden spelling, is a problem wherever it is written;
- runs each whole command (not a pattern with ``FILE``, ``NAME``, ``...``) in a scratch folder of the page, so
  that files made by earlier commands of the page are there (a toml block headed ``# spec.toml`` is written
  too; a few inputs the pages take as given, ``maze.txt``, ``puzzle.txt``..., are made first and listed):
  exit status, a traceback, run time (a local dataset of more than 1,000 mazes is built with ``--count 40``
  added, which the command line lets override); ``serve``, ``warmup``, datasets for a cluster or a bucket, and the inline commands of docs/benchmarks.md (records of past runs, on inputs the page
  describes and at sizes that take minutes) are only parsed; a bare ``tremaux info`` in a sentence is a name;
- checks ``python benchmarks/x.py --opt`` lines: the script exists and takes the option (found in its source);
- checks every repository path and ``tremaux.x.y`` name written in backticks;
- runs the commands behind the outputs the pages quote (``error: ...``, ``warning: ...``, verdicts) and
  compares what is stable (the text around ``...``, numbers as patterns where the page says so);
- compares the help screens with the docs: an option of a command that README.md and docs/cli.md never write,
  and the default column of docs/cli.md's vocabulary table against each command's default.

``pip``, ``mkdocs``, ``dask`` and ``.ci/run`` lines are skipped (the site is built by ``mkdocs build --strict``
apart, and by tests/test_docs_site.py).

    PYTHONPATH=src python benchmarks/sweep_docs.py --part dev     # or held, or all; --no-run parses only
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sweep_docs_cli import resolve, stray_options, table_defaults, undocumented  # noqa: E402
from _sweep_docs_pages import ROOT, Command, commands, dotted, path_exists, paths, resolves, units, words  # noqa: E402

SKIP_FIRST = {"pip", "mkdocs", "dask", ".ci/run", "apt-get", "curl", "cd"}
PARSE_ONLY = ("serve", "warmup")
PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_]*(?:\.\w+)?|HxW|F\.gif|\S*\.\.\.\S*|\S*<[^>]*>\S*")

# Files a page names as tried and left out of the repository (a section "measured, not adopted" says so).
LEFT_OUT = {"kernels/nl_force_parity.py", "kernels/nl_force_plane.py", "tests/test_nl_force_rules.py"}

# The outputs the pages quote, with a command that gives each: (unit, quoted text, command, stream).
# ``...`` in the quote stands for anything; ``#`` for any number.
CLAIMS = [
    ("README.md#Files and formats",
     "error: maze.txt:4:13: ragged row: this line has 12 characters, the first line of the maze has 13",
     "cd ragged && tremaux show maze.txt", "err"),
    ("README.md#Limits", "error: the npz file of a 30000 x 30000 maze needs about 2.5 GiB of memory; the limit is 1.0 GiB",
     "tremaux --memory-limit 1G generate --size 30000x30000 --out maze.npz", "err"),
    ("README.md#Limits", "error: building a 1500 x 1500 zeta grid needs about 326.2 MiB of memory; ...",
     "tremaux --memory-limit 100M generate --grid zeta --size 1500x1500 --out z.json", "err"),
    ("docs/cli.md", "error: invalid value for '--density': ... (see 'tremaux numberlink generate --help')",
     "tremaux numberlink generate --density x", "err"),
    ("docs/cli.md", "error: --cell-size 0 is too small; it must be at least 1",
     "tremaux render maze.txt --cell-size 0 --out cell.png", "err"),
    ("docs/cli.md", "error: --out maze.txt is the file this command reads: ...",
     "tremaux convert maze.txt --out maze.txt", "err"),
    ("docs/cli.md", "error: tremaux convert writes ascii, block, json, tokens, npz or png, not svg ('maze.svg'); "
     "tremaux render draws SVG and GIF pictures", "tremaux convert maze.txt --out maze.svg", "err"),
    ("docs/cli.md", "wrote 3 pictures, p-1.svg to p-3.svg", "tremaux numberlink solve three.txt --out p.svg", "err"),
    ("docs/cli.md", "warning: --algorithm is deprecated; use --generator",
     "tremaux generate --algorithm kruskal --size 3x3 --out old.json", "err"),
    ("docs/cli.md", "warning: the output file as a second argument is deprecated; use --out maze.npz",
     "tremaux convert maze.txt maze.npz", "err"),
    ("docs/cli.md", "<stdin>#1: solved", "tremaux numberlink solve - < three.txt", "err"),
    ("docs/cli.md", "number '1' appears once, at row 1 column 1", "tremaux numberlink check lonely.json", "err"),
    ("docs/cli.md", "wrote <stdout>", "tremaux generate --size 3x3 --out - --format json", "err"),
    ("docs/cli.md", "bfs: no path from (0, 0) to (1, 2): why", "tremaux solve walled.json", "err"),
    ("docs/cli.md", "error: <stdin>:2:3: ...", "tremaux show - < ragged/maze.txt", "err"),
    ("docs/cli.md", '"name": "<stdin>"', "tremaux numberlink solve - --json < puzzle.txt", "out"),
    ("docs/cli.md", "bfs: path of 13 cells (12 moves) found after 27 cells taken from the worklist",
     "tremaux solve hex.json", "err"),
]
CLAIM_NUMBERS = {"bfs: path of 13 cells (12 moves) found after 27 cells taken from the worklist", "error: <stdin>:2:3: ..."}
CLAIM_WORDS = {"why": "..."}
"""A word of a quote that stands for any text (``no path ...: why``)."""


def _lists(registry: str):
    def check(folder: Path, out: str, err: str) -> str:
        import tremaux

        names = [e.name for e in getattr(tremaux, registry)]
        missing = [n for n in names if not re.search(rf"^{re.escape(n)}\s", out, flags=re.M)]
        grids = registry != "GENERATORS" or all(re.search(r"\[(any grid|square only|[^]]*)\]", line)
                                                for line in out.splitlines() if line.strip())
        return (f"lists no {missing}" if missing else "") or ("" if grids else "does not say which grids")
    return check


def _json_keys(*keys: str):
    def check(folder: Path, out: str, err: str) -> str:
        import json

        data = json.loads(out)
        first = data[0] if isinstance(data, list) else data
        return "" if all(k in first for k in keys) else f"JSON without {[k for k in keys if k not in first]}"
    return check


def _urls(folder: Path, out: str, err: str) -> str:
    lines = [line for line in out.splitlines() if line.strip()]
    return "" if lines and all(u.startswith("https://puzz.link/p?numlin/") for u in lines) else f"not URLs: {out[:80]}"


def _generated(folder: Path, out: str, err: str) -> str:
    from tremaux.numberlink import load_all

    p = load_all(folder / "p.txt")
    return "" if len(p) == 1 and p[0].shape == (15, 20) else f"p.txt holds {[q.shape for q in p]}"


EXPECT = {
    "tremaux generate --list": _lists("GENERATORS"),
    "tremaux solve --list": _lists("SOLVERS"),
    "tremaux numberlink solve Q05.txt --rule nikoli --json": _json_keys("status", "grid"),
    "tremaux numberlink convert puzzles.txt -f puzzlink": _urls,
    "tremaux numberlink generate --size 15x20 --seed 3 --out p.txt": _generated,
    "tremaux info maze.npz --json": _json_keys("cells", "passages"),
    "tremaux dataset info data/ --json": _json_keys("complete"),
}
"""What the pages say a shown command prints (in its comment or the sentence around it), as a check of its output."""


def _seed(folder: Path) -> list[str]:
    """The inputs the pages take as given (those tests/test_docs_cli.py makes): their names."""
    sys.path.insert(0, str(ROOT / "tests"))
    from docs_inputs import write_example_inputs

    return write_example_inputs(folder)


def _claim_inputs(folder: Path) -> None:
    import tremaux
    from tremaux.grids import files, generate_on, make_grid

    (folder / "ragged").mkdir(exist_ok=True)  # the README's drawing after a blank line, its second wall line cut
    (folder / "ragged" / "maze.txt").write_text("\n+---+---+---+\n| S     |   |\n+---+   +  +\n|         G |\n+---+---+---+\n")
    (folder / "three.txt").write_text("1.1\n2.2\n\n1.1\n...\n\n1..\n..1\n")
    subprocess.run([sys.executable, "-m", "tremaux", "generate", "-g", "percolation", "-O", "p=0", "--size", "2x3",
                    "--out", "walled.json"], cwd=folder, env=_bin(folder), capture_output=True, check=True)
    (folder / "lonely.json").write_text("[[1, 0, 0], [0, 2, 2]]\n")
    (folder / "hex.json").write_text(files.dumps(generate_on(make_grid("hex", size=(4, 6)), "wilson", seed=2).maze))


def _bin(folder: Path) -> dict[str, str]:
    """An environment whose ``tremaux`` and ``python -m tremaux`` run this tree."""
    bindir = folder.parent / (folder.name + "-bin")
    bindir.mkdir(exist_ok=True)
    (bindir / "tremaux").write_text(f'#!/bin/sh\nexec {sys.executable} -m tremaux "$@"\n')
    (bindir / "tremaux").chmod(0o755)
    (bindir / "python").write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    (bindir / "python").chmod(0o755)
    src = str(ROOT / "src")
    return {**os.environ, "PATH": f"{bindir}:{os.environ['PATH']}",
            "PYTHONPATH": os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))}


def run(text: str, cwd: Path, env: dict[str, str], timeout: float = 180) -> tuple[int, str, str, float]:
    t = time.perf_counter()
    try:
        p = subprocess.run(["bash", "-c", text], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr, time.perf_counter() - t
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {timeout:.0f} s", time.perf_counter() - t


def _tremaux_argv(ws: list[str]) -> list[str] | None:
    while ws and re.fullmatch(r"[A-Z_]+=\S*", ws[0]):
        ws = ws[1:]
    if ws[:1] == ["tremaux"]:
        return ws[1:]
    if ws[:3] == ["python", "-m", "tremaux"]:
        return ws[3:]
    return None


def _script(ws: list[str]) -> tuple[str, list[str]] | None:
    while ws and re.fullmatch(r"[A-Z_]+=\S*", ws[0]):
        ws = ws[1:]
    if ws[:1] == ["python"] and len(ws) > 1 and ws[1].endswith(".py"):
        return ws[1], ws[2:]
    return None


def check_command(c: Command, folder: Path, env: dict[str, str], execute: bool) -> list[str]:
    """The problems of one shown command (empty when it is fine)."""
    ws = words(c.text)
    if not ws or ws[0] in SKIP_FIRST:
        return []
    cut = next((k for k, w in enumerate(ws) if w in ("|", ">", ">>", "<", "&&", ";", "2>")), len(ws))
    argv = _tremaux_argv(ws[:cut])
    problems = []
    if argv is not None:
        name, unknown, old = resolve(argv)
        problems += [f"`{name}` has no option {o}" for o in unknown]
        problems += [f"`{name}` {o} is an old spelling (hidden, warns)" for o in old]
        pattern = any(PLACEHOLDER.fullmatch(w) or "(" in w or ")" in w for w in argv) or "..." in c.text
        prose = c.how == "inline" and not any(w.startswith("-") or "." in w for w in argv)  # `tremaux info`: a name
        record = c.how == "inline" and c.unit.name == "docs/benchmarks.md"  # a past run, its inputs and sizes
        remote = name == "dataset" and (any(w.startswith(("s3://", "gs://", "az://")) for w in argv)
                                        or "--scheduler" in argv)
        shrink = name == "dataset" and not remote and not _small_count(argv)  # run, with 40 mazes
        big = remote
        if not execute or pattern or prose or record or big or not name or name.split()[0] in PARSE_ONLY or unknown:
            return problems
        text = c.text.split(" #")[0] if c.how == "block" else c.text
        code, out, err, secs = run(text + (" --count 40" if shrink else ""), folder, env)
        tail = err.strip().splitlines()[-1:] if err.strip() else []
        missing = re.match(r"error: no such file: (\S+)$", tail[0]) if tail else None
        if "Traceback (most recent call last)" in err:
            problems.append(f"traceback: {tail[0] if tail else ''}")
        elif missing:
            problems.append(f"input: {missing.group(1)}, a file the page does not make")
        elif code != 0:
            problems.append(f"exit {code}: {tail[0] if tail else '(no message)'}")
        expect = EXPECT.get(" ".join(text.split()))
        if expect and code == 0:
            try:
                said = expect(folder, out, err)
            except Exception as exc:  # noqa: BLE001 - an output the check cannot read is a difference too
                said = f"{type(exc).__name__}: {exc}"
            if said:
                problems.append(f"output differs from the page: {said}")
        if secs > 30:
            problems.append(f"slow for an example: {secs:.0f} s")
        return problems
    script = _script(ws[:cut])
    if script and re.search(r"\bat [0-9a-f]{7,40}\b", c.after):  # a past run, pinned to the commit it ran at
        return []
    if script:
        path, args = script
        if not (ROOT / path).is_file():
            return [f"no file {path}"]
        source = (ROOT / path).read_text(encoding="utf-8")
        for w in args:
            opt = w.split("=", 1)[0]
            if opt.startswith("--") and f'"{opt}"' not in source and f"'{opt}'" not in source:
                problems.append(f"{path} takes no option {opt}")
    return problems


def _small_count(argv: list[str]) -> bool:
    for k, w in enumerate(argv[:-1]):
        if w in ("--count", "-n"):
            return argv[k + 1].isdigit() and int(argv[k + 1]) <= 1000
    return "spec.toml" not in argv


def _match(quoted: str, got: str, numbers: bool) -> bool:
    for word, wild in CLAIM_WORDS.items():
        quoted = re.sub(rf"\b{word}$", wild, quoted)
    pattern = re.escape(" ".join(quoted.split())).replace(r"\.\.\.", ".*")
    if numbers:
        pattern = re.sub(r"\d+", r"\\d+", pattern)
    return re.search(pattern, " ".join(got.split())) is not None


def sweep(part: str, execute: bool) -> dict[str, list[str]]:
    chosen = [u for u in units() if part in ("all", u.part)]
    report: dict[str, list[str]] = {}
    scratch = Path(tempfile.mkdtemp(prefix="sweep-docs-"))
    folders: dict[Path, Path] = {}
    counts = {"commands": 0, "run": 0}
    scripts = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "benchmarks").rglob("*.py"))
    try:
        for unit in chosen:
            folder = folders.get(unit.path)
            if folder is None:
                folder = folders[unit.path] = scratch / f"p{len(folders)}"
                folder.mkdir()
                _seed(folder)
            env = _bin(folder)
            for m in re.finditer(r"^```toml[ \t]*\n# ([\w.-]+\.toml)\n(.*?)^```", unit.text, flags=re.M | re.S):
                (folder / m.group(1)).write_text(m.group(2))
            for c in commands(unit):
                counts["commands"] += 1
                t0 = time.perf_counter()
                for p in check_command(c, folder, env, execute):
                    report.setdefault(unit.name, []).append(f"{c.where} `{c.text}`: {p}")
                counts["run"] += time.perf_counter() - t0 > 0.2
            if unit.name != "docs/benchmarks.md":  # options in prose; the benchmark page's records are past runs
                for line, opt in stray_options(unit.text, scripts):
                    report.setdefault(unit.name, []).append(
                        f"{unit.path.name}:{unit.line + line - 1} writes {opt}, which no command takes")
            for line, p in paths(unit):
                if not path_exists(p) and not p.startswith("docs/images/") and p not in LEFT_OUT | {"tests/test_x.py"}:
                    report.setdefault(unit.name, []).append(f"{unit.path.name}:{line} names {p}, which does not exist")
            for line, name in dotted(unit):
                if not resolves(name):
                    report.setdefault(unit.name, []).append(f"{unit.path.name}:{line} names {name}, which is not there")
        if execute:
            claims = scratch / "claims"
            claims.mkdir()
            _seed(claims)
            _claim_inputs(claims)
            env = _bin(claims)
            for unit_name, quoted, command, stream in CLAIMS:
                unit = next((u for u in chosen if u.name == unit_name), None)
                if unit is None:
                    continue
                if quoted not in " ".join(unit.text.split()):
                    report.setdefault(unit_name, []).append(f"the quoted output is no longer on the page: {quoted}")
                    continue
                code, out, err, _ = run(command, claims, env)
                got = out if stream == "out" else err
                if not _match(quoted, got, quoted in CLAIM_NUMBERS):
                    shown = " ".join(got.strip().splitlines()[-1:])[:200]
                    report.setdefault(unit_name, []).append(f"shows `{quoted}`; `{command}` says `{shown}`")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if part in ("dev", "all"):  # the help screens belong to docs/cli.md, a development page
        docs = (ROOT / "README.md").read_text(encoding="utf-8") + (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
        for opt in undocumented(docs):
            report.setdefault("help screens", []).append(f"{opt} is in --help, not in README.md or docs/cli.md")
        for p in table_defaults((ROOT / "docs" / "cli.md").read_text(encoding="utf-8")):
            report.setdefault("vocabulary table", []).append(p)
    report["_counts"] = [f"{len(chosen)} units, {counts['commands']} commands"]
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("dev", "held", "all"), default="dev", help="which units (default dev)")
    ap.add_argument("--no-run", action="store_true", help="check options, paths and names; run nothing")
    args = ap.parse_args(argv)
    t0, c0 = time.perf_counter(), time.process_time()
    report = sweep(args.part, not args.no_run)
    counts = report.pop("_counts")
    problems = sum(len(v) for v in report.values())
    for unit, items in report.items():
        print(f"## {unit} ({len(items)})")
        for item in items:
            print(f"  - {item}")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{args.part}: {counts[0]}; {problems} problems; {time.perf_counter() - t0:.0f} s wall, "
          f"{time.process_time() - c0:.1f} s CPU here, {children.ru_utime + children.ru_stime:.0f} s in the commands")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
