"""Writing pictures to files, the format chosen by the file's extension."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import UnknownNameError, UnsupportedError

__all__ = ["save", "render", "FORMATS"]

FORMATS = {
    ".svg": "an SVG picture (animated with animate=True)",
    ".png": "a PNG picture",
    ".gif": "an animated GIF when the object has a trace, else a still GIF",
    ".txt": "a text drawing (style='ascii', 'unicode' or 'block')",
}
"""File extensions :func:`save` accepts, and what it writes for each."""


def _format_of(path: str | Path, format: str | None) -> str:
    if format is not None and not isinstance(format, str):
        raise UnknownNameError("picture format", repr(format), FORMATS)
    ext = (format if format is not None else Path(path).suffix).lower()
    if ext and not ext.startswith("."):
        ext = "." + ext
    if ext not in FORMATS:
        shown = ext or f"(none, in {str(path)!r})"
        raise UnknownNameError("picture format", shown, FORMATS)
    return ext


def render(obj: Any, format: str, *, animate: bool | None = None, **style: Any) -> bytes | str:
    """The picture of ``obj`` in ``format`` (``".svg"``, ``".png"``, ``".gif"`` or ``".txt"``).

    ``animate=None`` animates a GIF when ``obj`` has a trace and never an SVG;
    ``True`` animates (the object must have a trace); ``False`` never does.

    Parameters
    ----------
    obj : Maze, Solution or Generated
        What to draw.
    format : str
        ``svg``, ``png``, ``gif`` or ``txt``, with or without the dot.
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
    >>> from tremaux import Maze
    >>> print(render(Maze.open((1, 2)), "txt"))
    +---+---+
    |       |
    +---+---+
    >>> render(Maze.open((1, 2)), "jpg")
    Traceback (most recent call last):
    ...
    tremaux.errors.UnknownNameError: unknown picture format '.jpg'; choose one of: .gif, .png, .svg, .txt
    """
    from . import animate as anim
    from .png import to_image, to_png
    from .svg import to_svg
    from .text import to_text

    ext = _format_of("", format)
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

    buf = io.BytesIO()
    to_image(obj, **style).save(buf, format="GIF")
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
        picks the format unless ``format`` is given.
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
        For an unknown extension; the message lists the accepted ones.

    Examples
    --------
    >>> import tempfile, os
    >>> from tremaux import Maze
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = save(Maze.open((2, 2)), os.path.join(d, "m.svg"))
    ...     p.read_text().startswith("<svg")
    True
    """
    ext = _format_of(path, format)
    data = render(obj, ext, animate=animate, **style)
    from .._write import write_file

    p = Path(path)
    write_file(p, data if not isinstance(data, str) or data.endswith("\n") else data + "\n")
    return p
