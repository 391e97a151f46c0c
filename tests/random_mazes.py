"""Random mazes for the tests: a tiny spanning-tree builder and hypothesis strategies.

Deliberately independent of ``tremaux.generate`` so the model, properties and
formats can be tested on their own.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tremaux import Maze


def _pairs(exists: np.ndarray):
    """Every pair of neighbouring existing cells of an (L, H, W) mask, as (a, b, bit_a, bit_b)."""
    L, H, W = exists.shape
    out = []
    for lv in range(L):
        for r in range(H):
            for c in range(W):
                if not exists[lv, r, c]:
                    continue
                if c + 1 < W and exists[lv, r, c + 1]:
                    out.append(((lv, r, c), (lv, r, c + 1), 2, 8))
                if r + 1 < H and exists[lv, r + 1, c]:
                    out.append(((lv, r, c), (lv, r + 1, c), 4, 1))
                if lv + 1 < L and exists[lv + 1, r, c]:
                    out.append(((lv, r, c), (lv + 1, r, c), 16, 32))
    return out


def random_perfect(shape, seed: int = 0, mask=None, start=None, goal=None) -> Maze:
    """A random spanning tree (randomised Kruskal) of the grid: a perfect maze.

    With a mask whose cells are not all connected it is a spanning forest.
    """
    rng = random.Random(seed)
    dims = tuple(shape)
    shape3 = dims if len(dims) == 3 else (1, *dims)
    exists = np.ones(shape3, bool) if mask is None else np.asarray(mask, bool).reshape(shape3)
    pairs = _pairs(exists)
    rng.shuffle(pairs)
    parent: dict = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    cells = np.zeros(shape3, np.uint8)
    for a, b, ba, bb in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            cells[a] |= ba
            cells[b] |= bb
    if len(dims) == 2:
        cells = cells[0]
    return Maze(cells, mask=mask, start=start, goal=goal)


@st.composite
def mazes(draw, max_side: int = 5, max_levels: int = 3, masks: bool = True, marks: bool = True,
          levels: bool = True) -> Maze:
    """Any valid maze: random passages between existing cells, optional mask, start and goal."""
    multi = levels and draw(st.booleans())
    L = draw(st.integers(1, max_levels)) if multi else 1
    H = draw(st.integers(1, max_side))
    W = draw(st.integers(1, max_side))
    exists = np.ones((L, H, W), bool)
    if masks and draw(st.booleans()):
        exists = draw(hnp.arrays(bool, (L, H, W)))
        if not exists.any():
            exists[draw(st.integers(0, L - 1)), draw(st.integers(0, H - 1)), draw(st.integers(0, W - 1))] = True
    cells = np.zeros((L, H, W), np.uint8)
    e = draw(hnp.arrays(bool, (L, H, W - 1))) & exists[:, :, :-1] & exists[:, :, 1:]
    s = draw(hnp.arrays(bool, (L, H - 1, W))) & exists[:, :-1, :] & exists[:, 1:, :]
    u = draw(hnp.arrays(bool, (L - 1, H, W))) & exists[:-1] & exists[1:]
    cells[:, :, :-1] |= e * np.uint8(2)
    cells[:, :, 1:] |= e * np.uint8(8)
    cells[:, :-1, :] |= s * np.uint8(4)
    cells[:, 1:, :] |= s * np.uint8(1)
    cells[:-1] |= u * np.uint8(16)
    cells[1:] |= u * np.uint8(32)
    if not multi:
        cells, exists = cells[0], exists[0]
    where = [tuple(int(x) for x in c) for c in np.argwhere(exists)]
    start = goal = None
    if marks:
        start = draw(st.none() | st.sampled_from(where))
        goal = draw(st.none() | st.sampled_from(where))
    return Maze(cells, mask=None if exists.all() else exists, start=start, goal=goal)


@st.composite
def perfect_mazes(draw, max_side: int = 8) -> Maze:
    """A random perfect single-level maze of random size."""
    m = draw(st.integers(1, max_side))
    n = draw(st.integers(1, max_side))
    return random_perfect((m, n), seed=draw(st.integers(0, 2**32 - 1)))
