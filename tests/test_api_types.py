"""Values of the wrong type at the public API: tremaux's own one-line errors, never a numpy or Python one."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import tremaux
from tremaux import Maze
from tremaux import io as mio
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError, TremauxError, UnknownNameError
from tremaux.grids import generate_on, make_grid, solve_on
from tremaux.maze.cells import whole_numbers

NOT_WHOLE = [True, np.bool_(True), math.inf, -math.inf, math.nan, 2.5, "3"]


def one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("bad", NOT_WHOLE)
def test_a_maze_size_of_anything_but_whole_numbers_is_refused(bad):
    for make in (lambda: tremaux.generate((bad, 3)), lambda: Maze.open((3, bad)), lambda: Maze.closed((bad, 3))):
        with pytest.raises(InvalidSizeError, match="is not a tuple of whole numbers") as exc:
            make()
        one_line(exc)


@pytest.mark.parametrize("bad", NOT_WHOLE)
def test_a_start_or_goal_of_anything_but_whole_numbers_is_refused(bad):
    maze = Maze.open((3, 3))
    for run in (lambda: tremaux.generate((3, 3), start=(bad, 0)), lambda: tremaux.solve(maze, start=(0, bad)),
                lambda: tremaux.solve(maze, goal=(bad, 1))):
        with pytest.raises(CellError, match="is not a tuple of whole numbers") as exc:
            run()
        one_line(exc)


@pytest.mark.parametrize("bad", NOT_WHOLE)
def test_grid_sizes_and_cells_of_anything_but_whole_numbers_are_refused(bad):
    with pytest.raises(InvalidSizeError, match="is not a pair of whole numbers"):
        make_grid("hex", size=(bad, 3))
    with pytest.raises(InvalidSizeError, match="is not a whole number"):
        make_grid("polar", rings=bad)
    with pytest.raises(InvalidSizeError, match="is not a whole number"):
        make_grid("hex", shape="hexagon", radius=bad)
    with pytest.raises(InvalidSizeError, match="is not a whole number"):
        make_grid("triangle", shape="triangle", side=bad)
    grid = make_grid("hex", size=(3, 3))
    maze = generate_on(grid, seed=1).maze
    with pytest.raises(CellError, match="is not a tuple of whole numbers"):
        generate_on(grid, start=(bad, 0))
    with pytest.raises(CellError, match="is not a tuple of whole numbers"):
        solve_on(maze, start=(0, bad))


def test_whole_numbers_still_take_whole_floats_and_numpy_integers():
    assert whole_numbers([3, 4.0, np.int32(5), np.uint64(6)]) == (3, 4, 5, 6)
    assert tremaux.generate((np.int64(2), 3.0), seed=1).maze.shape == (2, 3)
    assert make_grid("polar", rings=np.int16(3)).params["rings"] == 3


def test_maze_cells_of_ragged_rows_are_refused():
    with pytest.raises(InvalidMazeError, match="rectangular array of side bits") as exc:
        Maze([[6, 12], [3]])
    one_line(exc)


@pytest.mark.parametrize("obj, hint", [(None, ""), ([[0]], ""), ("maze", ""),
                                       (tremaux.generate((2, 2), seed=1), "; pass its .maze")])
def test_writing_what_is_not_a_maze_is_refused(tmp_path, obj, hint):
    kind = type(obj).__name__
    with pytest.raises(InvalidMazeError, match=f"dumps\\(\\) needs a tremaux.Maze, not {kind}{hint}$"):
        mio.dumps(obj, "ascii")
    with pytest.raises(InvalidMazeError, match=f"save\\(\\) needs a tremaux.Maze, not {kind}"):
        mio.save(obj, tmp_path / "m.txt", "ascii")
    assert not (tmp_path / "m.txt").exists()


def test_writing_a_grid_maze_with_the_square_writers_names_the_grid_writers():
    maze = generate_on(make_grid("hex", size=(2, 2)), seed=1).maze
    with pytest.raises(InvalidMazeError, match="not GridMaze; a maze on another grid is written by tremaux.grids"):
        mio.dumps(maze, "json")


@pytest.mark.parametrize("fmt", [3, None.__class__, b"png"])
def test_a_picture_format_that_is_not_text_is_an_unknown_name(fmt):
    with pytest.raises(UnknownNameError, match="unknown format .*; choose one of: ascii, gif, png, svg"):
        tremaux.render.render(Maze.open((2, 2)), fmt)


@pytest.mark.parametrize("frames", [math.inf, -math.inf, math.nan])
def test_an_infinite_frame_budget_is_not_a_whole_number(frames):
    run = tremaux.generate((3, 3), seed=1, record=True)
    with pytest.raises(TremauxError, match="is not a whole number"):
        tremaux.render.to_gif(run, frames=frames)


@pytest.mark.parametrize("mask, message", [
    (np.array([[0.5, 1], [1, 1]]), "not other numbers such as 0.5"),
    (np.array([[np.nan, 1], [1, 1]]), "not other numbers such as nan"),
    (np.array([[255, 0], [255, 255]], np.uint8), "not other numbers such as 255"),
    (np.array([["#", "."], ["#", "#"]]), "not values of type <U1"),
    ([[1, 1], [1]], "a mask is a rectangular array of True/False"),
])
def test_a_mask_of_anything_but_true_and_false_is_refused(mask, message):
    for make in (lambda: tremaux.generate((2, 2), mask=mask), lambda: Maze.open((2, 2), mask=mask),
                 lambda: Maze(np.zeros((2, 2), np.uint8), mask=mask)):
        with pytest.raises(InvalidMazeError, match=re.escape(message)) as exc:
            make()
        one_line(exc)


def test_a_mask_of_ones_and_zeros_is_still_a_mask():
    mask = [[1, 0], [1, 1]]
    assert Maze.open((2, 2), mask=mask).mask.tolist() == [[True, False], [True, True]]
    assert tremaux.generate((2, 2), mask=np.array(mask, np.float32), seed=1).maze.mask.tolist() == \
        [[True, False], [True, True]]
    with pytest.raises(InvalidMazeError, match=re.escape("mask shape (3, 3) differs from maze shape (2, 2)")):
        Maze.open((2, 2), mask=np.ones((3, 3), bool))


@pytest.mark.parametrize("bad", ["0.5", "0", True, np.bool_(False), [0.5]])
def test_a_braid_that_is_not_a_number_is_refused(bad):
    for make in (lambda: tremaux.generate((4, 4), braid=bad), lambda: generate_on(make_grid("hex", size=(3, 3)),
                                                                                   braid=bad)):
        with pytest.raises(TremauxError, match=re.escape(f"braid={bad!r} is not a number; use a fraction")) as exc:
            make()
        one_line(exc)
    # numbers of any kind are taken
    assert tremaux.generate((4, 4), braid=np.float32(0.5), seed=1).maze.size == 16
    assert generate_on(make_grid("hex", size=(3, 3)), braid=1, seed=1).maze.grid.size == 9


@pytest.mark.parametrize("bad", ["yes", "no", 1, 0, 1.0])
def test_a_weave_that_is_not_a_bool_is_refused(bad):
    for name in ("square", "hex", "polar"):
        with pytest.raises(InvalidSizeError, match=re.escape(f"weave must be True, False or None, not {bad!r}")) as exc:
            make_grid(name, weave=bad)
        one_line(exc)
    assert make_grid("square", size=(4, 4), weave=np.bool_(True)).name == "square"
    assert make_grid("hex", size=(3, 3), weave=False).size == 9


@pytest.mark.parametrize("call", ["solve", "generate", "solve_on", "generate_on"])
@pytest.mark.parametrize("record", ["no", 0, None])
def test_record_is_true_or_false_not_anything_truthy(call, record):
    # record="no" recorded the run (a trace of the whole carving, kept in memory), as any truthy value did
    import tremaux
    from tremaux import grids

    maze = tremaux.generate((3, 3), seed=1).maze
    grid = grids.make_grid("hex", size=(2, 2))
    run = {"solve": lambda: tremaux.solve(maze, record=record), "generate": lambda: tremaux.generate((3, 3), record=record),
           "solve_on": lambda: grids.solve_on(grids.generate_on(grid, seed=1).maze, record=record),
           "generate_on": lambda: grids.generate_on(grid, record=record)}[call]
    with pytest.raises(tremaux.errors.TremauxError, match=f"record must be True or False, not {record!r}"):
        run()
