"""The maze model: construction, invariants, immutability."""

import numpy as np
import pytest

from tremaux import Maze
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError
from tremaux.maze import properties as P


def test_open_field_counts():
    m = Maze.open((3, 4))
    assert m.size == 12
    # horizontal passages 3*3, vertical 2*4
    assert m.passages == 9 + 8
    assert P.loop_count(m) == 17 - 11


def test_one_sided_passage_is_rejected():
    with pytest.raises(InvalidMazeError, match="one side only"):
        Maze(np.array([[2, 0]], dtype=np.uint8))


def test_passage_off_grid_is_rejected():
    with pytest.raises(InvalidMazeError, match="leads off the grid"):
        Maze(np.array([[1]], dtype=np.uint8))


def test_passage_into_mask_is_rejected():
    with pytest.raises(InvalidMazeError, match="masked cell"):
        Maze(np.array([[2, 8]], dtype=np.uint8), mask=np.array([[True, False]]))


def test_bad_bits_rejected():
    with pytest.raises(InvalidMazeError, match="side bits"):
        Maze(np.array([[16]], dtype=np.uint8))


def test_cells_are_read_only_and_copied():
    src = np.zeros((2, 2), np.uint8)
    m = Maze(src)
    src[0, 0] = 2
    assert m.cells[0, 0] == 0
    with pytest.raises(ValueError):
        m.cells[0, 0] = 1


@pytest.mark.parametrize("shape", [(0, 3), (-1, 2), (2,), (1, 2, 3, 4), ("a", 2), (100_000, 100_000)])
def test_bad_sizes(shape):
    with pytest.raises(InvalidSizeError):
        Maze.closed(shape)


def test_start_outside_grid():
    with pytest.raises(CellError, match="outside the 2 x 2 grid"):
        Maze.closed((2, 2), start=(5, 0))


def test_multilevel_open():
    m = Maze.open((2, 2, 2))
    assert m.levels == 2 and m.ndim == 3
    assert m.passages == 2 * 4 + 4
    assert m.neighbours((0, 0, 0)) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_masked_open_field():
    mask = np.array([[True, True], [False, True]])
    m = Maze.open((2, 2), mask=mask)
    assert m.size == 3 and m.passages == 2
    assert P.is_perfect(m)
