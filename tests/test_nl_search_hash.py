"""The search's state hash (``kernels/nl_search_hash.py``) under the no-touch convention.

A state whose frontier holds a piece of line that has joined no number yet
is remembered too (it was not before): the hash then names what the piece's
cells lie beside, since the piece is checked against those neighbours when it
learns its colour. The search's counts with the remembered states are
compared with a brute force in ``test_numberlink_search.py``.
"""

from __future__ import annotations

import numpy as np

from tremaux.kernels.nl_search_hash import state_hash

H, W, I = 3, 4, 5  # after cell 5 (row 1, column 1) of a 3 x 4 board


def _state(top_colour: int):
    """Row 0: cells 0 and 1 joined (colour ``top_colour``, or empty if 0), cells 2 and 3 empty.

    Row 1: a piece of unknown colour, cell 4 (a corner: East and South) and
    cell 5 (West and East), with dangling ends into cell 6 (key 13) and cell 8 (key 16).
    """
    size = H * W
    links = np.zeros(size, dtype=np.int64)
    ccol = np.zeros(size, dtype=np.int64)
    ccol[:4] = -1
    if top_colour:
        links[0], links[1] = 2, 8
        ccol[0] = ccol[1] = top_colour
    links[4], links[5] = 2 | 4, 8 | 2
    mate = np.full(2 * size + 2, -1, dtype=np.int64)
    col = np.zeros(2 * size + 2, dtype=np.int64)
    mate[13], mate[16] = 16, 13
    return links, ccol, mate, col


def _hash(top_colour: int, touch: bool):
    links, ccol, mate, col = _state(top_colour)
    pid = np.zeros(H * W, dtype=np.int64)
    dflag = np.zeros(H * W, dtype=np.int64)
    out = state_hash(I, H, W, touch, links, ccol, mate, col, 0, dflag, pid)
    assert not pid.any(), "the scratch array is left as it was found"
    return tuple(int(x) for x in out)


def test_a_piece_of_unknown_colour_is_remembered_without_touching() -> None:
    assert _hash(0, touch=False) != (0, 0)
    assert _hash(0, touch=False) == _hash(0, touch=False)


def test_the_colours_beside_the_piece_are_part_of_the_state() -> None:
    # the piece lies beside colour 1, colour 2 or nothing: it may later take colour 1 only in
    # the states where no cell of colour 1 lies beside it, so the three states differ
    hashes = {_hash(k, touch=False) for k in (0, 1, 2)}
    assert len(hashes) == 3


def test_with_touching_only_the_frontier_counts() -> None:
    # cells 0 and 1 are behind the frontier: with touching allowed they change nothing ahead
    assert _hash(0, touch=True) == _hash(1, touch=True) == _hash(2, touch=True)
