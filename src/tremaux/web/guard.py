"""HTTP-level guards: request and body caps, slow-client timeouts, and errors in the one shape.

Two pieces, both configured by :class:`~tremaux.web.config.ServerConfig`:

* :class:`RequestGuard`, an ASGI middleware: at most ``max_requests``
  requests at once (more: 503 with ``Retry-After``), request line and headers
  of at most ``max_header_bytes`` (431; a short HTML page when a browser asks
  for a page with ``Accept: text/html``), a body of at most
  ``max_body`` bytes (a larger ``Content-Length`` gets 413 before a byte of
  the body is read; a chunked body is counted while it is read), and the whole
  body within ``body_timeout`` seconds (408). The body is read here, under
  those limits, and handed to the application whole.
* :class:`GuardedH11Protocol`, uvicorn's h11 protocol with a header timeout:
  a client that has not sent a complete request line and headers within
  ``header_timeout`` seconds of the connection opening (or of the previous
  answer) is answered 408 and disconnected; uvicorn's own malformed-request
  400 is given in the error shape too.

:func:`uvicorn_config` puts them together with uvicorn's own limits
(``timeout_keep_alive``, ``limit_concurrency`` as a backstop, h11's header
size). Every answer here is ``{"error": ..., "kind": ...}`` and closes the
connection when the request was not read to its end.

Examples
--------
>>> from tremaux.web.guard import error_body
>>> error_body("the request body is larger than 10 bytes", "BodyTooLarge")
b'{"error":"the request body is larger than 10 bytes","kind":"BodyTooLarge"}'
"""

from __future__ import annotations

import asyncio
import html
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .config import ServerConfig

__all__ = ["error_body", "RequestGuard", "GuardedH11Protocol", "uvicorn_config"]

Scope = dict[str, Any]


def error_body(message: str, kind: str) -> bytes:
    """The JSON bytes of an error answer: ``{"error": message, "kind": kind}``.

    Parameters
    ----------
    message : str
        One line saying what is wrong.
    kind : str
        The kind of problem.

    Returns
    -------
    bytes
        Compact JSON.

    Examples
    --------
    >>> from tremaux.web.guard import error_body
    >>> import json
    >>> json.loads(error_body("no such page", "NotFound"))
    {'error': 'no such page', 'kind': 'NotFound'}
    """
    return json.dumps({"error": message, "kind": kind}, separators=(",", ":")).encode()


def _wants_html(scope: Scope) -> bool:
    # a browser asks for the page with ``Accept: text/html``; an API client (JSON or */*) gets the JSON shape
    if (scope.get("path") or "").startswith("/api/"):
        return False
    accept = b",".join(v for k, v in scope.get("headers") or () if k.lower() == b"accept")
    return b"text/html" in accept.lower()


def _page_wanted(data: bytes) -> bool:
    # the start of a request cut off by the header cap: a GET of a page address (not /api/) whose Accept,
    # when it came before the cut, asks for text/html
    line, _, rest = data.partition(b"\r\n")
    parts = line.split(b" ")
    if len(parts) < 2 or parts[0] not in (b"GET", b"HEAD") or not parts[1].startswith(b"/"):
        return False
    if parts[1].startswith(b"/api/"):
        return False
    accept = [h for h in rest.split(b"\r\n") if h.lower().startswith(b"accept:")]
    return not accept or any(b"text/html" in h.lower() for h in accept)


def _html_body(status: int, message: str) -> bytes:
    text = html.escape(message)
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>tremaux: error {status}</title></head><body style=\"font-family: system-ui, sans-serif\">"
            f"<h1>Error {status}</h1><p>{text}.</p><p><a href=\"/\">Open the page with its defaults</a></p>"
            f"</body></html>").encode()


async def _answer(send: Any, status: int, message: str, kind: str, *, close: bool,
                  retry_after: int | None = None, as_html: bool = False) -> None:
    body = _html_body(status, message) if as_html else error_body(message, kind)
    kind_of = b"text/html; charset=utf-8" if as_html else b"application/json"
    headers = [(b"content-type", kind_of), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _Refused(Exception):
    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message


class RequestGuard:
    """ASGI middleware: a cap on requests at once, on body size and on the time to send a body.

    Parameters
    ----------
    app : ASGI application
        The application it guards.
    max_requests : int
        Requests handled at once; one more gets 503 with ``Retry-After: 1``.
    max_body : int
        Largest body in bytes (413 beyond, before reading when the length is announced).
    body_timeout : float
        Seconds from the end of the headers to the end of the body (408 beyond).
    max_header_bytes : int
        Largest request line and headers, in bytes (431 beyond; h11 itself
        only limits headers that arrive in pieces).

    Examples
    --------
    >>> from tremaux.web.guard import RequestGuard
    >>> import asyncio, httpx
    >>> async def hello(scope, receive, send):
    ...     await send({"type": "http.response.start", "status": 200, "headers": []})
    ...     await send({"type": "http.response.body", "body": b"hello"})
    >>> guard = RequestGuard(hello, max_requests=8, max_body=10, body_timeout=5)
    >>> async def post(body):
    ...     async with httpx.AsyncClient(transport=httpx.ASGITransport(app=guard), base_url="http://t") as c:
    ...         return (await c.post("/", content=body)).status_code
    >>> asyncio.run(post(b"short")), asyncio.run(post(b"far too long"))
    (200, 413)
    """

    def __init__(self, app: Any, *, max_requests: int, max_body: int, body_timeout: float,
                 max_header_bytes: int = 16 * 1024) -> None:
        self.app = app
        self.max_header_bytes = max_header_bytes
        self.max_requests = max_requests
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.active = 0

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.active >= self.max_requests:
            await _answer(send, 503, f"the server is handling {self.max_requests} requests; try again in a moment",
                          "Busy", close=True, retry_after=1)
            return
        self.active += 1
        try:
            size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
            size += sum(len(k) + len(v) + 4 for k, v in scope.get("headers") or ())
            if size > self.max_header_bytes:
                await _answer(send, 431, f"the request line and headers ({size} bytes) are larger than the "
                                         f"{self.max_header_bytes} bytes this server accepts",
                              "HeadersTooLarge", close=True, as_html=_wants_html(scope))
                return
            try:
                body = await self._read_body(scope, receive)
            except _Refused as exc:
                await _answer(send, exc.status, exc.message, exc.kind, close=True)
                return
            if body is None:  # the client went away
                return
            await self.app(scope, _replay(body, receive), send)
        finally:
            self.active -= 1

    async def _read_body(self, scope: Scope, receive: Any) -> bytes | None:
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length")
        if length is not None:
            text = length.decode("latin-1").strip()
            if not text.isdigit():
                raise _Refused(400, "BadRequest", f"Content-Length {text[:40]!r} is not a number of bytes")
            if len(text) > 15 or int(text) > self.max_body:
                raise _Refused(413, "BodyTooLarge", f"the request body of {text[:20]} bytes is larger than the "
                                                    f"{self.max_body} bytes this server accepts")
            if int(text) == 0:
                return b""
        elif b"transfer-encoding" not in headers:
            return b""
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.body_timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return None
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.max_body:
                        raise _Refused(413, "BodyTooLarge",
                                       f"the request body is larger than the {self.max_body} bytes this server accepts")
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        return b"".join(chunks)
        except TimeoutError:
            raise _Refused(408, "RequestTimeout", f"the request body did not arrive within {self.body_timeout:g} s "
                                                  f"({size} bytes came)") from None


def _replay(body: bytes, receive: Any) -> Any:
    sent = False

    async def replay() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a header timeout and the JSON error shape for malformed requests.

    The timeout runs from the moment the server waits for a request (the
    connection opened, or the previous answer was sent) to the end of that
    request's headers; data trickling in does not reset it. ``header_timeout``
    is read from the uvicorn config (set by :func:`uvicorn_config`).

    Parameters
    ----------
    config : uvicorn.Config
        The server's configuration, from :func:`uvicorn_config`.
    *args, **kwargs
        The rest of uvicorn's ``H11Protocol`` arguments (server state, app state).

    Examples
    --------
    >>> from tremaux.web import ServerConfig
    >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
    >>> cfg = uvicorn_config(None, "127.0.0.1", 0, ServerConfig(header_timeout=3))
    >>> cfg.http is GuardedH11Protocol, cfg.tremaux_header_timeout
    (True, 3)
    """

    def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self._header_timeout = float(getattr(config, "tremaux_header_timeout", 10.0))
        self._header_task: asyncio.TimerHandle | None = None

    def _arm_header_timer(self) -> None:
        self._cancel_header_timer()
        self._header_task = self.loop.call_later(self._header_timeout, self._header_timed_out)

    def _cancel_header_timer(self) -> None:
        if self._header_task is not None:
            self._header_task.cancel()
            self._header_task = None

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        """Take a new connection and start the header timer.

        Parameters
        ----------
        transport : asyncio.Transport
            The connection; the header timer starts.

        Examples
        --------
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
        >>> import asyncio
        >>> from unittest import mock
        >>> from uvicorn.server import ServerState
        >>> async def exchange(data):
        ...     async def app(scope, receive, send): pass
        ...     cfg = uvicorn_config(app, "127.0.0.1", 0, ServerConfig(header_timeout=3))
        ...     cfg.load()
        ...     protocol = GuardedH11Protocol(cfg, ServerState(), {})
        ...     transport = mock.Mock(**{"is_closing.return_value": False, "get_extra_info.return_value": None})
        ...     protocol.connection_made(transport)
        ...     protocol.data_received(data)
        ...     protocol.connection_lost(None)
        ...     return b"".join(c.args[0] for c in transport.write.call_args_list)
        >>> answer = asyncio.run(exchange(b"NOT HTTP" + bytes([13, 10, 13, 10])))
        >>> answer.split(bytes([13, 10]))[0]
        b'HTTP/1.1 400 Bad Request'
        """
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the header timer and let uvicorn close the connection.

        Parameters
        ----------
        exc : Exception or None
            Why the connection closed; the header timer stops.

        Examples
        --------
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
        >>> import asyncio
        >>> from unittest import mock
        >>> from uvicorn.server import ServerState
        >>> async def exchange(data):
        ...     async def app(scope, receive, send): pass
        ...     cfg = uvicorn_config(app, "127.0.0.1", 0, ServerConfig(header_timeout=3))
        ...     cfg.load()
        ...     protocol = GuardedH11Protocol(cfg, ServerState(), {})
        ...     transport = mock.Mock(**{"is_closing.return_value": False, "get_extra_info.return_value": None})
        ...     protocol.connection_made(transport)
        ...     protocol.data_received(data)
        ...     protocol.connection_lost(None)
        ...     return b"".join(c.args[0] for c in transport.write.call_args_list)
        >>> answer = asyncio.run(exchange(b"NOT HTTP" + bytes([13, 10, 13, 10])))
        >>> answer.split(bytes([13, 10]))[0]
        b'HTTP/1.1 400 Bad Request'
        """
        self._cancel_header_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Feed bytes to uvicorn's parser; stop the header timer once a request's headers are in.

        Parameters
        ----------
        data : bytes
            Bytes from the client; the header timer stops once a request's headers are complete.

        Examples
        --------
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
        >>> import asyncio
        >>> from unittest import mock
        >>> from uvicorn.server import ServerState
        >>> async def exchange(data):
        ...     async def app(scope, receive, send): pass
        ...     cfg = uvicorn_config(app, "127.0.0.1", 0, ServerConfig(header_timeout=3))
        ...     cfg.load()
        ...     protocol = GuardedH11Protocol(cfg, ServerState(), {})
        ...     transport = mock.Mock(**{"is_closing.return_value": False, "get_extra_info.return_value": None})
        ...     protocol.connection_made(transport)
        ...     protocol.data_received(data)
        ...     protocol.connection_lost(None)
        ...     return b"".join(c.args[0] for c in transport.write.call_args_list)
        >>> answer = asyncio.run(exchange(b"NOT HTTP" + bytes([13, 10, 13, 10])))
        >>> answer.split(bytes([13, 10]))[0]
        b'HTTP/1.1 400 Bad Request'
        """
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request's headers are complete
            self._cancel_header_timer()

    def on_response_complete(self) -> None:
        """After an answer, start the header timer again for the next request on the connection.

        Examples
        --------
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
        >>> GuardedH11Protocol.on_response_complete.__name__
        'on_response_complete'
        >>> cfg = uvicorn_config(None, "127.0.0.1", 0, ServerConfig(header_timeout=3))
        >>> cfg.tremaux_header_timeout
        3
        """
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm_header_timer()

    def _header_timed_out(self) -> None:
        self._header_task = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if self.conn.our_state is h11.IDLE and self.conn.trailing_data[0]:
            self._send_error(408, f"the request headers did not arrive within {self._header_timeout:g} s",
                             "RequestTimeout")
        else:
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Answer a malformed request with a 400 in the JSON error shape.

        Parameters
        ----------
        msg : str
            uvicorn's message (replaced by one that names the likely cause).

        Examples
        --------
        >>> from tremaux.web import ServerConfig
        >>> from tremaux.web.guard import GuardedH11Protocol, uvicorn_config
        >>> import asyncio
        >>> from unittest import mock
        >>> from uvicorn.server import ServerState
        >>> async def exchange(data):
        ...     async def app(scope, receive, send): pass
        ...     cfg = uvicorn_config(app, "127.0.0.1", 0, ServerConfig(header_timeout=3))
        ...     cfg.load()
        ...     protocol = GuardedH11Protocol(cfg, ServerState(), {})
        ...     transport = mock.Mock(**{"is_closing.return_value": False, "get_extra_info.return_value": None})
        ...     protocol.connection_made(transport)
        ...     protocol.data_received(data)
        ...     protocol.connection_lost(None)
        ...     return b"".join(c.args[0] for c in transport.write.call_args_list)
        >>> answer = asyncio.run(exchange(b"NOT HTTP" + bytes([13, 10, 13, 10])))
        >>> answer.split(bytes([13, 10, 13, 10]))[1]
        b'{"error":"malformed HTTP request (or headers larger than the server accepts)","kind":"BadRequest"}'
        """
        data, cap = self.conn.trailing_data[0], self.config.h11_max_incomplete_event_size
        if len(data) > cap:  # headers still coming when the cap was passed: they are too large, not malformed
            self._send_error(431, f"the request line and headers are larger than the {cap} bytes this server "
                                  "accepts", "HeadersTooLarge", as_html=_page_wanted(data))
            return
        self._send_error(400, "malformed HTTP request (or headers larger than the server accepts)", "BadRequest")

    def _send_error(self, status: int, message: str, kind: str, *, as_html: bool = False) -> None:
        body = _html_body(status, message) if as_html else error_body(message, kind)
        kind_of = b"text/html; charset=utf-8" if as_html else b"application/json"
        headers = [(b"content-type", kind_of), (b"connection", b"close"),
                   (b"content-length", str(len(body)).encode())]
        try:
            out = self.conn.send(h11.Response(status_code=status, headers=headers,
                                              reason=_reason(status)))
            out += self.conn.send(h11.Data(data=body))
            out += self.conn.send(h11.EndOfMessage())
            self.transport.write(out)
        except h11.LocalProtocolError:  # pragma: no cover - the connection is already in error
            pass
        self.transport.close()


def _reason(status: int) -> bytes:
    """The reason phrase of ``status`` (``b"Request Timeout"`` for 408)."""
    from http import HTTPStatus

    return HTTPStatus(status).phrase.encode()


def uvicorn_config(app: Any, host: str, port: int, config: ServerConfig, **extra: Any) -> Any:
    """A :class:`uvicorn.Config` for ``app`` with every guard of ``config``.

    Parameters
    ----------
    app : ASGI application
        Usually :func:`tremaux.web.create_app` built with the same ``config``.
    host, port : str, int
        Address to listen on.
    config : ServerConfig
        Timeouts and limits.
    **extra
        Further :class:`uvicorn.Config` arguments (``log_level``...).

    Returns
    -------
    uvicorn.Config
        With :class:`GuardedH11Protocol`, the keep-alive timeout, a backstop
        on concurrent connections and h11's header size limit.

    Examples
    --------
    >>> from tremaux.web import ServerConfig
    >>> from tremaux.web.guard import uvicorn_config
    >>> cfg = uvicorn_config(None, "127.0.0.1", 8000, ServerConfig())
    >>> cfg.timeout_keep_alive, cfg.limit_concurrency, cfg.h11_max_incomplete_event_size
    (5, 512, 16384)
    """
    import uvicorn

    settings: dict[str, Any] = {"log_level": "warning", **extra}
    cfg = uvicorn.Config(
        app, host=host, port=port, http=GuardedH11Protocol, ws="none", lifespan="on",
        timeout_keep_alive=config.keep_alive,
        # a backstop: RequestGuard answers 503 in the error shape well before this
        limit_concurrency=4 * config.max_requests,
        h11_max_incomplete_event_size=config.max_header_bytes,
        **settings,
    )
    cfg.tremaux_header_timeout = config.header_timeout  # type: ignore[attr-defined]
    return cfg
