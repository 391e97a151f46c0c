"""Every command on every grid kind, for ``bench_startup.py --every``: the command lines, what each loads of numba's
kernels, and whether two source trees print and write the same bytes.

The grid kinds: the plain square grid (the reference), hex, triangle, polar, upsilon, zeta, a wrapped square grid
(torus), a woven square grid, a masked square maze and a maze with levels. For each: ``generate`` (the maze
printed), and on a file saved by ``generate --seed 1``: ``solve``, ``render`` to SVG and PNG, and ``show``. Number
Link: ``solve``, ``check`` and ``generate`` at 10 x 10 and 15 x 20. ``numberlink_case``: every Number Link command and
its common options on small boards (``--numberlink``); ``imports``: the heavy packages a command loads (``--imports``).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

KINDS: dict[str, list[str]] = {
    "square": [],
    "hex": ["--grid", "hex"],
    "triangle": ["--grid", "triangle"],
    "polar": ["--grid", "polar"],
    "upsilon": ["--grid", "upsilon"],
    "zeta": ["--grid", "zeta"],
    "wrapped": ["--wrap", "torus"],
    "woven": ["--weave", "0.3"],
    "masked": ["--mask", "MASK"],
    "levels": ["--size", "3x10x10"],
}
"""Grid kind -> the options of ``tremaux generate`` that make a maze on it (default size, 10 x 20 or 10 rings)."""

MASK = "####....####\n############\n############\n###......###\n############\n"
"""The masked maze's shape (``#`` a cell)."""

PUZZLES = ("10x10", "15x20")


def every_case(tmp: Path, run: Callable[[list[str]], None]) -> list[tuple[str, float | None, list[str]]]:
    """The commands timed by ``--every``: label, target seconds (or None) and command line.

    ``run(argv)`` runs a command once (to write the files the others read, in ``tmp``); every command line
    writes its output files in ``tmp/out``.
    """
    cli = [sys.executable, "-m", "tremaux"]
    (tmp / "mask.txt").write_text(MASK)
    out = tmp / "out"
    out.mkdir(exist_ok=True)
    rows: list[tuple[str, float | None, list[str]]] = []
    for kind, opts in KINDS.items():
        opts = [str(tmp / "mask.txt") if o == "MASK" else o for o in opts]
        maze = tmp / f"{kind}.json"
        run(cli + ["generate", *opts, "--seed", "1", "--out", str(maze)])
        rows += [
            (f"generate {kind}", None, cli + ["generate", *opts, "--seed", "1"]),
            (f"solve {kind}", None, cli + ["solve", str(maze)]),
            (f"render {kind} svg", None, cli + ["render", str(maze), "--out", str(out / f"{kind}.svg")]),
            (f"render {kind} png", None, cli + ["render", str(maze), "--out", str(out / f"{kind}.png")]),
            (f"show {kind}", None, cli + ["show", str(maze)]),
        ]
    for size in PUZZLES:
        puzzle = tmp / f"p{size}.txt"
        run(cli + ["numberlink", "generate", "--size", size, "--seed", "1", "--out", str(puzzle)])
        target = 0.5 if size == "15x20" else 0.6
        rows += [
            (f"numberlink solve {size}", target, cli + ["numberlink", "solve", str(puzzle)]),
            (f"numberlink check {size}", None, cli + ["numberlink", "check", str(puzzle)]),
            (f"numberlink generate {size}", None, cli + ["numberlink", "generate", "--size", size, "--seed", "1"]),
        ]
    return rows


def outputs(argv: list[str], env: dict[str, str], cwd: Path) -> str:
    """A digest of what one run of ``argv`` printed (both streams, timings masked) and wrote, and its status."""
    proc = subprocess.run(argv, env=env, capture_output=True, cwd=cwd)
    h = hashlib.sha256()
    h.update(str(proc.returncode).encode())
    h.update(_SECONDS.sub('"seconds": T', proc.stdout.decode(errors="replace")).encode())  # the JSON's time
    err = proc.stderr.decode(errors="replace")
    h.update(_timeless(err).encode())
    for arg in argv:
        if "/out/" in arg:
            h.update(Path(arg).read_bytes())
    return h.hexdigest()


_SECONDS = re.compile(r'"seconds": \d+(\.\d+)?(e-?\d+)?')
"""The time a command's JSON reports (``"seconds": 0.0632``)."""


def _timeless(text: str) -> str:
    """``text`` with the times a command reports (``in 1.28 s``, ``(74.9 ms)``) replaced by ``T``."""
    return re.sub(r"\d+(\.\d+)? ?(ms|s)\b", "T", text)


PROBE = r"""
import json, sys, time
c0 = time.process_time()
from tremaux import _jit, _numba

loads, made, calls = {}, [], {}
numba_start = [0.0]
load, prop, call = _jit.Kernel._load, _jit.Kernel.dispatcher.fget, _jit.Kernel.__call__
setup = _numba.setup

def timed_setup(*a, **k):
    t = time.process_time()
    try:
        return setup(*a, **k)
    finally:
        numba_start[0] += time.process_time() - t

def timed_load(self, args):
    t = time.process_time()
    try:
        return load(self, args)
    finally:
        loads[f"{self.__module__.rsplit('.', 1)[-1]}.{self.__qualname__}"] = time.process_time() - t

def counted_prop(self):
    if self._dispatcher is None:
        made.append(f"{self.__module__.rsplit('.', 1)[-1]}.{self.__qualname__}")
    return prop(self)

def counted_call(self, *args):
    name = f"{self.__module__.rsplit('.', 1)[-1]}.{self.__qualname__}"
    t = time.process_time()
    try:
        return call(self, *args)
    finally:
        n, s = calls.get(name, (0, 0.0))
        calls[name] = (n + 1, s + time.process_time() - t)

_numba.setup = timed_setup
_jit.Kernel._load = timed_load
_jit.Kernel.dispatcher = property(counted_prop)
_jit.Kernel.__call__ = counted_call
from tremaux.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
report = {"numba": "numba" in sys.modules, "numba_start": numba_start[0], "loads": loads,
          "dispatchers": made, "calls": calls, "cpu": time.process_time() - c0}
print(json.dumps(report), file=sys.stderr)
"""
"""A child that runs one command in process and reports, on its last line of stderr: whether numba was imported,
the CPU seconds of numba's start (:func:`tremaux._numba.setup`), each kernel loaded from the cache and the
seconds it took (type resolution and the cache's load), the dispatchers made (a kernel loaded or only looked at
by a compiled caller), and the calls from Python into kernels (count and seconds, interpreted or compiled)."""


def kernels(argv: list[str], env: dict[str, str], cwd: Path) -> dict:
    """What the command ``argv`` (``python -m tremaux ...``) loads of numba, from :data:`PROBE`."""
    args = argv[argv.index("tremaux") + 1:]
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True, cwd=cwd)
    return json.loads(proc.stderr.strip().splitlines()[-1])


NL_SIZES = ("5x5", "10x10", "15x20")
"""The boards of ``--numberlink``: small, the issue's 10 x 10 and the 15 x 20 target."""


def numberlink_case(tmp: Path, run: Callable[[list[str]], None]) -> list[tuple[str, float | None, list[str]]]:
    """Every Number Link command and its common options on small boards, for ``bench_startup.py --numberlink``.

    ``solve``, ``check`` and ``generate`` at 5 x 5, 10 x 10 and 15 x 20 (generate also 15 x 15, and 30 x 30 and
    40 x 40 on either side of :data:`tremaux._jit.SMALL_PUZZLE_CELLS`; solve also 40 x 40); on the 10 x 10
    puzzle ``solve`` under each rule and solver, with ``--no-touch``, ``--unique``, ``--count``, ``--all``,
    ``--json``, ``--numbers`` and pictures to SVG and PNG, ``check --rule nikoli``; ``generate`` under nikoli,
    with ``--touch``, a density, each planting, ``--solution``, ``--json`` and a picture; ``convert`` to text
    formats and pictures; and the command line's ``--help`` and ``--version``.
    """
    cli = [sys.executable, "-m", "tremaux"]
    nl = cli + ["numberlink"]
    out = tmp / "out"
    out.mkdir(exist_ok=True)
    p = {}
    for size in NL_SIZES:
        p[size] = str(tmp / f"p{size}.txt")
        run(nl + ["generate", "--size", size, "--seed", "1", "--out", p[size]])
    ten = p["10x10"]
    big = str(tmp / "p40x40.txt")  # a board past the limit, compiled
    run(nl + ["generate", "--size", "40x40", "--seed", "1", "--out", big])
    rows: list[tuple[str, float | None, list[str]]] = [
        ("--help", 0.3, cli + ["--help"]),
        ("--version", 0.3, cli + ["--version"]),
        ("numberlink --help", 0.3, nl + ["--help"]),
    ]
    for size in NL_SIZES:
        target = {"10x10": 0.6, "15x20": 0.5}.get(size)
        rows += [(f"nl solve {size}", target, nl + ["solve", p[size]]),
                 (f"nl check {size}", None, nl + ["check", p[size]])]
    rows.append(("nl solve 40x40", None, nl + ["solve", big]))
    rows += [(f"nl solve 10x10 {' '.join(opts)}", 0.6, nl + ["solve", ten, *opts]) for opts in (
        ["--rule", "nikoli"], ["--no-touch"], ["-s", "tremaux"], ["--unique"], ["--count", "3"], ["--all"],
        ["--json"], ["--numbers"], ["--rule", "nikoli", "--unique"])]
    rows += [("nl solve 10x10 --out x.svg", 0.6, nl + ["solve", ten, "--out", str(out / "s.svg")]),
             ("nl solve 10x10 --out x.png", 0.6, nl + ["solve", ten, "--out", str(out / "s.png")]),
             ("nl check 10x10 --rule nikoli", None, nl + ["check", ten, "--rule", "nikoli"])]
    for size in ("5x5", "10x10", "15x15", "15x20", "30x30", "40x40"):  # 30 x 30: the limit; 40 x 40 compiled
        rows.append((f"nl generate {size}", None, nl + ["generate", "--size", size, "--seed", "1"]))
    gen = nl + ["generate", "--size", "10x10", "--seed", "1"]
    rows += [(f"nl generate 10x10 {' '.join(opts)}", None, gen + opts) for opts in (
        ["--rule", "nikoli"], ["--touch"], ["--density", "0.05"], ["--density", "0.05", "--planting", "winding"],
        ["--density", "0.05", "--planting", "stairs"], ["--rule", "nikoli", "--density", "0.05"], ["--solution"],
        ["--json"], ["-f", "contest"])]
    rows.append(("nl generate 10x10 --out x.svg", None, gen + ["--out", str(out / "g.svg")]))
    rows += [("nl convert 10x10 -f contest", None, nl + ["convert", ten, "-f", "contest"]),
             ("nl convert 10x10 -f puzzlink", None, nl + ["convert", ten, "-f", "puzzlink"]),
             ("nl convert 10x10 --out x.svg", None, nl + ["convert", ten, "--out", str(out / "c.svg")]),
             ("nl convert 10x10 --out x.png", None, nl + ["convert", ten, "--out", str(out / "c.png")])]
    return rows


def imports(argv: list[str], env: dict[str, str], cwd: Path) -> dict[str, float]:
    """The heavy packages the command ``argv`` imports (numba, scipy, pysat, networkx, PIL, rich.markdown,
    multiprocessing...), each with its cumulative import time in seconds (``python -X importtime``)."""
    heavy = ("numba", "scipy", "pysat", "networkx", "PIL", "rich.markdown", "rich.console", "multiprocessing",
             "concurrent.futures", "pydantic", "numpy.random", "numpy.ma", "xml.etree.ElementTree", "llvmlite")
    proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True, cwd=cwd)
    found: dict[str, float] = {}
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (part.strip() for part in line[len("import time:"):].split("|"))
        if name in heavy:
            found[name] = int(cumulative) / 1e6
    return found
