"""The files of a dataset on disk: Parquet or Arrow shards and ``_manifest.json``.

A dataset directory holds one file per shard (Parquet, or Arrow IPC with
``shard_format = "arrow"``, see :data:`tremaux.dataset.spec.SHARD_FORMATS`)
and a manifest::

    data/
        _manifest.json
        shard-00000.parquet
        shard-00001.parquet
        ...

The manifest records the spec, the versions that built the shards, and for
every *finished* shard its file name, first row, row count, mazes drawn
(attempts) and SHA-256. It is rewritten atomically after each finished shard,
and shards are written to ``*.partial`` and renamed when complete, so an
interrupted build leaves only whole, recorded shards behind and a rerun
resumes where it stopped.

The manifest's name starts with ``_``, which Parquet and Arrow readers skip, so
``pandas.read_parquet("data")`` or ``pyarrow.dataset.dataset("data")`` reads the
folder itself as one table. A directory written when the manifest was
``manifest.json`` (:data:`LEGACY_MANIFEST`) still reads; resuming it moves
the manifest to its new name.

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
import os
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
    "LEGACY_MANIFEST",
    "DatasetDirError",
    "Target",
    "open_target",
    "parse_storage_options",
    "ShardRecord",
    "Manifest",
    "shard_name",
    "versions",
    "sha256",
    "read_manifest",
    "write_shard",
    "write_manifest",
]

FORMAT = "tremaux-dataset"
FORMAT_VERSION = 1
MANIFEST = "_manifest.json"
"""File name of the manifest; readers of Parquet and Arrow folders skip names starting with ``_``."""
LEGACY_MANIFEST = "manifest.json"
"""The manifest's name in directories written before; read, and renamed when such a build is resumed."""
MAX_MANIFEST_BYTES = 256 << 20


class DatasetDirError(TremauxError):
    """A dataset directory that cannot be used: foreign, corrupted or incomplete.

    Examples
    --------
    >>> from tremaux.dataset.resume import open_for_build
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> from tremaux.dataset.shard import columns_of
    >>> _ = ds.build(spec, "memory://doc/clash")
    >>> open_for_build("memory://doc/clash", spec.replace(seed=9), columns_of(spec))
    Traceback (most recent call last):
    ...
    tremaux.dataset.store.DatasetDirError: output directory memory://doc/clash holds a different dataset (seed 1 there vs 9 asked); ...
    """


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
        ``shard-NNNNN.parquet`` (or ``.arrow``), zero-padded.

    Examples
    --------
    >>> from tremaux.dataset.store import shard_name
    >>> shard_name(3, 12), shard_name(3, 12, "arrow")
    ('shard-00003.parquet', 'shard-00003.arrow')
    """
    digits = max(5, len(str(max(shards - 1, 0))))
    return f"shard-{shard:0{digits}d}{SUFFIXES[shard_format]}"


def versions() -> dict[str, str]:
    """Versions of what decides the bytes of a shard.

    Returns
    -------
    dict of str to str
        Versions of tremaux, NumPy, Numba, PyArrow and Python.

    Examples
    --------
    >>> from tremaux.dataset.store import versions
    >>> sorted(versions())
    ['numba', 'numpy', 'pyarrow', 'python', 'tremaux']
    """
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
    """Hex SHA-256 of bytes or of a file's contents.

    Parameters
    ----------
    data : bytes or pathlib.Path
        Bytes, or a file to read.

    Returns
    -------
    str
        64 hex digits.

    Examples
    --------
    >>> from tremaux.dataset.store import sha256
    >>> sha256(b"abc")[:16]
    'ba7816bf8f01cfea'
    """
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
    """One finished shard, as the manifest records it.

    Examples
    --------
    >>> from tremaux.dataset.store import read_manifest
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/record")
    >>> read_manifest("memory://doc/record").shards[1].file
    'shard-00001.parquet'
    """

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
        """The record as ``manifest.json`` holds it.

        Returns
        -------
        dict
            ``index``, ``file``, ``first_row``, ``rows``, ``attempts``, ``bytes``, ``sha256``.

        Examples
        --------
        >>> from tremaux.dataset.store import read_manifest
        >>> import tremaux.dataset as ds
        >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
        >>> _ = ds.build(spec, "memory://doc/recdict")
        >>> read_manifest("memory://doc/recdict").shards[0].to_dict()["rows"]
        2
        """
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
    """The parsed ``manifest.json`` of a dataset directory.

    Examples
    --------
    >>> from tremaux.dataset.store import read_manifest
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/manifest")
    >>> m = read_manifest("memory://doc/manifest")
    >>> m.spec == spec, sorted(m.shards)
    (True, [0, 1])
    """

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
        """The JSON-ready contents of ``manifest.json``.

        Returns
        -------
        dict
            Format, spec, versions, columns, counts and the shard records.

        Examples
        --------
        >>> from tremaux.dataset.store import read_manifest
        >>> import tremaux.dataset as ds
        >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
        >>> _ = ds.build(spec, "memory://doc/mdict")
        >>> d = read_manifest("memory://doc/mdict").to_dict()
        >>> d["count"], d["complete"]
        (4, True)
        """
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
        """A copy that records ``record`` (replacing a record of the same shard).

        Parameters
        ----------
        record : ShardRecord
            A finished shard.

        Returns
        -------
        Manifest
            The new manifest; ``self`` is unchanged.

        Examples
        --------
        >>> from tremaux.dataset.store import read_manifest
        >>> import tremaux.dataset as ds
        >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
        >>> _ = ds.build(spec, "memory://doc/with")
        >>> m = read_manifest("memory://doc/with")
        >>> sorted(m.without([0]).with_shard(m.shards[0]).shards)
        [0, 1]
        """
        shards = dict(self.shards)
        shards[record.index] = record
        return Manifest(self.spec, self.versions, self.columns, shards)

    def without(self, indices: Iterable[int]) -> Manifest:
        """A copy without the records of the shards ``indices``.

        Parameters
        ----------
        indices : iterable of int
            Shard numbers to forget.

        Returns
        -------
        Manifest
            The new manifest; ``self`` is unchanged.

        Examples
        --------
        >>> from tremaux.dataset.store import read_manifest
        >>> import tremaux.dataset as ds
        >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
        >>> _ = ds.build(spec, "memory://doc/without")
        >>> sorted(read_manifest("memory://doc/without").without([0]).shards)
        [1]
        """
        drop = set(indices)
        shards = {k: v for k, v in self.shards.items() if k not in drop}
        return Manifest(self.spec, self.versions, self.columns, shards)


def write_manifest(directory: str | Path | Target, manifest: Manifest) -> None:
    """Rewrite ``_manifest.json`` atomically.

    Parameters
    ----------
    directory : str, pathlib.Path or Target
        The dataset directory (a path or a URL).
    manifest : Manifest
        What to write.

    Examples
    --------
    >>> from tremaux.dataset.store import read_manifest, write_manifest
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/wm")
    >>> m = read_manifest("memory://doc/wm")
    >>> write_manifest("memory://doc/wm", m.without([1]))
    >>> sorted(read_manifest("memory://doc/wm").shards)
    [0]
    """
    text = json.dumps(manifest.to_dict(), indent=2, sort_keys=False) + "\n"
    open_target(directory).write(MANIFEST, text.encode("utf-8"))


def write_shard(directory: str | Path | Target, name: str, data: bytes) -> None:
    """Write a shard's bytes atomically (locally to ``name.partial``, then renamed).

    Parameters
    ----------
    directory : str, pathlib.Path or Target
        The dataset directory (a path or a URL).
    name : str
        The shard's file name.
    data : bytes
        The Parquet bytes.

    Examples
    --------
    >>> from tremaux.dataset.store import write_shard
    >>> import tempfile, pathlib
    >>> d = tempfile.mkdtemp()
    >>> write_shard(d, "shard-00000.parquet", b"PAR1")
    >>> sorted(p.name for p in pathlib.Path(d).iterdir())
    ['shard-00000.parquet']
    """
    open_target(directory).write(name, data)



def _unfolded(spec: Any) -> Any:
    """A manifest's spec with a negative seed, as seeds were once taken, read as the seed 2**64 above it: the same
    rows (a seed is folded into 64 bits), and a seed the spec takes now."""
    seed = spec.get("seed") if isinstance(spec, dict) else None
    if isinstance(seed, int) and not isinstance(seed, bool) and -(2**63) <= seed < 0:
        return {**spec, "seed": seed + 2**64}
    return spec

def read_manifest(directory: str | Path | Target, storage_options: Mapping[str, Any] | None = None) -> Manifest:
    """Parse the manifest of a dataset directory (a path or a URL).

    Parameters
    ----------
    directory : str, pathlib.Path or Target
        The dataset directory (a path or a URL).
    storage_options : mapping, optional
        Options of the file system.

    Returns
    -------
    Manifest
        The parsed manifest.

    Raises
    ------
    DatasetDirError
        When the directory or its manifest is missing, unreadable, or not a
        tremaux dataset manifest.
    TremauxError
        When a remote directory cannot be reached (see :meth:`~tremaux.dataset.fs.Target.probe`).

    Examples
    --------
    >>> from tremaux.dataset.store import read_manifest
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/rm")
    >>> read_manifest("memory://doc/rm").spec.count
    4
    """
    target = open_target(directory, storage_options)
    target.probe()
    if target.local and not os.path.lexists(target.root):
        raise DatasetDirError(f"{target.url} does not exist: no dataset there")
    if (target.local and not Path(target.root).is_dir()) or target.is_file():
        raise DatasetDirError(f"{target.url} is not a directory")
    name = next((n for n in (MANIFEST, LEGACY_MANIFEST) if target.has(n)), None)
    if name is None:
        raise DatasetDirError(f"{target.url} holds no {MANIFEST}: it is not a tremaux dataset")
    shown = target.show(name)
    try:
        raw = target.read(name)
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
        spec = DatasetSpec.from_dict(_unfolded(data["spec"]))
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

