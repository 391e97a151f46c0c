"""Mazes on every grid through the web API (TestClient, no browser)."""

from __future__ import annotations

from collections import deque

import networkx as nx
import numpy as np
import pytest
from fastapi.testclient import TestClient

from tremaux.generators import GENERATORS
from tremaux.grids import GRIDS, GridMaze, make_grid
from tremaux.web import create_app
from tremaux.web import schedule
from tremaux.web.grids import MAX_GRID_CELLS, check_grid
from tremaux.web.models import MAX_RINGS


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, time_limit=60)) as c:
        yield c


def error_of(res, status: int) -> str:
    assert res.status_code == status, res.text
    body = res.json()
    assert set(body) >= {"error", "kind"}
    assert "\n" not in body["error"]
    return body["error"]


def grid_maze_of(body: dict, **grid_params) -> GridMaze:
    grid = make_grid(body["grid"], **grid_params)
    return GridMaze(grid, np.array(body["cells"], dtype=grid.dtype), start=tuple(body["start"]),
                    goal=tuple(body["goal"]))


def naive_distances(maze: GridMaze, src: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Breadth-first search in plain Python over the maze's open sides."""
    dist = {src: 0}
    todo = deque([src])
    while todo:
        cell = todo.popleft()
        for nxt in maze.neighbours(cell):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
    return dist


def test_grid_list_is_the_registry(client):
    body = client.get("/api/grids").json()
    assert [g["name"] for g in body] == GRIDS.names()
    by_name = {g["name"]: g for g in body}
    for entry in GRIDS:
        assert by_name[entry.name]["params"] == list(entry.params)
    assert by_name["hex"]["choices"]["shape"] == ["rectangle", "hexagon"]
    assert by_name["square"]["choices"]["wrap"] == ["cylinder", "torus", "moebius"]
    assert all(g["trace"] for g in by_name.values())  # every grid records the solver's trace
    assert "sidewinder" in by_name["polar"]["generators"] and "sidewinder" not in by_name["hex"]["generators"]
    weavers = [g.name for g in GENERATORS if g.meta.get("weave")]
    assert weavers and by_name["hex"]["weave_generators"] == weavers and by_name["polar"]["weave_generators"] == []
    assert "grid" in client.get("/openapi.json").json()["components"]["schemas"]["MazeParams"]["properties"]


def test_each_shape_and_wrap_lists_the_generators_that_run_with_it(client):
    by_name = {g["name"]: g for g in client.get("/api/grids").json()}
    square = by_name["square"]
    assert set(square["choice_generators"]) == {"wrap"}
    for wrap, names in square["choice_generators"]["wrap"].items():
        assert names and set(names) < set(square["generators"])
        for name in square["generators"]:
            res = client.get("/api/maze", params={"rows": 4, "cols": 4, "wrap": wrap, "generator": name, "seed": 1})
            assert (res.status_code == 200) == (name in names), (wrap, name, res.text)
    assert set(by_name["hex"]["choice_generators"]["shape"]) == {"rectangle", "hexagon"}
    assert by_name["polar"]["choice_generators"] == {}


def test_each_shape_and_wrap_says_whether_the_grid_weaves_with_it(client):
    # the page offers weave only where the server builds a woven maze (a wrapped square grid does not weave)
    for grid in client.get("/api/grids").json():
        if not grid["weave_generators"]:
            assert grid["choice_weave"] == {}
            continue
        assert set(grid["choice_weave"]) == set(grid["choices"])
        for param, values in grid["choices"].items():
            for value in values:
                size = {"rows": 4, "cols": 4} if value == "rectangle" or param == "wrap" else {"radius": 2}
                res = client.get("/api/maze", params={"grid": grid["name"], param: value, **size, "weave": "true", "braid": 0,
                                                      "generator": grid["weave_generators"][0], "seed": 1})
                assert (res.status_code == 200) == (value in grid["choice_weave"][param]), (grid["name"], value, res.text)
    square = next(g for g in client.get("/api/grids").json() if g["name"] == "square")
    assert square["choice_weave"] == {"wrap": []}


def test_each_grid_lists_the_solvers_that_run_on_it(client):
    by_name = {g["name"]: g for g in client.get("/api/grids").json()}
    all_solvers = [e["name"] for e in client.get("/api/solvers").json()]
    cases = [({"grid": name, "rows": 4, "cols": 4} if name != "polar" else {"grid": name, "rings": 3}, g["solvers"])
             for name, g in by_name.items()]
    woven = {"rows": 4, "cols": 4, "weave": True, "generator": "kruskal", "braid": 0}
    cases += [({**woven, "grid": "square"}, by_name["square"]["weave_solvers"]),
              ({**woven, "grid": "hex"}, by_name["hex"]["weave_solvers"])]
    cases += [({"rows": 4, "cols": 4, "wrap": wrap}, names)
              for wrap, names in by_name["square"]["choice_solvers"]["wrap"].items()]
    assert "pledge" not in by_name["hex"]["solvers"] and "wall-left" not in by_name["square"]["weave_solvers"]
    for maze, names in cases:
        assert names
        for solver in all_solvers:
            res = client.post("/api/solve", json={"maze": {**maze, "seed": 1}, "solver": solver, "record": False})
            assert (res.status_code == 200) == (solver in names), (maze, solver, res.text)
            error = res.json().get("error", "")
            if "use one of: " in error:  # the refusal offers only solvers that run there
                assert set(error.split("use one of: ")[1].split(", ")) <= set(names), error


@pytest.mark.parametrize("query, grid_params", [
    ({"grid": "theta", "rings": 7}, {"rings": 7}),
    ({"grid": "hex", "shape": "hexagon", "radius": 4}, {"shape": "hexagon", "radius": 4}),
    ({"grid": "hex", "rows": 5, "cols": 9}, {"size": (5, 9)}),
    ({"grid": "triangle", "shape": "triangle", "side": 6}, {"shape": "triangle", "side": 6}),
    ({"grid": "upsilon", "rows": 4, "cols": 5}, {"size": (4, 5)}),
    ({"grid": "square", "rows": 6, "cols": 7, "wrap": "torus"}, {"size": (6, 7), "wrap": "torus"}),
])
def test_perfect_maze_on_every_grid(client, query, grid_params):
    body = client.get("/api/maze", params={**query, "generator": "wilson", "braid": 0, "seed": 11}).json()
    assert body["grid"] == GRIDS.get(query["grid"]).name
    maze = grid_maze_of(body, **grid_params)
    assert body["size"] == maze.size == len(body["cells"])
    g = maze.to_networkx()
    assert nx.is_tree(g) and g.number_of_nodes() == maze.size  # a spanning tree of the grid's graph
    assert body["svg"].startswith("<svg") and "<path d=" in body["svg"]
    assert dict(body["stats"])["perfect"] == "yes"
    again = client.get("/api/maze", params={**query, "generator": "wilson", "braid": 0, "seed": 11}).json()
    assert again["cells"] == body["cells"]


def test_solve_on_polar_is_a_shortest_walk_and_get_post_share_defaults(client):
    got = client.get("/api/maze", params={"grid": "polar", "seed": 5}).json()
    res = client.post("/api/solve", json={"maze": {"grid": "polar", "seed": 5}, "solver": "bfs"})
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["params"] == got["params"]  # the same defaults on GET and POST (rings, braid...)
    maze = grid_maze_of(got, rings=10)  # the registry's default
    path = [tuple(c) for c in body["solution"]["path"]]
    assert path[0] == maze.start and path[-1] == maze.goal
    # the trace, in grid indices, ends with the path; the stage has a polygon per cell and a line per passage end
    tr = body["trace"]
    k = len(path)
    assert tr["kinds"][-k:] == [16] * k and [maze.grid.cell(i) for i in tr["cells"][-k:]] == path
    assert got["start_index"] == maze.start_index and got["goal_index"] == maze.goal_index
    # the path in grid indices too: the page paints the answer on the stage from them (the trace may be cut)
    assert [maze.grid.cell(i) for i in body["solution"]["path_index"]] == path
    stage = body["stage"]
    assert stage.count("<polygon data-cell=") == maze.size and stage.count("<line data-a=") == 2 * maze.passages
    quiet = client.post("/api/solve", json={"maze": {"grid": "polar", "seed": 5}, "solver": "bfs", "record": False})
    assert quiet.json()["trace"] is None and quiet.json()["stage"] is None
    # the page ends the replay on its stage and asks for no picture; without a trace the picture always comes
    bare = client.post("/api/solve", json={"maze": {"grid": "polar", "seed": 5}, "solver": "bfs", "picture": False})
    assert bare.json()["svg"] is None and bare.json()["stage"] == stage and bare.json()["trace"] == tr
    alone = client.post("/api/solve", json={"maze": {"grid": "polar", "seed": 5}, "solver": "bfs", "record": False,
                                            "picture": False})
    assert alone.json()["svg"] == quiet.json()["svg"] and "<polyline" in alone.json()["svg"]
    for a, b in zip(path, path[1:]):
        assert b in maze.neighbours(a)
    assert len(path) - 1 == naive_distances(maze, maze.start)[maze.goal]
    assert "<polyline" in body["svg"] and "<polyline" not in got["svg"]


@pytest.mark.parametrize("solver", ["tremaux", "astar", "wall-left", "dead-end-fill"])
def test_solvers_on_hex(client, solver):
    res = client.post("/api/solve", json={"maze": {"grid": "hex", "shape": "hexagon", "radius": 3, "seed": 2,
                                                   "braid": 0}, "solver": solver})
    assert res.status_code == 200, res.text
    sol = res.json()["solution"]
    assert sol["found"] and sol["algorithm"] == solver
    assert len(sol["path"]) >= 2


def test_pictures_on_grids(client):
    res = client.get("/api/maze.svg", params={"grid": "hex", "shape": "hexagon", "radius": 3, "solver": "bfs"})
    assert res.status_code == 200 and res.headers["content-type"].startswith("image/svg+xml")
    assert "<polyline" in res.text and "maze-backtracker-hex-" in res.headers["content-disposition"]
    res = client.get("/api/maze.png", params={"grid": "polar", "rings": 5, "cell": 8})
    assert res.status_code == 200 and res.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_square_stays_the_traced_fast_path(client):
    body = client.get("/api/maze", params={"seed": 1, "rows": 5, "cols": 6}).json()
    assert body["grid"] == "square" and body.get("svg") is None and len(body["cells"]) == 30
    res = client.post("/api/solve", json={"maze": {"rows": 5, "cols": 6, "seed": 1}}).json()
    assert res["trace"] is not None and res.get("svg") is None


@pytest.mark.parametrize("query, status, needle", [
    ({"grid": "klein"}, 400, "klein"),
    ({"grid": "polar", "wrap": "torus"}, 400, "no parameter 'wrap'"),
    ({"grid": "hex", "shape": "hexagon"}, 400, "needs a radius"),
    ({"grid": "hex", "shape": "circle"}, 400, "circle"),
    ({"grid": "square", "wrap": "klein"}, 400, "klein"),
    ({"grid": "polar", "rings": MAX_RINGS + 1}, 422, "rings"),  # the most rings within MAX_GRID_CELLS cells
    ({"grid": "polar", "rings": 500}, 422, "rings"),
    ({"grid": "polar", "generator": "eller"}, 400, "eller"),
    ({"grid": "triangle", "weave": True}, 400, "weave"),
])
def test_bad_grids_are_refused_in_one_line(client, query, status, needle):
    assert needle in error_of(client.get("/api/maze", params=query), status)
    assert needle in error_of(client.post("/api/solve", json={"maze": query}), status)


def test_the_most_rings_the_page_offers_are_served():
    # the form's largest rings (the schema's maximum, which the page corrects a link's rings to) is a maze
    # the page draws, not one refused for its cells
    assert check_grid({"grid": "polar", "rings": MAX_RINGS, "rows": 2, "cols": 2}).size <= MAX_GRID_CELLS
    assert make_grid("polar", rings=MAX_RINGS + 1).size > MAX_GRID_CELLS


def test_estimates_count_cells_of_any_grid():
    polar = {"grid": "polar", "rings": 40, "rows": 2, "cols": 2, "braid": 0.0}
    cells = make_grid("polar", rings=40).size
    picture = schedule.GRID_PICTURE_MS_PER_CELL  # the SVG every maze on another grid comes with
    assert schedule.estimate("maze", polar) == pytest.approx(cells * (schedule.GEN_MS_PER_CELL + picture))
    assert schedule.estimate("solve", {"maze": polar}) == pytest.approx(
        cells * (schedule.GEN_MS_PER_CELL + picture + schedule.SOLVE_MS_PER_CELL + schedule.GRID_STAGE_MS_PER_CELL))
    render = {**polar, "cell": 64}
    assert schedule.estimate("render", render) > schedule.estimate("render", {**render, "cell": 8})


def test_start_and_goal_keep_their_colours_from_picture_to_replay(client):
    # the hex maze's picture marked the start green and the goal red, the replay's stage (and the square
    # maze) the other way round: pressing solve swapped the colours of start and destination
    import re

    from tremaux.render.palette import PALETTE

    maze = {"grid": "hex", "rows": 5, "cols": 5, "generator": "wilson", "braid": 0, "seed": 2}
    circles = lambda svg: re.findall(r'<circle[^>]*fill="([^"]+)"', svg)[-2:]  # noqa: E731 - start, then goal
    want = [PALETTE["start"], PALETTE["goal"]]
    assert circles(client.get("/api/maze", params=maze).json()["svg"]) == want
    solved = client.post("/api/solve", json={"maze": maze, "solver": "tremaux"}).json()
    assert circles(solved["stage"]) == want and circles(solved["svg"]) == want
    assert circles(client.get("/api/maze.svg", params=maze).text) == want


def test_a_solve_on_another_grid_goes_to_the_heavy_lane_when_its_pictures_take_seconds():
    # a 150 x 150 hex solve takes seconds (its picture and the replay's stage, one polygon and line per cell):
    # estimated as a square solve (68 ms) it went to the quick lane, was stopped there at the quick limit
    # (its worker killed) and only then run again on the heavy lane
    sched = schedule.Scheduler(schedule.ServerConfig(workers=1), warm=False)
    try:
        big = {"grid": "hex", "rows": 150, "cols": 150, "braid": 0.0}
        assert sched.lane_for("solve", {"maze": big}).name == "heavy"
        assert sched.lane_for("solve", {"maze": {"rows": 150, "cols": 150, "braid": 0.0}}).name == "quick"
        assert sched.lane_for("solve", {"maze": {**big, "rows": 8, "cols": 8}}).name == "quick"
    finally:
        sched.close()


@pytest.mark.parametrize("params", [{"grid": "zeta", "rows": 6, "cols": 7}, {"grid": "hex", "rows": 5, "cols": 6},
                                    {"grid": "upsilon", "rows": 5, "cols": 5}, {"grid": "polar", "rings": 5}])
def test_the_stage_says_each_thing_once(params):
    # every corner of a zeta, hex or upsilon cell came twice in a row, and every passage's line said it was
    # hidden and of the floor's colour (a third of the stage's bytes at 150 x 150, 13.4 MB for a zeta maze)
    import re

    from tremaux.web.grids import build_grid_maze, stage_svg

    maze, _ = build_grid_maze({**params, "generator": "backtracker", "seed": 3})
    stage = stage_svg(maze)
    lines = re.findall(r"<line data-a[^>]*>", stage)
    assert len(lines) == 2 * maze.passages and not [x for x in lines if "visibility" in x or "stroke" in x]
    assert re.search(r'<g class="passages"[^>]* stroke="#[0-9a-f]{6}" visibility="hidden">', stage)
    polygons = re.findall(r'<polygon data-cell="\d+" points="([^"]+)"', stage)
    assert len(polygons) == maze.size
    for points in polygons:
        corners = points.split()
        assert len(corners) >= 3 and all(a != b for a, b in zip(corners, corners[1:] + corners[:1])), points


def test_the_page_reads_a_grid_maze_s_dead_ends_as_a_percentage_without_the_deprecated_share():
    # the page read GridStats.dead_end_share, deprecated when the grid stats took the square mazes' words
    import warnings

    from tremaux.grids import generate_on, grid_stats, make_grid
    from tremaux.web.grids import _stats

    maze = generate_on(make_grid("hex", size=(5, 6)), seed=3).maze
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        rows = dict(_stats(maze))
    s = grid_stats(maze)
    assert rows["dead ends"] == f"{s.dead_ends} ({s.dead_end_percentage:.1f}%)"
