"""Solving Number Link puzzles: the registry :data:`NL_SOLVERS` and :func:`solve_puzzle`.

Two solvers are registered:

``fast`` (alias ``sat``), the default
    Exact. Cheap checks first (an endpoint walled in, a pair cut off from its
    partner, a cell that cannot be covered; under ``fill``, the checkerboard
    count of :func:`~tremaux.numberlink.sat.colour_surplus`). Under the
    ``nikoli`` rule, when one solution is asked for, quicker ways first: a
    negotiated-congestion router (rip-up and re-route, PathFinder style,
    numba), a short run; a SAT encoding asking for lines without U-turns
    that leave empty just the cells the checkerboard count says must be
    (Glucose for a moment; when there are none, a longer router run, then
    induced lines, never touching themselves, with any cells empty, which
    settle the puzzle); then a portfolio, the router's other runs in one
    process while child processes run Kissat (which cannot be interrupted)
    on such lines with exactly those empty cells, a few more, many more, and
    any number. Uniqueness under ``nikoli`` starts from that solution too: a
    shortcut where a line touches itself, or a detour through empty cells,
    is a second one; otherwise the solution is unique exactly when no other
    induced lines exist (a SAT question). Last, and always for ``fill`` and
    for counting: the SAT encoding of :mod:`tremaux.numberlink.sat` on
    Glucose 4 (python-sat) with lazy loop cuts, started from the router's
    best attempt as phase hints; it proves "no solution", proves uniqueness
    and counts solutions up to a limit.
``tremaux``
    The paper's modified Tremaux traveler, reproduced as described: numbers
    taken from the first row to the last, left to right; the line goes
    straight until an obstacle, then tries North, East, South, West, taking an
    unmarked way; with none, it steps back one cell at a time; when a pair
    cannot be connected it steps back into the previous pair's line. It has a
    step and time budget and finds one solution (as the paper's program).

Examples
--------
>>> from tremaux.numberlink import Puzzle, solve_puzzle
>>> p = Puzzle.from_rows(["1..2", "....", "1..2"])
>>> r = solve_puzzle(p, rule="fill", count=10)
>>> r.status, r.count, r.complete
('solved', 4, True)
>>> solve_puzzle(p, "tremaux").grid.tolist()
[[1, 1, 1, 2], [1, 1, 1, 2], [1, 1, 1, 2]]
>>> solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]), rule="fill").message
'no solution under the fill rule: the checkerboard count leaves at least 1 cell empty; it has solutions if cells may stay empty (rule nikoli)'
>>> solve_puzzle(Puzzle.from_rows(["1...", "..21", ".2.."]), rule="fill").message  # balanced, yet no way
'no solution under the fill rule; it has solutions if cells may stay empty (rule nikoli)'
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import numpy as np

from ..errors import InvalidSizeError, PuzzleError, UnsupportedError
from ..kernels import numberlink as kn
from ..kernels.rng import make_state
from ..registry import Registry
from .model import Puzzle, check_rule
from .result import Linking, PuzzleSolution
from .sat import FILL_COLOUR_BITS, colour_surplus

__all__ = ["NL_SOLVERS", "solve_puzzle", "solve_file", "quick_verdict"]

NL_SOLVERS = Registry("numberlink solver")
"""Number Link solvers by name; ``meta``: ``exact`` (proves no solution), ``counts`` (can count solutions)."""

DEFAULT_LIMIT = 1000
"""How many solutions ``count``/``all`` look for at most by default."""


def solve_puzzle(
    puzzle: Puzzle,
    solver: str = "fast",
    *,
    rule: str = "fill",
    unique: bool = False,
    count: int | None = None,
    time_limit: float | None = None,
    max_steps: int | None = None,
    record: bool = False,
) -> PuzzleSolution:
    """Solve ``puzzle`` with the solver named ``solver``.

    Parameters
    ----------
    puzzle : Puzzle
    solver : str
        A name in :data:`NL_SOLVERS` (``"fast"``/``"sat"`` or ``"tremaux"``).
    rule : {"fill", "nikoli"}
        ``fill``: every cell must be covered (the paper's rule); ``nikoli``:
        cells may stay empty.
    unique : bool
        Also prove that the solution is the only one, or find a second one.
    count : int, optional
        Look for up to ``count`` solutions and keep them all (``--count``/``--all``).
    time_limit : float, optional
        Seconds; past it the run stops with status ``"gave-up"``.
    max_steps : int, optional
        Step budget of the ``tremaux`` traveler (default one billion, a few seconds).
    record : bool
        ``tremaux`` only: keep a trace of the traveler's moves in ``extras["trace"]``.

    Returns
    -------
    PuzzleSolution

    Raises
    ------
    UnknownNameError
        An unknown solver or rule (the message lists the valid names).
    UnsupportedError
        ``unique``/``count`` with a solver that finds one solution only.
    """
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"expected a Puzzle, not {type(puzzle).__name__}")
    entry = NL_SOLVERS.get(solver)
    rule = check_rule(rule)
    if count is not None and int(count) < 1:
        raise InvalidSizeError(f"count must be at least 1, not {count}")
    if time_limit is not None and not time_limit > 0:
        raise InvalidSizeError(f"time limit must be positive, not {time_limit}")
    if (unique or count) and not entry.counts:
        raise UnsupportedError(f"the {entry.name} solver finds one solution (as in the paper); "
                               f"use the fast solver for uniqueness and counting")
    t0 = time.perf_counter()
    res: PuzzleSolution = entry.func(puzzle, rule=rule, unique=unique, count=count, time_limit=time_limit,
                                     max_steps=max_steps, record=record)
    return _finish(res, puzzle, entry.name, rule, time.perf_counter() - t0)


def solve_file(path: Any, solver: str = "fast", **options: Any) -> list[PuzzleSolution]:
    """:func:`solve_puzzle` on every puzzle of the file at ``path`` (several in the ``wh`` format).

    A puzzle that cannot be read (an unpaired number...) gets status
    ``"invalid"`` with the reason as message; the others are still solved.
    Malformed files raise :class:`~tremaux.errors.PuzzleFormatError`.
    """
    from pathlib import Path

    from .formats import load_all

    NL_SOLVERS.get(solver)
    out = []
    items = load_all(path, errors="keep")
    for i, item in enumerate(items):
        if isinstance(item, PuzzleError):
            name = Path(path).stem + (f"#{i + 1}" if len(items) > 1 else "")
            out.append(PuzzleSolution(None, NL_SOLVERS.get(solver).name, check_rule(options.get("rule", "fill")),
                                      "invalid", message=str(item), name=name))
        else:
            out.append(solve_puzzle(item, solver, **options))
    return out


def _finish(res: PuzzleSolution, puzzle: Puzzle, name: str, rule: str, seconds: float) -> PuzzleSolution:
    kw = dict(res.__dict__)
    kw.update(puzzle=puzzle, solver=name, rule=rule, seconds=seconds, name=puzzle.name)
    return PuzzleSolution(**kw)


def quick_verdict(puzzle: Puzzle, rule: str) -> str | None:
    """A reason why ``puzzle`` has no solution that needs no search, or ``None``.

    Looks for an endpoint walled in by the border and other numbers, a pair
    whose endpoints lie in different regions of free cells, and (under
    ``fill``) a free cell that cannot have two line neighbours.

    Examples
    --------
    >>> quick_verdict(Puzzle.from_rows(["1.2", "2.1"]), "nikoli") is None
    True
    >>> quick_verdict(Puzzle.from_rows(["1213", "2..3"]), "nikoli")
    "number '1' at (0, 0) is walled in: every neighbour is another number or the border"
    """
    h, w = puzzle.shape
    g = puzzle.grid
    lab = puzzle.labels
    n = puzzle.pairs
    ends = puzzle.ends  # (n, 2) flat cells
    er, ec = ends // w, ends % w
    # what lies beside each endpoint, N E S W: -1 for the border
    pad = np.full((h + 2, w + 2), -1, dtype=np.int64)
    pad[1:-1, 1:-1] = g
    beside = _beside(pad, er, ec)
    pair = np.arange(1, n + 1)[:, None, None]
    walled = ~((beside == 0) | (beside == pair)).any(axis=-1)  # (n, 2)
    if walled.any():
        k, j = (int(x) for x in np.argwhere(walled)[0])
        return (f"number {lab[k]!r} at ({int(er[k, j])}, {int(ec[k, j])}) is walled in: every neighbour is "
                f"another number or the border")
    # regions of free cells: a pair must touch a common region (or be adjacent)
    region = _regions(g)
    pad[1:-1, 1:-1] = region
    near = _beside(pad, er, ec)
    near = np.where(near > 0, near, 0)  # region labels beside each endpoint, 0 for none
    shared = ((near[:, 0, :, None] == near[:, 1, None, :]) & (near[:, 0, :, None] > 0)).any(axis=(1, 2))
    adjacent = np.abs(er[:, 0] - er[:, 1]) + np.abs(ec[:, 0] - ec[:, 1]) == 1
    cut_off = ~shared & ~adjacent
    if cut_off.any():
        k = int(np.flatnonzero(cut_off)[0])
        a, b = (int(er[k, 0]), int(ec[k, 0])), (int(er[k, 1]), int(ec[k, 1]))
        return (f"number {lab[k]!r} cannot be connected: its endpoints {a} and {b} are in regions "
                f"separated by other numbers")
    if rule == "fill":
        r, c = np.arange(h)[:, None], np.arange(w)[None, :]
        ways = (r > 0).astype(int) + (r < h - 1) + (c > 0) + (c < w - 1)  # neighbours inside the grid
        stuck = np.argwhere((ways < 2) & (g == 0))
        if stuck.size:
            r, c = (int(x) for x in stuck[0])
            return f"cell ({r}, {c}) cannot be covered: a line through it needs two neighbours"
        # a region of free cells that touches no endpoint can only hold loops
        untouched = np.setdiff1d(np.arange(1, int(region.max()) + 1), near)
        if untouched.size:
            r, c = (int(x) for x in np.argwhere(region == untouched[0])[0])
            return f"cell ({r}, {c}) cannot be covered: its region touches no number"
    return None


def _beside(pad: np.ndarray, er: np.ndarray, ec: np.ndarray) -> np.ndarray:
    """The values of ``pad`` (a grid with a one-cell border) beside cells ``(er, ec)``, N E S W on a last axis."""
    return np.stack([pad[er + 1 + dr, ec + 1 + dc] for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))], axis=-1)


def _regions(g: np.ndarray) -> np.ndarray:
    h, w = g.shape
    return kn.free_regions(np.ascontiguousarray(g.ravel(), dtype=np.int64), h, w).reshape(h, w)


# ---------------------------------------------------------------------- fast
ROUTER_PORTFOLIO = ((30, 1, 0.3, 1.3),) + tuple((5000, s, 1.0, 1.05) for s in (1, 2, 3, 4)) + tuple(
    (2000, s, 0.3, 1.3) for s in (2, 3, 4))
"""Router runs tried in turn under ``nikoli``: (rounds, seed, history step, pressure growth).

A short run first, in this process; then, in one process of the portfolio,
slow-pressure runs and restarts with other seeds, which each solve contest
puzzles the others do not (measured on the public set). The first run is
short because the SAT question after it answers most contest puzzles in a
few milliseconds; what it still solves at once are the puzzles with many
pairs, whose lines hardly wind (ADC 2015 Q05, 432 pairs, in one round).
Over the 8 rotations and reflections of the contest puzzles up to 40x20,
30 rounds gave a median of 22.0 ms against 25.2 ms for 50 rounds,
measured A/B in one session (38.3 ms for 200 rounds, in an earlier one).
"""

ROUTER_AGAIN: tuple[int, int, float, float] | None = (300, 2, 0.3, 1.3)
"""A second router run in this process, made when the first SAT question has no answer.

Those puzzles leave many cells empty, and they are the router's kind
(ADC 2015 Q13, Q14, Q20). ``None``: none.
"""


def _router(puzzle: Puzzle, rounds: int, seed: int = 1, hist: float = 0.3,
            growth: float = 1.3) -> tuple[int, np.ndarray, np.ndarray]:
    h, w = puzzle.shape
    cells = np.empty(4 * h * w, dtype=np.int64)
    starts = np.zeros(puzzle.pairs + 1, dtype=np.int64)
    flat = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int64)
    it = kn.route(flat, h, w, np.ascontiguousarray(puzzle.ends), rounds, cells, starts, make_state(seed), hist,
                  growth)
    return int(it), cells, starts


def _gave_up(limit: float | None, found: tuple[Linking, ...] = (), **kw: Any) -> PuzzleSolution:
    what = f"gave up after {limit:g} s" if limit else "gave up"
    return PuzzleSolution(None, "", "fill", "solved" if found else "gave-up", found,
                          message=what + (" (the solutions found so far are kept)" if found else ""),
                          complete=False, **kw)


@NL_SOLVERS.register("fast", aliases=("sat", "default"), exact=True, counts=True,
                     doc="Exact: quick checks; under nikoli a congestion router and induced lines; SAT with lazy loop cuts.")
def _fast(puzzle: Puzzle, *, rule: str, unique: bool, count: int | None, time_limit: float | None,
          max_steps: int | None = None, record: bool = False) -> PuzzleSolution:
    from .sat import Encoding

    why = quick_verdict(puzzle, rule)
    if why is not None:
        return PuzzleSolution(None, "", rule, "no-solution", message=why, unique=False if unique else None,
                              count=0 if count else None)
    if puzzle.pairs == 0:
        if rule == "fill":
            return PuzzleSolution(None, "", rule, "no-solution", message="no numbers: no line can cover a cell")
        empty = Linking(puzzle.shape, ())
        return PuzzleSolution(None, "", rule, "solved", (empty,), message="no numbers: nothing to connect",
                              unique=True if unique else None, count=1 if count else None)
    want = count if count else (2 if unique else 1)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    hint: Linking | None = None
    extras: dict[str, Any] = {}
    surplus = colour_surplus(puzzle)
    if rule == "fill" and surplus:
        return _fill_unbalanced(puzzle, surplus, unique, count, deadline)
    if rule == "nikoli" and unique and not count:
        answer = _nikoli_unique(puzzle, deadline, time_limit, extras)
        if answer is not None:
            return answer
    if rule == "nikoli":
        quick, hint = _nikoli_quick(puzzle, deadline, extras, one=want == 1)
        if quick is not None:
            return quick
    found: list[Linking] = []
    with Encoding(puzzle, rule, colour_bits=FILL_COLOUR_BITS if rule == "fill" else None) as enc:
        if hint is not None:
            enc.set_hint(hint)
        extras.update(clauses=enc.nclauses, variables=enc.nvars)
        try:
            while len(found) < want:
                model = enc.next_model(deadline)
                if model is None:
                    break
                owner, cells, starts, _ = kn.trace_lines(model.links, enc.ends, puzzle.height, puzzle.width)
                lk = Linking.from_flat(puzzle, cells, starts)
                found.append(lk)
                if len(found) < want:
                    enc.block(model)
                    enc.set_hint(lk)
        except TimeoutError:
            extras.update(sat_calls=enc.calls, loops_cut=enc.loops_cut)
            return _gave_up(time_limit, tuple(found), steps=enc.calls, extras=extras,
                            count=len(found) if count else None, unique=False if unique and len(found) > 1 else None)
        extras.update(sat_calls=enc.calls, loops_cut=enc.loops_cut)
        exhausted = len(found) < want
        calls = enc.calls
    if not found:
        msg = "no solution"
        if rule == "fill" and _solves_under_nikoli(puzzle, deadline):
            msg = "no solution under the fill rule; it has solutions if cells may stay empty (rule nikoli)"
        return PuzzleSolution(None, "", rule, "no-solution", message=msg, steps=calls, extras=extras,
                              unique=False if unique else None, count=0 if count else None)
    msg = f"{len(found)} solution{'s' if len(found) > 1 else ''}"
    if unique:
        msg = "unique solution" if len(found) == 1 else "not unique: a second solution is shown"
    elif count:
        msg = f"{len(found)} solutions" + ("" if exhausted else f" (stopped at the limit {count})")
    else:
        msg = "solved"
    return PuzzleSolution(None, "", rule, "solved", tuple(found), message=msg, steps=calls, extras=extras,
                          unique=(len(found) == 1) if unique else None, count=len(found) if count else None,
                          complete=exhausted or not count)


def _nikoli_unique(puzzle: Puzzle, deadline: float | None, time_limit: float | None,
                   extras: dict[str, Any]) -> PuzzleSolution | None:
    """Uniqueness under ``nikoli`` through induced lines; ``None`` when no solution was found quickly.

    A solution ``S`` comes from the quick ways (:func:`_nikoli_quick`). If one
    of its lines touches itself, the shortcut is another solution; if empty
    cells join the two sides of a line edge, a detour through them is
    another one (:func:`_next_to`). Otherwise ``S`` is the only solution
    exactly when no other induced lines (lines that never touch themselves)
    exist, which the SAT encoding with ``induced=True`` answers, ``S``
    forbidden. Why: take the shortcuts of another solution ``T`` one after
    the other; if that ends at a solution other than ``S``, its lines never
    touch themselves; if it ends at ``S``, the last shortcut undid a detour
    of ``S`` through its empty cells. The SAT question goes to Glucose for
    :data:`UNIQUE_GLUCOSE_SECONDS`, then to Kissat in a child process.
    """
    quick, _hint = _nikoli_quick(puzzle, deadline, extras, one=True)
    if quick is None:
        return None  # the exact search takes over
    if quick.status != "solved":
        return replace(quick, unique=False)
    first = quick.solutions[0]
    second = _next_to(puzzle, first)
    how = "a shortcut or a detour of the first solution"
    if second is None:
        settled, second = _other_lines(puzzle, first, deadline, extras)
        if not settled:
            return _gave_up(time_limit, (first,), extras=extras)
        how = "no other induced lines (SAT)" if second is None else "other induced lines (SAT)"
    extras["uniqueness"] = how
    steps = extras.get("sat_calls", 0)
    if second is None:
        return PuzzleSolution(None, "", "nikoli", "solved", (first,), message="unique solution", steps=steps,
                              extras=extras, unique=True)
    return PuzzleSolution(None, "", "nikoli", "solved", (first, second),
                          message="not unique: a second solution is shown", steps=steps, extras=extras,
                          unique=False)


UNIQUE_GLUCOSE_SECONDS = 1.0
"""Seconds of Glucose, in process, on "other induced lines?" before Kissat takes the question over.

Kissat, in a child process (it cannot be interrupted), then has until the
time limit. It answers where Glucose does not: ADC 2013 Q04 has other
induced lines, which Kissat finds in 1.6 s and Glucose not in 20 s.
"""


def _other_lines(puzzle: Puzzle, first: Linking, deadline: float | None,
                 extras: dict[str, Any]) -> tuple[bool, Linking | None]:
    """Whether the question "induced lines other than ``first``?" was settled, and those lines if any."""
    import multiprocessing as mp

    from .sat import Encoding

    with Encoding(puzzle, "nikoli", induced=True) as enc:
        enc.block_lines(first)
        extras.update(clauses=enc.nclauses, variables=enc.nvars)
        budget = UNIQUE_GLUCOSE_SECONDS if deadline is None else min(UNIQUE_GLUCOSE_SECONDS,
                                                                     deadline - time.perf_counter())
        try:
            model = enc.next_model(time.perf_counter() + budget)
            return True, None if model is None else _checked_lines(puzzle, model.links)
        except TimeoutError:
            pass
        finally:
            extras["sat_calls"] = enc.calls
    if "fork" not in mp.get_all_start_methods():
        return False, None  # pragma: no cover - platforms without fork
    ctx = mp.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_other_work, args=(puzzle, first, send), daemon=True)
    proc.start()
    send.close()
    t = time.perf_counter()
    try:
        wait = None if deadline is None else max(0.0, deadline - t)
        answer = _receive(recv, proc) if _ready([recv], wait) else None
    finally:
        _stop(recv, proc)
        extras["kissat_seconds"] = round(time.perf_counter() - t, 3)
    if answer is None:
        return False, None
    kind, links = answer
    return True, None if kind == "unsat" else _checked_lines(puzzle, links)


def _other_work(puzzle: Puzzle, first: Linking, send: Any) -> None:  # pragma: no cover - runs in the child
    from .sat import Encoding

    try:
        with Encoding(puzzle, "nikoli", backend=CHILD_SAT_BACKEND, induced=True) as enc:
            enc.block_lines(first)
            model = enc.next_model()
        send.send(("unsat", None) if model is None else ("sat", model.links))
    finally:
        send.close()


def _next_to(puzzle: Puzzle, linking: Linking) -> Linking | None:
    """Another solution under ``nikoli`` one step from ``linking``, or ``None``.

    A shortcut: a line that touches itself (two of its cells side by side,
    not one after the other) goes from the one to the other at once, and the
    cells between stay empty. A detour: a line edge ``a``-``d`` with an empty
    cell beside ``a`` and one beside ``d`` in one region of empty cells goes
    from ``a`` through that region to ``d``.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1..1", "...."])
    >>> straight = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2), (0, 3)]])
    >>> [c.tolist() for c in _next_to(p, straight).paths[0]]
    [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2], [0, 3]]
    >>> [c.tolist() for c in _next_to(p, _next_to(p, straight)).paths[0]]  # and back
    [[0, 0], [0, 1], [0, 2], [0, 3]]
    """
    h, w = puzzle.shape
    paths = list(linking.paths)
    flat = [path[:, 0] * w + path[:, 1] for path in paths]
    owner = np.zeros(h * w, dtype=np.int64)
    pos = np.zeros(h * w, dtype=np.int64)
    for k, cells in enumerate(flat):
        owner[cells] = k + 1
        pos[cells] = np.arange(cells.size)
    idx = np.arange(h * w).reshape(h, w)
    u = np.concatenate([idx[:, :-1].ravel(), idx[:-1, :].ravel()])
    v = np.concatenate([idx[:, 1:].ravel(), idx[1:, :].ravel()])
    touch = np.flatnonzero((owner[u] > 0) & (owner[u] == owner[v]) & (np.abs(pos[u] - pos[v]) > 1))
    if touch.size:
        e = int(touch[0])
        k = int(owner[u[e]]) - 1
        i, j = sorted((int(pos[u[e]]), int(pos[v[e]])))
        paths[k] = np.concatenate([paths[k][: i + 1], paths[k][j:]])
        return Linking.from_paths(puzzle, paths)
    region = kn.free_regions(np.ascontiguousarray(owner), h, w)  # regions of empty cells
    for k, cells in enumerate(flat):
        a, d = cells[:-1], cells[1:]
        for da in range(4):
            x, xr = _step(a, da, h, w, region)
            for dd in range(4):
                y, yr = _step(d, dd, h, w, region)
                hit = np.flatnonzero((xr > 0) & (xr == yr))
                if hit.size:
                    i = int(hit[0])
                    way = _empty_path(int(x[i]), int(y[i]), region, h, w)
                    detour = np.stack([way // w, way % w], axis=1)
                    paths[k] = np.concatenate([paths[k][: i + 1], detour, paths[k][i + 1:]])
                    return Linking.from_paths(puzzle, paths)
    return None


def _step(cells: np.ndarray, d: int, h: int, w: int, region: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The neighbours of ``cells`` in direction ``d`` (N E S W) and their regions (0: off the grid or taken)."""
    r, c = cells // w + (-1, 0, 1, 0)[d], cells % w + (0, 1, 0, -1)[d]
    inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
    nb = np.where(inside, r * w + c, 0)
    return nb, np.where(inside, region[nb], 0)


def _empty_path(x: int, y: int, region: np.ndarray, h: int, w: int) -> np.ndarray:
    """A shortest path of cells from ``x`` to ``y`` inside their region (breadth first)."""
    prev = {x: -1}
    queue = [x]
    for cur in queue:
        if cur == y:
            break
        r, c = divmod(cur, w)
        for nr, nc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            nxt = nr * w + nc
            if 0 <= nr < h and 0 <= nc < w and nxt not in prev and region[nxt] == region[x]:
                prev[nxt] = cur
                queue.append(nxt)
    way = [y]
    while prev[way[-1]] >= 0:
        way.append(prev[way[-1]])
    return np.array(way[::-1], dtype=np.int64)


def _fill_unbalanced(puzzle: Puzzle, surplus: int, unique: bool, count: int | None,
                     deadline: float | None) -> PuzzleSolution:
    """The answer under ``fill`` when the checkerboard count leaves cells empty: no solution, and why."""
    d = abs(surplus)
    msg = (f"no solution under the fill rule: the checkerboard count leaves at least {d} cell"
           f"{'s' if d > 1 else ''} empty")
    if _solves_under_nikoli(puzzle, deadline):
        msg += "; it has solutions if cells may stay empty (rule nikoli)"
    return PuzzleSolution(None, "", "fill", "no-solution", message=msg, unique=False if unique else None,
                          count=0 if count else None, extras={"colour_surplus": surplus})


def _solves_under_nikoli(puzzle: Puzzle, deadline: float | None) -> bool:
    """Whether a puzzle proved unsolvable under ``fill`` solves when cells may stay empty.

    It only chooses the wording of the verdict, so it gets at most
    :data:`ALT_RULE_SECONDS` (and never past ``deadline``).
    """
    left = ALT_RULE_SECONDS if deadline is None else min(ALT_RULE_SECONDS, deadline - time.perf_counter())
    alt = _fast(puzzle, rule="nikoli", unique=False, count=None, time_limit=max(0.01, left))
    return alt.status == "solved"


ALT_RULE_SECONDS = 10.0
"""Seconds spent finding out whether a puzzle proved unsolvable under fill solves under nikoli."""

ONEHOT_MAX_PAIRS = 64
"""Pairs above which the portfolio's runs with one-hot colours are skipped (their at-most-one clauses grow with
the square of the pairs). The others, with binary codes, run whatever the pairs: ADC 2015 Q19 (84 pairs),
which the router solves in 2 of its 8 rotations and reflections, is solved by the first question in 23-29 ms."""

GLUCOSE_FIRST_SECONDS = 0.15
"""Seconds of Glucose, in process, on the first questions before the portfolio starts.

The first asks for lines without U-turns that leave just the surplus cells
empty. When it is settled with "none" (and the second router run fails),
the rest of the time goes to induced lines with any cells empty, whose
answer settles the puzzle: small unsolvable puzzles are then
proved so in milliseconds (the ``7x7_ra`` level with no solution in 5 ms
instead of 63 ms, where a child process had to start).
"""

PORTFOLIO_SECONDS = 120.0
"""Seconds the portfolio may take when no time limit is set (then the exact search runs)."""

SAT_PORTFOLIO: tuple[tuple[str | None, int | None, str, str, float, float], ...] = (
    ("surplus", 0, "binary", "no-uturn", 2.0, 0.0),
    ("any", 4, "binary", "induced", 1.0, 0.5),
    ("any", 20, "binary", "induced", 1.0, 0.5),
    ("any", 20, "onehot", "induced", 1.0, 1.0),
    (None, None, "binary", "induced", 1.0, 1.0),
)
"""The Kissat runs of the portfolio: ``(holes, empty cells beyond the surplus, colour, lines, weight, delay)``.

A run gets processor time in proportion to its weight, and starts once the
others have had ``delay`` seconds for each unit of their weight.

Every run asks for lines that a solution under ``nikoli`` can be shortened
into: ``"induced"``, lines that never touch themselves, or ``"no-uturn"``,
lines that never take three edges of one 2 x 2 block (see
:class:`~tremaux.numberlink.sat.Encoding`). ``("surplus", 0)``: exactly the empty
cells the checkerboard count forces, of the surplus colour (none: the lines
and closed loops, later dropped, fill the grid); ``("any", k)``: up to ``k``
more, anywhere; ``(None, None)``: lines under ``nikoli``, any number of
empty cells, whose "no model" proves that the puzzle has no solution (every
solution can be shortened into induced lines).

Measured on the public contest puzzles. The first, asked of Glucose in
process before the portfolio starts, solves the winding ones whose answers
fill the grid or leave the forced cell or two empty: over the 8 rotations
and reflections of 10 of them its search takes a median of 2.6 ms (44 ms
with induced lines and no U-turn clauses), and ADC 2015 Q06, Q07 and Q18,
which took 1-6 s in the portfolio, take 0.05-0.12 s. Without the induced
clauses it has 40 % fewer clauses and is quicker still (median 9.3 against
13.9 ms with building and loading). The second solves ADC 2015 Q15 (1.6 s
alone). ADC 2015 Q17 is solved by the third, the fourth or the last,
depending on luck: over 4 orientations, 3.6-15 s for the binary codes,
3.2-22 s for the one-hot ones, 1.0 s to over 40 s for the last; running all
three, its median over 8 orientations is 8.8 s (13.0 s with the portfolio
before: the router at weight 2, no binary "up to 20" run, the last at
weight 0.5). Here the last run needs the induced lines: without them
Kissat did not solve Q15, Q17 or Q18 in 40 s.

The colour encoding (:class:`~tremaux.numberlink.sat.Encoding`) is chosen
per run. ``"binary"``: a code per pair in bits, and a variable per bit
and edge saying that the codes of its cells differ; ``"onehot"``: a
variable per cell and pair, with the pairwise at-most-one clauses (only up
to :data:`ONEHOT_MAX_PAIRS`). The binary codes have about half the clauses
of the one-hot colours without at-most-one (ADC 2014 Q13: 16,093 against
35,582).
"""

ROUTER_WEIGHT = 1.0
"""Weight of the router's runs in the portfolio (they solve the puzzles that leave many cells empty, such as
ADC 2015 Q13, Q14 and Q20, when the runs in this process did not)."""

SLICE_SECONDS = 0.2
"""How often the portfolio's scheduler looks at its processes."""

CHILD_SAT_BACKEND = "kissat404"
"""The python-sat solver of the portfolio (Kissat: the quickest there, but not interruptible)."""


NO_UTURN_COLOUR_BITS: int | None = 3
"""Colour bits of the runs asking for lines without U-turns (``None``: a code per pair).

Past 7 pairs, pairs share codes (see ``Encoding(colour_bits=...)``), and a
model whose line joins two pairs is cut and the solver asked again. Fewer
clauses, and quicker: over the 8 rotations and reflections of the contest
puzzles of the class up to 40x20, whole solves took a median of 21.6 ms
against 25.2 ms with a code per pair (19.3 against 22.0 ms with the
30-round first router run), measured A/B in one session.
"""

Job = tuple[str | None, int | None, str, str]
"""A SAT question of the portfolio: ``(holes, extra, colour, lines)``, see :data:`SAT_PORTFOLIO`."""


def _job_encoding(puzzle: Puzzle, job: Job, backend: str) -> Any:
    from .sat import Encoding

    holes, extra, colour, lines = job
    kw = dict(backend=backend, colour=colour, induced=lines == "induced", uturns=False)
    if lines == "no-uturn" and colour == "binary" and NO_UTURN_COLOUR_BITS is not None:
        kw["colour_bits"] = NO_UTURN_COLOUR_BITS
    if holes is None:
        return Encoding(puzzle, "nikoli", **kw)
    return Encoding(puzzle, "fill", holes=holes, max_holes=abs(colour_surplus(puzzle)) + (extra or 0), **kw)


def _job_name(job: Job) -> str:
    holes, extra, _, lines = job
    kind = "induced lines" if lines == "induced" else "lines without U-turns"
    if holes is None:
        return f"{kind}, any cell may stay empty"
    if holes == "surplus":
        return f"{kind}, only the cells the checkerboard forces stay empty"
    return f"{kind}, up to {extra} more cells empty"


def _nikoli_quick(puzzle: Puzzle, deadline: float | None, extras: dict[str, Any],
                  one: bool) -> tuple[PuzzleSolution | None, Linking | None]:
    """The quick ways to one solution under ``nikoli``: the router, induced lines, the portfolio.

    Returns a final answer (solved, or proved unsolvable) or ``None``, and the
    router's best attempt as a hint for the exact search. With ``one`` false
    (uniqueness, counting) only the quick router run is made, for the hint.
    """
    it, cells, starts = _router(puzzle, *ROUTER_PORTFOLIO[0])
    extras["router_runs"] = 1
    if it == -2:
        return _unconnectable(), None
    hint = Linking.from_flat(puzzle, cells, starts) if it > 0 or starts[-1] > 0 else None
    if it > 0 and one:
        return _solved(hint, extras, "solved by the congestion router"), hint
    if not one:
        return None, hint
    kept = _sat_jobs(puzzle.pairs)
    jobs = [job[:4] for job in kept]
    weights = [job[4:] for job in kept]
    if jobs:
        budget = GLUCOSE_FIRST_SECONDS if deadline is None else min(GLUCOSE_FIRST_SECONDS,
                                                                   0.5 * (deadline - time.perf_counter()))
        t = time.perf_counter()
        lk, settled = _induced_here(puzzle, jobs[0], budget)
        extras["glucose_seconds"] = round(time.perf_counter() - t, 3)
        if lk is not None:
            return _solved(lk, extras, f"solved by {_job_name(jobs[0])} (Glucose)"), lk
        if settled:  # no such lines: the first Kissat run would say the same
            jobs, weights = jobs[1:], weights[1:]
            if ROUTER_AGAIN is not None:  # the puzzles that leave many cells empty: the router's kind
                it, cells, starts = _router(puzzle, *ROUTER_AGAIN)
                extras["router_runs"] = 2
                if it > 0:
                    lk = Linking.from_flat(puzzle, cells, starts)
                    return _solved(lk, extras, "solved by the congestion router"), lk
            # then the question that settles the puzzle, while it is quick: lines with any cells empty
            last = next((k for k, job in enumerate(jobs) if job[0] is None), None)
            if last is not None:
                lk, settled = _induced_here(puzzle, jobs[last], t + budget - time.perf_counter())
                extras["glucose_seconds"] = round(time.perf_counter() - t, 3)
                if lk is not None:
                    return _solved(lk, extras, f"solved by {_job_name(jobs[last])} (Glucose)"), lk
                if settled:
                    return _no_induced_lines(extras), hint
    end = (time.perf_counter() + PORTFOLIO_SECONDS) if deadline is None else deadline
    tasks: list[tuple[Any, float, float]] = [("router", ROUTER_WEIGHT, 0.0)] + [
        (job, w, delay) for job, (w, delay) in zip(jobs, weights)]
    t0 = time.perf_counter()
    pool = _Portfolio(puzzle, tasks)
    try:
        for task, answer in pool.run(end):
            kind, data = answer
            if task == "router":
                if kind == "sat":
                    lk = Linking.from_flat(puzzle, *data)
                    return _solved(lk, extras, "solved by the congestion router"), lk
                if kind == "unsat":
                    return _unconnectable(), hint
            elif kind == "sat":
                lk = _checked_lines(puzzle, data)
                if lk is not None:
                    extras["portfolio_seconds"] = round(time.perf_counter() - t0, 3)
                    return _solved(lk, extras, f"solved by {_job_name(task)} (Kissat)"), lk
            elif task[0] is None:  # no induced lines at all: no solution
                return _no_induced_lines(extras), hint
    finally:
        pool.close()
    return None, hint


def _sat_jobs(pairs: int) -> list[tuple[str | None, int | None, str, str, float, float]]:
    """The runs of :data:`SAT_PORTFOLIO` for a puzzle of ``pairs`` pairs (no one-hot colours past
    :data:`ONEHOT_MAX_PAIRS`)."""
    return [job for job in SAT_PORTFOLIO if job[2] != "onehot" or pairs <= ONEHOT_MAX_PAIRS]


def _no_induced_lines(extras: dict[str, Any]) -> PuzzleSolution:
    return PuzzleSolution(None, "", "nikoli", "no-solution", extras=extras,
                          message="no solution (no induced lines exist)")


def _solved(lk: Linking, extras: dict[str, Any], message: str) -> PuzzleSolution:
    return PuzzleSolution(None, "", "nikoli", "solved", (lk,), extras=extras, message=message)


def _unconnectable() -> PuzzleSolution:
    return PuzzleSolution(None, "", "nikoli", "no-solution", message="a pair cannot be connected")


class _Portfolio:
    """Processes that share the machine: the router's runs and Kissat runs, each a forked child.

    As many run at once as there are cores; the others are paused
    (``SIGSTOP``), and every :data:`SLICE_SECONDS` the ones that have had the
    least time for their weight run next, so a slow run never starves a
    quick one and no work is thrown away. A run that has not started yet
    counts its delay as time had, so it starts once the others have had as much.
    """

    def __init__(self, puzzle: Puzzle, tasks: list[tuple[Any, float, float]]) -> None:
        from .._system import cpu_count

        self.puzzle = puzzle
        self.tasks = tasks
        self.used = [weight * delay for _task, weight, delay in tasks]
        self.procs: dict[int, tuple[Any, Any]] = {}  # task index -> (connection, process)
        self.running: set[int] = set()
        self.finished: set[int] = set()
        self.slots = cpu_count()

    def run(self, end: float) -> Any:
        """Yield ``(task, answer)`` as processes answer, until all have or ``end`` passes."""
        import multiprocessing as mp
        import signal

        if "fork" not in mp.get_all_start_methods():
            return  # pragma: no cover - platforms without fork skip the portfolio
        while len(self.finished) < len(self.tasks) and time.perf_counter() < end:
            live = [i for i in range(len(self.tasks)) if i not in self.finished]
            live.sort(key=lambda i: (self.used[i] / self.tasks[i][1], i))
            chosen = set(live[: self.slots])
            for i in self.running - chosen:
                self._signal(i, signal.SIGSTOP)
            for i in chosen - self.running:
                if i in self.procs:
                    self._signal(i, signal.SIGCONT)
                else:
                    self._start(i)
            self.running = chosen & set(self.procs)
            t = time.perf_counter()
            conns = {self.procs[i][0]: i for i in self.running}
            ready = _ready(list(conns), max(0.0, min(SLICE_SECONDS, end - t)))
            spent = time.perf_counter() - t
            for i in self.running:
                self.used[i] += spent
            for conn in ready:
                i = conns[conn]
                answer = _receive(conn, self.procs.pop(i)[1])
                self.finished.add(i)
                self.running.discard(i)
                if answer is not None:
                    yield self.tasks[i][0], answer

    def _start(self, i: int) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        recv, send = ctx.Pipe(duplex=False)
        target = _router_work if self.tasks[i][0] == "router" else _sat_work
        proc = ctx.Process(target=target, args=(self.puzzle, self.tasks[i][0], send), daemon=True)
        proc.start()
        send.close()
        self.procs[i] = (recv, proc)

    def _signal(self, i: int, sig: int) -> None:
        import os

        try:
            os.kill(self.procs[i][1].pid, sig)
        except (ProcessLookupError, KeyError):  # pragma: no cover - it ended meanwhile
            pass

    def close(self) -> None:
        """Stop every process still there."""
        for conn, proc in self.procs.values():
            _stop(conn, proc)
        self.procs.clear()


def _induced_here(puzzle: Puzzle, job: Job, seconds: float) -> tuple[Linking | None, bool]:
    """Induced lines for ``job`` on Glucose, in this process.

    Glucose can be interrupted, so no child process is needed, and a fork
    costs more than most of these solves. Returns the lines (a solution under
    ``nikoli``) or ``None``, and whether the question was settled (``False``
    when time ran out).
    """
    if seconds < 0.005:
        return None, False
    with _job_encoding(puzzle, job, "glucose4") as enc:
        try:
            model = enc.next_model(time.perf_counter() + seconds, drop_loops=True)
        except TimeoutError:
            return None, False
    if model is None:
        return None, True
    lk = _checked_lines(puzzle, model.links)
    return lk, lk is not None


def _checked_lines(puzzle: Puzzle, links: np.ndarray) -> Linking | None:
    """The lines of a model's ``links``, or ``None`` if one of them does not join its pair."""
    _owner, cells, starts, reached = kn.trace_lines(links, np.ascontiguousarray(puzzle.ends), puzzle.height,
                                                   puzzle.width)
    if not np.array_equal(reached, puzzle.ends[:, 1]):
        return None  # pragma: no cover - a model always joins each pair
    return Linking.from_flat(puzzle, cells, starts)


def _ready(conns: list[Any], timeout: float) -> list[Any]:
    from multiprocessing.connection import wait

    return list(wait(conns, timeout)) if conns else []


def _receive(conn: Any, proc: Any) -> tuple[str, Any] | None:
    try:
        answer = conn.recv()
    except EOFError:  # pragma: no cover - the child died
        answer = None
    _stop(conn, proc)
    return answer


def _stop(conn: Any, proc: Any) -> None:
    if proc.is_alive():
        proc.kill()
    proc.join()
    conn.close()


def _router_work(puzzle: Puzzle, _task: str, send: Any) -> None:  # pragma: no cover - runs in the child
    try:
        answer: tuple[str, Any] = ("fail", None)
        for conf in ROUTER_PORTFOLIO[1:]:
            it, cells, starts = _router(puzzle, *conf)
            if it == -2:
                answer = ("unsat", None)
                break
            if it > 0:
                answer = ("sat", (cells, starts))
                break
        send.send(answer)
    finally:
        send.close()


def _sat_work(puzzle: Puzzle, job: Job, send: Any) -> None:  # pragma: no cover - child
    try:
        with _job_encoding(puzzle, job, CHILD_SAT_BACKEND) as enc:
            model = enc.next_model(drop_loops=True)
        send.send(("unsat", None) if model is None else ("sat", model.links))
    finally:
        send.close()


# ---------------------------------------------------------------------- tremaux
DEFAULT_MAX_STEPS = 1_000_000_000
"""Default step budget of the ``tremaux`` traveler."""

_CHUNK = 1 << 20


@NL_SOLVERS.register("tremaux", aliases=("paper", "traveler"), exact=True, counts=False,
                     doc="The paper's modified Tremaux traveler: straight, then N/E/S/W, step back one cell.")
def _tremaux(puzzle: Puzzle, *, rule: str, unique: bool, count: int | None, time_limit: float | None,
             max_steps: int | None = None, record: bool = False) -> PuzzleSolution:
    h, w = puzzle.shape
    max_steps = DEFAULT_MAX_STEPS if max_steps is None else int(max_steps)
    if max_steps < 1:
        raise InvalidSizeError(f"max_steps must be at least 1, not {max_steps}")
    if puzzle.pairs == 0:
        status = "solved" if rule == "nikoli" else "no-solution"
        sols = (Linking(puzzle.shape, ()),) if status == "solved" else ()
        return PuzzleSolution(None, "", rule, status, sols, message="no numbers")
    flat = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int64)
    order = _paper_order(puzzle)
    stack = np.zeros(h * w + puzzle.pairs + 1, dtype=np.int64)
    pstart = np.zeros(puzzle.pairs, dtype=np.int64)
    stack[0] = order[0, 0] * 64 + 4 * 8
    st = np.array([0, 1, 0, 0, 0], dtype=np.int64)
    trace = np.zeros((1_000_000 if record else 0, 3), dtype=np.int64)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    status = 0
    while True:
        left = max_steps - int(st[2])
        if left <= 0:
            break
        status = kn.tremaux_run(flat, h, w, order, rule == "fill", stack, pstart, st, min(_CHUNK, left), trace)
        if status:
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
    steps = int(st[2])
    extras: dict[str, Any] = {"order": tuple(int(k) for k in order[:, 2])}
    if record:
        from ..trace import Trace

        extras["trace"] = Trace.from_rows(trace[: int(st[4])], (h, w))
    if status == 1:
        return PuzzleSolution(None, "", rule, "solved", (_lines_from_stack(puzzle, order, stack, pstart, int(st[1])),),
                              message=f"solved in {steps} steps", steps=steps, extras=extras)
    if status == 2:
        return PuzzleSolution(None, "", rule, "no-solution",
                              message=f"no solution: every way was tried in {steps} steps", steps=steps, extras=extras)
    why = f"time limit {time_limit:g} s" if deadline is not None and steps < max_steps else "step budget"
    return PuzzleSolution(None, "", rule, "gave-up", message=f"gave up after {steps} steps ({why})",
                          steps=steps, extras=extras, complete=False)


def _paper_order(puzzle: Puzzle) -> np.ndarray:
    """``(n, 3)`` rows ``(start, goal, pair)``: numbers met first to last row, left to right."""
    seen: list[int] = []
    for v in puzzle.grid.ravel().tolist():
        if v and v not in seen:
            seen.append(v)
    ends = puzzle.ends
    return np.array([(ends[k - 1, 0], ends[k - 1, 1], k) for k in seen], dtype=np.int64)


def _lines_from_stack(puzzle: Puzzle, order: np.ndarray, stack: np.ndarray, pstart: np.ndarray,
                      depth: int) -> Linking:
    n = puzzle.pairs
    w = puzzle.width
    paths: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for j in range(n):
        lo = int(pstart[j])
        hi = int(pstart[j + 1]) if j + 1 < n else depth
        cells = [int(x) // 64 for x in stack[lo:hi]] + [int(order[j, 1])]
        paths[int(order[j, 2]) - 1] = [(c // w, c % w) for c in cells]
    return Linking.from_paths(puzzle, paths)

