"""What a new user trips over on the command line: mistyped names, and the same table on every grid."""

from __future__ import annotations

import pytest

from tremaux.errors import UnknownNameError
from cli_helpers import run


@pytest.mark.parametrize("argv, typed, meant", [
    (["generate", "-g", "wilsn"], "wilsn", "wilson"),
    (["generate", "-g", "recursive-backtraker"], "recursive-backtraker", "backtracker"),  # through an alias
    (["generate", "--grid", "polr"], "polr", "polar"),
    (["solve", "-", "-s", "bsf"], "bsf", "bfs"),
])
def test_a_mistyped_name_gets_a_suggestion(capsys, monkeypatch, argv, typed, meant):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"+---+\n| S |\n+---+\n")))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert f"unknown" in err and f"{typed!r} (did you mean {meant!r}?); choose one of: " in err


def test_a_name_far_from_all_gets_no_suggestion():
    err = UnknownNameError("generator", "magic", ["wilson", "kruskal"])
    assert err.suggestion is None
    assert str(err) == "unknown generator 'magic'; choose one of: kruskal, wilson"
