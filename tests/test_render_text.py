"""Text pictures, pinned by golden files (``tests/golden/render_*.txt``).

Set ``TREMAUX_UPDATE_GOLDEN=1`` to rewrite the golden files after a deliberate
change, then read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from render_helpers import tremaux_run
from tremaux import Maze
from tremaux.errors import UnknownNameError
from tremaux.io import ascii as io_ascii
from tremaux.maze.properties import distances_from
from tremaux.render import to_text

GOLDEN = Path(__file__).parent / "golden"

# The "fixed" depth-first maze of the growing-tree documentation (rows from the top).
DFS_MAZE = """\
+---+---+---+---+---+---+---+---+
|           |                   |
+   +   +---+   +---+   +---+---+
|   |           |   |           |
+   +---+---+---+   +---+---+   +
|   |   |           |   | S |   |
+   +   +   +   +   +   +   +   +
|   |       |   |   |   |   |   |
+   +---+---+   +   +   +   +   +
|               |       |       |
+---+---+---+---+---+---+---+---+"""


def shortest_path(maze: Maze, a, b) -> list[tuple[int, ...]]:
    """Walk down the distances from b back to a (a plain reference, no solver)."""
    dist = distances_from(maze, a)
    path = [tuple(b)]
    while path[-1] != tuple(a):
        here = path[-1]
        path.append(next(n for n in maze.neighbours(here) if dist[n] == dist[here] - 1))
    return path[::-1]


def dfs_maze() -> Maze:
    m = io_ascii.loads(DFS_MAZE)
    return m.replace(goal=(4, 0))


def multilevel() -> Maze:
    mask = np.ones((2, 3, 4), bool)
    mask[:, 1, 1] = False
    cells = np.zeros((2, 3, 4), np.uint8)
    m = Maze.open((2, 3, 4), mask=mask)
    cells[:] = m.cells
    cells[:, :, :] &= ~np.uint8(16 | 32)  # keep one stair only: (0, 0, 3) <-> (1, 0, 3)
    cells[0, 0, 3] |= 16
    cells[1, 0, 3] |= 32
    return Maze(cells, mask=mask, start=(0, 2, 0), goal=(1, 2, 0))


CASES = {
    "ascii": lambda: to_text(dfs_maze(), path=shortest_path(dfs_maze(), (2, 6), (4, 0))),
    "unicode": lambda: to_text(dfs_maze(), style="unicode", path=shortest_path(dfs_maze(), (2, 6), (4, 0))),
    "block": lambda: to_text(dfs_maze(), style="block", path=shortest_path(dfs_maze(), (2, 6), (4, 0))),
    "ascii_levels": lambda: to_text(multilevel(), path=shortest_path(multilevel(), (0, 2, 0), (1, 2, 0))),
    "unicode_levels": lambda: to_text(multilevel(), style="unicode",
                                      path=shortest_path(multilevel(), (0, 2, 0), (1, 2, 0))),
    "block_levels": lambda: to_text(multilevel(), style="block",
                                    path=shortest_path(multilevel(), (0, 2, 0), (1, 2, 0))),
    "unicode_heat": lambda: to_text(dfs_maze(), style="unicode", heat=(2, 6), start=False, goal=False),
    "ascii_solution": lambda: to_text(tremaux_run(), visited=None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    text = CASES[name]()
    f = GOLDEN / f"render_{name}.txt"
    if os.environ.get("TREMAUX_UPDATE_GOLDEN"):
        f.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == f.read_text(encoding="utf-8")


def test_ascii_style_is_the_file_format_when_nothing_is_overlaid():
    m = dfs_maze()
    assert to_text(m) == str(m)
    assert to_text(m, start=False, goal=False) == str(m.replace(start=None, goal=None))


def test_path_marks_every_cell_and_passage_of_the_path():
    m = dfs_maze()
    p = shortest_path(m, (2, 6), (4, 0))
    for style, ch, per_cell in (("ascii", "o", 2), ("unicode", "•", 2), ("block", "o", 2)):
        text = to_text(m, style=style, path=p)
        # cells and passages between them, minus start and goal cells
        assert text.count(ch) == per_cell * len(p) - 1 - 2, style
        assert text.count("S") == 1 and text.count("G") == 1


def test_chars_can_be_replaced():
    m = Maze.open((1, 3), start=(0, 0), goal=(0, 2))
    assert to_text(m, style="block", path=[(0, 0), (0, 1), (0, 2)], chars={"path": "+", "goal": "E"}) == (
        "#######\n#S+++E#\n#######"
    )


def test_start_equal_to_goal_is_a_star():
    assert "*" in to_text(Maze.open((1, 2), start=(0, 1), goal=(0, 1)), style="unicode")


def test_unicode_posts_follow_their_walls():
    text = to_text(Maze.closed((2, 2)), style="unicode")
    assert text.splitlines() == ["┌───┬───┐", "│   │   │", "├───┼───┤", "│   │   │", "└───┴───┘"]


@pytest.mark.parametrize("kw, text", [({"style": "fancy"}, "text style 'fancy'"),
                                      ({"chars": {"wall": "#"}}, "text character 'wall'")])
def test_bad_text_options(kw, text):
    with pytest.raises(UnknownNameError, match=text):
        to_text(Maze.open((1, 1)), **kw)
