"""The benchmark corpus (benchmarks/numberlink) and the generator's sparse, no-touch puzzles.

Every stored solution is checked by the independent checker that follows each
line's cells; uniqueness verdicts on hand-written and small generated puzzles
are checked against exhaustive search, under each rule, with and without the
no-touch convention.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from numberlink_checker import follow, touches_itself
from numberlink_reference import brute_force
from tremaux.errors import BudgetExceededError, InvalidSizeError
from tremaux.numberlink import formats, generate_puzzle
from tremaux.numberlink.generate import MAX_GENERATE_SIDE

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "numberlink"
CORPUS = BENCH / "corpus"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())["puzzles"]


def count(grid, fill: bool, touch: bool, limit: int = 50) -> int:
    sols = brute_force(grid, fill, limit=limit)
    return len(sols if touch else [s for s in sols if not any(touches_itself(p) for p in s)])


def test_manifest_matches_the_files_and_every_family_has_both_halves():
    by_file: dict[str, list[dict]] = {}
    for e in MANIFEST:
        by_file.setdefault(e["file"], []).append(e)
    assert sorted(p.name for p in CORPUS.glob("*.txt")) == sorted(by_file)
    for name, entries in by_file.items():
        puzzles = formats.load_all(CORPUS / name)
        assert [e["index"] for e in entries] == list(range(len(puzzles)))
        for e, p in zip(entries, puzzles):
            assert list(p.shape) == e["shape"] and p.pairs == e["pairs"]
            assert e["half"] == ("dev" if name.endswith("-dev.txt") else "held")
    families = {e["family"] for e in MANIFEST}
    assert families == {"a-contest", "b-sparse", "c-large", "d-flow", "e-none"}
    for fam in families:
        assert {e["half"] for e in MANIFEST if e["family"] == fam} == {"dev", "held"}


def test_every_stored_solution_follows_the_rules():
    """Planted solutions cover every cell; under the no-touch convention no line runs beside itself."""
    checked = no_touch = 0
    for sol_file in sorted(CORPUS.glob("*.solutions.json")):
        txt = sol_file.name.replace(".solutions.json", ".txt")
        puzzles = formats.load_all(CORPUS / txt)
        entries = [e for e in MANIFEST if e["file"] == txt]
        solutions = json.loads(sol_file.read_text())
        assert len(solutions) == len(puzzles) == len(entries)
        for p, paths, e in zip(puzzles, solutions, entries):
            if paths is None:
                continue
            touch = e["touch"] is not False
            assert follow(p.grid.tolist(), paths, fill=True, touch=touch) == [], (txt, e["origin"])
            checked += 1
            no_touch += not touch
    assert checked >= 40 and no_touch >= 25


def test_sparse_family_is_published_style():
    sparse = [e for e in MANIFEST if e["family"] == "b-sparse" and e["origin"].startswith("generate")]
    dens = [e["pairs"] / (e["shape"][0] * e["shape"][1]) for e in sparse]
    assert len(sparse) >= 20 and max(dens) <= 0.09 and min(dens) >= 0.01
    assert max(e["shape"][0] * e["shape"][1] for e in sparse) >= 50 * 50


@pytest.mark.parametrize("index", [0, 1, 2])
def test_handmade_puzzles_are_unique_under_each_rule_and_convention(index):
    p = formats.load_all(BENCH / "handmade.txt")[index]
    for fill in (True, False):
        for touch in (True, False):
            assert count(p.grid.tolist(), fill, touch) == 1, (index, fill, touch)


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_small_sparse_generated_puzzles_are_unique_under_the_no_touch_convention(rule):
    for seed in range(6):
        g = generate_puzzle((4, 5), rule=rule, density=0.1, seed=seed)
        assert g.touch is False
        grid = g.puzzle.grid.tolist()
        assert follow(grid, [x.tolist() for x in g.solution.paths], fill=True, touch=False) == []
        assert count(grid, rule == "fill", touch=False) == 1, (rule, seed)


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_dense_no_touch_puzzles_are_unique_under_the_convention_and_their_solution_never_touches_itself(rule):
    for seed in range(6):
        g = generate_puzzle((4, 4), rule=rule, touch=False, seed=seed)
        grid = g.puzzle.grid.tolist()
        assert g.touch is False
        assert follow(grid, [x.tolist() for x in g.solution.paths], fill=True, touch=False) == []
        assert count(grid, rule == "fill", touch=False) == 1


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_dense_puzzles_asked_with_touching_are_unique_among_all_solutions(rule):
    # the default is the no-touch convention (tests/test_numberlink_generate.py); touch=True is kept on request
    for seed in range(6):
        g = generate_puzzle((4, 4), rule=rule, seed=seed, touch=True)
        assert g.touch is True
        assert count(g.puzzle.grid.tolist(), rule == "fill", touch=True) == 1


def test_density_knob_sets_the_number_of_pairs():
    for d in (0.02, 0.05, 0.08):
        g = generate_puzzle((20, 20), density=d, seed=3)
        assert 0.5 * d <= g.density <= 1.6 * d, (d, g.density)
        assert follow(g.puzzle.grid.tolist(), [x.tolist() for x in g.solution.paths], fill=True, touch=False) == []


def test_generator_refuses_huge_sizes_and_stops_at_its_time_limit():
    with pytest.raises(InvalidSizeError, match=f"limit of {MAX_GENERATE_SIDE} rows and columns"):
        generate_puzzle((4096, 4096))
    with pytest.raises(InvalidSizeError, match="density"):
        generate_puzzle((8, 8), density=0.9)
    with pytest.raises(BudgetExceededError, match=r"generation gave up after \d+\.\d s \(time limit 0.001 s\)"):
        generate_puzzle((60, 60), density=0.02, seed=1, time_limit=0.001)
