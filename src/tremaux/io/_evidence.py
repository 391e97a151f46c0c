"""Whether a maze read from a picture agrees with the picture's pixels, wall segment by wall segment.

A wall segment is read at one pixel, its middle (:mod:`tremaux.io.image`, step 4). A picture drawn at its size
shows each segment whole or not at all; a picture scaled with smoothing (or by uneven whole pixels) shows walls
grey, broken or a pixel off the lattice, and its middles may say a wall is open that the picture shows closed.
So every segment is looked at along its whole length, in a band one pixel wider than the wall on each side: the
share of its pixel lines (across the wall) that cross wall pixels. A wall crosses them all, a passage none. A
segment between the two, or whose share says the other thing than its middle, is evidence the picture cannot
be read (:func:`disagreement`).

Examples
--------
>>> import numpy as np
>>> from tremaux.io._evidence import disagreement
>>> box = np.zeros((7, 7), bool); box[[0, 3, 6]] = True; box[:, [0, 3, 6]] = True  # 2 x 2 cells, all walled
>>> ys = xs = np.array([0, 3, 6])
>>> east, south = box[np.ix_([1, 4], xs)], box[np.ix_(ys, [1, 4])]
>>> disagreement(box, ys, xs, 1, east, south) is None
True
>>> box[1:3, 3] = [True, False]  # half a wall: neither a wall nor a passage
>>> disagreement(box, ys, xs, 1, east, south)
'1 of 12 wall segments are partly drawn'
"""

from __future__ import annotations

import numpy as np

CLEAR = 0.2
"""A segment's share of crossed lines at most this is open, at least ``1 - CLEAR`` is wall; between: unclear."""


def _shares(box: np.ndarray, starts_across: np.ndarray, starts_along: np.ndarray, thick: int) -> np.ndarray:
    """For walls across the rows of ``box`` (vertical walls; transpose for the others): ``(n_along, n_across)``
    shares of the pixel rows of each segment that cross a wall pixel within a pixel of the wall band."""
    h, w = box.shape
    # a pixel of slack each side of the band, and clear of the posts, where cells are 3 pixels or more
    wide = int(np.diff(starts_across).min() - thick >= 3) if starts_across.size > 1 else 0
    clear = int(np.diff(starts_along).min() - thick >= 3)
    cs = np.zeros((h, w + 1), np.int32)
    np.cumsum(box, axis=1, out=cs[:, 1:])
    x0 = np.clip(starts_across - wide, 0, w)
    x1 = np.clip(starts_across + thick + wide, 0, w)
    crossed = (cs[:, x1] - cs[:, x0]) > 0  # (h, walls across)
    del cs
    rows = np.zeros((h + 1, crossed.shape[1]), np.int32)
    np.cumsum(crossed, axis=0, out=rows[1:])
    y0 = starts_along[:-1] + thick + clear  # the segment between two posts
    y1 = np.maximum(starts_along[1:] - clear, y0 + 1)
    y0, y1 = np.clip(y0, 0, h), np.clip(y1, 0, h)
    return (rows[y1] - rows[y0]) / np.maximum(1, y1 - y0)[:, None]


def faint(box: np.ndarray, colours: np.ndarray, wall: float, ground: float, span: float) -> np.ndarray:
    """Grey pixels that are not wall: between the walls' lightness and the ground's, a quarter of the range or
    more from the ground, and hardly coloured (so not the start, goal, path or heat-map colours): what a wall
    smoothed by scaling leaves.

    Parameters
    ----------
    box : numpy.ndarray
        Wall pixels (bool).
    colours : numpy.ndarray
        The RGB pixels of the same box.
    wall, ground, span : float
        The lightness of the walls and of the ground, and the picture's range of lightness.

    Returns
    -------
    numpy.ndarray
        Bool, the shape of ``box``.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._evidence import faint
    >>> rgb = np.array([[[0, 0, 0], [128, 128, 128], [255, 255, 255], [200, 40, 40]]], np.uint8)
    >>> faint(rgb[..., 0] == 0, rgb, 0, 255, 255).tolist()
    [[False, True, False, False]]
    """
    c = colours.astype(np.int16)
    low, high = c.min(axis=2), c.max(axis=2)
    light = (low + high) // 2
    between = (light - ground) * (wall - ground) > 0  # on the walls' side of the ground
    return ~box & between & (np.abs(light - ground) > span / 4) & (high - low < span / 4)


def disagreement(box: np.ndarray, ys: np.ndarray, xs: np.ndarray, thick: int, east: np.ndarray,
                 south: np.ndarray, grey: np.ndarray | None = None) -> str | None:
    """What in the wall pixels ``box`` contradicts the walls read at the segments' middles, or ``None``.

    Parameters
    ----------
    box : numpy.ndarray
        Wall pixels (bool), the lattice's box.
    ys, xs : numpy.ndarray
        Where the wall bands start, down and across.
    thick : int
        The wall thickness in pixels.
    east, south : numpy.ndarray
        The walls read: ``(H, W + 1)`` between columns, ``(H + 1, W)`` between rows (outer walls included).
    grey : numpy.ndarray, optional
        Faint pixels (:func:`faint`): a segment read open that shows them along its length was smoothed away.

    Returns
    -------
    str or None
        ``"N of M wall segments are partly drawn"`` or ``"... read as ... though the picture shows ..."``.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.io._evidence import disagreement
    >>> box = np.zeros((4, 7), bool); box[[0, 3]] = True; box[:, [0, 6]] = True  # one row, 2 cells, no wall
    >>> disagreement(box, np.array([0, 3]), np.array([0, 3, 6]), 1, np.array([[True, False, True]]),
    ...              np.ones((2, 2), bool)) is None
    True
    """
    v = _shares(box, xs, ys, thick)  # (H, W + 1)
    s = _shares(box.T, ys, xs, thick).T  # (H + 1, W)
    total = v.size + s.size
    unclear = int(((v > CLEAR) & (v < 1 - CLEAR)).sum() + ((s > CLEAR) & (s < 1 - CLEAR)).sum())
    if unclear:
        return f"{unclear} of {total} wall segments are partly drawn"
    wrong = int(((v >= 0.5) != east).sum() + ((s >= 0.5) != south).sum())
    if wrong:
        return f"{wrong} of {total} wall segments read at their middle disagree with the rest of their length"
    if grey is not None:
        either = box | grey
        # a cell filled grey (a visited cell of a replay) fills its passages too: those are not evidence
        cy, cx = ys[:-1] + (ys[1:] - ys[:-1] + thick) // 2, xs[:-1] + (xs[1:] - xs[:-1] + thick) // 2
        filled = np.pad(grey[np.ix_(cy, cx)], 1)
        beside_v = filled[1:-1, :-1] | filled[1:-1, 1:]  # (H, W + 1)
        beside_s = filled[:-1, 1:-1] | filled[1:, 1:-1]  # (H + 1, W)
        faded = int(((_shares(either, xs, ys, thick) > CLEAR) & ~east & ~beside_v).sum()
                    + ((_shares(either.T, ys, xs, thick).T > CLEAR) & ~south & ~beside_s).sum())
        if faded:
            return f"{faded} of {total} wall segments read as open show grey along their length"
        # inside a cell (a pixel clear of its walls): ground, or filled whole; lines there are walls lost
        t = np.zeros((either.shape[0] + 1, either.shape[1] + 1), np.int64)
        t[1:, 1:] = either.cumsum(axis=0).cumsum(axis=1)
        m = 1 + int(min(np.diff(ys).min(), np.diff(xs).min()) - thick >= 8)  # 2 pixels clear in cells of 8 or more
        y0, y1 = ys[:-1] + thick + m, np.maximum(ys[1:] - m, ys[:-1] + thick + m + 1)
        x0, x1 = xs[:-1] + thick + m, np.maximum(xs[1:] - m, xs[:-1] + thick + m + 1)
        inside = t[np.ix_(y1, x1)] - t[np.ix_(y0, x1)] - t[np.ix_(y1, x0)] + t[np.ix_(y0, x0)]
        share = inside / np.outer(y1 - y0, x1 - x0)
        lined = int(((share > CLEAR / 4) & (share < 1 - CLEAR)).sum())
        if lined:
            return f"{lined} of {share.size} cells show wall lines inside"
    return None
