"""A remote --out that cannot be reached: one line naming the URL, exit 2, within a bounded wait.

Stand-in file systems registered under the gs:// protocol play a store that
never answers (no network, a silent endpoint) and one whose client fails
with an exception of its own (no credentials, an unknown host), as s3fs's
botocore and huggingface_hub's httpx do.
"""

from __future__ import annotations

import sys
import threading
import time

import fsspec.registry  # noqa: F401  (the module, for its _registry)
import pytest
from fsspec.implementations.memory import MemoryFileSystem

import tremaux.dataset as ds
import tremaux.dataset.fs as dsfs
from tremaux.errors import TremauxError

REGISTRY = sys.modules["fsspec.registry"]._registry
SPEC = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
RELEASE = threading.Event()


class NoCredentialsError(Exception):
    """Like botocore's: not an OSError, not a TremauxError."""


class Silent(MemoryFileSystem):
    """Every request waits for an answer that never comes (until the test ends)."""

    protocol = ("gs",)
    store: dict = {}
    pseudo_dirs = [""]
    cachable = False

    def _wait(self, *args, **kwargs):
        RELEASE.wait(60)
        raise ConnectionError("released")

    info = ls = exists = isfile = makedirs = pipe_file = cat_file = _wait


class Refusing(MemoryFileSystem):
    """Every request fails at once with the client's own exception."""

    protocol = ("gs",)
    store: dict = {}
    pseudo_dirs = [""]
    cachable = False

    def _refuse(self, *args, **kwargs):
        raise NoCredentialsError("Unable to locate\n credentials")

    info = ls = exists = isfile = makedirs = pipe_file = cat_file = _refuse


@pytest.fixture
def silent(monkeypatch):
    RELEASE.clear()
    monkeypatch.setitem(REGISTRY, "gs", Silent)
    monkeypatch.setattr(dsfs, "PROBE_SECONDS", 0.5)
    yield
    RELEASE.set()


@pytest.fixture
def refusing(monkeypatch):
    monkeypatch.setitem(REGISTRY, "gs", Refusing)


def test_silent_store_stops_the_build_within_the_bound(silent):
    start = time.monotonic()
    with pytest.raises(TremauxError, match=r"^no answer from gs://bucket/x within 0.5 s: check the network"):
        ds.build(SPEC, "gs://bucket/x")
    with pytest.raises(TremauxError, match=r"^no answer from gs://bucket/x within 0.5 s"):
        ds.load("gs://bucket/x")
    assert time.monotonic() - start < 10


def test_cli_silent_store_is_one_line(silent, capsys):
    from tremaux.cli import main

    start = time.monotonic()
    with pytest.raises(SystemExit) as exc:
        main(["dataset", "--count", "4", "--size", "3x3", "--out", "gs://bucket/x", "-q"])
    assert exc.value.code == 2 and time.monotonic() - start < 10
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("error: no answer from gs://bucket/x within 0.5 s")
    assert not any("Traceback" in line for line in err)


def test_client_exception_is_one_line_naming_the_url(refusing, capsys):
    from tremaux.cli import main

    expected = "cannot reach gs://bucket/x: NoCredentialsError: Unable to locate credentials"
    for call in (lambda: ds.build(SPEC, "gs://bucket/x"), lambda: ds.load("gs://bucket/x")):
        with pytest.raises(TremauxError) as err:
            call()
        assert str(err.value) == expected
    with pytest.raises(SystemExit) as exc:
        main(["dataset", "--count", "4", "--size", "3x3", "--out", "gs://bucket/x", "-q"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == "error: " + expected


def test_reachable_store_is_not_slowed(monkeypatch, tmp_path):
    class Fine(MemoryFileSystem):
        protocol = ("gs",)
        store: dict = {}
        pseudo_dirs = [""]
        cachable = False

    monkeypatch.setitem(REGISTRY, "gs", Fine)
    report = ds.build(SPEC, "gs://bucket/ok")
    assert report.rows == SPEC.count and ds.load("gs://bucket/ok")["cells"].shape == (4, 3, 3)
