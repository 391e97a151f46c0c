"""Number Link inputs and commands as users bring them: files from the web, hand-written boards, URLs pasted
from a browser, options at their edges; each read as meant or refused in one line."""

from __future__ import annotations

import pytest

from tremaux.errors import PuzzleError, PuzzleFormatError

from tremaux.numberlink import formats
from tremaux.numberlink.formats.grids import base_name

from cli_helpers import run


@pytest.mark.parametrize("side", [6, 10, 14])
def test_a_size_line_then_rows_of_integers_is_a_board_not_endpoint_coordinates(side):
    # '10 10' then ten rows of ten numbers, 0 for empty (a common homework file): rows of W numbers, W = 2 mod 4,
    # also frame as 'W H' and coordinate lines; the rows fit the size, so they are the board
    rows = [["0"] * side for _ in range(side)]
    rows[0][0], rows[-1][0], rows[0][-1], rows[-1][-1] = "1", "1", "2", "2"
    text = f"{side} {side}\n" + "".join(" ".join(r) + "\n" for r in rows)
    assert formats.detect(text) == "wh"
    puzzle = formats.loads(text)
    assert puzzle.shape == (side, side) and puzzle.labels == ("1", "2")


def test_the_cli_solves_such_a_board(tmp_path, capsys):
    path = tmp_path / "input2.txt"
    path.write_text("6 6\n1 0 0 0 0 2\n" + "0 0 0 0 0 0\n" * 4 + "1 0 0 0 0 2")  # no newline at the end
    code, out, err = run(capsys, "numberlink", "solve", "--numbers", str(path))
    assert code == 0 and "solved" in err and "error" not in err
    assert [len(row.split()) for row in out.splitlines()] == [6] * 6


@pytest.mark.parametrize("url", ["https://puzz.link/p?numlin%2F3%2F2%2F1g12g2", "puzz.link/p?numlin%2f3%2f2%2f1g12g2"])
def test_a_url_with_its_slashes_percent_encoded_is_read(url):
    # how a link comes out of some chat programs and redirects
    puzzle = formats.loads(url)
    assert puzzle.grid.tolist() == [[1, 0, 1], [2, 0, 2]]
    assert base_name(url) == "numlin"


def test_the_cli_reads_a_percent_encoded_url(capsys):
    code, out, err = run(capsys, "numberlink", "solve", "--numbers", "https://puzz.link/p?numlin%2F3%2F1%2F1g1")
    assert (code, out) == (0, "1 1 1\n") and err.startswith("numlin: solved")


PZPRV3 = "pzprv3\nnumlin\n2\n3\n1 . 2 \n1 . 2 \n0 0 \n0 0 \n0 0 0 \n"  # as puzz.link's File > Save writes it


@pytest.mark.parametrize("text", [PZPRV3, PZPRV3.replace("\n", "/"), "pzprv3.1\nnumberlink\n2\n3\n1 . 2\n1 . 2\n"])
def test_the_file_puzz_link_saves_is_read(text):
    assert formats.detect(text) == "pzprv3"
    assert formats.loads(text).grid.tolist() == [[1, 0, 2], [1, 0, 2]]


def test_a_puzz_link_file_round_trips_and_its_faults_are_named():
    puzzle = formats.loads("1.2\n1.2\n")
    assert formats.dumps(puzzle, "pzprv3") == PZPRV3
    assert formats.loads(formats.dumps(puzzle, "pzprv3")) == puzzle
    for text, message in [("pzprv3\nslither\n2\n3\n", "puzzle type 'slither'"),
                          ("pzprv3\nnumlin\n2\n", "ends before its puzzle type"),
                          ("pzprv3\nnumlin\n2\n3\n1 . 2\n", "says 2 rows; 1 follow"),
                          ("pzprv3\nnumlin\n2\n3\n1 . 2\n1 2\n", "row 2 has 2 cells"),
                          ("pzprv3\nnumlin\n2\n3\n1 . 2\n1 - 2\n", "row 2 column 2 holds a hidden number"),
                          ("pzprv3\nnumlin\n2\n3\n1 . 2\n1 . 3\n", "appears once")]:
        with pytest.raises(PuzzleFormatError, match=message):
            formats.loads(text)


def test_the_cli_solves_a_puzz_link_file_from_stdin(capsys, monkeypatch):
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PZPRV3.replace("2 \n1", "1 \n2").encode())))
    code, out, err = run(capsys, "numberlink", "solve", "--numbers", "-")
    assert code == 0 and out == "1 1 1\n2 2 2\n" and "solved" in err


@pytest.mark.parametrize("name, start", [("p.svg", b"<svg"), ("p.PNG", b"\x89PNG")])
def test_saving_a_puzzle_as_a_picture_draws_it(tmp_path, name, start):
    # tremaux.numberlink.save(puzzle, "p.svg") wrote the grid's text into a file named as a picture
    import tremaux.numberlink as nl

    nl.save(nl.Puzzle.from_rows(["1.1", "2.2"]), tmp_path / name)
    assert (tmp_path / name).read_bytes().startswith(start)
    nl.save(nl.Puzzle.from_rows(["1.1"]), tmp_path / "p.svg.txt")  # only the last extension counts
    assert (tmp_path / "p.svg.txt").read_text() == "1.1\n"


def test_writing_a_result_or_a_generated_puzzle_points_at_its_puzzle(tmp_path):
    import tremaux.numberlink as nl

    made = nl.generate_puzzle((3, 3), seed=1, time_limit=30)
    for obj in (made, nl.solve_puzzle(made.puzzle)):
        with pytest.raises(PuzzleFormatError, match=f"not {type(obj).__name__}; write its .puzzle"):
            nl.save(obj, tmp_path / "p.txt")
    nl.save(made.puzzle, tmp_path / "p.txt")
    assert nl.load(tmp_path / "p.txt") == made.puzzle


def test_a_json_list_of_rows_is_read_as_the_grid(tmp_path):
    # json.dump(puzzle.grid.tolist(), f) was refused as "a list of paths (a solution's)"
    import json

    import tremaux.numberlink as nl

    puzzle = nl.Puzzle.from_rows(["1.1", "2.2"])
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle.grid.tolist()))
    assert nl.load(path) == puzzle
    assert formats.loads('[[7, null, 7], ["B", ".", "B"]]').labels == ("7", "B")
    with pytest.raises(PuzzleFormatError, match="this JSON list of rows: row 2 has 2 cells; row 1 has 3"):
        formats.loads("[[1, 0, 1], [2, 0]]")
    with pytest.raises(PuzzleFormatError, match="this JSON is a list of paths"):
        formats.loads("[[[0, 0], [0, 1]]]")
    with pytest.raises(PuzzleFormatError, match="no rows of cells"):
        formats.loads("[[1.5, 1.5]]")


@pytest.mark.parametrize("text", ["1;0;1\n2;0;2\n", "1; 0; 1\r\n2; 0; 2\r\n", "1;.;1\n\n2;.;2\n"])
def test_semicolon_separated_rows_are_read_as_separated_cells(text):
    # the CSV a spreadsheet saves where the comma is the decimal mark was refused at its first ';'
    puzzles = formats.loads_all(text)
    assert [p.grid.tolist() for p in puzzles] in ([[[1, 0, 1], [2, 0, 2]]], [[[1, 0, 1]], [[1, 0, 1]]])


def test_a_semicolon_is_still_no_cell_of_a_character_grid():
    with pytest.raises(PuzzleFormatError, match="unexpected ';'"):
        formats.loads("1;1\n22\n")


def test_endpoints_given_as_a_mapping_of_labels():
    # {label: (end, end)} was iterated for its keys and refused: "the endpoints of number '1' are two cells, not '1'"
    import tremaux.numberlink as nl

    puzzle = nl.Puzzle.from_endpoints((2, 3), {"A": [(0, 0), (1, 0)], 7: [(0, 2), (1, 2)]})
    assert puzzle.labels == ("A", "7") and puzzle.grid.tolist() == [[1, 0, 2], [1, 0, 2]]
    with pytest.raises(PuzzleError, match="labels given twice"):
        nl.Puzzle.from_endpoints((1, 2), {"A": [(0, 0), (0, 1)]}, labels=["B"])


@pytest.mark.parametrize("name, first", [("p.wh", "3 3"), ("p.contest", "SIZE 3X3"), ("p.pzprv3", "pzprv3")])
def test_generate_takes_the_text_format_from_the_out_extension(tmp_path, capsys, name, first):
    # generate -o p.wh wrote the grid under a 'W H' file's name, while convert and save write what the name says
    code, _, err = run(capsys, "numberlink", "generate", "--size", "3x3", "--seed", "2", "-o", str(tmp_path / name))
    assert code == 0 and "wrote" in err
    assert (tmp_path / name).read_text().splitlines()[0] == first
    code, _, _ = run(capsys, "numberlink", "generate", "--size", "3x3", "--seed", "2", "-f", "grid", "-o",
                     str(tmp_path / name))
    assert code == 0 and (tmp_path / name).read_text().splitlines()[0] != first  # --format still wins


def test_a_list_of_urls_may_hold_comment_lines(capsys, tmp_path):
    # '# easy ones' above the URLs made the file a grid (refused at the '#'), and between them a URL error
    text = ("# easy ones\nhttps://puzz.link/p?numlin/3/1/1g1\n\n# harder\n"
            "https://puzz.link/p?numlin/3/2/1g12g2\n")
    assert formats.detect(text) == "puzzlink"
    puzzles = formats.loads_all(text, source="urls.txt")
    assert [p.shape for p in puzzles] == [(1, 3), (2, 3)] and [p.name for p in puzzles] == ["urls#1", "urls#2"]
    path = tmp_path / "urls.txt"
    path.write_text(text)
    code, _, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 0 and "error" not in err and err.count("solved") == 2


def test_a_comment_after_a_url_is_left_out_and_other_text_is_named():
    # 'URL  # easy' was refused with "7 characters left after the 3x1 cells"
    assert formats.loads("https://puzz.link/p?numlin/3/1/1g1   # easy\n").grid.tolist() == [[1, 0, 1]]
    with pytest.raises(PuzzleFormatError, match=r"1:36: text after the URL: 'easy'; a URL holds no space"):
        formats.loads("https://puzz.link/p?numlin/3/1/1g1\teasy\n")


@pytest.mark.parametrize("rows", [["1.2", "...", "1.2"],
                                  [["10", ".", ".", "10"], ["7", "B", ".", "7"], ["B", ".", ".", "."]]])
def test_a_printed_puzzle_is_read_back(rows):
    # the puzzle as the command line prints it ('1 · 2': '·' for an empty cell) was refused at the '·'
    import tremaux.numberlink as nl

    puzzle = nl.Puzzle.from_rows(rows)
    assert "·" in nl.to_text(puzzle) and formats.loads(nl.to_text(puzzle)) == puzzle


def test_a_drawn_solution_given_as_a_puzzle_is_named(capsys, tmp_path):
    # the lines solve prints, saved and given back, were refused at the first box-drawing character as a bad cell
    path = tmp_path / "drawn.txt"
    path.write_text("1 ┌─2\n│ │ ·\n1 └─2\n")
    code, out, err = run(capsys, "numberlink", "check", str(path))
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and "this is a drawn solution" in err and err.count("\n") == 1
    assert formats.loads("3 1\n│.│\n0 0\n").labels == ("│",)  # in a 'wh' board it is a label as any other


@pytest.mark.parametrize("text", ["1 1 1\n2 2 2\n", "111\n222\n"])
def test_a_grid_of_numbers_with_no_empty_cell_is_named_as_a_solution(text):
    # what 'solve --numbers' prints, given as a puzzle, said only that '1' appears 3 times
    with pytest.raises(PuzzleFormatError, match=r"appears 3 times .*no cell is empty: is this a solved grid"):
        formats.loads(text)
    with pytest.raises(PuzzleFormatError) as exc:
        formats.loads("111\n2.2\n")
    assert "solved grid" not in str(exc.value)
