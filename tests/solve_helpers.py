"""Mazes and slow reference checks for the solver tests.

``random_maze`` builds a random spanning tree of the existing cells (perfect
maze, per connected region of the mask) with numpy and a tiny union-find,
then optionally opens extra walls (``braid``) to make loops. It does not
depend on ``tremaux.generate`` so the solvers can be tested on their own.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from tremaux import Maze

# (bit of a, bit of b, dl, dr, dc) for the E, S and U neighbours
_LINKS = ((2, 8, 0, 0, 1), (4, 1, 0, 1, 0), (16, 32, 1, 0, 0))


def _edges(exists: np.ndarray) -> list[tuple[int, int, int, int]]:
    L, H, W = exists.shape
    out = []
    idx = np.arange(exists.size).reshape(exists.shape)
    for ba, bb, dl, dr, dc in _LINKS:
        a = exists[: L - dl, : H - dr, : W - dc] & exists[dl:, dr:, dc:]
        ia = idx[: L - dl, : H - dr, : W - dc][a]
        ib = idx[dl:, dr:, dc:][a]
        out.extend(zip(ia.tolist(), ib.tolist(), [ba] * len(ia), [bb] * len(ia)))
    return out


def random_maze(shape, seed: int, *, braid: float = 0.0, mask=None, start=None, goal=None) -> Maze:
    """A random perfect maze (spanning tree of each region), with ``braid`` of the other walls opened."""
    rng = np.random.default_rng(seed)
    shape3 = (1, *shape) if len(shape) == 2 else tuple(shape)
    exists = np.ones(shape3, bool) if mask is None else np.asarray(mask, bool).reshape(shape3)
    edges = _edges(exists)
    order = rng.permutation(len(edges))
    parent = list(range(exists.size))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    cells = np.zeros(exists.size, np.uint8)
    for k in order:
        a, b, ba, bb = edges[k]
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            cells[a] |= ba
            cells[b] |= bb
        elif braid and rng.random() < braid:
            cells[a] |= ba
            cells[b] |= bb
    return Maze(cells.reshape(shape), mask=mask, start=start, goal=goal)


def neighbours(maze: Maze, cell) -> list[tuple[int, ...]]:
    return maze.neighbours(cell)


def bfs_distance(maze: Maze, start, goal) -> int | None:
    """Shortest number of moves from start to goal (a plain Python BFS), None when unreachable."""
    start, goal = tuple(start), tuple(goal)
    dist = {start: 0}
    q = deque([start])
    while q:
        c = q.popleft()
        if c == goal:
            return dist[c]
        for nb in maze.neighbours(c):
            if nb not in dist:
                dist[nb] = dist[c] + 1
                q.append(nb)
    return None


def assert_valid_path(sol) -> None:
    """A found path is a walk through open passages from start to goal, without repeated cells."""
    cells = sol.path_cells()
    if not sol.found:
        assert cells == []
        return
    assert cells[0] == tuple(sol.start)
    assert cells[-1] == tuple(sol.goal)
    assert len(set(cells)) == len(cells), "repeated cell"
    for a, b in zip(cells, cells[1:]):
        assert b in sol.maze.neighbours(a), f"{a} -> {b} is not an open passage"
    assert sol.visited[tuple(zip(*cells))].all()


def outer_cells(maze: Maze) -> list[tuple[int, int]]:
    """Cells of a flat, unmasked maze that touch the outer wall."""
    H, W = maze.shape
    return [(r, c) for r in range(H) for c in range(W) if r in (0, H - 1) or c in (0, W - 1)]


# ----------------------------------------------------------------- slow references
_STEPS = {0: (0, -1, 0), 1: (0, 0, 1), 2: (0, 1, 0), 3: (0, 0, -1), 4: (1, 0, 0), 5: (-1, 0, 0)}


def _move(maze: Maze, cell, d):
    c3 = (0, *cell) if maze.ndim == 2 else tuple(cell)
    dl, dr, dc = _STEPS[d]
    n3 = (c3[0] + dl, c3[1] + dr, c3[2] + dc)
    return n3[1:] if maze.ndim == 2 else n3


def _open(maze: Maze, cell, d) -> bool:
    return d < 6 and bool(int(maze.cells[tuple(cell)]) & (1 << d))


def naive_tremaux(maze: Maze, start, goal):
    """Tremaux's rules, written out plainly: returns (path or None, passages walked, marks dict)."""
    marks: dict[frozenset, int] = {}
    seen = {tuple(start)}
    cur, came, retracing, old = tuple(start), None, False, False
    path = [cur]
    steps = 0
    while cur != tuple(goal):
        nbs = [_move(maze, cur, d) for d in range(6) if _open(maze, cur, d)]
        if came is not None and old and not retracing:
            nxt = came
        else:
            fresh = [nb for nb in nbs if marks.get(frozenset((cur, nb)), 0) == 0]
            once = [nb for nb in nbs if marks.get(frozenset((cur, nb)), 0) == 1]
            if fresh:
                nxt = fresh[0]
            elif once:
                nxt = once[0]
            else:
                return None, steps, marks
        key = frozenset((cur, nxt))
        marks[key] = marks.get(key, 0) + 1
        assert marks[key] <= 2
        steps += 1
        if marks[key] == 1:
            path.append(nxt)
        else:
            path.pop()
        old = nxt in seen
        seen.add(nxt)
        came, retracing, cur = cur, marks[key] == 2, nxt
    return path, steps, marks


def naive_wall_follow(maze: Maze, start, goal, right: bool):
    """A flat-maze wall follower with a heading and relative turns: (loop-erased path or None, steps)."""
    H, W = maze.shape
    start = tuple(start)
    r, c = start
    border = [d for d in range(4) if not (0 <= _move(maze, start, d)[0] < H and 0 <= _move(maze, start, d)[1] < W)
              or (maze.mask is not None and not maze.mask[_move(maze, start, d)])]
    closed = [d for d in range(4) if not _open(maze, start, d)]
    cur = start
    path = [cur]
    steps = 0
    if border or closed:
        side = border[0] if border else closed[0]
    else:  # nothing to touch: walk north to a wall
        side = 0
        while cur != tuple(goal) and _open(maze, cur, 0):
            cur = _move(maze, cur, 0)
            path.append(cur)
            steps += 1
    heading = (side + 2) % 4  # as if it had just come in through that side
    turns = (1, 0, 3, 2) if right else (3, 0, 1, 2)  # right hand: right, straight, left, back
    states = set()
    while cur != tuple(goal):
        if not any(_open(maze, cur, d) for d in range(4)):
            return None, steps
        for t in turns:
            d = (heading + t) % 4
            if _open(maze, cur, d):
                break
        if (cur, d) in states:
            return None, steps
        states.add((cur, d))
        heading = d
        cur = _move(maze, cur, d)
        steps += 1
        if cur in path:
            del path[path.index(cur) + 1:]
        else:
            path.append(cur)
    return path, steps
