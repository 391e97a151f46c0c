"""Replaying a generation or solving trace onto the block pictures of the maze, frame by frame.

:func:`replay` yields the pictures (palette slots) an animation shows:
:mod:`tremaux.render.animate` encodes them as a GIF or an animated SVG. A
numba kernel (:mod:`tremaux.kernels.render`) applies many events per frame,
and ``frames`` bounds the number of frames whatever the trace's length, within
a budget of frames x squares (:func:`check_frames`).

Examples
--------
>>> from tremaux.render import replay
>>> import numpy as np
>>> from tremaux import Maze, Trace, Event
>>> m = Maze.open((1, 3))
>>> rows = [[Event.CARVE, 0, -1], [Event.CARVE, 1, 0], [Event.CARVE, 2, 1]]
>>> [f[0, 1].tolist() for f in replay(m, Trace.from_rows(np.array(rows), (1, 3)))]
[[1, 11, 1, 11, 1, 11, 1], [1, 2, 1, 11, 1, 11, 1], [1, 2, 2, 2, 1, 11, 1], [1, 2, 2, 2, 2, 2, 1]]
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..errors import TremauxError
from ..generators.result import Generated
from ..kernels import render as kr
from ..maze.cells import MAX_CELLS
from ..maze.model import Maze
from ..solvers.result import Solution
from ..trace import Trace
from .palette import SLOTS
from .blocks import FLOOR, _paint_path, fill_posts, structure, view_cell
from .scene import maze_of

__all__ = ["replay", "trace_of", "check_frames", "kept_frames", "gif_durations", "GIF_MAX_MS", "MAX_FRAME_SQUARES"]

_UNCARVED = SLOTS["uncarved"]


def trace_of(obj: Any, trace: Trace | None = None) -> Trace:
    """The trace to replay: ``trace`` if given, else the one ``obj`` recorded.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        The object whose recorded trace is replayed.
    trace : Trace, optional
        A trace to use instead.

    Returns
    -------
    Trace
        The events to replay.

    Raises
    ------
    TremauxError
        When there is none (the run was not recorded).

    Examples
    --------
    >>> from tremaux.render.replay import trace_of
    >>> import tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((1, 2)), "bfs", record=True)
    >>> len(trace_of(s)) > 0
    True
    >>> trace_of(tremaux.solve(tremaux.Maze.open((1, 2)), "bfs"))
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: ...
    """
    if trace is not None:
        if not isinstance(trace, Trace):
            raise TremauxError(f"trace must be a tremaux.Trace, not {type(trace).__name__}")
        return trace
    t = getattr(obj, "trace", None) if isinstance(obj, (Solution, Generated)) else None
    if t is None:
        raise TremauxError(
            f"{type(obj).__name__} has no trace to animate; run it with record=True or pass trace="
        )
    return t


def _check_trace(maze: Maze, trace: Trace) -> None:
    if int(np.prod(trace.shape)) != maze.flat.shape[0]:
        raise TremauxError(f"trace of a {trace.shape} grid does not fit the maze of shape {maze.shape}")
    ev = trace.events
    n = maze.flat.shape[0]
    if ev.shape[0] and (ev["cell"].min() < 0 or ev["cell"].max() >= n or ev["other"].max() >= n
                        or ev["other"].min() < -1):
        raise TremauxError(f"trace refers to cells outside the maze of {n} cells")


def _is_generation(trace: Trace) -> bool:
    kinds = trace.kinds
    return bool(kinds.size) and int(kinds.max()) < 10


def _initial(maze: Maze, trace: Trace, generation: bool, start: int, goal: int) -> np.ndarray:
    if not generation:
        B = structure(maze)
    elif np.any(trace.kinds == 2):  # walls put up: start from an open field
        B = structure(Maze.open(maze.shape, mask=maze.mask))
    else:
        B = structure(Maze.closed(maze.shape, mask=maze.mask))
        cells = B[:, 1::2, 1::2]
        cells[cells == FLOOR] = _UNCARVED
    if not generation:
        for idx, slot in ((start, SLOTS["start"]), (goal, SLOTS["goal"])):
            if idx >= 0:
                view_cell(B, maze, idx)[...] = slot
    return B


def _final(obj: Any, maze: Maze, B: np.ndarray, generation: bool, start: int, goal: int) -> np.ndarray:
    if generation:
        F = structure(maze)
    else:
        F = B.copy()
        if isinstance(obj, Solution) and obj.found and obj.path.shape[0]:
            _paint_path(F, maze, np.ravel_multi_index(tuple(np.asarray(obj.path).T), maze.shape), SLOTS["path"])
    for idx, slot in ((start, SLOTS["start"]), (goal, SLOTS["goal"])):
        if idx >= 0:
            view_cell(F, maze, idx)[...] = slot
    return F


def _markers(obj: Any, maze: Maze) -> tuple[int, int]:
    s = obj.start if isinstance(obj, Solution) else maze.start
    g = obj.goal if isinstance(obj, Solution) else maze.goal
    return (-1 if s is None else maze.index(s)), (-1 if g is None else maze.index(g))


def _budget(frames: Any) -> int:
    try:
        f = int(frames)
        if f != frames or isinstance(frames, (bool, np.bool_)):  # frames=True is no count
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise TremauxError(f"frames {frames!r} is not a whole number") from None
    if f < 2:
        raise TremauxError(f"frames {f} is too few; an animation needs at least 2")
    return f


GIF_MAX_MS = 655_350
"""The longest a GIF shows one frame: the format stores the delay in hundredths of a second, in 16 bits."""


def _ms(value: Any, name: str, minimum: int, maximum: int | None = None) -> int:
    try:
        v = int(value)
        if v != value:
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise TremauxError(f"{name} {value!r} is not a whole number of milliseconds") from None
    if v < minimum:
        raise TremauxError(f"{name} {v} is too short; it must be at least {minimum} ms")
    if maximum is not None and v > maximum:
        raise TremauxError(f"{name} {v} is too long for a GIF; it must be at most {maximum} ms (the format's "
                           "longest frame)")
    return v


def gif_durations(durations: list[int]) -> list[int]:
    """``durations`` (ms) cut to what a GIF can show: a frame shown longer is shown :data:`GIF_MAX_MS`.

    Parameters
    ----------
    durations : list of int
        Display time of each frame, in milliseconds.

    Returns
    -------
    list of int
        The same, none over :data:`GIF_MAX_MS`.

    Examples
    --------
    >>> from tremaux.render.replay import gif_durations
    >>> gif_durations([60, 10_000_000])
    [60, 655350]
    """
    return [min(int(d), GIF_MAX_MS) for d in durations]


MAX_FRAME_SQUARES = MAX_CELLS
"""Most squares of the block picture a replay copies and compares over all its frames (frames x squares):
each frame is the whole picture, so this bounds the work to that of reading one maze of the largest size."""


def check_frames(maze: Maze, budget: int, events: int) -> int:
    """The frames a replay of ``events`` events keeps, refused when frames x squares is over :data:`MAX_FRAME_SQUARES`.

    Parameters
    ----------
    maze : Maze
        The maze replayed.
    budget : int
        The frame budget.
    events : int
        Events in the trace.

    Returns
    -------
    int
        The frames kept (:func:`kept_frames`).

    Raises
    ------
    TremauxError
        Naming how many frames fit.

    Examples
    --------
    >>> from tremaux import Maze
    >>> from tremaux.render.replay import check_frames
    >>> check_frames(Maze.open((2, 3)), 100, 5)
    6
    >>> check_frames(Maze.open((1000, 1000)), 10**6, 10**6)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: 1,000,000 frames of a maze of 4,004,001 squares replay ... give at most 249 frames
    """
    L, H, W = maze.shape3
    squares = L * (2 * H + 1) * (2 * W + 1)
    kept = kept_frames(budget, events)
    if kept * squares > MAX_FRAME_SQUARES:
        raise TremauxError(f"{kept:,} frames of a maze of {squares:,} squares replay {kept * squares:,} squares; "
                           f"the limit is {MAX_FRAME_SQUARES:,} (frames x squares): give at most "
                           f"{max(2, MAX_FRAME_SQUARES // squares):,} frames")
    return kept


def kept_frames(budget: int, events: int) -> int:
    """How many pictures a replay of ``events`` events within a budget of ``budget`` frames keeps, at most.

    Parameters
    ----------
    budget : int
        The frame budget (at least 2).
    events : int
        Events in the trace.

    Returns
    -------
    int
        ``min(budget, events + 1)``, at least 2: the state before any event, one per batch, the finished run.

    Examples
    --------
    >>> from tremaux.render.replay import kept_frames
    >>> kept_frames(10**9, 40), kept_frames(100, 10**6)
    (41, 100)
    """
    return max(2, min(int(budget), int(events) + 1))


def replay(obj: Any, trace: Trace | None = None, *, frames: int = 100) -> Iterator[np.ndarray]:
    """Block pictures of the animation, first frame to last.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        The maze (after the run) and, for a solution, its start, goal and path.
    trace : Trace, optional
        The events to replay; by default ``obj.trace``.
    frames : int, default 100
        At most this many pictures: the events are spread evenly over them
        (``ceil(events / (frames - 1))`` events per frame). The first picture
        is the state before any event, the last the finished maze or solution.

    Yields
    ------
    numpy.ndarray
        ``(L, 2H+1, 2W+1)`` palette slots (a fresh array each time).

    Examples
    --------
    >>> from tremaux.render import replay
    >>> import tremaux
    >>> g = tremaux.generate((2, 3), "backtracker", seed=1, record=True)
    >>> pictures = list(replay(g, frames=4))
    >>> len(pictures), pictures[0].shape
    (4, (1, 5, 7))
    """
    maze = maze_of(obj)
    tr = trace_of(obj, trace)
    _check_trace(maze, tr)
    budget = _budget(frames)
    generation = _is_generation(tr)
    start, goal = _markers(obj, maze)
    B = _initial(maze, tr, generation, start, goal)
    counts = np.zeros_like(B)
    last = np.full(1, -1, np.int64)
    ev = tr.events
    kinds = np.ascontiguousarray(ev["kind"])
    cells = np.ascontiguousarray(ev["cell"])
    others = np.ascontiguousarray(ev["other"])
    n = kinds.shape[0]
    per = max(1, math.ceil(n / (budget - 1)))
    slots = kr.slot_array(SLOTS)
    _, H, W = maze.shape3
    yield fill_posts(B.copy())
    lo = 0
    while lo < n:
        hi = min(n, lo + per)
        kr.apply_events(kinds, cells, others, lo, hi, B, counts, last, H, W, slots)
        lo = hi
        if lo < n:
            yield fill_posts(B.copy())
    yield fill_posts(_final(obj, maze, B, generation, start, goal))
