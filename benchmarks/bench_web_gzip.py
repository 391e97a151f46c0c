"""The web server's answers with and without gzip: bytes on the wire, and the CPU time of compressing them.

Usage::

    python benchmarks/bench_web_gzip.py            # print the tables (markdown)

Each request is sent twice through FastAPI's TestClient to a server of one worker (``create_app``), once with
``Accept-Encoding: identity`` and once with ``gzip``; the table gives the body's bytes each way. The second table
compresses the largest answer (the 150 x 150 hex maze solved with its trace) with zlib at levels 1, 3, 6 (the
server's, :data:`tremaux.web._static.GZIP_LEVEL`) and 9: median CPU time of 3 (``time.process_time``) in this
process, which is what the server's event loop spends on it.
"""

from __future__ import annotations

import datetime
import gzip
import platform
import statistics
import time

SOLVES = [
    ("20 x 20 square, braid 0.5, tremaux", {"rows": 20, "cols": 20, "braid": 0.5, "seed": 1}, "tremaux"),
    ("150 x 150 square, braid 0.5, tremaux", {"rows": 150, "cols": 150, "braid": 0.5, "seed": 1}, "tremaux"),
    ("150 x 150 square, perfect, tremaux", {"rows": 150, "cols": 150, "braid": 0.0, "seed": 1}, "tremaux"),
    ("150 x 150 square, braid 0.5, bfs", {"rows": 150, "cols": 150, "braid": 0.5, "seed": 1}, "bfs"),
    ("150 x 150 hex, perfect, tremaux", {"grid": "hex", "rows": 150, "cols": 150, "braid": 0.0, "seed": 1}, "tremaux"),
]
GETS = ["/api/maze?rows=150&cols=150&seed=1", "/api/grids", "/static/numberlink.js", "/"]


def main() -> None:
    from fastapi.testclient import TestClient

    from tremaux.web import create_app

    print(f"{datetime.date.today()}, {platform.machine()}, {platform.python_version()}\n")
    print("| request | plain bytes | gzip bytes | share |")
    print("|---|---|---|---|")
    largest = b""
    with TestClient(create_app(workers=1, time_limit=120)) as client:
        client.get("/api/maze", params={"rows": 2, "cols": 2, "seed": 1})
        asks = [(f"POST /api/solve: {name}", "POST", "/api/solve", {"maze": maze, "solver": solver})
                for name, maze, solver in SOLVES] + [(f"GET {path}", "GET", path, None) for path in GETS]
        for label, method, path, body in asks:
            plain = client.request(method, path, json=body, headers={"Accept-Encoding": "identity"})
            packed = client.request(method, path, json=body, headers={"Accept-Encoding": "gzip"})
            assert plain.status_code == packed.status_code == 200, plain.text[:200]
            sent = int(packed.headers.get("content-length", len(packed.content)))
            print(f"| {label} | {len(plain.content)} | {sent} | {sent / len(plain.content):.3f} |")
            if len(plain.content) > len(largest):
                largest = plain.content
    print(f"\n| zlib level ({len(largest)} bytes) | bytes | share | CPU ms (median of 3) |")
    print("|---|---|---|---|")
    for level in (1, 3, 6, 9):
        times = []
        for _ in range(3):
            t0 = time.process_time()
            out = gzip.compress(largest, level)
            times.append(time.process_time() - t0)
        print(f"| {level} | {len(out)} | {len(out) / len(largest):.3f} | {statistics.median(times) * 1000:.0f} |")


if __name__ == "__main__":
    main()
