"""The puzzle sources a ``tremaux numberlink`` command reads: one or several files, ``-`` (standard input) or
puzz.link URLs, in the order given.

Several sources are read as one file of several puzzles would be: each puzzle is named by its file (``a``,
``b#2``...; ``a/p`` and ``b/p`` for two files of one name), its answer is shown as soon as it is known, and
``--out`` numbers the pictures of all of them (``-1``, ``-2``...). A source that cannot be read at all (no puzzle in it, a folder...) takes the place of its
puzzles as one ``invalid`` answer naming it, as an unreadable puzzle of a file does: the answers of the other
sources are kept, and the run ends with status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import typer


def _puzzle_sources(files: list[str]) -> list[tuple[str, Any]]:
    """(name typed, source) for each of ``files``, checked before any work: a missing file is refused by name, and
    standard input (``-``) may be given once only."""
    from ..errors import TremauxError

    if sum(str(f) == "-" for f in files) > 1:
        raise TremauxError("'-' (standard input) is given more than once; it can be read once")
    return [(str(f), _puzzle_source(f)) for f in files]


def _puzzle_source(file: str | Path) -> Any:
    """The puzzles' source a command was given: standard input for ``-``, a puzz.link URL as is, else a file
    that must exist."""
    from ..errors import PuzzleFormatError
    from ..numberlink.formats import is_url
    from .app import existing_file

    name = str(file)
    if name == "-":
        if _is_terminal(sys.stdin):  # else the command would wait, silent, for what no one knows to type
            typer.echo("reading puzzles from the terminal: type or paste them, then press Ctrl-D (Ctrl-Z, Enter on "
                       "Windows) to end", err=True)
        return sys.stdin.buffer
    if is_url(name):
        return name.strip()
    if not name.strip():  # Path("") is the current folder
        raise PuzzleFormatError(f"the puzzle file name {name!r} is blank; give a file, a puzz.link URL or '-'")
    if "://" in name and not Path(name).exists():  # Path would fold the "//" of what looks like an address
        raise FileNotFoundError(2, "No such file", name)
    return existing_file(Path(name))


def _is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (``False`` for a stream without the question, or closed)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _each_answer(sources: list[tuple[str, Any]], answers: Callable[[Any], Iterator[Any]],
                unreadable: Callable[[str, str], Any]) -> Iterator[tuple[str, Any]]:
    """(name typed, answer) for every puzzle of every source, in order: ``answers(source)`` gives those of one
    source; with several sources, one that cannot be read gives ``unreadable(name, message)`` in their place (one
    source alone is refused, as before)."""
    from ..errors import MazeFormatError, PuzzleError

    labels = _distinct_labels(sources)
    for (file, source), label in zip(sources, labels):
        base = _source_label(source)
        try:
            each = answers(source)
            first = next(each, None)  # the source is read on the first answer asked
        except (PuzzleError, MazeFormatError, OSError, UnicodeError) as exc:  # not a bad option
            if len(sources) == 1:
                raise
            yield file, unreadable(label, _said(exc, file))
            continue
        if first is not None:
            yield file, _relabelled(first, base, label)
        for answer in each:
            yield file, _relabelled(answer, base, label)


def _distinct_labels(sources: list[tuple[str, Any]]) -> list[str]:
    """The name the puzzles of each source get, told apart when two sources would give the same: ``a/p`` and
    ``b/p`` for ``a/p.txt`` and ``b/p.txt`` (the fewest folders that tell them apart), ``p.txt`` and ``p.wh`` for
    two files of one folder, ``numlin#1``, ``numlin#2``... for puzz.link URLs (as a file of URLs names them). The
    same file given twice keeps one name: its puzzles are the same.

    Examples
    --------
    >>> from pathlib import Path
    >>> from tremaux.cli.numberlink_sources import _distinct_labels
    >>> _distinct_labels([("a/p.txt", Path("a/p.txt")), ("b/p.txt", Path("b/p.txt")), ("q.txt", Path("q.txt"))])
    ['a/p', 'b/p', 'q']
    """
    import os

    labels = [_source_label(source) for _, source in sources]
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    for label, where in groups.items():
        urls = [i for i in where if isinstance(sources[i][1], str)]  # a URL is given as its text
        files = [i for i in where if i not in urls and sources[i][0] != "-"]
        if len(urls) > 1 or (urls and files):
            for k, i in enumerate(urls, start=1):
                labels[i] = f"{label}#{k}"
        paths = {i: os.path.normpath(os.path.abspath(sources[i][0])) for i in files}
        if len(set(paths.values())) < 2 and not (urls and paths):
            continue
        parts = {i: Path(os.path.normpath(sources[i][0])).parts for i in paths}
        tries = [(depth, ext) for depth in range(1, max(len(p) for p in parts.values()) + 1)
                 for ext in ((False, True) if not urls else (True,))]  # beside a URL's label#k, a file's has a dot
        for depth, ext in tries:  # the last try, each whole path as typed, always tells them apart
            named = {i: _path_label(p, depth, ext) for i, p in parts.items()}
            if all(named[i] != named[j] or paths[i] == paths[j] for i in named for j in named if i < j):
                break
        for i, name in named.items():
            labels[i] = name
    return labels


def _path_label(parts: tuple[str, ...], depth: int, ext: bool) -> str:
    """The last ``depth`` parts of a path, joined by ``/``, the file's extension kept or not."""
    last = parts[-depth:]
    name = last[-1] if ext else Path(last[-1]).stem
    return "/".join((*last[:-1], name))


def _relabelled(answer: Any, base: str, label: str) -> Any:
    """``answer`` (an answer or verdict) named after ``label`` instead of ``base``, the name its file gave it:
    ``p#2`` becomes ``a/p#2``. A name the file gave itself (a JSON record's, a contest file's) is kept."""
    import dataclasses

    name = getattr(answer, "name", "")
    if label == base or not name.startswith(base) or name[len(base):][:1] not in ("", "#"):
        return answer
    if not dataclasses.is_dataclass(answer):  # a puzzle
        return answer.replace(name=label + name[len(base):])
    return dataclasses.replace(answer, name=label + name[len(base):])


def _named_puzzles(sources: list[tuple[str, Any]], load: Callable[[Any], list[Any]]) -> list[Any]:
    """The puzzles of every source, ``load(source)`` giving those of one, named as :func:`_each_answer` names
    their answers (``a/p`` and ``b/p`` for ``a/p.txt`` and ``b/p.txt``)."""
    return [_relabelled(p, _source_label(source), label)
            for (_, source), label in zip(sources, _distinct_labels(sources)) for p in load(source)]


def _said(exc: BaseException, file: str) -> str:
    """The one-line message of a source that could not be read, naming it."""
    from ..errors import TremauxError

    if isinstance(exc, OSError) and not isinstance(exc, TremauxError):
        where = "<stdin>" if file == "-" else file
        return f"cannot read {where}: {exc.strerror or exc}"
    text = str(exc)
    return text if file in text or (file == "-" and "<stdin>" in text) else f"{file}: {text}"


def _source_label(source: Any) -> str:
    """The name the puzzles of ``source`` get (``a`` for ``a.txt``), as a file's readers name them."""
    from ..numberlink.formats import source_name
    from ..numberlink.formats.grids import base_name

    return base_name(source_name(source))


def _file_label(file: str) -> str:
    """How a source typed as ``file`` is named in a line of text output: the file's name, ``<stdin>`` for ``-``."""
    return "<stdin>" if file == "-" else Path(file).name if "://" not in file else file



def _unreadable_answer(name: str, message: str, solver: str, rule: str, touch: Optional[bool], counts: Any) -> Any:
    """The ``invalid`` answer of ``solve`` that stands for a source that could not be read, among several: as
    :func:`tremaux.numberlink.iter_solve_file` gives one for an unreadable puzzle (``counts``: ``--unique`` or a
    count was asked, which changes the default of ``touch``)."""
    from ..numberlink.result import PuzzleSolution
    from ..numberlink.rules import resolve
    from ..numberlink.solvers import NL_SOLVERS

    the_rule = resolve(rule, touch, default_touch=not counts)
    return PuzzleSolution(None, NL_SOLVERS.get(solver).name, the_rule.name, "invalid", message=message, name=name,
                          touch=the_rule.touch)


def _unreadable_verdict(name: str, message: str, rule: str, touch: Optional[bool]) -> Any:
    """The ``invalid`` verdict of ``check`` that stands for a source that could not be read, among several: as
    :func:`tremaux.numberlink.iter_check_file` gives one for an unreadable puzzle."""
    from ..numberlink.result import Diagnosis
    from ..numberlink.rules import resolve

    the_rule = resolve(rule, touch, default_touch=False)
    return Diagnosis("invalid", the_rule.name, (message,), None, name, the_rule.touch)
