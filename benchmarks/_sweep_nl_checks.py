"""The checks of benchmarks/sweep_nl_api.py: a tally of what was checked, puzzles compared, answers judged.

Answers are judged by the independent references of the tests: ``tests/numberlink_checker.py`` follows every
line of a solution cell by cell, and ``tests/numberlink_reference.py`` counts the solutions of a small board by
brute force, under each rule and touch setting.
"""

from __future__ import annotations

import json
import pickle
import random
import sys
import traceback
import warnings
from collections import Counter
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from numberlink_checker import follow  # noqa: E402 - the tests' independent checker
from numberlink_reference import brute_force  # noqa: E402


class Tally:
    """What was checked (a count per family) and every problem found (family, case, what is wrong)."""

    def __init__(self) -> None:
        self.checked: Counter[str] = Counter()
        self.problems: list[tuple[str, str, str]] = []

    def check(self, family: str, case: str, func: Callable[[], Any]) -> Any:
        """Run ``func`` (which returns a list of problems, or a value) and count it; an exception is a problem."""
        self.checked[family] += 1
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            try:
                out = func()
            except Exception as exc:  # noqa: BLE001 - every exception of a good input is what the sweep looks for
                where = traceback.extract_tb(exc.__traceback__)[-1]
                self.problem(family, case, f"{type(exc).__name__}: {str(exc)[:300]} "
                                           f"({Path(where.filename).name}:{where.lineno})")
                out = None
        for w in said:  # a warning is noise in a notebook: the library says what it means in its answers
            self.problem(family, case, f"warning {w.category.__name__}: {w.message}")
        if isinstance(out, list):
            for p in out:
                self.problem(family, case, p)
        return out

    def refused(self, family: str, case: str, func: Callable[[], Any]) -> None:
        """``func`` is given a bad value: it must raise a ``ValueError`` of tremaux's in one line naming it."""
        from tremaux.errors import TremauxError

        self.checked[family] += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # a warning before the error is a problem too
                func()
        except TremauxError as exc:
            text = str(exc)
            if "\n" in text or not text.strip():
                self.problem(family, case, f"an error of {len(text.splitlines())} lines: {text[:200]!r}")
            elif not isinstance(exc, ValueError):
                self.problem(family, case, f"{type(exc).__name__} is no ValueError: {text[:200]}")
            return
        except Exception as exc:  # noqa: BLE001
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.problem(family, case, f"{type(exc).__name__} from deep inside: {str(exc)[:200]} "
                                       f"({Path(where.filename).name}:{where.lineno})")
            return
        self.problem(family, case, "accepted")

    def problem(self, family: str, case: str, what: str) -> None:
        self.problems.append((family, case, what))


# ---------------------------------------------------------------- puzzles


def grid_of(p: Any) -> list[list[int]]:
    return [[int(v) for v in row] for row in p.grid]


def pairs_of(grid: list[list[int]]) -> list[frozenset]:
    """The pairs of a grid as sets of their two cells (equal whatever the pairs are numbered)."""
    where: dict[int, set] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v:
                where.setdefault(int(v), set()).add((r, c))
    return sorted((frozenset(s) for s in where.values()), key=sorted)


def same_puzzle(got: Any, want: Any, *, labels: bool = True) -> list[str]:
    """What differs between two puzzles (the pairs by their cells; the labels of each pair when ``labels``)."""
    a, b = grid_of(got), grid_of(want)
    if got.shape != want.shape:
        return [f"shape {got.shape}, not {want.shape}"]
    if pairs_of(a) != pairs_of(b):
        return [f"pairs {a}, not {b}"]
    if labels:
        la = {frozenset(map(tuple, got.endpoints(k))): got.labels[k - 1] for k in range(1, got.pairs + 1)}
        lb = {frozenset(map(tuple, want.endpoints(k))): want.labels[k - 1] for k in range(1, want.pairs + 1)}
        if la != lb:
            return [f"labels {sorted(la.values())}, not {sorted(lb.values())}"]
    return []


def random_grid(rng: random.Random, h: int, w: int, pairs: int) -> list[list[int]]:
    """A board of ``h`` x ``w`` with ``pairs`` pairs on random cells (at most as many as fit)."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    g = [[0] * w for _ in range(h)]
    for k in range(min(pairs, len(cells) // 2)):
        for r, c in cells[2 * k:2 * k + 2]:
            g[r][c] = k + 1
    return g


# ---------------------------------------------------------------- answers


def reference_count(grid: list[list[int]], fill: bool, touch: bool, limit: int, memo: dict) -> int:
    """How many solutions brute force finds (at most ``limit``), remembered per board."""
    key = (json.dumps(grid), fill, touch, limit)
    if key not in memo:
        memo[key] = len(brute_force(grid, fill, limit=limit, touch=touch))
    return memo[key]


def lines_problems(r: Any, fill: bool, touch: bool) -> list[str]:
    """Every rule each solution kept in the run ``r`` breaks (by the independent checker), and doubles."""
    out: list[str] = []
    grid = grid_of(r.puzzle)
    seen = set()
    for i in range(len(r.solutions)):
        paths = [line["cells"] for line in r.lines(i)]
        out += [f"solution {i}: {p}" for p in follow(grid, paths, fill=fill, touch=touch)]
        key = tuple(tuple(map(tuple, p)) for p in paths)
        if key in seen:
            out.append(f"solution {i} is kept twice")
        seen.add(key)
        if r.numbers(i) and [[int(v) for v in row] for row in r.solutions[i].grid] != _painted(grid, paths):
            out.append(f"solution {i}: its grid is not its lines")
    return out


def _painted(grid: list[list[int]], paths: list) -> list[list[int]]:
    out = [[0] * len(grid[0]) for _ in grid]
    for k, path in enumerate(paths, start=1):
        for r, c in path:
            out[r][c] = k
    return out


def judge_run(r: Any, total: int, limit: int, fill: bool, touch: bool, *, unique: bool, count: int | None,
              exact: bool = True) -> list[str]:
    """What is wrong with the run ``r`` of a board brute force gives ``total`` solutions (at most ``limit``).

    ``exact``: the solver proves "no solution" (the fast one); the traveler may give up instead.
    """
    out = lines_problems(r, fill, touch)
    if r.touch != touch:
        out.append(f"touch {r.touch}, asked {touch}")
    if r.status == "gave-up":
        if exact:
            out.append(f"gave up on a board of {r.puzzle.height * r.puzzle.width} cells: {r.message}")
        return out
    if total and r.status != "solved":
        out.append(f"{r.status} ({r.message}), but brute force finds {total} solution(s)")
    if not total and r.status == "solved":
        out.append("solved, but brute force finds no solution")
    if unique and r.status == "solved" and total < limit and r.unique != (total == 1):
        out.append(f"unique={r.unique}, brute force finds {total} solution(s)")
    if count is not None and total < limit:
        want = min(total, count)
        if r.count != want:
            out.append(f"count {r.count}, brute force finds {total} (asked up to {count})")
        if r.complete != (total <= count) and not (total == count and not r.complete):
            out.append(f"complete={r.complete} with {total} solution(s) and count={count}")
    return out


def judge_verdict(d: Any, total: int, limit: int, touch: bool) -> list[str]:
    """What is wrong with the diagnosis ``d`` of a board brute force gives ``total`` solutions."""
    if d.verdict == "gave-up":
        return [f"gave up: {d.reasons}"]
    out: list[str] = []
    if d.touch != touch:
        out.append(f"touch {d.touch}, asked {touch}")
    if total >= limit:
        return out + ([] if d.verdict == "multiple-solutions" else [f"{d.verdict}, brute force finds {total}+"])
    want = {0: ("no-solution", "needs-empty-cells", "walled-in"), 1: ("proper",)}.get(total, ("multiple-solutions",))
    if d.verdict not in want:
        out.append(f"{d.verdict} ({'; '.join(d.reasons)}), brute force finds {total} solution(s)")
    return out


def json_problems(record: dict, puzzle: Any) -> list[str]:
    """A record is JSON (no numpy values) and reads back as its puzzle (``loads`` of the JSON text, and ``Puzzle``
    of it, as ``solve_puzzle`` takes it)."""
    from tremaux.numberlink import Puzzle, loads

    try:
        text = json.dumps(record)
    except TypeError as exc:
        return [f"not JSON: {exc}"]
    if json.loads(text) != record:
        return ["the JSON text is not the record"]
    out = [f"read back: {p}" for p in same_puzzle(loads(text), puzzle)]
    return out + [f"given back: {p}" for p in same_puzzle(Puzzle(text), puzzle)]  # as solve_puzzle takes it


def picture_problems(svg: str | None, png: bytes | None, shape: tuple[int, int]) -> list[str]:
    """An SVG that parses as XML and a PNG that opens, of a size that grows with the board."""
    import io
    import xml.etree.ElementTree as ET

    from PIL import Image

    out: list[str] = []
    if svg is not None:
        try:
            root = ET.fromstring(svg)
        except ET.ParseError as exc:
            out.append(f"SVG does not parse: {exc}")
        else:
            if not root.tag.endswith("svg"):
                out.append(f"SVG root {root.tag}")
            w, h = (float(str(root.get(k, "0")).rstrip("px") or 0) for k in ("width", "height"))
            if not (w > 0 and h > 0) or (shape[1] > shape[0] * 2 and w <= h) or (shape[0] > shape[1] * 2 and h <= w):
                out.append(f"SVG of {w} x {h} for a board of {shape[0]} x {shape[1]}")
    if png is not None:
        try:
            im = Image.open(io.BytesIO(png))
            im.load()
        except Exception as exc:  # noqa: BLE001
            out.append(f"PNG does not open: {exc}")
        else:
            w, h = im.size
            if (shape[1] > shape[0] * 2 and w <= h) or (shape[0] > shape[1] * 2 and h <= w) or min(w, h) < 2:
                out.append(f"PNG of {w} x {h} for a board of {shape[0]} x {shape[1]}")
    return out


def pickled(obj: object) -> list[str]:
    """A pickle of ``obj`` loads back equal to it (results travel between processes so)."""
    back = pickle.loads(pickle.dumps(obj))
    return [] if back == obj else [f"pickle round trip differs: {back!r} vs {obj!r}"]


def shown(obj: object, shape: tuple[int, int]) -> list[str]:
    """What a notebook shows of ``obj`` (``_repr_svg_``, ``repr``, ``str``) is a picture and one line of text."""
    svg = obj._repr_svg_()  # type: ignore[attr-defined]
    out = picture_problems(svg, None, shape) if svg is not None else []
    if "\n" in repr(obj) or "object at 0x" in repr(obj):
        out.append(f"repr {repr(obj)[:80]!r}")
    str(obj)
    return out
