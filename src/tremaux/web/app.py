"""The web server: one page and a small JSON API (FastAPI).

``create_app()`` builds the application; ``tremaux serve`` runs it with
uvicorn. The page (``static/``) draws everything on a canvas and asks the API
for mazes, solutions (with their traces, for the animation) and Number Link
solutions. The API is described by its OpenAPI schema at ``/openapi.json``
and browsable at ``/docs``.

Every request that computes something runs in a worker process under a time
limit (:mod:`tremaux.web.workers`); requests are validated by pydantic models
(:mod:`tremaux.web.models`) and by the registries. Errors are JSON objects
``{"error": "<one line>", "kind": "<what>"}``: 422 for a malformed request,
400 for a value tremaux refuses (:class:`tremaux.errors.TremauxError`), 408
when the time limit cut the work off and 503 when every worker is busy. The
server never reads or writes a file named by a request.

Examples
--------
>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app(workers=1)) as client:
...     client.get("/api/maze", params={"rows": 500}).json()["error"]
'rows: Input should be less than or equal to 150 (got 500)'
"""

from __future__ import annotations

import base64
import secrets
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..errors import TremauxError
from . import models as m
from .workers import JobError, JobTimeout, PoolBusy, WorkerPool

__all__ = ["create_app", "STATUS"]

STATUS = {
    "ValidationError": 422,
    "BudgetExceededError": 408,
}
"""HTTP status of error kinds other than the default 400 of a TremauxError."""

_STATIC = resources.files("tremaux.web") / "static"


class ApiError(Exception):
    """An error answer: status, kind and one-line message."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


def _describe(err: dict[str, Any]) -> str:
    where = tuple(err.get("loc", ()))
    loc = ".".join(str(x) for x in where if x not in ("body", "query"))
    msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    if "input" in err and err.get("type") not in ("missing", "extra_forbidden", "json_invalid"):
        value = err["input"]
        plain = isinstance(value, (int, float)) or (where[:1] == ("query",) and isinstance(value, str))
        text = str(value) if plain else repr(value)
        if len(text) <= 40:
            msg += f" (got {text})"
    return f"{loc}: {msg}" if loc else msg


def _entries(registry: Any) -> list[m.AlgorithmInfo]:
    out = []
    for e in registry:
        meta = {k: v for k, v in e.meta.items() if isinstance(v, (bool, int, float, str))}
        out.append(m.AlgorithmInfo(name=e.name, aliases=list(e.aliases), doc=e.doc, meta=meta))
    return out


def create_app(*, workers: int = 2, time_limit: float = 10.0, busy_wait: float = 20.0) -> FastAPI:
    """Build the web application.

    Parameters
    ----------
    workers : int
        Worker processes that run generations and solves (jobs at once).
    time_limit : float
        Seconds any one computation may run before it is stopped.
    busy_wait : float
        Seconds a request waits for a free worker before a 503 answer.

    Returns
    -------
    fastapi.FastAPI
        The application; its worker processes start with it (lifespan) and
        stop with it.
    """
    if not time_limit > 0:
        raise TremauxError(f"time limit {time_limit!r} must be a positive number of seconds")
    if workers < 1:
        raise TremauxError(f"workers {workers!r} must be at least 1")
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        state["pool"] = WorkerPool(workers)
        try:
            yield
        finally:
            state.pop("pool").close()

    app = FastAPI(
        title="tremaux",
        version=__version__,
        summary="Mazes and Number Link puzzles: generate, solve, animate.",
        description=(
            "The API behind the tremaux web page. Mazes are fully determined by their "
            "generator, size, braid share and seed; every computation runs under a "
            f"time limit of {time_limit:g} s. Errors are `{{\"error\": ..., \"kind\": ...}}`."
        ),
        lifespan=lifespan,
        responses={
            400: {"model": m.ErrorBody, "description": "A value tremaux refuses."},
            408: {"model": m.ErrorBody, "description": "The time limit cut the work off."},
            422: {"model": m.ErrorBody, "description": "A malformed request."},
            503: {"model": m.ErrorBody, "description": "Every worker is busy."},
        },
    )
    limits = m.Limits(version=__version__, time_limit=time_limit)

    # ------------------------------------------------------------------ errors
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message, "kind": exc.kind}, status_code=exc.status)

    @app.exception_handler(TremauxError)
    async def _tremaux_error(request: Request, exc: TremauxError) -> JSONResponse:
        kind = type(exc).__name__
        return JSONResponse({"error": str(exc), "kind": kind}, status_code=STATUS.get(kind, 400))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        detail = [{k: v for k, v in e.items() if k in ("loc", "msg", "type")} for e in errors]
        message = "; ".join(_describe(e) for e in errors[:3]) or "invalid request"
        return JSONResponse(
            {"error": message, "kind": "ValidationError", "detail": detail}, status_code=422
        )

    def run(job: str, payload: dict[str, Any]) -> Any:
        try:
            return state["pool"].run(job, payload, timeout=time_limit, wait=busy_wait)
        except JobTimeout as exc:
            raise ApiError(408, "TimeLimit", f"{exc}; try a smaller size or another algorithm") from None
        except PoolBusy:
            raise ApiError(503, "Busy", "the server is busy; try again in a moment") from None
        except JobError as exc:
            if exc.tremaux:
                raise ApiError(STATUS.get(exc.kind, 400), exc.kind, exc.message) from None
            raise ApiError(500, exc.kind, exc.message) from None

    def with_seed(params: m.MazeParams) -> dict[str, Any]:
        data = params.model_dump()
        if data["seed"] is None:
            data["seed"] = secrets.randbelow(2**31)
        return data

    # ------------------------------------------------------------------ page
    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    app.mount("/static", StaticFiles(directory=str(_STATIC)), name="static")

    # ------------------------------------------------------------------ registries
    @app.get("/api/limits", response_model=m.Limits, tags=["registries"])
    def get_limits() -> m.Limits:
        """What the server accepts: largest sizes, seed, text length and the time limit."""
        return limits

    @app.get("/api/generators", response_model=list[m.AlgorithmInfo], tags=["registries"])
    def get_generators() -> list[m.AlgorithmInfo]:
        """Every registered maze generator (name, aliases, one line of doc, facts)."""
        from ..generators import GENERATORS

        return _entries(GENERATORS)

    @app.get("/api/solvers", response_model=list[m.AlgorithmInfo], tags=["registries"])
    def get_solvers() -> list[m.AlgorithmInfo]:
        """Every registered maze solver."""
        from ..solvers import SOLVERS

        return _entries(SOLVERS)

    @app.get("/api/palette", tags=["registries"])
    def get_palette() -> dict[str, str]:
        """The colours every picture uses (start red, goal green, retraced gray, path yellow...)."""
        from ..render.palette import PALETTE

        return dict(PALETTE)

    # ------------------------------------------------------------------ mazes
    def check_generator(name: str) -> str:
        from ..generators import GENERATORS

        return GENERATORS.get(name).name

    def check_solver(name: str) -> str:
        from ..solvers import SOLVERS

        return SOLVERS.get(name).name

    @app.get("/api/maze", response_model=m.MazeResponse, tags=["mazes"])
    def get_maze(params: Annotated[m.MazeParams, Query()]) -> Any:
        """Generate a maze; start and goal are its two most distant cells.

        The same parameters (seed included) always give the same maze; without a
        seed one is drawn and returned in ``params``.
        """
        data = with_seed(params)
        data["generator"] = check_generator(data["generator"])
        return run("maze", data)

    @app.post("/api/solve", response_model=m.SolveResponse, tags=["mazes"])
    def post_solve(request: m.SolveRequest) -> Any:
        """Solve a maze (given by its parameters) and return the path, the trace and run statistics."""
        maze = request.maze.model_dump()
        if maze["seed"] is None:
            raise ApiError(422, "ValidationError", "maze.seed: a seed is needed to solve a maze")
        maze["generator"] = check_generator(maze["generator"])
        payload = {
            "maze": maze,
            "solver": check_solver(request.solver),
            "record": request.record,
            "seed": request.seed,
            "max_events": m.MAX_TRACE_EVENTS,
        }
        return run("solve", payload)

    def picture(params: m.RenderParams, fmt: str) -> Response:
        data = with_seed(params)
        data["generator"] = check_generator(data["generator"])
        if data["solver"]:
            data["solver"] = check_solver(data["solver"])
        data["format"] = fmt
        body = run("render", data)
        name = f"maze-{data['generator']}-{data['rows']}x{data['cols']}-{data['seed']}.{fmt}"
        media = "image/svg+xml" if fmt == "svg" else "image/png"
        if isinstance(body, str) and fmt == "png":  # pragma: no cover - defensive
            body = base64.b64decode(body)
        return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/maze.svg", tags=["mazes"], response_class=Response,
             responses={200: {"content": {"image/svg+xml": {}}}})
    def get_maze_svg(params: Annotated[m.RenderParams, Query()]) -> Response:
        """The maze as an SVG picture (with the solver's path when ``solver`` is given)."""
        return picture(params, "svg")

    @app.get("/api/maze.png", tags=["mazes"], response_class=Response,
             responses={200: {"content": {"image/png": {}}}})
    def get_maze_png(params: Annotated[m.RenderParams, Query()]) -> Response:
        """The maze as a PNG picture (with the solver's path when ``solver`` is given)."""
        return picture(params, "png")

    # ------------------------------------------------------------------ Number Link
    @app.get("/api/numberlink/solvers", response_model=list[m.AlgorithmInfo], tags=["registries"])
    def get_nl_solvers() -> list[m.AlgorithmInfo]:
        """Every registered Number Link solver."""
        from ..numberlink import NL_SOLVERS

        return _entries(NL_SOLVERS)

    @app.post("/api/numberlink/solve", response_model=m.PuzzleSolveResponse, tags=["numberlink"])
    def post_nl_solve(body: m.PuzzleSolveRequest) -> Any:
        """Solve a puzzle under the fill rule (every cell covered) and judge it.

        ``status`` is ``solved`` (with ``unique`` and, when it is not, a
        ``second`` solution), ``no-solution``, ``not-filling`` (solutions exist
        only if cells stay empty; one such is given) or ``cut-off``. A number
        without its partner is a 400 error naming it.
        """
        from ..numberlink import NL_SOLVERS

        from .jobs import puzzle_of

        payload = body.model_dump()
        puzzle_of(payload)  # an unpaired number is refused here, before any worker is busy
        payload["solver"] = NL_SOLVERS.get(payload["solver"]).name if payload["solver"] else None
        payload["time_limit"] = time_limit
        return run("nl_solve", payload)

    @app.post("/api/numberlink/random", response_model=m.PuzzleRandomResponse, tags=["numberlink"])
    def post_nl_random(body: m.PuzzleRandomParams) -> Any:
        """A random puzzle with exactly one solution, from the generator (the same seed, the same puzzle)."""
        payload = body.model_dump()
        if payload["seed"] is None:
            payload["seed"] = secrets.randbelow(2**31)
        payload["time_limit"] = time_limit
        return run("nl_random", payload)

    @app.post("/api/numberlink/parse", response_model=m.PuzzleBody, tags=["numberlink"])
    def post_parse(body: m.PuzzleText) -> Any:
        """Read a puzzle from text (grid, contest or ``W H`` format): the page's "load".

        The text is read as a puzzle, never as a file name.
        """
        from ..numberlink import formats
        from .jobs import grid_of

        puzzle = formats.loads(body.text, source="puzzle")
        if max(puzzle.shape) > m.NL_MAX_SIDE or min(puzzle.shape) < 2:
            raise ApiError(400, "InvalidSizeError",
                           f"puzzle size {puzzle.height} x {puzzle.width} is outside 2..{m.NL_MAX_SIDE} on a side")
        return grid_of(puzzle)

    @app.post("/api/numberlink/format", tags=["numberlink"])
    def post_format(body: m.PuzzleBody) -> dict[str, str]:
        """Write a puzzle in the grid text format: the page's "save"."""
        from ..numberlink import formats
        from .jobs import puzzle_of

        return {"text": formats.dumps(puzzle_of(body.model_dump()), "grid")}

    app.state.limits = limits
    return app
