"""The lattice of a maze picture: wall thickness, and the numbers of rows and columns whose bands fit the walls.

Private to :mod:`tremaux.io.image` (see its steps 2 and 3).
"""

from __future__ import annotations

import numpy as np


def _thickness(inside: np.ndarray) -> tuple[int, ...]:
    """The thicknesses in pixels the inner walls may have: the most common length of the runs of wall across
    them, then that plus one when it is the most common of the longer runs (a line of fractional width, 2.5
    pixels say, drawn crisp on a lattice of fractional pitch, covers 2 pixels in places and 3 in others: a band
    of 3 holds it whole; the longer runs follow walls along).

    A wall crossed at right angles gives a run as long as it is thick, once per pixel of its length; a wall
    followed along gives fewer, longer runs.
    """
    counts = _run_counts(inside)
    t = int(np.argmax(counts[1:]) + 1)
    longer = counts[t + 1:]
    return (t, t + 1) if longer.size and longer[0] > 0 and longer[0] == longer.max() else (t,)


def _run_counts(inside: np.ndarray) -> np.ndarray:
    """How many runs of wall of each length (index) cross the rows and the columns of ``inside``."""
    lengths = [np.diff(np.flatnonzero(np.diff(np.pad(a, ((0, 0), (1, 1))).ravel().view(np.int8))))[::2]
               for a in (inside, inside.T)]
    return np.bincount(np.concatenate(lengths), minlength=2)


def _line_width(inside: np.ndarray, thick: int) -> int | None:
    """The most common length of the runs of wall more than a pixel longer than ``thick``: the width of a line
    wider than the walls crossed at right angles along its length (a solution drawn in the walls' colour), or
    ``None``."""
    counts = _run_counts(inside)[thick + 2:]
    return int(np.argmax(counts)) + thick + 2 if counts.size and counts.max() > 0 else None


def _leading(flags: np.ndarray) -> int:
    """How many of ``flags`` are true from the start."""
    off = np.flatnonzero(~flags)
    return int(off[0]) if off.size else int(flags.size)


def _bands(extent: int, thick: int, n: int) -> np.ndarray:
    """Where the ``n + 1`` wall bands of ``thick`` pixels start along ``extent`` pixels holding ``n`` cells."""
    return np.round(np.arange(n + 1) * (extent - thick) / n).astype(np.int64)


def _longest_runs(box: np.ndarray, axis: int) -> np.ndarray:
    """The longest run of wall pixels down each column (``axis`` 0) or along each row (``axis`` 1)."""
    a = box if axis == 0 else box.T
    best = np.zeros(a.shape[1], dtype=np.int64)
    run = np.zeros(a.shape[1], dtype=np.int64)
    for line in a:  # one row of pixels at a time: memory of one row, not of the picture
        run = np.where(line, run + 1, 0)
        np.maximum(best, run, out=best)
    return best


def _candidates(extent: int, thick: int, runs: np.ndarray) -> dict[int, tuple[int, int]]:
    """Numbers of cells along a side whose cell middles no wall runs along, with their open bands.

    The middle line of a column of cells is crossed by walls ``thick`` pixels
    at a time, never run along (a lattice whose cell middles fall on a wall
    band is shifted or too coarse). Each candidate comes with
    ``(open, inner)``: how many of its inner wall bands hold no wall a cell
    long (from post to post, a cell and a wall thickness), of how many.
    """
    out = {}
    for n in range(1, (extent - thick) // (thick + 1) + 1):
        starts = _bands(extent, thick, n)
        if np.any(np.diff(starts) <= thick):
            continue
        middles = starts[:-1] + (starts[1:] - starts[:-1] + thick) // 2
        if runs[middles].max() > thick + 1 + thick // 2:
            continue
        inner = runs[starts[1:-1] + thick // 2]
        out[n] = (int((inner < (extent - thick) / n + thick / 2).sum()), int(inner.size))
    return out


def _fit(box: np.ndarray, thick: int) -> tuple[int, int]:
    """The numbers of rows and columns of cells of the lattice that fits ``box`` (``(0, 0)``: none does).

    A lattice fits when no wall runs along its cells' middles
    (:func:`_candidates`) and the inside of every cell is open (at most a
    quarter of its pixels wall, a fiftieth over all cells: noise; each inner
    band moved by a pixel onto the lines, :func:`_snap`, but no slack inside
    the cells: a path drawn through them in the walls' colour, a pixel wider,
    would fit a lattice of twice the cells). A lattice
    with twice the columns of the right one fits too, its extra bands open
    all along: of those that fit, the one with the fewest open inner bands
    (for its number of bands), then the most cells. Square cells (sides
    within 1.25 of each other) first, then cells up to twice as long as
    wide: a corridor of one row would fit any number of columns.
    """
    h, w = box.shape
    cols = _candidates(w, thick, _longest_runs(box, 0))
    rows = _candidates(h, thick, _longest_runs(box, 1))
    down = np.concatenate(([0], np.cumsum(box.sum(axis=1, dtype=np.int64))))
    across = np.concatenate(([0], np.cumsum(box.sum(axis=0, dtype=np.int64))))
    total = np.zeros((h + 1, w + 1), dtype=np.int64)
    total[1:, 1:] = box.cumsum(axis=0).cumsum(axis=1)
    ratio = {(H, W): ((w - thick) / W) / ((h - thick) / H) for W in cols for H in rows}
    for low, high in ((0.8, 1.25), (0.5, 2.0)):
        best, best_key = (0, 0), None
        for (H, W), r in ratio.items():
            if not low <= r <= high:
                continue
            (oc, ic), (orow, irow) = cols[W], rows[H]
            key = ((oc + orow) / max(1, ic + irow), -H * W)
            if best_key is not None and key >= best_key:
                continue
            # the bands moved onto the lines of a picture drawn on a lattice of fractional pitch (:func:`_snap`)
            ys, xs = _snapped(down, _bands(h, thick, H), thick), _snapped(across, _bands(w, thick, W), thick)
            y0, y1, x0, x1 = ys[:-1] + thick, ys[1:], xs[:-1] + thick, xs[1:]
            inside = total[np.ix_(y1, x1)] - total[np.ix_(y0, x1)] - total[np.ix_(y1, x0)] + total[np.ix_(y0, x0)]
            area = np.outer(y1 - y0, x1 - x0)
            if inside.sum() <= 0.02 * area.sum() and (inside <= 0.25 * area).all():
                best, best_key = (H, W), key
        if best_key is not None:
            return best
    return 0, 0


def _snap(box: np.ndarray, starts: np.ndarray, thick: int, axis: int) -> np.ndarray:
    """The wall bands at ``starts`` (rows of ``box`` for ``axis`` 0, columns for 1) each moved by a pixel where
    that puts more wall pixels under it: a picture drawn on a lattice of fractional pitch (a turtle or plotting
    script) draws its lines up to a pixel off the evenly rounded bands. The outer bands and the first and last
    pixels stay put, and a band moves only where it gains strictly."""
    return _snapped(np.concatenate(([0], np.cumsum(box.sum(axis=1 - axis, dtype=np.int64)))), starts, thick)


def _snapped(total: np.ndarray, starts: np.ndarray, thick: int) -> np.ndarray:
    """:func:`_snap` from ``total``, the running sum of wall pixels per row (column) from 0."""
    extent = total.size - 1
    s = starts[1:-1]
    under = lambda a: np.where((a > 0) & (a + thick < extent),  # noqa: E731
                               total[np.clip(a + thick, 0, extent)] - total[np.clip(a, 0, extent)], -1)
    here, before, after = under(s), under(s - 1), under(s + 1)
    out = starts.copy()
    out[1:-1] = np.where((before > here) & (before >= after), s - 1, np.where(after > here, s + 1, s))
    return out


def _main_run(counts: np.ndarray) -> tuple[int, int]:
    """The first and past-the-last rows (or columns) of the maze among rows of ``counts`` wall pixels: the run of
    rows with wall that holds the most of it, when every other run (a title, a caption: text apart from the maze
    by blank rows) is small beside it, an eighth of its wall and a quarter of its extent at most, and has no row
    of wall half as long as its longest (a wall line: the outer wall, beyond a row of cells open end to end);
    else from the first row with wall to the last."""
    on = np.flatnonzero(counts)
    breaks = np.flatnonzero(np.diff(on) > 1)
    starts, ends = on[np.r_[0, breaks + 1]], on[np.r_[breaks, on.size - 1]] + 1
    if starts.size == 1:
        return int(starts[0]), int(ends[0])
    total = np.concatenate(([0], np.cumsum(counts, dtype=np.int64)))
    held = total[ends] - total[starts]
    k = int(np.argmax(held))
    others = np.arange(starts.size) != k
    longest = np.maximum.reduceat(counts, starts)  # each run's longest row: reduceat up to the next run's start
    if ((held[others] * 8 > held[k]).any() or ((ends - starts)[others] * 4 > ends[k] - starts[k]).any()
            or (longest[others] * 2 > longest[k]).any()):
        return int(starts[0]), int(ends[-1])
    return int(starts[k]), int(ends[k])


def _longest_blank(flags: np.ndarray) -> int:
    """The longest run of false ``flags``."""
    edges = np.flatnonzero(np.diff(np.concatenate(([True], flags, [True])).astype(np.int8)))
    return int(np.diff(edges)[::2].max(initial=0))
