"""The Number Link part of ``sweep_web.py``: puzzles generated, written in every format, pasted, solved, saved.

Each answer is followed cell by cell (:func:`nl_problems`); a board the page reads must be the library's reading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sweep_web
from sweep_web import Tally, _file_round, call


def nl_problems(grid: list, paths: dict | None, fill: bool = True) -> list[str]:
    """What an answer breaks: each pair joined by a walk of side-by-side cells, lines apart, every cell covered."""
    if paths is None:
        return ["no paths"]
    h, w = len(grid), len(grid[0])
    owner: dict = {}
    out = []
    numbers = {v for row in grid for v in row if v}
    if {int(k) for k in paths} != numbers:
        out.append(f"paths for {sorted(int(k) for k in paths)}, numbers {sorted(numbers)}")
    for k, path in paths.items():
        cells = [tuple(c) for c in path]
        ends = {(r, c) for r in range(h) for c in range(w) if grid[r][c] == int(k)}
        if {cells[0], cells[-1]} != ends:
            out.append(f"pair {k}: runs {cells[0]}..{cells[-1]}, its numbers at {sorted(ends)}")
        for a, b in zip(cells, cells[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                out.append(f"pair {k}: jumps {a} -> {b}")
        for c in cells:
            if c in owner:
                out.append(f"cell {c} on lines {owner[c]} and {k}")
            owner[c] = k
            if grid[c[0]][c[1]] not in (0, int(k)):
                out.append(f"pair {k} runs through the number at {c}")
    if fill and len(owner) != h * w:
        out.append(f"{h * w - len(owner)} cells empty under the fill rule")
    return out


def sweep_numberlink(client: Any, tally: Tally, quick: bool) -> None:
    from tremaux.numberlink import Puzzle, formats

    sizes = [(2, 2), (2, 3), (3, 2), (5, 5), (8, 8), (7, 13), (15, 20), (30, 30)]
    names = formats.FORMATS.names()
    for k, (r, c) in enumerate(sizes):
        res = call(client, "POST", "/api/numberlink/random", json={"rows": r, "cols": c, "seed": sweep_web.SEED + k})
        if not tally.note("nl", f"random {r}x{c}", res):
            continue
        grid = res.json()["grid"]
        puzzle = Puzzle(grid)
        res = call(client, "POST", "/api/numberlink/solve", json={"rows": r, "cols": c, "grid": grid})
        if tally.note("nl", f"solve random {r}x{c}", res):
            out = res.json()
            if out["status"] != "solved" or out["unique"] is False:
                tally.flag("nl", f"random {r}x{c}", f"generated puzzle answered {out['status']} unique={out['unique']}")
            else:
                for p in nl_problems(grid, out["paths"]):
                    tally.flag("nl", f"solve random {r}x{c}", p)
        res = call(client, "POST", "/api/numberlink/format", json={"rows": r, "cols": c, "grid": grid})
        if tally.note("nl", f"format {r}x{c}", res):
            back = call(client, "POST", "/api/numberlink/parse", json={"text": res.json()["text"]})
            if tally.note("nl", f"parse saved {r}x{c}", back) and back.json()["grid"] != grid:
                tally.flag("nl", f"save/load {r}x{c}", "the board loaded is not the one saved")
        for fmt in names if not quick or k % 2 == 0 or (r, c) == (30, 30) else names[k % 3::3]:
            try:
                text = formats.dumps(puzzle, fmt)
            except Exception as exc:  # noqa: BLE001 - a format that cannot write this puzzle (few pairs...)
                tally.by_part["nl format not writable"] += 1
                _ = exc
                continue
            res = call(client, "POST", "/api/numberlink/parse", json={"text": text})
            what = f"paste {fmt} {r}x{c}"
            if len(text) > 20000:
                tally.note("nl", what, res, ok=(422, 413))
                continue
            if not tally.note("nl", what, res):
                continue
            got = res.json()
            if _relabelled(got["grid"]) != _relabelled(grid):
                tally.flag("nl", what, "the board read is not the puzzle written")
    _sample_files(client, tally, quick)
    # boards users write: no solution, a number without its partner, empty, one pair only
    boards = {
        "no solution": [[1, 2, 0], [0, 0, 0], [2, 1, 0]],
        "crossing": [[0, 1, 0], [2, 0, 2], [0, 1, 0]],
        "not filling": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]],
        "unpaired": [[1, 0], [0, 2]],
        "three of one": [[1, 1], [1, 0]],
        "empty": [[0, 0], [0, 0]],
        "1000": [[1000, 0], [0, 1000]],
    }
    for name, grid in boards.items():
        res = call(client, "POST", "/api/numberlink/solve", json={"rows": len(grid), "cols": len(grid[0]),
                                                                   "grid": grid})
        if tally.note("nl", f"board {name}", res, ok=(200, 400, 422)) and res.json()["status"] == "solved":
            for p in nl_problems(grid, res.json()["paths"]):
                tally.flag("nl", f"board {name}", p)
        elif res.status_code == 200 and name in ("no solution", "crossing") and res.json()["status"] == "solved":
            tally.flag("nl", f"board {name}", "solved")
        res = call(client, "POST", "/api/numberlink/format", json={"rows": len(grid), "cols": len(grid[0]),
                                                                    "grid": grid})
        tally.note("nl", f"save board {name}", res, ok=(200, 400, 422))


DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def _sample_files(client: Any, tally: Tally, quick: bool) -> None:
    """Puzzle files of other programs (every layout the library reads, the read-only ones too) pasted on the board,
    and maze files of other tools opened: the page's board is the library's reading, or a one-line refusal."""
    from tremaux.errors import TremauxError
    from tremaux.numberlink import formats

    texts = sorted((DATA / "formats").glob("*.txt")) + sorted((DATA / "formats").glob("*.xml"))
    public = sorted(q for q in (DATA / "numberlink").rglob("*.txt") if q.name[0] not in "AR")
    texts += public[::4] if quick else public
    for path in texts:
        text = path.read_text(errors="replace")
        res = call(client, "POST", "/api/numberlink/parse", json={"text": text})
        what = f"paste {path.relative_to(DATA)}"
        try:
            mine = formats.loads_all(text, source="puzzle")
        except TremauxError:
            mine = None
        if mine is None or len(mine) != 1 or max(mine[0].shape) > 30 or len(text) > 20000:
            tally.note("nl", what, res, ok=(400, 413, 422))  # several puzzles, too large: said in one line
            continue
        if not tally.note("nl", what, res):
            continue
        grid = res.json()["grid"]
        if _relabelled(grid) != _relabelled([[int(v) for v in row] for row in mine[0].grid]):
            tally.flag("nl", what, "the board read is not the library's reading")
        r, c = len(grid), len(grid[0])
        if r * c <= 100:
            res = call(client, "POST", "/api/numberlink/solve", json={"rows": r, "cols": c, "grid": grid})
            if tally.note("nl", f"solve {what}", res) and res.json()["status"] == "solved":
                for p in nl_problems(grid, res.json()["paths"]):
                    tally.flag("nl", f"solve {what}", p)
    for path in sorted((DATA / "other_tools").glob("*.txt")):
        _file_round(client, tally, path.read_bytes(), None, f"maze file {path.name}", solvers=("bfs", "tremaux"))


def _relabelled(grid: list) -> list:
    """The grid with its numbers renamed in reading order (formats that write letters or colours renumber)."""
    names: dict = {}
    return [[names.setdefault(v, len(names) + 1) if v else 0 for v in row] for row in grid]
