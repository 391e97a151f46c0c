"""The start and goal dots on other grids: each fits its own cell, and both show when they are one cell."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

from tremaux.grids import GridMaze, Style, generate_on, make_grid, to_png, to_svg
from tremaux.grids.animate import to_animated_svg, to_gif
from tremaux.grids.draw import _scene
from tremaux.render.palette import PALETTE, parse_colour
from tremaux.web.grids import stage_svg

CIRCLE = re.compile(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="([^"]+)"/>')


def _dots(svg: str) -> dict[str, tuple[float, float, float]]:
    return {fill: (float(x), float(y), float(r)) for x, y, r, fill in CIRCLE.findall(svg)
            if fill in (PALETTE["start"], PALETTE["goal"])}


def test_a_dot_on_a_small_upsilon_square_fits_it():
    grid = make_grid("upsilon", size=(1, 2))
    geo = grid.geometry()
    side = np.ptp(geo.ends[1][geo.kind[1] > 0][:, [0, 2]])  # the small square's side, in grid units
    st = Style(cell=10)
    still = _dots(to_svg(GridMaze(grid, [0, 0], start=(0, 1), goal=(0, 0)), style=st))  # start on the square
    run = generate_on(grid, seed=1, record=True)
    assert run.maze.goal_index == 1
    moving = _dots(to_animated_svg(run, style=st))  # goal on the square
    for small, big in ((still[PALETTE["start"]][2], still[PALETTE["goal"]][2]),
                       (moving[PALETTE["goal"]][2], moving[PALETTE["start"]][2])):
        assert small + st.wall / 2 < side * st.cell / 2 and small < big  # inside the square, walls included


@pytest.mark.parametrize("name, params", [("square", {"size": (1, 1)}), ("hex", {"size": (1, 1)}),
                                          ("polar", {"rings": 1}), ("triangle", {"size": (1, 1)}),
                                          ("upsilon", {"size": (1, 1)}), ("zeta", {"size": (1, 1)})])
def test_a_one_cell_maze_shows_its_start_and_its_goal(name, params):
    run = generate_on(make_grid(name, **params), seed=1, record=True)
    maze, st = run.maze, Style(cell=40)
    assert maze.start_index == maze.goal_index == 0
    for dots in (_dots(to_svg(maze, style=st)), _dots(stage_svg(maze, cell=40))):
        (x, y, r_start), (_, _, r_goal) = dots[PALETTE["start"]], dots[PALETTE["goal"]]
        assert 0 < r_goal < r_start  # the goal's dot inside the start's, which shows as a ring around it
    svg = to_svg(maze, style=st)
    assert svg.index(f'fill="{PALETTE["start"]}"') < svg.index(f'fill="{PALETTE["goal"]}"')
    cx, cy = _scene(maze, st).centres[0]
    ring = (int(round(cx + (r_start + r_goal) / 2)), int(round(cy)))
    pictures = [Image.open(io.BytesIO(to_png(maze, style=st))).convert("RGB")]
    gif = Image.open(io.BytesIO(to_gif(run, style=st)))
    gif.seek(gif.n_frames - 1)
    pictures.append(gif.convert("RGB"))
    for img in pictures:
        assert img.getpixel((int(round(cx)), int(round(cy)))) == parse_colour(PALETTE["goal"])
        assert img.getpixel(ring) == parse_colour(PALETTE["start"])
