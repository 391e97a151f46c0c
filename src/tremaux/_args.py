"""Checks of library arguments by kind: a switch is a bool.

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

__all__ = ["switch"]

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
