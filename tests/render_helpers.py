"""Small hand-made mazes, solutions and traces for the rendering tests."""

from __future__ import annotations

import numpy as np

from tremaux import Event, Maze, Trace
from tremaux.solvers.result import Solution


def binary_tree(H: int, W: int, seed: int = 0, **kw) -> Maze:
    """A perfect maze made in bulk (binary tree: every cell opens north or east)."""
    rng = np.random.default_rng(seed)
    north = rng.random((H, W)) < 0.5
    north[0, :] = False
    north[1:, -1] = True
    east = ~north
    east[:, -1] = False
    c = np.zeros((H, W), np.uint8)
    c[north] |= 1
    c[:-1, :][north[1:, :]] |= 4
    c[east] |= 2
    c[:, 1:][east[:, :-1]] |= 8
    return Maze(c, **kw)


# (0,0)-(0,1)-(0,2) with a dead end (1,1) below (0,1); (1,0) and (1,2) closed off.
T_CELLS = np.array([[2, 2 | 8 | 4, 8], [0, 1, 0]], np.uint8)


def tremaux_run() -> Solution:
    """A hand-made Tremaux walk: into the dead end, back (marked twice), on to the goal."""
    maze = Maze(T_CELLS, start=(0, 0), goal=(0, 2))
    E = Event
    rows = np.array(
        [
            [E.VISIT, 0, -1],
            [E.MARK, 0, 1], [E.VISIT, 1, 0],
            [E.MARK, 1, 4], [E.VISIT, 4, 1],
            [E.MARK, 4, 1], [E.RETRACE, 4, 1],
            [E.MARK, 1, 2], [E.VISIT, 2, 1],
            [E.FOUND, 2, -1],
            [E.PATH, 0, -1], [E.PATH, 1, -1], [E.PATH, 2, -1],
        ]
    )
    marks = np.zeros((2, 3, 4), np.uint8)
    marks[0, 0, 1] = marks[0, 1, 3] = 1  # (0,0)-(0,1) once
    marks[0, 1, 1] = marks[0, 2, 3] = 1  # (0,1)-(0,2) once
    marks[0, 1, 2] = marks[1, 1, 0] = 2  # (0,1)-(1,1) twice
    visited = np.array([[1, 1, 1], [0, 1, 0]], bool)
    return Solution(
        maze=maze, algorithm="tremaux", start=(0, 0), goal=(0, 2), found=True,
        path=np.array([[0, 0], [0, 1], [0, 2]]), visited=visited, steps=5,
        message="path of 3 cells", trace=Trace.from_rows(rows, (2, 3)), extras={"marks": marks},
    )


def carve_trace(maze: Maze) -> Trace:
    """A generation trace that carves ``maze``'s passages in row-major order (one event per passage)."""
    L, H, W = maze.shape3
    rows = []
    flat = maze.flat
    for i in range(flat.shape[0]):
        if flat[i] & 2:
            rows.append([Event.CARVE, i + 1, i])
        if flat[i] & 4:
            rows.append([Event.CARVE, i + W, i])
    return Trace.from_rows(np.array(rows, np.int64).reshape(-1, 3), maze.shape)


def rgb(img, x: int, y: int) -> tuple[int, int, int]:
    """The colour of pixel (x, y) of a PIL image."""
    return img.convert("RGB").getpixel((x, y))
