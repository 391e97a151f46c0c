"""Batched picture and sequence outputs of a dataset shard: block pictures, ASCII art and tokens.

Rows are packed as in :mod:`tremaux.kernels.batch` (row ``k`` at ``k * stride``), which still exports
these names. Like every kernel, these take and return arrays and scalars only, never raise and never
print.
"""

from __future__ import annotations

from .._jit import njit

__all__ = ["blocks", "ascii_art", "tokens", "TOKEN_NAMES", "CELL_TOKEN0"]



@njit(cache=True, nogil=True)
def blocks(cells, stride, heights, widths, out, out_stride):
    """Block pictures of a batch: row ``k`` -> ``(2h+1) x (2w+1)`` of 1 (wall) / 0 (open).

    ``cells[k * stride:]`` holds row ``k``'s ``h*w`` cells; the picture of row
    ``k`` is written, row-major, to ``out[k * out_stride:]``. Cell ``(r, c)``
    is block ``(2r+1, 2c+1)``; the passage east of it is block ``(2r+1, 2c+2)``,
    the passage south of it block ``(2r+2, 2c+1)``.
    """
    for k in range(heights.shape[0]):
        h = heights[k]
        w = widths[k]
        bw = 2 * w + 1
        o = k * out_stride
        base = k * stride
        for j in range((2 * h + 1) * bw):
            out[o + j] = 1
        for r in range(h):
            for c in range(w):
                v = cells[base + r * w + c]
                p = o + (2 * r + 1) * bw + 2 * c + 1
                out[p] = 0
                if v & 2:
                    out[p + 1] = 0
                if v & 4:
                    out[p + bw] = 0


@njit(cache=True, nogil=True)
def ascii_art(cells, stride, heights, widths, starts, goals, out, out_stride):
    """ASCII drawings of a batch in the ``+---+`` style of :mod:`tremaux.io.ascii`.

    Row ``k``'s drawing, ``2h + 1`` lines of ``4w + 1`` characters joined by
    ``\\n`` (no final newline), is written as bytes to ``out[k * out_stride:]``;
    the start cell (flat index ``starts[k]``) is marked ``S``, the goal ``G``,
    both ``*``. Returns nothing; the length of row ``k`` is
    ``(2h + 1) * (4w + 2) - 1``.
    """
    for k in range(heights.shape[0]):
        h = heights[k]
        w = widths[k]
        lw = 4 * w + 2  # with the newline
        o = k * out_stride
        base = k * stride
        for line in range(2 * h + 1):
            p = o + line * lw
            for j in range(4 * w + 1):
                out[p + j] = 32
            if line < 2 * h:
                out[p + 4 * w + 1] = 10
        for r in range(h + 1):  # post lines
            p = o + 2 * r * lw
            for c in range(w):
                out[p + 4 * c] = 43
                closed = True
                if 0 < r < h and cells[base + r * w + c] & 1:
                    closed = False
                if closed:
                    out[p + 4 * c + 1] = 45
                    out[p + 4 * c + 2] = 45
                    out[p + 4 * c + 3] = 45
            out[p + 4 * w] = 43
        for r in range(h):  # cell lines
            p = o + (2 * r + 1) * lw
            for c in range(w + 1):
                closed = True
                if 0 < c < w and cells[base + r * w + c] & 8:
                    closed = False
                if closed:
                    out[p + 4 * c] = 124
        s = starts[k]
        g = goals[k]
        if s >= 0:
            out[o + (2 * (s // w) + 1) * lw + 4 * (s % w) + 2] = 42 if s == g else 83
        if g >= 0 and g != s:
            out[o + (2 * (g // w) + 1) * lw + 4 * (g % w) + 2] = 71


TOKEN_NAMES = ("<PAD>", "<BOS>", "<EOS>", "<ADJ>", "<ORIGIN>", "<TARGET>", "<PATH>", "<NOPATH>")
"""Names of the special tokens, by id; cell tokens follow from :data:`CELL_TOKEN0`."""
CELL_TOKEN0 = len(TOKEN_NAMES)
"""Token id of cell ``(0, 0)``; cell ``(r, c)`` is ``CELL_TOKEN0 + r * max_width + c``."""


@njit(cache=True, nogil=True)
def tokens(cells, stride, heights, widths, starts, goals, paths, path_stride, path_lens, max_width, out, out_stride, lens):
    """Token sequences of a batch, for sequence models.

    Row ``k`` becomes ``<BOS> <ADJ> a b a b ... <ORIGIN> s <TARGET> g <PATH> p0 ... pn <EOS>``:
    every passage as the tokens of its two cells (the first in row-major
    order first, passages in row-major order of that cell, east before
    south), then the start, the goal and the path; ``<NOPATH>`` replaces the
    path when none was found (``path_lens[k] == 0``). Cell ``(r, c)`` is token
    ``CELL_TOKEN0 + r * max_width + c``, the same in every maze of a dataset.
    Written to ``out[k * out_stride:]``; its length goes to ``lens[k]``.
    """
    c0 = 8
    for k in range(heights.shape[0]):
        h = heights[k]
        w = widths[k]
        base = k * stride
        o = k * out_stride
        n = 0
        out[o] = 1
        out[o + 1] = 3
        n = 2
        for i in range(h * w):
            v = cells[base + i]
            r = i // w
            c = i % w
            t = c0 + r * max_width + c
            if v & 2:
                out[o + n] = t
                out[o + n + 1] = t + 1
                n += 2
            if v & 4:
                out[o + n] = t
                out[o + n + 1] = t + max_width
                n += 2
        s = starts[k]
        g = goals[k]
        out[o + n] = 4
        out[o + n + 1] = c0 + (s // w) * max_width + s % w
        out[o + n + 2] = 5
        out[o + n + 3] = c0 + (g // w) * max_width + g % w
        n += 4
        m = path_lens[k]
        if m == 0:
            out[o + n] = 7
            n += 1
        else:
            out[o + n] = 6
            n += 1
            pb = k * path_stride
            for j in range(m):
                p = paths[pb + j]
                out[o + n] = c0 + (p // w) * max_width + p % w
                n += 1
        out[o + n] = 2
        n += 1
        lens[k] = n
