"""The command line's errors name the options the user typed (``--cell-size``), not the library's parameters."""

from __future__ import annotations

import pytest

import tremaux
from tremaux import render
from tremaux.errors import TremauxError
from tremaux.grids import files, generate_on, make_grid
from cli_helpers import run


@pytest.fixture(scope="module")
def mazes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mazes")
    square, hexa = folder / "square.json", folder / "hex.json"
    tremaux.io.save(tremaux.generate((4, 5), seed=1).maze, square)
    files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, hexa)
    return {"square": square, "hex": hexa}


@pytest.mark.parametrize("argv, message", [
    (["render", "{square}", "-o", "{tmp}/a.png", "--cell-size", "0"],
     "--cell-size 0 is too small; it must be at least 1"),
    (["render", "{hex}", "-o", "{tmp}/a.svg", "--cell-size=-2"], "--cell-size -2 is too small; it must be at least 1"),
    (["animate", "{square}", "-o", "{tmp}/a.gif", "--frame-ms", "5"],
     "--frame-ms 5 is too short; it must be at least 10 ms"),
    (["animate", "{hex}", "-o", "{tmp}/a.gif", "--frame-ms", "5"],
     "--frame-ms 5 is too short; it must be at least 10 ms"),
    (["animate", "{square}", "-o", "{tmp}/a.gif", "--frames", "1"],
     "--frames 1 is too few; an animation needs at least 2"),
    (["--memory-limit", "8G", "animate", "{square}", "-o", "{tmp}/a.gif", "--cell-size", "0"],
     "--cell-size 0 is too small; it must be at least 1"),
    (["demo", "--braid", "2", "-o", "{tmp}/a.png"], "--braid 2.0 is out of range; use a fraction between 0 and 1"),
    (["generate", "--grid", "polar", "--rings", "0"], "--rings 0 is invalid: it must be at least 1"),
    (["dataset", "--count", "2", "--shard-size", "0", "-o", "{tmp}/d"],
     "--shard-size 0 is out of range: it must be between 1 and 10000000"),
    (["dataset", "--count", "2", "--min-solution-length", "-1", "-o", "{tmp}/d"],
     "--min-solution-length -1 is out of range: it must be between 0 and 2147483647"),
    (["numberlink", "generate", "--size", "5x5", "--time-limit", "0"],
     "--time-limit must be a positive number of seconds, not 0.0"),
    (["generate", "--grid", "hex", "--weave", "0.3", "--braid", "0.5", "-g", "kruskal", "-o", "{tmp}/a.json"],
     "--braid is not available on woven grids (a new passage could cut a crossing)"),
    (["animate", "--grid", "hex", "--weave", "0.3", "--braid", "0.5", "-g", "kruskal", "-o", "{tmp}/a.gif"],
     "--braid is not available on woven grids (a new passage could cut a crossing)"),
    (["generate", "--grid", "polar", "--weave", "0.3", "-g", "kruskal", "-o", "{tmp}/a.json"],
     "--weave works on the square and hex grids, not on a polar grid"),
    (["generate", "--grid", "hex", "-O", "openings=2", "-g", "kruskal", "-o", "{tmp}/a.json"],
     "openings= works on the plain square grid; on a hex grid make loops with --braid or islands="),
])
def test_an_error_names_the_option_typed(capsys, tmp_path, mazes, argv, message):
    code, out, err = run(capsys, *[a.format(tmp=tmp_path, **mazes) for a in argv])
    assert (code, out, err) == (2, "", f"error: {message}\n")
    assert not any(tmp_path.iterdir())


def test_a_value_from_a_spec_file_keeps_the_spec_key(capsys, tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text("count = 2\nshard_size = 0\n")
    code, _, err = run(capsys, "dataset", str(spec), "-o", str(tmp_path / "d"))
    assert (code, err) == (2, f"error: {spec}: dataset shard_size 0 is out of range: it must be between 1 and "
                              "10000000\n")


def test_the_python_api_keeps_its_parameter_names():
    maze = tremaux.generate((4, 5), seed=1).maze
    with pytest.raises(TremauxError, match=r"^cell_size 0 is too small; it must be at least 1$"):
        render.render(maze, "png", cell_size=0)
    with pytest.raises(TremauxError, match=r"^braid=2 is out of range"):
        tremaux.generate((4, 5), braid=2)
    with pytest.raises(TremauxError, match=r"^braid is not available on woven grids"):
        generate_on(make_grid("hex", size=(3, 3), weave=True), "kruskal", braid=0.5)
    with pytest.raises(TremauxError, match=r"make loops with braid= or islands=$"):
        generate_on(make_grid("hex", size=(3, 3)), "kruskal", openings=2)


@pytest.mark.parametrize("argv, message", [
    (["generate", "--seed", "abc"], "error: invalid value for '--seed': 'abc' is not a whole number"),
    (["generate", "--braid=x"], "error: invalid value for '--braid': 'x' is not a number"),
    (["demo", "--size", "3x3", "--seed", "1.5"], "error: invalid value for '--seed': '1.5' is not a whole number"),
])
def test_a_value_that_is_not_a_number_is_named_in_words(capsys, argv, message):
    from cli_helpers import run

    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith(message) and "Input should be" not in err, err


@pytest.mark.parametrize("argv, message", [
    (["warmup", "--workers", "0"], "error: --workers 0 must be at least 1\n"),
    (["warmup", "-w", "-3"], "error: --workers -3 must be at least 1\n"),
    (["dataset", "-n", "2", "-w", "0", "-o", "{tmp}/d"], "error: --workers 0 must be at least 1\n"),
    (["serve", "--workers", "0"], "error: --workers 0 must be between 1 and 64\n"),
    (["serve", "--workers", "65"], "error: --workers 65 must be between 1 and 64\n"),
    (["serve", "--time-limit", "0"], "error: --time-limit must be a positive number of seconds, not 0.0\n"),
    (["serve", "--time-limit", "nan"], "error: --time-limit must be a positive number of seconds, not nan\n"),
    (["serve", "--time-limit", "0.05"], "error: --time-limit 0.05 must be at least 0.1 seconds\n"),
    (["numberlink", "generate", "--size", "4x4", "--time-limit", "0"],
     "error: --time-limit must be a positive number of seconds, not 0.0\n"),
])
def test_a_shared_option_out_of_range_says_so_in_the_same_words_on_every_command(capsys, tmp_path, argv, message):
    """--workers and --time-limit are checked where they are defined, once, not by each command (nor by the
    converter, whose "Input should be greater than or equal to 1" was what serve said)."""
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert (code, out, err) == (2, "", message)
    assert not any(tmp_path.iterdir())
