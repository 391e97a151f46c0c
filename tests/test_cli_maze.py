"""``tremaux show``, ``info`` and ``convert`` on every format, and every bad input."""

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from random_mazes import random_perfect
from tremaux import Maze
from tremaux import io as mio
from tremaux.cli import main
from tremaux.io import json as J

GOLDEN = Path(__file__).parent / "golden"


def run(capsys, *args):
    """Run the command line; return (exit status, stdout, stderr)."""
    try:
        main([str(a) for a in args])
        status = 0
    except SystemExit as exc:
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def files(tmp_path):
    """The same maze saved in the four formats (block: an open field with a mask)."""
    maze = random_perfect((4, 5), seed=9, start=(0, 0), goal=(3, 4))
    square = Maze.open((3, 4), mask=np.array([[1, 1, 0, 1], [1, 1, 1, 1], [0, 1, 1, 1]], bool), start=(0, 0))
    paths = {}
    for fmt in ("ascii", "json", "npz"):
        paths[fmt] = tmp_path / f"maze-{fmt}.{fmt if fmt != 'ascii' else 'txt'}"
        mio.save(maze, paths[fmt], fmt)
    paths["block"] = tmp_path / "grid.txt"
    mio.save(square, paths["block"], "block")
    return maze, square, paths


@pytest.mark.parametrize("fmt", ["ascii", "block", "json", "npz"])
def test_show_prints_any_format(capsys, files, fmt):
    maze, square, paths = files
    status, out, err = run(capsys, "show", paths[fmt])
    assert status == 0 and err == ""
    want = square if fmt == "block" else maze
    assert out == mio.dumps(want, "ascii") + "\n"


def test_show_block_style(capsys, files):
    maze, _, paths = files
    status, out, _ = run(capsys, "show", paths["npz"], "--style", "block")
    assert status == 0 and out == mio.dumps(maze, "block") + "\n"
    status, _, err = run(capsys, "show", paths["npz"], "--style", "json")
    assert status == 2 and err.startswith("error: show prints a drawing")


@pytest.mark.parametrize("fmt", ["ascii", "block", "json", "npz"])
def test_info_json_on_any_format(capsys, files, fmt):
    maze, square, paths = files
    status, out, _ = run(capsys, "info", paths[fmt], "--json")
    assert status == 0
    info = json.loads(out)
    want = square if fmt == "block" else maze
    assert info["cells"] == want.size and info["passages"] == want.passages
    assert info["start"] == list(want.start)
    if fmt != "block":
        assert info["perfect"] is True and info["walls"] == 3 * 4 and info["solution_length"] is not None


def test_info_table(capsys, files):
    _, _, paths = files
    status, out, _ = run(capsys, "info", paths["ascii"])
    assert status == 0
    for word in ("passages", "19", "islands", "dead ends", "4 x 5", "(0, 0)"):
        assert word in out
    assert "         perfect  yes" in out.splitlines()  # as `stats` prints it


@pytest.mark.parametrize("src", ["ascii", "block", "json", "npz"])
@pytest.mark.parametrize("to", ["ascii", "block", "json", "npz"])
def test_convert_between_all_formats(capsys, files, tmp_path, src, to):
    maze, square, paths = files
    out = tmp_path / f"out-{src}-{to}.dat"
    status, _, err = run(capsys, "convert", paths[src], "-o", out, "--format", to)
    assert status == 0 and "wrote" in err
    want = square if src == "block" else maze
    back = mio.load(out)
    if to == "block" and src != "block":
        assert mio.dumps(back, "block") == mio.dumps(want, "block")
    else:
        assert back == want


def test_convert_without_out_prints_a_text_format_and_refuses_a_binary_one(capsys, files, tmp_path):
    maze, _, paths = files
    for fmt in ("ascii", "block", "json", "tokens"):
        status, out, err = run(capsys, "convert", paths["npz"], "--format", fmt)
        assert status == 0 and err == "" and out == mio.dumps(maze, fmt) + "\n"  # was: missing option '--out'
        assert fmt == "block" or mio.loads(out) == maze  # (a block drawing reads back as its own maze)
    for fmt in ("npz", "png"):
        status, out, err = run(capsys, "convert", paths["ascii"], "--format", fmt)
        assert status == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"error: tremaux convert without --out writes ascii, block, json or tokens, not {fmt}; ")
        assert "--out FILE" in err
    status, _, err = run(capsys, "convert", paths["ascii"])  # no format to print: the file is asked for
    assert status == 2 and err.startswith("error: missing option '--out'") and "--format" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths.values())  # nothing written


def test_convert_by_extension(capsys, files, tmp_path):
    maze, _, paths = files
    assert run(capsys, "convert", paths["ascii"], "-o", tmp_path / "a.npz")[0] == 0
    assert run(capsys, "convert", tmp_path / "a.npz", "-o", tmp_path / "a.json")[0] == 0
    assert mio.load(tmp_path / "a.json") == maze


def test_golden_seed003_through_the_cli(capsys, tmp_path):
    src = GOLDEN / "seed003_dfs_naive.txt"
    assert run(capsys, "convert", src, "-o", tmp_path / "m.npz")[0] == 0
    status, out, _ = run(capsys, "show", tmp_path / "m.npz")
    assert status == 0 and out == src.read_text()


def test_stdin_is_read_with_a_dash(capsys, monkeypatch):
    text = (GOLDEN / "seed002_grid.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    status, out, _ = run(capsys, "info", "-", "--json")
    assert status == 0 and json.loads(out)["goal"] == [3, 4]


def _json_text(**changes):
    d = J.to_dict(Maze.open((2, 3)))
    d.update(changes)
    return json.dumps(d)


# (file name, content, words the one-line message must hold)
BAD_FILES = [
    ("ragged.txt", "+---+---+\n|       |\n+---+\n", "ragged.txt:3:6: ragged row"),
    ("ragged-block.txt", "...\n..\n", "ragged-block.txt:2:3: ragged row"),
    ("char.txt", "+---+\n| x |\n+---+\n", "char.txt:2:3: unknown character 'x'"),
    ("char-block.txt", "..\n.?\n", "char-block.txt:2:2: unknown character '?'"),
    ("two-starts.txt", "+---+---+\n| S   S |\n+---+---+\n", "two-starts.txt:2:7: a second start"),
    ("two-entrances.txt", "E.E\n", "two-entrances.txt:1:3: a second entrance"),
    ("start-outside.json", _json_text(start=[2, 9]), "start (2, 9) is outside the 2 x 3 grid"),
    ("negative.json", _json_text(shape=[-2, 3]), "maze size -2 x 3 is invalid"),
    ("absurd.json", _json_text(shape=[100000, 100000]), "has 10,000,000,000 cells; the limit is"),
    ("malformed.json", '{"format": "tremaux-maze",\n "version": 1,,}', "malformed.json:2:15: malformed JSON"),
    ("newer.json", _json_text(version=7), "version 7 is newer than this tremaux reads"),
    ("truncated.npz", None, "truncated.npz: not a readable .npz maze file"),
    ("binary.bin", b"\x00\xff\xfe", "binary.bin: not a maze file: byte 1 is not UTF-8"),
    ("empty.txt", "", "empty.txt:1:1: the text is empty"),
]


@pytest.mark.parametrize("command", ["show", "info", "convert"])
@pytest.mark.parametrize("name, content, message", BAD_FILES)
def test_bad_inputs_give_one_line_and_status_2(capsys, tmp_path, command, name, content, message):
    path = tmp_path / name
    if content is None:
        content = mio.dumps(Maze.open((5, 5)), "npz")[:100]
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    args = [command, path] + (["-o", tmp_path / "out.json"] if command == "convert" else [])
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["show", "{tmp}/missing.txt"], "error: no such file: {tmp}/missing.txt"),
        (["info", "{tmp}"], "error: cannot open {tmp}"),
        (["convert", "{good}", "-o", "{tmp}/out.dat"], "cannot tell what to write to '{tmp}/out.dat' from its extension: use "
                                                 ".txt, .json, .npz or .png, or name a format (ascii, block, json, tokens, npz, "
                                                 "png)"),
        (["convert", "{good}", "-o", "{tmp}/out.txt", "--format", "json"], "format json does not match the extension of "
                                                                      "'{tmp}/out.txt' (.txt is ascii)"),
        (["convert", "{good}", "-o", "{tmp}/out.txt", "--format", "tiff"], "unknown format 'tiff'; choose one of: ascii, block"),
        (["show", "{good}", "--style", "fancy"], "unknown text style 'fancy'; choose one of: ascii, block, braille, unicode"),
    ],
)
def test_bad_arguments(capsys, tmp_path, files, args, message):
    good = files[2]["json"]
    fill = {"tmp": tmp_path, "good": good}
    status, out, err = run(capsys, *[a.format(**fill) for a in args])
    assert status == 2
    assert err.count("\n") == 1 and message.format(**fill) in err, err
    assert not (tmp_path / "out.txt").exists()


def test_the_console_command_prints_no_traceback(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("+---+\n| S |\n+---\n")
    proc = subprocess.run([sys.executable, "-m", "tremaux", "info", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"error: {bad}:3:5: ragged row: this line has 4 characters, "
                                                "the first line of the maze has 5"]
    good = tmp_path / "good.txt"
    good.write_text("+---+\n| S |\n+---+\n")
    proc = subprocess.run([sys.executable, "-m", "tremaux", "show", str(good)], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == "+---+\n| S |\n+---+\n"


@pytest.mark.parametrize("style", ["nope", "Fancy"])
def test_show_names_the_text_styles_for_an_unknown_one(capsys, files, style):
    _, _, paths = files
    status, _, err = run(capsys, "show", paths["ascii"], "--style", style)
    assert status == 2 and err == f"error: unknown text style {style.lower()!r}; choose one of: ascii, block, braille, unicode\n"


def test_show_checks_the_style_before_reading_the_file(capsys, tmp_path):
    status, _, err = run(capsys, "show", str(tmp_path / "missing.txt"), "--style", "nope")
    assert status == 2 and err.startswith("error: unknown text style 'nope'")


def test_demo_gif_too_large_is_refused_before_printing(capsys, tmp_path):
    # the demo has no --frames: it says so before printing a maze of 2.5 million cells
    from cli_helpers import run

    out = tmp_path / "demo.gif"
    code, stdout, err = run(capsys, "demo", "--size", "1600x1600", "--braid", "0", "-s", "bfs", "--out", str(out))
    assert code == 2 and stdout == "" and err.count("\n") == 1
    assert err.endswith("the demo draws 100 frames: give a smaller --size, or write a .png or .svg\n")
    assert not out.exists()


def test_convert_says_it_reads_pictures(capsys, files, tmp_path):
    paths = files[2]
    code, out, _ = run(capsys, "convert", "--help")
    text = " ".join(out.split())  # as the help wraps it
    assert code == 0 and "(it reads pictures of mazes too)" in text and "a picture of a square maze (.png" in text
    picture = tmp_path / "m.png"
    assert run(capsys, "convert", str(paths["json"]), "-o", str(picture))[0] == 0
    code, _, _ = run(capsys, "convert", str(picture), "-o", str(tmp_path / "back.json"))
    assert code == 0 and mio.dumps(mio.load(tmp_path / "back.json"), "ascii") == mio.dumps(files[0], "ascii")


@pytest.mark.parametrize("dest, fmt", [("h.png", "png"), ("h.txt", "ascii")])
def test_convert_of_a_grid_maze_to_a_picture_points_to_render(capsys, tmp_path, dest, fmt):
    from tremaux.grids import files as grid_files, generate_on, make_grid

    src = tmp_path / "hex.json"
    grid_files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, src)
    code, out, err = run(capsys, "convert", str(src), "-o", str(tmp_path / dest))
    assert (code, out) == (2, "")
    assert err == (f"error: {src} holds a maze on a grid other than the square one: tremaux convert writes it as json "
                   f"or npz only, not {fmt}; tremaux render draws it as a picture (.png or .svg)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hex.json"]
    assert run(capsys, "render", str(src), "-o", str(tmp_path / "h.png"))[0] == 0


@pytest.mark.parametrize("command", ["stats", "info"])
def test_a_closed_maze_says_its_walled_in_cells_are_not_dead_ends(capsys, tmp_path, command):
    path = tmp_path / "closed.txt"
    path.write_text(str(Maze.closed((3, 4))) + "\n")
    status, out, err = run(capsys, command, str(path))
    assert status == 0, err
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("dead ends"))
    assert line.split()[2].rstrip(";") == "0" and "not the 12 walled-in" in line
    path.write_text(str(Maze.open((2, 3))) + "\n")  # no walled-in cell: the plain count
    status, out, err = run(capsys, command, str(path))
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("dead ends"))
    assert "walled-in" not in line
