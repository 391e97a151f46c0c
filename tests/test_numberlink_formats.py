"""Number Link readers and writers on files written by hand, one per format, and their errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tremaux.errors import PuzzleFormatError, UnknownNameError
from tremaux.numberlink import Puzzle, formats

FILES = Path(__file__).resolve().parent / "data" / "formats"
SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz[\\]^_`{}"


def test_wh_file_with_comments_and_70_pairs_of_symbol_labels():
    path = FILES / "symbols.wh.txt"
    assert formats.detect(path.read_text()) == "wh"
    big, small = formats.load_all(path)
    assert big.shape == (2, 70) and big.pairs == 70
    assert set(big.labels) == set(SYMBOLS)
    for k, lab in enumerate(big.labels, start=1):  # each symbol's two cells are one above the other
        (r1, c1), (r2, c2) = big.endpoints(k)
        assert (r1, r2, c1, c2) == (0, 1, SYMBOLS.index(lab), SYMBOLS.index(lab))
    assert small.shape == (4, 5) and set(small.labels) == {"[", "]", "0", "~"}
    assert small.grid[0, 3] == small.grid[3, 1] == small.labels.index("0") + 1
    assert big.name == "symbols.wh#1" and small.name == "symbols.wh#2"


def test_wh_round_trip_keeps_symbol_labels():
    puzzles = formats.load_all(FILES / "symbols.wh.txt")
    text = formats.dumps_all(puzzles, "wh")
    assert text.splitlines()[1] == SYMBOLS  # one character per cell, labels as they were
    assert formats.loads_all(text) == puzzles


def test_wh_reads_every_printable_symbol_as_a_label_commas_and_hashes_included():
    # W H rows of exactly W characters are one character per cell: ',' and '#' are labels there,
    # not separators or comments (93 pairs: every printable ASCII character but '.' and space).
    symbols = [chr(c) for c in range(33, 127) if chr(c) != "."]
    text = "# Copyright line\n" + f"{len(symbols)} 2\n" + "".join(symbols) + "\n" + "".join(symbols) + "\n"
    assert formats.detect(text) == "wh"
    p = formats.loads(text)
    assert p.shape == (2, len(symbols)) and p.pairs == 93 and set(p.labels) == set(symbols)
    k = p.labels.index(",") + 1
    assert p.endpoints(k) == ((0, symbols.index(",")), (1, symbols.index(",")))
    assert formats.loads(formats.dumps(p, "wh")) == p
    # separated cells still read as such when a row is wider than W
    q = formats.loads("3 2\n1, ., 1\n2, ., 2\n")
    assert q.shape == (2, 3) and q.pairs == 2


def test_grid_cannot_hold_a_symbol_label_and_says_so():
    big = formats.load_all(FILES / "symbols.wh.txt")[0]
    with pytest.raises(PuzzleFormatError, match=r"label '0' cannot be written in the 'grid' format \(a zero there means an empty cell"):
        formats.dumps(big, "grid")
    with pytest.raises(PuzzleFormatError, match=r"label '\[' cannot be written in the 'grid' format"):
        formats.dumps(Puzzle.from_rows([["[", "A", "["], ["A", ".", "."]]), "grid")
    with pytest.raises(PuzzleFormatError, match=r"unexpected '_'; a cell is '.', '0' or '-' \(empty\)") as exc:
        formats.loads("1._\n1._\n")
    assert (exc.value.line, exc.value.column) == (1, 3)


def test_flow_free_text():
    p = formats.load(FILES / "flow.txt", format="flow")
    assert p.shape == (5, 5) and p.labels == ("B", "G", "R", "Y")
    assert p.endpoints(3) == ((0, 0), (4, 1))
    assert formats.load(FILES / "flow.txt") == p  # detected as a grid, read the same
    assert formats.loads(formats.dumps(p, "flow"), format="flow") == p
    with pytest.raises(PuzzleFormatError, match="square") as exc:
        formats.loads("A.A\nB.B\n", format="flow")
    assert exc.value.line == 3  # where the missing third row would be
    with pytest.raises(PuzzleFormatError, match=r"unexpected '1'; a Flow Free cell is '.' \(empty\) or a colour"):
        formats.loads("1.\n.1\n", format="flow")
    numbered = Puzzle.from_rows(["1.2", "...", "1.2"])
    assert formats.dumps(numbered, "flow") == "A.B\n...\nA.B\n"
    with pytest.raises(PuzzleFormatError, match="square, not 3x1"):
        formats.dumps(Puzzle.from_rows(["1.1"]), "flow")


def test_puzzlink_urls_read_by_hand():
    first, second = formats.load_all(FILES / "urls.txt")
    assert formats.detect((FILES / "urls.txt").read_text()) == "puzzlink"
    assert first.shape == (5, 5) and first.labels == ("1", "2", "3")
    assert first.grid.tolist() == [[1, 0, 0, 0, 0], [2, 0, 3, 0, 0], [0, 2, 0, 0, 1], [0, 3, 0, 0, 0],
                                   [0, 0, 0, 0, 0]]
    assert second.shape == (3, 4) and second.labels == ("2", "16")
    assert second.grid.tolist() == [[2, 0, 0, 2], [0, 1, 0, 0], [0, 0, 1, 0]]


def test_puzzlink_urls_round_trip():
    for p in formats.load_all(FILES / "urls.txt"):
        url = formats.dumps(p, "puzzlink")
        assert url.startswith("https://puzz.link/p?numlin/")
        assert formats.loads(url) == p
    rng = np.random.default_rng(5)
    for _ in range(40):  # long runs of empty cells, numbers past 15, 255 and 4095
        h, w = (int(x) for x in rng.integers(1, 40, size=2))
        if h * w < 2:
            continue
        n = int(rng.integers(1, h * w // 2 + 1))
        cells = rng.permutation(h * w)[: 2 * n]
        g = np.zeros(h * w, dtype=np.int32)
        g[cells[0::2]] = g[cells[1::2]] = np.arange(1, n + 1)
        labels = sorted({int(x) for x in rng.choice(9000, size=n, replace=False)})
        p = Puzzle(g.reshape(h, w), [str(x) for x in labels])
        assert formats.loads(formats.dumps(p, "puzzlink")) == p


@pytest.mark.parametrize("url, message", [
    ("https://puzz.link/p?slither/3/1/1g1", "puzzle type 'slither', not Number Link"),
    ("https://puzz.link/p?numlin/3/1/1.1", r"hidden number \('\?'\)"),
    ("https://puzz.link/p?numlin/3/1/1g2", "number '1' appears once"),
    ("https://puzz.link/p?numlin/3/1/1g1xyz", "characters left after the 3x1 cells"),
    ("https://puzz.link/p?numlin/3/1/1!1", "unexpected '!'"),
    ("https://puzz.link/p?numlin/3/1/-1", "'-' must be followed by 2 hexadecimal digits"),
    ("https://puzz.link/p?numlin/x/1/11", "number of columns and rows"),
    ("https://puzz.link/p?numlin/5000/1/11", "outside 1..4096"),
])
def test_puzzlink_errors_name_the_problem(url, message):
    with pytest.raises(PuzzleFormatError, match=message) as exc:
        formats.loads(url)
    assert exc.value.line == 1 and exc.value.column >= 1


def test_grid_blocks_tokens_and_contest_by_hand():
    a, b = formats.load_all(FILES / "grid.txt")
    assert a.grid.tolist() == [[1, 0, 0, 2], [0, 0, 0, 0], [1, 0, 0, 2]] and b.labels == ("A", "B")
    t = formats.load(FILES / "tokens.txt")
    assert t.labels == ("7", "10") and t.grid.tolist() == [[2, 0, 2], [0, 0, 0], [1, 0, 1]]
    c = formats.load(FILES / "contest.txt")
    assert c.grid.tolist() == a.grid.tolist()
    assert formats.loads(formats.dumps(c, "contest")) == c


def test_format_names_are_a_registry():
    assert formats.FORMATS.names() == ["grid", "csv", "wh", "flow", "contest", "puzzlink", "pzprv3", "flowpack", "bwinf", "copris",
                                       "xml", "ends", "pairs", "blanks", "counted", "prolog", "json", "tsv", "pipes",
                                       "tuples", "dotted", "links", "marks", "flat"]
    assert all(e.doc for e in formats.FORMATS)
    with pytest.raises(UnknownNameError,
                       match="choose one of: blanks, bwinf, contest, copris, counted, csv, dotted, ends, flat, flow, flowpack, grid, json, "
                             "links, marks, pairs, pipes, prolog, puzzlink, pzprv3, tsv, tuples, wh, xml"):
        formats.dumps(Puzzle.from_rows(["1.1"]), "png")
    assert formats.loads("3 1\n1.1\n", format="thomasahle") == Puzzle.from_rows(["1.1"])


def test_files_that_are_not_text_are_named(tmp_path):
    f = tmp_path / "maze.npz"
    np.savez(f, a=np.arange(10))
    f.write_bytes(f.read_bytes()[:100])  # truncated
    with pytest.raises(PuzzleFormatError, match=r"maze.npz:1:1: this is a zip archive \(an .npz file\?\)"):
        formats.load(f)
    g = tmp_path / "bad.txt"
    g.write_bytes(b"1.1\n.\xc3(.\n")
    with pytest.raises(PuzzleFormatError, match=r"bad.txt:2:2: not UTF-8 text: byte 0xc3") as exc:
        formats.load_all(g)
    assert (exc.value.line, exc.value.column) == (2, 2)


def test_size_cap_is_checked_before_reading(tmp_path, monkeypatch):
    f = tmp_path / "big.txt"
    f.write_text("1" + "." * 5000 + "1\n")
    with pytest.raises(PuzzleFormatError, match="larger than the 1000-byte limit"):
        formats.load(f, max_bytes=1000)
    monkeypatch.setenv("TREMAUX_NUMBERLINK_MAX_BYTES", "2000")
    with pytest.raises(PuzzleFormatError, match="larger than the 2000-byte limit"):
        formats.load(f)
    monkeypatch.setenv("TREMAUX_NUMBERLINK_MAX_BYTES", "lots")
    with pytest.raises(PuzzleFormatError, match="TREMAUX_NUMBERLINK_MAX_BYTES='lots' is not a number"):
        formats.load(f)


def test_deep_json_and_huge_numbers_are_errors():
    with pytest.raises(PuzzleFormatError, match="nested too deeply|invalid JSON"):
        formats.loads_paths("[" * 100_000 + "]" * 100_000)
    with pytest.raises(PuzzleFormatError, match="list of paths"):
        formats.loads_paths("[[[1e999, 0]]]")
    with pytest.raises(PuzzleFormatError, match="expected 'SIZE WxH'"):
        formats.loads("SIZE " + "9" * 5000 + "X3\nLINE#1 (0,0)-(1,1)\n", format="contest")
    with pytest.raises(PuzzleFormatError, match="LINE#k"):
        formats.loads("SIZE 3X3\nLINE#1 (0,0)-(" + "1" * 5000 + ",1)\n")
    with pytest.raises(PuzzleFormatError, match="too long"):
        formats.loads("1 " + "2" * 5000 + "\n1 " + "2" * 5000 + "\n")


@pytest.mark.parametrize("digits", [20, 5000])
def test_a_line_count_too_large_for_any_grid_is_named_as_such(digits):
    """A 'LINE_NUM' of many digits is a count of lines no grid holds, not a line that is not 'LINE_NUM'."""
    with pytest.raises(PuzzleFormatError, match=r"^2:10: LINE_NUM '9+(\.\.\.)?' is more lines than a grid can hold$"):
        formats.loads("SIZE 3X3\nLINE_NUM " + "9" * digits + "\nLINE#1 (0,0)-(2,2)\n")


def test_large_single_character_grid_is_read_as_one_array():
    rows = ["." * 2000 for _ in range(2000)]
    rows[0] = "A" + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "A"
    p = formats.loads("\n".join(rows))
    assert p.shape == (2000, 2000) and p.endpoints(1) == ((0, 0), (1999, 1999))


@pytest.mark.parametrize("command", ["solve", "check"])
@pytest.mark.parametrize("kind", ["garbage.bin", "trunc.npz"])
def test_cli_gives_one_line_error_for_files_that_are_not_puzzles(tmp_path, capsys, command, kind):
    from tremaux.cli import main

    path = tmp_path / kind
    if kind == "garbage.bin":
        path.write_bytes(np.random.default_rng(1).integers(0, 256, 4096, dtype=np.uint8).tobytes())
    else:
        np.savez(path, a=np.arange(1000))
        path.write_bytes(path.read_bytes()[:300])
    with pytest.raises(SystemExit) as exc:
        main(["numberlink", command, str(path)])
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert kind in err


def test_flow_free_level_pack_square_and_rectangles():
    path = FILES / "levelpack.txt"
    assert formats.detect(path.read_text()) == "flowpack"
    square, wide, tall = formats.load_all(path)
    assert square.shape == (4, 4) and square.pairs == 3 and square.name == "levelpack#1"
    assert [square.endpoints(k) for k in (1, 2, 3)] == [((0, 0), (0, 3)), ((1, 0), (2, 0)), ((3, 0), (3, 3))]
    assert wide.shape == (2, 3) and wide.grid.tolist() == [[1, 0, 1], [2, 0, 2]]  # 3:2 is W:H
    assert tall.shape == (4, 2) and tall.grid.tolist() == [[1, 2], [0, 0], [0, 0], [1, 2]]
    assert formats.load_all(path, format="levelpack") == [square, wide, tall]


def test_flow_free_level_pack_errors_name_the_line(tmp_path):
    def error(text: str) -> str:
        f = tmp_path / "pack.txt"
        f.write_text(text)
        with pytest.raises(PuzzleFormatError) as exc:
            formats.load_all(f)
        assert "\n" not in str(exc.value)
        return str(exc.value)

    warps = "W_5,0,1,2,,,0|20:1|21;0,1,2;5,6,7\n"
    assert formats.detect(warps) == "flowpack"
    assert error(warps).endswith("pack.txt:1:1: header 'W_5,0,1,2,,,0|20:1|21' marks a Flow Free variant level "
                                 "(W_: warps, bridges, hexes...), not a plain Number Link grid")
    assert error("3,0,1,2;0,1,2;3,4,5\n3,0,2,3;0,1;2,3\n").endswith(
        "pack.txt:2:1: the header says 3 colours but the level gives 2 paths")
    assert error("3,0,1,2;0,1,2;3,4,9\n").endswith("pack.txt:1:19: cell 9 of path 2 is outside the 3x3 board (0..8)")
    assert error("3,0,1,2;0,1,2;3,x,5\n").endswith(
        "pack.txt:1:17: path 2 has 'x' where a cell index (row * 3 + column) belongs")
    assert error("3,0,1,2;0,1,2;2,3\n").endswith("pack.txt:1:15: cell 2 is an end of path 1 and of path 2")
    assert isinstance(formats.loads_all("3,0,1,1;0,1\n4,0,2,1;0\n", errors="keep")[1], PuzzleFormatError)
    with pytest.raises(PuzzleFormatError, match="the 'flowpack' format is read only"):
        formats.dumps(Puzzle.from_rows(["1.1"]), "flowpack")


def test_bwinf_arukone_board():
    path = FILES / "arukone.bwinf.txt"
    assert formats.detect(path.read_text()) == "bwinf"
    p = formats.load(path)
    assert p.shape == (4, 4) and p.grid.tolist() == [[1, 0, 0, 2], [0] * 4, [0] * 4, [1, 0, 0, 2]]
    assert formats.loads(formats.dumps(p, "bwinf")) == p
    assert formats.load(path, format="arukone") == p
    two = formats.loads_all(path.read_text() * 2)
    assert two == [p, p]
    with pytest.raises(PuzzleFormatError, match=r"^2:1: the board says 3 pairs but holds 2$"):
        formats.loads("4\n3\n1 0 0 2\n0 0 0 0\n0 0 0 0\n1 0 0 2\n")
    with pytest.raises(PuzzleFormatError, match=r"^6:1: row has 3 cells; the board side is 4$"):
        formats.loads("4\n2\n1 0 0 2\n0 0 0 0\n0 0 0 0\n1 0 2\n", format="bwinf")
    with pytest.raises(PuzzleFormatError, match=r"^6:1: the 4x4 board has only 3 rows$"):
        formats.loads("4\n2\n1 0 0 2\n0 0 0 0\n1 0 0 2\n", format="bwinf")
    with pytest.raises(PuzzleFormatError, match="a BwInf board is square; this puzzle is 3x1"):
        formats.dumps(Puzzle.from_rows(["1.1"]), "bwinf")


def test_endpoint_lists_one_puzzle_a_line_or_the_size_on_its_own_line():
    # 'W H x1 y1 x2 y2 ...' files of random boards were refused: "number '1' appears 49 times"
    path = FILES / "ends.txt"
    assert formats.detect(path.read_text()) == "ends"
    a, b, c = formats.load_all(path)
    assert a.grid.tolist() == [[1, 0, 0, 0, 2], [0] * 5, [0] * 5, [0] * 5, [2, 0, 0, 0, 1]]
    assert b.endpoints(1) == ((1, 1), (3, 3)) and b.endpoints(2) == ((1, 3), (3, 1))
    assert c.shape == (4, 4) and c.endpoints(3) == ((2, 1), (2, 3)) and c.name == "ends#3"
    assert formats.loads(formats.dumps(c, "ends")) == c == formats.loads(formats.dumps(c, "ends"), format="coords")
    assert formats.detect("4 4 0 0 3 3\n") == "grid"  # also a one-row grid of two pairs: left to the grid
    with pytest.raises(PuzzleFormatError, match=r"^1:15: y \(row\) 5 is outside the 5x5 \(WxH\) board"):
        formats.loads("5 5 0 0 4 4 1 5 2 2\n", format="ends")
    with pytest.raises(PuzzleFormatError, match=r"^1:13: pairs 1 and 2 both end at x 4, y 4$"):
        formats.loads("5 5 0 0 4 4 4 4 1 1\n", format="ends")
    with pytest.raises(PuzzleFormatError, match=r"^1:9: 3 numbers after the size 5 5: expected x1 y1 x2 y2"):
        formats.loads("5 5 0 0 4\n", format="ends")
    kept = formats.loads_all("3 1 0 0 2 0\n3 1 0 0 3 0\n", format="ends", errors="keep")
    assert kept[0].shape == (1, 3) and isinstance(kept[1], PuzzleFormatError)
    with pytest.raises(PuzzleFormatError, match="without a pair cannot be written"):
        formats.dumps(Puzzle.from_rows(["..."]), "ends")


def test_endpoint_lists_with_a_wrong_count_of_coordinates_name_the_count():
    # 'W H' then 6 numbers was read as a 'wh' board: "the 3x3 puzzle has only 1 row"
    with pytest.raises(PuzzleFormatError, match=r"^2:11: 6 numbers after the size 3 3: expected x1 y1 x2 y2 for each "
                                                r"pair \(a multiple of 4\)$"):
        formats.loads("3 3\n0 0 1 1 2 2\n")
    assert formats.detect("3 3\n0 0 1 1 2 2\n") == "ends"
    assert formats.detect("3 1\n1 0 1\n") == "wh"  # a one-row 'wh' board of separated cells stays one
    assert formats.loads("4 4 0 0 3 3\n").shape == (1, 6)  # a one-row grid when detected, as documented
    assert formats.loads("4 4 0 0 3 3\n", format="ends").endpoints(1) == ((0, 0), (3, 3))
    assert formats.loads("4 4\n0 0 3 3\n").endpoints(1) == ((0, 0), (3, 3))  # the size alone on its line


def test_endpoint_lists_with_the_pair_count_first_and_a_line_a_pair():
    # 'K W H' then K lines '(x1, y1) (x2, y2)' (Free Flow solver input) was read as a ragged grid:
    # "row 2 has 4 cells; row 1 has 3"
    text = (FILES / "ends-pairs.txt").read_text()
    assert formats.detect(text) == "ends"
    p = formats.loads(text)
    assert p.shape == (4, 5) and p.pairs == 3
    assert p.grid.tolist() == [[1, 0, 0, 0, 0], [0, 2, 0, 2, 0], [0, 0, 3, 0, 0], [3, 0, 0, 0, 1]]
    assert formats.loads_all(text + text) == [p, p]
    with pytest.raises(PuzzleFormatError, match=r"^4:1: the header says 3 pairs; 2 follow$"):
        formats.loads("3 5 4\n(0, 0) (4, 3)\n(1, 1) (3, 1)\n", format="ends")
    with pytest.raises(PuzzleFormatError, match=r"^3:1: expected the two endpoints .* of pair 2, found 3 numbers$"):
        formats.loads("2 5 4\n(0, 0) (4, 3)\n(1, 1) (3,\n", format="ends")
    with pytest.raises(PuzzleFormatError, match=r"^2:5: y \(row\) 4 is outside the 5x4 \(WxH\) board"):
        formats.loads("1 5 4\n(0, 4) (4, 3)\n", format="ends")


def test_copris_boards_rows_then_columns_then_cells_with_a_dash_for_empty():
    # the Copris / janko.at layout was refused: "unexpected '-'; a separated cell is '.' or 0 (empty), ..."
    text = (FILES / "copris.txt").read_text()
    assert formats.detect(text) == "copris"
    p = formats.loads(text)
    assert p.shape == (3, 5) and p.grid.tolist() == [[1, 0, 0, 0, 2], [0, 3, 0, 3, 0], [2, 0, 0, 0, 1]]
    assert formats.loads(formats.dumps(p, "copris")) == p == formats.loads(text, format="janko")
    assert formats.loads_all(text + text) == [p, p]
    assert formats.loads("1 - 2\n- - -\n1 - 2\n").grid.tolist() == [[1, 0, 2], [0, 0, 0], [1, 0, 2]]
    square = "2\n2\n1 -\n- 1\n"  # square, its header not the side and the pair count: not a BwInf board
    assert formats.detect(square) == "copris" and formats.loads(square).pairs == 1
    with pytest.raises(PuzzleFormatError, match=r"^5:1: row has 4 cells; the board has 5 columns$"):
        formats.loads("3\n5\n1 - - - 2\n- 3 - 3 -\n2 - - 1\n", format="copris")
    with pytest.raises(PuzzleFormatError, match=r"^5:1: the 3x5 board \(rows x columns\) has only 2 rows$"):
        formats.loads("3\n5\n1 - - - 2\n2 - - - 1\n", format="copris")
    with pytest.raises(PuzzleFormatError, match=r"^3:3: unexpected '\.'; a cell is a number or '-' \(empty\)$"):
        formats.loads("1\n3\n1 . 1\n", format="copris")


def test_xml_boards_with_points_as_attributes_or_elements():
    # an Arukone program's XML board was taken for puzz.link URLs: "the URL is for the puzzle type 'xml version=..."
    path = FILES / "board.xml"
    assert formats.detect(path.read_text()) == "xml"
    p = formats.load(path)
    assert p.grid.tolist() == [[1, 0, 0, 2], [0, 0, 0, 0], [0, 2, 0, 0], [3, 0, 3, 1]]
    assert formats.loads(formats.dumps(p, "xml")) == p
    with pytest.raises(PuzzleFormatError, match=r"^2:3: not well-formed XML: mismatched tag$"):
        formats.loads("<board size='2'>\n</path>")
    with pytest.raises(PuzzleFormatError, match=r"pair 1 of the XML board has 1 points with x and y; it needs two"):
        formats.loads("<board size='2'><path><point x='0' y='0'/></path></board>")
    with pytest.raises(PuzzleFormatError, match=r"expected a whole number for x of pair 1, found '-1'"):
        formats.loads("<board size='2'><path><point x='-1' y='0'/><point x='1' y='1'/></path></board>")
    with pytest.raises(PuzzleFormatError, match="outside"):
        formats.loads("<board size='2'><path><point x='0' y='0'/><point x='2' y='1'/></path></board>")


def test_public_puzzlink_file_of_numlin_v2_is_read():
    path = FILES.parent / "numberlink" / "numlin-v2" / "example_tasks.txt"
    puzzles = formats.load_all(path)
    assert [(p.shape, p.pairs) for p in puzzles] == [((15, 15), 17), ((14, 14), 11), ((15, 15), 12)]
    assert [p.name for p in puzzles] == ["example_tasks#1", "example_tasks#2", "example_tasks#3"]


@pytest.mark.parametrize("grid, labels", [
    ([[1], [0], [1]], ("267",)),  # one column of labels of several characters
    ([[1], [1]], ("50",)),  # written '50' twice, read back as a 2x2 grid of '5' and '0' under the grid format
    ([[0], [1], [2], [1], [2]], ("x0y", "x1y")),
    ([[1, 1]], ("218",)),  # one row of one pair: '218 218', which a 'W H' header looks like
    ([[0, 0], [0, 0]], None),  # no pair at all
])
def test_what_a_writer_writes_its_reader_reads_back_or_the_writer_refuses(grid, labels):
    import numpy as np

    from tremaux.errors import PuzzleFormatError

    puzzle = Puzzle(np.array(grid), labels)
    written = 0
    for fmt in ("grid", "wh", "contest", "puzzlink", "flow", "bwinf"):
        try:
            text = formats.dumps(puzzle, fmt)
        except PuzzleFormatError as exc:
            assert "cannot be written" in str(exc) or "square" in str(exc) or "no puzzle" in str(exc), exc
            continue
        written += 1
        for named in (fmt, None):
            back = formats.loads(text, format=named)
            assert back.shape == puzzle.shape and np.array_equal(back.grid > 0, puzzle.grid > 0), (fmt, text)
            if fmt in ("grid", "wh"):
                assert back.labels == puzzle.labels, (fmt, text)
    assert written >= 2


def _tiny_boards():
    """Every board up to 3x3 with at most two pairs (pair 1 before pair 2), the empty 1x1 board among them."""
    import itertools

    for h in range(1, 4):
        for w in range(1, 4):
            for cells in itertools.product(range(3), repeat=h * w):
                if all(cells.count(k) in (0, 2) for k in (1, 2)) and (1 in cells or 2 not in cells):
                    yield Puzzle(np.array(cells, dtype=np.int32).reshape(h, w))


def test_every_writer_on_tiny_boards_is_read_back_without_naming_its_format():
    # '1 / 0 / 0', the BwInf writing of the empty 1x1 board, was taken for a grid (a column whose '1' appears once)
    writers = [e.name for e in formats.FORMATS if e.write is not None and not e.meta.get("read_only")]
    assert "bwinf" in writers and "grid" in writers
    for name in writers:
        written = []
        for p in _tiny_boards():
            try:
                text = formats.dumps(p, name)
            except PuzzleFormatError:  # a board the format cannot hold (BwInf and Flow boards are square...)
                continue
            q = formats.loads(text)
            assert q.shape == p.shape and q.grid.tolist() == p.grid.tolist(), (name, text)
            written.append(p)
        assert written, name
        together = written[:3] + written[-3:]  # several in one file: the first, smallest ones and the last
        try:
            text = formats.dumps_all(together, name)
        except PuzzleFormatError:  # one puzzle a file (contest)
            continue
        back = formats.loads_all(text)
        assert [q.grid.tolist() for q in back] == [p.grid.tolist() for p in together], name


def test_two_contest_problems_in_one_file_are_named_as_such():
    one = "SIZE 3X3\nLINE_NUM 2\nLINE#1 (0,0)-(0,2)\nLINE#2 (2,0)-(2,2)\n"
    with pytest.raises(PuzzleFormatError, match=r"^6:1: a second 'SIZE' line: a contest file holds one problem"):
        formats.loads(one + "\n" + one)


@pytest.mark.parametrize("name, first", [("p.contest", "SIZE 3X1"), ("p.wh", "3 1"), ("p.BWINF", "3"),
                                         ("p.url", "https://puzz.link/p?numlin/3/1/1g1"), ("p.txt", "1.1")])
def test_save_takes_the_format_from_an_extension_that_names_one(tmp_path, name, first):
    p = Puzzle.from_rows(["1.1", "...", "2.2"]) if name.lower() == "p.bwinf" else Puzzle.from_rows(["1.1"])
    formats.save(p, tmp_path / name)
    text = (tmp_path / name).read_text()
    assert text.splitlines()[0] == first and formats.load(tmp_path / name) == p


def test_a_long_line_of_coordinates_is_read_in_linear_time():
    # the checks for two ends on one cell and for a grid of labels went through the list once per item
    import time

    cells = [(x, y) for y in range(300) for x in range(300)]  # 45,000 pairs on a 300 x 300 board
    text = "300 300 " + " ".join(f"{x} {y}" for x, y in cells) + "\n"
    t = time.perf_counter()
    assert formats.detect(text) == "ends"
    (p,) = formats.loads_all(text)
    assert p.pairs == 45_000 and time.perf_counter() - t < 20


@pytest.mark.parametrize("rows", [4, 30, 120])
def test_one_column_puzzles_read_back_in_every_format_that_writes_them(rows):
    """A one-column grid ``1/1/2/2`` was read as a 'counted' header of 2 pairs on a 1x1 board, and the copris and
    counted texts of a column with labels past 9 read a row '10' as two cells."""
    from tremaux.errors import PuzzleFormatError as Refused
    from tremaux.numberlink import generate_puzzle

    p = generate_puzzle((rows, 1), seed=1, density=0.5).puzzle
    written = 0
    for name in formats.FORMATS.names():
        if formats.FORMATS.get(name).meta.get("read_only"):
            continue
        try:
            text = formats.dumps(p, name)
        except Refused:  # a square format, or the grid's one character a row
            continue
        q = formats.loads(text)
        assert (q.shape, q.pairs) == (p.shape, p.pairs) and np.array_equal(q.grid > 0, p.grid > 0), name
        written += 1
    assert written >= 8
    assert formats.detect("1\n1\n2\n2\n") == "grid" and formats.loads("1\n1\n2\n2\n").grid.tolist() == [[1], [1], [2], [2]]
