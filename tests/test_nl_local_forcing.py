"""Groups of lines set free searched by propagation (``solvers.local``, kernel ``kernels.nl_force`` with free cells).

The propagating search for another solution takes a set of free cells:
every link with a cell outside them keeps its value in the known solution.
Against the brute force of ``numberlink_reference`` on random small boards,
it finds another solution exactly when one differs from the known one only
inside the free cells; the compiled neighbourhoods give it the groups of two
or more lines where cells may stay empty, where the enumeration runs out of
nodes.
"""

from __future__ import annotations

import numpy as np
import pytest

import numberlink_checker
from numberlink_reference import brute_force, problems
from test_nl_forcing import COMBOS, boards
from tremaux.kernels.nl_force import force_other
from tremaux.numberlink import Puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.solvers.base import first_tables
from tremaux.numberlink.solvers.local import LocalRun


def _links(p: Puzzle, paths) -> np.ndarray:
    return np.asarray(Linking.from_paths(p, [list(q) for q in paths]).links, dtype=np.int64).ravel()


def _kept(links: np.ndarray, base: np.ndarray, free: np.ndarray, h: int, w: int) -> bool:
    """Whether every link with a cell outside ``free`` is as in ``base`` (East and South bits of each cell)."""
    f = free.reshape(h, w)
    east = np.zeros((h, w), dtype=bool)
    east[:, :-1] = ~(f[:, :-1] & f[:, 1:])
    south = np.zeros((h, w), dtype=bool)
    south[:-1] = ~(f[:-1] & f[1:])
    mask = (2 * east + 4 * south).ravel()
    return not np.any((links ^ base) & mask)


@pytest.mark.parametrize("rule,touch", COMBOS)
def test_free_cells_agree_with_the_brute_force(rule, touch):
    """From a solution and a random set of free cells: another solution, kept outside them, exactly when the
    brute force has one; what it returns is a solution under the rule, other than the known one."""
    fill = rule == "fill"
    rng = np.random.default_rng(7 + fill + 2 * touch)
    seen = {True: 0, False: 0}
    for p in boards(40 + fill + 2 * touch, 50):
        sols = brute_force(p.grid.tolist(), fill, limit=300, touch=touch)
        if not sols or len(sols) == 300:  # none, or too many to compare with
            continue
        h, w = p.shape
        all_links = [_links(p, s) for s in sols]
        for i, s in enumerate(sols[:2]):
            base, grid = first_tables(p, Linking.from_paths(p, [list(q) for q in s]))
            base = np.asarray(base, dtype=np.int64)
            for _ in range(3):
                free = rng.random(h * w) < rng.choice([0.3, 0.6, 1.0])
                expect = any(j != i and _kept(lk, base, free, h, w) for j, lk in enumerate(all_links))
                out = np.zeros(h * w, dtype=np.int64)
                status, _ = force_other(grid, h, w, fill, touch, base, 10**6, out, free)
                assert status in (0, 1)
                assert (status == 1) == expect, (p.grid.tolist(), s, free.tolist(), rule, touch)
                seen[expect] += 1
                if status == 1:
                    assert _kept(out, base, free, h, w) and not np.array_equal(out, base)
                    assert any(np.array_equal(out, lk) for lk in all_links)
    assert seen[False] > 0 and (seen[True] > 0 or (fill and not touch))  # fill without touching: rarely two


# a sparse 8 x 8 puzzle (the generator's, seed 8, density 0.05) and a first solution that covers the board
SPARSE_8 = [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1, 0], [0, 0, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 3, 0, 0, 0],
            [0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 2]]
SPARSE_8_FIRST = [
    [[1, 6], [2, 6], [3, 6], [4, 6], [5, 6], [5, 5], [6, 5], [6, 4], [6, 3], [6, 2], [6, 1], [5, 1], [4, 1], [3, 1],
     [2, 1], [1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [4, 3]],
    [[2, 2], [3, 2], [4, 2], [5, 2], [5, 3], [5, 4], [4, 4], [4, 5], [3, 5], [2, 5], [1, 5], [0, 5], [0, 6], [0, 7],
     [1, 7], [2, 7], [3, 7], [4, 7], [5, 7], [6, 7], [7, 7]],
    [[3, 4], [2, 4], [1, 4], [0, 4], [0, 3], [0, 2], [0, 1], [0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0],
     [7, 0], [7, 1], [7, 2], [7, 3], [7, 4], [7, 5], [7, 6], [6, 6]],
]


@pytest.mark.parametrize("touch", [True, False])
def test_two_lines_set_free_under_nikoli_find_the_other_solution(touch):
    """Two long lines set free where cells may stay empty: the other arrangement within the first pass (the
    enumeration, 8,192 nodes a group in its second pass, found none)."""
    p = Puzzle(np.array(SPARSE_8))
    first = Linking.from_paths(p, SPARSE_8_FIRST)
    assert not numberlink_checker.follow(p.grid.tolist(), SPARSE_8_FIRST, fill=False, touch=touch)
    run = LocalRun(p, first, cover=False, touch=touch)
    got = run.advance(None, first_pass_only=True)
    assert got is not None, run.done
    other, label = got
    assert label == "2 lines set free"
    paths = [q.tolist() for q in other.paths]
    assert not numberlink_checker.follow(p.grid.tolist(), paths, fill=False, touch=touch)
    assert not problems(p.grid.tolist(), paths, False)
    assert not np.array_equal(np.asarray(other.links), np.asarray(first.links))
    assert np.array_equal(run.links, np.asarray(other.links).ravel())


def test_under_fill_the_groups_stay_with_the_enumeration():
    """Under fill every free cell needs two links: the enumeration searches the groups of lines."""
    p = Puzzle(np.array(SPARSE_8))
    run = LocalRun(p, Linking.from_paths(p, SPARSE_8_FIRST), cover=True, touch=True)
    assert not run._forced("2 lines set free")
    assert LocalRun(p, Linking.from_paths(p, SPARSE_8_FIRST), cover=False, touch=True)._forced("2 lines set free")
    assert not LocalRun(p, Linking.from_paths(p, SPARSE_8_FIRST), cover=False, touch=True)._forced("1 line set free")
