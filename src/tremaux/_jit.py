"""``njit`` for the kernels: compiled by numba, or run as plain Python on small inputs without importing numba.

Every kernel module writes ``from .._jit import njit, uint64`` where it would import them from numba. The
decorator returns a :class:`Kernel`: one function, two ways to run it.

* **compiled** (the default): the first call imports numba and compiles the function (``cache=True`` loads it
  from the on-disk cache), exactly as ``numba.njit`` would;
* **interpreted**: the function's own Python code runs, its calls to other kernels too. The kernels use an
  explicit random state (:mod:`tremaux.kernels.rng`) and fixed-width integers, so both ways give the same
  arrays bit for bit (``tests/test_jit.py`` checks every generator and solver).

A fresh process pays about 0.3 s of CPU to import numba and load its first cached kernel; a small maze is
generated or solved in tens of milliseconds of interpreted Python. The maze commands of the command line
therefore call :func:`allow_interpreted` with :data:`SMALL_MAZE_CELLS`: a kernel called from Python then runs
interpreted while numba has not been imported and the first array it is given (by the kernels' convention the
grid's cells, else the data it walks through) has at most that many elements. Once numba is imported (a bigger
input, a kernel marked ``interpret=False``, or the program's own use), every call runs compiled. The library
never interprets unless asked.

A kernel called from compiled code is seen by numba as its dispatcher (``Kernel._numba_type_``), and
``inline="always"`` works through ``Kernel.targetoptions`` and ``Kernel.py_func`` as on a dispatcher.

Entry points cost compile time: numba wraps each compiled function for calls from Python (its CPython wrapper)
and for calls through a C pointer (its C wrapper). No kernel is called through a C pointer, so every kernel is
compiled without the C wrapper (``_NUMBA_DEFAULTS``); a private helper that only other kernels call says
``no_cpython_wrapper=True`` (numba's option) and is compiled without the Python one too; called from Python
outside :func:`interpreted`, it raises ``TypeError``. Every kernel the warm-up compiles but never calls from
Python is such a helper, but for those listed with their Python callers (tests, doctests, a generator written in
Python) in ``tests/test_cli_warmup.py``, which checks it. numba's own implementations (``np.empty``, ``min``...)
are compiled once for callers whatever their options (:func:`tremaux._numba.quicken` keys them on the options
they inherit), so such a helper may call them without adding a copy.

Examples
--------
>>> @njit(cache=False)
... def twice(x):
...     return 2 * x
>>> twice.py_func(21)
42
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

__all__ = ["njit", "uint64", "Kernel", "allow_interpreted", "interpreted_limit", "interpreted", "would_interpret",
           "load_seconds", "SMALL_MAZE_CELLS", "SMALL_GRID_CELLS", "SMALL_PUZZLE_CELLS"]

uint64 = np.uint64
"""``uint64(x)``: numba compiles a call to ``np.uint64`` as the same cast as ``numba.uint64``."""

SMALL_MAZE_CELLS = 1024
"""Mazes of up to 32 x 32 cells run interpreted from the command line. Measured by ``benchmarks/bench_startup.py
--threshold`` (docs/benchmarks.md): numba's start in a fresh process costs about 0.29 s of CPU; interpreted, the
slowest generator (aldous-broder, a random walk) plus the slowest solver take 0.22 s at 32 x 32, 0.28 s at 40 x 40
and 0.43 s at 50 x 50; the largest side that stays under numba's cost with a margin is 32."""

SMALL_GRID_CELLS = 512
"""Mazes on the other grids (hex, triangle, polar, upsilon, zeta, wrapped, woven) of up to 512 cells run
interpreted from the command line (:func:`tremaux.cli.runtime.interpret_small_grid`). Their kernels walk the
neighbour tables, more sides a cell than the square's four: interpreted at 32 x 32 (1024 cells) the slowest
generator (aldous-broder, a random walk) took 0.4 to 0.9 s of CPU, more than numba's start with its first kernel,
and at about 520 cells 0.13 to 0.55 s, the median generator 0.04 to 0.07 s (``benchmarks/bench_startup.py --every``
in docs/benchmarks.md). The default sizes (10 x 20 cells, 10 rings: 200 to 283 cells) are well inside."""

SMALL_PUZZLE_CELLS = 900
"""Number Link puzzles of up to 900 cells (30 x 30) are solved from the command line without numba: the pipeline
asks its first questions of SAT there instead of the compiled search
(:func:`tremaux.numberlink.solvers.search.compiled_now`), its helper kernels interpreted; a puzzle those do
not answer goes on to the compiled stages. ``numberlink generate`` takes the same limit: its cover kernel,
interpreted, takes 5 ms at 10 x 10 and 50 ms at 30 x 30. Measured by ``benchmarks/bench_startup.py --threshold`` (docs/benchmarks.md) against
numba's start in a fresh process (about 0.3 s of CPU plus the cached search kernels)."""

_NUMBA_DEFAULTS = {"no_cfunc_wrapper": True, "nogil": True}
"""numba options every kernel gets unless it says otherwise: no C wrapper (``.ctypes`` and ``cfunc`` addresses,
which no caller of a kernel uses), whose lowering and LLVM optimisation a cold compile would otherwise pay for
every kernel; and ``nogil`` for all (the kernels hold no Python object), because numba compiles its own
implementations (``np.empty``...) once per set of options of their callers: the dataset's ``nogil`` kernels
compiled their own copies. (NumPy's error model, which drops the zero-divisor test of ``//`` and ``%``, was
tried and left out: hunt-and-kill ran 15% slower and Wilson 6% at 1000 x 1000.) Every kernel is also compiled
by :func:`tremaux._numba.pipeline_class`, numba's pipeline without passes the kernels never need."""

_LIMIT = 0  # elements of a call's first array up to which a call from Python may run interpreted; 0: never
_LOADED = [0.0]  # seconds this process spent importing numba and loading or compiling kernels
_LOCAL = threading.local()  # .depth: interpreted kernel calls in progress on this thread


def load_seconds() -> float:
    """Seconds this process has spent importing numba and loading (or compiling) kernels before running them.

    A kernel's first compiled call is split in two: its machine code is loaded from numba's cache (or
    compiled) and timed here, then it runs. Work with a time limit subtracts what this grew by, so that a
    first call in a fresh process is not charged for loading code (:func:`tremaux.numberlink.solve_puzzle`).

    Returns
    -------
    float
        Seconds spent loading so far in this process (it never decreases).

    Examples
    --------
    >>> before = load_seconds()
    >>> load_seconds() >= before >= 0.0
    True
    """
    return _LOADED[0]


def allow_interpreted(limit: int) -> None:
    """Let kernel calls whose first array holds at most ``limit`` elements run interpreted while numba is not loaded.

    Parameters
    ----------
    limit : int
        Elements of the first array among a call's arguments (the cells, for the maze kernels); ``0`` turns
        interpretation off.

    Examples
    --------
    >>> allow_interpreted(0); interpreted_limit()
    0
    """
    global _LIMIT
    _LIMIT = max(0, int(limit))


def interpreted_limit() -> int:
    """The limit set by :func:`allow_interpreted` (``0``: every call is compiled)."""
    return _LIMIT


def would_interpret(elements: int) -> bool:
    """Whether a kernel called now from Python on an array of ``elements`` would run interpreted.

    True only while interpretation is allowed up to at least ``elements`` (:func:`allow_interpreted`) and
    numba has not been imported; callers with a choice of method (the Number Link pipeline) use it to
    prefer one that needs no compiled kernel.

    Parameters
    ----------
    elements : int
        Size of the array the kernel would be given first.

    Returns
    -------
    bool

    Examples
    --------
    >>> allow_interpreted(0); would_interpret(10)
    False
    """
    return 0 < elements <= _LIMIT and not _compiled_mode()


@contextlib.contextmanager
def interpreted() -> Iterator[None]:
    """Run every kernel called in this block (on this thread) as Python, numba loaded or not.

    For comparing both ways of running a kernel; kernels marked ``interpret=False`` are interpreted too.

    Examples
    --------
    >>> from tremaux.kernels.rng import make_state, below
    >>> with interpreted():
    ...     a = [int(below(make_state(5), 100)) for _ in range(3)]
    >>> a == [int(below(make_state(5), 100)) for _ in range(3)]
    True
    """
    depth = getattr(_LOCAL, "depth", 0)
    _LOCAL.depth = depth + 1
    try:
        with np.errstate(over="ignore"):
            yield
    finally:
        _LOCAL.depth = depth


def _compiled_mode() -> bool:
    """Once numba is imported (its fixed cost paid), every call runs compiled."""
    return "numba" in sys.modules


class _Elements(np.ndarray):
    """An array view whose single elements read as Python numbers, as numba types them in arithmetic.

    numba widens a ``uint8`` element to a 64-bit integer as soon as it meets an integer, where NumPy keeps
    ``uint8`` (``total += cells[i]`` would wrap at 256); Python's ``int`` behaves as numba's ``int64`` on the
    values kernels see. ``uint64`` elements (the random state) stay NumPy scalars: they wrap at 2**64 as
    numba's do.
    """

    def __getitem__(self, key: Any) -> Any:
        value = np.ndarray.__getitem__(self, key)
        if isinstance(value, np.generic) and not isinstance(value, np.uint64):
            return value.item()
        return value


def _plain(result: Any) -> Any:
    """``result`` with the kernel's array views turned back into plain arrays."""
    if isinstance(result, _Elements):
        return result.view(np.ndarray)
    if type(result) is tuple:
        return tuple(r.view(np.ndarray) if isinstance(r, _Elements) else r for r in result)
    return result


class Kernel:
    """One kernel: ``py_func`` run as Python, or its numba dispatcher, made on first compiled use.

    Parameters
    ----------
    py_func : callable
        The kernel's Python function.
    options : dict
        numba's ``njit`` options (``cache``, ``inline``, ``nogil``...).
    interpret : bool
        ``False`` for a kernel that must always run compiled (work that grows too fast for Python).
    literals : bool
        ``True`` for a kernel compiled once per literal constant its callers pass (numba's default), where a
        constant argument makes a faster copy; by default a kernel is compiled for argument types only (see
        :func:`tremaux._numba.dispatcher_class`).
    """

    def __init__(self, py_func: Callable[..., Any], options: dict[str, Any], interpret: bool = True,
                 literals: bool = False) -> None:
        self.py_func = py_func
        self.targetoptions = dict(options)
        self.interpret = interpret
        self.literals = literals
        self._dispatcher: Any = None
        self._ready = False  # machine code loaded for a first signature (see _load)
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__module__ = py_func.__module__
        self.__doc__ = py_func.__doc__
        self.__wrapped__ = py_func

    @property
    def dispatcher(self) -> Any:
        """The numba dispatcher (importing numba and setting up its cache on first use)."""
        if self._dispatcher is None:
            from . import _numba

            _numba.setup()

            options = {**_NUMBA_DEFAULTS, **self.targetoptions, "nopython": True, "boundscheck": None}
            cache = options.pop("cache", False)  # what numba.njit(**options) does, with the kernels' classes
            dispatcher = _numba.dispatcher_class()(py_func=self.py_func, locals={}, targetoptions=options,
                                                   pipeline_class=_numba.pipeline_class())
            dispatcher.keep_literals = self.literals
            if cache:
                dispatcher.enable_caching()
            self._dispatcher = dispatcher
        return self._dispatcher

    @property
    def _numba_type_(self) -> Any:  # numba's typeof() reads it: compiled callers see the dispatcher
        return self.dispatcher._numba_type_

    def _interpreted(self, args: tuple[Any, ...]) -> bool:
        if getattr(_LOCAL, "depth", 0):
            return True  # called from an interpreted kernel
        if not self.interpret or _LIMIT <= 0 or _compiled_mode():
            return False
        for a in args:
            if isinstance(a, np.ndarray):
                return a.size <= _LIMIT
        return True

    def _load(self, args: tuple[Any, ...]) -> Any:
        """The dispatcher with machine code for ``args`` loaded (or compiled), the time it took counted."""
        if self.targetoptions.get("no_cpython_wrapper"):  # numba would call a null pointer
            raise TypeError(f"{self!r} is called from compiled kernels only (it has no Python entry point)")
        t = time.perf_counter()
        d = self.dispatcher
        if not d.overloads:
            try:
                d.compile(tuple(d.typeof_pyval(a) for a in args))
            except Exception:  # noqa: BLE001 - the call itself compiles, or raises numba's own error
                pass
        self._ready = True
        _LOADED[0] += time.perf_counter() - t
        return d

    def __call__(self, *args: Any) -> Any:
        if not self._interpreted(args):
            return (self._dispatcher if self._ready else self._load(args))(*args)
        depth = getattr(_LOCAL, "depth", 0)
        _LOCAL.depth = depth + 1
        args = tuple(a.view(_Elements) if type(a) is np.ndarray else a for a in args)
        try:
            if depth:
                return _plain(self.py_func(*args))
            with np.errstate(over="ignore"):  # fixed-width integers wrap, as in compiled code
                return _plain(self.py_func(*args))
        finally:
            _LOCAL.depth = depth

    def __getattr__(self, name: str) -> Any:  # signatures, stats, ... of the dispatcher (compiling it)
        if name.startswith("_"):  # probes such as hasattr(f, "_private") do not import numba
            raise AttributeError(name)
        return getattr(self.dispatcher, name)

    def __repr__(self) -> str:
        return f"<kernel {self.__module__}.{self.__qualname__}>"

    def __reduce__(self) -> tuple[Any, ...]:  # pickled by name, as a function is (process pools)
        return (_by_name, (self.__module__, self.__qualname__))


def _by_name(module: str, qualname: str) -> Kernel:
    import importlib

    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def njit(*args: Any, interpret: bool = True, literals: bool = False, **options: Any) -> Any:
    """Decorate a kernel like ``numba.njit`` (same options), without importing numba.

    Parameters
    ----------
    interpret : bool, default True
        ``False``: never run this kernel interpreted (see :func:`allow_interpreted`).
    literals : bool, default False
        ``True``: compile this kernel once per literal constant a compiled caller passes, as numba does by
        default (a copy for ``L = 1``, say); otherwise once per set of argument types.
    **options
        Passed to ``numba.njit`` when the kernel is first compiled.

    Returns
    -------
    Kernel or decorator

    Examples
    --------
    >>> @njit
    ... def one():
    ...     return 1
    >>> isinstance(one, Kernel)
    True
    """
    if args and callable(args[0]):
        return Kernel(args[0], options, interpret, literals)
    return lambda func: Kernel(func, options, interpret, literals)
