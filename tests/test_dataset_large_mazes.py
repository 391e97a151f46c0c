"""Mazes of more than 1,024 cells in a dataset: each row as the public API builds it alone.

The row checker reads the whole breadth-first order of a maze; the solver's
queue is a ring that starts with 1,024 entries, so a larger maze's order
wrapped over itself and the checker read stale or unset entries (a crash of
the process from 33x33 up). The checker now keeps its own queue.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import tremaux.dataset as ds
from tremaux.errors import TremauxError
from tremaux.kernels.solve import RING0

from test_dataset_build import row_of


def test_build_of_a_maze_larger_than_the_ring_in_a_child_process(tmp_path):
    # in a child, so that a crash fails this test instead of ending the test run
    code = ("import sys, tremaux.dataset as ds; "
            "ds.build(ds.DatasetSpec(count=2, size=(33, 33), seed=7, outputs=['maze']), sys.argv[1])")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "d")], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert ds.load(tmp_path / "d")["cells"].shape == (2, 33, 33)


@pytest.mark.parametrize("generator", ["backtracker", "breadth-first", "kruskal"])
def test_rows_larger_than_the_ring_equal_their_regeneration(tmp_path, generator):
    spec = ds.DatasetSpec(count=4, size=(30, 36), max_size=(48, 40), seed=3, generator=generator, braid=0.2,
                          shard_size=2, outputs=("maze", "solution", "stats"), solvers=("bfs", "dfs"))
    assert spec.size[0] * spec.size[1] > RING0
    done = subprocess.run([sys.executable, "-c", "import sys, tremaux.dataset as ds, json; "
                           "ds.build(ds.DatasetSpec.from_dict(json.loads(sys.argv[1])), sys.argv[2])",
                           __import__("json").dumps(spec.to_dict()), str(tmp_path / "d")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    data = ds.load(tmp_path / "d")
    for i in range(spec.count):
        row = ds.regenerate(spec, i)
        got = row_of(data, i, row)
        for key in got:
            assert np.array_equal(np.asarray(got[key]), np.asarray(row[key])), (generator, i, key)


def test_shard_memory_counts_the_rows_a_shard_holds_not_shard_size():
    # a dataset smaller than shard_size is one shard of `count` rows: one big maze is not refused for the
    # memory 10,000 of them would take, and a refusal names the rows a shard really holds
    from tremaux.dataset.shard import check_spec

    assert check_spec(ds.DatasetSpec(count=1, size=(2000, 2000))).count == 1
    with pytest.raises(TremauxError, match=r"a shard of 200 mazes of up to 2000x2000 .* or less"):
        check_spec(ds.DatasetSpec(count=200, size=(2000, 2000)))
