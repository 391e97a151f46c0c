"""Slow, obviously-correct references for Number Link tests (independent of tremaux's code).

* :func:`problems` checks a solution given as one list of ``(row, col)`` cells
  per pair against the rules, cell by cell.
* :func:`brute_force` enumerates every solution of a tiny puzzle by trying
  every path for each pair in turn; with ``touch=False`` it keeps only the
  solutions where no line runs beside itself (:func:`touches_itself`).
* :data:`DATA` is the repository's copy of the public puzzles (tests/data/numberlink).
"""

from __future__ import annotations

import os
from pathlib import Path

DATA = Path(os.environ.get("TREMAUX_NUMBERLINK_DATA", Path(__file__).resolve().parent / "data" / "numberlink"))


def problems(grid, paths, fill: bool) -> list[str]:
    """Every broken rule of ``paths`` (index k-1 = pair k) on the puzzle ``grid`` (list of rows of ids)."""
    grid = [list(map(int, row)) for row in grid]
    h, w = len(grid), len(grid[0])
    n = max(max(row) for row in grid)
    out = []
    if len(paths) != n:
        return [f"{len(paths)} lines for {n} pairs"]
    owner = {}
    for k, path in enumerate(paths, start=1):
        path = [tuple(map(int, c)) for c in path]
        ends = {(r, c) for r in range(h) for c in range(w) if grid[r][c] == k}
        if len(path) < 2 or {path[0], path[-1]} != ends or path[0] == path[-1]:
            out.append(f"line {k} does not join its two numbers")
            continue
        for i, (r, c) in enumerate(path):
            if not (0 <= r < h and 0 <= c < w):
                out.append(f"line {k} leaves the grid at {(r, c)}")
                continue
            if (r, c) in owner:
                out.append(f"cell {(r, c)} is used twice (lines {owner[(r, c)]} and {k})")
            owner[(r, c)] = k
            if 0 < i < len(path) - 1 and grid[r][c] != 0:
                out.append(f"line {k} passes through the number at {(r, c)}")
            if i and abs(r - path[i - 1][0]) + abs(c - path[i - 1][1]) != 1:
                out.append(f"line {k} jumps from {path[i - 1]} to {(r, c)}")
    if fill:
        out += [f"cell {(r, c)} is empty" for r in range(h) for c in range(w) if (r, c) not in owner]
    return out


def touches_itself(path) -> bool:
    """Whether two cells of ``path`` are side by side without being consecutive on it."""
    cells = [tuple(map(int, c)) for c in path]
    for i in range(len(cells)):
        for j in range(i + 2, len(cells)):
            if abs(cells[i][0] - cells[j][0]) + abs(cells[i][1] - cells[j][1]) == 1:
                return True
    return False


def brute_force(grid, fill: bool, limit: int = 10_000,
                touch: bool = True) -> list[tuple[tuple[tuple[int, int], ...], ...]]:
    """All solutions (each a tuple of paths) of a tiny puzzle, by exhaustive depth-first search.

    ``touch=False`` keeps only the solutions in which no line touches itself
    (every solution is enumerated first, then filtered, then cut at ``limit``).
    """
    if not touch:
        every = brute_force(grid, fill, limit=10**9, touch=True)
        return [s for s in every if not any(touches_itself(p) for p in s)][:limit]
    grid = [list(map(int, row)) for row in grid]
    h, w = len(grid), len(grid[0])
    n = max(max(row) for row in grid)
    ends = {k: [(r, c) for r in range(h) for c in range(w) if grid[r][c] == k] for k in range(1, n + 1)}
    used = [[grid[r][c] != 0 for c in range(w)] for r in range(h)]
    sols: list = []
    chosen: list = []

    def pair(k: int) -> None:
        if len(sols) >= limit:
            return
        if k > n:
            if not fill or all(all(row) for row in used):
                sols.append(tuple(chosen))
            return
        (a, b) = ends[k]
        path = [a]

        def walk(cell) -> None:
            r, c = cell
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                nr, nc = r + dr, c + dc
                if not (0 <= nr < h and 0 <= nc < w):
                    continue
                if (nr, nc) == b:
                    chosen.append(tuple(path + [b]))
                    pair(k + 1)
                    chosen.pop()
                elif not used[nr][nc]:
                    used[nr][nc] = True
                    path.append((nr, nc))
                    walk((nr, nc))
                    path.pop()
                    used[nr][nc] = False

        walk(a)

    pair(1)
    return sols
