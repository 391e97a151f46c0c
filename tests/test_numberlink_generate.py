"""The Number Link generator: proper puzzles, reproducible from a seed."""

from __future__ import annotations

import numpy as np
import pytest

from numberlink_reference import brute_force, problems
from tremaux.errors import InvalidSizeError
from tremaux.kernels import numberlink as kn
from tremaux.kernels.rng import make_state
from tremaux.numberlink import generate_puzzle, solve_puzzle


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
@pytest.mark.parametrize("shape", [(4, 4), (5, 7), (8, 8)])
def test_generated_puzzles_have_exactly_one_solution(shape, rule):
    for seed in range(12):
        g = generate_puzzle(shape, rule=rule, seed=seed)
        p = g.puzzle
        assert p.shape == shape and p.pairs >= 1
        assert not problems(p.grid.tolist(), [x.tolist() for x in g.solution.paths], rule == "fill")
        assert g.solution.covered == shape[0] * shape[1]
        r = solve_puzzle(p, rule=rule, count=2)
        assert r.count == 1 and r.complete, (shape, rule, seed)
        assert np.array_equal(r.linking.grid, g.solution.grid)


def test_tiny_generated_puzzles_agree_with_brute_force():
    for seed in range(15):
        for rule in ("fill", "nikoli"):
            p = generate_puzzle((3, 4), rule=rule, seed=seed).puzzle
            assert len(brute_force(p.grid.tolist(), rule == "fill", limit=5)) == 1


def test_same_seed_same_puzzle_other_seed_other_puzzle():
    a = generate_puzzle((10, 10), seed=7)
    assert generate_puzzle((10, 10), seed=7).puzzle == a.puzzle
    assert generate_puzzle((10, 10), seed=8).puzzle != a.puzzle


def test_cover_kernel_is_deterministic_and_covers_every_cell():
    a = kn.random_cover(9, 11, make_state(5), 30)
    b = kn.random_cover(9, 11, make_state(5), 30)
    assert np.array_equal(a, b)
    assert (a != 0).all()


def test_a_15x20_puzzle():
    g = generate_puzzle((15, 20), seed=3)
    r = solve_puzzle(g.puzzle, unique=True)
    assert r.unique is True


def test_bad_sizes():
    with pytest.raises(InvalidSizeError):
        generate_puzzle((1, 5))
    with pytest.raises(InvalidSizeError):
        generate_puzzle((5, 5), max_len=1)
