"""Files of mazes on any grid: JSON and ``.npz``, carrying the grid's name and parameters (versioned).

JSON::

    {"format": "tremaux-grid-maze", "version": 1, "grid": "polar", "params": {"rings": 3},
     "keep": null, "cells": "0f1c...", "start": [0, 0], "goal": [2, 11]}

``cells`` holds two hexadecimal digits per cell (four on grids with more than
8 side slots) in the grid's index order; ``keep`` is ``null`` or the list of
cells kept by a mask. The ``.npz`` archive holds the same fields as arrays
(``params`` as JSON text); nothing is pickled.

Examples
--------
>>> from tremaux.grids.files import dumps, to_bytes, loads, from_bytes
>>> from tremaux.grids import make_grid, generate_on
>>> m = generate_on(make_grid("hex", shape="hexagon", radius=2), seed=5).maze
>>> loads(dumps(m)) == m
True
>>> from_bytes(to_bytes(m)) == m
True
>>> loads('{"format": "tremaux-grid-maze", "version": 7}')
Traceback (most recent call last):
...
tremaux.errors.MazeFormatError: grid maze file version 7 is newer than this tremaux reads (1); upgrade tremaux
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import MazeFormatError, TremauxError
from .catalog import make_grid
from .grid import Grid, article
from .maze import GridMaze, as_grid_maze

__all__ = ["dumps", "loads", "to_bytes", "from_bytes", "save", "load", "FORMAT", "VERSION"]

FORMAT = "tremaux-grid-maze"
VERSION = 1
_MAX_FILE = 1 << 30


def _params(grid: Grid) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in grid.params.items() if k != "mask"}


def to_dict(maze: GridMaze) -> dict[str, Any]:
    """The JSON-ready dictionary of ``maze``.

    Parameters
    ----------
    maze : GridMaze
        The maze to write (or what ``generate_on`` returns).

    Returns
    -------
    dict
        ``format``, ``version``, ``grid``, ``params``, ``keep``, ``cells`` (hex digits), ``start``, ``goal``.

    Examples
    --------
    >>> from tremaux.grids.files import to_dict
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> d = to_dict(maze)
    >>> d["grid"], d["params"], d["cells"]
    ('hex', {'size': [2, 3]}, '081a10030310')
    """
    maze = as_grid_maze(maze, "to_dict")
    g = maze.grid
    # big-endian bytes as hex: the digits of each cell in order, without a Python string per cell
    cells = np.ascontiguousarray(maze.cells, dtype=g.dtype.newbyteorder(">")).tobytes().hex()
    return {
        "format": FORMAT,
        "version": VERSION,
        "grid": g.name,
        "params": _params(g),
        "keep": g.coords.tolist() if "mask" in g.params else None,
        "cells": cells,
        "start": list(maze.start),
        "goal": list(maze.goal),
    }


def dumps(maze: GridMaze) -> str:
    """``maze`` as JSON text.

    Parameters
    ----------
    maze : GridMaze
        The maze to write (or what ``generate_on`` returns).

    Returns
    -------
    str
        The JSON text of :func:`to_dict`.

    Examples
    --------
    >>> from tremaux.grids.files import dumps
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> dumps(maze)[:40]
    '{"format": "tremaux-grid-maze", "version'
    """
    maze = as_grid_maze(maze, "dumps")  # what generate_on returns: its maze
    _check_write(maze, "json")
    return json.dumps(to_dict(maze))


def _check_write(maze: Any, fmt: str) -> None:
    """Refuse, before any work, writing a maze (or a maze to come on a grid) whose file would not fit the memory limit."""
    from . import cost

    g = maze.grid if isinstance(maze, GridMaze) else maze
    cost.check(cost.file_bytes(g, text=fmt == "json"), f"the {fmt} file of {article(g.name)} {g.name} maze of {g.size:,} cells")


def _kept(keep: Any, grid: Grid, source: str | None) -> np.ndarray:
    """The ``keep`` field as an ``(n, 2)`` array of cells of ``grid``; anything else is a one-line error."""
    bad = "'keep' must be null or a list of [row, col] cells (whole numbers)"
    try:
        kept = np.asarray(keep)
    except (ValueError, TypeError, OverflowError):  # ragged lists
        raise MazeFormatError(bad, source=source) from None
    if kept.size == 0:
        return np.zeros((0, 2), np.int64)
    if kept.ndim != 2 or kept.shape[1] != 2 or kept.dtype.kind not in "iu":  # no bools, fractions, text, huge
        raise MazeFormatError(bad, source=source)
    kept = kept.astype(np.int64)
    full = grid.coords.astype(np.int64)
    lo, hi = full.min(axis=0), full.max(axis=0)
    inside = ((kept >= lo) & (kept <= hi)).all(axis=1)
    stride = int(hi[1] - lo[1]) + 1
    keys = (full[:, 0] - lo[0]) * stride + (full[:, 1] - lo[1])
    known = inside.copy()
    known[inside] = np.isin((kept[inside, 0] - lo[0]) * stride + (kept[inside, 1] - lo[1]), keys)
    if not known.all():
        cell = tuple(int(x) for x in kept[int(np.argmin(known))])
        raise MazeFormatError(f"'keep' cell {cell} is not a cell of this {grid.name} grid", source=source)
    return kept


def _rebuild(name: Any, params: Any, keep: Any, source: str | None) -> Grid:
    if not isinstance(name, str) or not isinstance(params, dict):
        raise MazeFormatError("grid maze file needs a grid name and a params object", source=source)
    try:
        grid = make_grid(name, **params)
        if keep is not None:
            kept = _kept(keep, grid, source)
            full = grid.coords.astype(np.int64)
            stride = int(max(full[:, 1].max(), kept[:, 1].max() if kept.size else 0)) + 1
            grid = grid.masked(np.isin(full[:, 0] * stride + full[:, 1], kept[:, 0] * stride + kept[:, 1]))
    except MazeFormatError:
        raise
    except TremauxError as exc:
        raise MazeFormatError(f"bad grid in maze file: {exc}", source=source) from None
    except (TypeError, ValueError) as exc:
        raise MazeFormatError(f"bad grid in maze file: {exc}", source=source) from None
    return grid


def _maze(grid: Grid, cells: np.ndarray, start: Any, goal: Any, source: str | None) -> GridMaze:
    try:
        return GridMaze(grid, cells, start=start, goal=goal)
    except TremauxError as exc:
        raise MazeFormatError(f"invalid maze: {exc}", source=source) from None  # as a square maze file says


def _header(fmt: Any, version: Any, source: str | None) -> None:
    if fmt == "tremaux-maze":  # the square maze's own file (as tremaux.io.load names a grid maze file)
        raise MazeFormatError("this file holds a maze on the square grid: read it with tremaux.io.load "
                              "(tremaux.grids.to_grid_maze puts it on a grid)", source=source)
    if fmt is None:  # (not "its format field is None": the file has none)
        raise MazeFormatError(f"not a grid maze file: it has no format field (a grid maze file's is {FORMAT!r})",
                              source=source)
    if fmt != FORMAT:
        raise MazeFormatError(f"not a grid maze file: its format field is {fmt!r}, expected {FORMAT!r}",
                              source=source)
    if version is None:
        raise MazeFormatError(f"the file has no version field (a whole number, {VERSION} for this tremaux)",
                              source=source)
    if not isinstance(version, int) or isinstance(version, bool):
        raise MazeFormatError(f"the version field {version!r} is not a whole number", source=source)
    if version < 1:
        raise MazeFormatError(f"grid maze file version {version} does not exist (versions start at 1)",
                              source=source)
    if version > VERSION:
        raise MazeFormatError(f"grid maze file version {version} is newer than this tremaux reads ({VERSION}); "
                              "upgrade tremaux", source=source)


def loads(text: str | bytes, *, source: str | None = None) -> GridMaze:
    """Read a maze from JSON text.

    Parameters
    ----------
    text : str or bytes
        JSON text written by :func:`dumps`.
    source : str, optional
        The file name, for messages.

    Returns
    -------
    GridMaze
        The maze, on the grid the text names.

    Raises
    ------
    MazeFormatError
        For text that is not a valid grid maze file (one line saying what is wrong).

    Examples
    --------
    >>> from tremaux.grids.files import dumps, loads
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> loads(dumps(maze)) == maze
    True
    >>> loads("[]")
    Traceback (most recent call last):
    ...
    tremaux.errors.MazeFormatError: a grid maze file is a JSON object
    """
    try:
        d = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MazeFormatError(f"not JSON: {str(exc).splitlines()[0]}", source=source) from None
    if not isinstance(d, dict):
        raise MazeFormatError("a grid maze file is a JSON object", source=source)
    _header(d.get("format"), d.get("version"), source)
    grid = _rebuild(d.get("grid"), d.get("params"), d.get("keep"), source)
    cells = d.get("cells")
    digits = 2 * grid.dtype.itemsize
    if not isinstance(cells, str) or len(cells) != digits * grid.size:
        raise MazeFormatError(f"'cells' must be a string of {digits} hex digits for each of the grid's {grid.size} "
                              "cells", source=source)
    try:
        values = np.array([int(cells[k:k + digits], 16) for k in range(0, len(cells), digits)], np.int64)
    except ValueError:
        raise MazeFormatError("'cells' holds a character that is not a hexadecimal digit", source=source) from None
    return _maze(grid, values, d.get("start"), d.get("goal"), source)


def to_bytes(maze: GridMaze) -> bytes:
    """The ``.npz`` archive of ``maze`` as bytes.

    Parameters
    ----------
    maze : GridMaze
        The maze to write (or what ``generate_on`` returns).

    Returns
    -------
    bytes
        A zip archive (``.npz``) of the cells and a JSON header.

    Examples
    --------
    >>> from tremaux.grids.files import to_bytes
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> to_bytes(maze)[:2]
    b'PK'
    """
    maze = as_grid_maze(maze, "to_bytes")
    _check_write(maze, "npz")
    g = maze.grid
    arrays = {
        "format": np.array(FORMAT),
        "version": np.array(VERSION, np.int64),
        "grid": np.array(g.name),
        "params": np.array(json.dumps(_params(g))),
        "cells": np.asarray(maze.cells),
        "start": np.array(maze.start, np.int64),
        "goal": np.array(maze.goal, np.int64),
    }
    if "mask" in g.params:
        arrays["keep"] = np.asarray(g.coords, np.int64)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, arr in arrays.items():
            with z.open(name + ".npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, arr, allow_pickle=False)
    return buf.getvalue()


def from_bytes(data: bytes, *, source: str | None = None) -> GridMaze:
    """Read a maze from ``.npz`` bytes.

    Parameters
    ----------
    data : bytes
        An archive written by :func:`to_bytes`.
    source : str, optional
        The file name, for messages.

    Returns
    -------
    GridMaze
        The maze the archive holds.

    Raises
    ------
    MazeFormatError
        For bytes that are not a valid grid maze archive.

    Examples
    --------
    >>> from tremaux.grids.files import to_bytes, from_bytes
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> from_bytes(to_bytes(maze)) == maze
    True
    """
    try:
        with np.load(io.BytesIO(bytes(data)), allow_pickle=False) as z:
            a = {k: z[k] for k in z.files if k in ("format", "version", "grid", "params", "cells", "start",
                                                   "goal", "keep")}
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as exc:
        raise MazeFormatError(f"not a readable .npz grid maze file ({exc})", source=source) from None
    missing = [k for k in ("format", "version", "grid", "params", "cells", "start", "goal") if k not in a]
    if missing:
        raise MazeFormatError(f"grid maze archive lacks {', '.join(missing)}", source=source)
    try:
        version = int(a["version"])
        params = json.loads(str(a["params"]))
    except (TypeError, ValueError) as exc:
        raise MazeFormatError(f"bad header in grid maze archive ({exc})", source=source) from None
    _header(str(a["format"]), version, source)
    grid = _rebuild(str(a["grid"]), params, a["keep"].tolist() if "keep" in a else None, source)
    cells = a["cells"]
    if not np.issubdtype(cells.dtype, np.integer):
        raise MazeFormatError(f"'cells' must hold integers, not {cells.dtype}", source=source)
    return _maze(grid, cells.astype(np.int64), a["start"].tolist(), a["goal"].tolist(), source)


def save(maze: GridMaze, path: str | Path, format: str | None = None) -> None:
    """Write ``maze`` to ``path``: ``.json`` or ``.npz`` (chosen as by every writer: :mod:`tremaux.io.outputs`).

    Parameters
    ----------
    maze : GridMaze
        The maze to write (or what ``generate_on`` returns).
    path : str or pathlib.Path
        The file; its extension chooses the format unless ``format`` names it.
    format : str, optional
        ``json`` or ``npz``.

    Raises
    ------
    TremauxError
        For another extension.
    MissingFolderError
        When the folder of ``path`` does not exist (a :class:`FileNotFoundError` too).

    Examples
    --------
    >>> from tremaux.grids.files import save, load
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hex.npz"
    >>> save(maze, path)
    >>> load(path) == maze
    True
    """
    from .._write import write_file

    from ..io.outputs import check_folder, output_format
    from .maze import as_grid_maze

    maze = as_grid_maze(maze, "save")
    p = Path(path)
    fmt = output_format(p, format, accepts=("json", "npz"), writer=f"a {maze.grid.name} maze file",
                        hint="a text drawing of it is braille (tremaux.grids.braille), which does not read back; "
                        "pictures: tremaux.grids.save_picture")
    check_folder(p)
    write_file(p, dumps(maze) + "\n" if fmt == "json" else to_bytes(maze))  # a text file ends its line


def load(path: str | Path) -> GridMaze:
    """Read a grid maze file (``.npz`` by its zip signature, else JSON).

    Parameters
    ----------
    path : str or pathlib.Path
        A file written by :func:`save`.

    Returns
    -------
    GridMaze
        The maze the file holds.

    Raises
    ------
    MazeFormatError
        For a file that is not a grid maze file, or one larger than 1 GiB.

    Examples
    --------
    >>> from tremaux.grids.files import save, load
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hex.json"
    >>> save(maze, path)
    >>> load(path).grid.name
    'hex'
    """
    p = Path(path)
    if p.stat().st_size > _MAX_FILE:
        raise MazeFormatError(f"file is larger than {_MAX_FILE:,} bytes", source=str(p))
    data = p.read_bytes()
    if data[:4] == b"PK\x03\x04":
        return from_bytes(data, source=str(p))
    return loads(data, source=str(p))


def is_grid_file(data: bytes) -> bool:
    """True when ``data`` (the start of a file) looks like a grid maze file.

    Parameters
    ----------
    data : bytes
        The first bytes of a file (a few hundred are plenty).

    Returns
    -------
    bool
        Whether the bytes start a grid maze file.

    Examples
    --------
    >>> from tremaux.grids.files import dumps, is_grid_file
    >>> from tremaux.grids import make_grid, generate_on
    >>> maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    >>> is_grid_file(dumps(maze).encode()[:64]), is_grid_file(b"+---+---+")
    (True, False)
    """
    return b'"tremaux-grid-maze"' in data[:200] or (data[:4] == b"PK\x03\x04" and b"grid.npy" in data)
