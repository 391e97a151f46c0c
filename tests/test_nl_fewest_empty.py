"""The fewest cells a puzzle that needs empty cells leaves empty, as a check names them.

Found by ``benchmarks/sweep_nl_check.py --seed 2``: on a sparse 10x10 board with two labels swapped, under ``fill``
without touching, the check named no cell, since a new encoding asked for at most ``m`` empty cells for each
``m`` from the checkerboard count up (18 s in all, against a budget of about 1 s). One encoding with an incremental
totalizer now serves every ``m``, and lines found but not proved to leave the fewest are named as such.
"""

from __future__ import annotations

import re
import time

import pytest

from numberlink_reference import brute_force
from tremaux.numberlink import Puzzle, check, diagnose
from tremaux.numberlink.rules import resolve
from tremaux.numberlink.solvers import encoding

BOARDS = [  # boards without lines covering every cell; the fewest left empty is above the checkerboard count
    ["33.22", "....4", "1....", ".4.1.", "....."],
    ["1...", "....", "....", "...1"],
    ["....", ".1.1", "....", "2.2.", "...."],
]


def _fewest(rows, touch: bool) -> int:
    p = Puzzle.from_rows(rows)
    every = brute_force(p.grid.tolist(), False, limit=10**7, touch=touch)
    return min(p.height * p.width - sum(len(line) for line in s) for s in every)


@pytest.mark.parametrize("ask", ["both", "up", "down"])
@pytest.mark.parametrize("touch", [False, True])
@pytest.mark.parametrize("rows", BOARDS)
def test_the_fewest_empty_cells_match_the_brute_force_however_asked(rows, touch, ask):
    p = Puzzle.from_rows(rows)
    found, proved = check._fewest_empty(p, resolve("fill", touch=touch), time.perf_counter() + 30, ask=ask)
    assert proved and int(found.sum()) == _fewest(rows, touch)
    assert not (found & (p.grid > 0)).any()  # empty cells, never a number


def test_one_encoding_serves_every_bound_on_the_empty_cells(monkeypatch):
    # the fewest is 6 empty cells, the checkerboard count 0: before, 0, 2, 4 and 6 were each a new encoding
    built = []
    real = encoding.Encoding.__init__

    def counted(self, *args, **kwargs):
        built.append(kwargs.get("max_holes"))
        real(self, *args, **kwargs)

    p = Puzzle.from_rows(BOARDS[0])
    monkeypatch.setattr(encoding.Encoding, "__init__", counted)
    found, proved = check._fewest_empty(p, resolve("fill", touch=False), time.perf_counter() + 30)
    assert proved and int(found.sum()) == 6
    assert len(built) == 1


def test_lines_found_but_not_proved_the_fewest_are_named_as_such(monkeypatch):
    # the first question answered, the next out of time: the lines found are named, said to be no proof
    real_fewest, real_next = check._fewest_empty, encoding.Encoding.next_model

    def fewest(*args, **kwargs):
        calls = []

        def once(self, *a, **k):
            calls.append(1)
            if len(calls) > 1:
                raise TimeoutError
            return real_next(self, *a, **k)

        with monkeypatch.context() as m:
            m.setattr(encoding.Encoding, "next_model", once)
            return real_fewest(*args, **kwargs)

    monkeypatch.setattr(check, "_fewest_empty", fewest)
    p = Puzzle.from_rows(BOARDS[0])
    d = diagnose(p, "fill", touch=False, time_limit=30)
    assert d.verdict == "needs-empty-cells"
    said = re.search(r"; lines exist that leave (\d+) cells? empty \(([^;]*); whether fewer do was not settled in "
                     r"time\); it has solutions if cells may stay empty \(rule nikoli\)$", d.reasons[0])
    assert said, d.reasons
    assert int(said.group(1)) >= _fewest(BOARDS[0], False)
    named = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"row (\d+) column (\d+)", said.group(2))]
    assert named and all(p.grid[r, c] == 0 for r, c in named)
