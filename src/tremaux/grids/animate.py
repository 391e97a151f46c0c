"""Animations on every grid: GIF and animated SVG replayed from a generation or solving trace.

The trace (see :mod:`tremaux.trace`; cells are grid indices) is replayed onto three small arrays:
each cell's colour (a slot of :data:`tremaux.render.palette.PALETTE`), the open sides (carving opens
them) and the state of each passage a run walked (drawn as a line from the cell centre to the middle
of the side, so a passage across the seam of a wrapped grid is drawn at both of its ends). Colours
are those of the square animations: cells not carved yet gray, the frontier pink, cells a search
reached pale, passages marked once yellow, retraced gray, the path dark yellow. The events are spread
over at most ``frames`` pictures; the last one, the finished maze or solution, holds for ``hold_ms``.

Examples
--------
>>> from tremaux.grids.animate import to_gif
>>> from tremaux.grids.replay import replay_cells
>>> import io
>>> from PIL import Image
>>> from tremaux.grids import make_grid, generate_on
>>> run = generate_on(make_grid("hex", size=(4, 5)), "backtracker", seed=1, record=True)
>>> bool((replay_cells(run.maze.grid, run.trace) == run.maze.cells).all())
True
>>> Image.open(io.BytesIO(to_gif(run, frames=10))).n_frames > 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from .._display import AnimatedSvg, Gif
from ..errors import TremauxError
from ..render.animate import GIF_MAX_MS, kept_frames
from ..render.palette import PALETTE
from .draw import MAX_DRAW_CELLS, Style, _arc_points, _drawn_walls, _points_text, _scene, outlines
from .ends import end_dots
from .grid import ARC
from .maze import GridMaze
from .passages import half_passages
from .replay import Frame, _budget, _parts, replay, replay_cells

__all__ = ["replay_cells", "Frame", "replay", "to_gif", "to_animated_svg", "save_animation", "check_animation_size"]


def _colours(palette: Mapping[str, Any] | None) -> dict[str, str]:
    """Every palette entry as ``#rrggbb``, ``palette``'s replacing the defaults: read as the still pictures read
    them (``#rgb``, ``#rrggbb`` or an ``(r, g, b)`` triple), so an SVG never gets a colour it cannot show."""
    from ..render.palette import parse_colour, to_hex

    out = {k: v for k, v in PALETTE.items() if not k.startswith("heat_")}
    for k, v in (palette or {}).items():
        if k not in out:
            raise TremauxError(f"unknown palette entry {k!r}; choose one of: {', '.join(out)}")
        out[k] = to_hex(parse_colour(v, f"{k} colour"))
    return out


def _rgb(colour: str) -> tuple[int, int, int]:
    from ..render.palette import parse_colour

    return parse_colour(colour)


MAX_FRAME_CELLS = MAX_DRAW_CELLS // 10 * 100
"""Most cells an animation draws over all its frames (frames x cells): the largest maze it animates
(``MAX_DRAW_CELLS // 10`` cells) at the default budget of 100 frames. A GIF draws each frame where it
changed, but a frame may change everywhere (and an animated SVG holds every frame), so a smaller maze
may have more frames."""


def _setup(obj: Any, frames: int, style: Style | None) -> tuple[GridMaze, Style, list[Frame]]:
    maze, st, _ = _sizes(obj, frames, style)
    return maze, st, list(replay(obj, frames=frames))


def _sizes(obj: Any, frames: int, style: Style | None) -> tuple[GridMaze, Style, int]:
    """The maze, the style and the most frames its replay yields, refused when too large to animate."""
    maze, trace, _ = _parts(obj)
    check_animation_size(maze.size)
    kept = kept_frames(_budget(frames), len(trace))
    if kept * maze.size > MAX_FRAME_CELLS:
        raise TremauxError(f"{kept:,} frames of a maze of {maze.size:,} cells draw {kept * maze.size:,} cells; "
                           f"the limit is {MAX_FRAME_CELLS:,} (frames x cells): give at most "
                           f"{max(2, MAX_FRAME_CELLS // maze.size):,} frames")
    st = style or Style(cell=auto_cell(maze.size))
    return maze, st, kept


def auto_cell(cells: int) -> float:
    """Pixels per cell of an animation of a maze of ``cells`` cells given no style: a picture about 500 across.

    Parameters
    ----------
    cells : int
        The maze's number of cells.

    Returns
    -------
    float
        Between 6 and 24.

    Examples
    --------
    >>> from tremaux.grids.animate import auto_cell
    >>> auto_cell(4), auto_cell(10_000)
    (24.0, 6.0)
    """
    return max(6.0, min(24.0, 500.0 / max(1.0, math.sqrt(cells))))


def check_animation_size(cells: int) -> None:
    """Refuse an animation of a maze of ``cells`` cells too large to animate, before the run to replay is made.

    Parameters
    ----------
    cells : int
        The maze's (or the grid's) number of cells.

    Raises
    ------
    TremauxError
        Over ``MAX_DRAW_CELLS // 10`` cells.

    Examples
    --------
    >>> from tremaux.grids.animate import check_animation_size
    >>> check_animation_size(100)
    >>> check_animation_size(10**6)
    Traceback (most recent call last):
    ...
    tremaux.errors.TremauxError: a maze of 1,000,000 cells is too large to animate; the limit is 25,000
    """
    if cells > MAX_DRAW_CELLS // 10:
        raise TremauxError(f"a maze of {cells:,} cells is too large to animate; the limit is {MAX_DRAW_CELLS // 10:,}")


def _ms(value: Any, name: str, minimum: int, maximum: int | None = None) -> int:
    """A time in milliseconds, a whole number (not a bool), checked and worded as on the square grid."""
    from ..render.replay import _ms as checked

    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TremauxError(f"{name} {value!r} is not a whole number of milliseconds")
    return checked(value, name, minimum, maximum)


class _Painter:
    """Draws the frames of a GIF: the first whole, each later one only where it differs from the one before.

    The pixels an element that changed covers (a cell's colour, a walked passage, a wall put up or carved
    away, before or after) are drawn again from every element of the cells near it, in the order a whole
    frame is drawn (cells, passages, walls, then the start and goal), so each frame is the whole picture.
    """

    RINGS = 3  # a pixel next to a changed element is covered by elements of cells at most this many sides away

    def __init__(self, maze: GridMaze, st: Style, polys: list[list[tuple[float, float]]], ink: dict[str, int]) -> None:
        self.maze, self.st, self.polys, self.ink = maze, st, polys, ink
        self.arc = maze.grid.geometry().kind == ARC
        self.walls = _scene(GridMaze(maze.grid, np.zeros(maze.size, maze.cells.dtype), validate=False), st)
        self.every = every = _drawn(maze, np.zeros(maze.size, maze.cells.dtype))  # the closed maze's walls
        self.row = np.full(every.shape, -1, np.int64)  # each wall's row in that scene's segments or arcs
        self.row[every & ~self.arc] = np.arange(int(np.count_nonzero(every & ~self.arc)))
        self.row[every & self.arc] = np.arange(int(np.count_nonzero(every & self.arc)))

    def _walls(self, dr: Any, sc: Any, drawn: np.ndarray, only: np.ndarray | None, fill: int) -> None:
        segs = sc.segments
        arcs = sc.arcs
        if only is not None:
            segs = segs[only[np.nonzero(drawn & ~self.arc)[0]]]
            arcs = arcs[only[np.nonzero(drawn & self.arc)[0]]]
        w = max(1, int(round(self.st.wall)))
        for a, b, c, d in segs:
            dr.line((a, b, c, d), fill=fill, width=w)
        for points in _arc_points(replace(sc, arcs=arcs)):  # short chords (Pillow's arc scans a circle's box)
            dr.line(points, fill=fill, width=w, joint="curve" if len(points) > 2 else None)

    def _passages(self, dr: Any, keys: list[tuple[int, int]], fills: list[int]) -> None:
        for (a, b, c, d), fill in zip(half_passages(self.maze, self.st, keys), fills):
            dr.line((a, b, c, d), fill=fill, width=max(1, int(self.st.cell / 4)))

    def paint(self, img: Any, f: Frame, only: np.ndarray | None) -> None:
        """Draw frame ``f`` on ``img``: every element, or those of the cells ``only`` marks."""
        from PIL import ImageDraw

        dr = ImageDraw.Draw(img)
        ink = self.ink
        for i in range(self.maze.size) if only is None else np.flatnonzero(only).tolist():
            dr.polygon(self.polys[i], fill=ink[f.colour[i]])
        keys = [k for k in f.passages if only is None or only[k[0]]]
        self._passages(dr, keys, [ink[f.passages[k]] for k in keys])
        sc = _scene(GridMaze(self.maze.grid, f.cells, validate=False), self.st)
        self._walls(dr, sc, _drawn(self.maze, f.cells), only, ink["wall"])
        for key, x, y, q in end_dots(self.maze, self.st, sc.centres):
            dr.ellipse((x - q, y - q, x + q, y + q), fill=ink[key])

    def update(self, img: Any, prev: Frame, f: Frame) -> None:
        """Turn ``img``, the picture of frame ``prev``, into that of frame ``f``."""
        from PIL import Image, ImageDraw

        cells = np.flatnonzero(np.array(prev.colour) != np.array(f.colour)).tolist()
        keys = [k for k, v in f.passages.items() if prev.passages.get(k) != v]
        keys += [k for k in prev.passages if k not in f.passages]
        walls = (_drawn(self.maze, prev.cells) != _drawn(self.maze, f.cells)) & self.every
        if not cells and not keys and not walls.any():
            return
        mask = Image.new("L", img.size, 0)
        dr = ImageDraw.Draw(mask)
        for i in cells:
            dr.polygon(self.polys[i], fill=255)
        self._passages(dr, keys, [255] * len(keys))
        self._wall_mask(dr, walls)
        sel = np.zeros(self.maze.size, bool)
        sel[cells] = True
        sel[[k[0] for k in keys]] = True
        sel[walls.any(axis=1)] = True
        nbr = self.maze.grid.nbr
        for _ in range(self.RINGS):
            around = nbr[sel]
            sel[around[around >= 0]] = True
        part = Image.new("P", img.size, self.ink["background"])
        self.paint(part, f, sel)
        img.paste(part, None, mask)

    def _wall_mask(self, dr: Any, walls: np.ndarray) -> None:
        """Mark the pixels of the walls ``walls`` (``(cells, sides)``) in the closed maze's scene."""
        sc, row = self.walls, self.row
        sub = replace(sc, segments=sc.segments[row[walls & ~self.arc]], arcs=sc.arcs[row[walls & self.arc]])
        self._walls(dr, sub, walls, None, 255)


def to_gif(obj: Any, *, frames: int = 100, frame_ms: int = 60, hold_ms: int = 3000, loop: bool = True,
           style: Style | None = None, palette: Mapping[str, str] | None = None) -> bytes:
    """An animated GIF of a recorded generation or solving run on any grid.

    Parameters
    ----------
    obj : GridGenerated or GridSolution
        Made with ``record=True``.
    frames : int, default 100
        At most this many frames (the events are spread over them).
    frame_ms, hold_ms : int
        Display time of each frame, and of the last one.
    loop : bool, default True
    style : Style, optional
        Sizes (by default cells sized for a picture about 500 pixels across).
    palette : mapping, optional
        Colours replacing entries of :data:`tremaux.render.palette.PALETTE`.

    Returns
    -------
    bytes
        The GIF file.

    Raises
    ------
    TremauxError
        For a run not recorded, a bad frame budget or time, an unknown palette entry, or a maze too large.

    Examples
    --------
    >>> from tremaux.grids.animate import to_gif
    >>> import io
    >>> from PIL import Image
    >>> from tremaux.grids import make_grid, generate_on
    >>> run = generate_on(make_grid("triangle", size=(3, 4)), "kruskal", seed=1, record=True)
    >>> Image.open(io.BytesIO(to_gif(run, frames=8))).n_frames > 1
    True
    """
    from PIL import Image

    from .. import budget
    from ..render.animate import _gif_batch, _gif_of

    frame_ms, hold_ms = _ms(frame_ms, "frame_ms", 10, GIF_MAX_MS), _ms(hold_ms, "hold_ms", 0, GIF_MAX_MS)
    maze, st, kept = _sizes(obj, frames, style)
    sc0 = _scene(maze, st)
    batch = _gif_batch(sc0.width * sc0.height)
    # the frames held: a batch, the two before it and Pillow's copies of them (the file is about a byte a pixel)
    budget.check(budget.raster_bytes(sc0.width, sc0.height, maze.size, frames=kept + 2 * (min(kept, batch) + 3)),
                 f"a GIF animation of {sc0.width} x {sc0.height} pixels")
    col = _colours(palette)
    polys = [[tuple(p) for p in poly] for poly in outlines(maze, st)]
    # paletted frames drawn with the palette's own indices: no quantizing, and a small colour table
    names = list(col)
    ink = {name: k for k, name in enumerate(names)}
    table: list[int] = []
    for name in names:
        table.extend(_rgb(col[name]))
    painter = _Painter(maze, st, polys, ink)

    def images() -> Iterator[tuple[Any, int]]:
        """Each picture that differs from the one before, with how long it shows: one frame held at a time."""
        img = prev = shown = None
        pixels, ms = b"", 0
        for f in replay(obj, frames=frames):
            if prev is None:
                img = Image.new("P", (sc0.width, sc0.height), ink["background"])
                img.putpalette(table)
                painter.paint(img, f, None)
            else:
                painter.update(img, prev, f)
            prev = f
            now = img.tobytes()
            if shown is not None and now == pixels:
                ms += frame_ms  # nothing visible changed: show the previous frame longer
                continue
            if shown is not None:
                yield shown, min(ms, GIF_MAX_MS)
            shown, pixels, ms = img.copy(), now, frame_ms
        yield shown, min(ms + hold_ms - frame_ms, GIF_MAX_MS)  # the last frame: hold_ms, as on the square grid

    from ..io.image import grid_note

    note = "".join(f"{k}={v}" for k, v in grid_note(maze.grid).items())  # the picture reader refuses it by name
    return Gif(_gif_of(images(), {"comment": note, **({"loop": 0} if loop else {})}, batch))


def _wall_d(sc_row: np.ndarray, arc: bool, origin: tuple[float, float]) -> str:
    if not arc:
        a, b, c, d = sc_row[:4]
        return f"M{a:.2f} {b:.2f}L{c:.2f} {d:.2f}"
    x0, y0, x1, y1, r, a0, a1 = sc_row
    if a1 - a0 >= 2 * np.pi - 1e-9:
        cx, cy = origin
        return (f"M{cx + r:.2f} {cy:.2f}A{r:.2f} {r:.2f} 0 1 1 {cx - r:.2f} {cy:.2f}"
                f"A{r:.2f} {r:.2f} 0 1 1 {cx + r:.2f} {cy:.2f}")
    return f"M{x0:.2f} {y0:.2f}A{r:.2f} {r:.2f} 0 {1 if a1 - a0 > np.pi else 0} 1 {x1:.2f} {y1:.2f}"


def _drawn(maze: GridMaze, cells: np.ndarray) -> np.ndarray:
    """``(cells, sides)``: the walls a picture of ``cells`` draws (one copy per wall, both across a seam)."""
    return _drawn_walls(maze.grid, cells)


def _wall_frames(maze: GridMaze, pics: list[Any], st: Style) -> list[tuple[str, bool, list[tuple[int, bool]]]]:
    """Every wall drawn in some frame, in the order first drawn: its SVG path data, whether the first frame
    shows it, and the ``(frame, shown)`` changes after it (each wall formatted once, the frames compared at
    once)."""
    grid = maze.grid
    arc = grid.geometry().kind == ARC
    closed = np.zeros(grid.size, maze.cells.dtype)
    every = _drawn(maze, closed)  # a wall any frame draws is one of these: its place in the closed maze's scene
    sc = _scene(GridMaze(grid, closed, validate=False), st)
    row = np.full(every.shape, -1, np.int64)
    row[every & ~arc] = np.arange(int(np.count_nonzero(every & ~arc)))
    row[every & arc] = np.arange(int(np.count_nonzero(every & arc)))
    masks = np.stack([_drawn(maze, f.cells) for f in pics])
    order: list[np.ndarray] = []
    seen = np.zeros(every.shape, bool)
    for m in masks:  # the walls each frame draws first: segments, then arcs, in cell and side order
        new = m & ~seen
        order += [np.argwhere(new & ~arc), np.argwhere(new & arc)]
        seen |= m
    keys = np.concatenate(order) if order else np.zeros((0, 2), np.int64)
    states = masks[:, keys[:, 0], keys[:, 1]]  # (frames, walls)
    which, frame = np.nonzero((states[1:] != states[:-1]).T)
    changes: list[list[tuple[int, bool]]] = [[] for _ in range(len(keys))]
    for w, k in zip(which.tolist(), (frame + 1).tolist()):
        changes[w].append((k, bool(states[k, w])))
    segs, arcs = sc.segments.tolist(), sc.arcs.tolist()
    out = []
    for w, (i, s) in enumerate(keys.tolist()):
        d = _wall_d(arcs[row[i, s]], True, sc.origin) if arc[i, s] else _wall_d(segs[row[i, s]], False, sc.origin)
        out.append((d, bool(states[0, w]), changes[w]))
    return out


def to_animated_svg(obj: Any, *, frames: int = 100, frame_ms: int = 60, style: Style | None = None,
                    palette: Mapping[str, str] | None = None) -> str:
    """An animated SVG (SMIL) of a recorded run on any grid; it stops on the last frame.

    Cells are drawn first (each later frame adds the cells that changed colour, shown at its time),
    then the walls (each hidden at the time it is carved away), then the walked passages.

    Parameters
    ----------
    obj : GridGenerated or GridSolution
        Made with ``record=True``.
    frames : int, default 100
        At most this many frames.
    frame_ms : int, default 60
        Milliseconds per frame.
    style : Style, optional
        Sizes.
    palette : mapping, optional
        Colours replacing entries of :data:`tremaux.render.palette.PALETTE`.

    Returns
    -------
    str
        The SVG document.

    Examples
    --------
    >>> from tremaux.grids.animate import to_animated_svg
    >>> import xml.etree.ElementTree as ET
    >>> from tremaux.grids import make_grid, generate_on
    >>> run = generate_on(make_grid("polar", rings=3), seed=1, record=True)
    >>> root = ET.fromstring(to_animated_svg(run, frames=6))
    >>> len(root.findall(".//{http://www.w3.org/2000/svg}set")) > 0
    True
    """
    frame_ms = _ms(frame_ms, "frame_ms", 1)
    maze, st, pics = _setup(obj, frames, style)
    col = _colours(palette)
    grid = maze.grid
    polys = _points_text(outlines(maze, st))
    first = pics[0]
    sc = _scene(maze, st)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{sc.width}" height="{sc.height}" '
           f'viewBox="0 0 {sc.width} {sc.height}">', f"<title>{grid.name} maze animation</title>",
           f'<rect width="100%" height="100%" fill="{col["background"]}"/>', "<g>"]
    out += [f'<polygon points="{p}" fill="{col[c]}"/>' for p, c in zip(polys, first.colour)]

    def at(k: int) -> str:
        return f'<set attributeName="visibility" to="visible" begin="{k * frame_ms / 1000:g}s" fill="freeze"/>'

    for k in range(1, len(pics)):
        changed = [i for i, (a, b) in enumerate(zip(pics[k - 1].colour, pics[k].colour)) if a != b]
        if changed:
            out.append('<g visibility="hidden">' + at(k)
                       + "".join(f'<polygon points="{polys[i]}" fill="{col[pics[k].colour[i]]}"/>' for i in changed)
                       + "</g>")
    out.append("</g>")
    # walls: every wall ever drawn, each hidden when it opens (and shown again if it closes)
    out.append(f'<g stroke="{col["wall"]}" stroke-width="{st.wall:g}" stroke-linecap="round" fill="none">')
    for d, first, changes in _wall_frames(maze, pics, st):
        sets = [f'<set attributeName="visibility" to="{"visible" if now else "hidden"}" '
                f'begin="{k * frame_ms / 1000:g}s" fill="freeze"/>' for k, now in changes]
        vis = "" if first else ' visibility="hidden"'
        out.append(f'<path d="{d}"{vis}>' + "".join(sets) + "</path>" if sets else f'<path d="{d}"{vis}/>')
    out.append("</g>")
    width = max(1.0, st.cell / 4)
    out.append(f'<g stroke-width="{width:.1f}" stroke-linecap="round">')
    for k in range(len(pics)):
        prev = pics[k - 1].passages if k else {}
        keys = [key for key, v in pics[k].passages.items() if prev.get(key) != v]
        for (a, b, c, d), key in zip(half_passages(maze, st, keys), keys):
            line = f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{c:.1f}" y2="{d:.1f}" stroke="{col[pics[k].passages[key]]}"'
            out.append(line + ("/>" if k == 0 else f' visibility="hidden">{at(k)}</line>'))
    out.append("</g>")
    for key, x, y, r in end_dots(maze, st, sc.centres):
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{col[key]}"/>')
    out.append("</svg>")
    return AnimatedSvg("\n".join(out) + "\n")


def save_animation(obj: Any, path: Any, *, format: str | None = None, frames: int = 100, frame_ms: int = 60,
                   style: Style | None = None) -> None:
    """Write the animation of ``obj`` to ``path``: ``.gif`` or ``.svg``.

    Parameters
    ----------
    obj : GridGenerated or GridSolution
        Made with ``record=True``.
    path : str or pathlib.Path
        The file; its extension picks the format unless ``format`` is given.
    format : str, optional
        ``gif`` or ``svg``, for a path without an extension (``/dev/stdout``).
    frames, frame_ms : int
        Frame budget and milliseconds per frame.
    style : Style, optional
        Sizes.

    Raises
    ------
    TremauxError
        For another extension, or a run not recorded.
    MissingFolderError
        When the folder of ``path`` does not exist (a :class:`FileNotFoundError` too), before the frames are drawn.

    Examples
    --------
    >>> from tremaux.grids.animate import save_animation
    >>> import tempfile, pathlib
    >>> from tremaux.grids import make_grid, generate_on
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "carving.gif"
    >>> save_animation(generate_on(make_grid("hex", size=(3, 3)), seed=1, record=True), out, frames=5)
    >>> out.read_bytes()[:3]
    b'GIF'
    """
    from pathlib import Path

    from .._write import write_file

    from ..io.outputs import check_folder, output_format

    p = Path(path)
    fmt = output_format(p, format, accepts=("gif", "svg"), writer="an animation")
    check_folder(p)  # before the frames are drawn
    if fmt == "gif":
        write_file(p, to_gif(obj, frames=frames, frame_ms=frame_ms, style=style))
    else:
        write_file(p, to_animated_svg(obj, frames=frames, frame_ms=frame_ms, style=style))
