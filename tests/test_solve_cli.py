"""``tremaux solve`` from the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tremaux
from tremaux import SOLVERS, io
from tremaux.cli import main

GOLDEN = Path(__file__).parent / "golden"
LECTURE = str(GOLDEN / "seed002_grid.txt")


def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(["solve", *args])
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code or 0, out.out, out.err


def test_list_prints_every_registered_solver(capsys):
    code, out, _ = run(capsys, "--list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == SOLVERS.names()


@pytest.mark.parametrize("args, ignored", [(["--json"], "--json"), ([LECTURE], "FILE"),
                                           (["--solver", "dfs", "--seed", "3"], "--solver, --seed")])
def test_list_refuses_what_it_would_ignore(capsys, args, ignored):
    code, out, err = run(capsys, "--list", *args)  # was: the solvers listed, --json (or the maze) ignored
    assert code == 2 and out == ""
    assert err == f"error: --list prints the solvers and exits: {ignored} would be ignored; give --list alone\n"


@pytest.mark.parametrize("name", SOLVERS.names())
def test_every_solver_from_the_terminal(capsys, tmp_path, name):
    path = tmp_path / "maze.txt"
    io.save(tremaux.generate((6, 8), "kruskal", seed=1).maze, path, "ascii")
    code, out, err = run(capsys, str(path), "--solver", name)
    assert code == 0
    assert out.startswith("+---+") and " S " in out and " G " in out
    assert err.startswith(f"{name}: path of")
    code, out, _ = run(capsys, str(path), "-s", name, "--json", "--start", "5,0", "--goal", "0,7")
    data = json.loads(out)
    assert data["found"] is True and data["path"][0] == [5, 0] and data["path"][-1] == [0, 7]
    assert data["visited"] >= len(data["path"]) and data["steps"] >= len(data["path"]) - 1


@pytest.mark.parametrize("algorithm, name", [("bfs", "queue"), ("dfs", "stack")])
def test_explain_prints_the_golden_transcript(capsys, algorithm, name):
    code, out, _ = run(capsys, LECTURE, "--solver", algorithm, "--explain")
    assert code == 0
    assert out == (GOLDEN / f"solve_worklist_{name}.txt").read_text()


def test_no_path_in_json(capsys, tmp_path):
    path = tmp_path / "split.txt"
    path.write_text("+---+---+\n| S | G |\n+---+---+\n")
    code, out, _ = run(capsys, str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["found"] is False and data["path"] == []  # no path: an answer, status 1
    assert data["message"].startswith("no path")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--solver", "dijkstra"], "error: unknown solver 'dijkstra'; choose one of: astar"),
        (["--start", "0,1"], "error: --start (0, 1) is a masked cell, not part of the maze"),
        (["--goal", "9,9"], "error: --goal (9, 9) is outside the 4 x 5 grid"),
        (["--goal", "x"], "error: --goal 'x' is not of the form R,C or L,R,C"),
        (["-s", "tremaux", "--explain"], "error: --solver 'tremaux' has no step-by-step transcript; use one of: bfs, dfs"),
    ],
)
def test_bad_input_is_one_line(capsys, args, message):
    code, out, err = run(capsys, LECTURE, *args)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, str(tmp_path / "nope.txt"))
    assert code == 2 and "nope.txt" in err
    code, _, err = run(capsys)
    assert code == 2 and "missing the maze FILE" in err


@pytest.mark.parametrize("out, message", [
    ("x.xyz", "error: cannot tell what to write to '{}' from its extension: use .txt, .png, .svg or .gif, or name a "
              "format (ascii, png, svg, gif)\n"),
    ("x.json", "error: tremaux solve writes ascii, png, svg or gif, not json ('{}'); --json prints the solution "
               "for machines\n"),
    ("missing/x.png", "error: cannot write {0}: the folder {0.parent} does not exist\n"),
])
def test_an_unwritable_out_is_refused_before_the_run(capsys, tmp_path, out, message):
    path = tmp_path / "maze.txt"
    io.save(tremaux.generate((4, 5), seed=1).maze, path, "ascii")
    target = tmp_path / out
    code, stdout, err = run(capsys, str(path), "--out", str(target))
    assert code == 2 and stdout == "" and err == message.format(target)  # no run printed


def test_json_and_explain_together_are_refused(capsys, tmp_path):
    path = tmp_path / "maze.json"
    io.save(tremaux.generate((3, 4), seed=1).maze, path)
    code, stdout, err = run(capsys, str(path), "--json", "--explain")
    assert code == 2 and stdout == ""
    assert err == "error: --json and --explain print two different things; give one of them\n"


def test_a_replay_too_large_is_refused_before_printing_with_the_animate_command(capsys, tmp_path):
    # solve has no --frames: the advice is the animate command that has, with the same solver and ends
    from tremaux import Maze
    from tremaux import io as mio

    src = tmp_path / "open.npz"
    mio.save(Maze.open((1600, 1600)), src)
    out = tmp_path / "run.gif"
    code, stdout, err = run(capsys, str(src), "-s", "dfs", "--goal", "1599,1599", "--out", str(out))
    assert code == 2 and stdout == "" and err.count("\n") == 1
    assert f"(`tremaux animate {src} -s dfs --goal 1599,1599 --frames 97 --out {out}`)" in err
    assert not out.exists()


def test_grid_solve_names_only_the_option_given(capsys, tmp_path):
    from tremaux.grids import files, generate_on, make_grid

    src = tmp_path / "hex.json"
    files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, src)
    code, _, err = run(capsys, str(src), "--explain")
    assert code == 2 and err == "error: --explain is for square mazes; a grid maze is solved without it\n"
