"""What :func:`tremaux.io.load` and :func:`tremaux.io.loads` are given besides a file name or a maze's text.

``load`` also takes an open file, as ``json.load`` does; a maze's text given to ``load``, or a file name given
to ``loads``, is refused in one line naming the other function. :func:`read_capped` reads an open file no further
than the cap its kind allows (:func:`tremaux.io.read_source`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import MazeFormatError

_NAMED = (".txt", ".json", ".npz", ".npy", ".png", ".gif", ".bmp", ".jpg", ".jpeg", ".webp", ".svg", ".maze")


def is_markup(text: str) -> bool:
    """Whether ``text`` starts like SVG, XML or HTML (``<svg``, ``<?xml``, ``<!DOCTYPE``), which no maze format does."""
    head = text.lstrip().lstrip("\ufeff").lstrip()[:9].lower()
    return head.startswith(("<svg", "<?xml", "<!doctype", "<html"))


def graph_markup(text: str) -> str | None:
    """``"graphml"`` or ``"gexf"`` for the XML of a graph as networkx writes it (its root element in the first
    kilobytes), else None."""
    head = text[:4096]
    for name in ("graphml", "gexf"):
        if f"<{name}" in head:
            return name
    return None


def check_not_a_name(text: str, source: str | None) -> None:
    """Refuse a file name given as a maze's text (``loads("maze.json")``), naming :func:`tremaux.io.load`, and
    a braille drawing (:mod:`tremaux.grids.braille`), which is for reading only."""
    if any("\u2801" <= ch <= "\u28ff" for ch in text[:4096]):
        raise MazeFormatError("a braille drawing is for reading only and does not read back as a maze: save the maze "
                              "as .json or .npz (or a picture) to read it again", source=source)
    name = text.strip()
    if name and "\n" not in name and Path(name).suffix.lower() in _NAMED:
        raise MazeFormatError(f"{name!r} looks like a file name: tremaux.io.loads reads a maze's text (or bytes); "
                              "tremaux.io.load reads a file", source=source)


def file_name(path: Any) -> str:
    """The name of the file :func:`tremaux.io.load` is to open, as shown in messages; an empty name (which
    :class:`pathlib.Path` would read as the current folder ``'.'``) refused in one line."""
    name = os.fspath(path)
    if not name:
        raise MazeFormatError(f"empty file name ({name!r}): give the path of a maze file")
    return str(path)


def other_input(path: Any) -> bool:
    """Whether :func:`tremaux.io.load` was given an open file, or a maze's text, rather than a file name."""
    return hasattr(path, "read") or (isinstance(path, str) and "\n" in path)


def read_other(path: Any, read_source: Callable[..., bytes], **limits: Any) -> tuple[str | bytes, str | None]:
    """What :func:`tremaux.io.load` reads of an open file (binary, or text), and the file's name; or a one-line
    refusal of a maze's text.

    ``read_source`` is :func:`tremaux.io.read_source` (handed down: it reads a binary file within the caps).
    """
    if isinstance(path, str):
        raise MazeFormatError("tremaux.io.load reads a file, and this is a maze's text (it has several lines): "
                              "read it with tremaux.io.loads")
    name = getattr(path, "name", None)
    source = name if isinstance(name, str) else None
    raw = getattr(path, "buffer", path)  # a text file's bytes, read within the caps
    if isinstance(raw.read(0), bytes):
        return read_source(raw, source, memory_limit=limits.get("memory_limit"),
                           text_limit=limits.get("text_limit")), source
    return raw.read(), source  # a text stream without bytes beneath (io.StringIO): loads checks the text cap


def read_capped(f, cap: int | None, size: int | None) -> bytes:
    """The rest of ``f``, but no more than ``cap + 1`` bytes (one more than allowed tells it is over).

    Read in chunks, so that a big ``cap`` reserves nothing up front.
    """
    if size is not None and (cap is None or size <= cap):
        want = size + 1  # the file's own size, plus one byte to notice that it grew
    else:
        want = None if cap is None else cap + 1
    chunks = []
    got = 0
    while want is None or got < want:
        chunk = f.read(1 << 20 if want is None else min(1 << 20, want - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
