"""Square mazes with levels on the web API: generated (``levels`` beside ``rows`` and ``cols``), solved with the
stage the page replays the trace on, drawn for download, and read from a file."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from tremaux import generate, io, solve
from tremaux.maze import Maze
from tremaux.web import create_app

NS = "{http://www.w3.org/2000/svg}"
PARAMS = {"levels": 2, "rows": 5, "cols": 6, "generator": "backtracker", "seed": 3}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, time_limit=60, max_body=64 * 1024)) as c:
        yield c


def error_of(res, status: int) -> str:
    assert res.status_code == status, res.text
    body = res.json()
    assert set(body) >= {"error", "kind"} and "\n" not in body["error"]
    return body["error"]


def test_a_maze_with_levels_is_generated_as_the_library_generates_it(client):
    out = client.get("/api/maze", params=PARAMS).json()
    maze = generate((2, 5, 6), "backtracker", seed=3, braid=0.5).maze
    assert (out["levels"], out["rows"], out["cols"], out["size"]) == (2, 5, 6, 60)
    assert out["cells"] == maze.cells.reshape(-1).tolist()
    assert out["params"]["levels"] == 2 and out["params"]["seed"] == 3
    # its ends are cells of the maze, numbered level by level as the trace numbers them
    for key in ("start", "goal"):
        lv, r, c = out[key]
        assert out[key + "_index"] == (lv * 5 + r) * 6 + c
    assert out["start"] != out["goal"]
    # the picture is the SVG renderer's: every level, and the triangles of the passages up and down
    svg = ET.fromstring(out["svg"])
    texts = [t.text for t in svg.iter(NS + "text")]
    assert texts == ["level 0", "level 1"]
    ups = sum(bool(v & 16) for v in out["cells"])
    assert ups > 0 and out["svg"].count("l.22 .3h-.44z") == ups


def test_one_level_is_the_plain_square_maze(client):
    one = client.get("/api/maze", params={**PARAMS, "levels": 1}).json()
    plain = client.get("/api/maze", params={k: v for k, v in PARAMS.items() if k != "levels"}).json()
    assert one["cells"] == plain["cells"] and "levels" not in one["params"] and one.get("svg") is None


@pytest.mark.parametrize("params, status, part", [
    ({"levels": 2, "rows": 150, "cols": 150}, 400,
     "2 levels of 150 x 150 cells are 45000 cells; the page draws at most 22500"),
    ({"levels": 2, "grid": "hex"}, 400, "levels are for the plain square grid only"),
    ({"levels": 2, "wrap": "torus"}, 400, "levels are for the plain square grid only"),
    ({"levels": 0}, 422, "levels: must be at least 1"),
])
def test_levels_beyond_the_page_are_refused_in_one_line(client, params, status, part):
    assert part in error_of(client.get("/api/maze", params=params), status)


def test_a_maze_with_levels_is_solved_with_its_trace_and_stage(client):
    out = client.post("/api/solve", json={"maze": PARAMS, "solver": "tremaux", "picture": False}).json()
    maze = generate((2, 5, 6), "backtracker", seed=3, braid=0.5).maze
    sol = out["solution"]
    assert sol["found"] and out["svg"] is None
    path = [tuple(c) for c in sol["path"]]
    assert sol["path_index"] == [maze.index(c) for c in path]
    steps = {abs(a - b) for a, b in zip(sol["path_index"], sol["path_index"][1:])}
    assert steps <= {1, 6, 30}, "a walk through neighbours: in a row, a column or between the levels"
    events = out["trace"]["cells"]
    assert max(events) < 60 and out["trace"]["total"] == len(events)
    # the stage: a polygon per cell, a line per end of a passage within a level, the up and down marks
    stage = ET.fromstring(out["stage"])
    flat = maze.cells.reshape(-1)
    within = sum(bin(int(v) & 15).count("1") for v in flat)
    assert len(stage.findall(f".//{NS}polygon")) == 60 and len(stage.findall(f".//{NS}line")) == within
    marks = [p for p in stage.iter(NS + "path") if p.get("class") == "marks"]
    updown = sum(bool(v & 16) + bool(v & 32) for v in flat.tolist())
    assert updown > 0 and len(marks) == 1 and marks[0].get("d").count("Z") == updown
    for line in stage.iter(NS + "line"):
        a, b = int(line.get("data-a")), int(line.get("data-b"))
        assert a // 30 == b // 30, "a line joins two cells of one level"


@pytest.mark.parametrize("ext, start", [("svg", b"<svg"), ("png", b"\x89PNG")])
def test_a_maze_with_levels_downloads_as_its_picture_with_the_run(client, ext, start):
    res = client.get(f"/api/maze.{ext}", params={**PARAMS, "solver": "bfs"})
    assert res.status_code == 200 and res.content.startswith(start)
    back = io.loads(res.content)
    assert back.shape == (2, 5, 6) and back.cells.tolist() == generate((2, 5, 6), "backtracker", seed=3,
                                                                       braid=0.5).maze.cells.tolist()


def test_a_maze_with_levels_downloads_as_json_and_not_as_a_drawing(client):
    res = client.get("/api/maze.txt", params={**PARAMS, "format": "json"})
    assert io.loads(res.content).shape == (2, 5, 6)
    assert "downloads as svg, png or json" in error_of(client.get("/api/maze.txt", params={**PARAMS,
                                                                                          "format": "ascii"}), 400)


@pytest.mark.parametrize("fmt", ["json", "npz", "png"])
def test_a_file_with_levels_opens_solves_and_downloads(client, fmt):
    maze = generate((3, 4, 5), "kruskal", seed=2).maze.replace(start=(0, 0, 0), goal=(2, 3, 4))
    data = io.dumps(maze, fmt)
    data = data.encode() if isinstance(data, str) else data
    out = client.post("/api/maze/file", content=data).json()
    assert (out["levels"], out["rows"], out["cols"], out["format"]) == (3, 4, 5, fmt)
    assert out["cells"] == maze.cells.reshape(-1).tolist() and out["goal_index"] == 59
    assert out["form"] == {"grid": "square", "levels": 3, "rows": 4, "cols": 5} and out["svg"].startswith("<svg")
    solved = client.post("/api/maze/file/solve?solver=bfs", content=data).json()
    want = solve(maze, "bfs")
    assert solved["solution"]["path"] == [list(c) for c in want.path.tolist()]
    assert solved["stage"].count("<polygon") == 60
    picture = client.post("/api/maze/file/picture?format=svg&solver=bfs", content=data)
    assert picture.status_code == 200 and io.loads(picture.content) == maze


def test_a_file_with_levels_within_the_page_cells_opens_and_one_over_them_is_refused(client):
    fits = io.dumps(Maze.open((2, 100, 100), start=(0, 0, 0), goal=(1, 99, 99)), "npz")
    assert client.post("/api/maze/file", content=fits).json()["size"] == 20_000
    over = io.dumps(Maze.open((3, 100, 100), start=(0, 0, 0), goal=(2, 99, 99)), "npz")
    assert "30000 cells: the page takes at most 22500" in error_of(client.post("/api/maze/file", content=over), 400)


def test_the_cost_of_a_maze_with_levels_counts_every_level():
    from tremaux.web.costs import _cells, _on_grid

    assert _cells({"levels": 3, "rows": 10, "cols": 20}) == 600 and _on_grid({"levels": 3})
    assert _cells({"rows": 10, "cols": 20}) == 200 and not _on_grid({"levels": 1})

