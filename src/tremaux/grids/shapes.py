"""Grids laid out in rows and columns: square (and wrapped), zeta, hex, triangle, upsilon.

Each builder computes the neighbour table with numpy (a block of cells at a time, or row by row for the hex
rectangle: no loop over cells) and a geometry from one outline template per kind of cell.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidSizeError, UnsupportedError
from .checks import MAX_TABLE, check_cells, check_size, check_whole  # noqa: F401  (exported here too)
from .grid import SEGMENT, Geometry, Grid

__all__ = ["square", "zeta", "hexagonal", "triangular", "upsilon", "check_cells", "MAX_TABLE"]

SQ_SIDES = ("N", "E", "S", "W")
OCT_SIDES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
HEX_SIDES = ("N", "NE", "SE", "S", "SW", "NW")
TRI_SIDES = ("left", "right", "base")
WRAPS = ("cylinder", "torus", "moebius")


_BLOCK = 1 << 14
"""Cells per block when :func:`_table` builds a table: its temporaries are a block's, not the grid's."""


def _table(H: int, W: int, dr: np.ndarray, dc: np.ndarray, valid: np.ndarray, back: np.ndarray,
           wrap: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Neighbour and back tables from per-cell offsets ``dr, dc`` of shape ``(H*W, S)`` (or broadcast to it).

    Built a block of :data:`_BLOCK` cells at a time, so the peak is the two tables and a block's temporaries.
    """
    n = H * W
    S = np.shape(dr)[-1]
    dr, dc, valid, back = (np.broadcast_to(x, (n, S)) for x in (dr, dc, valid, back))
    nbr = np.empty((n, S), np.int32)
    bk = np.empty((n, S), np.int8)
    for a in range(0, n, _BLOCK):
        b = min(n, a + _BLOCK)
        i = np.arange(a, b, dtype=np.int32)[:, None]
        nr = dr[a:b].astype(np.int32)
        nr += i // W
        nc = dc[a:b].astype(np.int32)
        nc += i % W
        if wrap in ("cylinder", "torus"):
            nc %= W
        if wrap == "torus":
            nr %= H
        if wrap == "moebius":
            seam = (nc < 0) | (nc >= W)
            nr = np.where(seam, H - 1 - nr, nr)
            nc %= W
        ok = valid[a:b] & (nr >= 0)
        ok &= nr < H
        ok &= nc >= 0
        ok &= nc < W
        nr *= W
        nr += nc
        del nc
        nbr[a:b] = -1
        np.copyto(nbr[a:b], nr, where=ok)
        bk[a:b] = -1
        np.copyto(bk[a:b], back[a:b], where=ok, casting="unsafe")
    return nbr, bk


def _geometry(centres: np.ndarray, types: np.ndarray, templates: np.ndarray) -> Geometry:
    """Walls from outline templates: ``templates[t, s] = (x0, y0, x1, y1)`` relative to the centre, NaN for none."""
    ends = templates[types] + np.concatenate([centres, centres], axis=1)[:, None, :]
    kind = np.where(np.isnan(ends[:, :, 0]), 0, SEGMENT).astype(np.int8)
    ends = np.nan_to_num(ends)
    return Geometry(centres, kind, ends, np.zeros(kind.shape))


def _polygon_sides(vertices: list[tuple[float, float]]) -> np.ndarray:
    """Side ``k`` runs from vertex ``k`` to vertex ``k + 1``."""
    v = vertices + vertices[:1]
    return np.array([[*v[k], *v[k + 1]] for k in range(len(vertices))], float)


def _rowcol(H: int, W: int) -> tuple[np.ndarray, np.ndarray]:
    return np.repeat(np.arange(H, dtype=np.int32), W), np.tile(np.arange(W, dtype=np.int32), H)


def _coords(H: int, W: int) -> np.ndarray:
    """``(H*W, 2)`` ``int32`` ``(row, col)`` of each cell in row-major order (``np.stack(_rowcol(H, W), 1)``)."""
    rc = np.empty((H, W, 2), np.int32)
    rc[:, :, 0] = np.arange(H, dtype=np.int32)[:, None]
    rc[:, :, 1] = np.arange(W, dtype=np.int32)
    return rc.reshape(H * W, 2)


# ---------------------------------------------------------------------- square and wrapped
_SQ = _polygon_sides([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)])


def square(size: Any = (10, 20), *, wrap: str | None = None) -> Grid:
    """The rectangle of square cells (sides N, E, S, W), optionally wrapped.

    Parameters
    ----------
    size : (int, int)
        Rows and columns.
    wrap : {None, "cylinder", "torus", "moebius"}
        Join the east and west edges (cylinder), also north and south (torus),
        or east and west with a half twist (Möbius strip). The wrapped
        dimensions need at least 3 cells, so that no two sides of a cell lead
        to the same cell: 3 columns for a cylinder or Möbius strip (any number
        of rows, 1 included), 3 rows and 3 columns for a torus.

    Returns
    -------
    Grid
        The square grid.

    Raises
    ------
    UnsupportedError
        For an unknown ``wrap``.
    InvalidSizeError
        For a bad size.

    Examples
    --------
    >>> from tremaux.grids.shapes import square
    >>> g = square((3, 3), wrap="torus")
    >>> g.edges, g.neighbours((0, 0))
    (18, [(2, 0), (0, 1), (1, 0), (0, 2)])
    >>> square((3, 3), wrap="moebius").neighbours((0, 2))
    [(2, 0), (1, 2), (0, 1)]
    >>> square((1, 3), wrap="cylinder").neighbours((0, 0))  # one row: only the columns wrap
    [(0, 1), (0, 2)]
    >>> square((3, 2), wrap="cylinder")
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: a cylinder grid needs at least 3 columns (its east and west edges are joined), ...
    """
    if wrap is not None:
        wrap = str(wrap).strip().lower().replace("ö", "o")
        if wrap not in WRAPS:
            raise UnsupportedError(f"unknown wrap {wrap!r}; choose one of: {', '.join(WRAPS)}")
    H, W = check_size(size)
    if wrap and (W < 3 or (wrap == "torus" and H < 3)):
        needs = "3 rows and 3 columns" if wrap == "torus" else "3 columns (its east and west edges are joined)"
        raise InvalidSizeError(f"a {wrap} grid needs at least {needs}, so that no two sides of a cell lead to the "
                               f"same cell; {H} x {W} has {H if W >= 3 else W} {'rows' if W >= 3 else 'columns'}")
    check_cells(H * W, 4, f"a {H} x {W} grid")
    n = H * W
    dr = np.broadcast_to(np.array([-1, 0, 1, 0]), (n, 4))
    dc = np.broadcast_to(np.array([0, 1, 0, -1]), (n, 4))
    nbr, back = _table(H, W, dr, dc, np.ones((1, 4), bool), np.array([2, 3, 0, 1]), wrap)
    r, c = _rowcol(H, W)
    params: dict[str, Any] = {"size": (H, W)}
    if wrap:
        params["wrap"] = wrap

    def geo(g: Grid) -> Geometry:
        cen = np.stack([g.coords[:, 1] + 0.5, g.coords[:, 0] + 0.5], axis=1).astype(float)
        return _geometry(cen, np.zeros(g.size, np.int64), _SQ[None])

    return Grid("square", params, nbr, back, np.stack([r, c], 1), geo, SQ_SIDES, rect=wrap is None)


# ---------------------------------------------------------------------- zeta (8-way)
_T = 0.15
_ZETA = _polygon_sides([(-0.5 + _T, -0.5), (0.5 - _T, -0.5), (0.5, -0.5 + _T), (0.5, 0.5 - _T),
                        (0.5 - _T, 0.5), (-0.5 + _T, 0.5), (-0.5, 0.5 - _T), (-0.5, -0.5 + _T)])

_D8R = np.array([-1, -1, 0, 1, 1, 1, 0, -1])
_D8C = np.array([0, 1, 1, 1, 0, -1, -1, -1])


def zeta(size: Any = (10, 20)) -> Grid:
    """Square cells with 8 sides: N, NE, E, SE, S, SW, W, NW (diagonal passages cross corners).

    Parameters
    ----------
    size : (int, int)
        Rows and columns.

    Returns
    -------
    Grid
        The eight-sided grid.

    Examples
    --------
    >>> from tremaux.grids.shapes import zeta
    >>> g = zeta((2, 2))
    >>> g.edges
    6
    """
    H, W = check_size(size)
    check_cells(H * W, 8, f"a {H} x {W} zeta grid")
    n = H * W
    nbr, back = _table(H, W, np.broadcast_to(_D8R, (n, 8)), np.broadcast_to(_D8C, (n, 8)),
                       np.ones((1, 8), bool), (np.arange(8) + 4) % 8)
    r, c = _rowcol(H, W)
    # The chamfered square: side k of the template is an edge of the outline; its order
    # (N-edge, NE-corner, E-edge, ...) matches the side order N, NE, E, ...

    def geo(g: Grid) -> Geometry:
        cen = np.stack([g.coords[:, 1] + 0.5, g.coords[:, 0] + 0.5], axis=1).astype(float)
        return _geometry(cen, np.zeros(g.size, np.int64), _ZETA[None])

    return Grid("zeta", {"size": (H, W)}, nbr, back, np.stack([r, c], 1), geo, OCT_SIDES)


# ---------------------------------------------------------------------- hexagonal
_S3 = np.sqrt(3.0)
_HEX = _polygon_sides([(float(np.cos(np.radians(a))), float(np.sin(np.radians(a))))
                       for a in (240, 300, 0, 60, 120, 180)])
# flat-topped hexagons in columns; odd columns sit half a cell lower
_HEX_DR = np.array([[-1, -1, 0, 1, 0, -1], [-1, 0, 1, 1, 1, 0]])
_HEX_DC = np.array([0, 1, 1, 0, -1, -1])


def _hex_table(H: int, W: int) -> tuple[np.ndarray, np.ndarray]:
    """Neighbour and back tables of an ``H x W`` hex rectangle, ``int32`` and ``int8``: 30 bytes a cell.

    Side ``s`` of a cell in a column of parity ``p`` leads ``_HEX_DR[p, s] * W + _HEX_DC[s]`` cells on, so every
    row is the first row's table plus ``W`` times its number: one row is built (with the sides across the left
    and right borders at ``-1``), the others are added from it, then the top and bottom rows' outer sides are
    set to ``-1``. No ``(n, S)`` temporary is made besides the two tables.
    """
    c = np.arange(W)
    p = c & 1
    row = (c[:, None] + _HEX_DR[p] * W + _HEX_DC).astype(np.int32)  # (W, 6): row 0's neighbours, as if inside
    bk = np.broadcast_to((np.arange(6) + 3) % 6, (W, 6)).astype(np.int8)
    edge = (c[:, None] + _HEX_DC < 0) | (c[:, None] + _HEX_DC >= W)
    row[edge] = -1
    bk[edge] = -1
    nbr = np.empty((H, W, 6), np.int32)
    np.add(row, (np.arange(H, dtype=np.int32) * np.int32(W))[:, None, None], out=nbr)
    nbr[:, edge] = -1  # the row offset was added to them too
    back = np.empty((H, W, 6), np.int8)
    back[...] = bk
    for r, off in ((0, -1), (H - 1, 1)):  # the top row's sides upwards, the bottom row's downwards
        out = _HEX_DR[p] == off
        nbr[r][out] = -1
        back[r][out] = -1
    return nbr.reshape(H * W, 6), back.reshape(H * W, 6)


def hexagonal(size: Any = (10, 20), *, shape: str = "rectangle", radius: int | None = None) -> Grid:
    """Flat-topped hexagons (sides N, NE, SE, S, SW, NW) in a rectangle or a hexagon.

    Parameters
    ----------
    size : (int, int)
        Rows and columns of the rectangle (``shape="rectangle"``).
    shape : {"rectangle", "hexagon"}
    radius : int, optional
        For ``shape="hexagon"``: cells from the centre to an edge (radius 0 is one cell).

    Returns
    -------
    Grid
        The hex grid.

    Raises
    ------
    UnsupportedError
        For an unknown ``shape``.
    InvalidSizeError
        For a hexagon without a radius, or a bad size.

    Examples
    --------
    >>> from tremaux.grids.shapes import hexagonal
    >>> hexagonal(shape="hexagon", radius=2).size
    19
    >>> hexagonal((2, 2)).edges
    5
    """
    shape = str(shape).strip().lower()
    if shape not in ("rectangle", "hexagon"):
        raise UnsupportedError(f"unknown hex grid shape {shape!r}; choose one of: rectangle, hexagon")
    if shape == "hexagon":
        if radius is None:
            raise InvalidSizeError("a hexagon-shaped hex grid needs a radius (cells from the centre to an edge)")
        R = check_whole(radius, "radius")
        H = W = 2 * R + 1
    else:
        H, W = check_size(size)
    check_cells(H * W, 6, f"a {H} x {W} hex grid", lazy=shape == "rectangle",
                kept=3 * R * (R + 1) + 1 if shape == "hexagon" else None)

    def geo(g: Grid) -> Geometry:
        cc, rr = g.coords[:, 1], g.coords[:, 0]
        cen = np.stack([1.5 * cc + 1.0, _S3 * (rr + 0.5 * (cc & 1)) + _S3 / 2], axis=1)
        return _geometry(cen, np.zeros(g.size, np.int64), _HEX[None])

    if shape == "rectangle":  # arithmetic neighbours; the tables only when asked for
        def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            return (*_hex_table(H, W), _coords(H, W))

        lazy = (H * W, 6, tables, (H, W), lambda i: divmod(i, W),  # (H, W): see kernels/graph_topo.py
                lambda r, c: r * W + c if 0 <= r < H and 0 <= c < W else -1)
        return Grid("hex", {"size": (H, W)}, None, None, None, geo, HEX_SIDES, lazy=lazy)
    nbr, back = _hex_table(H, W)
    r, c = _rowcol(H, W)
    # cube coordinates of odd-q offsets: keep cells within R steps of the centre
    x = c
    z = r - (c - (c & 1)) // 2
    cx, cz = R, R - (R - (R & 1)) // 2
    dist = np.maximum.reduce([np.abs(x - cx), np.abs(z - cz), np.abs((x + z) - (cx + cz))])
    full = Grid("hex", {"shape": "hexagon", "radius": R}, nbr, back, np.stack([r, c], 1), geo, HEX_SIDES)
    g = full.masked(dist <= R)
    return Grid("hex", {"shape": "hexagon", "radius": R}, g.nbr, g.back, g.coords, g._geometry, HEX_SIDES)


# ---------------------------------------------------------------------- triangular
_H3 = _S3 / 2
# up triangle (apex on top) and down triangle, around the centre of their bounding box
_TRI = np.array([
    [[0.0, -_H3 / 2, -0.5, _H3 / 2], [0.0, -_H3 / 2, 0.5, _H3 / 2], [-0.5, _H3 / 2, 0.5, _H3 / 2]],
    [[-0.5, -_H3 / 2, 0.0, _H3 / 2], [0.5, -_H3 / 2, 0.0, _H3 / 2], [-0.5, -_H3 / 2, 0.5, -_H3 / 2]],
])


def triangular(size: Any = (10, 20), *, shape: str = "rectangle", side: int | None = None) -> Grid:
    """Triangles pointing up and down (sides left, right, base) in a rectangle or a triangle.

    Parameters
    ----------
    size : (int, int)
        Rows and columns of the rectangle (``shape="rectangle"``).
    shape : {"rectangle", "triangle"}
    side : int, optional
        For ``shape="triangle"``: rows of the big triangle (row ``k`` has ``2k + 1`` cells).

    Returns
    -------
    Grid
        The triangle grid.

    Raises
    ------
    UnsupportedError
        For an unknown ``shape``.
    InvalidSizeError
        For a triangle without a side, a bad size, or one column of more than two rows (it would not be connected).

    Examples
    --------
    >>> from tremaux.grids.shapes import triangular
    >>> triangular(shape="triangle", side=3).size
    9
    >>> triangular((2, 3)).neighbours((0, 0))
    [(0, 1), (1, 0)]
    """
    shape = str(shape).strip().lower()
    if shape not in ("rectangle", "triangle"):
        raise UnsupportedError(f"unknown triangle grid shape {shape!r}; choose one of: rectangle, triangle")
    if shape == "triangle":
        if side is None:
            raise InvalidSizeError("a triangle-shaped triangle grid needs a side (its number of rows)")
        N = check_whole(side, "side")
        H, W, flip = N, 2 * N - 1, (N - 1) & 1
    else:
        (H, W), flip = check_size(size), 0
        if W == 1 and H > 2:  # a lone column: each base is shared by one pair of rows only, so it falls apart
            raise InvalidSizeError(f"a {H} x 1 triangle grid falls apart: in one column, rows {{0, 1}}, {{2, 3}}... "
                                   "touch only each other; use at least 2 columns (or at most 2 rows)")
    check_cells(H * W, 3, f"a {H} x {W} triangle grid", kept=H * H if shape == "triangle" else None, extra=26)
    n = H * W
    r, c = _rowcol(H, W)
    up = ((r + c + flip) & 1) == 0
    dr = np.zeros((n, 3), np.int8)
    dr[:, 2] = np.where(up, 1, -1)
    dc = np.broadcast_to(np.array([-1, 1, 0]), (n, 3))
    nbr, back = _table(H, W, dr, dc, np.ones((1, 3), bool), np.array([1, 0, 2]))

    def geo(g: Grid) -> Geometry:
        rr, cc = g.coords[:, 0], g.coords[:, 1]
        cen = np.stack([cc * 0.5 + 0.5, rr * _H3 + _H3 / 2], axis=1).astype(float)
        types = (((rr + cc + flip) & 1) != 0).astype(np.int64)
        return _geometry(cen, types, _TRI)

    params: dict[str, Any] = {"size": (H, W)} if shape == "rectangle" else {"shape": "triangle", "side": H}
    full = Grid("triangle", params, nbr, back, np.stack([r, c], 1), geo, TRI_SIDES)
    if shape == "rectangle":
        return full
    g = full.masked(np.abs(c - (H - 1)) <= r)
    return Grid("triangle", params, g.nbr, g.back, g.coords, g._geometry, TRI_SIDES)


# ---------------------------------------------------------------------- upsilon
_RHO = np.sqrt(0.5)
_OCT_R = _RHO / np.cos(np.pi / 8)
_OCT = _polygon_sides([(float(_OCT_R * np.cos(np.radians(a))), float(_OCT_R * np.sin(np.radians(a))))
                       for a in (-112.5 + 45 * k for k in range(8))])
_h = 1 - _RHO
_SQU = np.full((8, 4), np.nan)
_SQU[0::2] = _polygon_sides([(-_h, -_h), (_h, -_h), (_h, _h), (-_h, _h)])


def upsilon(size: Any = (10, 20)) -> Grid:
    """Octagons and squares in a checkerboard: octagons have 8 sides, squares 4 (N, E, S, W).

    Parameters
    ----------
    size : (int, int)
        Rows and columns of the checkerboard.

    Returns
    -------
    Grid
        The octagon-and-square grid.

    Examples
    --------
    >>> from tremaux.grids.shapes import upsilon
    >>> g = upsilon((3, 3))
    >>> len(g.neighbours((1, 1))), len(g.neighbours((0, 1)))
    (8, 3)
    """
    H, W = check_size(size)
    check_cells(H * W, 8, f"a {H} x {W} upsilon grid")
    n = H * W
    r, c = _rowcol(H, W)
    octagon = ((r + c) & 1) == 0
    valid = octagon[:, None] | ((np.arange(8) & 1) == 0)[None, :]
    nbr, back = _table(H, W, np.broadcast_to(_D8R, (n, 8)), np.broadcast_to(_D8C, (n, 8)), valid,
                       (np.arange(8) + 4) % 8)

    def geo(g: Grid) -> Geometry:
        rr, cc = g.coords[:, 0], g.coords[:, 1]
        cen = np.stack([cc + 1.0, rr + 1.0], axis=1).astype(float)
        types = (((rr + cc) & 1) != 0).astype(np.int64)
        return _geometry(cen, types, np.stack([_OCT, _SQU]))

    return Grid("upsilon", {"size": (H, W)}, nbr, back, np.stack([r, c], 1), geo, OCT_SIDES)

