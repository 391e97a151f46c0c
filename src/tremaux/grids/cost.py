"""Memory cost of work on grids other than the square maze, checked through :func:`tremaux.budget.check`.

Each function bounds the peak bytes of one kind of work from the arrays it
allocates, per cell (``n``) and per side slot (``n * S``), so the same limit
that guards the square maze refuses an over-limit grid, generation, solution,
picture or file before anything big is allocated. The grids differ a lot:

* the hex rectangle and the polar grid are arithmetic (no tables until
  something asks for them): building one costs a few bytes whatever its size
  (generating on a polar grid of up to ``polar.TABLE_SLOTS`` side slots asks for them);
* the other grids hold their tables, ``nbr`` (``int32``) and ``back`` (``int8``)
  per side slot and ``coords`` (two ``int32``) per cell, built from ``int32``
  row, column and offset arrays (:func:`tremaux.grids.shapes._table`);
* grids cut to a shape (the hexagon, the triangle) build the full rectangle and
  then copy the kept cells (:meth:`tremaux.grids.Grid.masked`);
* woven grids double the side slots and build them through ``int64`` temporaries.

The figures below are upper bounds of what the code allocates;
``tests/test_grids_budget.py`` measures the real peaks against them.

Examples
--------
>>> from tremaux.grids.cost import build_bytes, table_bytes
>>> table_bytes(100, 6)
3800
>>> build_bytes(10**6, 6, lazy=True) < build_bytes(10**6, 6) // 40
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["table_bytes", "build_bytes", "masked_bytes", "weave_bytes", "geometry_bytes", "generation_bytes",
           "solve_bytes", "picture_bytes", "file_bytes", "check", "SVG_SIDE"]

_SMALL = 64 * 1024
"""Fixed bytes of any work (small tables, Python objects)."""
_CALL = 2 * 2**20
"""Fixed bytes of a generation, a solution or a file: measured about 1.9 MiB whatever the size (a call's
first touches of the kernels' and the compressor's state), so small work is bounded too."""

# building the tables (shapes._table): at its peak it holds the int32 offsets made from the grid's
# int64 templates (dr, dc), the int32 rows and columns of the neighbours (nr, nc), three boolean
# comparisons and the int32 result, but never all at once: the offsets are dropped as the neighbours
# are made (13 to 14 bytes a side slot measured at the peak); 16 bytes a side slot, and 24 a cell for
# the int32 rows and columns of the cells, the coordinates and the grid's own masks
_BUILD_SIDE = 16
_BUILD_CELL = 24

# per-cell work of each generation kernel (tremaux.kernels.graph_gen, graph_merge), in bytes a cell,
# and in bytes a passage of the grid (kruskal's shuffled passages are int64 at most)
_KERNEL_CELL = {"backtracker": 1, "growing_tree": 4, "prim": 13, "aldous_broder": 1, "wilson": 2,
                "hunt_and_kill": 6, "kruskal": 8, "growing_forest": 8, "kruskal_weave": 2, "polar": 0}
_KERNEL_PASSAGE = {"kruskal": 8, "growing_forest": 8, "kruskal_weave": 8}

# per-cell work of each solver (tremaux.kernels.graph_solve): parents (int32), seen flags, the queue
# or stack (int32), distances (int64) and the heap of A*; the solution's path (int64) and visited
# flags come on top (9 bytes a cell)
_SOLVER_CELL = {"bfs": 9, "dfs": 9, "astar": 30, "greedy": 30, "tremaux": 10, "dead-end-fill": 27,
                "wall-left": 13, "wall-right": 13}
_SOLVER_SIDE = {"tremaux": 1, "astar": 16, "greedy": 16}  # marks a side slot; the heap's entries
_NEEDS_GEOMETRY = ("astar", "greedy", "wall-left", "wall-right")

SVG_SIDE = {"square": 300, "zeta": 450, "upsilon": 300, "hex": 450, "triangle": 130, "polar": 150}
"""Bytes of SVG text (the Python strings of the walls, the path and the document) per side slot of each grid
kind, at the peak of :func:`tremaux.grids.to_svg`: measured at 90,000 cells (the text per slot differs as
the walls join into longer or shorter runs: zeta's diagonals make the most pieces), with a third more."""


def table_bytes(cells: int, sides: int) -> int:
    """Bytes the tables of a grid hold: ``nbr`` and ``back`` per side slot, ``coords`` per cell.

    Parameters
    ----------
    cells, sides : int
        Cells of the grid and side slots of each.

    Returns
    -------
    int
        ``cells * (5 * sides + 8)``.

    Examples
    --------
    >>> from tremaux.grids.cost import table_bytes
    >>> table_bytes(10, 4)
    280
    """
    return int(cells) * (5 * int(sides) + 8)


def build_bytes(cells: int, sides: int, *, lazy: bool = False, extra: int = 0) -> int:
    """Peak bytes of building a grid's tables (``lazy``: an arithmetic grid, which builds none).

    Parameters
    ----------
    cells, sides : int
        Cells of the grid (the full rectangle for a grid cut to a shape) and side slots of each.
    lazy : bool, default False
        The hex rectangle and the polar grid: their tables are built only when asked for (the polar
        grid's arithmetic form indexes at most 8192 chunks of cells).
    extra : int, default 0
        Bytes a cell of the builder's own arrays (the triangle's ``int64`` row offsets, its orientations).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import build_bytes
    >>> build_bytes(1000, 4), build_bytes(1000, 6, lazy=True)
    (153536, 2129152)
    """
    if lazy:  # measured 2.0 MiB for the polar grid whatever its rings (its Python loop over them)
        return _CALL + 32 * min(int(cells), 16384)
    return int(cells) * (_BUILD_SIDE * int(sides) + _BUILD_CELL + int(extra)) + _SMALL


def masked_bytes(cells: int, kept: int, sides: int) -> int:
    """Peak bytes of cutting a grid of ``cells`` cells down to ``kept`` (a shape or a mask).

    The full tables are held while the kept rows are gathered: the ``int64`` renumbering and the
    selection (9 bytes a cell of the full grid, and 55 for the builder's arrays still held and the
    shape's test: the hexagon's cube coordinates, the triangle's distances from its axis), the gathered
    ``int32`` rows, their ``int64`` renumbered copy and its ``int32`` cast, and the back sides
    (18 bytes a kept side slot), and the kept coordinates.

    Parameters
    ----------
    cells, kept, sides : int
        Cells before and after, and side slots of each.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import masked_bytes
    >>> masked_bytes(100, 50, 3)
    77336
    """
    return table_bytes(cells, sides) + 64 * int(cells) + int(kept) * (18 * int(sides) + 8) + _SMALL


def weave_bytes(cells: int, sides: int) -> int:
    """Peak bytes of weaving a grid of ``sides`` side slots (:func:`tremaux.grids.weave.woven`).

    The plain tables are held while the tunnel slots are made: the far cells (three ``int32`` arrays
    a side slot), the back sides (an ``int64`` array, then the ``int64`` concatenation of both halves,
    then its ``int8`` cast) and the doubled ``int32`` neighbours.

    Parameters
    ----------
    cells, sides : int
        Cells and side slots of the plain grid.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import weave_bytes
    >>> weave_bytes(100, 4)
    90736
    """
    return table_bytes(cells, sides) + int(cells) * int(sides) * 56 + _SMALL


def geometry_bytes(cells: int, sides: int) -> int:
    """Peak bytes of a grid's drawing geometry (centres, wall kinds, ends and arc radii, and their making).

    Held: 16 bytes a cell and 41 a side slot; while they are made, the templates' ends are taken,
    moved and copied once more (another 32 bytes a side slot, and 32 a cell for the moved centres):
    90 bytes a side slot and 48 a cell leave room for numpy's temporaries.

    Parameters
    ----------
    cells, sides : int
        Cells and side slots.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import geometry_bytes
    >>> geometry_bytes(100, 6)
    124336
    """
    return int(cells) * (90 * int(sides) + 48) + _SMALL


def picture_bytes(grid: Any, *, svg: bool = False, pixels: int = 0) -> int:
    """Peak bytes of drawing a maze on ``grid`` (:func:`tremaux.grids.to_svg`, :func:`~tremaux.grids.to_png`).

    The geometry (unless made already), the open sides of each cell (an ``int64`` and a boolean array
    a side slot), the tables when not built, the polylines of a polar grid's arcs (Python lists of
    points, 1500 bytes a cell), and either the SVG's text (Python strings for each wall, per side slot
    of the plain grid: :data:`SVG_SIDE`) or the pixels (the indexed image and the encoder's buffers,
    2.5 bytes a pixel).

    Parameters
    ----------
    grid : Grid
        The maze's grid.
    svg : bool, default False
        An SVG rather than a raster picture.
    pixels : int
        Pixels of a raster picture (0 before they are known).

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import picture_bytes
    >>> from tremaux.grids import make_grid
    >>> picture_bytes(make_grid("hex", size=(10, 10)), svg=True) > picture_bytes(make_grid("hex", size=(10, 10)))
    True
    """
    n, S = grid.size, grid.sides
    b = _geometry_of(grid) + n * (9 * S + 41 * S + 16) + _unbuilt(grid, True)  # the geometry stays held
    b += 1500 * n if grid.name == "polar" else 0
    plain = S // 2 if "weave" in grid.params else S
    b += SVG_SIDE.get(grid.name, 450) * n * plain if svg else int(2.5 * int(pixels))
    return int(b + 2 * 2**20)


def generation_bytes(grid: Any, kernel: str, *, record: bool = False, trace_rows: int = 0,
                     tables: bool = False) -> int:
    """Peak bytes of generating on ``grid`` with the graph ``kernel``.

    The maze (one cell of ``grid.dtype`` each), the kernel's own arrays, a popcount of the cells, the
    recorded trace (three ``int64`` a row, copied once), and the tables when the work needs them and
    the grid has not built them (``tables=True``).

    Parameters
    ----------
    grid : Grid
        The grid to carve.
    kernel : str
        A kernel of :mod:`tremaux.kernels.graph_gen`, ``graph_merge`` or ``graph_polar``.
    record : bool, default False
        Whether the run is recorded.
    trace_rows : int
        Rows of the trace.
    tables : bool, default False
        Whether the work reads the tables.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import generation_bytes
    >>> from tremaux.grids import make_grid
    >>> generation_bytes(make_grid("hex", size=(100, 100)), "backtracker")
    2127152
    """
    n, S = grid.size, grid.sides
    b = n * (grid.dtype.itemsize + 1 + _KERNEL_CELL.get(kernel, 13))
    m = n * S // 2  # passages at most
    if kernel == "kruskal":  # 8 bytes a passage on grids of at most 2.5 passages a cell, else 4
        b += max(8 * min(m, 5 * n // 2), 4 * m)
    else:
        b += _KERNEL_PASSAGE.get(kernel, 0) * m
    b += 48 * int(trace_rows) if record else 0
    return int(b + _unbuilt(grid, tables) + _CALL)


def solve_bytes(grid: Any, solver: str, *, record: bool = False, trace_rows: int = 0) -> int:
    """Peak bytes of solving a maze on ``grid`` with one of :data:`tremaux.grids.GRAPH_SOLVERS`.

    The solver's arrays, the solution (an ``int64`` path and visited flags), the recorded trace
    (three ``int64`` a row, copied once), the tables when the grid has not built them, and the
    geometry for the solvers that read it (A*, greedy, the wall followers) when not yet made.

    Parameters
    ----------
    grid : Grid
        The maze's grid.
    solver : str
        The solver's registry name.
    record : bool, default False
        Whether the run is recorded.
    trace_rows : int
        Rows of the trace.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import solve_bytes
    >>> from tremaux.grids import make_grid
    >>> solve_bytes(make_grid("square", size=(10, 10)), "bfs")
    2099152
    """
    n, S = grid.size, grid.sides
    b = n * (_SOLVER_CELL.get(solver, 30) + 9 + 2) + n * S * _SOLVER_SIDE.get(solver, 0)  # cells as uint16
    b += 48 * int(trace_rows) if record else 0
    if solver in _NEEDS_GEOMETRY:
        b += _geometry_of(grid)
    return int(b + _unbuilt(grid, True) + _CALL)


def file_bytes(grid: Any, *, text: bool = False) -> int:
    """Peak bytes of writing a maze on ``grid``, its cells included: ``.npz`` (the cells' bytes written, the
    archive, which deflate never makes bigger than them, and its copy as ``bytes``: three times the cells)
    or ``.json`` (``text``: the cells' bytes, their hex digits, the JSON text and its encoding, each two
    bytes a byte of the cells, and the writers' spare room: twelve times the cells),
    and the compressor's state and buffers (2 MiB with the fixed cost of a call).

    A masked grid's file keeps the cells' addresses (``int64``), and builds its tables when not built.

    Parameters
    ----------
    grid : Grid
        The maze's grid.
    text : bool, default False
        JSON rather than ``.npz``.

    Returns
    -------
    int
        Bytes.

    Examples
    --------
    >>> from tremaux.grids.cost import file_bytes
    >>> from tremaux.grids import make_grid
    >>> file_bytes(make_grid("hex", size=(10, 10))), file_bytes(make_grid("hex", size=(10, 10)), text=True)
    (2097552, 2098352)
    """
    n = grid.size
    b = (12 if text else 4) * grid.dtype.itemsize * n  # the maze's cells held, and the file's work
    if "mask" in grid.params:  # the kept cells' addresses: int64 pairs, or JSON lists of two numbers
        b += (160 if text else 16) * n + _unbuilt(grid, True)
    return int(b + _CALL)


def _geometry_of(grid: Any) -> int:
    """Peak bytes of making ``grid``'s geometry (0 when made): a grid cut from a rectangle (a shape, a mask)
    makes the whole rectangle's, then keeps its own rows."""
    if grid._geo is not None:
        return 0
    n, S, p = grid.size, grid.sides, grid.params
    full = n
    if p.get("shape") == "hexagon":
        full = (2 * int(p["radius"]) + 1) ** 2
    elif p.get("shape") == "triangle":
        full = int(p["side"]) * (2 * int(p["side"]) - 1)
    elif "mask" in p and "size" in p:
        full = int(p["size"][0]) * int(p["size"][1])
    if full == n:
        return geometry_bytes(n, S)
    S0 = S // 2 if "weave" in p else S  # a woven grid's geometry pads the plain one's
    return geometry_bytes(full, S0) + n * (41 * S + 16)


def _unbuilt(grid: Any, needed: bool) -> int:
    """The tables' building peak when the work needs them and the grid has not built them yet."""
    if not needed or grid._nbr is not None:
        return 0
    if grid.name == "polar":  # polar._tables: the tables and about twenty int64 arrays over the cells
        return grid.size * (5 * grid.sides + 168) + _SMALL
    return build_bytes(grid.size, grid.sides)


def check(estimate: int, what: str, limit: str | int | None = None) -> int:
    """:func:`tremaux.budget.check` (looked up when called, so one place refuses every grid's work).

    Parameters
    ----------
    estimate : int
        Peak bytes the work would need.
    what : str
        What the work makes, for the message.
    limit : str or int, optional
        An explicit limit.

    Returns
    -------
    int
        The estimate, when it fits.

    Examples
    --------
    >>> from tremaux.grids.cost import check
    >>> check(1000, "a tiny grid", "1M")
    1000
    """
    from .. import budget

    return budget.check(estimate, what, limit)
