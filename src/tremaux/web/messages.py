"""Error answers of the web API: their exception, and one line for each problem a request can have.

Every error is ``{"error": "<one line>", "kind": "<what>"}`` (see
:mod:`tremaux.web.app`). :func:`describe` turns one of pydantic's validation
errors into that line, naming the field, the problem and the value sent;
:func:`each_once` refuses a query string that gives a parameter twice.

Examples
--------
>>> from tremaux.web.messages import describe
>>> describe({"type": "int_type", "loc": ("query", "rows"), "msg": "Input should be a valid integer", "input": "5.0"})
'rows: must be a whole number, such as 20 (got 5.0)'
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

__all__ = ["ApiError", "AnswerJSON", "body_only", "describe", "each_once",
           "json_keys_once", "kind_of", "no_params", "one_line", "short_name"]


class AnswerJSON(JSONResponse):
    """A JSON answer that any text can be put in: a lone surrogate (``"\\ud800"`` in a request) is escaped.

    Python's JSON decoder reads ``"\\ud800"`` as a string UTF-8 cannot encode;
    a message that quotes it would otherwise break the answer itself.

    Examples
    --------
    >>> from tremaux.web.messages import AnswerJSON
    >>> AnswerJSON({"name": "\\ud800"}).body
    b'{"name":"\\\\ud800"}'
    """

    def render(self, content: Any) -> bytes:
        """``content`` as compact UTF-8 JSON, a character UTF-8 cannot hold written as its JSON escape.

        Parameters
        ----------
        content : object
            JSON-ready data.

        Returns
        -------
        bytes
            The body.

        Examples
        --------
        >>> from tremaux.web.messages import AnswerJSON
        >>> AnswerJSON(None).render({"x": "\\udfff"})
        b'{"x":"\\\\udfff"}'
        """
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))
        return text.encode("utf-8", "backslashreplace")


class ApiError(Exception):
    """An error answer: status, kind and one-line message.

    Parameters
    ----------
    status : int
        The HTTP status.
    kind : str
        The kind of problem (``NotFound``, ``Busy``...), the ``kind`` of the JSON answer.
    message : str
        One line saying what is wrong.
    retry_after : int, optional
        Seconds for the ``Retry-After`` header.

    Examples
    --------
    >>> from tremaux.web.messages import ApiError
    >>> err = ApiError(404, "NotFound", "no such maze")
    >>> err.status, err.kind, str(err)
    (404, 'NotFound', 'no such maze')
    """

    def __init__(self, status: int, kind: str, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.retry_after = retry_after


_TYPE_ERRORS = {
    "int_type": "must be a whole number, such as 20",
    "int_parsing": "must be a whole number, such as 20",
    "float_type": "must be a number, such as 0.5",
    "float_parsing": "must be a number, such as 0.5",
    "finite_number": "must be a finite number, such as 0.5",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "model_attributes_type": "must be a JSON object",
    "model_type": "must be a JSON object",
    "dict_type": "must be a JSON object",
    "extra_forbidden": "unknown parameter; this request does not take it",
    "missing": "is required",
    "string_unicode": "must be text in valid Unicode (a lone surrogate such as \\ud800 is not)",
}
"""What a value of the wrong type is told, by pydantic's error type (values are read strictly)."""

_BOUNDS = {
    "greater_than_equal": ("must be at least {}", "ge"),
    "less_than_equal": ("must be at most {}", "le"),
    "greater_than": ("must be more than {}", "gt"),
    "less_than": ("must be less than {}", "lt"),
    "string_too_long": ("must be at most {} characters long", "max_length"),
    "string_too_short": ("must be at least {} characters long", "min_length"),
}
"""What a value out of bounds is told, by pydantic's error type, and the bound it names."""


def describe(err: dict[str, Any], content_type: str = "") -> str:
    """One line for one pydantic error; the whole body's problems (none, not JSON) said plainly.

    Parameters
    ----------
    err : dict
        One of pydantic's errors (``type``, ``loc``, ``msg``, ``input``, ``ctx``).
    content_type : str
        The request's Content-Type (named when a body was not read as JSON).

    Returns
    -------
    str
        ``"<field>: <problem> (got <value>)"``, or what is wrong with the whole body.

    Examples
    --------
    >>> from tremaux.web.messages import describe
    >>> describe({"type": "json_invalid", "loc": ("body", 7), "msg": "JSON decode error",
    ...           "ctx": {"error": "Expecting value"}})
    'the request body is not valid JSON: Expecting value (at character 7)'
    >>> describe({"type": "missing", "loc": ("body",), "msg": "Field required"})
    'the request body is missing; send a JSON object (Content-Type: application/json)'
    >>> describe({"type": "int_type", "loc": ("body", "grid", 1, 2), "msg": "Input should be a valid integer",
    ...           "input": "2"})
    'grid[1][2]: must be a whole number, such as 20 (got "2")'
    >>> describe({"type": "bool_type", "loc": ("query", "weave"), "msg": "Input should be a valid boolean",
    ...           "input": "yes"})
    'weave: must be true or false (got yes)'
    >>> describe({"type": "less_than_equal", "loc": ("query", "rows"), "msg": "Input should be less than or equal "
    ...           "to 150", "input": 500, "ctx": {"le": 150}})
    'rows: must be at most 150 (got 500)'
    >>> describe({"type": "extra_forbidden", "loc": ("query", ""), "msg": "Extra inputs are not permitted"})
    "a parameter without a name ('=value') is not taken"
    """
    where = tuple(err.get("loc", ()))
    kind = err.get("type")
    if where[:1] == ("body",) and kind == "json_invalid":
        why = str((err.get("ctx") or {}).get("error", "")).splitlines()[0] if err.get("ctx") else ""
        why = why.removesuffix(" at")  # "Invalid control character at": the place is said below
        at = f" (at character {where[1]})" if len(where) > 1 and isinstance(where[1], int) else ""
        return f"the request body is not valid JSON{': ' + why if why else ''}{at}"
    if where == ("body",) and kind == "missing":
        return "the request body is missing; send a JSON object (Content-Type: application/json)"
    if where == ("body",) and kind == "model_attributes_type":
        value = err.get("input")
        if isinstance(value, bytes):  # not read as JSON: the content type said otherwise
            sent = content_type.split(";")[0].strip()[:60] or "none"
            return f"the request body must be JSON sent as Content-Type: application/json (the Content-Type was {sent})"
        json_kinds = ((bool, "true or false"), (str, "a string"), (list, "an array"), ((int, float), "a number"))
        what = next((name for t, name in json_kinds if isinstance(value, t)), "null")
        return f"the request body must be a JSON object, not {what}"
    if where == ("body",) and kind == "string_unicode":  # a field's name
        return "the request body holds a name that is not valid Unicode text (a lone surrogate such as \\ud800)"
    if kind == "extra_forbidden" and where[-1:] == ("",):  # "?=5", or {"": 5} in a body
        return "a parameter without a name ('=value') is not taken"
    loc = "".join(f"[{x}]" if isinstance(x, int) else f".{short_name(x)}" for x in where if x not in ("body", "query"))
    loc = loc.removeprefix(".")
    bound = _BOUNDS.get(str(kind))
    ctx = err.get("ctx") or {}
    if bound is not None and bound[1] in ctx:
        msg = bound[0].format(ctx[bound[1]])
    else:
        msg = _TYPE_ERRORS.get(str(kind)) or str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    if "input" in err and err.get("type") not in ("missing", "extra_forbidden", "json_invalid"):
        value = err["input"]
        # a query string's text is shown as it came, unless it has spaces or invisible characters to see
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        shown = where[:1] == ("query",) and isinstance(value, str) and value.isprintable() and value.strip() == value
        plain = number or (shown and value != "")
        text = str(value) if plain else json.dumps(value, ensure_ascii=False, default=repr)  # as JSON says it
        if len(text) <= 40:
            msg += f" (got {text})"
    return f"{loc}: {msg}" if loc else msg


def short_name(name: Any, most: int = 40) -> str:
    """A name a request gave, cut to ``most`` characters (an unknown field may be named by a long text).

    Parameters
    ----------
    name : object
        A field or parameter name.
    most : int
        The most characters kept.

    Returns
    -------
    str
        The name, or its first ``most`` characters and an ellipsis.

    Examples
    --------
    >>> from tremaux.web.messages import short_name
    >>> short_name("rows"), short_name("x" * 50, 5)
    ('rows', 'xxxxx…')
    """
    text = str(name)
    return text if len(text) <= most else text[:most] + "…"


def each_once(request: Request) -> None:
    """Refuse a query string that gives a parameter twice (``rows=5&rows=6``: which one was meant?).

    Parameters
    ----------
    request : fastapi.Request
        The request (a FastAPI dependency of the endpoints that read a query string).

    Raises
    ------
    ApiError
        422 naming the parameter given more than once.

    Examples
    --------
    >>> from tremaux.web.messages import each_once
    >>> from starlette.requests import Request
    >>> each_once(Request({"type": "http", "query_string": b"rows=5&cols=6", "headers": []}))
    >>> each_once(Request({"type": "http", "query_string": b"rows=5&rows=6", "headers": []}))
    Traceback (most recent call last):
    ...
    tremaux.web.messages.ApiError: rows: given 2 times in the query string; give each parameter once
    """
    seen: dict[str, int] = {}
    for key, _ in request.query_params.multi_items():
        seen[key] = seen.get(key, 0) + 1
    twice = [k for k, n in seen.items() if n > 1]
    if twice:
        raise ApiError(422, "ValidationError", f"{twice[0][:40]}: given {seen[twice[0]]} times in the query string; "
                                               "give each parameter once")


class _Twice(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _pairs_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


async def json_keys_once(request: Request) -> None:
    """Refuse a JSON body whose object gives a field twice (``{"rows": 5, "rows": 6}``: which one was meant?).

    A body that is not JSON at all is left to the endpoint's own check, which names its problem.

    Parameters
    ----------
    request : fastapi.Request
        The request (a FastAPI dependency of the endpoints that read a JSON body).

    Raises
    ------
    ApiError
        422 naming the field given twice.

    Examples
    --------
    >>> from tremaux.web.messages import json_keys_once
    >>> import asyncio
    >>> from starlette.requests import Request
    >>> async def check(body):
    ...     async def receive():
    ...         return {"type": "http.request", "body": body, "more_body": False}
    ...     await json_keys_once(Request({"type": "http", "headers": []}, receive))
    >>> asyncio.run(check(b'{"maze": {"rows": 5, "cols": 5}}'))
    >>> asyncio.run(check(b'{"maze": {"rows": 5, "rows": 6}}'))
    Traceback (most recent call last):
    ...
    tremaux.web.messages.ApiError: rows: given twice in one JSON object; give each field once
    """
    body = await request.body()
    if not body:
        return
    try:
        json.loads(body, object_pairs_hook=_pairs_once)
    except _Twice as exc:
        raise ApiError(422, "ValidationError", f"{exc.key[:40]}: given twice in one JSON object; give each field once"
                       ) from None
    except (ValueError, RecursionError):  # not JSON: the endpoint says why
        return


async def body_only(request: Request) -> None:
    """Refuse parameters in the address of a request that reads them from its JSON body.

    ``POST /api/numberlink/random?rows=20`` would otherwise be answered for the
    body's size (8 x 8 by default), the address's ``rows`` silently dropped.

    Parameters
    ----------
    request : fastapi.Request
        The request (a FastAPI dependency of the endpoints that read a JSON body).

    Raises
    ------
    ApiError
        422 naming the first parameter of the address.

    Examples
    --------
    >>> from tremaux.web.messages import body_only
    >>> import asyncio
    >>> from starlette.requests import Request
    >>> asyncio.run(body_only(Request({"type": "http", "headers": [], "query_string": b""})))
    >>> asyncio.run(body_only(Request({"type": "http", "headers": [], "query_string": b"rows=20&cols=20"})))
    Traceback (most recent call last):
    ...
    tremaux.web.messages.ApiError: rows: this request takes its parameters in the JSON body, not in the address
    """
    for key, _ in request.query_params.multi_items():
        name = short_name(key) if key else "a parameter without a name"
        raise ApiError(422, "ValidationError", f"{name}: this request takes its parameters in the JSON body, "
                                               "not in the address")


async def no_params(request: Request) -> None:
    """Refuse parameters in the address of a request that takes none (the registries, the limits).

    ``GET /api/generators?grid=polar`` would otherwise list every generator, as
    if the list had been filtered for the polar grid.

    Parameters
    ----------
    request : fastapi.Request
        The request (a FastAPI dependency of the endpoints without parameters).

    Raises
    ------
    ApiError
        422 naming the first parameter of the address.

    Examples
    --------
    >>> from tremaux.web.messages import no_params
    >>> import asyncio
    >>> from starlette.requests import Request
    >>> asyncio.run(no_params(Request({"type": "http", "headers": [], "query_string": b"grid=polar"})))
    Traceback (most recent call last):
    ...
    tremaux.web.messages.ApiError: grid: unknown parameter; this request takes none
    """
    for key, _ in request.query_params.multi_items():
        name = short_name(key) if key else "a parameter without a name"
        raise ApiError(422, "ValidationError", f"{name}: unknown parameter; this request takes none")


def one_line(message: str, otherwise: str) -> str:
    """The first line of ``message`` with text on it (``otherwise`` when there is none): an answer's ``error``.

    Parameters
    ----------
    message : str
        What went wrong, perhaps over several lines (an exception's text).
    otherwise : str
        What to say when ``message`` says nothing.

    Returns
    -------
    str
        One line, stripped.

    Examples
    --------
    >>> from tremaux.web.messages import one_line
    >>> one_line("\\nbad value\\n  at line 3", "error"), one_line("  ", "error")
    ('bad value', 'error')
    """
    return next((line.strip() for line in str(message).splitlines() if line.strip()), otherwise)


def kind_of(status: int) -> str:
    """``"MethodNotAllowed"`` for 405: the status's phrase in one word.

    Parameters
    ----------
    status : int
        An HTTP status.

    Returns
    -------
    str
        Its phrase in one word (``"Error"`` for a status without one).

    Examples
    --------
    >>> from tremaux.web.messages import kind_of
    >>> kind_of(405), kind_of(499)
    ('MethodNotAllowed', 'Error')
    """
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return "".join(w.capitalize() for w in phrase.replace("-", " ").split())


