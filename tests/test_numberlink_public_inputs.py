"""Number Link as a new user meets it: puzzles typed by hand or copied from the web, and the command line's
answers to them (one verdict for one puzzle, outputs that hold what their names say, messages that name the
problem)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli_helpers import run as run_cli

SRC = str(Path(__file__).resolve().parents[1] / "src")


def run(capsys, *args):
    return run_cli(capsys, "numberlink", *args)


def test_a_check_gives_one_verdict_whatever_the_sat_modules_and_the_router_take_to_load(tmp_path):
    """A puzzle a theorem proves unsolvable under fill but that has solutions with empty cells is
    ``needs-empty-cells``. Whether the lines can all be drawn is asked within a budget of a twentieth of a
    second, and the import of the SAT modules (some 50 ms) and the router's kernel, loaded on its first use
    (a second or more), were charged to it: the same puzzle came out ``needs-empty-cells`` or ``no-solution``
    from one run of ``tremaux numberlink check`` to the next. Here the import is made slow and the solve's own
    hint (which has a budget of its own, and may miss it under load) is left out."""
    path = tmp_path / "p.txt"
    path.write_text("12.3..5\n..23...\n617..58\n..97...\n....A.8\n6.A.B..\n9.B.C.C\n")
    code = textwrap.dedent(f"""
        import importlib.abc, sys, time

        class Slow(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "tremaux.numberlink.solvers.encoding":
                    time.sleep(0.3)
                return None

        sys.meta_path.insert(0, Slow())
        import tremaux.numberlink.solvers as solvers
        solvers._other_rule_hint = lambda *args: ""
        from tremaux.cli import main
        main(["numberlink", "check", {str(path)!r}, "--json"])
    """)
    env = dict(os.environ, PYTHONPATH=SRC)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 1, out.stderr
    (rec,) = json.loads(out.stdout)
    assert rec["verdict"] == "needs-empty-cells"
    assert rec["reasons"][0].endswith("; it has solutions if cells may stay empty (rule nikoli)")
