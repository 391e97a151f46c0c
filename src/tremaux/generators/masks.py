"""Masks: which cells of the grid belong to a shaped maze.

A mask is a boolean array shaped like the maze, ``True`` for cells that exist.
It can be read from a text file of ``#`` (cell) and ``.`` (no cell), levels
separated by a blank line, or from a picture whose dark pixels are cells.

Examples
--------
>>> m = mask_from_text('''
... .##.
... ####
... .##.
... ''')
>>> m.astype(int).tolist()
[[0, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 0]]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InvalidMazeError, MazeFormatError
from ..kernels import grid as kg

__all__ = ["mask_from_text", "mask_from_image", "load_mask", "check_mask"]

_CELL = set("#X*@O1")
_HOLE = set(".- _0")


def mask_from_text(text: str, *, source: str | None = None) -> np.ndarray:
    """Parse ``#`` (cell) / ``.`` (no cell) rows; a blank line starts a new level.

    Parameters
    ----------
    text : str
        Rows of ``#`` (also ``X * @ O 1``) for cells and ``.`` (also ``- _ 0``
        and space) for holes; short rows are padded with holes.
    source : str, optional
        File name shown in error messages.

    Returns
    -------
    numpy.ndarray of bool
        ``(H, W)``, or ``(L, H, W)`` when blank lines separate levels.

    Raises
    ------
    MazeFormatError
        For another character or rows of different lengths (with line and column).

    Examples
    --------
    >>> mask_from_text("##\\n#.").tolist()
    [[True, True], [True, False]]
    >>> mask_from_text("#?")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: 1:2: unknown mask character '?'; use '#' for a cell and '.' for none
    """
    levels: list[list[str]] = [[]]
    lines = text.splitlines()
    first_line: list[int] = []
    for no, line in enumerate(lines, 1):
        row = line.rstrip()
        if not row:
            if levels[-1]:
                levels.append([])
            continue
        if not levels[-1]:
            first_line.append(no)
        for col, ch in enumerate(row, 1):
            if ch not in _CELL and ch not in _HOLE:
                raise MazeFormatError(f"unknown mask character {ch!r}; use '#' for a cell and '.' for none",
                                      line=no, column=col, source=source)
        levels[-1].append(row)
    levels = [lv for lv in levels if lv]
    if not levels:
        raise MazeFormatError("mask is empty", source=source)
    width = max(len(r) for lv in levels for r in lv)
    height = len(levels[0])
    for k, lv in enumerate(levels):
        if len(lv) != height:
            raise MazeFormatError(f"level {k + 1} of the mask has {len(lv)} rows, the first has {height}",
                                  line=first_line[k], source=source)
    arr = np.array([[[ch in _CELL for ch in r.ljust(width, ".")] for r in lv] for lv in levels], dtype=bool)
    return arr[0] if len(levels) == 1 else arr


def mask_from_image(path: str | Path, *, threshold: int = 128) -> np.ndarray:
    """A mask from a picture: pixels darker than ``threshold`` (0-255) are cells.

    Transparent pixels are never cells.

    Parameters
    ----------
    path : str or pathlib.Path
        A picture Pillow can open; one pixel per cell.
    threshold : int, default 128
        Grey level (0-255) under which a pixel is a cell.

    Returns
    -------
    numpy.ndarray of bool
        ``(height, width)`` of the picture.

    Examples
    --------
    >>> import tempfile, os
    >>> from PIL import Image
    >>> im = Image.new("L", (3, 2), 255); im.putpixel((0, 0), 0); im.putpixel((1, 0), 0)
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.png"); im.save(path)
    >>> mask_from_image(path).astype(int).tolist()
    [[1, 1, 0], [0, 0, 0]]
    """
    from PIL import Image

    with Image.open(path) as im:
        rgba = np.asarray(im.convert("RGBA"))
    grey = rgba[..., :3].astype(np.float64) @ np.array([0.299, 0.587, 0.114])
    return (grey < threshold) & (rgba[..., 3] >= 128)


def load_mask(path: str | Path) -> np.ndarray:
    """Read a mask file: a picture (``.png``, ``.gif``, ``.bmp``, ``.jpg``) or ``#``/``.`` text.

    Parameters
    ----------
    path : str or pathlib.Path
        The mask file; its extension says whether it is a picture.

    Returns
    -------
    numpy.ndarray of bool
        The cells that exist, ``True`` for a cell.

    Raises
    ------
    MazeFormatError
        For a picture that cannot be read, a file that is not text, or a text
        mask with an unknown character or uneven levels.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write(".#\\n##\\n")
    >>> load_mask(path).astype(int).tolist()
    [[0, 1], [1, 1]]
    """
    p = Path(path)
    if p.suffix.lower() in (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".webp"):
        try:
            return mask_from_image(p)
        except OSError as exc:
            raise MazeFormatError(f"cannot read the picture: {exc}", source=str(p)) from None
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise MazeFormatError("mask file is not text; use '#'/'.' rows or a PNG picture", source=str(p)) from None
    return mask_from_text(text, source=str(p))


def check_mask(mask: Any, shape3: tuple[int, int, int], dims: tuple[int, ...]) -> np.ndarray | None:
    """Validate a mask for a grid; return it as a contiguous bool array (``None`` if all cells exist).

    Parameters
    ----------
    mask : array_like of bool
        ``True`` for each cell that exists.
    shape3 : tuple of int
        ``(L, H, W)`` of the grid.
    dims : tuple of int
        The maze's own shape, ``(H, W)`` or ``(L, H, W)``, which ``mask`` must have.

    Returns
    -------
    numpy.ndarray of bool or None
        The mask, or ``None`` when every cell exists.

    Raises
    ------
    InvalidMazeError
        When the shape differs, no cell is left, or the cells form several
        separate regions (a maze must be connected).

    Examples
    --------
    >>> import numpy as np
    >>> check_mask(np.ones((2, 2), bool), (1, 2, 2), (2, 2)) is None
    True
    >>> check_mask(np.eye(2, dtype=bool), (1, 2, 2), (2, 2))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: mask cells form 2 separate regions; a maze needs them connected (side by side)
    """
    m = np.asarray(mask)
    if m.shape != dims:
        raise InvalidMazeError(f"mask shape {m.shape} differs from maze shape {dims}")
    m = np.ascontiguousarray(m, dtype=bool)
    if not m.any():
        raise InvalidMazeError("mask leaves no cell in the maze")
    if m.all():
        return None
    L, H, W = shape3
    from ..maze.model import Maze

    field = Maze.open(dims, mask=m)
    _, count = kg.components(field.flat, m.reshape(-1), True, L, H, W)
    if count > 1:
        raise InvalidMazeError(
            f"mask cells form {count} separate regions; a maze needs them connected (side by side)"
        )
    return m
