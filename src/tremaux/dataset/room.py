"""Room for a dataset: its manifest must stay readable and its shards must fit on the disk.

A build is refused before any work when it could never end well:

* its manifest, one entry per shard, would be over what :func:`tremaux.dataset.read_manifest`
  reads (:data:`tremaux.dataset.store.MAX_MANIFEST_BYTES`): :func:`check_manifest_room`;
* in memory (``memory://``), the shards would be over the memory limit
  (:func:`check_memory_room`, :mod:`tremaux.budget`);
* on a local disk, the shards still to build would not fit in the free space
  (:func:`shutil.disk_usage`): :func:`check_disk_room`, from an estimate of the
  bytes of a row (:func:`estimate_bytes`), and again after every shard from the
  sizes of the shards written so far (:func:`check_disk_left`);
* anywhere else (``s3://``, ``gs://``, ``az://``, ``ftp://``...) the file system tells
  no free space, so nothing is checked and the build says so (:func:`space_note`).

A refused or stopped build keeps its finished shards and a manifest that lists
only them (never ``complete``), so freeing space and running it again resumes.

Examples
--------
>>> from tremaux.dataset.room import check_manifest_room
>>> from tremaux.dataset import DatasetSpec
>>> check_manifest_room(DatasetSpec(count=10**12, size=(4, 4)))
Traceback (most recent call last):
...
tremaux.errors.TremauxError: a dataset of 1,000,000,000,000 mazes in shards of 10,000 has 100,000,000 shards; ...
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from ..errors import TremauxError
from .checks import shard_memory, shard_scratch
from .spec import DatasetSpec

__all__ = ["DiskSpaceError", "shard_scratch", "SAMPLE_CELLS", "check_manifest_room", "manifest_bytes", "estimate_bytes",
           "free_bytes", "check_disk_room", "check_disk_left", "check_memory_room", "check_work_memory", "space_note"]

SAMPLE_CELLS = 1 << 16
"""Cells drawn (about) to estimate the bytes of a row on disk: a sample of rows of the dataset itself."""


class DiskSpaceError(TremauxError, OSError):
    """A dataset that does not fit in the free space of its disk.

    Examples
    --------
    >>> from tremaux.dataset.room import DiskSpaceError
    >>> from tremaux.errors import TremauxError
    >>> issubclass(DiskSpaceError, TremauxError)
    True
    """

    def __str__(self) -> str:  # OSError would format its arguments as a tuple
        return str(self.args[0]) if self.args else ""


def _gib(n: float) -> str:
    from ..budget import format_bytes

    return format_bytes(int(n))


def manifest_bytes(spec: DatasetSpec) -> int:
    """Bytes of the manifest of a finished build of ``spec`` (an estimate from above).

    Each shard gets one entry; the largest numbers are assumed everywhere.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.dataset.room import manifest_bytes
    >>> from tremaux.dataset import DatasetSpec
    >>> 2_000 < manifest_bytes(DatasetSpec(count=30, size=(4, 4), shard_size=10)) < 10_000
    True
    """
    from .store import shard_name

    last = spec.shards - 1
    record = {"index": last, "file": shard_name(last, spec.shards, spec.shard_format), "first_row": spec.count,
              "rows": spec.shard_size, "attempts": spec.shard_size * spec.max_attempts, "bytes": 1 << 62,
              "sha256": "0" * 64}
    entry = len(json.dumps([record], indent=2)) + 2  # indented once more inside the manifest, and a comma
    return 4096 + spec.shards * entry + len(json.dumps(spec.to_dict(), indent=2))


def check_manifest_room(spec: DatasetSpec) -> None:
    """Refuse a spec with so many shards that its manifest could not be read back.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.

    Raises
    ------
    TremauxError
        Naming the number of shards and the smallest ``shard_size`` that fits.

    Examples
    --------
    >>> from tremaux.dataset.room import check_manifest_room
    >>> from tremaux.dataset import DatasetSpec
    >>> check_manifest_room(DatasetSpec(count=100, size=(4, 4)))
    """
    from .store import MAX_MANIFEST_BYTES

    need = manifest_bytes(spec)
    if need <= MAX_MANIFEST_BYTES:
        return
    per_shard = max(1, (need - 4096) // spec.shards)
    most = max(1, (MAX_MANIFEST_BYTES - 4096 - len(json.dumps(spec.to_dict(), indent=2))) // per_shard)
    advice = (f"set shard_size to {-(-spec.count // most):,} or more" if -(-spec.count // most) <= 10_000_000
              else f"build at most {most * 10_000_000:,} mazes")
    raise TremauxError(
        f"a dataset of {spec.count:,} mazes in shards of {spec.shard_size:,} has {spec.shards:,} shards; its manifest "
        f"(one entry per shard) would take about {_gib(need)}, over the {_gib(MAX_MANIFEST_BYTES)} a reader accepts: "
        f"{advice}"
    )


def estimate_bytes(spec: DatasetSpec, rows: int | None = None) -> int:
    """Bytes on disk of ``rows`` rows of ``spec`` (all of them by default), estimated from a sample.

    The first rows of the dataset itself are built and encoded in memory, a
    handful (about :data:`SAMPLE_CELLS` cells) and one alone: the difference
    is the cost of a row, the single row's file holds the cost of a file.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked: :func:`tremaux.dataset.shard.check_spec`).
    rows : int, optional
        Rows to count; default ``spec.count``. They are assumed to fill whole
        shards of ``spec.shard_size``.

    Returns
    -------
    int
        Bytes, manifest included.

    Examples
    --------
    >>> from tremaux.dataset.room import estimate_bytes
    >>> from tremaux.dataset import DatasetSpec
    >>> spec = DatasetSpec(count=1000, size=(8, 8), shard_size=100, shard_format="arrow")
    >>> 100_000 < estimate_bytes(spec) < 2_000_000
    True
    """
    from .shard import compute_rows
    from .table import encode, to_table

    rows = spec.count if rows is None else rows
    hmax, wmax = spec.size_range[1]
    k = max(2, min(spec.shard_size, spec.count, SAMPLE_CELLS // (hmax * wmax)))

    def size(n: int) -> int:
        return len(encode(to_table(spec, 0, compute_rows(spec, 0, n)), spec.shard_format))

    one = size(1)
    per_row = one if k > spec.count else max(0.0, (size(k) - one) / (k - 1))
    shards = -(-rows // spec.shard_size)
    return int(shards * max(0.0, one - per_row) + rows * per_row) + manifest_bytes(spec)


def free_bytes(path: str | os.PathLike) -> tuple[int, Path]:
    """Free bytes on the disk of ``path``, or of its nearest existing parent folder.

    Parameters
    ----------
    path : str or os.PathLike
        A folder, which may not exist yet.

    Returns
    -------
    (int, pathlib.Path)
        The free bytes (for this user) and the folder measured.

    Examples
    --------
    >>> from tremaux.dataset.room import free_bytes
    >>> import tempfile
    >>> free, where = free_bytes(tempfile.gettempdir() + "/no/such/folder")
    >>> free > 0, where.exists()
    (True, True)
    """
    p = Path(path).absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return shutil.disk_usage(p).free, p


def check_disk_room(spec: DatasetSpec, path: str | os.PathLike, rows: int) -> None:
    """Refuse a build whose ``rows`` rows still to build would not fit in the free space at ``path``.

    The sample is drawn only when the free space is less than a generous
    bound (the bytes of the rows' arrays, uncompressed, twice over).

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked).
    path : str or os.PathLike
        The dataset's local directory.
    rows : int
        Rows not on disk yet.

    Raises
    ------
    DiskSpaceError
        Naming the estimate and the free space.

    Examples
    --------
    >>> from tremaux.dataset.room import check_disk_room
    >>> from tremaux.dataset import DatasetSpec
    >>> import tempfile
    >>> check_disk_room(DatasetSpec(count=10, size=(4, 4)), tempfile.gettempdir(), 10)
    """
    if rows <= 0:
        return
    free, where = free_bytes(path)
    bound = shard_memory(spec) // spec.shard_size * rows + manifest_bytes(spec)
    if bound <= free:
        return
    need = estimate_bytes(spec, rows)
    if need > free:
        hmin, hmax = spec.size_range
        size = "x".join(map(str, hmin)) + ("" if hmin == hmax else ".." + "x".join(map(str, hmax)))
        raise DiskSpaceError(
            f"the dataset needs about {_gib(need)} on disk ({rows:,} mazes of {size} still to build, "
            f"about {max(1, need // rows):,} bytes each) and {where} has {_gib(free)} free: build fewer or smaller "
            "mazes, or write elsewhere"
        )


def check_disk_left(path: str | os.PathLike, written: int, rows_written: int, rows_left: int) -> None:
    """Stop a build when the shards still to write, at the size of those written, would not fit.

    Parameters
    ----------
    path : str or os.PathLike
        The dataset's local directory.
    written : int
        Bytes of the shards this build wrote.
    rows_written : int
        Their rows.
    rows_left : int
        Rows still to build.

    Raises
    ------
    DiskSpaceError
        Naming the free space; the finished shards are kept and a rerun resumes.

    Examples
    --------
    >>> from tremaux.dataset.room import check_disk_left
    >>> import tempfile
    >>> check_disk_left(tempfile.gettempdir(), 1000, 10, 10)
    >>> check_disk_left(tempfile.gettempdir(), 10**18, 1, 10)
    Traceback (most recent call last):
    ...
    tremaux.dataset.room.DiskSpaceError: stopped: the 10 mazes left need about ... on disk and ... has ... free; ...
    """
    if rows_left <= 0 or rows_written <= 0:
        return
    need = written / rows_written * rows_left
    free, where = free_bytes(path)
    if need > free:
        raise DiskSpaceError(
            f"stopped: the {rows_left:,} mazes left need about {_gib(need)} on disk and {where} has {_gib(free)} "
            "free; the finished shards are kept: free some space and run the same command to resume"
        )


def check_memory_room(spec: DatasetSpec, rows: int, where: str = "memory://") -> None:
    """Refuse a build into memory (``memory://``) whose ``rows`` rows would be over the memory limit.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked).
    rows : int
        Rows not built yet.
    where : str, default "memory://"
        The dataset's URL, for the message.

    Raises
    ------
    MemoryLimitError
        Naming the estimate and the limit (:func:`tremaux.budget.check`).

    Examples
    --------
    >>> from tremaux.dataset.room import check_memory_room
    >>> from tremaux.dataset import DatasetSpec
    >>> check_memory_room(DatasetSpec(count=10, size=(4, 4)), 10)
    >>> check_memory_room(DatasetSpec(count=10**9, size=(10, 10)), 10**9)
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: a dataset of 1,000,000,000 mazes in memory:// needs about ...
    """
    from .. import budget
    cap = budget.memory_limit()
    if rows <= 0 or cap is None or shard_memory(spec) // spec.shard_size * rows + manifest_bytes(spec) <= cap:
        return
    budget.check(estimate_bytes(spec, rows), f"a dataset of {rows:,} mazes in {where}")


def check_work_memory(spec: DatasetSpec, workers: int) -> None:
    """Refuse a build whose workers, each building a shard, would need more memory than the limit.

    Each worker holds one shard's arrays at a time (:func:`tremaux.dataset.shard.shard_memory`, on the rows a
    shard holds); ``workers`` of them at once, no more than there are shards, must fit the memory limit
    (``--memory-limit``, :func:`tremaux.budget.memory_limit`), or the system kills workers half-way.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset (checked).
    workers : int
        Workers on this machine (1 for the local engine).

    Raises
    ------
    MemoryLimitError
        Naming the estimate and the limit.

    Examples
    --------
    >>> from tremaux.dataset.room import check_work_memory
    >>> from tremaux.dataset import DatasetSpec
    >>> check_work_memory(DatasetSpec(count=10, size=(4, 4)), 2)
    >>> from tremaux import budget
    >>> with budget.limited("100M"):
    ...     check_work_memory(DatasetSpec(count=4, size=(3000, 3000), shard_size=1), 2)
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: building 2 shards at once (one per worker), each of 1 maze of up to 3000x3000, needs about ...
    """
    from .. import budget
    rows = min(spec.shard_size, spec.count)
    n = max(1, min(workers, spec.shards))
    (hmax, wmax) = spec.size_range[1]
    at_once = f"{n} shards at once (one per worker), each" if n > 1 else "a shard"
    budget.check((shard_memory(spec) // spec.shard_size * rows + shard_scratch(spec)) * n,
                 f"building {at_once} of {rows:,} maze{'s' if rows != 1 else ''} of up to {hmax}x{wmax},")


def space_note(target: Any) -> str | None:
    """What a build into ``target`` says when the free space there cannot be known.

    A local folder is checked against its disk's free space and ``memory://``
    against the memory limit; other file systems (object stores, FTP...) report
    no free space, so a build into them is not checked, and this says so.

    Parameters
    ----------
    target : tremaux.dataset.fs.Target
        The dataset's directory (:func:`tremaux.dataset.open_target`).

    Returns
    -------
    str or None
        The statement, or ``None`` when the free space is checked.

    Examples
    --------
    >>> from tremaux.dataset.room import space_note
    >>> from tremaux.dataset import open_target
    >>> space_note(open_target("memory://doc/room")) is None
    True
    """
    if target.local or target.process_local:
        return None
    protocol = target.url.split("://", 1)[0] if "://" in target.url else "this"
    return (f"note: the free space of {target.url} cannot be known ({protocol}:// file systems do not report it), "
            "so this build is not checked against it; if the store fills up, the shards its manifest lists are "
            "kept and the same command resumes")
