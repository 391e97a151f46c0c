"""A visitor's maze file on the API (``POST /api/maze/file`` and its solve), on every grid, the page's scripts as
modules, answers compressed for a client that accepts gzip, and the text downloads of a maze and of a Number Link
solution."""

from __future__ import annotations

import gzip
import json
import re

import numpy as np
import pytest
from fastapi.testclient import TestClient

from tremaux import generate, io, solve
from tremaux.grids import files, generate_on, make_grid, solve_on
from tremaux.io import dumps
from tremaux.maze import Maze
from tremaux.web import create_app
from tremaux.web.app import _STATIC

MAZE = generate((6, 7), "backtracker", seed=3).maze.replace(start=(0, 0), goal=(5, 6))


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


@pytest.mark.parametrize("fmt", ["ascii", "block", "json", "npz", "png"])
def test_a_maze_file_in_each_format_is_read_as_the_command_line_reads_it(client, fmt):
    res = client.post("/api/maze/file", content=dumps(MAZE, fmt))
    assert res.status_code == 200, res.text
    body = res.json()
    expected = {"block": "block", "ascii": "ascii", "json": "json", "npz": "npz", "png": "png"}[fmt]
    assert body["format"] == expected
    if fmt == "block":  # each wall a square of its own: the maze is the picture's open squares
        assert (body["rows"], body["cols"]) == (13, 15) and body["mask"] is not None
        return
    cells = np.array(body["cells"], dtype=np.uint8).reshape(body["rows"], body["cols"])
    assert Maze(cells, start=tuple(body["start"]), goal=tuple(body["goal"])) == MAZE
    assert body["mask"] is None and dict(body["stats"])["cells"] == "42"


def test_a_file_maze_is_solved_from_its_bytes_with_the_trace(client):
    data = dumps(MAZE, "ascii").encode()
    res = client.post("/api/maze/file/solve", params={"solver": "tremaux", "seed": 5}, content=data)
    assert res.status_code == 200, res.text
    body = res.json()
    ref = solve(MAZE, "tremaux", seed=5)
    assert body["solution"]["path"] == [list(c) for c in ref.path] and body["solution"]["found"]
    assert body["trace"]["total"] == len(body["trace"]["kinds"]) > 0
    assert client.post("/api/maze/file/solve", content=data).json()["solution"]["algorithm"] == "tremaux"


@pytest.mark.parametrize("data, part", [
    (b"", "the file is empty"),
    (b" \n\t\n", "the file is empty"),
    (bytes(range(256)) * 4, "not UTF-8 text"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "the file"),
    (b"hello world", "unknown character 'h'"),
])
def test_a_bad_file_is_a_one_line_400(client, data, part):
    assert part in error_of(client.post("/api/maze/file", content=data), 400)
    assert part in error_of(client.post("/api/maze/file/solve", content=data), 400)


def test_a_file_over_the_body_cap_is_413_and_a_maze_over_the_page_side_400(client):
    assert "larger than the 65536 bytes" in error_of(client.post("/api/maze/file", content=b"E." * 40_000), 413)
    wide = dumps(Maze.open((2, 151), start=(0, 0), goal=(1, 150)), "npz")
    assert "2 × 151 cells: the page takes at most 150 × 150" in error_of(client.post("/api/maze/file", content=wide), 400)
    # levels: cells in all, as many as the largest square the page draws
    levels = dumps(Maze.open((2, 120, 120), start=(0, 0, 0), goal=(1, 2, 2)), "npz")
    assert "2 levels of 120 × 120, 28800 cells: the page takes at most 22500" in error_of(
        client.post("/api/maze/file", content=levels), 400)


def test_the_solve_of_a_file_refuses_bad_options_in_one_line(client):
    data = dumps(MAZE, "ascii").encode()
    post = lambda query: client.post("/api/maze/file/solve?" + query, content=data)  # noqa: E731
    assert "unknown solver 'nope'" in error_of(post("solver=nope"), 400)
    assert "the bfs solver makes no random choice" in error_of(post("solver=bfs&seed=1"), 400)
    assert "seed: must be a whole number" in error_of(post("seed=-1"), 422)
    assert "rows: not a parameter" in error_of(post("rows=3"), 422)
    assert "solver" in error_of(post("solver=bfs&solver=dfs"), 422)  # which of the two was meant?
    assert error_of(client.post("/api/maze/file?x=1", content=data), 422)


def test_a_large_picture_goes_to_the_heavy_lane_at_once_and_a_text_maze_to_the_quick_one():
    import io

    from PIL import Image

    from tremaux.web.costs import QUICK_MS, estimate

    big = io.BytesIO()
    Image.new("1", (3000, 3000), 1).save(big, "PNG")  # 2 s of reading: not for the quick lane's 2 s limit
    for job in ("maze_file", "maze_file_solve"):
        assert estimate(job, {"data": big.getvalue(), "max_side": 150}) > QUICK_MS
        assert estimate(job, {"data": dumps(MAZE, "png"), "max_side": 150}) < QUICK_MS
        big_text = dumps(Maze.open((150, 150), start=(0, 0), goal=(149, 149)), "ascii").encode()
        assert estimate(job, {"data": big_text, "max_side": 150}) < QUICK_MS
        assert estimate(job, {"data": b"\x89PNG\r\n\x1a\n" + b"junk", "max_side": 150}) < QUICK_MS


# ---------------------------------------------------------------------- the page's scripts
def _modules() -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in _STATIC.iterdir() if p.name.endswith(".js")}


def test_the_page_loads_its_script_as_a_module_whose_imports_all_are_served_as_javascript(client):
    page = client.get("/").text
    assert '<script type="module" src="/static/app.js"></script>' in page
    modules = _modules()
    seen, todo = set(), ["app.js"]
    while todo:  # every module the page reaches from app.js, by its imports
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        res = client.get("/static/" + name)
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/javascript"), name
        todo += re.findall(r'^import \{[^}]*\} from "\./([\w-]+\.js)";$', res.text, re.M)
    assert seen == set(modules), set(modules) - seen  # and none is left over
    assert all(len(text.splitlines()) <= 500 for text in modules.values())


def test_the_package_ships_every_module_of_the_page():
    import tomllib
    from fnmatch import fnmatch
    from pathlib import Path

    data = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["tremaux"]
    for name in _modules():
        assert any(fnmatch(f"web/static/{name}", g) for g in globs), name


# ---------------------------------------------------------------------- gzip
def test_answers_are_gzipped_for_a_client_that_accepts_it(client):
    body = {"maze": {"rows": 60, "cols": 60, "seed": 1}, "solver": "tremaux"}
    plain = client.post("/api/solve", json=body, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    packed = client.post("/api/solve", json=body, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and "accept-encoding" in packed.headers["vary"].lower()
    assert {**packed.json(), "elapsed_ms": 0} == {**plain.json(), "elapsed_ms": 0}
    raw = int(packed.headers["content-length"])
    assert raw < len(plain.content) / 3  # the trace's numbers compress well
    tiny = client.get("/api/limits", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in tiny.headers  # a few bytes: not worth it


def test_a_gzipped_answer_is_plain_gzip_any_client_reads():
    import http.client
    import threading

    import uvicorn

    config = uvicorn.Config(create_app(workers=1), host="127.0.0.1", port=0, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            thread.join(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/static/maze-draw.js", headers={"Accept-Encoding": "gzip"})
        res = conn.getresponse()
        raw = res.read()
        assert res.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(raw).decode() == (_STATIC / "maze-draw.js").read_text("utf-8")
        conn.request("GET", "/api/grids", headers={"Accept-Encoding": "gzip"})
        res = conn.getresponse()
        assert json.loads(gzip.decompress(res.read()))  # JSON too
    finally:
        server.should_exit = True
        thread.join(30)


def test_a_file_maze_is_drawn_for_download_as_the_generated_mazes_are(client):
    """The page's PNG and SVG downloads of a maze opened from a file: rendered from the file's bytes."""
    from tremaux import render

    data = dumps(MAZE, "ascii").encode()
    res = client.post("/api/maze/file/picture", params={"format": "svg", "solver": "bfs"}, content=data)
    assert res.status_code == 200, res.text
    assert res.headers["content-type"].startswith("image/svg+xml")
    assert "attachment" in res.headers["content-disposition"]
    assert res.text == render.to_svg(solve(MAZE, "bfs"), cell_size=16)
    png = client.post("/api/maze/file/picture", content=data)
    assert png.headers["content-type"] == "image/png" and png.content == render.to_png(MAZE, cell_size=16)
    assert "png or svg" in error_of(client.post("/api/maze/file/picture", params={"format": "gif"}, content=data), 422)
    assert "needs a solver" in error_of(client.post("/api/maze/file/picture", params={"seed": 1}, content=data), 422)
    assert "takes no seed" in error_of(client.post("/api/maze/file/picture", params={"solver": "bfs", "seed": 1},
                                                   content=data), 400)
    assert "is empty" in error_of(client.post("/api/maze/file/picture", content=b" "), 400)


def test_a_number_link_puzzle_pasted_as_a_maze_is_named_so(client):
    """Number Link text in the maze's box was refused for its first digit ('unknown character'), which says
    nothing of where it belongs."""
    said = error_of(client.post("/api/maze/file", content=b"1.2..\n..3.4\n.....\n.3...\n2.4.1\n"), 400)
    assert said == "the file holds a Number Link puzzle (5 × 5), not a maze: paste it on the Number Link board"
    assert "unknown character" in error_of(client.post("/api/maze/file", content=b"this is no maze"), 400)


def test_a_maze_file_on_another_grid_is_named_by_its_grid(client):
    """A hex maze's file was refused with a Python function's name (tremaux.grids.files.load): no use on the page.
    Such a file now opens (the test of every grid below); a broken one is refused in one line that names no
    Python function."""

    hexagonal = generate_on(make_grid("hex", shape="hexagon", radius=2), "backtracker", seed=1).maze
    body = client.post("/api/maze/file", content=files.dumps(hexagonal).encode()).json()
    assert body["grid"] == "hex" and body["size"] == hexagonal.size
    broken = files.dumps(hexagonal).replace('"cells": "', '"cells": "zz')
    said = error_of(client.post("/api/maze/file", content=broken.encode()), 400)
    assert said.startswith("the file: 'cells' must be") and "tremaux.grids" not in said


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
