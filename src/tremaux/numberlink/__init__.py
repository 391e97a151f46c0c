"""Number Link puzzles: model, formats, solvers, diagnosis, drawing and a generator.

A Number Link puzzle is a grid with pairs of equal numbers; each pair is to be
joined by a line through cell centres, horizontally and vertically, without
crossing or branching, never through a number or twice through a cell. Under
the paper's rule (``"fill"``) every cell must be covered; under the magazine
and contest rule (``"nikoli"``) cells may stay empty.

Examples
--------
>>> from tremaux.numberlink import Puzzle, solve_puzzle
>>> p = Puzzle.from_rows(["1..2", "....", "1..2"])
>>> r = solve_puzzle(p, rule="fill", unique=True, touch=True)
>>> r.status, r.unique
('solved', False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers and the reference pages
    from .check import check_file, diagnose, iter_check_file
    from .draw import numbers_text, to_png, to_svg, to_text
    from .formats import dumps, load, load_all, loads, loads_all, save
    from .generate import GeneratedPuzzle, generate_puzzle
    from .model import RULES, Puzzle, check_rule
    from .result import Diagnosis, Linking, PuzzleSolution
    from .rules import Rule, resolve
    from .solvers import DEFAULT_TIME_LIMIT, NL_SOLVERS, iter_solve_file, quick_verdict, solve_file, solve_puzzle

from .. import _display
from .._lazy import attach
from . import _named

# Each name is imported on first use (see tremaux._lazy.attach): a command that solves a puzzle loads the model,
# the formats and the solvers, not the generator, the diagnosis or the pictures.
__getattr__, __dir__ = attach(__name__, {
    "model": ["RULES", "Puzzle", "check_rule"],
    "result": ["Diagnosis", "Linking", "PuzzleSolution"],
    "check": ["check_file", "diagnose", "iter_check_file"],
    "draw": ["numbers_text", "to_png", "to_svg", "to_text"],
    "formats": ["dumps", "load", "load_all", "loads", "loads_all", "save"],
    "generate": ["GeneratedPuzzle", "generate_puzzle"],
    "rules": ["Rule", "resolve"],
    "solvers": ["DEFAULT_TIME_LIMIT", "NL_SOLVERS", "iter_solve_file", "quick_verdict", "solve_file", "solve_puzzle"],
}, modules=["check", "cover", "cuts", "draw", "formats", "generate", "model", "plant", "regions", "result", "rules",
            "sat", "solve", "solvers", "turns", "uniqueness"])

__all__ = [
    "Puzzle",
    "RULES",
    "check_rule",
    "Rule",
    "resolve",
    "DEFAULT_TIME_LIMIT",
    "Linking",
    "PuzzleSolution",
    "Diagnosis",
    "NL_SOLVERS",
    "solve_puzzle",
    "quick_verdict",
    "solve_file",
    "iter_solve_file",
    "diagnose",
    "check_file",
    "iter_check_file",
    "generate_puzzle",
    "GeneratedPuzzle",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "dumps",
    "save",
    "to_text",
    "numbers_text",
    "to_svg",
    "to_png",
]


def _text(puzzle: Puzzle) -> str:
    from ..errors import PuzzleFormatError
    from .draw import to_text
    from .formats import dumps

    try:
        return dumps(puzzle).rstrip("\n")
    except PuzzleFormatError:  # labels the grid format cannot hold ('#', '0'...): drawn instead
        return to_text(puzzle)


def _svg(shown: Puzzle | PuzzleSolution) -> str:
    from .draw import to_svg

    return to_svg(shown)


def _png(shown: Any) -> bytes | None:
    from .._display import png_fits
    from ..errors import MemoryLimitError
    from .draw import to_png
    from .model import Puzzle

    h, w = (shown if isinstance(shown, Puzzle) else shown.puzzle).shape
    try:  # about 1,000 pixels across, two a cell at least
        return png_fits(to_png(shown, cell=max(2, min(28, 1000 // max(h, w)))))
    except MemoryLimitError:
        return None


# what print() and a notebook show of a puzzle: the model asks tremaux._display, which knows no format nor drawing;
# they are named here (loaded when first shown), so that the model does not depend on them
_display.shows("puzzle text", _text)
_display.shows("puzzle svg", _svg)
_display.shows("puzzle png", _png)


def _puzzle_of(value: Any) -> Puzzle:
    from ._given import puzzle_of

    return puzzle_of(value)


def _record_text(puzzle: Puzzle) -> str:
    from .formats.jsons import puzzle_text

    return puzzle_text(puzzle)


# what the model reads with the formats, and the text a result's record holds: named in tremaux.numberlink._named
_named.name("puzzle of", _puzzle_of)
_named.name("record text", _record_text)
