"""Odd shapes and the files people bring: degenerate grids, hand-drawn text, stray bytes."""

from __future__ import annotations

import numpy as np
import pytest

from cli_helpers import run
import tremaux
from tremaux.errors import InvalidSizeError, MazeFormatError
from tremaux.generators import GENERATORS
from tremaux.grids import generate_on, make_grid, solve_on, supports


# ---------------------------------------------------------------- grids that would fall apart


@pytest.mark.parametrize("rows", [3, 4, 7])
def test_a_single_column_of_triangles_is_refused_as_it_is_not_connected(rows):
    # rows {0, 1}, {2, 3}... of a one-column triangle strip share a base only with each other: no
    # perfect maze exists, and a random walk (aldous-broder) would never finish
    with pytest.raises(InvalidSizeError, match=f"{rows} x 1 triangle grid falls apart"):
        make_grid("triangle", size=(rows, 1))


def test_a_single_column_of_triangles_is_a_one_line_error_in_the_cli(capsys):
    code, out, err = run(capsys, "generate", "--grid", "triangle", "--size", "5x1", "-g", "aldous-broder",
                         "--seed", "1")
    assert code == 2 and out == ""
    assert err.startswith("error: a 5 x 1 triangle grid falls apart") and err.count("\n") == 1


@pytest.mark.parametrize("size", [(1, 1), (2, 1), (1, 5), (2, 2), (3, 2)])
def test_every_small_triangle_grid_kept_gives_a_perfect_maze_with_every_generator(size):
    grid = make_grid("triangle", size=size)
    for entry in GENERATORS:
        if not supports(entry, grid):
            continue
        maze = generate_on(grid, entry.name, seed=2).maze
        assert maze.passages == grid.size - 1, entry.name
        assert solve_on(maze, "bfs").found, entry.name


# ---------------------------------------------------------------- hand-drawn ascii


def test_a_hand_drawn_maze_with_an_entrance_and_an_exit_reads_them_as_start_and_goal():
    text = ("+  +--+--+\n"
            "|     |  |\n"
            "+--+  +  +\n"
            "|        |\n"
            "+--+--+  +\n")
    m = tremaux.io.loads(text)
    assert m.shape == (2, 3) and m.start == (0, 0) and m.goal == (1, 2)
    assert m.passages == 5  # the gaps in the border open nothing: the wall is read as closed
    assert not m.is_open((0, 0), "N") and not m.is_open((1, 2), "S")
    assert tremaux.io.loads(tremaux.io.dumps(m, "ascii")) == m
    assert [tuple(c) for c in tremaux.solve(m, "bfs").path][-1] == (1, 2)


def test_a_gap_on_the_right_edge_reads_even_when_the_editor_cut_the_line_short():
    # "|  |" was "|  |   " before trailing spaces were stripped: the right wall of row 0 is open
    m = tremaux.io.loads("+--+--+\n|  |\n+  +  +\n|     |\n+--+--+\n")
    assert m.shape == (2, 2) and m.start == (0, 1) and m.goal is None


def test_gaps_besides_marked_ends_or_more_than_two_are_an_error_at_the_extra_gap():
    with pytest.raises(MazeFormatError, match="gap in the outer wall") as info:
        tremaux.io.loads("+  +--+\n|S   G|\n+--+--+\n")
    assert (info.value.line, info.value.column) == (1, 2)
    with pytest.raises(MazeFormatError, match="gap in the outer wall") as info:
        tremaux.io.loads("+   +---+\n        |\n+   +---+\n")
    assert (info.value.line, info.value.column) == (3, 2)
    with pytest.raises(MazeFormatError, match="multi-level maze must be closed"):
        tremaux.io.loads("level 0\n+---+\n    |\n+---+\n\nlevel 1\n+---+\n|   |\n+---+\n")


@pytest.mark.parametrize("text", [
    "\ufeff+---+---+  \r\n| S     |\r\n+   +   +\r\n|     G |  \r\n+---+---+\r\n",  # BOM, CRLF, trailing
    "+---+---+\r| S     |\r+   +   +\r|     G |\r+---+---+\r",  # old Macintosh line ends
    "  +--+--+\n  |S    |\n  +  +  +\n  |    G|\n  +--+--+\n",  # indented, cells two wide
])
def test_byte_order_marks_and_any_line_end_read_as_the_same_maze(text):
    m = tremaux.io.loads(text)
    assert m.shape == (2, 2) and m.start == (0, 0) and m.goal == (1, 1) and m.passages == 4
    assert tremaux.io.loads(text.encode("utf-8")) == m


@pytest.mark.parametrize("text, fmt, line, column", [
    ("+--+--+\n|\t|  |\n+  +  +\n|     |\n+--+--+\n", "ascii", 2, 2),
    ("\t+--+\n  |  |\n\t+--+\n", "ascii", 1, 1),  # a tab beside spaces: how wide is anyone's guess
    ("+--+\n\t|  |\n+--+\n", "ascii", 2, 1),  # (the same tabs before every line are an indent: they read)
    ("#####\n#.\t.#\n#####\n", "block", 2, 3),
])
def test_a_tab_is_named_at_its_place_rather_than_read_as_a_guessed_width(text, fmt, line, column):
    with pytest.raises(MazeFormatError, match="a tab character") as info:
        tremaux.io.loads(text, fmt)
    assert (info.value.line, info.value.column) == (line, column)


def test_a_bom_in_a_json_string_reads():
    m = tremaux.Maze.open((1, 2), start=(0, 0))
    assert tremaux.io.loads("\ufeff" + tremaux.io.dumps(m, "json")) == m


# ---------------------------------------------------------------- hand-drawn blocks


def test_trailing_spaces_on_some_lines_of_a_block_text_do_not_add_squares():
    clean = "#####\n#...#\n#.#.#\n#...#\n#####\n"
    messy = "#####   \n#...#\n#.#.#  \n#...#\n#####\n"
    assert tremaux.io.loads(messy, "block") == tremaux.io.loads(clean, "block")
    # when every line has them they are open squares, as the format says
    assert tremaux.io.loads(".# \n.. \n", "block").shape == (2, 3)
    with pytest.raises(MazeFormatError, match="ragged row"):
        tremaux.io.loads("#####\n#..\n#####\n", "block")


# ---------------------------------------------------------------- pictures with walls of their own thickness


def _picture(maze, cell, wall, outer, fmt="PNG"):
    """``maze`` drawn as black walls ``wall`` pixels thick (the outer one ``outer``) around ``cell``-pixel cells."""
    import io

    from PIL import Image

    from tremaux.io.block import to_blocks

    blocks = to_blocks(maze)

    def widths(n):
        return [outer if i in (0, n - 1) else wall if i % 2 == 0 else cell for i in range(n)]

    ys = np.repeat(np.arange(blocks.shape[0]), widths(blocks.shape[0]))
    xs = np.repeat(np.arange(blocks.shape[1]), widths(blocks.shape[1]))
    image = Image.fromarray(np.where(blocks[np.ix_(ys, xs)], 0, 255).astype(np.uint8)).convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, fmt, **({"quality": 60} if fmt == "JPEG" else {}))
    return buffer.getvalue()


@pytest.mark.parametrize("cell, wall, outer, fmt", [
    (7, 2, 5, "PNG"),  # a bold frame: the lattice drifted a third of a pixel per column and read walls wrong
    (7, 2, 5, "JPEG"),
    (10, 1, 2, "PNG"),
    (20, 6, 2, "PNG"),  # a thin frame: no lattice was found
    (10, 3, 3, "JPEG"),
])
def test_a_picture_whose_outer_wall_is_bolder_or_thinner_than_the_others_reads_as_the_maze(cell, wall, outer, fmt):
    m = tremaux.generate((5, 23), "kruskal", seed=3).maze
    back = tremaux.io.loads(_picture(m, cell, wall, outer, fmt))
    assert back.shape == m.shape and np.array_equal(back.cells, m.cells)


# ---------------------------------------------------------------- mask files


def test_a_mask_saved_with_a_byte_order_mark_and_crlf_reads(tmp_path, capsys):
    path = tmp_path / "shape.txt"
    path.write_bytes(b"\xef\xbb\xbf##.\r\n###\r\n")
    from tremaux.generators.masks import load_mask

    assert load_mask(path).tolist() == [[True, True, False], [True, True, True]]
    code, out, err = run(capsys, "generate", "--mask", str(path), "--seed", "1")
    assert code == 0, err
    assert tremaux.io.loads(out).size == 5


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"])
def test_a_mask_in_utf16_or_with_a_byte_order_mark_reads_as_a_maze_file_does(tmp_path, capsys, encoding):
    # PowerShell's `echo ... > shape.txt` writes UTF-16 after a byte order mark: maze files read so, masks too
    path = tmp_path / "shape.txt"
    path.write_bytes((("\ufeff" if encoding == "utf-16-be" else "") + "##.\r\n###\r\n").encode(encoding))
    from tremaux.generators.masks import load_mask

    assert load_mask(path).tolist() == [[True, True, False], [True, True, True]]
    code, out, err = run(capsys, "generate", "--mask", str(path), "--seed", "1")
    assert code == 0, err


def test_a_mask_picture_is_read_as_a_picture_whatever_its_name(tmp_path):
    from PIL import Image

    from tremaux.generators.masks import load_mask

    pixels = np.array([[0, 0, 255], [0, 0, 0]], np.uint8)  # dark = cell
    for name, fmt in (("shape", "PNG"), ("shape.dat", "GIF"), ("shape.mask", "BMP")):
        Image.fromarray(pixels).save(tmp_path / name, fmt)
        assert load_mask(tmp_path / name).tolist() == [[True, True, False], [True, True, True]], name


# ---------------------------------------------------------------- grid maze files in every command


def test_info_and_convert_take_a_maze_on_another_grid(tmp_path, capsys):
    from tremaux.grids import files

    maze = generate_on(make_grid("polar", rings=2), "wilson", seed=1).maze
    src = tmp_path / "p.json"
    files.save(maze, src)
    code, out, err = run(capsys, "info", str(src), "--json")
    assert code == 0, err
    assert '"grid": "polar"' in out and '"cells": 7' in out
    code, _, err = run(capsys, "convert", str(src), "-o", str(tmp_path / "p.npz"))
    assert code == 0, err
    assert files.load(tmp_path / "p.npz") == maze
    code, out, err = run(capsys, "convert", str(src), "-o", str(tmp_path / "p.txt"), "-f", "ascii")
    assert code == 2 and err.startswith("error: ") and "grid other than the square one" in err


def test_the_library_names_a_grid_maze_file_read_as_a_square_maze():
    from tremaux.grids import files

    text = files.dumps(generate_on(make_grid("hex", size=(2, 2)), seed=1).maze)
    with pytest.raises(MazeFormatError, match="tremaux.grids.files.load"):
        tremaux.io.loads(text)


def test_a_drawing_in_another_style_is_named_by_its_first_unknown_character_not_as_ragged():
    # (the underscore style itself now reads as a maze: tests/test_io_ascii.py)
    with pytest.raises(MazeFormatError, match="unknown character '~'") as info:
        tremaux.io.loads(" ~ ~ ~\n|  ~  |\n|~|~ ~|\n")
    assert (info.value.line, info.value.column) == (1, 2)


def test_drawing_a_maze_on_another_grid_with_tremaux_render_gives_the_grid_drawing():
    # was refused ("a maze on a polar grid is drawn by tremaux.grids"): tremaux.render now hands it to them
    from tremaux.grids import to_svg

    run_ = generate_on(make_grid("polar", rings=1), "kruskal", seed=1, record=True)
    sol = solve_on(run_.maze, "bfs")
    for obj, drawn in ((run_, to_svg(run_.maze)), (run_.maze, to_svg(run_.maze)),
                       (sol, to_svg(run_.maze, solution=sol))):
        assert tremaux.render.render(obj, "svg") == drawn


# ---------------------------------------------------------------- every generator and solver on degenerate sizes


def _walk_is_through_passages(maze, path):
    cells = [tuple(int(v) for v in c) for c in path]
    return all(b in [tuple(n) for n in maze.neighbours(a)] for a, b in zip(cells, cells[1:]))


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (2, 1), (1, 5), (5, 1), (2, 2), (2, 1, 2)])
def test_every_generator_and_solver_on_a_degenerate_size(shape):
    for entry in GENERATORS:
        try:
            maze = tremaux.generate(shape, entry.name, seed=4).maze
        except tremaux.errors.UnsupportedError:  # levels: named in the message, checked elsewhere
            continue
        assert maze == tremaux.generate(shape, entry.name, seed=4).maze, entry.name
        if not entry.perfect:  # percolation: pieces, not a tree (its own tests solve them)
            continue
        assert maze.passages == maze.size - 1, entry.name
        for solver in tremaux.SOLVERS.names():
            for start, goal in ((maze.start, maze.goal), (maze.goal, maze.goal)):
                sol = tremaux.solve(maze, solver, start=start, goal=goal, record=True)
                assert sol.found, (entry.name, solver, start, goal)
                assert tuple(sol.path[0]) == start and tuple(sol.path[-1]) == goal
                assert _walk_is_through_passages(maze, sol.path), (entry.name, solver)
            for fmt in ("ascii", "json", "npz"):
                assert tremaux.io.loads(tremaux.io.dumps(maze, fmt), fmt) == maze, (entry.name, fmt)


@pytest.mark.parametrize("shape", [(1, 2), (2, 2), (2, 1, 2)])
def test_an_unreachable_goal_is_an_answer_of_every_solver(shape):
    maze = tremaux.Maze.closed(shape)
    for solver in tremaux.SOLVERS.names():
        sol = tremaux.solve(maze, solver, record=True)
        assert not sol.found and len(sol.path) == 0, solver


@pytest.mark.parametrize("drawing", [
    {"heat": True},  # the far end of the heat map is darker than a quarter: it was read as wall
    {"palette": {"wall": "#00f"}},  # blue walls, lighter than the start cell: no lattice was found
    {"palette": {"wall": "#888"}},
])
def test_tremaux_own_pictures_with_a_heat_map_or_walls_of_any_colour_read_back(drawing):
    from tremaux.render import to_png

    m = tremaux.generate((12, 9), "backtracker", seed=5, braid=0.3).maze
    back = tremaux.io.loads(to_png(m, **drawing))
    assert back.shape == m.shape and np.array_equal(back.cells, m.cells)


def test_a_netpbm_picture_is_read_as_a_picture_not_as_block_text():
    import io

    from PIL import Image

    from tremaux.render import to_png

    m = tremaux.generate((4, 6), "kruskal", seed=1).maze
    buffer = io.BytesIO()
    Image.open(io.BytesIO(to_png(m, start=False, goal=False))).convert("L").save(buffer, "PPM")
    assert buffer.getvalue()[:2] == b"P5"
    assert np.array_equal(tremaux.io.loads(buffer.getvalue()).cells, m.cells)
