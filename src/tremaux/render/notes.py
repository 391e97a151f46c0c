"""The notes a raster picture carries for the picture reader: PNG text chunks, GIF comments.

A picture of a maze with levels gives their shape and the passages between them; a picture of a masked maze
(or of one without a wall
between two cells) gives its mask and pixel sizes, so :mod:`tremaux.io.image` reads it back with its shape.

Examples
--------
>>> from tremaux import Maze
>>> from tremaux.render.notes import picture_notes
>>> picture_notes(Maze.open((2, 3, 4)))["tremaux-levels"][:38]
'2x3x4 cell=16 wall=2 margin=8 gap=16 e'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .scene import maze_of

__all__ = ["png_info", "picture_notes"]


def png_info(notes: Mapping[str, str]) -> Any:
    """The PNG text chunks of ``notes`` (see :func:`picture_notes`), for Pillow's ``save(pnginfo=...)``.

    Parameters
    ----------
    notes : mapping of str to str
        Key and text of each chunk.

    Returns
    -------
    PIL.PngImagePlugin.PngInfo or None
        ``None`` when there is no note.

    Examples
    --------
    >>> from tremaux.render.notes import png_info
    >>> png_info({}) is None, type(png_info({"tremaux-grid": "hex"})).__name__
    (True, 'PngInfo')
    """
    if not notes:
        return None
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    for key, value in notes.items():
        info.add_text(key, value)
    return info


def picture_notes(obj: Any, cell_size: int | None = None, wall_width: int | None = None,
                  margin: int | None = None, *, target: int = 800) -> dict[str, str]:
    """The notes a raster picture of ``obj`` carries for the picture reader (:mod:`tremaux.io.image`).

    A maze with levels (drawn side by side, even one) gets their shape, pixel
    sizes, passages between levels and mask, so the reader reads it level by
    level (:mod:`tremaux.io._levels`); a masked maze gets its
    mask and pixel sizes, so it reads back with its shape, and so does a maze
    without a wall between two cells (no wall in its picture counts its cells).

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What the picture shows.
    cell_size, wall_width, margin : int, optional
        The sizes given to :func:`to_png`.
    target : int, default 800
        The width the picture's unset sizes aim at (:func:`geometry`).

    Returns
    -------
    dict of str to str
        Key and text of each note (a PNG text chunk, a GIF comment ``key=text``); empty for a plain maze.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.notes import picture_notes
    >>> import numpy as np
    >>> picture_notes(Maze.closed((2, 2)))
    {}
    >>> picture_notes(Maze.open((1, 3)), cell_size=16)["tremaux-mask"][:27]
    '1x3 cell=16 wall=2 margin=8'
    >>> picture_notes(Maze.open((2, 3, 4)))["tremaux-levels"].split()[:5]
    ['2x3x4', 'cell=16', 'wall=2', 'margin=8', 'gap=16']
    >>> picture_notes(Maze.closed((2, 2), mask=np.array([[1, 1], [0, 1]], bool)), cell_size=16)["tremaux-mask"][:27]
    '2x2 cell=16 wall=2 margin=8'
    """
    from ..io._levels import levels_note
    from ..io._notes import LEVELS_NOTE, MASK_NOTE, mask_note
    from .geometry import geometry

    maze = maze_of(obj)
    if maze.ndim == 3:  # levels side by side: cut apart by their sizes, the passages between them noted
        g = geometry(maze, cell_size, wall_width, margin, target=target)
        return {LEVELS_NOTE: levels_note(maze, f"cell={g.cell} wall={g.wall} margin={g.margin} gap={g.gap}")}
    _, H, W = maze.shape3
    mask = np.ones((H, W), bool) if maze.mask is None else maze.mask.reshape(maze.shape3)[0]
    if mask.all() and maze.passages < H * (W - 1) + W * (H - 1):  # walls inside count the cells
        return {}
    g = geometry(maze, cell_size, wall_width, margin, target=target)  # masked, or no wall between two cells
    return {MASK_NOTE: mask_note(mask, g.cell, g.wall, g.margin)}
