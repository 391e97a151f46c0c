"""The generator's question in turns of work (:mod:`tremaux.numberlink.turns`): the same seed, the same puzzle."""

from __future__ import annotations

import random
import time

import pytest
from pysat.solvers import Solver

from tremaux.numberlink import generate_puzzle, solve_puzzle
from tremaux.numberlink.solvers import backend
from tremaux.numberlink.turns import MIN_TURNS, Ledger


def _jittery_clock(monkeypatch, seed: int) -> None:
    """``time.perf_counter`` as on a loaded machine: every reading a random few milliseconds later than the last."""
    real = time.perf_counter
    rng = random.Random(seed)
    extra = [0.0]

    def clock() -> float:
        extra[0] += rng.random() * 0.004
        return real() + extra[0]

    monkeypatch.setattr(time, "perf_counter", clock)


@pytest.mark.parametrize("shape, density, seed", [((15, 15), 0.05, 10), ((16, 16), 0.04, 3)])
def test_sparse_nikoli_puzzles_are_the_same_from_a_seed_whatever_the_clock(monkeypatch, shape, density, seed):
    made = generate_puzzle(shape, rule="nikoli", density=density, seed=seed, time_limit=None)
    assert made.checks >= 2  # the question was asked in turns more than once
    for jitter in (1, 2):
        with monkeypatch.context() as m:
            _jittery_clock(m, jitter)
            again = generate_puzzle(shape, rule="nikoli", density=density, seed=seed, time_limit=None)
        assert again.puzzle == made.puzzle, jitter
        assert (again.cuts, again.checks) == (made.cuts, made.checks)
    assert solve_puzzle(made.puzzle, rule="nikoli", unique=True, touch=False).unique


def test_a_question_may_spend_what_the_ones_before_it_did_and_at_least_its_minimum():
    assert Ledger().turns() == MIN_TURNS
    for spent in (0, 1, 126, 127, 128, 1000, 10 ** 6):
        k = Ledger(spent=spent).turns()
        assert k >= MIN_TURNS
        assert k == MIN_TURNS or 2 ** k - 1 <= spent < 2 ** (k + 1) - 1


def _pigeons(n: int) -> list[list[int]]:
    """n + 1 pigeons in n holes: unsatisfiable, and hard for a SAT solver."""
    var = lambda p, h: p * n + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(n)] for p in range(n + 1)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(n) for p in range(n + 1) for q in range(p)]
    return clauses


def test_a_call_bounded_in_propagations_stops_at_its_budget_and_goes_on_from_there():
    s = Solver(name="glucose4", bootstrap_with=_pigeons(8))  # 466,000 propagations to the end
    try:
        with pytest.raises(TimeoutError):
            backend.solve_until(s, None, propagations=20_000, exact=True)
        used = s.accum_stats()["propagations"]
        assert 20_000 <= used < 40_000
        assert backend.solve_until(s, None) is False  # goes on to the end: no model
    finally:
        s.delete()


def test_an_exact_call_is_not_stopped_to_move_on_into_a_child(monkeypatch):
    """A call bounded in work stops only at its budget (or the deadline), so it ends in the same state anywhere."""
    moves = []
    monkeypatch.setattr(backend, "move_time", lambda: moves.append(1) or time.perf_counter())  # always due now
    s = Solver(name="glucose4", bootstrap_with=_pigeons(8))
    t = Solver(name="glucose4", bootstrap_with=_pigeons(8))
    try:
        for solver in (s, t):
            with pytest.raises(TimeoutError):
                backend.solve_until(solver, None, propagations=50_000, exact=True)
        assert s.accum_stats() == t.accum_stats()
        assert s.accum_stats()["propagations"] >= 50_000
        assert not moves  # never asked when the work should move
    finally:
        s.delete()
        t.delete()


@pytest.mark.parametrize("shape, density, seed", [((10, 10), 0.2, 1), ((8, 8), 0.4, 1), ((10, 10), 0.35, 2)])
def test_dense_lines_asked_for_under_nikoli_are_made_and_each_neighbourhood_counts_as_work(monkeypatch, shape,
                                                                                            density, seed):
    # a --density well above the published puzzles' under nikoli: dozens of short lines side by side make
    # tens of thousands of small groups of lines, each settled by the solver in a handful of propagations;
    # counted by propagations alone, a turn never ended, and `generate --size 10x10 --density 0.2 --rule nikoli`
    # gave up at 60 s though the whole board answers in milliseconds
    from tremaux.numberlink import turns

    asked = []
    real = turns._within

    def counting(items, stats, work, ran_out, *rest):
        asked.append([work, 0])  # one turn: its work, and the neighbourhoods it asked
        for item in real(items, stats, work, ran_out, *rest):
            asked[-1][1] += 1
            yield item

    monkeypatch.setattr(turns, "_within", counting)
    made = generate_puzzle(shape, rule="nikoli", density=density, seed=seed, time_limit=30)
    assert solve_puzzle(made.puzzle, rule="nikoli", unique=True, touch=False).unique
    # a neighbourhood's question costs at least setting its assumptions, one an edge of the encoding: a first
    # turn of FIRST_PROPAGATIONS an edge asks at most that many neighbourhoods, each next turn twice as many
    edges = min(work for work, _ in asked) // turns.FIRST_PROPAGATIONS
    assert asked and all(n <= work // edges + 1 for work, n in asked), asked
