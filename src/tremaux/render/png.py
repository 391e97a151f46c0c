"""PNG pictures through Pillow, drawn from the arrays in bulk.

The block picture of each level (see :mod:`tremaux.render.scene`) is
expanded to pixels with :func:`numpy.repeat` (wall squares ``wall_width``
pixels wide, cell squares ``cell_size``), levels are laid side by side, and
the result is saved as an indexed (palette) PNG: one byte per pixel, no
Python loop over cells. A 4000 x 4000 maze renders in a few seconds.

Examples
--------
>>> from tremaux.render import to_png, to_image
>>> from tremaux import Maze
>>> png = to_png(Maze.open((3, 4), start=(0, 0), goal=(2, 3)), cell_size=10, wall_width=2, margin=0)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> to_image(Maze.open((3, 4)), cell_size=10, wall_width=2, margin=0).size
(50, 38)
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import TremauxError
from ..maze.model import Maze
from .palette import SLOTS, colour_table, resolve
from .blocks import BG, blocks
from .geometry import Geometry, geometry  # noqa: F401  (the sizes every raster takes: public here too)
from .notes import picture_notes, png_info
from .scene import maze_of, on_grid, scene

__all__ = ["to_png", "to_image", "raster", "half_cell", "Geometry", "geometry", "check_raster"]


def check_raster(maze: Maze, g: Geometry, what: str, *, frames: int = 0) -> None:
    """Refuse a raster picture of ``maze`` that would not fit the memory budget (:mod:`tremaux.budget`).

    ``frames`` is the number of frames an animation keeps (0 for a still picture).

    Parameters
    ----------
    maze : Maze
        The maze to draw.
    g : Geometry
        The picture's pixel sizes.
    what : str
        The picture's kind, named in the message (``"PNG"``, ``"GIF"``...).
    frames : int, default 0
        Frames an animation keeps (0 for a still picture).

    Raises
    ------
    MemoryLimitError
        Naming the picture's size, the estimate and the limit.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.png import geometry, check_raster
    >>> from tremaux import budget
    >>> with budget.limited("100M"):
    ...     check_raster(Maze.closed((100, 100)), geometry(Maze.closed((100, 100)), 100000), "PNG")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: a PNG of 11783266 x 11783266 pixels needs about 505.1 TiB of memory; ...
    """
    from .. import budget

    width, height = g.size(maze)
    L, H, W = maze.shape3
    squares = L * (2 * H + 1) * (2 * W + 1)
    budget.check(budget.raster_bytes(width, height, squares, frames=frames),
                 f"a {what} of {width} x {height} pixels", None)


def _expand(B: np.ndarray, g: Geometry) -> np.ndarray:
    """Expand one level's block picture to pixels."""
    if g.cell == 1 and g.wall == 1:
        return B
    rows = np.full(B.shape[0], g.cell)
    rows[::2] = g.wall
    cols = np.full(B.shape[1], g.cell)
    cols[::2] = g.wall
    return np.repeat(np.repeat(B, rows, axis=0), cols, axis=1)


def raster(B: np.ndarray, maze: Maze, g: Geometry, *, both: int = -1) -> np.ndarray:
    """The indexed pixel image (palette slots) of block pictures ``B`` of ``maze``.

    Levels go left to right; cells with an up passage get a small triangle
    pointing up in their top half, cells going down one pointing down in their
    bottom half (when cells are at least 3 pixels wide).

    Parameters
    ----------
    B : numpy.ndarray
        ``(L, 2H+1, 2W+1)`` palette slots (see :func:`tremaux.render.blocks.blocks`).
    maze : Maze
        The maze they picture.
    g : Geometry
        Pixel sizes.
    both : int, default -1
        Flat index of a cell that is both the start and the goal (``-1``: none): when ``B`` paints it
        as the goal, its left half is drawn as the start.

    Returns
    -------
    numpy.ndarray of uint8
        ``(height, width)`` palette slots, one per pixel.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.png import Geometry, raster
    >>> from tremaux.render.blocks import structure
    >>> m = Maze.open((2, 3))
    >>> g = Geometry(cell=4, wall=1, margin=2, gap=4)
    >>> raster(structure(m), m, g).shape[::-1] == g.size(m)
    True
    """
    L, H, W = maze.shape3
    width, height = g.size(maze)
    img = np.full((height, width), BG, np.uint8)
    step = g.extent(W) + g.gap
    for lv in range(L):
        x = g.margin + lv * step
        img[g.margin : g.margin + g.extent(H), x : x + g.extent(W)] = _expand(B[lv], g)
    if both >= 0:
        lv, r, c = np.unravel_index(both, (L, H, W))
        if B[lv, 2 * r + 1, 2 * c + 1] == SLOTS["goal"]:
            x, y, w, h = half_cell(maze, g, both)
            img[y : y + h, x : x + w] = SLOTS["start"]
    if L > 1 and g.cell >= 3:
        _stamp_updown(img, maze, g)
    return img


def half_cell(maze: Maze, g: Geometry, index: int) -> tuple[int, int, int, int]:
    """The pixel box of the left half of a cell: where a cell that is both the start and the goal shows the start.

    Parameters
    ----------
    maze : Maze
        The maze pictured.
    g : Geometry
        Pixel sizes.
    index : int
        The cell's flat index.

    Returns
    -------
    (int, int, int, int)
        ``x, y, width, height`` in pixels.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.png import Geometry, half_cell
    >>> half_cell(Maze.open((1, 1)), Geometry(cell=10, wall=2, margin=3, gap=4), 0)
    (5, 5, 5, 10)
    """
    L, H, W = maze.shape3
    lv, r, c = np.unravel_index(index, (L, H, W))
    pitch = g.cell + g.wall
    x = g.margin + int(lv) * (g.extent(W) + g.gap) + g.wall + int(c) * pitch
    return x, g.margin + g.wall + int(r) * pitch, g.cell // 2, g.cell


def _triangle(cell: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets (dy, dx) inside a cell of an upward triangle in its top half."""
    t = max(1, min(cell // 3, (cell + 1) // 2))
    centre = (cell - 1) // 2
    top = max(0, cell // 2 - t)
    dy, dx = [], []
    for i in range(t):
        for j in range(-i, i + 1):
            if 0 <= centre + j < cell:
                dy.append(top + i)
                dx.append(centre + j)
    return np.array(dy, np.int64), np.array(dx, np.int64)


def _stamp_updown(img: np.ndarray, maze: Maze, g: Geometry) -> None:
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    dy, dx = _triangle(g.cell)
    pitch = g.cell + g.wall
    step = g.extent(W) + g.gap
    for bit, flip in ((16, False), (32, True)):
        lv, r, c = np.nonzero(cells & bit)
        if lv.size == 0:
            continue
        y0 = g.margin + g.wall + r * pitch
        x0 = g.margin + lv * step + g.wall + c * pitch
        yy = (g.cell - 1 - dy) if flip else dy
        img[y0[:, None] + yy[None, :], x0[:, None] + dx[None, :]] = SLOTS["updown"]


def to_image(
    obj: Any,
    *,
    cell_size: int | None = None,
    wall_width: int | None = None,
    margin: int | None = None,
    palette: Mapping[str, object] | None = None,
    path: Any = None,
    visited: Any = None,
    marks: Any = None,
    heat: Any = None,
    start: Any = True,
    goal: Any = True,
):
    """The picture as an indexed :class:`PIL.Image.Image` (mode ``"P"``).

    Takes the same options as :func:`to_png`.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw.
    cell_size, wall_width, margin, palette, path, visited, marks, heat, start, goal
        As for :func:`to_png`.

    Returns
    -------
    PIL.Image.Image
        An indexed image of the picture (of :func:`tremaux.grids.to_png` for a maze on another grid).

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render import to_image
    >>> im = to_image(Maze.open((2, 3)), cell_size=4, wall_width=1, margin=2)
    >>> im.mode, im.size
    ('P', (20, 15))
    """
    from PIL import Image

    drawn = on_grid(obj, "image", cell_size=cell_size, wall_width=wall_width, margin=margin, palette=palette,
                     path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal)
    if drawn is not None:  # a maze on another grid: the image of tremaux.grids.to_png
        return drawn
    maze = maze_of(obj)
    g = geometry(maze, cell_size, wall_width, margin)
    check_raster(maze, g, "picture")
    sc = scene(obj, path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal)
    colours = resolve(palette)
    img = Image.fromarray(raster(blocks(sc), maze, g, both=sc.start if sc.start == sc.goal else -1), mode="P")
    img.putpalette(colour_table(colours).reshape(-1).tolist())
    return img


def _level_for(width: int, height: int) -> int:
    """The zlib level a PNG of ``width`` x ``height`` pixels is written with: quick for the large ones."""
    return 1 if width * height > 4_000_000 else 6


def to_png(
    obj: Any,
    *,
    cell_size: int | None = None,
    wall_width: int | None = None,
    margin: int | None = None,
    palette: Mapping[str, object] | None = None,
    path: Any = None,
    visited: Any = None,
    marks: Any = None,
    heat: Any = None,
    start: Any = True,
    goal: Any = True,
    compress_level: int | None = None,
) -> bytes:
    """Draw a maze, a solution or a generation result as PNG bytes.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw; a solution brings its path, visited cells and Tremaux marks. A maze on another grid, or
        a run on one, is drawn by :func:`tremaux.grids.to_png` (the options read by
        :func:`tremaux.grids.options.still`).
    cell_size, wall_width, margin : int, optional
        Pixel sizes; by default the cell size makes the picture about 800
        pixels wide (at least 1 pixel per cell, at most 16).
    palette : mapping, optional
        Colours replacing entries of :data:`tremaux.render.PALETTE`.
    path, visited, marks, heat, start, goal
        Overlays, see :func:`tremaux.render.scene.scene`: ``False`` hides one,
        a value replaces the solution's own; ``heat=cell`` colours cells by
        their distance from ``cell``.
    compress_level : int, optional
        zlib level 0-9; by default 6, and 1 (fast) for pictures above 4 million pixels.

    Returns
    -------
    bytes
        An indexed-colour PNG file.

    Raises
    ------
    TremauxError
        For bad sizes, colours, overlay values or compression level.

    Examples
    --------
    >>> from tremaux.render import to_png
    >>> from tremaux import Maze
    >>> from PIL import Image
    >>> import io
    >>> m = Maze.open((2, 2), start=(0, 0), goal=(1, 1))
    >>> img = Image.open(io.BytesIO(to_png(m, cell_size=8, wall_width=1, margin=0))).convert("RGB")
    >>> img.size, img.getpixel((4, 4))
    ((19, 19), (153, 85, 85))
    """
    drawn = on_grid(obj, "png", cell_size=cell_size, wall_width=wall_width, margin=margin, palette=palette,
                     path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal,
                     compress_level=compress_level)
    if drawn is not None:  # a maze on another grid: tremaux.grids.to_png draws it, the same bytes
        return drawn
    level = compress_level
    whole = isinstance(level, (int, np.integer)) and not isinstance(level, bool)
    if level is not None and (not whole or not -1 <= level <= 9):
        raise TremauxError(f"compress_level {compress_level!r} must be a zlib level, a whole number from 0 to 9 "
                           "(or -1 for zlib's default)")
    img = to_image(obj, cell_size=cell_size, wall_width=wall_width, margin=margin, palette=palette,
                   path=path, visited=visited, marks=marks, heat=heat, start=start, goal=goal)
    w, h = img.size
    level = compress_level if compress_level is not None else _level_for(w, h)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=int(level), pnginfo=png_info(picture_notes(obj, cell_size, wall_width,
                                                                                      margin)))
    return buf.getvalue()
