"""One answer to "which options does this solver take": :func:`tremaux.solvers.solver_options`."""

from __future__ import annotations

from pathlib import Path

import pytest

import tremaux
from tremaux.errors import UnknownNameError, UnsupportedError
from tremaux.solvers import SOLVERS, solver_options

SRC = Path(tremaux.__file__).parent


@pytest.mark.parametrize("name", SOLVERS.names())
def test_solve_accepts_exactly_the_options_named(name):
    maze = tremaux.generate((3, 4), seed=1).maze
    options = solver_options(name)
    assert "seed" in options if name == "tremaux" else True
    for option in options:
        if option == "seed":
            assert tremaux.solve(maze, name, seed=1).found
    with pytest.raises(UnsupportedError, match="has no option 'colour'"):
        tremaux.solve(maze, name, colour=1)


def test_aliases_and_unknown_names():
    assert solver_options("breadth-first") == solver_options("bfs") == ()
    with pytest.raises(UnknownNameError, match="unknown solver 'dijkstra'"):
        solver_options("dijkstra")


@pytest.mark.parametrize("module", ["cli/demo_cmds.py", "web/app.py"])
def test_demo_and_the_web_page_ask_the_registry(module):
    """Neither keeps its own test of a solver's signature: both call solver_options."""
    text = (SRC / module).read_text(encoding="utf-8")
    assert "solver_options(" in text
    assert "inspect.signature(SOLVERS" not in text
