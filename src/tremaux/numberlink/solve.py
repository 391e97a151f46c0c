"""Solving Number Link puzzles: a thin entry point re-exporting :mod:`tremaux.numberlink.solvers`."""

from .solvers import DEFAULT_LIMIT, DEFAULT_TIME_LIMIT, NL_SOLVERS, quick_verdict, solve_file, solve_puzzle

__all__ = ["NL_SOLVERS", "solve_puzzle", "solve_file", "quick_verdict", "DEFAULT_LIMIT", "DEFAULT_TIME_LIMIT"]
