"""Number Link as a new user meets it: odd arguments to the library and odd files and options to the commands,
each refused in one line naming the problem (exit 2 on the command line), before any work."""

from __future__ import annotations

import pytest

from tremaux.errors import InvalidSizeError
from tremaux.numberlink import generate_puzzle
from cli_helpers import run


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 10**30, -1])
def test_a_seed_64_bits_do_not_hold_is_refused_naming_the_range(seed):
    # 2**64 gave the puzzle of seed 0, silently (and -1 that of 2**64 - 1)
    with pytest.raises(InvalidSizeError, match=r"seed -?\d+ is out of range: it must be between "
                                               r"0 and 18446744073709551615"):
        generate_puzzle((4, 4), seed=seed)


def test_the_ends_of_the_seed_range_are_taken():
    assert generate_puzzle((3, 3), seed=2**64 - 1).seed == 2**64 - 1
    assert generate_puzzle((3, 3), seed=0).seed == 0


def test_the_size_limit_is_said_in_numbers_not_by_the_constant_name():
    with pytest.raises(InvalidSizeError) as info:
        generate_puzzle((201, 5))
    assert "200 rows and columns" in str(info.value) and "MAX_GENERATE_SIDE" not in str(info.value)


def test_the_command_refuses_the_seed_as_the_maze_commands_do(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "3x3", "--seed", str(2**64))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("error: --seed 18446744073709551616 is out of range"), err


@pytest.mark.parametrize("args, aim", [(("--size", "30x30"), "about 135 by default"),
                                       (("--size", "30x30", "--density", "0.06"), "about 54 at --density 0.06")])
def test_flow_free_text_refuses_more_pairs_than_letters_before_generating(capsys, monkeypatch, args, aim):
    # the 52-letter limit was found after the generation, its work lost
    import tremaux.numberlink as nl

    def never(*args, **kwargs):
        raise AssertionError("the puzzle was generated before the format's limit was checked")

    monkeypatch.setattr(nl, "generate_puzzle", never)
    code, out, err = run(capsys, "numberlink", "generate", *args, "--seed", "1", "-f", "flow")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("error: --format flow holds at most 52 pairs") and aim in err, err
    assert "give --density 0.0577 or less" in err, err


def test_a_density_the_flow_letters_hold_is_generated(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "30x30", "--seed", "1", "-f", "flow",
                         "--density", "0.0577")
    assert code == 0 and len(out.splitlines()) == 30, err


def test_a_row_of_one_cell_is_counted_in_the_singular(tmp_path, capsys):
    (tmp_path / "p.txt").write_text("1.1\n2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"))
    assert code == 2 and err.strip().endswith("row 2 has 1 cell; row 1 has 3"), err


@pytest.mark.parametrize("size", ["-3x4", "3x", "2x3x4x5"])
def test_a_malformed_size_names_the_form_a_puzzle_takes(size, capsys):
    # the maze commands' words named LxHxW too, which a puzzle refuses
    code, out, err = run(capsys, "numberlink", "generate", "--size", size)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "not of the form HxW (rows x columns" in err and "LxHxW" not in err, err


def test_solve_names_a_folder_given_to_out_as_a_folder(tmp_path, capsys):
    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "--out", str(tmp_path))
    assert code == 2 and err.strip() == f"error: cannot write {tmp_path}: it is a folder", err


def test_the_api_names_what_is_wrong_with_odd_puzzle_values():
    from tremaux.errors import PuzzleError
    from tremaux.numberlink import diagnose, solve_puzzle

    with pytest.raises(PuzzleError, match=r"^no puzzle in '': give puzzle text"):  # was read as the file ''
        solve_puzzle("")
    with pytest.raises(PuzzleError, match=r"rows are all text or all lists of pair ids, not text and int"):
        solve_puzzle(["1.1", 5])  # was "a puzzle grid is 2-D, not of shape (2,)"
    assert solve_puzzle(b"1.1\n2.2\n").status == "solved"  # a file's contents read in binary, as load reads it
    assert diagnose(bytearray(b"1.1\r\n2.2\r\n")).proper


def test_a_longest_line_beyond_the_board_is_the_board():
    # max_len=10**30 overflowed in the kernel (OverflowError, not the library's error)
    assert generate_puzzle((4, 4), max_len=10**30, seed=1).puzzle == generate_puzzle((4, 4), max_len=16,
                                                                                       seed=1).puzzle


def test_convert_names_the_format_that_cannot_hold_the_puzzles(tmp_path, capsys):
    # it said only "a Flow Free puzzle is square, not 3x2 (WxH)", naming neither the option nor the file
    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "convert", str(tmp_path / "p.txt"), "-f", "flow")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"error: --format flow cannot hold the puzzles of {tmp_path / 'p.txt'}: a Flow Free "
                          f"puzzle is square"), err


@pytest.mark.parametrize("extra, words", [(("--json",), "--json and --numbers print two different things"),
                                          (("--out", "-", "-f", "txt"), "--out - and --numbers both write")])
def test_numbers_is_not_dropped_silently(extra, words, tmp_path, capsys):
    # --numbers --json printed the JSON alone, as if --numbers had not been typed
    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "--numbers", *extra)
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_out_dash_on_a_text_only_standard_output(tmp_path, monkeypatch):
    # an embedding's sys.stdout may have no binary buffer: the svg is written as text, a png refused in one line
    import io
    import sys

    from tremaux.cli import main

    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    for fmt in ("svg", "png"):
        stream, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdout", stream)
        monkeypatch.setattr(sys, "stderr", err)
        try:
            main(["numberlink", "solve", str(tmp_path / "p.txt"), "-o", "-", "-f", fmt])
            code = 0
        except SystemExit as exc:
            code = exc.code
        if fmt == "svg":
            assert code in (0, None) and stream.getvalue().startswith("<svg"), err.getvalue()
        else:
            assert code == 2 and stream.getvalue() == "" and "takes text only" in err.getvalue(), err.getvalue()


def test_an_open_text_file_is_read_as_an_open_binary_file_is():
    # io.StringIO / open(path) without "b" failed inside the reader (TypeError: startswith first arg must be str)
    import io

    from tremaux.numberlink import load_all

    assert load_all(io.StringIO("\ufeff1.1\r\n2.2\r\n")) == load_all(io.BytesIO(b"1.1\n2.2\n"))


def test_a_picture_is_saved_in_the_format_named_whatever_the_extension(tmp_path, capsys):
    from tremaux.errors import UnsupportedError
    from tremaux.numberlink import Puzzle, draw

    draw.save(Puzzle.from_rows(["1.1", "2.2"]), tmp_path / "lines.dat", format="svg")
    assert (tmp_path / "lines.dat").read_text().startswith("<svg")
    with pytest.raises(UnsupportedError, match=r"cannot write a picture as 'jpeg' .*; use svg, png or txt"):
        draw.save(Puzzle.from_rows(["1.1", "2.2"]), tmp_path / "lines.dat", format="jpeg")
    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "-o", str(tmp_path / "l"), "-f", "png")
    assert code == 0 and (tmp_path / "l").read_bytes().startswith(b"\x89PNG"), err
