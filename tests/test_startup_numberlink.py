"""Start-up of the Number Link commands: what a small board must not load (numba, numpy.ma, xml.etree), and that the puzzle
``numberlink generate`` makes without numba is the one the compiled kernels make.

Each command runs in a fresh interpreter and reports ``sys.modules`` afterwards (behaviour, not timing: the
timings are ``benchmarks/bench_startup.py --numberlink`` in docs/benchmarks.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

UNUSED = ["numba", "llvmlite", "scipy", "numpy.ma", "xml.etree"]
"""Loaded by none of the commands below: numba (its start, about 0.3 s), numpy.ma (about 15 ms), which
``numpy.unique`` imports unless asked for counts or indices, and the XML parser (for XML boards only)."""

PROBE = """
import json, sys
from tremaux.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code or 0
else:
    code = 0
print(json.dumps({"code": code, "loaded": [m for m in UNUSED if m in sys.modules]}), file=sys.stderr)
"""


def _probe(*args: str) -> tuple[str, dict]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.run([sys.executable, "-c", f"UNUSED = {UNUSED!r}\n" + PROBE, *args], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(proc.stderr.strip().splitlines()[-1])


GENERATE = {
    "short lines": ["numberlink", "generate", "--size", "7x6", "--seed", "5"],
    "nikoli, touching": ["numberlink", "generate", "--size", "6x7", "--seed", "2", "--rule", "nikoli", "--touch"],
}


@pytest.mark.parametrize("case", sorted(GENERATE))
def test_small_generate_runs_without_numba_and_prints_the_compiled_puzzle(case, capsys):
    argv = GENERATE[case]
    out, report = _probe(*argv)
    assert report == {"code": 0, "loaded": []}
    from tremaux import _jit
    from tremaux.cli import main

    import numba  # noqa: F401  # in this process every kernel runs compiled
    try:
        main(argv)
    finally:
        _jit.allow_interpreted(0)
    assert out == capsys.readouterr().out and out.count("\n") == int(argv[3].split("x")[0])


def test_reading_solving_and_checking_a_puzzle_leave_numpy_ma_and_numba_unloaded(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("...12\n1344.\n..5.2\n..6..\n36775\n")  # proper
    for command, said in ((["solve", "--unique"], "7─7"), (["check"], "p: proper"), (["convert", "-f", "wh"], "5 5")):
        out, report = _probe("numberlink", command[0], str(path), *command[1:])
        assert report == {"code": 0, "loaded": []}, command
        assert said in out, command
