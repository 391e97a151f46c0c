"""Reading a dataset back into NumPy arrays in one call: :func:`load`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import TremauxError
from .store import DatasetDirError, Manifest, Target, open_target, read_manifest

__all__ = ["load", "verify", "read_shard", "summary", "PADDING"]

PADDING: dict[str, int] = {"cells": 0, "blocks": 1, "tokens": 0}
"""Fill value of list columns padded to a rectangle (paths are padded with -1)."""

_GRIDS = {"cells": (1, 0), "blocks": (2, 1)}  # column -> (scale, extra): side = scale * n + extra


def read_shard(target: Target, name: str, columns: Iterable[str] | None = None):
    """The shard file ``name`` of a dataset directory as a ``pyarrow.Table`` (only ``columns`` if given).

    A Parquet shard is decoded into memory. An Arrow shard (``.arrow``) on a
    local disk is memory-mapped: the table's buffers point into the file and
    nothing is copied; elsewhere its bytes are read into memory once.

    Parameters
    ----------
    target : Target
        The dataset directory (see :func:`tremaux.dataset.store.open_target`).
    name : str
        The shard's file name, as the manifest records it.
    columns : iterable of str, optional
        Only these columns, in this order.

    Returns
    -------
    pyarrow.Table

    Examples
    --------
    >>> from tremaux.dataset.read import read_shard
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2, shard_format="arrow")
    >>> _ = ds.build(spec, "memory://doc/read-shard")
    >>> read_shard(ds.open_target("memory://doc/read-shard"), "shard-00001.arrow", ["index"]).to_pydict()
    {'index': [2, 3]}
    """
    import pyarrow as pa

    names = None if columns is None else list(columns)
    path = target.path(name)
    if not name.endswith(".arrow"):
        import pyarrow.parquet as pq

        return pq.read_table(path, columns=names, filesystem=None if target.local else target.fs)
    if target.local:
        with pa.memory_map(path) as source:
            table = pa.ipc.open_stream(source).read_all()
    else:
        table = pa.ipc.open_stream(pa.py_buffer(target.read(name))).read_all()
    return table if names is None else table.select(names)


def verify(path: str | Path | Target, storage_options: Mapping[str, Any] | None = None) -> Manifest:
    """Check that a dataset (a path or URL) is complete and every shard matches its checksum.

    Parameters
    ----------
    path : str, pathlib.Path or Target
        The dataset directory.
    storage_options : mapping, optional
        Options of the file system.

    Returns
    -------
    Manifest

    Raises
    ------
    DatasetDirError
        Naming the first missing or corrupted shard, or saying how many
        shards an unfinished build still lacks.

    Examples
    --------
    >>> from tremaux.dataset.read import verify
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/verify")
    >>> sorted(verify("memory://doc/verify").shards)
    [0, 1]
    """
    target = open_target(path, storage_options)
    manifest = read_manifest(target)
    if not manifest.complete:
        raise DatasetDirError(
            f"dataset {target.url} is incomplete: {len(manifest.shards)} of {manifest.spec.shards} shards "
            "are built; run the same build again to finish it"
        )
    present = set(target.names())
    for idx in sorted(manifest.shards):
        rec = manifest.shards[idx]
        if rec.file not in present:
            raise DatasetDirError(f"dataset shard {target.show(rec.file)} is missing; run the build again to rebuild it")
        if target.size(rec.file) != rec.bytes or target.sha256(rec.file) != rec.sha256:
            raise DatasetDirError(
                f"dataset shard {target.show(rec.file)} is corrupted (its SHA-256 does not match the manifest)"
            )
    return manifest


def load(
    path: str | Path | Target,
    columns: Iterable[str] | None = None,
    *,
    check: bool = True,
    storage_options: Mapping[str, Any] | None = None,
) -> dict[str, np.ndarray]:
    """Read a whole dataset into a dict of NumPy arrays, one entry per column.

    Scalar columns become 1-D arrays of ``count`` rows. List columns become
    rectangles: ``cells`` is ``(count, H, W)`` and ``blocks`` is
    ``(count, 2H+1, 2W+1)`` (with a size range, padded to the largest size
    with closed cells / walls, see :data:`PADDING`; ``height`` and ``width``
    give each row's own size); a path column is ``(count, longest)`` padded
    with -1 (its ``*_length`` column gives each row's length); ``tokens`` is
    ``(count, longest)`` padded with ``<PAD>`` (0), with ``tokens_length``;
    ``ascii`` is an array of ``str``.

    Parameters
    ----------
    path : str or Path
        A dataset directory written by :func:`tremaux.dataset.build`: a
        local path or a URL (``s3://...``).
    columns : iterable of str, optional
        Only these columns (default: all).
    check : bool, default True
        Verify completeness and every shard's SHA-256 first (see :func:`verify`).
    storage_options : mapping, optional
        Options of the URL's file system (see :func:`tremaux.dataset.build`).

    Returns
    -------
    dict of str to numpy.ndarray
        One array per column, a row per maze (``cells`` shaped ``(count, H, W)`` when every maze has one size).

    Raises
    ------
    DatasetDirError
        For a missing, foreign, incomplete or corrupted dataset.
    TremauxError
        For an unknown column name (the message lists the columns).

    Examples
    --------
    >>> from tremaux.dataset.read import load
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/load")
    >>> load("memory://doc/load")["cells"].shape
    (4, 3, 3)
    """
    import pyarrow as pa

    target = open_target(path, storage_options)
    manifest = verify(target) if check else read_manifest(target)
    if not manifest.shards:
        raise DatasetDirError(f"dataset {target.url} has no finished shard")
    names = list(manifest.columns) if columns is None else list(columns)
    for name in names:
        if name not in manifest.columns:
            raise TremauxError(f"dataset {target.url} has no column {name!r}; it has: {', '.join(manifest.columns)}")
    files = [manifest.shards[i].file for i in sorted(manifest.shards)]
    tables = [read_shard(target, f, names) for f in files]
    table = pa.concat_tables(tables).combine_chunks()
    out: dict[str, np.ndarray] = {}
    heights = widths = None
    if any(n in _GRIDS for n in names):
        size_cols = pa.concat_tables([read_shard(target, f, ["height", "width"]) for f in files])
        heights = size_cols.column("height").to_numpy()
        widths = size_cols.column("width").to_numpy()
    for name in names:
        col = table.column(name)
        if col.num_chunks != 1:  # pragma: no cover - combine_chunks gives one
            col = pa.chunked_array([pa.concat_arrays(col.chunks)])
        arr = col.chunk(0) if col.num_chunks else pa.array([], col.type)
        if pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type):
            out[name] = _rectangle(name, arr, heights, widths)
        elif pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
            out[name] = np.array(arr.to_pylist(), dtype=object)
        else:
            out[name] = arr.to_numpy(zero_copy_only=False)
    return out


def _rectangle(name: str, arr, heights, widths) -> np.ndarray:
    offsets = arr.offsets.to_numpy()
    values = arr.flatten().to_numpy(zero_copy_only=False)
    n = len(arr)
    lens = np.diff(offsets)
    if name in _GRIDS:
        scale, extra = _GRIDS[name]
        hs = scale * heights.astype(np.int64) + extra
        ws = scale * widths.astype(np.int64) + extra
        H, W = (int(hs.max()), int(ws.max())) if n else (0, 0)
        if n and (hs == H).all() and (ws == W).all():
            return values.reshape(n, H, W)
        out = np.full((n, H, W), PADDING[name], dtype=values.dtype)
        for k in range(n):  # only for size ranges; one slice copy per row
            out[k, : hs[k], : ws[k]] = values[offsets[k] : offsets[k + 1]].reshape(hs[k], ws[k])
        return out
    longest = int(lens.max()) if n else 0
    if n and (lens == longest).all():
        return values.reshape(n, longest)
    fill = PADDING.get(name, -1)
    out = np.full((n, longest), fill, dtype=values.dtype)
    mask = np.arange(longest)[None, :] < lens[:, None]
    out[mask] = values
    return out


def summary(manifest: Manifest) -> dict[str, Any]:
    """What a dataset's manifest says, as plain values (``tremaux dataset info`` prints it).

    Parameters
    ----------
    manifest : Manifest
        The dataset's manifest (:func:`tremaux.dataset.store.read_manifest`).

    Returns
    -------
    dict
        ``count``, ``rows`` (in the finished shards), ``size`` and ``max_size`` (``HxW``, None for one size),
        ``seed``, ``generator``, ``generator_options``, ``braid``, ``solvers``, ``outputs``, ``filters``,
        ``shard_format``, ``shard_size``, ``shards`` (of the spec), ``shards_built``, ``complete``, ``bytes``
        (of the finished shards), ``attempts`` and ``versions``.

    Examples
    --------
    >>> from tremaux.dataset.read import summary
    >>> from tremaux.dataset import read_manifest
    >>> import tremaux.dataset as ds
    >>> _ = ds.build(ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2), "memory://doc/summary")
    >>> info = summary(read_manifest("memory://doc/summary"))
    >>> info["count"], info["size"], info["shards_built"], info["complete"], info["solvers"]
    (4, '3x3', 2, True, ['bfs'])
    """
    spec = manifest.spec
    (h, w), (hh, ww) = spec.size_range
    records = manifest.shards.values()
    return {
        "count": spec.count, "rows": manifest.rows, "size": f"{h}x{w}", "max_size": None if spec.max_size is None
        else f"{hh}x{ww}", "seed": spec.seed, "generator": spec.generator,
        "generator_options": dict(spec.generator_options), "braid": spec.braid, "solvers": list(spec.solvers),
        "outputs": list(spec.outputs), "filters": dict(spec.filters), "shard_format": spec.shard_format,
        "shard_size": spec.shard_size, "shards": spec.shards, "shards_built": len(manifest.shards),
        "complete": manifest.complete, "bytes": sum(r.bytes for r in records),
        "attempts": sum(r.attempts for r in records), "versions": dict(manifest.versions),
    }
