"""Big boards in every text format: read and written in memory bounded by the board (no Python object a cell)."""

from __future__ import annotations

import random
import tracemalloc

import numpy as np
import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import Puzzle, formats

SIDE = 2048


def peak_per_cell(func, *args, **kwargs):
    """What ``func`` returns and the peak of its allocations, in bytes per cell of a SIDE x SIDE board."""
    tracemalloc.start()
    try:
        out = func(*args, **kwargs)
        return out, tracemalloc.get_traced_memory()[1] / SIDE / SIDE
    finally:
        tracemalloc.stop()


def big_puzzle(pairs: int, seed: int = 1) -> Puzzle:
    rng = np.random.default_rng(seed)
    g = np.zeros(SIDE * SIDE, dtype=np.int32)
    g[rng.choice(SIDE * SIDE, size=2 * pairs, replace=False)] = np.repeat(np.arange(1, pairs + 1), 2)
    return Puzzle(g.reshape(SIDE, SIDE))


def test_a_big_puzzlink_url_is_read_without_a_python_number_a_cell():
    # the decoder went a character at a time and built the grid from a list of every cell: 24 bytes a cell
    # (and 3 s at 4096 x 4096)
    url = f"https://puzz.link/p?numlin/{SIDE}/{SIDE}/1" + "z" * (SIDE * SIDE // 20 - 1) + "1"
    p, peak = peak_per_cell(formats.loads, url)
    last = 1 + 20 * (SIDE * SIDE // 20 - 1)
    assert p.endpoints(1) == ((0, 0), divmod(last, SIDE)) and peak < 12
    q = big_puzzle(5000)
    assert formats.loads(formats.dumps(q, "puzzlink")) == q


def test_the_puzzlink_decoder_reads_every_body_as_the_character_scanner_does():
    from tremaux.numberlink.formats.puzzlink import _decode, _scan

    rng = random.Random(5)
    decoded = 0
    for _ in range(5000):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        alphabet = "0123456789abcdefghijklmnopqrstuvwxyz-+=%.A/\u00e9" if rng.random() < 0.3 else "0123456789abcgz-+"
        body = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        fast = _decode(body, h * w)
        if fast is None:  # left to the scanner, which names the fault
            continue
        decoded += 1
        where, number = _scan(body, h, w, 1, 1, None)  # raises on a body the decoder should have refused
        assert fast[0].tolist() == where.tolist() and fast[1].tolist() == number.tolist(), body
    assert decoded > 300
    try:
        _scan("1.", 1, 3, 1, 1, None)
    except PuzzleFormatError as exc:
        assert "hidden number" in str(exc) and _decode("1.", 3) is None


def test_rows_of_numbers_are_read_as_the_cell_by_cell_reader_reads_them(monkeypatch):
    from tremaux.numberlink.formats import _table, grids

    rng = random.Random(11)
    cells = ["0", "00", ".", "-", "1", "2", "3", "12", "007", "1234567890", "0000000000000000000001", "1.5", "-3", "a"]
    seps = [" ", "  ", ",", ", ", " ,", ",,", "\t", " , "]
    fast = 0
    for _ in range(3000):
        rows = []
        for r in range(rng.randint(1, 4)):
            row = [rng.choice(cells) for _ in range(rng.randint(1, 4))]
            text = rng.choice(["", " ", ","]) * (rng.random() < 0.1) + row[0]
            for c in row[1:]:
                text += rng.choice(seps) + c
            rows.append((r + 1, (text + ("," if rng.random() < 0.05 else "")).rstrip()))
        if not all(s.strip() for _, s in rows):
            continue
        got = _table.number_rows(rows)
        with monkeypatch.context() as m:
            m.setattr(grids, "number_rows", lambda rows: None)
            try:
                slow = grids._token_rows(rows, "grid", None, "")
            except PuzzleFormatError as exc:
                slow = exc
        if got is None:
            continue
        fast += 1
        assert isinstance(slow, Puzzle), (rows, slow)
        assert got[0].tolist() == slow.grid.tolist() and tuple(got[1]) == slow.labels, rows
    assert fast > 20


def test_a_big_grid_of_separated_numbers_is_read_and_written_without_a_python_string_a_cell():
    # every cell was a Python string in a list of lists, read and written: about 90 bytes a cell
    p = big_puzzle(5000)
    for fmt in ("grid", "bwinf", "copris"):
        text, peak = peak_per_cell(formats.dumps, p, fmt)
        assert peak < 14, (fmt, peak)
        q, peak = peak_per_cell(formats.loads, text, format=fmt)
        assert q == p and peak < 20, (fmt, peak)


def test_a_big_grid_of_one_character_a_cell_is_read_a_byte_a_cell_and_written_without_a_string_a_row():
    # the rows were held as code points (4 bytes a cell) and written as a list of row strings: 22 and 9 bytes a cell
    p = big_puzzle(20)
    for fmt in ("grid", "wh", "flow"):
        text, peak = peak_per_cell(formats.dumps, p, fmt)
        assert peak < 4, (fmt, peak)
        q, peak = peak_per_cell(formats.loads, text, format=fmt)
        assert formats.dumps(q, fmt) == text and peak < 15, (fmt, peak)
    wide = Puzzle(p.grid, [chr(0x4E00 + k) for k in range(p.pairs)])  # labels of other scripts: code points
    assert formats.loads(formats.dumps(wide, "wh"), format="wh") == wide


def test_copris_rows_are_checked_a_board_at_a_time(monkeypatch):
    """A Copris board's rows were matched one by one against a pattern of cells (a second of a 2000x2000
    board's three); the board's bytes are now checked at once, and a cell that is not a number or '-' is
    still refused."""
    from tremaux.numberlink.formats import packs

    calls = []
    real = packs._copris_cells
    monkeypatch.setattr(packs, "_copris_cells", lambda block: calls.append(block) or real(block))
    rows = ["1 - 1 - -"] + ["- - - - -"] * 198 + ["2 - - - 2"]
    text = "200\n5\n" + "\n".join(rows) + "\n"
    assert formats.loads(text).shape == (200, 5)
    assert len(calls) <= 2  # once to detect the format, once to read it: not once a row
    for bad in ("1 -- 1 - -", "1 -1 1 - -", "1 a 1 - -", "1 1- 1 - -", "1 \u0661 1 - -"):
        assert formats.detect(text.replace(rows[0], bad)) != "copris"


def test_a_well_formed_contest_problem_is_not_read_line_by_line(monkeypatch):
    """Half a million LINE#k lines (a dense 2000x2000 problem, 16 MB) took ten seconds, a line at a time; a
    well-formed problem is read at once, and a broken one is still named at its line."""
    from tremaux.numberlink.formats import contest

    class Refuse:
        def match(self, s):
            raise AssertionError("read line by line")

    g = np.zeros((40, 50), dtype=np.int32)
    g[0::2, 0::5] = g[0::2, 1::5] = np.arange(1, 20 * 10 + 1).reshape(20, 10)
    p = Puzzle(g)
    text = formats.dumps(p, "contest").replace("LINE#", "line#", 3)  # keywords in either case
    real = contest._LINE
    monkeypatch.setattr(contest, "_LINE", Refuse())
    assert formats.loads(text) == p
    monkeypatch.setattr(contest, "_LINE", real)
    for old, new, where in (("(0,0)-(1,0)", "(0,0)-(0,0)", "3:"), ("(0,0)-(1,0)", "(0,0)-(50,0)", "3:"),
                            ("LINE_NUM 200", "LINE_NUM 201", "2:")):
        with pytest.raises(PuzzleFormatError, match=where):
            formats.loads(text.replace(old, new, 1))


def test_a_line_of_coordinates_is_not_read_a_number_at_a_time(monkeypatch):
    """A dense 2000x2000 board written as 'W H x1 y1 ...' is one line of two million numbers: each was made a
    (line, column, text) tuple (twenty seconds); the line is now one list of strings, and a number is given
    its column only when a message names it."""
    from tremaux.numberlink.formats import ends

    g = np.zeros((30, 40), dtype=np.int32)
    g[0::2, 0::4] = g[0::2, 1::4] = np.arange(1, 15 * 10 + 1).reshape(15, 10)
    p = Puzzle(g)
    text = formats.dumps(p, "ends")
    monkeypatch.setattr(ends._Tokens, "__iter__", lambda self: (_ for _ in ()).throw(AssertionError("a number "
                                                                                                    "at a time")))
    assert formats.loads(text) == p
    monkeypatch.undo()
    with pytest.raises(PuzzleFormatError, match=r"2:9: x \(column\) 40 is outside the 40x30"):
        formats.loads(text.replace("\n0 0 1 0 4 0", "\n0 0 1 0 40 0", 1), format="ends")


def test_a_solution_file_with_a_number_of_thousands_of_digits_is_named():
    # json.loads raises a ValueError (not a JSONDecodeError) for an integer past 4300 digits
    with pytest.raises(PuzzleFormatError, match="a number in the JSON is too long"):
        formats.loads_paths("[[[" + "9" * 5000 + ", 0], [0, 1]]]")
