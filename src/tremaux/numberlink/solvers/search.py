"""The compiled Number Link search: exact, resumable, bounded by a deadline.

:func:`search` validates its input and runs a kernel in slices of nodes,
checking the wall clock between slices. Under ``fill`` without touching it
is the kernel of :mod:`tremaux.kernels.nl_search_diag`: cells along
anti-diagonals, where the corner theorem leaves each cell at most two shapes
and cuts most of them at once (``benchmarks/bench_nl_search.py``: 10 to 100
times fewer seconds than the row kernel on the corpus). Otherwise it is the
kernel of :mod:`tremaux.kernels.nl_search`, the puzzle laid out so that rows
run along its shorter side. It finds up to ``max_solutions`` solutions; when it stops
because the search space is exhausted (``complete``), the number found is the
exact number of solutions, so ``max_solutions=2`` decides uniqueness and a
complete run with none proves that there is no solution.

Examples
--------
>>> from tremaux.numberlink.solvers.search import search
>>> from tremaux.numberlink import Puzzle
>>> out = search(Puzzle.from_rows(["1.2", "1.2"]), cover=True, touch=True, max_solutions=3)
>>> len(out.solutions), out.complete
(2, True)
>>> out.solutions[0].grid.tolist()
[[1, 2, 2], [1, 2, 2]]
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ...errors import InvalidSizeError, PuzzleError
from ...kernels import nl_search as ks
from ...kernels import nl_search_diag as kd
from ...kernels.nl_search_corner import ALL_CORNERS, corner_table
from ...kernels.nl_search_prune import regions_by_row
from ...kernels.numberlink import trace_lines
from .bound import checkpoint
from ..model import Puzzle
from ..result import Linking

__all__ = ["SearchOutcome", "SearchRun", "search", "compiled_now"]

_SLICE_SECONDS = 0.004
"""Seconds of kernel work between two looks at the clock: the slice of nodes is sized from the measured rate."""
_FIRST_SLICE = 256
"""Nodes of the first kernel call of a run, before its rate of nodes per second is known."""
_ROW_REGIONS_MAX = 20_000_000
"""Largest (rows + 1) x cells for which the regions below each row are computed once (two int32 tables)."""


@dataclass(frozen=True)
class SearchOutcome:
    """What :func:`search` found.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.search import search
    >>> from tremaux.numberlink import Puzzle
    >>> out = search(Puzzle.from_rows(["12", "21"]), cover=False, touch=True)
    >>> out.solutions, out.complete
    ((), True)
    """

    solutions: tuple[Linking, ...]
    """The solutions found, at most ``max_solutions``, in the order the search met them."""
    complete: bool
    """True when the search space was exhausted: ``len(solutions)`` is then the exact count."""
    nodes: int
    """Search nodes visited (decisions tried on a cell)."""
    seconds: float
    """Wall-clock time of the run."""
    count: int | None = None
    """Solutions found in all (each once): ``solutions`` holds the first ``keep`` of them (:class:`SearchRun`);
    with ``complete``, the exact number of solutions. ``None`` when made: ``len(solutions)``."""

    def __post_init__(self) -> None:
        if self.count is None:
            object.__setattr__(self, "count", len(self.solutions))


def compiled_now(puzzle: Puzzle) -> bool:
    """Whether the compiled search should run on ``puzzle`` now.

    ``False`` while kernels run interpreted on a puzzle this size (the command
    line on a small puzzle, numba not imported yet, see
    :func:`tremaux._jit.would_interpret`): the search would first pay numba's
    start, some tenths of a second, where SAT answers a small puzzle in
    milliseconds. The pipeline then asks SAT instead: under ``fill``
    throughout (every cell covered keeps the SAT question small), and under
    ``nikoli`` for its first questions only, the ``search`` stage running
    compiled when those do not answer (measured in docs/benchmarks.md).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle about to be searched.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.solvers.search import compiled_now
    >>> compiled_now(Puzzle.from_rows(["1.1"]))
    True
    """
    from ..._jit import would_interpret

    return not would_interpret(puzzle.height * puzzle.width)


def search(puzzle: Puzzle, *, cover: bool, touch: bool, max_solutions: int = 1,
           deadline: float | None = None) -> SearchOutcome:
    """Search for up to ``max_solutions`` solutions of ``puzzle``.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    cover : bool
        True for the ``fill`` rule (every cell on a line), False for
        ``nikoli`` (cells may stay empty).
    touch : bool
        True lets a line run beside itself; False is the convention puzzle
        makers judge uniqueness by: two cells of one line are side by side
        only where the line goes from one to the other.
    max_solutions : int
        Stop after this many solutions (2 decides uniqueness).
    deadline : float, optional
        A :func:`time.perf_counter` value; past it the search stops with
        ``complete=False``.

    Returns
    -------
    SearchOutcome
        The solutions, whether the search space was exhausted, nodes, seconds.

    Raises
    ------
    PuzzleError
        ``puzzle`` is not a :class:`~tremaux.numberlink.Puzzle`.
    InvalidSizeError
        ``max_solutions`` below 1.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.search import search
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1..", "...", "..1"])
    >>> search(p, cover=False, touch=True, max_solutions=100).complete
    True
    >>> len(search(p, cover=False, touch=True, max_solutions=100).solutions)
    12
    >>> len(search(p, cover=False, touch=False, max_solutions=100).solutions)
    6
    >>> len(search(p, cover=True, touch=True, max_solutions=100).solutions)
    2
    >>> search(p, cover=True, touch=False).solutions
    ()
    """
    if deadline is not None and not isinstance(deadline, (int, float)):
        raise InvalidSizeError(f"deadline must be a time.perf_counter() value, not {deadline!r}")
    return SearchRun(puzzle, cover=cover, touch=touch, max_solutions=max_solutions).advance(deadline)


class SearchRun:
    """One run of the compiled search that can pause and go on: what :func:`search` does in one go.

    :meth:`advance` with ``pause_at=1`` returns once a first solution is
    found; a later :meth:`advance` goes on from there with the same state
    (the same pruning and remembered dead states), so counting to two
    after a first solution costs the rest of the search, not a new one.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    cover : bool
        True for the ``fill`` rule, False for ``nikoli``.
    touch : bool
        Whether a line may run beside itself.
    max_solutions : int
        The run ends after this many solutions in all.
    cut : bool
        Under ``nikoli`` only: keep only the solutions in which no ``┌``
        has an empty South-East neighbour and no ``┐`` an empty South-West
        one (the cut corners of :mod:`.shortcuts`). Not the set of
        solutions, but it keeps another solution than a first one that
        covers every cell whenever there is one
        (:func:`.reductions.shortcuts_suffice`), in a smaller search.
    keep : int, optional
        Keep only the first ``keep`` solutions; the others are counted
        (:attr:`SearchOutcome.count`), never made into lines. Default: all.

    Raises
    ------
    PuzzleError
        ``puzzle`` is not a :class:`~tremaux.numberlink.Puzzle`, or ``cut``
        is asked with ``cover``.
    InvalidSizeError
        ``max_solutions`` below 1.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.search import SearchRun
    >>> from tremaux.numberlink import Puzzle
    >>> run = SearchRun(Puzzle.from_rows(["1..", "...", "..1"]), cover=True, touch=True, max_solutions=5)
    >>> len(run.advance(pause_at=1).solutions) >= 1
    True
    >>> out = run.advance()
    >>> len(out.solutions), out.complete
    (2, True)
    """

    def __init__(self, puzzle: Puzzle, *, cover: bool, touch: bool, max_solutions: int = 1,
                 cut: bool = False, keep: int | None = None) -> None:
        self._t0 = time.perf_counter()
        self._spent = 0.0
        if not isinstance(puzzle, Puzzle):
            raise PuzzleError(f"search needs a numberlink Puzzle, not {type(puzzle).__name__}")
        if isinstance(max_solutions, bool) or not isinstance(max_solutions, (int, np.integer)) or max_solutions < 1:
            raise InvalidSizeError(f"max_solutions must be an integer of at least 1, not {max_solutions!r}")
        max_solutions = min(int(max_solutions), int(np.iinfo(np.int64).max))  # more than any search can reach
        if cut and cover:
            raise PuzzleError("cut=True keeps the solutions without a cut corner under nikoli: it needs cover=False")
        grid = np.asarray(puzzle.grid)
        self._diag = bool(cover) and not touch
        flip = grid.shape[1] > grid.shape[0] and not self._diag  # rows along the shorter side: a shorter frontier
        g = np.ascontiguousarray(grid.T if flip else grid)
        h, w = g.shape
        flat = g.ravel().astype(np.int64)
        n = puzzle.pairs
        numbered = np.flatnonzero(flat)  # each pair's two cells, row-major in this layout (one sort, not n scans)
        ends = numbered[np.argsort(flat[numbered], kind="stable")].reshape(n, 2)
        self.puzzle, self.cover, self.touch = puzzle, bool(cover), bool(touch)
        self._flat, self._h, self._w, self._ends, self._flip = flat, h, w, ends, flip
        self._cut = 0 if not cut else (2 if flip else 1)
        self._sols: list[Linking] = []
        self._keep = max_solutions if keep is None else max(1, int(keep))
        self._count = 0  # solutions found in all, kept or not
        self._rate = 0.0  # nodes per second measured over the run's kernel calls
        self._done = False
        if self._diag:
            self._state = kd.new_diag_state(h * w, max_solutions)
            self._order = kd.diag_order(h, w)
            self._corners = corner_table(flat, h, w)
            self._spent = time.perf_counter() - self._t0
            return
        slots = 1 << min(20, max(10, (h * w * 256).bit_length()))  # remembered dead states: up to 32 MB
        state = ks.new_state(h * w, max_solutions, slots)
        if (h + 1) * h * w <= _ROW_REGIONS_MAX:
            regions = regions_by_row(flat, h, w, ends)
        else:  # very large boards: search the undecided cells at each check instead of storing regions per row
            regions = (np.full((0, 0), -1, dtype=np.int32), np.zeros(1, dtype=np.int64),
                       np.zeros((0, 0), dtype=np.int32), np.zeros((0, 0), dtype=np.bool_))
        if touch:  # the corner theorem needs lines that never run beside themselves
            corners = np.zeros(0, dtype=np.int64)
        elif cover:
            corners = corner_table(flat, h, w)
        else:  # nikoli: a corner's inner diagonal may be empty, so every shape stays allowed
            corners = np.full(h * w, ALL_CORNERS, dtype=np.int64)
        self._state, self._regions, self._corners = state, regions, corners
        self._spent = time.perf_counter() - self._t0

    def advance(self, deadline: float | None = None, *, pause_at: int | None = None) -> SearchOutcome:
        """Go on until the search ends, ``deadline`` passes, or ``pause_at`` solutions are found in all.

        Parameters
        ----------
        deadline : float, optional
            A :func:`time.perf_counter` value.
        pause_at : int, optional
            Return (checked between slices of work) once this many solutions
            have been found since the run began.

        Returns
        -------
        SearchOutcome
            Every solution found since the run began; ``seconds`` is the
            time spent in the run's calls.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.search import SearchRun
        >>> from tremaux.numberlink import Puzzle
        >>> run = SearchRun(Puzzle.from_rows(["1.2", "1.2"]), cover=True, touch=True, max_solutions=3)
        >>> [len(run.advance(pause_at=k).solutions) >= k for k in (1, 2)]
        [True, True]
        >>> run.advance().complete
        True
        """
        t0 = time.perf_counter()
        state, st = self._state, self._state["st"]
        h, w, flip = self._h, self._w, self._flip
        while not self._done:
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            if pause_at is not None and self._count >= pause_at:
                break
            seconds = _SLICE_SECONDS if deadline is None else min(_SLICE_SECONDS, deadline - now)
            nodes = _FIRST_SLICE if self._rate <= 0 else max(64, int(self._rate * seconds))
            before = int(st[1])
            status = self._call(nodes)
            took = time.perf_counter() - now
            if int(st[1]) - before >= 64 and took > 0:  # the rate of this call, for sizing the next
                self._rate = (int(st[1]) - before) / took
            new = int(st[6])
            self._sols += [_linking(self.puzzle, state["sols"][s], h, w, flip)
                           for s in range(min(new, self._keep - len(self._sols)))]
            self._count += new
            st[6] = 0
            if status == 3:  # the solution buffer was full: emptied, go on
                st[2] = 0
            elif status != 0:
                self._done = True
        self._spent += time.perf_counter() - t0
        return SearchOutcome(tuple(self._sols), bool(st[2] == 1), int(st[1]), self._spent, self._count)

    @property
    def count(self) -> int:
        """Solutions found so far, kept or not.

        Examples
        --------
        >>> from tremaux.numberlink.solvers.search import SearchRun
        >>> from tremaux.numberlink import Puzzle
        >>> run = SearchRun(Puzzle.from_rows(["1..", "...", "..1"]), cover=False, touch=True, max_solutions=99, keep=1)
        >>> out = run.advance()
        >>> run.count, len(out.solutions), out.count
        (12, 1, 12)
        """
        return self._count

    def _call(self, nodes: int) -> int:
        """One call of the kernel for up to ``nodes`` nodes; its status (first a :func:`.bound.checkpoint`)."""
        checkpoint()
        state, st, h, w = self._state, self._state["st"], self._h, self._w
        if self._diag:
            return kd.diag_run(self._flat, h, w, self._ends, self._order, self._corners, state["links"],
                               state["end"], state["trail"], state["opt"], state["mark"], state["owner"],
                               state["sols"], st, nodes)
        lab, count, nterm, linked = self._regions
        return ks.search_run(self._flat, h, w, self._ends, self.cover, self.touch, state["links"],
                             state["ccol"], state["mate"], state["col"], state["trail"], state["opt"],
                             state["mark"], state["sols"], state["work"], st, nodes, state["fhash"],
                             state["fsol"], state["memo"], lab, count, nterm, linked, self._corners,
                             self._cut, state["dflag"])


def _linking(puzzle: Puzzle, links: np.ndarray, h: int, w: int, flip: bool) -> Linking:
    """The lines of one solution, each from the pair's first endpoint (row-major) of ``puzzle``."""
    first = np.array([puzzle.ends[k, 0] for k in range(puzzle.pairs)], dtype=np.int64)
    if flip:  # puzzle cell (r, c) is (c, r) in the transposed layout of width w = puzzle height
        pw = puzzle.width
        first = (first % pw) * w + first // pw
    start = np.stack([first, first], axis=1) if len(first) else np.zeros((0, 2), dtype=np.int64)
    _owner, cells, starts, _reached = trace_lines(links, start, h, w)
    paths = []
    for k in range(puzzle.pairs):
        c = cells[starts[k]:starts[k + 1]]
        r, q = c // w, c % w
        paths.append(np.stack([q, r], axis=1) if flip else np.stack([r, q], axis=1))
    return Linking.from_paths(puzzle, paths)
