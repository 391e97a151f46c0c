"""The endpoints of a visitor's maze file: ``POST /api/maze/file``, ``/api/maze/file/solve`` and ``/picture``.

The body of each is the file's bytes as they are (any Content-Type), under
the server's body cap (413 above it); the jobs are in
:mod:`tremaux.web.maze_files`. The solve takes its solver and the solver's
seed from the address (``?solver=tremaux&seed=3``); the picture (the page's
downloads) also its ``format``, ``png`` or ``svg``.

Examples
--------
>>> from tremaux.web import create_app
>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app(workers=1)) as client:
...     client.post("/api/maze/file", content=b"E.G").json()["cols"]
3
"""

from __future__ import annotations

import base64
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Depends, FastAPI, Request, Response

from .maze_files import FileMazeResponse, FileSolveResponse
from .messages import ApiError, each_once

__all__ = ["add_file_routes"]

_EXAMPLE = "+---+---+---+\n| S     |   |\n+---+   +   +\n|       | G |\n+---+---+---+\n"
_BODY = {"requestBody": {"required": True, "description": "The maze file's bytes: a text drawing, a block picture, "
                                                         "JSON, .npz or a picture (PNG, GIF, BMP, JPEG).",
                         # text first: the API page's "Try it out" fills its box with the example drawing
                         "content": {"text/plain": {"schema": {"type": "string"}, "example": _EXAMPLE},
                                     "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}
_WHOLE = re.compile(r"[0-9]{1,18}")
MEDIA = {"png": ("image/png", "png"), "svg": ("image/svg+xml", "svg"), "ascii": ("text/plain; charset=utf-8", "txt"),
         "block": ("text/plain; charset=utf-8", "txt"), "json": ("application/json", "json")}
"""The downloads of a maze: pictures, the text drawing (with the run's path), the block picture, the JSON file."""


def _solve_options(request: Request, max_seed: int,
                   takes: tuple[str, ...] = ("solver", "seed")) -> tuple[str, int | None]:
    """The solver and its seed from the address of a file's solve; 422 naming anything else or a bad value."""
    params = request.query_params
    extra = [k for k in params if k not in takes]
    if extra:
        raise ApiError(422, "ValidationError", f"{extra[0][:40]}: not a parameter of this request "
                                               f"(it takes {', '.join(takes[:-1])} and {takes[-1]})")
    solver = params.get("solver", "tremaux")
    text = params.get("seed")
    if text is None or text == "":
        return solver, None
    if not _WHOLE.fullmatch(text.strip()) or int(text) > max_seed:
        raise ApiError(422, "ValidationError", f"seed: must be a whole number from 0 to {max_seed} "
                                               f"(got {text[:30]!r})")
    return solver, int(text)


def add_file_routes(app: FastAPI, run_json: Callable[[Request, str, dict[str, Any]], Awaitable[Response]], *,
                    run: Callable[[Request, str, dict[str, Any]], Awaitable[Any]],
                    max_side: int, max_seed: int, max_events: int) -> None:
    """Add the three endpoints of a visitor's maze file to ``app``.

    Parameters
    ----------
    app : fastapi.FastAPI
        The application.
    run_json : callable
        ``run_json(request, job, payload)``: the job's JSON answer, run on the scheduler's lanes.
    run : callable
        ``run(request, job, payload)``: the job's answer as it is (a picture's bytes or text).
    max_side : int
        The most rows and columns of a maze read.
    max_seed : int
        The largest seed of a solver's random choice.
    max_events : int
        Trace events sent at most.

    Raises
    ------
    ApiError
        From the endpoints, when asked: 422 for a parameter they do not take or a bad seed, 400 for a seed
        given to a solver that takes none.

    Examples
    --------
    >>> from tremaux.web import create_app
    >>> "/api/maze/file/solve" in {r.path for r in create_app(workers=1).routes}
    True
    """
    from ..solvers import SOLVERS, solver_options

    @app.post("/api/maze/file", response_model=FileMazeResponse, tags=["mazes"], openapi_extra=_BODY,
              dependencies=[Depends(each_once)])
    async def post_maze_file(request: Request) -> Any:
        """Read a maze from a file's bytes (any format ``tremaux`` reads): the page's "open" and paste.

        The maze is read, never kept: solving it is asking ``/api/maze/file/solve`` with the same bytes.
        """
        if request.query_params:
            raise ApiError(422, "ValidationError", "this request takes no parameters in its address")
        data = await request.body()
        return await run_json(request, "maze_file", {"data": data, "max_side": max_side})

    query = {"parameters": [
        {"name": "solver", "in": "query", "required": False, "description": "A maze solver's name.",
         "schema": {"type": "string", "default": "tremaux"}},
        {"name": "seed", "in": "query", "required": False,
         "description": "The random choice of a solver that takes one (tremaux's traveler).",
         "schema": {"type": "integer", "minimum": 0, "maximum": max_seed}}]}

    @app.post("/api/maze/file/solve", response_model=FileSolveResponse, tags=["mazes"],
              openapi_extra={**_BODY, **query},
              dependencies=[Depends(each_once)])
    async def post_maze_file_solve(request: Request) -> Any:
        """Solve the maze of a file's bytes with ``?solver=`` (tremaux by default) and return path and trace.

        ``?seed=`` is the random choice of a solver that takes one (tremaux's traveler).
        """
        name, seed = _solve_options(request, max_seed)
        solver = SOLVERS.get(name).name
        if seed is not None and "seed" not in solver_options(solver):
            raise ApiError(400, "UnsupportedError", f"seed: the {solver} solver makes no random choice "
                                                    "(it takes no seed); leave seed out")
        data = await request.body()
        payload = {"data": data, "max_side": max_side, "solver": solver, "seed": seed, "max_events": max_events}
        return await run_json(request, "maze_file_solve", payload)

    picture_query = {"parameters": [
        {"name": "format", "in": "query", "required": False, "description": "The picture's format.",
         "schema": {"type": "string", "enum": list(MEDIA), "default": "png"}},
        {"name": "solver", "in": "query", "required": False,
         "description": "A maze solver's name: its path is drawn. None: the maze alone.",
         "schema": {"type": "string"}},
        query["parameters"][1]]}

    @app.post("/api/maze/file/picture", tags=["mazes"], response_class=Response,
              openapi_extra={**_BODY, **picture_query}, dependencies=[Depends(each_once)],
              responses={200: {"content": {"image/png": {}, "image/svg+xml": {}}}})
    async def post_maze_file_picture(request: Request) -> Response:
        """The maze of a file's bytes as a PNG or SVG picture (``?format=``), with ``?solver=``'s path when given.

        The page's downloads of a maze opened from a file: the same picture as ``/api/maze.png`` draws; or as
        text: ``ascii`` (the drawing, with the solver's path), ``block`` or ``json`` (a maze on another grid:
        ``json`` only, the file ``tremaux generate`` writes).
        """
        fmt = request.query_params.get("format", "png")
        if fmt not in MEDIA:
            raise ApiError(422, "ValidationError", f"format: png or svg, or as text ascii, block or json "
                                                   f"(got {fmt[:30]!r})")
        name, seed = _solve_options(request, max_seed, ("format", "solver", "seed"))
        solver = SOLVERS.get(name).name if request.query_params.get("solver") else None
        if seed is not None and solver is None:
            raise ApiError(422, "ValidationError", "seed: the seed of a solver's random choice needs a solver")
        if seed is not None and "seed" not in solver_options(solver):
            raise ApiError(400, "UnsupportedError", f"seed: the {solver} solver makes no random choice "
                                                    "(it takes no seed); leave seed out")
        data = await request.body()
        payload = {"data": data, "max_side": max_side, "format": fmt, "solver": solver, "seed": seed}
        body = await run(request, "maze_file_render", payload)
        if isinstance(body, str) and fmt == "png":  # pragma: no cover - defensive
            body = base64.b64decode(body)
        media, ext = MEDIA[fmt]
        return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="maze.{ext}"'})
