"""Grid-shaped Number Link text: the ``grid``, ``flow`` (Flow Free) and ``wh`` (``W H`` header) formats.

A puzzle is read into one array of character codes (one character per cell)
or a table of labels (cells separated by whitespace or commas), then checked
label by label; every error carries the line and column of the cell.

Examples
--------
>>> from tremaux.numberlink.formats.grids import read_wh, read_flow
>>> read_wh("# a comment\\n3 1\\n_._\\n0 0\\n", None, "")[0].labels
('_',)
>>> read_flow("A.\\n.A\\n", None, "")[0].shape
(2, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ...errors import PuzzleError, PuzzleFormatError
from .._cells import cells as _cells
from .._cells import rows as _rows
from ..model import Puzzle, label_order
from ._shapes import board_shape, hash_empty
from ._text import (ALNUM, WEB_ADDRESS, Line, any_char, cell_hint, check_side, count_cells, empty_field,
                    grid_char, has_separator, letter, lines, show, split_blocks, tokens)
from ._comments import uncommented
from ._table import number_rows
from ._sheets import filled as _filled, join_empty_rows
from .gridwrite import write_flow, write_grid, write_wh

__all__ = ["read_grid", "read_flow", "read_wh", "write_grid", "write_flow", "write_wh", "WH_HEADER"]

WH_HEADER = re.compile(r"^(?!.*\t *\t)\s*(\d{1,9})\s+(\d{1,9})\s*$")
"""A ``W H`` header line (not two numbers with empty tab-separated cells between them, ``1<tab><tab>2``)."""

Item = Puzzle | PuzzleError

_QUOTED = re.compile(r'(?:(?<=^)|(?<=[\s,;]))"([^"\s,;]*)"(?=[\s,;]|$)')
"""A field between double quotes, as spreadsheets write text cells in CSV."""


# ---------------------------------------------------------------------- label policies
_RULES: dict[str, tuple[str, Callable[[str], bool], str]] = {
    # format: (characters meaning empty, label test, what a label is)
    "grid": (".0-·", grid_char, "a cell is '.', '0' or '-' (empty), a digit or a letter; the 'wh' format takes "
                               "any printable character as a label"),  # '·': as a one-column puzzle is printed
    "wh": (".", any_char, "a cell is '.' (empty) or any printable character"),
    "flow": (".", letter, "a Flow Free cell is '.' (empty) or a colour letter"),
}


# ---------------------------------------------------------------------- reading
def _where(positions: Sequence[tuple[int, int]]) -> str:
    shown = ", ".join(f"line {a} column {b}" for a, b in positions[:4])
    return shown + (", ..." if len(positions) > 4 else "")


def _pair_check(where: dict[str, list[tuple[int, int]]], source: str | None, fmt: str = "grid",
                full: bool = False, packed: bool = False) -> None:
    """Refuse a label that does not appear exactly twice; ``full``: no cell of the grid is empty (a solution's
    grid of numbers, as ``solve --numbers`` prints it, given as a puzzle?); ``packed``: a grid of one character a
    cell with digits side by side (``10011``: numbers above 9 written without spaces?)."""
    for lab in label_order(where):
        cells = where[lab]
        if len(cells) != 2:
            ln, co = cells[2] if len(cells) > 2 else cells[0]
            times = "once" if len(cells) == 1 else f"{len(cells)} times"
            hint = "; in the 'wh' format '0' is a label, and '.' an empty cell" if fmt == "wh" and lab == "0" else ""
            if packed and lab.isdigit() and not (full and len(cells) > 2):  # a solved grid: that is the cause
                hint += ("; a row without spaces is one character a cell: write numbers above 9 apart "
                         "('10 . 11' or '10,0,11')")
            if full and len(cells) > 2:
                hint += ("; no cell is empty: is this a solved grid (as 'solve --numbers' prints it)? give the puzzle: "
                         "its numbers, and '.' for every other cell")
            raise PuzzleFormatError(f"number {lab!r} appears {times} ({_where(cells)}); each number must appear "
                                    f"exactly twice{hint}", line=ln, column=co, source=source)


def _char_rows(rows: Sequence[Line], fmt: str, source: str | None, name: str) -> Puzzle:
    """One character per cell; the whole grid handled as one array of code points."""
    empty, ok, what = _RULES[fmt]
    first = rows[0][0]
    texts, offsets = [], []
    width = -1
    for lineno, s in rows:
        t = s.strip()
        off = len(s) - len(s.lstrip())
        if width < 0:
            width = len(t)
        elif len(t) != width:
            _unexpected([(lineno, s), rows[0]], fmt, source)  # an invisible character makes a row longer
            shape = board_shape([len(x.strip()) for _, x in rows])
            raise PuzzleFormatError(f"row {lineno - first + 1} has {_cells(len(t))}; row 1 has {width}{shape}",
                                    line=lineno, column=off + min(len(t), width) + 1, source=source)
        texts.append(t)
        offsets.append(off)
    check_side(len(texts), width, first, source)
    joined = "".join(texts)
    codes = (np.frombuffer(joined.encode("ascii"), dtype=np.uint8) if joined.isascii()  # a byte a cell
             else np.frombuffer(joined.encode("utf-32-le"), dtype="<u4")).reshape(len(texts), width)
    del joined
    blank = np.zeros(codes.shape, dtype=bool)
    for ch in empty:
        blank |= codes == ord(ch)
    # one pass for the labels and their counts (np.unique without counts also imports numpy.ma, ~15 ms)
    values, counts = np.unique(codes[~blank], return_counts=True)
    for code in values.tolist():
        if not ok(chr(code)):
            r, c = (int(x) for x in np.argwhere(codes == code)[0])
            raise PuzzleFormatError(f"unexpected {show(chr(code))}{cell_hint(chr(code))}; {what}", line=rows[r][0],
                                    column=offsets[r] + c + 1, source=source)
    where: dict[str, list[tuple[int, int]]] = {}
    for code in values[counts != 2].tolist():
        where[chr(code)] = [(rows[r][0], offsets[r] + c + 1) for r, c in np.argwhere(codes == code).tolist()]
    packed = bool(where) and fmt == "grid" and any(re.search(r"[0-9][0-9]", t) for t in texts)  # '10011'?
    _pair_check(where, source, fmt, full=not blank.any(), packed=packed)
    order = label_order(chr(x) for x in values.tolist())
    ids = np.zeros(int(codes.max()) + 1, dtype=np.int32)
    for i, lab in enumerate(order):
        ids[ord(lab)] = i + 1
    grid = np.where(blank, 0, ids[codes])
    return Puzzle(grid, order, name=name)


def _unexpected(rows: Sequence[Line], fmt: str, source: str | None) -> None:
    """Name the first character of ``rows`` that is no cell of ``fmt`` (a zero-width space...), if any."""
    empty, ok, what = _RULES[fmt]
    for lineno, s in rows:
        off = len(s) - len(s.lstrip())
        for i, ch in enumerate(s.strip()):
            if ch not in empty and not ok(ch):
                raise PuzzleFormatError(f"unexpected {show(ch)}{cell_hint(ch)}; {what}", line=lineno,
                                        column=off + i + 1, source=source)


def _token_rows(rows: Sequence[Line], fmt: str, source: str | None, name: str, column: bool = False) -> Puzzle:
    """Cells separated by whitespace or commas: numbers (``0``, ``.`` or ``-`` empty) and words of letters and digits.

    With ``column`` (a 'wh' header gives one column), a row without a separator is one cell.
    """
    first = rows[0][0]
    if not column and (fast := number_rows(rows)) is not None:  # numbers only, well formed: read as arrays
        check_side(fast[0].shape[0], fast[0].shape[1], first, source)
        return Puzzle(fast[0], fast[1], name=name)
    table: list[list[str | None]] = []
    where: dict[str, list[tuple[int, int]]] = {}
    width = -1
    hashed = hash_empty(rows)  # '#' for each empty cell, as some solvers write them: no blocked cell
    for lineno, s in rows:
        if '"' in s:  # a spreadsheet's quoted fields ('"A","B"'): the quotes become spaces, so columns stay
            s = _QUOTED.sub(lambda m: f" {m.group(1)} ", s)
        if (gap := empty_field(s)) is not None:
            if "," not in s:  # tabs: a row's last empty fields went with its trailing whitespace, so the width is lost
                raise PuzzleFormatError("an empty field in a tab-separated row; write '.' or 0 for an empty cell",
                                        line=lineno, column=gap, source=source)
            s = _filled(s)
        cells = [(len(s) - len(s.lstrip()) + 1, s.strip())] if column and not has_separator(s) else tokens(s)
        if width < 0:
            width = len(cells)
        elif len(cells) != width:
            col = cells[width][0] if len(cells) > width else len(s) + 1
            shape = board_shape([len(tokens(x)) for _, x in rows])
            raise PuzzleFormatError(f"row {lineno - first + 1} has {_cells(len(cells))}; row 1 has {width}{shape}",
                                    line=lineno, column=col, source=source)
        row: list[str | None] = []
        for col, tok in cells:
            if tok in (".", "-", "·") or (tok.isascii() and tok.isdigit() and tok.count("0") == len(tok)) \
                    or (hashed and tok == "#"):
                row.append(None)
                continue
            if not ALNUM.match(tok):
                raise PuzzleFormatError(f"unexpected {show(tok)}{cell_hint(tok)}; a separated cell is '.', '-' or "
                                        f"0 (empty), a number or a word of letters and digits", line=lineno,
                                        column=col, source=source)
            if tok.isdigit():
                if len(tok.lstrip("0")) > 9:
                    raise PuzzleFormatError(f"number {show(tok)} is too long (at most 9 digits)", line=lineno,
                                            column=col, source=source)
                tok = str(int(tok))
            row.append(tok)
            where.setdefault(tok, []).append((lineno, col))
        table.append(row)
    check_side(len(table), width, first, source)
    _pair_check({k: v for k, v in where.items() if len(v) != 2}, source,
                full=all(x is not None for row in table for x in row))
    order = label_order(where)
    ids = {lab: i + 1 for i, lab in enumerate(order)}
    grid = np.array([[0 if x is None else ids[x] for x in row] for row in table], dtype=np.int32)
    return Puzzle(grid, order, name=name)


def _one(rows: Sequence[Line], fmt: str, source: str | None, name: str, width: int = -1) -> Item:
    """One puzzle of ``rows``: one character per cell, or separated cells.

    A block whose rows all hold exactly ``width`` characters (the ``W`` of a ``W H`` header) is read one
    character per cell, so that ``,`` and other punctuation stay labels there.
    """
    try:
        chars = width > 0 and all(len(s.strip()) == width for _, s in rows)
        if fmt != "flow" and not chars and (any(has_separator(s) for _, s in rows) or width == 1):
            return _token_rows(rows, fmt, source, name, width == 1)  # one column: a row is one cell
        return _char_rows(rows, fmt, source, name)
    except PuzzleError as exc:
        return exc


def entry_names(base: str, n: int) -> list[str]:
    """The names of the ``n`` puzzles of a file whose puzzles are named ``base``: ``base`` alone, or numbered.

    Parameters
    ----------
    base : str
        The name of the file's puzzles (often the file's stem); may be empty.
    n : int
        How many puzzles the file holds.

    Returns
    -------
    list of str
        ``[base]`` for one puzzle, else ``base#1`` to ``base#n``.

    Examples
    --------
    >>> from tremaux.numberlink.formats.grids import entry_names
    >>> entry_names("easy", 1), entry_names("easy", 2), entry_names("", 2)
    (['easy'], ['easy#1', 'easy#2'], ['#1', '#2'])
    """
    if n == 1:
        return [base]
    return [f"{base}#{i + 1}" if base else f"#{i + 1}" for i in range(n)]


def read_grid(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles of the ``grid`` format: blocks of rows separated by blank lines.

    Parameters
    ----------
    text : str
        Rows of cells; puzzles separated by blank lines.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzles (numbered when there are several).

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzles, or the error of each unreadable one.

    Raises
    ------
    PuzzleFormatError
        For text that holds no puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.grids import read_grid
    >>> read_grid("1.1 2.2".replace(" ", chr(10)), None, "p")
    [Puzzle(shape=(2, 3), pairs=2, name='p')]
    """
    numbered = lines(text)
    kept = uncommented(numbered)  # '# from ...' lines skipped; '#..' among rows '1.1' stays a row (a blocked cell)
    runs = join_empty_rows(split_blocks(kept), text, source, lambda b: _one(b, "grid", source, ""))  # tabs
    blocks = [part for b in runs for part in ([b] if isinstance(b, PuzzleError) else _numbered(b) or [_semicolons(b)])]
    if not blocks:
        said = [n for n, s in numbered if s.strip()]
        if said:  # comments alone
            raise PuzzleFormatError("no puzzle in the input: only '#' comment lines", line=said[-1] + 1,
                                    column=1, source=source)
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    out = [b if isinstance(b, PuzzleError) else _one(b, "grid", source, n)
           for b, n in zip(blocks, entry_names(base, len(blocks)))]
    if out and all(isinstance(b, PuzzleError) for b in out):  # no puzzle read: a board of another shape?
        said = [(n, s) for n, s in numbered if s.strip()]
        if shape := board_shape([count_cells(s) for _, s in said]):
            raise PuzzleFormatError(shape[2:], line=said[0][0],
                                    column=1, source=source)
    return out


def _semicolons(block: list[Line]) -> list[Line]:
    """``block`` with its semicolons read as commas when every row separates its cells by them and none by commas
    (``1;0;1``: the CSV a spreadsheet writes where the comma is the decimal mark); a semicolon is no cell."""
    if all(";" in s for _, s in block) and not any("," in s for _, s in block):
        return [(n, s.replace(";", ",")) for n, s in block]
    return block


def _numbered(block: list[Line]) -> list[list[Line]] | None:
    """The puzzles of a block where each follows a line holding its number (``0``, ``1``... or ``1``, ``2``...,
    as some solvers keep their test grids, without blank lines), each number a line of another width than
    its grid's rows; ``None`` for any other block (a lone number above a single grid is a broken first row)."""
    parts, i = [], 0
    while i < len(block):
        head = block[i][1].strip()
        if not (head.isascii() and head.isdigit() and len(head) < 10) or i + 1 >= len(block):
            return None
        width = count_cells(block[i + 1][1])
        j = i + 1
        while j < len(block) and count_cells(block[j][1]) == width:
            j += 1
        if width == count_cells(head) or int(head) != len(parts) + int(block[0][1].strip()):
            return None
        parts.append(block[i + 1:j])
        i = j
    return parts if len(parts) > 1 and block[0][1].strip() in ("0", "1") else None  # one: a broken first row


def read_flow(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles of the Flow Free format: square grids of colour letters, the size taken from the first row.

    Parameters
    ----------
    text : str
        Square grids of letters (``A``..., ``.`` empty), as Flow Free levels are written.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzles.

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzles, or the error of each unreadable one.

    Raises
    ------
    PuzzleFormatError
        For text that holds no puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.grids import read_flow
    >>> read_flow("A.A B.B ...".replace(" ", chr(10)), None, "f")
    [Puzzle(shape=(3, 3), pairs=2, name='f')]
    """
    blocks = split_blocks(uncommented(lines(text)))
    if not blocks:
        raise PuzzleFormatError("no puzzle in the input", line=1, column=1, source=source)
    out: list[Item] = []
    for b, n in zip(blocks, entry_names(base, len(blocks))):
        side = len(b[0][1].strip())
        if len(b) != side:
            ln = b[min(len(b), side)][0] if len(b) > side else b[-1][0] + 1
            out.append(PuzzleFormatError(f"a Flow Free puzzle is square: the first row has {side} cells but "
                                         f"there are {len(b)} rows", line=ln, column=1, source=source))
            continue
        out.append(_one(b, "flow", source, n))
    return out


def _swapped(rows: Sequence[Line], w: int, h: int) -> str:
    """A hint that a ``W H`` header is the wrong way round: ``W`` rows of ``H`` cells each stand under it."""
    if w == h or len(rows) != w or any(count_cells(s) != h for _, s in rows):
        return ""
    return " (the columns come first: is the header 'H W'?)"


def _wh_block(body: Sequence[Line], i: int, source: str | None) -> tuple[tuple[list[Line], int] | None, int]:
    """The puzzle of the ``wh`` text ``body`` whose header is line ``i`` (its rows and width, or ``None`` for a
    comment) and the index of the next line to read: -1 after the ``0 0`` that ends the text."""
    lineno, s = body[i]
    if s.lstrip().startswith("#"):
        return None, i + 1
    m = WH_HEADER.match(s)
    if not m:
        raise PuzzleFormatError(f"expected a 'W H' header or a '#' comment, found {show(s.strip())}",
                                line=lineno, column=len(s) - len(s.lstrip()) + 1, source=source)
    w, h = int(m.group(1)), int(m.group(2))
    if w == 0 and h == 0:
        return None, -1
    check_side(h, w, lineno, source)
    rows = body[i + 1:i + 1 + h]
    if len(rows) < h:
        last = rows[-1][0] + 1 if rows else lineno + 1
        raise PuzzleFormatError(f"the {w}x{h} puzzle has only {_rows(len(rows))}{_swapped(rows, w, h)}", line=last,
                                column=1, source=source)
    for k, (rl, rs) in enumerate(rows):
        n = len(rs.strip())
        if n != w and has_separator(rs):
            n = count_cells(rs)
        elif n != w and w == 1:  # one column of labels of several characters
            n = 1
        if k and (m := WH_HEADER.match(rs)) and count_cells(rs) != w:  # the next header or the end, too early
            what = "the '0 0' end" if int(m.group(1)) == int(m.group(2)) == 0 else "the next 'W H' header"
            raise PuzzleFormatError(f"the {w}x{h} puzzle has only {_rows(k)}; line {rl} is {what}",
                                    line=rl, column=1, source=source)
        if n != w:
            if not has_separator(rs):  # an invisible character makes a row longer
                _unexpected([(rl, rs)], "wh", source)
            swapped = " (the columns come first: is the header 'H W'?)" if n == h else ""
            raise PuzzleFormatError(f"row has {n} cells; the header says W = {w}{swapped}", line=rl,
                                    column=max(1, min(len(rs), w + 1)), source=source)
    return (rows, w), i + 1 + h


def read_wh(text: str, source: str | None, base: str) -> list[Item]:
    """Puzzles of the ``wh`` format: ``W H`` then ``H`` rows, repeated; ``#`` comments between; ``0 0`` ends.

    Parameters
    ----------
    text : str
        ``W H`` headers each followed by ``H`` rows, ended by ``0 0``.
    source : str or None
        The file name, for messages.
    base : str
        The name of the puzzles.

    Returns
    -------
    list of Puzzle or PuzzleError
        The puzzles, or the error of each unreadable one; after a header or row that does not fit the format,
        its error ends the list (the puzzles before it are kept).

    Raises
    ------
    PuzzleFormatError
        For a first header or row that does not fit the format, or text that holds no puzzle.

    Examples
    --------
    >>> from tremaux.numberlink.formats.grids import read_wh
    >>> read_wh("3 2|1.1|2.2|0 0".replace("|", chr(10)), None, "w")
    [Puzzle(shape=(2, 3), pairs=2, name='w')]
    """
    body = [ln for ln in lines(text) if ln[1].strip()]
    blocks: list[tuple[list[Line], int]] = []
    broken: list[Item] = []
    i = ended = 0
    while i < len(body):
        try:
            block, nxt = _wh_block(body, i, source)
        except PuzzleFormatError as exc:
            if not blocks:
                raise
            broken.append(_one_row_more(body, i, blocks[-1], exc, source))  # the puzzles read so far are kept;
            break                                                           # what follows cannot be framed
        if nxt < 0:  # the '0 0' end
            ended = 1
            break
        if block is not None:
            blocks.append(block)
        i = nxt
    if not blocks:  # only comments, or '0 0' first: nothing would be solved and nothing said
        raise PuzzleFormatError("no puzzle in the input" + (" before the '0 0' that ends it" if ended else ""),
                                line=body[i][0] if ended else 1, column=1, source=source)
    names = entry_names(base, len(blocks) + len(broken))
    items = [_one(b, "wh", source, n, w) for (b, w), n in zip(blocks, names)]
    if broken and isinstance(items[-1], PuzzleError) and "rows the header above says" in str(broken[0]):
        items[-1] = broken.pop()  # a row too many: its puzzle's error ('1' appears once) follows from it
    return items + broken


def _one_row_more(body: Sequence[Line], i: int, last: tuple[list[Line], int], exc: PuzzleFormatError,
                  source: str | None) -> PuzzleFormatError:
    """``exc``, the error of line ``i`` that is no ``W H`` header, told when that line is a row as wide as the
    puzzle just read, right after its rows: a puzzle with more rows than its header says."""
    rows, w = last
    if i == 0 or body[i - 1] is not rows[-1] or WH_HEADER.match(body[i][1]) or len(body[i][1].strip()) != w:
        return exc
    return PuzzleFormatError(f"{exc.reason}: a row of {w} cells after the {len(rows)} rows "
                             f"the header above says (is its H more than {len(rows)}?)", line=body[i][0],
                             column=1, source=source)


def base_name(source: str | None) -> str:
    """The puzzle name a file gives: its stem (for a web address, the puzzle type it names).

    Parameters
    ----------
    source : str or None
        A file name, a URL read as a puzzle, or ``<stdin>``.

    Returns
    -------
    str
        Its stem, the name given to its puzzles (empty for ``None``; ``<stdin>`` as is).

    Examples
    --------
    >>> from tremaux.numberlink.formats.grids import base_name
    >>> base_name("puzzles/easy.txt"), base_name(None), base_name("https://puzz.link/p?numlin/3/2/1g12g2")
    ('easy', '', 'numlin')
    >>> base_name("<stdin>"), base_name("puzz.link/p?numlin/3/2/1g12g2"), base_name("numlin/3/2/1g12g2")
    ('<stdin>', 'numlin', 'numlin')
    """
    if not source:
        return ""
    if source.startswith("<") and source.endswith(">"):  # <stdin>: named as in every message, maze's and puzzle's
        return source
    if WEB_ADDRESS.fullmatch(source):
        query = source.partition("?")[2] if "?" in source else source  # 'numlin/5/5/...': the query alone
        return re.split(r"/|%2f", query, maxsplit=1, flags=re.IGNORECASE)[0] or "url"
    return Path(source).stem
