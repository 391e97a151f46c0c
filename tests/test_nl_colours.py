"""The colour search of ``solvers.colours`` against the brute force, and the uniqueness question it answers.

Without touching a cell's colour decides its links; the search enumerates
the colourings whose every coloured cell has its degree of neighbours of its
colour and no loop. Every enumeration is compared with
``numberlink_reference.brute_force`` under ``nikoli`` without touching.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from numberlink_reference import brute_force
from tremaux.errors import InvalidSizeError, PuzzleError
from tremaux.numberlink import Puzzle, generate_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers.base import Task
from tremaux.numberlink.solvers.colours import MAX_CELLS, MAX_PAIRS, ColourRun


def boards(seed: int, count: int, widest: int = 5):
    """Random endpoints on 2x2 to 4 x ``widest`` boards, and every third a generated puzzle."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        h, w = int(rng.integers(2, 5)), int(rng.integers(2, widest + 1))
        if i % 3 == 2:
            yield generate_puzzle((h, w), seed=int(rng.integers(1 << 30))).puzzle
            continue
        k = int(rng.integers(1, min(4, h * w // 2) + 1))
        cells = rng.choice(h * w, size=2 * k, replace=False)
        g = np.zeros(h * w, dtype=np.int64)
        g[cells] = np.repeat(np.arange(1, k + 1), 2)
        yield Puzzle(g.reshape(h, w))


def key(paths) -> tuple:
    return tuple(tuple(tuple(int(x) for x in cell) for cell in q) for q in paths)


@pytest.mark.parametrize("heads", [True, False])
def test_the_colour_search_enumerates_every_solution_without_touching(heads):
    """Every solution under nikoli without touching, each once, with or without a known one given first."""
    rng = np.random.default_rng(5 + heads)
    seen = 0
    for p in boards(11 + heads, 80, widest=4):
        ref = {key(s) for s in brute_force(p.grid.tolist(), False, limit=10**9, touch=False)}
        out = ColourRun(p, max_solutions=10**6, heads=heads).advance()
        got = [key(s.paths) for s in out.solutions]
        assert out.complete and len(got) == len(set(got)) and set(got) == ref, p.grid.tolist()
        if ref:
            first = sorted(ref)[int(rng.integers(len(ref)))]
            lk = Linking.from_paths(p, [list(q) for q in first])
            out = ColourRun(p, prefer=lk, max_solutions=10**6, heads=heads).advance()
            got = [key(s.paths) for s in out.solutions]
            assert out.complete and got[0] == first and len(got) == len(set(got)) and set(got) == ref
        seen += len(ref) > 1
    assert seen > 5


def test_the_colour_search_stops_at_max_solutions():
    p = Puzzle.from_rows(["1..", "...", "..1"])
    out = ColourRun(p, max_solutions=2).advance()
    assert len(out.solutions) == 2 and not out.complete
    lk = out.solutions[0]
    assert ColourRun(p, prefer=lk, max_solutions=1).advance().solutions == (lk,)


def test_the_colour_search_refuses_what_it_cannot_hold():
    with pytest.raises(PuzzleError, match="numberlink Puzzle"):
        ColourRun([[1, 1]])
    with pytest.raises(InvalidSizeError, match="max_solutions"):
        ColourRun(Puzzle.from_rows(["11"]), max_solutions=0)
    p = Puzzle.from_rows(["1.", "1."])
    with pytest.raises(PuzzleError, match="shape|is"):
        ColourRun(p, prefer=Linking.from_paths(Puzzle.from_rows(["11"]), [[(0, 0), (0, 1)]]))
    with pytest.raises(PuzzleError, match=f"at most {MAX_CELLS} cells"):
        ColourRun(Puzzle(np.pad([[1, 1]], ((0, 45), (0, 43)))))  # 46 x 45 cells: its state would pass 32 MB
    n = MAX_PAIRS + 1
    g = np.zeros((2, n), dtype=np.int64)
    g[0] = g[1] = np.arange(1, n + 1)
    with pytest.raises(PuzzleError, match=f"at most {MAX_PAIRS} pairs"):
        ColourRun(Puzzle(g))


def test_without_cut_corners_another_solution_is_kept_after_a_covering_first():
    """With ``cut`` (the first covers the board): another solution is found exactly when there is one."""
    from tremaux.numberlink.solvers.search import search

    verdicts = {"unique": 0, "several": 0}
    for p in boards(29, 300):
        first = search(p, cover=True, touch=False, max_solutions=1).solutions
        if not first:
            continue
        ref = {key(s) for s in brute_force(p.grid.tolist(), False, limit=10**9, touch=False)}
        for heads in (True, False):
            out = ColourRun(p, prefer=first[0], max_solutions=2, cut=True, heads=heads).advance()
            assert len(out.solutions) == min(2, len(ref)) and out.complete == (len(ref) == 1), p.grid.tolist()
            assert all(key(s.paths) in ref for s in out.solutions)
        verdicts["unique" if len(ref) == 1 else "several"] += 1
    assert verdicts["unique"] > 0 and verdicts["several"] > 0, verdicts


@pytest.mark.parametrize("touch", [False, True])
def test_the_second_question_under_nikoli_goes_to_the_colour_search(touch, monkeypatch):
    """On generated 8 x 8 and 9 x 9 puzzles, whose first solution covers the board with lines that never touch,
    the new search of the second question under nikoli (with touching too: the question is then asked without)
    is the colour search, and alone it gives SAT's verdict."""
    from tremaux.numberlink.solvers import another
    from tremaux.numberlink.solvers.another import another_stage
    from tremaux.numberlink.solvers.pipeline import fast

    verdicts = []
    for seed in range(6):
        p = generate_puzzle((8 + seed % 2, 8 + seed % 2), seed=seed).puzzle
        task = Task(p, resolve("nikoli", touch=touch), 2, None)
        with monkeypatch.context() as m:  # the reference: SAT alone after the first solution
            m.setattr(another, "_new_run", lambda task, first: None)
            m.setattr(another, "_new_local", lambda task, first: None)
            m.setattr(another, "for_question", lambda task, first: None)
            ref = another_stage(task, fast)
        run = another._new_run(task, ref.solutions[0])
        assert isinstance(run, ColourRun)
        out = run.advance()
        assert out.solutions[0] == ref.solutions[0]
        assert len(out.solutions) == len(ref.solutions) and out.complete == ref.exhausted, (seed, ref.how)
        verdicts.append(len(out.solutions))
    assert 1 in verdicts and 2 in verdicts, verdicts


def test_the_second_question_on_a_board_too_large_for_the_colour_search_goes_to_the_row_search():
    """A board whose colour search state would pass 32 MB (more than ``MAX_CELLS`` cells) is searched by rows."""
    from tremaux.numberlink.result import Linking
    from tremaux.numberlink.solvers import another
    from tremaux.numberlink.solvers.search import SearchRun

    p = Puzzle(np.pad([[1, 1]], ((0, 45), (0, 43))))
    first = Linking.from_paths(p, [[(0, 0), (0, 1)]])
    run = another._new_run(Task(p, resolve("nikoli", touch=False), 2, None), first)
    assert isinstance(run, SearchRun)


def test_the_reach_is_followed_again_only_after_a_choice_that_may_split_a_colour():
    """On an open board most choices leave every colour's cells in one piece: no flood over the board for
    those, and the same solutions in the same order as when every choice floods."""
    p = Puzzle.from_rows(["1.......", "........", "..2.....", "........", "........", ".....2..", "........",
                          ".......1"])
    run = ColourRun(p, max_solutions=200)
    out = run.advance()
    assert len(out.solutions) == 200 and 2 * run.floods < run.nodes, (run.floods, run.nodes)


def test_a_lost_cell_is_kept_apart_from_a_split_exactly_when_its_colour_is_joined_around_it():
    """``_kept``: the cells of the colour beside the cell are joined through the eight around it."""
    from tremaux.kernels.nl_colour_cells import _kept

    def kept(rows):  # the middle cell of a 3 x 3 picture ('#': the colour there), lost
        dom = np.array([2 if ch == "#" else 1 for ch in "".join(rows)], dtype=np.uint64)
        return _kept(4, np.uint64(2), dom, np.zeros(9, dtype=np.uint64), 3, 3)

    assert kept(["###", "#.#", "###"]) and kept(["##.", "#..", "..."]) and kept(["...", "...", ".#."])
    assert not kept([".#.", "...", ".#."]) and not kept(["#..", "#.#", "#.."]) and not kept(["##.", "#.#", "..#"])
    assert kept(["##.", "#.#", "###"])  # West and East, joined round by the South
    dom = np.array([1, 2, 1, 1, 1, 1, 1, 2, 1], dtype=np.uint64)  # North and South, joined by cells put back
    back = np.array([0, 0, 2, 0, 0, 2, 0, 0, 2], dtype=np.uint64)
    assert _kept(4, np.uint64(2), dom, back, 3, 3)
    edge = np.array([2, 1, 2, 2, 2, 2], dtype=np.uint64)  # the top row of a 2 x 3 board: round below it
    assert _kept(1, np.uint64(2), edge, np.zeros(6, dtype=np.uint64), 2, 3)
    edge[4] = 1
    assert not _kept(1, np.uint64(2), edge, np.zeros(6, dtype=np.uint64), 2, 3)


def test_a_lost_cell_splits_its_colour_unless_the_cells_beside_it_meet_the_long_way_round():
    """``_joined``: a search from each cell of the colour beside the lost one, until they meet."""
    from tremaux.kernels.nl_colour_cells import _joined

    def joined(rows, x):
        h, w = len(rows), len(rows[0])
        dom = np.array([2 if ch == "#" else 1 for ch in "".join(rows)], dtype=np.uint64)
        mark = np.zeros(h * w, dtype=np.int64)
        ok = _joined(x, np.uint64(2), dom, np.zeros(h * w, dtype=np.uint64), h, w, mark,
                     np.zeros(h * w, dtype=np.int64), np.zeros(4, dtype=np.int64),
                     np.zeros(8, dtype=np.int64))
        assert not mark.any()  # left as it was found
        return ok

    assert joined(["#####", "#...#", "#.###", "#...."], 11)  # x at (2, 1): West and East joined round the top
    assert not joined(["#####", "#...#", "#.#.#", "....."], 11)  # East of it a pocket
    assert not joined(["..#..", "##.##", "....."], 7)  # three pieces
