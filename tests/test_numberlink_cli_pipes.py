"""``tremaux numberlink solve --out -`` when the reader of the standard output has gone (``| head``): the command
stops quietly, as its printed drawing does, instead of an error line and solving every other puzzle."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


def test_a_closed_standard_output_ends_the_solve_quietly(tmp_path):
    # (the drawing printed without --out already ended so, status 1: this is the same)
    extra = ["--out", "-", "--format", "txt"]
    path = tmp_path / "p.txt"
    path.write_text("1.1\n2.2\n\n" * 6)  # six puzzles
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first drawing: every write is a broken pipe
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    try:
        done = subprocess.run([sys.executable, "-m", "tremaux", "numberlink", "solve", str(path), *extra],
                              stdout=write, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    finally:
        os.close(write)
    err = "\n".join(line for line in done.stderr.splitlines() if not line.startswith("first use"))
    assert done.returncode == 1, err
    assert "error" not in err and "Broken pipe" not in err and "Exception" not in err
    assert "p#2" not in err and "p#6" not in err  # no other puzzle solved: nothing more can be shown
