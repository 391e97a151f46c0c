"""Batched kernels for datasets: a few calls build every row of a shard.

The dataset builder (:mod:`tremaux.dataset.shard`) works on a whole shard at
once, rows packed in flat arrays (row ``k`` at ``k * stride``):

1. :func:`row_sizes` gives each row's height and width;
2. :data:`CARVE` ``[kernel]`` draws each row's maze, deriving its seed and
   calling the generator kernel of :mod:`tremaux.kernels.generate`, then
   braiding;
3. :func:`check_rows` solves each maze (the worklist of
   :mod:`tremaux.kernels.solve`), classifies its cells and applies the
   filters; rows that fail go back to step 2 with their next attempt, until
   every row passes;
   and measures the rows that pass;
4. :func:`solve_rows`, and :func:`blocks`, :func:`ascii_art` and :func:`tokens`
   (:mod:`tremaux.kernels.batch_text`) make the other outputs.

Every kernel here is compiled once for all generators: step 2 calls the
generator kernel through its address (a numba first-class function), the
same machine code :func:`tremaux.generate` runs.

Seeds follow :mod:`tremaux.dataset.plan`: :func:`derive_seed` and
:func:`seed_state` are compiled twins of :func:`tremaux.kernels.rng.derive_seed`
and :func:`tremaux.kernels.rng.make_state` (the tests check they agree).

Like every kernel, these take and return arrays and scalars only, never
raise and never print.
"""

from __future__ import annotations

import numpy as np
from .._jit import njit

from . import generate as kgen
from .gen_imperfect import braid
from .grid import components, count_passages, distances
from .measure import classify, dead_end_branches
from .rng import below
from .solve import UNSEEN, _previous_edges, offset
from .batch_address import _generator, _worklist
from .batch_text import CELL_TOKEN0, TOKEN_NAMES, ascii_art, blocks, tokens  # noqa: F401  (exported here too)
from .batch_seeds import derive_seed, seed_state  # noqa: F401  (exported here too)

__all__ = [
    "derive_seed",
    "seed_state",
    "CARVE",
    "row_sizes",
    "check_rows",
    "STATS",
    "FSTATS",
    "SIZE_KEY",
    "solve_rows",
    "blocks",
    "ascii_art",
    "tokens",
    "TOKEN_NAMES",
    "CELL_TOKEN0",
]

SIZE_KEY = 1 << 40
"""Index of a row's size stream under its row seed (as in :mod:`tremaux.dataset.plan`)."""

STATS = ("passages", "components", "loops", "isolated", "dead_ends", "corridors", "junctions", "crossroads",
         "straight", "turning", "diameter", "diameter_start", "diameter_end", "solution_length")
"""Integer statistics :func:`_rows` fills, in order: the fields of
:class:`tremaux.measure.MazeStats` of the same name (``diameter_start`` and
``diameter_end`` are the flat indices of its ``diameter_ends``;
``solution_length`` counts passages from the top-left to the bottom-right
cell, -1 when unreachable)."""

FSTATS = ("dead_end_length", "river")
"""Float statistics, as in :class:`tremaux.measure.MazeStats`."""

# filter bounds, in the order of ``filt``
F_MIN_LEN, F_MAX_LEN, F_MIN_DEAD, F_MAX_DEAD = 0, 1, 2, 3


@njit(cache=True, no_cpython_wrapper=True)
def _path_length(prev, goal, W, HW):
    """Cells on the path read back from ``goal`` (0 when ``goal`` was not reached)."""
    if prev[goal] == UNSEEN:
        return 0
    k = 1
    i = goal
    while prev[i] != 254:
        i += offset(np.int64(prev[i]), W, HW)
        k += 1
    return k


@njit(cache=True, no_cpython_wrapper=True)
def _write_path(prev, goal, W, HW, out, at, k):
    """Write the ``k`` cells of the path ending at ``goal`` to ``out[at:at + k]``, start first."""
    i = goal
    for t in range(k - 1, -1, -1):
        out[at + t] = i
        if t:
            i += offset(np.int64(prev[i]), W, HW)


@njit(cache=True, no_cpython_wrapper=True)
def _argmax(a, m):
    """Index of the first largest of ``a[:m]`` (``m >= 1``), as ``np.argmax`` (whose numba version compiles two
    functions of its own)."""
    best = 0
    for i in range(1, m):
        if a[i] > a[best]:
            best = i
    return best


@njit(cache=True, inline="always")
def _measure(c, h, w, counts, dist, reach, stats, fstats, k):
    """Fill ``stats[k]`` (:data:`STATS`) and ``fstats[k]`` (:data:`FSTATS`) of maze ``c``.

    The same figures, computed the same way, as :func:`tremaux.measure.maze_stats`
    of the maze with start ``(0, 0)`` and goal ``(h-1, w-1)``. ``counts`` is
    :func:`tremaux.kernels.measure.classify` of it, ``dist[:h*w]`` the
    breadth-first distances from the start and ``reach`` how many cells that
    search reached.
    """
    m = h * w
    one = np.ones(1, np.bool_)
    # typed values, not literals: the helpers below are the ones :func:`tremaux.measure.maze_stats` compiles
    nomask = np.bool_(False)
    flat = np.int64(1)
    passages = count_passages(c)
    ncomp = 1
    if reach < m:
        labels, ncomp = components(c, one, nomask, flat, h, w)
    a = _argmax(dist, m)
    dist_a = distances(c, a, flat, h, w)
    b = _argmax(dist_a, m)
    ends, branch = dead_end_branches(c, one, nomask, flat, h, w)
    mean = branch / ends if ends else 0.0
    stats[k, 0] = passages
    stats[k, 1] = ncomp
    stats[k, 2] = passages - (m - ncomp)
    for j in range(7):
        stats[k, 3 + j] = counts[j]
    stats[k, 10] = dist_a[b]
    stats[k, 11] = a
    stats[k, 12] = b
    stats[k, 13] = dist[m - 1]
    fstats[k, 0] = mean
    fstats[k, 1] = 1.0 - 1.0 / mean if mean > 0 else 0.0


@njit(cache=True, nogil=True)
def row_sizes(base, first, hmin, wmin, hmax, wmax, heights, widths):
    """Height and width of rows ``first, first + 1, ...`` (as :func:`tremaux.dataset.plan.row_size`)."""
    sstate = np.empty(4, np.uint64)
    ranged = hmax > hmin or wmax > wmin
    for k in range(heights.shape[0]):
        if ranged:
            seed_state(derive_seed(derive_seed(base, first + k), np.int64(SIZE_KEY)), sstate)
            heights[k] = hmin + below(sstate, hmax - hmin + 1)
            widths[k] = wmin + below(sstate, wmax - wmin + 1)
        else:
            heights[k] = hmin
            widths[k] = wmin


@njit(cache=True, nogil=True)
def _carve(gen, base, first, rows, tries, heights, widths, params, pidx, fraction, cells, stride, seeds, work, bwork):
    """Draw the maze of attempt ``tries[j]`` of row ``first + rows[j]`` with ``gen``, for every ``j``.

    Row ``k``'s maze (``heights[k] x widths[k]``) goes to ``cells[k * stride:]``
    and its seed to ``seeds[k]``; ``params[pidx[k]]`` are the generator's
    parameters for it. Seeds as in :mod:`tremaux.dataset.plan`; after the
    generator, ``braid`` with ``fraction`` runs on the same random state, as
    in :func:`tremaux.generate`. ``gen`` is a generator kernel's address
    (:func:`_generator`): this kernel is compiled once for every generator.
    """
    state = np.empty(4, np.uint64)
    one = np.ones(1, np.bool_)
    notrace = np.empty((0, 3), np.int64)
    # typed values, not literals: ``gen`` and ``braid`` are then the specialisations :func:`tremaux.generate`
    # compiles (a generator kernel picks its single-level loop itself when L is 1)
    nomask = np.bool_(False)
    flat = np.int64(1)
    anywhere = np.int64(-1)
    zero = np.int64(0)
    for j in range(rows.shape[0]):
        k = rows[j]
        a = tries[j]
        r0 = derive_seed(base, first + k)
        seed = r0 if a == 0 else derive_seed(r0, a)
        seeds[k] = seed
        seed_state(seed, state)
        h = np.int64(heights[k])
        w = np.int64(widths[k])
        c = cells[k * stride:k * stride + h * w]
        gen(c, one, nomask, flat, h, w, anywhere, params[pidx[k]], state, work, notrace)
        if fraction > 0.0:
            braid(c, one, nomask, flat, h, w, fraction, state, bwork, notrace, zero)


def _carver(name):
    def carve(base, first, rows, tries, heights, widths, params, pidx, fraction, cells, stride, seeds, work, bwork):
        _drop_stale_cache()
        _carve(_generator(name, rows), base, first, rows, tries, heights, widths, params, pidx, fraction, cells, stride, seeds, work,
               bwork)

    carve.__name__ = carve.__qualname__ = f"carve_{name}"
    carve.__doc__ = f":func:`_carve` with the generator kernel ``{name}``."
    return carve


CARVE = {name: _carver(name) for name in kgen.KERNELS}
"""Generator kernel name (a key of :data:`tremaux.kernels.generate.KERNELS`) -> :func:`_carve` with it."""


def check_rows(rows, cells, stride, heights, widths, filt, want_stats, paths, path_lens, steps, visited,
               stats, fstats, passed) -> None:
    """Solve (BFS, top-left to bottom-right), classify, filter and measure the rows ``rows`` of a batch.

    Parameters
    ----------
    rows : int64 array
        The rows to check.
    cells : uint8 array
        Every row's maze, row ``k`` at ``k * stride`` (read, never written).
    stride : int
        Cells per row in ``cells`` and ``paths``.
    heights, widths : int16 arrays
        Each row's size.
    filt : int64 array
        ``[min_len, max_len, min_dead, max_dead]`` (-1: no bound); lengths count passages.
    want_stats : bool
        Whether to measure the rows that pass.
    paths, path_lens, steps, visited, stats, fstats : arrays
        Filled for the rows checked, as :func:`_check_rows` says.
    passed : bool array
        ``passed[j]``: whether row ``rows[j]`` passes the filters.

    Examples
    --------
    >>> from tremaux.kernels.batch import FSTATS, STATS, check_rows
    >>> import numpy as np
    >>> cells = np.array([2, 10, 8], np.uint8)  # one row: a 1 x 3 corridor
    >>> paths, lens, steps, seen = (np.empty(n, np.int32) for n in (3, 1, 1, 1))
    >>> passed = np.empty(1, np.bool_)
    >>> check_rows(np.array([0]), cells, 3, np.array([1], np.int16), np.array([3], np.int16),
    ...            np.array([2, -1, -1, -1]), False, paths, lens, steps, seen, np.empty((0, len(STATS)), np.int32),
    ...            np.empty((0, len(FSTATS))), passed)
    >>> paths.tolist(), bool(passed[0])
    ([0, 1, 2], True)
    """
    _drop_stale_cache()
    _check_rows(rows, _read_only(cells), stride, heights, widths, filt, want_stats, paths, path_lens,
                steps, visited, stats, fstats, passed)


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _bfs_order(c, w, m, prev, queue):
    """Breadth-first search of everything reachable from cell 0 of the flat maze ``c`` (``m`` cells, ``w`` wide).

    The order of :func:`tremaux.kernels.solve.worklist` with a queue (up,
    right, down, left), kept whole in ``queue[:tail]``: the solver's own
    queue is a ring that reuses its entries, so it cannot give the order of
    a maze of more than :data:`~tremaux.kernels.solve.RING0` cells.
    ``prev[:m]`` gets the previous edges. Returns ``tail``, the cells reached.
    """
    for i in range(m):
        prev[i] = c[i]
    prev[0] |= 0x80 | (6 << 4)
    queue[0] = 0
    head = 0
    tail = 1
    steps = (-w, np.int64(1), w, np.int64(-1))  # up, right, down, left: open side d is bit 1 << d
    while head < tail:
        p = np.int64(queue[head])
        head += 1
        s = np.int64(prev[p])
        back = (s >> 4) & 7
        for d in range(4):
            q = p + steps[d]
            if s & (1 << d) and back != d and prev[q] < 128:
                prev[q] |= 0x80 | (((d + 2) & 3) << 4)
                queue[tail] = q
                tail += 1
    _previous_edges(prev[:m])
    return tail


@njit(cache=True, nogil=True)
def _check_rows(rows, cells, stride, heights, widths, filt, want_stats, paths, path_lens, steps, visited,
                stats, fstats, passed):
    """Solve (BFS, top-left to bottom-right), classify, filter and measure rows ``rows``.

    For each row ``k`` in ``rows``: its BFS path goes to ``paths[k * stride:]``
    (``path_lens[k]`` cells), the cells the BFS solver takes from its queue to
    ``steps[k]`` and the cells it reached to ``visited[k]`` (both as
    :func:`tremaux.solve` counts them: the solver stops at the goal), whether
    it passes the filters to ``passed[j]``, and, when it passes and
    ``want_stats``, its statistics to ``stats[k]`` and ``fstats[k]``. ``filt``
    holds ``[min_len, max_len, min_dead, max_dead]`` (-1: no bound); lengths
    count passages.

    One breadth-first search from the start, run to the end (:func:`_bfs_order`),
    serves both the solver's figures (read off the queue order) and the statistics.
    """
    prev = np.empty(stride, np.uint8)
    queue = np.empty(stride, np.int32)
    pos = np.empty(stride, np.int32)
    dist = np.empty(stride, np.int32)
    one = np.ones(1, np.bool_)
    # a typed value, not a literal, and read-only ``cells`` (the caller's view): the measures are
    # the specialisations :func:`tremaux.measure.maze_stats` compiles
    no = np.bool_(False)
    for j in range(rows.shape[0]):
        k = rows[j]
        h = np.int64(heights[k])
        w = np.int64(widths[k])
        m = h * w
        goal = m - 1
        c = cells[k * stride:k * stride + m]
        tail = _bfs_order(c, w, m, prev, queue)
        for i in range(m):
            dist[i] = -1
        dist[0] = 0
        pos[0] = 0
        for t in range(1, tail):
            q = queue[t]
            pos[q] = t
            dist[q] = dist[q + offset(np.int64(prev[q]), w, m)] + 1
        if prev[goal] != UNSEEN:
            # the solver stops when it takes the goal, at queue position g: it has
            # taken g + 1 cells and marked those its first g cells added, which
            # come first in the queue (children follow their parents' order)
            g = pos[goal]
            nsteps = g + 1 if goal != 0 else 0  # start on the goal: tremaux.solve takes no cell (one cell, 1x1)
            seen = tail
            for t in range(g + 1, tail):
                q = queue[t]
                if pos[q + offset(np.int64(prev[q]), w, m)] >= g:
                    seen = t
                    break
            plen = dist[goal] + 1
        else:
            nsteps = tail
            seen = tail
            plen = 0
        cnt = classify(c, one, no)
        moves = plen - 1
        ok = True
        if filt[F_MIN_LEN] >= 0 and moves < filt[F_MIN_LEN]:
            ok = False
        if filt[F_MAX_LEN] >= 0 and (moves > filt[F_MAX_LEN] or moves < 0):  # no path has no length under it
            ok = False
        if filt[F_MIN_DEAD] >= 0 and cnt[1] < filt[F_MIN_DEAD]:
            ok = False
        if filt[F_MAX_DEAD] >= 0 and cnt[1] > filt[F_MAX_DEAD]:
            ok = False
        passed[j] = ok
        path_lens[k] = plen
        steps[k] = nsteps
        visited[k] = seen
        _write_path(prev, goal, w, m, paths, k * stride, plen)
        if ok and want_stats:
            _measure(c, h, w, cnt, dist, tail, stats, fstats, k)


def solve_rows(use_stack, cells, stride, heights, widths, paths, path_lens, steps, visited) -> None:
    """Solve every row of a batch with the worklist, top-left to bottom-right corner.

    Parameters
    ----------
    use_stack : bool
        Depth-first (a stack), else breadth-first (a queue).
    cells : uint8 array
        Every row's maze, row ``k`` at ``k * stride`` (read, never written).
    stride : int
        Cells per row in ``cells`` and ``paths``.
    heights, widths : int16 arrays
        Each row's size.
    paths, path_lens, steps, visited : int32 arrays
        Filled with each row's path (``paths[k * stride:]``, ``path_lens[k]``
        cells) and the cells the solver took and reached (:func:`_solve_rows`).

    Examples
    --------
    >>> from tremaux.kernels.batch import solve_rows
    >>> import numpy as np
    >>> cells = np.array([2, 10, 8], np.uint8)  # one row: a 1 x 3 corridor
    >>> paths, lens, steps, seen = (np.empty(n, np.int32) for n in (3, 1, 1, 1))
    >>> solve_rows(True, cells, 3, np.array([1], np.int16), np.array([3], np.int16), paths, lens, steps, seen)
    >>> paths.tolist(), int(lens[0]), int(steps[0])
    ([0, 1, 2], 3, 3)
    """
    _drop_stale_cache()
    cells = _read_only(cells)
    _solve_rows(_worklist(cells), bool(use_stack), cells, stride, heights, widths, paths, path_lens, steps, visited)


def _read_only(a):
    """A read-only view of ``a``: the worklist's compiled specialisation takes read-only cells."""
    if a.flags.writeable:
        a = a.view()
        a.flags.writeable = False
    return a


@njit(cache=True, nogil=True)
def _solve_rows(solve, use_stack, cells, stride, heights, widths, paths, path_lens, steps, visited):
    """Solve every row of a batch with the worklist (``use_stack``: DFS, else BFS), corner to corner.

    Fills ``paths[k * stride:]`` (``path_lens[k]`` cells), ``steps[k]`` and
    ``visited[k]`` like :func:`_rows` does for BFS.
    """
    prev = np.empty(stride, np.uint8)
    work = np.empty(stride, np.int32)
    notrace = np.empty((0, 3), np.int64)
    no = np.bool_(False)
    flat = np.int64(1)
    origin = np.int64(0)
    for k in range(heights.shape[0]):
        h = np.int64(heights[k])
        w = np.int64(widths[k])
        m = h * w
        c = cells[k * stride:k * stride + m]
        found, nsteps, nev = solve(c, flat, h, w, origin, m - 1, use_stack, prev[:m], work[:m], notrace, no)
        if m == 1:  # start on the goal: tremaux.solve takes no cell
            nsteps = 0
        plen = _path_length(prev, m - 1, w, m)
        path_lens[k] = plen
        steps[k] = nsteps
        seen = 0
        for i in range(m):
            if prev[i] != UNSEEN:
                seen += 1
        visited[k] = seen
        _write_path(prev, m - 1, w, m, paths, k * stride, plen)


# ---------------------------------------------------------------------------
# cache hygiene


_CACHE_CHECKED = False
"""Whether :func:`_drop_stale_cache` has run in this process."""


def _drop_stale_cache() -> None:
    """Delete this module's numba cache when any other kernel file changed (once per process).

    The batched entry points compile some library kernels (components,
    distances, the classifier) into themselves; numba's on-disk cache only
    watches this file, so after an edit or an upgrade of a kernel elsewhere it
    would keep serving the old code. A digest of the sibling kernel sources,
    stored beside the cache, detects that and drops the stale entries before
    the batch kernels are loaded. The entry points (:data:`CARVE`,
    :func:`check_rows`, :func:`solve_rows`) call it first.

    Examples
    --------
    >>> from tremaux.kernels import batch
    >>> batch._drop_stale_cache(); batch._CACHE_CHECKED
    True
    """
    global _CACHE_CHECKED
    if _CACHE_CHECKED:
        return
    _CACHE_CHECKED = True
    import hashlib
    from pathlib import Path

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        if path.name != "batch.py":
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    text = digest.hexdigest()
    try:
        cache_dir = Path(_carve.dispatcher._cache._cache_path)
        stamp = cache_dir / "batch.kernels.sha256"
        if stamp.is_file() and stamp.read_text() == text:
            return
        for old in cache_dir.glob("batch.*.nb[ci]"):
            old.unlink(missing_ok=True)
        cache_dir.mkdir(parents=True, exist_ok=True)
        stamp.write_text(text)
    except (AttributeError, OSError):  # pragma: no cover - no cache, or a read-only install
        pass
