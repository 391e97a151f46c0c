"""The maze side as a new user combines it: every command x grid x generator x solver x format, checked.

Usage::

    python benchmarks/sweep_mazes.py            # the whole sweep (a few minutes on two shared cores)
    python benchmarks/sweep_mazes.py --quick    # one size per grid, a few solvers and formats
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
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz_inputs import Case as _Case  # noqa: E402 - a sibling script
from fuzz_inputs import run_cases  # noqa: E402

SEED = 7
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


@dataclass
class Spec:
    """A maze the sweep makes with ``generate`` and then feeds to every other command."""

    key: str
    argv: list[str]
    grid: str  # "square" (tremaux.io's mazes, levels and masks included) or a grid's name
    generator: str
    perfect: bool = True
    api: Callable[[int], Any] | None = None  # the same maze by the Python API, from a seed


# ---------------------------------------------------------------- mazes and checks done in the parent


def load_any(path: Path) -> Any:
    """The maze a file holds (a square maze through tremaux.io, a grid maze through grids.files)."""
    from tremaux import io
    from tremaux.grids import files

    data = path.read_bytes()[:4096]
    if files.is_grid_file(data):
        return files.load(path)
    return io.load(path)


def same(a: Any, b: Any) -> bool:
    """Two mazes equal: the same cells (and grid, mask, start and goal)."""
    import numpy as np

    if type(a) is not type(b):
        return False
    if hasattr(a, "grid"):
        return (a.grid.name == b.grid.name and a.grid.params == b.grid.params
                and np.array_equal(a.cells, b.cells) and a.start == b.start and a.goal == b.goal)
    return a == b


def distances(maze: Any, start: tuple) -> dict[tuple, int]:
    """Breadth-first distances from ``start`` through open passages (a slow, plain reference)."""
    seen = {tuple(start): 0}
    todo = deque([tuple(start)])
    while todo:
        c = todo.popleft()
        for n in maze.neighbours(c):
            n = tuple(int(v) for v in n)
            if n not in seen:
                seen[n] = seen[c] + 1
                todo.append(n)
    return seen


def walk_problems(maze: Any, path: list, start: tuple, goal: tuple) -> list[str]:
    """What is wrong with ``path`` as a walk from start to goal through open passages."""
    cells = [tuple(int(v) for v in c) for c in path]
    if not cells:
        return ["empty path"]
    out = []
    if cells[0] != tuple(start) or cells[-1] != tuple(goal):
        out.append(f"path runs {cells[0]}..{cells[-1]}, not {tuple(start)}..{tuple(goal)}")
    for a, b in zip(cells, cells[1:]):
        if b not in {tuple(int(v) for v in n) for n in maze.neighbours(a)}:
            out.append(f"step {a} -> {b} goes through a wall")
            break
    return out


def passages_of(maze: Any) -> int:
    return int(maze.passages)


def cell_count(maze: Any) -> int:
    if hasattr(maze, "grid"):
        return int(maze.grid.size)
    return int(maze.flat_mask.sum()) if maze.mask is not None else int(maze.size)


def is_perfect(maze: Any) -> bool:
    cells = cell_count(maze)
    start = maze.start if maze.start is not None else None
    if start is None:
        return False
    return passages_of(maze) == cells - 1 and len(distances(maze, start)) == cells


def out_text(case: Case) -> str:
    return (case.folder.parent / f"{case.folder.name}.stdout").read_text(errors="replace")


# ---------------------------------------------------------------- the mazes


def specs(quick: bool) -> list[Spec]:
    """Every generator on every grid it takes, at the sweep's sizes (``quick``: one in nine of them)."""
    every = _specs(False)
    return [s for s in every[::9] if s.perfect] + [s for s in every if not s.perfect] if quick else every


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


# ---------------------------------------------------------------- the checks of each kind of case


def check_generated(case: Case, folder: Path) -> list[str]:
    p = folder / "m.json"
    if case.result.get("code") != 0:
        return []
    if not p.is_file():
        return ["exit 0 but no file written"]
    try:
        load_any(p)
    except Exception as exc:  # noqa: BLE001 - a written file that does not read back
        return [f"m.json does not read back: {type(exc).__name__}: {str(exc)[:120]}"]
    return []


def make_solve_check(maze_path: Path, solver: str, shortest: bool, view: str) -> Callable:
    def check(case: Case, folder: Path) -> list[str]:
        if case.result.get("code") not in (0, 1):
            return []
        try:
            answer = json.loads(out_text(case))
        except ValueError:
            return ["--json printed no JSON"]
        maze = load_any(maze_path)
        start, goal = tuple(answer["start"]), tuple(answer["goal"])
        dist = distances(maze, start)
        reach = goal in dist
        if answer["found"] != (case.result["code"] == 0):
            return [f"exit {case.result['code']} with found {answer['found']}"]
        if answer["found"]:
            probs = walk_problems(maze, answer["path"], start, goal)
            if not reach:
                probs.append("found a path where none exists")
            elif shortest and len(answer["path"]) - 1 != dist[goal]:
                probs.append(f"{solver} says shortest but {len(answer['path']) - 1} moves, BFS {dist[goal]}")
            return probs
        if reach and (view == "global" or solver == "tremaux"):
            return [f"not found, but the goal is {dist[goal]} moves away"]
        return []
    return check


def make_same_check(a: Case) -> Callable:
    """The second run of a seed prints (or writes) what the first did."""
    def check(case: Case, folder: Path) -> list[str]:
        if case.result.get("code") != a.result.get("code"):
            return [f"the same seed exited {a.result.get('code')}, then {case.result.get('code')}"]
        if case.result.get("code") not in (0, 1):
            return []
        fa, fb = a.folder / "m.json", folder / "m.json"
        if fa.is_file() and fb.is_file():
            return [] if fa.read_bytes() == fb.read_bytes() else ["the same seed wrote a different maze"]
        return [] if out_text(a) == out_text(case) else ["the same seed printed something else"]
    return check


def make_readback(maze_path: Path, written: str, exact: bool = True, kind: str = "") -> Callable:
    def check(case: Case, folder: Path) -> list[str]:
        if case.result.get("code") != 0:
            return []
        p = folder / written
        if written == "-":
            p = folder.parent / f"{folder.name}.stdout"
        if not p.is_file() or p.stat().st_size == 0:
            return [f"{written}: nothing written"]
        try:
            back = load_any(p)
        except Exception as exc:  # noqa: BLE001
            return [f"{written} does not read back: {type(exc).__name__}: {str(exc).splitlines()[0][:140]}"]
        orig = load_any(maze_path)
        if same(orig, back):
            return []
        if kind == "block":  # read as the maze of its squares (tremaux.io.block): the same picture again
            from tremaux import io
            return [] if io.dumps(back, "block") == io.dumps(orig, "block") else [f"{written}: another block picture"]
        if not exact and hasattr(orig, "cells") and getattr(orig, "cells").shape == getattr(back, "cells").shape \
                and (orig.cells == back.cells).all():
            return []
        return [f"{written} reads back as another maze"]
    return check


def make_picture_check(written: str) -> Callable:
    def check(case: Case, folder: Path) -> list[str]:
        if case.result.get("code") != 0:
            return []
        p = folder / written
        if not p.is_file() or p.stat().st_size == 0:
            return [f"{written}: nothing written"]
        data = p.read_bytes()
        if written.endswith(".svg"):
            import xml.etree.ElementTree as ET
            try:
                ET.fromstring(data)
            except ET.ParseError as exc:
                return [f"{written} is not well-formed XML: {exc}"]
        elif written.endswith((".png", ".gif")):
            from PIL import Image
            try:
                with Image.open(p) as im:
                    im.load()
            except Exception as exc:  # noqa: BLE001
                return [f"{written} does not open: {exc}"]
        return []
    return check


def make_figures_check(maze_path: Path, perfect: bool) -> Callable:
    """``info --json`` / ``stats --json``: the cells and passages counted are the maze's."""
    def check(case: Case, folder: Path) -> list[str]:
        if case.result.get("code") != 0:
            return []
        try:
            data = json.loads(out_text(case))
        except ValueError:
            return ["--json printed no JSON"]
        maze = load_any(maze_path)
        probs = []
        if "cells" in data and int(data["cells"]) != cell_count(maze):
            probs.append(f"cells {data['cells']}, the maze has {cell_count(maze)}")
        if "passages" in data and int(data["passages"]) != passages_of(maze):
            probs.append(f"passages {data['passages']}, the maze has {passages_of(maze)}")
        if "perfect" in data and bool(data["perfect"]) != is_perfect(maze):
            probs.append(f"perfect {data['perfect']}, the maze is {'' if is_perfect(maze) else 'not '}perfect")
        return probs
    return check


def make_stats_check() -> Callable:
    """``generate --stats``: the run statistics of the seeds (cells, passages, visits...) match the maze."""
    def check(case: Case, folder: Path) -> list[str]:
        maze_path = folder / "m.json"
        if case.result.get("code") != 0:
            return []
        text = case.result["stderr"] + out_text(case)
        figures = {}
        for line in text.splitlines():
            parts = line.replace(":", " ").split()
            if len(parts) >= 2 and parts[-1].isdigit():
                figures[" ".join(parts[:-1]).lower()] = int(parts[-1])
        maze = load_any(maze_path) if maze_path.is_file() else None
        if maze is None:
            return []
        probs = []
        for key, want in (("cells", cell_count(maze)), ("passages", passages_of(maze))):
            if key in figures and figures[key] != want:
                probs.append(f"--stats says {key} {figures[key]}, the maze has {want}")
        if not figures:
            probs.append("--stats printed no figures")
        return probs
    return check


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
                          check=make_readback(maze, f"r.{ext}", exact=False) if square and ext in ("svg", "png")
                          and not levels else make_picture_check(f"r.{ext}")))
    extra = [["-s", "bfs", "-o", "rs.svg"], ["-s", "tremaux", "-o", "rs.png"], ["--heat", "-o", "rh.png"]]
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
            out.append(Case("dataset", ["dataset", "-n", "3", "--size", size, "-g", g, "-s", "bfs", "-s", "tremaux",
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
                        family="generate --stats", check=make_stats_check()))
    return out


# ---------------------------------------------------------------- the Python API, in process


def api_sweep(spec_list: list[Spec], made: dict[str, Path], quick: bool) -> tuple[Counter, list[str]]:
    """The CLI's mazes made again through the API: same seed, same maze; every solver's path a walk."""
    import tremaux
    from tremaux import SOLVERS
    from tremaux.errors import TremauxError
    from tremaux.grids import solve_on

    counts: Counter = Counter()
    found: list[str] = []
    for s in spec_list:
        if s.key not in made:
            continue
        cli = load_any(made[s.key])
        try:
            api = api_maze(s, cli)
        except TremauxError as exc:
            counts["refused"] += 1
            found.append(f"api generate {s.key}: refused where the CLI made it: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001
            counts["failed"] += 1
            found.append(f"api generate {s.key}: {type(exc).__name__}: {exc}")
            continue
        counts["generated"] += 1
        if api is not None and not same(api, cli):
            found.append(f"api generate {s.key}: another maze than the CLI's for seed {SEED}")
        for name in (SOLVERS.names() if not quick else ["bfs", "tremaux"]):
            counts["solved"] += 1
            try:
                sol = solve_on(cli, name) if hasattr(cli, "grid") else tremaux.solve(cli, name)
            except Exception as exc:  # noqa: BLE001
                found.append(f"api solve {s.key} {name}: {type(exc).__name__}: {exc}")
                continue
            path = [cli.grid.cell(int(i)) for i in sol.path] if hasattr(cli, "grid") else list(sol.path)
            if sol.found:
                probs = walk_problems(cli, path, cli.start, cli.goal)
                if probs:
                    found.append(f"api solve {s.key} {name}: {'; '.join(probs)}")
    return counts, found


def api_maze(s: Spec, cli: Any) -> Any:
    """The spec's maze through the API (None when its argv has no plain API twin here)."""
    import tremaux
    from tremaux.grids import generate_on

    argv = s.argv
    if "--mask" in argv or "-O" in argv or "--weave" in argv:
        return None
    opts = dict(zip(argv[::2], argv[1::2]))
    braid = float(opts.get("--braid", 0))
    if s.grid == "square":
        size = tuple(int(v) for v in opts["--size"].split("x"))
        return tremaux.generate(size, s.generator, seed=SEED, braid=braid).maze
    return generate_on(cli.grid, s.generator, seed=SEED, braid=braid).maze


# ---------------------------------------------------------------- one vocabulary


def vocabulary() -> list[str]:
    """Option names of every command, by parameter name: one concept spelled two ways is listed."""
    import typer.main

    from tremaux.cli import app

    root = typer.main.get_command(app)
    spellings: dict[str, dict[str, set[str]]] = {}
    meanings: dict[str, dict[str, set[str]]] = {}

    def walk(cmd: Any, path: list[str]) -> None:
        for sub_name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, path + [sub_name])
        for p in getattr(cmd, "params", []):
            if getattr(p, "param_type_name", "") != "option":
                continue
            spelled = " ".join(sorted(p.opts + getattr(p, "secondary_opts", [])))
            spellings.setdefault(p.name, {}).setdefault(spelled, set()).add(" ".join(path) or "(root)")
            for flag in p.opts:
                meanings.setdefault(flag, {}).setdefault(p.name, set()).add(" ".join(path) or "(root)")

    walk(root, [])
    out = []
    for name, ways in sorted(spellings.items()):
        if len(ways) > 1:
            out.append(f"{name}: " + "; ".join(f"{w} ({', '.join(sorted(c))})" for w, c in sorted(ways.items())))
    for flag, names in sorted(meanings.items()):
        if len(names) > 1:
            out.append(f"{flag} means " + " or ".join(f"{n} ({', '.join(sorted(c))})" for n, c in sorted(names.items())))
    return out


# ---------------------------------------------------------------- running and reporting


def problems_of(case: Case) -> list[str]:
    r = case.result
    probs = []
    lines = [ln for ln in r["stderr"].splitlines() if not ln.startswith("first use: compiling")]
    if "Traceback (most recent call last)" in r["stderr"] or r.get("code") == 99:
        probs.append("traceback: " + (lines[-1] if lines else "")[:160])
    elif r["timeout"]:
        probs.append(f"over {r['wall']:.0f} s")
    elif r["code"] not in (0, 2) and not (r["code"] == 1 and case.command == "solve"):  # 1: no path, an answer
        probs.append(f"exit {r['code']}")
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


def run(cases: list[Case], work: Path, jobs: int, chunk: int = 40) -> None:
    """Run the cases, a chunk at a time, each problem printed on stderr as soon as it is seen."""
    for at in range(0, len(cases), chunk):
        part = work / f"part{at // chunk}"
        part.mkdir(parents=True, exist_ok=True)
        run_cases(cases[at:at + chunk], part, jobs)
        for i, c in enumerate(cases[at:at + chunk]):
            c.folder = part / f"case{i}"
            c.problems = problems_of(c)
            if c.problems:
                print(f"FAIL {c.family}: tremaux {' '.join(_short(a) for a in c.argv)}: {'; '.join(c.problems)}",
                      file=sys.stderr, flush=True)
        print(f"{work.name}: {min(at + chunk, len(cases))}/{len(cases)}", file=sys.stderr, flush=True)


def report(cases: list[Case], api: tuple[Counter, list[str]], vocab: list[str], seconds: float) -> str:
    fam: dict[str, Counter] = {}
    for c in cases:
        k = fam.setdefault(c.family, Counter())
        k["cases"] += 1
        k["ok" if c.result.get("code") == 0 else "refused" if c.result.get("code") == 2 else "other"] += 1
        k["failed"] += bool(c.problems)
    lines = ["| family | cases | exit 0 | refused (exit 2) | failed |", "|---|---:|---:|---:|---:|"]
    for name, k in fam.items():
        lines.append(f"| {name} | {k['cases']} | {k['ok']} | {k['refused']} | {k['failed']} |")
    total = Counter()
    for k in fam.values():
        total.update(k)
    lines.append(f"| **all** | {total['cases']} | {total['ok']} | {total['refused']} | {total['failed']} |")
    counts, found = api
    lines += ["", f"Python API: {counts['generated']} mazes made again, {counts['solved']} solves, "
              f"{len(found)} problems; options spelled two ways: {len(vocab)}; {seconds:.0f} s of wall.", ""]
    for c in cases:
        if c.problems:
            lines.append(f"- {c.family}: `tremaux {' '.join(_short(a) for a in c.argv)}`: {'; '.join(c.problems)}")
    lines += [f"- {p}" for p in found] + [f"- vocabulary: {v}" for v in vocab]
    refused = Counter()
    for c in cases:
        if c.result.get("code") == 2 and not c.problems:
            msg = [ln for ln in c.result["stderr"].splitlines() if ln.startswith("error:")]
            refused[(c.family, (msg[0] if msg else "")[:110])] += 1
    lines += ["", "Refused (exit 2, one line), by message:", ""]
    lines += [f"- {n} x {fam_}: {msg}" for (fam_, msg), n in refused.most_common()]
    return "\n".join(lines)


def _short(arg: str) -> str:
    return Path(arg).name if arg.startswith("/") else arg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a subset (one or two sizes per grid, fewer solvers)")
    ap.add_argument("--only", help="run only the families whose name starts with this word")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="also write the report to this file")
    args = ap.parse_args()
    began = time.monotonic()
    import tremaux.cli  # noqa: F401 - imported once, before the children fork
    import tremaux.generators  # noqa: F401
    import tremaux.grids  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="sweep-mazes-") as tmp:
        root = Path(tmp)
        files = fixture_files(root / "fixtures")
        spec_list = specs(args.quick)
        made_cases = gen_cases(spec_list, files, args.quick)
        run(made_cases, root / "generate", args.jobs)
        made = {c.what: c.folder / "m.json" for c in made_cases
                if c.family == "generate" and c.result.get("code") == 0 and (c.folder / "m.json").is_file()}
        by_key = {s.key: s for s in spec_list}
        cases: list[Case] = []
        for n, (key, path) in enumerate(made.items()):
            s = by_key[key]
            if not args.quick or n % 6 == 0:
                cases += use_cases(s, path, args.quick or n % 2 == 1, s.perfect)
        broken = ["split.json", "closed.json", "twoparts.json", "split-hex.json", "split-polar.json",
                  "split-triangle.json", "split-zeta.json"]
        for name in broken if not args.quick else broken[::3]:
            s = Spec(name, [], "square" if "-" not in name else name[6:-5], "none", perfect=False)
            cases += use_cases(s, files[name], args.quick, False)
        cases += generator_animations(spec_list if not args.quick else spec_list[1::5], files)
        cases += misc_cases(args.quick) + stats_cases(spec_list if not args.quick else spec_list[2::4], made, files)
        if args.only:
            cases = [c for c in cases if c.family.startswith(args.only)]
        run(cases, root / "use", args.jobs)
        api = api_sweep(spec_list, made, args.quick)
        vocab = vocabulary()
        text = report(made_cases + cases, api, vocab, time.monotonic() - began)
    head = (f"`python benchmarks/sweep_mazes.py{' --quick' if args.quick else ''}` on {time.strftime('%Y-%m-%d')}, "
            f"{platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}\n\n")
    print(head + text)
    if args.out:
        Path(args.out).write_text(head + text + "\n")


if __name__ == "__main__":
    main()
