"""Tremaux's traveler on every grid walks down one of the unmarked passages at random when given a ``seed``."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from tremaux.cli import main
from tremaux.errors import InvalidSizeError
from tremaux.grids import files, generate_on, make_grid, solve_on
from tremaux.grids.weave import woven

GRIDS = {
    "hex": lambda: make_grid("hex", size=(9, 11)),
    "polar": lambda: make_grid("polar", rings=7),
    "triangle": lambda: make_grid("triangle", size=(8, 12)),
    "upsilon": lambda: make_grid("upsilon", size=(8, 8)),
    "zeta": lambda: make_grid("zeta", size=(8, 8)),
    "torus": lambda: make_grid("square", size=(8, 9), wrap="torus"),
    "moebius": lambda: make_grid("square", size=(8, 9), wrap="moebius"),
    "square": lambda: make_grid("square", size=(8, 9)),
    "woven square": lambda: woven(make_grid("square", size=(8, 9))),
    "woven hex": lambda: woven(make_grid("hex", size=(8, 9))),
}


def _maze(name, braid=0.5):
    if name.startswith("woven"):  # no braid on a woven grid: its crossings make the loops
        return generate_on(GRIDS[name](), "kruskal", seed=3).maze
    return generate_on(GRIDS[name](), "backtracker", seed=3, braid=braid).maze


def _digest(sol):
    h = hashlib.sha256()
    for a in (sol.path, sol.visited, sol.marks, np.asarray(sol.trace.events)):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(str(sol.steps).encode())
    return h.hexdigest()[:16]


def _check_walk(maze, path):
    """``path`` runs from the maze's start to its goal through open passages."""
    grid, cells = maze.grid, maze.cells
    assert path[0] == maze.start_index and path[-1] == maze.goal_index
    for a, b in zip(path[:-1].tolist(), path[1:].tolist()):
        sides = [s for s in range(grid.nbr.shape[1]) if grid.nbr[a, s] == b and (int(cells[a]) >> s) & 1]
        assert sides, f"no open passage from {a} to {b}"


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_a_seed_gives_one_valid_walk_again_and_again(name):
    maze = _maze(name)
    for seed in (1, 2):
        first = solve_on(maze, "tremaux", seed=seed, record=True)
        assert first.found
        _check_walk(maze, first.path)
        assert first == solve_on(maze, "tremaux", seed=seed, record=True)  # path, trace and marks alike
        # recording changes nothing of the walk
        assert np.array_equal(solve_on(maze, "tremaux", seed=seed).path, first.path)


def test_seeds_give_different_walks_on_a_braided_hex_maze():
    maze = _maze("hex", braid=1.0)
    fixed = solve_on(maze, "tremaux", record=True)
    walks = {seed: solve_on(maze, "tremaux", seed=seed, record=True) for seed in range(1, 6)}
    assert len({_digest(s) for s in walks.values()}) > 1
    assert any(_digest(s) != _digest(fixed) for s in walks.values())
    assert len({tuple(s.path.tolist()) for s in walks.values()}) > 1


@pytest.mark.parametrize(("name", "braid", "digest"), [
    ("hex", 0.0, "befe568978c019cd"), ("hex", 0.5, "813de67635035bb9"),
    ("polar", 0.5, "b588ae3da0a025a9"), ("zeta", 0.5, "27a55e65a6723a2b"),
    ("torus", 0.5, "dbfdc235c3652221"), ("moebius", 0.0, "f80ef607a1333455"),
])
def test_no_seed_keeps_the_fixed_order_walk(name, braid, digest):
    # digests of the path, visited cells, marks, trace and steps taken before the seed was offered
    maze = generate_on(GRIDS[name](), "backtracker", seed=3, braid=braid).maze
    assert _digest(solve_on(maze, "tremaux", record=True)) == digest
    assert _digest(solve_on(maze, "tremaux", seed=None, record=True)) == digest


def test_a_bad_seed_is_named():
    maze = _maze("hex")
    with pytest.raises(InvalidSizeError, match="seed"):
        solve_on(maze, "tremaux", seed=1.5)
    with pytest.raises(InvalidSizeError, match="out of range"):
        solve_on(maze, "tremaux", seed=2**64)


def _cli(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(list(args))
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code or 0, out.out, out.err


def test_the_commands_take_the_travelers_seed_on_a_grid_maze(capsys, tmp_path):
    path = tmp_path / "hex.json"
    files.save(_maze("hex", braid=1.0), path)
    outs = {}
    for seed in ("1", "2", "3", "1"):
        code, out, _ = _cli(capsys, "solve", str(path), "--solver", "tremaux", "--seed", seed)
        assert code == 0 and out.strip()
        assert outs.setdefault(seed, out) == out
    code, fixed, _ = _cli(capsys, "solve", str(path), "--solver", "tremaux")
    assert code == 0 and len(set(outs.values()) | {fixed}) > 1
    code, _, err = _cli(capsys, "solve", str(path), "--solver", "tremaux", "--seed", "x")
    assert code == 2 and err.startswith("error: ") and "--seed" in err and err.count("\n") == 1
    code, _, err = _cli(capsys, "solve", str(path), "--solver", "bfs", "--seed", "1")
    assert code == 2 and err.strip() == "error: --solver 'bfs' has no option 'seed'; its options: none"
    svgs = []
    for name in ("a.svg", "b.svg"):
        code, _, err = _cli(capsys, "render", str(path), "--solver", "tremaux", "--seed", "2", "--out",
                            str(tmp_path / name))
        assert code == 0, err
        svgs.append((tmp_path / name).read_text())
    assert svgs[0] == svgs[1] and svgs[0].startswith("<svg")
    code, _, err = _cli(capsys, "animate", str(path), "--solver", "tremaux", "--seed", "2", "--frames", "5",
                        "--out", str(tmp_path / "walk.svg"))
    assert code == 0, err
    assert (tmp_path / "walk.svg").read_text().startswith("<svg")


def test_the_seeded_and_fixed_walks_share_one_compiled_kernel():
    from tremaux.kernels import graph_solve as kgs

    for name in ("hex", "woven hex"):  # one-byte cells widened, two-byte cells as they are
        maze = _maze(name)
        solve_on(maze, "tremaux")
        solve_on(maze, "tremaux", seed=4, record=True)
    signatures = getattr(kgs.tremaux, "signatures", None)
    if signatures is None:
        pytest.skip("kernels run interpreted")
    assert len(signatures) == 1, signatures
