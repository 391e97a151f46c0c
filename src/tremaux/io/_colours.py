"""The colours of a maze picture: which pixels are walls (dark or light), and the start and goal cells' fills.

Private to :mod:`tremaux.io.image` (see its steps 1 and 4).
"""

from __future__ import annotations

import numpy as np


def _light_walls(light: np.ndarray) -> bool:
    """Whether the light pixels are the walls: a dark margin all round, then a light frame around dark cells.

    The outermost pixels are either the outer wall (no margin) or a margin of the ground, the colour of the
    cells. A margin is recognised by the unbroken frame of the other colour inside it: the outer wall, with
    pixels of the margin's colour (the cells) within. A picture with a light margin, or none, keeps dark walls.
    """
    h, w = light.shape
    if light[0].any() or light[-1].any() or light[:, 0].any() or light[:, -1].any():
        return False  # not a dark margin (or not uniform: dark walls as usual)
    for k in range(1, (min(h, w) - 1) // 2):
        sides = (light[k, k:w - k], light[h - 1 - k, k:w - k], light[k:h - k, k], light[k:h - k, w - 1 - k])
        if any(side.any() for side in sides):
            ring = all(side.all() for side in sides)
            return bool(ring and (~light[k + 1:h - 1 - k, k + 1:w - 1 - k]).any())
    return False


def _filled(colour: np.ndarray, which: int) -> tuple[int, int] | None:
    """The cell whose middle is filled with a clear red (``which`` 0) or green (1), as tremaux draws start and goal."""
    r, g, b = colour[..., 0], colour[..., 1], colour[..., 2]
    strength = (r - np.maximum(g, b)) if which == 0 else (g - np.maximum(r, b))
    i, j = np.unravel_index(int(np.argmax(strength)), strength.shape)
    return (int(i), int(j)) if strength[i, j] >= 40 else None


COVERED = 0.4
"""A pixel is wall in a smoothed picture when it is at least this far from the ground's lightness towards the
walls' (of the whole range): a line straddling two pixels, each half covered, stays a line two pixels wide."""


def _crisp(rgb: np.ndarray, light: bool) -> np.ndarray:
    """``rgb`` reduced to black walls on white by lightness, for a picture whose walls are smoothed (anti-aliased
    lines, a picture scaled with a filter): walls are the pixels :data:`COVERED` of the way from the ground to the
    walls or more; dark walls, or light ones when ``light``. A read-only view of one byte a pixel."""
    grey = rgb.min(axis=2) // 2 + rgb.max(axis=2) // 2
    lo, hi = int(grey.min()), int(grey.max())
    wall = grey >= lo + COVERED * (hi - lo) if light else grey <= hi - COVERED * (hi - lo)
    del grey
    out = np.where(wall, np.uint8(0), np.uint8(255))
    return np.broadcast_to(out[..., None], out.shape + (3,))
