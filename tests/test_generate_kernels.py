"""The generation kernels against slow, obviously-correct Python references, and their batch contract."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit, prange

from tremaux.kernels import generate as kgen
from tremaux.kernels.gen_common import rand_below
from tremaux.kernels.rng import make_state, next_u64

NOTRACE = np.empty((0, 3), np.int64)
ONE = np.ones(1, np.bool_)
STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}


def run_kernel(name, H, W, seed, start=-1, params=np.zeros(1)):
    cells = np.empty(H * W, np.uint8)
    work = np.empty(max(1, kgen.work_size(name, 1, H, W)), np.int32)
    out = kgen.KERNELS[name](cells, ONE, False, 1, H, W, start, params, make_state(seed), work, NOTRACE)
    return cells.reshape(H, W), [int(x) for x in out]


def ref_backtracker(H, W, seed, start):
    """Textbook iterative depth-first search drawing the same random numbers."""
    state = make_state(seed)
    cells = np.zeros((H, W), np.uint8)
    seen = np.zeros((H, W), bool)
    r, c = divmod(start, W)
    seen[r, c] = True
    stack = [(r, c)]
    visits = 0
    while stack:
        r, c = stack[-1]
        visits += 1
        options = [d for d, (dr, dc) in STEP.items()
                   if 0 <= r + dr < H and 0 <= c + dc < W and not seen[r + dr, c + dc]]
        if not options:
            stack.pop()
            continue
        d = options[0] if len(options) == 1 else options[int(rand_below(state, len(options)))]
        dr, dc = STEP[d]
        cells[r, c] |= 1 << d
        cells[r + dr, c + dc] |= 1 << ((d + 2) % 4)
        seen[r + dr, c + dc] = True
        stack.append((r + dr, c + dc))
    return cells, visits


@pytest.mark.parametrize("H, W, seed", [(1, 1, 0), (1, 6, 1), (5, 8, 2), (7, 3, 3), (9, 9, 4)])
def test_backtracker_matches_the_reference(H, W, seed):
    start = (H * W) // 2
    cells, out = run_kernel("backtracker", H, W, seed, start=start)
    ref, visits = ref_backtracker(H, W, seed, start)
    assert np.array_equal(cells, ref)
    assert out[:2] == [start, visits]


def ref_kruskal(H, W, seed):
    """Walls listed row by row (east then south), shuffled by Fisher-Yates from the end, merged in order."""
    state = make_state(seed)
    walls = []
    for i in range(H * W):
        r, c = divmod(i, W)
        if c < W - 1:
            walls.append((i, i + 1, 2, 8))
        if r < H - 1:
            walls.append((i, i + W, 4, 1))
    for x in range(len(walls) - 1, 0, -1):
        y = int(rand_below(state, x + 1))
        walls[x], walls[y] = walls[y], walls[x]
    label = list(range(H * W))
    cells = np.zeros(H * W, np.uint8)
    merges = 0
    for a, b, ba, bb in walls:
        if merges == H * W - 1:
            break
        if label[a] != label[b]:  # the article's version: relabel the whole second path
            old = label[b]
            label = [label[a] if x == old else x for x in label]
            cells[a] |= ba
            cells[b] |= bb
            merges += 1
    return cells.reshape(H, W)


@pytest.mark.parametrize("H, W, seed", [(1, 5, 0), (4, 4, 1), (6, 9, 2), (10, 7, 3)])
def test_kruskal_matches_random_path_merging(H, W, seed):
    cells, _ = run_kernel("kruskal", H, W, seed)
    assert np.array_equal(cells, ref_kruskal(H, W, seed))


def ref_sidewinder(H, W, seed, p=0.5):
    state = make_state(seed)
    thr = int(p * 2**32)
    cells = np.zeros((H, W), np.uint8)
    cells[0, :-1] |= 2
    cells[0, 1:] |= 8
    for r in range(1, H):
        run = []
        for c in range(W):
            x = int(next_u64(state))
            run.append(c)
            carry = c < W - 1 and (x & 0xFFFFFFFF) < thr
            if carry:
                cells[r, c] |= 2
                cells[r, c + 1] |= 8
            else:
                m = (x >> 32) * len(run)
                assert (m & 0xFFFFFFFF) >= len(run)  # the rare rejection never happens here
                k = run[m >> 32]
                cells[r, k] |= 1
                cells[r - 1, k] |= 4
                run = []
    return cells


@pytest.mark.parametrize("H, W, seed", [(1, 4, 0), (5, 8, 1), (8, 3, 2)])
def test_sidewinder_matches_the_reference(H, W, seed):
    cells, _ = run_kernel("sidewinder", H, W, seed, params=np.array([0.5]))
    assert np.array_equal(cells, ref_sidewinder(H, W, seed))


@njit(parallel=True)
def _batch(out, states, works, H, W):
    params = np.zeros(1)
    mask = np.ones(1, np.bool_)
    trace = np.empty((0, 3), np.int64)
    visits = np.empty(out.shape[0], np.int64)
    for b in prange(out.shape[0]):
        res = kgen.backtracker(out[b], mask, False, 1, H, W, -1, params, states[b], works[b], trace)
        visits[b] = res[1]
    return visits


def test_kernels_run_from_user_njit_code_in_prange():
    B, H, W = 16, 6, 7
    out = np.empty((B, H * W), np.uint8)
    states = np.stack([make_state(1000 + b) for b in range(B)])
    works = np.empty((B, kgen.work_size("backtracker", 1, H, W)), np.int32)
    visits = _batch(out, states, works, H, W)
    assert (visits == 2 * H * W - 1).all()
    for b in range(B):  # identical to one call with the same seed
        cells, _ = run_kernel("backtracker", H, W, 1000 + b)
        assert np.array_equal(out[b].reshape(H, W), cells)


@pytest.mark.parametrize("name", sorted(kgen.KERNELS))
def test_every_kernel_overwrites_its_output_and_ignores_old_contents(name):
    params = {"growing_tree": [1, 0, 0, 0, 0], "growing_tree_arcs": [1, 0, 0, 0, 0], "growing_forest": [3, 0, 0, 1],
              "eller": [0.5, 0.5], "sidewinder": [0.5], "binary_tree": [0.5], "percolation": [0.5]}.get(name, [0.0])
    H, W = 6, 5
    a = np.full(H * W, 255, np.uint8)
    b = np.zeros(H * W, np.uint8)
    work = np.empty(max(1, kgen.work_size(name, 1, H, W, priority=False)), np.int32)
    for cells in (a, b):
        work[:] = -7
        kgen.KERNELS[name](cells, ONE, False, 1, H, W, -1, np.array(params, float), make_state(5), work, NOTRACE)
    assert np.array_equal(a, b)
    sides = int(sum(bin(int(v)).count("1") for v in a))
    if name == "percolation":  # each of the 49 walls open with chance 0.5, not a tree
        assert 0 < sides < 2 * (H * (W - 1) + (H - 1) * W)
    else:
        assert sides == 2 * (H * W - 1)
