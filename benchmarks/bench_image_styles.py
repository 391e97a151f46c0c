"""Maze pictures users bring, in many drawing styles, read back: right, refused or wrong, style by style.

The pictures are made by a drawer of its own, written here and sharing
nothing with the reader or with ``tests/drawn_mazes.py``: each wall is a
rectangle on a lattice of ``cell`` pixels (a whole number or not), painted
by the share of each pixel it covers (exact anti-aliasing, on a grid of 8 x 8
samples a pixel) or by rounding its edges (crisp); a solution is a line
through the cells' middles painted the same way over the maze. A style fixes
one thing and draws the rest from a generator seeded by the case:

* ``thin``: crisp lines 1 to 4 pixels wide on whole cells of 8 to 24;
* ``aa``: anti-aliased lines 1 to 3.5 pixels wide, cells whole or not;
* ``jpeg``: as ``thin`` or ``aa``, saved as JPEG of quality 30 to 95;
* ``fractional``: cells of 6.3 to 23.7 pixels, crisp or anti-aliased;
* ``scaled``: a crisp drawing on whole cells resized by 1.25 to 2.6 with the
  nearest, bilinear, bicubic or Lanczos filter;
* ``solution``: a solution line over the maze, 1 to 4 pixels wide, red,
  blue, green, grey or the walls' colour, crisp or anti-aliased, in half of
  them drawn on through the openings;
* ``solution-ink``: the solution in the walls' colour, anti-aliased, a pixel
  or more wider than the walls or as wide;
* ``margins``: margins of 0 to 60 pixels, unequal on each side, a coloured
  ground;
* ``labels``: words beside the maze (left and right of it, or below),
  "START" and "END" by the openings.

Then two styles of SVG drawings, read by :mod:`tremaux.io.svg`:
``svg-corridors`` (the passages drawn as lines between the cells' middles,
half a cell wide or more) and ``svg-outline`` (a maze without inner walls,
each cell side its own ``<line>``), see :func:`svg_case`.

A reading is right when its cells (every passage) are the maze's, refused
when the reader raises :class:`tremaux.errors.MazeFormatError`, wrong
otherwise. Even cases are the development half, odd ones held out.

Usage::

    python benchmarks/bench_image_styles.py             # 60 pictures a style
    python benchmarks/bench_image_styles.py --cases 20  # fewer
    python benchmarks/bench_image_styles.py --style solution --show
"""

from __future__ import annotations

import argparse
import datetime
import io
import platform
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tremaux  # noqa: E402
from tremaux.errors import MazeFormatError  # noqa: E402
from tremaux.io.image import loads  # noqa: E402
from tremaux.io.svg import loads as svg_loads  # noqa: E402

STYLES = ("thin", "aa", "jpeg", "fractional", "scaled", "solution", "solution-ink", "margins", "labels")
ALGORITHMS = ("backtracker", "kruskal", "prim", "wilson", "eller")
SAMPLES = 8
"""Samples a pixel along each side when painting anti-aliased."""


def wall_rects(maze, gaps=True):
    """The walls of ``maze`` as lattice segments ``(r0, c0, r1, c1)``, openings above (0, 0) and below the last cell."""
    H, W = maze.shape
    c = maze.cells
    out = []
    for i in range(H):
        for j in range(W):
            if not c[i, j] & 1 and not (gaps and (i, j) == (0, 0)):
                out.append((i, j, i, j + 1))
            if not c[i, j] & 8:
                out.append((i, j, i + 1, j))
            if i == H - 1 and not c[i, j] & 4 and not (gaps and j == W - 1):
                out.append((i + 1, j, i + 1, j + 1))
            if j == W - 1 and not c[i, j] & 2:
                out.append((i, j + 1, i + 1, j + 1))
    return out


class Canvas:
    """An RGB picture painted with rectangles, each by its coverage of every pixel (or crisp)."""

    def __init__(self, width: int, height: int, ground):
        self.rgb = np.empty((height, width, 3), np.float64)
        self.rgb[...] = ground

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour, aa: bool) -> None:
        h, w = self.rgb.shape[:2]
        if not aa:  # crisp: the pixels whose centres it covers
            a, b = int(np.floor(x0 + 0.5)), int(np.floor(x1 + 0.5))
            c, d = int(np.floor(y0 + 0.5)), int(np.floor(y1 + 0.5))
            b, d = max(b, a + 1), max(d, c + 1)  # at least a pixel
            self.rgb[max(c, 0):max(d, 0), max(a, 0):max(b, 0)] = colour
            return
        cols = np.arange(max(int(np.floor(x0)), 0), min(int(np.ceil(x1)), w))
        rows = np.arange(max(int(np.floor(y0)), 0), min(int(np.ceil(y1)), h))
        if cols.size == 0 or rows.size == 0:
            return
        s = (np.arange(SAMPLES) + 0.5) / SAMPLES
        cx = ((cols[:, None] + s >= x0) & (cols[:, None] + s < x1)).mean(axis=1)
        cy = ((rows[:, None] + s >= y0) & (rows[:, None] + s < y1)).mean(axis=1)
        cover = np.outer(cy, cx)[..., None]
        sub = self.rgb[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
        sub[...] = sub * (1 - cover) + np.asarray(colour, float) * cover

    def image(self) -> Image.Image:
        return Image.fromarray(np.clip(np.round(self.rgb), 0, 255).astype(np.uint8))


def draw(maze, *, cell, width, margins=(10, 10, 10, 10), ink=(0, 0, 0), ground=(255, 255, 255), aa=False,
         solution=None, labels=None) -> Image.Image:
    """``maze`` drawn on a lattice of ``cell`` pixels, walls ``width`` wide centred on it; ``margins``: left,
    top, right, bottom; ``solution``: ``(cells, colour, width, aa)``; ``labels``: ``"sides"`` or ``"below"``."""
    H, W = maze.shape
    left, top, right, bottom = margins
    size = (int(np.ceil(left + W * cell + right)), int(np.ceil(top + H * cell + bottom)))
    cv = Canvas(*size, ground)
    h = width / 2
    # walls painted on a coverage mask first (overlapping walls at the posts cover a pixel once, not twice)
    mask = Canvas(*size, 0)
    for r0, c0, r1, c1 in wall_rects(maze):
        x0, y0, x1, y1 = left + c0 * cell - h, top + r0 * cell - h, left + c1 * cell + h, top + r1 * cell + h
        mask.rect(x0, y0, x1, y1, 255, aa)
    cover = mask.rgb[..., :1] / 255
    cv.rgb = cv.rgb * (1 - cover) + np.asarray(ink, float) * cover
    if solution is not None:
        path, colour, sw, saa = solution
        line = Canvas(*size, 0)
        for (i0, j0), (i1, j1) in zip(path[:-1], path[1:]):
            ya, yb = sorted((top + (i0 + 0.5) * cell, top + (i1 + 0.5) * cell))
            xa, xb = sorted((left + (j0 + 0.5) * cell, left + (j1 + 0.5) * cell))
            line.rect(xa - sw / 2, ya - sw / 2, xb + sw / 2, yb + sw / 2, 255, saa)
        cover = line.rgb[..., :1] / 255
        cv.rgb = cv.rgb * (1 - cover) + np.asarray(colour, float) * cover
    im = cv.image()
    if labels:
        d = ImageDraw.Draw(im)
        colour = tuple(int(v) for v in ink)
        if labels == "sides":
            d.text((2, top + cell * 0.2), "START", fill=colour)
            d.text((left + W * cell + 6, top + (H - 1) * cell + cell * 0.2), "END", fill=colour)
        else:
            d.text((left, top + H * cell + 6), f"Maze {H}x{W}", fill=colour)
    return im


def save(im: Image.Image, fmt="PNG", **opts) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **opts)
    return buf.getvalue()


def case(k: int, style: str):
    """The maze and the picture bytes of case ``k`` of ``style``, and a short description."""
    rng = np.random.default_rng([STYLES.index(style), k])
    H, W = int(rng.integers(3, 26)), int(rng.integers(3, 26))
    maze = tremaux.generate((H, W), ALGORITHMS[k % len(ALGORITHMS)], seed=k, braid=0.3 * (k % 3 == 2)).maze
    maze = tremaux.Maze(maze.cells, start=(0, 0), goal=(H - 1, W - 1))
    cell = float(rng.integers(8, 25))
    width = float(rng.integers(1, 5))
    aa = bool(rng.random() < 0.5)
    opts = dict(cell=cell, width=min(width, cell / 3), aa=aa, margins=tuple(float(rng.integers(4, 16)) for _ in "ltrb"))
    fmt, save_opts, scale = "PNG", {}, None
    if style == "thin":
        opts["aa"] = False
    elif style == "aa":
        opts.update(aa=True, width=float(rng.uniform(1, 3.5)))
        if rng.random() < 0.5:
            opts["cell"] = float(rng.uniform(8, 24))
        opts["width"] = min(opts["width"], opts["cell"] / 3)
    elif style == "jpeg":
        fmt, save_opts = "JPEG", dict(quality=int(rng.integers(30, 96)))
    elif style == "fractional":
        opts["cell"] = float(np.round(rng.uniform(6.3, 23.7), 1))
        opts["width"] = min(float(rng.uniform(1, 3)), opts["cell"] / 3)
    elif style == "scaled":
        opts.update(aa=False, width=min(width, cell / 4))
        scale = (float(np.round(rng.uniform(1.25, 2.6), 2)),
                 [Image.NEAREST, Image.BILINEAR, Image.BICUBIC, Image.LANCZOS][int(rng.integers(4))])
    elif style in ("solution", "solution-ink"):
        path = tremaux.solve(maze, "bfs").path
        path = [tuple(int(v) for v in p[-2:]) for p in np.asarray(path)]
        if style == "solution":
            colour = [(220, 30, 30), (30, 60, 220), (20, 160, 40), (128, 128, 128), (0, 0, 0)][int(rng.integers(5))]
            sw = float(rng.integers(1, 5))
            saa = bool(rng.random() < 0.5)
        else:
            colour, saa = (0, 0, 0), True
            opts["aa"] = True
            sw = opts["width"] + float(rng.choice([0.0, 1.0, 1.5, 2.0]))
        if rng.random() < 0.5:  # drawn on through the openings to the outer wall's line
            path = [(-0.5, 0)] + path + [(H - 0.5, W - 1)]
        opts["solution"] = (path, colour, min(sw, opts["cell"] / 2), saa)
    elif style == "margins":
        opts["margins"] = tuple(float(rng.integers(0, 61)) for _ in "ltrb")
        opts["ground"] = [(255, 255, 255), (250, 245, 230), (230, 240, 255)][int(rng.integers(3))]
    elif style == "labels":
        kind = "sides" if rng.random() < 0.6 else "below"
        m = list(opts["margins"])
        if kind == "sides":
            m[0], m[2] = m[0] + 40, m[2] + 30
        else:
            m[3] += 20
        opts.update(labels=kind, margins=tuple(m))
    im = draw(maze, **opts)
    if scale is not None:
        f, flt = scale
        im = im.resize((round(im.width * f), round(im.height * f)), flt)
    data = save(im, fmt, **save_opts)
    what = f"{H}x{W} cell {opts['cell']:g} width {opts['width']:.2g} aa={opts['aa']}"
    if scale:
        what += f" scaled {scale[0]} filter {scale[1]}"
    if fmt == "JPEG":
        what += f" jpeg q{save_opts['quality']}"
    if "solution" in opts:
        what += f" solution {opts['solution'][1]} w{opts['solution'][2]:g} aa={opts['solution'][3]}"
    return maze, data, what


def svg_case(k: int, style: str):
    """The maze and SVG text of case ``k`` of an SVG ``style``: ``svg-corridors``, the passages drawn as lines
    between the cells' middles as wide as half a cell or more (light on a dark ground, or dark on light; one
    ``<path>`` or a ``<line>`` each, some with a solution over them in red); ``svg-outline``, a maze without any
    inner wall whose walls are drawn a ``<line>`` per cell side."""
    rng = np.random.default_rng([100 + SVG_STYLES.index(style), k])
    H, W = int(rng.integers(2, 20)), int(rng.integers(2, 20))
    cell = float(np.round(rng.uniform(6, 30), 2))
    m = float(rng.integers(0, 20))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * cell + 2 * m:g}" height="{H * cell + 2 * m:g}">')
    if style == "svg-outline":
        maze = tremaux.Maze.open((H, W))
        maze = tremaux.Maze(maze.cells, start=(0, 0), goal=(H - 1, W - 1))
        sw = float(np.round(rng.uniform(0.5, 3), 1))
        body = [f'<g stroke="#{int(rng.integers(0, 80)):02x}{int(rng.integers(0, 80)):02x}40" stroke-width="{sw:g}">']
        for r0, c0, r1, c1 in wall_rects(maze):
            body.append(f'<line x1="{m + c0 * cell:g}" y1="{m + r0 * cell:g}" x2="{m + c1 * cell:g}" '
                        f'y2="{m + r1 * cell:g}"/>')
        return maze, head + "".join(body) + "</g></svg>"
    maze = tremaux.generate((H, W), ALGORITHMS[k % len(ALGORITHMS)], seed=k, braid=0.3 * (k % 3 == 2)).maze
    maze = tremaux.Maze(maze.cells, start=(0, 0), goal=(H - 1, W - 1))
    dark = bool(rng.random() < 0.6)
    ground, ink = ("#000000", "#ffffff") if dark else ("#ffffff", "#1040a0")
    width = cell * float(rng.uniform(0.5, 0.85))
    cap = ["butt", "square", "round"][int(rng.integers(3))]
    P = lambda i, j: (m + (j + 0.5) * cell, m + (i + 0.5) * cell)  # noqa: E731
    steps = [((i, j), (i, j + 1)) for i in range(H) for j in range(W - 1) if maze.cells[i, j] & 2] + \
            [((i, j), (i + 1, j)) for i in range(H - 1) for j in range(W) if maze.cells[i, j] & 4]
    body = [f'<rect x="0" y="0" width="100%" height="100%" fill="{ground}"/>']
    if rng.random() < 0.5:
        d = "".join(f"M{P(*a)[0]:g} {P(*a)[1]:g}L{P(*b)[0]:g} {P(*b)[1]:g}" for a, b in steps)
        body.append(f'<path d="{d}" stroke="{ink}" stroke-width="{width:g}" stroke-linecap="{cap}" fill="none"/>')
    else:
        body.append(f'<g stroke="{ink}" stroke-width="{width:g}" stroke-linecap="{cap}">')
        body += [f'<line x1="{P(*a)[0]:g}" y1="{P(*a)[1]:g}" x2="{P(*b)[0]:g}" y2="{P(*b)[1]:g}"/>' for a, b in steps]
        body.append("</g>")
    if rng.random() < 0.4:
        path = [tuple(int(v) for v in p[-2:]) for p in np.asarray(tremaux.solve(maze, "bfs").path)]
        pts = " ".join(f"{P(*p)[0]:g},{P(*p)[1]:g}" for p in path)
        body.append(f'<polyline points="{pts}" stroke="#e02020" stroke-width="{width / 4:g}" fill="none"/>')
    return maze, head + "".join(body) + "</svg>"


SVG_STYLES = ("svg-corridors", "svg-outline")


def outcome(maze, data) -> tuple[str, str]:
    try:
        got = loads(data) if isinstance(data, bytes) else svg_loads(data)
    except MazeFormatError as exc:
        return "refused", str(exc)
    right = got.shape == maze.shape and np.array_equal(got.cells, maze.cells)
    return ("right" if right else "wrong"), f"read {got.shape}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument("--style", action="append", choices=STYLES + SVG_STYLES)
    ap.add_argument("--half", choices=("dev", "held-out", "both"), default="both")
    ap.add_argument("--show", action="store_true", help="print each case not read right")
    args = ap.parse_args()
    styles = args.style or STYLES + SVG_STYLES
    table: dict[tuple[str, str], Counter] = {}
    wrong = []
    t0 = time.process_time()
    for style in styles:
        for k in range(args.cases):
            half = "dev" if k % 2 == 0 else "held-out"
            if args.half != "both" and half != args.half:
                continue
            if style in SVG_STYLES:
                maze, data = svg_case(k, style)
                what = f"{maze.shape}"
            else:
                maze, data, what = case(k, style)
            o, why = outcome(maze, data)
            table.setdefault((style, half), Counter())[o] += 1
            if o == "wrong":
                wrong.append((style, k))
            if args.show and o != "right":
                print(f"{style} {k} {o}: {what}: {why}")
    print(f"{datetime.date.today()} {platform.machine()} Python {platform.python_version()}, "
          f"{args.cases} pictures a style, CPU {time.process_time() - t0:.0f} s")
    print("| style | dev: right | refused | wrong | held-out: right | refused | wrong |")
    print("|---|---|---|---|---|---|---|")
    for style in styles:
        d, h = table.get((style, "dev"), Counter()), table.get((style, "held-out"), Counter())
        print(f"| {style} | {d['right']} | {d['refused']} | {d['wrong']} | {h['right']} | {h['refused']} | {h['wrong']} |")
    print(f"wrong ({len(wrong)}):", wrong[:40])


if __name__ == "__main__":
    main()
