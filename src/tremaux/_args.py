"""Checks of library arguments by kind: a switch is a bool, a seed a whole number 64 bits hold.

Keyword arguments typed ``bool`` in the public API are checked here, so
``weave="yes"`` gets a one-line error naming the argument instead of being
taken for a value it does not mean. The Number Link API's checks
(:mod:`tremaux.numberlink._args`) use this one for their switches; numbers are
checked by :func:`tremaux.generators.options.probability`.

Examples
--------
>>> switch(True, "weave"), switch(None, "weave", none=True)
(True, None)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import InvalidSizeError

__all__ = ["switch", "seed_in_range", "check_seed", "SEED_RANGE"]

_BOOLS = (bool, np.bool_)


def switch(value: Any, what: str, *, none: bool = False) -> bool | None:
    """``value`` when it is ``True`` or ``False`` (or ``None`` when ``none``), else an error naming ``what``.

    Parameters
    ----------
    value : Any
        The argument given.
    what : str
        Its name, for the message.
    none : bool, default False
        Whether ``None`` (left out) is accepted.

    Returns
    -------
    bool or None

    Raises
    ------
    InvalidSizeError
        For a value that is not a bool (``"yes"``, ``1``...).

    Examples
    --------
    >>> switch("yes", "weave")
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: weave must be True or False, not 'yes'
    """
    if value is None and none:
        return None
    if not isinstance(value, _BOOLS):
        choices = "True, False or None" if none else "True or False"
        raise InvalidSizeError(f"{what} must be {choices}, not {value!r}")
    return bool(value)


SEED_RANGE = (-(2**63), 2**64 - 1)
"""The seeds taken, signed or unsigned 64-bit integers: a seed beyond would be folded into 64 bits and give
what a seed 2**64 away gives."""


def seed_in_range(value: int, what: str = "seed") -> int:
    """``value`` (a whole number) when it lies in :data:`SEED_RANGE`, else an error naming ``what`` and the range.

    Parameters
    ----------
    value : int
        The seed given.
    what : str, default "seed"
        Its name, for the message (``--seed`` on the command line).

    Returns
    -------
    int

    Raises
    ------
    InvalidSizeError
        For a seed out of the range.

    Examples
    --------
    >>> seed_in_range(7)
    7
    >>> seed_in_range(2 ** 64)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: seed 18446744073709551616 is out of range: it must be between -9223372036854775808 and 18446744073709551615
    """
    low, high = SEED_RANGE
    if not low <= value <= high:
        raise InvalidSizeError(f"{what} {value} is out of range: it must be between {low} and {high}")
    return int(value)


def check_seed(seed: Any) -> int | None:
    """A library function's ``seed`` argument: ``None``, or a whole number in :data:`SEED_RANGE`, else an error.

    Parameters
    ----------
    seed : Any
        The argument given (``None``: left out, a fresh seed each run).

    Returns
    -------
    int or None

    Raises
    ------
    InvalidSizeError
        For a seed that is not a whole number (``1.5``, ``True``, ``"7"``) or lies out of the range.

    Examples
    --------
    >>> check_seed(None), check_seed(np.int64(7))
    (None, 7)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: seed 1.5 is not a whole number
    """
    if seed is None:
        return None
    if isinstance(seed, _BOOLS) or not isinstance(seed, (int, np.integer)):
        raise InvalidSizeError(f"seed {seed!r} is not a whole number")
    return seed_in_range(int(seed))
