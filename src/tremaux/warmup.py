"""Compile every kernel ahead, so that no later command waits for numba.

numba compiles a kernel the first time it runs, for the types it is given, and
caches the machine code on disk (see :mod:`tremaux._numba` for where). The
tasks below run every registered algorithm once on a tiny input, with the same
argument types as real use, so each kernel is compiled (or loaded) once:
every generator (on one and on several levels, every growing-tree variant and
the imperfect-maze options), every solver, the measures, every file format and
picture, every Number Link solver and the puzzle generator, and the dataset's
batch kernels. ``tremaux warmup`` runs them with a progress bar.

Examples
--------
>>> [name for name, _ in tasks()][:2]
['generate aldous-broder', 'generate backtracker']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import UnsupportedError

__all__ = ["tasks", "warmup"]

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


def _numberlink_task(name: str) -> Callable[[], Any]:
    def run() -> None:
        from .numberlink import loads, solve_puzzle

        puzzle = loads("1.2\n...\n1.2\n")
        for rule in ("fill", "nikoli"):
            try:
                solve_puzzle(puzzle, name, rule=rule)
            except UnsupportedError:
                pass

    return run


def _numberlink_generate() -> None:
    from .numberlink import generate_puzzle

    generate_puzzle((4, 4), seed=0)


def _dataset() -> None:
    from . import dataset
    from .dataset.shard import compute_rows

    spec = dataset.make_spec(count=2, size="4x5", outputs=",".join(dataset.OUTPUTS), solvers="bfs")
    compute_rows(spec, 0, 2)


def tasks() -> list[Task]:
    """The warm-up tasks, ``(label, function)`` pairs read from the registries.

    Returns
    -------
    list of (str, callable)
        One task per generator, per solver and per Number Link solver, then the measures, formats, pictures,
        the puzzle generator and the dataset kernels.

    Examples
    --------
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
    out += [("numberlink generate", _numberlink_generate), ("dataset", _dataset)]
    return out


def _run_group(indices: list[int]) -> list[int]:
    """Run the tasks ``indices`` of :func:`tasks`, in order (in a worker process)."""
    todo = tasks()
    for i in indices:
        todo[i][1]()
    return indices


def kernel_groups(labels: list[str]) -> list[list[int]]:
    """Indices of the tasks, grouped so that tasks compiling the same kernels run in one process.

    Generators that run the same kernel (the growing-tree family, say) form one group, solvers of one module
    another (they share its kernels); every other task is a group of its own. Groups keep the order of
    ``labels`` and come largest first, so that several workers end together.

    Parameters
    ----------
    labels : list of str
        The labels of :func:`tasks`, in order.

    Returns
    -------
    list of list of int
        Every index exactly once.

    Examples
    --------
    >>> groups = kernel_groups([name for name, _ in tasks()])
    >>> labels = [name for name, _ in tasks()]
    >>> sorted(labels[i] for i in next(g for g in groups if labels.index("generate prim") in g))[:3]
    ['generate breadth-first', 'generate growing-tree', 'generate naive-dfs']
    """
    from .generators import GENERATORS
    from .generators.options import check_options
    from .solvers import SOLVERS

    keys: dict[str, str] = {}
    for e in GENERATORS:
        opts = check_options(e.name, e.meta["options"], {})  # the defaults, then the preset, as generate does
        opts.update(e.meta["preset"])
        kernel = e.meta["kernel"](opts)
        keys[f"generate {e.name}"] = "growing_tree" if kernel.startswith("growing_tree") else kernel
    for e in SOLVERS:
        keys[f"solve {e.name}"] = "solvers " + e.func.__module__
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(keys.get(label, label), []).append(i)
    return sorted(groups.values(), key=len, reverse=True)


def warmup(progress: Callable[[str, int, int], None] | None = None, *, workers: int = 1) -> int:
    """Run every task of :func:`tasks`, compiling (or loading) every kernel.

    Parameters
    ----------
    progress : callable, optional
        Called as ``progress(label, done, total)`` before each task (with ``workers > 1``: as each one
        finishes) and once at the end.
    workers : int, default 1
        Processes to compile in (each writes its kernels to the shared cache). numba compiles on one core.
        Each process runs whole groups of :func:`kernel_groups`, so no kernel of one algorithm family is
        compiled by two processes at once; the small shared helpers may still be (wall figures in
        docs/benchmarks.md).

    Returns
    -------
    int
        The number of tasks run.

    Examples
    --------
    >>> seen = []
    >>> warmup(lambda label, done, total: seen.append(done)) == len(seen) - 1
    True
    """
    todo = tasks()
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        context = multiprocessing.get_context("spawn")  # fresh interpreters: nothing of ours is forked
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            # one job per group of tasks sharing kernels, so no two processes compile the same kernel at once
            futures = [pool.submit(_run_group, group) for group in kernel_groups([label for label, _ in todo])]
            done = 0
            for future in as_completed(futures):
                for i in future.result():
                    done += 1
                    if progress is not None:
                        progress(todo[i][0], done, len(todo))
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
