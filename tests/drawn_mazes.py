"""Maze pictures drawn as other tools draw them, for the picture reader's tests and benchmarks.

Line mazes as a turtle or plotting script draws them (:func:`line_picture`),
block mazes as ``plt.imshow`` shows mazelib's grid (:func:`block_picture`),
and the verdict on a reading (:func:`outcome`): used by
``tests/test_maze_inputs_s42_pictures.py``, ``benchmarks/bench_image_drawn.py``
and ``benchmarks/bench_image_scaled.py``.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

from tremaux.errors import MazeFormatError
from tremaux.io.image import loads


def segments(maze):
    """The wall segments of ``maze`` as pairs of lattice points (row, column)."""
    H, W = maze.shape
    c = maze.cells
    for i in range(H):
        for j in range(W):
            if not c[i, j] & 1:
                yield (i, j), (i, j + 1)
            if not c[i, j] & 8:
                yield (i, j), (i + 1, j)
            if i == H - 1 and not c[i, j] & 4:
                yield (i + 1, j), (i + 1, j + 1)
            if j == W - 1 and not c[i, j] & 2:
                yield (i, j + 1), (i + 1, j + 1)


def line_picture(maze, *, cell=16.0, width=2.0, margin=10.0, ink=(0, 0, 0), ground=(255, 255, 255), gaps=True,
                 title=0, supersample=1, fmt="PNG", **save) -> bytes:
    """``maze`` drawn as a turtle or matplotlib script draws one: each wall a line ``width`` pixels wide centred on
    the lattice of ``cell`` pixels (fractions allowed), openings in the outer wall at the top-left cell and the
    bottom-right one (``gaps``: or a list of the segments left out), a line of text above (``title`` pixels); ``supersample`` > 1 draws it that many
    times larger and shrinks it with Lanczos (anti-aliased edges)."""
    H, W = maze.shape
    s = supersample
    size = (int((W * cell + 2 * margin) * s), int((H * cell + 2 * margin + title) * s))
    im = Image.new("RGB", size, ground)
    draw = ImageDraw.Draw(im)
    at = lambda v: int(np.floor(v * s + 0.5))  # noqa: E731
    h = width / 2
    for a, b in segments(maze):
        if gaps and (a, b) in (gaps if isinstance(gaps, list) else (((0, 0), (0, 1)), ((H, W - 1), (H, W)))):
            continue
        y0, x0 = margin + title + a[0] * cell, margin + a[1] * cell
        y1, x1 = margin + title + b[0] * cell, margin + b[1] * cell
        draw.rectangle([at(x0 - h), at(y0 - h), at(x1 + h) - 1, at(y1 + h) - 1], fill=ink)
    if title:
        draw.text((at(margin), at(2)), f"A maze of {H} x {W}", fill=ink)
    if s > 1:
        im = im.resize((im.width // s, im.height // s), Image.LANCZOS)
    buf = io.BytesIO()
    im.save(buf, fmt, **save)
    return buf.getvalue()


def block_picture(maze, *, scale=4.0, margin=0, title=0, resample=Image.NEAREST, fmt="PNG", **save) -> bytes:
    """``maze`` shown as mazelib's ``plt.imshow(grid)`` shows it: a square a wall or passage, ``scale`` pixels a
    square, resized with ``resample``, on a white margin, with a line of text above (``title`` pixels)."""
    from tremaux.io.block import to_blocks

    squares = Image.fromarray(np.where(np.asarray(to_blocks(maze), bool), 0, 255).astype(np.uint8)).convert("RGB")
    squares = squares.resize((round(squares.width * scale), round(squares.height * scale)), resample)
    im = Image.new("RGB", (squares.width + 2 * margin, squares.height + 2 * margin + title), "white")
    im.paste(squares, (margin, margin + title))
    if title:
        ImageDraw.Draw(im).text((margin, 2), "maze", fill="black")
    buf = io.BytesIO()
    im.save(buf, fmt, **save)
    return buf.getvalue()


def outcome(maze, data: bytes) -> str:
    try:
        got = loads(data)
    except MazeFormatError:
        return "refused"
    return "right" if got.shape == maze.shape and np.array_equal(got.cells, maze.cells) else "wrong"
