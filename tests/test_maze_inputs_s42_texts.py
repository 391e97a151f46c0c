"""Text mazes as other tools and editors leave them: read as the maze, or refused in one line."""

from __future__ import annotations

import io
import sys

import pytest

from cli_helpers import run
from tremaux import io as tio
from tremaux.errors import MazeFormatError


@pytest.mark.parametrize("text", ["   \n   ", " \t \n\n  \n", "\n   \n"])
def test_a_text_of_spaces_alone_is_no_maze(text):
    # read as a block text of open squares (a 2 x 3 maze without a wall) before
    with pytest.raises(MazeFormatError, match="only spaces and blank lines: no maze to read"):
        tio.loads(text)


def test_show_of_a_blank_standard_input_is_one_line_and_exit_2(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"     \n     \n     \n")))
    code, out, err = run(capsys, "show", "-")
    assert code == 2 and out == ""
    assert err.startswith("error: <stdin>:1:1: the text holds only spaces") and err.count("\n") == 1
