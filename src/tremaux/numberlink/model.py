"""The Number Link puzzle model: a grid of pair ids with a label per pair.

A :class:`Puzzle` wraps one ``(H, W)`` array of ``int32``: ``0`` for an empty cell and ``k`` (``1 <= k <= n``) for an
endpoint of pair ``k``. Every pair id appears exactly twice. ``labels[k - 1]`` is the text the puzzle shows for pair
``k`` (``"1"``, ``"A"``, ``"17"``...). The array is read-only.

Pairs are numbered in the order the source lists them (``LINE#k`` of a contest file) or, for a grid of labels, by
their label: integers in numeric order, then other labels in alphabetical order (so ``1``-``9`` then ``A``-``Z``).

The rules (``"fill"``, ``"nikoli"`` and the no-touch convention) live in :mod:`tremaux.numberlink.rules`;
:data:`RULES` and :func:`check_rule` are re-exported here.

Examples
--------
>>> from tremaux.numberlink import Puzzle
>>> p = Puzzle.from_rows(["1.2", "...", "1.2"])
>>> p
Puzzle(shape=(3, 3), pairs=2)
>>> p.grid
array([[1, 0, 2],
       [0, 0, 0],
       [1, 0, 2]], dtype=int32)
>>> p.endpoints(2)
((0, 2), (2, 2))
>>> Puzzle.from_rows(["1.2", "...", "1.1"])
Traceback (most recent call last):
...
tremaux.errors.PuzzleError: number '1' appears 3 times, at row 1 column 1, row 3 column 1, row 3 column 3; each number must appear exactly twice
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from .._display import NOTEBOOK_PUZZLE_PNG_CELLS, NOTEBOOK_PUZZLE_SVG_CELLS, picture
from ..errors import InvalidSizeError, PuzzleError
from ._cells import (MAX_SIDE, MIN_SIDE, at_cell, cells as _cells, count_message, cell_label, labelled, not_a_table,
                     tokens)
from ._named import named
from .rules import RULES, check_rule

__all__ = ["Puzzle", "RULES", "check_rule", "label_order", "MIN_SIDE", "MAX_SIDE"]

Cell = tuple[int, int]


def _label_key(label: str) -> tuple[int, int, str]:
    return (0, int(label), label) if label.isascii() and label.isdigit() else (1, 0, label)


def label_order(labels: Iterable[str]) -> list[str]:
    """Labels sorted as pairs are numbered: integers by value, then the rest alphabetically.

    Parameters
    ----------
    labels : iterable of str
        Pair labels.

    Returns
    -------
    list of str
        The labels in pair order.

    Examples
    --------
    >>> from tremaux.numberlink.model import label_order
    >>> label_order(["B", "10", "2", "A"])
    ['2', '10', 'A', 'B']
    """
    return sorted(set(labels), key=_label_key)


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


class Puzzle:
    """An immutable Number Link puzzle.

    Parameters
    ----------
    grid : array_like of int, Puzzle, str or path
        ``(H, W)``; ``0`` for an empty cell, ``k`` in ``1..n`` for an endpoint of pair ``k``. Each ``k`` must appear
        exactly twice, with no id skipped. A puzzle, what :func:`~tremaux.numberlink.generate_puzzle` returns, puzzle
        text, rows of text (``["1.1", "2.2"]``) or a file's path are taken too, as
        :func:`~tremaux.numberlink.solve_puzzle` takes them.
    labels : sequence of str, optional
        The label shown for each pair, ``labels[k - 1]`` for pair ``k`` (default ``"1"``, ``"2"``, ...).
    name : str, optional
        Where the puzzle comes from (a file name, ``"Q05"``...).

    Raises
    ------
    PuzzleError
        A pair id that appears once or more than twice (named, with its cells), a skipped id, an id above the number
        of cells, or labels that do not match.
    InvalidSizeError
        An empty grid or one larger than :data:`MAX_SIDE`.

    Examples
    --------
    >>> from tremaux.numberlink import Puzzle
    >>> Puzzle([[1, 0, 1]], labels=["A"]).labels
    ('A',)
    >>> Puzzle("1.1\\n2.2\\n").grid.tolist()
    [[1, 0, 1], [2, 0, 2]]
    >>> Puzzle([[1, 0, 2]])
    Traceback (most recent call last):
    ...
    tremaux.errors.PuzzleError: number '1' appears once, at row 1 column 1; each number must appear exactly twice
    """

    __slots__ = ("_grid", "_labels", "_name", "_ends", "__weakref__")

    def __init__(self, grid: Any, labels: Sequence[str] | None = None, *, name: str = "") -> None:
        if labelled(grid) or not isinstance(grid, (np.ndarray, list, tuple)):  # a puzzle, text, file, labels:
            given = named("puzzle of")(grid)  # as solve_puzzle takes them (tremaux.numberlink._given.puzzle_of)
            grid, labels, name = given.grid, given.labels if labels is None else labels, name or given.name
        if isinstance(grid, (list, tuple)) and any(isinstance(row, str) for row in grid):  # text among lists
            raise PuzzleError(not_a_table(grid))
        try:
            arr = np.asarray(grid)
        except ValueError:  # rows of different lengths, a cell of several values
            raise PuzzleError(not_a_table(grid)) from None
        if arr.ndim != 2:
            raise InvalidSizeError(f"a puzzle grid is 2-D, not of shape {arr.shape}")
        h, w = arr.shape
        if min(h, w) < MIN_SIDE or max(h, w) > MAX_SIDE:
            raise InvalidSizeError(f"puzzle size {w}x{h} (WxH) is outside {MIN_SIDE}..{MAX_SIDE} on a side")
        if arr.dtype.kind not in "iu":
            odd = np.argwhere(~np.isfinite(arr)) if arr.dtype.kind == "f" else ()  # NaN: a blank of a pandas table
            if arr.dtype.kind == "f" and not len(odd) and np.all(np.mod(arr, 1) == 0):
                arr = arr.astype(np.int64)
            else:
                hint = "; rows of labels are read by Puzzle.from_rows" if arr.dtype.kind in "USO" else (
                    f": {arr[tuple(odd[0])]} at {at_cell(*odd[0])} (0 is an empty cell; Puzzle.from_rows reads NaN as "
                    f"one)" if len(odd) else "")
                raise PuzzleError(f"a puzzle grid holds integers (pair ids), not {arr.dtype}{hint}")
        if arr.size and arr.min() < 0:
            r, c = np.argwhere(arr < 0)[0]
            raise PuzzleError(f"pair id {int(arr[r, c])} at {at_cell(r, c)} is negative; use 0 for an empty cell")
        top = int(arr.max()) if arr.size else 0
        if top > arr.size:  # before the cast, which would wrap a big id around
            r, c = np.argwhere(arr == top)[0]
            raise PuzzleError(f"pair id {int(arr[r, c])} at {at_cell(r, c)} is more than the {arr.size} cells of the "
                              f"grid; pairs are numbered from 1, each on two cells")
        g = np.array(arr, dtype=np.int32)
        n = top
        if labels is None:
            labels = [str(k) for k in range(1, n + 1)]
        if isinstance(labels, str):  # else read as one label a character: "10" the labels "1" and "0"
            raise PuzzleError(f"labels is a sequence of strings, one a pair, not the string {labels!r}")
        try:
            labels = tuple(str(x) for x in labels)
        except TypeError:  # a number, None: no sequence at all
            raise PuzzleError(f"labels is a sequence of strings, one a pair, not {type(labels).__name__}") from None
        if len(labels) != n:
            raise PuzzleError(f"{len(labels)} labels given for {n} pairs")
        joined = "".join(labels)  # one pass in C (" " is the only printable white space); the culprit looked for after
        blank = None if all(labels) and joined.isprintable() and " " not in joined else next(
            (x for x in labels if not x.isprintable() or not x or any(ch.isspace() for ch in x)), None)
        if blank is not None:
            raise PuzzleError(f"label {blank!r} is {'empty' if not blank else 'not printable text without spaces'}"
                              f"; a label is what is written on its cells")
        if len(set(labels)) != n:
            dup = next(x for x in labels if labels.count(x) > 1)
            raise PuzzleError(f"label {dup!r} is given to two pairs")
        flat = np.flatnonzero(g.ravel())  # the endpoints: counted alone, not with every empty cell
        values = g.ravel()[flat]
        counts = np.bincount(values, minlength=n + 1)
        bad = np.flatnonzero(counts[1:] != 2) + 1
        if bad.size and counts[int(bad[0])] == 0:
            k = int(bad[0])
            raise PuzzleError(f"pair id {k} is skipped: pairs are numbered 1 to {n} (the highest id here), each on "
                              f"two cells")
        if bad.size:
            k = int(bad[0])
            cells = [tuple(int(v) for v in rc) for rc in np.argwhere(g == k)]
            raise PuzzleError(count_message(labels[k - 1] if k <= len(labels) else str(k), cells))
        order = np.argsort(values, kind="stable")
        ends = flat[order].reshape(n, 2).astype(np.int64) if n else np.zeros((0, 2), dtype=np.int64)
        self._grid = _readonly(g)
        self._labels = labels
        self._name = str(name)
        self._ends = _readonly(ends)

    @classmethod
    def from_rows(cls, rows: Iterable[Any], *, name: str = "", empty: str = ".0") -> Puzzle:
        """A puzzle from rows of labels (strings of one character per cell, or lists of labels).

        Parameters
        ----------
        rows : iterable
            Each row is a string (one character per cell, or labels separated
            by whitespace or commas, as in the ``grid`` format) or a sequence of
            labels (``None``, NaN, ``""``, ``0`` or a character in ``empty`` for an empty cell; ``3.0`` is ``3``).
        name : str, optional
            Where the puzzle comes from.
        empty : str
            Characters that mean an empty cell.

        Returns
        -------
        Puzzle
            The puzzle; pairs numbered as :func:`label_order` sorts their labels.

        Raises
        ------
        InvalidSizeError
            For no row or no column.
        PuzzleError
            For rows of different lengths, a label that is not on exactly two cells, or rows that are one string
            (text is read by :func:`~tremaux.numberlink.loads`).

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> Puzzle.from_rows([["10", None, "10"], ["7", ".", "7"]]).labels
        ('7', '10')
        >>> Puzzle.from_rows(["10 . 10", "7 . 7"]).grid.tolist()
        [[2, 0, 2], [1, 0, 1]]
        """
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
            raise PuzzleError(f"expected rows (a list of strings or of lists of labels), not "
                              f"{type(rows).__name__}" + ("; read text with loads, or split it into lines"
                                                          if isinstance(rows, (str, bytes)) else ""))

        table: list[list[str | None]] = []
        for row in rows:
            if not isinstance(row, str) and not isinstance(row, Iterable):
                raise PuzzleError(f"expected a row (a string or a list of labels), not {type(row).__name__}")
            if isinstance(row, (bytes, bytearray)):  # a line of a file read in binary
                row = bytes(row).decode("utf-8", "replace")
            cells = [t for _, t in tokens(row)] if isinstance(row, str) else list(row)
            table.append([cell_label(x, empty) for x in cells])
        if not table or not table[0]:
            raise InvalidSizeError("a puzzle needs at least one row and one column")
        width = len(table[0])
        for r, row in enumerate(table):
            if len(row) != width:
                raise PuzzleError(f"row {r + 1} has {_cells(len(row))}; row 1 has {width}")
        order = label_order(x for row in table for x in row if x is not None)
        ids = {lab: i + 1 for i, lab in enumerate(order)}
        # name an unpaired label with its cells before the generic check does it by id
        where: dict[str, list[Cell]] = {}
        for r, row in enumerate(table):
            for c, x in enumerate(row):
                if x is not None:
                    where.setdefault(x, []).append((r, c))
        for lab in order:
            if len(where[lab]) != 2:
                raise PuzzleError(count_message(lab, where[lab]))
        g = np.array([[0 if x is None else ids[x] for x in row] for row in table], dtype=np.int32)
        return cls(g, order, name=name)

    @classmethod
    def from_endpoints(
        cls, shape: tuple[int, int], pairs: Sequence[tuple[Cell, Cell]], *, labels: Sequence[str] | None = None,
        name: str = "",
    ) -> Puzzle:
        """A puzzle of ``shape`` ``(H, W)`` with ``pairs[k - 1]`` the two ``(row, col)`` endpoints of pair ``k``.

        Parameters
        ----------
        shape : (int, int)
            Rows and columns.
        pairs : sequence of ((int, int), (int, int)), or a mapping of label to them
            The two endpoints of each pair (in a mapping, keyed by the pair's label).
        labels : sequence of str, optional
            A label per pair (default ``"1"``, ``"2"``, ...).
        name : str, default ""
            The puzzle's name.

        Returns
        -------
        Puzzle
            The puzzle.

        Raises
        ------
        InvalidSizeError
            For a shape that is not two whole numbers, or outside 1..MAX_SIDE on a side.
        PuzzleError
            For an endpoint outside the board or not two whole numbers, a pair of other than two endpoints, a
            cell given twice, or not one label per pair.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> Puzzle.from_endpoints((2, 3), [((0, 0), (1, 2))]).grid.tolist()
        [[1, 0, 0], [0, 0, 1]]
        >>> Puzzle.from_endpoints((1, 4), {"A": ((0, 0), (0, 1)), "B": ((0, 2), (0, 3))}).labels
        ('A', 'B')
        """
        h, w = _whole_pair(shape, "shape", InvalidSizeError)
        if min(h, w) < MIN_SIDE or max(h, w) > MAX_SIDE:
            raise InvalidSizeError(f"puzzle size {w}x{h} (WxH) is outside {MIN_SIDE}..{MAX_SIDE} on a side")
        if isinstance(pairs, Mapping):  # {label: (end, end)}: the labels are its keys
            if labels is not None:
                raise PuzzleError("labels given twice: as the keys of the pairs and as labels")
            labels = [str(k) for k in pairs]
            pairs = list(pairs.values())
        pairs = list(pairs)
        if labels is not None and len(labels) != len(pairs):
            raise PuzzleError(f"{len(labels)} labels given for {len(pairs)} pairs")
        g = np.zeros((h, w), dtype=np.int32)
        for k, ends in enumerate(pairs, start=1):
            lab = labels[k - 1] if labels is not None else str(k)
            if isinstance(ends, str) or not hasattr(ends, "__len__") or len(ends) != 2:
                raise PuzzleError(f"the endpoints of number {lab!r} are two (row, col) cells, not {ends!r}")
            for cell in ends:
                r, c = _whole_pair(cell, f"an endpoint of number {lab!r}", PuzzleError)
                if not (0 <= r < h and 0 <= c < w):
                    raise PuzzleError(f"endpoint ({r}, {c}) of number {lab!r} is outside the {h}x{w} grid")
                if g[r, c]:
                    other = labels[g[r, c] - 1] if labels is not None else str(g[r, c])
                    raise PuzzleError(f"both endpoints of number {lab!r} are cell ({r}, {c})" if g[r, c] == k else
                                      f"cell ({r}, {c}) holds both number {other!r} and number {lab!r}")
                g[r, c] = k
        return cls(g, labels, name=name)

    @property
    def grid(self) -> np.ndarray:
        """Read-only ``(H, W)`` ``int32`` array: 0 empty, ``k`` an endpoint of pair ``k``."""
        return self._grid

    @property
    def labels(self) -> tuple[str, ...]:
        """Label of each pair, ``labels[k - 1]`` for pair ``k``."""
        return self._labels

    @property
    def name(self) -> str:
        """Where the puzzle comes from (may be empty)."""
        return self._name

    @property
    def shape(self) -> tuple[int, int]:
        """``(H, W)``."""
        return self._grid.shape  # type: ignore[return-value]

    @property
    def height(self) -> int:
        """Number of rows."""
        return int(self._grid.shape[0])

    @property
    def width(self) -> int:
        """Number of columns."""
        return int(self._grid.shape[1])

    @property
    def pairs(self) -> int:
        """Number of pairs ``n``."""
        return len(self._labels)

    @property
    def ends(self) -> np.ndarray:
        """Read-only ``(n, 2)`` array of flat endpoint indices, row-major order within a pair."""
        return self._ends

    def endpoints(self, k: int) -> tuple[Cell, Cell]:
        """The two ``(row, col)`` endpoints of pair ``k`` (1-based), in row-major order.

        Parameters
        ----------
        k : int
            A pair number, 1 to ``pairs``.

        Returns
        -------
        ((int, int), (int, int))
            Its two endpoints.

        Raises
        ------
        PuzzleError
            For a pair that does not exist.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> Puzzle.from_rows(["1.1", "2.2"]).endpoints(2)
        ((1, 0), (1, 2))
        """
        if not 1 <= int(k) <= self.pairs:
            raise PuzzleError(f"pair {k} does not exist; this puzzle has pairs 1..{self.pairs}")
        a, b = (int(x) for x in self._ends[int(k) - 1])
        w = self.width
        return (a // w, a % w), (b // w, b % w)

    @property
    def numbers(self) -> np.ndarray:
        """The number printed for each pair id (index 0 is the empty cell, 0).

        The labels when they are distinct positive ASCII integers, else the pair ids (a label ``0`` would print as
        an empty cell).

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> Puzzle.from_rows(["4.4", "9.9"]).numbers.tolist()
        [0, 4, 9]
        >>> Puzzle.from_rows(["A.A", "B.B"]).numbers.tolist()
        [0, 1, 2]
        """
        values = [int(x) for x in self._labels] if all(x.isascii() and x.isdigit() for x in self._labels) else [0]
        if 0 not in values and len(set(values)) == len(values):
            return _readonly(np.array([0, *values], dtype=np.int64))
        return _readonly(np.arange(self.pairs + 1, dtype=np.int64))

    @property
    def free_cells(self) -> int:
        """Number of cells that are not endpoints."""
        return int(self._grid.size - 2 * self.pairs)

    def replace(self, **changes: Any) -> Puzzle:
        """A copy with ``grid``, ``labels`` or ``name`` replaced.

        Parameters
        ----------
        **changes
            New ``grid``, ``labels`` or ``name``; checked as the constructor checks them.

        Returns
        -------
        Puzzle
            The copy; ``self`` is unchanged.

        Raises
        ------
        TypeError
            For a field a puzzle does not have.

        Examples
        --------
        >>> from tremaux.numberlink import Puzzle
        >>> Puzzle.from_rows(["1.1"]).replace(name="tiny")
        Puzzle(shape=(1, 3), pairs=1, name='tiny')
        """
        kw = {"grid": self._grid, "labels": self._labels, "name": self._name}
        for key in changes.keys() - kw.keys():
            raise TypeError(f"replace() got an unexpected keyword argument {key!r}; a Puzzle has grid, labels and "
                            f"name")
        kw.update(changes)
        return Puzzle(kw["grid"], kw["labels"], name=kw["name"])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._labels == other._labels and np.array_equal(self._grid, other._grid)

    def __hash__(self) -> int:  # content-based like __eq__ (the grid is read-only)
        return hash((self._labels, self._grid.shape, self._grid.astype(np.int64).tobytes()))

    def __repr__(self) -> str:
        name = f", name={self._name!r}" if self._name else ""
        return f"Puzzle(shape={self.shape}, pairs={self.pairs}{name})"

    def __str__(self) -> str:  # the grid text, else a drawing: named in tremaux._display by tremaux.numberlink
        return picture("puzzle text", self)

    def _repr_svg_(self, solved: Any = None) -> str | None:
        """The picture Jupyter shows up to 10,000 cells (``NOTEBOOK_PUZZLE_SVG_CELLS``), else ``None``.

        ``solved``, a :class:`PuzzleSolution` of this puzzle, draws its lines too.
        """
        if self.height * self.width > NOTEBOOK_PUZZLE_SVG_CELLS:
            return None
        return picture("puzzle svg", self if solved is None else solved)

    def _repr_png_(self, solved: Any = None) -> bytes | None:
        """A PNG for a board too big for its SVG, up to ``NOTEBOOK_PUZZLE_PNG_CELLS`` cells; else ``None``."""
        if not NOTEBOOK_PUZZLE_SVG_CELLS < self.height * self.width <= NOTEBOOK_PUZZLE_PNG_CELLS:
            return None
        return picture("puzzle png", self if solved is None else solved)

    def __getstate__(self) -> dict[str, Any]:
        return {"grid": np.array(self._grid), "labels": self._labels, "name": self._name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        Puzzle.__init__(self, state["grid"], state["labels"], name=state["name"])


def _whole_pair(value: Any, what: str, error: type) -> tuple[int, int]:
    """``value`` as two whole numbers (a shape or a ``(row, col)`` cell), or ``error`` naming ``what``."""
    try:
        a = np.asarray(value)
    except ValueError:  # ragged
        a = np.zeros(0)
    if a.shape == (2,) and a.dtype.kind in "iu":
        return int(a[0]), int(a[1])
    raise error(f"{what} must be two whole numbers, not {value!r}")
