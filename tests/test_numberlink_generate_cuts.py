"""Cuts chosen together for a generator question's other solutions, and the questions' work carried over."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tremaux.kernels.rng import make_state
from tremaux.numberlink import Puzzle
from tremaux.numberlink.cuts import hitting_cuts
from tremaux.numberlink.generate import _puzzle_of, _ruled_out
from tremaux.numberlink.sat import Encoding
from tremaux.numberlink.turns import Ledger, bounded_models
from tremaux.numberlink.uniqueness import _another, _edges_of


def _row_lines(n_lines: int, length: int) -> list[list[int]]:
    return [list(range(k * length, (k + 1) * length)) for k in range(n_lines)]


def test_two_other_solutions_that_leave_one_edge_cost_one_pair():
    lines = _row_lines(2, 8)  # two lines of 8 cells, rows 0 and 1 of an 8-wide board
    planted = _edges_of(lines)
    e, f, g = (3, 4), (8 + 3, 8 + 4), (8 + 4, 8 + 5)  # one by one: f (as central as e, and first), then e
    first = planted - {e, f}
    second = planted - {e, g}
    new, added = _ruled_out(lines, [first, second], 2, 8, make_state(1))
    assert added == 1 and len(new) == 3
    cut = _edges_of(lines) - _edges_of(new)
    assert cut == {e}  # the one edge both leave: both ruled out


def test_a_line_is_cut_twice_when_its_other_solutions_leave_edges_far_apart():
    lines = _row_lines(1, 12)
    planted = _edges_of(lines)
    others = [planted - {(2, 3)}, planted - {(8, 9)}]
    new, cuts, left = hitting_cuts(lines, others)
    assert (cuts, left) == (2, 0)
    assert new == [[0, 1, 2], [3, 4, 5, 6, 7, 8], [9, 10, 11]]


@pytest.mark.parametrize("seed", range(40))
def test_hitting_cuts_rule_out_what_they_can_and_keep_pieces_of_two_cells(seed):
    rng = random.Random(seed)
    lines, start = [], 0
    for _ in range(rng.randint(1, 4)):
        n = rng.randint(2, 12)
        lines.append(list(range(start, start + n)))
        start += n
    planted = _edges_of(lines)
    others = [planted - set(rng.sample(sorted(planted), rng.randint(1, 3))) for _ in range(rng.randint(1, 6))]
    new, cuts, left = hitting_cuts(lines, others)
    assert sorted(c for ln in new for c in ln) == list(range(start))
    assert all(len(ln) >= 2 for ln in new) and len(new) == len(lines) + cuts
    made = planted - _edges_of(new)
    assert cuts <= len(others)
    not_ruled_out = [o for o in others if not (made - o)]
    assert len(not_ruled_out) == left
    for o in not_ruled_out:  # each one they miss differs only where a cut would leave a piece of one cell
        for a, b in planted - o:
            ln = next(x for x in new if a in x)
            i, j = sorted((ln.index(a), ln.index(b)))
            assert i == 0 or j == len(ln) - 1


def test_the_first_model_within_the_work_before_it_else_undecided(monkeypatch):
    p = Puzzle.from_rows(["1.1", "...", "2.2"])
    led = Ledger()
    with Encoding(p, "nikoli") as enc:
        assert next(bounded_models(enc, None, led)) is not None
    assert led.spent >= 1
    monkeypatch.setattr(Ledger, "turns", lambda self: 0)  # no turn, no work: the question is left undecided
    led = Ledger()
    with Encoding(p, "nikoli") as enc, pytest.raises(TimeoutError):
        next(bounded_models(enc, None, led))
    assert led.spent == 1


def test_settled_neighbourhoods_are_not_asked_again_until_a_cut_comes_near(monkeypatch):
    from tremaux.numberlink.solvers import neighbourhoods as nh

    lines = [[0, 5, 10, 15], [1, 6, 11, 16], [2, 7, 12, 17], [3, 8, 13, 18], [4, 9, 14, 19]]
    p, lk = _puzzle_of(lines, 4, 5)  # five straight columns, under nikoli: no other solution
    asked = []
    real = nh.around

    def counting(*args, **kwargs):
        asked.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(nh, "around", counting)
    led = Ledger()
    found, undecided = _another(p, lk, "nikoli", None, long_lines=True, ledger=led)
    assert (found, undecided) == ([], False)
    first = len(asked)
    assert first > 0 and len(led.settled) == first
    asked.clear()
    assert _another(p, lk, "nikoli", None, long_lines=True, ledger=led) == ([], False)
    assert not asked  # every neighbourhood settled by the first question
    led.forget(lines[0])
    _another(p, lk, "nikoli", None, long_lines=True, ledger=led)
    assert 0 < len(asked) < first  # the ones near the first column only
    assert np.all([near.size == 20 for near in led.settled.values()])
