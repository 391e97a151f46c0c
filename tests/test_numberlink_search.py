"""The compiled Number Link search against the brute force of numberlink_reference.py.

Small random puzzles (seeded), under the four combinations of ``cover`` (fill /
nikoli) and ``touch``: the exact count up to a cap and the solutions
themselves agree with the brute force, every solution passes the reference's
``problems``, the same input gives the same output, and a deadline in the
past stops the search with ``complete=False``.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from numberlink_reference import brute_force, problems, touches_itself
from tremaux.kernels.numberlink import random_cover
from tremaux.kernels.rng import make_state
from tremaux.errors import InvalidSizeError, PuzzleError
from tremaux.numberlink import Puzzle
from tremaux.numberlink.solvers import search as search_module
from tremaux.numberlink.solvers.search import SearchOutcome, search

CAP = 6  # solutions counted up to this many
LOOK = 300  # brute-force solutions listed to check the capped ones against
RULES = [(True, True), (True, False), (False, True), (False, False)]
IDS = ["fill-touch", "fill-notouch", "nikoli-touch", "nikoli-notouch"]


def random_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Random endpoints on boards up to 4x4 (and some 5x5 / 4x6 / 3x7 with more pairs); many have no solution."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        shape = [(1, 4), (2, 3), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4), (2, 6), (5, 5), (4, 6), (3, 7)][
            int(rng.integers(11))]
        area = shape[0] * shape[1]
        lo = 1 if area <= 16 else 4
        n = int(rng.integers(lo, max(lo + 1, area // 3)))
        cells = rng.permutation(area)[: 2 * n]
        pairs = [((int(a) // shape[1], int(a) % shape[1]), (int(b) // shape[1], int(b) % shape[1]))
                 for a, b in zip(cells[0::2], cells[1::2])]
        out.append(Puzzle.from_endpoints(shape, pairs))
    return out


def covered_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Puzzles from random covers of the board by lines that never run beside themselves (solvable under fill)."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        h, w = [(3, 3), (3, 4), (4, 4), (4, 5), (5, 4), (5, 5), (4, 6)][int(rng.integers(7))]
        links = random_cover(h, w, make_state(int(rng.integers(1 << 30))), int(rng.integers(3, 14)))
        step = {1: -w, 2: 1, 4: w, 8: -1}
        nbrs = [[i + step[b] for b in step if links[i] & b] for i in range(h * w)]
        if any(len(x) not in (1, 2) for x in nbrs):
            continue
        pairs, seen = [], set()
        for i in range(h * w):
            if len(nbrs[i]) == 1 and i not in seen:
                prev, cur = -1, i
                while True:
                    seen.add(cur)
                    nxt = [j for j in nbrs[cur] if j != prev]
                    if not nxt:
                        break
                    prev, cur = cur, nxt[0]
                pairs.append(((i // w, i % w), (cur // w, cur % w)))
        out.append(Puzzle.from_endpoints((h, w), pairs))
    return out


PUZZLES = random_puzzles(2024, 150) + covered_puzzles(7, 60)


def _canon(lk) -> tuple:
    return tuple(tuple(map(tuple, p.tolist())) for p in lk.paths)


@pytest.mark.parametrize(("cover", "touch"), RULES, ids=IDS)
def test_search_agrees_with_brute_force(cover: bool, touch: bool) -> None:
    with_solutions = without = 0
    for p in PUZZLES:
        grid = p.grid.tolist()
        want = brute_force(grid, cover, limit=LOOK, touch=touch)
        got = search(p, cover=cover, touch=touch, max_solutions=CAP)
        found = {_canon(s) for s in got.solutions}
        assert len(found) == len(got.solutions), p.grid  # no solution twice
        if len(want) < CAP:
            assert got.complete, p.grid
            assert found == set(want), p.grid
        else:  # stopped at the cap: not exhausted, and every solution is one of the brute force's
            assert not got.complete and len(got.solutions) == CAP, p.grid
            if len(want) < LOOK:
                assert found <= set(want), p.grid
        for s in got.solutions:
            assert problems(grid, [p_.tolist() for p_ in s.paths], cover) == [], p.grid
            if not touch:
                assert not any(touches_itself(p_.tolist()) for p_ in s.paths)
        with_solutions += bool(want)
        without += not want
    # the sample holds both kinds of puzzle
    assert with_solutions >= 20 and without >= 20


@pytest.mark.parametrize(("cover", "touch"), RULES, ids=IDS)
def test_large_board_path_agrees_with_brute_force(cover: bool, touch: bool, monkeypatch) -> None:
    # boards too large for the per-row regions are searched with the rim check only: still exact
    monkeypatch.setattr(search_module, "_ROW_REGIONS_MAX", 0)
    for p in PUZZLES[::4]:
        want = brute_force(p.grid.tolist(), cover, limit=CAP, touch=touch)
        got = search(p, cover=cover, touch=touch, max_solutions=CAP)
        assert got.complete == (len(want) < CAP), p.grid
        if got.complete:
            assert {_canon(s) for s in got.solutions} == set(want), p.grid


@pytest.mark.parametrize(("cover", "touch"), RULES, ids=IDS)
def test_search_is_deterministic(cover: bool, touch: bool) -> None:
    for p in PUZZLES[:40]:
        a = search(p, cover=cover, touch=touch, max_solutions=3)
        b = search(p, cover=cover, touch=touch, max_solutions=3)
        assert [_canon(s) for s in a.solutions] == [_canon(s) for s in b.solutions]
        assert (a.complete, a.nodes) == (b.complete, b.nodes)


def test_wide_puzzles_are_solved_in_the_original_layout() -> None:
    # searched with rows along the short side, answered in the puzzle's own (row, col) cells
    p = Puzzle.from_rows(["1....2", "......", "1....2"])
    for cover, touch in RULES:
        got = search(p, cover=cover, touch=touch, max_solutions=50)
        assert len(got.solutions) == min(50, len(brute_force(p.grid.tolist(), cover, limit=50, touch=touch)))
        assert all(s.shape == (3, 6) for s in got.solutions)
        for s in got.solutions:
            assert problems(p.grid.tolist(), [q.tolist() for q in s.paths], cover) == []
            assert [tuple(q[0]) for q in s.paths] == [(0, 0), (0, 5)]
    straight = [[1, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 2]]
    assert any(s.grid.tolist() == straight for s in search(p, cover=False, touch=False, max_solutions=50).solutions)


def test_deadline_stops_the_search() -> None:
    # one pair on an empty 10x10 board has far too many lines to count in a tenth of a second
    p = Puzzle.from_endpoints((10, 10), [((0, 0), (9, 9))])
    t0 = time.perf_counter()
    got = search(p, cover=False, touch=True, max_solutions=10**6, deadline=t0 + 0.1)
    assert isinstance(got, SearchOutcome)
    assert not got.complete and got.nodes > 0 and 0 < len(got.solutions) < 10**6
    past = search(p, cover=False, touch=True, deadline=t0 - 1.0)
    assert not past.complete and past.solutions == () and past.nodes == 0


def test_no_solution_is_proven() -> None:
    p = Puzzle.from_endpoints((5, 5), [((0, 2), (4, 2)), ((2, 0), (2, 4))])
    for cover, touch in RULES:
        got = search(p, cover=cover, touch=touch, max_solutions=2)
        assert got.complete and got.solutions == ()


def test_bad_arguments_are_named() -> None:
    p = Puzzle.from_rows(["1.1"])
    with pytest.raises(InvalidSizeError, match="max_solutions"):
        search(p, cover=True, touch=True, max_solutions=0)
    with pytest.raises(PuzzleError, match="Puzzle"):
        search([[1, 0, 1]], cover=True, touch=True)  # type: ignore[arg-type]


def test_counts_past_the_solution_buffer() -> None:
    # 184 lines join opposite corners of an empty 4x4 board: more than one buffer of solutions
    p = Puzzle.from_endpoints((4, 4), [((0, 0), (3, 3))])
    want = brute_force(p.grid.tolist(), False, limit=1000)
    got = search(p, cover=False, touch=True, max_solutions=1000)
    assert got.complete and len(want) == len(got.solutions) == 184
    assert {_canon(s) for s in got.solutions} == set(want)
    capped = search(p, cover=False, touch=True, max_solutions=100)
    assert not capped.complete and [_canon(s) for s in capped.solutions] == [_canon(s) for s in got.solutions[:100]]
