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


def test_the_text_of_a_large_board_is_drawn_in_a_second_not_cell_by_cell():
    import time

    import numpy as np

    grid = np.zeros((2048, 2048), dtype=np.int32)
    grid[0, 0] = grid[-1, -1] = 1
    puzzle = Puzzle(grid)
    t0 = time.perf_counter()
    text = to_text(puzzle)
    assert time.perf_counter() - t0 < 3  # about 0.2 s; 7 s drawn cell by cell
    assert len(text) == 2048 * (2 * 2048 - 1) + 2047
