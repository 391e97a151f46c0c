"""A maze picture scaled with Pillow reads right or is refused in one line: never a wrong maze without a word."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import tremaux
from tremaux.errors import MazeFormatError
from tremaux.io.image import loads
from tremaux.render import to_png

# each read as a wrong maze before (benchmarks/bench_image_scaled.py): smoothing filters shrinking walls under
# 2 pixels, and uneven whole-pixel steps losing a wall line
CASES = [((8, 12), "kruskal", 0, "bilinear", 0.75), ((4, 4), "backtracker", 0, "bilinear", 0.6),
         ((15, 15), "prim", 0, "box", 0.6), ((20, 30), "backtracker", 0, "nearest", 0.4),
         ((15, 15), "backtracker", 1, "box", 0.4), ((8, 12), "kruskal", 0, "lanczos", 1.1)]
FILTERS = {"nearest": Image.NEAREST, "box": Image.BOX, "bilinear": Image.BILINEAR, "lanczos": Image.LANCZOS}


def _scaled(maze, name: str, factor: float) -> bytes:
    im = Image.open(io.BytesIO(to_png(maze))).convert("RGB")
    buf = io.BytesIO()
    im.resize((round(im.width * factor), round(im.height * factor)), FILTERS[name]).save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize("size, algorithm, seed, name, factor", CASES)
def test_a_scaled_picture_reads_right_or_is_refused_in_one_line(size, algorithm, seed, name, factor):
    maze = tremaux.generate(size, algorithm, seed=seed).maze
    data = _scaled(maze, name, factor)
    try:
        got = loads(data, source="m.png")
    except MazeFormatError as exc:
        text = str(exc)
        assert text.startswith("m.png: walls are blurred") and "Save it at its drawn size" in text
        assert "\n" not in text
    else:
        assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)


def test_pictures_scaled_up_by_whole_pixels_still_read():
    maze = tremaux.generate((8, 12), "kruskal", seed=0).maze
    for name in ("nearest", "box"):
        assert np.array_equal(loads(_scaled(maze, name, 2.0)).cells, maze.cells)


def test_the_reported_picture_is_refused_not_misread():
    maze = tremaux.generate((8, 12), "kruskal", seed=0).maze
    with pytest.raises(MazeFormatError, match=r"walls are blurred or broken \(\d+ of \d+ wall segments"):
        loads(_scaled(maze, "bilinear", 0.75))
