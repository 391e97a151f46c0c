"""What the model and its results ask of the formats above them: named here by :mod:`tremaux.numberlink`.

A :class:`~.model.Puzzle` given text or a file's path reads it with the formats (``"puzzle of"``), and a
result's JSON record holds the puzzle's text (``"record text"``); the formats import the model, so the model
does not import them: the package (imported before any of its modules) names the functions here, loaded when
first asked, as :mod:`tremaux._display` holds what ``print`` and a notebook show.

Examples
--------
>>> import tremaux.numberlink
>>> from tremaux.numberlink._named import named
>>> named("record text")(tremaux.numberlink.Puzzle.from_rows(["1.1"]))
'1.1\\n'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_NAMED: dict[str, Callable[[Any], Any]] = {}


def name(kind: str, fn: Callable[[Any], Any]) -> None:
    """Name the function that answers ``kind`` (``"puzzle of"``, ``"record text"``)."""
    _NAMED[kind] = fn


def named(kind: str) -> Callable[[Any], Any]:
    """The function named for ``kind`` (a ``KeyError`` before the package named it, which cannot happen)."""
    return _NAMED[kind]
