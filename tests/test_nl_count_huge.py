"""Counting with a limit far beyond what any board holds: memory grows with the solutions found."""

import pytest

from tremaux.kernels.nl_colour import SOLUTION_BUFFER
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.solvers.colours import ColourRun
from tremaux.numberlink.solvers.search import SearchRun

OPEN_3X3 = Puzzle.from_rows(["1..", "...", "..1"])


@pytest.mark.parametrize("count", [2 ** 31, 2 ** 63 - 1, 10 ** 20])
def test_huge_count_finds_every_solution(count):
    out = solve_puzzle(OPEN_3X3, rule="nikoli", count=count)
    assert out.status == "solved"
    assert len(out.solutions) == 6


@pytest.mark.parametrize("count", [2 ** 40, 10 ** 20])
def test_colour_run_memory_does_not_follow_the_limit(count):
    run = ColourRun(OPEN_3X3, max_solutions=count)
    assert sum(a.nbytes for a in run._state) < 1 << 20
    out = run.advance()
    assert out.complete and len(out.solutions) == 6


def test_colour_run_empties_its_buffer_many_times():
    # one pair at opposite corners of 6x6: many times the solutions one buffer holds
    p = Puzzle.from_rows(["1.....", "......", "......", "......", "......", ".....1"])
    every = ColourRun(p, max_solutions=10 ** 9).advance()
    assert every.complete and len(every.solutions) > 3 * SOLUTION_BUFFER
    rows = SearchRun(p, cover=False, touch=False, max_solutions=10 ** 9).advance()
    assert rows.complete
    assert {s.grid.tobytes() for s in every.solutions} == {s.grid.tobytes() for s in rows.solutions}
    assert len({s.grid.tobytes() for s in every.solutions}) == len(every.solutions)
    some = ColourRun(p, max_solutions=150).advance()
    assert len(some.solutions) == 150 and not some.complete
    assert [s.grid.tobytes() for s in some.solutions] == [s.grid.tobytes() for s in every.solutions[:150]]


@pytest.mark.parametrize("touch", [True, False])
def test_row_search_takes_a_count_past_int64(touch):
    out = SearchRun(OPEN_3X3, cover=False, touch=touch, max_solutions=10 ** 20).advance()
    assert out.complete and len(out.solutions) == (12 if touch else 6)


def test_the_search_states_take_a_count_past_int64():
    from tremaux.kernels.nl_search import new_state
    from tremaux.kernels.nl_search_diag import new_diag_state

    for state in (new_state(9, 10 ** 20, memo_slots=16), new_diag_state(9, 10 ** 20)):
        assert int(state["st"][5]) == 2 ** 63 - 1 and state["sols"].shape == (64, 9)
