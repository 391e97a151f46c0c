"""The JSON of `numberlink check --json` and `numberlink solve --json`: the same field names for the same things,
and a check's record read back as its puzzle, as a solve's is."""

from __future__ import annotations

import json

import pytest

from tremaux.numberlink import Puzzle, diagnose, formats, solve_puzzle

from cli_helpers import run


def test_a_check_record_holds_the_puzzle_and_its_solution_under_the_names_solve_gives_them():
    puzzle = Puzzle.from_rows(["1.1", "2.2"])
    rec = diagnose(puzzle).to_dict()
    solved = solve_puzzle(puzzle).to_dict()
    assert rec["verdict"] == "proper"
    for key in ("name", "rule", "size", "pairs", "puzzle", "grid", "lines"):
        assert rec[key] == solved[key] or key == "rule", key
    assert rec["grid"] == [[1, 1, 1], [2, 2, 2]]


def test_a_check_record_of_several_solutions_lists_the_two_found_as_solve_all_does():
    rec = diagnose(Puzzle.from_rows(["1..", "...", "..1"]), rule="nikoli").to_dict()
    assert rec["verdict"] == "multiple-solutions"
    assert len(rec["solutions"]) == len(rec["solution_lines"]) == 2
    assert rec["solutions"][0] == rec["grid"] and rec["solutions"][0] != rec["solutions"][1]
    for grid, lines in zip(rec["solutions"], rec["solution_lines"]):
        assert all(grid[r][c] == 1 for line in lines for r, c in line["cells"])


def test_a_check_record_without_a_solution_says_so_with_nulls():
    rec = diagnose(Puzzle.from_rows(["1..", "...", "..1"])).to_dict()  # fill: the corner cells stay empty
    assert rec["verdict"] == "needs-empty-cells" and rec["grid"] is None and rec["lines"] is None
    assert "solutions" not in rec


def test_check_json_is_read_back_as_its_puzzles(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(".123..\n...44.\n1.5.6.\n2...3.\n5....6\n\n1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "check", str(path), "--json")
    assert code == 0, err
    records = json.loads(out)
    assert [r["size"] for r in records] == [[5, 6], [2, 3]] and [r["pairs"] for r in records] == [6, 2]
    again = tmp_path / "verdicts.json"
    again.write_text(out)
    assert [p.grid.tolist() for p in formats.load_all(again)] == [p.grid.tolist() for p in formats.load_all(path)]


@pytest.mark.parametrize("rows, verdict", [(["1.2", "...", "2.1"], "no-solution"),  # the pairs must cross
                                           (["1213", "2..3"], "walled-in"),
                                           (["1.1", "2.2"], "gave-up")])
def test_a_verdict_reached_without_a_solve_still_holds_the_puzzle_as_solve_gives_it(rows, verdict, tmp_path, capsys):
    # a quick verdict (no solving run) or a check cut by its limit gave no size, pairs nor puzzle, which solve's
    # record of the same puzzle gives, and the record could not be read back as its puzzle
    path = tmp_path / "p.txt"
    path.write_text("\n".join(rows) + "\n")
    limit = ["--time-limit", "1e-9"] if verdict == "gave-up" else []
    code, out, err = run(capsys, "numberlink", "check", str(path), "--json", *limit)
    rec = json.loads(out)[0]
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--json")
    solved = json.loads(out)[0]
    assert rec["verdict"] == verdict
    assert {k: rec.get(k) for k in ("size", "pairs", "puzzle")} == {k: solved[k] for k in ("size", "pairs", "puzzle")}
    again = tmp_path / "verdict.json"
    again.write_text(json.dumps([rec]))
    assert formats.load(again).grid.tolist() == formats.load(path).grid.tolist()


def test_solve_unique_json_lists_the_two_solutions_only_when_there_are_two(tmp_path, capsys):
    # a puzzle without a solution had "solutions": [] and "solution_lines": [] under --unique, which a puzzle of
    # one solution, or one without a solution under --count, does not have
    path = tmp_path / "p.txt"
    path.write_text("1..\n...\n..1\n\n1.1\n2.2\n\n1.2\n2.1\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--unique", "--json", "--rule", "nikoli")
    assert code == 1, err
    records = json.loads(out)
    assert [r["status"] for r in records] == ["solved", "solved", "no-solution"]
    assert [r["unique"] for r in records] == [False, True, False]
    assert [len(r["solutions"]) if "solutions" in r else None for r in records] == [2, None, None]
    assert ["solution_lines" in r for r in records] == [True, False, False]


def test_records_appended_one_after_another_are_read_as_json_lines(tmp_path, capsys):
    # 'numberlink generate --json >> puzzles.json' (or solve --json) run several times: JSON Lines; it was read
    # as a grid ("unexpected '{"size":'")
    path = tmp_path / "puzzles.json"
    for seed in (1, 2):
        code, out, err = run(capsys, "numberlink", "generate", "--size", "3x4", "--seed", str(seed), "--json")
        assert code == 0, err
        with path.open("a") as fh:
            fh.write(out)
    assert formats.detect(path.read_text()) == "json"
    puzzles = formats.load_all(path)
    assert [p.shape for p in puzzles] == [(3, 4), (3, 4)] and [p.name for p in puzzles] == ["puzzles#1", "puzzles#2"]
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--json")
    with path.open("a") as fh:
        fh.write(out)  # a list of solve records after them
    assert [p.shape for p in formats.load_all(path)] == [(3, 4)] * 4


def test_text_after_a_json_record_that_is_no_json_is_still_named():
    from tremaux.errors import PuzzleFormatError

    with pytest.raises(PuzzleFormatError):
        formats.loads('{"puzzle": "1.1\\n"}\n1.1\n')
    with pytest.raises(PuzzleFormatError, match=r"^3:1: .*this JSON has \"x\", no puzzle"):
        formats.loads_all('{"puzzle": "1.1\\n"}\n\n{"x": 1}\n')


def test_generate_json_gives_the_solution_lines_as_solve_json_does(capsys):
    # it gave the solution's "grid" alone; solve --json gives the "lines" beside it, which a checker follows
    code, out, err = run(capsys, "numberlink", "generate", "--size", "4x5", "--seed", "3", "--json")
    assert code == 0, err
    rec = json.loads(out)
    puzzle = formats.loads(rec["puzzle"])
    assert [line["label"] for line in rec["lines"]] == list(puzzle.labels)
    for k, line in enumerate(rec["lines"], start=1):
        cells = line["cells"]
        ends = {tuple(cells[0]), tuple(cells[-1])}
        assert ends == {tuple(x) for x in zip(*(puzzle.grid == k).nonzero())}  # from one number to the other
        assert all(rec["grid"][r][c] == k for r, c in cells)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))
    solved = solve_puzzle(puzzle).to_dict()
    assert set(solved) >= set(rec) - {"seed", "density", "planted_pairs"}  # the same names for the same things
