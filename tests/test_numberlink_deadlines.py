"""Number Link stages keep to the deadline: SAT loading and building stop, the router gives out only rounds that fit."""

from __future__ import annotations

import time

import numpy as np
import pytest

from tremaux.numberlink import Puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import backend, router
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.encoding import Encoding
from tremaux.numberlink.solvers.sat import dense_stage, sat_stage, untouched_stage

PAST = -1.0
"""A ``time.perf_counter()`` value long gone."""


def _random_cnf(rng, nv, m):
    return [[int(v) * (1 if rng.random() < 0.5 else -1)
             for v in rng.choice(np.arange(1, nv + 1), size=int(rng.integers(1, 4)), replace=False)]
            for _ in range(m)]


@pytest.mark.parametrize("chunk", [1, 3, 1000])
def test_loading_in_chunks_gives_the_same_formula(chunk, monkeypatch):
    from pysat.solvers import Solver

    monkeypatch.setattr(backend, "LOAD_CHUNK", chunk)
    rng = np.random.default_rng(5)
    verdicts = set()
    for _ in range(40):
        clauses = _random_cnf(rng, int(rng.integers(3, 8)), int(rng.integers(1, 25)))
        with Solver(name="glucose4", bootstrap_with=clauses) as ref:
            want = ref.solve()
        s = backend.loaded_solver("glucose4", clauses, deadline=time.perf_counter() + 60)
        try:
            assert backend.solve_until(s, time.perf_counter() + 60) == want
            if want:
                model = set(s.get_model())
                assert all(any(lit in model for lit in c) for c in clauses)
        finally:
            s.delete()
        verdicts.add(want)
    assert verdicts == {True, False}


def test_loading_stops_at_a_deadline_that_passed():
    with pytest.raises(TimeoutError, match="loaded"):
        backend.loaded_solver("glucose4", [[1, 2], [-1]], deadline=PAST)


def test_an_encoding_is_not_built_past_its_deadline():
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    with pytest.raises(TimeoutError):
        Encoding(p, "fill", deadline=PAST)
    with Encoding(p, "fill", deadline=time.perf_counter() + 60) as enc:  # in time: built as without one
        assert enc.next_model() is not None


def test_the_hole_counter_allows_exactly_the_assignments_with_at_most_k_holes():
    import itertools

    from pysat.solvers import Solver

    from tremaux.numberlink.solvers.clauses import at_most

    for n in range(1, 7):
        for k in range(n + 1):
            clauses, top = at_most(np.arange(1, n + 1), k, n)
            assert all(0 < abs(lit) <= top for clause in clauses for lit in clause)
            with Solver(name="glucose4", bootstrap_with=clauses) as solver:
                for bits in itertools.product((0, 1), repeat=n):
                    assumptions = [i + 1 if b else -(i + 1) for i, b in enumerate(bits)]
                    assert solver.solve(assumptions=assumptions) == (sum(bits) <= k), (n, k, bits)
    n, k = 80_000, 4  # the hole cells of a 400x400 board: clauses in proportion (a few per literal and count)
    clauses, top = at_most(np.arange(1, n + 1), k, n)
    assert top == n + (n - 1) * k and len(clauses) == 2 * (n - 1) + (n - 2) * (2 * k - 1) + k - 1


def test_the_densest_lines_question_of_a_large_open_board_keeps_to_its_deadline():
    # 10 pairs on a 300x300 board: the counter of its 45 000 hole cells was one call of python-sat (8 s, and 80 s
    # on 500x500) that no deadline interrupts; the router, after it, answers such boards in a fraction of a second
    rng = np.random.default_rng(1)
    grid = np.zeros(300 * 300, dtype=np.int32)
    grid[rng.choice(grid.size, 20, replace=False)] = np.repeat(np.arange(1, 11), 2)
    dense_stage(Task(Puzzle.from_rows(["1.2", "...", "1.2"]), resolve("nikoli"), 1, None))  # kernels loaded
    t0 = time.perf_counter()
    assert dense_stage(Task(Puzzle(grid.reshape(300, 300)), resolve("nikoli"), 1, t0 + 2.0)) is None
    assert time.perf_counter() - t0 < 2.0 + 2.5  # its share, and a margin for a loaded machine


def test_sat_stages_answer_time_limit_when_no_time_is_left():
    p = Puzzle.from_rows(["1..2", "....", "1..2"])
    a = sat_stage(Task(p, resolve("fill", touch=True), 1, PAST))
    assert a.solutions == () and not a.exhausted and a.stopped == "time limit"
    assert dense_stage(Task(p, resolve("nikoli"), 1, PAST)) is None
    assert untouched_stage(Task(p, resolve("fill", touch=True), 1, PAST)) is None
    # with time, the same questions are answered
    assert len(sat_stage(Task(p, resolve("fill", touch=True), 1, time.perf_counter() + 60)).solutions) == 1


def _count_route_calls(monkeypatch):
    """The rounds of each call of the router kernel that ran to its end (not cut short by its budget of work)."""
    calls = []
    real, real_within = router.kn.route, router.kn.route_within

    def spy(flat, h, w, ends, rounds, *rest):
        calls.append(int(rounds))
        return real(flat, h, w, ends, rounds, *rest)

    def spy_within(flat, h, w, ends, rounds, *rest):
        used = real_within(flat, h, w, ends, rounds, *rest)
        if used != -3:
            calls.append(int(rounds))
        return used

    monkeypatch.setattr(router.kn, "route", spy)
    monkeypatch.setattr(router.kn, "route_within", spy_within)
    return calls


# two pairs that must cross: the router never finds a solution, so it uses every round it is given
CROSSING = Puzzle.from_rows(["1...2", ".....", "2...1"])


def test_router_without_a_deadline_takes_every_round(monkeypatch):
    calls = _count_route_calls(monkeypatch)
    assert router.router_stage(Task(CROSSING, resolve("nikoli"), 1, None)) is None
    assert calls == [router.RESTART_ROUNDS] * (router.ROUTER_ROUNDS // router.RESTART_ROUNDS)


def test_router_past_its_deadline_stops_after_the_probe(monkeypatch):
    calls = _count_route_calls(monkeypatch)
    budgets = _budgets_given(monkeypatch)
    assert router.router_stage(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter())) is None
    # the probe's rounds, within a board's worth of work, do not end (two pairs that cross): no time for more
    assert calls == [] and budgets == [CROSSING.grid.size]


def test_router_with_time_left_gives_out_rounds_within_the_cap(monkeypatch):
    calls = _count_route_calls(monkeypatch)
    router.router_stage(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 600))
    assert calls[0] == router.PROBE_ROUNDS and len(calls) > 2  # the probe, then runs in restarts
    assert all(router.PROBE_ROUNDS <= c <= router.RESTART_ROUNDS for c in calls[1:])
    assert sum(calls[1:]) == router.ROUTER_ROUNDS  # a tiny board: every round fits in the time left


def test_router_answer_from_the_probe_is_kept(monkeypatch):
    calls = _count_route_calls(monkeypatch)
    p = Puzzle.from_rows(["1.2", "...", "1.2"])  # straight lines, found in the first round
    a = router.router_stage(Task(p, resolve("nikoli"), 1, time.perf_counter() + 600))
    assert a is not None and len(a.solutions) == 1 and calls == [router.PROBE_ROUNDS]


def test_fill_no_solution_hint_asks_only_the_quick_questions(monkeypatch):
    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.solvers import pipeline

    p = Puzzle.from_rows(["1.2", "...", "1.2"])  # no solution under fill (checkerboard), solutions under nikoli
    first = solve_puzzle(p, rule="fill")
    assert first.status == "no-solution" and first.message.endswith("(rule nikoli)")
    # the hint never runs the pipeline a second time (no search, SAT nor child processes for it)
    calls = []
    real = pipeline.fast
    monkeypatch.setitem(pipeline.NL_SOLVERS.get("fast").__dict__, "func", lambda task: calls.append(task) or real(task))
    again = solve_puzzle(p, rule="fill")
    assert again.message == first.message and len(calls) == 1 and calls[0].rule.cover


def test_fill_no_solution_hint_costs_no_more_than_the_answer(monkeypatch):
    from tremaux.numberlink import solvers
    from tremaux.numberlink.solvers import router as router_mod
    from tremaux.numberlink.solvers import sat as sat_mod
    from tremaux.numberlink.solvers.base import Answer

    p = Puzzle.from_rows(["1.2", "...", "1.2"])
    seen = []
    monkeypatch.setattr(router_mod, "router_stage", lambda task: seen.append(("router", task.left())))
    monkeypatch.setattr(sat_mod, "dense_stage", lambda task: seen.append(("dense", task.left())))
    task = Task(p, resolve("fill"), 1, time.perf_counter() + 600)
    none = Answer((), True, "quick verdict", why="no solution")
    assert solvers._other_rule_hint(task, none, 2.0) == ""  # neither answered: no hint
    assert [name for name, _ in seen] == ["router", "dense"]  # the router, quickest on open boards, first
    assert all(0 < left <= 2.0 for _, left in seen)  # as long as the answer took, not half of the 600 s left
    seen.clear()
    solvers._other_rule_hint(task, none, 0.0)
    assert 0 < seen[0][1] <= solvers.HINT_FLOOR


def _budgets_given(monkeypatch):
    """The budgets of work given to the router kernel, one per call (-1: none)."""
    budgets, real = [], router.kn.route_within

    def spy(*args):
        budgets.append(args[-1])
        return real(*args)

    monkeypatch.setattr(router.kn, "route_within", spy)
    return budgets


def test_the_probe_keeps_to_the_deadline(monkeypatch):
    """The router's first rounds ran whatever the time left, in one call of the kernel that no child process can
    take over: 150 s past a 2 s limit on a 130 x 233 board of 1709 pairs. They now have a budget of work that
    grows only while the time allows, and the rounds after are not run when the probe did not end."""
    try_seconds = 0.2
    budgets = _slow_budgeted_router(monkeypatch, try_seconds)
    t0 = time.perf_counter()
    task = Task(CROSSING, resolve("nikoli"), 1, t0 + 0.5)
    assert router.router_probe(task) is None and router.router_stage(task) is None
    assert budgets == [CROSSING.grid.size]  # a second try would take four times the first: more than is left
    assert time.perf_counter() - t0 < 0.5 + try_seconds


def _slow_budgeted_router(monkeypatch, seconds):
    """Each budgeted call of the router takes ``seconds`` more, as rounds on a board of millions of cells take
    seconds; a call without a budget fails the test. The budgets given are listed."""
    from tremaux.kernels import numberlink as kn

    real, budgets = kn.route_within, []

    def slow(*args):
        budgets.append(args[-1])
        time.sleep(seconds)
        return real(*args)

    monkeypatch.setattr(kn, "route_within", slow)
    monkeypatch.setattr(kn, "route", lambda *args: pytest.fail("router rounds without a budget"))
    return budgets


def test_the_hint_never_runs_router_rounds_that_outlast_it(monkeypatch):
    """The hint gave the router ten rounds whatever they cost: 8.6 s on a 2000x2000 board after an answer in
    0.4 s. Its rounds now have a budget of work, which grows only while the time allows."""
    from tremaux.numberlink import solvers
    from tremaux.numberlink.solvers.base import Answer

    from tremaux._jit import load_seconds

    try_seconds = 0.5
    budgets = _slow_budgeted_router(monkeypatch, try_seconds)
    p = Puzzle.from_rows(["1.2", "...", "1.2"])  # no cover (checkerboard), two lines under nikoli
    task = Task(p, resolve("fill"), 1, time.perf_counter() + 600)
    loaded, t0 = load_seconds(), time.perf_counter()
    hint = solvers._other_rule_hint(task, Answer((), True, "quick verdict", why="no solution"), 0.25)
    spent = time.perf_counter() - t0 - (load_seconds() - loaded)  # kernels loaded on first use are not its work
    assert hint.endswith("(rule nikoli)") and budgets == [p.grid.size]  # one try, of a board's worth of work
    assert spent < 0.25 + 2 * try_seconds  # its share and one try past it: less than a second try would take


def test_the_budgeted_router_grows_its_budget_while_the_time_allows(monkeypatch):
    budgets = _slow_budgeted_router(monkeypatch, 0.0)
    assert router.router_within(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 600)) is None
    assert budgets[0] == CROSSING.grid.size and all(b == 4 * a for a, b in zip(budgets, budgets[1:]))
    assert len(budgets) > 1  # ten rounds of two searches take more than a board's worth of work
    budgets.clear()
    slow = _slow_budgeted_router(monkeypatch, 0.1)
    assert router.router_within(Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 0.3)) is None
    assert len(slow) == 1  # a second try would take four times the first: more than is left
    found = router.router_within(Task(Puzzle.from_rows(["1...", "....", "...1"]), resolve("nikoli"), 1, None))
    assert found.how == "the router, in 1 round"


@pytest.mark.parametrize("rows", [
    "......../.....45./.2....3./2..1..../....3..5/......../......4./1.......",
    "..14..2/....3../.15..../......./5....2./......./3...4..",
    ".2......./........2/..4.....3/83......./......6../8....5.../..4..5..6/...1....1/7..7.....",
])
def test_fill_no_solution_says_so_when_the_router_needs_its_later_runs(rows):
    """The hint asked only the router's first ten rounds (then the densest lines): on boards of random winding
    lines that the search proves have no cover, and that the router solves under ``nikoli`` only in the runs
    after its probe (other seeds and a slower pressure, as in a solve), no hint came: 11 of 11 such boards, and two
    puzz.link puzzles. The hint now runs the router as the solve's router stage does, within the hint's time."""
    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.solvers import quick_verdict

    p = Puzzle.from_rows(rows.split("/"))
    assert quick_verdict(p, resolve("fill")) is None  # proved by search, not by the checkerboard count
    assert router.router_within(Task(p, resolve("nikoli"), 1, time.perf_counter() + 600)) is None
    r = solve_puzzle(p, rule="fill", time_limit=600)
    assert r.status == "no-solution" and r.message.endswith("(rule nikoli)")
    assert solve_puzzle(p, rule="nikoli").status == "solved"


def test_fill_no_solution_on_a_large_open_board_keeps_its_hint():
    from tremaux.numberlink import solve_puzzle

    rows = ["1" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "1"]  # corners of one colour: no cover, a line under nikoli
    r = solve_puzzle(Puzzle.from_rows(rows), rule="fill", time_limit=600)
    assert r.status == "no-solution" and "checkerboard" in r.message and r.message.endswith("(rule nikoli)")


def test_the_router_does_not_repeat_itself_in_the_later_rounds_of_a_solve(monkeypatch):
    """The router is deterministic: in a solve's later rounds (tasks made from the first by ``replace``, which
    share what is kept) its probe is not run again, nor its runs: the later rounds go on with the next seeds, up to
    the rounds of a solve."""
    from dataclasses import replace

    calls = _count_route_calls(monkeypatch)
    first = Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 600)
    assert router.router_stage(first) is None and router.router_probe(first) is None
    assert calls[0] == router.PROBE_ROUNDS and len(calls) > 2
    tried = list(calls)  # every round of the solve fits in the time (a tiny board)
    later = replace(first, deadline=time.perf_counter() + 900)
    assert router.router_probe(later) is None and router.router_stage(later) is None
    assert calls == tried  # nothing run again
    other_solve = Task(CROSSING, resolve("nikoli"), 1, time.perf_counter() + 600)
    router.router_probe(other_solve)
    assert calls == [*tried, router.PROBE_ROUNDS]


def test_the_blocking_pair_of_a_check_keeps_to_its_time_limit(monkeypatch):
    """After "no solution", a check names the pair in the way by SAT questions whose encodings look at the clock
    only between passes over the board (ten seconds a pass on a 2000x2000 board: a 5 s check ran two minutes
    and was killed). Like a solve, past a share of its time it goes on in a child killed at the limit."""
    from tremaux.numberlink import check, diagnose, solvers
    from tremaux.numberlink.solvers.bound import checkpoint

    def slow(puzzle, t0, time_limit):
        end = time.perf_counter() + 30
        while time.perf_counter() < end:
            checkpoint()  # where an encoding goes on between its passes
        return "never in time"

    monkeypatch.setattr(check, "_blocking_pair", slow)
    # the quick questions that would say the puzzle needs empty cells answer nothing, so the bisection runs
    monkeypatch.setattr(solvers, "_other_rule_hint", lambda *args: "")
    monkeypatch.setattr(solvers, "has_solutions_with_empty_cells", lambda *args: False)
    from tremaux.numberlink.solvers import bound

    t0 = time.perf_counter()
    d = diagnose(Puzzle.from_rows(["1.2", "...", "1.2"]), "fill", time_limit=1)
    # the limit, the child's grace and a margin for a loaded machine: far from the 30 s the question would take
    assert time.perf_counter() - t0 < 1.0 + bound.grace(1.0) + 2.5 and d.verdict == "no-solution"


def test_degree_clauses_let_a_bounded_question_move_on_between_their_runs(monkeypatch):
    from tremaux.numberlink.solvers import clauses

    calls = []
    monkeypatch.setattr(clauses, "checkpoint", lambda: calls.append(1))
    Encoding(Puzzle.from_rows(["1..2", "....", "1..2"]), "nikoli").close()
    assert len(calls) >= 2
