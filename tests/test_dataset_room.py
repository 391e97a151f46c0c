"""A dataset that cannot fit is refused before any work: a readable manifest, room on the disk."""

from __future__ import annotations

import shutil
from collections import namedtuple

import pytest

import tremaux.dataset as ds
from tremaux.dataset import room
from tremaux.dataset.store import MANIFEST, MAX_MANIFEST_BYTES
from tremaux.errors import TremauxError
from cli_helpers import run

Usage = namedtuple("Usage", "total used free")


def fake_free(monkeypatch, free):
    """Make ``shutil.disk_usage`` report ``free`` bytes (a number, or a function of the call count)."""
    calls = {"n": 0}

    def usage(path):
        calls["n"] += 1
        return Usage(1 << 50, 0, free(calls["n"]) if callable(free) else free)

    monkeypatch.setattr(shutil, "disk_usage", usage)
    return calls


def test_absurd_count_refused_at_once(tmp_path, capsys):
    out = tmp_path / "d"
    code, _, err = run(capsys, "dataset", "--count", str(10**12), "--size", "10x10", "--out", str(out), "-q")
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "100,000,000 shards" in err and "manifest" in err and "--shard-size" in err
    assert not out.exists()


def test_manifest_cap_advice_fits():
    spec = ds.DatasetSpec(count=10**12, size=(4, 4))
    with pytest.raises(TremauxError) as info:
        room.check_manifest_room(spec)
    advised = int(str(info.value).rsplit("set shard_size to ", 1)[1].split()[0].replace(",", ""))
    room.check_manifest_room(spec.replace(shard_size=advised))  # the advice is enough
    assert room.manifest_bytes(spec.replace(shard_size=advised)) <= MAX_MANIFEST_BYTES


def test_manifest_estimate_is_from_above(tmp_path):
    spec = ds.DatasetSpec(count=25, size=(3, 3), shard_size=2, seed=1)
    ds.build(spec, tmp_path / "d")
    assert (tmp_path / "d" / MANIFEST).stat().st_size <= room.manifest_bytes(spec)


def test_disk_too_small_refused_before_anything(tmp_path, capsys, monkeypatch):
    fake_free(monkeypatch, 1 << 30)
    out = tmp_path / "d"
    code, _, err = run(capsys, "dataset", "--count", str(10**9), "--size", "10x10", "--out", str(out), "-q")
    assert code == 2
    assert err.startswith("error: the dataset needs about ") and err.count("\n") == 1
    assert "1.0 GiB free" in err
    assert not out.exists()


@pytest.mark.parametrize("shard_format", ["parquet", "arrow"])
def test_estimate_close_to_the_real_size(tmp_path, shard_format):
    spec = ds.DatasetSpec(count=600, size=(6, 6), max_size=(9, 9), seed=2, shard_size=200,
                          outputs=("maze", "solution", "stats", "tokens"), shard_format=shard_format)
    ds.build(spec, tmp_path / "d")
    real = sum(p.stat().st_size for p in (tmp_path / "d").iterdir())
    assert 0.7 * real <= room.estimate_bytes(spec) <= 1.6 * real


def test_enough_room_builds(tmp_path, monkeypatch):
    fake_free(monkeypatch, 10 << 20)
    report = ds.build(ds.DatasetSpec(count=40, size=(5, 5), shard_size=10), tmp_path / "d")
    assert report.rows == 40


def test_disk_filling_during_a_build_stops_it(tmp_path, monkeypatch):
    spec = ds.DatasetSpec(count=40, size=(5, 5), shard_size=10, seed=4)
    fake_free(monkeypatch, lambda n: 1 << 30 if n <= 1 else 10)  # room at the start, none after a shard
    with pytest.raises(room.DiskSpaceError, match="stopped: the 30 mazes left need about"):
        ds.build(spec, tmp_path / "d")
    manifest = ds.read_manifest(tmp_path / "d")
    assert not manifest.complete and manifest.rows == 10
    with pytest.raises(ds.DatasetDirError, match="incomplete"):
        ds.load(tmp_path / "d")
    monkeypatch.undo()
    report = ds.build(spec, tmp_path / "d")  # room again: the rerun resumes
    assert (report.rows, report.shards_kept) == (40, 1)



def test_a_maze_too_big_for_any_shard_says_so(tmp_path, capsys):
    code, _, err = run(capsys, "dataset", "--count", "1", "--size", "32767x32767", "--shard-size", "1",
                       "--out", str(tmp_path / "d"), "-q")
    assert code == 2 and "choose a smaller size" in err
    assert "shard_size to 1 or less" not in err


def test_a_dataset_in_memory_over_the_memory_limit_is_refused(monkeypatch):
    # (the command line refuses memory:// outright: the dataset would end with its process)
    monkeypatch.setenv("TREMAUX_MEMORY_LIMIT", "64M")
    with pytest.raises(TremauxError) as info:
        ds.build(ds.DatasetSpec(count=10**7, size=(10, 10)), "memory://room/big")
    err = str(info.value)
    assert err.startswith("a dataset of 10,000,000 mazes in memory://room/big needs about ")
    assert "the limit is 64.0 MiB" in err and "\n" not in err
    monkeypatch.delenv("TREMAUX_MEMORY_LIMIT")
    report = ds.build(ds.DatasetSpec(count=20, size=(4, 4), shard_size=10), "memory://room/small")
    assert report.rows == 20


@pytest.fixture
def remote_store():
    """A file system that, like an object store, reports no free space (a memory store under another name)."""
    import fsspec
    from fsspec.implementations.memory import MemoryFileSystem

    class NoSpaceInfo(MemoryFileSystem):
        protocol = "roomtest"
        store: dict = {}
        pseudo_dirs = [""]

    fsspec.register_implementation("roomtest", NoSpaceInfo, clobber=True)
    return NoSpaceInfo


def test_remote_target_says_its_free_space_is_not_checked(remote_store, monkeypatch, capsys):
    # a full local disk is no reason to refuse: the shards go elsewhere, and nothing there tells the free space
    fake_free(monkeypatch, 0)
    report = ds.build(ds.DatasetSpec(count=4, size=(3, 3), shard_size=2), "roomtest://bucket/d")
    assert report.rows == 4
    notes = [n for n in report.notes if "free space" in n]
    assert len(notes) == 1 and "roomtest://bucket/d" in notes[0] and "not checked" in notes[0]
    assert room.space_note(ds.open_target("memory://room/d")) is None
    code, _, err = run(capsys, "dataset", "--count", "2", "--size", "3x3", "--out", "roomtest://bucket/e", "-q")
    assert code == 0
    assert err.count("cannot be known") == 1 and err.index("cannot be known") < err.index("\n")


def test_local_target_has_no_space_note(tmp_path):
    report = ds.build(ds.DatasetSpec(count=2, size=(3, 3), shard_size=2), tmp_path / "d")
    assert not [n for n in report.notes if "free space" in n]


def test_the_workers_shards_must_fit_the_memory_limit(tmp_path):
    # --memory-limit was ignored by a dataset build: a shard per worker in memory at once, checked before anything
    from tremaux import budget
    from tremaux.errors import MemoryLimitError

    spec = ds.DatasetSpec(count=4, size=(3000, 3000), shard_size=1)
    with budget.limited("100M"):
        with pytest.raises(MemoryLimitError, match=r"building 2 shards at once \(one per worker\), each of 1 maze"):
            ds.build(spec, tmp_path / "d", engine="processes", workers=2)
        with pytest.raises(MemoryLimitError, match=r"building a shard of 1 maze of up to 3000x3000"):
            ds.build(spec, tmp_path / "d", engine="local")
    assert not (tmp_path / "d").exists()
