"""Maze files on every grid open on the page (read, solved, drawn, written back), and the text downloads of a
maze and of a Number Link solution."""

from __future__ import annotations

import numpy as np
import pytest
from fastapi.testclient import TestClient

from tremaux import generate, io
from tremaux.grids import files, generate_on, make_grid, solve_on
from tremaux.web import create_app

GRIDS = {
    "hex": dict(name="hex", size=(4, 5)),
    "hexagon": dict(name="hex", shape="hexagon", radius=2),
    "polar": dict(name="polar", rings=4),
    "triangle": dict(name="triangle", shape="triangle", side=4),
    "upsilon": dict(name="upsilon", size=(4, 4)),
    "zeta": dict(name="zeta", size=(4, 4)),
    "woven square": dict(name="square", size=(6, 6), weave=True),
    "woven hex": dict(name="hex", size=(5, 5), weave=True),
    "torus": dict(name="square", size=(4, 5), wrap="torus"),
    "moebius": dict(name="square", size=(4, 6), wrap="moebius"),
    "cylinder": dict(name="square", size=(4, 4), wrap="cylinder"),
}


def grid_maze(key: str):
    spec = dict(GRIDS[key])
    grid = make_grid(spec.pop("name"), **spec)
    maze = generate_on(grid, "kruskal" if spec.get("weave") else "wilson", seed=3).maze
    return maze.replace(start=grid.cell(0), goal=grid.cell(grid.size - 1))


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, time_limit=60, max_body=64 * 1024)) as c:
        c.get("/api/maze", params={"rows": 2, "cols": 2, "seed": 1})  # the workers started (and warm)
        yield c


def error_of(res, status: int) -> str:
    assert res.status_code == status, res.text
    body = res.json()
    assert set(body) >= {"error", "kind"} and "\n" not in body["error"]
    return body["error"]


@pytest.mark.parametrize("key", list(GRIDS))
def test_a_maze_file_on_every_grid_opens_solves_and_downloads(client, key):
    """Such files were refused ('the page opens mazes on the square grid only'; a woven or wrapped square maze
    as 'a maze on the square grid', an .npz with the reader's Python advice)."""
    maze = grid_maze(key)
    for fmt, data in (("json", files.dumps(maze).encode()), ("npz", files.to_bytes(maze))):
        res = client.post("/api/maze/file", content=data)
        assert res.status_code == 200, res.text
        body = res.json()
        assert (body["grid"], body["size"], body["format"]) == (maze.grid.name, maze.size, fmt)
        assert body["cells"] == maze.cells.astype(int).tolist() and body["svg"].startswith("<svg")
        assert (body["start_index"], body["goal_index"]) == (maze.start_index, maze.goal_index)
        assert body["form"]["grid"] == maze.grid.name
        assert body["form"].get("wrap") == maze.grid.params.get("wrap")
        assert bool(body["form"].get("weave")) == bool(maze.grid.params.get("weave"))
        solved = client.post("/api/maze/file/solve", params={"solver": "bfs"}, content=data).json()
        ref = solve_on(maze, "bfs")
        assert solved["solution"]["path"] == [list(c) for c in ref.cells] and solved["solution"]["found"]
        assert solved["stage"].startswith("<svg") and len(solved["trace"]["kinds"]) > 0
    picture = client.post("/api/maze/file/picture", params={"format": "png", "solver": "bfs"}, content=data)
    assert picture.status_code == 200 and picture.content[:4] == b"\x89PNG"
    text = client.post("/api/maze/file/picture", params={"format": "json"}, content=data)
    assert text.status_code == 200 and files.loads(text.text) == maze
    said = error_of(client.post("/api/maze/file/picture", params={"format": "ascii"}, content=data), 400)
    assert said.startswith("a text drawing (ascii) is for mazes on the plain square grid") and "JSON" in said


def test_a_grid_file_over_the_page_limit_is_refused_by_its_cells(client):
    maze = generate_on(make_grid("hex", size=(151, 150)), "wilson", seed=1).maze
    said = error_of(client.post("/api/maze/file", content=files.to_bytes(maze)), 400)
    assert said == "the file holds a maze of 22650 cells on the hex grid: the page draws at most 22500"


def test_the_text_downloads_of_a_generated_maze_read_back_as_the_same_maze(client):
    params = {"rows": 5, "cols": 7, "seed": 4, "generator": "backtracker", "braid": 0.5}
    shown = client.get("/api/maze", params=params).json()
    cells = np.array(shown["cells"], dtype=np.uint8).reshape(5, 7)
    drawing = client.get("/api/maze.txt", params={**params, "solver": "bfs"})
    assert drawing.status_code == 200 and drawing.headers["content-type"].startswith("text/plain")
    assert drawing.headers["content-disposition"].endswith('.txt"') and " o " in drawing.text
    for fmt, res in (("ascii", drawing), ("block", client.get("/api/maze.txt", params={**params, "format": "block"})),
                     ("json", client.get("/api/maze.txt", params={**params, "format": "json"}))):
        assert res.status_code == 200, res.text
        back = io.loads(res.text)
        if fmt == "block":  # each wall a square of its own: the picture's floor is every cell and passage
            assert back.shape == (11, 15) and back.start == (2 * shown["start"][0] + 1, 2 * shown["start"][1] + 1)
            continue
        assert (back.cells == cells).all() and list(back.start) == shown["start"] and list(back.goal) == shown["goal"]
    hexagonal = client.get("/api/maze.txt", params={"grid": "hex", "rows": 3, "cols": 4, "seed": 1, "format": "json"})
    assert files.loads(hexagonal.text).grid.name == "hex" and hexagonal.headers["content-disposition"].endswith('.json"')
    said = error_of(client.get("/api/maze.txt", params={"grid": "polar", "rings": 3, "format": "ascii"}), 400)
    assert "polar maze downloads as JSON" in said
    assert "format" in error_of(client.get("/api/maze.txt", params={"format": "png"}), 422)


def test_a_square_file_downloads_as_text_with_the_run_drawn(client):
    maze = generate((4, 6), "backtracker", seed=2).maze.replace(start=(0, 0), goal=(3, 5))
    data = io.dumps(maze, "ascii").encode()
    drawn = client.post("/api/maze/file/picture", params={"format": "ascii", "solver": "bfs"}, content=data)
    assert drawn.status_code == 200 and drawn.headers["content-disposition"] == 'attachment; filename="maze.txt"'
    assert io.loads(drawn.text) == maze and " o " in drawn.text
    assert io.loads(client.post("/api/maze/file/picture", params={"format": "json"}, content=data).text) == maze
    block = client.post("/api/maze/file/picture", params={"format": "block"}, content=data).text
    assert io.loads(block) == io.loads(io.dumps(maze, "block"))


def test_a_number_link_solve_answers_its_solutions_as_text(client):
    from tremaux.numberlink import Linking, Puzzle, to_text

    grid = [[27, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 27]]
    out = client.post("/api/numberlink/solve", json={"rows": 3, "cols": 4, "grid": grid,
                                                     "names": {"27": "R"}}).json()
    assert out["status"] == "solved" and out["unique"] is False and out["second"]
    puzzle = Puzzle.from_rows([["R", None, None, None], [None] * 4, [None, None, None, "R"]])
    for paths, text in ((out["paths"], out["text"]), (out["second"], out["second_text"])):
        assert text == to_text((puzzle, Linking.from_paths(puzzle, [[tuple(c) for c in paths["27"]]]))) + "\n"
    assert out["text"] != out["second_text"]
    assert "R" in out["text"] and "27" not in out["text"]
    none = client.post("/api/numberlink/solve", json={"rows": 2, "cols": 2, "grid": [[1, 2], [2, 1]]}).json()
    assert none["status"] == "no-solution" and none.get("text") is None
