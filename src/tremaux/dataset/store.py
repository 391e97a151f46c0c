"""The files of a dataset on disk: Parquet shards and ``manifest.json``.

A dataset directory holds one Parquet file per shard and a manifest::

    data/
        manifest.json
        shard-00000.parquet
        shard-00001.parquet
        ...

The manifest records the spec, the versions that built the shards, and for
every *finished* shard its file name, first row, row count, mazes drawn
(attempts) and SHA-256. It is rewritten atomically after each finished shard,
and shards are written to ``*.partial`` and renamed when complete, so an
interrupted build leaves only whole, recorded shards behind and a rerun
resumes where it stopped.

The manifest holds nothing about the engine or the time, so the same spec
gives the same files, manifest included, whatever engine built them.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TremauxError
from .spec import DatasetSpec

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MANIFEST",
    "DatasetDirError",
    "ShardRecord",
    "Manifest",
    "shard_name",
    "versions",
    "sha256",
    "open_for_build",
    "read_manifest",
    "write_shard",
    "write_manifest",
]

FORMAT = "tremaux-dataset"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"


class DatasetDirError(TremauxError):
    """A dataset directory that cannot be used: foreign, corrupted or incomplete."""


def shard_name(shard: int, shards: int) -> str:
    """File name of shard number ``shard`` out of ``shards``.

    Examples
    --------
    >>> shard_name(3, 12)
    'shard-00003.parquet'
    """
    digits = max(5, len(str(max(shards - 1, 0))))
    return f"shard-{shard:0{digits}d}.parquet"


def versions() -> dict[str, str]:
    """Versions of what decides the bytes of a shard."""
    import numba
    import numpy
    import pyarrow

    from .. import __version__

    return {
        "tremaux": __version__,
        "numpy": numpy.__version__,
        "numba": numba.__version__,
        "pyarrow": pyarrow.__version__,
        "python": platform.python_version(),
    }


def sha256(data: bytes | Path) -> str:
    """Hex SHA-256 of bytes or of a file's contents."""
    h = hashlib.sha256()
    if isinstance(data, Path):
        with open(data, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    else:
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class ShardRecord:
    """One finished shard, as the manifest records it."""

    index: int
    """Shard number."""
    file: str
    """File name in the dataset directory."""
    first_row: int
    """Global index of its first row."""
    rows: int
    """Number of rows."""
    attempts: int
    """Mazes drawn to fill it (more than ``rows`` when filters rejected some)."""
    bytes: int
    """File size."""
    sha256: str
    """Hex SHA-256 of the file."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "file": self.file,
            "first_row": self.first_row,
            "rows": self.rows,
            "attempts": self.attempts,
            "bytes": self.bytes,
            "sha256": self.sha256,
        }


@dataclass(frozen=True)
class Manifest:
    """The parsed ``manifest.json`` of a dataset directory."""

    spec: DatasetSpec
    """The spec the shards were built from."""
    versions: Mapping[str, str]
    """Versions of tremaux, numpy, numba, pyarrow and Python that built them."""
    columns: tuple[str, ...]
    """Column names of every shard, in order."""
    shards: Mapping[int, ShardRecord]
    """Finished shards by number."""

    @property
    def complete(self) -> bool:
        """Whether every shard of the spec is finished."""
        return len(self.shards) == self.spec.shards

    @property
    def rows(self) -> int:
        """Rows in the finished shards."""
        return sum(r.rows for r in self.shards.values())

    @property
    def attempts(self) -> int:
        """Mazes drawn for the finished shards."""
        return sum(r.attempts for r in self.shards.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "spec": self.spec.to_dict(),
            "versions": dict(self.versions),
            "columns": list(self.columns),
            "count": self.spec.count,
            "shard_count": self.spec.shards,
            "complete": self.complete,
            "rows": self.rows,
            "attempts": self.attempts,
            "shards": [self.shards[k].to_dict() for k in sorted(self.shards)],
        }

    def with_shard(self, record: ShardRecord) -> Manifest:
        shards = dict(self.shards)
        shards[record.index] = record
        return Manifest(self.spec, self.versions, self.columns, shards)

    def without(self, indices: Iterable[int]) -> Manifest:
        drop = set(indices)
        shards = {k: v for k, v in self.shards.items() if k not in drop}
        return Manifest(self.spec, self.versions, self.columns, shards)


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".partial")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_manifest(directory: Path, manifest: Manifest) -> None:
    """Rewrite ``manifest.json`` atomically."""
    text = json.dumps(manifest.to_dict(), indent=2, sort_keys=False) + "\n"
    _atomic_write(directory / MANIFEST, text.encode("utf-8"))


def write_shard(directory: Path, name: str, data: bytes) -> None:
    """Write a shard's bytes atomically (to ``name.partial``, then renamed)."""
    _atomic_write(directory / name, data)


def read_manifest(directory: str | Path) -> Manifest:
    """Parse the manifest of a dataset directory.

    Raises
    ------
    DatasetDirError
        When the directory or its manifest is missing, unreadable, or not a
        tremaux dataset manifest.
    """
    directory = Path(directory)
    path = directory / MANIFEST
    if not directory.is_dir():
        raise DatasetDirError(f"{directory} is not a directory")
    if not path.is_file():
        raise DatasetDirError(f"{directory} holds no {MANIFEST}: it is not a tremaux dataset")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetDirError(f"{path} is corrupted: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DatasetDirError(f"{path} is not a tremaux dataset manifest (no \"format\": \"{FORMAT}\")")
    if data.get("format_version") != FORMAT_VERSION:
        raise DatasetDirError(
            f"{path} has format version {data.get('format_version')!r}; "
            f"this tremaux reads version {FORMAT_VERSION}"
        )
    try:
        spec = DatasetSpec.from_dict(data["spec"])
        shards = {}
        for rec in data["shards"]:
            r = ShardRecord(**{k: rec[k] for k in ShardRecord.__dataclass_fields__})
            if not isinstance(r.sha256, str) or len(r.sha256) != 64:
                raise ValueError(f"bad sha256 {r.sha256!r}")
            shards[int(r.index)] = r
        manifest = Manifest(spec, dict(data["versions"]), tuple(data["columns"]), shards)
    except (KeyError, TypeError, ValueError) as exc:
        raise DatasetDirError(f"{path} is corrupted: {exc}") from None
    for idx, rec in manifest.shards.items():
        if not 0 <= idx < spec.shards or rec.file != shard_name(idx, spec.shards) or (
            (rec.first_row, rec.first_row + rec.rows) != spec.shard_rows(idx)
        ):
            raise DatasetDirError(f"{path} is corrupted: shard record {idx} does not match its spec")
    return manifest


def open_for_build(directory: str | Path, spec: DatasetSpec, columns: tuple[str, ...]) -> tuple[Manifest, list[str]]:
    """Prepare ``directory`` for building ``spec``; return the manifest and notes.

    * A missing or empty directory is created and gets a fresh manifest; so
      does one holding only the manifest of a build that stopped before its
      first shard (whatever its spec).
    * A directory holding a manifest of the same spec and versions is resumed:
      finished shards whose file is present with its recorded SHA-256 are
      kept; a recorded shard whose file was deleted is built again; leftover
      ``*.partial`` files of an interrupted write are removed.

    Raises
    ------
    DatasetDirError
        When the directory holds other files and no manifest (foreign), a
        manifest of a different spec or versions, an unreadable manifest, or a
        recorded shard whose contents no longer match their checksum
        (corrupted): the message says what to do.
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise DatasetDirError(f"output {directory} exists and is not a directory")
    notes: list[str] = []
    fresh = Manifest(spec, versions(), columns, {})
    if not directory.exists() or not any(directory.iterdir()):
        directory.mkdir(parents=True, exist_ok=True)
        write_manifest(directory, fresh)
        return fresh, notes
    if not (directory / MANIFEST).exists():
        raise DatasetDirError(
            f"output directory {directory} is not empty and holds no tremaux dataset "
            f"({MANIFEST} missing); choose a new or empty directory"
        )
    old = read_manifest(directory)
    names = {p.name for p in directory.iterdir() if not p.name.endswith(".partial")}
    if not old.shards and names == {MANIFEST}:
        # a build that stopped before its first shard: nothing to keep, start afresh
        for p in directory.glob("*.partial"):
            p.unlink()
        write_manifest(directory, fresh)
        return fresh, notes
    if old.spec != spec:
        diff = _spec_diff(old.spec, spec)
        raise DatasetDirError(
            f"output directory {directory} holds a different dataset ({diff}); "
            "choose another directory, or delete it to start again"
        )
    if dict(old.versions) != fresh.versions:
        diff = ", ".join(
            f"{k} {old.versions.get(k)} vs {v}" for k, v in fresh.versions.items() if old.versions.get(k) != v
        )
        raise DatasetDirError(
            f"output directory {directory} was built with other versions ({diff}), so its shards "
            "may differ; rebuild it into a new directory"
        )
    if tuple(old.columns) != columns:
        raise DatasetDirError(f"{directory / MANIFEST} is corrupted: its columns do not match its spec")
    expected = {shard_name(i, spec.shards) for i in range(spec.shards)} | {MANIFEST}
    for entry in sorted(directory.iterdir()):
        if entry.name.endswith(".partial"):
            entry.unlink()
            notes.append(f"removed {entry.name} left by an interrupted write")
        elif entry.name not in expected:
            raise DatasetDirError(
                f"output directory {directory} holds a file that is not part of this dataset: "
                f"{entry.name}; move it away or choose another directory"
            )
    missing = []
    for idx, rec in sorted(old.shards.items()):
        path = directory / rec.file
        if not path.exists():
            missing.append(idx)
            notes.append(f"{rec.file} was recorded but is missing: building it again")
            continue
        if path.stat().st_size != rec.bytes or sha256(path) != rec.sha256:
            raise DatasetDirError(
                f"shard {path} is corrupted (its SHA-256 does not match the manifest); "
                "delete that file and run again to rebuild it"
            )
    manifest = old.without(missing)
    if missing:
        write_manifest(directory, manifest)
    return manifest, notes


def _spec_diff(old: DatasetSpec, new: DatasetSpec) -> str:
    a, b = old.to_dict(), new.to_dict()
    parts = [f"{k} {a[k]!r} there vs {b[k]!r} asked" for k in a if a[k] != b[k]]
    return "; ".join(parts[:3])
