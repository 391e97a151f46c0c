"""Start-up: help, version and the registry lists load none of the heavy libraries; ``import tremaux`` is lazy.

Each case runs in a fresh interpreter and looks at ``sys.modules`` afterwards (behaviour, not timing: the
timings are in benchmarks/bench_startup.py and docs/benchmarks.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

HEAVY = ["numba", "llvmlite", "networkx", "pyarrow", "dask", "distributed", "fastapi", "starlette", "uvicorn",
         "rich.markdown", "pysat", "scipy", "PIL", "tremaux.kernels.grid", "tremaux.kernels.generate",
         "tremaux.kernels.solve"]

LOADED = "[m for m in HEAVY if m in sys.modules]"

PROBE = """
import json, sys
from tremaux.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code or 0
else:
    code = 0
print(json.dumps({"code": code, "loaded": LOADED}), file=sys.stderr)
""".replace("LOADED", LOADED)


def _probe(code: str, *args: str) -> tuple[str, dict]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.run([sys.executable, "-c", f"HEAVY = {HEAVY!r}\n" + code, *args], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(proc.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["generate", "--list"], ["solve", "--list"],
                                  ["numberlink", "--help"], ["generate", "--help"]])
def test_help_version_and_lists_load_no_heavy_library(argv):
    out, report = _probe(PROBE, *argv)
    assert report == {"code": 0, "loaded": []}
    assert out.strip()  # it did print something


def test_lists_name_every_registered_algorithm():
    out, _ = _probe(PROBE, "generate", "--list")
    names = [line.split()[0] for line in out.splitlines()]
    assert "backtracker" in names and "growing-tree" in names and "wilson" in names
    out, _ = _probe(PROBE, "solve", "--list")
    assert {"bfs", "tremaux", "astar"} <= {line.split()[0] for line in out.splitlines()}


def test_import_tremaux_is_lazy_and_gives_every_subpackage_on_first_use():
    code = """
import json, sys
import tremaux
before = LOADED
m = tremaux.Maze.open((2, 3))
text = tremaux.io.dumps(m, "ascii")
after_io = "networkx" in sys.modules
has = [hasattr(tremaux, name) for name in ("numberlink", "measure", "render", "generate", "solve", "GENERATORS")]
print(json.dumps({"before": before, "networkx_after_io": after_io, "has": has, "lines": len(text.splitlines())}),
      file=sys.stderr)
""".replace("LOADED", LOADED)
    _, report = _probe(code)
    assert report == {"before": [], "networkx_after_io": False, "has": [True] * 6, "lines": 5}


def test_every_public_module_on_disk_is_an_attribute_of_tremaux():
    import pkgutil

    import tremaux

    names = sorted(info.name for info in pkgutil.iter_modules(tremaux.__path__) if not info.name.startswith("_"))
    assert {"grids", "budget", "warmup", "numberlink", "io"} <= set(names)
    missing = [name for name in names if not hasattr(tremaux, name)]
    assert missing == []
    assert set(names) <= set(dir(tremaux))


def test_unknown_attribute_is_an_attribute_error():
    import tremaux

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        tremaux.nope  # noqa: B018


def test_command_line_starts_numba_without_coverage_or_scipy_blas_and_leaves_them_importable():
    code = """
import json, sys
from tremaux.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    assert not exc.code, exc.code
import importlib, importlib.util
from tremaux import _numba
names = ("coverage", "scipy.linalg", "scipy.linalg.cython_blas", "cffi")
skipped = [m for m in names if m in sys.modules]
placeholders = [m for m in _numba._SKIPPED if m in sys.modules and sys.modules[m] is None]  # blocks left behind
importable = []
for m in ("coverage", "scipy.linalg.cython_blas", "cffi"):  # not blocked afterwards, where installed
    try:
        installed = importlib.util.find_spec(m) is not None
    except ModuleNotFoundError:
        installed = False
    if installed:
        importlib.import_module(m)
        importable.append(m)
print(json.dumps({"numba": "numba" in sys.modules, "skipped": skipped, "placeholders": placeholders,
                  "importable": importable, "lean": _numba._LEAN}), file=sys.stderr)
"""
    out, report = _probe(code, "generate", "--size", "40x40", "--seed", "1")  # over SMALL_MAZE_CELLS: compiled
    assert report["numba"] is True and report["lean"] is True
    assert report["skipped"] == [] and report["placeholders"] == []
    assert len(out.splitlines()) == 81  # the 40 x 40 maze in ascii


def test_library_keeps_numba_defaults():
    code = """
import json, sys
import importlib.util
import tremaux
from tremaux import _numba
tremaux.generate((3, 3), "backtracker", seed=1)
try:
    scipy_installed = importlib.util.find_spec("scipy") is not None
except ModuleNotFoundError:
    scipy_installed = False
print(json.dumps({"lean": _numba._LEAN, "numba": "numba" in sys.modules,
                  "blas_as_numba_does": "scipy.linalg.cython_blas" in sys.modules or not scipy_installed}),
      file=sys.stderr)
"""
    _, report = _probe(code)
    assert report == {"lean": False, "numba": True, "blas_as_numba_does": True}


@pytest.mark.parametrize("argv", [["generate", "--size", "20x20", "--seed", "3"],
                                  ["generate", "--size", "32x32", "--generator", "aldous-broder", "--seed", "1"],
                                  ["solve", "MAZE", "--solver", "astar"]])
def test_small_maze_commands_run_without_numba_and_print_what_compiled_kernels_give(argv, tmp_path, capsys):
    import tremaux
    from tremaux import io as maze_io

    maze = tremaux.generate((20, 20), "kruskal", seed=9, braid=0.5).maze
    (tmp_path / "m.json").write_text(maze_io.dumps(maze, "json"))
    argv = [str(tmp_path / "m.json") if a == "MAZE" else a for a in argv]
    out, report = _probe(PROBE, *argv)
    assert report["code"] == 0
    assert [m for m in report["loaded"] if not m.startswith("tremaux.kernels.")] == []  # no numba: ran as Python
    from tremaux import _jit
    from tremaux.cli import main

    import numba  # noqa: F401  # in this process every kernel runs compiled
    try:
        main(argv)
    finally:
        _jit.allow_interpreted(0)
    assert out == capsys.readouterr().out and out.count("\n") >= 41


@pytest.mark.parametrize("rule", ["fill", "nikoli"])
def test_small_puzzle_solve_and_check_run_without_numba_and_give_valid_lines(rule, tmp_path):
    from numberlink_checker import follow
    from tremaux.numberlink import generate_puzzle, load, save

    puzzle = generate_puzzle((12, 15), seed=4, density=0.05).puzzle  # proper under the no-touch convention
    path = tmp_path / "p.txt"
    save(puzzle, path)
    out, report = _probe(PROBE, "numberlink", "solve", str(path), "--rule", rule, "--json")
    assert report["code"] == 0
    assert [m for m in report["loaded"] if m not in ("pysat",)] == []  # SAT answered; no numba, no search kernel
    answer = json.loads(out)[0]
    assert answer["status"] == "solved"
    paths = [line["cells"] for line in answer["lines"]]
    assert len(paths) == puzzle.pairs > 3
    assert follow(load(path).grid.tolist(), paths, fill=(rule == "fill")) == []
    _, report = _probe(PROBE, "numberlink", "check", str(path))
    assert report["code"] == 0 and "numba" not in report["loaded"]  # proper, proved by SAT alone


def test_small_puzzle_limit_leaves_big_puzzles_to_the_compiled_search(tmp_path):
    code = """
import json, sys
from tremaux import _jit
from tremaux.numberlink import Puzzle
from tremaux.numberlink.solvers.search import compiled_now
_jit.allow_interpreted(_jit.SMALL_PUZZLE_CELLS)
small = Puzzle.from_rows(["1.1", "2.2"])
side = int(_jit.SMALL_PUZZLE_CELLS ** 0.5) + 1
big = Puzzle.from_rows(["1" + "." * (side - 2) + "1"] + ["." * side] * (side - 1))
print(json.dumps({"small": compiled_now(small), "big": compiled_now(big)}), file=sys.stderr)
"""
    _, report = _probe(code)
    assert report == {"small": False, "big": True}


UNUSED = {  # what each command must not load: it does not use it (each cost a few hundredths of a second)
    "numberlink": ["rich", "urllib.request", "tremaux.numberlink.generate", "tremaux.numberlink.check",
                   "tremaux.numberlink.uniqueness", "multiprocessing"],  # plain text off a terminal; no generator,
    # diagnosis, nor child processes
    "generate": ["numpy.random", "tremaux.render", "tremaux.grids",  # a whole-number seed needs no numpy.random
                 "xml.etree", "tremaux.io._levels"],  # nor the reader of pictures of levels, and its SVG parser
    "solve": ["tremaux.render.animate", "tremaux.render.png", "tremaux.grids.draw", "tremaux.generators",
              "xml.etree", "tremaux.io._levels"],
}


@pytest.mark.parametrize("command", sorted(UNUSED))
def test_a_command_loads_only_what_it_uses(command, tmp_path):
    if command == "numberlink":
        (tmp_path / "p.txt").write_text("1..2\n....\n1..2\n")
        argv = ["numberlink", "solve", str(tmp_path / "p.txt")]
    elif command == "generate":
        argv = ["generate", "--size", "20x20", "--seed", "3"]
    else:
        (tmp_path / "m.txt").write_text("+---+---+\n| S     |\n+   +   +\n|     G |\n+---+---+\n")
        argv = ["solve", str(tmp_path / "m.txt")]
    code = f"UNUSED = {UNUSED[command]!r}\n" + PROBE.replace("for m in HEAVY if", "for m in UNUSED if")
    assert code != PROBE
    out, report = _probe(code, *argv)
    assert report == {"code": 0, "loaded": []}
    if command == "numberlink":  # the lines, drawn plain: the standard output is not a terminal
        assert "\x1b[" not in out and out.count("\n") == 3 and out.count("1") == 2 and "─" in out
    else:
        assert out.startswith("+---+") and out.count("\n") >= 5


def test_a_terminal_still_gets_colours_without_being_told(tmp_path):
    """rich is skipped only where it would print plain text: on a terminal (a pseudo-terminal here, with no
    FORCE_COLOR) the lines are still coloured."""
    pty = pytest.importorskip("pty")
    (tmp_path / "p.txt").write_text("1..2\n....\n1..2\n")
    main_fd, child_fd = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")}
    env.update(PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""), TERM="xterm-256color")
    try:
        proc = subprocess.run([sys.executable, "-m", "tremaux", "numberlink", "solve", str(tmp_path / "p.txt")],
                              stdout=child_fd, stderr=subprocess.PIPE, env=env, timeout=120)
        os.close(child_fd)
        chunks = []
        while True:
            try:
                chunk = os.read(main_fd, 65536)
            except OSError:  # the terminal's other side is closed: all was read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(main_fd)
    out = b"".join(chunks).decode()
    assert proc.returncode == 0, proc.stderr
    assert "\x1b[" in out and "─" in out


def test_lazy_packages_give_every_name_and_keep_functions_named_as_submodules():
    code = """
import json, sys
import tremaux.render.replay  # the submodule first: render.replay stays the API's function
import tremaux.render.animate
from tremaux import grids, numberlink, render
missing = [f"{pkg.__name__}.{name}" for pkg in (grids, numberlink, render) for name in pkg.__all__
           if not hasattr(pkg, name) or name not in dir(pkg)]
print(json.dumps({"replay": render.replay is render.animate.replay, "missing": missing,
                  "formats": numberlink.formats.__name__}), file=sys.stderr)
"""
    _, report = _probe(code)
    assert report == {"replay": True, "missing": [], "formats": "tremaux.numberlink.formats"}


GRID_COMMANDS = {  # a small maze on another grid, or a small square maze's picture: no numba, its kernels as Python
    "generate hex": ["generate", "--grid", "hex", "--seed", "1"],
    "solve woven": ["solve", "WOVEN"],
    "show polar": ["show", "POLAR"],  # the polar grid's tables are filled by a kernel as the file is read
    "render polar png": ["render", "POLAR", "--out", "OUT.png"],
    "render square png": ["render", "SQUARE", "--out", "OUT.png"],
}


@pytest.mark.parametrize("command", sorted(GRID_COMMANDS))
def test_small_grid_commands_run_without_numba(command, tmp_path):
    from tremaux.grids import files, generate_on, make_grid

    files.save(generate_on(make_grid("polar", rings=6), seed=2).maze, tmp_path / "polar.json")
    files.save(generate_on(make_grid("square", size=(5, 6), weave=True), "kruskal", seed=2).maze,
               tmp_path / "woven.json")
    (tmp_path / "m.txt").write_text("+---+---+\n| S     |\n+   +   +\n|     G |\n+---+---+\n")
    paths = {"POLAR": tmp_path / "polar.json", "WOVEN": tmp_path / "woven.json", "SQUARE": tmp_path / "m.txt",
             "OUT.png": tmp_path / "out.png"}
    argv = [str(paths.get(a, a)) for a in GRID_COMMANDS[command]]
    out, report = _probe(PROBE, *argv)
    assert report["code"] == 0
    assert "numba" not in report["loaded"] and "llvmlite" not in report["loaded"]
    if "--out" in argv:
        assert (tmp_path / "out.png").read_bytes()[1:4] == b"PNG"
    else:
        assert out.count("\n") >= 3
