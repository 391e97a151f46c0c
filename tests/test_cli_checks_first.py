"""A bad option value is named before any work, on every grid alike, in the same words."""

from __future__ import annotations

import pytest

import tremaux
import tremaux.grids
from tremaux.grids import files, generate_on, make_grid
from cli_helpers import run


@pytest.fixture
def no_work(monkeypatch):
    """Make and solve no maze: a command that gets that far fails the test."""
    def refused(*args, **kwargs):
        raise AssertionError("a maze was made or solved before the options were checked")

    for module, name in ((tremaux, "generate"), (tremaux, "solve"), (tremaux.grids, "generate_on"),
                         (tremaux.grids, "solve_on")):
        monkeypatch.setattr(module, name, refused)


@pytest.mark.parametrize("argv, message", [
    (["generate", "--grid", "hex", "--braid", "2"], "--braid 2.0 is out of range; use a fraction between 0 and 1"),
    (["generate", "--grid", "polar", "--braid", "-0.5"], "--braid -0.5 is out of range; use a fraction between 0 and 1"),
    (["generate", "--weave", "2"], "--weave 2.0 is out of range; use a fraction between 0 and 1"),
    (["generate", "--grid", "hex", "--weave", "nan", "-o", "{tmp}/h.json"],
     "--weave nan is out of range; use a fraction between 0 and 1"),
    (["animate", "-g", "wilson", "--grid", "hex", "--frames", "1", "-o", "{tmp}/a.gif"],
     "--frames 1 is too few; an animation needs at least 2"),
    (["animate", "-g", "wilson", "--frames", "0", "-o", "{tmp}/a.gif"],
     "--frames 0 is too few; an animation needs at least 2"),
    (["animate", "-g", "wilson", "--grid", "polar", "--frame-ms", "5", "-o", "{tmp}/a.gif"],
     "--frame-ms 5 is too short; it must be at least 10 ms"),
    (["animate", "-g", "wilson", "--grid", "hex", "--frame-ms", "0", "-o", "{tmp}/a.svg"],
     "--frame-ms 0 is too short; it must be at least 1 ms"),
    (["animate", "-g", "wilson", "--frame-ms", "0", "-o", "{tmp}/a.svg"],
     "--frame-ms 0 is too short; it must be at least 1 ms"),
    (["animate", "-g", "wilson", "--grid", "hex", "--frame-ms", "700000", "-o", "{tmp}/a.gif"],
     "--frame-ms 700000 is too long for a GIF; it must be at most 655350 ms (the format's longest frame)"),
    (["animate", "-g", "wilson", "--grid", "hex", "--cell-size", "0", "-o", "{tmp}/a.gif"],
     "--cell-size 0 is too small; it must be at least 1"),
    (["animate", "-g", "wilson", "--grid", "hex", "--braid", "3", "-o", "{tmp}/a.gif"],
     "--braid 3.0 is out of range; use a fraction between 0 and 1"),
    (["animate", "-g", "kruskal", "--grid", "hex", "--weave", "-1", "-o", "{tmp}/a.gif"],
     "--weave -1.0 is out of range; use a fraction between 0 and 1"),
    (["animate", "-g", "wilson", "--grid", "hex", "--start", "50,50", "-o", "{tmp}/a.gif"],
     "--start (50, 50) is not a cell of this hex grid"),
    (["animate", "-g", "wilson", "--grid", "polar", "-s", "bfs", "--goal", "0,3", "-o", "{tmp}/a.gif"],
     "--goal (0, 3) is not a cell of this polar grid"),
])
def test_a_bad_value_is_named_before_any_maze_is_made(capsys, tmp_path, no_work, argv, message):
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert (code, out, err) == (2, "", f"error: {message}\n")
    assert not any(tmp_path.iterdir())


def test_the_frame_time_of_a_grid_maze_file_is_worded_as_a_square_one(capsys, tmp_path):
    square, hexa = tmp_path / "square.json", tmp_path / "hex.json"
    tremaux.io.save(tremaux.generate((3, 4), seed=1).maze, square)
    files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, hexa)
    errors = [run(capsys, "animate", str(f), "-o", str(tmp_path / "a.gif"), "--frame-ms", "5")[2] for f in (square, hexa)]
    assert errors[0] == errors[1] == "error: --frame-ms 5 is too short; it must be at least 10 ms\n"


def test_the_library_names_its_end_cells_on_any_grid():
    from tremaux.errors import CellError
    from tremaux.grids import solve_on

    maze = generate_on(make_grid("hex", size=(3, 3)), seed=1).maze
    with pytest.raises(CellError, match=r"^goal \(9, 9\) is not a cell of this hex grid$"):
        solve_on(maze, "bfs", goal=(9, 9))
    with pytest.raises(CellError, match=r"^start \(9, 9\) is not a cell of this hex grid$"):
        generate_on(make_grid("hex", size=(3, 3)), seed=1, start=(9, 9))


def test_demo_names_an_unknown_solver_before_making_the_maze(capsys, tmp_path, no_work):
    code, out, err = run(capsys, "demo", "-s", "wall-fllower", "-o", str(tmp_path / "d.png"))
    assert (code, out) == (2, "") and err.startswith("error: unknown solver 'wall-fllower'") and err.count("\n") == 1
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("argv", [["generate"], ["generate", "--grid", "hex", "-o", "{tmp}/h.json"],
                                  ["solve", "{maze}", "-s", "tremaux"], ["render", "{maze}", "-s", "tremaux"],
                                  ["animate", "-g", "prim", "-o", "{tmp}/a.gif"], ["demo", "-o", "{tmp}/d.png"]])
@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 10**30, -1])
def test_a_seed_no_64_bits_hold_is_refused_as_dataset_refuses_it(capsys, tmp_path, no_work, argv, seed):
    """Seeds are folded into 64 bits: 2**64 would silently give the maze of seed 0."""
    maze = tmp_path / "m.txt"
    maze.write_text("+---+---+\n| S   G |\n+---+---+\n")
    code, out, err = run(capsys, *[a.format(tmp=tmp_path, maze=maze) for a in argv], "--seed", str(seed))
    assert (code, out) == (2, "")
    assert err == f"error: --seed {seed} is out of range: it must be between 0 and 18446744073709551615\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.txt"]
    code, _, err = run(capsys, "dataset", "--count", "1", "--seed", str(seed), "-o", str(tmp_path / "ds"))
    assert code == 2 and err.endswith("it must be between 0 and 18446744073709551615\n")  # -1 was 2**64 - 1's


@pytest.mark.parametrize("argv, message", [
    (["generate", "-g", "growing-tree", "--grid", "hex", "-O", "discipline=nope"], "error: unknown discipline 'nope'"),
    (["generate", "-g", "growing-tree", "--grid", "hex", "-O", "p=3"], "error: p='3' is out of range"),
    (["generate", "--grid", "triangle", "-O", "colour=red"], "error: backtracker takes no option 'colour'"),
    (["generate", "--grid", "hex", "--start", "40,40"], "error: --start (40, 40) is not a cell of this hex grid"),
])
def test_a_bad_value_comes_before_the_text_drawing_refusal(capsys, no_work, argv, message):
    """Printing a grid maze is refused too, but the value the user got wrong is what to fix first."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.startswith(message) and err.count("\n") == 1


def test_a_text_file_too_big_to_read_back_says_so_when_written(capsys, tmp_path, monkeypatch):
    """Reading caps text files (TREMAUX_TEXT_LIMIT); a maze file written over the cap is not a silent trap."""
    monkeypatch.setenv("TREMAUX_TEXT_LIMIT", "2k")
    big, small, npz = tmp_path / "big.txt", tmp_path / "small.txt", tmp_path / "big.npz"
    code, _, err = run(capsys, "generate", "--size", "20x20", "--seed", "1", "-o", str(big))
    assert code == 0 and err.splitlines()[-1].startswith(f"note: {big} (")
    assert "over the 2.0 KiB cap for reading text files" in err
    code, _, err = run(capsys, "info", str(big))
    assert code == 2 and "over the 2.0 KiB cap" in err  # what the note warned of
    assert run(capsys, "generate", "--size", "60x60", "-o", str(npz))[0] == 0  # about 4 KiB of JSON
    code, _, err = run(capsys, "convert", str(npz), "-o", str(tmp_path / "big.json"))
    assert code == 0 and "note: " in err
    code, _, err = run(capsys, "generate", "--size", "3x3", "-o", str(small))
    assert code == 0 and "note" not in err


@pytest.mark.parametrize("argv, message", [
    (["generate", "--grid", "hex", "--shape", "hexagon", "-o", "{tmp}/h.json"],
     "--shape hexagon needs --radius N (the hexagon's size)"),
    (["animate", "-g", "prim", "--grid", "triangle", "--shape", "triangle", "-o", "{tmp}/t.gif"],
     "--shape triangle needs --side N (the triangle's size)"),
])
def test_a_shape_without_its_size_names_the_option_missing(capsys, tmp_path, no_work, argv, message):
    """Not the rectangle's default --size, which the user never typed."""
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert (code, out, err) == (2, "", f"error: {message}\n")


def test_a_grid_path_of_one_cell_is_worded_as_the_square_ones(capsys, tmp_path):
    from tremaux.grids import solve_on

    one = generate_on(make_grid("polar", rings=1), seed=1).maze
    assert solve_on(one, "bfs").message == "the start (0, 0) is the goal: a path of 1 cell"
    assert tremaux.solve(tremaux.Maze.open((1, 1)), "bfs").message == "the start (0, 0) is the goal: a path of 1 cell"
    assert (solve_on(generate_on(make_grid("hex", size=(1, 2)), seed=1).maze, "dfs").message
            == "path of 2 cells (1 move) found after 2 cells taken from the worklist")


def test_a_transcript_too_long_to_read_is_refused_before_a_line_is_written(capsys, tmp_path, monkeypatch):
    """--explain lists the whole worklist at each step: a wide search of a big maze would write gigabytes."""
    path = tmp_path / "m.npz"
    tremaux.io.save(tremaux.generate((20, 20), seed=3, braid=1.0).maze, path)
    code, out, _ = run(capsys, "solve", str(path), "--explain")
    assert code == 0 and len(out) > 8000  # the whole transcript, under the default cap
    monkeypatch.setenv("TREMAUX_TEXT_LIMIT", "4k")
    code, out, err = run(capsys, "solve", str(path), "--explain")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("error: the step-by-step transcript of ") and "over the 4.0 KiB cap for text" in err
