"""Maze pictures and SVG drawings as users bring them (solutions drawn over, cells of fractional size, walls
painted one by one with smoothed edges, corridors drawn instead of walls, outlines without an inner wall): read
right or refused in one line, never a wrong maze."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import tremaux
from cli_helpers import run
from tremaux.errors import MazeFormatError
from tremaux.io import svg
from tremaux.io.image import loads


_STEPS = ((-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2))  # (di, dj, this side's bit, the other's)


def _maze(shape, seed=1):
    """A perfect maze carved by a depth-first walk in plain Python (no compiled kernels to load in a test)."""
    H, W = shape
    rng = np.random.default_rng(seed)
    cells = np.zeros(shape, np.uint8)
    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        i, j = stack[-1]
        free = [(i + di, j + dj, a, b) for di, dj, a, b in _STEPS
                if 0 <= i + di < H and 0 <= j + dj < W and (i + di, j + dj) not in seen]
        if not free:
            stack.pop()
            continue
        ni, nj, a, b = free[int(rng.integers(len(free)))]
        cells[i, j] |= a
        cells[ni, nj] |= b
        seen.add((ni, nj))
        stack.append((ni, nj))
    return tremaux.Maze(cells, start=(0, 0), goal=(H - 1, W - 1))


def _walls(maze):
    """Lattice segments (r0, c0, r1, c1) of the walls, openings above (0, 0) and below the last cell."""
    H, W = maze.shape
    c = maze.cells
    out = [(i, j, i, j + 1) for i in range(H) for j in range(W) if not c[i, j] & 1 and (i, j) != (0, 0)]
    out += [(i, j, i + 1, j) for i in range(H) for j in range(W) if not c[i, j] & 8]
    out += [(H, j, H, j + 1) for j in range(W - 1)] + [(i, W, i + 1, W) for i in range(H) if not c[i, W - 1] & 2]
    return out


def _cover(size, x0, y0, x1, y1, aa):
    """The share of each pixel of a picture of ``size`` (h, w) that the rectangle covers (crisp: 0 or 1)."""
    h, w = size
    if not aa:
        out = np.zeros(size)
        out[int(np.floor(y0 + .5)):max(int(np.floor(y1 + .5)), int(np.floor(y0 + .5)) + 1),
            int(np.floor(x0 + .5)):max(int(np.floor(x1 + .5)), int(np.floor(x0 + .5)) + 1)] = 1
        return out
    along = lambda n, a, b: np.clip(np.minimum(np.arange(n) + 1, b) - np.maximum(np.arange(n), a), 0, 1)  # noqa: E731
    return np.outer(along(h, y0, y1), along(w, x0, x1))


def _picture(maze, cell, width, *, aa=False, margin=6.0, path=None, path_width=None, scale=None, fmt="PNG"):
    """``maze`` painted wall by wall (each rectangle over the last, by its coverage: where two meet at a post the
    smoothed edge is darker), a solution in the walls' colour over it when ``path``."""
    H, W = maze.shape
    size = (int(np.ceil(H * cell + 2 * margin)), int(np.ceil(W * cell + 2 * margin)))
    light = np.ones(size)
    h = width / 2
    for r0, c0, r1, c1 in _walls(maze):
        light *= 1 - _cover(size, margin + c0 * cell - h, margin + r0 * cell - h, margin + c1 * cell + h,
                            margin + r1 * cell + h, aa)
    if path is not None:
        p = path_width / 2
        for (i0, j0), (i1, j1) in zip(path[:-1], path[1:]):
            ya, yb = sorted((margin + (i0 + .5) * cell, margin + (i1 + .5) * cell))
            xa, xb = sorted((margin + (j0 + .5) * cell, margin + (j1 + .5) * cell))
            light *= 1 - _cover(size, xa - p, ya - p, xb + p, yb + p, aa)
    im = Image.fromarray(np.round(255 * light).astype(np.uint8)).convert("RGB")
    if scale is not None:
        im = im.resize((round(im.width * scale), round(im.height * scale)), Image.NEAREST)
    buf = io.BytesIO()
    im.save(buf, fmt)
    return buf.getvalue()


def _read_right(maze, data) -> bool:
    got = loads(data, source="m.png")
    return got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


def _path(maze):
    """The cells from the start to the goal, found in plain Python."""
    H, W = maze.shape
    before, todo = {maze.start: None}, [maze.start]
    for i, j in todo:
        for di, dj, a, _ in _STEPS:
            if maze.cells[i, j] & a and (i + di, j + dj) not in before:
                before[(i + di, j + dj)] = (i, j)
                todo.append((i + di, j + dj))
    out = [maze.goal]
    while before[out[-1]] is not None:
        out.append(before[out[-1]])
    return out[::-1]


@pytest.mark.parametrize("aa, width, extra", [(False, 2.0, 0.0), (True, 2.0, 0.0), (True, 2.0, 1.0),
                                              (True, 1.0, 1.5)])
def test_a_solution_in_the_walls_colour_reads_as_the_maze_under_it(aa, width, extra):
    # read as a maze of twice the rows and columns before (the solution's line its walls), or refused
    maze = _maze((6, 7), seed=2)
    data = _picture(maze, 14.0, width, aa=aa, path=_path(maze), path_width=width + extra)
    assert _read_right(maze, data)


def test_a_solution_wider_than_the_walls_in_their_colour_reads_as_the_maze_under_it():
    # a line 4.5 pixels wide beside walls of 2: no lattice fitted bands of 2 pixels (refused before); bands as
    # wide as the line fit the lattice of twice the cells, read only as the maze under a solution
    maze = _maze((6, 7), seed=2)
    data = _picture(maze, 16.0, 2.0, aa=True, path=_path(maze), path_width=4.5)
    assert _read_right(maze, data)


def test_a_line_that_branches_is_not_taken_for_a_solution():
    # the walls of a maze of 2 x 4 cells whose middle line holds walls that are not one path: a maze of 2 x 4
    from tremaux.io._overlay import coarser

    east = np.array([[1, 0, 0, 0, 1], [1, 0, 0, 0, 1]], bool)
    south = np.array([[1, 1, 1, 1], [1, 1, 1, 0], [1, 1, 1, 1]], bool)  # a half step into the outer wall
    assert coarser(east, south) is None
    south[1] = [0, 1, 1, 0]
    east[:, 2] = True  # a step through the coarser maze's wall
    assert coarser(east, south) is None


@pytest.mark.parametrize("shape, seed, cell, width", [((7, 6), 5, 18.6, 2.5), ((7, 6), 5, 8.6, 2.2),
                                                      ((9, 7), 1, 13.7, 2.6)])
def test_cells_of_a_fractional_size_with_lines_of_two_widths_read(shape, seed, cell, width):
    # crisp lines 2.5 pixels wide cover 2 pixels in places and 3 in others: no lattice fitted before
    maze = _maze(shape, seed=seed)
    assert _read_right(maze, _picture(maze, cell, width))


def test_a_picture_scaled_by_a_fraction_with_the_nearest_pixel_reads():
    # walls of 3 pixels on cells of 11, scaled by 2.3: walls of 6 and 7 pixels, refused before
    maze = _maze((9, 7), seed=2)
    assert _read_right(maze, _picture(maze, 11.0, 2.75, scale=2.3))


@pytest.mark.parametrize("seed, margin", [(2, 3.0), (5, 2.0)])
def test_smoothed_walls_darker_at_their_posts_read_whole(seed, margin):
    # walls painted one by one, smoothed: the pixels half covered along the outer wall are dark only where two
    # walls meet, so the outer wall read as a ragged edge 16 pixels deep and the box was trimmed by 14 pixels to
    # match the inner walls: read without its outer ring of cells before (6 x 8)
    maze = _maze((8, 10), seed=seed)
    data = _picture(maze, 13.0, 3.0, aa=True, margin=margin)
    assert _read_right(maze, data)


def _corridor_svg(maze, cell=12.0, width=8.0, ink="#ffffff", ground="#000000"):
    H, W = maze.shape
    P = lambda i, j: f"{(j + .5) * cell:g} {(i + .5) * cell:g}"  # noqa: E731
    steps = [((i, j), (i, j + 1)) for i in range(H) for j in range(W - 1) if maze.cells[i, j] & 2]
    steps += [((i, j), (i + 1, j)) for i in range(H - 1) for j in range(W) if maze.cells[i, j] & 4]
    d = "".join(f"M{P(*a)}L{P(*b)}" for a, b in steps)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * cell:g}" height="{H * cell:g}">'
            f'<rect width="100%" height="100%" fill="{ground}"/>'
            f'<path d="{d}" stroke="{ink}" stroke-width="{width:g}" stroke-linecap="square" fill="none"/></svg>')


@pytest.mark.parametrize("ink, ground", [("#ffffff", "#000000"), ("#203080", "#ffffff")])
def test_an_svg_maze_drawn_by_its_corridors_reads(ink, ground):
    # read as walls before: another maze, of a row and a column fewer
    maze = _maze((5, 6), seed=3)
    got = svg.loads(_corridor_svg(maze, ink=ink, ground=ground))
    assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


def test_lines_wider_than_the_room_between_them_closing_the_drawing_are_refused():
    # a closed outline of dark lines wider than the room between them: walls or corridors? Read as walls before
    text = ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M6 6H30V18H6ZM18 6V18" stroke="black" '
            'stroke-width="8" fill="none"/></svg>')
    with pytest.raises(MazeFormatError, match="walls or corridors is unclear"):
        svg.loads(text)


def test_an_svg_maze_without_inner_walls_drawn_side_by_side_reads():
    # each cell side its own line: the lines' ends count the cells; refused before ("cannot be counted")
    H, W, cell = 3, 4, 10
    segs = [(0, j, 0, j + 1) for j in range(1, W)] + [(H, j, H, j + 1) for j in range(W - 1)]
    segs += [(i, 0, i + 1, 0) for i in range(H)] + [(i, W, i + 1, W) for i in range(H)]
    body = "".join(f'<line x1="{c0 * cell}" y1="{r0 * cell}" x2="{c1 * cell}" y2="{r1 * cell}"/>'
                   for r0, c0, r1, c1 in segs)
    got = svg.loads(f'<svg xmlns="http://www.w3.org/2000/svg"><g stroke="black">{body}</g></svg>')
    assert got.shape == (H, W) and got.passages == tremaux.Maze.open((H, W)).passages
    assert (got.start, got.goal) == ((0, 0), (H - 1, W - 1))


def test_an_outline_in_four_lines_is_still_refused():
    text = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0H40V30H0Z" stroke="black" fill="none"/></svg>'
    with pytest.raises(MazeFormatError, match="cannot be counted"):
        svg.loads(text)


def test_the_command_line_refuses_an_unclear_drawing_in_one_line(tmp_path, capsys):
    path = tmp_path / "maze.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg"><path d="M6 6H30V18H6ZM18 6V18" stroke="black" '
                    'stroke-width="8" fill="none"/></svg>')
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "corridors" in err


@pytest.mark.parametrize("shape", [(2, 3), (4, 4), (1, 5)])
def test_tremaux_svg_of_a_maze_without_inner_walls_reads_by_its_note(shape):
    # refused before ("the cells cannot be counted"): the drawing's outer wall alone gives no lattice
    maze = tremaux.Maze.open(shape)
    text = tremaux.render.to_svg(maze, cell_size=10, wall_width=2)
    assert f'data-tremaux-cells="{shape[0]} {shape[1]}"' in text
    assert svg.loads(text) == maze
