"""Odd but valid values of benchmarks/sweep_maze_api.py: the types a notebook passes, and the corners of the model.

Numpy integers and floats where a number is asked, lists and arrays where a cell or a shape is, seeds of every
kind numpy makes, ``True`` for "the object's own" overlay, the registry's defaults passed back, start equal to
goal, mazes without their ends, and the text formats of networkx graphs. Each check returns its problems.
"""

from __future__ import annotations

import io as stdio
import json
from typing import Any

import numpy as np

from _sweep_checks import distances

SEED = 11


def _same_maze(a: Any, b: Any, what: str) -> list[str]:
    return [] if a == b else [f"{what} gives another maze"]


def odd_values(sw: Any) -> None:
    """The same maze whatever type the numbers come in; every kind of seed numpy offers."""
    import tremaux
    from tremaux.grids import generate_on, make_grid, solve_on

    G = tremaux.generate
    base = G((5, 6), "wilson", seed=SEED, braid=0.5, start=(1, 2)).maze
    for what, kw in (("shape list", {"shape": [5, 6]}), ("shape array", {"shape": np.array([5, 6])}),
                     ("shape numpy ints", {"shape": (np.int64(5), np.uint8(6))}),
                     ("braid numpy float", {"braid": np.float64(0.5)}), ("braid float32", {"braid": np.float32(0.5)}),
                     ("start list", {"start": [1, 2]}), ("start array", {"start": np.array([1, 2])}),
                     ("seed numpy uint64", {"seed": np.uint64(SEED)})):
        full = {"shape": (5, 6), "seed": SEED, "braid": 0.5, "start": (1, 2)} | kw
        sw.must("numpy values", what, lambda f=full, w=what: _same_maze(G(algorithm="wilson", **f).maze, base, w))
    for what, seed in (("0", 0), ("2**64-1", 2**64 - 1), ("SeedSequence", np.random.SeedSequence(SEED)),
                       ("Generator", np.random.default_rng(SEED))):
        def by(seed: Any = seed, what: str = what) -> list[str]:
            run = G((4, 4), "wilson", seed=seed)
            return _same_maze(G((4, 4), "wilson", seed=run.stats.seed).maze, run.maze, f"seed {what}: stats.seed")
        sw.must("seed kinds", what, by)
    grid = make_grid("hex", size=(np.int64(4), 5))
    gm = generate_on(grid, "kruskal", seed=np.int64(SEED), braid=np.float64(0.3)).maze
    sw.must("numpy values", "grid", lambda: [] if gm == generate_on(make_grid("hex", size=[4, 5]), "kruskal",
                                                                    seed=SEED, braid=0.3).maze else ["another maze"])
    sw.must("numpy values", "grid ends", lambda: [] if solve_on(gm, "bfs", start=np.array([0, 0]), goal=[3, 4]).path
           .tolist() == solve_on(gm, "bfs", start=(0, 0), goal=(3, 4)).path.tolist() else ["another path"])
    sw.must("numpy values", "square ends", lambda: [] if tremaux.solve(base, "astar", start=np.array([0, 0]),
                                                                      goal=[np.int64(4), 5]) ==
           tremaux.solve(base, "astar", start=(0, 0), goal=(4, 5)) else ["another solution"])


def start_is_goal(sw: Any) -> None:
    """Every solver, start equal to goal: found, a path of that one cell."""
    import tremaux
    from tremaux import SOLVERS
    from tremaux.grids import GRAPH_SOLVERS, generate_on, make_grid, solve_on

    m = tremaux.generate((4, 5), seed=SEED).maze
    gm = generate_on(make_grid("polar", rings=3), seed=SEED).maze
    for name in SOLVERS.names():
        sol = sw.must("start is goal", name, lambda n=name: tremaux.solve(m, n, start=(2, 2), goal=(2, 2)))
        if sol is not None and (not sol.found or sol.path_cells() != [(2, 2)]):
            sw.problem("start is goal", f"{name}: found {sol.found}, path {sol.path_cells()}")
    for name in GRAPH_SOLVERS:
        sol = sw.must("start is goal", f"polar {name}", lambda n=name: solve_on(gm, n, start=(1, 0), goal=(1, 0)))
        if sol is not None and (not sol.found or [gm.grid.cell(int(i)) for i in sol.path] != [(1, 0)]):
            sw.problem("start is goal", f"polar {name}: found {sol.found}, path {sol.path.tolist()}")


def overlays_and_defaults(sw: Any) -> None:
    """``path=True`` and the like draw the object's own; every registry option takes its own default back."""
    import tremaux
    from tremaux import render

    sol = tremaux.solve(tremaux.generate((6, 7), "kruskal", seed=SEED).maze, "tremaux")
    for draw in (render.to_text, render.to_svg, render.to_png):
        for overlay in ("path", "visited", "marks"):
            if draw is render.to_text and overlay == "marks":
                continue
            key = f"{draw.__name__} {overlay}=True"
            sw.must("overlay True", key, lambda d=draw, o=overlay: [] if d(sol, **{o: True}) == d(sol, **{o: None})
                   else ["not the solution's own"])
    for entry in tremaux.GENERATORS:
        for option in entry.options:
            def back(entry: Any = entry, option: Any = option) -> list[str]:
                again = option.check(option.default)
                ok = again is option.default or again == option.default
                return [] if ok else [f"check(default) gives {again!r}, not {option.default!r}"]
            sw.must("option default", f"{entry.name} {option.name}", back)


def graph_texts(sw: Any, key: str, m: Any) -> None:
    """The maze's networkx graph saved as node-link and adjacency JSON, GML, an edge list and an adjacency
    list: each reads back as the maze (the lists carry no ends: their passages)."""
    import networkx as nx

    from tremaux import io

    G = io.graph.to_graph(m)
    texts = {"node_link": lambda: json.dumps(nx.node_link_data(G, edges="links")),
             "adjacency": lambda: json.dumps(nx.adjacency_data(G)), "gml": lambda: "\n".join(nx.generate_gml(G))}
    for name, make in texts.items():
        sw.must(f"graph {name}", key, lambda mk=make, n=name: _same_maze(io.loads(mk()), m, n))
    if m.passages == 0:
        return
    for writer in ("write_edgelist", "write_adjlist"):
        def lists(writer: str = writer) -> list[str]:
            out = stdio.BytesIO()
            getattr(nx, writer)(G, out)
            back = io.graph.to_graph(io.loads(out.getvalue().decode()))
            # a list holds the passages only: no ends, no cell without a passage, so compare the passages
            return [] if _edges(back) == _edges(G) else [f"{writer} reads back as other passages"]
        sw.must(f"graph {writer[6:]}", key, lists)


def _edges(G: Any) -> set:
    return {frozenset(e) for e in G.edges}


def stats_problems(m: Any, st: Any) -> list[str]:
    """``maze_stats`` / ``grid_stats`` against a plain count: cells, passages, components, loops, dead ends,
    isolated cells, perfect, and the solution's length between the maze's own ends."""
    if hasattr(m, "grid"):
        cells = [m.grid.cell(i) for i in range(m.grid.size)]
    else:
        cells = [tuple(int(v) for v in c) for c in np.argwhere(m.mask if m.mask is not None else np.ones(m.shape, bool))]
    degree = {c: len(list(m.neighbours(c))) for c in cells}
    seen: set = set()
    parts = 0
    for c in cells:
        if c not in seen:
            parts += 1
            seen |= set(distances(m, c))
    want = {"cells": len(cells), "passages": int(m.passages), "components": parts,
            "loops": int(m.passages) - len(cells) + parts, "dead_ends": sum(v == 1 for v in degree.values()),
            "isolated": sum(v == 0 for v in degree.values()), "perfect": int(m.passages) == len(cells) - 1 == len(
                cells) - parts}
    if m.start is not None and m.goal is not None:
        want["solution_length"] = distances(m, tuple(m.start)).get(tuple(m.goal))
    return [f"{k} {getattr(st, k)}, counted {v}" for k, v in want.items() if hasattr(st, k) and getattr(st, k) != v]


def every_object_to_every_function(sw: Any, folder: Any) -> None:
    """What a notebook holds (a maze, what generate and solve return, on the square grid and another, a maze with
    levels, a file name, None) handed to every function that takes a maze: it works or is refused in one line,
    never a Python error from inside."""
    import tremaux
    from tremaux import grids, io, render
    from tremaux.grids import animate, files

    run = tremaux.generate((3, 4), seed=SEED, record=True)
    grun = grids.generate_on(grids.make_grid("hex", size=(3, 4)), seed=SEED, record=True)
    objects = {"Maze": run.maze, "Generated": run, "Solution": tremaux.solve(run.maze, "tremaux", record=True),
               "levels Maze": tremaux.generate((2, 2, 3), seed=SEED).maze, "GridMaze": grun.maze,
               "GridGenerated": grun, "GridSolution": grids.solve_on(grun.maze, "tremaux", record=True),
               "file name": str(folder / "none.json"), "None": None, "Trace": run.trace}
    functions = {
        "io.dumps": lambda o: io.dumps(o, "json"), "io.save": lambda o: io.save(o, folder / "o.npz"),
        "io.graph.to_graph": io.graph.to_graph, "grids.to_grid_maze": grids.to_grid_maze,
        "measure.maze_stats": tremaux.measure.maze_stats, "tremaux.solve": lambda o: tremaux.solve(o, "bfs"),
        "render.to_text": render.to_text, "render.to_svg": render.to_svg, "render.to_png": render.to_png,
        "render.to_gif": lambda o: render.to_gif(o, frames=3),
        "render.to_animated_svg": lambda o: render.to_animated_svg(o, frames=3),
        "render.save": lambda o: render.save(o, folder / "o.svg"), "render.render": lambda o: render.render(o, "png"),
        "grids.to_svg": grids.to_svg, "grids.to_png": grids.to_png, "grids.grid_stats": grids.grid_stats,
        "grids.save_picture": lambda o: grids.save_picture(o, folder / "g.png"),
        "grids.solve_on": lambda o: grids.solve_on(o, "bfs"), "files.dumps": files.dumps, "files.to_dict": files.to_dict,
        "files.to_bytes": files.to_bytes, "files.save": lambda o: files.save(o, folder / "g.json"),
        "animate.to_gif": lambda o: animate.to_gif(o, frames=3),
        "animate.to_animated_svg": lambda o: animate.to_animated_svg(o, frames=3),
        "animate.save_animation": lambda o: animate.save_animation(o, folder / "a.gif", frames=3)}
    for fname, fn in functions.items():
        for oname, obj in objects.items():
            sw.run("every object", f"{fname}({oname})", lambda f=fn, o=obj: f(o) and [])


def traveler_seeds(sw: Any) -> None:
    """Tremaux's traveler with a seed (an int, a numpy integer, a big one): the same walk twice, and the same walk
    recorded or not, on the square grid (levels too) and others."""
    import tremaux
    from tremaux.grids import generate_on, make_grid, solve_on

    mazes = [tremaux.generate(shape, "kruskal", seed=SEED, braid=0.5).maze for shape in ((1, 8), (6, 7), (3, 3, 3))]
    mazes += [generate_on(make_grid(n, **p), "kruskal", seed=SEED, braid=b).maze
              for n, p, b in (("hex", {"size": (4, 5)}, 0.5), ("polar", {"rings": 4}, 0.5), ("zeta", {"size": (3, 3)}, 0))]
    for m in mazes:
        solve = solve_on if hasattr(m, "grid") else tremaux.solve
        for seed in (0, np.int64(5), 2**63):
            def walk(m: Any = m, seed: Any = seed, solve: Any = solve) -> list[str]:
                a, b = solve(m, "tremaux", seed=seed), solve(m, "tremaux", seed=seed, record=True)
                same_walk = np.array_equal(np.asarray(a.path), np.asarray(b.path)) and a.steps == b.steps
                again = np.array_equal(np.asarray(solve(m, "tremaux", seed=seed).path), np.asarray(a.path))
                return [] if same_walk and again else ["another walk for the same seed"]
            sw.must("traveler seed", f"{type(m).__name__} {getattr(m, 'shape', None) or m.grid.name} {seed}", walk)


class _Stack:
    """A queue of the caller's for the growing tree: last in, first out (see tremaux.generators.queues)."""

    def __init__(self) -> None:
        self.items: list = []

    def is_empty(self) -> bool:
        return not self.items

    def enter(self, cell: Any) -> None:
        self.items.append(cell)

    def top(self) -> Any:
        return self.items[-1]

    def jettison(self) -> None:
        self.items.pop()


def own_disciplines(sw: Any) -> None:
    """A queue of the caller's, the priority disciplines, weights and the arc variant through ``generate_on``: the
    plain square grid gives ``generate``'s maze, another grid runs or refuses in one line."""
    import tremaux
    from tremaux.grids import generate_on, make_grid, to_grid_maze

    for key, opts in (("own queue", {"discipline": _Stack}), ("min", {"discipline": "min"}), ("arc", {"variant": "arc"}),
                      ("weights", {"discipline": "max", "weights": np.arange(20.0).reshape(4, 5)})):
        sw.must("own discipline", f"square {key}", lambda o=opts: [] if generate_on(
            make_grid("square", size=(4, 5)), "growing-tree", seed=SEED, **o).maze == to_grid_maze(
            tremaux.generate((4, 5), "growing-tree", seed=SEED, **o).maze) else ["not generate's maze"])
        if key != "weights":
            sw.run("own discipline", f"hex {key}", lambda o=opts: generate_on(
                make_grid("hex", size=(4, 5)), "growing-tree", seed=SEED, **o) and [])
