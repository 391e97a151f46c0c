"""Number Link puzzles as users paste and save them: a puzz.link URL's query alone, a URL with its fragment or
in angle brackets, a tab-separated grid copied from a spreadsheet; each read as meant or refused in one line."""

from __future__ import annotations

import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats
from tremaux.numberlink.formats.grids import base_name

from cli_helpers import run

GRID = [[1, 0, 1], [2, 0, 2]]


@pytest.mark.parametrize("url", ["?numlin/3/2/1g12g2", "p?numlin/3/2/1g12g2", "numlin/3/2/1g12g2",
                                 "numberlink/3/2/1g12g2", "numlin/v:/3/2/1g12g2", "?numlin%2F3%2F2%2F1g12g2"])
def test_the_query_of_a_url_alone_is_read_from_the_command_line_and_from_a_file(url, tmp_path, capsys, monkeypatch):
    # what is left of a link when only the part after the host (or after the '?') is copied
    monkeypatch.chdir(tmp_path)  # no file of that name here
    assert formats.is_url(url)
    assert formats.loads(url).grid.tolist() == GRID
    assert base_name(url) in ("numlin", "numberlink")
    code, out, err = run(capsys, "numberlink", "solve", "--numbers", url)
    assert (code, out) == (0, "1 1 1\n2 2 2\n"), err
    path = tmp_path / "urls.txt"
    path.write_text(f"# two links\n{url}\n{url}\n")
    assert formats.detect(path.read_text()) == "puzzlink"
    assert [p.grid.tolist() for p in formats.load_all(path)] == [GRID, GRID]


def test_a_file_named_like_a_query_is_still_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "numlin").mkdir()
    (tmp_path / "numlin" / "3").mkdir()
    (tmp_path / "numlin" / "3" / "1").write_text("1.1\n")
    assert not formats.is_url("numlin/3/1")


def test_a_word_that_only_starts_like_a_query_is_no_url():
    assert not formats.is_url("numlin/easy.txt") and not formats.is_url("puzzles/numlin.txt")
    with pytest.raises(PuzzleFormatError, match="unexpected '/'"):
        formats.loads("numlin/x\n")


@pytest.mark.parametrize("line", ["https://puzz.link/p?numlin/3/2/1g12g2#top", "<https://puzz.link/p?numlin/3/2/1g12g2>",
                                  '"https://puzz.link/p?numlin/3/2/1g12g2"', "'puzz.link/p?numlin/3/2/1g12g2'",
                                  "<https://puzz.link/p?numlin/3/2/1g12g2>  # easy"])
def test_a_url_with_its_fragment_or_wrapped_in_brackets_or_quotes_is_read(line):
    # a browser ignores the '#...' fragment; mail and Markdown wrap links in <...>, lists and CSV quote them
    assert formats.loads(line).grid.tolist() == GRID
    assert [p.grid.tolist() for p in formats.loads_all(f"{line}\n{line}\n")] == [GRID, GRID]


def test_a_url_wrapped_on_one_side_only_is_still_an_error_naming_the_character():
    with pytest.raises(PuzzleFormatError, match="1 character left after the 3x2 cells"):
        formats.loads("https://puzz.link/p?numlin/3/2/1g12g2>")


@pytest.mark.parametrize("text, column", [("1\t\t1\n\t2\t2\n", 3), ("1\t.\t1\n2\t\t2\n", 3),
                                          ("1\t\t\t\t2\n2\t.\t.\t.\t1\n", 3), ("1\t \t1\n2\t.\t2\n", 4)])
def test_an_empty_field_between_tabs_is_an_error_not_a_dropped_cell(text, column):
    # a grid copied from a spreadsheet: tabs between cells, nothing in an empty one; read as whitespace, the
    # empty field vanished and shifted the cells after it ('1<tab><tab>1' read as '1 1'), or '1<tab><tab>2'
    # passed for a 'W H' header
    with pytest.raises(PuzzleFormatError, match=r"empty field in a tab-separated row; write '\.' or 0") as exc:
        formats.loads(text)
    line = 1 if "\t\t" in text.splitlines()[0] or "\t \t" in text.splitlines()[0] else 2
    assert (exc.value.line, exc.value.column) == (line, column)
    assert formats.detect(text) == "grid"


def test_tab_separated_rows_with_every_cell_written_are_read():
    assert formats.loads("1\t.\t1\n2\t0\t2\n").grid.tolist() == GRID
    assert formats.loads("\t1 . 1\n\t2 . 2\n").grid.tolist() == GRID  # indented by a tab
    assert formats.loads("3\t2\n1.1\n2.2\n").grid.tolist() == GRID  # a 'W H' header with a tab


def test_the_cli_names_the_empty_tab_field(tmp_path, capsys):
    path = tmp_path / "sheet.tsv"
    path.write_text("1\t\t\t\t2\n\t\t\t\t\n\t\t3\t\t\n\t\t\t\t\n1\t\t3\t\t2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 2 and out == ""
    # (a row of empty cells is a line of tabs alone, a blank line between puzzles: the first message names the fault)
    assert err.startswith(f"error: {path}:1:3: an empty field in a tab-separated row; write '.' or 0 for an empty "
                          "cell\n")
    assert "W = 1" not in err


@pytest.mark.parametrize("text, line, row", [("1\t.\t2\n\t\t\n2\t.\t1\n", 2, 2),
                                             ("1\t2\t3\n\t\t\n\t \t\n3\t2\t1\n", 2, 2),
                                             ("1\t2\r\n3\t.\r\n\t\r\n3\t2\r\n1\t.\r\n", 3, 3)])
def test_an_empty_row_of_tabs_alone_is_named_in_one_error_not_a_split_puzzle(text, line, row, tmp_path, capsys):
    # a spreadsheet's row with every cell empty, saved as tab-separated values: tabs alone, a blank line once its
    # whitespace is gone; the puzzle was read as two (each number once: one error for each part)
    items = formats.loads_all(text, errors="keep")
    assert len(items) == 1 and isinstance(items[0], PuzzleFormatError)
    assert str(items[0]) == f"{line}:1: row {row} is empty (a line of tabs alone): write '.' or 0 for its cells"
    path = tmp_path / "sheet.tsv"
    path.write_text(text, newline="")
    code, out, err = run(capsys, "numberlink", "check", str(path))
    assert (code, out) == (2, "") and err.count("error:") == 1 and f"row {row} is empty" in err


def test_an_empty_row_of_tabs_between_two_whole_puzzles_still_parts_them():
    # a spreadsheet holding two puzzles, an empty row between them: each part reads as a puzzle
    items = formats.loads_all("1\t.\t1\n2\t.\t2\n\t\t\n1\t1\t.\n2\t2\t.\n")
    assert [p.grid.tolist() for p in items] == [GRID, [[1, 1, 0], [2, 2, 0]]]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_text_without_its_byte_order_mark_is_named_as_such(tmp_path, capsys, encoding):
    # as some programs save "Unicode" text; the message was "unexpected '\x00'; a cell is..." (or "not UTF-8")
    path = tmp_path / "p.txt"
    path.write_bytes("# from a Windows tool\r\n3 2\r\n1.1\r\n2.2\r\n".encode(encoding))
    code, out, err = run(capsys, "numberlink", "solve", "--numbers", str(path))
    assert (code, out) == (2, "")
    assert err == (f"error: {path}:1:1: this looks like {encoding.upper()} text without its byte-order mark; save it "
                   "as UTF-8 (or as UTF-16 with the mark)\n")
    path.write_bytes("\ufeff# from a Windows tool\r\n3 2\r\n1.1\r\n2.2\r\n".encode(encoding))  # with the mark
    assert formats.load(path).grid.tolist() == GRID


def test_bytes_with_zeros_that_are_no_utf16_text_are_still_refused_in_one_line():
    with pytest.raises(PuzzleFormatError, match="unexpected"):
        formats.loads(b"1\x00\x00\x00.\x00\x00\x001\x00\x00\x00")  # UTF-32: a zero is no character of a text


@pytest.mark.parametrize("text", ['"1","0","1"\n"2","0","2"\n', '"A";".";"B"\n"A";".";"B"\n', '"1" . "1"\n2 . 2\n',
                                  '"10",0,"10"\n"2",0,"2"\n'])
def test_fields_a_spreadsheet_quotes_are_read_as_their_labels(text):
    # CSV as spreadsheets save text cells: '"A","B"' (was: unexpected '"A"')
    puzzle = formats.loads(text)
    assert puzzle.shape == (2, 3) and puzzle.grid[:, 1].tolist() == [0, 0] and '"' not in "".join(puzzle.labels)


def test_an_empty_quoted_field_is_an_empty_cell():
    assert formats.loads('"1","","1"\n"2","0","2"\n').grid.tolist() == [[1, 0, 1], [2, 0, 2]]


@pytest.mark.parametrize("text", ["# only a comment\n", "# one\n\n# two\n", "\n  # indented\n"])
def test_a_file_of_comments_alone_holds_no_puzzle(text):
    # it was "a line starting with '#' is a comment only in the 'wh' format", as if a row were wrong
    with pytest.raises(PuzzleFormatError, match=r"no puzzle in the input: only '#' comment lines$"):
        formats.loads(text)


@pytest.mark.parametrize("name, data", [("grid.xlsx", b"PK\x03\x04" + bytes(40)), ("grid.ODS", b"PK\x03\x04" + bytes(40)),
                                        ("grid.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(40))])
def test_a_spreadsheet_file_is_named_with_what_to_do(tmp_path, capsys, name, data):
    # it was "a zip archive (an .npz file?)" (or "not UTF-8 text: byte 0xd0") for a grid saved by a spreadsheet
    path = tmp_path / name
    path.write_bytes(data)
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert (code, out) == (2, "")
    assert err == (f"error: {path}:1:1: this is a spreadsheet file, not text: save the sheet as CSV "
                   "(comma-separated values) and give that file\n")


def test_an_office_document_is_named():
    with pytest.raises(PuzzleFormatError, match=r"^1:1: this is an Office document \(\.xls, \.doc\), not a Number"):
        formats.loads(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(40))


@pytest.mark.parametrize("text, shown", [("１．１\n２．２\n", "'．' is another form of '.': write '.'"),
                                         ("1 － 1\n2 － 2\n", "'－' is another form of '-': write '-'")])
def test_a_full_width_empty_mark_is_named_with_its_ascii_form(text, shown):
    # full-width '．' and '－', as a Japanese keyboard types them, were named without the hint digits get
    with pytest.raises(PuzzleFormatError, match=f"unexpected '.' \\({shown}\\); a "):
        formats.loads(text)
