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


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_the_question_region_by_region_agrees_with_the_whole_board(rule):
    # the generator's question under the convention, "another solution than the planted one?", asked region by
    # region on one solver (facts from the regions proven kept for the next): the same verdict as one question
    # over the whole board, on planted puzzles before any cut (many have other solutions) and after
    import numpy as np

    from tremaux.kernels.rng import make_state
    from tremaux.numberlink.cover import lines_of, split_touching
    from tremaux.numberlink.generate import _another_by_regions, _puzzle_of
    from tremaux.numberlink.plant import plant
    from tremaux.kernels import numberlink as kn
    from tremaux.numberlink.uniqueness import _another

    both = {True: 0, False: 0}
    for seed in range(40):
        h, w = 5 + seed % 4, 6 + seed % 5
        if seed % 2:  # the default short lines
            links = kn.random_cover(h, w, make_state(seed), 8)
            lines = split_touching(lines_of(links, h, w), h, w) if (links != 0).all() else None
        else:  # long winding lines (a density), which often have other solutions
            lines = plant(h, w, make_state(seed), 8, 0.03, None, None, 0.0)
        if lines is None:
            continue
        puzzle, planted = _puzzle_of(lines, h, w)
        by_regions, late = _another_by_regions(puzzle, planted, rule, None)
        whole, late_whole = _another(puzzle, planted, rule, None)
        assert not late and not late_whole
        assert bool(by_regions) == bool(whole), seed
        mine = {(min(a, b), max(a, b)) for ln in lines for a, b in zip(ln, ln[1:])}
        assert all(other != mine for other in by_regions)
        both[bool(whole)] += 1
    assert both[False] >= 3 and (rule == "fill" or both[True] >= 3), both  # under nikoli, both verdicts were met
    # (under fill, covers whose lines never run beside themselves had no other solution in these)
    g = generate_puzzle((12, 12), rule=rule, seed=4)
    assert _another_by_regions(g.puzzle, g.solution, rule, None) == ([], False)
    assert np.array_equal(g.solution.grid, generate_puzzle((12, 12), rule=rule, seed=4).solution.grid)


def test_a_question_that_cannot_end_by_the_deadline_gives_up_with_the_time_said(monkeypatch):
    # the encoding of a large board is not built when its pace says it cannot end by the deadline; the generator
    # took that for "undecided", cut a random line of four cells or more, and on short lines printed
    # "cannot make this puzzle unique by cutting lines" (a wrong reason) instead of giving up on time
    from tremaux.errors import BudgetExceededError
    from tremaux.numberlink import sat

    generate_puzzle((6, 6), seed=1)  # kernels loaded

    class Late:
        def __init__(self, *args, **kwargs):
            raise TimeoutError("the encoding cannot be built by the deadline")

    monkeypatch.setattr(sat, "Encoding", Late)
    with pytest.raises(BudgetExceededError, match=r"generation gave up after .* s \(time limit 30 s\)"):
        generate_puzzle((6, 6), seed=1, time_limit=30)
