"""Byte counts written for people (``3.4 GiB``): what the budgets and their errors print.

It stands apart from :mod:`tremaux.budget.sizes`, which reads sizes and refuses bad ones with a
:class:`~tremaux.errors.TremauxError`, so that the errors themselves can write a size.

Examples
--------
>>> from tremaux._bytes import format_bytes
>>> format_bytes(3_600_000_000)
'3.4 GiB'
"""

from __future__ import annotations

__all__ = ["format_bytes"]


def format_bytes(n: int | float) -> str:
    """A byte count for people: ``512 B``, ``3.4 GiB``.

    Parameters
    ----------
    n : int or float
        A number of bytes.

    Returns
    -------
    str
        The count in the largest binary unit that keeps it under 1024, to one decimal.

    Raises
    ------
    AssertionError
        Never: the loop always returns (the last unit takes any size).

    Examples
    --------
    >>> from tremaux.budget.sizes import format_bytes
    >>> format_bytes(512), format_bytes(2**20), format_bytes(11 * 2**40)
    ('512 B', '1.0 MiB', '11.0 TiB')
    """
    n = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return f"{int(n)} B" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")  # pragma: no cover
