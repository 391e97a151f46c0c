"""The maze side's Python API as a notebook user combines it: good and odd-but-valid input, checked.

Usage::

    python benchmarks/sweep_maze_api.py            # every generator x grid x size x option (tens of minutes)
    python benchmarks/sweep_maze_api.py --quick    # a sample of them, every family still touched (a minute or two)

Where ``sweep_mazes.py`` drives the command line and ``fuzz_inputs_api.py``
gives the API bad values, this script calls the library in process, the way
a notebook does: every generator on every grid kind it says it takes (square,
its wraps, levels, masks given as arrays, lists, text and pictures; polar,
hex and triangle in both shapes, upsilon, zeta, woven), at 1x1, 1xN, Nx1 and
larger sizes up to 200x200, with the seed as an int, a numpy integer and a
numpy ``Generator``; braided, with openings, islands and unreachable cells;
then every solver on each maze, the result objects (trace, replay,
``to_dict``, pickle), every renderer (the text styles, SVG, PNG, the
notebook's ``_repr_*_``), the animations (GIF and SVG) at small sizes, the
networkx graph both ways (and saved by networkx as JSON, GML and edge lists),
every file format both ways, and a small dataset. Then hand-made mazes at the
model's corners, numpy values, every kind of seed, start on the goal, the
registry's defaults passed back, and every object a notebook holds handed to
every function that takes a maze (``_sweep_api_odd.py``).

Invariants: a perfect maze is a tree over its cells; a found path is a walk
through open passages from start to goal, a shortest one as long as BFS's;
"not found" only where no path is (or from a solver that only sees its
neighbours); the same seed gives the same maze; the statistics are the
maze's own counts; every round trip gives the maze back; what must be
accepted is, and what is refused is refused in one line. Each problem is
printed as it is found, then a table of what was checked (``--part`` 0 to 3
and 4 to 7 split the quick sample in halves).
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sweep_api_cases import (api_specs, check_grid_maze, check_square_maze, corner_mazes,  # noqa: E402
                              dataset_checks, grid_outputs, square_outputs)
from _sweep_api_odd import (every_object_to_every_function, odd_values, overlays_and_defaults,  # noqa: E402
                            own_disciplines, start_is_goal, traveler_seeds)


class Sweep:
    """What was checked (by family) and every problem found."""

    def __init__(self, verbose: bool = True) -> None:
        self.checked: Counter = Counter()
        self.refused: Counter = Counter()
        self.refusals: dict[str, str] = {}
        self.problems: list[str] = []
        self.verbose = verbose

    def problem(self, family: str, what: str) -> None:
        line = f"{family}: {what}"
        self.problems.append(line)
        if self.verbose:
            print("PROBLEM", line, file=sys.stderr, flush=True)

    def run(self, family: str, key: str, fn: Callable[[], Any], *, must: bool = False) -> Any:
        """Run one check: its problems (a list of strings) are recorded, a crash is a problem, a refusal counted
        (a problem too when the input ``must`` be accepted)."""
        from tremaux.errors import TremauxError

        self.checked[family] += 1
        try:
            out = fn()
        except TremauxError as exc:
            self.refused[family] += 1
            msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.refusals.setdefault(f"{family}: {type(exc).__name__}: {msg[:150]}", key)
            if "\n" in str(exc).strip():
                self.problem(family, f"{key}: a refusal of more than one line: {type(exc).__name__}")
            if must:
                self.problem(family, f"{key}: refused: {type(exc).__name__}: {msg[:160]}")
            return None
        except Exception as exc:  # noqa: BLE001 - a crash on good input is what the sweep looks for
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            self.problem(family, f"{key}: {type(exc).__name__}: {str(exc)[:160]} "
                                 f"({Path(tb.filename).name}:{tb.lineno})")
            return None
        if isinstance(out, list):
            for p in out:
                self.problem(family, f"{key}: {p}")
            return None
        return out


    def must(self, family: str, key: str, fn: Callable[[], Any]) -> Any:
        """:meth:`run` for an input that must be accepted: a refusal is a problem."""
        return self.run(family, key, fn, must=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a sample of the combinations (a minute or two)")
    ap.add_argument("--part", type=int, default=0, help="with --quick: which sample (0 to 7)")
    ap.add_argument("--refusals", action="store_true", help="list the refusals met (one example each)")
    ap.add_argument("--seed", type=int, default=11, help="the seed of the mazes made (default 11)")
    args = ap.parse_args(argv)
    import _sweep_api_cases
    import _sweep_api_odd

    _sweep_api_cases.SEED = _sweep_api_odd.SEED = args.seed
    import tremaux

    tremaux.generate((2, 2), seed=1)  # compile or load the kernels before the clock starts
    sw = Sweep()
    t0, c0 = time.perf_counter(), time.process_time()
    specs = api_specs(args.quick, args.part)
    for spec in specs:
        made = sw.run("generate", spec.key, spec.make)
        if made is None:
            continue
        if spec.grid == "maze":
            check_square_maze(sw, spec, made, args.quick)
        else:
            check_grid_maze(sw, spec, made, args.quick)
    square_outputs(sw, args.quick)
    corner_mazes(sw)
    odd_values(sw)
    start_is_goal(sw)
    traveler_seeds(sw)
    own_disciplines(sw)
    overlays_and_defaults(sw)
    with tempfile.TemporaryDirectory() as d:
        every_object_to_every_function(sw, Path(d))
    grid_outputs(sw, args.quick)
    dataset_checks(sw, args.quick)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0

    print(f"\nmaze API sweep ({'quick, part ' + str(args.part) if args.quick else 'full'}, seed {args.seed}): "
          f"{len(specs)} mazes, "
          f"{sum(sw.checked.values())} checks, {sum(sw.refused.values())} refused, {len(sw.problems)} problems; "
          f"{cpu:.0f} s CPU, {wall:.0f} s wall; Python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'family':<28}{'checks':>8}{'refused':>9}")
    for fam in sorted(sw.checked):
        print(f"{fam:<28}{sw.checked[fam]:>8}{sw.refused[fam]:>9}")
    if args.refusals:
        print("\nrefusals (one example each):")
        for what, key in sorted(sw.refusals.items()):
            print(f"  {what}  [{key}]")
    if sw.problems:
        print("\nproblems:")
        for p in sw.problems:
            print("  " + p)
    return 1 if sw.problems else 0


if __name__ == "__main__":
    sys.exit(main())
