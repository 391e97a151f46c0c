"""Another solution near a known one, by a compiled search of its neighbourhoods: no encoding to build.

A second solution of a puzzle often differs from the first in a small
window or in a few lines (:mod:`.neighbourhoods`). SAT answers such a
question in a fraction of a millisecond once its encoding is built, but
building it costs more than a plain solve of a small puzzle. Here the same
neighbourhoods are searched by :func:`tremaux.kernels.nl_local.local_other`:
the free cells take every arrangement of links the rule allows them, every
other link is kept, and each complete arrangement is checked by tracing the
lines of the whole board, so what it returns is a solution under the rule.
"No other here" proves nothing about the rest of the board.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> p = Puzzle.from_rows(["1....", ".....", "....1"])
>>> first = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4)]])
>>> run = LocalRun(p, first, cover=False, touch=False)
>>> other, label = run.advance(None)
>>> label, other.grid.tolist()
('a 4 x 4 window', [[1, 0, 1, 1, 1], [1, 1, 1, 0, 1], [0, 0, 0, 0, 1]])
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from ...kernels import numberlink as kn
from ...kernels.nl_local import local_other
from ..result import Linking
from .neighbourhoods import _group_levels, _owner, windows

__all__ = ["LocalRun", "hood_cells", "LOCAL_NODES", "MAX_SIDE", "MAX_LINES", "CHUNK"]

LOCAL_NODES = 4096
"""Nodes one neighbourhood may use before it is passed over (a window of side 4 needs a few dozen)."""

MAX_SIDE = 8
"""Largest window side searched here."""

MAX_LINES = 2
"""Largest group of lines set free here (each line alone, then every two side by side)."""

CHUNK = 8
"""Neighbourhoods per kernel call: the clock is looked at between calls."""


class LocalRun:
    """The neighbourhoods of a solution searched in turn, resumable: :meth:`advance` goes on where it stopped.

    Parameters
    ----------
    puzzle : Puzzle
    first : Linking
        A solution of ``puzzle`` under the rule.
    cover : bool
        True for ``fill`` (every cell on a line), False for ``nikoli``.
    touch : bool
        Whether a line may run beside itself.
    hoods : iterator of tuple, optional
        ``(label, freed cells)`` in the order to search them; default
        :func:`.neighbourhoods.neighbourhoods` of ``first``.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["12", "12"])  # one solution: no neighbourhood holds another
    >>> run = LocalRun(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]]), cover=True, touch=True)
    >>> run.advance(None), run.done
    (None, True)
    """

    def __init__(self, puzzle, first: Linking, *, cover: bool, touch: bool,
                 hoods: Iterator[tuple[str, np.ndarray]] | None = None) -> None:
        self.puzzle, self.cover, self.touch = puzzle, bool(cover), bool(touch)
        self._grid = np.asarray(puzzle.grid).ravel().astype(np.int64)
        self._ends = np.asarray(puzzle.ends, dtype=np.int64).reshape(-1, 2)
        self._base = np.asarray(first.links, dtype=np.int64).ravel().copy()
        paths = [np.asarray(q, dtype=np.int64).reshape(-1, 2) for q in first.paths]
        w = puzzle.width
        self._spath = np.concatenate([q[:, 0] * w + q[:, 1] for q in paths] + [np.zeros(0, dtype=np.int64)])
        self._soff = np.concatenate([[0], np.cumsum([len(q) for q in paths])]).astype(np.int64)
        self._hoods = hood_cells(puzzle, first) if hoods is None else (
            (label, np.flatnonzero(np.asarray(free).ravel())) for label, free in hoods)
        self.done = False
        self.seconds = 0.0

    def advance(self, stop: float | None) -> tuple[Linking, str] | None:
        """Search the next neighbourhoods until one holds another solution, ``stop`` passes, or none is left.

        Parameters
        ----------
        stop : float or None
            A :func:`time.perf_counter` value, looked at between groups of
            :data:`CHUNK` neighbourhoods; ``None``: no limit.

        Returns
        -------
        tuple or None
            The other solution and the label of its neighbourhood, or ``None``
            (see :attr:`done` for whether every neighbourhood was searched).
        """
        t0 = time.perf_counter()
        h, w = self.puzzle.shape
        out = np.zeros(h * w, dtype=np.int64)
        try:
            while not self.done:
                if stop is not None and time.perf_counter() >= stop:
                    return None
                chunk = []
                for item in self._hoods:
                    chunk.append(item)
                    if len(chunk) == CHUNK:
                        break
                if len(chunk) < CHUNK:
                    self.done = True
                if not chunk:
                    return None
                cells = [c for _, c in chunk]
                offs = np.zeros(len(cells) + 1, dtype=np.int64)
                offs[1:] = np.cumsum([len(c) for c in cells])
                q = local_other(self._grid, h, w, self._ends, self.cover, self.touch, self._base, self._spath,
                                self._soff, np.concatenate(cells).astype(np.int64), offs, LOCAL_NODES, out)
                if q >= 0:
                    self.done = False  # the neighbourhoods after it are still to come
                    return self._linking(out), chunk[q][0]
            return None
        finally:
            self.seconds += time.perf_counter() - t0

    def _linking(self, links: np.ndarray) -> Linking:
        h, w = self.puzzle.shape
        _owner, cells, starts, _ = kn.trace_lines(links, self._ends, h, w)
        return Linking.from_flat(self.puzzle, cells, starts)


def hood_cells(puzzle, first: Linking) -> Iterator[tuple[str, np.ndarray]]:
    """The neighbourhoods of :func:`.neighbourhoods.neighbourhoods`, in its order, as flat free cells (ascending).

    Only the small ones: windows of side up to :data:`MAX_SIDE` and groups
    of up to :data:`MAX_LINES` lines (the larger ones are SAT's).

    Parameters
    ----------
    puzzle : Puzzle
    first : Linking
        A solution of ``puzzle``.

    Yields
    ------
    tuple
        The label and the free cells of each neighbourhood.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.2", "1.2", "3.3"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(2, 0), (2, 1), (2, 2)]])
    >>> [(label, c.tolist()) for label, c in hood_cells(p, lk)][:2]
    [('1 line set free', [0, 1, 3, 4]), ('1 line set free', [1, 2, 4, 5])]
    """
    h, w = puzzle.shape
    owner = _owner(puzzle, first)
    flat = owner.ravel()
    order = np.argsort(flat, kind="stable")  # cells by line, ascending within each
    bounds = np.searchsorted(flat[order], np.arange(len(first.paths) + 2))
    empty = order[bounds[0]:bounds[1]]
    levels = _group_levels(owner, len(first.paths))
    sides: dict[int, list] = {}
    for side, r0, c0 in windows(puzzle.shape):
        sides.setdefault(side, []).append((r0, c0))
    todo = [side for side in sorted(sides) if side <= MAX_SIDE]
    size = 0
    while True:
        if todo:
            side = todo.pop(0)
            for r0, c0 in sides[side]:
                rows = np.arange(r0, min(h, r0 + side))
                cols = np.arange(c0, min(w, c0 + side))
                yield f"a {side} x {side} window", (rows[:, None] * w + cols[None, :]).ravel()
        for _ in range(2 if size == 0 else 1):
            level = next(levels, None) if size < MAX_LINES else None
            size += 1
            for g in level or ():
                cells = np.sort(np.concatenate([empty] + [order[bounds[k + 1]:bounds[k + 2]] for k in g]))
                yield f"{size} line{'s' if size > 1 else ''} set free", cells
        if level is None and not todo:
            return
