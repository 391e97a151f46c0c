"""Every line of a covering solution as short as can be: then every solution under ``nikoli`` covers the board.

Checked against ``numberlink_reference.brute_force`` on random small boards (``solvers/lengths.py``), and the
uniqueness check that asks such a puzzle under ``fill`` instead, against the same brute force.
"""

from __future__ import annotations

import numpy as np

from numberlink_reference import brute_force, problems, touches_itself
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.another import another_stage
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.lengths import covers_every_solution
from tremaux.numberlink.solvers.pipeline import fast


def boards(seed: int, count: int):
    """Generated puzzles with short lines (3 x 3 to 4 x 5), and random pairs set close together."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(3, 5)), int(rng.integers(3, 6))
        if i % 2:
            yield generate_puzzle((h, w), seed=seed + i, max_len=int(rng.integers(2, 5))).puzzle
            continue
        g = np.zeros((h, w), dtype=np.int64)
        for k in range(1, int(rng.integers(2, 6))):
            free = np.argwhere(g == 0)
            r, c = free[int(rng.integers(len(free)))]
            near = [(r + dr, c + dc) for dr in range(-2, 3) for dc in range(-2, 3)
                    if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w and g[r + dr, c + dc] == 0]
            if not near:
                break
            g[r, c] = k
            g[near[int(rng.integers(len(near)))]] = k
        yield Puzzle(g)


def test_every_solution_covers_when_the_lines_are_shortest():
    """Whenever the test says so of a covering solution, the brute force (lines that may touch) finds no
    solution with a cell empty, nor one whose line runs beside itself."""
    fired = refused = 0
    for p in boards(3, 160):
        grid = p.grid.tolist()
        every = brute_force(grid, False, limit=10**6, touch=True)
        cells = p.height * p.width
        for s in every:
            if sum(len(x) for x in s) != cells:
                assert not covers_every_solution(p, Linking.from_paths(p, s))  # not covering: nothing proved
                continue
            if covers_every_solution(p, Linking.from_paths(p, s)):
                fired += 1
                assert all(sum(len(x) for x in t) == cells for t in every), grid
                assert not any(touches_itself(x) for t in every for x in t), grid  # nor touches itself
            else:
                refused += 1
    assert fired > 20 and refused > 20, (fired, refused)


def test_the_check_asked_under_fill_answers_as_the_brute_force():
    """Puzzles whose covering solution has only shortest lines: the check's verdict and solutions, both touch
    settings, against the brute force under ``nikoli``."""
    asked = 0
    for p in boards(11, 80):
        grid = p.grid.tolist()
        for touch in (True, False):
            sols = brute_force(grid, False, limit=10**6, touch=touch)
            cover = [s for s in sols if sum(len(x) for x in s) == p.height * p.width]
            if not cover or not covers_every_solution(p, Linking.from_paths(p, cover[0])):
                continue
            a = another_stage(Task(p, resolve("nikoli", touch=touch), 2, None), fast)
            assert a.exhausted or len(a.solutions) == 2
            assert len(a.solutions) == min(2, len(sols)), (grid, touch, a.how)
            for lk in a.solutions:
                assert not problems(grid, [x.tolist() for x in lk.paths], False)
            asked += "every line as short as can be" in a.how
    assert asked > 10, asked


def test_the_first_solution_in_hand_stands_when_fill_finds_none_in_time():
    """Asked under fill, a first solve that comes back empty (out of time) does not lose the solution in hand."""
    from tremaux.numberlink.solvers.base import Answer
    from tremaux.numberlink.solvers.lengths import as_fill

    p = Puzzle.from_rows(["1.1", "2.2", "3.3"])
    one = fast(Task(p, resolve("nikoli", touch=False), 1, None))
    assert covers_every_solution(p, one.solutions[0])
    a = as_fill(Task(p, resolve("nikoli", touch=False), 2, None), lambda t: Answer((), False, "no time"), None, one)
    assert len(a.solutions) == 1 and a.exhausted and a.solutions[0].grid.tolist() == one.solutions[0].grid.tolist()
