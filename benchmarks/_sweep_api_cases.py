"""The mazes and checks of benchmarks/sweep_maze_api.py: the Python API in process.

Each ``check_*`` takes the sweep (``sw.run(family, key, fn)``: ``fn`` returns a
list of problems, or raises) and one generated maze.
"""

from __future__ import annotations

import json
import pickle
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from _sweep_api_odd import graph_texts, stats_problems
from _sweep_checks import distances, is_perfect, makes_trees, same, walk_problems

SEED = 11
SIZES = [(1, 1), (1, 9), (9, 1), (2, 2), (7, 13), (40, 40), (200, 200)]
MASK_TEXT = ".##.\n####\n.##.\n"
SMALL = 400  # cells: pictures read back, animations and every file format only below this


@dataclass
class Spec:
    """A maze the sweep makes: ``make()`` generates it, ``again()`` with an equal seed."""

    key: str
    grid: str  # "maze" (tremaux.Maze) or a grid's name
    generator: str
    make: Callable[[], Any]
    again: Callable[[], Any]
    perfect: bool = True


def _seeds() -> list[tuple[str, Callable[[], Any]]]:
    return [("int", lambda: SEED), ("np.int64", lambda: np.int64(SEED)),
            ("Generator", lambda: np.random.default_rng(SEED))]


def _mask_png(folder: Path) -> Path:
    from PIL import Image

    m = np.array([[c == "#" for c in row] for row in MASK_TEXT.split()])
    img = Image.fromarray(np.where(m, 0, 255).astype(np.uint8).repeat(8, 0).repeat(8, 1))
    path = folder / "mask.png"
    img.save(path)
    return path


def api_specs(quick: bool, part: int = 0) -> list[Spec]:
    """Every generator on every grid kind it takes, each size and option; ``quick``: one in eight (the
    ``part``-th), plus every imperfect and every seed kind on one generator."""
    import tremaux
    from tremaux import GENERATORS
    from tremaux.grids import generate_on, make_grid, supports

    folder = Path(tempfile.mkdtemp(prefix="sweep-api-"))
    png = _mask_png(folder)
    arr = np.array([[c == "#" for c in row] for row in MASK_TEXT.split()])
    from tremaux.generators import load_mask, mask_from_text

    masks = {"array": arr, "list": arr.tolist(), "text": mask_from_text(MASK_TEXT), "picture": load_mask(png)}
    out: list[Spec] = []

    def sq(key: str, g: str, perfect: bool = True, **kw: Any) -> None:
        seed = kw.pop("seed", lambda: SEED)
        out.append(Spec(key, "maze", g, lambda: tremaux.generate(algorithm=g, seed=seed(), record=True, **kw),
                        lambda: tremaux.generate(algorithm=g, seed=seed(), **kw), perfect))

    def on(key: str, name: str, g: str, params: dict, perfect: bool = True, **kw: Any) -> None:
        out.append(Spec(key, name, g, lambda: generate_on(make_grid(name, **params), g, seed=SEED, record=True, **kw),
                        lambda: generate_on(make_grid(name, **params), g, seed=SEED, **kw), perfect))

    for g in GENERATORS.names():
        meta = GENERATORS.get(g).meta
        for size in SIZES:
            sq(f"square {g} {size[0]}x{size[1]}", g, shape=size)
        for sname, seed in _seeds()[1:]:
            sq(f"square {g} 5x6 seed {sname}", g, shape=(5, 6), seed=seed)
        if meta.get("masks"):
            for mname, mask in masks.items():
                sq(f"square {g} mask {mname}", g, mask=mask)
        if meta.get("levels"):
            for shape in ((1, 1, 1), (2, 3, 4), (3, 1, 1)):
                sq(f"levels {g} {shape}", g, shape=shape)
        grids = {"square": [{"size": (3, 4), "wrap": w} for w in ("cylinder", "torus", "moebius")]
                 + [{"size": (1, 1), "wrap": "torus"}, {"size": (1, 5), "wrap": "cylinder"}],
                 "polar": [{"rings": r} for r in (1, 2, 6)],
                 "hex": [{"size": (1, 1)}, {"size": (4, 5)}, {"shape": "hexagon", "radius": 1},
                         {"shape": "hexagon", "radius": 3}],
                 "triangle": [{"size": (1, 1)}, {"size": (3, 7)}, {"shape": "triangle", "side": 1},
                              {"shape": "triangle", "side": 4}],
                 "upsilon": [{"size": (1, 1)}, {"size": (3, 5)}], "zeta": [{"size": (1, 1)}, {"size": (4, 4)}]}
        for name, plist in grids.items():
            for params in plist:
                try:
                    ok = supports(GENERATORS.get(g), make_grid(name, **params))
                except Exception:  # noqa: BLE001 - checked where it is generated
                    ok = True
                if ok:
                    on(f"{name} {g} {params}", name, g, params)
        if meta.get("weave"):
            for name in ("square", "hex"):
                on(f"{name} {g} weave", name, g, {"size": (5, 6), "weave": True}, weave=0.5)
        if meta.get("grids") == "any":
            for name in ("hex", "triangle", "upsilon", "zeta"):
                on(f"{name} {g} mask", name, g, {"mask": arr})
    for name, params in (("hex", {"size": (100, 120)}), ("polar", {"rings": 60}), ("triangle", {"size": (150, 150)}),
                         ("upsilon", {"size": (80, 80)}), ("zeta", {"size": (90, 90)})):
        for g in ("backtracker", "kruskal", "wilson"):
            on(f"{name} {g} {params} (large)", name, g, params)
    # imperfect: loops, openings, islands, unreachable cells, on the square grid and others
    for g in ("backtracker", "kruskal", "wilson"):
        sq(f"square {g} braid", g, False, shape=(8, 9), braid=0.6)
        sq(f"square {g} braid 1", g, False, shape=(6, 6), braid=1.0)
        sq(f"square {g} openings", g, False, shape=(8, 9), openings=3)
        sq(f"square {g} islands", g, False, shape=(9, 9), islands=2)
        sq(f"square {g} unreachable", g, False, shape=(8, 9), unreachable=3)
        sq(f"square {g} braid mask", g, False, mask=arr, braid=0.5)
        on(f"hex {g} braid", "hex", g, {"size": (5, 6)}, False, braid=0.5)
        on(f"polar {g} islands", "polar", g, {"rings": 5}, False, islands=2)
        on(f"triangle {g} braid islands", "triangle", g, {"size": (6, 8)}, False, braid=0.3, islands=1)
        on(f"torus {g} braid", "square", g, {"size": (5, 5), "wrap": "torus"}, False, braid=0.5)
    if quick:
        fixed = [s for s in out if not s.perfect or "seed" in s.key or "mask" in s.key]
        rest = [s for s in out if s not in fixed]
        out = rest[part % 8::8] + fixed[part % 2::2]
    return out


# ---------------------------------------------------------------- square mazes


def _stats_problems(gen: Any, cells: int) -> list[str]:
    st = gen.stats
    probs = []
    if int(st.cells) != cells:
        probs.append(f"stats.cells {st.cells}, the maze has {cells}")
    if int(st.passages) != int(gen.maze.passages):
        probs.append(f"stats.passages {st.passages}, the maze has {gen.maze.passages}")
    return probs


def _solution_problems(maze: Any, sol: Any, path: list, shortest: bool, global_view: bool, reach: dict) -> list[str]:
    start, goal = tuple(maze.start), tuple(maze.goal)
    probs = []
    if sol.found:
        probs += walk_problems(maze, path, start, goal)
        if goal not in reach:
            probs.append("found a path where none exists")
        elif shortest and len(path) - 1 != reach[goal]:
            probs.append(f"says shortest, {len(path) - 1} moves, BFS {reach[goal]}")
        if sol.length != len(path):
            probs.append(f"length {sol.length}, the path has {len(path)} cells")
    elif goal in reach and global_view:
        probs.append(f"not found, the goal is {reach[goal]} moves away")
    return probs


def check_square_maze(sw: Any, spec: Spec, gen: Any, quick: bool) -> None:
    import tremaux
    from tremaux import SOLVERS

    m, key = gen.maze, spec.key
    cells = int(m.size)
    sw.run("same seed", key, lambda: [] if same(m, spec.again().maze) else ["two mazes for one seed"])
    sw.run("statistics", key, lambda: _stats_problems(gen, cells))
    if spec.perfect and makes_trees(spec.generator):
        sw.run("perfect is a tree", key, lambda: [] if is_perfect(m) else ["a perfect generator, not a tree"])
    sw.run("stats.seed replays", key,
           lambda: [] if same(m, tremaux.generate(m.shape if m.mask is None else None, spec.generator,
                                                  seed=gen.stats.seed, mask=m.mask).maze)
           else ["stats.seed gives another maze"] if "braid" not in key and "islands" not in key
           and "openings" not in key and "unreachable" not in key else [])
    reach = distances(m, m.start)
    solvers = SOLVERS.names() if not quick or cells <= SMALL else ["bfs", "tremaux", "astar"]
    for name in solvers:
        meta = SOLVERS.get(name).meta
        record = cells <= SMALL

        def one(name: str = name, meta: dict = meta, record: bool = record) -> list[str]:
            sol = tremaux.solve(gen if name == "bfs" else m, name, record=record)
            path = sol.path_cells()
            probs = _solution_problems(m, sol, path, meta.get("shortest"), meta.get("view") == "global"
                                       or name == "tremaux", reach)
            d = json.loads(json.dumps(sol.to_dict()))
            if d["found"] != bool(sol.found) or [tuple(c) for c in d["path"]] != [tuple(c) for c in path]:
                probs.append("to_dict disagrees with the solution")
            if pickle.loads(pickle.dumps(sol)) != sol:
                probs.append("pickle round trip differs")
            if record and sol.trace is None:
                probs.append("record=True kept no trace")
            return probs
        sw.run(f"solve {name}", key, one)
    if cells <= SMALL:
        _square_pictures(sw, key, gen)
        _square_files(sw, key, m)
    sw.run("graph round trip", key, lambda: _graph_round(m))
    if cells <= SMALL:
        graph_texts(sw, key, m)
    sw.run("maze_stats", key, lambda: stats_problems(m, tremaux.measure.maze_stats(m)))


def _graph_round(m: Any) -> list[str]:
    from tremaux.io import graph

    G = graph.to_graph(m)
    probs = []
    if G.number_of_edges() != int(m.passages):
        probs.append(f"graph has {G.number_of_edges()} edges, the maze {m.passages} passages")
    back = graph.from_graph(G, shape=m.shape, start=m.start, goal=m.goal)
    if not np.array_equal(np.asarray(back.cells), np.asarray(m.cells)):
        probs.append("from_graph(to_graph(m)) has other passages")
    return probs


def _square_pictures(sw: Any, key: str, gen: Any) -> None:
    import tremaux
    from tremaux import render

    m = gen.maze
    sol = tremaux.solve(m, "tremaux", record=True)
    for style in ("ascii", "unicode", "block"):
        sw.run(f"to_text {style}", key, lambda s=style: [] if render.to_text(sol, style=s).strip() else ["empty"])
    sw.run("to_svg", key, lambda: _xml(render.to_svg(sol, heat=m.start)))
    sw.run("to_png", key, lambda: _png(render.to_png(sol)))
    for obj, what in ((m, "maze"), (gen, "generated"), (sol, "solution")):
        sw.run(f"notebook {what}", key, lambda o=obj: _notebook(o))
    sw.run("str/repr", key, lambda: [] if str(m) and "object at 0x" not in repr(gen) + repr(sol) else ["repr"])
    if m.size <= 120:
        if gen.trace is not None:
            sw.run("to_gif generated", key, lambda: _gif(render.to_gif(gen, frames=6)))
            sw.run("animated svg generated", key, lambda: _xml(render.to_animated_svg(gen, frames=5)))
        sw.run("to_gif solution", key, lambda: _gif(render.to_gif(sol, frames=6)))
        sw.run("animated svg solution", key, lambda: _xml(render.to_animated_svg(sol, frames=5)))
        sw.run("replay frames", key, lambda: [] if len(list(render.replay(sol, frames=4))) >= 1 else ["no frame"])
        with tempfile.TemporaryDirectory() as d:
            for ext in (".svg", ".png", ".gif", ".txt"):
                sw.run(f"render.save {ext}", key, lambda e=ext: _saved(render.save(sol, Path(d) / f"r{e}")))


def _square_files(sw: Any, key: str, m: Any) -> None:
    from tremaux import io, render

    for fmt in ("ascii", "block", "json", "npz", "png"):
        def rt(fmt: str = fmt) -> list[str]:
            back = io.loads(io.dumps(m, fmt), fmt)
            if fmt == "block" and io.dumps(back, "block") == io.dumps(m, "block"):
                return []
            return [] if back == m else [f"dumps/loads {fmt} gives another maze"]
        sw.run(f"format {fmt}", key, rt)
    with tempfile.TemporaryDirectory() as d:
        for ext in (".txt", ".json", ".npz", ".png", ".svg"):
            def ft(ext: str = ext) -> list[str]:
                p = Path(d) / f"m{ext}"
                io.save(m, p) if ext != ".svg" else render.save(m, p)
                return [] if io.load(p) == m else [f"save/load {ext} gives another maze"]
            sw.run(f"file {ext}", key, ft)


def _xml(text: str) -> list[str]:
    import xml.etree.ElementTree as ET

    ET.fromstring(text)
    return []


def _png(data: bytes) -> list[str]:
    from PIL import Image

    with Image.open(_bytes(data)) as im:
        im.load()
    return []


def _gif(data: bytes) -> list[str]:
    from PIL import Image

    with Image.open(_bytes(data)) as im:
        im.load()
        return [] if im.format == "GIF" else [f"a {im.format}, not a GIF"]


def _bytes(data: bytes) -> Any:
    import io as _io

    return _io.BytesIO(data)


def _saved(path: Path) -> list[str]:
    return [] if Path(path).is_file() and Path(path).stat().st_size else [f"{path}: nothing written"]


def _notebook(obj: Any) -> list[str]:
    svg, png = obj._repr_svg_(), obj._repr_png_()
    if svg is None and png is None:
        return ["neither SVG nor PNG for a small maze"]
    if svg is not None:
        _xml(svg)
    if png is not None:
        _png(png)
    return []


# ---------------------------------------------------------------- mazes on other grids


def check_grid_maze(sw: Any, spec: Spec, gen: Any, quick: bool) -> None:
    from tremaux import SOLVERS
    from tremaux.grids import files, grid_stats, solve_on

    m, key = gen.maze, spec.key
    sw.run("same seed", key, lambda: [] if same(m, spec.again().maze) else ["two mazes for one seed"])
    sw.run("statistics", key, lambda: _stats_problems(gen, int(m.grid.size)))
    if spec.perfect and makes_trees(spec.generator):
        sw.run("perfect is a tree", key, lambda: [] if is_perfect(m) else ["a perfect generator, not a tree"])
    sw.run("grid_stats", key, lambda: stats_problems(m, grid_stats(m)))
    reach = distances(m, m.start)
    small = m.grid.size <= SMALL
    for name in (SOLVERS.names() if not quick or small else ["bfs", "tremaux"]):
        meta = SOLVERS.get(name).meta

        def one(name: str = name, meta: dict = meta) -> list[str]:
            sol = solve_on(m, name, record=small)
            path = [m.grid.cell(int(i)) for i in sol.path]
            probs = _solution_problems(m, sol, path, meta.get("shortest"), meta.get("view") == "global"
                                       or name == "tremaux", reach)
            if pickle.loads(pickle.dumps(sol)).found != sol.found:
                probs.append("pickle round trip differs")
            return probs
        sw.run(f"solve {name}", key, one)
    with tempfile.TemporaryDirectory() as d:
        for ext in (".json", ".npz"):
            def ft(ext: str = ext) -> list[str]:
                p = Path(d) / f"m{ext}"
                files.save(m, p)
                return [] if same(files.load(p), m) else [f"save/load {ext} gives another maze"]
            sw.run(f"grid file {ext}", key, ft)
    sw.run("grid dumps/loads", key, lambda: [] if same(files.loads(files.dumps(m)), m) else ["another maze"])
    sw.run("to_networkx", key, lambda: [] if m.to_networkx().number_of_edges() == int(m.passages)
           else ["edges differ from passages"])
    if small:
        _grid_pictures(sw, key, gen)


def _grid_pictures(sw: Any, key: str, gen: Any) -> None:
    from tremaux.grids import animate, save_picture, solve_on, to_png, to_svg

    m = gen.maze
    sol = solve_on(m, "tremaux", record=True)
    sw.run("grid to_svg", key, lambda: _xml(to_svg(m, solution=sol, heat=True)))
    sw.run("grid to_png", key, lambda: _png(to_png(m, solution=sol)))
    for obj, what in ((m, "maze"), (gen, "generated"), (sol, "solution")):
        sw.run(f"notebook grid {what}", key, lambda o=obj: _notebook(o))
    if gen.trace is not None:  # the transcript builds the maze
        sw.run("grid replay_cells", key, lambda: [] if np.array_equal(animate.replay_cells(m.grid, gen.trace), m.cells)
               else ["the trace builds another maze"])
    with tempfile.TemporaryDirectory() as d:
        for ext in (".svg", ".png"):
            sw.run(f"grid save_picture {ext}", key, lambda e=ext: _saved(_put(save_picture, m, Path(d) / f"p{e}")))
        if m.grid.size <= 60:
            for obj, what in ((gen, "generated"), (sol, "solution")):
                sw.run(f"grid to_gif {what}", key, lambda o=obj: _gif(animate.to_gif(o, frames=5)))
                sw.run(f"grid animated svg {what}", key, lambda o=obj: _xml(animate.to_animated_svg(o, frames=5)))
                for ext in (".gif", ".svg"):
                    sw.run(f"grid save_animation {ext}", key, lambda o=obj, e=ext: _saved(
                        _put(animate.save_animation, o, Path(d) / f"a{e}", frames=4)))


def _put(save: Callable, obj: Any, path: Path, **kw: Any) -> Path:
    save(obj, path, **kw)
    return path


def grid_outputs(sw: Any, quick: bool) -> None:
    """A square-grid GridMaze and the plain Maze convert both ways."""
    import tremaux
    from tremaux.grids import generate_on, make_grid, to_grid_maze

    for size in ((1, 1), (1, 6), (6, 1), (5, 7)):
        m = tremaux.generate(size, "kruskal", seed=SEED).maze
        sw.must("to_grid_maze round trip", str(size),
               lambda m=m: [] if to_grid_maze(m).to_maze() == m else ["another maze"])
        g = generate_on(make_grid("square", size=size), "kruskal", seed=SEED).maze
        sw.must("GridMaze.to_maze round trip", str(size),
               lambda g=g: [] if same(to_grid_maze(g.to_maze()), g) else ["another maze"])


def square_outputs(sw: Any, quick: bool) -> None:
    """render.render / render.save with each format and animate flag, on a maze, a run and a solution."""
    import tremaux
    from tremaux import render

    gen = tremaux.generate((4, 5), seed=SEED, record=True)
    sol = tremaux.solve(gen.maze, "dfs", record=True)
    for obj, what in ((gen.maze, "maze"), (gen, "generated"), (sol, "solution")):
        for fmt in ("svg", "png", "gif", "txt"):
            for anim in (None, False, True):
                if anim and what == "maze":
                    continue
                sw.run("render.render", f"{what} {fmt} animate={anim}",
                       lambda o=obj, f=fmt, a=anim: [] if render.render(o, f, animate=a) else ["empty"])


def dataset_checks(sw: Any, quick: bool) -> None:
    """A few mazes as a dataset: built, read back, each row's maze regenerated from its seed."""
    from tremaux import dataset

    import tremaux

    for size in ("1x1", "1x6", "3x4", "2x2..5x5"):
        def one(size: str = size) -> list[str]:
            with tempfile.TemporaryDirectory() as d:
                spec = dataset.make_spec(count=4, size=size, generator="kruskal", solvers="bfs,dfs", seed=SEED,
                                         outputs="maze,solution,stats,ascii,tokens,blocks")
                dataset.build(spec, Path(d) / "ds", workers=1)
                data = dataset.load(Path(d) / "ds")
                probs = [] if len(data["cells"]) == 4 else [f"{len(data['cells'])} rows read back, 4 built"]
                dataset.verify(Path(d) / "ds")
                for k in range(len(data["cells"])):
                    again = dataset.regenerate(spec, k)["maze"]  # the row's maze from the spec and its index
                    h, w = again.shape
                    if not np.array_equal(again.cells, np.asarray(data["cells"][k])[:h, :w]):
                        probs.append(f"row {k}: regenerate gives another maze")
                    drawn = tremaux.io.loads(str(data["ascii"][k]))
                    if drawn != again:
                        probs.append(f"row {k}: its ascii drawing reads back as another maze")
                    st = tremaux.measure.maze_stats(drawn)
                    for col in ("passages", "loops", "dead_ends", "solution_length"):
                        if int(data[col][k]) != int(getattr(st, col)):
                            probs.append(f"row {k}: {col} {data[col][k]}, the maze's {getattr(st, col)}")
                for k in range(len(data["cells"])):
                    h = int(data["height"][k]) if "height" in data else data["cells"].shape[1]
                    w = int(data["width"][k]) if "width" in data else data["cells"].shape[2]
                    maze = tremaux.Maze(np.asarray(data["cells"][k])[:h, :w].astype(np.uint8))
                    if not is_perfect(maze.replace(start=(0, 0))):
                        probs.append(f"row {k}: not a perfect maze")
                return probs
        sw.must("dataset", size, one)


def corner_mazes(sw: Any) -> None:
    """Mazes made by hand at the model's corners (no ends, one end, start on the goal, closed, levels without
    ends): every file format, the graph and its texts, the statistics and every solver."""
    import tremaux
    from tremaux import SOLVERS, Maze

    mask = np.array([[0, 1, 1], [1, 1, 0]], bool)
    made = {"open, no ends": Maze.open((3, 4)), "closed, no ends": Maze.closed((2, 2)),
            "open 1x1": Maze.open((1, 1)), "start on the goal": Maze.open((2, 3), start=(1, 1), goal=(1, 1)),
            "start only": Maze.open((2, 3), start=(1, 1)), "goal only": Maze.open((2, 3), goal=(0, 2)),
            "levels, no ends": tremaux.generate((2, 2, 3), seed=SEED).maze.replace(start=None, goal=None),
            "mask, no ends": tremaux.generate(mask=mask, seed=SEED).maze.replace(start=None, goal=None),
            "int64 cells": Maze(np.asarray(tremaux.generate((3, 3), seed=SEED).maze.cells, np.int64)),
            "cells as lists": Maze(np.asarray(tremaux.generate((2, 2), seed=SEED).maze.cells).tolist())}
    for key, m in made.items():
        _square_files(sw, key, m)
        sw.must("graph round trip", key, lambda m=m: _graph_round(m))
        graph_texts(sw, key, m)
        sw.must("maze_stats", key, lambda m=m: stats_problems(m, tremaux.measure.maze_stats(m)))
        for name in SOLVERS.names():
            sw.must(f"solve {name}", key, lambda m=m, n=name: [] if tremaux.solve(m, n).message else ["no message"])
