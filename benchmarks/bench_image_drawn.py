"""Pictures of mazes drawn as other tools draw them, read back: how many read right, are refused, or read wrong.

Each maze is drawn with Pillow the way a turtle or plotting script, or a
web maze generator, draws one: every wall a line 1 to 3 pixels wide centred
on a lattice whose pitch is a fraction of a pixel or a whole number, a
margin, openings in the outer wall at the entrance and the exit, with or
without anti-aliasing (drawn 5 times larger and shrunk with Lanczos), saved
as PNG or JPEG, dark lines on light or the negative, some with a line of text
above. The drawing's parameters are drawn from a random generator seeded by
the case number. A reading is right when its cells (every passage) are the
maze's, refused when the reader raises
:class:`tremaux.errors.MazeFormatError`, wrong otherwise. Cases are split
into a development half (even) and a held-out half (odd), shown side by side.

Usage::

    python benchmarks/bench_image_drawn.py            # the table
    python benchmarks/bench_image_drawn.py --cases 40 # fewer pictures

Then as many block pictures as half the line pictures (mazelib's grid shown
with ``plt.imshow``: a square per wall or passage, 2 to 8 pixels a square,
whole or fractional, resized with nearest or Lanczos, some as JPEG or with a
title), counted apart.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from drawn_mazes import block_picture, line_picture, outcome  # noqa: E402

import tremaux  # noqa: E402

ALGORITHMS = ["backtracker", "kruskal", "prim", "wilson", "eller"]


def case(k: int):
    """The maze and drawing options of case ``k``, and the kind of drawing, drawn from a generator seeded by k."""
    rng = np.random.default_rng(k)
    H, W = int(rng.integers(3, 30)), int(rng.integers(3, 30))
    maze = tremaux.generate((H, W), ALGORITHMS[k % len(ALGORITHMS)], seed=k, braid=0.3 * (k % 3 == 2)).maze
    whole = rng.random() < 0.3
    cell = float(rng.integers(6, 25)) if whole else float(rng.uniform(6, 24))
    width = float(rng.choice([1.0, 2.0, 3.0])) if whole else float(rng.uniform(1, 3))
    width = min(width, cell / 3)
    aa = rng.random() < 0.6
    jpeg = rng.random() < 0.25
    negative = rng.random() < 0.2
    titled = rng.random() < 0.2
    opts = dict(cell=cell, width=width, margin=float(rng.uniform(1, 20)), gaps=bool(rng.random() < 0.7),
                title=20 if titled else 0, supersample=5 if aa else 1)
    if negative:
        opts.update(ink=(255, 255, 255), ground=(0, 0, 0))
    if jpeg:
        opts.update(fmt="JPEG", quality=int(rng.integers(60, 95)))
    kind = ("aa" if aa else "crisp") + ("+jpeg" if jpeg else "") + ("+neg" if negative else "") + \
        ("+title" if titled else "") + (" whole" if whole else " fractional")
    return maze, opts, kind


def block_case(k: int):
    """A block picture's maze and options, drawn from a generator seeded by ``k``."""
    rng = np.random.default_rng(10_000 + k)
    H, W = int(rng.integers(3, 30)), int(rng.integers(3, 30))
    maze = tremaux.generate((H, W), ALGORITHMS[k % len(ALGORITHMS)], seed=k, braid=0.3 * (k % 3 == 2)).maze
    whole = rng.random() < 0.4
    scale = float(rng.integers(2, 9)) if whole else float(rng.uniform(2, 8))
    smooth = rng.random() < 0.4
    jpeg = rng.random() < 0.25
    titled = rng.random() < 0.2
    opts = dict(scale=scale, margin=int(rng.integers(0, 30)), title=20 if titled else 0,
                resample=Image.LANCZOS if smooth else Image.NEAREST)
    if jpeg:
        opts.update(fmt="JPEG", quality=int(rng.integers(60, 95)))
    kind = "block" + ("+smooth" if smooth else "") + ("+jpeg" if jpeg else "") + ("+title" if titled else "") + \
        (" whole" if whole else " fractional")
    return maze, opts, kind


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=400)
    args = ap.parse_args()
    table: dict[tuple[str, str], Counter] = {}
    wrong = []
    for k in range(args.cases):
        half = "dev" if k % 2 == 0 else "held-out"
        maze, opts, kind = case(k)
        o = outcome(maze, line_picture(maze, **opts))
        for key in ((half, "all"), (half, kind.split()[0].split("+")[0]), (half, kind.split()[1]),
                    *((half, f) for f in ("jpeg", "neg", "title") if f in kind)):
            table.setdefault(key, Counter())[o] += 1
        if o == "wrong":
            wrong.append((k, kind))
    for k in range(args.cases // 2):
        half = "dev" if k % 2 == 0 else "held-out"
        maze, opts, kind = block_case(k)
        o = outcome(maze, block_picture(maze, **opts))
        for key in ((half, "block all"), (half, "block " + kind.split()[1]),
                    *((half, f"block {f}") for f in ("smooth", "jpeg", "title") if f in kind)):
            table.setdefault(key, Counter())[o] += 1
        if o == "wrong":
            wrong.append((k, kind))
    print(f"{datetime.date.today()} {platform.machine()} {platform.python_version()}, {args.cases} line pictures, "
          f"{args.cases // 2} block pictures")
    print("| half | pictures | right | refused | wrong |")
    print("|---|---|---|---|---|")
    for (half, what), c in sorted(table.items()):
        print(f"| {half} | {what} | {c['right']} | {c['refused']} | {c['wrong']} |")
    print("wrong:", wrong[:40])


if __name__ == "__main__":
    main()
