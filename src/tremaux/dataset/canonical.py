"""Canonical maze hashes: one value for a maze and all its rotations and reflections.

A maze drawn on paper can be turned a quarter, half or three quarters, and
mirrored: eight pictures of the same maze (the symmetries of the square).
:func:`maze_hash` gives the eight the same 64-bit value, with the start and
goal carried along, so :func:`dedupe` removes a maze whose rotated or
mirrored copy is already in the data. On a maze that is not square, four of
the eight images keep its shape (identity, half turn, the two mirrors) and
four are its quarter turns, of shape ``W x H``; all eight hash alike.

The start and goal count as an unordered pair of end points: the half turn
of a maze solved from top-left to bottom-right is solved from bottom-right
to top-left, the same puzzle read backwards. A maze with other end points
hashes differently.

How the value is made (version 2 of the hash; version 1 was a BLAKE2b of the
cells as stored, not invariant): for each image, 64-bit words of its height,
width and two end points (flat row-major indices, smaller first), then its
cells in row-major order, eight to a word (little-endian, zero-padded), are
folded by the ``fmix64`` finaliser of MurmurHash3; the hash is the smallest
of the eight image values. Cells keep bits above the four sides (``U``,
``D``) as they are. The whole computation is vectorised over mazes of one
size, in NumPy; no Python runs per maze.

Examples
--------
>>> from tremaux.dataset.canonical import maze_hash
>>> import numpy as np
>>> cells = np.array([[4, 6, 8], [3, 11, 8]], np.uint8)  # a 2x3 maze, N=1 E=2 S=4 W=8
>>> images = [cells, np.rot90(cells, 2), cells[:, ::-1], cells[::-1, :]]
>>> def remap(c, m):  # the side bits of each cell moved as the picture moves
...     return np.array([[sum(m[b] for b in (1, 2, 4, 8) if v & b) for v in row] for row in c], np.uint8)
>>> images = [cells, remap(images[1], {1: 4, 2: 8, 4: 1, 8: 2}), remap(images[2], {1: 1, 2: 8, 4: 4, 8: 2}),
...           remap(images[3], {1: 4, 2: 2, 4: 1, 8: 8})]
>>> ends = [(0, 5), (5, 0), (2, 3), (3, 2)]  # start and goal carried along
>>> h = [int(maze_hash([c], [2], [3], starts=[s], goals=[g])[0]) for c, (s, g) in zip(images, ends)]
>>> len(set(h)), int(maze_hash([cells], [2], [3], starts=[1], goals=[5])[0]) == h[0]
(1, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import TremauxError

__all__ = ["HASH_VERSION", "maze_hash", "dedupe", "symmetric_images"]

HASH_VERSION = 2
"""Version of :func:`maze_hash`'s definition (bumped whenever its values change)."""

_M1 = np.uint64(0xFF51AFD7ED558CCD)
_M2 = np.uint64(0xC4CEB9FE1A85EC53)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_CHUNK = 1 << 16  # mazes hashed at once (bounds the working memory)


def _side_table(moves: dict[int, int]) -> np.ndarray:
    """Cell value -> cell value with the side bits moved by ``moves`` (other bits kept)."""
    lut = np.arange(256, dtype=np.uint8)
    for v in range(256):
        out = v & ~0x0F
        for bit, to in moves.items():
            if v & bit:
                out |= to
        lut[v] = out
    return lut


# a quarter turn counterclockwise takes east to north, north to west, west to south, south to east;
# a left-right mirror swaps east and west
_TURN = _side_table({2: 1, 1: 8, 8: 4, 4: 2})
_MIRROR = _side_table({1: 1, 2: 8, 4: 4, 8: 2})


def symmetric_images(grid: np.ndarray, starts: np.ndarray, goals: np.ndarray):
    """Yield the eight images ``(grids, starts, goals)`` of mazes of one size under the square's symmetries.

    Parameters
    ----------
    grid : numpy.ndarray
        ``(n, H, W)`` cells of ``n`` mazes of one size.
    starts, goals : numpy.ndarray
        Flat row-major indices of each maze's end points.

    Yields
    ------
    tuple of numpy.ndarray
        ``(grids, starts, goals)``: the mazes turned ``k`` quarter turns
        counterclockwise, then (every second image) mirrored left-right,
        shape ``(n, H, W)`` or ``(n, W, H)``, their side bits and end points
        moved along. The first image is the input itself.

    Examples
    --------
    >>> from tremaux.dataset.canonical import symmetric_images
    >>> import numpy as np
    >>> grid = np.array([[[2, 12], [2, 9]]], np.uint8)
    >>> [(g[0].tolist(), int(s[0]), int(t[0])) for g, s, t in symmetric_images(grid, [0], [3])][:3]
    [([[2, 12], [2, 9]], 0, 3), ([[6, 8], [3, 8]], 1, 2), ([[6, 12], [1, 1]], 2, 1)]
    """
    g, s, t = grid, np.asarray(starts, np.int64), np.asarray(goals, np.int64)
    for _ in range(4):
        h, w = g.shape[1], g.shape[2]
        yield g, s, t
        # mirror left-right: (r, c) -> (r, w - 1 - c)
        yield _MIRROR[g[:, :, ::-1]], (s // w) * w + (w - 1 - s % w), (t // w) * w + (w - 1 - t % w)
        # quarter turn counterclockwise: shape (w, h), (r, c) -> (w - 1 - c, r)
        g = _TURN[np.rot90(g, 1, axes=(1, 2))]
        s = (w - 1 - s % w) * h + s // w
        t = (w - 1 - t % w) * h + t // w


def _fmix(x: np.ndarray) -> np.ndarray:
    x ^= x >> np.uint64(33)
    x *= _M1
    x ^= x >> np.uint64(33)
    x *= _M2
    x ^= x >> np.uint64(33)
    return x


def _fold(grid: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The hash of each maze of ``grid`` (``(n, H, W)``) with end points ``lo <= hi``."""
    n, h, w = grid.shape
    flat = np.ascontiguousarray(grid).reshape(n, h * w)
    pad = -(h * w) % 8
    if pad:
        flat = np.concatenate([flat, np.zeros((n, pad), np.uint8)], axis=1)
    words = flat.view("<u8")
    with np.errstate(over="ignore"):
        acc = np.full(n, np.uint64(HASH_VERSION) * _GOLDEN, np.uint64)
        header = [np.full(n, h, np.uint64), np.full(n, w, np.uint64), lo.astype(np.uint64), hi.astype(np.uint64)]
        for j, word in enumerate([*header, *words.T]):
            acc = _fmix(acc ^ _fmix(word + np.uint64(j + 1) * _GOLDEN))
    return acc


def _hash_group(grid: np.ndarray, starts: np.ndarray, goals: np.ndarray, symmetric: bool) -> np.ndarray:
    if not symmetric:
        return _fold(grid, starts, goals)
    best = None
    for g, s, t in symmetric_images(grid, starts, goals):
        v = _fold(g, np.minimum(s, t), np.maximum(s, t))
        best = v if best is None else np.minimum(best, v)
    return best


def maze_hash(
    cells: Sequence[Any] | np.ndarray,
    heights: Sequence[int] | np.ndarray,
    widths: Sequence[int] | np.ndarray,
    *,
    starts: Sequence[int] | np.ndarray | None = None,
    goals: Sequence[int] | np.ndarray | None = None,
    symmetric: bool = True,
) -> np.ndarray:
    """A canonical 64-bit hash of each maze, the same for its rotations and reflections.

    It depends on the maze only (its passages, size and end points), not on
    the seed, the row, the shard, the engine or where the files are, so
    equal mazes from different datasets or generators hash alike; with
    ``symmetric`` (the default) so do their eight images under the square's
    rotations and reflections, with the end points carried along (see
    :mod:`tremaux.dataset.canonical`).

    Parameters
    ----------
    cells : sequence of arrays, or an array
        Each maze's cells, flat (the ``cells`` column) or ``(h, w)``; or a
        ``(n, H, W)`` array of mazes of one size.
    heights, widths : sequence of int
        Each maze's size.
    starts, goals : sequence of int, optional
        Each maze's start and goal as flat row-major indices (the ``start``
        and ``goal`` columns); by default the top-left and bottom-right
        cells, as in every dataset.
    symmetric : bool, default True
        Hash the maze up to rotation and reflection, end points unordered.
        With ``False``, hash it exactly as given (start and goal in order).

    Returns
    -------
    numpy.ndarray of uint64

    Raises
    ------
    TremauxError
        When the lengths disagree, a maze's cells do not fill its size, or an
        end point is outside its maze.

    Examples
    --------
    >>> from tremaux.dataset.canonical import maze_hash
    >>> import numpy as np
    >>> a = np.array([2, 12, 2, 9], np.uint8)  # 2x2: E | S W / E | N W
    >>> b = np.array([4, 4, 3, 9], np.uint8)   # its transpose (a quarter turn and a mirror)
    >>> h = maze_hash([a, b, a], [2, 2, 2], [2, 2, 2])
    >>> bool(h[0] == h[1] == h[2]), bool(maze_hash([a, b], [2, 2], [2, 2], symmetric=False)[0] == h[0])
    (True, False)
    """
    heights = np.asarray(heights, np.int64).ravel()
    widths = np.asarray(widths, np.int64).ravel()
    n = heights.shape[0]
    if widths.shape[0] != n or len(cells) != n:
        raise TremauxError(f"maze_hash got {len(cells)} mazes, {n} heights and {widths.shape[0]} widths")
    sizes = heights * widths
    starts = np.zeros(n, np.int64) if starts is None else np.asarray(starts, np.int64).ravel()
    goals = sizes - 1 if goals is None else np.asarray(goals, np.int64).ravel()
    if starts.shape[0] != n or goals.shape[0] != n:
        raise TremauxError(f"maze_hash got {n} mazes but {starts.shape[0]} starts and {goals.shape[0]} goals")
    bad = np.flatnonzero((starts < 0) | (starts >= sizes) | (goals < 0) | (goals >= sizes))
    if bad.shape[0]:
        k = int(bad[0])
        raise TremauxError(f"maze {k}: start {starts[k]} or goal {goals[k]} is outside its {sizes[k]} cells")
    if isinstance(cells, np.ndarray) and cells.ndim >= 2 and cells.shape[0] == n:
        flat = np.ascontiguousarray(cells, np.uint8).reshape(n, -1)
        values, offsets = flat.ravel(), np.arange(n + 1, dtype=np.int64) * flat.shape[1]
    else:
        parts = [np.asarray(c, np.uint8).ravel() for c in cells]
        offsets = np.zeros(n + 1, np.int64)
        np.cumsum([p.shape[0] for p in parts], out=offsets[1:])
        values = np.concatenate(parts) if parts else np.zeros(0, np.uint8)
    return _hash_ragged(values, offsets, heights, widths, starts, goals, symmetric)


def _hash_ragged(values, offsets, heights, widths, starts, goals, symmetric: bool) -> np.ndarray:
    """:func:`maze_hash` of mazes whose cells are ``values[offsets[k]:offsets[k + 1]]`` (checked sizes)."""
    n = heights.shape[0]
    lens = np.diff(offsets)
    bad = np.flatnonzero(lens != heights * widths)
    if bad.shape[0]:
        k = int(bad[0])
        raise TremauxError(f"maze {k} has {lens[k]} cells, not {heights[k]}x{widths[k]}")
    out = np.empty(n, np.uint64)
    if n == 0:
        return out
    for h, w in np.unique(np.stack([heights, widths], axis=1), axis=0):
        rows = np.flatnonzero((heights == h) & (widths == w))
        for lo in range(0, rows.shape[0], _CHUNK):
            part = rows[lo : lo + _CHUNK]
            group = values[offsets[part][:, None] + np.arange(h * w)[None, :]].reshape(-1, int(h), int(w))
            out[part] = _hash_group(group, starts[part], goals[part], symmetric)
    return out


def dedupe(dataset, *, symmetric: bool = True):
    """Keep the first row of each distinct maze (by :func:`maze_hash`) of a ``datasets.Dataset``.

    Parameters
    ----------
    dataset : datasets.Dataset
        From :func:`tremaux.dataset.to_hf`, with the ``cells`` column.
    symmetric : bool, default True
        Count a rotated or mirrored copy of a maze (end points carried along)
        as the same maze; with ``False`` only identical mazes are.

    Returns
    -------
    datasets.Dataset
        An index mapping over the same table, in the original row order.

    Raises
    ------
    TremauxError
        When the dataset has no ``cells`` column (the ``maze`` output).

    Examples
    --------
    >>> import tempfile, datasets, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(ds.DatasetSpec(count=300, size=(2, 2), shard_size=100), d)
    ...     data = ds.to_hf(d)
    >>> len(ds.dedupe(data, symmetric=False))  # a 2x2 grid has 4 perfect mazes
    4
    >>> len(ds.dedupe(data))  # all four are turns and mirrors of one another, corner to corner
    1
    """
    _need_hf(dataset, "dedupe")
    for name in ("cells", "height", "width"):
        if name not in dataset.column_names:
            raise TremauxError(f"dedupe needs the {name} column (the 'maze' output and the size columns)")
    table = dataset.with_format("arrow")
    cells = table["cells"]
    flat = cells.combine_chunks() if hasattr(cells, "combine_chunks") else cells
    offsets = flat.offsets.to_numpy().astype(np.int64)
    values = flat.flatten().to_numpy(zero_copy_only=False)

    def column(name):
        if name not in dataset.column_names:
            return None
        return np.asarray(table[name].to_numpy(), np.int64)

    heights, widths = column("height"), column("width")
    starts = column("start")
    starts = np.zeros_like(heights) if starts is None else starts
    goals = column("goal")
    goals = heights * widths - 1 if goals is None else goals
    hashes = _hash_ragged(values, offsets - offsets[0], heights, widths, starts, goals, symmetric)
    _, first = np.unique(hashes, return_index=True)
    return dataset.select(np.sort(first))


def _need_hf(dataset, what: str) -> None:
    """Refuse what is not a ``datasets.Dataset`` (such as the dict of arrays of ``load``) in one line."""
    if not (hasattr(dataset, "column_names") and hasattr(dataset, "select") and hasattr(dataset, "with_format")):
        raise TremauxError(f"{what} takes a datasets.Dataset, as tremaux.dataset.to_hf(path) opens it, not "
                           f"{type(dataset).__name__} (load gives a dict of arrays)")
