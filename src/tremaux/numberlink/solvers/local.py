"""Another solution near a known one, by a compiled search of its neighbourhoods: no encoding to build.

A second solution of a puzzle often differs from the first in a small
window or in a few lines (:mod:`.neighbourhoods`). SAT answers such a
question in a fraction of a millisecond once its encoding is built, but
building it costs more than a plain solve of a small puzzle. Here the same
neighbourhoods are searched by :func:`tremaux.kernels.nl_local.local_other`:
the free cells take every arrangement of links the rule allows them, every
other link is kept, and each complete arrangement is checked by following the
lines that may have changed from their numbers, so what it returns is a
solution under the rule.
"No other here" proves nothing about the rest of the board.

Examples
--------
>>> from tremaux.numberlink.solvers.local import LocalRun
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
from functools import lru_cache

import numpy as np

from ...kernels import numberlink as kn
from ...kernels.nl_local import local_other
from ..result import Linking
from .base import first_tables
from .neighbourhoods import _group_levels, _owner, windows

__all__ = ["LocalRun", "hood_cells", "LOCAL_NODES", "RETRY_NODES", "MAX_SIDE", "MAX_LINES", "CHUNK"]

LOCAL_NODES = 256
"""Nodes one neighbourhood may use in the first pass before it is passed over (most need a few dozen)."""

RETRY_NODES = 8192
"""Nodes in the second pass, over the neighbourhoods the first passed over."""

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
        ``(label, freed cells)`` (boolean, ``puzzle.shape``) in the order to
        search them; default :func:`hood_cells` of ``first``.

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.local import LocalRun
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["12", "12"])  # one solution: no neighbourhood holds another
    >>> run = LocalRun(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]]), cover=True, touch=True)
    >>> run.advance(None), run.done
    (None, True)
    """

    def __init__(self, puzzle, first: Linking, *, cover: bool, touch: bool,
                 hoods: Iterator[tuple[str, np.ndarray]] | None = None) -> None:
        self.puzzle, self.cover, self.touch = puzzle, bool(cover), bool(touch)
        self._base, self._grid = first_tables(puzzle, first)  # made once for every search from first
        self._ends = np.asarray(puzzle.ends, dtype=np.int64).reshape(-1, 2)
        # the lines' cells, flat, one after the other (one pass over all of them, not one per line)
        rc = np.concatenate([np.zeros((0, 2), dtype=np.int64)] + [np.asarray(q).reshape(-1, 2) for q in first.paths])
        self._spath = (rc[:, 0] * puzzle.width + rc[:, 1]).astype(np.int64)
        self._soff = np.zeros(len(first.paths) + 1, dtype=np.int64)
        self._soff[1:] = np.cumsum([len(q) for q in first.paths])
        self._hoods = hood_cells(puzzle, first) if hoods is None else (
            (label, np.flatnonzero(np.asarray(free).ravel())) for label, free in hoods)
        self.done = False
        self.seconds = 0.0
        self._retry: list[tuple[str, np.ndarray]] = []  # passed over in the first pass
        self._first_pass = True
        self.links: np.ndarray | None = None
        """The links of the last other solution returned (flat, ``int64``): its key without a pass over its lines."""

    @property
    def first_pass_done(self) -> bool:
        """Whether every neighbourhood has been searched with :data:`LOCAL_NODES` (the second pass may remain)."""
        return self.done or not self._first_pass

    @staticmethod
    def covers(label: str) -> bool:
        """Whether the neighbourhoods labelled ``label`` (as :func:`.neighbourhoods.neighbourhoods` labels them) are searched here.

        Windows of side up to :data:`MAX_SIDE`, groups of up to
        :data:`MAX_LINES` lines: SAT, asked beside a run, need not ask them
        too (its call over the whole board answers what a neighbourhood
        passed over here would have).

        Parameters
        ----------
        label : str

        Returns
        -------
        bool

        Examples
        --------
        >>> from tremaux.numberlink.solvers.local import LocalRun
        >>> LocalRun.covers("a 8 x 8 window"), LocalRun.covers("2 lines set free"), LocalRun.covers("3 lines set free")
        (True, True, False)
        """
        size = label.split()[1] if label.startswith("a ") else label.split()[0]
        return size.isdigit() and int(size) <= (MAX_SIDE if label.startswith("a ") else MAX_LINES)

    def advance(self, stop: float | None, *, first_pass_only: bool = False) -> tuple[Linking, str] | None:
        """Search the next neighbourhoods until one holds another solution, ``stop`` passes, or none is left.

        Parameters
        ----------
        stop : float or None
            A :func:`time.perf_counter` value, looked at between groups of
            :data:`CHUNK` neighbourhoods; ``None``: no limit.
        first_pass_only : bool
            Stop once every neighbourhood has been searched with
            :data:`LOCAL_NODES` (the second pass, with :data:`RETRY_NODES`
            each for those passed over, is left for a later call).

        Returns
        -------
        tuple or None
            The other solution and the label of its neighbourhood, or ``None``
            (see :attr:`done` for whether every neighbourhood was searched).

        Examples
        --------
        >>> from tremaux.numberlink import Linking
        >>> from tremaux.numberlink.solvers.local import LocalRun
        >>> from tremaux.numberlink import Puzzle
        >>> p = Puzzle.from_rows(["1.2", "...", "1.2"])
        >>> first = Linking.from_paths(p, [[(0, 0), (1, 0), (2, 0)], [(0, 2), (1, 2), (2, 2)]])
        >>> other, label = LocalRun(p, first, cover=False, touch=True).advance(None)
        >>> label, other.grid.tolist()  # line 1 set free bends through the empty middle column
        ('1 line set free', [[1, 1, 2], [0, 1, 2], [1, 1, 2]])
        """
        t0 = time.perf_counter()
        h, w = self.puzzle.shape
        out = np.zeros(h * w, dtype=np.int64)
        try:
            while not self.done:
                if stop is not None and time.perf_counter() >= stop:
                    return None
                if first_pass_only and not self._first_pass:
                    return None
                chunk = []
                for item in self._hoods:
                    chunk.append(item)
                    if len(chunk) == (CHUNK if self._first_pass else 1):  # a retry may take its whole budget
                        break
                if not chunk:
                    if self._first_pass and self._retry:  # the second pass, with more nodes each
                        self._first_pass = False
                        self._hoods = iter(self._retry)
                        continue
                    self.done = True
                    return None
                cells = [c for _, c in chunk]
                offs = np.zeros(len(cells) + 1, dtype=np.int64)
                offs[1:] = np.cumsum([len(c) for c in cells])
                cut = np.zeros(len(chunk), dtype=np.bool_)
                q = local_other(self._grid, h, w, self._ends, self.cover, self.touch, self._base, self._spath,
                                self._soff, np.concatenate(cells).astype(np.int64), offs,
                                LOCAL_NODES if self._first_pass else RETRY_NODES, out, cut)
                if self._first_pass:
                    self._retry += [chunk[i] for i in np.flatnonzero(cut[: len(chunk) if q < 0 else q]).tolist()]
                if q >= 0:
                    self.links = out
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
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink.solvers.local import hood_cells
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.2", "1.2", "3.3"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(2, 0), (2, 1), (2, 2)]])
    >>> [(label, c.tolist()) for label, c in hood_cells(p, lk)][:2]
    [('1 line set free', [0, 1, 3, 4]), ('1 line set free', [1, 2, 4, 5])]
    """
    sides = _sides(puzzle.shape)
    todo = [side for side in sorted(sides) if side <= MAX_SIDE]
    size = 0
    for side in todo[:1]:  # the windows of the smallest side before the lines' tables (an answer there needs none)
        label = f"a {side} x {side} window"
        for cells in sides[side]:
            yield label, cells
    todo = todo[1:]
    owner = _owner(puzzle, first)
    flat = owner.ravel()
    order = np.argsort(flat, kind="stable")  # cells by line, ascending within each
    bounds = np.searchsorted(flat[order], np.arange(len(first.paths) + 2))
    empty = order[bounds[0]:bounds[1]]
    levels = _group_levels(owner, len(first.paths))
    first_round = True
    while True:
        if todo and not first_round:
            side = todo.pop(0)
            label = f"a {side} x {side} window"
            for cells in sides[side]:
                yield label, cells
        first_round = False
        for _ in range(2 if size == 0 else 1):
            level = next(levels, None) if size < MAX_LINES else None
            size += 1
            for g in level or ():
                cells = np.sort(np.concatenate([empty] + [order[bounds[k + 1]:bounds[k + 2]] for k in g]))
                yield f"{size} line{'s' if size > 1 else ''} set free", cells
        if level is None and not todo:
            return


@lru_cache(maxsize=64)
def _sides(shape: tuple[int, int]) -> dict[int, list[np.ndarray]]:
    """The flat cells (ascending, read-only) of the windows of :func:`.neighbourhoods.windows` of side up to
    :data:`MAX_SIDE`, by side, made once per shape."""
    index = np.arange(shape[0] * shape[1], dtype=np.int64).reshape(shape)
    sides: dict[int, list[np.ndarray]] = {}
    for side, r0, c0 in windows(shape):
        if side <= MAX_SIDE:
            cells = index[r0:r0 + side, c0:c0 + side].ravel()
            cells.flags.writeable = False
            sides.setdefault(side, []).append(cells)
    return sides
