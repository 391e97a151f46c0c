"""gs:// and az:// outputs: URL resolution, storage options and the errors for a missing gcsfs / adlfs.

The real packages (gcsfs, adlfs) and their services are not needed: a
stand-in file system, kept in memory, is registered under their protocols, so
everything tremaux does with such a URL runs (fsspec's resolution, the options
reaching the file system, workers writing their shards, the manifest last,
resume, messages naming the URL); and with the protocol unregistered and the
package hidden, the one-line error names the package to install.
"""

from __future__ import annotations

import sys

import fsspec
import fsspec.registry  # noqa: F401  (the module, for its _registry)
import numpy as np
import pytest
from fsspec.implementations.memory import MemoryFileSystem

import tremaux.dataset as ds
from tremaux.dataset.fs import PACKAGES
from tremaux.errors import TremauxError

REGISTRY = sys.modules["fsspec.registry"]._registry  # protocol -> class, as fsspec.filesystem() looks it up
SPEC = ds.DatasetSpec(count=30, size=(5, 5), seed=4, shard_size=10, outputs=("maze", "solution"))


class StandIn(MemoryFileSystem):
    """A file system in memory that answers to a cloud protocol and keeps the options it was given."""

    protocol = ("gs", "gcs")
    store: dict = {}
    pseudo_dirs = [""]
    cachable = False

    def __init__(self, **options):
        if "bogus" in options:
            raise TypeError(f"__init__() got an unexpected keyword argument 'bogus'")
        super().__init__()
        self.options = dict(options)

    @classmethod
    def _strip_protocol(cls, path):
        path = str(path)
        for p in cls.protocol:
            if path.startswith(p + "://"):
                path = path[len(p) + 3:]
        path = path.strip("/")
        return "/" + path if path else ""


class AzureStandIn(StandIn):
    protocol = ("az", "abfs")
    store: dict = {}
    pseudo_dirs = [""]


@pytest.fixture
def cloud(monkeypatch):
    """gs:// and az:// served by the stand-ins, for this test only."""
    for cls in (StandIn, AzureStandIn):
        cls.store.clear()
        for p in cls.protocol:
            monkeypatch.setitem(REGISTRY, p, cls)
    yield
    for cls in (StandIn, AzureStandIn):
        cls.store.clear()


@pytest.mark.parametrize(
    ("url", "options", "cls", "root"),
    [
        ("gs://bucket/mazes", ["project=my-project", "token=anon", "consistency=md5"], StandIn, "/bucket/mazes"),
        ("gcs://bucket/a/b/", {"project": "p", "requester_pays": True}, StandIn, "/bucket/a/b"),
        ("az://container/mazes", ["account_name=acct", "anon=false"], AzureStandIn, "/container/mazes"),
        ("abfs://container/x", ["account_name=acct", "client_kwargs.retries=3"], AzureStandIn, "/container/x"),
    ],
)
def test_urls_resolve_and_options_reach_the_file_system(cloud, url, options, cls, root):
    target = ds.open_target(url, options)
    assert type(target.fs) is cls and target.root == root and target.url == url
    assert target.fs.options == ds.parse_storage_options(options)
    # an object store: workers write there themselves, nothing is renamed, messages show the URL
    assert not target.local and not target.process_local
    assert target.show("manifest.json") == url.rstrip("/") + "/manifest.json"


def test_bad_storage_option_is_one_line(cloud):
    with pytest.raises(TremauxError, match=r"^bad storage option for gs://bucket/x: .*'bogus'$"):
        ds.open_target("gs://bucket/x", ["bogus=1"])


@pytest.mark.parametrize("url", ["gs://bucket/data", "az://container/data"])
def test_build_resume_and_load_through_the_protocol(cloud, tmp_path, url):
    report = ds.build(SPEC, url, storage_options=["project=p"] if url.startswith("gs") else ["account_name=a"])
    assert report.workers_wrote and report.rows == SPEC.count
    local = tmp_path / "local"
    ds.build(SPEC, local)
    target = ds.open_target(url)
    # the same bytes as on a local disk, manifest included
    assert {n: target.read(n) for n in target.names()} == {p.name: p.read_bytes() for p in local.iterdir()}
    assert np.array_equal(ds.load(url)["cells"], ds.load(local)["cells"])
    target.remove("shard-00001.parquet")
    again = ds.build(SPEC, url)
    assert again.shards_built == 1 and again.shards_kept == 2
    with pytest.raises(TremauxError, match=f"output directory {url} holds a different dataset"):
        ds.build(SPEC.replace(seed=5), url)


def test_dask_workers_write_to_the_store(cloud, tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        report = ds.build(SPEC, "gs://bucket/dask", engine="dask", scheduler=cluster.scheduler_address)
    assert report.workers_wrote and report.shards_built == SPEC.shards
    ds.build(SPEC, tmp_path / "local")
    assert ds.open_target("gs://bucket/dask").read("shard-00002.parquet") == \
        (tmp_path / "local" / "shard-00002.parquet").read_bytes()


@pytest.mark.parametrize(
    ("url", "package", "extra"),
    [("gs://bucket/data", "gcsfs", "gcs"), ("gcs://bucket/data", "gcsfs", "gcs"),
     ("az://container/data", "adlfs", "azure"), ("abfs://container/data", "adlfs", "azure")],
)
def test_missing_package_is_named(monkeypatch, url, package, extra):
    protocol = url.split("://")[0]
    assert PACKAGES[protocol] == (package, extra)
    monkeypatch.setitem(sys.modules, package, None)  # import gcsfs / adlfs fails, installed or not
    monkeypatch.delitem(REGISTRY, protocol, raising=False)
    expected = f"{protocol}:// needs the {package} package: pip install {package} (or pip install 'tremaux[{extra}]')"
    for call in (lambda: ds.build(SPEC, url), lambda: ds.load(url), lambda: ds.open_target(url)):
        with pytest.raises(TremauxError) as err:
            call()
        assert str(err.value) == expected


def test_cli_names_the_missing_package(monkeypatch, capsys):
    from tremaux.cli import main

    monkeypatch.setitem(sys.modules, "adlfs", None)
    monkeypatch.delitem(REGISTRY, "az", raising=False)
    with pytest.raises(SystemExit) as exc:
        main(["dataset", "--count", "5", "--out", "az://container/data", "-q"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err == "error: az:// needs the adlfs package: pip install adlfs (or pip install 'tremaux[azure]')\n"


def test_cli_storage_options_reach_the_store(cloud, capsys):
    from tremaux.cli import main

    main(["dataset", "--count", "12", "--size", "4x4", "--shard-size", "6", "--out", "gs://bucket/cli",
          "--storage-option", "project=p", "--storage-option", "token=anon", "-q"])
    assert "12 mazes in gs://bucket/cli" in capsys.readouterr().out
    assert sorted(ds.open_target("gs://bucket/cli").names()) == ["_manifest.json", "shard-00000.parquet",
                                                                  "shard-00001.parquet"]
