"""Number Link on layouts met in public puzzle files not read before (a JSON bank of levels that list their
endpoints, a puzzle drawn as a ``+---+`` table, ``W H`` / ``K`` / ``row column label`` lines), and labels a
written format gives back as they went in."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run as run_cli
from numberlink_checker import follow
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import Puzzle, formats

LEVEL = {"endpoints": [{"id": 0, "start": [0, 0], "end": [2, 0]}, {"id": 1, "start": [0, 1], "end": [2, 2]}],
         "solution": [[0, 1, 1], [0, 1, 1], [0, 1, 1]]}


def test_a_bank_of_levels_that_list_their_endpoints_gives_each_level_its_banks_size():
    """A puzzle bank (``{"difficulties": {"easy": {"rows": 7, "cols": 7, "puzzles": [{"endpoints": [{"id": 0,
    "start": [r, c], "end": [r, c]}, ...], "solution": ...}]}}}``) was refused: "this JSON has "version",
    "generator", ..., no puzzle"."""
    bank = {"version": 4, "difficulties": {"easy": {"rows": 3, "cols": 3, "puzzles": [LEVEL, LEVEL]},
                                           "hard": {"rows": 4, "cols": 5, "puzzles": [LEVEL]}}}
    got = formats.loads_all(json.dumps(bank))
    assert [p.shape for p in got] == [(3, 3), (3, 3), (4, 5)]
    assert got[0].grid.tolist() == [[1, 2, 0], [0, 0, 0], [1, 0, 2]]
    assert got[0].labels == ("0", "1")


@pytest.mark.parametrize("extra", [{"rows": 3, "cols": 3}, {"size": 3}, {"size": [3, 3]}, {}])
def test_one_level_takes_its_size_from_its_fields_or_its_solution(extra):
    level = {k: v for k, v in LEVEL.items() if extra == {} or k != "solution"} | extra
    assert formats.loads(json.dumps(level)).grid.tolist() == [[1, 2, 0], [0, 0, 0], [1, 0, 2]]


def test_ends_as_objects_and_pairs_as_lists_are_read():
    level = {"width": 3, "height": 2, "pairs": [[{"x": 0, "y": 0}, {"x": 2, "y": 1}], [[0, 2], [1, 0]]]}
    assert formats.loads(json.dumps(level)).grid.tolist() == [[1, 0, 2], [2, 0, 1]]


def test_a_list_of_single_labelled_ends_is_paired_by_label():
    """A Flow Free clone's level type, ``{size: 5, endpoints: [{row, col, color}, ...]}``: one item an end."""
    ends = [{"row": 0, "col": 0, "color": "red"}, {"row": 1, "col": 0, "color": "blue"},
            {"row": 0, "col": 2, "color": "red"}, {"row": 1, "col": 2, "color": "blue"}]
    p = formats.loads(json.dumps({"size": [2, 3], "endpoints": ends}))
    assert p.grid.tolist() == [[1, 0, 1], [2, 0, 2]] and p.labels == ("red", "blue")
    with pytest.raises(PuzzleFormatError, match="the label 'red' has 3 ends"):
        formats.loads(json.dumps({"size": [2, 3], "endpoints": ends + [{"row": 0, "col": 1, "color": "red"}]}))


@pytest.mark.parametrize("level, said", [
    ({"rows": 2, "cols": 2, "endpoints": [{"start": [0, 0], "end": [0, 5]}]}, "outside the 2x2 board"),
    ({"endpoints": [{"start": [0, 0], "end": [0, 1]}]}, "gives no size"),
    ({"size": 2, "endpoints": [{"start": [0, 0]}]}, 'has no "start" and "end"'),
    ({"size": 2, "endpoints": [[[0, 0], [0, 0]]]}, "both endpoints of number .1. are cell"),
])
def test_a_level_that_breaks_the_rules_is_named(level, said):
    with pytest.raises(PuzzleFormatError, match=said):
        formats.loads(json.dumps(level))


def test_the_cli_solves_a_bank_and_every_answer_is_valid(capsys, tmp_path):
    path = tmp_path / "bank.json"
    path.write_text(json.dumps({"easy": {"rows": 3, "cols": 3, "puzzles": [LEVEL, LEVEL]}}))
    code, out, err = run_cli(capsys, "numberlink", "solve", str(path), "--json")
    assert code == 0, err
    records = json.loads(out)
    assert [r["status"] for r in records] == ["solved", "solved"]
    for p, r in zip(formats.load_all(path), records):
        assert follow(p.grid.tolist(), [ln["cells"] for ln in r["lines"]], fill=True) == []


TABLE = """\
+---+---+---+
| 3 |   | 1 |
+---+---+---+
|   |   |   |
+---+---+---+
| 3 |   | 1 |
+---+---+---+
"""


@pytest.mark.parametrize("text", [TABLE, TABLE.replace("+---+---+---+\n", "", 1),
                                  "| 3 |   | 1 |\n|---|---|---|\n|   |   |   |\n| 3 |   | 1 |\n"])
def test_a_puzzle_drawn_as_a_table_is_read(text):
    """A puzzle printed as a ``+---+`` table (a README's example) was taken for a maze's drawing."""
    assert formats.detect(text) == "pipes"
    assert formats.loads(text).grid.tolist() == [[2, 0, 1], [0, 0, 0], [2, 0, 1]]


def test_a_maze_drawing_is_still_named_as_one():
    with pytest.raises(PuzzleFormatError, match="drawing of a maze"):
        formats.loads("+---+---+\n| S   G |\n+---+---+\n")
    with pytest.raises(PuzzleFormatError, match="drawing of a maze"):
        formats.loads("+---+---+\n|   |   |\n+---+---+\n")


MARKS = "4 2\n2\n1 1 5\n2 4 5\n1 4 9\n2 1 9\n"


def test_size_count_and_a_line_per_numbered_cell_are_read():
    """``W H``, the number of pairs, then ``row column label`` (1-based) a line was refused: "row has 1 cells;
    the header says W = 7"."""
    assert formats.detect(MARKS) == "marks"
    p = formats.loads(MARKS)
    assert p.grid.tolist() == [[1, 0, 0, 2], [2, 0, 0, 1]]
    assert p.labels == ("5", "9")


def test_a_header_the_cells_only_fit_the_other_way_round_is_turned():
    assert formats.loads("2 4\n2\n1 1 5\n2 4 5\n1 4 9\n2 1 9\n").shape == (2, 4)


@pytest.mark.parametrize("text, said", [
    ("4 2\n2\n1 1 5\n2 4 5\n1 4 9\n", "the header gives 2 pairs, so 4 endpoint lines; there are 3"),
    ("4 2\n1\n1 1 5\n3 9 5\n", "outside the 4x2"),
    ("4 2\n1\n1 1 5\n1 1 5\n", "given twice"),
])
def test_marks_that_break_the_layout_are_named(text, said):
    with pytest.raises(PuzzleFormatError, match=said):
        formats.loads(text, format="marks")


def test_a_prolog_link_labelled_with_a_question_mark_is_read_back():
    """``'?'`` was the reader's own mark for "not a label", so a link labelled ``'?'`` (a ``wh`` puzzle's
    label written as Prolog) was refused on reading back."""
    p = Puzzle.from_rows([["?", None, "?"], ["1", None, "1"]])
    back = formats.loads(formats.dumps(p, format="prolog"))
    assert back.grid.tolist() == p.grid.tolist() and back.labels == p.labels


@pytest.mark.parametrize("fmt", ["grid", "csv", "tsv", "contest", "wh", "puzzlink", "copris", "ends", "xml",
                                 "prolog", "counted", "pzprv3"])
def test_a_one_row_board_of_a_hundred_cells_comes_back_from_every_format(fmt):
    p = formats.loads("1" + "." * 98 + "1\n")
    back = formats.loads(formats.dumps(p, format=fmt))
    assert back.shape == (1, 100) and back.ends.tolist() == p.ends.tolist()


@pytest.mark.parametrize("header", ["2 3", "3 2"])
def test_size_then_the_count_of_pairs_then_the_grid_is_read(header):
    """``R C`` (or ``C R``), then ``K``, then the rows of integers (``0`` empty), as a path-finding solver's
    inputs are kept, was refused: "1 numbers after the size 10 10: expected x1 y1 x2 y2 for each pair"."""
    text = f"{header}\n2\n1 0 2\n1 0 2\n"
    assert formats.detect(text) == "counted"
    assert formats.loads(text).grid.tolist() == [[1, 0, 2], [1, 0, 2]]


def test_a_size_and_count_that_disagree_with_the_grid_are_not_read_as_counted():
    assert formats.detect("4 4\n2\n1 0 2\n1 0 2\n") != "counted"
    with pytest.raises(PuzzleFormatError, match="expected a header of three counts"):
        formats.loads("4 4\n2\n1 0 2\n1 0 2\n", format="counted")


def test_a_puzzle_on_one_line_after_its_size_and_a_colon_is_read():
    """``6x6:3......4.31...`` (a Sudoku tool's notation, used for a Number Link example) was refused at the ':'."""
    text = "# two\n2x3:1.2.12\n3x2:12..12\n"
    assert formats.detect(text) == "flat"
    assert [p.grid.tolist() for p in formats.loads_all(text)] == [[[1, 0, 2], [0, 1, 2]], [[1, 2], [0, 0], [1, 2]]]


@pytest.mark.parametrize("text, said", [("2x3:1.2.1\n", "5 cells after '2x3:'"), ("2x2:1*1.\n", "unexpected '[*]'"),
                                        ("0x3:\n", "outside")])
def test_a_flat_line_that_does_not_fit_its_size_is_named(text, said):
    with pytest.raises(PuzzleFormatError, match=said):
        formats.loads(text, format="flat")
