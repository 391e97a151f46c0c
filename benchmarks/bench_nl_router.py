"""The router's runs: how many rounds a run needs to converge, by seed, and which restart schedule needs fewest.

    PYTHONPATH=src python benchmarks/bench_nl_router.py [--seeds 16] [--rounds 1500] [--half dev]

For each puzzle of the corpus half that the router's probe (10 rounds) does
not answer but some run does (so the restarts matter), runs the router
kernel with ``--seeds`` seeds for up to ``--rounds`` rounds under each
setting (history step, pressure growth), and prints the rounds each seed
needed. Then, for the first setting, the expected rounds to an answer and
the share answered within 1,000 rounds of several restart schedules (runs of
a fixed length, Luby's sequence, runs growing geometrically), seeds drawn at
random from those measured. Planted puzzles of the router's kind (induced
random lines that leave many cells empty) are added with ``--planted``.
Used to choose :data:`tremaux.numberlink.solvers.router.RESTART_ROUNDS` and
``RESTART_SETTINGS`` on the development half only.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from tremaux.kernels import numberlink as kn
from tremaux.kernels.rng import make_state
from tremaux.numberlink import Puzzle, formats

CORPUS = Path(__file__).resolve().parent / "numberlink" / "corpus"
SETTINGS = ((1.0, 1.1), (1.0, 1.05), (0.3, 1.3))
LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def rounds_to_converge(p: Puzzle, seed: int, setting: tuple[float, float], rounds: int) -> int:
    h, w = p.shape
    cells, starts = np.empty(4 * h * w, dtype=np.int64), np.zeros(p.pairs + 1, dtype=np.int64)
    it = int(kn.route(np.ascontiguousarray(p.grid.ravel(), dtype=np.int64), h, w, np.ascontiguousarray(p.ends),
                      rounds, cells, starts, make_state(seed), *setting))
    return it if it > 0 else 10**9


def planted(h: int, w: int, n: int, lo: int, hi: int, rng: random.Random) -> Puzzle:
    """``n`` random induced lines of ``lo`` to ``hi`` cells on an ``h`` x ``w`` board; the other cells empty."""
    g = [[0] * w for _ in range(h)]
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    k = tries = 0
    while k < n and tries < 5000:
        tries += 1
        r, c = rng.choice([(a, b) for a in range(h) for b in range(w) if g[a][b] == 0])
        path, on, target, d = [(r, c)], {(r, c)}, rng.randint(lo, hi), rng.randrange(4)
        while len(path) < target:
            opts = [e for e in range(4) if 0 <= r + steps[e][0] < h and 0 <= c + steps[e][1] < w
                    and not g[r + steps[e][0]][c + steps[e][1]] and (r + steps[e][0], c + steps[e][1]) not in on
                    and not any((r + steps[e][0] + a, c + steps[e][1] + b) in on
                                and (r + steps[e][0] + a, c + steps[e][1] + b) != (r, c) for a, b in steps)]
            if not opts:
                break
            d = d if d in opts and rng.random() < 0.55 else rng.choice(opts)
            r, c = r + steps[d][0], c + steps[d][1]
            path.append((r, c))
            on.add((r, c))
        if len(path) < max(3, lo // 2):
            continue
        k += 1
        for a, b in path:
            g[a][b] = -1
        g[path[0][0]][path[0][1]] = g[path[-1][0]][path[-1][1]] = k
    return Puzzle.from_rows(["".join(LABELS[v - 1] if v > 0 else "." for v in row) for row in g])


def luby(i: int) -> int:
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    return 1 << (k - 1) if i == (1 << k) - 1 else luby(i - (1 << (k - 1)) + 1)


def schedule(kind: str, a: float):
    i = 0
    while True:
        i += 1
        yield int(a) if kind == "fixed" else int(a * luby(i)) if kind == "luby" else int(100 * a ** (i - 1))


SCHEDULES = [("fixed", 100), ("fixed", 150), ("fixed", 200), ("fixed", 300), ("fixed", 1500), ("luby", 30),
             ("luby", 50), ("luby", 100), ("geometric", 1.25), ("geometric", 1.5), ("geometric", 2)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=1500)
    ap.add_argument("--half", default="dev", choices=("dev", "held"))
    ap.add_argument("--planted", type=int, default=0, help="planted 30x30 boards with 30-36 pairs to add")
    ap.add_argument("--json", help="write the rounds per seed here")
    args = ap.parse_args(argv)
    manifest = json.loads((CORPUS / "manifest.json").read_text())["puzzles"]
    files: dict[str, list[Puzzle]] = {}
    puzzles = []
    for e in manifest:
        if e["half"] != args.half or e["expect"].get("nikoli") != "solved":
            continue
        files.setdefault(e["file"], formats.load_all(CORPUS / e["file"]))
        p = files[e["file"]][e["index"]]
        if max(p.shape) <= 50:
            puzzles.append((f"{e['family']} {e['half']} #{e['index']}", p))
    rng = random.Random(0 if args.half == "dev" else 1)
    puzzles += [(f"planted #{i}", planted(30, 30, 36, 20, 300, rng)) for i in range(args.planted)]
    table = {}
    for name, p in puzzles:
        if rounds_to_converge(p, 1, SETTINGS[-1], 10) < 10**9:
            continue  # the probe answers it
        ts = {s: [rounds_to_converge(p, seed, s, args.rounds) for seed in range(1, args.seeds + 1)]
              for s in SETTINGS}
        if all(t == 10**9 for v in ts.values() for t in v):
            continue  # no run answers it: not the router's puzzle
        table[name] = ts[SETTINGS[0]]
        print(f"{name} {p.width}x{p.height} {p.pairs} pairs:", "; ".join(
            f"{s}: " + " ".join("-" if t == 10**9 else str(t) for t in sorted(v)) for s, v in ts.items()), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(table))
    sample = random.Random(0)
    print(f"\nRestart schedules under {SETTINGS[0]}: expected rounds to an answer (capped at 3000) / share within 1000")
    totals = {s: [0.0, 0.0] for s in SCHEDULES}
    for name, ts in table.items():
        row = []
        for s in SCHEDULES:
            costs = []
            for _ in range(400):
                c = 0
                for length in schedule(*s):
                    t = sample.choice(ts)
                    if t <= length:
                        c += t
                        break
                    c += length
                    if c > 20000:
                        break
                costs.append(c)
            e, w = sum(costs) / len(costs), sum(c <= 1000 for c in costs) / len(costs)
            totals[s][0] += min(e, 3000)
            totals[s][1] += w
            row.append(f"{e:.0f}/{w:.2f}")
        print(name, " ".join(row))
    for s, (e, w) in totals.items():
        print(f"{s[0]} {s[1]}: expected rounds {e:.0f}, answered within 1000 rounds {w:.2f} of {len(table)}")


if __name__ == "__main__":
    main()
