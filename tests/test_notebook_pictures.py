"""What a notebook shows of big mazes and big Number Link boards: a picture of bounded size, never nothing.

Found by ``benchmarks/sweep_notebook.py``: a square maze of 1001 x 1000 to 2000 x 2000 cells showed only its
``repr``, and a Number Link board of 100 x 100 to 200 x 200 an SVG of 1 to 4 MB (none at all past 40,000 cells).
"""

import io

import pytest
from PIL import Image

import tremaux
from tremaux import numberlink as nl

BOUND = 2_500_000  # bytes of the pictures a notebook stores for one output


def _png(data):
    assert data is not None and data[:4] == b"\x89PNG"
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        return im.convert("RGB")


@pytest.fixture(scope="module")
def big():
    made = tremaux.generate((1100, 1000), "backtracker", seed=3)
    return made, tremaux.solve(made.maze, "bfs")


def test_a_maze_past_a_million_cells_shows_a_scaled_png(big):
    made, sol = big
    assert made.maze._repr_svg_() is None
    pictures = [made.maze._repr_png_(), made._repr_png_(), sol._repr_png_()]
    images = [_png(p) for p in pictures]
    assert all(len(p) < BOUND for p in pictures)
    assert all(max(im.size) <= 2048 for im in images)  # 2201 pixels drawn, halved
    assert pictures[0] == pictures[1]  # what generate returns shows its maze
    assert images[2].tobytes() != images[0].tobytes()  # the solution is drawn


def test_the_scaled_png_stops_at_the_documented_limit():
    assert tremaux.Maze.closed((2001, 2000))._repr_png_() is None
    assert tremaux.Maze.open((1, 1_000_001))._repr_png_() is None  # too long to see once scaled


def _board(h, w):
    return nl.Puzzle.from_rows(["1" + "." * (w - 2) + "1"] + ["2" + "." * (w - 2) + "2"] + ["." * w] * (h - 2))


def test_a_big_number_link_board_shows_a_png_not_a_huge_svg():
    h, w = 101, 100  # past NOTEBOOK_PUZZLE_SVG_CELLS (10,000)
    puzzle = _board(h, w)
    run = nl.solve_puzzle(puzzle, rule="nikoli")
    assert run.status == "solved"
    for shown in (puzzle, run, nl.diagnose(puzzle, rule="nikoli")):
        assert shown._repr_svg_() is None
        picture = shown._repr_png_()
        assert len(picture) < BOUND and max(_png(picture).size) <= 1100
    assert _png(run._repr_png_()).tobytes() != _png(puzzle._repr_png_()).tobytes()  # the lines are drawn


def test_a_small_board_keeps_its_svg_only():
    puzzle = _board(10, 10)
    assert puzzle._repr_svg_().startswith("<svg") and puzzle._repr_png_() is None
    made = nl.generate_puzzle((4, 4), seed=1)
    assert made._repr_png_() is None and made._repr_svg_() == made.puzzle._repr_svg_()


@pytest.mark.parametrize("on_grid", [False, True])
def test_an_animation_plays_in_a_notebook_and_its_repr_is_one_line(on_grid):
    import base64

    if on_grid:
        from tremaux import grids
        from tremaux.grids.animate import to_animated_svg, to_gif

        run = grids.generate_on(grids.make_grid("hex", size=(4, 5)), seed=2, record=True)
    else:
        from tremaux.render import to_animated_svg, to_gif

        run = tremaux.generate((5, 6), seed=2, record=True)
    gif, svg = to_gif(run, frames=5), to_animated_svg(run, frames=5)
    assert isinstance(gif, bytes) and gif[:6] == b"GIF89a" and isinstance(svg, str)
    html = gif._repr_html_()  # what a notebook shows of the cell's value (IPython's formatters call these)
    assert html.startswith('<img src="data:image/gif;base64,')
    with Image.open(io.BytesIO(base64.b64decode(html.split(",", 1)[1].split('"')[0]))) as im:
        assert im.format == "GIF" and im.n_frames > 1  # the same file, playing
    assert repr(gif) == f"<animated GIF, {len(gif):,} bytes>"  # the text shown beside it: not the escaped file
    assert svg._repr_svg_() == str(svg) and ("<animate" in svg or "<set" in svg)
    assert repr(svg) == f"<animated SVG, {len(svg):,} characters>"
