"""``tremaux generate --grid ...`` and ``tremaux solve`` on grid maze files."""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest

from cli_helpers import run
from tremaux.generators import GENERATORS
from tremaux.grids import files


@pytest.mark.parametrize("args, grid, cells", [
    (["--grid", "polar", "--rings", "6"], "polar", 1 + 6 + 12 + 24 + 24 + 24),
    (["--grid", "hex", "--size", "5x6"], "hex", 30),
    (["--grid", "hex", "--shape", "hexagon", "--radius", "3"], "hex", 37),
    (["--grid", "triangle", "--size", "4x7"], "triangle", 28),
    (["--grid", "triangle", "--shape", "triangle", "--side", "5"], "triangle", 25),
    (["--grid", "upsilon", "--size", "4x5"], "upsilon", 20),
    (["--grid", "zeta", "--size", "4x5"], "zeta", 20),
    (["--wrap", "moebius", "--size", "4x5"], "square", 20),
    (["--weave", "0.5", "--size", "6x6"], "square", 36),
])
def test_generate_on_a_grid_saves_a_file_that_solves(capsys, tmp_path, args, grid, cells):
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", *args, "--seed", "3", "--out", str(out))
    assert code == 0, err
    maze = files.load(out)
    assert maze.grid.name == grid and maze.size == cells and nx.is_tree(maze.to_networkx())
    pic = tmp_path / "m.svg"
    code, text, err = run(capsys, "solve", str(out), "--json", "--out", str(pic))
    assert code == 0, err
    result = json.loads(text)
    assert result["found"] and tuple(result["path"][0]) == maze.start and tuple(result["path"][-1]) == maze.goal
    assert pic.read_text().startswith("<svg")


def test_pictures_and_npz_from_the_command_line(capsys, tmp_path):
    for name in ("p.png", "p.svg", "p.npz"):
        code, _, err = run(capsys, "generate", "--grid", "polar", "--rings", "5", "--out", str(tmp_path / name))
        assert code == 0, err
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    assert files.load(tmp_path / "p.npz").grid.params["rings"] == 5


@pytest.mark.parametrize("args, message", [
    (["--grid", "polar", "--generator", "eller"], "error: eller does not run on a polar grid"),
    (["--grid", "hex", "--size", "3x300"], "error: a hex maze 450.5 units wide needs 677 columns of braille"),
    (["--grid", "hex", "--rings", "3"], "error: --rings is not an option of the hex grid; it takes --size, --shape, --radius, --weave"),
    (["--wrap", "klein"], "error: unknown wrap 'klein'"),
    (["--grid", "dodecahedron"], "error: unknown grid 'dodecahedron'"),
    (["--grid", "hex", "--size", "2x3x4"], "error: --size 2x3x4 must be HxW"),
    (["--weave", "2"], "error: "),
    (["--weave", "0.3", "--generator", "wilson"], "error: wilson does not run on a woven square grid; woven grids take: kruskal"),
])
def test_grid_errors_are_one_line(capsys, args, message):
    code, out, err = run(capsys, "generate", *args)
    assert code == 2 and err.startswith(message) and len(err.strip().splitlines()) == 1


def test_plain_square_grid_still_prints_and_list_shows_grids(capsys):
    code, out, _ = run(capsys, "generate", "--grid", "square", "--size", "3x4", "--seed", "1")
    assert code == 0 and out.startswith("+---+")
    code, out, _ = run(capsys, "generate", "--list")
    lines = dict(line.split(None, 1) for line in out.splitlines())
    assert set(lines) == set(GENERATORS.names())
    assert lines["wilson"].endswith("[any grid]") and lines["eller"].endswith("[square only]")
    assert lines["kruskal"].endswith("[any grid, woven too]")


def test_stats_of_a_grid_file(capsys, tmp_path):
    out = tmp_path / "h.npz"
    code, _, err = run(capsys, "generate", "--grid", "hex", "--size", "6x7", "--generator", "wilson", "--seed", "4",
                       "--out", str(out))
    assert code == 0, err
    code, text, err = run(capsys, "stats", str(out), "--json")
    assert code == 0, err
    s = json.loads(text)
    assert s["grid"] == "hex" and s["cells"] == 42 and s["perfect"] and s["passages"] == 41
    code, text, _ = run(capsys, "stats", str(out))
    assert code == 0 and "dead end share" not in text
    assert re.search(r"^       dead ends  \d+ \(\d+\.\d%\)$", text, re.M)  # a percentage, as a square maze's


def test_a_mask_shapes_a_hex_maze(capsys, tmp_path):
    (tmp_path / "m.txt").write_text("##..##\n######\n######\n.####.\n")
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "--grid", "hex", "--mask", str(tmp_path / "m.txt"), "--seed", "1",
                       "--out", str(out))
    assert code == 0, err
    maze = files.load(out)
    assert maze.size == 24 - 4 and nx.is_tree(maze.to_networkx())
    code, _, err = run(capsys, "generate", "--grid", "polar", "--mask", str(tmp_path / "m.txt"))
    assert code == 2 and err.startswith("error: a mask works on grids laid out in a rectangle")


@pytest.mark.parametrize("wrap", ["cylinder", "torus", "moebius"])
def test_a_wrap_too_small_names_the_option_that_gave_the_size(capsys, tmp_path, wrap):
    (tmp_path / "m.txt").write_text("#.#\n###\n")
    code, _, err = run(capsys, "generate", "--wrap", wrap, "--mask", str(tmp_path / "m.txt"), "--out",
                       str(tmp_path / "m.json"))
    if wrap == "torus":  # the torus wraps its rows too: 3 of them at least
        assert code == 2 and err == "error: --wrap torus needs at least 3 rows and 3 columns; the --mask has 2 x 3\n"
        code, _, err = run(capsys, "generate", "--wrap", wrap, "--size", "1x3", "--out", str(tmp_path / "m.json"))
        assert code == 2 and err == "error: --wrap torus needs at least 3 rows and 3 columns; --size 1x3 has 1 x 3\n"
    else:  # a cylinder or Möbius strip wraps its columns only: 1 or 2 rows are a maze
        assert code == 0, err
        assert files.load(tmp_path / "m.json").size == 5  # the mask keeps its 5 cells of #
        code, _, err = run(capsys, "generate", "--wrap", wrap, "--size", "1x3", "--out", str(tmp_path / "m.json"))
        assert code == 0, err
    code, _, err = run(capsys, "generate", "--wrap", wrap, "--size", "3x2", "--out", str(tmp_path / "m.json"))
    need = "3 rows and 3 columns" if wrap == "torus" else "3 columns"
    assert code == 2 and err == f"error: --wrap {wrap} needs at least {need}; --size 3x2 has 3 x 2\n"
    (tmp_path / "m.txt").write_text("###\n#.#\n###\n")  # large enough: a mask is allowed on a wrapped grid
    code, _, err = run(capsys, "generate", "--wrap", wrap, "--mask", str(tmp_path / "m.txt"), "--out",
                       str(tmp_path / "m.json"))
    assert code == 0, err
    assert files.load(tmp_path / "m.json").size == 8


@pytest.mark.parametrize("args, label", [
    (["--size", "4x4", "--weave", "0.3"], "square woven"),
    (["--size", "4x4", "--wrap", "torus"], "square (torus)"),
    (["--grid", "hex", "--size", "3x3"], "hex"),
])
def test_the_text_refusal_names_the_grid_it_refuses(capsys, tmp_path, args, label):
    code, _, err = run(capsys, "generate", *args, "--out", str(tmp_path / "m.txt"))
    assert code == 0, err
    code, _, err = run(capsys, "show", str(tmp_path / "m.txt"))
    assert code == 2 and "a braille drawing is for reading only" in err and err.count("\n") == 1
    code, _, err = run(capsys, "generate", *args, "--out", str(tmp_path / "m.txt"), "--format", "block")
    assert code == 2 and err.startswith(f"error: tremaux generate on a {label} grid writes ascii, json, npz, png, svg or gif, not block")


@pytest.mark.parametrize("args, message", [
    (["--grid", "hex", "--shape", "hexagon", "--radius", "2", "--size", "3x3"],
     "error: --size is for a rectangle; a hexagon takes --radius"),
    (["--grid", "hex", "--radius", "3"], "error: --radius is for --shape hexagon"),
    (["--grid", "hex", "--shape", "rectangle", "--radius", "3"], "error: --radius is for --shape hexagon, not --shape rectangle"),
    (["--grid", "triangle", "--side", "3"], "error: --side is for --shape triangle"),
    (["--grid", "triangle", "--shape", "triangle", "--side", "3", "--size", "4x4"],
     "error: --size is for a rectangle; a triangle takes --side"),
])
def test_grid_options_the_shape_would_ignore_are_refused(capsys, tmp_path, args, message):
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", *args, "--out", str(out))
    assert code == 2 and err == message + "\n"
    assert not out.exists()
    code, _, err = run(capsys, "animate", "--generator", "wilson", *args, "--out", str(tmp_path / "a.gif"))
    assert code == 2 and err == message + "\n"


@pytest.mark.parametrize("args, cells", [(["--grid", "hex", "--shape", "Hexagon", "--radius", "0"], 1),
                                         (["--grid", "triangle", "--shape", "triangle", "--side", "2"], 4)])
def test_shaped_grids_from_the_command_line(capsys, tmp_path, args, cells):
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", *args, "--out", str(out))
    assert code == 0, err
    assert files.load(out).grid.size == cells


@pytest.mark.parametrize("args, label", [(["--grid", "hex"], "a hex grid"), (["--grid", "polar"], "a polar grid"),
                                         (["--grid", "polar", "-g", "sidewinder"], "a polar grid"),
                                         (["--wrap", "torus"], "a square (torus) grid"),
                                         (["--weave", "0.3"], "a woven square grid")])
@pytest.mark.parametrize("option", ["openings", "unreachable"])
def test_square_only_options_name_the_grid_not_the_generator(capsys, tmp_path, args, label, option):
    code, _, err = run(capsys, "generate", *args, "-O", f"{option}=1", "--out", str(tmp_path / "m.json"))
    assert code == 2
    assert err == f"error: {option}= works on the plain square grid; on {label} make loops with --braid or islands=\n"


def test_openings_on_the_plain_square_grid_as_without_grid(capsys):
    code, with_grid, err = run(capsys, "generate", "--grid", "square", "--size", "4x5", "--seed", "3", "-O", "openings=2")
    assert code == 0, err
    assert with_grid == run(capsys, "generate", "--size", "4x5", "--seed", "3", "-O", "openings=2")[1]


def test_a_start_for_a_generator_without_one_lists_those_that_take_it_on_this_grid(capsys, tmp_path):
    code, _, err = run(capsys, "generate", "--grid", "hex", "-g", "kruskal", "--start", "0,0", "--out",
                       str(tmp_path / "m.json"))
    from tremaux.grids import make_grid, supports

    takers = [e.name for e in GENERATORS if e.start and supports(e, make_grid("hex", size=(10, 20)))]
    assert "backtracker" in takers and "kruskal" not in takers
    assert code == 2 and err == f"error: kruskal has no start cell; do not give one (start cells work with: " \
                                f"{', '.join(takers)})\n"


def test_weave_on_a_wrapped_grid_names_the_wrap(capsys, tmp_path):
    code, _, err = run(capsys, "generate", "--weave", "0.3", "--wrap", "torus", "--out", str(tmp_path / "w.json"))
    assert code == 2
    assert err == "error: --weave works on the square and hex grids (not wrapped), not on a square (torus) grid\n"


@pytest.mark.parametrize("fmt", ["json", "npz"])
@pytest.mark.parametrize("command", [["solve", "-"], ["info", "-"], ["stats", "-"], ["convert", "-", "-o", "OUT.json"],
                                     ["render", "-", "--out", "OUT.svg"], ["animate", "-", "--out", "OUT.gif"]])
def test_a_grid_maze_on_standard_input_is_read_like_a_named_file(capsys, monkeypatch, tmp_path, fmt, command):
    # `tremaux generate --grid hex -o - -f json | tremaux solve -`: '-' reads stdin for every maze file
    import io
    import sys

    from tremaux.grids import generate_on, make_grid

    maze = generate_on(make_grid("hex", size=(3, 4)), "wilson", seed=1).maze
    saved = tmp_path / f"hex.{fmt}"
    files.save(maze, saved)
    args = [a.replace("OUT", str(tmp_path / "out")) for a in command]
    expected = run(capsys, *[str(saved) if a == "-" else a for a in args])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(saved.read_bytes())))
    got = run(capsys, *args)
    assert got[0] == 0 and got[1] == expected[1]


def test_solve_json_gives_the_travelers_marks_on_every_grid(tmp_path, capsys):
    import tremaux
    from tremaux import io as mio
    from tremaux.grids import generate_on, make_grid, solve_on

    square = tremaux.generate((4, 5), "kruskal", seed=3, braid=0.5).maze
    mio.save(square, tmp_path / "sq.json")
    hexed = generate_on(make_grid("hex", size=(3, 4)), "wilson", seed=2, braid=0.5).maze
    files.save(hexed, tmp_path / "hex.json")
    code, out, err = run(capsys, "solve", str(tmp_path / "sq.json"), "-s", "tremaux", "--json")
    assert code == 0, err
    assert json.loads(out)["marks"] == tremaux.solve(square, "tremaux").extras["marks"].tolist()
    code, out, err = run(capsys, "solve", str(tmp_path / "hex.json"), "-s", "tremaux", "--json")
    assert code == 0, err
    assert json.loads(out)["marks"] == solve_on(hexed, "tremaux", record=True).marks.tolist()
    for f in ("sq.json", "hex.json"):  # the others leave no marks
        code, out, err = run(capsys, "solve", str(tmp_path / f), "-s", "bfs", "--json")
        assert code == 0 and "marks" not in json.loads(out)


@pytest.mark.parametrize("args, listed", [
    (["--grid", "polar"], "(ascii, json, npz, png, svg, gif)"),
    (["--wrap", "torus"], "(ascii, json, npz, png, svg, gif)"),
    (["--grid", "square"], "(ascii, block, json, tokens, npz, png, svg, gif)"),
])
def test_out_dash_without_a_format_lists_only_what_the_grid_writes(capsys, args, listed):
    code, _, err = run(capsys, "generate", *args, "--out", "-")
    assert code == 2 and err.strip().endswith(f"name a format {listed}"), err


@pytest.mark.parametrize("args, wrap, weave", [
    (["--size", "4x4", "--wrap", "torus"], "torus", False),
    (["--size", "5x5", "--weave", "0.5"], None, True),
    (["--grid", "hex", "--size", "3x3"], None, False),
])
@pytest.mark.parametrize("command", ["stats", "info"])
def test_the_json_measures_name_the_wrap_and_the_weave(capsys, tmp_path, args, wrap, weave, command):
    out = tmp_path / "m.json"
    assert run(capsys, "generate", *args, "--seed", "2", "--out", str(out))[0] == 0
    code, text, err = run(capsys, command, str(out), "--json")
    assert code == 0, err
    measures = json.loads(text)
    assert (measures["wrap"], measures["weave"]) == (wrap, weave) and measures["cells"] > 0
    assert measures["grid"] == ("hex" if "hex" in args else "square")


@pytest.mark.parametrize("command, listed", [
    (["convert", "{src}", "-o", "-"], "(json, npz)"),
    (["render", "{src}", "--out", "-"], "(png, svg)"),
])
def test_a_grid_maze_written_to_stdout_is_asked_only_its_formats(capsys, tmp_path, command, listed):
    src = tmp_path / "p.json"
    assert run(capsys, "generate", "--grid", "polar", "--rings", "2", "--out", str(src))[0] == 0
    code, _, err = run(capsys, *[a.format(src=src) for a in command])
    assert code == 2 and err.strip().endswith(f"name a format {listed}"), err


@pytest.mark.parametrize("args, message", [
    (["--grid", "polar", "--size", "3x3"], "error: --size is not an option of the polar grid; it takes --rings"),
    (["--grid", "triangle", "--wrap", "torus"], "error: --wrap is not an option of the triangle grid; it takes --size, "
                                                "--shape, --side"),
])
def test_an_option_of_another_grid_is_named_as_typed(capsys, tmp_path, args, message):
    code, _, err = run(capsys, "generate", *args, "--out", str(tmp_path / "m.json"))
    assert code == 2 and err.strip() == message


@pytest.mark.parametrize("args", [["--grid", "hex"], ["--weave", "0.3"], ["--grid", "polar"]])
def test_list_with_a_grid_lists_the_generators_that_run_on_it(capsys, args):
    from tremaux.grids import supports
    from tremaux.cli.grid_cmds import build_grid

    code, out, err = run(capsys, "generate", "--list", *args)
    assert code == 0, err
    listed = {line.split()[0] for line in out.splitlines()}
    grid = build_grid(grid=args[1] if args[0] == "--grid" else None, size=None, rings=None, shape=None, radius=None,
                      side=None, wrap=None, weave=0.3 if args[0] == "--weave" else None)
    assert listed == {e.name for e in GENERATORS if supports(e, grid)} and listed < {e.name for e in GENERATORS}


@pytest.mark.parametrize("grid, words", [("upsilon", "an upsilon maze is drawn"), ("hex", "a hex maze is drawn")])
def test_show_names_the_grid_of_the_file_with_its_article(capsys, tmp_path, grid, words):
    path = tmp_path / "m.json"
    assert run(capsys, "generate", "--grid", grid, "--size", "3x3", "--out", str(path))[0] == 0
    code, _, err = run(capsys, "show", str(path), "--style", "unicode")
    assert code == 2 and words in err
    code, _, err = run(capsys, "generate", "--grid", grid, "--size", "2x3x3")
    assert code == 2 and f"on {words.split()[0]} {grid} grid" in err


@pytest.mark.parametrize("args, label", [(["--grid", "hex", "--size", "3x4"], "a hex maze with kruskal"),
                                         (["--weave", "0.3", "--size", "3x4"], "a square woven maze with kruskal"),
                                         (["--grid", "polar", "--rings", "3"], "a polar maze with kruskal")])
def test_big_work_on_another_grid_is_said_before_it_starts_as_on_the_square_grid(capsys, tmp_path, monkeypatch, args,
                                                                                   label):
    # `generate --weave 0.5 --size 5000x5000` worked a minute without a word; the square maze says it will take a while
    from tremaux.cli import runtime

    monkeypatch.setattr(runtime, "LONG_WORK_CELLS", 4)  # every maze here is "big"
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", *args, "-g", "kruskal", "--seed", "1", "--out", str(out))
    assert code == 0 and err.startswith(f"generating {label} (") and "this may take a while..." in err, err
    assert err.count("may take a while") == 1
    for command, doing in (("solve", f"solving {out} with bfs"), ("stats", f"measuring {out}")):
        code, _, err = run(capsys, command, str(out))
        assert code == 0 and err.startswith(f"{doing} (") and "cells); this may take a while..." in err, err
    code, _, err = run(capsys, "generate", *args, "-g", "eller", "--out", str(tmp_path / "e.json"))
    assert code == 2 and err.startswith("error: eller does not run on") and err.count("\n") == 1  # refused: no note


def test_a_cell_size_drawing_a_grid_picture_longer_than_any_is_refused_as_for_a_square_maze(capsys, tmp_path):
    from tremaux.render.geometry import MAX_SIDE

    maze_file = tmp_path / "hex.json"
    assert run(capsys, "generate", "--grid", "hex", "--size", "3x3", "--seed", "1", "-o", str(maze_file))[0] == 0
    for cmd, out in (("render", "m.svg"), ("render", "m.png"), ("animate", "m.gif")):
        code, _, err = run(capsys, cmd, str(maze_file), "--cell-size", str(10**20), "-o", str(tmp_path / out))
        assert code == 2 and err.count("\n") == 1 and not (tmp_path / out).exists()  # was: an SVG 5e20 pixels wide
        assert f"over the largest drawn, {MAX_SIDE:,} pixels a side" in err
    largest = int(re.search(r"cell_size at most ([\d,]+)", err).group(1).replace(",", ""))
    code, _, _ = run(capsys, "render", str(maze_file), "--cell-size", str(largest), "-o", str(tmp_path / "m.svg"))
    sides = re.search(r'width="(\d+)" height="(\d+)"', (tmp_path / "m.svg").read_text()).groups()
    assert code == 0 and max(map(int, sides)) <= MAX_SIDE
    code, _, err = run(capsys, "render", str(maze_file), "--cell-size", str(largest + 1), "-o", str(tmp_path / "n.svg"))
    assert code == 2 and "pixels a side" in err
