"""Time and memory of every Number Link text format on big boards.

    python benchmarks/bench_nl_formats.py [--sizes 1000,2000,4096] [--formats grid,wh,...] [--density sparse,dense]
                                          [--timeout 300] [--json OUT]

For each format, board side and density, a child process builds a random
puzzle (seeded: ``random`` pairs on distinct cells), writes it
(``formats.dumps``), detects its format (``formats.detect``) and reads it
back (``formats.loads(text, format=...)``, checked equal to the puzzle), each
timed once in CPU seconds of the child (the machine is shared: wall times swing with the load); then writes
and reads again under :mod:`tracemalloc` for the peak
of Python and NumPy allocations. ``sparse`` is 20 pairs; ``dense`` is a pair
per 8 cells, at most 12,287 (the largest number a puzz.link URL holds), at most
52 for ``flow`` (its colour letters). ``flow`` and ``bwinf`` boards are square.
``flowpack`` (read only) is read from a level line written here, each path
given by its two ends: a long single line, as are the ``puzzlink`` URL and the
coordinates line of ``ends``. It prints a Markdown table: format x size x
density, the text size, write, detect and read seconds, and the peaks in MiB.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import tracemalloc

FORMATS = ["grid", "wh", "flow", "contest", "puzzlink", "bwinf", "copris", "xml", "ends", "flowpack"]


def puzzle(side: int, density: str, fmt: str, seed: int = 1):
    import numpy as np

    from tremaux.numberlink import Puzzle

    h = w = side
    cap = 52 if fmt == "flow" else 12287
    n = 20 if density == "sparse" else min(h * w // 8, cap)
    rng = np.random.default_rng(seed)
    cells = rng.choice(h * w, size=2 * n, replace=False)
    g = np.zeros(h * w, dtype=np.int32)
    g[cells] = np.repeat(np.arange(1, n + 1, dtype=np.int32), 2)
    return Puzzle(g.reshape(h, w))


def flowpack_text(p) -> str:
    w = p.width
    paths = ";".join(f"{a},{b}" for a, b in p.ends.tolist())
    return f"{w}:{p.height},0,1,{p.pairs};{paths}\n"


def child(side: int, density: str, fmt: str, peak: bool = True) -> dict:
    from tremaux.numberlink import formats

    p = puzzle(side, density, fmt)
    out: dict = {"format": fmt, "side": side, "density": density, "pairs": p.pairs}
    t = time.process_time()
    text = flowpack_text(p) if fmt == "flowpack" else formats.dumps(p, fmt)
    out["write"] = None if fmt == "flowpack" else time.process_time() - t
    out["mb"] = len(text) / 2**20
    out["lines"] = text.count("\n")
    t = time.process_time()
    out["detected"] = formats.detect(text)
    out["detect"] = time.process_time() - t
    t = time.process_time()
    q = formats.loads(text, format=fmt)
    out["read"] = time.process_time() - t
    assert q.shape == p.shape and q.pairs == p.pairs, (q, p)
    if fmt != "flowpack":
        assert formats.dumps(q, fmt) == text
    del q
    if not peak:
        return out
    tracemalloc.start()
    if fmt != "flowpack":
        formats.dumps(p, fmt)
        out["write_peak"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    formats.detect(text)
    formats.loads(text, format=fmt)
    out["read_peak"] = (tracemalloc.get_traced_memory()[1] - base) / 2**20
    tracemalloc.stop()
    return out


def fmt_s(x) -> str:
    return "-" if x is None else f"{x:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,2000,4096")
    ap.add_argument("--formats", default=",".join(FORMATS))
    ap.add_argument("--density", default="sparse,dense")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--json")
    ap.add_argument("--no-peak", action="store_true", help="times only (no tracemalloc pass)")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child(int(a.child[0]), a.child[1], a.child[2], a.child[3] == "peak")))
        return
    rows = []
    print("| format | side | density | pairs | text MiB | write cpu s | detect cpu s | read cpu s | write peak MiB | "
          "read peak MiB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for side in (int(s) for s in a.sizes.split(",")):
        for density in a.density.split(","):
            for fmt in a.formats.split(","):
                try:
                    run = subprocess.run([sys.executable, __file__, "--child", str(side), density, fmt,
                                          "times" if a.no_peak else "peak"],
                                         capture_output=True, text=True, timeout=a.timeout)
                    r = json.loads(run.stdout) if run.returncode == 0 else {"error": run.stderr.strip()[-200:]}
                except subprocess.TimeoutExpired:
                    r = {"error": f"over {a.timeout:.0f} s"}
                r.update(format=fmt, side=side, density=density)
                rows.append(r)
                if "error" in r:
                    print(f"| {fmt} | {side} | {density} | | | | | | | {r['error'].splitlines()[-1]} |", flush=True)
                    continue
                print(f"| {fmt} | {side} | {density} | {r['pairs']} | {r['mb']:.1f} | {fmt_s(r['write'])} | "
                      f"{fmt_s(r['detect'])} | {fmt_s(r['read'])} | {fmt_s(r.get('write_peak'))} | "
                      f"{fmt_s(r.get('read_peak'))} |", flush=True)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
