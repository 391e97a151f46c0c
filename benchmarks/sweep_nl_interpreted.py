"""The Number Link generator and reader run as the command line runs them on small boards, against another tree.

Usage::

    python benchmarks/sweep_nl_interpreted.py --vs OLD/src [--seeds 8]

Each tree runs in one child process: this tree as ``tremaux numberlink generate`` does (kernels allowed to run as
Python up to :data:`tremaux._jit.SMALL_PUZZLE_CELLS` cells, :func:`tremaux.cli.runtime.interpret_small_puzzles`),
the other as it is. For every board (2 x 3 to 30 x 30), seed and option set (each rule, with and without touching,
a density with each planting) the child generates a puzzle and records its text, its solution's lines, its
counters (cuts, questions, pairs planted), and the puzzle read back from its text; the script prints how many
cases were compared, which differ, and after which cases this tree's child had imported numba (a fresh child
then takes the next cases, so each runs as a fresh command would).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SIZES = [(2, 3), (3, 3), (4, 5), (5, 5), (6, 8), (8, 8), (10, 10), (12, 9), (15, 15), (15, 20), (20, 20), (30, 30)]
OPTIONS = [{}, {"touch": True}, {"rule": "nikoli"}, {"rule": "nikoli", "touch": True},
           {"density": 0.05, "planting": "winding"}, {"density": 0.05, "planting": "stairs"},
           {"rule": "nikoli", "density": 0.05}]

CHILD = r"""
import hashlib, json, sys
from tremaux import _jit
from tremaux.numberlink import generate_puzzle, dumps, loads
cases = json.loads(sys.argv[2])
out = {}
numba_at = None
for key, (h, w, seed, opts) in cases.items():
    if sys.argv[1] == "cli":  # as the command does
        from tremaux.cli.runtime import interpret_small_puzzles
        interpret_small_puzzles(h * w)
    try:
        g = generate_puzzle((h, w), seed=seed, time_limit=600, **opts)
        text = dumps(g.puzzle, "grid")
        back = loads(text)
        record = [text, [p.tolist() for p in g.solution.paths], g.cuts, g.checks, g.window_checks,
                  g.planted_pairs, back.grid.tolist(), back.labels]
    except Exception as exc:  # the same refusal on both trees is the same answer
        record = [type(exc).__name__, str(exc)]
    out[key] = hashlib.sha256(json.dumps(record).encode()).hexdigest()
    if "numba" in sys.modules:  # the cases after it would run compiled: a fresh child goes on
        numba_at = key
        break
print(json.dumps({"digests": out, "numba": numba_at}))
"""


def run(src: Path, mode: str, cases: dict) -> dict:
    """The digests of every case from ``src``, and the cases after which a child had imported numba (a fresh
    child takes the cases after each, so that every case runs as a fresh command would)."""
    env = dict(os.environ, PYTHONPATH=str(src))
    digests: dict[str, str] = {}
    numba: list[str] = []
    while len(digests) < len(cases):
        left = {k: v for k, v in cases.items() if k not in digests}
        proc = subprocess.run([sys.executable, "-c", CHILD, mode, json.dumps(left)], env=env, capture_output=True,
                              text=True, cwd=ROOT, check=True)
        answer = json.loads(proc.stdout.strip().splitlines()[-1])
        digests.update(answer["digests"])
        if answer["numba"] is not None:
            numba.append(answer["numba"])
    return {"digests": digests, "numba": numba}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vs", type=Path, required=True, help="the other tree's src folder")
    ap.add_argument("--seeds", type=int, default=8, help="seeds per board and options (half above 300 cells)")
    args = ap.parse_args()
    cases = {}
    for h, w in SIZES:
        for seed in range(args.seeds if h * w <= 300 else max(1, args.seeds // 2)):
            for i, opts in enumerate(OPTIONS):
                cases[f"{h}x{w} seed {seed} {json.dumps(opts)}"] = (h, w, seed, opts)
    ours = run(ROOT / "src", "cli", cases)
    theirs = run(args.vs.resolve(), "library", cases)
    differ = [k for k in cases if ours["digests"][k] != theirs["digests"][k]]
    print(f"{len(cases)} generations compared ({len(SIZES)} boards, {len(OPTIONS)} option sets): "
          f"{len(cases) - len(differ)} the same, {len(differ)} differ" + "".join(f"\n  differs: {k}" for k in differ))
    print(f"cases after which this tree had imported numba (as on the other tree: a compiled-only stage): "
          f"{len(ours['numba'])}" + "".join(f"\n  numba: {k}" for k in ours["numba"]))
    digest = hashlib.sha256(json.dumps(ours["digests"], sort_keys=True).encode()).hexdigest()[:16]
    print(f"digest of this tree's answers: {digest}")


if __name__ == "__main__":
    main()
