"""Mazes on every grid through the package's generic Python API, as a notebook user combines it.

Usage::

    python benchmarks/sweep_grid_api.py --half dev     # the development half of the cases
    python benchmarks/sweep_grid_api.py --half held    # the held-out half
    python benchmarks/sweep_grid_api.py                # both, side by side

``sweep_maze_api.py`` calls the grid functions (``tremaux.grids.*``) on grid mazes; this one hands a maze on every
grid kind (hex, triangle and their shapes, polar, upsilon, zeta, the cylinder, torus and Moebius wraps, woven
square and hex, masked grids; the least sizes: one cell, 1xN, Nx1, one ring), what ``generate_on`` returns and
what ``solve_on`` returns to every function a user would try on a maze or a result: ``tremaux.solve``, every
renderer of ``tremaux.render`` (``to_text``, ``to_svg``, ``to_png``, ``to_image``, ``render`` and ``save`` in every
format, ``repr_svg`` / ``repr_png``, ``to_gif`` / ``to_animated_svg``, ``output.check_picture``), the notebook's
``_repr_*_`` and ``str``, ``tremaux.measure.maze_stats`` and ``grids.grid_stats``, ``tremaux.io`` (``dumps``,
``save`` in every format, ``graph.to_graph``) and ``grids.files`` (JSON, ``.npz``, bytes, dict), ``to_networkx``,
``save_picture``, ``save_animation``, ``copy`` / ``deepcopy`` / ``pickle`` / ``==`` / ``hash``, slicing, and
``tremaux.dataset`` with a ``grid`` option. Square mazes with levels and masks go through the same calls.

A check fails (a problem) on a Python error from inside the library, a refusal of more than one line, a refusal of
a call an equivalent grid function serves (the picture renderers, ``solve``, the grid functions themselves), or a
broken invariant: ``render.to_svg`` / ``to_png`` not the bytes of ``grids.to_svg`` / ``to_png`` (the common sizes
mapped on the grid's ``Style``), a copy or a file read back unequal, the same seed giving another maze, a graph's
edges other than the passages, a path through a wall. A refusal in one line of a call that has no grid equivalent
is counted, not a problem. Cases are split by a fixed rule before any run: the CRC-32 of the case's name, even for
``dev``, odd for ``held``.
"""

from __future__ import annotations

import argparse
import copy
import io as _io
import pickle
import platform
import sys
import tempfile
import time
import traceback
import zlib
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sweep_checks import same  # noqa: E402

GRID_CASES: dict[str, dict[str, Any]] = {
    "hex 1x1": dict(name="hex", size=(1, 1)), "hex 1x7": dict(name="hex", size=(1, 7)),
    "hex 6x1": dict(name="hex", size=(6, 1)), "hex 5x6": dict(name="hex", size=(5, 6)),
    "hexagon r1": dict(name="hex", shape="hexagon", radius=1), "hexagon r3": dict(name="hex", shape="hexagon", radius=3),
    "triangle 1x1": dict(name="triangle", size=(1, 1)), "triangle 1x6": dict(name="triangle", size=(1, 6)),
    "triangle 4x7": dict(name="triangle", size=(4, 7)),
    "big triangle s1": dict(name="triangle", shape="triangle", side=1),
    "big triangle s5": dict(name="triangle", shape="triangle", side=5),
    "polar 1 ring": dict(name="polar", rings=1), "polar 2 rings": dict(name="polar", rings=2),
    "polar 6 rings": dict(name="polar", rings=6),
    "upsilon 1x1": dict(name="upsilon", size=(1, 1)), "upsilon 1x5": dict(name="upsilon", size=(1, 5)),
    "upsilon 4x4": dict(name="upsilon", size=(4, 4)),
    "zeta 1x1": dict(name="zeta", size=(1, 1)), "zeta 5x1": dict(name="zeta", size=(5, 1)),
    "zeta 4x5": dict(name="zeta", size=(4, 5)),
    "cylinder 1x5": dict(name="square", size=(1, 5), wrap="cylinder"),
    "cylinder 4x6": dict(name="square", size=(4, 6), wrap="cylinder"),
    "torus 3x3": dict(name="square", size=(3, 3), wrap="torus"),
    "torus 5x7": dict(name="square", size=(5, 7), wrap="torus"),
    "moebius 1x4": dict(name="square", size=(1, 4), wrap="moebius"),
    "moebius 4x6": dict(name="square", size=(4, 6), wrap="moebius"),
    "woven square 5x5": dict(name="square", size=(5, 5), weave=True),
    "woven hex 4x5": dict(name="hex", size=(4, 5), weave=True),
    "masked hex 3x4": dict(name="hex", size=(3, 4), mask=[[1, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 1]]),
    "masked triangle 3x5": dict(name="triangle", size=(3, 5), mask=[[1, 1, 1, 1, 1], [1, 1, 0, 1, 1], [1, 1, 1, 1, 1]]),
    "masked zeta 3x3": dict(name="zeta", size=(3, 3), mask=[[1, 1, 0], [1, 1, 1], [0, 1, 1]]),
    "masked upsilon 3x3": dict(name="upsilon", size=(3, 3), mask=[[1, 1, 1], [1, 0, 1], [1, 1, 1]]),
    "square grid 1x1": dict(name="square", size=(1, 1)), "square grid 3x4": dict(name="square", size=(3, 4)),
}
"""Each grid the sweep makes, by case name (``make_grid`` parameters)."""

SQUARE_CASES: dict[str, dict[str, Any]] = {
    "levels 2x3x4": dict(size=(2, 3, 4)), "levels 1x1x1": dict(size=(1, 1, 1)), "levels 3x1x5": dict(size=(3, 1, 5)),
    "mask ring 4x4": dict(size=(4, 4), mask=[[1, 1, 1, 1], [1, 0, 0, 1], [1, 0, 0, 1], [1, 1, 1, 1]]),
    "mask one cell": dict(size=(1, 3), mask=[[0, 1, 0]]),
}
"""Square mazes with levels or masks, through the same calls (``tremaux.generate`` parameters)."""

SEEDS = (5, 17)
NAMES_INSTEAD = ("tremaux.grids", "tremaux.render", "pass its .maze", "record=True", "GridMaze.to_", "grid_stats",
                 "take:", "one of")
"""Words of a refusal that says what to call or pass instead (a function, the run's maze, a recorded run, the names
accepted)."""
NOT_OFFERED = ("slicing", "dataset grid=")
"""Calls no maze offers, the square one neither: Python's ``TypeError`` (not subscriptable, no such keyword)."""
GENERATORS = ("backtracker", "kruskal", "wilson")


def half_of(case: str) -> str:
    """``dev`` or ``held``: the fixed rule splitting the cases, the CRC-32 of the name."""
    return "dev" if zlib.crc32(case.encode()) % 2 == 0 else "held"


class Sweep:
    """What was checked (by family), refused in one line, and every problem."""

    def __init__(self) -> None:
        self.checked: Counter = Counter()
        self.refused: Counter = Counter()
        self.refusals: dict[str, str] = {}
        self.problems: list[str] = []
        self.absent: Counter = Counter()

    def run(self, family: str, key: str, fn: Callable[[], Any], *, must: bool = False) -> Any:
        from tremaux.errors import TremauxError

        self.checked[family] += 1
        try:
            out = fn()
        except TremauxError as exc:
            self.refused[family] += 1
            msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.refusals.setdefault(f"{family}: {type(exc).__name__}: {msg[:140]}", key)
            if "\n" in str(exc).strip():
                self.problems.append(f"{family}: {key}: a refusal of more than one line")
            if must:
                self.problems.append(f"{family}: {key}: refused: {msg[:160]}")
            elif not any(w in msg for w in NAMES_INSTEAD):
                self.problems.append(f"{family}: {key}: a refusal that names nothing to call instead: {msg[:120]}")
            return None
        except TypeError as exc:  # what no maze offers (slicing, a dataset's grid=): as for the square Maze
            if family in NOT_OFFERED:
                self.absent[family] += 1
                return None
            self.problems.append(f"{family}: {key}: TypeError: {str(exc)[:140]}")
            return None
        except Exception as exc:  # noqa: BLE001 - what the sweep looks for
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            self.problems.append(f"{family}: {key}: {type(exc).__name__}: {str(exc)[:140]} "
                                 f"({Path(tb.filename).name}:{tb.lineno})")
            return None
        if isinstance(out, list):
            self.problems.extend(f"{family}: {key}: {p}" for p in out)
            return None
        return out


def _eq(a: Any, b: Any, what: str) -> list[str]:
    return [] if a == b else [what]


def _png_ok(data: Any) -> list[str]:
    from PIL import Image

    Image.open(_io.BytesIO(bytes(data))).load()
    return []


def _walk(maze: Any, sol: Any) -> list[str]:
    if not sol.found:
        return ["bfs found no path on a connected maze"] if maze.passages >= maze.size - 1 else []
    cells = [maze.grid.cell(int(i)) for i in sol.path]
    if cells[0] != maze.start or cells[-1] != maze.goal:
        return ["the path does not join start and goal"]
    bad = [(a, b) for a, b in zip(cells, cells[1:]) if b not in maze.neighbours(a)]
    return [f"the path steps through a wall at {bad[0]}"] if bad else []


def grid_case(sw: Sweep, case: str, params: dict[str, Any], d: Path) -> None:
    import tremaux
    from tremaux import GENERATORS as GENERATORS_REG, io, measure, render
    from tremaux.render.output import check_picture
    from tremaux.grids import (Style, animate, files, generate_on, grid_stats, make_grid, save_picture, solve_on,
                               supports, to_png, to_svg)

    p = dict(params)
    grid = sw.run("make_grid", case, lambda: make_grid(p.pop("name"), **p), must=True)
    if grid is None:
        return
    for gname in GENERATORS:
        for seed in SEEDS:
            key = f"{case} {gname} seed {seed}"
            gen = sw.run("generate_on", key, lambda: generate_on(grid, gname, seed=seed, record=True),
                         must=supports(GENERATORS_REG.get(gname), grid))  # woven grids: kruskal only, as documented
            if gen is None:
                continue
            m = gen.maze
            sw.run("same seed", key, lambda: [] if same(generate_on(grid, gname, seed=seed).maze, m)
                   else ["another maze for the same seed"])
            sol = sw.run("solve_on", key, lambda: solve_on(m, "tremaux", record=True), must=True)
            sw.run("tremaux.solve", key, lambda: _walk(m, tremaux.solve(m, "bfs")) + _eq(
                tremaux.solve(gen, "bfs"), solve_on(m, "bfs"), "solve(run) differs from solve_on"), must=True)
            sw.run("tremaux.solve(solution)", key, lambda: tremaux.solve(sol, "bfs"))
            st = Style(cell=11, wall=3, margin=2)
            for obj, what, s in ((m, "maze", None), (gen, "run", None), (sol, "solution", sol)):
                k = f"{key} {what}"
                sw.run("render.to_svg", k, lambda: _eq(render.to_svg(obj), to_svg(m, solution=s), "other SVG"), must=True)
                sw.run("render.to_svg sizes", k, lambda: _eq(render.to_svg(obj, cell_size=11, wall_width=3, margin=2),
                                                            to_svg(m, solution=s, style=st), "other SVG"), must=True)
                sw.run("render.to_png", k, lambda: _eq(render.to_png(obj), to_png(m, solution=s), "other PNG"), must=True)
                sw.run("render.to_png sizes", k, lambda: _eq(render.to_png(obj, cell_size=11, wall_width=3, margin=2),
                                                            to_png(m, solution=s, style=st), "other PNG"), must=True)
                sw.run("render.to_image", k, lambda: _eq(render.to_image(obj).size, render.to_image(
                    obj).size, "size") if render.to_image(obj).size[0] > 0 else ["empty"], must=True)
                sw.run("render.to_text", k, lambda: [] if render.to_text(obj).strip() else ["empty text"], must=True)
                sw.run("render.repr_svg", k, lambda: _eq(render.repr_svg(obj), obj._repr_svg_(), "other SVG"), must=True)
                sw.run("render.repr_png", k, lambda: _eq(render.repr_png(obj), obj._repr_png_(), "other PNG"), must=True)
                sw.run("render.output.check_picture", k, lambda: [check_picture(obj, f) for f in ("svg", "png", "txt")]
                       and [], must=True)
                sw.run("notebook _repr_svg_", k, lambda: [] if obj._repr_svg_() else ["no SVG for a small maze"])
                sw.run("str", k, lambda: [] if str(obj) else ["empty"])
                for ext in ("svg", "png", "gif", "txt"):
                    sw.run(f"render.save .{ext}", k, lambda: [] if render.save(obj, d / f"p.{ext}").stat().st_size
                           else ["empty file"], must=ext != "gif" or what != "maze")
                    sw.run(f"render.render {ext}", k, lambda: [] if render.render(obj, ext) else ["empty"],
                           must=ext != "gif" or what != "maze")
                for fn in (copy.copy, copy.deepcopy, lambda o: pickle.loads(pickle.dumps(o))):
                    sw.run("copy, deepcopy, pickle", k, lambda: _eq(fn(obj), obj, "unequal copy") + _eq(
                        hash(fn(obj)), hash(obj), "another hash"), must=True)
                sw.run("slicing", k, lambda: obj[0:1])
                sw.run("measure.maze_stats", k, lambda: measure.maze_stats(obj))
                sw.run("io.dumps", k, lambda: io.dumps(obj))
                sw.run("io.graph.to_graph", k, lambda: io.graph.to_graph(obj))
                for ext in ("json", "npz", "txt", "png"):
                    sw.run(f"io.save .{ext}", k, lambda: io.save(obj, d / f"m.{ext}"))
            if m.size <= 60:
                for obj, what in ((gen, "run"), (sol, "solution")):
                    k = f"{key} {what}"
                    sw.run("render.to_gif", k, lambda: _eq(render.to_gif(obj, frames=5), animate.to_gif(obj, frames=5),
                                                           "other GIF"), must=True)
                    sw.run("render.to_animated_svg", k, lambda: _eq(render.to_animated_svg(obj, frames=5),
                                                                    animate.to_animated_svg(obj, frames=5),
                                                                    "other SVG"), must=True)
                    sw.run("grids save_animation", k, lambda: animate.save_animation(obj, d / "a.gif", frames=4),
                           must=True)
                sw.run("render.to_gif(maze)", key, lambda: render.to_gif(m))
            sw.run("grid_stats", key, lambda: _eq(grid_stats(m).passages, m.passages, "passages"), must=True)
            sw.run("to_networkx", key, lambda: _eq(m.to_networkx().number_of_edges(), m.passages, "edges"), must=True)
            sw.run("grids.files json/npz", key, lambda: sum((_eq(files.loads(files.dumps(m)), m, "dumps"),
                                                             _eq(files.from_bytes(files.to_bytes(m)), m, "bytes")), []),
                   must=True)
            for ext in ("json", "npz"):
                def saved(ext: str = ext) -> list[str]:
                    files.save(gen, d / f"g.{ext}")
                    return _eq(files.load(d / f"g.{ext}"), m, f"{ext} read back unequal")
                sw.run(f"grids.files.save .{ext}", key, saved, must=True)
                sw.run(f"io.load of a grid .{ext}", key, lambda: io.load(d / f"g.{ext}"))
            sw.run("save_picture", key, lambda: save_picture(sol, d / "s.png") or _eq(
                (d / "s.png").read_bytes(), to_png(m, solution=sol), "not the picture of to_png(solution=)"), must=True)
            sw.run("grids.to_svg(solution)", key, lambda: _eq(to_svg(sol), to_svg(m, solution=sol), "other SVG"),
                   must=True)


def square_case(sw: Sweep, case: str, params: dict[str, Any], d: Path) -> None:
    import tremaux
    from tremaux import io, measure, render

    p = dict(params)
    mask = p.pop("mask", None)
    for gname in GENERATORS:
        for seed in SEEDS:
            key = f"{case} {gname} seed {seed}"
            gen = sw.run("generate", key, lambda: tremaux.generate(p["size"], gname, seed=seed, record=True,
                                                                    **({"mask": np.array(mask, bool)} if mask else {})),
                         must=True)
            if gen is None:
                continue
            sol = sw.run("tremaux.solve", key, lambda: tremaux.solve(gen.maze, "tremaux", record=True), must=True)
            for obj, what in ((gen.maze, "maze"), (gen, "run"), (sol, "solution")):
                k = f"{key} {what}"
                for name in ("to_svg", "to_png", "to_text", "repr_svg", "repr_png"):
                    sw.run(f"render.{name}", k, lambda: getattr(render, name)(obj), must=True)
                for ext in ("svg", "png", "gif", "txt"):
                    sw.run(f"render.save .{ext}", k, lambda: render.save(obj, d / f"q.{ext}"), must=True)
                for fn in (copy.copy, copy.deepcopy, lambda o: pickle.loads(pickle.dumps(o))):
                    sw.run("copy, deepcopy, pickle", k, lambda: _eq(fn(obj), obj, "unequal copy"), must=True)
                sw.run("measure.maze_stats", k, lambda: measure.maze_stats(obj), must=what != "solution")
                sw.run("io.graph.to_graph", k, lambda: io.graph.to_graph(obj), must=what != "solution")
            for ext in ("json", "npz", "txt", "png"):
                def saved(ext: str = ext) -> list[str]:
                    io.save(gen.maze, d / f"q.{ext}")
                    return _eq(io.load(d / f"q.{ext}"), gen.maze, f"{ext} read back unequal")
                sw.run(f"io.save .{ext}", key, saved, must=True)
            if gen.maze.flat.shape[0] <= 60:
                for obj, what in ((gen, "run"), (sol, "solution")):
                    sw.run("render.to_gif", f"{key} {what}", lambda: _png_ok(render.to_gif(obj, frames=5)), must=True)


def dataset_case(sw: Sweep, d: Path) -> None:
    """A dataset on another grid, if the dataset spec offers one."""
    from tremaux import dataset

    sw.run("dataset grid=", "hex", lambda: dataset.DatasetSpec(count=2, size=(3, 3), grid="hex"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--half", choices=("dev", "held", "both"), default="both")
    ap.add_argument("--refusals", action="store_true", help="list the refusals met (one example each)")
    args = ap.parse_args(argv)
    import tremaux
    from tremaux.grids import generate_on, make_grid

    generate_on(make_grid("hex", size=(2, 2)), seed=1)  # the kernels compiled or loaded before the clock
    tremaux.generate((2, 2), seed=1)
    halves = ("dev", "held") if args.half == "both" else (args.half,)
    rows = []
    for half in halves:
        sw = Sweep()
        c0, t0 = time.process_time(), time.perf_counter()
        grids = [c for c in GRID_CASES if half_of(c) == half]
        squares = [c for c in SQUARE_CASES if half_of(c) == half]
        with tempfile.TemporaryDirectory() as tmp:
            for case in grids:
                grid_case(sw, case, GRID_CASES[case], Path(tmp))
            for case in squares:
                square_case(sw, case, SQUARE_CASES[case], Path(tmp))
            if half == "dev":
                dataset_case(sw, Path(tmp))
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        rows.append((half, len(grids) + len(squares), sum(sw.checked.values()), sum(sw.refused.values()),
                     len(sw.problems), cpu, wall))
        print(f"\n== {half}: {', '.join(grids + squares)}")
        print(f"{'family':<30}{'checks':>8}{'refused':>9}{'not offered':>12}")
        for fam in sorted(sw.checked):
            print(f"{fam:<30}{sw.checked[fam]:>8}{sw.refused[fam]:>9}{sw.absent[fam]:>12}")
        if args.refusals:
            print("refusals (one example each):")
            for what, key in sorted(sw.refusals.items()):
                print(f"  {what}  [{key}]")
        by_family = Counter(p.split(":")[0] for p in sw.problems)
        if sw.problems:
            print("problems by family:", dict(by_family))
            for p in sw.problems[:40]:
                print("  " + p)
    print(f"\ngrid API sweep; Python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'half':<6}{'cases':>6}{'checks':>8}{'refused':>9}{'problems':>10}{'CPU s':>8}{'wall s':>8}")
    for half, n, checks, refused, problems, cpu, wall in rows:
        print(f"{half:<6}{n:>6}{checks:>8}{refused:>9}{problems:>10}{cpu:>8.1f}{wall:>8.1f}")
    return 1 if any(r[4] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
