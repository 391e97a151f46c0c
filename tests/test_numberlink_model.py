"""Number Link puzzles: the model, the text formats and their errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberlink_reference import DATA, problems
from tremaux.errors import InvalidSizeError, PuzzleError, PuzzleFormatError, UnknownNameError
from tremaux.numberlink import Puzzle, check_rule, formats


def test_grid_is_read_only_and_pairs_are_numbered_by_label():
    p = Puzzle.from_rows(["B.A", "A.B"])
    assert p.labels == ("A", "B")
    assert p.grid.tolist() == [[2, 0, 1], [1, 0, 2]]
    with pytest.raises(ValueError):
        p.grid[0, 0] = 5
    assert p.endpoints(1) == ((0, 2), (1, 0))
    assert p.free_cells == 2


@pytest.mark.parametrize("rows, times", [(["1.2", "..2"], "once"), (["1.1", "1.."], "3 times")])
def test_unpaired_or_tripled_number_is_named(rows, times):
    with pytest.raises(PuzzleError, match=f"number '1' appears {times}"):
        Puzzle.from_rows(rows)


def test_unpaired_number_in_text_has_line_and_column():
    with pytest.raises(PuzzleFormatError) as exc:
        formats.loads("1.2\n..2\n\n", source="p.txt")
    assert exc.value.line == 1 and exc.value.column == 1
    assert str(exc.value).startswith("p.txt:1:1: number '1' appears once")


def test_bad_character_and_ragged_rows_have_line_and_column():
    with pytest.raises(PuzzleFormatError) as exc:
        formats.loads("1.1\n.#.\n")
    assert (exc.value.line, exc.value.column) == (2, 2)
    assert "'#'" in str(exc.value)
    with pytest.raises(PuzzleFormatError) as exc:
        formats.loads("1.1\n....\n")
    assert (exc.value.line, exc.value.column) == (2, 4)


def test_contest_endpoint_outside_grid_is_named():
    text = "SIZE 3X2\nLINE_NUM 1\nLINE#1 (0,0)-(3,1)\n"
    with pytest.raises(PuzzleFormatError, match=r"endpoint \(3,1\) of LINE#1 is outside the 3x2 grid") as exc:
        formats.loads(text)
    assert exc.value.line == 3


def test_contest_line_count_and_shared_cells_are_checked():
    with pytest.raises(PuzzleFormatError, match="LINE_NUM says 2 lines but 1 are given"):
        formats.loads("SIZE 3X2\nLINE_NUM 2\nLINE#1 (0,0)-(2,1)\n")
    with pytest.raises(PuzzleFormatError, match="already an endpoint of LINE#1"):
        formats.loads("SIZE 3X2\nLINE#1 (0,0)-(2,1)\nLINE#2 (0,0)-(1,1)\n")


def test_whitespace_integers_for_many_pairs_round_trip():
    n = 40
    g = np.zeros((2, n), dtype=np.int32)
    g[0] = np.arange(1, n + 1)
    g[1] = np.arange(1, n + 1)
    p = Puzzle(g)
    text = formats.dumps(p)
    assert text.splitlines()[0].split()[:3] == ["1", "2", "3"]
    assert formats.loads(text) == p


def test_wh_format_holds_several_puzzles_and_stops_at_zero():
    text = "3 2\n1.1\n2.2\n2 2\n12\n12\n0 0\n9 9\n"
    ps = formats.loads_all(text)
    assert [p.shape for p in ps] == [(2, 3), (2, 2)]
    assert formats.detect(text) == "wh"
    assert formats.loads_all(formats.dumps_all(ps, "wh")) == ps


def test_keep_mode_returns_errors_in_place():
    items = formats.loads_all("1.1\n\n2.3\n", errors="keep")
    assert isinstance(items[0], Puzzle) and isinstance(items[1], PuzzleError)


def test_answer_file_is_not_a_puzzle():
    with pytest.raises(PuzzleFormatError, match="contest answer"):
        formats.loads("SIZE 2X1\n01,01\n")


def test_rules_by_name():
    assert check_rule("paper") == "fill" and check_rule("magazine") == "nikoli"
    with pytest.raises(UnknownNameError, match="fill, nikoli"):
        check_rule("strict")


def test_bad_sizes():
    with pytest.raises(InvalidSizeError):
        Puzzle(np.zeros((0, 3)))
    with pytest.raises(PuzzleError, match=r"outside the 2x2 grid"):
        Puzzle.from_endpoints((2, 2), [((0, 0), (2, 0))])


@st.composite
def puzzles(draw):
    h = draw(st.integers(1, 7))
    w = draw(st.integers(2, 7))
    n = draw(st.integers(0, (h * w) // 2))
    cells = draw(st.permutations(range(h * w)))[: 2 * n]
    g = np.zeros(h * w, dtype=np.int32)
    for k in range(n):
        g[cells[2 * k]] = g[cells[2 * k + 1]] = k + 1
    return Puzzle(g.reshape(h, w)) if n else Puzzle(np.array([[1, 1]]))


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.sampled_from(["grid", "contest", "wh"]))
def test_every_format_round_trips(p, fmt):
    back = formats.loads(formats.dumps(p, fmt))
    assert np.array_equal(back.grid, p.grid)


needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"public puzzles not found at {DATA}")


@needs_data
def test_every_shared_file_is_read():
    # the contest and level files, one puzzle or answer each (numlin-v2's puzz.link file, three puzzles, is read in
    # test_numberlink_formats.py)
    files = sorted(p for p in DATA.rglob("*.txt") if "numlin-v2" not in p.parts)
    assert len(files) == 78
    puzzles = answers = 0
    for f in files:
        if formats.detect(f.read_text()) == "answer":
            grids = formats.load_answers(f)
            assert grids and all(g.ndim == 2 for g in grids)
            answers += 1
        else:
            ps = formats.load_all(f)
            assert len(ps) == 1 and ps[0].pairs >= 4
            puzzles += 1
    assert puzzles == 49 and answers == 29


@needs_data
def test_contest_answers_agree_with_their_problems():
    for a in sorted(DATA.glob("adc2015/A/A*.txt")):
        p = formats.load(DATA / "adc2015" / "Q" / a.name.replace("A", "Q", 1))
        grid = formats.load_answers(a)[0]
        assert grid.shape == p.shape
        ends = p.grid > 0
        assert np.array_equal(grid[ends], p.grid[ends])


BROKEN_LEVEL_ANSWERS = ["6x6_ra_5c_017", "6x6_ra_5c_027", "7x7_ra_6c_013", "7x7_ra_6c_023", "8x8_ra_6c_019",
                        "9x9_ra_7c_015", "9x9_ra_7c_025"]
"""Official answers of the level package that run a line through another pair's number."""


@needs_data
def test_level_solutions_pass_the_reference_checker_except_the_broken_ones():
    broken = []
    for sol in sorted(DATA.glob("levels-numberlink-pypi/*.sol.json")):
        p = formats.load(sol.with_name(sol.name.replace(".sol.json", ".txt")))
        paths = formats.load_paths(sol)
        by_pair = sorted(paths, key=lambda path: int(p.grid[path[0]]))
        found = problems(p.grid.tolist(), by_pair, fill="_ha_" in sol.name)
        if found:
            assert any("passes through the number" in x for x in found)
            broken.append(sol.name.replace(".sol.json", ""))
    assert broken == BROKEN_LEVEL_ANSWERS


@pytest.mark.parametrize("grid, message", [
    ([[3, 0, 3]], r"^pair id 1 is skipped: pairs are numbered 1 to 3 \(the highest id here\), each on two cells$"),
    ([[1, 2, 1, 2, 4, 4]], r"^pair id 3 is skipped: pairs are numbered 1 to 4"),
    ([[1, 0], [1]], r"^the rows of a puzzle grid differ in length: row 2 has 1 cell; row 1 has 2$"),
    ([[1, 0, 1], [0, 0, 0], [2, 2]], r"^the rows of a puzzle grid differ in length: row 3 has 2 cells; row 1 has 3$"),
    ([["a", 0, "a"]], r"not <U\d+; rows of labels are read by Puzzle\.from_rows$"),
])
def test_a_grid_of_ids_that_is_no_puzzle_is_named_plainly(grid, message):
    with pytest.raises(PuzzleError, match=message):
        Puzzle(grid)


def test_rows_of_text_separated_by_spaces_or_commas_hold_one_label_a_cell():
    p = Puzzle.from_rows(["1 . 2", "1 . 2"])
    assert p.shape == (2, 3) and p.grid.tolist() == [[1, 0, 2], [1, 0, 2]]
    assert Puzzle.from_rows(["10,0,10"]).labels == ("10",)
    assert Puzzle.from_rows(["1.1", "2 . 2"]) == formats.loads("1.1\n2 . 2\n")


def test_a_puzzle_whose_labels_no_grid_holds_prints_as_a_drawing():
    p = formats.loads("3 2\n#.#\n0.0\n0 0\n", format="wh")
    assert str(p) == "# · #\n0 · 0"
    assert str(Puzzle.from_rows(["1.1"])) == "1.1"


def test_replace_refuses_a_field_a_puzzle_does_not_have():
    with pytest.raises(TypeError, match="unexpected keyword argument 'nme'"):
        Puzzle.from_rows(["1.1"]).replace(nme="x")


@pytest.mark.parametrize("shape, pairs, labels, error, message", [
    ((2, 3), [((0, 0), (1, 2))], [], PuzzleError, r"^0 labels given for 1 pairs$"),
    ((2, 3), [((0, 0), (1, "x"))], None, PuzzleError, r"^an endpoint of number '1' must be two whole numbers"),
    ((2, 3), [((0, 0.5), (1, 2))], None, PuzzleError, r"not \(0, 0\.5\)$"),  # was read as (0, 0)
    ((2, 3), [(0, 0)], None, PuzzleError, r"must be two whole numbers, not 0$"),
    ((2, 3), [((0, 0), (1, 2), (1, 1))], None, PuzzleError, r"^the endpoints of number '1' are two \(row, col\) "),
    (5, [], None, InvalidSizeError, r"^shape must be two whole numbers, not 5$"),
])
def test_from_endpoints_names_what_is_wrong_with_its_arguments(shape, pairs, labels, error, message):
    with pytest.raises(error, match=message):
        Puzzle.from_endpoints(shape, pairs, labels=labels)
    assert Puzzle.from_endpoints(np.array([2, 3]), [(np.array([0, 0]), (1, 2))]).grid.tolist() == [[1, 0, 0],
                                                                                                   [0, 0, 1]]


@pytest.mark.parametrize("label", ["", " ", "a b", "\n", "\x00"])
def test_a_label_that_cannot_be_written_on_a_cell_is_refused(label):
    with pytest.raises(PuzzleError, match=r"^label .* a label is what is written on its cells$"):
        Puzzle([[1, 0, 1]], labels=[label])
    assert Puzzle([[1, 0, 1]], labels=["中"]).labels == ("中",)


def test_labels_given_as_one_string_are_refused():
    # a string is a sequence of characters: "10" for one pair was read as the labels "1" and "0"
    with pytest.raises(PuzzleError, match="labels is a sequence of strings, one a pair, not the string '10'"):
        Puzzle([[1, 0, 1]], labels="10")
    assert Puzzle([[1, 0, 1]], labels=["10"]).labels == ("10",)


def test_both_endpoints_of_a_pair_on_one_cell_are_named_so():
    with pytest.raises(PuzzleError, match=r"both endpoints of number '1' are cell \(0, 0\)"):
        Puzzle.from_endpoints((2, 2), [((0, 0), (0, 0))])
    with pytest.raises(PuzzleError, match=r"cell \(0, 0\) holds both number 'a' and number 'b'"):
        Puzzle.from_endpoints((2, 2), [((0, 0), (1, 1)), ((0, 0), (1, 0))], labels=["a", "b"])
