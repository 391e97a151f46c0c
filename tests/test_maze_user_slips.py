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
    with pytest.raises(UnsupportedError, match="a maze on an upsilon grid; the start and goal are always marked"):
        render.to_svg(grid_files.load(upsilon), start=False)


@pytest.mark.parametrize("style", ["Unicode", "BLOCK", " ascii "])
def test_a_text_style_is_named_in_any_case_as_every_other_name(style):
    import tremaux

    maze = tremaux.generate((3, 4), seed=2).maze
    assert render.to_text(maze, style=style) == render.to_text(maze, style=style.strip().lower())


@pytest.mark.parametrize("text, kind", [("null", "null"), ('"maze"', "string"), ("3", "number"), ("true", "true or false"),
                                        ("[1, 2]", "list")])
def test_a_json_file_that_is_not_an_object_is_named_in_json_words(capsys, tmp_path, text, kind):
    path = tmp_path / "m.json"
    path.write_text(text)
    code, _, err = run(capsys, "info", str(path))
    assert (code, err) == (2, f"error: {path}: a JSON maze is an object {{...}}, not a {kind}\n")


@pytest.mark.parametrize("header, message", [
    ('"version": 1', "not a grid maze file: it has no format field (a grid maze file's is 'tremaux-grid-maze')"),
    ('"format": "tremaux-grid-maze"', "the file has no version field (a whole number, 1 for this tremaux)"),
    ('"format": "tremaux-grid-maze", "version": "1"', "the version field '1' is not a whole number"),
    ('"format": "tremaux-grid-maze", "version": 0', "grid maze file version 0 does not exist (versions start at 1)"),
    ('"format": "tremaux-maze", "version": 1', "this file holds a maze on the square grid: read it with tremaux.io.load"),
])
def test_a_grid_maze_file_header_is_checked_in_the_words_of_a_maze_file(header, message):
    from tremaux.errors import MazeFormatError

    with pytest.raises(MazeFormatError) as info:
        grid_files.loads("{" + header + "}", source="g.json")
    assert str(info.value).startswith(f"g.json: {message}"), str(info.value)


@pytest.mark.parametrize("solver", ["bfs", "tremaux", "wall-left"])
def test_solve_json_on_a_grid_maze_has_every_field_of_a_square_maze(capsys, tmp_path, upsilon, solver):
    import json

    import tremaux
    from tremaux import io

    square = tmp_path / "m.json"
    io.save(tremaux.generate((3, 3), seed=1).maze, square)
    code, text, _ = run(capsys, "solve", str(square), "-s", solver, "--json")
    square_answer = json.loads(text)
    code, text, _ = run(capsys, "solve", str(upsilon), "-s", solver, "--json")
    grid_answer = json.loads(text)
    assert set(square_answer) <= set(grid_answer), set(square_answer) - set(grid_answer)
    solution = tremaux.grids.solve_on(grid_files.load(upsilon), solver)
    assert grid_answer["visited"] == int(solution.visited.sum()) > 0


@pytest.mark.parametrize("argv", [
    ["render", "{maze}", "--heat", "-o", "{maze}"],          # a heat map does not read back: the maze was lost
    ["solve", "{maze}", "-o", "{maze}"],
    ["convert", "{maze}", "-o", "{maze}", "-f", "block"],    # a block text reads back as another maze (its squares)
    ["generate", "--mask", "{mask}", "-o", "{mask}"],        # the shape drawn by hand was lost
    ["animate", "--mask", "{mask}", "-g", "wilson", "-o", "{gif}"],
    ["solve", "{grid}", "-o", "{grid}", "-f", "svg"],
    ["convert", "{grid}", "-o", "{grid}"],
])
def test_out_is_never_the_file_the_command_reads(capsys, tmp_path, upsilon, argv):
    import tremaux
    from tremaux import io

    maze = tmp_path / "m.txt"
    io.save(tremaux.generate((3, 4), seed=1).maze, maze)
    mask = tmp_path / "mask.txt"
    mask.write_text(".##.\n####\n.##.\n")
    gif = tmp_path / "mask.gif"
    if "{gif}" in argv:  # a picture given as the mask and as the animation
        mask = gif
        from PIL import Image

        Image.new("L", (4, 3), 0).save(gif)
    before = {p: p.read_bytes() for p in (maze, mask, upsilon)}
    args = [a.format(maze=maze, mask=mask, gif=gif, grid=upsilon) for a in argv]
    code, out, err = run(capsys, *args)
    target = args[args.index("-o") + 1]
    assert (code, out) == (2, ""), err
    assert err == (f"error: --out {target} is the file this command reads: writing it would replace what it holds; "
                   "give --out another name\n")
    assert {p: p.read_bytes() for p in before} == before


def test_out_beside_the_file_read_is_written(capsys, tmp_path):
    import tremaux
    from tremaux import io

    maze = tmp_path / "m.txt"
    io.save(tremaux.generate((3, 4), seed=1).maze, maze)
    assert run(capsys, "render", str(maze), "--heat", "-o", str(tmp_path / "heat.txt"))[0] == 0
    assert run(capsys, "convert", str(maze), "-o", str(tmp_path / "m.npz"))[0] == 0


@pytest.mark.parametrize("argv", [
    ["generate", "--size", "2x3", "-f", "json"], ["convert", "{maze}", "-f", "block"], ["render", "{maze}", "-f", "svg"],
    ["solve", "{maze}", "-f", "png"], ["solve", "{grid}", "-f", "svg"], ["animate", "{maze}", "-f", "gif"],
    ["render", "{grid}", "-f", "svg"], ["demo", "--size", "2x3", "-f", "svg"],
])
def test_out_dash_is_named_stdout_as_standard_input_is_stdin(capfd, tmp_path, upsilon, argv):
    import tremaux
    from tremaux import io

    maze = tmp_path / "m.txt"
    io.save(tremaux.generate((2, 3), seed=1).maze, maze)
    code, _, err = run(capfd, *[a.format(maze=maze, grid=upsilon) for a in argv], "-o", "-")
    wrote = [line for line in err.splitlines() if line.startswith("wrote ")]
    assert code == 0 and len(wrote) == 1 and wrote[0].startswith("wrote <stdout>"), err


def test_a_npy_block_picture_without_an_open_square_says_how_it_was_read(tmp_path):
    import numpy as np

    from tremaux import io
    from tremaux.errors import MazeFormatError

    path = tmp_path / "grid.npy"
    np.save(path, np.ones((3, 5), np.int8))
    with pytest.raises(MazeFormatError) as info:
        io.load(path)
    assert str(info.value) == (f"{path}: an array of 0 and 1 reads as a block picture (1 wall, 0 open): the block "
                               "picture has no open cell square: the maze has no cell")


def test_a_maze_file_with_its_goal_off_the_grid_says_invalid_maze_on_every_grid(capsys, tmp_path):
    import json

    import tremaux
    from tremaux import io

    square, hexagon = tmp_path / "square.json", tmp_path / "hex.json"
    mask = [[False, True], [True, True]]
    io.save(tremaux.Maze.open((2, 2), mask=mask, start=(0, 1), goal=(1, 1)), square)
    grid_files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), seed=1).maze, hexagon)
    for path in (square, hexagon):
        data = json.loads(path.read_text())
        data["goal"] = [0, 0]
        path.write_text(json.dumps(data))
        code, _, err = run(capsys, "solve", str(path))
        assert code == 2 and err.startswith(f"error: {path}: invalid maze: goal (0, 0) is "), err


@pytest.mark.parametrize("grid", ["square", "hex"])
@pytest.mark.parametrize("command", [["solve"], ["render", "-s", "bfs", "-o", "{d}/r.svg"], ["animate", "-o", "{d}/a.gif"]])
def test_an_end_on_a_masked_cell_is_named_in_one_line_in_the_cli_and_the_api(capsys, tmp_path, grid, command):
    import numpy as np

    import tremaux
    from tremaux import io
    from tremaux.errors import CellError

    mask = np.array([[0, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 0]], bool)
    path = tmp_path / "m.json"
    if grid == "square":
        maze = tremaux.generate((3, 4), mask=mask, seed=1).maze
        io.save(maze, path)
    else:
        maze = generate_on(make_grid("hex", mask=mask), seed=1).maze
        grid_files.save(maze, path)
    for end in ("--start", "--goal"):
        argv = [command[0], str(path), *[a.format(d=tmp_path) for a in command[1:]], end, "2,0"]
        code, out, err = run(capsys, *argv)
        assert (code, out, err) == (2, "", f"error: {end} (2, 0) is a masked cell, not part of the maze\n")
        with pytest.raises(CellError, match=r"^(start|goal) \(2, 0\) is a masked cell, not part of the maze$"):
            tremaux.solve(maze, "bfs", **{end[2:]: (2, 0)})


@pytest.mark.parametrize("draw", ["to_svg", "to_png", "to_text"])
def test_a_path_that_jumps_between_cells_is_refused_not_drawn_across_walls(draw):
    import tremaux
    from tremaux.errors import CellError

    maze = tremaux.generate((4, 5), seed=1).maze
    with pytest.raises(CellError, match=r"^path steps from \(0, 0\) to \(3, 3\), which are not neighbours"):
        getattr(render, draw)(maze, path=[(0, 0), (3, 3)])
    with pytest.raises(CellError, match=r"from \(0, 1\) to \(0, 1\)"):  # standing still is no step either
        getattr(render, draw)(maze, path=[(0, 0), (0, 1), (0, 1)])
    assert getattr(render, draw)(maze, path=[(0, 0), (0, 1), (1, 1)])  # neighbours, walls or not: drawn


def test_show_names_standard_input_stdin_for_a_grid_maze(capsys, monkeypatch, upsilon):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(upsilon.read_bytes())))
    code, out, err = run(capsys, "show", "-", "--style", "block")
    assert (code, out) == (2, "")
    assert err == ("error: an upsilon maze is drawn in text with --style braille (ascii, unicode and block draw square "
                   "mazes), or as a picture (.svg, .png)\n")


def test_convert_names_standard_input_stdin_for_a_grid_maze(capsys, monkeypatch, tmp_path, upsilon):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(upsilon.read_bytes())))
    code, _, err = run(capsys, "convert", "-", "-o", str(tmp_path / "u.png"))
    assert code == 2 and err.startswith("error: <stdin> holds a maze on a grid other than the square one"), err
