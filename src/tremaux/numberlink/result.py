"""Immutable results of Number Link solving and checking."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

import numpy as np

from .._values import frozen_state, same, set_frozen_state
from ..errors import PuzzleError
from ._named import named
from .model import Puzzle

__all__ = ["Linking", "PuzzleSolution", "Diagnosis", "STATUSES", "VERDICTS"]

STATUSES = ("solved", "no-solution", "gave-up", "invalid")
"""Possible :attr:`PuzzleSolution.status` values."""

VERDICTS = ("proper", "multiple-solutions", "no-solution", "needs-empty-cells", "walled-in", "invalid", "gave-up")
"""Possible :attr:`Diagnosis.verdict` values."""

_DR = (-1, 0, 1, 0)
_DC = (0, 1, 0, -1)


def _ro(a: np.ndarray) -> np.ndarray:
    a = np.array(a)
    a.flags.writeable = False
    return a


def _unpack(shape: tuple[int, int], cells: np.ndarray, bounds: np.ndarray) -> Linking:
    """The :class:`Linking` a pickle holds (see :meth:`Linking.__reduce__`)."""
    rc = _ro(cells.astype(np.int64))
    b = bounds.tolist()
    return Linking(tuple(shape), tuple(rc[a:z] for a, z in zip(b[:-1], b[1:])))


@dataclass(frozen=True, eq=False)
class Linking:
    """One way to draw the lines: a path of cells per pair.

    Examples
    --------
    >>> from tremaux.numberlink import Linking
    >>> from tremaux.numberlink import Puzzle
    >>> p = Puzzle.from_rows(["1.1", "2.2"])
    >>> lk = Linking.from_paths(p, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    >>> lk.grid.tolist()
    [[1, 1, 1], [2, 2, 2]]
    >>> lk.links.tolist()
    [[2, 10, 8], [2, 10, 8]]
    """

    shape: tuple[int, int]
    """``(H, W)`` of the puzzle."""
    paths: tuple[np.ndarray, ...]
    """Per pair (index ``k - 1``) a read-only ``(m, 2)`` array of ``(row, col)`` cells, endpoint to endpoint."""

    @classmethod
    def from_paths(cls, puzzle: Puzzle, paths: Sequence[Sequence[tuple[int, int]]]) -> Linking:
        """Wrap ``paths`` (lists of ``(row, col)``) as a :class:`Linking` of ``puzzle``.

        Parameters
        ----------
        puzzle : Puzzle
            The puzzle the lines solve.
        paths : sequence of sequence of (int, int)
            One path per pair, in pair order.

        Returns
        -------
        Linking
            The lines as flat arrays.

        Raises
        ------
        PuzzleError
            Not one path per pair, or a path that is not of ``(row, col)`` cells of the puzzle.

        Examples
        --------
        >>> from tremaux.numberlink import Linking
        >>> from tremaux.numberlink import Puzzle
        >>> puzzle = Puzzle.from_rows(["1.1", "2.2"])
        >>> Linking.from_paths(puzzle, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
        Linking(shape=(2, 3), pairs=2, covered=6)
        """
        paths = list(paths)
        if len(paths) != puzzle.pairs:
            raise PuzzleError(f"{len(paths)} paths given for {puzzle.pairs} pairs (one path per pair)")
        out = []
        for k, path in enumerate(paths, start=1):
            try:
                a = np.asarray(path, dtype=np.int64)
            except (TypeError, ValueError, OverflowError):
                a = None
            if a is None or (a.size and (a.ndim != 2 or a.shape[1] != 2)):
                raise PuzzleError(f"path {k} is not a list of (row, col) cells")
            a = a.reshape(-1, 2)
            outside = (a[:, 0] < 0) | (a[:, 0] >= puzzle.height) | (a[:, 1] < 0) | (a[:, 1] >= puzzle.width)
            if outside.any():
                r, c = a[int(np.argmax(outside))].tolist()
                raise PuzzleError(f"cell ({r}, {c}) of path {k} is outside the {puzzle.width}x{puzzle.height} "
                                  f"(WxH) puzzle")
            out.append(_ro(a))
        return cls(puzzle.shape, tuple(out))

    @classmethod
    def from_flat(cls, puzzle: Puzzle, cells: np.ndarray, starts: np.ndarray) -> Linking:
        """From flat cell indices ``cells[starts[k-1]:starts[k]]`` per pair (``starts``: pairs + 1 bounds).

        Parameters
        ----------
        puzzle : Puzzle
            The puzzle the lines solve.
        cells : numpy.ndarray
            Flat cell indices of every line, one after the other.
        starts : numpy.ndarray
            ``pairs + 1`` bounds of the lines in ``cells``.

        Returns
        -------
        Linking
            The linking.

        Examples
        --------
        >>> import numpy as np
        >>> from tremaux.numberlink import Linking
        >>> from tremaux.numberlink import Puzzle
        >>> p = Puzzle.from_rows(["1.1", "2.2"])
        >>> lk = Linking.from_flat(p, np.array([0, 1, 2, 3, 4, 5, -1]), np.array([0, 3, 6]))
        >>> [path.tolist() for path in lk.paths]
        [[[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]]]
        """
        w = puzzle.width
        bounds = (np.asarray(starts[: puzzle.pairs + 1], dtype=np.int64) - int(starts[0])).tolist()
        c = np.asarray(cells[int(starts[0]):int(starts[0]) + bounds[-1]], dtype=np.int64)
        rc = _ro(np.stack([c // w, c % w], axis=1))  # one read-only array; each path is a view of it
        return cls(puzzle.shape, tuple(rc[a:b] for a, b in zip(bounds[:-1], bounds[1:])))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as ``int16`` cells (every side fits: :data:`~tremaux.numberlink.model.MAX_SIDE`), a quarter of
        the ``int64`` paths: the solutions a count keeps cross a pipe from the process that found them in time."""
        bounds = np.cumsum([0] + [len(p) for p in self.paths])
        small = np.int16 if max(self.shape) <= np.iinfo(np.int16).max else np.int64
        cells = (np.concatenate(self.paths) if self.paths else np.zeros((0, 2), dtype=np.int64)).astype(small)
        return _unpack, (self.shape, cells, bounds.astype(np.int64))

    @property
    def grid(self) -> np.ndarray:
        """``(H, W)`` ``int32`` array: the pair whose line covers each cell, 0 for an empty cell."""
        g = np.zeros(self.shape, dtype=np.int32)
        for k, p in enumerate(self.paths, start=1):
            if len(p):
                g[p[:, 0], p[:, 1]] = k
        g.flags.writeable = False
        return g

    @property
    def links(self) -> np.ndarray:
        """``(H, W)`` ``uint8``: bit ``1 << d`` when a line leaves the cell towards d (N0 E1 S2 W3)."""
        out = np.zeros(self.shape, dtype=np.uint8)
        steps = [p for p in self.paths if len(p) >= 2]
        if not steps:
            return _ro(out)
        u = np.concatenate([p[:-1] for p in steps])  # every step of every line at once
        v = np.concatenate([p[1:] for p in steps])
        d = v - u
        a = np.where(d[:, 0] == -1, 0, np.where(d[:, 1] == 1, 1, np.where(d[:, 0] == 1, 2, 3)))
        flat = out.reshape(-1)
        w = self.shape[1]
        np.bitwise_or.at(flat, u[:, 0] * w + u[:, 1], (1 << a).astype(np.uint8))
        np.bitwise_or.at(flat, v[:, 0] * w + v[:, 1], (1 << ((a + 2) % 4)).astype(np.uint8))
        out.flags.writeable = False  # as the grid: a result is read-only
        return out

    @property
    def covered(self) -> int:
        """Number of cells covered by a line."""
        return int(sum(len(p) for p in self.paths))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Linking):
            return NotImplemented
        return self.shape == other.shape and len(self.paths) == len(other.paths) and all(
            np.array_equal(a, b) for a, b in zip(self.paths, other.paths))

    def __hash__(self) -> int:  # content-based like __eq__ (the paths are read-only)
        return hash((self.shape, tuple(np.asarray(p, np.int64).tobytes() for p in self.paths)))

    def __repr__(self) -> str:
        return f"Linking(shape={self.shape}, pairs={len(self.paths)}, covered={self.covered})"


@dataclass(frozen=True, eq=False)
class PuzzleSolution:
    """What :func:`tremaux.numberlink.solve_puzzle` returns.

    "No solution" and "gave up" are answers: ``solutions`` is empty and
    ``message`` says why.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, solve_puzzle
    >>> solution = solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]))
    >>> solution.status, len(solution.solutions)
    ('solved', 1)
    """

    puzzle: Puzzle | None
    """The puzzle (``None`` when it could not be read: status ``invalid``)."""
    solver: str
    """Registry name of the solver."""
    rule: str
    """``"fill"`` or ``"nikoli"``."""
    status: str
    """One of :data:`STATUSES`."""
    solutions: tuple[Linking, ...] = ()
    """The solutions found: one, or several with ``count``/``unique``."""
    message: str = ""
    """A one-line verdict or reason."""
    steps: int = 0
    """Work done: traveler moves (``tremaux``) or SAT solver calls (``fast``)."""
    seconds: float = 0.0
    """Wall-clock time of the run."""
    unique: bool | None = None
    """With ``unique=True``: whether the solution is the only one (``None`` if not asked or unknown)."""
    count: int | None = None
    """With ``count``: how many solutions were found (stopped at the limit, see ``complete``)."""
    complete: bool = True
    """Whether the search for further solutions ran to the end (``False``: the limit was hit)."""
    name: str = ""
    """The puzzle's name (its file, ``#i`` for the i-th of a file)."""
    extras: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Solver-specific read-only figures (clauses, loops cut...)."""
    touch: bool = True
    """Whether lines were allowed to run beside themselves (``False``: the no-touch convention)."""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status {self.status!r} is not one of {STATUSES}")
        if not isinstance(self.extras, MappingProxyType):
            object.__setattr__(self, "extras", MappingProxyType(dict(self.extras)))

    @property
    def solved(self) -> bool:
        """Whether a solution was found."""
        return self.status == "solved"

    @property
    def linking(self) -> Linking | None:
        """The (first) solution, or ``None``."""
        return self.solutions[0] if self.solutions else None

    @property
    def grid(self) -> np.ndarray | None:
        """Pair ids of the first solution (0 for empty), or ``None``."""
        return self.solutions[0].grid if self.solutions else None

    def numbers(self, index: int = 0) -> list[list[int]]:
        """Rows of printed numbers of solution ``index`` (pair labels when numeric, else pair ids; 0 empty).

        Parameters
        ----------
        index : int, default 0
            Which solution.

        Returns
        -------
        list of list of int
            One row of numbers per board row.

        Raises
        ------
        IndexError
            For an ``index`` past the solutions kept (the message says how many there are).

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle, solve_puzzle
        >>> solve_puzzle(Puzzle.from_rows(["1.1", "2.2"])).numbers()
        [[1, 1, 1], [2, 2, 2]]
        """
        if self.puzzle is None or not self.solutions:
            return []
        return self.puzzle.numbers[self._solution(index).grid].tolist()

    def lines(self, index: int = 0) -> list[dict[str, Any]]:
        """Each line of solution ``index`` as ``{"label", "cells"}``, its cells ``[row, col]`` in order along it.

        Parameters
        ----------
        index : int, default 0
            Which solution.

        Returns
        -------
        list of dict
            One ``{"label": str, "cells": [[row, col], ...]}`` per pair.

        Raises
        ------
        IndexError
            For an ``index`` past the solutions kept (the message says how many there are).

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle, solve_puzzle
        >>> solve_puzzle(Puzzle.from_rows(["1.1", "2.2"])).lines()[0]
        {'label': '1', 'cells': [[0, 0], [0, 1], [0, 2]]}
        """
        if self.puzzle is None or not self.solutions:
            return []
        return [{"label": lab, "cells": path.tolist()}
                for lab, path in zip(self.puzzle.labels, self._solution(index).paths)]

    def _solution(self, index: Any) -> Linking:
        """Solution ``index`` (negative from the end, as a list's), or an ``IndexError`` that says how many there
        are."""
        try:
            return self.solutions[operator.index(index)]
        except (IndexError, TypeError):
            n = len(self.solutions)
            raise IndexError(f"solution {index!r} is not among the {n} solution{'s' * (n != 1)} kept; give 0 to "
                             f"{n - 1}") from None

    def to_dict(self, *, all_solutions: bool = False) -> dict[str, Any]:
        """The JSON record of this run: ``status``, ``puzzle`` (its text), ``grid``, ``lines`` and, when asked,
        ``unique``/``count``.

        ``lines`` lists each pair's cells in order from one number to the
        other, so that a checker can follow a line even where it runs beside
        itself; ``grid`` holds the printed numbers, as in the paper.

        Parameters
        ----------
        all_solutions : bool, default False
            Also list every solution found (``solutions``).

        Returns
        -------
        dict
            A JSON-ready record.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle, solve_puzzle
        >>> r = solve_puzzle(Puzzle.from_rows(["1.1", "2.2"]), unique=True)
        >>> d = r.to_dict()
        >>> d["status"], d["grid"], d["unique"]
        ('solved', [[1, 1, 1], [2, 2, 2]], True)
        """
        out: dict[str, Any] = {"name": self.name, "status": self.status, "rule": self.rule, "touch": self.touch,
                               "solver": self.solver}
        if self.puzzle is not None:
            out["size"] = [self.puzzle.height, self.puzzle.width]
            out["pairs"] = self.puzzle.pairs
            out["puzzle"] = named("record text")(self.puzzle)  # read back as the puzzle, solved or not
        out["grid"] = self.numbers() if self.solutions else None
        out["lines"] = self.lines() if self.solutions else None
        if self.unique is not None:
            out["unique"] = self.unique
        if self.count is not None:
            out["count"] = self.count
            out["complete"] = self.complete
        if all_solutions:
            out["solutions"] = [self.numbers(i) for i in range(len(self.solutions))]
            out["solution_lines"] = [self.lines(i) for i in range(len(self.solutions))]
        out["message"] = self.message
        out["seconds"] = round(self.seconds, 6)
        out["steps"] = self.steps
        return out

    def __repr__(self) -> str:
        extra = ""
        if self.unique is not None:
            extra += f", unique={self.unique}"
        if self.count is not None:
            extra += f", count={self.count}"
        return f"PuzzleSolution(status={self.status!r}, solver={self.solver!r}, rule={self.rule!r}{extra})"

    def __eq__(self, other: object) -> bool:
        """Two runs are equal when they give the same answer, whatever their wall-clock times (``seconds``, and the
        ``..._seconds`` of ``extras``)."""
        if not isinstance(other, PuzzleSolution):
            return NotImplemented
        return all(same(getattr(self, f.name), getattr(other, f.name)) for f in fields(self)
                   if f.name not in ("seconds", "extras")) and same(_untimed(self.extras), _untimed(other.extras))

    def __hash__(self) -> int:
        return hash((self.puzzle, self.solver, self.rule, self.status, self.solutions, self.steps))

    def __getstate__(self) -> dict[str, Any]:  # extras, a read-only mapping, travels as a dict
        return frozen_state(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_frozen_state(self, state)

    def _repr_svg_(self) -> str | None:
        """The puzzle with its first solution drawn, for Jupyter; ``None`` for an unread or very large puzzle."""
        return None if self.puzzle is None else self.puzzle._repr_svg_(self)

    def _repr_png_(self) -> bytes | None:
        """The same as a PNG, for a board too big for its SVG (see :meth:`Puzzle._repr_png_`)."""
        return None if self.puzzle is None else self.puzzle._repr_png_(self)


def _untimed(extras: Mapping[str, Any]) -> dict[str, Any]:
    """``extras`` without its wall-clock times, which differ from run to run."""
    return {k: v for k, v in extras.items() if not k.endswith("seconds")}


@dataclass(frozen=True)
class Diagnosis:
    """What :func:`tremaux.numberlink.diagnose` says about a puzzle.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle, diagnose
    >>> d = diagnose(Puzzle.from_rows(["1.1", "2.2"]))
    >>> d.verdict, d.reasons
    ('proper', ())
    """

    verdict: str
    """One of :data:`VERDICTS`: ``proper`` means exactly one solution under the rule."""
    rule: str
    """The rule checked."""
    reasons: tuple[str, ...] = ()
    """Why, in one line each (which pair cannot be connected, which cell stays empty...)."""
    solution: PuzzleSolution | None = None
    """The solving run behind the verdict (with a second solution when there are several)."""
    name: str = ""
    """The puzzle's name."""
    touch: bool = False
    """Whether lines were allowed to run beside themselves (``False``: the no-touch convention)."""
    puzzle: Puzzle | None = field(default=None, compare=False, repr=False)
    """The puzzle checked, also when no solving run was needed for the verdict (``None``: it could not be read)."""

    @property
    def proper(self) -> bool:
        """Whether the puzzle has exactly one solution under the rule."""
        return self.verdict == "proper"

    def to_dict(self) -> dict[str, Any]:
        """The JSON record of this check.

        Returns
        -------
        dict
            ``name``, ``verdict``, ``rule``, ``touch``, the puzzle's ``size``, ``pairs`` and ``puzzle`` text when
            it was read (as ``solve --json`` gives them), ``reasons``, and the solution's ``grid`` and ``lines``
            (``None`` unless the puzzle has a solution under the rule); a puzzle of several solutions also lists
            the two found (``solutions`` and ``solution_lines``, as ``solve --all --json`` names them).

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle, diagnose
        >>> d = diagnose(Puzzle.from_rows(["1.1", "2.2"])).to_dict()
        >>> d["verdict"], d["size"], d["grid"]
        ('proper', [2, 3], [[1, 1, 1], [2, 2, 2]])
        """
        run = self.solution
        puzzle = run.puzzle if run is not None and run.puzzle is not None else self.puzzle
        out: dict[str, Any] = {"name": self.name, "verdict": self.verdict, "rule": self.rule, "touch": self.touch}
        if puzzle is not None:  # whether or not a solve was needed for the verdict, as solve's record gives them
            out["size"] = [puzzle.height, puzzle.width]
            out["pairs"] = puzzle.pairs
            out["puzzle"] = named("record text")(puzzle)  # read back as the puzzle, as solve's record is
        out["reasons"] = list(self.reasons)
        solved = run is not None and bool(run.solutions) and self.verdict in ("proper", "multiple-solutions")
        out["grid"] = run.numbers() if solved else None
        out["lines"] = run.lines() if solved else None
        if solved and len(run.solutions) > 1:
            out["solutions"] = [run.numbers(i) for i in range(len(run.solutions))]
            out["solution_lines"] = [run.lines(i) for i in range(len(run.solutions))]
        return out

    def _repr_svg_(self) -> str | None:
        """The puzzle checked, with the lines of its solution when it has one, for Jupyter (``None``: the text)."""
        if self.solution is not None and self.solution.puzzle is not None:
            return self.solution._repr_svg_()
        return None if self.puzzle is None else self.puzzle._repr_svg_()

    def _repr_png_(self) -> bytes | None:
        """The same as a PNG, for a board too big for its SVG (see :meth:`Puzzle._repr_png_`)."""
        if self.solution is not None and self.solution.puzzle is not None:
            return self.solution._repr_png_()
        return None if self.puzzle is None else self.puzzle._repr_png_()

    def __str__(self) -> str:
        why = f": {'; '.join(self.reasons)}" if self.reasons else ""
        return f"{self.name + ': ' if self.name else ''}{self.verdict}{why}"
