"""Text drawings of mazes on every grid kind: braille, from the maze's picture drawn small."""

from __future__ import annotations

import numpy as np
import pytest

from cli_helpers import run
from tremaux import Maze, generate, io as mio
from tremaux.errors import MazeFormatError, UnsupportedError
from tremaux.generators import GENERATORS
from tremaux.grids import GRIDS, files, generate_on, make_grid, solve_on, supports
from tremaux.grids.braille import MAX_TEXT_CELL, MIN_TEXT_CELL, fit_cell, raster, to_braille
from tremaux.render import STYLES, to_text

# every grid kind, small and large (the large ones near the width of 80 columns at the fewest pixels a cell)
KINDS = {
    "square": ({"size": (3, 4)}, {"size": (12, 50)}),
    "square torus": ({"size": (3, 4), "wrap": "torus"}, {"size": (10, 45), "wrap": "torus"}),
    "square moebius": ({"size": (3, 4), "wrap": "moebius"}, {"size": (8, 40), "wrap": "moebius"}),
    "square woven": ({"size": (3, 4), "weave": True}, {"size": (10, 45), "weave": True}),
    "hex": ({"size": (3, 4)}, {"size": (12, 28)}),
    "hex woven": ({"size": (3, 3), "weave": True}, {"size": (8, 20), "weave": True}),
    "triangle": ({"size": (3, 5)}, {"size": (10, 90)}),
    "polar": ({"rings": 3}, {"rings": 24}),
    "upsilon": ({"size": (3, 4)}, {"size": (8, 30)}),
    "zeta": ({"size": (3, 4)}, {"size": (8, 30)}),
}
COLUMNS = 80


def _grid(kind: str, size: int):
    name = kind.split()[0]
    return make_grid(name, **KINDS[kind][size])


def _cases():
    for kind in KINDS:
        for size in (0, 1):
            g = _grid(kind, size)
            for entry in GENERATORS:
                if supports(entry, g):
                    yield pytest.param(kind, size, entry.name, id=f"{kind}-{('small', 'large')[size]}-{entry.name}")


def _dots(text: str) -> np.ndarray:
    """The braille dots of a drawing as pixels (``-1`` under a character that is not braille)."""
    rows = text.split("\n")
    out = np.zeros((4 * len(rows), 2 * max(map(len, rows))), np.int8)
    bits = [(0, 0, 0), (1, 0, 1), (2, 0, 2), (0, 1, 3), (1, 1, 4), (2, 1, 5), (3, 0, 6), (3, 1, 7)]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            code = ord(ch) - 0x2800
            if not 0 <= code < 256:
                out[4 * r:4 * r + 4, 2 * c:2 * c + 2] = -1
                continue
            for y, x, b in bits:
                out[4 * r + y, 2 * c + x] = code >> b & 1
    return out


def test_every_grid_kind_is_covered():
    assert {k.split()[0] for k in KINDS} == set(GRIDS.names())


def test_braille_is_a_registered_text_style():
    assert "braille" in STYLES


@pytest.mark.parametrize("kind, size, generator", list(_cases()))
def test_the_drawing_fits_shows_the_ends_and_is_the_picture(kind, size, generator):
    g = _grid(kind, size)
    maze = generate_on(g, generator, seed=size + 3).maze
    sol = solve_on(maze, "bfs")
    text = to_braille(maze, solution=sol, columns=COLUMNS)
    lines = text.split("\n")
    assert lines and max(map(len, lines)) <= COLUMNS and any(ch != "\u2800" for ch in text)
    assert text.count("S") == 1 and text.count("G") == 1
    # each braille character's dots are the picture's wall pixels under it, exactly
    walls, centres = raster(maze, fit_cell(g, COLUMNS))
    dots = _dots(text)
    H, W = walls.shape
    assert dots.shape[0] - H in range(4) and dots.shape[1] - W in range(2)
    braille = dots[:H, :W] >= 0
    assert np.array_equal(dots[:H, :W][braille].astype(bool), walls[braille])
    assert not dots[H:].any() and not dots[:, W:].any()  # the padding is blank (or a mark)
    # the marks are the characters over the middles of the start, the goal and the path's cells
    marked = {(y // 4, x // 2) for x, y in centres[np.r_[sol.path, maze.start_index, maze.goal_index]]}
    others = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if not 0x2800 <= ord(ch) < 0x2900}
    assert others == marked
    x, y = centres[maze.start_index]
    assert lines[y // 4][x // 2] == "S"


@pytest.mark.parametrize("kind", [k for k in KINDS if not KINDS[k][0].get("weave")])  # woven: their own test below
def test_the_picture_has_a_wall_where_the_maze_has_one(kind):
    """The raster matches the maze: the middle of every closed inner side is a wall pixel, of every open one not."""
    g = _grid(kind, 0)
    assert "weave" not in g.params
    maze = generate_on(g, "kruskal", seed=5, braid=0.5).maze
    cell = fit_cell(g, COLUMNS)
    walls, _ = raster(maze, cell)
    geo = g.geometry()
    x0, y0 = geo.bounds[:2]
    bits = ((maze.cells[:, None].astype(np.int64) >> np.arange(g.sides)) & 1).astype(bool)
    i, s = np.nonzero((geo.kind == 1) & (g.nbr >= 0))
    there = geo.ends[g.nbr[i, s], g.back[i, s]]
    here = geo.ends[i, s]  # not across the seam of a wrapped grid: the neighbour's side is the same segment
    inner = np.isclose(here, there).all(-1) | np.isclose(here, there[:, [2, 3, 0, 1]]).all(-1)
    i, s = i[inner], s[inner]
    mid = (geo.ends[i, s, :2] + geo.ends[i, s, 2:]) / 2
    px = np.floor((mid - [x0, y0]) * cell + 1.0).astype(int)
    near = np.array([walls[y - 1:y + 2, x - 1:x + 2].any() for x, y in px])
    on = walls[px[:, 1], px[:, 0]]
    closed = ~bits[i, s]
    assert closed.any() and (~closed).any()
    assert near[closed].all()
    assert not on[~closed].any()


def test_a_woven_maze_shows_its_passages_as_blanks():
    g = make_grid("square", size=(5, 6), weave=True)
    maze = generate_on(g, "kruskal", seed=2).maze
    walls, centres = raster(maze, fit_cell(g, COLUMNS))
    assert not walls[centres[:, 1], centres[:, 0]].any()  # every cell's middle is on a passage
    assert walls.mean() > 0.3  # on the dark ground


def test_the_width_follows_columns_and_the_terminal(monkeypatch):
    g = make_grid("hex", size=(5, 12))
    maze = generate_on(g, seed=1).maze
    for cols in (40, 60, 120):
        assert max(map(len, to_braille(maze, columns=cols).split("\n"))) <= cols
    assert fit_cell(g, 1000) == MAX_TEXT_CELL and fit_cell(g, 40) >= MIN_TEXT_CELL
    monkeypatch.setenv("COLUMNS", "45")
    assert max(map(len, to_braille(maze).split("\n"))) <= 45
    with pytest.raises(UnsupportedError, match=r"needs \d+ columns of braille, over the 20"):
        to_braille(maze, columns=20)


def test_square_mazes_draw_in_braille_too():
    made = generate((4, 6), seed=3)
    sol = __import__("tremaux").solve(made.maze, "bfs")
    text = to_text(sol, style="braille", columns=60)
    assert text.count("S") == 1 and text.count("G") == 1 and text.count("•") == sol.path.shape[0] - 2
    assert to_text(made.maze, style="braille") == to_braille(made.maze)
    with pytest.raises(UnsupportedError, match="no room for distances"):
        to_text(made.maze, style="braille", heat=(0, 0))
    with pytest.raises(UnsupportedError, match="one level"):
        to_text(generate((2, 3, 3), seed=1).maze, style="braille")


def test_grid_objects_print_in_braille(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    maze = generate_on(make_grid("triangle", size=(3, 5)), seed=2).maze
    assert str(maze) == to_braille(maze) and to_text(maze) == str(maze)
    sol = solve_on(maze, "bfs")
    assert to_text(sol) == to_braille(maze, solution=sol) and "•" in to_text(sol)
    with pytest.raises(UnsupportedError, match="style braille, not unicode"):
        to_text(maze, style="unicode")
    wide = generate_on(make_grid("hex", size=(3, 300)), seed=1).maze
    assert str(wide) == repr(wide)  # too wide to draw: its repr


@pytest.mark.parametrize("args", [["--grid", "hex"], ["--grid", "polar", "--rings", "4"], ["--grid", "zeta"],
                                  ["--size", "4x6", "--wrap", "torus"], ["--size", "4x6", "--weave", "0.3"]])
def test_generate_prints_the_braille_drawing(capsys, monkeypatch, args):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run(capsys, "generate", *args, "--seed", "3")
    assert code == 0, err
    assert out.count("S") == 1 and out.count("G") == 1 and max(map(len, out.splitlines())) <= 80


def test_commands_on_a_grid_file_print_braille_and_a_text_file_does_not_read_back(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", "80")
    maze = generate_on(make_grid("upsilon", size=(4, 5)), seed=4).maze
    path = tmp_path / "u.json"
    files.save(maze, path)
    code, shown, _ = run(capsys, "show", str(path))
    assert code == 0 and shown == to_braille(maze, columns=80) + "\n"
    code, drawn, err = run(capsys, "render", str(path), "--solver", "bfs")
    assert code == 0 and drawn == to_braille(maze, solution=solve_on(maze, "bfs"), columns=80) + "\n", err
    code, solved, _ = run(capsys, "solve", str(path))
    cells = " ".join(f"{r},{c}" for r, c in solve_on(maze, "bfs").cells)
    assert code == 0 and solved == drawn + cells + "\n"
    code, _, err = run(capsys, "render", str(path), "--style", "unicode")
    assert code == 2 and err.startswith("error: an upsilon maze is drawn in text with --style braille")
    code, _, err = run(capsys, "render", str(path), "--heat")
    assert code == 2 and "no room" in err
    text = tmp_path / "u.txt"
    assert run(capsys, "render", str(path), "--out", str(text))[0] == 0
    assert text.read_text(encoding="utf-8") == shown
    code, out, err = run(capsys, "show", str(text))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "braille drawing is for reading only" in err
    with pytest.raises(MazeFormatError, match="for reading only"):
        mio.loads(shown)


def test_generate_writes_a_braille_text_file(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", "70")
    out = tmp_path / "p.txt"
    code, _, err = run(capsys, "generate", "--grid", "polar", "--rings", "5", "--seed", "1", "--out", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert text.endswith("\n") and "S" in text and max(map(len, text.splitlines())) <= 70


def test_a_maze_too_wide_for_the_terminal_is_refused_before_it_is_made(capsys, monkeypatch):
    import tremaux.grids

    def never(*args, **kwargs):
        raise AssertionError("the maze was made before the refusal")

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(tremaux.grids, "generate_on", never)
    code, out, err = run(capsys, "generate", "--grid", "hex", "--size", "30x100")
    assert code == 2 and out == "" and "columns of braille, over the 80" in err


def test_show_prints_a_square_maze_in_braille(capsys, tmp_path):
    path = tmp_path / "m.txt"
    mio.save(Maze.open((2, 3), start=(0, 0), goal=(1, 2)), path)
    code, out, _ = run(capsys, "show", str(path), "--style", "braille")
    assert code == 0 and out.count("S") == 1 and "\u2800" <= out[0] <= "\u28ff"
