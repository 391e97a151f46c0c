"""The web server and its page with what users send: every endpoint, grid, generator, solver and size, checked.

Usage::

    python benchmarks/sweep_web.py --quick          # a few minutes: the API part, then the page in Chromium
    python benchmarks/sweep_web.py                  # every combination (longer)
    python benchmarks/sweep_web.py --only api       # or --only page
    python benchmarks/sweep_web.py --only api --seed 8   # another draw of the mazes and random puzzles

Where ``fuzz_inputs_api.py`` sends bad values and ``walk_page.py`` walks each
control once, this script sends what users really send, through FastAPI's
TestClient: ``GET /api/maze`` and ``POST /api/solve`` on every grid (its
shapes, wraps, weave) x every generator it lists x every solver it lists x
sizes from 1x1 up to the limits; the pictures and texts of each maze; maze
files of every format ``tremaux.io`` and ``tremaux.grids.files`` write, sent
to ``/api/maze/file`` (read back, solved, drawn); Number Link puzzles from
the generator written in every format of ``tremaux.numberlink.formats``,
read by ``/api/numberlink/parse``, solved (the answer followed cell by cell),
saved (that part in ``sweep_web_nl.py``); boards with no solution, or with a number without its partner. A
request is flagged for a 5xx, an error that is not one line, a maze that
differs from the file sent, a path that is no walk from start to goal,
"found" where no way leads or "not found" where one does, a Number Link
answer that breaks a rule.

The page part (``sweep_page.py``) drives Chromium through action sequences
at 400 x 800 (touch) and 1280 x 800: see that module.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

SEED = 7


class Tally:
    """Requests sent, answers by status, and what is wrong (one line each)."""

    def __init__(self) -> None:
        self.sent = 0
        self.status: Counter[int] = Counter()
        self.problems: list[str] = []
        self.by_part: Counter[str] = Counter()

    def note(self, part: str, what: str, res: Any, ok: tuple[int, ...] = (200,)) -> bool:
        """Count ``res``; flag a 5xx, an unexpected status, an error of more than one line. True for a 200."""
        self.sent += 1
        self.by_part[part] += 1
        self.status[res.status_code] += 1
        if res.status_code >= 500 and res.status_code != 503:
            self.problems.append(f"{part}: {what}: {res.status_code} {res.text[:160]}")
            return False
        if res.status_code not in ok:
            self.problems.append(f"{part}: {what}: status {res.status_code}: {res.text[:160]}")
            return False
        if res.status_code >= 400:
            try:
                err = res.json().get("error", "")
            except ValueError:
                err = ""
            if not err or "\n" in err:
                self.problems.append(f"{part}: {what}: error not one line: {res.text[:160]!r}")
        return res.status_code == 200

    def flag(self, part: str, what: str, why: str) -> None:
        self.problems.append(f"{part}: {what}: {why}")


def call(client: Any, method: str, url: str, **kw: Any) -> Any:
    """One request, sent again while the server says it is busy (503: warming up, or a full lane)."""
    began = time.monotonic()
    for _ in range(600):
        res = client.request(method, url, **kw)
        if res.status_code != 503:
            break
        time.sleep(0.2)
    if time.monotonic() - began > SLOW_S:
        SLOW.append(f"{method} {url} {str(kw.get('params') or kw.get('json') or '')[:100]}: "
                    f"{time.monotonic() - began:.1f} s, {res.status_code}")
        if os.environ.get("SWEEP_VERBOSE"):
            print("slow:", SLOW[-1], file=sys.stderr)
    return res


SLOW_S = 10.0
SLOW: list[str] = []


# ---------------------------------------------------------------- mazes


def maze_of(body: dict, query: dict) -> Any:
    """The maze an answer of ``/api/maze`` describes, rebuilt on this side."""
    import numpy as np

    from tremaux.grids import GridMaze, make_grid
    from tremaux.maze import Maze

    if body.get("grid", "square") == "square" and "wrap" not in query and "weave" not in query:
        cells = np.array(body["cells"], dtype=np.uint8).reshape(body["rows"], body["cols"])
        return Maze(cells, start=tuple(body["start"]), goal=tuple(body["goal"]))
    params = {k: v for k, v in query.items() if k in ("shape", "rings", "radius", "side", "wrap", "weave")}
    if "rows" in query and params.get("shape") not in ("hexagon", "triangle") and body["grid"] != "polar":
        params["size"] = (query["rows"], query["cols"])
    grid = make_grid(body["grid"], **params)
    return GridMaze(grid, np.array(body["cells"], dtype=grid.dtype), start=tuple(body["start"]),
                    goal=tuple(body["goal"]))


def reachable(maze: Any, src: tuple) -> set:
    from _sweep_checks import distances

    return set(distances(maze, src))


def path_problems(maze: Any, sol: dict) -> list[str]:
    """What is wrong with a solve's answer: its path as a walk, its verdict against the maze's reachability."""
    start, goal = tuple(sol["start"]), tuple(sol["goal"])
    can = goal in reachable(maze, start)
    out = []
    if sol["found"]:
        cells = [tuple(c) for c in sol["path"]]
        if not can:
            out.append("found, but no way leads from start to goal")
        if not cells or cells[0] != start or cells[-1] != goal:
            out.append(f"path does not run from {start} to {goal}")
        for a, b in zip(cells, cells[1:]):
            if b not in {tuple(int(v) for v in n) for n in maze.neighbours(a)}:
                out.append(f"step {a} -> {b} goes through a wall")
                break
    elif can and sol["algorithm"] in ("bfs", "dfs", "tremaux", "astar", "greedy", "dead-end-fill"):
        out.append(f"{sol['algorithm']}: not found, but a way leads from start to goal")
    return out


def variants(grids: list[dict], quick: bool) -> list[tuple[str, dict, list[str], list[str]]]:
    """(key, query, generators, solvers) for every grid, shape, wrap and weave at the sweep's sizes."""
    out = []
    square_sizes = [(1, 1), (1, 7), (7, 1), (2, 2), (5, 3), (3, 40), (150, 150)]
    small = [(1, 1), (1, 5), (4, 1), (2, 2), (6, 9)]
    for g in grids:
        name, gens, sols = g["name"], g["generators"], g["solvers"]
        if name == "square":
            for r, c in square_sizes:
                out.append((f"square {r}x{c}", {"rows": r, "cols": c}, gens, sols))
            for wrap in g["choices"]["wrap"]:
                for r, c in small:
                    out.append((f"square {wrap} {r}x{c}", {"grid": "square", "wrap": wrap, "rows": r, "cols": c},
                                g["choice_generators"]["wrap"][wrap], g["choice_solvers"]["wrap"][wrap]))
            for r, c in [(1, 1), (2, 2), (5, 7)]:
                out.append((f"square weave {r}x{c}", {"grid": "square", "weave": True, "rows": r, "cols": c},
                            g["weave_generators"], g["weave_solvers"]))
        elif name == "polar":
            for rings in (1, 2, 5, 89):
                out.append((f"polar rings={rings}", {"grid": "polar", "rings": rings}, gens, sols))
        else:
            shapes = g["choices"].get("shape", [None])
            for shape in shapes:
                key = {"hexagon": "radius", "triangle": "side"}.get(shape or "")
                gs = g["choice_generators"]["shape"][shape] if shape else gens
                ss = g["choice_solvers"]["shape"][shape] if shape else sols
                base = {"grid": name} | ({"shape": shape} if shape else {})
                if key:
                    top = 75 if key == "radius" else 150
                    for v in (1, 2, 5, top):
                        out.append((f"{name} {shape} {key}={v}", base | {key: v}, gs, ss))
                else:
                    for r, c in small + [(150, 150)]:
                        out.append((f"{name} {shape or ''} {r}x{c}".replace("  ", " "), base | {"rows": r, "cols": c},
                                    gs, ss))
                if shape in g.get("choice_weave", {}).get("shape", []):
                    out.append((f"{name} {shape} weave", base | {"weave": True} | ({key: 3} if key else
                                                                                  {"rows": 4, "cols": 5}),
                                g["weave_generators"], g["weave_solvers"]))
    return out


def too_small(query: dict) -> bool:
    """Under the least size some grids take (2 on a side; 3 across a wrap)."""
    least = 3 if query.get("wrap") else 2
    return any(0 < query.get(k, least) < least for k in ("rows", "cols", "rings", "side", "radius")) \
        or (query.get("wrap") == "torus" and query.get("rows", 3) < 3)


def big(query: dict) -> bool:
    return query.get("rows", 0) >= 100 or query.get("rings", 0) >= 50 or query.get("radius", 0) >= 50 \
        or query.get("side", 0) >= 100


def sweep_mazes(client: Any, tally: Tally, quick: bool) -> None:
    grids = call(client, "GET", "/api/grids").json()
    for n, (key, query, gens, sols) in enumerate(variants(grids, quick)):
        todo_gens = gens
        if big(query):  # the largest of each grid: one generator, two solvers
            todo_gens = [gens[n % len(gens)]]
        elif quick:
            todo_gens = gens[n % 3::3]
        for k, gen in enumerate(todo_gens):
            q = {**query, "generator": gen, "seed": SEED + k}
            if n % 2:
                q["braid"] = 0
            res = call(client, "GET", "/api/maze", params=q)
            what = f"maze {key} {gen}"
            if res.status_code in (400, 422) and too_small(query):  # a size under the grid's least, refused
                tally.note("maze", what, res, ok=(400, 422))
                tally.by_part["maze refused (under the least size)"] += 1
                continue
            if not tally.note("maze", what, res):
                continue
            body = res.json()
            try:
                maze = maze_of(body, query)
            except Exception as exc:  # noqa: BLE001 - flagged, not raised
                tally.flag("maze", what, f"cannot rebuild: {exc}")
                continue
            solvers = sols if not big(query) else [sols[0], "tremaux"]
            if quick and not big(query):
                solvers = sols[k % 2::2]
            for sol in solvers:
                body_s = {"maze": {k2: v for k2, v in q.items()}, "solver": sol, "record": True}
                if sol == "tremaux" and k % 2:
                    body_s["seed"] = 3
                res = call(client, "POST", "/api/solve", json=body_s)
                if not tally.note("solve", f"{what} {sol}", res):
                    continue
                out = res.json()
                for p in path_problems(maze, out["solution"]):
                    tally.flag("solve", f"{what} {sol}", p)
                if big(query) and "trace" not in out:
                    tally.flag("solve", f"{what} {sol}", "no trace to replay")
            if k == 0:
                for url, extra in (("/api/maze.svg", {"solver": sols[0]}), ("/api/maze.png", {}),
                                   ("/api/maze.txt", {"format": "json"}), ("/api/maze.txt", {"format": "ascii"}),
                                   ("/api/maze.txt", {"format": "block"})):
                    if big(query) and url != "/api/maze.svg":
                        continue
                    res = call(client, "GET", url, params={**q, **extra})
                    ok = (200, 400) if extra.get("format") in ("ascii", "block") else (200,)
                    if tally.note("picture", f"{what} {url} {extra}", res, ok=ok) and url.endswith(".txt") \
                            and extra["format"] == "json":
                        _file_round(client, tally, res.content, maze, f"{what} (its JSON)")


def _file_round(client: Any, tally: Tally, data: bytes, maze: Any, what: str, solvers: tuple = ("bfs",)) -> None:
    """Send a maze file's bytes: read as the library reads them (and as ``maze``, unless a block picture,
    whose squares are its cells), solved, drawn."""
    import numpy as np

    from _sweep_checks import same

    from tremaux import io
    from tremaux.grids import files

    if files.is_grid_file(data[:4096]):
        mine = files.loads(data) if data[:1] == b"{" else files.from_bytes(data)
    else:
        mine = io.loads(data)
    if maze is not None and not what.startswith("block") and not same(mine, maze):
        tally.flag("file", what, "the library does not read back the maze it wrote")
    res = call(client, "POST", "/api/maze/file", content=data)
    if not tally.note("file", f"{what} read", res):
        return
    body = res.json()
    if list(np.asarray(mine.cells).ravel()) != list(np.asarray(body["cells"]).ravel()) \
            or any(mine_end is not None and tuple(body[k]) != tuple(mine_end)
                   for k, mine_end in (("start", mine.start), ("goal", mine.goal))):
        tally.flag("file", what, "the page's maze is not the file's")
    for sol in solvers:
        res = call(client, "POST", "/api/maze/file/solve", params={"solver": sol}, content=data)
        if tally.note("file", f"{what} solve {sol}", res):
            for p in path_problems(mine, res.json()["solution"]):
                tally.flag("file", f"{what} solve {sol}", p)
    for fmt in ("png", "svg", "json", "ascii", "block"):
        res = call(client, "POST", "/api/maze/file/picture", params={"format": fmt, "solver": solvers[0]},
                   content=data)
        tally.note("file", f"{what} picture {fmt}", res, ok=(200, 400) if fmt in ("ascii", "block") else (200,))


def sweep_files(client: Any, tally: Tally, quick: bool) -> None:
    """A maze in every format ``tremaux.io`` writes (ASCII, block, JSON, npz, PNG, SVG), sent as a file or pasted."""
    import tremaux
    from tremaux import io, render

    for k, (shape, gen) in enumerate([((1, 1), "backtracker"), ((1, 6), "kruskal"), ((6, 1), "wilson"),
                                      ((2, 2), "prim"), ((9, 14), "eller"), ((150, 150), "backtracker")]):
        maze = tremaux.generate(shape, gen, seed=SEED, braid=0.3 if k % 2 else 0).maze
        for fmt in io.FORMATS.names():
            if shape == (150, 150) and fmt not in ("json", "png"):
                continue
            data = io.dumps(maze, fmt)
            data = data.encode() if isinstance(data, str) else data
            _file_round(client, tally, data, maze, f"{fmt} {shape[0]}x{shape[1]}",
                        solvers=("bfs", "tremaux", "wall-left") if not quick or k < 3 else ("bfs",))
        if shape[0] * shape[1] <= 400:
            svg = render.to_svg(maze).encode() if hasattr(render, "to_svg") else None
            if svg:
                _file_round(client, tally, svg, maze, f"svg {shape[0]}x{shape[1]}")
    from tremaux.grids import files

    for q in ({"grid": "polar", "rings": 4}, {"grid": "hex", "shape": "hexagon", "radius": 3},
              {"grid": "triangle", "rows": 4, "cols": 7}, {"grid": "zeta", "rows": 3, "cols": 3},
              {"grid": "upsilon", "rows": 2, "cols": 2}, {"grid": "square", "wrap": "moebius", "rows": 3, "cols": 5}):
        res = call(client, "GET", "/api/maze.txt", params={**q, "seed": SEED, "format": "json"})
        if not tally.note("file", f"grid maze {q}", res):
            continue
        maze = files.loads(res.text)
        for data in (files.dumps(maze).encode(), files.to_bytes(maze)):
            _file_round(client, tally, data, maze, f"grid file {q}")


# ---------------------------------------------------------------- main


def api_sweep(quick: bool) -> Tally:
    from fastapi.testclient import TestClient

    from tremaux.web import create_app

    tally = Tally()
    with TestClient(create_app(workers=2, time_limit=120), raise_server_exceptions=False) as client:
        call(client, "GET", "/api/maze", params={"rows": 2, "cols": 2, "seed": 1})
        from sweep_web_nl import sweep_numberlink

        for part, fn in (("mazes", sweep_mazes), ("files", sweep_files), ("numberlink", sweep_numberlink)):
            began = time.process_time(), time.monotonic()
            fn(client, tally, quick)
            print(f"{part}: {tally.sent} requests so far, {len(tally.problems)} problems; "
                  f"{time.process_time() - began[0]:.1f} s CPU here, {time.monotonic() - began[1]:.0f} s wall",
                  file=sys.stderr)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a third of the generators and half the solvers")
    ap.add_argument("--only", choices=["api", "page"], help="one part only")
    ap.add_argument("--base", help="the page part: a server already running at this address")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the mazes' and random puzzles' seed (default {SEED})")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import sweep_web  # run as a script this module is __main__; sweep_web_nl reads the imported one

    globals()["SEED"] = sweep_web.SEED = args.seed
    print(f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}", file=sys.stderr)
    problems = []
    if args.only in (None, "api"):
        began = time.monotonic()
        t = api_sweep(args.quick)
        print(f"API: {t.sent} requests in {time.monotonic() - began:.0f} s; by part {dict(t.by_part)}; "
              f"by status {dict(sorted(t.status.items()))}; {len(t.problems)} flagged")
        problems += t.problems
    if args.only in (None, "page"):
        from sweep_page import page_sweep

        began = time.monotonic()
        steps, flagged = page_sweep(args.base, args.quick)
        print(f"page: {steps} steps in {time.monotonic() - began:.0f} s; {len(flagged)} flagged")
        problems += flagged
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
