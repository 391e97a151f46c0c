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

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers and the reference pages
    from .check import check_file, diagnose, iter_check_file
    from .draw import numbers_text, to_png, to_svg, to_text
    from .formats import dumps, load, load_all, loads, loads_all, save
    from .generate import GeneratedPuzzle, generate_puzzle
    from .model import RULES, Puzzle, check_rule
    from .result import Diagnosis, Linking, PuzzleSolution
    from .rules import Rule, resolve
    from .solvers import DEFAULT_TIME_LIMIT, NL_SOLVERS, iter_solve_file, quick_verdict, solve_file, solve_puzzle

from .._lazy import attach

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

