"""What benchmarks/fuzz_inputs.py found: bad arguments that crashed deep inside, or an output refused after the work."""

from __future__ import annotations

import io
import math
import os
import sys

import pytest

from cli_helpers import run
from tremaux.errors import TremauxError

PUZZLE = "3 3\n1 . 2\n. . .\n1 . 2\n"


@pytest.fixture(scope="module")
def maze():
    import tremaux

    return tremaux.Maze.open((3, 3), start=(0, 0), goal=(2, 2))


@pytest.mark.parametrize("palette", [3, "wall", ("wall", "#000"), math.nan, object()])
@pytest.mark.parametrize("draw", ["to_svg", "to_png"])
def test_a_palette_that_is_not_a_mapping_is_named(maze, draw, palette):
    from tremaux import render

    with pytest.raises(TremauxError, match=r"^palette must be a mapping .* not \w+$"):
        getattr(render, draw)(maze, palette=palette)


@pytest.mark.parametrize("chars", ["#", 3, ["wall"]])
def test_text_characters_that_are_not_a_mapping_are_named(maze, chars):
    from tremaux import render

    with pytest.raises(TremauxError, match=r"^chars must be a mapping .* not \w+$"):
        render.to_text(maze, chars=chars)


@pytest.mark.parametrize("level", [math.nan, math.inf, 10**30, 10, -2, "6", True, 2.5])
def test_a_png_compression_level_out_of_zlib_is_named(maze, level):
    from tremaux import render

    with pytest.raises(TremauxError, match=r"^compress_level .* must be a zlib level, a whole number from 0 to 9"):
        render.to_png(maze, compress_level=level)


def test_the_png_compression_levels_of_zlib_are_taken(maze):
    from tremaux import render

    sizes = {level: len(render.to_png(maze, cell_size=20, compress_level=level)) for level in (-1, 0, 9)}
    assert sizes[0] > sizes[9] and sizes[-1] < sizes[0]  # stored against compressed: the level was used


@pytest.mark.parametrize("cap", [2**40, 10**30])
def test_a_puzzle_file_read_under_a_cap_past_memory(tmp_path, cap):
    from tremaux import numberlink

    path = tmp_path / "p.txt"
    path.write_text(PUZZLE)
    # one read of the cap's size asked the whole cap up front: MemoryError at 2**40, OverflowError at 10**30
    assert numberlink.load(path, max_bytes=cap).grid.shape == (3, 3)
    assert numberlink.load(io.BytesIO(PUZZLE.encode()), max_bytes=cap).grid.shape == (3, 3)
    assert numberlink.load(io.StringIO(PUZZLE), max_bytes=cap).grid.shape == (3, 3)
    with pytest.raises(TremauxError, match="larger than the 10-byte limit"):
        numberlink.load(path, max_bytes=10)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc, a folder that takes no new file")
@pytest.mark.parametrize("argv", [["numberlink", "solve", "{p}"], ["numberlink", "generate", "--size", "3x3"],
                                  ["numberlink", "convert", "{p}"]])
def test_a_number_link_out_in_a_place_that_takes_no_file_is_refused_before_the_work(capsys, tmp_path, argv):
    (tmp_path / "p.txt").write_text(PUZZLE)
    args = [a.format(p=tmp_path / "p.txt") for a in argv]
    code, out, err = run(capsys, *args, "-o", "/proc/tremaux-out.txt")
    # was: the puzzle solved (or generated, and its "solved: ..." line printed), then the file refused
    assert code == 2 and err == "error: cannot write /proc/tremaux-out.txt: no file can be made in /proc\n", err
    assert out == ""


@pytest.mark.parametrize("labels", [3, 2.5, math.nan, object()])
def test_puzzle_labels_that_are_no_sequence_are_named(labels):
    from tremaux.numberlink import Puzzle

    with pytest.raises(TremauxError, match=r"^labels is a sequence of strings, one a pair, not \w+$"):
        Puzzle([[1, 0, 1]], labels=labels)  # was TypeError: 'int' object is not iterable


@pytest.mark.parametrize("colours", [3, math.inf, object()])
@pytest.mark.parametrize("draw", ["to_svg", "to_png"])
def test_number_link_colours_that_are_no_list_are_named(draw, colours):
    from tremaux import numberlink

    with pytest.raises(TremauxError, match=r"^colours must be a list of colours, one per pair, not \w+$"):
        getattr(numberlink, draw)(numberlink.Puzzle([[1, 0, 1]]), colours=colours)


@pytest.mark.parametrize("name, text", [("spec.toml", ""), ("spec.toml", " \n\n"), ("spec.txt", "")])
def test_an_empty_dataset_spec_is_refused_before_the_build(capsys, tmp_path, name, text):
    spec = tmp_path / name
    spec.write_text(text)
    code, _, err = run(capsys, "dataset", str(spec), "-n", "2", "--size", "4x4", "-o", str(tmp_path / "d"))
    # was: read as a spec of no setting, and two mazes built with the defaults
    assert code == 2 and err == f"error: {spec}: the file is empty; a dataset spec gives settings such as count = " \
        "100 (or leave the file out for the defaults)\n", err
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("option", ["nope=1", "endpoint_url=http://h:9000", "x="])
def test_a_storage_option_for_a_local_folder_is_refused(capsys, tmp_path, option):
    out = tmp_path / "d"
    code, _, err = run(capsys, "dataset", "-n", "2", "--size", "4x4", "-o", str(out), "--storage-option", option)
    # was: ignored by the local file system, and the dataset built as if it were not given
    key = option.split("=")[0]
    assert code == 2 and err == f"error: --storage-option {key!r} means nothing for the local folder {out}; storage " \
        "options are for URLs such as s3://bucket/data\n", err
    assert not out.exists()


def test_a_storage_option_for_a_local_folder_is_refused_by_the_library(tmp_path):
    from tremaux import dataset

    with pytest.raises(TremauxError, match=r"^storage option 'anon' means nothing for the local folder "):
        dataset.build(dataset.make_spec(count=1, size="3x3"), tmp_path / "d", storage_options={"anon": True})
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("argv", [["numberlink", "convert", "{p}"], ["numberlink", "generate", "--size", "3x3"]])
def test_an_empty_number_link_format_is_refused_as_any_unknown_name(capsys, tmp_path, argv):
    (tmp_path / "p.txt").write_text(PUZZLE)
    code, out, err = run(capsys, *[a.format(p=tmp_path / "p.txt") for a in argv], "--format", "")
    # was: read as no --format at all, the grid format written
    assert code == 2 and out == "" and err.startswith("error: unknown numberlink format ''; choose one of: ") \
        and err.count("\n") == 1, err


def test_the_sweep_has_a_command_line_that_runs_for_every_command(monkeypatch):
    # benchmarks/fuzz_inputs.py reads the commands from the typer application; a new command needs a baseline
    # there (a command line that runs), or every bad value would be "refused" for a missing argument instead
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "benchmarks" / "fuzz_inputs.py"
    spec = importlib.util.spec_from_file_location("fuzz_inputs", path)
    sweep = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "fuzz_inputs", sweep)  # its dataclass looks its module up there
    spec.loader.exec_module(sweep)
    commands = [name for name, _ in sweep.commands()]
    assert {"generate", "render", "numberlink solve", "dataset"} <= set(commands)
    assert [name for name in commands if name not in sweep.BASELINES] == []


@pytest.mark.parametrize("width", [True, False])
def test_a_number_link_line_width_of_true_is_no_width(width):
    from tremaux import numberlink

    with pytest.raises(TremauxError, match=r"^line_width must be a number of pixels, 0 or more, not (True|False)$"):
        numberlink.to_svg(numberlink.Puzzle([[1, 0, 1]]), line_width=width)  # was drawn 1 (or 0) pixel wide
