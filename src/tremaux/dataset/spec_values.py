"""The values of a dataset spec: sizes and size ranges, whole numbers in range, lists of names.

Each checker names the bad value and what would be accepted
(:class:`~tremaux.errors.InvalidSizeError` for sizes,
:class:`~tremaux.errors.TremauxError` otherwise).

Examples
--------
>>> from tremaux.dataset.spec_values import parse_size_range
>>> parse_size_range("8x8..12x16")
((8, 8), (12, 16))
>>> parse_size_range("8x8x2")
Traceback (most recent call last):
...
tremaux.errors.InvalidSizeError: size '8x8x2' has levels; datasets are of 2-D mazes (HxW)
"""

from __future__ import annotations

import re
from numbers import Integral
from typing import Any

import numpy as np

from .._args import SEED_RANGE  # noqa: F401  (a dataset's seed range: the library's)
from ..errors import InvalidSizeError, TremauxError

__all__ = ["parse_size_range", "MAX_COUNT", "MAX_SIDE", "SEED_RANGE"]

MAX_COUNT = 10**12
"""Most mazes a dataset may hold."""
MAX_SIDE = 32_767
"""Largest height or width of a dataset's mazes (heights and widths are stored as int16)."""


def parse_size_range(text: str) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Parse ``"HxW"`` or a range ``"HxW..HxW"`` (both ends inclusive).

    Parameters
    ----------
    text : str
        ``HxW`` or ``HxW..HxW``.

    Returns
    -------
    ((int, int), (int, int) or None)
        The least size and the largest (``None`` for one size).

    Raises
    ------
    TremauxError
        For text of another form.

    Examples
    --------
    >>> from tremaux.dataset.spec_values import parse_size_range
    >>> parse_size_range("20x30")
    ((20, 30), None)
    >>> parse_size_range("10x10..20x30")
    ((10, 10), (20, 30))
    """
    parts = str(text).split("..")
    if len(parts) > 2:
        raise InvalidSizeError(f"size range {text!r} is not of the form HxW or HxW..HxW")
    sizes = [_size(p.strip(), "size") for p in parts]
    return sizes[0], (sizes[1] if len(sizes) == 2 else None)


def _size(value: Any, what: str) -> tuple[int, int]:
    if isinstance(value, str):
        m = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX*,×]\s*([0-9]{1,9})\s*", value)
        if not m:
            if re.fullmatch(r"\s*\d+\s*[xX*,×]\s*\d+\s*[xX*,×]\s*\d+\s*", value):
                raise InvalidSizeError(
                    f"{what} {value!r} has levels; datasets are of 2-D mazes (HxW)"
                )
            raise InvalidSizeError(f"{what} {value!r} is not of the form HxW (for example 20x20)")
        dims = (int(m.group(1)), int(m.group(2)))
    else:
        try:
            dims = tuple(int(v) for v in value)
            if any(isinstance(v, bool) or int(v) != v for v in value):
                raise TypeError
        except (TypeError, ValueError, OverflowError):
            raise InvalidSizeError(f"{what} {value!r} is not of the form HxW (for example 20x20)") from None
        if len(dims) == 3:
            raise InvalidSizeError(f"{what} {value!r} has levels; datasets are of 2-D mazes (HxW)")
        if len(dims) != 2:
            raise InvalidSizeError(f"{what} {value!r} is not of the form HxW (for example 20x20)")
    if min(dims) < 1 or max(dims) > MAX_SIDE:
        raise InvalidSizeError(
            f"{what} {dims[0]}x{dims[1]} is invalid: each side must be between 1 and {MAX_SIDE}"
        )
    return dims  # type: ignore[return-value]


def _int(value: Any, what: str, lo: int, hi: int | None = None) -> int:
    # a whole number only: "5" (text) and 5.0 (a float) are refused, not read as 5, as a TOML or JSON key would be
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral):
        if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]{1,30}\s*", value):
            raise TremauxError(f"dataset {what} {value!r} is text, not a whole number: write {value.strip()} "
                               "without quotes")
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
            raise TremauxError(f"dataset {what} {value!r} is a float, not a whole number: write {int(value)}")
        raise TremauxError(f"dataset {what} {value!r} is not a whole number")
    if value < lo or (hi is not None and value > hi):
        bound = f"at least {lo}" if hi is None else f"between {lo} and {hi}"
        raise TremauxError(f"dataset {what} {value} is out of range: it must be {bound}")
    return int(value)


def _names(value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TremauxError(f"dataset {what} {value!r} is not a list of names")
    out: list[str] = []
    for v in value:
        v = v.strip().lower().replace("_", "-")
        if v not in out:
            out.append(v)
    return tuple(out)
