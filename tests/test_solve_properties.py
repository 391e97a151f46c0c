"""Property tests of every solver over many random mazes, perfect and braided.

Mazes come from ``tremaux.generate`` (every generator of the registry that
fits the shape) and, for masks whose cells fall apart into several regions
(which ``generate`` refuses), from the spanning-tree helper of the tests.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tremaux
from tremaux import SOLVERS, solve
from tremaux.generators import GENERATORS

from solve_helpers import assert_valid_path, bfs_distance, outer_cells, random_maze

COMPLETE = [e.name for e in SOLVERS if e.view == "global"] + ["tremaux"]
"""Solvers that find a path exactly when one exists."""
TRAVELERS = ["wall-left", "wall-right", "pledge"]
FLAT = [e.name for e in GENERATORS]
LEVELS = [e.name for e in GENERATORS if e.levels]
PERFECT = [e.name for e in GENERATORS if e.perfect]  # the generators whose every maze is a tree


def check_all(m, start, goal, *, perfect: bool, flat_perfect: bool) -> None:
    dist = bfs_distance(m, start, goal)
    for entry in SOLVERS:
        sol = solve(m, entry.name, start=start, goal=goal)
        assert_valid_path(sol)
        if entry.name in COMPLETE:
            assert sol.found == (dist is not None), (entry.name, sol.message)
        if entry.shortest and sol.found:
            assert sol.length - 1 == dist, entry.name
        if perfect and dist is not None and entry.name in ("wall-left", "wall-right"):
            assert sol.found, (entry.name, sol.message)  # a tree: the hand sweeps everything
        if flat_perfect and dist is not None and entry.name == "pledge":
            assert sol.found, sol.message
        if sol.found and perfect:
            assert sol.length - 1 == dist  # a perfect maze has one path
        if not sol.found:
            assert sol.message.startswith("no path")


@st.composite
def generated(draw):
    if draw(st.integers(0, 4)) == 0:
        algorithm = draw(st.sampled_from(LEVELS))
        shape = (draw(st.integers(2, 3)), draw(st.integers(1, 5)), draw(st.integers(1, 5)))
    else:
        algorithm = draw(st.sampled_from(FLAT))
        shape = (draw(st.integers(1, 12)), draw(st.integers(1, 12)))
    braid = draw(st.sampled_from([0.0, 0.0, 0.25, 1.0]))
    seed = draw(st.integers(0, 2**32))
    m = tremaux.generate(shape, algorithm, seed=seed, braid=braid).maze
    cells = list(np.ndindex(shape))
    start = draw(st.sampled_from(cells))
    goal = draw(st.sampled_from(cells))
    return m, start, goal, braid == 0.0 and GENERATORS.get(algorithm).perfect


@settings(max_examples=250, deadline=None)
@given(generated())
def test_every_solver_on_generated_mazes(case):
    m, start, goal, perfect = case
    check_all(m, start, goal, perfect=perfect, flat_perfect=perfect)


@st.composite
def masked(draw):
    shape = (draw(st.integers(1, 9)), draw(st.integers(1, 9)))
    seed = draw(st.integers(0, 2**32))
    rng = np.random.default_rng(seed)
    mask = rng.random(shape) < draw(st.sampled_from([0.6, 0.8, 0.95]))
    if not mask.any():
        mask[0, 0] = True
    braid = draw(st.sampled_from([0.0, 0.3, 1.0]))
    m = random_maze(shape, seed, braid=braid, mask=mask)
    cells = [tuple(int(x) for x in c) for c in np.argwhere(mask)]
    return m, draw(st.sampled_from(cells)), draw(st.sampled_from(cells)), braid == 0.0


@settings(max_examples=200, deadline=None)
@given(masked())
def test_every_solver_on_masks_that_fall_apart(case):
    m, start, goal, perfect = case
    check_all(m, start, goal, perfect=perfect, flat_perfect=perfect)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PERFECT), st.integers(2, 14), st.integers(2, 14), st.integers(0, 2**32), st.data())
def test_wall_following_succeeds_on_perfect_mazes_between_outer_cells(algorithm, h, w, seed, data):
    m = tremaux.generate((h, w), algorithm, seed=seed).maze
    outer = outer_cells(m)
    start, goal = data.draw(st.sampled_from(outer)), data.draw(st.sampled_from(outer))
    for name in TRAVELERS:
        sol = solve(m, name, start=start, goal=goal)
        assert sol.found, (name, sol.message)
        assert_valid_path(sol)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.integers(0, 2**32), st.data())
def test_wall_following_between_outer_cells_survives_loops(h, w, seed, data):
    # with start and goal on the outer wall the hand stays on the outer wall
    m = tremaux.generate((h, w), "kruskal", seed=seed, braid=1.0).maze
    outer = outer_cells(m)
    start, goal = data.draw(st.sampled_from(outer)), data.draw(st.sampled_from(outer))
    for name in ("wall-left", "wall-right"):
        assert solve(m, name, start=start, goal=goal).found


def test_thousands_of_small_mazes():
    """2,000 seeded mazes, perfect and braided, every solver, every invariant."""
    rng = np.random.default_rng(2024)
    for k in range(2000):
        shape = (int(rng.integers(1, 9)), int(rng.integers(1, 9)))
        braid = float(rng.choice([0.0, 0.3, 1.0]))
        name = FLAT[k % len(FLAT)]
        m = tremaux.generate(shape, name, seed=k, braid=braid).maze
        start = (int(rng.integers(shape[0])), int(rng.integers(shape[1])))
        goal = (int(rng.integers(shape[0])), int(rng.integers(shape[1])))
        perfect = braid == 0.0 and GENERATORS.get(name).perfect
        check_all(m, start, goal, perfect=perfect, flat_perfect=perfect)


@pytest.mark.parametrize("name", SOLVERS.names())
def test_solvers_are_deterministic(name):
    m = tremaux.generate((15, 15), "kruskal", seed=3, braid=0.4).maze
    a, b = solve(m, name, record=True), solve(m, name, record=True)
    assert a.path_cells() == b.path_cells() and a.steps == b.steps
    assert np.array_equal(a.trace.events, b.trace.events)
