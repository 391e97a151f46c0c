"""The web server under pressure: lanes, queues, slow clients, caps, and errors in one shape.

A real uvicorn server runs in a thread on a loopback port (slow-client
timeouts live in the HTTP protocol, below what TestClient reaches). Lanes are
filled with the ``sleep`` job, so no test depends on how fast a solver is.
Timings are only bounded generously (seconds, where a stalled server would
take many more).
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from tremaux.errors import TremauxError
from tremaux.web import ServerConfig, create_app
from tremaux.web.guard import uvicorn_config
from tremaux.web.schedule import QUICK_MS, ClientLimit, Lane, LaneFull, Scheduler, estimate
from tremaux.web.workers import WorkerPool

# a legal Number Link request that the estimate sends to the heavy lane (30 x 30, two pairs)
BIG = [[0] * 30 for _ in range(30)]
BIG[0][0] = BIG[29][29] = 1
BIG[0][29] = BIG[29][0] = 2
HEAVY_BODY = {"rows": 30, "cols": 30, "grid": BIG}


class LiveServer:
    """``create_app(config)`` served by uvicorn (with every guard) in a background thread."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.app = create_app(config)
        self.server = uvicorn.Server(uvicorn_config(self.app, "127.0.0.1", 0, config))
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self.server.serve()

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # the first answer waits for warm workers (numba's cache)
        res = httpx.get(self.url + "/api/maze", params={"rows": 4, "cols": 4, "seed": 1}, timeout=300)
        assert res.status_code == 200, res.text
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(60)

    def occupy(self, lane: str, clients: list[str], seconds: float) -> list:
        """Start one ``sleep`` job per client on ``lane``; return when all are admitted."""
        target: Lane = getattr(self.app.state.scheduler, lane)
        before = target.active
        job = {"seconds": seconds}
        futures = [asyncio.run_coroutine_threadsafe(target.run("sleep", job, c), self.loop)
                   for c in clients]
        deadline = time.monotonic() + 10
        while target.active < before + len(clients):
            assert time.monotonic() < deadline, "the sleep jobs were not admitted"
            time.sleep(0.01)
        return futures


@pytest.fixture(scope="module")
def live():
    config = ServerConfig(workers=1, heavy_workers=1, heavy_queue=1, per_client=1, time_limit=30,
                          header_timeout=1.0, body_timeout=1.0, keep_alive=1, max_body=64 * 1024)
    with LiveServer(config) as srv:
        yield srv


def shape(res: httpx.Response, status: int) -> dict:
    assert res.status_code == status, res.text
    assert res.headers["content-type"].startswith("application/json")
    body = res.json()
    assert set(body) >= {"error", "kind"} and "detail" not in body or body["kind"] == "ValidationError"
    assert body["error"] and "\n" not in body["error"]
    return body


def raw_exchange(port: int, chunks: list[bytes], *, pause: float, limit: float) -> tuple[bytes, float]:
    """Send ``chunks`` with ``pause`` between them; return what the server answered and when it closed."""
    t0 = time.monotonic()
    out = b""
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as sock:
        sock.settimeout(0.05)
        for chunk in chunks:
            try:
                sock.sendall(chunk)
            except OSError:  # the server closed the connection
                break
            end = time.monotonic() + pause
            while time.monotonic() < end:
                try:
                    data = sock.recv(65536)
                except TimeoutError:
                    continue
                if not data:
                    return out, time.monotonic() - t0
                out += data
        sock.settimeout(max(0.1, limit - (time.monotonic() - t0)))
        try:
            while data := sock.recv(65536):
                out += data
        except (TimeoutError, OSError):
            pass
    return out, time.monotonic() - t0


def json_of(raw: bytes) -> tuple[int, dict]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    return status, json.loads(body)


# ---------------------------------------------------------------------- the estimate
def test_estimate_sends_searches_and_big_work_to_the_heavy_lane():
    assert estimate("maze", {"rows": 20, "cols": 20, "braid": 0.5}) < QUICK_MS
    assert estimate("maze", {"rows": 150, "cols": 150, "braid": 0.5}) < QUICK_MS  # no exact diameter there
    assert estimate("maze", {"rows": 50, "cols": 50, "braid": 0.5}) > QUICK_MS  # 2500 searches
    assert estimate("maze", {"rows": 50, "cols": 50, "braid": 0.0}) < QUICK_MS  # perfect: two sweeps
    assert estimate("render", {"rows": 150, "cols": 150, "braid": 0.0, "cell": 64}) > QUICK_MS
    assert estimate("render", {"rows": 20, "cols": 20, "braid": 0.0, "cell": 16}) < QUICK_MS
    assert estimate("nl_solve", {"grid": [[0] * 8] * 8}) < QUICK_MS < estimate("nl_solve", HEAVY_BODY)
    assert estimate("nl_random", {"rows": 8, "cols": 8}) < QUICK_MS < estimate("nl_random", {"rows": 9, "cols": 9})


def test_server_settings_are_checked():
    with pytest.raises(TremauxError, match="per_client"):
        ServerConfig(per_client=0)
    with pytest.raises(TremauxError, match="time_limit"):
        create_app(time_limit=0)
    assert ServerConfig(heavy_queue=0).heavy_queue == 0
    for name in ("time_limit", "quick_limit", "body_timeout"):  # an infinite limit is no limit
        with pytest.raises(TremauxError, match=f"{name}=inf must be a positive, finite number"):
            ServerConfig(**{name: float("inf")})


def test_tremaux_serve_refuses_what_it_cannot_do_in_one_line(capsys):
    import socket

    from cli_helpers import run

    with socket.socket() as taken:  # an address in use
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port))
        assert code == 2 and out == "" and err == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    code, out, err = run(capsys, "serve", "--host", "no-such-host.invalid")
    assert code == 2 and out == "" and err.startswith("error: cannot listen on no-such-host.invalid:8000: ")
    assert err.count("\n") == 1
    code, out, err = run(capsys, "serve", "--time-limit", "inf")
    assert code == 2 and out == "" and "time_limit=inf" in err and err.count("\n") == 1


def test_a_quick_job_that_outruns_its_limit_moves_to_the_heavy_lane():
    config = ServerConfig(workers=1, heavy_workers=1, quick_limit=0.3, time_limit=30)
    sched = Scheduler(config, warm=False)
    try:
        # estimated at 10 ms (quick), it takes 1 s: stopped on the quick lane, answered by the heavy one
        out = asyncio.run(sched.run("sleep", {"seconds": 1.0, "estimate_ms": 10}, "me"))
    finally:
        sched.close()
    assert json.loads(out) == {"slept": 1.0}
    assert len(sched.heavy.recent) == 1 and sched.quick.recent[-1] == pytest.approx(0.3)


def test_a_lane_hands_the_next_worker_to_the_cheapest_waiting_job():
    lane = Lane("quick", WorkerPool(1, warm=False), waiting=3, time_limit=30)
    done: list[str] = []

    async def one(name: str, seconds: float, cost: float) -> None:
        await lane.run("sleep", {"seconds": seconds}, name, cost=cost)
        done.append(name)

    async def main() -> None:
        first = asyncio.create_task(one("running", 0.5, 0))
        while lane.active < 1:
            await asyncio.sleep(0.01)
        big = asyncio.create_task(one("big", 0.05, 900))  # came first, estimated bigger
        await asyncio.sleep(0.05)
        small = asyncio.create_task(one("small", 0.05, 10))
        await asyncio.gather(first, big, small)

    try:
        asyncio.run(main())
    finally:
        lane.close()
    assert done == ["running", "small", "big"]
    assert lane.active == 0 and not lane.clients


def test_a_full_lane_turns_away_its_priciest_waiting_job_for_a_cheaper_newcomer():
    lane = Lane("quick", WorkerPool(1, warm=False), waiting=1, time_limit=30, per_client=2)

    async def main() -> tuple:
        running = asyncio.create_task(lane.run("sleep", {"seconds": 0.5}, "a", cost=0))
        while lane.active < 1:
            await asyncio.sleep(0.01)
        pricey = asyncio.create_task(lane.run("sleep", {"seconds": 0.05}, "b", cost=900))
        await asyncio.sleep(0.05)
        cheap = asyncio.create_task(lane.run("sleep", {"seconds": 0.05}, "c", cost=10))
        await asyncio.sleep(0.05)
        with pytest.raises(LaneFull):  # full again, and nothing waiting is pricier than 10
            await lane.run("sleep", {"seconds": 0.05}, "d", cost=10)
        return await asyncio.gather(running, pricey, cheap, return_exceptions=True)

    try:
        running, pricey, cheap = asyncio.run(main())
    finally:
        lane.close()
    assert json.loads(running) == {"slept": 0.5} and json.loads(cheap) == {"slept": 0.05}
    assert isinstance(pricey, LaneFull)
    assert lane.active == 0 and not lane.clients and lane._free == 1
    lane.clients["a"] = 2  # a client with its two jobs in the lane gets no third
    with pytest.raises(ClientLimit):
        lane.admit("a", 0)


# ---------------------------------------------------------------------- lanes through HTTP
def test_cheap_requests_pass_while_the_heavy_lane_is_full(live):
    futures = live.occupy("heavy", ["filler-1", "filler-2"], seconds=4)  # one running, one waiting: full
    try:
        t0 = time.monotonic()
        res = httpx.post(live.url + "/api/numberlink/solve", json=HEAVY_BODY, timeout=30)
        body = shape(res, 503)
        assert body["kind"] == "Busy" and int(res.headers["retry-after"]) >= 1
        assert time.monotonic() - t0 < 3  # refused at once, not after a wait
        for _ in range(3):
            t0 = time.monotonic()
            res = httpx.get(live.url + "/api/maze", params={"rows": 20, "cols": 20}, timeout=30)
            assert res.status_code == 200, res.text
            assert time.monotonic() - t0 < 3  # the heavy jobs hold the heavy worker 4 s each
        small = {"rows": 3, "cols": 3, "grid": [[1, 2, 3], [0, 0, 0], [1, 2, 3]]}
        res = httpx.post(live.url + "/api/numberlink/solve", json=small, timeout=30)
        assert res.status_code == 200 and res.json()["status"] == "solved"  # a small solve is cheap
        status = httpx.get(live.url + "/api/status").json()
        assert status["heavy"]["active"] == 2 and status["heavy"]["capacity"] == 2
    finally:
        for f in futures:
            f.result(60)


def test_one_client_gets_429_beyond_its_share_of_heavy_jobs(live):
    futures = live.occupy("heavy", ["127.0.0.1"], seconds=3)
    try:
        t0 = time.monotonic()
        res = httpx.post(live.url + "/api/numberlink/solve", json=HEAVY_BODY, timeout=30)
        body = shape(res, 429)
        assert body["kind"] == "TooManyJobs" and int(res.headers["retry-after"]) >= 1
        assert time.monotonic() - t0 < 3
    finally:
        for f in futures:
            f.result(60)


def test_a_full_quick_lane_answers_503_at_once():
    config = ServerConfig(workers=1, queue=0, heavy_workers=1, time_limit=30, quick_limit=10)
    with LiveServer(config) as srv:
        futures = srv.occupy("quick", ["someone"], seconds=2)
        try:
            res = httpx.get(srv.url + "/api/maze", params={"rows": 20, "cols": 20}, timeout=30)
            assert shape(res, 503)["kind"] == "Busy" and "retry-after" in res.headers
        finally:
            for f in futures:
                f.result(60)
        assert httpx.get(srv.url + "/api/maze", params={"rows": 20, "cols": 20}, timeout=30).status_code == 200


# ---------------------------------------------------------------------- slow and greedy clients
def test_a_client_sending_headers_slowly_is_cut_off(live):
    lines = [b"GET /api/limits HTTP/1.1\r\n", b"Host: x\r\n"] + [b"X-Slow-%d: 1\r\n" % i for i in range(40)]
    raw, seconds = raw_exchange(live.port, lines, pause=0.25, limit=8)
    assert seconds < 5  # 1 s header timeout; the client would have needed 10 s
    status, body = json_of(raw)
    assert status == 408 and body["kind"] == "RequestTimeout"


def test_an_idle_connection_is_closed(live):
    raw, seconds = raw_exchange(live.port, [b""], pause=0, limit=8)
    assert raw == b"" and seconds < 5


def test_a_body_shorter_than_promised_is_cut_off(live):
    head = b"POST /api/numberlink/parse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    raw, seconds = raw_exchange(live.port, [head, b'{"text":'], pause=0.1, limit=8)
    assert seconds < 5
    status, body = json_of(raw)
    assert status == 408 and body["kind"] == "RequestTimeout" and "8 bytes" in body["error"]


def test_an_announced_oversized_body_gets_413_before_it_is_sent(live):
    head = (b"POST /api/numberlink/parse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 50000000\r\n\r\n")
    raw, seconds = raw_exchange(live.port, [head], pause=0.1, limit=8)
    status, body = json_of(raw)
    assert status == 413 and body["kind"] == "BodyTooLarge" and "50000000" in body["error"]
    assert b"connection: close" in raw.lower()


def test_an_absurd_content_length_is_413(client):
    res = client.post("/api/numberlink/parse", content=b"{}",
                      headers={"content-type": "application/json", "content-length": "9" * 5000})
    assert res.status_code == 413 and res.json()["kind"] == "BodyTooLarge"


def test_a_chunked_oversized_body_is_refused_while_it_is_read(live):
    def chunks():
        for _ in range(200):  # 200 x 16 KB, far beyond the 64 KB cap
            yield b"x" * 16384

    res = httpx.post(live.url + "/api/numberlink/parse", content=chunks(),
                     headers={"content-type": "application/json"}, timeout=30)
    assert shape(res, 413)["kind"] == "BodyTooLarge"


def test_a_malformed_request_is_400_in_the_error_shape(live):
    raw, _ = raw_exchange(live.port, [b"NOT HTTP AT ALL\r\n\r\n"], pause=0.1, limit=8)
    status, body = json_of(raw)
    assert status == 400 and body["kind"] == "BadRequest"


def test_headers_beyond_the_size_limit_are_refused_in_the_error_shape(live):
    big = b"X-Big: " + b"a" * 40_000 + b"\r\n"
    raw, _ = raw_exchange(live.port, [b"GET /api/limits HTTP/1.1\r\nHost: x\r\n" + big + b"\r\n"], pause=0.1, limit=8)
    status, body = json_of(raw)
    assert status == 431 and body["kind"] == "HeadersTooLarge"
    # arriving in pieces, they are refused by h11 before they are complete
    pieces = [b"GET /api/limits HTTP/1.1\r\nHost: x\r\n", big[:20_000], big[20_000:]]
    raw, _ = raw_exchange(live.port, pieces, pause=0.1, limit=8)
    status, body = json_of(raw)
    assert status == 431 and body["kind"] == "HeadersTooLarge"


def test_a_page_address_over_the_header_cap_gets_a_short_page_in_a_browser_and_json_elsewhere(live):
    long_query = b"/?rows=" + b"9" * 40_000
    browser = b"Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n"
    raw, _ = raw_exchange(live.port, [b"GET " + long_query + b" HTTP/1.1\r\nHost: x\r\n" + browser + b"\r\n"],
                          pause=0.1, limit=8)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert int(head.split()[1]) == 431
    assert b"content-type: text/html" in head.lower(), head
    assert body.lstrip().lower().startswith(b"<!doctype html") and b"larger than the" in body, body[:300]
    assert b'href="/"' in body and b"9" * 100 not in body  # a way back, and not the address echoed
    # an API client asking for JSON (or for anything) gets the error shape, on a page address or an API one
    for path, accept in ((long_query, b"application/json"), (b"/api/limits?x=" + b"a" * 40_000, b"text/html")):
        raw, _ = raw_exchange(live.port, [b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nAccept: " + accept + b"\r\n\r\n"],
                              pause=0.1, limit=8)
        status, body = json_of(raw)
        assert status == 431 and body["kind"] == "HeadersTooLarge"
    # a long address arriving in pieces (as over a network) is cut off before its Accept: still the page
    pieces = [b"GET " + long_query[:20_000], long_query[20_000:] + b" HTTP/1.1\r\nHost: x\r\n" + browser + b"\r\n"]
    raw, _ = raw_exchange(live.port, pieces, pause=0.1, limit=8)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert int(head.split()[1]) == 431 and b"content-type: text/html" in head.lower(), head
    assert body.lstrip().lower().startswith(b"<!doctype html"), body[:300]


def test_too_many_requests_at_once_get_503_in_the_error_shape():
    from tremaux.web.guard import RequestGuard

    async def main() -> tuple[httpx.Response, httpx.Response]:
        gate = asyncio.Event()

        async def inner(scope, receive, send):  # holds the first request until the second is answered
            await gate.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})

        guard = RequestGuard(inner, max_requests=1, max_body=100, body_timeout=1)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=guard), base_url="http://t") as c:
            first = asyncio.create_task(c.get("/"))
            while guard.active < 1:
                await asyncio.sleep(0.01)
            second = await c.get("/")
            gate.set()
            return await first, second

    first, second = asyncio.run(main())
    assert first.status_code == 200
    assert second.status_code == 503 and second.json()["kind"] == "Busy" and second.headers["retry-after"] == "1"


# ---------------------------------------------------------------------- one error shape
@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, heavy_workers=1)) as c:  # the default 256 KB body cap
        yield c


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "kind"),
    [
        ("GET", "/no/such/page", {}, 404, "NotFound"),
        ("GET", "/static/missing.js", {}, 404, "NotFound"),
        ("POST", "/api/maze", {}, 405, "MethodNotAllowed"),
        ("DELETE", "/api/numberlink/solve", {}, 405, "MethodNotAllowed"),
        ("POST", "/api/solve", {"content": b"[" * 100_000 + b"]" * 100_000}, 422, "ValidationError"),
        ("POST", "/api/solve", {"content": b"{" * 30_000}, 422, "ValidationError"),
        ("POST", "/api/numberlink/parse", {"content": b"x" * 300_000}, 413, "BodyTooLarge"),
        ("POST", "/api/solve", {"content": b"{not json"}, 422, "ValidationError"),
        ("GET", "/api/maze", {"params": {"rows": 151}}, 422, "ValidationError"),
    ],
)
def test_every_error_has_the_one_shape(client, method, path, kwargs, status, kind):
    headers = {"content-type": "application/json"} if "content" in kwargs else {}
    res = client.request(method, path, headers=headers, **kwargs)
    assert res.status_code == status, res.text
    body = res.json()
    assert body["kind"] == kind and body["error"] and "\n" not in body["error"]
    assert "detail" not in body or kind == "ValidationError"


def test_405_says_which_methods_are_allowed(client):
    res = client.post("/api/maze")
    assert res.headers["allow"] == "GET"


def test_defaults_agree_between_get_and_post(client):
    # GET /api/maze, the pictures, POST /api/solve and the random puzzle all draw a seed when none is given
    maze = client.get("/api/maze").json()["params"]
    solved = client.post("/api/solve", json={}).json()["params"]
    assert set(maze) == set(solved) and isinstance(solved["seed"], int)
    assert {k: v for k, v in maze.items() if k != "seed"} == {k: v for k, v in solved.items() if k != "seed"}
    assert client.get("/api/maze.svg").status_code == 200
    assert isinstance(client.post("/api/numberlink/random", json={"rows": 5, "cols": 5}).json()["seed"], int)
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert "drawn when absent" in schema["MazeParams"]["properties"]["seed"]["description"]
    assert "seed" not in schema["MazeParams"].get("required", [])


# ---------------------------------------------------------------------- offline /docs
def test_docs_are_served_without_a_network(client):
    for page in ("/docs", "/redoc"):
        html = client.get(page)
        assert html.status_code == 200
        urls = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html.text)
        urls += re.findall(r"""url\s*:\s*["']([^"']+)["']""", html.text)
        assert urls, "no asset found in the page"
        for url in urls:
            assert url.startswith("/"), f"{page} loads {url} from elsewhere"
            res = client.get(url)
            assert res.status_code == 200 and len(res.content) > 100, url
        assert "cdn" not in html.text.lower()
    js = client.get("/static-offline-docs/swagger-ui-bundle.js")
    assert b"SwaggerUIBundle" in js.content[:2000] or b"SwaggerUIBundle" in js.content


# ---------------------------------------------------------------------- clients that go away
def test_a_cancelled_job_stops_its_worker_and_a_new_one_takes_its_place():
    from tremaux.web.workers import JobCancelled

    with WorkerPool(1, warm=False) as pool:
        assert pool.run("echo", {}, timeout=60) == {}  # the worker has started
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        t0 = time.monotonic()
        with pytest.raises(JobCancelled):
            pool.run("sleep", {"seconds": 30}, timeout=60, cancel=cancel)
        assert time.monotonic() - t0 < 5  # not the 30 s the job would have taken
        t0 = time.monotonic()
        assert pool.run("echo", {"x": 1}, timeout=30) == {"x": 1}
        assert time.monotonic() - t0 < 10 and pool.idle == 1


def test_a_cancelled_lane_job_frees_its_worker_and_its_clients_share():
    lane = Lane("heavy", WorkerPool(1, warm=False), waiting=1, time_limit=60, per_client=1)

    async def main():
        job = asyncio.ensure_future(lane.run("sleep", {"seconds": 30}, "someone"))
        while lane.active == 0 or lane.pool.idle == 1:
            await asyncio.sleep(0.02)
        t0 = time.monotonic()
        job.cancel()
        with pytest.raises(asyncio.CancelledError):
            await job
        stopped = time.monotonic() - t0
        assert lane.active == 0 and not lane.clients
        # the same client's next job runs at once, on the worker that replaced the stopped one
        return stopped, await lane.run("echo", {"x": 1}, "someone")

    try:
        stopped, out = asyncio.run(main())
    finally:
        lane.close()
    assert stopped < 5 and out == b'{"x":1}'


def send_and_leave(port: int, path: str, body: bytes, until) -> None:
    """Send a request, wait for ``until()`` (its job is running), and close the connection unanswered."""
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head + body)
        deadline = time.monotonic() + 10
        while not until():
            assert time.monotonic() < deadline, "the job did not start"
            time.sleep(0.02)


@pytest.mark.parametrize("lane", ["quick", "heavy"])
def test_a_client_that_goes_away_leaves_no_job_running(monkeypatch, lane):
    config = ServerConfig(workers=1, heavy_workers=1, time_limit=60, quick_limit=60, per_client=1)
    with LiveServer(config) as srv:
        sched = srv.app.state.scheduler
        target: Lane = getattr(sched, lane)
        real = sched.run
        asked = []

        async def slow_first(job, payload, who):  # the first puzzle read holds its worker 60 s
            asked.append(job)
            if len(asked) == 1:
                return await target.run("sleep", {"seconds": 60}, who)
            return await real(job, payload, who)

        monkeypatch.setattr(sched, "run", slow_first)
        body = json.dumps({"text": "1.1\n2.2"}).encode()
        send_and_leave(srv.port, "/api/numberlink/parse", body, lambda: target.active == 1)
        t0 = time.monotonic()
        while target.active or target.clients:
            assert time.monotonic() - t0 < 5, f"the job outlived its client: {target.status()}"
            time.sleep(0.02)
        # the next request, from the same address, is answered at once (its share and a worker are free)
        res = httpx.post(srv.url + "/api/numberlink/parse", json={"text": "1.1\n2.2"}, timeout=30)
        assert res.status_code == 200 and res.json()["grid"] == [[1, 0, 1], [2, 0, 2]]
        assert time.monotonic() - t0 < 15
        deadline = time.monotonic() + 10
        while target.status()["idle"] != 1:  # the stopped worker's replacement is ready
            assert time.monotonic() < deadline, target.status()
            time.sleep(0.05)


def test_many_clients_that_go_away_at_once_leave_every_lane_as_it_was(monkeypatch):
    # running, waiting and just-admitted jobs are all stopped; no count of workers, places or clients leaks
    config = ServerConfig(workers=2, heavy_workers=1, heavy_queue=3, per_client=4, time_limit=60, quick_limit=60)
    with LiveServer(config) as srv:
        sched = srv.app.state.scheduler
        real = sched.run

        async def slow(job, payload, who):  # texts starting with "h" hold a heavy worker 60 s, others a quick one
            if job == "nl_parse":
                lane = sched.heavy if payload["text"].startswith("h") else sched.quick
                return await lane.run("sleep", {"seconds": 60}, who)
            return await real(job, payload, who)

        monkeypatch.setattr(sched, "run", slow)
        leavers = []
        for i in range(12):
            body = json.dumps({"text": ("h" if i % 2 else "q") + "1.1"}).encode()
            stay = 0.05 * (i % 5)  # some leave before their job starts, some while it runs
            until = (lambda s=stay: time.sleep(s) or True)
            leavers.append(threading.Thread(target=send_and_leave, daemon=True,
                                            args=(srv.port, "/api/numberlink/parse", body, until)))
        for t in leavers:
            t.start()
        for t in leavers:
            t.join(30)
        deadline = time.monotonic() + 10
        while True:
            status = sched.status()
            if all(status[k]["active"] == 0 and status[k]["waiting"] == 0
                   and status[k]["idle"] == status[k]["workers"] for k in ("quick", "heavy")):
                break
            assert time.monotonic() < deadline, f"jobs outlived their clients: {status}"
            time.sleep(0.05)
        assert not sched.quick.clients and not sched.heavy.clients
        assert (sched.quick._free, sched.heavy._free) == (2, 1)
        monkeypatch.setattr(sched, "run", real)
        assert httpx.get(srv.url + "/api/maze", params={"rows": 10, "cols": 10}, timeout=30).status_code == 200


def test_a_job_given_up_while_its_worker_warms_up_lets_it_go_at_once():
    import multiprocessing as mp

    from tremaux.web.workers import JobCancelled, _Worker

    with WorkerPool(1, warm=False, start_timeout=20) as pool:
        assert pool.run("echo", {}, timeout=60) == {}
        real = pool._idle.get()  # in its place, a worker that is still warming up (it never says it is ready)
        warming = _Worker.__new__(_Worker)
        warming.conn, silent = mp.Pipe()
        warming.ready = warming.failed = False
        pool._idle.put(warming)
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        t0 = time.monotonic()
        with pytest.raises(JobCancelled):
            pool.run("echo", {}, timeout=60, cancel=cancel)
        assert time.monotonic() - t0 < 5  # not the 20 s a worker may take to start
        assert pool._idle.get_nowait() is warming  # handed back for the next job, which waits for it
        pool._idle.put(real)
        silent.close()
        warming.conn.close()


def test_a_connection_that_cannot_be_watched_leaves_the_job_alone():
    from starlette.requests import Request

    from tremaux.web.connection import while_connected

    async def broken():
        raise RuntimeError("receive is not available")

    async def main():
        request = Request({"type": "http", "method": "GET", "headers": []}, receive=broken)
        return await while_connected(request, asyncio.sleep(0.2, result="answered"))

    assert asyncio.run(main()) == "answered"
