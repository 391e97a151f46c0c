"""The generator's sweep of small neighbourhoods (sparse puzzles under ``nikoli``), and what a generation that gives
up says about how far it got."""

from __future__ import annotations

import pytest

from cli_helpers import run
from numberlink_checker import follow
from tremaux.errors import BudgetExceededError
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.sweep import sweep
from tremaux.numberlink.turns import Ledger

# two blocks of three rows, each with a line that may go straight along the bottom row instead of through the
# middle one (cells may stay empty under nikoli), apart by a line down the middle column
ROWS = ["1.1.3.3", "...4...", "2.242.2"]
PATHS = [[(0, 0), (0, 1), (0, 2)], [(2, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
         [(0, 4), (0, 5), (0, 6)], [(0, 3), (1, 3), (2, 3)], [(2, 4), (1, 4), (1, 5), (1, 6), (2, 6)]]


def _edges(paths, w):
    return {tuple(sorted((a[0] * w + a[1], b[0] * w + b[1]))) for p in paths for a, b in zip(p[:-1], p[1:])}


def _paths(edges, grid):
    """The lines of an answer given by its edges (flat cells), followed from each pair's first number."""
    w = len(grid[0])
    nxt = {}
    for a, b in edges:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    out = []
    for k in range(1, max(map(max, grid)) + 1):
        start = min(r * w + c for r, row in enumerate(grid) for c, v in enumerate(row) if v == k)
        path, prev = [start], -1
        while len(nxt.get(path[-1], [])) and len(path) <= len(grid) * w:
            step = [x for x in nxt[path[-1]] if x != prev]
            if not step:
                break
            prev = path[-1]
            path.append(step[0])
        out.append([divmod(c, w) for c in path])
    return out


def _puzzle():
    grid = [[0] * 7 for _ in range(3)]
    for k, p in enumerate(PATHS, start=1):
        for r, c in (p[0], p[-1]):
            grid[r][c] = k
    p = Puzzle(grid)
    return grid, p, Linking.from_paths(p, PATHS)


def test_one_sweep_shows_the_other_solutions_of_every_small_neighbourhood_and_each_is_one():
    grid, p, planted = _puzzle()
    led = Ledger()
    found = sweep(p, planted, "nikoli", led, None)
    mine = _edges(PATHS, 7)
    assert len(found) >= 2  # both blocks in one pass
    for f in found:  # each a solution under nikoli, no line beside itself, other than the planted one
        assert f != mine and follow(grid, _paths(f, grid), fill=False, touch=False) == []
    differ = [{c for e in f ^ mine for c in e} for f in found]
    assert any(all(c % 7 < 3 for c in d) for d in differ) and any(all(c % 7 > 3 for c in d) for d in differ)
    assert led.settled  # the neighbourhoods without one are remembered


def test_a_sweep_with_nothing_to_show_settles_what_it_asked_and_asks_it_no_more(monkeypatch):
    grid, p, planted = _puzzle()
    led = Ledger()
    first = sweep(p, planted, "nikoli", led, None)
    import tremaux.numberlink.solvers.neighbourhoods as nb

    asked = []
    real = nb.around
    monkeypatch.setattr(nb, "around", lambda *a, **k: asked.append(1) or real(*a, **k))
    sweep(p, planted, "nikoli", led, None)
    assert led.settled and len(asked) == len(first)  # only those that had another solution are asked again


def test_the_whole_board_is_asked_only_when_no_small_neighbourhood_has_another_solution(monkeypatch):
    # the question in turns over the whole board is the costly one: it comes after the sweep found nothing
    import tremaux.numberlink.generate as gen

    real = gen._another
    asked = []

    def another(puzzle, planted, rule, stop, **kw):
        asked.append(sweep(puzzle, planted, rule, Ledger(), None))
        return real(puzzle, planted, rule, stop, **kw)

    monkeypatch.setattr(gen, "_another", another)
    monkeypatch.setattr(gen, "SWEEP", True)  # measured, not on by default
    g = generate_puzzle((10, 10), rule="nikoli", density=0.04, seed=3)
    assert asked and all(x == [] for x in asked)
    assert g.checks > len(asked)  # the other questions were answered by the sweep


def test_a_generation_that_gives_up_says_how_far_it_got(monkeypatch):
    import tremaux.numberlink.generate as gen
    from tremaux.numberlink.plant import gave_up

    def stuck(puzzle, planted, rule, stop, **kw):
        raise gave_up(0.0, 1.0)

    monkeypatch.setattr(gen, "_another", stuck)
    with pytest.raises(BudgetExceededError) as exc:
        generate_puzzle((12, 12), rule="nikoli", density=0.03, seed=1, time_limit=None)
    said = str(exc.value)
    assert said.startswith("generation gave up after ")
    assert "while making the lines unique: " in said and " pairs so far (density 0.0" in said, said
    assert " planted), question 1 asked; try a smaller size" in said, said


def test_the_command_that_gives_up_while_planting_says_so(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "50x50", "--density", "0.014", "--rule",
                         "nikoli", "--seed", "1", "--time-limit", "0.000001")
    assert code != 0 and out == ""
    assert "gave up after " in err and "while planting the lines" in err, err


def test_a_generation_that_went_on_in_a_child_process_says_how_far_it_got_once(capsys):
    # past a tenth of its limit the generation goes on in a child process: its message is the one said
    # kernels loaded first: on a cold cache the 2 s went to compiling, before any phase the message names
    generate_puzzle((12, 12), density=0.03, rule="nikoli", seed=1, time_limit=120)
    code, out, err = run(capsys, "numberlink", "generate", "--size", "30x30", "--density", "0.03", "--rule",
                         "nikoli", "--seed", "1", "--time-limit", "2")
    assert code != 0 and out == ""
    assert err.count(" while ") == 1 and "gave up after " in err, err
