"""A check explains an improper puzzle in one or two lines that name the cells or pairs at fault.

Found by ``benchmarks/sweep_nl_check.py`` (puzzles with a number moved or two labels swapped): a puzzle that needs
empty cells under ``fill`` was said to, without a cell named; and a puzzle the checkerboard count rules out took
three lines (the count, the count again in words, the pair in the way). The fewest cells said to stay empty are
compared with the brute force of ``numberlink_reference``.
"""

from __future__ import annotations

import re
import time

import pytest

from numberlink_reference import brute_force
from tremaux.numberlink import Puzzle, diagnose

NEEDS_EMPTY = [  # boards without a covering solution that have one when cells may stay empty
    ["....", ".1.1", "....", "2.2.", "...."],
    ["1.2", "...", "1.2"],
    ["33.22", "....4", "1....", ".4.1.", "....."],
]


def _fewest(rows, touch: bool) -> int:
    """The fewest cells the lines leave empty, by the brute force."""
    p = Puzzle.from_rows(rows)
    every = brute_force(p.grid.tolist(), False, limit=10**7, touch=touch)
    return min(p.height * p.width - sum(len(line) for line in s) for s in every)


@pytest.mark.parametrize("touch", [False, True])
@pytest.mark.parametrize("rows", NEEDS_EMPTY)
def test_a_puzzle_that_needs_empty_cells_names_the_fewest_that_stay_empty(rows, touch):
    p = Puzzle.from_rows(rows)
    d = diagnose(p, "fill", touch=touch, time_limit=30)
    if touch and brute_force(p.grid.tolist(), True, limit=1, touch=True):
        assert d.verdict != "needs-empty-cells", d.reasons  # lines that touch cover this board
        return
    assert d.verdict == "needs-empty-cells"
    first = d.reasons[0]
    assert first.endswith("; it has solutions if cells may stay empty (rule nikoli)")
    said = re.search(r"at fewest (\d+) cells? stays? empty \(([^)]*)\)", first)
    assert said, first
    assert int(said.group(1)) == _fewest(rows, touch)
    named = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"row (\d+) column (\d+)", said.group(2))]
    assert named and len(named) == min(4, int(said.group(1)))
    assert all(p.grid[r, c] == 0 for r, c in named)  # empty cells, never a number
    assert all("\n" not in x for x in d.reasons) and len(d.reasons) <= 2


def test_the_cells_named_are_left_empty_by_lines_that_cover_the_rest():
    """The one cell named on a 3 x 3 board is left empty by lines (found by the brute force) that cover all the
    other cells."""
    p = Puzzle.from_rows(["1.2", "...", "1.2"])
    d = diagnose(p, "fill", touch=False, time_limit=30)
    cell = re.search(r"\(row (\d+) column (\d+)\)", d.reasons[0])
    r, c = int(cell.group(1)) - 1, int(cell.group(2)) - 1
    covering = [s for s in brute_force(p.grid.tolist(), False, limit=10**6, touch=False)
                if sum(len(line) for line in s) == 8]
    assert any((r, c) not in {cell for line in s for cell in line} for s in covering)


def test_the_checkerboard_count_and_the_pair_in_the_way_are_two_lines(monkeypatch):
    from tremaux.numberlink import solvers

    monkeypatch.setattr(solvers, "HINT_FLOOR", 5.0)  # time to name the pair, whatever the machine's load
    d = diagnose(Puzzle.from_rows([".4.4", ".2..", "3..3", "112."]), "fill", touch=False)
    assert d.verdict == "no-solution"
    assert len(d.reasons) == 2 and all("\n" not in x for x in d.reasons)
    assert d.reasons[0].startswith("no solution under the fill rule: the checkerboard count leaves at least 1 cell "
                                   "empty (coloured as a checkerboard, the board has 8 dark and 8 light cells;")
    assert d.reasons[1] == "number '3' cannot be connected once '1', '2' are connected"
    assert not brute_force(d.puzzle.grid.tolist(), True, limit=1, touch=True)


def test_check_json_carries_the_cells_that_stay_empty(capsys, tmp_path):
    import json

    from cli_helpers import run

    f = tmp_path / "p.txt"
    f.write_text("1.2\n...\n1.2\n")
    code, out, err = run(capsys, "numberlink", "check", str(f), "--json")
    rec = json.loads(out)[0]
    assert code == 1 and rec["verdict"] == "needs-empty-cells"
    assert "at fewest 1 cell stays empty (row 2 column " in rec["reasons"][0]


def test_pairs_that_cannot_all_be_joined_are_named_when_the_bisection_cannot_go_on(monkeypatch):
    """On a 30x30 board with a number moved, the bisection's question of half the pairs (joinable perhaps, but not
    by the router) took the whole time limit, and the check named nothing, though the pairs that cannot all be
    joined were refuted in milliseconds. A question cut at its share now ends the bisection, and a set of pairs
    that cannot all be joined is named: here the two that must cross, whatever the others do."""
    from tremaux.numberlink import _blame
    from tremaux.numberlink.solvers import router

    real, asked = _blame._lines_exist, []

    def cut_second(puzzle, active, until):  # the bisection's first question (the second asked) is cut short
        asked.append(sorted(active))
        return None if len(asked) == 2 else real(puzzle, active, until)

    monkeypatch.setattr(_blame, "_lines_exist", cut_second)
    monkeypatch.setattr(router, "router_joins", lambda *args: False)  # every question goes to SAT
    p = Puzzle.from_rows(["1.2345", "......", "2.1345"])  # '1' and '2' must cross; '3' to '5' go straight down
    why = _blame._blocking_pair(p, time.perf_counter(), 60.0)
    assert asked[:2] == [[1, 2, 3, 4, 5], [1, 2]]
    assert why == "numbers '1' and '2' cannot all be connected (the other numbers in the way)"
    assert [1, 2] in asked and [1] in asked and [2] in asked  # the two proved, and neither enough alone
    assert not brute_force(p.grid.tolist(), False, limit=1)


def test_a_contest_puzzle_that_needs_empty_cells_is_told_so_in_every_run(monkeypatch):
    """Under ``fill`` with touching, the first contest puzzle of the corpus has no solution (the checkerboard count)
    but has lines when cells may stay empty. On a loaded machine the check said so in 2 fresh runs of 10 and "no
    solution" in the others: its only question past the router's rounds was SAT on every pair at once (seconds
    without a limit) within a budget of 50 ms. The quick questions of a solve's hint draw such lines in
    milliseconds, but the solve's hint gives them 50 ms, which a loaded machine spent before an answer; here the
    hint and that SAT question are made to run out of time every time, as they did then."""
    from pathlib import Path

    import tremaux.numberlink as nl
    from tremaux.numberlink import _blame, solvers

    monkeypatch.setattr(solvers, "_other_rule_hint", lambda task, answer, spent: "")
    monkeypatch.setattr(_blame, "_lines_exist", lambda puzzle, active, until: None)

    corpus = Path(__file__).resolve().parents[1] / "benchmarks" / "numberlink" / "corpus" / "a-contest-dev.txt"
    p = nl.load_all(corpus)[0]
    for _ in range(2):
        d = diagnose(p, "fill", touch=True, time_limit=20)
        assert d.verdict == "needs-empty-cells", d.reasons
        assert "rule nikoli" in d.reasons[0]
