"""Masks, multi-level grids, imperfections and the growing-tree family."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tremaux.errors import TremauxError, UnsupportedError
from tremaux.generators import GENERATORS, generate, mask_from_text
from tremaux.maze.properties import components, degrees, is_perfect, loop_count
from tremaux.measure import maze_stats

PERFECT = [e.name for e in GENERATORS if e.perfect]
MASKED = [e.name for e in GENERATORS if e.masks]
LEVELS = [e.name for e in GENERATORS if e.levels]

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _connected_mask(draw, h, w):
    """A random connected mask: a random walk of cells on the grid."""
    m = np.zeros((h, w), bool)
    r, c = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
    m[r, c] = True
    for d in draw(st.lists(st.integers(0, 3), min_size=1, max_size=h * w * 2)):
        dr, dc = [(-1, 0), (0, 1), (1, 0), (0, -1)][d]
        if 0 <= r + dr < h and 0 <= c + dc < w:
            r, c = r + dr, c + dc
            m[r, c] = True
    return m


@st.composite
def masks(draw):
    h, w = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    return _connected_mask(draw, h, w)


@FAST
@given(name=st.sampled_from(PERFECT), h=st.integers(1, 15), w=st.integers(1, 15), seed=st.integers(0, 2**63))
def test_perfect_on_random_sizes(name, h, w, seed):
    maze, stats = generate((h, w), name, seed=seed)
    assert is_perfect(maze)
    assert stats.passages == h * w - 1


@FAST
@given(name=st.sampled_from([n for n in PERFECT if n in MASKED]), mask=masks(), seed=st.integers(0, 10**9))
def test_perfect_on_random_masks(name, mask, seed):
    maze, _ = generate(mask.shape, name, seed=seed, mask=mask)
    assert is_perfect(maze)
    assert maze.size == int(mask.sum())
    assert not maze.cells[~mask].any()


@FAST
@given(name=st.sampled_from([n for n in PERFECT if n in LEVELS]), shape=st.tuples(
    st.integers(1, 4), st.integers(1, 6), st.integers(1, 6)), seed=st.integers(0, 10**9))
def test_perfect_on_levels(name, shape, seed):
    maze, _ = generate(shape, name, seed=seed)
    assert maze.shape == shape
    assert is_perfect(maze)


def test_levels_are_used():
    maze, _ = generate((3, 6, 6), "kruskal", seed=1)
    assert (maze.cells & 48).any()


@pytest.mark.parametrize("name", [e.name for e in GENERATORS if not e.masks])
def test_algorithms_without_masks_say_so(name):
    mask = np.ones((5, 5), bool)
    mask[0, 0] = False
    with pytest.raises(UnsupportedError, match=f"{name} cannot generate on a masked grid"):
        generate((5, 5), name, mask=mask)


@pytest.mark.parametrize("name", [e.name for e in GENERATORS if not e.levels])
def test_algorithms_without_levels_say_so(name):
    with pytest.raises(UnsupportedError, match=f"{name} cannot generate multi-level mazes"):
        generate((2, 4, 4), name)


def test_mask_from_text_and_start_on_it():
    mask = mask_from_text(".##.\n####\n####\n.##.\n")
    maze, stats = generate(None, "wilson", mask=mask, seed=2, start=(1, 0))
    assert maze.shape == (4, 4) and maze.size == 12 and is_perfect(maze)
    assert maze.start == (0, 1) and maze.goal == (3, 2)
    assert stats.start == (1, 0)
    with pytest.raises(TremauxError, match="masked cell"):
        generate(None, mask=mask, start=(0, 0))


# ----------------------------------------------------------------------------- imperfections
@FAST
@given(braid=st.floats(0, 1), seed=st.integers(0, 10**6), name=st.sampled_from(["backtracker", "kruskal", "wilson"]))
def test_braid_removes_the_requested_share_of_dead_ends(braid, seed, name):
    before = maze_stats(generate((16, 16), name, seed=seed).maze)
    maze, stats = generate((16, 16), name, seed=seed, braid=braid)
    after = maze_stats(maze)
    assert after.components == 1
    removed = before.dead_ends - after.dead_ends
    assert removed == math.floor(braid * before.dead_ends + 0.5)  # half rounds up
    # each opened wall makes one loop and removes one or two dead ends
    assert removed / 2 <= after.loops <= removed
    assert stats.passages == maze.passages == 255 + after.loops


def test_braid_one_removes_every_dead_end():
    maze, _ = generate((20, 20), "backtracker", seed=4, braid=1.0)
    assert maze_stats(maze).dead_ends == 0
    assert loop_count(maze) > 0


def test_openings_islands_unreachable():
    base = generate((12, 12), "backtracker", seed=8).maze
    m = generate((12, 12), "backtracker", seed=8, openings=5).maze
    assert m.passages == base.passages + 5 and components(m)[1] == 1

    m = generate((12, 12), "backtracker", seed=8, islands=3).maze
    assert components(m)[1] == 1
    assert _detached_wall_groups(m) == 3

    m = generate((12, 12), "backtracker", seed=8, unreachable=4)
    st_ = maze_stats(m.maze)
    assert st_.isolated == 4 and st_.components == 5
    assert st_.solution_length is not None  # start and goal stay reachable
    assert degrees(m.maze)[0, 0] > 0 and degrees(m.maze)[-1, -1] > 0


def test_impossible_imperfections_are_refused():
    with pytest.raises(TremauxError, match="islands=50 is too many"):
        generate((5, 5), seed=1, islands=50)
    with pytest.raises(TremauxError, match="openings=100 is too many"):
        generate((5, 5), seed=1, openings=100)
    with pytest.raises(TremauxError, match="unreachable=30 is too many"):
        generate((5, 5), seed=1, unreachable=30)


def _detached_wall_groups(maze) -> int:
    """Count wall groups not attached to the outer wall (union-find over wall posts)."""
    H, W = maze.shape
    parent = list(range((H + 1) * (W + 1)))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def post(r, c):
        return r * (W + 1) + c

    def join(a, b):
        parent[find(a)] = find(b)

    has_wall = set()
    for r in range(H):
        for c in range(W):
            v = int(maze.cells[r, c])
            if c < W - 1 and not v & 2:  # wall east of (r, c): posts (r, c+1)-(r+1, c+1)
                join(post(r, c + 1), post(r + 1, c + 1))
                has_wall.update((post(r, c + 1), post(r + 1, c + 1)))
            if r < H - 1 and not v & 4:
                join(post(r + 1, c), post(r + 1, c + 1))
                has_wall.update((post(r + 1, c), post(r + 1, c + 1)))
    outer = find(post(0, 0))
    for c in range(W + 1):
        join(post(0, c), outer)
        join(post(H, c), outer)
    for r in range(H + 1):
        join(post(r, 0), outer)
        join(post(r, W), outer)
    outer = find(outer)
    return len({find(p) for p in has_wall if find(p) != outer})


def test_perfect_maze_has_no_island():
    assert _detached_wall_groups(generate((12, 12), "kruskal", seed=3).maze) == 0


# ----------------------------------------------------------------------------- growing tree family
def test_fixed_dfs_visits_every_cell_twice_minus_one():
    for seed in range(10):
        s = generate((5, 8), "backtracker", seed=seed).stats
        assert s.visits == 79 and s.cells == 40 and s.passages == 39
        assert generate((5, 8), "growing-tree", discipline="newest", seed=seed).stats.visits == 79


def test_naive_dfs_differs_from_the_fixed_one():
    naive = [generate((5, 8), "naive-dfs", seed=s).stats for s in range(30)]
    # the naive version takes each passage once and skips stale ones: between 39 and 79 visits
    assert all(39 <= s.visits < 79 for s in naive)
    assert any(s.visits > 39 for s in naive)
    assert 44 <= np.mean([s.visits for s in naive]) <= 56    # the text's run printed 50
    # with a queue instead of a stack the naive version overwhelms the queue
    fixed_q = [generate((20, 20), "breadth-first", seed=s).stats.max_frontier for s in range(10)]
    naive_q = [generate((20, 20), "breadth-first", variant="arc", seed=s).stats.max_frontier for s in range(10)]
    assert np.mean(naive_q) > 1.5 * np.mean(fixed_q)


def test_stats_layout_matches_the_text():
    s = generate((5, 8), "backtracker", seed=0).stats
    lines = str(s).splitlines()
    assert lines[0] == "      Depth-first Search (DFS) (statistics)"
    assert [ln.split()[0] for ln in lines[1:]] == ["visits", "start", "maximum", "cells", "passages"]
    assert "maximum queue length" in str(generate((5, 8), "bfs", seed=0).stats)
    assert "maximum list length" in str(generate((5, 8), "simplified-prim", seed=0).stats)


@pytest.mark.parametrize("discipline", ["newest", "oldest", "random", "min", "max", "mixed", "first-slot",
                                        "newest:1,oldest:1,random:2"])
@pytest.mark.parametrize("variant", ["vertex", "arc"])
def test_every_discipline_and_variant_is_perfect(discipline, variant):
    maze, stats = generate((9, 13), "growing-tree", discipline=discipline, variant=variant, seed=11)
    assert is_perfect(maze)
    assert stats.title.startswith("Vertex" if variant == "vertex" else "Arc")


def test_first_slot_always_grows_from_slot_zero():
    # replay the array list from the trace: a new cell goes last; a finished cell in slot 0 is replaced by the last
    g = generate((7, 9), "growing-tree", discipline="first-slot", seed=3, record=True)
    assert is_perfect(g.maze)
    lst = []
    carves = 0
    for ev in g.trace:
        if ev.kind == 3:  # FRONTIER
            lst.append(ev.cell)
        elif ev.kind == 4:  # DONE
            assert ev.cell == lst[0]
            last = lst.pop()
            if lst:
                lst[0] = last
        elif ev.kind == 1:  # CARVE
            assert ev.cell == lst[0]
            carves += 1
    assert carves == 7 * 9 - 1 and lst == []
    with pytest.raises(TremauxError, match="growing-forest cannot use the discipline 'first-slot'"):
        generate((6, 8), "growing-forest", discipline="first-slot")


def test_first_slot_on_a_masked_multi_level_grid():
    mask = np.ones((2, 6, 7), dtype=bool)
    mask[:, 2:4, 2:5] = False
    g = generate((2, 6, 7), "growing-tree", discipline="first-slot", mask=mask, seed=5)
    assert is_perfect(g.maze) and g.stats.cells == int(mask.sum())


@pytest.mark.parametrize("mode", ["min", "max"])
def test_priority_queue_always_grows_from_the_best_cell(mode):
    rng = np.random.default_rng(0)
    w = rng.permutation(48).reshape(6, 8).astype(float)
    g = generate((6, 8), "growing-tree", discipline=mode, weights=w, seed=1, record=True)
    assert is_perfect(g.maze)
    frontier = set()
    sign = 1 if mode == "min" else -1
    for ev in g.trace:
        if ev.kind == 3:  # FRONTIER
            frontier.add(ev.cell)
        elif ev.kind == 4:  # DONE
            frontier.discard(ev.cell)
        elif ev.kind == 1:  # CARVE from ev.cell: it must be the best of the frontier
            assert sign * w[ev.cell] == min(sign * w[c] for c in frontier)
    with pytest.raises(TremauxError, match="weights shape"):
        generate((6, 8), "growing-tree", discipline="min", weights=np.zeros((2, 2)))


def test_true_prim_is_a_minimum_spanning_tree_of_random_weights():
    # arc-based min-priority: every maze differs, yet each is perfect with ~30% dead ends
    ps = [maze_stats(generate((30, 30), "prim", seed=s).maze) for s in range(4)]
    assert all(p.perfect for p in ps)
    assert 26 <= np.mean([p.dead_end_percentage for p in ps]) <= 34


def test_islands_need_a_full_single_level_grid():
    mask = np.ones((6, 6), bool)
    mask[0, 0] = False
    with pytest.raises(UnsupportedError, match="islands need a single-level maze without a mask"):
        generate((6, 6), mask=mask, islands=1)
    with pytest.raises(UnsupportedError, match="islands need"):
        generate((2, 6, 6), islands=1)


def test_braid_and_openings_work_on_masks_and_levels():
    mask = mask_from_text(".####.\n######\n######\n.####.\n")
    m = generate(None, "backtracker", mask=mask, seed=3, braid=1.0, openings=2).maze
    assert components(m)[1] == 1 and maze_stats(m).dead_ends == 0
    m = generate((2, 5, 5), "wilson", seed=3, braid=0.5, unreachable=2).maze
    assert maze_stats(m).isolated == 2


@pytest.mark.parametrize("name", [n for n in PERFECT if n in MASKED and n in LEVELS])
def test_perfect_on_a_masked_multi_level_grid(name):
    mask = np.ones((3, 5, 6), bool)
    mask[0, :, :2] = False   # a notch on the first level
    mask[1, 2, 1:5] = False  # a wall of missing cells in the middle level
    mask[2, 4, 5] = False
    maze, stats = generate(mask.shape, name, seed=21, mask=mask)
    assert is_perfect(maze) and maze.size == int(mask.sum())
    assert not maze.cells[~mask].any()
    assert maze.start == (0, 0, 2) and maze.goal == (2, 4, 4)
