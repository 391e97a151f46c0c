"""The Number Link Python API as a notebook user combines it: built every way, solved, checked, drawn and saved.

Usage::

    python benchmarks/sweep_nl_api.py            # the whole sweep (160 small boards, 14 sizes to 60 x 60; minutes)
    python benchmarks/sweep_nl_api.py --quick    # a minute or two on two shared cores

Where ``fuzz_inputs_nl.py`` runs the command line, this sweep calls the library in process:

* **build**: each puzzle made every way the API offers (a list of lists, tuples, a numpy array of every integer
  dtype, rows of text, rows of labels that are numpy ints, ``from_endpoints`` with a list or a mapping, puzzle
  text and bytes, a file by ``str`` and ``pathlib`` path, ``save`` / ``load`` and ``dumps`` / ``loads`` in every
  writable format, what ``generate_puzzle``, a solve and a check return) must be that puzzle;
* **solve** / **count** / **unique**: every registered solver, rule (by name and as a ``Rule``) and touch setting
  (``True``, ``False``, ``None``, numpy booleans), counts and time limits as numpy numbers, on random boards of
  1 to 16 cells, dense, sparse, without numbers, every cell a number and impossible ones: each solution kept is
  followed line by line by ``tests/numberlink_checker.py``, and the verdict, the uniqueness and the count are
  those of the brute force of ``tests/numberlink_reference.py``;
* **diagnose**: the verdict is brute force's (proper iff exactly one solution under the rule and touch);
* **generate**: 1x2 to 60x60, both rules, touch, densities, seeds as numpy ints: the planted solution is
  followed by the checker, a small board's puzzle has exactly one solution by brute force, the same seed
  makes the same puzzle;
* **json**: each run's and each check's ``to_dict()`` is JSON and reads back (``loads``) as its puzzle; pickles
  round-trip; ``solve_file`` / ``check_file`` on files of several puzzles;
* **draw**: ``to_svg`` / ``to_png`` / ``to_text`` / ``numbers_text`` / ``save`` and the notebook's
  ``_repr_svg_`` of puzzles, runs, checks and generated puzzles from 1x1 to 60x60;
* **refuse**: odd values a user may pass (a 3-D array, floats with a fraction, a label of two pairs, a shape of
  one side...) are one-line ``ValueError`` s of tremaux, never a deep exception.

Each problem is printed with its family and case; the exit status is 1 when there is one.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import tempfile
import time
from itertools import product
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sweep_nl_checks import (Tally, grid_of, judge_run, judge_verdict, json_problems, lines_problems,  # noqa: E402
                              picture_problems, pickled, random_grid, reference_count, same_puzzle, shown)
from _sweep_nl_odd import sweep_odd, sweep_styles  # noqa: E402

DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.intp]
WRITABLE = ["grid", "csv", "tsv", "wh", "flow", "contest", "puzzlink", "pzprv3", "bwinf", "copris", "xml", "ends",
            "counted", "prolog"]
RENAMES = {"flow", "contest", "puzzlink", "pzprv3", "bwinf", "xml", "ends", "counted", "prolog", "copris", "csv",
           "tsv"}  # formats that hold pair numbers (or letters), not any label: compared by their pairs only
LIMIT = 200  # brute force counts up to this many solutions


def boards(rng: random.Random, n: int) -> list[list[list[int]]]:
    """Small boards for the brute force: random ones, and those at the edges."""
    fixed = [[[0]], [[1, 1]], [[1], [1]], [[1, 0, 1]], [[1, 2], [1, 2]], [[1, 2], [2, 1]], [[1, 1], [2, 2]],
             [[0, 0], [0, 0]], [[1, 0], [0, 1]], [[1, 2, 1, 2]], [[1, 0, 0], [0, 0, 0], [0, 0, 1]],
             [[1, 2, 3], [3, 2, 1]], [[1, 0, 2], [0, 0, 0], [2, 0, 1]], [[1, 2, 0, 0], [0, 0, 1, 2]],
             [[0, 1, 0], [2, 0, 2], [0, 1, 0]], [[1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]]
    out = list(fixed)
    for i in range(n // 4):  # proper puzzles (made by the generator), and each with a pair taken away
        from tremaux.numberlink import generate_puzzle

        h, w = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4), (2, 6), (4, 5)])
        made = grid_of(generate_puzzle((h, w), rule=rng.choice(["fill", "nikoli"]), seed=i, time_limit=20).puzzle)
        out.append(made)
        top = max(max(row) for row in made)
        if top > 1 and h * w <= 16:
            gone = rng.randint(1, top)
            out.append([[0 if v == gone else v - (v > gone) for v in row] for row in made])
    while len(out) < n:
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        if h * w > 16:
            continue
        out.append(random_grid(rng, h, w, rng.randint(1, max(1, h * w // 2))))
    return out


def built_ways(grid: list[list[int]], folder: Path) -> dict[str, object]:
    """``grid`` handed over every way the API takes a puzzle (each value is given to ``Puzzle`` as it is)."""
    from tremaux.numberlink import Puzzle, dumps

    p = Puzzle(grid)
    text = dumps(p, "grid")
    ways: dict[str, object] = {"list": grid, "tuples": tuple(tuple(r) for r in grid), "text": text,
                               "bytes": text.encode(), "rows": text.splitlines(), "puzzle": p,
                               "list-of-arrays": [np.array(r) for r in grid]}
    for dt in DTYPES:
        ways[f"array-{np.dtype(dt).name}"] = np.array(grid, dtype=dt)
    ways["array-fortran"] = np.asfortranarray(np.array(grid, dtype=np.int64))
    ways["array-of-rows"] = np.array(text.splitlines())
    ways["dataframe"] = __import__("pandas").DataFrame(grid)
    ways["array-view"] = np.array(grid + grid, dtype=np.int16)[:len(grid)]
    path = folder / f"p{abs(hash(text))}.txt"
    path.write_text(text)
    ways["path"], ways["str-path"] = path, str(path)
    return ways


def sweep_build(t: Tally, grids: list, folder: Path) -> None:
    from tremaux.numberlink import Puzzle, diagnose, dumps, load, loads, save, solve_puzzle

    for grid in grids:
        want = Puzzle(grid)
        case = f"{grid}"
        for way, value in built_ways(grid, folder).items():
            t.check("build", f"Puzzle({way}) of {case}", lambda v=value: same_puzzle(Puzzle(v), want))
        labels = [[str(v) if v else "." for v in row] for row in grid]
        t.check("build", f"from_rows(labels) of {case}", lambda: same_puzzle(Puzzle.from_rows(labels), want))
        npl = [[np.int64(v) for v in row] for row in grid]
        t.check("build", f"from_rows(numpy ints) of {case}", lambda: same_puzzle(Puzzle.from_rows(npl), want))
        ends = [tuple(tuple(int(x) for x in c) for c in want.endpoints(k)) for k in range(1, want.pairs + 1)]
        t.check("build", f"from_endpoints(list) of {case}",
                lambda: same_puzzle(Puzzle.from_endpoints(want.shape, ends), want))
        npends = np.array(ends, dtype=np.int32).reshape(-1, 2, 2)
        t.check("build", f"from_endpoints(numpy) of {case}",
                lambda: same_puzzle(Puzzle.from_endpoints(np.array(want.shape), npends), want))
        t.check("build", f"from_endpoints(mapping) of {case}", lambda: same_puzzle(
            Puzzle.from_endpoints(want.shape, {lab: e for lab, e in zip(want.labels, ends)}), want))
        for fmt in WRITABLE:
            def round_trip(fmt: str = fmt) -> list[str]:
                from tremaux.errors import PuzzleFormatError

                try:
                    text = dumps(want, fmt)
                except PuzzleFormatError:
                    return []  # a size or a label the format cannot hold: refused in one line, as documented
                out = same_puzzle(loads(text, format=fmt), want, labels=fmt not in RENAMES)
                return out + [f"detected: {p}" for p in same_puzzle(loads(text), want, labels=fmt not in RENAMES)]
            t.check("build", f"dumps/loads {fmt} of {case}", round_trip)
        for ext in (".txt", ".wh", ".csv", ".xml", ".pl"):
            path = folder / f"s{len(t.problems)}-{want.height}x{want.width}{ext}"

            def saved(path: Path = path) -> list[str]:
                from tremaux.errors import PuzzleFormatError

                try:
                    save(want, path)
                except PuzzleFormatError:
                    return []
                return same_puzzle(load(path), want, labels=False) + same_puzzle(load(str(path)), want, labels=False)
            t.check("build", f"save/load {ext} of {case}", saved)
        t.check("build", f"solve_puzzle(generated-like answers) of {case}", lambda: same_puzzle(
            Puzzle(solve_puzzle(want, rule="nikoli", time_limit=10)), want) + same_puzzle(
            Puzzle(diagnose(want, rule="nikoli", time_limit=10)), want))


def every_board(most: int):
    """Every board of up to ``most`` cells, of every shape, its pairs numbered every way (labels are written)."""
    for cells in range(1, most + 1):
        for h in (d for d in range(1, cells + 1) if cells % d == 0):
            w = cells // h
            for ids in product(range(cells // 2 + 1), repeat=cells):
                seen = {k for k in ids if k}
                if seen == set(range(1, len(seen) + 1)) and all(ids.count(k) == 2 for k in seen):
                    yield [list(ids[r * w:(r + 1) * w]) for r in range(h)]


def sweep_tiny(t: Tally, most: int) -> None:
    """Every board of up to ``most`` cells written in each format and read back, the format left to be detected."""
    from tremaux.errors import PuzzleFormatError
    from tremaux.numberlink import Puzzle, dumps, loads

    pool = ["A", "10", "z", "7", "35", "B2", "0x"]  # letters, numbers past 9, words: labels as users write them
    for i, grid in enumerate(every_board(most)):
        n = max(max(row) for row in grid)
        p = Puzzle(grid) if i % 2 else Puzzle(grid, labels=[pool[(i + k) % len(pool)] for k in range(n)])
        lettered = any(x.isdigit() and 10 <= int(x) <= 35 for x in p.labels)  # written as A-Z, as documented
        for fmt in WRITABLE:
            def round_trip(fmt: str = fmt) -> list[str]:
                try:
                    text = dumps(p, fmt)
                except PuzzleFormatError:
                    return []
                return same_puzzle(loads(text), p, labels=fmt not in RENAMES and not lettered)
            t.check("build", f"every board: {fmt} of {grid} {p.labels}", round_trip)


def sweep_generate(t: Tally, side: int) -> None:
    """Every shape up to ``side`` x ``side``, each rule, touch, density and two seeds (numpy ints): the planted lines
    follow the rules and brute force finds exactly one solution, under the rule and touch the puzzle was made for."""
    from numberlink_checker import follow
    from numberlink_reference import brute_force

    from tremaux.numberlink import generate_puzzle

    for h, w, rule, touch, density, seed in product(range(1, side + 1), range(1, side + 1), ("fill", "nikoli"),
                                                   (False, True), (None, 0.1, 0.3), range(2)):
        if h * w < 2:
            continue

        def made(h=h, w=w, rule=rule, touch=touch, density=density, seed=seed) -> list[str]:
            g = generate_puzzle((h, w), rule=rule, touch=touch, density=density, seed=np.int64(seed), time_limit=20)
            grid = grid_of(g.puzzle)
            out = follow(grid, [p.tolist() for p in g.solution.paths], fill=rule == "fill", touch=touch)
            found = len(brute_force(grid, rule == "fill", limit=3, touch=touch))
            return out + ([] if found == 1 else [f"{grid}: brute force finds {found} solution(s)"])
        t.check("generate", f"{h}x{w} {rule} touch={touch} density={density} seed={seed}", made)


def sweep_solve(t: Tally, grids: list, quick: bool) -> None:
    from tremaux.numberlink import NL_SOLVERS, solve_puzzle
    from tremaux.numberlink.rules import resolve

    memo: dict = {}
    for grid in grids:
        case = f"{grid}"
        for rule, touch, mode, solver in product(("fill", "nikoli"), (True, False, None, np.bool_(False)),
                                                 ("plain", "unique", "count"), NL_SOLVERS.names()):
            entry = NL_SOLVERS.get(solver)
            fill = rule == "fill"
            count = np.int64(3) if mode == "count" else None
            for given_rule in ((rule, resolve(rule, touch)) if mode == "plain" else (rule,)):
                # a Rule is taken as is (its touch, unless touch is given); a name's touch is by default allowed for
                # a plain solve only
                real = bool(touch) if touch is not None else (
                    given_rule.touch if not isinstance(given_rule, str) else mode == "plain")
                if (mode != "plain" and not entry.counts) or (not real and entry.touch_only):
                    continue
                total = reference_count(grid, fill, real, LIMIT, memo)

                def run(solver=solver, given_rule=given_rule, touch=touch, mode=mode, count=count, total=total,
                        real=real, fill=fill, exact=entry.counts) -> list[str]:
                    r = solve_puzzle(grid, solver, rule=given_rule, touch=touch, unique=mode == "unique", count=count,
                                     time_limit=np.float64(20))
                    return judge_run(r, total, LIMIT, fill, real, unique=mode == "unique",
                                     count=None if count is None else int(count), exact=exact)
                t.check(mode if mode != "plain" else "solve",
                        f"{solver} {rule} {type(given_rule).__name__} touch={touch} {mode} {case}", run)
        for k, keep in ((1, None), (2, 1), (7, np.int64(2)), (LIMIT - 1, None)) if not quick else ((LIMIT - 1, 3),):
            for rule, touch in (("nikoli", True), ("fill", False)):
                total = reference_count(grid, rule == "fill", touch, LIMIT, memo)

                def counted(k=k, keep=keep, rule=rule, touch=touch, total=total) -> list[str]:
                    r = solve_puzzle(grid, rule=rule, touch=touch, count=k, keep=keep, time_limit=20)
                    want = min(r.count or 0, k, LIMIT if keep is None else int(keep))
                    return judge_run(r, total, LIMIT, rule == "fill", touch, unique=False, count=k) + (
                        [] if len(r.solutions) == want else [f"{len(r.solutions)} solutions kept, not {want}"])
                t.check("count", f"count={k} keep={keep} {rule} touch={touch} {case}", counted)


def sweep_diagnose(t: Tally, grids: list) -> None:
    from tremaux.numberlink import diagnose, quick_verdict
    from tremaux.numberlink.rules import resolve

    memo: dict = {}
    for grid in grids:
        for rule in ("fill", "nikoli"):
            for touch in (None, True, False):
                real = bool(touch)
                total = reference_count(grid, rule == "fill", real, LIMIT, memo)

                def run(rule=rule, touch=touch, total=total, real=real) -> list[str]:
                    d = diagnose(np.array(grid, dtype=np.uint16), rule, touch=touch, time_limit=20)
                    out = judge_verdict(d, total, LIMIT, real)
                    if d.solution is not None:
                        out += lines_problems(d.solution, rule == "fill", real)
                    return out + json_problems(d.to_dict(), d.puzzle) + pickled(d) + shown(d, d.puzzle.shape)
                t.check("diagnose", f"{rule} touch={touch} {grid}", run)

                def quick(rule=rule, touch=touch, total=total) -> list[str]:
                    why = quick_verdict(grid, rule if touch is None else resolve(rule, touch))
                    return [] if why is None or not total else [f"{why!r}, but brute force finds {total} solution(s)"]
                t.check("diagnose", f"quick_verdict {rule} touch={touch} {grid}", quick)


def sweep_runs(t: Tally, rng: random.Random, sizes: list, folder: Path) -> None:
    """Runs on larger boards (generated, dense, sparse, impossible): valid lines, JSON, pickles, pictures."""
    from tremaux.numberlink import (check_file, dumps, generate_puzzle, loads, numbers_text, save, solve_file,
                                    solve_puzzle, to_png, to_svg, to_text)
    from tremaux.numberlink.draw import save as draw_save

    for h, w in sizes:
        for density in (None, 0.05):
            if h * w < 2:
                continue
            rule = rng.choice(["fill", "nikoli"])
            seed = np.int64(rng.randrange(1000))
            made = t.check("generate", f"{h}x{w} {rule} density={density} seed={seed}", lambda: generate_puzzle(
                (h, w), rule=rule, density=density, seed=seed, time_limit=60))
            if made is None:
                continue
            p = made.puzzle
            case = f"{h}x{w} {rule} seed={seed}"
            t.check("generate", f"planted lines {case}", lambda: [f"planted: {x}" for x in __import__(
                "numberlink_checker").follow(grid_of(p), [s.tolist() for s in made.solution.paths],
                                             fill=rule == "fill", touch=made.touch)])
            t.check("generate", f"same seed {case}", lambda: [] if generate_puzzle(
                (h, w), rule=rule, density=density, seed=int(seed), time_limit=60).puzzle == p else ["another puzzle"])
            if h * w <= 16:
                t.check("generate", f"unique by brute force {case}", lambda: [] if len(__import__(
                    "numberlink_reference").brute_force(grid_of(p), rule == "fill", limit=3, touch=made.touch)) == 1
                    else ["not unique by brute force"])
            r = t.check("solve", f"generated {case}", lambda: solve_puzzle(made, rule=rule, unique=True,
                                                                           time_limit=60))
            if r is not None:
                t.check("unique", f"generated {case}", lambda: lines_problems(r, rule == "fill", False) + (
                    [] if r.unique else [f"not unique: {r.status} {r.message}"]))
                t.check("json", f"run {case}", lambda: json_problems(r.to_dict(all_solutions=True), p) +
                        pickled(r) + shown(r, p.shape))
            t.check("draw", f"pictures {case}", lambda: picture_problems(to_svg(p), to_png(p), p.shape) + (
                picture_problems(to_svg(r), to_png(r), p.shape) if r is not None else []) +
                _text_problems(to_text(p), numbers_text(r if r is not None else p), p.shape) +
                shown(made, p.shape) + shown(p, p.shape))
            for ext in (".svg", ".png", ".txt"):
                t.check("draw", f"save {ext} {case}", lambda ext=ext: _saved_picture(
                    draw_save, r if r is not None else p, folder / f"{h}x{w}{ext}", p.shape))
            t.check("draw", f"formats.save .svg {case}", lambda: _saved_picture(
                lambda o, f: save(o, f), p, folder / f"f{h}x{w}.svg", p.shape))
            many = folder / f"many-{h}x{w}.txt"
            many.write_text(dumps(p) + "\n" + dumps(p.replace(grid=np.fliplr(p.grid))))

            def files() -> list[str]:
                rs = solve_file(many, rule=rule, time_limit=30) + solve_file(str(many), rule=rule, time_limit=30)
                ds = check_file(many, rule=rule, time_limit=30)
                out = [f"solve_file {x.status}" for x in rs if x.status != "solved"]
                out += [f"check_file {d.verdict}" for d in ds if d.verdict != "proper"]
                return out + [f"{x}" for d in ds for x in json_problems(d.to_dict(), loads(d.to_dict()["puzzle"]))]
            t.check("json", f"files {case}", files)


def sweep_agree(t: Tally, rng: random.Random, n: int) -> None:
    """Boards too big for brute force (5x5 to 9x9): answers that must agree with each other. A count is the same
    on the board turned, mirrored and with its pairs renumbered; fewer solutions under fill than under nikoli, and
    without touching than with; the check's verdict is the count's; the traveler solves only what is solvable."""
    from tremaux.numberlink import Puzzle, diagnose, generate_puzzle, solve_puzzle

    for i in range(n):
        h, w = rng.randint(5, 9), rng.randint(5, 9)
        made = grid_of(generate_puzzle((h, w), rule=rng.choice(["fill", "nikoli"]), density=rng.choice([None, 0.08]),
                                       seed=1000 + i, time_limit=30).puzzle)
        top = max(max(row) for row in made)
        gone = rng.randint(1, top)
        spoiled = [[0 if v == gone else v - (v > gone) for v in row] for row in made] if top > 1 else made
        for name, grid in (("made", made), ("a pair taken away", spoiled)):
            case = f"{name} {h}x{w} #{i}"
            arr = np.array(grid)
            perm = np.array([0, *rng.sample(range(1, int(arr.max()) + 1), int(arr.max()))]) if arr.max() else None
            views = {"turned": arr.T, "mirrored": arr[:, ::-1], "renumbered": perm[arr] if perm is not None else arr}
            counts = {}
            for rule, touch in product(("fill", "nikoli"), (False, True)):
                def counted(rule=rule, touch=touch) -> list[str]:
                    r = solve_puzzle(arr, rule=rule, touch=touch, count=20, keep=3, time_limit=30)
                    counts[rule, touch] = r.count if r.complete else None
                    out = lines_problems(r, rule == "fill", touch)
                    for view, other in views.items():
                        o = solve_puzzle(other, rule=rule, touch=touch, count=20, keep=1, time_limit=30)
                        if r.complete and o.complete and o.count != r.count:
                            out.append(f"{r.count} solutions, {o.count} {view}")
                    d = diagnose(arr, rule, touch=touch, time_limit=30)
                    if r.complete and d.verdict != "gave-up":
                        out += judge_verdict(d, r.count, 20, touch)
                    return out
                t.check("agree", f"{rule} touch={touch} {case}", counted)
            c = counts
            for fewer, more in ((("fill", False), ("fill", True)), (("fill", True), ("nikoli", True)),
                                (("nikoli", False), ("nikoli", True)), (("fill", False), ("nikoli", False))):
                if c.get(fewer) is not None and c.get(more) is not None and c[fewer] > c[more]:
                    t.problem("agree", case, f"{c[fewer]} solutions under {fewer}, more than {c[more]} under {more}")
            for rule in ("fill", "nikoli"):
                def travelled(rule=rule) -> list[str]:
                    walk = solve_puzzle(Puzzle(arr), "tremaux", rule=rule, touch=True, time_limit=10)
                    out = lines_problems(walk, rule == "fill", True)
                    if walk.status == "solved" and c.get((rule, True)) == 0:
                        out.append("the traveler solves what the fast solver counts no solution of")
                    if walk.status == "no-solution" and c.get((rule, True)):
                        out.append(f"the traveler finds no solution, the count is {c[(rule, True)]}")
                    return out
                t.check("agree", f"tremaux {rule} {case}", travelled)


def _text_problems(text: str, numbers: str, shape: tuple[int, int]) -> list[str]:
    out = []
    if len(text.splitlines()) != shape[0]:
        out.append(f"to_text has {len(text.splitlines())} lines for {shape[0]} rows")
    if len(numbers.splitlines()) != shape[0]:
        out.append(f"numbers_text has {len(numbers.splitlines())} lines for {shape[0]} rows")
    return out


def _saved_picture(saver, obj, path: Path, shape) -> list[str]:
    saver(obj, path)
    data = path.read_bytes()
    if path.suffix == ".svg":
        return picture_problems(data.decode(), None, shape)
    if path.suffix == ".png":
        return picture_problems(None, data, shape)
    return _text_problems(data.decode().rstrip("\n"), data.decode().rstrip("\n"), shape)


def cpu() -> float:
    """CPU seconds of this process and of the child processes it waited for (the solver forks for long questions)."""
    import resource

    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer boards and sizes (a minute or two)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    grids = boards(rng, 60 if args.quick else 200)
    sizes = ([(1, 2), (2, 1), (1, 9), (3, 3), (4, 7), (12, 12), (30, 30)] if args.quick else
             [(1, 2), (2, 1), (2, 2), (1, 9), (9, 1), (3, 3), (3, 4), (4, 7), (8, 5), (12, 12), (20, 13), (30, 30),
              (45, 45), (60, 60)])
    t0, c0 = time.perf_counter(), cpu()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, step in [("build", lambda: sweep_build(t, grids[:24 if args.quick else None], folder)),
                           ("tiny", lambda: sweep_tiny(t, 6 if args.quick else 7)),
                           ("solve", lambda: sweep_solve(t, grids, args.quick)),
                           ("generate", lambda: sweep_generate(t, 3 if args.quick else 4)),
                           ("diagnose", lambda: sweep_diagnose(t, grids)),
                           ("runs", lambda: sweep_runs(t, rng, sizes, folder)),
                           ("agree", lambda: sweep_agree(t, rng, 6 if args.quick else 30)),
                           ("odd", lambda: sweep_odd(t, folder)),
                           ("styles", lambda: sweep_styles(t))]:
            before = sum(t.checked.values()), len(t.problems)
            s0 = cpu()
            step()
            print(f"{name:9s} {sum(t.checked.values()) - before[0]:6d} checks  {len(t.problems) - before[1]:4d} "
                  f"problems  {cpu() - s0:7.1f} s CPU", flush=True)
    print(f"\n{sum(t.checked.values())} checks ({', '.join(f'{k} {v}' for k, v in sorted(t.checked.items()))}), "
          f"{len(t.problems)} problems; {cpu() - c0:.0f} s CPU, {time.perf_counter() - t0:.0f} s wall "
          f"(Python {platform.python_version()}, {os.cpu_count()} cores, seed {args.seed})")
    for family, case, what in t.problems:
        print(f"PROBLEM [{family}] {case}: {what}")
    return 1 if t.problems else 0


t = Tally()

if __name__ == "__main__":
    sys.exit(main())
