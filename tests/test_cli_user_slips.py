"""What a new user trips over on the command line: mistyped names, and the same table on every grid."""

from __future__ import annotations

import pytest

from tremaux.errors import UnknownNameError
from cli_helpers import run


@pytest.mark.parametrize("argv, typed, meant", [
    (["generate", "-g", "wilsn"], "wilsn", "wilson"),
    (["generate", "-g", "recursive-backtraker"], "recursive-backtraker", "backtracker"),  # through an alias
    (["generate", "--grid", "polr"], "polr", "polar"),
    (["solve", "-", "-s", "bsf"], "bsf", "bfs"),
])
def test_a_mistyped_name_gets_a_suggestion(capsys, monkeypatch, argv, typed, meant):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"+---+\n| S |\n+---+\n")))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert "unknown" in err and f"{typed!r} (did you mean {meant!r}?); choose one of: " in err


def test_a_name_far_from_all_gets_no_suggestion():
    err = UnknownNameError("generator", "magic", ["wilson", "kruskal"])
    assert err.suggestion is None
    assert str(err) == "unknown generator 'magic'; choose one of: kruskal, wilson"


@pytest.mark.parametrize("command", ["info", "stats"])
def test_a_grid_maze_is_measured_in_the_square_tables_words(capsys, tmp_path, command):
    """yes / no and '-' for a missing figure, labels right-aligned as for a square maze, never Python's True / None."""
    import numpy as np

    from tremaux.grids import GridMaze, files, make_grid

    grid = make_grid("hex", size=(2, 3))
    walled = GridMaze(grid, np.zeros(grid.size, np.uint8))  # no passage: not perfect, the goal out of reach
    files.save(walled, tmp_path / "walled.json")
    code, text, err = run(capsys, command, str(tmp_path / "walled.json"))
    assert code == 0, err
    rows = dict((line[:16].strip(), line[18:]) for line in text.splitlines())
    assert rows["perfect"] == "no" and rows["start to goal"] == "unreachable" and rows["grid"] == "hex"
    assert all(line[16:18] == "  " and line[15] != " " for line in text.splitlines())
    assert "True" not in text and "False" not in text and "None" not in text


def test_animate_walks_a_maze_file_with_the_seed_solve_takes(capsys, tmp_path):
    """`animate FILE -s tremaux --seed N` replays the walk `solve FILE -s tremaux --seed N` draws, not the fixed order."""
    import tremaux
    from tremaux import io

    maze = tmp_path / "m.txt"
    io.save(tremaux.generate((8, 10), seed=4, braid=0.6).maze, maze, "ascii")
    gifs = {}
    for seed in ("1", "2"):
        for command in ("animate", "solve"):
            gif = tmp_path / f"{command}{seed}.gif"
            code, _, err = run(capsys, command, str(maze), "-s", "tremaux", "--seed", seed, "--out", str(gif))
            assert code == 0, err
            gifs[command, seed] = gif.read_bytes()
        assert gifs["animate", seed] == gifs["solve", seed]
    assert gifs["animate", "1"] != gifs["animate", "2"]


def test_a_seed_animate_cannot_use_is_refused_not_dropped(capsys, tmp_path):
    """On a grid maze file the seed steers Tremaux's traveler (seed 000: a passage at random), as on a square
    maze; a solver that makes no random choice is refused the seed, not given it silently."""
    from tremaux.grids import files, generate_on, make_grid

    files.save(generate_on(make_grid("hex", size=(2, 3)), "kruskal", seed=1).maze, tmp_path / "h.json")
    code, _, err = run(capsys, "animate", str(tmp_path / "h.json"), "-s", "bfs", "--seed", "2",
                       "--out", str(tmp_path / "a.gif"))
    assert code == 2 and err.count("\n") == 1 and "'bfs' has no option 'seed'" in err
    assert not (tmp_path / "a.gif").exists()
    code, _, err = run(capsys, "animate", str(tmp_path / "h.json"), "--seed", "2", "--out", str(tmp_path / "t.gif"))
    assert code == 0 and (tmp_path / "t.gif").stat().st_size > 0, err


@pytest.mark.parametrize("args", [
    ("--format", "json"),
    ("--format", "block"),
    ("--out", "-", "--format", "npz"),
    ("--out", "-", "--format", "png"),
    ("--grid", "hex", "--size", "3x4", "--out", "-", "--format", "json"),
], ids=["json", "block", "npz", "png", "hex-json"])
def test_stats_leave_a_maze_file_on_stdout_readable(args, capfdbinary):
    """`generate --stats` with a maze file on stdout puts the statistics on stderr, so the file reads back."""
    from tremaux import io
    from tremaux.cli import main
    from tremaux.grids import files

    code = 0
    try:
        main(["generate", "--seed", "1", "--stats", *args])
    except SystemExit as exc:
        code = exc.code
    out, err = capfdbinary.readouterr()
    assert code in (0, None), err
    assert b"(statistics)" in err and b"(statistics)" not in out
    back = files.loads(out) if "--grid" in args else io.loads(out)
    assert back.passages > 0


def test_a_carving_on_a_grid_goes_to_stdout_as_named(capfdbinary):
    from tremaux.cli import main

    code = 0
    try:
        main(["generate", "--grid", "hex", "--size", "3x3", "--seed", "1", "--out", "-", "--format", "gif"])
    except SystemExit as exc:
        code = exc.code
    out, err = capfdbinary.readouterr()
    assert code in (0, None), err
    assert out.startswith(b"GIF8")


def test_a_grid_maze_that_cannot_be_printed_is_refused_before_it_is_made(capsys, monkeypatch):
    import tremaux.grids

    def never(*args, **kwargs):
        raise AssertionError("the maze was made before the refusal")

    monkeypatch.setattr(tremaux.grids, "generate_on", never)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run(capsys, "generate", "--grid", "hex", "--size", "30x100")
    assert code == 2 and out == "" and "needs 227 columns of braille, over the 80 there are" in err


@pytest.mark.parametrize("argv, old, new", [
    (["animate", "--generat", "wilson", "--out", "a.gif"], "--generate", "--generator"),
    (["generate", "--algo", "wilson"], "--algorithm", None),
    (["render", "-", "--solv", "bfs"], "--solve", "--solver"),
    (["generate", "--too", "m.json"], "--to", "--out"),
])
def test_a_mistyped_option_is_never_pointed_at_an_old_hidden_spelling(capsys, argv, old, new):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: no such option") and err.count("\n") == 1
    suggested = err.split("(see ")[0].replace(",", " ").replace(")", " ").replace("?", " ").split()
    assert old not in suggested
    assert new is None or new in suggested


def test_render_draws_the_run_solve_draws_with_the_same_start_goal_and_seed(capsys, tmp_path):
    """render -s takes the --start, --goal and --seed of solve: the same picture for the same words."""
    import tremaux
    from tremaux import io

    maze = tmp_path / "m.txt"
    io.save(tremaux.generate((8, 10), seed=4, braid=0.6).maze, maze, "ascii")
    words = ["-s", "tremaux", "--seed", "2", "--start", "7,9", "--goal", "0,0"]
    code, _, err = run(capsys, "solve", str(maze), *words, "--out", str(tmp_path / "solve.png"))
    assert code == 0, err
    code, _, err = run(capsys, "render", str(maze), *words, "--out", str(tmp_path / "render.png"))
    assert code == 0, err
    assert (tmp_path / "solve.png").read_bytes() == (tmp_path / "render.png").read_bytes()
    code, _, err = run(capsys, "render", str(maze), "--seed", "2")  # no solver to take it: said, not dropped
    assert code == 2 and "--solver" in err and err.count("\n") == 1


def test_animate_weaves_the_share_it_is_given(capsys, tmp_path):
    code, _, err = run(capsys, "animate", "-g", "kruskal", "--grid", "square", "--weave", "2", "-o",
                       str(tmp_path / "x.gif"))
    assert code == 2 and err == "error: --weave 2.0 is out of range; use a fraction between 0 and 1\n"
    assert not (tmp_path / "x.gif").exists()
    pictures = []
    for share in ("0.05", "0.95"):
        out = tmp_path / f"w{share}.gif"
        code, _, _ = run(capsys, "animate", "-g", "kruskal", "--grid", "square", "--size", "8x8", "--seed", "3",
                         "--weave", share, "-o", str(out))
        assert code == 0
        pictures.append(out.read_bytes())
    assert pictures[0] != pictures[1]  # the share reaches the generator, as generate --weave does


@pytest.mark.parametrize("words", [("generate", "--seed", "1"), ("numberlink", "generate", "--seed", "1")])
def test_a_size_typed_with_the_multiplication_sign_reads_as_with_x(capsys, words):
    code_x, out_x, err_x = run(capsys, *words, "--size", "3x4")
    code, out, err = run(capsys, *words, "--size", "3\u00d74")
    assert (code, out) == (code_x, out_x) and code == 0 and out and err.split(" in ")[0] == err_x.split(" in ")[0]


def test_a_dataset_size_typed_with_the_multiplication_sign_reads_as_with_x():
    from tremaux.dataset.spec_values import parse_size_range

    assert parse_size_range("8\u00d716") == parse_size_range("8x16")


@pytest.mark.parametrize("argv, named", [
    (["generate", "-g", ""], "'--generator': an empty name names no generator"),
    (["solve", "{maze}", "-s", ""], "'--solver': an empty name names no solver"),
    (["animate", "{maze}", "-s", "", "--out", "{tmp}/a.gif"], "'--solver': an empty name names no solver"),
    (["demo", "-g", "", "--out", "{tmp}/d.png"], "'--generator': an empty name names no generator"),
])
def test_an_empty_name_is_refused_not_taken_for_the_default(capsys, tmp_path, argv, named):
    # `tremaux solve maze.txt -s "$SOLVER"` with SOLVER unset ran bfs, and `-g ""` the backtracker, without a word
    maze = tmp_path / "m.txt"
    maze.write_text("+---+---+\n| S   G |\n+---+---+\n")
    code, out, err = run(capsys, *[a.format(maze=maze, tmp=tmp_path) for a in argv])
    assert code == 2 and out == "" and err.startswith(f"error: invalid value for {named}") and err.count("\n") == 1
    assert not list(tmp_path.glob("[ad].*"))


@pytest.mark.parametrize("argv, named", [
    (["show", ""], "FILE: empty file name"), (["info", ""], "FILE: empty file name"),
    (["solve", ""], "FILE: empty file name"), (["render", "", "--out", "{tmp}/r.png"], "FILE: empty file name"),
    (["animate", "", "--out", "{tmp}/a.gif"], "FILE: empty file name"),
    (["generate", "--mask", ""], "'--mask': empty file name"), (["dataset", "", "-n", "2", "--out", "{tmp}/d"], "FILE"),
    (["dataset", "info", ""], "PATH: empty folder name"),
])
def test_an_empty_file_name_is_named_so_not_read_as_the_current_folder(capsys, tmp_path, argv, named):
    # `tremaux info "$FILE"` with FILE unset said "cannot open .: Is a directory"
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert code == 2 and out == "" and err.startswith(f"error: invalid value for {named}") and err.count("\n") == 1
