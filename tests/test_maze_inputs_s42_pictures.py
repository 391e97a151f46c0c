"""Pictures of mazes drawn the way other tools draw them (thin lines on a lattice, negatives, titles), read right
or refused in one line: never a wrong maze without a word."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageDraw

import tremaux
from tremaux.errors import MazeFormatError
from tremaux.io.image import loads


def _segments(maze):
    """The wall segments of ``maze`` as pairs of lattice points (row, column) of its corners."""
    H, W = maze.shape
    c = maze.cells
    for i in range(H):
        for j in range(W):
            if not c[i, j] & 1:
                yield (i, j), (i, j + 1)
            if not c[i, j] & 8:
                yield (i, j), (i + 1, j)
            if i == H - 1 and not c[i, j] & 4:
                yield (i + 1, j), (i + 1, j + 1)
            if j == W - 1 and not c[i, j] & 2:
                yield (i, j + 1), (i + 1, j + 1)


def line_picture(maze, *, cell=16.0, width=2.0, margin=10.0, ink=(0, 0, 0), ground=(255, 255, 255), gaps=True,
                 title=0, supersample=1, fmt="PNG", **save) -> bytes:
    """``maze`` drawn as a turtle or matplotlib script draws one: each wall a line ``width`` pixels wide centred on
    the lattice of ``cell`` pixels (fractions allowed), openings in the outer wall at the top-left cell and the
    bottom-right one (``gaps``: or a list of the segments left out), a line of text above (``title`` pixels); ``supersample`` > 1 draws it that many
    times larger and shrinks it with Lanczos (anti-aliased edges)."""
    H, W = maze.shape
    s = supersample
    size = (int((W * cell + 2 * margin) * s), int((H * cell + 2 * margin + title) * s))
    im = Image.new("RGB", size, ground)
    draw = ImageDraw.Draw(im)
    at = lambda v: int(np.floor(v * s + 0.5))  # noqa: E731
    h = width / 2
    for a, b in _segments(maze):
        if gaps and (a, b) in (gaps if isinstance(gaps, list) else (((0, 0), (0, 1)), ((H, W - 1), (H, W)))):
            continue
        y0, x0 = margin + title + a[0] * cell, margin + a[1] * cell
        y1, x1 = margin + title + b[0] * cell, margin + b[1] * cell
        draw.rectangle([at(x0 - h), at(y0 - h), at(x1 + h) - 1, at(y1 + h) - 1], fill=ink)
    if title:
        draw.text((at(margin), at(2)), f"A maze of {H} x {W}", fill=ink)
    if s > 1:
        im = im.resize((im.width // s, im.height // s), Image.LANCZOS)
    buf = io.BytesIO()
    im.save(buf, fmt, **save)
    return buf.getvalue()


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


def block_picture(maze, *, scale=4.0, margin=0, resample=Image.NEAREST) -> bytes:
    """``maze`` shown as mazelib's ``plt.imshow(grid)`` shows it: a square a wall or passage, ``scale`` pixels a
    square (fractions allowed), resized with ``resample``, on a white margin."""
    from tremaux.io.block import to_blocks

    squares = Image.fromarray(np.where(np.asarray(to_blocks(maze), bool), 0, 255).astype(np.uint8)).convert("RGB")
    squares = squares.resize((round(squares.width * scale), round(squares.height * scale)), resample)
    im = Image.new("RGB", (squares.width + 2 * margin, squares.height + 2 * margin), "white")
    im.paste(squares, (margin, margin))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


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
