"""One word, one meaning across the maze commands: the same style, format, message and exit code everywhere."""

from __future__ import annotations

import json

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


@pytest.mark.parametrize("grid", ["square", "hex", "triangle"])
@pytest.mark.parametrize("command", [["solve"], ["render", "--solver", "bfs", "--out", "m.svg"]])
@pytest.mark.parametrize("end", ["--start", "--goal"])
def test_a_masked_end_is_named_masked_on_every_grid(capsys, tmp_path, grid, command, end):
    mask = tmp_path / "mask.txt"
    mask.write_text(".###\n####\n####\n")
    maze = tmp_path / "m.json"
    status, _, err = run(capsys, "generate", "--grid", grid, "--size", "3x4", "--mask", str(mask), "--seed", "1",
                         "--out", str(maze))
    assert status == 0, err
    status, _, err = run(capsys, command[0], str(maze), *command[1:], end, "0,0")
    assert (status, err) == (2, f"error: {end} (0, 0) is a masked cell, not part of the maze\n")
    status, _, err = run(capsys, command[0], str(maze), *command[1:], end, "9,9")  # outside: not a cell at all
    # ``--grid square`` makes the plain square maze (its ends are checked against its rows and columns)
    outside = "is outside the 3 x 4 grid" if grid == "square" else "is not a cell"
    assert status == 2 and err.startswith(f"error: {end} (9, 9) {outside}")


@pytest.fixture
def walled(tmp_path):
    """A square and a hex maze with every wall up: no path from (0, 0) to (1, 2) on either."""
    import numpy as np

    from tremaux.grids import GridMaze, files, make_grid

    square, hexa = tmp_path / "square.json", tmp_path / "hex.json"
    mio.save(tremaux.Maze.closed((2, 3), start=(0, 0), goal=(1, 2)), square)
    g = make_grid("hex", size=(2, 3))
    files.save(GridMaze(g, np.zeros(g.size, g.dtype)), hexa)
    return {"square": square, "hex": hexa}


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_no_path_is_said_the_same_way_on_every_grid(capsys, walled, grid):
    code, out, err = run(capsys, "solve", str(walled[grid]), "--start", "0,0", "--goal", "1,2")
    assert code == 1  # an answer, not an error (2): as numberlink solve's "no solution"
    assert err.startswith("bfs: no path from (0, 0) to (1, 2): ") and err.count("\n") == 1
    if grid == "hex":  # its braille drawing, as the square maze's drawing (no cells: no path)
        from tremaux.grids import files
        from tremaux.grids.braille import to_braille

        assert out == to_braille(files.load(walled[grid])) + "\n"
    else:
        assert out == mio.dumps(mio.load(walled[grid]), "ascii") + "\n"  # no empty line
    code, out, _ = run(capsys, "solve", str(walled[grid]), "--start", "0,0", "--goal", "1,2", "--json")
    assert code == 1 and '"found": false' in out


def test_solve_json_has_the_same_ends_on_every_grid(capsys, walled):
    keys = {}
    for grid in ("square", "hex"):
        code, out, _ = run(capsys, "solve", str(walled[grid]), "--start", "0,0", "--goal", "1,2", "--json")
        d = json.loads(out)
        assert code == 1 and (d["start"], d["goal"]) == ([0, 0], [1, 2]), (grid, d)
        keys[grid] = set(d)
    assert {"algorithm", "found", "start", "goal", "path", "steps", "message"} <= keys["square"] & keys["hex"]
    code, out, _ = run(capsys, "solve", str(walled["hex"]), "--json")  # the maze's own ends when none is given
    d = json.loads(out)
    assert {"start", "goal"} <= set(d) and d["start"] != d["goal"]


def test_solve_json_names_the_solution_length_as_stats_does_on_every_grid(capsys, tmp_path):
    # one word for one thing: `solution_length` counts the path's passages (moves) in `solve --json` on every grid,
    # as in `stats` and `info`; a grid maze's old `length` (its cells) stays, deprecated, with its old value
    square, hexa = tmp_path / "square.json", tmp_path / "hex.json"
    mio.save(tremaux.Maze.open((2, 3), start=(0, 0), goal=(1, 2)), square)
    run(capsys, "generate", "--grid", "hex", "--size", "2x3", "--seed", "1", "--out", str(hexa))
    for path in (square, hexa):
        code, out, err = run(capsys, "solve", str(path), "--json")
        d = json.loads(out)
        assert code == 0 and d["solution_length"] == len(d["path"]) - 1 > 0, (path.name, d)
    assert d["length"] == len(d["path"])  # the hex maze's deprecated key
    code, out, _ = run(capsys, "solve", str(walled_maze(tmp_path)), "--start", "0,0", "--goal", "1,2", "--json")
    assert code == 1 and json.loads(out)["solution_length"] is None  # no path: null, as stats says unreachable
    assert tremaux.solve(tremaux.Maze.open((1, 3))).to_dict()["solution_length"] == 2


def walled_maze(tmp_path):
    path = tmp_path / "walled.json"
    mio.save(tremaux.Maze.closed((2, 3), start=(0, 0), goal=(1, 2)), path)
    return path


def test_numberlink_solve_says_the_pictures_it_wrote(capsys, tmp_path):
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text("12.\n...\n1.2\n")
    two.write_text("1.1\n\n2.2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(one), "--out", str(tmp_path / "p.svg"))
    assert code == 0 and err.endswith(f"\nwrote {tmp_path / 'p.svg'}\n") and err.count("wrote") == 1
    code, _, err = run(capsys, "numberlink", "solve", str(two), "--out", str(tmp_path / "q.svg"))
    assert code == 0 and err.endswith(f"\nwrote 2 pictures, {tmp_path / 'q-1.svg'} to {tmp_path / 'q-2.svg'}\n")
    assert (tmp_path / "q-1.svg").exists() and (tmp_path / "q-2.svg").exists() and not (tmp_path / "q.svg").exists()


@pytest.mark.parametrize("argv, advice", [
    # a shard of 1,000 rows of 3000x3000 (a shard of the 10 rows a count of 10 gives would fit)
    (["--count", "1000", "--size", "3000x3000", "--shard-size", "1000"], "give --shard-size 25 or less"),
    (["--count", str(10**12), "--size", "10x10"], "give --shard-size 990,944 or more"),
])
def test_dataset_advice_names_the_option(capsys, tmp_path, argv, advice):
    code, _, err = run(capsys, "dataset", *argv, "--out", str(tmp_path / "d"), "-q")
    assert code == 2 and err.startswith("error: ") and err.endswith(f" {advice}\n") and "shard_size" not in err
    assert not (tmp_path / "d").exists()


def test_block_style_has_no_heat(capsys, maze_file):
    """A block text is the maze file `show --style block` prints: distances are refused, not drawn in another style."""
    code, out, err = run(capsys, "render", str(maze_file), "--style", "block", "--heat")
    assert (code, out) == (2, "")
    assert err == ("error: --heat writes distances into the cells; --style block prints a maze file with no room for "
                   "them: use --style ascii or unicode, or a picture\n")
    assert run(capsys, "render", str(maze_file), "--style", "ascii", "--heat")[0] == 0
