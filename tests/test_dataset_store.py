"""Dataset directories on any fsspec file system; who writes the shards; Dask batches."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import tremaux.dataset as ds
from tremaux.dataset.engines import run_shards
from tremaux.dataset.shard import build_shards
from tremaux.dataset.store import open_target
from tremaux.errors import TremauxError

SPEC = ds.DatasetSpec(count=36, size=(4, 5), seed=2, shard_size=5)


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("local")
    ds.build(SPEC, out)
    return files(out)


def test_memory_and_file_urls_give_the_same_files(tmp_path, local):
    import fsspec

    report = ds.build(SPEC, "memory://store-test/a")
    assert report.workers_wrote  # the local engine writes in this process
    fs = fsspec.filesystem("memory")
    got = {p.rsplit("/", 1)[-1]: fs.cat_file(p) for p in fs.ls("/store-test/a", detail=False)}
    assert got == local
    # processes cannot see this process's memory: their shards come back and this process writes them
    report = ds.build(SPEC, "memory://store-test/b", engine="processes", workers=2)
    assert not report.workers_wrote
    assert {p.rsplit("/", 1)[-1]: fs.cat_file(p) for p in fs.ls("/store-test/b", detail=False)} == local
    with pytest.raises(TremauxError, match="only this process sees memory://"):
        ds.build(SPEC, "memory://store-test/c", engine="processes", workers=2, workers_write=True)
    report = ds.build(SPEC, f"file://{tmp_path}/c", engine="processes", workers=2)
    assert report.workers_wrote and files(tmp_path / "c") == local
    assert (ds.load("memory://store-test/a")["cells"] == ds.load(tmp_path / "c")["cells"]).all()


def test_remote_scheduler_and_local_path_sends_shards_back(tmp_path, local):
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        back = ds.build(SPEC, tmp_path / "back", engine="dask", scheduler=cluster.scheduler_address)
        shared = ds.build(SPEC, tmp_path / "shared", engine="dask", scheduler=cluster.scheduler_address,
                          workers_write=True)
    assert not back.workers_wrote and shared.workers_wrote
    assert files(tmp_path / "back") == files(tmp_path / "shared") == local


def test_dask_batches_of_several_shards(tmp_path, local):
    from collections import Counter

    from distributed import LocalCluster, get_worker

    target = open_target(tmp_path / "batched")
    target.makedirs()
    seen = []
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        # the task is called shard by shard (each result comes back as it finishes): the Dask task it ran in tells
        run_shards("dask", lambda spec, batch: [(b, get_worker().get_current_task()) for b in batch], SPEC,
                   list(range(SPEC.shards)), seen.append, scheduler=cluster.scheduler_address, batch=3)
        results = []
        run_shards("dask", build_shards, SPEC, [0, 1, 2, 3], results.append, scheduler=cluster.scheduler_address,
                   batch=4)
    assert sorted(b for b, _ in seen) == list(range(SPEC.shards))
    tasks = Counter(key for _, key in seen)
    assert sorted(tasks.values()) == [2, 3, 3]  # 8 shards in batches of 3, 3, 2
    assert sorted(r.index for r in results) == [0, 1, 2, 3]
    assert {r.index: r.data for r in results}[2] == local["shard-00002.parquet"]


@pytest.mark.parametrize(
    ("options", "message"),
    [(["novalue"], "'novalue' is not of the form KEY=VALUE"), (["=3"], "is not of the form"),
     (["a.=1"], "is not of the form"), (["a=1", "a.b=2"], "conflicts with a=1")],
)
def test_storage_option_refusals(options, message):
    with pytest.raises(TremauxError, match=message):
        ds.parse_storage_options(options)


def test_storage_options_parse():
    assert ds.parse_storage_options(["anon=true", "n=3", "s=x=y", "client_kwargs.endpoint_url=http://h:9000"]) == {
        "anon": True, "n": 3, "s": "x=y", "client_kwargs": {"endpoint_url": "http://h:9000"}}


def test_unknown_protocol_and_missing_package(tmp_path):
    with pytest.raises(TremauxError, match="unknown storage protocol 'nosuch'"):
        ds.build(SPEC, "nosuch://x/y")
    if importlib.util.find_spec("gcsfs") is None:
        with pytest.raises(TremauxError, match=r"gs:// needs the gcsfs package: pip install gcsfs"):
            ds.build(SPEC, "gs://bucket/data")


def test_manifest_is_written_last_also_when_interrupted(tmp_path, monkeypatch):
    import sys

    monkeypatch.setattr(sys.modules["tremaux.dataset.build"], "MANIFEST_EVERY", 3600.0)  # no rewrite on the way: only the final one
    calls = []

    def stop(done, total):
        calls.append(done)
        if len(calls) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ds.build(SPEC, tmp_path / "d", progress=stop)
    assert len(ds.read_manifest(tmp_path / "d").shards) == 3  # every shard handed over before Ctrl-C


def test_a_dataset_built_with_a_negative_seed_still_reads_as_the_seed_it_was_folded_to(tmp_path):
    import json

    spec = ds.DatasetSpec(count=2, size=(2, 3), seed=2**64 - 1, shard_size=2)
    ds.build(spec, tmp_path / "d")
    path = tmp_path / "d" / "_manifest.json"
    data = json.loads(path.read_text())
    data["spec"]["seed"] = -1  # as such a dataset was once written: the same rows
    path.write_text(json.dumps(data))
    assert ds.read_manifest(tmp_path / "d").spec == spec
