"""Number Link inputs and commands as users bring them: files from the web, hand-written boards, URLs pasted
from a browser, options at their edges; each read as meant or refused in one line."""

from __future__ import annotations

import pytest

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
