"""The puzzle sources a ``tremaux numberlink`` command reads: one or several files, ``-`` (standard input) or
puzz.link URLs, in the order given.

Several sources are read as one file of several puzzles would be: each puzzle is named by its file (``a``,
``b#2``...), its answer is shown as soon as it is known, and ``--out`` numbers the pictures of all of them
(``-1``, ``-2``...). A source that cannot be read at all (no puzzle in it, a folder...) takes the place of its
puzzles as one ``invalid`` answer naming it, as an unreadable puzzle of a file does: the answers of the other
sources are kept, and the run ends with status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator, Optional


def _puzzle_sources(files: list[str]) -> list[tuple[str, Any]]:
    """(name typed, source) for each of ``files``, checked before any work: a missing file is refused by name, and
    standard input (``-``) may be given once only."""
    from ..errors import TremauxError
    from .numberlink_cmds import _puzzle_source

    if sum(str(f) == "-" for f in files) > 1:
        raise TremauxError("'-' (standard input) is given more than once; it can be read once")
    return [(str(f), _puzzle_source(f)) for f in files]


def _each_answer(sources: list[tuple[str, Any]], answers: Callable[[Any], Iterator[Any]],
                unreadable: Callable[[str, str], Any]) -> Iterator[tuple[str, Any]]:
    """(name typed, answer) for every puzzle of every source, in order: ``answers(source)`` gives those of one
    source; with several sources, one that cannot be read gives ``unreadable(name, message)`` in their place (one
    source alone is refused, as before)."""
    from ..errors import MazeFormatError, PuzzleError

    for file, source in sources:
        try:
            each = answers(source)
            first = next(each, None)  # the source is read on the first answer asked
        except (PuzzleError, MazeFormatError, OSError, UnicodeError) as exc:  # not a bad option
            if len(sources) == 1:
                raise
            yield file, unreadable(_source_label(source), _said(exc, file))
            continue
        if first is not None:
            yield file, first
        for answer in each:
            yield file, answer


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
