"""Block pictures (arrays) and block texts (every open square a cell)."""

from collections import deque
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from random_mazes import mazes, random_perfect
from tremaux import Maze
from tremaux import io as mio
from tremaux.errors import InvalidMazeError, MazeFormatError
from tremaux.io import block as B
from tremaux.maze import properties as P

GOLDEN = Path(__file__).parent / "golden"


# ---------------------------------------------------------------- block picture arrays
@settings(max_examples=80, deadline=None)
@given(mazes(max_side=5, marks=False))
def test_block_picture_round_trip(maze):
    blocks = B.to_blocks(maze)
    L, H, W = maze.shape3
    want = (2 * H + 1, 2 * W + 1) if maze.ndim == 2 else (2 * L + 1, 2 * H + 1, 2 * W + 1)
    assert blocks.shape == want and blocks.dtype == bool
    assert B.from_blocks(blocks) == maze
    assert B.from_blocks(blocks.astype(np.int8)) == maze  # mazelib's 0/1 grids


@settings(max_examples=40, deadline=None)
@given(mazes(max_side=5, levels=False, marks=False))
def test_block_picture_layout(maze):
    b = B.to_blocks(maze)
    assert b[0::2, 0::2].all()  # posts
    assert b[0].all() and b[-1].all() and b[:, 0].all() and b[:, -1].all()
    exists = maze.flat_mask.reshape(maze.shape)
    assert (b[1::2, 1::2] == ~exists).all()
    assert (~b[1::2, 2:-1:2] == ((maze.cells[:, :-1] & 2) > 0)).all()
    assert (~b[2:-1:2, 1::2] == ((maze.cells[:-1, :] & 4) > 0)).all()


def test_from_blocks_start_goal_are_cells():
    grid = np.ones((5, 7), bool)
    grid[1, 1:6] = False
    grid[3, 1:6] = False
    grid[2, 5] = False
    m = B.from_blocks(grid, start=(0, 0), goal=(1, 0))
    assert (m.start, m.goal, m.passages, P.is_perfect(m)) == ((0, 0), (1, 0), 5, True)


@pytest.mark.parametrize(
    "blocks, message",
    [
        (np.ones(5, bool), "2-D"),
        (np.ones((4, 5), bool), "odd and at least 3"),
        (np.ones((1, 5), bool), "odd and at least 3"),
        (np.array([["a"] * 3] * 3), "dtype"),
        (np.full((3, 3), 2), "is 2"),
        (np.array([[1, 1, 1], [1, 0, 1], [1, 0, 1]]), "square (2, 1) must be a wall"),
        (np.array([[1, 1, 1, 1, 1], [1, 0, 1, 0, 1], [1, 1, 0, 1, 1], [1, 0, 1, 0, 1], [1, 1, 1, 1, 1]]),
         "square (2, 2) must be a wall"),
        (np.array([[1, 1, 1, 1, 1], [1, 0, 0, 1, 1], [1, 1, 1, 1, 1]]), "square (1, 2) is open between"),
        (np.ones((3, 3), bool), "no open cell"),
    ],
)
def test_from_blocks_errors(blocks, message):
    with pytest.raises(InvalidMazeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        B.from_blocks(blocks)


def test_from_blocks_error_in_a_volume_names_three_coordinates():
    b = B.to_blocks(Maze.closed((2, 1, 1)))
    b[2, 1, 1] = False
    assert B.from_blocks(b).passages == 1
    b[1, 1, 1] = True  # the lower cell becomes a wall square
    with pytest.raises(InvalidMazeError, match=r"square \(2, 1, 1\) is open between"):
        B.from_blocks(b)


# ---------------------------------------------------------------- block texts
def _worklist_order(maze):
    """The queue version of the worklist lecture, neighbours tried N, E, S, W."""
    order, seen, queue = [], {maze.start}, deque([maze.start])
    while queue:
        p = queue.popleft()
        order.append(p)
        if p == maze.goal:
            break
        for q in maze.neighbours(p):
            if q not in seen:
                seen.add(q)
                queue.append(q)
    return order


def test_seed002_grid_reads_as_the_lecture_describes(tmp_path):
    path = GOLDEN / "seed002_grid.txt"
    maze = mio.load(path)
    assert (maze.shape, maze.start, maze.goal, maze.size) == ((4, 5), (0, 2), (3, 4), 14)
    # the current nodes of the lecture's queue run, in order
    assert _worklist_order(maze) == [
        (0, 2), (1, 2), (1, 3), (2, 2), (1, 1), (1, 4), (3, 2),
        (2, 1), (1, 0), (0, 4), (2, 4), (3, 1), (0, 0), (3, 4),
    ]
    out = tmp_path / "grid.txt"
    mio.save(maze, out, "block")
    assert out.read_bytes() == path.read_bytes()


@settings(max_examples=60, deadline=None)
@given(mazes(max_side=5))
def test_block_text_of_any_maze(maze):
    text = B.dumps(maze)
    back = B.loads(text)
    assert B.dumps(back) == text  # a block text read and written is the same text
    if B.is_square_grid(maze):
        assert back == maze
    else:
        L, H, W = maze.shape3
        assert back.shape[-2:] == (2 * H + 1, 2 * W + 1)
        # the squares maze has the same topology: components, loops, reachability
        assert P.component_count(back) == P.component_count(maze)
        assert P.loop_count(back) == P.loop_count(maze)
        assert P.is_perfect(back) == P.is_perfect(maze)
        if maze.start is not None and maze.goal is not None:
            d = P.distances_from(maze, maze.start)[maze.goal]
            d2 = P.distances_from(back, back.start)[back.goal]
            assert d2 == 2 * d if d >= 0 else d2 < 0


texts = st.integers(1, 6).flatmap(
    lambda w: st.lists(st.text(alphabet="#.", min_size=w, max_size=w), min_size=1, max_size=6)
).filter(lambda rows: any("." in r for r in rows))


@settings(max_examples=60, deadline=None)
@given(texts)
def test_squares_text_round_trip(rows):
    text = "\n".join(rows)
    maze = B.loads(text)
    assert maze.shape == (len(rows), len(rows[0]))
    assert B.is_square_grid(maze)
    marked = [list(r) for r in rows]  # two openings in the border of a block picture are its start and goal
    for cell, mark in ((maze.start, "E"), (maze.goal, "G")):
        if cell is not None:
            assert rows[cell[0]][cell[1]] == "."
            assert cell[0] in (0, len(rows) - 1) or cell[1] in (0, len(rows[0]) - 1)
            marked[cell[0]][cell[1]] = mark
    assert B.dumps(maze) == "\n".join(map("".join, marked))


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(bool, st.tuples(st.integers(1, 3), st.integers(1, 4), st.integers(1, 4))))
def test_multi_level_squares_round_trip(walls):
    if walls.all():
        walls[0, 0, 0] = False
    maze = Maze.open(walls.shape, mask=~walls)
    text = B.dumps(maze)
    assert text.startswith("level 0\n")
    assert B.loads(text) == maze


def test_spaces_are_open_and_s_is_the_entrance():
    maze = B.loads("S   \n## G")
    assert maze.shape == (2, 4)
    assert maze.start == (0, 0) and maze.goal == (1, 3)
    assert B.dumps(maze) == "E...\n##.G"


def test_picture_option():
    maze = Maze.open((1, 2), start=(0, 0), goal=(0, 1))
    assert B.dumps(maze) == "EG"
    assert B.dumps(maze, picture=True) == "#####\n#E.G#\n#####"
    assert B.dumps(Maze.open((1, 1), start=(0, 0), goal=(0, 0))) == "*"
    with pytest.raises(InvalidMazeError, match="picture=True"):
        B.dumps(Maze.closed((1, 2)), picture=False)


BAD = [
    ("..\n...", "ragged row", 2, 3),
    ("..\n.x", "unknown character 'x'", 2, 2),
    ("E.\n.E", "second entrance 'E' (the first is at line 1, column 1)", 2, 2),
    ("E.\nS.\nG.", "second entrance 'S'", 2, 1),  # with a G, S and E are both entrances (without, mazelib's S and E)
    ("S.\nSE", "second entrance 'S'", 2, 1),
    ("G.\n.G", "second goal", 2, 2),
    ("*.\n.G", "second goal", 2, 2),
    ("##\n##", "no cell", 1, 1),
    ("..\n\n..", "blank line", 2, 1),
    ("level 0\n..\n\nlevel 1\n...", "level 1 has 1 rows of 3", 5, 1),
    ("level 0\nE.\n\nlevel 1\n.E", "second entrance", 5, 2),
]


@pytest.mark.parametrize("text, message, line, column", BAD)
def test_block_text_errors(text, message, line, column):
    with pytest.raises(MazeFormatError) as info:
        B.loads(text, source="b.txt")
    assert message in str(info.value)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)


def test_perfect_maze_block_text_is_a_perfect_squares_maze():
    maze = random_perfect((4, 6), seed=2, start=(0, 0), goal=(3, 5))
    back = B.loads(B.dumps(maze))
    assert back.shape == (9, 13)
    assert P.is_perfect(back)
    assert back.start == (1, 1) and back.goal == (7, 11)


def test_mazelib_tostring_with_start_and_end_reads_s_as_start_and_e_as_goal():
    # mazelib's Maze.tostring(entrances=True): '#' walls, ' ' passages, 'S' the start and 'E' the end
    text = "###########\n#S    #   #\n### # # # #\n#   #   # #\n# ##### # #\n#       #E#\n###########\n"
    m = B.loads(text)
    assert m.start == (1, 1) and m.goal == (5, 9)
    assert B.loads("E.#\n#.G").start == (0, 0)  # our own letters are unchanged
    assert B.loads("S.#\n#.G").start == (0, 0) and B.loads("S.#\n#.G").goal == (1, 2)
    with pytest.raises(MazeFormatError, match="a second entrance"):
        B.loads("E.E\n#.G")


_HASHES = "#####\n#S  #\n# # #\n#  E#\n#####"


@pytest.mark.parametrize("text", [
    _HASHES.replace("#", "\u2588"),                                     # one full block a square
    "\n".join("".join(ch * 2 for ch in row) for row in _HASHES.replace("#", "\u2588").splitlines()),  # two
    "\r\n".join(row.replace("#", "\u2588\u2588").replace(" ", "  ").replace("S", "S ").replace("E", "E ")
                for row in _HASHES.splitlines()) + "\r\n",             # marks followed by a space, CRLF
    _HASHES.replace("#", "\u2593"),                                     # the dark shade
])
def test_block_pictures_drawn_with_full_block_characters_read_as_with_hashes(text, tmp_path):
    want = mio.loads(_HASHES)
    got = mio.loads(text)
    assert got == want and got.start == (1, 1) and got.goal == (3, 3)
    path = tmp_path / "maze.txt"
    path.write_text(text, encoding="utf-8", newline="")
    assert mio.load(path) == want


def test_a_solved_mazelib_maze_as_print_shows_it_reads_with_its_solution_squares_open():
    # mazelib's str(maze): '#' walls, 'S' and 'E' the ends, '+' the squares of the solution
    printed = "#######\n#S++#.#\n###+#.#\n#..+++#\n#####E#"
    got = mio.loads(printed)  # was: "unknown character '+'"
    assert got == mio.loads(printed.replace("+", " "))
    assert got.start == (1, 1) and got.goal == (4, 5)
