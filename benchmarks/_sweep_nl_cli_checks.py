"""The checks of benchmarks/sweep_nl_cli.py: what each Number Link command line printed and wrote, judged.

Every solution printed or written is followed line by line by the tests' independent checker
(``tests/numberlink_checker.py``), and on boards of up to 16 cells each verdict and count is brute force's
(``tests/numberlink_reference.py``). The puzzles themselves are read with ``tremaux.numberlink.load`` (the
library's reader, which the CLI shares: a difference between what the CLI answers about and what the file holds
shows as a puzzle read back that is not the one given).
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from numberlink_checker import follow  # noqa: E402 - the tests' independent checker
from numberlink_reference import brute_force  # noqa: E402

from _sweep_nl_checks import grid_of, pairs_of  # noqa: E402

SMALL = 16  # brute force on boards of up to this many cells
LIMIT = 60  # brute force counts up to this many solutions
_MEMO: dict = {}


def stdout_of(case: Any) -> str:
    return (case.folder.parent / f"{case.folder.name}.stdout").read_text(errors="replace")


def stderr_lines(case: Any) -> list[str]:
    return [ln for ln in case.result["stderr"].splitlines() if not ln.startswith("first use: compiling")]


def reference(grid: list[list[int]], fill: bool, touch: bool) -> int | None:
    """Brute force's count (at most :data:`LIMIT`) on a board of up to :data:`SMALL` cells, else None."""
    if len(grid) * len(grid[0]) > SMALL:
        return None
    key = (json.dumps(grid), fill, touch)
    if key not in _MEMO:
        _MEMO[key] = len(brute_force(grid, fill, limit=LIMIT, touch=touch)) if any(any(r) for r in grid) else (
            1 if not fill else 0)
    return _MEMO[key]


def paths_by_pair(puzzle: Any, lines: list[dict]) -> tuple[list, list[str]]:
    """The lines of a record in the pair order of ``puzzle`` (matched by their end cells), and what does not match.

    (Labels are not compared: the grid format writes the pairs 10 to 35 as the letters A to Z.)
    """
    ends = {frozenset(tuple(map(int, c)) for c in puzzle.endpoints(k)): k - 1 for k in range(1, puzzle.pairs + 1)}
    paths: list = [None] * puzzle.pairs
    out = []
    for line in lines:
        cells = line["cells"]
        k = ends.get(frozenset([tuple(cells[0]), tuple(cells[-1])])) if cells else None
        if k is None:
            out.append(f"the line labelled {line['label']!r} joins no pair")
            continue
        paths[k] = cells
    if any(p is None for p in paths):
        out.append(f"{sum(p is None for p in paths)} pairs without a line")
    return [p or [] for p in paths], out


def judge_solve_record(rec: dict, puzzle: Any, *, fill: bool, touch: bool, mode: str, count: int | None,
                       solver: str) -> list[str]:
    """One record of ``solve --json`` against its puzzle: lines by the checker, verdict and count by brute force."""
    from tremaux.numberlink import loads

    out: list[str] = []
    if rec.get("touch") != touch:
        out.append(f"touch {rec.get('touch')} in the JSON, {touch} asked")
    if rec.get("rule") != ("fill" if fill else "nikoli"):
        out.append(f"rule {rec.get('rule')} in the JSON")
    try:
        back = loads(rec["puzzle"])
        if pairs_of(grid_of(back)) != pairs_of(grid_of(puzzle)) or back.shape != puzzle.shape:
            out.append("the JSON's puzzle is not the one given")
    except Exception as exc:  # noqa: BLE001
        out.append(f"the JSON's puzzle does not read back: {exc}")
    grid = grid_of(puzzle)
    shown = rec.get("solution_lines") or ([rec["lines"]] if rec.get("lines") else [])
    for i, lines in enumerate(shown):
        paths, bad = paths_by_pair(puzzle, lines)
        out += [f"solution {i}: {b}" for b in bad + follow(grid, paths, fill=fill, touch=touch)]
    grids = rec.get("solutions") or ([rec["grid"]] if rec.get("grid") else [])
    if len(grids) != len(shown):
        out.append(f"{len(grids)} grids for {len(shown)} solutions' lines")
    status = rec.get("status")
    if status == "solved" and not shown:
        out.append("solved without lines")
    total = reference(grid, fill, touch)
    if status == "gave-up":
        if total is not None and solver == "fast":
            out.append(f"gave up on a board of {len(grid) * len(grid[0])} cells")
        return out
    if total is None:
        return out
    if (status == "solved") != (total > 0) and not (solver == "tremaux" and status == "no-solution"):
        out.append(f"{status}, brute force finds {total} solution(s)")
    if mode == "unique" and status == "solved" and total < LIMIT and rec.get("unique") != (total == 1):
        out.append(f"unique={rec.get('unique')}, brute force finds {total}")
    if mode in ("count", "all") and total < LIMIT:
        want = min(total, count if count is not None else 1000)
        if rec.get("count") != want:
            out.append(f"count {rec.get('count')}, brute force finds {total} (up to {count})")
        if mode == "all" and len(shown) != want:
            out.append(f"{len(shown)} solutions listed with --all, {want} counted")
    return out


def blocks(text: str) -> list[list[str]]:
    """The drawings of a text, separated by blank lines."""
    out: list[list[str]] = []
    cur: list[str] = []
    for ln in text.splitlines():
        if ln.strip():
            cur.append(ln)
        elif cur:
            out.append(cur)
            cur = []
    return out + ([cur] if cur else [])


STATUS = re.compile(r"^(\S.*?): ([a-z]+(?:-[a-z]+)*)(?:: |$)")


def statuses(case: Any, *, stdout: bool = False) -> list[str]:
    """The status word of each answer line (``name: status: ...``), on stderr (solve) or stdout (check)."""
    lines = stdout_of(case).splitlines() if stdout else stderr_lines(case)
    return [m.group(2) for ln in lines if (m := STATUS.match(ln))]


def picture_ok(path: Path, shape: tuple[int, int]) -> list[str]:
    from _sweep_nl_checks import picture_problems

    if not path.is_file():
        return [f"{path.name} not written"]
    data = path.read_bytes()
    if path.suffix == ".svg" or data.lstrip().startswith(b"<"):
        return picture_problems(data.decode(errors="replace"), None, shape)
    if path.suffix == ".png" or data.startswith(b"\x89PNG"):
        return picture_problems(None, data, shape)
    return []


def read_json(case: Any) -> Any:
    return json.loads(stdout_of(case))


def expected_code(records: list[dict], key: str, good: tuple[str, ...]) -> int:
    return 0 if all(r.get(key) in good for r in records) else 1


def same_puzzles(text_or_path: Any, puzzles: list, *, labels: bool = False) -> list[str]:
    """What was written reads back (the format detected) as ``puzzles``, pair by pair."""
    from tremaux.numberlink.formats import load_all, loads_all

    got = load_all(text_or_path) if isinstance(text_or_path, Path) else loads_all(text_or_path)
    if len(got) != len(puzzles):
        return [f"{len(got)} puzzles read back, {len(puzzles)} written"]
    out = []
    for i, (a, b) in enumerate(zip(got, puzzles)):
        if a.shape != b.shape or pairs_of(grid_of(a)) != pairs_of(grid_of(b)):
            out.append(f"puzzle {i + 1} reads back as another ({a.shape} vs {b.shape})")
        elif labels and sorted(map(_lettered, a.labels)) != sorted(map(_lettered, b.labels)):
            out.append(f"puzzle {i + 1} reads back with labels {list(a.labels)[:5]}..., not {list(b.labels)[:5]}...")
    return out


def _lettered(label: Any) -> str:
    """A label as the grid format writes it: the numbers 10 to 35 as the letters A to Z (documented, with a note)."""
    text = str(label)
    return chr(ord("A") + int(text) - 10) if text.isdigit() and 10 <= int(text) <= 35 else text


def png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image

    return Image.open(io.BytesIO(data)).size
