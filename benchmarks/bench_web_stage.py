"""The page's maze in headless Chromium: how long the main thread is held while a solved maze's replay is set up,
and how smoothly the replay then plays, on every grid kind and several sizes.

Usage::

    python benchmarks/bench_web_stage.py                 # every case, markdown table
    python benchmarks/bench_web_stage.py --quick         # the 150 x 150 hex maze only
    python benchmarks/bench_web_stage.py --only "hex 150" --only "square 150"   # the cases named so

It starts ``tremaux serve`` on a free port and Debian's ``chromium`` through selenium (as the browser tests do),
opens each maze with the page's own address, presses solve, and reads from the page:

- *held ms*: the longest main-thread task (PerformanceObserver ``longtask``, tasks over 50 ms) between pressing
  solve and the replay's first frames: the time the page is frozen while the answer is read and the stage drawn
  (a dash: no task over 50 ms);
- *parse ms*: the part of it that ``JSON.parse`` of the same answer takes alone (the floor of any drawing; the
  answer as the page asks for it, without the answer's picture);
- *frame ms*: median and largest interval between animation frames while the replay plays at its top speed
  (20,000 events a second) for 1.5 s; 16.7 ms is a smooth 60 frames a second;
- *end ms*: pressing "end" (every remaining event applied, then the answer drawn), until the next frame;
- *end held ms*: the longest main-thread task from pressing "end" until a second after it (the freeze a user
  feels at the end of a replay; a dash: no task over 50 ms).

Each case is run ``--repeat`` times (default 3) and the median is given.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from pagekit import wait_for  # noqa: E402  (the browser tests' wait, with a benchmark's longer timeout)

CHROMIUM = os.environ.get("TREMAUX_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TREMAUX_CHROMEDRIVER", "/usr/bin/chromedriver")

CASES = [
    ("square", "50 x 50", "rows=50&cols=50"),
    ("square", "150 x 150", "rows=150&cols=150"),
    ("square, torus", "150 x 150", "rows=150&cols=150&wrap=torus&generator=wilson"),
    ("square, woven", "100 x 100", "rows=100&cols=100&weave=true"),
    ("hex", "50 x 50", "grid=hex&rows=50&cols=50"),
    ("hex", "100 x 100", "grid=hex&rows=100&cols=100"),
    ("hex", "150 x 150", "grid=hex&rows=150&cols=150"),
    ("hex, hexagon", "radius 75", "grid=hex&shape=hexagon&radius=75"),
    ("polar", "rings at most", "grid=polar&rings={max_rings}"),
    ("triangle", "150 x 150", "grid=triangle&rows=150&cols=150"),
    ("triangle, triangle", "side 150", "grid=triangle&shape=triangle&side=150"),
    ("upsilon", "150 x 150", "grid=upsilon&rows=150&cols=150"),
    ("zeta", "150 x 150", "grid=zeta&rows=150&cols=150"),
]

WATCH = """
window.bench_tasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.bench_tasks.push(e.duration); })
  .observe({ type: 'longtask' });
"""

FRAMES = """
const done = arguments[arguments.length - 1];
const s = document.getElementById('speed'); s.value = s.max; s.dispatchEvent(new Event('input'));
const times = [];
const t0 = performance.now();
function frame(now) {
  times.push(now);
  if (now - t0 < 1500 && tremaux.maze.state().phase === 'animating') requestAnimationFrame(frame);
  else done(times.slice(1).map((t, k) => t - times[k]));
}
requestAnimationFrame(frame);
"""

END = """
const done = arguments[arguments.length - 1];
const t0 = performance.now();
document.getElementById('btn-end').click();
requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
"""

PARSE = """
const [body, done] = arguments;
fetch('/api/solve', {method: 'POST', headers: {'Content-Type': 'application/json'}, body})
  .then((r) => r.text()).then((text) => {
    const t0 = performance.now(); JSON.parse(text); done([performance.now() - t0, text.length]);
  });
"""


CELLS = "return (document.getElementById('maze-stats').textContent.match(/cells\\D*(\\d+)/) || [])[1]"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _median(xs):
    return statistics.median(xs) if xs else None


def one_run(driver, base: str, query: str) -> dict:
    driver.get(f"{base}/?{query}&braid=0&seed=1&solver=tremaux")
    wait_for(driver, "window.tremaux && tremaux.maze.state().phase === 'ready'", 300.0)
    params = driver.execute_script("return tremaux.maze.state().params")
    driver.execute_script(WATCH)
    driver.find_element("id", "btn-solve").click()
    wait_for(driver, "['animating', 'done'].includes(tremaux.maze.state().phase)", 300.0)
    frames = driver.execute_async_script(FRAMES)
    driver.find_element("id", "btn-play").click()  # pause
    wait_for(driver, "tremaux.maze.state().phase !== 'animating'", 300.0)
    held = driver.execute_script("return window.bench_tasks.slice()")
    driver.execute_script(WATCH)
    end = driver.execute_async_script(END)
    time.sleep(1.0)  # the picture's own layout and paint may come after the next frame
    end_tasks = driver.execute_script("return window.bench_tasks.slice()")
    driver.set_script_timeout(300)
    body = json.dumps({"maze": params, "solver": "tremaux", "picture": False})  # as the page asks
    parse, nbytes = driver.execute_async_script(PARSE, body)
    return {"held": max(held) if held else 0.0, "parse": parse, "bytes": nbytes,
            "frame": _median(frames), "frame_max": max(frames) if frames else None, "end": end,
            "end_held": max(end_tasks) if end_tasks else 0.0, "cells": driver.execute_script(CELLS)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="the 150 x 150 hex maze only")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help='the cases whose "grid size" holds TEXT (as "hex 150"; may be given again)')
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tremaux.web.models import MAX_RINGS

    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "tremaux", "serve", "--port", str(port), "--workers", "2",
                               "--time-limit", "120"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    profile = tempfile.mkdtemp(prefix="tremaux-bench-")
    driver = None
    try:
        server.stdout.readline()
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/api/maze?rows=3&cols=3&seed=1", timeout=600).read()
                break
            except OSError:
                time.sleep(0.5)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                     "--window-size=1280,800", "--force-device-scale-factor=1", f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_script_timeout(300)
        cases = [c for c in CASES if c[2].startswith("grid=hex&rows=150")] if args.quick else CASES
        if args.only:
            cases = [c for c in cases if any(t in f"{c[0]} {c[1]}" for t in args.only)]
        print(f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
              f"{driver.capabilities.get('browserVersion')}, 1280 x 800 window, median of {args.repeat}\n")
        print("| grid | size | cells | answer bytes | held ms | parse ms | frame ms (median / max) | end ms | end held ms |")
        print("|---|---|---|---|---|---|---|---|---|")
        for grid, size, query in cases:
            runs = [one_run(driver, base, query.format(max_rings=MAX_RINGS)) for _ in range(args.repeat)]
            med = {k: _median([r[k] for r in runs if r[k] is not None]) for k in
                   ("held", "parse", "bytes", "frame", "frame_max", "end", "end_held")}
            held = f"{med['held']:.0f}" if med["held"] else "-"
            end_held = f"{med['end_held']:.0f}" if med["end_held"] else "-"
            print(f"| {grid} | {size} | {runs[0]['cells']} | {med['bytes']:.0f} | {held} | {med['parse']:.0f} | "
                  f"{med['frame']:.1f} / {med['frame_max']:.0f} | {med['end']:.0f} | {end_held} |", flush=True)
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
        server.terminate()
        server.wait(20)


if __name__ == "__main__":
    main()
