"""The graph solvers read one cell type (read-only ``uint16``): the same answers as from the grid's own cells."""

from __future__ import annotations

import numpy as np
import pytest

from tremaux._jit import interpreted
from tremaux.grids import generate_on, make_grid
from tremaux.kernels import graph_solve as kgs
from tremaux.kernels.rng import make_state
from tremaux.errors import CellError, InvalidMazeError

GRIDS = {
    "hex": lambda: make_grid("hex", size=(7, 9)),
    "polar": lambda: make_grid("polar", rings=6),
    "torus": lambda: make_grid("square", size=(6, 8), wrap="torus"),
    "woven": lambda: make_grid("square", size=(6, 8), weave=True),
    "woven hex": lambda: make_grid("hex", size=(6, 8), weave=True),  # two-byte cells
}


def test_as_cells_widens_to_read_only_uint16():
    c = np.array([0, 3, 255], np.uint8)
    out = kgs.as_cells(c)
    assert out.dtype == np.uint16 and not out.flags.writeable and out.flags.c_contiguous
    assert out.tolist() == [0, 3, 255]
    assert c.flags.writeable  # the caller's array is left as it was


def test_as_cells_keeps_read_only_uint16_and_protects_writable_ones():
    r = np.arange(5, dtype=np.uint16)
    r.flags.writeable = False
    assert kgs.as_cells(r) is r
    w = np.arange(5, dtype=np.uint16)
    out = kgs.as_cells(w)
    assert not out.flags.writeable and w.flags.writeable
    assert kgs.as_cells(w[::2]).tolist() == [0, 2, 4]  # not C-ordered: copied


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_solvers_answer_the_same_on_widened_cells(name):
    g = GRIDS[name]()
    maze = generate_on(g, "kruskal", seed=4).maze
    raw, wide = maze.cells, kgs.as_cells(maze.cells)
    assert raw.dtype == (np.uint16 if name == "woven hex" else np.uint8)
    empty = np.empty((0, 3), np.int64)
    centres = np.zeros((g.size, 2))
    last = g.size - 1
    runs = (lambda c: kgs.bfs_distances(g.nbr, c, 0), lambda c: kgs.dead_end_branches(g.nbr, c),
            lambda c: kgs.bfs(g.nbr, c, 0, last, centres, empty), lambda c: kgs.dfs(g.nbr, c, 0, last, centres, empty),
            lambda c: kgs.tremaux(g.nbr, g.back, c, 0, last, 10 * g.size * g.sides, make_state(0), False, empty),
            lambda c: kgs.tremaux(g.nbr, g.back, c, 0, last, 10 * g.size * g.sides, make_state(5), True, empty),
            lambda c: kgs.dead_end_fill(g.nbr, g.back, c, 0, last, empty))
    for run in runs:
        with interpreted():  # the grid's own cells interpreted, so no other compiled form is made here
            a = run(raw)
        b = run(wide)
        for x, y in zip(a if isinstance(a, tuple) else (a,), b if isinstance(b, tuple) else (b,)):
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


@pytest.mark.parametrize("side", [1.5, True, None])
def test_a_grid_side_is_a_name_or_a_whole_slot_number(side):
    # 1.5 was slot 1 and True slot 1; None was a TypeError
    from tremaux.grids import generate_on, make_grid

    maze = generate_on(make_grid("hex", size=(3, 3)), seed=1).maze
    with pytest.raises(InvalidMazeError, match="is neither a side name"):
        maze.is_open((0, 0), side)


@pytest.mark.parametrize("index", [1.5, True, None])
def test_a_grid_cell_index_is_a_whole_number(index):
    from tremaux.grids import make_grid

    with pytest.raises(CellError, match="is not a whole number"):
        make_grid("hex", size=(2, 3)).cell(index)
