"""The Number Link API takes what a user has (a grid of ids, text, a file, a generated puzzle) and names cells
from 1 in its messages, as the readers count lines and columns."""

from __future__ import annotations

import numpy as np
import pytest

from tremaux.errors import InvalidSizeError, PuzzleError, PuzzleFormatError
from tremaux.numberlink import Puzzle, diagnose, generate_puzzle, loads, quick_verdict, solve_puzzle

GRID = [[1, 0, 1], [2, 0, 2]]


@pytest.mark.parametrize("given", [
    GRID,
    np.array(GRID),
    np.array(GRID, dtype=np.uint8),
    np.array(GRID, dtype=np.int64),
    tuple(tuple(row) for row in GRID),
    ["1.1", "2.2"],
    "1.1\n2.2\n",
])
def test_solve_and_diagnose_take_a_grid_of_ids_rows_or_text(given):
    r = solve_puzzle(given)
    assert r.status == "solved" and r.grid.tolist() == [[1, 1, 1], [2, 2, 2]]
    assert diagnose(given).verdict == "proper"


def test_puzzle_takes_text_a_file_and_what_the_generator_returns(tmp_path):
    expected = Puzzle(GRID)
    assert Puzzle("1.1\n2.2\n") == expected
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n")
    assert Puzzle(path) == expected and Puzzle(str(path)) == expected
    g = generate_puzzle((4, 4), seed=1)
    assert Puzzle(g) == g.puzzle and solve_puzzle(g).status == "solved"
    lettered = loads("A.A\nB.B\n")
    assert Puzzle(lettered).labels == ("A", "B") and Puzzle(lettered, labels=["x", "y"]).labels == ("x", "y")


@pytest.mark.parametrize(("given", "error", "message"), [
    (np.zeros((2, 2, 2), dtype=int), InvalidSizeError, r"^a puzzle grid is 2-D, not of shape \(2, 2, 2\)$"),
    ([1, 0, 1], InvalidSizeError, r"^a puzzle grid is 2-D, not of shape \(3,\)$"),
    (np.array([[1.5, 0, 1.5]]), PuzzleError, r"^a puzzle grid holds integers \(pair ids\), not float64$"),
    (np.array([[True, False, True]]), PuzzleError, r"^a puzzle grid holds integers \(pair ids\), not bool$"),
    ([[1, -1, 1]], PuzzleError, r"^pair id -1 at row 1 column 2 is negative; use 0 for an empty cell$"),
    ([[1, 0, 2], [0, 0, 2]], PuzzleError, r"^number '1' appears once, at row 1 column 1; each number must "),
    ([[1, 0, 1], [2, 2]], PuzzleError, r"^the rows of a puzzle grid differ in length: row 2 has 2 cells; row 1 "
                                       r"has 3$"),
    ({"grid": GRID}, PuzzleError, r"^expected a Puzzle \(or a grid of pair ids, puzzle text, or a file's path\), "
                                  r"not dict$"),
])
def test_a_grid_that_is_no_puzzle_is_one_line_naming_the_problem(given, error, message):
    for call in (solve_puzzle, diagnose, quick_verdict, Puzzle):  # quick_verdict: an AttributeError before
        with pytest.raises(error, match=message) as exc:
            call(given)
        assert "\n" not in str(exc.value)


def test_from_rows_counts_rows_and_columns_from_1_as_the_readers_do():
    with pytest.raises(PuzzleError) as exc:
        Puzzle.from_rows(["1.1", "2."])
    with pytest.raises(PuzzleFormatError) as read:
        loads("1.1\n2.\n")
    assert str(exc.value) == "row 2 has 2 cells; row 1 has 3"
    assert str(read.value).endswith(str(exc.value))
    with pytest.raises(PuzzleError, match=r"^number '1' appears 3 times, at row 1 column 1, row 3 column 1, "
                                          r"row 3 column 3; "):
        Puzzle.from_rows(["1.2", "...", "1.1"])


def test_verdicts_name_cells_from_1():
    assert diagnose(Puzzle.from_rows(["1213", "2..3"]), rule="nikoli").reasons[0] == (
        "number '1' at row 1 column 1 is walled in: every neighbour is another number or the border")
    with pytest.raises(PuzzleFormatError, match=r"number '1' appears once, at row 1 column 1; "):
        loads("https://puzz.link/p?numlin/3/1/1g2")
