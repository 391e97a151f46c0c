"""What a grid picture is made of: the walls it draws (each once) and the scene's pixel arrays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class _Scene:
    segments: np.ndarray  # (k, 4) pixels
    arcs: np.ndarray  # (k, 7): x0, y0, x1, y1, r, a0, a1 (pixels, radians)
    centres: np.ndarray  # (n, 2) pixels
    origin: tuple[float, float]
    width: int
    height: int


def _drawn_walls(grid: Any, cells: np.ndarray) -> np.ndarray:
    """``(cells, sides)``: the closed sides a picture draws, one copy per wall (the side of the lower index),
    both copies of a wall across the seam of a wrapped grid (its two sides lie at opposite borders)."""
    geo = grid.geometry()
    nbr = grid.nbr
    bits = ((cells[:, None].astype(np.int64) >> np.arange(grid.sides)) & 1).astype(bool)
    idx = np.arange(grid.size)[:, None]
    once = (nbr < 0) | (idx < nbr)
    if "wrap" in grid.params:  # a side whose neighbour's side back lies elsewhere on the picture: a seam
        there = geo.ends[np.maximum(nbr, 0), np.maximum(grid.back, 0)]
        same = (np.isclose(geo.ends, there).all(-1) | np.isclose(geo.ends, there[..., [2, 3, 0, 1]]).all(-1))
        once |= (nbr >= 0) & ~same
    return (geo.kind > 0) & ~bits & once


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """z of the cross products of rows: positive when ``u`` turns clockwise on screen (y down) to ``v``."""
    return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
