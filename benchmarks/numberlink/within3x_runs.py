"""Within-3x counts of several runs of ``bench_unique_order.py --part check``, side by side.

    PYTHONPATH=src python benchmarks/numberlink/bench_unique_order.py --part check --halves dev,held > run1.txt
    (two more runs, then)
    python benchmarks/numberlink/within3x_runs.py --label before b1.txt b2.txt b3.txt --label after a1.txt a2.txt a3.txt

Reads the summary rows (``| rule | family | half | unique / several / gave up | median | k of n |``) of each
run and prints, per rule, family and half, each run's ``k of n`` (``k``: checks that answered within three
times the solve) under each label, then the totals per rule and half.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict


def rows(path: str) -> dict[tuple[str, str, str], tuple[int, int]]:
    """``(rule, family, half) -> (within 3x, puzzles)`` of one run's output."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and len(cells) == 6 and cells[5].endswith(tuple("0123456789")):
                k, _, n = cells[5].split()
                out[(cells[0], cells[1], cells[2])] = (int(k), int(n))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--label", action="append", nargs="+", metavar=("LABEL", "RUN"), required=True,
                    help="a label, then the output files of its runs")
    args = ap.parse_args(argv)
    groups = [(g[0], [rows(p) for p in g[1:]]) for g in args.label]
    keys = sorted({k for _, runs in groups for r in runs for k in r}, key=lambda k: (k[0], k[2] != "dev", k[1]))
    print("| rule | family | half | " + " | ".join(label for label, _ in groups) + " |")
    print("|---|---|---|" + "---|" * len(groups))
    totals: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for key in keys:
        cols = []
        for label, runs in groups:
            got = [r.get(key) for r in runs]
            cols.append(", ".join("-" if g is None else f"{g[0]} of {g[1]}" for g in got))
        print(f"| {key[0]} | {key[1]} | {key[2]} | " + " | ".join(cols) + " |")
    print()
    print("| rule | half | " + " | ".join(label for label, _ in groups) + " |")
    print("|---|---|" + "---|" * len(groups))
    for rule, half in sorted({(k[0], k[2]) for k in keys}, key=lambda x: (x[0], x[1] != "dev")):
        cols = []
        for label, runs in groups:
            per = []
            for r in runs:
                ks = [v for k, v in r.items() if k[0] == rule and k[2] == half]
                per.append(f"{sum(k for k, _ in ks)} of {sum(n for _, n in ks)}")
            cols.append(", ".join(per))
        print(f"| {rule} | {half} | " + " | ".join(cols) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
