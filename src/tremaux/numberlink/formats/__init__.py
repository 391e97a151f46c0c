"""Reading and writing Number Link puzzles and solutions as text.

Puzzle formats (registered in :data:`FORMATS`; the reader tells them apart by
their first lines unless a format is named):

``grid``
    One row per line, one character per cell: ``.`` (or ``0`` or ``-``) for an empty cell, a digit or letter
    for an endpoint. Rows whose cells are separated by whitespace or commas (or semicolons, as spreadsheets
    write CSV where the comma is the decimal mark) hold one label per cell instead (``·``, as a printed puzzle
    shows an empty cell, is empty there too), so
    integers above 9 can be written (an empty cell is ``.``, ``-`` or ``0``, or an empty field between
    commas, as a spreadsheet saves an empty cell; an empty field between tabs is an error, since a row's
    trailing tabs cannot be told from trailing whitespace). Several puzzles may follow each other, separated by blank lines, or each after a line
    holding its number (``0``, ``1``... or ``1``, ``2``...). A line starting with ``#`` (``# from ...``) is a
    comment, parting puzzles as a blank line does (here and in ``flow`` and ``pipes``), unless it is shaped as a
    row: ``#..`` among rows ``1.1`` is a blocked cell, an error as any ``#`` among the cells.
``csv``
    Rows of comma-separated labels, ``0`` for an empty cell (``.`` when a label is a word of letters), as a
    spreadsheet opens them; read as a ``grid`` (which it is).
``tsv``
    The same with tabs between the labels (a ``.tsv`` file, as spreadsheets save tab-separated values); read as
    a ``grid``.
``wh``
    ``W H`` on a line, then ``H`` rows, repeated for several puzzles; ``0 0``
    ends the input and lines starting with ``#`` (``# Copyright ...``) between
    puzzles are comments. A cell is ``.`` (empty) or ANY printable character,
    which is its label (``0``, ``_``, ``[``, a backquote...), so one puzzle can
    hold far more than 62 pairs.
``flow``
    Flow Free text: a square grid of colour letters, ``.`` for empty, the size taken from the first row.
    Read as ``grid`` when not named.
``contest``
    The DA Symposium Algorithm Design Contest problem: ``SIZE WxH``,
    ``LINE_NUM n`` and ``LINE#k (x1,y1)-(x2,y2)`` with 0-based ``x`` the column.
``puzzlink``
    puzz.link / pzprjs URLs of type ``numlin``, one per line
    (``https://puzz.link/p?numlin/W/H/...``); lines starting with ``#`` are comments.
``pzprv3``
    The file puzz.link saves (File > Save): ``pzprv3``, ``numlin``, the rows, the columns, then the rows of
    cells (``.`` empty); the lines drawn are not read (see :mod:`.pzpr`).
``flowpack``
    A Flow Free app level pack (``levelpack_*.txt``): one level a line,
    ``SIZE,0,LEVEL,PAIRS`` (``W:H,...`` for rectangles) then each colour's
    path of cell indices; read only (see :mod:`.packs`).
``bwinf``
    A BwInf Arukone board: the side ``n``, the number of pairs, then ``n``
    rows of ``n`` whitespace-separated integers, ``0`` for empty.
``copris``
    A Copris (janko.at) board: the rows, the columns, then the rows of cells, ``-`` for empty.
``xml``
    An XML board: a size, and a ``path`` element of two points a pair (see :mod:`.markup`).
``pairs``
    ``W H``, then one line a pair: ``(x1, y1) (x2, y2)`` or ``label: x1 y1 x2 y2`` (see :mod:`.pairlines`).
``pipes``
    Rows of ``|``-separated cells, ``1| |2`` or ``|1| |2|``, nothing or ``.`` for an empty cell (see :mod:`.pipes`).
``tuples``, ``dotted``, ``links``
    A size and the endpoint pairs as terms: ``(N, K, (1: (x1,y1), (x2,y2)), ...)``; ``R.``, ``C.``,
    ``[((r1,c1),(r2,c2)), ...].``; ``size N`` then ``link 'A', [r1, c1], [r2, c2]`` lines (see :mod:`.termlists`).
``flat``
    ``RxC:cells`` a line: the size, a colon, then every cell row after row; or ``N;r:c;...``, each pair's ends
    (see :mod:`.flatlines`).
``marks``
    ``W H``, the number of pairs ``K``, then ``2K`` lines ``row column label``, 1-based (see :mod:`.marks`).
``blanks``
    ``R C`` (rows first), then ``R`` rows of characters, a space for an empty cell (see :mod:`.blanks`).
``counted``
    A header of counts, ``K`` then ``R C`` (or ``R``, ``C`` and ``K`` a line each), then the rows of the grid
    (see :mod:`.counted`).
``prolog``
    Prolog facts ``puzzle(Id, grid(R, C), [link(L, pos(r1, c1), pos(r2, c2)), ...]).`` (1-based) or a list of
    rows ``[[_, 1], [1, _]].`` (see :mod:`.prolog`).
``ends``
    ``W H x1 y1 x2 y2 ...``: the size, then each pair's endpoints (0-based, ``x`` the column), one puzzle a
    line, ``W H`` alone with the coordinates on the next line, or ``K W H`` then ``K`` lines ``(x1, y1) (x2,
    y2)`` (see :mod:`.ends`). A line that is also a one-row grid of labels each twice (``4 4 0 0 3 3``) is
    detected as that grid: ``format="ends"`` forces the format, or write ``W H`` on a line of its own.
``json``
    What ``tremaux numberlink generate --json`` and ``solve --json`` print, read back as its puzzles (the
    numbers, never a solution's filled grid); read only (see :mod:`.jsons`).

``#`` lines above the header of a format that starts with one (``contest``, ``counted``, ``ends``, ``tuples``...)
are comments too.

A label a format cannot hold is an error naming it (never an empty cell):
``#`` in a ``grid``, a digit in Flow Free text, a hidden ``?`` number in a URL.

Solution formats: the contest answer (:func:`loads_answers`) and the
``*.sol.json`` list of paths of ``[row, col]`` cells (:func:`loads_paths`).

Every reader is total: for any input at all it returns puzzles or raises
:class:`~tremaux.errors.PuzzleFormatError` with the file, line and column.
Files are read with a size cap (:data:`MAX_BYTES`) and must be UTF-8 text (or
UTF-16 with its byte-order mark);
lines end at ``\\n``, ``\\r\\n`` or ``\\r``.

Examples
--------
>>> from tremaux.numberlink import loads, dumps
>>> p = loads("1.2\\n...\\n1.2\\n")
>>> p
Puzzle(shape=(3, 3), pairs=2)
>>> print(dumps(p, "contest"), end="")
SIZE 3X3
LINE_NUM 2
LINE#1 (0,0)-(0,2)
LINE#2 (2,0)-(2,2)
>>> loads("1.2\\n..\\n")
Traceback (most recent call last):
...
tremaux.errors.PuzzleFormatError: 2:3: row 2 has 2 cells; row 1 has 3
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import PuzzleError, PuzzleFormatError, UnknownNameError
from ...registry import Registry
from ..model import Puzzle
from ._text import (LETTERS, MAX_BYTES, Line, column_of_pairs, count_cells, decode, has_separator, is_url, lines,
                    other_kind, read_text, source_name, pairs_of_two, split_blocks)
from .contest import SIZE, load_answers, load_paths, loads_answers, loads_paths, read_contest, write_contest
from ._comments import HEADED, after_comments, dash_comments, unmatched
from .grids import WH_HEADER, base_name, read_flow, read_grid, read_wh, write_flow, write_grid, write_wh
from .gridwrite import write_csv, write_tsv
from .ends import is_ends, miscounted, parenthesised, read_ends, write_ends
from .jsons import is_json, read_json
from .markup import is_xml, read_xml, write_xml
from .prolog import is_prolog, read_prolog, write_prolog
from .counted import is_counted, read_counted, write_counted
from .blanks import is_blanks, read_blanks
from .pairlines import is_pairs, read_pairs
from .pipes import is_pipes, read_pipes
from .marks import is_marks, read_marks
from .flatlines import is_flat, read_flat
from .termlists import read_dotted, read_links, read_tuples, term_kind
from .packs import FLOWPACK, is_bwinf, is_copris, read_bwinf, read_copris, read_flowpack, write_bwinf, write_copris
from .puzzlink import ENCODED, QUERY_START, URL, read_puzzlink, write_puzzlink
from .pzpr import is_pzprv3, read_pzprv3, write_pzprv3

__all__ = [
    "FORMATS", "MAX_BYTES", "detect", "loads", "loads_all", "load", "load_all", "is_url", "source_name", "dumps",
    "dumps_all", "writable", "save", "decode", "read_text", "loads_answers", "load_answers", "loads_paths", "load_paths",
]

FORMATS = Registry("numberlink format")
"""Puzzle formats by name: ``func`` reads, ``write`` writes (``None`` for a ``read_only`` one; see the module docstring)."""
FORMATS.add("grid", read_grid, write=write_grid,
            doc="one character (or whitespace/comma-separated label) per cell, '.' or '0' for empty")
FORMATS.add("csv", read_grid, write=write_csv, aliases=("spreadsheet",),
            doc="rows of comma-separated labels, 0 (or '.') for empty; read as a grid")
FORMATS.add("wh", read_wh, write=write_wh, aliases=("thomasahle",),
            doc="'W H' then H rows, repeated; '#' comments; any printable character a label; '0 0' ends")
FORMATS.add("flow", read_flow, write=write_flow, aliases=("flowfree", "flow-free"), max_pairs=len(LETTERS),
            doc="Flow Free: a square grid of colour letters, '.' for empty")
FORMATS.add("contest", read_contest, write=write_contest, aliases=("adc",),
            doc="SIZE WxH / LINE_NUM n / LINE#k (x1,y1)-(x2,y2), 0-based x = column")
FORMATS.add("puzzlink", read_puzzlink, write=write_puzzlink, aliases=("pzprjs", "puzz-link", "url", "numlin"),
            doc="puzz.link / pzprjs URLs of type numlin, one per line")
FORMATS.add("pzprv3", read_pzprv3, write=write_pzprv3, aliases=("pzpr",),
            doc="the file puzz.link saves: 'pzprv3', 'numlin', rows, columns, then the rows of cells ('.' empty)")
FORMATS.add("flowpack", read_flowpack, write=None, aliases=("levelpack", "flow-pack"), read_only=True,
            doc="Flow Free level pack: 'SIZE,0,LEVEL,PAIRS;path;...' a line, paths of cell indices; read only")
FORMATS.add("bwinf", read_bwinf, write=write_bwinf, aliases=("arukone",),
            doc="BwInf Arukone board: side n, number of pairs, n rows of n integers (0 empty)")
FORMATS.add("copris", read_copris, write=write_copris, aliases=("janko",),
            doc="Copris board: rows m, columns n, each on its own line, then m rows of n cells ('-' empty)")
FORMATS.add("xml", read_xml, write=write_xml, aliases=("arukone-xml",),
            doc="XML board: a size, and a path element of two points (x, y attributes or elements) a pair")
FORMATS.add("ends", read_ends, write=write_ends, aliases=("endpoints", "coords"),
            doc="'W H x1 y1 x2 y2 ...', or 'K W H' then K lines '(x1, y1) (x2, y2)'; 0-based x = column")
FORMATS.add("pairs", read_pairs, write=None, aliases=("pair-lines",), read_only=True,
            doc="'W H', then a line a pair: '(x1, y1) (x2, y2)' or 'label: x1 y1 x2 y2'; 0-based x = column; read only")
FORMATS.add("blanks", read_blanks, write=None, aliases=("spaces",), read_only=True,
            doc="'R C' (rows first), then R rows of characters, a space for an empty cell; read only")
FORMATS.add("counted", read_counted, write=write_counted, aliases=("headed",),
            doc="a header of counts (K, then 'R C'; or R, C, K a line each), then the rows of the grid")
FORMATS.add("prolog", read_prolog, write=write_prolog, aliases=("pl",),
            doc="Prolog facts: puzzle(Id, grid(R, C), [link(L, pos(r1,c1), pos(r2,c2)), ...]). or [[_, 1], [1, _]].")
FORMATS.add("json", read_json, write=None, read_only=True,
            doc="what 'numberlink generate --json' and 'solve --json' print: their puzzles; read only")
FORMATS.add("tsv", read_grid, write=write_tsv, aliases=("tab",),
            doc="rows of tab-separated labels, 0 (or '.') for empty, as a spreadsheet saves them; read as a grid")
FORMATS.add("pipes", read_pipes, write=None, aliases=("bars",), read_only=True,
            doc="rows of '|'-separated cells ('1| |2' or '|1| |2|'), nothing or '.' for empty; read only")
FORMATS.add("tuples", read_tuples, write=None, read_only=True,
            doc="'(N, K, (1: (x1,y1), (x2,y2)), ...)': N x N, 1-based, x = column; read only")
FORMATS.add("dotted", read_dotted, write=None, read_only=True,
            doc="'R.', 'C.', '[((r1,c1),(r2,c2)), ...].' a line each, 1-based; read only")
FORMATS.add("links", read_links, write=None, read_only=True,
            doc="'size N', then \"link 'A', [r1, c1], [r2, c2]\" lines, 0-based; read only")
FORMATS.add("marks", read_marks, write=None, aliases=("cell-lines",), read_only=True,
            doc="'W H', the number of pairs K, then 2K lines 'row column label' (1-based); read only")
FORMATS.add("flat", read_flat, write=None, aliases=("one-line",), read_only=True,
            doc="'RxC:cells' a line, every cell row after row ('.' or '0' empty; or comma-separated), or "
                "'N;r:c;...' a line, each pair's two ends; read only")


def detect(text: str) -> str:
    """The name of the format of ``text`` (a name in :data:`FORMATS`, or ``"answer"``).

    Parameters
    ----------
    text : str
        The contents of a puzzle file.

    Returns
    -------
    str
        A name in :data:`FORMATS` (Flow Free text is read as a ``grid``), or ``"answer"``.

    Examples
    --------
    >>> from tremaux.numberlink.formats import detect
    >>> detect("SIZE 3X3\\nLINE_NUM 1\\nLINE#1 (0,0)-(2,2)\\n"), detect("2 1\\n11\\n0 0\\n"), detect("1.1\\n")
    ('contest', 'wh', 'grid')
    >>> detect("# Copyright\\n3 1\\n[.[\\n"), detect("https://puzz.link/p?numlin/2/1/11")
    ('wh', 'puzzlink')
    >>> detect("5,0,1,1;0,1,2\\n"), detect("2\\n1\\n1 0\\n0 1\\n"), detect("3 1 0 0 2 0\\n")
    ('flowpack', 'bwinf', 'ends')
    >>> detect("1\\n3\\n1 - 1\\n"), detect("[[1, _, 1]]."), detect("1\\n1 3\\n1 . 1\\n")
    ('copris', 'prolog', 'counted')
    >>> detect('{"size": [1, 3], "puzzle": "1.1\\\\n"}'), detect("pzprv3\\nnumlin\\n1\\n3\\n1 . 1 \\n")
    ('json', 'pzprv3')
    >>> detect("# from a book\\n1\\n1 3\\n1.1\\n"), detect("# from a book\\n1.2\\n1.2\\n")
    ('counted', 'grid')
    """
    name = _detect(text)
    if name == "grid" and (rest := after_comments(text)) is not None:
        kind = _detect(rest)  # '# from ...' lines above a header: the format of what follows them
        return kind if kind in HEADED or kind == "answer" else name
    return name


def _detect(text: str) -> str:
    """The format of ``text`` (see :func:`detect`), ``#`` lines read as they stand."""
    numbered = lines(text)
    body = [s for _, s in numbered if s.strip()]
    if not body:
        return "grid"
    if is_xml(text):
        return "xml"
    if is_json(text):
        return "json"
    if is_prolog(text):
        return "prolog"
    if is_pzprv3(body[0]):
        return "pzprv3"
    if kind := term_kind(text):
        return kind
    if is_flat(body):
        return "flat"
    if SIZE.match(body[0]):
        return "answer" if len(body) > 1 and "," in body[1] and not body[1].lstrip().upper().startswith("LINE") \
            else "contest"
    if is_pipes(list(enumerate(body, start=1))):
        return "pipes"
    first = next((s for s in body if not s.lstrip().startswith("#")), "")  # after '#' comment lines
    if URL.match(first) and re.match(r"^\s*[<\"']?(https?://|[^\s?]*\?[A-Za-z])", first, re.IGNORECASE) \
            or ENCODED.match(first) or QUERY_START.match(first):
        return "puzzlink"
    if FLOWPACK.match(body[0]):
        return "flowpack"
    if column_of_pairs(body):  # a one-column grid, each label twice: its first rows are no header of counts
        return "grid"
    if is_copris(list(enumerate(body, start=1))):
        return "copris"
    if is_bwinf(list(enumerate(body, start=1))):
        return "bwinf"
    if is_marks(list(enumerate(body, start=1))):
        return "marks"
    if is_pairs(list(enumerate(body, start=1))):
        return "pairs"
    if is_counted(list(enumerate(body, start=1))):  # each header agrees with its grid: before 'ends', which
        return "counted"                             # takes 'R C' and K for coordinates of a miscounted pair
    if is_ends(list(enumerate(body, start=1))) or miscounted(list(enumerate(body, start=1))) \
            or parenthesised(list(enumerate(body, start=1))):
        return "ends"  # 'W H' then a count of numbers that is not 4 a pair: named by the 'ends' reader
    if is_blanks(numbered):
        return "blanks"
    start = 0
    while start < len(body) and body[start].lstrip().startswith("#"):
        start += 1
    if start < len(body) and (m := WH_HEADER.match(body[start])) and not (start == 0 and _tab_rows(numbered)):
        w, h = int(m.group(1)), int(m.group(2))
        if start + 1 == len(body):  # a header and nothing after it: a 'wh' file cut short, or its '0 0' end,
            return "wh" if w != h or start or w == 0 else "grid"  # unless a one-row grid of one pair ('218 218')
        cells = {len(body[start + 1].strip()), count_cells(body[start + 1])}
        first = split_blocks(numbered)[0]
        if w == h == 0:  # the '0 0' end of a 'wh' file without a puzzle, or a grid whose first row is 0 0
            two = all(2 in (len(s.strip()), count_cells(s)) for _, s in first)
            return "grid" if start == 0 and len(first) > 1 and two else "wh"
        column = w == 1 and not has_separator(body[start + 1]) and len(body) - start - 1 >= h  # H labels follow
        pairs = start == 0 and len(first) <= h and pairs_of_two(first)  # '2 5' twice: a grid of 2 and 5
        if (w in cells or 2 not in cells or column) and not pairs:  # as wide as W (or H: 'W H' the wrong way
            return "wh"                                             # round, a header too large), or one column
    return "grid"


def _tab_rows(numbered: list[Line]) -> bool:
    """Whether the first block of ``numbered`` is rows of tab-separated cells, as many in each (what a ``.tsv``
    file of two columns is: its first row ``2<tab>1`` is no 'W H' header, which a row of characters follows)."""
    first = split_blocks(numbered)[0] if numbered else []
    counts = {len(s.strip().split("\t")) if "\t" in s.strip() else 0 for _, s in first}
    return len(counts) == 1 and 0 not in counts


def loads_all(text: str, *, source: str | None = None, errors: str = "raise", format: str | None = None) -> list[Any]:
    """Every puzzle in ``text``, in order.

    Parameters
    ----------
    text : str or bytes
        The file contents, in a format of :data:`FORMATS` (bytes are decoded as UTF-8).
    source : str, optional
        A file name, shown in error messages and used to name the puzzles.
    errors : {"raise", "keep"}
        With ``"keep"``, a puzzle that breaks the rules (an unpaired number...)
        is returned as its :class:`~tremaux.errors.PuzzleError` in the list, so
        the others can still be used. A file that cannot be split into puzzles
        always raises.
    format : str, optional
        A name in :data:`FORMATS`; by default the format is detected (:func:`detect`).

    Returns
    -------
    list of Puzzle (or PuzzleError with ``errors="keep"``)

    Raises
    ------
    PuzzleFormatError
        Malformed text, with line and column.
    UnknownNameError
        An unknown ``errors`` mode or format name.

    Examples
    --------
    >>> from tremaux.numberlink import loads_all
    >>> [p.shape for p in loads_all("2 1\\n11\\n3 1\\n2.2\\n0 0\\n")]
    [(1, 2), (1, 3)]
    >>> loads_all("2 1\\n12\\n0 0\\n", errors="keep")
    [PuzzleFormatError("2:1: number '1' appears once (line 2 column 1); each number must appear exactly twice")]
    """
    if errors not in ("raise", "keep"):
        raise UnknownNameError("errors mode", errors, ("raise", "keep"))
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text), source=source)
    elif not isinstance(text, str):
        raise PuzzleFormatError(f"expected the text of a puzzle file, not {type(text).__name__}", source=source)
    if format is None:
        name = detect(text := dash_comments(text))  # '-- EASY' comment lines read as '#' lines
        if name == "answer":
            first = next(ln for ln in lines(text) if ln[1].strip())
            raise PuzzleFormatError("this is a contest answer (a solution grid), not a puzzle; read it with "
                                    "load_answers", line=first[0], column=1, source=source)
        if name == "grid" and (why := other_kind(text)):
            first = next(ln for ln in lines(text) if ln[1].strip())
            raise PuzzleFormatError(why, line=first[0], column=1, source=source)
    else:
        name = FORMATS.get(format).name
    if name in HEADED and (rest := after_comments(text)) is not None:
        text = rest  # '# from ...' lines above the header
    items = FORMATS.get(name).func(text, source, base_name(source))
    if format is None and name == "grid" and items and all(isinstance(item, PuzzleError) for item in items):
        items[0] = unmatched(items[0], FORMATS.names())
    if errors == "raise":
        for item in items:
            if isinstance(item, PuzzleError):
                raise item
    return items


def loads(text: str, *, source: str | None = None, format: str | None = None) -> Puzzle:
    """The one puzzle in ``text`` (a format of :data:`FORMATS`, detected unless named).

    Parameters
    ----------
    text : str
        The file contents.
    source : str, optional
        A file name for error messages.
    format : str, optional
        A name in :data:`FORMATS`.

    Returns
    -------
    Puzzle

    Raises
    ------
    PuzzleFormatError
        Malformed text (with line and column), or not exactly one puzzle.

    Examples
    --------
    >>> from tremaux.numberlink import loads
    >>> loads("https://puzz.link/p?numlin/3/1/1g1").grid.tolist()
    [[1, 0, 1]]
    >>> loads("AB\\nBA\\n", format="flow").labels
    ('A', 'B')
    """
    puzzles = loads_all(text, source=source, format=format)
    if len(puzzles) != 1:
        raise PuzzleFormatError(f"the input holds {len(puzzles)} puzzles; use loads_all/load_all",
                                line=1, column=1, source=source)
    return puzzles[0]


def _text_at(path: str | Path, max_bytes: int | None, format: str | None) -> tuple[str, str | None]:
    """The text of the file at ``path`` and its format (as given), or ``path`` itself when it is a URL (a
    puzz.link one unless ``format`` says otherwise)."""
    if is_url(path):
        return str(path).strip(), format or "puzzlink"
    return read_text(path, limit=max_bytes), format


def load(path: str | Path, *, format: str | None = None, max_bytes: int | None = None) -> Puzzle:
    """The one puzzle in the file at ``path``.

    Parameters
    ----------
    path : str, Path or binary file
        A text file in a format of :data:`FORMATS` (or an open one, binary or text, such as ``sys.stdin.buffer``), or a
        puzz.link URL (:func:`is_url`).
    format : str, optional
        A name in :data:`FORMATS`; detected by default.
    max_bytes : int, optional
        Refuse larger files (default :data:`MAX_BYTES`, or ``TREMAUX_NUMBERLINK_MAX_BYTES``).

    Returns
    -------
    Puzzle

    Raises
    ------
    PuzzleFormatError
        An unreadable, too large, binary or malformed file, with line and column where they exist.

    Examples
    --------
    >>> from tremaux.numberlink import load
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
    >>> _ = f.write_bytes(bytes([0x31, 0xff, 0x31]))
    >>> load(f)
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: ...p.txt:1:2: not UTF-8 text: byte 0xff cannot be decoded ('ÿ' in \
Windows-1252 or Latin-1: save the file as UTF-8)
    """
    text, format = _text_at(path, max_bytes, format)
    return loads(text, source=source_name(path), format=format)


def load_all(path: str | Path, *, errors: str = "raise", format: str | None = None,
             max_bytes: int | None = None) -> list[Any]:
    """Every puzzle in the file at ``path``; see :func:`loads_all` and :func:`load`.

    Parameters
    ----------
    path : str, pathlib.Path or binary file
        The file (or an open one, binary or text, such as ``sys.stdin.buffer``), or a puzz.link URL (:func:`is_url`).
    errors : {"raise", "keep"}, default "raise"
        ``"keep"`` returns an unreadable puzzle's error in its place.
    format : str, optional
        The format; guessed from the text when not given.
    max_bytes : int, optional
        Refuse larger files (default: the text size cap).

    Returns
    -------
    list
        The puzzles (and, with ``errors="keep"``, :class:`~tremaux.errors.PuzzleError` items).

    Examples
    --------
    >>> from tremaux.numberlink import load_all
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "two.txt"
    >>> _ = f.write_text("# two puzzles\\n2 1\\n``\\n3 1\\n\\\\.\\\\\\n0 0\\n")
    >>> [p.labels for p in load_all(f)]
    [('`',), ('\\\\',)]
    """
    text, format = _text_at(path, max_bytes, format)
    return loads_all(text, source=source_name(path), errors=errors, format=format)


from .writing import dumps, dumps_all, save, writable  # noqa: E402 - they write in the formats above
