"""tremaux: mazes and Number Link puzzles.

Mazes as data (:class:`Maze`), generation (:func:`generate`), solving
(:func:`solve`), rendering, a web demo, Number Link and datasets at scale.

Examples
--------
>>> import tremaux
>>> m = tremaux.Maze.open((2, 3))
>>> m.size, m.passages
(6, 7)
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from . import errors
from .errors import TremauxError
from .maze import Direction, Maze
from .trace import Event, Trace
from .solvers import SOLVERS, solve
from .generators import GENERATORS, generate
from . import render

try:
    __version__ = version("tremaux")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = ["Maze", "Direction", "Trace", "Event", "TremauxError", "errors", "__version__", "solve", "SOLVERS", "generate", "GENERATORS", "render"]
