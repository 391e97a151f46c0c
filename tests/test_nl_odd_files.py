"""Number Link files as users bring them, and what the commands print of them: each answer shows every line it
found (no line printed as an empty cell), and each odd file or option is one line naming the problem."""

from __future__ import annotations

import json

from tremaux.numberlink import Puzzle, loads, numbers_text, solve_puzzle
from cli_helpers import run


def test_a_line_labelled_0_is_not_printed_as_empty_cells(tmp_path, capsys):
    # the 'wh' format takes '0' as a label; --numbers and the JSON grid printed its line as 0, the empty cell
    p = loads("3 2\n0.0\n1.1\n0 0\n")
    text = numbers_text(solve_puzzle(p, rule="nikoli"))
    assert "0" not in text.split(), text
    f = tmp_path / "zero.txt"
    f.write_text("3 2\n0.0\n1.1\n0 0\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(f), "--json")
    grid = json.loads(out)[0]["grid"]
    assert code == 0 and all(v != 0 for row in grid for v in row), grid  # under fill, every cell is on a line


def test_labels_that_are_one_number_twice_print_as_pair_ids():
    p = Puzzle(Puzzle.from_rows(["1.1", "2.2"]).grid, labels=("3", "٣"))
    assert p.numbers.tolist() == [0, 1, 2]
