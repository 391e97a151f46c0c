"""The grid picker's list for the web API (``GET /api/grids``): every registered grid, the values of shape and
wrap it accepts, and the generators and solvers that run on it with each.

Everything is asked of the registries (a small grid is built with each choice), not assumed.

Examples
--------
>>> from tremaux.web.grid_catalog import grid_list
>>> polar = next(g for g in grid_list() if g["name"] == "polar")
>>> polar["params"], polar["choices"]
(['rings'], {})
"""

from __future__ import annotations

from typing import Any

__all__ = ["grid_list"]

_SHAPES = ("rectangle", "hexagon", "triangle")
_WRAPS = ("cylinder", "torus", "moebius")


def _choices(name: str, param: str, **extra: Any) -> list[str]:
    """The values of ``shape`` or ``wrap`` the registry accepts for grid ``name`` (asked, not assumed), with
    the ``extra`` parameters (``weave=True``: the values it weaves with)."""
    from ..errors import TremauxError
    from ..grids import GRIDS, make_grid

    entry = GRIDS.get(name)
    out = []
    for value in _SHAPES if param == "shape" else _WRAPS:
        try:
            make_grid(name, **{param: value}, **_size_for(entry, param, value, 2 if extra else 1), **extra)
        except TremauxError:
            continue
        out.append(value)
    return out


def _size_for(entry: Any, param: str, value: str, n: int) -> dict[str, Any]:
    """The size parameter that goes with ``param=value``: ``size`` for a rectangle, else the outline's own."""
    if param == "shape" and value != "rectangle":
        return {k: n for k in ("radius", "side") if k in entry.params}
    return {"size": (4, 4)} if "size" in entry.params else {}


def _grid_with(entry: Any, param: str, value: str) -> Any:
    """A small grid of registry ``entry`` with ``param`` (shape or wrap) set to ``value``."""
    from ..grids import make_grid

    return make_grid(entry.name, **{param: value}, **_size_for(entry, param, value, 2))


def grid_list() -> list[dict[str, Any]]:
    """Every registered grid with the parameters the page asks for (``GET /api/grids``).

    Each grid: ``name``, ``aliases``, ``doc``, ``sides``, ``params`` (the
    registry's parameter names, ``size`` being ``rows`` and ``cols``),
    ``choices`` (accepted values of ``shape`` and ``wrap``), ``generators``
    (the generators that run on its default grid), ``weave_generators`` (those
    that run on it woven; empty when it does not weave), ``choice_generators``
    (for each choice of shape and wrap, the generators that run on the grid
    with it), ``solvers``, ``weave_solvers`` and ``choice_solvers`` (the same
    for the solvers), ``choice_weave`` (for a grid that weaves, the values of
    shape and wrap it weaves with) and ``trace`` (whether solving it records a
    trace the page can animate: every grid does).

    Returns
    -------
    list of dict
        One :class:`~tremaux.web.models.GridInfo` record per grid.

    Examples
    --------
    >>> from tremaux.web.grid_catalog import grid_list
    >>> hexagonal = next(g for g in grid_list() if g["name"] == "hex")
    >>> hexagonal["params"], hexagonal["choices"]["shape"], hexagonal["trace"]
    (['size', 'shape', 'radius', 'weave'], ['rectangle', 'hexagon'], True)
    >>> square = grid_list()[0]
    >>> "eller" in square["generators"], "eller" in square["choice_generators"]["wrap"]["torus"]
    (True, False)
    >>> "wall-left" in square["weave_solvers"], "wall-left" in square["choice_solvers"]["wrap"]["moebius"]
    (False, False)
    >>> square["choice_weave"], hexagonal["choice_weave"]  # a wrapped square grid does not weave
    ({'wrap': []}, {'shape': ['rectangle', 'hexagon']})
    """
    from ..generators import GENERATORS
    from ..grids import GRIDS, make_grid, supports
    from ..grids.solve import solver_refusal
    from ..solvers import SOLVERS

    def solvers(grid: Any) -> list[str]:
        return [e.name for e in SOLVERS if grid is not None and solver_refusal(grid, e.name) is None]

    out = []
    for entry in GRIDS:
        grid = make_grid(entry.name, **({"size": (2, 2)} if "size" in entry.params else {}))
        choices = {p: _choices(entry.name, p) for p in ("shape", "wrap") if p in entry.params}
        woven = make_grid(entry.name, size=(4, 4), weave=True) if "weave" in entry.params else None
        by_choice = {p: {v: [g.name for g in GENERATORS if supports(g, _grid_with(entry, p, v))] for v in values}
                     for p, values in choices.items()}
        solvers_by = {p: {v: solvers(_grid_with(entry, p, v)) for v in values} for p, values in choices.items()}
        weaves = {p: _choices(entry.name, p, weave=True) for p in choices} if woven is not None else {}
        out.append({
            "name": entry.name,
            "aliases": list(entry.aliases),
            "doc": entry.doc,
            "sides": int(entry.meta.get("sides", grid.sides)),
            "params": list(entry.params),
            "choices": choices,
            "generators": [g.name for g in GENERATORS if supports(g, grid)],
            "weave_generators": [g.name for g in GENERATORS if woven is not None and supports(g, woven)],
            "choice_generators": by_choice,
            "solvers": solvers(grid),
            "weave_solvers": solvers(woven),
            "choice_solvers": solvers_by,
            "choice_weave": weaves,
            "trace": True,
        })
    return out
