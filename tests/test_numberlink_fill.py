"""Solving under ``fill``: the corner theorem as SAT clauses, and lines stretched over empty cells.

Each check is against the brute force of ``numberlink_reference`` on many
small random puzzles: the clauses must lose no solution whose lines never run
beside themselves, and every answer must pass the independent checker.
"""

from __future__ import annotations

import numpy as np

from numberlink_reference import brute_force
from tremaux.kernels.numberlink import trace_lines
from tremaux.numberlink import Puzzle
from tremaux.numberlink.sat import Encoding


def _random_puzzles(seed, count, max_side=5, max_pairs=4):
    """``count`` random small puzzles (2 to ``max_side`` on a side, 1 to ``max_pairs`` pairs)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(2, max_side + 1)), int(rng.integers(2, max_side + 1))
        k = int(rng.integers(1, min(max_pairs, h * w // 2) + 1))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        for j in range(k):
            g[cells[2 * j]] = g[cells[2 * j + 1]] = j + 1
        yield Puzzle(g.reshape(h, w))


def _snake_puzzles(seed, count, max_side=5):
    """``count`` puzzles that have a ``fill`` solution: a boustrophedon through the board cut into lines."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(2, max_side + 1)), int(rng.integers(2, max_side + 1))
        order = [r * w + (c if r % 2 == 0 else w - 1 - c) for r in range(h) for c in range(w)]
        if rng.integers(2):  # along the columns instead
            order = [(c if r % 2 == 0 else h - 1 - c) * w + r for r in range(w) for c in range(h)]
        k = int(rng.integers(1, max(2, h * w // 3) + 1))
        cuts = np.sort(rng.choice(np.arange(2, h * w - 1), size=k - 1, replace=False)) if k > 1 else []
        bounds = [0, *[int(x) for x in cuts], h * w]
        if any(b - a < 2 for a, b in zip(bounds, bounds[1:])):
            continue
        g = np.zeros(h * w, dtype=np.int64)
        for j, (a, b) in enumerate(zip(bounds, bounds[1:])):
            g[order[a]] = g[order[b - 1]] = j + 1
        yield Puzzle(g.reshape(h, w))


def _paths_of_models(p, **kw):
    """Every model's lines, as a set of tuples of paths (loops cut under ``fill``)."""
    found = set()
    h, w = p.shape
    with Encoding(p, "fill", **kw) as enc:
        for _ in range(5000):
            m = enc.next_model()
            if m is None:
                return found
            owner, cells, starts, reached = trace_lines(m.links, enc.ends, h, w)
            assert np.array_equal(reached, p.ends[:, 1]) and (owner >= 0).all()
            found.add(tuple(tuple(divmod(int(c), w) for c in cells[starts[k]:starts[k + 1]])
                            for k in range(p.pairs)))
            enc.block(m)
    raise AssertionError("more models than expected")


def test_corner_clauses_keep_exactly_the_solutions_whose_lines_never_touch():
    solvable = 0
    for p in [*_random_puzzles(16, 100), *_snake_puzzles(17, 200)]:
        expected = set(brute_force(p.grid.tolist(), True, touch=False))
        got = _paths_of_models(p, induced=True, corners=True)
        assert got == expected, p.grid.tolist()
        assert _paths_of_models(p, induced=True) == expected
        solvable += bool(expected)
    assert 25 < solvable < 200  # both kinds of puzzle were met


def test_corner_clauses_without_induced_lines_give_solutions_and_keep_those_that_never_touch():
    from numberlink_reference import problems

    for p in [*_random_puzzles(20, 60), *_snake_puzzles(21, 120)]:
        untouched = set(brute_force(p.grid.tolist(), True, touch=False))
        got = _paths_of_models(p, uturns=False, corners=True, colour_bits=1)  # shared codes: wrong joins cut
        assert untouched <= got
        for sol in got:
            assert problems(p.grid.tolist(), [list(path) for path in sol], fill=True) == []


def test_corner_clauses_refuse_what_the_theorem_does_not_cover():
    p = Puzzle.from_rows(["1..", "...", "..1"])
    for kw in ({"induced": True, "holes": "any"}, {"holes": "any"}):
        try:
            Encoding(p, "fill", corners=True, **kw)
        except ValueError as e:
            assert "corner theorem" in str(e)
        else:
            raise AssertionError(f"corners accepted with {kw}")
    try:
        Encoding(p, "nikoli", corners=True)
    except ValueError as e:
        assert "corner theorem" in str(e)
    else:
        raise AssertionError("corners accepted under nikoli")


def test_stretch_takes_in_empty_cells_and_closed_loops_and_the_checker_agrees():
    from numberlink_reference import problems
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers.stretch import stretch

    stretched = stuck = 0
    for p in [*_random_puzzles(18, 120), *_snake_puzzles(19, 120)]:
        starts = [np.asarray(Linking.from_paths(p, sol).links).ravel()
                  for sol in brute_force(p.grid.tolist(), False, limit=30)]
        for links in starts:
            lk = stretch(p, links)
            if lk is None:
                stuck += 1
                continue
            assert (lk.grid > 0).all()
            assert problems(p.grid.tolist(), [path.tolist() for path in lk.paths], fill=True) == []
            stretched += 1
    assert stretched > 200 and stuck > 20  # both outcomes were met


def _links_of(h, w, walks):
    """Links (N1 E2 S4 W8 per cell) of walks given as lists of (row, col), each step to a neighbour."""
    links = np.zeros(h * w, dtype=np.uint8)
    for walk in walks:
        for (r0, c0), (r1, c1) in zip(walk, walk[1:]):
            bit = {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}[(r1 - r0, c1 - c0)]
            links[r0 * w + c0] |= bit
            links[r1 * w + c1] |= {1: 4, 2: 8, 4: 1, 8: 2}[bit]
    return links


def test_stretch_takes_a_closed_loop_then_the_empty_row_beyond_it():
    from tremaux.numberlink.solvers.stretch import stretch

    p = Puzzle.from_rows(["1..1", "....", "....", "...."])
    line = [(0, 0), (0, 1), (0, 2), (0, 3)]
    loop = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (2, 2), (2, 1), (2, 0), (1, 0)]
    lk = stretch(p, _links_of(4, 4, [line, loop]))
    assert lk is not None and (lk.grid == 1).all()
    path = [tuple(x) for x in lk.paths[0].tolist()]
    assert path[0] == (0, 0) and path[-1] == (0, 3) and len(set(path)) == 16
    assert stretch(p, _links_of(4, 4, [line]), max_passes=1) is None  # one pass takes one row, not two
    assert stretch(Puzzle.from_rows(["1.1", "..."]), _links_of(2, 3, [[(0, 0), (0, 1), (0, 2)]])) is None  # odd


def test_no_stage_starts_once_the_deadline_has_passed(monkeypatch):
    import time

    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.solvers import pipeline

    called = []

    def slow(task):
        called.append("slow")
        while task.left() > 0:
            time.sleep(0.001)

    def later(task):
        called.append("later")

    monkeypatch.setattr(pipeline, "STAGES", [("slow", slow), ("later", later)])
    r = solve_puzzle(Puzzle.from_rows(["1..", "...", "..1"]), rule="fill", time_limit=0.05)
    assert called == ["slow"]
    assert r.status == "gave-up" and "time limit" in r.message
