"""Maze files in the layouts public maze programs write (small hand-written samples): read as drawn, or refused
in one line that names the problem."""

from __future__ import annotations

import json

import pytest

from cli_helpers import run
from tremaux import io as tio
from tremaux.errors import MazeFormatError

# a micromouse maze file: 'o' posts, '---' and '|' walls, 'S' the start, a goal area of four cells 'G'
MICROMOUSE = """\
o---o---o---o---o
|               |
o   o---o---o   o
|   | G   G |   |
o   o   o   o   o
|   | G   G     |
o   o---o---o   o
| S |           |
o---o---o---o---o
"""


def test_a_micromouse_file_with_o_posts_and_a_goal_area_reads_with_the_nearest_goal_cell(tmp_path, capsys):
    # was: "unknown character '-'; a block text uses '#' (wall)..." (read as a block text)
    maze = tio.loads(MICROMOUSE)
    assert maze.shape == (4, 4) and maze.start == (3, 0)
    # the area is entered from the right, at (2, 2): the goal the shortest path reaches first
    assert maze.goal == (2, 2)
    one_goal = MICROMOUSE.replace("o", "+").replace("| G   G |", "|       |").replace("| G   G ", "|     G ")
    assert one_goal.count("G") == 1 and maze == tio.loads(one_goal)
    path = tmp_path / "maze.txt"
    path.write_text(MICROMOUSE.replace("\n", "\r\n"))  # saved on Windows, as many of them are
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert code == 0 and json.loads(out)["path"][-1] == [2, 2]


def test_goals_far_apart_are_still_two_goals():
    text = MICROMOUSE.replace("| G   G |", "| G     |").replace("| G   G     |", "|         G |")
    with pytest.raises(MazeFormatError, match="a second goal 'G'"):
        tio.loads(text)


def test_a_solution_drawn_with_o_in_a_plus_drawing_is_not_taken_for_posts():
    text = "+---+---+\n| S   o |\n+---+   +\n| G   o |\n+---+---+"
    maze = tio.loads(text)
    assert (maze.start, maze.goal, maze.passages) == ((0, 0), (1, 0), 3)


def test_a_block_text_from_a_to_b_with_a_line_cut_short_reads_as_start_and_goal():
    # the search course's maze files: 'A' the start, 'B' the goal; its loader reads a short line as open to the end
    # was: "unknown character 'B'", then "ragged row"
    maze = tio.loads("#   B\n# ###\n#   \nA####")
    assert (maze.shape, maze.start, maze.goal) == ((4, 5), (3, 0), (0, 4))
    assert tio.loads("#   B\n# ###\n#    \nA####") == maze


def test_x_walls_on_an_underscore_floor_read():
    # was: "unknown character 'X'"
    maze = tio.loads("XX_SX\nX__XG\nX___X")
    assert (maze.start, maze.goal) == ((0, 3), (1, 4))
    assert maze == tio.loads("##.S#\n#..#G\n#...#")


def test_a_grid_of_digits_after_width_height_start_and_end_lines_reads_with_those_ends():
    # width height, then the start's x y and the end's (0 0 the top-left square), then the rows: 1 wall, 0 open
    # was: "'5' in a grid of digits"
    text = "5 4\r\n1 1\r\n3 2\r\n1 1 1 1 1\r\n1 0 0 0 1\r\n1 1 1 0 1\r\n1 1 1 1 1\r\n"
    maze = tio.loads(text)
    assert (maze.start, maze.goal) == ((1, 1), (2, 3))
    assert maze == tio.loads("#####\n#S..#\n###G#\n#####")
    assert tio.loads("3 3\n1 1\n1 1\n1 1 1\n1 0 1\n1 1 1").goal == (1, 1)  # start and end in one square


def test_a_grid_two_squares_wide_is_not_taken_for_a_header():
    assert tio.loads("1 1\n1 0\n0 1\n1 1").shape == (4, 2)


@pytest.mark.parametrize("text, message", [
    ("3 3\n0 0\n1 1\n1 1 1\n1 0 1\n1 1 1", "2:1: the start (0, 0) is on a wall (1)"),
    ("3 3\n1 1\n1 5\n1 1 1\n1 0 1\n1 1 1", "3:1: the end (1, 5) is outside the 3 x 3 squares"),
    # a list of passages between numbered cells: was "'5' in a grid of digits"
    ("4\n0 1\n1 2\n2 5\n", "1:1: every line is a pair of numbers: a list of passages between numbered cells"),
])
def test_files_that_cannot_be_read_are_refused_in_one_line(text, message):
    with pytest.raises(MazeFormatError) as info:
        tio.loads(text)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("head", ["3 5\n", "5 3\n", "3\n5\n", "5\n3\n"])
def test_a_size_line_before_a_block_text_or_digits_is_left_out(head):
    # rows and columns (or width and height) first, on one line or two: was "unknown character '3'" ('5' in digits)
    maze = tio.loads(head + "S.#..\n#...#\n##.#G")
    assert (maze.shape, maze.start, maze.goal) == ((3, 5), (0, 0), (2, 4))
    assert tio.loads(head + "0 0 1 0 0\n1 0 0 0 1\n1 1 0 1 0").shape == (3, 5)


def test_a_size_line_keeps_the_line_numbers_of_errors():
    with pytest.raises(MazeFormatError, match=r"^4:1: a second entrance 'S' \(the first is at line 3, column 1\)"):
        tio.loads("3\n3\nS.#\nS.G\n###")


def test_numbers_that_are_not_the_size_stay_part_of_the_text():
    with pytest.raises(MazeFormatError, match="unknown character '4'"):
        tio.loads("4 4\nS.#\n#.G")


def test_one_o_and_one_star_are_refused_as_ends_in_unknown_letters():
    # was: read with the start and the goal both at the '*' (a path of one cell), the 'o' a path of one square
    with pytest.raises(MazeFormatError, match="one 'o' and one '\\*' and no other end"):
        tio.loads("#####\n#o..#\n#..*#\n#####")


def test_a_drawing_of_dotted_cells_with_blank_posts_after_its_size_reads_as_its_plus_drawing():
    # a maze solver's files: rows and columns, then '-' and '|' around '.' cells, 'S' the start, 'F' the finish
    # was: "unknown character '2'" (read as a block text)
    text = "2 3\n - - - \n|S . .|\n   - - \n|. . F|\n - - - \n"
    maze = tio.loads(text)
    assert maze == tio.loads("+-+-+-+\n|S    |\n+ +-+-+\n|    G|\n+-+-+-+")
    assert (maze.start, maze.goal) == ((0, 0), (1, 2))
    with pytest.raises(MazeFormatError, match="unknown character"):  # a post drawn: not this layout
        tio.loads("2 3\n - - - \n|S . .|\n  -- - \n|. . F|\n - - - \n")
