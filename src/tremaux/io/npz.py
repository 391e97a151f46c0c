"""The compact binary file: a compressed NumPy ``.npz`` archive.

It holds the arrays ``format`` (the text ``tremaux-maze``), ``version`` (1),
``cells`` (the ``uint8`` side bits), ``mask`` (only when some cells are
masked), ``start`` and ``goal`` (empty when absent). Nothing is pickled;
``numpy.load`` reads it. An archive without the ``format`` field, as
``numpy.savez(path, cells=maze.cells)`` or ``numpy.savez(path, array)``
writes it, is read from its ``cells`` array or its single array as a ``.npy``
file is (:func:`from_npy`), with its ``mask``, ``start`` and ``goal`` if any. A 10,000 x 10,000 perfect maze takes about 40 MB.

Examples
--------
>>> from tremaux.io.npz import to_bytes, from_bytes
>>> from tremaux.maze import Maze
>>> m = Maze.open((2, 3), start=(0, 0))
>>> data = to_bytes(m)
>>> data[:2], from_bytes(data) == m
(b'PK', True)
>>> from_bytes(data[:60])
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: not a readable .npz maze file (File is not a zip file)
>>> from_bytes(b"+---+")
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: not an .npz file: it does not start like a zip archive
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

import numpy as np

from ..errors import MazeFormatError, TremauxError
from ..maze.model import Maze
from ._common import FORMAT_NAME, VERSION, build, check_header

__all__ = ["to_bytes", "from_bytes", "from_npy", "text_bytes", "peek_shape", "NPY_MAGIC"]

NPY_MAGIC = b"\x93NUMPY"
"""How a ``.npy`` file (one array, ``numpy.save``) begins."""


def text_bytes(shape3: tuple[int, int, int]) -> int:
    """Peak bytes of writing a maze of ``shape3`` as ``.npz`` (the maze itself not counted).

    NumPy streams the arrays into the archive in chunks of 16 MiB; the
    compressed archive grows in memory and is copied out once (each at most
    the arrays' size: maze cells compress to less than half), plus zlib's state.

    Parameters
    ----------
    shape3 : tuple of int
        ``(L, H, W)``: levels, rows and columns of the maze.

    Returns
    -------
    int
        An upper estimate of the bytes needed, for the memory budget.

    Examples
    --------
    >>> from tremaux.io.npz import text_bytes
    >>> text_bytes((1, 10, 10))
    33554632
    """
    L, H, W = (int(x) for x in shape3)
    return 2 * L * H * W + 32 * 2**20


def to_bytes(maze: Maze) -> bytes:
    """The ``.npz`` file of ``maze`` as bytes.

    Parameters
    ----------
    maze : Maze
        The maze to write.

    Returns
    -------
    bytes
        A compressed NumPy archive holding the cells, the mask (when some cells
        are masked), the start, the goal and the format version.

    Examples
    --------
    >>> from tremaux.io.npz import from_bytes, to_bytes
    >>> from tremaux.maze import Maze
    >>> data = to_bytes(Maze.open((2, 2)))
    >>> data[:2], from_bytes(data) == Maze.open((2, 2))
    (b'PK', True)
    """
    from .. import budget

    budget.check(text_bytes(maze.shape3), f"the npz file of a {' x '.join(map(str, maze.shape))} maze")
    arrays = {
        "format": np.array(FORMAT_NAME),
        "version": np.array(VERSION, dtype=np.int64),
        "cells": np.asarray(maze.cells),
        "start": np.array(maze.start if maze.start is not None else [], dtype=np.int64),
        "goal": np.array(maze.goal if maze.goal is not None else [], dtype=np.int64),
    }
    if maze.mask is not None:
        arrays["mask"] = np.asarray(maze.mask)
    buf = io.BytesIO()
    # what numpy.savez_compressed writes, with zlib's fastest level: ten
    # times quicker on big mazes for files about 13% larger
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, arr in arrays.items():
            with z.open(name + ".npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, arr, allow_pickle=False)
    return buf.getvalue()


def _cell(arr: np.ndarray | None, name: str, source: str | None):
    if arr is None:
        raise MazeFormatError(f"the .npz file has no {name!r} array", source=source)
    if not np.issubdtype(arr.dtype, np.integer) or arr.ndim != 1:
        raise MazeFormatError(f"the {name!r} array must be a 1-D list of whole numbers, not {arr.dtype} "
                              f"of shape {arr.shape}", source=source)
    return None if arr.size == 0 else tuple(int(x) for x in arr)


_NAMES = ("format", "version", "cells", "mask", "start", "goal")
_MAX_MEMBERS = 64


def _bad(what: str, source: str | None) -> MazeFormatError:
    return MazeFormatError(f"not a readable .npz maze file ({what})", source=source)


def _read_member(z: zipfile.ZipFile, info: zipfile.ZipInfo, source: str | None) -> np.ndarray:
    """One ``.npy`` member, its header checked against the size the archive declares before reading the data."""
    name = info.filename
    with z.open(info) as f:
        try:
            major, minor = np.lib.format.read_magic(f)
            if (major, minor) == (1, 0):
                shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
            elif (major, minor) in ((2, 0), (3, 0)):
                shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
            else:
                raise ValueError(f"unknown .npy version {major}.{minor}")
        except (ValueError, SyntaxError, TypeError, OverflowError, KeyError) as exc:
            raise _bad(f"{name}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", source) from None
        if dtype.hasobject or dtype.itemsize == 0:
            raise _bad(f"{name}: arrays of {dtype} are not maze data", source)
        count = 1
        for d in shape:
            count *= int(d)
        nbytes = count * dtype.itemsize
        if f.tell() + nbytes != info.file_size:
            raise _bad(f"{name}: its header promises {nbytes:,} bytes of data, the archive holds "
                       f"{max(0, info.file_size - f.tell()):,}", source)
        data = f.read(nbytes)
    if len(data) != nbytes:  # pragma: no cover - zipfile checks the sizes itself
        raise _bad(f"{name}: truncated", source)
    arr = np.frombuffer(data, dtype=dtype, count=count)
    return arr.reshape(shape, order="F" if fortran else "C")


def from_bytes(data: bytes, *, source: str | None = None, memory_limit: str | int | None = None) -> Maze:
    """Read a maze from the bytes of a ``.npz`` file.

    The archive's directory and each array's header are checked before
    anything is decompressed, so a truncated file, a header that lies about
    its size or a decompression bomb is refused at once, and the arrays are
    read only when they fit the memory budget (:mod:`tremaux.budget`).

    Parameters
    ----------
    data : bytes
        The file's bytes.
    source : str, optional
        File name shown in error messages.
    memory_limit : str or int, optional
        Overrides the memory limit (see :func:`tremaux.budget.memory_limit`).

    Returns
    -------
    Maze
        The maze it holds.

    Raises
    ------
    MazeFormatError
        For a file that is not a readable archive, lacks an array, was written
        by a newer tremaux, or describes an invalid maze.
    MemoryLimitError
        When its arrays would not fit the memory limit.

    Examples
    --------
    >>> from tremaux.io.npz import to_bytes, from_bytes
    >>> from tremaux.maze import Maze
    >>> from_bytes(to_bytes(Maze.open((1, 3), goal=(0, 2))))
    Maze(shape=(1, 3), passages=2, goal=(0, 2))
    >>> import io, numpy as np
    >>> buf = io.BytesIO()
    >>> np.savez(buf, cells=Maze.open((1, 3)).cells)  # no format field: the cells, read as a .npy is
    >>> from_bytes(buf.getvalue()) == Maze.open((1, 3))
    True
    >>> from_bytes(b"not a zip")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: ...
    """
    from .. import budget

    data = bytes(data)
    if data[:4] != b"PK\x03\x04":
        raise MazeFormatError("not an .npz file: it does not start like a zip archive", source=source)
    arrays: dict[str, np.ndarray] = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            infos = z.infolist()
            if len(infos) > _MAX_MEMBERS:
                raise _bad(f"{len(infos)} members; a maze file has at most {len(_NAMES)}", source)
            wanted = [i for i in infos if i.filename.endswith(".npy") and i.filename[:-4] in _NAMES]
            members = [i for i in infos if i.filename.endswith(".npy")]
            if not any(i.filename == "format.npy" for i in infos) and len(members) == 1:
                wanted = members  # numpy.savez(path, array): one array, under any name, read as a .npy is
            total = sum(i.file_size for i in wanted)
            budget.check(3 * total + 2**20,  # beyond the file's bytes, already held
                         f"reading a .npz maze with {total:,} bytes of arrays",
                         memory_limit)
            for info in wanted:
                key = info.filename[:-4]
                if key in arrays:
                    raise _bad(f"the array {key!r} is stored twice", source)
                arrays[key] = _read_member(z, info, source)
    except TremauxError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, KeyError, zlib.error,
            NotImplementedError, RuntimeError, struct.error, OverflowError, UnicodeDecodeError) as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise _bad(text, source) from None
    fmt = arrays.get("format")
    version = arrays.get("version")
    if fmt is None and version is None:  # numpy.savez(path, cells=...): the cells, read as a .npy file is
        return _plain(arrays, [i.filename[:-4] for i in members], source)
    check_header(
        None if fmt is None or fmt.ndim or fmt.dtype.kind != "U" else str(fmt),
        None if version is None or version.ndim or version.dtype.kind not in "iu" else int(version),
        source,
    )
    cells = arrays.get("cells")
    if cells is None:
        raise MazeFormatError("the .npz file has no 'cells' array", source=source)
    mask = arrays.get("mask")
    if mask is not None and mask.dtype != bool:
        raise MazeFormatError(f"the 'mask' array must be boolean, not {mask.dtype}", source=source)
    if cells.dtype.kind not in "iub":
        raise MazeFormatError(f"the 'cells' array must hold whole numbers, not {cells.dtype}", source=source)
    # the arrays are read-only views of bytes nobody else holds: the maze keeps them without a copy
    return build(cells, mask, _cell(arrays.get("start"), "start", source), _cell(arrays.get("goal"), "goal", source),
                 source)


def _plain(arrays: dict[str, np.ndarray], names: list[str], source: str | None) -> Maze:
    """The maze of an archive without tremaux's ``format`` field: its ``cells`` array, or its one array."""
    cells = arrays.get("cells")
    if cells is None and len(names) == 1:
        cells = arrays[names[0]]
    if cells is None:
        held = ", ".join(repr(n) for n in names[:6]) + (", ..." if len(names) > 6 else "") if names else "no arrays"
        raise MazeFormatError(f"not a tremaux maze file: it has no format field (a maze file's is {FORMAT_NAME!r}), "
                              f"and no 'cells' array or single array to read as the cells (it holds {held})",
                              source=source)
    extra = {k: arrays.get(k) for k in ("mask", "start", "goal")}
    if all(v is None for v in extra.values()):
        return _from_array(cells, source, ".npz")
    mask = extra["mask"]
    if mask is not None and mask.dtype != bool:
        raise MazeFormatError(f"the 'mask' array must be boolean, not {mask.dtype}", source=source)
    if cells.dtype.kind not in "iub" or cells.ndim not in (2, 3) or (cells.size and (cells.min() < 0 or cells.max() > 255)):
        raise MazeFormatError("the 'cells' array must hold the side bits from 0 to 63 (N=1, E=2, S=4, W=8, U=16, "
                              "D=32) of a 2-D or 3-D grid", source=source)
    return build(cells.astype(np.uint8), mask, _cell(extra["start"], "start", source), _cell(extra["goal"], "goal", source),
                 source)


def peek_shape(path) -> tuple[int, ...] | None:
    """The shape of the ``cells`` array of an ``.npz`` maze file, read from its header alone.

    Commands that will do big work on a maze check their budget with it
    before reading the whole file. ``None`` when the file is not a readable
    ``.npz`` (reading it properly then gives the error).

    Parameters
    ----------
    path : str or os.PathLike
        The file.

    Returns
    -------
    tuple of int or None
        The maze's shape, or ``None`` for a file that is not a readable ``.npz``.

    Examples
    --------
    >>> from tremaux.io.npz import peek_shape, to_bytes
    >>> import tempfile, os
    >>> from tremaux.maze import Maze
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "m.npz")
    ...     _ = open(p, "wb").write(to_bytes(Maze.open((2, 3))))
    ...     peek_shape(p)
    (2, 3)
    """
    try:
        with zipfile.ZipFile(path) as z:
            with z.open("cells.npy") as f:
                version = np.lib.format.read_magic(f)
                read = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                    np.lib.format.read_array_header_2_0
                shape, _, _ = read(f)
    except Exception:  # noqa: BLE001 - any unreadable file: the full read reports it
        return None
    return tuple(int(x) for x in shape)


def from_npy(data: bytes, *, source: str | None = None, memory_limit: str | int | None = None) -> Maze:
    """Read a maze from a ``.npy`` file, one array as ``numpy.save`` writes it.

    An array of the model's side bits (``maze.cells``) is that maze; an array of 0 and 1 (or booleans) of odd
    sides at least 3, walled all round, is a block picture (``1`` a wall, mazelib's ``grid``), read with
    :func:`tremaux.io.block.from_blocks`.

    Parameters
    ----------
    data : bytes
        The bytes of the file.
    source : str, optional
        Name shown in error messages.
    memory_limit : str or int, optional
        Overrides the memory limit (see :func:`tremaux.budget.memory_limit`).

    Returns
    -------
    Maze

    Raises
    ------
    MazeFormatError
        For a damaged file, an array that is not whole numbers, or side bits that do not make a maze.

    Examples
    --------
    >>> import io
    >>> import numpy as np
    >>> from tremaux import Maze
    >>> from tremaux.io.npz import from_npy
    >>> buf = io.BytesIO()
    >>> np.save(buf, Maze.open((2, 3)).cells)
    >>> from_npy(buf.getvalue()) == Maze.open((2, 3))
    True
    >>> buf = io.BytesIO()
    >>> np.save(buf, np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], np.int8))  # mazelib's grid
    >>> from_npy(buf.getvalue())
    Maze(shape=(1, 2), passages=1)
    """
    from .. import budget

    f = io.BytesIO(bytes(data))
    try:
        major, minor = np.lib.format.read_magic(f)
        header = np.lib.format.read_array_header_1_0 if (major, minor) == (1, 0) else np.lib.format.read_array_header_2_0
        shape, fortran, dtype = header(f)
    except (ValueError, SyntaxError, TypeError, OverflowError, KeyError) as exc:
        raise MazeFormatError(f"not a readable .npy file ({str(exc).splitlines()[0] if str(exc) else exc!r})",
                              source=source) from None
    if dtype.kind not in "iub" or len(shape) not in (2, 3):
        raise MazeFormatError(f"a .npy maze is a 2-D (or 3-D) array of whole numbers, the cells' side bits or a "
                              f"block picture of 0 and 1; this one holds {len(shape)}-D {dtype}", source=source)
    count = int(np.prod(shape, dtype=object))
    budget.check(3 * count * dtype.itemsize + 2**20, f"reading a .npy array of {count:,} values", memory_limit)
    raw = f.read(count * dtype.itemsize)
    if len(raw) != count * dtype.itemsize:
        raise MazeFormatError(f"not a readable .npy file (truncated: {len(raw):,} of {count * dtype.itemsize:,} "
                              "bytes of data)", source=source)
    return _from_array(np.frombuffer(raw, dtype=dtype).reshape(shape, order="F" if fortran else "C"), source)


def _from_array(arr: np.ndarray, source: str | None, kind: str = ".npy") -> Maze:
    """The maze of one array: the cells' side bits, or a block picture of 0 and 1 walled all round."""
    from . import block

    if arr.dtype.kind not in "iub" or arr.ndim not in (2, 3):
        raise MazeFormatError(f"a {kind} maze is a 2-D (or 3-D) array of whole numbers, the cells' side bits or a "
                              f"block picture of 0 and 1; this one holds {arr.ndim}-D {arr.dtype}", source=source)
    binary = arr.size and bool(np.isin(arr, (0, 1)).all())
    framed = all(n >= 3 and n % 2 for n in arr.shape)
    if binary and framed and arr[0].all() and arr[-1].all() and arr[:, 0].all() and arr[:, -1].all():
        try:
            return block.from_blocks(arr.astype(bool))
        except (TremauxError, ValueError) as exc:
            raise MazeFormatError(f"an array of 0 and 1 reads as a block picture (1 wall, 0 open): {exc}",
                                  source=source) from None
    if arr.size and (arr.min() < 0 or arr.max() > 255):
        raise MazeFormatError(f"the cells of a {kind} maze are side bits from 0 to 63 (N=1, E=2, S=4, W=8, U=16, "
                              f"D=32), not {int(arr.min() if arr.min() < 0 else arr.max())}", source=source)
    return build(arr.astype(np.uint8), None, None, None, source)
