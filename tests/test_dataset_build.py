"""Building datasets: every row equals its regeneration, engines agree, resume, refusals, reading back."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

import tremaux.dataset as ds
from tremaux.dataset.store import MANIFEST
from tremaux.errors import TremauxError, UnknownNameError, UnsupportedError
from tremaux.generators import GENERATORS
from tremaux.kernels.rng import derive_seed

SMALL = ds.DatasetSpec(count=50, size=(6, 7), seed=5, shard_size=10, outputs=("maze", "solution", "stats"))


def files(path: Path) -> dict[str, bytes]:
    """Every file of a directory, by name."""
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


def row_of(data: dict, i: int, row: dict) -> dict:
    """Row ``i`` of loaded ``data``, cut to the shapes of the regenerated ``row``."""
    h, w = row["height"], row["width"]
    out = {}
    for key, value in row.items():
        if key == "maze":
            continue
        got = data[key][i]
        if key == "cells":
            assert (got[h:] == 0).all() and (got[:, w:] == 0).all()  # padding is closed cells
            got = got[:h, :w]
        elif key == "blocks":
            assert (got[2 * h + 1:] == 1).all() and (got[:, 2 * w + 1:] == 1).all()  # padding is wall
            got = got[: 2 * h + 1, : 2 * w + 1]
        elif isinstance(value, np.ndarray):
            pad = got[len(value):]
            assert (pad == (0 if key == "tokens" else -1)).all()
            got = got[: len(value)]
        out[key] = got
    return out


@pytest.fixture(scope="module")
def small_local(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("local")
    ds.build(SMALL, out)
    return out


@pytest.mark.parametrize("generator", GENERATORS.names())
def test_every_row_equals_its_regeneration(tmp_path, generator):
    # size range, braid, a filter, every output and two solvers: the batched
    # kernels must give exactly what the public API gives maze by maze
    spec = ds.DatasetSpec(count=8, size=(3, 4), max_size=(5, 6), seed=11, generator=generator, braid=0.3,
                          shard_size=3, outputs=tuple(ds.OUTPUTS), solvers=("bfs", "dfs"),
                          filters={"min_solution_length": 5})
    ds.build(spec, tmp_path)
    data = ds.load(tmp_path)
    assert set(data) == set(ds.read_manifest(tmp_path).columns)
    for i in range(spec.count):
        row = ds.regenerate(spec, i)
        assert row["maze"].passages == row["passages"]
        got = row_of(data, i, row)
        for key in got:
            assert np.array_equal(np.asarray(got[key]), np.asarray(row[key])), (generator, i, key)


def test_seeds_and_filters(tmp_path):
    spec = SMALL.replace(filters={"min_solution_length": 20}, max_attempts=200)
    report = ds.build(spec, tmp_path)
    data = ds.load(tmp_path)
    assert len(data["index"]) == spec.count and (data["index"] == np.arange(spec.count)).all()
    assert (data["solution_length"] >= 20).all()
    assert (data["attempt"] > 0).any()  # the filter rejected some draws...
    assert report.attempts == spec.count + int(data["attempt"].sum())  # ... and they were counted
    for i in range(spec.count):  # ...each row redrawn along its own chain
        r0 = derive_seed(spec.seed, i)
        a = int(data["attempt"][i])
        assert int(data["seed"][i]) == (r0 if a == 0 else derive_seed(r0, a))
    # without the filter, rows that passed at once are unchanged
    plain = ds.load(ds.build(SMALL, tmp_path / "plain").path)
    first = data["attempt"] == 0
    assert (plain["cells"][first] == data["cells"][first]).all()
    assert (plain["seed"] == [derive_seed(SMALL.seed, i) for i in range(SMALL.count)]).all()


def test_impossible_filter_names_the_row(tmp_path):
    # a perfect 2 x 2 maze is a path of 4 cells with 2 dead ends
    spec = ds.DatasetSpec(count=3, size=(2, 2), filters={"max_dead_ends": 1}, max_attempts=5)
    with pytest.raises(TremauxError, match=r"row 0: no maze passed the filters \{'max_dead_ends': 1\} in 5 draws"):
        ds.build(spec, tmp_path)
    # nothing was finished, so a corrected spec may reuse the directory
    fixed = spec.replace(filters={"max_dead_ends": 2})
    assert ds.build(fixed, tmp_path).rows == 3
    assert ds.read_manifest(tmp_path).spec == fixed


def test_a_filter_the_generator_never_passes_is_refused_before_any_file(tmp_path):
    # a binary tree's path from corner to corner is always H + W - 2 passages: 10 on 6 x 6, never 12
    spec = ds.DatasetSpec(count=4, size=(6, 6), generator="binary-tree", filters={"min_solution_length": 12},
                          max_attempts=50)
    out = tmp_path / "data"
    with pytest.raises(TremauxError, match=r"row 0: no maze passed the filters \{'min_solution_length': 12\} in 50"):
        ds.build(spec, out)
    assert not out.exists()  # row 0 drawn alone first: no folder, no manifest, no shard's worth of draws
    # in a size range, the smallest rows are the ones a minimum fails: 10x10 (18 passages), not row 0's 12x11
    spec = ds.DatasetSpec(count=300, size=(10, 10), max_size=(12, 12), generator="binary-tree",
                          filters={"min_solution_length": 19}, max_attempts=50)
    assert ds.row_size(spec, 0) != (10, 10)
    with pytest.raises(TremauxError, match=r"^row \d+: no maze passed the filters"):
        ds.build(spec, out)
    assert not out.exists()


def test_a_maximum_solution_length_keeps_only_mazes_with_a_path():
    # percolation at p = 0.4 cuts the goal off in most 6 x 6 mazes: those have no solution, so none of at most 12
    spec = ds.DatasetSpec(count=12, size=(6, 6), generator="percolation", generator_options={"p": 0.4},
                          filters={"max_solution_length": 12}, outputs=("maze", "stats"))
    ds.build(spec, "memory://test/max-length-path")
    data = ds.load("memory://test/max-length-path")
    assert ((data["solution_length"] >= 10) & (data["solution_length"] <= 12)).all()
    assert data["attempt"].max() > 0  # rows without a path were drawn, and redrawn
    row = ds.regenerate(spec, 5)
    assert row["solution_length"] == data["solution_length"][5] and row["seed"] == data["seed"][5]


def test_aliases_build_the_same_dataset(tmp_path, small_local):
    alias = SMALL.replace(generator="dfs", solvers=["breadth-first"])
    report = ds.build(alias, small_local)  # resumes (nothing left to do) instead of refusing
    assert report.shards_kept == SMALL.shards and report.shards_built == 0
    ds.build(alias, tmp_path)
    assert files(tmp_path) == files(small_local)


def test_unknown_or_unsupported_names(tmp_path):
    with pytest.raises(UnknownNameError, match="unknown generator 'mystery'"):
        ds.build(SMALL.replace(generator="mystery"), tmp_path)
    with pytest.raises(UnsupportedError, match="solver 'tremaux' cannot run in a dataset"):
        ds.build(SMALL.replace(solvers=["tremaux"]), tmp_path)
    with pytest.raises(UnsupportedError, match="option 'islands'"):
        ds.build(SMALL.replace(generator_options={"islands": 2}), tmp_path)
    with pytest.raises(TremauxError, match=r"needs about .* GiB of memory; set shard_size to 25 or less"):
        ds.build(ds.DatasetSpec(count=1000, size=(3000, 3000), shard_size=1000), tmp_path)
    with pytest.raises(UnknownNameError, match="unknown engine 'spark'"):
        ds.build(SMALL, tmp_path, engine="spark")
    with pytest.raises(TremauxError, match="needs the dask engine"):
        ds.build(SMALL, tmp_path, engine="processes", scheduler="tcp://127.0.0.1:8786")
    assert not any(tmp_path.iterdir())  # nothing written for a refused build


def test_same_files_whatever_the_engine(tmp_path, small_local):
    from distributed import LocalCluster

    ds.build(SMALL, tmp_path / "processes", engine="processes", workers=2)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        report = ds.build(SMALL, tmp_path / "dask", engine="dask", scheduler=cluster.scheduler_address)
    assert report.engine == "dask" and report.shards_built == SMALL.shards
    expected = files(small_local)
    assert len(expected) == SMALL.shards + 1
    assert files(tmp_path / "processes") == expected
    assert files(tmp_path / "dask") == expected


def test_manifest(small_local):
    m = json.loads((small_local / MANIFEST).read_text())
    assert m["format"] == "tremaux-dataset" and m["complete"] is True
    assert m["rows"] == SMALL.count and m["shard_count"] == 5 and len(m["shards"]) == 5
    assert ds.DatasetSpec.from_dict(m["spec"]) == SMALL
    assert set(m["versions"]) >= {"tremaux", "numpy", "numba", "pyarrow", "python"}
    import hashlib

    for rec in m["shards"]:
        data = (small_local / rec["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == rec["sha256"] and len(data) == rec["bytes"]
        assert rec["rows"] == 10 and rec["first_row"] == 10 * rec["index"]


class Stop:
    """A progress callback that presses Ctrl-C once ``after`` shards are done."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.calls = 0

    def __call__(self, done: int, total: int) -> None:
        self.calls += 1
        if self.calls > self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("engine", ["local", "processes"])
def test_resume_after_interruption(tmp_path, small_local, engine):
    out = tmp_path / "data"
    with pytest.raises(KeyboardInterrupt):
        ds.build(SMALL, out, engine=engine, progress=Stop(after=2))
    manifest = ds.read_manifest(out)
    assert 2 <= len(manifest.shards) < SMALL.shards and not manifest.complete
    with pytest.raises(ds.DatasetDirError, match="incomplete: .* run the same build again"):
        ds.load(out)
    # also: a recorded shard deleted, an interrupted write, an unrecorded half-written shard
    kept = sorted(manifest.shards)
    (out / manifest.shards[kept[0]].file).unlink()
    (out / "shard-00004.parquet.partial").write_bytes(b"PAR1 half")
    (out / "shard-00004.parquet").write_bytes(small_local.joinpath("shard-00004.parquet").read_bytes()[:100])
    seen = []
    report = ds.build(SMALL, out, engine=engine, progress=lambda d, t: seen.append(d))
    assert report.shards_kept == len(kept) - 1
    assert report.shards_built == SMALL.shards - report.shards_kept
    assert seen[0] == 10 * report.shards_kept and seen[-1] == SMALL.count
    assert any("missing" in n for n in report.notes) and any(".partial" in n for n in report.notes)
    assert files(out) == files(small_local)
    # a finished dataset is left alone
    again = ds.build(SMALL, out)
    assert again.shards_built == 0 and again.shards_kept == SMALL.shards


def test_corrupted_shard_is_refused(tmp_path, small_local):
    out = tmp_path / "data"
    out.mkdir()
    for name, data in files(small_local).items():
        (out / name).write_bytes(data)
    shard = out / "shard-00002.parquet"
    shard.write_bytes(shard.read_bytes()[:-10])
    with pytest.raises(ds.DatasetDirError, match="shard-00002.parquet is corrupted .* delete that file"):
        ds.build(SMALL, out)
    with pytest.raises(ds.DatasetDirError, match="shard-00002.parquet is corrupted"):
        ds.load(out)
    shard.unlink()  # following the advice rebuilds it
    ds.build(SMALL, out)
    assert files(out) == files(small_local)


def test_foreign_directories_are_refused(tmp_path, small_local):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(ds.DatasetDirError, match="not empty and holds no tremaux dataset"):
        ds.build(SMALL, other)
    assert (other / "notes.txt").read_text() == "mine" and len(list(other.iterdir())) == 1
    with pytest.raises(ds.DatasetDirError, match="holds no _manifest.json"):
        ds.load(other)
    with pytest.raises(ds.DatasetDirError, match="holds a different dataset .*seed 5 there vs 6 asked"):
        ds.build(SMALL.replace(seed=6), small_local)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / MANIFEST).write_text("{not json")
    with pytest.raises(ds.DatasetDirError, match="is corrupted: not valid JSON"):
        ds.build(SMALL, broken)
    (broken / MANIFEST).write_text('{"format": "something-else"}')
    with pytest.raises(ds.DatasetDirError, match="not a tremaux dataset manifest"):
        ds.load(broken)
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / MANIFEST).write_bytes((small_local / MANIFEST).read_bytes())
    (stray / "extra.csv").write_text("x")
    with pytest.raises(ds.DatasetDirError, match="not part of this dataset: extra.csv"):
        ds.build(SMALL, stray)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ds.DatasetDirError, match="exists and is not a directory"):
        ds.build(SMALL, a_file)


def test_load_shapes_and_columns(tmp_path, small_local):
    data = ds.load(small_local)
    n = SMALL.count
    assert data["cells"].shape == (n, 6, 7) and data["cells"].dtype == np.uint8
    assert data["bfs_path"].shape[0] == n and data["bfs_path"].dtype == np.int32
    lens = data["bfs_length"]
    assert data["bfs_path"].shape[1] == lens.max()
    assert ((data["bfs_path"] >= 0).sum(axis=1) == lens).all()
    assert (data["bfs_path"][:, 0] == 0).all() and (data["bfs_path"][np.arange(n), lens - 1] == 41).all()
    assert (data["passages"] == 41).all()  # perfect mazes of 42 cells
    assert (data["components"] == 1).all() and (data["loops"] == 0).all() and (data["isolated"] == 0).all()
    assert (data["dead_ends"] + data["corridors"] + data["junctions"] + data["crossroads"] == 42).all()
    assert (data["straight"] + data["turning"] == data["corridors"]).all()
    assert (data["solution_length"] == lens - 1).all()  # passages, as tremaux.measure counts them
    assert (data["diameter"] >= data["solution_length"]).all()
    assert data["river"].dtype == np.float64 and ((0 <= data["river"]) & (data["river"] < 1)).all()
    sub = ds.load(small_local, columns=["seed", "cells"])
    assert set(sub) == {"seed", "cells"} and (sub["cells"] == data["cells"]).all()
    with pytest.raises(TremauxError, match="no column 'pictures'; it has: index, seed"):
        ds.load(small_local, columns=["pictures"])
    ranged = ds.DatasetSpec(count=12, size=(2, 3), max_size=(4, 6), outputs=("maze", "blocks", "ascii", "tokens"),
                            shard_size=5)
    ds.build(ranged, tmp_path / "ranged")
    r = ds.load(tmp_path / "ranged")
    assert r["cells"].shape == (12, 4, 6) and r["blocks"].shape == (12, 9, 13)
    assert r["ascii"].dtype == object and isinstance(r["ascii"][0], str)
    assert r["tokens"].shape == (12, r["tokens_length"].max())
    assert r["ascii"][0].count("\n") == 2 * r["height"][0]
    vocab = ds.token_vocabulary(ranged)
    assert len(vocab) == 8 + 24 and r["tokens"].max() < len(vocab)
    assert [vocab[t] for t in r["tokens"][0][:2]] == ["<BOS>", "<ADJ>"]


def test_regenerate_rejects_bad_rows():
    with pytest.raises(TremauxError, match="row 50 is not in this dataset: rows are 0 to 49"):
        ds.regenerate(SMALL, 50)
    with pytest.raises(TremauxError, match="row -1"):
        ds.regenerate(SMALL, -1)


def test_rich_progress_draws_on_its_console():
    import io

    from rich.console import Console

    sink = io.StringIO()
    with ds.rich_progress(console=Console(file=sink, force_terminal=True, width=100)) as report:
        report(10, 40)
        report(40, 40)
    text = sink.getvalue()
    assert "40/40" in text and "mazes/s" in text


def test_progress_to_a_log_file_writes_lines_on_the_way():
    # stderr sent to a file (a batch job): a bar is never redrawn there, so a long build logged nothing until its end
    import io

    from rich.console import Console

    sink = io.StringIO()
    with ds.rich_progress(console=Console(file=sink), every=0) as report:
        for done in (0, 10, 20, 40):
            report(done, 40)
    lines = sink.getvalue().splitlines()
    assert [line.split()[1] for line in lines] == ["10/40", "20/40", "40/40"]
    assert "mazes/s" in lines[0] and "left" in lines[0] and "\x1b" not in sink.getvalue()
    sink = io.StringIO()
    with ds.rich_progress(console=Console(file=sink)) as report:  # at most a line every 10 s, and the last
        for done in (0, 10, 20, 40):
            report(done, 40)
    assert [line.split()[1] for line in sink.getvalue().splitlines()] == ["40/40"]


def test_build_report():
    report = ds.BuildReport(Path("d"), 100, 2, 1, 50, 60, 0.5, "processes", 2)
    assert report.rate == 100.0
    assert str(report) == ("100 mazes in d (2 shards built, 1 kept; 50 mazes in 0.50 s = 100 mazes/s "
                           "on processes, 2 workers)")


@pytest.mark.parametrize("rows, seconds, rate", [(1, 3.49, "0.29"), (3, 2.0, "1.5"), (2, 0.5, "4"),
                                                 (50, 0.5, "100"), (10**6, 100.0, "10,000")])
def test_a_slow_build_gives_its_rate_not_zero_mazes_a_second(rows, seconds, rate):
    # a small build whose kernels were compiled first said "1 maze in 3.49 s = 0 mazes/s"
    report = ds.BuildReport(Path("d"), rows, 1, 0, rows, 60, seconds, "local", 1)
    assert f"s = {rate} mazes/s on local" in str(report)


def test_interrupt_keeps_partial_writes_out(tmp_path):
    # no *.partial file survives an interrupted build
    with pytest.raises(KeyboardInterrupt):
        ds.build(SMALL, tmp_path, progress=Stop(after=1))
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".partial")]


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_second_build_into_a_directory_being_built_is_refused(tmp_path):
    # two builds at once would remove each other's partial files and overwrite each other's shards and manifest
    import fcntl

    out = tmp_path / "d"
    out.mkdir()
    fd = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a build running in another process holds it
        with pytest.raises(ds.DatasetDirError, match="another build is writing to"):
            ds.build(ds.DatasetSpec(count=4, size=(3, 3), shard_size=2), out)
        assert list(out.iterdir()) == []
    finally:
        os.close(fd)
    assert ds.build(ds.DatasetSpec(count=4, size=(3, 3), shard_size=2), out).rows == 4  # released: it builds
