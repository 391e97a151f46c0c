"""'#' comment lines in Number Link files of the grid family and above a header (they were refused), and the
error of a file of a layout not read."""

import pytest
from cli_helpers import run

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats

GRIDS = [
    ("# from site X\n1.2\n...\n1.2\n", None, [(3, 3)]),
    ("# c\n1 . 2\n. . .\n1 . 2\n", None, [(3, 3)]),
    ("# exported\n1,0,2\n0,0,0\n1,0,2\n", None, [(3, 3)]),
    ("# c\n1\t0\t1\n2\t0\t2\n", None, [(2, 3)]),
    ("# first\n1.1\n\n# second\n1.2\n1.2\n", None, [(1, 3), (2, 3)]),
    ("1.2\n...\n1.2\n# second\n1.1\n", None, [(3, 3), (1, 3)]),
    ("# tests\n1\n1.1\n2\n2.2\n", None, [(1, 3), (1, 3)]),
    ("  #\n1.1\n", None, [(1, 3)]),
    ("# c\n1| |2\n1| |2\n", None, [(2, 3)]),
    ("|1| |1|\n\n# two\n|2|.|2|\n", None, [(1, 3), (1, 3)]),
    ("# level 1\nA.B\n...\nA.B\n", "flow", [(3, 3)]),
    ("# c\n1.1\n", "grid", [(1, 3)]),
]


@pytest.mark.parametrize("text, fmt, shapes", GRIDS)
def test_comment_lines_in_grid_files_are_skipped(text, fmt, shapes):
    assert [p.shape for p in formats.loads_all(text, format=fmt)] == shapes


def test_a_comment_in_a_pipes_file_keeps_it_pipes():
    assert formats.detect("# c\n1| |2\n1| |2\n") == "pipes"


HEADED = [
    ("# c\n(2, 1, (1: (1,1), (2,2)))\n", "tuples", (2, 2)),
    ("# c\n2.\n2.\n[((1,1),(2,2))].\n", "dotted", (2, 2)),
    ("# c\nsize 2\nlink 'A', [0, 0], [1, 1]\n", "links", (2, 2)),
    ("# c\n1\n1 3\n1.1\n", "counted", (1, 3)),
    ("# c\n# d\nSIZE 3X3\nLINE_NUM 1\nLINE#1 (0,0)-(2,2)\n", "contest", (3, 3)),
    ("# c\n3 1 0 0 2 0\n", "ends", (1, 3)),
    ("# c\n2\n1\n1 0\n0 1\n", "bwinf", (2, 2)),
    ("# c\n1\n3\n1 - 1\n", "copris", (1, 3)),
    ("# c\npzprv3\nnumlin\n1\n3\n1 . 1 \n", "pzprv3", (1, 3)),
    ("# c\rsize 2\rlink 'A', [0, 0], [1, 1]\r", "links", (2, 2)),
    ("\ufeff# c\r\n# d\r\n3 1 0 0 2 0\r\n", "ends", (1, 3)),
]


@pytest.mark.parametrize("text, name, shape", HEADED)
def test_comment_lines_above_a_header_are_skipped(text, name, shape):
    assert formats.detect(text) == name
    assert formats.loads(text).shape == shape
    assert formats.loads(text, format=name).shape == shape


@pytest.mark.parametrize("text, line, column", [("1#1\n", 1, 2), ("1.1\n#..\n", 2, 1), ("#.1\n1..\n", 1, 1),
                                                ("1 . 1\n# . .\n", 2, 1)])
def test_a_blocked_cell_stays_an_error(text, line, column):
    with pytest.raises(PuzzleFormatError, match="a blocked cell") as info:
        formats.loads(text)
    assert (info.value.line, info.value.column) == (line, column)


def test_an_error_after_comments_keeps_its_line_number():
    with pytest.raises(PuzzleFormatError) as info:
        formats.loads("# a\n# b\n1.2\n...\n1..\n")
    assert info.value.line in (3, 4, 5) and "2" in str(info.value)
    with pytest.raises(PuzzleFormatError) as info:
        formats.loads("# a\nsize 2\nlink 'A', [0, 0], [9, 1]\n")
    assert info.value.line == 3


@pytest.mark.parametrize("text", ["puzzle:\n  size: 3\n  pairs: [[0, 0, 0, 2]]\n", "graph [\n node [ id 0 ]\n]\n",
                                  "1 = 1\n2 = 2\n"])
def test_solving_a_file_of_a_layout_not_read_names_the_formats(capsys, tmp_path, text):
    # it said only "unexpected ':'; a separated cell is ...", as if a grid's cell were wrong
    path = tmp_path / "p.txt"
    path.write_text(text)
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1
    assert "no format matched, so the text was read as a grid" in err
    assert all(name in err for name in formats.FORMATS.names())


@pytest.mark.parametrize("text", ["1.2\n..\n", "1*1\n2.2\n", "1.1\n2.2\n\n1:1\n"])
def test_a_broken_grid_is_not_told_of_other_formats(text):
    with pytest.raises(PuzzleFormatError) as info:
        formats.loads_all(text)
    assert "no format matched" not in str(info.value)


@pytest.mark.parametrize("text, shapes", [("# from Nikoli's site\n1 2 3 4\n1 2 3 4\n", [(2, 4)]),
                                          ("# c\n1\t1\n2\t2\n", [(2, 2)]), ("# x y\n1 2 3\n1 2 3\n", [(2, 3)])])
def test_a_comment_as_many_words_as_the_rows_have_cells_is_a_comment(text, shapes):
    assert [p.shape for p in formats.loads_all(text)] == shapes


def test_numberlink_solve_reads_a_commented_grid_file(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("# from site X\n12\n12\n\n# the second\n1.1\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 0 and "p#1: solved" in err and "p#2: solved" in err and "#" not in out
