"""The generator asked as users ask it: the density given is the density asked, or the message says why not."""

from __future__ import annotations

import re

import pytest

from cli_helpers import run
from tremaux.numberlink import generate_puzzle


def _said(err: str) -> str:
    return next(line for line in err.splitlines() if line.startswith("generated"))


@pytest.mark.parametrize("args", [
    ("--size", "20x20", "--density", "0.014", "--rule", "nikoli", "--seed", "1"),  # cuts for uniqueness add pairs
    ("--size", "8x8", "--density", "0.014", "--seed", "1"),  # lines that never run beside themselves: 1 cannot cover
    ("--size", "10x10", "--density", "1e-9", "--seed", "2"),  # less than one pair
])
def test_a_density_not_reached_is_said_with_its_reasons(capsys, args):
    code, out, err = run(capsys, "numberlink", "generate", *args, "--json")
    assert code == 0
    said = _said(err)
    asked = float(args[args.index("--density") + 1])
    m = re.search(r"\(density ([0-9.]+), asked ([^:)]+): (.*)\)", said)
    assert m, said
    assert float(m.group(2)) == asked
    import json
    made = json.loads(out)
    assert made["planted_pairs"] >= 1 and made["pairs"] >= made["planted_pairs"] - 1
    reasons = m.group(3)
    h, w = (int(x) for x in args[1].split("x"))
    aim = max(1, round(asked * h * w))
    if made["planted_pairs"] != aim:  # the planted lines themselves: say how many
        assert f"{made['planted_pairs']} planted" in reasons, said
    if made["pairs"] > made["planted_pairs"]:  # the cuts: say how many pairs they added
        assert f"{made['pairs'] - made['planted_pairs']} more" in reasons, said


def test_a_density_reached_is_said_without_excuses(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "10x10", "--density", "0.08", "--seed", "1")
    assert code == 0
    said = _said(err)
    assert "(density 0.080, asked 0.08)" in said, said


def test_the_generated_puzzle_says_how_many_pairs_were_planted():
    g = generate_puzzle((20, 20), rule="nikoli", density=0.014, seed=1)
    assert 1 <= g.planted_pairs < g.puzzle.pairs  # cuts made it unique
    row = generate_puzzle((1, 9), density=0.3, seed=1)
    assert row.planted_pairs == row.puzzle.pairs == 3
