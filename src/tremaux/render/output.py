"""Writing pictures to files, the format chosen by the file's extension."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import UnsupportedError

__all__ = ["save", "render", "check_picture", "FORMATS", "RENDER_FORMATS"]

FORMATS = {
    ".svg": "an SVG picture (animated with animate=True)",
    ".png": "a PNG picture",
    ".gif": "an animated GIF when the object has a trace, else a still GIF",
    ".txt": "a text drawing (style='ascii', 'unicode' or 'block')",
}
"""File extensions :func:`save` accepts, and what it writes for each."""


RENDER_FORMATS = ("ascii", "png", "svg", "gif")
"""The formats :func:`save` and :func:`render` draw (names of :data:`tremaux.io.outputs.OUTPUT_FORMATS`)."""


def _format_of(path: str | Path | None, format: str | None) -> str:
    """The extension of the picture to draw, chosen as by every writer (:func:`tremaux.io.outputs.output_format`)."""
    from ..io.outputs import extension_of, output_format

    name = output_format(path, format, accepts=RENDER_FORMATS, writer="tremaux.render",
                         hint="tremaux.io.save writes maze files")
    return extension_of(name)


def render(obj: Any, format: str, *, animate: bool | None = None, **style: Any) -> bytes | str:
    """The picture of ``obj`` in ``format`` (``".svg"``, ``".png"``, ``".gif"`` or ``".txt"``).

    ``animate=None`` animates a GIF when ``obj`` has a trace and never an SVG;
    ``True`` animates (the object must have a trace); ``False`` never does.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw.
    format : str
        ``svg``, ``png``, ``gif`` or ``txt`` (also named ``ascii``), with or without the dot.
    animate : bool, optional
        Whether to replay the trace (see above).
    **style
        Options of the renderer for the format (:func:`to_text`,
        :func:`to_svg`, :func:`to_png`, :func:`to_gif`).

    Returns
    -------
    bytes or str
        Text for ``svg`` and ``txt``, bytes for ``png`` and ``gif``.

    Raises
    ------
    UnknownNameError
        For an unknown format.
    TremauxError
        For ``animate=True`` without a trace, or a bad style option.

    Examples
    --------
    >>> from tremaux.render import render
    >>> from tremaux import Maze
    >>> print(render(Maze.open((1, 2)), "txt"))
    +---+---+
    |       |
    +---+---+
    >>> render(Maze.open((1, 2)), "jpg")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnknownNameError: unknown format 'jpg' (did you mean 'png'?); choose one of: ascii, gif, png, svg
    """
    from . import animate as anim
    from .notes import picture_notes
    from .png import to_image, to_png
    from .svg import to_svg
    from .text import to_text

    ext = _format_of(None, format)
    if animate and ext not in (".gif", ".svg"):
        raise UnsupportedError(f"cannot animate a {ext} file; animations are written as .gif or .svg")
    has_trace = getattr(obj, "trace", None) is not None or style.get("trace") is not None
    if ext == ".txt":
        return to_text(obj, **style)
    if ext == ".png":
        return to_png(obj, **style)
    if ext == ".svg":
        return anim.to_animated_svg(obj, **style) if animate else to_svg(obj, **style)
    if animate or (animate is None and has_trace):
        return anim.to_gif(obj, **style)
    import io

    from .scene import grid_maze_of

    buf = io.BytesIO()
    notes = {} if grid_maze_of(obj) is not None else picture_notes(obj, style.get("cell_size"), style.get("wall_width"),
                                                                   style.get("margin"))
    note = {"comment": "".join(f"{k}={v}" for k, v in notes.items())} if notes else {}  # see tremaux.io.image
    to_image(obj, **style).save(buf, format="GIF", **note)
    return buf.getvalue()


def save(obj: Any, path: str | Path, *, format: str | None = None, animate: bool | None = None,
         **style: Any) -> Path:
    """Write the picture of ``obj`` to ``path``, in the format its extension names.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw.
    path : str or Path
        Where to write; the extension (``.svg``, ``.png``, ``.gif``, ``.txt``)
        picks the format unless ``format`` is given, as for every writer
        (:func:`tremaux.io.outputs.output_format`).
    format : str, optional
        Overrides the extension.
    animate : bool, optional
        See :func:`render`: GIFs of recorded runs animate by default.
    **style
        Keyword options of the renderer (``cell_size=``, ``palette=``, ``style=`` for text...).

    Returns
    -------
    Path
        The path written.

    Raises
    ------
    UnknownNameError
        For an unknown extension or format name; the message lists the accepted ones.
    UnsupportedError
        For a format that is not a picture (``.json``: :func:`tremaux.io.save`), or that contradicts the extension.
    MissingFolderError
        When the folder of ``path`` does not exist (a :class:`FileNotFoundError` too), before the drawing.
    TypeError
        When ``path`` is no path (``None``, a number, an empty string).

    Examples
    --------
    >>> from tremaux.render import save
    >>> import tempfile, os
    >>> from tremaux import Maze
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = save(Maze.open((2, 2)), os.path.join(d, "m.svg"))
    ...     p.read_text().startswith("<svg")
    True
    """
    import os

    from ..io.outputs import check_folder

    if not isinstance(path, (str, os.PathLike)) or not str(path):  # save(maze, None): no file, not a bad extension
        raise TypeError(f"save() writes to a file path (a str or a Path), not {path!r:.60}")
    ext = _format_of(path, format)
    check_folder(path)  # before the drawing: `out/m.png` with no folder out names it
    data = render(obj, ext, animate=animate, **style)
    from .._write import write_file

    p = Path(path)
    write_file(p, data if not isinstance(data, str) or data.endswith("\n") else data + "\n")
    return p


def check_picture(maze: Any, format: str, *, cell_size: int | None = None, animation: bool = False) -> None:
    """Refuse, before any solving or generating, a still picture of ``maze`` that would not fit the memory budget.

    The picture's size depends on the maze and ``cell_size`` alone, so a command that solves before it draws
    calls this first, rather than refusing the picture after the run (:mod:`tremaux.budget`).

    Parameters
    ----------
    maze : Maze or tuple of int
        The maze to draw, or its shape (``(H, W)`` or ``(L, H, W)``) when it is not made yet: a command
        that generates checks the picture before the maze exists. A maze on another grid, or a run on one,
        is checked as its own drawing checks it (:func:`tremaux.grids.options.check`).
    format : str
        ``svg``, ``png``, ``gif`` or ``txt`` (also named ``ascii``), with or without the dot.
    cell_size : int, optional
        Pixels per cell, as the picture will be drawn (default: the renderer's choice).
    animation : bool, default False
        The picture is a replay: its first frame is checked (a GIF replay keeps more).

    Raises
    ------
    MemoryLimitError
        Naming the picture and the limit, in the words of the renderer.
    TremauxError
        For a bad ``cell_size``.

    Examples
    --------
    >>> from tremaux.render.output import check_picture
    >>> from tremaux import Maze, budget
    >>> check_picture(Maze.open((2, 2)), "png")
    >>> with budget.limited("100M"):
    ...     check_picture((5000, 5000), "svg")
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: an SVG of a maze of 25,000,000 cells needs about 5.8 GiB of memory; ...
    >>> with budget.limited("100M"):
    ...     check_picture(Maze.closed((100, 100)), "png", cell_size=100000)
    Traceback (most recent call last):
    ...
    tremaux.errors.MemoryLimitError: a picture of 11783266 x 11783266 pixels needs about 505.1 TiB of memory; ...
    """
    from .. import budget
    from .png import check_raster, geometry
    from .text import check_text_size

    ext = _format_of(None, format)
    if isinstance(maze, tuple):
        maze = _Shape(maze)
    from .scene import grid_maze_of

    if grid_maze_of(maze) is not None:  # a maze on another grid: the checks its own drawing makes first
        from .._display import picture

        picture("grid picture check", maze, format=ext, animation=animation)
        return
    if ext == ".txt":
        check_text_size(maze)
        return
    g = geometry(maze, cell_size)
    if ext == ".svg":
        budget.check(budget.svg_bytes(maze.flat.shape[0]), f"an SVG of a maze of {maze.flat.shape[0]:,} cells")
    else:
        check_raster(maze, g, "GIF animation" if animation else "picture")


class _Shape:
    """What the picture checks read of a maze (its shape), for a maze not made yet."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        import numpy as np

        from ..maze import check_shape

        self.shape3 = check_shape(shape)
        self.shape = tuple(int(x) for x in shape)
        n = self.shape3[0] * self.shape3[1] * self.shape3[2]
        self.flat = np.broadcast_to(np.zeros(1, np.uint8), (n,))  # no memory: only its length is read
