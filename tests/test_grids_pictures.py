"""Pictures of grid mazes as a user checks them: every wall drawn once (both copies across a seam), nothing
outside the picture."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tremaux.grids import GridMaze, make_grid, to_svg
from tremaux.grids.animate import _drawn


def wall_segments(svg: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight walls of an SVG picture, each as its two ends (rounded to 0.1 pixel)."""
    out = []
    for d in re.findall(r' d="([^"]*)"', svg):
        for m in re.finditer(r"M([-\d.]+) ([-\d.]+)L([-\d.]+) ([-\d.]+)", d):
            x0, y0, x1, y1 = (round(float(v), 1) for v in m.groups())
            out.append(((x0, y0), (x1, y1)))
    return out


@pytest.mark.parametrize("wrap", ["cylinder", "torus", "moebius"])
def test_a_wrapped_grid_draws_each_inner_wall_once_and_a_seam_wall_at_both_borders(wrap):
    grid = make_grid("square", size=(3, 4), wrap=wrap)
    closed = GridMaze(grid, np.zeros(grid.size, grid.dtype))
    segs = wall_segments(to_svg(closed))
    keys = [tuple(sorted(s)) for s in segs]
    assert len(keys) == len(set(keys)), "a wall drawn twice on top of itself"
    rows, cols = 3, 4
    # every edge of the grid once, the edges across a seam twice, and the open borders
    seam = rows + (cols if wrap == "torus" else 0)
    inner = rows * (cols - 1) + (rows - 1) * cols
    border = 0 if wrap == "torus" else 2 * cols
    assert len(segs) == inner + 2 * seam + border
    # the animations draw the same walls
    assert int(_drawn(closed, closed.cells).sum()) == len(segs)


def test_a_picture_refuses_the_solution_of_another_maze_and_arguments_of_the_wrong_type():
    """Another maze's path was drawn through walls on a grid of the same size, an IndexError on another size,
    and a Grid, a number for a style or a text for a solution failed with an AttributeError."""
    from tremaux.errors import TremauxError
    from tremaux.grids import generate_on, solve_on, to_png

    grid = make_grid("hex", size=(3, 3))
    a, b = (generate_on(grid, "wilson", seed=s).maze for s in (1, 2))
    assert a != b
    other = solve_on(a, "bfs")
    for draw in (to_svg, to_png):
        for maze, kw in ((b, {"solution": other}), (generate_on(make_grid("polar", rings=2)).maze, {"solution": other}),
                         (grid, {}), (a, {"style": 3}), (a, {"solution": "path"})):
            with pytest.raises(TremauxError, match="GridMaze|Style|GridSolution"):
                draw(maze, **kw)
    assert to_svg(b.replace(start=(1, 1)), solution=solve_on(b, "bfs")).startswith("<svg")
