"""Pictures of mazes scaled with Pillow, read back: how many read right, are refused, or read wrong.

Each maze (sizes 4x4 to 40x60, several generators, braided or not) is drawn
with :func:`tremaux.render.to_png`, resized with Pillow by each factor and
filter, and read with :func:`tremaux.io.image.loads`. A reading is right when
its cells (every passage) are the maze's, refused when the reader raises
:class:`tremaux.errors.MazeFormatError`, wrong otherwise. Seeds are split into
a development half (even) and a held-out half (odd), shown side by side.

Usage::

    python benchmarks/bench_image_scaled.py            # the table
    python benchmarks/bench_image_scaled.py --quick    # fewer mazes
"""

from __future__ import annotations

import argparse
import datetime
import io
import platform
from collections import Counter

import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from drawn_mazes import outcome  # noqa: E402

import tremaux  # noqa: E402
from tremaux.render import to_png  # noqa: E402

SIZES = [(4, 4), (8, 12), (15, 15), (20, 30), (40, 60)]
ALGORITHMS = ["backtracker", "kruskal", "prim"]
FACTORS = [0.4, 0.5, 0.6, 0.75, 0.9, 1.1, 1.5, 2.0, 2.5]
FILTERS = {"nearest": Image.NEAREST, "box": Image.BOX, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC,
           "lanczos": Image.LANCZOS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seeds", type=int, default=4)
    args = ap.parse_args()
    seeds = range(2 if args.quick else args.seeds)
    table: dict[tuple[str, str, str], Counter] = {}
    wrong_examples = []
    for seed in seeds:
        half = "dev" if seed % 2 == 0 else "held-out"
        for k, size in enumerate(SIZES):
            algorithm = ALGORITHMS[(seed + k) % len(ALGORITHMS)]
            maze = tremaux.generate(size, algorithm, seed=seed, braid=0.3 * (seed % 3 == 2)).maze
            im = Image.open(io.BytesIO(to_png(maze))).convert("RGB")
            for fname, flt in FILTERS.items():
                for f in FACTORS:
                    w, h = max(1, round(im.width * f)), max(1, round(im.height * f))
                    buf = io.BytesIO()
                    im.resize((w, h), flt).save(buf, "PNG")
                    o = outcome(maze, buf.getvalue())
                    table.setdefault((half, fname, "down" if f < 1 else "up"), Counter())[o] += 1
                    table.setdefault((half, "all", "all"), Counter())[o] += 1
                    if o == "wrong":
                        wrong_examples.append((size, algorithm, seed, fname, f))
    print(f"{datetime.date.today()} {platform.machine()} {platform.python_version()}, "
          f"{len(seeds)} seeds x {len(SIZES)} mazes x {len(FILTERS)} filters x {len(FACTORS)} factors")
    print("| half | filter | scale | right | refused | wrong |")
    print("|---|---|---|---|---|---|")
    for (half, fname, way), c in sorted(table.items()):
        print(f"| {half} | {fname} | {way} | {c['right']} | {c['refused']} | {c['wrong']} |")
    print("wrong:", wrong_examples[:40])


if __name__ == "__main__":
    main()
