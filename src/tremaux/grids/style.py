"""The sizes and colours of a picture of a maze on any grid (:class:`Style`), for :mod:`tremaux.grids.draw`.

Examples
--------
>>> from tremaux.grids import Style
>>> Style(cell=12).cell, Style().colour("background") == Style(colours={}).colour("background")
(12, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ..errors import TremauxError
from ..render.palette import PALETTE

__all__ = ["Style"]

_COLOURS = PALETTE
"""The default colours: the palette every picture uses (square mazes, the page, animations)."""


@dataclass(frozen=True)
class Style:
    """Sizes and colours of a picture (one options object for both formats).

    Attributes
    ----------
    cell : float
        Pixels per unit of the geometry (about one cell across).
    wall : float
        Wall thickness in pixels.
    margin : float
        Space around the maze in pixels.
    colours : mapping
        Entries of :data:`tremaux.render.palette.PALETTE` to replace (``background``, ``wall``, ``path``,
        ``visited``, ``start``, ``goal``, ...); the palette gives the others.

    Examples
    --------
    >>> from tremaux.grids import Style
    >>> Style(cell=30).colour("wall"), Style(colours={"wall": "navy"}).colour("wall")
    ('#222222', 'navy')
    """

    cell: float = 20.0
    wall: float = 2.0
    margin: float = 8.0
    colours: Mapping[str, str] = field(default_factory=lambda: _COLOURS)

    def colour(self, key: str) -> str:
        """A colour by role (the defaults fill in what is not given).

        Parameters
        ----------
        key : str
            An entry of :data:`tremaux.render.palette.PALETTE` (``background``, ``wall``, ``start``, ...).

        Returns
        -------
        str
            A CSS colour.

        Examples
        --------
        >>> from tremaux.grids import Style
        >>> Style().colour("start"), Style().colour("goal")
        ('#995555', '#559955')
        """
        return self.colours.get(key, _COLOURS[key])

    def __post_init__(self) -> None:
        for name, least in (("cell", 0.0), ("wall", 0.0), ("margin", 0.0)):
            v = getattr(self, name)
            ok = isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
            if not ok or not math.isfinite(v) or v < least or (name == "cell" and v == 0):
                raise TremauxError(f"style {name} {v!r} must be a finite number of pixels, "
                                   f"{'above' if name == 'cell' else 'at least'} 0")
