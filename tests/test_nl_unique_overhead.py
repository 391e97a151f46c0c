"""The uniqueness check's set-up after the first solution: what it makes once instead of once per search.

On puzzles solved in a fraction of a millisecond the check's fixed cost (the
first solution's links, the puzzle's numbers, the keys of the solutions
met) decides whether it stays within three times the solve; these tests pin
that each is made once, and that the shortcuts give what the long way does.
"""

from __future__ import annotations

import numpy as np

from tremaux.numberlink import Puzzle, generate_puzzle, solve_puzzle
from tremaux.numberlink.result import Linking
from tremaux.numberlink.solvers import another
from tremaux.numberlink.solvers.base import first_tables
from tremaux.numberlink.solvers.local import hood_cells

SPARSE = Puzzle.from_rows(["1....2", "......", "......", "......", "......", "1....2"])


def _counting_links(monkeypatch) -> list[int]:
    """Count the calls of ``Linking.links`` (the pass over a solution's lines that makes its links)."""
    calls: list[int] = []
    plain = Linking.links.fget

    def counted(self):
        calls.append(id(self))
        return plain(self)

    monkeypatch.setattr(Linking, "links", property(counted))
    return calls


def test_the_first_solutions_links_are_made_once_for_every_search_after_it(monkeypatch):
    for rule in ("fill", "nikoli"):
        solve_puzzle(SPARSE, rule=rule, unique=True, touch=True)  # kernels loaded before counting
        calls = _counting_links(monkeypatch)
        r = solve_puzzle(SPARSE, rule=rule, unique=True, touch=True)
        monkeypatch.undo()
        assert r.unique is False and len(r.solutions) == 2
        # the key of the first, the forcing search, the neighbourhood search (and under nikoli the test of lines
        # that never touch) used to make them again each: once now
        assert max(calls.count(k) for k in set(calls)) == 1, (rule, calls)


def test_first_tables_are_the_links_and_numbers_and_kept_for_the_same_solution():
    for seed in range(6):
        p = generate_puzzle((6, 7), seed=seed).puzzle
        lk = solve_puzzle(p, rule="fill").solutions[0]
        links, grid = first_tables(p, lk)
        assert links.dtype == np.int64 and grid.dtype == np.int64
        assert links.tolist() == np.asarray(lk.links).ravel().tolist()
        assert grid.tolist() == np.asarray(p.grid).ravel().tolist()
        assert first_tables(p, lk)[0] is links  # the same solution: not made again
        other = Linking(lk.shape, lk.paths)  # an equal solution, another object: made for it
        assert first_tables(p, other)[0] is not links


def test_a_key_from_the_links_a_search_returned_is_the_key_of_its_lines():
    for seed in range(6):
        p = generate_puzzle((5, 6), seed=seed).puzzle
        for lk in solve_puzzle(p, rule="nikoli", count=4, touch=True).solutions:
            flat = np.asarray(lk.links, dtype=np.int64).ravel()
            assert another._links_key(flat, lk) == another._key(lk)
            stray = flat.copy()
            empty = np.flatnonzero(stray == 0)
            if empty.size:  # a link beside the lines (no solution has one): the key of the lines, not of the links
                stray[empty[0]] = 1
                assert another._links_key(stray, lk) == another._key(lk)


def test_the_windows_are_the_same_cells_each_time_and_cannot_be_changed():
    p = SPARSE
    lk = solve_puzzle(p, rule="fill").solutions[0]
    first = [(label, cells.tolist()) for label, cells in hood_cells(p, lk)]
    again = list(hood_cells(p, lk))
    assert [(label, cells.tolist()) for label, cells in again] == first
    window = next(cells for label, cells in again if label.startswith("a "))
    assert not window.flags.writeable
    h, w = p.shape
    rows, cols = np.divmod(window, w)
    assert window.size == 16 and rows.max() - rows.min() == 3 and cols.max() - cols.min() == 3
