"""The hex rectangle's tables, built on first use: the same as the arithmetic form's, built once per grid, and
without ``(cells, sides)`` temporaries (the tables are most of a big grid's memory)."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from tremaux.grids import GridMaze, make_grid, solve_on
from tremaux.grids import shapes
from tremaux.kernels import graph_topo as kgt


@pytest.mark.parametrize("size", [(1, 1), (1, 2), (2, 1), (1, 7), (6, 1), (2, 2), (3, 4), (4, 3), (5, 6), (9, 10)])
def test_hex_tables_are_the_arithmetic_forms_with_borders_at_minus_one(size):
    g = make_grid("hex", size=size)
    t, bk = kgt.tables(*g.topology)
    np.testing.assert_array_equal(g.nbr, t)
    np.testing.assert_array_equal(g.back, np.where(t >= 0, bk, -1))
    assert g.nbr.dtype == np.int32 and g.back.dtype == np.int8 and g.coords.dtype == np.int32
    H, W = size
    np.testing.assert_array_equal(g.coords, [(r, c) for r in range(H) for c in range(W)])


def test_hex_tables_are_built_once_per_grid(monkeypatch):
    calls = []
    original = shapes._hex_table

    def counted(H, W):
        calls.append((H, W))
        return original(H, W)

    monkeypatch.setattr(shapes, "_hex_table", counted)
    g = make_grid("hex", size=(12, 13))
    assert calls == [] and g.size == 156 and g.arithmetic  # made without its tables
    maze = GridMaze(g, np.zeros(g.size, np.uint8))  # the check reads them
    nbr = g.nbr
    first = solve_on(maze, "bfs")
    assert g.back is g.back and g.coords is g.coords and len(g.neighbours((5, 6))) == 6 and g.edges > 0
    assert solve_on(maze, "bfs").steps == first.steps == 1 and not first.found  # no passage: the start alone
    assert calls == [(12, 13)] and g.nbr is nbr and not nbr.flags.writeable


def test_hex_tables_take_no_more_memory_than_themselves():
    H, W = 150, 200
    make_grid("hex", size=(3, 3)).nbr  # anything loaded on first use, loaded
    g = make_grid("hex", size=(H, W))
    tracemalloc.start()
    try:
        g.nbr
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    held = g.nbr.nbytes + g.back.nbytes + g.coords.nbytes  # 4 * 6 + 6 + 8 = 38 bytes a cell
    assert held == 38 * H * W
    assert peak <= held + 4 * W * 6 * 8 + 65536, (peak, held)  # a row's worth of temporaries, no more


@pytest.mark.parametrize("name, params", [("square", {"size": (7, 9), "wrap": "torus"}),
                                          ("square", {"size": (6, 5), "wrap": "moebius"}),
                                          ("square", {"size": (4, 3), "wrap": "cylinder"}),
                                          ("triangle", {"size": (5, 8)}), ("triangle", {"shape": "triangle", "side": 5}),
                                          ("upsilon", {"size": (6, 7)}), ("zeta", {"size": (5, 6)})])
def test_tables_built_in_blocks_are_those_built_at_once(monkeypatch, name, params):
    whole = make_grid(name, **params)
    monkeypatch.setattr(shapes, "_BLOCK", 7)  # blocks that end inside rows, and a short last one
    blocks = make_grid(name, **params)
    np.testing.assert_array_equal(blocks.nbr, whole.nbr)
    np.testing.assert_array_equal(blocks.back, whole.back)
    assert blocks == whole
    nbr, back = whole.nbr, whole.back
    ok = nbr >= 0  # every side leads to a neighbour whose facing side leads back
    cells, sides = np.nonzero(ok)
    np.testing.assert_array_equal(nbr[nbr[ok], back[ok]], cells)
    assert (back[~ok] == -1).all() and (back[ok] >= 0).all() and sides.size


@pytest.mark.parametrize("name", ["square", "hex"])
def test_woven_tables_take_no_more_memory_than_themselves(name):
    from tremaux.grids.weave import woven

    woven(make_grid(name, size=(3, 3)))  # anything loaded on first use, loaded
    base = make_grid(name, size=(120, 150))
    base.nbr
    tracemalloc.start()
    try:
        g = woven(base)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    n = g.size
    held = g.nbr.nbytes + g.back.nbytes  # the new tables: 2 S int32 and 2 S int8 a cell
    assert held == 10 * base.sides * n
    assert peak <= held + 24 * n + 65536, (peak, held)  # and one column's temporaries
    ok = g.nbr[:, base.sides:] >= 0  # a tunnel runs under the neighbour to the cell beyond it
    i, s = np.nonzero(ok)
    np.testing.assert_array_equal(g.nbr[i, base.sides + s], base.nbr[base.nbr[i, s], s])
