"""Block pictures: a scene painted onto the ``(2H+1) x (2W+1)`` squares of each level.

In a block picture odd/odd squares are cells, the squares between two cells
are walls or passages and even/even squares are wall posts; each square holds
a palette slot (see :data:`tremaux.render.palette.SLOTS`). :func:`structure`
draws the walls, :func:`blocks` paints a :class:`~tremaux.render.scene.Scene`'s
overlays on them, :func:`runs` finds the horizontal runs the SVG writer merges.

Examples
--------
>>> from tremaux.render.blocks import structure
>>> from tremaux import Maze
>>> structure(Maze.open((1, 2)))[0]
array([[1, 1, 1, 1, 1],
       [1, 2, 2, 2, 1],
       [1, 1, 1, 1, 1]], dtype=uint8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..maze.model import Maze
from .palette import HEAT_FIRST, HEAT_LEVELS, SLOTS

if TYPE_CHECKING:
    from .scene import Scene

__all__ = ["blocks", "structure", "heat_slots", "fill_posts", "view_cell", "runs", "BG", "WALL", "FLOOR"]

BG = SLOTS["background"]
WALL = SLOTS["wall"]
FLOOR = SLOTS["floor"]


def structure(maze: Maze) -> np.ndarray:
    """Block pictures ``(L, 2H+1, 2W+1)`` of walls, open squares and background.

    Walls stand between a cell and a closed side; nothing is drawn between two
    masked cells (masked cells are blank).

    Parameters
    ----------
    maze : Maze
        The maze drawn.

    Returns
    -------
    numpy.ndarray of uint8
        Palette slots: wall, floor or background.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.blocks import structure
    >>> structure(Maze.closed((1, 1)))[0]
    array([[1, 1, 1],
           [1, 2, 1],
           [1, 1, 1]], dtype=uint8)
    """
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    m = np.ones((L, H, W), bool) if maze.mask is None else maze.mask.reshape(L, H, W)
    B = np.zeros((L, 2 * H + 1, 2 * W + 1), np.uint8)
    B[:, 1::2, 1::2] = np.where(m, FLOOR, BG)
    mp = np.pad(m, ((0, 0), (1, 1), (1, 1)))
    # boundaries between columns: (L, H, W+1)
    open_v = np.zeros((L, H, W + 1), bool)
    open_v[:, :, 1:W] = (cells[:, :, :-1] & 2) != 0
    side_v = mp[:, 1:-1, :-1] | mp[:, 1:-1, 1:]
    v = np.where(open_v, FLOOR, np.where(side_v, WALL, BG)).astype(np.uint8)
    B[:, 1::2, 0::2] = v
    # boundaries between rows: (L, H+1, W)
    open_h = np.zeros((L, H + 1, W), bool)
    open_h[:, 1:H, :] = (cells[:, :-1, :] & 4) != 0
    side_h = mp[:, :-1, 1:-1] | mp[:, 1:, 1:-1]
    h = np.where(open_h, FLOOR, np.where(side_h, WALL, BG)).astype(np.uint8)
    B[:, 0::2, 1::2] = h
    # posts: a wall if any arm is a wall, open if any arm is open, else blank
    wv = np.pad(v == WALL, ((0, 0), (1, 1), (0, 0)))
    wh = np.pad(h == WALL, ((0, 0), (0, 0), (1, 1)))
    any_wall = wv[:, :-1] | wv[:, 1:] | wh[:, :, :-1] | wh[:, :, 1:]
    fv = np.pad(v == FLOOR, ((0, 0), (1, 1), (0, 0)))
    fh = np.pad(h == FLOOR, ((0, 0), (0, 0), (1, 1)))
    any_floor = fv[:, :-1] | fv[:, 1:] | fh[:, :, :-1] | fh[:, :, 1:]
    B[:, 0::2, 0::2] = np.where(any_wall, WALL, np.where(any_floor, FLOOR, BG))
    return B


def _paint_cells_and_passages(B: np.ndarray, maze: Maze, colour_cells: np.ndarray, on: np.ndarray,
                              passage_colour: np.ndarray | None = None) -> None:
    """Paint cells where ``on`` with ``colour_cells``, and open passages between two ``on`` cells.

    ``passage_colour`` (E and S arrays) defaults to the colour of the first cell.
    """
    L, H, W = maze.shape3
    cells = maze.cells.reshape(L, H, W)
    on3 = on.reshape(L, H, W)
    col3 = np.broadcast_to(colour_cells, (L * H * W,)).reshape(L, H, W)
    view = B[:, 1::2, 1::2]
    view[on3] = col3[on3]
    if W > 1:
        e = ((cells[:, :, :-1] & 2) != 0) & on3[:, :, :-1] & on3[:, :, 1:]
        pe = B[:, 1::2, 2 : 2 * W : 2]
        src = col3[:, :, :-1] if passage_colour is None else passage_colour[0]
        pe[e] = src[e]
    if H > 1:
        s = ((cells[:, :-1, :] & 4) != 0) & on3[:, :-1, :] & on3[:, 1:, :]
        ps = B[:, 2 : 2 * H : 2, 1::2]
        src = col3[:, :-1, :] if passage_colour is None else passage_colour[1]
        ps[s] = src[s]


def heat_slots(dist: np.ndarray, top: float | None = None) -> np.ndarray:
    """Palette slots of the heat gradient for distances (``-1`` stays floor), ``top`` the farthest.

    Parameters
    ----------
    dist : numpy.ndarray
        Distances (``-1`` where unreachable).
    top : float, optional
        The distance given the last colour of the gradient; the largest by default.

    Returns
    -------
    numpy.ndarray of uint8
        A palette slot per distance.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.render.blocks import FLOOR, heat_slots
    >>> s = heat_slots(np.array([0, 5, 10, -1]))
    >>> bool(s[0] < s[1] < s[2]), int(s[3]) == FLOOR
    (True, True)
    """
    d = np.asarray(dist)
    top = max(float(d.max(initial=0) if top is None else top), 1.0)
    slots = HEAT_FIRST + np.rint(np.clip(d, 0, top) * ((HEAT_LEVELS - 1) / top)).astype(np.int64)
    return np.where(d >= 0, slots, FLOOR).astype(np.uint8)


def blocks(sc: Scene) -> np.ndarray:
    """Block pictures ``(L, 2H+1, 2W+1)`` of palette slots with every overlay painted.

    Layers, bottom to top: walls and floor, heat map, visited cells, Tremaux
    marks (passages marked once, twice), the path, the start and goal.

    Parameters
    ----------
    sc : Scene
        What to draw (see :func:`scene`).

    Returns
    -------
    numpy.ndarray of uint8
        Palette slots.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.blocks import blocks
    >>> from tremaux.render.palette import SLOTS
    >>> from tremaux.render.scene import scene
    >>> B = blocks(scene(Maze.open((1, 2), start=(0, 0), goal=(0, 1))))
    >>> int(B[0, 1, 1]) == SLOTS["start"], int(B[0, 1, 3]) == SLOTS["goal"]
    (True, True)
    """
    maze = sc.maze
    L, H, W = maze.shape3
    B = structure(maze)
    exists = maze.flat_mask
    if sc.distances is not None:
        d = sc.distances.reshape(L, H, W)
        reach = (sc.distances >= 0) & exists
        top = float(sc.distances.max(initial=0))
        slots = heat_slots(sc.distances, top)
        # a passage takes the colour of the mean distance of its two cells
        pe = heat_slots((d[:, :, :-1] + d[:, :, 1:]) / 2, top) if W > 1 else None
        ps = heat_slots((d[:, :-1, :] + d[:, 1:, :]) / 2, top) if H > 1 else None
        _paint_cells_and_passages(B, maze, slots, reach, (pe, ps))
    if sc.visited is not None:
        _paint_cells_and_passages(B, maze, np.uint8(SLOTS["visited"]), sc.visited & exists)
    if sc.marks is not None:
        _paint_marks(B, maze, sc.marks)
    if sc.path.size:
        _paint_path(B, maze, sc.path, SLOTS["path"])
    fill_posts(B)
    if sc.start >= 0:
        view_cell(B, maze, sc.start)[...] = SLOTS["start"]
    if sc.goal >= 0:
        view_cell(B, maze, sc.goal)[...] = SLOTS["goal"]
    return B


def fill_posts(B: np.ndarray) -> np.ndarray:
    """Give an open post (no wall arm: the middle of a 2 x 2 room) the colour around it, in place.

    It takes the colour of its four arms when they agree, or the mean of their
    heat-map colours; otherwise it stays floor.

    Parameters
    ----------
    B : numpy.ndarray
        Block pictures ``(L, 2H+1, 2W+1)`` of palette slots, changed in place.

    Returns
    -------
    numpy.ndarray
        ``B`` itself.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.blocks import structure, FLOOR, fill_posts
    >>> B = structure(Maze.open((2, 2)))
    >>> B[0, 1:4, 1:4] = 7  # paint the whole room
    >>> B[0, 2, 2] = FLOOR  # its middle post is open
    >>> int(fill_posts(B)[0, 2, 2])
    7
    """
    P = B[:, 2:-1:2, 2:-1:2]
    if P.size == 0:
        return B
    up, down = B[:, 1:-2:2, 2:-1:2], B[:, 3::2, 2:-1:2]
    left, right = B[:, 2:-1:2, 1:-2:2], B[:, 2:-1:2, 3::2]
    open_post = P == FLOOR
    same = open_post & (up == down) & (up == left) & (up == right)
    P[same] = up[same]
    heat = open_post & ~same & (up >= HEAT_FIRST) & (down >= HEAT_FIRST) & (left >= HEAT_FIRST) & (right >= HEAT_FIRST)
    if heat.any():
        mean = (up.astype(np.int64) + down + left + right + 2) // 4
        P[heat] = mean[heat]
    return B


def view_cell(B: np.ndarray, maze: Maze, i: int) -> np.ndarray:
    """The block square of flat cell ``i`` (a 0-d view).

    Parameters
    ----------
    B : numpy.ndarray
        Block pictures ``(L, 2H+1, 2W+1)``.
    maze : Maze
        The maze they picture.
    i : int
        A flat cell index.

    Returns
    -------
    numpy.ndarray
        A ``(1, 1)`` view: writing to it paints the cell.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.blocks import structure, view_cell
    >>> m = Maze.open((2, 2))
    >>> B = structure(m)
    >>> view_cell(B, m, 3)[...] = 9
    >>> int(B[0, 3, 3])
    9
    """
    L, H, W = maze.shape3
    lv, rest = divmod(int(i), H * W)
    r, c = divmod(rest, W)
    return B[lv, 2 * r + 1 : 2 * r + 2, 2 * c + 1 : 2 * c + 2]


def _paint_marks(B: np.ndarray, maze: Maze, marks: np.ndarray) -> None:
    L, H, W = maze.shape3
    mk = marks.reshape(L, H, W, 6).astype(np.int64)
    once, twice = SLOTS["marked"], SLOTS["retraced"]
    cells = maze.cells.reshape(L, H, W)
    if W > 1:
        n = np.maximum(mk[:, :, :-1, 1], mk[:, :, 1:, 3]) * (((cells[:, :, :-1] & 2) != 0))
        pe = B[:, 1::2, 2 : 2 * W : 2]
        pe[n == 1] = once
        pe[n >= 2] = twice
    if H > 1:
        n = np.maximum(mk[:, :-1, :, 2], mk[:, 1:, :, 0]) * (((cells[:, :-1, :] & 4) != 0))
        ps = B[:, 2 : 2 * H : 2, 1::2]
        ps[n == 1] = once
        ps[n >= 2] = twice
    view = B[:, 1::2, 1::2]
    sides = mk * ((cells[..., None] >> np.arange(6)) & 1)
    any_once = (sides == 1).any(axis=-1)
    any_twice = (sides >= 2).any(axis=-1)
    view[any_twice & ~any_once] = twice
    view[any_once] = once


def _paint_path(B: np.ndarray, maze: Maze, path: np.ndarray, slot: int) -> None:
    L, H, W = maze.shape3
    lv, rest = np.divmod(path, H * W)
    r, c = np.divmod(rest, W)
    B[lv, 2 * r + 1, 2 * c + 1] = slot
    if path.size > 1:
        step = (lv[1:] == lv[:-1]) & (np.abs(r[1:] - r[:-1]) + np.abs(c[1:] - c[:-1]) == 1)
        B[lv[1:][step], (r[1:] + r[:-1] + 1)[step], (c[1:] + c[:-1] + 1)[step]] = slot


def runs(on: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Horizontal runs of ``True`` in a 2-D boolean array: ``(row, first column, length)``.

    Parameters
    ----------
    on : numpy.ndarray of bool
        A 2-D array.

    Returns
    -------
    (rows, firsts, lengths) : tuple of numpy.ndarray
        One entry per run, in reading order.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.render.blocks import runs
    >>> [a.tolist() for a in runs(np.array([[1, 1, 0, 1], [0, 0, 0, 0], [0, 1, 1, 1]], bool))]
    [[0, 0, 2], [0, 3, 1], [2, 1, 3]]
    """
    R, N = on.shape
    padded = np.zeros((R, N + 2), np.int8)
    padded[:, 1:-1] = on
    d = np.diff(padded, axis=1)
    sr, sc = np.nonzero(d == 1)
    er, ec = np.nonzero(d == -1)
    return sr, sc, ec - sc
