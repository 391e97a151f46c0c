"""Where the compiled kernels are cached, and who hears when they are compiled.

numba compiles each kernel the first time it runs and keeps the machine code in
an on-disk cache, so later runs only load it. This module chooses that cache
(:func:`cache_dir`) and lets the command line announce a compilation
(:func:`on_compile`). :mod:`tremaux.kernels` calls :func:`setup` before any
kernel module is imported. The library itself never prints.

The cache directory is, in order: ``NUMBA_CACHE_DIR`` when it is set; beside
the package (numba's ``__pycache__`` folders) when the package directory is
writable; else the user's cache directory, ``tremaux/numba`` under
``XDG_CACHE_HOME`` (``~/.cache`` by default) on Linux and the platform's
equivalent elsewhere.

Examples
--------
>>> import os
>>> os.path.basename(user_cache_dir())
'numba'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["cache_dir", "user_cache_dir", "package_writable", "setup", "on_compile", "lean", "pipeline_class",
           "dispatcher_class", "quicken", "when_ready", "KERNELS_DIR"]

KERNELS_DIR = Path(__file__).resolve().parent / "kernels"
"""The folder of the kernel modules (numba caches beside them when it may write there)."""

_CALLBACKS: list[Callable[[str], None]] = []
_WHEN_READY: list[Callable[[], None]] = []
_READY = False
_LEAN = False

_SKIPPED = ("coverage", "scipy.linalg.cython_blas", "cffi")
"""What a lean start-up keeps numba from importing: its ``coverage`` plug-in (numba's own line coverage of
compiled code), SciPy's BLAS (wanted only by ``np.dot`` and friends on floats, which no kernel uses; without
it numba's ``np.dot`` falls back to a plain loop) and ``cffi`` (calling C functions declared with cffi from
compiled code, which no kernel does). Together about 0.2 s of CPU in every fresh process."""


def user_cache_dir() -> str:
    """The per-user cache folder for compiled kernels (it honours ``XDG_CACHE_HOME`` on Linux).

    Returns
    -------
    str
        For example ``~/.cache/tremaux/numba``.

    Examples
    --------
    >>> "tremaux" in user_cache_dir()
    True
    """
    import platformdirs

    return os.path.join(platformdirs.user_cache_dir("tremaux", appauthor=False), "numba")


def package_writable(folder: Path = KERNELS_DIR) -> bool:
    """Whether numba may write its cache beside the kernel modules (``folder/__pycache__``).

    Examples
    --------
    >>> package_writable(Path("/no/such/folder"))
    False
    """
    cache = folder / "__pycache__"
    return os.access(cache if cache.is_dir() else folder, os.W_OK)


def cache_dir() -> str | None:
    """The folder numba caches kernels in: ``None`` means beside the package.

    Returns
    -------
    str or None
        ``NUMBA_CACHE_DIR`` when set, ``None`` when the package folder is writable, else :func:`user_cache_dir`.

    Examples
    --------
    >>> cache_dir() is None or isinstance(cache_dir(), str)
    True
    """
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return given
    return None if package_writable() else user_cache_dir()


def on_compile(callback: Callable[[str], None]) -> None:
    """Call ``callback(kernel)`` whenever a tremaux kernel is compiled (not when loaded from the cache).

    Registering does not import numba; the callback is hooked in when the kernels are first needed.

    Parameters
    ----------
    callback : callable
        Receives the kernel's full name, e.g. ``"tremaux.kernels.gen_grow.growing_tree"``.

    Examples
    --------
    >>> seen = []
    >>> on_compile(seen.append)
    >>> _CALLBACKS.remove(seen.append)
    """
    if callback not in _CALLBACKS:
        _CALLBACKS.append(callback)


def _announce(event: Any) -> None:
    """numba's ``numba:compile`` event fires on a cache miss only: the moment a kernel is really compiled."""
    dispatcher = (event.data or {}).get("dispatcher")
    func = getattr(dispatcher, "py_func", None)
    module = getattr(func, "__module__", "") or ""
    if module.startswith("tremaux.kernels"):
        for callback in list(_CALLBACKS):
            callback(f"{module}.{getattr(func, '__qualname__', '?')}")


def lean() -> None:
    """Start numba without its optional heavy imports in this process (the command line asks for it).

    When numba is first imported after this call, neither ``coverage`` nor SciPy's BLAS is imported for it
    (see ``_SKIPPED``): about 0.2 s of the 0.5 s that a fresh process spends in numba before its first cached
    kernel runs. A module that is already imported is left alone, and nothing is blocked afterwards, so a
    later ``import scipy.linalg`` works as usual. The library never calls this on its own: a program that
    imports tremaux keeps numba's defaults.

    Examples
    --------
    >>> lean()
    """
    global _LEAN
    _LEAN = True


def _import_numba() -> None:
    """Import numba and its array-maths module, without the modules in ``_SKIPPED`` when :func:`lean` asked."""
    blocked = [name for name in _SKIPPED if _LEAN and name not in sys.modules and "numba" not in sys.modules]
    if "scipy.linalg" in sys.modules and "scipy.linalg.cython_blas" in blocked:
        blocked.remove("scipy.linalg.cython_blas")
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # makes ``import name`` raise ImportError
    try:
        import numba  # noqa: F401
        import numba.core.typing.cffi_utils  # noqa: F401  # it probes cffi once, at import
        import numba.np.arraymath  # noqa: F401  # it probes BLAS once, at import
    finally:
        for name in blocked:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


def setup() -> None:
    """Point numba at :func:`cache_dir` and listen for compilations; idempotent, called by :mod:`tremaux.kernels`.

    Examples
    --------
    >>> setup(); setup()
    """
    global _READY
    if _READY:
        return
    folder = cache_dir()
    if folder is not None:
        os.environ.setdefault("NUMBA_CACHE_DIR", folder)  # child processes (web and dataset workers) agree
    _import_numba()
    import numba
    from numba.core import event

    if folder is not None and numba.config.CACHE_DIR != folder:
        numba.config.CACHE_DIR = folder  # numba was imported before us: its dispatchers read it when created
    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            if _CALLBACKS:
                _announce(ev)

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", Listener())
    quicken()
    for fn in _WHEN_READY:  # what the kernel modules imported so far teach numba (the grid topology functions...)
        fn()
    _READY = True


def when_ready(fn: Callable[[], None]) -> None:
    """Call ``fn`` once numba is set up by :func:`setup`, or now when it is already.

    How a kernel module teaches numba functions of its own (``numba.extending.overload``) before any kernel
    compiles, without importing numba itself, and without this module knowing the kernel modules.

    Parameters
    ----------
    fn : callable
        Called with no argument, once.

    Examples
    --------
    >>> from tremaux._numba import setup, when_ready
    >>> said = []
    >>> when_ready(lambda: said.append("numba is set up"))
    >>> setup()
    >>> said
    ['numba is set up']
    """
    if _READY:
        fn()
    else:
        _WHEN_READY.append(fn)


def _plain_markup(self: Any, msg: str) -> str:
    return msg


def quicken() -> list[str]:
    """Take three costs out of numba's typing that change nothing it computes; idempotent, called by :func:`setup`.

    numba types a call by trying the implementations registered for the function in turn, and builds an error
    message for every one that does not fit (thousands per kernel: ``operator.getitem`` alone has dozens).
    Two overheads of that loop are cut, for every numba function of the process:

    * **error highlighting**: with ``colorama`` installed, numba marks up each message part for the terminal,
      re-initialising colorama every time (its checks of ``os.environ`` included): about 4% of a cold compile.
      Messages keep their text, without the bold terminal codes; ``NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING``
      (numba's own switch) does the same when it is set before numba is imported.
    * **compile flags as a cache key**: each ``@overload`` template looks its implementation up under a key
      that holds the compiling function's ``Flags``, whose ``__hash__`` builds a dict of all its options only
      to hash their sorted *names* (the same for every ``Flags``) and whose ``__eq__`` compares two such
      dicts: about 7% of a cold compile. The hash becomes the same value computed from the option names
      directly, and ``__eq__`` first compares the explicitly set values (equal ones give equal options, an
      option both set to different values unequal ones), falling back to numba's comparison otherwise.
    * **one copy of an overload for callers with other options**: the same lookup keys the implementation on
      the caller's whole ``Flags``, so ``np.empty`` (say) was compiled again for the same types for every set of
      options among its callers; the key keeps the few options the implementation inherits
      (:func:`_share_overloads`).

    Returns
    -------
    list of str
        What was changed by this call (empty when already done or when numba's code differs from what is
        expected, in which case nothing is changed).

    Examples
    --------
    >>> isinstance(quicken(), list)
    True
    """
    from numba.core import errors, targetconfig

    done = []
    scheme = errors.termcolor()
    if type(scheme).__name__ == "HighlightColorScheme" and not getattr(scheme, "_tremaux_plain", False):
        for part in ("code", "errmsg", "filename", "indicate", "highlight", "reset"):
            setattr(scheme, part, _plain_markup.__get__(scheme))
        scheme._tremaux_plain = True
        done.append("highlighting")
    config = targetconfig.TargetConfig
    if not getattr(config, "_tremaux_quick", False) and _flags_as_expected(config):
        hash_before, eq_before = config.__hash__, config.__eq__

        def __hash__(self: Any) -> int:  # numba's: hash(tuple(sorted(self.values()))), the sorted option names
            return hash(tuple(sorted(self.options)))

        def __eq__(self: Any, other: Any) -> Any:
            if type(other) is type(self):
                mine, theirs = self._values, other._values
                if mine == theirs:
                    return True
                for name, value in mine.items():  # an option both set, to different values
                    if name in theirs and theirs[name] != value:
                        return False
            return eq_before(self, other)

        __hash__.__wrapped__ = hash_before  # type: ignore[attr-defined]
        config.__hash__ = __hash__  # type: ignore[method-assign,assignment]
        config.__eq__ = __eq__  # type: ignore[method-assign,assignment]
        config._tremaux_quick = True
        done.append("flags")
    if _share_overloads():
        done.append("overloads")
    return done


def _inherited_options() -> tuple[str, ...]:
    """The compile options a function compiled for a caller takes from it (numba's ``inherit_if_not_set`` in
    its CPU options' ``finalize``: ``nrt``, ``fastmath``, ``error_model``, ``forceinline`` in numba 0.5x-0.6x),
    read from numba's source; empty when it cannot be read."""
    import inspect
    import re

    from numba.core.cpu import CPUTargetOptions

    try:
        source = inspect.getsource(CPUTargetOptions.finalize)
    except (OSError, TypeError):
        return ()
    return tuple(sorted(set(re.findall(r"inherit_if_not_set\(\s*[\"'](\w+)[\"']", source))))


def _option_key(value: Any) -> Any:
    """A hashable stand-in for an option's value (numba's ``FastMathOptions`` is not hashable)."""
    try:
        hash(value)
        return value
    except TypeError:
        return (type(value).__name__, tuple(sorted((k, repr(sorted(x) if isinstance(x, (set, frozenset)) else x))
                                                   for k, x in vars(value).items())))


def _share_overloads() -> bool:
    """Key numba's ``@overload`` implementations on the options they inherit, not on all of the caller's flags.

    numba compiles an ``@overload`` implementation (``np.empty``, ``min``, the grid topology functions of
    :mod:`tremaux.kernels.graph_topo`) as a function of its own, with the options given to ``overload``, and
    keeps it under a key holding the *caller's* whole ``Flags``. Callers with other options (a kernel with
    ``no_cpython_wrapper``, numba's ``np.zeros`` calling ``np.empty``, one topology function calling another)
    therefore compile the same implementation again for the same types. Of the caller's flags only a few reach
    the implementation's compilation (:func:`_inherited_options`); the key keeps those and drops the rest, so
    the same machine code is compiled once. Calls that pass the same types by keyword in one place and by
    position in another (numba's ``np.zeros`` calls ``np.empty(shape, dtype=dtype)``) share it too: numba's
    key holds the keywords as written. Nothing changes when numba's code is not the expected one.
    """
    import inspect

    from numba.core import targetconfig
    from numba.core.typing import templates

    cls = templates._OverloadFunctionTemplate
    shared: dict[Any, Any] = {}  # (template, context, arguments bound to its parameters, options) -> dispatcher
    if getattr(cls, "_tremaux_shared", False):
        return False
    names = _inherited_options()
    before = cls.__dict__.get("_get_impl")
    if not names or before is None or not hasattr(cls, "_build_impl"):
        return False

    def _get_impl(self: Any, args: Any, kws: Any) -> Any:
        flags = targetconfig.ConfigStack.top_or_none()
        inherited = None if flags is None else tuple(_option_key(getattr(flags, n)) for n in names)
        cache_key = self.context, tuple(args), tuple(kws.items()), inherited
        try:
            return self._impl_cache[cache_key]
        except KeyError:
            pass
        # the same arguments spelt another way (``np.empty(n, dtype=t)`` in numba's ``np.zeros``, ``np.empty(n, t)``
        # in a kernel) reach the same implementation
        try:
            bound = inspect.signature(self._overload_func).bind(*args, **kws)
            same = type(self), self.context, tuple(bound.args), tuple(sorted(bound.kwargs.items())), inherited
            hash(same)
        except TypeError:
            same = None
        found = shared.get(same) if same is not None else None
        if found is not None:
            self._impl_cache[cache_key] = found, tuple(args)
            return found, tuple(args)
        disp, new_args = self._build_impl(cache_key, args, kws)
        if same is not None and disp is not None and self._impl_cache.get(cache_key) is not None:
            shared[same] = disp  # not when the overload gave a signature of its own
        return disp, new_args

    _get_impl.__wrapped__ = before  # type: ignore[attr-defined]
    cls._get_impl = _get_impl
    cls._tremaux_shared = True
    return True


def _flags_as_expected(config: Any) -> bool:
    """Whether numba's ``TargetConfig`` is the one :func:`quicken` was written for: its ``options`` and ``_values``,
    and a hash that is the hash of the sorted option names (any other numba is left as it is)."""
    try:
        from numba.core.compiler import Flags

        flags = Flags()
        if not (isinstance(flags, config) and isinstance(flags._values, dict)):
            return False
        if hash(flags) != hash(tuple(sorted(flags.options))):
            return False
        other = Flags()
        other.nrt = not flags.nrt
        return flags == Flags() and flags != other
    except Exception:  # noqa: BLE001 - another numba: nothing is changed
        return False


_DROPPED = ("with_lifting", "inline_closure_likes", "rewrite_semantic_constants", "make_function_op_code_to_jit_function",
            "find_literally", "literal_unroll", "LiteralPropagation", "nopython_supported_feature_validation",
            "dump_parfor_diagnostics", "nopython_rewrites")
"""numba passes the kernels' compiler leaves out (their ``_name``): the kernels hold no ``with`` block, closure,
comprehension, lambda, ``literally`` or ``literal_unroll`` call (``tests/test_numba_pipeline.py`` checks their source), and are
compiled without ``parallel=True``, so these passes only walk the IR and find nothing to do. ``nopython_rewrites``
runs numba's rewrites after typing (fusing whole-array expressions such as ``a + b`` into one loop, constant
arrays, string-literal indexing) between inserting and removing ``del`` statements for every variable: no kernel
holds such an expression (none of its rewrites matched a block of the 5,908 the whole warm-up compiles; the
test compiles a sample with the pass and checks it), and it cost about 4% of a cold compile."""

_PIPELINE: list[Any] = []


def pipeline_class() -> Any:
    """numba's default ``nopython`` compiler without the passes of ``_DROPPED``, for the kernels only.

    Given to ``numba.njit(pipeline_class=...)`` by :class:`tremaux._jit.Kernel`: a program's own numba functions,
    and numba's implementations of NumPy (``np.empty``...), keep numba's own compiler. numba is imported by the
    first call.

    Returns
    -------
    type
        A subclass of ``numba.core.compiler.CompilerBase``.

    Examples
    --------
    >>> pipeline_class().__name__
    'KernelCompiler'
    """
    if _PIPELINE:
        return _PIPELINE[0]
    from numba.core.compiler import CompilerBase, DefaultPassBuilder
    from numba.core.compiler_machinery import PassManager

    class KernelCompiler(CompilerBase):
        """numba's ``nopython`` pipeline without the passes the kernels never need (see ``_DROPPED``)."""

        def define_pipelines(self) -> list[Any]:
            full = DefaultPassBuilder.define_nopython_pipeline(self.state)
            pm = PassManager("tremaux")
            for pss, description in full.passes:
                if pss._name not in _DROPPED:
                    pm.add_pass(pss, description)
            pm.finalize()
            return [pm]

    _PIPELINE.append(KernelCompiler)
    return KernelCompiler


_DISPATCHER: list[Any] = []


def dispatcher_class() -> Any:
    """numba's CPU dispatcher, compiling a kernel called from another kernel for the types of its arguments only.

    numba types an integer or boolean constant in a call (``record(trace, 0, kind, i, -1)``) as a literal, and
    compiles the callee once for the literal and once more for the plain type it meets elsewhere: one copy per
    constant. No kernel asks for literal values (no ``literally``, see :func:`pipeline_class`), so a kernel's
    dispatcher drops them (``numba.types.unliteral``) before compiling: one specialisation per set of argument
    types. A program's own numba functions keep numba's dispatcher, and a kernel decorated
    ``njit(literals=True)`` numba's behaviour (the random walks' single-level copy, ``L = 1``, runs 1.07-1.35x
    faster than their general loop).

    Returns
    -------
    type
        A subclass of numba's ``CPUDispatcher``.

    Examples
    --------
    >>> dispatcher_class().__name__
    'KernelDispatcher'
    """
    if _DISPATCHER:
        return _DISPATCHER[0]
    from numba.core import types
    from numba.core.registry import CPUDispatcher

    class KernelDispatcher(CPUDispatcher):
        """numba's CPU dispatcher, typing calls from compiled code without literal arguments."""

        keep_literals = False  # a kernel decorated njit(literals=True) keeps numba's literal copies

        def get_call_template(self, args: Any, kws: Any) -> Any:
            if self.keep_literals:
                return super().get_call_template(args, kws)
            args = tuple(types.unliteral(a) for a in args)
            kws = {k: types.unliteral(v) for k, v in kws.items()}
            return super().get_call_template(args, kws)

    _DISPATCHER.append(KernelDispatcher)
    return KernelDispatcher


if "tremaux.kernels" in sys.modules:  # pragma: no cover - reloaded after the kernels
    setup()
