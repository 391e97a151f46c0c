"""What benchmarks/sweep_nl_api.py found in the Number Link Python API, pinned: each puzzle spelling the solver takes
builds a Puzzle too, colours are spelled alike in SVG and PNG (and what is no colour is refused in one line), and a
solution past those kept is named."""

from __future__ import annotations

import io
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image

from tremaux.errors import InvalidSizeError, PuzzleError
from tremaux.numberlink import Puzzle, solve_puzzle, to_png, to_svg


def test_puzzle_takes_rows_of_text_as_solve_puzzle_does():
    for rows in (["1.1", "2.2"], ("1.1", "2.2")):  # was: "a puzzle grid is 2-D, not of shape (2,)"
        assert Puzzle(rows) == solve_puzzle(rows).puzzle == Puzzle([[1, 0, 1], [2, 0, 2]])
    assert Puzzle(["A.A"], labels=["z"]).labels == ("z",)


@pytest.mark.parametrize("bad, shown", [(np.nan, "nan"), (np.inf, "inf")])
def test_a_grid_of_floats_with_nan_or_inf_is_refused_without_a_warning_naming_the_cell(bad, shown):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # was: a RuntimeWarning (invalid value in remainder) before the error
        with pytest.raises(PuzzleError, match=rf"^a puzzle grid holds integers \(pair ids\), not float64: {shown} at "
                                              rf"row 1 column 2 \(0 is an empty cell; Puzzle.from_rows reads NaN as "
                                              rf"one\)$"):
            Puzzle(np.array([[1, bad, 1]]))


def test_rows_of_labels_read_nan_as_an_empty_cell_and_whole_floats_as_numbers():
    pd = pytest.importorskip("pandas")
    table = pd.DataFrame([[1, None, 1], [2, None, 2]], dtype=float)  # as read_csv reads a grid with blank cells
    # was: "number 'nan' appears once", and labels '1.0', '2.0'
    for rows in (table.values, table.values.tolist(), [[1.0, np.nan, 1.0], [np.float32(2), None, 2]]):
        p = Puzzle.from_rows(rows)
        assert p == Puzzle([[1, 0, 1], [2, 0, 2]]) and p.labels == ("1", "2")


def test_rows_of_bytes_are_rows_of_text():
    rows = b"1.1\n2.2\n".splitlines()  # a file read in binary; was: "number '46' appears once" (the byte of '.')
    assert Puzzle.from_rows(rows) == Puzzle(rows) == solve_puzzle(rows).puzzle == Puzzle([[1, 0, 1], [2, 0, 2]])


def _run():
    return solve_puzzle(Puzzle([[1, 0, 1], [2, 0, 2]]))


@pytest.mark.parametrize("colours", [
    [(255, 0, 0), (0, 0, 128)],
    [[255, 0, 0], [0, 0, 128]],
    np.array([[255, 0, 0], [0, 0, 128]], dtype=np.uint8),
    [(np.int64(255), np.int64(0), np.int64(0)), "navy"],
    ["rgb(255, 0, 0)", "#000080"],
])
def test_colours_as_rgb_tuples_draw_the_same_in_svg_and_png(colours):
    svg = ET.fromstring(to_svg(_run(), colours=colours, cell=20))  # was: stroke="(255, 0, 0)", no colour at all
    strokes = [el.get("stroke") for el in svg.iter() if el.tag.endswith("polyline")]
    assert strokes[0] in ("#ff0000", "rgb(255, 0, 0)") and strokes[1] in ("#000080", "navy")
    png = Image.open(io.BytesIO(to_png(_run(), colours=colours, cell=20))).convert("RGB")  # was: InvalidSizeError
    assert png.getpixel((30, 10)) == (255, 0, 0) and png.getpixel((30, 30)) == (0, 0, 128)


@pytest.mark.parametrize("value, shown", [
    ("nocolour", "'nocolour'"),
    ('red" onload="x', "'red\" onload=\"x'"),
    ((255, 0), r"\(255, 0\)"),
    ((256, 0, 0), r"\(256, 0, 0\)"),
    ((1.5, 0, 0), r"\(1.5, 0, 0\)"),
])
@pytest.mark.parametrize("draw", [to_svg, to_png])
def test_what_is_no_colour_is_refused_in_one_line_by_both_pictures(draw, value, shown):
    # was: to_svg wrote any string (a quote broke the XML) or tuple into the picture as it was given
    for style, what in ((dict(colours=[value, "red"]), "colours"), (dict(background=value), "background"),
                        (dict(grid_colour=value), "grid_colour")):
        with pytest.raises(InvalidSizeError, match=rf"^{what}: {shown} is not a colour \(a name such as 'red', "):
            draw(_run(), **style)


def test_an_svg_background_may_be_none_and_colours_keep_their_spelling():
    svg = to_svg(_run(), background="none", colours=["red", "#00f"])
    assert 'fill="none"' in svg and 'stroke="red"' in svg and 'stroke="#00f"' in svg
    ET.fromstring(svg)


def test_a_solution_past_those_kept_is_named():
    r = _run()
    assert r.lines(np.int64(0)) == r.lines(-1) and r.numbers(np.int8(0)) == [[1, 1, 1], [2, 2, 2]]
    for call in (r.lines, r.numbers):  # was: IndexError: tuple index out of range
        with pytest.raises(IndexError, match=r"^solution 3 is not among the 1 solution kept; give 0 to 0$"):
            call(3)


def test_a_dataframe_of_pair_ids_is_a_grid():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame([[1, 0, 1], [2, 0, 2]])  # was: "expected a Puzzle (...), not DataFrame"
    assert Puzzle(frame) == Puzzle([[1, 0, 1], [2, 0, 2]])
    assert solve_puzzle(frame).grid.tolist() == [[1, 1, 1], [2, 2, 2]]


def test_a_picture_saved_as_svg_is_named_when_read_as_a_puzzle(tmp_path):
    from tremaux.errors import PuzzleFormatError
    from tremaux.numberlink import load, save

    path = tmp_path / "p.svg"
    save(Puzzle([[1, 0, 1]]), path)
    with pytest.raises(PuzzleFormatError, match=r"p\.svg:1:1: this is an SVG picture, not a Number Link puzzle "
                                                r"text; a picture is not read back as its puzzle"):
        load(path)  # was: "pair 1 of the XML board has 0 points with x and y; it needs two"


def test_rows_of_text_in_a_numpy_array_are_rows_of_text():
    rows = np.array(["1.1", "2.2"])  # was: "a puzzle grid is 2-D, not of shape (2,)"
    assert Puzzle(rows) == Puzzle([[1, 0, 1], [2, 0, 2]]) == solve_puzzle(rows).puzzle


@pytest.mark.parametrize("grid, message", [
    ([["A", ".", "A"], "B.B"], "a puzzle's rows are all text or all lists of pair ids, not text and list"),
    ([[1, 0, 1], [[2], 0, 2]], r"the cell at row 2 column 1 holds \[2\], not a pair id"),
])
def test_a_grid_of_rows_of_one_length_that_numpy_refuses_is_named(grid, message):
    for call in (Puzzle, solve_puzzle):  # was: "the rows of a puzzle grid differ in length: row 1 has 3 cells; row 1
        with pytest.raises(PuzzleError, match=rf"^{message}$"):  # has 3" from Puzzle
            call(grid)


def _columns(most: int):
    """Every one-column board of up to ``most`` cells whose pairs are numbered in order of their first cell."""
    import itertools

    for h in range(1, most + 1):
        for cells in itertools.product(range(h // 2 + 1), repeat=h):
            seen = [k for i, k in enumerate(cells) if k and k not in cells[:i]]
            if seen == list(range(1, len(seen) + 1)) and all(cells.count(k) == 2 for k in seen):
                yield Puzzle(np.array(cells).reshape(h, 1))


def test_a_one_column_board_reads_back_as_the_grid_it_is_written_in():
    import json

    from tremaux.numberlink import dumps, loads

    boards = list(_columns(6))
    assert len(boards) > 50
    for p in boards:  # '2 / 1 / 1 / 2' was read as a Copris header (2 rows, 1 column) and its rows, refused
        assert loads(dumps(p)) == p and loads(str(p) + "\n") == p, dumps(p)
        assert loads(json.dumps(solve_puzzle(p, rule="nikoli").to_dict())) == p


@pytest.mark.parametrize("sep", [",", ";", "\t", " "])
def test_a_one_row_grid_of_pairs_is_a_grid_whatever_separates_its_cells(sep):
    from tremaux.numberlink import dumps, loads

    p = Puzzle([[2, 2, 0, 0, 1, 1]])
    text = sep.join(["2", "2", "0", "0", "1", "1"]) + "\n"  # was, with commas: the 'ends' board 2 x 2 of (0, 0)-(1, 1)
    assert loads(text) == p and loads(dumps(p, "csv")) == p and loads(dumps(p, "tsv")) == p
    if sep in ", ":  # named, it is still read as the size and two ends
        assert loads(text, format="ends").shape == (2, 2)


def test_the_json_of_a_record_on_one_line_is_puzzle_text():
    import json

    from tremaux.numberlink import diagnose

    run = solve_puzzle([[1, 0, 1], [2, 0, 2]])
    for record in (run.to_dict(), diagnose(run).to_dict()):  # was: "{...}: cannot read the file: No such file"
        assert Puzzle(json.dumps(record)) == run.puzzle == solve_puzzle(json.dumps(record)).puzzle
    assert diagnose("[[1, 0, 1], [2, 0, 2]]").proper  # a JSON list of rows


def test_a_trace_asked_of_a_solver_that_keeps_none_is_refused():
    from tremaux.errors import UnsupportedError
    from tremaux.numberlink import NL_SOLVERS

    for entry in NL_SOLVERS:
        if entry.meta.get("record"):
            assert "trace" in solve_puzzle([[1, 0, 1]], entry.name, record=True).extras
        else:  # was: solved, the trace silently left out
            with pytest.raises(UnsupportedError, match=rf"^the {entry.name} solver keeps no trace of its moves"):
                solve_puzzle([[1, 0, 1]], entry.name, record=True)
