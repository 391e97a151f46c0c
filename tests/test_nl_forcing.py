"""The propagating search for another solution (``solvers.forcing``, kernel ``kernels.nl_force``).

Against the brute force of ``numberlink_reference`` on random small boards
under both rules, with and without touching: from every solution (up to
three per board), it returns another solution that the reference checker
accepts and that differs, exactly when the brute force has two or more, and
otherwise proves there is none.
"""

from __future__ import annotations

import numpy as np
import pytest

import numberlink_checker
from numberlink_reference import brute_force, problems, touches_itself
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.another import another_stage
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.forcing import MAX_CELLS, MAX_PAIRS, ForceRun, for_question
from tremaux.numberlink.solvers.pipeline import fast

COMBOS = [("fill", True), ("fill", False), ("nikoli", True), ("nikoli", False)]


def boards(seed: int, count: int):
    """Random endpoints on 2x2 to 5x5 boards, and every third a generated puzzle (solvable under fill)."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(2, 6)), int(rng.integers(2, 6))
        if i % 3 == 2:
            yield generate_puzzle((max(h, 3), max(w, 3)), seed=int(rng.integers(1 << 30))).puzzle
            continue
        k = min(int(rng.integers(1, 5)), h * w // 2)
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        g[cells] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


@pytest.mark.parametrize("rule,touch", COMBOS)
def test_force_agrees_with_the_brute_force(rule, touch):
    fill = rule == "fill"
    seen = {"unique": 0, "several": 0}
    for p in boards(16 + fill + 2 * touch, 150):
        sols = brute_force(p.grid.tolist(), fill, limit=10**6, touch=touch)
        for s in sols[:3]:
            first = Linking.from_paths(p, [list(q) for q in s])
            run = ForceRun(p, first, cover=fill, touch=touch)
            other = run.advance(None)
            assert run.done
            if len(sols) == 1:
                assert other is None and run.exhausted, (p.grid.tolist(), rule, touch)
                seen["unique"] += 1
                continue
            assert other is not None and not run.exhausted, (p.grid.tolist(), rule, touch, len(sols))
            paths = [q.tolist() for q in other.paths]
            assert not problems(p.grid.tolist(), paths, fill)
            assert not numberlink_checker.follow(p.grid.tolist(), paths, fill=fill, touch=touch)  # the checker too
            assert touch or not any(touches_itself(q) for q in paths)
            assert not np.array_equal(np.asarray(other.links), np.asarray(first.links))
            seen["several"] += 1
    # under fill without touching small boards seldom have two solutions
    assert seen["unique"] >= 20 and seen["several"] >= (0 if fill and not touch else 5), seen


@pytest.mark.parametrize("rule,touch", COMBOS)
def test_the_second_question_agrees_with_the_brute_force_when_forcing_answers(rule, touch, monkeypatch):
    """Through ``another_stage``: every verdict the brute force's, and forcing answers some of them under fill
    with touching and under nikoli (under fill without touching the search that found the first solution goes
    on, and forcing is not asked). Under nikoli the question is kept even when every line of the first solution
    is shortest (``solvers/lengths.py`` would ask it under fill: ``tests/test_nl_lengths.py``)."""
    from tremaux.numberlink.solvers import another

    monkeypatch.setattr(another, "covers_every_solution", lambda puzzle, first: False)
    fill = rule == "fill"
    by_forcing = 0
    for p in boards(40 + fill + 2 * touch, 80):
        sols = brute_force(p.grid.tolist(), fill, limit=3, touch=touch)
        if not sols:
            continue
        a = another_stage(Task(p, resolve(rule, touch=touch), 2, None), fast)
        assert len(a.solutions) == min(2, len(sols)), (p.grid.tolist(), rule, touch, a.how)
        assert a.exhausted or len(a.solutions) == 2
        for lk in a.solutions:
            paths = [q.tolist() for q in lk.paths]
            assert not problems(p.grid.tolist(), paths, fill)
            assert touch or not any(touches_itself(q) for q in paths)
        by_forcing += "forcing" in a.how
    assert (by_forcing > 0) if touch or not fill else (by_forcing == 0)


def test_a_puzzle_decided_by_its_consequences_is_proven_unique_by_forcing():
    """A 10x10 contest puzzle under fill with touching: the rule's consequences leave one solution, proven by
    forcing in a few decisions (before, by SAT after its encoding was built)."""
    p = Puzzle.from_rows(["1..8..9..A", "2.......9A", "3.........", ".........8", "4........1",
                          "5.........", ".........2", "6........3", "7.........", "..7..6..54"])
    a = another_stage(Task(p, resolve("fill", touch=True), 2, None), fast)
    assert a.exhausted and len(a.solutions) == 1
    assert a.how.endswith("no other (forcing)"), a.how
    run = ForceRun(p, a.solutions[0], cover=True, touch=True)
    assert run.advance(None) is None and run.exhausted and run.nodes < 100


def test_too_many_pairs_or_cells_are_refused_and_left_to_the_others():
    g = np.arange(1, MAX_PAIRS + 2).repeat(2).reshape(MAX_PAIRS + 1, 2)
    p = Puzzle(g)
    first = Linking.from_paths(p, [[(r, 0), (r, 1)] for r in range(MAX_PAIRS + 1)])
    with pytest.raises(ValueError, match="at most 62 pairs, not 63"):
        ForceRun(p, first, cover=True, touch=True)
    assert for_question(Task(p, resolve("fill"), 2, None), first) is None
    wide = Puzzle(np.pad([[1, 1]], ((0, 0), (0, MAX_CELLS - 1))))  # one row of MAX_CELLS + 1 cells
    line = Linking.from_paths(wide, [[(0, 0), (0, 1)]])
    assert for_question(Task(wide, resolve("fill", touch=True), 2, None), line) is None
    a = another_stage(Task(p, resolve("fill", touch=True), 2, None), fast)
    assert a.exhausted and len(a.solutions) == 1


def test_one_neighbour_helper_for_the_forcing_and_search_kernels():
    # the forcing kernel takes its step to a neighbour from the search's pruning, not from a copy of it
    from tremaux.kernels import nl_force, nl_search_prune

    assert nl_force._side is nl_search_prune._side and not hasattr(nl_force, "_nb")
    h, w = 3, 4
    side = nl_search_prune._side.py_func
    for x in range(h * w):
        r, c = divmod(x, w)
        want = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]  # N E S W
        got = [side(x, d, h, w) for d in range(4)]
        assert got == [rr * w + cc if 0 <= rr < h and 0 <= cc < w else -1 for rr, cc in want]


def test_the_cells_every_line_passes_through_decide_a_contest_puzzle_without_a_decision():
    """The 10x10 contest puzzle above needs no decision once the cells on every way between a pair's numbers
    take its colour (six decisions without that rule)."""
    p = Puzzle.from_rows(["1..8..9..A", "2.......9A", "3.........", ".........8", "4........1",
                          "5.........", ".........2", "6........3", "7.........", "..7..6..54"])
    first = another_stage(Task(p, resolve("fill", touch=True), 2, None), fast).solutions[0]
    run = ForceRun(p, first, cover=True, touch=True)
    assert run.advance(None) is None and run.exhausted and run.nodes == 0


def test_separators_are_the_cells_whose_removal_cuts_one_number_from_the_other():
    """:func:`nl_force_cut._separators` against the brute force: every cell taken out in turn, a search."""
    from tremaux._jit import njit
    from tremaux.kernels.nl_force_cut import _separators

    @njit
    def call(h, w, est, mark, a, b, work):
        n = _separators(h, w, est, mark, a, b, work[0], work[1], work[2], work[3], work[4], work[5])
        return work[5][:n].copy()

    def steps(h, w, x):
        """The neighbours of ``x`` and the ids of the links to them (East links ``x``, South links ``size + x``)."""
        size = h * w
        r, c = divmod(x, w)
        out = []
        if r > 0:
            out.append((x - w, size + x - w))
        if c < w - 1:
            out.append((x + 1, x))
        if r < h - 1:
            out.append((x + w, size + x))
        if c > 0:
            out.append((x - 1, x - 1))
        return out

    def reach(h, w, est, allowed, a, without=-1):
        seen, todo = {a}, [a]
        while todo:
            x = todo.pop()
            for y, e in steps(h, w, x):
                if allowed[y] and est[e] != 0 and y != without and y not in seen:
                    seen.add(y)
                    todo.append(y)
        return seen

    rng = np.random.default_rng(1707)
    checked = found = 0
    for _ in range(400):
        h, w = int(rng.integers(1, 7)), int(rng.integers(2, 7))
        size = h * w
        est = rng.choice(np.array([-1, 0, 1], dtype=np.int8), size=2 * size, p=[0.6, 0.25, 0.15])
        a, b = (int(x) for x in rng.choice(size, size=2, replace=False))
        allowed = rng.random(size) < 0.8  # the cells that may take the colour
        allowed[[a, b]] = True
        mark = np.zeros(size, dtype=np.int64)
        mark[sorted(reach(h, w, est, allowed, a))] = 1  # what a reaches, as the kernel's reach marks it
        if not mark[b]:
            continue
        got = sorted(call(h, w, est, mark, a, b, np.zeros((6, size), dtype=np.int64)).tolist())
        want = [c for c in range(size) if c not in (a, b) and mark[c] == 1
                and b not in reach(h, w, est, mark == 1, a, without=c)]
        assert got == want, (h, w, est.tolist(), mark.tolist(), a, b)
        checked += 1
        found += len(want)
    assert checked > 100 and found > 50


def test_the_router_and_the_cover_kernels_share_the_neighbour_helper():
    # kernels.numberlink held a third copy (_nb) of nl_search_prune._side, read by nl_route too
    from tremaux.kernels import nl_route, nl_search_prune, numberlink

    assert numberlink._side is nl_search_prune._side and nl_route._side is nl_search_prune._side
    assert not hasattr(numberlink, "_nb") and not hasattr(nl_route, "_nb")


def test_the_search_takes_its_propagation_from_one_module():
    """The rules on links live in ``kernels.nl_force_prop``; the search of ``kernels.nl_force`` only decides and
    undoes, and each stays within the size of a module."""
    import inspect

    from tremaux.kernels import nl_force, nl_force_prop

    for name in ("_propagate", "_apply", "_undo", "_complete", "EMPTY"):
        assert getattr(nl_force, name) is getattr(nl_force_prop, name)
    assert not hasattr(nl_force, "_reach") and not hasattr(nl_force, "_join")
    assert all(len(inspect.getsource(m).splitlines()) <= 500 for m in (nl_force, nl_force_prop))


SPARSE_12 = [  # b-sparse development puzzle 3 (generate (12, 12) density=0.04 seed=6): several solutions under fill
    "............", "............", "..1.2....3..", "..1.....4...", "............", "...5........",
    "............", ".........4..", ".6..........", "......3.....", ".........56.", "...2........"]
SPARSE_12_FIRST = [  # a first solution under fill with touching, each line from one number to the other
    [(2, 2), (3, 2)],
    [(2, 4), (1, 4), (0, 4), (0, 3), (0, 2), (0, 1), (0, 0)] + [(r, 0) for r in range(1, 12)]
    + [(11, 1), (11, 2), (11, 3)],
    [(2, 9), (2, 8), (2, 7), (3, 7), (4, 7), (4, 8), (4, 9), (4, 10), (5, 10), (6, 10), (7, 10), (8, 10), (8, 9),
     (8, 8), (7, 8), (6, 8), (6, 7), (6, 6), (6, 5), (5, 5), (4, 5), (4, 4), (4, 3), (4, 2), (5, 2), (6, 2), (6, 3),
     (7, 3), (8, 3), (8, 4), (8, 5), (8, 6), (9, 6)],
    [(3, 8), (3, 9), (3, 10), (2, 10), (1, 10), (1, 9), (1, 8), (1, 7), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (5, 7),
     (5, 8), (5, 9), (6, 9), (7, 9)],
    [(5, 3), (5, 4), (6, 4), (7, 4), (7, 5), (7, 6), (7, 7), (8, 7), (9, 7), (10, 7), (10, 6), (10, 5), (9, 5), (9, 4),
     (9, 3), (9, 2), (8, 2), (7, 2), (7, 1), (6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3),
     (3, 3), (3, 4), (3, 5), (2, 5), (1, 5), (0, 5), (0, 6), (0, 7), (0, 8), (0, 9), (0, 10), (0, 11)]
    + [(r, 11) for r in range(1, 12)] + [(11, 10), (11, 9), (10, 9)],
    [(8, 1), (9, 1), (10, 1), (10, 2), (10, 3), (10, 4), (11, 4), (11, 5), (11, 6), (11, 7), (11, 8), (10, 8), (9, 8),
     (9, 9), (9, 10), (10, 10)]]


def test_the_known_solution_is_left_as_late_as_possible():
    """The known solution's value first at each decision: the other solutions of a sparse puzzle (lines re-routed
    near the last decisions) within 200 decisions; the other value first went down a path that could not
    succeed and gave up after tens of thousands."""
    from tremaux.kernels.nl_force import force_other

    p = Puzzle.from_rows(SPARSE_12)
    first = Linking.from_paths(p, SPARSE_12_FIRST)
    assert not numberlink_checker.follow(p.grid.tolist(), [q.tolist() for q in first.paths], fill=True, touch=True)
    h, w = p.shape
    out = np.zeros(h * w, dtype=np.int64)
    status, nodes = force_other(np.asarray(p.grid).ravel().astype(np.int64), h, w, True, True,
                                np.asarray(first.links, dtype=np.int64).ravel(), 200, out)
    assert status == 1, (status, nodes)
    other = Linking.from_paths(p, [q.tolist() for q in ForceRun(p, first, cover=True, touch=True).advance(None).paths])
    paths = [q.tolist() for q in other.paths]
    assert not numberlink_checker.follow(p.grid.tolist(), paths, fill=True, touch=True)
    assert not np.array_equal(np.asarray(other.links), np.asarray(first.links))


def test_under_nikoli_forcing_asks_among_lines_that_never_touch_when_that_suffices(monkeypatch):
    """A first solution that covers the board with lines that never run beside themselves: another solution,
    lines shortened where they touch, is one among lines that never touch (it leaves a cell empty), so the
    propagating search is asked that smaller question, as SAT and the new search are."""
    from tremaux.numberlink.solvers import another
    from tremaux.numberlink.solvers.reductions import untouched_suffices

    # the nikoli question itself (its lines are all shortest: solvers/lengths.py would ask it under fill)
    monkeypatch.setattr(another, "covers_every_solution", lambda puzzle, first: False)
    asked = []
    real = another.for_question
    monkeypatch.setattr(another, "for_question", lambda task, first: asked.append(
        (task.rule.touch, untouched_suffices(task.puzzle, first))) or real(task, first))
    p = Puzzle.from_rows(["1..8..9..A", "2.......9A", "3.........", ".........8", "4........1",
                          "5.........", ".........2", "6........3", "7.........", "..7..6..54"])
    a = another_stage(Task(p, resolve("nikoli", touch=True), 2, None), fast)
    assert a.exhausted and len(a.solutions) == 1
    assert asked == [(False, True)], asked
