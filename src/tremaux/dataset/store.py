"""The files of a dataset on disk: Parquet or Arrow shards and ``manifest.json``.

A dataset directory holds one file per shard (Parquet, or Arrow IPC with
``shard_format = "arrow"``, see :data:`tremaux.dataset.spec.SHARD_FORMATS`)
and a manifest::

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

The directory may be on any file system fsspec knows (:class:`Target`): a
local path, ``file://``, ``s3://``, ``gs://``, ``az://``, ``memory://``...
On an object store a single upload is already atomic (an object appears
whole or not at all), so shards and the manifest are written under their
final names; on a local disk they go to ``*.partial`` and are renamed.
"""

from __future__ import annotations

import hashlib
import json
import platform
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TremauxError
from .fs import Target, open_target, parse_storage_options
from .spec import DatasetSpec

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MANIFEST",
    "DatasetDirError",
    "Target",
    "open_target",
    "parse_storage_options",
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
MAX_MANIFEST_BYTES = 256 << 20


class DatasetDirError(TremauxError):
    """A dataset directory that cannot be used: foreign, corrupted or incomplete."""


SUFFIXES = {"parquet": ".parquet", "arrow": ".arrow"}
"""File name suffix of a shard, by shard format."""


def shard_name(shard: int, shards: int, shard_format: str = "parquet") -> str:
    """File name of shard number ``shard`` out of ``shards``, in ``shard_format``.

    Parameters
    ----------
    shard : int
        The shard's number.
    shards : int
        Shards in the dataset (sets the number of digits, at least 5).
    shard_format : str, default "parquet"
        A key of :data:`tremaux.dataset.spec.SHARD_FORMATS`.

    Returns
    -------
    str

    Examples
    --------
    >>> shard_name(3, 12), shard_name(3, 12, "arrow")
    ('shard-00003.parquet', 'shard-00003.arrow')
    """
    digits = max(5, len(str(max(shards - 1, 0))))
    return f"shard-{shard:0{digits}d}{SUFFIXES[shard_format]}"


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


def write_manifest(directory: str | Path | Target, manifest: Manifest) -> None:
    """Rewrite ``manifest.json`` atomically."""
    text = json.dumps(manifest.to_dict(), indent=2, sort_keys=False) + "\n"
    open_target(directory).write(MANIFEST, text.encode("utf-8"))


def write_shard(directory: str | Path | Target, name: str, data: bytes) -> None:
    """Write a shard's bytes atomically (locally to ``name.partial``, then renamed)."""
    open_target(directory).write(name, data)


def read_manifest(directory: str | Path | Target, storage_options: Mapping[str, Any] | None = None) -> Manifest:
    """Parse the manifest of a dataset directory (a path or a URL).

    Raises
    ------
    DatasetDirError
        When the directory or its manifest is missing, unreadable, or not a
        tremaux dataset manifest.
    """
    target = open_target(directory, storage_options)
    shown = target.show(MANIFEST)
    if (target.local and not Path(target.root).is_dir()) or target.is_file():
        raise DatasetDirError(f"{target.url} is not a directory")
    if not target.has(MANIFEST):
        raise DatasetDirError(f"{target.url} holds no {MANIFEST}: it is not a tremaux dataset")
    try:
        raw = target.read(MANIFEST)
        if len(raw) > MAX_MANIFEST_BYTES:
            raise ValueError(f"larger than {MAX_MANIFEST_BYTES >> 20} MiB")
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise DatasetDirError(f"{shown} is corrupted: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DatasetDirError(f"{shown} is not a tremaux dataset manifest (no \"format\": \"{FORMAT}\")")
    if data.get("format_version") != FORMAT_VERSION:
        raise DatasetDirError(
            f"{shown} has format version {data.get('format_version')!r}; "
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
        for idx, rec in manifest.shards.items():
            if not 0 <= idx < spec.shards or rec.file != shard_name(idx, spec.shards, spec.shard_format) or (
                (rec.first_row, rec.first_row + rec.rows) != spec.shard_rows(idx)
            ) or not all(isinstance(v, int) and not isinstance(v, bool) for v in (rec.attempts, rec.bytes)):
                raise DatasetDirError(f"{shown} is corrupted: shard record {idx} does not match its spec")
    except DatasetDirError:
        raise
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError, RecursionError) as exc:
        raise DatasetDirError(f"{shown} is corrupted: {exc}") from None
    return manifest


def open_for_build(
    directory: str | Path | Target, spec: DatasetSpec, columns: tuple[str, ...]
) -> tuple[Manifest, list[str]]:
    """Prepare ``directory`` (a path, URL or :class:`Target`) for building ``spec``; return the manifest and notes.

    * A missing or empty directory is created and gets a fresh manifest; so
      does one holding only the manifest of a build that stopped before its
      first shard (whatever its spec).
    * A directory holding a manifest of the same spec and versions is resumed:
      finished shards whose file is present with its recorded SHA-256 are
      kept; a recorded shard whose file was deleted is built again; leftover
      ``*.partial`` files of an interrupted write are removed; a shard file
      the manifest does not record (written by a worker just before an
      interruption) is built again and overwritten.

    The same rules hold on every file system.

    Raises
    ------
    DatasetDirError
        When the directory holds other files and no manifest (foreign), a
        manifest of a different spec or versions, an unreadable manifest, or a
        recorded shard whose contents no longer match their checksum
        (corrupted): the message says what to do.
    """
    target = open_target(directory)
    if target.is_file():
        raise DatasetDirError(f"output {target.url} exists and is not a directory")
    notes: list[str] = []
    fresh = Manifest(spec, versions(), columns, {})
    names = target.names()
    if not names:
        target.makedirs()
        write_manifest(target, fresh)
        return fresh, notes
    if MANIFEST not in names:
        raise DatasetDirError(
            f"output directory {target.url} is not empty and holds no tremaux dataset "
            f"({MANIFEST} missing); choose a new or empty directory"
        )
    old = read_manifest(target)
    if not old.shards and {n for n in names if not n.endswith(".partial")} == {MANIFEST}:
        # a build that stopped before its first shard: nothing to keep, start afresh
        for n in names:
            if n.endswith(".partial"):
                target.remove(n)
        write_manifest(target, fresh)
        return fresh, notes
    if old.spec != spec:
        diff = _spec_diff(old.spec, spec)
        raise DatasetDirError(
            f"output directory {target.url} holds a different dataset ({diff}); "
            "choose another directory, or delete it to start again"
        )
    if dict(old.versions) != fresh.versions:
        diff = ", ".join(
            f"{k} {old.versions.get(k)} vs {v}" for k, v in fresh.versions.items() if old.versions.get(k) != v
        )
        raise DatasetDirError(
            f"output directory {target.url} was built with other versions ({diff}), so its shards "
            "may differ; rebuild it into a new directory"
        )
    if tuple(old.columns) != columns:
        raise DatasetDirError(f"{target.show(MANIFEST)} is corrupted: its columns do not match its spec")
    expected = {shard_name(i, spec.shards, spec.shard_format) for i in range(spec.shards)} | {MANIFEST}
    for name in names:
        if name.endswith(".partial"):
            target.remove(name)
            notes.append(f"removed {name} left by an interrupted write")
        elif name not in expected:
            raise DatasetDirError(
                f"output directory {target.url} holds a file that is not part of this dataset: "
                f"{name}; move it away or choose another directory"
            )
    present = set(names)
    missing = []
    for idx, rec in sorted(old.shards.items()):
        if rec.file not in present:
            missing.append(idx)
            notes.append(f"{rec.file} was recorded but is missing: building it again")
            continue
        if target.size(rec.file) != rec.bytes or target.sha256(rec.file) != rec.sha256:
            raise DatasetDirError(
                f"shard {target.show(rec.file)} is corrupted (its SHA-256 does not match the manifest); "
                "delete that file and run again to rebuild it"
            )
    manifest = old.without(missing)
    if missing:
        write_manifest(target, manifest)
    return manifest, notes


def _spec_diff(old: DatasetSpec, new: DatasetSpec) -> str:
    a, b = old.to_dict(), new.to_dict()
    parts = [f"{k} {a[k]!r} there vs {b[k]!r} asked" for k in a if a[k] != b[k]]
    return "; ".join(parts[:3])
