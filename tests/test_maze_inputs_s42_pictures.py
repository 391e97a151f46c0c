"""Pictures of mazes drawn the way other tools draw them (thin lines on a lattice, negatives, titles), read right
or refused in one line: never a wrong maze without a word."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageDraw

import tremaux
from drawn_mazes import block_picture, line_picture
from tremaux.errors import MazeFormatError
from tremaux.io.image import loads


def _right(maze, data) -> bool:
    got = loads(data, source="m.png")
    return got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


@pytest.mark.parametrize("margin, gaps", [(10, True), (1, True), (1, False)])
def test_the_negative_of_a_line_maze_light_lines_on_black_reads_as_the_maze(margin, gaps):
    # read as the maze of the black squares between the lines before (walls 14 pixels thick, cells 2), or refused
    maze = tremaux.generate((12, 15), "backtracker", seed=3).maze
    data = line_picture(maze, margin=margin, gaps=gaps, ink=(255, 255, 255), ground=(0, 0, 0))
    got = loads(data)
    assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)
    assert (got.start, got.goal) == (((0, 0), (11, 14)) if gaps else (None, None))


# each refused before ("no lattice of cells and walls fits it" or "walls are blurred or broken")
DRAWN = [dict(cell=16.4, width=2.0, margin=10.3), dict(cell=12.64, width=1.75, margin=13.9),
         dict(cell=14.2, width=1.5, margin=10.3, supersample=5), dict(cell=12.3, width=2.4, margin=10.3, supersample=5),
         dict(cell=16.4, width=2.0, margin=10.3, supersample=5, fmt="JPEG", quality=80),
         dict(cell=16.0, width=2.0, margin=8.0, title=20), dict(cell=11.8, width=2.93, margin=15.9, title=20)]


@pytest.mark.parametrize("options", DRAWN, ids=["fractional", "fractional-width", "anti-aliased", "anti-aliased-wide",
                                                 "anti-aliased-jpeg", "title", "fractional-title"])
def test_a_maze_drawn_as_a_plotting_script_draws_it_reads_as_the_maze(options):
    maze = tremaux.generate((12, 15), "backtracker", seed=3).maze
    got = loads(line_picture(maze, **options))
    assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)
    assert (got.start, got.goal) == ((0, 0), (11, 14))


def test_two_mazes_one_above_the_other_are_not_read_as_one_of_them():
    top = Image.open(io.BytesIO(line_picture(tremaux.generate((6, 8), seed=1).maze))).convert("RGB")
    bottom = Image.open(io.BytesIO(line_picture(tremaux.generate((5, 8), seed=2).maze))).convert("RGB")
    both = Image.new("RGB", (top.width, top.height + bottom.height), "white")
    both.paste(top, (0, 0))
    both.paste(bottom, (0, top.height))
    buf = io.BytesIO()
    both.save(buf, "PNG")
    with pytest.raises(MazeFormatError, match="^m.png: no maze found in the picture"):
        loads(buf.getvalue(), source="m.png")


def test_a_row_open_end_to_end_is_not_taken_for_a_title_above_the_maze():
    # a binary-tree maze's top row is one corridor; with openings at both its ends, blank pixel lines cross the
    # picture between the top wall and the rest, which is not text to leave out (a wall line is not a title)
    maze = tremaux.generate((20, 15), "binary-tree", seed=4).maze
    assert (maze.cells[0, :-1] & 2).all()
    data = line_picture(maze, gaps=[((0, 0), (1, 0)), ((0, 15), (1, 15))])
    try:
        got = loads(data, source="m.png")
    except MazeFormatError as exc:
        assert str(exc).startswith("m.png: no maze found in the picture")
    else:
        assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


@pytest.mark.parametrize("scale, margin", [(4.5, 10), (3.5, 6)])
def test_a_smoothed_block_picture_is_never_read_as_the_tree_of_its_walls(scale, margin):
    # the negative of a block picture is a maze too: its walls' tree, a cell at each post; the light squares
    # reduced to black and white read as that 11 x 14 maze
    maze = tremaux.generate((10, 13), "kruskal", seed=5).maze
    data = block_picture(maze, scale=scale, margin=margin, resample=Image.LANCZOS)
    try:
        got = loads(data, source="m.png")
    except MazeFormatError as exc:
        assert str(exc).startswith("m.png: ") and "\n" not in str(exc)
    else:
        assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


@pytest.mark.parametrize("ink, cell", [((40, 40, 40), 16.0), ((40, 40, 40), 15.0), ((0, 0, 0), 17.0),
                                       ((0, 0, 0), 16.4)])
def test_a_solution_drawn_in_the_walls_colour_is_not_read_as_walls_of_twice_the_cells(ink, cell):
    # a line 3 pixels wide through the cells' middles, beside walls 2 wide: read as a maze of 20 x 24 cells
    # (the path its walls) when each cell was tested with a pixel of slack at its sides
    maze = tremaux.Maze(tremaux.generate((10, 12), "backtracker", seed=4).maze.cells, start=(0, 0), goal=(9, 11))
    im = Image.open(io.BytesIO(line_picture(maze, cell=cell, margin=10))).convert("RGB")
    middles = [(10 + (c + 0.5) * cell, 10 + (r + 0.5) * cell) for r, c in tremaux.solve(maze, "bfs").path]
    ImageDraw.Draw(im).line(middles, fill=ink, width=3)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    try:
        got = loads(buf.getvalue(), source="m.png")
    except MazeFormatError as exc:
        assert str(exc).startswith("m.png: ") and "\n" not in str(exc)
    else:
        assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)
