"""Estimates of the peak memory of each kind of work, checked before it allocates.

Each is an upper bound of the arrays the work holds at its peak, per unit
(cell, pixel, byte of text), read from the code that allocates them; the
tests in tests/test_budget.py measure the real peaks with tracemalloc and
check that these bound them.

Examples
--------
>>> from tremaux.budget.estimates import solve_bytes, generation_bytes
>>> solve_bytes(100) < generation_bytes(100, 100, record=True, trace_rows=400)
True
"""

from __future__ import annotations

__all__ = [
    "generation_bytes",
    "mask_check_bytes",
    "solve_bytes",
    "measure_bytes",
    "raster_bytes",
    "svg_bytes",
    "text_drawing_bytes",
    "text_read_bytes",
]


def generation_bytes(n: int, work_entries: int, *, record: bool = False, trace_rows: int = 0,
                     masked: bool = False, extra_work_entries: int = 0) -> int:
    """Peak bytes of a generation of ``n`` cells.

    The maze (one byte per cell, one more for a mask), the kernel's int32
    ``work`` scratch, the recorded trace (three int64 per row) and the
    scratch of the imperfection passes (braid, openings...), which runs
    while the trace is held; the trace counts twice, as it is copied into a
    :class:`~tremaux.trace.Trace` at the end.

    Parameters
    ----------
    n : int
        Cells of the grid.
    work_entries : int
        int32 entries of the kernel's scratch (:func:`tremaux.kernels.generate.work_size`).
    record : bool
        Whether the run is recorded; ``trace_rows`` is then the size of the trace.
    trace_rows : int
        Rows of the trace array.
    masked : bool
        Whether the grid has a mask.
    extra_work_entries : int
        int32 entries of the imperfection passes' scratch.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import generation_bytes
    >>> generation_bytes(100, 100)
    4599
    """
    # n // 32: the peak resident set of multi-level runs was 1% of the cells over the arrays above (measured
    # at 1 and 4 million cells by benchmarks/bench_scale_bounds.py), whatever the generator
    return int(n * (1 + masked) + n // 32 + 4 * work_entries + (48 * trace_rows if record else 0)
               + 4 * extra_work_entries + 4096)


def mask_check_bytes(n: int) -> int:
    """Peak bytes of checking the mask of a maze of ``n`` cells before generating on it.

    The mask is copied as booleans, an open field of one byte a cell is cut to it
    (with a boolean temporary), and its cells are labelled by connected region
    (an ``int32`` label and an ``int32`` stack entry a cell): 12 bytes a cell
    measured at most 11.

    Parameters
    ----------
    n : int
        Cells of the grid (masked ones included).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import mask_check_bytes
    >>> mask_check_bytes(1000)
    16096
    """
    return int(12 * n + 4096)


def solve_bytes(n: int, *, record: bool = False, ndim: int = 2) -> int:
    """Peak bytes of solving a maze of ``n`` cells with any registered solver.

    Every solver holds at most 26 bytes a cell of scratch and results (a queue or stack of int32, a byte
    of marks, predecessors, Tremaux's marks on each side, the visited flags: 23 measured for Tremaux's
    traveler and the wall followers); the path, which may pass through every cell (a corridor, a
    serpentine), is held as the kernel's int32 cells, their int64 copy and their ``(k, ndim)`` int64
    coordinates: ``12 + 8 ndim`` bytes a cell of the path. A recorded run adds its transcript (rows of
    three int64, at most about four per cell, copied once into the :class:`~tremaux.trace.Trace`).

    Parameters
    ----------
    n : int
        Cells of the grid.
    record : bool
        Whether the run is recorded.
    ndim : int, default 2
        Dimensions of the maze's cells (3 with levels).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import solve_bytes
    >>> solve_bytes(1000)
    58096
    """
    return int(n * (26 + 12 + 8 * ndim) + (260 * n if record else 0) + 4096)


def measure_bytes(n: int) -> int:
    """Peak bytes of measuring a maze of ``n`` cells (``properties.summary``, ``maze_stats``).

    Component labels, distances and degrees: at most 20 bytes per cell
    (17 measured for ``maze_stats``, 9 for ``summary``), and 1 MiB of small tables.

    Parameters
    ----------
    n : int
        Cells of the grid.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import measure_bytes
    >>> measure_bytes(1000)
    1068576
    """
    return int(20 * n + 2**20)


def raster_bytes(width: int, height: int, squares: int, *, frames: int = 0) -> int:
    """Peak bytes of a raster picture (PNG, GIF) of ``width x height`` pixels.

    The indexed image, the half-expanded copy made on the way, Pillow's copy
    and its encoder's buffer (four bytes per pixel), the scene's arrays over
    the ``squares`` of the block picture (32 bytes each), for an animation
    the ``frames`` it keeps (two bytes per pixel and four per square each),
    and 2 MiB for the palette, the encoder and their tables.

    Parameters
    ----------
    width, height : int
        Pixels.
    squares : int
        Squares of the block picture of every level, ``L (2H + 1) (2W + 1)``.
    frames : int
        Frames an animation keeps (0 for a still picture).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import raster_bytes
    >>> raster_bytes(100, 100, 441)
    2151264
    """
    px = int(width) * int(height)
    return int(4 * px + 32 * squares + max(0, frames) * (2 * px + 4 * squares) + 2 * 2**20)


def svg_bytes(cells: int, *, animated: bool = False) -> int:
    """Peak bytes of an SVG of a maze of ``cells`` cells (paths built as Python strings).

    An animation draws what changed in each frame, so it grows with the
    changes of the run, not the number of frames: three times a still picture.

    Parameters
    ----------
    cells : int
        Cells of the maze.
    animated : bool
        An animation rather than a still picture.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import svg_bytes
    >>> svg_bytes(100)
    29096
    """
    return int(250 * cells * (3 if animated else 1) + 4096)


def text_drawing_bytes(chars: int, *, wide: bool = False) -> int:
    """Peak bytes of a text drawing of ``chars`` characters (numpy grid, bytes and the ``str``).

    ``wide`` drawings (numpy ``<U1`` grids, as the renderers use) hold
    four-byte characters.

    Parameters
    ----------
    chars : int
        Characters of the drawing, line ends included.
    wide : bool
        Four-byte characters.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import text_drawing_bytes
    >>> text_drawing_bytes(1000)
    10096
    """
    return int(chars * (16 if wide else 6) + 4096)


def text_read_bytes(nbytes: int, nlines: int) -> int:
    """Peak bytes of parsing a text maze of ``nbytes`` bytes on ``nlines`` lines.

    Each character is held as the file's bytes, the ``str``, a line ``str``
    and a few one-byte-per-square arrays; each line costs a Python string and
    list slots.

    Parameters
    ----------
    nbytes : int
        Size of the text.
    nlines : int
        Lines of the text.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.budget.estimates import text_read_bytes
    >>> text_read_bytes(1000, 10)
    25096
    """
    return int(20 * nbytes + 100 * nlines + 4096)
