"""Sparse puzzles planted as staircases: lines that never turn back, unique under every rule and touch setting."""

from __future__ import annotations

import json
from collections import deque

import numpy as np
import pytest

from cli_helpers import run
from numberlink_reference import brute_force
from tremaux.errors import InvalidSizeError
from tremaux.numberlink import diagnose, generate_puzzle
from tremaux.numberlink.staircase import is_staircase, planting_of, staircase_cover


def _shortest(grid: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> int:
    """Cells of a shortest path from ``a`` to ``b`` through cells that hold no other number (breadth-first)."""
    h, w = grid.shape
    label = grid[a]
    seen = {a: 1}
    todo = deque([a])
    while todo:
        r, c = todo.popleft()
        if (r, c) == b:
            return seen[b]
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= n[0] < h and 0 <= n[1] < w and n not in seen and grid[n] in (0, label):
                seen[n] = seen[(r, c)] + 1
                todo.append(n)
    raise AssertionError("no path")


@pytest.mark.parametrize("h, w, target", [(6, 6, 3), (9, 14, 6), (14, 9, 20), (20, 20, 12), (7, 30, 9)])
def test_a_staircase_cover_covers_the_board_with_lines_that_never_turn_back(h, w, target):
    for seed in range(4):
        lines = staircase_cover(h, w, np.random.default_rng(seed), target)
        if lines is None:  # a lone cell no line could take: the generator draws again
            continue
        assert sorted(c for ln in lines for c in ln) == list(range(h * w))
        for ln in lines:
            assert len(ln) >= 2 and is_staircase(ln, w)
            assert all(abs(a - b) == w or (abs(a - b) == 1 and a // w == b // w) for a, b in zip(ln, ln[1:]))
        assert len(lines) >= min(target, 2)


def test_is_staircase_tells_a_line_that_turns_back():
    assert is_staircase([0, 1, 2, 6, 10, 11], 4)  # right, right, down, down, right
    assert not is_staircase([0, 1, 5, 4], 4)  # right, down, left
    assert not is_staircase([1, 5, 6, 2], 4)  # down, right, up


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (4, 6), (3, 7)])
@pytest.mark.parametrize("rule", ["fill", "nikoli"])
@pytest.mark.parametrize("touch", [False, True])
def test_staircase_puzzles_have_exactly_one_solution_by_brute_force(shape, rule, touch):
    for seed in range(4):
        g = generate_puzzle(shape, rule=rule, touch=touch, density=0.1, seed=seed, planting="stairs")
        assert g.planting == "stairs" and g.touch is touch
        sols = brute_force(g.puzzle.grid.tolist(), rule == "fill", limit=3, touch=touch)
        assert len(sols) == 1, (g.puzzle, sols)


@pytest.mark.parametrize("rule, touch", [("nikoli", False), ("nikoli", True), ("fill", False)])
def test_a_small_sparse_staircase_puzzle_is_proper_by_the_checker(rule, touch):
    g = generate_puzzle((12, 12), rule=rule, touch=touch, density=0.05, seed=5, planting="stairs", time_limit=None)
    assert g.planting == "stairs"
    grid = g.puzzle.grid
    for path in g.solution.paths:  # each line a shortest path between its numbers among the others
        ends = (tuple(int(x) for x in path[0]), tuple(int(x) for x in path[-1]))
        assert len(path) == _shortest(grid, *ends)
    assert diagnose(g.puzzle, rule=rule, touch=touch, time_limit=120).verdict == "proper"


def test_a_small_sparse_winding_puzzle_under_nikoli_is_proper_by_the_checker():
    g = generate_puzzle((12, 12), rule="nikoli", density=0.05, seed=4, time_limit=None)
    assert g.planting == "winding"  # the default at 144 cells
    assert diagnose(g.puzzle, rule="nikoli", touch=False, time_limit=120).verdict == "proper"


def test_the_planting_by_default_and_a_bad_one():
    assert planting_of(None, 0.03, 21, 20) == "stairs" and planting_of(None, 0.03, 20, 20) == "winding"
    assert planting_of(None, None, 50, 50) == "winding"  # no density: the short lines
    assert planting_of(None, 0.03, 50, 50, "fill") == "winding"  # fill without touching: winding lines are made
    assert planting_of(None, 0.03, 50, 50, "fill", True) == "stairs"
    with pytest.raises(InvalidSizeError, match="planting 'diagonal' is not one of: winding, stairs"):
        generate_puzzle((30, 30), density=0.03, planting="diagonal")
    with pytest.raises(InvalidSizeError, match="planting 'stairs' is for sparse lines: give a density"):
        generate_puzzle((30, 30), planting="stairs")


def test_the_command_says_the_planting(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "30x30", "--density", "0.03", "--rule",
                         "nikoli", "--seed", "2", "--json")
    assert code == 0, err
    made = json.loads(out)
    assert made["planting"] == "stairs" and made["pairs"] >= 27
    assert "staircase lines" in err
    code, out, err = run(capsys, "numberlink", "generate", "--size", "8x8", "--density", "0.05", "--planting", "up")
    assert code == 2 and err.startswith("error: ") and "--planting 'up' is not one of: winding, stairs" in err


@pytest.mark.parametrize("seed", [2, 3])
def test_a_staircase_puzzle_looks_made_by_hand_ends_inside_and_lines_that_turn(seed):
    g = generate_puzzle((30, 30), rule="nikoli", density=0.03, seed=seed, planting="stairs")
    h, w = g.puzzle.grid.shape
    ends = [tuple(int(x) for x in p[k]) for p in g.solution.paths for k in (0, -1)]
    on_rim = sum(r in (0, h - 1) or c in (0, w - 1) for r, c in ends)
    assert on_rim < len(ends) / 2  # most numbers inside the board
    turns, longest = [], 0
    for path in g.solution.paths:
        cells = [int(r) * w + int(c) for r, c in path]
        assert is_staircase(cells, w)
        steps = [b - a for a, b in zip(cells, cells[1:])]
        turns.append(sum(s != t for s, t in zip(steps, steps[1:])))
        run = 1
        for s, t in zip(steps, steps[1:]):
            run = run + 1 if s == t else 1
            longest = max(longest, run + 1)
    assert sorted(turns)[len(turns) // 2] >= 8  # lines that turn again and again, not rows across the board
    assert longest < 0.9 * w  # no line runs straight from one side to the other


def _ends_and_leans(g) -> tuple[int, int, list[int]]:
    """Numbers on the rim, numbers, and how many lines lean each diagonal way (``\\`` then ``/``)."""
    h, w = g.puzzle.grid.shape
    on_rim = numbers = 0
    leans = [0, 0]
    for path in g.solution.paths:
        (r0, c0), (r1, c1) = (int(x) for x in path[0]), (int(x) for x in path[-1])
        for r, c in ((r0, c0), (r1, c1)):
            numbers += 1
            on_rim += r in (0, h - 1) or c in (0, w - 1)
        if (r1 - r0) * (c1 - c0):
            leans[(r1 - r0) * (c1 - c0) < 0] += 1
    return on_rim, numbers, leans


@pytest.mark.parametrize("shape, density", [((30, 30), 0.03), ((50, 50), 0.03), ((40, 30), 0.05)])
def test_the_sides_are_cut_into_long_runs_so_few_numbers_sit_on_the_rim(shape, density):
    h, w = shape
    for seed in (4, 5):
        g = generate_puzzle(shape, rule="nikoli", density=density, seed=seed, planting="stairs")
        on_rim, numbers, _ = _ends_and_leans(g)
        assert on_rim < 0.3 * numbers  # a run per line along a side: no more than a few dozen ends there
        for path in g.solution.paths:  # no line runs along a side further than a run may
            cells = [(int(r), int(c)) for r, c in path]
            for k, side in ((0, 0), (0, h - 1), (1, 0), (1, w - 1)):
                along = sum(1 for cell in cells if cell[k] == side)
                assert along <= 0.45 * (w if k == 0 else h) + 1


@pytest.mark.parametrize("shape, density", [((30, 30), 0.05), ((50, 50), 0.05), ((30, 30), 0.09)])
def test_lines_lean_both_diagonal_ways_once_the_pairs_asked_leave_room(shape, density):
    for seed in (6, 7):
        g = generate_puzzle(shape, rule="nikoli", density=density, seed=seed, planting="stairs")
        _, _, leans = _ends_and_leans(g)
        assert min(leans) >= 0.2 * sum(leans), leans  # neither way much rarer than a fifth


def test_one_block_of_lines_when_fewer_lines_are_asked_than_the_side():
    lines = staircase_cover(30, 30, np.random.default_rng(3), 27)
    assert lines is not None
    leans = {(b // 30 - a // 30) * (b % 30 - a % 30) > 0 for a, b in ((ln[0], ln[-1]) for ln in lines)
             if (b // 30 - a // 30) * (b % 30 - a % 30)}
    assert len(leans) == 1  # two strips would need as many lines, each running straight along its strip


@pytest.mark.parametrize("rule, touch", [("nikoli", False), ("nikoli", True), ("fill", True)])
def test_a_quartered_staircase_puzzle_is_proper_by_the_checker(rule, touch):
    g = generate_puzzle((30, 30), rule=rule, touch=touch, density=0.09, seed=8, planting="stairs", time_limit=None)
    _, _, leans = _ends_and_leans(g)
    assert min(leans) > 0
    assert diagnose(g.puzzle, rule=rule, touch=touch, time_limit=120).verdict == "proper"
