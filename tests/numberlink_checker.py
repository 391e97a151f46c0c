"""An independent checker of Number Link answers that follows each line cell by cell.

It uses nothing from tremaux: a puzzle is a list of rows of pair ids (0 for an
empty cell), an answer one path per pair (``paths[k - 1]`` for pair ``k``), each
a list of ``(row, col)`` cells from one endpoint to the other. Lines that run
beside themselves are allowed unless ``touch=False``, which is why the answer
must be given as paths: a grid of pair ids cannot tell a line that touches
itself from a line that turns.
"""

from __future__ import annotations


def follow(grid, paths, *, fill: bool, touch: bool = True) -> list[str]:
    """Every rule the answer ``paths`` breaks on the puzzle ``grid`` (an empty list when it is valid).

    Parameters
    ----------
    grid : list of list of int
        The puzzle: 0 for an empty cell, ``k`` for an endpoint of pair ``k``.
    paths : list of list of (int, int)
        One path per pair, in pair order.
    fill : bool
        Every cell must be on a line.
    touch : bool
        Whether a line may run beside itself (two of its cells side by side
        without the line going from one to the other).
    """
    grid = [[int(v) for v in row] for row in grid]
    h, w = len(grid), len(grid[0])
    n = max((max(row) for row in grid), default=0)
    out: list[str] = []
    if len(paths) != n:
        return [f"{len(paths)} paths for {n} pairs"]
    owner: dict[tuple[int, int], int] = {}
    for k, path in enumerate(paths, start=1):
        cells = [(int(r), int(c)) for r, c in path]
        if len(cells) < 2:
            out.append(f"pair {k}: a path of {len(cells)} cells")
            continue
        ends = sorted((r, c) for r in range(h) for c in range(w) if grid[r][c] == k)
        if sorted([cells[0], cells[-1]]) != ends:
            out.append(f"pair {k}: the path runs from {cells[0]} to {cells[-1]}, not between {ends}")
        for i, (r, c) in enumerate(cells):
            if not (0 <= r < h and 0 <= c < w):
                out.append(f"pair {k}: cell {(r, c)} is off the grid")
                continue
            if 0 < i < len(cells) - 1 and grid[r][c] != 0:
                out.append(f"pair {k}: the path passes through the number at {(r, c)}")
            if (r, c) in owner:
                out.append(f"pair {k}: cell {(r, c)} is already on the line of pair {owner[(r, c)]}")
            owner[(r, c)] = k
            if i and abs(r - cells[i - 1][0]) + abs(c - cells[i - 1][1]) != 1:
                out.append(f"pair {k}: {cells[i - 1]} to {(r, c)} is not one step")
        if not touch:
            at = {cell: i for i, cell in enumerate(cells)}
            for i, (r, c) in enumerate(cells):
                for nb in ((r + 1, c), (r, c + 1)):
                    if nb in at and abs(at[nb] - i) != 1:
                        out.append(f"pair {k}: the line runs beside itself at {(r, c)} and {nb}")
    if fill:
        empty = [(r, c) for r in range(h) for c in range(w) if (r, c) not in owner]
        if empty:
            out.append(f"{len(empty)} cells are on no line, the first {empty[0]}")
    return out


def touches_itself(path) -> bool:
    """Whether two cells of ``path`` are side by side without being consecutive."""
    at = {(int(r), int(c)): i for i, (r, c) in enumerate(path)}
    return any(nb in at and abs(at[nb] - i) != 1 for (r, c), i in at.items() for nb in ((r + 1, c), (r, c + 1)))
