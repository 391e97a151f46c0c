"""The checks of benchmarks/sweep_mazes.py: mazes read back, walks, figures, the API in process, the options.

Each ``make_*`` returns the check of one kind of case: a function of the case
(its exit status, what it printed, its folder) that returns what is wrong.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from pathlib import Path
from typing import Any, Callable

SEED = 7


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


def makes_trees(generator: str) -> bool:
    """Whether the registry says ``generator`` makes perfect mazes (percolation does not: it leaves pieces)."""
    from tremaux import GENERATORS

    return generator in GENERATORS and bool(GENERATORS.get(generator).meta.get("perfect", True))


def out_text(case: Case) -> str:
    return (case.folder.parent / f"{case.folder.name}.stdout").read_text(errors="replace")


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


def make_readback(maze_path: Path, written: str, kind: str = "") -> Callable:
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


# ---------------------------------------------------------------- the Python API, in process


def api_sweep(spec_list: list[Spec], made: dict[str, Path], quick: bool) -> tuple[Counter, list[str]]:
    """Every spec's maze through the API, twice: the same seed gives the same maze (the CLI's too, where it wrote
    one), a perfect generator a perfect maze; every solver's path a walk from start to goal, a shortest one no
    longer than BFS's, "not found" only where no path is (or from a local solver). Refusals are counted."""
    import tremaux
    from tremaux import SOLVERS
    from tremaux.errors import TremauxError
    from tremaux.grids import solve_on

    counts: Counter = Counter()
    found: list[str] = []
    for s in spec_list:
        try:
            a, b = api_maze(s), api_maze(s)
        except TremauxError:
            counts["generate refused"] += 1
            continue
        except Exception as exc:  # noqa: BLE001
            found.append(f"api generate {s.key}: {type(exc).__name__}: {exc}")
            continue
        if a is None:
            continue
        counts["generated"] += 1
        if not same(a, b):
            found.append(f"api generate {s.key}: two mazes for seed {SEED}")
        if s.key in made and not same(a, load_any(made[s.key])):
            found.append(f"api generate {s.key}: another maze than the CLI's for seed {SEED}")
        if s.perfect and makes_trees(s.generator) and not is_perfect(a):
            found.append(f"api generate {s.key}: a perfect generator made an imperfect maze")
        reach = distances(a, a.start)
        for name in (SOLVERS.names() if not quick else ["bfs", "tremaux", "wall-left"]):
            try:
                sol = solve_on(a, name) if hasattr(a, "grid") else tremaux.solve(a, name)
            except TremauxError:
                counts["solve refused"] += 1
                continue
            except Exception as exc:  # noqa: BLE001
                found.append(f"api solve {s.key} {name}: {type(exc).__name__}: {exc}")
                continue
            counts["solved"] += 1
            path = [a.grid.cell(int(i)) for i in sol.path] if hasattr(a, "grid") else [tuple(c) for c in sol.path]
            meta = SOLVERS.get(name).meta
            if sol.found:
                probs = walk_problems(a, path, a.start, a.goal)
                if meta.get("shortest") and not probs and len(path) - 1 != reach.get(tuple(a.goal)):
                    probs.append(f"{len(path) - 1} moves, BFS {reach.get(tuple(a.goal))}")
                if probs:
                    found.append(f"api solve {s.key} {name}: {'; '.join(probs)}")
            elif tuple(a.goal) in reach and (name == "tremaux" or meta.get("view") == "global"):
                found.append(f"api solve {s.key} {name}: not found, the goal is reachable")
    return counts, found


def api_maze(s: Spec) -> Any:
    """The spec's maze through the API (None for a mask file or a generator option, the CLI's own)."""
    import tremaux
    from tremaux.grids import generate_on, make_grid

    o = dict(zip(s.argv[::2], s.argv[1::2]))
    if "--mask" in o or "-O" in o:
        return None
    braid = float(o.get("--braid", 0))
    size = tuple(int(v) for v in o["--size"].split("x")) if "--size" in o else None
    if "--grid" not in o and "--wrap" not in o and "--weave" not in o:
        return tremaux.generate(size, s.generator, seed=SEED, braid=braid).maze
    params: dict[str, Any] = {} if size is None else {"size": size}
    for flag in ("--rings", "--radius", "--side"):
        if flag in o:
            params[flag[2:]] = int(o[flag])
    for flag in ("--shape", "--wrap"):
        if flag in o:
            params[flag[2:]] = o[flag]
    extra = {"weave": float(o["--weave"])} if "--weave" in o else {}
    grid = make_grid(o.get("--grid", "square"), **params)
    return generate_on(grid, s.generator, seed=SEED, braid=braid, **extra).maze


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
