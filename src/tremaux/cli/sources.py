"""The maze file a command reads: a named file or standard input (``-``), on any grid.

Standard input is read once, however many times a command looks at it: first
to tell whether it holds a maze on another grid (:func:`is_grid_file`), then to
read that maze (:func:`load_grid`) or a square one (``load_maze``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

__all__ = ["stdin_bytes", "is_grid_file", "load_grid"]

_READ: list[Any] = []  # [the stdin buffer read, its bytes]: read once per standard input


def stdin_bytes() -> bytes:
    """The whole of standard input, read once (within the caps of :func:`tremaux.io.read_source`).

    Returns
    -------
    bytes
        What standard input holds; the same bytes on every call while it is the same stream.

    Examples
    --------
    >>> from tremaux.cli.sources import stdin_bytes
    >>> import io, sys
    >>> kept, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(b"E.G"))
    >>> stdin_bytes(), stdin_bytes()
    (b'E.G', b'E.G')
    >>> sys.stdin = kept
    """
    from .. import io as maze_io

    buffer = sys.stdin.buffer
    if not _READ or _READ[0] is not buffer:
        _READ[:] = [buffer, maze_io.read_source(buffer, "<stdin>")]
    return _READ[1]


def is_grid_file(path: str) -> bool:
    """True when ``path`` (``-``: standard input) holds a saved maze on a grid other than the plain square one.

    Parameters
    ----------
    path : str
        A file name, or ``-`` for standard input.

    Returns
    -------
    bool
        Whether the file holds a maze on another grid.

    Examples
    --------
    >>> from tremaux.cli.sources import is_grid_file
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.json"
    >>> files.save(generate_on(make_grid("hex", shape="hexagon", radius=2), "wilson", seed=4).maze, path)
    >>> is_grid_file(str(path))
    True
    """
    from ..grids.files import is_grid_file as _check

    if str(path) == "-":
        return _check(stdin_bytes())
    p = Path(path)
    if not p.is_file():
        return False
    with p.open("rb") as f:
        head = f.read(4096)
    if head[:4] == b"PK\x03\x04":
        head = p.read_bytes() if p.stat().st_size < (1 << 30) else head
    return _check(head)


def load_grid(path: str | Path, *, interpret: bool = False) -> Any:
    """The grid maze a file (``-``: standard input) holds.

    Parameters
    ----------
    path : str or pathlib.Path
        A file written by :func:`tremaux.grids.files.save`, or ``-``.
    interpret : bool, default False
        Let this command's kernels run as Python, the file's reading included, when the grid is small
        (:func:`tremaux.cli.runtime.interpret_small_grid`).

    Returns
    -------
    GridMaze
        The maze.

    Examples
    --------
    >>> from tremaux.cli.sources import load_grid
    >>> import tempfile
    >>> from pathlib import Path
    >>> from tremaux.grids import make_grid, generate_on, files
    >>> path = Path(tempfile.mkdtemp()) / "hex.npz"
    >>> files.save(generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze, path)
    >>> load_grid(path).grid.name
    'hex'
    """
    from ..grids import files

    if interpret:
        from .runtime import interpret_small_grid

        interpret_small_grid()
        maze = load_grid(path)
        interpret_small_grid(maze.grid)
        return maze
    if str(path) != "-":
        return files.load(path)
    data = stdin_bytes()
    if data[:4] == b"PK\x03\x04":
        return files.from_bytes(data, source="<stdin>")
    return files.loads(data, source="<stdin>")
