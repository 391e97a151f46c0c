"""Covers of a grid by lines that never run beside themselves: the planted solutions of the generator.

A line *touches itself* when two of its cells are side by side without the
line going from one to the other. Puzzle makers judge uniqueness by the
convention that no line does (:func:`touches_itself`), so every planted line
the generator uses is an *induced* path of the grid.

* :func:`walk_cover` grows long winding lines one at a time (sparse,
  published-style puzzles): each line starts at the free cell with the fewest
  free neighbours and walks, preferring such cells (Warnsdorff's rule), to a
  length drawn around ``1 / density`` cells, never stepping beside its own
  earlier cells.
* :func:`split_to` cuts lines into more, shorter ones (dense puzzles).
* :func:`split_touching` cuts lines of any cover where they touch themselves.

Examples
--------
>>> from tremaux.numberlink.cover import touches_itself, walk_cover
>>> import numpy as np
>>> lines = walk_cover(6, 6, np.random.default_rng(1), 12)
>>> sorted(c for ln in lines for c in ln) == list(range(36))
True
>>> any(touches_itself(ln, 6) for ln in lines)
False
"""

from __future__ import annotations

import heapq
import time

import numpy as np

from .solvers.bound import checkpoint

__all__ = ["walk_cover", "rewire", "split_to", "split_touching", "touches_itself", "lines_of"]


def _neighbours(c: int, h: int, w: int) -> list[int]:
    r, k = divmod(c, w)
    out = []
    if r:
        out.append(c - w)
    if k + 1 < w:
        out.append(c + 1)
    if r + 1 < h:
        out.append(c + w)
    if k:
        out.append(c - 1)
    return out


class _Neighbours:
    """``nbrs[c]``: the neighbours of cell ``c`` (:func:`_neighbours`), made when asked."""

    def __init__(self, h: int, w: int) -> None:
        self.h, self.w = h, w

    def __getitem__(self, c: int) -> list[int]:
        return _neighbours(c, self.h, self.w)


def touches_itself(line: list[int], w: int) -> bool:
    """Whether two cells of ``line`` (flat indices, in order) are side by side but not consecutive.

    Parameters
    ----------
    line : list of int
        Flat cells of a line, end to end.
    w : int
        Columns of the board.

    Returns
    -------
    bool
        Whether two cells of the line are side by side without following each other.

    Examples
    --------
    >>> from tremaux.numberlink.cover import touches_itself
    >>> touches_itself([0, 1, 2], 3), touches_itself([0, 1, 4, 3], 3)
    (False, True)
    """
    pos = {c: i for i, c in enumerate(line)}
    for i, c in enumerate(line):
        r, k = divmod(c, w)
        for d in (1, w):
            o = c + d
            if (d == 1 and k + 1 >= w) or o not in pos:
                continue
            if abs(pos[o] - i) != 1:
                return True
    return False


def split_touching(lines: list[list[int]], h: int, w: int) -> list[list[int]] | None:
    """The lines cut wherever they would touch themselves (greedy, in line order), or ``None``.

    ``None`` when a cut leaves a piece of one cell, which no line can be.

    Parameters
    ----------
    lines : list of list of int
        Flat cells of each line, end to end.
    h, w : int
        Rows and columns of the board.

    Returns
    -------
    list of list of int or None
        The pieces, or ``None`` when a piece would be a single cell.

    Examples
    --------
    >>> from tremaux.numberlink.cover import split_touching
    >>> split_touching([[0, 1, 4, 3, 6, 7]], 3, 3)
    [[0, 1, 4], [3, 6, 7]]
    """
    out = []
    for i, ln in enumerate(lines):
        if i % 256 == 0:
            checkpoint()  # a pass over every cell in Python: a bounded generation may move on between lines
        piece: list[int] = []
        seen: set[int] = set()
        for c in ln:
            if piece and any(nb in seen and nb != piece[-1] for nb in _neighbours(c, h, w)):
                out.append(piece)
                piece, seen = [], set()
            piece.append(c)
            seen.add(c)
        out.append(piece)
    lone = [p[0] for p in out if len(p) == 1]
    if not lone:
        return out
    lines = [p for p in out if len(p) >= 2]
    owner = np.full(h * w, -1, dtype=np.int64)
    for k, ln in enumerate(lines):
        owner[ln] = k
    nbrs = _Neighbours(h, w)  # only the lone cells' and theirs are looked at: not a list of every cell's
    for c in lone:  # give each lone cell to a neighbouring line, keeping lines induced
        if not _adopt_lone(c, lines, owner, nbrs):
            return None
    return lines


def walk_cover(h: int, w: int, rng: np.random.Generator, length: float) -> list[list[int]] | None:
    """Lines (flat cells, end to end) covering the ``h`` x ``w`` grid, each about ``length`` cells.

    Each line is an induced path (it never runs beside itself). ``None`` when a
    cell is left that can join no line (the caller draws again).

    Parameters
    ----------
    h, w : int
        Rows and columns of the board.
    rng : numpy.random.Generator
        The random source.
    length : float
        Mean number of cells of a walk.

    Returns
    -------
    list of list of int or None
        Lines of flat cells that cover the board, or ``None`` when a walk is left as a single cell.

    Examples
    --------
    >>> from tremaux.numberlink.cover import walk_cover
    >>> import numpy as np
    >>> lines = walk_cover(2, 3, np.random.default_rng(1), 3.0)
    >>> sorted(c for line in lines for c in line)
    [0, 1, 2, 3, 4, 5]
    """
    size = h * w
    nbrs = [_neighbours(c, h, w) for c in range(size)]
    owner = np.full(size, -1, dtype=np.int64)
    free_deg = np.array([len(x) for x in nbrs], dtype=np.int64)
    lines: list[list[int]] = []
    noise = rng.random(size) * 0.5  # random tie-breaks, fixed per cell
    # lengths drawn around ``length``, never below 2 (a floor at 2 would lift the mean of short walks)
    spread = min(0.5, max(0.0, 1 - 2 / length))
    left = size

    # the free cells by free neighbours (then noise), stale entries skipped: a start costs a log, not a scan
    queue = [(float(free_deg[c] + noise[c]), c) for c in range(size)]
    heapq.heapify(queue)

    def take(c: int, k: int) -> None:
        nonlocal left
        owner[c] = k
        left -= 1
        for nb in nbrs[c]:
            free_deg[nb] -= 1
            if owner[nb] < 0:
                heapq.heappush(queue, (float(free_deg[nb] + noise[nb]), nb))

    while left:
        if len(lines) % 256 == 0:
            checkpoint()  # a long cover goes on in the child of a bounded generation, killed at its limit
        key, start = heapq.heappop(queue)
        if owner[start] >= 0 or key != float(free_deg[start] + noise[start]):
            continue
        k = len(lines)
        line = [start]
        take(start, k)
        target = max(2, int(round(rng.uniform(1 - spread, 1 + spread) * length)))
        while len(line) < target:
            cur = line[-1]
            cands = [nb for nb in nbrs[cur] if owner[nb] < 0
                     and not any(owner[x] == k and x != cur for x in nbrs[nb])]
            if not cands:
                break
            if rng.random() < 0.25:
                nxt = cands[int(rng.integers(len(cands)))]
            else:
                nxt = min(cands, key=lambda x: free_deg[x] + noise[x] + rng.random())
            line.append(nxt)
            take(nxt, k)
        if len(line) == 1:
            if not _adopt_lone(start, lines, owner, nbrs):
                return None
            continue
        lines.append(line)
    return lines


def split_to(lines: list[list[int]], target: int, rng: np.random.Generator) -> list[list[int]]:
    """The lines cut until there are ``target`` of them, or none is left of four cells or more.

    The longest line is cut each time, at a random even number of cells
    from one end, so every piece has two cells or more and as many cuts as
    possible remain (a line of ``n`` cells gives at most ``n // 2`` pieces).
    A piece of a line that never runs beside itself never does either.

    Parameters
    ----------
    lines : list of list of int
        Flat cells of each line, end to end.
    target : int
        The number of lines wanted.
    rng : numpy.random.Generator
        The random source.

    Returns
    -------
    list of list of int
        The pieces; ``lines`` is not changed.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.cover import split_to
    >>> split_to([[0, 1, 2, 3, 4, 5]], 3, np.random.default_rng(0))
    [[0, 1], [4, 5], [2, 3]]
    """
    out = [list(x) for x in lines]
    longest = [(-len(ln), k) for k, ln in enumerate(out)]  # the longest first, then the first in the list
    heapq.heapify(longest)
    while len(out) < target and longest:
        if (len(out) - len(lines)) % 1024 == 0:
            checkpoint()  # a long cutting goes on in the child of a bounded generation, killed at its limit
        _, k = heapq.heappop(longest)
        ln = out[k]
        if len(ln) < 4:
            break
        at = 2 * int(rng.integers(1, len(ln) // 2))  # 2, 4, ... up to len - 2
        out[k], piece = ln[:at], ln[at:]
        out.append(piece)
        heapq.heappush(longest, (-len(out[k]), k))
        heapq.heappush(longest, (-len(piece), len(out) - 1))
    return out


def _adopt_lone(s: int, lines: list[list[int]], owner: np.ndarray, nbrs: list[list[int]]) -> bool:
    """Give the lone cell ``s`` to a neighbouring line, keeping every line induced and at least two cells.

    At a line's end it is appended; in the middle of a line the line is cut
    there and ``s`` joins the piece it can end.
    """
    for x in nbrs[s]:
        o = int(owner[x])
        if o < 0:
            continue
        ln = lines[o]
        i = ln.index(x)
        for piece, rest, at_end in ((ln[: i + 1], ln[i + 1:], True), (ln[i:], ln[:i], False)):
            if rest and len(rest) < 2:
                continue
            cells = set(piece)
            if any(y != x and y in cells for y in nbrs[s]):
                continue
            lines[o] = piece + [s] if at_end else [s] + piece
            owner[s] = o
            if rest:
                lines.append(rest)
                owner[rest] = len(lines) - 1
            return True
    return False


def rewire(lines: list[list[int]], h: int, w: int, rng: np.random.Generator, cap: int,
           moves: int, target: int = 0, stop: float | None = None) -> list[list[int]]:
    """Random local moves on a cover of induced lines: join two lines whose ends meet, or move an end.

    A move takes a line end ``e`` and a neighbouring cell ``x`` of another
    line. If ``x`` ends its line, the two are joined; otherwise that line is
    cut at ``x`` and the piece from ``x`` to one of its ends is appended at
    ``e`` (the rest, of at least two cells, stays a line). A move is made only
    when every line stays induced and at most ``cap`` cells long. Joins lower
    the number of lines; the other moves let lines wander so that more ends meet.
    Stops after ``moves`` moves, when at most ``target`` lines are left, or once
    ``time.perf_counter()`` passes ``stop`` (checked every 1024 moves).

    Parameters
    ----------
    lines : list of list of int
        A cover of the board by induced lines (flat cells, end to end).
    h, w : int
        Rows and columns of the board.
    rng : numpy.random.Generator
        The random source.
    cap : int
        The longest a line may grow, in cells.
    moves : int
        Moves to try.
    target : int, default 0
        Stop once at most this many lines are left.
    stop : float, optional
        A ``time.perf_counter()`` value to stop at.

    Returns
    -------
    list of list of int
        The new cover; ``lines`` is not changed.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.numberlink.cover import rewire
    >>> out = rewire([[0, 1], [2, 5], [3, 4]], 2, 3, np.random.default_rng(0), 6, 50)
    >>> sorted(c for ln in out for c in ln)
    [0, 1, 2, 3, 4, 5]
    """
    lines = [list(x) for x in lines]
    owner = np.empty(h * w, dtype=np.int64)
    for i, ln in enumerate(lines):
        owner[ln] = i
    alive = [True] * len(lines)
    live = list(range(len(lines)))
    count = len(lines)
    for move in range(moves):
        if move % 1024 == 0:
            checkpoint()  # a long rewiring goes on in the child of a bounded generation, killed at its limit
        if count <= target or (stop is not None and move % 1024 == 0 and time.perf_counter() > stop):
            break
        if len(live) < 2:
            break
        i = live[int(rng.integers(len(live)))]
        if not alive[i]:
            live = [k for k in live if alive[k]]
            continue
        a = lines[i] if rng.random() < 0.5 else lines[i][::-1]
        e = a[-1]
        nb = _neighbours(e, h, w)
        x = nb[int(rng.integers(len(nb)))]
        j = int(owner[x])
        if j == i:
            continue
        b = lines[j]
        k = b.index(x)
        options = []
        if k == 0 or k == len(b) - 1:
            options.append((b if k == 0 else b[::-1], []))
        else:
            if len(b) - k - 1 >= 2:
                options.append((b[k::-1], b[k + 1:]))
            if k >= 2:
                options.append((b[k:], b[:k]))
        if not options:
            continue
        part, rest = options[int(rng.integers(len(options)))]
        if len(a) + len(part) > cap:
            continue
        aset = set(a)
        if any(y in aset and not (c == x and y == e) for c in part for y in _neighbours(c, h, w)):
            continue
        lines[i] = a + part
        owner[part] = i
        if rest:
            lines[j] = rest
        else:
            alive[j] = False
            count -= 1
    return [ln for k, ln in enumerate(lines) if alive[k]]


def lines_of(links: np.ndarray, h: int, w: int) -> list[list[int]]:
    """Lines (flat cells, end to end) of a cover, ordered by their first end in row-major order.

    Parameters
    ----------
    links : numpy.ndarray
        One link mask per cell (bits N=1, E=2, S=4, W=8), as the cover kernel writes it.
    h, w : int
        Rows and columns of the board.

    Returns
    -------
    list of list of int
        Each line's flat cells from one end to the other.

    Examples
    --------
    >>> from tremaux.numberlink.cover import lines_of
    >>> import numpy as np
    >>> lines_of(np.array([2, 10, 8, 2, 10, 8]), 2, 3)
    [[0, 1, 2], [3, 4, 5]]
    """
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

