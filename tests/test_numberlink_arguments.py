"""The Number Link API and CLI given arguments of the wrong kind, or that do not go together: a clear error."""

from __future__ import annotations

import pytest

from tremaux.errors import InvalidSizeError, PuzzleError, UnsupportedError
from tremaux.numberlink import Puzzle, check_file, diagnose, iter_solve_file, solve_file, solve_puzzle

from cli_helpers import run

TWO_WAYS = Puzzle.from_rows(["1..2", "....", "1..2"])  # four solutions when lines may touch themselves


def test_unique_with_a_count_of_one_still_looks_for_a_second_solution(capsys, tmp_path):
    r = solve_puzzle(TWO_WAYS, rule="fill", touch=True, unique=True, count=1)
    assert r.unique is False and r.message == "not unique: a second solution is shown"
    path = tmp_path / "two.txt"
    path.write_text("1..2\n....\n1..2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--touch", "--unique", "--count", "1")
    assert code == 0 and "not unique" in err and "unique solution" not in err


@pytest.mark.parametrize("options, message", [
    (dict(count="3"), "count must be a whole number, not '3'"),
    (dict(count=2.5), "count must be a whole number, not 2.5"),
    (dict(count=True), "count must be a whole number, not True"),
    (dict(count=float("nan")), "count must be a whole number, not nan"),
    (dict(time_limit="abc"), "time limit must be a number, not 'abc'"),
    (dict(touch="no"), "touch must be True, False or None, not 'no'"),
    (dict(unique="yes"), "unique must be True or False, not 'yes'"),
    (dict(record=1), "record must be True or False, not 1"),
    (dict(solver="tremaux", max_steps=-5), "max_steps must be at least 1, not -5"),
    (dict(solver="tremaux", max_steps="x"), "max_steps must be a whole number, not 'x'"),
])
def test_solve_puzzle_names_an_option_of_the_wrong_kind(options, message):
    with pytest.raises(InvalidSizeError) as exc:
        solve_puzzle(TWO_WAYS, **options)
    assert str(exc.value) == message


@pytest.mark.parametrize("max_steps", [5, 0, -1])
def test_a_step_budget_is_refused_by_a_solver_that_has_none(capsys, tmp_path, max_steps):
    with pytest.raises((UnsupportedError, InvalidSizeError), match="step budget|at least 1"):
        solve_puzzle(TWO_WAYS, "fast", max_steps=max_steps)
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--max-steps", str(max_steps))
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1
    assert "step budget" in err or "at least 1" in err


def test_diagnose_names_what_it_was_given_instead_of_a_puzzle():
    with pytest.raises(PuzzleError, match=r"expected a Puzzle \(or a grid of pair ids, puzzle text, or a file's "
                                          r"path\), not dict"):
        diagnose({"grid": [[1, 0, 1], [2, 0, 2]]})
    assert diagnose([[1, 0, 1], [2, 0, 2]]).verdict == "proper"  # a grid of pair ids is a puzzle
    assert diagnose("1.1\n2.2\n").verdict == "proper"  # text is read as a puzzle
    with pytest.raises(InvalidSizeError, match="touch must be True, False or None, not 1"):
        diagnose(TWO_WAYS, touch=1)
    with pytest.raises(InvalidSizeError, match="time limit must be a number, not '1'"):
        diagnose(TWO_WAYS, time_limit="1")


def test_file_options_are_checked_before_the_file_even_when_no_puzzle_is_readable(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1..\n...\n")  # its only puzzle cannot be read: no solve would ever see the options
    with pytest.raises(InvalidSizeError, match="count must be at least 1, not 0"):
        solve_file(path, count=0)
    with pytest.raises(UnsupportedError, match="step budget"):
        next(iter_solve_file(path, "fast", max_steps=3))
    with pytest.raises(InvalidSizeError, match="touch must be"):
        check_file(path, touch="yes")
    with pytest.raises(TypeError, match="unexpected keyword argument 'timeout'; solve_puzzle takes"):
        solve_file(path, timeout=3)


@pytest.mark.parametrize("rows, message", [
    ("1.1\n2.2\n", "expected rows (a list of strings or of lists of labels), not str; read text with loads"),
    (None, "expected rows (a list of strings or of lists of labels), not NoneType"),
    ([5, 5], "expected a row (a string or a list of labels), not int"),
])
def test_puzzle_from_rows_names_what_is_no_list_of_rows(rows, message):
    # a string was read as one row a character: "1.1\n2.2\n" became a 8x1 puzzle
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Puzzle.from_rows(rows)


@pytest.mark.parametrize("paths, message", [
    ([[(0, 0), (5, 5)]], r"cell \(5, 5\) of path 1 is outside the 3x1 \(WxH\) puzzle"),
    ([], r"0 paths given for 1 pairs"),
    ([[0, 1, 2]], r"path 1 is not a list of \(row, col\) cells"),
])
def test_a_linking_of_cells_outside_its_puzzle_is_refused(paths, message):
    from tremaux.numberlink import Linking

    with pytest.raises(PuzzleError, match=message):
        Linking.from_paths(Puzzle.from_rows(["1.1"]), paths)


@pytest.mark.parametrize("style, message", [
    (dict(cell=0), "cell must be a whole number of pixels, 1 or more, not 0"),
    (dict(cell=float("nan")), "cell must be a whole number of pixels, 1 or more, not nan"),
    (dict(cell=-5), "cell must be a whole number of pixels, 1 or more, not -5"),
    (dict(colours=["red"]), r"1 colours given for 2 pairs \(one colour per pair\)"),
])
@pytest.mark.parametrize("draw", ["to_svg", "to_png"])
def test_pictures_refuse_a_cell_size_or_colours_they_cannot_draw_with(style, message, draw):
    from tremaux.numberlink import draw as pictures

    with pytest.raises(InvalidSizeError, match=message):
        getattr(pictures, draw)(Puzzle.from_rows(["1.1", "2.2"]), **style)


@pytest.mark.parametrize("limit, message", [(-1, "max_bytes must be at least 1, not -1"),
                                            ("x", "max_bytes must be a whole number, not 'x'")])
def test_load_names_a_byte_cap_that_is_no_number_of_bytes(tmp_path, limit, message):
    from tremaux.numberlink import load

    path = tmp_path / "p.txt"
    path.write_text("1.1\n")
    with pytest.raises(InvalidSizeError, match=message):
        load(path, max_bytes=limit)


@pytest.mark.parametrize("rows", [[".."], ["."], ["..", ".."]])
def test_a_board_without_numbers_needs_empty_cells_under_fill(rows):
    from tremaux.numberlink import Puzzle as P

    d = diagnose(P.from_rows(rows), "fill")
    assert d.verdict == "needs-empty-cells" and d.reasons[0].endswith("(rule nikoli)")
    assert diagnose(P.from_rows(rows), "nikoli").verdict == "proper"


def test_the_verdict_does_not_hang_on_the_hint_of_the_solve(monkeypatch):
    # the hint of a solve has the time the answer took (a board of millions of cells leaves it none): without it,
    # a puzzle whose lines can all be drawn leaving cells empty is still said to need empty cells
    from tremaux.numberlink import solvers

    monkeypatch.setattr(solvers, "_other_rule_hint", lambda *args: "")
    d = diagnose(Puzzle.from_rows(["1.2", "...", "1.2"]), "fill")
    assert d.verdict == "needs-empty-cells"
    assert d.reasons == ("no solution under the fill rule: the checkerboard count leaves at least 1 cell empty; at "
                         "fewest 1 cell stays empty (row 2 column 1); it has solutions if cells may stay empty "
                         "(rule nikoli)",)
