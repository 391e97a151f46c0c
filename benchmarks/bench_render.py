"""Rendering speed: PNG of a 4000 x 4000 maze, SVG of a 1000 x 1000 one, animations.

Targets (issue 5): a 4000 x 4000 maze renders to PNG in under 5 s, a
1000 x 1000 one to SVG in under 10 s. Each figure is the best of
``--repeat`` runs, after a warm-up on a tiny maze (numba caches loaded).

Peers, on the same mazes:

* PNG: the obvious Pillow code, one ``ImageDraw.rectangle`` call per wall
  (a Python loop over the cells), at 1000 x 1000;
* SVG: the obvious writer, one ``<line>`` element per wall (a Python loop
  over the cells), at 1000 x 1000;
* text: mazelib's ``Maze.tostring`` of the same block grid against
  ``to_text(style="block")``, at 1000 x 1000.

Usage::

    python benchmarks/bench_render.py                # print the table
    python benchmarks/bench_render.py --write        # also update docs/benchmarks.md
    python benchmarks/bench_render.py --quick        # small sizes, a smoke run
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import time
from pathlib import Path

import numpy as np

import tremaux
from tremaux import render
from tremaux.maze import Maze

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench_render:begin -->", "<!-- bench_render:end -->"


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def pillow_loop_png(maze: Maze, cell: int = 1, wall: int = 1) -> bytes:
    """The peer: one ImageDraw.rectangle per wall, cell by cell."""
    import io

    from PIL import Image, ImageDraw

    H, W = maze.shape
    pitch = cell + wall
    img = Image.new("RGB", (W * pitch + wall, H * pitch + wall), "white")
    draw = ImageDraw.Draw(img)
    cells = maze.cells.tolist()
    for r in range(H):
        row = cells[r]
        y = r * pitch
        for c in range(W):
            v = row[c]
            x = c * pitch
            if not v & 1:
                draw.rectangle([x, y, x + pitch + wall - 1, y + wall - 1], fill="black")
            if not v & 8:
                draw.rectangle([x, y, x + wall - 1, y + pitch + wall - 1], fill="black")
    draw.rectangle([0, H * pitch, W * pitch + wall - 1, H * pitch + wall - 1], fill="black")
    draw.rectangle([W * pitch, 0, W * pitch + wall - 1, H * pitch + wall - 1], fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)  # the zlib level to_png uses at this size
    return buf.getvalue()


def line_per_wall_svg(maze: Maze) -> str:
    """The peer: one <line> element per wall, cell by cell."""
    H, W = maze.shape
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">']
    cells = maze.cells.tolist()
    for r in range(H):
        for c in range(W):
            v = cells[r][c]
            if not v & 1:
                out.append(f'<line x1="{c}" y1="{r}" x2="{c + 1}" y2="{r}" stroke="black" stroke-width=".1"/>')
            if not v & 8:
                out.append(f'<line x1="{c}" y1="{r}" x2="{c}" y2="{r + 1}" stroke="black" stroke-width=".1"/>')
    out.append(f'<line x1="0" y1="{H}" x2="{W}" y2="{H}" stroke="black" stroke-width=".1"/>')
    out.append(f'<line x1="{W}" y1="0" x2="{W}" y2="{H}" stroke="black" stroke-width=".1"/>')
    out.append("</svg>")
    return "\n".join(out)


def mazelib_text(maze: Maze):
    """mazelib's tostring of the same block grid, or None when mazelib is not installed."""
    try:
        from mazelib import Maze as MLMaze
    except ImportError:
        return None
    from tremaux.io import block

    m = MLMaze()
    m.grid = block.to_blocks(maze).astype(np.int8)
    return lambda: m.tostring()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--png-size", type=int, default=4000)
    ap.add_argument("--svg-size", type=int, default=1000)
    ap.add_argument("--peer-size", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="small sizes (smoke run)")
    ap.add_argument("--write", action="store_true", help=f"update the rendering section of {DOC.relative_to(ROOT)}")
    args = ap.parse_args()
    if args.quick:
        args.png_size, args.svg_size, args.peer_size, args.repeat = 400, 200, 200, 1

    # warm-up: load every kernel cache on a tiny maze
    tiny = tremaux.generate((4, 4), "backtracker", seed=0, record=True)
    render.to_png(tiny.maze), render.to_svg(tiny.maze), render.to_gif(tiny)

    rows: list[tuple[str, str, str, str]] = []

    def add(what, ours, peer_name="", peer=None, note=""):
        ratio = f"peer / tremaux = {peer / ours:.1f}" if peer else ""
        peer_text = f"{peer_name}: {peer:.2f} s" if peer else peer_name
        rows.append((what, f"{ours:.2f} s", peer_text + (f" ({ratio})" if ratio else ""), note))
        print(f"{what:48s} {ours:8.2f} s   {peer_text} {ratio} {note}", flush=True)

    n = args.png_size
    big = tremaux.generate((n, n), "backtracker", seed=1).maze
    t, png = best(lambda: render.to_png(big), args.repeat)
    from PIL import Image
    import io

    w, h = Image.open(io.BytesIO(png)).size
    add(f"PNG {n} x {n} backtracker (target < 5 s)", t, note=f"{w} x {h} px, {len(png) / 2**20:.1f} MiB")
    del big, png

    n = args.svg_size
    for name in ("backtracker", "kruskal"):
        maze = tremaux.generate((n, n), name, seed=1).maze
        t, svg = best(lambda: render.to_svg(maze), args.repeat)
        add(f"SVG {n} x {n} {name} (target < 10 s)", t, note=f"{len(svg) / 2**20:.1f} MiB")

    n = args.peer_size
    maze = tremaux.generate((n, n), "kruskal", seed=2).maze
    t_ours, _ = best(lambda: render.to_png(maze, cell_size=1, wall_width=1, margin=0), args.repeat)
    t_peer, _ = best(lambda: pillow_loop_png(maze), 1)
    add(f"PNG {n} x {n} kruskal", t_ours, "Pillow ImageDraw per wall", t_peer)
    t_ours, svg = best(lambda: render.to_svg(maze), args.repeat)
    t_peer, naive = best(lambda: line_per_wall_svg(maze), 1)
    add(f"SVG {n} x {n} kruskal", t_ours, "one `<line>` per wall", t_peer,
        f"{len(svg) / 2**20:.1f} MiB vs {len(naive) / 2**20:.1f} MiB")
    ml = mazelib_text(maze)
    t_ours, _ = best(lambda: render.to_text(maze, style="block"), args.repeat)
    if ml is not None:
        t_peer, _ = best(ml, args.repeat)
        add(f"text (block) {n} x {n} kruskal", t_ours, "mazelib tostring", t_peer)
    else:
        add(f"text (block) {n} x {n} kruskal", t_ours, "mazelib not installed")

    for what, size in (("generation", 100), ("Tremaux solving", 100)):
        if what == "generation":
            obj = tremaux.generate((size, size), "backtracker", seed=1, record=True)
        else:
            obj = tremaux.solve(tremaux.generate((size, size), "backtracker", seed=1, braid=0.5).maze, "tremaux",
                                record=True)
        t, gif = best(lambda: render.to_gif(obj), args.repeat)
        add(f"GIF of {what}, {size} x {size}, 100 frames", t, note=f"{len(obj.trace):,} events, {len(gif) / 1024:.0f} KiB")
        t, svg = best(lambda: render.to_animated_svg(obj), args.repeat)
        add(f"animated SVG of {what}, {size} x {size}", t, note=f"{len(svg) / 1024:.0f} KiB")

    if args.write:
        write_doc(rows)


def write_doc(rows) -> None:
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    lines = [
        BEGIN,
        "## Rendering",
        "",
        f"`python benchmarks/bench_render.py` on {datetime.date.today().isoformat()} ({machine}); best of 3 runs.",
        "",
        "| what | tremaux | peer | notes |",
        "| --- | --- | --- | --- |",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows],
        END,
    ]
    block = "\n".join(lines)
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"
    if BEGIN in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")
    print(f"updated {DOC}")


if __name__ == "__main__":
    main()
