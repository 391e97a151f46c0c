"""Animations as users make them: every generator and solver replayed on every grid kind, each file checked.

Usage::

    python benchmarks/sweep_animate.py --quick              # a few minutes: a share of the specs, both halves
    python benchmarks/sweep_animate.py                      # every spec, generator, solver and format
    python benchmarks/sweep_animate.py --quick --half dev   # the development half only (even spec indices)
    python benchmarks/sweep_animate.py --quick --turn 1     # another share (0 to 2) of the specs, generators, solvers
    python benchmarks/sweep_animate.py --only limits        # sizes from the largest accepted to past it
    python benchmarks/sweep_animate.py --only api           # the Python API in process (half a minute)

``tremaux animate`` is run for every generator (its carving) and every
solver (its walk over a maze ``generate`` wrote) on the square grid (sizes
1x1 to 12x16, levels, masks, the three wraps), polar, hex and triangle (both
shapes), upsilon, zeta and the woven grids, as GIF and as SVG, with the
options its help lists (``--frames``, ``--frame-ms``, ``--cell-size``,
``--seed``, ``--braid``, ``--start`` / ``--goal``), sizes from 1x1 to the
largest accepted, and past it. Each command line runs in a child forked from
a process that imported the package, 60 s at most. In process, the same runs
go through ``tremaux.render.to_gif`` / ``to_animated_svg`` and
``tremaux.grids.animate`` (``palette=``, ``hold_ms=``, ``loop=``), the
replays, and the notebook display of the results.

A case fails (is listed) on a traceback, an exit status other than 0, 1 (no
path) or 2, an exit 2 without one line ``error: ...``, a run over its time,
or on what it wrote: a GIF Pillow cannot open, an SVG that does not parse,
more frames than the budget, a frame shown other than a whole number of
``--frame-ms`` (the last one: the 3 s hold), a ``<set>`` at another time, a
last frame that is not the still picture ``render`` draws of the same maze
(and solution) at the same cell size, pixel for pixel where the two styles
agree (walls, start, goal, path; floor, visited and marked cells count as
one), or two runs of the same seed that differ. Specs are numbered: even
indices are the development half, odd ones held out.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_inputs  # noqa: E402 - a sibling script
from fuzz_inputs import Case as _Case  # noqa: E402
from _sweep_runner import run_in_chunks  # noqa: E402
from _sweep_anim_checks import bad_colours, gif_frames, make_anim_check  # noqa: E402

SEED = 7
MASKS = {"L": "#..\n#..\n###\n", "ring": "###\n#.#\n###\n", "one": "#\n"}
# how the animation's options vary from case to case (index k picks one of each)
FRAMES = [100, 2, 7, 400, 30]
FRAME_MS = [60, 10, 1000, 35, 60]
CELL = [10, 6, 14, 9]


@dataclass
class Spec:
    """A grid and size, the ``animate --generator`` / ``generate`` arguments that make it."""

    key: str
    argv: list[str]
    grid: str  # square, wrap name, polar, hex, triangle, upsilon, zeta, woven
    generators: list[str] | None = None  # None: every generator that takes the grid


@dataclass
class Case(_Case):
    family: str = ""
    half: str = ""
    check: Callable[[Case, Path], list[str]] | None = None
    folder: Path | None = None
    problems: list[str] = field(default_factory=list)


def all_specs() -> list[Spec]:
    s: list[Spec] = []
    for size in ("1x1", "1x7", "7x1", "2x2", "5x3", "12x16"):
        s.append(Spec(f"square-{size}", ["--size", size], "square"))
    for size in ("1x1x1", "2x3x4"):
        s.append(Spec(f"levels-{size}", ["--size", size], "levels"))
    for name in MASKS:
        s.append(Spec(f"mask-{name}", ["--mask", f"@mask-{name}.txt"], "mask"))
    for wrap in ("cylinder", "torus", "moebius"):
        s.append(Spec(f"{wrap}-4x5", ["--wrap", wrap, "--size", "4x5"], wrap))
    for rings in ("1", "4"):
        s.append(Spec(f"polar-{rings}", ["--grid", "polar", "--rings", rings], "polar"))
    for name in ("hex", "triangle", "upsilon", "zeta"):
        for size in ("1x1", "4x5"):
            s.append(Spec(f"{name}-{size}", ["--grid", name, "--size", size], name))
    s.append(Spec("hexagon-2", ["--grid", "hex", "--shape", "hexagon", "--radius", "2"], "hex"))
    s.append(Spec("bigtriangle-3", ["--grid", "triangle", "--shape", "triangle", "--side", "3"], "triangle"))
    s.append(Spec("hexmask-L", ["--grid", "hex", "--mask", "@mask-L.txt"], "hex"))
    for name in ("square", "hex"):
        s.append(Spec(f"weave-{name}", ["--grid", name, "--weave", "0.5", "--size", "4x4"], "woven", ["kruskal"]))
    s.append(Spec("braid-6x9", ["--size", "6x9", "--braid", "0.5"], "square", ["backtracker", "kruskal"]))
    s.append(Spec("hexbraid-5x6", ["--grid", "hex", "--size", "5x6", "--braid", "0.5"], "hex", ["wilson"]))
    return s


def takes(gen: str, spec: Spec) -> bool:
    from tremaux import GENERATORS

    meta = GENERATORS.get(gen).meta
    grids = meta.get("grids")
    if spec.generators is not None:
        return gen in spec.generators
    if spec.grid == "square":
        return True
    if spec.grid == "levels":
        return bool(meta.get("levels")) or spec.key.endswith("1x1x1")
    if spec.grid == "mask":
        return bool(meta.get("masks"))
    if spec.grid == "polar":
        return grids == "any" or "polar" in (grids or ())
    return grids == "any"


def is_grid(spec: Spec) -> bool:
    return spec.grid not in ("square", "levels", "mask")


# ---------------------------------------------------------------- the cases


def fixtures(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in MASKS.items():
        (root / f"mask-{name}.txt").write_text(text)


def resolve(argv: list[str], root: Path) -> list[str]:
    return [str(root / a[1:]) if a.startswith("@") else a for a in argv]


def build(spec_list: list[tuple[int, Spec]], root: Path, quick: bool, turn: int = 0) -> tuple[list[Case], ...]:
    """Four rounds: mazes, their still pictures, the animations, the twins (same seed)."""
    from tremaux import GENERATORS, SOLVERS

    zeroth: list[Case] = []
    first, second, third = [], [], []
    k = 0
    for idx, spec in spec_list:
        half = "dev" if idx % 2 == 0 else "held"
        gens = [g for g in GENERATORS.names() if takes(g, spec)]
        if quick:
            gens = gens[(idx + turn) % 3::3] if len(gens) > 3 else gens
        args = resolve(spec.argv, root)
        for g in gens:
            k += 1
            frames, fms, cell = FRAMES[k % 5], FRAME_MS[k % 5], CELL[k % 4]
            fmt = "gif" if (k % 3 or not quick) else "svg"
            maze = root / f"m-{idx}-{g}.json"
            still = root / f"r-{idx}-{g}-{cell}.png"
            zeroth.append(Case("generate", ["generate", "-g", g, *args, "--seed", str(SEED), "-o", str(maze)],
                              spec.key, family="generate", half=half))
            first.append(Case("render", ["render", str(maze), "-o", str(still), "--cell-size", str(cell)],
                              spec.key, family="render", half=half))
            for f in (["gif", "svg"] if not quick else [fmt]):
                out = f"a.{f}"
                argv = ["animate", "-g", g, *args, "--seed", str(SEED), "--frames", str(frames),
                        "--frame-ms", str(fms), "--cell-size", str(cell), "-o", out]
                c = Case("animate", argv, f"{spec.key} {g}", family=f"animate -g ({f})", half=half)
                c.check = make_anim_check(out, frames, fms, still if f == "gif" else None, walls_only=is_grid(spec),
                                          compare=spec.grid != "woven")
                second.append(c)
                if k % 4 == 0:
                    t = Case("animate", argv, f"{spec.key} {g}", family=f"animate -g ({f}) same seed", half=half)
                    t.check = make_anim_check(out, frames, fms, None, twin=c)
                    third.append(t)
        # the solvers, on the first generator's maze
        if not gens:
            continue
        maze = root / f"m-{idx}-{gens[0]}.json"
        solvers = SOLVERS.names()
        if quick:
            solvers = solvers[(idx + turn) % 2::2]
        for s in solvers:
            k += 1
            frames, fms, cell = FRAMES[k % 5], FRAME_MS[k % 5], CELL[k % 4]
            still = root / f"r-{idx}-{s}-{cell}.png"
            seed = ["--seed", "5"] if s == "tremaux" and k % 2 else []
            first.append(Case("render", ["render", str(maze), "-s", s, *seed, "-o", str(still), "--cell-size",
                                         str(cell)], spec.key, family="render -s", half=half))
            for f in (["gif", "svg"] if not quick else ["gif" if k % 3 else "svg"]):
                out = f"a.{f}"
                argv = ["animate", str(maze), "-s", s, *seed, "--frames", str(frames), "--frame-ms", str(fms),
                        "--cell-size", str(cell), "-o", out]
                c = Case("animate", argv, f"{spec.key} {s}", family=f"animate -s ({f})", half=half)
                c.check = make_anim_check(out, frames, fms, still if f == "gif" else None, walls_only=is_grid(spec),
                                          compare=spec.grid != "woven")
                second.append(c)
                if seed:
                    t = Case("animate", argv, f"{spec.key} {s}", family=f"animate -s ({f}) same seed", half=half)
                    t.check = make_anim_check(out, frames, fms, None, twin=c)
                    third.append(t)
    return zeroth, first, second, third


LARGE = [  # (argv, what is expected): the largest accepted, and past it (refused at once, naming the limit)
    (["animate", "-g", "kruskal", "--size", "300x300", "--frames", "10", "-o", "a.gif"], 0),
    (["animate", "-g", "kruskal", "--size", "40000x40000", "-o", "a.gif"], 2),
    (["animate", "-g", "backtracker", "--size", "1000x1000", "--frames", "1000", "-o", "a.gif"], 2),
    (["animate", "-g", "backtracker", "--size", "20x20", "--cell-size", "100000", "-o", "a.gif"], 2),
    (["animate", "-g", "backtracker", "--grid", "hex", "--size", "150x150", "--frames", "100", "-o", "a.gif"], 0),
    (["animate", "-g", "backtracker", "--grid", "hex", "--size", "160x160", "-o", "a.gif"], 2),
    (["animate", "-g", "wilson", "--grid", "polar", "--rings", "400", "-o", "a.svg"], 2),
    (["animate", "-g", "backtracker", "--grid", "zeta", "--size", "3000x3000", "-o", "a.svg"], 2),
    (["animate", "-g", "backtracker", "--size", "2x2x2", "--frames", "100000", "-o", "a.svg"], 0),
    (["animate", "-g", "kruskal", "--grid", "upsilon", "--size", "50x50", "--frames", "1000", "-o", "a.gif"], 0),
    (["animate", "-g", "prim", "--size", "5x5", "--frame-ms", "655350", "--frames", "3", "-o", "a.gif"], 0),
    (["animate", "-g", "prim", "--size", "5x5", "--frame-ms", "655360", "-o", "a.gif"], 2),
    (["animate", "-g", "prim", "--size", "5x5", "--frame-ms", "5", "-o", "a.gif"], 2),
    (["animate", "-g", "prim", "--size", "5x5", "--frames", "1", "-o", "a.gif"], 2),
    (["animate", "-g", "prim", "--size", "5x5", "-f", "svg", "-o", "-"], 0),
    (["animate", "-g", "prim", "--size", "5x5", "-o", "a.png"], 2),
    (["animate", "--size", "4x4", "--start", "3,3", "-o", "a.gif"], 0),
    (["animate", "--size", "4x4", "-s", "bfs", "-g", "wilson", "--start", "0,3", "--goal", "3,0", "-o", "a.gif"], 0),
]


def large_cases(spec_count: int) -> list[Case]:
    out = []
    for i, (argv, want) in enumerate(LARGE):
        c = Case("animate", argv, f"limit {i}", family="sizes and limits", half="dev" if i % 2 == 0 else "held")

        def check(case: Case, folder: Path, want: int = want, argv: list[str] = argv) -> list[str]:
            r = case.result
            probs = []
            if r["code"] != want:
                probs.append(f"exit {r['code']}, expected {want}")
            if want == 2 and (r["cpu"] or 0) > 5:
                probs.append(f"refused after {r['cpu']:.1f} s of CPU, not before the work")
            return probs
        c.check = check
        out.append(c)
    return out


# ---------------------------------------------------------------- running


def problems_of(case: Case) -> list[str]:
    r = case.result
    lines = [ln for ln in r["stderr"].splitlines() if not ln.startswith(("first use: compiling", "wrote "))]
    probs = []
    if "Traceback (most recent call last)" in r["stderr"] or r.get("code") == 99:
        probs.append("traceback: " + (lines[-1] if lines else "")[:160])
    elif r["timeout"]:
        probs.append(f"over {r['wall']:.0f} s")
    elif r["code"] not in (0, 1, 2):
        probs.append(f"exit {r['code']}")
    elif r["code"] == 2 and (len(lines) != 1 or not lines[0].startswith("error: ")):
        probs.append("exit 2 without one line 'error: ...': " + " | ".join(lines)[:160])
    elif r["code"] == 1 and case.command != "animate":
        probs.append("exit 1")
    if case.check and not probs:
        try:
            probs += case.check(case, case.folder)
        except Exception as exc:  # noqa: BLE001
            probs.append(f"check failed: {type(exc).__name__}: {str(exc)[:140]}")
    return probs


def run(cases: list[Case], work: Path, jobs: int) -> None:
    run_in_chunks(cases, work, jobs, problems_of,
                  describe=lambda c: f"[{c.half}] {c.family}: tremaux {' '.join(c.argv)}")


# ---------------------------------------------------------------- in process


def api_sweep(spec_list: list[tuple[int, Spec]]) -> tuple[Counter, list[str]]:
    """The Python API on a few runs per spec: ``to_gif`` / ``to_animated_svg`` with their keywords, replays,
    the notebook display."""
    import numpy as np

    import tremaux
    from tremaux import render
    from tremaux.grids import animate as ganim
    from tremaux.grids import generate_on, make_grid, solve_on
    from tremaux.grids.replay import replay_cells

    counts: Counter = Counter()
    probs: list[str] = []

    def note(half: str, what: str, p: list[str]) -> None:
        counts[(half, "api")] += 1
        if p:
            counts[(half, "api failed")] += 1
            probs.extend(f"[{half}] {what}: {x}" for x in p)

    square = {"square-5x3": (5, 3), "square-1x1": (1, 1), "square-12x16": (12, 16), "levels-2x3x4": (2, 3, 4)}
    grids = {"hex-4x5": dict(kind="hex", size=(4, 5)), "polar-4": dict(kind="polar", rings=4),
             "triangle-4x5": dict(kind="triangle", size=(4, 5)), "upsilon-4x5": dict(kind="upsilon", size=(4, 5)),
             "zeta-4x5": dict(kind="zeta", size=(4, 5)), "torus-4x5": dict(kind="square", size=(4, 5), wrap="torus"),
             "hex-1x1": dict(kind="hex", size=(1, 1))}
    for idx, spec in spec_list:
        half = "dev" if idx % 2 == 0 else "held"
        try:
            if spec.key in square:
                g = tremaux.generate(square[spec.key], "backtracker", seed=SEED, record=True)
                sol = tremaux.solve(g.maze, "tremaux", record=True)
                for obj, what in ((g, "generation"), (sol, "solution")):
                    p = []
                    a = render.to_gif(obj, frames=20, frame_ms=40, hold_ms=30, loop=False,
                                      palette={"wall": "#000000"})
                    imgs, ms, info = gif_frames(a)
                    if "loop" in info:
                        p.append("loop=False, and the GIF loops")
                    if len(imgs) > 1 and abs(ms[-1] - 30) > 10:
                        p.append(f"hold_ms=30, last frame {ms[-1]} ms")
                    if render.to_gif(obj, frames=20) != render.to_gif(obj, frames=20):
                        p.append("to_gif twice: other bytes")
                    pics = list(render.replay(obj, frames=20))
                    if len(pics) > 20:
                        p.append(f"replay gave {len(pics)} pictures for 20 frames")
                    svg = render.to_animated_svg(obj, frames=20, palette={"wall": (0, 0, 0)})
                    ET.fromstring(svg)
                    if bad_colours(svg):
                        p.append(f"palette {{'wall': (0, 0, 0)}} wrote colours {bad_colours(svg)}")
                    for rep in ("_repr_svg_", "_repr_png_"):
                        if getattr(obj, rep)() is None and obj.maze.size < 1000:
                            p.append(f"{rep} gave nothing")
                    note(half, f"{spec.key} {what}", p)
            elif spec.key in grids:
                kw = dict(grids[spec.key])
                grid = make_grid(kw.pop("kind"), **kw)
                run_ = generate_on(grid, "wilson", seed=SEED, record=True)
                p = []
                if not (replay_cells(grid, run_.trace) == run_.maze.cells).all():
                    p.append("replay_cells differs from the maze")
                sol = solve_on(run_.maze, "tremaux", record=True)
                for obj, what in ((run_, "generation"), (sol, "solution")):
                    a = ganim.to_gif(obj, frames=15, frame_ms=40, hold_ms=30, loop=False, palette={"wall": "#000"})
                    imgs, ms, info = gif_frames(a)
                    if "loop" in info:
                        p.append(f"{what}: loop=False, and the GIF loops")
                    if len(imgs) > 1 and abs(ms[-1] - 30) > 10:
                        p.append(f"{what}: hold_ms=30, last frame {ms[-1]} ms")
                    if len(imgs) > 15:
                        p.append(f"{what}: {len(imgs)} frames for 15")
                    if ganim.to_gif(obj, frames=15) != ganim.to_gif(obj, frames=15):
                        p.append(f"{what}: to_gif twice: other bytes")
                    svg = ganim.to_animated_svg(obj, frames=15, palette={"wall": (0, 0, 0)})
                    ET.fromstring(svg)
                    if bad_colours(svg):
                        p.append(f"{what}: palette {{'wall': (0, 0, 0)}} wrote colours {bad_colours(svg)}")
                    with tempfile.TemporaryDirectory() as d:
                        ganim.save_animation(obj, Path(d) / "x.svg", frames=15)
                        ET.parse(Path(d) / "x.svg")
                    maze_obj = getattr(obj, "maze", obj)
                    if maze_obj._repr_svg_() is None:
                        p.append(f"{what}: _repr_svg_ gave nothing")
                note(half, spec.key, p)
        except Exception as exc:  # noqa: BLE001 - an escaped exception is what the sweep looks for
            note(half, spec.key, [f"{type(exc).__name__}: {str(exc)[:160]}"])
    del np
    return counts, probs


# ---------------------------------------------------------------- report


def report(cases: list[Case], api: tuple[Counter, list[str]], seconds: float) -> str:
    import resource

    rows: dict[tuple[str, str], Counter] = {}
    for c in cases:
        r = rows.setdefault((c.family, c.half), Counter())
        r["cases"] += 1
        r["failed"] += bool(c.problems)
        if not c.problems:
            r[{0: "exit 0", 1: "exit 1", 2: "exit 2"}.get(c.result["code"], "other")] += 1
    cpu = sorted(c.result["cpu"] for c in cases if c.result.get("cpu") is not None and c.command == "animate")
    lines = [f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
             f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, "
             f"{seconds:.0f} s wall", "",
             "| family | half | cases | exit 0 | no path (1) | refused (2) | failed |", "|---|---|---:|---:|---:|---:|---:|"]
    tot: Counter = Counter()
    for (fam, half), r in sorted(rows.items()):
        lines.append(f"| {fam} | {half} | {r['cases']} | {r['exit 0']} | {r['exit 1']} | {r['exit 2']} | {r['failed']} |")
        tot.update(r)
    lines.append(f"| **all** | | {tot['cases']} | {tot['exit 0']} | {tot['exit 1']} | {tot['exit 2']} | {tot['failed']} |")
    counts, probs = api
    for half in ("dev", "held"):
        lines.append(f"in process ({half}): {counts[(half, 'api')]} runs, {counts[(half, 'api failed')]} failed")
    if cpu:
        lines.append(f"animate CPU s: median {cpu[len(cpu) // 2]:.2f}, largest {cpu[-1]:.2f}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    lines.append(f"largest child peak RSS: {peak:.0f} MB")
    failed = [c for c in cases if c.problems]
    for c in failed[:60]:
        lines.append(f"FAIL [{c.half}] {c.family}: tremaux {' '.join(c.argv)}: {'; '.join(c.problems)}")
    lines += probs[:40]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a third of the generators, half the solvers, one format")
    ap.add_argument("--half", choices=("dev", "held", "both"), default="both")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=("cli", "api", "limits"), default=None)
    ap.add_argument("--turn", type=int, default=0,
                    help="with --quick: which share of specs, generators and solvers (0 to 2; 0 is the first run's)")
    ap.add_argument("--keep", type=Path, default=None, help="a folder to keep the files in")
    args = ap.parse_args()
    fuzz_inputs.LIMIT_S = 60.0
    began = time.monotonic()
    spec_list = [(i, s) for i, s in enumerate(all_specs())
                 if args.half == "both" or (i % 2 == 0) == (args.half == "dev")]
    if args.quick:
        spec_list = [(i, s) for i, s in spec_list if (i + args.turn) % 3 != 2]
    work = args.keep or Path(tempfile.mkdtemp(prefix="sweep-animate-"))
    work.mkdir(parents=True, exist_ok=True)
    root = work / "files"
    fixtures(root)
    cases: list[Case] = []
    if args.only in (None, "cli"):
        rounds = build(spec_list, root, args.quick, args.turn)
        for name, batch in zip(("mazes", "stills", "animations", "twins"), rounds):
            run(batch, work / name, args.jobs)
            cases += batch
    if args.only in (None, "limits"):
        lim = [c for c in large_cases(len(spec_list))
               if args.half == "both" or c.half == args.half]
        run(lim, work / "limits", 1)
        cases += lim
    api = api_sweep(spec_list) if args.only in (None, "api") else (Counter(), [])
    print(report(cases, api, time.monotonic() - began))


if __name__ == "__main__":
    main()
