"""What users send the web API, as ``benchmarks/sweep_web.py`` sends it: the defects that sweep found, pinned."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tremaux import io, solve
from tremaux.web import create_app

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, time_limit=60)) as c:
        c.get("/api/maze", params={"rows": 2, "cols": 2, "seed": 1})  # the workers started (and warm)
        yield c


def test_a_masked_maze_file_without_ends_opens_and_solves_from_its_first_to_its_last_cell(client):
    # a half-block picture whose corner squares are wall: no cell at (0, 0), no start or goal marked
    data = (DATA / "other_tools" / "halfblocks.txt").read_bytes()
    maze = io.loads(data)
    assert maze.mask is not None and not maze.mask[0, 0] and maze.start is None
    want = solve(maze, "bfs")  # the library's own ends: the first and last existing cells
    res = client.post("/api/maze/file", content=data)
    assert res.status_code == 200, res.text
    body = res.json()
    assert (tuple(body["start"]), tuple(body["goal"])) == (want.start, want.goal)
    res = client.post("/api/maze/file/solve", params={"solver": "bfs"}, content=data)
    assert res.status_code == 200, res.text
    sol = res.json()["solution"]
    assert sol["found"] and [tuple(c) for c in sol["path"]] == [tuple(c) for c in want.path_cells()]
    for fmt in ("png", "svg", "json"):
        res = client.post("/api/maze/file/picture", params={"format": fmt, "solver": "bfs"}, content=data)
        assert res.status_code == 200, (fmt, res.text)
