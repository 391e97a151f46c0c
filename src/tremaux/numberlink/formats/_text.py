"""Text plumbing shared by the Number Link readers: bounded file reading, decoding, lines, cells.

Every function here either returns a value or raises
:class:`~tremaux.errors.PuzzleFormatError` with the file, line and column.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, BinaryIO

from ...errors import PuzzleFormatError
from .._cells import has_separator, tokens  # noqa: F401  (the grid format's cells, read by the model too)
from ..model import MAX_SIDE

MAX_BYTES = (MAX_SIDE + 1) * MAX_SIDE + 65536
"""Default cap on the size of a puzzle file, in bytes: the largest one-character-per-cell grid with room for
a header and comments. The environment variable ``TREMAUX_NUMBERLINK_MAX_BYTES`` overrides it."""

Line = tuple[int, str]  # (1-based line number, text without the line end)

_NUMBER = re.compile(r"^[0-9]{1,9}$")
_MAGIC = {b"PK\x03\x04": "a zip archive (an .npz file?)", b"\x93NUMPY": "a NumPy .npy array",
          b"\x89PNG": "a PNG picture", b"%PDF": "a PDF document", b"\x1f\x8b": "a gzip archive"}


def max_bytes(limit: int | None = None) -> int:
    """The byte cap in force: ``limit`` if given, else the environment override, else :data:`MAX_BYTES`."""
    if limit is not None:
        from .._args import whole

        return whole(limit, "max_bytes", least=1)
    env = os.environ.get("TREMAUX_NUMBERLINK_MAX_BYTES", "").strip()
    if env:
        if not _NUMBER.match(env) and not env.isdigit():
            raise PuzzleFormatError(f"TREMAUX_NUMBERLINK_MAX_BYTES={env!r} is not a number of bytes")
        return int(env)
    return MAX_BYTES


def source_name(path: Any) -> str:
    """How messages name a puzzle source: the path, or an open file's ``name`` (``<stdin>`` for standard input)."""
    return str(getattr(path, "name", "<stream>")) if hasattr(path, "read") else str(path)


def read_text(path: str | Path | BinaryIO, *, limit: int | None = None) -> str:
    """The text of the puzzle file at ``path`` (or of an open file, binary or text), read with a size cap and
    decoded as UTF-8."""
    cap = max_bytes(limit)
    source = source_name(path)
    if not (hasattr(path, "read") or isinstance(path, (str, bytes, os.PathLike))):  # an int: a descriptor
        raise PuzzleFormatError(f"expected a file name, a path or an open binary file, not {type(path).__name__}")
    try:
        if hasattr(path, "read"):
            data = _read_capped(path, cap + 1)
        else:
            with open(path, "rb") as fh:
                data = _read_capped(fh, cap + 1)
    except OSError as exc:
        raise PuzzleFormatError(f"cannot read the file: {exc.strerror or exc}", source=source) from None
    if not isinstance(data, (bytes, bytearray, str)):
        raise PuzzleFormatError(f"expected an open file giving bytes or text, not one giving {type(data).__name__}",
                                source=source)
    if len(data) > cap:
        raise PuzzleFormatError(f"the file is larger than the {cap}-byte limit of a puzzle file "
                                f"(TREMAUX_NUMBERLINK_MAX_BYTES raises it)", source=source)
    if isinstance(data, str):  # an open text file (io.StringIO, open(path)): already decoded
        return data.removeprefix("\ufeff")
    return decode(bytes(data), source=source)


def _read_capped(fh: Any, most: int) -> Any:
    """At most ``most`` bytes (or characters) of ``fh``, read a MiB at a time: one read of ``most`` would ask for
    that much memory up front (a cap of 2**40 bytes is a MemoryError; 10**30 an OverflowError)."""
    chunks: list[Any] = []
    total = 0
    while total < most:
        chunk = fh.read(min(most - total, 1 << 20))
        if not isinstance(chunk, (bytes, bytearray, str)):  # not a file of bytes or text: said by the caller
            return chunk
        if not chunk:
            return chunk[:0].join(chunks)
        chunks.append(chunk)
        total += len(chunk)
    return chunks[0][:0].join(chunks)


def decode(data: bytes, *, source: str | None = None) -> str:
    """``data`` as text (UTF-8, an optional byte-order mark dropped), or an error naming the first bad byte.

    Text saved as UTF-16 with its byte-order mark (Windows' "Unicode") is read too: the mark says how. UTF-16
    without the mark (a zero byte beside each ASCII character) is named as such, not guessed.

    Examples
    --------
    >>> decode("1.1\\n".encode("utf-16")), decode(b"\\xef\\xbb\\xbf1.1\\n")
    ('1.1\\n', '1.1\\n')
    >>> decode("1.1\\n".encode("utf-16-be"))
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: 1:1: this looks like UTF-16-BE text without its byte-order mark; save it as \
UTF-8 (or as UTF-16 with the mark)
    """
    sheet = str(source or "").lower().endswith((".xlsx", ".xlsm", ".ods", ".xls"))
    if sheet and data.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):  # a zip (.xlsx, .ods), an OLE file (.xls)
        raise PuzzleFormatError("this is a spreadsheet file, not text: save the sheet as CSV (comma-separated "
                                "values) and give that file", line=1, column=1, source=source)
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise PuzzleFormatError("this is an Office document (.xls, .doc), not a Number Link puzzle text", line=1,
                                column=1, source=source)
    for magic, what in _MAGIC.items():
        if data.startswith(magic):
            raise PuzzleFormatError(f"this is {what}, not a Number Link puzzle text", line=1, column=1,
                                    source=source)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError(f"not UTF-16 text after its byte-order mark: bytes {exc.start} to {exc.end} "
                                    "cannot be decoded", source=source) from None
    if (order := _utf16_order(data)) is not None:  # UTF-16 without its mark, as some programs save "Unicode":
        raise PuzzleFormatError(f"this looks like {order.upper()} text without its byte-order mark; save it as "  # named,
                                "UTF-8 (or as UTF-16 with the mark)", line=1, column=1, source=source)    # not guessed
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        pos = exc.start
    if (text := _legacy_comments(data)) is not None:  # the comments of a file saved as Windows-1252 ('# R\xe4tsel')
        return text
    line = data.count(b"\n", 0, pos) + 1
    column = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
    legacy = bytes([data[pos]]).decode("cp1252", errors="replace")
    binary = re.search(rb"[\x00-\x08\x0e-\x1f]", data[:4096])  # control bytes: no text, whatever its encoding
    hint = f" ({legacy!r} in Windows-1252 or Latin-1: save the file as UTF-8)" if legacy.isprintable() and not binary \
        else ""
    raise PuzzleFormatError(f"not UTF-8 text: byte 0x{data[pos]:02x} cannot be decoded{hint}", line=line,
                            column=column, source=source)


def _legacy_comments(data: bytes) -> str | None:
    """``data`` decoded when only its ``#`` comment lines are not UTF-8 (as Windows-1252 saves ``# R\xe4tsel``):
    those lines read as Windows-1252, the others as UTF-8; ``None`` when a line that is not a comment is not UTF-8
    (its cells must be read as they were written, not guessed)."""
    out = []
    for raw in data.removeprefix(b"\xef\xbb\xbf").split(b"\n"):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            if not raw.lstrip().startswith(b"#"):
                return None
            out.append(raw.decode("cp1252", errors="replace"))
    return "\n".join(out)


def _utf16_order(data: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` when ``data`` starts as ASCII text saved as UTF-16 without a byte-order mark
    (a zero byte after, or before, each of its first characters), else ``None``."""
    head = data[:64]
    if len(data) % 2 or len(head) < 4:
        return None
    low, high = head[0::2], head[1::2]
    for text, zeros, order in ((low, high, "utf-16-le"), (high, low, "utf-16-be")):
        if not zeros.strip(b"\x00") and all(32 <= b < 127 or b in (9, 10, 13) for b in text):
            return order
    return None


_EOL = re.compile(r"\r\n?|\n")


def lines(text: str) -> list[Line]:
    """Numbered lines of ``text``, line ends and trailing whitespace removed.

    Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (the line end of old Mac files).

    Examples
    --------
    >>> lines("1.1\\r2.2\\r")
    [(1, '1.1'), (2, '2.2'), (3, '')]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    parts = text.split("\n") if "\r" not in text else _EOL.split(text)  # str.split: the same lines, faster
    return [(i + 1, s.rstrip()) for i, s in enumerate(parts)]


def split_blocks(rows: list[Line]) -> list[list[Line]]:
    """Runs of non-blank lines."""
    blocks: list[list[Line]] = []
    cur: list[Line] = []
    for ln in rows:
        if ln[1].strip():
            cur.append(ln)
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


QUERY = re.compile(r"(?:numlin|numberlink)(?:/(?:[^/\s]*:/)*|%2F(?:[^/\s]*:%2F)*)\d{1,9}(?:/|%2F)\d{1,9}(?:/|%2F|$)",
                   re.IGNORECASE)
"""The query of a puzz.link URL alone, from its puzzle type and size on (``numlin/5/5/...``), as a user copies
the part after the ``?``."""
WEB_ADDRESS = re.compile(r"(?:https?://|https?%3A%2F%2F|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?/[^\s?]*\?"
                         r"|[^\s?:]*\?(?=" + QUERY.pattern + r")|(?=" + QUERY.pattern + r"))\S+", re.IGNORECASE)
"""A web address: with its scheme, as a browser's address bar shows it (``puzz.link/p?numlin/...``), or from its
``?`` or its puzzle type on (``p?numlin/...``, ``?numlin/...``, ``numlin/5/5/...``)."""
_TABS = re.compile(r"\t[ ]*\t")


def empty_field(s: str) -> int | None:
    """The 1-based column of the first comma (or tab) that closes an empty cell of a comma-separated (or
    tab-separated) row, else ``None``.

    ``1,,2``, ``1, ,2``, ``,1,2`` and ``1,2,`` leave a cell out, and so does ``1<tab><tab>2`` (a spreadsheet's
    row copied with an empty cell): it is not read as an empty cell (that is ``.`` or ``0``) nor dropped,
    which would shift the cells after it.

    Examples
    --------
    >>> empty_field("1, 0, 1"), empty_field("1,,1"), empty_field("1 2 1"), empty_field("1,2,")
    (None, 3, None, 4)
    >>> empty_field("1\\t\\t1"), empty_field("\\t1\\t1")
    (3, None)
    """
    if "," not in s:
        start = len(s) - len(s.lstrip())  # tabs before the first cell indent the row
        tabs = _TABS.search(s, start)
        return None if tabs is None else tabs.end()
    start = len(s) - len(s.lstrip())
    fields = s[start:].split(",")
    col = start + 1
    for k, field in enumerate(fields):
        if not field.strip():
            return col + len(field) if k < len(fields) - 1 else col - 1
        col += len(field) + 1
    return None


def count_cells(s: str) -> int:
    """Number of cells of one row (see :func:`tokens`)."""
    return len(s.replace(",", " ").split()) if has_separator(s) else len(s.strip())  # split: as _TOKEN, faster


def pairs_of_two(block: list[Line]) -> bool:
    """Whether the rows ``block`` read as a grid of two separated labels a row, each label twice."""
    labels = [t for _, s in block if has_separator(s) and count_cells(s) == 2 for _, t in tokens(s)]
    numbers = [t for t in labels if t not in (".", "0")]
    return len(labels) == 2 * len(block) and all(numbers.count(t) == 2 for t in numbers)


def column_of_pairs(body: list[str]) -> bool:
    """Whether the non-blank lines ``body`` read as a grid of one column whose labels each appear twice, as the grid
    format writes such a board (``2``, ``1``, ``1``, ``2``): not a header of counts (rows, columns) and its rows,
    whose rows would then hold a label once (the header's ``1`` column is a label of the grid).

    Examples
    --------
    >>> column_of_pairs(["2", "1", "1", "2"]), column_of_pairs(["2", "1", "3", "3"])
    (True, False)
    """
    if any(count_cells(s) != 1 or s.lstrip().startswith("#") for s in body):
        return False
    labels = [s.strip() for s in body if s.strip() not in (".", "0", "-", "\u00b7")]

    def paired(found: list[str]) -> bool:
        return all(found.count(x) == 2 for x in found)
    # the rows after a header of two or three counts (rows, columns, pairs) must not be a puzzle themselves: the
    # board of one cell, '1', '1', '-', is a header and its row
    return bool(labels) and paired(labels) and not any(
        paired([s.strip() for s in body[skip:] if s.strip() not in (".", "0", "-", "\u00b7")]) for skip in (2, 3))


def check_side(h: int, w: int, line: int, source: str | None) -> None:
    """Refuse a size outside ``1..MAX_SIDE`` on a side."""
    if h < 1 or w < 1 or h > MAX_SIDE or w > MAX_SIDE:
        raise PuzzleFormatError(f"puzzle size {w}x{h} (WxH) is outside 1..{MAX_SIDE} on a side",
                                line=line, column=1, source=source)


def show(ch: str) -> str:
    """A character or token quoted for a one-line message (control characters escaped)."""
    text = repr(ch)
    return text if len(text) <= 24 else text[:20] + "...'"


_MAZE_DRAWING = re.compile(r"\+(?:-{2,}\+|\s{2,}\+){2,}\s*$")
"""The first line of a maze drawn in ``+---+`` text (:mod:`tremaux.io.ascii`)."""


_LINES = re.compile("[─│┌┐└┘]")
"""The box-drawing characters of a drawn solution (:func:`tremaux.numberlink.draw.to_text`)."""

_SLASHES = re.compile(r"[/\\<>^v.\s]+")
"""The characters of a field drawn in slashes and arrows (a solved board some games print), and nothing else."""


def _bare_ends(text: str) -> str | None:
    """Why ``text`` is no puzzle when it is a count ``K``, then ``2K`` lines ``x y`` (a game's level files, whose
    board size is in their folder's name), or ``None``."""
    rows = [s.split() for s in text.split("\n") if s.strip()]
    if not (len(rows) >= 3 and len(rows[0]) == 1 and rows[0][0].isdigit() and len(rows) - 1 == 2 * int(rows[0][0])
            and all(len(r) == 2 and r[0].isdigit() and r[1].isdigit() for r in rows[1:])):
        return None
    k, side = int(rows[0][0]), 1 + max(int(v) for r in rows[1:] for v in r)
    return (f"this is a count of {k} pairs and their {2 * k} ends, 'x y' a line, without the board's size (the ends "
            f"fit a board of {side}x{side} or more); give the size first: 'W H x1 y1 x2 y2 ...' on one line reads as "
            f"the 'ends' format")


def other_kind(text: str, *, commands: bool = True) -> str | None:
    """What ``text``, read as a ``grid``, is instead of a puzzle (a maze's drawing), as an error message.

    ``commands=False`` leaves out the command that reads a maze's drawing (for the web page, which has none).

    Examples
    --------
    >>> other_kind("+---+---+\\n| S   G |\\n+---+---+\\n")
    "this is the drawing of a maze ('+---+'), not a Number Link puzzle; 'tremaux solve' reads it"
    >>> other_kind("+---+---+\\n| S   G |\\n+---+---+\\n", commands=False)
    "this is the drawing of a maze ('+---+'), not a Number Link puzzle"
    >>> other_kind("1.1\\n") is None
    True
    >>> other_kind("1───1\\n")[:24]
    'this is a drawn solution'
    >>> other_kind("2\\n0 0\\n2 0\\n0 1\\n1 1\\n")[:33]
    'this is a count of 2 pairs and th'
    >>> other_kind("\\\\ />\\n > /\\n")[:38]
    "this is a drawing of lines in '/', '\\\\'"
    """
    text = text.lstrip("\ufeff \t\r\n")
    if _MAZE_DRAWING.match(text.split("\n", 1)[0]):
        return ("this is the drawing of a maze ('+---+'), not a Number Link puzzle"
                + ("; 'tremaux solve' reads it" if commands else ""))
    if _LINES.search(text):
        return ("this is a drawn solution (the lines 'numberlink solve' prints), not a puzzle; give the puzzle: its "
                "numbers, and '.' for every other cell")
    if (ends := _bare_ends(text)) is not None:
        return ends
    if _SLASHES.fullmatch(text) and re.search(r"[/\\]", text) and re.search(r"[<>^v]", text):
        return ("this is a drawing of lines in '/', '\\' and arrows ('<', '>', '^', 'v'), not a puzzle; give the "
                "puzzle: its numbers, and '.' for every other cell")
    return None  # JSON is the 'json' format's (.jsons), read back or named there


def foreign_extension(path: str | Path) -> str | None:
    """The extension of ``path`` when it names another kind of file than puzzle text: a maze file's or a
    picture's (``.gif``, ``.jpg``, ``.json``, ``.npz``...; :data:`tremaux.io.FORMATS`) other than ``.txt`` and the
    ``.svg`` and ``.png`` pictures :mod:`tremaux.numberlink.draw` draws. Any other extension may hold text.

    Examples
    --------
    >>> foreign_extension("p.GIF"), foreign_extension("p.json"), foreign_extension("p.wh"), foreign_extension("p")
    ('.gif', '.json', None, None)
    >>> foreign_extension("p.pdf"), foreign_extension("p.txt.gz")
    ('.pdf', '.gz')
    """
    from ... import io

    ext = Path(path).suffix.lower()
    other = {e for name in io.FORMATS.names() for e in io.FORMATS.get(name).meta["extensions"]}
    return ext if ext in (other | set(io.outputs.EXTENSIONS) | NOT_TEXT) - {".txt", ".svg", ".png"} else None


NOT_TEXT = frozenset({".pdf", ".eps", ".ps", ".svgz", ".webp", ".tif", ".tiff", ".ico", ".heic", ".avif", ".gz",
                      ".bz2", ".xz", ".zst", ".zip", ".7z", ".tar", ".tgz", ".docx", ".xlsx", ".ods", ".odt",
                      ".parquet", ".arrow", ".npy", ".pkl", ".pickle", ".jsonl", ".ndjson", ".xls", ".xlsm"})
"""Extensions of files that are neither text nor a picture drawn here (a document, a compressed archive, another
picture format), refused by :func:`foreign_extension` so that ``convert -o p.pdf`` does not write puzzle text under
a name that says otherwise (``.jsonl``: JSON Lines, which puzzle text is not)."""


def ascii_hint(text: str) -> str:
    """What to write instead of ``text``, a cell in another script's digits or letters (``'１'``, ``'١'``), as a
    clause for a message; ``""`` when it has no ASCII form.

    Examples
    --------
    >>> ascii_hint("１２"), ascii_hint("\u0661"), ascii_hint("#")
    (" ('１２' is another form of '12': write '12')", " ('١' is the digit 1 of another script: write '1')", '')
    >>> ascii_hint("．")  # a full-width full stop, as a Japanese keyboard types it
    " ('．' is another form of '.': write '.')"
    """
    import unicodedata

    plain = unicodedata.normalize("NFKC", text)
    if plain != text and plain.isascii() and (plain.isalnum() or (plain.isprintable() and not plain.isspace())):
        return f" ({show(text)} is another form of {plain!r}: write {plain!r})"
    if text.isdigit() and not text.isascii():
        digits = "".join(str(unicodedata.digit(ch, "?")) for ch in text)
        if digits.isdigit():
            return f" ({show(text)} is the {'digit' if len(text) == 1 else 'number'} {digits} of another script: " \
                   f"write {digits!r})"
    return ""


def cell_hint(text: str) -> str:
    """:func:`ascii_hint`, or for ``*`` and ``#`` (a blocked cell in some Flow Free files) that no cell is blocked
    here, as a clause for a message.

    Examples
    --------
    >>> cell_hint("*")
    ' (a blocked cell? these boards have none: every cell may hold a line)'
    >>> cell_hint("１"), cell_hint("?")
    (" ('１' is another form of '1': write '1')", '')
    """
    if text in ("*", "#"):
        return " (a blocked cell? these boards have none: every cell may hold a line)"
    return ascii_hint(text)


# ---------------------------------------------------------------------- label characters
ALNUM = re.compile(r"^[0-9A-Za-z]+$")
"""A label of separated cells: a word of ASCII letters and digits."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""The Flow Free colour letters, in pair order."""
DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The one-character ``grid`` labels of the numbers 1 to 35."""


def grid_char(ch: str) -> bool:
    """Whether ``ch`` is a label of the ``grid`` format: an ASCII letter or digit."""
    return ch.isascii() and ch.isalnum()


def any_char(ch: str) -> bool:
    """Whether ``ch`` is a label of the ``wh`` format: any printable character but a space."""
    return ch.isprintable() and not ch.isspace()


def letter(ch: str) -> bool:
    """Whether ``ch`` is a Flow Free colour: an ASCII letter."""
    return ch.isascii() and ch.isalpha()


def is_url(path: str | Path) -> bool:
    """Whether ``path`` is a web address (a puzz.link URL, say) rather than a file name.

    :func:`load` and :func:`load_all` read such an address as the puzzle's
    text when no file of that name exists; nothing is fetched from the network.

    Parameters
    ----------
    path : str or Path
        What a user gave as a puzzle file.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_url("https://puzz.link/p?numlin/3/2/1g12g2"), is_url("puzzles/easy.txt")
    (True, False)
    >>> is_url("puzz.link/p?numlin/3/2/1g12g2"), is_url("pzv.jp/p.html?numlin/3/2/1g12g2")
    (True, True)
    >>> is_url("https%3A%2F%2Fpuzz.link%2Fp%3Fnumlin%2F3%2F2%2F1g12g2")  # percent-encoded whole
    True
    """
    return isinstance(path, str) and WEB_ADDRESS.fullmatch(path.strip()) is not None and not Path(path).exists()
