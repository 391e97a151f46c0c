"""The maze model: construction, invariants, immutability."""

import re
from pathlib import Path

import numpy as np
import pytest

from tremaux import Direction, Maze
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError
from tremaux.maze import properties as P


def test_open_field_counts():
    m = Maze.open((3, 4))
    assert m.size == 12
    # horizontal passages 3*3, vertical 2*4
    assert m.passages == 9 + 8
    assert P.loop_count(m) == 17 - 11


def test_one_sided_passage_is_rejected():
    with pytest.raises(InvalidMazeError, match="one side only"):
        Maze(np.array([[2, 0]], dtype=np.uint8))


def test_passage_off_grid_is_rejected():
    with pytest.raises(InvalidMazeError, match="leads off the grid"):
        Maze(np.array([[1]], dtype=np.uint8))


def test_passage_into_mask_is_rejected():
    with pytest.raises(InvalidMazeError, match="masked cell"):
        Maze(np.array([[2, 8]], dtype=np.uint8), mask=np.array([[True, False]]))


def test_bad_bits_rejected():
    with pytest.raises(InvalidMazeError, match="side bits"):
        Maze(np.array([[16]], dtype=np.uint8))


@pytest.mark.parametrize("cells, where", [(np.full((2, 2), 300), "cell (0, 0) has value 300"),
                                          (np.array([[0, -1]]), "cell (0, 1) has value -1"),
                                          (np.full((2, 2, 2), 99, np.int32), "cell (0, 0, 0) has value 99"),
                                          ([[1, 70000]], "cell (0, 1) has value 70000")])
def test_an_int_array_out_of_range_names_the_cell_and_its_value_as_a_uint8_one_does(cells, where):
    # int64 cells in range are taken (numpy's default integers); out of range, the message named the dtype alone
    with pytest.raises(InvalidMazeError, match=rf"^{re.escape(where)}; side bits must be in 0\.\.(15|63) "):
        Maze(cells)
    assert Maze(np.array([[2, 8]], np.int64)).passages == 1


def test_cells_are_read_only_and_copied():
    src = np.zeros((2, 2), np.uint8)
    m = Maze(src)
    src[0, 0] = 2
    assert m.cells[0, 0] == 0
    with pytest.raises(ValueError):
        m.cells[0, 0] = 1


@pytest.mark.parametrize("shape", [(0, 3), (-1, 2), (2,), (1, 2, 3, 4), ("a", 2), (100_000, 100_000)])
def test_bad_sizes(shape):
    with pytest.raises(InvalidSizeError):
        Maze.closed(shape)


def test_start_outside_grid():
    with pytest.raises(CellError, match="outside the 2 x 2 grid"):
        Maze.closed((2, 2), start=(5, 0))


def test_multilevel_open():
    m = Maze.open((2, 2, 2))
    assert m.levels == 2 and m.ndim == 3
    assert m.passages == 2 * 4 + 4
    assert m.neighbours((0, 0, 0)) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_masked_open_field():
    mask = np.array([[True, True], [False, True]])
    m = Maze.open((2, 2), mask=mask)
    assert m.size == 3 and m.passages == 2
    assert P.is_perfect(m)


def _first_fault_by_loop(cells, mask):
    """The cell-by-cell check that the NumPy one must agree with: first faulty cell, then its first fault."""
    from tremaux.kernels import grid as kg

    L, H, W = cells.shape
    flat = cells.reshape(-1)
    fm = None if mask is None else mask.reshape(-1)
    steps = ((0, -1, 0), (0, 0, 1), (0, 1, 0), (0, 0, -1), (1, 0, 0), (-1, 0, 0))  # (level, row, col) of N E S W U D
    for i in range(flat.size):
        v = int(flat[i])
        if fm is not None and not fm[i]:
            if v:
                return kg.MASKED_OPEN, i, -1
            continue
        if v & ~(15 if L == 1 else 63):
            return kg.BAD_BITS, i, -1
        lv, r, c = np.unravel_index(i, (L, H, W))
        for d in range(6):
            if not v & (1 << d):
                continue
            dl, dr, dc = steps[d]
            nl, nr, nc = lv + dl, r + dr, c + dc
            if not (0 <= nl < L and 0 <= nr < H and 0 <= nc < W):
                return kg.OFF_GRID, i, d
            j = (nl * H + nr) * W + nc
            if fm is not None and not fm[j]:
                return kg.INTO_MASK, i, d
            if not int(flat[j]) & (1 << ((d + 2) % 4 if d < 4 else 9 - d)):
                return kg.ONE_SIDED, i, d
    return kg.OK, -1, -1


@pytest.mark.parametrize("block", [1, 5, 1 << 18])  # cells checked at once: one row, a few rows, the grid
def test_the_first_fault_found_at_once_is_the_first_in_cell_order(block, monkeypatch):
    from tremaux.maze import checks
    from tremaux.maze.checks import _first_fault

    monkeypatch.setattr(checks, "_BLOCK", block)
    rng = np.random.default_rng(7)
    faulty = 0
    for _ in range(1500):
        L, H, W = (int(x) for x in rng.integers(1, 5, 3))
        mask = rng.random((L, H, W)) < 0.8 if rng.random() < 0.4 else None
        cells = (rng.integers(0, 64 if L > 1 else 16, (L, H, W)) & rng.integers(0, 64, (L, H, W))).astype(np.uint8)
        if rng.random() < 0.5:  # a valid maze with a few sides flipped
            cells = np.array(Maze.open((L, H, W)).cells) if mask is None else np.zeros((L, H, W), np.uint8)
            for _ in range(int(rng.integers(0, 3))):
                cells[tuple(int(rng.integers(0, s)) for s in (L, H, W))] ^= np.uint8(1 << int(rng.integers(0, 8)))
        want = _first_fault_by_loop(cells, mask)
        assert tuple(int(x) for x in _first_fault(cells, mask)) == want
        faulty += want[0] != 0
    assert 300 < faulty < 1400  # both valid and faulty grids were tried


def test_maze_package_modules_stay_under_500_lines():
    from pathlib import Path

    import tremaux.maze

    for path in Path(tremaux.maze.__file__).parent.glob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n < 500, f"{path.name} has {n} lines"


def test_model_names_stay_importable_from_model():
    from tremaux.maze.model import MAX_CELLS, Cell, Direction, Maze as M, check_shape  # noqa: F401

    assert M is Maze
    assert M.open((2, 2), mask=[[True, False], [True, True]]).passages == 2
    assert M.open((2, 2, 2)).passages == 12


def test_equal_mazes_hash_equal_and_work_as_keys():
    a = Maze.open((3, 4), start=(0, 0))
    b = Maze(np.array(a.cells), start=(0, 0))
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert {a: 1}[b] == 1
    # a different start, goal, mask or passage set makes a different key
    others = [a.replace(start=(0, 1)), a.replace(goal=(2, 3)), Maze.closed((3, 4), start=(0, 0)),
              Maze.open((3, 4), mask=np.ones((3, 4), bool), start=(0, 0)), Maze.open((4, 3), start=(0, 0))]
    for o in others:
        assert o != a or hash(o) == hash(a)
    assert len({a, *others}) == 1 + sum(o != a for o in others)


@pytest.mark.parametrize("direction", ["nope", "wrong", "sideways", 1.5, None, True])
def test_a_direction_is_a_letter_a_word_or_a_side_number_nothing_else(direction):
    # 'nope' was north (its first letter), 1.5 was east (int() of it)
    with pytest.raises(CellError, match="unknown direction"):
        Maze.open((2, 2)).is_open((0, 0), direction)


def test_directions_by_letter_word_and_number_still_read():
    m = Maze.open((2, 2))
    assert [m.is_open((0, 0), d) for d in ("e", " East ", "SOUTH", 2, 1.0, Direction.N)] == [True] * 5 + [False]


@pytest.mark.parametrize("index", [1.5, True, None, "1"])
def test_a_flat_index_is_a_whole_number(index):
    with pytest.raises(CellError, match="is not a whole number"):
        Maze.closed((3, 4)).cell(index)


def test_every_module_of_the_package_stays_within_500_lines():
    from pathlib import Path

    import tremaux

    root = Path(tremaux.__file__).parent
    long = {str(p.relative_to(root)): n for p in sorted(root.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}


def test_the_search_kernels_are_cached_on_disk():
    from tremaux.warmup import all_kernels

    search = {name: k for name, k in all_kernels().items() if name.startswith("nl_search")}
    assert {"nl_search.search_run", "nl_search_hash.state_hash", "nl_search_prune.prune_rows"} <= set(search)
    assert [name for name, k in search.items() if k.targetoptions.get("cache") is not True] == []


@pytest.mark.parametrize("mask", ["heart.png", "##.\n###", b"##.\n###", Path("heart.png"), ["##.", "###"]])
def test_a_mask_given_as_a_file_name_or_text_points_to_the_readers(mask):
    from tremaux import generate
    from tremaux.errors import InvalidMazeError

    with pytest.raises(InvalidMazeError, match=r"^a mask is an array of True/False for each cell, not .*load_mask\(path\)"):
        generate((2, 3), mask=mask, seed=1)
    with pytest.raises(InvalidMazeError, match="mask_from_text"):
        Maze.open((2, 3), mask=mask)
