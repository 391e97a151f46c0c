"""The notes tremaux's pictures of mazes carry for the picture reader (:mod:`tremaux.io.image`).

A PNG holds them as text chunks, a GIF as its comment ``key=text``: the
number of levels drawn side by side, the mask and pixel sizes of a masked
maze, the grid of a maze on another grid than the plain square one.

Examples
--------
>>> import numpy as np
>>> mask, cell, wall, margin = read_mask_note(mask_note(np.eye(2, dtype=bool), 4, 1, 0), (11, 11), None)
>>> mask.astype(int).tolist(), cell, wall, margin
([[1, 0], [0, 1]], 4, 1, 0)
"""

from __future__ import annotations

import base64
import re
import zlib

import numpy as np

from ..errors import MazeFormatError

__all__ = ["LEVELS_NOTE", "MASK_NOTE", "GRID_NOTE", "mask_note", "mask_bits", "read_mask_bits", "grid_note",
           "read_mask_note"]

LEVELS_NOTE = "tremaux-levels"
"""Key of the note of tremaux's pictures of mazes of several levels (drawn side by side): the number."""

MAX_NOTE_CELLS = 40_000_000
"""Cells a mask note may declare at most (a picture has at least a pixel per cell)."""

MASK_NOTE = "tremaux-mask"
"""Key of the text chunk (PNG; a GIF's comment ``tremaux-mask=...``) of tremaux's pictures of masked mazes:
``HxW cell=C wall=T margin=M`` and the mask's bits (packed, zlib, base64); see :func:`mask_note`."""

GRID_NOTE = "tremaux-grid"
"""Key of the text chunk (PNG; a GIF's comment ``tremaux-grid=...``) of tremaux's pictures of mazes on grids
other than the plain square one (``hex``, ``square (torus)``, ``square woven``...), which do not read back as
square mazes: the reader refuses them by name (see :func:`grid_note`)."""


def mask_note(mask: np.ndarray, cell: int, wall: int, margin: int) -> str:
    """The :data:`MASK_NOTE` of a picture of a masked maze: its shape, pixel sizes and mask.

    Parameters
    ----------
    mask : numpy.ndarray of bool
        ``(H, W)``: the cells that exist.
    cell, wall, margin : int
        The picture's pixel sizes (:class:`tremaux.render.png.Geometry`).

    Returns
    -------
    str
        ``HxW cell=C wall=T margin=M BITS``, the bits packed, compressed and in base64.

    Examples
    --------
    >>> mask_note(np.array([[1, 1], [0, 1]], bool), 16, 2, 8).split()[:4]
    ['2x2', 'cell=16', 'wall=2', 'margin=8']
    """
    H, W = mask.shape
    return f"{H}x{W} cell={cell} wall={wall} margin={margin} {mask_bits(mask)}"


def mask_bits(mask: np.ndarray) -> str:
    """A mask's bits, packed, compressed and in base64: a note's last word, an SVG's ``data-tremaux-mask``.

    Parameters
    ----------
    mask : numpy.ndarray of bool
        ``(H, W)``: the cells that exist.

    Returns
    -------
    str
        The bits in base64.

    Examples
    --------
    >>> m = np.array([[1, 1], [0, 1]], bool)
    >>> bool((read_mask_bits(mask_bits(m), (2, 2)) == m).all())
    True
    """
    return base64.b64encode(zlib.compress(np.packbits(mask.astype(bool)).tobytes(), 9)).decode("ascii")


def read_mask_bits(text: str, shape: tuple[int, int]) -> np.ndarray | None:
    """The ``(H, W)`` mask whose bits :func:`mask_bits` wrote; ``None`` for a damaged or short text.

    Parameters
    ----------
    text : str
        The bits in base64.
    shape : tuple of int
        The mask's rows and columns.

    Returns
    -------
    numpy.ndarray of bool or None
        The mask.

    Examples
    --------
    >>> read_mask_bits("not base64!", (2, 2)) is None
    True
    """
    H, W = shape
    try:
        bits = zlib.decompressobj().decompress(base64.b64decode(text, validate=True), -(-H * W // 8))
    except (ValueError, zlib.error):
        return None
    if len(bits) * 8 < H * W:
        return None
    return np.unpackbits(np.frombuffer(bits, np.uint8))[: H * W].reshape(H, W).astype(bool)


def grid_note(grid: object) -> dict[str, str]:
    """The :data:`GRID_NOTE` of a picture of a maze on ``grid`` (a :class:`tremaux.grids.Grid`).

    Parameters
    ----------
    grid : Grid
        The maze's grid.

    Returns
    -------
    dict of str to str
        ``{GRID_NOTE: "hex"}``, ``"square (torus)"``, ``"square woven"``...

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> grid_note(make_grid("square", size=(3, 4), wrap="torus"))
    {'tremaux-grid': 'square (torus)'}
    """
    params = getattr(grid, "params", {})
    name = (str(getattr(grid, "name", "other")) + (f" ({params['wrap']})" if "wrap" in params else "")
            + (" woven" if params.get("weave") else ""))
    return {GRID_NOTE: name}


_NOTE = re.compile(r"([0-9]{1,9})x([0-9]{1,9}) cell=([0-9]{1,6}) wall=([0-9]{1,6}) margin=([0-9]{1,6}) ([A-Za-z0-9+/=]*)")


def read_mask_note(note: object, size: tuple[int, int], source: str | None) -> tuple[np.ndarray, int, int, int]:
    """The mask and pixel sizes ``(mask, cell, wall, margin)`` of a :data:`MASK_NOTE`, checked against the picture.

    Parameters
    ----------
    note : str or bytes
        The note's text.
    size : tuple of int
        The picture's width and height in pixels.
    source : str or None
        Name shown in error messages.

    Returns
    -------
    tuple
        The mask (boolean ``(H, W)``) and the cell, wall and margin sizes in pixels.

    Raises
    ------
    MazeFormatError
        For a damaged note, or a picture not of the size the note gives.

    Examples
    --------
    >>> read_mask_note("2x2 cell=4 wall=1 margin=0 eJzbAAAA0QDR", (20, 20), "m.png")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: m.png: this picture of a masked maze of 2 x 2 cells is 20 x 20 pixels, ...
    """
    text = note.decode("ascii", "replace") if isinstance(note, bytes) else str(note)
    found = _NOTE.fullmatch(text.strip())
    H, W, cell, wall, margin = (int(v) for v in found.groups()[:5]) if found else (0,) * 5
    if not found or min(H, W, cell, wall) < 1 or H * W > MAX_NOTE_CELLS:
        raise MazeFormatError(f"the picture's {MASK_NOTE} note is damaged (read the maze from its .json or .npz "
                              "file)", source=source)
    want = (W * cell + (W + 1) * wall + 2 * margin, H * cell + (H + 1) * wall + 2 * margin)
    if tuple(size) != want:
        raise MazeFormatError(f"this picture of a masked maze of {H} x {W} cells is {size[0]} x {size[1]} pixels, not "
                              f"the {want[0]} x {want[1]} it was drawn at (resized or cropped?); read the maze from its "
                              ".json or .npz file", source=source)
    try:
        unzip = zlib.decompressobj()
        bits = unzip.decompress(base64.b64decode(found.group(6), validate=True), -(-H * W // 8))
        if len(bits) * 8 < H * W:
            raise ValueError
    except (ValueError, zlib.error):
        raise MazeFormatError(f"the picture's {MASK_NOTE} note is damaged (read the maze from its .json or .npz "
                              "file)", source=source) from None
    mask = np.unpackbits(np.frombuffer(bits, np.uint8))[: H * W].reshape(H, W).astype(bool)
    return mask, cell, wall, margin
