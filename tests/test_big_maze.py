"""The model holds a 10,000 x 10,000 maze (100 million cells) in little memory.

Timings and the full memory picture are in benchmarks/bench_model.py.
"""

import tracemalloc

import numpy as np

from tremaux import Maze

N = 10_000


def _comb(n: int) -> np.ndarray:
    """A perfect n x n maze built with NumPy: the top row open, every column open downwards."""
    cells = np.zeros((n, n), dtype=np.uint8)
    cells[:-1, :] |= 4  # S
    cells[1:, :] |= 1  # N
    cells[0, :-1] |= 2  # E
    cells[0, 1:] |= 8  # W
    return cells


def test_ten_thousand_square_maze_is_built_and_validated_in_little_memory():
    tracemalloc.start()
    try:
        cells = _comb(N)
        maze = Maze(cells, start=(0, 0), goal=(N - 1, N - 1))  # validated, copied from the caller
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del cells
    assert maze.size == N * N
    assert maze.passages == N * N - 1  # a spanning tree
    assert maze.cells.nbytes == N * N  # one byte per cell
    # the caller's array plus the maze's own copy: about 200 MB, far under 2 GiB
    assert peak < 3 * N * N, f"peak {peak / 2**20:.0f} MiB"
