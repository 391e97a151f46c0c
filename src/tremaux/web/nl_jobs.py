"""The Number Link work behind the API, run inside worker processes (see :mod:`tremaux.web.jobs`).

Examples
--------
>>> from tremaux.web.nl_jobs import puzzle_of, grid_of
>>> grid_of(puzzle_of({"grid": [[1, 0, 1]]}))["rows"]
1
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .job_registry import _job

_DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def puzzle_of(body: dict[str, Any], named: bool = False) -> Any:
    """The :class:`~tremaux.numberlink.Puzzle` of a page's grid of numbers (0 for empty).

    Parameters
    ----------
    body : dict
        ``grid``: rows of numbers, 0 for an empty cell; ``names``, optional: the label of a number.
    named : bool, default False
        Label the pairs by ``names`` (the text "save" writes), not by their numbers (the numbers the
        answers name the paths by).

    Returns
    -------
    Puzzle
        The puzzle.

    Examples
    --------
    >>> from tremaux.web.nl_jobs import puzzle_of
    >>> puzzle_of({"grid": [[4, 0, 4], [0, 0, 0], [9, 0, 9]]}).labels
    ('4', '9')
    >>> puzzle_of({"grid": [[27, 0, 27], [0, 0, 0]], "names": {"27": "R"}}, named=True).labels
    ('R',)
    >>> puzzle_of({"grid": [[4, 0, 4], [0, 0, 0], [9, 0, 0]]})
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleError: number '9' appears once, at row 3 column 1; each number must appear exactly twice
    """
    from ..numberlink import Puzzle

    names = (body.get("names") or {}) if named else {}
    return Puzzle.from_rows([[names.get(str(v), str(v)) if v else None for v in row] for row in body["grid"]])


def numbers_of(puzzle: Any) -> list[int]:
    """The number shown for each pair id (index 0 is empty).

    Integer labels up to 999 (the largest number the page holds) are
    themselves; single-character labels ``1``-``9``, ``A``-``Z`` read as
    1-35 (how the grid format writes numbers up to 35); other labels, larger
    numbers included, are numbered by pair.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    list of int
        The number of each pair, by pair id (0 first).

    Examples
    --------
    >>> from tremaux.web.nl_jobs import numbers_of
    >>> from tremaux.numberlink import Puzzle
    >>> numbers_of(Puzzle.from_rows(["1.C", "1.C"]))
    [0, 1, 12]
    >>> numbers_of(Puzzle.from_rows([["1000", None, "1000"], ["7", None, "7"]]))
    [0, 1, 2]
    """
    labels = puzzle.labels
    if all(x.isdecimal() and int(x) <= 999 for x in labels):
        ints = [int(x) for x in labels]
        if len(set(ints)) == len(ints):
            return [0, *ints]
    if all(len(x) == 1 and x.upper() in _DIGITS for x in labels):
        nums = [_DIGITS.index(x.upper()) + 1 for x in labels]
        if len(set(nums)) == len(nums):
            return [0, *nums]
    return list(range(puzzle.pairs + 1))


def grid_of(puzzle: Any) -> dict[str, Any]:
    """A puzzle as the page's ``{"rows", "cols", "grid"}``.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle.

    Returns
    -------
    dict
        ``rows``, ``cols`` and ``grid`` (rows of numbers, 0 empty); ``names``, the puzzle's own label of a
        number that is not the number itself, for a puzzle labelled by letters or words (no number).

    Examples
    --------
    >>> from tremaux.web.nl_jobs import grid_of
    >>> from tremaux.numberlink import Puzzle
    >>> grid_of(Puzzle.from_rows(["1.1", "2.2"]))
    {'rows': 2, 'cols': 3, 'grid': [[1, 0, 1], [2, 0, 2]]}
    >>> grid_of(Puzzle.from_rows(["R.R", "B.B"]))["names"]
    {'11': 'B', '27': 'R'}
    >>> "names" in grid_of(Puzzle.from_rows(["C.1", "C.1"]))  # the grid format's 12
    False
    """
    nums = np.array(numbers_of(puzzle), dtype=np.int64)
    out = {"rows": puzzle.height, "cols": puzzle.width, "grid": nums[puzzle.grid].tolist()}
    # the puzzle's own labels (a Flow Free colour R, numbered 27), where the board can show them (3 characters);
    # not letters among numbers: the grid format writes 10-35 as A-Z then ("C.1": 12 and 1)
    words = not any(label.isdecimal() for label in puzzle.labels)
    names = {str(n): label for n, label in zip(nums[1:].tolist(), puzzle.labels)
             if words and label != str(n) and len(label) <= 3 and label.isascii() and label.isalnum()}
    return {**out, "names": names} if names else out


def _paths(puzzle: Any, linking: Any) -> dict[str, list[list[int]]]:
    nums = numbers_of(puzzle)
    return {str(nums[k]): p.tolist() for k, p in enumerate(linking.paths, start=1)}


def _drawn(named: Any, linking: Any) -> str:
    """A linking drawn as text (``tremaux numberlink solve --out solution.txt``), with the puzzle's own labels."""
    from ..numberlink import Linking, to_text

    by_end = {}
    for path in linking.paths:
        cells = [(int(r), int(c)) for r, c in path.tolist()]
        by_end[cells[0]] = by_end[cells[-1]] = cells
    ordered = [by_end[tuple(int(x) for x in named.endpoints(k)[0])] for k in range(1, named.pairs + 1)]
    return to_text((named, Linking.from_paths(named, ordered))) + "\n"


def _nl_stats(puzzle: Any, res: Any, seconds: float) -> list[tuple[str, str]]:
    rows = [
        ("size", f"{puzzle.height} x {puzzle.width}"),
        ("pairs", str(puzzle.pairs)),
        ("free cells", str(puzzle.free_cells)),
        ("solver", res.solver),
        ("rule", res.rule),
        ("verdict", res.message or res.status),
        ("steps" if res.solver == "tremaux" else "SAT calls", str(res.steps)),
    ]
    for key, label in (("variables", "SAT variables"), ("clauses", "SAT clauses"), ("loops_cut", "loops cut")):
        if key in res.extras:
            rows.append((label, str(res.extras[key])))
    rows.append(("time", f"{seconds * 1000:.1f} ms"))
    return rows


@_job
def nl_solve_job(req: dict[str, Any]) -> dict[str, Any]:
    """Solve a page's puzzle under the fill rule; say whether it is unique or why it is improper.

    ``req``: ``grid``, ``solver`` (``None`` for the default), ``second`` (look
    for a second solution) and ``time_limit`` (seconds the solver may use).
    Uniqueness is judged as puzzle makers and the generator judge it, among
    lines that never run beside themselves, unless every solution has such a
    line (then among all). The answer's ``status`` is ``solved``, ``no-solution``, ``not-filling``
    (solutions exist only with empty cells; one is given) or ``cut-off``.

    Parameters
    ----------
    req : dict
        ``grid``, ``solver`` (``None``: the default) and ``second`` (also look for another solution).

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.PuzzleSolveResponse` record.

    Examples
    --------
    >>> from tremaux.web.nl_jobs import nl_solve_job
    >>> out = nl_solve_job({"grid": [[1, 2, 3], [0, 0, 0], [1, 2, 3]], "solver": None, "second": True})
    >>> out["status"], out["unique"], out["paths"]["2"]
    ('solved', True, [[0, 1], [1, 1], [2, 1]])
    >>> nl_solve_job({"grid": [[1, 2], [2, 1]], "solver": None, "second": True})["status"]
    'no-solution'
    """
    from ..numberlink import NL_SOLVERS, solve_puzzle

    t0 = time.perf_counter()
    puzzle = puzzle_of(req)
    named = puzzle_of(req, named=True)

    def to_text(linking: Any) -> str:
        return _drawn(named, linking)
    entry = NL_SOLVERS.get(req.get("solver") or "fast")
    budget = req.get("time_limit")
    budget = None if budget is None else max(0.05, 0.85 * float(budget))

    def left() -> float | None:
        return None if budget is None else max(0.05, budget - (time.perf_counter() - t0))

    want_second = bool(req.get("second", True))
    res = None
    if want_second and entry.counts:
        # uniqueness as puzzle makers (and the generator) judge it: among lines that never run beside themselves
        res = solve_puzzle(puzzle, entry.name, rule="fill", touch=False, unique=True, time_limit=left())
        if res.status == "no-solution":
            res = None  # every solution has a line beside itself: judged among those
    if res is None:
        res = solve_puzzle(puzzle, entry.name, rule="fill", touch=True, unique=want_second and entry.counts,
                           time_limit=left())
    out: dict[str, Any] = {"status": "solved", "unique": None, "paths": None, "second": None}
    if res.status == "solved":
        check = res
        if want_second and not entry.counts:  # the paper's traveler finds one solution: ask the exact solver
            check = solve_puzzle(puzzle, rule="fill", touch=True, unique=True, time_limit=left())
        sols = check.solutions if check.status == "solved" else ()
        out["paths"] = _paths(puzzle, res.solutions[0])
        out["text"] = to_text(res.solutions[0])
        if check.unique is not None and check.complete:
            out["unique"] = bool(check.unique)
        others = [lk for lk in sols if lk != res.solutions[0]]
        if others:
            out["second"] = _paths(puzzle, others[0])
            out["second_text"] = to_text(others[0])
        if out["unique"] is True:
            convention = "" if res.touch else "; no line runs beside itself"
            out["message"] = f"solved: the solution is unique ({res.solver} solver{convention})"
        elif out["unique"] is False:
            out["message"] = "solved, but not unique: the puzzle has another solution (show the other solution)"
        else:
            out["message"] = f"solved ({res.solver} solver); whether the solution is unique was not decided in time"
    elif res.status == "no-solution":
        loose = solve_puzzle(puzzle, rule="nikoli", time_limit=left())
        if loose.status == "solved":
            lk = loose.solutions[0]
            empty = puzzle.height * puzzle.width - lk.covered
            out.update(status="not-filling", paths=_paths(puzzle, lk), text=to_text(lk),
                       message=(f"improper puzzle: no solution covers every cell; the lines can only be "
                                f"drawn leaving cells empty (here {empty})"))
        elif loose.status == "no-solution":
            why = next((m for m in (res.message, loose.message) if m and not m.startswith("no solution")),
                       "the pairs cannot all be connected without crossing")
            out.update(status="no-solution", message=f"improper puzzle: no solution: {why}")
        else:
            out.update(status="no-solution",
                       message="improper puzzle: no solution covers every cell (with empty cells: undecided in time)")
    else:
        why = res.message
        if budget is not None and why.startswith("gave up after") and "(time limit" in why:
            # the solver was given what was left of the job's share (16.9993 s): said as the server's limit
            limit = float(req["time_limit"])
            why = f"gave up after {time.perf_counter() - t0:.1f} s (the server's time limit is {limit:g} s)"
        # the fast solver is not advised to the visitor who ran it (the default)
        advice = ("a smaller puzzle, or one with more numbers" if entry.name == NL_SOLVERS.get("fast").name
                  else "the fast solver or a smaller puzzle")
        out.update(status="cut-off", message=f"no answer in time: {why}; try {advice}")
    seconds = time.perf_counter() - t0
    out["stats"] = _nl_stats(puzzle, res, seconds)
    out["elapsed_ms"] = round(seconds * 1000, 2)
    return out


@_job
def nl_random_job(req: dict[str, Any]) -> dict[str, Any]:
    """A random proper puzzle (one solution under the fill rule) from the generator.

    Parameters
    ----------
    req : dict
        ``rows``, ``cols`` and ``seed``.

    Returns
    -------
    dict
        The :class:`~tremaux.web.models.PuzzleRandomResponse` record.

    Examples
    --------
    >>> from tremaux.web.nl_jobs import nl_random_job
    >>> out = nl_random_job({"rows": 5, "cols": 6, "seed": 3})
    >>> out["rows"], out["cols"], out["seed"]
    (5, 6, 3)
    >>> nl_random_job({"rows": 5, "cols": 6, "seed": 3})["grid"] == out["grid"]
    True
    """
    from ..numberlink import generate_puzzle

    t0 = time.perf_counter()
    limit = req.get("time_limit")
    gen = generate_puzzle((int(req["rows"]), int(req["cols"])), seed=req["seed"],
                          time_limit=None if limit is None else max(0.05, float(limit) / 4))
    out = grid_of(gen.puzzle)
    out["seed"] = gen.seed
    out["message"] = (f"a random {gen.puzzle.height} × {gen.puzzle.width} puzzle with {gen.puzzle.pairs} pairs "
                      f"and exactly one solution (seed {gen.seed})")
    out["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 2)
    return out




def _refuse_a_maze(text: str) -> None:
    """Say so when ``text``, no puzzle, is a maze of the maze side's readers (a block picture: '#' and '.')."""
    from ..errors import PuzzleFormatError, TremauxError
    from ..io import loads

    try:
        maze = loads(text.encode("utf-8"), source="the text")
    except (TremauxError, ValueError, UnicodeError):
        return
    rows, cols = maze.shape[-2:]
    raise PuzzleFormatError(f"this is a maze ({rows} x {cols} cells), not a Number Link puzzle: this board takes "
                            "Number Link puzzles; paste a maze on the maze side of the page")


@_job
def nl_parse_job(req: dict[str, Any]) -> dict[str, Any]:
    """Read the one puzzle of a text (any format of :data:`tremaux.numberlink.formats.FORMATS`) for the page.

    Run in a worker: a short text can name a large puzzle (a puzz.link address
    of 4096 x 4096 cells is a few bytes), whose reading takes seconds.

    Parameters
    ----------
    req : dict
        ``text``: the puzzle, read as text, never as a file name; ``max_side``:
        the largest side the page takes.

    Returns
    -------
    dict
        ``rows``, ``cols`` and ``grid`` (see :func:`grid_of`).

    Raises
    ------
    PuzzleFormatError
        Text that is not exactly one puzzle.
    InvalidSizeError
        A puzzle with a side outside ``2..max_side``.

    Examples
    --------
    >>> from tremaux.web.nl_jobs import nl_parse_job
    >>> nl_parse_job({"text": "1.1\\n2.2\\n", "max_side": 30})
    {'rows': 2, 'cols': 3, 'grid': [[1, 0, 1], [2, 0, 2]]}
    >>> nl_parse_job({"text": "1..\\n..2\\n", "max_side": 30})["grid"]  # a board saved unfinished
    [[1, 0, 0], [0, 0, 2]]
    >>> nl_parse_job({"text": "1.1\\n2.2\\n\\n1.1\\n2.2\\n", "max_side": 30})
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleFormatError: the text holds 2 puzzles; the page loads one at a time
    """
    from ..errors import InvalidSizeError, PuzzleFormatError
    from ..numberlink import formats

    from ..errors import PuzzleError

    from ..numberlink.formats._text import other_kind

    if (why := other_kind(req["text"], commands=False)) is not None and why.startswith("this is the drawing of a maze") \
            and formats.detect(req["text"]) == "grid":  # as the readers judge it: a '+---+' table of labels is a puzzle
        raise PuzzleFormatError(why + ": this board takes Number Link puzzles; paste a maze on the maze side of "
                                      "the page")
    try:
        puzzles = formats.loads_all(req["text"], source="puzzle")
    except (PuzzleFormatError, PuzzleError):
        from ._board_text import read_board  # a board the page saved unfinished (a number without its partner)

        grid = read_board(req["text"])
        if grid is None:
            _refuse_a_maze(req["text"])
            raise
        rows, cols, top = len(grid), len(grid[0]), int(req["max_side"])
        if max(rows, cols) > top:
            raise InvalidSizeError(_too_large(rows, cols, top)) from None
        return {"rows": rows, "cols": cols, "grid": grid}
    if len(puzzles) != 1:  # (the library's own message names its Python functions)
        what = "no puzzle" if not puzzles else f"{len(puzzles)} puzzles; the page loads one at a time"
        raise PuzzleFormatError(f"the text holds {what}")
    puzzle, top = puzzles[0], int(req["max_side"])
    if max(puzzle.shape) > top or min(puzzle.shape) < 2:
        raise InvalidSizeError(_too_large(puzzle.height, puzzle.width, top))
    return grid_of(puzzle)


def _too_large(rows: int, cols: int, top: int) -> str:
    # said of "puzzle", which the page replaces by the file's name ("big.txt is 31 x 31: ...")
    return f"puzzle is {rows} x {cols}: the board takes 2 to {top} rows and columns"
