"""Arrow IPC shards: the same rows as Parquet, the same bytes on every engine and file system, mapped with no copy."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

import tremaux.dataset as ds
from tremaux.dataset.store import MANIFEST
from tremaux.errors import TremauxError, UnknownNameError

SPEC = ds.DatasetSpec(count=50, size=(6, 7), max_size=(7, 8), seed=5, shard_size=10,
                      outputs=("maze", "solution", "stats", "tokens", "ascii"), shard_format="arrow")


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("arrow") / "data"
    ds.build(SPEC, out)
    return out


def test_spec_names_the_format():
    assert ds.DatasetSpec(count=1).shard_format == "parquet"
    assert ds.DatasetSpec(count=1, shard_format=" Arrow ").shard_format == "arrow"
    assert ds.DatasetSpec.from_dict(SPEC.to_dict()) == SPEC
    assert ds.make_spec(count=3, shard_format="arrow").shard_format == "arrow"
    with pytest.raises(UnknownNameError, match="unknown shard format 'csv'; choose one of: arrow, parquet"):
        ds.DatasetSpec(count=1, shard_format="csv")
    with pytest.raises(UnknownNameError, match="unknown shard format"):
        ds.DatasetSpec(count=1, shard_format=["arrow"])


def test_arrow_shards_hold_the_parquet_rows(built, tmp_path):
    names = sorted(p.name for p in built.iterdir())
    assert names == [MANIFEST] + [f"shard-{i:05d}.arrow" for i in range(SPEC.shards)]
    assert (built / "shard-00000.arrow").read_bytes()[:4] == b"\xff\xff\xff\xff"  # an IPC stream, not a file
    ds.build(SPEC.replace(shard_format="parquet"), tmp_path / "pq")
    a, b = ds.load(built), ds.load(tmp_path / "pq")
    assert sorted(a) == sorted(b)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    manifest = json.loads((built / MANIFEST).read_text())
    assert manifest["spec"]["shard_format"] == "arrow"


def test_same_bytes_on_every_engine_and_file_system(built, tmp_path):
    from distributed import LocalCluster

    expected = files(built)
    ds.build(SPEC, tmp_path / "processes", engine="processes", workers=2)
    assert files(tmp_path / "processes") == expected
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        ds.build(SPEC, tmp_path / "dask", engine="dask", scheduler=cluster.scheduler_address)
    assert files(tmp_path / "dask") == expected
    url = "memory://arrow-test/data"
    try:
        ds.build(SPEC, url)
        target = ds.open_target(url)
        assert {n: target.read(n) for n in target.names()} == expected
        assert np.array_equal(ds.load(url)["cells"], ds.load(built)["cells"])
    finally:
        import fsspec

        fsspec.filesystem("memory").rm("/arrow-test", recursive=True)


def test_resume_and_corruption(built, tmp_path):
    out = tmp_path / "data"
    ds.build(SPEC.replace(count=30), out)  # a different count: refused, then a fresh directory
    with pytest.raises(TremauxError, match="holds a different dataset"):
        ds.build(SPEC, out)
    out = tmp_path / "again"
    ds.build(SPEC, out)
    (out / "shard-00002.arrow").unlink()
    report = ds.build(SPEC, out)
    assert report.shards_built == 1 and files(out) == files(built)
    raw = bytearray((out / "shard-00001.arrow").read_bytes())
    raw[-100] ^= 0xFF
    (out / "shard-00001.arrow").write_bytes(bytes(raw))
    with pytest.raises(TremauxError, match="shard-00001.arrow is corrupted"):
        ds.verify(out)


def test_to_hf_maps_the_shards_with_no_copy(built, tmp_path, monkeypatch):
    datasets = pytest.importorskip("datasets")
    import pyarrow as pa
    from datasets.table import MemoryMappedTable

    cache = tmp_path / "hf-cache"
    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", cache)
    before_files = files(built)
    size = sum(len(b) for b in before_files.values())
    allocated = pa.total_allocated_bytes()
    data = ds.to_hf(built)
    grown = pa.total_allocated_bytes() - allocated
    # the dataset's table is the shard files, memory-mapped where they lie
    mapped = [Path(f["filename"]) for f in data.cache_files]
    assert mapped == [built / f"shard-{i:05d}.arrow" for i in range(SPEC.shards)]
    blocks = [row[0] for row in data.data.blocks]
    assert all(isinstance(b, MemoryMappedTable) for b in blocks)
    # nothing copied into Arrow's memory pool (only the small generator column), nothing written anywhere
    assert grown < size / 20
    assert files(built) == before_files and not cache.exists()
    # a data loader's worker gets the file names, not the rows
    assert len(pickle.dumps(data)) < size / 5
    arrays = ds.load(built)
    np_rows = data.with_format("numpy")
    assert np.array_equal(np_rows["bfs_length"], arrays["bfs_length"])
    assert list(data["ascii"]) == list(arrays["ascii"])
    assert set(data["generator"]) == {"backtracker"}
    sub = ds.to_hf(built, columns=["seed", "cells"])
    assert sub.column_names == ["seed", "cells", "generator"]
    assert all(isinstance(row[0], MemoryMappedTable) for row in sub.data.blocks)
    assert list(sub["seed"]) == [int(s) for s in arrays["seed"]]
    parts = ds.split(data, "seed", train=0.5, test=0.5)
    assert len(parts["train"]) + len(parts["test"]) == SPEC.count and not cache.exists()
    assert [len(t) for t in ds.iter_shards(built, columns=["index"])] == [10] * 5
    assert [r["index"] for r in ds.stream(built, columns=["index"])] == list(range(SPEC.count))


def test_cli_shard_format(tmp_path, capsys):
    from tremaux.cli import main

    def run(argv):
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code
        return code, *capsys.readouterr()

    code, out, err = run(["dataset", "--count", "12", "--size", "4x4", "--shard-size", "5",
                          "--shard-format", "arrow", "--out", str(tmp_path / "d"), "-q"])
    assert code == 0, err
    assert sorted(p.suffix for p in (tmp_path / "d").iterdir()) == [".arrow"] * 3 + [".json"]
    code, out, err = run(["dataset", "--count", "12", "--shard-format", "feather", "--out", str(tmp_path / "e"), "-q"])
    assert code == 2 and err.strip() == "error: unknown shard format 'feather'; choose one of: arrow, parquet"
