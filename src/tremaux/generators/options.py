"""Options of the generators: declared once, checked before any kernel runs."""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import TremauxError, UnknownNameError, UnsupportedError

__all__ = ["Option", "check_options", "probability", "whole", "choice", "discipline", "weights_option"]


@dataclass(frozen=True)
class Option:
    """One keyword option of a generator.

    Examples
    --------
    >>> from tremaux.generators import Option
    >>> from tremaux.generators.options import probability
    >>> Option("p", 0.5, "chance of the newest cell", probability("p")).check(0.25)
    0.25
    """

    name: str
    """Keyword name."""
    default: Any
    """Value used when the option is not given."""
    doc: str
    """One line of documentation."""
    check: Callable[[Any], Any]
    """Validates a value and returns it normalised; raises :class:`TremauxError`."""


def probability(name: str, *, text: bool = True) -> Callable[[Any], float]:
    """A checker for a number between 0 and 1.

    Parameters
    ----------
    name : str
        The option's name, used in error messages.
    text : bool, default True
        Accept a number written as a string (``"0.5"``, as generator options
        come from the command line). ``False`` for a library argument typed
        ``float``: only a real number (not a bool) passes.

    Returns
    -------
    callable
        ``check(value) -> float``, the value as a float.

    Raises
    ------
    TremauxError
        (from the checker) For a value that is not a number in ``[0, 1]``.

    Examples
    --------
    >>> from tremaux.generators.options import probability
    >>> check = probability("braid")
    >>> check("0.5")
    0.5
    >>> check(2)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: braid=2 is out of range; use a fraction between 0 and 1
    >>> probability("braid", text=False)("0.5")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: braid='0.5' is not a number; use a fraction between 0 and 1
    """

    def check(value: Any) -> float:
        if not text and (isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real)):
            raise TremauxError(f"{name}={value!r} is not a number; use a fraction between 0 and 1")
        try:
            x = float(value)
        except (TypeError, ValueError):
            raise TremauxError(f"{name}={value!r} is not a number; use a fraction between 0 and 1") from None
        if not 0.0 <= x <= 1.0:
            raise TremauxError(f"{name}={value!r} is out of range; use a fraction between 0 and 1")
        return x

    return check


def whole(name: str, minimum: int = 0) -> Callable[[Any], int]:
    """A checker for a whole number at least ``minimum``.

    Parameters
    ----------
    name : str
        The option's name, used in error messages.
    minimum : int, default 0
        The smallest value accepted.

    Returns
    -------
    callable
        ``check(value) -> int``.

    Raises
    ------
    TremauxError
        (from the checker) For a value that is not a whole number at least ``minimum``.

    Examples
    --------
    >>> from tremaux.generators.options import whole
    >>> check = whole("openings", 1)
    >>> check("3")
    3
    >>> check(0.5)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: openings=0.5 is not a whole number
    """

    def check(value: Any) -> int:
        try:  # exactly: "99999999999999999999" is a whole number, though float() would round it
            if isinstance(value, (bool, np.bool_)):
                raise ValueError
            if isinstance(value, (int, np.integer)):
                x = int(value)
            elif isinstance(value, str):
                x = int(value.strip())
            else:
                f = float(value)
                if not f.is_integer():
                    raise ValueError
                x = int(f)
        except (TypeError, ValueError, OverflowError):
            raise TremauxError(f"{name}={value!r} is not a whole number") from None
        if x < minimum:
            raise TremauxError(f"{name}={value!r} is too small; use a whole number >= {minimum}")
        return x

    return check


def choice(name: str, values: Mapping[str, str]) -> Callable[[Any], str]:
    """A checker for one word among ``values`` (a map alias -> canonical word).

    Parameters
    ----------
    name : str
        The option's name, used in error messages.
    values : mapping of str to str
        Every accepted spelling, mapped to its canonical word.

    Returns
    -------
    callable
        ``check(value) -> str``, the canonical word.

    Raises
    ------
    UnknownNameError
        (from the checker) For a word not in ``values``.

    Examples
    --------
    >>> from tremaux.generators.options import choice
    >>> check = choice("variant", {"vertex": "vertex", "arc": "arc", "edge": "arc"})
    >>> check("Edge")
    'arc'
    """

    def check(value: Any) -> str:
        key = str(value).strip().lower().replace("_", "-")
        if key not in values:
            raise UnknownNameError(f"{name}", str(value), sorted(set(values)))
        return values[key]

    return check


_PLAIN = {
    "newest": "newest", "stack": "newest", "last": "newest", "lifo": "newest", "dfs": "newest",
    "oldest": "oldest", "queue": "oldest", "first": "oldest", "fifo": "oldest", "bfs": "oldest",
    "random": "random", "random-queue": "random",
    "min": "min", "min-priority": "min", "priority": "min",
    "max": "max", "max-priority": "max",
    "mixed": "mixed",
    "first-slot": "first-slot", "oldest-swap": "first-slot", "swap": "first-slot",
}


def discipline(value: Any) -> tuple[str, tuple[float, float, float]]:
    """Parse a queue discipline of the growing tree.

    Accepts ``newest`` (stack), ``oldest`` (queue), ``random``, ``min`` /
    ``max`` (priority queue), ``mixed`` (newest with probability ``p``, else
    random), ``first-slot`` (the entry in the first slot of an array list
    whose finished entries are replaced by the last one: oldest first until
    the first removal, then a shuffle of old and new) or a mix such as
    ``"newest:3,oldest:1"`` (weights of newest, oldest and random, normalised).
    A queue object of the caller's, or its class (see :mod:`tremaux.generators.queues`),
    gives ``("queue", queue)``. What this function returns is accepted too (the
    registry's defaults are in that form), so the check can be applied twice.

    Parameters
    ----------
    value : str or tuple
        A discipline name or a ``name:weight`` mix, or a parsed ``(kind, weights)``.

    Returns
    -------
    (kind, (p_newest, p_oldest, p_random)) or ("queue", queue)
        ``kind`` is ``"list"``, ``"min"``, ``"max"``, ``"mixed"``, ``"first-slot"`` or ``"queue"``.

    Raises
    ------
    UnknownNameError
        For an unknown name.
    TremauxError
        For a malformed mix or one whose weights are all zero.

    Examples
    --------
    >>> from tremaux.generators.options import discipline
    >>> discipline("stack")
    ('list', (1.0, 0.0, 0.0))
    >>> discipline("newest:3, random:1")
    ('list', (0.75, 0.0, 0.25))
    >>> discipline(discipline("oldest"))
    ('list', (0.0, 1.0, 0.0))
    >>> discipline("sideways")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnknownNameError: unknown discipline 'sideways'; choose one of: ...
    """
    from .queues import is_queue

    if is_queue(value):
        return "queue", value  # type: ignore[return-value]
    if isinstance(value, tuple) and len(value) == 2 and value[0] in ("min", "max", "mixed", "first-slot"):
        return value[0], (0.0, 0.0, 0.0)
    if (isinstance(value, tuple) and len(value) == 2 and value[0] == "list" and isinstance(value[1], tuple)
            and len(value[1]) == 3):  # weights of newest, oldest and random: checked as that mix
        value = ",".join(f"{k}:{w!r}" for k, w in zip(("newest", "oldest", "random"), value[1]))
    text = str(value).strip().lower().replace("_", "-")
    if ":" not in text:
        if text not in _PLAIN:
            raise UnknownNameError("discipline", str(value), sorted(_PLAIN) + ["newest:W,oldest:W,random:W"])
        kind = _PLAIN[text]
        if kind in ("min", "max", "mixed", "first-slot"):
            return kind, (0.0, 0.0, 0.0)
        return "list", {"newest": (1.0, 0.0, 0.0), "oldest": (0.0, 1.0, 0.0), "random": (0.0, 0.0, 1.0)}[kind]
    weights = {"newest": 0.0, "oldest": 0.0, "random": 0.0}
    for part in text.split(","):
        name, _, w = part.partition(":")
        key = _PLAIN.get(name.strip())
        if key not in weights:
            raise UnknownNameError("discipline in a mix", name.strip(), ["newest", "oldest", "random"])
        try:
            x = float(w)
        except ValueError:
            raise TremauxError(f"weight {w.strip()!r} of {name.strip()!r} in discipline {value!r} is not a number") from None
        if not math.isfinite(x):  # nan, inf, 1e400
            raise TremauxError(f"weight {w.strip()!r} of {name.strip()!r} in discipline {value!r} is not a finite "
                               "number")
        if x < 0:
            raise TremauxError(f"weight {x} of {name.strip()!r} in discipline {value!r} is negative")
        weights[key] += x
    total = sum(weights.values())
    if not math.isfinite(total):
        raise TremauxError(f"the weights of discipline {value!r} add up to more than a number can hold")
    if total <= 0:
        raise TremauxError(f"discipline {value!r} gives every choice weight 0")
    return "list", tuple(weights[k] / total for k in ("newest", "oldest", "random"))  # type: ignore[return-value]


def weights_option(value: Any) -> np.ndarray | None:
    """Check per-cell priorities (any real numbers); ``None`` means random.

    Parameters
    ----------
    value : array_like of float or None
        One priority per cell.

    Returns
    -------
    numpy.ndarray of float64 or None
        The priorities as floats, or ``None``.

    Raises
    ------
    TremauxError
        For values that are not numbers, or NaN and infinities.

    Examples
    --------
    >>> from tremaux.generators.options import weights_option
    >>> weights_option([[1, 2], [3, 4]]).dtype
    dtype('float64')
    >>> weights_option(None) is None
    True
    """
    if value is None:
        return None
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TremauxError("weights must be an array of numbers, one per cell") from None
    if not np.isfinite(arr).all():
        raise TremauxError("weights must be finite numbers (found NaN or infinity)")
    return arr


def check_options(kind: str, spec: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``spec``; return every option with defaults filled in.

    Parameters
    ----------
    kind : str
        The algorithm's name, used in messages.
    spec : tuple of Option
        The options the algorithm takes, with their defaults and checkers.
    given : mapping
        The options the caller passed.

    Returns
    -------
    dict
        Every option of ``spec`` by name: the checked value or the default.

    Raises
    ------
    UnknownNameError
        For an option the algorithm does not take (the message lists those it takes).
    UnsupportedError
        When the algorithm takes no options at all.
    TremauxError
        For a bad value.

    Examples
    --------
    >>> from tremaux.generators import Option
    >>> from tremaux.generators.options import probability, check_options
    >>> spec = (Option("bias", 0.5, "share of east turns", probability("bias")),)
    >>> check_options("test", spec, {}), check_options("test", spec, {"bias": "0.25"})
    ({'bias': 0.5}, {'bias': 0.25})
    """
    names = {o.name: o for o in spec}
    for key in given:
        if key not in names:
            if not names:
                raise UnsupportedError(f"{kind} takes no option {key!r}")
            raise UnknownNameError(f"option of {kind}", key, names)
    return {name: (o.check(given[name]) if name in given else o.default) for name, o in names.items()}
