"""Number Link pictures: box-drawing text, SVG, PNG, the paper's number grid."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tremaux.errors import UnsupportedError
from tremaux.numberlink import Puzzle, solve_puzzle
from tremaux.numberlink.draw import numbers_text, palette, save, to_png, to_rich, to_svg, to_text

P = Puzzle.from_rows(["12.", "...", "1.2"])


def test_text_draws_lines_through_cells():
    r = solve_puzzle(P, "tremaux", rule="fill")  # the traveler's answer is fixed; the fast solver may find the other
    assert to_text(r).splitlines() == ["1 2─┐", "│ ┌─┘", "1 └─2"]
    assert numbers_text(r).splitlines() == ["1 2 2", "1 2 2", "1 2 2"]
    assert to_text(P).splitlines()[1] == "· · ·"


def test_rich_text_has_one_colour_per_pair():
    t = to_rich(solve_puzzle(P, rule="fill"))
    colours = {str(span.style).split()[-1] for span in t.spans if "#" in str(span.style)}
    assert colours == set(palette(2))
    assert [x.rstrip() for x in t.plain.splitlines()] == to_text(solve_puzzle(P, rule="fill")).splitlines()


def test_svg_has_a_polyline_per_pair_through_cell_centres():
    svg = to_svg(solve_puzzle(P, rule="fill"), cell=10)
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 2
    first = [tuple(map(float, p.split(","))) for p in lines[0].split()]
    assert first[0] == (5.0, 5.0) and all((x - 5) % 10 == 0 and (y - 5) % 10 == 0 for x, y in first)
    assert svg.count("<circle") == 4


def test_png_is_an_image_of_the_grid():
    img = Image.open(io.BytesIO(to_png(solve_puzzle(P, rule="fill"), cell=20)))
    assert img.size == (61, 61)
    assert img.getpixel((10, 30)) != img.getpixel((0, 0))  # the line of pair 1 runs down column 0


def test_many_labels_and_colours():
    assert len(set(palette(300))) == 300
    p = Puzzle.from_rows([["10", None, "10"], ["11", None, "11"]])
    assert to_text(solve_puzzle(p)).splitlines()[0] == "10────10"


def test_save_by_extension(tmp_path):
    r = solve_puzzle(P, rule="fill")
    for ext in ("svg", "png", "txt"):
        save(r, tmp_path / f"x.{ext}")
        assert (tmp_path / f"x.{ext}").stat().st_size > 0
    with pytest.raises(UnsupportedError, match="use .svg, .png or .txt"):
        save(r, tmp_path / "x.gif")


@pytest.mark.parametrize("text", [
    "1.2.\n....\n3.3.\n1..2\n",
    "4 3\n😀..é\n..[.\n😀[é.\n0 0\n",  # labels outside the Basic Multilingual Plane, and accents
    "10 0 0 7\n0 0 0 0\n123 0 7 0\n10 0 0 123\n",  # labels of several characters
])
@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_text_drawing_is_the_coloured_drawing_without_its_colours(text, rule):
    from tremaux.numberlink import loads

    puzzle = loads(text)
    for drawn in (puzzle, solve_puzzle(puzzle, rule=rule, touch=True)):
        if isinstance(drawn, Puzzle) or drawn.solutions:
            assert to_text(drawn) == "\n".join(ln.rstrip() for ln in to_rich(drawn).plain.split("\n"))


def _corners(n):
    """An n x n board with one pair in opposite corners."""
    import numpy as np

    grid = np.zeros((n, n), dtype=np.int32)
    grid[0, 0] = grid[-1, -1] = 1
    return Puzzle(grid)


def _python_calls(draw, puzzle):
    """How many Python functions (and built-ins) ``draw(puzzle)`` calls: the work done cell by cell shows in it,
    whatever the machine's load (which a time bound would measure as well)."""
    import sys

    calls = [0]

    def count(frame, event, arg):
        if event in ("call", "c_call"):
            calls[0] += 1

    sys.setprofile(count)
    try:
        draw(puzzle)
    finally:
        sys.setprofile(None)
    return calls[0]


def test_the_text_of_a_large_board_is_drawn_in_a_second_not_cell_by_cell():
    # 7 s on a 2048x2048 board drawn cell by cell, about 0.2 s as one array: the calls grow with the rows at most
    small, large = _python_calls(to_text, _corners(64)), _python_calls(to_text, _corners(256))
    assert large - small < 8 * (256 - 64)  # a few a row; cell by cell, hundreds of thousands more
    text = to_text(_corners(2048))
    assert len(text) == 2048 * (2 * 2048 - 1) + 2047


def test_the_numbers_of_a_large_board_are_written_as_one_array_not_cell_by_cell():
    # '--numbers' on a 4096x4096 board took 7 s cell by cell; now the calls do not grow with the board
    assert _python_calls(numbers_text, _corners(256)) == _python_calls(numbers_text, _corners(64))
    text = numbers_text(_corners(2048))
    rows = text.split("\n")
    assert len(rows) == 2048 and all(len(row) == 2 * 2048 - 1 for row in rows)
    assert rows[0].startswith("1 0 0") and rows[-1].endswith("0 0 1") and text.count("1") == 2


def test_numbers_of_several_widths_are_right_aligned_to_the_widest_on_the_board():
    import numpy as np

    grid = np.zeros((3, 4), dtype=np.int32)
    grid[0], grid[2] = [1, 2, 3, 4], [1, 2, 3, 4]
    puzzle = Puzzle(grid, labels=["5", "10", "100", "7"])
    for drawn in (puzzle, solve_puzzle(puzzle)):
        numbers = [[5, 10, 100, 7], [0, 0, 0, 0] if drawn is puzzle else [5, 10, 100, 7], [5, 10, 100, 7]]
        assert numbers_text(drawn).split("\n") == [" ".join(f"{x:>3}" for x in row) for row in numbers]
    assert numbers_text(Puzzle.from_rows(["1", "1"])) == "1\n1"


@pytest.mark.parametrize("draw", [to_text, to_svg, to_png, numbers_text])
def test_lines_that_are_not_of_the_puzzle_drawn_are_refused_by_name(draw):
    three = solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]), rule="nikoli").linking
    for puzzle, lines in ((Puzzle.from_rows(["1.1"]), three), (Puzzle.from_rows(["1.1.", "2.2."]), three),
                          (Puzzle.from_rows(["1.1"]), [[(0, 0), (0, 1), (0, 2)]])):
        with pytest.raises(UnsupportedError, match=r"^cannot draw \(puzzle, .*\): not a Linking of this puzzle's "):
            draw((puzzle, lines))


@pytest.mark.parametrize("obj, what", [(5, "an int"), (None, "a NoneType"), ({}, "a dict"), (object(), "an object")])
@pytest.mark.parametrize("draw", [to_text, numbers_text, to_svg])
def test_what_is_no_drawing_is_named_with_its_article(draw, obj, what):
    with pytest.raises(UnsupportedError, match=rf"^cannot draw {what}; give a Puzzle, a PuzzleSolution or "):
        draw(obj)
