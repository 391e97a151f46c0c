"""A generator of proper Number Link puzzles: exactly one solution under the chosen rule.

1. Cover the grid with random lines that never run alongside themselves
   (numba kernel :func:`tremaux.kernels.numberlink.random_cover`, explicit RNG:
   the same seed gives the same puzzle).
2. Put the numbers at the line ends; the cover is a solution ("planted").
3. Ask the SAT solver for a solution other than the planted one. If there is
   one, cut a line of the planted solution where the other solution leaves it
   (the cut ends become a new pair, which the other solution cannot satisfy)
   and ask again. When the solver proves there is no other solution, the
   puzzle is proper.

The planted solution covers every cell, so the puzzle is proper under
``fill``; with ``rule="nikoli"`` it is also made unique when cells may stay
empty (a stronger demand: no line may take a shortcut).

Examples
--------
>>> from tremaux.numberlink import solve_puzzle
>>> g = generate_puzzle((5, 6), seed=3)
>>> g.puzzle.shape
(5, 6)
>>> solve_puzzle(g.puzzle, unique=True).unique
True
>>> generate_puzzle((5, 6), seed=3).puzzle == g.puzzle
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidSizeError
from ..kernels import numberlink as kn
from ..kernels.rng import make_state
from .model import MAX_SIDE, Puzzle, check_rule
from .result import Linking

__all__ = ["GeneratedPuzzle", "generate_puzzle"]


@dataclass(frozen=True, eq=False)
class GeneratedPuzzle:
    """What :func:`generate_puzzle` returns."""

    puzzle: Puzzle
    """The puzzle, with exactly one solution under ``rule``."""
    solution: Linking
    """Its solution."""
    rule: str
    """The rule it is proper under."""
    seed: int | None
    """The seed it was made from."""
    cuts: int
    """Lines cut to remove other solutions."""
    checks: int
    """Uniqueness checks run (SAT encodings built)."""
    seconds: float
    """Wall-clock time."""

    def __repr__(self) -> str:
        return (f"GeneratedPuzzle(shape={self.puzzle.shape}, pairs={self.puzzle.pairs}, rule={self.rule!r}, "
                f"seed={self.seed!r}, cuts={self.cuts})")


def _lines_of(links: np.ndarray, h: int, w: int) -> list[list[int]]:
    """Lines (flat cells, end to end) of a cover, ordered by their first end in row-major order."""
    deg = np.array([bin(int(x)).count("1") for x in links])
    seen = np.zeros(h * w, dtype=bool)
    lines = []
    for s in np.flatnonzero(deg == 1):
        if seen[s]:
            continue
        line = [int(s)]
        seen[s] = True
        prev, cur = -1, int(s)
        while True:
            nxt = -1
            for d in range(4):
                if links[cur] & (1 << d):
                    j = cur + (-w, 1, w, -1)[d]
                    if j != prev:
                        nxt = j
                        break
            if nxt < 0:
                break
            prev, cur = cur, nxt
            line.append(cur)
            seen[cur] = True
        lines.append(line)
    return lines


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
    seed: int | None = None,
    max_len: int | None = None,
    time_limit: float | None = None,
) -> GeneratedPuzzle:
    """A random proper puzzle of ``shape`` ``(H, W)``, reproducible from ``seed``.

    Parameters
    ----------
    shape : (int, int)
        Rows and columns, each at least 2.
    rule : {"fill", "nikoli"}
        The rule under which the puzzle must have exactly one solution.
    seed : int, optional
        The same seed gives the same puzzle.
    max_len : int, optional
        Longest line of the initial cover (default ``H * W // 4``, at least 6):
        longer lines make harder puzzles with fewer pairs.
    time_limit : float, optional
        Seconds for each uniqueness check; a check that runs out makes the
        generator cut a line at random and try again.

    Returns
    -------
    GeneratedPuzzle

    Raises
    ------
    InvalidSizeError
        A side below 2 or above the limit.
    """
    from .sat import Encoding

    h, w = (int(x) for x in shape)
    if h < 2 or w < 2 or h > MAX_SIDE or w > MAX_SIDE:
        raise InvalidSizeError(f"puzzle size {h}x{w} must have 2..{MAX_SIDE} rows and columns")
    rule = check_rule(rule)
    t0 = time.perf_counter()
    state = make_state(seed)
    max_len = int(max_len) if max_len is not None else max(6, h * w // 4)
    if max_len < 2:
        raise InvalidSizeError(f"max_len must be at least 2, not {max_len}")
    while True:
        links = kn.random_cover(h, w, state, max_len)
        if (links != 0).all():
            break
    lines = _lines_of(links, h, w)
    cuts = checks = 0
    while True:
        puzzle, planted = _puzzle_of(lines, h, w)
        checks += 1
        others: list[set[tuple[int, int]]] = []
        timed_out = False
        with Encoding(puzzle, rule) as enc:
            enc.solver.add_clause((-(_edge_ids(enc, planted) + 1)).tolist())
            enc.set_hint(planted)  # look for alternatives close to the planted lines
            deadline = None if time_limit is None else time.perf_counter() + time_limit
            var = {(int(a), int(b)): i + 1 for i, (a, b) in enumerate(zip(enc.eu.tolist(), enc.ev.tolist()))}
            cut_at: dict[int, int] = {}
            try:
                while len(others) < _ALTERNATIVES_PER_CHECK:
                    other = enc.next_model(deadline)
                    if other is None:
                        break
                    others.append({(int(a), int(b)) for a, b in zip(enc.eu[other.edges], enc.ev[other.edges])})
                    cut = _choose_cut(lines, others[-1], cut_at)
                    if cut is None:
                        break
                    cut_at[cut[0]] = cut[1]
                    # keep that spot as planted while looking for alternatives elsewhere
                    a, b = lines[cut[0]][cut[1]], lines[cut[0]][cut[1] + 1]
                    enc.solver.add_clause([var[(min(a, b), max(a, b))]])
            except TimeoutError:
                timed_out = True
        if not others and not timed_out:
            return GeneratedPuzzle(puzzle, planted, rule, seed, cuts, checks, time.perf_counter() - t0)
        lines, n = _cut(lines, cut_at, state)
        cuts += n


_ALTERNATIVES_PER_CHECK = 16
"""Other solutions collected per uniqueness check before the lines are cut and the check is run again."""


def _edge_ids(enc: Any, linking: Linking) -> np.ndarray:
    w = enc.w
    key = {(int(u), int(v)): i for i, (u, v) in enumerate(zip(enc.eu.tolist(), enc.ev.tolist()))}
    out = []
    for p in linking.paths:
        f = (p[:, 0] * w + p[:, 1]).tolist()
        for a, b in zip(f[:-1], f[1:]):
            out.append(key[(min(a, b), max(a, b))])
    return np.array(out, dtype=np.int64)


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
