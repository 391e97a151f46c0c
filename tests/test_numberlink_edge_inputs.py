"""Number Link inputs a user may bring that are odd but not absurd: files with no puzzle, options at their edges,
outputs that cannot be written, boards too big to draw; each answered in one line, never in silence."""

from __future__ import annotations

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
