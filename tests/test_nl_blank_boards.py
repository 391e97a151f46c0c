"""The ``blanks`` layout: ``R C`` (rows first), then the rows, a space for an empty cell and ``0`` a label.

Course projects keep their boards so, and editors drop each row's trailing spaces. Before the ``blanks`` reader
these files were refused (``row 3 has 1 cell; row 1 has 2``, ``the 9x9 puzzle has only 1 row``). The boards here
are written by hand in that layout.
"""

from __future__ import annotations

import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats, solve_puzzle

from cli_helpers import run

# 4 rows of 6 columns; row 2 lost its trailing spaces, row 4 is all blanks (an empty line)
BOARD = "4 6\n0    0\na  b\n a  b \n\n"


def test_a_board_with_blanks_for_empty_cells_is_read_rows_first():
    assert formats.detect(BOARD) == "blanks"
    p = formats.loads(BOARD)
    assert p.shape == (4, 6)
    assert sorted(p.labels) == ["0", "a", "b"]  # '0' is a pair here, not an empty cell
    zero, a, b = (p.labels.index(x) + 1 for x in ("0", "a", "b"))
    assert p.grid.tolist() == [[zero, 0, 0, 0, 0, zero], [a, 0, 0, b, 0, 0], [0, a, 0, 0, b, 0], [0] * 6]
    r = solve_puzzle(p)
    assert r.status == "solved"


def test_a_board_of_more_columns_than_rows():
    p = formats.loads("2 5\nx   x\ny   y\n")
    assert p.shape == (2, 5) and p.pairs == 2


@pytest.mark.parametrize("text, message", [
    ("2 3\na a\nb b b\n", r"^3:4: row has 5 characters; the header says 3 columns"),
    ("2 3\na a\nb  \n", r"^3:1: 'b' appears once \(line 3 column 1\); each label must appear exactly twice"),
    ("3 3\na a\nb b", r"^4:1: the header says 3 rows; 2 follow"),
])
def test_a_board_that_does_not_fit_is_named(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        formats.loads(text, format="blanks")


def test_other_layouts_are_read_as_before():
    assert formats.detect("2 5\n2 5\n1 1\n") == "grid"  # separated labels, each twice
    assert formats.detect("3 1\n1.1\n") == "wh"
    assert formats.detect("4 4\n0 0 3 3\n") == "ends"
    assert formats.detect("3 2\n1 . 1\n2 . 2\n") == "wh"


def test_the_command_line_solves_a_blanks_file(capsys, tmp_path):
    path = tmp_path / "tablero.txt"
    path.write_text("2 3\na a\nb b")
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 0 and out.splitlines() == ["a───a", "b───b"], err
