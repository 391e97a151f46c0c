"""Arithmetic grid topologies (hex rectangle, polar): the same neighbours as the tables, the same mazes,
and no tables built to generate. A polar grid up to ``polar.TABLE_SLOTS`` side slots hands the kernels its
tables instead; the tests of the arithmetic form build polar grids with that limit set to 0."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from unittest import mock

from tremaux.grids import GRAPH_KERNELS, Grid, generate_on, make_grid
from tremaux.grids import polar as polar_mod
from tremaux.grids.generate import _KERNELS, _params
from tremaux.kernels import graph_islands as kgi
from tremaux.kernels import graph_merge as kgm
from tremaux.kernels import graph_topo as kgt
from tremaux.kernels.rng import make_state

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def arithmetic_polar(rings: int) -> Grid:
    """A polar grid handing the kernels its arithmetic form, as one beyond ``polar.TABLE_SLOTS`` does."""
    with mock.patch.object(polar_mod, "TABLE_SLOTS", 0):
        return make_grid("polar", rings=rings)


ARITHMETIC = {
    "hex": lambda a, b: make_grid("hex", size=(a, b)),
    "polar": lambda a, b: arithmetic_polar(a),
}


def _as_tables(g: Grid) -> Grid:
    """The same grid holding its tables (the form every irregular grid has)."""
    return Grid(g.name, g.params, g.nbr, g.back, g.coords, g._geometry, g.side_names)


@pytest.mark.parametrize("kind", sorted(ARITHMETIC))
@SETTINGS
@given(a=st.integers(1, 40), b=st.integers(1, 40))
def test_arithmetic_neighbours_are_the_tables(kind, a, b):
    g = ARITHMETIC[kind](a, b)
    nbr, back = g.topology
    assert np.ndim(nbr) != 2  # the kernels get the arithmetic form, not a table
    t, bk = kgt.tables(nbr, back)
    assert t.shape == (g.size, g.sides)
    np.testing.assert_array_equal(t, g.nbr)  # g.nbr: built by the numpy builder, independently
    ok = g.nbr >= 0
    np.testing.assert_array_equal(bk[ok], g.back[ok])


def test_polar_rings_beyond_a_split():
    # many bands of rings of one width, and splits between them
    g = arithmetic_polar(60)
    t, bk = kgt.tables(*g.topology)
    np.testing.assert_array_equal(t, g.nbr)
    np.testing.assert_array_equal(bk[t >= 0], g.back[t >= 0])


@pytest.mark.parametrize("kind", sorted(ARITHMETIC))
@pytest.mark.parametrize("algorithm", sorted(GRAPH_KERNELS))
def test_same_maze_from_arithmetic_and_tables(kind, algorithm):
    g = ARITHMETIC[kind](9, 13)
    tab = _as_tables(g)
    for seed in range(3):
        a = generate_on(g, algorithm, seed=seed, braid=0.3).maze
        b = generate_on(tab, algorithm, seed=seed, braid=0.3).maze
        np.testing.assert_array_equal(a.cells, b.cells)
        assert a.passages >= g.size - 1


@pytest.mark.parametrize("name", ["backtracker", "wilson", "kruskal", "prim", "growing_tree", "hunt_and_kill"])
def test_kernels_read_the_topology_only(name):
    """Each kernel on the arithmetic form: a spanning tree, with the same cells as on the tables."""
    g = make_grid("hex", size=(30, 41))
    params = _params("growing-tree" if name == "growing_tree" else "backtracker", {"discipline": ("random", (0, 0, 1))}
                     if name == "growing_tree" else {}, g.size)
    out = []
    for nbr, back in (g.topology, (g.nbr, g.back)):
        cells = np.zeros(g.size, g.dtype)
        _KERNELS[name](nbr, back, -1, params, make_state(5), cells, np.empty((0, 3), np.int64))
        out.append(cells)
    np.testing.assert_array_equal(out[0], out[1])
    bits = np.unpackbits(out[0].view(np.uint8)).sum()
    assert bits == 2 * (g.size - 1)


def test_generating_builds_no_tables():
    g = make_grid("hex", size=(200, 300))
    p = arithmetic_polar(80)
    for grid in (g, p):
        for name in ("wilson", "kruskal", "prim", "growing-tree"):
            generate_on(grid, name, seed=1)
        assert generate_on(grid, "backtracker", seed=1, start=grid.cell(7)).stats.start == grid.cell(7)
        assert grid._nbr is None and grid._coords is None  # nothing per cell was built
        assert grid.nbytes < 100_000
    assert g.index((3, 4)) == 3 * 300 + 4 and g.cell(904) == (3, 4)
    assert p.index(p.cell(5000)) == 5000 and p.cell(0) == (0, 0)
    assert p.cell(7) == (2, 0)


def test_lazy_tables_match_an_eager_grid():
    g = make_grid("polar", rings=7)
    assert g == _as_tables(make_grid("polar", rings=7))
    assert g.cell(20) == tuple(g.coords[20]) and g.index((3, 5)) == int(np.flatnonzero((g.coords == (3, 5)).all(1))[0])


def test_braid_reads_the_topology():
    g = make_grid("hex", size=(20, 20))
    cells = generate_on(g, "backtracker", seed=2).maze.cells.copy()
    ref = cells.copy()
    trace = np.empty((g.size, 3), np.int64)
    opened, t = kgi.braid(*g.topology, 1.0, make_state(3), cells, trace, 0)
    opened_ref, _ = kgi.braid(g.nbr, g.back, 1.0, make_state(3), ref, np.empty((0, 3), np.int64), 0)
    assert opened == opened_ref == t > 0
    np.testing.assert_array_equal(cells, ref)


@pytest.mark.parametrize("make", [lambda: arithmetic_polar(30), lambda: make_grid("hex", size=(17, 23)),
                                  lambda: make_grid("triangle", size=(15, 16)), lambda: make_grid("upsilon", size=(9, 8))],
                         ids=["polar", "hex", "triangle", "upsilon"])
def test_kruskal_with_and_without_far_ends_stored(make):
    """Kruskal stores each passage's far end on grids with few passages a cell and finds it when drawn
    elsewhere; both ways draw the same order and carve the same maze, with the same trace."""
    g = make()
    nbr, back = g.topology
    S = int(kgt.shape(nbr)[1])
    sh = (S - 1).bit_length()  # 2**sh >= S, as the kernel takes it
    w = (g.size << sh).bit_length()
    m = int(kgm.passages(nbr))
    runs = []
    for far in (True, False):
        state = make_state(7)
        cells = np.zeros(g.size, g.dtype)
        trace = np.empty((g.size, 3), np.int64)
        if far:
            arcs = kgm._order(nbr, back, state, sh, w, np.empty(m, np.int64))
            out = kgm._merge_pairs(arcs, sh, w, cells, g.size, trace)
        else:
            arcs = kgm._order(nbr, back, state, sh, 0, np.empty(m, np.int32))
            out = kgm._merge_arcs(nbr, back, arcs, sh, cells, trace)
        runs.append((cells, out, trace[:out[3]]))
    (c1, o1, t1), (c2, o2, t2) = runs
    np.testing.assert_array_equal(c1, c2)
    assert o1 == o2 and o1[3] == g.size - 1
    np.testing.assert_array_equal(t1, t2)
    whole = np.zeros(g.size, g.dtype)
    kgm.kruskal(nbr, back, -1, np.zeros(4), make_state(7), whole, np.empty((0, 3), np.int64))
    np.testing.assert_array_equal(whole, c1)


def test_a_polar_grid_hands_its_tables_up_to_the_limit():
    """Up to ``TABLE_SLOTS`` side slots the generators read the polar grid's tables (the form compiled for every
    grid with tables), beyond it the arithmetic form (a few bytes a ring); either way the same maze."""
    small = make_grid("polar", rings=20)
    assert not small.arithmetic and small.topology[0] is small.nbr
    counts = polar_mod.ring_counts(polar_mod.MAX_RINGS).cumsum()
    rings = int(np.searchsorted(counts * 6, polar_mod.TABLE_SLOTS, side="right"))  # the last within the limit
    within, beyond = make_grid("polar", rings=rings), make_grid("polar", rings=rings + 1)
    assert within.size * within.sides <= polar_mod.TABLE_SLOTS < beyond.size * beyond.sides
    assert not within.arithmetic and beyond.arithmetic and np.ndim(beyond.topology[0]) == 1
    assert beyond._nbr is None and beyond.nbytes < 100_000  # nothing per cell built to decide
    arith = arithmetic_polar(20)
    assert arith.arithmetic
    for name in ("backtracker", "kruskal", "wilson"):
        a = generate_on(small, name, seed=4, braid=0.2).maze.cells
        np.testing.assert_array_equal(a, generate_on(arith, name, seed=4, braid=0.2).maze.cells)
