"""Number Link files as users bring them, and what the commands print of them: each answer shows every line it
found (no line printed as an empty cell), and each odd file or option is one line naming the problem."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import Puzzle, dumps, loads, numbers_text, solve_puzzle
from cli_helpers import run


def test_a_line_labelled_0_is_not_printed_as_empty_cells(tmp_path, capsys):
    # the 'wh' format takes '0' as a label; --numbers and the JSON grid printed its line as 0, the empty cell
    p = loads("3 2\n0.0\n1.1\n0 0\n")
    text = numbers_text(solve_puzzle(p, rule="nikoli"))
    assert "0" not in text.split(), text
    f = tmp_path / "zero.txt"
    f.write_text("3 2\n0.0\n1.1\n0 0\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(f), "--json")
    grid = json.loads(out)[0]["grid"]
    assert code == 0 and all(v != 0 for row in grid for v in row), grid  # under fill, every cell is on a line


def test_labels_that_are_one_number_twice_print_as_pair_ids():
    p = Puzzle(Puzzle.from_rows(["1.1", "2.2"]).grid, labels=("3", "٣"))
    assert p.numbers.tolist() == [0, 1, 2]


@pytest.mark.parametrize("name", ["p.pdf", "p.txt.gz", "p.svgz", "p.zip", "p.webp"])
def test_convert_refuses_an_out_named_as_a_document_or_archive(tmp_path, capsys, name):
    # 'convert -o p.pdf' wrote grid text into p.pdf, and 'p.txt.gz' got plain text
    f = tmp_path / "p.txt"
    f.write_text("1.1\n2.2\n")
    code, _, err = run(capsys, "numberlink", "convert", str(f), "-o", str(tmp_path / name))
    assert code == 2 and err.startswith("error: --out ") and f"not as {Path(name).suffix}" in err, err
    assert not (tmp_path / name).exists()


def test_an_out_named_csv_gets_comma_separated_rows_read_back_as_the_puzzle(tmp_path, capsys):
    # '-o p.csv' wrote '1.2' rows, no comma in them, and '-f csv' was an unknown format
    f = tmp_path / "p.txt"
    f.write_text("3 3\na.b\n...\na.b\n0 0\n")
    code, _, err = run(capsys, "numberlink", "convert", str(f), "-o", str(tmp_path / "p.csv"))
    text = (tmp_path / "p.csv").read_text()
    assert code == 0 and text == "a,.,b\n.,.,.\na,.,b\n", (err, text)
    back = loads(text)
    assert back.labels == ("a", "b") and back.grid.tolist() == loads(f.read_text()).grid.tolist()
    code, out, _ = run(capsys, "numberlink", "convert", str(f), "-f", "csv")
    assert code == 0 and out == text


def test_csv_writes_numbers_with_0_for_empty_and_refuses_a_label_it_cannot_hold():
    p = Puzzle.from_rows(["12 . 12", "3 . 3"])
    assert dumps(p, "csv") == "12,0,12\n3,0,3\n"
    assert loads(dumps(p, "csv")).labels == p.labels
    with pytest.raises(PuzzleFormatError, match=r"label '\[' cannot be written in the 'csv' format"):
        dumps(loads("3 1\n[.[\n0 0\n"), "csv")


@pytest.mark.parametrize("text, why", [
    ("2 3 3\n(0, 0) (2, 0)\n(0, 0) (2, 2)\n", "3:2: pairs 1 and 2 both end at x 0, y 0"),
    ("3 3 3\n(0, 0) (2, 0)\n(0, 2) (2, 2)\n", "4:1: the header says 3 pairs; 2 follow"),
    ("2 3 3\n(0, 0) (5, 0)\n(0, 2) (2, 2)\n", "2:9: x (column) 5 is outside the 3x3 (WxH) board"),
])
def test_a_k_w_h_file_with_a_mistake_is_told_its_mistake_not_ragged_rows(text, why):
    # each was read as a grid and refused with 'row 2 has 4 cells; row 1 has 3'
    with pytest.raises(PuzzleFormatError, match="^" + re.escape(why)):
        loads(text)


def test_a_url_percent_encoded_whole_is_read(tmp_path, capsys):
    # 'https%3A%2F%2Fpuzz.link%2Fp%3Fnumlin...' (a link passed on inside another's query) was 'no such file'
    url = "https%3A%2F%2Fpuzz.link%2Fp%3Fnumlin%2F3%2F3%2F1g2j12"
    assert loads(url).grid.tolist() == loads("https://puzz.link/p?numlin/3/3/1g2j12").grid.tolist()
    code, out, err = run(capsys, "numberlink", "solve", url)
    assert code == 0 and "solved" in err and "1─┐ 2" in out, err


def test_check_says_when_lines_that_touch_would_solve_the_puzzle(tmp_path, capsys):
    # a Flow Free-style board (craftoonix's): 'no solution; it has solutions if cells may stay empty' only,
    # though lines that run beside themselves cover the board (the hint that helps most)
    from tremaux.numberlink import diagnose
    from tremaux.numberlink.check import TOUCHING

    p = loads("5 5 3 3 3 1 4 4 4 3 0 2 3 4\n", format="ends")
    d = diagnose(p)
    assert d.verdict == "needs-empty-cells" and d.reasons[-1] == TOUCHING, d.reasons
    assert TOUCHING not in diagnose(p, touch=True).reasons
    assert TOUCHING not in diagnose(Puzzle.from_rows(["1.2", "...", "1.2"])).reasons  # parity: touching won't do
    f = tmp_path / "flow.txt"
    f.write_text("5 5 3 3 3 1 4 4 4 3 0 2 3 4\n")
    code, out, _ = run(capsys, "numberlink", "check", str(f))
    assert code == 1 and "--touch" in out, out


def test_numbers_of_two_solutions_that_look_the_same_are_explained(tmp_path, capsys):
    # '--unique --numbers' said 'not unique: a second solution is shown' and printed the same grid twice
    f = tmp_path / "m.txt"
    f.write_text("1..2\n....\n1..2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(f), "--unique", "--touch", "--numbers")
    first, second = out.strip().split("\n\n")
    assert code == 0 and first == second and "same numbers" in err and "--json" in err, err
    code, out, err = run(capsys, "numberlink", "solve", str(f), "--unique", "--touch")
    assert "same numbers" not in err


def test_a_long_label_fits_its_disc_in_a_png():
    # 'hello' and '12345' were drawn in the disc's one font and cut at the cell's border ('ell')
    from tremaux.numberlink.draw.png import _labels

    ink = _labels(["hello", "12345", "7", "100"], 28)  # each label's white, drawn in a cell of 28 pixels
    for tile in ink:
        cols = np.flatnonzero(tile.max(axis=0) > 0)
        assert cols.size and cols[0] >= 2 and cols[-1] <= 25, cols


def test_a_long_label_fits_its_disc_in_an_svg():
    # 'hello' was drawn 0.4 of a cell high, some 1.2 cells wide: over the disc and the next cell
    from tremaux.numberlink.draw import to_svg

    svg = to_svg(Puzzle.from_rows(["hello . . hello", "7 . . 7"]), cell=28)
    sizes = {m.group(2): float(m.group(1)) for m in re.finditer(r'font-size="([\d.]+)"[^>]*>([^<]+)<', svg)}
    assert sizes["hello"] * 0.6 * 5 <= 0.9 * 28 and sizes["7"] == pytest.approx(0.4 * 28), sizes  # the others as before


def test_a_json_record_whose_size_disagrees_with_its_puzzle_is_refused():
    # '"size": [2, 3]' beside a puzzle of one row was read as that row, the size silently ignored
    with pytest.raises(PuzzleFormatError, match=r'"size" is \[2, 3\], but its "puzzle" text is \[1, 3\] \(rows, columns\)'):
        loads('{"size": [2, 3], "puzzle": "1.1\\n"}')
    assert loads('{"size": [1, 3], "puzzle": "1.1\\n"}').shape == (1, 3)


def test_a_wh_puzzle_with_a_row_more_than_its_header_says_is_told_so():
    # '3 2' then three rows: 'number 1 appears once (line 2 column 1)', the row too many not named
    with pytest.raises(PuzzleFormatError, match=r"^4:1: expected a 'W H' header .* found '1\.2': a row of 3 cells "
                                                r"after the 2 rows the header above says \(is its H more than 2\?\)"):
        loads("3 2\n1.2\n...\n1.2\n0 0\n")


def test_all_solutions_reach_a_text_out_and_a_picture_says_it_draws_the_first(capsys, tmp_path):
    # '--all -o out.txt' printed six solutions and wrote only the first to the file
    (tmp_path / "p.txt").write_text("1..\n...\n..1\n")
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "--rule", "nikoli", "--all",
                         "-o", str(tmp_path / "out.txt"))
    assert code == 0 and "6 solutions" in err
    written = (tmp_path / "out.txt").read_text().split("\n\n")
    assert written == out.split("\n\n") and len(written) == 6 and len(set(written)) == 6
    code, _, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "--rule", "nikoli", "--all",
                       "-o", str(tmp_path / "out.svg"))
    assert code == 0 and "the picture of p draws its first solution of those shown" in err
    assert (tmp_path / "out.svg").read_text().startswith("<")


def test_an_empty_board_of_millions_of_cells_is_answered_without_a_pass_over_it(monkeypatch):
    # 'numlin/4096/4096/' (no numbers) gave up at its 3 s limit under 'fill' while 3 x 3 was answered at once:
    # the verdict made its passes over the board (each of them a second on 16.8 million cells) before saying so
    from tremaux.numberlink.solvers import verdicts

    def no_pass(*args):
        raise AssertionError("a pass over the board")

    monkeypatch.setattr(verdicts, "_beside", no_pass)
    big = Puzzle(np.zeros((4096, 4096), np.int64))
    assert verdicts._verdict(big, True) == "the cell at row 1 column 1 cannot be covered: its region touches no number"
    assert verdicts._verdict(big, False) is None  # under 'nikoli': solved, nothing to connect


def test_solve_out_json_points_to_json(capsys, tmp_path):
    # 'solve p.txt -o x.json' said only 'use .svg, .png or .txt', where convert points to --json
    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "p.txt"), "-o", str(tmp_path / "x.json"))
    assert code == 2 and out == "" and not (tmp_path / "x.json").exists()
    assert err.startswith("error: cannot write a picture as '.json'") and "--json > x.json" in err
    assert len(err.splitlines()) == 1
