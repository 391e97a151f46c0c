"""Modules loaded on first use, so that start-up does not pay for numba, nor a command for what it does not use.

The public modules reach the compiled kernels through :func:`lazy_module`:
importing :mod:`tremaux.maze` or listing a registry imports neither numba nor
any kernel (nor the :mod:`tremaux.kernels` package); the first attribute
looked up on a kernel module (the first call) imports it.

Packages whose ``__init__`` would import every submodule get a module
``__getattr__`` from :func:`attach` instead (PEP 562): ``from package import
name`` and ``package.submodule`` work as before and import only what they name
(reading a maze file no longer loads the picture and animation stack, nor
solving a Number Link puzzle its generator and pictures).

Examples
--------
>>> import sys
>>> json = lazy_module("json")  # already imported modules are returned as they are
>>> json is sys.modules["json"]
True
"""

from __future__ import annotations

import importlib
import sys
import threading
from types import ModuleType
from typing import Any, Callable, Iterable

__all__ = ["lazy_module", "LazyModule", "attach", "loaded_types"]

_LOCK = threading.RLock()


class LazyModule(ModuleType):
    """A stand-in for a module that imports it when one of its attributes is first looked up.

    After that first look-up the module's names are copied into the stand-in, so later look-ups cost what
    they cost on the module itself.

    Parameters
    ----------
    name : str
        Absolute module name.
    """

    def __init__(self, name: str) -> None:
        super().__init__(name, f"{name}, imported on first use")

    def _load(self) -> ModuleType:
        with _LOCK:
            module = importlib.import_module(self.__name__)
            vars(self).update({k: v for k, v in vars(module).items() if k not in ("__name__", "__doc__")})
            return module

    def __getattr__(self, attr: str) -> Any:  # only called for names not copied in yet
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self._load(), attr)

    def __repr__(self) -> str:
        loaded = self.__name__ in sys.modules and "__file__" in vars(self)
        return f"<module {self.__name__!r} ({'loaded' if loaded else 'not loaded yet'})>"


def lazy_module(name: str) -> ModuleType:
    """The module ``name``, imported only when one of its attributes is first looked up.

    Parameters
    ----------
    name : str
        Absolute module name, e.g. ``"tremaux.kernels.grid"``.

    Returns
    -------
    module
        The module itself when it is already imported, else a :class:`LazyModule` standing in for it.

    Raises
    ------
    ModuleNotFoundError
        On first use, when there is no such module.

    Examples
    --------
    >>> grid = lazy_module("tremaux.kernels.grid")
    >>> int(grid.OPPOSITE[0])  # the first attribute imports it
    2
    """
    module = sys.modules.get(name)
    return module if module is not None else LazyModule(name)


class _Package(ModuleType):
    """A package whose API names (``_API_NAMES``) are never replaced by its submodules of the same name, which the
    import system sets as attributes of their package when it first imports them."""

    def __setattr__(self, name: str, value: Any) -> None:
        if (isinstance(value, ModuleType) and name in vars(self).get("_API_NAMES", ())
                and value.__name__ == f"{self.__name__}.{name}"):
            return  # the name stays the API's: loaded on first use by the package's __getattr__
        super().__setattr__(name, value)


def attach(package: str, names: dict[str, Iterable[str]],
           modules: Iterable[str] = ()) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose names are loaded from their submodules on first use.

    Parameters
    ----------
    package : str
        The package's full name (its ``__name__``).
    names : dict of str to iterable of str
        Each submodule (its name within the package, ``"model"``) and the names of the package's API it defines.
    modules : iterable of str, optional
        Submodules that are attributes of the package too (``package.formats``), loaded when first asked for.

    Returns
    -------
    tuple of two callables
        ``__getattr__(name)``, which stores what it loads in the package (so it runs once per name) and raises
        :class:`AttributeError` for an unknown name, and ``__dir__()``: the package's own public globals, the
        API and the submodules.

    Examples
    --------
    >>> import tremaux, tremaux.errors
    >>> getattr_, dir_ = attach("tremaux", {"errors": ["TremauxError"]}, modules=["budget"])
    >>> getattr_("TremauxError") is tremaux.errors.TremauxError
    True
    >>> getattr_("budget").__name__, "TremauxError" in dir_()
    ('tremaux.budget', True)
    >>> getattr_("nope")
    Traceback (most recent call last):
    ...
    AttributeError: module 'tremaux' has no attribute 'nope'
    """
    where = {name: module for module, api in names.items() for name in api}
    submodules = frozenset(modules)
    shadowed = frozenset(where) & submodules
    if shadowed:  # ``replay`` both a function of the API and a submodule: the import of the submodule must not
        # replace the function in the package (it did not when the package imported the function eagerly)
        own = sys.modules[package]
        vars(own)["_API_NAMES"] = shadowed
        own.__class__ = _Package

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(f".{where[name]}", package), name)
        elif name in submodules:
            value = importlib.import_module(f".{name}", package)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        own = vars(sys.modules[package])
        return sorted({n for n in own if not n.startswith("_") or n.startswith("__")} | set(where) | submodules)

    return __getattr__, __dir__


def loaded_types(*names: str) -> tuple[type, ...]:
    """The classes named ``"module:Class"`` whose modules are imported already, for an ``isinstance`` test that
    imports nothing: an object of a class whose module was never imported cannot exist.

    Parameters
    ----------
    *names : str
        Each class as ``"package.module:Class"``.

    Returns
    -------
    tuple of type
        The classes of the modules in ``sys.modules``, in the order given; the others are left out.

    Examples
    --------
    >>> import fractions
    >>> loaded_types("fractions:Fraction", "tremaux_no_such_module:Thing")
    (<class 'fractions.Fraction'>,)
    >>> isinstance(fractions.Fraction(1, 2), loaded_types("fractions:Fraction"))
    True
    """
    found = []
    for name in names:
        module, _, cls = name.partition(":")
        if sys.modules.get(module) is not None:
            found.append(getattr(sys.modules[module], cls))
    return tuple(found)
