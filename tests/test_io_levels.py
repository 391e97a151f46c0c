"""A maze with levels (one or several, masked or not) written as a picture reads back as the same maze."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
from tremaux import Maze, render
from tremaux import io as mio
from tremaux.errors import MazeFormatError


def _mask(levels: int) -> np.ndarray:
    mask = np.ones((levels, 6, 7), bool)
    mask[:, 0, 0] = mask[:, 2:4, 3] = mask[:, 5, 6] = False
    return mask


_MAZES = {
    "1 level": lambda: tremaux.generate((1, 6, 8), seed=1).maze,
    "3 levels": lambda: tremaux.generate((3, 6, 8), seed=1).maze,
    "3 levels, ends under triangles": lambda: tremaux.generate((3, 5, 5), seed=1).maze,
    "1 level, masked": lambda: tremaux.generate((1, 6, 7), seed=2, mask=_mask(1)).maze,
    "3 levels, masked": lambda: tremaux.generate((3, 6, 7), seed=2, mask=_mask(3)).maze,
    "3 open levels, no ends": lambda: Maze.open((3, 3, 4)),
    "3 open masked levels": lambda: Maze.open((3, 6, 7), mask=_mask(3)),
}
_PICTURES = {
    "png": render.to_png,
    "svg": render.to_svg,
    "gif": lambda m: render.render(m, "gif"),
}


@pytest.mark.parametrize("fmt", list(_PICTURES))
@pytest.mark.parametrize("name", list(_MAZES))
def test_a_picture_of_a_maze_with_levels_reads_back_as_the_maze(name, fmt):
    maze = _MAZES[name]()
    back = mio.loads(_PICTURES[fmt](maze))
    assert back == maze
    assert back.shape == maze.shape and np.array_equal(back.cells, maze.cells)
    assert (back.start, back.goal) == (maze.start, maze.goal)


@pytest.mark.parametrize("ext", ["png", "svg"])
@pytest.mark.parametrize("levels", [1, 3])
def test_a_maze_with_levels_saved_as_a_picture_loads_back(tmp_path, levels, ext):
    maze = tremaux.generate((levels, 4, 5), seed=3).maze
    path = tmp_path / f"m.{ext}"
    path.write_bytes(render.to_png(maze) if ext == "png" else render.to_svg(maze).encode())
    assert mio.load(path) == maze
    if ext == "png":
        mio.save(maze, tmp_path / "again.png")
        assert mio.load(tmp_path / "again.png") == maze


def test_a_cropped_picture_of_levels_is_refused_naming_its_size():
    from io import BytesIO

    from PIL import Image

    data = render.to_png(tremaux.generate((2, 3, 4), seed=1).maze)
    im = Image.open(BytesIO(data))
    buf = BytesIO()
    im.crop((0, 0, im.width - 4, im.height)).save(buf, "PNG", pnginfo=render.notes.png_info(im.text))
    with pytest.raises(MazeFormatError, match="resized or cropped"):
        mio.loads(buf.getvalue())


def test_a_damaged_levels_note_is_refused():
    svg = render.to_svg(tremaux.generate((2, 3, 4), seed=1).maze)
    damaged = svg.replace('data-tremaux-levels="2x3x4', 'data-tremaux-levels="2x3x4 ?', 1)
    with pytest.raises(MazeFormatError, match="tremaux-levels note is damaged"):
        mio.loads(damaged)
