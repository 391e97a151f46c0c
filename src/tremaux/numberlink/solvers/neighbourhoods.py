"""Large neighbourhoods of a solution for the question "another one?": a few lines set free, the rest kept.

A second solution of a puzzle often differs from the first in a few lines
only, but those lines can be long and run across the board (two lines
swapping territory, one line re-routed around another), so no small window
holds the change. Here the neighbourhood follows the lines instead: every
line of the first solution is kept except a *group* of lines that lie side
by side, and the SAT encoding is asked for another arrangement of the freed
lines through their own cells and the empty ones (:func:`line_groups`,
:func:`freed_cells`). The rest is fixed by assumptions on the one
incremental encoding, so each question is small (most are settled by
propagation, a fraction of a millisecond on a 36 x 36 board) and hundreds fit
in the time of one call over the whole board. Groups come in growing size:
every line alone, then every two lines that touch, then three, ...

Every model found is a solution of the rule's full encoding, so a second
solution found this way is one; "no model" in a neighbourhood proves
nothing about the others.

:func:`bounded_model` asks the whole board in calls bounded by a number of
conflicts sized from the solver's measured conflict rate, so the time limit
holds even where Glucose, which looks at an interruption only between its
restarts, would run past it.

Examples
--------
>>> from tremaux.numberlink.solvers.neighbourhoods import line_groups, freed_cells
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> p = Puzzle.from_rows(["1.2", "1.2", "3.3"])
>>> lk = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(2, 0), (2, 1), (2, 2)]])
>>> list(line_groups(p, lk))
[(0,), (1,), (2,), (0, 2), (1, 2)]
>>> freed_cells(p, lk, (2,)).astype(int).tolist()
[[0, 1, 0], [0, 1, 0], [1, 1, 1]]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import numpy as np

__all__ = ["windows", "line_groups", "neighbourhoods", "freed_cells", "around", "bounded_model", "hoods_deadline",
           "GROUP_CONFLICTS"]

GROUP_CONFLICTS = 1000
"""Conflicts one neighbourhood's SAT call may use before it is passed over (most need none)."""

FIRST_CHUNK = 2000
"""Conflicts of the first call over the whole board, before the solver's conflict rate is known."""

CHUNK_SHARE = 0.8
"""A call over the whole board is given this share of the time left, converted into conflicts."""


def _owner(puzzle, linking) -> np.ndarray:
    """Line number + 1 per cell, 0 where no line passes."""
    owner = np.zeros(puzzle.shape, dtype=np.int64)
    for k, q in enumerate(linking.paths):
        q = np.asarray(q, dtype=np.int64)
        owner[q[:, 0], q[:, 1]] = k + 1
    return owner


def line_groups(puzzle, linking) -> Iterator[tuple[int, ...]]:
    """Groups of lines of ``linking`` that lie side by side: one line, then two, ..., all but one.

    Two lines lie side by side when a cell of one is beside a cell of the
    other. A group of ``g`` lines is a connected set of them; groups of
    one size come before the next size, each once, in a fixed order.

    Parameters
    ----------
    puzzle : Puzzle
    linking : Linking
        A solution of ``puzzle``.

    Yields
    ------
    tuple of int
        The numbers of the lines of a group (indices into ``linking.paths``), ascending.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import line_groups
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> p = Puzzle.from_rows(["12", "12"])
    >>> list(line_groups(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])))
    [(0,), (1,)]
    """
    for level in _group_levels(_owner(puzzle, linking), len(linking.paths)):
        yield from level


def _group_levels(owner: np.ndarray, n: int) -> Iterator[list[tuple[int, ...]]]:
    """The groups of :func:`line_groups`, a list per size (made when asked for)."""
    beside: list[set[int]] = [set() for _ in range(n)]
    for a, b in ((owner[:, :-1], owner[:, 1:]), (owner[:-1], owner[1:])):
        m = (a != b) & (a > 0) & (b > 0)
        for x, y in set(zip(a[m].tolist(), b[m].tolist())):
            beside[x - 1].add(y - 1)
            beside[y - 1].add(x - 1)
    level = [(k,) for k in range(n)]
    size = 1
    while level and size < n:
        yield level
        seen: set[tuple[int, ...]] = set()
        nxt = []
        for g in level:
            for k in sorted(set().union(*(beside[x] for x in g)) - set(g)):
                key = tuple(sorted(g + (k,)))
                if key not in seen:
                    seen.add(key)
                    nxt.append(key)
        level = nxt
        size += 1


def windows(shape: tuple[int, int]):
    """The windows of the local step: ``(side, r0, c0)`` in order, sides 4, 8, ... below the board's size.

    A side runs while a window of it leaves part of the board outside.

    Parameters
    ----------
    shape : tuple of int
        ``(height, width)`` of the board.

    Returns
    -------
    iterator of tuple of int
        ``(side, first row, first column)`` of each window.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import windows
    >>> [w for w in windows((6, 5))]
    [(4, 0, 0), (4, 0, 1), (4, 2, 0), (4, 2, 1)]
    >>> list(windows((4, 4)))
    []
    """
    h, w = shape
    side = 4
    while side < h or side < w:
        step = side // 2
        rows = sorted(set(list(range(0, max(1, h - side + 1), step)) + [max(0, h - side)]))
        cols = sorted(set(list(range(0, max(1, w - side + 1), step)) + [max(0, w - side)]))
        for r0 in rows:
            for c0 in cols:
                yield side, r0, c0
        side *= 2


def neighbourhoods(puzzle, linking, skip: Callable[[str], bool] | None = None) -> Iterator[tuple[str, np.ndarray]]:
    """The neighbourhoods of ``linking`` in growing size: groups of lines and square windows in turn.

    The windows of side 4 (:func:`windows`: a line that bulges
    or cuts a corner shows there, in the smallest questions), then every
    line alone and every two lines side by side, then the windows of side
    8, groups of three lines, windows of side 16, and so on, until both run
    out. A group's
    neighbourhood is its lines' cells and the empty ones (:func:`freed_cells`);
    a window's, the cells inside it.

    Parameters
    ----------
    puzzle : Puzzle
    linking : Linking
        A solution of ``puzzle``.
    skip : callable, optional
        Asked with a neighbourhood's label when it comes up: ``True`` leaves
        it out (not even made), e.g. the kinds the compiled neighbourhoods
        search (:meth:`.local.LocalRun.covers`).

    Yields
    ------
    tuple
        A label for the answer's ``how`` (``"2 lines set free"``, ``"a 4 x 4 window"``)
        and the freed cells (bool, ``puzzle.shape``).

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import neighbourhoods
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> p = Puzzle.from_rows(["1.2", "1.2", "3.3"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(2, 0), (2, 1), (2, 2)]])
    >>> [label for label, _ in neighbourhoods(p, lk)]  # no window: the board is smaller than 4 x 4
    ['1 line set free', '1 line set free', '1 line set free', '2 lines set free', '2 lines set free']
    >>> [label for label, _ in neighbourhoods(p, lk, skip=lambda label: label.startswith("1 "))]
    ['2 lines set free', '2 lines set free']
    """
    owner = _owner(puzzle, linking)
    levels = _group_levels(owner, len(linking.paths))
    sides: dict[int, list] = {}
    for side, r0, c0 in windows(puzzle.shape):
        sides.setdefault(side, []).append((r0, c0))
    order = sorted(sides)

    def window(side: int) -> Iterator[tuple[str, np.ndarray]]:
        label = f"a {side} x {side} window"
        for r0, c0 in sides[side]:
            if skip is not None and skip(label):
                continue
            inside = np.zeros(puzzle.shape, dtype=bool)
            inside[r0:r0 + side, c0:c0 + side] = True
            yield label, inside

    size = 0
    while True:
        if order:
            yield from window(order.pop(0))
        for _ in range(2 if size == 0 else 1):  # one line alone and two together after the smallest windows
            level = next(levels, None)
            size += 1
            label = f"{size} line{'s' if size > 1 else ''} set free"
            for g in level or ():
                if skip is None or not skip(label):
                    yield label, _freed(owner, g)
        if level is None and not order:
            return


def freed_cells(puzzle, linking, group: tuple[int, ...]) -> np.ndarray:
    """The cells set free with the lines of ``group``: theirs and every cell no line covers.

    Parameters
    ----------
    puzzle : Puzzle
    linking : Linking
    group : tuple of int
        Line numbers (indices into ``linking.paths``).

    Returns
    -------
    numpy.ndarray of bool
        ``puzzle.shape``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import freed_cells
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> p = Puzzle.from_rows(["1.1", "..."])
    >>> freed_cells(p, Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)]]), ()).astype(int).tolist()
    [[0, 0, 0], [1, 1, 1]]
    """
    return _freed(_owner(puzzle, linking), group)


def _freed(owner: np.ndarray, group: tuple[int, ...]) -> np.ndarray:
    free = np.zeros(int(owner.max(initial=0)) + 1, dtype=bool)  # by owner: empty, or a line of the group
    free[0] = True
    free[[k + 1 for k in group if k + 1 < free.size]] = True
    return free[owner]


def around(enc, linking, hoods: Iterator[tuple[str, np.ndarray]], to_linking: Callable, *,
           stop: float | None, need: int, always: str = "", deadline: float | None = None,
           exact: bool = False) -> tuple[list, bool]:
    """Other solutions in the neighbourhoods ``hoods`` of ``linking``, until ``stop`` or ``need`` of them.

    In each neighbourhood the freed cells are free and every edge of
    ``enc`` with no end among them is kept as in ``linking``
    (assumptions); the solutions already forbidden in ``enc`` stay
    forbidden, and each one found is forbidden too before the next
    question, which has :data:`GROUP_CONFLICTS` conflicts.

    Parameters
    ----------
    enc : Encoding
        The encoding of the rule, every solution found so far forbidden in it.
    linking : Linking
        The first solution.
    hoods : iterator of tuple
        From :func:`neighbourhoods`; consumed as far as the time allows, so a
        later call goes on where this one stopped.
    to_linking : callable
        Turns a model of ``enc`` into a :class:`~tremaux.numberlink.result.Linking`.
    stop : float or None
        A ``time.perf_counter()`` value to stop at (``None``: every neighbourhood).
    need : int
        Stop after this many solutions.
    always : str
        Neighbourhoods with this label are looked at even past ``stop``
        (the smallest windows, each a question of a few cells).
    deadline : float, optional
        No question is asked past this ``time.perf_counter()`` value, whatever the label.
    exact : bool, default False
        Stop a question only at its conflicts (:func:`.backend.solve_until`): the same answers on any machine.

    Returns
    -------
    tuple
        The ``(Linking, label)`` found, and whether ``hoods`` ran out.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import neighbourhoods, around
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.sat import encoding_for
    >>> from tremaux.numberlink.result import Linking
    >>> p = Puzzle.from_rows(["1.2", "...", "1.2"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (1, 0), (2, 0)], [(0, 2), (1, 2), (2, 2)]])
    >>> enc = encoding_for(Task(p, resolve("nikoli"), 2, None), one=False)
    >>> enc.block_lines(lk)
    >>> found, done = around(enc, lk, neighbourhoods(p, lk), lambda m: m.links.tolist(), stop=None, need=1)
    >>> len(found), found[0][1], done  # line 1 (the first) bent through the empty middle column
    (1, '1 line set free', False)
    >>> enc.close()
    """
    on = enc._on(linking)
    out: list = []
    for label, free in hoods:
        if stop is not None and label != always and time.perf_counter() > stop:
            return out, False
        free = free.ravel()
        fixed = np.flatnonzero(~(free[enc.eu] | free[enc.ev]))
        assume = np.where(on[fixed], fixed + 1, -(fixed + 1)).tolist()
        while len(out) < need:
            if deadline is not None and time.perf_counter() > deadline:  # the task's: whatever the label
                return out, False
            try:
                model = enc.next_model(None, assumptions=assume, conflicts=GROUP_CONFLICTS, exact=exact)
            except TimeoutError:
                break  # this neighbourhood's budget is spent
            if model is None:
                break
            out.append((to_linking(model), label))
            enc.block(model)
        if len(out) >= need:
            return out, False
    return out, True


def hoods_deadline(now: float, whole_spent: float, hoods_spent: float, deadline: float | None) -> float:
    """When SAT's neighbourhood questions stop, whatever their label: once they have cost what the whole board has.

    Each neighbourhood question assumes every edge outside it, so on a
    large board one costs milliseconds, and the windows of side 4 are
    thousands: asked all at once (they go on past the turn's end), they
    held the whole board's question for most of a minute on a 100 x 100
    puzzle. So SAT's neighbourhoods never cost more in all than its work
    over the whole board so far: the encoding's build (a pass over every
    clause) and the calls over the whole board. On a small board the
    windows cost a fraction of the build and are all asked in the first
    turn, as before; on a large one the whole board has its turn after a
    build's worth of them, and they go on from there in the turns that
    follow, each side as long as the other.

    Parameters
    ----------
    now : float
        A ``time.perf_counter()`` value: when the neighbourhood questions start.
    whole_spent : float
        Seconds spent so far on questions over the whole board.
    hoods_spent : float
        Seconds spent so far on neighbourhood questions.
    deadline : float or None
        The task's deadline (``None``: none).

    Returns
    -------
    float
        A ``time.perf_counter()`` value, for :func:`around`'s ``deadline``.

    Examples
    --------
    >>> from tremaux.numberlink.solvers.neighbourhoods import hoods_deadline
    >>> hoods_deadline(10.0, 3.0, 1.0, None), hoods_deadline(10.0, 3.0, 1.0, 11.0), hoods_deadline(10.0, 1.0, 3.0, None)
    (12.0, 11.0, 10.0)
    """
    cap = now + max(0.0, whole_spent - hoods_spent)
    return cap if deadline is None else min(cap, deadline)


def bounded_model(enc, stop: float | None, assumptions: list[int] | None = None):
    """``enc.next_model(stop)`` in calls bounded by conflicts, sized from the measured conflict rate.

    Glucose looks at an interruption only between restarts, so a call
    bounded by the clock alone may run past ``stop`` by a second or more on
    a hard question; here each call is also given the number of conflicts
    the solver makes, at the rate measured so far, in :data:`CHUNK_SHARE`
    of the time left (the first :data:`FIRST_CHUNK`), and the next call
    goes on (with what the solver learnt) while time is left.

    Parameters
    ----------
    enc : Encoding
    stop : float or None
        A ``time.perf_counter()`` value; ``None``: no limit (one call).
    assumptions : list of int, optional
        Literals every call assumes (``None`` is no assumption).

    Returns
    -------
    Model or None
        The next model, or ``None`` when there is none (under ``assumptions``).

    Raises
    ------
    TimeoutError
        When ``stop`` passed first.

    Examples
    --------
    >>> import time
    >>> from tremaux.numberlink.solvers.neighbourhoods import bounded_model
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.solvers.encoding import Encoding
    >>> with Encoding(Puzzle.from_rows(["1.1"]), "fill") as enc:
    ...     bounded_model(enc, time.perf_counter() + 5).links.tolist()
    [2, 10, 8]
    """
    if stop is None:
        return enc.next_model(None, assumptions=assumptions)
    stats = getattr(enc.solver, "accum_stats", None)
    budget = FIRST_CHUNK
    while True:
        t = time.perf_counter()
        if t >= stop:
            raise TimeoutError("the deadline passed while the SAT solver searched")
        before = stats()["conflicts"] if stats is not None else 0
        try:
            return enc.next_model(stop, conflicts=budget if stats is not None else None, assumptions=assumptions)
        except TimeoutError:
            if stats is None:
                raise
        dt = time.perf_counter() - t
        made = stats()["conflicts"] - before
        rate = made / dt if dt > 0 and made > 0 else budget / max(dt, 1e-3)
        budget = max(100, int(rate * CHUNK_SHARE * (stop - time.perf_counter())))
