"""Masks: which cells of the grid belong to a shaped maze.

A mask is a boolean array shaped like the maze, ``True`` for cells that exist.
It can be read from a text file of ``#`` (cell) and ``.`` (no cell), levels
separated by a blank line, or from a picture whose dark pixels are cells.

Examples
--------
>>> from tremaux.generators import mask_from_text
>>> m = mask_from_text('''
... .##.
... ####
... .##.
... ''')
>>> m.astype(int).tolist()
[[0, 1, 1, 0], [1, 1, 1, 1], [0, 1, 1, 0]]
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InvalidMazeError, MazeFormatError, TremauxError
from .._lazy import lazy_module
from ..maze.checks import as_mask

# the compiled kernels, loaded on first call (start-up without numba)
kg = lazy_module("tremaux.kernels.grid")

__all__ = ["mask_from_text", "mask_from_image", "load_mask", "check_mask", "picture_shape"]

_PICTURES = (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".webp")
"""Extensions of mask files read as pictures."""

_CELL = set("#X*@O1")
_HOLE = set(".- _0")


_CELL_CODES = np.frombuffer("".join(sorted(_CELL)).encode(), dtype=np.uint8)
_HOLE_CODES = np.frombuffer("".join(sorted(_HOLE)).encode(), dtype=np.uint8)


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
    >>> from tremaux.generators import mask_from_text
    >>> mask_from_text("#.\\n#x")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: 2:2: unknown mask character 'x'; use '#' for a cell and '.' for none
    """
    if not isinstance(text, str):
        raise MazeFormatError(f"a mask is text, not {type(text).__name__}", source=source)
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors save
    levels: list[list[str]] = [[]]
    first_line: list[int] = []
    rows = list(map(str.rstrip, text.splitlines()))
    for no, row in enumerate(rows, 1):
        if not row:
            if levels[-1]:
                levels.append([])
            continue
        if not levels[-1]:
            first_line.append(no)
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
    from .. import budget

    budget.check(8 * len(levels) * height * width + 4096,
                 f"a mask of {len(levels)} x {height} x {width} characters")
    body = "".join(r.ljust(width, ".") for lv in levels for r in lv)
    if body.isascii():
        codes = np.frombuffer(body.encode("ascii"), dtype=np.uint8)
        known = np.isin(codes, _CELL_CODES) | np.isin(codes, _HOLE_CODES)
        bad = None if known.all() else int(np.argmin(known))
    else:
        bad = next(k for k, ch in enumerate(body) if ch not in _CELL and ch not in _HOLE)
    if bad is not None:
        k, col = divmod(bad, width)
        lv, r = divmod(k, height)
        no = first_line[lv] + r
        ch = body[bad]
        raise MazeFormatError(f"unknown mask character {ch!r}; use '#' for a cell and '.' for none",
                              line=no, column=col + 1, source=source)
    arr = np.isin(codes, _CELL_CODES).reshape(len(levels), height, width)
    return arr[0] if len(levels) == 1 else arr


_PICTURE_ERRORS: tuple[type[BaseException], ...] = (OSError, ValueError, SyntaxError, EOFError, IndexError,
                                                    KeyError, TypeError, ZeroDivisionError, struct.error,
                                                    RuntimeError, zlib.error, OverflowError)


def mask_from_image(path: str | Path, *, threshold: int = 128, memory_limit: str | int | None = None) -> np.ndarray:
    """A mask from a picture: pixels darker than ``threshold`` (0-255) are cells.

    Transparent pixels are never cells. The picture's size, read from its
    header, is checked before it is decoded: a picture of more pixels than a
    maze may have cells, or one that would not fit the memory budget (a
    decompression bomb), is refused at once.

    Parameters
    ----------
    path : str or pathlib.Path
        A picture Pillow can open; one pixel per cell.
    threshold : int, default 128
        Grey level (0-255) under which a pixel is a cell.
    memory_limit : str or int, optional
        A limit such as ``"1G"`` instead of the budget in force.

    Returns
    -------
    numpy.ndarray of bool
        ``(height, width)`` of the picture.

    Raises
    ------
    MazeFormatError
        For a file that is not a readable picture, or one with too many pixels.
    MemoryLimitError
        When decoding it would need more memory than the limit.

    Examples
    --------
    >>> from tremaux.generators import mask_from_image
    >>> import tempfile, os
    >>> from PIL import Image
    >>> im = Image.new("L", (3, 2), 255); im.putpixel((0, 0), 0); im.putpixel((1, 0), 0)
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.png"); im.save(path)
    >>> mask_from_image(path).astype(int).tolist()
    [[1, 1, 0], [0, 0, 0]]
    """
    from PIL import Image

    from .. import budget
    from ..maze.model import MAX_CELLS

    source = str(path)
    saved = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None  # Pillow's own guard: replaced by the checks below, which name the sizes
    try:
        with Image.open(path) as im:
            width, height = im.size
            pixels = width * height
            if pixels > MAX_CELLS:
                raise MazeFormatError(f"the picture has {width} x {height} = {pixels:,} pixels; a mask has "
                                      f"at most {MAX_CELLS:,} (one cell per pixel)", source=source)
            budget.check(24 * pixels + 4096, f"a mask from a picture of {width} x {height} pixels", memory_limit)
            rgba = np.asarray(im.convert("RGBA"))
    except _PICTURE_ERRORS as exc:
        if isinstance(exc, TremauxError):
            raise
        if isinstance(exc, (FileNotFoundError, IsADirectoryError, PermissionError)):
            raise
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise MazeFormatError(f"cannot read the picture: {text}", source=source) from None
    finally:
        Image.MAX_IMAGE_PIXELS = saved
    if rgba.ndim != 3 or rgba.shape[2] != 4:
        raise MazeFormatError("cannot read the picture: it has no pixels", source=source)
    # luma 0.299 R + 0.587 G + 0.114 B < threshold, in whole numbers (four bytes per pixel, not 24)
    grey = rgba[..., 0].astype(np.uint32) * 299
    grey += rgba[..., 1].astype(np.uint32) * 587
    grey += rgba[..., 2].astype(np.uint32) * 114
    return (grey < int(threshold) * 1000) & (rgba[..., 3] >= 128)


def picture_shape(path: str | Path) -> tuple[int, int] | None:
    """``(rows, cols)`` of a picture mask, read from its header without decoding it; ``None`` for text.

    Commands use it to refuse, before a big picture is decoded, work that its size alone rules out.

    Parameters
    ----------
    path : str or pathlib.Path
        A mask file.

    Returns
    -------
    (int, int) or None
        The mask's shape, or ``None`` when the file is not a picture (or not a readable one: reading
        it says why).

    Examples
    --------
    >>> from tremaux.generators.masks import picture_shape
    >>> import tempfile, os
    >>> from PIL import Image
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.png")
    >>> Image.new("L", (5, 3)).save(path)
    >>> picture_shape(path), picture_shape("mask.txt")
    ((3, 5), None)
    """
    if Path(path).suffix.lower() not in _PICTURES:
        return None
    from PIL import Image

    saved = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None  # the header only: nothing is decoded
    try:
        with Image.open(path) as im:
            width, height = im.size
    except _PICTURE_ERRORS:
        return None
    finally:
        Image.MAX_IMAGE_PIXELS = saved
    return height, width


def load_mask(path: str | Path, *, memory_limit: str | int | None = None) -> np.ndarray:
    """Read a mask file: a picture (``.png``, ``.gif``, ``.bmp``, ``.jpg``, or any name) or ``#``/``.`` text.

    Text over the text-file cap (:func:`tremaux.budget.text_limit`) is refused unread.

    Parameters
    ----------
    path : str or pathlib.Path
        The mask file; its extension, else its first bytes, say whether it is a picture.
    memory_limit : str or int, optional
        A limit such as ``"1G"`` instead of the budget in force.

    Returns
    -------
    numpy.ndarray of bool
        The cells that exist, ``True`` for a cell.

    Raises
    ------
    MazeFormatError
        For a file that is neither a readable picture nor a mask text.
    InputTooLargeError, MemoryLimitError
        For a file too big to read.

    Examples
    --------
    >>> from tremaux.generators import load_mask
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write(".#\\n##\\n")
    >>> load_mask(path).astype(int).tolist()
    [[0, 1], [1, 1]]
    """
    from .. import budget

    from ..io._common import decode_text
    from ..io.image import is_image

    p = Path(path)
    if p.suffix.lower() in _PICTURES:
        return mask_from_image(p, memory_limit=memory_limit)
    cap = budget.text_limit()
    with open(p, "rb") as f:
        st = os.fstat(f.fileno())
        head = f.read(8)
        if is_image(head):  # a picture under another name (shape.dat, or no extension at all)
            return mask_from_image(p, memory_limit=memory_limit)
        if stat.S_ISREG(st.st_mode):
            budget.check_text_size(st.st_size, "a mask", source=str(p))
        data = head + (f.read() if cap is None else f.read(cap + 1 - len(head)))
    budget.check_text_size(len(data), "a mask", source=str(p))
    try:
        text = decode_text(data)  # UTF-8 with or without a byte order mark, or UTF-16 after one, as maze files
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
    >>> from tremaux.generators.masks import check_mask
    >>> import numpy as np
    >>> check_mask(np.ones((2, 2), bool), (1, 2, 2), (2, 2)) is None
    True
    >>> check_mask(np.eye(2, dtype=bool), (1, 2, 2), (2, 2))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidMazeError: mask cells form 2 separate regions; a maze needs them connected (side by side)
    """
    m = as_mask(mask)
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
