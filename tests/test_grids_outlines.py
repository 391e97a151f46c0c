"""Cell outlines on every grid: the same polygons as a plain per-cell construction, computed fast enough for
the page's largest replay stage."""

from __future__ import annotations

import time

import numpy as np
import pytest

from tremaux.grids import GridMaze, Style, make_grid
from tremaux.grids.draw import outlines
from tremaux.grids.grid import ARC
from tremaux.web.grids import stage_svg

GRIDS = [("polar", {"rings": 5}), ("polar", {"rings": 1}), ("hex", {"shape": "hexagon", "radius": 3}),
         ("triangle", {"shape": "triangle", "side": 4}), ("upsilon", {"size": (3, 4)}), ("zeta", {"size": (1, 5)}),
         ("square", {"size": (3, 4), "wrap": "moebius"})]


def reference_outline(geo, i: int, k: float, origin: np.ndarray) -> np.ndarray:
    """One cell's outline, side by side: sides sorted by the angle of their middles, each run clockwise."""
    c = geo.centres[i]
    pts = []
    sides = [s for s in range(geo.kind.shape[1]) if geo.kind[i, s] > 0]
    mids = [np.arctan2((geo.ends[i, s, 1] + geo.ends[i, s, 3]) / 2 - c[1],
                       (geo.ends[i, s, 0] + geo.ends[i, s, 2]) / 2 - c[0]) for s in sides]
    for s in (sides[j] for j in np.argsort(mids, kind="stable")):
        a, b = geo.ends[i, s, :2], geo.ends[i, s, 2:]
        if geo.kind[i, s] == ARC:
            r = geo.radius[i, s]
            t0, t1 = np.arctan2(a[1], a[0]), np.arctan2(b[1], b[0])
            t1 = t1 + 2 * np.pi if t1 <= t0 else t1
            ts = np.linspace(t0, t1, max(2, int(np.degrees(t1 - t0) / 5) + 2))
            seg = np.stack([r * np.cos(ts), r * np.sin(ts)], 1)
        else:
            seg = np.stack([a, b])
        u, v = seg[0] - c, seg[-1] - c
        pts.extend(seg[::-1] if u[0] * v[1] - u[1] * v[0] < 0 else seg)
    return np.array(pts) * k + origin


@pytest.mark.parametrize("name, params", GRIDS, ids=[f"{g}-{'-'.join(map(str, p.values()))}" for g, p in GRIDS])
def test_outlines_are_the_per_cell_polygons(name, params):
    grid = make_grid(name, **params)
    maze = GridMaze(grid, np.zeros(grid.size, grid.dtype))
    st = Style(cell=13, margin=5)
    geo = grid.geometry()
    x0, y0, _, _ = geo.bounds
    origin = np.array([st.margin - x0 * st.cell, st.margin - y0 * st.cell])
    got = outlines(maze, st)
    assert len(got) == grid.size
    for i, poly in enumerate(got):
        np.testing.assert_allclose(poly, reference_outline(geo, i, st.cell, origin), atol=1e-9)


def test_the_largest_polar_stage_is_drawn_in_well_under_the_page_time_limit():
    grid = make_grid("polar", rings=85)  # about 20,800 cells: the largest polar maze the page serves
    maze = GridMaze(grid, np.zeros(grid.size, grid.dtype))
    outlines(GridMaze(make_grid("polar", rings=3), np.zeros(make_grid("polar", rings=3).size, grid.dtype)))
    t = time.process_time()  # CPU time: the drawing's own work, whatever the load
    svg = stage_svg(maze)
    took = time.process_time() - t
    assert svg.count("<polygon") == grid.size
    assert took < 2.5, f"the stage of {grid.size} cells took {took:.1f} s"  # one loop per cell took 4-9 s


def test_an_animated_svg_of_thousands_of_cells_formats_each_wall_once():
    from tremaux.grids import generate_on
    from tremaux.grids.animate import to_animated_svg

    run = generate_on(make_grid("hex", size=(60, 60)), "backtracker", seed=1, record=True)
    to_animated_svg(generate_on(make_grid("hex", size=(3, 3)), "backtracker", seed=1, record=True), frames=5)
    t = time.process_time()
    svg = to_animated_svg(run, frames=100)
    took = time.process_time() - t
    assert svg.count("<path ") >= run.maze.size  # every wall ever drawn, once
    assert took < 2.0, f"a 100-frame animation of {run.maze.size} cells took {took:.1f} s"  # 5-9 s wall by wall


def test_polar_gif_frames_draw_arcs_as_chords_not_with_pillows_arc(monkeypatch):
    # Pillow's arc scans the whole box of its circle for every arc: 97 s for a 100-frame GIF of 85 rings
    import io

    from PIL import Image, ImageDraw

    from tremaux.grids import generate_on
    from tremaux.grids.animate import to_gif

    calls = []
    monkeypatch.setattr(ImageDraw.ImageDraw, "arc", lambda self, *a, **k: calls.append(a))
    run = generate_on(make_grid("polar", rings=4), "backtracker", seed=1, record=True)
    gif = Image.open(io.BytesIO(to_gif(run, frames=4)))
    gif.seek(gif.n_frames - 1)
    frame = gif.convert("RGB")
    w, h = frame.size
    ring = [frame.getpixel((w // 2, y)) for y in range(h // 2)]  # down from the top: the outer wall first
    assert (34, 34, 34) in ring and not calls
