"""How long work runs, said on stderr: kernels compiled on first use, big mazes, small work interpreted.

Numba kernels cannot report progress while they run, so a command says
before a long wait why it comes: a cold cache compiles kernels once
(:func:`first_use`), a big maze takes a while (:func:`announce`). Small work
skips numba altogether (:func:`interpret_small_mazes`, :func:`interpret_small_grid`,
:func:`interpret_small_puzzles`).

Examples
--------
>>> from tremaux.cli.runtime import announce, LONG_WORK_CELLS
>>> announce(10, "solving a tiny maze")   # quick work: nothing printed
>>> LONG_WORK_CELLS
4000000
"""

from __future__ import annotations

from typing import Any

import typer

__all__ = ["ANNOUNCED", "first_use", "LONG_WORK_CELLS", "announce", "interpret_small_mazes",
           "interpret_small_grid", "interpret_small_puzzles"]

ANNOUNCED: list[str] = []
"""Kernels whose compilation was announced in this run (one line is enough)."""


def first_use(kernel: str) -> None:
    """Say once per run, on stderr, that kernels are being compiled (it only happens on a cold cache).

    Parameters
    ----------
    kernel : str
        The kernel being compiled (from :func:`tremaux._numba.on_compile`).

    Examples
    --------
    >>> from tremaux.cli.runtime import ANNOUNCED, first_use
    >>> ANNOUNCED.append("warmup")  # already said (a warm-up shows a progress bar instead)
    >>> first_use("tremaux.kernels.gen_tree.growing_tree")
    >>> ANNOUNCED.clear()
    """
    if not ANNOUNCED:
        typer.echo("first use: compiling the kernels this command needs, once (a few seconds; "
                   "`tremaux warmup` compiles them all ahead)", err=True)
        ANNOUNCED.append(kernel)


LONG_WORK_CELLS = 4_000_000
"""Mazes of at least this many cells take a second or more to generate, solve or draw: the commands say so on stderr."""


def announce(cells: int, doing: str) -> None:
    """Print ``doing`` on stderr before work on a maze of ``cells`` cells that will take a while.

    The numba kernels cannot report progress while they run, so the line
    comes before the work, with its size, so that a long wait is explained.

    Parameters
    ----------
    cells : int
        Cells of the maze worked on; nothing is printed below :data:`LONG_WORK_CELLS`.
    doing : str
        What is about to happen, e.g. ``"solving maze.npz with bfs"``.

    Examples
    --------
    >>> from tremaux.cli.runtime import announce
    >>> announce(10, "solving a tiny maze")   # quick work: nothing printed
    """
    if cells >= LONG_WORK_CELLS:
        typer.echo(f"{doing} ({cells:,} cells); this may take a while...", err=True)


def interpret_small_mazes() -> None:
    """Let this command run its kernels as Python on mazes of up to :data:`tremaux._jit.SMALL_MAZE_CELLS` cells.

    A fresh process spends about 0.3 s of CPU importing numba and loading a cached kernel; the generators and
    solvers, interpreted, take less than that up to that size (see :mod:`tremaux._jit`, whose tests check that
    both ways give the same mazes and paths). Bigger mazes are compiled as before.

    Examples
    --------
    >>> from tremaux.cli.runtime import interpret_small_mazes
    >>> from tremaux import _jit
    >>> interpret_small_mazes(); _jit.interpreted_limit() == _jit.SMALL_MAZE_CELLS
    True
    >>> _jit.allow_interpreted(0)
    """
    from .. import _jit

    _jit.allow_interpreted(_jit.SMALL_MAZE_CELLS)


GRID_READ_SLOTS = 8
"""Side slots a cell of the largest grid read interpreted may have (:func:`interpret_small_grid` without a grid)."""


def interpret_small_grid(grid: Any = None) -> None:
    """Let this command run its kernels as Python on a grid of up to :data:`tremaux._jit.SMALL_GRID_CELLS` cells.

    The kernels choose by the size of the first array they are given (:func:`tremaux._jit.allow_interpreted`),
    which on a grid is not always its size: the hex rectangle's arithmetic form is a few numbers whatever the
    grid. So a grid command decides by the grid it works on: given ``grid``, its calls run as Python when it has
    at most that many cells (the limit is then its own tables' size, so no larger array runs interpreted), and
    compiled otherwise. Without a grid (a file about to be read, whose grid is not known yet), kernels whose
    first array is a grid's tables run as Python up to that many cells of :data:`GRID_READ_SLOTS` side slots:
    the polar grid's tables are filled by a kernel while its file is read. Both ways give the same mazes,
    paths and pictures (``tests/test_jit.py``).

    Parameters
    ----------
    grid : tremaux.grids.Grid, optional
        The grid the command works on; ``None`` while its file is read.

    Examples
    --------
    >>> from tremaux.cli.runtime import interpret_small_grid
    >>> from tremaux.grids import make_grid
    >>> from tremaux import _jit
    >>> interpret_small_grid(make_grid("hex", size=(10, 20))); _jit.interpreted_limit()
    1200
    >>> interpret_small_grid(make_grid("hex", size=(100, 100))); _jit.interpreted_limit()
    0
    """
    from .. import _jit

    if grid is None:
        _jit.allow_interpreted(_jit.SMALL_GRID_CELLS * GRID_READ_SLOTS)
    else:
        _jit.allow_interpreted(grid.size * max(grid.sides, 1) if grid.size <= _jit.SMALL_GRID_CELLS else 0)


def interpret_small_puzzles(cells: int | None = None) -> None:
    """Let this command solve Number Link puzzles of up to :data:`tremaux._jit.SMALL_PUZZLE_CELLS` cells without numba.

    The pipeline then skips the compiled search on such puzzles and SAT answers, its helper kernels run as
    Python (:func:`tremaux.numberlink.solvers.search.compiled_now`). A bigger puzzle, the traveler, the router
    and a stage that needs the compiled search load numba as before.

    ``generate`` gives its board's ``cells``: its cover kernel (:func:`tremaux.kernels.numberlink.random_cover`)
    is given the random state as its first array, not the board, so the command decides by the board, as
    :func:`interpret_small_grid` does: up to the limit the cover is drawn as Python (5 ms at 10 x 10, 50 ms at
    30 x 30; the same puzzle, the generator's course depending on its work, not on time), above it every kernel
    runs compiled.

    Parameters
    ----------
    cells : int, optional
        The board's cells, for a command that knows them before its kernels run; ``None``: the kernels decide
        by their first array (the puzzle's cells, for the solving pipeline's).

    Examples
    --------
    >>> from tremaux.cli.runtime import interpret_small_puzzles
    >>> from tremaux import _jit
    >>> interpret_small_puzzles(); _jit.interpreted_limit() == _jit.SMALL_PUZZLE_CELLS
    True
    >>> interpret_small_puzzles(40 * 40); _jit.interpreted_limit()
    0
    >>> _jit.allow_interpreted(0)
    """
    from .. import _jit

    small = cells is None or cells <= _jit.SMALL_PUZZLE_CELLS
    _jit.allow_interpreted(_jit.SMALL_PUZZLE_CELLS if small else 0)
