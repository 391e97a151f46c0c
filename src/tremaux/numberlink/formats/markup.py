"""Boards written as XML: a size, and each pair as a path element holding its two endpoints.

``xml``
    An XML document whose root element gives the board's size (``size``
    for a square board, or ``width`` and ``height``; ``cols``/``columns``
    and ``rows`` also do) and holds one element per pair (``path``, ``pair``,
    ``line`` or ``link``, in any letter case), each with two point elements
    whose ``x`` (the column) and ``y`` (the row), 0-based, are attributes
    (``<Point x="0" y="2"/>``) or child elements (``<point><x>0</x><y>2</y>
    </point>``). Pairs are numbered in order. This is how some Arukone
    programs store their boards. A document of another shape is an error
    saying what is missing, never a puzzle of a guessed shape.

Examples
--------
>>> from tremaux.numberlink.formats.markup import read_xml
>>> text = '<board size="3"><path><point x="0" y="0"/><point x="2" y="1"/></path></board>'
>>> read_xml(text, None, "b")[0].grid.tolist()
[[1, 0, 0], [0, 0, 1], [0, 0, 0]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import PuzzleError, PuzzleFormatError
from ..model import Puzzle
from ._text import check_side

if TYPE_CHECKING:  # the parser is imported when an XML board is read: a command reading a grid never loads it
    from xml.etree import ElementTree

__all__ = ["is_xml", "read_xml", "write_xml"]

_START = re.compile(r"^\s*<(?:\?xml\b|!--|[A-Za-z_][\w.-]*[\s/>])")
_PAIRS = ("path", "pair", "line", "link")
_WIDTH, _HEIGHT = ("width", "cols", "columns", "w"), ("height", "rows", "h")


def is_xml(text: str) -> bool:
    """Whether ``text`` starts as an XML document (a declaration, a comment or an element).

    Parameters
    ----------
    text : str
        The file contents.

    Returns
    -------
    bool

    Examples
    --------
    >>> from tremaux.numberlink.formats.markup import is_xml
    >>> is_xml('<?xml version="1.0"?>'), is_xml("<board size='2'>"), is_xml("1<2")
    (True, True, False)
    """
    return _START.match(text.lstrip("\ufeff")) is not None


def _local(tag: str) -> str:
    """An element's name without its namespace, in lower case."""
    return tag.rsplit("}", 1)[-1].lower()


def _value(el: ElementTree.Element, names: Sequence[str]) -> str | None:
    """The first of ``names`` given as an attribute or a child element's text of ``el`` (any letter case)."""
    attrs = {k.lower(): v for k, v in el.attrib.items()}
    for name in names:
        if name in attrs:
            return attrs[name].strip()
        for child in el:
            if _local(child.tag) == name:
                return (child.text or "").strip()
    return None


def _whole(text: str | None, what: str, source: str | None) -> int:
    if text is None or not re.fullmatch(r"\d{1,9}", text):
        found = "nothing" if text is None else repr(text[:20])
        raise PuzzleFormatError(f"expected a whole number for {what}, found {found}", line=1, column=1,
                                source=source)
    return int(text)


def read_xml(text: str, source: str | None, base: str) -> list[Puzzle | PuzzleError]:
    """The board of an XML document (see the module's description); a board that breaks the rules as its error.

    Parameters
    ----------
    text : str
        The XML document.
    source : str or None
        The file name, for messages.
    base : str
        The puzzle's name.

    Returns
    -------
    list of Puzzle or PuzzleError
        The one board, or its error (an endpoint outside the board, one cell given twice...).

    Raises
    ------
    PuzzleFormatError
        For text that is not well-formed XML (with its line and column), an SVG picture, or a document without a
        size or pairs.

    Examples
    --------
    >>> from tremaux.numberlink.formats.markup import read_xml
    >>> read_xml("<board rows='1' cols='3'><pair><p><x>0</x><y>0</y></p><p><x>2</x><y>0</y></p></pair></board>",
    ...          None, "b")
    [Puzzle(shape=(1, 3), pairs=1, name='b')]
    >>> read_xml("<board><path/></board>", None, "b")
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: the XML board gives no size (an attribute size, or width and height)
    """
    from xml.etree import ElementTree

    try:
        root = ElementTree.fromstring(text.lstrip("\ufeff"))
    except ElementTree.ParseError as exc:
        line, column = exc.position
        why = str(exc).split(":")[0]
        raise PuzzleFormatError(f"not well-formed XML: {why}", line=line, column=column + 1, source=source) from None
    if root.tag.rpartition("}")[2].lower() == "svg":  # a picture (as save and to_svg write), no board
        raise PuzzleFormatError("this is an SVG picture, not a Number Link puzzle text; a picture is not read back "
                                "as its puzzle (save the puzzle as .txt, .wh, .xml...)", line=1, column=1,
                                source=source)
    side = _value(root, ("size",))
    w, h = _value(root, _WIDTH) or side, _value(root, _HEIGHT) or side
    if w is None or h is None:
        raise PuzzleFormatError("the XML board gives no size (an attribute size, or width and height)", line=1,
                                column=1, source=source)
    width, height = _whole(w, "the board's width", source), _whole(h, "the board's height", source)
    check_side(height, width, 1, source)
    paths = [el for el in root.iter() if _local(el.tag) in _PAIRS]
    if not paths:
        raise PuzzleFormatError(f"the XML board has no pair: no element named {', '.join(_PAIRS)}", line=1,
                                column=1, source=source)
    pairs = []
    for k, path in enumerate(paths, start=1):
        points = [el for el in path if _value(el, ("x",)) is not None and _value(el, ("y",)) is not None]
        if len(points) != 2:
            raise PuzzleFormatError(f"pair {k} of the XML board has {len(points)} points with x and y; it needs two",
                                    line=1, column=1, source=source)
        ends = [(_whole(_value(p, ("y",)), f"y of pair {k}", source), _whole(_value(p, ("x",)), f"x of pair {k}",
                                                                            source)) for p in points]
        pairs.append((ends[0], ends[1]))
    try:
        return [Puzzle.from_endpoints((height, width), pairs, name=base)]
    except PuzzleError as exc:
        return [PuzzleFormatError(str(exc), line=1, column=1, source=source)]


def write_xml(puzzles: Sequence[Puzzle]) -> str:
    """One puzzle as an XML board (``board`` with ``width`` and ``height``, a ``path`` of two ``point`` a pair).

    Parameters
    ----------
    puzzles : sequence of Puzzle
        One puzzle (an XML document holds one board).

    Returns
    -------
    str
        The document.

    Raises
    ------
    PuzzleFormatError
        For more than one puzzle, or a puzzle without a pair.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> from tremaux.numberlink.formats.markup import write_xml
    >>> print(write_xml([Puzzle.from_rows(["1.1"])]), end="")
    <board width="3" height="1">
      <path id="1"><point x="0" y="0"/><point x="2" y="0"/></path>
    </board>
    """
    if len(puzzles) != 1:
        raise PuzzleFormatError(f"an XML board file holds one puzzle, not {len(puzzles)}")
    p = puzzles[0]
    if not p.pairs:
        raise PuzzleFormatError("a puzzle without a pair cannot be written as an XML board (a path a pair)")
    out = [f'<board width="{p.width}" height="{p.height}">']
    row, col = divmod(p.ends, p.width)
    out += [f'  <path id="{k}"><point x="{c1}" y="{r1}"/><point x="{c2}" y="{r2}"/></path>'
            for k, (c1, c2, r1, r2) in enumerate(zip(*col.T.tolist(), *row.T.tolist()), start=1)]
    return "\n".join(out + ["</board>"]) + "\n"
