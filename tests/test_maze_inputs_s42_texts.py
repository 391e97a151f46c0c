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


@pytest.mark.parametrize("text, start, goal", [
    ("+---+---+\n| S     |\n+---+   +\n| E     |\n+---+---+", (0, 0), (1, 0)),
    ("+--+--+\n|S    |\n+--+  +\n|E    |\n+--+--+", (0, 0), (1, 0)),
    ("┌───────┐\n│ S     │\n└───┐   │\n│ E     │\n└───────┘", (0, 0), (1, 0)),
    ("+---+---+\n|       |\n+---+   +\n| E      \n+---+---+", (1, 0), (1, 1)),
])
def test_an_e_in_a_cell_is_the_end_beside_an_s_else_the_entrance(text, start, goal):
    # refused before: "unknown character 'E' in a cell"; the block texts read 'E' so already
    m = tio.loads(text)
    assert (m.shape, m.start, m.goal) == ((2, 2), start, goal)


def test_an_e_outside_the_cells_is_still_an_unknown_character():
    with pytest.raises(MazeFormatError, match="found '-E-'"):
        tio.loads("+---+-E-+\n| S     |\n+---+   +\n|       |\n+---+---+")
