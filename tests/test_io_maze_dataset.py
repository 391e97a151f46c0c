"""Mazes of the ``maze-dataset`` library, read and written: every text form it writes, and the ``tokens`` format.

The samples in ``tests/data/maze_dataset`` are what maze-dataset 1.4.2 wrote for two 4 x 4 mazes (its
``gen_dfs`` and ``gen_dfs_percolation``, with loops): ``as_tokens`` in its three tokenisation modes
(rasterized, uniform, indexed), the modular tokenizer's default, and ``as_ascii``; ``*_expected.json`` holds
its ``connection_list`` (down, then right), origin, target and solution. maze-dataset need not be installed.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tremaux
from cli_helpers import run
from tremaux import io
from tremaux.errors import UnsupportedError
from tremaux.io.block import from_blocks, to_blocks
from tremaux.maze import Maze

DATA = Path(__file__).parent / "data" / "maze_dataset"
MAZES = ["dfs", "percolation"]
TOKEN_FORMS = ["rasterized", "uniform", "indexed", "modular"]


def expected(name: str) -> tuple[set, tuple, tuple, list]:
    """The passages, origin, target and path maze-dataset recorded for a sample."""
    e = json.loads((DATA / f"{name}_expected.json").read_text())
    down, right = np.array(e["connection_list"], dtype=bool)
    passages = {((r, c), (r + 1, c)) for r, c in zip(*np.nonzero(down))}
    passages |= {((r, c), (r, c + 1)) for r, c in zip(*np.nonzero(right))}
    return passages, tuple(e["origin"]), tuple(e["target"]), [tuple(p) for p in e["path"]]


def passages(maze: Maze) -> set:
    cells = np.asarray(maze.cells)
    out = {((r, c), (r + 1, c)) for r, c in zip(*np.nonzero(cells & 4))}
    return out | {((r, c), (r, c + 1)) for r, c in zip(*np.nonzero(cells & 2))}


@pytest.mark.parametrize("form", TOKEN_FORMS)
@pytest.mark.parametrize("name", MAZES)
def test_every_token_form_of_maze_dataset_reads_as_its_maze(name, form):
    text = (DATA / f"{name}_{form}.txt").read_text()
    want, origin, target, path = expected(name)
    maze = io.loads(text)
    assert io.detect_format(text) == "tokens"
    assert maze.shape == (4, 4) and passages(maze) == want
    assert (maze.start, maze.goal) == (origin, target)
    assert [tuple(p) for p in tremaux.solve(maze, "bfs").path][-1] == path[-1]
    if name == "dfs":  # a perfect maze: its one path is maze-dataset's solution
        assert [tuple(p) for p in tremaux.solve(maze, "bfs").path] == path


@pytest.mark.parametrize("name", MAZES)
def test_the_ascii_of_maze_dataset_reads_with_its_drawn_solution(name):
    """``as_ascii``: ``#`` walls, ``S`` start, ``E`` end and ``X`` on the solution; every square a cell, and the
    block picture of the cells is the maze of maze-dataset's cells."""
    text = (DATA / f"{name}_ascii.txt").read_text()
    want, origin, target, path = expected(name)
    squares = io.loads(text)
    assert squares.shape == (9, 9)
    assert (squares.start, squares.goal) == (tuple(2 * x + 1 for x in origin), tuple(2 * x + 1 for x in target))
    walls = np.array([[ch == "#" for ch in line] for line in text.splitlines()])
    assert (to_blocks(squares)[1::2, 1::2].astype(bool) == walls).all()  # each square drawn as a cell
    cells = from_blocks(walls, start=origin, goal=target)
    assert cells.shape == (4, 4) and passages(cells) == want
    assert (cells.start, cells.goal) == (origin, target)


def test_an_x_without_hash_walls_is_still_a_wall():
    maze = io.loads("XXXXX\nXE.GX\nXXXXX")
    assert maze.shape == (3, 5) and maze.passages == 2 and (maze.start, maze.goal) == ((1, 1), (1, 3))


@pytest.mark.parametrize("shape", [(1, 1), (3, 4), (6, 6)])
@pytest.mark.parametrize("generator", ["backtracker", "wilson", "kruskal"])
def test_tokens_round_trip(shape, generator):
    maze = tremaux.generate(shape, generator, seed=3).maze  # (1, 1): no passage, the origin names the cell
    text = io.dumps(maze, "tokens")
    assert "\n" not in text and text.startswith("<ADJLIST_START> ") and text.endswith(" <PATH_END>")
    assert io.loads(text) == maze and io.loads(text, "maze-dataset") == maze
    path = text.split("<PATH_START>")[1].split("<PATH_END>")[0].split()
    assert path == [f"({r},{c})" for r, c in tremaux.solve(maze, "bfs").path]


def test_the_tokens_written_match_the_form_maze_dataset_writes():
    """The written text is the peer's ``AOTP_UT_uniform`` form: the same tokens, passages in another order."""
    text = (DATA / "dfs_uniform.txt").read_text().strip()
    ours = io.dumps(io.loads(text), "tokens")
    head, tail = text.split("<ADJLIST_END>")
    our_head, our_tail = ours.split("<ADJLIST_END>")
    assert our_tail == tail

    def links(h):
        return {frozenset(c.strip() for c in p.split("<-->")) for p in h.replace("<ADJLIST_START>", "").split(";")
                if p.strip()}

    assert links(our_head) == links(head) and len(links(head)) == 15  # a perfect maze of 16 cells


def test_tokens_without_start_or_goal_hold_the_adjacency_list_alone():
    maze = Maze.open((2, 2))
    text = io.dumps(maze, "tokens")
    assert text == "<ADJLIST_START> (0,0) <--> (0,1) ; (0,0) <--> (1,0) ; (0,1) <--> (1,1) ; (1,0) <--> (1,1) ; <ADJLIST_END>"
    assert io.loads(text) == maze


def test_tokens_with_an_unreachable_goal_have_an_empty_path():
    maze = Maze(np.array([[2, 8, 0], [0, 2, 8]], np.uint8), start=(0, 0), goal=(1, 2))  # two passages apart
    text = io.dumps(maze, "tokens")
    assert text.endswith("<TARGET_START> (1,2) <TARGET_END> <PATH_START> <PATH_END>")
    assert io.loads(text) == maze


@pytest.mark.parametrize("maze, what", [
    (tremaux.generate((2, 3, 3), seed=1).maze, "a maze with levels"),
    (Maze.open((2, 2), mask=[[True, True], [True, False]]), "a masked maze"),
])
def test_tokens_refuse_what_maze_dataset_cannot_hold(maze, what):
    with pytest.raises(UnsupportedError, match=f"not {what}; write it as json or npz$"):
        io.dumps(maze, "tokens")


def test_convert_writes_tokens(tmp_path, capsys):
    src = tmp_path / "m.json"
    maze = tremaux.generate((3, 5), "kruskal", seed=2).maze
    io.save(maze, src)
    for name in ("tokens", "maze-dataset"):
        out = tmp_path / f"m-{name}.txt"
        code, _, err = run(capsys, "convert", str(src), "--out", str(out), "--format", name)
        assert code == 0 and "(tokens)" in err
        assert out.read_text() == io.dumps(maze, "tokens") + "\n" and io.load(out) == maze
    code, out, _ = run(capsys, "convert", str(src), "--format", "tokens")
    assert code == 0 and out.strip() == io.dumps(maze, "tokens")


def test_generate_prints_and_writes_tokens(tmp_path, capsys):
    code, out, _ = run(capsys, "generate", "--size", "4x4", "--seed", "5", "--format", "tokens")
    assert code == 0 and io.loads(out) == tremaux.generate((4, 4), seed=5).maze
    code, _, _ = run(capsys, "generate", "--size", "4x4", "--seed", "5", "-f", "tokens", "-o", str(tmp_path / "m.txt"))
    assert code == 0 and (tmp_path / "m.txt").read_text() == out


def test_a_maze_whose_last_row_or_column_the_tokens_would_not_name_is_refused():
    """The reader takes the size from the cells named: a maze that would come back smaller is refused in one line."""
    with pytest.raises(UnsupportedError, match=r"this 4 x 5 maze has none in any cell: its size would be lost"):
        io.dumps(Maze.closed((4, 5)), "tokens")
    cells = np.zeros((3, 4), dtype=np.asarray(Maze.open((3, 3)).cells).dtype)
    cells[:, :3] = np.asarray(Maze.open((3, 3)).cells)  # an open 3 x 3 maze and a fourth column of closed cells
    cut = Maze(cells)
    with pytest.raises(UnsupportedError, match="none in its last column"):
        io.dumps(cut, "tokens")
    with pytest.raises(UnsupportedError, match="none in its last column"):
        io.dumps(cut.replace(start=(0, 0), goal=(2, 3)), "tokens")  # an end there has no passage either
    inner = np.asarray(Maze.open((3, 3)).cells).copy()
    inner[1, 1] = 0  # a closed cell inside: read back closed, not as a hole
    inner[0, 1] &= ~np.uint8(4)
    inner[2, 1] &= ~np.uint8(1)
    inner[1, 0] &= ~np.uint8(2)
    inner[1, 2] &= ~np.uint8(8)
    closed = Maze(inner)
    assert io.loads(io.dumps(closed, "tokens")) == closed
