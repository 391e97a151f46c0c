"""The ``tremaux generate`` and ``tremaux stats`` commands."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tremaux
from cli_helpers import run
from tremaux.generators import GENERATORS


def test_list_prints_names_first_one_per_line(capsys):
    code, out, _ = run(capsys, "generate", "--list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == GENERATORS.names()


@pytest.mark.parametrize("args, ignored", [(["--stats"], "--stats"), (["--braid", "0"], "--braid"),
                                           (["--size", "3x3", "--seed", "1"], "--size, --seed")])
def test_list_refuses_what_it_would_ignore_but_takes_the_grid(capsys, args, ignored):
    code, out, err = run(capsys, "generate", "--list", *args)  # was: the generators listed, --stats ignored
    assert code == 2 and out == ""
    assert err == (f"error: --list prints the generators and exits: {ignored} would be ignored; give --list alone, "
                   "or with --grid, --wrap or --weave\n")
    code, out, err = run(capsys, "generate", "--list", "--grid", "hex")  # what --list reads
    assert code == 0 and err == "" and "backtracker" in out


@pytest.mark.parametrize("name", [e.name for e in GENERATORS if e.perfect])
def test_every_algorithm_from_the_command_line(capsys, name):
    code, out, err = run(capsys, "generate", "--generator", name, "--size", "40x25", "--seed", "7", "--stats")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith("(statistics)")
    assert any(line.split()[:1] == ["passages"] and line.split()[-1] == "999" for line in lines)
    maze_lines = [ln for ln in lines if ln.startswith(("+", "|"))]
    assert len(maze_lines) == 2 * 40 + 1 and len(maze_lines[0]) == 4 * 25 + 1


def test_same_seed_same_output(capsys):
    a = run(capsys, "generate", "--size", "8x8", "--seed", "3")[1]
    b = run(capsys, "generate", "--size", "8x8", "--seed", "3")[1]
    assert a == b


def test_braid_mask_start_and_out(capsys, tmp_path):
    mask = tmp_path / "shape.txt"
    mask.write_text(".####.\n######\n######\n.####.\n")
    out = tmp_path / "m.txt"
    code, _, err = run(capsys, "generate", "--mask", str(mask), "--seed", "1", "--braid", "0.5",
                       "--start", "1,0", "--out", str(out))
    assert code == 0, err
    from tremaux.io import load

    maze = load(out)
    assert maze.shape == (4, 6) and maze.passages >= 20 - 1
    code, text, _ = run(capsys, "stats", str(out), "--json")
    assert code == 0 and json.loads(text)["cells"] == 20


def test_png_mask(capsys, tmp_path):
    from PIL import Image

    img = np.full((6, 9), 255, np.uint8)
    img[1:5, 2:8] = 0
    Image.fromarray(img).save(tmp_path / "shape.png")
    code, out, err = run(capsys, "generate", "--mask", str(tmp_path / "shape.png"), "--seed", "2", "-g", "kruskal")
    assert code == 0, err
    assert sum(line.count("###") for line in out.splitlines()) > 0  # masked cells are drawn filled


def test_stats_table(capsys, tmp_path):
    out = tmp_path / "m.txt"
    run(capsys, "generate", "--size", "10x10", "--seed", "1", "--out", str(out))
    code, text, _ = run(capsys, "stats", str(out))
    assert code == 0
    assert "dead ends" in text and "river" in text and "diameter" in text


@pytest.mark.parametrize("args, message", [
    (["generate", "--generator", "zigzag"], "unknown generator 'zigzag'; choose one of:"),
    (["generate", "--size", "ten"], "--size 'ten' is not of the form HxW"),
    (["generate", "-g", "eller", "--size", "2x4x4"], "eller cannot generate multi-level mazes"),
    (["generate", "--braid", "2"], "--braid 2.0 is out of range; use a fraction between 0 and 1"),
    (["generate", "--start", "99,99"], "--start (99, 99) is outside the 10 x 20 grid"),
])
def test_errors_are_one_line(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.strip().startswith("error: ") and message in err and "Traceback" not in err


def test_mask_and_size_must_agree(capsys, tmp_path):
    mask = tmp_path / "shape.txt"
    mask.write_text("##\n##\n")
    code, _, err = run(capsys, "generate", "--mask", str(mask), "--size", "3x3")
    assert code == 2 and "differs from the mask" in err


def test_algorithm_options_from_the_command_line(capsys):
    from tremaux import generate

    code, out, err = run(capsys, "generate", "-g", "growing-tree", "-O", "discipline=first-slot", "--option",
                         "variant=arc", "--size", "6x9", "--seed", "3", "--stats")
    assert code == 0, err
    assert out.splitlines()[0].strip() == "Arc Growing Tree (first slot) (statistics)"
    expected = generate((6, 9), "growing-tree", seed=3, discipline="first-slot", variant="arc").maze
    assert str(expected) in out


@pytest.mark.parametrize("args, message", [
    (["-g", "growing-tree", "-O", "discipline=sideways"], "unknown discipline 'sideways'"),
    (["-g", "kruskal", "-O", "discipline=oldest"], "kruskal takes no option 'discipline'"),
    (["-g", "growing-tree", "-O", "discipline"], "is not KEY=VALUE"),
    (["-g", "growing-tree", "-O", "seed=3"], "use --seed"),
    (["-g", "growing-tree", "-O", "p=0.2", "-O", "p=0.3"], "p is given twice"),
    (["-g", "growing-tree", "-O", "discipline=mixed", "-O", "p=2"], "out of range"),
])
def test_bad_algorithm_options_are_named(capsys, args, message):
    code, out, err = run(capsys, "generate", *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (["--out", "{tmp}/m.xyz"], "error: cannot tell what to write to '{tmp}/m.xyz' from its extension"),
    (["--out", "{tmp}/missing/m.txt"], "error: cannot write {tmp}/missing/m.txt: the folder {tmp}/missing does not exist"),
    (["--out", "{tmp}/m.txt", "--format", "xyz"], "error: unknown format 'xyz'"),
    (["--grid", "hex", "--out", "{tmp}/missing/m.json"], "error: cannot write {tmp}/missing/m.json: the folder {tmp}/missing does not exist"),
])
def test_an_unwritable_out_is_refused_before_the_maze_is_made(capsys, monkeypatch, tmp_path, args, message):
    import tremaux.generators
    import tremaux.grids

    def never(*args, **kwargs):
        raise AssertionError("the maze was made before --out was checked")

    monkeypatch.setattr(tremaux.generators, "generate", never)
    monkeypatch.setattr(tremaux.grids, "generate_on", never)
    code, _, err = run(capsys, "generate", "--size", "4x5", *[a.format(tmp=tmp_path) for a in args])
    assert code == 2 and err.startswith(message.format(tmp=tmp_path)) and err.count("\n") == 1


@pytest.mark.parametrize("size", ["", " "])
def test_an_empty_size_is_refused_not_taken_for_the_default(capsys, size):
    code, out, err = run(capsys, "generate", "--size", size)
    assert code == 2 and out == ""
    assert err == f"error: --size {size!r} is not of the form HxW or LxHxW (for example 20x30)\n"


def test_a_picture_mask_too_big_to_print_is_refused_before_it_is_decoded(capsys, monkeypatch, tmp_path):
    from PIL import Image

    import tremaux.generators.masks as masks

    path = tmp_path / "mask.png"
    Image.new("L", (3000, 2000)).save(path)

    def never(*args, **kwargs):
        raise AssertionError("the picture was decoded before its size was checked")

    monkeypatch.setattr(masks, "mask_from_image", never)
    code, out, err = run(capsys, "--memory-limit", "20M", "generate", "--mask", str(path))
    assert code == 2 and out == ""
    assert err.startswith("error: the ascii text of a 2000 x 3000 maze needs about ") and err.count("\n") == 1
    assert masks.picture_shape(path) == (2000, 3000) and masks.picture_shape(tmp_path / "m.txt") is None


@pytest.mark.parametrize("fmt", ["block", "json", "ascii"])
def test_format_without_out_prints_that_text(capsys, fmt):
    code, out, err = run(capsys, "generate", "--size", "3x4", "--seed", "5", "--format", fmt)
    assert code == 0, err
    assert out == tremaux.io.dumps(tremaux.generate((3, 4), seed=5).maze, fmt) + "\n"


@pytest.mark.parametrize("args, message", [
    (["--format", "npz"], "error: tremaux generate without --out writes ascii, block, json or tokens, not npz; save npz files "
                          "and pictures with --out FILE\n"),
    (["--format", "png"], "error: tremaux generate without --out writes ascii, block, json or tokens, not png; save npz files "
                          "and pictures with --out FILE\n"),
    (["--grid", "hex", "--format", "json"], "error: --format json without --out is for square mazes; save a grid maze "
                                            "with --out FILE\n"),
])
def test_format_without_out_that_cannot_be_printed(capsys, args, message):
    code, out, err = run(capsys, "generate", *args)
    assert code == 2 and out == "" and err == message


def test_a_carving_gif_too_large_is_refused_before_generating_with_advice_generate_can_follow(capsys, tmp_path):
    # `generate` draws 100 frames and has no --frames: the advice is the animate command that does
    out = tmp_path / "big.gif"
    code, _, err = run(capsys, "generate", "--size", "2000x2000", "-g", "wilson", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and "generating" not in err
    assert "`tremaux animate -g wilson --size 2000x2000 --frames 62 --out FILE.gif`" in err
    assert not out.exists()


def test_generate_start_says_it_is_where_the_carving_starts(capsys):
    # `generate --start 1,1` does not move the maze's start S: the help says so
    code, out, _ = run(capsys, "generate", "--help")
    assert code == 0 and "Cell the carving starts from" in " ".join(out.split())
    code, out, _ = run(capsys, "generate", "--size", "3x3", "--start", "1,1", "--seed", "1")
    assert code == 0 and out.splitlines()[1].startswith("| S")
