"""Grids after a header of counts (the pairs, the rows and the columns), the input of several public SAT
homework solvers, read and written back; a header that disagrees with its grid is named."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run as run_cli
from numberlink_checker import follow
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import Puzzle, formats

# K, then 'R C', then the rows ('.' empty, cells separated by spaces)
PAIRS_FIRST = ("5\n7 7\n. . . 4 . . .\n. 3 . . 2 5 .\n. . . 3 1 . .\n. . . 5 . . .\n. . . . . . .\n"
               ". . 1 . . . .\n2 . . . 4 . .\n")
# R, C and K each on a line, then the rows (0 empty), without a final line end
PAIRS_LAST = "5\n5\n4\n1 2 0 3 4\n0 1 0 0 0\n3 2 0 0 0\n0 0 0 0 0\n4 0 0 0 0"


@pytest.mark.parametrize("text, shape, pairs", [(PAIRS_FIRST, (7, 7), 5), (PAIRS_LAST, (5, 5), 4)])
def test_both_headers_are_read_and_solved(capsys, tmp_path, text, shape, pairs):
    assert formats.detect(text) == "counted"
    p = formats.loads(text)
    assert p.shape == shape and p.pairs == pairs
    f = tmp_path / "input.in"
    f.write_text(text)
    code, out, _ = run_cli(capsys, "numberlink", "solve", str(f), "--json")
    (rec,) = json.loads(out)
    assert code == 0 and rec["status"] == "solved"
    assert follow(p.grid.tolist(), [ln["cells"] for ln in rec["lines"]], fill=True) == []


def test_a_wide_board_counts_rows_first():
    text = "1\n2 5\n1 . . . 1\n. . . . .\n"
    assert formats.loads(text).shape == (2, 5)


def test_written_text_reads_back_with_pair_numbers():
    ps = [Puzzle.from_rows(["A.B", "A.B"]), Puzzle.from_rows(["12", "12", ".."])]
    text = formats.dumps_all(ps, "counted")
    assert text == "2\n2 3\n1 . 2\n1 . 2\n2\n3 2\n1 2\n1 2\n. .\n"
    assert [q.grid.tolist() for q in formats.loads_all(text)] == [p.grid.tolist() for p in ps]


def test_a_header_that_disagrees_with_its_grid_is_named():
    with pytest.raises(PuzzleFormatError, match="1:1: the header gives 3 pairs; the grid holds 2"):
        formats.loads("3\n2 3\n1 . 2\n1 . 2\n")
    with pytest.raises(PuzzleFormatError, match="expected a header of three counts"):
        formats.loads("2\n3 3\n1 . 2\n1 . 2\n", format="counted")


def test_a_wh_file_is_not_taken_for_a_header_of_counts():
    assert formats.detect("2 2\n12\n12\n0 0\n") == "wh"


def test_the_solve_help_names_the_formats_it_reads(capsys):
    code, out, _ = run_cli(capsys, "numberlink", "solve", "--help")
    text = " ".join(out.split())
    assert code == 0 and all(name in text for name in ("Copris", "XML", "Prolog", "a header of counts"))


@pytest.mark.parametrize("sep", [" ", "\t"])
def test_a_grid_whose_first_row_is_three_numbers_is_no_one_line_header(sep):
    # '1 3 1' reads as 'R C K' (1 row of 3 cells, 1 pair) above '2 3 2', where 3 is alone: the grid it is
    text = "\n".join(sep.join(r) for r in (["1", "3", "1"], ["2", "3", "2"])) + "\n"
    assert formats.detect(text) == "grid"
    assert formats.loads(text).grid.tolist() == [[1, 3, 1], [2, 3, 2]]
    assert formats.loads(formats.dumps(Puzzle.from_rows(["131", "232"]), "tsv")).grid.tolist() == [[1, 3, 1], [2, 3, 2]]
    assert formats.detect("2 3 2\n1 2 1\n2 . .\n") == "counted"  # a header whose rows do not read as one grid
