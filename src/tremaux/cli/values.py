"""The values the commands read from their options: sizes (``25x40``) and cells (``3,4``).

Examples
--------
>>> from tremaux.cli.values import parse_size, parse_cell
>>> parse_size("25x40"), parse_cell("3,4")
((25, 40), (3, 4))
"""

from __future__ import annotations

import re

from ..errors import CellError, InvalidSizeError

__all__ = ["parse_size", "parse_cell"]

_SIZE = re.compile(r"^\s*(\d+)\s*[xX*,×]\s*(\d+)(?:\s*[xX*,×]\s*(\d+))?\s*$", re.ASCII)  # digits 0-9, as --seed


def parse_size(text: str) -> tuple[int, ...]:
    """Parse ``"HxW"`` or ``"LxHxW"`` into a tuple.

    Parameters
    ----------
    text : str
        Numbers joined by ``x`` (spaces allowed around them).

    Returns
    -------
    tuple of int
        ``(H, W)`` or ``(L, H, W)``.

    Raises
    ------
    InvalidSizeError
        For text of another form.

    Examples
    --------
    >>> from tremaux.cli.options import parse_size
    >>> parse_size("25x40"), parse_size("2x5x5")
    ((25, 40), (2, 5, 5))
    """
    m = _SIZE.match(text or "")
    if not m:
        raise InvalidSizeError(f"size {text!r} is not of the form HxW or LxHxW (for example 20x30)")
    return tuple(int(g) for g in m.groups() if g is not None)


def parse_cell(text: str | None, what: str = "cell") -> tuple[int, ...] | None:
    """Parse ``"R,C"`` or ``"L,R,C"`` into a tuple (``None`` stays ``None``).

    Parameters
    ----------
    text : str or None
        Numbers joined by commas, or ``None``.
    what : str, default "cell"
        What the cell is (``start``, ``goal``), for the message.

    Returns
    -------
    tuple of int or None
        ``(row, col)`` or ``(level, row, col)``; ``None`` for ``None``.

    Raises
    ------
    CellError
        For text of another form.

    Examples
    --------
    >>> from tremaux.cli.options import parse_cell
    >>> parse_cell("3,4")
    (3, 4)
    """
    if text is None:
        return None
    parts = re.split(r"\s*,\s*|\s+", text.strip().strip("()[]").strip())  # "3,4", "3, 4" or "3 4"; not "3,,4"
    try:
        if not all(p.isascii() for p in parts):  # int() takes other scripts' digits; --seed does not
            raise ValueError
        cell = tuple(int(p) for p in parts)
    except ValueError:
        raise CellError(f"{what} {text!r} is not of the form R,C or L,R,C") from None
    if len(cell) not in (2, 3):
        raise CellError(f"{what} {text!r} is not of the form R,C or L,R,C")
    return cell
