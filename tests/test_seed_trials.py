"""Trying the seeds' mazes as a new user would: wording, limits and odd inputs found along the way."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import tremaux
from cli_helpers import run
from test_seed_details import Stack  # the five operations of the growing-tree text, last in first out
from tremaux.errors import TremauxError
from tremaux.trace import Trace
from tremaux.numberlink import Puzzle, solve_puzzle


@pytest.mark.parametrize("budget", [1, 2])
def test_step_budget_message_counts_steps_in_words(budget):
    p = Puzzle.from_rows(["1...2", ".....", "..3..", ".....", "2..31"])
    r = solve_puzzle(p, "tremaux", rule="fill", max_steps=budget)
    steps = "1 step" if budget == 1 else f"{budget} steps"
    assert r.status == "gave-up" and r.message == f"gave up after {steps} (step budget)"


def test_step_budget_of_one_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("5 5\n1 . . . 2\n. . . . .\n. . 3 . .\n. . . . .\n2 . . 3 1\n")
    code, out, _ = run(capsys, "numberlink", "solve", str(path), "-s", "tremaux", "--max-steps", "1", "--json")
    assert code == 1 and json.loads(out)[0]["message"] == "gave up after 1 step (step budget)"


# ---------------------------------------------------------------------- seed 003: queue objects that misbehave
def _boom(self, *args):
    raise RuntimeError("boom")


class _EmptyOnce(Stack):
    """Empty at the start, then never empty again: top() on an empty list raises."""

    def __init__(self):
        super().__init__()
        self.asked = 0

    def is_empty(self):
        self.asked += 1
        return self.asked == 1


def _generate_with(queue):
    return tremaux.generate((4, 5), "growing-tree", discipline=queue, seed=1, start=(0, 0))


@pytest.mark.parametrize("queue, words", [
    (type("TopRaises", (Stack,), {"top": _boom}), "the queue's top() raised RuntimeError: boom"),
    (type("EnterRaises", (Stack,), {"enter": _boom}), "the queue's enter() raised RuntimeError: boom"),
    (type("JettisonRaises", (Stack,), {"jettison": _boom}), "the queue's jettison() raised RuntimeError: boom"),
    (type("EmptyRaises", (Stack,), {"is_empty": _boom}), "the queue's is_empty() raised RuntimeError: boom"),
    (_EmptyOnce, "the queue's top() raised IndexError"),
    (type("NeedsArgument", (Stack,), {"__init__": lambda self, size: Stack.__init__(self)}),
     "the queue class NeedsArgument could not be made with no argument"),
])
def test_a_queue_whose_operation_raises_is_named_in_a_one_line_error(queue, words):
    with pytest.raises(TremauxError, match=re.escape(words)) as caught:
        _generate_with(queue)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("top, shown", [
    (lambda self: (float("inf"), 0), "(inf, 0)"),          # OverflowError in int()
    (lambda self: (self.items[-1][0] + 0.5, self.items[-1][1]), "(0.5, 0)"),  # truncated to a cell
    (lambda self: tuple(str(x) for x in self.items[-1]), "('0', '0')"),  # text, not numbers
    (lambda self: np.array(self.items[-1], dtype=float) + 0.25, "array([0.25, 0.25])"),
])
def test_a_top_that_is_not_whole_numbers_is_not_a_cell(top, shown):
    with pytest.raises(TremauxError, match=re.escape(f"the queue's top() gave {shown}, which is not a cell")):
        _generate_with(type("Odd", (Stack,), {"top": top}))


@pytest.mark.parametrize("answer", [None, "no", 0, np.array([True, False])])
def test_is_empty_must_answer_true_or_false(answer):
    with pytest.raises(TremauxError, match=re.escape(f"the queue's is_empty() gave {answer!r}; it must be True or "
                                                     "False")):
        _generate_with(type("Vague", (Stack,), {"is_empty": lambda self: answer}))


def test_a_queue_that_loses_one_cell_says_1_cell():
    class LosesOne(Stack):
        def jettison(self):  # the first jettison takes two entries
            self.items.pop()
            if len(self.items) == 1:
                self.items.pop()

    with pytest.raises(TremauxError, match=r"says it is empty with 1 cell still in it"):
        _generate_with(LosesOne)


def test_numpy_whole_numbers_and_an_empty_queue_answering_numpy_true_are_fine():
    class Numpy(Stack):
        def is_empty(self):
            return np.bool_(not self.items)

        def top(self):
            return np.array(self.items[-1], dtype=np.int64)

    assert _generate_with(Numpy).maze == _generate_with(Stack).maze


# ---------------------------------------------------------------------- start = goal: the same solver, options and extras
def test_start_on_the_goal_still_checks_the_solvers_options():
    maze = tremaux.Maze.open((3, 3))
    for name, options, words in [("tremaux", {"seed": "x"}, "seed"), ("pledge", {"direction": "up"}, "direction")]:
        with pytest.raises(TremauxError, match=words):  # as with any other two ends
            tremaux.solve(maze, name, start=(0, 0), goal=(2, 2), **options)
        with pytest.raises(TremauxError, match=words):
            tremaux.solve(maze, name, start=(1, 1), goal=(1, 1), **options)


@pytest.mark.parametrize("name, key", [("tremaux", "marks"), ("dead-end-fill", "filled"), ("cul-de-sac-fill", "filled")])
def test_start_on_the_goal_keeps_the_documented_extras(name, key):
    maze = tremaux.generate((4, 5), "kruskal", seed=2, braid=0.5).maze
    far = tremaux.solve(maze, name, start=(0, 0), goal=(3, 4))
    here = tremaux.solve(maze, name, start=(1, 1), goal=(1, 1), record=True)
    assert here.found and here.steps == 0 and "is the goal" in here.message
    extra = here.extras[key]
    assert extra.shape == far.extras[key].shape and extra.dtype == far.extras[key].dtype
    assert not extra.any() and not extra.flags.writeable  # nothing marked or filled: the traveler never moved


def test_start_on_the_goal_prints_tremaux_marks_in_json(capsys, tmp_path):
    path = tmp_path / "m.txt"
    tremaux.io.save(tremaux.generate((3, 4), seed=1).maze, path)
    code, out, _ = run(capsys, "solve", str(path), "-s", "tremaux", "--start", "1,1", "--goal", "1,1", "--json")
    assert code == 0 and json.loads(out)["marks"] == [[[0] * 4] * 4] * 3


# ---------------------------------------------------------------------- render --heat from a cell of the user's
def _saved(tmp_path):
    path = tmp_path / "m.txt"
    tremaux.io.save(tremaux.generate((3, 4), seed=1).maze, path)
    return path


def test_render_heat_counts_from_the_start_given_without_a_solver(capsys, tmp_path):
    path = _saved(tmp_path)
    code, out, err = run(capsys, "render", str(path), "--heat", "--start", "1,2")
    assert code == 0 and err == ""
    maze = tremaux.io.load(path).replace(start=(1, 2))
    assert out.rstrip("\n") == tremaux.render.render(maze, "ascii", heat=True).rstrip("\n")
    assert " S " in out.splitlines()[3]  # the start drawn where it was given: row 1 of the maze


def test_render_places_start_and_goal_given_without_a_solver(capsys, tmp_path):
    path = _saved(tmp_path)
    code, out, _ = run(capsys, "render", str(path), "--start", "2,0", "--goal", "0,3")
    assert code == 0
    lines = out.splitlines()
    assert "G" in lines[1] and "S" in lines[5] and "S" not in lines[1]


@pytest.mark.parametrize("args, words", [
    (["--seed", "3"], "--seed is the seed of --solver's choices; add --solver NAME"),
    (["--start", "5,0"], "--start (5, 0) is outside the 3 x 4 grid"),
])
def test_render_without_a_solver_still_refuses_what_it_cannot_use(capsys, tmp_path, args, words):
    code, _, err = run(capsys, "render", str(_saved(tmp_path)), *args)
    assert code == 2 and err.strip() == f"error: {words}"


# ---------------------------------------------------------------------- loops and walled-in cells at the extremes
def test_braid_one_and_unreachable_says_the_braid_took_the_dead_ends():
    with pytest.raises(TremauxError) as caught:
        tremaux.generate((5, 5), "backtracker", braid=1.0, unreachable=1, seed=1)
    words = str(caught.value)
    assert words.startswith("unreachable=1 is too many: only 0 dead ends could be walled in")
    assert "braid=1.0 opened dead ends into loops first" in words and "\n" not in words
    with pytest.raises(TremauxError) as alone:  # no braid: no word about it
        tremaux.generate((1, 2), "backtracker", unreachable=1, seed=1)
    assert "braid" not in str(alone.value)


def test_tremaux_from_a_walled_in_start_says_it_never_moved():
    cells = np.array(tremaux.Maze.open((2, 3)).cells)
    cells[0, 0] = 0  # (0, 0) walled in on every side
    cells[0, 1] &= ~np.uint8(8)
    cells[1, 0] &= ~np.uint8(1)
    maze = tremaux.Maze(cells)
    sol = tremaux.solve(maze, "tremaux")
    assert not sol.found and sol.steps == 0
    assert sol.message == "no path: the start (0, 0) has no open side"
    assert sol.message == tremaux.solve(maze, "wall-left").message  # as every traveler says it


# ---------------------------------------------------------------------- growing-tree options that would do nothing
@pytest.mark.parametrize("name, options, words", [
    ("growing-tree", {"p": 0.9}, "p is the chance of the newest cell with discipline=mixed"),
    ("growing-tree", {"discipline": "oldest", "p": 0.1}, "p is the chance of the newest cell with discipline=mixed"),
    ("growing-forest", {"p": 0.9}, "p is the chance of the newest cell with discipline=mixed"),
    ("growing-tree", {"weights": np.ones((4, 5))}, "weights are the priorities of discipline=min or max"),
    ("growing-tree", {"discipline": "random", "variant": "arc", "weights": np.ones((4, 5))},
     "weights are the priorities of discipline=min or max"),
])
def test_an_option_the_discipline_does_not_use_is_refused_not_dropped(name, options, words):
    with pytest.raises(TremauxError, match=re.escape(words)):
        tremaux.generate((4, 5), name, seed=1, **options)


def test_the_options_a_discipline_uses_still_work():
    mixed = tremaux.generate((4, 5), "growing-tree", discipline="mixed", p=1.0, seed=1).maze
    assert mixed == tremaux.generate((4, 5), "growing-tree", discipline="newest", seed=1).maze
    w = np.arange(20.0).reshape(4, 5)
    assert tremaux.generate((4, 5), "growing-tree", discipline="max", weights=w, seed=1).maze.passages == 19
    assert tremaux.generate((4, 5), "growing-forest", discipline="mixed", p=0.2, seed=1).maze.passages == 19


def test_an_option_the_discipline_does_not_use_on_the_command_line(capsys):
    code, _, err = run(capsys, "generate", "-g", "growing-tree", "-O", "p=0.9", "--size", "3x4")
    assert code == 2 and err.startswith("error: p is the chance of the newest cell with discipline=mixed")
    assert len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------- fillers count in words
@pytest.mark.parametrize("name", ["dead-end-fill", "cul-de-sac-fill"])
def test_fillers_say_1_cell_filled(name):
    maze = tremaux.Maze.open((1, 3))  # (0, 2) is the one dead end off the way from (0, 0) to (0, 1)
    sol = tremaux.solve(maze, name, start=(0, 0), goal=(0, 1))
    assert sol.found and sol.message.endswith("(1 cell filled)")
    cells = np.array(maze.cells)
    cells[0, 0] &= ~np.uint8(2)  # (0, 0) walled off from (0, 1): (0, 2) filled, and no way through
    cells[0, 1] &= ~np.uint8(8)
    none = tremaux.solve(tremaux.Maze(cells), name, start=(0, 0), goal=(0, 1))
    assert not none.found and "after filling 1 cell, the goal" in none.message


def test_too_many_openings_says_1_wall():
    with pytest.raises(TremauxError, match=r"^openings=2 is too many: only 1 wall could be opened$"):
        tremaux.generate((2, 2), "backtracker", openings=2, seed=1)


def test_too_many_walled_in_dead_ends_says_1_dead_end():
    for seed in range(40):  # a 2 x 2 maze whose one dead end is neither the start nor the goal
        try:
            tremaux.generate((2, 2), "backtracker", unreachable=2, seed=seed)
        except TremauxError as exc:
            if "only 1 " in str(exc):
                assert str(exc) == "unreachable=2 is too many: only 1 dead end could be walled in"
                return
    pytest.fail("no maze with exactly one dead end to wall in")


# ---------------------------------------------------------------------- traces: compared and sliced as sequences
def test_two_runs_with_one_seed_have_equal_traces():
    maze = tremaux.generate((6, 7), "kruskal", seed=3, braid=0.5).maze
    a, b = (tremaux.solve(maze, "tremaux", seed=4, record=True) for _ in range(2))
    assert a.trace == b.trace and hash(a.trace) == hash(b.trace)
    assert a.trace != tremaux.solve(maze, "tremaux", seed=5, record=True).trace or a.path_cells() == []
    assert a.trace != tremaux.solve(maze, "bfs", record=True).trace
    g, h = (tremaux.generate((5, 6), "wilson", seed=8, record=True) for _ in range(2))
    assert g.trace == h.trace and g.trace != a.trace
    assert (a.trace == list(a.trace)) is False  # a trace equals traces only


def test_a_trace_slices_into_a_trace():
    sol = tremaux.solve(tremaux.Maze.open((2, 3)), "tremaux", record=True)
    head = sol.trace[:3]
    assert isinstance(head, Trace) and len(head) == 3 and list(head) == list(sol.trace)[:3]
    assert list(sol.trace[::-1]) == list(sol.trace)[::-1] and sol.trace[-1] == list(sol.trace)[-1]
    assert head.shape == sol.trace.shape and not head.events.flags.writeable


# ---------------------------------------------------------------------- counts far past the maze
@pytest.mark.parametrize("key", ["openings", "islands", "unreachable"])
def test_a_huge_count_is_too_many_not_a_fraction(capsys, key):
    code, _, err = run(capsys, "generate", "--size", "3x4", "-O", f"{key}=99999999999999999999", "--seed", "1")
    assert code == 2 and err.startswith(f"error: {key}=99999999999999999999 is too many: only ")
    with pytest.raises(TremauxError, match="is too many"):
        tremaux.generate((3, 4), seed=1, **{key: 10 ** 20})


@pytest.mark.parametrize("value", ["2.5", 2.5, "x", True, float("inf"), float("nan"), "1e400"])
def test_a_count_that_is_not_whole_is_still_refused_as_such(value):
    with pytest.raises(TremauxError, match="is not a whole number"):
        tremaux.generate((3, 4), seed=1, islands=value)


def test_explain_of_something_else_says_what_it_needs():
    from tremaux.grids import generate_on, make_grid, solve_on
    from tremaux.solvers import explain

    hexed = solve_on(generate_on(make_grid("hex", size=(3, 4)), seed=1).maze, "bfs", record=True)
    for thing in ["x", None, hexed]:
        with pytest.raises(TremauxError, match=r"^explain\(\) needs the Solution of tremaux.solve\(maze, 'bfs' or "
                                               r"'dfs', record=True\) on a square maze, not "):
            explain(thing)
