"""The solutions under ``nikoli`` without touching, searched as colourings of the cells.

Without touching, a cell's colour (its pair, or empty) decides its links: two
cells side by side are linked exactly when they have the same colour, and a
colouring is a solution exactly when every coloured cell has as many
neighbours of its colour as its degree (one on a number, two elsewhere) and
no colour closes a loop. :func:`tremaux.kernels.nl_colour.colour_run`
searches those colourings with both degree rules and the reach of each
colour propagated after every choice: a complete search of the solutions,
with no encoding to build. :func:`.another.another_stage` asks it for a
second solution under ``nikoli`` when lines may not touch (or when the
first solution lets the question be asked among lines that do not,
:func:`.reductions.untouched_suffices`).

Examples
--------
>>> from tremaux.numberlink.solvers.colours import ColourRun
>>> from tremaux.numberlink import Puzzle
>>> run = ColourRun(Puzzle.from_rows(["1..", "...", "..1"]), max_solutions=9)
>>> out = run.advance()
>>> len(out.solutions), out.complete
(6, True)
"""

from __future__ import annotations

import time

import numpy as np

from ...errors import InvalidSizeError, PuzzleError
from ...kernels import numberlink as kn
from ...kernels.nl_colour import colour_run, new_colour_state
from ..model import Puzzle
from ..result import Linking
from .bound import checkpoint
from .search import SearchOutcome

__all__ = ["ColourRun", "MAX_CELLS", "MAX_PAIRS"]

MAX_PAIRS = 63
"""Most pairs a colouring holds: one bit of a 64-bit domain per pair, and one for an empty cell."""

MAX_CELLS = 2046
"""Largest board searched: the domains of every cell are kept for every depth of the search, ``8 * (n + 2) * n``
bytes for ``n`` cells, at most 32 MB here (as the row search's remembered states), and a trail of the colours
each cell lost, ``16 * n`` bytes a pair."""

_SLICE_CELLS = 1 << 15
"""Choices times cells in the first kernel call (a choice looks at every cell a few times); then as many
choices as fit in a slice of time at the rate measured."""

_SLICE_SECONDS = 0.005
"""Seconds between looks at the clock."""



class ColourRun:
    """A resumable search of the solutions of ``puzzle`` under ``nikoli`` without touching.

    Parameters
    ----------
    puzzle : Puzzle
        At most :data:`MAX_PAIRS` pairs.
    prefer : Linking, optional
        A solution whose lines never run beside themselves: its colours are
        tried first (a second solution near it then comes early), and it is
        the first solution reported, without being searched for.
    max_solutions : int
        The run ends after this many solutions.
    cut : bool
        Keep only the solutions without a cut corner (:mod:`.shortcuts`): not
        the set of solutions, but another one than a first that covers every
        cell whenever there is one (:func:`.reductions.shortcuts_suffice`).
    heads : bool
        Choose first among the cells beside the open end of a line (else the
        cell with the fewest colours left).
    keep : int, optional
        Keep only the first ``keep`` solutions (``prefer`` among them); the
        others are counted (:attr:`count`), never made into lines. Default: all.

    Raises
    ------
    PuzzleError
        ``puzzle`` is not a :class:`~tremaux.numberlink.Puzzle`, has more than
        :data:`MAX_PAIRS` pairs or :data:`MAX_CELLS` cells, or ``prefer`` is of
        another shape.
    InvalidSizeError
        ``max_solutions`` below 1.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.colours import ColourRun
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.2", "...", "1.2"])
    >>> out = ColourRun(p, max_solutions=5).advance()
    >>> [s.grid.tolist() for s in out.solutions], out.complete
    ([[[1, 1, 2], [0, 1, 2], [1, 1, 2]], [[1, 0, 2], [1, 0, 2], [1, 0, 2]], [[1, 2, 2], [1, 2, 0], [1, 2, 2]]], True)
    """

    def __init__(self, puzzle, *, prefer: Linking | None = None, max_solutions: int = 2, cut: bool = False,
                 heads: bool = True, keep: int | None = None) -> None:
        if not isinstance(puzzle, Puzzle):
            raise PuzzleError(f"the colour search needs a numberlink Puzzle, not {type(puzzle).__name__}")
        if puzzle.pairs > MAX_PAIRS:
            raise PuzzleError(f"the colour search holds at most {MAX_PAIRS} pairs, not {puzzle.pairs}")
        if puzzle.height * puzzle.width > MAX_CELLS:
            raise PuzzleError(f"the colour search holds at most {MAX_CELLS} cells, not {puzzle.height * puzzle.width}")
        if isinstance(max_solutions, bool) or not isinstance(max_solutions, (int, np.integer)) or max_solutions < 1:
            raise InvalidSizeError(f"max_solutions must be an integer of at least 1, not {max_solutions!r}")
        if prefer is not None and np.shape(prefer.grid) != puzzle.shape:
            raise PuzzleError(f"the solution to prefer is {np.shape(prefer.grid)}, the puzzle {puzzle.shape}")
        self.puzzle = puzzle
        h, w = puzzle.shape
        self._h, self._w = h, w
        self._grid = np.asarray(puzzle.grid, dtype=np.int64).ravel().copy()
        self._ends = np.asarray(puzzle.ends, dtype=np.int64).reshape(-1, 2).copy()
        self._pref = (np.zeros(h * w, dtype=np.int64) if prefer is None
                      else np.asarray(prefer.grid, dtype=np.int64).ravel().copy())
        self._cut, self._heads = bool(cut), bool(heads)
        self._known = prefer is not None
        self._sols: list[Linking] = [] if prefer is None else [prefer]
        self._keep = int(max_solutions) if keep is None else max(1, int(keep))
        self.count = len(self._sols)
        """Solutions found so far, kept or not (``prefer`` among them)."""
        self._state = new_colour_state(h * w, max(1, int(max_solutions) - len(self._sols)), max(1, puzzle.pairs))
        self._rate = 0.0
        self.done = len(self._sols) >= max_solutions  # nothing left to look for
        self.complete = False
        self.seconds = 0.0

    @property
    def nodes(self) -> int:
        """Choices made so far.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.colours import ColourRun
        >>> from tremaux.numberlink import Puzzle
        >>> run = ColourRun(Puzzle.from_rows(["1.1"]))
        >>> run.advance().complete, run.nodes
        (True, 0)
        """
        return int(self._state[4][1])

    @property
    def floods(self) -> int:
        """Times the reach of some colours was followed over the board again (at most once a choice): only
        after a choice that may have split a colour's cells.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.colours import ColourRun
        >>> from tremaux.numberlink import Puzzle
        >>> run = ColourRun(Puzzle.from_rows(["1..", "...", "..1"]), max_solutions=9)
        >>> _ = run.advance()
        >>> run.floods <= run.nodes
        True
        """
        return int(self._state[4][4])

    def advance(self, deadline: float | None = None, *, until_nodes: int | None = None) -> SearchOutcome:
        """Go on until the search ends, finds ``max_solutions``, ``deadline`` passes or ``until_nodes`` is reached.

        Parameters
        ----------
        deadline : float or None
            A :func:`time.perf_counter` value; ``None``: no limit.
        until_nodes : int, optional
            Stop once the run has made this many choices in all (:attr:`nodes`): a bound in work, so the
            search stops in the same state whatever the machine's speed.

        Returns
        -------
        SearchOutcome
            Every solution found since the run began, whether they are all
            (``complete``), the choices made and the seconds spent.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.colours import ColourRun
        >>> from tremaux.numberlink import Puzzle
        >>> run = ColourRun(Puzzle.from_rows(["1.2", "...", "1.2"]), max_solutions=2)
        >>> out = run.advance()
        >>> len(out.solutions), out.complete, run.done
        (2, False, True)
        """
        t0 = time.perf_counter()
        st, sols = self._state[4], self._state[5]
        try:
            while not self.done:
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break
                if until_nodes is not None and self.nodes >= until_nodes:
                    break
                checkpoint()
                seconds = _SLICE_SECONDS if deadline is None else min(_SLICE_SECONDS, deadline - now)
                nodes = max(4, _SLICE_CELLS // self._grid.size if self._rate <= 0 else int(self._rate * seconds))
                if until_nodes is not None:
                    nodes = min(nodes, until_nodes - self.nodes)
                before = int(st[1])
                status = colour_run(self._grid, self._h, self._w, self._ends, self._pref, self._known, self._cut,
                                    self._heads, *self._state, nodes)
                took = time.perf_counter() - now
                if int(st[1]) > before and took > 0:
                    self._rate = (int(st[1]) - before) / took
                new = int(st[6])
                self._sols += [self._linking(sols[s]) for s in range(min(new, self._keep - len(self._sols)))]
                self.count += new
                st[6] = 0
                if status != 0:
                    self.done = True
                    self.complete = status == 1
        finally:
            self.seconds += time.perf_counter() - t0
        return SearchOutcome(tuple(self._sols), self.complete, self.nodes, self.seconds, self.count)

    def _linking(self, colours: np.ndarray) -> Linking:
        h, w = self._h, self._w
        g = colours.reshape(h, w)
        links = np.zeros((h, w), dtype=np.uint8)
        east = (g[:, :-1] == g[:, 1:]) & (g[:, :-1] > 0)
        south = (g[:-1, :] == g[1:, :]) & (g[:-1, :] > 0)
        links[:, :-1] |= np.where(east, 2, 0).astype(np.uint8)
        links[:, 1:] |= np.where(east, 8, 0).astype(np.uint8)
        links[:-1, :] |= np.where(south, 4, 0).astype(np.uint8)
        links[1:, :] |= np.where(south, 1, 0).astype(np.uint8)
        _owner, cells, starts, _ = kn.trace_lines(links.ravel(), self._ends, h, w)
        return Linking.from_flat(self.puzzle, cells, starts)

