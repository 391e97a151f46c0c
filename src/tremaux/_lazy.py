"""Modules loaded on first use, so that start-up does not pay for numba.

The public modules reach the compiled kernels through :func:`lazy_module`:
importing :mod:`tremaux.maze` or listing a registry imports neither numba nor
any kernel (nor the :mod:`tremaux.kernels` package); the first attribute
looked up on a kernel module (the first call) imports it.

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
from typing import Any

__all__ = ["lazy_module", "LazyModule"]

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
