"""The compiled Number Link search against the brute force of numberlink_reference.py.

Small random puzzles (seeded), under the four combinations of ``cover`` (fill /
nikoli) and ``touch``: the exact count up to a cap and the solutions
themselves agree with the brute force, every solution passes the reference's
``problems``, the same input gives the same output, and a deadline in the
past stops the search with ``complete=False``. The puzzles include sparser
ones (covers by lines that never run beside themselves, with lines joined end
to end). The corner theorem the search prunes with under ``touch=False`` is
checked on random covers, and on 5x5-7x7 boards (beyond the brute force) the
solutions without touching are compared with the fill solutions filtered.
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


def _untouching_covers(seed: int, count: int, lo: int = 2, hi: int = 16) -> list[tuple[int, int, np.ndarray]]:
    """Random covers of boards ``lo`` to ``hi`` cells a side by lines of which none runs beside itself, as link
    bits per cell."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        h, w = int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1))
        links = random_cover(h, w, make_state(int(rng.integers(1 << 30))), int(rng.integers(3, h * w + 4)))
        step = {1: -w, 2: 1, 4: w, 8: -1}
        nbrs = [[i + step[b] for b in step if links[i] & b] for i in range(h * w)]
        if any(len(x) not in (1, 2) for x in nbrs):
            continue
        lines, seen = [], set()
        for i in range(h * w):
            if len(nbrs[i]) == 1 and i not in seen:
                prev, cur, cells = -1, i, []
                while True:
                    seen.add(cur)
                    cells.append((cur // w, cur % w))
                    nxt = [j for j in nbrs[cur] if j != prev]
                    if not nxt:
                        break
                    prev, cur = cur, nxt[0]
                lines.append(cells)
        if len(seen) == h * w and not any(touches_itself(c) for c in lines):
            out.append((h, w, np.asarray(links, dtype=np.int64)))
    return out


def _cover_pairs(h: int, w: int, links: np.ndarray) -> list[tuple[int, int]]:
    """The two end cells (flat) of every line of a cover."""
    pairs = {}
    for i, x in enumerate(links.tolist()):
        if bin(x).count("1") != 1:
            continue
        prev, cur = -1, i
        while True:
            nxt = [cur + s for b, s in {1: -w, 2: 1, 4: w, 8: -1}.items() if links[cur] & b and cur + s != prev]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
        pairs[min(i, cur)] = max(i, cur)
    return list(pairs.items())


def _joined(w: int, pairs: list[tuple[int, int]], rng, times: int) -> list[tuple[int, int]]:
    """``pairs`` with up to ``times`` lines joined end to end where two ends lie side by side (sparser puzzles)."""
    pairs = [list(p) for p in pairs]
    for _ in range(times):
        opts = [(a, b, ea, eb) for a in range(len(pairs)) for b in range(a + 1, len(pairs))
                for ea in (0, 1) for eb in (0, 1)
                if abs(pairs[a][ea] // w - pairs[b][eb] // w) + abs(pairs[a][ea] % w - pairs[b][eb] % w) == 1]
        if not opts or len(pairs) < 3:
            break
        a, b, ea, eb = opts[int(rng.integers(len(opts)))]
        new = [pairs[a][1 - ea], pairs[b][1 - eb]]
        pairs = [p for k, p in enumerate(pairs) if k not in (a, b)] + [new]
    return [tuple(p) for p in pairs]


def sparse_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Sparser puzzles on 4x4 to 5x5 boards: covers without touching with up to two joins of lines end to end
    (few pairs, long lines; often no solution without touching)."""
    rng = np.random.default_rng(seed)
    return [Puzzle.from_endpoints((h, w), [((a // w, a % w), (b // w, b % w))
                                           for a, b in _joined(w, _cover_pairs(h, w, links), rng, 2)])
            for h, w, links in _untouching_covers(seed, count, 4, 5)]




PUZZLES = random_puzzles(2024, 150) + covered_puzzles(7, 60) + sparse_puzzles(41, 40)


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
    search(Puzzle.from_rows(["1.1"]), cover=False, touch=True)  # the kernels loaded: the tenth is the search's
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


# the corner theorem (fill, no touching): shapes by their links (N1 E2 S4 W8) and their inner diagonal step
_CORNERS = {6: (1, 1), 12: (1, -1), 3: (-1, 1), 9: (-1, -1)}  # ┌ SE, ┐ SW, └ NE, ┘ NW


def test_corner_theorem_holds_on_random_covers() -> None:
    # every corner's inner diagonal chain runs through corners of its shape to an endpoint, inside the board,
    # and the static table of the search allows every corner of the cover
    from tremaux.kernels.nl_search_corner import corner_table

    corners = 0
    for h, w, links in _untouching_covers(16, 150):
        ends = np.array([bin(int(x)).count("1") == 1 for x in links])
        allowed = corner_table(np.where(ends, 1, 0).astype(np.int64), h, w)
        for i, lk in enumerate(links.tolist()):
            if lk not in _CORNERS:
                continue
            corners += 1
            assert (allowed[i] >> list(_CORNERS).index(lk)) & 1, (h, w, i)
            dr, dc = _CORNERS[lk]
            r, c = i // w + dr, i % w + dc
            while True:
                assert 0 <= r < h and 0 <= c < w, (h, w, i)  # the chain ends before the edge
                if ends[r * w + c]:
                    break
                assert links[r * w + c] == lk, (h, w, i)
                r, c = r + dr, c + dc
    assert corners > 1000


def test_corner_table_marks_rays_that_meet_a_number() -> None:
    from tremaux.kernels.nl_search_corner import corner_table

    # 3x3, one number in the middle: only the cells diagonal to it may be corners, each facing it
    grid = np.array([0, 0, 0, 0, 1, 0, 0, 0, 0], dtype=np.int64)
    t = corner_table(grid, 3, 3).tolist()
    assert t == [1, 0, 2, 0, 15, 0, 4, 0, 8]  # ┌ at NW, ┐ at NE, └ at SW, ┘ at SE; the number gets every bit


def test_notouch_solutions_are_the_touch_solutions_that_do_not_touch() -> None:
    # boards of 5 to 7 a side, larger than the brute force allows: fill without touching (with the corner
    # checks) finds exactly the fill solutions (searched without them) where no line runs beside itself; the
    # covers' own puzzles have a solution, those with lines joined end to end mostly none
    rng = np.random.default_rng(3)
    checked, solvable, touching = 0, 0, 0
    for h, w, links in _untouching_covers(23, 40, 5, 7):
        for pairs in (_cover_pairs(h, w, links), _joined(w, _cover_pairs(h, w, links), rng, 3)):
            p = Puzzle.from_endpoints((h, w), [((a // w, a % w), (b // w, b % w)) for a, b in pairs])
            every = search(p, cover=True, touch=True, max_solutions=2000)
            if not every.complete:
                continue
            want = {_canon(s) for s in every.solutions if not any(touches_itself(q.tolist()) for q in s.paths)}
            got = search(p, cover=True, touch=False, max_solutions=2000)
            assert got.complete and {_canon(s) for s in got.solutions} == want, p.grid
            checked += 1
            solvable += bool(want)
            touching += len(every.solutions) > len(want)
    assert checked >= 60 and solvable >= 30 and touching >= 30


@pytest.mark.parametrize(("cover", "touch"), RULES, ids=IDS)
def test_a_paused_run_goes_on_to_the_same_solutions(cover: bool, touch: bool) -> None:
    """Pausing at the first solution and going on finds what one run finds (the uniqueness path)."""
    from tremaux.numberlink.solvers.search import SearchRun

    for p in PUZZLES[::5]:
        whole = search(p, cover=cover, touch=touch, max_solutions=4)
        run = SearchRun(p, cover=cover, touch=touch, max_solutions=4)
        first = run.advance(pause_at=1)
        assert len(first.solutions) >= 1 or first.complete
        assert [_canon(lk) for lk in first.solutions] == [_canon(lk) for lk in whole.solutions][: len(first.solutions)]
        rest = run.advance()
        assert rest.complete == whole.complete
        assert [_canon(lk) for lk in rest.solutions] == [_canon(lk) for lk in whole.solutions]


@pytest.mark.parametrize(("cover", "touch"), RULES, ids=IDS)
def test_a_run_cut_into_short_slices_ends_as_one_run(cover: bool, touch: bool) -> None:
    """Slices sized to a deadline a fraction of a millisecond away lose and repeat nothing."""
    from tremaux.numberlink import generate_puzzle
    from tremaux.numberlink.solvers.search import _FIRST_SLICE, SearchRun

    longer = [Puzzle.from_rows(["1.....", "......", "...2..", "......", ".....1", "2....."]),
              Puzzle.from_endpoints((6, 6), [((0, 0), (5, 5))]),
              generate_puzzle((8, 8), seed=0, density=0.05).puzzle]
    sliced = 0
    for p in PUZZLES[::7] + longer:
        whole = search(p, cover=cover, touch=touch, max_solutions=60)
        run = SearchRun(p, cover=cover, touch=touch, max_solutions=60)
        calls = 0
        while True:
            out = run.advance(time.perf_counter() + 1e-4)
            calls += 1
            if out.complete or len(out.solutions) >= 60:
                break
            assert calls < 100_000
        assert [_canon(lk) for lk in out.solutions] == [_canon(lk) for lk in whole.solutions]
        assert (out.complete, out.nodes) == (whole.complete, whole.nodes)
        if whole.nodes > _FIRST_SLICE:  # the first slice alone could not have done it
            assert calls > 1
            sliced += 1
    assert sliced >= 1 or (cover and not touch)  # the corner theorem leaves too few nodes to slice


def test_each_pair_s_ends_in_the_search_s_layout():
    """The search's endpoint table (found with one sort of the numbered cells) holds each pair's two cells in
    row-major order of the layout it searches, transposed or not."""
    from tremaux.numberlink.solvers.search import SearchRun

    rng = np.random.default_rng(5)
    for h, w in ((3, 7), (7, 3), (5, 5), (1, 6)):
        for _ in range(5):
            k = int(rng.integers(1, h * w // 2 + 1))
            g = np.zeros(h * w, dtype=np.int64)
            g[rng.choice(h * w, size=2 * k, replace=False)] = rng.permutation(np.repeat(np.arange(1, k + 1), 2))
            p = Puzzle(g.reshape(h, w))
            for cover, touch in RULES:
                run = SearchRun(p, cover=cover, touch=touch)
                laid = np.ascontiguousarray(p.grid.T if run._flip else p.grid).ravel()
                assert [list(np.flatnonzero(laid == q + 1)) for q in range(k)] == run._ends.tolist()
