"""What a notebook shows of every tremaux object, swept over object kinds and sizes in real notebooks.

Usage::

    python benchmarks/sweep_notebook.py --quick --part dev      # the development half, in a few minutes
    python benchmarks/sweep_notebook.py --quick --part held     # the held-out half
    python benchmarks/sweep_notebook.py --part all --json out.json
    python benchmarks/sweep_notebook.py --in-process            # IPython's DisplayFormatter, no kernel

Each spec is a line of Python a user would type to make an object (a maze, what ``generate`` and ``solve``
return, grid mazes, masks, levels, traces, statistics, datasets, Number Link puzzles, solutions, checks and
generated puzzles, errors), from 1 x 1 to 2000 x 2000 (Number Link boards to 200 x 200). Specs are split by index:
even indices are the development half, odd ones the held-out half. With ``nbclient`` and ``ipykernel`` installed
(the ``bench`` extra), each half is one notebook run by a real kernel: a cell per spec whose last line is the
object (what Jupyter shows is the cell's output), then a probe cell that times the display formatter on it (CPU
seconds in the kernel) and draws the object it should differ from (a solved maze's maze, a solved puzzle's
puzzle). Without them, the same is done in process with ``IPython.core.formatters.DisplayFormatter``.

Checks on each output: no error and no traceback; a readable ``text/plain`` (no bare ``<... object at 0x...>``,
at most 20,000 characters); SVG parses as XML with an ``<svg>`` root; PNG opens with Pillow; the output's
pictures together at most 2,500,000 bytes; a picture where the spec expects one (every maze, run and puzzle up
to the documented limits: square mazes up to 2000 x 2000, grid mazes up to 250,000 cells, Number Link boards up
to 200 x 200); a solved maze's or puzzle's picture differs from its unsolved one's; the display formatter within
20 CPU seconds. Prints one line per problem, then the totals and the largest pictures.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import time
import xml.etree.ElementTree as ET

MAX_BYTES = 2_500_000
MAX_TEXT = 20_000
MAX_CPU = 20.0
BARE = re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>")

SETUP = """
import json, time, hashlib, os, tempfile
import numpy as np
import tremaux
from tremaux import numberlink as nl, grids, render, measure, dataset
from tremaux.grids import make_grid, generate_on, solve_on
_tmp = tempfile.mkdtemp()
get_ipython().displayhook.cache_size = 0  # no Out[n] history: each object is let go after its cells
def _pz(h, w, seed=1):
    return nl.generate_puzzle((h, w), seed=seed, time_limit=120)
def _bundle_key(o):
    d, _ = get_ipython().display_formatter.format(o)
    pics = {k: v for k, v in d.items() if k.startswith("image/")}
    return hashlib.sha1(repr(sorted((k, v if isinstance(v, str) else bytes(v)) for k, v in pics.items())).encode()).hexdigest() if pics else None
def _probe(o, base):
    t = time.process_time()
    _bundle_key(o)
    cpu = time.process_time() - t
    solved = getattr(o, "found", None)
    if solved is None and hasattr(o, "status"):
        solved = o.status == "solved"
    if solved is None and hasattr(o, "verdict"):
        solved = o.verdict in ("proper", "multiple-solutions")
    out = {"cpu": cpu, "type": type(o).__name__, "solved": solved}
    if base is not None:
        out["same_as_base"] = _bundle_key(o) == _bundle_key(base)
    print("PROBE " + json.dumps(out))
"""

# (name, expression, base expression or None, expects a picture: True / False / None = either)
SQUARE_SIZES = [(1, 1), (1, 2), (2, 1), (3, 3), (7, 13), (40, 40), (200, 200), (201, 200), (1, 40000),
                (1000, 1000), (1001, 1000), (2000, 2000)]
GRID_SIZES = [(1, 1), (2, 2), (3, 7), (30, 30), (201, 200), (500, 500), (501, 500)]
NL_SIZES = [(1, 2), (2, 2), (3, 3), (6, 6), (20, 20), (60, 60), (100, 100), (101, 100), (150, 150), (200, 200)]
QUICK_SKIP = {(1000, 1000), (500, 500), (150, 150), (60, 60)}


def specs(quick: bool) -> list[tuple[str, str, str | None, bool | None]]:
    out = []
    for h, w in SQUARE_SIZES:
        if quick and (h, w) in QUICK_SKIP:
            continue
        g = f"tremaux.generate(({h}, {w}), 'backtracker', seed=3)"
        out += [(f"maze {h}x{w}", f"{g}.maze", None, True),
                (f"generated {h}x{w}", g, None, True),
                (f"solution {h}x{w}", f"tremaux.solve({g}.maze, 'bfs')", "obj.maze" if h * w > 1 else None, True),
                (f"braided solution {h}x{w}", f"tremaux.solve(tremaux.generate(({h}, {w}), 'kruskal', seed=5, braid=0.5).maze, 'astar')",
                 "obj.maze" if h * w > 1 else None, True)]
        if h * w <= 40000:
            out += [(f"tremaux record {h}x{w}", f"tremaux.solve({g}.maze, 'tremaux', record=True)", None, True),
                    (f"trace {h}x{w}", f"tremaux.solve({g}.maze, 'dfs', record=True).trace", None, None),
                    (f"maze stats {h}x{w}", f"measure.maze_stats({g}.maze)", None, None)]
    for n in [(2, 3, 4), (3, 40, 40), (2, 300, 300), (4, 500, 500)]:
        if quick and n[1] == 500:
            continue
        g = f"tremaux.generate({n}, 'backtracker', seed=2)"
        out += [(f"levels {n}", f"{g}.maze", None, True),
                (f"levels solution {n}", f"tremaux.solve({g}.maze, 'bfs')", "obj.maze", True)]
    for h, w in [(5, 5), (40, 40), (300, 300), (1500, 1500)]:
        if quick and h == 1500:
            continue
        mask = f"~np.eye({h}, {w}, dtype=bool) | (np.arange({w}) < 2)"
        out += [(f"masked {h}x{w}", f"tremaux.generate(({h}, {w}), 'wilson', seed=1, mask={mask})", None, True),
                (f"masked solution {h}x{w}",
                 f"tremaux.solve(tremaux.generate(({h}, {w}), 'wilson', seed=1, mask={mask}).maze, 'bfs')", None, True),
                (f"percolation no path {h}x{w}",
                 f"tremaux.solve(tremaux.generate(({h}, {w}), 'percolation', seed=4, p=0.2).maze, 'bfs')", None, True)]
    kinds = [("hex", "size={s}"), ("triangle", "size={s}"), ("upsilon", "size={s}"), ("zeta", "size={s}"),
             ("square", "size={s}, wrap='torus'"), ("square", "size={s}, wrap='moebius'"),
             ("square", "size={s}, weave=True"), ("hex", "size={s}, weave=True"), ("polar", "rings={r}"),
             ("square", "size={s}, wrap='cylinder'")]
    for i, (kind, kw) in enumerate(kinds):
        for h, w in GRID_SIZES:
            if quick and (h, w) in QUICK_SKIP:
                continue
            if "wrap" in kw and min(h, w) < 3:  # a wrapped grid under 3 x 3 is refused by name
                continue
            if kind == "polar" and h > 300:
                continue
            grid = f"make_grid({kind!r}, {kw.format(s=(h, w), r=h)})"
            algo = "kruskal" if "weave" in kw else "wilson"
            g = f"generate_on({grid}, {algo!r}, seed=1)"
            big = (h * w if kind != "polar" else h * h * 6) > 250_000
            out += [(f"grid {kind} {kw.format(s=(h, w), r=h)}", f"{g}.maze", None, not big),
                    (f"grid gen {kind} {kw.format(s=(h, w), r=h)}", g, None, not big),
                    (f"grid solution {kind} {kw.format(s=(h, w), r=h)}", f"solve_on({g}.maze, 'bfs')",
                     "obj.maze" if h * w > 1 else None, not big)]
            if h * w <= 900:
                out += [(f"grid stats {kind} {(h, w)}", f"grids.grid_stats({g}.maze)", None, None),
                        (f"grid itself {kind} {(h, w)}", grid, None, None)]
    for h, w in NL_SIZES:
        if quick and (h, w) in QUICK_SKIP:
            continue
        pz = f"_pz({h}, {w})"
        out += [(f"nl generated {h}x{w}", pz, None, True),
                (f"nl puzzle {h}x{w}", f"{pz}.puzzle", None, True),
                (f"nl linking {h}x{w}", f"{pz}.solution", None, None),
                (f"nl solution {h}x{w}", f"nl.solve_puzzle({pz}.puzzle)", "obj.puzzle", True),
                (f"nl diagnose {h}x{w}", f"nl.diagnose({pz}.puzzle)", "obj.puzzle", True)]
    out += [("nl no solution", "nl.solve_puzzle(nl.Puzzle([[1, 2], [2, 1]]))", None, True),
            ("nl walled in", "nl.diagnose(nl.Puzzle([[1, 2, 0], [2, 1, 0]]))", None, True),
            ("nl count", "nl.solve_puzzle(nl.Puzzle([[1, 0, 0], [0, 0, 1]]), count=5, rule='nikoli')", None, True),
            ("nl tremaux record", "nl.solve_puzzle(nl.Puzzle([[1, 0, 1], [2, 0, 2]]), solver='tremaux', record=True)",
             "obj.puzzle", True),
            ("nl from text", "nl.loads('1.2\\n...\\n1.2')", None, True),
            ("nl rule", "nl.resolve('nikoli')", None, None),
            ("nl quick verdict", "nl.quick_verdict(nl.Puzzle([[1, 0, 1]]))", None, None),
            ("nl check file", "(open(_tmp + '/p.txt', 'w').write('1.1\\n2.2'), nl.check_file(_tmp + '/p.txt'))[1]", None, None),
            ("nl solve file", "(open(_tmp + '/q.txt', 'w').write('1.1\\n2.2'), nl.solve_file(_tmp + '/q.txt'))[1][0]", None, True),
            ("nl registry", "nl.NL_SOLVERS", None, None),
            ("registry", "tremaux.GENERATORS", None, None),
            ("registry entry", "tremaux.SOLVERS['bfs']", None, None),
            ("direction", "tremaux.Direction.E", None, None),
            ("mask from text", "tremaux.generators.mask_from_text('#.#\\n...')", None, None),
            ("generation stats", "tremaux.generate((4, 4), 'eller', seed=1).stats", None, None),
            ("geometry", "make_grid('hex', size=(3, 3)).geometry()", None, None),
            ("dataset spec", "dataset.make_spec(count=3, size=(4, 4))", None, None),
            ("dataset build", "dataset.build(dataset.make_spec(count=3, size=(4, 4)), _tmp + '/d1')", None, None),
            ("dataset manifest", "(dataset.build(dataset.make_spec(count=3, size=(4, 4)), _tmp + '/d2'), "
             "dataset.read_manifest(_tmp + '/d2'))[1]", None, None),
            ("dataset load", "(dataset.build(dataset.make_spec(count=3, size=(4, 4)), _tmp + '/d3'), "
             "dataset.load(_tmp + '/d3'))[1]", None, None),
            ("error object", "tremaux.errors.InvalidSizeError('a maze needs at least one cell')", None, None),
            ("open maze", "tremaux.Maze.open((3, 3))", None, True),
            ("closed maze no ends", "tremaux.Maze.closed((3, 3))", None, True),
            ("maze from text", "tremaux.io.loads('#####\\n#E.G#\\n#####')", None, True)]
    return out


def cells(specs_: list) -> list[str]:
    src = []
    for name, expr, base, _ in specs_:
        src.append(f"# {name}\nobj = {expr}\nobj")
        src.append(f"_probe(obj, {base or 'None'}); del obj")
    return src


def run_notebook(specs_: list, timeout: int) -> tuple[list, float]:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(s) for s in cells(specs_)]
    t = time.time()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True).execute()
    wall = time.time() - t
    results = []
    for k in range(len(specs_)):
        shown, probe = nb.cells[1 + 2 * k], nb.cells[2 + 2 * k]
        bundle, errors, probed = {}, [], None
        for o in shown.outputs:
            if o.output_type == "execute_result":
                bundle = {m: (v if not m.startswith("image/png") else _b64(v)) for m, v in o.data.items()}
            elif o.output_type == "error":
                errors.append(f"{o.ename}: {o.evalue}".splitlines()[0])
            elif o.output_type == "stream" and o.name == "stderr" and "Traceback" in o.text:
                errors.append("traceback on stderr: " + o.text.strip().splitlines()[-1])
        for o in probe.outputs:
            if o.output_type == "stream" and "PROBE " in o.text:
                probed = json.loads(o.text.split("PROBE ", 1)[1].splitlines()[0])
            elif o.output_type == "error":
                errors.append(f"probe {o.ename}: {o.evalue}".splitlines()[0])
        results.append((bundle, errors, probed))
    return results, wall


def _b64(v: str) -> bytes:
    import base64

    return base64.b64decode(v)


def run_in_process(specs_: list) -> tuple[list, float]:
    import contextlib

    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    ns = shell.user_ns
    exec(SETUP, ns)
    t = time.time()
    results = []
    for name, expr, base, _ in specs_:
        errors, bundle, probed = [], {}, None
        err = io.StringIO()
        try:
            obj = eval(expr, ns)
            with contextlib.redirect_stderr(err):
                bundle, _ = shell.display_formatter.format(obj)
            ns["obj"] = obj
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                exec(f"_probe(obj, {base or 'None'})", ns)
            probed = json.loads(out.getvalue().split("PROBE ", 1)[1].splitlines()[0])
        except Exception as e:  # noqa: BLE001 - a spec that raises is a problem to report
            errors.append(f"{type(e).__name__}: {e}".splitlines()[0])
        if "Traceback" in err.getvalue():
            errors.append("traceback on stderr: " + err.getvalue().strip().splitlines()[-1])
        results.append((bundle, errors, probed))
    return results, time.time() - t


def judge(spec: tuple, bundle: dict, errors: list, probed: dict | None) -> tuple[list[str], dict]:
    name, _, base, want = spec
    problems = [f"error: {e}" for e in errors]
    sizes = {}
    text = bundle.get("text/plain", "")
    if not errors and not (probed and probed["type"] == "NoneType"):  # a cell whose value is None shows nothing
        if not text:
            problems.append("no text/plain")
        if BARE.search(text):
            problems.append(f"bare repr: {BARE.search(text).group(0)}")
        if len(text) > MAX_TEXT:
            problems.append(f"text/plain of {len(text):,} characters")
    for mime, v in bundle.items():
        if not mime.startswith("image/"):
            continue
        data = v.encode() if isinstance(v, str) else v
        sizes[mime] = len(data)
        if mime == "image/svg+xml":
            try:
                if not ET.fromstring(data).tag.endswith("svg"):
                    problems.append("SVG root is not <svg>")
            except ET.ParseError as e:
                problems.append(f"SVG does not parse: {e}")
        elif mime == "image/png":
            from PIL import Image

            try:
                with Image.open(io.BytesIO(data)) as im:
                    im.load()
                    sizes["png px"] = im.size
            except Exception as e:  # noqa: BLE001
                problems.append(f"PNG does not open: {e}")
    total = sum(v for k, v in sizes.items() if k.startswith("image/"))
    if total > MAX_BYTES:
        problems.append(f"pictures of {total:,} bytes")
    has = any(k.startswith("image/") for k in bundle)
    if want is True and not has and not errors:
        problems.append("no picture")
    if want is False and has:
        problems.append("a picture past the documented limit")
    if probed is not None:
        if probed["cpu"] > MAX_CPU:
            problems.append(f"display took {probed['cpu']:.1f} CPU s")
        if base is not None and probed.get("same_as_base") and probed.get("solved") and has:
            problems.append("picture is the same as the unsolved object's")
    return problems, {"bytes": total, **sizes, "cpu": None if probed is None else probed["cpu"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the slowest sizes (a few minutes a half)")
    ap.add_argument("--part", choices=["dev", "held", "all"], default="dev")
    ap.add_argument("--in-process", action="store_true", help="IPython's DisplayFormatter instead of a kernel")
    ap.add_argument("--timeout", type=int, default=900, help="seconds a notebook cell may take")
    ap.add_argument("--json", help="write every spec's figures here")
    args = ap.parse_args(argv)
    every = specs(args.quick)
    chosen = [s for i, s in enumerate(every) if args.part == "all" or (i % 2 == 0) == (args.part == "dev")]
    notebook = not args.in_process
    if notebook:
        try:
            import ipykernel  # noqa: F401
            import nbclient  # noqa: F401
        except ImportError:
            print("nbclient / ipykernel not installed: IPython's DisplayFormatter in process", file=sys.stderr)
            notebook = False
    cpu0 = time.process_time()
    results, wall = run_notebook(chosen, args.timeout) if notebook else run_in_process(chosen)
    rows, n_problems = [], 0
    for spec, (bundle, errors, probed) in zip(chosen, results):
        problems, figs = judge(spec, bundle, errors, probed)
        n_problems += len(problems)
        rows.append({"name": spec[0], "expr": spec[1], "problems": problems, **figs,
                     "mimes": sorted(bundle)})
        for p in problems:
            print(f"PROBLEM {spec[0]}: {p}")
    print(f"part {args.part}{' quick' if args.quick else ''}, {'notebook' if notebook else 'in process'}: "
          f"{len(chosen)} objects, {n_problems} problems, {sum(1 for r in rows if r['problems'])} objects with "
          f"problems; wall {wall:.0f} s, parent CPU {time.process_time() - cpu0:.1f} s")
    for r in sorted(rows, key=lambda r: -r["bytes"])[:5]:
        print(f"largest: {r['name']}: {r['bytes']:,} bytes {r.get('png px', '')} {r['mimes']}")
    slow = max(rows, key=lambda r: r["cpu"] or 0)
    print(f"slowest display: {slow['name']}: {slow['cpu'] or 0:.2f} CPU s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
