"""JSON of a run printed piece by piece: a path or marks over millions of cells never held as Python lists.

``json.dumps(sol.to_dict())`` of a 10,000 x 10,000 maze solved by Tremaux's traveler builds 400 million Python
integers in nested lists (tens of GiB); :func:`echo_json` writes the same text from the arrays, a slice at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import click
import numpy as np

CHUNK = 1 << 16
"""Numbers (or list items) turned into text at a time."""


def echo_json(doc: dict[str, Any], *, err: bool = False) -> None:
    """Print ``doc`` as ``json.dumps(doc)`` would (and a line end), its arrays and iterators written in slices.

    A numpy array value prints as its ``tolist()``; an iterator value (of JSON values) as a list of them.

    Parameters
    ----------
    doc : dict
        The document: JSON values, numpy arrays and iterators of JSON values.
    err : bool, default False
        Print on the standard error.

    Examples
    --------
    >>> import numpy as np
    >>> from tremaux.cli._stream import echo_json
    >>> echo_json({"a": 1, "path": np.arange(6).reshape(3, 2), "cells": iter([[0, 1], [2, 3]])})
    {"a": 1, "path": [[0, 1], [2, 3], [4, 5]], "cells": [[0, 1], [2, 3]]}
    """
    out = _Out(err)
    out.write("{")
    for i, (key, value) in enumerate(doc.items()):
        out.write((", " if i else "") + json.dumps(key) + ": ")
        if isinstance(value, np.ndarray):
            _array(out, value)
        elif isinstance(value, Iterator):
            _items(out, value)
        else:
            out.write(json.dumps(value))
    out.write("}\n")
    out.flush()


class _Out:
    """Text gathered up to about :data:`CHUNK` characters, then echoed."""

    def __init__(self, err: bool) -> None:
        self.err, self.parts, self.size = err, [], 0

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        if self.size >= 16 * CHUNK:
            self.flush()

    def flush(self) -> None:
        click.echo("".join(self.parts), nl=False, err=self.err)
        self.parts, self.size = [], 0


def _array(out: _Out, a: np.ndarray) -> None:
    """``json.dumps(a.tolist())``, a slice at a time."""
    if a.size <= CHUNK or a.ndim == 0:
        out.write(json.dumps(a.tolist()))
        return
    out.write("[")
    if a.ndim == 1:
        for i in range(0, a.shape[0], CHUNK):
            out.write((", " if i else "") + json.dumps(a[i:i + CHUNK].tolist())[1:-1])
    else:
        rows = max(1, CHUNK // max(1, a[0].size))  # whole rows at a time, or one row in slices
        for i in range(0, a.shape[0], rows):
            part = a[i:i + rows]
            if rows > 1 or part[0].size <= CHUNK:
                out.write((", " if i else "") + json.dumps(part.tolist())[1:-1])
            else:
                out.write(", " if i else "")
                _array(out, part[0])
    out.write("]")


def _items(out: _Out, items: Iterable[Any]) -> None:
    """``json.dumps(list(items))``, :data:`CHUNK` items at a time."""
    out.write("[")
    batch: list[Any] = []
    first = True
    for item in items:
        batch.append(item)
        if len(batch) == CHUNK:
            out.write(("" if first else ", ") + json.dumps(batch)[1:-1])
            batch, first = [], False
    if batch:
        out.write(("" if first else ", ") + json.dumps(batch)[1:-1])
    out.write("]")
