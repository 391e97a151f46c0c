"""Sizes in bytes: read ``8G``, ``512M``, ``1.5GiB`` or ``2e9``, and write ``3.4 GiB`` for people.

Examples
--------
>>> from tremaux.budget.sizes import parse_bytes, format_bytes
>>> parse_bytes("8G"), format_bytes(3_600_000_000)
(8589934592, '3.4 GiB')
"""

from __future__ import annotations

import re

from .._bytes import format_bytes  # written down there: the errors write sizes too
from ..errors import TremauxError

__all__ = ["parse_bytes", "format_bytes"]

_UNITS = {"": 1, "b": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:e[0-9]+)?)\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)


def parse_bytes(value: str | int | float | None) -> int | None:
    """A size in bytes from ``8G``, ``512M``, ``1.5GiB``, ``2e9`` or a number; ``None`` for no limit.

    ``none``, ``off``, ``unlimited`` and ``0`` mean no limit.

    Parameters
    ----------
    value : str, int, float or None
        A size with an optional unit (``K``, ``M``, ``G``, ``T``, with or without ``iB``), a number of bytes,
        or ``None``.

    Returns
    -------
    int or None
        The size in bytes; ``None`` when it means no limit.

    Raises
    ------
    TremauxError
        For text that is not a size.

    Examples
    --------
    >>> from tremaux.budget.sizes import parse_bytes
    >>> parse_bytes("2G"), parse_bytes(4096), parse_bytes("none")
    (2147483648, 4096, None)
    >>> parse_bytes("lots")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: memory size 'lots' is not a size such as 8G, 512M or 1000000 (or 'none')
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise TremauxError(f"memory size {value!r} is not a size such as 8G, 512M or 1000000 (or 'none')")
    if isinstance(value, (int, float)):
        if value != value or value < 0 or value == float("inf"):
            raise TremauxError(f"memory size {value!r} must be a finite number of bytes, 0 or more")
        return None if value == 0 else max(1, int(value))  # a fraction of a byte is a limit, not none
    text = str(value).strip().lower()
    if text in ("none", "off", "unlimited", "no"):
        return None
    m = _SIZE.match(text)
    if not m:
        raise TremauxError(f"memory size {value!r} is not a size such as 8G, 512M or 1000000 (or 'none')")
    try:
        x = float(m.group(1)) * _UNITS[m.group(2).lower()]
        n = int(x)
    except OverflowError:  # 1e999: an infinity
        raise TremauxError(f"memory size {value!r} must be a finite number of bytes, 0 or more") from None
    return None if x == 0 else max(1, n)  # only zero means no limit: 0.4 is a (tiny) limit
