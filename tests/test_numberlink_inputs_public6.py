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
