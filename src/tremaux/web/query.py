"""Query strings read strictly: ``GET /api/maze?rows=20`` and the pictures' parameters.

A query string is text; :func:`query_value` reads a whole number, a share or a
switch out of it by one strict rule (see :mod:`tremaux.web.models`), and
leaves anything else as it came, so that the strict models refuse it and
name it. :class:`MazeQuery` and :class:`RenderQuery` are the maze models read
that way.

Examples
--------
>>> from tremaux.web.query import MazeQuery
>>> MazeQuery.model_validate({"rows": "12", "cols": "30", "seed": "7"}).cols
30
"""

from __future__ import annotations

import math
import re
import types
import typing
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from .models import MazeParams, RenderParams

__all__ = ["query_value", "MazeQuery", "RenderQuery", "TextQuery"]

_WHOLE = re.compile(r"[+-]?[0-9]{1,4000}")  # Python reads at most 4300 digits
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")
_SWITCH = {"true": True, "false": False}


def query_value(kind: type, text: str) -> Any:
    """A query string's ``text`` read as ``kind`` (int, float or bool), strictly; ``text`` itself otherwise.

    A whole number is decimal digits with an optional sign, a share is written
    in decimal notation (a finite number), a switch is ``true`` or ``false``.
    Text that is none of these is returned unchanged, so that strict
    validation refuses it and names the value sent.

    Parameters
    ----------
    kind : type
        ``int``, ``float``, ``bool`` or another type (``str``: left as is).
    text : str
        The value as it came in the query string.

    Returns
    -------
    object
        The number or switch, or ``text`` unchanged.

    Examples
    --------
    >>> from tremaux.web.query import query_value
    >>> query_value(int, "20"), query_value(int, "20.0"), query_value(float, ".5"), query_value(float, "nan")
    (20, '20.0', 0.5, 'nan')
    >>> query_value(bool, "true"), query_value(bool, "yes"), query_value(int, "2_0")
    (True, 'yes', '2_0')
    """
    if not isinstance(text, str):
        return text
    if kind is bool:
        return _SWITCH.get(text, text)
    if kind is int and _WHOLE.fullmatch(text):
        return int(text)
    if kind is float and _DECIMAL.fullmatch(text):
        value = float(text)
        return value if math.isfinite(value) else text
    return text


def _kind_of(annotation: Any) -> Any:
    """``int`` for ``int | None``: the type a field holds when it holds a value."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kinds = [a for a in typing.get_args(annotation) if a is not type(None)]
        return kinds[0] if len(kinds) == 1 else annotation
    return annotation


class _FromQuery(BaseModel):
    """A model read from a query string: its texts become numbers and switches by :func:`query_value`."""

    @model_validator(mode="before")
    @classmethod
    def _read_texts(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        fields = cls.model_fields
        return {k: query_value(_kind_of(fields[k].annotation), v) if k in fields else v for k, v in data.items()}


class MazeQuery(_FromQuery, MazeParams):
    """:class:`MazeParams` as a query string gives them (``GET /api/maze?rows=20&cols=30``).

    Examples
    --------
    >>> from tremaux.web.query import MazeQuery
    >>> MazeQuery.model_validate({"rows": "5", "weave": "false", "braid": "0.25"}).braid
    0.25
    >>> MazeQuery.model_validate({"rows": "5.0"})
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for MazeQuery
    rows
      Input should be a valid integer ...
    """


class RenderQuery(_FromQuery, RenderParams):
    """:class:`RenderParams` as a query string gives them (``GET /api/maze.svg?rows=20&solver=bfs``).

    Examples
    --------
    >>> from tremaux.web.query import RenderQuery
    >>> RenderQuery.model_validate({"cell": "8", "solver": "bfs"}).cell
    8
    """


class TextQuery(RenderQuery):
    """:class:`RenderQuery` and the text's ``format`` (``GET /api/maze.txt?rows=20&format=block``).

    Examples
    --------
    >>> from tremaux.web.query import TextQuery
    >>> TextQuery.model_validate({"format": "block"}).format
    'block'
    """

    format: Literal["ascii", "block", "json"] = Field(
        "ascii", description="ascii: the text drawing (with the solver's path); block: the block picture; json: the "
                             "maze file (on another grid, json only).")
