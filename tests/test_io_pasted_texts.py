"""Text mazes as users paste them from other programs: box drawings of any cell width, tab indents, Windows
line endings, mazelib's tostring, Rosetta Code's drawing, full-block pictures."""

from __future__ import annotations

import numpy as np
import pytest

from tremaux import generate
from tremaux.errors import MazeFormatError
from tremaux.io import loads

_LIGHT = {(0, 1, 0, 1): "─", (1, 0, 1, 0): "│", (0, 1, 1, 0): "┌", (0, 0, 1, 1): "┐", (1, 1, 0, 0): "└",
          (1, 0, 0, 1): "┘", (0, 1, 1, 1): "┬", (1, 1, 0, 1): "┴", (1, 1, 1, 0): "├", (1, 0, 1, 1): "┤",
          (1, 1, 1, 1): "┼", (1, 0, 0, 0): "╵", (0, 0, 1, 0): "╷", (0, 1, 0, 0): "╶", (0, 0, 0, 1): "╴",
          (0, 0, 0, 0): " "}
_HEAVY = str.maketrans("─│┌┐└┘┬┴├┤┼╵╷╶╴", "━┃┏┓┗┛┳┻┣┫╋╹╻╺╸")


def box_drawing(maze, k: int) -> str:
    """``maze`` in light box-drawing characters, cells ``k`` characters wide, as other programs print it."""
    H, W = maze.shape
    c = maze.cells
    horiz = np.ones((H + 1, W), bool)  # a wall above row i in column j
    vert = np.ones((H, W + 1), bool)  # a wall left of column j in row i
    horiz[1:] = (c & 4) == 0
    horiz[0] = (c[0] & 1) == 0
    vert[:, 1:] = (c & 2) == 0
    vert[:, 0] = (c[:, 0] & 8) == 0
    lines = []
    for i in range(2 * H + 1):
        row = []
        for j in range(W + 1):
            if i % 2 == 0:
                r = i // 2
                n = bool(r > 0 and vert[r - 1, j])
                s = bool(r < H and vert[r, j])
                e = bool(j < W and horiz[r, j])
                w = bool(j > 0 and horiz[r, j - 1])
                row.append(_LIGHT[(n, e, s, w)])
                if j < W:
                    row.append(("─" if horiz[r, j] else " ") * k)
            else:
                row.append("│" if vert[i // 2, j] else " ")
                if j < W:
                    cell = (i // 2, j)
                    mark = "S" if cell == maze.start else "G" if cell == maze.goal else " "
                    row.append((mark + " " * k)[:k] if k < 3 else " " + mark + " " * (k - 2))
        lines.append("".join(row).rstrip())
    return "\n".join(lines)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_box_drawings_read_whatever_the_width_of_their_cells(k):
    # '┌──┬──┐' (cells two wide) was refused: only cells three wide were read
    for seed in range(3):
        maze = generate((4 + seed, 5), "kruskal", seed=seed).maze
        text = box_drawing(maze, k)
        assert loads(text) == maze
        assert loads(text.translate(_HEAVY)) == maze  # heavy lines alike


def test_a_hand_drawn_box_maze_with_cells_two_wide():
    m = loads("┌──┬─────┐\n"
              "│S │     │\n"
              "│  └──┐  │\n"
              "│     │  │\n"
              "├──┐  │  │\n"
              "│  │    G│\n"
              "└──┴─────┘\n")
    assert (m.shape, m.start, m.goal, m.passages) == ((3, 3), (0, 0), (2, 2), 7)


def test_a_maze_indented_with_tabs_reads_as_without_them():
    # pasted from an indented block (an e-mail, a code listing): the tab indent was refused as a tab
    maze = generate((3, 4), seed=5).maze
    from tremaux.io import dumps

    for text in (dumps(maze, "ascii"), box_drawing(maze, 3), dumps(maze, "block")):
        want = loads(text)
        tabbed = "\n".join("\t" + line for line in text.splitlines())
        assert loads(tabbed) == want
        assert loads("\t\t" + tabbed.replace("\n", "\n\t\t")) == want
    blocks = "██████\n██  ██\n██  ██\n██████"
    assert loads("\t" + blocks.replace("\n", "\n\t")) == loads(blocks)


def test_a_tab_inside_a_maze_is_still_refused_in_one_line():
    with pytest.raises(MazeFormatError, match=r"^2:3: a tab character") as info:
        loads("\t+---+\n\t|\tS |\n\t+---+")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text, shape, passages", [
    ("#####\n#S  #\n### #\n#E  #\n#####", (5, 5), 6),  # mazelib's tostring: every open square a cell
    ("+--+--+--+\n|     |  |\n+  +  +  +\n|  |     |\n+--+--+--+", (2, 3), 5),  # Rosetta Code's drawing
    ("█████\n█   █\n███ █\n█   █\n█████", (5, 5), 6),
    ("╔═══╦═══╗\n║   ║   ║\n║   ╚═══╣\n║       ║\n╚═══════╝", (2, 2), 2),
])
def test_pasted_text_mazes_read_alike_with_windows_line_endings(text, shape, passages):
    want = loads(text)
    assert (want.shape, want.passages) == (shape, passages)
    assert loads(text.replace("\n", "\r\n")) == want
    assert loads(text.replace("\n", "\r\n").encode("utf-8")) == want
