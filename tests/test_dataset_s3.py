"""Datasets on object storage: a real S3 endpoint on loopback (moto's server), reached through s3fs.

The endpoint starts and stops inside this module. The Dask workers are
separate processes that write their shards to S3 themselves; the files must
be byte for byte those of a local build, and resume, checksums and refusals
must work as on a local disk.
"""

from __future__ import annotations

import os
import socket
import pytest

import tremaux.dataset as ds

pytest.importorskip("s3fs", reason="the s3 extra (s3fs) is not installed")
moto_server = pytest.importorskip("moto.server", reason="moto[server] is not installed")

SPEC = ds.DatasetSpec(count=120, size=(7, 9), seed=3, shard_size=20, outputs=("maze", "solution", "stats", "tokens"))
BUCKET = "tremaux-test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def endpoint():
    """A moto S3 server on loopback, with the standard AWS variables pointing at it."""
    port = _free_port()
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    url = f"http://127.0.0.1:{port}"
    env = {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ENDPOINT_URL": url,
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        import boto3

        boto3.client("s3", endpoint_url=url).create_bucket(Bucket=BUCKET)
        yield url
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        server.stop()


@pytest.fixture(scope="module")
def local_copy(tmp_path_factory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("local")
    ds.build(SPEC, out)
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def s3_files(prefix: str) -> dict[str, bytes]:
    import s3fs

    fs = s3fs.S3FileSystem()
    fs.invalidate_cache()
    return {p.rsplit("/", 1)[-1]: fs.cat_file(p) for p in sorted(fs.ls(f"{BUCKET}/{prefix}", detail=False))}


def s3_fs():
    import s3fs

    fs = s3fs.S3FileSystem()
    fs.invalidate_cache()
    return fs


def test_dask_workers_write_to_s3(endpoint, local_copy):
    url = f"s3://{BUCKET}/dask"
    # a new local cluster of two worker processes, each with its own S3 client
    report = ds.build(SPEC, url, engine="dask", workers=2)
    assert report.engine == "dask" and report.workers == 2 and report.workers_wrote and report.shards_built == SPEC.shards and report.rows == SPEC.count
    # byte-identical to the local build, manifest included
    assert s3_files("dask") == local_copy
    data = ds.load(url)
    assert data["cells"].shape == (SPEC.count, 7, 9)
    assert ds.verify(url).complete
    # a Hugging Face view and a stream straight from the bucket
    pytest.importorskip("datasets")
    hf = ds.to_hf(url, columns=["index", "cells"])
    assert hf.num_rows == SPEC.count and hf["index"] == list(range(SPEC.count))
    assert [r["index"] for r in ds.stream(url, columns=["index"])] == list(range(SPEC.count))


def test_resume_checksums_and_refusals_on_s3(endpoint, local_copy, tmp_path):
    url = f"s3://{BUCKET}/resume"
    fs = s3_fs()
    for name, data in local_copy.items():
        fs.pipe_file(f"{BUCKET}/resume/{name}", data)
    # a deleted shard is rebuilt, a finished dataset is kept, as on a local disk
    fs.rm_file(f"{BUCKET}/resume/shard-00002.parquet")
    report = ds.build(SPEC, url, engine="processes", workers=2)
    assert report.shards_built == 1 and report.shards_kept == SPEC.shards - 1
    assert any("missing" in n for n in report.notes)
    assert s3_files("resume") == local_copy
    # a corrupted shard is refused by build and by load
    fs.pipe_file(f"{BUCKET}/resume/shard-00003.parquet", local_copy["shard-00003.parquet"][:-5])
    with pytest.raises(ds.DatasetDirError, match=r"s3://tremaux-test/resume/shard-00003.parquet is corrupted"):
        ds.build(SPEC, url)
    with pytest.raises(ds.DatasetDirError, match="corrupted"):
        ds.load(url)
    # a foreign prefix and another dataset are refused, and left alone
    fs.pipe_file(f"{BUCKET}/foreign/notes.txt", b"mine")
    with pytest.raises(ds.DatasetDirError, match="not empty and holds no tremaux dataset"):
        ds.build(SPEC, f"s3://{BUCKET}/foreign")
    assert s3_files("foreign") == {"notes.txt": b"mine"}
    with pytest.raises(ds.DatasetDirError, match="holds a different dataset"):
        ds.build(SPEC.replace(seed=4), url)


def test_storage_options_instead_of_environment(endpoint, local_copy, monkeypatch):
    # credentials and endpoint given as --storage-option KEY=VALUE would give them
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL"):
        monkeypatch.delenv(key)
    options = [f"endpoint_url={endpoint}", "key=testing", "secret=testing"]
    report = ds.build(SPEC, f"s3://{BUCKET}/options", engine="local", storage_options=options)
    assert report.workers_wrote
    loaded = ds.load(f"s3://{BUCKET}/options", storage_options=ds.parse_storage_options(options))
    assert loaded["cells"].shape == (SPEC.count, 7, 9)
    monkeypatch.setenv("AWS_ENDPOINT_URL", endpoint)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    assert s3_files("options") == local_copy


def test_cli_to_s3(endpoint, local_copy, tmp_path):
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    args = [sys.executable, "-m", "tremaux", "dataset", "--count", "120", "--size", "7x9", "--seed", "3",
            "--shard-size", "20", "--outputs", "maze,solution,stats,tokens", "--quiet"]
    proc = subprocess.run([*args, "--out", f"s3://{BUCKET}/cli", "--engine", "local"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert s3_files("cli") == local_copy
    bad = subprocess.run([*args, "--out", f"s3://{BUCKET}/cli2", "--storage-option", "nonsense"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and bad.stderr == "error: --storage-option 'nonsense' is not of the form KEY=VALUE\n"


def test_arrow_shards_on_s3(endpoint, tmp_path):
    # Arrow shards: the same bytes on S3 as on a local disk; read back (into memory) and, through a local
    # cache directory, memory-mapped
    spec = SPEC.replace(shard_format="arrow")
    ds.build(spec, tmp_path / "local")
    local = {p.name: p.read_bytes() for p in sorted((tmp_path / "local").iterdir())}
    url = f"s3://{BUCKET}/arrow"
    report = ds.build(spec, url, engine="processes", workers=2)
    assert report.workers_wrote and s3_files("arrow") == local
    assert sorted(local)[:2] == ["_manifest.json", "shard-00000.arrow"]
    assert (ds.load(url)["bfs_path"] == ds.load(tmp_path / "local")["bfs_path"]).all()
    pytest.importorskip("datasets")
    hf = ds.to_hf(url, columns=["index", "cells"])
    assert hf["index"] == list(range(SPEC.count)) and hf.cache_files == []  # in memory: nothing written
    mapped = ds.to_hf(url, columns=["index", "cells"], cache_dir=tmp_path / "cache")
    assert len(mapped.cache_files) == spec.shards and mapped["cells"] == hf["cells"]
