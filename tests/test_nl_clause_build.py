"""The array-built degree and 2 x 2 clauses of ``solvers/clauses.py`` are the clauses, in the order, of the
cell-by-pattern loops they replaced (kept here as the reference)."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux.numberlink.solvers.encoding as encoding
from tremaux.numberlink import Puzzle
from tremaux.numberlink.solvers.clauses import ClauseBuilders, degree_clauses, degree_patterns


def _reference_degree(packed, deg, kinds):
    clauses, unsat = [], False
    for kind_id, kind in enumerate(("one", "two", "zero-two", "zero")):
        for d in range(5):
            rows = packed[(kinds == kind_id) & (deg == d)]
            if rows.shape[0] == 0:
                continue
            for cols, sign in degree_patterns(kind, d):
                if not cols:
                    unsat = True
                    continue
                lits = rows[:, list(cols)]
                if sign == -1:
                    lits = -lits
                elif sign == 0:
                    lits = lits.copy()
                    lits[:, 0] = -lits[:, 0]
                clauses.extend(lits.tolist())
    return clauses, unsat


def _reference_squares(self, idx, no_uturn):
    h, w, inc = self.h, self.w, self.inc
    if h < 2 or w < 2:
        return []
    tl = idx[:-1, :-1].ravel()
    sq = np.stack([inc[tl, 1], inc[tl, 2], inc[tl + w + 1, 0], inc[tl + w + 1, 3]], axis=1)
    sq = sq[(sq > 0).all(axis=1)]
    if not no_uturn:
        return (-sq).tolist()
    out = []
    for drop in range(4):
        out.extend((-np.delete(sq, drop, axis=1)).tolist())
    return out


def test_degree_clauses_match_the_loops_on_random_cells() -> None:
    rng = np.random.default_rng(7)
    for _ in range(2000):
        cells = int(rng.integers(1, 30))
        deg = rng.integers(0, 5, size=cells)
        packed = np.zeros((cells, 4), dtype=np.int64)
        for c in range(cells):
            packed[c, : deg[c]] = rng.choice(np.arange(1, 60), size=deg[c], replace=False)
        kinds = rng.integers(0, 4, size=cells)
        assert degree_clauses(packed, deg, kinds) == _reference_degree(packed, deg, kinds)


def _random_puzzle(rng: np.random.Generator) -> Puzzle:
    h, w = int(rng.integers(1, 8)), int(rng.integers(1, 8))
    pairs = int(rng.integers(1, max(2, h * w // 2) + 1)) if h * w >= 2 else 0
    pairs = min(pairs, h * w // 2, 12)
    grid = np.zeros(h * w, dtype=np.int64)
    cells = rng.choice(h * w, size=2 * pairs, replace=False)
    grid[cells] = np.repeat(np.arange(1, pairs + 1), 2)
    return Puzzle(grid.reshape(h, w))


def _clauses(puzzle: Puzzle, monkeypatch, **kw) -> list[list[int]]:
    got = []
    real = encoding.loaded_solver
    monkeypatch.setattr(encoding, "loaded_solver", lambda backend, clauses, deadline=None: (
        got.append([list(c) for c in clauses]), real(backend, clauses, deadline))[1])
    try:
        encoding.Encoding(puzzle, **kw).close()
    except ValueError:
        return None
    return got[0]


@pytest.mark.parametrize("seed", range(4))
def test_whole_encodings_match_the_loops_on_random_boards(seed: int, monkeypatch) -> None:
    rng = np.random.default_rng(100 + seed)
    checked = 0
    for _ in range(300):
        puzzle = _random_puzzle(rng)
        kw = {"rule": str(rng.choice(["fill", "nikoli"])), "induced": bool(rng.integers(2)),
              "uturns": bool(rng.integers(2)), "colour": str(rng.choice(["binary", "onehot"]))}
        if kw["rule"] == "fill" and rng.integers(2):
            kw["holes"] = str(rng.choice(["surplus", "any"]))
        elif rng.integers(3) == 0:
            kw["blocked"] = (rng.random(puzzle.shape) < 0.2) & (puzzle.grid == 0)
        with monkeypatch.context() as m:
            new = _clauses(puzzle, m, **kw)
        with monkeypatch.context() as m:
            m.setattr(encoding, "degree_clauses", _reference_degree)
            m.setattr(ClauseBuilders, "_squares", _reference_squares)
            old = _clauses(puzzle, m, **kw)
        assert new == old, (puzzle.grid.tolist(), kw)
        checked += new is not None and len(new) > 0
    assert checked > 200


def _count(puzzle: Puzzle, direct: bool, numpy_ints: bool) -> int:
    with encoding.Encoding(puzzle, "nikoli") as enc:
        assert enc._direct is not None
        if not direct:
            enc._direct = None  # python-sat's public add_clause
        count = 0
        while (model := enc.next_model()) is not None and count < 500:
            clause = -(model.edges + 1)
            enc.add_clause(clause if numpy_ints else clause.tolist())
            count += 1
        return count


@pytest.mark.parametrize("numpy_ints", [True, False])
def test_added_clauses_take_numpy_or_python_integers(numpy_ints: bool) -> None:
    puzzle = Puzzle.from_rows(["1...", ".2..", "...1", "..2."])
    count = _count(puzzle, True, numpy_ints)
    assert 1 < count < 500
    assert count == _count(puzzle, False, False)


def test_an_added_clause_that_makes_the_encoding_unsatisfiable_is_recorded() -> None:
    with encoding.Encoding(Puzzle.from_rows(["1.1"]), "fill") as enc:
        enc.add_clause([-1])
        enc.add_clause([1])
        assert enc.solver.solver.status is False
        assert enc.next_model() is None


def test_a_clause_added_after_close_is_dropped_as_before() -> None:
    enc = encoding.Encoding(Puzzle.from_rows(["1.1"]), "fill")
    enc.close()
    assert enc._direct is None
    enc.add_clause([1, 2])  # python-sat ignores a clause for a deleted solver
