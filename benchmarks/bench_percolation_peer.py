"""Percolation against the peer, ``maze-dataset``: the share of open passages for the same p.

tremaux's ``percolation`` generator and ``percolate=p`` after the backtracker
against maze-dataset's ``gen_percolation`` and ``gen_dfs_percolation``, on
square mazes of a few sizes: the share of the walls between two cells that
are open (passages / walls between neighbours) and the mean number of
connected pieces, averaged over ``--mazes`` mazes. tremaux's mazes use seeds
0, 1, 2, ...; the figures are given for the even and the odd seeds apart (two
independent halves). The peer runs in its own virtual environment (default
``/tmp/venv-md``; see ``bench_dataset_peer.py``), with ``numpy.random.seed(0)``.

Usage::

    python benchmarks/bench_percolation_peer.py                 # print the table
    python benchmarks/bench_percolation_peer.py --write         # also a section of docs/benchmarks.md
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np

import tremaux
from tremaux.measure import maze_stats

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _doc import write_section  # noqa: E402

BEGIN, END = "<!-- bench_percolation_peer:begin -->", "<!-- bench_percolation_peer:end -->"

PEER_SCRIPT = r"""
import json, sys
import numpy as np
from maze_dataset.generation import LatticeMazeGenerators as G
n, p, count, kind = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
np.random.seed(0)
walls = 2 * n * (n - 1)
shares, pieces = [], []
for _ in range(count):
    m = G.gen_percolation((n, n), p=p) if kind == "percolation" else G.gen_dfs_percolation((n, n), p=p)
    c = m.connection_list
    shares.append(float(c.sum()) / walls)
    seen = np.zeros((n, n), bool)
    k = 0
    for r in range(n):
        for q in range(n):
            if not seen[r, q]:
                k += 1
                stack = [(r, q)]
                seen[r, q] = True
                while stack:
                    a, b = stack.pop()
                    for (x, y, ok) in ((a + 1, b, a + 1 < n and c[0, a, b]), (a - 1, b, a > 0 and c[0, a - 1, b]),
                                       (a, b + 1, b + 1 < n and c[1, a, b]), (a, b - 1, b > 0 and c[1, a, b - 1])):
                        if ok and not seen[x, y]:
                            seen[x, y] = True
                            stack.append((x, y))
    pieces.append(k)
print(json.dumps([float(np.mean(shares)), float(np.mean(pieces))]))
"""


def ours(n: int, p: float, seeds: range, kind: str) -> tuple[float, float]:
    """Mean share of open walls and mean number of pieces over ``seeds``."""
    walls = 2 * n * (n - 1)
    shares, pieces = [], []
    for s in seeds:
        if kind == "percolation":
            maze = tremaux.generate((n, n), "percolation", p=p, seed=s).maze
        else:
            maze = tremaux.generate((n, n), "backtracker", percolate=p, seed=s).maze
        shares.append(maze.passages / walls)
        pieces.append(maze_stats(maze).components)
    return float(np.mean(shares)), float(np.mean(pieces))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="5,10,20,50")
    ap.add_argument("--ps", default="0.2,0.4,0.6")
    ap.add_argument("--mazes", type=int, default=200)
    ap.add_argument("--venv", default="/tmp/venv-md")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    py = Path(args.venv) / "bin" / "python"
    lines = ["| maker | size | p | share open, even seeds | odd seeds | peer | pieces, even | odd | peer |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for kind in ("percolation", "dfs-percolation"):
        for n in (int(x) for x in args.sizes.split(",")):
            for p in (float(x) for x in args.ps.split(",")):
                even = ours(n, p, range(0, 2 * args.mazes, 2), kind)
                odd = ours(n, p, range(1, 2 * args.mazes, 2), kind)
                peer = ("not run", "")
                if py.exists():
                    out = subprocess.run([str(py), "-c", PEER_SCRIPT, str(n), str(p), str(args.mazes), kind],
                                         capture_output=True, text=True)
                    if out.returncode == 0:
                        s, k = json.loads(out.stdout)
                        peer = (f"{s:.4f}", f"{k:.2f}")
                lines.append(f"| {kind} | {n}x{n} | {p:g} | {even[0]:.4f} | {odd[0]:.4f} | {peer[0]} | "
                             f"{even[1]:.2f} | {odd[1]:.2f} | {peer[1]} |")
                print(lines[-1], flush=True)
    if args.write:
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        head = (f"`python benchmarks/bench_percolation_peer.py --mazes {args.mazes} --write` on {when} "
                f"({platform.machine()}, Python {platform.python_version()}); maze-dataset in {args.venv}. "
                f"Means over {args.mazes} mazes per cell of the table: tremaux's even seeds 0, 2, ... and odd seeds "
                "1, 3, ... apart, the peer's after `numpy.random.seed(0)`. tremaux's makers: `generate((n, n), "
                "\"percolation\", p=p)` and `generate((n, n), \"backtracker\", percolate=p)`; the peer's: "
                "`gen_percolation` and `gen_dfs_percolation`. Share open = passages / walls between two cells "
                "(2 n (n - 1)); pieces = connected components.")
        write_section("\n".join([BEGIN, head, "", *lines, END]), BEGIN, END,
                      f"Percolation against maze-dataset ({when[:10]})")


if __name__ == "__main__":
    main()
