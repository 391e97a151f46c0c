"""The ``pairs`` layout: ``W H`` on a line, then one line a pair, as several Flow Free solvers keep their boards.

Before the ``pairs`` reader such a file was taken for a ``wh`` board and refused (``row has 4 cells; the header
says W = 5``). The boards here are written by hand in the layouts seen in public solver repositories.
"""

from __future__ import annotations

import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats, solve_puzzle

from cli_helpers import run

PARENTHESISED = "5 5\n(0,0) (1,4)\n(1,3) (2,0)\n(2,1) (2,4)\n(3,4) (4,1)\n(3,3) (4,0)\n"
LABELLED = "4 3\nr: 0 0 3 0\ng: 0 1 3 1\nb: 0 2 3 2\n"


def test_size_then_parenthesised_pairs_without_a_count_is_read():
    assert formats.detect(PARENTHESISED) == "pairs"
    p = formats.loads(PARENTHESISED)
    assert p.shape == (5, 5) and p.pairs == 5
    assert p.grid[0, 0] == p.grid[4, 1] == 1 and p.grid[3, 1] == p.grid[0, 2] == 2  # x the column, y the row
    r = solve_puzzle(p)
    assert r.status == "solved"


def test_labelled_pair_lines_keep_their_labels_and_solve():
    assert formats.detect(LABELLED) == "pairs"
    p = formats.loads(LABELLED)
    assert p.labels == ("r", "g", "b")
    assert p.grid.tolist() == [[1, 0, 0, 1], [2, 0, 0, 2], [3, 0, 0, 3]]
    assert solve_puzzle(p, unique=True).unique is True


def test_a_labelled_line_may_give_a_whole_path_its_ends_first_and_last():
    p = formats.loads("3 2\na: 0 0 1 0 2 0\nb: 0 1 1 1 2 1\n")
    assert p.grid.tolist() == [[1, 0, 1], [2, 0, 2]]


def test_several_puzzles_and_comments():
    ps = formats.loads_all("# two boards\n2 1\n(0, 0) (1, 0)\n\n3 1\n(0, 0) (2, 0)\n")
    assert [p.shape for p in ps] == [(1, 2), (1, 3)]


@pytest.mark.parametrize("text, message", [
    ("3 1\n(0,0) (3,0)\n", r"^2:8: endpoint x 3, y 0 of pair 1 is outside the 3x1 \(WxH\) board"),
    ("3 1\n(0,0) (2,0)\n(2,0) (1,0)\n", r"^3:2: pairs 1 and 2 both end at x 2, y 0"),
    ("3 1\na: 0 0 2 0\n(1,0) (1,0)\n", r"^3:1: some pair lines have a label and others not"),
    ("3 2\na: 0 0 2 0\na: 0 1 2 1\n", r"^3:1: the label 'a' is given to two pairs"),
    ("3 2\na: 0 0 2\n", r"^2:1: pair 1 has 3 numbers"),
    ("3 2\n(0,0) (2,0)\nhello\n", r"^3:1: expected a pair line"),
])
def test_a_pair_that_does_not_fit_is_named(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        formats.loads(text)


def test_other_layouts_of_endpoints_are_read_as_before():
    assert formats.detect("2 3 2\n(0, 0) (2, 1)\n(1, 0) (0, 1)\n") == "ends"  # K W H: the count first
    assert formats.detect("4 4\n0 0 3 3\n") == "ends"
    assert formats.detect("3 1\n1.1\n") == "wh"


def test_the_command_line_solves_a_pairs_file(capsys, tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(LABELLED)
    code, out, err = run(capsys, "numberlink", "solve", str(path))
    assert code == 0 and "solved" in err and out.splitlines() == ["r─────r", "g─────g", "b─────b"], err
