"""How a check names the pair in the way of a puzzle without solution (``check._blocking_pair``)."""

import time

import pytest

from tremaux.numberlink import Puzzle
from tremaux.numberlink.check import _blocking_pair
from tremaux.numberlink.solvers import encoding as encoding_mod
from tremaux.numberlink.solvers.encoding import Encoding
from tremaux.numberlink.solvers.router import router_joins


@pytest.mark.parametrize("colour", ["binary", "onehot"])
def test_induced_lines_keep_an_inactive_pair_side_by_side(colour):
    """Induced lines link two neighbouring endpoints of one pair; a pair left inactive has no line, so the clause
    that linked them made every question with such a pair among the obstacles unsatisfiable (a check blamed a
    pair that could be connected)."""
    p = Puzzle.from_rows(["1..1", "....", "22.."])
    with Encoding(p, "nikoli", inactive=frozenset({2}), induced=True, colour=colour) as enc:
        assert enc.next_model() is not None
    with Encoding(p, "nikoli", induced=True, colour=colour) as enc:
        assert enc.next_model() is not None


def test_the_blocking_pair_asks_sat_only_what_the_router_cannot_show(monkeypatch):
    """Each step of the bisection was a SAT question, however open the board: on random boards of a few dozen
    pairs a check spent its whole time limit (60 s) after a solve that proved "no solution" in half a second,
    and then named no pair. Pairs the router joins need no SAT call; only the questions it cannot answer go to
    SAT, on induced lines."""
    built = []

    class Spy(Encoding):
        def __init__(self, puzzle, rule, *args, inactive=frozenset(), **kw):
            built.append((len(inactive), kw.get("induced")))
            super().__init__(puzzle, rule, *args, inactive=inactive, **kw)

    monkeypatch.setattr(encoding_mod, "Encoding", Spy)
    p = Puzzle.from_rows(["1.2.3", ".....", "3.2.1"])  # '1' alone has a way round; '2' must cross it
    why = _blocking_pair(p, time.perf_counter(), 60.0)
    assert why == "number '2' cannot be connected once '1' is connected"
    assert built == [(0, True), (1, True)]  # all three pairs, then the first two: the questions without a way


def test_router_joins_names_only_what_it_proves():
    p = Puzzle.from_rows(["1.2", "...", "2.1"])
    assert router_joins(p, 0) and router_joins(p, 1) and not router_joins(p, 2)
    assert router_joins(p, 1, time.perf_counter() - 1)  # past its deadline, a board's worth of work still joins it


def test_a_no_solution_without_a_pair_named_in_time_says_so(monkeypatch):
    """A check that ran out of time naming the pair in the way explained a puzzle without solution by
    "no solution" alone; it now says the lines were all ruled out and no pair was named in time."""
    from tremaux.numberlink import check, diagnose

    monkeypatch.setattr(check, "_blocking_pair", lambda *args: None)  # as when the check's time runs out
    p = Puzzle.from_rows([".31", ".2.", "31.", "..2"])  # no quick verdict: the solver proves it
    d = diagnose(p, "nikoli")
    assert d.verdict == "no-solution" and d.solution.message == "no solution"
    assert d.reasons == (f"no solution ({check._UNNAMED})",) and "time limit" in d.reasons[0]


def test_a_check_proved_by_the_checkerboard_count_answers_at_once(monkeypatch):
    """Under fill, a puzzle the checkerboard count proves without solution (and that needs more than empty cells)
    was checked by naming the pair in the way within the whole time limit: on large boards the whole limit went
    to restating what the count had proved. The count's own explanation is the answer; a pair is named only if it
    can be cheaply (here the question never finishes: the answer does not wait for it)."""
    from tremaux.numberlink import check, diagnose
    from tremaux.numberlink.solvers.bound import checkpoint

    def endless(puzzle, t0, time_limit):  # keeps to the deadline it is given, however far
        while time.perf_counter() < t0 + time_limit:
            checkpoint()
        return None

    monkeypatch.setattr(check, "_blocking_pair", endless)
    p = Puzzle.from_rows(["..2.", "3.12", "1.3."])
    t0 = time.perf_counter()
    d = diagnose(p, "fill", time_limit=3)
    assert time.perf_counter() - t0 < 1.0
    assert d.verdict == "no-solution"
    assert d.reasons == ("no solution under the fill rule: the checkerboard count leaves at least 1 cell empty "
                         "(coloured as a checkerboard, the board has 6 dark and 6 light cells; a line steps from one "
                         "colour to the other, so it covers as many cells of each, or one more of its numbers' colour "
                         "when both have the same: whatever their shape the lines cover 1 more dark cell than light, "
                         "so at least 1 cell must stay empty)",)


def test_a_check_proved_by_a_theorem_still_names_the_pair_it_can_name_cheaply(monkeypatch):
    from tremaux.numberlink import diagnose, solvers

    # the naming's budget is the wall time the check has taken, at least HINT_FLOOR (50 ms): on a loaded machine a
    # process can be off its core for longer than that, so the floor is raised here to test what is named, not when
    monkeypatch.setattr(solvers, "HINT_FLOOR", 5.0)
    d = diagnose(Puzzle.from_rows(["..2.", "3.12", "1.3."]), "fill")
    assert d.verdict == "no-solution" and len(d.reasons) == 2
    assert d.reasons[0].startswith("no solution under the fill rule: the checkerboard count")
    assert "(coloured as a checkerboard" in d.reasons[0]
    assert d.reasons[1] == "number '3' cannot be connected once '1', '2' are connected"


def test_kernels_loaded_by_the_quick_verdict_are_not_charged_to_the_check(monkeypatch):
    """The first check in a process loads kernels in its quick verdict, before the solve and outside its
    bookkeeping: the time was taken from what was left to name the pair in the way. It is given back, as a solve
    gives it back (``load_seconds``)."""
    from tremaux import _jit
    from tremaux.numberlink import check, diagnose

    real = check.quick_verdict
    monkeypatch.setattr(_jit, "_LOADED", [_jit.load_seconds()])

    # the loading takes the whole limit: without it given back nothing is left; with it the whole limit is (2 s,
    # so that a process kept off its core on a loaded machine still has the time to name the pair)
    def loading(puzzle, rule):  # as a first call that loads kernels for two seconds
        time.sleep(2.0)
        _jit._LOADED[0] += 2.0
        return real(puzzle, rule)

    monkeypatch.setattr(check, "quick_verdict", loading)
    p = Puzzle.from_rows([".31", ".2.", "31.", "..2"])  # no quick verdict: the solver proves it, a pair is named
    diagnose(p, "nikoli")  # kernels of the solve and the naming loaded in earnest
    d = diagnose(p, "nikoli", time_limit=2.0)
    assert d.verdict == "no-solution" and "cannot be connected" in d.reasons[0], d.reasons
