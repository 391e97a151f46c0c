"""Pictures of mazes read as mazes (``tremaux.io.image``): tremaux's own PNGs, block pictures, other formats."""

from __future__ import annotations

import io as std_io
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

import tremaux
from tremaux import Maze, generate
from tremaux import io as mio
from tremaux.errors import MazeFormatError
from tremaux.io import block, image
from tremaux.render import to_png


def _encoded(pixels: np.ndarray, fmt: str) -> bytes:
    buf = std_io.BytesIO()
    Image.fromarray(pixels).save(buf, fmt, **({"quality": 80} if fmt == "JPEG" else {}))
    return buf.getvalue()


@pytest.mark.parametrize("shape, algorithm", [((3, 4), "backtracker"), ((7, 11), "kruskal"), ((25, 18), "wilson"),
                                              ((60, 80), "prim"), ((2, 2), "binary-tree"), ((5, 40), "eller")])
def test_tremaux_pictures_read_back_as_the_maze_with_start_and_goal(shape, algorithm):
    maze = generate(shape, algorithm, seed=4).maze
    assert image.loads(to_png(maze)) == maze  # the start and goal cells are drawn red and green
    assert mio.loads(mio.dumps(maze, "image")) == maze  # through the registry, detected from the bytes
    again = image.loads(to_png(maze, start=False, goal=False, cell_size=5, wall_width=1, margin=3))
    assert (again.cells == maze.cells).all() and again.start is None and again.goal is None


@pytest.mark.parametrize("fmt", ["PNG", "GIF", "BMP", "JPEG"])
@pytest.mark.parametrize("scale", [1, 3, 8])
def test_block_pictures_read_at_any_scale_and_format(fmt, scale):
    maze = generate((9, 13), "backtracker", seed=scale).maze
    squares = np.where(block.to_blocks(maze), 0, 255).astype(np.uint8)  # mazelib's grid: True for a wall
    read = image.loads(_encoded(squares.repeat(scale, 0).repeat(scale, 1), fmt))
    assert read.shape == maze.shape and (read.cells == maze.cells).all()


def test_gaps_in_the_outer_wall_are_the_start_and_the_goal():
    maze = generate((6, 8), "kruskal", seed=2).maze
    squares = block.to_blocks(maze)
    squares[1, 0] = squares[-2, -1] = False  # an opening beside cell (0, 0) and one beside (5, 7)
    read = image.loads(_encoded(np.where(squares, 0, 255).astype(np.uint8).repeat(4, 0).repeat(4, 1), "PNG"))
    assert (read.start, read.goal) == ((0, 0), (5, 7))
    assert (read.cells == maze.cells).all()


def test_pictures_that_hold_no_maze_are_refused_by_name(monkeypatch):
    with pytest.raises(MazeFormatError, match="not a picture Pillow can read"):
        image.loads(b"\x89PNG\r\n\x1a\n broken")
    with pytest.raises(MazeFormatError, match="no contrast"):
        image.loads(_encoded(np.full((40, 40), 200, np.uint8), "PNG"))
    box = np.full((40, 40), 255, np.uint8)
    box[:3] = box[-3:] = 0
    box[:, :3] = box[:, -3:] = 0  # an outer wall alone, as a picture from elsewhere (no note) shows an open maze
    with pytest.raises(MazeFormatError, match="cells cannot be counted"):
        image.loads(_encoded(box, "PNG"))
    ring = np.full((40, 40), 255, np.uint8)
    ring[5:9, 5:30] = 0  # a bar, not a maze's outer wall
    with pytest.raises(MazeFormatError, match="no outer wall"):
        image.loads(_encoded(ring, "PNG"))
    monkeypatch.setattr(image, "MAX_PIXELS", 100)
    with pytest.raises(MazeFormatError, match="over the limit of 100 pixels"):
        image.loads(to_png(generate((3, 3), "backtracker", seed=1).maze))


def test_a_picture_is_solved_from_the_command_line(tmp_path):
    maze = generate((8, 10), "backtracker", seed=7).maze
    (tmp_path / "maze.png").write_bytes(to_png(maze))
    out = subprocess.run([sys.executable, "-m", "tremaux", "solve", str(tmp_path / "maze.png")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "path of" in out.stderr and " S " in out.stdout and " G " in out.stdout
    assert mio.load(tmp_path / "maze.png") == maze


@pytest.mark.parametrize("braid", [0.0, 0.5, 1.0])
def test_every_generator_braided_or_not_reads_back(braid):
    from tremaux.generators import GENERATORS

    for e in GENERATORS:  # braided mazes have posts where no wall meets, left undrawn
        maze = generate((9, 12), e.name, seed=5, braid=braid).maze
        assert image.loads(to_png(maze)) == maze, e.name


@pytest.mark.parametrize("maze", [Maze.open((2, 3)), Maze.open((1, 1)), Maze(np.zeros((1, 1), np.uint8)),
                                  tremaux.generate((1, 5), seed=1).maze, tremaux.generate((7, 1), seed=2).maze,
                                  tremaux.generate((2, 2), "kruskal", seed=1, braid=1.0).maze])
def test_a_maze_without_a_wall_between_two_cells_reads_back_from_its_picture(tmp_path, maze):
    from tremaux import render

    assert mio.loads(mio.dumps(maze, "image")) == maze  # its note counts the cells no wall shows
    mio.save(maze, tmp_path / "m.png")
    assert mio.load(tmp_path / "m.png") == maze
    assert mio.loads(render.render(maze, "gif")) == maze


def test_a_maze_of_several_levels_is_saved_as_a_picture_that_reads_back(tmp_path):
    mio.save(Maze.open((2, 2, 3)), tmp_path / "m.png")
    assert mio.load(tmp_path / "m.png") == Maze.open((2, 2, 3))


@pytest.mark.parametrize("shape", [(2, 2), (2, 7), (5, 1), (6, 6)])
@pytest.mark.parametrize("braid", [0.0, 1.0])
def test_every_picture_written_reads_back_as_the_maze(shape, braid):
    maze = tremaux.generate(shape, "kruskal", seed=4, braid=braid).maze
    assert mio.loads(mio.dumps(maze, "image")) == maze


def test_pictures_of_several_levels_read_back_level_by_level_not_as_one_wide_maze():
    from tremaux import render

    run = tremaux.generate((2, 3, 4), seed=1, record=True)
    sol = tremaux.solve(run.maze, "bfs", record=True)
    for data in (render.to_png(run.maze), render.render(run.maze, "gif"), render.to_gif(run, frames=4),
                 render.to_gif(sol, frames=4)):
        assert mio.loads(data) == run.maze
    flat = tremaux.generate((3, 4), seed=1).maze
    assert mio.loads(render.to_png(flat)) == flat == mio.loads(render.render(flat, "gif"))


def test_an_older_picture_noting_only_the_number_of_levels_is_still_refused():
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("tremaux-levels", "2")
    buf = std_io.BytesIO()
    Image.open(std_io.BytesIO(tremaux.render.to_png(tremaux.generate((2, 3, 4), seed=1).maze))).save(buf, "PNG",
                                                                                                  pnginfo=info)
    with pytest.raises(MazeFormatError, match="a maze of 2 levels side by side; a picture is read as one level"):
        mio.loads(buf.getvalue())


_MASKS = ["###\n#.#\n###", ".....\n.###.\n.#.#.\n.###.", "#....\n#####\n....#", "..#..\n.###.\n#####\n.#.#."]


@pytest.mark.parametrize("text", _MASKS)
def test_pictures_of_masked_mazes_read_back_with_their_shape(text):
    from tremaux import render
    from tremaux.generators.masks import mask_from_text

    mask = mask_from_text(text)
    maze = tremaux.generate(None, "kruskal", mask=mask, seed=3, braid=0.5).maze
    assert mio.loads(mio.dumps(maze, "image")) == maze
    assert mio.loads(render.render(maze, "gif")) == maze
    for sizes in ({"cell_size": 1, "wall_width": 1, "margin": 0}, {"cell_size": 9, "wall_width": 3, "margin": 5}):
        back = image.loads(to_png(maze, **sizes))
        assert back == maze and (back.mask == maze.mask).all()
    sol = tremaux.solve(maze, "bfs")
    assert mio.loads(to_png(sol)) == maze  # the path drawn over it


def test_a_resized_or_damaged_picture_of_a_masked_maze_is_refused_by_name():
    maze = tremaux.generate(None, mask=np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], bool), seed=2).maze
    im = Image.open(std_io.BytesIO(to_png(maze)))
    buf = std_io.BytesIO()
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text(image.MASK_NOTE, im.info[image.MASK_NOTE])
    im.resize((im.width * 2, im.height * 2)).save(buf, "PNG", pnginfo=info)
    with pytest.raises(MazeFormatError, match="resized or cropped"):
        image.loads(buf.getvalue())
    for bad in ("3x3 cell=16", "3x3 cell=16 wall=2 margin=8 !!!!", "3x3 cell=16 wall=2 margin=8 " + image.mask_note(np.ones((1, 8), bool), 1, 1, 0).split()[-1]):
        info = PngInfo()
        info.add_text(image.MASK_NOTE, bad)
        buf = std_io.BytesIO()
        im.save(buf, "PNG", pnginfo=info)
        with pytest.raises(MazeFormatError, match="note is damaged"):
            image.loads(buf.getvalue())


def test_a_masked_maze_generated_as_a_picture_is_solved_from_it(tmp_path):
    (tmp_path / "mask.txt").write_text(_MASKS[1])
    run = [sys.executable, "-m", "tremaux"]
    for out in ("m.png", "m.json"):
        subprocess.run(run + ["generate", "--mask", str(tmp_path / "mask.txt"), "--seed", "1", "-o",
                              str(tmp_path / out)], check=True, capture_output=True, timeout=120)
    answers = [subprocess.run(run + ["solve", str(tmp_path / f)], capture_output=True, text=True, timeout=120)
               for f in ("m.png", "m.json")]
    assert answers[0].returncode == 0, answers[0].stderr
    assert answers[0].stdout == answers[1].stdout and "###" in answers[0].stdout


def test_an_animation_reads_back_as_the_finished_maze():
    from tremaux import render

    run = tremaux.generate((6, 7), "wilson", seed=5, record=True)
    assert mio.loads(render.to_gif(run, frames=12)) == run.maze  # the carving: its first frame is all walls
    assert mio.loads(render.to_gif(tremaux.solve(run.maze, "tremaux", record=True), frames=12)) == run.maze
    shaped = tremaux.generate(None, mask=np.array([[1, 1, 1, 0], [1, 0, 1, 1], [1, 1, 1, 1]], bool), seed=2,
                              record=True)
    assert mio.loads(render.to_gif(shaped, frames=6)) == shaped.maze


def test_a_long_animation_is_refused_before_it_is_replayed(monkeypatch):
    from tremaux import render

    gif = render.to_gif(tremaux.generate((6, 7), seed=5, record=True), frames=12)
    monkeypatch.setattr(image, "MAX_REPLAYED", 1000)
    with pytest.raises(MazeFormatError, match="too long to replay to its last frame"):
        mio.loads(gif)


@pytest.mark.parametrize("grid, words", [({"kind": "polar", "rings": 4}, "a polar maze"),
                                         ({"kind": "hex", "size": (4, 5)}, "a hex maze"),
                                         ({"kind": "square", "size": (4, 5), "wrap": "torus"}, r"a square \(torus\)"),
                                         ({"kind": "square", "size": (5, 6), "weave": True}, "a square woven maze")])
def test_pictures_of_other_grids_are_refused_by_name(grid, words):
    from tremaux.grids import animate, draw, generate_on, make_grid

    run = generate_on(make_grid(grid.pop("kind"), **grid), "kruskal", seed=1, record=True)
    for data in (draw.to_png(run.maze), animate.to_gif(run, frames=5)):
        with pytest.raises(MazeFormatError, match=f"shows {words}.*only pictures of plain square mazes"):
            mio.loads(data)


@pytest.mark.parametrize("shape, algorithm, seed", [((40, 3), "eller", 0), ((3, 40), "kruskal", 0),
                                                    ((200, 2), "wilson", 1), ((100, 4), "eller", 1)])
def test_narrow_mazes_drawn_a_pixel_a_cell_read_back(shape, algorithm, seed):
    # a row of cells walled all round is mostly wall when cells are as thin as walls: not the outer wall
    maze = generate(shape, algorithm, seed=seed).maze
    assert image.loads(to_png(maze, cell_size=1)) == maze


def test_a_picture_with_its_lattice_note_reads_in_any_wall_colour():
    maze = Maze.open((6, 1), start=(0, 0), goal=(5, 0))
    sol = tremaux.solve(maze, "bfs")
    assert image.loads(to_png(sol, palette={"wall": "#ff0000"})) == maze  # the wall colour is read at a post
    with pytest.raises(MazeFormatError, match="cells are drawn in the colour of its walls"):
        image.loads(to_png(maze, palette={"background": "#000", "wall": "#fff"}))  # the floor is white too


@pytest.mark.parametrize("shape, algorithm", [((8, 10), "backtracker"), ((2, 2), "binary-tree"),
                                              ((6, 15), "sidewinder"), ((12, 9), "kruskal")])
@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_dark_mode_picture_light_walls_on_a_dark_ground_reads_as_the_maze(shape, algorithm, fmt):
    # tremaux's picture with its colours inverted: white walls, black cells and margin (the 9 x 11 "maze" of the
    # black squares between the white walls was read before)
    maze = generate(shape, algorithm, seed=3).maze
    pixels = np.asarray(Image.open(std_io.BytesIO(to_png(maze, start=False, goal=False))).convert("RGB"))
    got = mio.loads(_encoded(255 - pixels, fmt))
    assert got.shape == maze.shape and (got.cells == maze.cells).all()


@pytest.mark.parametrize("algorithm", ["binary-tree", "sidewinder", "backtracker"])
def test_block_pictures_without_a_margin_still_read_with_dark_walls(algorithm):
    maze = generate((5, 7), algorithm, seed=2).maze
    squares = np.where(block.to_blocks(maze), 0, 255).astype(np.uint8).repeat(6, 0).repeat(6, 1)
    got = mio.loads(_encoded(squares, "PNG"))
    assert got.shape == maze.shape and (got.cells == maze.cells).all()
    inverted = mio.loads(_encoded(np.pad(255 - squares, 8), "PNG"))  # light walls, dark margin
    assert inverted.shape == maze.shape and (inverted.cells == maze.cells).all()


@pytest.mark.parametrize("ground", [0, 255])  # what an editor leaves under its transparent pixels: black or white
@pytest.mark.parametrize("walls", ["dark", "light"])
@pytest.mark.parametrize("mode", ["RGBA", "LA", "P"])
def test_walls_on_a_transparent_ground_read_as_the_maze(ground, walls, mode):
    # a drawing exported "with a transparent background": only the walls are opaque; the colour under the
    # transparent pixels is whatever the editor kept (often black), and the picture means what it shows
    maze = generate((5, 7), "backtracker", seed=4).maze
    wall = block.to_blocks(maze).repeat(5, 0).repeat(5, 1)
    ink = 0 if walls == "dark" else 255
    rgba = np.zeros(wall.shape + (4,), np.uint8)
    rgba[..., :3] = np.where(wall, ink, ground)[..., None]
    rgba[..., 3] = np.where(wall, 255, 0)
    im = Image.fromarray(rgba, "RGBA")
    im = im.convert("LA") if mode == "LA" else im.quantize(4) if mode == "P" else im
    buf = std_io.BytesIO()
    im.save(buf, "PNG")
    got = mio.loads(buf.getvalue())
    assert got.shape == maze.shape and (got.cells == maze.cells).all()
