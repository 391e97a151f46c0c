"""Equality, hashing and pickling shared by the result classes that hold arrays.

A result (a :class:`~tremaux.solvers.result.Solution`, a
:class:`~tremaux.numberlink.result.PuzzleSolution`...) compares by content:
two runs with one seed give equal results, and a result sent to another
process (Dask, :mod:`multiprocessing`) comes back equal to itself. Their
read-only ``extras`` mappings (a :class:`types.MappingProxyType`, which
:mod:`pickle` refuses) travel as plain dicts and are wrapped again.

Examples
--------
>>> import numpy as np
>>> same({"marks": np.zeros(3)}, {"marks": np.zeros(3)}), same(np.zeros(2), np.zeros(3))
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any

import numpy as np

__all__ = ["same", "fingerprint", "frozen_state", "set_frozen_state"]


def same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` hold the same values, arrays compared whole (shape, values) rather than elementwise.

    Parameters
    ----------
    a, b : Any
        Values: arrays, mappings, tuples and lists of them, or anything ``==`` compares.

    Returns
    -------
    bool

    Examples
    --------
    >>> import numpy as np
    >>> same((1, np.arange(3)), (1, np.arange(3))), same(np.arange(3), [0, 1, 2])
    (True, False)
    """
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape
                and a.dtype.kind == b.dtype.kind and bool(np.array_equal(a, b)))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def fingerprint(value: Any) -> Any:
    """A hashable stand-in for ``value`` that equal values (by :func:`same`) share: arrays by shape and bytes.

    Parameters
    ----------
    value : Any
        An array, a mapping, a tuple or list of them, or a hashable value.

    Returns
    -------
    Any
        Something :func:`hash` takes.

    Examples
    --------
    >>> import numpy as np
    >>> hash(fingerprint({"a": np.ones(2)})) == hash(fingerprint({"a": np.ones(2)}))
    True
    """
    if isinstance(value, np.ndarray):
        return (value.shape, np.ascontiguousarray(value).tobytes())
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), fingerprint(v)) for k, v in value.items()))
    if isinstance(value, (tuple, list)):
        return tuple(fingerprint(v) for v in value)
    return value


def frozen_state(obj: Any) -> dict[str, Any]:
    """A frozen dataclass's fields for :mod:`pickle`, its read-only mappings as plain dicts.

    Parameters
    ----------
    obj : dataclass instance
        The result pickled.

    Returns
    -------
    dict
        Field name -> value.

    Examples
    --------
    >>> import tremaux
    >>> state = frozen_state(tremaux.solve(tremaux.Maze.open((1, 2)), "tremaux"))
    >>> type(state["extras"]).__name__
    'dict'
    """
    return {f.name: dict(v) if isinstance(v := getattr(obj, f.name), MappingProxyType) else v for f in fields(obj)}


def set_frozen_state(obj: Any, state: Mapping[str, Any], proxies: tuple[str, ...] = ("extras",)) -> None:
    """Restore what :func:`frozen_state` gave, the mappings named in ``proxies`` read-only again.

    Parameters
    ----------
    obj : dataclass instance
        The result being unpickled.
    state : Mapping
        Field name -> value.
    proxies : tuple of str, default ("extras",)
        The fields held as read-only mappings.

    Examples
    --------
    >>> import pickle, tremaux
    >>> s = tremaux.solve(tremaux.Maze.open((1, 2)), "tremaux")
    >>> type(pickle.loads(pickle.dumps(s)).extras).__name__
    'mappingproxy'
    >>> pickle.loads(pickle.dumps(s)).path.flags.writeable
    False
    """
    for name, value in state.items():
        if name in proxies:
            value = MappingProxyType({k: _readonly(v) for k, v in value.items()})
        object.__setattr__(obj, name, _readonly(value))


def _readonly(value: Any) -> Any:
    """``value``, read-only when it is an array (a pickle or a deep copy gives writable ones)."""
    if isinstance(value, np.ndarray) and value.flags.writeable:
        value.flags.writeable = False
    return value
