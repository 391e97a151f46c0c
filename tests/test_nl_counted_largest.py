"""A ``counted`` header ``K`` that is the largest pair number, some numbers left out (colours ``1..K``).

A SAT solver's instance set gives ``23`` over a 20x20 grid whose numbers run from 1 to 23 without 10; it was
refused (``the header gives 23 pairs; the grid holds 22``). The board here is written by hand in that layout.
"""

from __future__ import annotations

import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats

GAP = "4\n3 4\n1 . . 1\n2 . . 4\n2 . . 4\n"  # numbers 1, 2 and 4: three pairs, the largest 4


def test_a_header_giving_the_largest_number_is_read():
    assert formats.detect(GAP) == "counted"
    p = formats.loads(GAP)
    assert p.pairs == 3 and p.labels == ("1", "2", "4")
    assert p.grid.tolist() == [[1, 0, 0, 1], [2, 0, 0, 3], [2, 0, 0, 3]]


@pytest.mark.parametrize("head, holds", [("5", 3), ("2", 3)])
def test_a_header_that_is_neither_the_count_nor_the_largest_number_is_refused(head, holds):
    with pytest.raises(PuzzleFormatError, match=f"^1:1: the header gives {head} pairs; the grid holds {holds}"):
        formats.loads(head + GAP[1:], format="counted")


def test_a_header_over_a_grid_without_pairs_is_named_not_a_crash():
    with pytest.raises(PuzzleFormatError, match="^1:1: the header gives 2 pairs; the grid holds 0"):
        formats.loads("2\n2 3\n. . .\n. . .\n", format="counted")
