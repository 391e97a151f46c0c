"""Layouts of puzzle files that solvers and level makers publish: rows of '|'-separated cells, JSON grids of cell
objects or colours, and a size with a list of endpoint pairs written as terms (each file here written by hand in
that layout)."""

from __future__ import annotations

import json

import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats, loads, loads_all

from cli_helpers import run

# --- rows of '|'-separated cells --------------------------------------------------------------------------------


def test_rows_of_bar_separated_cells_are_read_with_a_blank_or_nothing_as_an_empty_cell():
    text = "1| | \n |2|1\n2| |\n"  # the last cell of row 3 is nothing at all, as a trailing space is dropped
    assert formats.detect(text) == "pipes"
    p = loads(text)
    assert p.grid.tolist() == [[1, 0, 0], [0, 2, 1], [2, 0, 0]]


def test_bars_on_both_sides_of_every_row_are_borders_and_letters_are_labels():
    p = loads("|A|.|B|\n|A| |B|\n")
    assert p.shape == (2, 3) and p.labels == ("A", "B")


def test_bar_rows_of_different_lengths_are_an_error_naming_the_row():
    with pytest.raises(PuzzleFormatError, match=r"2:1: row 2 has 2 cells; row 1 has 3"):
        loads("1| |1\n2|2\n")


def test_a_wh_file_whose_labels_include_a_bar_is_still_a_wh_file():
    assert formats.detect("3 1\n|.|\n0 0\n") == "wh"
    assert loads_all("3 1\n|.|\n0 0\n")[0].labels == ("|",)


def test_the_cli_solves_a_file_of_bar_separated_rows(capsys, tmp_path):
    f = tmp_path / "bars.txt"
    f.write_text("1| |1\n2| |2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 0 and "solved" in err + out and "error" not in err

# --- JSON grids of cell objects or colour triples ---------------------------------------------------------------


def _cell(colour, end):
    return {"type": "normal", "color": colour, "isEndpoint": end}


def test_a_level_of_cell_objects_reads_its_flagged_endpoints_only():
    rows = [[1, 1, 1], [2, 2, 2]]
    ends = [[True, False, True], [True, False, True]]
    level = {"difficulty": "easy", "grid": [[_cell(c, e) for c, e in zip(r, f)] for r, f in zip(rows, ends)],
             "solutionPaths": {"1": [[0, 0], [0, 1], [0, 2]]}}
    p = loads(json.dumps(level, indent=2))
    assert p.grid.tolist() == [[1, 0, 1], [2, 0, 2]]


def test_a_wall_cell_in_a_json_level_is_an_error_naming_it():
    level = {"grid": [[_cell(1, True), {"type": "wall", "color": 0, "isEndpoint": False}, _cell(1, True)]]}
    with pytest.raises(PuzzleFormatError, match=r"row 1 column 2 is of type 'wall'"):
        loads(json.dumps(level))


def test_rows_of_colour_triples_and_nulls_read_each_colour_as_a_label():
    red, blue = [234, 51, 35], [20, 40, 244]
    p = loads(json.dumps([[red, None, blue], [red, None, blue]]))
    assert p.labels == ("#1428f4", "#ea3323") and p.grid.tolist() == [[2, 0, 1], [2, 0, 1]]


def test_a_list_of_paths_is_still_refused_as_a_solution_without_its_size():
    with pytest.raises(PuzzleFormatError, match="list of paths"):
        loads(json.dumps([[[0, 0], [0, 1]], [[1, 0], [1, 1]]]))

# --- a size and the endpoint pairs as terms ---------------------------------------------------------------------


def test_tuples_give_a_square_board_and_pairs_of_x_column_y_row_ends():
    text = "(3, 2,\n(1: (1,1), (3,1)),\n(2: (1,3), (3,3)))"
    assert formats.detect(text) == "tuples"
    assert loads(text).grid.tolist() == [[1, 0, 1], [0, 0, 0], [2, 0, 2]]


def test_tuples_whose_count_disagrees_with_the_list_are_refused():
    with pytest.raises(PuzzleFormatError, match="the header gives 3 pairs; the list holds 2"):
        loads("(3, 3,\n(1: (1,1), (3,1)),\n(2: (1,3), (3,3)))")


def test_dotted_sizes_give_rows_then_columns_and_row_column_pairs():
    text = "2.\n3.\n[((1,1),(1,3)), ((2,1),(2,3))]."
    assert formats.detect(text) == "dotted"
    p = loads(text)
    assert p.shape == (2, 3) and p.grid.tolist() == [[1, 0, 1], [2, 0, 2]]


def test_a_dotted_pair_off_the_board_is_an_error_naming_it():
    with pytest.raises(PuzzleFormatError, match=r"pair '1' ends at \(3, 1\), outside the 2x3 board"):
        loads("2.\n3.\n[((3,1),(1,3))].")


def test_links_give_zero_based_row_column_ends_under_their_labels():
    text = "size 3\nlink '1', [0,0], [0,2]\nlink 'b', [2,0], [2,2]\n"
    assert formats.detect(text) == "links"
    p = loads(text)
    assert p.labels == ("1", "b") and p.grid.tolist() == [[1, 0, 1], [0, 0, 0], [2, 0, 2]]


def test_a_link_through_a_waypoint_is_an_error_naming_it():
    with pytest.raises(PuzzleFormatError, match=r"3:1: pair '2' has 3 points"):
        loads("size 3\nlink '1', [0,0], [0,2]\nlink '2', [2,0], [1,1], [2,2]\n")

# --- a blocked cell, which these boards do not have --------------------------------------------------------------


@pytest.mark.parametrize("text, where", [("B . *\n. . .\nB . *\n", "1:5"), ("B*\n.*\nB.\n", "1:2")])
def test_a_star_cell_is_named_as_a_blocked_cell_these_boards_do_not_have(text, where):
    with pytest.raises(PuzzleFormatError, match=rf"{where}: unexpected '\*' \(a blocked cell\? these boards have none"):
        loads(text)


@pytest.mark.parametrize("text", ["|".join(["."] * 5000) + "\n1|1" + "|." * 4998 + "\n",
                                  json.dumps([[{"color": 0}] * 5000])])
def test_a_board_too_wide_in_the_new_layouts_is_a_format_error(text):
    with pytest.raises(PuzzleFormatError, match=r"outside 1\.\.\d+ on a side"):
        loads(text)


def test_a_matrix_field_of_numbers_with_minus_one_for_an_empty_cell_is_read():
    p = loads('{"matrix": [\n[1, -1, 2],\n[1, -1, 2]\n]}')
    assert p.grid.tolist() == [[1, 0, 2], [1, 0, 2]]


def test_a_solve_record_with_lines_is_read_by_its_lines_not_its_filled_grid():
    rec = {"size": [1, 3], "grid": [[1, 1, 1]], "lines": [{"label": "A", "cells": [[0, 0], [0, 1], [0, 2]]}]}
    assert loads(json.dumps([rec])).grid.tolist() == [[1, 0, 1]]
