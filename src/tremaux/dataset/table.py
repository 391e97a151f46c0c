"""From the batched kernels' arrays to a shard's Arrow table and file bytes.

:func:`to_table` turns the flat arrays of
:func:`tremaux.dataset.shard.compute_rows` into Arrow columns (lists as
offsets over one flat buffer: no Python per maze) in the order of
:func:`tremaux.dataset.shard.columns_of`; :func:`encode` serialises the table
as a shard file, zstd Parquet or an uncompressed Arrow IPC stream (see
:data:`tremaux.dataset.spec.SHARD_FORMATS`).
"""

from __future__ import annotations

import io

import numpy as np

from ..kernels import batch as kb
from .checks import BATCH_SOLVERS, _col, columns_of
from .spec import DatasetSpec

__all__ = ["to_table", "encode"]

_LIMIT32 = 2**31 - 1
_ROW_BY_ROW = 4096
"""Row length from which rows are packed one by one rather than through a mask over the whole shard."""


def _read_only(cells: np.ndarray) -> np.ndarray:
    """A read-only view of ``cells``: the solving kernels then share the specialisation :func:`tremaux.solve`
    compiles for a maze's (read-only) cells, instead of compiling a second one for writable arrays."""
    view = cells.view()
    view.flags.writeable = False
    return view


def _packed(flat: np.ndarray, stride: int, lens: np.ndarray) -> np.ndarray:
    """The first ``lens[i]`` items of each row of ``stride`` items of ``flat``, one after the other.

    Short rows are gathered through one boolean mask (a byte an item); rows of a big maze one by one, so a
    shard of one 10,000 x 10,000 maze does not hold the mask and an ``int64`` range over its row on top
    (9 bytes an item, more than the column itself)."""
    n = lens.shape[0]
    if n and (lens == stride).all():
        return flat[: n * stride]
    if stride < _ROW_BY_ROW:
        return flat[: n * stride].reshape(n, stride)[np.arange(stride)[None, :] < lens[:, None]]
    out = np.empty(int(lens.sum()), flat.dtype)
    at = 0
    for i, k in enumerate(lens.tolist()):
        out[at:at + k] = flat[i * stride:i * stride + k]
        at += k
    return out


def _list_array(flat: np.ndarray, stride: int, lens: np.ndarray, large: bool):
    import pyarrow as pa

    n = lens.shape[0]
    values = _packed(flat, stride, lens)
    offsets = np.zeros(n + 1, np.int64 if large else np.int32)
    np.cumsum(lens, out=offsets[1:])
    cls = pa.LargeListArray if large else pa.ListArray
    return cls.from_arrays(pa.array(offsets), pa.array(values))


def _string_array(flat: np.ndarray, stride: int, lens: np.ndarray, large: bool):
    import pyarrow as pa

    n = lens.shape[0]
    values = _packed(flat, stride, lens)
    offsets = np.zeros(n + 1, np.int64 if large else np.int32)
    np.cumsum(lens, out=offsets[1:])
    typ = pa.large_string() if large else pa.string()
    return pa.Array.from_buffers(typ, n, [None, pa.py_buffer(offsets), pa.py_buffer(values)])


def to_table(spec: DatasetSpec, first: int, raw: dict[str, np.ndarray]):
    """The Arrow table of a shard from :func:`compute_rows`' arrays.

    Parameters
    ----------
    spec : DatasetSpec
        The dataset.
    first : int
        The shard's first row.
    raw : dict of str to numpy.ndarray
        What :func:`tremaux.dataset.shard.compute_rows` returned.

    Returns
    -------
    pyarrow.Table
        The shard's rows, in the columns of :func:`tremaux.dataset.shard.columns_of`.

    Examples
    --------
    >>> from tremaux.dataset.table import to_table
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> from tremaux.dataset.shard import compute_rows
    >>> table = to_table(spec, 2, compute_rows(spec, 2, 4))
    >>> table.num_rows, table.column_names[:3]
    (2, ['index', 'seed', 'attempt'])
    """
    import pyarrow as pa

    n = raw["heights"].shape[0]
    stride = int(raw["stride"])
    h = raw["heights"].astype(np.int64)
    w = raw["widths"].astype(np.int64)
    hmax, wmax = spec.size_range[1]
    big = spec.shard_size * (2 * hmax + 1) * (4 * wmax + 2) > _LIMIT32
    cols: dict[str, object] = {
        "index": pa.array(np.arange(first, first + n, dtype=np.int64)),
        "seed": pa.array(raw["seeds"]),
        "attempt": pa.array(raw["attempts"]),
        "height": pa.array(raw["heights"]),
        "width": pa.array(raw["widths"]),
    }
    starts = np.zeros(n, np.int64)
    goals = h * w - 1
    if "maze" in spec.outputs:
        cols["cells"] = _list_array(raw["cells"], stride, h * w, big)
        cols["start"] = pa.array(starts.astype(np.int32))
        cols["goal"] = pa.array(goals.astype(np.int32))
    if "blocks" in spec.outputs:
        bstride = (2 * hmax + 1) * (2 * wmax + 1)
        pic = np.empty(n * bstride, np.uint8)
        kb.blocks(raw["cells"], stride, raw["heights"], raw["widths"], pic, bstride)
        cols["blocks"] = _list_array(pic, bstride, (2 * h + 1) * (2 * w + 1), big)
    if "solution" in spec.outputs:
        from ..solvers import SOLVERS

        for s in spec.solvers:
            name = SOLVERS.get(s).name
            if name == "bfs":
                paths, lens, steps, visited = raw["paths"], raw["path_lens"], raw["steps"], raw["visited"]
            else:
                paths = np.empty(n * stride, np.int32)
                lens = np.empty(n, np.int32)
                steps = np.empty(n, np.int32)
                visited = np.empty(n, np.int32)
                kb.solve_rows(BATCH_SOLVERS[name], _read_only(raw["cells"]), stride, raw["heights"], raw["widths"],
                              paths, lens, steps, visited)
            p = _col(s)
            cols[f"{p}_path"] = _list_array(paths, stride, lens.astype(np.int64), big)
            cols[f"{p}_length"] = pa.array(lens)
            cols[f"{p}_steps"] = pa.array(steps)
            cols[f"{p}_visited"] = pa.array(visited)
    if "stats" in spec.outputs:
        for j, name in enumerate(kb.STATS):
            cols[name] = pa.array(np.ascontiguousarray(raw["stats"][:, j]))
        for j, name in enumerate(kb.FSTATS):
            cols[name] = pa.array(np.ascontiguousarray(raw["fstats"][:, j]))
    if "ascii" in spec.outputs:
        astride = (2 * hmax + 1) * (4 * wmax + 2)
        text = np.empty(n * astride, np.uint8)
        kb.ascii_art(raw["cells"], stride, raw["heights"], raw["widths"], starts, goals, text, astride)
        cols["ascii"] = _string_array(text, astride, (2 * h + 1) * (4 * w + 2) - 1, big)
    if "tokens" in spec.outputs:
        tstride = 2 * stride + 2 * stride + stride + 8
        toks = np.empty(n * tstride, np.int32)
        tlens = np.empty(n, np.int32)
        kb.tokens(raw["cells"], stride, raw["heights"], raw["widths"], starts, goals, raw["paths"], stride,
                  raw["path_lens"], wmax, toks, tstride, tlens)
        cols["tokens"] = _list_array(toks, tstride, tlens.astype(np.int64), big)
        cols["tokens_length"] = pa.array(tlens)
    names = columns_of(spec)
    return pa.table([cols[c] for c in names], names=list(names))


def _parquet_bytes(table) -> bytes:
    import pyarrow.parquet as pq

    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd", row_group_size=max(1, table.num_rows))
    return sink.getvalue()


def _arrow_bytes(table) -> bytes:
    import pyarrow as pa

    # one record batch, uncompressed, default alignment: the layout Hugging Face
    # datasets caches and memory-maps (datasets.Dataset.from_file)
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table, max_chunksize=max(1, table.num_rows))
    return sink.getvalue().to_pybytes()


def encode(table, shard_format: str) -> bytes:
    """The bytes of a shard file holding ``table``, in ``shard_format`` (``"parquet"`` or ``"arrow"``).

    Both are deterministic: the same table gives the same bytes, on every
    machine with the same pyarrow version.

    Parameters
    ----------
    table : pyarrow.Table
        The shard's rows (:func:`to_table`).
    shard_format : str
        A key of :data:`tremaux.dataset.spec.SHARD_FORMATS`.

    Returns
    -------
    bytes
        A zstd Parquet file with one row group, or an uncompressed Arrow IPC
        stream with one record batch.

    Examples
    --------
    >>> from tremaux.dataset.table import encode
    >>> import pyarrow as pa
    >>> t = pa.table({"x": [1, 2, 3]})
    >>> encode(t, "arrow") == encode(t, "arrow"), encode(t, "parquet")[:4], encode(t, "arrow")[:4]
    (True, b'PAR1', b'\\xff\\xff\\xff\\xff')
    """
    return _arrow_bytes(table) if shard_format == "arrow" else _parquet_bytes(table)
