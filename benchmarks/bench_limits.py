"""Time and peak memory of the maze-side commands of issue 17, each in a fresh process.

Usage::

    python benchmarks/bench_limits.py            # all cases (the big generation takes a minute or two)
    python benchmarks/bench_limits.py --quick    # only the refusals (seconds)

Each command runs under ``ulimit -v`` (4 GB, the cap of the issue) and
``/usr/bin/time``; the script prints a Markdown table for docs/benchmarks.md
with the date and the machine: wall time, the peak resident memory, the exit
status and the last line on stderr. Refusals must come in seconds with a
small footprint; the 30000 x 30000 generation must finish under the cap.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

CAP_KB = 4_000_000  # ulimit -v, in KiB: the 4 GB cap of the issue


def run(args: list[str], cwd: Path) -> tuple[float, int, int, str]:
    """Wall seconds, peak RSS (KiB), exit status and last stderr line of ``tremaux ARGS`` under the cap."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    cmd = (f"ulimit -v {CAP_KB}; exec /usr/bin/time -f '@@%M' {sys.executable} -m tremaux "
           + " ".join(f"'{a}'" for a in args))
    t = time.perf_counter()
    p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    lines = p.stderr.strip().splitlines()
    rss = int(next(line for line in reversed(lines) if line.startswith("@@"))[2:])
    last = next((line for line in reversed(lines) if not line.startswith("@@") and "exited" not in line), "")
    return wall, rss, p.returncode, last


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 30000 x 30000 generation")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
        (d / "garbage.bin").write_bytes(np.random.default_rng(17).integers(0, 256, 4096, dtype=np.uint8).tobytes())
        (d / "big.txt").write_bytes(b"#" * 50_000_000)
        subprocess.run([sys.executable, "-m", "tremaux", "generate", "--size", "1000x1000", "--seed", "1",
                        "--out", str(d / "big.npz")], check=True, capture_output=True,
                       env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")})
        cases = [
            ["info", "deep.json"], ["solve", "deep.json"], ["info", "garbage.bin"], ["info", "big.txt"],
            ["render", "big.npz", "--cell-size", "100000", "--out", "x.png"],
            ["render", "big.npz", "--cell-size", "1000", "--out", "x.png"],
            ["generate", "--size", "30000x30000"],
        ]
        if not opts.quick:
            cases.append(["generate", "--size", "30000x30000", "--seed", "1", "--out", "huge.npz"])
        print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, Python "
              f"{platform.python_version()}, under `ulimit -v {CAP_KB}` (4 GB):\n")
        print("| command | wall s | peak RSS MiB | exit | last line on stderr |")
        print("|---|---:|---:|---:|---|")
        for args in cases:
            wall, rss, code, last = run(args, d)
            print(f"| `tremaux {' '.join(args)}` | {wall:.1f} | {rss / 1024:.0f} | {code} | {last[:110]} |",
                  flush=True)


if __name__ == "__main__":
    main()
