"""Colours of every picture, in one overridable dictionary.

The defaults are the colours of the interactive demo in the founding story of
Tremaux's algorithm: the start is red, the destination green, retraced
passages gray and the proposed solution yellow. Every renderer takes a
``palette=`` mapping whose entries replace the defaults, the way
``chess.svg.board(colors=...)`` does.

Examples
--------
>>> from tremaux.render import PALETTE
>>> from tremaux.render.palette import resolve
>>> PALETTE["start"], PALETTE["goal"], PALETTE["retraced"], PALETTE["path"]
('#995555', '#559955', '#8c8c8c', '#999955')
>>> resolve({"wall": "#00f"})["wall"]
(0, 0, 255)
>>> resolve({"walls": "#000"})
Traceback (most recent call last):
...
tremaux.errors.UnknownNameError: unknown palette entry 'walls' (did you mean 'wall'?); choose one of: ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

import numpy as np

from ..errors import TremauxError, UnknownNameError

__all__ = ["PALETTE", "resolve", "parse_colour", "to_hex", "SLOTS", "HEAT_FIRST", "HEAT_LEVELS", "colour_table"]

PALETTE: Mapping[str, str] = MappingProxyType(
    {
        "background": "#ffffff",  # around the maze and on masked cells
        "wall": "#222222",
        "floor": "#ffffff",  # an open cell with nothing on it
        "visited": "#e3e3cc",  # cells a search reached
        "marked": "#d6d69a",  # Tremaux: passage marked once (the route being walked)
        "retraced": "#8c8c8c",  # Tremaux: passage marked twice / walked back (demo gray, lightened)
        "path": "#999955",  # the proposed solution (demo yellow)
        "start": "#995555",  # demo red
        "goal": "#559955",  # demo green
        "updown": "#3b6fb6",  # up / down marks of multi-level mazes
        "frontier": "#e8a0a0",  # generation: cells waiting in the frontier
        "uncarved": "#c8c8c8",  # generation: cells not reached yet
        "dead": "#b0b0b0",  # dead ends filled in
        "heat_near": "#fff7bc",  # distance heat map: colour at distance 0
        "heat_far": "#7a1f5c",  # ... and at the largest distance
    }
)
"""Default colours; keys are the names accepted in ``palette=``."""

# Slot of each named colour in the indexed images every raster renderer draws.
SLOTS: Mapping[str, int] = MappingProxyType(
    {name: i for i, name in enumerate(k for k in PALETTE if not k.startswith("heat_"))}
)
HEAT_FIRST = 32
"""First slot of the heat-map gradient in indexed images."""
HEAT_LEVELS = 256 - HEAT_FIRST
"""Number of colours of the heat-map gradient."""

_HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def parse_colour(value: object, name: str = "colour") -> tuple[int, int, int]:
    """Read ``"#rgb"``, ``"#rrggbb"`` or an ``(r, g, b)`` triple of 0..255.

    Parameters
    ----------
    value : str or tuple of int
        The colour.
    name : str, default "colour"
        What the colour is for, used in the error message.

    Returns
    -------
    tuple of int
        ``(r, g, b)``, each 0 to 255.

    Raises
    ------
    TremauxError
        For anything else.

    Examples
    --------
    >>> from tremaux.render.palette import parse_colour
    >>> parse_colour("#f80"), parse_colour((1, 2, 3))
    ((255, 136, 0), (1, 2, 3))
    >>> parse_colour("red", "wall")
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: wall colour 'red' is not #rgb, #rrggbb or an (r, g, b) triple
    """
    if isinstance(value, str):
        m = _HEX.match(value.strip())
        if m:
            h = m.group(1)
            if len(h) == 3:
                h = "".join(ch * 2 for ch in h)
            return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    elif isinstance(value, (tuple, list)) and len(value) == 3:
        try:
            rgb = tuple(int(x) for x in value)
        except (TypeError, ValueError):
            rgb = ()
        if len(rgb) == 3 and all(0 <= x <= 255 for x in rgb):
            return rgb  # type: ignore[return-value]
    what = name if name.endswith("colour") else f"{name} colour"
    raise TremauxError(f"{what} {value!r} is not #rgb, #rrggbb or an (r, g, b) triple")


def to_hex(rgb: tuple[int, int, int]) -> str:
    """``(r, g, b)`` as ``#rrggbb``.

    Parameters
    ----------
    rgb : tuple of int
        Three values 0 to 255.

    Returns
    -------
    str
        The colour in lower-case hex.

    Examples
    --------
    >>> from tremaux.render.palette import to_hex
    >>> to_hex((255, 136, 0))
    '#ff8800'
    """
    return "#%02x%02x%02x" % tuple(rgb)


def resolve(palette: Mapping[str, object] | None = None) -> dict[str, tuple[int, int, int]]:
    """The default palette with ``palette``'s entries replacing defaults, as RGB triples.

    Parameters
    ----------
    palette : mapping, optional
        Entries of :data:`PALETTE` to replace, as any colour :func:`parse_colour` reads.

    Returns
    -------
    dict
        Every palette entry as an ``(r, g, b)`` triple.

    Raises
    ------
    UnknownNameError
        For a key that is not a palette entry (the message lists the valid ones).
    TremauxError
        For a value that is not a colour, or a palette that is not a mapping.

    Examples
    --------
    >>> from tremaux.render.palette import resolve
    >>> resolve({"wall": "#fff"})["wall"]
    (255, 255, 255)
    >>> resolve({"walls": "#fff"})
    Traceback (most recent call last):
    ...
    tremaux.errors.UnknownNameError: unknown palette entry 'walls' (did you mean 'wall'?); choose one of: ...
    """
    merged: dict[str, object] = dict(PALETTE)
    if palette is not None and not isinstance(palette, Mapping):
        raise TremauxError(f"palette must be a mapping of palette entries to colours, such as {{'wall': '#000'}}, "
                           f"not {type(palette).__name__}")
    if palette:
        for key, value in palette.items():
            if key not in PALETTE:
                raise UnknownNameError("palette entry", key, PALETTE)
            merged[key] = value
    return {k: parse_colour(v, k) for k, v in merged.items()}


def colour_table(colours: Mapping[str, tuple[int, int, int]]) -> np.ndarray:
    """The 256 x 3 ``uint8`` lookup table of an indexed image: named slots, then the heat gradient.

    Parameters
    ----------
    colours : mapping
        Every palette entry as an ``(r, g, b)`` triple (see :func:`resolve`).

    Returns
    -------
    numpy.ndarray of uint8
        ``(256, 3)``: the colour of each palette slot.

    Examples
    --------
    >>> from tremaux.render.palette import SLOTS, resolve, colour_table
    >>> table = colour_table(resolve())
    >>> table.shape, tuple(table[SLOTS["start"]]) == resolve()["start"]
    ((256, 3), True)
    """
    table = np.zeros((256, 3), np.uint8)
    table[:] = colours["background"]
    for name, slot in SLOTS.items():
        table[slot] = colours[name]
    near = np.array(colours["heat_near"], float)
    far = np.array(colours["heat_far"], float)
    t = np.linspace(0.0, 1.0, HEAT_LEVELS)[:, None]
    table[HEAT_FIRST:] = np.rint(near + (far - near) * t).astype(np.uint8)
    return table
