"""The grid registry: every grid family by name, with its parameters.

Examples
--------
>>> from tremaux.grids import GRIDS, make_grid
>>> GRIDS.names()
['square', 'polar', 'hex', 'triangle', 'upsilon', 'zeta']
>>> make_grid("theta", rings=4).name
'polar'
>>> make_grid("hex", size=(2, 3), wrap="torus")
Traceback (most recent call last):
...
tremaux.errors.UnsupportedError: the hex grid takes no parameter 'wrap'; it takes: size, shape, radius, weave
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from .._args import switch
from ..errors import InvalidMazeError, InvalidSizeError, UnsupportedError
from ..registry import Registry
from . import cost
from .checks import check_size
from .grid import Grid, _rebuilt_by, article
from .polar import polar
from .shapes import hexagonal, square, triangular, upsilon, zeta
from .weave import woven

__all__ = ["GRIDS", "make_grid"]

GRIDS = Registry("grid")
"""Registry of grid families (``tremaux.grids.GRIDS``); ``entry.params`` names the parameters."""

GRIDS.add("square", square, doc="Square cells (N, E, S, W); wrap=cylinder, torus or moebius joins edges.",
          aliases=("rect", "rectangle", "gamma"), params=("size", "wrap", "weave"), sides=4)
GRIDS.add("polar", polar, doc="Theta: rings around one pole cell, split outward as they widen.",
          aliases=("theta", "circle", "circular"), params=("rings",), sides=6)
GRIDS.add("hex", hexagonal, doc="Sigma: flat-topped hexagons in a rectangle or a hexagon (shape, radius).",
          aliases=("hexagonal", "sigma"), params=("size", "shape", "radius", "weave"), sides=6)
GRIDS.add("triangle", triangular, doc="Delta: triangles up and down, in a rectangle or a triangle (shape, side).",
          aliases=("triangular", "delta"), params=("size", "shape", "side"), sides=3)
GRIDS.add("upsilon", upsilon, doc="Octagons (8 sides) and squares (4 sides) in a checkerboard.",
          aliases=("octagon",), params=("size",), sides=8)
GRIDS.add("zeta", zeta, doc="Square cells with diagonal passages too (8 sides).",
          aliases=("8-way", "octile"), params=("size",), sides=8)


def make_grid(name: str = "square", **params: Any) -> Grid:
    """Build a registered grid.

    Parameters
    ----------
    name : str
        A grid name or alias from :data:`GRIDS`.
    **params
        The grid's parameters (``size=(rows, cols)``, ``rings=``, ``shape=``,
        ``radius=``, ``side=``, ``wrap=``, ``weave=True`` for the square and hex
        grids, ``mask=`` a 2-D boolean array of the cells to keep on grids laid out in a
        rectangle); ``None`` and ``False`` values are ignored.

    Returns
    -------
    Grid

    Raises
    ------
    UnknownNameError
        For an unknown grid name.
    UnsupportedError
        For a parameter the grid does not take, or one its ``shape`` does not
        use (``size`` is for the rectangle, ``radius`` for the hexagon, ``side``
        for the triangle).
    InvalidSizeError
        For a bad or absurdly large size, or a mask of another size.
    InvalidMazeError
        For a mask that is not a 2-D array of booleans, or keeps no cell.

    Examples
    --------
    >>> from tremaux.grids import make_grid
    >>> make_grid("triangle", shape="triangle", side=4).size
    16
    >>> make_grid("hex", mask=[[1, 1, 0], [1, 1, 1]]).size
    5
    """
    entry = GRIDS.get(name)
    if "weave" in params:
        switch(params["weave"], "weave", none=True)
    given = {k: v for k, v in params.items() if v is not None and v is not False}
    mask = given.pop("mask", None)
    if given.get("weave") and "weave" not in entry.params:
        raise UnsupportedError(f"weave works on the square and hex grids, not on {article(entry.name)} {entry.name} grid")
    if mask is not None:
        from ..maze.checks import as_mask

        text = isinstance(mask, (str, bytes, os.PathLike)) or (isinstance(mask, (list, tuple)) and len(mask) > 0
                                                                and all(isinstance(row, str) for row in mask))
        if not text:  # (text is refused by as_mask, which names it and the readers of mask texts)
            try:
                arr = np.asarray(mask)
            except ValueError:  # rows of different lengths
                raise InvalidMazeError("a grid mask is a 2-D array of booleans (rows, cols); its rows differ in "
                                       "length") from None
            if arr.dtype.kind in "iu" and arr.size and (arr.min() < 0 or arr.max() > 1):  # 1 keeps a cell, 0 drops it
                raise InvalidMazeError(f"a grid mask holds 0 (no cell) and 1 (a cell) only, not {int(arr.min())}.."
                                       f"{int(arr.max())}")
        mask = as_mask(mask)  # the square maze's masks: True/False or 1/0 (any number type), not text
        if "size" not in entry.params or given.get("shape", "rectangle") != "rectangle":
            what = f"{entry.name} grid" + (f" of shape {given['shape']!r}" if "shape" in given else "")
            raise UnsupportedError(f"a mask works on grids laid out in a rectangle of rows and columns, not on a "
                                   f"{what}")
        if mask.ndim != 2:
            raise InvalidMazeError(f"a grid mask is a 2-D array of booleans (rows, cols), not {mask.ndim}-D")
        given.setdefault("size", mask.shape)
        if check_size(given["size"]) != mask.shape:
            raise InvalidSizeError(f"mask of {mask.shape[0]} x {mask.shape[1]} differs from the grid size "
                                   f"{given['size'][0]} x {given['size'][1]}")
    bad = sorted(set(given) - set(entry.params))
    if bad:
        import difflib

        close = difflib.get_close_matches(str(bad[0]), list(entry.params), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}=?)" if close else ""
        raise UnsupportedError(f"the {entry.name} grid takes no parameter {bad[0]!r}{hint}; it takes: "
                               f"{', '.join(entry.params)}")
    _check_outline(entry, given)
    if "size" in given and entry.name != "polar":
        given["size"] = check_size(given["size"])
    weave = bool(given.pop("weave", False))
    grid = entry.func(**given)
    if weave:  # refused before the tunnels (and the tables of an arithmetic grid) are made
        cost.check(cost.weave_bytes(grid.size, grid.sides) + cost._unbuilt(grid, True),
                   f"weaving {article(grid.name)} {grid.name} grid of {grid.size:,} cells")
        grid = woven(grid)
    if mask is not None:
        cost.check(cost.masked_bytes(grid.size, int(np.count_nonzero(mask)), grid.sides) + cost._unbuilt(grid, True),
                   f"masking {article(grid.name)} {grid.name} grid of {grid.size:,} cells")
        grid = grid.masked(mask.astype(bool)[grid.coords[:, 0], grid.coords[:, 1]])
    return grid


@_rebuilt_by
def rebuilt(name: str, params: Mapping[str, Any], dropped: np.ndarray | None) -> Grid:
    """The grid a pickle holds: :func:`make_grid` of ``name`` and ``params``, without the cells at ``dropped``
    (the addresses a mask took out, or ``None``).

    Parameters
    ----------
    name : str
        The grid's name.
    params : Mapping
        Its :attr:`Grid.params`, the mask left out.
    dropped : numpy.ndarray or None
        ``(k, 2)`` addresses of the cells masked out.

    Returns
    -------
    Grid

    Examples
    --------
    >>> import pickle
    >>> from tremaux.grids import make_grid
    >>> g = make_grid("hex", size=(2, 3), weave=True, mask=[[1, 1, 1], [0, 1, 1]])
    >>> pickle.loads(pickle.dumps(g)) == g
    True
    """
    grid = make_grid(name, **params)
    if dropped is not None and len(dropped):
        c, d = grid.coords.astype(np.int64), np.asarray(dropped, np.int64)
        span = int(max(c[:, 1].max(), d[:, 1].max())) + 1
        grid = grid.masked(~np.isin(c[:, 0] * span + c[:, 1], d[:, 0] * span + d[:, 1]))
    return grid


# the outline each size parameter draws (grids with a ``shape`` parameter)
_OUTLINE_OF = {"size": "rectangle", "radius": "hexagon", "side": "triangle"}


def _check_outline(entry: Any, given: dict[str, Any]) -> None:
    """Refuse a size parameter the chosen outline would ignore (``size`` with a hexagon...)."""
    if "shape" not in entry.params:
        return
    outlines = {_OUTLINE_OF[p]: p for p in _OUTLINE_OF if p in entry.params}
    form = str(given.get("shape", "rectangle")).strip().lower()
    if form not in outlines:
        return  # an unknown shape: the grid's builder names the valid ones
    for param, needs in _OUTLINE_OF.items():
        if param in given and needs != form:
            raise UnsupportedError(f"{param} is for {article(entry.name)} {entry.name} grid of shape {needs!r}; "
                                   f"one of shape {form!r} takes {outlines[form]}")
