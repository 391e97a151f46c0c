"""``tremaux numberlink convert``: puzzles from one format to another, or drawn unsolved."""

from __future__ import annotations

import os

import pytest

from cli_helpers import run as run_cli
from tremaux.numberlink import formats


def run(capsys, *args):
    return run_cli(capsys, "numberlink", *args)


@pytest.fixture
def wh(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("# two puzzles\n3 2\n1.1\n2.2\n4 3\n1..2\n....\n2..1\n0 0\n")
    return path


def test_a_file_of_puzzles_becomes_puzzlink_urls_and_back(capsys, wh, tmp_path):
    code, out, err = run(capsys, "convert", str(wh), "--format", "puzzlink")
    assert code == 0 and err == ""
    urls = out.splitlines()
    assert len(urls) == 2 and all(u.startswith("https://puzz.link/p?numlin/") for u in urls)
    assert formats.loads_all(out) == formats.load_all(wh)
    code, out, _ = run(capsys, "convert", urls[1], "-f", "grid")
    assert code == 0 and formats.loads(out) == formats.load_all(wh)[1]


def test_the_format_comes_from_the_out_extension(capsys, wh, tmp_path):
    dest = tmp_path / "out.wh"
    code, out, err = run(capsys, "convert", str(wh), "-o", str(dest))
    assert code == 0 and out == ""
    assert "wrote 2 puzzles" in err and "wh text" in err
    assert dest.read_text().startswith("3 2\n") and formats.load_all(dest) == formats.load_all(wh)
    plain = tmp_path / "out.txt"
    run(capsys, "convert", str(wh), "-o", str(plain))
    assert plain.read_text().splitlines()[0] == "1.1"  # grid, the default


def test_pictures_of_several_puzzles_are_numbered(capsys, wh, tmp_path):
    dest = tmp_path / "p.svg"
    code, _, err = run(capsys, "convert", str(wh), "-o", str(dest))
    assert code == 0 and "picture" in err
    assert [f.name for f in sorted(tmp_path.glob("p-*.svg"))] == ["p-1.svg", "p-2.svg"]
    assert (tmp_path / "p-2.svg").read_text().startswith("<svg")


def test_bad_asks_are_one_line_errors(capsys, wh, tmp_path):
    code, _, err = run(capsys, "convert", str(wh), "-f", "nope")
    assert code == 2 and err.startswith("error: unknown numberlink format 'nope'")
    code, _, err = run(capsys, "convert", str(wh), "-f", "contest")
    assert code == 2 and "one puzzle per file" in err
    code, _, err = run(capsys, "convert", str(wh), "-o", str(wh))
    assert code == 2 and "is the puzzle file itself: the text would write over the puzzles" in err
    assert formats.load_all(wh)  # untouched
    code, _, err = run(capsys, "convert", str(tmp_path / "missing.txt"))
    assert code == 2 and err.startswith("error:") and "missing.txt" in err
    code, _, err = run(capsys, "convert", str(wh), "-o", str(tmp_path / "no" / "x.txt"))
    assert code == 2 and "does not exist" in err
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01\x02binary")
    code, _, err = run(capsys, "convert", str(bad))
    assert code == 2 and err.startswith("error:") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["convert", "P"], ["generate", "--size", "4x4", "--seed", "1"]])
@pytest.mark.parametrize("fmt", ["svg", "PNG"])
def test_a_picture_named_as_the_text_format_points_to_out(capsys, tmp_path, command, fmt):
    # 'unknown numberlink format 'svg' (did you mean 'csv'?)' sent the user to the wrong format
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    args = [str(path) if a == "P" else a for a in command]
    code, out, err = run(capsys, *args, "-f", fmt)
    assert (code, out) == (2, "")
    assert err == (f"error: --format {fmt} is a picture: give --out FILE.{fmt.lower()} to draw the puzzles; --format "
                   "names a text format (grid, csv, wh, puzzlink...)\n")


@pytest.mark.parametrize("fmt", ["txt", "TXT"])
def test_format_txt_is_what_a_txt_file_gets(capsys, tmp_path, fmt):
    path = tmp_path / "p.wh"
    path.write_text("3 2\n1.1\n2.2\n")
    code, out, err = run(capsys, "convert", str(path), "-f", fmt)
    assert (code, out) == (0, "1.1\n2.2\n"), err
    target = tmp_path / "q.txt"
    assert run(capsys, "convert", str(path), "-o", str(target))[0] == 0
    assert target.read_text() == out


@pytest.mark.parametrize("command", [["convert", "P", "-f", "wh"], ["solve", "P"]])
def test_an_out_that_is_a_hard_link_to_the_puzzle_file_is_refused(capsys, tmp_path, command):
    # another name of the same file: writing it would replace the puzzles (a symbolic link was refused already)
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    link = tmp_path / "q.txt"
    os.link(path, link)
    code, _, err = run(capsys, *[str(path) if a == "P" else a for a in command], "-o", str(link))
    assert code == 2 and f"--out {link} is the puzzle file itself" in err and err.count("\n") == 1
    assert path.read_text() == "1.1\n2.2\n"


@pytest.mark.parametrize("path", [None, 5, b"p.txt"])
def test_save_names_a_path_that_is_no_path(path):
    from tremaux.errors import PuzzleFormatError
    from tremaux.numberlink import Puzzle, save

    with pytest.raises(PuzzleFormatError, match=rf"^expected the path of a file to write .*, not {type(path).__name__}$"):
        save(Puzzle.from_rows(["1.1"]), path)  # was a bare TypeError from pathlib


@pytest.mark.parametrize("fmt, head", [("svg", b"<svg"), ("PNG", b"\x89PNG")])
def test_save_with_a_picture_format_draws_it_whatever_the_extension(tmp_path, fmt, head):
    from tremaux.numberlink import Puzzle, save

    path = tmp_path / "p.txt"
    save(Puzzle.from_rows(["1.1"]), path, format=fmt)  # was: unknown numberlink format 'svg' (did you mean 'csv'?)
    assert path.read_bytes().startswith(head)
