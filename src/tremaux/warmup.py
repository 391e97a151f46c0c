"""Compile every kernel ahead, so that no later command waits for numba.

numba compiles a kernel the first time it runs, for the types it is given, and
caches the machine code on disk (see :mod:`tremaux._numba` for where). The
tasks below run every registered algorithm once on a tiny input, with the same
argument types as real use, so each kernel is compiled (or loaded) once:
every generator (on one and on several levels, every growing-tree variant and
the imperfect-maze options), every solver, the measures, every file format and
picture, every Number Link solver on puzzles that take each of its compiled
stages (the searches along anti-diagonals and by rows, the router, the loop
finder of the SAT stages) and the puzzle generator, every grid family with
every generator and solver that runs on it, and the dataset's batch kernels
for every generator and solver. ``tremaux warmup`` runs them with a progress
bar. :func:`all_kernels` lists every kernel and :func:`reached_kernels` the
ones numba compiles from the kernels a run calls: a test checks that the tasks
reach every kernel a registered algorithm can reach.

Examples
--------
>>> from tremaux.warmup import tasks
>>> [name for name, _ in tasks()][:2]
['generate aldous-broder', 'generate backtracker']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._warmup_procs import COSTS, cost, kernel_groups  # noqa: F401  (the order of the groups: public here)
from .errors import TremauxError, UnsupportedError

__all__ = ["tasks", "warmup", "useful_workers", "kernel_groups", "cost", "all_kernels", "reached_kernels"]

Task = tuple[str, Callable[[], Any]]


def _generator_task(name: str, levels: bool) -> Callable[[], Any]:
    def run() -> None:
        from . import generate

        generate((4, 5), name, seed=0, record=True)
        if levels:
            generate((2, 3, 4), name, seed=0)
        if name == "growing-tree":
            for options in ({"variant": "arc"}, {"discipline": "min"}, {"discipline": "first-slot"}):
                generate((4, 5), name, seed=0, **options)
        if name == "backtracker":  # the imperfect-maze options, run after any generator
            generate((6, 6), name, seed=0, braid=0.5, openings=1, islands=1, unreachable=1)
            generate((6, 6), name, seed=0, percolate=0.5)

    return run


def _solver_task(name: str) -> Callable[[], Any]:
    def run() -> None:
        from . import Maze, solve

        for shape in ((4, 5), (2, 3, 4)):
            maze = Maze.open(shape)  # loops and all: no generator kernel needed, so tasks compile apart
            for record in (False, True):
                try:
                    solve(maze, name, record=record)
                except UnsupportedError:  # e.g. a wall follower on several levels
                    pass

    return run


def _measures() -> None:
    from .maze import Maze, properties
    from .measure import maze_stats

    for shape in ((4, 5), (2, 3, 4)):
        maze = Maze.closed(shape)  # walls everywhere: every format, pictures too, reads it back
        maze_stats(maze)
        properties.summary(maze)


def _formats() -> None:
    from . import Maze, io

    for shape in ((4, 5), (2, 3, 4)):
        maze = Maze.closed(shape)  # walls everywhere: every format, pictures too, reads it back
        for fmt in io.FORMATS.names():
            try:
                io.loads(io.dumps(maze, fmt))
            except UnsupportedError:  # a format that holds one level only
                pass
        io.graph.from_graph(io.graph.to_graph(maze))


def _pictures() -> None:
    from . import generate, render, solve

    made = generate((4, 5), "backtracker", seed=0, record=True)
    solution = solve(made.maze, "tremaux", record=True)
    for obj in (made.maze, made, solution):
        for style in render.STYLES:
            render.to_text(obj, style=style)
        render.to_svg(obj)
        render.to_png(obj)
    render.to_gif(solution, frames=3)
    render.to_gif(made, frames=3)


_PUZZLES = ("1.2\n...\n1.2\n", "1..\n...\n..1\n")
"""Number Link puzzles the warm-up solves: the first is answered by a quick verdict under ``fill``; the second
takes the compiled search along anti-diagonals (the row search, the compiled neighbourhoods and the colour search
are called directly), the router under ``nikoli``, and with ``unique=True`` the forcing search and SAT."""


def _numberlink_task(name: str) -> Callable[[], Any]:
    def run() -> None:
        from .numberlink import loads, solve_puzzle

        for text in _PUZZLES:
            puzzle = loads(text)
            for rule in ("fill", "nikoli"):
                for options in ({}, {"touch": False}, {"unique": True}):
                    try:
                        solve_puzzle(puzzle, name, rule=rule, **options)
                    except UnsupportedError:  # e.g. uniqueness with a solver that does not count
                        pass
        if name == "fast":  # the row search and the compiled neighbourhoods, which other stages answer before
            from .numberlink import Puzzle  # on puzzles this small
            from .numberlink.result import Linking
            from .numberlink.solvers.colours import ColourRun
            from .numberlink.solvers.forcing import ForceRun
            from .numberlink.solvers.local import LocalRun
            from .numberlink.solvers.reroute import reroute
            from .numberlink.solvers.search import search

            for cover in (True, False):
                search(loads(_PUZZLES[-1]), cover=cover, touch=True, max_solutions=2)
            p = Puzzle.from_rows(["1....", ".....", "....1"])
            first = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4)]])
            LocalRun(p, first, cover=False, touch=False).advance(None)
            reroute(p, first)  # nikoli's second question asks it first: moves answer this puzzle before it
            ForceRun(p, first, cover=True, touch=True).advance(None)  # fill's second question goes to it first
            for cut in (True, False):  # the colour search (nikoli's second question), which forcing may answer first
                ColourRun(loads(_PUZZLES[-1]), max_solutions=2, cut=cut).advance(None)

    return run


def _numberlink_loops() -> None:
    """The loop finder of the SAT stages, which runs only when a model closes a loop: compiled on its own."""
    import numpy as np

    from .kernels import numberlink as kn

    links = np.array([6, 12, 3, 9], np.uint8)  # a 2 x 2 loop
    owner = np.full(4, -1, np.int32)
    kn.loop_components(links, owner, 2, 2)


def _numberlink_generate() -> None:
    from .numberlink import generate_puzzle

    generate_puzzle((4, 4), seed=0)


_GRIDS = (("square", {"size": (3, 4), "wrap": "torus"}), ("square", {"size": (3, 4), "weave": True}),
          ("hex", {"size": (3, 4)}), ("hex", {"size": (3, 4), "weave": True}), ("polar", {"rings": 3}),
          ("triangle", {"size": (3, 4)}), ("upsilon", {"size": (3, 3)}), ("zeta", {"size": (3, 3)}))
"""Grids of :data:`tremaux.grids.GRIDS` the warm-up carves and solves: every family, and the forms of topology
the graph kernels are compiled for (a table, the hex rectangle's arithmetic; cells of one and of two bytes on woven
grids). A polar grid hands the kernels its tables; only one beyond :data:`tremaux.grids.polar.TABLE_SLOTS` side
slots (237 rings and more) its arithmetic form, which the warm-up leaves to be compiled on first use."""


def _grid_task(name: str, params: dict[str, Any]) -> Callable[[], Any]:
    def run() -> None:
        from .generators import GENERATORS
        from .grids import GRAPH_SOLVERS, generate_on, grid_stats, make_grid, solve_on, supports, to_svg
        from .grids.islands import island_count

        grid = make_grid(name, **params)
        mazes = []
        for entry in sorted(GENERATORS, key=lambda e: e.name):
            if supports(entry, grid):
                mazes.append(generate_on(grid, entry.name, seed=0, record=True).maze)
        maze = mazes[0]
        if "weave" not in grid.params:  # the imperfect-maze options
            maze = generate_on(grid, "backtracker", seed=0, braid=0.5).maze
            try:
                generate_on(grid, "backtracker", seed=0, islands=1)
                island_count(maze)
            except TremauxError:  # no island fits this small grid, or none is defined on it (zeta)
                pass
        for solver in GRAPH_SOLVERS:
            for record in (False, True):
                try:
                    solve_on(maze, solver, record=record)
                except UnsupportedError:  # a wall follower on a grid it cannot follow
                    pass
        grid_stats(maze)
        to_svg(maze, heat=True)

    return run


def _dataset() -> None:
    from . import dataset
    from .dataset.shard import compute_rows

    spec = dataset.make_spec(count=2, size="4x5", outputs=",".join(dataset.OUTPUTS), solvers="bfs")
    compute_rows(spec, 0, 2)


def _dataset_generators() -> None:
    """Every generator and solver of the dataset's batch kernels, and its text outputs, on one tiny row each."""
    from . import dataset
    from .dataset.shard import BATCH_SOLVERS, warm_up
    from .generators import GENERATORS
    from .solvers import SOLVERS

    solvers = ",".join(e.name for e in SOLVERS if e.name in BATCH_SOLVERS)
    for entry in sorted(GENERATORS, key=lambda e: e.name):
        spec = dataset.make_spec(count=1, size="3x4", generator=entry.name, outputs=",".join(dataset.OUTPUTS),
                                 solvers=solvers)
        warm_up(spec)


def tasks() -> list[Task]:
    """The warm-up tasks, ``(label, function)`` pairs read from the registries.

    Returns
    -------
    list of (str, callable)
        One task per generator, per solver and per Number Link solver, then the measures, formats, pictures,
        the loop finder, the puzzle generator, the dataset kernels and one task per grid of ``_GRIDS``.

    Examples
    --------
    >>> from tremaux.warmup import tasks
    >>> labels = [name for name, _ in tasks()]
    >>> "solve tremaux" in labels and "pictures" in labels
    True
    """
    from .generators import GENERATORS
    from .numberlink import NL_SOLVERS
    from .solvers import SOLVERS

    out: list[Task] = [(f"generate {e.name}", _generator_task(e.name, bool(e.levels)))
                       for e in sorted(GENERATORS, key=lambda e: e.name)]
    out += [(f"solve {e.name}", _solver_task(e.name)) for e in SOLVERS]
    out += [("measures", _measures), ("formats", _formats), ("pictures", _pictures)]
    out += [(f"numberlink {e.name}", _numberlink_task(e.name)) for e in NL_SOLVERS]
    out += [("numberlink loops", _numberlink_loops), ("numberlink generate", _numberlink_generate),
            ("dataset", _dataset), ("dataset generators", _dataset_generators)]
    out += [(f"grid {name}" + "".join(f" {k}={v}" for k, v in params.items() if k != "size" and k != "rings"),
             _grid_task(name, params)) for name, params in _GRIDS]
    return out


def warmup(progress: Callable[[str, int, int], None] | None = None, *, workers: int = 1) -> int:
    """Run every task of :func:`tasks`, compiling (or loading) every kernel.

    Parameters
    ----------
    progress : callable, optional
        Called as ``progress(label, done, total)`` before each task (``done`` tasks have ended), with
        ``workers > 1`` also as each one ends, and once at the end.
    workers : int, default 1
        Processes to compile in (each writes its kernels to the shared cache). numba compiles on one core.
        Each process runs whole groups of :func:`kernel_groups`, so no kernel of one algorithm family is
        compiled by two processes at once; the small shared helpers may still be (wall figures in
        docs/benchmarks.md). On Ctrl+C the processes are ended and ``KeyboardInterrupt`` raised here.

    Returns
    -------
    int
        The number of tasks run.

    Examples
    --------
    >>> from tremaux.warmup import warmup
    >>> seen = []
    >>> warmup(lambda label, done, total: seen.append(done)) == len(seen) - 1
    True
    """
    from . import _jit

    limit = _jit.interpreted_limit()
    _jit.allow_interpreted(0)  # a command run before in this process may have let small inputs run as Python
    try:
        return _run(tasks(), progress, workers)
    finally:
        _jit.allow_interpreted(limit)


def useful_workers(workers: int) -> int:
    """How many of ``workers`` processes :func:`warmup` starts: no more than it has groups of tasks to hand out.

    Parameters
    ----------
    workers : int
        The processes asked for (at least 1).

    Returns
    -------
    int
        ``min(workers, len(kernel_groups(...)))``.

    Examples
    --------
    >>> from tremaux.warmup import useful_workers
    >>> useful_workers(1), 1 < useful_workers(10**6) < 10**6
    (1, True)
    """
    return max(1, min(int(workers), len(kernel_groups([label for label, _ in tasks()]))))


def _run(todo: list[Task], progress: Callable[[str, int, int], None] | None, workers: int) -> int:
    """The body of :func:`warmup`."""
    workers = useful_workers(workers)  # a process per group at most (and Windows takes no more than 61)
    if workers > 1:
        from . import _warmup_procs

        labels = [label for label, _ in todo]
        # one job per group of tasks sharing kernels, so no two processes compile the same kernel at once
        _warmup_procs.run(labels, kernel_groups(labels), workers, progress, tasks)
        if progress is not None:
            progress("done", len(todo), len(todo))
        return len(todo)
    for i, (label, run) in enumerate(todo):
        if progress is not None:
            progress(label, i, len(todo))
        run()
    if progress is not None:
        progress("done", len(todo), len(todo))
    return len(todo)


def all_kernels() -> dict[str, Any]:
    """Every kernel of :mod:`tremaux.kernels`, by full name (``"module.function"``), every module imported.

    Returns
    -------
    dict of str to Kernel
        The :class:`tremaux._jit.Kernel` objects defined in the kernel modules.

    Examples
    --------
    >>> from tremaux.warmup import all_kernels
    >>> kernels = all_kernels()
    >>> "numberlink.random_cover" in kernels and "nl_search.search_run" in kernels
    True
    """
    import importlib
    import pkgutil

    from . import kernels
    from ._jit import Kernel

    out: dict[str, Any] = {}
    for info in pkgutil.iter_modules(kernels.__path__):
        module = importlib.import_module(f"{kernels.__name__}.{info.name}")
        for name, obj in vars(module).items():
            if isinstance(obj, Kernel) and obj.__module__ == module.__name__:
                out[f"{info.name}.{name}"] = obj
    return out


def _referenced(func: Any) -> list[Any]:
    """The objects the code of ``func`` names (globals, attributes of modules it names), nested code included."""
    import types

    names: set[str] = set()
    todo = [func.__code__]
    while todo:
        code = todo.pop()
        names.update(code.co_names)
        todo += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    found = []
    for name in names:
        obj = func.__globals__.get(name)
        if isinstance(obj, types.ModuleType):
            found += [getattr(obj, n) for n in names if n in vars(obj)]
        elif obj is not None:
            found.append(obj)
    return found


def reached_kernels(called: Any) -> set[Any]:
    """The kernels numba compiles when ``called`` (kernels called from Python) are compiled.

    numba types a kernel's whole body, so it compiles every kernel the body names, whether a given run takes
    that branch or not, and so on down (kernels marked ``inline="always"`` are typed inside their callers).
    The same holds for the plain functions of the kernel modules that kernels call (numba overloads, such
    as :func:`tremaux.kernels.graph_topo.locate`).

    Parameters
    ----------
    called : iterable of Kernel
        Kernels called from Python.

    Returns
    -------
    set of Kernel

    Examples
    --------
    >>> from tremaux.warmup import reached_kernels, all_kernels
    >>> kernels = all_kernels()
    >>> kernels["rng.below"] in reached_kernels([kernels["numberlink.random_cover"]])
    True
    """
    import types

    from ._jit import Kernel

    seen: set[Any] = set()
    out: set[Any] = set()
    todo = list(called)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Kernel):
            out.add(obj)
            todo += _referenced(obj.py_func)
        elif callable(obj) and (getattr(obj, "__module__", "") or "").startswith("tremaux.kernels."):
            func = getattr(obj, "__wrapped__", obj)  # a functools.cache'd table of numba implementations
            if isinstance(func, types.FunctionType):
                todo += _referenced(func)
    return out
