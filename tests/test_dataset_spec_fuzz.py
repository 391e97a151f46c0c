"""Every dataset spec reader is total: any bytes give a spec or the library's own error (issue 17)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tremaux.dataset import DatasetSpec, load_spec, make_spec
from tremaux.dataset.store import MANIFEST
from tremaux.dataset.shard import check_spec
from tremaux.errors import MazeFormatError, TremauxError

VALID_TOML = b"""count = 200
size = "10x10..30x30"
seed = 42
generator = "kruskal"
braid = 0.25
solvers = ["bfs", "dfs"]
outputs = ["maze", "blocks", "solution", "stats", "ascii", "tokens"]
shard_size = 100

[filters]
min_solution_length = 30
"""

VALID_JSON = (
    b'{"count": 200, "size": [12, 14], "seed": 7, "generator": "prim", "braid": 0.5,'
    b' "solvers": ["bfs"], "outputs": ["maze", "tokens"], "filters": {"max_dead_ends": 40}}'
)

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def read_all_ways(path) -> None:
    """Read ``path`` as the CLI and the library do; only a spec or a TremauxError may come out."""
    for reader in (load_spec, lambda p: make_spec(p, count=None), lambda p: make_spec(p, count=5)):
        try:
            spec = reader(path)
        except TremauxError as exc:
            assert str(exc) and "\n" not in str(exc)
            continue
        assert isinstance(spec, DatasetSpec)
        try:
            check_spec(spec)
        except TremauxError as exc:
            assert str(exc) and "\n" not in str(exc)


@pytest.mark.parametrize("suffix", [".toml", ".json", ".bin"])
@SETTINGS
@given(data=st.binary(max_size=400))
def test_random_bytes(tmp_path, suffix, data):
    path = tmp_path / f"spec{suffix}"
    path.write_bytes(data)
    read_all_ways(path)


def _mutate(base: bytes, cuts: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(base)
    for pos, drop, insert in cuts:
        pos %= len(out) + 1
        out[pos : pos + drop] = insert
    return bytes(out)


@pytest.mark.parametrize(("suffix", "base"), [(".toml", VALID_TOML), (".json", VALID_JSON)], ids=["toml", "json"])
@SETTINGS
@given(cuts=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 8), st.binary(max_size=6)), min_size=1, max_size=4))
def test_mutated_valid_files(tmp_path, suffix, base, cuts):
    path = tmp_path / f"spec{suffix}"
    path.write_bytes(_mutate(base, cuts))
    read_all_ways(path)


@pytest.mark.parametrize(("suffix", "base"), [(".toml", VALID_TOML), (".json", VALID_JSON)], ids=["toml", "json"])
@SETTINGS
@given(stop=st.integers(0, 400))
def test_truncated_valid_files(tmp_path, suffix, base, stop):
    path = tmp_path / f"spec{suffix}"
    path.write_bytes(base[:stop])
    read_all_ways(path)


def test_valid_files_read(tmp_path):
    (tmp_path / "a.toml").write_bytes(VALID_TOML)
    (tmp_path / "b.json").write_bytes(VALID_JSON)
    a, b = load_spec(tmp_path / "a.toml"), load_spec(tmp_path / "b.json")
    assert (a.count, a.size, a.max_size, a.filters) == (200, (10, 10), (30, 30), {"min_solution_length": 30})
    assert (b.generator, b.outputs, b.filters) == ("prim", ("maze", "tokens"), {"max_dead_ends": 40})


@pytest.mark.parametrize(
    ("name", "data", "where"),
    [
        ("deep.json", b"[" * 100_000 + b"]" * 100_000, "deep.json"),
        ("deep.toml", b"a = " + b"[" * 100_000 + b"]" * 100_000, "deep.toml"),
        ("garbage.bin", bytes(range(256)) * 16, "garbage.bin:2:118:"),
        ("latin1.toml", "count = 5\nname = 'caf\xe9'\n".encode("latin-1"), "latin1.toml:2:"),
        ("big.toml", b"# " + b"x" * (2 << 20), "larger than"),
        ("bad.toml", b"count = 5\nsize = [\n", "bad.toml:"),
        ("bad.json", b'{"count": 5,\n "size": }', "bad.json:2:"),
        ("digits.toml", "count = '\u00b2'\n".encode(), "not a whole number"),
        ("inf.json", b'{"count": 5, "size": [1e999, 3]}', "size"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "",
)
def test_named_bad_files(tmp_path, name, data, where):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(TremauxError) as info:
        make_spec(path)
    assert where in str(info.value)
    if name.startswith(("deep", "garbage", "latin1", "big", "bad")):
        assert isinstance(info.value, MazeFormatError)


def test_cli_garbage_gives_one_line_error(tmp_path):
    path = tmp_path / "garbage.bin"
    path.write_bytes(os.urandom(4096))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.run(
        [sys.executable, "-m", "tremaux", "dataset", str(path), "--out", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert "garbage.bin" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def manifest_bytes(tmp_path_factory) -> bytes:
    from tremaux.dataset import build

    out = tmp_path_factory.mktemp("m")
    build(DatasetSpec(count=6, size=(3, 3), shard_size=2), out)
    return (out / MANIFEST).read_bytes()


@SETTINGS
@given(cuts=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 8), st.binary(max_size=6)), min_size=1, max_size=4))
def test_mutated_manifests(tmp_path, manifest_bytes, cuts):
    # the manifest holds a spec too: reading it is total as well
    from tremaux.dataset import read_manifest

    (tmp_path / MANIFEST).write_bytes(_mutate(manifest_bytes, cuts))
    try:
        read_manifest(tmp_path)
    except TremauxError as exc:
        assert str(exc) and "\n" not in str(exc)
