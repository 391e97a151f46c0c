"""tremaux: mazes and Number Link puzzles.

Mazes as data (:class:`Maze`), generation (:func:`generate`), solving
(:func:`solve`), rendering, a web demo, Number Link and datasets at scale.

Every name is loaded on first use: ``import tremaux`` is quick, and
``tremaux.io``, ``tremaux.numberlink``, ``tremaux.measure`` and the others
need no import of their own.

Examples
--------
>>> import tremaux
>>> m = tremaux.Maze.open((2, 3))
>>> m.size, m.passages
(6, 7)
>>> print(tremaux.io.dumps(m, "ascii"))
+---+---+---+
|           |
+   +   +   +
|           |
+---+---+---+
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _display, errors
from ._version import __version__
from .errors import TremauxError

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers
    from . import (budget, cli, dataset, generators, grids, io, maze, measure, numberlink, registry,  # noqa: F401
                   render, solvers, trace, warmup, web)
    from .generators import GENERATORS, generate  # noqa: F401
    from .maze import Direction, Maze  # noqa: F401
    from .solvers import SOLVERS, solve  # noqa: F401
    from .trace import Event, Trace  # noqa: F401

# Everything else is imported on first use (module __getattr__), so that ``import tremaux`` and the command
# line start without numba, networkx, pyarrow or the web stack.
_NAMES = {
    "Maze": "maze", "Direction": "maze", "Trace": "trace", "Event": "trace",
    "solve": "solvers", "SOLVERS": "solvers", "generate": "generators", "GENERATORS": "generators",
}
_MODULES = ("budget", "cli", "dataset", "generators", "grids", "io", "kernels", "maze", "measure", "numberlink",
            "registry", "render", "solvers", "trace", "warmup", "web")

__all__ = ["Maze", "Direction", "Trace", "Event", "TremauxError", "errors", "__version__", "solve", "SOLVERS",
           "generate", "GENERATORS", "render", "io", "numberlink", "measure", "dataset"]


def _str(maze: Any) -> str:
    from .io import ascii

    return ascii.dumps(maze)


def _svg(obj: Any) -> str | None:
    from .render import repr_svg

    return repr_svg(obj)


def _png(obj: Any) -> bytes | None:
    from .render import repr_png

    return repr_png(obj)


# what print() and a notebook show of a maze, a run or a generation: the model asks tremaux._display, which knows no
# renderer; the package names them there (loaded when first drawn), so that the model does not depend on them
_display.shows("text", _str)
_display.shows("svg", _svg)
_display.shows("png", _png)


def __getattr__(name: str) -> Any:
    """Load ``tremaux.<module>`` or a name of the public API on first use."""
    if name in _NAMES:
        value = getattr(importlib.import_module(f".{_NAMES[name]}", __name__), name)
    elif name in _MODULES:
        value = importlib.import_module(f".{name}", __name__)
    else:
        raise AttributeError(f"module 'tremaux' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:  # what tab completion offers: the API, not this module's own imports (Any, importlib...)
    return sorted({n for n in globals() if n.startswith("__")} | set(__all__) | set(_NAMES) | set(_MODULES))
