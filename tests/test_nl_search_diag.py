"""The search of ``fill`` without touching along anti-diagonals (tremaux.kernels.nl_search_diag).

Small puzzles are compared with the brute force in test_numberlink_search.py
(``fill-notouch``); here: the visiting order, the corpus puzzles whose planted
solution is unique under the no-touch convention (the search, run to the end,
finds exactly that one, on boards up to 50 x 50), resumed and sliced runs, and
the ``covering`` stage that answers ``nikoli`` with such a cover.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from numberlink_checker import follow, touches_itself
from tremaux.kernels.nl_search_diag import diag_order
from tremaux.numberlink import Puzzle, formats, solve_puzzle
from tremaux.numberlink.solvers.search import SearchRun, search

CORPUS = Path(__file__).resolve().parents[1] / "benchmarks" / "numberlink" / "corpus"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())["puzzles"]


@pytest.mark.parametrize("shape", [(1, 1), (1, 5), (4, 1), (3, 3), (4, 7), (9, 2)])
def test_order_visits_every_cell_after_its_north_west_and_north_east_neighbours(shape):
    h, w = shape
    order = diag_order(h, w).tolist()
    assert sorted(order) == list(range(h * w))
    at = {x: k for k, x in enumerate(order)}
    for x in range(h * w):
        r, c = divmod(x, w)
        if r > 0:
            assert at[x - w] < at[x]  # North: its link South is known
            if c < w - 1:
                assert at[x - w + 1] < at[x]  # North-East: the inner diagonal of a └
        if c > 0:
            assert at[x - 1] < at[x]  # West: its link East is known
        if r < h - 1 and c > 0:
            assert at[x + w - 1] > at[x]  # South-West: later on the same diagonal (the lane of a ┐)


def _no_touch_puzzles(max_cells: int):
    files: dict[str, list] = {}
    for e in MANIFEST:
        if e.get("touch") is not False or e["shape"][0] * e["shape"][1] > max_cells:
            continue
        if e["file"] not in files:
            sols = json.loads((CORPUS / e["file"].replace(".txt", ".solutions.json")).read_text())
            files[e["file"]] = list(zip(formats.load_all(CORPUS / e["file"]), sols))
        yield e, *files[e["file"]][e["index"]]


def test_corpus_puzzles_have_exactly_their_planted_solution_without_touching():
    # generated to be unique under fill without touching: the search, run to the end, agrees
    checked = 0
    for e, p, planted in _no_touch_puzzles(36 * 36):
        out = search(p, cover=True, touch=False, max_solutions=2, deadline=time.perf_counter() + 30)
        assert out.complete, e["origin"]
        assert len(out.solutions) == 1, e["origin"]
        got = out.solutions[0]
        assert follow(p.grid.tolist(), [q.tolist() for q in got.paths], fill=True) == []
        assert not any(touches_itself(q.tolist()) for q in got.paths)
        assert _same_lines(got.paths, planted), e["origin"]
        checked += 1
    assert checked >= 20


def _same_lines(paths, planted) -> bool:
    """The same lines, whichever end each was written from."""
    a = {frozenset(map(tuple, q.tolist())) for q in paths}
    return a == {frozenset(map(tuple, q)) for q in planted}


def test_a_large_sparse_puzzle_is_solved_and_checked():
    e, p, planted = next((e, p, s) for e, p, s in _no_touch_puzzles(50 * 50) if e["shape"] == [50, 50])
    out = search(p, cover=True, touch=False, max_solutions=1, deadline=time.perf_counter() + 60)
    assert len(out.solutions) == 1 and out.nodes > 0
    assert follow(p.grid.tolist(), [q.tolist() for q in out.solutions[0].paths], fill=True) == []


def _canon(linking) -> tuple:
    return tuple(tuple(map(tuple, q.tolist())) for q in linking.paths)


def test_a_paused_run_goes_on_to_what_one_run_finds():
    # the 12x12 corpus puzzle has one solution: pausing at it, then going on, proves it alone
    p = formats.load_all(CORPUS / "b-sparse-dev.txt")[3]
    whole = search(p, cover=True, touch=False, max_solutions=5)
    run = SearchRun(p, cover=True, touch=False, max_solutions=5)
    first = run.advance(pause_at=1)
    assert [_canon(s) for s in first.solutions] == [_canon(s) for s in whole.solutions][:1]
    rest = run.advance()
    assert whole.complete and rest.complete and len(whole.solutions) == 1
    assert [_canon(s) for s in rest.solutions] == [_canon(s) for s in whole.solutions]
    assert rest.nodes == whole.nodes


def test_nikoli_is_answered_by_a_cover_when_one_exists():
    p = Puzzle.from_rows(["1.2", "...", "1.2"])  # no cover (checkerboard), yet a nikoli solution
    r = solve_puzzle(p, rule="nikoli")
    assert r.status == "solved" and "every cell covered" not in r.message
    q = formats.load_all(CORPUS / "b-sparse-dev.txt")[12]  # written by hand, unique without touching
    r = solve_puzzle(q, rule="nikoli")
    assert r.status == "solved" and r.message == "found by search, every cell covered"
    paths = [x.tolist() for x in r.linking.paths]
    assert follow(q.grid.tolist(), paths, fill=False) == []
    assert not any(touches_itself(x) for x in paths)
    r2 = solve_puzzle(q, rule="nikoli", touch=False)
    assert r2.status == "solved"


def test_no_cover_without_touching_is_proven_quickly_on_a_crossing_board():
    p = Puzzle.from_endpoints((30, 30), [((0, 15), (29, 15)), ((15, 0), (15, 29))])
    out = search(p, cover=True, touch=False, max_solutions=1, deadline=time.perf_counter() + 10)
    assert out.complete and out.solutions == ()
    assert np.isfinite(out.seconds)
