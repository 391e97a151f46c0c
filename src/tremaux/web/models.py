"""The JSON API's request and response models (pydantic), and its limits.

Every size, share and name a visitor sends is checked here or, for names, by
the registries; a bad value gets a 4xx answer whose ``error`` names it.

Values are read strictly, never guessed at. In a JSON body a whole number is
a JSON integer (``5``, not ``5.0`` or ``"5"``), a share is a finite JSON
number (``0.5`` or ``1``; not ``"0.5"``, ``NaN`` or ``Infinity``), a switch
is ``true`` or ``false`` (not ``1`` or ``"yes"``) and a name is a string. In
a query string (``GET /api/maze?rows=20``) a whole number is written in
decimal digits with an optional sign (``20``; not ``20.0``, ``2e1``, ``0x14``
or ``2_0``), a share in decimal notation (``0.5``, ``.5``, ``1``; not
``nan`` or ``inf``), a switch as ``true`` or ``false``, and each parameter is
given once (:mod:`tremaux.web.query`). Anything else is a 422
answer naming the field, the problem and the value sent.

Examples
--------
>>> from tremaux.web.models import MazeParams
>>> MazeParams(rows=10, cols=12).model_dump()["braid"]
0.5
>>> MazeParams(rows=10_000)
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for MazeParams
rows
  Input should be less than or equal to 150 ...
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .._args import SEED_RANGE
from ..grids.checks import LEAST
from ..numberlink.model import MIN_SIDE as NL_MIN_SIDE
from .messages import short_name

__all__ = [
    "MAX_SIDE",
    "NL_MAX_SIDE",
    "MIN_SEED",
    "MAX_SEED",
    "MAX_RINGS",
    "MAX_GRID_CELLS",
    "GridInfo",
    "MAX_TEXT",
    "MAX_TRACE_EVENTS",
    "Limits",
    "AlgorithmInfo",
    "ErrorBody",
    "MazeParams",
    "MazeResponse",
    "RenderParams",

    "SolveRequest",
    "SolveResponse",
    "PuzzleBody",
    "PuzzleSolveRequest",
    "PuzzleSolveResponse",
    "PuzzleText",
    "PuzzleRandomParams",
    "PuzzleRandomResponse",
]

MAX_SIDE = 150
"""Largest number of rows or columns of a maze served on the page."""
NL_MAX_SIDE = 30
"""Largest number of rows or columns of a Number Link puzzle."""
MAX_GRID_CELLS = MAX_SIDE * MAX_SIDE
"""Largest number of cells of a maze on any grid served on the page."""


def _most_rings(cells: int) -> int:
    """The most rings of a polar grid of at most ``cells`` cells."""
    from ..grids.polar import ring_counts

    rings = 2
    while int(ring_counts(rings + 1).sum()) <= cells:
        rings += 1
    return rings


MAX_RINGS = _most_rings(MAX_GRID_CELLS)
"""Most rings of a polar maze served on the page (the most within :data:`MAX_GRID_CELLS` cells)."""
MIN_SEED = SEED_RANGE[0]
"""Least seed: the library's (:data:`tremaux._args.SEED_RANGE`)."""
MAX_SEED = min(SEED_RANGE[1], 2**53 - 1)
"""Largest seed: the library's range up to the largest integer a browser holds exactly, 2**53 - 1."""
MAX_TEXT = 20_000
"""Longest puzzle text accepted, in characters."""
MAX_TRACE_EVENTS = 400_000
"""Trace events sent for one animation; longer traces are cut (and say so)."""


def _without_examples(schema: dict[str, Any], cls: type) -> None:
    """Keep a model's docstring in the OpenAPI schema without its numpydoc Examples section."""
    text = schema.get("description")
    if isinstance(text, str) and "Examples\n--------" in text:
        schema["description"] = text.split("Examples\n--------")[0].rstrip()


class _Schema(BaseModel):
    model_config = ConfigDict(json_schema_extra=_without_examples)


class _Model(_Schema):
    # strict: no value is converted from another type (5.0 is not a whole number, "yes" not a switch)
    model_config = ConfigDict(extra="forbid", strict=True)


class Limits(_Schema):
    """What the server accepts (``GET /api/limits``).

    Examples
    --------
    >>> from tremaux.web.models import Limits
    >>> Limits(version="1.0", time_limit=10.0).max_side
    150
    """

    version: str = Field(description="Version of tremaux.")
    max_side: int = MAX_SIDE
    nl_max_side: int = NL_MAX_SIDE
    max_seed: int = MAX_SEED
    max_text: int = MAX_TEXT
    max_trace_events: int = MAX_TRACE_EVENTS
    time_limit: float = Field(description="Seconds an expensive generation, solve or render may run.")
    max_body: int = Field(256 * 1024, description="Largest request body in bytes.")


class AlgorithmInfo(_Schema):
    """One registry entry.

    Examples
    --------
    >>> from tremaux.web.models import AlgorithmInfo
    >>> AlgorithmInfo(name="bfs", aliases=["breadth-first"], doc="Breadth-first search.").meta
    {}
    """

    name: str
    aliases: list[str]
    doc: str
    meta: dict[str, Any] = {}
    options: list[str] = Field([], description="The options a maze solver takes (seed: its random choice).")


class GridInfo(_Schema):
    """One grid of the grid registry, with what the page needs to ask for it.

    Examples
    --------
    >>> from tremaux.web.models import GridInfo
    >>> from tremaux.web.grids import grid_list
    >>> GridInfo.model_validate(grid_list()[0]).name
    'square'
    """

    name: str
    aliases: list[str]
    doc: str
    sides: int = Field(description="Most sides of a cell.")
    params: list[str] = Field(description="The grid's parameters (size is rows and cols).")
    choices: dict[str, list[str]] = Field(description="Accepted values of shape and wrap.")
    generators: list[str] = Field(description="Generators that run on this grid.")
    weave_generators: list[str] = Field(description="Generators that run on this grid woven (empty: no weave).")
    choice_generators: dict[str, dict[str, list[str]]] = Field(
        {}, description="For each value of shape and wrap, the generators that run on the grid with it.")
    solvers: list[str] = Field([], description="Solvers that run on this grid.")
    weave_solvers: list[str] = Field([], description="Solvers that run on this grid woven (empty: no weave).")
    choice_solvers: dict[str, dict[str, list[str]]] = Field(
        {}, description="For each value of shape and wrap, the solvers that run on the grid with it.")
    choice_weave: dict[str, list[str]] = Field(
        {}, description="For a grid that weaves, the values of shape and wrap it weaves with (others: no weave).")
    trace: bool = Field(description="Solving records a trace (the page animates it).")


class ErrorBody(_Schema):
    """Every 4xx/5xx answer: a one-line ``error`` and the ``kind`` of problem.

    Examples
    --------
    >>> from tremaux.web.models import ErrorBody
    >>> ErrorBody(error="no such page", kind="NotFound").model_dump(exclude_none=True)
    {'error': 'no such page', 'kind': 'NotFound'}
    """

    error: str
    kind: str
    detail: list[dict[str, Any]] | None = None


class MazeParams(_Model):
    """A maze, fully determined by its grid, generator, size, braid share and seed.

    The grid's parameters are checked by the grid registry
    (:func:`tremaux.grids.make_grid`): a grid refuses a parameter it does not
    take; left out, a parameter gets the grid's own default.

    Examples
    --------
    >>> from tremaux.web.models import MazeParams
    >>> p = MazeParams(rows=10, cols=12, seed=3)
    >>> p.generator, p.grid, p.braid
    ('backtracker', 'square', 0.5)
    >>> MazeParams(weave=True, generator="kruskal").braid  # a woven grid takes no loops
    0.0
    """

    generator: str = Field("backtracker", max_length=64, description="Generator name or alias.")
    grid: str = Field("square", max_length=32, description="Grid name or alias (GET /api/grids).")
    rows: int = Field(20, ge=LEAST["size"], le=MAX_SIDE, description="Rows of grids laid out in a rectangle.")
    cols: int = Field(20, ge=LEAST["size"], le=MAX_SIDE, description="Columns of grids laid out in a rectangle.")
    levels: int | None = Field(None, ge=1, le=MAX_GRID_CELLS // 4,
                               description="Levels of a square maze (up and down passages between them); left "
                                           "out, one. At most 22,500 cells in all; the plain square grid only.")
    rings: int | None = Field(None, ge=LEAST["rings"], le=MAX_RINGS,
                              description="Rings of the polar grid, the pole included (one ring is the pole alone).")
    shape: str | None = Field(None, max_length=16, description="Outline: rectangle, hexagon (hex), triangle (triangle).")
    radius: int | None = Field(None, ge=LEAST["radius"], le=MAX_SIDE // 2, description="Cells from the centre to an edge "
                                                                         "of a hexagon-shaped hex grid.")
    side: int | None = Field(None, ge=LEAST["side"], le=MAX_SIDE,
                             description="Rows of a triangle-shaped triangle grid (one row is a single cell).")
    wrap: str | None = Field(None, max_length=16, description="Square grid: cylinder, torus or moebius.")
    weave: bool = Field(False, description="Square and hex grids: passages may run under crossings.")
    braid: float = Field(None, ge=0.0, le=1.0, allow_inf_nan=False, validate_default=False,
                         description="Share of dead ends opened into loops; left out, 0.5 (0 on a woven grid, "
                                     "where a new passage could cut a crossing).")
    seed: int | None = Field(None, ge=MIN_SEED, le=MAX_SEED,
                             description="Random seed; drawn when absent, and returned in the answer's params.")

    @model_validator(mode="after")
    def _default_braid(self) -> "MazeParams":
        """A braid share left out: 0.5, or 0 on a woven grid (which takes no loops)."""
        if self.braid is None:
            self.braid = 0.0 if self.weave else 0.5
        return self


class RenderParams(MazeParams):
    """A maze picture: the maze, optionally with a solver's path drawn on it.

    Examples
    --------
    >>> from tremaux.web.models import RenderParams
    >>> RenderParams(rows=5, cols=5).rows
    5
    """

    solver: str | None = Field(None, max_length=64, description="Draw this solver's path.")
    walk: int | None = Field(None, ge=MIN_SEED, le=MAX_SEED,
                             description="Seed of the solver's random choices, as ``seed`` of POST /api/solve "
                                         "(the page's link names it walk); needs ``solver``.")
    cell: int = Field(16, ge=4, le=64, description="Cell size in pixels.")


class MazeResponse(_Schema):
    """A generated maze, ready to draw.

    Examples
    --------
    >>> from tremaux.web.models import MazeResponse
    >>> from tremaux.web.jobs import maze_job
    >>> out = maze_job({"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1})
    >>> MazeResponse.model_validate(out).rows
    4
    """

    params: MazeParams = Field(description="The maze's parameters, seed included; the grid and its parameters "
                                           "only when they are not the plain square grid's defaults.")
    grid: str = Field("square", description="Registry name of the grid.")
    size: int | None = Field(None, description="Cells of a maze on another grid than the plain square one, or "
                                               "with levels.")
    levels: int | None = Field(None, description="Levels of a maze with several (its picture draws them side "
                                                 "by side; cells numbered level by level).")
    rows: int
    cols: int
    cells: list[int] = Field(description="Row-major side bits: N=1, E=2, S=4, W=8 (square grid); on other "
                                         "grids one number per cell, in the grid's order, whose bits are its "
                                         "open sides.")
    start: list[int]
    goal: list[int]
    generation: list[tuple[str, str]] = Field(description="Run statistics of the generator.")
    stats: list[tuple[str, str]] = Field(description="Statistics of the maze.")
    svg: str | None = Field(None, description="The picture, on grids other than the plain square one.")
    start_index: int | None = Field(None, description="Index of the start cell in the grid's cell order.")
    goal_index: int | None = Field(None, description="Index of the goal cell in the grid's cell order.")
    elapsed_ms: float


class SolveRequest(_Model):
    """Solve the maze described by ``maze`` with ``solver``.

    Examples
    --------
    >>> from tremaux.web.models import SolveRequest
    >>> SolveRequest(solver="bfs").maze.rows
    20
    """

    maze: MazeParams = MazeParams()
    solver: str = Field("tremaux", max_length=64, description="Solver name or alias.")
    record: bool = Field(True, description="Send the trace, for the animation.")
    picture: bool = Field(True, description="On grids other than the plain square one, send the answer's picture "
                                            "(``svg``) with the trace and its stage; without a trace it is always "
                                            "sent. The page, which ends a replay on its stage, asks for none.")
    seed: int | None = Field(None, ge=MIN_SEED, le=MAX_SEED,
                             description="Seed of the solver's random choices: Tremaux's traveler walks down one of "
                                         "the unmarked passages at random; absent: the fixed order N, E, S, W.")


class TraceBody(_Schema):
    """The transcript of the run as three parallel arrays of row-major flat indices.

    Examples
    --------
    >>> from tremaux.web.models import TraceBody
    >>> from tremaux.web.jobs import solve_job
    >>> maze = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> trace = TraceBody.model_validate(solve_job({"maze": maze, "solver": "bfs", "record": True})["trace"])
    >>> len(trace.kinds) == len(trace.cells) == len(trace.others)
    True
    """

    kinds: list[int]
    cells: list[int]
    others: list[int]
    names: dict[int, str]
    total: int = Field(description="Events in the full trace.")
    truncated: bool


class SolveResponse(_Schema):
    """A solution, its trace and the statistics of the run.

    Examples
    --------
    >>> from tremaux.web.models import SolveResponse
    >>> from tremaux.web.jobs import solve_job
    >>> maze = {"rows": 4, "cols": 5, "generator": "backtracker", "braid": 0.0, "seed": 1}
    >>> SolveResponse.model_validate(solve_job({"maze": maze, "solver": "bfs", "record": True})).solution["found"]
    True
    """

    params: MazeParams = Field(description="The maze solved, with its seed (drawn when the request had none).")
    solution: dict[str, Any]
    trace: TraceBody | None = Field(description="None when not asked for. On grids other than the plain square "
                                                "one the cells are indices in the grid's cell order.")
    stats: list[tuple[str, str]]
    svg: str | None = Field(None, description="The picture with the path, on grids other than the plain square one "
                                              "(None when ``picture`` was false and the trace is sent).")
    stage: str | None = Field(None, description="On grids other than the plain square one, with the trace: the "
                                                "maze to replay it on, an SVG whose cells are polygon[data-cell] "
                                                "and whose passages are line[data-a][data-b] (from a's centre "
                                                "halfway to b).")
    elapsed_ms: float


class PuzzleBody(_Model):
    """A Number Link grid: 0 for an empty cell, a positive number for an end point.

    Examples
    --------
    >>> from tremaux.web.models import PuzzleBody
    >>> PuzzleBody(rows=2, cols=3, grid=[[1, 0, 1], [2, 0, 2]]).grid[1]
    [2, 0, 2]
    """

    # the examples make the body the API page's "Try it out" sends: a puzzle it solves
    rows: int = Field(ge=NL_MIN_SIDE, le=NL_MAX_SIDE, examples=[2])
    cols: int = Field(ge=NL_MIN_SIDE, le=NL_MAX_SIDE, examples=[3])
    grid: list[list[int]] = Field(description="rows lists of cols numbers (0..999).",
                                  examples=[[[1, 0, 1], [2, 0, 2]]])
    names: dict[str, str] | None = Field(None, max_length=999, description="The puzzle's own label of a number "
                                         "where it is not the number itself, e.g. {\"27\": \"R\"} for a Flow Free "
                                         "colour: shown on the board and written by save.",
                                         examples=[{"1": "A", "2": "B"}])

    @model_validator(mode="after")
    def _grid_matches(self) -> PuzzleBody:
        for k, v in (self.names or {}).items():
            if not (k.isdecimal() and k.isascii() and 1 <= int(k) <= 999) or not re.fullmatch(r"[A-Za-z0-9]{1,3}", v):
                raise ValueError(f"names: {short_name(k)!r}: {short_name(v)!r} is not a number (1..999) and its label "
                                 "(1 to 3 letters or digits)")
        if len(self.grid) != self.rows:
            n = len(self.grid)
            raise ValueError(f"grid has {n} row{'' if n == 1 else 's'}, not {self.rows}")
        for r, row in enumerate(self.grid):
            if len(row) != self.cols:
                raise ValueError(f"grid row {r + 1} has {len(row)} cell{'' if len(row) == 1 else 's'}, not {self.cols}")
            for c, v in enumerate(row):
                if not 0 <= v <= 999:
                    raise ValueError(f"the cell at row {r + 1} column {c + 1} holds {v}; numbers go from 1 to 999 (0 is empty)")
        # two numbers shown alike are one pair to whoever reads the board, and one in the saved text
        shown: dict[str, int] = {}
        for n in sorted({int(k) for k in self.names or {}} | {v for row in self.grid for v in row if v}):
            label = (self.names or {}).get(str(n), str(n))
            other = shown.setdefault(label, n)  # A and a are two pairs (a Flow Free puzzle's letters)
            if other != n:
                raise ValueError(f"names: numbers {other} and {n} are both labelled {label!r}; each pair needs a "
                                 "label of its own")
        return self


class PuzzleSolveRequest(PuzzleBody):
    """Solve a Number Link puzzle; ``second`` also looks for another solution.

    Examples
    --------
    >>> from tremaux.web.models import PuzzleSolveRequest
    >>> PuzzleSolveRequest(rows=2, cols=3, grid=[[1, 0, 1], [2, 0, 2]]).second
    True
    """

    solver: str | None = Field(None, max_length=64, description="Number Link solver (default: the best one).",
                               examples=["fast"])
    second: bool = Field(True, description="Look for a second solution (uniqueness).")


class PuzzleSolveResponse(_Schema):
    """The verdict on a puzzle, its solution(s) as paths of cells.

    Examples
    --------
    >>> from tremaux.web.models import PuzzleSolveResponse
    >>> from tremaux.web.jobs import nl_solve_job
    >>> out = nl_solve_job({"grid": [[1, 0, 1], [2, 0, 2]], "solver": None, "second": True})
    >>> PuzzleSolveResponse.model_validate(out).unique
    True
    """

    status: Literal["solved", "no-solution", "not-filling", "cut-off"]
    message: str
    unique: bool | None = Field(description="None when uniqueness was not decided.")
    paths: dict[str, list[list[int]]] | None = Field(description="number -> cells [r, c] from one end to the other.")
    second: dict[str, list[list[int]]] | None = Field(description="Another solution, when it is not unique.")
    text: str | None = Field(None, description="The solution drawn as text, as ``tremaux numberlink solve --out "
                                               "solution.txt`` draws it (the page's \"save solution\").")
    second_text: str | None = Field(None, description="The other solution drawn as text.")
    stats: list[tuple[str, str]]
    elapsed_ms: float


class PuzzleText(_Model):
    """A puzzle in the text format (for load and save).

    Examples
    --------
    >>> from tremaux.web.models import PuzzleText
    >>> PuzzleText(text="1.1").text
    '1.1'
    """

    text: str = Field(max_length=MAX_TEXT, description="The puzzle in any format the command line reads.",
                      examples=["1.1\n2.2\n"])


class PuzzleRandomParams(_Model):
    """A random puzzle from the generator.

    Examples
    --------
    >>> from tremaux.web.models import PuzzleRandomParams
    >>> PuzzleRandomParams().rows, PuzzleRandomParams().cols
    (8, 8)
    """

    rows: int = Field(8, ge=NL_MIN_SIDE, le=NL_MAX_SIDE)
    cols: int = Field(8, ge=NL_MIN_SIDE, le=NL_MAX_SIDE)
    seed: int | None = Field(None, ge=MIN_SEED, le=MAX_SEED,
                             description="Random seed; drawn when absent, and returned in the answer.")


class PuzzleRandomResponse(_Schema):
    """A generated puzzle with exactly one solution.

    Examples
    --------
    >>> from tremaux.web.models import PuzzleRandomResponse
    >>> from tremaux.web.jobs import nl_random_job
    >>> PuzzleRandomResponse.model_validate(nl_random_job({"rows": 4, "cols": 4, "seed": 1})).rows
    4
    """

    rows: int
    cols: int
    grid: list[list[int]]
    seed: int
    message: str
    elapsed_ms: float
