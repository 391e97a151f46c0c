"""Every writer chooses the format of its file by one rule (tremaux.io.outputs.output_format), the same for all."""

from __future__ import annotations

import pytest

import tremaux
from tremaux import io as mio
from tremaux import render
from tremaux.errors import UnknownNameError, UnsupportedError
from tremaux.io.outputs import EXTENSIONS, OUTPUT_FORMATS, output_format
from cli_helpers import run

SIGNATURES = {"ascii": b"+---+", "json": b"{", "npz": b"PK", "png": b"\x89PNG", "svg": b"<svg", "gif": b"GIF8"}
"""How each format's file begins (svg: somewhere in its first line)."""

WRITES = {
    "generate": {"ascii", "json", "npz", "png", "svg", "gif"},
    "convert": {"ascii", "json", "npz", "png"},
    "render": {"ascii", "png", "svg", "gif"},
    "solve": {"ascii", "png", "svg", "gif"},
    "animate": {"svg", "gif"},
    "demo": {"ascii", "png", "svg", "gif"},
}
"""What each command writes, as documented in its --help."""


@pytest.fixture
def maze_file(tmp_path):
    path = tmp_path / "in.json"
    mio.save(tremaux.generate((3, 4), seed=1).maze, path)
    return path


def argv(command, maze_file, out):
    return {
        "generate": ["generate", "--size", "3x4", "--seed", "1", "--out", out],
        "convert": ["convert", maze_file, "--out", out],
        "render": ["render", maze_file, "--out", out],
        "solve": ["solve", maze_file, "--out", out],
        "animate": ["animate", maze_file, "--out", out, "--frames", "4"],
        "demo": ["demo", "--size", "3x4", "--out", out],
    }[command]


def begins(data: bytes, fmt: str) -> bool:
    return SIGNATURES[fmt] in data.splitlines()[0] if fmt == "svg" else data.startswith(SIGNATURES[fmt])


@pytest.mark.parametrize("command", sorted(WRITES))
@pytest.mark.parametrize("ext", sorted(EXTENSIONS))
def test_an_extension_means_the_same_format_for_every_command(capsys, tmp_path, maze_file, command, ext):
    fmt = EXTENSIONS[ext]
    out = tmp_path / f"out{ext.upper() if ext == '.png' else ext}"  # the case of an extension does not matter
    code, _, err = run(capsys, *map(str, argv(command, maze_file, out)))
    if fmt in WRITES[command]:
        assert code == 0, err
        assert begins(out.read_bytes(), fmt), (command, ext, out.read_bytes()[:20])
    else:
        assert code == 2 and err.startswith(f"error: tremaux {command} writes ") and err.count("\n") == 1
        assert f"not {fmt} (" in err
        assert not out.exists()


@pytest.mark.parametrize("command", sorted(WRITES))
@pytest.mark.parametrize("name", ["m.jpg", "m.bmp", "m.dat", "noext"])
def test_an_unknown_extension_is_refused_by_every_command_before_any_work(capsys, tmp_path, maze_file, command, name):
    out = tmp_path / name
    code, stdout, err = run(capsys, *map(str, argv(command, maze_file, out)))
    assert code == 2 and stdout == ""
    assert err.startswith(f"error: cannot tell what to write to '{out}' from its extension: use ")
    for fmt in WRITES[command]:
        assert {"ascii": ".txt"}.get(fmt, "." + fmt) in err
    assert not out.exists()


@pytest.mark.parametrize("command", ["generate", "convert", "render"])
def test_a_format_named_against_the_extension_is_refused(capsys, tmp_path, maze_file, command):
    out = tmp_path / "m.png"
    code, _, err = run(capsys, *map(str, argv(command, maze_file, out)), "--format", "ascii")
    assert code == 2 and err == f"error: format ascii does not match the extension of '{out}' (.png is png)\n"
    assert not out.exists()


@pytest.mark.parametrize("command", ["generate", "convert"])
def test_block_is_a_text_format_for_a_txt_file(capsys, tmp_path, maze_file, command):
    out = tmp_path / "m.txt"
    code, _, err = run(capsys, *map(str, argv(command, maze_file, out)), "--format", "block")
    assert code == 0, err
    assert out.read_text() == mio.dumps(mio.load(maze_file), "block") + "\n"


def test_generate_and_convert_write_the_same_text_file(capsys, tmp_path, maze_file):
    assert run(capsys, *map(str, argv("generate", maze_file, tmp_path / "g.txt")))[0] == 0
    assert run(capsys, "convert", str(tmp_path / "g.txt"), "-o", str(tmp_path / "c.txt"))[0] == 0
    assert (tmp_path / "g.txt").read_text() == (tmp_path / "c.txt").read_text()
    assert mio.load(tmp_path / "c.txt") == mio.load(maze_file)


@pytest.mark.parametrize("ext", sorted(EXTENSIONS))
def test_the_library_writers_follow_the_same_rule(tmp_path, ext):
    maze = tremaux.generate((3, 4), seed=2).maze
    fmt = EXTENSIONS[ext]
    for writer, takes in ((mio.save, mio.SAVE_FORMATS), (render.save, render.output.RENDER_FORMATS)):
        out = tmp_path / f"{writer.__module__}{ext}"
        if fmt in takes:
            writer(maze, out)
            assert begins(out.read_bytes(), fmt), (writer, ext)
        else:
            with pytest.raises(UnsupportedError, match=f"writes .*, not {fmt}"):
                writer(maze, out)
            assert not out.exists()


def test_names_and_aliases():
    assert list(OUTPUT_FORMATS) == ["ascii", "block", "json", "tokens", "npz", "png", "svg", "gif"]
    assert [output_format("x.dat", n) for n in ("TXT", ".txt", "image", "Block", "gif")] == \
        ["ascii", "ascii", "png", "block", "gif"]
    with pytest.raises(UnknownNameError, match="unknown format 'tiff'; choose one of: ascii, block"):
        output_format("m.txt", "tiff")
    with pytest.raises(UnknownNameError, match=r"unknown format '3'"):
        output_format("m.txt", 3)


@pytest.mark.parametrize("command", sorted(WRITES))
def test_an_out_that_is_a_folder_is_refused_before_any_work(capsys, tmp_path, maze_file, command):
    fmt = sorted(WRITES[command])[0]
    out = tmp_path / f"folder{'.txt' if fmt == 'ascii' else '.' + fmt}"
    out.mkdir()
    code, stdout, err = run(capsys, *map(str, argv(command, maze_file, out)), *(["--stats"] if command == "generate" else []))
    assert code == 2 and stdout == "" and err == f"error: cannot write {out}: it is a folder\n"


@pytest.mark.parametrize("command", ["generate", "convert", "render"])
def test_a_format_refused_is_named_as_typed(capsys, tmp_path, maze_file, command):
    out = tmp_path / "m.png"
    code, _, err = run(capsys, *map(str, argv(command, maze_file, out)), "--format", "TXT")
    assert code == 2 and err == f"error: format TXT (ascii) does not match the extension of '{out}' (.png is png)\n"
    assert not out.exists()


@pytest.mark.parametrize("command", sorted(WRITES))
def test_an_out_folder_without_an_extension_is_named_as_a_folder(capsys, tmp_path, maze_file, command):
    # `--out results/` was refused as a name without an extension ("cannot tell what to write to ...")
    out = tmp_path / "results"
    out.mkdir()
    code, stdout, err = run(capsys, *map(str, argv(command, maze_file, out)))
    assert code == 2 and stdout == "" and err == f"error: cannot write {out}: it is a folder\n"


def test_an_out_folder_is_named_as_a_folder_for_grid_mazes_too(capsys, tmp_path):
    maze_file = tmp_path / "hex.json"
    assert run(capsys, "generate", "--grid", "hex", "--size", "3x3", "--out", str(maze_file))[0] == 0
    for args in (["generate", "--grid", "hex", "--out"], ["solve", str(maze_file), "--out"],
                 ["render", str(maze_file), "--out"], ["animate", "--grid", "hex", "--out"]):
        code, _, err = run(capsys, *args, str(tmp_path))
        assert code == 2 and err == f"error: cannot write {tmp_path}: it is a folder\n", (args, err)
