"""Every registered generator and solver animates, and its last frame is the finished picture."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import tremaux
from tremaux import render
from tremaux.generators import GENERATORS
from tremaux.render.palette import SLOTS
from tremaux.solvers import SOLVERS


def last_frame(data: bytes) -> np.ndarray:
    img = Image.open(io.BytesIO(data))
    img.seek(img.n_frames - 1)
    return np.asarray(img.convert("RGB"))


@pytest.mark.parametrize("name", [e.name for e in GENERATORS])
def test_every_generator_animates_to_its_maze(name):
    gen = tremaux.generate((7, 9), name, seed=3, record=True)
    data = render.to_gif(gen, frames=20, cell_size=5, wall_width=1, margin=2)
    assert 2 <= Image.open(io.BytesIO(data)).n_frames <= 20
    still = np.asarray(render.to_image(gen, cell_size=5, wall_width=1, margin=2).convert("RGB"))
    assert np.array_equal(last_frame(data), still)
    # the replay itself ends on the finished maze, with no cell left uncarved or in the frontier
    *_, before_final = render.replay(gen, frames=10**6)
    cells = before_final[:, 1::2, 1::2]
    assert not np.isin(cells, [SLOTS["uncarved"], SLOTS["frontier"]]).any()


def _braided():
    return tremaux.generate((8, 10), "backtracker", seed=5, braid=0.5).maze


@pytest.mark.parametrize("name", [e.name for e in SOLVERS])
def test_every_solver_animates_and_ends_on_its_path(name):
    sol = tremaux.solve(_braided(), name, record=True)
    assert sol.found
    frames = list(render.replay(sol, frames=50))
    last = frames[-1][0]
    for (r, c) in sol.path_cells()[1:-1]:
        assert last[2 * r + 1, 2 * c + 1] == SLOTS["path"], (r, c)
    r, c = sol.start
    assert all(f[0, 2 * r + 1, 2 * c + 1] == SLOTS["start"] for f in frames)
    svg = render.to_animated_svg(sol, frames=20)
    assert svg.count("<set ") <= 19


def test_tremaux_on_a_braided_maze_shows_retraced_passages():
    sol = tremaux.solve(_braided(), "tremaux", record=True)
    img = render.to_image(sol)
    colours = {tuple(c) for c in np.asarray(img.convert("RGB")).reshape(-1, 3)}
    from tremaux.render.palette import PALETTE, parse_colour

    for key in ("start", "goal", "path"):
        assert parse_colour(PALETTE[key]) in colours, key
    assert sol.extras["marks"].max() == 2  # this maze makes the traveler walk back
    assert parse_colour(PALETTE["retraced"]) in colours
