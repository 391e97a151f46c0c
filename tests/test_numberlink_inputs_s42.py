"""What a new user of ``tremaux numberlink`` meets first: the help of the commands that take several files, and
the names of the puzzles of two files of one name."""

from __future__ import annotations

import io
import json
import re

import pytest

from cli_helpers import run

PROPER = "1.1\n2.2\n"


@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_help_of_a_command_of_several_files_names_no_python_type(capsys, command):
    code, out, _ = run(capsys, "numberlink", command, "--help")
    assert code == 0
    assert f"Usage: tremaux numberlink {command} [OPTIONS] FILE...\n" in out
    assert not re.search(r"<[^>]*>|\{FILE\}|list\[|Path\b", out), out


def _two(tmp_path, first="a/p.txt", second="b/p.txt", text=PROPER):
    paths = []
    for rel in (first, second):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("command", ["solve", "check"])
def test_two_files_of_one_name_in_two_folders_are_named_by_their_folders(tmp_path, capsys, command):
    code, out, err = run(capsys, "numberlink", command, *_two(tmp_path), "--json")
    assert code == 0, err
    assert [r["name"] for r in json.loads(out)] == ["a/p", "b/p"]
    code, out, err = run(capsys, "numberlink", command, *_two(tmp_path))
    text = err if command == "solve" else out
    assert re.findall(r"^(\S+?): ", text, re.M) == ["a/p", "b/p"], text


def test_names_told_apart_by_the_fewest_folders_or_the_extension(tmp_path, capsys):
    files = _two(tmp_path, "x/a/p.txt", "y/a/p.txt") + _two(tmp_path, "z/q.txt", "z/q.wh")
    code, out, err = run(capsys, "numberlink", "check", *files, "--json")
    assert [r["name"] for r in json.loads(out)] == ["x/a/p", "y/a/p", "q.txt", "q.wh"]


def test_a_file_of_several_puzzles_keeps_its_numbers_after_its_folder(tmp_path, capsys):
    files = _two(tmp_path, text=PROPER + "\n" + PROPER)
    code, out, err = run(capsys, "numberlink", "check", *files, "--json")
    assert [r["name"] for r in json.loads(out)] == ["a/p#1", "a/p#2", "b/p#1", "b/p#2"]


def test_an_unreadable_file_among_two_of_one_name_is_named_by_its_folder(tmp_path, capsys):
    files = _two(tmp_path)
    (tmp_path / "b/p.txt").write_text("1..\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", *files, "--json")
    assert code == 2 and [r["name"] for r in json.loads(out)] == ["a/p", "b/p"]


def test_two_puzzlink_urls_get_two_names(capsys):
    code, out, err = run(capsys, "numberlink", "check", "puzz.link/p?numlin/2/2/1g1", "puzz.link/p?numlin/2/1/11",
                         "--json")
    assert [r["name"] for r in json.loads(out)] == ["numlin#1", "numlin#2"]


def test_convert_of_two_files_of_one_name_gives_two_prolog_puzzles_two_ids(tmp_path, capsys):
    code, out, err = run(capsys, "numberlink", "convert", *_two(tmp_path), "-f", "prolog")
    ids = re.findall(r"^puzzle\(([^,]+),", out, re.M)
    assert code == 0 and len(ids) == 2 and len(set(ids)) == 2, out


def test_the_same_file_twice_keeps_one_name(tmp_path, capsys):
    first, _ = _two(tmp_path)
    code, out, err = run(capsys, "numberlink", "check", first, first, "--json")
    assert [r["name"] for r in json.loads(out)] == ["p", "p"]


def test_a_one_column_puzzle_as_the_command_prints_it_reads_back(capsys):
    from tremaux.numberlink import formats

    # '·' (an empty cell as printed) was read only between spaces: a one-column board, printed '1', '·', '1' a row
    # each, was refused at the '·'
    assert formats.loads("1\n·\n1\n").grid.tolist() == [[1], [0], [1]]
    assert formats.loads("1·2\n·1·\n··2\n").grid.tolist() == [[1, 0, 2], [0, 1, 0], [0, 0, 2]]


class _Stdin(io.BytesIO):
    name = "<stdin>"


class _Terminal:
    """Standard input as a terminal gives it: what is typed, then Ctrl-D."""

    def __init__(self, data):
        self.buffer = _Stdin(data)

    def isatty(self):
        return True


def test_stdin_on_a_terminal_says_how_to_end_the_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", _Terminal(b"1.1\n2.2\n"))
    code, out, err = run(capsys, "numberlink", "check", "-")
    assert code == 0 and out == "<stdin>: proper\n"
    assert err.startswith("reading puzzles from the terminal: type or paste them, then press Ctrl-D"), err


def test_stdin_from_a_pipe_reads_without_a_word(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(_Stdin(b"")))
    code, out, err = run(capsys, "numberlink", "check", "-")
    assert code == 2 and err == "error: <stdin>:1:1: no puzzle in the input\n"


def test_a_comment_saved_as_windows_1252_is_read(tmp_path):
    from tremaux.numberlink import formats

    f = tmp_path / "r.txt"
    f.write_bytes("# Rätsel 3, café\r\n3 3\r\n1.2\r\n...\r\n1.2\r\n0 0\r\n".encode("cp1252"))
    assert formats.load(f).grid.tolist() == [[1, 0, 2], [0, 0, 0], [1, 0, 2]]


def test_cells_saved_as_windows_1252_are_refused_saying_how_to_save_them(tmp_path, capsys):
    f = tmp_path / "dots.txt"
    f.write_bytes("1·2\n···\n1·2\n".encode("cp1252"))
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("error: ") and "dots.txt:1:2: not UTF-8 text: byte 0xb7" in err
    assert "'·' in Windows-1252 or Latin-1: save the file as UTF-8" in err
    f.write_bytes(bytes(range(256)))  # binary: no word of an encoding
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2 and "not UTF-8 text" in err and "Windows" not in err


@pytest.mark.parametrize("fmt", ["pzprv3", "copris"])
def test_numbers_of_a_puzzle_are_kept_by_the_formats_of_numbers(fmt, capsys):
    # a puzz.link URL's 3 and 7 were written as 1 and 2 in the file puzz.link opens (and in a janko.at board),
    # while the URL itself kept them
    from tremaux.numberlink import formats

    code, out, err = run(capsys, "numberlink", "convert", "numlin/3/3/3g7i3g7", "-f", fmt)
    assert code == 0 and formats.loads(out, format=fmt).labels == ("3", "7"), out
    assert formats.dumps(formats.loads(out), "puzzlink") == "https://puzz.link/p?numlin/3/3/3g7i3g7\n"
    assert formats.loads(formats.dumps(formats.loads("A.b\nA.b\n"), fmt)).labels == ("1", "2")


def _full_disk(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("name", ["p.wh", "p.svg"])
def test_convert_out_that_cannot_be_written_is_said_so(tmp_path, capsys, monkeypatch, name):
    # it was "error: no such file: ..." (an input's words) for a file no folder could take, or a full disk
    import pathlib

    import tremaux.numberlink.draw

    src = tmp_path / "p.txt"
    src.write_text(PROPER, encoding="utf-8")
    monkeypatch.setattr(pathlib.Path, "write_text", _full_disk)
    monkeypatch.setattr(tremaux.numberlink.draw, "save", _full_disk)
    out = tmp_path / name
    code, _, err = run(capsys, "numberlink", "convert", str(src), "-o", str(out))
    assert (code, err) == (2, f"error: cannot write {out}: No space left on device\n")


def test_a_full_square_copris_board_is_read_back_as_copris():
    # 'numberlink generate --size 12x12 --density 0.5 -f copris' (72 pairs, no empty cell, header '12', '12') was
    # taken for a BwInf board of 12 pairs and refused: "the board says 12 pairs but holds 72"
    from tremaux.numberlink import Puzzle, formats

    g = [[1 + (r * 2 + c // 2) for c in range(4)] for r in range(4)]  # 8 pairs side by side, a 4x4 board
    p = Puzzle(g)
    text = formats.dumps(p, "copris")
    assert text.startswith("4\n4\n") and "-" not in text
    assert formats.detect(text) == "copris" and formats.loads(text) == p
    bwinf = formats.dumps(p, "bwinf")
    assert formats.detect(bwinf) == "bwinf" and formats.loads(bwinf) == p


def test_numbers_above_9_written_without_spaces_get_a_hint(tmp_path, capsys):
    f = tmp_path / "tens.txt"
    f.write_text("10011\n00000\n10011\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2 and err.count("\n") == 1 and "number '1' appears 6 times" in err
    assert "write numbers above 9 apart ('10 . 11' or '10,0,11')" in err
    f.write_text("10 0 11\n0 0 0\n10 0 11\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "check", str(f), "--rule", "nikoli", "--json")
    assert json.loads(out)[0]["verdict"] != "invalid"
    f.write_text("1..\n...\n", encoding="utf-8")  # no digits side by side: no word of them
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert code == 2 and "above 9" not in err


def test_a_tsv_file_is_written_with_tabs_as_a_spreadsheet_opens_it(tmp_path, capsys):
    # 'convert -o p.tsv' (and formats.save) wrote the packed grid '1.2': one column in a spreadsheet
    from tremaux.numberlink import formats

    src = tmp_path / "p.txt"
    src.write_text("1.2\n...\n1.2\n", encoding="utf-8")
    out = tmp_path / "p.tsv"
    code, _, err = run(capsys, "numberlink", "convert", str(src), "-o", str(out))
    assert code == 0 and out.read_text(encoding="utf-8") == "1\t0\t2\n0\t0\t0\n1\t0\t2\n"
    assert formats.load(out) == formats.load(src)
    code, text, err = run(capsys, "numberlink", "convert", str(src), "-f", "tsv")
    assert text == out.read_text(encoding="utf-8")
    two = formats.loads("21\n12\n")  # two columns: '2<tab>1' is a row, not a 'W H' header
    assert formats.dumps(two, "tsv") == "2\t1\n1\t2\n" and formats.loads(formats.dumps(two, "tsv")) == two
    with pytest.raises(Exception, match="label '\\[' cannot be written in the 'tsv' format"):
        formats.dumps(formats.loads("2 1\n[[\n0 0\n"), "tsv")


def test_a_json_lines_out_is_refused_as_json_is(tmp_path, capsys):
    # '-o p.jsonl' got puzzle text under a JSON Lines name, while '-o p.json' was refused
    src = tmp_path / "p.txt"
    src.write_text(PROPER, encoding="utf-8")
    code, _, err = run(capsys, "numberlink", "convert", str(src), "-o", str(tmp_path / "p.jsonl"))
    assert code == 2 and "not as .jsonl (--json prints JSON on standard output)" in err
    assert not (tmp_path / "p.jsonl").exists()


def test_convert_says_when_a_format_renames_the_pairs(tmp_path, capsys):
    # '[' ... written as the numbers 1... of a contest file (or digits as the letters of Flow Free text) was silent
    src = tmp_path / "punct.wh"
    src.write_text("6 2\n[\\]^_`\n[\\]^_`\n0 0\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "convert", str(src), "-f", "contest")
    assert code == 0 and out.startswith("SIZE 6X2\n") and err.count("\n") == 1
    assert err.startswith("note: the contest format cannot keep the labels of punct; its pairs are written '[' as "
                          "'1', ")
    code, out, err = run(capsys, "numberlink", "convert", str(src), "-f", "wh")  # kept: nothing to say
    assert code == 0 and err == ""
    src.write_text("1.2\n...\n1.2\n", encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "convert", str(src), "-f", "flow")
    assert out == "A.B\n...\nA.B\n" and "its pairs are written '1' as 'A', '2' as 'B'" in err


@pytest.mark.parametrize("text, where, what", [
    ('[{"puzzle": "1.1\\n"', "1:20", "not JSON: Expecting ',' delimiter (the file is cut short?)"),
    ('{"puzzle": "1.1\\n"}\n{"puzzle":', "2:11", "not JSON: Expecting value (the file is cut short?)"),
])
def test_a_json_file_cut_short_is_named_as_json(tmp_path, capsys, text, where, what):
    # it was "unexpected '[{"puzzle":'; a separated cell is..." (a grid's words), or "Extra data" at line 2 column 1
    f = tmp_path / "p.json"
    f.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "numberlink", "solve", str(f))
    assert (code, err) == (2, f"error: {f}:{where}: {what}\n")


def test_the_boards_of_two_puzzles_printed_are_parted_by_a_blank_line(tmp_path, capsys):
    # they ran on as one board ('1 ┌─2' ... '1 └─2' then '1 2', '1 2': five rows of two widths) in a file or a pipe
    a, b = _two(tmp_path, text="12\n12\n")
    code, out, err = run(capsys, "numberlink", "solve", a, b)
    assert code == 0 and out.split("\n\n") == ["1 2\n1 2", "1 2\n1 2\n"], out
    code, out, err = run(capsys, "numberlink", "solve", a)  # one board: no blank line
    assert out == "1 2\n1 2\n"
