"""Animations replayed from a generation or solving trace: GIF and animated SVG.

A trace (see :mod:`tremaux.trace`) is replayed onto the block pictures of the
maze (:mod:`tremaux.render.replay`) by a numba kernel (:mod:`tremaux.kernels.render`), many events per
frame: ``frames`` bounds the number of frames whatever the trace's length,
so a file stays small and a 100 x 100 maze animates in about a second.

Frames are made one at a time and never all held: the SVG writes what each
frame changed, the GIF hands Pillow a batch of frames at a time
(:data:`GIF_BATCH_PIXELS`), and the file is the one Pillow writes from all
the frames at once, byte for byte.

Colours follow the demo of the founding story: the start is red, the goal
green, cells a search reaches pale, passages marked once (the route being
walked) yellow, retraced passages gray, and the final path yellow. While a
maze is generated, cells not reached yet are gray, cells waiting in the
generator's frontier pink. The last frame, the finished maze or the solved
one, holds for ``hold_ms``.

Examples
--------
>>> from tremaux.render import replay
>>> import numpy as np
>>> from tremaux import Maze, Trace, Event
>>> m = Maze.open((1, 3))
>>> rows = [[Event.CARVE, 0, -1], [Event.CARVE, 1, 0], [Event.CARVE, 2, 1]]
>>> [f[0, 1].tolist() for f in replay(m, Trace.from_rows(np.array(rows), (1, 3)))]
[[1, 11, 1, 11, 1, 11, 1], [1, 2, 1, 11, 1, 11, 1], [1, 2, 2, 2, 1, 11, 1], [1, 2, 2, 2, 2, 2, 1]]
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from .. import budget
from .._display import AnimatedSvg, Gif, picture
from ..maze.model import Maze
from ..trace import Trace
from .blocks import BG, runs
from .palette import SLOTS, colour_table, resolve, to_hex
from .notes import picture_notes
from .png import Geometry, check_raster, geometry, half_cell, raster
from .replay import (GIF_MAX_MS, MAX_FRAME_SQUARES, _budget, _markers, _ms, check_frames, gif_durations, kept_frames,  # noqa: F401
                     replay, trace_of)
from .scene import maze_of

__all__ = ["replay", "to_gif", "to_animated_svg", "trace_of"]


def to_gif(
    obj: Any,
    *,
    trace: Trace | None = None,
    frames: int = 100,
    frame_ms: int = 60,
    hold_ms: int = 3000,
    loop: bool = True,
    cell_size: int | None = None,
    wall_width: int | None = None,
    margin: int | None = None,
    palette: Mapping[str, object] | None = None,
) -> bytes:
    """An animated GIF of a generation or solving run.

    Parameters
    ----------
    obj : Solution, Generated or Maze
        The result of a run made with ``record=True`` (or a maze and ``trace=``); a run on another grid
        (``generate_on`` or ``solve_on`` with ``record=True``) is drawn by :func:`tremaux.grids.animate.to_gif`,
        ``cell_size``, ``wall_width`` and ``margin`` being its style's sizes.
    trace : Trace, optional
        The events to replay; by default ``obj.trace``.
    frames : int, default 100
        Frame budget: at most this many frames, the events spread over them.
    frame_ms, hold_ms : int
        Display time of each frame, and of the last one.
    loop : bool, default True
        Play again after the hold (``False``: play once and stay on the last frame).
    cell_size, wall_width, margin, palette
        As in :func:`tremaux.render.to_png`; by default cells are sized for a
        picture about 500 pixels wide.

    Returns
    -------
    bytes
        The GIF file.

    Examples
    --------
    >>> from tremaux.render import to_gif
    >>> import io, numpy as np
    >>> from PIL import Image
    >>> from tremaux import Maze, Trace, Event
    >>> m = Maze.open((1, 3))
    >>> t = Trace.from_rows(np.array([[Event.CARVE, 1, 0], [Event.CARVE, 2, 1]]), (1, 3))
    >>> gif = Image.open(io.BytesIO(to_gif(m, trace=t, cell_size=8)))
    >>> gif.n_frames
    3
    """
    on_grid = _on_grid(obj, trace, cell_size, wall_width, margin)
    if on_grid is not None:  # a run on another grid: tremaux.grids.animate draws it, the same bytes
        return picture("grid gif", obj, frames=frames, frame_ms=frame_ms, hold_ms=hold_ms, loop=loop,
                       style=on_grid or None, palette=palette)
    maze = maze_of(obj)
    frame_ms, hold_ms = _ms(frame_ms, "frame_ms", 10, GIF_MAX_MS), _ms(hold_ms, "hold_ms", 0, GIF_MAX_MS)
    g = geometry(maze, cell_size, wall_width, margin, target=500)
    kept = check_frames(maze, _budget(frames), len(trace_of(obj, trace)))
    _check_gif_memory(maze, g, kept)
    width, height = g.size(maze)
    table = colour_table(resolve(palette))
    used = 16  # animations use the named slots only: a 16-colour palette keeps LZW codes short
    flat_palette = table[:used].reshape(-1).tolist()
    start, goal = _markers(obj, maze)
    both = start if start == goal else -1
    options: dict[str, Any] = {"loop": 0} if loop else {}
    notes = picture_notes(obj, cell_size, wall_width, margin, target=500)  # levels or mask, for the picture reader
    if notes:
        options["comment"] = "".join(f"{k}={v}" for k, v in notes.items())

    def images() -> Iterator[tuple[Any, int]]:
        from PIL import Image

        for B, ms in _timed(replay(obj, trace, frames=frames), int(frame_ms), int(hold_ms)):
            img = Image.fromarray(raster(B, maze, g, both=both), mode="P")
            img.putpalette(flat_palette)
            yield img, ms

    return Gif(_gif_of(images(), options, _gif_batch(width * height)))


def _on_grid(obj: Any, trace: Any, cell_size: Any, wall_width: Any, margin: Any) -> Any:
    """None for what is no maze on another grid; else the style of the sizes given (False for none: the
    animation's own) for :mod:`tremaux.grids.animate`, which draws its runs (named in :mod:`tremaux._display` by
    :mod:`tremaux.grids`, which stands above the renderers)."""
    from .scene import grid_maze_of

    maze = grid_maze_of(obj)
    if maze is None:
        return None
    if trace is not None:
        from ..errors import UnsupportedError

        raise UnsupportedError("trace= replays events on a square maze; a run on another grid replays its own trace "
                               "(pass what generate_on or solve_on returned with record=True)")
    sizes = {k: v for k, v in (("cell", cell_size), ("wall", wall_width), ("margin", margin)) if v is not None}
    return picture("grid animation style", maze, **sizes) if sizes else False


GIF_BATCH_PIXELS = 1 << 22
"""Pixels of the frames :func:`to_gif` hands Pillow at a time (at least one frame): the memory it holds, whatever
the number of frames, against the time of encoding the frame before each batch once more."""


def _check_gif_memory(maze: Any, g: Geometry, kept: int) -> None:
    """Refuse a GIF of ``kept`` frames of ``maze`` drawn at ``g`` over the memory limit: the file (at most about
    1.5 bytes a pixel a frame), and the frames held: a batch, the two before it, and Pillow's copies of them."""
    width, height = g.size(maze)
    check_raster(maze, g, "GIF animation", frames=kept + 2 * (min(kept, _gif_batch(width * height)) + 3))


def _gif_batch(pixels: int) -> int:
    """Frames per batch for frames of ``pixels`` pixels."""
    return max(1, GIF_BATCH_PIXELS // max(1, int(pixels)))


def _timed(pictures: Iterator[np.ndarray], frame_ms: int, hold_ms: int) -> Iterator[tuple[np.ndarray, int]]:
    """Each picture that differs from the one before, with how long it shows (the last one ``hold_ms``)."""
    prev, ms = None, 0
    for B in pictures:
        if prev is not None and np.array_equal(B, prev):
            ms += frame_ms  # nothing visible changed: show the previous frame longer
            continue
        if prev is not None:
            yield prev, min(ms, GIF_MAX_MS)
        prev, ms = B, frame_ms
    if prev is not None:
        yield prev, min(ms + hold_ms - frame_ms, GIF_MAX_MS)


def _image_ends(data: bytes) -> list[int]:
    """Where each image of a GIF file ends (after its data sub-blocks), in file order."""
    pos = 13
    if data[10] & 0x80:  # the global colour table
        pos += 3 << ((data[10] & 7) + 1)
    ends = []
    while data[pos] != 0x3B:
        image = data[pos] == 0x2C
        if image:  # its descriptor, its local colour table and the LZW code size
            packed = data[pos + 9]
            pos += 10 + ((3 << ((packed & 7) + 1)) if packed & 0x80 else 0) + 1
        else:  # an extension: introducer and label
            pos += 2
        while data[pos] != 0:  # the sub-blocks
            pos += data[pos] + 1
        pos += 1
        if image:
            ends.append(pos)
    return ends


def _gif_of(frames: Iterator[tuple[Any, int]], options: dict[str, Any], batch: int = 1) -> bytes:
    """The animated GIF of ``frames`` (a Pillow image, milliseconds), read once, ``batch`` frames at a time.

    Pillow encodes each frame as its change from the frame before, and merges
    a frame equal to the one before into it (shown longer): a frame's bytes
    depend on it and the frame before only. So each batch is saved after the
    last frame of the one before, and the images after that first one are the
    batch's bytes, the same as in the file Pillow writes from the whole list
    at once. The last frame waits for the next batch, which may lengthen it; a
    batch where Pillow merged frames goes again a pair of frames at a time.
    """
    save = {"format": "GIF", "save_all": True, "optimize": True, "disposal": 1, **options}

    def saved(images: list[Any], ms: list[int]) -> tuple[bytes, list[int]]:
        buf = io.BytesIO()
        images[0].save(buf, append_images=images[1:], duration=ms, **save)
        data = buf.getvalue()
        return data, _image_ends(data)

    out: list[bytes] = []
    before = last = None  # the frame before the last, and the last, whose bytes wait for its final time
    last_ms, chunk, stale = 0, b"", False

    def take(images: list[Any], ms: list[int], data: bytes, ends: list[int]) -> None:
        """Frames ``images[1:]`` follow the last one, none merged: write all but the new last."""
        nonlocal before, last, last_ms, chunk, stale
        if not out:  # the last frame is the first: the header and its image, with its final time
            out.append(data[:ends[0]])
        else:
            out.append(_nth(saved([before, last], [0, last_ms]), 1) if stale else chunk)
        out.extend(data[ends[k - 1]:ends[k]] for k in range(1, len(ends) - 1))
        before, last, last_ms = images[-2], images[-1], ms[-1]
        chunk, stale = data[ends[-2]:ends[-1]], False

    def flush(pending: list[tuple[Any, int]]) -> None:
        """Write the frames after the last one (their pictures are dropped on return)."""
        nonlocal last_ms, stale
        images, ms = [last] + [p[0] for p in pending], [last_ms] + [p[1] for p in pending]
        data, ends = saved(images, ms)
        if len(ends) == len(images):
            take(images, ms, data, ends)
            return
        for img, d in pending:  # Pillow merged frames: one at a time, to know which
            data, ends = saved([last, img], [last_ms, d])
            if len(ends) == 1:  # the same picture as the last frame: shown longer
                if d:
                    last_ms, stale = last_ms + d, True
            else:
                take([last, img], [last_ms, d], data, ends)

    pending: list[tuple[Any, int]] = []
    for item in frames:
        if last is None:
            last, last_ms = item
        else:
            pending.append(item)
        del item
        if len(pending) == batch:
            flush(pending)
            pending = []
    if pending:
        flush(pending)
    if last is None:
        raise ValueError("no frame to write")
    if not out:  # a single picture: a still GIF, as Pillow writes one
        return saved([last], [last_ms])[0]
    return b"".join(out) + (_nth(saved([before, last], [0, last_ms]), 1) if stale else chunk) + b";"


def _nth(gif: tuple[bytes, list[int]], k: int) -> bytes:
    """Image ``k`` (from 0) of a GIF file and the extensions before it."""
    data, ends = gif
    return data[ends[k - 1]:ends[k]]


def _block_edges(n: int, g: Geometry) -> np.ndarray:
    """Pixel position of the left edge of each of ``n`` block columns, plus the end."""
    b = np.arange(n + 1)
    return (b // 2) * (g.cell + g.wall) + (b % 2) * g.wall


def _runs_path(changed: np.ndarray, values: np.ndarray, slot: int, xe: np.ndarray, ye: np.ndarray, x0: int) -> str:
    r, c, n = runs(changed & (values == slot))
    if r.size == 0:
        return ""
    xs = (xe[c] + x0).tolist()
    ws = (xe[c + n] - xe[c]).tolist()
    ys = ye[r].tolist()
    hs = (ye[r + 1] - ye[r]).tolist()
    return "".join(f"M{x} {y}h{w}v{h}h-{w}z" for x, y, w, h in zip(xs, ys, ws, hs))


def _frame_svg(B: np.ndarray, changed: np.ndarray, hexes: list[str], g: Geometry, maze: Maze) -> list[str]:
    L, BH, BW = B.shape
    xe = _block_edges(BW, g)
    ye = _block_edges(BH, g) + g.margin
    step = g.extent(maze.width) + g.gap
    out = []
    for slot in np.unique(B[changed]).tolist():
        d = "".join(_runs_path(changed[lv], B[lv], slot, xe, ye, g.margin + lv * step) for lv in range(L))
        if d:
            out.append(f'<path fill="{hexes[slot]}" d="{d}"/>')
    return out


def _start_half(B: np.ndarray, changed: np.ndarray, hexes: list[str], g: Geometry, maze: Maze, both: int) -> list[str]:
    """The start's half of a cell that is both the start and the goal, when this frame paints it as the goal."""
    if both < 0:
        return []
    lv, r, c = np.unravel_index(both, maze.shape3)
    at = (lv, 2 * r + 1, 2 * c + 1)
    if not changed[at] or B[at] != SLOTS["goal"]:
        return []
    x, y, w, h = half_cell(maze, g, both)
    return [f'<path fill="{hexes[SLOTS["start"]]}" d="M{x} {y}h{w}v{h}h-{w}z"/>']


def to_animated_svg(
    obj: Any,
    *,
    trace: Trace | None = None,
    frames: int = 100,
    frame_ms: int = 60,
    cell_size: int | None = None,
    wall_width: int | None = None,
    margin: int | None = None,
    palette: Mapping[str, object] | None = None,
) -> str:
    """An animated SVG (SMIL) of a generation or solving run; it stops on the last frame.

    The first frame is drawn in full; each later frame is a group of the
    squares that changed, shown at its time and kept (``fill="freeze"``), so
    the file grows with what changes, not with the number of frames.

    Parameters are those of :func:`to_gif`.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What is replayed; a run on another grid is drawn by :func:`tremaux.grids.animate.to_animated_svg`.
    trace : Trace, optional
        The events to replay; by default ``obj.trace``.
    frames : int, default 100
        At most this many frames.
    frame_ms : int, default 60
        Milliseconds per frame.
    cell_size, wall_width, margin : int, optional
        Pixel sizes; by default chosen for a picture about 500 pixels wide.
    palette : mapping, optional
        Colours replacing entries of :data:`PALETTE`.

    Returns
    -------
    str
        The SVG document.

    Examples
    --------
    >>> from tremaux.render import to_animated_svg
    >>> import numpy as np, xml.etree.ElementTree as ET
    >>> from tremaux import Maze, Trace, Event
    >>> m = Maze.open((1, 3))
    >>> t = Trace.from_rows(np.array([[Event.CARVE, 1, 0], [Event.CARVE, 2, 1]]), (1, 3))
    >>> root = ET.fromstring(to_animated_svg(m, trace=t))
    >>> len(root.findall(".//{http://www.w3.org/2000/svg}set"))
    2
    """
    on_grid = _on_grid(obj, trace, cell_size, wall_width, margin)
    if on_grid is not None:  # a run on another grid: tremaux.grids.animate draws it, the same text
        return picture("grid animated svg", obj, frames=frames, frame_ms=frame_ms, style=on_grid or None,
                       palette=palette)
    maze = maze_of(obj)
    frame_ms = _ms(frame_ms, "frame_ms", 1)
    g = geometry(maze, cell_size, wall_width, margin, target=500)
    n = maze.flat.shape[0]
    check_frames(maze, _budget(frames), len(trace_of(obj, trace)))
    budget.check(budget.svg_bytes(n, animated=True), f"an animated SVG of a maze of {n:,} cells")
    table = colour_table(resolve(palette))
    hexes = [to_hex(tuple(int(v) for v in row)) for row in table]
    width, height = g.size(maze)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" shape-rendering="crispEdges">',
        "<title>maze animation</title>",
        f'<rect width="{width}" height="{height}" fill="{hexes[BG]}"/>',
    ]
    start, goal = _markers(obj, maze)
    both = start if start == goal else -1
    prev = None
    for k, B in enumerate(replay(obj, trace, frames=frames)):
        if prev is None:
            changed = B != BG
            out.extend(_frame_svg(B, changed, hexes, g, maze) + _start_half(B, changed, hexes, g, maze, both))
        else:
            changed = B != prev
            if changed.any():
                t = k * frame_ms / 1000
                out.append('<g visibility="hidden">'
                           f'<set attributeName="visibility" to="visible" begin="{t:g}s" fill="freeze"/>')
                out.extend(_frame_svg(B, changed, hexes, g, maze) + _start_half(B, changed, hexes, g, maze, both))
                out.append("</g>")
        prev = B
    out.append("</svg>")
    return AnimatedSvg("\n".join(out) + "\n")
