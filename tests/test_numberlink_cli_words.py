"""``tremaux numberlink`` says things as the maze commands say them: ``--out``, standard input, empty cells."""

from __future__ import annotations

import io
import json

from cli_helpers import run
from tremaux.numberlink import formats


def _stdin(monkeypatch, data: bytes) -> None:
    raw = io.BytesIO(data)
    raw.name = "<stdin>"  # as sys.stdin.buffer is named
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(raw))


def test_generate_with_out_saves_the_puzzle_instead_of_printing_it_as_maze_generate_does(capsys, tmp_path):
    maze = tmp_path / "m.txt"
    code, out, err = run(capsys, "generate", "--size", "3x4", "--seed", "1", "-o", str(maze))
    assert (code, out, err.splitlines()[-1]) == (0, "", f"wrote {maze}")
    path = tmp_path / "p.txt"
    code, out, err = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3", "-o", str(path))
    assert (code, out) == (0, "")
    assert err.splitlines()[-1] == f"wrote {path}" and "generated a 5x5 puzzle" in err
    code, printed, _ = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3")
    assert code == 0 and printed == path.read_text(encoding="utf-8")
    # the solution a text file cannot hold is still drawn
    code, out, _ = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3", "-o", str(path),
                       "--solution")
    assert code == 0 and path.read_text(encoding="utf-8") == printed
    assert formats.loads(printed).shape == (5, 5) and any(ch in out for ch in "─│┌┐└┘")
    # a solved picture holds it: nothing printed
    code, out, err = run(capsys, "numberlink", "generate", "--size", "5x5", "--seed", "3", "-o",
                         str(tmp_path / "p.svg"), "--solution")
    assert (code, out, err.splitlines()[-1]) == (0, "", f"wrote {tmp_path / 'p.svg'}")


def test_solve_with_out_says_what_it_wrote_as_maze_solve_does(capsys, tmp_path, monkeypatch):
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    picture = tmp_path / "s.svg"
    code, out, err = run(capsys, "numberlink", "solve", str(path), "-o", str(picture))
    assert code == 0 and "1───1" in out and err.splitlines()[-1] == f"wrote {picture}"
    _stdin(monkeypatch, b"3 2\n1.1\n2.2\n3 2\n1.2\n1.2\n")
    code, out, err = run(capsys, "numberlink", "solve", "-", "-o", str(picture))
    first, second = tmp_path / "s-1.svg", tmp_path / "s-2.svg"
    assert code == 0 and first.exists() and second.exists() and not picture.exists()
    assert err.splitlines()[-1] == f"wrote 2 pictures, {first} to {second}"


def test_standard_input_is_named_as_in_errors_and_as_the_maze_commands_name_it(capsys, monkeypatch):
    _stdin(monkeypatch, b"+--\nxx\n")
    code, _, err = run(capsys, "info", "-")
    assert code == 2 and err.startswith("error: <stdin>:")
    _stdin(monkeypatch, b"1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", "-", "--json")
    assert code == 0 and json.loads(out)[0]["name"] == "<stdin>"
    _stdin(monkeypatch, b"1.1\n2.2\n")
    code, out, _ = run(capsys, "numberlink", "check", "-")
    assert code == 0 and out.strip() == "<stdin>: proper"
    _stdin(monkeypatch, b"3 2\n1.1\n2.2\n3 2\n1.2\n1.3\n")
    code, _, err = run(capsys, "numberlink", "solve", "-")
    assert code == 2 and err.splitlines()[0].startswith("<stdin>#1: solved")
    assert err.splitlines()[-1].startswith("error: <stdin>:5:3: number '2' appears once")


def test_a_nikoli_solution_draws_its_empty_cells_never_a_blank_row(capsys, tmp_path):
    from tremaux.numberlink import Puzzle, solve_puzzle
    from tremaux.numberlink.draw import to_rich, to_text

    r = solve_puzzle(Puzzle.from_rows(["1.1", "...", "..."]), rule="nikoli")
    assert to_text(r).splitlines() == ["1───1", "· · ·", "· · ·"] == to_rich(r).plain.splitlines()
    path = tmp_path / "p.txt"
    path.write_text("1.1\n...\n...\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(path), "--rule", "nikoli")
    assert code == 0 and out.splitlines() == ["1───1", "· · ·", "· · ·"]
