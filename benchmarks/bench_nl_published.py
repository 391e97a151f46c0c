"""Number Link solutions against the solutions a level file publishes beside its puzzles.

    python benchmarks/bench_nl_published.py FILE [FILE ...]

Each FILE holds one level a line in a ``flat`` layout that carries its solution after an ``=``
(:mod:`tremaux.numberlink.formats.flatlines`): ``N;r:c;...=path|path`` (the cells of each path, 1-based
``row:column``) or ``RxC:cells=cells`` (each cell's label). Every level is read alone, solved under the default
rule (``fill``), and its solution compared with the published one as a partition of the board into lines (the
labels' names aside): the same, another solution (checked by ``tests/numberlink_checker.py``), or none. A level
that does not read is counted as refused. Prints the counts and the CPU seconds of the solves.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow  # noqa: E402

from tremaux.errors import PuzzleError  # noqa: E402
from tremaux.numberlink import loads_all, solve_puzzle  # noqa: E402


def published(line: str, width: int) -> dict[tuple[int, int], int]:
    """The published solution of a level line: each cell's line number."""
    given, solution = line.split("=", 1)
    if ";" in given:  # N;r:c;...=path|path
        paths = [[tuple(int(v) - 1 for v in cell.split(":")) for cell in path.split(";")]
                 for path in solution.split("|")]
        return {cell: k for k, cells in enumerate(paths, 1) for cell in cells}
    return {(i // width, i % width): int(v) for i, v in enumerate(solution.split(","))}  # RxC:cells=cells


def parts(cells: dict[tuple[int, int], int]) -> list[list[tuple[int, int]]]:
    """The board's partition into lines, whatever the lines are called."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for cell, k in sorted(cells.items()):
        groups.setdefault(k, []).append(cell)
    return sorted(groups.values())


def main() -> None:
    same = other = none = refused = wrong = 0
    cpu = 0.0
    for path in sys.argv[1:]:
        for line in Path(path).read_text().splitlines():
            if not line.strip() or "=" not in line:
                continue
            try:
                puzzle = loads_all(line)[0]
            except PuzzleError:
                refused += 1
                continue
            start = time.process_time()
            sol = solve_puzzle(puzzle)
            cpu += time.process_time() - start
            if sol.grid is None:
                none += 1
                continue
            record = sol.to_dict()
            ours = {(int(r), int(c)): int(v) for (r, c), v in np.ndenumerate(sol.grid) if v > 0}
            by_label = {ln["label"]: [tuple(c) for c in ln["cells"]] for ln in record["lines"]}
            lines = [by_label.get(label, []) for label in puzzle.labels]
            if follow(puzzle.grid.tolist(), lines, fill=True, touch=True):
                wrong += 1
            elif parts(ours) == parts(published(line, puzzle.width)):
                same += 1
            else:
                other += 1
    print(f"levels: the published solution {same}, another solution {other}, none {none}, refused {refused}, "
          f"wrong {wrong}; {cpu:.2f} s of CPU in the solves")


if __name__ == "__main__":
    main()
