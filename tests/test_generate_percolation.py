"""Percolation: the generator that opens each passage with chance p, and percolate=p after any generator."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
import tremaux.dataset as ds
from cli_helpers import run
from tremaux.errors import TremauxError, UnsupportedError
from tremaux.maze.properties import is_perfect


def inner_walls(L: int, H: int, W: int) -> int:
    """Walls between two cells of a full L x H x W grid."""
    return L * ((H - 1) * W + H * (W - 1)) + (L - 1) * H * W


def bits(maze: tremaux.Maze) -> np.ndarray:
    """The maze's side bits, as a flat array."""
    return np.asarray(maze.cells).reshape(-1)


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (6, 1), (9, 13), (2, 4, 5)])
def test_the_extremes_close_and_open_every_wall(shape):
    closed = tremaux.generate(shape, "percolation", p=0, seed=1).maze
    assert closed.passages == 0
    full = tremaux.generate(shape, "percolation", p=1, seed=1).maze
    dims = (1, *shape) if len(shape) == 2 else shape
    assert full.passages == inner_walls(*dims)
    assert full == tremaux.Maze.open(shape, start=full.start, goal=full.goal)


@pytest.mark.parametrize("p", [0.1, 0.3, 0.5, 0.8])
def test_share_of_open_walls_is_near_p(p):
    shares = [tremaux.generate((60, 70), "percolation", p=p, seed=s).maze.passages / inner_walls(1, 60, 70)
              for s in range(4)]
    # 4 x 8,270 walls: the standard error of the share is below 0.003
    assert abs(np.mean(shares) - p) < 0.01, shares
    assert len(set(shares)) > 1


def test_seeds_reproduce_and_differ():
    a = tremaux.generate((12, 15), "percolation", p=0.4, seed=7)
    b = tremaux.generate((12, 15), "percolation", p=0.4, seed=7)
    c = tremaux.generate((12, 15), "percolation", p=0.4, seed=8)
    assert a.maze == b.maze and a.stats == b.stats
    assert a.maze != c.maze
    assert a.stats.visits == a.maze.passages and a.stats.start is None
    assert not tremaux.GENERATORS.get("percolation").perfect


def test_same_draws_for_every_p_so_open_walls_only_grow_with_p():
    low = bits(tremaux.generate((20, 20), "percolation", p=0.2, seed=3).maze)
    high = bits(tremaux.generate((20, 20), "percolation", p=0.6, seed=3).maze)
    assert ((low & high) == low).all() and (low != high).any()


def test_a_mask_keeps_masked_cells_closed_and_opens_only_between_existing_cells():
    mask = np.ones((7, 9), bool)
    mask[2:5, 3:6] = False
    full = tremaux.generate((7, 9), "percolation", mask=mask, p=1, seed=2).maze
    assert (np.asarray(full.cells)[~mask] == 0).all()
    assert full.passages == inner_walls(1, 7, 9) - 12 - 12  # 3 x 3 hole: 12 inner walls and 12 around it
    some = tremaux.generate((7, 9), "percolation", mask=mask, p=0.5, seed=2).maze
    assert (np.asarray(some.cells)[~mask] == 0).all() and 0 < some.passages < full.passages


def test_levels_open_walls_up_and_down():
    maze = tremaux.generate((3, 6, 6), "percolation", p=0.5, seed=4).maze
    cells = np.asarray(maze.cells)
    assert (cells & 16).any() and (cells & 32).any()
    assert not (cells[-1] & 16).any() and not (cells[0] & 32).any()
    assert ((cells[:-1] & 16) > 0).sum() == ((cells[1:] & 32) > 0).sum()


def test_start_and_goal_apart_means_no_solution():
    maze = tremaux.generate((10, 10), "percolation", p=0.2, seed=5).maze
    assert not is_perfect(maze)
    for solver in ("bfs", "dfs", "tremaux"):
        assert not tremaux.solve(maze, solver).found
    closed = tremaux.generate((3, 3), "percolation", p=0, seed=0).maze
    assert not tremaux.solve(closed, "bfs").found


def test_percolate_opens_the_walls_a_maze_left_closed():
    base = bits(tremaux.generate((30, 30), "backtracker", seed=9).maze)
    same = tremaux.generate((30, 30), "backtracker", seed=9, percolate=0).maze
    assert (bits(same) == base).all()
    holed = tremaux.generate((30, 30), "backtracker", seed=9, percolate=0.25).maze
    assert ((bits(holed) & base) == base).all()  # the depth-first maze is kept whole
    closed_before = inner_walls(1, 30, 30) - (30 * 30 - 1)
    share = (holed.passages - (30 * 30 - 1)) / closed_before
    assert abs(share - 0.25) < 0.04, share  # 842 walls: standard error 0.015
    full = tremaux.generate((2, 5, 5), "wilson", seed=9, percolate=1, mask=None).maze
    assert full.passages == inner_walls(2, 5, 5)


def test_bad_probabilities_are_named():
    with pytest.raises(TremauxError, match="p=1.5 is out of range"):
        tremaux.generate((4, 4), "percolation", p=1.5)
    with pytest.raises(TremauxError, match="percolate='x' is not a number"):
        tremaux.generate((4, 4), "backtracker", percolate="x")


def test_grids_other_than_the_square_refuse_it():
    hexes = tremaux.grids.make_grid("hex", size=(4, 5))
    with pytest.raises(UnsupportedError):
        tremaux.grids.generate_on(hexes, "percolation", seed=1)
    with pytest.raises(UnsupportedError, match="percolate= works on the plain square grid"):
        tremaux.grids.generate_on(hexes, "backtracker", seed=1, percolate=0.3)


def test_a_dataset_of_percolation_mazes_has_pieces_and_unsolved_rows(tmp_path):
    spec = ds.DatasetSpec(count=40, size=(8, 8), seed=3, generator="percolation", generator_options={"p": 0.4},
                          outputs=("maze", "solution", "stats"))
    ds.build(spec, tmp_path)
    data = ds.load(tmp_path)
    assert (data["components"] > 1).all()
    assert (data["solution_length"] == -1).any()
    for i in (0, 17, 39):
        row = ds.regenerate(spec, i)
        assert row["maze"].passages == data["passages"][i]
        assert row["components"] == data["components"][i]


def test_datasets_refuse_percolate_with_one_clear_line(tmp_path):
    spec = ds.DatasetSpec(count=2, size=(4, 4), generator="backtracker", generator_options={"percolate": 0.2})
    with pytest.raises(UnsupportedError, match="datasets do not support the generator option 'percolate'"):
        ds.build(spec, tmp_path)


def test_the_command_line_makes_and_solves_them(capsys, tmp_path):
    out = tmp_path / "m.txt"
    code, _, err = run(capsys, "generate", "-g", "percolation", "--size", "6x6", "--seed", "1", "-O", "p=0.1",
                       "-o", str(out))
    assert code == 0, err
    code, out_text, err = run(capsys, "solve", str(out))
    assert code == 1 and "no path" in out_text + err
    code, _, err = run(capsys, "generate", "-g", "percolation", "--size", "6x6", "-O", "p=2")
    assert code == 2 and err == "error: p='2' is out of range; use a fraction between 0 and 1\n"
