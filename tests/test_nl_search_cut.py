"""The row search with cut corners refused (``SearchRun(..., cut=True)``) against the brute force.

Under ``nikoli`` with ``cut``, the search keeps only the solutions in which no
``┌`` has an empty South-East neighbour, no ``┐`` an empty South-West one,
and no line makes a detour under empty cells (down, along, up).
Checked on small random puzzles (both layouts: boards wider than tall are
searched transposed), with and without touching: every solution it finds is
a brute-force solution without a cut corner, it finds every such solution,
it finds one exactly when the puzzle has any solution, and when a first
solution covers every cell it finds another exactly when there is another
(what :func:`~tremaux.numberlink.solvers.another.shortcuts_suffice` relies on).
"""

from __future__ import annotations

import pytest

from numberlink_reference import brute_force, problems
from test_numberlink_search import covered_puzzles, random_puzzles, sparse_puzzles
from tremaux.errors import PuzzleError
from tremaux.numberlink import Puzzle
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.result import Linking
from tremaux.numberlink.solvers.another import shortcuts_suffice
from tremaux.numberlink.solvers.search import SearchRun

PUZZLES = random_puzzles(77, 120) + covered_puzzles(78, 60) + sparse_puzzles(79, 40)


def _cut(h: int, w: int, paths) -> bool:
    """Whether a solution (paths of cells) has a ``┌`` or ``┐`` beside an empty inner diagonal cell, or a
    detour: down, along the row below under empty cells, and up again."""
    used = {tuple(c) for p in paths for c in p}
    edges = {frozenset((tuple(a), tuple(b))) for p in paths for a, b in zip(p, p[1:])}

    def linked(a, b) -> bool:
        return frozenset((a, b)) in edges

    for r in range(h - 1):
        for c in range(w):
            b, below = (r, c), (r + 1, c)
            if not linked(b, below):
                continue
            if c + 1 < w and linked(b, (r, c + 1)) and (r + 1, c + 1) not in used:
                return True  # ┌ with an empty South-East
            if c > 0 and linked(b, (r, c - 1)) and (r + 1, c - 1) not in used:
                return True  # ┐ with an empty South-West
            for c2 in range(c + 2, w):  # a detour from (r, c) to (r, c2) through row r + 1
                if (r, c2 - 1) in used or not linked((r + 1, c2 - 2), (r + 1, c2 - 1)):
                    break
                if linked((r + 1, c2 - 1), (r + 1, c2)) and linked((r + 1, c2), (r, c2)):
                    return True
    return False


def _all(p: Puzzle, touch: bool, cut: bool) -> tuple[set, bool]:
    out = SearchRun(p, cover=False, touch=touch, max_solutions=10_000, cut=cut).advance()
    return {tuple(tuple(map(tuple, q.tolist())) for q in s.paths) for s in out.solutions}, out.complete


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "notouch"])
def test_cut_search_finds_exactly_the_solutions_without_a_cut_corner(touch: bool) -> None:
    wide = kept = 0
    for p in PUZZLES:
        h, w = p.shape
        every = brute_force(p.grid.tolist(), False, limit=10**9, touch=touch)
        want = {s for s in every if not _cut(h, w, s)}
        got, complete = _all(p, touch, cut=True)
        assert complete, p.grid
        assert got == want, p.grid
        assert bool(got) == bool(every), p.grid  # a solution without a cut corner whenever there is one
        for s in got:
            assert problems(p.grid.tolist(), [list(q) for q in s], False) == [], p.grid
        wide += w > h and len(every) > len(want)
        kept += len(every) > len(want)
    assert kept >= 20 and wide >= 5  # the sample has solutions the cut drops, in both layouts


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "notouch"])
def test_another_than_a_covering_first_is_kept(touch: bool) -> None:
    rule = resolve("nikoli", touch=touch)
    asked = several = 0
    for p in PUZZLES:
        h, w = p.shape
        every = brute_force(p.grid.tolist(), False, limit=10**9, touch=touch)
        got, _ = _all(p, touch, cut=True)
        for s in every:
            first = Linking.from_paths(p, [list(q) for q in s])
            if not shortcuts_suffice(p, rule, first):
                continue
            asked += 1
            several += len(every) > 1
            assert bool(got - {s}) == (len(every) > 1), p.grid
    # without touching, a cover by lines that never touch seldom leaves another solution on boards this small
    assert asked >= 30 and several >= (10 if touch else 0)


def test_cut_needs_nikoli() -> None:
    with pytest.raises(PuzzleError, match="cover=False"):
        SearchRun(Puzzle.from_rows(["1.1"]), cover=True, touch=True, cut=True)
