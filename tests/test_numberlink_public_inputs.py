"""Number Link as a new user meets it: puzzles typed by hand or copied from the web, and the command line's
answers to them (one verdict for one puzzle, outputs that hold what their names say, messages that name the
problem)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli_helpers import run as run_cli
from numberlink_checker import follow
from tremaux.errors import PuzzleFormatError
from tremaux.numberlink import formats

SRC = str(Path(__file__).resolve().parents[1] / "src")


def run(capsys, *args):
    return run_cli(capsys, "numberlink", *args)


def test_a_check_gives_one_verdict_whatever_the_sat_modules_and_the_router_take_to_load(tmp_path):
    """A puzzle a theorem proves unsolvable under fill but that has solutions with empty cells is
    ``needs-empty-cells``. Whether the lines can all be drawn is asked within a budget of a twentieth of a
    second, and the import of the SAT modules (some 50 ms) and the router's kernel, loaded on its first use
    (a second or more), were charged to it: the same puzzle came out ``needs-empty-cells`` or ``no-solution``
    from one run of ``tremaux numberlink check`` to the next. Here the import is made slow and the solve's own
    hint (which has a budget of its own, and may miss it under load) is left out."""
    path = tmp_path / "p.txt"
    path.write_text("12.3..5\n..23...\n617..58\n..97...\n....A.8\n6.A.B..\n9.B.C.C\n")
    code = textwrap.dedent(f"""
        import importlib.abc, sys, time

        class Slow(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "tremaux.numberlink.solvers.encoding":
                    time.sleep(0.3)
                return None

        sys.meta_path.insert(0, Slow())
        import tremaux.numberlink.solvers as solvers
        solvers._other_rule_hint = lambda *args: ""
        from tremaux.cli import main
        main(["numberlink", "check", {str(path)!r}, "--json"])
    """)
    env = dict(os.environ, PYTHONPATH=SRC)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 1, out.stderr
    (rec,) = json.loads(out.stdout)
    assert rec["verdict"] == "needs-empty-cells"
    assert rec["reasons"][0].endswith("; it has solutions if cells may stay empty (rule nikoli)")


@pytest.fixture
def grid(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text(".123..\n...44.\n1.5.6.\n2...3.\n5....6\n")
    return path


@pytest.mark.parametrize("command", [["convert", "{grid}"], ["generate", "--size", "4x4", "--seed", "1"]])
@pytest.mark.parametrize("name", ["q.gif", "q.JPG", "q.json", "q.npz", "q.bmp"])
def test_out_refuses_the_extension_of_another_kind_of_file(capsys, tmp_path, grid, command, name):
    """``convert -o q.gif`` and ``generate -o q.json`` wrote grid text into a file whose name says it is a GIF or
    JSON (no error, exit 0): the extension of a picture or maze file that Number Link does not write is refused
    before any work, by name."""
    out = tmp_path / name
    args = [a.format(grid=grid) for a in command]
    code, printed, err = run(capsys, *args, "-o", str(out))
    assert (code, printed) == (2, "") and not out.exists()
    assert err.startswith(f"error: --out {out}: Number Link puzzles are written as text") and err.count("\n") == 1
    assert f"not as {Path(name).suffix.lower()}" in err
    assert ("--json prints JSON" in err) == name.endswith(".json")


@pytest.mark.parametrize("name", ["q.wh", "q.dat", "q"])
def test_out_still_writes_text_under_other_names(capsys, tmp_path, grid, name):
    out = tmp_path / name
    from tremaux.numberlink import formats

    code, _, err = run(capsys, "convert", str(grid), "-o", str(out))
    assert code == 0 and formats.loads(out.read_text()) == formats.load(grid)


def test_convert_refuses_a_format_with_a_picture_out(capsys, tmp_path, grid):
    """``convert -f puzzlink -o q.svg`` drew a picture and said nothing of the format asked: one or the other."""
    out = tmp_path / "q.svg"
    code, printed, err = run(capsys, "convert", str(grid), "-f", "puzzlink", "-o", str(out))
    assert (code, printed) == (2, "") and not out.exists()
    assert err == f"error: --format puzzlink writes puzzle text, and --out {out} a picture; give one of them\n"


@pytest.mark.parametrize("text, said", [
    ("...１２\n1344.\n..5.2\n..6..\n36775\n", "1:4: unexpected '１' ('１' is another form of '1': write '1')"),
    ("...\u0661\u0662\n1344.\n..5.2\n..6..\n36775\n", "1:4: unexpected '١' ('١' is the digit 1 of another script: "
                                                        "write '1')"),
    ("１２ 0\n１２ 0\n", "1:1: unexpected '１２' ('１２' is another form of '12': write '12')"),
    ("Ｒ.Ｒ\n...\nB.B\n", "1:1: unexpected 'Ｒ' ('Ｒ' is another form of 'R': write 'R')"),
])
def test_digits_and_letters_of_other_scripts_are_named_with_what_to_write(capsys, tmp_path, text, said):
    """A puzzle typed with a Japanese keyboard's full-width digits (or Arabic-Indic ones) was refused as
    "unexpected '１'; a cell is ... a digit or a letter": it is a digit, and the message did not say which
    character to write instead."""
    path = tmp_path / "p.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"error: {path}:{said}; ")


def test_a_bwinf_board_of_one_pair_says_pair(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("3\n1\n1 0 1\n2 0 2\n0 0 0\n")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and err == f"error: {path}:2:1: the board says 1 pair but holds 2\n"


BODY = "i121344i5g2h6h36775"  # a 5x5 puzzle of seven pairs


@pytest.mark.parametrize("url", [f"https://puzz.link/p?numlin//5/5/{BODY}",
                                 f"http://pzv.jp/p.html?numlin//5/5/{BODY}/"])
def test_a_puzzlink_url_with_an_empty_flags_part_is_read_as_pzprjs_reads_it(url):
    """pzprjs takes a first part of the URL that is not a number as its flags, an empty one as none; the reader
    refused such a URL ("expected the number of columns and rows")."""
    from tremaux.numberlink import formats

    p = formats.loads(url)
    assert p.shape == (5, 5) and p.pairs == 7
    assert formats.loads(formats.dumps(p, "puzzlink")) == p


def test_a_puzzlink_url_without_a_size_is_named_where_the_size_belongs():
    from tremaux.errors import PuzzleFormatError
    from tremaux.numberlink import formats

    url = f"https://puzz.link/p?numlin/5x5/{BODY}"
    with pytest.raises(PuzzleFormatError, match=r"expected the number of columns and rows") as exc:
        formats.loads(url)
    assert exc.value.column == url.index("5x5") + 1


@pytest.mark.parametrize("call", ["solve_puzzle", "diagnose"])
def test_one_row_of_puzzle_text_without_its_newline_is_named_as_such(call, tmp_path, monkeypatch):
    """``solve_puzzle("1....1")`` (a 1xN board typed inline) was read as a file name: "cannot read the file: No
    such file or directory", with no word of the newline that makes it puzzle text."""
    import tremaux.numberlink as nl
    from tremaux.errors import PuzzleFormatError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleFormatError) as exc:
        getattr(nl, call)("1....1")
    assert str(exc.value) == "no file named '1....1'; as puzzle text, end the row with a newline ('1....1\\n')"
    assert getattr(nl, call)("1....1\n") is not None
    with pytest.raises(PuzzleFormatError, match=r"^nope\.txt: cannot read the file"):  # a file name stays one
        getattr(nl, call)("nope.txt")
    (tmp_path / "1..1").write_text("2..2\n")  # a file of that name is read
    assert getattr(nl, call)("1..1") is not None


@pytest.mark.parametrize("extra", [["--all"], ["--unique"], ["--all", "--numbers"]])
def test_several_solutions_are_printed_apart(capsys, tmp_path, extra):
    """``--all`` (and ``--unique`` showing a second solution) printed the drawings one under the other with nothing
    between them: four solutions of a 3-row board read as one board of 12 rows."""
    path = tmp_path / "p.txt"
    path.write_text("1..2\n....\n1..2\n")
    code, out, _ = run(capsys, "solve", str(path), "--touch", *extra)
    drawings = out.rstrip("\n").split("\n\n")
    assert code == 0 and len(drawings) == (2 if extra == ["--unique"] else 4)
    assert all(len(d.splitlines()) == 3 for d in drawings)
    if "--numbers" not in extra:  # two grids of numbers may be alike: the lines differ inside a pair's region
        assert len(set(drawings)) == len(drawings)


@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_a_maze_drawing_given_to_numberlink_is_named_as_one(capsys, tmp_path, command):
    """A maze file (``tremaux generate``'s ``+---+`` drawing) given to ``numberlink solve`` was refused as
    "unexpected '+'; a separated cell is '.' or 0 (empty), a number or a word...": true, and no help."""
    from tremaux.cli import main

    maze = tmp_path / "maze.txt"
    main(["generate", "--size", "3x4", "--seed", "1", "--out", str(maze)])
    capsys.readouterr()
    code, out, err = run(capsys, command, str(maze))
    assert (code, out) == (2, "")
    assert err == f"error: {maze}:1:1: this is the drawing of a maze ('+---+'), not a Number Link puzzle; " \
                  "'tremaux solve' reads it\n"


@pytest.mark.parametrize("name", ["p.gif", "p.JPEG", "p.json", "p.npz"])
def test_formats_save_refuses_a_path_named_as_another_kind_of_file(tmp_path, name):
    """``formats.save(p, "p.gif")`` wrote grid text into a file named as a GIF, as the command line did."""
    from tremaux.errors import UnsupportedError
    from tremaux.numberlink import Puzzle, formats

    with pytest.raises(UnsupportedError, match=rf"cannot write puzzle text to .*{name}: {Path(name).suffix.lower()} "
                                               r"names another kind of file"):
        formats.save(Puzzle.from_rows(["1.1"]), tmp_path / name)
    assert not (tmp_path / name).exists()
    formats.save(Puzzle.from_rows(["1.1"]), tmp_path / "p.wh")  # a puzzle text's extension, or any other, is written
    formats.save(Puzzle.from_rows(["1.1"]), tmp_path / "p.dat")
    assert formats.load(tmp_path / "p.dat") == formats.load(tmp_path / "p.wh")


@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_a_bad_url_is_named_alike_by_every_command(capsys, command):
    """``convert`` said "error: 1:32: ..." of a URL that ``solve`` and ``check`` name in full."""
    url = "https://puzz.link/p?numlin/4/1/+12"
    code, out, err = run(capsys, command, url)
    assert (code, out) == (2, "")
    assert err == f"error: {url}:1:32: '+' must be followed by 3 hexadecimal digits, not '12'\n"


def test_the_hint_of_a_solve_does_not_hang_on_loading_the_router(tmp_path):
    """After a quick "no solution" under fill, a solve says whether cells left empty would do, within a budget of
    a twentieth of a second; the router's kernel, loaded on its first use (a second), was charged to it, so
    ``tremaux numberlink solve`` gave the hint or not from one run to the next. The load is made slow here."""
    path = tmp_path / "p.txt"
    path.write_text("12.3..5\n..23...\n617..58\n..97...\n....A.8\n6.A.B..\n9.B.C.C\n")
    code = textwrap.dedent(f"""
        import importlib.abc, sys, time

        class Slow(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "tremaux._numba":
                    time.sleep(0.3)
                return None

        sys.meta_path.insert(0, Slow())
        from tremaux.cli import main
        main(["numberlink", "solve", {str(path)!r}, "--json"])
    """)
    env = dict(os.environ, PYTHONPATH=SRC)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 1, out.stderr
    (rec,) = json.loads(out.stdout)
    assert rec["status"] == "no-solution"
    assert rec["message"] == ("no solution under the fill rule: the checkerboard count leaves at least 1 cell empty; "
                              "it has solutions if cells may stay empty (rule nikoli)")


@pytest.mark.parametrize("size, said", [("8x8", "an 8x8"), ("11x4", "an 11x4"), ("4x8", "a 4x8"), ("18x3", "an 18x3")])
def test_generate_says_an_8x8_puzzle(capsys, size, said):
    code, _, err = run(capsys, "generate", "--size", size, "--seed", "1")
    assert code == 0 and f"generated {said} puzzle with " in err


@pytest.mark.parametrize("fmt", ["flow", "bwinf"])
def test_generate_names_the_size_typed_when_the_format_cannot_hold_it(capsys, fmt):
    """``generate --size 5x6 -f flow`` said only "a Flow Free puzzle is square, not 6x5 (WxH)": the size typed was
    5x6 (HxW), and the message did not say which option it came from."""
    code, out, err = run(capsys, "generate", "--size", "5x6", "-f", fmt)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"error: --format {fmt} cannot hold a puzzle of --size 5x6: ")


def test_drawing_what_the_generator_returns_says_which_to_draw(tmp_path):
    """``draw.save(generate_puzzle(...), "p.svg")`` said "give a Puzzle, a PuzzleSolution or (puzzle, linking)",
    where solve_puzzle and diagnose take what the generator returns: the message now names its two drawings."""
    from tremaux.errors import UnsupportedError
    from tremaux.numberlink import draw, generate_puzzle

    g = generate_puzzle((4, 4), seed=1)
    with pytest.raises(UnsupportedError, match=r"draw its \.puzzle \(unsolved\) or \(g\.puzzle, g\.solution\)"):
        draw.save(g, tmp_path / "p.svg")
    draw.save((g.puzzle, g.solution), tmp_path / "p.svg")
    assert (tmp_path / "p.svg").read_text().startswith("<svg")


# a solver's test grids: '-' for an empty cell, colour letters, each grid after a line holding its number
NUMBERED = ("0\nc---g-----s-\np------cm---\ngr----------\n--y-----b---\n-----m------\n-----y------\n-v---bp-----\n"
            "-o----------\n------------\n----r-------\n------------\n--s---------\n--v------ow-\n---------w--\n"
            "------------\n1\n--m----c--\n-g--y-----\n----m--y--\np------pg-\ns------o--\nrb---b---r\n-cos------\n"
            "----------\n----------\n----------")


def test_dashes_are_empty_cells_and_numbered_grids_are_split(capsys, tmp_path):
    a, b = formats.loads_all(NUMBERED)
    assert (a.shape, a.pairs, b.shape, b.pairs) == ((15, 12), 11, (10, 10), 9)
    assert formats.loads("a-a\n-b-\n-b-\n").grid.tolist() == [[1, 0, 1], [0, 2, 0], [0, 2, 0]]
    f = tmp_path / "TestingGrids.txt"
    f.write_text(NUMBERED)
    code, out, _ = run(capsys, "solve", str(f), "--json")
    recs = json.loads(out)
    assert code == 0 and [r["status"] for r in recs] == ["solved", "solved"]
    for p, r in zip((a, b), recs):
        assert follow(p.grid.tolist(), [ln["cells"] for ln in r["lines"]], fill=True) == []


@pytest.mark.parametrize("text, message", [
    ("1\n1.12\n2...\n", "2:2: row 2 has 4 cells; row 1 has 1"),  # one grid: its first row is broken
    ("0\n1.1\n2\n2.2\n", "2:2: row 2 has 3 cells; row 1 has 1"),  # numbers that do not count up
])
def test_a_lone_number_above_rows_is_not_always_an_index(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        formats.loads_all(text)
