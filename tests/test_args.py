"""Seeds given to the maze library: out of the 64-bit range is an error, never the maze of a folded seed."""

import numpy as np
import pytest

import tremaux
from tremaux.errors import InvalidSizeError
from tremaux.grids import generate_on, make_grid
from tremaux.grids.islands import add_islands


@pytest.mark.parametrize("seed", [2**64, 2**64 + 7, -(2**63) - 1, 2**200])
def test_every_seeded_maze_function_refuses_a_seed_beyond_64_bits(seed):
    grid = make_grid("hex", size=(3, 3))
    maze = generate_on(grid, seed=1).maze
    calls = [lambda: tremaux.generate((4, 4), seed=seed),
             lambda: generate_on(grid, seed=seed),
             lambda: generate_on(grid, "kruskal", seed=seed),
             lambda: tremaux.solve(tremaux.Maze.open((2, 2)), "tremaux", seed=seed),
             lambda: add_islands(maze, 1, seed=seed)]
    for call in calls:
        with pytest.raises(InvalidSizeError, match=rf"^seed {seed} is out of range: it must be between "):
            call()


@pytest.mark.parametrize("seed", [1.5, True, "7"])
def test_a_seed_that_is_not_a_whole_number_is_named(seed):
    said = r" is not a whole number \(nor a numpy Generator or SeedSequence\)$"
    with pytest.raises(InvalidSizeError, match=rf"^seed {seed!r}{said}"):
        tremaux.generate((4, 4), seed=seed)
    with pytest.raises(InvalidSizeError, match=rf"^seed {seed!r}{said}"):
        add_islands(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, 1, seed=seed)


def test_the_edges_of_the_range_are_seeds():
    top = tremaux.generate((4, 4), seed=2**64 - 1).maze
    assert top == tremaux.generate((4, 4), seed=np.uint64(2**64 - 1)).maze
    assert tremaux.generate((4, 4), seed=0).maze is not None


@pytest.mark.parametrize("seed", [-1, -(2**63)])
def test_a_negative_seed_is_refused_not_folded_onto_another(seed):
    # -1 gave the maze (and the dataset) of 2**64 - 1
    with pytest.raises(InvalidSizeError, match=rf"^seed {seed} is out of range: it must be between 0 and {2**64 - 1}$"):
        tremaux.generate((4, 4), seed=seed)
