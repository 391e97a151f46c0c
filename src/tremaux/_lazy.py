"""Modules loaded on first use, so that start-up does not pay for numba.

The public modules reach the compiled kernels through :func:`lazy_module`:
importing :mod:`tremaux.maze` or listing a registry imports neither numba nor
any kernel; the first attribute looked up on a kernel module (the first call)
loads it.

Examples
--------
>>> import sys
>>> json = lazy_module("json")  # already imported modules are returned as they are
>>> json is sys.modules["json"]
True
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from types import ModuleType

__all__ = ["lazy_module"]

_LOCK = threading.Lock()


def lazy_module(name: str) -> ModuleType:
    """The module ``name``, executed only when one of its attributes is first looked up.

    Parameters
    ----------
    name : str
        Absolute module name, e.g. ``"tremaux.kernels.grid"``.

    Returns
    -------
    module
        The module (from :data:`sys.modules` when it is already there).

    Raises
    ------
    ModuleNotFoundError
        When there is no such module.

    Examples
    --------
    >>> grid = lazy_module("tremaux.kernels.grid")
    >>> int(grid.OPPOSITE[0])  # the first attribute loads it
    2
    """
    with _LOCK:
        module = sys.modules.get(name)
        if module is not None:
            return module
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            raise ModuleNotFoundError(f"no module named {name!r}", name=name)
        loader = importlib.util.LazyLoader(spec.loader)
        spec.loader = loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loader.exec_module(module)
        return module
