"""Number Link PNG pictures drawn in bulk: the same pixels as drawing line by line, bounded sizes and memory."""

from __future__ import annotations

import io
import math
import tracemalloc

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from tremaux import budget
from tremaux.errors import InvalidSizeError, MemoryLimitError
from tremaux.numberlink import Puzzle, loads, solve_puzzle
from tremaux.numberlink.cover import walk_cover
from tremaux.numberlink.draw import MAX_PICTURE_PIXELS, palette, picture_cell, to_png
from tremaux.numberlink.draw.common import palette_rgb
from tremaux.numberlink.draw.png import LABEL_MIN_CELL, png_bytes
from tremaux.numberlink.result import Linking

from cli_helpers import run


def _line_by_line(puzzle, linking, cell, colours):
    """The picture drawn with Pillow path by path, disc by disc (how ``to_png`` drew before it drew in bulk)."""
    h, w = puzzle.shape
    img = Image.new("RGB", (w * cell + 1, h * cell + 1), "#ffffff")
    d = ImageDraw.Draw(img)
    for r in range(h + 1):
        d.line([(0, r * cell), (w * cell, r * cell)], fill="#dddddd")
    for c in range(w + 1):
        d.line([(c * cell, 0), (c * cell, h * cell)], fill="#dddddd")
    lw = max(2, int(cell * 0.32))
    if linking is not None:
        for k, path in enumerate(linking.paths, start=1):
            pts = [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in path.tolist()]
            if len(pts) >= 2:
                d.line(pts, fill=colours[k - 1], width=lw, joint="curve")
            for x, y in pts:
                d.ellipse([x - lw / 2, y - lw / 2, x + lw / 2, y + lw / 2], fill=colours[k - 1])
    font = ImageFont.load_default(size=max(8, int(cell * 0.5)))
    rad = cell * 0.42
    for k in range(1, puzzle.pairs + 1):
        for r, c in puzzle.endpoints(k):
            cx, cy = (c + 0.5) * cell, (r + 0.5) * cell
            d.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=colours[k - 1])
            d.text((cx, cy), puzzle.labels[k - 1], fill="#ffffff", font=_fitting(d, puzzle.labels[k - 1], font, cell),
                   anchor="mm")
    return np.asarray(img)


def _fitting(d, text, font, cell):
    """The largest font, from ``font`` down to 6 pixels, in which ``text`` is at most 0.85 of a cell wide."""
    size = font.size
    while size > 6 and d.textlength(text, font=ImageFont.load_default(size=size)) > 0.85 * cell:
        size -= 1
    return ImageFont.load_default(size=size)


def _pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def _walked(n, seed):
    """A solved n x n board: a cover by winding lines, their ends the endpoints."""
    lines = [ln for ln in walk_cover(n, n, np.random.default_rng(seed), 12) if len(ln) >= 2]
    grid = np.zeros((n, n), dtype=np.int32)
    paths = [[divmod(c, n) for c in ln] for ln in lines]
    for k, p in enumerate(paths, start=1):
        grid[p[0]] = grid[p[-1]] = k
    puzzle = Puzzle(grid)
    return puzzle, Linking.from_paths(puzzle, paths)


def _straight(h, w):
    """An h x w board of one straight line a row (built without solving, as big as wanted)."""
    grid = np.zeros((h, w), dtype=np.int32)
    grid[:, 0] = grid[:, -1] = np.arange(1, h + 1)
    puzzle = Puzzle(grid)
    cols = np.arange(w)
    return puzzle, Linking(puzzle.shape, tuple(np.stack([np.full(w, r), cols], axis=1) for r in range(h)))


def _boards():
    yield "winding 7x7", _walked(7, 1)
    yield "winding 24x24", _walked(24, 2)
    yield "the puzzle alone", _walked(24, 2)[0]
    labelled = loads("10 0 0 7\n0 0 0 0\n123 0 7 0\n10 0 0 123\n")  # labels of several characters
    yield "long labels", solve_puzzle(labelled, rule="fill")
    sparse = solve_puzzle(Puzzle.from_rows(["1...2", ".....", "1...2"]), rule="nikoli")  # cells left empty
    yield "empty cells", sparse


@pytest.mark.parametrize("cell", [28, 19, 13, LABEL_MIN_CELL])
def test_small_boards_are_drawn_pixel_for_pixel_as_line_by_line(cell):
    for name, drawn in _boards():
        puzzle, linking = (drawn, None) if isinstance(drawn, Puzzle) else (
            (drawn.puzzle, drawn.linking) if hasattr(drawn, "linking") else drawn)
        expected = _line_by_line(puzzle, linking, cell, palette(puzzle.pairs))
        got = _pixels(to_png((puzzle, linking), cell=cell))
        assert got.shape == expected.shape, name
        differ = np.any(got != expected, axis=2)
        if name == "long labels" and cell < 28:  # too wide for their cell even in the smallest font: cut at
            assert np.all(expected[differ].astype(int) >= got[differ]) and differ.mean() < 0.01, name  # its border
        else:  # at 28 pixels a cell every label fits (drawn smaller when it is long): no pixel is lost
            assert not differ.any(), f"{name}: {differ.sum()} pixels differ at {cell} pixels a cell"


def test_given_colours_and_small_cells_keep_the_lines_and_discs():
    puzzle, linking = _walked(16, 3)
    colours = ["red", "#0a0", "rgb(0, 0, 200)"] * puzzle.pairs
    expected = _line_by_line(puzzle, linking, 28, colours)
    assert np.array_equal(_pixels(to_png((puzzle, linking), colours=colours)), expected)
    small = _pixels(to_png((puzzle, linking), cell=6, colours=colours))  # no labels: each endpoint a disc of its pair's colour
    r, c = puzzle.endpoints(1)[0]
    assert tuple(small[r * 6 + 3, c * 6 + 3]) == (255, 0, 0)
    with pytest.raises(InvalidSizeError, match="colours: "):
        to_png((puzzle, linking), colours=["no such colour"] * puzzle.pairs)


def test_the_palette_is_computed_at_once_with_the_same_colours():
    import colorsys

    def one_by_one(i):
        r, g, b = colorsys.hls_to_rgb((i * 0.618033988749895) % 1.0, (0.38, 0.5, 0.62)[i % 3], 0.75)
        return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"

    colours = palette(5000)
    assert colours[16:] == [one_by_one(i) for i in range(16, 5000)]
    assert palette_rgb(5000).tobytes().hex() == "".join(c[1:] for c in colours)
    assert palette(0) == [] and palette(2) == ["#e6194b", "#3cb44b"]


@pytest.mark.parametrize("shape", [(1, 1), (3, 7), (100, 100), (146, 146), (147, 147), (300, 300), (1000, 1000),
                                   (1, 20000), (5000, 5000)])
def test_the_chosen_cell_keeps_the_picture_within_its_pixels_and_is_the_largest_that_does(shape):
    h, w = shape
    cell = picture_cell(shape)
    assert 1 <= cell <= 28
    if cell > 1:
        assert (w * cell + 1) * (h * cell + 1) <= MAX_PICTURE_PIXELS
    if cell < 28:
        assert (w * (cell + 1) + 1) * (h * (cell + 1) + 1) > MAX_PICTURE_PIXELS


def _python_calls(draw):
    import sys

    calls = [0]

    def count(frame, event, arg):
        if event in ("call", "c_call"):
            calls[0] += 1

    sys.setprofile(count)
    try:
        draw()
    finally:
        sys.setprofile(None)
    return calls[0]


def test_a_big_board_is_drawn_in_bulk_within_the_picture_size():
    # a 1000x1000 board took 47 s and 3.2 GB, drawn path by path at 28 pixels a cell; its calls grew with the cells
    small, large = _straight(150, 150), _straight(600, 600)
    to_png(small, cell=6)  # the tiles of 6-pixel cells drawn once
    calls = _python_calls(lambda: to_png(small, cell=6)), _python_calls(lambda: to_png(large, cell=6))
    assert calls[1] - calls[0] < 1000  # a few per band of rows; drawn line by line, 16 times the cells more
    img = Image.open(io.BytesIO(to_png(large)))
    assert img.size == (600 * picture_cell((600, 600)) + 1,) * 2 and img.size[0] * img.size[1] <= MAX_PICTURE_PIXELS
    px = np.asarray(img.convert("RGB"))
    cell = picture_cell((600, 600))
    colours = palette_rgb(600)
    assert all(tuple(px[r * cell + cell // 2, 300 * cell + cell // 2]) == tuple(colours[r]) for r in (0, 299, 599))


@pytest.mark.parametrize("drawn, cell", [("walked", 13), ("walked", 28), ("endpoints", LABEL_MIN_CELL)])
def test_the_memory_estimate_covers_the_drawing(drawn, cell):
    if drawn == "walked":
        puzzle, linking = _walked(60, 4)
    else:  # every cell an endpoint, every label blended
        grid = np.repeat(np.arange(1, 60 * 30 + 1, dtype=np.int32).reshape(60, 30), 2, axis=1)
        puzzle = Puzzle(grid)
        linking = Linking(puzzle.shape, tuple(np.array([[r, 2 * j], [r, 2 * j + 1]]) for r in range(60)
                                              for j in range(30)))
    to_png((puzzle, linking), cell=cell)  # fonts and tiles loaded
    tracemalloc.start()
    try:
        png = to_png((puzzle, linking), cell=cell)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    h, w = puzzle.shape
    estimate = png_bytes(w * cell + 1, h * cell + 1, cell, puzzle.pairs)
    assert len(png) < peak <= estimate


def test_a_picture_past_the_memory_budget_is_refused_before_it_is_drawn(capsys, tmp_path):
    board = _straight(300, 300)
    with budget.limited("32M"), pytest.raises(MemoryLimitError, match=r"^a PNG of 6001 x 6001 pixels \(300x300 "):
        to_png(board, cell=20)
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(f"{r + 1} " + "0 " * 38 + f"{r + 1}" for r in range(40)) + "\n")
    code, out, err = run(capsys, "--memory-limit", "12M", "numberlink", "solve", str(path), "-o",
                         str(tmp_path / "lines.png"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("error: a PNG of 1121 x 1121 pixels (40x40 cells of 28 pixels) needs about ")
    assert not (tmp_path / "lines.png").exists()
    assert math.isclose(picture_cell((40, 40)), 28)
