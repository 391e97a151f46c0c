"""The corner-cut clauses of ``solvers/shortcuts.py``: they keep a solution under ``nikoli`` whenever there is one."""

from __future__ import annotations

import numpy as np
import pytest

from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.solvers.encoding import Encoding
from tremaux.numberlink.solvers.shortcuts import corner_cut_clauses, detour_clauses, shortcut_clauses


def _random_puzzle(rng: np.random.Generator, h: int, w: int, pairs: int) -> Puzzle:
    grid = np.zeros(h * w, dtype=np.int64)
    cells = rng.choice(h * w, size=2 * pairs, replace=False)
    grid[cells] = np.repeat(np.arange(1, pairs + 1), 2)
    return Puzzle(grid.reshape(h, w))


def _model(p: Puzzle, *, cut: bool, induced: bool):
    with Encoding(p, "nikoli", induced=induced) as enc:
        if cut:
            for clause in shortcut_clauses(p, enc.inc):
                enc.add_clause(clause)
        return enc.next_model()


@pytest.mark.parametrize("induced", [True, False])
def test_a_solution_is_kept_exactly_when_there_is_one(induced: bool) -> None:
    rng = np.random.default_rng(16)
    solvable = 0
    for n in range(150):
        h, w = int(rng.integers(3, 7)), int(rng.integers(3, 7))
        p = _random_puzzle(rng, h, w, int(rng.integers(1, 4)))
        plain = _model(p, cut=False, induced=induced)
        cut = _model(p, cut=True, induced=induced)
        assert (plain is None) == (cut is None), (n, p.grid.tolist())
        solvable += plain is not None
        if cut is None:
            continue
        # direction bits N1 E2 S4 W8, closed loops included (the SAT model's, dropped from the answer)
        links = (cut.links if cut.with_loops is None else cut.with_loops).reshape(h, w)
        g = p.grid
        for r in range(h - 1):
            for c in range(w):
                if g[r, c]:
                    continue
                for shape, dc in ((2 | 4, 1), (8 | 4, -1)):  # ┌ and its South-East cell, ┐ and its South-West
                    if links[r, c] == shape and 0 <= c + dc < w and g[r + 1, c + dc] == 0:
                        assert links[r + 1, c + dc] != 0, (n, p.grid.tolist())
                for k in (1, 2, 3):  # down, k + 1 East, up, over k empty cells
                    if c + k + 1 < w and not g[r, c + 1: c + k + 1].any() and not links[r, c + 1: c + k + 1].any():
                        row = links[r + 1, c: c + k + 2]
                        assert not (row[0] & 3 == 3 and (row[1:-1] == 10).all() and row[-1] & 9 == 9), n
    assert 20 < solvable < 150  # both kinds were asked


def test_a_corner_beside_an_empty_cell_is_cut() -> None:
    p = Puzzle.from_rows(["...", "1.1", "..."])
    with Encoding(p, "nikoli", induced=True) as enc:
        corner = [int(enc.inc[0, 1]), int(enc.inc[0, 2])]  # a ┌ at the top left: links East and South
        empty = [-int(v) for v in enc.inc[4] if v]  # the middle cell, its South-East neighbour, stays empty
        assert enc.next_model(assumptions=corner + empty) is not None  # 1 up, over the top, and down to 1
        for clause in corner_cut_clauses(p, enc.inc):
            enc.add_clause(clause)
        assert enc.next_model(assumptions=corner + empty) is None
        assert enc.next_model() is not None  # the straight line is still there


def test_one_solution_under_nikoli_uses_them_and_counting_does_not() -> None:
    p = Puzzle.from_rows(["1...", "....", "...1"])
    one = solve_puzzle(p, rule="nikoli")
    assert one.status == "solved"
    every = solve_puzzle(p, rule="nikoli", unique=True)
    assert every.status == "solved" and every.unique is False


def test_a_detour_over_empty_cells_is_cut() -> None:
    p = Puzzle.from_rows(["1..1", "....", "2..2"])
    with Encoding(p, "nikoli", induced=True) as enc:
        detour = [int(enc.inc[4, 0]), int(enc.inc[4, 1]), int(enc.inc[5, 1]), int(enc.inc[6, 1]), int(enc.inc[7, 0])]
        skipped = [-int(v) for m in (1, 2) for v in enc.inc[m] if v]
        assert enc.next_model(assumptions=detour + skipped) is not None  # 1 round the middle row, 2 below
        for clause in detour_clauses(p, enc.inc):
            enc.add_clause(clause)
        assert enc.next_model(assumptions=detour) is None
        assert enc.next_model() is not None


def test_the_edge_table_must_fit_the_puzzle() -> None:
    with pytest.raises(ValueError, match="one row per cell"):
        corner_cut_clauses(Puzzle.from_rows(["1.1"]), np.zeros((2, 4), dtype=int))
