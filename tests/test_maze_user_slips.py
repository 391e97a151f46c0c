"""What a new user meets on the maze side: mistakes named in one clear line, in correct words."""

from __future__ import annotations

import pytest

from cli_helpers import run
from tremaux import render
from tremaux.errors import UnsupportedError
from tremaux.grids import files as grid_files, generate_on, make_grid


@pytest.fixture
def upsilon(tmp_path):
    path = tmp_path / "u.json"
    grid_files.save(generate_on(make_grid("upsilon", size=(3, 3)), seed=1).maze, path)
    return path


def test_an_upsilon_maze_is_named_with_an(capsys, upsilon):
    code, _, err = run(capsys, "render", str(upsilon), "-o", str(upsilon.with_suffix(".gif")))
    assert code == 2 and err.startswith("error: an upsilon maze is animated with"), err
    code, _, err = run(capsys, "generate", "--grid", "upsilon", "--size", "3x3", "--weave", "0.2")
    assert code == 2 and "not on an upsilon grid" in err, err
    with pytest.raises(UnsupportedError, match="a maze on an upsilon grid is drawn by tremaux.grids"):
        render.to_svg(grid_files.load(upsilon))


@pytest.mark.parametrize("style", ["Unicode", "BLOCK", " ascii "])
def test_a_text_style_is_named_in_any_case_as_every_other_name(style):
    import tremaux

    maze = tremaux.generate((3, 4), seed=2).maze
    assert render.to_text(maze, style=style) == render.to_text(maze, style=style.strip().lower())
