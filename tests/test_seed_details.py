"""The founding texts to the letter: seed 000's traveler walks down a passage at random (seeded), seed 003's
growing tree takes a queue object of the user's (is_empty, enter, top, jettison)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

import tremaux
from tremaux.cli import main
from tremaux.errors import TremauxError, UnsupportedError


# ---------------------------------------------------------------------- seed 003: a queue object of the user's
class Stack:
    """Last in, first out, the five operations of the growing-tree text."""

    def __init__(self):
        self.items = []

    def is_empty(self):
        return not self.items

    def enter(self, cell):
        self.items.append(cell)

    def leave(self):
        return self.items.pop()

    def top(self):
        return self.items[-1]

    def jettison(self):
        self.items.pop()


class Fifo:
    """First in, first out, with ``is_empty`` and ``top`` as properties (as the text writes them)."""

    def __init__(self):
        self.q = deque()

    @property
    def is_empty(self):
        return not self.q

    @property
    def top(self):
        return self.q[0]

    def enter(self, cell):
        self.q.append(cell)

    def leave(self):
        return self.q.popleft()

    def jettison(self):
        self.q.popleft()


MASK = np.ones((6, 7), bool)
MASK[0, :3] = MASK[5, 4:] = False


@pytest.mark.parametrize("queue, builtin", [(Stack, "newest"), (Fifo, "oldest")])
@pytest.mark.parametrize("shape, kwargs", [((9, 13), {}), ((2, 4, 5), {}), ((6, 7), {"mask": MASK}),
                                           ((5, 6), {"start": (2, 3)})])
@pytest.mark.parametrize("seed", [0, 7])
def test_a_queue_object_gives_the_maze_of_the_builtin_discipline(queue, builtin, shape, kwargs, seed):
    mine = tremaux.generate(shape, "growing-tree", discipline=queue, seed=seed, record=True, **kwargs)
    ref = tremaux.generate(shape, "growing-tree", discipline=builtin, seed=seed, record=True, **kwargs)
    assert mine.maze == ref.maze
    assert (mine.stats.visits, mine.stats.start, mine.stats.max_frontier, mine.stats.passages) == \
           (ref.stats.visits, ref.stats.start, ref.stats.max_frontier, ref.stats.passages)
    assert mine.stats.visits == 2 * mine.maze.size - 1
    assert list(mine.trace) == list(ref.trace)
    assert mine.stats.title == f"Vertex Growing Tree ({queue.__name__})"


def test_an_empty_instance_works_and_its_cells_are_row_col():
    seen = []

    class Logged(Stack):
        def enter(self, cell):
            seen.append(cell)
            super().enter(cell)

    maze = tremaux.generate((3, 4), "growing-tree", discipline=Logged(), seed=1).maze
    assert maze.passages == 11 and sorted(seen) == [(r, c) for r in range(3) for c in range(4)]


def test_any_discipline_is_a_perfect_maze():
    class Middle(Stack):  # an odd discipline of the user's: the middle entry
        def top(self):
            return self.items[len(self.items) // 2]

        def jettison(self):
            self.items.pop(len(self.items) // 2)

    maze = tremaux.generate((12, 15), "growing-tree", discipline=Middle, seed=3).maze
    assert maze.passages == maze.size - 1 and tremaux.maze.properties.summary(maze)["perfect"]


@pytest.mark.parametrize("queue, words", [
    (type("Full", (Stack,), {"__init__": lambda self: setattr(self, "items", [(0, 0)])}), "is not empty"),
    (type("Lost", (Stack,), {"top": lambda self: (99, 0)}), "not a cell of the (4, 4) grid"),
    (type("Stuck", (Stack,), {"jettison": lambda self: None}), "which is not waiting in the queue"),
])
def test_a_misbehaving_queue_is_a_one_line_error_not_a_hang(queue, words):
    with pytest.raises(TremauxError, match=words.replace("(", r"\(").replace(")", r"\)")):
        tremaux.generate((4, 4), "growing-tree", discipline=queue, seed=1)


def test_a_queue_object_runs_vertex_based_only():
    with pytest.raises(UnsupportedError, match="vertex-based"):
        tremaux.generate((4, 4), "growing-tree", discipline=Stack, variant="arc", seed=1)
    with pytest.raises(UnsupportedError, match="growing-forest cannot use"):
        tremaux.generate((4, 4), "growing-forest", discipline=Stack, seed=1)


# ---------------------------------------------------------------------- seed 000: a random passage, seeded
@pytest.fixture(scope="module")
def braided():
    return tremaux.generate((12, 16), "kruskal", seed=5, braid=0.6).maze


def _walk_ok(maze, path):
    for a, b in zip(path, path[1:]):
        d = (b[0] - a[0], b[1] - a[1])
        bit = {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}[d]
        assert maze.cells[a] & bit


def test_the_traveler_chooses_at_random_reproducibly(braided):
    fixed = tremaux.solve(braided, "tremaux")
    assert fixed.path_cells() == tremaux.solve(braided, "tremaux", seed=None).path_cells()  # default: N, E, S, W
    runs = {s: tremaux.solve(braided, "tremaux", seed=s, record=True) for s in range(6)}
    for s, sol in runs.items():
        assert sol.found
        _walk_ok(braided, sol.path_cells())
        again = tremaux.solve(braided, "tremaux", seed=s, record=True)
        assert again.path_cells() == sol.path_cells() and list(again.trace) == list(sol.trace)
    walks = {(tuple(sol.path_cells()), sol.steps) for sol in runs.values()}
    assert len(walks) > 1  # the passage choice does depend on the seed


def _cli(capsys, *argv):
    try:
        main([str(a) for a in argv])
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_seed_on_the_command_line(capsys, tmp_path, braided):
    path = tmp_path / "m.json"
    tremaux.io.save(braided, path, "json")
    code, plain, _ = _cli(capsys, "solve", path, "--solver", "tremaux", "--json")
    assert code == 0
    outs = {}
    for seed in range(4):
        code, out, _ = _cli(capsys, "solve", path, "--solver", "tremaux", "--seed", seed, "--json")
        assert code == 0 and _cli(capsys, "solve", path, "--solver", "tremaux", "--seed", seed, "--json")[1] == out
        outs[seed] = out
    assert len(set(outs.values()) | {plain}) > 1
    code, _, err = _cli(capsys, "solve", path, "--solver", "bfs", "--seed", "1")
    assert code == 2 and err.strip() == "error: --solver 'bfs' has no option 'seed'; its options: none"


def test_solve_seed_in_the_web_api():
    from fastapi.testclient import TestClient

    from tremaux.web import create_app

    maze = {"seed": 5, "rows": 10, "cols": 10, "braid": 0.6, "generator": "kruskal"}
    with TestClient(create_app(workers=1, time_limit=60)) as client:
        paths = {}
        for seed in (None, 1, 2, 3):
            body = {"maze": maze, "solver": "tremaux", "record": False, **({} if seed is None else {"seed": seed})}
            res = client.post("/api/solve", json=body)
            assert res.status_code == 200, res.text
            paths[seed] = res.json()["solution"]["path"]
            again = client.post("/api/solve", json=body).json()["solution"]["path"]
            assert again == paths[seed]
        assert len({tuple(map(tuple, p)) for p in paths.values()}) > 1
        res = client.post("/api/solve", json={"maze": maze, "solver": "bfs", "seed": 1})
        assert res.status_code == 400 and "no option 'seed'" in res.json()["error"]
        res = client.post("/api/solve", json={"maze": maze, "solver": "tremaux", "seed": -1})
        assert res.status_code == 422


def test_the_demo_traveler_walks_at_random_by_its_seed(capsys, tmp_path):
    outs = {}
    for seed in (1, 2, 3, 4):
        out = tmp_path / f"d{seed}.txt"
        code, text, _ = _cli(capsys, "demo", "--size", "12x16", "--braid", "0.6", "--seed", seed, "--out", out)
        assert code == 0
        maze = tremaux.generate((12, 16), "backtracker", seed=seed, braid=0.6).maze
        walked = tremaux.solve(maze, "tremaux", seed=seed)
        assert text == tremaux.render.to_text(walked, style="unicode") + "\n"  # the seed's walk, not N, E, S, W
        outs[seed] = walked.path_cells() != tremaux.solve(maze, "tremaux").path_cells()
    assert any(outs.values())  # somewhere the random choice took another way than the fixed order
    code, _, err = _cli(capsys, "demo", "--size", "4x4", "--solver", "bfs", "--out", tmp_path / "b.txt")
    assert code == 0 and "bfs" in err  # a solver without choices takes no seed
