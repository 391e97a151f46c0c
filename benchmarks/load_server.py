"""Load test of the web server on loopback: can one crowd stall a visitor?

Starts ``tremaux serve`` on a free loopback port, waits for its workers, then
for ``--duration`` seconds lets ``--clients`` clients (each from its own
loopback address, 127.0.0.2, 127.0.0.3, ...) send the most expensive legal
requests back to back, never honouring ``Retry-After``, while a probe sends
a cheap ``GET /api/maze?rows=20&cols=20`` every 0.1 s. It prints the probe's
latency (p50, p99, max), every status count, and the peak resident memory of
the server with its worker processes; it stops by itself within a minute
(it gives up if the server is not ready in 30 s, e.g. with a cold numba cache:
run it again).

Targets: probe p99 under 1 s, no 5xx for the probe, memory bounded.

Usage::

    PYTHONPATH=src python benchmarks/load_server.py            # print only
    PYTHONPATH=src python benchmarks/load_server.py --write    # also update docs/benchmarks.md
"""

from __future__ import annotations

import argparse
import collections
import datetime
import os
import platform
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- load_server:begin -->", "<!-- load_server:end -->"
HARD_STOP = 60.0
"""Seconds after which everything stops, whatever happens."""

# 30 x 30 with two pairs in the corners: the fill rule makes this a long search
_BIG = [[0] * 30 for _ in range(30)]
_BIG[0][0] = _BIG[29][29] = 1
_BIG[0][29] = _BIG[29][0] = 2


def expensive(rng: random.Random) -> tuple[str, str, dict]:
    """One of the most expensive legal requests (method, path, httpx arguments)."""
    seed = rng.randrange(2**31)
    return rng.choice([
        ("POST", "/api/numberlink/solve", {"json": {"rows": 30, "cols": 30, "grid": _BIG, "second": True}}),
        ("POST", "/api/numberlink/random", {"json": {"rows": 30, "cols": 30, "seed": seed}}),
        ("GET", "/api/maze.png", {"params": {"rows": 150, "cols": 150, "cell": 64, "solver": "bfs", "seed": seed}}),
        ("POST", "/api/solve", {"json": {"maze": {"rows": 150, "cols": 150, "seed": seed}, "solver": "tremaux"}}),
        ("GET", "/api/maze", {"params": {"rows": 50, "cols": 50, "braid": 1.0, "seed": seed}}),
    ])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree_rss(proc: psutil.Process) -> int:
    """Resident bytes of ``proc`` and every process below it."""
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=20, help="expensive clients (default 20)")
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of load (default 20, at most 25)")
    ap.add_argument("--write", action="store_true", help="update the section of docs/benchmarks.md")
    args = ap.parse_args()
    duration = min(max(args.duration, 1.0), 25.0)
    clients = min(max(args.clients, 1), 200)
    t_start = time.monotonic()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen([sys.executable, "-m", "tremaux", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        return run(server, url, clients, duration, t_start, args.write)
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(3)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(server.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def run(server: subprocess.Popen, url: str, clients: int, duration: float, t_start: float, write: bool) -> int:
    proc = psutil.Process(server.pid)
    ready = False
    while time.monotonic() - t_start < 30 and server.poll() is None:
        try:
            if httpx.get(url + "/api/maze", params={"rows": 4, "cols": 4, "seed": 1}, timeout=5).status_code == 200:
                ready = True
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    if not ready:
        print("the server was not ready within 30 s (a cold numba cache? run it again)", file=sys.stderr)
        return 1
    idle_rss = tree_rss(proc)
    stop = threading.Event()
    heavy_status: collections.Counter[str] = collections.Counter()
    probe_status: collections.Counter[str] = collections.Counter()
    latencies: list[float] = []
    peak = [idle_rss]
    lock = threading.Lock()

    def crowd(i: int) -> None:
        rng = random.Random(i)
        address = f"127.0.0.{2 + i % 250}"
        with httpx.Client(base_url=url, timeout=35, transport=httpx.HTTPTransport(local_address=address)) as c:
            while not stop.is_set():
                method, path, kw = expensive(rng)
                try:
                    status = str(c.request(method, path, **kw).status_code)
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                with lock:
                    heavy_status[status] += 1
                if status in ("503", "429"):
                    stop.wait(0.05)  # a hostile client: no Retry-After, just a breath

    def probe() -> None:
        with httpx.Client(base_url=url, timeout=10) as c:
            while not stop.is_set():
                t0 = time.perf_counter()
                try:
                    status = str(c.get("/api/maze", params={"rows": 20, "cols": 20}).status_code)
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                dt = time.perf_counter() - t0
                with lock:
                    probe_status[status] += 1
                    if status == "200":
                        latencies.append(dt)
                stop.wait(max(0.0, 0.1 - dt))

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], tree_rss(proc))
            stop.wait(0.1)

    threads = [threading.Thread(target=crowd, args=(i,), daemon=True) for i in range(clients)]
    threads += [threading.Thread(target=probe, daemon=True), threading.Thread(target=sample, daemon=True)]
    for t in threads:
        t.start()
    time.sleep(duration)
    stop.set()
    for t in threads:
        t.join(max(0.1, HARD_STOP - 5 - (time.monotonic() - t_start)))
    peak[0] = max(peak[0], tree_rss(proc))

    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = percentile(latencies, 0.99) if latencies else float("nan")
    worst = max(latencies) if latencies else float("nan")
    probe_5xx = sum(n for s, n in probe_status.items() if not s.isdigit() or s.startswith("5"))
    mib = 2**20
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    fmt = lambda c: ", ".join(f"{k}: {v}" for k, v in sorted(c.items()))  # noqa: E731
    ok = latencies and p99 < 1.0 and probe_5xx == 0
    lines = [
        f"{clients} clients x {duration:g} s of the most expensive legal requests, probe every 0.1 s",
        f"probe GET /api/maze 20x20: {len(latencies)} answered, p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {worst * 1000:.0f} ms (target p99 < 1000 ms)",
        f"probe statuses: {fmt(probe_status)}",
        f"crowd statuses: {fmt(heavy_status)}",
        f"server RSS (with workers): idle {idle_rss / mib:.0f} MiB, peak {peak[0] / mib:.0f} MiB",
        f"verdict: {'meets' if ok else 'misses'} the target",
    ]
    print("\n".join(lines))
    if write:
        write_doc(clients, duration, p50, p99, worst, probe_status, heavy_status, idle_rss, peak[0], ok, machine)
    return 0 if ok else 1


def write_doc(clients, duration, p50, p99, worst, probe_status, heavy_status, idle, peak, ok, machine) -> None:
    fmt = lambda c: ", ".join(f"{k}: {v}" for k, v in sorted(c.items()))  # noqa: E731
    mib = 2**20
    block = "\n".join([
        BEGIN,
        "## Web server under load",
        "",
        f"`python benchmarks/load_server.py --write` on {datetime.date.today().isoformat()} ({machine}, "
        "shared with other jobs: timings are noisy). `tremaux serve` with its defaults (2 quick workers, "
        f"1 heavy worker, 10 s limit); {clients} clients, each from its own loopback address, send the most "
        "expensive legal requests (30 x 30 Number Link solves and random puzzles, 150 x 150 PNG at 64 px, "
        "150 x 150 solves with traces, 50 x 50 braided mazes) back to back for "
        f"{duration:g} s without honouring `Retry-After`, while a probe asks for a 20 x 20 maze every 0.1 s. "
        "Target: probe p99 under 1 s, no 5xx for the probe, memory bounded.",
        "",
        "| what | measured |",
        "| --- | --- |",
        f"| probe latency p50 / p99 / max | {p50 * 1000:.0f} / {p99 * 1000:.0f} / {worst * 1000:.0f} ms |",
        f"| probe statuses | {fmt(probe_status)} |",
        f"| crowd statuses | {fmt(heavy_status)} |",
        f"| server RSS with workers, idle / peak | {idle / mib:.0f} / {peak / mib:.0f} MiB |",
        f"| verdict | {'meets' if ok else 'misses'} the target |",
        END,
    ])
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"
    if BEGIN in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")
    print(f"updated {DOC}")


if __name__ == "__main__":
    sys.exit(main())
