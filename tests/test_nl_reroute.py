"""Lines re-routed along shortest paths (``solvers.reroute``, kernel ``kernels.nl_reroute``), against the brute force.

From every solution of small random boards under ``nikoli`` (with and
without touching), :func:`reroute` must return a solution of the same rule
that the brute force lists and that differs from the one given, or nothing;
each is checked by the independent checker. The uniqueness check asks it
after the moves of :mod:`.moves` and before any search.
"""

from __future__ import annotations

import numpy as np
import pytest

from numberlink_checker import follow
from numberlink_reference import brute_force
from tremaux.numberlink import Puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.another import another_stage
from tremaux.numberlink.solvers.base import Answer, Task
from tremaux.numberlink.solvers.pipeline import fast
from tremaux.numberlink.solvers.reroute import reroute


def _canon(paths) -> tuple:
    return tuple(tuple(map(tuple, p)) if tuple(p[0]) <= tuple(p[-1]) else tuple(map(tuple, p[::-1])) for p in paths)


def _boards(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(3, 5)), int(rng.integers(3, 6))
        k = int(rng.integers(2, 4))
        g = np.zeros(h * w, dtype=np.int64)
        g[rng.choice(h * w, size=2 * k, replace=False)] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


@pytest.mark.parametrize("touch", [True, False])
def test_reroute_returns_only_other_solutions(touch):
    found = none = 0
    for p in _boards(7 + touch, 60):
        sols = brute_force(p.grid.tolist(), False, limit=100, touch=touch)
        if not sols or len(sols) == 100:
            continue
        every = {_canon(s) for s in sols}
        for s in sols[:5]:
            got = reroute(p, Linking.from_paths(p, [list(x) for x in s]))
            if got is None:
                none += 1
                continue
            paths = [x.tolist() for x in got.paths]
            assert not follow(p.grid.tolist(), paths, fill=False, touch=touch), (p.grid.tolist(), s, paths)
            assert _canon(paths) in every and _canon(paths) != _canon(s), (p.grid.tolist(), s, paths)
            found += 1
    assert found > 20 and none > 0


def test_a_unique_puzzle_has_no_rerouting():
    p = Puzzle.from_rows(["1.2", "1.2"])
    assert reroute(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)]])) is None


def test_the_check_finds_two_lines_that_trade_cells_before_any_search():
    """Before, a covering first solution whose other solutions re-route two lines together went to the windows,
    the colour search, then SAT's groups of lines (ADC 2014 Q10 under ``nikoli``: 50 times the solve)."""
    p = Puzzle.from_rows(["...2", ".21.", "1..."])
    first = Linking.from_paths(p, [[(1, 2), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0)],
                                   [(0, 3), (1, 3), (2, 3), (2, 2), (2, 1), (1, 1)]])

    def given(task):
        return Answer((first,), False, "given")

    for touch in (True, False):
        a = another_stage(Task(p, resolve("nikoli", touch=touch), 2, None), given)
        assert a.how == "given; another by lines re-routed along shortest paths"
        assert len(a.solutions) == 2 and a.solutions[1] != first
        assert not follow(p.grid.tolist(), [x.tolist() for x in a.solutions[1].paths], fill=False, touch=touch)


def test_a_count_does_not_ask_it():
    p = Puzzle.from_rows(["...2", ".21.", "1..."])
    a = another_stage(Task(p, resolve("nikoli", touch=True), 5, None), fast)
    assert "re-routed" not in a.how
