"""Trying the seeds' mazes as a new user would: wording, limits and odd inputs found along the way."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run
from tremaux.numberlink import Puzzle, solve_puzzle


@pytest.mark.parametrize("budget", [1, 2])
def test_step_budget_message_counts_steps_in_words(budget):
    p = Puzzle.from_rows(["1...2", ".....", "..3..", ".....", "2..31"])
    r = solve_puzzle(p, "tremaux", rule="fill", max_steps=budget)
    steps = "1 step" if budget == 1 else f"{budget} steps"
    assert r.status == "gave-up" and r.message == f"gave up after {steps} (step budget)"


def test_step_budget_of_one_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("5 5\n1 . . . 2\n. . . . .\n. . 3 . .\n. . . . .\n2 . . 3 1\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(path), "-s", "tremaux", "--max-steps", "1", "--json")
    assert code == 1 and json.loads(out)[0]["message"] == "gave up after 1 step (step budget)"
