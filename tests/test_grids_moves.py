"""Walking a topology (graph_moves: span, degree, nth, move) and the heaps the graph kernels use: each checked
against a slow, obviously-correct reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tremaux.grids import generate_on, make_grid
from tremaux.kernels import graph_moves as kgm
from tremaux.kernels import graph_topo as kgt
from tremaux.kernels import heaps

from test_grids_topology import arithmetic_polar

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOPOLOGIES = {
    "hex": lambda a, b: make_grid("hex", size=(a, b)).topology,
    "polar": lambda a, b: arithmetic_polar(a).topology,
    "table": lambda a, b: _table(make_grid("triangle", size=(a, max(b, 2)))),  # one column of 3+ rows: refused
}


def _table(grid):
    return grid.nbr, grid.back


@pytest.mark.parametrize("kind", sorted(TOPOLOGIES))
@SETTINGS
@given(a=st.integers(1, 12), b=st.integers(1, 12))
def test_moves_agree_with_the_neighbour_table(kind, a, b):
    nbr, back = TOPOLOGIES[kind](a, b)
    table, _ = kgt.tables(nbr, back)
    for i in range(table.shape[0]):
        loc = kgt.locate(nbr, i)
        open_slots = np.flatnonzero(table[i] >= 0)
        assert open_slots.size == 0 or open_slots.max() < kgm.span(nbr, loc)
        assert kgm.degree(nbr, loc, i) == open_slots.size
        assert [int(kgm.nth(nbr, loc, i, r)) for r in range(open_slots.size)] == open_slots.tolist()
        for s in open_slots:
            j, jloc = kgm.move(nbr, loc, i, int(s))
            assert j == table[i, s]
            assert [int(x) for x in jloc] == [int(x) for x in kgt.locate(nbr, j)]


@pytest.mark.parametrize("kind", sorted(TOPOLOGIES))
@SETTINGS
@given(a=st.integers(1, 60), b=st.integers(1, 12))
def test_passages_counts_each_pair_once(kind, a, b):
    nbr, back = TOPOLOGIES[kind](a, b)
    table, _ = kgt.tables(nbr, back)
    assert kgm.passages(nbr) == int((table > np.arange(table.shape[0])[:, None]).sum())


def test_passages_of_rings_of_any_width():
    from tremaux.grids.polar import polar_topology

    for counts in ([1], [1, 6], [1, 3, 3, 6], [1, 2, 2, 4, 12], [1, 1, 1, 2]):
        P = polar_topology(np.array(counts), max(6, counts[1] if len(counts) > 1 else 1))
        table, _ = kgt.tables(P, None)
        assert kgm.passages(P) == int((table > np.arange(table.shape[0])[:, None]).sum()), counts


def test_pop4_gives_the_entries_in_order():
    rng = np.random.default_rng(3)
    values = rng.permutation(2000).astype(np.int64)
    heap = np.empty(values.size, np.int64)
    size = 0
    for v in values[:1500]:
        size = heaps.push4(heap, size, v)
    out = []
    for v in values[1500:]:  # pops and pushes interleaved
        x, size = heaps.pop4(heap, size)
        out.append(int(x))
        size = heaps.push4(heap, size, v)
    while size:
        x, size = heaps.pop4(heap, size)
        out.append(int(x))
    ref = []
    live = sorted(values[:1500].tolist())
    for v in values[1500:]:
        ref.append(live.pop(0))
        live = sorted(live + [int(v)])
    assert out == ref + live


def test_indexed_heap_lowers_keys_in_place():
    rng = np.random.default_rng(5)
    n = 300
    heap = np.empty(n, np.uint64)
    pos = np.full(n, -1, np.int32)
    key: dict[int, int] = {}
    size = 0
    popped = []
    for _ in range(3000):
        item = int(rng.integers(n))
        k = int(rng.integers(1 << 20))
        x = np.uint64((k << 32) | item)
        if pos[item] == -1:
            size = heaps.ipush(heap, pos, size, x)
            key[item] = k
        elif pos[item] >= 0 and k < key[item]:
            heaps.ilower(heap, pos, x)
            key[item] = k
        if rng.random() < 0.3 and size:
            v, size = heaps.ipop(heap, pos, size)
            it = int(v & np.uint64(0xFFFFFFFF))
            assert (int(v >> np.uint64(32)), it) == min((kk, ii) for ii, kk in key.items())
            pos[it] = -2
            popped.append(it)
            del key[it]
        live = [int(h & np.uint64(0xFFFFFFFF)) for h in heap[:size]]
        assert sorted(live) == sorted(key) and all(pos[it] == p for p, it in enumerate(live))
    assert len(set(popped)) == len(popped)


@pytest.mark.parametrize("grid", [make_grid("hex", size=(9, 11)), make_grid("polar", rings=8),
                                  make_grid("upsilon", size=(6, 7))], ids=["hex", "polar", "upsilon"])
def test_prim_joins_each_cell_once(grid):
    for seed in range(3):
        run = generate_on(grid, "prim", seed=seed)
        assert run.maze.passages == grid.size - 1
        assert run.stats.visits == grid.size  # each cell popped once, when it joins
        assert 0 < run.stats.max_frontier < grid.size
