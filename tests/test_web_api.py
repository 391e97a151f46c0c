"""The web page's JSON API, through FastAPI's TestClient (no browser)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from fastapi.testclient import TestClient

from tremaux.generators import GENERATORS
from tremaux.maze import Maze
from tremaux.solvers import SOLVERS
from tremaux.web import create_app
from tremaux.web.workers import JobError, JobTimeout, PoolBusy, WorkerPool

STEP = {1: -1, 2: 1, 4: 1, 8: -1}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, time_limit=120)) as c:
        yield c


def maze_of(body: dict) -> Maze:
    cells = np.array(body["cells"], dtype=np.uint8).reshape(body["rows"], body["cols"])
    return Maze(cells, start=tuple(body["start"]), goal=tuple(body["goal"]))


def naive_distances(maze: Maze, src: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Breadth-first search in plain Python: the obviously-correct reference."""
    h, w = maze.shape
    dist = {src: 0}
    todo = deque([src])
    while todo:
        r, c = todo.popleft()
        v = int(maze.cells[r, c])
        for bit, (dr, dc) in ((1, (-1, 0)), (2, (0, 1)), (4, (1, 0)), (8, (0, -1))):
            nxt = (r + dr, c + dc)
            if v & bit and nxt not in dist:
                dist[nxt] = dist[(r, c)] + 1
                todo.append(nxt)
    return dist


def error_of(res, status: int) -> str:
    assert res.status_code == status, res.text
    body = res.json()
    assert set(body) >= {"error", "kind"}
    assert "\n" not in body["error"]
    return body["error"]


# ---------------------------------------------------------------------- page, schema, registries
def test_page_and_static_files(client):
    res = client.get("/")
    assert res.status_code == 200 and "text/html" in res.headers["content-type"]
    for needle in ('id="maze"', 'id="btn-new"', 'id="btn-solve"', 'id="nl-board"', "/static/app.js"):
        assert needle in res.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    head = client.head("/")  # as a link checker asks
    assert head.status_code == 200 and "text/html" in head.headers["content-type"] and not head.content
    for page in ("/docs", "/redoc"):  # the pages the page links to, as well (they were 405)
        head = client.head(page)
        assert head.status_code == 200 and "text/html" in head.headers["content-type"] and not head.content, page


@pytest.mark.parametrize("path", ["/api/generators", "/api/solvers", "/api/grids", "/api/limits", "/api/palette",
                                  "/api/status", "/api/numberlink/solvers", "/api/maze?rows=4&cols=5&seed=1",
                                  "/api/maze.svg?rows=4&cols=5&seed=1"])
def test_head_answers_as_get_without_a_body(client, path):
    get, head = client.get(path), client.head(path)  # curl -I
    assert get.status_code == 200, get.text
    assert head.status_code == 200, head.status_code
    assert head.headers["content-type"] == get.headers["content-type"] and not head.content
    if "/api/maze" in path:  # a maze carries the milliseconds it took (elapsed_ms): its length varies by a digit
        assert abs(int(head.headers["content-length"]) - int(get.headers["content-length"])) <= 3
    else:
        assert head.headers.get("content-length") == get.headers.get("content-length")


def test_head_stays_out_of_the_schema_and_post_only_paths_refuse_it(client):
    schema = client.get("/openapi.json").json()
    assert all("head" not in ops for ops in schema["paths"].values())
    assert client.head("/api/solve").status_code == 405


def test_openapi_documents_every_endpoint(client):
    schema = client.get("/openapi.json").json()
    for path in ("/api/generators", "/api/solvers", "/api/limits", "/api/maze", "/api/solve", "/api/maze.png",
                 "/api/maze.svg", "/api/palette"):
        assert path in schema["paths"], path
    assert client.get("/docs").status_code == 200


def test_openapi_schemas_keep_the_docstring_summary_without_its_doctests(client):
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["Limits"]["description"].startswith("What the server accepts")
    described = [s["description"] for s in schemas.values() if "description" in s]
    assert len(described) > 5
    assert not [d for d in described if ">>>" in d or "Examples" in d]


def test_registries_are_served_whole(client):
    gens = client.get("/api/generators").json()
    assert [g["name"] for g in gens] == GENERATORS.names()
    assert all(g["doc"] for g in gens)
    assert "perfect" in gens[0]["meta"]
    sols = client.get("/api/solvers").json()
    assert [s["name"] for s in sols] == SOLVERS.names()


def test_limits(client):
    lim = client.get("/api/limits").json()
    assert lim["max_side"] == 150 and lim["nl_max_side"] == 30 and lim["time_limit"] == 120


# ---------------------------------------------------------------------- mazes
def test_default_maze_is_20x20_braided_with_start_and_goal_at_the_diameter(client):
    body = client.get("/api/maze", params={"seed": 11}).json()
    assert body["params"] == {"generator": "backtracker", "rows": 20, "cols": 20, "braid": 0.5, "seed": 11}
    maze = maze_of(body)
    assert maze.shape == (20, 20)
    stats = dict(body["stats"])
    assert int(stats["loops"]) > 0 and stats["perfect"] == "no"
    # start and goal are two most distant cells: compare with all-pairs BFS
    best = max(max(naive_distances(maze, (r, c)).values()) for r in range(20) for c in range(20))
    assert naive_distances(maze, maze.start)[maze.goal] == best
    assert stats["start to goal"] == f"{best} passages"


def test_seed_reproduces_the_maze_and_is_drawn_when_absent(client):
    a = client.get("/api/maze", params={"seed": 5, "rows": 9, "cols": 13}).json()
    b = client.get("/api/maze", params={"seed": 5, "rows": 9, "cols": 13}).json()
    c = client.get("/api/maze", params={"seed": 6, "rows": 9, "cols": 13}).json()
    assert a["cells"] == b["cells"] and a["cells"] != c["cells"]
    d = client.get("/api/maze", params={"rows": 9, "cols": 13}).json()
    assert isinstance(d["params"]["seed"], int)
    again = client.get("/api/maze", params={**d["params"]}).json()
    assert again["cells"] == d["cells"]


def test_braid_share_opens_dead_ends(client):
    p = {"seed": 3, "rows": 15, "cols": 15, "generator": "backtracker"}
    perfect = dict(client.get("/api/maze", params={**p, "braid": 0}).json()["stats"])
    braided = dict(client.get("/api/maze", params={**p, "braid": 1}).json()["stats"])
    assert perfect["perfect"] == "yes" and perfect["loops"] == "0"
    assert int(braided["dead ends"].split()[0]) < int(perfect["dead ends"].split()[0]) and int(braided["loops"]) > 0


@pytest.mark.parametrize("name", GENERATORS.names())
def test_every_generator_is_served(client, name):
    res = client.get("/api/maze", params={"generator": name, "rows": 6, "cols": 7, "seed": 1, "braid": 0})
    assert res.status_code == 200, res.text
    maze = maze_of(res.json())
    assert maze.shape == (6, 7)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"rows": 0}, "rows"),
        ({"rows": 151}, "rows"),
        ({"cols": 0}, "cols"),
        ({"braid": 1.5}, "braid"),
        ({"braid": -0.1}, "braid"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**60}, "seed"),
        ({"rows": "ten"}, "rows"),
        ({"colour": "red"}, "colour"),
        # below the least the library takes (tremaux.grids.checks.LEAST): a grid of one cell is served
        ({"grid": "polar", "rings": 0}, "rings"),
        ({"grid": "triangle", "shape": "triangle", "side": 0}, "side"),
        ({"grid": "hex", "shape": "hexagon", "radius": -1}, "radius"),
    ],
)
def test_bad_maze_parameters_are_422_naming_the_field(client, params, field):
    message = error_of(client.get("/api/maze", params=params), 422)
    assert message.startswith(field + ":")


@pytest.mark.parametrize(
    ("params", "cells"),
    [
        ({"rows": 1, "cols": 5}, 5),  # was: "rows: must be at least 2 (got 1)", where generate((1, 5)) works
        ({"rows": 5, "cols": 1}, 5),
        ({"rows": 1, "cols": 1}, 1),
        ({"grid": "polar", "rings": 1}, 1),
        ({"grid": "triangle", "shape": "triangle", "side": 1}, 1),
        ({"grid": "hex", "shape": "hexagon", "radius": 0}, 1),  # was: "needs a radius" (0 taken for left out)
    ],
)
def test_the_web_serves_the_least_sizes_the_library_takes(client, params, cells):
    from tremaux.grids import generate_on, make_grid
    from tremaux.web.grids import grid_kwargs

    body = client.get("/api/maze", params={**params, "seed": 2}).json()
    assert body.get("cells") is not None and len(body["cells"]) == cells, body
    name, kwargs = grid_kwargs({"grid": "square", "rows": 20, "cols": 20, **params})
    assert generate_on(make_grid(name, **kwargs), seed=2).maze.size == cells
    res = client.post("/api/solve", json={"maze": {**params, "seed": 2}, "solver": "bfs"})
    assert res.status_code == 200, res.text


def test_the_size_bounds_of_the_web_are_the_librarys():
    from tremaux.grids.checks import LEAST
    from tremaux.web.models import MazeParams

    fields = MazeParams.model_json_schema()["properties"]

    def least(name):
        spec = fields[name]
        return spec.get("minimum", next((x["minimum"] for x in spec.get("anyOf", []) if "minimum" in x), None))

    assert {k: least(k) for k in ("rows", "cols", "rings", "side", "radius")} == {
        "rows": LEAST["size"], "cols": LEAST["size"], "rings": LEAST["rings"], "side": LEAST["side"],
        "radius": LEAST["radius"]}


def test_unknown_algorithms_are_400_listing_the_valid_names(client):
    message = error_of(client.get("/api/maze", params={"generator": "zigzag"}), 400)
    assert "'zigzag'" in message and "backtracker" in message
    for name in ("zigzag", ""):  # an empty grid name is no name either (as an empty generator, shape or wrap)
        message = error_of(client.get("/api/maze", params={"grid": name}), 400)
        assert f"unknown grid '{name}'" in message and "square" in message
    res = client.post("/api/solve", json={"maze": {"seed": 1}, "solver": "teleport"})
    message = error_of(res, 400)
    assert "'teleport'" in message and "tremaux" in message


# ---------------------------------------------------------------------- solving
def check_walk(maze: Maze, path: list[list[int]]) -> None:
    assert tuple(path[0]) == maze.start and tuple(path[-1]) == maze.goal
    for (r, c), (r2, c2) in zip(path, path[1:]):
        d = {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}[(r2 - r, c2 - c)]
        assert maze.cells[r, c] & d, f"no passage from {(r, c)} to {(r2, c2)}"


def test_tremaux_solve_with_trace(client):
    params = {"seed": 21, "rows": 12, "cols": 12, "braid": 0.5, "generator": "backtracker"}
    maze = maze_of(client.get("/api/maze", params=params).json())
    body = client.post("/api/solve", json={"maze": params, "solver": "tremaux"}).json()
    sol = body["solution"]
    assert sol["found"] and sol["algorithm"] == "tremaux"
    check_walk(maze, sol["path"])
    tr = body["trace"]
    assert len(tr["kinds"]) == len(tr["cells"]) == len(tr["others"]) == tr["total"] > 0
    assert not tr["truncated"]
    assert tr["names"][str(10)] == "visit"
    n = maze.size
    assert all(0 <= i < n for i in tr["cells"]) and all(-1 <= i < n for i in tr["others"])
    assert dict(body["stats"])["solver"] == "tremaux"


@pytest.mark.parametrize("name", SOLVERS.names())
def test_every_solver_is_served(client, name):
    params = {"seed": 4, "rows": 8, "cols": 8, "braid": 0.5}
    res = client.post("/api/solve", json={"maze": params, "solver": name})
    assert res.status_code == 200, res.text
    sol = res.json()["solution"]
    if sol["found"]:
        check_walk(maze_of(client.get("/api/maze", params=params).json()), sol["path"])
    else:
        assert sol["message"]


def test_solve_draws_a_seed_like_get_maze_and_needs_a_well_formed_body(client):
    res = client.post("/api/solve", json={"maze": {"rows": 5, "cols": 6}})
    assert res.status_code == 200, res.text
    params = res.json()["params"]
    assert isinstance(params["seed"], int) and params["rows"] == 5 and params["cols"] == 6
    # the seed returned gives the same maze through GET /api/maze, and the path walks it
    check_walk(maze_of(client.get("/api/maze", params=params).json()), res.json()["solution"]["path"])
    error_of(client.post("/api/solve", content=b"{not json", headers={"content-type": "application/json"}), 422)
    error_of(client.post("/api/solve", json={"maze": {"seed": 1, "rows": 500}}), 422)


@pytest.mark.parametrize(
    ("content", "content_type", "says"),
    [
        (b"", "application/json", "the request body is missing"),
        (b'{"maze": {"rows": 5,}}', "application/json", "not valid JSON: Expecting property name"),
        (b'{"maze": {}}', "text/plain", "Content-Type: application/json (the Content-Type was text/plain)"),
        (b'{"maze": {}}', None, "(the Content-Type was none)"),
        (b"[1, 2]", "application/json", "must be a JSON object, not an array"),
        (b"null", "application/json", "must be a JSON object, not null"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_named_plainly(client, content, content_type, says):
    headers = {"content-type": content_type} if content_type else {}
    for path in ("/api/solve", "/api/numberlink/parse"):
        assert says in error_of(client.post(path, content=content, headers=headers), 422)


# ---------------------------------------------------------------------- pictures
def test_pictures_download(client):
    svg = client.get("/api/maze.svg", params={"seed": 2, "rows": 6, "cols": 6})
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in svg.text[:300]
    assert 'filename="maze-backtracker-6x6-2.svg"' in svg.headers["content-disposition"]
    png = client.get("/api/maze.png", params={"seed": 2, "rows": 6, "cols": 6, "solver": "bfs"})
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    plain = client.get("/api/maze.png", params={"seed": 2, "rows": 6, "cols": 6})
    assert plain.content != png.content  # the path is drawn
    error_of(client.get("/api/maze.png", params={"seed": 2, "solver": "nope"}), 400)


# ---------------------------------------------------------------------- limits and safety
def test_time_limit_cuts_work_off_with_a_message():
    with TestClient(create_app(workers=1, time_limit=0.001)) as c:
        res = c.get("/api/maze", params={"rows": 150, "cols": 150, "seed": 1})
        message = error_of(res, 408)
        assert "time limit" in message
        res = c.post("/api/numberlink/random", json={"rows": 30, "cols": 30, "seed": 1})
        assert "time limit" in error_of(res, 408)
        assert c.get("/api/limits").status_code == 200  # the server still answers


def test_worker_pool_replaces_a_worker_that_ran_too_long():
    with WorkerPool(1) as pool:
        with pytest.raises(JobTimeout):  # a job that surely runs past its limit (a maze could finish in the
            pool.run("sleep", {"seconds": 30}, timeout=0.2)  # moment a loaded machine took to start waiting)
        out = pool.run("maze", {"generator": "backtracker", "rows": 5, "cols": 5, "braid": 0.5, "seed": 1},
                       timeout=120)
        assert len(out["cells"]) == 25
        with pytest.raises(JobError) as info:
            pool.run("maze", {"generator": "nope", "rows": 5, "cols": 5, "braid": 0.5, "seed": 1}, timeout=120)
        assert info.value.tremaux and info.value.kind == "UnknownNameError"


def test_worker_pool_says_busy_when_no_worker_frees_up():
    with WorkerPool(1) as pool:
        assert pool.run("echo", 1, timeout=120) == 1
        taken = pool._idle.get()  # the only worker is busy elsewhere
        with pytest.raises(PoolBusy):
            pool.run("echo", 2, timeout=120, wait=0.2)
        pool._idle.put(taken)
        assert pool.run("echo", 3, timeout=120) == 3


def test_worker_pool_survives_a_dead_worker():
    with WorkerPool(1) as pool:
        assert pool.run("echo", {"x": 1}, timeout=120) == {"x": 1}
        pool._all[0].proc.kill()  # a worker that died (a crash in a kernel, the OOM killer...)
        pool._all[0].proc.join(10)
        with pytest.raises(JobError) as info:
            pool.run("echo", {"x": 2}, timeout=120)
        assert info.value.kind == "WorkerCrash" and not info.value.tremaux
        assert pool.run("echo", {"x": 3}, timeout=120) == {"x": 3}


def test_no_file_is_read_from_request_input(client):
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/static/%2e%2e/%2e%2e/pyproject.toml").status_code == 404


# ---------------------------------------------------------------------- strict values
@pytest.mark.parametrize(
    ("params", "says"),
    [
        ({"rows": "5.0"}, "rows: must be a whole number, such as 20 (got 5.0)"),
        ({"rows": " 5"}, 'rows: must be a whole number, such as 20 (got " 5")'),
        ({"rows": "1_0"}, "rows: must be a whole number"),
        ({"rows": "0x10"}, "rows: must be a whole number"),
        ({"rows": "1e1"}, "rows: must be a whole number"),
        ({"seed": "1.0"}, "seed: must be a whole number"),
        ({"seed": ""}, 'seed: must be a whole number, such as 20 (got "")'),
        ({"weave": "yes"}, "weave: must be true or false (got yes)"),
        ({"weave": "1"}, "weave: must be true or false (got 1)"),
        ({"weave": "on"}, "weave: must be true or false"),
        ({"braid": "nan"}, "braid: must be a number, such as 0.5 (got nan)"),
        ({"braid": "inf"}, "braid: must be a number"),
        ({"braid": "1e999"}, "braid: must be a number"),
        ({"braid": "half"}, "braid: must be a number"),
    ],
)
def test_query_values_are_read_strictly(client, params, says):
    for path in ("/api/maze", "/api/maze.svg"):
        assert error_of(client.get(path, params={"seed": 1, **params}), 422).startswith(says)


def test_query_values_the_page_sends_are_read(client):
    params = {"rows": "+6", "cols": "7", "braid": ".25", "seed": "3", "weave": "false"}
    body = client.get("/api/maze", params=params).json()
    assert (body["rows"], body["cols"], body["params"]["braid"], body["params"]["seed"]) == (6, 7, 0.25, 3)
    assert client.get("/api/maze.svg", params={"rows": 4, "cols": 4, "braid": "1", "cell": "8"}).status_code == 200


def test_a_query_parameter_given_twice_is_refused(client):
    for path in ("/api/maze", "/api/maze.png"):
        res = client.get(path + "?rows=5&cols=5&rows=6")
        assert error_of(res, 422) == "rows: given 2 times in the query string; give each parameter once"


def test_parameters_in_the_address_of_a_request_with_a_json_body_are_refused(client):
    """They were dropped without a word: ``POST /api/numberlink/random?rows=20&cols=20`` made an 8 x 8 puzzle."""
    says = "{}: this request takes its parameters in the JSON body, not in the address"
    for path, body in (("/api/numberlink/random?rows=20&cols=20", {}), ("/api/solve?solver=bfs", {"maze": {"rows": 5}}),
                       ("/api/numberlink/parse?text=1.1", {"text": "1.1\n2.2"})):
        assert error_of(client.post(path, json=body), 422) == says.format(path.split("?")[1].split("=")[0])
    assert error_of(client.post("/api/numberlink/random?=3", json={}), 422) == says.format("a parameter without a name")
    assert client.post("/api/numberlink/random?", json={"rows": 4, "cols": 4}).json()["rows"] == 4


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"maze": {"rows": 5.0}}, "maze.rows: must be a whole number, such as 20 (got 5.0)"),
        ({"maze": {"rows": "5"}}, 'maze.rows: must be a whole number, such as 20 (got "5")'),
        ({"maze": {"seed": True}}, "maze.seed: must be a whole number, such as 20 (got true)"),
        ({"maze": {"braid": "0.5"}}, 'maze.braid: must be a number, such as 0.5 (got "0.5")'),
        ({"maze": {"weave": "yes"}}, 'maze.weave: must be true or false (got "yes")'),
        ({"maze": {"weave": 1}}, "maze.weave: must be true or false (got 1)"),
        ({"record": "yes"}, 'record: must be true or false (got "yes")'),
        ({"solver": 7}, "solver: must be a string (got 7)"),
        ({"colour": "red"}, "colour: unknown parameter; this request does not take it"),
        ({"seed": 2.5}, "seed: must be a whole number, such as 20 (got 2.5)"),
        ({"maze": [1]}, "maze: must be a JSON object (got [1])"),
    ],
)
def test_json_values_are_read_strictly(client, body, says):
    assert error_of(client.post("/api/solve", json=body), 422).startswith(says)


def test_json_non_finite_numbers_are_refused(client):
    for text in (b'{"maze": {"braid": NaN}}', b'{"maze": {"braid": Infinity}}'):
        res = client.post("/api/solve", content=text, headers={"content-type": "application/json"})
        assert error_of(res, 422).startswith("maze.braid: must be a finite number")
    res = client.post("/api/solve", json={"maze": {"rows": 5, "cols": 5, "braid": 1, "seed": 1}})
    assert res.status_code == 200 and res.json()["params"]["braid"] == 1.0  # a JSON 1 is a number


def test_a_json_field_given_twice_is_refused(client):
    for path, text in (("/api/solve", b'{"maze": {"rows": 5, "rows": 6}}'),
                       ("/api/numberlink/parse", b'{"text": "1.1", "text": "2.2"}')):
        res = client.post(path, content=text, headers={"content-type": "application/json"})
        assert error_of(res, 422).startswith(text.split(b'"')[-4].decode() + ": given twice in one JSON object")


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"solver": "trémaux"}'.encode("latin-1"), "the request body is not valid JSON: it is not UTF-8 text (byte 14)"),
        (b'{"solver": "\\ud800"}', "solver: must be text in valid Unicode"),
        (b'{"maze": {"generator": "\\udfff\\ud800"}}', "maze.generator: must be text in valid Unicode"),
        (b'{"\\ud800": 1}', "the request body holds a name that is not valid Unicode"),
    ],
)
def test_bodies_that_are_not_text_are_named_in_a_json_answer(client, content, says):
    # a lone surrogate (valid JSON, not valid Unicode) is quoted back escaped, never a crash of the answer
    res = client.post("/api/solve", content=content, headers={"content-type": "application/json"})
    assert res.headers["content-type"] == "application/json"
    assert error_of(res, 422).startswith(says)


@pytest.mark.parametrize(
    ("params", "says"),
    [
        ({"rows": 0}, "rows: must be at least 1 (got 0)"),
        ({"cols": 151}, "cols: must be at most 150 (got 151)"),
        ({"rows": "9" * 60}, "rows: must be at most 150"),  # too long to quote back
        ({"seed": "-" + "9" * 3000}, "seed: must be at least 0"),
        ({"braid": -0.5}, "braid: must be at least 0.0 (got -0.5)"),
        ({"generator": "x" * 65}, "generator: must be at most 64 characters long"),
    ],
)
def test_a_value_out_of_bounds_is_told_its_bound(client, params, says):
    assert error_of(client.get("/api/maze", params=params), 422) == says


def test_an_error_over_several_lines_is_answered_in_its_first(client, monkeypatch):
    sched = client.app.state.scheduler

    async def crash(job, payload, who):
        raise JobError("ValueError", "ValueError: operands could not be broadcast\n  shapes (3,) (4,)", False)

    monkeypatch.setattr(sched, "run", crash)
    res = client.get("/api/maze", params={"rows": 4, "cols": 4, "seed": 1})
    assert error_of(res, 500) == "ValueError: operands could not be broadcast"


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'{"seed": ' + b"9" * 5000 + b"}", "the request body is not valid JSON for this server: a number in it has "
                                          "thousands of digits"),
        (b'{"solver": "a\x01b"}', "the request body is not valid JSON: Invalid control character (at character 13)"),
    ],
)
def test_json_python_cannot_read_is_named(client, content, says):
    res = client.post("/api/solve", content=content, headers={"content-type": "application/json"})
    assert error_of(res, 422) == says


def test_each_solver_lists_its_options_and_the_seed_goes_only_to_those_that_take_it(client):
    solvers = client.get("/api/solvers").json()
    takes = {e["name"]: e["options"] for e in solvers}
    assert "seed" in takes["tremaux"] and takes["bfs"] == []
    for name, options in takes.items():
        res = client.post("/api/solve", json={"maze": {"rows": 4, "cols": 4, "seed": 1}, "solver": name,
                                              "seed": 3, "record": False})
        assert (res.status_code == 200) == ("seed" in options), (name, res.text)


def test_a_picture_draws_the_travelers_random_choices_given_as_walk(client):
    # the page's downloads after a run with the traveler's random choice drew the run in the fixed order
    maze = {"rows": 12, "cols": 12, "braid": 0.5, "seed": 4, "solver": "tremaux"}
    fixed = client.get("/api/maze.svg", params=maze).text
    walks = {w: client.get("/api/maze.svg", params={**maze, "walk": w}).text for w in (5, 6, 7)}
    assert all(svg.startswith("<svg") for svg in walks.values())
    assert any(svg != fixed for svg in walks.values()), "no walk changed the picture"
    assert client.get("/api/maze.svg", params={**maze, "walk": 5}).text == walks[5]
    # on another grid too the picture and the solve draw the same random walk (the solve's path, the picture's)
    hexagonal = {"grid": "hex", "rows": 6, "cols": 6, "braid": 1.0, "seed": 4}
    fixed = client.get("/api/maze.svg", params={**hexagonal, "solver": "tremaux"}).text
    walks = {w: client.get("/api/maze.svg", params={**hexagonal, "solver": "tremaux", "walk": w}).text
             for w in (5, 6, 7)}
    assert all(svg.startswith("<svg") for svg in walks.values())
    assert any(svg != fixed for svg in walks.values()), "no walk changed the hex picture"
    assert client.get("/api/maze.svg", params={**hexagonal, "solver": "tremaux", "walk": 5}).text == walks[5]
    paths = [client.post("/api/solve", json={"maze": hexagonal, "solver": "tremaux", "seed": 5}).json()
             for _ in range(2)]
    assert paths[0]["solution"]["found"] and paths[0]["solution"]["path"] == paths[1]["solution"]["path"]
    res = client.get("/api/maze.svg", params={"rows": 5, "cols": 5, "walk": 5})
    assert res.status_code == 422 and "walk" in res.json()["error"] and "solver" in res.json()["error"]
    res = client.get("/api/maze.svg", params={**maze, "solver": "bfs", "walk": 5})
    assert res.status_code == 400 and "seed" in res.json()["error"]
    # named as the parameter given: walk (the solver's own message named its option seed, not in the query)
    assert res.json()["error"] == "walk: the bfs solver makes no random choice (it takes no seed); leave walk out"


def test_a_request_with_many_or_long_unknown_names_gets_a_short_answer(client):
    # 500 unknown parameters were 500 entries of detail; a field named by 100,000 characters was said twice whole
    many = client.get("/api/maze?" + "&".join(f"x{i}=1" for i in range(500)))
    body = many.json()
    assert many.status_code == 422 and body["kind"] == "ValidationError"
    assert body["error"].startswith("x0: unknown parameter") and body["error"].endswith("; and 497 more problems")
    assert 0 < len(body["detail"]) <= 20 and len(many.content) < 4000
    long = client.post("/api/solve", json={"maze": {"rows": 5}, "x" * 100_000: 1})
    body = long.json()
    assert long.status_code == 422 and body["error"] == "x" * 40 + "…: unknown parameter; this request does not take it"
    assert len(long.content) < 1000
    many_json = client.post("/api/solve", json={f"f{i}": i for i in range(1000)})
    assert many_json.status_code == 422 and len(many_json.content) < 4000
    assert many_json.json()["error"].endswith("; and 997 more problems")


def test_a_puzzle_grid_of_the_wrong_shape_is_said_in_words(client):
    # "grid has 1 rows, not 2"
    res = client.post("/api/numberlink/format", json={"rows": 2, "cols": 2, "grid": [[1, 1]]})
    assert res.status_code == 422 and res.json()["error"].startswith("grid has 1 row, not 2"), res.text
    res = client.post("/api/numberlink/format", json={"rows": 2, "cols": 2, "grid": [[1, 1], [0]]})
    assert res.status_code == 422 and res.json()["error"].startswith("grid row 2 has 1 cell, not 2"), res.text
    res = client.post("/api/numberlink/format", json={"rows": 2, "cols": 2, "grid": [[1, 1], [0, 0], [0, 0]]})
    assert res.json()["error"].startswith("grid has 3 rows, not 2"), res.text


def test_a_woven_maze_without_a_braid_share_takes_none(client):
    # the braid share's default 0.5 made every woven request without braid=0 fail ("braid is not available")
    r = client.get("/api/maze", params={"weave": "true", "generator": "kruskal", "rows": 5, "cols": 5, "seed": 2})
    assert r.status_code == 200 and r.json()["params"]["braid"] == 0.0
    square = client.get("/api/maze", params={"rows": 5, "cols": 5, "seed": 2}).json()
    assert square["params"]["braid"] == 0.5  # other grids keep the default share
    asked = client.get("/api/maze", params={"weave": "true", "generator": "kruskal", "rows": 5, "cols": 5,
                                            "seed": 2, "braid": 0.5})
    assert asked.status_code == 400 and "braid is not available on woven grids" in asked.json()["error"]


def test_a_parameter_without_a_name_is_said_to_have_none(client):
    r = client.get("/api/maze?=5")
    assert r.status_code == 422 and r.json()["error"].startswith("a parameter without a name")


def test_parameters_given_to_a_request_that_takes_none_are_refused(client):
    """``GET /api/generators?grid=polar`` listed every generator, as if filtered for the polar grid."""
    for path in ("/api/limits", "/api/generators", "/api/solvers", "/api/grids", "/api/palette",
                 "/api/numberlink/solvers", "/api/status"):
        assert error_of(client.get(path + "?grid=polar"), 422) == "grid: unknown parameter; this request takes none"
        assert client.get(path).status_code == 200
