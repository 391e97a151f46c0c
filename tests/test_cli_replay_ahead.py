"""A GIF replay sure to be over the frames x squares limit is refused before the recorded run, not after it."""

from __future__ import annotations

import pytest

import tremaux
import tremaux.solvers
from cli_helpers import run
from tremaux.cli.output import check_replay_ahead
from tremaux.errors import TremauxError


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """600 x 600 (1,442,401 squares) for animate's 1,000 frames; 1600 x 1600 (10,246,401) for solve's 100."""
    folder = tmp_path_factory.mktemp("big")
    for n in (600, 1600):
        tremaux.io.save(tremaux.Maze.open((n, n)), folder / f"{n}.npz")
    return folder


def _no_run(*args, **kwargs):
    raise AssertionError("the run was made before the refusal")


@pytest.mark.parametrize("argv, kept, squares, advice", [
    (["solve", "{big}/1600.npz", "--out", "{tmp}/x.gif"], 100, 10_246_401,
     "replay it with fewer frames (`tremaux animate {big}/1600.npz -s bfs --frames 97 --out {tmp}/x.gif`), or draw "
     "a .png"),
    (["animate", "{big}/600.npz", "--frames", "1000", "--out", "{tmp}/x.gif"], 1000, 1_442_401,
     "give at most 693 frames"),
])
def test_a_replay_over_the_limit_is_refused_before_the_run(capsys, monkeypatch, tmp_path, big, argv, kept, squares,
                                                           advice):
    monkeypatch.setattr(tremaux, "solve", _no_run)
    monkeypatch.setattr(tremaux.solvers, "solve", _no_run)
    code, out, err = run(capsys, *[a.format(big=big, tmp=tmp_path) for a in argv])
    assert (code, out) == (2, "")
    assert err == (f"error: {kept:,} frames of a maze of {squares:,} squares replay {kept * squares:,} squares; the "
                   f"limit is 1,000,000,000 (frames x squares): {advice.format(big=big, tmp=tmp_path)}\n")
    assert not any(tmp_path.iterdir())


def test_the_ahead_check_leaves_what_may_fit_to_the_run():
    maze = tremaux.Maze.open((600, 600))
    with pytest.raises(TremauxError, match=r"^1,000 frames of a maze of 1,442,401 squares"):
        check_replay_ahead(maze, None, None, 1000, "{frames}")
    check_replay_ahead(tremaux.Maze.closed((600, 600)), None, None, 1000, "{frames}")  # no path: may stop early
    check_replay_ahead(maze, (0, 0), (0, 5), 1000, "{frames}")  # a path of 6 cells may give 7 frames
    check_replay_ahead(maze, (0, 0), (600, 0), 1000, "{frames}")  # a bad end: the solve names it
    for solver in tremaux.SOLVERS.names():  # the bound it rests on: a path found records an event per cell
        sol = tremaux.solve(tremaux.generate((6, 7), seed=3).maze, solver, record=True)
        assert not sol.found or len(sol.trace) >= len(sol.path), solver
