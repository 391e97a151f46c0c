"""Layouts of public Number Link tools read in a fifth round of public files (small hand-written files in each
layout): ``#`` for every empty cell, an ``R C K`` header on one line, ``W H`` then ``x y label`` lines, a square
board as ``N K`` then pairs of 1-based cells, a JSON pack of named grids; and boards of other shapes named."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run
from numberlink_checker import follow
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats


def _grid(text: str, **kw):
    got = formats.loads_all(text, **kw)
    assert len(got) == 1, got
    return got[0].grid.tolist(), got[0].labels


def test_hash_for_every_empty_cell_under_a_size_header():
    # 'W H', then rows whose empty cells are '#' (a course solver's files): no blocked cell among them
    assert _grid("3 2\n1 # 2\n1 # 2\n") == ([[1, 0, 2], [1, 0, 2]], ("1", "2"))
    assert _grid("3 3\n1 2 3\n# # #\n1 2 3\n")[0] == [[1, 2, 3], [0, 0, 0], [1, 2, 3]]


def test_hash_beside_dots_is_still_a_blocked_cell():
    with pytest.raises(PuzzleFormatError, match="blocked cell"):
        formats.loads_all("3 2\n1 # 2\n1 . 2\n")


def test_a_header_of_rows_columns_and_pairs_on_one_line():
    got = formats.loads_all("2 4 2\n\nA B . .\n. . A B\n")
    assert formats.detect("2 4 2\n\nA B . .\n. . A B\n") == "counted"
    assert got[0].grid.tolist() == [[1, 2, 0, 0], [0, 0, 1, 2]]


def test_a_count_of_letters_up_to_the_kth_with_one_left_out():
    # K = 3 gives the letters A to C; B is not used: the header is the largest letter, as for numbers
    assert _grid("3 3 3\nA C .\nA . C\n. . .\n")[1] == ("A", "C")
    with pytest.raises(PuzzleFormatError, match="the header gives 4 pairs; the grid holds 2"):
        formats.loads_all("3 3 4\nA C .\nA . C\n. . .\n", errors="raise")


def test_size_then_x_y_label_lines_without_a_count():
    # 'W H', then 'x y label' (x across, y down, 0-based), the label 0 kept as a label
    text = "3 2\n0 0 0\n2 0 0\n0 1 1\n2 1 1\n"
    assert formats.detect(text) == "marks"
    grid, labels = _grid(text)
    assert grid == [[1, 0, 1], [2, 0, 2]] and labels == ("0", "1")
    grid, _ = _grid("3 2\n0 0 1\n1 1 1\n2 0 2\n2 1 2\n")  # column first: a 2x3 board, not 3x2
    assert grid == [[1, 0, 2], [0, 1, 2]]


def test_x_y_label_lines_with_a_label_given_once_name_it():
    with pytest.raises(PuzzleFormatError, match="label '0' is given once"):
        formats.loads_all("2 1\n0 0 0\n1 0 1\n", errors="raise")


def test_a_square_board_as_side_and_pairs_then_one_based_cells():
    text = "4 2\n1 1 4 4\n1 4 4 1\n"  # N K, then K lines 'r1 c1 r2 c2' (1-based, the row first)
    assert _grid(text)[0] == [[1, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 1]]
    assert _grid("5 1\n1 1 5 5\n")[0][4][4] == 1


def test_side_and_pairs_that_read_as_endpoints_stay_endpoints():
    # '4 3' then coordinates that fit a 4x3 board 0-based: the 'ends' layout, as before
    assert formats.detect("4 3\n0 0 3 2\n") == "ends"


def test_a_json_pack_of_named_grids_of_colour_names():
    pack = {"level_1": [["", "Blue", "Blue"], ["Red", "", "Red"]], "level_2": [["Red", "", "Red"]]}
    got = formats.loads_all(json.dumps(pack, indent=4))
    assert [p.name for p in got] == ["level_1", "level_2"]
    assert got[0].grid.tolist() == [[0, 1, 1], [2, 0, 2]] and got[0].labels == ("Blue", "Red")


def test_a_json_pack_with_a_broken_level_keeps_the_others():
    pack = {"a": [["Red", "", "Red"]], "b": [["Red", "", ""]]}
    got = formats.loads_all(json.dumps(pack), errors="keep")
    assert got[0].grid.tolist() == [[1, 0, 1]]
    assert isinstance(got[1], PuzzleFormatError) and "level 'b'" in str(got[1])


@pytest.mark.parametrize("text, shape", [
    ("3\n1 2\n# # #\n1 2\n", "rows of 2, 3, 2 cells: a hexagonal board?"),
    ("1\n002\n10204\n3000304\n", "rows of 1, 3, 5, 7 cells: a triangular board?"),
])
def test_boards_of_other_shapes_are_named(tmp_path, capsys, text, shape):
    path = tmp_path / "board.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 2 and err.count("\n") == 1 and shape in err, err


def test_the_new_layouts_solve_on_the_command_line(tmp_path, capsys):
    files = {"hash.txt": "3 3\n1 2 3\n# # #\n1 2 3\n", "rck.txt": "2 4 2\n\nA B . .\n. . A B\n",
             "xy.in": "2 2\n0 0 0\n0 1 0\n1 0 1\n1 1 1\n", "square.txt": "4 2\n1 1 1 4\n4 1 4 4\n",
             "pack.json": json.dumps({"l1": [["Red", "", "Red"], ["Blue", "", "Blue"]]})}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", *(str(tmp_path / n) for n in files), "--json")
    assert code == 0, err
    records = json.loads(out)
    assert len(records) == 5 and all(r["status"] == "solved" for r in records)
    for r in records:
        p = formats.loads_all(r["puzzle"])[0]
        by = {line["label"]: [tuple(c) for c in line["cells"]] for line in r["lines"]}
        assert follow(p.grid.tolist(), [by[lab] for lab in p.labels], fill=True) == []


def test_a_solve_record_of_the_label_0_reads_back(tmp_path, capsys):
    # its puzzle text is 'wh' ('2 2', rows '01', the end '0 0'); '01' is a row, no count of a header
    path = tmp_path / "zero.in"
    path.write_text("2 2\n0 0 0\n0 1 0\n1 0 1\n1 1 1\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--json")
    assert code == 0, err
    text = json.loads(out)[0]["puzzle"]
    assert formats.detect(text) == "wh"
    assert _grid(text) == ([[1, 2], [1, 2]], ("0", "1"))


def test_convert_without_a_format_writes_wh_when_grid_cannot_hold_a_label(tmp_path, capsys):
    path = tmp_path / "zero.in"
    path.write_text("2 2\n0 0 0\n0 1 0\n1 0 1\n1 1 1\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "convert", str(path))
    assert code == 0 and err.startswith("note: label '0' cannot be written in the 'grid' format"), err
    assert _grid(out) == ([[1, 2], [1, 2]], ("0", "1"))
    code, out, err = run(capsys, "numberlink", "convert", str(path), "-f", "grid")  # asked for: still refused
    assert code == 2 and err.startswith("error: --format grid cannot hold the puzzles of"), err


def test_a_solved_grid_of_digits_is_named_as_one_without_the_hint_of_packed_numbers(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text("12244\n12345\n12345\n12345\n11355\n", encoding="utf-8")  # a Flow Free clone's saved answer
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 2 and err.count("\n") == 1 and "is this a solved grid" in err, err
    assert "numbers above 9" not in err, err
