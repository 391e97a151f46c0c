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


def test_one_picture_on_the_standard_output_for_a_file_of_several_puzzles_is_refused_before_any_solve(tmp_path,
                                                                                                       capsys):
    # the first puzzle was solved and its picture written on the standard output before the refusal
    from cli_helpers import run

    path = tmp_path / "two.txt"
    path.write_text("1.1\n2.2\n\n1.1\n2.2\n")
    code, out, err = run(capsys, "numberlink", "solve", str(path), "--out", "-", "-f", "svg")
    assert (code, out) == (2, "")
    assert err == ("error: --out - holds one svg picture, and two.txt has several puzzles: give --out a file name "
                   "(they get -1, -2... suffixes) or --format txt\n")
