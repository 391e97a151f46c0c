"""CPU time of Tremaux's traveler on large grid mazes, with and without a seed (median of repeats).

Run: ``python benchmarks/bench_grid_tremaux_seed.py [REPEATS] [seed]``; prints one line per maze and walk (``seed``: the seeded walk too).
"""

from __future__ import annotations

import statistics
import sys
import time

from tremaux.grids import generate_on, make_grid, solve_on


def main(repeats: int = 7) -> None:
    cases = (("hex 300x300", make_grid("hex", size=(300, 300))), ("polar 150 rings", make_grid("polar", rings=150)))
    for label, grid in cases:
        maze = generate_on(grid, "backtracker", seed=1, braid=0.5).maze
        walks = (("fixed", {}), ("seed 7", {"seed": 7})) if "seed" in sys.argv[2:] else (("fixed", {}),)
        for walk, options in walks:
            solve_on(maze, "tremaux", **options)  # compiled and warm
            times = []
            for _ in range(repeats):
                t0 = time.process_time()
                sol = solve_on(maze, "tremaux", **options)
                times.append(time.process_time() - t0)
            print(f"{label:16} {walk:7} median {statistics.median(times) * 1e3:8.1f} ms CPU  "
                  f"(path {sol.length}, {sol.steps} passages walked)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
