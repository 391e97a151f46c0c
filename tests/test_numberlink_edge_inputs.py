"""Number Link inputs a user may bring that are odd but not absurd: files with no puzzle, options at their edges,
outputs that cannot be written, boards too big to draw; each answered in one line, never in silence."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats

from cli_helpers import run


@pytest.mark.parametrize("text, line", [("0 0\n", 1), ("# only a comment\n", 1), ("# c\n\n0 0\n3 1\n1.1\n", 3)])
def test_a_wh_file_without_a_puzzle_is_an_error(text, line):
    with pytest.raises(PuzzleFormatError, match="no puzzle in the input") as exc:
        formats.loads_all(text, format="wh")
    assert exc.value.line == line


def test_the_cli_says_so_for_a_file_holding_only_the_end_marker(tmp_path, capsys):
    path = tmp_path / "end.txt"
    path.write_text("# Copyright nobody\n0 0\n")
    for command in (["solve"], ["solve", "--json"], ["check"], ["check", "--json"]):
        code, out, err = run(capsys, "numberlink", *command, str(path))
        assert (code, out) == (2, "")
        assert err.startswith("error: ") and "no puzzle in the input" in err and err.count("\n") == 1


@pytest.fixture
def crossing(tmp_path):
    path = tmp_path / "cross.txt"
    path.write_text("1.2\n...\n2.1\n")  # no solution, known without a solver
    return path


def test_count_zero_is_refused_not_taken_for_no_count(capsys, crossing):
    code, out, err = run(capsys, "numberlink", "solve", str(crossing), "--count", "0")
    assert (code, out) == (2, "") and err == "error: --count must be at least 1, not 0\n"


@pytest.mark.parametrize("value", ["0", "-1", "nan"])
def test_check_refuses_a_time_limit_that_is_not_positive_even_when_no_solver_is_needed(capsys, crossing, value):
    code, out, err = run(capsys, "numberlink", "check", str(crossing), "--time-limit", value)
    assert (code, out) == (2, "")
    assert err.startswith("error: --time-limit must be a positive number of seconds, not ") and err.count("\n") == 1


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_check_of_a_file_with_an_invalid_puzzle_is_bad_input_as_for_solve(capsys, tmp_path, as_json):
    path = tmp_path / "two.txt"
    path.write_text("1.1\n2.2\n\n1..\n...\n")
    code, out, err = run(capsys, "numberlink", "check", str(path), *as_json)
    assert code == 2
    assert err == "error: " + str(path) + ":4:1: number '1' appears once (line 4 column 1); each number must " \
                  "appear exactly twice\n"
    if as_json:
        import json

        assert [d["verdict"] for d in json.loads(out)] == ["proper", "invalid"]
    else:
        assert out == "two#1: proper\n"
    for command in (["solve"], ["solve", "--json"]):  # solve says the same of the same file
        code, _, err_solve = run(capsys, "numberlink", *command, str(path))
        assert code == 2 and err_solve.splitlines()[-1] == err.strip()


@pytest.mark.parametrize("out, message", [
    ("missing/p.png", "the folder {tmp}/missing does not exist"),
    (".", "cannot write {tmp}: it is a folder"),  # named as a folder, not as a picture without extension
    ("p", "cannot write a picture as 'a file without extension'"),
    ("p.bmp", "cannot write a picture as '.bmp'"),
])
def test_solve_refuses_a_picture_it_cannot_write_before_solving(capsys, monkeypatch, tmp_path, crossing, out, message):
    import tremaux.numberlink as nl

    def never(*args, **kwargs):
        raise AssertionError("the puzzles were solved before --out was checked")

    monkeypatch.setattr(nl, "iter_solve_file", never)
    code, printed, err = run(capsys, "numberlink", "solve", str(crossing), "--out", str(tmp_path / out))
    assert (code, printed) == (2, "")
    assert err.startswith("error: ") and message.format(tmp=tmp_path) in err and err.count("\n") == 1


def test_solve_prints_plain_lines_when_the_output_is_not_a_terminal(capsys, monkeypatch, crossing):
    from tremaux.numberlink import draw

    def never(*args, **kwargs):
        raise AssertionError("every cell was styled for an output that shows no colour")

    monkeypatch.setattr(draw, "to_rich", never)
    code, out, _ = run(capsys, "numberlink", "solve", str(crossing))
    assert code == 1 and out == draw.to_text(formats.load(crossing)) + "\n"


@pytest.mark.parametrize("cap, coloured", [(None, True), (8, False)])
def test_a_terminal_gets_colours_up_to_a_board_size(capsys, monkeypatch, crossing, cap, coloured):
    from tremaux.cli import numberlink_cmds

    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    if cap is not None:  # the 3x3 board is over this cap
        monkeypatch.setattr(numberlink_cmds, "COLOUR_CELLS", cap)
    code, out, _ = run(capsys, "numberlink", "solve", str(crossing))
    assert code == 1 and ("\x1b[" in out) is coloured
    assert out.replace("\x1b[0m", "").count("·") == 5


@pytest.mark.parametrize("suffix, what", [(".png", "a PNG of 1401 x 141 pixels"), (".svg", "an SVG of a 50x5")])
def test_pictures_over_the_memory_budget_are_refused_before_they_are_drawn(tmp_path, suffix, what):
    from tremaux import budget
    from tremaux.errors import MemoryLimitError
    from tremaux.numberlink import Puzzle
    from tremaux.numberlink.draw import save

    puzzle = Puzzle.from_rows(["1" + "." * 48 + "1", *["." * 50] * 4])
    with budget.limited("40K"), pytest.raises(MemoryLimitError, match=what):
        save(puzzle, tmp_path / f"p{suffix}")
    assert not (tmp_path / f"p{suffix}").exists()


@pytest.mark.parametrize("row, cells", [("1,,1", [1, 0, 1]), ("1, ,1", [1, 0, 1]), (",1,1", [0, 1, 1]),
                                        ("1,1,", [1, 1, 0]), ("1 ,\t,1", [1, 0, 1]), (",,", [0, 0, 0])])
def test_an_empty_field_between_commas_is_an_empty_cell_not_a_dropped_one(row, cells):
    # a spreadsheet saves an empty cell as an empty field; it was refused ('write . or 0'), and before that dropped
    # (the cells after it shifted)
    puzzle = formats.loads(f"{row}\n2,.,2\n3,3,.\n")
    assert puzzle.shape == (3, 3) and puzzle.grid[0].tolist() == [p and puzzle.labels.index("1") + 1 for p in cells]
    assert formats.loads("1, 0 ,1\n2,.,2\n").grid.tolist() == [[1, 0, 1], [2, 0, 2]]
    assert formats.loads("4 1\n1,,1\n").labels == ("1", ",")  # one character per cell under a 'W H' header


def test_a_row_with_an_empty_field_too_many_is_named_by_its_width():
    with pytest.raises(PuzzleFormatError, match="row 2 has 3 cells; row 1 has 4") as exc:
        formats.loads("1,,1,\n2,.,2\n")
    assert exc.value.line == 2


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_every_line_end_splits_rows(end):
    text = end.join(["# c", "3 2", "1.1", "2.2", "0 0", ""])
    assert formats.loads(text).grid.tolist() == [[1, 0, 1], [2, 0, 2]]
    grid = formats.loads(end.join(["1.1", "2.2", ""]))
    assert grid.grid.tolist() == [[1, 0, 1], [2, 0, 2]]
    with pytest.raises(PuzzleFormatError) as exc:
        formats.loads(end.join(["1.1", "2.2", "3.."]))
    assert exc.value.line == 3


def test_writers_never_merge_two_labels_that_read_back_as_one_number():
    from tremaux.numberlink import Puzzle

    both = Puzzle([[1, 1], [2, 2]], labels=["01", "1"])
    for fmt in ("grid", "wh"):
        with pytest.raises(PuzzleFormatError, match="read back as the number 1"):
            formats.dumps(both, fmt)
    for fmt in ("puzzlink", "contest", "bwinf", "flow"):  # renumbered: the two pairs stay two
        again = formats.loads(formats.dumps(both, fmt), format=fmt)
        assert again.pairs == 2 and np.array_equal(again.grid > 0, both.grid > 0)
        assert len({again.grid[0, 0], again.grid[1, 0]}) == 2
    zero = Puzzle([[1, 1], [2, 2]], labels=["00", "1"])  # was written as 'Z', a label it never had
    for fmt in ("grid", "wh"):
        with pytest.raises(PuzzleFormatError, match=r"label '00' .* \(a zero there means an empty cell\)$"):
            formats.dumps(zero, fmt)
    lone = Puzzle([[1, 1], [2, 2]], labels=["07", "3"])  # alone, a leading zero is harmless
    assert formats.loads(formats.dumps(lone, "grid")).grid.tolist() == [[2, 2], [1, 1]]


def test_lines_run_up_to_wide_labels_and_corners_without_a_gap():
    from tremaux.numberlink import Puzzle, solve_puzzle
    from tremaux.numberlink.draw import to_rich, to_text

    r = solve_puzzle(Puzzle.from_rows([["10", None, None], ["1", "1", "10"]]), rule="fill", time_limit=30)
    assert r.status == "solved"
    assert to_text(r).splitlines() == ["10─────┐", " 1──1 10"]
    coloured = to_rich(r)
    bold = [coloured.plain[s.start:s.end] for s in coloured.spans if "bold" in str(s.style)]
    assert coloured.plain == to_text(r) and bold == ["10", " 1", "─1", "10"]  # the endpoints, and only they


@pytest.mark.parametrize("name, message", [
    ("", "error: the puzzle file name '' is blank; give a file, a puzz.link URL or '-'"),
    ("  ", "error: the puzzle file name '  ' is blank; give a file, a puzz.link URL or '-'"),
    ("https://", "error: no such file: https://"),  # as given, not folded to 'https:'
    ("ftp://puzz.link/p?numlin/3/1/1g1", "error: no such file: ftp://puzz.link/p?numlin/3/1/1g1"),
])
@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_blank_or_odd_file_name_is_named_as_given(capsys, command, name, message):
    code, out, err = run(capsys, "numberlink", command, name)
    assert (code, out, err) == (2, "", message + "\n")


@pytest.mark.parametrize("big", [2**32 + 1, 2**31, 10**8, 4])
def test_a_pair_id_beyond_the_board_is_named_never_wrapped_around_nor_counted_up_to(big):
    from tremaux.errors import PuzzleError
    from tremaux.numberlink import Puzzle

    for dtype in (np.int64, np.uint64):
        with pytest.raises(PuzzleError, match=rf"^pair id {big} at row 1 column 2 is more than the 3 cells of the grid"):
            Puzzle(np.array([[0, big, big]], dtype=dtype))
    assert Puzzle([[0, 1, 1]]).pairs == 1


def test_the_library_names_what_it_was_given_instead_of_reading_a_descriptor_or_writing_nothing(tmp_path):
    import os

    from tremaux.numberlink import Puzzle

    fd = os.open(tmp_path / "keep.txt", os.O_CREAT | os.O_RDWR)
    try:
        with pytest.raises(PuzzleFormatError, match="expected a file name, a path or an open binary file, not int"):
            formats.load(fd)
        os.fstat(fd)  # still open: load did not read nor close it
    finally:
        os.close(fd)
    with pytest.raises(PuzzleFormatError, match="expected the text of a puzzle file, not NoneType"):
        formats.loads(None)
    assert formats.loads("1.1\n".encode()).grid.tolist() == [[1, 0, 1]]
    with pytest.raises(PuzzleFormatError, match="not UTF-8 text"):
        formats.loads(b"1\xff1\n")
    with pytest.raises(PuzzleFormatError, match="^no puzzle to write$"):
        formats.dumps_all([], "wh")  # '0 0' alone, which reads back as no puzzle
    with pytest.raises(PuzzleFormatError, match="expected a Puzzle to write, not str"):
        formats.dumps("1.1", "grid")
    assert formats.dumps(Puzzle([[1, 1]]), "grid") == "11\n"


@pytest.mark.parametrize("text, message, line", [
    ("2 3\n1.1\n2.2\n0 0\n", r"row has 3 cells; the header says W = 2 \(the columns come first: is the header "
                             r"'H W'\?\)", 2),
    ("3 3\n1.1\n2.2\n0 0\n", r"the 3x3 puzzle has only 2 rows; line 4 is the '0 0' end", 4),
    ("3 3\n1.1\n2.2\n3 1\n1.1\n", r"the 3x3 puzzle has only 2 rows; line 4 is the next 'W H' header", 4),
    # a wide puzzle under a header the wrong way round runs out of rows before its rows are measured
    ("3 5\n1...1\n2...2\n3...3\n", r"the 3x5 puzzle has only 3 rows \(the columns come first: is the header "
                                    r"'H W'\?\)$", 5),
])
def test_a_wh_header_that_does_not_match_its_rows_says_how(text, message, line):
    with pytest.raises(PuzzleFormatError, match=message) as exc:
        formats.loads_all(text)
    assert exc.value.line == line


@pytest.mark.parametrize("text, message, line", [
    ("100000 100000\n1.1\n", r"puzzle size 100000x100000 \(WxH\) is outside 1\.\.4096 on a side", 1),
    ("10 10\n1.1\n2.2\n", r"the 10x10 puzzle has only 2 rows", 4),
    ("3 5\n", r"the 3x5 puzzle has only 0 rows", 2),  # not a one-row grid of two numbers each once
])
def test_a_wh_header_whose_rows_no_grid_could_follow_is_read_as_one(text, message, line):
    with pytest.raises(PuzzleFormatError, match=message) as exc:
        formats.loads_all(text)
    assert exc.value.line == line


def test_a_grid_of_two_separated_labels_a_row_is_no_wh_header():
    """'2 5' over '2 5' is a 2x2 grid of the labels 2 and 5, not a 'W H' header over one row of a 2x5 puzzle."""
    assert formats.detect("2 5\n2 5\n") == "grid"
    assert formats.loads("2 5\n2 5\n").labels == ("2", "5")
    assert formats.loads("2 3\n. .\n2 3\n").grid.tolist() == [[1, 2], [0, 0], [1, 2]]
    assert [p.shape for p in formats.loads_all("2 5\n2 5\n\n1 1\n")] == [(2, 2), (1, 2)]
    for text in ("2 3\n1 1\n", "2 4\n1 1\n", "2 4\n1 1"):  # no grid: a 'wh' file cut short
        with pytest.raises(PuzzleFormatError, match="puzzle has only"):
            formats.loads_all(text)
    # rows as long as the header's second number, spaces among them: a whole 'blanks' board (rows first)
    assert formats.detect("2 3\n1 1\n2 2\n") == "blanks"
    assert formats.loads("2 3\n1 1\n2 2\n").grid.tolist() == [[1, 0, 1], [2, 0, 2]]


def test_a_grid_whose_first_row_is_two_empty_cells_is_no_empty_wh_file():
    assert formats.loads("0 0\n10 10\n").grid.tolist() == [[0, 0], [1, 1]]
    assert formats.loads("0 0\n0 7\n0 7\n").shape == (3, 2)
    for text in ("0 0\n", "0 0\n3 1\n1.1\n", "# c\n0 0\n1 1\n"):  # the end of a 'wh' file holding no puzzle
        with pytest.raises(PuzzleFormatError, match="no puzzle in the input before the '0 0' that ends it"):
            formats.loads_all(text)


@pytest.mark.parametrize("text, where, char", [
    ("1.1\u200b\n2.2\n", (1, 4), r"'\\u200b'"),  # a zero-width space, pasted from a web page
    ("1.1\n2.2\x00\n", (2, 4), r"'\\x00'"),
    ("\ufeff\u200b1.1\n2.2\n", (1, 1), r"'\\u200b'"),
    ("3 2\n1.1\n2.2\u200b\n0 0\n", (3, 4), r"'\\u200b'"),
])
def test_an_invisible_character_that_makes_a_row_longer_is_named(text, where, char):
    with pytest.raises(PuzzleFormatError, match=f"unexpected {char}; a cell is") as exc:
        formats.loads_all(text)
    assert (exc.value.line, exc.value.column) == where


def test_the_json_of_generate_and_solve_reads_back_as_their_puzzle(capsys, tmp_path):
    """The JSON ``generate --json`` and ``solve --json`` print was refused ("this is JSON, not a puzzle text");
    it reads back as its puzzle: the numbers, never the solution's filled grid."""
    code, out, _ = run(capsys, "numberlink", "generate", "--size", "4x5", "--seed", "1", "--json")
    gen = tmp_path / "g.json"
    gen.write_text(out)
    puzzle = formats.loads(__import__("json").loads(out)["puzzle"])
    assert formats.load(gen).grid.tolist() == puzzle.grid.tolist()
    code, out, _ = run(capsys, "numberlink", "solve", str(gen), "--json")
    assert code == 0
    solved = tmp_path / "s.json"
    solved.write_text(out)
    assert formats.load(solved).grid.tolist() == puzzle.grid.tolist()
    code, out, _ = run(capsys, "numberlink", "check", str(solved))
    assert (code, out) == (0, "g: proper\n")
    unsolved = tmp_path / "u.json"  # no solution: its numbers are still in the record
    (tmp_path / "u.txt").write_text("1.2\n...\n2.1\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(tmp_path / "u.txt"), "--json")
    unsolved.write_text(out)
    assert code == 1 and formats.load(unsolved).grid.tolist() == [[1, 0, 2], [0, 0, 0], [2, 0, 1]]


def test_labels_of_solved_lines_are_kept_and_a_wh_label_survives_the_json():
    rec = ('[{"name": "p", "size": [2, 3], "lines": [{"label": "12", "cells": [[0, 0], [0, 1], [0, 2]]}, '
           '{"label": "x", "cells": [[1, 2], [1, 1], [1, 0]]}]}]')
    p = formats.loads(rec)
    assert (p.grid.tolist(), p.labels, p.name) == ([[1, 0, 1], [2, 0, 2]], ("12", "x"), "p")
    from tremaux.numberlink import solve_puzzle

    odd = formats.loads("3 1\n#.#\n0 0\n")
    assert formats.loads(__import__("json").dumps([solve_puzzle(odd).to_dict()])).labels == ("#",)
    with pytest.raises(PuzzleFormatError, match=r"^1:1: the record: \"size\" is \[0, 2\], outside 1\.\.4096 rows"):
        formats.loads('{"size": [0, 2], "lines": []}')  # a record of no name: not "the record of ''"


@pytest.mark.parametrize("text, why", [
    # a "grid" field is read as the board's rows since the JSON cell grids (12b49fb): its numbers are checked
    ('{"size": [2, 3], "grid": [[1, 1, 1], [2, 2, 2]]}', "this JSON grid: number '1' appears 3 times"),
    ('\n[[[0, 0], [0, 1]]]\n', "this JSON is a list of paths"),
    ('[{"name": "p", "verdict": "proper", "reasons": []}]', "a verdict of 'numberlink check --json'"),
    ('[]', "this JSON is an empty list"),
    ('{"puzzle": "{\\"puzzle\\": \\"1.1\\"}"}', "it is JSON again"),
    ('{"puzzle": "1.2\\n"}', "the record, its \"puzzle\" text: 1:1: number '1' appears once"),
    ('[{"size": [1, 2], "lines": [{"cells": [[0, 0], [0, 5]]}]}]', "line 1 ends at [0, 5], outside the 1x2"),
    ('{"puzzle": 5}', 'this JSON has a "puzzle" field of 5, not puzzle text'),
])
def test_json_that_holds_no_puzzle_is_named(capsys, tmp_path, text, why):
    path = tmp_path / "p.json"
    path.write_text(text)
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert why in err and f"{path}:{1 + text.startswith(chr(10))}:1:" in err


def test_two_numbers_a_row_is_still_a_grid_and_two_empty_cells_still_a_wh_row():
    assert formats.loads("1 2\n1 2\n").grid.tolist() == [[1, 2], [1, 2]]
    assert formats.loads("2 2\n1 1\n0 0\n0 0\n").grid.tolist() == [[1, 1], [0, 0]]


def test_a_lone_zero_in_a_wh_file_says_that_zero_is_a_label_there():
    with pytest.raises(PuzzleFormatError, match=r"number '0' appears once .*; in the 'wh' format '0' is a label, "
                                                r"and '\.' an empty cell$"):
        formats.loads("3 2\n101\n2.2\n0 0\n")
    assert formats.loads("4 1\n1001\n0 0\n").labels == ("0", "1")


@pytest.mark.parametrize("command, module, function", [
    ("solve", "tremaux.numberlink.solvers", "solve_puzzle"),
    ("check", "tremaux.numberlink.check", "diagnose"),
])
def test_answers_are_printed_as_they_come_so_an_interrupt_keeps_them(capsys, monkeypatch, tmp_path, command, module,
                                                                     function):
    import importlib

    target = importlib.import_module(module)
    real = getattr(target, function)
    calls = []

    def second_is_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(target, function, second_is_interrupted)
    path = tmp_path / "two.txt"
    path.write_text("1.1\n2.2\n\n1.2\n...\n2.1\n")
    code, out, err = run(capsys, "numberlink", command, str(path))
    assert code == 130  # interrupted
    assert out == ("1───1\n2───2\n" if command == "solve" else "two#1: proper\n")


def test_pictures_of_several_puzzles_are_numbered_and_of_one_are_not(capsys, tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("1.1\n2.2\n\n1.2\n...\n2.1\n")
    code, _, _ = run(capsys, "numberlink", "solve", str(path), "--out", str(tmp_path / "p.svg"))
    assert code == 1 and sorted(f.name for f in tmp_path.glob("p*.svg")) == ["p-1.svg", "p-2.svg"]
    path.write_text("1.1\n2.2\n")
    code, _, _ = run(capsys, "numberlink", "solve", str(path), "--out", str(tmp_path / "q.svg"))
    assert code == 0 and sorted(f.name for f in tmp_path.glob("q*.svg")) == ["q.svg"]


@pytest.mark.parametrize("text, shapes", [("# my puzzle\n1.2\n...\n1.2\n", [(3, 3)]),
                                          ("1.1\n\n# second\n1.2\n1.2\n", [(1, 3), (2, 3)]),
                                          ("1.1\n# second, no blank line\n2.2\n", [(1, 3), (1, 3)])])
def test_a_comment_line_in_a_grid_file_is_skipped(text, shapes):
    # it was refused as "a line starting with '#' is a comment only in the 'wh' format"
    assert [p.shape for p in formats.loads_all(text)] == shapes


def test_contest_keywords_are_read_in_either_case():
    upper = formats.loads("SIZE 3X2\nLINE_NUM 1\nLINE#1 (0,0)-(2,1)\n")
    for text in ("size 3x2\nline_num 1\nline#1 (0,0)-(2,1)\n", "Size 3x2\nLine_Num 1\nLine#1 (0, 0) - (2, 1)\n"):
        assert formats.detect(text) == "contest"
        assert formats.loads(text) == upper


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_its_byte_order_mark_is_read_and_without_it_named(tmp_path, encoding):
    path = tmp_path / "p.txt"
    bom = "\ufeff" if encoding != "utf-16" else ""  # utf-16 writes its own mark
    path.write_bytes((bom + "# c\r\n3 2\r\n1.1\r\n2.2\r\n0 0\r\n").encode(encoding))
    assert formats.load(path).grid.tolist() == [[1, 0, 1], [2, 0, 2]]
    path.write_bytes("1.1\n".encode("utf-16-le"))  # no mark: not taken for UTF-16
    with pytest.raises(PuzzleFormatError):
        formats.load(path)


def test_solve_never_draws_over_its_own_puzzle_file(capsys, tmp_path, crossing, monkeypatch):
    before = crossing.read_text()
    monkeypatch.chdir(tmp_path)
    for out in (str(crossing), "cross.txt", f"../{tmp_path.name}/cross.txt"):
        code, printed, err = run(capsys, "numberlink", "solve", "cross.txt", "--out", out)
        assert (code, printed) == (2, "") and "is the puzzle file itself" in err and err.count("\n") == 1
    assert crossing.read_text() == before


@pytest.mark.parametrize("name, out", [("p-1.txt", "p.txt"), ("p-2.txt", "p.txt")])
def test_solve_never_draws_a_numbered_picture_over_its_own_puzzle_file(capsys, tmp_path, name, out):
    puzzles = tmp_path / name
    puzzles.write_text("1.1\n2.2\n\n1.2\n1.2\n")  # two puzzles: their pictures are p-1.txt and p-2.txt
    before = puzzles.read_text()
    code, printed, err = run(capsys, "numberlink", "solve", str(puzzles), "--out", str(tmp_path / out))
    assert code == 2 and err.splitlines()[-1] == (f"error: --out {tmp_path / out} numbers the pictures of several "
                                                  f"puzzles, and {puzzles} is the puzzle file itself: the picture "
                                                  f"would write over the puzzles; give another --out")
    assert puzzles.read_text() == before


@pytest.mark.parametrize("url", ["https://puzz.link/p?numlin/3/2/1g12g2/", "HTTPS://PUZZ.LINK/p?numlin/3/2/1g12g2",
                                 "Http://pzv.jp/p.html?numlin/3/2/1g12g2"])
def test_puzzlink_urls_with_a_closing_slash_or_a_capital_scheme(url):
    assert formats.is_url(url)
    assert formats.load(url).grid.tolist() == [[1, 0, 1], [2, 0, 2]]


def test_one_character_left_after_the_cells_is_one_character():
    with pytest.raises(PuzzleFormatError, match=r"1:38: 1 character left after the 3x2 cells$"):
        formats.loads("https://puzz.link/p?numlin/3/2/1g12g2x")


def test_a_text_drawing_over_the_memory_budget_is_refused_before_it_is_drawn(capsys, tmp_path):
    from tremaux import budget
    from tremaux.errors import MemoryLimitError
    from tremaux.numberlink.draw import TEXT_ARRAY_BYTES, TEXT_CELL_BYTES, TEXT_CODE_BYTES, to_rich, to_text

    puzzle = formats.loads("1" + "." * 198 + "1\n" + ("." * 200 + "\n") * 199)
    assert min(TEXT_CELL_BYTES, 2 * TEXT_CODE_BYTES + TEXT_ARRAY_BYTES) * 200 * 200 > 1_000_000
    for draw in (to_text, to_rich):
        with budget.limited("1M"), pytest.raises(MemoryLimitError, match="a text drawing of a 200x200 "):
            draw(puzzle)
    path = tmp_path / "wide.txt"
    path.write_text(formats.dumps(puzzle))
    code, out, err = run(capsys, "--memory-limit", "1M", "numberlink", "solve", str(path), "--rule", "nikoli")
    assert code == 2 and err.splitlines()[-1].startswith("error: a text drawing of a 200x200 (WxH) puzzle needs")


def test_the_first_picture_is_kept_when_the_second_puzzle_is_interrupted(capsys, monkeypatch, tmp_path):
    import tremaux.numberlink.solvers as solvers

    real, calls = solvers.solve_puzzle, []

    def second_is_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(solvers, "solve_puzzle", second_is_interrupted)
    path = tmp_path / "two.txt"
    path.write_text("1.1\n2.2\n\n1.2\n...\n2.1\n")
    code, _, _ = run(capsys, "numberlink", "solve", str(path), "--out", str(tmp_path / "p.svg"))
    assert code == 130 and (tmp_path / "p.svg").read_text().startswith("<svg")


@pytest.mark.parametrize("text, fmt, message", [
    ("3 1\n1.1\n3 2\n2.2\n", "wh", r"^5:1: the 3x2 puzzle has only 1 row$"),  # the file cut short
    ("3 1\n1.1\nend\n", "wh", r"^3:1: expected a 'W H' header"),
    ("2\n1\n1 1\n0 0\n2\n1\n1 0\n", "bwinf", r"^8:1: the 2x2 board has only 1 row$"),
    ("2\n1\n1 1\n0 0\n9 9\n", "bwinf", r"^5:1: expected the side n of a board, found '9 9'$"),
])
def test_a_framed_file_broken_after_its_first_puzzle_keeps_the_puzzles_before(text, fmt, message):
    items = formats.loads_all(text, errors="keep")
    assert formats.detect(text) == fmt and len(items) == 2
    assert items[0].pairs == 1 and items[0].name == "#1"
    assert isinstance(items[1], PuzzleFormatError) and re.match(message, str(items[1]))
    with pytest.raises(PuzzleFormatError, match=message):
        formats.loads_all(text)


def test_the_cli_solves_the_puzzles_before_a_broken_one(tmp_path, capsys):
    path = tmp_path / "cut.txt"
    path.write_text("3 1\n1.1\n3 2\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 2 and "1───1" in out
    assert err.splitlines()[0].startswith("cut#1: solved") and err.splitlines()[1] == \
        f"error: {path}:5:1: the 3x2 puzzle has only 1 row"


def test_out_dash_is_the_standard_output_never_a_file_named_dash(capsys, monkeypatch, tmp_path, crossing):
    # --out - was refused; it is the standard output, as for the maze commands (tests/test_cli_out_stdout.py)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "numberlink", "solve", str(crossing), "--out", "-")  # which picture? said
    assert (code, out) == (2, "") and not (tmp_path / "-").exists()
    assert err.startswith("error: --out - is the standard output") and "--format" in err and err.count("\n") == 1
    code, out, err = run(capsys, "numberlink", "generate", "--size", "3x3", "--seed", "1", "--out", "-")
    assert code == 0 and out.count("\n") == 3 and not (tmp_path / "-").exists()


def test_the_json_of_a_file_with_an_invalid_puzzle_reads_back_the_others(capsys, tmp_path):
    (tmp_path / "two.txt").write_text("1.1\n\n1.2\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "--json")
    (tmp_path / "two.json").write_text(out)
    items = formats.load_all(tmp_path / "two.json", errors="keep")
    assert items[0].grid.tolist() == [[1, 0, 1]] and isinstance(items[1], PuzzleFormatError)
    assert 'item 2 of this JSON list holds no "puzzle" field' in str(items[1])
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.json"))
    assert code == 2 and "1───1" in out and err.count("error: ") == 1
