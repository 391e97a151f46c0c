"""The web server: one page and a small JSON API (FastAPI).

``create_app()`` builds the application; ``tremaux serve`` runs it with
uvicorn. The page (``static/``) draws everything on a canvas and asks the API
for mazes, solutions (with their traces, for the animation) and Number Link
solutions. The API is described by its OpenAPI schema at ``/openapi.json``
and browsable at ``/docs``.

Every request that computes something runs in a worker process under a time
limit (:mod:`tremaux.web.workers`), on the quick or the heavy lane by an
estimate of its work (:mod:`tremaux.web.schedule`); the HTTP-level guards
(body cap, slow-client timeouts) are in :mod:`tremaux.web.guard`, and every
limit in :class:`~tremaux.web.config.ServerConfig`. Requests are validated by
pydantic models (:mod:`tremaux.web.models`, values read strictly: ``5.0`` is
no whole number, ``"yes"`` no switch; query strings by
:mod:`tremaux.web.query`) and by the registries. A client that closes its
connection before its answer is ready has its computation stopped
(:mod:`tremaux.web.connection`). Every
error is a JSON object ``{"error": "<one line>", "kind": "<what>"}`` (said by
:mod:`tremaux.web.messages`): 400 for
a value tremaux refuses (:class:`tremaux.errors.TremauxError`) or a malformed
HTTP request, 404 and 405 for a wrong address or method, 408 when the time
limit cut the work off or a client was too slow to send its request, 413 for
a body over the cap, 431 for headers over theirs (a short HTML page for a browser asking
for a page), 422 for a malformed request (a JSON body nested too
deeply included), 429 when a client already has its share of expensive jobs,
503 (with ``Retry-After``) when a queue is full. A seed left out is drawn,
and returned, by every endpoint. ``/docs`` (Swagger UI) and ``/redoc`` are
served from assets shipped in a package, so they work offline (ReDoc's script
is served without the address of the Redocly logo it would fetch from a CDN,
and under a content security policy that keeps pictures on this server). The server
never reads or writes a file named by a request: a visitor's maze file comes as a request's body
(:mod:`tremaux.web.file_routes`). Answers of 1 KiB or more are gzipped for a client that accepts it.

Examples
--------
>>> from tremaux.web import create_app
>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app(workers=1)) as client:
...     client.get("/api/maze", params={"rows": 500}).json()["error"]
'rows: must be at most 150 (got 500)'
"""

from __future__ import annotations

import base64
import inspect
import secrets
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.middleware.gzip import GZipMiddleware
from fastapi_offline import FastAPIOffline
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..errors import TremauxError
from . import models as m
from .config import ServerConfig
from .connection import ClientGone, while_connected
from .file_routes import MEDIA, add_file_routes
from ._static import GZIP_LEVEL, GZIP_MIN, PageFiles
from .guard import RequestGuard
from .messages import (AnswerJSON, ApiError, body_only, describe, each_once, json_keys_once, kind_of, no_params,
                       one_line, short_name)
from .query import MazeQuery, RenderQuery, TextQuery
from .schedule import ClientLimit, LaneFull, Scheduler
from .workers import JobError, JobTimeout, PoolBusy, refuse_in_a_worker

__all__ = ["create_app", "STATUS"]

STATUS = {
    "ValidationError": 422,
    "BudgetExceededError": 408,
}
"""HTTP status of error kinds other than the default 400 of a TremauxError."""
MAX_DETAIL = 20
"""Problems listed in the ``detail`` of a 422 answer (its ``error`` says the first three and how many more)."""

_STATIC = resources.files("tremaux.web") / "static"


def _entries(registry: Any, *, options: bool = False) -> list[m.AlgorithmInfo]:
    out = []
    for e in registry:
        meta = {k: v for k, v in e.meta.items() if isinstance(v, (bool, int, float, str))}
        # a maze solver's options: the keywords its function takes after the problem (what solve() accepts)
        takes = list(inspect.signature(e.func).parameters)[1:] if options else []
        out.append(m.AlgorithmInfo(name=e.name, aliases=list(e.aliases), doc=e.doc, meta=meta, options=takes))
    return out


_REDOC_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"


@lru_cache(maxsize=1)
def _redoc_script() -> bytes:
    """ReDoc's script as shipped by fastapi-offline, less the address of the logo it fetches from a CDN.

    ReDoc shows that logo in its side menu's credit line and drops it when it does not load: with an empty
    address, the page asks no other server for anything.
    """
    script = (resources.files("fastapi_offline") / "static" / "redoc.standalone.js").read_bytes()
    return script.replace(_REDOC_LOGO, b"")


def create_app(config: ServerConfig | None = None, /, **changes: Any) -> FastAPI:
    """Build the web application.

    Parameters
    ----------
    config : ServerConfig, optional
        Workers, queues, time limits, timeouts and caps (the defaults when absent).
    **changes
        Fields of :class:`~tremaux.web.config.ServerConfig` to change
        (``workers=1, time_limit=30``...).

    Returns
    -------
    fastapi.FastAPI
        The application; its worker processes start with it (lifespan) and
        stop with it.

    Raises
    ------
    TremauxError
        A setting out of range.

    Examples
    --------
    >>> from tremaux.web import create_app
    >>> app = create_app(workers=1, time_limit=5)
    >>> app.state.config.time_limit, app.state.config.heavy_workers
    (5, 1)
    """
    refuse_in_a_worker()
    config = replace(config or ServerConfig(), **changes)
    time_limit = config.time_limit
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        state["sched"] = app.state.scheduler = Scheduler(config)
        try:
            yield
        finally:
            state.pop("sched").close()

    app = FastAPIOffline(
        title="tremaux",
        version=__version__,
        summary="Mazes and Number Link puzzles: generate, solve, animate.",
        description=(
            "The API behind the tremaux web page. Mazes are fully determined by their "
            "generator, size, braid share and seed; a seed left out is drawn and returned, by every "
            "endpoint alike. Cheap requests (mazes, pictures, small solves) and expensive ones (Number "
            "Link searches on boards over 64 cells, big pictures) run on separate workers; an expensive "
            f"job may run {time_limit:g} s, and each client may have {config.per_client} running or "
            "waiting. A full queue is answered at once with 503 and `Retry-After`. Bodies are capped at "
            f"{config.max_body} bytes. Every error is `{{\"error\": ..., \"kind\": ...}}`."
        ),
        lifespan=lifespan,
        redoc_url=None,  # served below, without the logo ReDoc would fetch from a CDN
        default_response_class=AnswerJSON,
        responses={
            400: {"model": m.ErrorBody, "description": "A value tremaux refuses."},
            404: {"model": m.ErrorBody, "description": "No such page."},
            408: {"model": m.ErrorBody, "description": "The time limit cut the work off, or the client was too slow."},
            413: {"model": m.ErrorBody, "description": "The request body is too large."},
            431: {"model": m.ErrorBody, "description": "The request headers are too large."},
            422: {"model": m.ErrorBody, "description": "A malformed request."},
            429: {"model": m.ErrorBody, "description": "This client already has its expensive jobs running."},
            503: {"model": m.ErrorBody, "description": "The queue is full; see `Retry-After`."},
        },
    )
    app.add_middleware(RequestGuard, max_requests=config.max_requests, max_body=config.max_body,
                       body_timeout=config.body_timeout, max_header_bytes=config.max_header_bytes)
    # answers compressed for a client that accepts it (a large maze's solve is megabytes of JSON, a tenth gzipped)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN, compresslevel=GZIP_LEVEL)
    limits = m.Limits(version=__version__, time_limit=time_limit, max_body=config.max_body)

    # ------------------------------------------------------------------ errors
    def shaped(status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> AnswerJSON:
        return AnswerJSON({"error": one_line(message, kind), "kind": kind}, status_code=status, headers=headers)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> AnswerJSON:
        headers = None if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return shaped(exc.status, exc.kind, exc.message, headers)

    @app.exception_handler(TremauxError)
    async def _tremaux_error(request: Request, exc: TremauxError) -> AnswerJSON:
        kind = type(exc).__name__
        return shaped(STATUS.get(kind, 400), kind, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> AnswerJSON:
        if isinstance(exc.__cause__, RecursionError):
            return shaped(422, "ValidationError", "the JSON body is nested too deeply")
        if isinstance(exc.__cause__, UnicodeDecodeError):
            return shaped(422, "ValidationError", f"the request body is not valid JSON: it is not UTF-8 text "
                                                  f"(byte {exc.__cause__.start})")
        if isinstance(exc.__cause__, ValueError) and "digits" in str(exc.__cause__):  # Python's int size limit
            return shaped(422, "ValidationError", "the request body is not valid JSON for this server: "
                                                  "a number in it has thousands of digits")
        if isinstance(exc.__cause__, ValueError):
            return shaped(422, "ValidationError", "the request body could not be read as JSON")
        if exc.status_code == 404:
            message = f"no such page: {request.url.path}"
        elif exc.status_code == 405:
            message = f"method {request.method} is not allowed on {request.url.path}"
        else:
            message = str(exc.detail)
        headers = {k: v for k, v in (exc.headers or {}).items() if k.lower() in ("allow", "retry-after")}
        return shaped(exc.status_code, kind_of(exc.status_code), message.splitlines()[0] if message else "error",
                      headers or None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> AnswerJSON:
        errors = exc.errors()
        # the first problems, their names cut short: a request naming thousands of unknown fields, or one by a
        # long text, gets an answer of a few lines, not one as long as itself
        detail = [{"loc": [short_name(x) if isinstance(x, str) else x for x in e.get("loc", ())],
                   "msg": e.get("msg"), "type": e.get("type")} for e in errors[:MAX_DETAIL]]
        content_type = request.headers.get("content-type", "")
        message = one_line("; ".join(describe(e, content_type) for e in errors[:3]), "invalid request")
        if len(errors) > 3:
            message += f"; and {len(errors) - 3} more problem{'s' if len(errors) > 4 else ''}"
        return AnswerJSON(
            {"error": message, "kind": "ValidationError", "detail": detail}, status_code=422
        )

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> AnswerJSON:
        return shaped(500, "InternalError", f"internal error ({type(exc).__name__}); the server goes on")

    async def run(request: Request, job: str, payload: dict[str, Any]) -> Any:
        client = request.client.host if request.client else "unknown"
        try:
            return await while_connected(request, state["sched"].run(job, payload, client))
        except ClientGone:
            raise ApiError(499, "ClientClosedRequest", "the client went away; its computation was stopped") from None
        except LaneFull as exc:
            raise ApiError(503, "Busy", str(exc), retry_after=exc.retry_after) from None
        except ClientLimit as exc:
            raise ApiError(429, "TooManyJobs", str(exc), retry_after=exc.retry_after) from None
        except JobTimeout as exc:
            raise ApiError(408, "TimeLimit", f"{exc}; try a smaller size or another algorithm") from None
        except PoolBusy:
            raise ApiError(503, "Busy", "the server is busy; try again in a moment", retry_after=1) from None
        except JobError as exc:
            if exc.tremaux:
                raise ApiError(STATUS.get(exc.kind, 400), exc.kind, exc.message) from None
            raise ApiError(500, exc.kind, exc.message) from None

    async def run_json(request: Request, job: str, payload: dict[str, Any]) -> Response:
        return Response(await run(request, job, payload), media_type="application/json")

    def with_seed(params: m.MazeParams) -> dict[str, Any]:
        from .grids import PARAMS as GRID_FIELDS, check_grid, is_given

        data = params.model_dump()
        if data["seed"] is None:
            data["seed"] = secrets.randbelow(2**31)
        grid = check_grid(data)  # the registry validates the grid and its parameters, before any worker is busy
        # echoed back as given: the grid and its parameters only when they are not the plain square's defaults
        data["grid"] = grid.name
        return {k: v for k, v in data.items()
                if not (k in GRID_FIELDS and not is_given(v)) and not (k == "grid" and v == "square")
                and not (k == "levels" and (v or 1) == 1)}  # one level: the plain square maze

    query_once = [Depends(each_once)]  # each parameter given once in a query string
    body_once = [Depends(json_keys_once), Depends(body_only)]  # each field once in a JSON object, none in the address
    none = [Depends(no_params)]  # a request without parameters

    # ------------------------------------------------------------------ page
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)  # HEAD: link checkers, curl -I
    def index() -> FileResponse:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    app.mount("/static", PageFiles(directory=str(_STATIC)), name="static")

    @app.api_route("/redoc", methods=["GET", "HEAD"], include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        page = get_redoc_html(openapi_url=f"{root}{app.openapi_url}", title=app.title + " - ReDoc",
                              redoc_js_url=f"{root}/redoc.standalone.js",
                              redoc_favicon_url=f"{root}/static-offline-docs/favicon.png", with_google_fonts=False)
        # pictures and fonts from this server only, whatever the script asks for
        page.headers["Content-Security-Policy"] = "img-src 'self' data: blob:; font-src 'self' data:"
        return page

    @app.get("/redoc.standalone.js", include_in_schema=False)
    def redoc_script() -> Response:
        return Response(_redoc_script(), media_type="text/javascript", headers={"Cache-Control": "max-age=3600"})

    # ------------------------------------------------------------------ registries
    @app.get("/api/limits", response_model=m.Limits, tags=["registries"], dependencies=none)
    def get_limits() -> m.Limits:
        """What the server accepts: largest sizes, seed, text length and the time limit."""
        return limits

    @app.get("/api/generators", response_model=list[m.AlgorithmInfo], tags=["registries"], dependencies=none)
    def get_generators() -> list[m.AlgorithmInfo]:
        """Every registered maze generator (name, aliases, one line of doc, facts)."""
        from ..generators import GENERATORS

        return _entries(GENERATORS)

    @app.get("/api/solvers", response_model=list[m.AlgorithmInfo], tags=["registries"], dependencies=none)
    def get_solvers() -> list[m.AlgorithmInfo]:
        """Every registered maze solver."""
        from ..solvers import SOLVERS

        return _entries(SOLVERS, options=True)

    @app.get("/api/grids", response_model=list[m.GridInfo], tags=["registries"], dependencies=none)
    def get_grids() -> list[dict[str, Any]]:
        """Every registered grid: its parameters, the accepted shapes and wraps, its generators, whether it animates."""
        from .grids import grid_list

        return grid_list()

    @app.get("/api/palette", tags=["registries"], dependencies=none)
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

    def solver_takes_seed(name: str) -> bool:
        from ..solvers import solver_options

        return "seed" in solver_options(name)

    @app.get("/api/maze", response_model=m.MazeResponse, tags=["mazes"], dependencies=query_once)
    async def get_maze(request: Request, params: Annotated[MazeQuery, Query()]) -> Any:
        """Generate a maze; start and goal are its two most distant cells.

        The same parameters (seed included) always give the same maze; without a
        seed one is drawn and returned in ``params``.
        """
        data = with_seed(params)
        data["generator"] = check_generator(data["generator"])
        return await run_json(request, "maze", data)

    @app.post("/api/solve", dependencies=body_once, response_model=m.SolveResponse, tags=["mazes"])
    async def post_solve(request: Request, body: m.SolveRequest) -> Any:
        """Solve a maze (given by its parameters) and return the path, the trace and run statistics.

        As for ``GET /api/maze``, a maze without a seed gets one drawn; the
        maze's parameters, seed included, come back in ``params``.
        """
        maze = with_seed(body.maze)
        maze["generator"] = check_generator(maze["generator"])
        payload = {
            "maze": maze,
            "solver": check_solver(body.solver),
            "record": body.record,
            "picture": body.picture,
            "seed": body.seed,
            "max_events": m.MAX_TRACE_EVENTS,
        }
        return await run_json(request, "solve", payload)

    add_file_routes(app, run_json, run=run, max_side=m.MAX_SIDE, max_seed=m.MAX_SEED, max_events=m.MAX_TRACE_EVENTS)

    async def picture(request: Request, params: m.RenderParams, fmt: str) -> Response:
        data = with_seed(params)
        data["generator"] = check_generator(data["generator"])
        if data["solver"]:
            data["solver"] = check_solver(data["solver"])
            if data.get("walk") is not None and not solver_takes_seed(data["solver"]):
                # said of walk, the parameter given (the solver's message named its option, seed)
                raise ApiError(400, "UnsupportedError", f"walk: the {data['solver']} solver makes no random choice "
                                                        "(it takes no seed); leave walk out")
        elif data.get("walk") is not None:
            raise ApiError(422, "ValidationError", "walk: the seed of a solver's random choices needs a solver")
        data["format"] = fmt
        body = await run(request, "render", data)
        what = data.get("grid", f"{data['rows']}x{data['cols']}")
        media, ext = MEDIA[fmt]
        name = f"maze-{data['generator']}-{what}-{data['seed']}.{ext}"
        if isinstance(body, str) and fmt == "png":  # pragma: no cover - defensive
            body = base64.b64decode(body)
        return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/maze.txt", tags=["mazes"], response_class=Response, dependencies=query_once,
             responses={200: {"content": {"text/plain": {}, "application/json": {}}}})
    async def get_maze_text(request: Request, params: Annotated[TextQuery, Query()]) -> Response:
        """The maze as text (``format``): ``ascii`` drawing (the solver's path drawn), ``block`` picture, ``json``."""
        return await picture(request, params, params.format)

    @app.get("/api/maze.svg", tags=["mazes"], response_class=Response, dependencies=query_once,
             responses={200: {"content": {"image/svg+xml": {}}}})
    async def get_maze_svg(request: Request, params: Annotated[RenderQuery, Query()]) -> Response:
        """The maze as an SVG picture (with the solver's path when ``solver`` is given)."""
        return await picture(request, params, "svg")

    @app.get("/api/maze.png", tags=["mazes"], response_class=Response, dependencies=query_once,
             responses={200: {"content": {"image/png": {}}}})
    async def get_maze_png(request: Request, params: Annotated[RenderQuery, Query()]) -> Response:
        """The maze as a PNG picture (with the solver's path when ``solver`` is given)."""
        return await picture(request, params, "png")

    # ------------------------------------------------------------------ Number Link
    @app.get("/api/numberlink/solvers", response_model=list[m.AlgorithmInfo], tags=["registries"], dependencies=none)
    def get_nl_solvers() -> list[m.AlgorithmInfo]:
        """Every registered Number Link solver."""
        from ..numberlink import NL_SOLVERS

        return _entries(NL_SOLVERS)

    @app.post("/api/numberlink/solve", dependencies=body_once, response_model=m.PuzzleSolveResponse,
              tags=["numberlink"])
    async def post_nl_solve(request: Request, body: m.PuzzleSolveRequest) -> Any:
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
        payload["solver"] = NL_SOLVERS.get(payload["solver"]).name if payload["solver"] is not None else None
        return await run_json(request, "nl_solve", payload)

    @app.post("/api/numberlink/random", dependencies=body_once, response_model=m.PuzzleRandomResponse,
              tags=["numberlink"])
    async def post_nl_random(request: Request, body: m.PuzzleRandomParams) -> Any:
        """A random puzzle with exactly one solution, from the generator (the same seed, the same puzzle)."""
        payload = body.model_dump()
        if payload["seed"] is None:
            payload["seed"] = secrets.randbelow(2**31)
        return await run_json(request, "nl_random", payload)

    @app.post("/api/numberlink/parse", dependencies=body_once, response_model=m.PuzzleBody, tags=["numberlink"],
              response_model_exclude_none=True)
    async def post_parse(request: Request, body: m.PuzzleText) -> Any:
        """Read a puzzle from text in any format the command line reads: the page's "load" and paste.

        The text is read as a puzzle, never as a file name, in a worker under
        the time limit (a short address can name a large puzzle).
        """
        return await run_json(request, "nl_parse", {"text": body.text, "max_side": m.NL_MAX_SIDE})

    @app.post("/api/numberlink/format", dependencies=body_once, tags=["numberlink"])
    def post_format(body: m.PuzzleBody) -> dict[str, str]:
        """Write a puzzle in the grid text format: the page's "save" (a board being written too, with a note)."""
        from ..numberlink import formats
        from ._board_text import board_text, unpaired
        from .jobs import puzzle_of

        if note := unpaired(body.grid):  # work in progress: saved as it stands, the page's "load" reads it back
            return {"text": board_text(body.grid, body.names),
                    "note": f"saved unfinished: {note}; solving needs each number twice"}
        return {"text": formats.dumps(puzzle_of(body.model_dump(), named=True), "grid")}

    @app.get("/api/status", tags=["registries"], dependencies=none)
    async def get_status() -> dict[str, Any]:
        """The two lanes of workers: size, capacity, jobs running or waiting, current Retry-After."""
        sched = state.get("sched")
        return sched.status() if sched is not None else {"ready": False}

    for route in list(app.routes):  # HEAD answers as GET does, without the body (curl -I, link checkers)
        if getattr(route, "path", None) == "/docs":
            route.methods.add("HEAD")
        elif isinstance(route, APIRoute) and "GET" in route.methods and "HEAD" not in route.methods:
            app.add_api_route(route.path, route.endpoint, methods=["HEAD"], include_in_schema=False,
                              dependencies=route.dependencies, response_model=route.response_model,
                              response_class=route.response_class, name=route.name)  # out of the schema: one GET
    app.state.limits = limits
    app.state.config = config
    return app
