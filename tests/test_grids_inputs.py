"""Bad inputs to the grid API as a user passes them: each refused with an error naming the problem."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tremaux.errors import InvalidMazeError, InvalidSizeError, TremauxError, UnsupportedError
from tremaux.grids import make_grid


@pytest.mark.parametrize("name", ["square", "hex", "triangle", "upsilon", "zeta"])
def test_a_size_given_as_one_number_is_refused_by_name(name):
    with pytest.raises(InvalidSizeError, match="size 3 is not a pair of whole numbers"):
        make_grid(name, size=3)


def test_a_size_given_as_one_number_with_a_mask_is_refused_by_name():
    with pytest.raises(InvalidSizeError, match="size 2 is not a pair"):
        make_grid("hex", size=2, mask=[[1, 1], [1, 1]])


def test_a_ragged_mask_is_refused_by_name():
    with pytest.raises(InvalidMazeError, match="rows differ in length"):
        make_grid("hex", mask=[[1, 1], [1]])


@pytest.mark.parametrize("bad", [2, -1, 255])
def test_a_mask_of_other_values_than_0_and_1_is_refused(bad):
    """A 2 or a -1 is not read as a kept cell without a word: the mask may have been meant otherwise."""
    with pytest.raises(InvalidMazeError, match="0 \\(no cell\\) and 1 \\(a cell\\) only"):
        make_grid("square", mask=np.array([[bad, 1], [1, 1]]))


def test_a_mask_of_0_and_1_or_booleans_still_works():
    assert make_grid("hex", mask=[[1, 0], [1, 1]]).size == 3
    assert make_grid("triangle", mask=np.array([[True, False], [True, True]])).size == 3
    assert make_grid("square", size=np.array([2, 3])).size == 6
    with pytest.raises(TremauxError):
        make_grid("square", mask=np.zeros((2, 2), bool))


@pytest.mark.parametrize("args, what", [
    (["generate", "--grid", "triangle", "--size", "4000x4000", "--out", "x.png"], "too large to draw"),
    (["generate", "--wrap", "torus", "--size", "4000x4000", "--out", "x.svg"], "too large to draw"),
    (["generate", "--weave", "0.3", "--size", "4000x4000", "--out", "x.png"], "too large to draw"),
    (["generate", "--grid", "hex", "--shape", "hexagon", "--radius", "1000", "--out", "x.svg"], "too large to draw"),
    (["generate", "--grid", "upsilon", "--size", "600x600", "--out", "x.gif"], "too large to animate"),
    (["animate", "--grid", "triangle", "--shape", "triangle", "--side", "300", "--out", "x.gif"],
     "too large to animate"),
])
def test_a_picture_of_a_grid_too_large_to_draw_is_refused_before_the_grid_is_built(capsys, tmp_path, args, what):
    """The refusal came after seconds and gigabytes of tables (28 s, 2.8 GB for a woven 4000 x 4000 PNG)."""
    from unittest import mock

    from cli_helpers import run

    args = [str(tmp_path / a) if a.startswith("x.") else a for a in args]
    with mock.patch("tremaux.grids.make_grid", side_effect=AssertionError("the grid was built")):
        code, _, err = run(capsys, *args)
    assert code == 2 and what in err and err.startswith("error: ")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("extra", [["--size", "2x3x4"], ["--size", "3x4", "--format", "json"], ["--format", "block"]])
@pytest.mark.parametrize("name", ["square", "gamma"])
def test_grid_square_is_the_square_maze_with_levels_and_text_formats(capsys, name, extra):
    """``--grid square`` refused levels ("levels are for the square maze only") and ``--format json`` ("is for square
    mazes") though it names the square grid; it prints what the command prints without it."""
    from cli_helpers import run

    plain = run(capsys, "generate", "--seed", "3", *extra)
    named = run(capsys, "generate", "--grid", name, "--seed", "3", *extra)
    assert plain[0] == 0 and named == plain


def test_animate_grid_square_with_levels_is_the_square_animation(capsys, tmp_path):
    from cli_helpers import run

    code, _, err = run(capsys, "animate", "--grid", "square", "--size", "2x3x3", "-g", "backtracker", "--seed", "1",
                       "--frames", "4", "--out", str(tmp_path / "a.gif"))
    assert code == 0 and (tmp_path / "a.gif").stat().st_size > 0, err


@pytest.mark.parametrize("params, label", [({"size": (3, 4), "wrap": "torus"}, "square (torus)"),
                                           ({"size": (3, 3), "weave": True}, "square woven")])
def test_stats_of_a_wrapped_or_woven_maze_name_its_grid_in_full(capsys, tmp_path, params, label):
    """``tremaux stats`` and ``info`` said ``grid  square`` of a maze on a torus or a woven grid."""
    from cli_helpers import run
    from tremaux.grids import files, generate_on

    path = tmp_path / "m.json"
    files.save(generate_on(make_grid("square", **params), "kruskal", seed=1).maze, path)
    for command in ("stats", "info"):
        code, out, _ = run(capsys, command, str(path))
        assert code == 0 and out.splitlines()[0].split(None, 1) == ["grid", label]


@pytest.mark.parametrize("name", ["POLAR", "Theta", "Circle"])
def test_a_polar_grid_named_in_capitals_or_by_an_alias_in_capitals_is_built(capsys, tmp_path, name):
    """``--grid POLAR --rings 3`` said "the polar grid takes no parameter 'size'": the rectangle's default size
    was given to it, the name being compared in lower case only."""
    from cli_helpers import run
    from tremaux.grids import files

    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "--grid", name, "--rings", "3", "--seed", "1", "--out", str(out))
    assert code == 0, err
    assert files.load(out).grid.params == {"rings": 3}


def test_a_grid_maze_file_in_json_ends_its_line(tmp_path, capsys):
    # written to the terminal (--out -), the "wrote ..." line on stderr followed the JSON on its own last line
    from cli_helpers import run

    code, _, err = run(capsys, "generate", "--grid", "hex", "--size", "3x3", "--seed", "1", "--out",
                       str(tmp_path / "m.json"))
    assert code == 0, err
    text = (tmp_path / "m.json").read_text()
    assert text.endswith("}\n") and text.count("\n") == 1


def test_the_grid_functions_take_what_generate_on_returns_as_tremaux_solve_does(tmp_path):
    from tremaux.grids import files, generate_on, grid_stats, make_grid, solve_on, to_svg

    run = generate_on(make_grid("hex", size=(3, 4)), "wilson", seed=2)
    assert grid_stats(run) == grid_stats(run.maze)  # was: "needs a GridMaze, not GridGenerated"
    assert to_svg(run) == to_svg(run.maze)
    assert list(solve_on(run, "bfs").path) == list(solve_on(run.maze, "bfs").path)
    files.save(run, tmp_path / "m.json")  # was: AttributeError 'GridGenerated' object has no attribute 'grid'
    assert files.load(tmp_path / "m.json") == run.maze
    with pytest.raises(UnsupportedError, match="save needs a GridMaze"):
        files.save("maze", tmp_path / "n.json")


@pytest.mark.parametrize("mask, taken", [(np.ones((3, 3)), 9), (np.array([[1.0, 0.0], [1.0, 1.0]]), 3),
                                         (np.array([[1, 0], [1, 1]], np.int8), 3)])
def test_a_grid_takes_the_masks_a_square_maze_takes(mask, taken):
    # a float mask of 0 and 1 (np.loadtxt's) shaped a square maze and was refused by every other grid
    import tremaux

    assert make_grid("hex", mask=mask).size == taken == tremaux.generate(None, mask=mask, seed=1).maze.size


@pytest.mark.parametrize("mask, words", [("##\n#.", "not a str (a file name or a text): read a mask file with"),
                                         (np.full((2, 2), 0.5), "not other numbers such as 0.5"),
                                         (["##", "#."], "not rows of text: read a mask file with")])
def test_a_grid_refuses_a_mask_in_the_square_mazes_words(mask, words):
    import tremaux

    for make in (lambda: make_grid("triangle", mask=mask), lambda: tremaux.generate(None, mask=mask)):
        with pytest.raises(InvalidMazeError, match=re.escape(words)):
            make()
