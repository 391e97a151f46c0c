"""Under ``nikoli``, when every solution covers the board: lines that are all as short as they can be.

Take a first solution ``S1`` whose lines cover every cell, and suppose each
of its lines is a shortest path between its two numbers on the board with
the other pairs' numbers taken out (breadth-first). Then *every* solution
under ``nikoli``, with or without touching, covers the board too, and none
has a line beside itself, so the question "another solution?" (or a count)
is the same question under ``fill`` without touching, which the row search
answers far quicker than the question with cells that may stay empty.

Proof. Let ``d_k`` be the number of cells of a shortest path between pair
``k``'s numbers that avoids the other pairs' numbers. Any solution's line
``k`` is such a path, so it holds at least ``d_k`` cells, and the cells
covered number at least ``sum(d_k)``. ``S1``'s lines are shortest: they
hold ``d_k`` cells each and cover the board, so ``sum(d_k)`` is every cell.
A solution therefore leaves no cell empty. Nor does any line of a solution
run beside itself: it could go straight from one of the two cells to the
other, and the cells it skipped would be empty in a solution.

(With a line of ``S1`` longer than its shortest path, ``sum(d_k)`` falls two
cells or more short of the board, every path between two cells of the grid
having the parity of their distance, and a solution may leave cells empty:
the test says nothing then.)

The test costs a breadth-first search per line that is longer than the
distance of its numbers on the grid, each bounded by the line's length less
two (a cell is kept only when its grid distance to the far number still
fits); the lines that wind most are tried first, and the first that is not
a shortest path ends it.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> from tremaux.numberlink.result import Linking
>>> from tremaux.numberlink.solvers.lengths import covers_every_solution
>>> p = Puzzle.from_rows(["1.2", "1.2"])
>>> covers_every_solution(p, Linking.from_paths(p, [[(0, 0), (1, 0)], [(0, 2), (0, 1), (1, 1), (1, 2)]]))
False
>>> p = Puzzle.from_rows(["1.1", "2.2"])
>>> covers_every_solution(p, Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]]))
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..model import Puzzle
from ..result import Linking
from ..rules import resolve
from .base import Answer, Task

__all__ = ["as_fill", "covers_every_solution"]


def covers_every_solution(puzzle: Puzzle, first: Linking) -> bool:
    """Whether ``first`` covers the board with lines that are each a shortest path between their numbers.

    When it does, every solution of ``puzzle`` under ``nikoli`` covers the board (module notes).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.
    first : Linking
        A solution of ``puzzle``.

    Returns
    -------
    bool
        ``True`` when every cell is on a line of ``first`` and each line is as short as a path between its
        numbers that avoids the other numbers can be; ``False`` otherwise (nothing proved).

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.result import Linking
    >>> from tremaux.numberlink.solvers.lengths import covers_every_solution
    >>> p = Puzzle.from_rows(["1..", "...", "..1"])
    >>> snake = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]
    >>> covers_every_solution(p, Linking.from_paths(p, [snake]))  # 9 cells where 5 would do
    False
    """
    h, w = puzzle.shape
    paths = first.paths
    if sum(len(x) for x in paths) != h * w:
        return False
    grid = puzzle.grid.ravel().tolist()
    dist = [-1] * (h * w)
    ends = [(x[0].tolist(), x[-1].tolist(), len(x)) for x in paths]
    # the lines longest against the grid distance of their numbers first: the first one that is not a shortest
    # path ends the test
    spare = [n - abs(a[0] - b[0]) - abs(a[1] - b[1]) - 1 for a, b, n in ends]
    order = [k for k in sorted(range(len(paths)), key=lambda i: -spare[i] / (ends[i][2] - spare[i])) if spare[k]]
    for exact in (False, True):  # a quick way round first (a path it finds is a path), then every line exactly
        for k in order:
            (r0, c0), (r1, c1), length = ends[k]
            if _shorter(grid, h, w, k + 1, r0 * w + c0, r1 * w + c1, length - 3, dist, exact):
                return False
    return True


def as_fill(task: Task, first: Callable[[Task], Answer], count: Callable | None = None,
            one: Answer | None = None) -> Answer:
    """The question of ``task`` (under a rule that leaves cells empty) asked under ``fill`` without touching.

    For a task whose first solution passed :func:`covers_every_solution`: every solution then covers the
    board with lines that never run beside themselves, so they are the solutions under ``fill`` without
    touching (module notes), whether ``task`` allows touching or not. ``first`` and ``count`` are
    those :func:`.another.another_stage` was given; the first solution is found again under ``fill`` (``one``'s
    when none comes in time).

    Parameters
    ----------
    task : Task
        A uniqueness or counting task under ``nikoli``.
    first : callable
        The pipeline for one solution, given a task.
    count : callable, optional
        The counting stage, as :func:`.another.another_stage` takes it.
    one : Answer, optional
        The first solution's answer under ``task``'s rule: what it hands on (a SAT encoding of that rule) is
        closed, the question under ``fill`` being another one.

    Returns
    -------
    Answer
        The answer under ``fill``, its ``how`` saying why it was asked so.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.rules import resolve
    >>> from tremaux.numberlink.solvers.base import Task
    >>> from tremaux.numberlink.solvers.lengths import as_fill
    >>> from tremaux.numberlink.solvers.pipeline import fast
    >>> a = as_fill(Task(Puzzle.from_rows(["1.1", "2.2"]), resolve("nikoli", touch=False), 2, None), fast)
    >>> len(a.solutions), a.exhausted
    (1, True)
    """
    from .another import another_stage

    if one is not None and hasattr(one.resume, "close"):
        one.resume.close()

    def again(t: Task) -> Answer:  # the first solution under fill; the one in hand if none came in time
        got = first(t)
        return got if got.solutions or one is None else replace(one, resume=None)

    out = another_stage(replace(task, rule=resolve("fill", touch=False)), again, count)
    return replace(out, how="every line as short as can be: every solution covers the board; " + out.how)


def _shorter(grid: list[int], h: int, w: int, pair: int, a: int, b: int, most: int, dist: list[int],
             exact: bool) -> bool:
    """Whether ``b`` is at most ``most`` steps from ``a`` through free cells and ``pair``'s numbers.

    ``exact``: breadth-first, a cell kept only when its grid distance to ``b`` still fits in ``most``.
    Otherwise depth-first towards ``b``, each cell entered once: ``True`` is then a path found, ``False``
    proves nothing.
    """
    if most < 0:
        return False
    rb, cb = divmod(b, w)
    seen = [a]
    dist[a] = 0
    try:
        if not exact:
            stack = [a]
            while stack:
                x = stack.pop()
                step = dist[x] + 1
                r, c = divmod(x, w)
                # the neighbours away from b pushed first, so the one towards it is taken next
                for y, ok in sorted(((x - w, r > 0), (x + w, r < h - 1), (x - 1, c > 0), (x + 1, c < w - 1)),
                                    key=lambda yo: -abs(yo[0] // w - rb) - abs(yo[0] % w - cb)):
                    if ok and dist[y] < 0 and (grid[y] == 0 or grid[y] == pair):
                        if y == b:
                            return True
                        if step + abs(y // w - rb) + abs(y % w - cb) <= most:
                            dist[y] = step
                            seen.append(y)
                            stack.append(y)
            return False
        frontier = [a]
        for step in range(1, most + 1):
            nxt = []
            for x in frontier:
                r, c = divmod(x, w)
                for y, ok in ((x - w, r > 0), (x + w, r < h - 1), (x - 1, c > 0), (x + 1, c < w - 1)):
                    if ok and dist[y] < 0 and (grid[y] == 0 or grid[y] == pair):
                        if y == b:
                            return True
                        ry, cy = divmod(y, w)
                        if step + abs(ry - rb) + abs(cy - cb) > most:
                            continue
                        dist[y] = step
                        seen.append(y)
                        nxt.append(y)
            if not nxt:
                return False
            frontier = nxt
        return False
    finally:
        for x in seen:
            dist[x] = -1
