"""A dataset directory reads as one table with pandas and pyarrow, and older directories still read and resume.

Parquet and Arrow readers take every file of a directory as data, except
those whose name starts with ``_`` or ``.``; the manifest lies there under
such a name, so ``pandas.read_parquet(out)`` works on the folder itself.
Directories written when the manifest was ``manifest.json`` still load,
verify and resume (the manifest moves to its new name on resume).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest

import tremaux.dataset as ds
from tremaux.dataset.store import LEGACY_MANIFEST, MANIFEST

SPEC = ds.DatasetSpec(count=30, size=(3, 4), max_size=(5, 6), seed=2, shard_size=8,
                      outputs=("maze", "solution", "stats", "tokens"))


def test_pandas_and_pyarrow_read_the_directory(tmp_path):
    ds.build(SPEC, tmp_path / "p")
    data = ds.load(tmp_path / "p")
    frame = pd.read_parquet(tmp_path / "p").sort_values("index")
    assert frame["index"].tolist() == list(range(SPEC.count))
    assert np.array_equal(frame["seed"].to_numpy(), data["seed"])
    assert np.array_equal(frame["solution_length"].to_numpy(), data["solution_length"])
    assert pq.read_table(tmp_path / "p").num_rows == SPEC.count
    table = pads.dataset(tmp_path / "p", format="parquet").to_table(columns=["index"])
    assert sorted(table["index"].to_pylist()) == list(range(SPEC.count))


def test_manifest_name_is_skipped_by_readers():
    assert MANIFEST.startswith(("_", ".")) and LEGACY_MANIFEST == "manifest.json"


def test_directory_with_the_old_manifest_name_loads_and_resumes(tmp_path):
    ref = tmp_path / "ref"
    ds.build(SPEC, ref)
    old = tmp_path / "old"
    ds.build(SPEC, old)
    (old / MANIFEST).rename(old / LEGACY_MANIFEST)
    (old / "shard-00002.parquet").unlink()
    with pytest.raises(ds.DatasetDirError, match="shard-00002.parquet is missing"):
        ds.verify(old)
    report = ds.build(SPEC, old)
    assert report.shards_built == 1 and report.shards_kept == SPEC.shards - 1
    assert sorted(p.name for p in old.iterdir()) == sorted(p.name for p in ref.iterdir())
    assert {p.name: p.read_bytes() for p in old.iterdir()} == {p.name: p.read_bytes() for p in ref.iterdir()}
    assert np.array_equal(ds.load(old)["cells"], ds.load(ref)["cells"])


def test_directory_with_only_the_old_manifest_still_reads(tmp_path):
    ds.build(SPEC, tmp_path / "d")
    (tmp_path / "d" / MANIFEST).rename(tmp_path / "d" / LEGACY_MANIFEST)
    assert ds.verify(tmp_path / "d").spec == SPEC
    assert ds.load(tmp_path / "d")["cells"].shape == (SPEC.count, 5, 6)
