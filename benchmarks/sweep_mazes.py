"""The maze side as a new user combines it: every command x grid x generator x solver x format, checked.

Usage::

    python benchmarks/sweep_mazes.py            # the whole sweep: 23,000 command lines, hours on two shared cores
    python benchmarks/sweep_mazes.py --quick    # one spec in nine, a few solvers and formats (2 to 5 minutes)
    python benchmarks/sweep_mazes.py --quick --part 4   # another ninth of the specs
    python benchmarks/sweep_mazes.py --quick --part 1 --seed 8   # another ninth, the mazes of another seed
    python benchmarks/sweep_mazes.py --sample 0.05 --seed 21   # a random 5 % of the whole sweep, drawn by the seed
    python benchmarks/sweep_mazes.py --only solve --jobs 2

Where ``fuzz_inputs.py`` gives every option a bad value, this script gives
the commands good values in every combination the README and the help
screens offer: each generator on each grid it says it takes (square, its
wraps, levels, masks, woven; polar, hex and triangle in both shapes,
upsilon, zeta) at small and odd sizes (1x1, 1xN, Nx1, 2x2, 3x40) and a
medium one, with a seed; each solver on each maze (and on mazes with no way
from start to goal); each output format of ``convert``, ``render``,
``animate``, ``show``, ``info``, ``stats``, ``demo`` and ``dataset``. Each
command line runs in a child forked from a process that imported the
package (``fuzz_inputs.run_cases``), with a time limit.

A case fails (is listed) when it shows a traceback, a Python repr
(``object at 0x``), an exit status other than 0 or 2, an exit 2 without one
line ``error: ...``, runs over the limit, or when what it wrote is wrong:
a file that does not read back as the same maze (``convert`` both ways,
``show`` and pictures of square mazes), a solution that is no walk through
open passages from start to goal, "found" with no way there or "not found"
with one (a solver with a global view, or Tremaux's), a shortest solver
longer than BFS, two runs with the same seed that differ, the CLI's maze
not the API's for the same seed, ``info`` / ``stats`` / ``--stats`` figures
that are not the maze's. The Python API is swept in process the same way
(``generate`` / ``generate_on``, ``solve`` / ``solve_on``), and the options
of every command are compared: one concept (a parameter's name) spelled two
ways is listed.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz_inputs import Case as _Case  # noqa: E402 - a sibling script
from _sweep_runner import in_sample, run_in_chunks  # noqa: E402
from _sweep_checks import (SEED, api_sweep, check_generated, make_figures_check,  # noqa: E402
                           make_picture_check, make_readback, make_same_check, make_solve_check, make_stats_check,
                           out_text, vocabulary)

SQUARE_SIZES = ["1x1", "1x7", "7x1", "2x2", "3x40", "5x3"]
MEDIUM = ["25x30"]
LEVELS = ["1x1x1", "2x3x4", "3x1x1"]
MASKS = {"L": "#..\n#..\n###\n", "plus": ".#.\n###\n.#.\n", "one": "#\n", "ring": "###\n#.#\n###\n",
         "row": "#####\n", "diag": "##.\n.##\n..#\n"}


@dataclass
class Case(_Case):
    """A command line, the family it belongs to, and what to check on its results."""

    family: str = ""
    check: Callable[[Case, Path], list[str]] | None = None
    folder: Path | None = None
    problems: list[str] = field(default_factory=list)
    spec: str = ""  # the key of the spec whose maze the case uses ("": none, or a fixture)


@dataclass
class Spec:
    """A maze the sweep makes with ``generate`` and then feeds to every other command."""

    key: str
    argv: list[str]
    grid: str  # "square" (tremaux.io's mazes, levels and masks included) or a grid's name
    generator: str
    perfect: bool = True
    api: Callable[[int], Any] | None = None  # the same maze by the Python API, from a seed


# ---------------------------------------------------------------- the mazes


def specs(quick: bool, part: int = 0) -> list[Spec]:
    """Every generator on every grid it takes, at the sweep's sizes (``quick``: one in nine of them, from the
    ``part``-th: nine quick runs, parts 0 to 8, make every one)."""
    every = _specs(False)
    return [s for s in every[part % 9::9] if s.perfect] + [s for s in every if not s.perfect] if quick else every


def _specs(quick: bool) -> list[Spec]:
    from tremaux import GENERATORS

    gens = GENERATORS.names()
    out: list[Spec] = []

    def grids_of(g: str) -> Any:
        return GENERATORS.get(g).meta.get("grids")

    for k, g in enumerate(gens):
        meta = GENERATORS.get(g).meta
        square = [SQUARE_SIZES[k % 6], "3x40"] if quick else SQUARE_SIZES + MEDIUM
        small = [["1x1", "2x2", "3x40", "1x5", "4x1"][k % 5]] if quick else ["1x1", "2x2", "3x40", "1x5"]
        for size in square:
            out.append(Spec(f"square-{g}-{size}", ["-g", g, "--size", size], "square", g))
        if meta.get("levels") and not quick:
            for size in LEVELS:
                out.append(Spec(f"levels-{g}-{size}", ["-g", g, "--size", size], "square", g))
        if meta.get("masks"):
            for name in ([list(MASKS)[k % len(MASKS)]] if quick else MASKS):
                out.append(Spec(f"mask-{name}-{g}", ["-g", g, "--mask", f"@mask-{name}.txt"], "square", g))
        anyg = grids_of(g) == "any"
        for wrap in ("cylinder", "torus", "moebius") if not quick else [("cylinder", "torus", "moebius")[k % 3]]:
            if anyg:
                for size in small:
                    out.append(Spec(f"{wrap}-{g}-{size}", ["-g", g, "--wrap", wrap, "--size", size], wrap, g))
        if anyg or "polar" in (grids_of(g) or ()):
            for rings in (["1", "2", "5"] if not quick else [str(1 + k % 4)]):
                out.append(Spec(f"polar-{g}-{rings}", ["-g", g, "--grid", "polar", "--rings", rings], "polar", g))
        if anyg:
            for name in ("hex", "triangle", "upsilon", "zeta"):
                for size in small:
                    out.append(Spec(f"{name}-{g}-{size}", ["-g", g, "--grid", name, "--size", size], name, g))
            for radius in (["1", "3"] if not quick else [str(1 + k % 3)]):
                out.append(Spec(f"hexagon-{g}-{radius}",
                                ["-g", g, "--grid", "hex", "--shape", "hexagon", "--radius", radius], "hex", g))
            for side in (["1", "4"] if not quick else [str(1 + k % 4)]):
                out.append(Spec(f"bigtriangle-{g}-{side}",
                                ["-g", g, "--grid", "triangle", "--shape", "triangle", "--side", side], "triangle", g))
            if not quick:
                out.append(Spec(f"hexmask-{g}", ["-g", g, "--grid", "hex", "--mask", "@mask-plus.txt"], "hex", g))
        if meta.get("weave"):
            for name in ("square", "hex"):
                for size in small:
                    out.append(Spec(f"weave-{name}-{g}-{size}",
                                    ["-g", g, "--grid", name, "--weave", "0.5", "--size", size], "woven", g))
    # imperfect ones: loops, islands, unreachable cells
    for g in ("backtracker", "kruskal"):
        out.append(Spec(f"braid-{g}", ["-g", g, "--size", "6x9", "--braid", "0.6"], "square", g, perfect=False))
        out.append(Spec(f"islands-{g}", ["-g", g, "--size", "8x8", "-O", "islands=2"], "square", g, perfect=False))
        out.append(Spec(f"unreach-{g}", ["-g", g, "--size", "6x9", "-O", "unreachable=3"], "square", g,
                        perfect=False))
        out.append(Spec(f"openings-{g}", ["-g", g, "--size", "6x9", "-O", "openings=3"], "square", g,
                        perfect=False))
        out.append(Spec(f"hexbraid-{g}", ["-g", g, "--grid", "hex", "--size", "5x6", "--braid", "0.5"], "hex", g,
                        perfect=False))
        out.append(Spec(f"polarislands-{g}", ["-g", g, "--grid", "polar", "--rings", "5", "-O", "islands=2"],
                        "polar", g, perfect=False))
    return out


def fixture_files(root: Path) -> dict[str, Path]:
    """Masks and mazes with no way from start to goal, written with the Python API."""
    import numpy as np

    import tremaux
    from tremaux import io
    from tremaux.grids import GridMaze, files, generate_on, make_grid

    root.mkdir(parents=True, exist_ok=True)
    f: dict[str, Path] = {}
    for name, text in MASKS.items():
        f[f"mask-{name}.txt"] = root / f"mask-{name}.txt"
        f[f"mask-{name}.txt"].write_text(text)
    # a perfect square maze cut in two down the middle: start on one side, goal on the other
    m = tremaux.generate((4, 6), "kruskal", seed=3).maze
    cells = np.array(m.cells)
    cells[:, 2] &= ~np.uint8(2)   # E
    cells[:, 3] &= ~np.uint8(8)   # W
    f["split.json"] = root / "split.json"
    io.save(tremaux.Maze(cells, start=(0, 0), goal=(3, 5)), f["split.json"])
    ring = np.ones((3, 4), bool)
    ring[1, 1] = False  # a hole inside the mask
    f["ring.json"] = root / "ring.json"
    io.save(tremaux.generate((3, 4), "backtracker", seed=3, mask=ring).maze, f["ring.json"])
    f["closed.json"] = root / "closed.json"
    io.save(tremaux.Maze.closed((2, 3), start=(0, 0), goal=(1, 2)), f["closed.json"])
    mask = np.ones((3, 5), bool)
    mask[:, 2] = False  # two parts of a masked maze, no passage between them
    cells = np.zeros((3, 5), np.uint8)
    f["twoparts.json"] = root / "twoparts.json"
    io.save(tremaux.Maze(cells, mask=mask, start=(0, 0), goal=(2, 4)), f["twoparts.json"])
    for name, params in (("hex", {"size": (4, 5)}), ("polar", {"rings": 4}), ("triangle", {"size": (3, 6)}),
                         ("zeta", {"size": (3, 4)})):
        gm = generate_on(make_grid(name, **params), "kruskal", seed=2).maze
        grid = gm.grid
        c = np.array(gm.cells).astype(np.int64)
        half = grid.size // 2
        for i in range(grid.size):
            for s in range(grid.sides):
                j = int(grid.nbr[i, s])
                if j >= 0 and (i < half) != (j < half):
                    c[i] &= ~(1 << s)
        cut = GridMaze(grid, c.astype(gm.cells.dtype), start=grid.cell(0), goal=grid.cell(grid.size - 1))
        f[f"split-{name}.json"] = root / f"split-{name}.json"
        files.save(cut, f[f"split-{name}.json"])
    return f


# ---------------------------------------------------------------- building the cases


def gen_cases(spec_list: list[Spec], files: dict[str, Path], quick: bool) -> list[Case]:
    out = []
    for n, s in enumerate(spec_list):
        argv = ["generate", *[str(files[a[1:]]) if a.startswith("@") else a for a in s.argv], "--seed", str(SEED)]
        a = Case("generate", argv + ["-o", "m.json"], s.key, family="generate", check=check_generated)
        b = Case("generate", argv + ["-o", "m.json"], s.key + " (again)", family="generate same seed")
        b.check = make_same_check(a)
        out += [a, b] if not quick or n % 3 == 0 else [a]
    return out


def use_cases(spec: Spec, maze: Path, quick: bool, perfect: bool) -> list[Case]:
    """Every command on one maze file."""
    from tremaux import SOLVERS

    m, key, square = str(maze), spec.key, spec.grid == "square"
    levels = spec.key.startswith("levels")
    cases: list[Case] = []
    solvers = SOLVERS.names() if not quick else ["bfs", "tremaux", "wall-left", "astar"]
    for s in solvers:
        meta = SOLVERS.get(s).meta
        cases.append(Case("solve", ["solve", m, "-s", s, "--json"], f"{key} {s}", family="solve",
                          check=make_solve_check(maze, s, meta.get("shortest"), meta.get("view"))))
    a = Case("solve", ["solve", m, "-s", "tremaux", "--seed", "5", "--json"], f"{key} tremaux seed", family="solve")
    b = Case("solve", ["solve", m, "-s", "tremaux", "--seed", "5", "--json"], f"{key} tremaux seed again",
             family="solve same seed", check=make_same_check(a))
    cases += [a, b]
    for cmd in ("info", "stats"):
        cases.append(Case(cmd, [cmd, m, "--json"], key, family=cmd, check=make_figures_check(maze, perfect)))
        if not quick:
            cases.append(Case(cmd, [cmd, m], key, family=cmd))
    for style in ("ascii", "block", "unicode"):
        c = Case("show", ["show", m, "--style", style], f"{key} {style}", family="show")
        if style != "unicode" and square:
            c.check = make_readback(maze, "-", kind=style)
        cases.append(c)
    # convert, each format, then read back by the parent
    conv = [("txt", None), ("json", None), ("npz", None), ("png", None), ("blk", "block")]
    for ext, fmt in (conv if not quick else conv[:4]):
        argv = ["convert", m, "-o", f"c.{ext}"] + (["-f", fmt] if fmt else [])
        cases.append(Case("convert", argv, f"{key} -> {ext}", family="convert", check=make_readback(maze, f"c.{ext}", kind=fmt or "")))
    for fmt in ("ascii", "block", "json"):
        cases.append(Case("convert", ["convert", m, "-f", fmt], f"{key} -f {fmt} (stdout)", family="convert",
                          check=make_readback(maze, "-", kind=fmt)))
    # render: formats, a solution over it, the text styles, a heat map
    for ext in ("svg", "png", "gif", "txt"):
        cases.append(Case("render", ["render", m, "-o", f"r.{ext}"], f"{key} {ext}", family="render",
                          check=make_readback(maze, f"r.{ext}") if square and ext in ("svg", "png")
                          and not levels else make_picture_check(f"r.{ext}")))
    extra = [["-s", "bfs", "-o", "rs.svg"], ["-s", "tremaux", "-o", "rs.png"], ["--heat", "-o", "rh.png"]]
    if square and not levels:  # a solution drawn over a square maze reads back as the maze
        for ext in ("svg", "png"):
            cases.append(Case("render", ["render", m, "-s", "bfs", "-o", f"rb.{ext}"], f"{key} -s bfs {ext}",
                              family="render", check=make_readback(maze, f"rb.{ext}")))
    if not quick:
        extra += [["--style", s] for s in ("ascii", "unicode", "block")] + [["-f", "svg"], ["-s", "astar"]]
    for opts in extra:
        written = opts[-1] if opts[-2] == "-o" else None
        cases.append(Case("render", ["render", m, *opts], f"{key} {' '.join(opts)}", family="render",
                          check=make_picture_check(written) if written else None))
    for ext in (("gif", "svg") if not quick else ("gif",)):
        cases.append(Case("animate", ["animate", m, "-s", "tremaux", "--frames", "8", "-o", f"a.{ext}"],
                          f"{key} {ext}", family="animate", check=make_picture_check(f"a.{ext}")))
    return cases


def generator_animations(spec_list: list[Spec], files: dict[str, Path]) -> list[Case]:
    """``animate --generator``: the carving replayed, on each grid the spec names."""
    out = []
    for s in spec_list:
        argv = [str(files[a[1:]]) if a.startswith("@") else a for a in s.argv]
        if "-O" in argv:
            continue
        out.append(Case("animate", ["animate", *argv, "--seed", str(SEED), "--frames", "6", "-o", "g.gif"],
                        s.key, family="animate --generator", check=make_picture_check("g.gif")))
        out.append(Case("generate", ["generate", *argv, "--seed", str(SEED), "-o", "g.svg"], s.key,
                        family="generate picture", check=make_picture_check("g.svg")))
    return out


def misc_cases(quick: bool) -> list[Case]:
    """``demo``, ``dataset``, ``generate --stats`` prints and text formats printed."""
    from tremaux import GENERATORS, SOLVERS

    out = []
    gens = GENERATORS.names() if not quick else ["backtracker", "eller"]
    for g in gens:
        for size in ("1x1", "2x2", "3x40"):
            out.append(Case("demo", ["demo", "-g", g, "--size", size, "--seed", "3", "-o", "d.svg"], f"{g} {size}",
                            family="demo", check=make_picture_check("d.svg")))
    for s in (SOLVERS.names() if not quick else ["bfs", "wall-left"]):
        out.append(Case("demo", ["demo", "-s", s, "--size", "4x5", "-o", "d.txt"], s, family="demo"))
    for fmt in ("png", "gif", "txt"):
        out.append(Case("demo", ["demo", "--size", "3x3", "-f", fmt, "-o", "-"], f"-f {fmt} -o -", family="demo"))
    for size in ("1x1", "2x2", "3x40", "1x1..3x3"):
        for g in (["backtracker", "eller", "kruskal"] if not quick else ["backtracker"]):
            out.append(Case("dataset", ["dataset", "-n", "3", "--size", size, "-g", g, "-s", "bfs", "-s", "dfs",
                                        "--outputs", "maze,solution,stats,ascii,tokens,blocks", "-w", "1", "-q",
                                        "-o", "ds"], f"{g} {size}", family="dataset"))
    for fmt in ("ascii", "block", "json"):
        for size in ("1x1", "1x5", "3x40"):
            out.append(Case("generate", ["generate", "--size", size, "--seed", "2", "-f", fmt], f"-f {fmt} {size}",
                            family="generate printed"))
    return out


def stats_cases(spec_list: list[Spec], made: dict[str, Path], files: dict[str, Path]) -> list[Case]:
    out = []
    for s in spec_list:
        if s.key not in made:
            continue
        argv = [str(files[a[1:]]) if a.startswith("@") else a for a in s.argv]
        out.append(Case("generate", ["generate", *argv, "--seed", str(SEED), "--stats", "-o", "m.json"], s.key,
                        family="generate --stats", check=make_stats_check(), spec=s.key))
    return out


def later_cases(spec_list: list[Spec], made: dict[str, Path], files: dict[str, Path], quick: bool) -> list[Case]:
    """Every command on the mazes ``generate`` made (``made``: a spec's key to its file), on the fixtures, and
    the commands that make their own maze; each case names the spec it uses (``spec``)."""
    by_key = {s.key: s for s in spec_list}
    place = {s.key: n for n, s in enumerate(spec_list)}
    cases: list[Case] = []
    for n, (key, path) in enumerate(made.items()):
        s, n = by_key[key], n if quick else place[key]  # the whole sweep: by the spec's place, made or not
        if not quick or n % 6 == 0:
            for c in use_cases(s, path, quick or n % 2 == 1, s.perfect):
                c.spec = key
                cases.append(c)
    broken = ["split.json", "closed.json", "twoparts.json", "split-hex.json", "split-polar.json",
              "split-triangle.json", "split-zeta.json"]
    for name in broken if not quick else broken[::3]:
        s = Spec(name, [], "square" if "-" not in name else name[6:-5], "none", perfect=False)
        cases += use_cases(s, files[name], quick, False)
    cases += use_cases(Spec("ring.json", [], "square", "backtracker"), files["ring.json"], quick, True)
    cases += generator_animations(spec_list if not quick else spec_list[1::5], files)
    return cases + misc_cases(quick) + stats_cases(spec_list if not quick else spec_list[2::4], made, files)


# ---------------------------------------------------------------- running and reporting


def problems_of(case: Case) -> list[str]:
    r = case.result
    probs = []
    lines = [ln for ln in r["stderr"].splitlines() if not ln.startswith("first use: compiling")]
    if "Traceback (most recent call last)" in r["stderr"] or r.get("code") == 99:
        probs.append("traceback: " + (lines[-1] if lines else "")[:160])
    elif r["timeout"]:
        probs.append(f"over {r['wall']:.0f} s")
    elif r["code"] not in (0, 2) and not (r["code"] == 1 and case.command in ("solve", "demo")):
        probs.append(f"exit {r['code']}")  # 1: no path, an answer of solve and demo (docs/cli.md)
    elif r["code"] == 1 and "--json" not in case.argv and not any(": no path from " in ln for ln in lines):
        probs.append("exit 1 without saying 'no path': " + " | ".join(lines)[:160])  # --json: "found": false
    elif r["code"] == 2 and (len(lines) != 1 or not lines[0].startswith("error: ")):
        probs.append("exit 2 without one line 'error: ...': " + " | ".join(lines)[:160])
    if "object at 0x" in r["stderr"] or (case.folder and "object at 0x" in out_text(case)[:20000]):
        probs.append("a Python repr printed")
    if case.check and not probs:
        try:
            probs += case.check(case, case.folder)
        except Exception as exc:  # noqa: BLE001 - a check that cannot read what was written
            probs.append(f"check failed: {type(exc).__name__}: {str(exc).splitlines()[0][:140] if str(exc) else ''}")
    return probs


def run(cases: list[Case], work: Path, jobs: int) -> None:
    """Run the cases, a chunk at a time, each problem printed on stderr as soon as it is seen."""
    run_in_chunks(cases, work, jobs, problems_of,
                  describe=lambda c: f"{c.family}: tremaux {' '.join(_short(a) for a in c.argv)}")


def report(cases: list[Case], api: tuple[Counter, list[str]], vocab: list[str], seconds: float) -> str:
    fam: dict[str, Counter] = {}
    for c in cases:
        k = fam.setdefault(c.family, Counter())
        k["cases"] += 1
        k[{0: "ok", 1: "none", 2: "refused"}.get(c.result.get("code"), "other")] += 1
        k["failed"] += bool(c.problems)
    lines = ["| family | cases | exit 0 | no path (exit 1) | refused (exit 2) | failed |", "|---|---:|---:|---:|---:|---:|"]
    for name, k in fam.items():
        lines.append(f"| {name} | {k['cases']} | {k['ok']} | {k['none']} | {k['refused']} | {k['failed']} |")
    total = Counter()
    for k in fam.values():
        total.update(k)
    lines.append(f"| **all** | {total['cases']} | {total['ok']} | {total['none']} | {total['refused']} | "
                 f"{total['failed']} |")
    counts, found = api
    lines += ["", f"Python API: {counts['generated']} mazes made twice ({counts['generate refused']} refused), "
              f"{counts['solved']} solves ({counts['solve refused']} refused), {len(found)} problems; options "
              f"spelled two ways, or one flag for two things: {len(vocab)}; {seconds:.0f} s of wall.", ""]
    for c in cases:
        if c.problems:
            lines.append(f"- {c.family}: `tremaux {' '.join(_short(a) for a in c.argv)}`: {'; '.join(c.problems)}")
    lines += [f"- {p}" for p in found] + [f"- vocabulary: {v}" for v in vocab]
    refused = Counter()
    for c in cases:
        if c.result.get("code") == 2 and not c.problems:
            msg = [ln for ln in c.result["stderr"].splitlines() if ln.startswith("error:")]
            text = re.sub(r"/\S*/([^/\s]+)", r"\1", msg[0] if msg else "")  # a folder of the run: its file's name
            refused[(c.family, text[:110])] += 1
    lines += ["", "Refused (exit 2, one line), by message:", ""]
    lines += [f"- {n} x {fam_}: {msg}" for (fam_, msg), n in refused.most_common()]
    return "\n".join(lines)


def _use_seed(seed: int) -> None:
    """Make ``seed`` the seed of every maze the sweep makes (here and in :mod:`_sweep_checks`)."""
    global SEED
    import _sweep_checks

    SEED = _sweep_checks.SEED = seed


def _short(arg: str) -> str:
    return Path(arg).name if arg.startswith("/") else arg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a subset (one or two sizes per grid, fewer solvers)")
    ap.add_argument("--only", help="run only the families whose name starts with this word (api: the API alone)")
    ap.add_argument("--part", type=int, default=0, help="with --quick: which ninth of the specs (0 to 8)")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the mazes' seed (default {SEED})")
    ap.add_argument("--sample", type=float, help="a random share of the whole sweep (0.05: 5 %%), drawn anew "
                    "for each --seed (with the mazes each drawn command line uses)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="also write the report to this file")
    args = ap.parse_args()
    if args.sample is not None and (args.quick or not 0 < args.sample <= 1):
        ap.error("--sample takes a share of the whole sweep, above 0 and at most 1, without --quick")
    _use_seed(args.seed)
    drawn = partial(in_sample, share=args.sample or 1.0, seed=args.seed)
    began = time.monotonic()
    import tremaux.cli  # noqa: F401 - imported once, before the children fork
    import tremaux.generators  # noqa: F401
    import tremaux.grids  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="sweep-mazes-") as tmp:
        root = Path(tmp)
        files = fixture_files(root / "fixtures")
        spec_list = specs(args.quick, args.part)
        made_cases = gen_cases(spec_list, files, args.quick) if args.only != "api" else []
        if args.sample:  # the generate runs drawn, and those whose maze a drawn case uses (of --only's families)
            def only(c: Case) -> bool:
                return drawn(c) and c.family.startswith(args.only or "")
            wanted = {c.spec for c in later_cases(spec_list, {s.key: Path("/drawn/m.json") for s in spec_list},
                                                  files, False) if only(c)}
            made_cases = [c for c in made_cases if only(c) or (c.family == "generate" and c.what in wanted)]
        run(made_cases, root / "generate", args.jobs)
        made = {c.what: c.folder / "m.json" for c in made_cases
                if c.family == "generate" and c.result.get("code") == 0 and (c.folder / "m.json").is_file()}
        cases = [c for c in later_cases(spec_list, made, files, args.quick) if not args.sample or drawn(c)]
        if args.only:
            cases = [c for c in cases if c.family.startswith(args.only)]
        run(cases, root / "use", args.jobs)
        api = api_sweep([s for s in spec_list if not args.sample or args.only == "api" or s.key in made], made,
                        args.quick)
        vocab = vocabulary()
        text = report(made_cases + cases, api, vocab, time.monotonic() - began)
    head = (f"`python benchmarks/sweep_mazes.py{' --quick' if args.quick else ''}{f' --part {args.part}' if args.part else ''}{f' --seed {args.seed}' if args.seed != 7 else ''}{f' --sample {args.sample}' if args.sample else ''}{f' --only {args.only}' if args.only else ''}` on {time.strftime('%Y-%m-%d')}, "
            f"{platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}\n\n")
    print(head + text)
    if args.out:
        Path(args.out).write_text(head + text + "\n")


if __name__ == "__main__":
    main()
