"""The generator's first step: a cover of the grid by lines, planted as the puzzle's solution, within its time.

:func:`plant` draws the cover (the compiled kernel's short lines, or walks
joined and cut to a density: :mod:`tremaux.numberlink.cover`);
:func:`check_time` is the generator's clock, and where a bounded generation
moves on into a child process (:mod:`.solvers.bound`).

Examples
--------
>>> from tremaux.numberlink.plant import plant
>>> import time
>>> from tremaux.kernels.rng import make_state
>>> lines = plant(4, 4, make_state(2), 6, 0.25, None, None, time.perf_counter())
>>> sorted(c for line in lines for c in line) == list(range(16)), len(lines)
(True, 4)
"""

from __future__ import annotations

import time

import numpy as np

from ..errors import BudgetExceededError
from ..kernels import numberlink as kn
from .cover import lines_of, rewire, split_to, split_touching, walk_cover
from .solvers.bound import checkpoint
from .staircase import staircase_cover

__all__ = ["plant", "check_time", "gave_up"]


def check_time(stop: float | None, t0: float, time_limit: float | None) -> None:
    """Raise :class:`~tremaux.errors.BudgetExceededError` once ``time.perf_counter()`` is past ``stop``.

    Also a :func:`~tremaux.numberlink.solvers.bound.checkpoint`: a bounded
    generation past its share of time in process goes on in a child from here.

    Parameters
    ----------
    stop : float or None
        The deadline as a ``time.perf_counter()`` value; ``None``: none.
    t0 : float
        When the generation started, for the message.
    time_limit : float or None
        The limit the user gave, for the message.

    Raises
    ------
    BudgetExceededError
        Past ``stop``.

    Examples
    --------
    >>> from tremaux.numberlink.plant import check_time
    >>> import time
    >>> check_time(None, time.perf_counter(), None)
    >>> check_time(0.0, 0.0, 5.0)
    Traceback (most recent call last):
    ...
    tremaux.errors.BudgetExceededError: generation gave up after ... s (time limit 5 s); ...
    """
    checkpoint()
    if stop is not None and time.perf_counter() > stop:
        raise gave_up(t0, time_limit)


def gave_up(t0: float, time_limit: float | None) -> BudgetExceededError:
    """The error of a generation started at ``t0`` that stops now, its time limit ``time_limit`` spent (or, as a
    question that cannot end by the deadline knows, about to be).

    Parameters
    ----------
    t0 : float
        When the generation started (:func:`time.perf_counter`).
    time_limit : float or None
        Its time limit in seconds, named in the message.

    Returns
    -------
    BudgetExceededError
        To raise: the time spent, the limit and what to try.

    Examples
    --------
    >>> from tremaux.numberlink.plant import gave_up
    >>> str(gave_up(0.0, 5.0)).startswith("generation gave up after ")
    True
    """
    limit = "" if time_limit is None else f" (time limit {time_limit:g} s)"
    return BudgetExceededError(f"generation gave up after {time.perf_counter() - t0:.1f} s{limit}; try a smaller "
                               f"size, another density or a longer time limit")


def plant(h: int, w: int, state: np.ndarray, max_len: int, density: float | None, stop: float | None,
          time_limit: float | None, t0: float, induced: bool = True, stairs: bool = False) -> list[list[int]]:
    """The planted lines of the generator: a cover of the grid by lines (that never run beside themselves).

    Without ``density``: the numba kernel's cover of short lines (at most
    ``max_len`` cells), cut where a line touches itself when ``induced``. With it: walks joined
    by :func:`rewire` until about ``density * h * w`` lines are left. Drawn
    again (from the advanced ``state``) until it succeeds or ``stop`` passes
    (the generation started at ``t0``).

    Parameters
    ----------
    h, w : int
        Rows and columns of the board.
    state : numpy.ndarray
        The generator's random state (advanced in place).
    max_len : int
        Longest line of the kernel's cover.
    density : float or None
        Lines per cell wanted; ``None`` for the kernel's short lines.
    stop : float or None
        Deadline as a ``time.perf_counter()`` value.
    time_limit : float or None
        The user's time limit, for the message.
    t0 : float
        When the generation started.
    induced : bool, default True
        Cut lines where they touch themselves.
    stairs : bool, default False
        With ``density``: staircase lines (:func:`.staircase.staircase_cover`) instead of winding walks.

    Returns
    -------
    list of list of int
        The lines, flat cells end to end, covering the board.

    Examples
    --------
    >>> from tremaux.numberlink.plant import plant
    >>> import time
    >>> from tremaux.kernels.rng import make_state
    >>> lines = plant(3, 3, make_state(1), 5, None, None, None, time.perf_counter())
    >>> sorted(c for line in lines for c in line)
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    while True:
        check_time(stop, t0, time_limit)
        if density is None:
            links = kn.random_cover(h, w, state, max_len)
            if not (links != 0).all():
                continue
            lines = lines_of(links, h, w)
            lines = split_touching(lines, h, w) if induced else lines
        else:
            rng = np.random.default_rng(state.copy())
            state[0] ^= np.uint64(0x9E3779B97F4A7C15)  # a fresh stream if this cover is drawn again
            # no line is longer than the board, however few pairs are asked (1 / density may overflow)
            if stairs:
                lines = staircase_cover(h, w, rng, max(1, round(density * h * w)),
                                        lambda: check_time(stop, t0, time_limit))
            else:
                lines = walk_cover(h, w, rng, min(h * w, 1.0 / density))
            if lines is not None and not stairs:
                lines = rewire(lines, h, w, rng, max(2, int(min(h * w, 3.0 / density))), 400 * h * w,
                               target=max(1, round(density * h * w)), stop=stop)
                # walks of about 1 / density cells leave too few lines when density nears 0.5 pairs per cell
                lines = split_to(lines, round(density * h * w), rng)
        if lines is not None:
            check_time(stop, t0, time_limit)
            return lines
