"""Datasets for training: Hugging Face ``datasets`` views, streaming, splits and deduplication.

:func:`to_hf` opens a built dataset (a path or a URL) as a
``datasets.Dataset`` over the Arrow data of its shards, without a conversion
step; :func:`stream` gives a ``datasets.IterableDataset`` that reads one
shard at a time; :func:`iter_shards` does the same without ``datasets``, as
Arrow tables. :func:`split` cuts a dataset into named parts by size,
generator, solution length or seed, for out-of-distribution tests, and
:func:`dedupe` drops repeated mazes by their canonical hash (the same
for a maze's rotations and reflections, see :mod:`tremaux.dataset.canonical`).

``datasets`` is an optional dependency (``pip install 'tremaux[hf]'``);
nothing here needs ``torch``: ``dataset.with_format("torch")`` (or
``"numpy"``, ``"jax"``) is the user's choice.

Examples
--------
>>> import tempfile, tremaux.dataset as ds
>>> spec = ds.DatasetSpec(count=40, size=(5, 6), seed=1, shard_size=10)
>>> with tempfile.TemporaryDirectory() as d:
...     _ = ds.build(spec, d)
...     data = ds.to_hf(d)
...     parts = ds.split(data, "solution_length", short=(0, 12), long=(13, None))
...     [len(t) for t in ds.iter_shards(d, columns=["seed"])]
[10, 10, 10, 10]
>>> data.num_rows, sorted(parts), len(parts["short"]) + len(parts["long"])
(40, ['long', 'short'], 40)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import TremauxError
from .canonical import dedupe, maze_hash
from .read import read_shard, verify
from .store import Manifest, Target, open_target, read_manifest

__all__ = ["to_hf", "stream", "iter_shards", "split", "SPLIT_KEYS", "dedupe", "maze_hash"]

SPLIT_KEYS: dict[str, str] = {
    "size": "cells of the maze (height * width); a part is a range (lo, hi) of cells, or of sides 'HxW'..'HxW'",
    "height": "rows of the maze; a part is a range (lo, hi)",
    "width": "columns of the maze; a part is a range (lo, hi)",
    "generator": "the generator's name (a column to_hf adds); a part is a name or a list of names",
    "solution_length": "passages on the shortest path; a part is a range (lo, hi)",
    "seed": "a share of the rows picked by a hash of the seed; a part is a fraction in (0, 1]",
}
"""What :func:`split` can cut by, with what each part is given as."""


def _datasets():
    try:
        import datasets
    except ImportError:
        raise TremauxError(
            "Hugging Face datasets are an optional extra: pip install 'tremaux[hf]' (or pip install datasets)"
        ) from None
    return datasets


def _open(path: str | Path | Target, storage_options: Mapping[str, Any] | None, check: bool) -> tuple[Target, Manifest]:
    target = open_target(path, storage_options)
    manifest = verify(target) if check else read_manifest(target)
    if not manifest.shards:
        raise TremauxError(f"dataset {target.url} has no finished shard")
    return target, manifest


def _columns(manifest: Manifest, columns: Iterable[str] | None, url: str) -> list[str] | None:
    if columns is None:
        return None
    names = list(columns)
    for name in names:
        if name not in manifest.columns:
            raise TremauxError(f"dataset {url} has no column {name!r}; it has: {', '.join(manifest.columns)}")
    return names


def iter_shards(
    path: str | Path | Target,
    columns: Iterable[str] | None = None,
    *,
    check: bool = True,
    storage_options: Mapping[str, Any] | None = None,
) -> Iterator[Any]:
    """Yield the dataset one shard at a time, as ``pyarrow.Table`` s, in row order.

    Only one shard is in memory at a time, whatever the dataset's size.

    Parameters
    ----------
    path : str or Path
        A dataset directory or URL.
    columns : iterable of str, optional
        Only these columns.
    check : bool, default True
        Verify the manifest and every shard's SHA-256 first.
    storage_options : mapping, optional
        Options of the URL's file system.

    Yields
    ------
    pyarrow.Table
        One shard's rows.

    Raises
    ------
    DatasetDirError
        For a missing, foreign, incomplete or corrupted dataset.
    TremauxError
        For an unknown column.

    Examples
    --------
    >>> from tremaux.dataset.hf import iter_shards
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> _ = ds.build(spec, "memory://doc/iter")
    >>> [table.num_rows for table in iter_shards("memory://doc/iter")]
    [2, 2]
    """
    target, manifest = _open(path, storage_options, check)
    names = _columns(manifest, columns, target.url)
    for i in sorted(manifest.shards):
        yield read_shard(target, manifest.shards[i].file, names)


def to_hf(
    path: str | Path | Target | Iterable[str | Path],
    columns: Iterable[str] | None = None,
    *,
    cache_dir: str | Path | None = None,
    check: bool = True,
    storage_options: Mapping[str, Any] | None = None,
):
    """Open one or several built datasets as one Hugging Face ``datasets.Dataset``.

    The shards' Arrow data become the dataset's table as they are: no rows
    are converted, and a ``generator`` column (the spec's generator) is
    added so that datasets of several generators can be concatenated and
    split by generator.

    * Arrow shards (``shard_format = "arrow"``) on a local disk are the
      layout ``datasets`` caches: the dataset is memory-mapped from the shard
      files themselves (``dataset.cache_files`` lists them). Nothing is
      copied or written; the dataset takes no memory of its own and is
      shared by the processes of a data loader.
    * Parquet shards (compressed) are decoded once into memory; with
      ``cache_dir``, each is decoded once into an uncompressed Arrow file
      there (named by its SHA-256, reused by later calls) and the dataset is
      memory-mapped from those files.
    * Arrow shards on an object store are read into memory (or, with
      ``cache_dir``, copied there once and mapped).

    Parameters
    ----------
    path : str or Path, or a list of them
        Dataset directories or URLs (all with the same columns).
    columns : iterable of str, optional
        Only these columns (``generator`` is always added).
    cache_dir : str or Path, optional
        Local directory for memory-mapped Arrow copies of shards that cannot
        be mapped where they are (Parquet, or on an object store).
    check : bool, default True
        Verify every manifest and shard checksum first.
    storage_options : mapping, optional
        Options of the URLs' file system.

    Returns
    -------
    datasets.Dataset

    Raises
    ------
    TremauxError
        When ``datasets`` is not installed (naming the extra), or for an
        unknown column or datasets whose columns differ.
    DatasetDirError
        For a missing, foreign, incomplete or corrupted dataset.

    Examples
    --------
    >>> from tremaux.dataset.hf import Path
    >>> import tempfile, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(ds.DatasetSpec(count=12, size=(4, 4), shard_size=5), d)
    ...     data = ds.to_hf(d, columns=["cells", "bfs_length"]).with_format("numpy")
    ...     row = data[3]
    >>> sorted(row), row["cells"].shape, int(row["bfs_length"]) >= 7
    (['bfs_length', 'cells', 'generator'], (16,), True)

    Arrow shards are mapped in place:

    >>> spec = ds.DatasetSpec(count=12, size=(4, 4), shard_size=5, shard_format="arrow")
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(spec, d)
    ...     data = ds.to_hf(d)
    ...     mapped = [Path(f["filename"]).name for f in data.cache_files]
    ...     del data
    >>> mapped
    ['shard-00000.arrow', 'shard-00001.arrow', 'shard-00002.arrow']
    """
    datasets = _datasets()
    from datasets.table import ConcatenationTable, InMemoryTable, MemoryMappedTable

    paths = [path] if isinstance(path, (str, Path, Target)) else list(path)
    if not paths:
        raise TremauxError("to_hf needs at least one dataset")
    blocks = []
    first_columns = None
    for p in paths:
        target, manifest = _open(p, storage_options, check)
        names = _columns(manifest, columns, target.url)
        cols = tuple(names or manifest.columns)
        if first_columns is None:
            first_columns = cols
        elif cols != first_columns:
            raise TremauxError(f"dataset {target.url} has other columns than {paths[0]}; give columns= to pick shared ones")
        gen = manifest.spec.generator
        for i in sorted(manifest.shards):
            rec = manifest.shards[i]
            if rec.file.endswith(".arrow") and target.local:
                # the shard is the layout datasets caches: map it where it lies
                block = MemoryMappedTable.from_file(target.path(rec.file))
                if names is not None:
                    block = block.select(names)
            elif cache_dir is not None:
                block = _mapped(target, rec.file, rec.sha256, names, Path(cache_dir))
            else:
                block = InMemoryTable(read_shard(target, rec.file, names))
            blocks.append([block, InMemoryTable(_labels(gen, block.num_rows))])
    return datasets.Dataset(ConcatenationTable.from_blocks(blocks))


def _labels(generator: str, rows: int):
    """A one-column table ``generator`` holding the name ``rows`` times."""
    import pyarrow as pa

    labels = pa.DictionaryArray.from_arrays(pa.array(np.zeros(rows, np.int32)), pa.array([generator]))
    return pa.table({"generator": labels.cast(pa.string())})


def _mapped(target: Target, name: str, digest: str, columns: list[str] | None, cache: Path):
    """The shard ``name`` memory-mapped from an uncompressed Arrow copy (decoded once into ``cache``)."""
    import pyarrow as pa
    from datasets.table import MemoryMappedTable

    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file of that name, a read-only parent
        raise TremauxError(f"cache_dir {cache} cannot be a folder: {exc.strerror or exc}") from None
    key = digest[:32] + ("" if columns is None else "-" + hashlib.sha256(",".join(columns).encode()).hexdigest()[:8])
    file = cache / f"{key}.arrow"
    if not file.is_file():
        table = read_shard(target, name, columns)
        tmp = file.with_name(file.name + ".partial")
        with pa.OSFile(str(tmp), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        tmp.replace(file)
    return MemoryMappedTable.from_file(str(file))


def stream(
    path: str | Path | Target,
    columns: Iterable[str] | None = None,
    *,
    check: bool = True,
    storage_options: Mapping[str, Any] | None = None,
):
    """A Hugging Face ``datasets.IterableDataset`` that reads the dataset shard by shard.

    Only one shard is in memory at a time; the shards are the stream's
    shards, so a ``torch`` ``DataLoader`` with several workers gives each
    worker its own shards.

    Parameters
    ----------
    path : str, pathlib.Path or Target
        The dataset directory.
    columns : iterable of str, optional
        Columns to read (default: all).
    check : bool, default True
        Check each shard's checksum before reading it.
    storage_options : mapping, optional
        Options of the file system.

    Returns
    -------
    datasets.IterableDataset
        Rows in order, read lazily.

    Raises
    ------
    TremauxError
        When ``datasets`` is not installed (naming the extra), or for an
        unknown column.
    DatasetDirError
        For a missing, foreign, incomplete or corrupted dataset.

    Examples
    --------
    >>> import tempfile, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(ds.DatasetSpec(count=12, size=(4, 4), shard_size=5), d)
    ...     rows = list(ds.stream(d, columns=["index", "bfs_length"]))
    >>> len(rows), rows[7]["index"]
    (12, 7)
    """
    datasets = _datasets()
    target, manifest = _open(path, storage_options, check)
    names = _columns(manifest, columns, target.url)
    files = [manifest.shards[i].file for i in sorted(manifest.shards)]
    return datasets.IterableDataset.from_generator(
        _rows, gen_kwargs={"target": target, "files": files, "columns": None if names is None else tuple(names)}
    )


def _rows(target: Target, files: list[str], columns: tuple[str, ...] | None) -> Iterator[dict[str, Any]]:
    for name in files:
        table = read_shard(target, name, columns)
        for batch in table.to_batches(max_chunksize=1024):
            yield from batch.to_pylist()


# -- splits and deduplication ---------------------------------------------------------------


def _column(dataset, name: str) -> np.ndarray:
    if name not in dataset.column_names:
        raise TremauxError(f"the dataset has no column {name!r}; it has: {', '.join(dataset.column_names)}")
    return np.asarray(dataset.with_format("numpy")[name])


def _range(part: str, value: Any, key: str) -> tuple[float, float]:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        lo, hi = value
        if key == "size" and isinstance(lo, str):
            from .spec_values import _size

            (h0, w0), (h1, w1) = _size(lo, "size"), _size(hi, "size")
            return h0 * w0, h1 * w1
        try:
            return (-np.inf if lo is None else float(lo)), (np.inf if hi is None else float(hi))
        except (TypeError, ValueError):
            pass
    raise TremauxError(f"split part {part}={value!r} is not a range (lo, hi) for {key} (None for an open end)")


def split(dataset, by: str, **parts: Any):
    """Cut a ``datasets.Dataset`` from :func:`to_hf` into named parts, for out-of-distribution tests.

    Parameters
    ----------
    dataset : datasets.Dataset
        From :func:`to_hf`.
    by : str
        One of :data:`SPLIT_KEYS`: ``size``, ``height``, ``width``,
        ``generator``, ``solution_length`` or ``seed``.
    **parts
        Name of each part and which rows it holds: a range ``(lo, hi)``
        (both inclusive, ``None`` for an open end) for sizes and lengths, a
        name or list of names for ``generator``, a fraction for ``seed``
        (the parts take consecutive shares of a hash of each row's seed, so
        a row's part does not depend on the order or number of rows).
        Rows in no part are left out; parts may overlap.

    Returns
    -------
    datasets.DatasetDict
        One dataset per part (index mappings over the same table: no copy).

    Raises
    ------
    UnknownNameError
        For an unknown ``by``.
    TremauxError
        For a part given in the wrong form, seed fractions above 1 in total,
        or a column the dataset lacks (``solution_length`` needs the
        ``stats`` or ``solution`` output).

    Examples
    --------
    >>> import tempfile, tremaux.dataset as ds
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = ds.build(ds.DatasetSpec(count=200, size=(4, 4), max_size=(8, 8), shard_size=50), d)
    ...     data = ds.to_hf(d)
    >>> parts = ds.split(data, "size", small=("4x4", "6x6"), large=(37, None))
    >>> bool(max(h * w for h, w in zip(parts["small"]["height"], parts["small"]["width"])) <= 36)
    True
    >>> seeds = ds.split(data, "seed", train=0.8, test=0.2)
    >>> len(seeds["train"]) + len(seeds["test"]), 130 < len(seeds["train"]) < 190
    (200, True)
    """
    from ..errors import UnknownNameError

    from .canonical import _need_hf

    datasets = _datasets()
    _need_hf(dataset, "split")
    if by not in SPLIT_KEYS:
        raise UnknownNameError("split key", str(by), SPLIT_KEYS)
    if not parts:
        raise TremauxError("split needs at least one part, e.g. train=(0, 30), test=(31, None)")
    if by == "size":
        values = _column(dataset, "height").astype(np.int64) * _column(dataset, "width").astype(np.int64)
    elif by == "solution_length" and "solution_length" not in dataset.column_names and "bfs_length" in dataset.column_names:
        values = _column(dataset, "bfs_length").astype(np.int64) - 1
    else:
        values = _column(dataset, by)
    out = {}
    if by == "seed":
        # splitmix64 finaliser of the seed: a uniform, order-free position in [0, 1)
        z = values.astype(np.uint64)
        with np.errstate(over="ignore"):
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
        u = (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)
        lo = 0.0
        for name, share in parts.items():
            if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share <= 1:
                raise TremauxError(f"split part {name}={share!r} is not a fraction in (0, 1] of the rows")
            hi = lo + float(share)
            if hi > 1 + 1e-9:
                raise TremauxError(f"split fractions add up to more than 1 (at part {name})")
            out[name] = np.flatnonzero((u >= lo) & (u < hi))
            lo = hi
    elif by == "generator":
        for name, which in parts.items():
            wanted = [which] if isinstance(which, str) else list(which)
            out[name] = np.flatnonzero(np.isin(values.astype(str), wanted))
    else:
        for name, value in parts.items():
            lo, hi = _range(name, value, by)
            out[name] = np.flatnonzero((values >= lo) & (values <= hi))
    return datasets.DatasetDict({name: dataset.select(idx) for name, idx in out.items()})
