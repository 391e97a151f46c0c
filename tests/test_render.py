"""Static pictures: SVG and PNG structure, overlays, palette, errors, notebooks."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render_helpers import binary_tree, rgb, tremaux_run
from tremaux import Maze
from tremaux import render
from tremaux.errors import CellError, TremauxError, UnknownNameError
from tremaux.render.palette import PALETTE, parse_colour
from tremaux.render.png import geometry

NS = "{http://www.w3.org/2000/svg}"
RED = parse_colour(PALETTE["start"])
GREEN = parse_colour(PALETTE["goal"])


def png_image(obj, **kw) -> Image.Image:
    return Image.open(io.BytesIO(render.to_png(obj, **kw))).convert("RGB")


def centre(maze: Maze, cell, cs: int, ww: int, margin: int, level_gap: int | None = None) -> tuple[int, int]:
    """Pixel (x, y) at the middle of ``cell`` for a picture drawn with these sizes."""
    *lv, r, c = cell
    pitch = cs + ww
    x = margin + ww + c * pitch + cs // 2
    if lv:
        g = geometry(maze, cs, ww, margin)
        x += lv[0] * (g.extent(maze.width) + g.gap)
    return x, margin + ww + r * pitch + cs // 2


# ---------------------------------------------------------------- a slow reference raster


def reference_raster(maze: Maze, cs: int, ww: int) -> np.ndarray:
    """Wall (True) / not-wall pixels of a single-level maze, drawn cell by cell (margin 0)."""
    H, W = maze.shape
    img = np.zeros((H * cs + (H + 1) * ww, W * cs + (W + 1) * ww), bool)
    pitch = cs + ww

    def fill(y0, x0, h, w):
        img[y0 : y0 + h, x0 : x0 + w] = True

    for r in range(H):
        for c in range(W):
            y, x = r * pitch, c * pitch
            v = int(maze.cells[r, c])
            if not v & 1:
                fill(y, x, ww, pitch + ww)  # top wall with both posts
            if not v & 8:
                fill(y, x, pitch + ww, ww)  # left wall with both posts
            if c == W - 1:
                fill(y, x + pitch, pitch + ww, ww)
            if r == H - 1:
                fill(y + pitch, x, ww, pitch + ww)
    return img


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 10_000), st.integers(1, 6), st.integers(1, 3))
def test_png_walls_match_a_cell_by_cell_reference(H, W, seed, cs, ww):
    maze = binary_tree(H, W, seed)
    img = np.asarray(png_image(maze, cell_size=cs, wall_width=ww, margin=0, start=False, goal=False))
    wall = np.all(img == parse_colour(PALETTE["wall"]), axis=-1)
    # a post where four open passages meet is not a wall in either drawing; compare the rest
    ref = reference_raster(maze, cs, ww)
    posts = np.zeros_like(ref)
    pitch = cs + ww
    for y in range(0, ref.shape[0], pitch):
        for x in range(0, ref.shape[1], pitch):
            posts[y : y + ww, x : x + ww] = True
    assert np.array_equal(wall & ~posts, ref & ~posts)
    # a post is a wall exactly when a wall segment touches it
    assert np.all(wall[posts] <= ref[posts])


# ---------------------------------------------------------------- PNG


def test_png_size_and_start_goal_colours():
    maze = binary_tree(6, 9, 3, start=(0, 0), goal=(5, 8))
    img = png_image(maze, cell_size=10, wall_width=2, margin=4)
    assert img.size == (9 * 10 + 10 * 2 + 8, 6 * 10 + 7 * 2 + 8)
    assert rgb(img, *centre(maze, (0, 0), 10, 2, 4)) == RED
    assert rgb(img, *centre(maze, (5, 8), 10, 2, 4)) == GREEN
    assert rgb(img, 0, 0) == parse_colour(PALETTE["background"])
    assert rgb(img, 4, 4) == parse_colour(PALETTE["wall"])  # the top-left post


@pytest.mark.parametrize("maze", [Maze.open((1, 1), start=(0, 0), goal=(0, 0)),
                                  Maze.open((2, 3), start=(1, 2), goal=(1, 2)),
                                  Maze.closed((2, 2, 3), start=(1, 0, 2), goal=(1, 0, 2))])
def test_a_cell_that_is_start_and_goal_shows_both(maze):
    from tremaux import generate
    from tremaux.render.png import half_cell

    g = geometry(maze, 12, 2, 4)
    x, y, w, h = half_cell(maze, g, maze.index(maze.start))
    left, right = (x + w // 2, y + h // 2), (x + w + w // 2, y + h // 2)  # the middles of the cell's two halves
    img = png_image(maze, cell_size=12, wall_width=2, margin=4)
    assert (rgb(img, *left), rgb(img, *right)) == (RED, GREEN)
    paths = [(p.get("fill"), p.get("d")) for p in ET.fromstring(render.to_svg(maze)).iter(NS + "path")]
    start = [d for fill, d in paths if fill == PALETTE["start"]]
    assert len(start) == 1 and "h.5v1h-.5z" in start[0] and any(fill == PALETTE["goal"] for fill, _ in paths)
    if maze.size == 1:  # a one-cell maze generated and replayed: the last frame of the GIF shows both
        gif = Image.open(io.BytesIO(render.to_gif(generate((1, 1), "backtracker", record=True), cell_size=12,
                                                  wall_width=2, margin=4)))
        gif.seek(gif.n_frames - 1)
        assert (rgb(gif.convert("RGB"), *left), rgb(gif.convert("RGB"), *right)) == (RED, GREEN)
        svg = render.to_animated_svg(generate((1, 1), "backtracker", record=True))
        assert svg.index(f'fill="{PALETTE["goal"]}"') < svg.index(f'fill="{PALETTE["start"]}"')


def test_png_default_size_scales_with_the_maze():
    small = png_image(binary_tree(5, 5))
    big = png_image(binary_tree(400, 200))
    assert 80 < small.size[0] <= 200
    assert big.size[1] == 400 * 2 + 401 + 2 and big.size[0] < big.size[1]


def test_png_solution_overlays():
    sol = tremaux_run()
    img = png_image(sol, cell_size=10, wall_width=2, margin=0)
    m = sol.maze
    assert rgb(img, *centre(m, (0, 0), 10, 2, 0)) == RED
    assert rgb(img, *centre(m, (0, 2), 10, 2, 0)) == GREEN
    path = parse_colour(PALETTE["path"])
    assert rgb(img, *centre(m, (0, 1), 10, 2, 0)) == path
    # the passage between (0, 0) and (0, 1) is painted too: the path runs in the corridor
    x, y = centre(m, (0, 0), 10, 2, 0)
    assert rgb(img, x + 6, y) == path
    # the dead end (1, 1) was walked twice: retraced gray, and its passage too
    retraced = parse_colour(PALETTE["retraced"])
    x, y = centre(m, (1, 1), 10, 2, 0)
    assert rgb(img, x, y) == retraced and rgb(img, x, y - 6) == retraced
    # cells never reached stay floor
    assert rgb(img, *centre(m, (1, 0), 10, 2, 0)) == parse_colour(PALETTE["floor"])


def test_png_visited_marks_can_be_switched_off_and_replaced():
    sol = tremaux_run()
    img = png_image(sol, cell_size=10, wall_width=2, margin=0, marks=False, path=False)
    visited = parse_colour(PALETTE["visited"])
    assert rgb(img, *centre(sol.maze, (1, 1), 10, 2, 0)) == visited
    assert rgb(img, *centre(sol.maze, (0, 1), 10, 2, 0)) == visited
    img = png_image(sol, cell_size=10, wall_width=2, margin=0, visited=False, marks=False, path=[(0, 1), (1, 1)],
                    start=(1, 0), goal=False)
    assert rgb(img, *centre(sol.maze, (1, 1), 10, 2, 0)) == parse_colour(PALETTE["path"])
    assert rgb(img, *centre(sol.maze, (1, 0), 10, 2, 0)) == RED
    assert rgb(img, *centre(sol.maze, (0, 2), 10, 2, 0)) == parse_colour(PALETTE["floor"])


def test_png_heat_map_runs_from_near_to_far():
    maze = Maze.open((1, 6))
    img = png_image(maze, cell_size=6, wall_width=1, margin=0, heat=(0, 0))
    near, far = parse_colour(PALETTE["heat_near"]), parse_colour(PALETTE["heat_far"])
    assert rgb(img, *centre(maze, (0, 0), 6, 1, 0)) == near
    assert rgb(img, *centre(maze, (0, 5), 6, 1, 0)) == far
    reds = [rgb(img, *centre(maze, (0, c), 6, 1, 0))[0] for c in range(6)]
    assert reds == sorted(reds, reverse=(near[0] > far[0]))
    assert len(set(reds)) == 6


def test_png_masked_cells_are_blank():
    mask = np.ones((4, 4), bool)
    mask[1:3, 1:3] = False
    maze = Maze.open((4, 4), mask=mask)
    img = png_image(maze, cell_size=8, wall_width=2, margin=0)
    bg = parse_colour(PALETTE["background"])
    x, y = centre(maze, (1, 1), 8, 2, 0)
    assert rgb(img, x, y) == bg
    assert rgb(img, x + 5, y) == bg  # no wall between two masked cells
    assert rgb(img, x - 5, y) == parse_colour(PALETTE["wall"])  # a wall between a cell and the hole


def test_png_multilevel_side_by_side_with_updown_marks():
    maze = Maze.open((2, 3, 3), start=(0, 0, 0), goal=(1, 2, 2))
    g = geometry(maze, 9, 1, 0)
    img = png_image(maze, cell_size=9, wall_width=1, margin=0)
    assert img.size == (2 * g.extent(3) + g.gap, g.extent(3))
    assert rgb(img, *centre(maze, (1, 2, 2), 9, 1, 0)) == GREEN
    updown = parse_colour(PALETTE["updown"])
    x, y = centre(maze, (0, 1, 1), 9, 1, 0)
    assert rgb(img, x, y - 2) == updown  # triangle up in the top half
    assert rgb(img, x, y + 2) == parse_colour(PALETTE["floor"])
    x, y = centre(maze, (1, 1, 1), 9, 1, 0)
    assert rgb(img, x, y + 2) == updown  # triangle down in the bottom half
    assert rgb(img, x, y - 2) == parse_colour(PALETTE["floor"])


def test_png_palette_override():
    maze = Maze.open((2, 2), start=(0, 0))
    img = png_image(maze, cell_size=8, wall_width=1, margin=0, palette={"start": "#00f", "wall": (1, 2, 3)})
    assert rgb(img, 4, 4) == (0, 0, 255)
    assert rgb(img, 0, 0) == (1, 2, 3)


@pytest.mark.parametrize(
    "kw, err, text",
    [
        ({"palette": {"walls": "#000"}}, UnknownNameError, "palette entry 'walls'"),
        ({"palette": {"wall": "black"}}, TremauxError, "wall colour 'black'"),
        ({"cell_size": 0}, TremauxError, "cell_size 0 is too small"),
        ({"wall_width": 1.5}, TremauxError, "wall_width 1.5"),
        ({"start": (9, 9)}, CellError, r"start: cell \(9, 9\) is outside"),
        ({"path": [(0, 0), (5, 0)]}, CellError, r"path cell \(5, 0\)"),
        ({"visited": np.zeros((3, 3), bool)}, TremauxError, "visited array has shape"),
        ({"marks": np.zeros((2, 2, 5))}, TremauxError, "marks array has shape"),
    ],
)
def test_bad_styles_name_the_bad_value(kw, err, text):
    with pytest.raises(err, match=text):
        render.to_png(Maze.open((2, 2)), **kw)


def test_cannot_draw_other_objects():
    with pytest.raises(TremauxError, match="cannot draw str"):
        render.to_svg("maze")


# ---------------------------------------------------------------- SVG


def wall_units(svg: str) -> int:
    """Total length of the wall runs in an SVG written by to_svg."""
    root = ET.fromstring(svg)
    walls = [p for p in root.iter(NS + "path") if p.get("stroke")]
    assert len(walls) == 1
    return sum(int(n) for n in re.findall(r"[hv](\d+)", walls[0].get("d")))


def count_walls(maze: Maze) -> int:
    """Wall segments of a single-level maze, counted one by one."""
    H, W = maze.shape
    n = 0
    for r in range(H):
        for c in range(W):
            v = int(maze.cells[r, c])
            n += (not v & 1) + (not v & 8) + (c == W - 1) + (r == H - 1)
    return n


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 10_000))
def test_svg_parses_and_merges_every_wall_into_runs(H, W, seed):
    maze = binary_tree(H, W, seed)
    svg = render.to_svg(maze)
    assert wall_units(svg) == count_walls(maze)
    d = [p for p in ET.fromstring(svg).iter(NS + "path") if p.get("stroke")][0].get("d")
    assert d.count("M") <= count_walls(maze)


def test_svg_long_corridor_is_one_run_per_side():
    svg = render.to_svg(Maze.open((1, 50)))
    d = [p for p in ET.fromstring(svg).iter(NS + "path") if p.get("stroke")][0].get("d")
    assert d == "M0 0h50M0 1h50M0 0v1M50 0v1"


def test_svg_solution_colours_and_size():
    sol = tremaux_run()
    root = ET.fromstring(render.to_svg(sol, cell_size=10, wall_width=2, margin=0))
    assert (root.get("width"), root.get("height")) == ("36", "24")
    fills = {p.get("fill"): p.get("d") for p in root.iter(NS + "path") if p.get("fill") != "none"}
    assert fills[PALETTE["start"]] == "M0 0h1v1h-1z"
    assert fills[PALETTE["goal"]] == "M2 0h1v1h-1z"
    assert fills[PALETTE["path"]] == "M1 0h1v1h-1z"
    assert fills[PALETTE["retraced"]] == "M1 1h1v1h-1z"


def test_svg_masked_and_multilevel():
    mask = np.ones((2, 3, 3), bool)
    mask[:, 1, 1] = False
    maze = Maze.open((2, 3, 3), mask=mask)
    root = ET.fromstring(render.to_svg(maze))
    texts = [t.text for t in root.iter(NS + "text")]
    assert texts == ["level 0", "level 1"]
    ups = [p for p in root.iter(NS + "path") if p.get("fill") == PALETTE["updown"]]
    assert sum(p.get("d").count("M") for p in ups) == 2 * 8  # 8 cells go up, 8 go down
    # each level: an outer wall of 12 units and the 4 sides of the hole
    assert wall_units(render.to_svg(maze)) == 2 * (12 + 4)


def test_svg_heat_map_has_one_colour_per_distance():
    maze = Maze.open((1, 5))
    root = ET.fromstring(render.to_svg(maze, heat=(0, 0), start=False))
    fills = [p.get("fill") for p in root.iter(NS + "path") if p.get("fill") not in ("none", None)]
    assert len(fills) == 5 and fills[0] == PALETTE["heat_near"] and fills[-1] == PALETTE["heat_far"]


# ---------------------------------------------------------------- notebooks


def test_maze_and_solution_show_in_notebooks():
    maze = binary_tree(4, 5, start=(0, 0), goal=(3, 4))
    assert ET.fromstring(maze._repr_svg_()).tag == NS + "svg"
    png = maze._repr_png_()
    assert Image.open(io.BytesIO(png)).size == render.to_image(maze).size
    sol = tremaux_run()
    assert PALETTE["path"] in sol._repr_svg_()
    assert rgb(Image.open(io.BytesIO(sol._repr_png_())), *centre(sol.maze, (0, 0), *_sizes(sol.maze))) == RED


def _sizes(maze):
    g = geometry(maze)
    return g.cell, g.wall, g.margin


def test_big_mazes_show_as_png_only():
    maze = Maze.open((250, 250))
    assert maze._repr_svg_() is None
    assert maze._repr_png_()[:4] == b"\x89PNG"
