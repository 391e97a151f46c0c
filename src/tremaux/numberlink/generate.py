"""A generator of proper Number Link puzzles: exactly one solution under the chosen rule.

1. Plant a cover of the grid by lines: with ``density=None``, many short
   lines (numba kernel :func:`tremaux.kernels.numberlink.random_cover`, cut
   where a line would touch itself under ``touch=False``); with a ``density`` (pairs per cell, e.g. ``0.03``), few long
   winding lines grown by walks and joined by random local moves
   (:mod:`tremaux.numberlink.cover`, :mod:`tremaux.numberlink.plant`) until about ``density * H * W`` are left,
   as in published puzzles (0.014 to 0.08 pairs per cell); or, by default above
   400 cells under ``nikoli`` or with touching, staircases (:mod:`.staircase`), whose
   uniqueness is one question under ``fill`` without touching. The same seed
   gives the same puzzle.
2. Put the numbers at the line ends; the cover is a solution ("planted").
3. Look for other solutions in small windows first: fix every line outside
   a window, and ask the SAT solver to link the pieces inside it some other
   way. Such a local alternative is a whole other solution. Cut a line of the
   planted solution where the other solution leaves it (the cut ends become a
   new pair, which the other solution cannot satisfy; the cuts for several at
   once are chosen together, :mod:`tremaux.numberlink.cuts`). Windows are cheap, and
   most alternatives are local.
   (Steps 3 and 4 are in :mod:`tremaux.numberlink.uniqueness`.)
4. When no window has one, ask the SAT solver for a solution of the whole
   puzzle other than the planted one, cut and start again at 3 if there is
   one. When the solver proves there is none, the puzzle is proper.

Under the no-touch convention (``touch=False``) step 3 is skipped: a window
cannot say that the pieces of one line inside it must not run beside each
other, so what it finds need not be another solution of the whole puzzle.

Uniqueness is judged among all solutions (``touch=True``) or, under the
convention puzzle makers use, among solutions whose lines never run beside
themselves (``touch=False``); then, and whenever a ``density`` is given, the
planted solution never runs beside itself either, so the puzzle is proper
under the convention. That is the default (``touch=None``) for dense and
sparse puzzles; the check is one SAT question under the convention (the
rule's encoding with the planted edges forbidden together), and each second
solution it shows is cut out as in step 3 (long winding lines under
``nikoli`` are asked in turns, :func:`.turns.ask_in_turns`; other boards
region by region, :func:`.regions._another_by_regions`). ``touch=True`` keeps the
older judgement among all solutions (windows, then the SAT check).

The planted solution covers every cell, so the puzzle is proper under
``fill``; with ``rule="nikoli"`` it is also made unique when cells may stay
empty (a stronger demand: no line may take a shortcut).

Nothing runs unbounded: sides above :data:`MAX_GENERATE_SIDE` are refused,
and a generation that runs past ``time_limit`` seconds (default
:data:`DEFAULT_TIME_LIMIT`) stops with :class:`~tremaux.errors.BudgetExceededError`:
after a tenth of that time in process it goes on in a child process, killed
shortly after the limit (:mod:`.solvers.bound`).

Examples
--------
>>> from tremaux.numberlink import generate_puzzle
>>> from tremaux.numberlink import solve_puzzle
>>> g = generate_puzzle((5, 6), seed=3)
>>> g.puzzle.shape
(5, 6)
>>> solve_puzzle(g.puzzle, unique=True).unique
True
>>> generate_puzzle((5, 6), seed=3).puzzle == g.puzzle
True
>>> s = generate_puzzle((12, 12), density=0.04, seed=1)
>>> s.touch, s.puzzle.pairs <= 12
(False, True)
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import _jit
from .._args import check_seed
from ..errors import BudgetExceededError, InvalidSizeError
from ..kernels.rng import make_state
from ._args import number, seconds, switch, whole
from .cuts import hitting_cuts
from .plant import check_time, gave_up, plant
from .staircase import is_staircase, planting_of
from .model import MIN_SIDE, Puzzle, check_rule
from .result import Linking
from .solvers.bound import run
from .regions import REGIONS_A_SIDE, _another_by_regions  # noqa: F401
from .uniqueness import (ALTERNATIVES, WINDOW, _another, _choose_cut, _cut, _edge_ids,  # noqa: F401
                         _edges_of, _model_edges, _rule_out, _window_cuts, _windows, exact_models)

__all__ = ["GeneratedPuzzle", "generate_puzzle", "MAX_GENERATE_SIDE", "DEFAULT_TIME_LIMIT", "SHORT_LINES_DENSITY"]

MAX_GENERATE_SIDE = 200
"""Largest height or width :func:`generate_puzzle` accepts (larger grids would run for minutes)."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds a generation may run by default before it stops with an error."""

SHORT_LINES_DENSITY = 0.15
"""About how many pairs per cell the default short lines make (0.15 to 0.20 on boards of 64 to 576 cells),
to tell before generating a puzzle whether a format could hold its pairs."""

_ALTERNATIVES_PER_CHECK = ALTERNATIVES
"""Other solutions collected per uniqueness check before the lines are cut and the check is run again."""


@dataclass(frozen=True)
class GeneratedPuzzle:
    """What :func:`generate_puzzle` returns.

    Examples
    --------
    >>> from tremaux.numberlink import generate_puzzle
    >>> made = generate_puzzle((4, 4), seed=1)
    >>> made.puzzle.shape, made.rule, made.seed
    ((4, 4), 'fill', 1)
    """

    puzzle: Puzzle
    """The puzzle, with exactly one solution under ``rule``."""
    solution: Linking
    """Its solution."""
    rule: str
    """The rule it is proper under."""
    touch: bool
    """Whether uniqueness was judged among all solutions (``True``) or among those whose lines never run beside
    themselves (``False``, and then the solution never does)."""
    seed: int
    """The seed it was made from (the one drawn when none was given)."""
    cuts: int
    """Lines cut (or joined) to remove other solutions."""
    checks: int
    """Uniqueness checks of the whole puzzle run."""
    window_checks: int
    """Checks of small windows run (each a small SAT encoding)."""
    seconds: float = field(compare=False)
    """Wall-clock time (not compared: two runs with one seed are equal)."""
    planted_pairs: int = 0
    """Pairs of the lines first planted, before any was cut (or joined) to remove other solutions: with a
    ``density``, as near ``density * H * W`` as the walks reached (fewer lines cannot cover a small board
    without running beside themselves)."""
    planting: str = "winding"
    """How sparse lines were planted: ``"winding"`` walks, or ``"stairs"``, lines that each step one way along
    rows and one way along columns (:mod:`.staircase`)."""

    @property
    def density(self) -> float:
        """Pairs per cell."""
        return self.puzzle.pairs / (self.puzzle.height * self.puzzle.width)

    def _repr_svg_(self) -> str | None:
        """The puzzle, for Jupyter (``None``, a PNG instead, above 10,000 cells, as :class:`Puzzle`)."""
        return self.puzzle._repr_svg_()

    def _repr_png_(self) -> bytes | None:
        """The puzzle as a PNG, for a board too big for its SVG (as :class:`Puzzle`)."""
        return self.puzzle._repr_png_()

    def __repr__(self) -> str:
        return (f"GeneratedPuzzle(shape={self.puzzle.shape}, pairs={self.puzzle.pairs}, rule={self.rule!r}, "
                f"touch={self.touch}, seed={self.seed!r}, cuts={self.cuts})")


def _puzzle_of(lines: list[list[int]], h: int, w: int) -> tuple[Puzzle, Linking]:
    lines = [ln if ln[0] < ln[-1] else ln[::-1] for ln in lines]
    lines.sort(key=lambda ln: ln[0])
    g = np.zeros((h, w), dtype=np.int32)
    for k, ln in enumerate(lines, start=1):
        g.flat[ln[0]] = k
        g.flat[ln[-1]] = k
    p = Puzzle(g)
    return p, Linking.from_paths(p, [[(c // w, c % w) for c in ln] for ln in lines])


def generate_puzzle(
    shape: tuple[int, int],
    *,
    rule: str = "fill",
    touch: bool | None = None,
    density: float | None = None,
    seed: int | None = None,
    max_len: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    planting: str | None = None,
) -> GeneratedPuzzle:
    """A random proper puzzle of ``shape`` ``(H, W)``, reproducible from ``seed``.

    Parameters
    ----------
    shape : (int, int)
        Rows and columns, two whole numbers, each 1 to :data:`MAX_GENERATE_SIDE` (not both 1). A board of one row
        (or column) is cut into straight lines, each between its numbers: the only proper puzzles it has.
    rule : {"fill", "nikoli"}
        The rule under which the puzzle must have exactly one solution.
    touch : bool, optional
        ``True``: unique among all solutions; ``False``: unique among solutions
        whose lines never run beside themselves (the puzzle makers'
        convention), and so is the planted solution. Default ``False``.
    density : float, optional
        Pairs per cell the planted lines aim at (published puzzles hold 0.014 to
        0.08); the cuts that make the puzzle unique may add a few pairs. By
        default the planted lines are short (about :data:`SHORT_LINES_DENSITY`
        pairs per cell).
    seed : int, numpy.random.Generator or numpy.random.SeedSequence, optional
        The same seed gives the same puzzle. Without one a seed is drawn, and
        given back as :attr:`GeneratedPuzzle.seed` to make the puzzle again
        (as is the 64-bit number drawn from a numpy ``Generator`` or ``SeedSequence``).
    max_len : int, optional
        Without ``density``: longest line of the initial cover (default
        ``H * W // 4``, at least 6).
    time_limit : float or None
        Seconds before the generation stops with an error (default
        :data:`DEFAULT_TIME_LIMIT`; ``None`` for no limit). Time spent
        loading kernels on their first use in the process is given back once:
        the generation is asked again from the start with it, when that is
        more time than its work had the first time (else it gives up at the
        limit, within :func:`.solvers.bound.grace`).
    planting : {"winding", "stairs"}, optional
        With a ``density``: how the lines are planted. ``"stairs"``: each line steps
        one way along rows and one way along columns, so every line of every
        solution is a shortest path and uniqueness is a quick question under
        any rule (:mod:`.staircase`), at no fewer than ``min(H, W)`` pairs.
        Default: ``"stairs"`` above :data:`.staircase.STAIRS_ABOVE` cells under
        ``nikoli`` or with touching, else ``"winding"``.

    Returns
    -------
    GeneratedPuzzle

    Raises
    ------
    InvalidSizeError
        A shape that is not two whole sides, a side below 1 (or a board of one cell) or above
        :data:`MAX_GENERATE_SIDE`, a density outside (0, 0.5], a ``max_len``
        below 2, a time limit that is not positive, or an option of the wrong
        kind (a seed that is not a whole number, a density that is not a number...), or a seed
        outside 0 to 2**64 - 1 (:data:`tremaux._args.SEED_RANGE`; it would be folded into 64 bits).
    BudgetExceededError
        The time limit ran out (the message says after how long).

    Examples
    --------
    >>> from tremaux.numberlink import generate_puzzle
    >>> g = generate_puzzle((8, 8), density=0.05, seed=2)
    >>> g.puzzle.pairs, g.touch
    (3, False)
    >>> generate_puzzle((1, 7), seed=1).puzzle.grid.tolist()  # one row: straight lines
    [[1, 0, 1, 2, 0, 0, 2]]
    >>> generate_puzzle((4096, 4096))
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: puzzle size 4096x4096 is beyond the generator's limit of 200 rows and columns
    """
    h, w, density, limit, seed, touch, max_len = _checked(shape, density, time_limit, seed, touch, max_len)
    rule = check_rule(rule)
    planting = planting_of(planting, density, h, w, rule, touch)
    t0 = time.perf_counter()
    if min(h, w) == 1:
        return _one_row(h, w, rule, touch, density, seed, max_len, t0)
    args = (h, w, rule, touch, density, seed, max_len, planting)
    if limit is None:
        return _generate(*args, None, limit, t0, ["while planting the lines"])
    loaded = _jit.load_seconds()
    try:
        return _bounded(args, t0, limit, t0, limit)
    except BudgetExceededError as exc:
        # time spent loading kernels on their first use in the process is given back once (as the solvers do),
        # so that the first puzzle of a process is not given up for it: the generation is asked again from the
        # start (the same seed: the same work), so only when what is left is more than the work had the first time
        loading = _jit.load_seconds() - loaded
        worked = time.perf_counter() - t0 - loading
        rest = limit - worked
        if loading <= 0 or rest <= worked:
            raise _said(exc, loading) from None
    try:
        return _bounded(args, time.perf_counter(), rest, t0, limit)
    except BudgetExceededError as exc:
        raise _said(exc, _jit.load_seconds() - loaded) from None


def _said(exc: BudgetExceededError, loading: float) -> BudgetExceededError:
    """``exc``, its message saying (as the solvers' do) how much time loading kernels on their first use took,
    given back to the work: a first generation in a process stops past its limit by that much."""
    if loading < 0.005:
        return exc
    return BudgetExceededError(re.sub(r"\(time limit ([^)]*) s\)", lambda m: f"(time limit {m.group(1)} s; "
                                      f"{loading:.2f} s spent loading kernels on their first use given back)", str(exc), 1))


def _one_row(h: int, w: int, rule: str, touch: bool, density: float | None, seed: int, max_len: int,
             t0: float) -> GeneratedPuzzle:
    """A puzzle of one row (or one column): the row cut at random into straight lines of at least two cells,
    each between its two numbers, about ``density`` pairs a cell or, without it, :data:`SHORT_LINES_DENSITY` and
    none longer than ``max_len`` (3 when the row is odd and ``max_len`` 2). The only path between two cells of a row is the
    straight one, and the lines cover the row: the puzzle is proper under either rule, and its lines never run
    beside themselves."""
    n = h * w
    cap = n if density is not None else max(max_len, 2 if n % 2 == 0 else 3)  # max_len: the short lines
    k = min(n // 2, max(1, round((SHORT_LINES_DENSITY if density is None else density) * n), -(-n // cap)))
    rng = np.random.default_rng(seed % 2**64)
    sizes = np.full(k, 2)
    for _ in range(n - 2 * k):  # each cell left goes to a line still shorter than the cap
        room = np.flatnonzero(sizes < cap)
        sizes[room[rng.integers(room.size)]] += 1
    ends = np.concatenate(([0], np.cumsum(sizes)))
    lines = [list(range(int(a), int(b))) for a, b in zip(ends[:-1], ends[1:])]
    puzzle, planted = _puzzle_of(lines, h, w)
    return GeneratedPuzzle(puzzle, planted, rule, touch, seed, 0, 0, 0, time.perf_counter() - t0, len(lines))


def _bounded(args: tuple[Any, ...], start: float, limit: float, t0: float, time_limit: float) -> GeneratedPuzzle:
    """:func:`_generate` given ``limit`` seconds from ``start``: past a share of them in process, it goes on in a
    forked child killed at the limit; ``t0`` and ``time_limit`` (the user's) are for the message."""
    loaded = _jit.load_seconds()
    where = ["while planting the lines"]  # as far as this process saw, when a child cut off at the limit says nothing
    value, why = run(_generate, (*args, start + limit, time_limit, t0, where), limit=limit, start=start,
                     slack=lambda: _jit.load_seconds() - loaded)
    if why:
        try:
            check_time(start, t0, time_limit)  # raises: the time is up
        except BudgetExceededError as exc:
            raise _where(exc, where) from None
    return value


def _checked(shape: Any, density: Any, time_limit: Any, seed: Any, touch: Any,
             max_len: Any) -> tuple[int, int, float | None, float | None, int, bool, int]:
    """The arguments of :func:`generate_puzzle` checked: ``h, w, density, time limit, seed, touch, max_len``.

    A seed left out is drawn here, so that the puzzle made can be made again from the seed it reports.
    """
    try:
        sides = tuple(shape)
    except TypeError:
        sides = ()
    if len(sides) != 2 or isinstance(shape, (str, bytes)):
        raise InvalidSizeError(f"puzzle size {shape!r} must be two whole numbers (rows, columns)")
    h, w = (whole(x, f"puzzle size {tuple(sides)!r}: a side") for x in sides)
    if min(h, w) < MIN_SIDE:
        raise InvalidSizeError(f"puzzle size {h}x{w} must have at least {MIN_SIDE} row and {MIN_SIDE} column")
    if h * w < 2:
        raise InvalidSizeError(f"puzzle size {h}x{w}: a board of one cell has no room for a pair (two cells)")
    if h > MAX_GENERATE_SIDE or w > MAX_GENERATE_SIDE:
        raise InvalidSizeError(f"puzzle size {h}x{w} is beyond the generator's limit of {MAX_GENERATE_SIDE} rows "
                               f"and columns")
    if density is not None:
        density = number(density, "density")
        if not 0 < density <= 0.5:
            raise InvalidSizeError(f"density {density!r} must be a number of pairs per cell in (0, 0.5]")
    limit = seconds(time_limit, "time limit")
    seed = int.from_bytes(os.urandom(4), "little") if seed is None else check_seed(seed)  # as generate() takes it
    touch = bool(switch(touch, "touch", none=True))
    max_len = max(6, h * w // 4) if max_len is None else min(whole(max_len, "max_len", least=2), h * w)  # none longer
    return h, w, density, limit, seed, touch, max_len


def _ruled_out(lines: list[list[int]], found: list[set[tuple[int, int]]] | None, h: int, w: int,
               state: np.ndarray) -> tuple[list[list[int]], int]:
    """The planted ``lines`` changed so that the other solutions ``found`` (their edges) are no solutions any
    more, and the pairs added (or lines joined): the fewest cuts that rule them out together
    (:func:`.cuts.hitting_cuts`); when no cut can (they differ only next to line ends), the first is taken as the
    planted solution and cut, or two lines are joined (:func:`.uniqueness._rule_out`); ``None`` (an undecided
    question), or nothing else to do: a random line is cut, and the next question is about an easier puzzle."""
    if found:
        new, n, _ = hitting_cuts(lines, found)
        if n:
            return new, n
        fixed = _rule_out(lines, found[0], h, w, induced=True)
        if fixed is not None:
            lines, cut_at = fixed
            if not cut_at:  # two lines joined
                return lines, 1
            return _cut(lines, cut_at, state)
    return _cut(lines, {}, state)


def _generate(*args: Any) -> GeneratedPuzzle:
    """:func:`generate_puzzle` with its arguments checked (:func:`_make`'s, then ``where``: a one-item list kept
    saying how far the work got), until ``stop`` (a ``time.perf_counter()`` value); a generation that gives up
    says how far it got (the pairs so far, those planted, the questions asked)."""
    *args, where = args
    try:
        return _make(*args, where)
    except BudgetExceededError as exc:
        raise _where(exc, where) from None


def _where(exc: BudgetExceededError, where: list[str]) -> BudgetExceededError:
    """``exc``, saying ``where[0]`` (how far the work got) unless it says already how far: once, by a child
    process the work went on in, or by the process that saw it last."""
    text = str(exc)
    said = any(f" {x}" in text for x in ("while planting the lines", "while making the lines unique:"))
    return exc if said else BudgetExceededError(text.replace("; try ", f" {where[0]}; try ", 1))


def _make(h: int, w: int, rule: str, touch: bool, density: float | None, seed: int | None, max_len: int,
          planting: str, stop: float | None, time_limit: float | None, t0: float, where: list[str]) -> GeneratedPuzzle:
    """:func:`_generate`'s work; ``where[0]`` is kept saying how far it got. Staircase lines (while a join has not
    made one bend back) are asked under ``fill`` without touching, the same question then (:mod:`.staircase`)."""
    from .sat import FILL_COLOUR_BITS, Encoding
    from .turns import Ledger, bounded_models

    induced = not touch
    ledger = Ledger()  # the work of the questions in turns so far (long lines under nikoli)
    state = make_state(seed)
    stairs = planting == "stairs"
    lines = plant(h, w, state, max_len, density, stop, time_limit, t0, induced or density is not None, stairs)
    first = len(lines)
    cuts = checks = window_checks = 0
    clean: dict[tuple[int, int, int, int], bytes] = {}
    shown: set[bytes] = set()  # the puzzles already shown to have another solution
    while True:
        stairs = stairs and all(is_staircase(ln, w) for ln in lines)
        while not induced and not stairs:  # local alternatives first, a pass over every window at a time
            check_time(stop, t0, time_limit)
            lines, cut_at, n, joined = _window_cuts(lines, h, w, rule, clean, induced)
            window_checks += n
            if cut_at:
                lines, n = _cut(lines, cut_at, state)
                cuts += n
            elif joined:
                cuts += 1
            else:
                break
        puzzle, planted = _puzzle_of(lines, h, w)
        if puzzle.grid.tobytes() in shown:  # a cut and a join undid each other: leave the circle by a random cut
            lines, n = _cut(lines, {}, state)
            cuts += n
            continue
        shown.add(puzzle.grid.tobytes())
        checks += 1
        where[0] = (f"while making the lines unique: {puzzle.pairs} pairs so far (density "
                    f"{puzzle.pairs / (h * w):.3f}, {first} planted), question {checks} asked")
        if induced or stairs:  # SAT under the convention: other solutions, or a proof there is none
            if density is not None and rule == "nikoli" and not stairs:  # long winding lines: small neighbourhoods, then in turns
                found, timed_out = _another(puzzle, planted, rule, stop, long_lines=True, ledger=ledger)
            else:
                found, timed_out = _another_by_regions(puzzle, planted, "fill" if stairs else rule, stop)
                if timed_out:  # it cannot end by the deadline (its encoding's pace said so): a cut would not help
                    check_time(stop, t0, time_limit)
                    raise gave_up(t0, time_limit)
            if found is not None and not found:
                return GeneratedPuzzle(puzzle, planted, rule, touch, seed, cuts, checks, window_checks,
                                       time.perf_counter() - t0, first, planting)
            check_time(stop, t0, time_limit)
            before = lines
            lines, n = _ruled_out(lines, found, h, w, state)
            cuts += n
            ledger.forget(c for ln in {tuple(x) for x in before} ^ {tuple(x) for x in lines} for c in ln)
            continue
        others: list[set[tuple[int, int]]] = []
        timed_out = joined = False
        bits = FILL_COLOUR_BITS if rule == "fill" and not induced else None
        with Encoding(puzzle, rule, colour_bits=bits, induced=induced) as enc:
            enc.solver.add_clause((-(_edge_ids(enc, planted) + 1)).tolist())
            enc.set_hint(planted)  # look for alternatives close to the planted lines
            var = {(int(a), int(b)): i + 1 for i, (a, b) in enumerate(zip(enc.eu.tolist(), enc.ev.tolist()))}
            cut_at: dict[int, int] = {}
            try:
                for other in bounded_models(enc, stop, ledger):  # by work: the same puzzle from a seed anywhere
                    others.append(_model_edges(enc, other))
                    cut = _choose_cut(lines, others[-1], cut_at)
                    if cut is None:
                        if not cut_at:  # only short lines differ
                            fixed = _rule_out(lines, others[-1], h, w, induced=True)
                            if fixed is not None:
                                lines, cut_at = fixed
                                joined = not cut_at
                        break
                    cut_at[cut[0]] = cut[1]
                    # keep that spot as planted while looking for alternatives elsewhere
                    a, b = lines[cut[0]][cut[1]], lines[cut[0]][cut[1] + 1]
                    enc.solver.add_clause([var[(min(a, b), max(a, b))]])
                    if len(others) >= _ALTERNATIVES_PER_CHECK:
                        break
            except TimeoutError:
                timed_out = True
        if not others and not timed_out:
            return GeneratedPuzzle(puzzle, planted, rule, touch, seed, cuts, checks, window_checks,
                                   time.perf_counter() - t0, first, planting)
        check_time(stop, t0, time_limit)
        if joined:
            cuts += 1
            continue
        if others and cut_at:  # the fewest cuts that rule them all out (each one's own cut does)
            lines, n, _ = hitting_cuts(lines, others)
        else:
            lines, n = _cut(lines, cut_at, state)
        cuts += n
