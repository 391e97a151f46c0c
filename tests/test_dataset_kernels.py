"""The batched dataset kernels against slow, obviously-correct references."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tremaux
from tremaux.dataset.regen import _tokens
from tremaux.io.ascii import dumps
from tremaux.io.block import to_blocks
from tremaux.kernels import batch as kb
from tremaux.kernels.rng import derive_seed, make_state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**41))
def test_compiled_seeds_equal_python(base, index):
    assert int(kb.derive_seed(np.uint64(base), np.uint64(index))) == derive_seed(base, index)
    state = np.empty(4, np.uint64)
    kb.seed_state(np.uint64(base), state)
    assert (state == make_state(base)).all()


def _batch(mazes):
    """Pack mazes of different sizes into the flat batch layout."""
    stride = max(m.size for m in mazes)
    cells = np.zeros(len(mazes) * stride, np.uint8)
    for k, m in enumerate(mazes):
        cells[k * stride:k * stride + m.size] = m.flat
    heights = np.array([m.height for m in mazes], np.int16)
    widths = np.array([m.width for m in mazes], np.int16)
    return cells, stride, heights, widths


MAZES = [
    tremaux.Maze.open((1, 1)),
    tremaux.Maze.closed((2, 3)),
    tremaux.Maze.open((3, 2)),
    tremaux.generate((4, 7), "kruskal", seed=3, braid=0.5).maze,
    tremaux.generate((5, 5), seed=8).maze,
]


def test_blocks_equal_to_blocks():
    cells, stride, h, w = _batch(MAZES)
    bstride = max((2 * m.height + 1) * (2 * m.width + 1) for m in MAZES)
    out = np.full(len(MAZES) * bstride, 7, np.uint8)
    kb.blocks(cells, stride, h, w, out, bstride)
    for k, m in enumerate(MAZES):
        shape = (2 * m.height + 1, 2 * m.width + 1)
        got = out[k * bstride:k * bstride + shape[0] * shape[1]].reshape(shape)
        assert (got == to_blocks(m)).all()


def test_ascii_equals_dumps():
    cells, stride, h, w = _batch(MAZES)
    astride = max((2 * m.height + 1) * (4 * m.width + 2) for m in MAZES)
    out = np.zeros(len(MAZES) * astride, np.uint8)
    goals = np.array([m.size - 1 for m in MAZES], np.int64)
    kb.ascii_art(cells, stride, h, w, np.zeros(len(MAZES), np.int64), goals, out, astride)
    for k, m in enumerate(MAZES):
        n = (2 * m.height + 1) * (4 * m.width + 2) - 1
        text = out[k * astride:k * astride + n].tobytes().decode("ascii")
        expected = dumps(m.replace(start=(0, 0), goal=(m.height - 1, m.width - 1)))
        assert text == expected


def test_tokens_of_a_small_maze_by_hand():
    # 2 x 2 maze:  (0,0)-(0,1), (0,0)-(1,0), (1,0)-(1,1); max width 3 -> cell (r, c) is 8 + 3r + c
    m = tremaux.Maze(np.array([[6, 8], [3, 8]], np.uint8))
    path = np.array([0, 2, 3], np.int32)
    cells, stride, h, w = _batch([m])
    out = np.zeros(64, np.int32)
    lens = np.zeros(1, np.int32)
    kb.tokens(cells, stride, h, w, np.zeros(1, np.int64), np.array([3]), path, 4, np.array([3], np.int32),
              3, out, 64, lens)
    expected = [1, 3, 8, 9, 8, 11, 11, 12, 4, 8, 5, 12, 6, 8, 11, 12, 2]
    assert out[: lens[0]].tolist() == expected
    assert _tokens(np.asarray(m.cells), path, 3).tolist() == expected
    # no path: <NOPATH> instead of <PATH> ...
    kb.tokens(cells, stride, h, w, np.zeros(1, np.int64), np.array([3]), path, 4, np.zeros(1, np.int32),
              3, out, 64, lens)
    assert out[: lens[0]].tolist() == expected[:12] + [7, 2]


def test_solve_rows_equal_solve():
    mazes = [tremaux.generate((3 + k, 4), "wilson", seed=k, braid=0.4).maze for k in range(4)]
    mazes.append(tremaux.Maze.open((1, 1)))  # start on the goal: no cell taken
    mazes.append(tremaux.Maze.closed((2, 3)))  # no path at all
    cells, stride, h, w = _batch(mazes)
    n = len(mazes)
    for use_stack, name in ((False, "bfs"), (True, "dfs")):
        paths = np.full(n * stride, -9, np.int32)
        lens, steps, visited = (np.zeros(n, np.int32) for _ in range(3))
        kb.solve_rows(use_stack, cells, stride, h, w, paths, lens, steps, visited)
        for k, m in enumerate(mazes):
            sol = tremaux.solve(m, name, start=(0, 0), goal=(m.height - 1, m.width - 1))
            flat = sol.path[:, 0] * m.width + sol.path[:, 1]
            assert paths[k * stride:k * stride + lens[k]].tolist() == flat.tolist()
            assert (lens[k], steps[k], visited[k]) == (sol.length, sol.steps, sol.visited_count)
    assert lens[-1] == 0 and visited[-1] == 1


def test_a_changed_kernel_file_drops_the_batch_cache(monkeypatch):
    # the batch kernels carry copies of kernels from other files: when the digest of those files stored
    # beside the cache differs, the batch module's cache files go before anything is loaded from them
    from pathlib import Path

    from tremaux.kernels import batch

    cache_dir = Path(batch._carve.dispatcher._cache._cache_path)
    cache_dir.mkdir(parents=True, exist_ok=True)
    stale = cache_dir / "batch._stale_probe-1.py311.nbi"
    stale.write_bytes(b"old")
    stamp = cache_dir / "batch.kernels.sha256"
    stamp.write_text("a digest of other sources")
    monkeypatch.setattr(batch, "_CACHE_CHECKED", False)
    batch._drop_stale_cache()
    assert not stale.exists()
    assert stamp.read_text() != "a digest of other sources"
    # the same sources again: nothing is dropped
    stale.write_bytes(b"old")
    monkeypatch.setattr(batch, "_CACHE_CHECKED", False)
    batch._drop_stale_cache()
    assert stale.exists()
    stale.unlink()


def test_a_dataset_of_one_cell_mazes_counts_steps_as_solve():
    """A 1x1 maze starts on its goal: tremaux.solve takes no cell, and neither does a dataset's row."""
    import tremaux.dataset as ds

    spec = ds.DatasetSpec(count=2, size=(1, 1), solvers=("bfs", "dfs"))
    ds.build(spec, "memory://test/one-cell-steps")
    data = ds.load("memory://test/one-cell-steps")
    row = ds.regenerate(spec, 1)
    for name in ("bfs", "dfs"):
        assert data[f"{name}_steps"].tolist() == [0, 0] == [row[f"{name}_steps"]] * 2
        assert data[f"{name}_length"].tolist() == [1, 1] and data[f"{name}_visited"].tolist() == [1, 1]
