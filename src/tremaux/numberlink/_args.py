"""The checks of the arguments the Number Link API takes: each refuses a value of the wrong kind by name.

A count, a seed or a step budget is a whole number (``5`` or ``5.0``, never ``True`` nor ``"5"``); a time
limit is a positive number of seconds (``inf`` for none); a switch is ``True`` or ``False``. Each error is an
:class:`~tremaux.errors.InvalidSizeError` naming the argument and the value given.

Examples
--------
>>> whole(5.0, "count"), seconds(2, "time limit"), seconds(None, "time limit")
(5, 2.0, None)
>>> whole("5", "count")
Traceback (most recent call last):
...
tremaux.errors.InvalidSizeError: count must be a whole number, not '5'
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from .._args import switch  # noqa: F401  (one check of a switch for the whole library)
from ..errors import InvalidSizeError

_BOOLS = (bool, np.bool_)


def whole(value: Any, what: str, *, least: int | None = None) -> int:
    """``value`` as an ``int`` when it is a whole number (not a bool) of at least ``least``, else an error naming
    ``what``."""
    if isinstance(value, numbers.Integral) and not isinstance(value, _BOOLS):
        n = int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, _BOOLS) and math.isfinite(value) \
            and value == int(value):
        n = int(value)  # 5.0
    else:
        raise InvalidSizeError(f"{what} must be a whole number, not {value!r}")
    if least is not None and n < least:
        raise InvalidSizeError(f"{what} must be at least {least}, not {n}")
    return n


def number(value: Any, what: str) -> float:
    """``value`` as a ``float`` when it is a real number (not a bool), else an error naming ``what``."""
    if isinstance(value, _BOOLS) or not isinstance(value, numbers.Real):
        raise InvalidSizeError(f"{what} must be a number, not {value!r}")
    return float(value)


def seconds(value: Any, what: str) -> float | None:
    """A time limit: ``None`` as is, else a positive number of seconds (``inf`` for none)."""
    if value is None:
        return None
    limit = number(value, what)
    if not limit > 0:
        raise InvalidSizeError(f"{what} must be a positive number of seconds, not {value!r}")
    return limit
