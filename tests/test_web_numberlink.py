"""The Number Link part of the web API, through FastAPI's TestClient."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tremaux.numberlink.formats import loads
from tremaux.numberlink import NL_SOLVERS
from tremaux.web import create_app

# a 4 x 4 puzzle with exactly one solution that fills the board
PROPER = [[0, 0, 0, 0], [3, 2, 0, 0], [1, 1, 0, 0], [0, 0, 2, 3]]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, time_limit=120)) as c:
        yield c


def solve(client, grid, **extra):
    body = {"rows": len(grid), "cols": len(grid[0]), "grid": grid, **extra}
    return client.post("/api/numberlink/solve", json=body)


def check_lines(grid, paths):
    """Each path joins its number's two cells through free, adjacent, unshared cells."""
    seen = set()
    for num, cells in paths.items():
        cells = [tuple(c) for c in cells]
        ends = {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == int(num)}
        assert {cells[0], cells[-1]} == ends
        for (r, c), (r2, c2) in zip(cells, cells[1:]):
            assert abs(r - r2) + abs(c - c2) == 1
        for cell in cells[1:-1]:
            assert grid[cell[0]][cell[1]] == 0
        assert not seen & set(cells)
        seen |= set(cells)
    return seen


def test_solvers_are_served_and_documented(client):
    nls = client.get("/api/numberlink/solvers").json()
    assert [s["name"] for s in nls] == NL_SOLVERS.names()
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/numberlink/solvers", "/api/numberlink/solve", "/api/numberlink/parse",
                 "/api/numberlink/format", "/api/numberlink/random"):
        assert path in paths


@pytest.mark.parametrize("solver", [None, *NL_SOLVERS.names()])
def test_a_proper_puzzle_is_solved_and_unique(client, solver):
    res = solve(client, PROPER, solver=solver)
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["status"] == "solved" and body["unique"] is True and body["second"] is None
    covered = check_lines(PROPER, body["paths"])
    assert len(covered) == 16
    assert "unique" in body["message"]


def test_labels_keep_their_numbers(client):
    grid = [[12, 0, 12], [40, 0, 40]]
    body = solve(client, grid).json()
    assert body["status"] == "solved" and sorted(body["paths"]) == ["12", "40"]
    check_lines(grid, body["paths"])


def test_a_second_solution_is_shown_when_not_unique(client):
    grid = [[1, 0, 0], [0, 0, 0], [0, 0, 1]]
    body = solve(client, grid).json()
    assert body["status"] == "solved" and body["unique"] is False
    assert body["second"] and body["second"] != body["paths"]
    assert len(check_lines(grid, body["second"])) == 9


@pytest.mark.parametrize("grid", [[[1, 0, 0], [0, 0, 0], [0, 0, 2]], [[12, 0, 0], [0, 0, 0], [0, 0, 3]],
                                  [[5, 5, 5], [0, 0, 0], [0, 0, 0]]])
def test_an_unfinished_board_is_saved_with_a_note_and_loads_back(client, grid):
    body = {"rows": 3, "cols": 3, "grid": grid}
    res = client.post("/api/numberlink/format", json=body)  # a puzzle being written: saving it is normal
    assert res.status_code == 200, res.text
    saved = res.json()
    assert saved["note"].startswith("saved unfinished: number ") and "\n" not in saved["note"]
    assert client.post("/api/numberlink/parse", json={"text": saved["text"]}).json() == body
    # a finished board has no note
    assert "note" not in client.post("/api/numberlink/format", json={"rows": 2, "cols": 3,
                                                                     "grid": [[1, 0, 1], [2, 0, 2]]}).json()


def test_a_flow_free_puzzle_keeps_its_letters_through_load_and_save(client):
    text = "R..B\n....\nR..B\n"
    body = client.post("/api/numberlink/parse", json={"text": text}).json()
    assert body["names"] == {"27": "R", "11": "B"} and body["grid"][0] == [27, 0, 0, 11]
    assert client.post("/api/numberlink/format", json=body).json()["text"] == text
    # the solution's paths are named by the board's numbers
    assert set(client.post("/api/numberlink/solve", json=body).json()["paths"]) == {"27", "11"}
    bad = client.post("/api/numberlink/format", json={**body, "names": {"27": "a label"}})
    assert bad.status_code == 422 and "names" in bad.json()["error"]


def test_improper_puzzles_get_clear_messages(client):
    # unpaired number: a 400 naming it
    res = solve(client, [[7, 0, 0], [0, 0, 0], [0, 0, 0]])
    assert res.status_code == 400
    assert res.json()["error"] == "number '7' appears once, at row 1 column 1; each number must appear exactly twice"
    # only solutions that leave cells empty: one is drawn
    body = solve(client, [[7, 7, 0], [0, 0, 0], [0, 0, 0]]).json()
    assert body["status"] == "not-filling" and "empty" in body["message"]
    assert body["paths"] == {"7": [[0, 0], [0, 1]]}
    # no solution at all
    body = solve(client, [[1, 2], [2, 1]]).json()
    assert body["status"] == "no-solution" and body["paths"] is None
    assert body["message"].startswith("improper puzzle: no solution")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rows": 31, "cols": 5, "grid": [[0] * 5] * 31}, "rows"),
        ({"rows": 0, "cols": 5, "grid": []}, "rows"),
        ({"rows": 2, "cols": 2, "grid": [[0, 0]]}, "grid has 1 row,"),
        ({"rows": 2, "cols": 2, "grid": [[0, 0], [0]]}, "grid row 2 has 1 cell,"),
        ({"rows": 2, "cols": 2, "grid": [[0, 1000], [0, 1000]]}, "holds 1000"),
        ({"rows": 2, "cols": 2, "grid": [[0, -1], [0, -1]]}, "holds -1"),
        ({"rows": 2, "cols": 2, "grid": [[1, 1], [0, 0]], "solver": "magic"}, "magic"),
    ],
)
def test_bad_puzzle_requests_are_4xx_naming_the_problem(client, body, field):
    res = client.post("/api/numberlink/solve", json=body)
    assert res.status_code in (400, 422), res.text
    assert field in res.json()["error"]


def test_a_board_of_one_row_or_column_is_served_as_the_library_takes_it(client):
    # was: "rows: must be at least 2 (got 1)", where Puzzle, solve_puzzle and generate_puzzle take it
    from tremaux.numberlink.model import MIN_SIDE
    from tremaux.web.models import PuzzleBody, PuzzleRandomParams

    body = solve(client, [[1, 0, 1, 2, 2]]).json()
    assert body["status"] == "solved" and body["paths"]["1"] == [[0, 0], [0, 1], [0, 2]], body
    assert solve(client, [[1], [1]]).json()["status"] == "solved"
    made = client.post("/api/numberlink/random", json={"rows": 1, "cols": 6, "seed": 1})
    assert made.status_code == 200 and made.json()["rows"] == 1, made.text
    for model in (PuzzleBody, PuzzleRandomParams):
        fields = model.model_json_schema()["properties"]
        assert fields["rows"]["minimum"] == fields["cols"]["minimum"] == MIN_SIDE == 1


def test_load_and_save_in_the_text_format(client):
    text = "1.2\n...\n1.2\n"
    body = client.post("/api/numberlink/parse", json={"text": text}).json()
    assert body == {"rows": 3, "cols": 3, "grid": [[1, 0, 2], [0, 0, 0], [1, 0, 2]]}
    saved = client.post("/api/numberlink/format", json=body).json()["text"]
    assert loads(saved) == loads(text)
    # numbers above 9 survive a round trip (the grid format writes 10-35 as A-Z)
    big = {"rows": 2, "cols": 3, "grid": [[12, 0, 1], [12, 0, 1]]}
    saved = client.post("/api/numberlink/format", json=big).json()["text"]
    assert client.post("/api/numberlink/parse", json={"text": saved}).json() == big
    # the contest format loads too
    contest = "SIZE 3X2\nLINE_NUM 1\nLINE#1 (0,0)-(2,1)\n"
    assert client.post("/api/numberlink/parse", json={"text": contest}).json()["grid"] == [[1, 0, 0], [0, 0, 1]]


def test_load_refuses_bad_text_and_oversized_puzzles(client):
    res = client.post("/api/numberlink/parse", json={"text": "1.2\n..\n"})
    assert res.status_code == 400 and "row 2" in res.json()["error"]
    big = "\n".join(["1" + "." * 38 + "1"] + ["." * 40] * 3) + "\n"
    res = client.post("/api/numberlink/parse", json={"text": big})
    assert res.status_code == 400 and "30" in res.json()["error"]
    res = client.post("/api/numberlink/parse", json={"text": "x" * 20_001})
    assert res.status_code == 422
    # one puzzle at a time, said in the page's words (not the library's function names)
    for text, says in (("1.1\n2.2\n\n1.1\n2.2\n", "the text holds 2 puzzles"), ("0 0\n", "no puzzle")):
        res = client.post("/api/numberlink/parse", json={"text": text})
        assert res.status_code == 400 and says in res.json()["error"] and "load_all" not in res.text
    # text is read as a puzzle, never as a file name
    res = client.post("/api/numberlink/parse", json={"text": "/etc/passwd"})
    assert res.status_code == 400 and "root:" not in res.text


def test_load_of_labels_the_page_cannot_hold_numbers_them_by_pair(client):
    # numbers above 999 are read, but the page holds 1..999: the pairs are numbered instead
    res = client.post("/api/numberlink/parse", json={"text": "1000 . 1000\n7 . 7\n"})
    assert res.status_code == 200, res.text
    grid = res.json()["grid"]
    assert grid[0][0] == grid[0][2] != grid[1][0] == grid[1][2] and grid[0][1] == grid[1][1] == 0
    assert all(1 <= v <= 999 for row in grid for v in row if v)


def test_load_reads_the_text_in_a_worker_under_the_time_limit(client, monkeypatch):
    # a few bytes can name a large puzzle (here 4096 x 4096 cells, seconds to read): not in the server's process
    sched = client.app.state.scheduler
    jobs = []
    real = sched.run

    async def run(job, payload, who):
        jobs.append(job)
        return await real(job, payload, who)

    monkeypatch.setattr(sched, "run", run)
    res = client.post("/api/numberlink/parse", json={"text": "1.1\n2.2\n"})
    assert res.status_code == 200 and res.json()["grid"] == [[1, 0, 1], [2, 0, 2]]
    assert jobs == ["nl_parse"]
    res = client.post("/api/numberlink/parse", json={"text": "https://puzz.link/p?numlin/4096/4096/1g1"})
    assert res.status_code in (400, 408), res.text
    assert "4096" in res.json()["error"] or res.json()["kind"] == "TimeLimit"


def test_random_puzzles_are_proper_and_reproducible(client):
    a = client.post("/api/numberlink/random", json={"rows": 6, "cols": 7, "seed": 11}).json()
    b = client.post("/api/numberlink/random", json={"rows": 6, "cols": 7, "seed": 11}).json()
    assert a["grid"] == b["grid"] and (a["rows"], a["cols"], a["seed"]) == (6, 7, 11)
    body = solve(client, a["grid"]).json()
    assert body["status"] == "solved" and body["unique"] is True
    assert len(check_lines(a["grid"], body["paths"])) == 42
    drawn = client.post("/api/numberlink/random", json={"rows": 4, "cols": 4}).json()
    assert isinstance(drawn["seed"], int)
    res = client.post("/api/numberlink/random", json={"rows": 40, "cols": 4})
    assert res.status_code == 422 and res.json()["error"].startswith("rows:")


@pytest.mark.parametrize("seed", [16, 18, 20])
def test_a_generated_puzzle_is_called_unique_by_the_page_as_the_generator_says(client, seed):
    # these puzzles have a second solution only if a line may run beside itself: the page judges as makers do
    from tremaux.numberlink import generate_puzzle, solve_puzzle

    puzzle = generate_puzzle((10, 10), seed=seed).puzzle
    assert solve_puzzle(puzzle, rule="fill", touch=True, unique=True).unique is False
    out = solve(client, puzzle.grid.tolist()).json()
    assert out["status"] == "solved" and out["unique"] is True, out["message"]
    assert "no line runs beside itself" in out["message"]
    check_lines(puzzle.grid.tolist(), out["paths"])


def test_a_puzzle_whose_lines_must_touch_is_judged_among_all_solutions(client):
    grid = [[1, 0, 0], [0, 0, 0], [0, 0, 1]]  # one line through nine cells: it runs beside itself
    out = solve(client, grid).json()
    assert out["status"] == "solved" and out["unique"] is False and out["second"] is not None


@pytest.mark.parametrize(
    ("path", "body", "says"),
    [
        ("/api/numberlink/solve", {"rows": 2.0, "cols": 3, "grid": [[1, 0, 1], [2, 0, 2]]},
         "rows: must be a whole number, such as 20 (got 2.0)"),
        ("/api/numberlink/solve", {"rows": 2, "cols": 3, "grid": [[1, 0, 1], [2, 0, "2"]]},
         'grid[1][2]: must be a whole number, such as 20 (got "2")'),
        ("/api/numberlink/solve", {"rows": 2, "cols": 3, "grid": [[1, 0, 1], [2, 0, True]]},
         "grid[1][2]: must be a whole number, such as 20 (got true)"),
        ("/api/numberlink/solve", {"rows": 2, "cols": 3, "grid": [[1, 0, 1], [2, 0, 2.0]]},
         "grid[1][2]: must be a whole number, such as 20 (got 2.0)"),
        ("/api/numberlink/solve", {"rows": 2, "cols": 3, "grid": [[1, 0, 1], [2, 0, 2]], "second": "no"},
         'second: must be true or false (got "no")'),
        ("/api/numberlink/solve", {"rows": 2, "cols": 3, "grid": "1.1\n2.2"}, "grid: must be a list"),
        ("/api/numberlink/random", {"rows": 5, "cols": "5"}, 'cols: must be a whole number, such as 20 (got "5")'),
        ("/api/numberlink/random", {"seed": 1.5}, "seed: must be a whole number, such as 20 (got 1.5)"),
        ("/api/numberlink/format", {"rows": 2, "cols": 2, "grid": [[1, 1], [0, False]]},
         "grid[1][1]: must be a whole number, such as 20 (got false)"),
    ],
)
def test_puzzle_values_are_read_strictly(client, path, body, says):
    res = client.post(path, json=body)
    assert res.status_code == 422, res.text
    assert res.json()["error"].startswith(says)


@pytest.mark.parametrize("path", ["/api/numberlink/solve", "/api/numberlink/format"])
@pytest.mark.parametrize(("names", "says"), [
    ({"1": "A", "2": "A"}, "names: numbers 1 and 2 are both labelled 'A'"),
    ({"1": "2"}, "names: numbers 1 and 2 are both labelled '2'"),
])
def test_two_pairs_labelled_alike_are_refused(client, path, names, says):
    # solved, they were drawn alike; saved, the text read back as one number four times
    res = client.post(path, json={"rows": 2, "cols": 2, "grid": [[1, 1], [2, 2]], "names": names})
    assert res.status_code == 422, res.text
    assert res.json()["error"].startswith(says)


def test_labels_alike_but_for_their_case_are_two_pairs(client):
    res = client.post("/api/numberlink/parse", json={"text": "aA\naA\n"})
    assert res.status_code == 200, res.text
    res = client.post("/api/numberlink/solve", json=res.json())
    assert res.status_code == 200 and res.json()["status"] == "solved", res.text


def test_an_empty_solver_name_is_no_name(client):
    res = client.post("/api/numberlink/solve", json={"rows": 2, "cols": 2, "grid": [[1, 1], [0, 0]], "solver": ""})
    assert res.status_code == 400 and res.json()["error"].startswith("unknown numberlink solver ''; choose one of")


def test_a_search_cut_off_by_the_time_limit_says_the_servers_limit_plainly():
    """The solver is given what is left of the job's share: its message said "time limit 16.9993 s"."""
    import re

    from tremaux.web.nl_jobs import nl_random_job, nl_solve_job

    grid = nl_random_job({"rows": 30, "cols": 30, "seed": 5})["grid"]
    out = nl_solve_job({"grid": grid, "solver": "tremaux", "second": True, "time_limit": 0.7})
    assert out["status"] == "cut-off"
    assert "the server's time limit is 0.7 s" in out["message"], out["message"]
    assert not re.search(r"\d\.\d{3,}", out["message"]), out["message"]
    assert out["message"].endswith("try the fast solver or a smaller puzzle")


def test_a_search_of_the_fast_solver_cut_off_does_not_advise_the_fast_solver():
    """A page's solve (the fast solver, by default) cut off said 'try the fast solver': the one that ran."""
    from tremaux.web.nl_jobs import nl_solve_job

    nl_solve_job({"grid": [[1, 0, 1], [2, 0, 2]], "solver": None, "second": True})  # its kernels loaded first
    grid = [[0] * 30 for _ in range(30)]
    for k, (a, b, c, d) in enumerate([(8, 17, 26, 3), (0, 21, 19, 13), (13, 2, 29, 24), (4, 8, 22, 28),
                                      (11, 11, 2, 26), (27, 9, 6, 1), (16, 29, 24, 16), (1, 5, 17, 22)], 1):
        grid[a][b] = grid[c][d] = k
    out = nl_solve_job({"grid": grid, "solver": None, "second": True, "time_limit": 0.5})
    assert out["status"] == "cut-off", out["message"]
    assert "fast solver" not in out["message"] and out["message"].endswith("try a smaller puzzle, or one with more "
                                                                           "numbers"), out["message"]


def test_a_maze_drawing_pasted_on_the_board_is_told_apart_without_a_command(client):
    # the page answered "... 'tremaux solve' reads it": a command the page has no place for
    res = client.post("/api/numberlink/parse", json={"text": "+---+---+\n| S   G |\n+---+---+\n"})
    assert res.status_code == 400  # as every puzzle text the page cannot read
    detail = json.dumps(res.json())
    assert "drawing of a maze" in detail and "the maze side of the page" in detail and "tremaux solve" not in detail


def test_a_block_maze_pasted_on_the_board_is_told_apart(client):
    """A block picture of a maze ('#' and '.') on the board was refused as 'only '#' comment lines'."""
    from tremaux import generate
    from tremaux.io import dumps

    text = dumps(generate((3, 4), "backtracker", seed=1).maze, "block")
    res = client.post("/api/numberlink/parse", json={"text": text})
    assert res.status_code == 400
    said = res.json()["error"]
    assert said.startswith("this is a maze (7 x 9 cells), not a Number Link puzzle") and "maze side" in said


# Each layout the readers took last (pipes, tuples, dotted, links, JSON cell grids, marks, flat, tables, JSON
# endpoint lists), pasted on the board
# ('/api/numberlink/parse', which reads with formats.loads_all), then solved ('/api/numberlink/solve').
# PROPER's numbers (4 x 4, one solution): 1 at (2,0)-(2,1), 2 at (1,1)-(3,2), 3 at (1,0)-(3,3) (row, column)
LAYOUT_ENDS = {((2, 0), (2, 1)), ((1, 1), (3, 2)), ((1, 0), (3, 3))}


def _cell_object(v):
    return {"type": "normal", "color": v, "isEndpoint": v != 0}


NEW_LAYOUTS = {
    "pipes": ".|.|.|.\n3|2| |\n1|1| |\n | |2|3\n",
    "pipes bordered, a comment": "# from a book\n|.|.|.|.|\n|3|2| | |\n|1|1| | |\n| | |2|3|\n",
    "tuples": "(4, 3, (1: (1,3), (2,3)), (2: (2,2), (3,4)), (3: (1,2), (4,4)))\n",
    "dotted": "4.\n4.\n[((3,1),(3,2)), ((2,2),(4,3)), ((2,1),(4,4))].\n",
    "links": "size 4\nlink 'A', [2, 0], [2, 1]\nlink 'B', [1, 1], [3, 2]\nlink 'C', [1, 0], [3, 3]\n",
    "links, a comment": "# c\nsize 4\nlink 'A', [2, 0], [2, 1]\nlink 'B', [1, 1], [3, 2]\nlink 'C', [1, 0], [3, 3]\n",
    "json cell objects": json.dumps({"cells": [[_cell_object(v) for v in row] for row in PROPER]}),
    "json -1 empty": json.dumps({"matrix": [[v or -1 for v in row] for row in PROPER]}),
    "json colours": json.dumps([[None if v == 0 else [60 * v, 0, 255 - 60 * v] for v in row] for row in PROPER]),
    "grid, a comment": "# from site X\n....\n32..\n11..\n..23\n",
    "marks": "4 4\n3\n3 1 1\n3 2 1\n2 2 2\n4 3 2\n2 1 3\n4 4 3\n",
    "counted, R C then K": "4 4\n3\n0 0 0 0\n3 2 0 0\n1 1 0 0\n0 0 2 3\n",
    "flat": "4x4:....32..11....23\n",
    "a +---+ table": "+---+---+---+---+\n|   |   |   |   |\n+---+---+---+---+\n| 3 | 2 |   |   |\n"
                     "+---+---+---+---+\n| 1 | 1 |   |   |\n+---+---+---+---+\n|   |   | 2 | 3 |\n+---+---+---+---+\n",
    "json endpoints": json.dumps({"rows": 4, "cols": 4, "endpoints": [
        {"id": 1, "start": [2, 0], "end": [2, 1]}, {"id": 2, "start": [1, 1], "end": [3, 2]},
        {"id": 3, "start": [1, 0], "end": [3, 3]}]}),
}


def _ends(grid):
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                cells.setdefault(v, []).append((r, c))
    return {tuple(sorted(v)) for v in cells.values()}


@pytest.mark.parametrize("name", list(NEW_LAYOUTS))
def test_each_layout_is_read_and_solved_through_the_web_api(client, name):
    res = client.post("/api/numberlink/parse", json={"text": NEW_LAYOUTS[name]})
    assert res.status_code == 200, res.text
    board = res.json()
    assert (board["rows"], board["cols"]) == (4, 4) and _ends(board["grid"]) == LAYOUT_ENDS
    res = client.post("/api/numberlink/solve", json={"rows": 4, "cols": 4, "grid": board["grid"]})
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["status"] == "solved"
    covered = set()
    for num, cells in body["paths"].items():
        cells = [tuple(c) for c in cells]
        assert {cells[0], cells[-1]} == {p for pair in LAYOUT_ENDS for p in pair if board["grid"][p[0]][p[1]] == int(num)}
        assert all(abs(r - r2) + abs(c - c2) == 1 for (r, c), (r2, c2) in zip(cells, cells[1:]))
        assert not covered & set(cells)
        covered |= set(cells)
    assert len(covered) == 16  # the one solution fills the board


def test_the_page_offers_the_files_of_the_layouts_it_reads(client):
    """The board's file chooser offered .txt, .nl and .xml only: a JSON level, a spreadsheet's .csv or .tsv and
    a Prolog file, all read by '/api/numberlink/parse', were hidden from the dialog."""
    import re

    page = client.get("/").text
    accept = re.search(r'id="nl-load" type="file" accept="([^"]*)"', page).group(1).split(",")
    for ext in (".txt", ".nl", ".xml", ".json", ".csv", ".tsv", ".pl"):
        assert ext in accept


@pytest.mark.parametrize("text", ["1" + "." * 29 + "1\n" + ("." * 31 + "\n") * 30,  # a puzzle of 31 x 31
                                  "1" + "." * 30 + "\n" + ("." * 31 + "\n") * 30])  # a board saved unfinished
def test_a_puzzle_larger_than_the_board_is_said_in_words(client, text):
    # it was "puzzle size 31 x 31 is outside 2..30 on a side"; the page puts the file's name for "puzzle"
    res = client.post("/api/numberlink/parse", json={"text": text})
    assert res.status_code == 400, res.text
    assert res.json()["error"] == "puzzle is 31 x 31: the board takes 2 to 30 rows and columns"
