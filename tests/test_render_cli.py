"""``tremaux render`` and ``tremaux animate``, and ``render.save`` by extension."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from render_helpers import binary_tree, rgb, tremaux_run
from tremaux import io as mio
from tremaux import render
from tremaux.cli import main
from tremaux.errors import UnknownNameError, UnsupportedError
from tremaux.render.palette import PALETTE, parse_colour


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
def maze_file(tmp_path):
    p = tmp_path / "maze.json"
    mio.save(binary_tree(6, 8, 3, start=(0, 0), goal=(5, 7)), p)
    return p


# ---------------------------------------------------------------- save


@pytest.mark.parametrize("ext", [".svg", ".png", ".gif", ".txt"])
def test_save_picks_the_format_from_the_extension(tmp_path, ext):
    sol = tremaux_run()
    p = render.save(sol, tmp_path / f"pic{ext}", cell_size=10, wall_width=2, margin=0) if ext != ".txt" else \
        render.save(sol, tmp_path / f"pic{ext}", style="unicode")
    data = p.read_bytes()
    if ext == ".svg":
        assert ET.fromstring(data).tag.endswith("svg")
    elif ext == ".txt":
        assert data.decode("utf-8") == render.to_text(sol, style="unicode") + "\n"
    else:
        img = Image.open(io.BytesIO(data))
        assert img.format == ext[1:].upper()
        if ext == ".gif":  # a recorded run animates
            assert img.n_frames > 2
        assert rgb(img, 7, 7) == parse_colour(PALETTE["start"])


def test_still_gif_without_a_trace(tmp_path):
    p = render.save(binary_tree(3, 3), tmp_path / "m.gif")
    assert Image.open(p).n_frames == 1


def test_unknown_extension_lists_the_accepted_ones(tmp_path):
    with pytest.raises(UnknownNameError, match=r"cannot tell what to write to '.*m\.jpg' from its extension: use "
                                               r"\.txt, \.png, \.svg or \.gif, or name a format \(ascii, png, svg, gif\)"):
        render.save(binary_tree(2, 2), tmp_path / "m.jpg")
    with pytest.raises(UnknownNameError, match="cannot tell what to write to .*noext"):
        render.save(binary_tree(2, 2), tmp_path / "noext")
    with pytest.raises(UnsupportedError, match="cannot animate a .png"):
        render.save(tremaux_run(), tmp_path / "m.png", animate=True)


# ---------------------------------------------------------------- tremaux render


def test_render_text_to_stdout(capsys, maze_file):
    status, out, err = run(capsys, "render", maze_file, "--style", "unicode", "--solver", "bfs")
    assert status == 0
    assert out.startswith("┌") and "S" in out and "G" in out and "•" in out


@pytest.mark.parametrize("ext", ["svg", "png", "gif"])
def test_render_to_a_file(capsys, tmp_path, maze_file, ext):
    out_file = tmp_path / f"m.{ext}"
    status, out, err = run(capsys, "render", maze_file, "--out", out_file, "--cell-size", "6")
    assert status == 0 and f"wrote {out_file}" in err
    if ext == "svg":
        assert ET.parse(out_file).getroot().tag.endswith("svg")
    else:
        img = Image.open(out_file)
        assert img.size == (8 * 6 + 9 * 1 + 2 * 3, 6 * 6 + 7 * 1 + 2 * 3)


def test_render_format_option_and_heat(capsys, tmp_path, maze_file):
    out_file = tmp_path / "picture"
    status, _, _ = run(capsys, "render", maze_file, "--format", "png", "--out", out_file, "--heat")
    assert status == 0 and Image.open(out_file).format == "PNG"
    status, out, _ = run(capsys, "render", maze_file, "-f", "svg")
    assert status == 0 and ET.fromstring(out).tag.endswith("svg")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--out", "m.jpg"], "error: cannot tell what to write to 'm.jpg' from its extension: use .txt, .png, .svg or "
                             ".gif, or name a format (ascii, png, svg, gif)"),
        (["--format", "png"], "error: png is a binary picture; give a file with --out"),
        (["--style", "fancy"], "error: unknown text style 'fancy'"),
        (["--solver", "nope"], "error: unknown solver 'nope'"),
    ],
)
def test_render_errors_are_one_line(capsys, tmp_path, maze_file, args, message):
    args = [str(tmp_path / a) if a.endswith(".jpg") else a for a in args]
    status, out, err = run(capsys, "render", maze_file, *args)
    assert status == 2
    assert err.startswith(message.replace("m.jpg", str(tmp_path / "m.jpg"))) and err.count("\n") == 1


def test_a_cell_size_drawing_a_picture_longer_than_any_is_refused_alike_in_svg_and_png(capsys, tmp_path, maze_file):
    import re

    from tremaux.errors import TremauxError
    from tremaux.render.geometry import MAX_SIDE, geometry

    errors = set()
    for fmt in ("svg", "png", "gif"):
        out_file = tmp_path / f"m.{fmt}"
        status, _, err = run(capsys, "render", maze_file, "--cell-size", 10**20, "-o", out_file)
        assert status == 2 and not out_file.exists() and err.count("\n") == 1  # was: an SVG 7e20 pixels wide
        errors.add(err)
    (err,) = errors  # the same refusal, whatever the picture's format
    assert "(cell_size 100,000,000,000,000,000,000)" in err and f"{MAX_SIDE:,} pixels a side" in err
    largest = int(re.search(r"cell_size at most ([\d,]+)", err).group(1).replace(",", ""))
    maze = mio.load(maze_file)
    assert max(geometry(maze, largest).size(maze)) <= MAX_SIDE
    with pytest.raises(TremauxError, match="pixels a side"):
        render.to_svg(maze, cell_size=largest + 1)
    status, _, _ = run(capsys, "render", maze_file, "--cell-size", largest, "-o", tmp_path / "m.svg")
    svg = ET.parse(tmp_path / "m.svg").getroot()
    assert status == 0 and int(svg.get("width")) <= MAX_SIDE


@pytest.mark.parametrize("fmt", ["png", "svg", "gif"])
def test_render_refuses_a_text_style_for_a_picture(capsys, tmp_path, maze_file, fmt):
    out_file = tmp_path / f"m.{fmt}"
    status, _, err = run(capsys, "render", maze_file, "--out", out_file, "--style", "unicode")
    assert status == 2 and not out_file.exists()
    assert err == f"error: --style is for text drawings (txt); a {fmt} picture takes --cell-size\n"
    # the default style stays ascii for text, and no style is asked of a picture
    status, out, _ = run(capsys, "render", maze_file)
    assert status == 0 and out.startswith("+")
    status, _, _ = run(capsys, "render", maze_file, "--out", out_file)
    assert status == 0 and out_file.exists()


# ---------------------------------------------------------------- tremaux animate


@pytest.mark.parametrize("ext", ["gif", "svg"])
def test_animate_a_solver(capsys, tmp_path, maze_file, ext):
    out_file = tmp_path / f"a.{ext}"
    status, _, err = run(capsys, "animate", maze_file, "--solver", "tremaux", "--out", out_file, "--frames", "12")
    assert status == 0, err
    if ext == "gif":
        assert 2 < Image.open(out_file).n_frames <= 12
    else:
        root = ET.parse(out_file).getroot()
        assert 1 <= len(root.findall(".//{http://www.w3.org/2000/svg}set")) <= 11


def test_animate_errors(capsys, tmp_path, maze_file):
    status, _, err = run(capsys, "animate", "--out", tmp_path / "a.gif")
    assert status == 2 and "needs a maze FILE" in err
    status, _, err = run(capsys, "animate", maze_file, "--out", tmp_path / "a.png")
    assert status == 2 and "tremaux animate writes svg or gif, not png" in err
    status, _, err = run(capsys, "animate", maze_file, "--out", tmp_path / "a.gif", "--frames", "1")
    assert status == 2 and "frames 1 is too few" in err


def test_animate_a_generator(capsys, tmp_path):
    out_file = tmp_path / "g.gif"
    status, _, err = run(capsys, "animate", "--generator", "backtracker", "--size", "6x8", "--seed", "1",
                         "--out", out_file, "--frames", "10")
    assert status == 0, err
    gif = Image.open(out_file)
    assert 2 < gif.n_frames <= 10
    # the first frame is the closed grid: every cell still uncarved (gray)
    assert rgb(gif, gif.size[0] // 2, gif.size[1] // 2) in {parse_colour(PALETTE[k]) for k in ("uncarved", "wall")}


def test_animate_a_solver_on_a_generated_braided_maze(capsys, tmp_path):
    out_file = tmp_path / "t.svg"
    status, _, err = run(capsys, "animate", "--generator", "backtracker", "--braid", "0.5", "--size", "6x8",
                         "--seed", "1", "--solver", "tremaux", "--out", out_file)
    assert status == 0, err
    text = out_file.read_text()
    assert PALETTE["path"] in text and PALETTE["start"] in text and PALETTE["goal"] in text


def test_animate_a_generator_from_its_start_cell(capsys, tmp_path):
    import tremaux

    out_file = tmp_path / "g.gif"
    status, _, err = run(capsys, "animate", "--generator", "backtracker", "--size", "6x8", "--seed", "1",
                         "--start", "3,4", "--out", out_file, "--frames", "10")
    assert status == 0, err
    carved = tremaux.generate((6, 8), "backtracker", seed=1, start=(3, 4), record=True)
    assert out_file.read_bytes() == render.to_gif(carved, frames=10)


@pytest.mark.parametrize("args, message", [
    (["--start", "9,9"], "error: --start (9, 9) is outside the 6 x 8 grid"),
    (["--goal", "1,1"], "error: --goal is where a solver heads; add --solver NAME"),
    (["--grid", "hex", "--start", "9,9"], "error: --start (9, 9) is not a cell of this hex grid"),
    (["--grid", "hex", "--goal", "1,1"], "error: --goal is where a solver heads; add --solver NAME"),
])
def test_animate_a_generator_refuses_end_points_it_cannot_use(capsys, tmp_path, args, message):
    out_file = tmp_path / "g.gif"
    status, _, err = run(capsys, "animate", "--generator", "wilson", "--size", "6x8", *args, "--out", out_file)
    assert status == 2 and err.startswith(message) and err.count("\n") == 1
    assert not out_file.exists()


def test_animate_refuses_a_gif_frame_longer_than_the_format_holds(capsys, tmp_path, maze_file):
    out_file = tmp_path / "a.gif"
    status, _, err = run(capsys, "animate", maze_file, "--out", out_file, "--frame-ms", "1000000000000")
    assert status == 2 and err == ("error: --frame-ms 1000000000000 is too long for a GIF; it must be at most 655350 ms "
                                          "(the format's longest frame)\n")
    assert err.count("\n") == 1
    assert not out_file.exists()


@pytest.mark.parametrize("out, message", [("a.png", "error: tremaux animate writes svg or gif, not png ('{}')"),
                                          ("a", "error: cannot tell what to write to '{}' from its extension: use "
                                                ".svg or .gif, or name a format (svg, gif)\n"),
                                          ("missing/a.gif", "error: cannot write {}: the folder ")])
def test_animate_refuses_an_unwritable_out_before_the_run(capsys, monkeypatch, tmp_path, out, message):
    import tremaux

    def never(*args, **kwargs):
        raise AssertionError("the maze was made before --out was checked")

    monkeypatch.setattr(tremaux, "generate", never)
    target = tmp_path / out
    status, _, err = run(capsys, "animate", "--generator", "wilson", "--size", "6x8", "--out", target)
    assert status == 2 and err.startswith(message.format(target)) and err.count("\n") == 1


@pytest.mark.parametrize("args, message", [
    (["animate", "{m}", "--generator", "wilson", "--out", "{tmp}/a.gif"],
     "error: give a maze FILE to solve, or --generator NAME to make the maze, not both\n"),
    (["animate", "{m}", "--size", "4x4", "--out", "{tmp}/a.gif"],
     "error: --size and --braid shape the maze --generator makes; a maze FILE has its own\n"),
    (["animate", "{m}", "--braid", "0.5", "--out", "{tmp}/a.gif"],
     "error: --size and --braid shape the maze --generator makes; a maze FILE has its own\n"),
    (["render", "{m}", "--cell-size", "0"],
     "error: --cell-size is for pictures (png, svg, gif); a text drawing takes --style\n"),
])
def test_options_that_would_be_ignored_are_refused(capsys, tmp_path, maze_file, args, message):
    status, out, err = run(capsys, *[a.format(m=maze_file, tmp=tmp_path) for a in args])
    assert status == 2 and out == "" and err == message
    assert not (tmp_path / "a.gif").exists()


@pytest.mark.parametrize("grid", [False, True])
def test_a_binary_picture_without_out_says_how_to_print_it(capsys, tmp_path, maze_file, grid):
    path = maze_file
    if grid:
        from tremaux.grids import files, generate_on, make_grid

        path = tmp_path / "hex.json"
        files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, path)
    status, out, err = run(capsys, "render", str(path), "--format", "png")
    assert (status, out) == (2, "")
    assert err == "error: png is a binary picture; give a file with --out (or --out - for the standard output)\n"


def test_a_solver_that_finds_no_path_is_said_by_render_and_animate(capsys, tmp_path):
    import numpy as np

    from tremaux import Maze
    from tremaux.grids import GridMaze, make_grid
    from tremaux.grids.files import save as save_grid

    mio.save(Maze.closed((2, 3)), tmp_path / "closed.json")  # every cell walled in: no path
    save_grid(GridMaze(make_grid("hex", size=(2, 3)), np.zeros(6, np.uint8)), tmp_path / "hex.json")
    for args in (["render", "closed.json", "-s", "bfs"], ["render", "closed.json", "-s", "dfs", "-o", "c.png"],
                 ["animate", "closed.json", "-s", "bfs", "-o", "c.gif"],
                 ["render", "hex.json", "-s", "bfs", "-o", "h.svg"], ["animate", "hex.json", "-s", "bfs", "-o", "h.gif"]):
        code, out, err = run(capsys, *[str(tmp_path / a) if a.endswith((".json", ".png", ".gif", ".svg")) else a
                                       for a in args])
        assert code == 0, err
        assert f"{args[3]}: no path from (0, 0) to (1, 2)" in err, args
