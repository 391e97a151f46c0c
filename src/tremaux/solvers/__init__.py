"""Maze solvers: one entry point, :func:`solve`, and one registry, :data:`SOLVERS`.

=================  ======================================================  =========
name               what it is                                              shortest
=================  ======================================================  =========
bfs                the worklist with a queue (breadth-first search)        yes
dfs                the worklist with a stack (depth-first search)          no
tremaux            Tremaux's traveler, who marks passages                  no
wall-left          keep the left hand on the wall                          no
wall-right         keep the right hand on the wall                         no
pledge             head one way, follow walls counting turns               no
astar              A* with the Manhattan distance                          yes
greedy             greedy best-first with the Manhattan distance           no
dead-end-fill      fill dead ends, walk what is left                       no
cul-de-sac-fill    fill dead ends and nooses, walk what is left            no
=================  ======================================================  =========

With ``record=True`` a solution carries the trace of the run (see
:class:`tremaux.trace.Event`): ``VISIT (cell, from)`` when a search takes a
cell from its worklist or a traveler steps forward, ``MARK (cell, by)`` when
a search marks a cell and adds it (Tremaux: a mark put on a passage),
``RETRACE (cell, to)`` when a traveler walks back along a passage (Tremaux:
the passage now has two marks), ``DEAD`` for each cell filled in,
``LOOPING`` when a traveler notices it is going round in circles, then
``FOUND`` and one ``PATH`` event per cell of the path, start first.

Examples
--------
>>> from tremaux import SOLVERS
>>> import tremaux
>>> sorted(SOLVERS.names())[:3]
['astar', 'bfs', 'cul-de-sac-fill']
>>> [e.name for e in SOLVERS if e.shortest]
['bfs', 'astar']
"""

from .base import SOLVERS, Problem, solver_options
from .result import Solution
from . import worklist, tremaux, wall, informed, filling  # noqa: E402,F401  (they register themselves)
from .api import default_endpoints, solve
from .worklist import explain

__all__ = ["solve", "SOLVERS", "Solution", "Problem", "explain", "default_endpoints", "solver_options"]
