"""Text pictures: the ``+---+`` ASCII style, Unicode box drawing, and ``#`` blocks.

The three styles drawn on the square's lines share one overlay: the path is drawn in the corridors (a mark
in the middle of every cell of the path and in every passage between two
consecutive cells), the start is ``S``, the goal ``G``, visited cells get a
dot, and a heat map writes each cell's distance (base 36, modulo 36).

``"ascii"``
    The drawing of the growing-tree documentation, exactly as
    :func:`tremaux.io.ascii.char_grid` makes it (masked cells ``###``, up and
    down passages ``^`` and ``v`` inside the cell).
``"unicode"``
    The same geometry with box-drawing characters; masked cells are blank.
``"block"``
    One character per square of the block picture: ``#`` walls, spaces open,
    masked cells blank.
``"braille"``
    The maze's picture drawn small, in Unicode braille, as wide as the
    terminal (:mod:`tremaux.grids.braille`, the text drawing of every grid):
    ``S``, ``G`` and a path's ``•`` in the middle of their cells; one level.

Levels of a multi-level maze are drawn side by side under ``level K`` headers.

Examples
--------
>>> from tremaux.render import to_text
>>> from tremaux import Maze
>>> m = Maze.open((2, 3), start=(0, 0), goal=(1, 2))
>>> print(to_text(m, path=[(0, 0), (0, 1), (0, 2), (1, 2)]))
+---+---+---+
| S o o o o |
+   +   + o +
|         G |
+---+---+---+
>>> print(to_text(Maze.closed((1, 2)), style="unicode"))
┌───┬───┐
│   │   │
└───┴───┘
>>> print(to_text(m, style="block", path=[(0, 0), (1, 0), (1, 1), (1, 2)]))
#######
#S    #
#o    #
#ooooG#
#######
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from .. import budget
from ..errors import TremauxError, UnknownNameError
from ..maze.model import Maze
from .blocks import WALL, structure
from .scene import Scene, grid_maze_of, maze_of, scene

__all__ = ["to_text", "check_text_size", "STYLES", "CHARS"]

STYLES = ("ascii", "unicode", "block", "braille")
"""Names accepted by ``to_text(..., style=...)``."""

CHARS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "ascii": MappingProxyType({"path": "o", "visited": ".", "start": "S", "goal": "G", "both": "*"}),
        "unicode": MappingProxyType({"path": "•", "visited": "·", "start": "S", "goal": "G", "both": "*"}),
        "block": MappingProxyType({"path": "o", "visited": ".", "start": "S", "goal": "G", "both": "*"}),
        "braille": MappingProxyType({"path": "•", "visited": "·", "start": "S", "goal": "G", "both": "*"}),
    }
)
"""Default overlay characters of each style; ``chars=`` replaces some of them."""

# box-drawing character for the wall arms (up, right, down, left) of a post
_BOX = {
    (0, 0, 0, 0): " ", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╶", (0, 0, 1, 0): "╷", (0, 0, 0, 1): "╴",
    (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 0, 0): "└", (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐",
    (1, 0, 0, 1): "┘", (1, 1, 1, 0): "├", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┤", (1, 1, 0, 1): "┴",
    (1, 1, 1, 1): "┼",
}
_BOX_TABLE = np.array([_BOX[(k >> 3 & 1, k >> 2 & 1, k >> 1 & 1, k & 1)] for k in range(16)])
_DIGITS = np.array(list("0123456789abcdefghijklmnopqrstuvwxyz"))


def _ascii_level(maze: Maze, lv: int) -> np.ndarray:
    from ..io import ascii as io_ascii

    g = np.array(io_ascii.char_grid(maze, lv), dtype="<U1")
    # the start and goal of the scene are drawn by the overlay, not the file format's
    mid = g[1::2, 2::4]
    mid[(mid == "S") | (mid == "G") | (mid == "*")] = " "
    return g


def _unicode_level(B: np.ndarray, cells: np.ndarray) -> np.ndarray:
    BH, BW = B.shape
    H, W = BH // 2, BW // 2
    g = np.full((BH, 4 * W + 1), " ", dtype="<U1")
    wall = B == WALL
    # posts from their wall arms
    wv = np.pad(wall[1::2, 0::2], ((1, 1), (0, 0)))  # vertical segments, padded rows
    wh = np.pad(wall[0::2, 1::2], ((0, 0), (1, 1)))  # horizontal segments, padded columns
    code = (wv[:-1].astype(np.int64) << 3) | (wh[:, 1:].astype(np.int64) << 2) | (wv[1:].astype(np.int64) << 1) | wh[:, :-1]
    g[0::2, 0::4] = _BOX_TABLE[code]
    for k in (1, 2, 3):
        g[0::2, k::4][wall[0::2, 1::2]] = "─"
    g[1::2, 0::4][wall[1::2, 0::2]] = "│"
    g[1::2, 3::4][(cells & 16) != 0] = "^"
    g[1::2, 1::4][(cells & 32) != 0] = "v"
    return g


def _block_level(B: np.ndarray, cells: np.ndarray) -> np.ndarray:
    g = np.where(B == WALL, "#", " ").astype("<U1")
    mid = g[1::2, 1::2]
    up, down = (cells & 16) != 0, (cells & 32) != 0
    mid[up & ~down] = "^"
    mid[down & ~up] = "v"
    mid[up & down] = "x"
    return g


def _overlay(g: np.ndarray, sc: Scene, lv: int, chars: Mapping[str, str], wide: bool) -> None:
    """Write the scene's overlays of level ``lv`` into character grid ``g``."""
    maze = sc.maze
    L, H, W = maze.shape3
    cx = 4 if wide else 2  # columns per cell
    ox = 2 if wide else 1  # column of a cell's middle
    mid = g[1::2, ox::cx]
    lo, hi = lv * H * W, (lv + 1) * H * W
    if sc.distances is not None:
        d = sc.distances[lo:hi].reshape(H, W)
        on = d >= 0
        mid[on] = _DIGITS[d[on] % 36]
    if sc.visited is not None:
        mid[sc.visited[lo:hi].reshape(H, W)] = chars["visited"]
    p = sc.path
    if p.size:
        pl, rest = np.divmod(p, H * W)
        r, c = np.divmod(rest, W)
        here = pl == lv
        mid[r[here], c[here]] = chars["path"]
        if p.size > 1:
            same = here[1:] & here[:-1]
            dr, dc = r[1:] - r[:-1], c[1:] - c[:-1]
            step = same & (np.abs(dr) + np.abs(dc) == 1)
            rows = (r[1:] + r[:-1] + 1)[step]
            cols = (c[1:] * cx + c[:-1] * cx + 2 * ox)[step] // 2
            g[rows, cols] = chars["path"]
    for idx, key in ((sc.start, "start"), (sc.goal, "goal")):
        if lo <= idx < hi:
            r, c = divmod(idx - lo, W)
            mid[r, c] = chars["both"] if sc.start == sc.goal else chars[key]


def check_text_size(maze: Maze) -> None:
    """Refuse a text drawing of ``maze`` that would not fit the memory budget (:mod:`tremaux.budget`).

    Callers that draw after long work (solving, generating) call it first.

    Parameters
    ----------
    maze : Maze
        The maze to draw.

    Raises
    ------
    MemoryLimitError
        Naming the estimate and the limit.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.text import check_text_size
    >>> from tremaux import budget
    >>> with budget.limited("10M"):
    ...     check_text_size(Maze.closed((1000, 1000)))
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: a text drawing of a 1000 x 1000 maze needs about 183.4 MiB of memory; ...
    """
    L, H, W = maze.shape3
    budget.check(budget.text_drawing_bytes(L * (2 * H + 1) * (4 * W + 4), wide=True)
                 + 16 * L * (2 * H + 1) * (2 * W + 1),
                 f"a text drawing of a {' x '.join(map(str, maze.shape))} maze")


def to_text(
    obj: Any,
    *,
    style: str | None = None,
    chars: Mapping[str, str] | None = None,
    path: Any = None,
    visited: Any = False,
    heat: Any = None,
    start: Any = True,
    goal: Any = True,
    columns: int | None = None,
) -> str:
    """Draw a maze, a solution or a generation result with characters.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw; a maze on another grid (:class:`tremaux.grids.GridMaze`, or a run on one) is drawn in
        braille, with a solution's path.
    style : {"ascii", "unicode", "block", "braille"}, optional
        See the module documentation; ``ascii`` for a square maze and ``braille`` on other grids by default.
    chars : mapping, optional
        Overlay characters replacing entries of :data:`CHARS` for the style
        (keys ``path``, ``visited``, ``start``, ``goal``, ``both``).
    path, visited, heat, start, goal
        Overlays, see :func:`tremaux.render.scene.scene`; visited cells are
        not drawn unless ``visited=True`` or ``None`` (the solution's) or an
        array is given (nor ever in braille).
    columns : int, optional
        The width of a braille drawing (the terminal's when not given); the
        other styles draw each cell the same width.

    Returns
    -------
    str
        The drawing, lines joined by newlines, no newline at the end.

    Raises
    ------
    UnknownNameError
        For an unknown style or ``chars`` key.
    UnsupportedError
        For a heat map in braille, a braille maze too wide for ``columns``, or a style but braille on a grid.
    TremauxError
        For a ``chars`` value that is not a single character.

    Examples
    --------
    >>> from tremaux.render import to_text
    >>> from tremaux import Maze
    >>> print(to_text(Maze.open((1, 2), start=(0, 0), goal=(0, 1)), style="block"))
    #####
    #S G#
    #####
    >>> from tremaux.grids import make_grid, generate_on
    >>> hexes = generate_on(make_grid("hex", size=(2, 3)), seed=1).maze
    >>> "S" in to_text(hexes) and "G" in to_text(hexes)  # braille on every grid
    True
    >>> print(to_text(Maze.open((1, 2), start=(0, 0), goal=(0, 1)), style="braille", columns=20))
    ⢰⠒⠒⠒⠒⠒⠒⠒⢲
    ⢸⠀S⠀⠀⠀G⠀⢸
    ⠘⠒⠒⠒⠒⠒⠒⠒⠚
    """
    if isinstance(style, str):  # in any case, as generator, solver and format names are
        style = style.strip().lower()
    grid_maze = grid_maze_of(obj)
    if style is None:
        style = "ascii" if grid_maze is None else "braille"
    if style not in STYLES:
        raise UnknownNameError("text style", style, STYLES)
    table = dict(CHARS[style])
    if chars is not None and not isinstance(chars, Mapping):
        raise TremauxError(f"chars must be a mapping of text characters to single characters, such as {{'wall': '#'}}, "
                           f"not {type(chars).__name__}")
    for key, value in (chars or {}).items():
        if key not in table:
            raise UnknownNameError("text character", key, table)
        if not isinstance(value, str) or len(value) != 1:
            raise TremauxError(f"text character {key}={value!r} must be a single character")
        table[key] = value
    if grid_maze is not None:
        return _grid_braille(obj, grid_maze, style, table, columns)
    maze = maze_of(obj)
    check_text_size(maze)
    L, H, W = maze.shape3
    sc = scene(obj, path=path, visited=visited, marks=False, heat=heat, start=start, goal=goal)
    if style == "braille":
        return _braille(sc, table, columns)
    cells = maze.cells.reshape(L, H, W)
    B = structure(maze) if style != "ascii" else None
    grids = []
    for lv in range(L):
        if style == "ascii":
            g = _ascii_level(maze, lv)
        elif style == "unicode":
            g = _unicode_level(B[lv], cells[lv])
        else:
            g = _block_level(B[lv], cells[lv])
        _overlay(g, sc, lv, table, wide=style != "block")
        grids.append(g)
    if L == 1:
        return _join(grids[0])
    width = grids[0].shape[1]
    header = "   ".join(f"level {lv}".ljust(width) for lv in range(L)).rstrip()
    gap = np.full((grids[0].shape[0], 3), " ", dtype="<U1")
    parts = [grids[0]]
    for g in grids[1:]:
        parts += [gap, g]
    body = _join(np.concatenate(parts, axis=1))
    return header + "\n" + "\n".join(line.rstrip() for line in body.split("\n"))


def _braille(sc: Scene, table: Mapping[str, str], columns: int | None) -> str:
    """The braille drawing of a scene (its path, start and goal; no room for distances)."""
    from ..errors import UnsupportedError
    from ..grids.braille import to_braille

    if sc.distances is not None:
        raise UnsupportedError("a braille drawing has no room for distances: draw the heat map with style ascii or "
                               "unicode, or as a picture")
    return to_braille(sc.maze, path=sc.path, start=sc.start if sc.start >= 0 else False,
                      goal=sc.goal if sc.goal >= 0 else False, columns=columns, chars=table)


def _grid_braille(obj: Any, maze: Any, style: str, table: Mapping[str, str], columns: int | None) -> str:
    """The braille drawing of a maze on any grid, or of a run on one (a solution's path marked)."""
    from ..errors import UnsupportedError
    from ..grids.braille import to_braille
    from ..grids.grid import article
    from ..grids.solve import GridSolution

    if style != "braille":
        raise UnsupportedError(f"a maze on {article(maze.grid.name)} {maze.grid.name} grid is drawn in text with "
                               f"style braille, not {style}")
    return to_braille(maze, solution=obj if isinstance(obj, GridSolution) else None, columns=columns, chars=table)


def _join(g: np.ndarray) -> str:
    """The lines of a character grid, joined in bulk (4-byte characters decoded at once)."""
    rows, cols = g.shape
    full = np.full((rows, cols + 1), "\n", dtype="<U1")
    full[:, :cols] = g
    return full.reshape(-1)[:-1].view(np.uint32).tobytes().decode("utf-32-le")

