"""Golden transcripts of the worklist solver on the 4 x 5 example of the lecture (seed 002).

``tests/golden/solve_seed002_lecture.txt`` is the lecture itself; the
``solve_worklist_*.txt`` files are our transcripts. The tests check our
output against the golden files character for character, and the golden
files against every step the lecture prints.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import tremaux
from tremaux.solvers import explain

GOLDEN = Path(__file__).parent / "golden"

# The squares of the lecture's example, read back from its transcripts: "o"
# open, "#" wall. E = (0, 2), G = (3, 4).
GRID = ["o#o#o", "ooooo", "#oo#o", "#oo#o"]
PATH = [(0, 2), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]


def lecture_maze() -> tremaux.Maze:
    mask = np.array([[ch == "o" for ch in row] for row in GRID])
    return tremaux.Maze.open((4, 5), mask=mask, start=(0, 2), goal=(3, 4))


_CELL = re.compile(r"\((\d+),\s*(\d+)\)")


def _cells(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in _CELL.findall(text)]


def _steps(text: str) -> list[dict]:
    """The steps of a transcript: current node, worklist, neighbours, worklist after (None if not printed)."""
    flat = " ".join(line.strip().lstrip("#").strip() for line in text.splitlines())
    out = []
    for seg in re.split(r"(?=Current node:)", flat):
        if not seg.startswith("Current node:"):
            continue
        m = re.match(
            r"Current node: (\(\d+, ?\d+\))(?: Worklist: (.*?) Unmarked neighbors of the current node: (.*?)"
            r" Worklist after unmarked neighbors are added:(.*))?",
            seg,
        )
        assert m, seg
        step = {"current": _cells(m.group(1))[0]}
        if m.group(2) is not None:
            after = m.group(4)
            after_cells = _cells(after.split(" - ")[0])
            printed = bool(after_cells) or after.strip().startswith("empty")
            step.update(
                worklist=_cells(m.group(2)),
                neighbours=_cells(m.group(3)),
                after=after_cells if printed else None,
            )
        out.append(step)
    return out


def _lecture_runs() -> tuple[str, str]:
    text = (GOLDEN / "solve_seed002_lecture.txt").read_text()
    queue_part = text.split("First, let's use a queue")[1].split("Do it again, with a stack")[0]
    stack_part = text.split("Do it again, with a stack")[1]
    return queue_part, stack_part


@pytest.mark.parametrize("algorithm, name", [("bfs", "queue"), ("dfs", "stack")])
def test_transcript_matches_golden_file(algorithm, name):
    sol = tremaux.solve(lecture_maze(), algorithm, record=True)
    expected = (GOLDEN / f"solve_worklist_{name}.txt").read_text()
    assert explain(sol) + "\n" == expected
    assert sol.path_cells() == PATH


@pytest.mark.parametrize("algorithm, which", [("bfs", 0), ("dfs", 1)])
def test_transcript_follows_the_lecture_step_by_step(algorithm, which):
    lecture = _steps(_lecture_runs()[which])
    ours = _steps(explain(tremaux.solve(lecture_maze(), algorithm, record=True)))
    assert len(ours) == len(lecture) == (14 if which == 0 else 13)
    for a, b in zip(ours, lecture):
        assert a["current"] == b["current"]
        if "worklist" not in b:
            assert "worklist" not in a  # the goal: no more worklist
            continue
        assert a["worklist"] == b["worklist"], a
        assert a["neighbours"] == b["neighbours"], a
        if b["after"] is not None:  # the lecture leaves two of these blank
            assert a["after"] == b["after"], a


def test_stack_trace_back_and_path_as_in_the_lecture():
    stack_part = _lecture_runs()[1]
    added = re.findall(r"- (\(\d+, \d+\)) was added by (\(\d+, \d+\))", stack_part)
    ours = explain(tremaux.solve(lecture_maze(), "dfs", record=True))
    assert re.findall(r"- (\(\d+, \d+\)) was added by (\(\d+, \d+\))", ours) == added
    assert "(1, 2) was added by (0, 2) which is the entrance" in ours
    paths = re.findall(r"\$(.*?)\$", stack_part)
    back, forward = (_cells(p) for p in paths)
    lines = ours.splitlines()
    assert _cells(lines[-3]) == back
    assert _cells(lines[-1]) == forward == PATH


def test_lecture_maze_matches_the_block_file():
    from tremaux import io

    assert io.loads((GOLDEN / "seed002_grid.txt").read_text()) == lecture_maze()


def test_no_solution_transcript():
    maze = lecture_maze().replace(goal=(0, 0))
    cells = np.array(maze.cells)
    cells[0, 0] = 0
    cells[1, 0] &= ~np.uint8(1)  # wall off (0, 0)
    sol = tremaux.solve(tremaux.Maze(cells, mask=maze.mask, start=(0, 2), goal=(0, 0)), "bfs", record=True)
    text = explain(sol)
    assert not sol.found
    assert text.splitlines()[-1] == "The worklist is empty, so there is no solution"
    assert text.splitlines()[-2].endswith("Worklist after unmarked neighbors are added: empty")


def test_explain_refuses_other_solvers_and_missing_trace():
    with pytest.raises(tremaux.errors.UnsupportedError, match="bfs, dfs"):
        explain(tremaux.solve(lecture_maze(), "astar", record=True))
    with pytest.raises(tremaux.errors.UnsupportedError, match="record=True"):
        explain(tremaux.solve(lecture_maze(), "bfs"))
