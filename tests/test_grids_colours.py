"""Every picture of a maze, square or on another grid, in every format, from the CLI and the page, uses the
colours of :data:`tremaux.render.palette.PALETTE` (start red, goal green, ...)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import tremaux
from tremaux import render
from tremaux.cli import main
from tremaux.grids import Style, generate_on, make_grid, solve_on, to_png, to_svg
from tremaux.grids.animate import to_animated_svg, to_gif
from tremaux.grids.draw import _scene
from tremaux.render.palette import PALETTE, parse_colour
from tremaux.web.grids import grid_render_job, stage_svg

ROOT = Path(__file__).resolve().parent.parent
GRIDS = [("polar", {"rings": 3}), ("hex", {"size": (3, 4)}), ("triangle", {"size": (3, 4)}),
         ("square", {"size": (3, 4), "wrap": "torus"})]


def _marker(svg: str, maze, style: Style | None = None) -> tuple[str, str]:
    """The fill of the circles drawn at the start and at the goal of ``maze``."""
    sc = _scene(maze, style or Style())
    fills = []
    for i in (maze.start_index, maze.goal_index):
        x, y = sc.centres[i]
        m = re.search(rf'<circle cx="{x:.1f}" cy="{y:.1f}" r="[0-9.]+" fill="([^"]+)"/>\s*(?:<circle|</svg>)', svg)
        assert m, svg[-400:]
        fills.append(m.group(1))
    return fills[0], fills[1]


@pytest.mark.parametrize("name, params", GRIDS, ids=[g for g, _ in GRIDS])
def test_svg_on_every_grid_marks_start_and_goal_in_the_palette_colours(name, params):
    maze = generate_on(make_grid(name, **params), "kruskal", seed=2).maze
    svg = to_svg(maze, solution=solve_on(maze, "tremaux", record=True))
    assert _marker(svg, maze) == (PALETTE["start"], PALETTE["goal"])
    assert f'stroke="{PALETTE["wall"]}"' in svg and f'stroke="{PALETTE["path"]}"' in svg
    assert f'fill="{PALETTE["visited"]}"' in svg


def test_png_and_gif_on_another_grid_paint_start_and_goal_in_the_palette_colours():
    run = generate_on(make_grid("hex", size=(3, 4)), "kruskal", seed=2, record=True)
    maze = run.maze
    sc = _scene(maze, Style())
    img = Image.open(io.BytesIO(to_png(maze))).convert("RGB")
    for key, i in (("start", maze.start_index), ("goal", maze.goal_index)):
        x, y = sc.centres[i]
        assert img.getpixel((int(x), int(y))) == parse_colour(PALETTE[key]), key
    gif = Image.open(io.BytesIO(to_gif(run, frames=3)))
    gif.seek(gif.n_frames - 1)
    frame = gif.convert("RGB")
    size = Style(cell=max(6.0, min(24.0, 500.0 / np.sqrt(maze.size))))
    x, y = _scene(maze, size).centres[maze.start_index]
    assert frame.getpixel((int(x), int(y))) == parse_colour(PALETTE["start"])
    assert f'fill="{PALETTE["start"]}"' in to_animated_svg(run, frames=3)


def test_heat_map_on_another_grid_uses_the_palette_gradient():
    maze = generate_on(make_grid("hex", size=(3, 4)), "kruskal", seed=2).maze
    svg = to_svg(maze, heat=True)
    assert f'fill="{PALETTE["heat_near"]}"' in svg and f'fill="{PALETTE["heat_far"]}"' in svg


def test_the_cli_draws_other_grids_and_square_mazes_in_the_same_colours(tmp_path):
    polar, square = tmp_path / "polar.svg", tmp_path / "square.svg"
    main(["generate", "--grid", "polar", "--rings", "3", "--seed", "1", "--out", str(polar)])
    main(["generate", "--size", "3x4", "--seed", "1", "--out", str(square)])
    for out in (polar, square):
        text = out.read_text()
        assert text.index(PALETTE["start"]) >= 0 and text.index(PALETTE["goal"]) >= 0, out.name
    maze = tremaux.generate((3, 4), seed=1)
    assert f'fill="{PALETTE["start"]}"' in render.to_svg(maze)


def test_the_page_draws_other_grids_in_the_palette_colours():
    request = {"grid": "hex", "rows": 3, "cols": 3, "generator": "wilson", "braid": 0.0, "seed": 1,
               "format": "svg", "solver": "bfs"}
    svg = grid_render_job(request)
    assert f'fill="{PALETTE["start"]}"' in svg and f'fill="{PALETTE["goal"]}"' in svg
    maze = generate_on(make_grid("hex", size=(3, 3)), "wilson", seed=1).maze
    assert _marker(stage_svg(maze), maze, Style(cell=16)) == (PALETTE["start"], PALETTE["goal"])


def test_the_page_script_falls_back_on_the_same_palette():
    script = (ROOT / "src" / "tremaux" / "web" / "static" / "common.js").read_text("utf-8")
    block = re.search(r"let PALETTE = \{(.*?)\};", script, re.S).group(1)
    fallback = dict(re.findall(r'(\w+): "(#[0-9a-fA-F]{6})"', block))
    assert fallback and all(PALETTE[k] == v for k, v in fallback.items()), fallback
