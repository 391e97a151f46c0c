"""A grid maze too big for the notebook's SVG shows as a PNG (it showed only its one-line repr)."""

from __future__ import annotations

import io

from PIL import Image

from tremaux.grids import GridMaze, generate_on, make_grid, solve_on
from tremaux.grids.draw import MAX_DRAW_CELLS
from tremaux.grids.notebook import NOTEBOOK_PNG_SIDE


def test_a_grid_maze_too_big_for_svg_shows_as_a_png_with_its_solution():
    run = generate_on(make_grid("square", size=(201, 200), wrap="torus"), "backtracker", seed=1)
    sol = solve_on(run.maze, "bfs")
    assert run.maze._repr_svg_() is None and sol._repr_svg_() is None  # over the SVG's side slots
    pictures = [run._repr_png_(), sol._repr_png_()]
    sizes = [Image.open(io.BytesIO(p)).size for p in pictures]
    assert all(NOTEBOOK_PNG_SIDE // 2 < max(s) <= NOTEBOOK_PNG_SIDE + 20 for s in sizes)
    assert pictures[1] != pictures[0]  # the solution is drawn on the maze


def test_a_small_grid_maze_shows_as_svg_and_a_huge_one_as_its_repr():
    small = generate_on(make_grid("triangle", size=(3, 4)), "wilson", seed=2).maze
    assert small._repr_svg_().startswith("<svg") and small._repr_png_() is None
    huge = GridMaze(make_grid("hex", size=(MAX_DRAW_CELLS // 500 + 1, 500)), [0] * ((MAX_DRAW_CELLS // 500 + 1) * 500))
    assert huge._repr_svg_() is None and huge._repr_png_() is None


def test_a_picture_too_long_to_see_is_left_to_the_repr():
    # a 1 x 100,000 maze drew a PNG of 200,003 x 5 pixels, a line too thin to see once a notebook fits it
    from tremaux import Maze

    assert Maze.open((1, 100_000))._repr_png_() is None
    assert Maze.open((1000, 1000))._repr_png_()[1:4] == b"PNG"
    assert GridMaze(make_grid("hex", size=(1, 30_000)), [0] * 30_000)._repr_png_() is None
