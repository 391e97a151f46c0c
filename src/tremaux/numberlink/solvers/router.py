"""The router stage: one solution under ``nikoli`` by negotiated congestion (PathFinder), when it finds one.

Each round rips up and re-routes every pair along a cheapest path, where
cells used by several lines cost more and more (kernel
:func:`tremaux.kernels.numberlink.route`). It suits puzzles whose answers
leave many cells empty, the kind the densest-lines question of
:mod:`.sat` does not answer. A round budget bounds it; it never proves
anything, so failing only sends the question on.

The router keeps to the task's deadline: a first call of
:data:`PROBE_ROUNDS` rounds (within a budget of work that grows while the
time allows) measures what a round costs on this puzzle. The rounds after
it are runs of at most :data:`RESTART_ROUNDS` rounds, each from scratch
with the next seed and a slower growth of the pressure
(:data:`RESTART_SETTINGS`), given out while they fit in
:data:`ROUTER_SHARE` of the time left, up to :data:`ROUTER_ROUNDS` in a
solve. A run of negotiated congestion that has not converged after a
few hundred rounds seldom does (the pressure has frozen its lines), while
another seed often converges in a few dozen: restarts, not a longer run
(figures in ``docs/benchmarks.md``). The router is deterministic, so
what it did in a solve is done once: the probe and the count of runs are
kept for the solve's later rounds (:meth:`.base.Task.resumable`), which go
on with the next seeds.

A line that runs beside itself takes the shortcut (the cells between stay
empty) until none does (:func:`untangle`): the answer then holds under the
no-touch convention too, and its lines are no longer than they need be.

Examples
--------
>>> from tremaux.numberlink.solvers.router import untangle
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> p = Puzzle.from_rows(["1..", "...", "1.."])
>>> bent = Linking.from_paths(p, [[(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)]])
>>> untangle(p, bent).paths[0].tolist()
[[0, 0], [1, 0], [2, 0]]
"""

from __future__ import annotations

import math
import time

import numpy as np

from ...kernels import numberlink as kn
from ...kernels.rng import make_state
from ..model import Puzzle
from ..result import Linking
from .base import Answer, Task

__all__ = ["router_probe", "router_stage", "router_within", "router_joins", "untangle", "ROUTER_ROUNDS", "PROBE_ROUNDS",
           "RESTART_ROUNDS", "RESTART_SETTINGS", "ROUTER_SHARE", "PROBE_SETTINGS"]

ROUTER_ROUNDS = 1200
"""Rounds of rip-up and re-route in a solve (after the probe) before the router gives the question on."""

RESTART_ROUNDS = 300
"""Rounds of one run of the router stage (the length of its single run before); the next starts afresh.

Measured on the development puzzles the router answers slowly or not at all
(``docs/benchmarks.md``, "The router in restarts"): over 16 seeds, the
rounds a run needs to converge vary tenfold from seed to seed, and among
runs of a fixed 100 to 1500 rounds, Luby's sequence and runs growing 1.25
to 2 times, runs of 300 gave the fewest expected rounds and the most
puzzles answered within 1,000 rounds.
"""

RESTART_SETTINGS = (1.0, 1.1)
"""History step and pressure growth of the runs after the probe (the probe keeps the quick ``0.3, 1.3``).

The quick growth settles open boards in the fewest rounds, but on crowded
ones the pressure soon freezes the lines where they are; the slower one
converged on more of the development puzzles (the same measurement).
"""

ROUTER_SHARE = 0.5
"""Share of the time left that the router's runs after the probe may take, before the stages after it."""

PROBE_SETTINGS = (0.3, 1.3)
"""History step and pressure growth of the probe (and of :func:`router_joins`): quick on open boards."""

PROBE_ROUNDS = 10
"""Rounds of the first call, which times a round before the rest are given out by the deadline."""


def _route(puzzle: Puzzle, rounds: int, max_pops: int | None = None, pairs: int | None = None, seed: int = 1,
           settings: tuple[float, float] = PROBE_SETTINGS) -> tuple[int, np.ndarray, np.ndarray]:
    """The router's ``rounds`` on ``puzzle`` (within ``max_pops`` cells taken from its heaps, when given).

    With ``pairs``, only the first ``pairs`` pairs are joined; the numbers of the others are in the way.
    ``seed`` and ``settings`` (history step, pressure growth) choose the run.
    """
    h, w = puzzle.shape
    n = puzzle.pairs if pairs is None else pairs
    cells = np.empty(4 * h * w, dtype=np.int64)
    starts = np.zeros(n + 1, dtype=np.int64)
    flat = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int64)
    args = (flat, h, w, np.ascontiguousarray(puzzle.ends[:n]), rounds, cells, starts, make_state(seed), *settings)
    used = int(kn.route(*args) if max_pops is None else kn.route_within(*args, max_pops))
    return used, cells, starts


def router_within(task: Task) -> Answer | None:
    """One solution of ``task`` from the router's first :data:`PROBE_ROUNDS` rounds if they end by its deadline.

    The rounds are given a budget of work (cells taken from the searches' heaps): a board's worth first, then
    four times more each time while the time left holds four times what the last try took: a board on which
    one round takes seconds costs a board's worth of work here, not ten rounds. Unlike :func:`router_probe`, it
    keeps nothing for the solve's later rounds.

    Parameters
    ----------
    task : Task
        The task; the router runs only for one solution under ``nikoli``.

    Returns
    -------
    Answer or None
        One solution, or ``None`` (none found, or not in the time left).

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.router import router_within
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> a = router_within(Task(Puzzle.from_rows(["1...", "....", "...1"]), resolve("nikoli"), want=1,
    ...                        deadline=time.perf_counter() + 10))
    >>> a.how
    'the router, in 1 round'
    """
    if task.rule.cover or task.want != 1 or task.puzzle.pairs == 0:
        return None
    probe = _budgeted(task)[0]
    return None if probe is None else _answer(task.puzzle, *probe)


def _budgeted(task: Task, pairs: int | None = None,
              rounds: int = PROBE_ROUNDS) -> tuple[tuple[int, np.ndarray, np.ndarray] | None, float]:
    """The router's first ``rounds`` rounds within a budget of work that grows while the time allows.

    A board's worth of cells taken from the heaps first, then four times more each time while the time left
    holds four times what the last try took (without a deadline, no budget). Returns the rounds' outcome
    (``None`` when they did not end in time) and the seconds the last try took. With ``pairs``, only the
    first ``pairs`` pairs are joined (:func:`_route`).
    """
    budget = task.puzzle.grid.size
    while True:
        t = time.perf_counter()
        probe = _route(task.puzzle, rounds, -1 if task.deadline is None else budget, pairs)
        took = time.perf_counter() - t
        if probe[0] != -3:
            return probe, took
        left = task.left()
        if left is not None and left < 4 * took:
            return None, took
        budget *= 4


def router_joins(puzzle: Puzzle, pairs: int, deadline: float | None = None) -> bool:
    """Whether :data:`RESTART_ROUNDS` rounds of the router (the probe's settings) join the first ``pairs`` pairs.

    The numbers of the other pairs are in the way; cells may stay empty (``nikoli``). ``True`` is a proof that
    those pairs can be joined together; ``False`` proves nothing (the rounds found no way, or did not end by
    ``deadline``, a ``time.perf_counter()`` value: their work is bounded as in :func:`router_within`).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    pairs : int
        How many pairs, from the first, to join.
    deadline : float, optional
        When to stop.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.solvers.router import router_joins
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.2", "...", "2.1"])  # '1' and '2' cross, but '1' alone has a way round
    >>> router_joins(p, 1), router_joins(p, 2)
    (True, False)
    """
    from ..rules import resolve

    if pairs <= 0:
        return True
    probe = _budgeted(Task(puzzle, resolve("nikoli"), want=1, deadline=deadline), pairs, RESTART_ROUNDS)[0]
    return probe is not None and probe[0] > 0


def _probe(task: Task) -> tuple[tuple[int, np.ndarray, np.ndarray], float]:
    """The router's first :data:`PROBE_ROUNDS` rounds on the task's puzzle, and the seconds a round took.

    Run once a solve: the later rounds of the pipeline share what the first kept.
    """
    def make() -> tuple[tuple[int, np.ndarray, np.ndarray], float]:
        probe, took = _budgeted(task)
        if probe is None:  # the rounds did not end by the deadline: no answer, and no time for more rounds
            return (-3, np.empty(0, dtype=np.int64), np.zeros(task.puzzle.pairs + 1, dtype=np.int64)), math.inf
        return probe, took / max(1, probe[0] if probe[0] > 0 else PROBE_ROUNDS)
    return task.resumable(("router probe",), make)


def router_stage(task: Task) -> Answer | None:
    """One solution of ``task`` by the router (``nikoli``, one solution wanted), or ``None``.

    After the probe (:func:`router_probe`), runs of :data:`RESTART_ROUNDS`
    rounds with seeds 1, 2, ... and :data:`RESTART_SETTINGS`, while a run
    fits in :data:`ROUTER_SHARE` of the time left (the cost of a round is
    the probe's, or the last run's when higher) and the solve has not used
    :data:`ROUTER_ROUNDS`; the last run may be shorter. Without a deadline,
    every round.

    Parameters
    ----------
    task : Task
        The task; the router runs only for one solution under ``nikoli``.

    Returns
    -------
    Answer or None
        One solution (never exhausted), or ``None`` when the router found none.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.router import router_stage
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> answer = router_stage(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli"), want=1, deadline=None))
    >>> len(answer.solutions), answer.exhausted
    (1, False)
    """
    if task.rule.cover or task.want != 1 or task.puzzle.pairs == 0:
        return None
    puzzle = task.puzzle
    if task.deadline is None:
        per_round = 0.0
    else:
        probe, per_round = _probe(task)
        if probe[0] > 0 or probe[0] == -2:
            return _answer(puzzle, *probe)
    end = task.share(ROUTER_SHARE)
    runs = task.resumable(("router runs",), lambda: [0, 0])  # runs made and rounds used in this solve
    while runs[1] < ROUTER_ROUNDS:
        rounds = min(RESTART_ROUNDS, ROUTER_ROUNDS - runs[1])
        if end is not None:
            rounds = min(rounds, int(max(0.0, end - time.perf_counter()) / max(per_round, 1e-9)))
            if rounds < PROBE_ROUNDS:
                return None  # no more than a probe's worth fits in the time left
        runs[0] += 1
        runs[1] += rounds
        t = time.perf_counter()
        out = _route(puzzle, rounds, seed=runs[0], settings=RESTART_SETTINGS)
        per_round = max(per_round, (time.perf_counter() - t) / (out[0] if out[0] > 0 else rounds))
        if out[0] > 0 or out[0] == -2:
            return _answer(puzzle, *out)
    return None


def _answer(puzzle: Puzzle, rounds: int, cells: np.ndarray, starts: np.ndarray) -> Answer | None:
    """The router's lines as an answer (untangled), or ``None`` when its rounds found none."""
    if rounds <= 0:
        return None
    lk = untangle(puzzle, Linking.from_flat(puzzle, cells, starts))
    how = f"the router, in {rounds} round{'' if rounds == 1 else 's'}"
    return Answer((lk,), False, how, steps=rounds, extras={"router_rounds": rounds})


def router_probe(task: Task) -> Answer | None:
    """One solution of ``task`` from the router's first :data:`PROBE_ROUNDS` rounds only, or ``None``.

    A glance: on an open board (a few pairs, much room) the first round is an
    answer; on a crowded one the rounds fail and the stages after have the
    time. The rounds keep to the task's deadline as :func:`router_within`'s
    do (a budget of work that grows while the time allows): ten rounds of a
    thousand searches each on a 130 x 233 board ran 150 s past a 2 s limit,
    in one call of the kernel that no child process could take over.

    Parameters
    ----------
    task : Task
        The task; the router runs only for one solution under ``nikoli``.

    Returns
    -------
    Answer or None

    Examples
    --------
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.router import router_probe
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> a = router_probe(Task(Puzzle.from_rows(["1...", "....", "...1"]), resolve("nikoli"), want=1, deadline=None))
    >>> a.how
    'the router, in 1 round'
    """
    if task.rule.cover or task.want != 1 or task.puzzle.pairs == 0:
        return None
    return _answer(task.puzzle, *_probe(task)[0])


def _model_lines(puzzle: Puzzle, links: np.ndarray, ends: np.ndarray) -> Linking:
    """The lines a SAT model's ``links`` draw from the numbers ``ends`` (closed loops left out), untangled: the
    answer of the SAT stages under ``nikoli`` (:mod:`.sat`, :mod:`.near`, :mod:`.interior`)."""
    _owner, cells, starts, _ = kn.trace_lines(links, ends, puzzle.height, puzzle.width)
    return untangle(puzzle, Linking.from_flat(puzzle, cells, starts))


def untangle(puzzle: Puzzle, linking: Linking) -> Linking:
    """``linking`` with every line that runs beside itself shortened until none does.

    Where two cells of a line are side by side without following each other,
    the line goes from the one to the other at once, and the cells between
    stay empty; each such step shortens the line, so it ends. The result is a
    solution under ``nikoli`` with the no-touch convention.

    Parameters
    ----------
    puzzle : Puzzle
    linking : Linking
        A solution under ``nikoli``.

    Returns
    -------
    Linking

    Examples
    --------
    >>> from tremaux.numberlink.solvers.router import untangle
    >>> from tremaux.numberlink import Linking, Puzzle
    >>> puzzle = Puzzle.from_rows(["1.", "1."])
    >>> bent = Linking.from_paths(puzzle, [[(0, 0), (0, 1), (1, 1), (1, 0)]])
    >>> untangle(puzzle, bent).covered
    2
    """
    w = puzzle.width
    paths = []
    for path in linking.paths:
        cells = (path[:, 0] * w + path[:, 1]).tolist()
        changed = True
        while changed:
            changed = False
            pos = {c: i for i, c in enumerate(cells)}
            for i, c in enumerate(cells):
                r, col = divmod(c, w)
                for nb in ((c - w) if r else -1, (c + w), (c - 1) if col else -1, (c + 1) if col < w - 1 else -1):
                    j = pos.get(nb, -1)
                    if j > i + 1:
                        cells = cells[: i + 1] + cells[j:]
                        changed = True
                        break
                if changed:
                    break
        paths.append([divmod(c, w) for c in cells])
    return Linking.from_paths(puzzle, paths)
