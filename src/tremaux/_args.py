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

import sys
from typing import Any

import numpy as np

from .errors import InvalidSizeError, UnsupportedError

__all__ = ["switch", "seed_in_range", "check_seed", "SEED_RANGE", "keyword_slip"]

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


SEED_RANGE = (0, 2**64 - 1)
"""The seeds taken, everywhere (library, command line, datasets; the web page takes its start, to 2**53 - 1, the
largest whole number a browser holds exactly): the unsigned 64-bit integers, as numpy's ``default_rng`` takes
them. Every seed gives its own maze: a negative seed, or one of 2**64 or more, would be folded into 64 bits and
give what a seed 2**64 away gives (-1 the maze of 2**64 - 1), so it is refused."""


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
    tremaux.errors.InvalidSizeError: seed 18446744073709551616 is out of range: it must be between 0 and 18446744073709551615
    """
    low, high = SEED_RANGE
    if not low <= value <= high:
        raise InvalidSizeError(f"{what} {value} is out of range: it must be between {low} and {high}")
    return int(value)


def check_seed(seed: Any) -> int | None:
    """A library function's ``seed`` argument: ``None``, a whole number in :data:`SEED_RANGE`, or numpy's
    :class:`~numpy.random.Generator` or :class:`~numpy.random.SeedSequence`, else an error.

    A ``Generator`` gives one 64-bit number drawn from it (it moves on, as when numpy's own functions draw from
    it: the same generator state gives the same maze); a ``SeedSequence`` the first 64-bit word of its state.

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
    >>> check_seed(np.random.default_rng(1)) == check_seed(np.random.default_rng(1))
    True
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    tremaux.errors.InvalidSizeError: seed 1.5 is not a whole number (nor a numpy Generator or SeedSequence)
    """
    if seed is None:
        return None
    random = sys.modules.get("numpy.random")  # not loaded: no Generator exists (and a plain seed need not load it)
    if random is not None and isinstance(seed, random.Generator):
        return int(seed.integers(0, 2**64, dtype=np.uint64))
    if random is not None and isinstance(seed, random.SeedSequence):
        return int(seed.generate_state(1, np.uint64)[0])
    if isinstance(seed, _BOOLS) or not isinstance(seed, (int, np.integer)):
        plain = isinstance(seed, (float, str, bytes, bool, np.bool_))  # others by their type: one short line
        shown = repr(seed) if plain else f"of type {type(seed).__name__}"
        raise InvalidSizeError(f"seed {shown} is not a whole number (nor a numpy Generator or SeedSequence)")
    return seed_in_range(int(seed))


def keyword_slip(func: str, what: str, given: Any, keywords: Any, options: Any = ()) -> None:
    """Refuse a mistyped keyword argument of ``func`` (``sed=1`` for ``seed=1``) that would be taken for an option.

    ``func``'s ``**options`` go to the algorithm, so a slip in one of ``func``'s own keywords would otherwise be
    refused as an unknown option of the algorithm, with no word of the keyword meant.

    Parameters
    ----------
    func : str
        The function's name, for the message.
    what : str
        The refusal of the option by the algorithm, the message's start (``"wilson takes no option"``).
    given : iterable of str
        The names of the options given.
    keywords : iterable of str
        ``func``'s own keyword arguments.
    options : collection of str, default ()
        The options the algorithm takes (never taken for a slip).

    Raises
    ------
    UnsupportedError
        For a name that is no option of the algorithm and close to one of ``keywords``.

    Examples
    --------
    >>> keyword_slip("generate", "wilson takes no option", ["sed"], ["seed", "mask", "record"])
    Traceback (most recent call last):
    ...
    tremaux.errors.UnsupportedError: wilson takes no option 'sed' (did you mean seed=, an argument of generate()?)
    >>> keyword_slip("generate", "growing-tree takes no option", ["discipline"], ["seed"], ["discipline"])
    """
    import difflib

    keywords = list(keywords)
    for key in given:
        if key in options:
            continue
        close = difflib.get_close_matches(str(key), keywords, n=1, cutoff=0.75)
        if close:
            raise UnsupportedError(f"{what} {key!r} (did you mean {close[0]}=, an argument of {func}()?)")
