"""Layouts of public Number Link tools met in a sixth round of public files (small hand-written files in each
layout): a JSON bank of grids by size, a CSV grid whose first row is no ``W H`` header, a board drawn in slashes
and arrows named as a drawing."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats


def test_a_json_bank_of_grids_by_dimension():
    # [{"dimension": n, "grids": [...]}, ...] as a generator's experiment dumps its puzzles; 0 for an empty cell
    bank = [{"dimension": 2, "grids": [[[2, 0], [2, 0]], [[0, 0], [3, 3]]]},
            {"dimension": 3, "grids": [[[1, 0, 1], [0, 0, 0], [2, 0, 2]]]}]
    got = formats.loads_all(json.dumps(bank, indent=4), errors="keep")
    assert [p.grid.tolist() for p in got] == [[[1, 0], [1, 0]], [[0, 0], [1, 1]], [[1, 0, 1], [0, 0, 0], [2, 0, 2]]]
    assert [p.labels for p in got] == [("2",), ("3",), ("1", "2")]
    assert [p.name for p in got] == ["#1", "#2", "#3"]


def test_a_json_bank_grid_of_another_dimension_is_named():
    bank = [{"dimension": 3, "grids": [[[1, 0, 1], [0, 0, 0], [2, 0, 2]], [[1, 1], [0, 0]]]}]
    got = formats.loads_all(json.dumps(bank), errors="keep")
    assert got[0].grid.tolist() == [[1, 0, 1], [0, 0, 0], [2, 0, 2]]
    assert isinstance(got[1], PuzzleFormatError)
    assert 'its "dimension" is 3, but its grid has 2 rows of 2 cells' in str(got[1])


def test_a_csv_grid_is_not_read_as_a_size_and_endpoints():
    # rows of eight comma-separated fields, some empty: a grid, whose first two fields are no 'W H' header
    text = "31,4,15,9,26,5,3,5\n8,,9,7,9,3,2,\n38,46,26,4,33,8,3,2\n"
    assert formats.detect(text) == "grid"
    with pytest.raises(PuzzleFormatError, match=r"number '3' appears 3 times"):
        formats.loads_all(text, errors="raise")
    # a 'W H' line of its own, then coordinates that are not four a pair, is still named by the 'ends' reader
    with pytest.raises(PuzzleFormatError, match="6 numbers after the size 3 3"):
        formats.loads_all("3 3\n0 0 1 1 2 2\n", errors="raise")


def test_a_board_drawn_in_slashes_and_arrows_is_named(tmp_path, capsys):
    f = tmp_path / "field.txt"
    f.write_text("\\  />\n > //\n/ // \n\\</ .\n")
    code, _, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "a drawing of lines in '/', '\\' and arrows" in lines[0], lines


def test_dash_comment_lines_over_boards_of_a_size_header():
    # '-- EASY' over 'R C' boards of tab-led rows, as a Haskell game keeps its levels
    text = "-- EASY\n2 2\n\t1\t0\n\t0\t1\n-- HARD\n3 3\n\t1\t0\t2\n\t0\t0\t0\n\t1\t0\t2\n"
    got = formats.loads_all(text)
    assert [p.grid.tolist() for p in got] == [[[1, 0], [0, 1]], [[1, 0, 2], [0, 0, 0], [1, 0, 2]]]
    # a row of '-' empty cells is no comment
    assert formats.loads_all("- 1 -\n1 - -\n")[0].grid.tolist() == [[0, 1, 0], [1, 0, 0]]


def test_one_line_cells_separated_by_commas_with_their_solution():
    got = formats.loads_all("2x3:1,0,2,0,1,2=1,1,2,1,1,2\n3x1:4,0,4=4,4,4\n")
    assert [p.grid.tolist() for p in got] == [[[1, 0, 2], [0, 1, 2]], [[1], [0], [1]]]
    assert got[1].labels == ("4",)
    with pytest.raises(PuzzleFormatError, match="5 cells in the solution after '='; a 2x3 board"):
        formats.loads_all("2x3:1,0,2,0,1,2=1,1,2,1,1\n")


def test_one_line_size_and_row_column_ends_with_their_paths():
    # 'N;r:c;r:c;...=path|path' (1-based row:column, the two ends of each pair in turn)
    got = formats.loads_all("3;1:1;3:1;1:3;2:3=1:1;2:1;3:1|1:3;2:3\n3;1:1;1:2=1:1;1:2\n")
    assert got[0].grid.tolist() == [[1, 0, 2], [0, 0, 2], [1, 0, 0]] and got[0].labels == ("1", "2")
    assert got[1].grid.tolist() == [[1, 1, 0], [0, 0, 0], [0, 0, 0]]
    with pytest.raises(PuzzleFormatError, match="path 1 of the solution runs from 1:1 to 2:1"):
        formats.loads_all("3;1:1;3:1=1:1;2:1\n")
    with pytest.raises(PuzzleFormatError, match="the cell 1:910 is outside the 3x3 board"):
        formats.loads_all("3;1:1;1:910\n")
    with pytest.raises(PuzzleFormatError, match="two levels run together"):
        formats.loads_all("3;1:1;3:1=1:1;2:1;3:13;1:1;1:3=1:1;1:2;1:3\n")


def test_a_count_of_pairs_and_their_ends_without_a_size_is_named(tmp_path, capsys):
    f = tmp_path / "1.ffdat"
    f.write_text("2\n0 0\n2 0\n0 1\n2 2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "a count of 2 pairs and their 4 ends, 'x y' a line, without the board's size" \
        in lines[0], lines
