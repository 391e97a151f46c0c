"""The ``+---+`` ASCII drawing: golden files, round trips, every reading error."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

from random_mazes import mazes, random_perfect
import tremaux
from tremaux import Maze
from tremaux import io as mio
from tremaux.errors import CellError, MazeFormatError
from tremaux.io import ascii as A

GOLDEN = Path(__file__).parent / "golden"
SEED003 = ["seed003_dfs_naive", "seed003_dfs_better", "seed003_bfs", "seed003_prim"]


# ---------------------------------------------------------------- golden files
@pytest.mark.parametrize("name", SEED003 + ["levels_2x3x4", "masked_3x5"])
def test_golden_file_reads_and_rewrites_byte_for_byte(name, tmp_path):
    path = GOLDEN / f"{name}.txt"
    maze = mio.load(path)
    out = tmp_path / "out.txt"
    mio.save(maze, out, "ascii")
    assert out.read_bytes() == path.read_bytes()
    assert A.dumps(maze) + "\n" == path.read_text()


@pytest.mark.parametrize(
    "name, start",
    # seed 003 numbers rows from the bottom: its (1, 2), (2, 6), (2, 2), (1, 5) of a 5-row maze
    [("seed003_dfs_naive", (3, 2)), ("seed003_dfs_better", (2, 6)), ("seed003_bfs", (2, 2)), ("seed003_prim", (3, 5))],
)
def test_seed003_start_cells(name, start):
    maze = A.loads((GOLDEN / f"{name}.txt").read_text())
    assert maze.shape == (5, 8)
    assert maze.start == start
    assert maze.goal is None


def test_golden_levels_file_describes_its_passages():
    maze = mio.load(GOLDEN / "levels_2x3x4.txt")
    assert maze.shape == (2, 3, 4)
    assert maze.start == (0, 0, 0) and maze.goal == (1, 2, 3)
    ups = [tuple(c) for c in np.argwhere(maze.cells & 16)]
    downs = [tuple(c) for c in np.argwhere(maze.cells & 32)]
    assert [(lv + 1, r, c) for lv, r, c in ups] == downs
    assert len(ups) >= 1


def test_golden_masked_file_has_its_mask():
    maze = mio.load(GOLDEN / "masked_3x5.txt")
    assert maze.mask is not None
    assert maze.size == int(maze.mask.sum()) < 15
    for r, c in np.argwhere(~maze.mask):
        assert maze.cells[r, c] == 0


# ---------------------------------------------------------------- round trips
@settings(max_examples=80, deadline=None)
@given(mazes(max_side=5))
def test_round_trip_of_any_maze(maze):
    text = A.dumps(maze)
    back = A.loads(text)
    assert back == maze
    assert back.ndim == maze.ndim
    assert A.dumps(back) == text


@settings(max_examples=40, deadline=None)
@given(mazes(max_side=4, levels=False))
def test_char_grid_is_the_drawing_before_joining(maze):
    grid = A.char_grid(maze)
    assert "\n".join("".join(row) for row in grid) == A.dumps(maze)
    assert len(grid) == 2 * maze.height + 1 and len(grid[0]) == 4 * maze.width + 1
    if maze.start is not None:
        i, j = A.cell_position(maze.start)
        assert grid[i][j] in "S*"


def test_char_grid_of_a_level_and_bad_levels():
    maze = Maze.open((2, 1, 2), start=(1, 0, 1))
    assert "".join(A.char_grid(maze, level=1)[1]) == "|v   vS |"
    assert "".join(A.char_grid(maze, level=0)[1]) == "|  ^   ^|"
    with pytest.raises(CellError, match="outside"):
        A.char_grid(maze, level=2)
    with pytest.raises(CellError, match="whole number"):
        A.char_grid(maze, level="top")


def test_str_of_a_maze_is_its_drawing():
    maze = random_perfect((3, 4), seed=3, start=(0, 0), goal=(2, 3))
    assert str(maze) == A.dumps(maze)
    assert str(maze).splitlines()[1][2] == "S"


def test_reader_accepts_indentation_crlf_and_trailing_spaces():
    text = "\r\n\r\n    +---+---+   \r\n    | S   G |\r\n    +---+---+\r\n\r\n"
    maze = A.loads(text)
    assert (maze.shape, maze.start, maze.goal, maze.passages) == ((1, 2), (0, 0), (0, 1), 1)


def test_start_and_goal_on_one_cell_is_a_star():
    maze = Maze.open((1, 2), start=(0, 1), goal=(0, 1))
    assert A.dumps(maze).splitlines()[1] == "|     * |"
    assert A.loads(A.dumps(maze)) == maze


def test_masked_cells_are_hashes():
    mask = np.array([[True, False]])
    text = A.dumps(Maze.closed((1, 2), mask=mask))
    assert text.splitlines()[1] == "|   |###|"


# ---------------------------------------------------------------- reading errors name line and column
BAD = [
    ("", "empty", 1, 1),
    ("+---+\n|   |\n+---+---+", "ragged row", 3, 6),
    ("+---+\n|  x|\n+---+", "unknown character 'x'", 2, 4),
    ("+---+\n| S |\n+-- +", "wall segment", 3, 2),
    ("+---x\n|   |\n+---+", "corner '+'", 1, 5),
    ("+---+\n|   :\n+---+", "'|' or a space", 2, 5),
    ("+   +\n    |\n+   +", "outer wall", 3, 2),
    ("+---+---+\n  S   G |\n+---+---+", "outer wall", 2, 1),
    ("+---+---+\n| S | S |\n+---+---+", "second start 'S' (the first is at line 2, column 3)", 2, 7),
    ("+---+---+\n| G   G |\n+---+---+", "second goal", 2, 7),
    ("+---+---+\n| * | S |\n+---+---+", "second start", 2, 7),
    ("+---+\n|  ^|\n+---+", "single-level", 2, 4),
    ("+---+\n|v  |\n+---+", "single-level", 2, 2),
    ("+---+\n|   |", "2H + 1", 2, 1),
    ("+---+-\n|   |-\n+---+-", "4W + 1", 1, 1),  # ('+--+' is a drawing with cells of two, read since)
    ("+---+\n|   |\n+---+\n\n+---+\n|   |\n+---+", "blank line inside the maze", 4, 1),
    ("level 1\n+---+\n|   |\n+---+", "expected 'level 0'", 1, 1),
    ("level 0\n+---+\n|   |\n+---+\n\n+---+", "blank line inside a level", 5, 1),
    ("level 0\n\nlevel 1\n+---+\n|   |\n+---+", "level 0 has no lines", 1, 1),
    ("+---+\n|   |\n+---+\nlevel 1", "did not start with 'level 0'", 4, 1),
    ("level 0\n+---+\n|  ^|\n+---+", "no level above", 3, 4),
    ("level 0\n+---+\n|  ^|\n+---+\n\nlevel 1\n+---+\n|   |\n+---+", "no 'v' in the same cell of level 1", 3, 4),
    ("level 0\n+---+\n|   |\n+---+\n\nlevel 1\n+---+\n|v  |\n+---+", "no '^' in the same cell of level 0", 8, 2),
    ("level 0\n+---+\n|v  |\n+---+", "no level below", 3, 2),
    ("level 0\n+---+\n|   |\n+---+\n\nlevel 1\n+---+---+\n|       |\n+---+---+", "level 1 is 1 x 2", 7, 1),
    ("+---+---+\n|###    |\n+---+---+", "masked cell", 2, 5),
    ("+---+\n|###|\n+   +\n|   |\n+---+", "masked cell", 3, 2),
    ("+---+\n|###|\n+---+", "no cell", 2, 2),
    ("+---+\n|\u00e9  |\n+---+", "unknown character", 2, 2),
    ("  +---+\n  | S |x\n  +---+", "ragged row", 2, 8),
    ("+---+\n| ^ |\n+---+", "'^' in the wrong place in its cell; a cell holds 'S' (start), 'G' (goal)", 2, 3),
    ("+---+\n|S  |\n+---+", "'S' in the wrong place in its cell", 2, 2),
    ("+---+\n|  v|\n+---+", "'v' in the wrong place in its cell", 2, 4),
]


@pytest.mark.parametrize("text, message, line, column", BAD)
def test_reading_errors(text, message, line, column):
    with pytest.raises(MazeFormatError) as info:
        A.loads(text, source="m.txt")
    err = info.value
    assert message in str(err)
    assert (err.line, err.column) == (line, column), str(err)
    assert str(err).startswith(f"m.txt:{line}:{column}: ")
    assert "\n" not in str(err)


def test_non_text_is_rejected():
    with pytest.raises(MazeFormatError, match="must be a str"):
        A.loads(b"+---+")


ROSETTA = """\
+--+--+--+--+
|S    |     |
+--+  +  +--+
|     |    G|
+  +--+--+  +
|           |
+--+--+--+--+
"""


def test_cells_two_characters_wide_read_as_many_generators_print_them():
    m = A.loads(ROSETTA)
    assert m.shape == (3, 4) and m.start == (0, 0) and m.goal == (1, 3)
    wide = A.loads(A.dumps(m))  # the same maze in cells of three
    assert wide == m
    one = A.loads("+-+-+-+\n|S  | |\n+ + + +\n|   |G|\n+-+-+-+")  # cells of one character
    assert one.shape == (2, 3) and one.start == (0, 0) and one.goal == (1, 2) and one.passages == 5
    assert A.loads("+-----+-----+\n|  S     G  |\n+-----+-----+").goal == (0, 1)  # cells of five, marks anywhere
    assert A.loads("+--+--+\n|##|  |\n+--+--+").mask.tolist() == [[False, True]]


@pytest.mark.parametrize("text, message, line, column", [
    ("+--+--+\n|S  x |\n+--+--+", "unknown character 'x' in a cell", 2, 5),
    ("+--+--+\n|SG   |\n+--+--+", "a second mark 'G' in a cell", 2, 3),
    ("+--+--+\n|     |\n+--+- +", "wall segment must be '--' or '  ', found '- '", 3, 5),
    ("+--+--+\n|S   G|\n+  +--+", "gap in the outer wall", 3, 2),
    ("level 0\n+--+\n|S |\n+--+", "multi-level drawing has cells of three", 2, 1),
])
def test_errors_in_drawings_of_other_cell_widths_name_the_original_column(text, message, line, column):
    with pytest.raises(MazeFormatError, match=message) as info:
        A.loads(text)
    assert (info.value.line, info.value.column) == (line, column)


@pytest.mark.parametrize("seed", range(6))
def test_the_unicode_picture_of_a_maze_reads_back_as_the_maze(seed):
    from tremaux.render import to_text

    maze = random_perfect((3 + seed, 7 - seed), seed=seed, start=(0, 0), goal=(2 + seed, 6 - seed))
    drawn = to_text(maze, style="unicode")
    assert "┌" in drawn and "+" not in drawn
    assert A.loads(drawn) == maze
    assert mio.loads(drawn) == maze  # the format is recognised from the content
    assert A.loads("\n".join("    " + line for line in drawn.splitlines())) == maze  # indented, as pasted


_HEAVY = str.maketrans("─│┌┐└┘├┤┬┴┼╴╶╵╷", "━┃┏┓┗┛┣┫┳┻╋╸╺╹╻")
_DOUBLE = str.maketrans("─│┌┐└┘├┤┬┴┼", "═║╔╗╚╝╠╣╦╩╬")
_ROUNDED = str.maketrans("┌┐└┘", "╭╮╰╯")


@pytest.mark.parametrize("lines", [_HEAVY, _DOUBLE, _ROUNDED])
@pytest.mark.parametrize("seed", range(3))
def test_a_box_drawing_in_heavy_double_or_rounded_lines_reads_as_the_light_one(seed, lines):
    # other programs draw mazes in heavy (━┃┏) or double (═║╔) lines: "unknown character '┏'" before
    from tremaux.render import to_text

    maze = random_perfect((3 + seed, 6 - seed), seed=seed, start=(0, 0), goal=(2 + seed, 5 - seed))
    drawn = to_text(maze, style="unicode").translate(lines)
    assert drawn != to_text(maze, style="unicode")
    assert mio.loads(drawn) == maze


def test_a_unicode_picture_of_several_levels_is_refused_by_name():
    from tremaux.render import to_text

    drawn = to_text(Maze.open((2, 2, 2)), style="unicode")
    with pytest.raises(MazeFormatError, match="several levels in box-drawing characters"):
        A.loads(drawn)


@pytest.mark.parametrize("solver", [e.name for e in tremaux.SOLVERS])
@pytest.mark.parametrize("braid", [0.0, 1.0])
def test_a_solved_drawing_reads_back_as_its_maze(solver, braid):
    maze = tremaux.generate((5, 7), "kruskal", seed=3, braid=braid).maze
    drawing = tremaux.render.to_text(tremaux.solve(maze, solver))
    assert " o " in drawing or "found" not in tremaux.solve(maze, solver).message
    assert mio.loads(drawing) == maze


def test_the_drawing_solve_prints_is_a_maze_file(capsys, tmp_path):
    from cli_helpers import run

    path = tmp_path / "m.txt"
    mio.save(tremaux.generate((4, 6), seed=2).maze, path)
    code, printed, _ = run(capsys, "solve", str(path))
    assert code == 0 and " o " in printed
    (tmp_path / "solved.txt").write_text(printed)
    assert mio.load(tmp_path / "solved.txt") == mio.load(path)


def test_a_solved_block_drawing_reads_as_the_unsolved_one():
    maze = tremaux.generate((4, 5), seed=2).maze
    solved = tremaux.render.to_text(tremaux.solve(maze, "bfs"), style="block")
    assert "o" in solved
    assert mio.loads(solved) == mio.loads(tremaux.render.to_text(maze, style="block"))


def _underscore_style(maze, joined=False):
    """The maze as small maze programs print it: `` _`` a cell on top, then ``|`` and ``_|`` a cell (``joined``:
    an open east side under a south wall drawn ``_``, the wall running on, as in ``|___|``)."""
    H, W = maze.shape
    lines = [" " + " ".join("_" * W)]
    for r in range(H):
        row = "|"
        for c in range(W):
            row += " " if maze.cells[r, c] & 4 else "_"
            run = "_" if joined and not maze.cells[r, c] & 4 else " "
            row += run if maze.cells[r, c] & 2 else "|"
        lines.append(row)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("shape, algorithm", [((1, 1), "backtracker"), ((1, 6), "kruskal"), ((5, 1), "wilson"),
                                              ((7, 9), "backtracker"), ((12, 20), "prim")])
@pytest.mark.parametrize("joined", [False, True])
def test_drawings_in_the_underscore_style_read_as_the_maze(shape, algorithm, joined, tmp_path):
    maze = tremaux.generate(shape, algorithm, seed=5).maze
    text = _underscore_style(maze, joined)
    got = mio.loads(text)
    assert got.shape == maze.shape and (got.cells == maze.cells).all()
    indented = "\r\n" + "\r\n".join("    " + line for line in text.splitlines())  # pasted, CRLF
    assert (mio.loads(indented).cells == maze.cells).all()
    path = tmp_path / "maze.txt"
    path.write_text(text)
    assert mio.detect_format(text) == "ascii" and (mio.load(path).cells == maze.cells).all()


def test_gaps_in_an_underscore_drawing_are_the_entrance_and_exit_and_bad_characters_are_named():
    got = mio.loads(" _   _\n|     |\n|_ _|_ \n")
    assert got.shape == (2, 3) and got.start == (0, 1) and got.goal == (1, 2)
    with pytest.raises(MazeFormatError, match=r"2:3: unknown character 'x' in a drawing in the underscore style"):
        mio.loads(" _ _\n| x |\n|_ _|")


def test_a_drawing_pasted_with_the_lines_printed_around_it_reads(capsys, tmp_path):
    from cli_helpers import run

    maze = tremaux.generate((4, 6), "wilson", seed=3).maze
    drawing = mio.dumps(maze, "ascii")
    stats = "      Depth-first Search (DFS) (statistics)\n                        visits       25\n"
    verdict = "bfs: path of 9 cells (8 moves) found after 12 squares taken from the worklist\n"
    # was: "unknown character 'D'" (read as a block text) and "ragged row" at the verdict
    assert mio.loads(stats + drawing + "\n" + verdict) == maze
    assert mio.loads(drawing + "\n\n" + verdict) == maze
    (tmp_path / "m.txt").write_text(drawing)
    code, out, err = run(capsys, "render", str(tmp_path / "m.txt"), "--style", "unicode", "--solver", "bfs")
    assert code == 0, err
    assert mio.loads(out + verdict) == maze  # the box drawing of a solution, its path drawn with •
    with pytest.raises(MazeFormatError):  # a line inside the drawing itself is still refused
        mio.loads(drawing.replace("\n", "\nxx\n", 1))


@pytest.mark.parametrize("tall", [2, 3])
def test_a_drawing_with_cells_several_lines_tall_reads_as_the_maze(tall):
    maze = tremaux.generate((4, 5), "kruskal", seed=6).maze
    lines = mio.dumps(maze, "ascii").splitlines()
    taller = []
    for k, line in enumerate(lines):  # a cell's line, then blank copies of it (walls kept, the mark not)
        taller += [line] if k % 2 == 0 else [line] + [line.replace("S", " ").replace("G", " ")] * (tall - 1)
    got = mio.loads("\n".join(taller))  # was: "unknown character '-' in a cell" on the next corner line
    assert got == maze
