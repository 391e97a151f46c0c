"""Polar (theta) grids: one cell at the pole, rings that split outward when cells grow too wide.

As in *Mazes for Programmers*: ring ``i`` (of ``R``) has as many cells as ring
``i - 1`` times ``round(cell width / ring height)``, so cells stay roughly square.
Side slots: ``0`` inward (the parent), ``1`` clockwise, ``2`` counter-clockwise,
``3..`` outward (the children, in clockwise order). The pole's slots are all
outward: slot ``k`` leads to cell ``k`` of ring 1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .grid import ARC, SEGMENT, Geometry, Grid
from .shapes import check_cells, check_whole

__all__ = ["polar", "ring_counts", "polar_topology"]

MAX_RINGS = 5000
"""Largest number of rings."""
TABLE_SLOTS = 2**20
"""Side slots (cells times slots a cell) up to which a polar grid hands the generators its tables (236 rings, 6.6 MB
of tables): there the kernels compiled for tables serve it within 1.2x of the arithmetic form's time, tables built
included; a larger grid hands them its arithmetic form (a few bytes a ring, faster once the tables leave the
caches), compiled on first use."""


def ring_counts(rings: int) -> np.ndarray:
    """Number of cells in each ring.

    Parameters
    ----------
    rings : int
        Number of rings, the pole included.

    Returns
    -------
    numpy.ndarray
        Cells per ring: 1 at the pole, doubling outwards when the cells grow too wide.

    Examples
    --------
    >>> from tremaux.grids.polar import ring_counts
    >>> ring_counts(5).tolist()
    [1, 6, 12, 24, 24]
    """
    counts = [1]
    h = 1.0 / rings
    for i in range(1, rings):
        width = 2 * np.pi * (i / rings) / counts[-1]
        counts.append(counts[-1] * max(1, int(round(width / h))))
    return np.array(counts, np.int64)


def polar_topology(counts: np.ndarray, sides: int) -> np.ndarray:
    """The arithmetic topology of a polar grid with ``counts[r]`` cells in ring ``r`` (one ``int64`` array).

    The generation kernels read it instead of neighbour tables (see :mod:`tremaux.kernels.graph_topo`,
    which describes the layout).

    Parameters
    ----------
    counts : array_like of int
        Cells in each ring, from the pole outward (:func:`ring_counts`).
    sides : int
        Side slots per cell (the grid's ``sides``).

    Returns
    -------
    numpy.ndarray
        One ``int64`` array: a header, a row per ring, and the ring at the start of each chunk of cells.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.grids.polar import polar_topology
    >>> P = polar_topology(np.array([1, 6, 12, 12]), 6)
    >>> P[:8].tolist()  # cells, sides, shift, rings, where the rings and the index begin
    [31, 6, 0, 4, 8, 23, 0, 0]
    >>> P[8:23].reshape(5, 3).tolist()  # first cell, cells, ratio to the ring inside; then (cells, 0, 1)
    [[0, 1, 1], [1, 6, 6], [7, 12, 2], [19, 12, 1], [31, 0, 1]]
    >>> P[23 + 5:23 + 10].tolist()  # the ring of cells 5 to 9
    [1, 1, 2, 2, 2]
    """
    counts = np.asarray(counts, np.int64)
    R = counts.shape[0]
    offs = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    ratio = np.ones(R + 1, np.int64)
    ratio[1:R] = counts[1:] // counts[:-1]
    n = int(offs[-1])
    shift = max(0, n.bit_length() - 13)  # at most 8192 chunks
    ring = np.searchsorted(offs, np.arange(0, n, 1 << shift), side="right") - 1
    RB = 8
    LB = RB + 3 * (R + 1)
    head = [n, sides, shift, R, RB, LB, 0, 0]
    rows = np.stack([offs, np.append(counts, 0), ratio], 1).ravel()
    return np.concatenate([head, rows, ring]).astype(np.int64)


def polar(rings: Any = 10) -> Grid:
    """A polar (theta) grid of ``rings`` rings; cells are addressed ``(ring, index)``.

    Parameters
    ----------
    rings : int
        Number of rings, the pole included (1 to 5000).

    Returns
    -------
    Grid
        The polar grid.

    Raises
    ------
    InvalidSizeError
        For a number of rings that is not a whole number from 1 to 5000.

    Examples
    --------
    >>> from tremaux.grids.polar import polar
    >>> g = polar(3)
    >>> g.size, g.sides, g.neighbours((0, 0))[:2]
    (19, 6, [(1, 0), (1, 1)])
    >>> g.neighbours((1, 0))
    [(0, 0), (1, 1), (1, 5), (2, 0), (2, 1)]
    """
    R = check_whole(rings, "rings")
    if R > MAX_RINGS:
        from ..errors import InvalidSizeError

        raise InvalidSizeError(f"polar grid of {R} rings is too large; the limit is {MAX_RINGS}")
    counts = ring_counts(R)
    ratios = np.ones(R, np.int64)
    ratios[1:] = counts[1:] // counts[:-1]
    S = max(int(counts[1]) if R > 1 else 1, 3 + (int(ratios[2:].max()) if R > 2 else 1))
    n = int(counts.sum())
    check_cells(n, S, f"a polar grid of {R} rings", lazy=True)
    offs = np.concatenate([[0], np.cumsum(counts)])

    def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return _tables(R, counts, ratios, offs, n, S)

    def geo(g: Grid) -> Geometry:
        return _geometry(g, R, counts, ratios)

    def cell_of(i: int) -> tuple[int, int]:
        r = int(np.searchsorted(offs, i, side="right")) - 1
        return r, i - int(offs[r])

    def index_of(r: int, j: int) -> int:
        return int(offs[r]) + j if 0 <= r < R and 0 <= j < counts[r] else -1

    names = ("in", "cw", "ccw") + tuple(f"out{q}" for q in range(S - 3))
    return Grid("polar", {"rings": R}, None, None, None, geo, names,
                lazy=(n, S, tables, polar_topology(counts, S) if n * S > TABLE_SLOTS else None, cell_of,
                      index_of))


def _tables(R: int, counts: np.ndarray, ratios: np.ndarray, offs: np.ndarray, n: int,
            S: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The neighbour, back-side and address tables (:func:`tremaux.kernels.graph_polar.polar_tables`)."""
    from ..kernels.graph_polar import polar_tables

    nbr = np.full((n, S), -1, np.int32)
    back = np.full((n, S), -1, np.int8)
    coords = np.zeros((n, 2), np.int32)
    polar_tables(nbr, back, coords, counts.astype(np.int64), offs.astype(np.int64))
    return nbr, back, coords


def _geometry(g: Grid, R: int, counts: np.ndarray, ratios: np.ndarray) -> Geometry:
    """Cell centres, walls and arcs."""
    rr = g.coords[:, 0].astype(np.int64)
    jj = g.coords[:, 1].astype(np.int64)
    m = g.size
    Sg = g.sides
    cn = counts[rr]
    t0 = 2 * np.pi * jj / cn
    t1 = 2 * np.pi * (jj + 1) / cn
    mid = (t0 + t1) / 2
    rad = np.where(rr == 0, 0.0, rr + 0.5)
    cen = np.stack([rad * np.cos(mid), rad * np.sin(mid)], 1)
    kind = np.zeros((m, Sg), np.int8)
    ends = np.zeros((m, Sg, 4))
    radius = np.zeros((m, Sg))

    def arc(rows, slot, r, a0, a1):
        kind[rows, slot] = ARC
        radius[rows, slot] = r
        ends[rows, slot] = np.stack([r * np.cos(a0), r * np.sin(a0), r * np.cos(a1), r * np.sin(a1)], 1)

    p = rr >= 1
    rows = np.flatnonzero(p)
    arc(rows, 0, rr[p].astype(float), t0[p], t1[p])
    for slot, t in ((1, t1), (2, t0)):
        kind[rows, slot] = SEGMENT
        ends[rows, slot] = np.stack([rr[p] * np.cos(t[p]), rr[p] * np.sin(t[p]),
                                     (rr[p] + 1) * np.cos(t[p]), (rr[p] + 1) * np.sin(t[p])], 1)
    # outward: one arc per child (or one arc for the outer rim)
    rk = np.where((rr + 1 < R) & p, ratios[np.minimum(rr + 1, R - 1)], 1)
    for q in range(int(rk[p].max()) if p.any() else 0):
        sel = np.flatnonzero(p & (rk > q))
        a0 = t0[sel] + (t1[sel] - t0[sel]) * q / rk[sel]
        a1 = t0[sel] + (t1[sel] - t0[sel]) * (q + 1) / rk[sel]
        arc(sel, 3 + q, (rr[sel] + 1).astype(float), a0, a1)
    pole = np.flatnonzero(rr == 0)
    if pole.size:
        k1 = int(counts[1]) if R > 1 else 1
        for q in range(k1):
            arc(pole, q, np.ones(pole.size), np.full(pole.size, 2 * np.pi * q / k1),
                np.full(pole.size, 2 * np.pi * (q + 1) / k1))
    return Geometry(cen, kind, ends, radius)
