"""SVG drawings of mazes made as other tools make them, for the SVG reader's tests and its benchmark.

Each style writes the SVG text of a maze the way a tool writes it:

* ``mazegen-lines``: mazegenerator.net's download, a ``<line>`` per wall in a group that strokes them;
* ``mazegen-path``: the same walls as one ``<path>`` of absolute ``M x y L x y`` pairs;
* ``matplotlib``: ``plt.plot`` of each wall and ``savefig("maze.svg")`` (a ``<style>`` sheet, a background
  patch, clip paths, coordinates in points at a fractional pitch, y flipped by the axes), with or
  without the solution plotted in red through the cells' middles;
* ``svgwrite``: lines in lattice units in a group ``transform="translate(..) scale(..)"``, on a white ``<rect>``
  of 100%, each line drawn past its posts by half its width (square joints);
* ``polyline``: merged runs as ``<polyline>`` with a CSS class, relative path commands for the outer wall;
* ``eraser``: the outer wall a ``<rect>``, its openings painted over by lines in the ground's colour;
* ``dots``: a closed outer wall, the start and goal marked by a red and a green ``<circle>`` in their cells;
* ``dark``: light lines on a black ``<rect>``, in a group scaled unevenly (``scale(sx sy)``), coordinates
  rounded to a tenth;
* ``tremaux``: :func:`tremaux.render.to_svg` of the maze, or of a solution (visited cells, the path);
  ``tremaux-masked`` the same of mazes on a disc (a corner cut away from some); ``tremaux-open`` of mazes with every dead end removed (``braid=1``), whose open rooms leave
  lattice lines without a wall.

Styles that are not square line mazes (refused): ``hex`` (walls at 60 degrees), ``circles`` (dots marking the
ends, drawn as rings), ``curves`` (rounded corners drawn with ``Q``).
"""

from __future__ import annotations

import numpy as np

import tremaux
from tremaux.errors import MazeFormatError

STYLES = ("mazegen-lines", "mazegen-path", "matplotlib", "svgwrite", "polyline", "eraser", "dots", "dark", "tremaux",
          "tremaux-masked")
OPEN_STYLES = ("tremaux-open",)
"""Drawings of mazes with many open rooms (all dead ends removed, small): read right or refused, never wrong."""
REFUSED_STYLES = ("hex", "circles", "curves")
_SEEDS = ("mazegen-lines", "mazegen-path", "matplotlib", "svgwrite", "polyline", "eraser", "dots", "dark", "tremaux",
          "tremaux-open", "hex", "circles", "curves", "tremaux-masked")
"""Each style's number in the seed of its cases (a style added later comes last: the others' cases stay)."""


def walls(maze, gaps=True):
    """The unit wall segments of ``maze`` as ``((row, col), (row, col))`` lattice points, without the two
    openings above the start and below the goal when ``gaps``."""
    H, W = maze.shape
    c = maze.cells
    out = []
    for i in range(H):
        for j in range(W):
            if not c[i, j] & 1:
                out.append(((i, j), (i, j + 1)))
            if not c[i, j] & 8:
                out.append(((i, j), (i + 1, j)))
            if i == H - 1 and not c[i, j] & 4:
                out.append(((i + 1, j), (i + 1, j + 1)))
            if j == W - 1 and not c[i, j] & 2:
                out.append(((i, j + 1), (i + 1, j + 1)))
    if gaps:
        (sr, sc), (gr, gc) = maze.start, maze.goal
        drop = {((sr, sc), (sr, sc + 1)), ((gr + 1, gc), (gr + 1, gc + 1))}
        out = [s for s in out if s not in drop]
    return out


def runs(segs):
    """Unit segments merged into the longest horizontal and vertical runs."""
    horiz, vert = {}, {}
    for a, b in segs:
        (horiz if a[0] == b[0] else vert).setdefault(a[0] if a[0] == b[0] else a[1], []).append(
            a[1] if a[0] == b[0] else a[0])
    out = []
    for line, starts in horiz.items():
        for lo, hi in _merge(starts):
            out.append(((line, lo), (line, hi)))
    for line, starts in vert.items():
        for lo, hi in _merge(starts):
            out.append(((lo, line), (hi, line)))
    return out


def _merge(starts):
    starts = sorted(starts)
    lo = prev = starts[0]
    for s in starts[1:]:
        if s != prev + 1:
            yield lo, prev + 1
            lo = s
        prev = s
    yield lo, prev + 1


def expected(maze, style):
    """The maze a right reading gives: the start above the first gap and the goal below the second."""
    if style in ("tremaux", "tremaux-open", "tremaux-masked"):
        return maze
    return tremaux.Maze(maze.cells, start=maze.start, goal=maze.goal)


def draw(maze, style, rng) -> str:
    """The SVG text of ``maze`` in ``style``, its free choices (sizes, colours) drawn from ``rng``."""
    H, W = maze.shape
    if style in ("mazegen-lines", "mazegen-path", "hex", "circles", "curves"):
        cell, m, sw = int(rng.integers(8, 30)), 2, int(rng.integers(1, 4))
        P = lambda p: (m + p[1] * cell, m + p[0] * cell)  # noqa: E731
        head = (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg width="{W * cell + 2 * m}" '
                f'height="{H * cell + 2 * m}" version="1.1" xmlns="http://www.w3.org/2000/svg">\n'
                f'<title>{H} by {W} orthogonal maze</title>\n<g fill="none" stroke="#000000" stroke-width="{sw}" '
                'stroke-linecap="round" stroke-linejoin="round">\n')
        segs = walls(maze)
        if style == "mazegen-path" or style == "curves":
            d = "".join(f"M{P(a)[0]} {P(a)[1]}L{P(b)[0]} {P(b)[1]}" for a, b in segs)
            if style == "curves":
                d += f"M{m} {m + cell}Q{m} {m} {m + cell} {m}"
            body = f'<path d="{d}"/>\n'
        else:
            body = "".join(f'<line x1="{P(a)[0]}" y1="{P(a)[1]}" x2="{P(b)[0]}" y2="{P(b)[1]}" />\n' for a, b in segs)
        if style == "hex":
            body += f'<line x1="{m}" y1="{m}" x2="{m + cell / 2}" y2="{m + cell * 0.866:.3f}" />\n'
        if style == "circles":
            body += f'<circle cx="{m + cell / 2}" cy="{m + cell / 2}" r="{cell / 4}"/>\n'
        return head + body + "</g>\n</svg>\n"
    if style == "matplotlib":
        fw, fh = 6.4 * 72, 4.8 * 72
        pitch = min((fw - 100) / W, (fh - 70) / H) * float(rng.uniform(0.7, 1.0))
        x0, y0 = 57.6 + float(rng.uniform(0, 5)), 34.56 + float(rng.uniform(0, 5))
        X = lambda p: f"{x0 + p[1] * pitch:.6g}"  # noqa: E731
        Y = lambda p: f"{y0 + p[0] * pitch:.6g}"  # noqa: E731
        out = [f'<?xml version="1.0" encoding="utf-8" standalone="no"?>\n<svg xmlns:xlink="http://www.w3.org/1999/xlink" '
               f'width="{fw:g}pt" height="{fh:g}pt" viewBox="0 0 {fw:g} {fh:g}" xmlns="http://www.w3.org/2000/svg" '
               'version="1.1">\n <metadata>\n  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>\n'
               ' </metadata>\n <defs>\n  <style type="text/css">*{stroke-linejoin: round; stroke-linecap: butt}</style>\n'
               ' </defs>\n <g id="figure_1">\n  <g id="patch_1">\n'
               f'   <path d="M 0 {fh:g} L {fw:g} {fh:g} L {fw:g} 0 L 0 0 z" style="fill: #ffffff"/>\n  </g>\n'
               '  <g id="axes_1">\n']
        lw = float(rng.choice([1.0, 1.5, 2.0]))
        for k, (a, b) in enumerate(runs(walls(maze)) if rng.random() < 0.5 else walls(maze)):
            out.append(f'   <g id="line2d_{k + 1}">\n    <path d="M {X(a)} {Y(a)} L {X(b)} {Y(b)} " '
                       f'clip-path="url(#p1)" style="fill: none; stroke: #000000; stroke-width: {lw:g}; '
                       'stroke-linecap: square"/>\n   </g>\n')
        if rng.random() < 0.5:
            path = tremaux.solve(maze, "bfs").path
            pts = " L ".join(f"{X((r + 0.5, c + 0.5))} {Y((r + 0.5, c + 0.5))}" for r, c in path)
            out.append(f'   <g id="line2d_sol">\n    <path d="M {pts}" clip-path="url(#p1)" style="fill: none; '
                       'stroke: #ff0000; stroke-width: 1.5; stroke-linecap: square"/>\n   </g>\n')
        out.append('  </g>\n </g>\n <defs>\n  <clipPath id="p1">\n   <rect x="57.6" y="34.56" width="357.12" '
                   'height="266.112"/>\n  </clipPath>\n </defs>\n</svg>\n')
        return "".join(out)
    if style == "svgwrite":
        cell, sw = float(rng.uniform(5, 25)), float(rng.uniform(0.05, 0.2))
        out = ['<?xml version="1.0" encoding="utf-8" ?>\n<svg baseProfile="full" height="100%" version="1.1" '
               'width="100%" xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
               'xmlns:xlink="http://www.w3.org/1999/xlink"><defs />'
               '<rect fill="white" height="100%" width="100%" x="0" y="0" />'
               f'<g transform="translate({rng.uniform(2, 20):.2f},{rng.uniform(2, 20):.2f}) scale({cell:.4f})">']
        h = sw / 2
        for a, b in walls(maze):
            dx, dy = (h, 0) if a[0] == b[0] else (0, h)
            out.append(f'<line stroke="black" stroke-width="{sw:.3f}" x1="{a[1] - dx:.4f}" x2="{b[1] + dx:.4f}" '
                       f'y1="{a[0] - dy:.4f}" y2="{b[0] + dy:.4f}" />')
        return "".join(out) + "</g></svg>"
    if style == "polyline":
        cell = int(rng.integers(6, 20))
        out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="-5 -5 1000 1000">',
               '<style>\n.wall { stroke: #1a237e; stroke-width: 2; fill: none }\n</style>']
        for a, b in runs(walls(maze)):
            out.append(f'<polyline class="wall" points="{a[1] * cell},{a[0] * cell} {b[1] * cell},{b[0] * cell}"/>')
        return "\n".join(out) + "\n</svg>\n"
    if style == "eraser":
        cell = int(rng.integers(6, 20))
        inner = [s for s in walls(maze, gaps=False)
                 if not (s[0][0] == s[1][0] in (0, H) or s[0][1] == s[1][1] in (0, W))]
        out = ['<svg xmlns="http://www.w3.org/2000/svg">', '<rect width="100%" height="100%" fill="#fff"/>',
               f'<g transform="translate(4 4)" stroke="black" stroke-width="2" fill="none">',
               f'<rect x="0" y="0" width="{W * cell}" height="{H * cell}"/>']
        for a, b in runs(inner):
            out.append(f'<path d="M{a[1] * cell} {a[0] * cell}{"h" if a[0] == b[0] else "v"}'
                       f'{(b[1] - a[1] if a[0] == b[0] else b[0] - a[0]) * cell}"/>')
        (sr, sc), (gr, gc) = maze.start, maze.goal
        for r, c in ((sr, sc), (gr + 1, gc)):
            out.append(f'<line x1="{c * cell}" y1="{r * cell}" x2="{(c + 1) * cell}" y2="{r * cell}" stroke="white"/>')
        return "\n".join(out) + "\n</g></svg>\n"
    if style == "dots":
        cell = float(rng.uniform(8, 30))
        out = ['<svg xmlns="http://www.w3.org/2000/svg" version="1.1">', '<g stroke="#000" stroke-width="1.5">']
        for a, b in walls(maze, gaps=False):
            out.append(f'<line x1="{a[1] * cell:.2f}" y1="{a[0] * cell:.2f}" x2="{b[1] * cell:.2f}" y2="{b[0] * cell:.2f}"/>')
        out.append("</g>")
        for (r, c), paint in ((maze.start, "red"), (maze.goal, "#00c000")):
            out.append(f'<circle cx="{(c + 0.5) * cell:.2f}" cy="{(r + 0.5) * cell:.2f}" r="{cell / 3:.2f}" fill="{paint}"/>')
        return "\n".join(out) + "\n</svg>\n"
    if style == "dark":
        cell = float(rng.uniform(5, 20))
        out = ['<svg xmlns="http://www.w3.org/2000/svg" version="1.1"><rect x="-50" y="-50" width="2000" '
               'height="2000" fill="black"/>',
               f'<g transform="scale({rng.uniform(0.5, 2):.3f} {rng.uniform(0.5, 2):.3f})" stroke="#eeeeee" '
               'stroke-width="1" stroke-linecap="square">']
        for a, b in runs(walls(maze)):
            out.append(f'<line x1="{a[1] * cell:.1f}" y1="{a[0] * cell:.1f}" x2="{b[1] * cell:.1f}" y2="{b[0] * cell:.1f}"/>')
        return "\n".join(out) + "\n</g></svg>\n"
    if style in ("tremaux", "tremaux-open", "tremaux-masked"):
        obj = tremaux.solve(maze, "tremaux") if rng.random() < 0.5 else maze
        return tremaux.render.to_svg(obj, cell_size=int(rng.integers(4, 20)), wall_width=int(rng.integers(1, 4)),
                                     margin=int(rng.integers(0, 10)))
    raise ValueError(style)


def outcome(want, text: str) -> str:
    """``right`` when the SVG reads as ``want`` (cells, start and goal), ``refused`` or ``wrong``."""
    from tremaux.io import loads

    try:
        got = loads(text)
    except MazeFormatError:
        return "refused"
    return "right" if got == want else "wrong"


def case(k: int, style: str):
    """The maze and SVG text of case ``k`` of ``style``, drawn from a generator seeded by ``k``."""
    rng = np.random.default_rng([k, _SEEDS.index(style)])
    top = 8 if style in OPEN_STYLES else 30
    H, W = int(rng.integers(2, top)), int(rng.integers(2, top))
    algos = ["backtracker", "kruskal", "prim", "wilson", "eller", "recursive-division"]
    braid = 1.0 if style in OPEN_STYLES else 0.3 * (k % 3 == 2)
    mask = None
    if style == "tremaux-masked":
        H, W = H + 4, W + 4
        yy, xx = np.mgrid[:H, :W]
        mask = ((yy - H / 2 + 0.5) / (H / 2)) ** 2 + ((xx - W / 2 + 0.5) / (W / 2)) ** 2 <= 1.0
        if rng.random() < 0.5:
            mask[:H // 3, :W // 3] = False
        algos = ["backtracker", "kruskal", "prim", "wilson", "hunt-and-kill", "growing-tree"]  # on a masked grid
    maze = tremaux.generate((H, W), algos[k % len(algos)], seed=k, braid=braid, mask=mask).maze
    return expected(maze, style), draw(maze, style, rng)
