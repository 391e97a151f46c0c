"""One word, one meaning across the maze commands: the same style, format, message and exit code everywhere."""

from __future__ import annotations

import pytest

import tremaux
from cli_helpers import run
from tremaux import io as mio


@pytest.fixture
def maze_file(tmp_path):
    p = tmp_path / "maze.json"
    mio.save(tremaux.generate((3, 4), seed=1).maze, p)
    return p


def test_render_and_show_draw_one_block_style(capsys, maze_file):
    _, shown, _ = run(capsys, "show", str(maze_file), "--style", "block")
    status, drawn, err = run(capsys, "render", str(maze_file), "--style", "block")
    assert status == 0 and drawn == shown == mio.dumps(mio.load(maze_file), "block") + "\n"


def test_render_block_solution_is_the_block_text_with_its_path(capsys, tmp_path, maze_file):
    _, shown, _ = run(capsys, "show", str(maze_file), "--style", "block")
    status, drawn, _ = run(capsys, "render", str(maze_file), "--style", "block", "--solver", "bfs")
    assert status == 0 and "o" in drawn
    assert drawn.replace("o", ".") == shown  # the same drawing, the path marked on its open squares
    assert mio.loads(drawn) == mio.loads(shown)
