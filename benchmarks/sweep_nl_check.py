"""Number Link puzzles with the slips users make, checked as ``tremaux numberlink check`` checks them.

Each case is a puzzle (public files, or generated from 8x8 up, dense and sparse, and tiny boards that a brute force
settles) with one slip made from a seed: a number moved, two labels swapped, an endpoint walled in in a corner, or
none (the puzzle as printed, checked under each convention, lines that touch themselves allowed or not). Each case is
checked under ``fill`` and ``nikoli``, ``--touch`` and ``--no-touch``, and what the check says is checked in turn:

* the verdict: against the brute force of ``tests/numberlink_reference.py`` on boards of at most 25 cells; on larger
  ones the solutions shown are followed cell by cell (``tests/numberlink_checker.py``), a board said to need empty
  cells is solved under ``nikoli`` and the answer followed, and a cell said walled in is looked at;
* the explanation: one or two lines, each naming a pair or a cell; a second solution that differs where it says;
* the time: the check's limit honoured, a give-up saying the time spent;
* ``check --json`` (in process): the same verdict, reasons and grid as the API.

Slips that make the file no puzzle (a number removed, a label used three times, a row cut short) must be refused
in one line, ``error: ...`` and exit status 2 on the command line, a ``PuzzleError`` of one line from the API.

Seeds: even seeds are the development half, odd the held-out half; both are reported.

    PYTHONPATH=src python benchmarks/sweep_nl_check.py            # quick: a minute or two
    PYTHONPATH=src python benchmarks/sweep_nl_check.py --full     # every public file, generated up to 50x50
    PYTHONPATH=src python benchmarks/sweep_nl_check.py --seed 2   # other boards, public files and slips
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from numberlink_checker import follow  # noqa: E402
from numberlink_reference import brute_force  # noqa: E402

COMBOS = (("fill", False), ("fill", True), ("nikoli", False), ("nikoli", True))
SLIPS = ("as-printed", "moved", "swapped", "walled")
BAD_SLIPS = ("removed", "tripled", "ragged")
BRUTE_CELLS = 25
SHORT = 0.3  # the limit of the short-limit checks (seconds)
SLACK = 1.5  # seconds past the limit a check may take (the process's own start, a child killed at the limit)


# ---------------------------------------------------------------- puzzles


def public_puzzles(max_cells: int) -> list:
    """Every puzzle of the public files (the repository's copy and the shared folder) of at most ``max_cells``."""
    from tremaux.numberlink import load_all

    out, seen = [], set()
    for folder in (ROOT / "tests" / "data" / "numberlink", Path("/work/shared/numberlink")):
        for f in sorted(folder.rglob("*")):
            if not f.is_file() or f.suffix.lower() not in (".txt", ".json", ".csv", ".tsv", ".xml", ".pl", ""):
                continue
            if ".sol" in f.name or f.name in ("COPYING", "LICENSE", "README.md"):
                continue
            try:
                items = load_all(f, errors="keep")
            except Exception:  # noqa: BLE001 - a file the sweep cannot use is passed over
                continue
            for p in items:
                if hasattr(p, "grid") and p.height * p.width <= max_cells and p.pairs >= 2:
                    key = (p.shape, p.grid.tobytes())
                    if key not in seen:
                        seen.add(key)
                        out.append(p.replace(name=f"{f.parent.name}/{f.stem}"))
    return out


def generated(sizes, seeds, time_limit: float = 30.0) -> list:
    """Generated puzzles: each size dense (short lines) and sparse (density 0.03), under both rules."""
    from tremaux.numberlink import generate_puzzle

    out = []
    for i, size in enumerate(sizes):
        for density in (None, 0.03):
            rule = ("fill", "nikoli")[i % 2]
            try:
                g = generate_puzzle(size, rule=rule, density=density, seed=seeds + i, time_limit=time_limit)
            except Exception as exc:  # noqa: BLE001 - said, and passed over
                print(f"  (generate {size} {rule} density {density}: {exc})")
                continue
            p = g.puzzle if hasattr(g, "puzzle") else g[0]
            out.append(p.replace(name=f"gen-{size[0]}x{size[1]}-{rule}-{'sparse' if density else 'dense'}"))
    return out


def tiny(count: int, first: int = 1000) -> list:
    """Tiny boards (4x4 to 5x5, 2 to 4 pairs) with the ends put at random: settled by the brute force."""
    from tremaux.numberlink import Puzzle

    out = []
    for s in range(count):
        rng = np.random.default_rng(first + s)
        h, w = int(rng.integers(4, 6)), int(rng.integers(4, 6))
        k = int(rng.integers(2, 5))
        grid = np.zeros((h, w), dtype=np.int64)
        cells = rng.choice(h * w, size=2 * k, replace=False)
        for j, c in enumerate(cells):
            grid.flat[c] = j // 2 + 1
        out.append(Puzzle(grid, name=f"tiny-{s}"))
    return out


# ---------------------------------------------------------------- slips


def slip(p, kind: str, seed: int):
    """``p`` with the slip ``kind`` made from ``seed`` (a Puzzle, or the grid text for the bad-input slips)."""
    from tremaux.numberlink import Puzzle
    from tremaux.numberlink.formats import dumps

    rng = np.random.default_rng(seed)
    g = np.array(p.grid, dtype=np.int64)
    labels = list(p.labels)
    ends = np.argwhere(g > 0)
    empty = np.argwhere(g == 0)
    if kind == "as-printed":
        return p
    if kind == "moved":
        if not len(empty):
            return None
        a, b = ends[rng.integers(len(ends))], empty[rng.integers(len(empty))]
        g[tuple(b)], g[tuple(a)] = g[tuple(a)], 0
    elif kind == "swapped":
        a = ends[rng.integers(len(ends))]
        others = [e for e in ends if g[tuple(e)] != g[tuple(a)]]
        if not others:
            return None
        b = others[rng.integers(len(others))]
        g[tuple(a)], g[tuple(b)] = g[tuple(b)], g[tuple(a)]
    elif kind == "walled":  # a pair's end moved to a corner, another pair's two ends put on its two neighbours
        h, w = g.shape
        r, c = ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1))[rng.integers(4)]
        nbs = [(r, c + (1 if c == 0 else -1)), (r + (1 if r == 0 else -1), c)]
        k, j = rng.choice(p.pairs, size=2, replace=False) + 1
        for v in (k, j):
            g[g == v] = 0
        for cell in [(r, c)] + nbs:
            g[cell] = 0
        g[r, c] = k
        g[nbs[0]] = g[nbs[1]] = j
        free = np.argwhere(g == 0)
        g[tuple(free[rng.integers(len(free))])] = k
    elif kind in ("removed", "tripled", "ragged"):
        if kind == "removed":
            g[tuple(ends[rng.integers(len(ends))])] = 0
        elif kind == "tripled" and len(empty):
            g[tuple(empty[rng.integers(len(empty))])] = g[tuple(ends[rng.integers(len(ends))])]
        text = _text(g, labels)
        if kind == "ragged":
            rows = text.splitlines()
            i = int(rng.integers(len(rows)))
            rows[i] = rows[i][: -2 if " " in rows[i] else -1]
            text = "\n".join(rows) + "\n"
        return text
    try:
        return Puzzle(g, labels, name=f"{p.name}:{kind}:{seed}")
    except Exception:  # noqa: BLE001 - a slip that leaves a pair without its number (both ends in the corner's wall)
        return None


def _text(g, labels) -> str:
    """The grid of pair ids ``g`` as puzzle text, one label a cell (whitespace-separated when one is long)."""
    cells = [["." if v == 0 else labels[v - 1] for v in row] for row in g.tolist()]
    sep = " " if any(len(x) > 1 for row in cells for x in row) else ""
    return "\n".join(sep.join(row) for row in cells) + "\n"


# ---------------------------------------------------------------- checks


def cli(*args) -> tuple[int, str, str]:
    """``tremaux *args`` in process: exit status, stdout, stderr (the first-use note left out)."""
    from tremaux.cli import main

    out, err, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    err_text = "".join(x for x in err.getvalue().splitlines(True) if not x.startswith("first use"))
    return code, out.getvalue(), err_text


def reference_count(p, rule: str, touch: bool) -> int:
    """0, 1 or 2 (two or more) solutions, by the brute force."""
    return len(brute_force(p.grid.tolist(), rule == "fill", limit=2, touch=touch))


def _paths(run, i: int) -> list:
    return [[tuple(map(int, c)) for c in path] for path in run.solutions[i].paths]


def _named(reason: str, p) -> bool:
    """Whether ``reason`` names a pair (a label in quotes) or a cell (``row R column C``)."""
    return bool(re.search(r"row \d+ column \d+", reason)) or any(f"'{x}'" in reason for x in p.labels)


def judge(p, rule: str, touch: bool, d, seconds: float, limit: float) -> list[str]:
    """What is wrong with the check ``d`` of ``p`` (an empty list when all is right)."""
    from tremaux.numberlink import solve_puzzle
    from tremaux.numberlink.check import TOUCHING

    bad = []
    fill = rule == "fill"
    grid = p.grid.tolist()
    if seconds > limit + SLACK:
        bad.append(f"took {seconds:.1f} s, limit {limit:g} s")
    if d.verdict == "gave-up":
        if not re.search(r"gave up after [\d.]+ s", " ".join(d.reasons)):
            bad.append(f"a give-up that does not say the time spent: {d.reasons}")
        return bad
    if any("\n" in x for x in d.reasons):
        bad.append("a reason of several lines")
    if d.verdict != "proper":
        if not d.reasons:
            bad.append(f"{d.verdict} without a reason")
        elif not _named(d.reasons[0], p) and "checkerboard" not in d.reasons[0] and d.verdict != "needs-empty-cells":
            bad.append(f"the first reason names no pair or cell: {d.reasons[0]!r}")
    if d.verdict in ("proper", "multiple-solutions"):
        run = d.solution
        for i in range(len(run.solutions) if run else 0):
            why = follow(grid, _paths(run, i), fill=fill, touch=touch)
            if why:
                bad.append(f"solution {i + 1} shown is wrong: {why[:2]}")
        if d.verdict == "multiple-solutions":
            if len(run.solutions) < 2:
                bad.append("several solutions said, fewer than two shown")
            else:
                a, b = _paths(run, 0), _paths(run, 1)
                differ = {p.labels[k] for k in range(p.pairs) if a[k] != b[k] and a[k] != b[k][::-1]}
                named = set(re.findall(r"'([^']*)'", d.reasons[0]))
                if not differ:
                    bad.append("the two solutions shown are the same")
                if named != differ:
                    bad.append(f"the reason names {sorted(named)}, the lines that differ are {sorted(differ)}")
    if d.verdict == "walled-in":
        m = re.search(r"row (\d+) column (\d+)", d.reasons[0])
        if m:
            r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
            h, w = p.shape
            open_nbs = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= r + dr < h and 0 <= c + dc < w and (grid[r + dr][c + dc] in (0, grid[r][c]))]
            if open_nbs:
                bad.append(f"said walled in, but row {r + 1} column {c + 1} has room at {open_nbs}")
    if d.verdict == "needs-empty-cells":
        named = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"row (\d+) column (\d+)", d.reasons[0])]
        if any(grid[r][c] for r, c in named):
            bad.append(f"a cell said to stay empty holds a number: {named}")
        if not named and "checkerboard count" not in d.reasons[0]:  # the count is a reason that names no cell
            bad.append("needs-empty-cells, and no cell named that stays empty")
        if not fill:
            bad.append("needs-empty-cells under nikoli")
        r = solve_puzzle(p, rule="nikoli", touch=touch, time_limit=limit)
        if r.status == "solved" and follow(grid, _paths(r, 0), fill=False, touch=touch):
            bad.append("needs-empty-cells, but the nikoli solution is wrong")
        if r.status == "no-solution":
            bad.append("needs-empty-cells, but nikoli has no solution")
    if TOUCHING in d.reasons:
        r = solve_puzzle(p, rule=rule, touch=True, time_limit=limit)
        if r.status == "no-solution" or (r.status == "solved" and follow(grid, _paths(r, 0), fill=fill)):
            bad.append("says lines that touch solve it, they do not")
    if p.height * p.width <= BRUTE_CELLS:
        n = reference_count(p, rule, touch)
        want = {0: ("no-solution", "needs-empty-cells", "walled-in"), 1: ("proper",), 2: ("multiple-solutions",)}[n]
        if d.verdict not in want:
            bad.append(f"verdict {d.verdict}, the brute force finds {n if n < 2 else 'two or more'} solutions")
        if n == 0 and d.verdict == "needs-empty-cells" and not reference_count(p, "nikoli", touch):
            bad.append("needs-empty-cells, the brute force finds no solution under nikoli either")
        said = re.search(r"at fewest (\d+) cells? stays? empty", d.reasons[0]) if d.reasons else None
        if said:
            every = brute_force(grid, False, limit=10**7, touch=touch)
            least = min(p.height * p.width - sum(len(x) for x in s) for s in every)
            if int(said.group(1)) != least:
                bad.append(f"says at fewest {said.group(1)} cells stay empty, the brute force leaves {least}")
        if n == 0 and not touch and TOUCHING not in d.reasons and reference_count(p, rule, True):
            bad.append("no solution without touching, lines that touch solve it, and the check does not say so")
    if len(d.reasons) > 2:
        bad.append(f"{len(d.reasons)} lines of explanation")
    return bad


def judge_json(path: Path, rule: str, touch: bool, d, limit: float) -> list[str]:
    """What ``check --json`` says differently from the API's check ``d``."""
    code, out, err = cli("numberlink", "check", str(path), "--rule", rule, "--touch" if touch else "--no-touch",
                         "--time-limit", str(limit), "--json")
    try:
        rec = json.loads(out)[0]
    except (ValueError, IndexError):
        return [f"check --json printed no record (exit {code}, {err.strip()[:120]!r})"]
    bad = []
    if rec["verdict"] != d.verdict:
        if "gave-up" not in (rec["verdict"], d.verdict):
            bad.append(f"--json says {rec['verdict']}, the API {d.verdict}")
        return bad
    if code != (0 if d.verdict == "proper" else 1):
        bad.append(f"check exits {code} on a {d.verdict} puzzle")
    # what is named within a share of the time (the pair in the way, the cells left empty) may differ from run to
    # run on a loaded machine, and so may the second solution found: the first clause of the first reason is compared
    first = lambda xs: re.split(r"[;(]", xs[0])[0] if xs else ""  # noqa: E731
    if d.verdict not in ("gave-up", "multiple-solutions") and first(rec["reasons"]) != first(list(d.reasons)):
        bad.append(f"--json reasons {rec['reasons']} differ from the API's {list(d.reasons)}")
    if d.verdict in ("proper", "multiple-solutions") and rec["grid"] is None:
        bad.append("--json carries no grid for a puzzle with a solution")
    return bad


def judge_bad(text: str, folder: Path, name: str) -> list[str]:
    """A slip that makes the text no puzzle: one ``error:`` line and exit 2, one-line PuzzleError from the API."""
    from tremaux.errors import PuzzleError
    from tremaux.numberlink import diagnose

    f = folder / f"{name}.txt"
    f.write_text(text)
    bad = []
    code, out, err = cli("numberlink", "check", str(f), "--time-limit", "5")
    lines = err.strip().splitlines()
    if code != 2 or len(lines) != 1 or not lines[0].startswith("error: "):
        bad.append(f"check: exit {code}, stderr {err.strip()[:200]!r}, stdout {out.strip()[:100]!r}")
    try:
        diagnose(text, time_limit=5)
        bad.append("diagnose accepted it")
    except PuzzleError as exc:
        if "\n" in str(exc) or not str(exc):
            bad.append(f"diagnose's error is not one line: {str(exc)!r}")
    except Exception as exc:  # noqa: BLE001 - the defect reported
        bad.append(f"diagnose raised {type(exc).__name__}: {exc}")
    return bad


# ---------------------------------------------------------------- the sweep


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="every public puzzle and generated sizes up to 50x50")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per check (default 4, full 20)")
    ap.add_argument("--verbose", action="store_true", help="say each puzzle's progress and each problem at once")
    ap.add_argument("--cases", type=int, default=None, help="puzzles taken (default 24, full all)")
    ap.add_argument("--seed", type=int, default=0,
                    help="another draw of boards, public files and slips (default 0, the first sweep's)")
    a = ap.parse_args(argv)
    limit = a.time_limit or (20.0 if a.full else 4.0)
    t_start = time.perf_counter()
    from tremaux._jit import load_seconds
    from tremaux.numberlink import diagnose

    sizes = ([(8, 8), (12, 12), (20, 20), (30, 30), (40, 40), (50, 50)] if a.full else [(8, 8), (10, 10)])
    public = public_puzzles(2500 if a.full else 150)
    pool = tiny(16 if a.full else 8, 1000 + 100 * a.seed) + generated(sizes, 11 + 100 * a.seed) + public
    take = a.cases or (len(pool) if a.full else 24)
    rng = np.random.default_rng(a.seed)
    if take < len(pool):  # the tiny and generated ones, and public ones drawn at random
        fixed = [p for p in pool if not p.name.startswith(("adc", "levels", "numlin")) and "/" not in p.name]
        rest = [p for p in pool if p not in fixed]
        pool = fixed + [rest[i] for i in sorted(rng.choice(len(rest), size=max(0, take - len(fixed)),
                                                          replace=False))]
    counts: Counter = Counter()
    problems: list[str] = []
    seed = 10_000 * a.seed  # even: the halves stay the seeds' parity
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for p in pool:
            for kind in SLIPS + BAD_SLIPS:
                half = "dev" if seed % 2 == 0 else "held"
                s, seed = seed, seed + 1
                q = slip(p, kind, s)
                if q is None:
                    continue
                if kind in BAD_SLIPS:
                    bad = judge_bad(q, folder, f"{half}-{s}")
                    counts[half, "bad-input"] += 1
                    for b in bad:
                        problems.append(f"[{half}] {p.name} {kind} seed {s}: {b}")
                    counts[half, "problems"] += len(bad)
                    continue
                f = folder / f"{half}-{s}.txt"
                f.write_text(_text(np.asarray(q.grid), list(q.labels)))
                for i, (rule, touch) in enumerate(COMBOS):
                    t0, loaded = time.perf_counter(), load_seconds()  # kernels loaded on first use: not counted
                    d = diagnose(q, rule, touch=touch, time_limit=limit)
                    took = time.perf_counter() - t0 - (load_seconds() - loaded)
                    bad = judge(q, rule, touch, d, took, limit)
                    if (s + i) % 4 == 0:  # one check in four also through `check --json`
                        bad += judge_json(f, rule, touch, d, limit)
                        counts[half, "json"] += 1
                    counts[half, "checked"] += 1
                    counts[half, d.verdict] += 1
                    counts[half, "problems"] += len(bad)
                    for b in bad:
                        problems.append(f"[{half}] {q.name} {q.height}x{q.width} {rule} touch={touch}: "
                                        f"{d.verdict}: {b}\n      {'; '.join(d.reasons)[:300]}")
                        if a.verbose:
                            print("  " + problems[-1], flush=True)
            if a.verbose:
                print(f"{p.name} {p.height}x{p.width}: {sum(counts[h, 'checked'] for h in ('dev', 'held'))} checked, "
                      f"{len(problems)} problems, {time.perf_counter() - t_start:.0f} s", flush=True)
    for i, p in enumerate(q for q in pool if q.height * q.width >= 100):  # short limits on the larger boards
        half = "dev" if i % 2 == 0 else "held"
        for rule, touch in COMBOS:
            t0, loaded = time.perf_counter(), load_seconds()
            d = diagnose(p, rule, touch=touch, time_limit=SHORT)
            took = time.perf_counter() - t0 - (load_seconds() - loaded)
            counts[half, "short-limit"] += 1
            bad = [f"took {took:.2f} s, limit {SHORT:g} s"] if took > SHORT + SLACK else []
            if d.verdict == "gave-up" and not re.search(r"gave up after [\d.]+ s \(time limit", d.reasons[0]):
                bad.append(f"a give-up that does not say the time spent and the limit: {d.reasons}")
            counts[half, "problems"] += len(bad)
            problems += [f"[{half}] {p.name} {p.height}x{p.width} {rule} touch={touch} limit {SHORT:g} s: {b}"
                         for b in bad]
    keys = sorted({k for _, k in counts})
    print(f"{'':22}{'dev':>8}{'held':>8}")
    for k in keys:
        print(f"{k:22}{counts['dev', k]:8d}{counts['held', k]:8d}")
    print(f"{len(problems)} problems; {time.perf_counter() - t_start:.0f} s, time limit {limit:g} s a check, "
          f"seed {a.seed}")
    for x in problems:
        print("  " + x)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
