"""The generator's question "another solution?" under the no-touch convention on boards it asks region by region.

Under ``fill``, or on short lines, the generator asks whether a puzzle has
a solution other than its planted lines region by region
(:func:`_another_by_regions`), in one SAT encoding: a question over the
whole board wanders, a question near one region finds what lies there.
Long winding lines under ``nikoli`` are asked in turns instead
(:func:`.turns.ask_in_turns`).

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> from tremaux.numberlink.regions import _another_by_regions
>>> p = Puzzle.from_rows(["1.1", "...", "2.2"])
>>> lines = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(2, 0), (1, 0), (1, 1), (1, 2), (2, 2)]])
>>> found, timed_out = _another_by_regions(p, lines, "fill", None)
>>> found, timed_out  # under fill every cell is covered: line 2 must take the middle row
([], False)
"""

from __future__ import annotations

import numpy as np

from .model import Puzzle
from .result import Linking

__all__ = ["REGIONS_A_SIDE"]

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
    from .exact import ALTERNATIVES, _edge_ids, _model_edges, exact_model

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
        for r in sorted(set(region.tolist())):  # as np.unique, without importing numpy.ma
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
