"""The generator's questions "another solution?" under the no-touch convention: small neighbourhoods, regions.

On long winding lines under ``nikoli`` and the no-touch convention, the
generator's question "another solution?" (:func:`.turns.ask_in_turns`)
gives each turn's work half to the neighbourhoods of the planted solution
and half to the whole board, and returns at the first turn that shows
anything. Near the end of a generation most neighbourhoods have no other
solution, so each question showed one or two, after whole-board calls that
ran out of work, and cost one pair each: a 50 x 50 puzzle at 0.03 pairs a
cell gained one pair every 2 to 10 s of CPU. :func:`sweep` asks first every
small neighbourhood not yet settled (windows of 4 and 8 cells a side, every
line alone and every two lines side by side: as many as there are lines and
places on the board), each once, with at most
:data:`~.solvers.neighbourhoods.GROUP_CONFLICTS` conflicts, and gives back
every other solution found, one a neighbourhood, to be cut out together
(:func:`.cuts.hitting_cuts`). Neighbourhoods with none are recorded in the
:class:`.turns.Ledger` as settled (skipped until a cut changes a line in or
next to them), so the question that follows an empty sweep begins with the
larger ones. Every bound is work (conflicts), never the clock: the same seed
gives the same puzzle. Only a shortcut to other solutions: the generator's
question over the whole board still proves the last puzzle unique. The
generator asks it only with :data:`.generate.SWEEP` on: on 20 x 20 boards at
0.03 pairs a cell it was faster on the development seeds and slower on the
held-out ones (docs/benchmarks.md).

Other boards (``fill``, or short lines) are asked region by region
(:func:`_another_by_regions`).

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> from tremaux.numberlink.sweep import sweep
>>> from tremaux.numberlink.turns import Ledger
>>> p = Puzzle.from_rows(["1.1", "...", "2.2"])
>>> lines = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(2, 0), (1, 0), (1, 1), (1, 2), (2, 2)]])
>>> len(sweep(p, lines, "nikoli", Ledger(), None))  # line 2 may go straight along the bottom row
1
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .model import Puzzle
from .result import Linking
from .turns import _near  # the cells and their neighbours, flat (what Ledger.forget reads)

__all__ = ["sweep", "LARGEST_GROUP", "REGIONS_A_SIDE"]

LARGEST_GROUP = 2
"""Groups of lines the sweep sets free: up to this many lines side by side (larger ones are left to the
question in turns; their number grows fast with the group's size)."""


def _small(label: str) -> bool:
    """Whether a neighbourhood's label names a window or a group of at most :data:`LARGEST_GROUP` lines."""
    return "window" in label or int(label.split()[0]) <= LARGEST_GROUP


def sweep(puzzle: Puzzle, planted: Linking, rule: str, ledger: Any, stop: float | None) -> list[set[tuple[int, int]]]:
    """Other solutions of ``puzzle`` than ``planted`` under the no-touch convention, one per small neighbourhood.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    planted : Linking
        Its planted solution (covering every cell, no line beside itself).
    rule : str
        ``"nikoli"`` or ``"fill"``.
    ledger : Ledger
        The generation's :class:`.turns.Ledger`: its settled neighbourhoods are skipped, and those found
        without another solution are added to them.
    stop : float or None
        A ``time.perf_counter()`` value: no neighbourhood is asked past it (the caller then gives up).

    Returns
    -------
    list of set of (int, int)
        The edges (flat cells, smaller first) of each other solution found; ``[]`` when no small
        neighbourhood has one (which proves nothing about the larger ones).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> from tremaux.numberlink.sweep import sweep
    >>> from tremaux.numberlink.turns import Ledger
    >>> p = Puzzle.from_rows(["1.2", "1.2"])
    >>> lines = Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (1, 2)]])
    >>> led = Ledger()
    >>> sweep(p, lines, "nikoli", led, None), len(led.settled) > 0
    ([], True)
    """
    from .sat import Encoding
    from .solvers.neighbourhoods import around, neighbourhoods
    from .uniqueness import _edge_ids, _model_edges

    try:
        built = Encoding(puzzle, rule, colour_bits=None, induced=True, deadline=stop)
    except TimeoutError:
        return []
    found: list[set[tuple[int, int]]] = []
    with built as enc:
        enc.solver.add_clause((-(_edge_ids(enc, planted) + 1)).tolist())  # not the planted lines, all of them
        enc.set_hint(planted)
        for label, free in neighbourhoods(puzzle, planted):
            if not _small(label):  # the groups of three lines come next, and more after them
                break
            key = free.tobytes()
            if key in ledger.settled:
                continue
            if stop is not None and time.perf_counter() > stop:
                break
            one, _ = around(enc, planted, iter([(label, free)]), lambda m: _model_edges(enc, m),
                            stop=None, need=1, deadline=stop, exact=True)
            if one:
                found.append(one[0][0])
            elif stop is None or time.perf_counter() <= stop:
                ledger.settled[key] = _near(free)
    return found


REGIONS_A_SIDE = 4
"""The whole-board question under the convention is asked region by region (:func:`_another_by_regions`): each
side cut into this many."""


def _another_by_regions(puzzle: Puzzle, planted: Linking, rule: str,
                        stop: float | None) -> tuple[list[set[tuple[int, int]]] | None, bool]:
    """Solutions of ``puzzle`` other than ``planted`` under the no-touch convention, asked region by region, in one
    encoding: as :func:`.uniqueness._another` answers (their edges, ``[]``: none; and whether it ran out of time).

    Another solution leaves some planted edge, which lies in one of :data:`REGIONS_A_SIDE` squared regions of the
    board: the regions are asked in turn ("a solution leaving a planted edge of this region?", a clause switched
    on by an assumption), on the same solver, which keeps what it learnt. A region that has none proves every
    planted edge in it part of every solution: they are added as facts, which the next regions' questions
    propagate. Each question looks near its region, where a single question over the whole board wanders
    (half the CPU on boards of 100 x 100 and 200 x 200: docs/benchmarks.md). After
    another solution, one planted edge it leaves is kept, so the next differs elsewhere (up to
    :data:`ALTERNATIVES`); the facts are then no longer needed (the puzzle will be cut and asked again). Every
    call is bounded by work, not time (:func:`.uniqueness.exact_model`): the same seed, the same puzzle.
    """
    from .sat import Encoding
    from .uniqueness import ALTERNATIVES, _edge_ids, _model_edges, exact_model

    try:
        built = Encoding(puzzle, rule, colour_bits=None, induced=True, deadline=stop)
    except TimeoutError:
        return None, True
    found: list[set[tuple[int, int]]] = []
    with built as enc:
        ids = _edge_ids(enc, planted)
        enc.set_hint(planted)
        pairs = list(zip(enc.eu.tolist(), enc.ev.tolist()))
        rows = -(-puzzle.height // REGIONS_A_SIDE)
        cols = -(-puzzle.width // REGIONS_A_SIDE)
        cell = enc.eu[ids]
        region = (cell // puzzle.width) // rows * REGIONS_A_SIDE + (cell % puzzle.width) // cols
        for r in np.unique(region).tolist():
            mine = ids[region == r]
            enc.nvars += 1
            ask = enc.nvars
            enc.add_clause([-ask] + (-(mine + 1)).tolist())
            try:
                while len(found) < ALTERNATIVES:
                    other = exact_model(enc, stop, None, [ask])
                    if other is None:
                        break
                    found.append(_model_edges(enc, other))
                    keep = next(int(i) for i in ids if pairs[int(i)] not in found[-1])
                    enc.add_clause([keep + 1])
            except TimeoutError:
                return None, True
            enc.add_clause([-ask])
            if len(found) >= ALTERNATIVES:
                break
            if not found:  # none leaves this region's planted edges: they are in every solution
                for e in mine.tolist():
                    enc.add_clause([e + 1])
    return found, False
