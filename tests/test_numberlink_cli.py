"""``tremaux numberlink solve | generate | check`` from the terminal."""

from __future__ import annotations

import json

import pytest

from tremaux.cli import main
from tremaux.numberlink import formats
from cli_helpers import FIRST_USE


def run(capsys, *args):
    """``tremaux numberlink *args`` in process, without the first-use note (printed once per process with an empty
    numba cache, by whichever test compiles first; ``tests/test_cli_warmup.py`` tests the note)."""
    with pytest.raises(SystemExit) as exc:
        main(["numberlink", *args])
        raise SystemExit(0)
    out = capsys.readouterr()
    err = "".join(line for line in out.err.splitlines(keepends=True) if not line.startswith(FIRST_USE))
    return exc.value.code or 0, out.out, err


@pytest.fixture
def multi(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text("3 2\n1.1\n2.2\n3 3\n1.2\n...\n2.1\n3 1\n1.2\n0 0\n")
    return path


def test_solve_json_per_puzzle_of_a_wh_file(capsys, multi):
    code, out, err = run(capsys, "solve", str(multi), "--json", "--rule", "nikoli", "--unique")
    assert code == 2  # the third puzzle is bad input
    assert err.startswith("error: ") and "number '1' appears once" in err
    recs = json.loads(out)
    assert [r["status"] for r in recs] == ["solved", "no-solution", "invalid"]
    assert recs[0]["grid"] == [[1, 1, 1], [2, 2, 2]] and recs[0]["unique"] is True
    assert recs[1]["grid"] is None and recs[1]["unique"] is False
    assert "number '1' appears once" in recs[2]["message"]


def test_solve_draws_lines_and_writes_pictures(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("12.\n...\n1.2\n")
    code, out, err = run(capsys, "solve", str(path), "--out", str(tmp_path / "p.svg"))
    assert code == 0
    assert out.splitlines() in (["1 2─┐", "└─┐ │", "1─┘ 2"], ["1 2─┐", "│ ┌─┘", "1 └─2"])  # its two solutions
    assert err.startswith("p: solved")
    assert (tmp_path / "p.svg").read_text().startswith("<svg")
    code, out, _ = run(capsys, "solve", str(path), "--numbers", "--solver", "tremaux")
    assert code == 0 and out.splitlines()[0].split() == ["1", "2", "2"]


def test_tremaux_step_budget(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1...\n....\n...1\n")
    code, out, _ = run(capsys, "solve", str(path), "--solver", "tremaux", "--max-steps", "2", "--json")
    rec = json.loads(out)[0]
    assert code == 1 and rec["status"] == "gave-up" and rec["message"] == "gave up after 2 steps (step budget)"


def test_count_and_all(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1..2\n....\n1..2\n")
    code, out, _ = run(capsys, "solve", str(path), "--count", "10", "--json", "--touch")
    assert json.loads(out)[0]["count"] == 4
    code, out, _ = run(capsys, "solve", str(path), "--all", "--json", "--touch")
    rec = json.loads(out)[0]
    assert rec["count"] == 4 and rec["complete"] and len(rec["solutions"]) == 4
    assert rec["message"] == "4 solutions" and rec["touch"] is True
    code, out, _ = run(capsys, "solve", str(path), "--all", "--touch")
    assert out.count("1") == 8  # four drawings, two 1s each
    # by default counting follows the convention: each of the four runs beside itself under fill
    code, out, _ = run(capsys, "solve", str(path), "--count", "10", "--json")
    rec = json.loads(out)[0]
    assert code == 1 and rec["status"] == "no-solution" and rec["count"] == 0 and rec["touch"] is False
    code, out, _ = run(capsys, "solve", str(path), "--count", "10", "--json", "--rule", "nikoli")
    assert json.loads(out)[0]["count"] == 6


def test_tremaux_with_unique_is_refused_in_one_line(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1.1\n")
    code, _, err = run(capsys, "solve", str(path), "--solver", "tremaux", "--unique")
    assert code == 2 and err.startswith("error: the tremaux solver finds one solution")
    code, _, err = run(capsys, "solve", str(path), "--rule", "loose")
    assert code == 2 and "choose one of: fill, nikoli" in err


def test_malformed_puzzles_name_line_and_column(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("SIZE 3X3\nLINE_NUM 1\nLINE#1 (0,0)-(5,1)\n")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2
    assert err.startswith(f"error: {path}:3:14: endpoint (5,1) of LINE#1 is outside the 3x3 grid")
    path.write_text("3 3\n1.1\n")  # the file itself cannot be split into puzzles
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and err.strip() == f"error: {path}:3:1: the 3x3 puzzle has only 1 row"


def test_generate_is_reproducible_and_proper(capsys, tmp_path):
    code, out, _ = run(capsys, "generate", "--size", "6x9", "--seed", "3")
    assert code == 0
    p = formats.loads(out)
    assert p.shape == (6, 9)
    assert run(capsys, "generate", "--size", "6x9", "--seed", "3")[1] == out
    code, out2, _ = run(capsys, "generate", "--size", "6x9", "--seed", "3", "--json", "--out", str(tmp_path / "g.png"))
    rec = json.loads(out2)
    assert formats.loads(rec["puzzle"]) == p
    assert rec["pairs"] == p.pairs and len(rec["grid"]) == 6
    assert {v for row in rec["grid"] for v in row} == set(range(1, p.pairs + 1))  # every cell covered
    assert (tmp_path / "g.png").read_bytes()[:4] == b"\x89PNG"
    path = tmp_path / "g.txt"
    path.write_text(out)
    code, out3, _ = run(capsys, "check", str(path), "--touch")  # the generator's rule lets lines touch
    assert code == 0 and out3.strip() == "g: proper"


@pytest.mark.parametrize(("fmt", "message"), [
    ("flowpack", "error: the 'flowpack' format is read only; write one of: grid, csv, wh, flow, contest, puzzlink, pzprv3, bwinf"),
    ("png", "error: --format png is a picture: give --out FILE.png to draw the puzzles"),
])
def test_generate_refuses_a_format_it_cannot_write_before_generating(capsys, monkeypatch, fmt, message):
    import tremaux.numberlink as nl

    def never(*args, **kwargs):
        raise AssertionError("the puzzle was generated before the format was checked")

    monkeypatch.setattr(nl, "generate_puzzle", never)
    code, out, err = run(capsys, "generate", "--size", "6x6", "--seed", "1", "-f", fmt)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_check_reports_each_verdict(capsys, multi):
    code, out, err = run(capsys, "check", str(multi), "--json")
    assert code == 2  # the third puzzle is bad input, as for solve
    assert err.startswith("error: ") and "number '1' appears once" in err
    assert [d["verdict"] for d in json.loads(out)] == ["proper", "no-solution", "invalid"]


@pytest.mark.parametrize("extra", [[], ["--density", "0.05"]])
@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_generated_puzzles_are_proper_by_default_under_the_check_command(capsys, tmp_path, rule, extra):
    path = tmp_path / "p.txt"
    code, _, err = run(capsys, "generate", "--size", "12x15", "--seed", "3", "--rule", rule, "--out", str(path), *extra)
    assert code == 0 and "generated a 12x15 puzzle" in err
    code, out, _ = run(capsys, "check", str(path), "--rule", rule)
    assert code == 0 and "proper" in out


URL = "https://puzz.link/p?numlin/3/2/1g12g2"
"""A 3-wide, 2-high puzzle: ``1.1`` over ``2.2``."""


def test_a_puzz_link_url_is_read_in_place_of_a_file(capsys, tmp_path):
    code, out, err = run(capsys, "solve", URL, "--json", "--unique")
    rec = json.loads(out)[0]
    assert code == 0 and rec["name"] == "numlin" and rec["grid"] == [[1, 1, 1], [2, 2, 2]] and rec["unique"] is True
    code, out, _ = run(capsys, "check", URL)
    assert code == 0 and out.strip() == "numlin: proper"
    # the same URL written in a file is read from the file
    path = tmp_path / "u.txt"
    path.write_text(URL + "\n")
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert code == 0 and json.loads(out)[0]["grid"] == [[1, 1, 1], [2, 2, 2]]


@pytest.mark.parametrize("url", [URL.removeprefix("https://"), "pzv.jp/p.html?numlin/3/2/1g12g2"])
def test_a_url_as_the_address_bar_shows_it_without_its_scheme_is_read_as_one(capsys, url):
    code, out, err = run(capsys, "solve", url, "--json")
    rec = json.loads(out)[0]
    assert (code, rec["name"], rec["grid"]) == (0, "numlin", [[1, 1, 1], [2, 2, 2]])
    code, out, _ = run(capsys, "check", url)
    assert code == 0 and out.strip() == "numlin: proper"
    assert formats.is_url(url) and not formats.is_url("puzzles/easy.txt") and not formats.is_url("a.tar.gz")


@pytest.mark.parametrize("url, words", [
    ("https://example.com/x", "expected a puzz.link URL"),
    ("https://puzz.link/p?slither/3/3/abc", "'slither', not Number Link"),
    (URL + "gg", "left after the 3x2 cells"),
])
def test_a_bad_url_is_one_line_error(capsys, url, words):
    for command in ("solve", "check"):
        code, out, err = run(capsys, command, url)
        assert code == 2 and err.startswith("error: ") and words in err and len(err.strip().splitlines()) == 1


def stdin(data: bytes):
    import io

    raw = io.BytesIO(data)
    raw.name = "<stdin>"  # as sys.stdin.buffer is named
    return io.TextIOWrapper(raw)


def test_dash_reads_the_puzzles_from_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", stdin(b"1.1\n2.2\n"))
    code, out, err = run(capsys, "solve", "-", "--json")
    rec = json.loads(out)[0]
    assert code == 0 and rec["name"] == "<stdin>" and rec["grid"] == [[1, 1, 1], [2, 2, 2]]
    monkeypatch.setattr("sys.stdin", stdin(b"1.1\n2.\n"))
    code, out, err = run(capsys, "check", "-")
    assert code == 2 and err.strip() == "error: <stdin>:2:3: row 2 has 2 cells; row 1 has 3"


def test_generate_without_a_time_limit_keeps_the_library_default(capsys, monkeypatch):
    import inspect

    import tremaux.numberlink as nl
    from tremaux.numberlink.generate import DEFAULT_TIME_LIMIT

    real, seen = nl.generate_puzzle, []

    def spy(*args, **kwargs):
        bound = inspect.signature(real).bind(*args, **kwargs)
        bound.apply_defaults()
        seen.append(bound.arguments["time_limit"])
        return real(*args, **kwargs)

    monkeypatch.setattr(nl, "generate_puzzle", spy)
    assert run(capsys, "generate", "--size", "4x4", "--seed", "1")[0] == 0
    assert run(capsys, "generate", "--size", "4x4", "--seed", "1", "--time-limit", "7")[0] == 0
    assert seen == [DEFAULT_TIME_LIMIT, 7.0] and DEFAULT_TIME_LIMIT is not None


@pytest.mark.parametrize("name", ["p.txt", "p.svg"])
def test_generate_says_the_seed_when_its_puzzle_cannot_be_written(capsys, monkeypatch, tmp_path, name):
    import pathlib

    import tremaux.numberlink.draw as draw

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(pathlib.Path, "write_text", refuse)
    monkeypatch.setattr(draw, "save", refuse)
    out = tmp_path / name
    code, printed, err = run(capsys, "generate", "--size", "4x4", "--seed", "5", "-o", str(out))
    assert (code, printed) == (2, "")
    assert err.splitlines()[-1] == (f"error: cannot write {out}: Permission denied; the puzzle is --seed 5: ask it "
                                    f"again with another --out")


def _commands_with_out():
    """The path of every command (maze and Number Link) that takes ``--out``."""
    import typer.main

    from tremaux.cli import app

    found = []

    def walk(command, path):
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        elif any("--out" in getattr(p, "opts", ()) for p in command.params):
            found.append(path)

    walk(typer.main.get_command(app), [])
    return found


def test_every_empty_out_is_an_empty_file_name_not_the_current_folder(capsys, tmp_path, monkeypatch):
    # 'numberlink solve p.txt -o ""' said it could not write a picture as '.': the empty name had become a path
    commands = _commands_with_out()
    assert ["numberlink", "solve"] in commands and ["render"] in commands and ["dataset"] in commands
    assert ["demo"] in commands
    monkeypatch.chdir(tmp_path)
    for command in commands:
        for out in (["-o", ""], ["--out="]):
            with pytest.raises(SystemExit) as exc:
                main([*command, *out])  # the option is read before a missing argument is named
            err = capsys.readouterr().err
            what = "folder" if command == ["dataset"] else "file"  # a dataset's --out is the folder it fills
            assert exc.value.code == 2 and err.startswith("error: ") and f"empty output {what} name" in err, command
            assert len(err.strip().splitlines()) == 1 and "'.'" not in err
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("extra", [[], ["--count", "50"]])
def test_unique_shows_the_second_solution_its_message_speaks_of(capsys, tmp_path, extra):
    from tremaux.numberlink import Puzzle, solve_puzzle
    from tremaux.numberlink.draw import to_text

    path = tmp_path / "corner.txt"
    path.write_text("1..\n...\n..1\n")
    args = [str(path), "--rule", "nikoli", "--no-touch", "--unique", *extra]
    every = solve_puzzle(Puzzle.from_rows(["1..", "...", "..1"]), rule="nikoli", touch=False, count=50)
    drawings = {to_text((every.puzzle, lk)) for lk in every.solutions}
    code, out, err = run(capsys, "solve", *args)
    shown = out.rstrip("\n").split("\n\n")  # a drawing of 3 rows a solution, a blank line between two
    assert all(len(d.splitlines()) == 3 for d in shown)
    said = f"not unique: {len(every.solutions)} solutions; the first 2 kept" if extra else \
        "not unique: a second solution is shown"
    assert code == 0 and said in err  # with --count, the count, and the two solutions kept are the two shown
    assert len(shown) == len(set(shown)) == 2 and set(shown) <= drawings
    code, out, _ = run(capsys, "solve", *args, "--json")
    rec = json.loads(out)[0]
    assert rec["unique"] is False and len(rec["solution_lines"]) >= 2 and rec["solution_lines"][1] != rec["lines"]


def test_generate_draws_the_solution_with_the_labels_its_puzzle_text_shows(capsys):
    import re

    code, out, _ = run(capsys, "generate", "--size", "8x8", "--seed", "4", "--density", "0.4", "--solution")
    lines = out.splitlines()
    puzzle, drawing = lines[:8], lines[9:17]
    assert code == 0 and len(lines) == 17 and lines[8] == "" and any(ch.isalpha() for row in puzzle for ch in row)  # pairs over 9
    for text_row, drawn_row in zip(puzzle, drawing):  # the labels of each row, in order, are the same
        assert [ch for ch in text_row if ch != "."] == re.findall(r"[0-9A-Za-z]+", drawn_row)


def test_a_picture_that_cannot_be_written_loses_no_answer(capsys, tmp_path, monkeypatch):
    from tremaux.numberlink import draw

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(draw, "save", full)
    path = tmp_path / "two.txt"
    path.write_text("1.1\n\n2.2\n")
    code, out, err = run(capsys, "solve", str(path), "--out", str(tmp_path / "p.svg"))
    assert code == 2 and out == "1───1\n\n2───2\n"  # two boards (not one of two rows), each answer kept
    assert err.count(f"error: cannot write {tmp_path / 'p.svg'}: No space left on device") == 1
    assert "two#2: solved" in err
