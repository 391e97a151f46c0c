"""Making a planted Number Link puzzle unique: find its other solutions, and cut lines to rule them out.

The steps 3 and 4 of :mod:`tremaux.numberlink.generate`. Another solution is
looked for in small windows first (:data:`WINDOW` cells a side, half
overlapping: the SAT solver links the pieces of the planted lines inside a
window some other way while everything outside stays as planted), then by SAT
on the whole puzzle (under the no-touch convention, windows skipped: one
question at a time, :func:`_another`). A planted line is then
cut where the other solution leaves it: the two new ends are a pair that the
other solution cannot satisfy. When no planted line can be cut (only short
lines differ), the other solution is adopted as the planted one and cut, or
two lines whose ends touch are joined, or else the longest line where the two
differ is cut in its middle (:func:`_rule_out`).

Examples
--------
>>> from tremaux.numberlink.uniqueness import WINDOW
>>> WINDOW
8
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidSizeError
from .cover import lines_of, touches_itself
from .exact import (ALTERNATIVES, EXACT_CHUNK, _edge_ids, _edges_of, _linking_edges, _model_edges,  # noqa: F401
                    exact_model, exact_models)
from .model import Puzzle
from .result import Linking

__all__ = ["WINDOW", "ALTERNATIVES"]


def _another(puzzle: Puzzle, planted: Linking, rule: str, stop: float | None,
             long_lines: bool = False, ledger: Any = None) -> tuple[list[set[tuple[int, int]]] | None, bool]:
    """Solutions of ``puzzle`` other than ``planted`` under the no-touch convention (their edges), and whether the
    check ran out of time (``stop``) or work before it could tell.

    SAT on the rule's encoding under the convention, the planted edges
    forbidden all together and taken as first guesses, over the whole board.
    "No model" proves the planted solution the only one (a 100 x 100 puzzle
    of 1559 pairs in about 3 s). After each other solution, one planted edge
    it leaves is kept, so the next one differs elsewhere: up to
    :data:`ALTERNATIVES` per question, each to be cut out. An empty list:
    the planted solution is the only one. Every call is bounded in work,
    not time (:func:`_models`), so the same seed makes the same puzzle.

    With ``long_lines`` under ``nikoli`` (planted lines grown to a density:
    few, long and winding, where cells may stay empty), that question leaves
    SAT lost for minutes among the lines that may leave cells empty (a
    20 x 20 puzzle at 0.03 pairs per cell gave up at 60 s), though the
    other solutions differ from the planted one in a window or a few lines.
    Then it is one of three ways to ask, in turns of work
    (:func:`.turns.ask_in_turns`, bounded by ``ledger``, a
    :class:`.turns.Ledger`; "ran out" then means its turns did). On short
    planted lines, and under ``fill``, the whole board alone answers
    quickest, so it keeps the whole question.
    """
    from .sat import Encoding
    from .turns import Ledger, ask_in_turns

    try:  # the build of a large board's encoding takes seconds: it stops at ``stop`` too (the question then ran out)
        built = Encoding(puzzle, rule, colour_bits=None, induced=True, deadline=stop)
    except TimeoutError:
        return None, True
    with built as enc:
        ids = _edge_ids(enc, planted)
        enc.solver.add_clause((-(ids + 1)).tolist())
        enc.set_hint(planted)  # look for alternatives close to the planted lines
        pairs = list(zip(enc.eu.tolist(), enc.ev.tolist()))

        def whole(until: float | None, found: list[set[tuple[int, int]]], propagations: int | None = None,
                  assumptions: list[int] | None = None) -> None:
            """Other solutions over the whole board into ``found``, until ``until`` (``TimeoutError``), each
            within ``propagations`` if given (:func:`exact_model`; ``TimeoutError`` then too), else as
            :func:`_models`."""
            if propagations is None:
                found.extend(_models(enc, until, ids, pairs, ALTERNATIVES - len(found)))
                return
            while len(found) < ALTERNATIVES:
                other = exact_model(enc, until, propagations, assumptions)
                if other is None:
                    return
                found.append(_model_edges(enc, other))
                _keep_one(enc, ids, pairs, found[-1])

        if long_lines and rule == "nikoli":
            others = ask_in_turns(puzzle, planted, enc,
                                  lambda work, into, assume: whole(stop, into, work, assume),
                                  Ledger() if ledger is None else ledger, stop)
            return others, others is None
        found: list[set[tuple[int, int]]] = []
        try:
            whole(stop, found)
        except TimeoutError:
            return None, True
    return found, False


def _keep_one(enc: Any, ids: np.ndarray, pairs: list[tuple[int, int]], other: set[tuple[int, int]]) -> None:
    """Keep one planted edge (of ``ids``) that the other solution ``other`` leaves, so the next one differs elsewhere."""
    keep = next(int(i) for i in ids if pairs[int(i)] not in other)
    enc.solver.add_clause([keep + 1])


def _models(enc: Any, stop: float | None, ids: np.ndarray, pairs: list[tuple[int, int]],
            most: int) -> list[set[tuple[int, int]]]:
    """Up to ``most`` other solutions over the whole board (their edges), ``[]``: none, by :func:`exact_models`
    (after each, one planted edge it leaves is kept)."""
    found: list[set[tuple[int, int]]] = []
    for other in exact_models(enc, stop):
        found.append(_model_edges(enc, other))
        _keep_one(enc, ids, pairs, found[-1])
        if len(found) >= most:
            break
    return found


WINDOW = 8
"""Side of the windows searched for local alternatives (they overlap by half)."""


def _windows(h: int, w: int) -> list[tuple[int, int, int, int]]:
    """Top, left, bottom, right (exclusive) of the windows over an ``h`` x ``w`` grid, half-overlapping."""
    def starts(n: int) -> list[int]:
        if n <= WINDOW:
            return [0]
        step = WINDOW // 2
        return sorted(set(list(range(0, n - WINDOW, step)) + [n - WINDOW]))

    return [(r, c, min(h, r + WINDOW), min(w, c + WINDOW)) for r in starts(h) for c in starts(w)]


def _window_cuts(lines: list[list[int]], h: int, w: int, rule: str,
                 clean: dict[tuple[int, int, int, int], bytes],
                 induced: bool = False) -> tuple[list[list[int]], dict[int, int], int, bool]:
    """Cuts that rule out the other solutions found inside windows.

    Returns the lines, the cuts, the number of windows checked, and whether
    two lines were joined instead (see :func:`_rule_out`).

    Inside a window, each run of a planted line becomes a pair (a run of one
    cell a blocked cell); everything outside stays as planted. A solution of
    that small puzzle other than the planted runs is another solution of the
    whole puzzle. A window that holds a line already cut in this pass is
    skipped: the cut may have removed its alternative. When only short lines
    differ (no cut possible) and nothing is cut yet, the pass ends with
    :func:`_rule_out`.

    ``clean`` maps each window found without an alternative to its small
    puzzle; a window whose small puzzle has not changed since is not checked
    again (its answer would be the same).
    """
    from .sat import Encoding

    if len(_windows(h, w)) == 1:
        return lines, {}, 0, False  # the window is the whole grid: the global check does it
    owner = np.empty(h * w, dtype=np.int64)
    for i, ln in enumerate(lines):
        owner[ln] = i
    planted_edges = _edges_of(lines)
    cut_at: dict[int, int] = {}
    checked = 0
    for top, left, bottom, right in _windows(h, w):
        sh, sw = bottom - top, right - left
        inside = np.zeros((h, w), dtype=bool)
        inside[top:bottom, left:right] = True
        flat_in = inside.ravel()
        here = sorted(set(owner[flat_in].tolist()))  # as np.unique, without importing numpy.ma
        if any(i in cut_at for i in here):
            continue
        grid = np.zeros((sh, sw), dtype=np.int32)
        blocked = np.zeros((sh, sw), dtype=bool)
        runs: list[list[int]] = []
        for i in here:
            ln = lines[i]
            run: list[int] = []
            for cell in ln + [-1]:
                if cell >= 0 and flat_in[cell]:
                    run.append(cell)
                    continue
                if len(run) == 1:
                    blocked[run[0] // w - top, run[0] % w - left] = True
                elif run:
                    runs.append(run)
                    for end in (run[0], run[-1]):
                        grid[end // w - top, end % w - left] = len(runs)
                run = []
        if not runs:
            continue
        small = grid.tobytes() + blocked.tobytes()
        if clean.get((top, left, bottom, right)) == small:
            continue
        checked += 1
        to_global = np.flatnonzero(flat_in)  # window cells in row-major order: the small grid's order
        with Encoding(Puzzle(grid), rule, blocked=blocked, induced=induced) as enc:
            gu, gv = to_global[enc.eu], to_global[enc.ev]
            mine = [j + 1 for j, (a, b) in enumerate(zip(gu.tolist(), gv.tolist())) if (a, b) in planted_edges]
            enc.solver.add_clause([-j for j in mine])
            other = enc.next_model(exact=True)  # a small window: never stopped, the same model anywhere
        if other is None:
            clean[(top, left, bottom, right)] = small
            continue
        used = {(a, b) for a, b in zip(gu[other.edges].tolist(), gv[other.edges].tolist())}
        unused_planted = {(a, b) for a, b in zip(gu.tolist(), gv.tolist()) if (a, b) in planted_edges} - used
        cut = _choose_cut(lines, planted_edges - unused_planted, cut_at)
        if cut is not None:
            cut_at[cut[0]] = cut[1]
        elif not cut_at:
            fixed = _rule_out(lines, (planted_edges - unused_planted) | used, h, w, induced=True)
            if fixed is not None:
                return fixed[0], fixed[1], checked, not fixed[1]
    return lines, cut_at, checked, False


def _rule_out(lines: list[list[int]], other: set[tuple[int, int]], h: int,
              w: int, induced: bool = False) -> tuple[list[list[int]], dict[int, int]] | None:
    """New lines (and cuts) that rule out the solution with edges ``other`` when no planted line can be cut.

    First the other solution is taken as the planted one, with a cut of it
    (:func:`_adopt`); if that offers no cut either, a line where the two
    differ is joined to a line whose end touches its end (no cut then): the
    joined ends are no numbers any more, so the other solution, which ends a
    line there, no longer fits. Failing both, the longest line where the two
    differ is cut in its middle, though the other solution links the two
    cells there too: the cut makes them line ends, which no cell between the
    numbers of the other solution is, so it no longer fits either. (A cut of
    a line where the two do not differ would leave the same other solution,
    cut at the same place, as a solution of the new puzzle.) ``None`` when
    every line where they differ is shorter than four cells.
    """
    planted = _edges_of(lines)
    adopted = _adopt(other, h, w, planted)
    if adopted is not None:
        return adopted
    differ = {c for e in planted - other for c in e}
    end_of = {}
    for k, ln in enumerate(lines):
        end_of[ln[0]] = end_of[ln[-1]] = k
    for i in sorted({k for k, ln in enumerate(lines) if differ.intersection(ln)}, key=lambda k: len(lines[k])):
        for e in (lines[i][0], lines[i][-1]):
            r, c = divmod(e, w)
            for nb in (e - w if r else -1, e + 1 if c + 1 < w else -1, e + w if r + 1 < h else -1,
                       e - 1 if c else -1):
                j = end_of.get(nb, i)
                if nb < 0 or j == i:
                    continue
                a = lines[i] if lines[i][-1] == e else lines[i][::-1]
                b = lines[j] if lines[j][0] == nb else lines[j][::-1]
                if induced and touches_itself(a + b, w):
                    continue
                return [ln for k, ln in enumerate(lines) if k not in (i, j)] + [a + b], {}
    cuttable = [k for k, ln in enumerate(lines) if len(ln) >= 4 and differ.intersection(ln)]
    if not cuttable:
        return None
    k = max(cuttable, key=lambda k: (len(lines[k]), -k))
    return lines, {k: len(lines[k]) // 2 - 1}


def _adopt(edges: set[tuple[int, int]], h: int, w: int,
           planted: set[tuple[int, int]]) -> tuple[list[list[int]], dict[int, int]] | None:
    """The lines of another solution (its ``edges``) and a cut of them that rules out the ``planted`` edges.

    Used when no planted line can be cut (only short lines differ): the other
    solution becomes the planted one, and since the two differ, one of its
    longer lines can be cut where the old lines do not pass. ``None`` when the
    other solution leaves a cell empty (the planted lines must cover every
    cell) or offers no cut either.
    """
    links = np.zeros(h * w, dtype=np.uint8)
    for a, b in edges:
        horizontal = b == a + 1
        links[a] |= 2 if horizontal else 4
        links[b] |= 8 if horizontal else 1
    if not links.all():
        return None
    lines = lines_of(links, h, w)
    cut = _choose_cut(lines, planted, {})
    return None if cut is None else (lines, {cut[0]: cut[1]})


def _choose_cut(lines: list[list[int]], used: set[tuple[int, int]],
                cut_at: dict[int, int]) -> tuple[int, int] | None:
    """Where to cut the planted lines so that another solution (its edge set ``used``) is ruled out.

    A cut between two consecutive cells of a planted line that the other
    solution does not link makes those cells endpoints, which it cannot
    satisfy. The cut is the unused edge nearest the middle of its line, both
    pieces keeping at least two cells, at most one cut per line.
    """
    best = None
    for i, ln in enumerate(lines):
        if i in cut_at:
            continue
        for j in range(1, len(ln) - 2):  # cut between ln[j] and ln[j+1]
            a, b = ln[j], ln[j + 1]
            if (min(a, b), max(a, b)) not in used:
                key = (abs(j + 0.5 - (len(ln) - 1) / 2), i, j)
                if best is None or key < best:
                    best = key
    return None if best is None else (best[1], best[2])


def _cut(lines: list[list[int]], cut_at: dict[int, int], state: np.ndarray) -> tuple[list[list[int]], int]:
    """Split the lines at ``cut_at`` (line -> index of the cell before the cut); with none, a random long line."""
    from ..kernels.rng import below

    if not cut_at:  # a timed-out check, or only short lines differ: cut a random line of 4+ cells
        long = [i for i, ln in enumerate(lines) if len(ln) >= 4]
        if not long:
            raise InvalidSizeError("cannot make this puzzle unique by cutting lines")  # pragma: no cover
        i = long[int(below(state, len(long)))]
        cut_at = {i: len(lines[i]) // 2 - 1}
    out = []
    for i, ln in enumerate(lines):
        if i in cut_at:
            j = cut_at[i]
            out += [ln[: j + 1], ln[j + 1:]]
        else:
            out.append(ln)
    return out, len(cut_at)
