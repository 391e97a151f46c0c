"""Where the ``tremaux numberlink`` commands write: ``--out`` checked before any work (its format, its folder,
the puzzle file itself), the standard output for ``--out -``, and the pictures of ``solve``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Optional

PICTURES = ("svg", "png", "txt")
"""The formats of ``solve --out``: the extensions :func:`tremaux.numberlink.draw.save` writes."""


def _maybe_terminal() -> bool:
    """Whether rich could take the standard output for a terminal (and colour it): it is one, or the environment
    says so (``FORCE_COLOR``, ``TTY_COMPATIBLE=1``). When not, rich would print plain text, so it is not imported
    (about 0.02 s of CPU at start-up)."""
    if "FORCE_COLOR" in os.environ or os.environ.get("TTY_COMPATIBLE", "") == "1":
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream: rich says "not a terminal" too
        return False


def _out_path(out: Path, i: int, n: int) -> Path:
    return out if n == 1 else out.with_name(f"{out.stem}-{i + 1}{out.suffix}")


def _wrote(pictures: list[Path]) -> str:
    """What ``solve`` and ``convert`` say of the pictures they wrote: ``wrote p.svg``, or ``wrote 3 pictures,
    p-1.svg to p-3.svg``."""
    if len(pictures) == 1:
        return f"wrote {pictures[0]}"
    return f"wrote {len(pictures)} pictures, {pictures[0]} to {pictures[-1]}"


def _picture_out(out: Optional[Path], fmt: Optional[str], source: Any) -> Optional[str]:
    """The picture format (``.svg``, ``.png``, ``.txt``) of ``--out`` and ``--format``, refused before any solving
    when it cannot be written (its format, its folder) or would write over the puzzle file itself. ``--out -``
    is the standard output, in the ``--format`` named (it has no extension), as for ``tremaux solve``."""
    from ..errors import TremauxError
    from ..numberlink.draw import picture_format

    if fmt is not None:
        if out is None:
            raise TremauxError("--format is the format of --out; give --out FILE (or --out - for the standard output)")
        if fmt.lower().lstrip(".") not in PICTURES:
            raise TremauxError(f"--format {fmt}: solve draws the lines as {', '.join(PICTURES)}")
        fmt = "." + fmt.lower().lstrip(".")
    if out is None:
        return None
    if _is_stdout(out):
        if fmt is None:
            raise TremauxError("--out - is the standard output, which has no extension to tell the picture's "
                               "format: name a format with --format (svg, png or txt), or give --out a file name")
        return fmt
    _writable(out)  # a folder is named as such, not as a picture without extension
    ext = out.suffix.lower()
    if fmt is not None and ext in (".svg", ".png", ".txt") and ext != fmt:
        raise TremauxError(f"--format {fmt[1:]} does not match the extension of --out {out}; give one of them")
    if fmt is None and ext == ".json":  # what was meant: the answers as JSON, which --json prints
        raise TremauxError(f"cannot write a picture as '.json' ({out}); use .svg, .png or .txt, or --json for the "
                           f"answers as JSON on standard output (--json > {out.name})")
    ext = fmt or picture_format(out)
    _not_the_puzzles(out, out, source)
    return ext


def _is_stdout(out: Optional[Path]) -> bool:
    """Whether ``--out`` is ``-``, the standard output (as for every command that takes ``--out``)."""
    return out is not None and str(out) == "-"


def _draw(drawn: Any, target: Path, ext: str, shown: int = 1) -> None:
    """Write the picture of ``drawn`` in ``ext`` (``.svg``, ``.png``, ``.txt``) to ``target``, or to the standard
    output for ``-``. Text holds the first ``shown`` solutions of an answer (``--all``, a second solution of
    ``--unique``), separated by blank lines, as they are printed; a picture holds the first."""
    from ..numberlink import draw

    solutions = getattr(drawn, "solutions", ())
    if ext == ".txt" and shown > 1 and len(solutions) > 1:
        text = "\n\n".join(draw.to_text((drawn.puzzle, lk)) for lk in solutions[:shown]) + "\n"
        if not _is_stdout(target):
            target.write_text(text, encoding="utf-8")
            return None
        sys.stdout.write(text)
        return sys.stdout.flush()
    if not _is_stdout(target):
        return draw.save(drawn, target, format=ext)
    data = draw.to_svg(drawn) if ext == ".svg" else draw.to_png(drawn) if ext == ".png" else draw.to_text(drawn) + "\n"
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)  # a text-only stream (an embedding's) takes the text as is
    if buffer is None and isinstance(data, str):
        sys.stdout.write(data)
        return sys.stdout.flush()
    if buffer is None:
        from ..errors import TremauxError

        raise TremauxError("--out - with --format png: this standard output takes text only; give --out a file")
    buffer.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    buffer.flush()


def _not_the_puzzles(target: Path, out: Path, source: Any, what: str = "the picture") -> None:
    """Refuse to write a picture at ``target`` (``out``, or ``out`` numbered for several puzzles) when it is the
    puzzle file (``source``, or one of a tuple of sources) itself: ``-o p.txt`` for the puzzles of ``p-1.txt``
    writes ``p-1.txt`` once a second is read."""
    from ..errors import TremauxError

    if not any(isinstance(s, Path) and target.exists() and (target.resolve() == s.resolve() or _same_file(target, s))
               for s in (source if isinstance(source, tuple) else (source,))):  # a hard link too
        return
    if target == out:
        raise TremauxError(f"--out {out} is the puzzle file itself: {what} would write over the puzzles")
    raise TremauxError(f"--out {out} numbers the pictures of several puzzles, and {target} is the puzzle file "
                       f"itself: {what} would write over the puzzles; give another --out")


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file (a hard link to it, say); ``False`` when either cannot be looked at."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _text_stdout(out: Optional[Path], as_json: bool) -> Optional[Path]:
    """``--out`` of a command that prints its puzzle text without it: ``-`` (the standard output) is the same as
    no ``--out``, but for ``--json``, which writes there too."""
    from ..errors import TremauxError

    if not _is_stdout(out):
        return out
    if as_json:
        raise TremauxError("--out - and --json both write the standard output; give --out a file")
    return None


def _writable(out: Path) -> None:
    """Refuse, before any work, an ``--out`` that cannot be written: a folder, a file in a missing folder, or one
    in a place that takes no new file (a read-only file system, ``/proc``)."""
    from .._write import check_writable
    from ..errors import TremauxError

    if out.is_dir():
        raise TremauxError(f"cannot write {out}: it is a folder")
    if not out.parent.is_dir():
        raise TremauxError(f"cannot write {out}: the folder {out.parent} does not exist")
    check_writable(out)


def _text_or_picture(out: Path) -> None:
    """Refuse an ``--out`` whose extension names a file of another kind (``.gif``, ``.jpg``, ``.json``, ``.npz``:
    ``formats._text.foreign_extension``), which would get puzzle text under a name that says
    otherwise; any other extension gets the text."""
    from ..errors import TremauxError
    from ..numberlink.formats._text import foreign_extension

    if ext := foreign_extension(out):
        hint = " (--json prints JSON on standard output)" if ext in (".json", ".jsonl", ".ndjson") else ""
        raise TremauxError(f"--out {out}: Number Link puzzles are written as text (.txt, or any extension but a "
                           f"picture's, a maze file's, a document's or an archive's) or drawn as .svg or .png, not as {ext}{hint}")


def _relabelled_note(puzzles: list[Any], text: str, fmt: str) -> str:
    """A line saying how ``text`` (``puzzles`` written in ``fmt``) names their pairs when it does not keep their
    labels (``[`` and ``_`` as the numbers 1 and 2 of the contest format, ``7`` as the letter ``A`` of Flow Free
    text), else ``""``: the lines are kept, their labels are not, and that is said, not done silently."""
    from ..numberlink.formats import loads_all

    if fmt != "flow" and all(p.pairs <= 9 and p.labels == tuple(str(k) for k in range(1, p.pairs + 1))
                             for p in puzzles):  # 1 to 9: what every format but Flow Free's letters writes
        return ""
    try:
        back = loads_all(text, format=fmt, errors="keep")
    except Exception:  # noqa: BLE001 - a note, never a failure of what was written
        return ""
    for p, q in zip(puzzles, back):
        if getattr(q, "labels", None) is not None and tuple(q.labels) != tuple(p.labels):
            pairs = [f"{a!r} as {b!r}" for a, b in zip(p.labels, q.labels) if a != b]
            shown = ", ".join(pairs[:4]) + (", ..." if len(pairs) > 4 else "")
            name = f" of {p.name}" if p.name else ""
            return f"note: the {fmt} format cannot keep the labels{name}; its pairs are written {shown}"
    return ""
