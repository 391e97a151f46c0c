"""Every generator, registered once: name, aliases, kernel, options, bias and cost.

The CLI (``tremaux generate --list``), the tests and the web page read
:data:`GENERATORS`; adding an entry here is all a new algorithm needs.

Entry metadata (``entry.meta``, also readable as attributes):

* ``perfect``: always gives a perfect maze (a spanning tree);
* ``masks``: works on masked (shaped) grids; ``levels``: on multi-level grids;
* ``start``: uses a start cell;
* ``options``: the :class:`~tremaux.generators.options.Option` it takes;
* ``bias`` and ``cost``: what its mazes look like and what it costs;
* ``kernel``: the kernel name in :data:`tremaux.kernels.generate.KERNELS`;
* ``kernel(opts)``, ``params(opts, n)``, ``work(opts, L, H, W)``: which kernel
  to call and how (``opts`` are checked options, ``n`` the number of cells);
  ``describe(opts)``: the title and frontier name of the run statistics;
* ``grids``: the grids it runs on (:data:`tremaux.grids.GRIDS` names), or ``"any"``;
  ``weave``: it also weaves passages under others on woven grids (``weave=True``);
* ``preset``: options fixed by this entry (e.g. ``prim`` is the arc-based
  growing tree with a min-priority queue).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._lazy import lazy_module
from ..registry import Registry
from .options import Option, choice, discipline, probability, weights_option, whole

# the compiled kernels, loaded on first call (start-up without numba)
kgen = lazy_module("tremaux.kernels.generate")

__all__ = ["GENERATORS"]

QUEUE_KERNEL = "growing_tree_queue"
"""Kernel name of the growing tree driving a queue object of the caller's (Python, not compiled)."""

GENERATORS = Registry("generator")
"""Registry of maze generators (``tremaux.generators.GENERATORS``)."""

_NONE = np.zeros(1)

_VARIANT = Option(
    "variant", "vertex",
    "vertex (cells in the frontier, the 'fixed' version) or arc (passages in the frontier, the naive version)",
    choice("variant", {"vertex": "vertex", "cell": "vertex", "arc": "arc", "edge": "arc", "naive": "arc"}),
)
_DISCIPLINE = Option(
    "discipline", ("list", (1.0, 0.0, 0.0)),
    "newest (stack), oldest (queue), random, min / max (priority queue), mixed, first-slot "
    "(slot 0 of an array list, finished entries replaced by the last), a mix 'newest:3,random:1', or (from Python) "
    "a queue object of your own with is_empty, enter, top and jettison (see tremaux.generators.queues)",
    discipline,
)
_P = Option("p", 0.5, "with discipline=mixed: chance of taking the newest cell, else a random one", probability("p"))
_WEIGHTS = Option("weights", None, "priorities of the cells for min / max (default: random)", weights_option)


def _list_discipline(value: Any) -> tuple[str, tuple[float, float, float]]:
    kind, probs = discipline(value)
    if kind in ("min", "max", "first-slot", "queue"):
        from ..errors import UnsupportedError

        raise UnsupportedError(f"growing-forest cannot use the discipline {value!r}; "
                               "use newest, oldest, random, mixed or a mix")
    return kind, probs


def _gt_kind(opts: dict[str, Any]) -> tuple[str, tuple[float, float, float]]:
    kind, probs = opts["discipline"]
    if kind == "mixed":
        return "list", (opts["p"], 0.0, 1.0 - opts["p"])
    return kind, probs


_GENERATE: list[Callable[..., Any]] = []
"""What an entry's function calls: :func:`tremaux.generators.core.generate`, which stands above this registry (it reads
it) and hands itself over with :func:`_generated_by` as it is imported."""


def _generated_by(generate: Callable[..., Any]) -> Callable[..., Any]:
    """Make ``generate(shape, name, **kwargs)`` what every entry's function runs; returns it."""
    _GENERATE[:] = [generate]
    return generate


def _runner(name: str) -> Callable[..., Any]:
    def run(shape: Any = None, **kwargs: Any) -> Any:
        return _GENERATE[0](shape, name, **kwargs)

    run.__name__ = run.__qualname__ = name.replace("-", "_")
    run.__doc__ = f"``tremaux.generate(shape, {name!r}, ...)``."
    return run


def _unused_options(opts: dict[str, Any], given: Any) -> None:
    """Refuse ``p`` without ``discipline=mixed`` and ``weights`` without ``min`` / ``max``: else they would be dropped
    (a queue object of the caller's says so itself)."""
    from ..errors import UnsupportedError

    kind = opts["discipline"][0]
    if kind == "queue":
        return
    if "p" in given and kind != "mixed":
        what = _gt_describe({"variant": "vertex", **opts})[0].split("(", 1)[1].rstrip(")")  # "newest", "oldest 0.5, ..."
        raise UnsupportedError(f"p is the chance of the newest cell with discipline=mixed; with the discipline "
                               f"{what} it is not used: drop it, or give discipline=mixed")
    if opts.get("weights") is not None and kind not in ("min", "max"):
        raise UnsupportedError("weights are the priorities of discipline=min or max; with another discipline they are "
                               "not used: drop them, or give discipline=min or max")


def _gt_params(opts: dict[str, Any], n: int = 0) -> np.ndarray:
    if opts["discipline"][0] == "queue":
        return _NONE
    kind, (pn, po, pr) = _gt_kind(opts)
    prio = {"list": 0, "min": 1, "max": 2, "first-slot": 3}[kind]
    return np.array([pn, po, pr, prio, 0.0 if opts.get("weights") is None else 1.0])


def _gt_kernel(opts: dict[str, Any]) -> str:
    if opts["discipline"][0] == "queue":
        if opts["variant"] == "arc" or opts.get("weights") is not None:
            from ..errors import UnsupportedError

            raise UnsupportedError("a queue object of your own runs the vertex-based growing tree without weights; "
                                   "drop variant=arc and weights")
        return QUEUE_KERNEL
    return "growing_tree_arcs" if opts["variant"] == "arc" else "growing_tree"


def _gt_work(opts: dict[str, Any], L: int, H: int, W: int) -> int:
    if opts["discipline"][0] == "queue":
        return 0
    kind, _ = _gt_kind(opts)
    return kgen.work_size(_gt_kernel(opts), L, H, W, weights=opts.get("weights") is not None,
                          priority=kind in ("min", "max"))


def _gt_describe(opts: dict[str, Any]) -> tuple[str, str]:
    if opts["discipline"][0] == "queue":
        queue = opts["discipline"][1]
        return f"Vertex Growing Tree ({getattr(queue, '__name__', type(queue).__name__)})", "queue length"
    kind, (pn, po, pr) = _gt_kind(opts)
    arc = opts["variant"] == "arc"
    if kind in ("min", "max"):
        what = f"{kind}-priority"
        frontier = "queue length"
    elif kind == "first-slot":
        what, frontier = "first slot", "list length"
    elif pn == 1.0:
        what, frontier = "newest", "stack depth"
    elif po == 1.0:
        what, frontier = "oldest", "queue length"
    elif pr == 1.0:
        what, frontier = "random", "list length"
    else:
        parts = [f"{name} {w:g}" for name, w in zip(("newest", "oldest", "random"), (pn, po, pr)) if w]
        what, frontier = ", ".join(parts), "list length"
    return f"{'Arc' if arc else 'Vertex'} Growing Tree ({what})", frontier


def _add(
    name: str,
    kernel: str | Callable[[dict[str, Any]], str],
    doc: str,
    *,
    aliases: tuple[str, ...] = (),
    perfect: bool = True,
    masks: bool = True,
    levels: bool = True,
    start: bool = True,
    options: tuple[Option, ...] = (),
    preset: dict[str, Any] | None = None,
    params: Callable[[dict[str, Any], int], np.ndarray] | None = None,
    work: Callable[[dict[str, Any], int, int, int], int] | None = None,
    describe: Callable[[dict[str, Any]], tuple[str, str]] | None = None,
    title: str = "",
    frontier: str = "",
    bias: str,
    cost: str,
    grids: str | tuple[str, ...] = "any",
    weave: bool = False,
    unused: Callable[[dict[str, Any], Any], None] = lambda _o, _g: None,
) -> None:
    kernel_of = kernel if callable(kernel) else (lambda _o, k=kernel: k)
    GENERATORS.add(
        name,
        _runner(name),
        aliases=aliases,
        doc=doc,
        perfect=perfect,
        masks=masks,
        levels=levels,
        start=start,
        options=options,
        preset=dict(preset or {}),
        kernel=kernel_of,
        params=params or (lambda _o, _n: _NONE),
        work=work or (lambda o, L, H, W: kgen.work_size(kernel_of(o), L, H, W)),
        describe=describe or (lambda _o: (title, frontier)),
        bias=bias,
        cost=cost,
        grids=grids,
        weave=weave,
        unused=unused,
    )


_add(
    "backtracker", "backtracker",
    "Depth-first search (recursive backtracker), iterative: long winding corridors.",
    aliases=("dfs", "depth-first", "recursive-backtracker", "exhaustive-exploration"),
    title="Depth-first Search (DFS)", frontier="stack depth",
    bias="long, winding corridors and few dead ends (about 10%); a very long solution path",
    cost="O(n) time; one byte per cell (the way back), no stack",
)
_add(
    "naive-dfs", _gt_kernel,
    "The naive depth-first search: a stack of passages, stale ones skipped (arc-based growing tree).",
    aliases=("dfs-naive",), options=(_VARIANT,), preset={"discipline": ("list", (1.0, 0.0, 0.0)), "variant": "arc"},
    params=_gt_params, work=_gt_work, describe=lambda o: ("Depth-first Search (DFS, naive)", "stack depth"),
    bias="like the backtracker (long corridors), with slightly different branching",
    cost="O(n) time; the stack holds up to one entry per passage (2n, 3n with levels)",
    grids=("square",),
)
_add(
    "breadth-first", _gt_kernel,
    "Growing tree with a queue (oldest cell first): passages radiate from the start.",
    aliases=("bfs",), options=(_VARIANT,), preset={"discipline": ("list", (0.0, 1.0, 0.0))},
    params=_gt_params, work=_gt_work, describe=lambda o: ("Breadth-first Search (BFS)", "queue length"),
    bias="straight spokes radiating from the start; few, very long dead ends (about 6% on 40 x 40)",
    cost="O(n) time; a queue as long as the frontier",
)
_add(
    "simplified-prim", _gt_kernel,
    "Growing tree with a random queue: the 'simplified Prim' of many maze books.",
    aliases=("random-queue",), options=(_VARIANT,), preset={"discipline": ("list", (0.0, 0.0, 1.0))},
    params=_gt_params, work=_gt_work, describe=lambda o: ('Simplified "Prim"', "list length"),
    bias="short twisty passages radiating from the start; many short dead ends",
    cost="O(n) time; a list as long as the frontier",
)
_add(
    "growing-tree", _gt_kernel,
    "The growing-tree family: any queue discipline, vertex- or arc-based.",
    options=(_DISCIPLINE, _P, _VARIANT, _WEIGHTS),
    params=_gt_params, work=_gt_work, describe=_gt_describe, unused=_unused_options,
    bias="newest: the backtracker's corridors (~10% dead ends); random: ~27% (vertex), ~32% (arc); "
         "min-priority: ~45%; first-slot (vertex): a comb of short dead ends (~48%, the lowest river); "
         "oldest: straight spokes (~6%)",
    cost="O(n) time (O(n log n) with a priority queue); frontier up to n cells or 2n-3n passages",
)
_add(
    "prim", "growing_tree_arcs",
    "True Prim: minimum spanning tree of random passage weights (arc-based, min-priority).",
    aliases=("true-prim",), preset={"discipline": ("min", (0.0, 0.0, 0.0)), "variant": "arc"},
    params=_gt_params, work=_gt_work, title="Prim's algorithm", frontier="queue length",
    bias="many short dead ends (about 30%), like Kruskal; no long corridors",
    cost="O(n log n) time; a binary heap of passages",
)
_add(
    "kruskal", "kruskal",
    "Random path merging (Kruskal): open random walls that join two different paths (union-find).",
    aliases=("random-path-merging", "fusion"), start=False, title="Kruskal (random path merging)", weave=True,
    bias="balanced trees with many short dead ends (about 30%); many branchings",
    cost="O(n alpha(n)) time; walls list and union-find (12 bytes per cell, 16 with levels)",
)
_add(
    "aldous-broder", "aldous_broder",
    "Aldous-Broder: a random walk carving into unvisited cells; uniform spanning tree.",
    aliases=("ab",), title="Aldous-Broder",
    bias="none: every perfect maze equally likely (about 29.5% dead ends)",
    cost="O(cover time) ~ n log^2 n walk steps: the slowest here; no extra memory",
)
_add(
    "wilson", "wilson",
    "Wilson: loop-erased random walks until they hit the maze; uniform spanning tree.",
    title="Wilson", frontier="path length",
    bias="none: every perfect maze equally likely (about 29.5% dead ends)",
    cost="O(mean hitting time) walk steps, slow start then fast; one direction per cell",
)
_add(
    "hunt-and-kill", "hunt_and_kill",
    "Hunt-and-kill: random walk to new cells; when stuck, hunt row by row for a cell next to the maze.",
    aliases=("hunt-kill",), title="Hunt-and-kill",
    bias="long corridors like the backtracker, slightly more dead ends (about 10-12%)",
    cost="O(n) time with a remembered hunt position; no stack",
)
_add(
    "eller", "eller",
    "Eller: one row at a time, joining sets across and down; memory of one row.",
    masks=False, levels=False, start=False, title="Eller",
    options=(
        Option("east", 0.5, "chance of joining two adjacent cells of different sets", probability("east")),
        Option("south", 0.5, "chance of each extra passage down", probability("south")),
    ),
    params=lambda o, n: np.array([o["east"], o["south"]]),
    bias="horizontal tendency with the defaults; the last row is one long corridor",
    cost="O(n) time, O(width) memory: any number of rows",
    grids=("square",),
)
_add(
    "sidewinder", "sidewinder",
    "Sidewinder: runs of eastward passages, each with one passage north.",
    masks=False, levels=False, start=False, title="Sidewinder", frontier="run length",
    options=(Option("east", 0.5, "chance of carrying a run on east", probability("east")),),
    params=lambda o, n: np.array([o["east"]]),
    bias="the top row is one corridor; a path always goes up without dead-end detours northwards",
    cost="O(n) time, no memory",
    grids=("square", "polar"),
)
_add(
    "binary-tree", "binary_tree",
    "Binary tree: every cell opens north or east (or up).",
    masks=False, start=False, title="Binary Tree",
    options=(Option("north", 0.5, "chance of north when north and east are both possible", probability("north")),),
    params=lambda o, n: np.array([o["north"]]),
    bias="strong diagonal bias; the top row and the east column are corridors",
    cost="O(n) time, no memory",
    grids=("square", "polar"),
)
_add(
    "recursive-division", "recursive_division",
    "Recursive division: split an open field by walls with one gap, recursively (iterative).",
    aliases=("division",), masks=False, levels=False, start=False,
    title="Recursive Division", frontier="stack depth",
    bias="long straight walls and a visible rectangular structure",
    cost="O(n log n) time, a stack of H + W chambers",
    grids=("square",),
)
_add(
    "growing-forest", "growing_forest",
    "Growing forest: many growing trees at once, joined Kruskal-style at the end.",
    aliases=("forest",), start=False, title="Growing Forest", frontier="list length",
    options=(
        Option("trees", 0, "number of trees (0: one per 100 cells)", whole("trees", 0)),
        Option("discipline", ("list", (0.0, 0.0, 1.0)),
               "how each tree grows: newest, oldest, random, mixed or a mix 'newest:1,random:1'", _list_discipline),
        _P,
    ),
    params=lambda o, n: np.array([min(o["trees"], n) or max(1, n // 100), *_gt_kind(o)[1]]),  # the kernel clips to n
    unused=_unused_options,
    bias="patches of growing-tree texture separated by Kruskal-like seams",
    cost="O(n) time; labels, frontier and walls (16-20 bytes per cell)",
)
_add(
    "percolation", "percolation",
    "Percolation: every passage between two neighbours open with chance p; the maze may fall in pieces.",
    perfect=False, start=False, title="Percolation", frontier="",
    options=(Option("p", 0.5, "chance of opening each passage", probability("p")),),
    params=lambda o, n: np.array([o["p"]]),
    bias="no structure: loops and closed-off pockets; below p = 0.5 the start and goal are usually apart",
    cost="O(n) time, no memory; one 32-bit draw per wall whatever p",
    grids=("square",),
)
